//! `POST /shop-api/register`, `/login_check`, `/logout`: customers' accounts
//! and the session cookie.
//!
//! The session cookie is HttpOnly (no script reads it), `SameSite=Lax` (no
//! other site's form or script sends it with a write) and `Secure` when the
//! shop is served over HTTPS; it holds an opaque random token whose hash
//! the users service keeps.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_proto::spa::users::v1::{
    LoginRequest, LogoutRequest, RegisterRequest, RequestPasswordResetRequest, RequestVerificationRequest, ResetPasswordRequest, Session,
    VerifyAccountRequest,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::guard::Client;
use crate::session::{require_script, session_cookie, session_token};
use crate::wire::Account as Customer;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login_check))
        .routes(routes!(logout))
        .routes(routes!(verify_account))
        .routes(routes!(request_password_reset))
        .routes(routes!(reset_password))
        // The link of the verification e-mail: a page, not an API call.
        .route("/verify-account/{token}", axum::routing::get(verification_link))
        .route("/en/verify-account/{token}", axum::routing::get(english_verification_link))
}

fn customer(session: &Session) -> Customer {
    session.customer.clone().unwrap_or_default().into()
}

/// A new customer.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct Registration {
    pub email: String,
    /// 10 to 128 characters, at least 5 different ones, not the e-mail.
    pub password: String,
    pub first_name: String,
    pub last_name: String,
    /// At most 30 characters.
    #[serde(default)]
    #[schema(max_length = 30)]
    pub phone: String,
}

impl Validate for Registration {
    fn error_code(field: &str) -> ErrorCode {
        match field {
            "email" => ErrorCode::InvalidEmail,
            "password" => ErrorCode::WeakPassword,
            _ => ErrorCode::InvalidRequest,
        }
    }
}

