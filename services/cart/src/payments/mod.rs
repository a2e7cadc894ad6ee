//! Payments: online payments through a provider ([`PaymentProvider`]:
//! Przelewy24, PayPal), taken once per order at a time and only while the
//! order's nights are kept for it; the staff's records of transfers and of
//! what an advance left, and the money due back ([`staff`]).
//!
//! An attempt is a session (`{order id}-{n}`) registered with its provider
//! for the amount due now. Before its money is taken (verified, captured)
//! the session claims the order's one payment and the rooms service keeps
//! the nights (`Keep`); the order is read again, and one cancelled for want
//! of payment comes back while its nights are free. What came for an order
//! that no longer awaited it is due back, listed for the staff.

pub mod paypal;
pub mod przelewy24;
pub mod staff;
pub mod store;

use std::sync::Arc;

use futures::future::BoxFuture;
pub use spa_platform::http::Http;
use spa_platform::http::HttpError;

use crate::domain::checkout::{CancelReason, OrderState, PaymentMethod, PaymentState};
use crate::error::CartError;
use crate::events::{self, Money};
use crate::orders::{Orders, StoredOrder};
use crate::peers::{Peers, Refusal};
use paypal::PayPal;
use przelewy24::{Notification, Przelewy24};
use store::StoredPayment;

/// How long a payment under way keeps its order's nights (asked again at
/// each try): long enough for the provider's verification or capture. An
/// order claimed within it is not cancelled at its hold's expiry.
pub const KEEP_WHILE_PAYING_SECONDS: u32 = 15 * 60;

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("the payment provider refused the request: {0}")]
    Refused(String),
    #[error("the payment provider is unavailable: {0}")]
    Unavailable(String),
    #[error("the notification's {0} is not valid")]
    InvalidNotification(&'static str),
}

impl From<HttpError> for PaymentError {
    fn from(e: HttpError) -> Self {
        match e {
            HttpError::Invalid(e) => PaymentError::Refused(e),
            HttpError::Unavailable(e) => PaymentError::Unavailable(e),
            // Never asked for by the payment calls (whole answers, from the operator's addresses).
            e @ (HttpError::TooLarge(_) | HttpError::NotPublic(_)) => PaymentError::Unavailable(e.to_string()),
        }
    }
}

/// A payment to start at its provider.
/// What a test payment registers: 1 zł.
pub const TEST_PAYMENT: i64 = 100;

pub struct Start<'a> {
    /// Ours, as the provider will name it back.
    pub session_id: &'a str,
    pub amount: i64,
    pub description: &'a str,
    pub email: &'a str,
    /// The order's locale (`pl`, `de`, `en_GB`).
    pub locale: &'a str,
    /// Where the guest comes back to (PayPal's approval is captured there).
    pub return_url: &'a str,
    /// The order's page, for a guest who gives up.
    pub cancel_url: &'a str,
    /// Where the provider posts its notification (Przelewy24).
    pub status_url: &'a str,
}

/// Where to send the guest, and the provider's id of the transaction when
/// it names one at the start (PayPal's order).
pub struct Redirect {
    pub url: String,
    pub provider_ref: Option<String>,
}

/// An online provider: how a payment starts. How its money is then taken
/// differs (Przelewy24 notifies and is verified, PayPal's order is
/// captured), so each answer has its own entry in [`Payments`].
pub trait PaymentProvider: Send + Sync {
    fn method(&self) -> PaymentMethod;
    fn start<'a>(&'a self, start: Start<'a>) -> BoxFuture<'a, Result<Redirect, PaymentError>>;
}

pub struct Payments {
    orders: Arc<Orders>,
    peers: Peers,
    /// The online providers that are configured.
    p24: Option<Przelewy24>,
    paypal: Option<PayPal>,
}

impl Payments {
    pub fn new(orders: Arc<Orders>, peers: Peers, p24: Option<Przelewy24>, paypal: Option<PayPal>) -> Self {
        Self { orders, peers, p24, paypal }
    }

    fn db(&self) -> &spa_platform::db::Db {
        self.orders.db()
    }

