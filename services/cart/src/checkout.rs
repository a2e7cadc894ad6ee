//! Checkout, step by step: the guest's details, gift vouchers, shipping,
//! payment, and completion, which reserves the nights and places the order.
//! Each step checks that the cart's state allows it (domain::checkout),
//! saves under the cart's lock, and answers the cart priced now.
//!
//! Completion runs in three parts so that no lock is held while the rooms
//! service works and nothing is taken twice:
//! 1. under the lock, the cart gets its order id (kept for retries);
//! 2. the rooms service holds the nights for that id (idempotent per id);
//! 3. under the lock again, the order, its booking code, what it takes from
//!    gift vouchers and the `cart.order.placed` event are written in one
//!    transaction (with `cart.order.paid` when vouchers paid for it all).
//!
//! A paid order's gift vouchers get their codes in the transaction that
//! records the payment (`cart.voucher.issued`, one per code).
//!
//! A failure after 2 leaves a hold that expires on its own; a retry
//! reserves for the same id, so it takes nothing more.

use std::sync::Arc;

use spa_platform::bus::Received;
use spa_platform::db::Tx;
use spa_platform::outbox::{Outbox, begin_once};
use spa_proto::common::OrderLine;
use spa_proto::events::{
    CancelReason as WireCancelReason, CustomerVerified, HoldExpired, HoldLost, OrderCancelled, OrderPaid, OrderPlaced, VoucherIssued,
};
use spa_proto::spa::catalog::v1::Product;

use crate::basket::{Basket, View, ViewLine};
use crate::domain::checkout::{
    self, Address, CancelReason, Delivery, OrderPayment, OrderState, PaymentChoice, PaymentMethod, PaymentState, Quote, SHIPPING_METHODS,
    State, Step, VOUCHER_DESIGNS, VoucherConfig, locale_index,
};
use crate::domain::gift;
use crate::domain::item::{Dedication, ItemKind, Stay};
use crate::domain::limits::UnpaidCap;
use crate::error::CartError;
use crate::payments::{Notification, PaymentError, Przelewy24, Registration};
use crate::paypal::{self, PayPal};
use crate::peers::{Refusal, StayQuery};
use crate::store::{self, Details, NewGiftVoucher, OrderTotals, StoredOrder, StoredPayment};

/// The consumer of `users.customer.verified`.
pub const LINK_CONSUMER: &str = "cart-order-owner";
/// The most orders a customer's list shows.
const MAX_LISTED_ORDERS: i64 = 100;

/// The consumer of `rooms.hold.expired`.
pub const EXPIRY_CONSUMER: &str = "cart-hold-expiry";
/// The consumer of `rooms.hold.lost`.
pub const LOST_CONSUMER: &str = "cart-hold-lost";

/// How long a payment under way keeps its order's nights (asked again at
/// each try): long enough for the provider's verification or capture.
const KEEP_WHILE_PAYING_SECONDS: u32 = 15 * 60;

/// How often a new booking code is drawn when one is taken.
const CODE_ATTEMPTS: usize = 5;

pub struct Checkout {
    basket: Arc<Basket>,
    outbox: Outbox,
    /// The online providers that are configured.
    p24: Option<Przelewy24>,
    paypal: Option<PayPal>,
}

/// A method on offer: code, name in the asked locale, price.
pub struct Offered {
    pub code: &'static str,
    pub name: &'static str,
    pub price: i64,
}

pub struct Offer {
    pub methods: Vec<Offered>,
    pub chosen: Option<String>,
    /// Payments: the advance payment on offer (0 = none) and whether chosen.
    pub deposit_amount: i64,
    pub deposit: bool,
}

fn allow(state: State, step: Step) -> Result<(), CartError> {
    if state.allows(step) {
        Ok(())
    } else if state == State::Completed {
        Err(CartError::Completed)
    } else {
        Err(CartError::StepNotAllowed { step: step.code(), state: state.code() })
    }
}

fn nothing_to_pay(view: &View) -> bool {
    !view.lines.is_empty() && view.totals.left_to_pay + view.totals.deposit == 0
}

/// The advance payment is offered for a stay, when it leaves something to
/// pay later: what it takes now (a share of the stays, the rest in full).
fn deposit_offered(view: &View) -> i64 {
    let due = view.totals.total - view.totals.vouchers;
    let advance = checkout::advance(due, crate::basket::stays_due(&view.lines));
    if advance < due { advance } else { 0 }
}

impl Checkout {
    pub fn new(basket: Arc<Basket>, outbox: Outbox, p24: Option<Przelewy24>, paypal: Option<PayPal>) -> Self {
        Self { basket, outbox, p24, paypal }
    }

    fn configured(&self, method: PaymentMethod) -> bool {
        match method {
            PaymentMethod::BankTransfer => true,
            PaymentMethod::Przelewy24 => self.p24.is_some(),
            PaymentMethod::Paypal => self.paypal.is_some(),
        }
    }

    /// The payment methods on offer: a bank transfer always, an online
    /// provider when it is configured.
    fn offered(&self) -> Vec<PaymentMethod> {
        PaymentMethod::ALL.into_iter().filter(|m| self.configured(*m)).collect()
    }

    /// Whether the guest can start paying `order` online now.
    pub fn payable_online(&self, order: &StoredOrder) -> bool {
        PaymentMethod::parse(&order.payment_method).is_some_and(|m| m != PaymentMethod::BankTransfer && self.configured(m))
            && awaits_payment(order)
            && order.totals.due_now > 0
    }

    /// Whether an online payment of order `token` was started and not settled.
    pub async fn payment_pending(&self, token: &str) -> Result<bool, CartError> {
        store::payment_pending(self.basket.db(), token).await
    }

