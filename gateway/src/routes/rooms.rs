//! Rooms: `GET /shop-api/rooms/search` (room types free for a stay that fit
//! the guests), `POST /shop-api/rooms/search` (the same for a package stay,
//! priced with the package), `GET /shop-api/rooms/availability` (a room
//! type's calendar), and the room popup's HTML fragment
//! `GET /{locale}/_partial/rooms/{code}`.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_platform::grpc::fresh;
use spa_proto::common::Money;
use spa_proto::spa::cart::v1::{RoomUnits, RoomsTakenRequest};
use spa_proto::spa::catalog::v1::GetProductRequest;
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::rooms::v1::{
    CheckStaysRequest, GetAvailabilityRequest, Guests, RoomOffer, SearchPackageRoomsRequest, SearchRoomsRequest, SearchRoomsResponse,
    StayLine, TreatmentChoice,
};
use tonic::Code;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::answers::{self, Answer, Body, Conditional, ConditionalParams, NotModified};
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{ApiQuery, JsonBody, Shop, ShopParams, Validate, Ymd};
use crate::i18n::{Locale, text};
use crate::wire::{EmptyReason, Image, OfferItem, OfferType, Price};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search, search_package))
        .routes(routes!(availability))
        .route("/{locale}/_partial/rooms/{code}", axum::routing::get(partial))
}

/// Guests, 2 adults by default. The bounds here are wider than the
/// picker's, so the rooms service names the exact rule broken.
fn guests(adults: Option<u32>, children: Option<u32>, babies: Option<u32>) -> ApiResult<Guests> {
    let guests = Guests { adults: adults.unwrap_or(2), children: children.unwrap_or(0), babies: babies.unwrap_or(0) };
    for (field, value) in [("adults", guests.adults), ("children", guests.children), ("babies", guests.babies)] {
        if value > 20 {
            return Err(ApiError::field(ErrorCode::InvalidGuests, field));
        }
    }
    Ok(guests)
}

fn stay_or_guests_code(field: &str) -> ErrorCode {
    match field {
        "from" | "to" => ErrorCode::InvalidStay,
        "adults" | "children" | "babies" => ErrorCode::InvalidGuests,
        _ => ErrorCode::InvalidParameter,
    }
}

/// A stay and its guests.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Check-in.
    pub from: Ymd,
    /// Check-out, after check-in.
    pub to: Ymd,
    /// 2 by default.
    #[param(minimum = 0, maximum = 20)]
    pub adults: Option<u32>,
    /// Aged 4 to 16.
    #[param(minimum = 0, maximum = 20)]
    pub children: Option<u32>,
    /// Under 4.
    #[param(minimum = 0, maximum = 20)]
    pub babies: Option<u32>,
    /// The visitor's basket: its stays of a room on these nights are taken
    /// from the rooms left, and the answer is the visitor's own (not cached).
    #[serde(rename = "orderToken")]
    pub order_token: Option<String>,
}

impl Validate for SearchQuery {
    fn validate(&self) -> ApiResult<()> {
        guests(self.adults, self.children, self.babies).map(|_| ())
    }

    fn error_code(field: &str) -> ErrorCode {
        stay_or_guests_code(field)
    }
}

// Borrowed wire shapes: search is the hot path, and copying strings cost
// more than the rest of a cached answer.

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

/// A room type free for the whole stay.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Room)]
struct WireRoom<'a> {
    code: &'a str,
    name: &'a str,
    description: &'a str,
    #[schema(value_type = Vec<Image>)]
    images: Vec<WireImage<'a>>,
    nights: u32,
    /// Units free on every night of the stay.
    available: u32,
    occupancy: u32,
    max_occupancy: u32,
    extra_bed: bool,
    average_rating: f64,
    min_stay_nights: u32,
    /// The whole stay for the guests.
    #[schema(value_type = Price)]
    price: WirePrice<'a>,
    /// Package searches: the package for the guests plus the supplement.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Price>)]
    package_price: Option<WirePrice<'a>>,
    /// Package searches: the room's price over the package's included room.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Price>)]
    supplement: Option<WirePrice<'a>>,
}

