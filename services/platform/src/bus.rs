//! The event bus behind one trait: an in-process bus for the standalone mode
//! and NATS JetStream for the distributed mode.
//!
//! Delivery is at least once on both: a consumer acks after handling an
//! event, and an event that is not acked comes again. Consumers therefore
//! deduplicate by event id (see [`crate::outbox::begin_once`]), which is why
//! an event without an id is refused when it is published.
//!
//! [`consume`] (or [`crate::runtime::Infra::consume`]) subscribes by message
//! type; [`spawn_consumer`] runs a handler with bounded retries and parks an
//! event that keeps failing in the dead letters
//! ([`crate::dead_letters`]), so it never blocks the events behind it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use futures::FutureExt;
use spa_proto::EventMessage;
use tokio::sync::{mpsc, oneshot};

use crate::db::Db;

mod nats;
pub use nats::{NatsBus, stream_subjects};

/// One integration event as it travels on the bus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Unique id (UUIDv7), the de-duplication key for the broker and consumers.
    pub id: String,
    /// `<context>.<entity>.<verb>`, e.g. `cart.order.placed`.
    pub subject: String,
    /// The protobuf-encoded message of `spa.events.v1`.
    pub payload: Bytes,
    /// W3C trace context (`traceparent`, `tracestate`) and the like.
    pub headers: BTreeMap<String, String>,
}

impl Event {
    /// A new event carrying `message` on its subject, with a fresh id and
    /// the current trace context.
    pub fn of<M: EventMessage>(message: &M) -> Self {
        Self {
            id: uuid::Uuid::now_v7().to_string(),
            subject: M::SUBJECT.to_owned(),
            payload: message.encode_to_vec().into(),
            headers: crate::telemetry::current_trace_headers(),
        }
    }

