//! The front desk's changes of an order: money received in any part (or a
//! wrong record reversed), and cancellation by the guesthouse (with its
//! policy's fee) or by the guest (unpaid). Each is one transaction taking
//! the order's row first (its version moves), with its history entry and
//! its event; the money rules are `domain::desk_money`. A stay moved to
//! other dates, room type or guests: `stays` (with what every change of an
//! order's lines shares); a package's treatments changed: `treatments`.

mod stays;
mod treatments;

use std::sync::Arc;

pub use stays::{ChangeQuote, StayChange};
pub use treatments::TreatmentsChange;

use crate::domain::checkout::{CancelReason, OrderState, PaymentState, Provider};
use crate::domain::desk_money::{self, CancellationPolicy};
use crate::error::CartError;
use crate::events::{self, Money};
use crate::orders::store::{Change, ChangeAction};
use crate::orders::{Orders, StoredOrder};
use crate::payments::store::{DeskRecord, PaymentRecord};
use crate::peers::Peers;
use crate::settings::Settings;

/// Money the front desk received, or the reversal of a wrong record.
#[derive(Debug, Clone)]
pub struct DeskPayment {
    pub booking_code: String,
    /// Above 0: what came, or the amount of the record reversed.
    pub amount: i64,
    pub method: Option<Provider>,
    pub reference: String,
    pub reverses: Option<String>,
    pub idempotency_key: String,
    pub staff: String,
}

/// What cancelling an order now keeps and gives back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub version: i64,
    pub fee: i64,
    pub received: i64,
    pub vouchers_kept: i64,
    pub refund: i64,
    pub free_until: Option<chrono::NaiveDate>,
    pub policy: CancellationPolicy,
}

/// An order with what the front desk sees beyond the guest's view.
pub struct DeskOrder {
    pub order: StoredOrder,
    pub payments: Vec<PaymentRecord>,
    pub history: Vec<Change>,
}

pub struct Desk {
    orders: Arc<Orders>,
    peers: Peers,
    /// The cancellation policy, the advance payment's share, the holds.
    settings: Arc<Settings>,
}

impl Desk {
    pub fn new(orders: Arc<Orders>, peers: Peers, settings: Arc<Settings>) -> Self {
        Self { orders, peers, settings }
    }

    /// The order by its booking code, with its payments and history.
    pub async fn order(&self, booking_code: &str) -> Result<DeskOrder, CartError> {
        let order = self.orders.order_by_booking_code(booking_code).await?;
        self.view(order).await
    }

    async fn view(&self, order: StoredOrder) -> Result<DeskOrder, CartError> {
        let db = self.orders.db();
        let payments = crate::store::order_payments(db, &order.token).await?;
        let history = crate::store::history(db, &order.token).await?;
        Ok(DeskOrder { order, payments, history })
    }

