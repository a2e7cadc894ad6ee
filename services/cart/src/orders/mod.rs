//! Placed orders: found by token or booking code, listed for a customer;
//! what follows a payment (`cart.order.paid`, the gift vouchers' codes);
//! cancelled when their hold expired unpaid or their nights were lost;
//! linked to the account that verified their guest's e-mail.

pub mod store;

use spa_platform::bus::Received;
use spa_platform::db::{Db, Tx};
use spa_platform::outbox::{Outbox, begin_once};
use spa_proto::Code;
use spa_proto::common::ProductType;
use spa_proto::events::{CustomerVerified, HoldExpired, HoldLost};
use spa_proto::spa::catalog::v1::Product;

use crate::domain::checkout::{Address, CancelReason, OrderPayment, OrderState};
use crate::domain::front_desk::{DeskFacts, OrderSearch};
use crate::domain::item::{Dedication, ItemKind, Stay};
use crate::error::CartError;
use crate::events::{self, EXPIRY_CONSUMER, LINK_CONSUMER, LOST_CONSUMER, Money};
pub use store::{DeskDay, OrderPage, OrderTerms, OrderTotals, StoredOrder};

/// The most orders a customer's list shows.
const MAX_LISTED_ORDERS: i64 = 100;

/// A day at the front desk: the orders arriving and departing.
#[derive(Debug)]
pub struct Arrivals {
    pub arriving: Vec<StoredOrder>,
    pub departing: Vec<StoredOrder>,
}

pub struct Orders {
    db: Db,
    outbox: Outbox,
}

impl Orders {
    pub fn new(db: Db, outbox: Outbox) -> Self {
        Self { db, outbox }
    }

    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    pub(crate) fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// A customer's orders, newest first.
    pub async fn customer_orders(&self, customer_id: &str) -> Result<Vec<StoredOrder>, CartError> {
        if customer_id.is_empty() {
            return Ok(vec![]);
        }
        crate::store::customer_orders(&self.db, customer_id, MAX_LISTED_ORDERS).await
    }

    pub async fn order(&self, token: &str) -> Result<StoredOrder, CartError> {
        crate::store::order(&self.db, token).await?.ok_or(CartError::OrderNotFound)
    }

    /// The staff look an order up by its booking code.
    pub async fn order_by_booking_code(&self, booking_code: &str) -> Result<StoredOrder, CartError> {
        let code = booking_code.trim().to_uppercase();
        crate::store::order_by_booking_code(&self.db, &code).await?.ok_or(CartError::OrderNotFound)
    }

    /// The front desk's search of the orders, newest first.
    pub async fn search(&self, search: &OrderSearch) -> Result<OrderPage, CartError> {
        crate::store::search_orders(&self.db, search).await
    }

    /// The orders arriving and departing on `day` (`YYYY-MM-DD`), cancelled
    /// ones left out.
    pub async fn arrivals(&self, day: &str) -> Result<Arrivals, CartError> {
        if spa_platform::dates::parse_ymd(day).is_none() {
            return Err(CartError::InvalidSearch { field: "date", reason: "a date YYYY-MM-DD" });
        }
        let arriving = crate::store::orders_on(&self.db, DeskDay::Arrival, day).await?;
        let departing = crate::store::orders_on(&self.db, DeskDay::Departure, day).await?;
        Ok(Arrivals { arriving, departing })
    }

    /// Fills in the front desk's facts of orders placed before they were
    /// kept, from their summaries; idempotent, run at start.
    pub async fn fill_desk_facts(&self) -> Result<u64, CartError> {
        let (mut filled, mut after) = (0, String::new());
        loop {
            // By token, so that an order that cannot be filled in is passed, not read again.
            let orders = crate::store::orders_without_desk_facts(&self.db, &after, 200).await?;
            let Some(last) = orders.last() else { return Ok(filled) };
            after = last.token.clone();
            for order in orders {
                match order.summary() {
                    Ok(summary) => {
                        let desk = summary.desk_facts(&order.booking_code, &order.email);
                        crate::store::set_desk_facts(self.db.pool(), &order.token, &desk).await?;
                        filled += 1;
                    }
                    // The front desk finds it by its booking code only; the shop goes on.
                    Err(e) => tracing::error!(booking_code = %order.booking_code, error = %e, "an order's summary does not read"),
                }
            }
        }
    }

    /// What follows a payment of `amount`, in its transaction: the order's
    /// gift vouchers get their codes, once, and `cart.order.paid` and a
    /// `cart.voucher.issued` per code go out.
    pub(crate) async fn paid(&self, tx: &mut Tx, order: &StoredOrder, amount: i64, now: i64) -> Result<(), CartError> {
        let summary = order.summary()?;
        let t = &order.totals;
        self.outbox.add(tx, &events::paid(order, &summary, amount)).await?;
        // Codes only for lines paid in full: the advance pays every line
        // but the stays in full, so this holds at once for orders placed
        // under that rule, and at the rest's payment for any other.
        if t.left_after(amount) <= summary.stays_due() {
            crate::gift_vouchers::issue(&self.outbox, tx, order, &summary, now).await?;
        }
        Ok(())
    }

