//! The front desk's view of the house, for receptionists and
//! administrators: `/shop-api/backend/board` (the rooms service owns the
//! counts; the catalog names the rooms in the caller's language),
//! `/shop-api/backend/bookings` and `/shop-api/backend/arrivals` (the cart
//! service owns the orders and what they are found by). Their answers are
//! never cached: every `/shop-api` answer without a freshness of its own
//! is `no-store` (`guard::security_headers`).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use spa_proto::spa::cart::v1::{ListArrivalsRequest, SearchOrdersRequest};
use spa_proto::spa::catalog::v1::GetProductsRequest;
use spa_proto::spa::rooms::v1::GetBoardRequest;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiQuery, Shop, ShopParams, Validate, Ymd};
use crate::session::FrontDesk;
use crate::wire::OrderState;
use crate::wire::order::StaffOrder;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(board)).routes(routes!(bookings)).routes(routes!(arrivals))
}

/// Which nights the board shows.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BoardQuery {
    /// The first night shown (past nights too).
    pub from: Ymd,
    /// How many nights, 1 to 62; 14 by default.
    #[param(minimum = 1, maximum = 62)]
    pub days: Option<u32>,
}

// The rooms service owns the range of `days`.
impl Validate for BoardQuery {}

/// One night of a room type.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardNight {
    /// `YYYY-MM-DD`: the night starting that day.
    pub date: String,
    pub units: u32,
    /// Taken by paid orders.
    pub booked: u32,
    /// Taken by orders not paid yet (until paid or their hold expires).
    pub held: u32,
    /// Not for sale (closed by hand, or beyond the selling horizon).
    pub closed: bool,
    /// For sale now: 0 when closed.
    pub free: u32,
    /// Taken by booking portals' calendars (iCal).
    pub external: u32,
    /// The portals' bookings took more than was left, or a closed night: a
    /// double booking for the front desk to settle.
    pub oversold: bool,
}

/// A room type's row.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardRoom {
    pub code: String,
    /// In the request's language; the code when the catalog has no name.
    pub name: String,
    pub units: u32,
    pub nights: Vec<BoardNight>,
}

/// The occupancy board.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Board {
    pub from: String,
    /// The day after the last night shown.
    pub to: String,
    pub rooms: Vec<BoardRoom>,
}

/// The occupancy board
///
/// Every room type, in the shop's order, with its units night by night:
/// booked, held (unpaid), closed and free. Never cached: a booking shows
/// on the next call.
#[utoipa::path(
    get,
    path = "/shop-api/backend/board",
    tag = "front-desk",
    params(BoardQuery, ShopParams),
    responses(
        (status = 200, description = "The board", body = Board),
        (status = 400, description = "A malformed date, or days outside 1-62 (the field is named)", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn board(
    State(state): State<AppState>,
    shop: Shop,
    _desk: FrontDesk,
    ApiQuery(query): ApiQuery<BoardQuery>,
) -> ApiResult<Json<Board>> {
    let request = GetBoardRequest { from: query.from.to_string(), days: query.days.unwrap_or(14) };
    let board = state.clients.rooms.clone().get_board(request).await?.into_inner();
    let codes = board.rooms.iter().map(|r| r.room_code.clone()).collect();
    let names = state.clients.catalog.clone().get_products(GetProductsRequest { codes, locale: shop.locale.code().to_owned() }).await?;
    let names = names.into_inner().items;
    let name_of = |code: &str| names.iter().find(|p| p.code == code).map_or_else(|| code.to_owned(), |p| p.name.clone());
    let rooms = board
        .rooms
        .into_iter()
        .map(|r| BoardRoom {
            name: name_of(&r.room_code),
            code: r.room_code,
            units: r.units,
            nights: r
                .nights
                .into_iter()
                .map(|n| BoardNight {
                    date: n.date,
                    units: n.units,
                    booked: n.booked,
                    held: n.held,
                    closed: n.closed,
                    free: n.free,
                    external: n.external,
                    oversold: n.oversold,
                })
                .collect(),
        })
        .collect();
    let body = Board { from: board.from, to: board.to, rooms };
    Ok(Json(body))
}

/// A search of the bookings.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BookingsQuery {
    /// Any part of a booking code, the guest's name, e-mail or phone
    /// (a phone number matches however it is written); at most 100
    /// characters.
    #[param(max_length = 100)]
    pub q: Option<String>,
    /// Stays that end after this day.
    pub from: Option<Ymd>,
    /// Stays that begin on or before this day (with `from` the same day:
    /// the guests in the house that night).
    pub to: Option<Ymd>,
    pub state: Option<OrderState>,
    /// 1 for the first page (20 orders).
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
}

impl Validate for BookingsQuery {
    fn validate(&self) -> ApiResult<()> {
        crate::extract::within(self.page.unwrap_or(1), 1..=100_000, crate::error::ErrorCode::InvalidParameter, "page")
    }
}

/// One page of bookings, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bookings {
    pub items: Vec<StaffOrder>,
    /// Matching orders in all.
    pub total: u32,
    pub page: u32,
    /// Orders per page.
    pub limit: u32,
}

