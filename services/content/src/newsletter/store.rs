//! The newsletter's SQL: one row per address with its state (`pending`,
//! `confirmed`, `unsubscribed`) and its two link tokens.

use spa_platform::db::{Db, Tx};

/// A sign-up to write.
pub struct SignUp<'a> {
    pub email: &'a str,
    pub locale: &'a str,
    pub confirmation_token: &'a str,
    pub unsubscribe_token: &'a str,
    pub now: i64,
}

/// Writes a pending sign-up of an address never signed up or unsubscribed
/// (with new links); false when the address is signed up already.
pub async fn sign_up(tx: &mut Tx, s: &SignUp<'_>) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO newsletter_subscribers (email, locale, status, confirmation_token, unsubscribe_token, created_at) \
         VALUES ($1, $2, 'pending', $3, $4, $5) \
         ON CONFLICT (email) DO UPDATE SET locale = excluded.locale, status = 'pending', \
         confirmation_token = excluded.confirmation_token, unsubscribe_token = excluded.unsubscribe_token, \
         created_at = excluded.created_at, confirmed_at = NULL \
         WHERE newsletter_subscribers.status = 'unsubscribed'",
    )
    .bind(s.email)
    .bind(s.locale)
    .bind(s.confirmation_token)
    .bind(s.unsubscribe_token)
    .bind(s.now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Confirms the pending or confirmed sign-up of a confirmation token; false
/// when there is none.
pub async fn confirm(db: &Db, token: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = COALESCE(confirmed_at, $2) \
         WHERE confirmation_token = $1 AND status IN ('pending', 'confirmed')",
    )
    .bind(token)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Ends the subscription of an unsubscribe token; false when there is none.
pub async fn unsubscribe(db: &Db, token: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE newsletter_subscribers SET status = 'unsubscribed' WHERE unsubscribe_token = $1")
        .bind(token)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}
