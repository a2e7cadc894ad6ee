//! Dead letters: events that could not be published or handled after their
//! last attempt, parked in the `dead_letters` table of the service that gave
//! up on them, with the error, so they stop blocking the events behind them
//! and wait for a person. Each one is also an error in the log and a count
//! in `events_dead_lettered_total{consumer, subject}`.
//!
//! `consumer` names who gave up: a consumer's durable name, or
//! `<service>-relay` for an outbox row the relay could not publish.

use sqlx::Row;

use crate::bus::Event;
use crate::db::{Db, Tx};

/// One parked event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadLetter {
    pub consumer: String,
    /// `None` when the event came without an id.
    pub event_id: Option<String>,
    pub subject: String,
    pub payload: Vec<u8>,
    pub attempts: i64,
    pub error: String,
    pub parked_at: i64,
}

/// Logs and counts a parked event (the table write is the caller's).
pub fn report(consumer: &str, event: &Event, attempts: u32, error: &str) {
    metrics::counter!("events_dead_lettered_total", "consumer" => consumer.to_owned(), "subject" => event.subject.clone()).increment(1);
    tracing::error!(consumer, subject = %event.subject, event_id = %event.id, attempts, error, "event parked in the dead letters");
}

/// Parks `event` for `consumer` in the service's database. Parking the same
/// event for the same consumer twice keeps the first record.
pub async fn park(db: &Db, consumer: &str, event: &Event, attempts: u32, error: &str) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    insert(&mut tx, consumer, event, attempts, error).await?;
    tx.commit().await?;
    report(consumer, event, attempts, error);
    Ok(())
}

/// Parks `event` inside the caller's transaction, without reporting it.
pub(crate) async fn insert(tx: &mut Tx, consumer: &str, event: &Event, attempts: u32, error: &str) -> Result<(), sqlx::Error> {
    let headers = serde_json::to_string(&event.headers).unwrap_or_else(|_| "{}".into());
    let event_id = Some(event.id.as_str()).filter(|id| !id.trim().is_empty());
    sqlx::query(
        "INSERT INTO dead_letters (id, consumer, event_id, subject, payload, headers, attempts, error, parked_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (consumer, event_id) DO NOTHING",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(consumer)
    .bind(event_id)
    .bind(&event.subject)
    .bind(event.payload.to_vec())
    .bind(headers)
    .bind(i64::from(attempts))
    .bind(error)
    .bind(crate::now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Every parked event, oldest first.
pub async fn list(db: &Db) -> Result<Vec<DeadLetter>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT consumer, event_id, subject, payload, attempts, error, parked_at FROM dead_letters ORDER BY parked_at, id")
            .fetch_all(db.pool())
            .await?;
    rows.iter()
        .map(|row| {
            Ok(DeadLetter {
                consumer: row.try_get("consumer")?,
                event_id: row.try_get("event_id")?,
                subject: row.try_get("subject")?,
                payload: row.try_get("payload")?,
                attempts: row.try_get("attempts")?,
                error: row.try_get("error")?,
                parked_at: row.try_get("parked_at")?,
            })
        })
        .collect()
}
