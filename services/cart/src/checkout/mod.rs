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
//! A failure after 2 leaves a hold that expires on its own; a retry
//! reserves for the same id, so it takes nothing more.

pub mod store;

use std::sync::Arc;

use spa_platform::outbox::Outbox;
use spa_proto::common::{BankTransfer, CancellationTerms, Invoice};
use spa_proto::events::OrderPlaced;

use crate::basket::{Basket, View, ViewLine};
use crate::domain::checkout::{
    self, Address, OrderPayment, OrderState, PaymentChoice, PaymentMethod, Quote, ShippingMethod, State, Step, VOUCHER_DESIGNS,
    VoucherConfig, locale_index,
};
use crate::domain::desk_money::CancellationPolicy;
use crate::domain::front_desk::DeskFacts;
use crate::domain::item::{ItemKind, Stay};
use crate::domain::limits::{UnpaidCap, UnpaidNights};
use crate::domain::settings::{BankAccount, CheckoutRules};
use crate::error::CartError;
use crate::events;
use crate::orders::{OrderTotals, Orders, StoredOrder, Summary, SummaryLine};
use crate::peers::{Refusal, StayQuery};
use crate::settings::Settings;
use crate::store::Details;
use spa_proto::Code;

/// How often a new booking code is drawn when one is taken.
const CODE_ATTEMPTS: usize = 5;

pub struct Checkout {
    basket: Arc<Basket>,
    orders: Arc<Orders>,
    outbox: Outbox,
    /// The methods on offer, the advance payment and the holds (the back office's).
    settings: Arc<Settings>,
}

/// A method on offer: code, name in the asked locale, price.
/// A method of either list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MethodCode {
    Shipping(ShippingMethod),
    Payment(PaymentMethod),
}

pub struct Offered {
    pub method: MethodCode,
    pub name: &'static str,
    pub price: i64,
}

pub struct Offer {
    pub methods: Vec<Offered>,
    pub chosen: Option<MethodCode>,
    /// Payments: the advance payment on offer (0 = none) and whether chosen.
    pub deposit_amount: i64,
    pub deposit: bool,
    /// Payments: the terms an order placed now is placed under; none without a stay.
    pub cancellation: Option<CancellationTerms>,
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

/// The advance payment is offered for a stay, when the guesthouse takes
/// one and it leaves something to pay later: what it takes now (a share of
/// the stays, the rest in full).
fn deposit_offered(rules: &CheckoutRules, view: &View) -> i64 {
    let due = view.totals.total - view.totals.vouchers;
    let advance = rules.advance(due, crate::basket::stays_due(&view.lines));
    if rules.deposit_percent > 0 && advance < due { advance } else { 0 }
}

impl Checkout {
    pub fn new(basket: Arc<Basket>, orders: Arc<Orders>, outbox: Outbox, settings: Arc<Settings>) -> Self {
        Self { basket, orders, outbox, settings }
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
        owner: Owner,
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
                match &owner {
                    Owner::Guest => cart.customer_id = None,
                    Owner::Account(Some(id)) => cart.customer_id = Some(id.clone()),
                    Owner::Account(None) => {}
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
            ShippingMethod::ALL
                .iter()
                .map(|m| Offered { method: MethodCode::Shipping(*m), name: m.names()[locale_index(locale)], price: m.price() })
                .collect()
        } else {
            vec![]
        };
        let chosen = view.cart.checkout.shipping_method.as_deref().and_then(ShippingMethod::parse).map(MethodCode::Shipping);
        Ok(Offer { methods, chosen, deposit_amount: 0, deposit: false, cancellation: None })
    }

    pub async fn choose_shipping(&self, token: &str, locale: &str, method: Option<ShippingMethod>) -> Result<View, CartError> {
        let method = method.ok_or(CartError::UnknownMethod)?;
        let price = method.price();
        let before = self.basket.view(token, locale).await?;
        let mut locked = self.basket.lock(token).await?;
        let state = locked.cart.checkout_state;
        allow(state, Step::Shipping)?;
        if !locked.cart.shipping_required() {
            return Err(CartError::StepNotAllowed { step: Step::Shipping.code(), state: state.code() });
        }
        locked.cart.checkout.shipping_method = Some(method.code().to_owned());
        // A payment chosen before was for another total: it is chosen again.
        let nothing = nothing_to_pay(&before) && price == 0;
        locked.cart.checkout_state = checkout::after_address(locked.cart.needs(nothing));
        let cart = locked.commit().await?;
        self.basket.after_step(before, cart, locale).await
    }

