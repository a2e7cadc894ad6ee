//! Client-side balancing: one peer setting (a name, or a comma-separated
//! list of addresses) becomes every replica behind it, each call sent to
//! the least busy of two picked at random (tonic's balanced channel).
//!
//! A resolver task reads the names' addresses again every refresh interval
//! (a headless Service in Kubernetes, a scaled service in compose) and asks
//! each address whether it serves (`grpc.health.v1`): a replica that is
//! gone, or draining before it stops, leaves the set; a new one joins it.
//! The set is never empty (that would hold every call until a deadline):
//! when no replica answers, the addresses found, or else the names as
//! written, stay in it, so calls fail at once with UNAVAILABLE.
//!
//! A call whose connection could not be made never reached a server, so it
//! is sent again (gRPC's transparent retry) once the resolver has looked
//! again; so is a call the server refused unread (HTTP/2 REFUSED_STREAM,
//! or past the last one a server going away took), and a call that only reads (`NO_SIDE_EFFECTS` in its proto) whose
//! connection broke.

use std::collections::{BTreeSet, HashMap};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use tokio::sync::{Notify, mpsc, watch};
use tonic::body::Body;
use tonic::transport::channel::Change;
use tonic::transport::{Channel, Endpoint};
use tower::{Service, ServiceExt};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// How many times in all a call is sent when it may be sent again.
const ATTEMPTS: usize = 3;

/// A channel to every replica of one peer; what generated clients are built on.
#[derive(Clone)]
pub struct Balanced {
    link: Link,
}

#[derive(Clone)]
enum Link {
    Network {
        channel: Channel,
        peer: Arc<Peer>,
    },
    /// The standalone process's services, called in process ([`crate::local`]).
    Local(crate::local::LocalChannel),
}

/// The resolver's side that calls see.
struct Peer {
    /// The setting, for logs and metrics.
    name: String,
    poke: Notify,
    /// The number of the resolver's last round started, and of the last done.
    started: AtomicU64,
    done: watch::Sender<u64>,
    /// How long a round may take at most (a probe's deadline).
    probe_timeout: Duration,
}

/// One address of the setting: `scheme://host:port` as written.
struct Target {
    written: String,
    scheme: String,
    host: String,
    port: u16,
}

impl Target {
    fn parse(written: &str) -> anyhow::Result<Self> {
        let uri: http::Uri = written.parse().map_err(|e| anyhow::anyhow!("peer address `{written}`: {e}"))?;
        let scheme = uri.scheme_str().unwrap_or("http").to_owned();
        let host = uri.host().filter(|h| !h.is_empty()).ok_or_else(|| anyhow::anyhow!("peer address `{written}` has no host"))?;
        let port = uri.port_u16().unwrap_or(if scheme == "https" { 443 } else { 80 });
        // `[::1]` is how a URI writes an IPv6 host; the resolver wants it bare.
        let host = host.trim_start_matches('[').trim_end_matches(']').to_owned();
        Ok(Self { written: written.to_owned(), scheme, host, port })
    }
}

/// The peers at `addrs` (one URL, or several separated by commas), balanced,
/// each call with `timeout` as its deadline, the addresses looked up again
/// every `refresh`.
pub fn balanced(addrs: &str, timeout: Duration, refresh: Duration) -> anyhow::Result<Balanced> {
    if crate::local::is_local(addrs) {
        return Ok(Balanced { link: Link::Local(crate::local::LocalChannel::new(addrs, timeout)) });
    }
    let targets: Vec<Target> =
        addrs.split(',').map(str::trim).filter(|a| !a.is_empty()).map(Target::parse).collect::<anyhow::Result<_>>()?;
    anyhow::ensure!(!targets.is_empty(), "a peer setting names no address");
    let (channel, changes) = Channel::balance_channel::<String>(64);
    // The names as written serve until the first round has looked them up.
    let mut current = BTreeSet::new();
    for t in &targets {
        if current.insert(t.written.clone()) {
            changes.try_send(Change::Insert(t.written.clone(), endpoint(&t.written, timeout)?))?;
        }
    }
    let peer = Arc::new(Peer {
        name: addrs.to_owned(),
        poke: Notify::new(),
        started: AtomicU64::new(0),
        done: watch::Sender::new(0),
        probe_timeout: timeout.min(Duration::from_secs(2)),
    });
    tokio::spawn(resolve(targets, current, timeout, refresh, changes, peer.clone()));
    Ok(Balanced { link: Link::Network { channel, peer } })
}

