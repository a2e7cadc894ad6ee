//! `GET /shop-api/me`: the logged-in customer, or an empty response.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_proto::spa::users::v1::{ChangePasswordRequest, GetMeRequest, UpdateProfileRequest};
use tonic::Code;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Validate};
use crate::guard::Client;
use crate::wire::Role;

/// The HttpOnly, SameSite session cookie.
pub const SESSION_COOKIE: &str = "spa_session";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me, update_me)).routes(routes!(change_password)).routes(routes!(my_orders))
}

/// The logged-in customer's orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyOrders {
    /// Newest first: each with its booking code, lines (stays with their
    /// dates and room), state, amounts, paid and left to pay.
    pub items: Vec<crate::routes::checkout::Order>,
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
pub async fn my_orders(State(state): State<AppState>, shop: crate::extract::Shop, headers: HeaderMap) -> ApiResult<Json<MyOrders>> {
    let customer = customer(&state, &headers).await?.ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::NotLoggedIn))?;
    let request = spa_proto::spa::cart::v1::ListCustomerOrdersRequest { customer_id: customer.id, locale: shop.code().to_owned() };
    let orders = state.clients.orders.clone().list_customer_orders(request).await?.into_inner().orders;
    Ok(Json(MyOrders { items: orders.into_iter().map(|o| crate::routes::checkout::Order::of(o, shop.locale)).collect() }))
}

pub fn session_token(headers: &HeaderMap) -> Option<String> {
    cookie(headers, SESSION_COOKIE)
}

/// A `Set-Cookie` value the shop's way: HttpOnly, `SameSite=Lax`, and
/// `Secure` when the shop is reached over https; `max_age` 0 ends it.
pub fn set_cookie(state: &crate::AppState, name: &str, value: &str, path: &str, max_age: u64) -> axum::http::HeaderValue {
    let secure = if state.config.public_url.starts_with("https:") { "; Secure" } else { "" };
    let cookie = format!("{name}={value}; Path={path}; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}");
    axum::http::HeaderValue::from_str(&cookie).unwrap_or_else(|_| {
        axum::http::HeaderValue::from_str(&format!("{name}=; Path={path}; Max-Age=0")).expect("a cookie name is a header value")
    })
}

/// A cookie's value from the request's `Cookie` headers.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.to_owned())
}

/// The customer of the request's session cookie: None without a cookie or
/// with one that names no live session.
pub async fn customer(state: &AppState, headers: &HeaderMap) -> Result<Option<spa_proto::spa::users::v1::Customer>, tonic::Status> {
    let Some(token) = session_token(headers) else { return Ok(None) };
    match state.clients.users.clone().get_me(GetMeRequest { session_token: token }).await {
        Ok(c) => Ok(Some(c.into_inner())),
        Err(status) if status.code() == Code::NotFound => Ok(None),
        Err(status) => Err(status),
    }
}

/// The logged-in customer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Customer {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub roles: Vec<Role>,
}

impl From<spa_proto::spa::users::v1::Customer> for Customer {
    fn from(c: spa_proto::spa::users::v1::Customer) -> Self {
        Self { email: c.email, first_name: c.first_name, last_name: c.last_name, phone: c.phone, roles: roles(&c.roles) }
    }
}

/// The logged-in customer
#[utoipa::path(
    get,
    path = "/shop-api/me",
    tag = "user",
    responses(
        (status = 200, description = "The customer of the session cookie", body = Customer),
        (status = 204, description = "Not logged in"),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn me(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    match customer(&state, &headers).await? {
        Some(c) => Ok(Json(Customer::from(c)).into_response()),
        None => Ok(StatusCode::NO_CONTENT.into_response()),
    }
}

/// A cookie-authenticated change must come from the shop's own script: the
/// `X-Requested-With: XMLHttpRequest` marker, which a form on another site
/// cannot send (with `SameSite=Lax` cookies, a second guard against
/// cross-site requests).
pub fn require_script(headers: &HeaderMap) -> ApiResult<()> {
    match headers.get("x-requested-with").and_then(|v| v.to_str().ok()) {
        Some("XMLHttpRequest") => Ok(()),
        _ => Err(ApiError::field(ErrorCode::InvalidRequest, "X-Requested-With")),
    }
}

/// The roles a users-service answer names, unknown ones left out.
fn roles(wire: &[i32]) -> Vec<Role> {
    wire.iter().filter_map(|r| Role::from_wire(*r)).collect()
}

/// The logged-in customer's id when they have one of `allowed`; 401 when
/// nobody is logged in, 403 for anyone else.
pub async fn with_role(state: &AppState, headers: &HeaderMap, allowed: &[Role]) -> ApiResult<String> {
    let customer = customer(state, headers).await?.ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::NotLoggedIn))?;
    if !roles(&customer.roles).iter().any(|r| allowed.contains(r)) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden));
    }
    Ok(customer.id)
}

/// The session token, or 401 without one.
fn logged_in(headers: &HeaderMap) -> ApiResult<String> {
    session_token(headers).ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::NotLoggedIn))
}

/// A not-logged-in answer from the users service is a 401 here.
fn unauthorized(status: tonic::Status) -> ApiError {
    if status.code() == Code::NotFound { ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::NotLoggedIn) } else { status.into() }
}

/// New names and phone.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub first_name: String,
    pub last_name: String,
    #[serde(default)]
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
        (status = 200, description = "The changed customer", body = Customer),
        (status = 400, description = "A name missing or too long, or the marker header missing", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn update_me(State(state): State<AppState>, headers: HeaderMap, JsonBody(body): JsonBody<Profile>) -> ApiResult<Json<Customer>> {
    require_script(&headers)?;
    let request = UpdateProfileRequest {
        session_token: logged_in(&headers)?,
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
        session_token: logged_in(&headers)?,
        current_password: body.current_password,
        new_password: body.new_password,
        client: client.code(),
    };
    state.clients.users.clone().change_password(request).await.map_err(unauthorized)?;
    Ok(StatusCode::NO_CONTENT)
}
