//! The cart's SQL. Every read takes the expiry cutoff, so an abandoned cart
//! is gone for callers even before the sweeper deletes it. Changes run in
//! a [`Locked`] cart: one transaction that holds the cart's row, so two
//! requests on one cart never interleave.

use serde::{Deserialize, Serialize};
use spa_platform::db::{Db, Tx, is_unique_violation};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::domain::item::{Dedication, ItemKind, Stay, TreatmentChoice};
use crate::error::CartError;

/// A cart with its lines, in the order they were added.
#[derive(Debug, Clone)]
pub struct StoredCart {
    pub token: String,
    pub channel: String,
    pub locale: String,
    pub currency: String,
    pub checkout_state: String,
    pub lines: Vec<Line>,
}

impl StoredCart {
    pub fn line(&self, id: i64) -> Result<&Line, CartError> {
        self.lines.iter().find(|l| l.id == id).ok_or(CartError::ItemNotFound(id))
    }

    pub fn children_of(&self, id: i64) -> impl Iterator<Item = &Line> {
        self.lines.iter().filter(move |l| l.parent_id == Some(id))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub kind: ItemKind,
    pub code: String,
    pub quantity: u32,
    pub details: Details,
}

/// What a line needs beyond its product and quantity.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Details {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stay: Option<Stay>,
    /// A package's chosen treatments; None = the package's own ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treatments: Option<Vec<TreatmentChoice>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price_option: Option<u32>,
    /// A gift voucher's dedication.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voucher: Option<Dedication>,
}

pub struct NewCart<'a> {
    pub token: &'a str,
    pub channel: &'a str,
    pub locale: &'a str,
    pub currency: &'a str,
    pub customer_id: Option<&'a str>,
}

/// Inserts a cart; [`CartError::Exists`] when the token is taken.
pub async fn create(db: &Db, cart: NewCart<'_>, now_ms: i64) -> Result<(), CartError> {
    let inserted = sqlx::query(
        "INSERT INTO carts (token, channel, locale, currency, checkout_state, created_at, updated_at, customer_id) \
         VALUES ($1, $2, $3, $4, 'cart', $5, $5, $6) ON CONFLICT (token) DO NOTHING",
    )
    .bind(cart.token)
    .bind(cart.channel)
    .bind(cart.locale)
    .bind(cart.currency)
    .bind(now_ms)
    .bind(cart.customer_id)
    .execute(db.pool())
    .await;
    match inserted {
        Ok(r) if r.rows_affected() == 1 => Ok(()),
        Ok(_) => Err(CartError::Exists),
        Err(e) if is_unique_violation(&e) => Err(CartError::Exists),
        Err(e) => Err(e.into()),
    }
}

const CART_COLUMNS: &str = "token, channel, locale, currency, checkout_state, last_item_id";

fn line(r: &AnyRow) -> Result<Line, sqlx::Error> {
    let kind: String = r.try_get("kind")?;
    let details: String = r.try_get("details")?;
    let decode = |e: String| sqlx::Error::Decode(e.into());
    Ok(Line {
        id: r.try_get("id")?,
        parent_id: r.try_get("parent_id")?,
        kind: ItemKind::parse(&kind).ok_or_else(|| decode(format!("unknown line kind {kind:?}")))?,
        code: r.try_get("code")?,
        quantity: u32::try_from(r.try_get::<i64, _>("quantity")?).map_err(|e| decode(e.to_string()))?,
        details: serde_json::from_str(&details).map_err(|e| decode(e.to_string()))?,
    })
}

/// The cart's row and its lines' rows; the cart's last line id beside it.
fn cart_of(cart: &AnyRow, lines: &[AnyRow]) -> Result<(StoredCart, i64), sqlx::Error> {
    Ok((
        StoredCart {
            token: cart.try_get("token")?,
            channel: cart.try_get("channel")?,
            locale: cart.try_get("locale")?,
            currency: cart.try_get("currency")?,
            checkout_state: cart.try_get("checkout_state")?,
            lines: lines.iter().map(line).collect::<Result<_, _>>()?,
        },
        cart.try_get("last_item_id")?,
    ))
}

const LINES: &str = "SELECT id, parent_id, kind, code, quantity, details FROM cart_items WHERE cart_token = $1 ORDER BY id";

