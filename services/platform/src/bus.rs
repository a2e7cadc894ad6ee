//! The event bus behind one trait: an in-process bus for the standalone mode
//! and NATS JetStream for the distributed mode.
//!
//! Delivery is at least once on both: a consumer acks after handling an
//! event, and an event that is not acked comes again. Consumers therefore
//! deduplicate by event id (see [`crate::outbox::begin_once`]).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use futures::StreamExt;
use tokio::sync::{mpsc, oneshot};

mod nats;
pub use nats::NatsBus;

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

#[derive(Debug, thiserror::Error)]
pub enum BusError {
    #[error("event bus unavailable: {0}")]
    Unavailable(String),
    #[error("event was not acknowledged: {0}")]
    NotAcknowledged(String),
}

#[async_trait]
pub trait EventBus: Send + Sync + 'static {
    /// Returns once the bus has taken the event durably (JetStream) or every
    /// current in-process subscriber has handled it.
    async fn publish(&self, event: &Event) -> Result<(), BusError>;

    /// A durable subscription: one named consumer, several processes sharing
    /// its name share its work. `subject` may use the NATS wildcards `*` and `>`.
    async fn subscribe(&self, durable: &str, subject: &str) -> Result<Subscription, BusError>;

    /// A subscription of this process alone, from now on: every process that
    /// subscribes gets every event (for dropping in-process caches). Events
    /// published while the process was down are not replayed.
    async fn subscribe_each(&self, subject: &str) -> Result<Subscription, BusError>;
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
    acker: Acker,
}

enum Acker {
    InProcess(oneshot::Sender<bool>),
    Nats(Box<async_nats::jetstream::Message>),
}

impl Delivery {
    /// The event was handled; it will not come again.
    pub async fn ack(self) {
        match self.acker {
            Acker::InProcess(tx) => {
                let _ = tx.send(true);
            }
            Acker::Nats(msg) => {
                if let Err(e) = msg.ack().await {
                    tracing::warn!(error = %e, "ack failed; the event will come again");
                }
            }
        }
    }