    /// What every bus checks before taking an event: an id (without one,
    /// every consumer's de-duplication would take all such events for one)
    /// and a subject of non-empty dot-separated tokens without wildcards.
    pub fn validate(&self) -> Result<(), BusError> {
        if self.id.trim().is_empty() {
            return Err(BusError::Invalid(format!("event on {} has no id", self.subject)));
        }
        let valid_token = |t: &str| !t.is_empty() && t != "*" && t != ">" && !t.contains(|c: char| c.is_whitespace() || c.is_control());
        if !self.subject.split('.').all(valid_token) {
            return Err(BusError::Invalid(format!("event {} has an invalid subject {:?}", self.id, self.subject)));
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BusError {
    /// The bus cannot take events now; nothing is wrong with the event.
    #[error("event bus unavailable: {0}")]
    Unavailable(String),
    /// The bus took the event, but a consumer did not handle it.
    #[error("event was not acknowledged: {0}")]
    NotAcknowledged(String),
    /// The broker refused this event (e.g. no stream takes its subject); a
    /// change of configuration may let it through later.
    #[error("event refused by the bus: {0}")]
    Rejected(String),
    /// The event itself can never be published (no id, a bad subject, too large).
    #[error("invalid event: {0}")]
    Invalid(String),
}

#[async_trait]
pub trait EventBus: Send + Sync + 'static {
    /// Returns once the bus has taken the event durably (JetStream) or every
    /// current in-process subscriber has handled it. Refuses an event that
    /// fails [`Event::validate`].
    async fn publish(&self, event: &Event) -> Result<(), BusError>;

    /// A durable subscription: one named consumer, several processes sharing
    /// its name share its work. `subject` may use the NATS wildcards `*` and
    /// `>`. Returns at once even while the broker is unreachable; the
    /// subscription attaches (and re-attaches after an outage) on its own and
    /// then delivers every event it has not acked.
    async fn subscribe(&self, durable: &str, subject: &str) -> Result<Subscription, BusError>;

    /// A subscription of this process alone: every process that subscribes
    /// gets every event published from the call on (for dropping in-process
    /// caches), also those published while its connection to the broker was
    /// down. Events published while the process was not running are not
    /// replayed.
    async fn subscribe_each(&self, subject: &str) -> Result<Subscription, BusError>;

    /// The bus can take and deliver events now (for readiness probes).
    async fn ready(&self) -> bool {
        true
    }
}

/// Events delivered to a subscriber; each must be acked or nacked.
pub struct Subscription {
    rx: mpsc::Receiver<Delivery>,
}

impl Subscription {
    pub async fn next(&mut self) -> Option<Delivery> {
        self.rx.recv().await
    }
}

pub struct Delivery {
    pub event: Event,
    /// 1 on the first delivery of this event to this consumer, then 2, 3, ...
    pub attempt: u32,
    acker: Acker,
}

enum Acker {
    InProcess(oneshot::Sender<Outcome>),
    Nats(Box<async_nats::jetstream::Message>),
}

enum Outcome {
    Ack,
    Retry(Duration),
}

impl Delivery {
    /// The event was handled; it will not come again.
    pub async fn ack(self) {
        match self.acker {
            Acker::InProcess(tx) => {
                let _ = tx.send(Outcome::Ack);
            }
            Acker::Nats(msg) => {
                if let Err(e) = msg.ack().await {
                    tracing::warn!(error = %e, "ack failed; the event will come again");
                }
            }
        }
    }

    /// Handling failed; the event comes again after `delay`.
    pub async fn nack(self, delay: Duration) {
        match self.acker {
            Acker::InProcess(tx) => {
                let _ = tx.send(Outcome::Retry(delay));
            }
            Acker::Nats(msg) => {
                let kind = async_nats::jetstream::AckKind::Nak((!delay.is_zero()).then_some(delay));
                if let Err(e) = msg.ack_with(kind).await {
                    tracing::warn!(error = %e, "nak failed");
                }
            }
        }
    }
}

/// NATS subject matching: `*` is one token, `>` the rest (one or more tokens).
pub fn subject_matches(pattern: &str, subject: &str) -> bool {
    let mut pat = pattern.split('.');
    let mut sub = subject.split('.');
    loop {
        match (pat.next(), sub.next()) {
            (Some(">"), Some(_)) => return true,
            (Some("*"), Some(_)) => {}
            (Some(p), Some(s)) if p == s => {}
            (None, None) => return true,
            _ => return false,
        }
    }
}

struct Subscriber {
    /// `None` for a per-process subscription.
    durable: Option<String>,
    pattern: String,
    tx: mpsc::Sender<Delivery>,
}

#[derive(Default)]
struct Registry {
    subscribers: Vec<Subscriber>,
    /// Every durable consumer that ever subscribed, with its filter. Like a
    /// JetStream durable consumer it outlives its subscribers: while none of
    /// them runs, publishing an event it should get fails, so the outbox
    /// keeps the event instead of counting it delivered.
    durables: BTreeMap<String, String>,
}

/// How often the in-process bus hands a nacked event over again before it
/// gives up (a consumer of [`spawn_consumer`] parks the event long before).
const MAX_IN_PROCESS_DELIVERIES: u32 = 25;

/// The standalone mode's bus. `publish` hands the event to every matching
/// durable consumer and per-process subscriber and waits for its ack, so the
/// outbox row is stamped published only after the event was handled; a
/// crash before that leaves the row pending and the relay publishes it again
/// after restart. All subscriptions must therefore exist before the relays
/// start.
#[derive(Clone, Default)]
pub struct InProcessBus {
    registry: Arc<Mutex<Registry>>,
    ack_timeout: Option<Duration>,
}

impl InProcessBus {
    pub fn new() -> Self {
        Self { registry: Default::default(), ack_timeout: Some(Duration::from_secs(30)) }
    }

    /// A live subscriber of the durable consumer `durable`.
    fn live(&self, durable: &str) -> Option<mpsc::Sender<Delivery>> {
        let registry = self.registry.lock().expect("bus lock");
        registry.subscribers.iter().find(|s| s.durable.as_deref() == Some(durable) && !s.tx.is_closed()).map(|s| s.tx.clone())
    }

    /// Hands `event` to one subscriber picked by `pick` until it acks,
    /// redelivering after each nack. `Ok(false)`: no subscriber is left.
    async fn hand_over(&self, event: &Event, pick: impl Fn() -> Option<mpsc::Sender<Delivery>>) -> Result<bool, BusError> {
        let mut attempt = 1;
        loop {
            let Some(tx) = pick() else { return Ok(false) };
            let (ack_tx, ack_rx) = oneshot::channel();
            let delivery = Delivery { event: event.clone(), attempt, acker: Acker::InProcess(ack_tx) };
            if tx.send(delivery).await.is_err() {
                continue; // that subscriber has just gone; `pick` will not return it again
            }
            let outcome = match self.ack_timeout {
                Some(t) => tokio::time::timeout(t, ack_rx)
                    .await
                    .map_err(|_| BusError::NotAcknowledged(format!("{} not handled within {t:?}", event.subject)))?,
                None => ack_rx.await,
            };
            match outcome {
                Ok(Outcome::Ack) => return Ok(true),
                Ok(Outcome::Retry(delay)) => {
                    attempt += 1;
                    tokio::time::sleep(delay).await;
                }
                // Dropped unanswered: the subscriber stopped, or let it go.
                Err(_) => attempt += 1,
            }
            if attempt > MAX_IN_PROCESS_DELIVERIES {
                return Err(BusError::NotAcknowledged(format!("{} refused {} times", event.subject, attempt - 1)));
            }
        }
    }
}

#[async_trait]
impl EventBus for InProcessBus {
    async fn publish(&self, event: &Event) -> Result<(), BusError> {
        event.validate()?;
        let (durables, each): (Vec<String>, Vec<mpsc::Sender<Delivery>>) = {
            let mut registry = self.registry.lock().expect("bus lock");
            registry.subscribers.retain(|s| !s.tx.is_closed());
            let durables = registry
                .durables
                .iter()
                .filter(|(_, pattern)| subject_matches(pattern, &event.subject))
                .map(|(name, _)| name.clone())
                .collect();
            let each = registry
                .subscribers
                .iter()
                .filter(|s| s.durable.is_none() && subject_matches(&s.pattern, &event.subject))
                .map(|s| s.tx.clone())
                .collect();
            (durables, each)
        };
        // One delivery per durable name, as JetStream does for a shared consumer.
        for durable in durables {
            if !self.hand_over(event, || self.live(&durable)).await? {
                return Err(BusError::Unavailable(format!("consumer {durable} is not running")));
            }
        }
        // A per-process subscriber that has gone wanted nothing more.
        for tx in each {
            self.hand_over(event, || Some(tx.clone()).filter(|tx| !tx.is_closed())).await?;
        }
        Ok(())
    }

    async fn subscribe(&self, durable: &str, subject: &str) -> Result<Subscription, BusError> {
        let (tx, rx) = mpsc::channel(64);
        let mut registry = self.registry.lock().expect("bus lock");
        registry.subscribers.retain(|s| !s.tx.is_closed());
        registry.durables.insert(durable.to_owned(), subject.to_owned());
        registry.subscribers.push(Subscriber { durable: Some(durable.to_owned()), pattern: subject.to_owned(), tx });
        Ok(Subscription { rx })
    }

    async fn subscribe_each(&self, subject: &str) -> Result<Subscription, BusError> {
        let (tx, rx) = mpsc::channel(64);
        let mut registry = self.registry.lock().expect("bus lock");
        registry.subscribers.retain(|s| !s.tx.is_closed());
        registry.subscribers.push(Subscriber { durable: None, pattern: subject.to_owned(), tx });
        Ok(Subscription { rx })
    }
}

/// How often something that failed is tried again, and how long to wait in
/// between: `first_delay`, doubling up to `max_delay`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included; after the last one the event is
    /// parked in the dead letters.
    pub max_attempts: u32,
    pub first_delay: Duration,
    pub max_delay: Duration,
}

/// A consumer's default: five attempts over about eight seconds.
pub const CONSUMER_RETRY: RetryPolicy =
    RetryPolicy { max_attempts: 5, first_delay: Duration::from_millis(500), max_delay: Duration::from_secs(30) };

impl Default for RetryPolicy {
    fn default() -> Self {
        CONSUMER_RETRY
    }
}

impl RetryPolicy {
    /// `<PREFIX>_MAX_ATTEMPTS` and `<PREFIX>_RETRY_MS` (the first delay) over `default`.
    pub fn from_env(prefix: &str, default: RetryPolicy) -> anyhow::Result<Self> {
        let max_attempts = crate::config::parse_or(&format!("{prefix}_MAX_ATTEMPTS"), default.max_attempts)?;
        anyhow::ensure!(max_attempts >= 1, "{prefix}_MAX_ATTEMPTS must be at least 1");
        let first_ms = crate::config::parse_or(&format!("{prefix}_RETRY_MS"), default.first_delay.as_millis() as u64)?;
        Ok(Self { max_attempts, first_delay: Duration::from_millis(first_ms), max_delay: default.max_delay })
    }