    /// Registers an online payment of the order's amount due now with its
    /// provider; the provider's page to send the guest to. `return_url` is
    /// where the guest comes back (and PayPal's approval is captured),
    /// `cancel_url` the order's page, `status_url` Przelewy24's notification.
    pub async fn start_payment(&self, token: &str, return_url: &str, cancel_url: &str, status_url: &str) -> Result<String, CartError> {
        let order = self.order(token).await?;
        if !self.payable_online(&order) {
            return Err(CartError::OrderNotPayable);
        }
        let db = self.basket.db();
        // One session per attempt: a guest who came back unpaid starts anew.
        let attempt = store::payment_count(db, token).await? + 1;
        let payment = StoredPayment {
            session_id: format!("{}-{attempt}", order.order_id),
            order_token: order.token.clone(),
            provider: order.payment_method.clone(),
            amount: order.totals.due_now,
            state: PaymentState::Started,
            provider_ref: None,
        };
        store::insert_payment(db, &payment, self.basket.db().now_ms()).await?;
        let description = format!("Rezerwacja {}", order.booking_code);
        let started = match (&self.p24, &self.paypal, PaymentMethod::parse(&order.payment_method)) {
            (Some(p24), _, Some(PaymentMethod::Przelewy24)) => {
                let language = match order.locale.as_str() {
                    "de" => "de",
                    "en_GB" => "en",
                    _ => "pl",
                };
                let registration = Registration {
                    session_id: &payment.session_id,
                    amount: payment.amount,
                    description: &description,
                    email: &order.email,
                    language,
                    url_return: return_url,
                    url_status: status_url,
                };
                p24.register(&registration).await
            }
            (_, Some(paypal), Some(PaymentMethod::Paypal)) => {
                let locale = match order.locale.as_str() {
                    "de" => "de-DE",
                    "en_GB" => "en-GB",
                    _ => "pl-PL",
                };
                match paypal.create_order(&payment.session_id, payment.amount, &description, locale, return_url, cancel_url).await {
                    Ok((id, url)) => {
                        store::set_payment_ref(db, &payment.session_id, &id).await?;
                        Ok(url)
                    }
                    Err(e) => Err(e),
                }
            }
            _ => return Err(CartError::OrderNotPayable),
        };
        match started {
            Ok(url) => Ok(url),
            Err(e) => {
                store::set_payment_state(db, &payment.session_id, PaymentState::Refused).await?;
                Err(e.into())
            }
        }
    }