/// The rooms of a search.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RoomSearch)]
struct WireSearch<'a> {
    #[schema(value_type = Vec<WireRoom>)]
    items: Vec<WireRoom<'a>>,
    /// Set when `items` is empty.
    empty_reason: Option<EmptyReason>,
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
    let wire =
        WireSearch { items: response.rooms.iter().map(wire_room).collect(), empty_reason: EmptyReason::from_wire(response.empty_reason) };
    serde_json::to_vec(&wire).unwrap_or_default()
}

fn json_bytes(body: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

/// Room types free for a stay that fit the guests
#[utoipa::path(
    get,
    path = "/shop-api/rooms/search",
    tag = "rooms",
    params(ShopParams, SearchQuery, ConditionalParams),
    responses(
        (status = 200, description = "The rooms, or none and why", body = WireSearch, headers(
            ("ETag" = String, description = "Strong tag of the body; `-gzip` marks the gzipped copy"),
            ("Cache-Control" = String, description = "`public, max-age=10`; `no-store` with `orderToken`"),
            ("Vary" = String, description = "`accept-encoding`"),
        )),
        (status = 304, response = NotModified),
        (status = 400, description = "The stay or the guests are not valid", body = ErrorBody),
        (status = 503, description = "The rooms service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn search(
    State(state): State<AppState>,
    shop: Shop,
    client: Conditional,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> ApiResult<Response> {
    let guests = guests(query.adults, query.children, query.babies)?;
    let request =
        SearchRoomsRequest { from: query.from.to_string(), to: query.to.to_string(), guests: Some(guests), locale: shop.code().to_owned() };
    if let Some(token) = query.order_token.as_deref().filter(|t| !t.is_empty()) {
        // A visitor's own answer, even while the basket holds no stay (the
        // next add must not meet a stale copy): the rooms service's cache
        // answers, the gateway and the browser keep no copy.
        let rooms = async { ApiResult::Ok(state.clients.rooms.clone().search_rooms(request).await?.into_inner()) };
        let (from, to) = (query.from.to_string(), query.to.to_string());
        let (taken, mut response) = tokio::try_join!(rooms_taken(&state, token, &from, &to), rooms)?;
        take_own_stays(&mut response, &taken);
        return Ok(json_bytes(search_body(&response)));
    }
    let answer = Answer::RoomSearch { from: query.from, to: query.to, guests, locale: shop.locale };
    answers::serve(&state, &client, answer, || async {
        let response = state.clients.rooms.clone().search_rooms(fresh(request)).await?.into_inner();
        Ok(Body::bytes(search_body(&response)).at_version(response.inventory_version))
    })
    .await
}

/// The units of each room a visitor's basket takes on these nights (the
/// cart's rule); none for a token that names no basket (a search never
/// fails for a stale basket).
async fn rooms_taken(state: &AppState, token: &str, from: &str, to: &str) -> ApiResult<Vec<RoomUnits>> {
    let request = RoomsTakenRequest { token: token.to_owned(), check_in: from.to_owned(), check_out: to.to_owned() };
    match state.clients.cart.clone().rooms_taken(request).await {
        Ok(r) => Ok(r.into_inner().rooms),
        Err(s) if matches!(s.code(), Code::NotFound | Code::InvalidArgument) => Ok(vec![]),
        Err(s) => Err(s.into()),
    }
}

/// Rooms left less the basket's own; a room with none left is not offered.
fn take_own_stays(response: &mut SearchRoomsResponse, taken: &[RoomUnits]) {
    for room in &mut response.rooms {
        let own = taken.iter().find(|t| t.room_code == room.code).map_or(0, |t| t.units);
        room.available = room.available.saturating_sub(own);
    }
    response.rooms.retain(|r| r.available > 0);
    if response.rooms.is_empty() && EmptyReason::from_wire(response.empty_reason).is_none() {
        response.empty_reason = EmptyReason::NoRoomsForDates.wire();
    }
}

/// A treatment of the package and how many of it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageTreatment {
    pub code: String,
    #[schema(minimum = 0, maximum = 100)]
    pub quantity: u32,
}

/// The stay of a package search.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageOptions {
    #[schema(value_type = String, format = Date)]
    pub from: Ymd,
    #[schema(value_type = String, format = Date)]
    pub to: Ymd,
    /// 2 by default.
    #[schema(minimum = 0, maximum = 20)]
    pub adults: Option<u32>,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 20)]
    pub children: u32,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 20)]
    pub babies: u32,
    #[serde(default)]
    #[schema(max_items = 50)]
    pub treatments: Vec<PackageTreatment>,
}

