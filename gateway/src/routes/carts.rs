//! `POST|GET|DELETE /shop-api/carts/{token}`: the visitor's basket.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::post;
use serde::Deserialize;
use serde_json::{Value, json};
use spa_proto::spa::cart::v1::{Cart, CreateCartRequest, DropCartRequest, GetCartRequest};

use super::{JsonBody, shop_locale};
use crate::AppState;
use crate::error::ApiResult;
use crate::json::price_json;

pub fn router() -> axum::Router<AppState> {
    axum::Router::new().route("/shop-api/carts/{token}", post(create).get(get_cart).delete(drop_cart))
}

#[derive(Deserialize, Default)]
struct CreateBody {
    channel: Option<String>,
    locale: Option<String>,
}

fn cart_json(c: &Cart) -> Value {
    let total = c.total.as_ref().map(|m| m.amount).unwrap_or_default();
    json!({
        "tokenValue": c.token,
        "channel": c.channel,
        "locale": c.locale,
        "currency": c.currency,
        "checkoutState": c.checkout_state,
        "items": c.items.iter().map(|i| json!({
            "id": i.id, "type": i.r#type, "code": i.code, "quantity": i.quantity,
            "total": price_json(i.total.as_ref(), i.total.as_ref()),
        })).collect::<Vec<_>>(),
        "totals": {"total": total, "vouchers": 0, "shipping": 0, "deposit": 0, "leftToPay": total, "currency": c.currency},
    })
}

async fn create(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(mut query): Query<HashMap<String, String>>,
    JsonBody(body): JsonBody<CreateBody>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    // The spec sends channel and locale in the body; the query works too.
    if let Some(c) = body.channel {
        query.insert("channel".into(), c);
    }
    if let Some(l) = body.locale {
        query.insert("locale".into(), l);
    }
    let locale = shop_locale(&query, &state)?;
    let cart = state
        .clients
        .cart
        .clone()
        .create_cart(CreateCartRequest { token, channel: state.config.channel.clone(), locale })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(cart_json(&cart))))
}

async fn get_cart(State(state): State<AppState>, Path(token): Path<String>) -> ApiResult<Json<Value>> {
    let cart = state.clients.cart.clone().get_cart(GetCartRequest { token }).await?.into_inner();
    Ok(Json(cart_json(&cart)))
}

async fn drop_cart(State(state): State<AppState>, Path(token): Path<String>) -> ApiResult<StatusCode> {
    state.clients.cart.clone().drop_cart(DropCartRequest { token }).await?;
    Ok(StatusCode::NO_CONTENT)
}
