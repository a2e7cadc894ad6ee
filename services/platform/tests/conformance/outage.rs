//! NATS and Redis going away and coming back: nothing is lost, consumers
//! catch up on their own, and readiness says what is going on. The shared
//! servers are never touched: a [`TcpProxy`] cuts this test's own
//! connections, or the test runs a NATS server of its own and kills it.

use std::sync::Arc;
use std::time::Duration;

use spa_platform::bus::{BusError, Event, EventBus, NatsBus, Subscription};
use spa_platform::cache::RedisCache;
use spa_platform::testkit::{self, NatsServer, ProxyMode, TcpProxy, TestDb, wait_until};

use crate::bus::{event, next};

/// Takes `n` events from `sub`, acks them, and checks nothing else comes.
async fn take(sub: &mut Subscription, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for _ in 0..n {
        let d = next(sub).await;
        ids.push(d.event.id.clone());
        d.ack().await;
    }
    assert!(tokio::time::timeout(Duration::from_millis(500), sub.next()).await.is_err(), "no more than {n} events");
    ids.sort();
    ids
}

fn ids(events: &[&Event]) -> Vec<String> {
    let mut ids: Vec<String> = events.iter().map(|e| e.id.clone()).collect();
    ids.sort();
    ids
}

/// Deletes every consumer of `stream` but `keep`, as the server does with
/// a per-process consumer nobody pulled from for a minute.
async fn drop_ephemeral_consumers(stream: &str, keep: &str) {
    use futures::TryStreamExt;
    let js = async_nats::jetstream::new(async_nats::connect(testkit::nats_url()).await.unwrap());
    let stream = js.get_stream(stream).await.unwrap();
    let names: Vec<String> = stream.consumer_names().try_collect().await.unwrap();
    for name in names.iter().filter(|n| n.as_str() != keep) {
        stream.delete_consumer(name).await.unwrap();
    }
    assert!(names.len() > 1, "the per-process consumer existed: {names:?}");
}

#[tokio::test]
#[cfg_attr(not(has_nats), ignore = "TEST_NATS_URL is not set")]
async fn nats_subscriptions_catch_up_after_an_outage_and_lose_nothing() {
    let ns = testkit::unique("t");
    let proxy = TcpProxy::start(&testkit::nats_url()).await;
    let bus = NatsBus::connect(&proxy.url("nats"), Some(&ns)).await.unwrap();
    // Another process that still reaches NATS.
    let other = NatsBus::connect(&testkit::nats_url(), Some(&ns)).await.unwrap();
    let mut durable = bus.subscribe("mailer", "cart.>").await.unwrap();
    let mut each = bus.subscribe_each("cart.>").await.unwrap();
    let before = event("cart.order.placed", "before");
    bus.publish(&before).await.unwrap();
    assert_eq!(take(&mut durable, 1).await, ids(&[&before]));
    assert_eq!(take(&mut each, 1).await, ids(&[&before]));

    proxy.set(ProxyMode::Cut);
    wait_until("the bus to report the outage", || async { !bus.ready().await }).await;
    let during = event("cart.order.paid", "during");
    assert!(matches!(bus.publish(&during).await, Err(BusError::Unavailable(_))), "kept by the caller (the outbox)");
    let elsewhere = event("cart.order.cancelled", "published elsewhere during the outage");
    other.publish(&elsewhere).await.unwrap();
    // A long outage: the server has dropped this process's own consumer.
    drop_ephemeral_consumers(bus.stream_name(), "mailer").await;

    proxy.set(ProxyMode::Open);
    wait_until("the bus to be ready again", || bus.ready()).await;
    bus.publish(&during).await.unwrap();
    assert_eq!(take(&mut durable, 2).await, ids(&[&during, &elsewhere]));
    assert_eq!(take(&mut each, 2).await, ids(&[&during, &elsewhere]));
    other.delete_stream().await.unwrap();
}

