//! The cart's SQL. Every read takes the expiry cutoff, so an abandoned cart
//! is gone for callers even before the sweeper deletes it. Changes run in
//! a [`Locked`] cart: one transaction that holds the cart's row, so two
//! requests on one cart never interleave.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use spa_platform::db::{Db, Tx, is_unique_violation};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::domain::checkout::{self, CancelReason, OrderPayment, OrderState, PaymentState, State};
use crate::domain::gift;
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
fn cart_of(cart: &AnyRow, lines: &[AnyRow]) -> Result<(StoredCart, i64), sqlx::Error> {
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

/// An order as stored: the completed cart's lines and totals as priced
/// when it was placed.
#[derive(Debug, Clone)]
pub struct StoredOrder {
    pub token: String,
    pub order_id: String,
    pub booking_code: String,
    pub customer_id: Option<String>,
    pub email: String,
    pub locale: String,
    pub state: OrderState,
    pub payment_state: OrderPayment,
    pub payment_method: String,
    pub totals: OrderTotals,
    pub hold_expires_at: i64,
    pub summary: String,
    pub created_at: i64,
    /// Set once the order is cancelled.
    pub cancel_reason: Option<CancelReason>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OrderTotals {
    pub total: i64,
    pub vouchers: i64,
    pub shipping: i64,
    pub deposit: i64,
    pub left_to_pay: i64,
    pub due_now: i64,
}

impl OrderTotals {
    /// What is left to pay (at the guesthouse) once `paid` came: the
    /// total less gift vouchers less that payment.
    pub fn left_after(&self, paid: i64) -> i64 {
        (self.total - self.vouchers - paid).max(0)
    }
}

const ORDER_COLUMNS: &str = "token, order_id, booking_code, customer_id, email, locale, state, payment_state, payment_method, \
     total, vouchers, shipping, deposit, left_to_pay, due_now, hold_expires_at, summary, created_at, cancel_reason";

fn order_of(r: &AnyRow) -> Result<StoredOrder, sqlx::Error> {
    Ok(StoredOrder {
        token: r.try_get("token")?,
        order_id: r.try_get("order_id")?,
        booking_code: r.try_get("booking_code")?,
        customer_id: r.try_get("customer_id")?,
        email: r.try_get("email")?,
        locale: r.try_get("locale")?,
        state: coded(r, "state", OrderState::parse)?,
        payment_state: coded(r, "payment_state", OrderPayment::parse)?,
        payment_method: r.try_get("payment_method")?,
        totals: OrderTotals {
            total: r.try_get("total")?,
            vouchers: r.try_get("vouchers")?,
            shipping: r.try_get("shipping")?,
            deposit: r.try_get("deposit")?,
            left_to_pay: r.try_get("left_to_pay")?,
            due_now: r.try_get("due_now")?,
        },
        hold_expires_at: r.try_get("hold_expires_at")?,
        summary: r.try_get("summary")?,
        created_at: r.try_get("created_at")?,
        cancel_reason: CancelReason::parse(&r.try_get::<String, _>("cancel_reason")?),
    })
}

/// The order placed from cart `token`.
pub async fn order(db: &Db, token: &str) -> Result<Option<StoredOrder>, CartError> {
    let row = sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE token = $1")).bind(token).fetch_optional(db.pool()).await?;
    Ok(row.as_ref().map(order_of).transpose()?)
}

/// The order with this booking code (staff look orders up by it).
pub async fn order_by_booking_code(db: &Db, booking_code: &str) -> Result<Option<StoredOrder>, CartError> {
    let row = sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE booking_code = $1"))
        .bind(booking_code)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.as_ref().map(order_of).transpose()?)
}

/// The order a request with this Idempotency-Key placed.
pub async fn order_by_key(db: &Db, key: &str) -> Result<Option<StoredOrder>, CartError> {
    let row =
        sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE idempotency_key = $1")).bind(key).fetch_optional(db.pool()).await?;
    Ok(row.as_ref().map(order_of).transpose()?)
}

/// How an order came to be placed, kept beside it.
pub struct Placement<'a> {
    /// The Idempotency-Key of the completing request.
    pub idempotency_key: Option<&'a str>,
    /// A digest of the client's address ("" unknown).
    pub client: &'a str,
    /// The room-nights its stays hold.
    pub room_nights: i64,
}

