//! Product pages' data: `GET /shop-api/products/{code}`,
//! `GET /shop-api/products/by-slug/{slug}`,
//! `GET /shop-api/products/{code}/associations/{type}`.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use serde_json::{Value, json};
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::catalog::v1::{GetProductRequest, ListAssociationsRequest, PackageTreatment, Product};

use super::offer::{item_json, listing_path};
use super::shop_locale;
use crate::AppState;
use crate::error::ApiResult;
use crate::json::price_json;

pub fn router() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/shop-api/products/by-slug/{slug}", get(by_slug))
        .route("/shop-api/products/{code}", get(by_code))
        .route("/shop-api/products/{code}/associations/{type}", get(associations))
}

fn treatment_json(t: &PackageTreatment, locale: &str) -> Value {
    let price = t.price.clone().unwrap_or_default();
    json!({
        "code": t.code,
        "name": t.name,
        "description": t.description,
        "images": t.images.iter().map(|i| json!({"path": i.path, "thumbnails": {"default_listing": i.path}})).collect::<Vec<_>>(),
        "links": {"self": format!("{}/{}", listing_path("treatment", locale), t.slug)},
        "price": price_json(price.current.as_ref(), price.original.as_ref()),
        "durationMinutes": (t.duration_minutes > 0).then_some(t.duration_minutes),
        "quantity": t.quantity,
        "minQuantity": t.min_quantity,
        "maxQuantity": t.max_quantity,
        "free": t.free,
        "deletable": t.deletable,
        "replacable": t.replacable,
        "additional": t.additional,
        "deletePermanently": t.delete_permanently,
    })
}

/// A product page's data: the listing item plus treatments, vouchers' values.
pub fn product_json(p: &Product, locale: &str) -> Value {
    let mut item = item_json(p, locale);
    if let Some(t) = &p.treatments {
        item["treatments"] = json!({
            "primary": t.primary.iter().map(|x| treatment_json(x, locale)).collect::<Vec<_>>(),
            "additional": t.additional.iter().map(|x| treatment_json(x, locale)).collect::<Vec<_>>(),
        });
        item["minTreatments"] = json!(t.min_treatments);
    }
    if !p.voucher_values.is_empty() {
        item["voucherValues"] = json!(p.voucher_values);
    }
    item
}

async fn fetch(state: &AppState, key: Key, locale: String) -> ApiResult<Json<Value>> {
    let product =
        state.clients.catalog.clone().get_product(GetProductRequest { key: Some(key), locale: locale.clone() }).await?.into_inner();
    Ok(Json(product_json(&product, &locale)))
}

async fn by_code(
    State(state): State<AppState>,
    Path(code): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let locale = shop_locale(&query, &state)?;
    fetch(&state, Key::Code(code), locale).await
}

async fn by_slug(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let locale = shop_locale(&query, &state)?;
    fetch(&state, Key::Slug(slug), locale).await
}

async fn associations(
    State(state): State<AppState>,
    Path((code, association)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let locale = shop_locale(&query, &state)?;
    let response = state
        .clients
        .catalog
        .clone()
        .list_associations(ListAssociationsRequest { code, association, locale: locale.clone() })
        .await?
        .into_inner();
    Ok(Json(json!({"items": response.items.iter().map(|p| item_json(p, &locale)).collect::<Vec<_>>()})))
}
