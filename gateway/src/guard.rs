//! Defences of the public HTTP surface against hostile or broken clients:
//! load shedding, per-client rate limits, control characters, security
//! headers, bounded metric labels, and JSON bodies on every API error.
//! Limits are configured by [`Limits::from_env`]; `docs/SECURITY.md` lists
//! them with their defaults.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use spa_platform::config::{parse_or, var};
use tokio::sync::Semaphore;

use crate::error::{ApiError, ErrorCode};

/// The browser app runs under this policy: its own scripts, styles, images
/// and API only, and no framing of the shop. The one frame it shows is the
/// video modal's privacy-enhanced YouTube player. React sets inline styles
/// through the CSSOM, which `style-src 'self'` allows.
pub const DEFAULT_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; \
font-src 'self'; connect-src 'self'; frame-src https://www.youtube-nocookie.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// [`DEFAULT_CSP`] with the maps' tile server allowed as an image source.
pub fn default_csp(tiles_origin: Option<&str>) -> String {
    match tiles_origin {
        Some(origin) => DEFAULT_CSP.replacen("img-src 'self' data: blob:;", &format!("img-src 'self' data: blob: {origin};"), 1),
        None => DEFAULT_CSP.to_owned(),
    }
}

/// A rate: `per_minute` requests a minute on average, `burst` at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub per_minute: u32,
    pub burst: u32,
}

impl Rate {
    fn quota(self) -> Option<Quota> {
        let per_minute = NonZeroU32::new(self.per_minute)?;
        let burst = NonZeroU32::new(self.burst).unwrap_or(per_minute);
        Some(Quota::per_minute(per_minute).allow_burst(burst))
    }
}

/// The limits of the public listener, from the environment.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Requests handled at once; more are shed with 503 at once rather than
    /// queued behind a backlog (`MAX_IN_FLIGHT`).
    pub max_in_flight: usize,
    /// Time a connection may take to send a request's headers, and to stay
    /// idle between requests (`HTTP_HEADER_TIMEOUT_MS`): slow-loris clients
    /// are cut off.
    pub header_timeout: Duration,
    /// Largest request head (`MAX_HEADER_BYTES`); a longer URL is refused.
    pub max_header_bytes: usize,
    /// Largest request body (`BODY_LIMIT_BYTES`).
    pub body_limit: usize,
    /// Changes: every non-GET API call except priced queries
    /// (`RATE_LIMIT_WRITES_PER_MIN`, `RATE_LIMIT_WRITES_BURST`); 0 turns it off.
    pub writes: Rate,
    /// Expensive reads: the sitemap (`RATE_LIMIT_EXPENSIVE_PER_MIN`,
    /// `RATE_LIMIT_EXPENSIVE_BURST`); 0 turns it off.
    pub expensive: Rate,
    /// Payment providers' notifications and webhooks, per sender
    /// (`RATE_LIMIT_WEBHOOKS_PER_MIN`, `RATE_LIMIT_WEBHOOKS_BURST`): a flood
    /// of forged posts never reaches the provider's verification at scale;
    /// 0 turns it off.
    pub webhooks: Rate,
    /// Header naming the client's address, set by a trusted reverse proxy
    /// (`CLIENT_IP_HEADER`, e.g. `x-forwarded-for`; its last entry counts).
    /// Unset: the peer address.
    pub client_ip_header: Option<HeaderName>,
    /// `CONTENT_SECURITY_POLICY`.
    pub content_security_policy: String,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_in_flight: 512,
            header_timeout: Duration::from_secs(10),
            max_header_bytes: 32 * 1024,
            body_limit: 64 * 1024,
            writes: Rate { per_minute: 60, burst: 30 },
            expensive: Rate { per_minute: 12, burst: 6 },
            webhooks: Rate { per_minute: 120, burst: 60 },
            client_ip_header: None,
            content_security_policy: DEFAULT_CSP.to_owned(),
        }
    }
}

