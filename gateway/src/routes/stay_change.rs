//! `/shop-api/backend/orders/{bookingCode}/items/{id}/stay`: the front desk
//! moves a stay of an order to other dates, another room type or other
//! guests. `GET` prices the change (what it adds to or takes from what is
//! due) and says whether the nights are free, keeping nothing; `PUT` makes
//! it on the order's version as read. The cart service keeps the rules and
//! the rooms service the nights (the new ones taken before the old ones
//! are given back). `.../items/{id}/treatments` (`POST .../quote`, `PUT`):
//! a package's treatments, priced by the catalog. Receptionists and
//! administrators; never cached.

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use spa_proto::spa::cart::v1::{ChangeQuote as QuoteMessage, ChangeStayRequest, ChangeTreatmentsRequest, TreatmentChoice};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody, ErrorCode};
use crate::extract::{ApiQuery, JsonBody, Shop, ShopParams, Validate, Ymd};
use crate::session::{FrontDesk, Script};
use crate::wire::order::StaffOrder;

/// The stay as it is to be.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct StayWanted {
    /// The room type (a room's product code): the same or another.
    #[param(pattern = "^[A-Za-z0-9_.-]{1,64}$")]
    #[schema(pattern = "^[A-Za-z0-9_.-]{1,64}$")]
    pub room_code: String,
    /// From today on.
    pub check_in: Ymd,
    /// After the check-in, at most 30 nights later.
    pub check_out: Ymd,
    /// 1 or 2 (the room's and the guest picker's limits apply: 422 `invalid_guests`).
    #[param(minimum = 0, maximum = 20)]
    #[schema(minimum = 0, maximum = 20)]
    pub adults: u32,
    /// Aged 4 to 16.
    #[serde(default)]
    #[param(minimum = 0, maximum = 20)]
    #[schema(minimum = 0, maximum = 20)]
    pub children: u32,
    /// Under 4, in a cot.
    #[serde(default)]
    #[param(minimum = 0, maximum = 20)]
    #[schema(minimum = 0, maximum = 20)]
    pub babies: u32,
}

impl Validate for StayWanted {
    fn validate(&self) -> ApiResult<()> {
        check_stay(&self.room_code, [self.adults, self.children, self.babies])
    }
}

/// A room code and guests within what the document states.
fn check_stay(room_code: &str, guests: [u32; 3]) -> ApiResult<()> {
    if !crate::extract::is_code(room_code) {
        return Err(crate::error::ApiError::field(ErrorCode::InvalidParameter, "roomCode"));
    }
    for (field, value) in ["adults", "children", "babies"].into_iter().zip(guests) {
        crate::extract::within(value, 0..=20, ErrorCode::InvalidGuests, field)?;
    }
    Ok(())
}

/// A stay moved, decided on the order as read: the stay as it is to be.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StayMove {
    /// The order's `version` as read: a change since makes it a 409 `stale_version`.
    #[schema(minimum = 0)]
    pub version: i64,
    #[schema(pattern = "^[A-Za-z0-9_.-]{1,64}$")]
    pub room_code: String,
    pub check_in: Ymd,
    pub check_out: Ymd,
    #[schema(minimum = 0, maximum = 20)]
    pub adults: u32,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 20)]
    pub children: u32,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 20)]
    pub babies: u32,
}

/// An empty body: refused by `validate` (no room code).
impl Default for StayMove {
    fn default() -> Self {
        let day = Ymd(chrono::NaiveDate::default());
        Self { version: 0, room_code: String::new(), check_in: day, check_out: day, adults: 0, children: 0, babies: 0 }
    }
}

impl StayMove {
    fn stay(self) -> StayWanted {
        let Self { room_code, check_in, check_out, adults, children, babies, .. } = self;
        StayWanted { room_code, check_in, check_out, adults, children, babies }
    }
}

impl Validate for StayMove {
    fn validate(&self) -> ApiResult<()> {
        crate::extract::within(self.version, 0..=i64::MAX, ErrorCode::InvalidParameter, "version")?;
        check_stay(&self.room_code, [self.adults, self.children, self.babies])
    }
}

/// What a change of a line (a stay moved, a package's treatments) costs, in grosze.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeQuote {
    /// The order's version this quote was made on.
    pub version: i64,
    /// The line after the change.
    pub price: i64,
    /// The line before it.
    pub was: i64,
    /// `price - was`: added to (or, below 0, taken from) what is due.
    pub difference: i64,
    /// The order's total after the change.
    pub total: i64,
    /// Money received and kept so far.
    pub received: i64,
    /// What would be left to pay.
    pub left_to_pay: i64,
    /// What would be due back (on the refunds list).
    pub refund: i64,
}

impl ChangeQuote {
    fn of(q: QuoteMessage) -> Self {
        Self {
            version: q.version,
            price: q.price,
            was: q.was,
            difference: q.difference,
            total: q.total,
            received: q.received,
            left_to_pay: q.left_to_pay,
            refund: q.refund,
        }
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(quote_stay, change_stay)).routes(routes!(change_treatments)).routes(routes!(quote_treatments))
}

