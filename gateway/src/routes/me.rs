//! `GET /shop-api/me`: the logged-in customer, or an empty response.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use spa_proto::spa::users::v1::GetMeRequest;
use tonic::Code;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};

/// The HttpOnly, SameSite session cookie.
pub const SESSION_COOKIE: &str = "spa_session";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me))
}

pub fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
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
    pub roles: Vec<String>,
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
        Some(c) => Ok(Json(Customer { email: c.email, first_name: c.first_name, last_name: c.last_name, phone: c.phone, roles: c.roles })
            .into_response()),
        None => Ok(StatusCode::NO_CONTENT.into_response()),
    }
}
