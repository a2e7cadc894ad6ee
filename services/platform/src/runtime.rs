//! What a service needs at run time ([`Infra`]) and the whole start-up of a
//! service process ([`service_main`]), so each service's `main.rs` is one call.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use crate::bus::{Consumer, EventBus, InProcessBus, NatsBus, Received, RetryPolicy};
use crate::cache::{Cache, MokaCache, NearCache, RedisCache};
use crate::config::{Peers, ServiceConfig};
use crate::db::Db;
use crate::outbox::{Outbox, Relay};

/// Opens once; everything waiting on it then goes on. The standalone
/// launcher opens the relay gate only after every service has subscribed to
/// the in-process bus, so no event is published before its consumers exist.
#[derive(Clone)]
pub struct Gate {
    tx: Arc<watch::Sender<bool>>,
}

impl Gate {
    pub fn closed() -> Self {
        Self { tx: Arc::new(watch::channel(false).0) }
    }
    pub fn open() -> Self {
        let gate = Self::closed();
        gate.release();
        gate
    }
    pub fn release(&self) {
        self.tx.send_replace(true);
    }
    pub async fn wait(&self) {
        let mut rx = self.tx.subscribe();
        let _ = rx.wait_for(|open| *open).await;
    }
}

/// How events that fail are retried before they are parked in the dead
/// letters: outbox rows the bus refuses (`OUTBOX_MAX_ATTEMPTS`,
/// `OUTBOX_RETRY_MS`) and events a consumer fails to handle
/// (`EVENT_MAX_ATTEMPTS`, `EVENT_RETRY_MS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventSettings {
    pub relay: RetryPolicy,
    pub consumer: RetryPolicy,
}

impl Default for EventSettings {
    fn default() -> Self {
        Self { relay: crate::outbox::RELAY_RETRY, consumer: crate::bus::CONSUMER_RETRY }
    }
}

impl EventSettings {
    pub fn from_env() -> anyhow::Result<Self> {
        let defaults = Self::default();
        Ok(Self { relay: RetryPolicy::from_env("OUTBOX", defaults.relay)?, consumer: RetryPolicy::from_env("EVENT", defaults.consumer)? })
    }
}

/// The adapters a service runs on, chosen by configuration.
#[derive(Clone)]
pub struct Infra {
    pub service: &'static str,
    pub db: Db,
    pub bus: Arc<dyn EventBus>,
    pub cache: Arc<dyn Cache>,
    pub outbox: Outbox,
    pub peers: Peers,
    pub shutdown: CancellationToken,
    pub relay_gate: Gate,
    pub events: EventSettings,
    /// Where a service may keep files (standalone: its data directory;
    /// otherwise `DATA_DIR` when set).
    pub data_dir: Option<std::path::PathBuf>,
    /// Settings given in code that win over the environment (a test's
    /// fake payment provider); see [`Infra::setting`].
    pub settings: Arc<std::collections::BTreeMap<String, String>>,
}

impl Infra {
    /// Connects every adapter named by `config`. Only the database must
    /// answer now; NATS and Redis are connected in the background (the
    /// process reports not ready until they answer).
    pub async fn connect(config: &ServiceConfig, shutdown: CancellationToken) -> anyhow::Result<Self> {
        let db = Db::connect(&config.database_url).await?;
        let bus = connect_bus(config.nats_url.as_deref(), config.nats_namespace.as_deref()).await?;
        let cache = connect_cache(config.redis_url.as_deref(), config.name).await?;
        Ok(Self {
            service: config.name,
            db,
            bus,
            cache,
            outbox: Outbox::new(),
            peers: config.peers.clone(),
            shutdown,
            relay_gate: Gate::open(),
            events: EventSettings::from_env()?,
            data_dir: std::env::var("DATA_DIR").ok().filter(|d| !d.is_empty()).map(Into::into),
            settings: Arc::default(),
        })
    }

    /// A setting: from [`Infra::settings`], else the environment; None
    /// when unset or empty.
    pub fn setting(&self, name: &str) -> Option<String> {
        self.settings.get(name).cloned().or_else(|| std::env::var(name).ok()).filter(|v| !v.trim().is_empty())
    }

