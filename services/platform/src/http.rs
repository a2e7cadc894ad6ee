//! The one client for calls to outside services (payment providers, the
//! weather service): rustls with ring and the Mozilla roots, chosen here
//! rather than process-wide; plain HTTP only for a local address (tests'
//! fakes). Every exchange has a deadline, so a stalled provider never holds
//! a request. An address given by a user rather than by the operator (a
//! booking portal's calendar) is fetched by [`Http::public_only`], which
//! connects to public addresses only: never to this host, the cluster's
//! network or a cloud's metadata service.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::dns::{GaiResolver, Name};
use hyper_util::rt::TokioExecutor;

pub use hyper::{Method, Request, StatusCode};

pub type Https = hyper_rustls::HttpsConnector<HttpConnector>;

/// HTTPS with ring and the Mozilla roots, plain HTTP too (local addresses,
/// or a store inside the cluster): the connector of every outside call.
pub fn https_connector() -> anyhow::Result<Https> {
    Ok(hyper_rustls::HttpsConnectorBuilder::new()
        .with_provider_and_webpki_roots(rustls::crypto::ring::default_provider())?
        .https_or_http()
        .enable_http1()
        .build())
}

type PublicHttps = hyper_rustls::HttpsConnector<HttpConnector<PublicResolver>>;

/// [`https_connector`] over a resolver that keeps public addresses only.
fn public_connector() -> anyhow::Result<PublicHttps> {
    let mut http = HttpConnector::new_with_resolver(PublicResolver(GaiResolver::new()));
    http.enforce_http(false);
    Ok(hyper_rustls::HttpsConnectorBuilder::new()
        .with_provider_and_webpki_roots(rustls::crypto::ring::default_provider())?
        .https_or_http()
        .enable_http1()
        .wrap_connector(http))
}

/// Whether an address is one anybody on the internet reaches: not this
/// host, a private or shared network, a link's own (a cloud's metadata
/// service), a multicast group or a documentation range.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 198 && (b == 18 || b == 19))
                || a >= 240)
        }
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                !(v6.is_loopback()
                    || v6.is_unspecified()
                    || v6.is_multicast()
                    || (first & 0xfe00) == 0xfc00
                    || (first & 0xffc0) == 0xfe80
                    || first == 0x2001 && v6.segments()[1] == 0x0db8
                    || first == 0x0064 && v6.segments()[1] == 0xff9b)
            }
        },
    }
}

/// Why a name was not connected to: every address it has is not public.
#[derive(Debug, thiserror::Error)]
#[error("{0} is not a public address")]
struct NotPublic(String);

/// Resolves names and keeps their public addresses: checked where the
/// connection is made, so a name that changes its address after a check
/// (DNS rebinding) is refused too.
#[derive(Clone)]
struct PublicResolver(GaiResolver);

impl tower::Service<Name> for PublicResolver {
    type Response = std::vec::IntoIter<SocketAddr>;
    type Error = std::io::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, name: Name) -> Self::Future {
        let host = name.as_str().to_owned();
        let lookup = self.0.call(name);
        Box::pin(async move {
            let public: Vec<SocketAddr> = lookup.await?.filter(|addr| is_public(addr.ip())).collect();
            if public.is_empty() {
                return Err(std::io::Error::new(std::io::ErrorKind::PermissionDenied, NotPublic(host)));
            }
            Ok(public.into_iter())
        })
    }
}

/// How long a call may take, connection included.
pub const TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// The request could not be written (a bad URL or header).
    #[error("the request is not valid: {0}")]
    Invalid(String),
    /// No answer, no answer in time, or a 5xx.
    #[error("the service is unavailable: {0}")]
    Unavailable(String),
    /// An answer larger than the caller takes.
    #[error("the answer is larger than {0} bytes")]
    TooLarge(usize),
    /// The address is not a public one (for [`Http::public_only`]).
    #[error("{0} is not a public address")]
    NotPublic(String),
}

#[derive(Clone)]
enum Clients {
    Any(Client<Https, Full<Bytes>>),
    PublicOnly(Client<PublicHttps, Full<Bytes>>),
}

#[derive(Clone)]
pub struct Http {
    client: Clients,
    timeout: Duration,
}

impl Http {
    pub fn new() -> anyhow::Result<Self> {
        Self::with_timeout(TIMEOUT)
    }

    pub fn with_timeout(timeout: Duration) -> anyhow::Result<Self> {
        Ok(Self { client: Clients::Any(Client::builder(TokioExecutor::new()).build(https_connector()?)), timeout })
    }