/// A live cart: changed at or after `cutoff_ms`.
pub async fn load(db: &Db, token: &str, cutoff_ms: i64) -> Result<StoredCart, CartError> {
    let cart = sqlx::query(&format!("SELECT {CART_COLUMNS} FROM carts WHERE token = $1 AND updated_at >= $2"))
        .bind(token)
        .bind(cutoff_ms)
        .fetch_optional(db.pool())
        .await?
        .ok_or(CartError::NotFound)?;
    let lines = sqlx::query(LINES).bind(token).fetch_all(db.pool()).await?;
    Ok(cart_of(&cart, &lines)?.0)
}

/// The token of the customer's most recently changed live cart that has
/// not become an order.
pub async fn customer_cart(db: &Db, customer_id: &str, cutoff_ms: i64) -> Result<Option<String>, CartError> {
    let row = sqlx::query(
        "SELECT token FROM carts WHERE customer_id = $1 AND updated_at >= $2 AND checkout_state <> 'completed' \
         ORDER BY updated_at DESC LIMIT 1",
    )
    .bind(customer_id)
    .bind(cutoff_ms)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(|r| r.try_get("token")).transpose()?)
}

/// A live cart held for one change: its row is locked (PostgreSQL) or the
/// database's write lock taken (SQLite) until [`Locked::commit`]; dropping
/// it rolls back.
pub struct Locked {
    tx: Tx,
    pub cart: StoredCart,
    last_id: i64,
}

/// Locks a live cart and reads it; touching it also keeps it from expiring.
pub async fn lock(db: &Db, token: &str, cutoff_ms: i64, now_ms: i64) -> Result<Locked, CartError> {
    let mut tx = db.begin().await?;
    // The write comes first, so SQLite takes its write lock at once instead
    // of upgrading a read lock (which could fail under contention).
    let cart = sqlx::query(&format!("UPDATE carts SET updated_at = $3 WHERE token = $1 AND updated_at >= $2 RETURNING {CART_COLUMNS}"))
        .bind(token)
        .bind(cutoff_ms)
        .bind(now_ms)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(CartError::NotFound)?;
    let lines = sqlx::query(LINES).bind(token).fetch_all(&mut *tx).await?;
    let (cart, last_id) = cart_of(&cart, &lines)?;
    Ok(Locked { tx, cart, last_id })
}

impl Locked {
    /// Inserts a line; returns its id.
    pub async fn insert(
        &mut self,
        parent_id: Option<i64>,
        kind: ItemKind,
        code: &str,
        quantity: u32,
        details: &Details,
    ) -> Result<i64, CartError> {
        self.last_id += 1;
        let details = serde_json::to_string(details).map_err(|e| sqlx::Error::Encode(e.into()))?;
        sqlx::query(
            "INSERT INTO cart_items (cart_token, id, parent_id, kind, code, quantity, details) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&self.cart.token)
        .bind(self.last_id)
        .bind(parent_id)
        .bind(kind.code())
        .bind(code)
        .bind(i64::from(quantity))
        .bind(details)
        .execute(&mut *self.tx)
        .await?;
        Ok(self.last_id)
    }

    pub async fn update(&mut self, id: i64, quantity: u32, details: &Details) -> Result<(), CartError> {
        let details = serde_json::to_string(details).map_err(|e| sqlx::Error::Encode(e.into()))?;
        sqlx::query("UPDATE cart_items SET quantity = $3, details = $4 WHERE cart_token = $1 AND id = $2")
            .bind(&self.cart.token)
            .bind(id)
            .bind(i64::from(quantity))
            .bind(details)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    /// Deletes a line and the lines attached to it.
    pub async fn delete(&mut self, id: i64) -> Result<(), CartError> {
        sqlx::query("DELETE FROM cart_items WHERE cart_token = $1 AND (id = $2 OR parent_id = $2)")
            .bind(&self.cart.token)
            .bind(id)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    pub async fn commit(mut self) -> Result<(), CartError> {
        sqlx::query("UPDATE carts SET last_item_id = $2 WHERE token = $1")
            .bind(&self.cart.token)
            .bind(self.last_id)
            .execute(&mut *self.tx)
            .await?;
        self.tx.commit().await?;
        Ok(())
    }
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