    /// The wait after failed attempt number `attempt` (1-based).
    pub fn delay_after(&self, attempt: u32) -> Duration {
        let doublings = attempt.saturating_sub(1).min(20);
        self.first_delay.saturating_mul(1 << doublings).min(self.max_delay)
    }
}

/// A named consumer: its retries, and where it parks an event that keeps
/// failing (the consuming service's database; `None` only logs and counts it).
#[derive(Clone)]
pub struct Consumer {
    pub name: &'static str,
    pub retry: RetryPolicy,
    pub dead_letters: Option<Db>,
}

/// A handler's error that retrying cannot cure (e.g. a payload that does
/// not decode): the event is parked at once.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Unprocessable(pub String);

/// Runs `handler` for every event of `sub` until `shutdown`: ack on `Ok`;
/// on `Err` (or a panic) nack, so the event comes again after the policy's
/// delay, until its last attempt, after which it is parked in the dead
/// letters and acked. An event without an id is parked without being
/// handled.
pub fn spawn_consumer<F, Fut>(
    mut sub: Subscription,
    consumer: Consumer,
    shutdown: tokio_util::sync::CancellationToken,
    handler: F,
) -> tokio::task::JoinHandle<()>
where
    F: Fn(Event) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
{
    use tracing::Instrument;
    tokio::spawn(async move {
        let mut replays = tokio::time::interval(REPLAY_POLL);
        replays.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            let delivery = tokio::select! {
                _ = shutdown.cancelled() => break,
                _ = replays.tick(), if consumer.dead_letters.is_some() => {
                    if let Some(db) = &consumer.dead_letters {
                        replay_parked(db, consumer.name, &handler).await;
                    }
                    continue;
                }
                d = sub.next() => match d { Some(d) => d, None => break },
            };
            let event = &delivery.event;
            let span = tracing::info_span!("event.consume", consumer = consumer.name, subject = %event.subject, event_id = %event.id, attempt = delivery.attempt);
            crate::telemetry::set_parent_from_headers(&span, &event.headers);
            let result = match event.validate() {
                Err(e) => Err(anyhow::Error::new(Unprocessable(e.to_string()))),
                Ok(()) => std::panic::AssertUnwindSafe(handler(event.clone()))
                    .catch_unwind()
                    .instrument(span.clone())
                    .await
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("the handler panicked"))),
            };
            let error = match result {
                Ok(()) => {
                    delivery.ack().await;
                    continue;
                }
                Err(e) => e,
            };
            let hopeless = error.downcast_ref::<Unprocessable>().is_some();
            if hopeless || delivery.attempt >= consumer.retry.max_attempts {
                let parked = match &consumer.dead_letters {
                    Some(db) => crate::dead_letters::park(db, consumer.name, event, delivery.attempt, &format!("{error:#}")).await,
                    None => {
                        crate::dead_letters::report(consumer.name, event, delivery.attempt, &format!("{error:#}"));
                        Ok(())
                    }
                };
                match parked {
                    Ok(()) => delivery.ack().await,
                    Err(e) => {
                        // Not recorded: keep it on the bus and try again.
                        tracing::error!(parent: &span, error = %e, "could not park the event; it will come again");
                        delivery.nack(consumer.retry.max_delay).await;
                    }
                }
            } else {
                let delay = consumer.retry.delay_after(delivery.attempt);
                tracing::warn!(parent: &span, error = format!("{error:#}"), retry_in = ?delay, "event handling failed; it will come again");
                delivery.nack(delay).await;
            }
        }
    })
}

