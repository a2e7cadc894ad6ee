//! The cart's messages: domain values to proto and back, for every service
//! of the crate.

use spa_proto::common::{Money, Price};
use spa_proto::spa::cart::v1::{
    BillingAddress, CancellationQuote, Cart, CartItem, CheckoutCustomer, CheckoutDetails, Method, Methods, NewItem, Order, OrderChange,
    PaymentRecord, PostalAddress, Redemption, Refund, Stay, Totals, TreatmentChoice, TreatmentLine, VoucherDetails,
};
use tonic::Status;

use crate::basket::{View, ViewLine};
use crate::checkout::{MethodCode, Offer};
use crate::desk::{DeskOrder, Quote};
use crate::domain::checkout;
use crate::domain::item::{self, AddRequest, Dedication};
use crate::domain::totals::CURRENCY;
use crate::error::CartError;
use crate::orders::{StoredOrder, Summary, SummaryLine};
use crate::store;

pub(super) fn money(amount: i64) -> Option<Money> {
    Some(Money { amount, currency: CURRENCY.into() })
}

pub(super) fn item_message(v: ViewLine) -> CartItem {
    let stay = v.line.details.stay.map(|s| Stay {
        check_in: s.check_in.to_string(),
        check_out: s.check_out.to_string(),
        nights: s.nights(),
        adults: s.adults,
        children: s.children,
        babies: s.babies,
    });
    CartItem {
        id: v.line.id,
        r#type: v.line.kind.wire(),
        code: v.line.code,
        quantity: v.line.quantity,
        min_quantity: v.bounds.0,
        max_quantity: v.bounds.1,
        price: Some(Price {
            current: money(v.current),
            original: money(v.original),
            base_current: money(v.current),
            base_original: money(v.original),
        }),
        total: v.priced.total(),
        available: v.priced.available,
        product: v.product,
        stay,
        treatments: v.treatments.into_iter().map(|(t, name)| TreatmentLine { code: t.code, name, quantity: t.quantity }).collect(),
        price_option: v.line.details.price_option,
        voucher: v.line.details.voucher.map(voucher_message),
        children: v.children.into_iter().map(item_message).collect(),
        redemption: v.redemption.map(|r| Redemption {
            code: r.code,
            amount: r.amount,
            balance: r.voucher.balance,
            expires_at_ms: r.voucher.expires_at,
        }),
    }
}

pub(super) fn customer_message(c: &checkout::Customer) -> CheckoutCustomer {
    CheckoutCustomer { first_name: c.first_name.clone(), last_name: c.last_name.clone(), email: c.email.clone(), phone: c.phone.clone() }
}

pub(super) fn postal_message(a: &checkout::PostalAddress) -> PostalAddress {
    PostalAddress {
        first_name: a.first_name.clone(),
        last_name: a.last_name.clone(),
        street: a.street.clone(),
        postcode: a.postcode.clone(),
        city: a.city.clone(),
        country_code: a.country_code.clone(),
    }
}

pub(super) fn postal_of(a: Option<PostalAddress>) -> checkout::PostalAddress {
    let a = a.unwrap_or_default();
    checkout::PostalAddress {
        first_name: a.first_name,
        last_name: a.last_name,
        street: a.street,
        postcode: a.postcode,
        city: a.city,
        country_code: a.country_code,
    }
}

/// The guest's details as given at checkout, without the methods.
fn address_message(address: &checkout::Address) -> CheckoutDetails {
    let b = &address.billing;
    CheckoutDetails {
        customer: Some(customer_message(&address.customer)),
        billing_address: Some(BillingAddress {
            invoice_required: b.invoice_required,
            company: b.company.clone(),
            vat_number: b.vat_number.clone(),
            street: b.street.clone(),
            postcode: b.postcode.clone(),
            city: b.city.clone(),
            country_code: b.country_code.clone(),
        }),
        shipping_address: address.shipping.as_ref().map(postal_message),
        notes: address.notes.clone(),
        ..Default::default()
    }
}

