//! The standalone mode: all five services and the gateway in one process.
//! Each service keeps its own gRPC server and its own SQLite file, so the
//! code paths are those of the distributed mode; only the adapters differ
//! (in-process bus, moka cache, and gRPC called in process: the generated
//! clients call the servers' tower services, no socket, no HTTP/2).
//! `STANDALONE_GRPC=loopback` serves each on a loopback port instead, as
//! before, to compare.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use spa_gateway::{AppState, GatewayConfig};
use spa_platform::bus::{EventBus, InProcessBus};
use spa_platform::cache::MokaCache;
use spa_platform::clock::Clock;
use spa_platform::config::Peers;
use spa_platform::db::Db;
use spa_platform::grpc::Listen;
use spa_platform::outbox::Outbox;
use spa_platform::runtime::{Gate, Infra, Started};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

/// Default of `STANDALONE_CACHE_MAX_MB`, the one byte budget of every
/// in-process cache of the standalone process.
pub const DEFAULT_CACHE_MAX_MB: u64 = 64;

/// Each cache's share of that budget, in 64ths. The gateway's gzipped
/// room-search answers come first: a year of 1-7-night stays for the common
/// parties is some 10,000 answers that weigh 38.5 MB (measured under the
/// benchmark), and 46/64 leaves a fifth of room to grow. The rooms service
/// stores no search the gateway asks for (`spa-fresh`), and its room
/// content is a few entries, so its share is mostly unused today; catalog
/// keeps listing pages; cart keeps the catalog answers its baskets need;
/// users and content cache nothing today.
pub const CACHE_SHARES: [(&str, u64); 6] = [("gateway", 46), ("rooms", 8), ("catalog", 6), ("cart", 2), ("users", 1), ("content", 1)];