impl Limits {
    pub fn from_env() -> anyhow::Result<Self> {
        let d = Self::default();
        let client_ip_header = match var("CLIENT_IP_HEADER") {
            Some(name) => Some(
                HeaderName::try_from(name.to_ascii_lowercase())
                    .map_err(|_| anyhow::anyhow!("CLIENT_IP_HEADER {name:?} is not a header name"))?,
            ),
            None => None,
        };
        let limits = Self {
            max_in_flight: parse_or("MAX_IN_FLIGHT", d.max_in_flight)?,
            header_timeout: Duration::from_millis(parse_or("HTTP_HEADER_TIMEOUT_MS", d.header_timeout.as_millis() as u64)?),
            max_header_bytes: parse_or("MAX_HEADER_BYTES", d.max_header_bytes)?,
            body_limit: parse_or("BODY_LIMIT_BYTES", d.body_limit)?,
            writes: Rate {
                per_minute: parse_or("RATE_LIMIT_WRITES_PER_MIN", d.writes.per_minute)?,
                burst: parse_or("RATE_LIMIT_WRITES_BURST", d.writes.burst)?,
            },
            expensive: Rate {
                per_minute: parse_or("RATE_LIMIT_EXPENSIVE_PER_MIN", d.expensive.per_minute)?,
                burst: parse_or("RATE_LIMIT_EXPENSIVE_BURST", d.expensive.burst)?,
            },
            webhooks: Rate {
                per_minute: parse_or("RATE_LIMIT_WEBHOOKS_PER_MIN", d.webhooks.per_minute)?,
                burst: parse_or("RATE_LIMIT_WEBHOOKS_BURST", d.webhooks.burst)?,
            },
            client_ip_header,
            content_security_policy: var("CONTENT_SECURITY_POLICY").unwrap_or(d.content_security_policy),
        };
        anyhow::ensure!(limits.max_in_flight > 0, "MAX_IN_FLIGHT must be at least 1");
        // hyper's smallest read buffer.
        anyhow::ensure!(limits.max_header_bytes >= 8192, "MAX_HEADER_BYTES must be at least 8192");
        Ok(limits)
    }
}

/// What a request costs against the per-client limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateClass {
    Write,
    Expensive,
    Webhook,
}

/// The limit a request falls under, if any. Every change through the API is
/// limited, including ones added later; the two priced queries sent as POST
/// (package rooms, package cost) are reads. A provider login's pages
/// (`/auth/...`) are writes too: each keeps a flow or makes a session.
pub fn rate_class(method: &Method, path: &str) -> Option<RateClass> {
    if path == "/sitemap.xml" {
        return Some(RateClass::Expensive);
    }
    if path.starts_with("/auth/") {
        return Some(RateClass::Write);
    }
    if path.starts_with("/payments/") {
        return Some(RateClass::Webhook);
    }
    let api = path.starts_with("/shop-api/");
    let read = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let priced_query = path == "/shop-api/rooms/search" || (path.starts_with("/shop-api/packages/") && path.ends_with("/estimated-cost"));
    (api && !read && !priced_query).then_some(RateClass::Write)
}

/// Shared state of the guard middleware.
#[derive(Clone)]
pub struct Guard {
    limits: Arc<Limits>,
    in_flight: Arc<Semaphore>,
    writes: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    expensive: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    webhooks: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    csp: HeaderValue,
}

impl Guard {
    pub fn new(limits: Limits) -> anyhow::Result<Self> {
        let csp = HeaderValue::try_from(limits.content_security_policy.as_str())
            .map_err(|_| anyhow::anyhow!("CONTENT_SECURITY_POLICY is not a valid header value"))?;
        let writes = limits.writes.quota().map(|q| Arc::new(RateLimiter::keyed(q)));
        let expensive = limits.expensive.quota().map(|q| Arc::new(RateLimiter::keyed(q)));
        let webhooks = limits.webhooks.quota().map(|q| Arc::new(RateLimiter::keyed(q)));
        for limiter in [&writes, &expensive, &webhooks].into_iter().flatten() {
            forget_idle_clients(Arc::downgrade(limiter));
        }
        Ok(Self { in_flight: Arc::new(Semaphore::new(limits.max_in_flight)), limits: Arc::new(limits), writes, expensive, webhooks, csp })
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The client as the limits count it: its IPv4 address, or the /64
    /// network of an IPv6 one (one subscriber holds a whole /64, so counting
    /// single addresses would let them multiply their quota).
    fn client_ip(&self, request: &Request) -> IpAddr {
        let ip = self
            .limits
            .client_ip_header
            .as_ref()
            .and_then(|name| request.headers().get(name))
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| v.trim().parse::<IpAddr>().ok())
            .unwrap_or_else(|| {
                request.extensions().get::<ConnectInfo<SocketAddr>>().map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip())
            });
        client_key(ip)
    }
}

/// The client of a request as the limits count it, for handlers that pass
/// it on (the caps on failed logins and unpaid orders); set by [`limit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Client(pub IpAddr);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts.extensions.get::<Client>().copied().unwrap_or(Client(IpAddr::V4(Ipv4Addr::UNSPECIFIED))))
    }
}

impl Client {
    /// As the services take it: "" when unknown.
    pub fn code(self) -> String {
        if self.0.is_unspecified() { String::new() } else { self.0.to_string() }
    }
}

/// IPv4 as it is (IPv4-mapped IPv6 too); IPv6 cut to its /64 network.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
        v4 => v4,
    }
}