    /// Records money received (or reverses a record), once per key: the
    /// first money confirms a new order's nights (`cart.order.paid`, which
    /// also tells the guest and the guesthouse); what exceeds the order is
    /// due back; the order's payment state follows what came.
    pub async fn record_payment(&self, p: DeskPayment) -> Result<DeskOrder, CartError> {
        let reference =
            statement_reference(&p.reference).ok_or(CartError::InvalidSearch { field: "reference", reason: "1 to 140 characters" })?;
        if p.amount <= 0 {
            return Err(CartError::InvalidSearch { field: "amount", reason: "above 0 (grosze)" });
        }
        if !crate::domain::well_formed(&p.idempotency_key) {
            return Err(CartError::InvalidSearch { field: "idempotencyKey", reason: "16 to 64 letters, digits, '-' or '_'" });
        }
        let method = match (p.method, &p.reverses) {
            (Some(m), None) if desk_money::received_at_desk(m) && m != Provider::Guesthouse => Some(m),
            (_, Some(_)) => None,
            _ => return Err(CartError::InvalidSearch { field: "method", reason: "bank_transfer, card_terminal or cash" }),
        };
        let order = self.orders.order_by_booking_code(&p.booking_code).await?;
        let db = self.orders.db();
        if crate::store::desk_key_used(db, &order.token, &p.idempotency_key).await? {
            return self.view(order).await;
        }
        let mut tx = db.begin().await?;
        let now = tx.now_ms();
        let Some(version) = crate::store::next_version(&mut tx, &order.token, None).await? else {
            return Err(CartError::OrderCancelled);
        };
        let received = crate::store::received_in(&mut tx, &order.token).await?;
        let session = format!("{}-desk-{}", order.order_id, p.idempotency_key);
        let key = Some(p.idempotency_key.as_str());
        let (action, amount, pays) = if let Some(reversed) = &p.reverses {
            let record = crate::store::order_payment_in(&mut tx, &order.token, reversed).await?.ok_or(CartError::PaymentNotFound)?;
            if record.reverses.is_some()
                || record.amount <= 0
                || !desk_money::received_at_desk(record.provider)
                || record.state != PaymentState::Paid
            {
                return Err(CartError::NotReversible);
            }
            if record.reversed_by.is_some() {
                return Err(CartError::PaymentReversed);
            }
            if record.amount != p.amount {
                return Err(CartError::AmountMismatch { expected: record.amount, got: p.amount });
            }
            let reversal = DeskRecord {
                session_id: session,
                provider: record.provider,
                amount: -record.amount,
                state: PaymentState::Paid,
                due_back: None,
                reference,
                staff: &p.staff,
                idempotency_key: key,
                reverses: Some(&record.id),
            };
            if !crate::store::insert_desk_record(&mut tx, &order, &reversal, now).await? {
                return Err(CartError::PaymentReversed);
            }
            // Its overpaid part was never the order's: no longer due back.
            crate::store::reverse_overpayment(&mut tx, &format!("{}-over", record.id)).await?;
            (ChangeAction::PaymentReversed, -record.amount, 0)
        } else {
            let method = method.unwrap_or(Provider::Cash);
            let due = order.totals.total - order.totals.vouchers;
            let (pays, over) = desk_money::split_receipt(p.amount, due, received);
            let record = |amount, id: String, state, due_back, key| DeskRecord {
                session_id: id,
                provider: method,
                amount,
                state,
                due_back,
                reference,
                staff: &p.staff,
                idempotency_key: key,
                reverses: None,
            };
            let paying = (pays > 0).then(|| record(pays, session.clone(), PaymentState::Paid, None, key));
            let over_key = if paying.is_some() { None } else { key };
            let overpaid = (over > 0).then(|| record(over, format!("{session}-over"), PaymentState::RefundDue, Some(over), over_key));
            for r in paying.iter().chain(overpaid.iter()) {
                if !crate::store::insert_desk_record(&mut tx, &order, r, now).await? {
                    // A concurrent request with this key wrote it first.
                    tx.rollback().await?;
                    return self.order(&order.booking_code).await;
                }
            }
            (ChangeAction::PaymentRecorded, p.amount, pays)
        };
        let received = crate::store::received_in(&mut tx, &order.token).await?;
        let due = order.totals.total - order.totals.vouchers;
        let state = desk_money::payment_state(received, due);
        crate::store::set_received(&mut tx, &order.token, state, now).await?;
        if pays > 0 {
            // Confirms a new order's nights (idempotent for a confirmed
            // one) and tells the guest and the guesthouse.
            let summary = order.summary()?;
            let mut paid = events::paid(&order, &summary, pays);
            paid.left_to_pay = (due - received).max(0);
            self.orders.outbox().add(&mut tx, &paid).await?;
            // Codes only for voucher lines paid in full (all but the stays' share is paid).
            if due - received <= summary.stays_due() {
                crate::gift_vouchers::issue(self.orders.outbox(), &mut tx, &order, &summary, now).await?;
            }
        }
        let change = Change { version, at: now, action, staff: p.staff.clone(), amount, note: reference.to_owned() };
        crate::store::add_change(&mut tx, &order.token, &change).await?;
        tx.commit().await?;
        self.orders.outbox().wake();
        tracing::info!(order = %order.order_id, staff = %p.staff, amount, action = action.code(), "front desk payment recorded");
        self.order(&order.booking_code).await
    }

    /// What cancelling the order now keeps and gives back.
    pub async fn quote(&self, booking_code: &str) -> Result<Quote, CartError> {
        let order = self.orders.order_by_booking_code(booking_code).await?;
        if order.state == OrderState::Cancelled {
            return Err(CartError::OrderCancelled);
        }
        let mut tx = self.orders.db().begin().await?;
        let vouchers_kept = crate::store::vouchers_value(&mut tx, &order.token).await?;
        tx.rollback().await?;
        self.quote_of(&order, vouchers_kept).await
    }

    async fn quote_of(&self, order: &StoredOrder, vouchers_kept: i64) -> Result<Quote, CartError> {
        // The terms the guest agreed to when the order was placed.
        let policy = crate::orders::OrderTerms::over(order.terms, self.settings.checkout().await?).policy();
        let stays = order.summary()?.stays_due();
        let arrival = spa_platform::dates::parse_ymd(&order.arrival);
        let fee = policy.fee(stays, arrival, self.orders.db().clock().today());
        Ok(Quote {
            version: order.version,
            fee: fee.fee,
            received: order.received,
            vouchers_kept,
            refund: desk_money::refund_after(order.received, vouchers_kept, fee.fee),
            free_until: fee.free_until,
            policy,
        })
    }

