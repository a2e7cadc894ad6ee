//! The cache behind one trait: moka in process (standalone) and Redis
//! (distributed). Values are bytes; counters are decimal strings, as in
//! Redis, so `incr` behaves the same on both. A cache failure is an error
//! for the caller to treat as a miss, never a reason to fail a request, and
//! it comes quickly: every Redis call has a short deadline
//! (`CACHE_TIMEOUT_MS`), and a process starts and serves while Redis is down.

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error("cache unavailable: {0}")]
    Unavailable(String),
    #[error("value at {0} is not an integer")]
    NotAnInteger(String),
}

#[async_trait]
pub trait Cache: Send + Sync + 'static {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, CacheError>;
    async fn set(&self, key: &str, value: &[u8], ttl: Duration) -> Result<(), CacheError>;
    async fn delete(&self, key: &str) -> Result<(), CacheError>;
    /// Adds `by` to the integer at `key` (a missing key counts as 0) and
    /// returns the new value; an existing expiry is kept.
    async fn incr(&self, key: &str, by: i64) -> Result<i64, CacheError>;

    /// The cache answers now (for readiness probes).
    async fn ready(&self) -> bool {
        true
    }
}

#[derive(Clone)]
struct Entry {
    value: Arc<[u8]>,
    /// `None` keeps the remaining time to live (counter updates).
    ttl: Option<Duration>,
}

struct PerEntryTtl;

impl moka::Expiry<String, Entry> for PerEntryTtl {
    fn expire_after_create(&self, _key: &String, value: &Entry, _at: Instant) -> Option<Duration> {
        value.ttl
    }

    fn expire_after_update(&self, _key: &String, value: &Entry, _at: Instant, left: Option<Duration>) -> Option<Duration> {
        value.ttl.or(left)
    }
}

/// In-process cache, bounded by the bytes of its keys and values (cached
/// answers range from a few bytes to tens of kilobytes, so a count would not
/// bound memory).
#[derive(Clone)]
pub struct MokaCache {
    inner: moka::future::Cache<String, Entry>,
}

impl MokaCache {
    pub fn new(max_bytes: u64) -> Self {
        let inner = moka::future::Cache::builder()
            .max_capacity(max_bytes)
            .weigher(|k: &String, v: &Entry| u32::try_from(k.len() + v.value.len() + 64).unwrap_or(u32::MAX))
            .expire_after(PerEntryTtl)
            .build();
        Self { inner }
    }
}

#[async_trait]
impl Cache for MokaCache {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, CacheError> {
        Ok(self.inner.get(key).await.map(|e| e.value.to_vec()))
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Duration) -> Result<(), CacheError> {
        self.inner.insert(key.to_owned(), Entry { value: value.into(), ttl: Some(ttl) }).await;
        Ok(())
    }

    async fn delete(&self, key: &str) -> Result<(), CacheError> {
        self.inner.invalidate(key).await;
        Ok(())
    }

    async fn incr(&self, key: &str, by: i64) -> Result<i64, CacheError> {
        use moka::ops::compute::{CompResult, Op};
        let mut bad = false;
        let result = self
            .inner
            .entry_by_ref(key)
            .and_compute_with(|current| {
                let now = match current {
                    None => Some(by),
                    Some(e) => std::str::from_utf8(&e.value().value).ok().and_then(|s| s.parse::<i64>().ok()).map(|n| n.saturating_add(by)),
                };
                let op = match now {
                    Some(n) => Op::Put(Entry { value: n.to_string().into_bytes().into(), ttl: None }),
                    None => {
                        bad = true;
                        Op::Nop
                    }
                };
                std::future::ready(op)
            })
            .await;
        if bad {
            return Err(CacheError::NotAnInteger(key.to_owned()));
        }
        let entry = match result {
            CompResult::Inserted(e) | CompResult::ReplacedWith(e) | CompResult::Unchanged(e) => e,
            _ => return Err(CacheError::NotAnInteger(key.to_owned())),
        };
        std::str::from_utf8(entry.value().value.as_ref())
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| CacheError::NotAnInteger(key.to_owned()))
    }
}

/// Redis cache; every key is prefixed so deployments and tests can share a server.
#[derive(Clone)]
pub struct RedisCache {
    conn: redis::aio::ConnectionManager,
    prefix: String,
    /// The deadline of every call.
    timeout: Duration,
}

/// How long a readiness probe waits for Redis's answer.
const READY_TIMEOUT: Duration = Duration::from_secs(1);

