//! Who is asking: the session cookie, the script marker and the roles, as
//! extractors, so every route checks them the same way.
//!
//! The session cookie is HttpOnly (no script reads it), `SameSite=Lax` (no
//! other site's form or script sends it with a write) and `Secure` when the
//! shop is served over HTTPS; it holds an opaque random token whose hash
//! the users service keeps.

use axum::extract::{FromRequestParts, OptionalFromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use spa_proto::spa::users::v1::{Customer as Account, GetMeRequest, Session};
use tonic::Code;

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::wire::{Role, roles};

/// The HttpOnly, SameSite session cookie.
pub const SESSION_COOKIE: &str = "spa_session";

pub fn session_token(headers: &HeaderMap) -> Option<String> {
    cookie(headers, SESSION_COOKIE)
}

/// The session token, or 401 without one.
pub fn session_token_or_401(headers: &HeaderMap) -> ApiResult<String> {
    session_token(headers).ok_or_else(not_logged_in)
}

/// A `Set-Cookie` value the shop's way: HttpOnly, `SameSite=Lax`, and
/// `Secure` when the shop is reached over https; `max_age` 0 ends it.
pub fn set_cookie(state: &AppState, name: &str, value: &str, path: &str, max_age: u64) -> HeaderValue {
    let secure = if state.config.public_url.starts_with("https:") { "; Secure" } else { "" };
    let cookie = format!("{name}={value}; Path={path}; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}");
    HeaderValue::from_str(&cookie)
        .unwrap_or_else(|_| HeaderValue::from_str(&format!("{name}=; Path={path}; Max-Age=0")).expect("a cookie name is a header value"))
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

/// The cookie that carries a session, or (`None`) the one that ends it.
pub fn session_cookie(state: &AppState, session: Option<&Session>) -> HeaderValue {
    let (value, max_age) = match session {
        Some(s) => (s.token.as_str(), ((s.expires_at_ms - state.clock.now_ms()) / 1000).max(0) as u64),
        None => ("", 0),
    };
    set_cookie(state, SESSION_COOKIE, value, "/", max_age)
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

/// The account of the request's session cookie: None without a cookie or
/// with one that names no live session.
pub async fn account(state: &AppState, headers: &HeaderMap) -> Result<Option<Account>, tonic::Status> {
    let Some(token) = session_token(headers) else { return Ok(None) };
    match state.clients.users.clone().get_me(GetMeRequest { session_token: token }).await {
        Ok(c) => Ok(Some(c.into_inner())),
        Err(status) if status.code() == Code::NotFound => Ok(None),
        Err(status) => Err(status),
    }
}

fn not_logged_in() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::NotLoggedIn)
}

/// A not-logged-in answer from the users service is a 401 here.
pub fn unauthorized(status: tonic::Status) -> ApiError {
    if status.code() == Code::NotFound { not_logged_in() } else { status.into() }
}

/// The request came from the shop's script (see [`require_script`]); put it
/// before the account's extractor so a forged write is refused first.
pub struct Script;

impl<S: Send + Sync> FromRequestParts<S> for Script {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        require_script(&parts.headers).map(|()| Script)
    }
}

/// The logged-in customer: 401 when nobody is; as `Option<Customer>`, None.
pub struct Customer(pub Account);

impl FromRequestParts<AppState> for Customer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        account(state, &parts.headers).await?.map(Customer).ok_or_else(not_logged_in)
    }
}

impl OptionalFromRequestParts<AppState> for Customer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Option<Self>, Self::Rejection> {
        Ok(account(state, &parts.headers).await?.map(Customer))
    }
}

/// The account's id when it has one of `allowed`; 401 when nobody is
/// logged in, 403 for anyone else.
async fn with_role(parts: &Parts, state: &AppState, allowed: &[Role]) -> ApiResult<String> {
    Ok(account_with_role(parts, state, allowed).await?.id)
}

async fn account_with_role(parts: &Parts, state: &AppState, allowed: &[Role]) -> ApiResult<Account> {
    let account = account(state, &parts.headers).await?.ok_or_else(not_logged_in)?;
    if !roles(&account.roles).iter().any(|r| allowed.contains(r)) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden));
    }
    Ok(account)
}

/// Someone who runs the guesthouse: the back office's calls.
pub struct Staff {
    pub id: String,
    /// Who a change's record names.
    pub email: String,
}

impl FromRequestParts<AppState> for Staff {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let account = account_with_role(parts, state, &[Role::Admin]).await?;
        Ok(Staff { id: account.id, email: account.email })
    }
}

/// Someone at the front desk (a receptionist or an administrator): the
/// board, arrivals and bookings.
pub struct FrontDesk {
    pub id: String,
    /// Who the order's history names for a change.
    pub email: String,
}

impl FromRequestParts<AppState> for FrontDesk {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let account = account_with_role(parts, state, &[Role::Reception, Role::Admin]).await?;
        Ok(FrontDesk { id: account.id, email: account.email })
    }
}

/// Whether the account works at the front desk (a receptionist or an
/// administrator): in the shop, it books for guests.
pub fn at_front_desk(account: &Account) -> bool {
    roles(&account.roles).iter().any(|r| matches!(r, Role::Reception | Role::Admin))
}

/// Someone who edits the site's content.
pub struct Editor {
    pub id: String,
}

impl FromRequestParts<AppState> for Editor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Editor { id: with_role(parts, state, &[Role::Editor, Role::Admin]).await? })
    }
}
