//! The basket's SQL: carts and their lines. Every read takes the expiry
//! cutoff, so an abandoned cart is gone for callers even before the
//! sweeper deletes it. Changes run in a [`Locked`] cart: one transaction
//! that holds the cart's row, so two requests on one cart never interleave.

use serde::{Deserialize, Serialize};
use spa_platform::db::{Db, Tx, is_unique_violation};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::domain::checkout::{self, State};
use crate::domain::item::{Dedication, ItemKind, Stay, TreatmentChoice};
use crate::error::CartError;

/// A cart with its lines, in the order they were added.
#[derive(Debug, Clone)]
pub struct StoredCart {
    pub token: String,
    pub channel: String,
    pub locale: String,
    pub currency: String,
    pub checkout_state: State,
    pub checkout: checkout::Details,
    pub customer_id: Option<String>,
    /// How many changes were committed to it.
    pub version: i64,
    pub lines: Vec<Line>,
}

impl StoredCart {
    pub fn line(&self, id: i64) -> Result<&Line, CartError> {
        self.lines.iter().find(|l| l.id == id).ok_or(CartError::ItemNotFound(id))
    }

    pub fn children_of(&self, id: i64) -> impl Iterator<Item = &Line> {
        self.lines.iter().filter(move |l| l.parent_id == Some(id))
    }

    /// The gift voucher lines, in the order they were added.
    pub fn vouchers(&self) -> impl Iterator<Item = &Line> {
        self.lines.iter().filter(|l| l.kind == ItemKind::Voucher)
    }

    /// A printed voucher is posted: a shipping method is needed.
    pub fn shipping_required(&self) -> bool {
        self.vouchers().any(|l| l.details.voucher.as_ref().is_some_and(Dedication::posted))
    }

    /// What checkout saved, with the order named `order_id`.
    pub fn checkout_with(&self, order_id: &str) -> checkout::Details {
        checkout::Details { order_id: Some(order_id.to_owned()), ..self.checkout.clone() }
    }

    /// What checkout still needs for these lines.
    pub fn needs(&self, nothing_to_pay: bool) -> checkout::Needs {
        checkout::Needs {
            vouchers: self.vouchers().count(),
            vouchers_configured: self.vouchers().all(|l| l.details.voucher.as_ref().is_some_and(Dedication::configured)),
            shipping_required: self.shipping_required(),
            shipping_chosen: self.checkout.shipping_method.is_some(),
            nothing_to_pay,
        }
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
    /// The gift voucher code paying for this line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redeemed: Option<String>,
}

pub struct NewCart<'a> {
    pub token: &'a str,
    pub channel: &'a str,
    pub locale: &'a str,
    pub currency: &'a str,
    pub customer_id: Option<&'a str>,
}

/// Inserts a cart and answers it as stored; [`CartError::Exists`] when the
/// token is taken.
pub async fn create(db: &Db, cart: NewCart<'_>, now_ms: i64) -> Result<StoredCart, CartError> {
    let query = sqlx::query(
        "INSERT INTO carts (token, channel, locale, currency, checkout_state, created_at, updated_at, customer_id) \
         VALUES ($1, $2, $3, $4, 'cart', $5, $5, $6) ON CONFLICT (token) DO NOTHING",
    )
    .bind(cart.token)
    .bind(cart.channel)
    .bind(cart.locale)
    .bind(cart.currency)
    .bind(now_ms)
    .bind(cart.customer_id);
    match db.write(query).await {
        Ok(r) if r.rows_affected() == 1 => Ok(StoredCart {
            token: cart.token.to_owned(),
            channel: cart.channel.to_owned(),
            locale: cart.locale.to_owned(),
            currency: cart.currency.to_owned(),
            checkout_state: State::Cart,
            checkout: checkout::Details::default(),
            customer_id: cart.customer_id.map(str::to_owned),
            version: 0,
            lines: vec![],
        }),
        Ok(_) => Err(CartError::Exists),
        Err(e) if is_unique_violation(&e) => Err(CartError::Exists),
        Err(e) => Err(e.into()),
    }
}

const CART_COLUMNS: &str = "token, channel, locale, currency, checkout_state, checkout, customer_id, last_item_id, version";

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
fn cart_of<'a>(cart: &AnyRow, lines: impl IntoIterator<Item = &'a AnyRow>) -> Result<(StoredCart, i64), sqlx::Error> {
    let decode = |e: String| sqlx::Error::Decode(e.into());
    let state: String = cart.try_get("checkout_state")?;
    let checkout: String = cart.try_get("checkout")?;
    Ok((
        StoredCart {
            token: cart.try_get("token")?,
            channel: cart.try_get("channel")?,
            locale: cart.try_get("locale")?,
            currency: cart.try_get("currency")?,
            checkout_state: State::parse(&state).ok_or_else(|| decode(format!("unknown checkout state {state:?}")))?,
            checkout: serde_json::from_str(&checkout).map_err(|e| decode(e.to_string()))?,
            customer_id: cart.try_get("customer_id")?,
            version: cart.try_get("version")?,
            lines: lines.into_iter().map(line).collect::<Result<_, _>>()?,
        },
        cart.try_get("last_item_id")?,
    ))
}

