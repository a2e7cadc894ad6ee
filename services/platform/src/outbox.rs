//! The transactional outbox: a service writes its events into its own
//! `outbox` table in the same transaction as the change they describe, and
//! the [`Relay`] keeps publishing pending rows until the bus has taken them.
//! A crash or a broker outage delays an event; it never loses one. A row the
//! bus refuses is tried again a bounded number of times with backoff, then
//! parked in the dead letters ([`crate::dead_letters`]); it never holds up
//! the rows behind it.
//!
//! Consumers use [`begin_once`] to handle each event id once.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use sqlx::Row;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use spa_proto::EventMessage;

use crate::bus::{BusError, Event, EventBus, RetryPolicy};
use crate::db::{Db, DbKind, Tx};

/// Writes events into the outbox and wakes the relay after commit.
#[derive(Clone)]
pub struct Outbox {
    wake: Arc<Notify>,
}

impl Default for Outbox {
    fn default() -> Self {
        Self::new()
    }
}

impl Outbox {
    pub fn new() -> Self {
        Self { wake: Arc::new(Notify::new()) }
    }

    /// Adds `message` to the transaction as an event on its subject
    /// ([`EventMessage::SUBJECT`]); the current trace context goes into its
    /// headers. Returns the event id. Call [`Outbox::wake`] after the commit.
    pub async fn add<M: EventMessage>(&self, tx: &mut Tx, message: &M) -> Result<String, sqlx::Error> {
        let event = Event::of(message);
        let headers = serde_json::to_string(&event.headers).unwrap_or_else(|_| "{}".into());
        sqlx::query("INSERT INTO outbox (id, subject, payload, headers, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&event.id)
            .bind(&event.subject)
            .bind(event.payload.to_vec())
            .bind(headers)
            .bind(tx.now_ms())
            .execute(&mut **tx)
            .await?;
        Ok(event.id)
    }

    /// Tells the relay that committed rows are waiting.
    pub fn wake(&self) {
        self.wake.notify_one();
    }
}

/// Publishes pending outbox rows in id (creation) order.
pub struct Relay {
    db: Db,
    bus: Arc<dyn EventBus>,
    outbox: Outbox,
    service: &'static str,
    /// Polling interval when nothing wakes the relay (other replicas' rows,
    /// rows waiting for their next attempt, retries after a bus failure).
    pub poll: Duration,
    /// How often a row the bus refuses is tried, and the waits in between;
    /// after the last attempt it is parked.
    pub retry: RetryPolicy,
}

const BATCH: i64 = 100;
/// Published rows are kept this long for inspection, then deleted.
const RETENTION_MS: i64 = 7 * 24 * 3600 * 1000;
/// The longest wait between rounds while the bus is unavailable.
const MAX_BUS_BACKOFF: Duration = Duration::from_secs(5);

/// Ten attempts over about four minutes: time for a configuration fix
/// (a stream that lacks a subject) before a row is parked.
pub const RELAY_RETRY: RetryPolicy =
    RetryPolicy { max_attempts: 10, first_delay: Duration::from_secs(1), max_delay: Duration::from_secs(60) };

/// One pending row.
struct Pending {
    event: Event,
    attempts: i64,
}

/// What one round did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Round {
    /// Rows looked at.
    seen: usize,
    published: usize,
    /// Set when the bus was unavailable: the round stopped there.
    bus_down: bool,
}

/// A row given up on, reported once its transaction has committed.
struct Parked {
    event: Event,
    attempts: u32,
    error: String,
}

impl Relay {
    pub fn new(service: &'static str, db: Db, bus: Arc<dyn EventBus>, outbox: Outbox) -> Self {
        Self { db, bus, outbox, service, poll: Duration::from_millis(500), retry: RELAY_RETRY }
    }

    /// Publishes what is due now; returns how many rows were published.
    /// Fails when the bus is unavailable: the rest of the rows wait, in
    /// order, for the next round. A row the bus refuses waits for its next
    /// attempt (or is parked) while the rows behind it go on.
    pub async fn drain_once(&self) -> anyhow::Result<usize> {
        let round = self.round().await?;
        if round.bus_down {
            anyhow::bail!("the event bus is unavailable; {} rows published before it failed", round.published);
        }
        Ok(round.published)
    }

