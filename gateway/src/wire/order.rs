//! A placed order as the shop API shows it: to its guest, in the account
//! and at the staff's desk.

use serde::Serialize;
use spa_proto::spa::cart::v1::Order as OrderMessage;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::i18n::Locale;
use crate::wire::cart::{BillingAddress, CartItem, CustomerDetails, PostalAddress, Totals};
use crate::wire::{ChangeAction, CheckoutState, OrderPaymentState, OrderState, PaymentMethod, PaymentProvider, PaymentState, known};

/// A placed order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    /// The basket's token; the order's page is `/order/{tokenValue}/pay`.
    pub token_value: String,
    /// Unique and easy to read out: `SPA-XXXX-XXXX`.
    pub booking_code: String,
    /// `completed`.
    pub checkout_state: CheckoutState,
    pub state: OrderState,
    pub payment_state: OrderPaymentState,
    /// Null when nothing was to be paid.
    pub payment_method: Option<PaymentMethod>,
    pub totals: Totals,
    /// What the first payment takes: the advance payment, or everything.
    pub due_now: i64,
    /// When unpaid nights go back on sale (RFC 3339); null without nights.
    pub hold_expires_at: Option<String>,
    pub email: String,
    #[schema(value_type = Locale)]
    pub locale: String,
    /// When it was placed (RFC 3339).
    pub created_at: String,
    pub items: Vec<CartItem>,
}

pub(crate) fn rfc3339(ms: i64) -> Option<String> {
    chrono::DateTime::from_timestamp_millis(ms).filter(|_| ms > 0).map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}

impl Order {
    pub fn of(o: OrderMessage, locale: Locale) -> Result<Self, ApiError> {
        let t = o.totals.unwrap_or_default();
        Ok(Self {
            token_value: o.token,
            booking_code: o.booking_code,
            checkout_state: CheckoutState::Completed,
            state: known(OrderState::from_wire(o.state), "order state", o.state)?,
            payment_state: known(OrderPaymentState::from_wire(o.payment_state), "payment state", o.payment_state)?,
            payment_method: PaymentMethod::from_wire(o.payment_method),
            totals: Totals::of(&t, "PLN"),
            due_now: o.due_now,
            hold_expires_at: rfc3339(o.hold_expires_at_ms),
            email: o.email,
            locale: o.locale,
            created_at: rfc3339(o.created_at_ms).unwrap_or_default(),
            items: o.items.into_iter().map(|i| CartItem::of(i, locale)).collect::<Result<_, _>>()?,
        })
    }
}

/// The guest's details as given at checkout.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Guest {
    pub customer: CustomerDetails,
    pub billing_address: BillingAddress,
    /// Where posted gift vouchers go; null when none was given.
    pub shipping_address: Option<PostalAddress>,
    /// The guest's notes to the guesthouse; empty when none.
    pub notes: String,
}

/// A payment of an order as recorded; none is edited or deleted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentRecord {
    /// Ours; a reversal names it in `reverses`.
    pub id: String,
    pub provider: PaymentProvider,
    /// Grosze; negative for a reversal.
    pub amount: i64,
    pub state: PaymentState,
    /// The provider's transaction, or the statement's, receipt's or terminal's reference.
    pub reference: String,
    /// When it came (RFC 3339).
    pub at: Option<String>,
    /// The record this one reverses.
    pub reverses: Option<String>,
    /// The record reversing this one.
    pub reversed_by: Option<String>,
    /// Who recorded it (their e-mail); null for the guest's online payment.
    pub staff: Option<String>,
    /// What of it is due back or was given back, in grosze.
    pub due_back: i64,
}

/// One change of an order: what, who, when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderChange {
    /// RFC 3339.
    pub at: Option<String>,
    pub action: ChangeAction,
    /// The staff member's e-mail; null for the guest.
    pub staff: Option<String>,
    /// Grosze: the payment, the reversal (negative) or the fee kept.
    pub amount: i64,
    /// The payment's reference.
    pub note: String,
}

/// A placed order as the staff see it: with the guest's details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffOrder {
    #[serde(flatten)]
    pub order: Order,
    pub guest: Guest,
    /// Money received and kept, in grosze (reversals and what is due back
    /// taken off).
    pub received: i64,
    /// What is still to pay: the total less gift vouchers less `received`
    /// (0 once cancelled).
    pub open: i64,
    /// Moves with every change at the front desk; a cancellation names the
    /// version it was decided on.
    pub version: i64,
    /// What a cancellation kept, in grosze.
    pub cancellation_fee: i64,
    /// Oldest first.
    pub payments: Vec<PaymentRecord>,
    /// Oldest first.
    pub history: Vec<OrderChange>,
}

impl StaffOrder {
    pub fn of(mut o: OrderMessage, locale: Locale) -> Result<Self, ApiError> {
        let details = o.guest.take().unwrap_or_default();
        let guest = Guest {
            customer: details.customer.map(Into::into).unwrap_or_default(),
            billing_address: details.billing_address.map(Into::into).unwrap_or_default(),
            shipping_address: details.shipping_address.map(Into::into),
            notes: details.notes,
        };
        let payments = std::mem::take(&mut o.payments)
            .into_iter()
            .map(|p| {
                Ok(PaymentRecord {
                    provider: known(PaymentProvider::from_wire(p.provider), "payment provider", p.provider)?,
                    state: known(PaymentState::from_wire(p.state), "payment state", p.state)?,
                    id: p.id,
                    amount: p.amount,
                    reference: p.reference,
                    at: rfc3339(p.at_ms),
                    reverses: Some(p.reverses).filter(|s| !s.is_empty()),
                    reversed_by: Some(p.reversed_by).filter(|s| !s.is_empty()),
                    staff: Some(p.staff).filter(|s| !s.is_empty()),
                    due_back: p.due_back,
                })
            })
            .collect::<Result<_, ApiError>>()?;
        let history = std::mem::take(&mut o.history)
            .into_iter()
            .map(|c| {
                Ok(OrderChange {
                    action: known(ChangeAction::from_wire(c.action), "order change", c.action)?,
                    at: rfc3339(c.at_ms),
                    staff: Some(c.staff).filter(|s| !s.is_empty()),
                    amount: c.amount,
                    note: c.note,
                })
            })
            .collect::<Result<_, ApiError>>()?;
        let t = o.totals.clone().unwrap_or_default();
        let cancelled = OrderState::from_wire(o.state) == Some(OrderState::Cancelled);
        let open = if cancelled { 0 } else { (t.total - t.vouchers - o.received).max(0) };
        let (received, version, cancellation_fee) = (o.received, o.version, o.cancellation_fee);
        Ok(Self { order: Order::of(o, locale)?, guest, received, open, version, cancellation_fee, payments, history })
    }
}
