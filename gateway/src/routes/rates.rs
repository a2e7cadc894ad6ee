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
use crate::wire::order::rfc3339;

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
    /// Taken by booking portals' calendars (iCal).
    pub external: u32,
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
                    external: n.external,
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
    OpenApiRouter::new().routes(routes!(nights, set_nights)).routes(routes!(room_type, set_room_type)).routes(routes!(seasons, set_seasons))
}

/// A room type's own settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomType {
    pub code: String,
    /// Rooms of this type.
    pub units: u32,
    /// Standard sleepers.
    pub occupancy: u32,
    /// With the extra bed.
    pub max_occupancy: u32,
    pub extra_bed: bool,
    /// Nights.
    pub min_stay: u32,
    /// Grosze, a Sunday to Thursday night before seasons.
    pub base_rate: i64,
    /// Grosze, a Friday or Saturday night before seasons.
    pub weekend_rate: i64,
    #[schema(required = true)]
    pub updated_at: Option<String>,
    pub updated_by: String,
}

impl RoomType {
    fn of(m: spa_proto::spa::rooms::v1::RoomTypeSettings) -> Self {
        Self {
            code: m.code,
            units: m.units,
            occupancy: m.occupancy,
            max_occupancy: m.max_occupancy,
            extra_bed: m.extra_bed,
            min_stay: m.min_stay,
            base_rate: m.base_rate,
            weekend_rate: m.weekend_rate,
            updated_at: rfc3339(m.updated_at_ms),
            updated_by: m.updated_by,
        }
    }
}

/// A room type's settings as the administrator sets them, all of them.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RoomTypeChange {
    /// 1 to 500; never below what a future night has booked, held or out of order (409 `units_taken`).
    #[schema(required = true, value_type = u32, minimum = 1, maximum = 500)]
    pub units: Option<u32>,
    #[schema(required = true, value_type = u32, minimum = 1, maximum = 10)]
    pub occupancy: Option<u32>,
    /// At least `occupancy`, at most 12; above it only with the extra bed.
    #[schema(required = true, value_type = u32, minimum = 1, maximum = 12)]
    pub max_occupancy: Option<u32>,
    #[schema(required = true, value_type = bool)]
    pub extra_bed: Option<bool>,
    #[schema(required = true, value_type = u32, minimum = 1, maximum = 30)]
    pub min_stay: Option<u32>,
    #[schema(required = true, value_type = i64, minimum = 100, maximum = 10_000_000)]
    pub base_rate: Option<i64>,
    #[schema(required = true, value_type = i64, minimum = 100, maximum = 10_000_000)]
    pub weekend_rate: Option<i64>,
}

impl Validate for RoomTypeChange {
    fn validate(&self) -> ApiResult<()> {
        let counts = [
            ("units", self.units, 1..=500),
            ("occupancy", self.occupancy, 1..=10),
            ("maxOccupancy", self.max_occupancy, 1..=12),
            ("minStay", self.min_stay, 1..=30),
        ];
        for (field, value, range) in counts {
            let Some(value) = value else { return Err(ApiError::field(ErrorCode::InvalidParameter, field)) };
            crate::extract::within(value, range, ErrorCode::InvalidParameter, field)?;
        }
        if self.extra_bed.is_none() {
            return Err(ApiError::field(ErrorCode::InvalidParameter, "extraBed"));
        }
        for (field, value) in [("baseRate", self.base_rate), ("weekendRate", self.weekend_rate)] {
            let Some(value) = value else { return Err(ApiError::field(ErrorCode::InvalidParameter, field)) };
            crate::extract::within(value, 100..=10_000_000, ErrorCode::InvalidParameter, field)?;
        }
        Ok(())
    }
}

/// A season: a share of every room type's rates between two days of every year.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Season {
    /// 1 to 60 characters, each season's own.
    #[schema(max_length = 60)]
    pub name: String,
    /// MM-DD, inclusive.
    #[schema(pattern = "^[0-9]{2}-[0-9]{2}$")]
    pub from: String,
    /// MM-DD, inclusive; before `from`: the season runs over the new year.
    #[schema(pattern = "^[0-9]{2}-[0-9]{2}$")]
    pub to: String,
    /// Percent of the weekday or weekend rate, 50 to 300.
    #[schema(minimum = 50, maximum = 300)]
    pub multiplier_percent: u32,
}

/// The seasons, in their order (the first that covers a night prices it).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeasonList {
    pub seasons: Vec<Season>,
    #[schema(required = true)]
    pub updated_at: Option<String>,
    pub updated_by: String,
}

/// The seasons as the administrator sets them: all of them, replacing the others.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeasonsChange {
    /// At most 20.
    #[schema(required = true, value_type = Vec<Season>, max_items = 20)]
    pub seasons: Option<Vec<Season>>,
}

impl Validate for SeasonsChange {
    fn validate(&self) -> ApiResult<()> {
        let Some(seasons) = &self.seasons else { return Err(ApiError::field(ErrorCode::InvalidParameter, "seasons")) };
        if seasons.len() > 20 {
            return Err(ApiError::malformed(ErrorCode::InvalidParameter, "seasons"));
        }
        for (i, s) in seasons.iter().enumerate() {
            let shaped =
                |d: &str| d.len() == 5 && d.as_bytes()[2] == b'-' && d.bytes().enumerate().all(|(j, b)| j == 2 || b.is_ascii_digit());
            for (field, ok) in [
                ("name", s.name.chars().count() <= 60),
                ("from", shaped(&s.from)),
                ("to", shaped(&s.to)),
                ("multiplierPercent", (50..=300).contains(&s.multiplier_percent)),
            ] {
                if !ok {
                    return Err(ApiError::malformed(ErrorCode::InvalidParameter, &format!("seasons[{i}].{field}")));
                }
            }
        }
        Ok(())
    }
}

