//! Logs and traces. Every process installs a `tracing` subscriber with an
//! OpenTelemetry layer, so span contexts exist and travel in W3C
//! `traceparent` headers over gRPC metadata and NATS headers even when no
//! collector is configured; with `OTEL_EXPORTER_OTLP_ENDPOINT` set, spans
//! are exported over OTLP/gRPC.

use std::collections::BTreeMap;

use opentelemetry::propagation::{Extractor, Injector};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::{SdkTracerProvider, SpanExporter};
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// Flushes and stops span export when dropped.
pub struct TelemetryGuard {
    provider: SdkTracerProvider,
}

impl TelemetryGuard {
    pub fn force_flush(&self) {
        let _ = self.provider.force_flush();
    }
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        let _ = self.provider.shutdown();
    }
}

/// Installs logging and tracing from the environment (`RUST_LOG`,
/// `LOG_FORMAT=json`, `OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_SERVICE_NAME`).
pub fn init(service: &str) -> anyhow::Result<TelemetryGuard> {
    let mut builder = SdkTracerProvider::builder().with_resource(resource(service));
    if crate::config::var("OTEL_EXPORTER_OTLP_ENDPOINT").is_some() {
        // The exporter reads the endpoint from the same variable.
        let exporter = opentelemetry_otlp::SpanExporter::builder().with_tonic().build()?;
        builder = builder.with_batch_exporter(exporter);
    }
    Ok(install(builder.build(), service))
}

/// For tests: every finished span goes straight to `exporter`.
pub fn init_with_exporter<E: SpanExporter + 'static>(service: &str, exporter: E) -> TelemetryGuard {
    let provider = SdkTracerProvider::builder().with_resource(resource(service)).with_simple_exporter(exporter).build();
    install(provider, service)
}

fn resource(service: &str) -> opentelemetry_sdk::Resource {
    let name = crate::config::var("OTEL_SERVICE_NAME").unwrap_or_else(|| service.to_owned());
    opentelemetry_sdk::Resource::builder().with_service_name(name).build()
}

fn install(provider: SdkTracerProvider, service: &str) -> TelemetryGuard {
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    opentelemetry::global::set_tracer_provider(provider.clone());
    let tracer = provider.tracer(service.to_owned());
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,async_nats=warn"));
    let json = crate::config::var("LOG_FORMAT").is_some_and(|f| f == "json");
    let fmt = if json { tracing_subscriber::fmt::layer().json().boxed() } else { tracing_subscriber::fmt::layer().compact().boxed() };
    // A second init in the same process (tests) keeps the first subscriber.
    let _ = tracing_subscriber::registry().with(filter).with(fmt).with(tracing_opentelemetry::layer().with_tracer(tracer)).try_init();
    TelemetryGuard { provider }
}

struct MapCarrier<'a>(&'a mut BTreeMap<String, String>);

impl Injector for MapCarrier<'_> {
    fn set(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
}

struct MapReader<'a>(&'a BTreeMap<String, String>);

impl Extractor for MapReader<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }
    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(String::as_str).collect()
    }
}

struct HttpReader<'a>(&'a http::HeaderMap);

impl Extractor for HttpReader<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }
    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|k| k.as_str()).collect()
    }
}

struct HttpWriter<'a>(&'a mut http::HeaderMap);

impl Injector for HttpWriter<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(k), Ok(v)) = (http::HeaderName::from_bytes(key.as_bytes()), http::HeaderValue::from_str(&value)) {
            self.0.insert(k, v);
        }
    }
}

/// The current span's trace context as headers (for outbox rows).
pub fn current_trace_headers() -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let cx = tracing::Span::current().context();
    opentelemetry::global::get_text_map_propagator(|p| p.inject_context(&cx, &mut MapCarrier(&mut map)));
    map
}

/// Continues the trace carried by an event's headers.
pub fn set_parent_from_headers(span: &tracing::Span, headers: &BTreeMap<String, String>) {
    let cx = opentelemetry::global::get_text_map_propagator(|p| p.extract(&MapReader(headers)));
    let _ = span.set_parent(cx);
}

/// Continues the trace carried by HTTP (and so gRPC) request headers.
pub fn set_parent_from_http(span: &tracing::Span, headers: &http::HeaderMap) {
    let cx = opentelemetry::global::get_text_map_propagator(|p| p.extract(&HttpReader(headers)));
    let _ = span.set_parent(cx);
}

/// Writes the current span's trace context into outgoing HTTP headers.
pub fn inject_http(headers: &mut http::HeaderMap) {
    let cx = tracing::Span::current().context();
    opentelemetry::global::get_text_map_propagator(|p| p.inject_context(&cx, &mut HttpWriter(headers)));
}
