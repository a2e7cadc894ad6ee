//! The basket as the shop API shows it: lines, totals, the checkout's
//! addresses and choices. Shared by the basket, checkout and account routes.

use serde::{Deserialize, Serialize};
use spa_proto::spa::cart::v1::{
    BillingAddress as BillingMessage, Cart as CartMessage, CartItem as ItemMessage, CheckoutCustomer, PostalAddress as PostalMessage,
};
use spa_proto::spa::catalog::v1::Product;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorCode};
use crate::extract::Validate;
use crate::i18n::Locale;
use crate::wire::{CheckoutState, Delivery, Image, LineType, Links, OfferType, PaymentMethod, Price, ShippingMethod, known};

/// Every amount of a basket is also given in this currency.
const BASE_CURRENCY: &str = "PLN";

/// The catalog's product on a basket line (the room of a reservation).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineProduct {
    pub code: String,
    pub variant_code: String,
    #[serde(rename = "type")]
    pub kind: OfferType,
    pub name: String,
    pub slug: String,
    pub images: Vec<Image>,
    pub links: Links,
    pub num_nights: u32,
    /// Sold to adults only (18+).
    pub age_restriction: bool,
}

impl LineProduct {
    fn of(p: &Product, locale: Locale) -> Result<Self, ApiError> {
        let kind = known(OfferType::from_wire(p.r#type), "product type", p.r#type)?;
        Ok(Self {
            code: p.code.clone(),
            variant_code: p.variant_code.clone(),
            kind,
            name: p.name.clone(),
            slug: p.slug.clone(),
            images: p.images.iter().map(Image::of).collect(),
            links: Links { self_: kind.item_path(locale, &p.slug) },
            num_nights: p.num_nights,
            age_restriction: p.age_restriction,
        })
    }
}

/// A treatment chosen for a package line.
#[derive(Debug, Serialize, ToSchema)]
pub struct LineTreatment {
    pub code: String,
    pub name: String,
    pub quantity: u32,
}

/// One line of the basket. Stay fields are set on reservations only.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartItem {
    /// The line's id within its basket.
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: LineType,
    /// Units; a package's persons; always 1 for a reservation.
    pub quantity: u32,
    /// The quantity counter's bounds (equal: no counter).
    pub min_quantity: u32,
    pub max_quantity: u32,
    /// What the line adds to the basket: 0 while it is not available.
    pub total: i64,
    /// One unit now and before a promotion: a product, a voucher's value,
    /// a package for its persons, a stay.
    pub price: Price,
    pub code: String,
    pub variant_code: String,
    /// False when the line cannot be bought now: a room booked meanwhile
    /// for these dates, a product no longer sold.
    pub is_available: bool,
    /// Null when the catalog no longer has the product.
    pub product: Option<LineProduct>,
    pub adults: Option<u32>,
    pub children: Option<u32>,
    pub babies: Option<u32>,
    /// `YYYY-MM-DD`, check-in.
    pub date_from: Option<String>,
    /// `YYYY-MM-DD`, check-out.
    pub date_to: Option<String>,
    /// Nights of the stay.
    pub days: Option<u32>,
    /// A package's treatments; null on other lines.
    pub treatments: Option<Vec<LineTreatment>>,
    /// A gift voucher's price option (index).
    pub price_option: Option<u32>,
    /// A gift voucher's dedication; null until it is given.
    pub voucher: Option<LineVoucher>,
    /// The gift voucher code paying for this line (with what is attached
    /// to it); null when none.
    pub redemption: Option<LineRedemption>,
    /// Packages attached to a reservation.
    #[schema(no_recursion)]
    pub child_items: Vec<CartItem>,
}

impl CartItem {
    pub fn of(i: ItemMessage, locale: Locale) -> Result<Self, ApiError> {
        let price = i.price.unwrap_or_default();
        let stay = i.stay.as_ref();
        let kind = known(LineType::from_wire(i.r#type), "line type", i.r#type)?;
        Ok(Self {
            id: i.id,
            kind,
            quantity: i.quantity,
            min_quantity: i.min_quantity,
            max_quantity: i.max_quantity,
            total: i.total,
            price: Price::of(price.current.as_ref(), price.original.as_ref()),
            variant_code: i.product.as_ref().map_or_else(|| i.code.clone(), |p| p.variant_code.clone()),
            code: i.code,
            is_available: i.available,
            product: i.product.as_ref().map(|p| LineProduct::of(p, locale)).transpose()?,
            adults: stay.map(|s| s.adults),
            children: stay.map(|s| s.children),
            babies: stay.map(|s| s.babies),
            date_from: stay.map(|s| s.check_in.clone()),
            date_to: stay.map(|s| s.check_out.clone()),
            days: stay.map(|s| s.nights),
            treatments: (kind == LineType::Package)
                .then(|| i.treatments.into_iter().map(|t| LineTreatment { code: t.code, name: t.name, quantity: t.quantity }).collect()),
            price_option: i.price_option,
            voucher: i.voucher.map(|d| LineVoucher {
                recipient: d.recipient,
                sender: d.sender,
                message: d.message,
                email: Some(d.email).filter(|e| !e.is_empty()),
                design: Some(d.design).filter(|e| !e.is_empty()),
                delivery: Delivery::from_wire(d.delivery),
                postal: d.postal.map(Into::into),
            }),
            child_items: i.children.into_iter().map(|c| Self::of(c, locale)).collect::<Result<_, _>>()?,
            redemption: i.redemption.map(|r| LineRedemption {
                code: r.code,
                amount: r.amount,
                balance: r.balance,
                valid_until: spa_platform::dates::utc_day(r.expires_at_ms - 1),
            }),
        })
    }
}

/// A gift voucher code paying for a line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineRedemption {
    /// `GV-XXXX-XXXX-XXXX`.
    pub code: String,
    /// What it pays of this line now, in minor units (0 when it has nothing
    /// left or has expired).
    pub amount: i64,
    /// What the voucher has left before this basket, in minor units.
    pub balance: i64,
    /// The last day it can be spent, `YYYY-MM-DD` (UTC).
    pub valid_until: String,
}

/// Who a gift voucher is for and from, and its message.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Dedication {
    /// Who the voucher is for: 1 to 60 characters.
    #[serde(rename = "for")]
    pub recipient: String,
    /// Who gives it: 1 to 60 characters.
    #[serde(rename = "from")]
    pub sender: String,
    /// Up to 300 characters.
    #[serde(default)]
    pub message: String,
    /// Where the voucher is e-mailed; checkout's voucher step chooses
    /// between e-mail and post.
    #[serde(default)]
    pub email: Option<String>,
}

/// A gift voucher line's dedication and, once checkout's voucher step has
/// run, its design, delivery and postal address.
#[derive(Debug, Serialize, ToSchema)]
pub struct LineVoucher {
    #[serde(rename = "for")]
    pub recipient: String,
    #[serde(rename = "from")]
    pub sender: String,
    pub message: String,
    pub email: Option<String>,
    pub design: Option<String>,
    pub delivery: Option<Delivery>,
    /// Where a posted voucher goes.
    pub postal: Option<PostalAddress>,
}

impl Validate for Dedication {
    fn error_code(field: &str) -> ErrorCode {
        match field {
            "email" => ErrorCode::InvalidEmail,
            _ => ErrorCode::InvalidVoucherDetails,
        }
    }
}

/// A total in the base currency.
#[derive(Debug, Serialize, ToSchema)]
pub struct BaseTotal {
    pub total: i64,
    pub currency: String,
}

/// What the basket costs, in its currency.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    /// Every available line, with shipping.
    pub total: i64,
    /// Paid with redeemed vouchers.
    pub vouchers: i64,
    pub shipping: i64,
    /// The advance payment due now.
    pub deposit: i64,
    /// `total - vouchers - deposit`.
    pub left_to_pay: i64,
    pub currency: String,
    /// The total in PLN; null while the basket is in PLN.
    pub base: Option<BaseTotal>,
}