    /// The rooms service let an order's hold expire: an order still
    /// awaiting its payment is cancelled (its nights are on sale again),
    /// once per event, with `cart.order.cancelled`. A paid order, or a
    /// hold whose completion never placed an order, stays as it is.
    pub async fn cancel_unpaid(&self, event: Received<HoldExpired>) -> anyhow::Result<()> {
        let Some(mut tx) = begin_once(&self.db, EXPIRY_CONSUMER, &event.id).await? else { return Ok(()) };
        let now = tx.now_ms();
        let order_id = &event.message.order_id;
        // A payment under way (claimed within the keep) kept, or took
        // again, the nights meanwhile; its order lives on, and its next
        // expiry cancels it if no money came.
        let claimed_before = now - i64::from(crate::payments::KEEP_WHILE_PAYING_SECONDS) * 1000;
        let cancelled = crate::store::cancel_unpaid(&mut tx, order_id, CancelReason::HoldExpired, claimed_before, now).await?;
        let order = crate::store::order_in(&mut tx, order_id).await?;
        if cancelled {
            crate::store::return_vouchers(&mut tx, order_id, now).await?;
            if let Some(order) = &order {
                self.outbox.add(&mut tx, &events::cancelled(order, CancelReason::HoldExpired, Money::None)?).await?;
            }
        }
        tx.commit().await?;
        if cancelled {
            tracing::info!(order = %order_id, "unpaid order cancelled: its hold expired");
            self.outbox.wake();
        } else if order.is_some_and(|o| o.awaits_payment()) {
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
        let Some(mut tx) = begin_once(&self.db, LOST_CONSUMER, &event.id).await? else { return Ok(()) };
        let now = tx.now_ms();
        let Some(order) = crate::store::order_in(&mut tx, &event.message.order_id).await? else {
            tx.commit().await?;
            return Ok(());
        };
        if let Some(refund) = crate::store::cancel_lost(&mut tx, &order, now).await? {
            crate::store::return_vouchers(&mut tx, &order.order_id, now).await?;
            let kept = crate::store::vouchers_value(&mut tx, &order.token).await?;
            self.outbox
                .add(&mut tx, &events::cancelled(&order, CancelReason::NightsSold, Money::Taken { refund, vouchers_kept: kept })?)
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
        let Some(mut tx) = begin_once(&self.db, LINK_CONSUMER, &event.id).await? else { return Ok(()) };
        let linked = crate::store::link_orders(&mut tx, &event.message.customer_id, &event.message.email).await?;
        tx.commit().await?;
        if linked > 0 {
            tracing::info!(orders = linked, "a guest's orders joined the account that verified their e-mail");
        }
        Ok(())
    }
}

impl StoredOrder {
    /// What the order kept of its cart.
    pub fn summary(&self) -> Result<Summary, CartError> {
        serde_json::from_str(&self.summary).map_err(|e| CartError::Db(sqlx::Error::Decode(e.into())))
    }

    /// Whether the order still waits for its first payment: only then does
    /// a provider's payment get taken.
    pub fn awaits_payment(&self) -> bool {
        self.state == OrderState::New && self.payment_state == OrderPayment::AwaitingPayment
    }

    /// Cancelled because its hold expired: a late payment may bring it
    /// back while its nights are free.
    pub fn revivable(&self) -> bool {
        self.cancel_reason == Some(CancelReason::HoldExpired)
    }

    /// What the guest pays at the guesthouse after the advance payment: the
    /// rest, while the advance is what the order takes first and the rest is
    /// not recorded paid.
    pub fn paid_later(&self) -> i64 {
        let t = &self.totals;
        let with_advance = t.deposit > 0 && t.due_now == t.deposit;
        if with_advance && self.payment_state != OrderPayment::Paid { t.left_to_pay } else { 0 }
    }
}

/// What the order keeps of the cart: each line as priced, and the guest.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub address: Address,
    pub lines: Vec<SummaryLine>,
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
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
    /// What the front desk finds and lists the order by.
    pub fn desk_facts(&self, booking_code: &str, email: &str) -> DeskFacts {
        let stays = self.lines.iter().filter(|l| l.kind == ItemKind::Reservation.code()).filter_map(|l| l.stay.as_ref());
        DeskFacts::of(booking_code, email, &self.address.customer, stays)
    }

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
    /// The line's product as far as the order kept it.
    pub fn product(&self) -> Product {
        let r#type = ProductType::from_code(&self.product_type).unwrap_or_default() as i32;
        Product { code: self.code.clone(), name: self.name.clone(), r#type, ..Default::default() }
    }
}