    /// Handling failed; the event comes again after a short delay.
    pub async fn nack(self) {
        match self.acker {
            Acker::InProcess(tx) => {
                let _ = tx.send(false);
            }
            Acker::Nats(msg) => {
                let kind = async_nats::jetstream::AckKind::Nak(Some(Duration::from_secs(1)));
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
    durable: String,
    pattern: String,
    tx: mpsc::Sender<Delivery>,
}

/// The standalone mode's bus. `publish` hands the event to every matching
/// durable subscriber and waits for its ack, so the outbox row is stamped
/// published only after the event was handled; a crash before that leaves the
/// row pending and the relay publishes it again after restart. All
/// subscriptions must therefore exist before the relays start.
#[derive(Clone, Default)]
pub struct InProcessBus {
    subscribers: Arc<Mutex<Vec<Subscriber>>>,
    ack_timeout: Option<Duration>,
}

impl InProcessBus {
    pub fn new() -> Self {
        Self { subscribers: Default::default(), ack_timeout: Some(Duration::from_secs(30)) }
    }
}

#[async_trait]
impl EventBus for InProcessBus {
    async fn publish(&self, event: &Event) -> Result<(), BusError> {
        // One delivery per durable name, as JetStream does for a shared consumer.
        let targets: Vec<mpsc::Sender<Delivery>> = {
            let subs = self.subscribers.lock().expect("bus lock");
            let mut seen = std::collections::HashSet::new();
            subs.iter()
                .filter(|s| !s.tx.is_closed() && subject_matches(&s.pattern, &event.subject))
                .filter(|s| seen.insert(s.durable.clone()))
                .map(|s| s.tx.clone())
                .collect()
        };
        for tx in targets {
            // A nacked event is handed over again, like a JetStream redelivery;
            // after a few refusals the relay keeps the row and retries later.
            let mut attempt = 0;
            loop {
                attempt += 1;
                let (ack_tx, ack_rx) = oneshot::channel();
                let delivery = Delivery { event: event.clone(), acker: Acker::InProcess(ack_tx) };
                if tx.send(delivery).await.is_err() {
                    break; // the subscriber has gone away
                }
                let acked = match self.ack_timeout {
                    Some(t) => tokio::time::timeout(t, ack_rx)
                        .await
                        .map_err(|_| BusError::NotAcknowledged(format!("{} not handled within {t:?}", event.subject)))?,
                    None => ack_rx.await,
                };
                match acked {
                    Ok(true) => break,
                    _ if attempt < 5 => tokio::time::sleep(Duration::from_millis(100 * attempt)).await,
                    _ => return Err(BusError::NotAcknowledged(event.subject.clone())),
                }
            }
        }
        Ok(())
    }

    async fn subscribe(&self, durable: &str, subject: &str) -> Result<Subscription, BusError> {
        let (tx, rx) = mpsc::channel(64);
        let mut subs = self.subscribers.lock().expect("bus lock");
        subs.retain(|s| !s.tx.is_closed());
        subs.push(Subscriber { durable: durable.to_owned(), pattern: subject.to_owned(), tx });
        Ok(Subscription { rx })
    }

    async fn subscribe_each(&self, subject: &str) -> Result<Subscription, BusError> {
        self.subscribe(&format!("each-{}", uuid::Uuid::new_v4().simple()), subject).await
    }
}

/// Runs `handler` for every event of a durable subscription until `shutdown`:
/// ack on `Ok`, nack (so the event comes again) on `Err`.
pub fn spawn_consumer<F, Fut>(
    mut sub: Subscription,
    name: &'static str,
    shutdown: tokio_util::sync::CancellationToken,
    handler: F,
) -> tokio::task::JoinHandle<()>
where
    F: Fn(Event) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
{
    use tracing::Instrument;
    tokio::spawn(async move {
        loop {
            let delivery = tokio::select! {
                _ = shutdown.cancelled() => break,
                d = sub.next() => match d { Some(d) => d, None => break },
            };
            let span =
                tracing::info_span!("event.consume", consumer = name, subject = %delivery.event.subject, event_id = %delivery.event.id);
            crate::telemetry::set_parent_from_headers(&span, &delivery.event.headers);
            let result = handler(delivery.event.clone()).instrument(span).await;
            match result {
                Ok(()) => delivery.ack().await,
                Err(e) => {
                    tracing::warn!(consumer = name, error = %e, "event handling failed; it will be redelivered");
                    delivery.nack().await;
                }
            }
        }
    })
}

/// Adapts a stream of JetStream messages into a [`Subscription`].
pub(crate) fn forward_nats(mut messages: async_nats::jetstream::consumer::pull::Stream, strip_prefix: Option<String>) -> Subscription {
    let (tx, rx) = mpsc::channel(64);
    tokio::spawn(async move {
        while let Some(next) = messages.next().await {
            let msg = match next {
                Ok(m) => m,
                Err(e) => {
                    tracing::warn!(error = %e, "NATS consumer error");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    continue;
                }
            };
            let mut headers = BTreeMap::new();
            let mut id = String::new();
            if let Some(h) = &msg.headers {
                for (k, vs) in h.iter() {
                    if let Some(v) = vs.first() {
                        if AsRef::<str>::as_ref(k) == AsRef::<str>::as_ref(&async_nats::header::NATS_MESSAGE_ID) {
                            id = v.as_str().to_owned();
                        } else {
                            headers.insert(k.to_string(), v.as_str().to_owned());
                        }
                    }
                }
            }
            let mut subject = msg.subject.to_string();
            if let Some(p) = &strip_prefix
                && let Some(rest) = subject.strip_prefix(p.as_str())
            {
                subject = rest.to_owned();
            }
            let event = Event { id, subject, payload: msg.payload.clone(), headers };
            if tx.send(Delivery { event, acker: Acker::Nats(Box::new(msg)) }).await.is_err() {
                break;
            }
        }
    });
    Subscription { rx }
}

#[cfg(test)]
mod tests {
    use super::subject_matches;

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
}
