//! The one error type of the REST surface: every failure becomes a JSON body
//! `{code, message, errors?}` with a fitting status. `code` is one of the
//! declared [`ErrorCode`]s; `message` (and each field error's message) is
//! written in the request's locale from the translation catalogue
//! ([`crate::i18n`]) when the answer leaves the gateway. Internal details are
//! logged, never sent.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use tonic::Code;
use utoipa::ToSchema;

use crate::i18n::{self, Locale};

/// Declares [`ErrorCode`] with each code's wire spelling, once.
macro_rules! error_codes {
    ($($(#[$doc:meta])* $variant:ident => $name:literal,)*) => {
        /// Every error code the REST surface answers with. The web maps none
        /// of them to text of its own: the message comes with the answer,
        /// localized.
        // The schema reads `rename_all`, not a rename passed through a macro;
        // a test keeps `as_str` equal to the serde spelling.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)*
        }

        impl ErrorCode {
            /// Every code, for the catalogue's completeness check.
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$variant),*];

            /// The wire spelling, e.g. `invalid_stay`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $name,)*
                }
            }
        }
    };
}

error_codes! {
    // Bad input (400, 413, 415).
    InvalidRequest => "invalid_request",
    InvalidParameter => "invalid_parameter",
    InvalidBody => "invalid_body",
    InvalidCharacters => "invalid_characters",
    UnsupportedMediaType => "unsupported_media_type",
    PayloadTooLarge => "payload_too_large",
    UnknownChannel => "unknown_channel",
    InvalidLocale => "invalid_locale",
    InvalidLimit => "invalid_limit",
    InvalidSorting => "invalid_sorting",
    InvalidPriceRange => "invalid_price_range",
    InvalidNights => "invalid_nights",
    InvalidSettings => "invalid_settings",
    InvalidProduct => "invalid_product",
    ProductExists => "product_exists",
    SlugTaken => "slug_taken",
    InvalidPicture => "invalid_picture",
    StockChanged => "stock_changed",
    InvalidRoomType => "invalid_room_type",
    UnitsNeeded => "units_needed",
    InvalidSeasons => "invalid_seasons",
    PictureNotFound => "picture_not_found",
    UnknownTaxon => "unknown_taxon",
    TooManyTaxons => "too_many_taxons",
    InvalidStay => "invalid_stay",
    InvalidGuests => "invalid_guests",
    InvalidConfiguration => "invalid_configuration",
    InvalidToken => "invalid_token",
    WeakToken => "weak_token",
    InvalidEmail => "invalid_email",
    InvalidName => "invalid_name",
    WeakPassword => "weak_password",
    UnknownPackage => "unknown_package",
    InvalidItemType => "invalid_item_type",
    UnknownProduct => "unknown_product",
    InvalidQuantity => "invalid_quantity",
    InvalidPriceOption => "invalid_price_option",
    PackageNeedsStay => "package_needs_stay",
    PackageTooLong => "package_too_long",
    TooManyPersons => "too_many_persons",
    NotAReservation => "not_a_reservation",
    NotAVoucher => "not_a_voucher",
    InvalidVoucherDetails => "invalid_voucher_details",
    InvalidAddress => "invalid_address",
    InvalidVoucherConfiguration => "invalid_voucher_configuration",
    InvalidMethod => "invalid_method",
    InvalidNotification => "invalid_notification",
    VoucherCodeUnknown => "voucher_code_unknown",
    InvalidUrl => "invalid_url",
    InvalidHtml => "invalid_html",
    InvalidChannel => "invalid_channel",
    VoucherNotApplicable => "voucher_not_applicable",
    AmountMismatch => "amount_mismatch",
    InvalidTransfer => "invalid_transfer",
    InvalidRefund => "invalid_refund",
    InvalidReceipt => "invalid_receipt",
    InvalidRole => "invalid_role",
    InvalidQuestion => "invalid_question",
    UnknownOption => "unknown_option",
    // Not found (404, 405).
    NotFound => "not_found",
    MethodNotAllowed => "method_not_allowed",
    UnknownType => "unknown_type",
    UnknownAssociation => "unknown_association",
    ProductNotFound => "product_not_found",
    TaxonNotFound => "taxon_not_found",
    PackageNotFound => "package_not_found",
    UnknownRoom => "unknown_room",
    CartNotFound => "cart_not_found",
    ItemNotFound => "item_not_found",
    HoldNotFound => "hold_not_found",
    OrderNotFound => "order_not_found",
    PaymentNotFound => "payment_not_found",
    StaffNotFound => "staff_not_found",
    PageNotFound => "page_not_found",
    BlockNotFound => "block_not_found",
    ChannelNotFound => "channel_not_found",
    RevisionNotFound => "revision_not_found",
    UnknownNewsletterToken => "unknown_newsletter_token",
    // Conflicts (409).
    Conflict => "conflict",
    CartExists => "cart_exists",
    NewsletterExists => "newsletter_exists",
    EmailTaken => "email_taken",
    RoomUnavailable => "room_unavailable",
    ProductUnavailable => "product_unavailable",
    HoldConflict => "hold_conflict",
    InvalidLink => "invalid_link",
    /// A provider's login names the e-mail of an account whose e-mail was
    /// never verified (the login page shows it as `?login=unverified`).
    IdentityUnverifiedAccount => "identity_unverified_account",
    /// A provider's login names a staff account, which logs in with its
    /// password only (the login page shows it as `?login=staff`).
    IdentityStaffAccount => "identity_staff_account",
    CheckoutCompleted => "checkout_completed",
    CheckoutState => "checkout_state",
    CartEmpty => "cart_empty",
    ItemsUnavailable => "items_unavailable",
    RoomJustBooked => "room_just_booked",
    IdempotencyKeyReused => "idempotency_key_reused",
    OrderNotPayable => "order_not_payable",
    PaymentRefused => "payment_refused",
    VoucherSpent => "voucher_spent",
    BlockChanged => "block_changed",
    TooManySlides => "too_many_slides",
    SyncRunning => "sync_running",
    VoucherExpired => "voucher_expired",
    AlreadyVoted => "already_voted",
    NotBankTransfer => "not_bank_transfer",
    OrderCancelled => "order_cancelled",
    OrderPaid => "order_paid",
    TransferReferenceUsed => "transfer_reference_used",
    /// A basket holds a bounded number of lines (`args.max`).
    BasketFull => "basket_full",
    /// What completion would charge differs from what the payment step
    /// showed (`args.was`, `args.now`, in PLN): the guest confirms again.
    PriceChanged => "price_changed",
    /// Unpaid orders of this e-mail or client hold their cap of room-nights (`args.max`).
    UnpaidLimit => "unpaid_limit",
    NotRefundDue => "not_refund_due",
    AdvanceNotPaid => "advance_not_paid",
    PaymentRefunded => "payment_refunded",
    /// The order changed since the caller read it (`args.version`: its version now).
    StaleVersion => "stale_version",
    PaymentReversed => "payment_reversed",
    NotReversible => "not_reversible",
    /// The fee is above what the cancellation policy keeps now (`args.max`, PLN).
    FeeAbovePolicy => "fee_above_policy",
    OrderNotCancellable => "order_not_cancellable",
    /// Units put out of order are booked or held that night.
    UnitsTaken => "units_taken",
    /// The stay has begun: it can no longer be moved.
    StayStarted => "stay_started",
    /// The order's nights are no longer held or booked: it cannot be changed.
    OrderNotChangeable => "order_not_changeable",
    /// The change would leave the house without an active administrator.
    LastAdmin => "last_admin",
    // Who is asking (401, 403).
    Unauthenticated => "unauthenticated",
    InvalidCredentials => "invalid_credentials",
    NotLoggedIn => "not_logged_in",
    Forbidden => "forbidden",
    /// An age-restricted product is added without the visitor having said
    /// they are of age (cookie `agePermission`).
    AgeConfirmationRequired => "age_confirmation_required",
    // The shop itself (408, 429, 500, 503).
    RequestTimeout => "request_timeout",
    TooManyRequests => "too_many_requests",
    TooManyAttempts => "too_many_attempts",
    Overloaded => "overloaded",
    ServiceUnavailable => "service_unavailable",
    WeatherUnavailable => "weather_unavailable",
    InternalError => "internal_error",
}

