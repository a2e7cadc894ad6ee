//! The staff's records: a bank transfer that paid an order, the rest of
//! an advance-paid order paid at the guesthouse, and the payments to give
//! back, marked refunded once given back at their provider.

use crate::domain::checkout::{OrderPayment, OrderState, PaymentMethod, PaymentState};
use crate::error::CartError;
use crate::orders::StoredOrder;

use super::Payments;
use crate::desk::statement_reference;

/// How many payments to give back one listing shows.
const REFUNDS_LISTED: i64 = 200;

impl Payments {
    /// The staff saw a bank transfer of `amount` arrive for an order: it is
    /// recorded as the order's payment, and the order paid with what follows
    /// (`cart.order.paid`: the nights confirmed, gift voucher codes, the
    /// e-mail), once. The same `reference` again answers the order as it is
    /// now, so a double click or a retry after a lost answer is harmless.
    pub async fn record_bank_transfer(
        &self,
        booking_code: &str,
        amount: i64,
        reference: &str,
        staff_id: &str,
    ) -> Result<StoredOrder, CartError> {
        let reference = statement_reference(reference).ok_or(CartError::InvalidTransfer)?;
        let db = self.db();
        // A second pass sees what changed under the first: a concurrent
        // recording of the same transfer, or the order paid or cancelled.
        for _ in 0..2 {
            let order = self.orders.order_by_booking_code(booking_code).await?;
            if let Some(recorded) = crate::store::payment_by_ref(db, PaymentMethod::BankTransfer.code(), reference).await? {
                if recorded.order_token != order.token {
                    return Err(CartError::TransferReferenceUsed);
                }
                // Read again: `order` may be from before that payment's
                // transaction (which also marked it paid) committed.
                return self.orders.order(&order.token).await;
            }
            if order.payment_method != PaymentMethod::BankTransfer.code() {
                return Err(CartError::NotBankTransfer);
            }
            if order.state == OrderState::Cancelled {
                return Err(CartError::OrderCancelled);
            }
            if order.payment_state != OrderPayment::AwaitingPayment {
                return Err(CartError::OrderPaid);
            }
            if amount != order.totals.due_now {
                return Err(CartError::AmountMismatch { expected: order.totals.due_now, got: amount });
            }
            let mut tx = db.begin().await?;
            let now = self.db().now_ms();
            if !crate::store::record_transfer(&mut tx, &order, reference, now).await? {
                tx.rollback().await?;
                continue;
            }
            self.orders.paid(&mut tx, &order, amount, now).await?;
            let answer = as_recorded(&mut tx, &order).await?;
            tx.commit().await?;
            tracing::info!(order = %order.order_id, staff = %staff_id, "bank transfer recorded: order paid");
            self.orders.outbox().wake();
            return Ok(answer);
        }
        Err(CartError::OrderPaid)
    }

    /// The guest paid what the advance payment left, at the guesthouse
    /// (cash, a card terminal, a transfer): recorded with the receipt's
    /// `reference` as the order's last payment, and the order paid in full,
    /// once. The same reference again answers the order as it is. No event
    /// follows: the nights were confirmed with the advance.
    pub async fn record_rest(&self, booking_code: &str, amount: i64, reference: &str, staff_id: &str) -> Result<StoredOrder, CartError> {
        let reference = statement_reference(reference).ok_or(CartError::InvalidReceipt)?;
        let db = self.db();
        // A second pass sees what changed under the first (a concurrent recording).
        for _ in 0..2 {
            let order = self.orders.order_by_booking_code(booking_code).await?;
            if let Some(receipt) = crate::store::rest_receipt(db, &order).await? {
                return if receipt == reference { self.orders.order(&order.token).await } else { Err(CartError::OrderPaid) };
            }
            if order.state == OrderState::Cancelled {
                return Err(CartError::OrderCancelled);
            }
            if order.payment_state == OrderPayment::AwaitingPayment {
                return Err(CartError::AdvanceNotPaid);
            }
            if order.payment_state != OrderPayment::PartiallyPaid {
                return Err(CartError::OrderPaid);
            }
            let rest = order.totals.left_after(order.totals.due_now);
            if amount != rest {
                return Err(CartError::AmountMismatch { expected: rest, got: amount });
            }
            let mut tx = db.begin().await?;
            let now = self.db().now_ms();
            if !crate::store::record_rest(&mut tx, &order, amount, reference, now).await? {
                tx.rollback().await?;
                continue;
            }
            // Paid in full now: vouchers an older advance left unpaid get their codes.
            crate::gift_vouchers::issue(self.orders.outbox(), &mut tx, &order, &order.summary()?, now).await?;
            let answer = as_recorded(&mut tx, &order).await?;
            tx.commit().await?;
            self.orders.outbox().wake();
            tracing::info!(order = %order.order_id, staff = %staff_id, "rest of the advance-paid order recorded: paid in full");
            return Ok(answer);
        }
        Err(CartError::OrderPaid)
    }

    /// The payments to give back, oldest first.
    pub async fn refunds_due(&self) -> Result<Vec<crate::store::Refund>, CartError> {
        crate::store::refunds_due(self.db(), REFUNDS_LISTED).await
    }

    /// The staff gave payment `payment_id` back at its provider, with the
    /// refund's `reference`; the same reference again answers it as it is.
    pub async fn mark_refunded(&self, payment_id: &str, reference: &str, staff_id: &str) -> Result<crate::store::Refund, CartError> {
        let reference = statement_reference(reference).ok_or(CartError::InvalidRefund)?;
        let db = self.db();
        let marked = crate::store::mark_refunded(db, payment_id, reference, self.db().now_ms()).await?;
        let refund = crate::store::refund(db, payment_id).await?.ok_or(CartError::PaymentNotFound)?;
        if marked {
            tracing::info!(payment = %payment_id, booking_code = %refund.booking_code, staff = %staff_id, "payment marked refunded");
            return Ok(refund);
        }
        match refund.state {
            PaymentState::Refunded if refund.refund_reference.as_deref() == Some(reference) => Ok(refund),
            PaymentState::Refunded => Err(CartError::PaymentRefunded),
            _ => Err(CartError::NotRefundDue),
        }
    }
}

/// The order as the recording's own transaction left it. Read after the
/// commit, it could already show what the events the payment set off did
/// next (the order cancelled because its nights were sold meanwhile): the
/// staff's answer is what they recorded, the order's page shows the rest.
async fn as_recorded(tx: &mut spa_platform::db::Tx, order: &StoredOrder) -> Result<StoredOrder, CartError> {
    crate::store::order_in(tx, &order.order_id).await?.ok_or(CartError::OrderNotFound)
}
