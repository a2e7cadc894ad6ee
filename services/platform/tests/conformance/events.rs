//! Poison events: a consumer that always fails, a handler that panics, a
//! payload that does not decode, an event without an id, and an outbox row
//! the bus refuses are each retried a bounded number of times with backoff
//! and then parked in the dead letters with their error, counted in
//! `events_dead_lettered_total`; the events behind them go on.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use prost::Message;
use spa_platform::bus::{BusError, Consumer, Event, EventBus, InProcessBus, NatsBus, Received, RetryPolicy, Subscription, consume};
use spa_platform::dead_letters::{self, DeadLetter};
use spa_platform::outbox::{Outbox, Relay};
use spa_platform::testkit::{self, Backend, wait_until};
use spa_proto::events::NewsletterSubscribed;
use sqlx::Row;
use tokio_util::sync::CancellationToken;

use crate::db::migrated;

fn signup(email: &str) -> NewsletterSubscribed {
    NewsletterSubscribed { email: email.into(), locale: "pl".into(), confirmation_token: "t".into(), ..Default::default() }
}

/// `events_dead_lettered_total` for `consumer` as `/metrics` shows it.
fn parked_count(consumer: &str) -> u64 {
    let text = spa_platform::ops::metrics_handle().render();
    text.lines()
        .filter(|l| l.starts_with("events_dead_lettered_total{") && l.contains(&format!("consumer=\"{consumer}\"")))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<u64>().ok())
        .sum()
}

fn by_email(letters: &[DeadLetter]) -> HashMap<String, DeadLetter> {
    letters
        .iter()
        .map(|l| {
            let email = NewsletterSubscribed::decode(l.payload.as_slice()).map(|m| m.email).unwrap_or_else(|_| "<garbage>".into());
            (email, l.clone())
        })
        .collect()
}

/// Outbox rows -> relay -> bus -> a typed consumer named `name` with three
/// attempts. Each suite names its own consumer: the counter it checks is
/// process-wide, and tests may share a process (`cargo test`).
async fn consumer_suite(
    name: &'static str,
    bus: Arc<dyn EventBus>,
    raw_publish: Option<Box<dyn Fn() -> futures::future::BoxFuture<'static, ()>>>,
) {
    let _metrics = spa_platform::ops::metrics_handle();
    let t = migrated(Backend::Sqlite).await;
    let shutdown = CancellationToken::new();
    let calls: Arc<Mutex<HashMap<String, u32>>> = Arc::default();
    let handled: Arc<Mutex<Vec<String>>> = Arc::default();
    let retry = RetryPolicy { max_attempts: 3, first_delay: Duration::from_millis(10), max_delay: Duration::from_millis(20) };
    let consumer = Consumer { name, retry, dead_letters: Some(t.db.clone()) };
    let (c, h) = (calls.clone(), handled.clone());
    consume::<NewsletterSubscribed, _, _>(bus.as_ref(), consumer, shutdown.clone(), move |r: Received<NewsletterSubscribed>| {
        let (calls, handled) = (c.clone(), h.clone());
        async move {
            *calls.lock().unwrap().entry(r.message.email.clone()).or_default() += 1;
            match r.message.email.as_str() {
                "poison@x.pl" => anyhow::bail!("no template for this locale"),
                "boom@x.pl" => panic!("the handler crashed"),
                email => {
                    handled.lock().unwrap().push(email.to_owned());
                    Ok(())
                }
            }
        }
    })
    .await
    .unwrap();

    // The poison goes first; the good events come behind it.
    let outbox = Outbox::new();
    for email in ["poison@x.pl", "boom@x.pl", "first@x.pl"] {
        let mut tx = t.db.begin().await.unwrap();
        outbox.add(&mut tx, &signup(email)).await.unwrap();
        tx.commit().await.unwrap();
    }
    // A payload that is not the subject's message.
    sqlx::query("INSERT INTO outbox (id, subject, payload, headers, created_at) VALUES ($1, $2, $3, '{}', 0)")
        .bind(uuid::Uuid::now_v7().to_string())
        .bind("content.newsletter.subscribed")
        .bind(vec![0x0a_u8, 0xff])
        .execute(t.db.pool())
        .await
        .unwrap();
    let mut tx = t.db.begin().await.unwrap();
    outbox.add(&mut tx, &signup("second@x.pl")).await.unwrap();
    tx.commit().await.unwrap();
    if let Some(raw) = &raw_publish {
        raw().await;
    }

    let relay = Relay::new(name, t.db.clone(), bus.clone(), outbox.clone());
    wait_until("the relay to publish every row", || async {
        relay.drain_once().await.unwrap();
        relay.pending().await.unwrap() == 0
    })
    .await;
    let expected_letters = if raw_publish.is_some() { 4 } else { 3 };
    wait_until("the good events handled and the poison parked", || async {
        handled.lock().unwrap().len() == 2 && dead_letters::list(&t.db).await.unwrap().len() == expected_letters
    })
    .await;

    let mut good = handled.lock().unwrap().clone();
    good.sort();
    assert_eq!(good, ["first@x.pl", "second@x.pl"]);
    let calls = calls.lock().unwrap().clone();
    assert_eq!((calls["poison@x.pl"], calls["boom@x.pl"]), (3, 3), "bounded attempts, then no more");
    let letters = dead_letters::list(&t.db).await.unwrap();
    assert!(letters.iter().all(|l| l.consumer == name && l.subject == "content.newsletter.subscribed"));
    let letters = by_email(&letters);
    assert_eq!(letters["poison@x.pl"].attempts, 3);
    assert!(letters["poison@x.pl"].error.contains("no template for this locale"), "{:?}", letters["poison@x.pl"]);
    assert!(letters["boom@x.pl"].error.contains("panicked"), "{:?}", letters["boom@x.pl"]);
    assert_eq!(letters["<garbage>"].attempts, 1, "a payload that does not decode is parked at once");
    if raw_publish.is_some() {
        let no_id: Vec<&DeadLetter> = letters.values().filter(|l| l.event_id.is_none()).collect();
        assert_eq!(no_id.len(), 1, "the event without an id is parked, not handled");
        assert!(no_id[0].error.contains("no id"), "{:?}", no_id[0]);
        assert!(!calls.contains_key("no-id@x.pl"));
    }
    assert_eq!(parked_count(name), expected_letters as u64);
    shutdown.cancel();
}

