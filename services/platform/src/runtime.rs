//! What a service needs at run time ([`Infra`]) and the whole start-up of a
//! service process ([`service_main`]), so each service's `main.rs` is one call.

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use crate::bus::{EventBus, InProcessBus, NatsBus};
use crate::cache::{Cache, MokaCache, RedisCache};
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
}

impl Infra {
    /// Connects every adapter named by `config`.
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
        })
    }

    /// Starts the outbox relay of this service once the relay gate opens.
    pub fn spawn_relay(&self) -> tokio::task::JoinHandle<()> {
        let relay = Relay::new(self.db.clone(), self.bus.clone(), self.outbox.clone());
        let (gate, shutdown, service) = (self.relay_gate.clone(), self.shutdown.clone(), self.service);
        tokio::spawn(async move {
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = gate.wait() => {}
            }
            relay.run(service, shutdown).await;
        })
    }
}

/// NATS JetStream when a URL is given, otherwise a fresh in-process bus.
pub async fn connect_bus(nats_url: Option<&str>, namespace: Option<&str>) -> anyhow::Result<Arc<dyn EventBus>> {
    Ok(match nats_url {
        Some(url) => Arc::new(NatsBus::connect(url, namespace).await.context("connecting to NATS")?),
        None => Arc::new(InProcessBus::new()),
    })
}

/// Redis when a URL is given, otherwise moka with the service's byte budget.
/// Keys are prefixed by service.
pub async fn connect_cache(redis_url: Option<&str>, service: &'static str) -> anyhow::Result<Arc<dyn Cache>> {
    Ok(match redis_url {
        Some(url) => Arc::new(RedisCache::connect(url, &format!("spa:{service}:")).await.context("connecting to Redis")?),
        None if service == "gateway" => Arc::new(MokaCache::new("gateway", gateway_cache_bytes()?)),
        None => Arc::new(MokaCache::new(service, local_cache_bytes()?)),
    })
}

/// The byte budget of one in-process cache (`CACHE_MAX_MB`, default 16).
pub fn local_cache_bytes() -> anyhow::Result<u64> {
    Ok(crate::config::parse_or("CACHE_MAX_MB", 16u64)? * 1024 * 1024)
}

/// The byte budget of the gateway's in-process answer cache
/// (`GATEWAY_CACHE_MAX_MB`, default 48): a room-search answer is about
/// 3.5 KB gzipped, and a year of 1-7-night stays for the common parties,
/// some 10,000 answers, weighs 38.5 MB (measured under the benchmark).
pub fn gateway_cache_bytes() -> anyhow::Result<u64> {
    Ok(crate::config::parse_or("GATEWAY_CACHE_MAX_MB", 48u64)? * 1024 * 1024)
}

/// A started service: where its gRPC server listens and the server's task.
pub struct Started {
    pub addr: SocketAddr,
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

/// The whole `main` of a service process: telemetry, configuration,
/// adapters, the service's gRPC server, the ops endpoints, and graceful
/// shutdown on SIGTERM.
pub async fn service_main<F, Fut>(name: &'static str, default_grpc_port: u16, start: F) -> anyhow::Result<()>
where
    F: FnOnce(Infra, TcpListener) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<Started>>,
{
    crate::no_huge_pages();
    let _telemetry = crate::telemetry::init(name)?;
    let config = ServiceConfig::from_env(name, default_grpc_port)?;
    let shutdown = CancellationToken::new();
    cancel_on_signal(shutdown.clone());
    let infra = Infra::connect(&config, shutdown.clone()).await?;
    let db = infra.db.clone();
    let listener = TcpListener::bind(config.grpc_addr).await.with_context(|| format!("binding {}", config.grpc_addr))?;
    let started = start(infra, listener).await?;
    let ops_listener = TcpListener::bind(config.ops_addr).await.with_context(|| format!("binding {}", config.ops_addr))?;
    let ready: crate::ops::ReadyCheck = Arc::new(move || {
        let db = db.clone();
        Box::pin(async move { db.ping().await })
    });
    let ops = tokio::spawn(crate::ops::serve(ops_listener, crate::ops::router(ready), shutdown.clone()));
    tracing::info!(service = name, grpc = %started.addr, ops = %config.ops_addr, "serving");
    let result = started.task.await.context("gRPC server task")?;
    shutdown.cancel();
    let _ = ops.await;
    result
}
