use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use spa_platform::bus::{BusError, Event, EventBus, InProcessBus, NatsBus, Subscription};
use spa_platform::testkit::{self, NatsServer};
use spa_proto::EventMessage;

pub fn event(subject: &str, body: &str) -> Event {
    let mut headers = BTreeMap::new();
    headers.insert("traceparent".to_owned(), "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".to_owned());
    Event { id: uuid::Uuid::now_v7().to_string(), subject: subject.to_owned(), payload: body.as_bytes().to_vec().into(), headers }
}

pub async fn next(sub: &mut Subscription) -> spa_platform::bus::Delivery {
    tokio::time::timeout(Duration::from_secs(30), sub.next()).await.expect("an event within 30 s").expect("subscription open")
}

/// Publishing waits for in-process consumers, so publish from a task.
pub fn publish(bus: &Arc<dyn EventBus>, e: Event) -> tokio::task::JoinHandle<()> {
    let bus = bus.clone();
    tokio::spawn(async move { bus.publish(&e).await.expect("publish") })
}

async fn suite(bus: Arc<dyn EventBus>) {
    assert!(bus.ready().await);
    let durable = testkit::unique("d");
    let mut sub = bus.subscribe(&durable, "cart.order.*").await.unwrap();

    // Delivered whole: id, subject, payload and headers.
    let placed = event("cart.order.placed", "one");
    let p = publish(&bus, placed.clone());
    let d = next(&mut sub).await;
    assert_eq!(d.event, placed);
    assert_eq!(d.attempt, 1);
    d.ack().await;
    p.await.unwrap();

    // Subjects outside the filter are not delivered; a nacked event comes again.
    let other = publish(&bus, event("rooms.hold.expired", "not for us"));
    let paid = event("cart.order.paid", "two");
    let p = publish(&bus, paid.clone());
    let first = next(&mut sub).await;
    assert_eq!(first.event.id, paid.id, "only cart.order.* arrives");
    first.nack(Duration::ZERO).await;
    let again = next(&mut sub).await;
    assert_eq!((again.event.id.as_str(), again.attempt), (paid.id.as_str(), 2), "a nacked event is redelivered, counted");
    again.ack().await;
    p.await.unwrap();
    other.await.unwrap();

    // Nothing else is pending.
    assert!(tokio::time::timeout(Duration::from_millis(300), sub.next()).await.is_err(), "no stray deliveries");

    // Per-process subscriptions each get every event.
    let mut a = bus.subscribe_each("catalog.product.changed").await.unwrap();
    let mut b = bus.subscribe_each("catalog.product.changed").await.unwrap();
    let changed = Event::of(&spa_proto::events::ProductChanged {
        codes: vec!["X".into()],
        product_type: spa_proto::common::ProductType::Treatment as i32,
    });
    assert_eq!(changed.subject, "catalog.product.changed", "the subject comes from the message type");
    let p = publish(&bus, changed.clone());
    for sub in [&mut a, &mut b] {
        let d = next(sub).await;
        assert_eq!(d.event.id, changed.id);
        d.ack().await;
    }
    p.await.unwrap();

    // An event without an id is refused, never taken and later skipped as
    // "already handled"; so is a subject with a wildcard.
    let mut no_id = event("cart.order.placed", "x");
    no_id.id = String::new();
    assert!(matches!(bus.publish(&no_id).await, Err(BusError::Invalid(_))), "no id");
    assert!(matches!(bus.publish(&event("cart.order.*", "x")).await, Err(BusError::Invalid(_))), "wildcard subject");
    assert!(tokio::time::timeout(Duration::from_millis(300), sub.next()).await.is_err(), "neither was delivered");
}

#[tokio::test]
async fn in_process_bus_conforms() {
    suite(Arc::new(InProcessBus::new())).await;
}

#[tokio::test]
#[cfg_attr(not(has_nats), ignore = "TEST_NATS_URL is not set")]
async fn nats_bus_conforms() {
    let ns = testkit::unique("t");
    let bus = NatsBus::connect(&testkit::nats_url(), Some(&ns)).await.unwrap();
    suite(Arc::new(bus.clone())).await;
    bus.delete_stream().await.unwrap();
}

#[tokio::test]
async fn in_process_bus_never_counts_an_event_delivered_to_a_consumer_that_is_gone() {
    let bus: Arc<dyn EventBus> = Arc::new(InProcessBus::new());
    // A durable consumer subscribes, then stops.
    drop(bus.subscribe("mailer", "content.>").await.unwrap());
    let e = event("content.newsletter.subscribed", "x");
    assert!(matches!(bus.publish(&e).await, Err(BusError::Unavailable(_))), "kept for the consumer, not dropped");

    // It takes the event, then stops before acking it.
    let mut sub = bus.subscribe("mailer", "content.>").await.unwrap();
    let p = {
        let (bus, e) = (bus.clone(), e.clone());
        tokio::spawn(async move { bus.publish(&e).await })
    };
    let d = next(&mut sub).await;
    drop((d, sub));
    assert!(matches!(p.await.unwrap(), Err(BusError::Unavailable(_))), "unacked by a consumer that went away");

    // Back again, it gets the event.
    let mut sub = bus.subscribe("mailer", "content.>").await.unwrap();
    let p = publish(&bus, e.clone());
    let d = next(&mut sub).await;
    assert_eq!(d.event.id, e.id);
    d.ack().await;
    p.await.unwrap();

    // A per-process subscriber that went away wanted nothing more.
    drop(bus.subscribe_each("rooms.>").await.unwrap());
    bus.publish(&event("rooms.hold.expired", "x")).await.unwrap();
}

