//! Checkout's SQL beyond the cart's: the unpaid room-nights a guest's
//! e-mail and a client hold, counted under lock rows.

use spa_platform::db::{Db, Tx};

use crate::domain::limits::UnpaidNights;
use crate::error::CartError;

const UNPAID_BY_EMAIL: &str =
    "SELECT CAST(COALESCE(SUM(room_nights), 0) AS BIGINT) FROM orders WHERE email = $1 AND payment_state = 'awaiting_payment'";

const UNPAID_BY_CLIENT: &str =
    "SELECT CAST(COALESCE(SUM(room_nights), 0) AS BIGINT) FROM orders WHERE client = $1 AND payment_state = 'awaiting_payment'";

/// The room-nights held by unpaid orders placed with `email` and from
/// `client`, read as committed now.
pub async fn unpaid_nights(db: &Db, email: &str, client: &str) -> Result<UnpaidNights, CartError> {
    let by_email: i64 = sqlx::query_scalar(UNPAID_BY_EMAIL).bind(email).fetch_one(db.pool()).await?;
    let by_client: i64 = if client.is_empty() { 0 } else { sqlx::query_scalar(UNPAID_BY_CLIENT).bind(client).fetch_one(db.pool()).await? };
    Ok(UnpaidNights { by_email, by_client })
}

/// Like [`unpaid_nights`], in `tx` after taking a lock row for the e-mail
/// and one for the client (always in that order), so two completions of
/// one guest count each other's orders instead of both passing the cap.
pub async fn lock_unpaid_nights(tx: &mut Tx, email: &str, client: &str, now: i64) -> Result<UnpaidNights, CartError> {
    let keys = [format!("email:{email}"), format!("client:{client}")];
    for key in keys.iter().take(if client.is_empty() { 1 } else { 2 }) {
        sqlx::query("INSERT INTO booking_limits (key, touched_at) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET touched_at = $2")
            .bind(key)
            .bind(now)
            .execute(&mut **tx)
            .await?;
    }
    let by_email: i64 = sqlx::query_scalar(UNPAID_BY_EMAIL).bind(email).fetch_one(&mut **tx).await?;
    let by_client: i64 = if client.is_empty() { 0 } else { sqlx::query_scalar(UNPAID_BY_CLIENT).bind(client).fetch_one(&mut **tx).await? };
    Ok(UnpaidNights { by_email, by_client })
}
