//! NATS JetStream implementation of the event bus: one stream holds every
//! context's subjects; publishing waits for the stream's ack and sets
//! `Nats-Msg-Id`, so a relay that publishes the same outbox row twice stores
//! it once; consumers are durable pull consumers with explicit acks.

use std::time::Duration;

use async_nats::jetstream::{self, consumer::pull, stream};
use async_trait::async_trait;

use super::{BusError, Event, EventBus, Subscription, forward_nats};

/// The subjects of our contexts.
const CONTEXTS: [&str; 5] = ["catalog", "rooms", "cart", "users", "content"];

#[derive(Clone)]
pub struct NatsBus {
    js: jetstream::Context,
    stream: String,
    /// Prepended to every subject (`<ns>.cart.order.placed`) so several
    /// deployments or test runs can share one NATS server.
    prefix: Option<String>,
}

impl NatsBus {
    /// Connects and creates the stream if it does not exist.
    pub async fn connect(url: &str, namespace: Option<&str>) -> anyhow::Result<Self> {
        let client =
            async_nats::ConnectOptions::new().connection_timeout(Duration::from_secs(5)).retry_on_initial_connect().connect(url).await?;
        let js = jetstream::new(client);
        let (stream_name, subjects, prefix) = match namespace {
            None => ("SPA_EVENTS".to_owned(), CONTEXTS.iter().map(|c| format!("{c}.>")).collect(), None),
            Some(ns) => (format!("SPA_EVENTS_{}", ns.to_uppercase()), vec![format!("{ns}.>")], Some(format!("{ns}."))),
        };
        js.get_or_create_stream(stream::Config {
            name: stream_name.clone(),
            subjects,
            retention: stream::RetentionPolicy::Limits,
            max_age: Duration::from_secs(7 * 24 * 3600),
            duplicate_window: Duration::from_secs(120),
            ..Default::default()
        })
        .await?;
        Ok(Self { js, stream: stream_name, prefix })
    }

    fn wire_subject(&self, subject: &str) -> String {
        match &self.prefix {
            Some(p) => format!("{p}{subject}"),
            None => subject.to_owned(),
        }
    }

    /// Deletes the stream: for tests that made their own namespace.
    pub async fn delete_stream(&self) -> anyhow::Result<()> {
        self.js.delete_stream(&self.stream).await?;
        Ok(())
    }
}

#[async_trait]
impl EventBus for NatsBus {
    async fn publish(&self, event: &Event) -> Result<(), BusError> {
        let mut headers = async_nats::HeaderMap::new();
        headers.insert(async_nats::header::NATS_MESSAGE_ID, event.id.as_str());
        for (k, v) in &event.headers {
            headers.insert(k.as_str(), v.as_str());
        }
        let ack = self
            .js
            .publish_with_headers(self.wire_subject(&event.subject), headers, event.payload.clone())
            .await
            .map_err(|e| BusError::Unavailable(e.to_string()))?;
        ack.await.map_err(|e| BusError::NotAcknowledged(e.to_string()))?;
        Ok(())
    }

    async fn subscribe(&self, durable: &str, subject: &str) -> Result<Subscription, BusError> {
        let unavailable = |e: &dyn std::fmt::Display| BusError::Unavailable(e.to_string());
        let stream = self.js.get_stream(&self.stream).await.map_err(|e| unavailable(&e))?;
        let consumer = stream
            .get_or_create_consumer(
                durable,
                pull::Config {
                    durable_name: Some(durable.to_owned()),
                    filter_subject: self.wire_subject(subject),
                    ack_policy: jetstream::consumer::AckPolicy::Explicit,
                    ack_wait: Duration::from_secs(30),
                    deliver_policy: jetstream::consumer::DeliverPolicy::All,
                    ..Default::default()
                },
            )
            .await
            .map_err(|e| unavailable(&e))?;
        let messages = consumer.messages().await.map_err(|e| unavailable(&e))?;
        Ok(forward_nats(messages, self.prefix.clone()))
    }

    async fn subscribe_each(&self, subject: &str) -> Result<Subscription, BusError> {
        let unavailable = |e: &dyn std::fmt::Display| BusError::Unavailable(e.to_string());
        let stream = self.js.get_stream(&self.stream).await.map_err(|e| unavailable(&e))?;
        // An ephemeral consumer: the server drops it a minute after this
        // process stops pulling.
        let consumer = stream
            .create_consumer(pull::Config {
                filter_subject: self.wire_subject(subject),
                ack_policy: jetstream::consumer::AckPolicy::Explicit,
                deliver_policy: jetstream::consumer::DeliverPolicy::New,
                inactive_threshold: Duration::from_secs(60),
                ..Default::default()
            })
            .await
            .map_err(|e| unavailable(&e))?;
        let messages = consumer.messages().await.map_err(|e| unavailable(&e))?;
        Ok(forward_nats(messages, self.prefix.clone()))
    }
}