    async fn round(&self) -> anyhow::Result<Round> {
        match self.db.kind() {
            DbKind::Postgres => self.round_locked().await,
            DbKind::Sqlite => self.round_single().await,
        }
    }

    fn select_due(locked: bool) -> &'static str {
        if locked {
            "SELECT id, subject, payload, headers, attempts FROM outbox \
             WHERE published_at IS NULL AND next_attempt_at <= $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED"
        } else {
            "SELECT id, subject, payload, headers, attempts FROM outbox \
             WHERE published_at IS NULL AND next_attempt_at <= $1 ORDER BY id LIMIT $2"
        }
    }

    /// PostgreSQL: several replicas may relay at once; `SKIP LOCKED` gives
    /// each row to one of them.
    async fn round_locked(&self) -> anyhow::Result<Round> {
        let mut tx = self.db.begin().await?;
        let rows = sqlx::query(Self::select_due(true)).bind(tx.now_ms()).bind(BATCH).fetch_all(&mut *tx).await?;
        let mut round = Round { seen: rows.len(), ..Round::default() };
        let mut parked = Vec::new();
        for row in rows {
            let pending = pending_from_row(&row)?;
            match self.bus.publish(&pending.event).await {
                Ok(()) => {
                    stamp_published(&mut tx, &pending.event.id).await?;
                    round.published += 1;
                }
                Err(BusError::Unavailable(e)) => {
                    tracing::debug!(service = self.service, error = %e, "bus unavailable");
                    round.bus_down = true;
                    break;
                }
                Err(e) => parked.extend(self.refused(&mut tx, pending, &e).await?),
            }
        }
        tx.commit().await?;
        self.report(parked);
        Ok(round)
    }

    /// SQLite: one process owns the file, so one relay per service; no row
    /// locks, and no transaction held while publishing.
    async fn round_single(&self) -> anyhow::Result<Round> {
        let rows = sqlx::query(Self::select_due(false)).bind(self.db.now_ms()).bind(BATCH).fetch_all(self.db.pool()).await?;
        let mut round = Round { seen: rows.len(), ..Round::default() };
        for row in rows {
            let pending = pending_from_row(&row)?;
            match self.bus.publish(&pending.event).await {
                Ok(()) => {
                    self.db.write(stamp_published_query(&pending.event.id, self.db.now_ms())).await?;
                    round.published += 1;
                }
                Err(BusError::Unavailable(e)) => {
                    tracing::debug!(service = self.service, error = %e, "bus unavailable");
                    round.bus_down = true;
                    break;
                }
                Err(e) => {
                    let mut tx = self.db.begin().await?;
                    let parked = self.refused(&mut tx, pending, &e).await?;
                    tx.commit().await?;
                    self.report(parked);
                }
            }
        }
        Ok(round)
    }

    /// The bus refused a row: it waits for its next attempt, or, after its
    /// last one (at once when it can never be published), is parked.
    async fn refused(&self, tx: &mut Tx, pending: Pending, error: &BusError) -> anyhow::Result<Option<Parked>> {
        let attempts = pending.attempts.saturating_add(1);
        let attempt = u32::try_from(attempts).unwrap_or(u32::MAX);
        let error_text = error.to_string();
        let event = pending.event;
        if matches!(error, BusError::Invalid(_)) || attempt >= self.retry.max_attempts {
            crate::dead_letters::insert(tx, &self.dead_letter_consumer(), &event, attempt, &error_text).await?;
            sqlx::query("DELETE FROM outbox WHERE id = $1").bind(&event.id).execute(&mut **tx).await?;
            return Ok(Some(Parked { event, attempts: attempt, error: error_text }));
        }
        let delay = self.retry.delay_after(attempt);
        tracing::warn!(service = self.service, subject = %event.subject, event_id = %event.id, attempt, error = %error_text, retry_in = ?delay, "the bus refused an event");
        sqlx::query("UPDATE outbox SET attempts = $1, last_error = $2, next_attempt_at = $3 WHERE id = $4")
            .bind(attempts)
            .bind(&error_text)
            .bind(tx.now_ms().saturating_add(i64::try_from(delay.as_millis()).unwrap_or(i64::MAX)))
            .bind(&event.id)
            .execute(&mut **tx)
            .await?;
        Ok(None)
    }

    fn dead_letter_consumer(&self) -> String {
        format!("{}-relay", self.service)
    }

    fn report(&self, parked: impl IntoIterator<Item = Parked>) {
        for p in parked {
            crate::dead_letters::report(&self.dead_letter_consumer(), &p.event, p.attempts, &p.error);
        }
    }

    /// How many rows wait to be published (a metric and a test aid).
    pub async fn pending(&self) -> anyhow::Result<i64> {
        let row = sqlx::query("SELECT COUNT(*) FROM outbox WHERE published_at IS NULL").fetch_one(self.db.pool()).await?;
        Ok(row.try_get::<i64, _>(0)?)
    }

    async fn purge_published(&self) -> anyhow::Result<()> {
        sqlx::query("DELETE FROM outbox WHERE published_at IS NOT NULL AND published_at < $1")
            .bind(self.db.now_ms() - RETENTION_MS)
            .execute(self.db.pool())
            .await?;
        Ok(())
    }

    /// Runs until `shutdown`, backing off while the bus is unavailable.
    pub async fn run(self, shutdown: CancellationToken) {
        let service = self.service;
        let mut backoff = self.poll;
        let mut rounds: u64 = 0;
        loop {
            match self.round().await {
                Ok(round) => {
                    if round.published > 0 {
                        metrics::counter!("outbox_published_total", "service" => service).increment(round.published as u64);
                    }
                    if round.bus_down {
                        tracing::warn!(service, retry_in = ?backoff, "outbox relay: the event bus is unavailable");
                        backoff = (backoff * 2).min(MAX_BUS_BACKOFF);
                    } else {
                        backoff = self.poll;
                        if round.seen as i64 == BATCH {
                            continue;
                        }
                    }
                }
                Err(e) => {
                    tracing::warn!(service, error = %e, retry_in = ?backoff, "outbox relay round failed");
                    backoff = (backoff * 2).min(MAX_BUS_BACKOFF);
                }
            }
            rounds += 1;
            if rounds.is_multiple_of(7200)
                && let Err(e) = self.purge_published().await
            {
                tracing::warn!(service, error = %e, "outbox purge failed");
            }
            tokio::select! {
                _ = shutdown.cancelled() => break,
                _ = self.outbox.wake.notified() => {}
                // A row waiting out its backoff is due at once when the clock jumps.
                _ = self.db.clock().jumped() => {}
                _ = tokio::time::sleep(backoff) => {}
            }
        }
    }
}

