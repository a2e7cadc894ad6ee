//! Product pages' data: `GET /shop-api/products/{code}`,
//! `GET /shop-api/products/by-slug/{slug}`,
//! `GET /shop-api/products/{code}/associations/{type}`.

use axum::extract::{Path, State};
use axum::response::Response;
use spa_platform::grpc::fresh;
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::catalog::v1::{GetProductRequest, ListAssociationsRequest};
use utoipa_axum::{router::OpenApiRouter, routes};

use spa_proto::Code;
use spa_proto::spa::catalog::v1::AssociationType;

use crate::AppState;
use crate::answers::{self, Answer, Body, Conditional, ConditionalParams, NotModified, ProductKey};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Shop, ShopParams};
use crate::wire::{Items, OfferItem, OfferType, ProductPage};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(by_slug)).routes(routes!(by_code)).routes(routes!(associations))
}

async fn fetch(state: &AppState, client: &Conditional, by: ProductKey<'_>, shop: Shop) -> ApiResult<Response> {
    let tonight = answers::tonight(state);
    answers::serve(state, client, Answer::Product { by, locale: shop.locale, tonight }, || async {
        let key = match by {
            ProductKey::Code(code) => Key::Code(code.to_owned()),
            ProductKey::Slug(slug) => Key::Slug(slug.to_owned()),
        };
        let request = GetProductRequest { key: Some(key), locale: shop.code().to_owned() };
        let product = state.clients.catalog.clone().get_product(fresh(request)).await?.into_inner();
        let mut page = ProductPage::of(&product, shop.locale)?;
        page.structured_data = Some(crate::head::json_ld(&page.item, &crate::head::origin(state, shop.locale)));
        let room = page.item.kind == OfferType::Room;
        let complete = !room || super::rooms::fill_rooms_left(state, std::slice::from_mut(&mut page.item), tonight).await;
        Ok(Body::json(&page).showing_rooms_left(room).degraded(!complete))
    })
    .await
}

/// A product with everything its page shows
#[utoipa::path(
    get,
    path = "/shop-api/products/{code}",
    tag = "catalog",
    params(("code" = String, Path, description = "The product's code", example = "TR_HOT_STONE"), ShopParams, ConditionalParams),
    responses(
        (status = 200, description = "The product", body = ProductPage, headers(
            ("ETag" = String, description = "Strong tag of the body; `-gzip` marks the gzipped copy"),
            ("Cache-Control" = String, description = "`public, max-age=60, stale-while-revalidate=300`; rooms `public, max-age=10`"),
            ("Vary" = String, description = "`accept-encoding`"),
        )),
        (status = 304, response = NotModified),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn by_code(State(state): State<AppState>, shop: Shop, client: Conditional, Path(code): Path<String>) -> ApiResult<Response> {
    fetch(&state, &client, ProductKey::Code(&code), shop).await
}

/// A product by its slug in the locale (or Polish)
#[utoipa::path(
    get,
    path = "/shop-api/products/by-slug/{slug}",
    tag = "catalog",
    params(("slug" = String, Path, description = "The product's slug", example = "masaz-goracymi-kamieniami"), ShopParams, ConditionalParams),
    responses(
        (status = 200, description = "The product", body = ProductPage, headers(
            ("ETag" = String, description = "Strong tag of the body; `-gzip` marks the gzipped copy"),
            ("Cache-Control" = String, description = "`public, max-age=60, stale-while-revalidate=300`; rooms `public, max-age=10`"),
            ("Vary" = String, description = "`accept-encoding`"),
        )),
        (status = 304, response = NotModified),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn by_slug(State(state): State<AppState>, shop: Shop, client: Conditional, Path(slug): Path<String>) -> ApiResult<Response> {
    fetch(&state, &client, ProductKey::Slug(&slug), shop).await
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
        ConditionalParams,
    ),
    responses(
        (status = 200, description = "The associated items", body = Items, headers(
            ("ETag" = String, description = "Strong tag of the body; `-gzip` marks the gzipped copy"),
            ("Cache-Control" = String, description = "`public, max-age=60, stale-while-revalidate=300`"),
            ("Vary" = String, description = "`accept-encoding`"),
        )),
        (status = 304, response = NotModified),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such product or association", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn associations(
    State(state): State<AppState>,
    shop: Shop,
    client: Conditional,
    Path((code, association)): Path<(String, String)>,
) -> ApiResult<Response> {
    let answer = Answer::Related { code: &code, association: &association, locale: shop.locale };
    answers::serve(&state, &client, answer, || async {
        // Unknown associations are the catalog's to refuse (404).
        let kind = AssociationType::from_code(&association).map_or(0, |a| a as i32);
        let request = ListAssociationsRequest { code: code.clone(), association: kind, locale: shop.code().to_owned() };
        let response = state.clients.catalog.clone().list_associations(fresh(request)).await?.into_inner();
        Ok(Body::json(&Items { items: response.items.iter().map(|p| OfferItem::of(p, shop.locale)).collect::<Result<_, _>>()? }))
    })
    .await
}