/// A lazily connected endpoint with the platform's settings.
pub fn endpoint(url: &str, timeout: Duration) -> anyhow::Result<Endpoint> {
    Ok(Endpoint::from_shared(url.to_owned())?
        .connect_timeout(timeout)
        .timeout(timeout)
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30)))
}

/// The resolver: a round now, then one every `refresh` or as soon as a
/// call asks; ends when the channel is dropped.
async fn resolve(
    targets: Vec<Target>,
    mut current: BTreeSet<String>,
    timeout: Duration,
    refresh: Duration,
    changes: mpsc::Sender<Change<String, Endpoint>>,
    peer: Arc<Peer>,
) {
    let mut probes: HashMap<String, Channel> = HashMap::new();
    loop {
        let number = peer.started.fetch_add(1, Ordering::SeqCst) + 1;
        let wanted = round(&targets, &mut probes, peer.probe_timeout).await;
        for gone in current.difference(&wanted) {
            if changes.send(Change::Remove(gone.clone())).await.is_err() {
                return;
            }
        }
        for new in wanted.difference(&current) {
            match endpoint(new, timeout) {
                Ok(e) => {
                    if changes.send(Change::Insert(new.clone(), e)).await.is_err() {
                        return;
                    }
                }
                Err(e) => tracing::warn!(peer = %peer.name, address = %new, error = %e, "unusable address"),
            }
        }
        if wanted != current {
            tracing::info!(peer = %peer.name, replicas = ?wanted, "replicas changed");
        }
        metrics::gauge!("grpc_peer_replicas", "peer" => peer.name.clone()).set(wanted.len() as f64);
        current = wanted;
        peer.done.send_replace(number);
        tokio::select! {
            _ = tokio::time::sleep(refresh) => {}
            _ = peer.poke.notified() => {}
            _ = changes.closed() => return,
        }
    }
}

/// The addresses to send calls to now: those that say they serve, else
/// every address found, else the names as written.
async fn round(targets: &[Target], probes: &mut HashMap<String, Channel>, probe_timeout: Duration) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for t in targets {
        match tokio::net::lookup_host((t.host.as_str(), t.port)).await {
            Ok(addrs) => found.extend(addrs.map(|a| format!("{}://{a}", t.scheme))),
            Err(e) => tracing::debug!(address = %t.written, error = %e, "not resolved"),
        }
    }
    probes.retain(|url, _| found.contains(url));
    let checks = found.iter().filter_map(|url| {
        let probe = match probes.get(url) {
            Some(p) => p.clone(),
            None => {
                let p = endpoint(url, probe_timeout).ok()?.connect_lazy();
                probes.insert(url.clone(), p.clone());
                p
            }
        };
        Some(async move { crate::runtime::within(probe_timeout, crate::grpc::serving(probe)).await.then(|| url.clone()) })
    });
    let serving: BTreeSet<String> = futures::future::join_all(checks).await.into_iter().flatten().collect();
    if !serving.is_empty() {
        serving
    } else if !found.is_empty() {
        found
    } else {
        targets.iter().map(|t| t.written.clone()).collect()
    }
}

impl Peer {
    /// Asks the resolver for a round and waits until one that started
    /// after now is done (at most about a probe's deadline).
    async fn look_again(&self) {
        let mut done = self.done.subscribe();
        let after = self.started.load(Ordering::SeqCst) + 1;
        self.poke.notify_one();
        let wait = done.wait_for(|n| *n >= after);
        let _ = tokio::time::timeout(self.probe_timeout + Duration::from_millis(500), wait).await;
    }
}