impl ErrorCode {
    /// A code a service sent in its status details.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.as_str() == s)
    }

    /// The status a code always answers with, whatever asked for it. 400
    /// is kept for what the OpenAPI document itself rules out (a type, an
    /// enum, a pattern, a length, a missing field): a request the document
    /// allows is never a 400. It may still break a rule no schema can state
    /// (check-out after check-in, dates from today, a NIP's checksum, the
    /// room's capacity, a package's make-up, a token's randomness): 422,
    /// naming the rule. A thing named that does not exist: 404. What the
    /// basket's or order's state refuses: 409.
    pub fn fixed_status(self) -> Option<StatusCode> {
        use ErrorCode::*;
        match self {
            InvalidPriceRange
            | InvalidStay
            | InvalidGuests
            | InvalidConfiguration
            | WeakToken
            | WeakPassword
            | InvalidEmail
            | InvalidName
            | PackageNeedsStay
            | PackageTooLong
            | TooManyPersons
            | InvalidVoucherDetails
            | InvalidAddress
            | InvalidVoucherConfiguration
            | InvalidQuantity
            | InvalidPriceOption
            | InvalidMethod
            | AmountMismatch
            | InvalidTransfer
            | InvalidRefund
            | InvalidReceipt
            | InvalidQuestion
            | InvalidHtml
            | TooManyTaxons
            | InvalidNights
            | InvalidSettings
            | InvalidProduct
            | InvalidPicture
            | InvalidRoomType
            | InvalidSeasons
            | InvalidChannel => Some(StatusCode::UNPROCESSABLE_ENTITY),
            UnknownProduct | UnknownPackage | UnknownTaxon | VoucherCodeUnknown | UnknownOption | UnknownNewsletterToken | UnknownRoom => {
                Some(StatusCode::NOT_FOUND)
            }
            NotAReservation | NotAVoucher | VoucherNotApplicable => Some(StatusCode::CONFLICT),
            _ => None,
        }
    }
}