impl Locked {
    /// Inserts the order of this cart; false when its booking code is
    /// taken (the caller draws another).
    pub async fn insert_order(&mut self, o: &StoredOrder, placement: &Placement<'_>) -> Result<bool, CartError> {
        let t = &o.totals;
        let inserted = sqlx::query(
            "INSERT INTO orders (token, order_id, booking_code, idempotency_key, customer_id, email, locale, state, payment_state, \
             payment_method, total, vouchers, shipping, deposit, left_to_pay, due_now, hold_expires_at, summary, created_at, \
             client, room_nights) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) \
             ON CONFLICT (booking_code) DO NOTHING",
        )
        .bind(&o.token)
        .bind(&o.order_id)
        .bind(&o.booking_code)
        .bind(placement.idempotency_key)
        .bind(&o.customer_id)
        .bind(&o.email)
        .bind(&o.locale)
        .bind(o.state.code())
        .bind(o.payment_state.code())
        .bind(&o.payment_method)
        .bind(t.total)
        .bind(t.vouchers)
        .bind(t.shipping)
        .bind(t.deposit)
        .bind(t.left_to_pay)
        .bind(t.due_now)
        .bind(o.hold_expires_at)
        .bind(&o.summary)
        .bind(o.created_at)
        .bind(placement.client)
        .bind(placement.room_nights)
        .execute(&mut *self.tx)
        .await?;
        Ok(inserted.rows_affected() == 1)
    }
}

const UNPAID_BY_EMAIL: &str =
    "SELECT CAST(COALESCE(SUM(room_nights), 0) AS BIGINT) FROM orders WHERE email = $1 AND payment_state = 'awaiting_payment'";
const UNPAID_BY_CLIENT: &str =
    "SELECT CAST(COALESCE(SUM(room_nights), 0) AS BIGINT) FROM orders WHERE client = $1 AND payment_state = 'awaiting_payment'";

/// The room-nights held by unpaid orders placed with `email` and from
/// `client`, read as committed now.
pub async fn unpaid_nights(db: &Db, email: &str, client: &str) -> Result<(i64, i64), CartError> {
    let by_email: i64 = sqlx::query_scalar(UNPAID_BY_EMAIL).bind(email).fetch_one(db.pool()).await?;
    let by_client: i64 = if client.is_empty() { 0 } else { sqlx::query_scalar(UNPAID_BY_CLIENT).bind(client).fetch_one(db.pool()).await? };
    Ok((by_email, by_client))
}

/// Like [`unpaid_nights`], in `tx` after taking a lock row for the e-mail
/// and one for the client (always in that order), so two completions of
/// one guest count each other's orders instead of both passing the cap.
pub async fn lock_unpaid_nights(tx: &mut Tx, email: &str, client: &str, now: i64) -> Result<(i64, i64), CartError> {
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
    Ok((by_email, by_client))
}

/// Cancels the order holding `order_id` if it still awaits its payment
/// and no payment of it was claimed at or after `claimed_before` (a
/// payment being taken keeps its order: the claim stamps the same row, so
/// the row lock orders the two); whether it did.
pub async fn cancel_unpaid(tx: &mut Tx, order_id: &str, reason: CancelReason, claimed_before: i64, now: i64) -> Result<bool, CartError> {
    let cancelled = sqlx::query(
        "UPDATE orders SET state = 'cancelled', payment_state = 'cancelled', cancelled_at = $2, cancel_reason = $3 \
         WHERE order_id = $1 AND payment_state = 'awaiting_payment' AND payment_claimed_at < $4",
    )
    .bind(order_id)
    .bind(now)
    .bind(reason.code())
    .bind(claimed_before)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(cancelled == 1)
}

/// Cancels a paid order whose nights were lost (sold after its hold
/// expired): what its settled payments paid becomes due back, less the
/// gift vouchers it issued, which stay the guest's (their codes were sent
/// and may be spent already), taken from the latest payments first. The
/// amount due back, or None when the order was cancelled before.
pub async fn cancel_lost(tx: &mut Tx, order: &StoredOrder, now: i64) -> Result<Option<i64>, CartError> {
    let cancelled = sqlx::query(
        "UPDATE orders SET state = 'cancelled', payment_state = 'cancelled', cancelled_at = $2, cancel_reason = 'nights_sold' \
         WHERE token = $1 AND state <> 'cancelled'",
    )
    .bind(&order.token)
    .bind(now)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if cancelled == 0 {
        return Ok(None);
    }
    let mut kept = vouchers_value(tx, &order.token).await?;
    let paid =
        sqlx::query("SELECT session_id, amount FROM payments WHERE order_token = $1 AND state = 'paid' ORDER BY paid_at DESC, session_id")
            .bind(&order.token)
            .fetch_all(&mut **tx)
            .await?;
    let mut refund = 0;
    for p in paid {
        let (session_id, amount): (String, i64) = (p.try_get("session_id")?, p.try_get("amount")?);
        let due = amount - kept.min(amount);
        kept -= amount - due;
        if due > 0 {
            sqlx::query("UPDATE payments SET state = 'refund_due', due_back = $2 WHERE session_id = $1")
                .bind(&session_id)
                .bind(due)
                .execute(&mut **tx)
                .await?;
            refund += due;
        }
    }
    Ok(Some(refund))
}

