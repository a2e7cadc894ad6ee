//! The orders' SQL: a placed order as the cart was priced, found by its
//! token, booking code, Idempotency-Key or id; its cancellation and its
//! coming back for a late payment.

use spa_platform::db::{Db, Tx};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::basket::store::Locked;
use crate::domain::checkout::{CancelReason, OrderPayment, OrderState};
use crate::domain::desk_money::Repriced;
use crate::domain::front_desk::{DeskFacts, OrderSearch};
use crate::error::CartError;
use crate::store::coded;

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
    /// Money that came and is kept (`payments::store::RECEIVED`).
    pub received: i64,
    /// Moves with every change the front desk makes.
    pub version: i64,
    pub cancellation_fee: i64,
    /// The first stay's check-in (`YYYY-MM-DD`), '' without a stay.
    pub arrival: String,
    /// The advance payment's share and the cancellation policy it was
    /// placed under; none for orders placed before they were kept.
    pub terms: Option<OrderTerms>,
}

/// What a guest agreed to at placement, kept with the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderTerms {
    pub deposit_percent: u32,
    pub free_days: u32,
    pub fee_percent: u32,
}

impl OrderTerms {
    pub fn of(rules: &crate::domain::settings::CheckoutRules) -> Self {
        Self {
            deposit_percent: rules.deposit_percent,
            free_days: rules.cancellation_free_days,
            fee_percent: rules.cancellation_fee_percent,
        }
    }

    /// The settings in force, with this order's own terms over them.
    pub fn over(terms: Option<Self>, current: crate::domain::settings::CheckoutRules) -> crate::domain::settings::CheckoutRules {
        match terms {
            Some(t) => crate::domain::settings::CheckoutRules {
                deposit_percent: t.deposit_percent,
                cancellation_free_days: t.free_days,
                cancellation_fee_percent: t.fee_percent,
                ..current
            },
            None => current,
        }
    }
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

/// What came for an order and is kept: settled payments (reversals taken
/// off) and the part not due back of those that are. SQL over `orders`.
macro_rules! received {
    () => {
        "(SELECT CAST(COALESCE(SUM(CASE WHEN p.state = 'paid' THEN p.amount \
         WHEN p.state IN ('refund_due', 'refunded') AND p.due_back IS NOT NULL THEN p.amount - p.due_back ELSE 0 END), 0) AS BIGINT) \
         FROM payments p WHERE p.order_token = orders.token)"
    };
}
pub const RECEIVED: &str = received!();

const ORDER_COLUMNS: &str = concat!(
    "token, order_id, booking_code, customer_id, email, locale, state, payment_state, payment_method, \
     total, vouchers, shipping, deposit, left_to_pay, due_now, hold_expires_at, summary, created_at, cancel_reason, \
     version, cancellation_fee, arrival, deposit_percent, cancellation_free_days, cancellation_fee_percent, ",
    received!(),
    " AS received"
);

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
        received: r.try_get("received")?,
        version: r.try_get("version")?,
        cancellation_fee: r.try_get("cancellation_fee")?,
        arrival: r.try_get("arrival")?,
        terms: {
            let term =
                |c: &str| -> Result<Option<u32>, sqlx::Error> { Ok(r.try_get::<Option<i64>, _>(c)?.and_then(|v| u32::try_from(v).ok())) };
            match (term("deposit_percent")?, term("cancellation_free_days")?, term("cancellation_fee_percent")?) {
                (Some(deposit_percent), Some(free_days), Some(fee_percent)) => Some(OrderTerms { deposit_percent, free_days, fee_percent }),
                _ => None,
            }
        },
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
    /// What the front desk finds and lists it by.
    pub desk: &'a DeskFacts,
}

