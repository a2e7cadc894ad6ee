//! The gateway: the `/shop-api` REST surface of the single-page app,
//! translated into gRPC calls to the services; the built app itself with its
//! locale in `<html lang>`; demo media; and the ops endpoints.
//!
//! - [`routes`] — one module per resource; [`extract`] their typed inputs,
//!   [`wire`] their answers and every state and kind as a closed enum;
//!   [`session`] who is asking (the session cookie, the script marker, the
//!   `Customer`, `Staff` and `Editor` extractors). Routes never import each
//!   other: what two share lives in one of these.
//! - [`answers`] — every cacheable GET answer: its key, how long it is kept,
//!   the events that drop it, its `ETag` and `Cache-Control`;
//!   [`generations`] the state its keys are built from.
//! - [`error`] — gRPC statuses and bad input as JSON `{code, message, errors}`,
//!   with messages from the translation catalogue of [`i18n`].
//! - [`guard`] — load shedding, rate limits, security headers, bad characters.
//! - [`locale`] — `/en` prefix, host map, Polish default.
//! - [`spa`] — history-mode serving of `web/dist`; [`pages`] — its page paths.
//! - [`openapi`] — the OpenAPI document, generated from the handlers and types.

pub mod answers;
pub mod clients;
pub mod error;
pub mod extract;
pub mod generations;
pub mod guard;
pub mod gzip;
pub mod head;
pub mod i18n;
pub mod locale;
pub mod oidc;
pub mod openapi;
pub mod pages;
pub mod routes;
pub mod session;
pub mod sitemap;
pub mod spa;
pub mod wire;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::{HeaderName, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use spa_platform::bus::EventBus;
use spa_platform::cache::Cache;
use spa_platform::config::{Peers, parse_or, var_or};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::services::ServeDir;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::clients::Clients;
use crate::error::{ApiError, ErrorCode};

/// Settings of the gateway, from the environment.
#[derive(Clone, Debug)]
pub struct GatewayConfig {
    pub peers: Peers,
    /// The spec's fixed channel code.
    pub channel: String,
    pub locale_hosts: HashMap<String, i18n::Locale>,
    pub web_dist: PathBuf,
    pub media_dir: PathBuf,
    /// Whole-request limit, above every upstream deadline.
    pub request_timeout: Duration,
    /// Where visitors reach the shop, for absolute links (sitemap).
    pub public_url: String,
    /// Limits of the public listener (see `docs/SECURITY.md`).
    pub limits: guard::Limits,
    /// The OpenID Connect login providers; none configured, none offered.
    pub oidc: Vec<oidc::ProviderConfig>,
    /// The tiles the maps are drawn from, named in every page.
    pub map_tiles: spa::MapTiles,
    /// Whether public answers are cached (`GATEWAY_ANSWER_CACHE`, `on` or
    /// `off`): off, every read is built anew, which is what the benchmark's
    /// uncached rows measure.
    pub answer_cache: bool,
}

impl GatewayConfig {
    pub fn from_env() -> anyhow::Result<Self> {
        let map_tiles = spa::MapTiles::from_env()?;
        let mut limits = guard::Limits::from_env()?;
        // The default policy lets the maps' tiles in; a policy of one's own must itself.
        if spa_platform::config::var("CONTENT_SECURITY_POLICY").is_none() {
            limits.content_security_policy = guard::default_csp(map_tiles.origin().as_deref());
        }
        Ok(Self {
            peers: Peers::from_env()?,
            channel: var_or("CHANNEL_CODE", "web_pl"),
            locale_hosts: locale::parse_host_map(&var_or("LOCALE_HOSTS", locale::DEFAULT_LOCALE_HOSTS))?,
            web_dist: var_or("WEB_DIST", "web/dist").into(),
            media_dir: var_or("MEDIA_DIR", "services/catalog/seed/media").into(),
            request_timeout: Duration::from_millis(parse_or("REQUEST_TIMEOUT_MS", 10_000u64)?),
            public_url: var_or("PUBLIC_URL", "http://localhost:8080"),
            limits,
            oidc: oidc::ProviderConfig::from_env()?,
            map_tiles,
            answer_cache: match var_or("GATEWAY_ANSWER_CACHE", "on").trim() {
                "on" => true,
                "off" => false,
                other => anyhow::bail!("GATEWAY_ANSWER_CACHE: `{other}` is neither on nor off"),
            },
        })
    }
}

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<GatewayConfig>,
    /// Behind an `Arc`: every request clones the state, and five gRPC
    /// clients cost a tenth of a cached answer's time to clone and drop.
    pub clients: Arc<Clients>,
    /// `web/dist/index.html`, read once at start; `None` when not built.
    pub index_html: Option<Arc<str>>,
    /// The app's page paths (`web/dist/routes.json`): other paths are 404s.
    /// `None` when the build has none: every path is a page.
    pub page_routes: Option<Arc<pages::PageRoutes>>,
    /// The listings' heads (`web/dist/heads.json`), written into their pages.
    pub page_heads: Arc<head::PageHeads>,
    /// Whole answers of the public reads ([`answers`]), kept until the
    /// events that change them; `None` caches nothing.
    pub cache: Option<Arc<dyn Cache>>,
    /// The catalog's generation and the nights' counters, moved by events;
    /// part of every answer's key.
    pub generations: generations::Generations,
    pub guard: guard::Guard,
    /// Login through OpenID Connect providers and its flows in progress;
    /// behind an `Arc` like the clients, since every request clones the state.
    pub oidc: Arc<oidc::Oidc>,
    /// The process's clock (standalone: the services' own).
    pub clock: spa_platform::clock::Clock,
}

