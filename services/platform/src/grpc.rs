//! gRPC plumbing: servers with the standard health service, a span per call
//! continuing the caller's trace, and graceful shutdown; clients with a
//! deadline on every call and the trace context in their metadata.

use std::time::Duration;

use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tonic::service::{Interceptor, Routes};
use tonic::transport::{Channel, Endpoint, Server};

/// A lazily connected channel: the first call connects, a peer that is down
/// fails the call with UNAVAILABLE at once, and every call has `timeout` as
/// its deadline.
pub fn channel(addr: &str, timeout: Duration) -> anyhow::Result<Channel> {
    let endpoint = Endpoint::from_shared(addr.to_owned())?
        .connect_timeout(timeout)
        .timeout(timeout)
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30));
    Ok(endpoint.connect_lazy())
}

/// Whether the service behind `channel` says it is serving (`grpc.health.v1`, as [`serve`] answers it).
pub async fn serving(channel: Channel) -> bool {
    use tonic_health::pb::health_check_response::ServingStatus;
    let mut client = tonic_health::pb::health_client::HealthClient::new(channel);
    client
        .check(tonic_health::pb::HealthCheckRequest { service: String::new() })
        .await
        .is_ok_and(|answer| answer.into_inner().status == ServingStatus::Serving as i32)
}

/// Puts the current trace context into each outgoing call's metadata.
#[derive(Clone, Copy, Debug, Default)]
pub struct TraceInterceptor;

impl Interceptor for TraceInterceptor {
    fn call(&mut self, mut request: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        let mut headers = http::HeaderMap::new();
        crate::telemetry::inject_http(&mut headers);
        for (name, value) in headers.iter() {
            if let (Ok(k), Ok(v)) = (
                tonic::metadata::MetadataKey::from_bytes(name.as_str().as_bytes()),
                tonic::metadata::MetadataValue::try_from(value.as_bytes()),
            ) {
                request.metadata_mut().insert(k, v);
            }
        }
        Ok(request)
    }
}

/// The metadata that asks a service to answer from its store, not from its
/// cache (it still stores what it reads). The gateway sends it with every
/// call that builds an answer for its own cache: the event that dropped the
/// gateway's answer may not have reached the service yet, whose cached copy
/// would then be stored under the gateway's new key.
pub const FRESH: &str = "spa-fresh";

/// `message` as a call that must be answered from the store ([`FRESH`]).
pub fn fresh<T>(message: T) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert(FRESH, tonic::metadata::MetadataValue::from_static("1"));
    request
}

/// Whether the caller asked for an answer from the store ([`FRESH`]).
pub fn wants_fresh<T>(request: &tonic::Request<T>) -> bool {
    request.metadata().get(FRESH).is_some_and(|v| v == "1")
}

/// The channel type every generated client is built on.
pub type TracedChannel = tonic::codegen::InterceptedService<Channel, TraceInterceptor>;

/// How long in-flight calls may finish after shutdown; clients that keep
/// their connections open do not hold the process beyond it.
pub const DRAIN: std::time::Duration = std::time::Duration::from_secs(5);

/// Serves `routes` plus `grpc.health.v1.Health` on `listener` until
/// `shutdown`, then drains in-flight calls for at most [`DRAIN`].
pub async fn serve(service: &'static str, listener: TcpListener, routes: Routes, shutdown: CancellationToken) -> anyhow::Result<()> {
    let (health, health_service) = tonic_health::server::health_reporter();
    health.set_service_status("", tonic_health::ServingStatus::Serving).await;
    // Without TCP_NODELAY on accepted sockets, Nagle's algorithm holds small
    // response frames back until the peer's delayed ACK: 40 ms per call.
    let incoming = tokio_stream::StreamExt::map(tokio_stream::wrappers::TcpListenerStream::new(listener), |conn| {
        conn.and_then(|c| {
            c.set_nodelay(true)?;
            Ok(c)
        })
    });
    let stopping = shutdown.clone();
    let server = Server::builder()
        .trace_fn(move |req| {
            let path = req.uri().path().to_owned();
            metrics::counter!("grpc_server_requests_total", "service" => service, "method" => path.clone()).increment(1);
            let span = tracing::info_span!("grpc.server", otel.name = %path, rpc.system = "grpc", service);
            crate::telemetry::set_parent_from_http(&span, req.headers());
            span
        })
        .add_routes(routes.add_service(health_service))
        .serve_with_incoming_shutdown(incoming, shutdown.cancelled_owned());
    tokio::select! {
        result = server => result?,
        _ = async { stopping.cancelled().await; tokio::time::sleep(DRAIN).await } => {
            tracing::warn!(service, "connections still open after the drain time; stopping anyway");
        }
    }
    Ok(())
}
