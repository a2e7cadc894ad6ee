//! Configuration from environment variables. Every variable has a default that
//! makes the standalone mode work out of the box; the distributed mode is
//! selected by setting `DATABASE_URL`, `NATS_URL` and `REDIS_URL`.
//! The full list lives in `docs/CONFIGURATION.md`.

use std::net::SocketAddr;
use std::str::FromStr;
use std::time::Duration;

use anyhow::{Context, anyhow};

/// The variable's value, or `None` when unset or empty.
pub fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

pub fn var_or(name: &str, default: &str) -> String {
    var(name).unwrap_or_else(|| default.to_owned())
}

/// Parses the variable, failing fast at start-up with the variable's name.
pub fn parse_or<T>(name: &str, default: T) -> anyhow::Result<T>
where
    T: FromStr,
    T::Err: std::fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(raw) => raw.parse().map_err(|e| anyhow!("environment variable {name}={raw:?} is invalid: {e}")),
    }
}

/// Settings every service process reads.
#[derive(Clone, Debug)]
pub struct ServiceConfig {
    pub name: &'static str,
    pub grpc_addr: SocketAddr,
    pub ops_addr: SocketAddr,
    pub database_url: String,
    pub nats_url: Option<String>,
    pub nats_namespace: Option<String>,
    pub redis_url: Option<String>,
    pub peers: Peers,
}

/// Where the other services listen, and the deadline of every call to them.
#[derive(Clone, Debug)]
pub struct Peers {
    pub catalog: String,
    pub rooms: String,
    pub cart: String,
    pub users: String,
    pub content: String,
    pub timeout: Duration,
    /// How often each peer's name is looked up again for its replicas.
    pub refresh: Duration,
}

impl Peers {
    pub fn from_env() -> anyhow::Result<Self> {
        Ok(Self {
            catalog: var_or("CATALOG_ADDR", "http://127.0.0.1:50051"),
            rooms: var_or("ROOMS_ADDR", "http://127.0.0.1:50052"),
            cart: var_or("CART_ADDR", "http://127.0.0.1:50053"),
            users: var_or("USERS_ADDR", "http://127.0.0.1:50054"),
            content: var_or("CONTENT_ADDR", "http://127.0.0.1:50055"),
            timeout: Duration::from_millis(parse_or("UPSTREAM_TIMEOUT_MS", 2000u64)?),
            refresh: Duration::from_millis(parse_or("PEER_REFRESH_MS", 5000u64)?),
        })
    }
}

/// The default SQLite file of a service under `DATA_DIR`.
pub fn default_database_url(service: &str) -> String {
    let dir = var_or("DATA_DIR", "./data");
    format!("sqlite://{dir}/{service}.db?mode=rwc")
}

impl ServiceConfig {
    pub fn from_env(name: &'static str, default_grpc_port: u16) -> anyhow::Result<Self> {
        Ok(Self {
            name,
            grpc_addr: parse_or("GRPC_ADDR", SocketAddr::from(([0, 0, 0, 0], default_grpc_port)))?,
            ops_addr: parse_or("OPS_ADDR", SocketAddr::from(([0, 0, 0, 0], 9090)))?,
            database_url: var("DATABASE_URL").unwrap_or_else(|| default_database_url(name)),
            nats_url: var("NATS_URL"),
            nats_namespace: var("NATS_NAMESPACE"),
            redis_url: var("REDIS_URL"),
            peers: Peers::from_env().context("peer addresses")?,
        })
    }
}
