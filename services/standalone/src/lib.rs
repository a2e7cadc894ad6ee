//! The standalone mode: all five services and the gateway in one process.
//! Each service keeps its own tonic server on a loopback port and its own
//! SQLite file, so the code paths are those of the distributed mode; only
//! the adapters differ (in-process bus, moka cache).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use spa_gateway::{AppState, GatewayConfig};
use spa_platform::bus::{EventBus, InProcessBus};
use spa_platform::cache::MokaCache;
use spa_platform::config::Peers;
use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_platform::runtime::{Gate, Infra, Started};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

pub struct StackConfig {
    pub http_addr: SocketAddr,
    /// `/healthz`, `/readyz` and `/metrics` of the whole process (`OPS_ADDR`).
    pub ops_addr: SocketAddr,
    pub data_dir: PathBuf,
    pub gateway: GatewayConfig,
}

impl StackConfig {
    pub fn from_env() -> anyhow::Result<Self> {
        Ok(Self {
            http_addr: spa_platform::config::parse_or("HTTP_ADDR", SocketAddr::from(([0, 0, 0, 0], 8080)))?,
            ops_addr: spa_platform::config::parse_or("OPS_ADDR", SocketAddr::from(([127, 0, 0, 1], 9090)))?,
            data_dir: spa_platform::config::var_or("DATA_DIR", "./data").into(),
            gateway: GatewayConfig::from_env()?,
        })
    }
}

/// A running stack.
pub struct Stack {
    pub http_addr: SocketAddr,
    pub ops_addr: SocketAddr,
    pub peers: Peers,
    pub dbs: Vec<(&'static str, Db)>,
    pub shutdown: CancellationToken,
    tasks: Vec<(&'static str, tokio::task::JoinHandle<anyhow::Result<()>>)>,
}

async fn loopback() -> anyhow::Result<(TcpListener, String)> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = format!("http://{}", listener.local_addr()?);
    Ok((listener, addr))
}

impl Stack {
    /// Starts the five services, opens the relays once every consumer has
    /// subscribed, then starts the gateway on `config.http_addr`.
    pub async fn start(config: StackConfig, shutdown: CancellationToken) -> anyhow::Result<Self> {
        let names = ["catalog", "rooms", "cart", "users", "content"];
        let mut listeners = Vec::new();
        let mut addrs = Vec::new();
        for _ in names {
            let (l, a) = loopback().await?;
            listeners.push(l);
            addrs.push(a);
        }
        let peers = Peers {
            catalog: addrs[0].clone(),
            rooms: addrs[1].clone(),
            cart: addrs[2].clone(),
            users: addrs[3].clone(),
            content: addrs[4].clone(),
            timeout: config.gateway.peers.timeout,
        };
        let bus: Arc<dyn EventBus> = Arc::new(InProcessBus::new());
        let gate = Gate::closed();
        let mut dbs = Vec::new();
        let mut tasks = Vec::new();
        let mut listeners = listeners.into_iter();
        for name in names {
            let url = format!("sqlite://{}/{name}.db?mode=rwc", config.data_dir.display());
            let db = Db::connect(&url).await.with_context(|| format!("opening {url}"))?;
            dbs.push((name, db.clone()));
            let infra = Infra {
                service: name,
                db,
                bus: bus.clone(),
                cache: Arc::new(MokaCache::new(name, spa_platform::runtime::local_cache_bytes()?)),
                outbox: Outbox::new(),
                peers: peers.clone(),
                shutdown: shutdown.clone(),
                relay_gate: gate.clone(),
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
            tracing::info!(service = name, grpc = %started.addr, "service started");
            tasks.push((name, started.task));
        }
        gate.release();

        let mut gateway_config = config.gateway;
        gateway_config.peers = peers.clone();
        let state = AppState::with_cache(
            gateway_config,
            Arc::new(MokaCache::new("gateway", spa_platform::runtime::gateway_cache_bytes()?)),
            bus.as_ref(),
            shutdown.clone(),
        )
        .await?;
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
        let ops = spa_platform::ops::router(ready.clone());
        tasks.push(("ops", tokio::spawn(spa_platform::ops::serve(ops_listener, ops, shutdown.clone()))));
        tasks.push(("gateway", tokio::spawn(spa_gateway::serve(listener, state, ready, shutdown.clone()))));
        Ok(Self { http_addr, ops_addr, peers, dbs, shutdown, tasks })
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