    fn configured(&self, method: PaymentMethod) -> bool {
        match method {
            PaymentMethod::BankTransfer => true,
            // Offered to the front desk only, by checkout.
            PaymentMethod::Guesthouse => false,
            online => self.provider(online).is_some(),
        }
    }

    /// The provider that takes payments by `method`, when configured.
    fn provider(&self, method: PaymentMethod) -> Option<&dyn PaymentProvider> {
        match method {
            PaymentMethod::BankTransfer | PaymentMethod::Guesthouse => None,
            PaymentMethod::Przelewy24 => self.p24.as_ref().map(|p| p as &dyn PaymentProvider),
            PaymentMethod::Paypal => self.paypal.as_ref().map(|p| p as &dyn PaymentProvider),
        }
    }

    /// The payment methods on offer: a bank transfer always, an online
    /// provider when it is configured.
    pub fn offered(&self) -> Vec<PaymentMethod> {
        PaymentMethod::ALL.iter().copied().filter(|m| self.configured(*m)).collect()
    }

    /// Whether the guest can start paying `order` online now.
    pub fn payable_online(&self, order: &StoredOrder) -> bool {
        PaymentMethod::parse(&order.payment_method).is_some_and(|m| m.online() && self.configured(m))
            && order.awaits_payment()
            && order.totals.due_now > 0
    }

    /// Whether an online payment of order `token` was started and not settled.
    pub async fn payment_pending(&self, token: &str) -> Result<bool, CartError> {
        crate::store::payment_pending(self.db(), token).await
    }

    /// Registers an online payment of the order's amount due now with its
    /// provider; the provider's page to send the guest to. `return_url` is
    /// where the guest comes back (and PayPal's approval is captured),
    /// `cancel_url` the order's page, `status_url` Przelewy24's notification.
    pub async fn start_payment(&self, token: &str, return_url: &str, cancel_url: &str, status_url: &str) -> Result<String, CartError> {
        let order = self.orders.order(token).await?;
        if !self.payable_online(&order) {
            return Err(CartError::OrderNotPayable);
        }
        let db = self.db();
        // One session per attempt: a guest who came back unpaid starts anew.
        let attempt = crate::store::payment_count(db, token).await? + 1;
        let payment = StoredPayment {
            session_id: format!("{}-{attempt}", order.order_id),
            order_token: order.token.clone(),
            provider: order.payment_method.clone(),
            amount: order.totals.due_now,
            state: PaymentState::Started,
            provider_ref: None,
        };
        crate::store::insert_payment(db, &payment, self.db().now_ms()).await?;
        let provider = PaymentMethod::parse(&order.payment_method).and_then(|m| self.provider(m)).ok_or(CartError::OrderNotPayable)?;
        let start = Start {
            session_id: &payment.session_id,
            amount: payment.amount,
            description: &format!("Rezerwacja {}", order.booking_code),
            email: &order.email,
            locale: &order.locale,
            return_url,
            cancel_url,
            status_url,
        };
        match provider.start(start).await {
            Ok(redirect) => {
                if let Some(id) = &redirect.provider_ref {
                    crate::store::set_payment_ref(db, &payment.session_id, id).await?;
                }
                Ok(redirect.url)
            }
            Err(e) => {
                crate::store::set_payment_state(db, &payment.session_id, PaymentState::Refused).await?;
                Err(e.into())
            }
        }
    }

    /// A 1 zł test payment registered with `method`'s provider the way a
    /// guest's is (no order, no stored payment: a notification about it is
    /// refused as unknown): its page, or the provider's refusal.
    pub async fn test_payment(
        &self,
        method: &str,
        staff: &str,
        locale: &str,
        urls: (&str, &str),
    ) -> Result<Result<String, String>, CartError> {
        let (return_url, status_url) = urls;
        let provider = PaymentMethod::parse(method)
            .and_then(|m| self.provider(m))
            .ok_or_else(|| CartError::InvalidFields { code: "invalid_settings", fields: vec!["method"] })?;
        let session_id = format!("test-{}", uuid::Uuid::new_v4().simple());
        let start = Start {
            session_id: &session_id,
            amount: TEST_PAYMENT,
            description: "Test",
            email: staff,
            locale,
            return_url,
            cancel_url: return_url,
            status_url,
        };
        // A provider that refuses or does not answer is the test's outcome, not a failure of the call.
        Ok(provider.start(start).await.map(|redirect| redirect.url).map_err(|e| e.to_string()))
    }

