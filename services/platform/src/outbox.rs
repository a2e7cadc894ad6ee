//! The transactional outbox: a service writes its events into its own
//! `outbox` table in the same transaction as the change they describe, and
//! the [`Relay`] keeps publishing pending rows until the bus has taken them.
//! A crash or a broker outage delays an event; it never loses one.
//!
//! Consumers use [`begin_once`] to handle each event id once.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use sqlx::Row;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use crate::bus::{Event, EventBus};
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

    /// Adds an event to the transaction; the current trace context goes into
    /// its headers. Call [`Outbox::wake`] after the commit.
    pub async fn add<M: prost::Message>(&self, tx: &mut Tx, subject: &str, message: &M) -> Result<String, sqlx::Error> {
        let id = uuid::Uuid::now_v7().to_string();
        let headers = serde_json::to_string(&crate::telemetry::current_trace_headers()).unwrap_or_else(|_| "{}".into());
        sqlx::query("INSERT INTO outbox (id, subject, payload, headers, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&id)
            .bind(subject)
            .bind(message.encode_to_vec())
            .bind(headers)
            .bind(crate::now_ms())
            .execute(&mut **tx)
            .await?;
        Ok(id)
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
    /// Polling interval when nothing wakes the relay (other replicas' rows,
    /// retries after a bus failure).
    pub poll: Duration,
}

const BATCH: i64 = 100;
/// Published rows are kept this long for inspection, then deleted.
const RETENTION_MS: i64 = 7 * 24 * 3600 * 1000;

impl Relay {
    pub fn new(db: Db, bus: Arc<dyn EventBus>, outbox: Outbox) -> Self {
        Self { db, bus, outbox, poll: Duration::from_millis(500) }
    }

    /// Publishes what is pending now; returns how many rows were published.
    /// Stops at the first failure so that order is kept; the rest waits for
    /// the next round.
    pub async fn drain_once(&self) -> anyhow::Result<usize> {
        match self.db.kind() {
            DbKind::Postgres => self.drain_locked().await,
            DbKind::Sqlite => self.drain_single().await,
        }
    }

    /// PostgreSQL: several replicas may relay at once; `SKIP LOCKED` gives
    /// each row to one of them.
    async fn drain_locked(&self) -> anyhow::Result<usize> {
        let mut tx = self.db.begin().await?;
        let rows = sqlx::query(
            "SELECT id, subject, payload, headers FROM outbox WHERE published_at IS NULL \
             ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED",
        )
        .bind(BATCH)
        .fetch_all(&mut *tx)
        .await?;
        let mut done = 0;
        for row in rows {
            let event = event_from_row(&row)?;
            if let Err(e) = self.bus.publish(&event).await {
                sqlx::query("UPDATE outbox SET attempts = attempts + 1 WHERE id = $1").bind(&event.id).execute(&mut *tx).await?;
                tx.commit().await?;
                return Err(e.into());
            }
            sqlx::query("UPDATE outbox SET published_at = $1 WHERE id = $2")
                .bind(crate::now_ms())
                .bind(&event.id)
                .execute(&mut *tx)
                .await?;
            done += 1;
        }
        tx.commit().await?;
        Ok(done)
    }

    /// SQLite: one process owns the file, so one relay per service; no row
    /// locks, and no transaction held while publishing.
    async fn drain_single(&self) -> anyhow::Result<usize> {
        let rows = sqlx::query("SELECT id, subject, payload, headers FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT $1")
            .bind(BATCH)
            .fetch_all(self.db.pool())
            .await?;
        let mut done = 0;
        for row in rows {
            let event = event_from_row(&row)?;
            if let Err(e) = self.bus.publish(&event).await {
                sqlx::query("UPDATE outbox SET attempts = attempts + 1 WHERE id = $1").bind(&event.id).execute(self.db.pool()).await?;
                return Err(e.into());
            }
            sqlx::query("UPDATE outbox SET published_at = $1 WHERE id = $2")
                .bind(crate::now_ms())
                .bind(&event.id)
                .execute(self.db.pool())
                .await?;
            done += 1;
        }
        Ok(done)
    }

    /// How many rows wait to be published (a metric and a test aid).
    pub async fn pending(&self) -> anyhow::Result<i64> {
        let row = sqlx::query("SELECT COUNT(*) FROM outbox WHERE published_at IS NULL").fetch_one(self.db.pool()).await?;
        Ok(row.try_get::<i64, _>(0)?)
    }

    async fn purge_published(&self) -> anyhow::Result<()> {
        sqlx::query("DELETE FROM outbox WHERE published_at IS NOT NULL AND published_at < $1")
            .bind(crate::now_ms() - RETENTION_MS)
            .execute(self.db.pool())
            .await?;
        Ok(())
    }

    /// Runs until `shutdown`, backing off while the bus fails.
    pub async fn run(self, service: &'static str, shutdown: CancellationToken) {
        let mut backoff = self.poll;
        let mut rounds: u64 = 0;
        loop {
            let result = self.drain_once().await;
            match result {
                Ok(n) => {
                    if n > 0 {
                        metrics::counter!("outbox_published_total", "service" => service).increment(n as u64);
                    }
                    backoff = self.poll;
                    if n as i64 == BATCH {
                        continue;
                    }
                }
                Err(e) => {
                    tracing::warn!(service, error = %e, retry_in = ?backoff, "outbox relay could not publish");
                    backoff = (backoff * 2).min(Duration::from_secs(10));
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
                _ = tokio::time::sleep(backoff) => {}
            }
        }
    }
}

fn event_from_row(row: &sqlx::any::AnyRow) -> anyhow::Result<Event> {
    let headers: String = row.try_get("headers")?;
    let headers: BTreeMap<String, String> = serde_json::from_str(&headers).unwrap_or_default();
    let payload: Vec<u8> = row.try_get("payload")?;
    Ok(Event { id: row.try_get("id")?, subject: row.try_get("subject")?, payload: payload.into(), headers })
}

/// Starts a transaction that records `event_id` as handled by `consumer`.
/// `None` means the event was handled before: skip it (and ack). Commit the
/// returned transaction after the handler's own writes, so the record and
/// the effect land together or not at all.
pub async fn begin_once(db: &Db, consumer: &str, event_id: &str) -> Result<Option<Tx>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let inserted = sqlx::query(
        "INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ($1, $2, $3) \
         ON CONFLICT (consumer, event_id) DO NOTHING",
    )
    .bind(consumer)
    .bind(event_id)
    .bind(crate::now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        tx.rollback().await?;
        return Ok(None);
    }
    Ok(Some(tx))
}