    /// The payment methods on offer; the front desk, booking for a guest,
    /// may also leave the payment to the guest's arrival.
    pub async fn payment_methods(&self, token: &str, locale: &str, front_desk: bool) -> Result<Offer, CartError> {
        let view = self.basket.view(token, locale).await?;
        let rules = view.rules;
        let methods = self
            .settings
            .offered()
            .await?
            .iter()
            .chain(front_desk.then_some(&PaymentMethod::Guesthouse))
            .map(|m| Offered { method: MethodCode::Payment(*m), name: m.names()[locale_index(locale)], price: 0 })
            .collect();
        let choice = view.cart.checkout.payment;
        fn arrivals(lines: &[ViewLine]) -> Vec<chrono::NaiveDate> {
            lines.iter().flat_map(|l| l.line.details.stay.map(|s| s.check_in).into_iter().chain(arrivals(&l.children))).collect()
        }
        let today = self.basket.db().clock().today();
        Ok(Offer {
            methods,
            chosen: choice.map(|c| MethodCode::Payment(c.method)),
            deposit_amount: deposit_offered(&rules, &view),
            deposit: choice.is_some_and(|c| c.deposit),
            cancellation: cancellation_terms(rules.policy(), arrivals(&view.lines).into_iter().min(), today),
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
        method: Option<PaymentMethod>,
        deposit: bool,
        expected_due_now: Option<i64>,
        front_desk: bool,
    ) -> Result<View, CartError> {
        let methods = self.settings.offered().await?;
        let offered = |m: &PaymentMethod| methods.contains(m) || (front_desk && *m == PaymentMethod::Guesthouse);
        let method = method.filter(offered).ok_or(CartError::UnknownMethod)?;
        let before = self.basket.view(token, locale).await?;
        let rules = before.rules;
        // Paid on arrival, all of it: no advance to take now.
        if deposit && (deposit_offered(&rules, &before) == 0 || method == PaymentMethod::Guesthouse) {
            return Err(CartError::InvalidFields { code: "invalid_method", fields: vec!["deposit"] });
        }
        let nothing = nothing_to_pay(&before);
        let cart = self
            .basket
            .step(token, &before, |cart| {
                allow(cart.checkout_state, Step::Payment)?;
                cart.checkout.payment = Some(PaymentChoice { method, deposit, quote: None });
                // What this step's answer shows is what completion charges.
                let t = Basket::totals_after_step(&rules, cart, &before);
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

    /// Gives back the nights held for `order_id`, which will not become an
    /// order, and forgets the id: the next completion holds under a new one.
    /// Decided under the cart's lock, where orders are placed: an id that
    /// names a placed order (another tab's completion) keeps its nights,
    /// and once the cart forgets the id no completion places it.
    async fn release(&self, token: &str, order_id: &str) -> Result<(), CartError> {
        let mut locked = self.basket.lock_any(token).await?;
        if crate::store::order_in(locked.tx(), order_id).await?.is_some() {
            return Ok(());
        }
        if locked.cart.checkout.order_id.as_deref() == Some(order_id) {
            locked.cart.checkout.order_id = None;
            locked.commit().await?;
        } else {
            drop(locked);
        }
        self.basket.peers().release(order_id).await?;
        self.basket.peers().release_stock(order_id).await
    }

    /// Places the order; a retry answers the order placed first. `client`
    /// is who asked (the address the gateway saw), for the caps on unpaid
    /// orders.
    pub async fn complete(&self, token: &str, locale: &str, idempotency_key: Option<&str>, client: &str) -> Result<StoredOrder, CartError> {
        let db = self.basket.db();
        if let Some(key) = idempotency_key
            && let Some(order) = crate::store::order_by_key(db, key).await?
        {
            return if order.token == token { Ok(order) } else { Err(CartError::IdempotencyKeyReused) };
        }
        // 1. The order's id, the same for every retry: named by the address
        // or payment step, or here under the cart's lock (a moment, no peer
        // asked meanwhile) when a failed completion gave it up.
        let cart = match self.basket.load(token).await {
            Ok(cart) => cart,
            // An order outlives its cart.
            Err(CartError::NotFound) => return crate::store::order(db, token).await?.ok_or(CartError::NotFound),
            Err(e) => return Err(e),
        };
        if cart.checkout_state == State::Completed {
            return self.orders.order(token).await;
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
        let lines: Vec<SummaryLine> = view.lines.iter().map(SummaryLine::of).collect();
        // For the guest's e-mail, read before any lock: the account to pay to.
        let account = self.settings.current().await?.payments.value.bank_account.clone();
        let today = self.basket.db().clock().today();
        let room_nights = room_nights(&view);
        let unpaid = Unpaid { email: &address.customer.email, client: &client_key(client), nights: room_nights };
        // The caps keep strangers from holding nights unpaid; the front
        // desk, booking for a guest who pays on arrival, is not capped.
        let by_desk = view.cart.checkout.payment.is_some_and(|p| p.method == PaymentMethod::Guesthouse);
        if priced.due_now > 0 && !by_desk {
            // Read without a lock first, so no night is held for an order
            // that would be refused; counted again under the lock below.
            let held = crate::store::unpaid_nights(db, unpaid.email, unpaid.client).await?;
            self.check_unpaid(&unpaid, held)?;
        }

        // 2. The nights, held for the order. An id whose hold no longer fits
        // the basket (a completion cut off after its hold, the basket
        // changed since; or its hold expired) is given up for a new one.
        let payment = view.cart.checkout.payment;
        let departure = view.lines.iter().filter_map(|l| l.line.details.stay).map(|s| s.check_out).max();
        let rules = view.rules;
        let hold_seconds = payment.map_or(rules.bank_transfer_hold_days * 24 * 3600, |p| p.method.hold_seconds(&rules, now, departure));
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

        // 3. What it buys of products that count their stock, taken for the
        // order (all or none): the last unit is sold once.
        let goods = stock_lines(&view);
        if !goods.is_empty() {
            let taken = self.basket.peers().reserve_stock(&order_id, goods).await;
            if !matches!(taken, Ok(true)) {
                self.release(token, &order_id).await?;
                return Err(taken.err().unwrap_or(CartError::ItemsUnavailable));
            }
        }

        // 4. The order and its event, together.
        let mut locked = self.basket.lock_any(token).await?;
        if locked.cart.checkout_state == State::Completed {
            drop(locked);
            return self.orders.order(token).await;
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
        if !paid && !by_desk {
            let held = crate::store::lock_unpaid_nights(locked.tx(), unpaid.email, unpaid.client, now).await?;
            if let Err(e) = self.check_unpaid(&unpaid, held) {
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
            summary: summary(&lines, &address)?,
            created_at: self.basket.db().now_ms(),
            cancel_reason: None,
            received: 0,
            version: 0,
            cancellation_fee: 0,
            arrival: String::new(),
            terms: Some(crate::orders::OrderTerms::of(&rules)),
        };
        let mut placed = false;
        for _ in 0..CODE_ATTEMPTS {
            order.booking_code = checkout::booking_code();
            let desk = DeskFacts::of(&order.booking_code, &order.email, &address.customer, stays.iter().map(|q| q.stay));
            let placement = crate::store::Placement { idempotency_key, client: unpaid.client, room_nights, desk: &desk };
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
            if !crate::store::spend_voucher(locked.tx(), token, &r.code, r.amount, order.created_at).await? {
                drop(locked);
                self.release(token, &order_id).await?;
                return Err(CartError::VoucherSpent);
            }
        }
        let (bank_transfer, cancellation, invoice) = mail_terms(&order, &lines, &address, account, rules.policy(), today);
        let event = OrderPlaced {
            order_id: order.order_id.clone(),
            booking_code: order.booking_code.clone(),
            email: order.email.clone(),
            locale: order.locale.clone(),
            token: order.token.clone(),
            first_name: address.customer.first_name.clone(),
            last_name: address.customer.last_name.clone(),
            phone: address.customer.phone.clone(),
            notes: address.notes.clone(),
            total: order.totals.total,
            due_now: order.totals.due_now,
            payment_method: PaymentMethod::parse(&order.payment_method).map_or(0, PaymentMethod::wire),
            hold_expires_at_ms: order.hold_expires_at,
            customer_id: order.customer_id.clone().unwrap_or_default(),
            lines: events::order_lines(&lines),
            left_to_pay: order.totals.left_to_pay,
            bank_transfer,
            cancellation,
            invoice,
        };
        self.outbox.add(locked.tx(), &event).await?;
        if paid {
            self.orders.paid(locked.tx(), &order, 0, order.created_at).await?;
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
            return Ok(Named::Placed(Box::new(self.orders.order(token).await?)));
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

    fn check_unpaid(&self, unpaid: &Unpaid<'_>, held: UnpaidNights) -> Result<(), CartError> {
        match self.basket.limits().unpaid_cap_passed(unpaid.nights, held) {
            None => Ok(()),
            Some(cap) => {
                tracing::warn!(nights = unpaid.nights, ?held, cap = ?cap, "order refused: unpaid room-nights over the cap");
                Err(match cap {
                    UnpaidCap::Email(max) => CartError::UnpaidNightsPerEmail { max },
                    UnpaidCap::Client(max) => CartError::UnpaidNightsPerClient { max },
                })
            }
        }
    }
}

/// Whose account an order placed from the basket joins.
#[derive(Debug, Clone)]
pub enum Owner {
    /// The logged-in customer's (or, None, the basket's own as it was).
    Account(Option<String>),
    /// Nobody's: the front desk books for a guest.
    Guest,
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

impl SummaryLine {
    fn of(v: &ViewLine) -> Self {
        Self {
            id: v.line.id,
            kind: v.line.kind.code().to_owned(),
            code: v.line.code.clone(),
            name: v.product.as_ref().map(|p| p.name.clone()).unwrap_or_default(),
            product_type: v.product.as_ref().map(|p| p.r#type().code()).unwrap_or_default(),
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
}

/// What the order buys of products (the goods that may count their stock), by line.
fn stock_lines(view: &View) -> Vec<(String, i64)> {
    view.lines
        .iter()
        .flat_map(|l| std::iter::once(l).chain(&l.children))
        .filter(|l| l.product.as_ref().is_some_and(|p| p.r#type() == spa_proto::spa::common::v1::ProductType::Product))
        .map(|l| (l.line.code.clone(), i64::from(l.line.quantity)))
        .collect()
}

fn summary(lines: &[SummaryLine], address: &Address) -> Result<String, CartError> {
    let s = Summary { address: address.clone(), lines: lines.to_vec() };
    serde_json::to_string(&s).map_err(|e| CartError::Db(sqlx::Error::Encode(e.into())))
}

/// The cancellation terms of an order whose first stay begins on
/// `arrival`, placed `today`: shown before it is paid, and in its e-mail.
/// None without a stay.
fn cancellation_terms(
    policy: CancellationPolicy,
    arrival: Option<chrono::NaiveDate>,
    today: chrono::NaiveDate,
) -> Option<CancellationTerms> {
    policy.fee(0, arrival, today).free_until.map(|free_until| CancellationTerms {
        free_until: if today <= free_until { free_until.to_string() } else { String::new() },
        fee_percent: policy.fee_percent,
    })
}

/// What the guest's e-mail says of paying by transfer, cancelling and the
/// invoice, for an order placed `today`.
fn mail_terms(
    order: &StoredOrder,
    lines: &[SummaryLine],
    address: &Address,
    account: Option<BankAccount>,
    policy: CancellationPolicy,
    today: chrono::NaiveDate,
) -> (Option<BankTransfer>, Option<CancellationTerms>, Option<Invoice>) {
    let by_transfer = PaymentMethod::parse(&order.payment_method) == Some(PaymentMethod::BankTransfer);
    let transfer = account.filter(|_| by_transfer && order.totals.due_now > 0).map(|a| BankTransfer {
        holder: a.holder,
        iban: a.iban,
        bic: a.bic,
        bank: a.bank,
        title: order.booking_code.clone(),
        amount: order.totals.due_now,
    });
    fn arrivals(lines: &[SummaryLine]) -> Vec<chrono::NaiveDate> {
        lines.iter().flat_map(|l| l.stay.map(|s| s.check_in).into_iter().chain(arrivals(&l.children))).collect()
    }
    let cancellation = cancellation_terms(policy, arrivals(lines).into_iter().min(), today);
    let b = &address.billing;
    let invoice = b.invoice_required.then(|| Invoice {
        company: b.company.clone(),
        tax_id: b.vat_number.clone(),
        street: b.street.clone(),
        postcode: b.postcode.clone(),
        city: b.city.clone(),
        country_code: b.country_code.clone(),
    });
    (transfer, cancellation, invoice)
}