/// The visitor's basket.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cart {
    /// The basket's secret token, chosen by the client.
    pub token_value: String,
    pub channel: String,
    #[schema(value_type = Locale)]
    pub locale: String,
    pub currency: String,
    pub checkout_state: CheckoutState,
    pub items: Vec<CartItem>,
    pub totals: Totals,
    /// Redeemed voucher codes.
    pub vouchers: Vec<String>,
    /// Given at checkout's personal-data step; null before it.
    pub billing_address: Option<BillingAddress>,
    pub shipping_address: Option<PostalAddress>,
    pub customer: Option<CustomerDetails>,
    /// The reservation notes.
    pub notes: Option<String>,
    /// The chosen payment (one at most).
    pub payments: Vec<ChosenPayment>,
    /// The chosen shipping of posted vouchers (one at most).
    pub shipments: Vec<ChosenShipment>,
    /// A gift voucher is posted: a shipping method is needed.
    pub shipping_required: bool,
}

/// The payment chosen at checkout.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChosenPayment {
    pub method: PaymentMethod,
    /// The advance payment was chosen: `totals.deposit` now, the rest later.
    pub deposit: bool,
}

/// The shipping method chosen at checkout.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChosenShipment {
    pub method: ShippingMethod,
}

impl Totals {
    pub fn of(t: &spa_proto::spa::cart::v1::Totals, currency: &str) -> Self {
        Self {
            total: t.total,
            vouchers: t.vouchers,
            shipping: t.shipping,
            deposit: t.deposit,
            left_to_pay: t.left_to_pay,
            // The cart's own figure (it prices every line in PLN), never the total copied.
            base: (currency != BASE_CURRENCY).then(|| BaseTotal { total: t.base_total, currency: BASE_CURRENCY.to_owned() }),
            currency: currency.to_owned(),
        }
    }
}