const LINES: &str = "SELECT id, parent_id, kind, code, quantity, details FROM cart_items WHERE cart_token = $1 ORDER BY id";

/// A live cart: changed at or after `cutoff_ms`. One statement, so the
/// cart and its lines are of one moment: a row per line, each with the
/// cart's columns (one row with no line for an empty cart).
pub async fn load(db: &Db, token: &str, cutoff_ms: i64) -> Result<StoredCart, CartError> {
    const CART_AND_LINES: &str = "SELECT c.token, c.channel, c.locale, c.currency, c.checkout_state, c.checkout, c.customer_id, \
                c.last_item_id, c.version, i.id, i.parent_id, i.kind, i.code, i.quantity, i.details \
         FROM carts c LEFT JOIN cart_items i ON i.cart_token = c.token \
         WHERE c.token = $1 AND c.updated_at >= $2 ORDER BY i.id";
    let rows = sqlx::query(CART_AND_LINES).bind(token).bind(cutoff_ms).fetch_all(db.pool()).await?;
    let cart = rows.first().ok_or(CartError::NotFound)?;
    let mut lines = Vec::with_capacity(rows.len());
    for row in &rows {
        if row.try_get::<Option<i64>, _>("id")?.is_some() {
            lines.push(row);
        }
    }
    Ok(cart_of(cart, lines)?.0)
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
    /// Lines were added, changed or removed: the checkout state follows.
    lines_changed: bool,
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
    Ok(Locked { tx, cart, last_id, lines_changed: false })
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
        let line_record = Line { id: self.last_id, parent_id, kind, code: code.to_owned(), quantity, details: details.clone() };
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
        self.cart.lines.push(line_record);
        self.lines_changed = true;
        Ok(self.last_id)
    }

    pub async fn update(&mut self, id: i64, quantity: u32, details: &Details) -> Result<(), CartError> {
        if let Some(line) = self.cart.lines.iter_mut().find(|l| l.id == id) {
            line.quantity = quantity;
            line.details = details.clone();
        }
        self.lines_changed = true;
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
        self.cart.lines.retain(|l| l.id != id && l.parent_id != Some(id));
        self.lines_changed = true;
        sqlx::query("DELETE FROM cart_items WHERE cart_token = $1 AND (id = $2 OR parent_id = $2)")
            .bind(&self.cart.token)
            .bind(id)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    /// The lines differ from `lines` (read before the lock): the checkout
    /// state follows as after a change of lines.
    pub fn lines_changed_since(&mut self, lines: &[Line]) {
        if self.cart.lines != lines {
            self.lines_changed = true;
        }
    }

    /// The transaction, for what must commit with the cart (an order, an
    /// event in the outbox).
    pub fn tx(&mut self) -> &mut Tx {
        &mut self.tx
    }

    /// Writes the cart's checkout state and details as they are now in
    /// [`Locked::cart`], and commits. After a change of lines, a cart past
    /// the address goes back to it (the checkout's rule). Answers the cart
    /// as committed.
    pub async fn commit(mut self) -> Result<StoredCart, CartError> {
        if self.lines_changed {
            let needs = self.cart.needs(false);
            self.cart.checkout_state = checkout::after_basket_change(self.cart.checkout_state, needs);
        }
        let checkout = serde_json::to_string(&self.cart.checkout).map_err(|e| sqlx::Error::Encode(e.into()))?;
        sqlx::query(
            "UPDATE carts SET last_item_id = $2, checkout_state = $3, checkout = $4, customer_id = $5, version = version + 1 WHERE token = $1",
        )
            .bind(&self.cart.token)
            .bind(self.last_id)
            .bind(self.cart.checkout_state.code())
            .bind(checkout)
            .bind(&self.cart.customer_id)
            .execute(&mut *self.tx)
            .await?;
        self.tx.commit().await?;
        self.cart.version += 1;
        Ok(self.cart)
    }
}

/// Writes a checkout step's change (state, details, customer) to a live
/// cart in one statement, when its version is still `cart.version`, i.e. no
/// other change was committed since it was read; false otherwise. On
/// success `cart` holds its new version.
pub async fn save_checkout(db: &Db, cart: &mut StoredCart, cutoff_ms: i64, now_ms: i64) -> Result<bool, CartError> {
    let checkout = serde_json::to_string(&cart.checkout).map_err(|e| sqlx::Error::Encode(e.into()))?;
    let query = sqlx::query(
        "UPDATE carts SET checkout_state = $3, checkout = $4, customer_id = $5, updated_at = $6, version = version + 1 \
         WHERE token = $1 AND version = $2 AND updated_at >= $7",
    )
    .bind(&cart.token)
    .bind(cart.version)
    .bind(cart.checkout_state.code())
    .bind(checkout)
    .bind(&cart.customer_id)
    .bind(now_ms)
    .bind(cutoff_ms);
    let saved = db.write(query).await?.rows_affected() == 1;
    if saved {
        cart.version += 1;
    }
    Ok(saved)
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