fn request(code: String, id: i64, version: i64, stay: StayWanted, staff: String) -> ApiResult<ChangeStayRequest> {
    Ok(ChangeStayRequest {
        booking_code: super::staff::booking_code(code)?,
        item_id: id,
        version,
        room_code: stay.room_code,
        check_in: stay.check_in.to_string(),
        check_out: stay.check_out.to_string(),
        adults: stay.adults,
        children: stay.children,
        babies: stay.babies,
        staff,
    })
}

/// What moving a stay costs
///
/// For the front desk: the stay priced on its new dates, room type and
/// guests, the difference to what is due, and whether its nights are free
/// (the order's own nights count as its own). Nothing is kept.
#[utoipa::path(
    get,
    path = "/shop-api/backend/orders/{bookingCode}/items/{id}/stay",
    tag = "staff",
    params(
        ("bookingCode" = String, Path, description = super::staff::BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"),
        ("id" = i64, Path, description = "The reservation line (`items[].id`)"),
        StayWanted,
        ShopParams
    ),
    responses(
        (status = 200, description = "What the change costs; the nights are free", body = ChangeQuote),
        (status = 400, description = "A malformed booking code, date, room code or number of guests", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 404, description = "No such order (`order_not_found`), reservation line (`item_not_found`) or room (`unknown_product`)", body = ErrorBody),
        (status = 409, description = "The order is cancelled (`order_cancelled`), a night is taken (`room_unavailable`), the stay has begun (`stay_started`), or its nights are no longer held (`order_not_changeable`)", body = ErrorBody),
        (status = 422, description = "Dates in the past or out of order (`invalid_stay`), guests the room does not take (`invalid_guests`), or a package that no longer fits (`package_too_long`, `too_many_persons`)", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn quote_stay(
    State(state): State<AppState>,
    _shop: Shop,
    desk: FrontDesk,
    Path((code, id)): Path<(String, i64)>,
    ApiQuery(stay): ApiQuery<StayWanted>,
) -> ApiResult<Json<ChangeQuote>> {
    let q = state.clients.orders.clone().quote_stay_change(request(code, id, 0, stay, desk.email)?).await?.into_inner();
    Ok(Json(ChangeQuote::of(q)))
}

/// Move a stay
///
/// For the front desk: the stay moves to other dates, another room type or
/// other guests, as decided on the order's `version`: the new nights are
/// taken before the old ones go back on sale (nothing changes when one is
/// taken), the difference is added to or taken from what is due (what came
/// beyond it lands on the refunds list), the change is in the order's
/// history with the staff member, and the guest gets the updated
/// confirmation in their language. The same request again answers the
/// order it changed.
#[utoipa::path(
    put,
    path = "/shop-api/backend/orders/{bookingCode}/items/{id}/stay",
    tag = "staff",
    params(
        ("bookingCode" = String, Path, description = super::staff::BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"),
        ("id" = i64, Path, description = "The reservation line (`items[].id`)"),
        ShopParams,
        crate::extract::ScriptMarker
    ),
    request_body = StayMove,
    responses(
        (status = 200, description = "The order, changed", body = StaffOrder),
        (status = 400, description = "A malformed body or booking code, no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 404, description = "No such order (`order_not_found`), reservation line (`item_not_found`) or room (`unknown_product`)", body = ErrorBody),
        (status = 409, description = "The order changed since it was read (`stale_version`, `args.version` now), is cancelled (`order_cancelled`), a night is taken (`room_unavailable`), the stay has begun (`stay_started`), or its nights are no longer held (`order_not_changeable`)", body = ErrorBody),
        (status = 422, description = "Dates in the past or out of order (`invalid_stay`), guests the room does not take (`invalid_guests`), or a package that no longer fits (`package_too_long`, `too_many_persons`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn change_stay(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    desk: FrontDesk,
    Path((code, id)): Path<(String, i64)>,
    JsonBody(body): JsonBody<StayMove>,
) -> ApiResult<Json<StaffOrder>> {
    let order = state.clients.orders.clone().change_stay(request(code, id, body.version, body.stay(), desk.email)?).await?.into_inner();
    Ok(Json(StaffOrder::of(order, shop.locale)?))
}

/// A treatment of a package, and how many.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TreatmentPick {
    #[schema(pattern = "^[A-Za-z0-9_.-]{1,64}$")]
    pub code: String,
    #[schema(minimum = 1, maximum = 20)]
    pub quantity: u32,
}

/// A package's treatments as they are to be (the package's rules apply: 422).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TreatmentsWanted {
    #[schema(required = true, max_items = 50)]
    pub treatments: Option<Vec<TreatmentPick>>,
}

impl Validate for TreatmentsWanted {
    fn validate(&self) -> ApiResult<()> {
        check_treatments(self.treatments.as_deref())
    }
}

/// Treatments named, at most 50, each a code and 1 to 20 of it.
fn check_treatments(treatments: Option<&[TreatmentPick]>) -> ApiResult<()> {
    let treatments = treatments.ok_or_else(|| crate::error::ApiError::field(ErrorCode::InvalidParameter, "treatments"))?;
    if treatments.len() > 50 {
        return Err(crate::error::ApiError::field(ErrorCode::InvalidParameter, "treatments"));
    }
    for (i, t) in treatments.iter().enumerate() {
        if !crate::extract::is_code(&t.code) {
            return Err(crate::error::ApiError::field(ErrorCode::InvalidParameter, &format!("treatments[{i}].code")));
        }
        crate::extract::within(t.quantity, 1..=20, ErrorCode::InvalidParameter, &format!("treatments[{i}].quantity"))?;
    }
    Ok(())
}

/// A package's treatments changed, decided on the order as read.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TreatmentsChange {
    /// The order's `version` as read: a change since makes it a 409 `stale_version`.
    #[schema(minimum = 0)]
    pub version: i64,
    #[schema(required = true, max_items = 50)]
    pub treatments: Option<Vec<TreatmentPick>>,
}

impl Validate for TreatmentsChange {
    fn validate(&self) -> ApiResult<()> {
        crate::extract::within(self.version, 0..=i64::MAX, ErrorCode::InvalidParameter, "version")?;
        check_treatments(self.treatments.as_deref())
    }
}

fn treatments_request(
    code: String,
    id: i64,
    version: i64,
    treatments: Option<Vec<TreatmentPick>>,
    staff: String,
) -> ApiResult<ChangeTreatmentsRequest> {
    Ok(ChangeTreatmentsRequest {
        booking_code: super::staff::booking_code(code)?,
        item_id: id,
        version,
        treatments: treatments.unwrap_or_default().into_iter().map(|t| TreatmentChoice { code: t.code, quantity: t.quantity }).collect(),
        staff,
    })
}

/// What changing a package's treatments costs
///
/// For the front desk: the package priced by the catalog for its persons
/// with these treatments, and the difference to what is due. Nothing is kept.
#[utoipa::path(
    post,
    path = "/shop-api/backend/orders/{bookingCode}/items/{id}/treatments/quote",
    tag = "staff",
    params(
        ("bookingCode" = String, Path, description = super::staff::BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"),
        ("id" = i64, Path, description = "The package line (`items[].id` or `items[].childItems[].id`)"),
        ShopParams,
        crate::extract::ScriptMarker
    ),
    request_body = TreatmentsWanted,
    responses(
        (status = 200, description = "What the change costs", body = ChangeQuote),
        (status = 400, description = "A malformed body or booking code, or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 404, description = "No such order (`order_not_found`) or package line (`item_not_found`)", body = ErrorBody),
        (status = 409, description = "The order is cancelled (`order_cancelled`), or its stay has begun (`stay_started`)", body = ErrorBody),
        (status = 422, description = "Treatments the package's rules do not allow (`invalid_configuration`, naming `treatments[0].code`...)", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn quote_treatments(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    desk: FrontDesk,
    Path((code, id)): Path<(String, i64)>,
    JsonBody(body): JsonBody<TreatmentsWanted>,
) -> ApiResult<Json<ChangeQuote>> {
    let request = treatments_request(code, id, 0, body.treatments, desk.email)?;
    Ok(Json(ChangeQuote::of(state.clients.orders.clone().quote_treatments_change(request).await?.into_inner())))
}

/// Change a package's treatments
///
/// For the front desk: the package's treatments as decided on the order's
/// `version`; the catalog prices it, the difference is added to or taken
/// from what is due (what came beyond it lands on the refunds list), the
/// change is in the history with the staff member, and the guest gets the
/// updated confirmation. The same request again answers the order.
#[utoipa::path(
    put,
    path = "/shop-api/backend/orders/{bookingCode}/items/{id}/treatments",
    tag = "staff",
    params(
        ("bookingCode" = String, Path, description = super::staff::BOOKING_CODE, pattern = "^[A-Za-z0-9-]{1,32}$"),
        ("id" = i64, Path, description = "The package line (`items[].id` or `items[].childItems[].id`)"),
        ShopParams,
        crate::extract::ScriptMarker
    ),
    request_body = TreatmentsChange,
    responses(
        (status = 200, description = "The order, changed", body = StaffOrder),
        (status = 400, description = "A malformed body or booking code, or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not a receptionist or an administrator", body = ErrorBody),
        (status = 404, description = "No such order (`order_not_found`) or package line (`item_not_found`)", body = ErrorBody),
        (status = 409, description = "The order changed since it was read (`stale_version`), is cancelled (`order_cancelled`), or its stay has begun (`stay_started`)", body = ErrorBody),
        (status = 422, description = "Treatments the package's rules do not allow (`invalid_configuration`, naming `treatments[0].code`...)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn change_treatments(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    desk: FrontDesk,
    Path((code, id)): Path<(String, i64)>,
    JsonBody(body): JsonBody<TreatmentsChange>,
) -> ApiResult<Json<StaffOrder>> {
    let request = treatments_request(code, id, body.version, body.treatments, desk.email)?;
    let order = state.clients.orders.clone().change_treatments(request).await?.into_inner();
    Ok(Json(StaffOrder::of(order, shop.locale)?))
}