    /// A Przelewy24 notification: checked, verified with Przelewy24, and
    /// the order marked paid once (`cart.order.paid`). A replay changes
    /// nothing; an order that no longer awaits this payment (cancelled
    /// meanwhile, or paid through another session, as from a second tab) is
    /// not verified, so the provider returns the money.
    pub async fn notify_przelewy24(&self, n: &Notification) -> Result<bool, CartError> {
        let p24 = self.p24.as_ref().ok_or(CartError::OrderNotPayable)?;
        let db = self.basket.db();
        let payment = store::payment(db, &n.session_id).await?.ok_or(CartError::InvalidNotification("sessionId"))?;
        if let Err(e) = p24.check_notification(n, payment.amount) {
            tracing::warn!(session = %n.session_id, error = %e, "payment notification refused");
            return Err(payment_error(e));
        }
        if payment.state.settled() {
            return Ok(true);
        }
        let order = self.order(&payment.order_token).await?;
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
        let payment = store::payment_by_ref(self.basket.db(), "paypal", paypal_order)
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
        let order = self.order(&payment.order_token).await?;
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
        let db = self.basket.db();
        match event {
            paypal::Event::Approved { order_id } => {
                let payment = store::payment_by_ref(db, "paypal", &order_id).await?.ok_or(CartError::InvalidNotification("resource"))?;
                self.settle_paypal(&payment).await
            }
            paypal::Event::Captured(capture) => {
                let payment = store::payment(db, &capture.custom_id).await?.ok_or(CartError::InvalidNotification("resource"))?;
                if payment.state.settled() {
                    return Ok(true);
                }
                if !capture.settles(payment.amount) {
                    tracing::error!(session = %payment.session_id, capture = %capture.id, "PayPal capture does not match the payment");
                    return Err(CartError::InvalidNotification("amount"));
                }
                // A capture the shop did not wait for (its answer lost):
                // for an order cancelled or paid meanwhile, it is due back.
                let order = self.order(&payment.order_token).await?;
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
        if !awaits_payment(order) && !revivable(order) {
            not_awaited(order, payment);
            return Ok(false);
        }
        if !self.claim(payment).await? {
            return Ok(false);
        }
        if order.hold_expires_at > 0 {
            match self.basket.peers().keep(&order.order_id, KEEP_WHILE_PAYING_SECONDS).await {
                Ok(()) => {}
                Err(Refusal::SoldOut { .. } | Refusal::Stale) => {
                    self.nights_gone(order, payment).await?;
                    return Ok(false);
                }
                // The rooms service is down: the claim stays, the provider notifies again.
                Err(Refusal::Other(e)) => return Err(e),
            }
        }
        let order = self.order(&payment.order_token).await?;
        if awaits_payment(&order) {
            return Ok(true);
        }
        if revivable(&order) {
            match self.revive(&order).await? {
                store::Revived::Revived => return Ok(true),
                // Another try of this payment revived it first: read again.
                store::Revived::NotCancelled if awaits_payment(&self.order(&payment.order_token).await?) => return Ok(true),
                store::Revived::NotCancelled => {}
                store::Revived::VoucherSpent => {
                    tracing::warn!(order = %order.order_id, session = %payment.session_id, "a late payment's order cannot come back (a gift voucher it used is spent): not taken");
                    store::release_claim(self.basket.db(), &payment.order_token, &payment.session_id).await?;
                    // The nights kept for it above go back on sale.
                    self.basket.peers().release(&order.order_id).await?;
                    return Ok(false);
                }
            }
        }
        not_awaited(&order, payment);
        store::release_claim(self.basket.db(), &payment.order_token, &payment.session_id).await?;
        Ok(false)
    }

    /// A late payment found its order's nights sold: it is not taken (the
    /// provider returns it), the order is cancelled (if it was not), and the
    /// guest is told why, once per payment.
    async fn nights_gone(&self, order: &StoredOrder, payment: &StoredPayment) -> Result<(), CartError> {
        tracing::warn!(order = %order.order_id, session = %payment.session_id, "a late payment's nights were sold meanwhile: not taken, the guest is told");
        let db = self.basket.db();
        store::release_claim(db, &payment.order_token, &payment.session_id).await?;
        let mut tx = db.begin().await?;
        let now = self.basket.db().now_ms();
        // Once per payment: its state moves from started only here.
        if !store::refuse_payment(&mut tx, &payment.session_id).await? {
            return Ok(());
        }
        // This payment's own claim does not keep the order.
        if store::cancel_unpaid(&mut tx, &order.order_id, CancelReason::NightsSold, i64::MAX, now).await? {
            store::return_vouchers(&mut tx, &order.order_id, now).await?;
        }
        self.outbox.add(&mut tx, &cancelled_event(order, CancelReason::NightsSold, Money::NotTaken)?).await?;
        tx.commit().await?;
        self.outbox.wake();
        Ok(())
    }

    /// A cancelled order whose hold expired becomes new again for a payment
    /// under way.
    async fn revive(&self, order: &StoredOrder) -> Result<store::Revived, CartError> {
        let mut tx = self.basket.db().begin().await?;
        let revived = store::revive(&mut tx, order, self.basket.db().now_ms()).await?;
        if revived != store::Revived::Revived {
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
        let claimed = store::claim_payment(self.basket.db(), &payment.order_token, &payment.session_id, self.basket.db().now_ms()).await?;
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
            store::release_claim(self.basket.db(), &payment.order_token, &payment.session_id).await?;
        }
        Ok(())
    }

    /// Records a settled payment and its order paid, with what follows,
    /// in one transaction; once, whatever the replays.
    async fn record_payment(&self, payment: &StoredPayment, provider_ref: &str, order: &StoredOrder) -> Result<(), CartError> {
        let mut tx = self.basket.db().begin().await?;
        let now = self.basket.db().now_ms();
        let recorded = store::record_paid(&mut tx, &payment.session_id, provider_ref, now).await?;
        match recorded {
            store::Recorded::OrderPaid => self.paid(&mut tx, order, payment.amount, now).await?,
            // A guest whose order was cancelled learns the money goes back,
            // in the transaction that makes it due back.
            store::Recorded::NotAwaited => {
                if let Some(now) = store::order_in(&mut tx, &order.order_id).await?
                    && now.state == OrderState::Cancelled
                {
                    let reason = now.cancel_reason.unwrap_or(CancelReason::HoldExpired);
                    let money = Money::Taken { refund: payment.amount, vouchers_kept: 0 };
                    self.outbox.add(&mut tx, &cancelled_event(&now, reason, money)?).await?;
                }
            }
            store::Recorded::Replay => {}
        }
        tx.commit().await?;
        match recorded {
            store::Recorded::OrderPaid => {
                tracing::info!(order = %order.order_id, provider = %payment.provider, "order paid");
                self.outbox.wake();
            }
            store::Recorded::NotAwaited => {
                tracing::error!(
                    order = %order.order_id,
                    session = %payment.session_id,
                    "a payment came for an order that no longer awaited it (cancelled or paid meanwhile): due back, listed for the staff"
                );
                self.outbox.wake();
            }
            store::Recorded::Replay => {}
        }
        Ok(())
    }

    /// What follows a payment of `amount`, in its transaction: the order's
    /// gift vouchers get their codes, once, and `cart.order.paid` and a
    /// `cart.voucher.issued` per code go out.
    async fn paid(&self, tx: &mut Tx, order: &StoredOrder, amount: i64, now: i64) -> Result<(), CartError> {
        let summary = order.summary()?;
        let t = &order.totals;
        let paid = OrderPaid {
            order_id: order.order_id.clone(),
            booking_code: order.booking_code.clone(),
            email: order.email.clone(),
            locale: order.locale.clone(),
            token: order.token.clone(),
            first_name: summary.address.customer.first_name.clone(),
            amount,
            left_to_pay: t.left_after(amount),
        };
        self.outbox.add(tx, &paid).await?;
        // Codes only for lines paid in full: the advance pays every line
        // but the stays in full, so this holds at once for orders placed
        // under that rule, and at the rest's payment for any other.
        if t.left_after(amount) <= summary.stays_due() {
            self.issue_vouchers(tx, order, &summary, now).await?;
        }
        Ok(())
    }

    /// The order's gift vouchers get their codes, once, each with its
    /// `cart.voucher.issued`.
    async fn issue_vouchers(&self, tx: &mut Tx, order: &StoredOrder, summary: &Summary, now: i64) -> Result<(), CartError> {
        if store::vouchers_issued(tx, &order.token).await? {
            return Ok(());
        }
        let expires_at = gift::expires_at(now);
        for line in summary.lines.iter().filter(|l| l.kind == ItemKind::Voucher.code()) {
            for unit in 1..=line.quantity {
                let mut code = None;
                for _ in 0..CODE_ATTEMPTS {
                    let drawn = gift::code();
                    let v =
                        NewGiftVoucher { code: &drawn, order_token: &order.token, line_id: line.id, unit, value: line.unit, expires_at };
                    if store::issue_voucher(tx, &v, now).await? {
                        code = Some(drawn);
                        break;
                    }
                }
                let code = code.ok_or_else(|| CartError::Db(sqlx::Error::Protocol("no free gift voucher code".into())))?;
                // Checkout completes only with every voucher configured.
                let d = line.dedication.as_ref();
                let text = |f: fn(&Dedication) -> &str| d.map(|d| f(d).to_owned()).unwrap_or_default();
                let issued = VoucherIssued {
                    code,
                    value: line.unit,
                    expires_at_ms: expires_at,
                    booking_code: order.booking_code.clone(),
                    locale: order.locale.clone(),
                    buyer_email: order.email.clone(),
                    recipient: text(|d| &d.recipient),
                    sender: text(|d| &d.sender),
                    message: text(|d| &d.message),
                    design: text(|d| d.design.as_deref().unwrap_or_default()),
                    delivery: text(|d| d.delivery.map_or("", Delivery::code)),
                    email: text(|d| d.email.as_deref().unwrap_or_default()),
                    product_name: line.name.clone(),
                };
                self.outbox.add(tx, &issued).await?;
            }
        }
        Ok(())
    }

    pub async fn start(&self, token: &str, locale: &str) -> Result<View, CartError> {
        self.basket.view(token, locale).await
    }

    pub async fn address(
        &self,
        token: &str,
        locale: &str,
        address: Address,
        regulations_accepted: bool,
        customer_id: Option<String>,
    ) -> Result<View, CartError> {
        let before = self.basket.view(token, locale).await?;
        // The order of the steps first, then the details.
        allow(before.cart.checkout_state, Step::Address)?;
        let address = address.check(regulations_accepted).map_err(|fields| CartError::InvalidFields { code: "invalid_address", fields })?;
        let nothing = nothing_to_pay(&before);
        let cart = self
            .basket
            .step(token, &before, |cart| {
                allow(cart.checkout_state, Step::Address)?;
                cart.checkout.address = Some(address.clone());
                if customer_id.is_some() {
                    cart.customer_id = customer_id.clone();
                }
                cart.checkout_state = checkout::after_address(cart.needs(nothing));
                cart.checkout.name_order();
                Ok(())
            })
            .await?;
        self.basket.after_step(before, cart, locale).await
    }

    pub fn designs(locale: &str) -> Vec<(&'static str, &'static str)> {
        VOUCHER_DESIGNS.iter().map(|(code, names)| (*code, names[locale_index(locale)])).collect()
    }

    /// Configures the `index`-th gift voucher line (0 = the first added).
    pub async fn configure_voucher(&self, token: &str, locale: &str, index: usize, config: VoucherConfig) -> Result<View, CartError> {
        let mut locked = self.basket.lock(token).await?;
        allow(locked.cart.checkout_state, Step::Voucher)?;
        let line = locked.cart.vouchers().nth(index).cloned().ok_or(CartError::ItemNotFound(index as i64))?;
        let dedication = config.check().map_err(|fields| CartError::InvalidFields { code: "invalid_voucher_configuration", fields })?;
        // The line change moves the state on: vouchered once every voucher
        // is configured (and a posted one has its shipping method).
        locked.update(line.id, line.quantity, &Details { voucher: Some(dedication), ..line.details }).await?;
        let cart = locked.commit().await?;
        self.basket.show(cart, locale).await
    }

    pub async fn shipping_methods(&self, token: &str, locale: &str) -> Result<Offer, CartError> {
        let view = self.basket.view(token, locale).await?;
        let methods = if view.cart.shipping_required() {
            SHIPPING_METHODS.iter().map(|(code, price, names)| Offered { code, name: names[locale_index(locale)], price: *price }).collect()
        } else {
            vec![]
        };
        Ok(Offer { methods, chosen: view.cart.checkout.shipping_method.clone(), deposit_amount: 0, deposit: false })
    }

    pub async fn choose_shipping(&self, token: &str, locale: &str, method: &str) -> Result<View, CartError> {
        let price =
            SHIPPING_METHODS.iter().find(|(code, ..)| *code == method).map(|(_, price, _)| *price).ok_or(CartError::UnknownMethod)?;
        let before = self.basket.view(token, locale).await?;
        let mut locked = self.basket.lock(token).await?;
        let state = locked.cart.checkout_state;
        allow(state, Step::Shipping)?;
        if !locked.cart.shipping_required() {
            return Err(CartError::StepNotAllowed { step: Step::Shipping.code(), state: state.code() });
        }
        locked.cart.checkout.shipping_method = Some(method.to_owned());
        // A payment chosen before was for another total: it is chosen again.
        let nothing = nothing_to_pay(&before) && price == 0;
        locked.cart.checkout_state = checkout::after_address(locked.cart.needs(nothing));
        let cart = locked.commit().await?;
        self.basket.after_step(before, cart, locale).await
    }

    pub async fn payment_methods(&self, token: &str, locale: &str) -> Result<Offer, CartError> {
        let view = self.basket.view(token, locale).await?;
        let methods =
            self.offered().into_iter().map(|m| Offered { code: m.code(), name: m.names()[locale_index(locale)], price: 0 }).collect();
        let choice = view.cart.checkout.payment;
        Ok(Offer {
            methods,
            chosen: choice.map(|c| c.method.code().to_owned()),
            deposit_amount: deposit_offered(&view),
            deposit: choice.is_some_and(|c| c.deposit),
        })
    }

    /// The payment method and whether the advance is paid now. With
    /// `expected_due_now` (what the guest was shown), another amount due
    /// now is `price_changed` and nothing is chosen: the guest sees the new
    /// amounts before confirming.
    pub async fn choose_payment(
        &self,
        token: &str,
        locale: &str,
        method: &str,
        deposit: bool,
        expected_due_now: Option<i64>,
    ) -> Result<View, CartError> {
        let method = PaymentMethod::parse(method).filter(|m| self.offered().contains(m)).ok_or(CartError::UnknownMethod)?;
        let before = self.basket.view(token, locale).await?;
        if deposit && deposit_offered(&before) == 0 {
            return Err(CartError::InvalidFields { code: "invalid_method", fields: vec!["deposit"] });
        }
        let nothing = nothing_to_pay(&before);
        let cart = self
            .basket
            .step(token, &before, |cart| {
                allow(cart.checkout_state, Step::Payment)?;
                cart.checkout.payment = Some(PaymentChoice { method, deposit, quote: None });
                // What this step's answer shows is what completion charges.
                let t = Basket::totals_after_step(cart, &before);
                // A line no longer available is what completion reports.
                if let Some(was) = expected_due_now
                    && was != t.due_now()
                    && before.all_available()
                {
                    return Err(CartError::PriceChanged { was, now: t.due_now() });
                }
                cart.checkout.payment =
                    Some(PaymentChoice { method, deposit, quote: Some(Quote { total: t.total, due_now: t.due_now() }) });
                cart.checkout_state = checkout::after_payment(cart.needs(nothing));
                cart.checkout.name_order();
                Ok(())
            })
            .await?;
        self.basket.after_step(before, cart, locale).await
    }

    /// The rooms service let an order's hold expire: an order still
    /// awaiting its payment is cancelled (its nights are on sale again),
    /// once per event, with `cart.order.cancelled`. A paid order, or a
    /// hold whose completion never placed an order, stays as it is.
    pub async fn cancel_unpaid(&self, event: Received<HoldExpired>) -> anyhow::Result<()> {
        let Some(mut tx) = begin_once(self.basket.db(), EXPIRY_CONSUMER, &event.id).await? else { return Ok(()) };
        let now = self.basket.db().now_ms();
        let order_id = &event.message.order_id;
        // A payment under way (claimed within the keep) kept, or took
        // again, the nights meanwhile; its order lives on, and its next
        // expiry cancels it if no money came.
        let claimed_before = now - i64::from(KEEP_WHILE_PAYING_SECONDS) * 1000;
        let cancelled = store::cancel_unpaid(&mut tx, order_id, CancelReason::HoldExpired, claimed_before, now).await?;
        let order = store::order_in(&mut tx, order_id).await?;
        if cancelled {
            store::return_vouchers(&mut tx, order_id, now).await?;
            if let Some(order) = &order {
                self.outbox.add(&mut tx, &cancelled_event(order, CancelReason::HoldExpired, Money::None)?).await?;
            }
        }
        tx.commit().await?;
        if cancelled {
            tracing::info!(order = %order_id, "unpaid order cancelled: its hold expired");
            self.outbox.wake();
        } else if order.is_some_and(|o| awaits_payment(&o)) {
            tracing::info!(order = %order_id, "hold expired while a payment was under way: the order waits for it");
        }
        Ok(())
    }

    /// The rooms service could not book a paid order's nights (its hold had
    /// expired and a night was sold meanwhile): the order is cancelled, what
    /// it paid is due back (on the staff's list) but for the gift vouchers
    /// it issued, which stay valid, the vouchers it spent are given back,
    /// and the guest told; once per event.
    pub async fn lost_nights(&self, event: Received<HoldLost>) -> anyhow::Result<()> {
        let Some(mut tx) = begin_once(self.basket.db(), LOST_CONSUMER, &event.id).await? else { return Ok(()) };
        let now = self.basket.db().now_ms();
        let Some(order) = store::order_in(&mut tx, &event.message.order_id).await? else {
            tx.commit().await?;
            return Ok(());
        };
        if let Some(refund) = store::cancel_lost(&mut tx, &order, now).await? {
            store::return_vouchers(&mut tx, &order.order_id, now).await?;
            let kept = store::vouchers_value(&mut tx, &order.token).await?;
            self.outbox
                .add(&mut tx, &cancelled_event(&order, CancelReason::NightsSold, Money::Taken { refund, vouchers_kept: kept })?)
                .await?;
            tracing::error!(order = %order.order_id, refund, "a paid order lost its nights: cancelled, its money due back");
        }
        tx.commit().await?;
        self.outbox.wake();
        Ok(())
    }

    /// A verified customer's e-mail: the guest orders placed with it
    /// become theirs, once per event.
    pub async fn link_guest_orders(&self, event: Received<CustomerVerified>) -> anyhow::Result<()> {
        let Some(mut tx) = begin_once(self.basket.db(), LINK_CONSUMER, &event.id).await? else { return Ok(()) };
        let linked = store::link_orders(&mut tx, &event.message.customer_id, &event.message.email).await?;
        tx.commit().await?;
        if linked > 0 {
            tracing::info!(orders = linked, "a guest's orders joined the account that verified their e-mail");
        }
        Ok(())
    }

    /// A customer's orders, newest first.
    pub async fn customer_orders(&self, customer_id: &str) -> Result<Vec<StoredOrder>, CartError> {
        if customer_id.is_empty() {
            return Ok(vec![]);
        }
        store::customer_orders(self.basket.db(), customer_id, MAX_LISTED_ORDERS).await
    }

    pub async fn order(&self, token: &str) -> Result<StoredOrder, CartError> {
        store::order(self.basket.db(), token).await?.ok_or(CartError::OrderNotFound)
    }

    /// The staff look an order up by its booking code.
    pub async fn order_by_booking_code(&self, booking_code: &str) -> Result<StoredOrder, CartError> {
        let code = booking_code.trim().to_uppercase();
        store::order_by_booking_code(self.basket.db(), &code).await?.ok_or(CartError::OrderNotFound)
    }

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
        let db = self.basket.db();
        // A second pass sees what changed under the first: a concurrent
        // recording of the same transfer, or the order paid or cancelled.
        for _ in 0..2 {
            let order = self.order_by_booking_code(booking_code).await?;
            if let Some(recorded) = store::payment_by_ref(db, PaymentMethod::BankTransfer.code(), reference).await? {
                if recorded.order_token != order.token {
                    return Err(CartError::TransferReferenceUsed);
                }
                // Read again: `order` may be from before that payment's
                // transaction (which also marked it paid) committed.
                return self.order(&order.token).await;
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
            let now = self.basket.db().now_ms();
            if !store::record_transfer(&mut tx, &order, reference, now).await? {
                tx.rollback().await?;
                continue;
            }
            self.paid(&mut tx, &order, amount, now).await?;
            tx.commit().await?;
            tracing::info!(order = %order.order_id, staff = %staff_id, "bank transfer recorded: order paid");
            self.outbox.wake();
            return self.order(&order.token).await;
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
        let db = self.basket.db();
        // A second pass sees what changed under the first (a concurrent recording).
        for _ in 0..2 {
            let order = self.order_by_booking_code(booking_code).await?;
            if let Some(receipt) = store::rest_receipt(db, &order).await? {
                return if receipt == reference { self.order(&order.token).await } else { Err(CartError::OrderPaid) };
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
            let now = self.basket.db().now_ms();
            if !store::record_rest(&mut tx, &order, amount, reference, now).await? {
                tx.rollback().await?;
                continue;
            }
            // Paid in full now: vouchers an older advance left unpaid get their codes.
            self.issue_vouchers(&mut tx, &order, &order.summary()?, now).await?;
            tx.commit().await?;
            self.outbox.wake();
            tracing::info!(order = %order.order_id, staff = %staff_id, "rest of the advance-paid order recorded: paid in full");
            return self.order(&order.token).await;
        }
        Err(CartError::OrderPaid)
    }

    /// The payments to give back, oldest first.
    pub async fn refunds_due(&self) -> Result<Vec<store::Refund>, CartError> {
        store::refunds_due(self.basket.db(), REFUNDS_LISTED).await
    }

    /// The staff gave payment `payment_id` back at its provider, with the
    /// refund's `reference`; the same reference again answers it as it is.
    pub async fn mark_refunded(&self, payment_id: &str, reference: &str, staff_id: &str) -> Result<store::Refund, CartError> {
        let reference = statement_reference(reference).ok_or(CartError::InvalidRefund)?;
        let db = self.basket.db();
        let marked = store::mark_refunded(db, payment_id, reference, self.basket.db().now_ms()).await?;
        let refund = store::refund(db, payment_id).await?.ok_or(CartError::PaymentNotFound)?;
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

    /// Gives back the nights held for `order_id`, which will not become an
    /// order, and forgets the id: the next completion holds under a new one.
    /// Decided under the cart's lock, where orders are placed: an id that
    /// names a placed order (another tab's completion) keeps its nights,
    /// and once the cart forgets the id no completion places it.
    async fn release(&self, token: &str, order_id: &str) -> Result<(), CartError> {
        let mut locked = self.basket.lock_any(token).await?;
        if store::order_in(locked.tx(), order_id).await?.is_some() {
            return Ok(());
        }
        if locked.cart.checkout.order_id.as_deref() == Some(order_id) {
            locked.cart.checkout.order_id = None;
            locked.commit().await?;
        } else {
            drop(locked);
        }
        self.basket.peers().release(order_id).await
    }

    /// Places the order; a retry answers the order placed first. `client`
    /// is who asked (the address the gateway saw), for the caps on unpaid
    /// orders.
    pub async fn complete(&self, token: &str, locale: &str, idempotency_key: Option<&str>, client: &str) -> Result<StoredOrder, CartError> {
        let db = self.basket.db();
        if let Some(key) = idempotency_key
            && let Some(order) = store::order_by_key(db, key).await?
        {
            return if order.token == token { Ok(order) } else { Err(CartError::IdempotencyKeyReused) };
        }
        // 1. The order's id, the same for every retry: named by the address
        // or payment step, or here under the cart's lock (a moment, no peer
        // asked meanwhile) when a failed completion gave it up.
        let cart = match self.basket.load(token).await {
            Ok(cart) => cart,
            // An order outlives its cart.
            Err(CartError::NotFound) => return store::order(db, token).await?.ok_or(CartError::NotFound),
            Err(e) => return Err(e),
        };
        if cart.checkout_state == State::Completed {
            return self.order(token).await;
        }
        allow(cart.checkout_state, Step::Complete)?;
        if cart.lines.is_empty() {
            return Err(CartError::EmptyCart);
        }
        let (mut order_id, cart) = match cart.checkout.order_id.clone() {
            Some(id) => (id, cart),
            None => match self.name_order(token).await? {
                Named::Id(id, cart) => (id, *cart),
                Named::Placed(order) => return Ok(*order),
            },
        };

        // The basket priced now: every line from the catalog and the rooms
        // service, every gift voucher's balance read again.
        let view = self.basket.show(cart, locale).await?;
        // A stay no longer bookable is the spec's "just booked", with its dates.
        if let Some(stay) = view.lines.iter().filter(|l| !l.priced.available).find_map(|l| l.line.details.stay) {
            return Err(CartError::RoomJustBooked { from: stay.check_in.to_string(), to: stay.check_out.to_string() });
        }
        if !view.all_available() {
            return Err(CartError::ItemsUnavailable);
        }
        // A code on a line that pays nothing now (spent in another order or
        // expired since the guest saw the total) is refused, not dropped:
        // the order would cost more than the payment step showed.
        let now = self.basket.db().now_ms();
        for r in view.lines.iter().filter_map(|l| l.redemption.as_ref()).filter(|r| r.amount == 0) {
            r.voucher.usable(now)?;
        }
        // Nothing is placed at a price the guest did not see: a stored
        // "nothing to pay" or a payment step's amount is checked against
        // what is due now, and the guest chooses how to pay again.
        let priced = Quote { total: view.totals.total, due_now: view.totals.due_now() };
        let quote = view.cart.checkout.payment.and_then(|p| p.quote);
        if let Err(was) = checkout::check_quote(view.cart.checkout_state, quote, priced) {
            self.back_to_payment(token, priced.due_now == 0).await?;
            return Err(CartError::PriceChanged { was, now: priced.due_now });
        }
        let address = view.cart.checkout.address.clone().unwrap_or_default();
        let room_nights = room_nights(&view);
        let unpaid = Unpaid { email: &address.customer.email, client: &client_key(client), nights: room_nights };
        if priced.due_now > 0 {
            // Read without a lock first, so no night is held for an order
            // that would be refused; counted again under the lock below.
            let (by_email, by_client) = store::unpaid_nights(db, unpaid.email, unpaid.client).await?;
            self.check_unpaid(&unpaid, by_email, by_client)?;
        }

        // 2. The nights, held for the order. An id whose hold no longer fits
        // the basket (a completion cut off after its hold, the basket
        // changed since; or its hold expired) is given up for a new one.
        let payment = view.cart.checkout.payment;
        let hold_seconds = payment.map_or(checkout::BANK_TRANSFER_HOLD_DAYS * 24 * 3600, |p| p.method.hold_seconds());
        let stays = stays_of(&view);
        let queries: Vec<&StayQuery<'_>> = stays.iter().collect();
        let mut hold_expires_at = 0;
        // The cart as priced; any change committed since (another tab
        // choosing how to pay) sends the guest back to it.
        let mut priced_version = view.cart.version;
        if !queries.is_empty() {
            let mut renamed = false;
            hold_expires_at = loop {
                match self.basket.peers().reserve(&order_id, &queries, hold_seconds).await {
                    Ok(expires) => break expires,
                    Err(Refusal::SoldOut { room, night }) => return Err(just_booked(&view, &room, &night)),
                    Err(Refusal::Stale) if !renamed => {
                        tracing::warn!(order = %order_id, "a hold left by an earlier completion no longer fits the basket: given up");
                        self.release(token, &order_id).await?;
                        (order_id, priced_version) = match self.name_order(token).await? {
                            // Renamed as priced, or the guest confirms again.
                            Named::Id(id, cart) if cart.lines == view.cart.lines && cart.checkout == view.cart.checkout_with(&id) => {
                                (id, cart.version)
                            }
                            Named::Id(_, cart) => {
                                return Err(CartError::StepNotAllowed { step: Step::Complete.code(), state: cart.checkout_state.code() });
                            }
                            Named::Placed(order) => return Ok(*order),
                        };
                        renamed = true;
                    }
                    Err(Refusal::Stale) => {
                        return Err(CartError::StepNotAllowed { step: Step::Complete.code(), state: view.cart.checkout_state.code() });
                    }
                    Err(Refusal::Other(e)) => return Err(e),
                }
            };
        }

        // 3. The order and its event, together.
        let mut locked = self.basket.lock_any(token).await?;
        if locked.cart.checkout_state == State::Completed {
            drop(locked);
            return self.order(token).await;
        }
        if locked.cart.checkout.order_id.as_deref() != Some(order_id.as_str())
            || !locked.cart.checkout_state.allows(Step::Complete)
            || locked.cart.version != priced_version
        {
            // The basket changed while the nights were reserved.
            let state = locked.cart.checkout_state;
            drop(locked);
            self.release(token, &order_id).await?;
            return Err(CartError::StepNotAllowed { step: Step::Complete.code(), state: state.code() });
        }
        let t = view.totals;
        let paid = priced.due_now == 0;
        if !paid {
            let (by_email, by_client) = store::lock_unpaid_nights(locked.tx(), unpaid.email, unpaid.client, now).await?;
            if let Err(e) = self.check_unpaid(&unpaid, by_email, by_client) {
                drop(locked);
                self.release(token, &order_id).await?;
                return Err(e);
            }
        }
        let mut order = StoredOrder {
            token: token.to_owned(),
            order_id: order_id.clone(),
            booking_code: String::new(),
            customer_id: locked.cart.customer_id.clone(),
            email: address.customer.email.clone(),
            locale: view.cart.locale.clone(),
            state: if paid { OrderState::Paid } else { OrderState::New },
            payment_state: if paid { OrderPayment::Paid } else { OrderPayment::AwaitingPayment },
            payment_method: payment.filter(|_| !paid).map(|p| p.method.code().to_owned()).unwrap_or_default(),
            totals: OrderTotals {
                total: t.total,
                vouchers: t.vouchers,
                shipping: t.shipping,
                deposit: t.deposit,
                left_to_pay: t.left_to_pay,
                due_now: priced.due_now,
            },
            hold_expires_at,
            summary: summary(&view, &address)?,
            created_at: self.basket.db().now_ms(),
            cancel_reason: None,
        };
        let placement = store::Placement { idempotency_key, client: unpaid.client, room_nights };
        let mut placed = false;
        for _ in 0..CODE_ATTEMPTS {
            order.booking_code = checkout::booking_code();
            if locked.insert_order(&order, &placement).await? {
                placed = true;
                break;
            }
        }
        if !placed {
            return Err(CartError::Db(sqlx::Error::Protocol("no free booking code".into())));
        }
        // What the order takes from gift vouchers, each by a guarded update
        // in this transaction: two baskets on one code never take more than
        // its balance; spent elsewhere since the basket was priced, and the
        // order is not placed.
        for r in view.lines.iter().filter_map(|l| l.redemption.as_ref()).filter(|r| r.amount > 0) {
            if !store::spend_voucher(locked.tx(), token, &r.code, r.amount, order.created_at).await? {
                drop(locked);
                self.release(token, &order_id).await?;
                return Err(CartError::VoucherSpent);
            }
        }
        let event = OrderPlaced {
            order_id: order.order_id.clone(),
            booking_code: order.booking_code.clone(),
            email: order.email.clone(),
            locale: order.locale.clone(),
            token: order.token.clone(),
            first_name: address.customer.first_name.clone(),
            total: order.totals.total,
            due_now: order.totals.due_now,
            payment_method: order.payment_method.clone(),
            hold_expires_at_ms: order.hold_expires_at,
            customer_id: order.customer_id.clone().unwrap_or_default(),
            lines: view.lines.iter().flat_map(|l| std::iter::once(l).chain(&l.children)).map(order_line).collect(),
            left_to_pay: order.totals.left_to_pay,
        };
        self.outbox.add(locked.tx(), &event).await?;
        if paid {
            self.paid(locked.tx(), &order, 0, order.created_at).await?;
        }
        locked.cart.checkout_state = State::Completed;
        locked.commit().await?;
        self.outbox.wake();
        Ok(order)
    }

    /// Names the cart's order under its lock (a moment, no peer asked
    /// meanwhile), unless it became an order.
    async fn name_order(&self, token: &str) -> Result<Named, CartError> {
        let mut locked = self.basket.lock_any(token).await?;
        if locked.cart.checkout_state == State::Completed {
            drop(locked);
            return Ok(Named::Placed(Box::new(self.order(token).await?)));
        }
        allow(locked.cart.checkout_state, Step::Complete)?;
        if locked.cart.lines.is_empty() {
            return Err(CartError::EmptyCart);
        }
        locked.cart.checkout.name_order();
        let id = locked.cart.checkout.order_id.clone().unwrap_or_default();
        Ok(Named::Id(id, Box::new(locked.commit().await?)))
    }

    /// The price changed since the payment step: the guest chooses how to
    /// pay again (or, with nothing left to pay, completes as it is).
    async fn back_to_payment(&self, token: &str, nothing_to_pay: bool) -> Result<(), CartError> {
        let mut locked = self.basket.lock(token).await?;
        if locked.cart.checkout_state.allows(Step::Complete) {
            locked.cart.checkout_state = checkout::after_address(locked.cart.needs(nothing_to_pay));
            locked.commit().await?;
        }
        Ok(())
    }

    fn check_unpaid(&self, unpaid: &Unpaid<'_>, by_email: i64, by_client: i64) -> Result<(), CartError> {
        let by_client = if unpaid.client.is_empty() { 0 } else { by_client };
        match self.basket.limits().unpaid_cap_passed(unpaid.nights, by_email, by_client) {
            None => Ok(()),
            Some(cap) => {
                tracing::warn!(nights = unpaid.nights, by_email, by_client, cap = ?cap, "order refused: unpaid room-nights over the cap");
                Err(match cap {
                    UnpaidCap::Email(max) => CartError::UnpaidNightsPerEmail { max },
                    UnpaidCap::Client(max) => CartError::UnpaidNightsPerClient { max },
                })
            }
        }
    }
}

/// A cart's order named, or the order it became meanwhile.
enum Named {
    Id(String, Box<crate::store::StoredCart>),
    Placed(Box<StoredOrder>),
}

/// Who places an unpaid order, and the room-nights it would hold.
struct Unpaid<'a> {
    email: &'a str,
    client: &'a str,
    nights: i64,
}

/// The room-nights of the basket's stays.
fn room_nights(view: &View) -> i64 {
    view.lines
        .iter()
        .filter(|l| l.line.kind == ItemKind::Reservation)
        .filter_map(|l| l.line.details.stay)
        .map(|s| i64::from(s.nights()))
        .sum()
}

/// How orders remember the client that placed them: a digest of its
/// address, never the address itself ("" when the caller named none).
fn client_key(client: &str) -> String {
    use sha2::Digest;
    let client = client.trim();
    if client.is_empty() {
        return String::new();
    }
    sha2::Sha256::digest(client.as_bytes())[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// `cart.order.cancelled` for `order`, with the guest's details for the
/// e-mail and the money that goes back.
fn cancelled_event(order: &StoredOrder, reason: CancelReason, money: Money) -> Result<OrderCancelled, CartError> {
    let summary = order.summary()?;
    let (refund, vouchers_kept) = match money {
        Money::Taken { refund, vouchers_kept } => (refund, vouchers_kept),
        Money::None | Money::NotTaken => (0, 0),
    };
    Ok(OrderCancelled {
        order_id: order.order_id.clone(),
        booking_code: order.booking_code.clone(),
        email: order.email.clone(),
        locale: order.locale.clone(),
        token: order.token.clone(),
        first_name: summary.address.customer.first_name,
        reason: match reason {
            CancelReason::HoldExpired => WireCancelReason::HoldExpired,
            CancelReason::NightsSold => WireCancelReason::NightsSold,
        } as i32,
        refund,
        payment_method: order.payment_method.clone(),
        money_not_taken: money == Money::NotTaken,
        vouchers_kept,
    })
}

/// What became of a cancelled order's money, for the guest's e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Money {
    /// None came.
    None,
    /// A late payment was not taken: the provider returns it.
    NotTaken,
    /// Money was taken: `refund` goes back, and the gift vouchers the order
    /// issued (worth `vouchers_kept`) stay valid.
    Taken { refund: i64, vouchers_kept: i64 },
}

/// An order cancelled because its hold expired, which a late payment may
/// bring back while its nights are free.
fn revivable(order: &StoredOrder) -> bool {
    order.cancel_reason == Some(CancelReason::HoldExpired)
}

fn not_awaited(order: &StoredOrder, payment: &StoredPayment) {
    tracing::warn!(order = %order.order_id, state = %order.state, payment_state = %order.payment_state, session = %payment.session_id,
        "a payment for an order that no longer awaits one is not taken: the provider returns it");
}

/// Whether the order still waits for its first payment: only then does a
/// provider's payment get taken.
fn awaits_payment(order: &StoredOrder) -> bool {
    order.state == OrderState::New && order.payment_state == OrderPayment::AwaitingPayment
}

/// How many payments to give back one listing shows.
const REFUNDS_LISTED: i64 = 200;

/// A reference the staff copied from a bank statement or a provider's
/// panel: 1 to 140 characters, no control characters, trimmed.
fn statement_reference(reference: &str) -> Option<&str> {
    let reference = reference.trim();
    let fits = !reference.is_empty() && reference.chars().count() <= 140 && !reference.chars().any(char::is_control);
    fits.then_some(reference)
}

/// A provider's refusal of a notification names its field; the rest pass on.
fn payment_error(e: PaymentError) -> CartError {
    match e {
        PaymentError::InvalidNotification(field) => CartError::InvalidNotification(field),
        other => other.into(),
    }
}

fn order_line(v: &ViewLine) -> OrderLine {
    let stay = v.line.details.stay;
    OrderLine {
        name: v.product.as_ref().map_or_else(|| v.line.code.clone(), |p| p.name.clone()),
        quantity: v.line.quantity,
        total: v.priced.total(),
        check_in: stay.map(|s| s.check_in.to_string()).unwrap_or_default(),
        check_out: stay.map(|s| s.check_out.to_string()).unwrap_or_default(),
    }
}

/// The stays of the cart's reservation lines, with the nights their
/// package pays for.
fn stays_of(view: &View) -> Vec<StayQuery<'_>> {
    view.lines
        .iter()
        .filter(|l| l.line.kind == ItemKind::Reservation)
        .filter_map(|l| {
            let stay = l.line.details.stay.as_ref()?;
            let package_nights = l.children.iter().filter_map(|c| c.product.as_ref()).map(|p| p.num_nights).max().unwrap_or(0);
            Some(StayQuery { room: &l.line.code, stay, package_nights })
        })
        .collect()
}

/// The spec's "just booked" error, with the dates of the stay that asked
/// for the sold-out night.
fn just_booked(view: &View, room: &str, night: &str) -> CartError {
    let stays: Vec<(&str, &Stay)> =
        view.lines.iter().filter_map(|l| l.line.details.stay.as_ref().map(|s| (l.line.code.as_str(), s))).collect();
    let covers =
        |(code, s): &&(&str, &Stay)| *code == room && s.check_in.to_string().as_str() <= night && night < s.check_out.to_string().as_str();
    let stay = stays.iter().find(covers).or(stays.first()).map(|(_, s)| *s);
    match stay {
        Some(s) => CartError::RoomJustBooked { from: s.check_in.to_string(), to: s.check_out.to_string() },
        None => CartError::ItemsUnavailable,
    }
}

/// What the order keeps of the cart: each line as priced, and the guest.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub address: Address,
    pub lines: Vec<SummaryLine>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryLine {
    pub id: i64,
    pub kind: String,
    pub code: String,
    pub name: String,
    pub product_type: String,
    pub quantity: u32,
    pub unit: i64,
    pub total: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stay: Option<Stay>,
    #[serde(default)]
    pub treatments: Vec<(String, String, u32)>,
    #[serde(default)]
    pub children: Vec<SummaryLine>,
    /// A gift voucher's dedication and delivery.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dedication: Option<Dedication>,
    /// The gift voucher code that paid for the line, and how much.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redeemed: Option<(String, i64)>,
}

impl Summary {
    /// What the stays (reservations with what is attached) cost beyond the
    /// gift vouchers that paid for them: what an advance payment may leave.
    pub fn stays_due(&self) -> i64 {
        self.lines
            .iter()
            .filter(|l| l.kind == ItemKind::Reservation.code())
            .map(|l| l.total + l.children.iter().map(|c| c.total).sum::<i64>() - l.redeemed.as_ref().map_or(0, |(_, paid)| *paid))
            .sum()
    }
}

impl SummaryLine {
    fn of(v: &ViewLine) -> Self {
        Self {
            id: v.line.id,
            kind: v.line.kind.code().to_owned(),
            code: v.line.code.clone(),
            name: v.product.as_ref().map(|p| p.name.clone()).unwrap_or_default(),
            product_type: v.product.as_ref().map(|p| p.r#type.clone()).unwrap_or_default(),
            quantity: v.line.quantity,
            unit: v.current,
            total: v.priced.total(),
            stay: v.line.details.stay,
            treatments: v.treatments.iter().map(|(t, name)| (t.code.clone(), name.clone(), t.quantity)).collect(),
            children: v.children.iter().map(Self::of).collect(),
            dedication: v.line.details.voucher.clone(),
            redeemed: v.redemption.as_ref().map(|r| (r.code.clone(), r.amount)),
        }
    }

    /// The line's product as far as the order kept it.
    pub fn product(&self) -> Product {
        Product { code: self.code.clone(), name: self.name.clone(), r#type: self.product_type.clone(), ..Default::default() }
    }
}

impl StoredOrder {
    /// What the order kept of its cart.
    pub fn summary(&self) -> Result<Summary, CartError> {
        serde_json::from_str(&self.summary).map_err(|e| CartError::Db(sqlx::Error::Decode(e.into())))
    }
}

fn summary(view: &View, address: &Address) -> Result<String, CartError> {
    let s = Summary { address: address.clone(), lines: view.lines.iter().map(SummaryLine::of).collect() };
    serde_json::to_string(&s).map_err(|e| CartError::Db(sqlx::Error::Encode(e.into())))
}
