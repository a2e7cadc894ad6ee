//! `/shop-api/backend/room-types/{code}/nights`: the back office's rate
//! calendar, for administrators. `GET` answers a room type's nights with
//! their price, units out of order, taken units, and the rules a stay
//! arriving that night obeys; `PUT` sets them on a range of nights (some
//! weekdays of it, when named). The rooms service keeps the rules; guests'
//! searches and baskets obey them at once (the change's events drop what
//! was cached). Never cached.

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use spa_proto::spa::rooms::v1::{GetNightsRequest, Nights as NightsMessage, SetNightsRequest};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{ApiQuery, JsonBody, Shop, ShopParams, Validate, Ymd};
use crate::session::{Script, Staff};

const ROOM_CODE: &str = "The room type's code (`ROOM_STANDARD_DOUBLE`)";

/// Which nights to show.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NightsQuery {
    /// The first night.
    pub from: Ymd,
    /// The night after the last (at most 120 nights after `from`).
    pub to: Ymd,
}

impl Validate for NightsQuery {}

/// A night of a room type with the guesthouse's rules.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Night {
    /// YYYY-MM-DD.
    pub date: String,
    pub units: u32,
    /// Not for sale (repairs).
    pub out_of_order: u32,
    /// Paid.
    pub booked: u32,
    /// Unpaid.
    pub held: u32,
    /// For sale now.
    pub free: u32,
    pub closed: bool,
    /// Grosze: the night for the room's standard occupancy.
    pub price: i64,
    /// Set by hand (kept when seasons change).
    pub price_set: bool,
    /// A stay arriving this night lasts at least this many nights; 0: the room type's minimum.
    pub min_stay: u32,
    /// A stay arriving this night lasts at most this many nights; 0: no maximum.
    pub max_stay: u32,
    pub closed_to_arrival: bool,
    pub closed_to_departure: bool,
}

/// A room type's nights.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomNights {
    pub room_code: String,
    pub units: u32,
    /// The room type's own minimum stay.
    pub min_stay: u32,
    pub nights: Vec<Night>,
}

impl RoomNights {
    fn of(n: NightsMessage) -> Self {
        Self {
            room_code: n.room_code,
            units: n.units,
            min_stay: n.min_stay,
            nights: n
                .nights
                .into_iter()
                .map(|n| Night {
                    date: n.date,
                    units: n.units,
                    out_of_order: n.out_of_order,
                    booked: n.booked,
                    held: n.held,
                    free: n.free,
                    closed: n.closed,
                    price: n.price.map_or(0, |p| p.amount),
                    price_set: n.price_set,
                    min_stay: n.min_stay,
                    max_stay: n.max_stay,
                    closed_to_arrival: n.closed_to_arrival,
                    closed_to_departure: n.closed_to_departure,
                })
                .collect(),
        }
    }
}

/// What to set on a range of nights; what is left out stays as it is.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NightsChange {
    /// The first night, today or later.
    #[schema(required = true, value_type = String, format = Date)]
    pub from: Option<Ymd>,
    /// The night after the last (at most 366 nights after `from`).
    #[schema(required = true, value_type = String, format = Date)]
    pub to: Option<Ymd>,
    /// Only these weekdays of the range (1 = Monday … 7 = Sunday); none: every night.
    #[serde(default)]
    #[schema(max_items = 7)]
    pub weekdays: Vec<u32>,
    /// Grosze, 100 to 10 000 000: the night's price from now on.
    #[schema(minimum = 100, maximum = 10_000_000)]
    pub price: Option<i64>,
    /// 0 to 30; 0: the room type's minimum.
    #[schema(minimum = 0, maximum = 30)]
    pub min_stay: Option<u32>,
    /// 0 to 30; 0: no maximum.
    #[schema(minimum = 0, maximum = 30)]
    pub max_stay: Option<u32>,
    pub closed_to_arrival: Option<bool>,
    pub closed_to_departure: Option<bool>,
    pub closed: Option<bool>,
    /// Units not for sale, up to the room type's units (never those booked or held: 409 `units_taken`).
    #[schema(minimum = 0, maximum = 1000)]
    pub out_of_order: Option<u32>,
}