impl Locked {
    /// Inserts the order of this cart; false when its booking code is
    /// taken (the caller draws another).
    pub async fn insert_order(&mut self, o: &StoredOrder, placement: &Placement<'_>) -> Result<bool, CartError> {
        let t = &o.totals;
        let inserted = sqlx::query(
            "INSERT INTO orders (token, order_id, booking_code, idempotency_key, customer_id, email, locale, state, payment_state, \
             payment_method, total, vouchers, shipping, deposit, left_to_pay, due_now, hold_expires_at, summary, created_at, \
             client, room_nights, guest_name, phone, arrival, departure, search_text, deposit_percent, cancellation_free_days, \
             cancellation_fee_percent) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, \
             $27, $28, $29) \
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
        .bind(&placement.desk.guest_name)
        .bind(&placement.desk.phone)
        .bind(&placement.desk.arrival)
        .bind(&placement.desk.departure)
        .bind(&placement.desk.search_text)
        .bind(o.terms.map(|t| i64::from(t.deposit_percent)))
        .bind(o.terms.map(|t| i64::from(t.free_days)))
        .bind(o.terms.map(|t| i64::from(t.fee_percent)))
        .execute(&mut **self.tx())
        .await?;
        Ok(inserted.rows_affected() == 1)
    }
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
    let mut kept = crate::gift_vouchers::store::vouchers_value(tx, &order.token).await?;
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

/// The order holding `order_id`, read in `tx`.
pub async fn order_in(tx: &mut Tx, order_id: &str) -> Result<Option<StoredOrder>, CartError> {
    let row =
        sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE order_id = $1")).bind(order_id).fetch_optional(&mut **tx).await?;
    Ok(row.as_ref().map(order_of).transpose()?)
}

/// One page of a search, and how many orders match in all.
#[derive(Debug)]
pub struct OrderPage {
    pub orders: Vec<StoredOrder>,
    pub total: i64,
}

/// The orders matching `search`, newest first.
pub async fn search_orders(db: &Db, search: &OrderSearch) -> Result<OrderPage, CartError> {
    // Each condition's value is bound in the order its placeholder is numbered.
    let mut conditions = Vec::new();
    let mut values: Vec<String> = Vec::new();
    let mut condition = |sql: &str, bound: Vec<String>| {
        let mut sql = sql.to_owned();
        for value in bound {
            values.push(value);
            sql = sql.replacen('?', &format!("${}", values.len()), 1);
        }
        conditions.push(sql);
    };
    if !search.text.is_empty() {
        let patterns = search.patterns();
        let any = vec!["search_text LIKE ? ESCAPE '\\'"; patterns.len()].join(" OR ");
        condition(&format!("({any})"), patterns);
    }
    if let Some(from) = search.from {
        condition("departure > ?", vec![from.format("%Y-%m-%d").to_string()]);
    }
    if let Some(to) = search.to {
        condition("arrival <= ? AND arrival <> ''", vec![to.format("%Y-%m-%d").to_string()]);
    }
    if let Some(state) = search.state {
        condition("state = ?", vec![state.code().to_owned()]);
    }
    let filter = if conditions.is_empty() { String::new() } else { format!("WHERE {}", conditions.join(" AND ")) };
    let count_sql = format!("SELECT COUNT(*) FROM orders {filter}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for v in &values {
        count = count.bind(v);
    }
    let total = count.fetch_one(db.pool()).await?;
    let (limit, offset) = (values.len() + 1, values.len() + 2);
    let page_sql = format!("SELECT {ORDER_COLUMNS} FROM orders {filter} ORDER BY created_at DESC, token LIMIT ${limit} OFFSET ${offset}");
    let mut page = sqlx::query(&page_sql);
    for v in &values {
        page = page.bind(v);
    }
    let rows = page.bind(i64::from(search.limit)).bind(search.offset()).fetch_all(db.pool()).await?;
    Ok(OrderPage { orders: rows.iter().map(order_of).collect::<Result<_, _>>()?, total })
}

/// The orders, not cancelled, whose stays begin (`column` arrival) or end
/// (departure) on `day`, by the guest's name.
pub async fn orders_on(db: &Db, column: DeskDay, day: &str) -> Result<Vec<StoredOrder>, CartError> {
    let column = match column {
        DeskDay::Arrival => "arrival",
        DeskDay::Departure => "departure",
    };
    let sql = format!("SELECT {ORDER_COLUMNS} FROM orders WHERE {column} = $1 AND state <> 'cancelled' ORDER BY guest_name, booking_code");
    let rows = sqlx::query(&sql).bind(day).fetch_all(db.pool()).await?;
    Ok(rows.iter().map(order_of).collect::<Result<_, _>>()?)
}

/// Which end of its stays an order is listed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeskDay {
    Arrival,
    Departure,
}

/// Orders placed before the front desk's columns existed, by token after
/// `after`, at most `limit`.
pub async fn orders_without_desk_facts(db: &Db, after: &str, limit: i64) -> Result<Vec<StoredOrder>, CartError> {
    let rows = sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE search_text = '' AND token > $1 ORDER BY token LIMIT $2"))
        .bind(after)
        .bind(limit)
        .fetch_all(db.pool())
        .await?;
    Ok(rows.iter().map(order_of).collect::<Result<_, _>>()?)
}

pub async fn set_desk_facts<'e, E>(executor: E, token: &str, desk: &DeskFacts) -> Result<(), CartError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query("UPDATE orders SET guest_name = $2, phone = $3, arrival = $4, departure = $5, search_text = $6 WHERE token = $1")
        .bind(token)
        .bind(&desk.guest_name)
        .bind(&desk.phone)
        .bind(&desk.arrival)
        .bind(&desk.departure)
        .bind(&desk.search_text)
        .execute(executor)
        .await?;
    Ok(())
}

