//! The payments' SQL: attempts at the providers, the one claim per order
//! at a time, what came and what is due back, and the staff's records.

use spa_platform::db::{Db, Tx};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::domain::checkout::{self, OrderState, PaymentState};
use crate::error::CartError;
use crate::orders::store::StoredOrder;
use crate::store::coded;

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

/// Money the front desk received, or a reversal of a wrong record, as
/// one row of `payments` (paid, or due back when it exceeds the order).
pub struct DeskRecord<'a> {
    pub session_id: String,
    pub provider: checkout::Provider,
    pub amount: i64,
    pub state: PaymentState,
    /// What of it is due back (all of an overpayment's part).
    pub due_back: Option<i64>,
    pub reference: &'a str,
    pub staff: &'a str,
    /// The client's key, on the first row a request writes.
    pub idempotency_key: Option<&'a str>,
    pub reverses: Option<&'a str>,
}

/// Inserts a front desk record; false when a record of this session, key
/// or reversal exists (a concurrent retry: the caller rolls back).
pub async fn insert_desk_record(tx: &mut Tx, order: &StoredOrder, r: &DeskRecord<'_>, now: i64) -> Result<bool, CartError> {
    let inserted = sqlx::query(
        "INSERT INTO payments (session_id, order_token, provider, amount, state, receipt, created_at, paid_at, due_back, staff, \
         idempotency_key, reverses) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING",
    )
    .bind(&r.session_id)
    .bind(&order.token)
    .bind(r.provider.code())
    .bind(r.amount)
    .bind(r.state.code())
    .bind(r.reference)
    .bind(now)
    .bind(r.due_back)
    .bind(r.staff)
    .bind(r.idempotency_key)
    .bind(r.reverses)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(inserted == 1)
}

/// Whether the order has a record written with this idempotency key.
pub async fn desk_key_used(db: &Db, order_token: &str, key: &str) -> Result<bool, CartError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE order_token = $1 AND idempotency_key = $2")
        .bind(order_token)
        .bind(key)
        .fetch_one(db.pool())
        .await?;
    Ok(n > 0)
}

/// One payment of an order as the front desk sees it.
#[derive(Debug, Clone)]
pub struct PaymentRecord {
    pub id: String,
    pub provider: checkout::Provider,
    pub amount: i64,
    pub state: PaymentState,
    /// The provider's transaction or the staff's reference.
    pub reference: String,
    pub at: i64,
    pub reverses: Option<String>,
    pub reversed_by: Option<String>,
    pub staff: String,
    pub due_back: Option<i64>,
}

const RECORD_COLUMNS: &str = "p.session_id, p.provider, p.amount, p.state, COALESCE(p.receipt, p.provider_ref, '') AS reference, \
     COALESCE(p.paid_at, p.created_at) AS at, p.reverses, (SELECT r.session_id FROM payments r WHERE r.reverses = p.session_id) AS reversed_by, \
     COALESCE(p.staff, '') AS staff, p.due_back FROM payments p";

fn record_of(r: &AnyRow) -> Result<PaymentRecord, sqlx::Error> {
    Ok(PaymentRecord {
        id: r.try_get("session_id")?,
        provider: coded(r, "provider", checkout::Provider::parse)?,
        amount: r.try_get("amount")?,
        state: state_of(r)?,
        reference: r.try_get("reference")?,
        at: r.try_get("at")?,
        reverses: r.try_get("reverses")?,
        reversed_by: r.try_get("reversed_by")?,
        staff: r.try_get("staff")?,
        due_back: r.try_get("due_back")?,
    })
}

/// An order's payments, oldest first (started attempts that never came
/// left out).
pub async fn order_payments(db: &Db, order_token: &str) -> Result<Vec<PaymentRecord>, CartError> {
    let rows = sqlx::query(&format!(
        "SELECT {RECORD_COLUMNS} WHERE p.order_token = $1 AND p.state NOT IN ('started', 'refused') ORDER BY at, p.session_id"
    ))
    .bind(order_token)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.iter().map(record_of).collect::<Result<_, _>>()?)
}

