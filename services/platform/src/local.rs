//! gRPC inside one process: the standalone mode's clients call the
//! services' tower services directly. The generated clients and servers,
//! the codec, the interceptors and the health service are those of the
//! network; only the socket and HTTP/2 are gone, which were some nine
//! loopback round trips per order.
//!
//! A service serving in process registers its routes under an address of
//! the scheme [`SCHEME`] (one per service and process, see [`address`]); a
//! peer setting with that address makes [`crate::grpc::channel`] call them.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, RwLock};
use std::time::Duration;

use tonic::body::Body;
use tonic::service::Routes;
use tower::ServiceExt;
use tracing::Instrument;

/// The scheme of an in-process address: `inproc://<process-unique name>`.
pub const SCHEME: &str = "inproc";

/// What a registered address serves.
#[derive(Clone)]
struct Registered {
    service: &'static str,
    routes: Routes,
}

static SERVICES: LazyLock<RwLock<HashMap<String, Registered>>> = LazyLock::new(Default::default);

/// A fresh in-process address for `service`, unique in this process (a test
/// process runs several stacks).
pub fn address(service: &str) -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{SCHEME}://{service}-{n}")
}

/// Whether a peer setting names an in-process service.
pub fn is_local(addr: &str) -> bool {
    addr.trim().strip_prefix(SCHEME).is_some_and(|rest| rest.starts_with("://"))
}

/// Serves `routes` at `addr` until [`unregister`].
pub(crate) fn register(addr: &str, service: &'static str, routes: Routes) {
    SERVICES.write().expect("registry lock").insert(addr.to_owned(), Registered { service, routes });
}

pub(crate) fn unregister(addr: &str) {
    SERVICES.write().expect("registry lock").remove(addr);
}

/// A channel to the service registered at an in-process address.
#[derive(Clone)]
pub struct LocalChannel {
    addr: Arc<str>,
    timeout: Duration,
}

impl LocalChannel {
    pub(crate) fn new(addr: &str, timeout: Duration) -> Self {
        Self { addr: addr.trim().into(), timeout }
    }

    /// Calls the registered routes as the network server would: a span per
    /// call continuing the caller's trace, the request counted, `timeout`
    /// as the deadline. An address nobody serves (not started yet, or
    /// stopped) answers UNAVAILABLE, as a refused connection would.
    pub(crate) async fn call(&self, request: http::Request<Body>) -> http::Response<Body> {
        let Some(Registered { service, routes }) = SERVICES.read().expect("registry lock").get(&*self.addr).cloned() else {
            return tonic::Status::unavailable(format!("nothing serves {}", self.addr)).into_http();
        };
        let path = request.uri().path().to_owned();
        metrics::counter!("grpc_server_requests_total", "service" => service, "method" => path.clone()).increment(1);
        let span = tracing::info_span!("grpc.server", otel.name = %path, rpc.system = "grpc", service);
        crate::telemetry::set_parent_from_http(&span, request.headers());
        let answer = routes.oneshot(request).instrument(span);
        match tokio::time::timeout(self.timeout, answer).await {
            Ok(Ok(response)) => response,
            Ok(Err(never)) => match never {},
            Err(_) => tonic::Status::deadline_exceeded(format!("{path} took longer than {:?}", self.timeout)).into_http(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_in_process_address_is_told_from_a_network_one() {
        let a = address("rooms");
        assert!(is_local(&a), "{a}");
        assert_ne!(a, address("rooms"), "each address is new");
        assert!(!is_local("http://rooms:50052"));
        assert!(!is_local("inprocess://rooms"));
    }

    #[tokio::test]
    async fn an_address_nobody_serves_is_unavailable() {
        let channel = LocalChannel::new(&address("nobody"), Duration::from_secs(1));
        let response = channel.call(http::Request::new(Body::empty())).await;
        let status = tonic::Status::from_header_map(response.headers()).expect("a gRPC status");
        assert_eq!(status.code(), tonic::Code::Unavailable);
    }
}
