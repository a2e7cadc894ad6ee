//! `GET /shop-api/me`: the logged-in customer, or an empty response;
//! `POST` creates one, `PUT` changes the profile.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_proto::spa::users::v1::{ChangePasswordRequest, UpdateProfileRequest};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{JsonBody, Shop, Validate};
use crate::guard::Client;
use crate::routes::account::Registration;
use crate::session::{Customer, require_script, session_token_or_401, unauthorized};
use crate::wire::Account;
use crate::wire::order::Order;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me, create_me, update_me)).routes(routes!(change_password)).routes(routes!(my_orders))
}

/// The logged-in customer's orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyOrders {
    /// Newest first: each with its booking code, lines (stays with their
    /// dates and room), state, amounts, paid and left to pay.
    pub items: Vec<Order>,
}

/// The customer's orders and bookings
///
/// Orders placed while logged in, and a guest's orders placed with the
/// e-mail address the customer verified.
#[utoipa::path(
    get,
    path = "/shop-api/me/orders",
    tag = "user",
    params(crate::extract::ShopParams),
    responses(
        (status = 200, description = "The orders, newest first", body = MyOrders),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn my_orders(
    State(state): State<AppState>,
    shop: crate::extract::Shop,
    Customer(customer): Customer,
) -> ApiResult<Json<MyOrders>> {
    let request = spa_proto::spa::cart::v1::ListCustomerOrdersRequest { customer_id: customer.id, locale: shop.code().to_owned() };
    let orders = state.clients.orders.clone().list_customer_orders(request).await?.into_inner().orders;
    Ok(Json(MyOrders { items: orders.into_iter().map(|o| Order::of(o, shop.locale)).collect::<Result<_, _>>()? }))
}

/// The logged-in customer
#[utoipa::path(
    get,
    path = "/shop-api/me",
    tag = "user",
    responses(
        (status = 200, description = "The customer of the session cookie", body = Account),
        (status = 204, description = "Not logged in"),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn me(customer: Option<Customer>) -> ApiResult<Response> {
    match customer {
        Some(Customer(c)) => Ok(Json(Account::from(c)).into_response()),
        None => Ok(StatusCode::NO_CONTENT.into_response()),
    }
}

/// Create a customer
///
/// The spec's client creates the customer here; the same as
/// `POST /shop-api/register`: the new customer is logged in at once (the
/// answer sets the session cookie) and sent the e-mail confirming the address.
#[utoipa::path(
    post,
    path = "/shop-api/me",
    tag = "user",
    params(crate::extract::ShopParams),
    request_body = Registration,
    responses(
        (status = 201, description = "Created and logged in (Set-Cookie)", body = Account),
        (status = 400, description = "A field missing or of the wrong type", body = ErrorBody),
        (status = 409, description = "The e-mail is registered already", body = ErrorBody),
        (status = 422, description = "An invalid e-mail (`invalid_email`), a weak password (`weak_password`), or a name blank or over 60 characters (`invalid_name`)", body = ErrorBody),
        (status = 429, description = "Too many attempts from this client; wait", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn create_me(State(state): State<AppState>, shop: Shop, JsonBody(body): JsonBody<Registration>) -> ApiResult<Response> {
    super::account::create_customer(&state, &shop, body).await
}

/// New names and phone.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub first_name: String,
    pub last_name: String,
    /// At most 30 characters.
    #[serde(default)]
    #[schema(max_length = 30)]
    pub phone: String,
}

impl Validate for Profile {}

/// Change the profile
#[utoipa::path(
    put,
    path = "/shop-api/me",
    tag = "user",
    params(crate::extract::ScriptMarker),
    request_body = Profile,
    responses(
        (status = 200, description = "The changed customer", body = Account),
        (status = 400, description = "A field missing or of the wrong type, or the marker header missing", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 422, description = "A name blank or over 60 characters (`invalid_name`)", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn update_me(State(state): State<AppState>, headers: HeaderMap, JsonBody(body): JsonBody<Profile>) -> ApiResult<Json<Account>> {
    require_script(&headers)?;
    let request = UpdateProfileRequest {
        session_token: session_token_or_401(&headers)?,
        first_name: body.first_name,
        last_name: body.last_name,
        phone: body.phone,
    };
    let c = state.clients.users.clone().update_profile(request).await.map_err(unauthorized)?.into_inner();
    Ok(Json(c.into()))
}

/// The current and a new password.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    pub current_password: String,
    /// 10 to 128 characters, at least 5 different ones, not the e-mail.
    pub new_password: String,
}

impl Validate for PasswordChange {}

/// Change the password
///
/// Every other session of the customer ends; this one stays.
#[utoipa::path(
    put,
    path = "/shop-api/me/password",
    tag = "user",
    params(crate::extract::ScriptMarker),
    request_body = PasswordChange,
    responses(
        (status = 204, description = "Changed"),
        (status = 400, description = "A wrong current password, a weak new one, or the marker header missing", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn change_password(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    JsonBody(body): JsonBody<PasswordChange>,
) -> ApiResult<StatusCode> {
    require_script(&headers)?;
    let request = ChangePasswordRequest {
        session_token: session_token_or_401(&headers)?,
        current_password: body.current_password,
        new_password: body.new_password,
        client: client.code(),
    };
    state.clients.users.clone().change_password(request).await.map_err(unauthorized)?;
    Ok(StatusCode::NO_CONTENT)
}
