//! Rooms: `GET /shop-api/rooms/search` (room types free for a stay that fit
//! the guests), `POST /shop-api/rooms/search` (the same for a package stay,
//! priced with the package), `GET /shop-api/rooms/availability` (a room
//! type's calendar), and the room popup's HTML fragment
//! `GET /{locale}/_partial/rooms/{code}`.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use spa_proto::common::Money;
use spa_proto::spa::catalog::v1::GetProductRequest;
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::rooms::v1::{
    GetAvailabilityRequest, Guests, RoomOffer, SearchPackageRoomsRequest, SearchRoomsRequest, SearchRoomsResponse, TreatmentChoice,
};

use super::{JsonBody, date_param, int_param, required_date, shop_locale};
use crate::error::{ApiError, ApiResult};
use crate::json::price_json;
use crate::{AppState, gzip};

pub fn router() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/shop-api/rooms/search", get(search).post(search_package))
        .route("/shop-api/rooms/availability", get(availability))
        .route("/{locale}/_partial/rooms/{code}", get(partial))
}

/// Guests from the query; wider than the picker's limits so the rooms
/// service names the exact rule broken.
fn guests(query: &HashMap<String, String>) -> ApiResult<Guests> {
    Ok(Guests {
        adults: int_param(query, "adults", 2, 0..=20)?,
        children: int_param(query, "children", 0, 0..=20)?,
        babies: int_param(query, "babies", 0, 0..=20)?,
    })
}

// Typed wire shapes: search is the hot path, and building `serde_json::Value`
// trees cost more than the rest of a cached answer.

#[derive(Serialize)]
struct WirePrice<'a> {
    current: i64,
    original: i64,
    currency: &'a str,
}

impl<'a> WirePrice<'a> {
    fn of(m: Option<&'a Money>) -> Self {
        m.map_or(Self { current: 0, original: 0, currency: "PLN" }, |m| Self {
            current: m.amount,
            original: m.amount,
            currency: &m.currency,
        })
    }
}

#[derive(Serialize)]
struct WireThumbnails<'a> {
    default_listing: &'a str,
}

#[derive(Serialize)]
struct WireImage<'a> {
    path: &'a str,
    thumbnails: WireThumbnails<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WireRoom<'a> {
    code: &'a str,
    name: &'a str,
    description: &'a str,
    images: Vec<WireImage<'a>>,
    nights: u32,
    available: u32,
    occupancy: u32,
    max_occupancy: u32,
    extra_bed: bool,
    average_rating: f64,
    min_stay_nights: u32,
    price: WirePrice<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    package_price: Option<WirePrice<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    supplement: Option<WirePrice<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WireSearch<'a> {
    items: Vec<WireRoom<'a>>,
    empty_reason: Option<&'a str>,
}

fn wire_room(r: &RoomOffer) -> WireRoom<'_> {
    WireRoom {
        code: &r.code,
        name: &r.name,
        description: &r.description,
        images: if r.image.is_empty() {
            vec![]
        } else {
            vec![WireImage { path: &r.image, thumbnails: WireThumbnails { default_listing: &r.image } }]
        },
        nights: r.nights,
        available: r.available,
        occupancy: r.occupancy,
        max_occupancy: r.max_occupancy,
        extra_bed: r.extra_bed,
        average_rating: r.average_rating,
        min_stay_nights: r.min_stay_nights,
        price: WirePrice::of(r.price.as_ref()),
        package_price: r.package_price.as_ref().map(|p| WirePrice::of(Some(p))),
        supplement: r.package_price.as_ref().map(|_| WirePrice::of(r.supplement.as_ref())),
    }
}

fn search_body(response: &SearchRoomsResponse) -> Vec<u8> {
    let wire = WireSearch {
        items: response.rooms.iter().map(wire_room).collect(),
        empty_reason: (!response.empty_reason.is_empty()).then_some(response.empty_reason.as_str()),
    };
    serde_json::to_vec(&wire).unwrap_or_default()
}