/// How often a consumer looks for parked events an operator sent back.
const REPLAY_POLL: Duration = Duration::from_secs(3);
/// The most parked events one round handles again.
const REPLAY_BATCH: usize = 100;

/// Runs `handler` once on each parked event of `consumer` an operator sent
/// back (`dead-letters replay`): handled, its parking goes; failed again,
/// it stays with the new error.
async fn replay_parked<F, Fut>(db: &Db, consumer: &'static str, handler: &F)
where
    F: Fn(Event) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    for _ in 0..REPLAY_BATCH {
        let (id, event) = match crate::dead_letters::take_replay(db, consumer).await {
            Ok(Some(taken)) => taken,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(consumer, error = %e, "parked events not read for a replay; the next round tries again");
                return;
            }
        };
        let result = match event.validate() {
            Err(e) => Err(anyhow::anyhow!(e)),
            Ok(()) => std::panic::AssertUnwindSafe(handler(event.clone()))
                .catch_unwind()
                .await
                .unwrap_or_else(|_| Err(anyhow::anyhow!("the handler panicked"))),
        };
        let stored = match &result {
            Ok(()) => crate::dead_letters::replayed(db, &id).await,
            Err(e) => crate::dead_letters::replay_failed(db, &id, &format!("{e:#}")).await,
        };
        match (result, stored) {
            (Ok(()), Ok(())) => tracing::info!(consumer, subject = %event.subject, event_id = %event.id, "parked event handled on replay"),
            (Err(e), _) => {
                tracing::error!(consumer, subject = %event.subject, event_id = %event.id, error = format!("{e:#}"), "parked event failed again; it stays parked")
            }
            (Ok(()), Err(e)) => {
                tracing::error!(consumer, event_id = %event.id, error = %e, "replayed event handled but its parking not removed")
            }
        }
    }
}

