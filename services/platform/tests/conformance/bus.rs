use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use spa_platform::bus::{Event, EventBus, InProcessBus, NatsBus, Subscription};
use spa_platform::testkit;

pub fn event(subject: &str, body: &str) -> Event {
    let mut headers = BTreeMap::new();
    headers.insert("traceparent".to_owned(), "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".to_owned());
    Event { id: uuid::Uuid::now_v7().to_string(), subject: subject.to_owned(), payload: body.as_bytes().to_vec().into(), headers }
}

async fn next(sub: &mut Subscription) -> spa_platform::bus::Delivery {
    tokio::time::timeout(Duration::from_secs(10), sub.next()).await.expect("an event within 10 s").expect("subscription open")
}

/// Publishing waits for in-process consumers, so publish from a task.
fn publish(bus: &Arc<dyn EventBus>, e: Event) -> tokio::task::JoinHandle<()> {
    let bus = bus.clone();
    tokio::spawn(async move { bus.publish(&e).await.expect("publish") })
}

async fn suite(bus: Arc<dyn EventBus>) {
    let durable = testkit::unique("d");
    let mut sub = bus.subscribe(&durable, "cart.order.*").await.unwrap();

    // Delivered whole: id, subject, payload and headers.
    let placed = event("cart.order.placed", "one");
    let p = publish(&bus, placed.clone());
    let d = next(&mut sub).await;
    assert_eq!(d.event, placed);
    d.ack().await;
    p.await.unwrap();

    // Subjects outside the filter are not delivered; a nacked event comes again.
    let other = publish(&bus, event("rooms.hold.expired", "not for us"));
    let paid = event("cart.order.paid", "two");
    let p = publish(&bus, paid.clone());
    let first = next(&mut sub).await;
    assert_eq!(first.event.id, paid.id, "only cart.order.* arrives");
    first.nack().await;
    let again = next(&mut sub).await;
    assert_eq!(again.event.id, paid.id, "a nacked event is redelivered");
    again.ack().await;
    p.await.unwrap();
    other.await.unwrap();

    // Nothing else is pending.
    assert!(tokio::time::timeout(Duration::from_millis(300), sub.next()).await.is_err(), "no stray deliveries");

    // Per-process subscriptions each get every event.
    let mut a = bus.subscribe_each("catalog.product.changed").await.unwrap();
    let mut b = bus.subscribe_each("catalog.product.changed").await.unwrap();
    let changed = event("catalog.product.changed", "three");
    let p = publish(&bus, changed.clone());
    for sub in [&mut a, &mut b] {
        let d = next(sub).await;
        assert_eq!(d.event.id, changed.id);
        d.ack().await;
    }
    p.await.unwrap();
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
