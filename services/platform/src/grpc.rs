//! gRPC plumbing: servers with the standard health service, a span per call
//! continuing the caller's trace, and graceful shutdown; clients with a
//! deadline on every call and the trace context in their metadata.

use std::time::Duration;

use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tonic::service::{Interceptor, Routes};
use tonic::transport::Server;

pub use crate::balance::Balanced;

/// A lazily connected channel to every replica at `addr` (one URL or a
/// comma-separated list; names looked up again every `refresh`), balanced
/// (see [`crate::balance`]): a peer that is down fails the call with
/// UNAVAILABLE at once, and every call has `timeout` as its deadline.
pub fn channel(addr: &str, timeout: Duration, refresh: Duration) -> anyhow::Result<Balanced> {
    crate::balance::balanced(addr, timeout, refresh)
}

/// Whether the service behind `channel` says it is serving (`grpc.health.v1`, as [`serve`] answers it).
pub async fn serving<T>(channel: T) -> bool
where
    T: tonic::client::GrpcService<tonic::body::Body>,
    T::Error: Into<tonic::codegen::StdError>,
    T::ResponseBody: tonic::codegen::Body<Data = bytes::Bytes> + Send + 'static,
    <T::ResponseBody as tonic::codegen::Body>::Error: Into<tonic::codegen::StdError> + Send,
{
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
pub type TracedChannel = tonic::codegen::InterceptedService<Balanced, TraceInterceptor>;

/// Where a service's gRPC server is reached: a TCP listener (the network), or
/// an in-process address the standalone process's clients call
/// ([`crate::local`]).
pub enum Listen {
    Tcp(TcpListener),
    Local(String),
}

impl From<TcpListener> for Listen {
    fn from(listener: TcpListener) -> Self {
        Self::Tcp(listener)
    }
}

impl Listen {
    /// The address a peer setting names this server by.
    pub fn url(&self) -> anyhow::Result<String> {
        Ok(match self {
            Self::Tcp(listener) => format!("http://{}", listener.local_addr()?),
            Self::Local(addr) => addr.clone(),
        })
    }
}

/// How long in-flight calls may finish after shutdown; clients that keep
/// their connections open do not hold the process beyond it.
pub const DRAIN: std::time::Duration = std::time::Duration::from_secs(5);

/// Serves `routes` plus `grpc.health.v1.Health` at `listen` until
/// `shutdown`; then says NOT_SERVING, so clients' resolvers take this
/// replica out, goes on serving for `SHUTDOWN_DELAY_MS` (0 by default:
/// Kubernetes' `preStop` pause does it before the signal), stops accepting,
/// and drains in-flight calls for at most [`DRAIN`]. A connection lives at
/// most `GRPC_MAX_CONNECTION_AGE_SECONDS` (300), so clients that balance by
/// connection spread again after a scale-up.
///
/// In process the routes are called directly and nothing is left to drain:
/// they are served until `shutdown`, then NOT_SERVING for the same linger.
pub async fn serve(service: &'static str, listen: Listen, routes: Routes, shutdown: CancellationToken) -> anyhow::Result<()> {
    let max_age = Duration::from_secs(crate::config::parse_or("GRPC_MAX_CONNECTION_AGE_SECONDS", 300u64)?);
    let linger = Duration::from_millis(crate::config::parse_or("SHUTDOWN_DELAY_MS", 0u64)?);
    let (health, health_service) = tonic_health::server::health_reporter();
    health.set_service_status("", tonic_health::ServingStatus::Serving).await;
    let stop = CancellationToken::new();
    {
        let (shutdown, stop) = (shutdown.clone(), stop.clone());
        tokio::spawn(async move {
            shutdown.cancelled().await;
            health.set_service_status("", tonic_health::ServingStatus::NotServing).await;
            tokio::time::sleep(linger).await;
            stop.cancel();
        });
    }
    let listener = match listen {
        Listen::Tcp(listener) => listener,
        Listen::Local(addr) => {
            crate::local::register(&addr, service, routes.add_service(health_service));
            stop.cancelled().await;
            crate::local::unregister(&addr);
            return Ok(());
        }
    };
    // Without TCP_NODELAY on accepted sockets, Nagle's algorithm holds small
    // response frames back until the peer's delayed ACK: 40 ms per call.
    let incoming = tokio_stream::StreamExt::map(tokio_stream::wrappers::TcpListenerStream::new(listener), |conn| {
        conn.and_then(|c| {
            c.set_nodelay(true)?;
            Ok(c)
        })
    });
    let stopping = stop.clone();
    let server = Server::builder()
        .max_connection_age(max_age)
        .trace_fn(move |req| {
            let path = req.uri().path().to_owned();
            metrics::counter!("grpc_server_requests_total", "service" => service, "method" => path.clone()).increment(1);
            let span = tracing::info_span!("grpc.server", otel.name = %path, rpc.system = "grpc", service);
            crate::telemetry::set_parent_from_http(&span, req.headers());
            span
        })
        .add_routes(routes.add_service(health_service))
        .serve_with_incoming_shutdown(incoming, stop.cancelled_owned());
    tokio::select! {
        result = server => result?,
        _ = async { stopping.cancelled().await; tokio::time::sleep(DRAIN).await } => {
            tracing::warn!(service, "connections still open after the drain time; stopping anyway");
        }
    }
    Ok(())
}