pub(super) fn details_message(view: &View) -> Option<CheckoutDetails> {
    let c = &view.cart.checkout;
    let address = c.address.as_ref()?;
    Some(CheckoutDetails {
        shipping_method: c.shipping_method.as_deref().and_then(checkout::ShippingMethod::parse).map_or(0, |m| m.wire()),
        payment_method: c.payment.map_or(0, |p| p.method.wire()),
        deposit: c.payment.is_some_and(|p| p.deposit),
        deposit_amount: view.totals.deposit,
        ..address_message(address)
    })
}

pub(super) fn voucher_message(d: Dedication) -> VoucherDetails {
    VoucherDetails {
        recipient: d.recipient,
        sender: d.sender,
        message: d.message,
        email: d.email.unwrap_or_default(),
        design: d.design.unwrap_or_default(),
        delivery: d.delivery.map_or(0, |d| d.wire()),
        postal: d.postal.as_ref().map(postal_message),
    }
}

pub(super) fn cart_message(view: View) -> Cart {
    let shipping_required = view.cart.shipping_required();
    let checkout = details_message(&view);
    let t = view.totals;
    Cart {
        token: view.cart.token,
        channel: view.cart.channel,
        locale: view.cart.locale,
        currency: view.cart.currency.clone(),
        checkout_state: view.cart.checkout_state.wire(),
        items: view.lines.into_iter().map(item_message).collect(),
        totals: Some(Totals {
            total: t.total,
            vouchers: t.vouchers,
            shipping: t.shipping,
            deposit: t.deposit,
            left_to_pay: t.left_to_pay,
            base_total: base_total(t.total, &view.cart.currency),
            currency: view.cart.currency,
        }),
        shipping_required,
        checkout,
    }
}

pub(super) fn choices(treatments: &[TreatmentChoice]) -> Vec<item::TreatmentChoice> {
    treatments.iter().map(|t| item::TreatmentChoice { code: t.code.clone(), quantity: t.quantity }).collect()
}

pub(super) fn add_request(item: &NewItem, age_confirmed: bool) -> Result<AddRequest<'_>, CartError> {
    let dedication = item.dedication.as_ref().map(|d| Dedication::new(&d.recipient, &d.sender, &d.message, &d.email)).transpose()?;
    Ok(AddRequest {
        kind: item::NewItemKind::from_wire(item.r#type),
        product_code: &item.product_code,
        variant_code: &item.variant_code,
        package_code: &item.package_code,
        quantity: item.quantity,
        check_in: &item.check_in,
        check_out: &item.check_out,
        adults: item.adults,
        children: item.children,
        babies: item.babies,
        treatments: (item.treatments_chosen || !item.treatments.is_empty()).then(|| choices(&item.treatments)),
        price_option: item.price_option,
        dedication,
        age_confirmed,
    })
}

/// A method as the message's pair of fields (shipping, payment).
fn method_wire(m: MethodCode) -> (i32, i32) {
    match m {
        MethodCode::Shipping(s) => (s.wire(), 0),
        MethodCode::Payment(p) => (0, p.wire()),
    }
}

pub(super) fn methods_message(offer: Offer) -> Methods {
    Methods {
        methods: offer
            .methods
            .into_iter()
            .map(|m| {
                let (shipping, payment) = method_wire(m.method);
                Method { shipping, payment, name: m.name.into(), price: m.price }
            })
            .collect(),
        chosen_shipping: offer.chosen.map_or(0, |c| method_wire(c).0),
        chosen_payment: offer.chosen.map_or(0, |c| method_wire(c).1),
        deposit_amount: offer.deposit_amount,
        deposit: offer.deposit,
        cancellation: offer.cancellation,
    }
}

pub(super) fn summary_item(l: SummaryLine) -> CartItem {
    let total = l.total;
    CartItem {
        id: l.id,
        r#type: item::ItemKind::parse(&l.kind).map_or(0, |k| k.wire()),
        quantity: l.quantity,
        min_quantity: l.quantity,
        max_quantity: l.quantity,
        price: Some(Price { current: money(l.unit), original: money(l.unit), base_current: money(l.unit), base_original: money(l.unit) }),
        total,
        available: true,
        product: Some(l.product()),
        stay: l.stay.map(|s| Stay {
            check_in: s.check_in.to_string(),
            check_out: s.check_out.to_string(),
            nights: s.nights(),
            adults: s.adults,
            children: s.children,
            babies: s.babies,
        }),
        treatments: l.treatments.into_iter().map(|(code, name, quantity)| TreatmentLine { code, name, quantity }).collect(),
        children: l.children.into_iter().map(summary_item).collect(),
        code: l.code,
        ..Default::default()
    }
}