/// A package and the stay to price it for.
#[derive(Debug, Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct PackageSearch {
    #[schema(required = true, value_type = String, pattern = "^[A-Za-z0-9_.-]{1,64}$")]
    pub package_code: Option<String>,
    #[schema(required = true, value_type = PackageOptions)]
    pub options: Option<PackageOptions>,
}

impl Validate for PackageSearch {
    fn validate(&self) -> ApiResult<()> {
        if self.package_code.as_deref().is_none_or(str::is_empty) {
            return Err(ApiError::field(ErrorCode::InvalidRequest, "packageCode"));
        }
        let options = self.options.as_ref().ok_or_else(|| ApiError::field(ErrorCode::InvalidRequest, "options"))?;
        guests(options.adults, Some(options.children), Some(options.babies))?;
        if options.treatments.len() > 50 {
            return Err(ApiError::field(ErrorCode::InvalidConfiguration, "options.treatments"));
        }
        Ok(())
    }

    fn error_code(field: &str) -> ErrorCode {
        stay_or_guests_code(field.trim_start_matches("options."))
    }
}

/// Rooms for a package stay, priced with the package
#[utoipa::path(
    post,
    path = "/shop-api/rooms/search",
    tag = "rooms",
    params(ShopParams),
    request_body = PackageSearch,
    responses(
        (status = 200, description = "The rooms, each priced as the package for the guests plus its supplement", body = Vec<WireRoom>),
        (status = 400, description = "The package, the stay or the guests are not valid", body = ErrorBody),
        (status = 503, description = "The rooms service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn search_package(State(state): State<AppState>, shop: Shop, JsonBody(body): JsonBody<PackageSearch>) -> ApiResult<Response> {
    let (Some(package_code), Some(options)) = (body.package_code, body.options) else {
        return Err(ApiError::field(ErrorCode::InvalidRequest, "options"));
    };
    let request = SearchPackageRoomsRequest {
        package_code,
        from: options.from.to_string(),
        to: options.to.to_string(),
        guests: Some(Guests { adults: options.adults.unwrap_or(2), children: options.children, babies: options.babies }),
        treatments: options.treatments.into_iter().map(|t| TreatmentChoice { code: t.code, quantity: t.quantity }).collect(),
        locale: shop.code().to_owned(),
    };
    let response = state.clients.rooms.clone().search_package_rooms(request).await?.into_inner();
    let rooms: Vec<WireRoom<'_>> = response.rooms.iter().map(wire_room).collect();
    Ok(json_bytes(serde_json::to_vec(&rooms).unwrap_or_default()))
}

/// A room's calendar query.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityQuery {
    #[param(pattern = "^[A-Za-z0-9_.-]{1,64}$")]
    pub room_code: String,
    /// First day shown.
    pub from: Ymd,
    /// The day after the last day shown.
    pub to: Ymd,
    /// 2 by default.
    #[param(minimum = 0, maximum = 20)]
    pub adults: Option<u32>,
    /// Aged 4 to 16.
    #[param(minimum = 0, maximum = 20)]
    pub children: Option<u32>,
    /// Under 4.
    #[param(minimum = 0, maximum = 20)]
    pub babies: Option<u32>,
}