impl Cart {
    pub fn of(c: CartMessage, locale: Locale) -> Result<Self, ApiError> {
        let t = c.totals.unwrap_or_default();
        let checkout = c.checkout.unwrap_or_default();
        let addressed = checkout.customer.is_some();
        let vouchers = c.items.iter().filter_map(|i| i.redemption.as_ref().map(|r| r.code.clone())).collect();
        Ok(Self {
            items: c.items.into_iter().map(|i| CartItem::of(i, locale)).collect::<Result<_, _>>()?,
            totals: Totals::of(&t, &c.currency),
            token_value: c.token,
            channel: c.channel,
            locale: c.locale,
            currency: c.currency,
            checkout_state: known(CheckoutState::from_wire(c.checkout_state), "checkout state", c.checkout_state)?,
            vouchers,
            billing_address: checkout.billing_address.map(Into::into),
            shipping_address: checkout.shipping_address.map(Into::into),
            customer: checkout.customer.map(Into::into),
            notes: addressed.then_some(checkout.notes),
            payments: PaymentMethod::from_wire(checkout.payment_method)
                .map(|method| ChosenPayment { method, deposit: checkout.deposit })
                .into_iter()
                .collect(),
            shipments: ShippingMethod::from_wire(checkout.shipping_method).map(|method| ChosenShipment { method }).into_iter().collect(),
            shipping_required: c.shipping_required,
        })
    }
}

/// The guest who books.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct CustomerDetails {
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub email: String,
    /// At least 7 characters: digits with an optional plus, parentheses,
    /// dashes, spaces, dots or slashes.
    #[serde(default)]
    pub phone: String,
}

/// The invoice details; without `invoiceRequired` only the country counts.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct BillingAddress {
    #[serde(default)]
    pub invoice_required: bool,
    #[serde(default)]
    pub company: String,
    /// A Polish NIP (checksum checked) or a German VAT number (`DE` + 9 digits).
    #[serde(default)]
    pub vat_number: String,
    #[serde(default)]
    pub street: String,
    /// `00-000` in Poland, 5 digits in Germany.
    #[serde(default)]
    pub postcode: String,
    #[serde(default)]
    pub city: String,
    /// `PL` or `DE` (upper-cased); `PL` when absent without an invoice.
    #[serde(default)]
    pub country_code: String,
}

/// A postal address: a posted voucher's, or the shipping address.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct PostalAddress {
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub street: String,
    #[serde(default)]
    pub postcode: String,
    #[serde(default)]
    pub city: String,
    /// `PL` or `DE`.
    #[serde(default)]
    pub country_code: String,
}

impl From<PostalMessage> for PostalAddress {
    fn from(a: PostalMessage) -> Self {
        Self {
            first_name: a.first_name,
            last_name: a.last_name,
            street: a.street,
            postcode: a.postcode,
            city: a.city,
            country_code: a.country_code,
        }
    }
}

impl From<PostalAddress> for PostalMessage {
    fn from(a: PostalAddress) -> Self {
        Self {
            first_name: a.first_name,
            last_name: a.last_name,
            street: a.street,
            postcode: a.postcode,
            city: a.city,
            country_code: a.country_code,
        }
    }
}

impl From<BillingMessage> for BillingAddress {
    fn from(b: BillingMessage) -> Self {
        Self {
            invoice_required: b.invoice_required,
            company: b.company,
            vat_number: b.vat_number,
            street: b.street,
            postcode: b.postcode,
            city: b.city,
            country_code: b.country_code,
        }
    }
}

impl From<CheckoutCustomer> for CustomerDetails {
    fn from(c: CheckoutCustomer) -> Self {
        Self { first_name: c.first_name, last_name: c.last_name, email: c.email, phone: c.phone }
    }
}
