//! Checkout's SQL beyond the cart's: the unpaid room-nights a guest's
//! e-mail and a client hold, counted under lock rows.

use spa_platform::db::{Db, Tx};

use crate::domain::limits::UnpaidNights;
use crate::error::CartError;

/// The room-nights of unpaid orders placed with `$1` and, unless `$2` is
/// empty (a client unknown), from `$2`: both sums in one statement.
const UNPAID: &str = "SELECT CAST(COALESCE(SUM(CASE WHEN email = $1 THEN room_nights ELSE 0 END), 0) AS BIGINT), \
            CAST(COALESCE(SUM(CASE WHEN client = $2 THEN room_nights ELSE 0 END), 0) AS BIGINT) \
     FROM orders WHERE payment_state = 'awaiting_payment' AND (email = $1 OR (client = $2 AND client <> ''))";

async fn sums<'e>(executor: impl sqlx::Executor<'e, Database = sqlx::Any>, email: &str, client: &str) -> Result<UnpaidNights, CartError> {
    let (by_email, by_client): (i64, i64) = sqlx::query_as(UNPAID).bind(email).bind(client).fetch_one(executor).await?;
    Ok(UnpaidNights { by_email, by_client: if client.is_empty() { 0 } else { by_client } })
}

/// The room-nights held by unpaid orders placed with `email` and from
/// `client`, read as committed now.
pub async fn unpaid_nights(db: &Db, email: &str, client: &str) -> Result<UnpaidNights, CartError> {
    sums(db.pool(), email, client).await
}

/// Like [`unpaid_nights`], in `tx` after taking a lock row for the e-mail
/// and one for the client (in one statement, the e-mail's first), so two
/// completions of one guest count each other's orders instead of both
/// passing the cap.
pub async fn lock_unpaid_nights(tx: &mut Tx, email: &str, client: &str, now: i64) -> Result<UnpaidNights, CartError> {
    const ONE: &str =
        "INSERT INTO booking_limits (key, touched_at) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET touched_at = excluded.touched_at";
    const TWO: &str = "INSERT INTO booking_limits (key, touched_at) VALUES ($1, $3), ($2, $3) ON CONFLICT (key) DO UPDATE SET touched_at = excluded.touched_at";
    let email_key = format!("email:{email}");
    if client.is_empty() {
        sqlx::query(ONE).bind(email_key).bind(now).execute(&mut **tx).await?;
    } else {
        sqlx::query(TWO).bind(email_key).bind(format!("client:{client}")).bind(now).execute(&mut **tx).await?;
    }
    sums(&mut **tx, email, client).await
}