    /// The guesthouse cancels an order at the version its staff member
    /// read, keeping `fee` (at most the policy's now): the nights go back
    /// on sale, what came beyond the fee and the issued gift vouchers is due
    /// back, gift vouchers it spent get their balance back, and the guest
    /// is told. The same call again answers the order it cancelled.
    pub async fn cancel(&self, booking_code: &str, version: i64, fee: i64, staff: &str) -> Result<DeskOrder, CartError> {
        let order = self.orders.order_by_booking_code(booking_code).await?;
        if order.state == OrderState::Cancelled {
            // A retry of this cancellation (its answer lost) sees it done.
            let retry = order.cancel_reason == Some(CancelReason::Staff) && order.version == version + 1 && order.cancellation_fee == fee;
            return if retry { self.view(order).await } else { Err(CartError::OrderCancelled) };
        }
        if fee < 0 {
            return Err(CartError::InvalidSearch { field: "fee", reason: "0 or more (grosze)" });
        }
        let db = self.orders.db();
        let mut tx = db.begin().await?;
        let now = tx.now_ms();
        let Some(next) = crate::store::next_version(&mut tx, &order.token, Some(version)).await? else {
            tx.rollback().await?;
            let now = self.orders.order(&order.token).await?;
            return Err(if now.state == OrderState::Cancelled {
                CartError::OrderCancelled
            } else {
                CartError::StaleVersion { current: now.version }
            });
        };
        // Read again under the lock: money may have come since.
        let locked = crate::store::order_in(&mut tx, &order.order_id).await?.ok_or(CartError::OrderNotFound)?;
        let vouchers_kept = crate::store::vouchers_value(&mut tx, &order.token).await?;
        let quote = self.quote_of(&locked, vouchers_kept).await?;
        if fee > quote.fee {
            return Err(CartError::FeeAbovePolicy { max: quote.fee });
        }
        let refund = desk_money::refund_after(quote.received, vouchers_kept, fee);
        crate::store::cancel(&mut tx, &order.token, CancelReason::Staff, fee, now).await?;
        let unplaced = crate::store::give_back(&mut tx, &order.token, refund).await?;
        if unplaced > 0 {
            tracing::error!(order = %order.order_id, unplaced, "a cancellation's refund exceeds the payments it can be given back from");
        }
        crate::store::return_vouchers(&mut tx, &order.order_id, now).await?;
        let money = if quote.received > 0 { Money::Taken { refund: refund - unplaced, vouchers_kept } } else { Money::None };
        let mut cancelled = events::cancelled(&locked, CancelReason::Staff, money)?;
        cancelled.fee = fee.min(quote.received);
        self.orders.outbox().add(&mut tx, &cancelled).await?;
        let change =
            Change { version: next, at: now, action: ChangeAction::Cancelled, staff: staff.to_owned(), amount: fee, note: String::new() };
        crate::store::add_change(&mut tx, &order.token, &change).await?;
        tx.commit().await?;
        self.orders.outbox().wake();
        tracing::info!(order = %order.order_id, staff = %staff, fee, refund, "order cancelled by the front desk");
        self.release(&order.order_id).await;
        self.order(&order.booking_code).await
    }

    /// The guest cancels their order while no money came for it and no
    /// payment is being taken; the same call again answers it as it is.
    pub async fn cancel_by_guest(&self, token: &str) -> Result<StoredOrder, CartError> {
        let order = self.orders.order(token).await?;
        if order.cancel_reason == Some(CancelReason::Guest) {
            return Ok(order);
        }
        if !order.awaits_payment() || order.received > 0 {
            return Err(CartError::OrderNotCancellable);
        }
        let mut tx = self.orders.db().begin().await?;
        let now = tx.now_ms();
        let claimed_before = now - i64::from(crate::payments::KEEP_WHILE_PAYING_SECONDS) * 1000;
        let Some(version) = crate::store::next_version(&mut tx, token, None).await? else {
            return Err(CartError::OrderNotCancellable);
        };
        if !crate::store::cancel_unpaid(&mut tx, &order.order_id, CancelReason::Guest, claimed_before, now).await? {
            // Paid meanwhile, or a payment is being taken.
            return Err(CartError::OrderNotCancellable);
        }
        crate::store::return_vouchers(&mut tx, &order.order_id, now).await?;
        self.orders.outbox().add(&mut tx, &events::cancelled(&order, CancelReason::Guest, Money::None)?).await?;
        let change =
            Change { version, at: now, action: ChangeAction::CancelledByGuest, staff: String::new(), amount: 0, note: String::new() };
        crate::store::add_change(&mut tx, token, &change).await?;
        tx.commit().await?;
        self.orders.outbox().wake();
        tracing::info!(order = %order.order_id, "order cancelled by its guest");
        self.release(&order.order_id).await;
        self.orders.order(token).await
    }

    /// The nights go back on sale now; `cart.order.cancelled` releases them
    /// too (the rooms service), should the call fail.
    async fn release(&self, order_id: &str) {
        if let Err(e) = self.peers.release(order_id).await {
            tracing::warn!(order = %order_id, error = %e, "nights not released at once; the cancellation's event releases them");
        }
    }
}

/// A reference the staff copied from a bank statement, a receipt or a
/// provider's panel: 1 to 140 characters, no control characters, trimmed.
pub(crate) fn statement_reference(reference: &str) -> Option<&str> {
    let reference = reference.trim();
    let fits = !reference.is_empty() && reference.chars().count() <= 140 && !reference.chars().any(char::is_control);
    fits.then_some(reference)
}