impl AppState {
    /// A gateway that caches nothing.
    pub fn new(config: GatewayConfig) -> anyhow::Result<Self> {
        let clients = Arc::new(Clients::new(&config.peers)?);
        let index_html = std::fs::read_to_string(config.web_dist.join("index.html")).ok().map(Arc::from);
        if index_html.is_none() {
            tracing::warn!(dist = %config.web_dist.display(), "web app not built; pages show a hint");
        }
        let page_routes = pages::PageRoutes::load(&config.web_dist)?.map(Arc::new);
        if index_html.is_some() && page_routes.is_none() {
            tracing::warn!(dist = %config.web_dist.display(), "web app has no {}; every path is served as a page", pages::MANIFEST);
        }
        let page_heads = Arc::new(head::PageHeads::load(&config.web_dist)?);
        let guard = guard::Guard::new(config.limits.clone())?;
        // Logins in progress: in this process until a shared cache is given.
        let flows = Arc::new(spa_platform::cache::MokaCache::new("oidc_flows", 4 * 1024 * 1024));
        let oidc = oidc::Oidc::new(config.oidc.clone(), flows)?;
        Ok(Self {
            config: Arc::new(config),
            clients,
            index_html,
            page_routes,
            page_heads,
            cache: None,
            generations: generations::Generations::new(),
            guard,
            oidc: Arc::new(oidc),
            clock: spa_platform::clock::Clock::system(),
        })
    }

    /// This gateway on the process's `clock`.
    pub fn with_clock(self, clock: spa_platform::clock::Clock) -> Self {
        Self { clock, ..self }
    }

    /// A gateway that caches answers in `cache` and drops them on the events
    /// of `bus` that change them.
    pub async fn with_cache(
        config: GatewayConfig,
        cache: Arc<dyn Cache>,
        bus: &dyn EventBus,
        shutdown: CancellationToken,
    ) -> anyhow::Result<Self> {
        let state = Self::new(config)?;
        let answers = state.config.answer_cache.then(|| cache.clone());
        // Every replica finds a login begun at another.
        let state = Self { oidc: Arc::new(state.oidc.as_ref().clone().with_flows(cache)), cache: answers, ..state };
        state.generations.follow(bus, shutdown).await?;
        Ok(state)
    }
}

/// Counts and times every request by its route template, not its raw path,
/// so metrics stay bounded.
async fn http_metrics(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned()).unwrap_or_else(|| "other".into());
    let method = guard::method_label(request.method());
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::counter!("http_requests_total", "method" => method, "route" => route.clone(), "status" => status).increment(1);
    metrics::histogram!("http_request_duration_seconds", "method" => method, "route" => route).record(started.elapsed().as_secs_f64());
    response
}

async fn api_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::NotFound)
}

