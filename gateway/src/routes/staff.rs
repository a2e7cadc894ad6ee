//! `/shop-api/backend/orders`: the guesthouse's staff look an order up by
//! the booking code a guest reads out or writes in a transfer's title, and
//! record the bank transfer that paid it, or the rest an advance payment
//! left, paid at the guesthouse. Receptionists and administrators look
//! orders up; only administrators record payments; the cart
//! service keeps the rules (one payment per order, the amount due exactly,
//! a transfer's reference recorded once). `/shop-api/backend/refunds`: the
//! payments that came for an order that no longer awaited them, until the
//! staff give them back at the provider and mark them refunded. None of
//! these answers is cached (`guard::security_headers`: `no-store`).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::Deserialize;
use serde::Serialize;
use spa_proto::spa::cart::v1::{
    CancelOrderRequest, FindOrderRequest, ListRefundsDueRequest, MarkRefundedRequest, RecordPaymentRequest, StaffPaymentRequest,
};
use spa_proto::spa::content::v1::ListOrderMailsRequest;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::session::{FrontDesk, Script, Staff};
use crate::wire::order::{StaffOrder, rfc3339};
use crate::wire::{OrderState, PaymentProvider, PaymentState};

/// How the front desk received money.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeskMethod {
    #[default]
    BankTransfer,
    CardTerminal,
    Cash,
}

impl DeskMethod {
    fn provider(self) -> PaymentProvider {
        match self {
            Self::BankTransfer => PaymentProvider::BankTransfer,
            Self::CardTerminal => PaymentProvider::CardTerminal,
            Self::Cash => PaymentProvider::Cash,
        }
    }
}

/// Money received for an order, or the reversal of a wrong record.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NewPayment {
    /// Grosze: what came (any part of what is open; beyond it, the rest
    /// is due back), or with `reverses` the reversed record's amount.
    #[schema(minimum = 1, maximum = 100_000_000)]
    pub amount: i64,
    /// How it came; with `reverses`, the reversed record's way is kept.
    pub method: DeskMethod,
    /// The statement's, receipt's or terminal's reference, or why a record
    /// is reversed (1 to 140 characters).
    #[schema(min_length = 1, max_length = 140)]
    pub reference: String,
    /// A payment's id (`payments[].id`) to reverse as wrong.
    #[schema(max_length = 128)]
    pub reverses: Option<String>,
}

impl Validate for NewPayment {
    fn validate(&self) -> ApiResult<()> {
        crate::extract::within(self.amount, 1..=100_000_000, ErrorCode::InvalidParameter, "amount")?;
        crate::extract::within(self.reference.chars().count(), 1..=140, ErrorCode::InvalidParameter, "reference")?;
        if self.reverses.as_ref().is_some_and(|id| id.len() > 128) {
            return Err(ApiError::field(ErrorCode::InvalidParameter, "reverses"));
        }
        Ok(())
    }
}

/// A cancellation decided on the order as read.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Cancellation {
    /// The order's `version` as read: a change since makes it a 409 `stale_version`.
    #[schema(minimum = 0)]
    pub version: i64,
    /// Grosze to keep: 0 up to the quote's `fee` (the staff may waive it).
    #[schema(minimum = 0)]
    pub fee: i64,
}

impl Validate for Cancellation {
    fn validate(&self) -> ApiResult<()> {
        crate::extract::within(self.version, 0..=i64::MAX, ErrorCode::InvalidParameter, "version")?;
        crate::extract::within(self.fee, 0..=i64::MAX, ErrorCode::InvalidParameter, "fee")
    }
}

/// What cancelling the order now keeps and gives back.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancellationQuote {
    /// The order's version this quote was made on.
    pub version: i64,
    /// What the policy keeps now, in grosze.
    pub fee: i64,
    /// Money received and kept so far.
    pub received: i64,
    /// The gift vouchers the order issued: they stay valid, so their value is kept.
    pub vouchers_kept: i64,
    /// What goes back with the whole fee kept.
    pub refund: i64,
    /// The last day a cancellation keeps nothing (YYYY-MM-DD); null without a stay.
    pub free_until: Option<String>,
    /// The policy: free until this many days before arrival,
    pub free_days: u32,
    /// then this share of the stays.
    pub fee_percent: u32,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(order))
        .routes(routes!(record_bank_transfer))
        .routes(routes!(record_rest_payment))
        .routes(routes!(record_payment))
        .routes(routes!(cancellation_quote, cancel_order))
        .routes(routes!(order_mails))
        .routes(routes!(refunds_due))
        .routes(routes!(mark_refunded))
}

