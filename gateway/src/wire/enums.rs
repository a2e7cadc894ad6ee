//! Every state and kind the shop API shows or takes, as a closed set: the
//! OpenAPI document lists its values, so the web gets union types, and each
//! maps to the proto enum that carries it between services (`wire()`,
//! `from_wire()`: `None` for an unspecified or unknown value).

use serde::{Deserialize, Serialize};
use spa_proto::spa::cart::v1 as cart;
use spa_proto::spa::rooms::v1 as rooms;
use spa_proto::spa::users::v1 as users;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorCode};

/// A state or kind as a service sent it, `what` naming it for the log. One
/// this gateway does not know (a service newer than the gateway) fails the
/// answer rather than show the guest another state.
pub fn known<T>(value: Option<T>, what: &'static str, raw: i32) -> Result<T, ApiError> {
    value.ok_or_else(|| {
        tracing::error!(what, raw, "a service sent a value this gateway does not know");
        ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::InternalError)
    })
}

spa_platform::coded! {
    /// The kinds of offer a listing can hold.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum OfferType: spa_proto::common::ProductType {
        Package => "package",
        Room => "room",
        Treatment => "treatment",
        Product => "product",
        DaySpa => "day_spa",
        Voucher => "voucher",
    }
}

spa_platform::coded! {
    /// The kinds of basket lines.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum LineType: cart::ItemType {
        Reservation => "reservation",
        Package => "package",
        Treatment => "treatment",
        Product => "product",
        Voucher => "voucher",
    }
}

spa_platform::coded! {
    /// What is suggested beside a line.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum SuggestionKind: cart::SuggestionKind {
        /// Packages that fit the line: for a stay, those whose nights it covers.
        Packages => "packages",
        Treatments => "treatments",
        /// Products related to the line's, then others.
        Products => "products",
    }
}

spa_platform::coded! {
    /// How a gift voucher reaches its recipient.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum Delivery: spa_proto::common::VoucherDelivery {
        Email => "email",
        Post => "post",
    }
}

spa_platform::coded! {
    /// Where a basket is on its way to an order: `cart` until the checkout
    /// steps move it on, `completed` once it is an order.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum CheckoutState: cart::CheckoutState {
        Cart => "cart",
        Addressed => "addressed",
        Vouchered => "vouchered",
        VoucheringSkipped => "vouchering_skipped",
        PaymentSelected => "payment_selected",
        PaymentSkipped => "payment_skipped",
        Completed => "completed",
    }
}

spa_platform::coded! {
    /// How an order is paid.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum PaymentMethod: spa_proto::common::PaymentMethod {
        BankTransfer => "bank_transfer",
        Przelewy24 => "przelewy24",
        Paypal => "paypal",
        /// Booked by the front desk for a guest who pays on arrival.
        Guesthouse => "guesthouse",
    }
}

spa_platform::coded! {
    /// How posted gift vouchers travel.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum ShippingMethod: cart::ShippingMethod {
        Post => "post",
        Courier => "courier",
    }
}

spa_platform::coded! {
    /// Where a placed order stands.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum OrderState: cart::OrderState {
        /// Placed; its first payment has not come.
        New => "new",
        /// Its first payment came (or there was nothing to pay).
        Paid => "paid",
        /// Unpaid when its hold expired, or its nights were sold meanwhile.
        Cancelled => "cancelled",
    }
}

spa_platform::coded! {
    /// Where a placed order's payment stands.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum OrderPaymentState: cart::OrderPaymentState {
        AwaitingPayment => "awaiting_payment",
        /// The advance payment came; the rest is paid at the guesthouse.
        PartiallyPaid => "partially_paid",
        Paid => "paid",
        Cancelled => "cancelled",
    }
}

impl OrderPaymentState {
    /// Whether money came: the whole order or its advance payment.
    pub fn any_paid(self) -> bool {
        matches!(self, Self::Paid | Self::PartiallyPaid)
    }
}

spa_platform::coded! {
    /// Where a payment's money came through.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum PaymentProvider: cart::PaymentProvider {
        BankTransfer => "bank_transfer",
        Przelewy24 => "przelewy24",
        Paypal => "paypal",
        /// Paid at the guesthouse, recorded by the staff.
        Guesthouse => "guesthouse",
        /// The guesthouse's card terminal, recorded by the staff.
        CardTerminal => "card_terminal",
        /// Cash at the desk, recorded by the staff.
        Cash => "cash",
    }
}

spa_platform::coded! {
    /// Where one payment stands.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum PaymentState: cart::PaymentState {
        /// Sent to the provider; no money yet.
        Started => "started",
        /// The money came and paid the order.
        Paid => "paid",
        /// The provider turned it down.
        Refused => "refused",
        /// The money came for an order that no longer awaited it: to give back.
        RefundDue => "refund_due",
        /// Given back.
        Refunded => "refunded",
        /// An overpaid part no longer due back: its record was reversed as wrong.
        Reversed => "reversed",
    }
}

spa_platform::coded! {
    /// What a change of an order did.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum ChangeAction: cart::ChangeAction {
        /// Money received, recorded at the front desk.
        PaymentRecorded => "payment_recorded",
        /// A wrong record reversed by another.
        PaymentReversed => "payment_reversed",
        /// Cancelled by the guesthouse.
        Cancelled => "cancelled",
        /// Cancelled by the guest before paying.
        CancelledByGuest => "cancelled_by_guest",
        StayChanged => "stay_changed",
        TreatmentsChanged => "treatments_changed",
    }
}

spa_platform::coded! {
    /// What an account may do.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum Role: users::Role {
        Customer => "customer",
        /// Edits the site's content.
        Editor => "editor",
        /// Runs the guesthouse: every back-office call.
        Admin => "admin",
        /// Works the front desk.
        Reception => "reception",
    }
}

spa_platform::coded! {
    /// Why a room search found nothing.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum EmptyReason: rooms::EmptyReason {
        /// No room type has a free unit on every night.
        NoRoomsForDates => "no_rooms_for_dates",
        /// Rooms are free, but none takes this many people.
        NoRoomForGuests => "no_room_for_guests",
    }
}

spa_platform::coded! {
    /// `social`: a social network's account; `search`: a search-engine
    /// company's account.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum LoginProviderId: users::IdentityProvider {
        Social => "social",
        Search => "search",
    }
}

spa_platform::coded! {
    /// Sort orders of a listing (spec 9); rooms also take `position_asc`.
    #[derive(Serialize, Deserialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum Sorting: spa_proto::spa::catalog::v1::Sorting {
        TaxonsPositionAsc => "taxons_position_asc",
        PositionAsc => "position_asc",
        PriceAsc => "price_asc",
        PriceDesc => "price_desc",
        Latest => "latest",
        Oldest => "oldest",
    }
}