/// Moves the order's version for a front desk change, from `expected`
/// when given; the new version, or None when the order was cancelled or
/// (with `expected`) changed meanwhile. Takes the order's row lock, so the
/// change's reads that follow see every change committed before it.
pub async fn next_version(tx: &mut Tx, token: &str, expected: Option<i64>) -> Result<Option<i64>, CartError> {
    let moved =
        sqlx::query("UPDATE orders SET version = version + 1 WHERE token = $1 AND state <> 'cancelled' AND ($2 < 0 OR version = $2)")
            .bind(token)
            .bind(expected.unwrap_or(-1))
            .execute(&mut **tx)
            .await?
            .rows_affected();
    if moved == 0 {
        return Ok(None);
    }
    Ok(Some(sqlx::query_scalar("SELECT version FROM orders WHERE token = $1").bind(token).fetch_one(&mut **tx).await?))
}

/// A change of the order's lines (the caller holds its lock): what it
/// kept of its cart, and what it asks now.
pub async fn set_lines(tx: &mut Tx, token: &str, summary: &str, totals: &Repriced) -> Result<(), CartError> {
    sqlx::query("UPDATE orders SET summary = $2, total = $3, deposit = $4, left_to_pay = $5, due_now = $6 WHERE token = $1")
        .bind(token)
        .bind(summary)
        .bind(totals.total)
        .bind(totals.deposit)
        .bind(totals.left_to_pay)
        .bind(totals.due_now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// After money was received or reversed: the order's payment state, and a
/// new order confirmed (`paid`) by the first money.
pub async fn set_received(tx: &mut Tx, token: &str, payment: OrderPayment, now: i64) -> Result<(), CartError> {
    sqlx::query(
        "UPDATE orders SET payment_state = $2, state = CASE WHEN state = 'new' AND $2 <> 'awaiting_payment' THEN 'paid' ELSE state END, \
         paid_at = COALESCE(paid_at, CASE WHEN $2 <> 'awaiting_payment' THEN $3 END) WHERE token = $1",
    )
    .bind(token)
    .bind(payment.code())
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Cancels an order (not cancelled yet: the caller holds its lock) for
/// `reason`, keeping `fee`.
pub async fn cancel(tx: &mut Tx, token: &str, reason: CancelReason, fee: i64, now: i64) -> Result<(), CartError> {
    sqlx::query(
        "UPDATE orders SET state = 'cancelled', payment_state = 'cancelled', cancelled_at = $2, cancel_reason = $3, cancellation_fee = $4 \
         WHERE token = $1",
    )
    .bind(token)
    .bind(now)
    .bind(reason.code())
    .bind(fee)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A change of an order, kept in its history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub version: i64,
    pub at: i64,
    pub action: ChangeAction,
    /// '' for the guest.
    pub staff: String,
    pub amount: i64,
    pub note: String,
}

spa_platform::coded! {
    /// What a change of an order did.
    pub enum ChangeAction: spa_proto::spa::cart::v1::ChangeAction {
        PaymentRecorded => "payment_recorded",
        PaymentReversed => "payment_reversed",
        Cancelled => "cancelled",
        CancelledByGuest => "cancelled_by_guest",
        StayChanged => "stay_changed",
        TreatmentsChanged => "treatments_changed",
    }
}

pub async fn add_change(tx: &mut Tx, token: &str, c: &Change) -> Result<(), CartError> {
    sqlx::query("INSERT INTO order_history (order_token, version, at, action, staff, amount, note) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(token)
        .bind(c.version)
        .bind(c.at)
        .bind(c.action.code())
        .bind(&c.staff)
        .bind(c.amount)
        .bind(&c.note)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The order's changes, oldest first.
pub async fn history(db: &Db, token: &str) -> Result<Vec<Change>, CartError> {
    let rows = sqlx::query("SELECT version, at, action, staff, amount, note FROM order_history WHERE order_token = $1 ORDER BY version")
        .bind(token)
        .fetch_all(db.pool())
        .await?;
    rows.iter()
        .map(|r| {
            Ok(Change {
                version: r.try_get("version")?,
                at: r.try_get("at")?,
                action: coded(r, "action", ChangeAction::parse)?,
                staff: r.try_get("staff")?,
                amount: r.try_get("amount")?,
                note: r.try_get("note")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(CartError::from)
}