    /// Starts the outbox relay of this service once the relay gate opens.
    pub fn spawn_relay(&self) -> tokio::task::JoinHandle<()> {
        let mut relay = Relay::new(self.service, self.db.clone(), self.bus.clone(), self.outbox.clone());
        relay.retry = self.events.relay;
        let (gate, shutdown) = (self.relay_gate.clone(), self.shutdown.clone());
        tokio::spawn(async move {
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = gate.wait() => {}
            }
            relay.run(shutdown).await;
        })
    }

    /// Runs `handler` on every event of type `M` as the durable consumer
    /// `name` (see [`crate::bus::consume`]): retried with this service's
    /// consumer policy, then parked in its `dead_letters` table.
    pub async fn consume<M, F, Fut>(&self, name: &'static str, handler: F) -> anyhow::Result<tokio::task::JoinHandle<()>>
    where
        M: spa_proto::EventMessage,
        F: Fn(Received<M>) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
    {
        let consumer = Consumer { name, retry: self.events.consumer, dead_letters: Some(self.db.clone()) };
        Ok(crate::bus::consume(self.bus.as_ref(), consumer, self.shutdown.clone(), handler).await?)
    }

    /// Ready when the database answers; the bus and the cache reported
    /// (see [`readiness`]).
    pub fn readiness(&self) -> crate::ops::ReadyCheck {
        readiness(Some(self.db.clone()), self.bus.clone(), self.cache.clone())
    }
}

/// How long a readiness probe waits for each dependency.
pub const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// A readiness check over what a process needs to serve: its database (if
/// it has one). The bus and the cache are asked alongside and reported, not
/// required: without NATS events wait in the outbox, without Redis reads go
/// uncached, and a process out of rotation would serve nobody, so an outage
/// of either keeps it ready. `dependency_up{dependency}` (1 or 0) in
/// `/metrics`, and a log line when one goes down or comes back, say what is
/// missing. Each is asked at once, within [`READY_TIMEOUT`].
pub fn readiness(db: Option<Db>, bus: Arc<dyn EventBus>, cache: Arc<dyn Cache>) -> crate::ops::ReadyCheck {
    let seen = Arc::new(Reported::default());
    Arc::new(move || {
        let (db, bus, cache, seen) = (db.clone(), bus.clone(), cache.clone(), seen.clone());
        Box::pin(async move {
            let db_ok = within(READY_TIMEOUT, async move {
                match db {
                    Some(db) => db.ping().await,
                    None => true,
                }
            });
            let bus_ok = within(READY_TIMEOUT, async move { bus.ready().await });
            let cache_ok = within(READY_TIMEOUT, async move { cache.ready().await });
            let (db_ok, bus_ok, cache_ok) = tokio::join!(db_ok, bus_ok, cache_ok);
            seen.report("database", &seen.database, db_ok);
            seen.report("bus", &seen.bus, bus_ok);
            seen.report("cache", &seen.cache, cache_ok);
            db_ok
        })
    })
}

