use std::time::Duration;

use spa_platform::cache::{Cache, CacheError, MokaCache, RedisCache};
use spa_platform::testkit::{self, ProxyMode, TcpProxy, wait_until};

async fn suite(cache: &dyn Cache) {
    let k = testkit::unique("k");
    assert_eq!(cache.get(&k).await.unwrap(), None, "missing key");

    cache.set(&k, b"hello", Duration::from_secs(60)).await.unwrap();
    assert_eq!(cache.get(&k).await.unwrap().as_deref(), Some(&b"hello"[..]));
    cache.set(&k, b"again", Duration::from_secs(60)).await.unwrap();
    assert_eq!(cache.get(&k).await.unwrap().as_deref(), Some(&b"again"[..]), "set overwrites");

    cache.delete(&k).await.unwrap();
    assert_eq!(cache.get(&k).await.unwrap(), None, "deleted");
    cache.delete(&k).await.unwrap();

    let short = testkit::unique("ttl");
    cache.set(&short, b"x", Duration::from_millis(150)).await.unwrap();
    assert!(cache.get(&short).await.unwrap().is_some());
    // The backend's own expiry (moka's timer, Redis's PX), not our clock.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while cache.get(&short).await.unwrap().is_some() {
        assert!(tokio::time::Instant::now() < deadline, "expired after its TTL");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    let n = testkit::unique("n");
    assert_eq!(cache.incr(&n, 1).await.unwrap(), 1, "missing counts as 0");
    assert_eq!(cache.incr(&n, 5).await.unwrap(), 6);
    assert_eq!(cache.incr(&n, -2).await.unwrap(), 4);
    assert_eq!(cache.get(&n).await.unwrap().as_deref(), Some(&b"4"[..]), "counters read as decimal text");

    let word = testkit::unique("w");
    cache.set(&word, b"abc", Duration::from_secs(60)).await.unwrap();
    assert!(matches!(cache.incr(&word, 1).await, Err(CacheError::NotAnInteger(_))));

    // Concurrent increments are atomic.
    let c = testkit::unique("c");
    let futs = (0..50).map(|_| cache.incr(&c, 1));
    futures::future::join_all(futs).await.into_iter().for_each(|r| {
        r.unwrap();
    });
    assert_eq!(cache.incr(&c, 0).await.unwrap(), 50);
}

#[tokio::test]
async fn moka_cache_conforms() {
    suite(&MokaCache::new("test", 1024 * 1024)).await;
}

#[tokio::test]
#[cfg_attr(not(has_redis), ignore = "TEST_REDIS_URL is not set")]
async fn redis_cache_conforms() {
    let cache = RedisCache::new(&testkit::redis_url(), &testkit::unique("spa_test:"), Duration::from_millis(500)).unwrap();
    assert!(cache.ready().await);
    suite(&cache).await;
}

#[tokio::test]
async fn redis_down_is_a_miss_and_not_ready() {
    // Nothing listens on port 1; the cache is made all the same.
    let cache = RedisCache::new("redis://127.0.0.1:1", "x:", Duration::from_millis(100)).unwrap();
    assert!(matches!(cache.get("k").await, Err(CacheError::Unavailable(_))));
    assert!(cache.set("k", b"v", Duration::from_secs(1)).await.is_err());
    assert!(!cache.ready().await);
}

#[tokio::test]
#[cfg_attr(not(has_redis), ignore = "TEST_REDIS_URL is not set")]
async fn a_hung_redis_is_a_miss_within_the_call_deadline() {
    let proxy = TcpProxy::start(&testkit::redis_url()).await;
    let cache = RedisCache::new(&proxy.url("redis"), &testkit::unique("spa_test:"), Duration::from_millis(50)).unwrap();
    wait_until("Redis to answer", || cache.ready()).await;
    cache.set("k", b"v", Duration::from_secs(60)).await.unwrap();

    // Redis stops answering, the connection stays open.
    proxy.set(ProxyMode::Frozen);
    let started = std::time::Instant::now();
    assert!(matches!(cache.get("k").await, Err(CacheError::Unavailable(_))), "a miss");
    // The deadline is 50 ms; calls used to wait 2 s for an answer, twice.
    assert!(started.elapsed() < Duration::from_millis(1500), "took {:?}", started.elapsed());
    assert!(!cache.ready().await);

    proxy.set(ProxyMode::Open);
    wait_until("the cache to answer again", || async { cache.get("k").await.ok().flatten().as_deref() == Some(&b"v"[..]) }).await;
}

#[tokio::test]
#[cfg_attr(not(has_redis), ignore = "TEST_REDIS_URL is not set")]
async fn a_cache_made_while_redis_is_down_is_used_once_it_answers() {
    let proxy = TcpProxy::start_in(&testkit::redis_url(), ProxyMode::Cut).await;
    let cache = RedisCache::new(&proxy.url("redis"), &testkit::unique("spa_test:"), Duration::from_millis(100)).unwrap();
    assert!(cache.get("k").await.is_err());
    assert!(!cache.ready().await);
    proxy.set(ProxyMode::Open);
    wait_until("Redis to answer", || cache.ready()).await;
    cache.set("k", b"v", Duration::from_secs(60)).await.unwrap();
    assert_eq!(cache.get("k").await.unwrap().as_deref(), Some(&b"v"[..]));
}
