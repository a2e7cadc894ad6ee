//! Gift vouchers' SQL: codes and balances, what an order took from them
//! (given back when it is cancelled, taken again when it comes back).

use std::collections::HashMap;

use spa_platform::db::{Db, Tx};
use sqlx::Row;

use crate::domain::gift;
use crate::error::CartError;

/// What a gift voucher has left, by code.
pub async fn gift_voucher(db: &Db, code: &str) -> Result<Option<gift::Balance>, CartError> {
    let row = sqlx::query("SELECT balance, expires_at FROM gift_vouchers WHERE code = $1").bind(code).fetch_optional(db.pool()).await?;
    Ok(row
        .map(|r| -> Result<gift::Balance, sqlx::Error> {
            Ok(gift::Balance { balance: r.try_get("balance")?, expires_at: r.try_get("expires_at")? })
        })
        .transpose()?)
}

/// The balances of `codes` that exist.
pub async fn gift_vouchers(db: &Db, codes: &[&str]) -> Result<HashMap<String, gift::Balance>, CartError> {
    let mut found = HashMap::new();
    // A basket holds a handful of codes at most: one query each keeps the
    // SQL the same on both databases.
    for code in codes {
        if let Some(balance) = gift_voucher(db, code).await? {
            found.insert((*code).to_owned(), balance);
        }
    }
    Ok(found)
}

/// Takes `amount` from the voucher for order `order_token`, if it has that
/// much left and has not expired; whether it did. The conditional update
/// is what keeps two baskets from spending the same value.
pub async fn spend_voucher(tx: &mut Tx, order_token: &str, code: &str, amount: i64, now: i64) -> Result<bool, CartError> {
    let taken = sqlx::query("UPDATE gift_vouchers SET balance = balance - $2 WHERE code = $1 AND balance >= $2 AND expires_at > $3")
        .bind(code)
        .bind(amount)
        .bind(now)
        .execute(&mut **tx)
        .await?
        .rows_affected()
        == 1;
    if taken {
        sqlx::query("INSERT INTO voucher_redemptions (order_token, code, amount) VALUES ($1, $2, $3)")
            .bind(order_token)
            .bind(code)
            .bind(amount)
            .execute(&mut **tx)
            .await?;
    }
    Ok(taken)
}

/// Gives back what the order holding `order_id` took from gift vouchers
/// (it was cancelled), once.
pub async fn return_vouchers(tx: &mut Tx, order_id: &str, now: i64) -> Result<(), CartError> {
    let rows = sqlx::query(
        "SELECT r.code, r.amount FROM voucher_redemptions r JOIN orders o ON o.token = r.order_token \
         WHERE o.order_id = $1 AND r.returned_at IS NULL",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?;
    for r in rows {
        let (code, amount): (String, i64) = (r.try_get("code")?, r.try_get("amount")?);
        sqlx::query("UPDATE gift_vouchers SET balance = balance + $2 WHERE code = $1").bind(&code).bind(amount).execute(&mut **tx).await?;
        sqlx::query(
            "UPDATE voucher_redemptions SET returned_at = $3 WHERE code = $1 AND order_token = (SELECT token FROM orders WHERE order_id = $2)",
        )
        .bind(&code)
        .bind(order_id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A gift voucher to issue.
pub struct NewGiftVoucher<'a> {
    pub code: &'a str,
    pub order_token: &'a str,
    pub line_id: i64,
    pub unit: u32,
    pub value: i64,
    pub expires_at: i64,
}

/// Whether the order's vouchers were issued already.
pub async fn vouchers_issued(tx: &mut Tx, order_token: &str) -> Result<bool, CartError> {
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM gift_vouchers WHERE order_token = $1").bind(order_token).fetch_one(&mut **tx).await?;
    Ok(n > 0)
}

/// What the gift vouchers an order issued are worth.
pub async fn vouchers_value(tx: &mut Tx, order_token: &str) -> Result<i64, CartError> {
    let value = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(value), 0) AS BIGINT) FROM gift_vouchers WHERE order_token = $1")
        .bind(order_token)
        .fetch_one(&mut **tx)
        .await?;
    Ok(value)
}

/// Issues a voucher; false when its code is taken (the caller draws another).
pub async fn issue_voucher(tx: &mut Tx, v: &NewGiftVoucher<'_>, now: i64) -> Result<bool, CartError> {
    let inserted = sqlx::query(
        "INSERT INTO gift_vouchers (code, order_token, line_id, unit, value, balance, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7) ON CONFLICT (code) DO NOTHING",
    )
    .bind(v.code)
    .bind(v.order_token)
    .bind(v.line_id)
    .bind(i64::from(v.unit))
    .bind(v.value)
    .bind(v.expires_at)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(inserted.rows_affected() == 1)
}
