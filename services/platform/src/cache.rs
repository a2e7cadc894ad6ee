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

/// Heap bytes one moka entry costs beyond its key and value: moka's entry,
/// its access-order and expiry nodes, a second copy of the key and the
/// value's `Arc` header. Measured with mimalloc by inserting 10,000 entries
/// and reading the process's RSS: 629 B per entry with 200-byte values,
/// 3,992 B with 3,400-byte values, 12,794 B with 11,000-byte values (keys of
/// 55 bytes), i.e. about 370 B plus the allocator's rounding of the value to
/// its size class (up to a quarter, an eighth on average).
pub const ENTRY_OVERHEAD_BYTES: usize = 384;

/// What an entry weighs against a cache's byte budget: its key and value,
/// the value's average size-class rounding and [`ENTRY_OVERHEAD_BYTES`], so
/// the budget bounds the heap the cache really holds (counting the key and
/// value alone, a full cache held 15% more than its budget).
pub fn entry_weight(key_len: usize, value_len: usize) -> u32 {
    u32::try_from(key_len + value_len + value_len / 8 + ENTRY_OVERHEAD_BYTES).unwrap_or(u32::MAX)
}

/// In-process cache, bounded by the bytes of its entries (cached answers
/// range from a few bytes to tens of kilobytes, so a count would not bound
/// memory). Its entries and weight are the gauges `cache_entries` and
/// `cache_weighted_bytes` (label `cache`).
#[derive(Clone)]
pub struct MokaCache {
    inner: moka::future::Cache<String, Entry>,
    name: &'static str,
}

impl MokaCache {
    /// A cache called `name` (in metrics) holding at most `max_bytes` by
    /// [`entry_weight`].
    pub fn new(name: &'static str, max_bytes: u64) -> Self {
        let inner = moka::future::Cache::builder()
            .max_capacity(max_bytes)
            .weigher(|k: &String, v: &Entry| entry_weight(k.len(), v.value.len()))
            .expire_after(PerEntryTtl)
            .build();
        Self { inner, name }
    }

    /// Entries and their total weight, as of moka's last housekeeping.
    pub fn usage(&self) -> (u64, u64) {
        (self.inner.entry_count(), self.inner.weighted_size())
    }

    fn report(&self) {
        let (entries, bytes) = self.usage();
        metrics::gauge!("cache_entries", "cache" => self.name).set(entries as f64);
        metrics::gauge!("cache_weighted_bytes", "cache" => self.name).set(bytes as f64);
    }
}

#[async_trait]
impl Cache for MokaCache {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, CacheError> {
        Ok(self.inner.get(key).await.map(|e| e.value.to_vec()))
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Duration) -> Result<(), CacheError> {
        self.inner.insert(key.to_owned(), Entry { value: value.into(), ttl: Some(ttl) }).await;
        self.report();
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

/// How long a value read from the far cache is kept in a [`NearCache`].
pub const NEAR_FILL_TTL: Duration = Duration::from_secs(10);

/// A small in-process cache in front of a shared one (Redis), for values
/// that never change under their key, such as the gateway's answers, whose
/// keys name the state they were built from: a value held near costs no
/// round trip. Writes go to both with their time to live; a value read from
/// the far cache is kept near for [`NEAR_FILL_TTL`] at most. Counters,
/// deletes and readiness are the far cache's.
#[derive(Clone)]
pub struct NearCache {
    near: MokaCache,
    far: Arc<dyn Cache>,
}

impl NearCache {
    pub fn new(near: MokaCache, far: Arc<dyn Cache>) -> Self {
        Self { near, far }
    }
}

#[async_trait]
impl Cache for NearCache {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, CacheError> {
        if let Ok(Some(value)) = self.near.get(key).await {
            return Ok(Some(value));
        }
        let value = self.far.get(key).await?;
        if let Some(value) = &value {
            self.near.set(key, value, NEAR_FILL_TTL).await?;
        }
        Ok(value)
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Duration) -> Result<(), CacheError> {
        self.near.set(key, value, ttl).await?;
        self.far.set(key, value, ttl).await
    }

    async fn delete(&self, key: &str) -> Result<(), CacheError> {
        self.near.delete(key).await?;
        self.far.delete(key).await
    }

    async fn incr(&self, key: &str, by: i64) -> Result<i64, CacheError> {
        self.far.incr(key, by).await
    }

    async fn ready(&self) -> bool {
        self.far.ready().await
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
        format!("{:016x}.{}", self.epoch, self.count())
    }

    /// This process's random epoch, for keys that hold other counters too.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// How often this generation has been bumped.
    pub fn count(&self) -> u64 {
        self.count.load(std::sync::atomic::Ordering::Acquire)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_near_cache_answers_what_it_holds_and_fills_from_the_far_one() {
        let far = Arc::new(MokaCache::new("far", 1 << 20));
        let cache = NearCache::new(MokaCache::new("near", 1 << 20), far.clone());
        cache.set("a", b"1", Duration::from_secs(60)).await.unwrap();
        assert_eq!(far.get("a").await.unwrap().as_deref(), Some(&b"1"[..]), "written through");
        far.delete("a").await.unwrap();
        assert_eq!(cache.get("a").await.unwrap().as_deref(), Some(&b"1"[..]), "held near");
        far.set("b", b"2", Duration::from_secs(60)).await.unwrap();
        assert_eq!(cache.get("b").await.unwrap().as_deref(), Some(&b"2"[..]), "read from far");
        far.delete("b").await.unwrap();
        assert_eq!(cache.get("b").await.unwrap().as_deref(), Some(&b"2"[..]), "and kept near");
        cache.delete("b").await.unwrap();
        assert_eq!(cache.get("b").await.unwrap(), None);
        assert_eq!((cache.incr("n", 2).await.unwrap(), far.get("n").await.unwrap().as_deref()), (2, Some(&b"2"[..])));
    }

    /// Heap bytes per entry measured with mimalloc (see
    /// `ENTRY_OVERHEAD_BYTES`): a budget must bound what the cache holds.
    #[test]
    fn an_entry_weighs_about_what_it_costs_on_the_heap() {
        for (value_len, measured) in [(200usize, 629u32), (3_400, 3_992), (11_000, 12_794)] {
            let weight = entry_weight(55, value_len);
            let error = (f64::from(weight) - f64::from(measured)) / f64::from(measured);
            assert!(error.abs() < 0.10, "{value_len}-byte value weighs {weight}, costs {measured}");
        }
    }
}
