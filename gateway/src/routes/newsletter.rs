//! `POST /shop-api/newsletter/subscribe`: 201 subscribed, 409 already, 400 bad e-mail.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::routing::post;
use serde::Deserialize;
use serde_json::{Value, json};
use spa_proto::spa::content::v1::SubscribeNewsletterRequest;

use super::{JsonBody, shop_locale};
use crate::AppState;
use crate::error::ApiResult;

pub fn router() -> axum::Router<AppState> {
    axum::Router::new().route("/shop-api/newsletter/subscribe", post(subscribe))
}

#[derive(Deserialize, Default)]
struct Body {
    #[serde(default)]
    email: String,
}

async fn subscribe(
    State(state): State<AppState>,
    Query(query): Query<HashMap<String, String>>,
    JsonBody(body): JsonBody<Body>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let locale = shop_locale(&query, &state)?;
    state.clients.content.clone().subscribe_newsletter(SubscribeNewsletterRequest { email: body.email, locale }).await?;
    Ok((StatusCode::CREATED, Json(json!({}))))
}