/// What reviving an order for a late payment did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revived {
    /// The order awaits its payment again.
    Revived,
    /// It was not cancelled for want of payment (any more): another try
    /// of the payment revived it first, or it is paid or cancelled for
    /// another reason; the caller reads it again.
    NotCancelled,
    /// A gift voucher it used has too little left (or has expired): it
    /// stays cancelled (the transaction is to be rolled back).
    VoucherSpent,
}

/// An order cancelled because its hold expired becomes new again, awaiting
/// its payment, with what it had taken from gift vouchers taken again (each
/// by the guarded update).
pub async fn revive(tx: &mut Tx, order: &StoredOrder, now: i64) -> Result<Revived, CartError> {
    let revived = sqlx::query(
        "UPDATE orders SET state = 'new', payment_state = 'awaiting_payment', cancelled_at = NULL, cancel_reason = '' \
         WHERE token = $1 AND state = 'cancelled' AND cancel_reason = 'hold_expired'",
    )
    .bind(&order.token)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if revived != 1 {
        return Ok(Revived::NotCancelled);
    }
    let returned = sqlx::query("SELECT code, amount FROM voucher_redemptions WHERE order_token = $1 AND returned_at IS NOT NULL")
        .bind(&order.token)
        .fetch_all(&mut **tx)
        .await?;
    for r in returned {
        let (code, amount): (String, i64) = (r.try_get("code")?, r.try_get("amount")?);
        let taken = sqlx::query("UPDATE gift_vouchers SET balance = balance - $2 WHERE code = $1 AND balance >= $2 AND expires_at > $3")
            .bind(&code)
            .bind(amount)
            .bind(now)
            .execute(&mut **tx)
            .await?
            .rows_affected();
        if taken != 1 {
            return Ok(Revived::VoucherSpent);
        }
    }
    sqlx::query("UPDATE voucher_redemptions SET returned_at = NULL WHERE order_token = $1").bind(&order.token).execute(&mut **tx).await?;
    Ok(Revived::Revived)
}

/// An attempt at paying an order online.
#[derive(Debug, Clone)]
pub struct StoredPayment {
    pub session_id: String,
    pub order_token: String,
    pub provider: String,
    pub amount: i64,
    pub state: PaymentState,
    /// The provider's id of the transaction (PayPal's order id).
    pub provider_ref: Option<String>,
}

pub async fn insert_payment(db: &Db, p: &StoredPayment, now: i64) -> Result<(), CartError> {
    sqlx::query("INSERT INTO payments (session_id, order_token, provider, amount, state, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&p.session_id)
        .bind(&p.order_token)
        .bind(&p.provider)
        .bind(p.amount)
        .bind(p.state.code())
        .bind(now)
        .execute(db.pool())
        .await?;
    Ok(())
}

pub async fn set_payment_state(db: &Db, session_id: &str, state: PaymentState) -> Result<(), CartError> {
    sqlx::query("UPDATE payments SET state = $2 WHERE session_id = $1 AND state = 'started'")
        .bind(session_id)
        .bind(state.code())
        .execute(db.pool())
        .await?;
    Ok(())
}

fn payment_of(r: &AnyRow) -> Result<StoredPayment, sqlx::Error> {
    Ok(StoredPayment {
        session_id: r.try_get("session_id")?,
        order_token: r.try_get("order_token")?,
        provider: r.try_get("provider")?,
        amount: r.try_get("amount")?,
        state: state_of(r)?,
        provider_ref: r.try_get("provider_ref")?,
    })
}

fn state_of(r: &AnyRow) -> Result<PaymentState, sqlx::Error> {
    coded(r, "state", PaymentState::parse)
}

/// A column that holds one of an enum's codes.
fn coded<T>(r: &AnyRow, column: &str, parse: fn(&str) -> Option<T>) -> Result<T, sqlx::Error> {
    let code: String = r.try_get(column)?;
    parse(&code).ok_or_else(|| sqlx::Error::Decode(format!("{column}: unknown code {code}").into()))
}

const PAYMENT_COLUMNS: &str = "session_id, order_token, provider, amount, state, provider_ref";

pub async fn payment(db: &Db, session_id: &str) -> Result<Option<StoredPayment>, CartError> {
    let row = sqlx::query(&format!("SELECT {PAYMENT_COLUMNS} FROM payments WHERE session_id = $1"))
        .bind(session_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.as_ref().map(payment_of).transpose()?)
}

/// The payment a provider knows by `provider_ref`.
pub async fn payment_by_ref(db: &Db, provider: &str, provider_ref: &str) -> Result<Option<StoredPayment>, CartError> {
    let row = sqlx::query(&format!("SELECT {PAYMENT_COLUMNS} FROM payments WHERE provider = $1 AND provider_ref = $2"))
        .bind(provider)
        .bind(provider_ref)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.as_ref().map(payment_of).transpose()?)
}