/// Whether a call that failed with `error` may be sent again: it never
/// reached a server, or it only reads.
fn may_resend(error: &(dyn std::error::Error + 'static), read_only: bool) -> bool {
    let mut cause = Some(error);
    while let Some(e) = cause {
        if e.is::<tonic::ConnectError>() {
            return true;
        }
        if let Some(h2) = e.downcast_ref::<h2::Error>() {
            // Refused unread, or past the last call a server going away took.
            let unread = h2.reason() == Some(h2::Reason::REFUSED_STREAM) || (h2.is_go_away() && h2.reason() == Some(h2::Reason::NO_ERROR));
            return unread || read_only;
        }
        if e.is::<hyper::Error>() || e.is::<std::io::Error>() {
            return read_only;
        }
        cause = e.source();
    }
    false
}

impl Service<http::Request<Body>> for Balanced {
    type Response = http::Response<Body>;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        match &mut self.link {
            Link::Network { channel, .. } => channel.poll_ready(cx).map_err(Into::into),
            Link::Local(_) => Poll::Ready(Ok(())),
        }
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        let (channel, peer) = match &mut self.link {
            Link::Network { channel, peer } => (channel, peer.clone()),
            Link::Local(local) => {
                let local = local.clone();
                return Box::pin(async move { Ok(local.call(request).await) });
            }
        };
        // The channel polled ready goes with the call; a fresh clone stays.
        let clone = channel.clone();
        let mut channel = std::mem::replace(channel, clone);
        Box::pin(async move {
            let read_only = spa_proto::read_only::is_read_only(request.uri().path());
            let (parts, body) = request.into_parts();
            // A unary call's body is one message, kept to send again.
            let body = body.collect().await?.to_bytes();
            let (method, uri, version, headers) = (parts.method.clone(), parts.uri.clone(), parts.version, parts.headers.clone());
            let mut first = Some(parts);
            let mut attempt = 1;
            loop {
                let parts = first.take().unwrap_or_else(|| {
                    let mut again = http::Request::new(());
                    *again.method_mut() = method.clone();
                    *again.uri_mut() = uri.clone();
                    *again.version_mut() = version;
                    *again.headers_mut() = headers.clone();
                    again.into_parts().0
                });
                let request = http::Request::from_parts(parts, Body::new(Full::new(body.clone())));
                let result = match channel.ready().await {
                    Ok(ready) => ready.call(request).await,
                    Err(e) => Err(e),
                };
                match result {
                    Err(e) if attempt < ATTEMPTS && may_resend(&e, read_only) => {
                        metrics::counter!("grpc_client_resent_total", "peer" => peer.name.clone()).increment(1);
                        tracing::debug!(peer = %peer.name, path = uri.path(), error = %e, "sending again");
                        peer.look_again().await;
                        attempt += 1;
                    }
                    other => return other.map_err(Into::into),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_is_one_address_or_a_list() {
        let t = Target::parse("http://rooms:50052").unwrap();
        assert_eq!((t.scheme.as_str(), t.host.as_str(), t.port), ("http", "rooms", 50052));
        let t = Target::parse("http://[::1]:7").unwrap();
        assert_eq!(t.host, "::1");
        assert_eq!(Target::parse("https://rooms").unwrap().port, 443);
        assert!(Target::parse("http://:1").is_err());
    }

    #[tokio::test]
    async fn an_empty_setting_is_refused() {
        assert!(balanced(" , ", Duration::from_secs(1), Duration::from_secs(1)).is_err());
        assert!(balanced("http://127.0.0.1:1, http://127.0.0.1:2", Duration::from_secs(1), Duration::from_secs(1)).is_ok());
    }

    #[test]
    fn only_calls_never_read_or_only_reading_are_sent_again() {
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
        assert!(may_resend(&io, true));
        assert!(!may_resend(&io, false));
        let connect = tonic::ConnectError(Box::new(std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused")));
        assert!(may_resend(&connect, false));
        let refused = h2::Error::from(h2::Reason::REFUSED_STREAM);
        assert!(may_resend(&refused, false));
        assert!(!may_resend(&h2::Error::from(h2::Reason::CANCEL), false));
    }
}
