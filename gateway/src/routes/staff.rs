//! `/shop-api/backend/orders`: the guesthouse's staff look an order up by
//! the booking code a guest reads out or writes in a transfer's title, and
//! record the bank transfer that paid it. Administrators only; the cart
//! service keeps the rules (one payment per order, the amount due exactly,
//! a transfer's reference recorded once).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use spa_proto::spa::cart::v1::{FindOrderRequest, RecordBankTransferRequest};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::routes::checkout::Order;
use crate::routes::me;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(order)).routes(routes!(record_bank_transfer))
}

/// Who may see any order and record its payment.
const STAFF: [&str; 1] = ["admin"];

const BOOKING_CODE: &str = "The order's booking code (`SPA-XXXX-XXXX`; letters in any case)";

/// A booking code is short; anything longer is not one.
fn booking_code(code: String) -> ApiResult<String> {
    if code.is_empty() || code.len() > 32 {
        return Err(ApiError::field(ErrorCode::InvalidParameter, "bookingCode"));
    }
    Ok(code)
}

/// An order by its booking code
///
/// For the staff: the order as its guest sees it, with what it awaits
/// (`dueNow`) and how it is paid.
#[utoipa::path(
    get,
    path = "/shop-api/backend/orders/{bookingCode}",
    tag = "staff",
    params(("bookingCode" = String, Path, description = BOOKING_CODE), ShopParams),
    responses(
        (status = 200, description = "The order", body = Order),
        (status = 400, description = "A malformed booking code, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No order has this booking code (`order_not_found`)", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn order(State(state): State<AppState>, shop: Shop, headers: HeaderMap, Path(code): Path<String>) -> ApiResult<Response> {
    me::with_role(&state, &headers, &STAFF).await?;
    let request = FindOrderRequest { booking_code: booking_code(code)? };
    let order = state.clients.checkout.clone().find_order(request).await?.into_inner();
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(Order::of(order, shop.locale))).into_response())
}

/// A bank transfer seen on the guesthouse's account.
#[derive(Debug, Default, Deserialize, ToSchema)]
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
    params(("bookingCode" = String, Path, description = BOOKING_CODE), ShopParams),
    request_body = BankTransfer,
    responses(
        (status = 200, description = "The order, paid (also when this transfer was recorded before)", body = Order),
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
    headers: HeaderMap,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<BankTransfer>,
) -> ApiResult<Json<Order>> {
    me::require_script(&headers)?;
    let staff_id = me::with_role(&state, &headers, &STAFF).await?;
    let request = RecordBankTransferRequest { booking_code: booking_code(code)?, amount: body.amount, reference: body.reference, staff_id };
    let order = state.clients.checkout.clone().record_bank_transfer(request).await?.into_inner();
    Ok(Json(Order::of(order, shop.locale)))
}