#[tokio::test]
async fn in_process_poison_events_are_parked_and_do_not_hold_up_the_relay() {
    consumer_suite("in-process-mailer", Arc::new(InProcessBus::new()), None).await;
}

#[tokio::test]
#[cfg_attr(not(has_nats), ignore = "TEST_NATS_URL is not set")]
async fn nats_poison_events_are_parked_and_do_not_hold_up_the_others() {
    let ns = testkit::unique("t");
    let bus = NatsBus::connect(&testkit::nats_url(), Some(&ns)).await.unwrap();
    // A foreign publisher that sets no Nats-Msg-Id.
    let subject = format!("{ns}.content.newsletter.subscribed");
    let raw = Box::new(move || {
        let subject = subject.clone();
        Box::pin(async move {
            let client = async_nats::connect(testkit::nats_url()).await.unwrap();
            let js = async_nats::jetstream::new(client);
            js.publish(subject, signup("no-id@x.pl").encode_to_vec().into()).await.unwrap().await.unwrap();
        }) as futures::future::BoxFuture<'static, ()>
    });
    consumer_suite("nats-mailer", Arc::new(bus.clone()), Some(raw)).await;
    bus.delete_stream().await.unwrap();
}

/// Refuses every event for `refused@x.pl`, as a broker whose stream lacks
/// a subject would; passes the rest on.
struct Refusing {
    inner: InProcessBus,
    refusals: AtomicU32,
}

#[async_trait]
impl EventBus for Refusing {
    async fn publish(&self, event: &Event) -> Result<(), BusError> {
        if NewsletterSubscribed::decode(event.payload.as_ref()).is_ok_and(|m| m.email == "refused@x.pl") {
            self.refusals.fetch_add(1, Ordering::SeqCst);
            return Err(BusError::Rejected("no stream takes this subject".into()));
        }
        self.inner.publish(event).await
    }
    async fn subscribe(&self, durable: &str, subject: &str) -> Result<Subscription, BusError> {
        self.inner.subscribe(durable, subject).await
    }
    async fn subscribe_each(&self, subject: &str) -> Result<Subscription, BusError> {
        self.inner.subscribe_each(subject).await
    }
}