/// One decoded event for a typed handler.
#[derive(Clone, Debug)]
pub struct Received<M> {
    /// The event id: the key of [`crate::outbox::begin_once`].
    pub id: String,
    pub message: M,
}

/// Subscribes the durable consumer `consumer.name` to the events of type
/// `M` and runs `handler` on each decoded message, as [`spawn_consumer`]
/// does (a payload that does not decode is parked at once).
pub async fn consume<M, F, Fut>(
    bus: &dyn EventBus,
    consumer: Consumer,
    shutdown: tokio_util::sync::CancellationToken,
    handler: F,
) -> Result<tokio::task::JoinHandle<()>, BusError>
where
    M: EventMessage,
    F: Fn(Received<M>) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
{
    let sub = bus.subscribe(consumer.name, M::SUBJECT).await?;
    let handler = Arc::new(handler);
    Ok(spawn_consumer(sub, consumer, shutdown, move |event| {
        let handler = handler.clone();
        async move {
            let message = M::decode(event.payload.as_ref())
                .map_err(|e| Unprocessable(format!("payload is not a {}: {e}", std::any::type_name::<M>())))?;
            handler(Received { id: event.id, message }).await
        }
    }))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{RetryPolicy, subject_matches};

    #[test]
    fn wildcards_match_like_nats() {
        assert!(subject_matches("cart.order.placed", "cart.order.placed"));
        assert!(subject_matches("cart.order.*", "cart.order.paid"));
        assert!(subject_matches("cart.>", "cart.order.paid"));
        assert!(!subject_matches("cart.>", "cart"));
        assert!(!subject_matches("cart.order.*", "cart.order.paid.x"));
        assert!(!subject_matches("rooms.>", "cart.order.paid"));
        assert!(!subject_matches("cart.order", "cart.order.paid"));
    }

    #[test]
    fn retry_delays_double_up_to_the_cap() {
        let p = RetryPolicy { max_attempts: 5, first_delay: Duration::from_millis(100), max_delay: Duration::from_millis(500) };
        let delays: Vec<u128> = (1..=5).map(|a| p.delay_after(a).as_millis()).collect();
        assert_eq!(delays, [100, 200, 400, 500, 500]);
        assert_eq!(p.delay_after(u32::MAX), Duration::from_millis(500));
    }
}