#[tokio::test]
#[cfg_attr(not(has_nats), ignore = "TEST_NATS_URL is not set")]
async fn nats_deduplicates_a_republished_event_and_keeps_events_for_late_consumers() {
    let ns = testkit::unique("t");
    let bus = NatsBus::connect(&testkit::nats_url(), Some(&ns)).await.unwrap();
    let e = event("users.customer.registered", "x");
    // Published twice (a relay that crashed before stamping the row) ...
    bus.publish(&e).await.unwrap();
    bus.publish(&e).await.unwrap();
    // ... and subscribed after the fact: the stream kept it, once.
    let mut sub = bus.subscribe("late", "users.>").await.unwrap();
    let d = next(&mut sub).await;
    assert_eq!(d.event, e);
    d.ack().await;
    assert!(tokio::time::timeout(Duration::from_millis(500), sub.next()).await.is_err(), "stored once");
    bus.delete_stream().await.unwrap();
}

/// Every declared event, published through the stream production makes.
async fn publish_every_declared_event(bus: &NatsBus) {
    for (message, subject) in spa_proto::event::EVENTS {
        bus.publish(&event(subject, message)).await.unwrap_or_else(|e| panic!("{message} on {subject}: {e}"));
    }
}

#[tokio::test]
#[cfg_attr(not(has_nats), ignore = "TEST_NATS_URL is not set")]
async fn the_production_stream_takes_every_declared_event() {
    // A server of our own, so the stream gets production's name and
    // subjects, no namespace.
    let server = NatsServer::start().await;
    let bus = NatsBus::connect(&server.url(), None).await.unwrap();
    assert_eq!(bus.stream_name(), "SPA_EVENTS");
    publish_every_declared_event(&bus).await;
    // A subject outside every declared context is refused, as it is in tests.
    let stray = bus.publish(&event("payments.refund.issued", "x")).await;
    assert!(matches!(stray, Err(BusError::Rejected(_))), "{stray:?}");
}

#[tokio::test]
#[cfg_attr(not(has_nats), ignore = "TEST_NATS_URL is not set")]
async fn a_test_namespace_takes_exactly_what_production_takes() {
    let ns = testkit::unique("t");
    let bus = NatsBus::connect(&testkit::nats_url(), Some(&ns)).await.unwrap();
    publish_every_declared_event(&bus).await;
    let stray = bus.publish(&event("payments.refund.issued", "x")).await;
    assert!(matches!(stray, Err(BusError::Rejected(_))), "a namespace is no catch-all: {stray:?}");
    bus.delete_stream().await.unwrap();
}

#[tokio::test]
#[cfg_attr(not(has_nats), ignore = "TEST_NATS_URL is not set")]
async fn a_stream_made_by_an_older_version_gains_the_subjects_it_lacks() {
    let ns = testkit::unique("t");
    // The stream as a version that knew only the catalog left it.
    let client = async_nats::connect(testkit::nats_url()).await.unwrap();
    let js = async_nats::jetstream::new(client);
    let name = format!("SPA_EVENTS_{}", ns.to_uppercase());
    js.create_stream(async_nats::jetstream::stream::Config {
        name: name.clone(),
        subjects: vec![format!("{ns}.catalog.>"), format!("{ns}.legacy.>")],
        ..Default::default()
    })
    .await
    .unwrap();
    let bus = NatsBus::connect(&testkit::nats_url(), Some(&ns)).await.unwrap();
    publish_every_declared_event(&bus).await;
    let subjects = js.get_stream(&name).await.unwrap().cached_info().config.subjects.clone();
    assert!(subjects.contains(&format!("{ns}.legacy.>")), "nothing is taken away: {subjects:?}");
    assert!(subjects.contains(&format!("{ns}.{}", spa_platform::bus::stream_subjects(None)[1])), "{subjects:?}");
    bus.delete_stream().await.unwrap();
}

#[test]
fn every_event_message_names_a_subject_the_stream_rule_covers() {
    // Compile-time binding: the outbox and consumers take subjects from types.
    assert_eq!(spa_proto::events::NewsletterSubscribed::SUBJECT, "content.newsletter.subscribed");
    let production = spa_platform::bus::stream_subjects(None);
    for subject in spa_proto::event::subjects() {
        assert!(production.iter().any(|p| spa_platform::bus::subject_matches(p, subject)), "{subject}");
    }
}