/// Register a customer
///
/// The new customer is logged in at once: the answer sets the session cookie.
#[utoipa::path(
    post,
    path = "/shop-api/register",
    tag = "user",
    params(ShopParams),
    request_body = Registration,
    responses(
        (status = 201, description = "Registered and logged in (Set-Cookie)", body = Customer),
        (status = 400, description = "A field missing or of the wrong type", body = ErrorBody),
        (status = 409, description = "The e-mail is registered already", body = ErrorBody),
        (status = 422, description = "An invalid e-mail (`invalid_email`), a weak password (`weak_password`), or a name blank or over 60 characters (`invalid_name`)", body = ErrorBody),
        (status = 429, description = "Too many attempts from this client; wait", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn register(State(state): State<AppState>, shop: Shop, JsonBody(body): JsonBody<Registration>) -> ApiResult<Response> {
    create_customer(&state, &shop, body).await
}

/// A new customer's account, logged in at once: `POST /register` and `POST /me` alike.
pub(super) async fn create_customer(state: &AppState, shop: &Shop, body: Registration) -> ApiResult<Response> {
    let request = RegisterRequest {
        email: body.email,
        password: body.password,
        first_name: body.first_name,
        last_name: body.last_name,
        phone: body.phone,
        locale: shop.code().to_owned(),
    };
    let session = state.clients.users.clone().register(request).await?.into_inner();
    let mut response = (StatusCode::CREATED, Json(customer(&session))).into_response();
    response.headers_mut().insert(header::SET_COOKIE, session_cookie(state, Some(&session)));
    Ok(response)
}

/// E-mail and password.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    pub email: String,
    pub password: String,
}

impl Validate for Credentials {}

/// Whether the login worked.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoginAnswer {
    pub success: bool,
    /// Why not, in the request's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// Log in
///
/// Sent by script only: the `X-Requested-With: XMLHttpRequest` marker is
/// required (a form on another site cannot set it). An unknown e-mail and a
/// wrong password get the same answer, in the same time.
#[utoipa::path(
    post,
    path = "/shop-api/login_check",
    tag = "user",
    params(crate::extract::ScriptMarker),
    request_body = Credentials,
    responses(
        (status = 200, description = "Logged in (Set-Cookie)", body = LoginAnswer),
        (status = 400, description = "The marker header is missing", body = ErrorBody),
        (status = 401, description = "Wrong e-mail or password", body = LoginAnswer),
        (status = 429, description = "Too many attempts from this client, or 5 failed logins for this e-mail within 15 minutes (`too_many_attempts`); wait", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn login_check(
    State(state): State<AppState>,
    client: Client,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Credentials>,
) -> ApiResult<Response> {
    require_script(&headers)?;
    // The browser's previous session ends with this login.
    let previous_session_token = session_token(&headers).unwrap_or_default();
    let request = LoginRequest { email: body.email, password: body.password, previous_session_token, client: client.code() };
    match state.clients.users.clone().login(request).await {
        Ok(session) => {
            let session = session.into_inner();
            let mut response = Json(LoginAnswer { success: true, message: None }).into_response();
            response.headers_mut().insert(header::SET_COOKIE, session_cookie(&state, Some(&session)));
            Ok(response)
        }
        Err(status) if status.code() == tonic::Code::Unauthenticated => {
            let error = ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::InvalidCredentials);
            let message = error.render(crate::i18n::request_locale()).message;
            Ok((StatusCode::UNAUTHORIZED, Json(LoginAnswer { success: false, message: Some(message) })).into_response())
        }
        Err(status) => Err(status.into()),
    }
}

/// Log out
///
/// Ends the session of the cookie and clears the cookie.
#[utoipa::path(
    post,
    path = "/shop-api/logout",
    tag = "user",
    params(crate::extract::ScriptMarker),
    responses(
        (status = 204, description = "Logged out (the cookie cleared)"),
        (status = 400, description = "The marker header is missing", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    require_script(&headers)?;
    if let Some(token) = session_token(&headers) {
        state.clients.users.clone().logout(LogoutRequest { session_token: token }).await?;
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    response.headers_mut().insert(header::SET_COOKIE, session_cookie(&state, None));
    Ok(response)
}

/// Whose account an e-mail link is for.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkRequest {
    pub email: String,
}

impl Validate for LinkRequest {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidEmail
    }
}

/// Send the verification e-mail
///
/// A registered customer whose e-mail is not verified yet gets a link that
/// works once, for 24 hours. The answer is the same for any e-mail, so it
/// tells nobody who is registered.
#[utoipa::path(
    post,
    path = "/shop-api/verify-account",
    tag = "user",
    params(ShopParams),
    request_body = LinkRequest,
    responses(
        (status = 202, description = "Sent if the e-mail is a registered, unverified customer's"),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many requests from this client; wait", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn verify_account(State(state): State<AppState>, shop: Shop, JsonBody(body): JsonBody<LinkRequest>) -> ApiResult<StatusCode> {
    let request = RequestVerificationRequest { email: body.email, locale: shop.code().to_owned() };
    state.clients.users.clone().request_verification(request).await?;
    Ok(StatusCode::ACCEPTED)
}

/// The e-mail's link: verifies the account and goes to the home page,
/// which says how it went (`?account=verified` or `?account=link-expired`).
async fn verification_link(state: State<AppState>, token: Path<String>) -> Response {
    verify_then_home(state, token, "/").await
}

/// The English e-mail's link: the English home page says how it went.
async fn english_verification_link(state: State<AppState>, token: Path<String>) -> Response {
    verify_then_home(state, token, "/en").await
}

/// Verifies the link's address, then sends the visitor to `home` (on the
/// host the link named, so a German link stays German) with the outcome.
async fn verify_then_home(State(state): State<AppState>, Path(token): Path<String>, home: &str) -> Response {
    let outcome = match state.clients.users.clone().verify_account(VerifyAccountRequest { token }).await {
        Ok(_) => "verified",
        Err(status) if status.code() == tonic::Code::FailedPrecondition => "link-expired",
        Err(status) => return ApiError::from(status).into_response(),
    };
    (StatusCode::SEE_OTHER, [(header::LOCATION, format!("{home}?account={outcome}"))]).into_response()
}

/// Send a password reset e-mail
///
/// A registered customer gets a link that sets a new password, once,
/// within an hour. The answer is the same for any e-mail.
#[utoipa::path(
    post,
    path = "/shop-api/password-reset",
    tag = "user",
    params(ShopParams),
    request_body = LinkRequest,
    responses(
        (status = 202, description = "Sent if the e-mail is a registered customer's"),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many requests from this client; wait", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn request_password_reset(
    State(state): State<AppState>,
    shop: Shop,
    JsonBody(body): JsonBody<LinkRequest>,
) -> ApiResult<StatusCode> {
    let request = RequestPasswordResetRequest { email: body.email, locale: shop.code().to_owned() };
    state.clients.users.clone().request_password_reset(request).await?;
    Ok(StatusCode::ACCEPTED)
}

/// A new password.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPassword {
    /// 10 to 128 characters, at least 5 different ones, not the e-mail.
    pub password: String,
}

impl Validate for NewPassword {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::WeakPassword
    }
}

/// Set a new password with the e-mail's link
///
/// Every session of the customer ends; they log in with the new password.
#[utoipa::path(
    post,
    path = "/shop-api/password-reset/{token}",
    tag = "user",
    params(("token" = String, Path, description = "The token of the e-mail's link")),
    request_body = NewPassword,
    responses(
        (status = 204, description = "The new password is set"),
        (status = 400, description = "A weak password", body = ErrorBody),
        (status = 409, description = "The link is unknown, used or expired (`invalid_link`)", body = ErrorBody),
        (status = 503, description = "The accounts service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn reset_password(
    State(state): State<AppState>,
    Path(token): Path<String>,
    JsonBody(body): JsonBody<NewPassword>,
) -> ApiResult<StatusCode> {
    state.clients.users.clone().reset_password(ResetPasswordRequest { token, new_password: body.password }).await?;
    Ok(StatusCode::NO_CONTENT)
}