#[tokio::test]
#[cfg_attr(not(has_nats), ignore = "TEST_NATS_URL is not set")]
async fn a_nats_server_restart_loses_no_event() {
    let mut server = NatsServer::start().await;
    let bus = NatsBus::connect(&server.url(), None).await.unwrap();
    let mut durable = bus.subscribe("mailer", "content.>").await.unwrap();
    let mut each = bus.subscribe_each("content.>").await.unwrap();
    let first = event("content.newsletter.subscribed", "first");
    bus.publish(&first).await.unwrap();
    assert_eq!(take(&mut durable, 1).await, ids(&[&first]));
    assert_eq!(take(&mut each, 1).await, ids(&[&first]));

    server.stop();
    wait_until("the bus to report the outage", || async { !bus.ready().await }).await;
    let second = event("content.newsletter.subscribed", "second");
    assert!(matches!(bus.publish(&second).await, Err(BusError::Unavailable(_))));

    server.start_again().await;
    wait_until("the bus to be ready again", || bus.ready()).await;
    bus.publish(&second).await.unwrap();
    let third = event("content.newsletter.subscribed", "third");
    bus.publish(&third).await.unwrap();
    assert_eq!(take(&mut durable, 2).await, ids(&[&second, &third]));
    assert_eq!(take(&mut each, 2).await, ids(&[&second, &third]));
}

#[tokio::test]
#[cfg_attr(not(has_nats), ignore = "TEST_NATS_URL is not set")]
async fn a_bus_made_while_nats_is_down_attaches_when_it_comes_back() {
    let ns = testkit::unique("t");
    let proxy = TcpProxy::start_in(&testkit::nats_url(), ProxyMode::Cut).await;
    let bus = NatsBus::connect(&proxy.url("nats"), Some(&ns)).await.expect("starts without NATS");
    assert!(!bus.ready().await);
    let mut durable = bus.subscribe("mailer", "users.>").await.unwrap();
    let mut each = bus.subscribe_each("users.>").await.unwrap();
    let early = event("users.customer.registered", "published by another process while this one cannot reach NATS");
    let other = NatsBus::connect(&testkit::nats_url(), Some(&ns)).await.unwrap();
    other.publish(&early).await.unwrap();

    proxy.set(ProxyMode::Open);
    wait_until("the bus to be ready", || bus.ready()).await;
    let late = event("users.verification.requested", "late");
    bus.publish(&late).await.unwrap();
    assert_eq!(take(&mut durable, 2).await, ids(&[&early, &late]));
    assert_eq!(take(&mut each, 2).await, ids(&[&early, &late]));
    other.delete_stream().await.unwrap();
}

/// Without NATS events wait in the outbox and without Redis reads go
/// uncached, so a process stays ready through either outage and says what
/// is down in `/metrics`; without its database it is not ready.
#[tokio::test]
#[cfg_attr(not(all(has_nats, has_redis)), ignore = "TEST_NATS_URL and TEST_REDIS_URL must be set")]
async fn an_outage_of_the_bus_or_the_cache_keeps_a_process_ready_and_is_reported() {
    let nats = TcpProxy::start_in(&testkit::nats_url(), ProxyMode::Cut).await;
    let redis = TcpProxy::start_in(&testkit::redis_url(), ProxyMode::Cut).await;
    let ns = testkit::unique("t");
    let bus = Arc::new(NatsBus::connect(&nats.url("nats"), Some(&ns)).await.unwrap());
    let cache = Arc::new(RedisCache::new(&redis.url("redis"), &testkit::unique("spa_test:"), Duration::from_millis(100)).unwrap());
    let t = TestDb::sqlite().await;
    let metrics = spa_platform::ops::metrics_handle();
    let up = |dependency: &str| {
        let line = format!("dependency_up{{dependency=\"{dependency}\"}} ");
        metrics.render().lines().find_map(|l| l.strip_prefix(&line).map(|v| v == "1"))
    };
    let ready = spa_platform::runtime::readiness(Some(t.db.clone()), bus.clone(), cache.clone());
    assert!(ready().await, "ready with NATS and Redis down");
    assert_eq!((up("database"), up("bus"), up("cache")), (Some(true), Some(false), Some(false)));

    redis.set(ProxyMode::Open);
    wait_until("Redis reported up", || async { ready().await && up("cache") == Some(true) }).await;
    assert_eq!(up("bus"), Some(false), "NATS still down");
    nats.set(ProxyMode::Open);
    wait_until("NATS reported up", || async { ready().await && up("bus") == Some(true) }).await;

    nats.set(ProxyMode::Cut);
    wait_until("NATS reported down", || async { ready().await && up("bus") == Some(false) }).await;
    nats.set(ProxyMode::Open);
    wait_until("NATS reported up again", || async { ready().await && up("bus") == Some(true) }).await;

    t.db.close().await;
    assert!(!ready().await, "not ready without its database");
    assert_eq!(up("database"), Some(false));
    bus.delete_stream().await.unwrap();
}