    /// A Przelewy24 notification: checked, verified with Przelewy24, and
    /// the order marked paid once (`cart.order.paid`). A replay changes
    /// nothing; an order that no longer awaits this payment (cancelled
    /// meanwhile, or paid through another session, as from a second tab) is
    /// not verified, so the provider returns the money.
    pub async fn notify_przelewy24(&self, n: &Notification) -> Result<bool, CartError> {
        let p24 = self.p24.as_ref().ok_or(CartError::OrderNotPayable)?;
        let db = self.db();
        let payment = crate::store::payment(db, &n.session_id).await?.ok_or(CartError::InvalidNotification("sessionId"))?;
        if let Err(e) = p24.check_notification(n, payment.amount) {
            tracing::warn!(session = %n.session_id, error = %e, "payment notification refused");
            return Err(payment_error(e));
        }
        if payment.state.settled() {
            return Ok(true);
        }
        let order = self.orders.order(&payment.order_token).await?;
        if !self.ready_to_take(&order, &payment).await? {
            return Ok(false);
        }
        if let Err(e) = p24.verify(n).await {
            self.release_if_refused(&payment, &e).await?;
            return Err(e.into());
        }
        self.record_payment(&payment, &n.order_id.to_string(), &order).await?;
        Ok(true)
    }

    /// The guest came back from PayPal having approved order `paypal_order`
    /// of the shop's order `token`: it is captured and recorded once.
    pub async fn capture_paypal(&self, token: &str, paypal_order: &str) -> Result<bool, CartError> {
        let payment = crate::store::payment_by_ref(self.db(), "paypal", paypal_order)
            .await?
            .filter(|p| p.order_token == token)
            .ok_or(CartError::InvalidNotification("token"))?;
        self.settle_paypal(&payment).await
    }

    /// Captures a PayPal payment unless it is recorded already or its
    /// order no longer awaits it (cancelled, or paid through another
    /// session): then it is never captured and no money moves.
    async fn settle_paypal(&self, payment: &StoredPayment) -> Result<bool, CartError> {
        let paypal = self.paypal.as_ref().ok_or(CartError::OrderNotPayable)?;
        if payment.state.settled() {
            return Ok(true);
        }
        let order = self.orders.order(&payment.order_token).await?;
        let paypal_order = payment.provider_ref.as_deref().ok_or(CartError::InvalidNotification("token"))?;
        if !self.ready_to_take(&order, payment).await? {
            return Ok(false);
        }
        let capture = match paypal.capture(paypal_order).await {
            Ok(capture) => capture,
            Err(e) => {
                self.release_if_refused(payment, &e).await?;
                return Err(payment_error(e));
            }
        };
        if !capture.settles(payment.amount) || capture.custom_id != payment.session_id {
            tracing::error!(order = %order.order_id, capture = %capture.id, status = %capture.status, "PayPal capture does not match the payment");
            return Err(CartError::InvalidNotification("amount"));
        }
        self.record_payment(payment, paypal_order, &order).await?;
        Ok(true)
    }

    /// A PayPal webhook: verified with PayPal, then an approval is captured
    /// and a completed capture recorded, once; other events are
    /// acknowledged.
    pub async fn notify_paypal(&self, headers: &[(String, String)], body: &str) -> Result<bool, CartError> {
        let paypal = self.paypal.as_ref().ok_or(CartError::OrderNotPayable)?;
        let event = paypal.webhook_event(headers, body).await.map_err(|e| {
            tracing::warn!(error = %e, "PayPal webhook refused");
            payment_error(e)
        })?;
        let db = self.db();
        match event {
            paypal::Event::Approved { order_id } => {
                let payment =
                    crate::store::payment_by_ref(db, "paypal", &order_id).await?.ok_or(CartError::InvalidNotification("resource"))?;
                self.settle_paypal(&payment).await
            }
            paypal::Event::Captured(capture) => {
                let payment = crate::store::payment(db, &capture.custom_id).await?.ok_or(CartError::InvalidNotification("resource"))?;
                if payment.state.settled() {
                    return Ok(true);
                }
                if !capture.settles(payment.amount) {
                    tracing::error!(session = %payment.session_id, capture = %capture.id, "PayPal capture does not match the payment");
                    return Err(CartError::InvalidNotification("amount"));
                }
                // A capture the shop did not wait for (its answer lost):
                // for an order cancelled or paid meanwhile, it is due back.
                let order = self.orders.order(&payment.order_token).await?;
                let reference = payment.provider_ref.clone().unwrap_or_default();
                self.record_payment(&payment, &reference, &order).await?;
                Ok(true)
            }
            paypal::Event::Other(kind) => {
                tracing::debug!(kind, "PayPal event acknowledged");
                Ok(true)
            }
        }
    }

