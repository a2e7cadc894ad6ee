//! NATS JetStream implementation of the event bus: one stream holds every
//! context's subjects; publishing waits for the stream's ack and sets
//! `Nats-Msg-Id`, so a relay that publishes the same outbox row twice stores
//! it once; consumers are pull consumers with explicit acks.
//!
//! Nothing here needs NATS at start: the client connects (and reconnects)
//! in the background, the stream is created or completed on first use and
//! again after every reconnect, and every subscription is kept by a task of
//! its own that re-attaches after an outage and carries on where it was.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use async_nats::jetstream::{self, consumer::pull, stream};
use async_trait::async_trait;
use futures::StreamExt;
use tokio::sync::mpsc;

use super::{Acker, BusError, Delivery, Event, EventBus, Subscription};

/// The stream's subjects: `<context>.>` for every context that declares an
/// event in `spa-proto`, under `<namespace>.` when there is one. Production
/// and tests use this one rule, so a subject the stream of a test accepts is
/// accepted in production too.
pub fn stream_subjects(namespace: Option<&str>) -> Vec<String> {
    spa_proto::event::contexts()
        .into_iter()
        .map(|context| match namespace {
            Some(ns) => format!("{ns}.{context}.>"),
            None => format!("{context}.>"),
        })
        .collect()
}

/// How long a publish waits for a connection that is being (re)made.
const CONNECT_WAIT: Duration = Duration::from_secs(1);
/// Subscriptions re-attach after at most this long once NATS is back.
const MAX_REATTACH_BACKOFF: Duration = Duration::from_secs(2);
/// A per-process subscription that starts while NATS is unreachable asks
/// for events from this long before it was made: clocks differ a little,
/// and an extra event only drops a cache once more.
const START_MARGIN: Duration = Duration::from_secs(2);

#[derive(Clone)]
pub struct NatsBus {
    inner: Arc<Inner>,
}

struct Inner {
    client: async_nats::Client,
    js: jetstream::Context,
    stream: String,
    /// Prepended to every subject (`<ns>.cart.order.placed`) so several
    /// deployments or test runs can share one NATS server.
    prefix: Option<String>,
    subjects: Vec<String>,
    /// The stream is known to exist with our subjects; cleared on every
    /// reconnect (the server may have lost it) and when a publish finds no stream.
    stream_ok: Arc<AtomicBool>,
    ensure_lock: tokio::sync::Mutex<()>,
}

impl NatsBus {
    /// Returns at once; the client connects in the background and keeps
    /// reconnecting. Fails only on a malformed URL.
    pub async fn connect(url: &str, namespace: Option<&str>) -> anyhow::Result<Self> {
        let stream_ok = Arc::new(AtomicBool::new(false));
        let on_event = stream_ok.clone();
        let client = async_nats::ConnectOptions::new()
            .connection_timeout(Duration::from_secs(5))
            .retry_on_initial_connect()
            .event_callback(move |event| {
                let stream_ok = on_event.clone();
                async move {
                    match event {
                        async_nats::Event::Connected => {
                            stream_ok.store(false, Ordering::SeqCst);
                            tracing::info!("connected to NATS");
                        }
                        async_nats::Event::Disconnected => tracing::warn!("disconnected from NATS; reconnecting"),
                        other => tracing::debug!(event = %other, "NATS"),
                    }
                }
            })
            .connect(url)
            .await?;
        let mut js = jetstream::new(client.clone());
        js.set_timeout(Duration::from_secs(5));
        let (stream, prefix) = match namespace {
            None => ("SPA_EVENTS".to_owned(), None),
            Some(ns) => (format!("SPA_EVENTS_{}", ns.to_uppercase()), Some(format!("{ns}."))),
        };
        let bus = Self {
            inner: Arc::new(Inner {
                client,
                js,
                stream,
                prefix,
                subjects: stream_subjects(namespace),
                stream_ok,
                ensure_lock: Default::default(),
            }),
        };
        // Wait briefly for the first connection, so a process that starts
        // beside a running NATS is ready at once; never fail for it.
        // With NATS up, the stream exists once `connect` returns, so a
        // publisher outside this process can use it at once; otherwise the
        // first publish or subscription makes it.
        if bus.wait_connected(CONNECT_WAIT).await.is_ok()
            && let Err(e) = bus.ensure_stream().await
        {
            tracing::warn!(error = %e, "event stream not ready yet; retried on first use");
        }
        Ok(bus)
    }