/// Clients that stopped sending are forgotten once a minute, so the
/// limiters' memory follows the clients of the last minute, not all ever seen.
fn forget_idle_clients(limiter: std::sync::Weak<DefaultKeyedRateLimiter<IpAddr>>) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
    runtime.spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        tick.tick().await;
        loop {
            tick.tick().await;
            let Some(limiter) = limiter.upgrade() else { return };
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    });
}

fn retry_after(mut response: Response, seconds: u64) -> Response {
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
    response
}

/// Sheds load past the in-flight limit and applies the per-client rates.
/// Probes are never shed: an orchestrator must see a busy gateway as alive.
pub async fn limit(State(guard): State<Guard>, mut request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if path == "/healthz" || path == "/readyz" {
        return next.run(request).await;
    }
    let client = guard.client_ip(&request);
    request.extensions_mut().insert(Client(client));
    let path = request.uri().path();
    let Ok(_permit) = guard.in_flight.clone().try_acquire_owned() else {
        metrics::counter!("http_requests_shed_total").increment(1);
        return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Overloaded).into_response();
    };
    let limiter = match rate_class(request.method(), path) {
        Some(RateClass::Write) => guard.writes.as_ref(),
        Some(RateClass::Expensive) => guard.expensive.as_ref(),
        Some(RateClass::Webhook) => guard.webhooks.as_ref(),
        None => None,
    };
    if let Some(limiter) = limiter
        && let Err(not_until) = limiter.check_key(&client)
    {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        metrics::counter!("http_requests_rate_limited_total").increment(1);
        let error = ApiError::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManyRequests).arg("seconds", seconds.max(1));
        return retry_after(error.into_response(), seconds);
    }
    next.run(request).await
}

/// Whether `s` holds a control character (NUL, escapes, line breaks).
fn has_control(s: &str) -> bool {
    s.chars().any(char::is_control)
}

/// Path segments and query values with control characters (NUL and the like)
/// are refused before any handler or database sees them.
pub async fn reject_control_characters(request: Request, next: Next) -> Response {
    let uri = request.uri();
    let path = percent_encoding::percent_decode_str(uri.path()).decode_utf8_lossy();
    if has_control(&path) {
        return ApiError::field(ErrorCode::InvalidCharacters, "path").into_response();
    }
    if let Some(query) = uri.query()
        && let Some((name, _)) = form_urlencoded::parse(query.as_bytes()).find(|(k, v)| has_control(k) || has_control(v))
    {
        let name = if has_control(&name) { "query".to_owned() } else { name.into_owned() };
        return ApiError::field(ErrorCode::InvalidCharacters, &name).into_response();
    }
    next.run(request).await
}

/// The first string in a JSON value holding a control character, as the
/// field's dotted path.
pub fn control_character_field(value: &serde_json::Value) -> Option<String> {
    fn walk(value: &serde_json::Value, at: &str) -> Option<String> {
        match value {
            serde_json::Value::String(s) if has_control(s) => Some(at.to_owned()),
            serde_json::Value::Array(items) => items.iter().enumerate().find_map(|(i, v)| walk(v, &format!("{at}[{i}]"))),
            serde_json::Value::Object(map) => map.iter().find_map(|(k, v)| {
                let here = if at.is_empty() { k.clone() } else { format!("{at}.{k}") };
                if has_control(k) { Some(here) } else { walk(v, &here) }
            }),
            _ => None,
        }
    }
    walk(value, "")
}

/// Personal answers (baskets, the customer) are never stored by a browser
/// or a proxy; API answers that declare no caching of their own are treated
/// the same.
fn is_personal(path: &str) -> bool {
    path.starts_with("/shop-api/carts/") || path == "/shop-api/me" || path == "/shop-api/visitor/cart" || path.starts_with("/order/")
}

/// Security headers on every answer.
pub async fn security_headers(State(guard): State<Guard>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(header::CONTENT_SECURITY_POLICY, guard.csp.clone());
    if is_personal(&path) || (path.starts_with("/shop-api/") && !headers.contains_key(header::CACHE_CONTROL)) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

fn is_json(headers: &HeaderMap) -> bool {
    headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/json"))
}

/// The code and message of an error answer that a layer below our handlers
/// made (the router, a body limit, a timeout).
fn error_for(status: StatusCode) -> ApiError {
    let code = match status {
        StatusCode::NOT_FOUND => ErrorCode::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => ErrorCode::MethodNotAllowed,
        StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::PayloadTooLarge,
        StatusCode::REQUEST_TIMEOUT => ErrorCode::RequestTimeout,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ErrorCode::UnsupportedMediaType,
        StatusCode::SERVICE_UNAVAILABLE => return ApiError::unavailable(),
        s if s.is_client_error() => ErrorCode::InvalidRequest,
        _ => ErrorCode::InternalError,
    };
    ApiError::new(status, code)
}

/// Every API error answer is JSON `{code, message}`, whichever layer made it.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/shop-api/");
    let response = next.run(request).await;
    let status = response.status();
    if !api || !(status.is_client_error() || status.is_server_error()) || is_json(response.headers()) {
        return response;
    }
    let retry = response.headers().get(header::RETRY_AFTER).cloned();
    let mut replaced = error_for(status).into_response();
    if let Some(retry) = retry {
        replaced.headers_mut().insert(header::RETRY_AFTER, retry);
    }
    replaced
}