/// One payment of an order, read in `tx` (after the order's lock).
pub async fn order_payment_in(tx: &mut Tx, order_token: &str, id: &str) -> Result<Option<PaymentRecord>, CartError> {
    let row = sqlx::query(&format!("SELECT {RECORD_COLUMNS} WHERE p.order_token = $1 AND p.session_id = $2"))
        .bind(order_token)
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.as_ref().map(record_of).transpose()?)
}

/// A reversed record's overpaid part, no longer due back.
pub async fn reverse_overpayment(tx: &mut Tx, over_id: &str) -> Result<bool, CartError> {
    let moved = sqlx::query("UPDATE payments SET state = 'reversed' WHERE session_id = $1 AND state = 'refund_due'")
        .bind(over_id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(moved == 1)
}

/// What came for the order and is kept, read in `tx` (after its lock).
pub async fn received_in(tx: &mut Tx, order_token: &str) -> Result<i64, CartError> {
    Ok(sqlx::query_scalar(&format!("SELECT {} FROM orders WHERE token = $1", crate::orders::store::RECEIVED))
        .bind(order_token)
        .fetch_one(&mut **tx)
        .await?)
}

/// Marks `refund` of the order's settled payments due back, from the
/// latest, each up to what of it is not due back yet (a payment partly due
/// back already takes more; reversed records and reversals left out); what
/// could not be placed (0 when all was).
pub async fn give_back(tx: &mut Tx, order_token: &str, mut refund: i64) -> Result<i64, CartError> {
    let kept = sqlx::query(
        "SELECT p.session_id, p.amount, COALESCE(p.due_back, 0) AS due_back FROM payments p \
         WHERE p.order_token = $1 AND p.state IN ('paid', 'refund_due') AND p.amount > 0 \
         AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reverses = p.session_id) ORDER BY p.paid_at DESC, p.session_id",
    )
    .bind(order_token)
    .fetch_all(&mut **tx)
    .await?;
    for p in kept {
        if refund == 0 {
            break;
        }
        let (session_id, amount, due_back): (String, i64, i64) = (p.try_get("session_id")?, p.try_get("amount")?, p.try_get("due_back")?);
        let more = (amount - due_back).min(refund);
        if more <= 0 {
            continue;
        }
        sqlx::query("UPDATE payments SET state = 'refund_due', due_back = $2 WHERE session_id = $1")
            .bind(&session_id)
            .bind(due_back + more)
            .execute(&mut **tx)
            .await?;
        refund -= more;
    }
    Ok(refund)
}

/// Keeps up to `amount` of what is due back and not given back yet (the
/// order costs more again), from the latest: a payment no longer due back
/// at all is settled again.
pub async fn keep_instead(tx: &mut Tx, order_token: &str, mut amount: i64) -> Result<(), CartError> {
    let due = sqlx::query(
        "SELECT session_id, due_back FROM payments WHERE order_token = $1 AND state = 'refund_due' AND amount > 0 AND due_back > 0 \
         ORDER BY paid_at DESC, session_id",
    )
    .bind(order_token)
    .fetch_all(&mut **tx)
    .await?;
    for p in due {
        if amount == 0 {
            break;
        }
        let (session_id, due_back): (String, i64) = (p.try_get("session_id")?, p.try_get("due_back")?);
        let kept = due_back.min(amount);
        let left = due_back - kept;
        let update = if left == 0 {
            sqlx::query("UPDATE payments SET state = 'paid', due_back = NULL WHERE session_id = $1").bind(&session_id)
        } else {
            sqlx::query("UPDATE payments SET due_back = $2 WHERE session_id = $1").bind(&session_id).bind(left)
        };
        update.execute(&mut **tx).await?;
        amount -= kept;
    }
    Ok(())
}
