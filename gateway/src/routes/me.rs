//! `GET /shop-api/me`: the logged-in customer, or an empty response.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;
use spa_proto::spa::users::v1::GetMeRequest;
use tonic::Code;

use crate::AppState;
use crate::error::ApiResult;

/// The HttpOnly, SameSite session cookie.
pub const SESSION_COOKIE: &str = "spa_session";

pub fn router() -> axum::Router<AppState> {
    axum::Router::new().route("/shop-api/me", get(me))
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

async fn me(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let Some(token) = session_token(&headers) else { return Ok(StatusCode::NO_CONTENT.into_response()) };
    match state.clients.users.clone().get_me(GetMeRequest { session_token: token }).await {
        Ok(c) => {
            let c = c.into_inner();
            Ok(Json(json!({
                "email": c.email, "firstName": c.first_name, "lastName": c.last_name, "phone": c.phone, "roles": c.roles,
            }))
            .into_response())
        }
        Err(status) if status.code() == Code::NotFound => Ok(StatusCode::NO_CONTENT.into_response()),
        Err(status) => Err(status.into()),
    }
}