pub(crate) const BOOKING_CODE: &str = "The order's booking code (`SPA-XXXX-XXXX`; letters in any case)";

/// A booking code is short; anything longer is not one.
pub(crate) fn booking_code(code: String) -> ApiResult<String> {
    if code.is_empty() || code.len() > 32 || !code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ApiError::field(ErrorCode::InvalidParameter, "bookingCode"));
    }
    Ok(code)
}

/// A payment to record, once the caller may record one: a script's call
/// by an administrator, for a well-formed booking code.
fn payment_request(staff: Staff, code: String, amount: i64, reference: String) -> ApiResult<StaffPaymentRequest> {
    Ok(StaffPaymentRequest { booking_code: booking_code(code)?, amount, reference, staff_id: staff.id })
}

/// An order by its booking code
///
/// For the front desk: the order as its guest sees it, with what it awaits
/// (`dueNow`), how it is paid, and the guest's details (name, e-mail,
/// phone, invoice details, notes).
#[utoipa::path(
    get,
    path = "/shop-api/backend/orders/{bookingCode}",
    tag = "staff",
    params(("bookingCode" = String, Path, description = BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"), ShopParams),
    responses(
        (status = 200, description = "The order, with the guest's details", body = StaffOrder),
        (status = 400, description = "A malformed booking code, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 404, description = "No order has this booking code (`order_not_found`)", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn order(State(state): State<AppState>, shop: Shop, _desk: FrontDesk, Path(code): Path<String>) -> ApiResult<Json<StaffOrder>> {
    let request = FindOrderRequest { booking_code: booking_code(code)? };
    let order = state.clients.orders.clone().find_order(request).await?.into_inner();
    Ok(Json(StaffOrder::of(order, shop.locale)?))
}

/// A bank transfer seen on the guesthouse's account.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BankTransfer {
    /// What arrived, in grosze: the order's `dueNow`, exactly.
    pub amount: i64,
    /// The transfer's reference on the bank statement (1 to 140
    /// characters). Recording one transfer again answers the order as it
    /// is, so a retry is harmless.
    pub reference: String,
}

impl Validate for BankTransfer {
    fn error_code(field: &str) -> ErrorCode {
        match field {
            "reference" => ErrorCode::InvalidTransfer,
            _ => ErrorCode::InvalidParameter,
        }
    }
}

/// Record a bank transfer
///
/// The order becomes paid, once: its nights are booked, its gift vouchers
/// get their codes, and the guest gets the payment's e-mail.
#[utoipa::path(
    post,
    path = "/shop-api/backend/orders/{bookingCode}/bank-transfers",
    tag = "staff",
    params(("bookingCode" = String, Path, description = BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"), ShopParams, crate::extract::ScriptMarker),
    request_body = BankTransfer,
    responses(
        (status = 200, description = "The order, paid (also when this transfer was recorded before)", body = StaffOrder),
        (status = 400, description = "Not the amount the order awaits (`amount_mismatch`, naming it), no reference (`invalid_transfer`), no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No order has this booking code (`order_not_found`)", body = ErrorBody),
        (status = 409, description = "The order is not paid by bank transfer (`not_bank_transfer`), was cancelled (`order_cancelled`) or is paid already (`order_paid`), or this reference paid another order (`transfer_reference_used`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry with the same reference", body = ErrorBody),
    )
)]
pub async fn record_bank_transfer(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    staff: Staff,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<BankTransfer>,
) -> ApiResult<Json<StaffOrder>> {
    let request = payment_request(staff, code, body.amount, body.reference)?;
    let order = state.clients.orders.clone().record_bank_transfer(request).await?.into_inner();
    Ok(Json(StaffOrder::of(order, shop.locale)?))
}

/// A payment that came for an order that no longer awaited it (cancelled
/// meanwhile, or paid by another payment): its money is to be given back.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refund {
    /// The payment's id (ours, as its provider knows it).
    pub payment_id: String,
    /// The order it came for.
    pub booking_code: String,
    /// The order's state.
    pub order_state: OrderState,
    /// Where the money came through.
    pub provider: PaymentProvider,
    /// What to give back, in grosze: the payment, or its part not kept for
    /// gift vouchers the order issued (an order that lost its nights).
    pub amount: i64,
    /// The provider's id of the transaction, to find it in its panel.
    pub provider_reference: Option<String>,
    /// When it came (RFC 3339).
    pub paid_at: Option<String>,
    /// `refund_due` or `refunded`.
    pub state: PaymentState,
    /// The refund's reference at the provider, once refunded.
    pub refund_reference: Option<String>,
    /// When it was marked refunded (RFC 3339).
    pub refunded_at: Option<String>,
}

impl Refund {
    /// A refund as the cart sent it; an unknown state is the cart's fault (500).
    fn of(r: spa_proto::spa::cart::v1::Refund) -> ApiResult<Self> {
        let unknown = || ApiError::from(tonic::Status::internal("a refund in an unknown state"));
        Ok(Self {
            payment_id: r.payment_id,
            booking_code: r.booking_code,
            order_state: OrderState::from_wire(r.order_state).ok_or_else(unknown)?,
            provider: PaymentProvider::from_wire(r.provider).ok_or_else(unknown)?,
            amount: r.amount,
            provider_reference: Some(r.provider_ref).filter(|s| !s.is_empty()),
            paid_at: rfc3339(r.paid_at),
            state: PaymentState::from_wire(r.state).ok_or_else(unknown)?,
            refund_reference: Some(r.refund_reference).filter(|s| !s.is_empty()),
            refunded_at: rfc3339(r.refunded_at),
        })
    }
}

/// The payments to give back.
#[derive(Debug, Serialize, ToSchema)]
pub struct Refunds {
    /// Oldest first; at most 200.
    pub items: Vec<Refund>,
}

/// Payments to give back
///
/// For the staff: money that came for an order that no longer awaited it,
/// as when an order was cancelled while its guest was paying, or paid
/// twice. Each stays here until it is marked refunded.
#[utoipa::path(
    get,
    path = "/shop-api/backend/refunds",
    tag = "staff",
    params(ShopParams),
    responses(
        (status = 200, description = "The payments to give back, oldest first", body = Refunds),
        (status = 400, description = "A bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn refunds_due(State(state): State<AppState>, _shop: Shop, _staff: Staff) -> ApiResult<Json<Refunds>> {
    let refunds = state.clients.orders.clone().list_refunds_due(ListRefundsDueRequest {}).await?.into_inner();
    let items = refunds.refunds.into_iter().map(Refund::of).collect::<ApiResult<_>>()?;
    Ok(Json(Refunds { items }))
}

/// What an advance payment left, paid at the guesthouse.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RestPayment {
    /// What was paid, in grosze: what the advance payment left, exactly
    /// (the total less gift vouchers less the advance).
    pub amount: i64,
    /// The receipt's or card terminal's reference, or the transfer's (1 to
    /// 140 characters). Recording it again answers the order as it is, so
    /// a retry is harmless.
    pub reference: String,
}

impl Validate for RestPayment {
    fn error_code(field: &str) -> ErrorCode {
        match field {
            "reference" => ErrorCode::InvalidReceipt,
            _ => ErrorCode::InvalidParameter,
        }
    }
}

/// Record the rest paid at the guesthouse
///
/// For an order whose advance payment came (`partially_paid`): the guest
/// paid the rest at the guesthouse, and the order becomes paid in full,
/// once. Its nights were confirmed with the advance, so nothing else
/// follows.
#[utoipa::path(
    post,
    path = "/shop-api/backend/orders/{bookingCode}/rest-payments",
    tag = "staff",
    params(("bookingCode" = String, Path, description = BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"), ShopParams, crate::extract::ScriptMarker),
    request_body = RestPayment,
    responses(
        (status = 200, description = "The order, paid in full (also when this payment was recorded before)", body = StaffOrder),
        (status = 400, description = "Not the amount the advance left (`amount_mismatch`, naming it), no reference (`invalid_receipt`), no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No order has this booking code (`order_not_found`)", body = ErrorBody),
        (status = 409, description = "The order still awaits its first payment (`advance_not_paid`), was cancelled (`order_cancelled`) or is paid in full (`order_paid`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry with the same reference", body = ErrorBody),
    )
)]
pub async fn record_rest_payment(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    staff: Staff,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<RestPayment>,
) -> ApiResult<Json<StaffOrder>> {
    let request = payment_request(staff, code, body.amount, body.reference)?;
    let order = state.clients.orders.clone().record_rest_payment(request).await?.into_inner();
    Ok(Json(StaffOrder::of(order, shop.locale)?))
}

/// A refund made at the payment provider.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RefundMade {
    /// The refund's reference in the provider's panel (1 to 140
    /// characters). Marking a payment again with the same reference
    /// answers it as it is, so a retry is harmless.
    pub reference: String,
}