    /// A client for addresses users give: it connects to public addresses
    /// only ([`is_public`]); any other is [`HttpError::NotPublic`].
    pub fn public_only(timeout: Duration) -> anyhow::Result<Self> {
        Ok(Self { client: Clients::PublicOnly(Client::builder(TokioExecutor::new()).build(public_connector()?)), timeout })
    }

    /// Sends a request whole: the answer with its status, headers and body,
    /// redirects not followed. No answer, or none in time, is
    /// [`HttpError::Unavailable`]; a status is the caller's to judge.
    pub async fn send(&self, request: hyper::Request<Vec<u8>>) -> Result<hyper::Response<Vec<u8>>, HttpError> {
        self.send_limited(request, usize::MAX).await
    }

    /// Sends a request whole like [`Http::send`], its answer's body read up
    /// to `max_bytes`: a larger one is [`HttpError::TooLarge`], read no further.
    pub async fn send_limited(&self, request: hyper::Request<Vec<u8>>, max_bytes: usize) -> Result<hyper::Response<Vec<u8>>, HttpError> {
        let (parts, body) = request.into_parts();
        let request = hyper::Request::from_parts(parts, Full::new(Bytes::from(body)));
        let exchange = async {
            let response = match &self.client {
                Clients::Any(client) => client.request(request).await,
                Clients::PublicOnly(client) => {
                    // An address written as one is connected to without the resolver.
                    let host = request.uri().host().unwrap_or_default().trim_start_matches('[').trim_end_matches(']');
                    if host.parse::<IpAddr>().is_ok_and(|ip| !is_public(ip)) {
                        return Err(HttpError::NotPublic(host.to_owned()));
                    }
                    client.request(request).await
                }
            }
            .map_err(|e| match not_public(&e) {
                Some(host) => HttpError::NotPublic(host),
                None => HttpError::Unavailable(e.to_string()),
            })?;
            let (parts, body) = response.into_parts();
            let bytes = http_body_util::Limited::new(body, max_bytes).collect().await.map_err(|e| {
                if e.is::<http_body_util::LengthLimitError>() {
                    HttpError::TooLarge(max_bytes)
                } else {
                    HttpError::Unavailable(e.to_string())
                }
            })?;
            Ok::<_, HttpError>(hyper::Response::from_parts(parts, bytes.to_bytes().to_vec()))
        };
        tokio::time::timeout(self.timeout, exchange).await.map_err(|_| HttpError::Unavailable("no answer in time".into()))?
    }

    /// Sends a request; the status and the body's text. A 5xx, no answer
    /// or no answer in time is [`HttpError::Unavailable`].
    pub async fn exchange(
        &self,
        method: hyper::Method,
        url: &str,
        headers: &[(&str, &str)],
        body: String,
    ) -> Result<(hyper::StatusCode, String), HttpError> {
        let mut request = hyper::Request::builder().method(method).uri(url);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request.body(body.into_bytes()).map_err(|e| HttpError::Invalid(e.to_string()))?;
        let response = self.send(request).await?;
        let status = response.status();
        if status.is_server_error() {
            return Err(HttpError::Unavailable(format!("{status}")));
        }
        Ok((status, String::from_utf8_lossy(response.body()).into_owned()))
    }
}

/// The host the resolver refused, when that is why the request failed.
fn not_public(error: &(dyn std::error::Error + 'static)) -> Option<String> {
    let mut cause = Some(error);
    while let Some(e) = cause {
        // An io::Error's source skips the error it carries: that is looked at first.
        let carried =
            e.downcast_ref::<std::io::Error>().and_then(|io| io.get_ref()).map(|inner| inner as &(dyn std::error::Error + 'static));
        if let Some(refused) = carried.unwrap_or(e).downcast_ref::<NotPublic>() {
            return Some(refused.0.clone());
        }
        cause = e.source();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_addresses_anybody_reaches_are_public() {
        for public in ["1.1.1.1", "8.8.8.8", "185.60.216.35", "2a03:2880:f10c:83:face:b00c:0:25de", "::ffff:8.8.8.8"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
    }

    #[tokio::test]
    async fn a_public_only_client_refuses_this_host_by_name_and_by_address() {
        let http = Http::public_only(Duration::from_secs(5)).unwrap();
        for url in ["http://127.0.0.1:9/", "http://[::1]:9/", "http://localhost:9/", "http://169.254.169.254/latest/meta-data/"] {
            let request = hyper::Request::get(url).body(Vec::new()).unwrap();
            match http.send(request).await {
                Err(HttpError::NotPublic(host)) => assert!(url.contains(&host), "{url}: {host}"),
                other => panic!("{url}: {other:?}"),
            }
        }
    }
}