impl Validate for NightsChange {
    fn validate(&self) -> ApiResult<()> {
        for (field, missing) in [("from", self.from.is_none()), ("to", self.to.is_none())] {
            if missing {
                return Err(ApiError::field(ErrorCode::InvalidParameter, field));
            }
        }
        if self.weekdays.len() > 7 || self.weekdays.iter().any(|d| !(1..=7).contains(d)) {
            return Err(ApiError::field(ErrorCode::InvalidParameter, "weekdays"));
        }
        if let Some(price) = self.price {
            crate::extract::within(price, 100..=10_000_000, ErrorCode::InvalidParameter, "price")?;
        }
        for (field, value) in [("minStay", self.min_stay), ("maxStay", self.max_stay)] {
            if let Some(v) = value {
                crate::extract::within(v, 0..=30, ErrorCode::InvalidParameter, field)?;
            }
        }
        if let Some(v) = self.out_of_order {
            crate::extract::within(v, 0..=1000, ErrorCode::InvalidParameter, "outOfOrder")?;
        }
        Ok(())
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(nights, set_nights))
}

fn room_code(code: String) -> ApiResult<String> {
    if crate::extract::is_code(&code) { Ok(code) } else { Err(ApiError::field(ErrorCode::InvalidParameter, "code")) }
}

/// A room type's nights
///
/// For administrators: each night's price, units out of order, booked,
/// held and free, and the rules a stay arriving that night obeys.
#[utoipa::path(
    get,
    path = "/shop-api/backend/room-types/{code}/nights",
    tag = "back-office",
    params(("code" = String, Path, description = ROOM_CODE, pattern = "^[A-Za-z0-9_.-]{1,64}$"), NightsQuery, ShopParams),
    responses(
        (status = 200, description = "The nights", body = RoomNights),
        (status = 400, description = "A malformed code or date", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such room type (`unknown_room`)", body = ErrorBody),
        (status = 422, description = "`to` not after `from`, or more than 120 nights (`invalid_stay`)", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn nights(
    State(state): State<AppState>,
    _shop: Shop,
    _admin: Staff,
    Path(code): Path<String>,
    ApiQuery(query): ApiQuery<NightsQuery>,
) -> ApiResult<Json<RoomNights>> {
    let request = GetNightsRequest { room_code: room_code(code)?, from: query.from.to_string(), to: query.to.to_string() };
    Ok(Json(RoomNights::of(state.clients.rooms.clone().get_nights(request).await?.into_inner())))
}

/// Set nights of a room type
///
/// For administrators: a price, the minimum or maximum stay of arrivals,
/// closed to arrival or departure, closed, or units out of order, on every
/// night of the range (or on its named weekdays), all or none. Guests'
/// searches and baskets obey it at once. Answers the range's nights.
#[utoipa::path(
    put,
    path = "/shop-api/backend/room-types/{code}/nights",
    tag = "back-office",
    params(("code" = String, Path, description = ROOM_CODE, pattern = "^[A-Za-z0-9_.-]{1,64}$"), ShopParams, crate::extract::ScriptMarker),
    request_body = NightsChange,
    responses(
        (status = 200, description = "The range's nights as they are now", body = RoomNights),
        (status = 400, description = "A malformed body or code, or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such room type (`unknown_room`)", body = ErrorBody),
        (status = 409, description = "Units out of order that are booked or held that night (`units_taken`, naming the night)", body = ErrorBody),
        (status = 422, description = "The range (from today, at most 366 nights: `invalid_stay`), nothing to set, units beyond the room type's, a maximum below the minimum, or a night beyond those on sale (`invalid_nights`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn set_nights(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    _admin: Staff,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<NightsChange>,
) -> ApiResult<Json<RoomNights>> {
    let day = |d: Option<Ymd>| d.map(|d| d.to_string()).unwrap_or_default();
    let request = SetNightsRequest {
        room_code: room_code(code)?,
        from: day(body.from),
        to: day(body.to),
        weekdays: body.weekdays,
        price: body.price,
        min_stay: body.min_stay,
        max_stay: body.max_stay,
        closed_to_arrival: body.closed_to_arrival,
        closed_to_departure: body.closed_to_departure,
        closed: body.closed,
        out_of_order: body.out_of_order,
    };
    Ok(Json(RoomNights::of(state.clients.rooms.clone().set_nights(request).await?.into_inner())))
}
