//! Dead letters: events that could not be published or handled after their
//! last attempt, parked in the `dead_letters` table of the service that gave
//! up on them, with the error, so they stop blocking the events behind them
//! and wait for a person. Each one is also an error in the log and a count
//! in `events_dead_lettered_total{consumer, subject}`.
//!
//! `consumer` names who gave up: a consumer's durable name, or
//! `<service>-relay` for an outbox row the relay could not publish.
//!
//! Once the cause is fixed, an operator sends one (or all) back: the
//! service's `dead-letters replay` command ([`request_replay`]) marks it,
//! and the consumer that parked it, on its next round, takes it
//! ([`take_replay`]), runs its handler once and deletes it on success
//! ([`replayed`]) or keeps it with the new error. Handlers record the
//! events they handled, so a replay never does twice what was done.

use sqlx::Row;

use crate::bus::Event;
use crate::db::{Db, Tx};

/// One parked event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadLetter {
    /// The parking's own id, for [`request_replay`].
    pub id: String,
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
    .bind(tx.now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Every parked event, oldest first.
pub async fn list(db: &Db) -> Result<Vec<DeadLetter>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT id, consumer, event_id, subject, payload, attempts, error, parked_at FROM dead_letters ORDER BY parked_at, id")
            .fetch_all(db.pool())
            .await?;
    rows.iter()
        .map(|row| {
            Ok(DeadLetter {
                id: row.try_get("id")?,
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

/// Which parked events an operator sends back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replay<'a> {
    /// One, by its parking's id.
    One(&'a str),
    /// Every one a consumer parked.
    Consumer(&'a str),
    /// Every one.
    All,
}

/// Marks parked events to be handled again by the consumers that parked
/// them; how many. Relay rows (`<service>-relay`) have no handler here: the
/// relay's parked rows are published again by inserting them in the
/// outbox, which this does at once.
pub async fn request_replay(db: &Db, which: Replay<'_>) -> Result<u64, sqlx::Error> {
    let now = db.now_ms();
    let query = match which {
        Replay::One(id) => sqlx::query("UPDATE dead_letters SET replay_requested_at = $1 WHERE id = $2").bind(now).bind(id),
        Replay::Consumer(name) => sqlx::query("UPDATE dead_letters SET replay_requested_at = $1 WHERE consumer = $2").bind(now).bind(name),
        Replay::All => sqlx::query("UPDATE dead_letters SET replay_requested_at = $1").bind(now),
    };
    let marked = db.write(query).await?.rows_affected();
    // Rows the relay could not publish go back to the outbox, as new rows
    // under their event's id (the broker and consumers de-duplicate by it).
    let mut tx = db.begin().await?;
    let relayed = sqlx::query(
        "SELECT id, event_id, subject, payload, headers FROM dead_letters \
         WHERE replay_requested_at IS NOT NULL AND consumer LIKE '%-relay' AND event_id IS NOT NULL",
    )
    .fetch_all(&mut *tx)
    .await?;
    for row in &relayed {
        let (id, event_id): (String, String) = (row.try_get("id")?, row.try_get("event_id")?);
        sqlx::query(
            "INSERT INTO outbox (id, subject, payload, headers, created_at, attempts, next_attempt_at) VALUES ($1, $2, $3, $4, $5, 0, 0) \
             ON CONFLICT (id) DO UPDATE SET published_at = NULL, attempts = 0, next_attempt_at = 0, last_error = NULL",
        )
        .bind(&event_id)
        .bind(row.try_get::<String, _>("subject")?)
        .bind(row.try_get::<Vec<u8>, _>("payload")?)
        .bind(row.try_get::<String, _>("headers")?)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM dead_letters WHERE id = $1").bind(&id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(marked)
}

/// One parked event of `consumer` an operator asked to have handled again,
/// taken by this process (another replica's round does not take it too).
pub async fn take_replay(db: &Db, consumer: &str) -> Result<Option<(String, Event)>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, event_id, subject, payload, headers FROM dead_letters \
         WHERE consumer = $1 AND replay_requested_at IS NOT NULL ORDER BY parked_at, id LIMIT 1",
    )
    .bind(consumer)
    .fetch_optional(db.pool())
    .await?;
    let Some(row) = row else { return Ok(None) };
    let id: String = row.try_get("id")?;
    let taken =
        sqlx::query("UPDATE dead_letters SET replay_requested_at = NULL WHERE id = $1 AND replay_requested_at IS NOT NULL").bind(&id);
    if db.write(taken).await?.rows_affected() != 1 {
        return Ok(None);
    }
    let headers: String = row.try_get("headers")?;
    let event = Event {
        id: row.try_get::<Option<String>, _>("event_id")?.unwrap_or_default(),
        subject: row.try_get("subject")?,
        payload: row.try_get::<Vec<u8>, _>("payload")?.into(),
        headers: serde_json::from_str(&headers).unwrap_or_default(),
    };
    Ok(Some((id, event)))
}

/// A replayed event was handled: its parking goes.
pub async fn replayed(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    db.write(sqlx::query("DELETE FROM dead_letters WHERE id = $1").bind(id)).await?;
    Ok(())
}

/// A replayed event failed again: it stays parked with the new error.
pub async fn replay_failed(db: &Db, id: &str, error: &str) -> Result<(), sqlx::Error> {
    let query = sqlx::query("UPDATE dead_letters SET attempts = attempts + 1, error = $2 WHERE id = $1").bind(id).bind(error);
    db.write(query).await?;
    Ok(())
}

/// The operator's command on a service's dead letters (after the binary's
/// name and `dead-letters`):
///
/// ```text
/// list                      every parked event: id, consumer, subject, event id, attempts, error
/// replay <id>               send one back to the consumer that parked it
/// replay --consumer <name>  every one that consumer parked
/// replay --all              every one
/// ```
///
/// Returns what to print.
pub async fn command(db: &Db, args: &[String]) -> anyhow::Result<String> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["list"] => {
            let parked = list(db).await?;
            let mut out = format!("{} parked event(s)\n", parked.len());
            for d in parked {
                let at = chrono::DateTime::from_timestamp_millis(d.parked_at).map(|t| t.to_rfc3339()).unwrap_or_default();
                out += &format!(
                    "{}  {}  {}  event {}  {} attempt(s)  parked {at}\n    {}\n",
                    d.id,
                    d.consumer,
                    d.subject,
                    d.event_id.as_deref().unwrap_or("-"),
                    d.attempts,
                    d.error
                );
            }
            Ok(out)
        }
        ["replay", "--all"] => Ok(format!("{} event(s) sent back\n", request_replay(db, Replay::All).await?)),
        ["replay", "--consumer", name] => Ok(format!("{} event(s) sent back\n", request_replay(db, Replay::Consumer(name)).await?)),
        ["replay", id] if !id.starts_with('-') => match request_replay(db, Replay::One(id)).await? {
            0 => anyhow::bail!("no parked event {id} (see `dead-letters list`)"),
            n => Ok(format!("{n} event(s) sent back\n")),
        },
        _ => anyhow::bail!("usage: dead-letters list | replay <id> | replay --consumer <name> | replay --all"),
    }
}
