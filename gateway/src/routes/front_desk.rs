//! `/shop-api/backend/board`: the front desk's view of the house, for
//! receptionists and administrators. The rooms service owns the counts;
//! the catalog names the rooms in the caller's language.

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_proto::spa::catalog::v1::GetProductsRequest;
use spa_proto::spa::rooms::v1::GetBoardRequest;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiQuery, Shop, ShopParams, Validate, Ymd};
use crate::session::FrontDesk;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(board))
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
) -> ApiResult<Response> {
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
                .map(|n| BoardNight { date: n.date, units: n.units, booked: n.booked, held: n.held, closed: n.closed, free: n.free })
                .collect(),
        })
        .collect();
    let body = Board { from: board.from, to: board.to, rooms };
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}