/// Orders per page of the bookings list.
const BOOKINGS_PAGE: u32 = 20;

/// The bookings
///
/// Every order, newest first, 20 a page, with the guest's details; a
/// search matches any part of the booking code, the guest's name,
/// e-mail or phone; `from` and `to` keep orders with a stay in the house
/// on a night from `from` to `to`. Never cached.
#[utoipa::path(
    get,
    path = "/shop-api/backend/bookings",
    tag = "front-desk",
    params(BookingsQuery, ShopParams),
    responses(
        (status = 200, description = "A page of bookings", body = Bookings),
        (status = 400, description = "A malformed date, state or page, or too long a search (the field is named)", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn bookings(
    State(state): State<AppState>,
    shop: Shop,
    _desk: FrontDesk,
    ApiQuery(query): ApiQuery<BookingsQuery>,
) -> ApiResult<Json<Bookings>> {
    let page = query.page.unwrap_or(1);
    let request = SearchOrdersRequest {
        query: query.q.unwrap_or_default(),
        from: query.from.map(|d| d.to_string()).unwrap_or_default(),
        to: query.to.map(|d| d.to_string()).unwrap_or_default(),
        state: query.state.map_or(0, OrderState::wire),
        page,
        limit: BOOKINGS_PAGE,
    };
    let found = state.clients.orders.clone().search_orders(request).await?.into_inner();
    let items = found.orders.into_iter().map(|o| StaffOrder::of(o, shop.locale)).collect::<Result<_, _>>()?;
    let body = Bookings { items, total: found.total, page, limit: BOOKINGS_PAGE };
    Ok(Json(body))
}

/// Which day's arrivals.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ArrivalsQuery {
    pub date: Ymd,
}

impl Validate for ArrivalsQuery {}

/// A day at the front desk.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeskDay {
    pub date: String,
    /// Orders whose stays begin that day, by the guest's name.
    pub arriving: Vec<StaffOrder>,
    /// Orders whose stays end that day, by the guest's name.
    pub departing: Vec<StaffOrder>,
}

/// Arrivals and departures
///
/// The orders whose stays begin and those whose stays end on a day, with
/// the guests, their stays, packages and treatments, notes and what is
/// left to pay; cancelled orders are left out. Never cached.
#[utoipa::path(
    get,
    path = "/shop-api/backend/arrivals",
    tag = "front-desk",
    params(ArrivalsQuery, ShopParams),
    responses(
        (status = 200, description = "The day's arrivals and departures", body = DeskDay),
        (status = 400, description = "A malformed date", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn arrivals(
    State(state): State<AppState>,
    shop: Shop,
    _desk: FrontDesk,
    ApiQuery(query): ApiQuery<ArrivalsQuery>,
) -> ApiResult<Json<DeskDay>> {
    let date = query.date.to_string();
    let day = state.clients.orders.clone().list_arrivals(ListArrivalsRequest { date: date.clone() }).await?.into_inner();
    let staff = |orders: Vec<_>| orders.into_iter().map(|o| StaffOrder::of(o, shop.locale)).collect::<Result<Vec<_>, _>>();
    let body = DeskDay { date, arriving: staff(day.arriving)?, departing: staff(day.departing)? };
    Ok(Json(body))
}