fn seasons_of(m: spa_proto::spa::rooms::v1::Seasons) -> SeasonList {
    SeasonList {
        seasons: m
            .seasons
            .into_iter()
            .map(|s| Season { name: s.name, from: s.from, to: s.to, multiplier_percent: s.multiplier_percent })
            .collect(),
        updated_at: rfc3339(m.updated_at_ms),
        updated_by: m.updated_by,
    }
}

/// A room type's settings
///
/// For administrators: units, occupancy, minimum stay, the weekday and
/// weekend rates (the nights' prices follow them and the seasons, except
/// those set by hand).
#[utoipa::path(
    get,
    path = "/shop-api/backend/room-types/{code}",
    tag = "back-office",
    params(("code" = String, Path, description = ROOM_CODE, pattern = "^[A-Za-z0-9_.-]{1,64}$"), ShopParams),
    responses(
        (status = 200, description = "The room type", body = RoomType),
        (status = 400, description = "A malformed code", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such room type (`unknown_room`)", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn room_type(State(state): State<AppState>, _shop: Shop, _admin: Staff, Path(code): Path<String>) -> ApiResult<Json<RoomType>> {
    let request = spa_proto::spa::rooms::v1::GetRoomTypeRequest { code: room_code(code)? };
    Ok(Json(RoomType::of(state.clients.rooms.clone().get_room_type(request).await?.into_inner())))
}

/// Set a room type's settings
///
/// For administrators: all of them at once. Every future night not priced
/// by hand is repriced; guests' searches and baskets follow at once.
#[utoipa::path(
    put,
    path = "/shop-api/backend/room-types/{code}",
    tag = "back-office",
    params(("code" = String, Path, description = ROOM_CODE, pattern = "^[A-Za-z0-9_.-]{1,64}$"), ShopParams, crate::extract::ScriptMarker),
    request_body = RoomTypeChange,
    responses(
        (status = 200, description = "The room type as it is now", body = RoomType),
        (status = 400, description = "A missing or malformed field, named; or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such room type (`unknown_room`)", body = ErrorBody),
        (status = 409, description = "Fewer units than a future night has booked, held or out of order (`units_needed`, naming the night)", body = ErrorBody),
        (status = 422, description = "Settings that do not hold together, each named (`invalid_room_type`): more sleepers than standard without the extra bed, or the extra bed without them", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn set_room_type(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<RoomTypeChange>,
) -> ApiResult<Json<RoomType>> {
    let settings = spa_proto::spa::rooms::v1::RoomTypeSettings {
        code: room_code(code)?,
        units: body.units.unwrap_or_default(),
        occupancy: body.occupancy.unwrap_or_default(),
        max_occupancy: body.max_occupancy.unwrap_or_default(),
        extra_bed: body.extra_bed.unwrap_or_default(),
        min_stay: body.min_stay.unwrap_or_default(),
        base_rate: body.base_rate.unwrap_or_default(),
        weekend_rate: body.weekend_rate.unwrap_or_default(),
        ..Default::default()
    };
    let request = spa_proto::spa::rooms::v1::SetRoomTypeRequest { settings: Some(settings), staff: admin.email };
    Ok(Json(RoomType::of(state.clients.rooms.clone().set_room_type(request).await?.into_inner())))
}

/// The seasons
///
/// For administrators: the shares of the rates between two days of every
/// year that every room type's nights follow.
#[utoipa::path(
    get,
    path = "/shop-api/backend/seasons",
    tag = "back-office",
    params(ShopParams),
    responses(
        (status = 200, description = "The seasons", body = SeasonList),
        (status = 400, description = "A malformed shop parameter, named", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn seasons(State(state): State<AppState>, _shop: Shop, _admin: Staff) -> ApiResult<Json<SeasonList>> {
    let request = spa_proto::spa::rooms::v1::GetSeasonsRequest {};
    Ok(Json(seasons_of(state.clients.rooms.clone().get_seasons(request).await?.into_inner())))
}

/// Set the seasons
///
/// For administrators: all of them, replacing the others. Every future
/// night not priced by hand is repriced; guests' searches follow at once.
#[utoipa::path(
    put,
    path = "/shop-api/backend/seasons",
    tag = "back-office",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = SeasonsChange,
    responses(
        (status = 200, description = "The seasons as they are now", body = SeasonList),
        (status = 400, description = "A missing or malformed field, named; or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 422, description = "Seasons that do not hold, each named (`invalid_seasons`, e.g. `seasons[1].from`): an empty or repeated name, a day no year has", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn set_seasons(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    JsonBody(body): JsonBody<SeasonsChange>,
) -> ApiResult<Json<SeasonList>> {
    let seasons = body
        .seasons
        .unwrap_or_default()
        .into_iter()
        .map(|s| spa_proto::spa::rooms::v1::SeasonRule { name: s.name, from: s.from, to: s.to, multiplier_percent: s.multiplier_percent })
        .collect();
    let request = spa_proto::spa::rooms::v1::SetSeasonsRequest { seasons, staff: admin.email };
    Ok(Json(seasons_of(state.clients.rooms.clone().set_seasons(request).await?.into_inner())))
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