impl Validate for AvailabilityQuery {
    fn validate(&self) -> ApiResult<()> {
        if self.room_code.is_empty() {
            return Err(ApiError::field(ErrorCode::InvalidParameter, "roomCode"));
        }
        guests(self.adults, self.children, self.babies).map(|_| ())
    }

    fn error_code(field: &str) -> ErrorCode {
        match field {
            "adults" | "children" | "babies" => ErrorCode::InvalidGuests,
            _ => ErrorCode::InvalidParameter,
        }
    }
}

/// One night of a room's calendar.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Day {
    /// The night starting that day, `YYYY-MM-DD`.
    pub date: String,
    /// Units free that night.
    pub available: u32,
    /// Free, open, and the room takes the guests.
    pub bookable: bool,
    /// The night's price for the guests; null when not for sale.
    pub price: Option<Price>,
    /// No stay may start that day (the guesthouse's rule).
    pub closed_to_arrival: bool,
    /// No stay may end that day.
    pub closed_to_departure: bool,
    /// The fewest nights of a stay arriving that day (the room type's minimum included).
    pub min_stay: u32,
    /// The most nights of a stay arriving that day; null: no limit.
    #[schema(required = true)]
    pub max_stay: Option<u32>,
}

/// A room type's calendar.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Availability {
    pub room_code: String,
    pub min_stay_nights: u32,
    /// Whether the room takes the guests at all; when not, the page asks to
    /// change the guest count.
    pub fits_guests: bool,
    pub days: Vec<Day>,
}

/// A room type's calendar
#[utoipa::path(
    get,
    path = "/shop-api/rooms/availability",
    tag = "rooms",
    params(ShopParams, AvailabilityQuery, ConditionalParams),
    responses(
        (status = 200, description = "One entry per night", body = Availability, headers(
            ("ETag" = String, description = "Strong tag of the body; `-gzip` marks the gzipped copy"),
            ("Cache-Control" = String, description = "`public, max-age=10`"),
            ("Vary" = String, description = "`accept-encoding`"),
        )),
        (status = 304, response = NotModified),
        (status = 400, description = "A value is not valid", body = ErrorBody),
        (status = 404, description = "No such room", body = ErrorBody),
        (status = 503, description = "The rooms service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn availability(
    State(state): State<AppState>,
    _shop: Shop,
    client: Conditional,
    ApiQuery(query): ApiQuery<AvailabilityQuery>,
) -> ApiResult<Response> {
    let guests = guests(query.adults, query.children, query.babies)?;
    let answer = Answer::RoomCalendar { room: &query.room_code, from: query.from, to: query.to, guests };
    answers::serve(&state, &client, answer, || async {
        let request = GetAvailabilityRequest {
            guests: Some(guests),
            room_code: query.room_code.clone(),
            from: query.from.to_string(),
            to: query.to.to_string(),
        };
        let response = state.clients.rooms.clone().get_availability(fresh(request)).await?.into_inner();
        Ok(Body::json(&Availability {
            room_code: response.room_code,
            min_stay_nights: response.min_stay_nights,
            fits_guests: response.fits_guests,
            days: response
                .days
                .iter()
                .map(|d| Day {
                    date: d.date.clone(),
                    available: d.available,
                    bookable: d.bookable,
                    price: d.price.as_ref().map(|p| Price::single(Some(p))),
                    closed_to_arrival: d.closed_to_arrival,
                    closed_to_departure: d.closed_to_departure,
                    min_stay: d.min_stay.max(1),
                    max_stay: (d.max_stay > 0).then_some(d.max_stay),
                })
                .collect(),
        }))
    })
    .await
}

/// Sets each room item's `available` to the units free for the night of
/// `tonight`, from the inventory, and says whether it could. An inventory
/// that does not answer leaves the count out rather than failing the page,
/// and the page is then not stored ([`Body::degraded`]).
pub async fn fill_rooms_left(state: &AppState, items: &mut [OfferItem], tonight: chrono::NaiveDate) -> bool {
    if items.is_empty() {
        return true;
    }
    let (from, to) = (tonight.to_string(), (tonight + chrono::Days::new(1)).to_string());
    let lines = items
        .iter()
        .map(|i| StayLine {
            room_code: i.code.clone(),
            from: from.clone(),
            to: to.clone(),
            quantity: 1,
            guests: Some(Guests { adults: 1, children: 0, babies: 0 }),
            package_nights: 0,
        })
        .collect();
    match state.clients.rooms.clone().check_stays(fresh(CheckStaysRequest { lines })).await {
        Ok(response) => {
            for (item, line) in items.iter_mut().zip(response.into_inner().lines) {
                item.available = Some(line.available);
            }
            true
        }
        Err(status) => {
            tracing::warn!(code = ?status.code(), message = status.message(), "rooms left unknown");
            false
        }
    }
}

/// The room popup's content: a fragment of markup for the room's
/// description, localized; every value is escaped.
async fn partial(State(state): State<AppState>, client: Conditional, Path((locale, code)): Path<(String, String)>) -> ApiResult<Response> {
    let locale = match locale.as_str() {
        "pl" => Locale::Pl,
        "de" => Locale::De,
        "en" | "en_GB" | "en-GB" => Locale::EnGb,
        _ => return Err(ApiError::field(ErrorCode::InvalidLocale, "locale")),
    };
    answers::serve(&state, &client, Answer::RoomPartial { code: &code, locale }, || async {
        Ok(Body::bytes(partial_html(&state, code.clone(), locale).await?.into_bytes()))
    })
    .await
}

/// The room popup's markup; askama escapes every value.
#[derive(askama::Template)]
#[template(path = "room_partial.html")]
struct RoomPartial<'a> {
    code: &'a str,
    name: &'a str,
    image: Option<&'a str>,
    description: &'a str,
    guests_label: &'a str,
    max_guests: u32,
    extra_bed: bool,
    extra_bed_label: &'a str,
    area_label: &'a str,
    area_m2: u32,
}

