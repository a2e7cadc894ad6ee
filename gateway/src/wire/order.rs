//! A placed order as the shop API shows it: to its guest, in the account
//! and at the staff's desk.

use serde::Serialize;
use spa_proto::spa::cart::v1::Order as OrderMessage;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::i18n::Locale;
use crate::wire::cart::{BillingAddress, CartItem, CustomerDetails, PostalAddress, Totals};
use crate::wire::{CheckoutState, OrderPaymentState, OrderState, PaymentMethod, known};

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

/// A placed order as the staff see it: with the guest's details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffOrder {
    #[serde(flatten)]
    pub order: Order,
    pub guest: Guest,
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
        Ok(Self { order: Order::of(o, locale)?, guest })
    }
}
