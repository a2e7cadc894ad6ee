//! `POST|GET|DELETE /shop-api/carts/{token}`: the visitor's basket.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use spa_proto::spa::cart::v1::{Cart as CartMessage, CreateCartRequest, DropCartRequest, GetCartRequest};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::i18n::Locale;
use crate::wire::Price;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create, get_cart, drop_cart))
}

/// The spec sends the channel and locale of a new basket in the body.
#[derive(Debug, Deserialize, Default, ToSchema)]
pub struct CreateCart {
    #[schema(example = "web_pl")]
    pub channel: Option<String>,
    #[schema(value_type = Option<Locale>)]
    pub locale: Option<String>,
}

impl Validate for CreateCart {}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartItem {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: String,
    pub code: String,
    pub quantity: u32,
    pub total: Price,
}

/// What the basket costs, in its currency.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub total: i64,
    pub vouchers: i64,
    pub shipping: i64,
    pub deposit: i64,
    pub left_to_pay: i64,
    pub currency: String,
}

/// The visitor's basket.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cart {
    /// The basket's secret token, chosen by the client.
    pub token_value: String,
    pub channel: String,
    #[schema(value_type = Locale)]
    pub locale: String,
    pub currency: String,
    pub checkout_state: String,
    pub items: Vec<CartItem>,
    pub totals: Totals,
}

impl Cart {
    fn of(c: CartMessage) -> Self {
        let total = c.total.as_ref().map(|m| m.amount).unwrap_or_default();
        Self {
            items: c
                .items
                .into_iter()
                .map(|i| CartItem { id: i.id, kind: i.r#type, code: i.code, quantity: i.quantity, total: Price::single(i.total.as_ref()) })
                .collect(),
            totals: Totals { total, vouchers: 0, shipping: 0, deposit: 0, left_to_pay: total, currency: c.currency.clone() },
            token_value: c.token,
            channel: c.channel,
            locale: c.locale,
            currency: c.currency,
            checkout_state: c.checkout_state,
        }
    }
}

/// Create the cart
#[utoipa::path(
    post,
    path = "/shop-api/carts/{token}",
    tag = "cart",
    params(("token" = String, Path, description = "A new, unguessable token: 16 to 64 characters of A-Z, a-z, 0-9, _ and -", pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    request_body = CreateCart,
    responses(
        (status = 201, description = "The new, empty basket", body = Cart),
        (status = 400, description = "The token, channel or locale is not valid", body = ErrorBody),
        (status = 409, description = "The token is taken", body = ErrorBody),
        (status = 429, description = "Too many baskets from this client; wait", body = ErrorBody),
        (status = 503, description = "The basket service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
    JsonBody(body): JsonBody<CreateCart>,
) -> ApiResult<(StatusCode, Json<Cart>)> {
    // The body's channel and locale win over the query's.
    let from_query = |name: &str| query.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let shop = Shop::check(
        &state,
        body.channel.as_deref().or_else(|| from_query("channel")),
        body.locale.as_deref().or_else(|| from_query("locale")),
    )?;
    let request = CreateCartRequest { token, channel: state.config.channel.clone(), locale: shop.code().to_owned() };
    let cart = state.clients.cart.clone().create_cart(request).await?.into_inner();
    Ok((StatusCode::CREATED, Json(Cart::of(cart))))
}

/// Read the cart
#[utoipa::path(
    get,
    path = "/shop-api/carts/{token}",
    tag = "cart",
    params(("token" = String, Path, description = "The basket's token", pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    responses(
        (status = 200, description = "The basket", body = Cart),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket (or it expired)", body = ErrorBody),
        (status = 503, description = "The basket service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn get_cart(State(state): State<AppState>, _shop: Shop, Path(token): Path<String>) -> ApiResult<Json<Cart>> {
    let cart = state.clients.cart.clone().get_cart(GetCartRequest { token }).await?.into_inner();
    Ok(Json(Cart::of(cart)))
}

/// Drop the cart
#[utoipa::path(
    delete,
    path = "/shop-api/carts/{token}",
    tag = "cart",
    params(("token" = String, Path, description = "The basket's token", pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    responses(
        (status = 204, description = "Dropped"),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "The basket service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn drop_cart(State(state): State<AppState>, _shop: Shop, Path(token): Path<String>) -> ApiResult<StatusCode> {
    state.clients.cart.clone().drop_cart(DropCartRequest { token }).await?;
    Ok(StatusCode::NO_CONTENT)
}