/// The whole public HTTP surface. `/metrics` is not part of it: it is served
/// on the ops listener only.
pub fn router(state: AppState, ready: spa_platform::ops::ReadyCheck) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    let guard = state.guard.clone();
    let (routes, _) = routes::router().split_for_parts();
    let api = routes
        .route("/shop-api/openapi.json", axum::routing::get(openapi::document))
        .route("/shop-api/{*rest}", axum::routing::any(api_not_found))
        .route("/sitemap.xml", axum::routing::get(sitemap::sitemap))
        .route("/robots.txt", axum::routing::get(sitemap::robots))
        .layer(DefaultBodyLimit::max(guard.limits().body_limit));
    let static_files = ServeDir::new(&state.config.web_dist)
        .append_index_html_on_directories(false)
        .fallback(axum::routing::get(spa::index).with_state(state.clone()));
    Router::new()
        .merge(api)
        .merge(routes::order::router())
        .merge(routes::auth::pages())
        .route("/pictures/{code}/{file}", axum::routing::get(routes::products_admin::picture))
        // `{token}.ics`: the router takes no suffix after a parameter.
        .route("/ical/{file}", axum::routing::get(routes::channels::feed))
        .nest_service("/media", ServeDir::new(&state.config.media_dir))
        .fallback_service(static_files)
        .with_state(state.clone())
        .merge(spa_platform::ops::probes(ready))
        .layer(axum::middleware::from_fn(http_metrics))
        .layer(axum::middleware::from_fn(guard::reject_control_characters))
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, state.config.request_timeout))
        .layer(axum::middleware::from_fn_with_state(guard.clone(), guard::limit))
        // Outside the timeout and the limits, so their answers are JSON too.
        .layer(axum::middleware::from_fn(guard::json_errors))
        // Outside every layer that answers with an error, so all speak the
        // request's language.
        .layer(axum::middleware::from_fn(i18n::localize_errors))
        .layer(axum::middleware::from_fn_with_state(guard, guard::security_headers))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request| {
                let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
                // Basket and order tokens grant access: never in a span or a log line.
                let path = guard::loggable_path(request.uri().path());
                let span = tracing::info_span!("http.request", otel.name = %format!("{} {path}", guard::method_label(request.method())), method = %request.method(), path = %path, request_id = %id);
                spa_platform::telemetry::set_parent_from_http(&span, request.headers());
                span
            }),
        )
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
}

/// Serves until `shutdown`, then finishes in-flight requests.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    ready: spa_platform::ops::ReadyCheck,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let limits = state.guard.limits().clone();
    serve_router(listener, router(state, ready), &limits, shutdown).await
}

/// The HTTP/1.1 server loop. Unlike `axum::serve` it bounds how long a
/// connection may take to send a request's headers or sit idle between
/// requests (slow-loris clients would otherwise hold sockets forever) and how
/// large a request head may be; each request learns its peer address for the
/// per-client limits.
pub async fn serve_router(listener: TcpListener, app: Router, limits: &guard::Limits, shutdown: CancellationToken) -> anyhow::Result<()> {
    use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
    use tower::ServiceExt;

    let mut builder = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new()).http1_only();
    builder.http1().timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).max_buf_size(limits.max_header_bytes);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    loop {
        let (stream, peer) = tokio::select! {
            _ = shutdown.cancelled() => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: back off, keep serving.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
            app.clone().oneshot(request.map(axum::body::Body::new))
        });
        let connection = graceful.watch(builder.serve_connection_with_upgrades(TokioIo::new(stream), service).into_owned());
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "connection closed with an error");
            }
        });
    }
    drop(listener);
    // In-flight requests finish; idle keep-alive connections close now.
    if tokio::time::timeout(Duration::from_secs(30), graceful.shutdown()).await.is_err() {
        tracing::warn!("connections still open after 30 s; closing");
    }
    Ok(())
}

/// Always ready: for a gateway whose services run in the same process
/// (tests). The gateway process is ready while the services it calls
/// serve ([`spa_platform::runtime::gateway_readiness`]); a call to one that
/// fails meanwhile is answered with a 503.
pub fn always_ready() -> spa_platform::ops::ReadyCheck {
    Arc::new(|| Box::pin(async { true }))
}