fn json_bytes(body: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

const SEARCH_TTL: Duration = Duration::from_secs(60);

async fn search(State(state): State<AppState>, headers: HeaderMap, Query(query): Query<HashMap<String, String>>) -> ApiResult<Response> {
    let locale = shop_locale(&query, &state)?;
    let request = SearchRoomsRequest {
        from: date_param(&query, "from", "invalid_stay")?,
        to: date_param(&query, "to", "invalid_stay")?,
        guests: Some(guests(&query)?),
        locale,
    };
    let Some(cache) = &state.cache else {
        let response = state.clients.rooms.clone().search_rooms(request).await?.into_inner();
        return Ok(json_bytes(search_body(&response)));
    };
    // The whole answer is cached, gzipped, until availability or room content
    // changes; a cache that fails is a miss. The key holds parsed values only.
    let gzip = gzip::accepts_gzip(&headers);
    let g = request.guests.unwrap_or_default();
    let key = format!(
        "search:{}:{}:{}:{}:{}:{}:{}",
        state.generation.current(),
        request.from,
        request.to,
        g.adults,
        g.children,
        g.babies,
        request.locale
    );
    if let Ok(Some(gz)) = cache.get(&key).await {
        if gzip {
            return Ok(gzip::json_gzip(gz));
        }
        if let Some(body) = gzip::inflate(&gz) {
            return Ok(varying(json_bytes(body)));
        }
    }
    let response = state.clients.rooms.clone().search_rooms(request).await?.into_inner();
    let body = search_body(&response);
    let gz = gzip::deflate(&body);
    if let Err(e) = cache.set(&key, &gz, SEARCH_TTL).await {
        tracing::warn!(error = %e, "search answer not cached");
    }
    Ok(if gzip { gzip::json_gzip(gz) } else { varying(json_bytes(body)) })
}

/// An answer that another `Accept-Encoding` would get compressed.
fn varying(mut response: Response) -> Response {
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

#[derive(Deserialize)]
struct PackageTreatment {
    code: String,
    quantity: u32,
}

#[derive(Deserialize)]
struct PackageOptions {
    from: Option<String>,
    to: Option<String>,
    adults: Option<u32>,
    #[serde(default)]
    children: u32,
    #[serde(default)]
    babies: u32,
    #[serde(default)]
    treatments: Vec<PackageTreatment>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct PackageSearch {
    package_code: Option<String>,
    options: Option<PackageOptions>,
}

/// The spec's package search: rooms for a package stay, each priced as the
/// package for the guests plus the room's supplement.
async fn search_package(
    State(state): State<AppState>,
    Query(query): Query<HashMap<String, String>>,
    JsonBody(body): JsonBody<PackageSearch>,
) -> ApiResult<Response> {
    let locale = shop_locale(&query, &state)?;
    let package_code =
        body.package_code.filter(|c| !c.is_empty()).ok_or_else(|| ApiError::field("invalid_request", "packageCode", "is required"))?;
    let options = body.options.ok_or_else(|| ApiError::field("invalid_request", "options", "is required"))?;
    let request = SearchPackageRoomsRequest {
        package_code,
        from: required_date(options.from.as_deref(), "from", "invalid_stay")?,
        to: required_date(options.to.as_deref(), "to", "invalid_stay")?,
        guests: Some(Guests { adults: options.adults.unwrap_or(2), children: options.children, babies: options.babies }),
        treatments: options.treatments.into_iter().map(|t| TreatmentChoice { code: t.code, quantity: t.quantity }).collect(),
        locale,
    };
    let response = state.clients.rooms.clone().search_package_rooms(request).await?.into_inner();
    Ok(json_bytes(search_body(&response)))
}

async fn availability(State(state): State<AppState>, Query(query): Query<HashMap<String, String>>) -> ApiResult<Json<Value>> {
    shop_locale(&query, &state)?;
    let room_code = query
        .get("roomCode")
        .cloned()
        .filter(|c| !c.is_empty())
        .ok_or_else(|| ApiError::field("invalid_parameter", "roomCode", "is required"))?;
    let request = GetAvailabilityRequest {
        room_code,
        from: date_param(&query, "from", "invalid_parameter")?,
        to: date_param(&query, "to", "invalid_parameter")?,
        guests: Some(guests(&query)?),
    };
    let response = state.clients.rooms.clone().get_availability(request).await?.into_inner();
    Ok(Json(json!({
        "roomCode": response.room_code,
        "minStayNights": response.min_stay_nights,
        "fitsGuests": response.fits_guests,
        "days": response.days.iter().map(|d| json!({
            "date": d.date,
            "available": d.available,
            "bookable": d.bookable,
            "price": d.price.as_ref().map(|p| price_json(Some(p), Some(p))),
        })).collect::<Vec<_>>(),
    })))
}

/// Escapes text for HTML element content and attribute values.
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The room popup's content: a fragment of markup for the room's
/// description, localized; every value is escaped.
async fn partial(State(state): State<AppState>, Path((locale, code)): Path<(String, String)>) -> ApiResult<Response> {
    let locale = match locale.as_str() {
        "pl" => "pl",
        "de" => "de",
        "en" | "en_GB" | "en-GB" => "en_GB",
        _ => return Err(ApiError::field("invalid_locale", "locale", "must be pl, de or en")),
    };
    let product = state
        .clients
        .catalog
        .clone()
        .get_product(GetProductRequest { key: Some(Key::Code(code)), locale: locale.to_owned() })
        .await?
        .into_inner();
    if product.r#type != "room" {
        return Err(ApiError::not_found("room"));
    }
    let facts = product.room.unwrap_or_default();
    let (guests, extra, area) = match locale {
        "de" => ("Max. Personen", "Zusatzbett möglich", "Fläche"),
        "en_GB" => ("Max. guests", "Extra bed available", "Area"),
        _ => ("Maks. liczba osób", "Możliwa dostawka", "Powierzchnia"),
    };
    let image = product
        .images
        .first()
        .map(|i| {
            format!(
                "<img src=\"{}\" alt=\"{}\" width=\"800\" height=\"600\" loading=\"lazy\">",
                escape_html(&i.path),
                escape_html(&product.name)
            )
        })
        .unwrap_or_default();
    let mut facts_html = format!("<li>{guests}: {}</li>", facts.max_occupancy);
    if facts.extra_bed {
        facts_html.push_str(&format!("<li>{extra}</li>"));
    }
    if facts.area_m2 > 0 {
        facts_html.push_str(&format!("<li>{area}: {} m²</li>", facts.area_m2));
    }
    let html = format!(
        "<article class=\"room-partial\" data-code=\"{}\"><h2>{}</h2>{image}<p>{}</p><ul>{facts_html}</ul></article>",
        escape_html(&product.code),
        escape_html(&product.name),
        escape_html(&product.description),
    );
    let mut response = (StatusCode::OK, Html(html)).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    Ok(response)
}

#[cfg(test)]
mod tests {
    #[test]
    fn html_is_escaped() {
        assert_eq!(super::escape_html("<b onclick=\"x\">R&D 'a'</b>"), "&lt;b onclick=&quot;x&quot;&gt;R&amp;D &#39;a&#39;&lt;/b&gt;");
    }
}