impl Validate for RefundMade {
    fn error_code(field: &str) -> ErrorCode {
        match field {
            "reference" => ErrorCode::InvalidRefund,
            _ => ErrorCode::InvalidParameter,
        }
    }
}

/// Mark a payment refunded
///
/// The staff gave the money back at the provider; the payment leaves the
/// list of payments to give back. Nothing else changes: the order keeps its
/// state.
#[utoipa::path(
    put,
    path = "/shop-api/backend/refunds/{paymentId}",
    tag = "staff",
    params(("paymentId" = String, Path, description = "The payment's id (`paymentId` of the list)"), ShopParams, crate::extract::ScriptMarker),
    request_body = RefundMade,
    responses(
        (status = 200, description = "The payment, refunded (also when it was marked with this reference before)", body = Refund),
        (status = 400, description = "No reference (`invalid_refund`), no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No payment has this id (`payment_not_found`)", body = ErrorBody),
        (status = 409, description = "The payment is not due back (`not_refund_due`), or was marked refunded with another reference (`payment_refunded`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry with the same reference", body = ErrorBody),
    )
)]
pub async fn mark_refunded(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    staff: Staff,
    Path(payment_id): Path<String>,
    JsonBody(body): JsonBody<RefundMade>,
) -> ApiResult<Json<Refund>> {
    let staff_id = staff.id;
    if payment_id.is_empty() || payment_id.len() > 128 {
        return Err(ApiError::field(ErrorCode::InvalidParameter, "paymentId"));
    }
    let request = MarkRefundedRequest { payment_id, reference: body.reference, staff_id };
    let refund = state.clients.orders.clone().mark_refunded(request).await?.into_inner();
    Ok(Json(Refund::of(refund)?))
}

