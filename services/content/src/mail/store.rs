//! The queue's SQL (`outgoing_mail`): each e-mail a row, claimed for a
//! while before it is sent, stamped `sent_at` once, and emptied of its
//! secrets then.

use spa_platform::db::{Db, Tx};
use sqlx::Row;

use crate::domain::mail::Mail;

/// A queued mail due to be sent.
pub struct Queued {
    pub id: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub html: Option<String>,
    pub reply_to: Option<String>,
    pub attempts: i64,
}

pub async fn insert(tx: &mut Tx, id: &str, mail: Mail, booking_code: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO outgoing_mail (id, recipient, subject, body, html, sensitive, created_at, reply_to, booking_code) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(id)
    .bind(mail.recipient)
    .bind(mail.subject)
    .bind(mail.text)
    .bind(mail.html)
    .bind(i64::from(mail.sensitive))
    .bind(now)
    .bind(mail.reply_to)
    .bind(booking_code)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Up to `limit` mails unsent, past their pause and unclaimed at `now`,
/// oldest first.
pub async fn due(db: &Db, now: i64, limit: i64) -> sqlx::Result<Vec<Queued>> {
    sqlx::query(
        "SELECT id, recipient, subject, body, html, reply_to, attempts FROM outgoing_mail \
         WHERE sent_at IS NULL AND next_attempt_at <= $1 AND claimed_until <= $1 ORDER BY created_at LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(|row| {
        Ok(Queued {
            id: row.try_get("id")?,
            recipient: row.try_get("recipient")?,
            subject: row.try_get("subject")?,
            body: row.try_get("body")?,
            html: row.try_get("html")?,
            reply_to: row.try_get("reply_to")?,
            attempts: row.try_get("attempts")?,
        })
    })
    .collect()
}

/// Claims an unsent mail until `until`; false when another sender has it.
pub async fn claim(db: &Db, id: &str, until: i64, now: i64) -> sqlx::Result<bool> {
    let claimed = sqlx::query("UPDATE outgoing_mail SET claimed_until = $2 WHERE id = $1 AND sent_at IS NULL AND claimed_until <= $3")
        .bind(id)
        .bind(until)
        .bind(now)
        .execute(db.pool())
        .await?
        .rows_affected();
    Ok(claimed == 1)
}

/// Stamps a mail sent; a secret link leaves the database with it.
pub async fn sent(db: &Db, id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE outgoing_mail SET sent_at = $2, claimed_until = 0, last_error = NULL, \
         body = CASE WHEN sensitive = 1 THEN '' ELSE body END, html = CASE WHEN sensitive = 1 THEN NULL ELSE html END \
         WHERE id = $1",
    )
    .bind(id)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Gives a failed mail back to the queue, to be tried again at `next_attempt_at`.
pub async fn failed(db: &Db, id: &str, attempts: i64, next_attempt_at: i64, error: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE outgoing_mail SET attempts = $2, next_attempt_at = $3, claimed_until = 0, last_error = $4 WHERE id = $1")
        .bind(id)
        .bind(attempts)
        .bind(next_attempt_at)
        .bind(error)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// An e-mail about an order, as the front desk lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderMail {
    pub recipient: String,
    pub subject: String,
    pub queued_at: i64,
    pub sent_at: Option<i64>,
    pub attempts: i64,
    pub last_error: Option<String>,
}

/// A queued mail as the back office lists it, never its body.
fn mail_of(row: &sqlx::any::AnyRow) -> sqlx::Result<OrderMail> {
    Ok(OrderMail {
        recipient: row.try_get("recipient")?,
        subject: row.try_get("subject")?,
        queued_at: row.try_get("created_at")?,
        sent_at: row.try_get("sent_at")?,
        attempts: row.try_get("attempts")?,
        last_error: row.try_get("last_error")?,
    })
}

/// The e-mails about the order `booking_code`, oldest first.
pub async fn order_mails(db: &Db, booking_code: &str) -> sqlx::Result<Vec<OrderMail>> {
    sqlx::query(
        "SELECT recipient, subject, created_at, sent_at, attempts, last_error FROM outgoing_mail \
         WHERE booking_code = $1 AND booking_code <> '' ORDER BY created_at, id",
    )
    .bind(booking_code)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(mail_of)
    .collect()
}

/// A test e-mail queued by the back office, marked as one.
pub async fn insert_test(tx: &mut Tx, id: &str, mail: Mail, now: i64) -> sqlx::Result<()> {
    insert(tx, id, mail, "", now).await?;
    sqlx::query("UPDATE outgoing_mail SET kind = 'test' WHERE id = $1").bind(id).execute(&mut **tx).await?;
    Ok(())
}

/// The last `limit` test e-mails, newest first.
pub async fn test_mails(db: &Db, limit: i64) -> sqlx::Result<Vec<OrderMail>> {
    sqlx::query(
        "SELECT recipient, subject, created_at, sent_at, attempts, last_error FROM outgoing_mail \
         WHERE kind = 'test' ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(mail_of)
    .collect()
}
