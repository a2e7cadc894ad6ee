//! Product pages' data: `GET /shop-api/products/{code}`,
//! `GET /shop-api/products/by-slug/{slug}`,
//! `GET /shop-api/products/{code}/associations/{type}`.

use axum::Json;
use axum::extract::{Path, State};
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::catalog::v1::{GetProductRequest, ListAssociationsRequest};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Shop, ShopParams};
use crate::wire::{Items, OfferItem, OfferType, ProductPage};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(by_slug)).routes(routes!(by_code)).routes(routes!(associations))
}

async fn fetch(state: &AppState, key: Key, shop: Shop) -> ApiResult<Json<ProductPage>> {
    let request = GetProductRequest { key: Some(key), locale: shop.code().to_owned() };
    let product = state.clients.catalog.clone().get_product(request).await?.into_inner();
    let mut page = ProductPage::of(&product, shop.locale);
    if page.item.kind == OfferType::Room {
        super::rooms::fill_rooms_left(state, std::slice::from_mut(&mut page.item)).await?;
    }
    Ok(Json(page))
}

/// A product with everything its page shows
#[utoipa::path(
    get,
    path = "/shop-api/products/{code}",
    tag = "catalog",
    params(("code" = String, Path, description = "The product's code", example = "TR_HOT_STONE"), ShopParams),
    responses(
        (status = 200, description = "The product", body = ProductPage),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn by_code(State(state): State<AppState>, shop: Shop, Path(code): Path<String>) -> ApiResult<Json<ProductPage>> {
    fetch(&state, Key::Code(code), shop).await
}

/// A product by its slug in the locale (or Polish)
#[utoipa::path(
    get,
    path = "/shop-api/products/by-slug/{slug}",
    tag = "catalog",
    params(("slug" = String, Path, description = "The product's slug", example = "masaz-goracymi-kamieniami"), ShopParams),
    responses(
        (status = 200, description = "The product", body = ProductPage),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn by_slug(State(state): State<AppState>, shop: Shop, Path(slug): Path<String>) -> ApiResult<Json<ProductPage>> {
    fetch(&state, Key::Slug(slug), shop).await
}

/// Products associated with one (at most four related products)
#[utoipa::path(
    get,
    path = "/shop-api/products/{code}/associations/{type}",
    tag = "catalog",
    params(
        ("code" = String, Path, description = "The product's code", example = "TR_HOT_STONE"),
        ("type" = String, Path, description = "The association; `related` is the one there is", example = "related"),
        ShopParams,
    ),
    responses(
        (status = 200, description = "The associated items", body = Items),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such product or association", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn associations(
    State(state): State<AppState>,
    shop: Shop,
    Path((code, association)): Path<(String, String)>,
) -> ApiResult<Json<Items>> {
    let request = ListAssociationsRequest { code, association, locale: shop.code().to_owned() };
    let response = state.clients.catalog.clone().list_associations(request).await?.into_inner();
    Ok(Json(Items { items: response.items.iter().map(|p| OfferItem::of(p, shop.locale)).collect() }))
}