    /// Whether `payment`'s money may be taken now (verified or captured),
    /// and if so its order's nights are kept for it meanwhile. Not when the
    /// order no longer awaits it (paid through another session, as from a
    /// second tab, or cancelled for good), when another session of the
    /// order is being taken, or when its nights were sold after its hold
    /// expired: then no money is taken (the provider returns it) and the
    /// guest is told. An order cancelled because its hold expired comes back
    /// when its nights (and gift vouchers) are still free.
    ///
    /// The order is read again after the claim: from the claim on, the
    /// hold's expiry no longer cancels it (`store::cancel_unpaid`), so
    /// what that read says holds until the money is recorded.
    async fn ready_to_take(&self, order: &StoredOrder, payment: &StoredPayment) -> Result<bool, CartError> {
        if !order.awaits_payment() && !order.revivable() {
            not_awaited(order, payment);
            return Ok(false);
        }
        if !self.claim(payment).await? {
            return Ok(false);
        }
        if order.hold_expires_at > 0 {
            match self.peers.keep(&order.order_id, KEEP_WHILE_PAYING_SECONDS).await {
                Ok(()) => {}
                Err(Refusal::SoldOut { .. } | Refusal::Stale) => {
                    self.nights_gone(order, payment).await?;
                    return Ok(false);
                }
                // The rooms service is down: the claim stays, the provider notifies again.
                Err(Refusal::Other(e)) => return Err(e),
            }
        }
        let order = self.orders.order(&payment.order_token).await?;
        if order.awaits_payment() {
            return Ok(true);
        }
        if order.revivable() {
            match self.revive(&order).await? {
                crate::store::Revived::Revived => return Ok(true),
                // Another try of this payment revived it first: read again.
                crate::store::Revived::NotCancelled if self.orders.order(&payment.order_token).await?.awaits_payment() => return Ok(true),
                crate::store::Revived::NotCancelled => {}
                crate::store::Revived::VoucherSpent => {
                    tracing::warn!(order = %order.order_id, session = %payment.session_id, "a late payment's order cannot come back (a gift voucher it used is spent): not taken");
                    crate::store::release_claim(self.db(), &payment.order_token, &payment.session_id).await?;
                    // The nights kept for it above go back on sale.
                    self.peers.release(&order.order_id).await?;
                    return Ok(false);
                }
            }
        }
        not_awaited(&order, payment);
        crate::store::release_claim(self.db(), &payment.order_token, &payment.session_id).await?;
        Ok(false)
    }

    /// A late payment found its order's nights sold: it is not taken (the
    /// provider returns it), the order is cancelled (if it was not), and the
    /// guest is told why, once per payment.
    async fn nights_gone(&self, order: &StoredOrder, payment: &StoredPayment) -> Result<(), CartError> {
        tracing::warn!(order = %order.order_id, session = %payment.session_id, "a late payment's nights were sold meanwhile: not taken, the guest is told");
        let db = self.db();
        crate::store::release_claim(db, &payment.order_token, &payment.session_id).await?;
        let mut tx = db.begin().await?;
        let now = self.db().now_ms();
        // Once per payment: its state moves from started only here.
        if !crate::store::refuse_payment(&mut tx, &payment.session_id).await? {
            return Ok(());
        }
        // This payment's own claim does not keep the order.
        if crate::store::cancel_unpaid(&mut tx, &order.order_id, CancelReason::NightsSold, i64::MAX, now).await? {
            crate::store::return_vouchers(&mut tx, &order.order_id, now).await?;
        }
        self.orders.outbox().add(&mut tx, &events::cancelled(order, CancelReason::NightsSold, Money::NotTaken)?).await?;
        tx.commit().await?;
        self.orders.outbox().wake();
        Ok(())
    }

