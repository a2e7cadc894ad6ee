use std::time::Duration;

use spa_platform::cache::{Cache, CacheError, MokaCache, RedisCache};
use spa_platform::testkit;

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
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(cache.get(&short).await.unwrap(), None, "expired after its TTL");

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
    let cache = RedisCache::connect(&testkit::redis_url(), &testkit::unique("spa_test:")).await.unwrap();
    suite(&cache).await;
}

#[tokio::test]
async fn redis_down_is_an_error_not_a_hang() {
    // Nothing listens on port 1.
    let started = std::time::Instant::now();
    let result = RedisCache::connect("redis://127.0.0.1:1", "x:").await;
    assert!(result.is_err());
    assert!(started.elapsed() < Duration::from_secs(10));
}