/// One wrong field of a request, shown beside that field.
#[derive(Debug, Serialize, Clone, PartialEq, Eq, ToSchema)]
pub struct FieldError {
    /// The query parameter or body field, as the request spelled it
    /// (`options.from`, `taxon[]`).
    pub field: String,
    /// What is wrong, in the request's locale.
    pub message: String,
}

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub code: ErrorCode,
    /// What went wrong, in the request's locale, fit for a notification.
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub errors: Vec<FieldError>,
}

/// A failure on its way to the visitor: a code, the values its message
/// names, and the fields it concerns. Rendered by [`ApiError::render`].
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    /// Values the catalogue's message may use (`$seconds`, `$from`).
    pub args: BTreeMap<String, String>,
    pub fields: Vec<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode) -> Self {
        Self { status, code, args: BTreeMap::new(), fields: Vec::new() }
    }

    /// A 400 naming one field (or the code's own status, see
    /// [`ErrorCode::fixed_status`]).
    pub fn field(code: ErrorCode, field: &str) -> Self {
        Self::new(code.fixed_status().unwrap_or(StatusCode::BAD_REQUEST), code).with_field(field)
    }

    /// A 400 naming one field, whatever the code: the request breaks the
    /// OpenAPI document itself (its type, range, enum or pattern).
    pub fn malformed(code: ErrorCode, field: &str) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code).with_field(field)
    }

    pub fn with_field(mut self, field: &str) -> Self {
        self.fields.push(field.to_owned());
        self
    }

    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.insert(name.to_owned(), value.to_string());
        self
    }

    pub fn not_found(code: ErrorCode) -> Self {
        Self::new(StatusCode::NOT_FOUND, code)
    }

    pub fn unavailable() -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::ServiceUnavailable)
    }

    /// The body in `locale`.
    pub fn render(&self, locale: Locale) -> ErrorBody {
        let message = i18n::error_message(locale, self.code, &self.args, None);
        let errors = self
            .fields
            .iter()
            .map(|field| FieldError { field: field.clone(), message: i18n::error_message(locale, self.code, &self.args, Some(field)) })
            .collect();
        ErrorBody { code: self.code, message, errors }
    }
}

impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> Self {
        let details = spa_platform::errors::details(&status);
        let (http, default_code) = match status.code() {
            Code::InvalidArgument | Code::OutOfRange => (StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest),
            Code::NotFound => (StatusCode::NOT_FOUND, ErrorCode::NotFound),
            Code::AlreadyExists | Code::FailedPrecondition | Code::Aborted => (StatusCode::CONFLICT, ErrorCode::Conflict),
            Code::Unauthenticated => (StatusCode::UNAUTHORIZED, ErrorCode::Unauthenticated),
            Code::PermissionDenied => (StatusCode::FORBIDDEN, ErrorCode::Forbidden),
            Code::ResourceExhausted => (StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManyRequests),
            // A peer that is down, slow past its deadline, or cut off.
            Code::Unavailable | Code::DeadlineExceeded | Code::Cancelled => {
                tracing::warn!(grpc_code = ?status.code(), message = status.message(), "upstream unavailable");
                return Self::unavailable();
            }
            _ => {
                tracing::error!(grpc_code = ?status.code(), message = status.message(), "upstream failed");
                return Self::new(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::InternalError);
            }
        };
        let Some(details) = details else { return Self::new(http, default_code) };
        let code = match ErrorCode::parse(&details.code) {
            Some(code) => code,
            None => {
                // A service speaks a code this surface has not declared: the
                // visitor still gets the status's general message.
                tracing::warn!(code = %details.code, message = status.message(), "undeclared error code from a service");
                default_code
            }
        };
        let mut error = Self::new(code.fixed_status().unwrap_or(http), code);
        error.fields = details.violations.into_iter().map(|v| v.field).collect();
        error.args = details.args.into_iter().collect();
        error
    }
}

impl IntoResponse for ApiError {
    /// Rendered in the locale that [`crate::i18n::localize_errors`] found
    /// for the request (Polish outside one).
    fn into_response(self) -> Response {
        let body = self.render(i18n::request_locale());
        let mut response = (self.status, Json(body)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_spell_as_on_the_wire() {
        for &code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str(), "{code:?}");
            assert_eq!(ErrorCode::parse(code.as_str()), Some(code));
        }
        assert_eq!(ErrorCode::parse("no_such_code"), None);
    }

    #[test]
    fn service_codes_and_fields_pass_through() {
        let status = spa_platform::errors::invalid("invalid_stay", "to: before from", &[("to", "before from")]);
        let error = ApiError::from(status);
        assert_eq!(
            (error.status, error.code, error.fields.as_slice()),
            (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::InvalidStay, &["to".to_owned()][..])
        );
        let odd = spa_platform::errors::with_details(Code::NotFound, "brand_new_code", "x", &[]);
        assert_eq!(ApiError::from(odd).code, ErrorCode::NotFound);
        assert_eq!(ApiError::from(tonic::Status::unavailable("down")).status, StatusCode::SERVICE_UNAVAILABLE);
    }

    /// Every code a service puts in its status details is declared here, so
    /// none reaches a visitor as the general fallback.
    #[test]
    fn every_code_the_services_send_is_declared() {
        // Sent only on calls the REST surface never makes (the cart turns
        // the catalog's `sold_out` into `items_unavailable`).
        const INTERNAL: [&str; 3] = ["too_many_codes", "invalid_channel", "sold_out"];
        let services = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../services");
        let mut found = Vec::new();
        for service in std::fs::read_dir(&services).unwrap() {
            let src = service.unwrap().path().join("src");
            for file in std::fs::read_dir(&src).into_iter().flatten() {
                let text = std::fs::read_to_string(file.unwrap().path()).unwrap_or_default();
                for call in ["errors::invalid(", "errors::with_details("] {
                    for (at, _) in text.match_indices(call) {
                        // The code is the first argument after the status, when a literal.
                        let mut rest = text[at + call.len()..].trim_start();
                        if rest.starts_with("Code::") {
                            rest = rest.split_once(',').map_or("", |(_, r)| r).trim_start();
                        }
                        if let Some(literal) = rest.strip_prefix('"') {
                            found.push(literal.split('"').next().unwrap_or_default().to_owned());
                        }
                    }
                }
            }
        }
        assert!(found.len() > 20, "the scan finds the services' codes: {found:?}");
        for code in found.iter().filter(|c| !INTERNAL.contains(&c.as_str())) {
            assert!(ErrorCode::parse(code).is_some(), "{code} is sent by a service but not declared in ErrorCode");
        }
    }
}
