//! `GET /shop-api/offer/{type}`: a page of offers of one type.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use serde_json::{Value, json};
use spa_proto::common::PageRequest;
use spa_proto::spa::catalog::v1::{ListOffersRequest, Product};

use super::{int_param, shop_locale};
use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::json::{date_dmy, price_json};

pub fn router() -> axum::Router<AppState> {
    axum::Router::new().route("/shop-api/offer/{type}", get(list))
}

/// The localized base path of a type's pages (the SPA's route table).
pub fn listing_path(kind: &str, locale: &str) -> &'static str {
    match (kind, locale) {
        ("treatment", "de") => "/angebot/behandlungen",
        ("treatment", "en_GB") => "/en/offer/treatments",
        ("treatment", _) => "/oferta/zabiegi",
        ("package", "de") => "/angebot/pakete",
        ("package", "en_GB") => "/en/offer/packages",
        ("package", _) => "/oferta/pakiety",
        ("room", "de") => "/pension/unterkunft",
        ("room", "en_GB") => "/en/guesthouse/accomodation",
        ("room", _) => "/pensjonat/baza-noclegowa",
        ("voucher", "de") => "/angebot/gutscheine",
        ("voucher", "en_GB") => "/en/offer/vouchers",
        ("voucher", _) => "/oferta/vouchery",
        ("day_spa", "de") => "/angebot/day-spa",
        ("day_spa", "en_GB") => "/en/offer/day-spa",
        ("day_spa", _) => "/oferta/day-spa",
        (_, "de") => "/angebot/produkte",
        (_, "en_GB") => "/en/offer/products",
        _ => "/oferta/produkty",
    }
}

/// A catalog product as the SPA's listing item (spec section 3).
pub fn item_json(p: &Product, locale: &str) -> Value {
    let images: Vec<Value> = p.images.iter().map(|i| json!({"path": i.path, "thumbnails": {"default_listing": i.path}})).collect();
    let price = p.price.clone().unwrap_or_default();
    let current = price.current.as_ref().map(|m| m.amount).unwrap_or_default();
    let original = price.original.as_ref().map(|m| m.amount).unwrap_or(current);
    let mut item = json!({
        "id": p.id,
        "code": p.code,
        "variantCode": p.variant_code,
        "type": p.r#type,
        "name": p.name,
        "slug": p.slug,
        "description": p.description,
        "images": images,
        "links": {"self": format!("{}/{}", listing_path(&p.r#type, locale), p.slug)},
        "price": price_json(price.current.as_ref(), price.original.as_ref()),
        "priceBase": price_json(price.base_current.as_ref(), price.base_original.as_ref()),
        "isPromotion": original > current,
        "numNights": p.num_nights,
        // A stay of n nights spans n + 1 days.
        "days": if p.num_nights > 0 { p.num_nights + 1 } else { 1 },
        "durationMinutes": (p.duration_minutes > 0).then_some(p.duration_minutes),
        "ageRestriction": p.age_restriction,
        "availableFrom": date_dmy(&p.available_from),
        "availableTo": date_dmy(&p.available_to),
        "taxons": {
            "main": p.main_taxon,
            "others": p.other_taxons.iter().map(|t| json!({"code": t.code, "name": t.name})).collect::<Vec<_>>(),
        },
    });
    if p.r#type == "package" {
        // The package price is per person.
        item["packageBasePrice"] = price_json(price.current.as_ref(), price.original.as_ref());
    }
    if let Some(r) = &p.room {
        item["room"] = json!({
            "occupancy": r.occupancy, "maxOccupancy": r.max_occupancy, "extraBed": r.extra_bed,
            "averageRating": r.average_rating, "areaM2": r.area_m2,
        });
    }
    item
}

/// The listing query: the last value of each parameter, and every `taxon`,
/// `taxon[]` or `taxon[N]` value.
pub fn split_query(pairs: Vec<(String, String)>) -> (HashMap<String, String>, Vec<String>) {
    let mut map = HashMap::new();
    let mut taxons = Vec::new();
    for (k, v) in pairs {
        let is_taxon =
            k == "taxon" || (k.starts_with("taxon[") && k.ends_with(']') && k[6..k.len() - 1].bytes().all(|b| b.is_ascii_digit()));
        if is_taxon {
            if !v.is_empty() {
                taxons.push(v);
            }
        } else {
            map.insert(k, v);
        }
    }
    (map, taxons)
}

fn price_param(query: &HashMap<String, String>, name: &str) -> ApiResult<Option<i64>> {
    match query.get(name).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(raw) => raw
            .parse::<i64>()
            .map(Some)
            .map_err(|_| ApiError::field("invalid_price_range", name, "must be a whole number of minor units (grosze)")),
    }
}

async fn list(
    State(state): State<AppState>,
    Path(kind): Path<String>,
    Query(pairs): Query<Vec<(String, String)>>,
) -> ApiResult<Json<Value>> {
    // Repeats and the limit on distinct taxons are the catalog's rule.
    let (query, taxons) = split_query(pairs);
    let locale = shop_locale(&query, &state)?;
    let page = int_param(&query, "page", 1, 1..=100_000)?;
    let limit = int_param(&query, "limit", 20, 1..=1000)?;
    let nights = int_param(&query, "nights", 0, 0..=u32::MAX)?;
    let request = ListOffersRequest {
        r#type: kind,
        locale: locale.clone(),
        page: Some(PageRequest { page, limit }),
        sorting: query.get("sorting").cloned().unwrap_or_default(),
        price_from: price_param(&query, "price_from")?,
        price_to: price_param(&query, "price_to")?,
        taxons,
        nights,
    };
    let response = state.clients.catalog.clone().list_offers(request).await?.into_inner();
    let paging = response.page.unwrap_or_default();
    let stats = response.price_stats.unwrap_or_default();
    Ok(Json(json!({
        "items": response.items.iter().map(|p| item_json(p, &locale)).collect::<Vec<_>>(),
        "priceStats": {"min": stats.min, "max": stats.max, "currency": stats.currency},
        "pages": {"page": paging.page, "limit": paging.limit, "pages": paging.pages, "total": paging.total},
    })))
}

#[cfg(test)]
mod tests {
    #[test]
    fn taxons_come_in_every_bracket_form() {
        let pairs = vec![
            ("taxon[]".to_owned(), "a".to_owned()),
            ("taxon[0]".to_owned(), "b".to_owned()),
            ("taxon".to_owned(), "c".to_owned()),
            ("taxon[x]".to_owned(), "d".to_owned()),
            ("limit".to_owned(), "5".to_owned()),
        ];
        let (map, taxons) = super::split_query(pairs);
        assert_eq!(taxons, ["a", "b", "c"]);
        assert_eq!(map.get("limit").map(String::as_str), Some("5"));
        assert!(map.contains_key("taxon[x]"), "not a taxon key");
    }
}