/// The HTTP method as a metric label: the standard methods by name, any
/// other as `other`, so random methods cannot grow the metrics without bound.
pub fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// A request path fit for logs and span names: tokens that grant access
/// (basket, order, verification, password reset and newsletter tokens, in
/// every language's path) are replaced by a placeholder.
pub fn loggable_path(path: &str) -> std::borrow::Cow<'_, str> {
    for prefix in [
        "/shop-api/carts/",
        "/shop-api/checkout/",
        "/order/",
        "/verify-account/",
        "/en/verify-account/",
        "/reset-password/",
        "/en/reset-password/",
        "/newsletter/confirm/",
        "/en/newsletter/confirm/",
        "/newsletter/unsubscribe/",
        "/en/newsletter/unsubscribe/",
        "/shop-api/password-reset/",
    ] {
        if let Some(rest) = path.strip_prefix(prefix) {
            let tail = rest.find('/').map_or("", |i| &rest[i..]);
            return format!("{prefix}{{token}}{tail}").into();
        }
    }
    path.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_count_by_their_64_network() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(client_key(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), ip("2001:db8:1:2::"));
        assert_eq!(client_key(ip("2001:db8:1:2::1")), client_key(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(client_key(ip("2001:db8:1:2::1")), client_key(ip("2001:db8:1:3::1")));
        assert_eq!(client_key(ip("203.0.113.7")), ip("203.0.113.7"));
        assert_eq!(client_key(ip("::ffff:203.0.113.7")), ip("203.0.113.7"));
    }

    #[test]
    fn unknown_methods_share_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::from_bytes(b"FOOBAR").unwrap()), "other");
        assert_eq!(method_label(&Method::from_bytes(b"XYZZY").unwrap()), "other");
    }

    #[test]
    fn tokens_stay_out_of_logs() {
        assert_eq!(loggable_path("/shop-api/carts/secret123"), "/shop-api/carts/{token}");
        assert_eq!(loggable_path("/shop-api/carts/secret123/items/4"), "/shop-api/carts/{token}/items/4");
        assert_eq!(loggable_path("/verify-account/secret123"), "/verify-account/{token}");
        assert_eq!(loggable_path("/en/verify-account/secret123"), "/en/verify-account/{token}");
        assert_eq!(loggable_path("/en/newsletter/unsubscribe/secret123"), "/en/newsletter/unsubscribe/{token}");
        assert_eq!(loggable_path("/order/secret/pay"), "/order/{token}/pay");
        assert_eq!(loggable_path("/shop-api/checkout/secret/complete"), "/shop-api/checkout/{token}/complete");
        assert_eq!(loggable_path("/shop-api/offer/room"), "/shop-api/offer/room");
    }

    #[test]
    fn writes_and_the_sitemap_are_limited_priced_queries_are_not() {
        assert_eq!(rate_class(&Method::POST, "/shop-api/carts/x"), Some(RateClass::Write));
        assert_eq!(rate_class(&Method::DELETE, "/shop-api/carts/x"), Some(RateClass::Write));
        assert_eq!(rate_class(&Method::POST, "/shop-api/newsletter/subscribe"), Some(RateClass::Write));
        assert_eq!(rate_class(&Method::GET, "/sitemap.xml"), Some(RateClass::Expensive));
        assert_eq!(rate_class(&Method::GET, "/auth/search/start"), Some(RateClass::Write));
        assert_eq!(rate_class(&Method::POST, "/payments/paypal/webhook"), Some(RateClass::Webhook));
        assert_eq!(rate_class(&Method::POST, "/payments/przelewy24/status"), Some(RateClass::Webhook));
        assert_eq!(rate_class(&Method::GET, "/shop-api/carts/x"), None);
        assert_eq!(rate_class(&Method::POST, "/shop-api/rooms/search"), None);
        assert_eq!(rate_class(&Method::POST, "/shop-api/packages/P/estimated-cost"), None);
    }

    #[test]
    fn control_characters_in_json_are_found_with_their_field() {
        let v = serde_json::json!({"email": "a@b.pl", "address": {"lines": ["ok", "bad\u{0}"]}});
        assert_eq!(control_character_field(&v).as_deref(), Some("address.lines[1]"));
        assert_eq!(control_character_field(&serde_json::json!({"e": "tab\tin"})).as_deref(), Some("e"));
        assert_eq!(control_character_field(&serde_json::json!({"e": "zażółć ✓"})), None);
    }
}