/// The client's key of a front desk write: a retry with it is harmless.
fn idempotency_key(headers: &HeaderMap) -> ApiResult<String> {
    match headers.get("idempotency-key").and_then(|v| v.to_str().ok()) {
        Some(k) if (16..=64).contains(&k.len()) && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') => {
            Ok(k.to_owned())
        }
        _ => Err(ApiError::field(ErrorCode::InvalidRequest, "Idempotency-Key")),
    }
}

/// Record money received
///
/// For the front desk (receptionists and administrators): any amount
/// received for an order by bank transfer, the card terminal or cash, with
/// its reference. The first money confirms an unpaid order's nights; the
/// order is `partially_paid` until its total is reached; what exceeds it
/// is due back (on the refunds list). No record is edited or deleted: a
/// wrong one is reversed by another naming it (`reverses`). Each record
/// goes into the order's history with who made it.
#[utoipa::path(
    post,
    path = "/shop-api/backend/orders/{bookingCode}/payments",
    tag = "staff",
    params(
        ("bookingCode" = String, Path, description = BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"),
        ("Idempotency-Key" = String, Header, description = "16 to 64 letters, digits, '-' or '_', new for each payment; a retry with it answers the order as it is", pattern = "^[A-Za-z0-9_-]{16,64}$"),
        ShopParams,
        crate::extract::ScriptMarker
    ),
    request_body = NewPayment,
    responses(
        (status = 200, description = "The order with the record (also when this key was recorded before)", body = StaffOrder),
        (status = 400, description = "A malformed body or Idempotency-Key, no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 404, description = "No order has this booking code (`order_not_found`), or no payment of it this id (`payment_not_found`)", body = ErrorBody),
        (status = 409, description = "The order was cancelled (`order_cancelled`), the record was reversed already (`payment_reversed`), or is an online payment (`not_reversible`)", body = ErrorBody),
        (status = 422, description = "A reversal's amount is not the record's (`amount_mismatch`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry with the same Idempotency-Key", body = ErrorBody),
    )
)]
pub async fn record_payment(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    desk: FrontDesk,
    headers: HeaderMap,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<NewPayment>,
) -> ApiResult<Json<StaffOrder>> {
    let request = RecordPaymentRequest {
        booking_code: booking_code(code)?,
        amount: body.amount,
        method: body.method.provider().wire(),
        reference: body.reference,
        reverses: body.reverses.unwrap_or_default(),
        idempotency_key: idempotency_key(&headers)?,
        staff: desk.email,
    };
    let order = state.clients.orders.clone().record_payment(request).await?.into_inner();
    Ok(Json(StaffOrder::of(order, shop.locale)?))
}