async fn partial_html(state: &AppState, code: String, locale: Locale) -> ApiResult<String> {
    let product = state
        .clients
        .catalog
        .clone()
        .get_product(fresh(GetProductRequest { key: Some(Key::Code(code)), locale: locale.code().to_owned() }))
        .await?
        .into_inner();
    if OfferType::from_wire(product.r#type) != Some(OfferType::Room) {
        return Err(ApiError::not_found(ErrorCode::UnknownRoom));
    }
    let facts = product.room.unwrap_or_default();
    let [guests, extra, area] = ["room-max-guests", "room-extra-bed", "room-area"].map(|id| text(locale, id));
    let partial = RoomPartial {
        code: &product.code,
        name: &product.name,
        image: product.images.first().map(|i| i.path.as_str()),
        description: &product.description,
        guests_label: &guests,
        max_guests: facts.max_occupancy,
        extra_bed: facts.extra_bed,
        extra_bed_label: &extra,
        area_label: &area,
        area_m2: facts.area_m2,
    };
    askama::Template::render(&partial).map_err(|e| {
        tracing::error!(error = %e, "room partial not rendered");
        ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::InternalError)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_of_the_room_partial_is_escaped() {
        let partial = RoomPartial {
            code: "R\"1",
            name: "<script>alert(1)</script>",
            image: Some("/media/a.jpg\" onerror=\"x"),
            description: "R&D 'a'",
            guests_label: "Max. Personen",
            max_guests: 3,
            extra_bed: true,
            extra_bed_label: "Zustellbett",
            area_label: "Fläche",
            area_m2: 24,
        };
        let html = askama::Template::render(&partial).unwrap();
        assert!(html.starts_with("<article class=\"room-partial\" data-code=\"R&#34;1\"><h2>&#60;script&#62;"), "{html}");
        assert!(!html.contains("<script>") && !html.contains("\" onerror"), "{html}");
        assert!(html.contains("<li>Max. Personen: 3</li><li>Zustellbett</li><li>Fläche: 24 m²</li>"), "{html}");
    }
}