impl RedisCache {
    /// Returns at once (call it inside a Tokio runtime): the connection is
    /// made on first use and made again after every failure, so a process
    /// starts while Redis is down and uses it once it is back; until then
    /// every call fails within `timeout`, which callers take for a miss.
    /// Fails only on a malformed URL.
    pub fn new(url: &str, prefix: &str, timeout: Duration) -> anyhow::Result<Self> {
        let client = redis::Client::open(url)?;
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Duration::from_secs(1)))
            .set_response_timeout(Some(timeout))
            .set_number_of_retries(0);
        let conn = redis::aio::ConnectionManager::new_lazy_with_config(client, config)?;
        Ok(Self { conn, prefix: prefix.to_owned(), timeout })
    }

    fn key(&self, key: &str) -> String {
        format!("{}{key}", self.prefix)
    }

    /// Runs one command within `deadline`.
    async fn run<T: redis::FromRedisValue>(&self, cmd: &redis::Cmd, deadline: Duration) -> Result<T, redis::RedisError> {
        let mut conn = self.conn.clone();
        match tokio::time::timeout(deadline, cmd.query_async(&mut conn)).await {
            Ok(result) => result,
            Err(_) => {
                Err(redis::RedisError::from(std::io::Error::new(std::io::ErrorKind::TimedOut, format!("no answer within {deadline:?}"))))
            }
        }
    }
}

fn unavailable(e: redis::RedisError) -> CacheError {
    CacheError::Unavailable(e.to_string())
}

#[async_trait]
impl Cache for RedisCache {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, CacheError> {
        self.run(redis::cmd("GET").arg(self.key(key)), self.timeout).await.map_err(unavailable)
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Duration) -> Result<(), CacheError> {
        let ms = ttl.as_millis().max(1) as u64;
        self.run::<()>(redis::cmd("SET").arg(self.key(key)).arg(value).arg("PX").arg(ms), self.timeout).await.map_err(unavailable)
    }

    async fn delete(&self, key: &str) -> Result<(), CacheError> {
        self.run::<()>(redis::cmd("DEL").arg(self.key(key)), self.timeout).await.map_err(unavailable)
    }

    async fn incr(&self, key: &str, by: i64) -> Result<i64, CacheError> {
        self.run(redis::cmd("INCRBY").arg(self.key(key)).arg(by), self.timeout)
            .await
            .map_err(|e| if e.to_string().contains("not an integer") { CacheError::NotAnInteger(key.to_owned()) } else { unavailable(e) })
    }

    async fn ready(&self) -> bool {
        self.run::<String>(&redis::cmd("PING"), READY_TIMEOUT.max(self.timeout)).await.is_ok()
    }
}

/// A cache generation kept in this process: part of every cached answer's
/// key, bumped by the events (received with
/// [`crate::bus::EventBus::subscribe_each`], so every process sees each one)
/// that make answers stale. Reading it costs no round trip to the cache;
/// the random epoch keeps a restarted or another process from reading
/// answers that a generation of its own never saw invalidated.
#[derive(Clone)]
pub struct Generation {
    epoch: u64,
    count: Arc<std::sync::atomic::AtomicU64>,
}

impl Default for Generation {
    fn default() -> Self {
        Self::new()
    }
}

impl Generation {
    pub fn new() -> Self {
        Self { epoch: rand::random(), count: Arc::default() }
    }

    /// The key prefix of the current generation.
    pub fn current(&self) -> String {
        format!("{:016x}.{}", self.epoch, self.count.load(std::sync::atomic::Ordering::Acquire))
    }

    pub fn bump(&self) {
        self.count.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
    }

    /// Bumps this generation on every event of `subjects` (the subjects of
    /// [`spa_proto::EventMessage`]s) until `shutdown`. Each subscription is
    /// this process's own ([`crate::bus::EventBus::subscribe_each`]), and
    /// catches up after an outage of the bus.
    pub async fn follow(
        &self,
        bus: &dyn crate::bus::EventBus,
        subjects: &[&str],
        consumer: &'static str,
        shutdown: tokio_util::sync::CancellationToken,
    ) -> Result<(), crate::bus::BusError> {
        // Bumping cannot fail, so there is nothing to retry or park.
        let consumer = crate::bus::Consumer { name: consumer, retry: crate::bus::RetryPolicy::default(), dead_letters: None };
        for subject in subjects {
            let sub = bus.subscribe_each(subject).await?;
            let generation = self.clone();
            crate::bus::spawn_consumer(sub, consumer.clone(), shutdown.clone(), move |_| {
                generation.bump();
                std::future::ready(Ok(()))
            });
        }
        Ok(())
    }
}
