//! The one error type of the cart service and its only mapping to gRPC.
//! Field names are the REST body's (`options.checkIn`), since the gateway
//! passes them through to the visitor.

use spa_platform::errors;
use tonic::{Code, Status};

use crate::domain::WeakToken;
use crate::domain::checkout::Violations;

#[derive(Debug, thiserror::Error)]
pub enum CartError {
    #[error("the cart token must be 16 to 64 letters, digits, '-' or '_'")]
    MalformedToken,
    #[error("the cart token is too weak")]
    WeakToken(WeakToken),
    #[error("locale must be pl, de or en_GB")]
    InvalidLocale,
    #[error("channel is required")]
    MissingChannel,
    #[error("cart not found")]
    NotFound,
    #[error("a cart with this token exists already")]
    Exists,
    #[error("the cart has no item {0}")]
    ItemNotFound(i64),
    #[error("type must be product, treatment, voucher, package, reservation or reservation_with_package")]
    InvalidItemType,
    #[error("{field}: must be {reason}")]
    InvalidSearch { field: &'static str, reason: &'static str },
    #[error("{field}: no such product of this kind")]
    UnknownProduct { field: &'static str },
    #[error("{code} cannot be bought now")]
    ProductUnavailable { code: String },
    #[error("{code} is sold to adults only: the visitor must say they are of age first")]
    AgeConfirmationRequired { code: String },
    #[error("quantity must be between {min} and {max}")]
    InvalidQuantity { min: u32, max: u32 },
    #[error("{field}: must be {reason}")]
    InvalidStay { field: &'static str, reason: &'static str },
    #[error("{field}: must be between {min} and {max}")]
    InvalidGuests { field: &'static str, min: u32, max: u32 },
    #[error("options.priceOption: must be an index of the voucher's price options")]
    InvalidPriceOption { count: Option<usize> },
    #[error("a package with nights is booked with a stay")]
    PackageNeedsStay,
    #[error("the package needs a stay of at least {nights} nights")]
    PackageTooLong { nights: u32 },
    #[error("the package can be for at most {max} persons: one per adult of the stay")]
    TooManyPersons { max: u32 },
    #[error("only a reservation can have items attached")]
    NotAReservation,
    #[error("options.treatments: only a package has treatments")]
    NotAPackage,
    #[error("only a gift voucher has a dedication")]
    NotAVoucher,
    #[error("code: no gift voucher has this code")]
    VoucherUnknown,
    #[error("this gift voucher has nothing left")]
    VoucherSpent,
    #[error("this gift voucher has expired")]
    VoucherExpired,
    #[error("a gift voucher pays for a stay, a package, a treatment or a product, not for another gift voucher or an attached item")]
    VoucherNotApplicable,
    #[error("{field}: a name of 1 to 60 characters, a message of up to 300")]
    InvalidVoucherDetails { field: &'static str },
    #[error("{field}: not a valid e-mail address")]
    InvalidEmail { field: &'static str },
    #[error("the room cannot be booked for these dates and guests")]
    RoomUnavailable,
    #[error("this basket is an order already; start a new basket")]
    Completed,
    #[error("the {step} step is not possible in checkout state {state}")]
    StepNotAllowed { step: &'static str, state: &'static str },
    #[error("{code}: {fields:?}")]
    InvalidFields { code: &'static str, fields: Violations },
    #[error("method: not one of the methods offered")]
    UnknownMethod,
    #[error("the basket is empty")]
    EmptyCart,
    #[error("a basket holds at most {max} lines; place this order and start another")]
    BasketFull { max: usize },
    #[error("the price changed since the payment step: {now} (minor units) due now, not {was}; check the basket and confirm again")]
    PriceChanged { was: i64, now: i64 },
    #[error("unpaid orders placed with this e-mail hold {max} room-nights at most; pay them before booking more")]
    UnpaidNightsPerEmail { max: i64 },
    #[error("unpaid orders placed from this address hold {max} room-nights at most; pay them before booking more")]
    UnpaidNightsPerClient { max: i64 },
    #[error("an item of the basket cannot be bought now")]
    ItemsUnavailable,
    #[error("this room has just been booked for {from} - {to}")]
    RoomJustBooked { from: String, to: String },
    #[error("this Idempotency-Key completed another basket")]
    IdempotencyKeyReused,
    #[error("no order with this token")]
    OrderNotFound,
    #[error("this order cannot be paid online now")]
    OrderNotPayable,
    #[error("amount: the order awaits {expected} (minor units), not {got}")]
    AmountMismatch { expected: i64, got: i64 },
    #[error("reference: the bank's reference of the transfer, 1 to 140 characters")]
    InvalidTransfer,
    #[error("this order is not paid by bank transfer")]
    NotBankTransfer,
    #[error("this order was cancelled: its nights are no longer held")]
    OrderCancelled,
    #[error("this order is paid already")]
    OrderPaid,
    #[error("reference: this transfer paid another order")]
    TransferReferenceUsed,
    #[error("reference: the receipt's or card terminal's reference, 1 to 140 characters")]
    InvalidReceipt,
    #[error("this order still awaits its first payment")]
    AdvanceNotPaid,
    #[error("no payment with this id")]
    PaymentNotFound,
    #[error("reference: the refund's reference at the provider, 1 to 140 characters")]
    InvalidRefund,
    #[error("this payment is not due back")]
    NotRefundDue,
    #[error("reference: this payment was refunded with another reference")]
    PaymentRefunded,
    #[error("the order changed since it was read (version {current} now): read it again")]
    StaleVersion { current: i64 },
    #[error("reverses: this record was reversed already")]
    PaymentReversed,
    #[error("reverses: only money the front desk recorded can be reversed; an online payment is refunded")]
    NotReversible,
    #[error("fee: the policy keeps at most {max} (minor units) now")]
    FeeAbovePolicy { max: i64 },
    #[error("money came for this order, or its payment is under way: the guesthouse cancels it")]
    OrderNotCancellable,
    #[error("this stay has begun: it can no longer be moved")]
    StayStarted,
    #[error("this order's nights are no longer held or booked: it cannot be changed")]
    OrderNotChangeable,
    #[error("{0}: the payment notification does not check out")]
    InvalidNotification(&'static str),
    #[error(transparent)]
    Payment(#[from] crate::payments::PaymentError),
    /// A peer's answer passed on as it stands (a package configuration it
    /// refused, or the peer being unavailable).
    #[error(transparent)]
    Peer(#[from] Status),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl From<CartError> for Status {
    fn from(e: CartError) -> Self {
        let message = e.to_string();
        let invalid = |code: &str, field: &str| errors::invalid(code, message.clone(), &[(field, message.as_str())]);
        match e {
            CartError::MalformedToken => errors::invalid("invalid_token", message, &[("token", "16-64 characters [A-Za-z0-9_-]")]),
            CartError::WeakToken(why) => {
                let field = match why {
                    WeakToken::Length => "32-64 characters",
                    WeakToken::Characters => "only A-Z, a-z, 0-9, '-' and '_'",
                    WeakToken::TooRegular => "must be random (for example 32 random hex digits)",
                };
                errors::invalid("weak_token", format!("{message}: {field}"), &[("token", field)])
            }
            CartError::InvalidLocale => invalid("invalid_locale", "locale"),
            CartError::MissingChannel => invalid("invalid_channel", "channel"),
            CartError::NotFound => errors::with_details(Code::NotFound, "cart_not_found", message, &[]),
            // Never the other cart's contents: a client that reuses a token learns only that it is taken.
            CartError::Exists => errors::with_details(Code::AlreadyExists, "cart_exists", message, &[("token", "already in use")]),
            CartError::ItemNotFound(_) => errors::with_details(Code::NotFound, "item_not_found", message, &[("id", "no such item")]),
            CartError::InvalidItemType => invalid("invalid_item_type", "type"),
            CartError::UnknownProduct { field } => invalid("unknown_product", field),
            CartError::ProductUnavailable { .. } => {
                errors::with_details(Code::FailedPrecondition, "product_unavailable", message.clone(), &[("productCode", &message)])
            }
            CartError::AgeConfirmationRequired { .. } => {
                errors::with_details(Code::PermissionDenied, "age_confirmation_required", message, &[])
            }
            CartError::InvalidQuantity { .. } => invalid("invalid_quantity", "quantity"),
            CartError::InvalidStay { field, .. } => invalid("invalid_stay", field),
            CartError::InvalidGuests { field, .. } => invalid("invalid_guests", field),
            CartError::InvalidPriceOption { .. } => invalid("invalid_price_option", "options.priceOption"),
            CartError::PackageNeedsStay => invalid("package_needs_stay", "type"),
            CartError::PackageTooLong { .. } => invalid("package_too_long", "packageCode"),
            CartError::TooManyPersons { .. } => invalid("too_many_persons", "quantity"),
            CartError::NotAReservation => invalid("not_a_reservation", "id"),
            CartError::NotAVoucher => invalid("not_a_voucher", "options.dedication"),
            CartError::VoucherUnknown => invalid("voucher_code_unknown", "code"),
            CartError::VoucherSpent => {
                errors::with_details(Code::FailedPrecondition, "voucher_spent", message, &[("code", "nothing left")])
            }
            CartError::VoucherExpired => errors::with_details(Code::FailedPrecondition, "voucher_expired", message, &[("code", "expired")]),
            CartError::VoucherNotApplicable => invalid("voucher_not_applicable", "id"),
            CartError::InvalidVoucherDetails { field } => invalid("invalid_voucher_details", field),
            CartError::InvalidEmail { field } => invalid("invalid_email", field),
            CartError::InvalidSearch { field, .. } => invalid("invalid_parameter", field),
            CartError::NotAPackage => invalid("invalid_configuration", "options.treatments"),
            CartError::RoomUnavailable => {
                errors::with_details(Code::FailedPrecondition, "room_unavailable", message.clone(), &[("productCode", &message)])
            }
            CartError::Completed => errors::with_details(Code::FailedPrecondition, "checkout_completed", message, &[]),
            CartError::StepNotAllowed { state, .. } => {
                errors::with_args(Code::FailedPrecondition, "checkout_state", message, &[], &[("state", state)])
            }
            CartError::InvalidFields { code, ref fields } => {
                let violations: Vec<(&str, &str)> = fields.iter().map(|f| (*f, "not valid")).collect();
                errors::invalid(code, message.clone(), &violations)
            }
            CartError::UnknownMethod => invalid("invalid_method", "method"),
            CartError::EmptyCart => errors::with_details(Code::FailedPrecondition, "cart_empty", message, &[]),
            CartError::BasketFull { max } => {
                errors::with_args(Code::FailedPrecondition, "basket_full", message, &[], &[("max", &max.to_string())])
            }
            CartError::PriceChanged { was, now } => errors::with_args(
                Code::FailedPrecondition,
                "price_changed",
                message,
                &[],
                &[("was", &spa_platform::money::decimal(was)), ("now", &spa_platform::money::decimal(now))],
            ),
            CartError::UnpaidNightsPerEmail { max } => errors::with_args(
                Code::FailedPrecondition,
                "unpaid_limit",
                message,
                &[("customer.email", "too many unpaid room-nights")],
                &[("max", &max.to_string())],
            ),
            CartError::UnpaidNightsPerClient { max } => {
                errors::with_args(Code::FailedPrecondition, "unpaid_limit", message, &[], &[("max", &max.to_string())])
            }
            CartError::ItemsUnavailable => errors::with_details(Code::FailedPrecondition, "items_unavailable", message, &[]),
            CartError::RoomJustBooked { ref from, ref to } => {
                errors::with_args(Code::FailedPrecondition, "room_just_booked", message.clone(), &[], &[("from", from), ("to", to)])
            }
            CartError::IdempotencyKeyReused => errors::with_details(Code::FailedPrecondition, "idempotency_key_reused", message, &[]),
            CartError::OrderNotFound => errors::with_details(Code::NotFound, "order_not_found", message, &[]),
            CartError::OrderNotPayable => errors::with_details(Code::FailedPrecondition, "order_not_payable", message, &[]),
            CartError::InvalidNotification(field) => invalid("invalid_notification", field),
            CartError::AmountMismatch { expected, .. } => errors::with_args(
                Code::InvalidArgument,
                "amount_mismatch",
                message.clone(),
                &[("amount", &message)],
                &[("expected", &spa_platform::money::decimal(expected))],
            ),
            CartError::InvalidTransfer => invalid("invalid_transfer", "reference"),
            CartError::NotBankTransfer => errors::with_details(Code::FailedPrecondition, "not_bank_transfer", message, &[]),
            CartError::OrderCancelled => errors::with_details(Code::FailedPrecondition, "order_cancelled", message, &[]),
            CartError::OrderPaid => errors::with_details(Code::FailedPrecondition, "order_paid", message, &[]),
            CartError::TransferReferenceUsed => {
                errors::with_details(Code::FailedPrecondition, "transfer_reference_used", message.clone(), &[("reference", &message)])
            }
            CartError::InvalidReceipt => invalid("invalid_receipt", "reference"),
            CartError::AdvanceNotPaid => errors::with_details(Code::FailedPrecondition, "advance_not_paid", message, &[]),
            CartError::PaymentNotFound => errors::with_details(Code::NotFound, "payment_not_found", message, &[]),
            CartError::InvalidRefund => invalid("invalid_refund", "reference"),
            CartError::NotRefundDue => errors::with_details(Code::FailedPrecondition, "not_refund_due", message, &[]),
            CartError::PaymentRefunded => {
                errors::with_details(Code::FailedPrecondition, "payment_refunded", message.clone(), &[("reference", &message)])
            }
            CartError::StaleVersion { current } => {
                errors::with_args(Code::FailedPrecondition, "stale_version", message, &[], &[("version", &current.to_string())])
            }
            CartError::PaymentReversed => {
                errors::with_details(Code::FailedPrecondition, "payment_reversed", message.clone(), &[("reverses", &message)])
            }
            CartError::NotReversible => {
                errors::with_details(Code::FailedPrecondition, "not_reversible", message.clone(), &[("reverses", &message)])
            }
            CartError::FeeAbovePolicy { max } => errors::with_args(
                Code::FailedPrecondition,
                "fee_above_policy",
                message.clone(),
                &[("fee", &message)],
                &[("max", &spa_platform::money::decimal(max))],
            ),
            CartError::OrderNotCancellable => errors::with_details(Code::FailedPrecondition, "order_not_cancellable", message, &[]),
            CartError::StayStarted => errors::with_details(Code::FailedPrecondition, "stay_started", message, &[]),
            CartError::OrderNotChangeable => errors::with_details(Code::FailedPrecondition, "order_not_changeable", message, &[]),
            CartError::Payment(crate::payments::PaymentError::Unavailable(e)) => {
                tracing::warn!(error = %e, "payment provider unavailable");
                Status::unavailable("the payment provider is unavailable; retry")
            }
            CartError::Payment(e) => {
                tracing::warn!(error = %e, "payment provider refused");
                errors::with_details(Code::FailedPrecondition, "payment_refused", "the payment provider refused the payment", &[])
            }
            CartError::Peer(status) => status,
            CartError::Db(db) => errors::db(db),
        }
    }
}
