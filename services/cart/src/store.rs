//! The cart's SQL. Every read takes the expiry cutoff, so an abandoned cart
//! is gone for callers even before the sweeper deletes it.

use spa_platform::db::{Db, is_unique_violation};
use sqlx::Row;

use crate::error::CartError;

/// A cart row with its items.
#[derive(Debug, Clone)]
pub struct CartRow {
    pub token: String,
    pub channel: String,
    pub locale: String,
    pub currency: String,
    pub checkout_state: String,
    pub items: Vec<ItemRow>,
}

#[derive(Debug, Clone)]
pub struct ItemRow {
    pub id: i64,
    pub kind: String,
    pub code: String,
    pub quantity: i64,
    pub unit_price: i64,
}

pub struct NewCart<'a> {
    pub token: &'a str,
    pub channel: &'a str,
    pub locale: &'a str,
    pub currency: &'a str,
}

/// Inserts a cart; [`CartError::Exists`] when the token is taken.
pub async fn create(db: &Db, cart: NewCart<'_>, now_ms: i64) -> Result<(), CartError> {
    let inserted = sqlx::query(
        "INSERT INTO carts (token, channel, locale, currency, checkout_state, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, 'cart', $5, $5) ON CONFLICT (token) DO NOTHING",
    )
    .bind(cart.token)
    .bind(cart.channel)
    .bind(cart.locale)
    .bind(cart.currency)
    .bind(now_ms)
    .execute(db.pool())
    .await;
    match inserted {
        Ok(r) if r.rows_affected() == 1 => Ok(()),
        Ok(_) => Err(CartError::Exists),
        Err(e) if is_unique_violation(&e) => Err(CartError::Exists),
        Err(e) => Err(e.into()),
    }
}

/// A live cart: changed at or after `cutoff_ms`.
pub async fn load(db: &Db, token: &str, cutoff_ms: i64) -> Result<CartRow, CartError> {
    let row = sqlx::query("SELECT token, channel, locale, currency, checkout_state FROM carts WHERE token = $1 AND updated_at >= $2")
        .bind(token)
        .bind(cutoff_ms)
        .fetch_optional(db.pool())
        .await?
        .ok_or(CartError::NotFound)?;
    let items = sqlx::query("SELECT id, type, code, quantity, unit_price FROM cart_items WHERE cart_token = $1 ORDER BY id")
        .bind(token)
        .fetch_all(db.pool())
        .await?
        .into_iter()
        .map(|r| {
            Ok(ItemRow {
                id: r.try_get("id")?,
                kind: r.try_get("type")?,
                code: r.try_get("code")?,
                quantity: r.try_get("quantity")?,
                unit_price: r.try_get("unit_price")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(CartRow {
        token: row.try_get("token")?,
        channel: row.try_get("channel")?,
        locale: row.try_get("locale")?,
        currency: row.try_get("currency")?,
        checkout_state: row.try_get("checkout_state")?,
        items,
    })
}

/// Deletes a live cart and its items.
pub async fn drop_cart(db: &Db, token: &str, cutoff_ms: i64) -> Result<(), CartError> {
    let mut tx = db.begin().await?;
    let deleted = sqlx::query("DELETE FROM carts WHERE token = $1 AND updated_at >= $2")
        .bind(token)
        .bind(cutoff_ms)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted == 0 {
        return Err(CartError::NotFound);
    }
    sqlx::query("DELETE FROM cart_items WHERE cart_token = $1").bind(token).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes carts abandoned before `cutoff_ms` that never became an order;
/// returns how many.
pub async fn delete_abandoned(db: &Db, cutoff_ms: i64) -> Result<u64, CartError> {
    let mut tx = db.begin().await?;
    sqlx::query(
        "DELETE FROM cart_items WHERE cart_token IN \
         (SELECT token FROM carts WHERE updated_at < $1 AND checkout_state <> 'completed')",
    )
    .bind(cutoff_ms)
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query("DELETE FROM carts WHERE updated_at < $1 AND checkout_state <> 'completed'")
        .bind(cutoff_ms)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    tx.commit().await?;
    Ok(deleted)
}
