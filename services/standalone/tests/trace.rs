//! One request through the gateway yields spans in the gateway and in the
//! catalog that share one trace id: the W3C trace context travels in the
//! gRPC metadata. A test binary of its own, as it installs the process-wide
//! tracer.

use std::time::Duration;

use opentelemetry_sdk::trace::InMemorySpanExporter;
use spa_standalone::{Stack, StackConfig};
use tokio_util::sync::CancellationToken;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_request_is_one_trace_across_gateway_and_catalog() {
    let exporter = InMemorySpanExporter::default();
    let guard = spa_platform::telemetry::init_with_exporter("spa-test", exporter.clone());
    let dir = tempfile::tempdir().unwrap();
    let mut gateway = spa_gateway::GatewayConfig::from_env().unwrap();
    gateway.web_dist = dir.path().join("none");
    let config = StackConfig {
        http_addr: "127.0.0.1:0".parse().unwrap(),
        ops_addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: dir.path().join("data"),
        gateway,
        settings: Default::default(),
        grpc: Default::default(),
    };
    let shutdown = CancellationToken::new();
    let stack = Stack::start(config, shutdown.clone()).await.unwrap();

    let url = format!("http://{}/shop-api/offer/treatment?locale=pl", stack.http_addr);
    let response = reqwest::get(&url).await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    // The gateway's span ends after the answer went out: polled until it did.
    let mut spans = Vec::new();
    for _ in 0..100 {
        guard.force_flush();
        spans = exporter.get_finished_spans().unwrap();
        let names: Vec<&str> = spans.iter().map(|s| s.name.as_ref()).collect();
        if names.iter().any(|n| n.starts_with("GET /shop-api/offer/treatment"))
            && names.contains(&"/spa.catalog.v1.CatalogService/ListOffers")
        {
            break;
        }
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let gateway_span = spans
        .iter()
        .find(|s| s.name.starts_with("GET /shop-api/offer/treatment"))
        .unwrap_or_else(|| panic!("no gateway span among {:?}", spans.iter().map(|s| &s.name).collect::<Vec<_>>()));
    let catalog_span = spans
        .iter()
        .find(|s| s.name == "/spa.catalog.v1.CatalogService/ListOffers")
        .unwrap_or_else(|| panic!("no catalog span among {:?}", spans.iter().map(|s| &s.name).collect::<Vec<_>>()));
    assert!(gateway_span.span_context.is_valid());
    assert_eq!(catalog_span.span_context.trace_id(), gateway_span.span_context.trace_id(), "one trace");
    assert_ne!(catalog_span.span_context.span_id(), gateway_span.span_context.span_id());

    // The trace goes on through the outbox and the bus (event headers) into
    // the consumer that handles the event.
    let url = format!("http://{}/shop-api/newsletter/subscribe", stack.http_addr);
    let response = reqwest::Client::new().post(&url).json(&serde_json::json!({"email": "trace@example.pl"})).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 201);
    let mut found = None;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        guard.force_flush();
        let spans = exporter.get_finished_spans().unwrap();
        let post = spans.iter().find(|s| s.name.starts_with("POST /shop-api/newsletter/subscribe")).cloned();
        let consume = spans.iter().find(|s| s.name == "event.consume").cloned();
        if let (Some(post), Some(consume)) = (post, consume) {
            found = Some((post, consume));
            break;
        }
    }
    let (post, consume) = found.expect("a request span and an event.consume span");
    assert_eq!(consume.span_context.trace_id(), post.span_context.trace_id(), "the event continues the request's trace");
    shutdown.cancel();
}