/// The relay of service `service` (its dead letters go to `<service>-relay`,
/// a name of this suite's own, as in `consumer_suite`).
async fn relay_suite(service: &'static str, backend: Backend) {
    let _metrics = spa_platform::ops::metrics_handle();
    let t = migrated(backend).await;
    let db = &t.db;
    let bus = Arc::new(Refusing { inner: InProcessBus::new(), refusals: AtomicU32::new(0) });
    let mut sub = bus.subscribe_each("content.>").await.unwrap();
    let received: Arc<Mutex<Vec<String>>> = Arc::default();
    let r = received.clone();
    tokio::spawn(async move {
        while let Some(d) = sub.next().await {
            r.lock().unwrap().push(NewsletterSubscribed::decode(d.event.payload.as_ref()).unwrap().email);
            d.ack().await;
        }
    });
    let outbox = Outbox::new();
    let add = |email: &'static str| {
        let (db, outbox) = (db.clone(), outbox.clone());
        async move {
            let mut tx = db.begin().await.unwrap();
            let id = outbox.add(&mut tx, &signup(email)).await.unwrap();
            tx.commit().await.unwrap();
            id
        }
    };
    let refused = add("refused@x.pl").await;
    // A row without an id can never be published.
    sqlx::query("INSERT INTO outbox (id, subject, payload, headers, created_at) VALUES ('', $1, $2, '{}', 0)")
        .bind("content.newsletter.subscribed")
        .bind(signup("no-id@x.pl").encode_to_vec())
        .execute(db.pool())
        .await
        .unwrap();
    add("behind@x.pl").await;

    let mut relay = Relay::new(service, db.clone(), bus.clone(), outbox.clone());
    let relay_consumer = format!("{service}-relay");
    relay.retry = RetryPolicy { max_attempts: 3, first_delay: Duration::from_secs(3600), max_delay: Duration::from_secs(3600) };
    assert_eq!(relay.drain_once().await.unwrap(), 1, "the row behind the refused one goes out");
    assert_eq!(*received.lock().unwrap(), ["behind@x.pl"]);
    let row = sqlx::query("SELECT attempts, next_attempt_at, last_error FROM outbox WHERE id = $1")
        .bind(&refused)
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(row.get::<i64, _>("attempts"), 1);
    assert!(row.get::<i64, _>("next_attempt_at") > db.now_ms() + 3_500_000, "waits out its backoff");
    assert!(row.get::<String, _>("last_error").contains("no stream takes this subject"));

    // Not tried again before its time ...
    assert_eq!(relay.drain_once().await.unwrap(), 0);
    assert_eq!(bus.refusals.load(Ordering::SeqCst), 1);
    // ... and parked after its last attempt (the clock moved on).
    for attempt in 2..=3 {
        db.clock().advance(Duration::from_secs(3600));
        assert_eq!(relay.drain_once().await.unwrap(), 0);
        assert_eq!(bus.refusals.load(Ordering::SeqCst), attempt);
    }
    assert_eq!(relay.pending().await.unwrap(), 0, "nothing stuck in the outbox");
    let letters = dead_letters::list(db).await.unwrap();
    assert_eq!(letters.len(), 2, "{letters:?}");
    assert!(letters.iter().all(|l| l.consumer == relay_consumer));
    let letters = by_email(&letters);
    assert_eq!((letters["refused@x.pl"].attempts, letters["refused@x.pl"].event_id.as_deref()), (3, Some(refused.as_str())));
    assert!(letters["refused@x.pl"].error.contains("no stream takes this subject"));
    assert_eq!((letters["no-id@x.pl"].attempts, letters["no-id@x.pl"].event_id.as_deref()), (1, None), "parked at once");
    assert!(letters["no-id@x.pl"].error.contains("no id"), "{:?}", letters["no-id@x.pl"]);
    assert_eq!(parked_count(&relay_consumer), 2);

    // The relay carries on.
    add("after@x.pl").await;
    assert_eq!(relay.drain_once().await.unwrap(), 1);
    assert_eq!(*received.lock().unwrap(), ["behind@x.pl", "after@x.pl"]);
}

#[tokio::test]
async fn sqlite_relay_parks_a_row_the_bus_keeps_refusing() {
    relay_suite("sqlite-test", Backend::Sqlite).await;
}

#[tokio::test]
#[cfg_attr(not(has_postgres), ignore = "TEST_POSTGRES_URL is not set")]
async fn postgres_relay_parks_a_row_the_bus_keeps_refusing() {
    relay_suite("postgres-test", Backend::Postgres).await;
}