/// A gateway's readiness: ready while every service it calls says it
/// serves (`grpc.health.v1`, each within [`READY_TIMEOUT`]; `upstream_up`
/// in `/metrics`), so a gateway that cannot reach them leaves the rotation
/// to those that can. Its bus and cache are reported as in [`readiness`],
/// not required.
pub fn gateway_readiness(peers: &Peers, bus: Arc<dyn EventBus>, cache: Arc<dyn Cache>) -> anyhow::Result<crate::ops::ReadyCheck> {
    let report = readiness(None, bus, cache);
    let upstreams: Vec<(&'static str, crate::grpc::Balanced)> =
        [("catalog", &peers.catalog), ("rooms", &peers.rooms), ("cart", &peers.cart), ("users", &peers.users), ("content", &peers.content)]
            .into_iter()
            .map(|(name, addr)| Ok((name, crate::grpc::channel(addr, READY_TIMEOUT, peers.refresh)?)))
            .collect::<anyhow::Result<_>>()?;
    Ok(Arc::new(move || {
        let (report, upstreams) = (report.clone(), upstreams.clone());
        Box::pin(async move {
            let checks = upstreams.into_iter().map(|(name, channel)| async move {
                let up = within(READY_TIMEOUT, crate::grpc::serving(channel)).await;
                metrics::gauge!("upstream_up", "upstream" => name).set(if up { 1.0 } else { 0.0 });
                if !up {
                    tracing::debug!(upstream = name, "not serving: not ready");
                }
                up
            });
            let (ups, _) = tokio::join!(futures::future::join_all(checks), report());
            ups.into_iter().all(|up| up)
        })
    }))
}

/// Whether `check` answered true within `limit`.
pub async fn within(limit: Duration, check: impl std::future::Future<Output = bool>) -> bool {
    tokio::time::timeout(limit, check).await.unwrap_or(false)
}

/// What the last probe found of each dependency: 0 not asked yet, 1 up, 2 down.
#[derive(Default)]
struct Reported {
    database: std::sync::atomic::AtomicU8,
    bus: std::sync::atomic::AtomicU8,
    cache: std::sync::atomic::AtomicU8,
}

impl Reported {
    fn report(&self, name: &'static str, last: &std::sync::atomic::AtomicU8, up: bool) {
        metrics::gauge!("dependency_up", "dependency" => name).set(if up { 1.0 } else { 0.0 });
        let now = if up { 1 } else { 2 };
        match last.swap(now, std::sync::atomic::Ordering::Relaxed) {
            before if before == now => {}
            2 => tracing::info!(dependency = name, "answers again"),
            _ if !up => tracing::warn!(dependency = name, "does not answer; serving without it"),
            _ => {}
        }
    }
}

/// NATS JetStream when a URL is given, otherwise a fresh in-process bus.
/// NATS need not be up: the bus connects and reconnects in the background.
pub async fn connect_bus(nats_url: Option<&str>, namespace: Option<&str>) -> anyhow::Result<Arc<dyn EventBus>> {
    Ok(match nats_url {
        Some(url) => Arc::new(NatsBus::connect(url, namespace).await.context("NATS_URL")?),
        None => Arc::new(InProcessBus::new()),
    })
}

/// Redis when a URL is given, otherwise moka with the service's byte budget.
/// Keys are prefixed by service. Redis need not be up: it is connected on
/// first use, and every call has the deadline `CACHE_TIMEOUT_MS`.
pub async fn connect_cache(redis_url: Option<&str>, service: &'static str) -> anyhow::Result<Arc<dyn Cache>> {
    Ok(match redis_url {
        Some(url) => Arc::new(RedisCache::new(url, &format!("spa:{service}:"), cache_timeout()?).context("REDIS_URL")?),
        None => Arc::new(MokaCache::new(service, local_cache_bytes()?)),
    })
}

/// The gateway's answer cache: Redis behind a near copy in process when a
/// URL is given (answers never change under their key, so hot ones may be
/// kept near), otherwise moka with `GATEWAY_CACHE_MAX_MB`.
pub async fn connect_gateway_cache(redis_url: Option<&str>) -> anyhow::Result<Arc<dyn Cache>> {
    Ok(match redis_url {
        Some(url) => {
            let redis = Arc::new(RedisCache::new(url, "spa:gateway:", cache_timeout()?).context("REDIS_URL")?);
            Arc::new(NearCache::new(MokaCache::new("gateway-near", gateway_near_cache_bytes()?), redis))
        }
        None => Arc::new(MokaCache::new("gateway", gateway_cache_bytes()?)),
    })
}

/// The deadline of every Redis call (`CACHE_TIMEOUT_MS`, default 100): past
/// it the call counts as a miss.
pub fn cache_timeout() -> anyhow::Result<Duration> {
    Ok(Duration::from_millis(crate::config::parse_or("CACHE_TIMEOUT_MS", 100u64)?))
}

/// The byte budget of one in-process cache (`CACHE_MAX_MB`, default 16).
pub fn local_cache_bytes() -> anyhow::Result<u64> {
    Ok(crate::config::parse_or("CACHE_MAX_MB", 16u64)? * 1024 * 1024)
}

/// The byte budget of the distributed gateway's in-process cache in front
/// of Redis (`GATEWAY_NEAR_CACHE_MAX_MB`, default 16): the answers it
/// serves most, without a round trip.
pub fn gateway_near_cache_bytes() -> anyhow::Result<u64> {
    Ok(crate::config::parse_or("GATEWAY_NEAR_CACHE_MAX_MB", 16u64)? * 1024 * 1024)
}

/// The byte budget of the gateway's in-process answer cache
/// (`GATEWAY_CACHE_MAX_MB`, default 48): a room-search answer is about
/// 3.5 KB gzipped, and a year of 1-7-night stays for the common parties,
/// some 10,000 answers, weighs 38.5 MB (measured under the benchmark).
pub fn gateway_cache_bytes() -> anyhow::Result<u64> {
    Ok(crate::config::parse_or("GATEWAY_CACHE_MAX_MB", 48u64)? * 1024 * 1024)
}

/// A started service: where its gRPC server is reached and the server's task.
pub struct Started {
    /// `http://host:port`, or an in-process address.
    pub url: String,
    pub task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// Cancels `token` on SIGTERM or Ctrl-C.
pub fn cancel_on_signal(token: CancellationToken) {
    tokio::spawn(async move {
        let ctrl_c = tokio::signal::ctrl_c();
        #[cfg(unix)]
        {
            let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM handler");
            tokio::select! { _ = ctrl_c => {}, _ = term.recv() => {} }
        }
        #[cfg(not(unix))]
        let _ = ctrl_c.await;
        tracing::info!("shutting down");
        token.cancel();
    });
}

/// A process's stop in two steps, as a rolling restart needs: on SIGTERM
/// (or Ctrl-C) `draining` is cancelled at once, so its readiness says no
/// ([`unready_while_draining`]) and the orchestrator or the balancer in
/// front sends it nothing new, while it goes on serving for
/// `SHUTDOWN_DELAY_MS` (0 by default: Kubernetes' `preStop` pause does it
/// before the signal); then `stop` is cancelled and the servers drain
/// their in-flight requests and exit.
pub fn drain_on_signal() -> anyhow::Result<(CancellationToken, CancellationToken)> {
    let linger = Duration::from_millis(crate::config::parse_or("SHUTDOWN_DELAY_MS", 0u64)?);
    let (draining, stop) = (CancellationToken::new(), CancellationToken::new());
    cancel_on_signal(draining.clone());
    {
        let (draining, stop) = (draining.clone(), stop.clone());
        tokio::spawn(async move {
            draining.cancelled().await;
            tokio::time::sleep(linger).await;
            stop.cancel();
        });
    }
    Ok((draining, stop))
}

/// `ready`, but not ready once `draining` is cancelled.
pub fn unready_while_draining(ready: crate::ops::ReadyCheck, draining: CancellationToken) -> crate::ops::ReadyCheck {
    Arc::new(move || {
        let (ready, draining) = (ready.clone(), draining.clone());
        Box::pin(async move { !draining.is_cancelled() && ready().await })
    })
}

/// The whole `main` of a service process: telemetry, configuration,
/// adapters, the service's gRPC server, the ops endpoints, and graceful
/// shutdown on SIGTERM.
pub async fn service_main<F, Fut>(name: &'static str, default_grpc_port: u16, start: F) -> anyhow::Result<()>
where
    F: FnOnce(Infra, crate::grpc::Listen) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<Started>>,
{
    crate::no_huge_pages();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("dead-letters") {
        let config = ServiceConfig::from_env(name, default_grpc_port)?;
        let db = Db::connect(&config.database_url).await?;
        print!("{}", crate::dead_letters::command(&db, &args[1..]).await?);
        return Ok(());
    }
    let _telemetry = crate::telemetry::init(name)?;
    let config = ServiceConfig::from_env(name, default_grpc_port)?;
    let shutdown = CancellationToken::new();
    cancel_on_signal(shutdown.clone());
    let infra = Infra::connect(&config, shutdown.clone()).await?;
    let ready = infra.readiness();
    let clock = infra.db.clock().clone();
    let listener = TcpListener::bind(config.grpc_addr).await.with_context(|| format!("binding {}", config.grpc_addr))?;
    let started = start(infra, listener.into()).await?;
    let ops_listener = TcpListener::bind(config.ops_addr).await.with_context(|| format!("binding {}", config.ops_addr))?;
    let mut ops_router = crate::ops::router(ready);
    if crate::ops::clock_control_on() {
        tracing::warn!(service = name, "CLOCK_CONTROL is on: the ops port moves this process's clock");
        ops_router = ops_router.merge(crate::ops::clock_control(clock));
    }
    let ops = tokio::spawn(crate::ops::serve(ops_listener, ops_router, shutdown.clone()));
    tracing::info!(service = name, grpc = %started.url, ops = %config.ops_addr, "serving");
    let result = started.task.await.context("gRPC server task")?;
    shutdown.cancel();
    let _ = ops.await;
    result
}