/// An order as answered; the guest's details (`guest`) only `for_staff`.
pub(super) fn order_message(o: StoredOrder, payable_online: bool, payment_pending: bool, for_staff: bool) -> Result<Order, Status> {
    let summary: Summary = serde_json::from_str(&o.summary).map_err(spa_platform::errors::internal)?;
    let t = o.totals;
    let paid_later = o.paid_later();
    Ok(Order {
        token: o.token,
        booking_code: o.booking_code,
        checkout_state: checkout::State::Completed.wire(),
        state: o.state.wire(),
        payment_state: o.payment_state.wire(),
        payment_method: checkout::PaymentMethod::parse(&o.payment_method).map_or(0, |m| m.wire()),
        totals: Some(Totals {
            total: t.total,
            vouchers: t.vouchers,
            shipping: t.shipping,
            deposit: t.deposit,
            left_to_pay: t.left_to_pay,
            base_total: base_total(t.total, CURRENCY),
            currency: CURRENCY.into(),
        }),
        due_now: t.due_now,
        hold_expires_at_ms: o.hold_expires_at,
        email: o.email,
        locale: o.locale,
        created_at_ms: o.created_at,
        guest: for_staff.then(|| address_message(&summary.address)),
        items: summary.lines.into_iter().map(summary_item).collect(),
        payable_online,
        payment_pending,
        money_received: o.payment_state.received(),
        paid_later,
        received: o.received,
        version: o.version,
        payments: vec![],
        history: vec![],
        cancellation_fee: o.cancellation_fee,
        cancel_reason: o.cancel_reason.map(|r| r.code().to_owned()).unwrap_or_default(),
    })
}

/// An order for the front desk: the guest's details, every payment as
/// recorded and the history of changes.
pub(super) fn desk_message(d: DeskOrder) -> Result<Order, Status> {
    let mut order = order_message(d.order, false, false, true)?;
    order.payments = d
        .payments
        .into_iter()
        .map(|p| PaymentRecord {
            id: p.id,
            provider: p.provider.wire(),
            amount: p.amount,
            state: p.state.wire(),
            reference: p.reference,
            at_ms: p.at,
            reverses: p.reverses.unwrap_or_default(),
            reversed_by: p.reversed_by.unwrap_or_default(),
            staff: p.staff,
            due_back: p.due_back.unwrap_or_default(),
        })
        .collect();
    order.history = d
        .history
        .into_iter()
        .map(|c| OrderChange { at_ms: c.at, action: c.action.wire(), staff: c.staff, amount: c.amount, note: c.note })
        .collect();
    Ok(order)
}

pub(super) fn quote_message(q: Quote) -> CancellationQuote {
    CancellationQuote {
        version: q.version,
        fee: q.fee,
        received: q.received,
        vouchers_kept: q.vouchers_kept,
        refund: q.refund,
        free_until: q.free_until.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default(),
        free_days: q.policy.free_days,
        fee_percent: q.policy.fee_percent,
    }
}

pub(super) fn refund_message(r: store::Refund) -> Refund {
    Refund {
        payment_id: r.session_id,
        booking_code: r.booking_code,
        order_state: r.order_state.wire(),
        provider: checkout::Provider::parse(&r.provider).map_or(0, |p| p.wire()),
        amount: r.amount,
        provider_ref: r.provider_ref.unwrap_or_default(),
        paid_at: r.paid_at,
        state: r.state.wire(),
        refund_reference: r.refund_reference.unwrap_or_default(),
        refunded_at: r.refunded_at.unwrap_or_default(),
    }
}

/// The total in the base currency. Every line is priced in it (a product
/// priced in another currency at the catalog's conversion), so a basket in
/// the base currency, as every basket is, totals the same in it; one in
/// another currency would need its own conversion, which there is none of.
fn base_total(total: i64, currency: &str) -> i64 {
    debug_assert_eq!(currency, CURRENCY, "baskets are in the base currency");
    total
}