/// Keeps the provider's id of a started payment.
pub async fn set_payment_ref(db: &Db, session_id: &str, provider_ref: &str) -> Result<(), CartError> {
    sqlx::query("UPDATE payments SET provider_ref = $2 WHERE session_id = $1")
        .bind(session_id)
        .bind(provider_ref)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Claims the order's one payment at the provider for `session_id`;
/// whether it is this session's (taken now, or by an earlier try of the
/// same session). Another session's claim means a second payment of the
/// order is under way: this one must not be taken.
pub async fn claim_payment(db: &Db, order_token: &str, session_id: &str, now: i64) -> Result<bool, CartError> {
    let mut tx = db.begin().await?;
    let claimed = sqlx::query("INSERT INTO payment_claims (order_token, session_id, claimed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(order_token)
        .bind(session_id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        == 1
        // The same session tried again: its claim is this session's, renewed.
        || sqlx::query("UPDATE payment_claims SET claimed_at = $3 WHERE order_token = $1 AND session_id = $2")
            .bind(order_token)
            .bind(session_id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
    if claimed {
        // Ordered against the hold-expiry cancellation by the row lock.
        sqlx::query("UPDATE orders SET payment_claimed_at = $2 WHERE token = $1").bind(order_token).bind(now).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(claimed)
}

/// Gives the order's claim up: its provider refused the session's payment
/// for good, so another session may pay.
pub async fn release_claim(db: &Db, order_token: &str, session_id: &str) -> Result<(), CartError> {
    let release = sqlx::query("DELETE FROM payment_claims WHERE order_token = $1 AND session_id = $2").bind(order_token).bind(session_id);
    db.write(release).await?;
    Ok(())
}

/// A started payment is refused (its money not taken); whether this call did.
pub async fn refuse_payment(tx: &mut Tx, session_id: &str) -> Result<bool, CartError> {
    let refused = sqlx::query("UPDATE payments SET state = 'refused' WHERE session_id = $1 AND state = 'started'")
        .bind(session_id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(refused == 1)
}

/// What recording a settled payment did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    /// The payment and its order are paid now.
    OrderPaid,
    /// This payment was recorded before: nothing changed.
    Replay,
    /// The money came, but the order no longer awaited it (cancelled
    /// meanwhile, or paid by another payment): the payment is `refund_due`.
    NotAwaited,
}

/// Marks the payment paid, and its order when the order still awaits it
/// (`paid`; its payment state `partially_paid` when only the advance
/// payment came); a payment its order no longer awaited becomes
/// `refund_due`.
pub async fn record_paid(tx: &mut Tx, session_id: &str, provider_ref: &str, now: i64) -> Result<Recorded, CartError> {
    let first = sqlx::query(
        "UPDATE payments SET state = 'paid', provider_ref = $2, paid_at = $3 \
         WHERE session_id = $1 AND state IN ('started', 'refused')",
    )
    .bind(session_id)
    .bind(provider_ref)
    .bind(now)
    .execute(&mut **tx)
    .await?
    .rows_affected()
        == 1;
    if !first {
        return Ok(Recorded::Replay);
    }
    let moved = sqlx::query(&format!("{MARK_PAID} (SELECT order_token FROM payments WHERE session_id = $1)"))
        .bind(session_id)
        .bind(now)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    if moved == 1 {
        return Ok(Recorded::OrderPaid);
    }
    sqlx::query("UPDATE payments SET state = 'refund_due' WHERE session_id = $1").bind(session_id).execute(&mut **tx).await?;
    Ok(Recorded::NotAwaited)
}

/// A payment to give back, with its order's booking code and state.
#[derive(Debug, Clone)]
pub struct Refund {
    pub session_id: String,
    pub booking_code: String,
    pub order_state: OrderState,
    pub provider: String,
    /// What to give back: the payment's `due_back`, or all of it.
    pub amount: i64,
    pub provider_ref: Option<String>,
    pub paid_at: i64,
    pub state: PaymentState,
    pub refund_reference: Option<String>,
    pub refunded_at: Option<i64>,
}

const REFUND_COLUMNS: &str = "p.session_id, o.booking_code, o.state AS order_state, p.provider, COALESCE(p.due_back, p.amount) AS amount, p.provider_ref, \
     p.paid_at, p.state, p.refund_reference, p.refunded_at FROM payments p JOIN orders o ON o.token = p.order_token";

fn refund_of(r: &AnyRow) -> Result<Refund, sqlx::Error> {
    Ok(Refund {
        session_id: r.try_get("session_id")?,
        booking_code: r.try_get("booking_code")?,
        order_state: coded(r, "order_state", OrderState::parse)?,
        provider: r.try_get("provider")?,
        amount: r.try_get("amount")?,
        provider_ref: r.try_get("provider_ref")?,
        paid_at: r.try_get::<Option<i64>, _>("paid_at")?.unwrap_or_default(),
        state: state_of(r)?,
        refund_reference: r.try_get("refund_reference")?,
        refunded_at: r.try_get("refunded_at")?,
    })
}

/// The payments still to give back, oldest first (at most `limit`).
pub async fn refunds_due(db: &Db, limit: i64) -> Result<Vec<Refund>, CartError> {
    let rows = sqlx::query(&format!("SELECT {REFUND_COLUMNS} WHERE p.state = 'refund_due' ORDER BY p.paid_at, p.session_id LIMIT $1"))
        .bind(limit)
        .fetch_all(db.pool())
        .await?;
    Ok(rows.iter().map(refund_of).collect::<Result<_, _>>()?)
}

/// A payment that came, by our id, as a refund (whatever its state).
pub async fn refund(db: &Db, session_id: &str) -> Result<Option<Refund>, CartError> {
    let row = sqlx::query(&format!("SELECT {REFUND_COLUMNS} WHERE p.session_id = $1")).bind(session_id).fetch_optional(db.pool()).await?;
    Ok(row.as_ref().map(refund_of).transpose()?)
}

/// Marks a payment due back refunded with the refund's reference;
/// whether this call did.
pub async fn mark_refunded(db: &Db, session_id: &str, reference: &str, now: i64) -> Result<bool, CartError> {
    let query = sqlx::query(
        "UPDATE payments SET state = 'refunded', refund_reference = $2, refunded_at = $3 WHERE session_id = $1 AND state = 'refund_due'",
    )
    .bind(session_id)
    .bind(reference)
    .bind(now);
    Ok(db.write(query).await?.rows_affected() == 1)
}

/// An order awaiting its payment becomes `paid`, its payment state
/// `partially_paid` when only the advance payment came (`$2`: now; the
/// order's token follows).
const MARK_PAID: &str = "UPDATE orders SET state = 'paid', paid_at = $2, \
     payment_state = CASE WHEN deposit > 0 AND due_now = deposit AND left_to_pay > 0 THEN 'partially_paid' ELSE 'paid' END \
     WHERE state = 'new' AND payment_state = 'awaiting_payment' AND token =";

/// Records a bank transfer the staff saw arrive as the order's payment,
/// and marks the order paid; whether this call did. Only one transfer
/// pays an order (its session is `{order_id}-transfer`), so two staff
/// members recording it at once make one payment.
pub async fn record_transfer(tx: &mut Tx, order: &StoredOrder, reference: &str, now: i64) -> Result<bool, CartError> {
    let transfer = StaffPayment {
        session_id: format!("{}-transfer", order.order_id),
        provider: checkout::PaymentMethod::BankTransfer.code(),
        amount: order.totals.due_now,
        provider_ref: Some(reference),
        receipt: None,
    };
    if !insert_staff_payment(tx, order, &transfer, now).await? {
        return Ok(false);
    }
    let moved = sqlx::query(&format!("{MARK_PAID} $1")).bind(&order.token).bind(now).execute(&mut **tx).await?.rows_affected();
    Ok(moved == 1)
}

/// Records what an advance payment left as paid at the guesthouse
/// (session `{order_id}-rest`, one per order, its `receipt` the staff's
/// reference) and the order paid in full; whether this call did (false:
/// recorded before, or the order is no longer advance-paid; the caller
/// rolls back and reads again).
pub async fn record_rest(tx: &mut Tx, order: &StoredOrder, amount: i64, reference: &str, now: i64) -> Result<bool, CartError> {
    let rest = StaffPayment {
        session_id: rest_session(order),
        provider: checkout::AT_GUESTHOUSE,
        amount,
        provider_ref: None,
        receipt: Some(reference),
    };
    if !insert_staff_payment(tx, order, &rest, now).await? {
        return Ok(false);
    }
    let moved =
        sqlx::query("UPDATE orders SET payment_state = 'paid' WHERE token = $1 AND state = 'paid' AND payment_state = 'partially_paid'")
            .bind(&order.token)
            .execute(&mut **tx)
            .await?
            .rows_affected();
    Ok(moved == 1)
}

/// A payment the staff saw arrive, under a session named for its kind
/// (one of each kind per order).
struct StaffPayment<'a> {
    session_id: String,
    provider: &'a str,
    amount: i64,
    provider_ref: Option<&'a str>,
    receipt: Option<&'a str>,
}

/// Inserts `payment`, paid now; false when its session was recorded
/// before (by a concurrent call too).
async fn insert_staff_payment(tx: &mut Tx, order: &StoredOrder, payment: &StaffPayment<'_>, now: i64) -> Result<bool, CartError> {
    let inserted = sqlx::query(
        "INSERT INTO payments (session_id, order_token, provider, amount, state, provider_ref, receipt, created_at, paid_at) \
         VALUES ($1, $2, $3, $4, 'paid', $5, $6, $7, $7) ON CONFLICT DO NOTHING",
    )
    .bind(&payment.session_id)
    .bind(&order.token)
    .bind(payment.provider)
    .bind(payment.amount)
    .bind(payment.provider_ref)
    .bind(payment.receipt)
    .bind(now)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(inserted == 1)
}

/// The receipt of the payment of what an order's advance payment left,
/// once recorded.
pub async fn rest_receipt(db: &Db, order: &StoredOrder) -> Result<Option<String>, CartError> {
    let receipt: Option<Option<String>> = sqlx::query_scalar("SELECT receipt FROM payments WHERE session_id = $1")
        .bind(rest_session(order))
        .fetch_optional(db.pool())
        .await?;
    Ok(receipt.map(Option::unwrap_or_default))
}

/// The one payment of what an order's advance payment left.
fn rest_session(order: &StoredOrder) -> String {
    format!("{}-rest", order.order_id)
}

/// How many payments an order has had (to name the next one).
pub async fn payment_count(db: &Db, order_token: &str) -> Result<i64, CartError> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE order_token = $1").bind(order_token).fetch_one(db.pool()).await?)
}

/// Whether an online payment of the order was started and not settled.
pub async fn payment_pending(db: &Db, order_token: &str) -> Result<bool, CartError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE order_token = $1 AND state = 'started'")
        .bind(order_token)
        .fetch_one(db.pool())
        .await?;
    Ok(n > 0)
}

/// The orders of a customer, newest first (at most `limit`).
pub async fn customer_orders(db: &Db, customer_id: &str, limit: i64) -> Result<Vec<StoredOrder>, CartError> {
    let rows = sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2"))
        .bind(customer_id)
        .bind(limit)
        .fetch_all(db.pool())
        .await?;
    Ok(rows.iter().map(order_of).collect::<Result<_, _>>()?)
}

/// A guest's orders placed with `email` become the customer's.
pub async fn link_orders(tx: &mut Tx, customer_id: &str, email: &str) -> Result<u64, CartError> {
    Ok(sqlx::query("UPDATE orders SET customer_id = $1 WHERE email = $2 AND customer_id IS NULL")
        .bind(customer_id)
        .bind(email)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

// ---------------------------------------------------------------------------
// Gift vouchers.

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

/// The order holding `order_id`, read in `tx`.
pub async fn order_in(tx: &mut Tx, order_id: &str) -> Result<Option<StoredOrder>, CartError> {
    let row =
        sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE order_id = $1")).bind(order_id).fetch_optional(&mut **tx).await?;
    Ok(row.as_ref().map(order_of).transpose()?)
}
