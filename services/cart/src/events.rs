//! What the cart publishes and consumes, typed.
//!
//! Publishes (through the outbox, in the transaction of the change):
//! `cart.order.placed`, `cart.order.paid`, `cart.order.cancelled`,
//! `cart.order.changed` and `cart.voucher.issued`, each built here from what it describes.
//! Consumes: `rooms.hold.expired` ([`EXPIRY_CONSUMER`], an unpaid order
//! cancelled), `rooms.hold.lost` ([`LOST_CONSUMER`], a paid order whose
//! nights are gone), `users.customer.verified` ([`LINK_CONSUMER`], a
//! guest's orders linked); `catalog.product.changed` and
//! `rooms.availability.changed` drop cached answers (see `lib.rs`).

use std::sync::Arc;

use spa_platform::runtime::Infra;
use spa_proto::common::OrderLine;
use spa_proto::events::{OrderCancelled, OrderChanged, OrderPaid, VoucherIssued};

use crate::desk::ChangeQuote;
use crate::domain::checkout::{CancelReason, Delivery, PaymentMethod};
use crate::domain::item::Dedication;
use crate::error::CartError;
use crate::orders::{Orders, StoredOrder, Summary, SummaryLine};

/// The consumer of `users.customer.verified`.
pub const LINK_CONSUMER: &str = "cart-order-owner";
/// The consumer of `rooms.hold.expired`.
pub const EXPIRY_CONSUMER: &str = "cart-hold-expiry";
/// The consumer of `rooms.hold.lost`.
pub const LOST_CONSUMER: &str = "cart-hold-lost";

/// Subscribes the orders' consumers.
pub async fn consume(infra: &Infra, orders: Arc<Orders>) -> anyhow::Result<()> {
    let linking = orders.clone();
    infra
        .consume(LINK_CONSUMER, move |event| {
            let orders = linking.clone();
            async move { orders.link_guest_orders(event).await }
        })
        .await?;
    let expiring = orders.clone();
    infra
        .consume(EXPIRY_CONSUMER, move |event| {
            let orders = expiring.clone();
            async move { orders.cancel_unpaid(event).await }
        })
        .await?;
    infra
        .consume(LOST_CONSUMER, move |event| {
            let orders = orders.clone();
            async move { orders.lost_nights(event).await }
        })
        .await?;
    Ok(())
}

/// `cart.order.paid` for a payment of `amount`, with what it leaves to pay.
pub(crate) fn paid(order: &StoredOrder, summary: &Summary, amount: i64) -> OrderPaid {
    OrderPaid {
        order_id: order.order_id.clone(),
        booking_code: order.booking_code.clone(),
        email: order.email.clone(),
        locale: order.locale.clone(),
        token: order.token.clone(),
        first_name: summary.address.customer.first_name.clone(),
        amount,
        left_to_pay: order.totals.left_after(amount),
    }
}

/// `cart.voucher.issued` for gift voucher `code` of an order's line.
pub(crate) fn voucher_issued(order: &StoredOrder, line: &SummaryLine, code: String, expires_at: i64) -> VoucherIssued {
    // Checkout completes only with every voucher configured.
    let d = line.dedication.as_ref();
    let text = |f: fn(&Dedication) -> &str| d.map(|d| f(d).to_owned()).unwrap_or_default();
    VoucherIssued {
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
        delivery: d.and_then(|d| d.delivery).map_or(0, Delivery::wire),
        email: text(|d| d.email.as_deref().unwrap_or_default()),
        product_name: line.name.clone(),
    }
}

/// `cart.order.cancelled` for `order`, with the guest's details for the
/// e-mail and the money that goes back.
pub(crate) fn cancelled(order: &StoredOrder, reason: CancelReason, money: Money) -> Result<OrderCancelled, CartError> {
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
        reason: reason.wire(),
        refund,
        payment_method: PaymentMethod::parse(&order.payment_method).map_or(0, PaymentMethod::wire),
        money_not_taken: money == Money::NotTaken,
        vouchers_kept,
        fee: 0,
    })
}

/// `cart.order.changed` for a change the front desk made (a stay moved, a
/// package's treatments): the order's lines
/// as they are now, and its money after the change.
pub(crate) fn changed(order: &StoredOrder, summary: &Summary, q: &ChangeQuote) -> OrderChanged {
    OrderChanged {
        order_id: order.order_id.clone(),
        booking_code: order.booking_code.clone(),
        email: order.email.clone(),
        locale: order.locale.clone(),
        token: order.token.clone(),
        first_name: summary.address.customer.first_name.clone(),
        lines: order_lines(&summary.lines),
        total: q.total,
        received: q.received - q.refund,
        left_to_pay: q.left_to_pay,
        refund: q.refund,
        difference: q.difference,
    }
}

/// What became of a cancelled order's money, for the guest's e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Money {
    /// None came.
    None,
    /// A late payment was not taken: the provider returns it.
    NotTaken,
    /// Money was taken: `refund` goes back, and the gift vouchers the order
    /// issued (worth `vouchers_kept`) stay valid.
    Taken { refund: i64, vouchers_kept: i64 },
}

/// Where a gift voucher goes: the recipient's e-mail, or the postal
/// address on one line.
fn voucher_to(d: &Dedication) -> String {
    match (d.delivery, &d.postal) {
        (Some(Delivery::Post), Some(p)) => {
            format!("{} {}, {}, {} {}", p.first_name, p.last_name, p.street, p.postcode, p.city).trim().to_owned()
        }
        _ => d.email.clone().unwrap_or_default(),
    }
}

/// An order's lines as its e-mails list them: each line with its stay's
/// dates and guests, then a package's treatments (included, no price of
/// their own), then what was attached to it, the same way.
pub(crate) fn order_lines(lines: &[SummaryLine]) -> Vec<OrderLine> {
    let mut out = Vec::new();
    for l in lines {
        let stay = l.stay;
        out.push(OrderLine {
            name: l.name.clone(),
            quantity: l.quantity,
            total: l.total,
            check_in: stay.map(|s| s.check_in.to_string()).unwrap_or_default(),
            check_out: stay.map(|s| s.check_out.to_string()).unwrap_or_default(),
            code: l.code.clone(),
            adults: stay.map_or(0, |s| s.adults),
            children: stay.map_or(0, |s| s.children),
            babies: stay.map_or(0, |s| s.babies),
            included: false,
            voucher_delivery: l.dedication.as_ref().and_then(|d| d.delivery).map_or(0, Delivery::wire),
            voucher_to: l.dedication.as_ref().map(voucher_to).unwrap_or_default(),
        });
        out.extend(l.treatments.iter().map(|(code, name, quantity)| OrderLine {
            name: name.clone(),
            quantity: *quantity,
            code: code.clone(),
            included: true,
            ..OrderLine::default()
        }));
        out.extend(order_lines(&l.children));
    }
    out
}