/// What cancelling costs
///
/// For the front desk: what cancelling the order now keeps by the
/// cancellation policy (free until its days before the first arrival,
/// then a share of the stays) and gives back, shown before confirming.
#[utoipa::path(
    get,
    path = "/shop-api/backend/orders/{bookingCode}/cancellation",
    tag = "staff",
    params(("bookingCode" = String, Path, description = BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"), ShopParams),
    responses(
        (status = 200, description = "What a cancellation now keeps and gives back", body = CancellationQuote),
        (status = 400, description = "A malformed booking code, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 404, description = "No order has this booking code (`order_not_found`)", body = ErrorBody),
        (status = 409, description = "The order is cancelled already (`order_cancelled`)", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn cancellation_quote(
    State(state): State<AppState>,
    _shop: Shop,
    _desk: FrontDesk,
    Path(code): Path<String>,
) -> ApiResult<Json<CancellationQuote>> {
    let request = FindOrderRequest { booking_code: booking_code(code)? };
    let q = state.clients.orders.clone().quote_cancellation(request).await?.into_inner();
    Ok(Json(CancellationQuote {
        version: q.version,
        fee: q.fee,
        received: q.received,
        vouchers_kept: q.vouchers_kept,
        refund: q.refund,
        free_until: Some(q.free_until).filter(|d| !d.is_empty()),
        free_days: q.free_days,
        fee_percent: q.fee_percent,
    }))
}

/// Cancel an order
///
/// For the front desk: the order is cancelled, paid or not, as decided on
/// its `version`: its nights are for sale again at once, what it received
/// beyond the fee (and the gift vouchers it issued) is due back on the
/// refunds list, gift vouchers it spent get their balance back, and the
/// guest gets the cancellation e-mail in their language. The same request
/// again answers the cancelled order.
#[utoipa::path(
    post,
    path = "/shop-api/backend/orders/{bookingCode}/cancellation",
    tag = "staff",
    params(("bookingCode" = String, Path, description = BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"), ShopParams, crate::extract::ScriptMarker),
    request_body = Cancellation,
    responses(
        (status = 200, description = "The order, cancelled", body = StaffOrder),
        (status = 400, description = "A malformed body or booking code, no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 404, description = "No order has this booking code (`order_not_found`)", body = ErrorBody),
        (status = 409, description = "The order changed since it was read (`stale_version`, `args.version` now), was cancelled (`order_cancelled`), or the fee is above the policy's (`fee_above_policy`, `args.max`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn cancel_order(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    desk: FrontDesk,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<Cancellation>,
) -> ApiResult<Json<StaffOrder>> {
    let request = CancelOrderRequest { booking_code: booking_code(code)?, version: body.version, fee: body.fee, staff: desk.email };
    let order = state.clients.orders.clone().cancel_order(request).await?.into_inner();
    Ok(Json(StaffOrder::of(order, shop.locale)?))
}

/// An e-mail about an order: to whom, what, and whether it left.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderMail {
    pub recipient: String,
    pub subject: String,
    /// When it was queued (RFC 3339).
    pub queued_at: Option<String>,
    /// When the mail server took it (RFC 3339); null while it waits.
    pub sent_at: Option<String>,
    /// Failed attempts so far (each retried later).
    pub attempts: u32,
    /// Why the last attempt failed; null when none did.
    pub last_error: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderMails {
    pub items: Vec<OrderMail>,
}

/// The e-mails an order sent
///
/// For the front desk: every e-mail the order's events queued (the guest's
/// summary, payment confirmations, updated confirmations, the cancellation,
/// gift vouchers, and the guesthouse's own notices), oldest first, with
/// whether and when each was sent; never their bodies.
#[utoipa::path(
    get,
    path = "/shop-api/backend/orders/{bookingCode}/mails",
    tag = "staff",
    params(("bookingCode" = String, Path, description = BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"), ShopParams),
    responses(
        (status = 200, description = "The order's e-mails; none for a code no order has", body = OrderMails),
        (status = 400, description = "A malformed booking code, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn order_mails(
    State(state): State<AppState>,
    _shop: Shop,
    _desk: FrontDesk,
    Path(code): Path<String>,
) -> ApiResult<Json<OrderMails>> {
    let request = ListOrderMailsRequest { booking_code: booking_code(code)? };
    let mails = state.clients.content.clone().list_order_mails(request).await?.into_inner().mails;
    let items = mails
        .into_iter()
        .map(|m| OrderMail {
            recipient: m.recipient,
            subject: m.subject,
            queued_at: rfc3339(m.queued_at_ms),
            sent_at: rfc3339(m.sent_at_ms),
            attempts: m.attempts,
            last_error: Some(m.last_error).filter(|e| !e.is_empty()),
        })
        .collect();
    Ok(Json(OrderMails { items }))
}
