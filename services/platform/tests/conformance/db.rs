use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use spa_platform::bus::{BusError, Event, EventBus, InProcessBus, Subscription};
use spa_platform::outbox::{Outbox, Relay, begin_once};
use spa_platform::testkit::{Backend, TestDb};
use sqlx::Row;

/// A bus that can be switched off, to stand for a broker outage.
struct Flaky {
    inner: InProcessBus,
    up: AtomicBool,
}

#[async_trait]
impl EventBus for Flaky {
    async fn publish(&self, event: &Event) -> Result<(), BusError> {
        if !self.up.load(Ordering::SeqCst) {
            return Err(BusError::Unavailable("down".into()));
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

fn message(text: &str) -> spa_proto::events::NewsletterSubscribed {
    spa_proto::events::NewsletterSubscribed {
        email: text.into(),
        locale: "pl".into(),
        confirmation_token: "t".into(),
        ..Default::default()
    }
}

pub async fn migrated(backend: Backend) -> TestDb {
    let t = TestDb::new(backend).await;
    t.db.migrate(sqlx::migrate!("./tests/migrations")).await.unwrap();
    // Running the migrations again is a no-op.
    t.db.migrate(sqlx::migrate!("./tests/migrations")).await.unwrap();
    t
}

async fn suite(backend: Backend) {
    let t = migrated(backend).await;
    let db = &t.db;
    assert!(db.ping().await);
    let outbox = Outbox::new();

    // The service's own table exists beside the platform's.
    sqlx::query("INSERT INTO notes (id, body) VALUES ($1, $2)").bind("n1").bind("ż").execute(db.pool()).await.unwrap();
    let body: String = sqlx::query("SELECT body FROM notes WHERE id = $1").bind("n1").fetch_one(db.pool()).await.unwrap().get(0);
    assert_eq!(body, "ż");

    // A rolled-back change leaves no event.
    let mut tx = db.begin().await.unwrap();
    outbox.add(&mut tx, &message("rolled@back")).await.unwrap();
    tx.rollback().await.unwrap();

    // A committed change's event waits in the outbox while the bus is down.
    let bus = Arc::new(Flaky { inner: InProcessBus::new(), up: AtomicBool::new(false) });
    let mut sub = bus.subscribe("mailer", "content.>").await.unwrap();
    let mut tx = db.begin().await.unwrap();
    let id = outbox.add(&mut tx, &message("a@b.pl")).await.unwrap();
    tx.commit().await.unwrap();
    let relay = Relay::new("test", db.clone(), bus.clone(), outbox.clone());
    assert!(relay.drain_once().await.is_err(), "bus down");
    assert_eq!(relay.pending().await.unwrap(), 1, "kept, not lost");

    // Once the bus is back, the relay delivers it, once.
    bus.up.store(true, Ordering::SeqCst);
    let consumer = tokio::spawn(async move {
        let d = tokio::time::timeout(Duration::from_secs(5), sub.next()).await.unwrap().unwrap();
        let e = d.event.clone();
        d.ack().await;
        e
    });
    assert_eq!(relay.drain_once().await.unwrap(), 1);
    let got = consumer.await.unwrap();
    assert_eq!(got.id, id);
    assert_eq!(got.subject, "content.newsletter.subscribed");
    let decoded: spa_proto::events::NewsletterSubscribed = prost::Message::decode(got.payload).unwrap();
    assert_eq!(decoded.email, "a@b.pl");
    assert_eq!(relay.pending().await.unwrap(), 0);
    assert_eq!(relay.drain_once().await.unwrap(), 0, "nothing published twice");
    // An outage is not the row's fault: it does not count toward parking it.
    let attempts: i64 = sqlx::query("SELECT attempts FROM outbox WHERE id = $1").bind(&id).fetch_one(db.pool()).await.unwrap().get(0);
    assert_eq!(attempts, 0);

    // An idempotent consumer handles an event id once; a rolled-back
    // handling does not count.
    let tx = begin_once(db, "mailer", &id).await.unwrap().expect("first time");
    tx.rollback().await.unwrap();
    let mut tx = begin_once(db, "mailer", &id).await.unwrap().expect("handled again after a rollback");
    sqlx::query("INSERT INTO notes (id, body) VALUES ($1, $2)").bind(&id).bind("sent").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    assert!(begin_once(db, "mailer", &id).await.unwrap().is_none(), "second delivery is skipped");
    assert!(begin_once(db, "another-consumer", &id).await.unwrap().is_some(), "per consumer");
    assert!(begin_once(db, "mailer", "").await.is_err(), "an event without an id is never taken for handled");
}

#[tokio::test]
async fn sqlite_database_and_outbox_conform() {
    suite(Backend::Sqlite).await;
}

#[tokio::test]
#[cfg_attr(not(has_postgres), ignore = "TEST_POSTGRES_URL is not set")]
async fn postgres_database_and_outbox_conform() {
    suite(Backend::Postgres).await;
}

#[tokio::test]
#[cfg_attr(not(has_postgres), ignore = "TEST_POSTGRES_URL is not set")]
async fn postgres_relays_share_rows_without_publishing_twice() {
    let t = migrated(Backend::Postgres).await;
    let outbox = Outbox::new();
    for i in 0..40 {
        let mut tx = t.db.begin().await.unwrap();
        outbox.add(&mut tx, &message(&format!("{i}@x.pl"))).await.unwrap();
        tx.commit().await.unwrap();
    }
    let bus = Arc::new(InProcessBus::new());
    let mut sub = bus.subscribe("count", "content.>").await.unwrap();
    let counter = tokio::spawn(async move {
        let mut ids = Vec::new();
        while let Ok(Some(d)) = tokio::time::timeout(Duration::from_secs(2), sub.next()).await {
            ids.push(d.event.id.clone());
            d.ack().await;
        }
        ids
    });
    let relays: Vec<_> = (0..3)
        .map(|_| {
            let relay = Relay::new("test", t.db.clone(), bus.clone(), outbox.clone());
            tokio::spawn(async move {
                let mut n = 0;
                for _ in 0..5 {
                    n += relay.drain_once().await.unwrap();
                }
                n
            })
        })
        .collect();
    let mut total = 0;
    for r in relays {
        total += r.await.unwrap();
    }
    let mut ids = counter.await.unwrap();
    assert_eq!(total, 40);
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 40, "every event once");
}