fn stamp_published_query(id: &str, now: i64) -> sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>> {
    sqlx::query("UPDATE outbox SET published_at = $1 WHERE id = $2").bind(now).bind(id)
}

async fn stamp_published(tx: &mut Tx, id: &str) -> Result<(), sqlx::Error> {
    let now = tx.now_ms();
    stamp_published_query(id, now).execute(&mut **tx).await?;
    Ok(())
}

fn pending_from_row(row: &sqlx::any::AnyRow) -> anyhow::Result<Pending> {
    let headers: String = row.try_get("headers")?;
    let headers: BTreeMap<String, String> = serde_json::from_str(&headers).unwrap_or_default();
    let payload: Vec<u8> = row.try_get("payload")?;
    let event = Event { id: row.try_get("id")?, subject: row.try_get("subject")?, payload: payload.into(), headers };
    Ok(Pending { event, attempts: row.try_get("attempts")? })
}

/// Starts a transaction that records `event_id` as handled by `consumer`.
/// `None` means the event was handled before: skip it (and ack). Commit the
/// returned transaction after the handler's own writes, so the record and
/// the effect land together or not at all.
/// An empty id is refused: it would make every id-less event look handled.
pub async fn begin_once(db: &Db, consumer: &str, event_id: &str) -> Result<Option<Tx>, sqlx::Error> {
    if event_id.trim().is_empty() {
        return Err(sqlx::Error::InvalidArgument(format!("{consumer}: an event without an id cannot be handled once")));
    }
    let mut tx = db.begin().await?;
    let inserted = sqlx::query(
        "INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ($1, $2, $3) \
         ON CONFLICT (consumer, event_id) DO NOTHING",
    )
    .bind(consumer)
    .bind(event_id)
    .bind(tx.now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        tx.rollback().await?;
        return Ok(None);
    }
    Ok(Some(tx))
}