    /// The stream's name (`SPA_EVENTS` or `SPA_EVENTS_<NS>`).
    pub fn stream_name(&self) -> &str {
        &self.inner.stream
    }

    fn wire_subject(&self, subject: &str) -> String {
        match &self.inner.prefix {
            Some(p) => format!("{p}{subject}"),
            None => subject.to_owned(),
        }
    }

    fn connected(&self) -> bool {
        self.inner.client.connection_state() == async_nats::connection::State::Connected
    }

    async fn wait_connected(&self, wait: Duration) -> Result<(), BusError> {
        let deadline = tokio::time::Instant::now() + wait;
        while !self.connected() {
            if tokio::time::Instant::now() >= deadline {
                return Err(BusError::Unavailable("not connected to NATS".into()));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Ok(())
    }

    /// Creates the stream, or adds the subjects it lacks (never removes
    /// any: another version of a service may still publish them).
    async fn ensure_stream(&self) -> Result<(), BusError> {
        if self.inner.stream_ok.load(Ordering::SeqCst) {
            return Ok(());
        }
        let _guard = self.inner.ensure_lock.lock().await;
        if self.inner.stream_ok.load(Ordering::SeqCst) {
            return Ok(());
        }
        let unavailable = |e: &dyn std::fmt::Display| BusError::Unavailable(format!("stream {}: {e}", self.inner.stream));
        match self.inner.js.get_stream(&self.inner.stream).await {
            Ok(existing) => {
                let mut config = existing.cached_info().config.clone();
                let missing: Vec<String> = self.inner.subjects.iter().filter(|s| !config.subjects.contains(s)).cloned().collect();
                if !missing.is_empty() {
                    tracing::info!(stream = %self.inner.stream, subjects = ?missing, "adding subjects to the event stream");
                    config.subjects.extend(missing);
                    self.inner.js.update_stream(config).await.map_err(|e| unavailable(&e))?;
                }
            }
            Err(e) if matches!(e.kind(), jetstream::context::GetStreamErrorKind::JetStream(_)) => {
                self.inner
                    .js
                    .get_or_create_stream(stream::Config {
                        name: self.inner.stream.clone(),
                        subjects: self.inner.subjects.clone(),
                        retention: stream::RetentionPolicy::Limits,
                        max_age: Duration::from_secs(7 * 24 * 3600),
                        duplicate_window: Duration::from_secs(120),
                        ..Default::default()
                    })
                    .await
                    .map_err(|e| unavailable(&e))?;
            }
            Err(e) => return Err(unavailable(&e)),
        }
        self.inner.stream_ok.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// Deletes the stream: for tests that made their own namespace.
    pub async fn delete_stream(&self) -> anyhow::Result<()> {
        self.inner.js.delete_stream(&self.inner.stream).await?;
        Ok(())
    }

    async fn try_publish(&self, event: &Event) -> Result<(), Attempt> {
        use jetstream::context::PublishErrorKind as Kind;
        let mut headers = async_nats::HeaderMap::new();
        headers.insert(async_nats::header::NATS_MESSAGE_ID, event.id.as_str());
        for (k, v) in &event.headers {
            headers.insert(k.as_str(), v.as_str());
        }
        let classify = |e: jetstream::context::PublishError| match e.kind() {
            Kind::StreamNotFound => Attempt::NoStream,
            Kind::MaxPayloadExceeded => Attempt::Failed(BusError::Invalid(e.to_string())),
            Kind::TimedOut | Kind::BrokenPipe | Kind::MaxAckPending => Attempt::Failed(BusError::Unavailable(e.to_string())),
            Kind::WrongLastMessageId | Kind::WrongLastSequence | Kind::Other => Attempt::Failed(BusError::Rejected(e.to_string())),
        };
        let ack = self
            .inner
            .js
            .publish_with_headers(self.wire_subject(&event.subject), headers, event.payload.clone())
            .await
            .map_err(classify)?;
        ack.await.map_err(classify)?;
        Ok(())
    }

    /// Keeps a subscription attached: (re)creates its consumer and forwards
    /// its messages until the subscriber goes away.
    fn supervise(&self, kind: Kind, subject: &str) -> Subscription {
        let (tx, rx) = mpsc::channel(64);
        let bus = self.clone();
        let filter = self.wire_subject(subject);
        let since = async_nats::datetime::now() - START_MARGIN;
        tokio::spawn(async move {
            let mut last_sequence: Option<u64> = None;
            let mut backoff = Duration::from_millis(100);
            loop {
                let messages = tokio::select! {
                    _ = tx.closed() => return,
                    m = bus.open(&kind, &filter, last_sequence, since) => m,
                };
                match messages {
                    Ok(messages) => {
                        backoff = Duration::from_millis(100);
                        if !bus.forward(messages, &tx, &mut last_sequence).await {
                            return;
                        }
                    }
                    Err(e) => {
                        tracing::debug!(filter, error = %e, retry_in = ?backoff, "NATS subscription not attached yet");
                        tokio::select! {
                            _ = tx.closed() => return,
                            _ = tokio::time::sleep(backoff) => {}
                        }
                        backoff = (backoff * 2).min(MAX_REATTACH_BACKOFF);
                    }
                }
            }
        });
        Subscription { rx }
    }

    async fn open(
        &self,
        kind: &Kind,
        filter: &str,
        last_sequence: Option<u64>,
        since: async_nats::datetime::DateTime,
    ) -> Result<pull::Stream, BusError> {
        let unavailable = |e: &dyn std::fmt::Display| BusError::Unavailable(e.to_string());
        self.wait_connected(MAX_REATTACH_BACKOFF).await?;
        self.ensure_stream().await?;
        let mut stream = self.inner.js.get_stream(&self.inner.stream).await.map_err(|e| unavailable(&e))?;
        let consumer = match kind {
            Kind::Durable(name) => stream
                .get_or_create_consumer(
                    name,
                    pull::Config {
                        durable_name: Some(name.clone()),
                        filter_subject: filter.to_owned(),
                        ack_policy: jetstream::consumer::AckPolicy::Explicit,
                        ack_wait: Duration::from_secs(30),
                        deliver_policy: jetstream::consumer::DeliverPolicy::All,
                        ..Default::default()
                    },
                )
                .await
                .map_err(|e| unavailable(&e))?,
            Kind::Each => {
                let last_in_stream = stream.info().await.map_err(|e| unavailable(&e))?.state.last_sequence;
                let deliver_policy = match last_sequence {
                    // Go on after the last event this process saw ...
                    Some(seen) if seen <= last_in_stream => {
                        jetstream::consumer::DeliverPolicy::ByStartSequence { start_sequence: seen + 1 }
                    }
                    // ... unless the stream was made anew (a server that lost its store).
                    Some(_) => jetstream::consumer::DeliverPolicy::All,
                    None => jetstream::consumer::DeliverPolicy::ByStartTime { start_time: since },
                };
                // An ephemeral consumer: the server drops it a minute after
                // this process stops pulling; it is then made again.
                stream
                    .create_consumer(pull::Config {
                        filter_subject: filter.to_owned(),
                        ack_policy: jetstream::consumer::AckPolicy::Explicit,
                        deliver_policy,
                        inactive_threshold: Duration::from_secs(60),
                        ..Default::default()
                    })
                    .await
                    .map_err(|e| unavailable(&e))?
            }
        };
        consumer.stream().expires(Duration::from_secs(10)).heartbeat(Duration::from_secs(3)).messages().await.map_err(|e| unavailable(&e))
    }

    /// Forwards messages until the consumer must be made again (`true`) or
    /// the subscriber has gone (`false`).
    async fn forward(&self, mut messages: pull::Stream, tx: &mpsc::Sender<Delivery>, last_sequence: &mut Option<u64>) -> bool {
        use pull::MessagesErrorKind as Kind;
        let mut missed_heartbeats = 0;
        loop {
            let next = tokio::select! {
                _ = tx.closed() => return false,
                next = messages.next() => next,
            };
            let msg = match next {
                None => return true,
                Some(Ok(msg)) => msg,
                Some(Err(e)) => {
                    match e.kind() {
                        // While disconnected the stream resumes by itself on reconnect.
                        Kind::MissingHeartbeat if !self.connected() => {}
                        Kind::MissingHeartbeat => {
                            missed_heartbeats += 1;
                            if missed_heartbeats >= 2 {
                                tracing::warn!("NATS consumer silent; attaching again");
                                return true;
                            }
                        }
                        Kind::ConsumerDeleted | Kind::NoResponders | Kind::PushBasedConsumer | Kind::RequestLimitExceeded => {
                            tracing::warn!(error = %e, "NATS consumer lost; attaching again");
                            return true;
                        }
                        Kind::Pull | Kind::Other => tracing::debug!(error = %e, "NATS consumer error"),
                    }
                    continue;
                }
            };
            missed_heartbeats = 0;
            let (attempt, sequence) = match msg.info() {
                Ok(info) => (u32::try_from(info.delivered).unwrap_or(u32::MAX).max(1), Some(info.stream_sequence)),
                Err(_) => (1, None),
            };
            let event = self.event_from(&msg);
            if tx.send(Delivery { event, attempt, acker: Acker::Nats(Box::new(msg)) }).await.is_err() {
                return false;
            }
            if let Some(sequence) = sequence {
                *last_sequence = Some(last_sequence.map_or(sequence, |s| s.max(sequence)));
            }
        }
    }

    fn event_from(&self, msg: &jetstream::Message) -> Event {
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
        if let Some(p) = &self.inner.prefix
            && let Some(rest) = subject.strip_prefix(p.as_str())
        {
            subject = rest.to_owned();
        }
        Event { id, subject, payload: msg.payload.clone(), headers }
    }
}

enum Kind {
    Durable(String),
    Each,
}

enum Attempt {
    NoStream,
    Failed(BusError),
}

#[async_trait]
impl EventBus for NatsBus {
    async fn publish(&self, event: &Event) -> Result<(), BusError> {
        event.validate()?;
        self.wait_connected(CONNECT_WAIT).await?;
        self.ensure_stream().await?;
        match self.try_publish(event).await {
            Ok(()) => Ok(()),
            Err(Attempt::Failed(e)) => Err(e),
            Err(Attempt::NoStream) => {
                // The server may have lost the stream, or it lacks this
                // subject: make sure of it and try once more.
                self.inner.stream_ok.store(false, Ordering::SeqCst);
                self.ensure_stream().await?;
                match self.try_publish(event).await {
                    Ok(()) => Ok(()),
                    Err(Attempt::Failed(e)) => Err(e),
                    Err(Attempt::NoStream) => Err(BusError::Rejected(format!(
                        "no stream takes subject {} (stream {} has {:?})",
                        self.wire_subject(&event.subject),
                        self.inner.stream,
                        self.inner.subjects
                    ))),
                }
            }
        }
    }

    async fn subscribe(&self, durable: &str, subject: &str) -> Result<Subscription, BusError> {
        Ok(self.supervise(Kind::Durable(durable.to_owned()), subject))
    }

    async fn subscribe_each(&self, subject: &str) -> Result<Subscription, BusError> {
        Ok(self.supervise(Kind::Each, subject))
    }

    async fn ready(&self) -> bool {
        self.connected() && self.ensure_stream().await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::stream_subjects;
    use crate::bus::subject_matches;

    #[test]
    fn the_stream_takes_every_declared_subject_and_tests_use_the_same_rule() {
        let production = stream_subjects(None);
        for subject in spa_proto::event::subjects() {
            assert!(production.iter().any(|p| subject_matches(p, subject)), "production stream misses {subject}");
        }
        let namespaced = stream_subjects(Some("t1"));
        assert_eq!(namespaced, production.iter().map(|s| format!("t1.{s}")).collect::<Vec<_>>());
        assert!(!namespaced.iter().any(|p| subject_matches(p, "t1.payments.refund.issued")), "no subject beyond the declared contexts");
    }
}