/// The byte budget of each cache out of `total` bytes; the gateway also
/// gets the few bytes rounding leaves, so the budgets add up to `total`.
pub fn cache_budgets(total: u64) -> [(&'static str, u64); 6] {
    let parts: u64 = CACHE_SHARES.iter().map(|(_, share)| share).sum();
    let mut budgets = CACHE_SHARES.map(|(name, share)| (name, total / parts * share));
    budgets[0].1 += total % parts;
    budgets
}

/// `STANDALONE_CACHE_MAX_MB` in bytes. The per-process `CACHE_MAX_MB` and
/// `GATEWAY_CACHE_MAX_MB` do not apply here.
pub fn cache_budget_bytes() -> anyhow::Result<u64> {
    for ignored in ["CACHE_MAX_MB", "GATEWAY_CACHE_MAX_MB"] {
        if std::env::var_os(ignored).is_some() {
            tracing::warn!(variable = ignored, "ignored by the standalone process: STANDALONE_CACHE_MAX_MB bounds all its caches");
        }
    }
    Ok(spa_platform::config::parse_or("STANDALONE_CACHE_MAX_MB", DEFAULT_CACHE_MAX_MB)? * 1024 * 1024)
}

fn budget_of(budgets: &[(&'static str, u64)], name: &str) -> u64 {
    budgets.iter().find(|(n, _)| *n == name).map_or(0, |(_, bytes)| *bytes)
}

pub struct StackConfig {
    pub http_addr: SocketAddr,
    /// `/healthz`, `/readyz` and `/metrics` of the whole process (`OPS_ADDR`).
    pub ops_addr: SocketAddr,
    pub data_dir: PathBuf,
    pub gateway: GatewayConfig,
    /// Service settings that win over the environment (tests: a fake
    /// payment provider's address and keys).
    pub settings: std::collections::BTreeMap<String, String>,
    /// How the services call each other (`STANDALONE_GRPC`).
    pub grpc: GrpcLink,
}

impl StackConfig {
    pub fn from_env() -> anyhow::Result<Self> {
        Ok(Self {
            http_addr: spa_platform::config::parse_or("HTTP_ADDR", SocketAddr::from(([0, 0, 0, 0], 8080)))?,
            ops_addr: spa_platform::config::parse_or("OPS_ADDR", SocketAddr::from(([127, 0, 0, 1], 9090)))?,
            data_dir: spa_platform::config::var_or("DATA_DIR", "./data").into(),
            gateway: GatewayConfig::from_env()?,
            settings: Default::default(),
            grpc: spa_platform::config::parse_or("STANDALONE_GRPC", GrpcLink::InProcess)?,
        })
    }
}

/// A running stack.
pub struct Stack {
    pub http_addr: SocketAddr,
    pub ops_addr: SocketAddr,
    pub peers: Peers,
    pub dbs: Vec<(&'static str, Db)>,
    /// The one clock of the process, every service's and the gateway's.
    pub clock: Clock,
    pub shutdown: CancellationToken,
    tasks: Vec<(&'static str, tokio::task::JoinHandle<anyhow::Result<()>>)>,
}

/// How the services of the process call each other (`STANDALONE_GRPC`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GrpcLink {
    /// Each generated client calls its server's tower service.
    #[default]
    InProcess,
    /// Each server on a loopback port, called over HTTP/2.
    Loopback,
}

impl std::str::FromStr for GrpcLink {
    type Err = anyhow::Error;
    fn from_str(s: &str) -> anyhow::Result<Self> {
        match s.trim() {
            "in-process" => Ok(Self::InProcess),
            "loopback" => Ok(Self::Loopback),
            other => anyhow::bail!("`{other}` is neither in-process nor loopback"),
        }
    }
}

async fn listen(link: GrpcLink, service: &str) -> anyhow::Result<Listen> {
    Ok(match link {
        GrpcLink::InProcess => Listen::Local(spa_platform::local::address(service)),
        GrpcLink::Loopback => Listen::Tcp(TcpListener::bind("127.0.0.1:0").await?),
    })
}

impl Stack {
    /// Starts the five services, opens the relays once every consumer has
    /// subscribed, then starts the gateway on `config.http_addr`.
    pub async fn start(config: StackConfig, shutdown: CancellationToken) -> anyhow::Result<Self> {
        let names = ["catalog", "rooms", "cart", "users", "content"];
        let mut listeners = Vec::new();
        let mut addrs = Vec::new();
        for name in names {
            let l = listen(config.grpc, name).await?;
            addrs.push(l.url()?);
            listeners.push(l);
        }
        let peers = Peers {
            catalog: addrs[0].clone(),
            rooms: addrs[1].clone(),
            cart: addrs[2].clone(),
            users: addrs[3].clone(),
            content: addrs[4].clone(),
            timeout: config.gateway.peers.timeout,
            refresh: config.gateway.peers.refresh,
        };
        let budgets = cache_budgets(cache_budget_bytes()?);
        let events = spa_platform::runtime::EventSettings::from_env()?;
        tracing::info!(?budgets, "cache budgets in bytes");
        let bus: Arc<dyn EventBus> = Arc::new(InProcessBus::new());
        let gate = Gate::closed();
        let mut dbs = Vec::new();
        let mut tasks = Vec::new();
        let settings = Arc::new(config.settings.clone());
        let clock = Clock::system();
        let mut listeners = listeners.into_iter();
        for name in names {
            let url = format!("sqlite://{}/{name}.db?mode=rwc", config.data_dir.display());
            let db = Db::connect(&url).await.with_context(|| format!("opening {url}"))?.with_clock(clock.clone());
            dbs.push((name, db.clone()));
            let infra = Infra {
                service: name,
                db,
                bus: bus.clone(),
                cache: Arc::new(MokaCache::new(name, budget_of(&budgets, name))),
                outbox: Outbox::new(),
                peers: peers.clone(),
                shutdown: shutdown.clone(),
                relay_gate: gate.clone(),
                events,
                data_dir: Some(config.data_dir.clone()),
                settings: settings.clone(),
            };
            let listener = listeners.next().expect("one listener per service");
            let started: Started = match name {
                "catalog" => spa_catalog::start(infra, listener).await,
                "rooms" => spa_rooms::start(infra, listener).await,
                "cart" => spa_cart::start(infra, listener).await,
                "users" => spa_users::start(infra, listener).await,
                _ => spa_content::start(infra, listener).await,
            }
            .with_context(|| format!("starting {name}"))?;
            tracing::info!(service = name, grpc = %started.url, "service started");
            tasks.push((name, started.task));
        }
        gate.release();

        let mut gateway_config = config.gateway;
        gateway_config.peers = peers.clone();
        let state = AppState::with_cache(
            gateway_config,
            Arc::new(MokaCache::new("gateway", budget_of(&budgets, "gateway"))),
            bus.as_ref(),
            shutdown.clone(),
        )
        .await?
        .with_clock(clock.clone());
        let ready_dbs: Vec<Db> = dbs.iter().map(|(_, db)| db.clone()).collect();
        let ready: spa_platform::ops::ReadyCheck = Arc::new(move || {
            let dbs = ready_dbs.clone();
            Box::pin(async move {
                for db in &dbs {
                    if !db.ping().await {
                        return false;
                    }
                }
                true
            })
        });
        let listener = TcpListener::bind(config.http_addr).await.with_context(|| format!("binding {}", config.http_addr))?;
        let http_addr = listener.local_addr()?;
        let ops_listener = TcpListener::bind(config.ops_addr).await.with_context(|| format!("binding {}", config.ops_addr))?;
        let ops_addr = ops_listener.local_addr()?;
        let mut ops = spa_platform::ops::router(ready.clone());
        if spa_platform::ops::clock_control_on() {
            tracing::warn!("CLOCK_CONTROL is on: the ops port moves this process's clock");
            ops = ops.merge(spa_platform::ops::clock_control(clock.clone()));
        }
        tasks.push(("ops", tokio::spawn(spa_platform::ops::serve(ops_listener, ops, shutdown.clone()))));
        tasks.push(("gateway", tokio::spawn(spa_gateway::serve(listener, state, ready, shutdown.clone()))));
        Ok(Self { http_addr, ops_addr, peers, dbs, clock, shutdown, tasks })
    }

    /// Waits until every server has stopped; the first failure stops the rest.
    pub async fn wait(self) -> anyhow::Result<()> {
        let mut result = Ok(());
        for (name, task) in self.tasks {
            let outcome = task.await.context("server task panicked").and_then(|r| r);
            if let Err(e) = outcome {
                tracing::error!(server = name, error = %e, "server stopped");
                self.shutdown.cancel();
                if result.is_ok() {
                    result = Err(e.context(format!("{name} failed")));
                }
            }
        }
        result
    }

    pub fn db(&self, service: &str) -> &Db {
        &self.dbs.iter().find(|(n, _)| *n == service).expect("known service").1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_budgets_add_up_to_the_whole() {
        assert_eq!(CACHE_SHARES.iter().map(|(_, s)| s).sum::<u64>(), 64, "shares are 64ths");
        for total in [DEFAULT_CACHE_MAX_MB * 1024 * 1024, 1024 * 1024, 100 * 1024 * 1024 + 63, 63, 0] {
            let budgets = cache_budgets(total);
            assert_eq!(budgets.iter().map(|(_, b)| b).sum::<u64>(), total, "{budgets:?}");
            assert_eq!(budgets.map(|(name, _)| name), ["gateway", "rooms", "catalog", "cart", "users", "content"]);
        }
        let mb = cache_budgets(DEFAULT_CACHE_MAX_MB * 1024 * 1024).map(|(name, bytes)| (name, bytes / 1024 / 1024));
        assert_eq!(mb, [("gateway", 46), ("rooms", 8), ("catalog", 6), ("cart", 2), ("users", 1), ("content", 1)]);
    }

    /// The configuration reference states the default and every share.
    #[test]
    fn the_budgets_are_documented() {
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/CONFIGURATION.md")).unwrap();
        assert!(doc.contains(&format!("| `STANDALONE_CACHE_MAX_MB` | `{DEFAULT_CACHE_MAX_MB}` |")), "default of STANDALONE_CACHE_MAX_MB");
        for ((name, share), (_, bytes)) in CACHE_SHARES.iter().zip(cache_budgets(DEFAULT_CACHE_MAX_MB * 1024 * 1024)) {
            let row = format!("| {name} | {share}/64 | {} MB |", bytes / 1024 / 1024);
            assert!(doc.contains(&row), "no row `{row}` in docs/CONFIGURATION.md");
        }
    }
}