    /// A cancelled order whose hold expired becomes new again for a payment
    /// under way.
    async fn revive(&self, order: &StoredOrder) -> Result<crate::store::Revived, CartError> {
        let mut tx = self.db().begin().await?;
        let revived = crate::store::revive(&mut tx, order, self.db().now_ms()).await?;
        if revived != crate::store::Revived::Revived {
            tx.rollback().await?;
            return Ok(revived);
        }
        tx.commit().await?;
        tracing::info!(order = %order.order_id, "an order cancelled for want of payment came back: its payment came while its nights were free");
        Ok(revived)
    }

    /// The order's one payment at the provider, for this session; false
    /// (logged) when another session of the order holds it: a second tab
    /// paying at the same moment, whose money the provider then returns.
    async fn claim(&self, payment: &StoredPayment) -> Result<bool, CartError> {
        let claimed = crate::store::claim_payment(self.db(), &payment.order_token, &payment.session_id, self.db().now_ms()).await?;
        if !claimed {
            tracing::warn!(session = %payment.session_id, "another payment of this order is being taken: this one is left to the provider to return");
        }
        Ok(claimed)
    }

    /// A provider that refused a payment for good frees its order for
    /// another session; one that could not be reached keeps the claim, as
    /// the same session is tried again.
    async fn release_if_refused(&self, payment: &StoredPayment, e: &PaymentError) -> Result<(), CartError> {
        if !matches!(e, PaymentError::Unavailable(_)) {
            crate::store::release_claim(self.db(), &payment.order_token, &payment.session_id).await?;
        }
        Ok(())
    }

    /// Records a settled payment and its order paid, with what follows,
    /// in one transaction; once, whatever the replays.
    async fn record_payment(&self, payment: &StoredPayment, provider_ref: &str, order: &StoredOrder) -> Result<(), CartError> {
        let mut tx = self.db().begin().await?;
        let now = self.db().now_ms();
        let recorded = crate::store::record_paid(&mut tx, &payment.session_id, provider_ref, now).await?;
        match recorded {
            crate::store::Recorded::OrderPaid => self.orders.paid(&mut tx, order, payment.amount, now).await?,
            // A guest whose order was cancelled learns the money goes back,
            // in the transaction that makes it due back.
            crate::store::Recorded::NotAwaited => {
                if let Some(now) = crate::store::order_in(&mut tx, &order.order_id).await?
                    && now.state == OrderState::Cancelled
                {
                    let reason = now.cancel_reason.unwrap_or(CancelReason::HoldExpired);
                    let money = Money::Taken { refund: payment.amount, vouchers_kept: 0 };
                    self.orders.outbox().add(&mut tx, &events::cancelled(&now, reason, money)?).await?;
                }
            }
            crate::store::Recorded::Replay => {}
        }
        tx.commit().await?;
        match recorded {
            crate::store::Recorded::OrderPaid => {
                tracing::info!(order = %order.order_id, provider = %payment.provider, "order paid");
                self.orders.outbox().wake();
            }
            crate::store::Recorded::NotAwaited => {
                tracing::error!(
                    order = %order.order_id,
                    session = %payment.session_id,
                    "a payment came for an order that no longer awaited it (cancelled or paid meanwhile): due back, listed for the staff"
                );
                self.orders.outbox().wake();
            }
            crate::store::Recorded::Replay => {}
        }
        Ok(())
    }
}

fn not_awaited(order: &StoredOrder, payment: &StoredPayment) {
    tracing::warn!(order = %order.order_id, state = %order.state, payment_state = %order.payment_state, session = %payment.session_id,
        "a payment for an order that no longer awaits one is not taken: the provider returns it");
}

/// A provider's refusal of a notification names its field; the rest pass on.
fn payment_error(e: PaymentError) -> CartError {
    match e {
        PaymentError::InvalidNotification(field) => CartError::InvalidNotification(field),
        other => other.into(),
    }
}
