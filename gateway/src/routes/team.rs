//! `/shop-api/backend/staff`: the guesthouse's team, for administrators.
//! The users service keeps the rules (one staff role per account, the
//! invitation's link, the house keeping one active administrator).

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use spa_proto::spa::users::v1::{InviteStaffRequest, ListStaffRequest, StaffMember as StaffMessage, UpdateStaffRequest};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::session::{Script, Staff};
use crate::wire::Role;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(team, invite)).routes(routes!(update))
}

/// A role the back office gives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StaffRole {
    /// Every back-office call: money given back, the team.
    Admin,
    /// The front desk: the board, bookings, orders, payments, cancellations.
    #[default]
    Reception,
    /// The site's content.
    Editor,
}

impl StaffRole {
    fn wire(self) -> i32 {
        match self {
            Self::Admin => Role::Admin.wire(),
            Self::Reception => Role::Reception.wire(),
            Self::Editor => Role::Editor.wire(),
        }
    }

    fn of(wire: i32) -> Option<Self> {
        match Role::from_wire(wire)? {
            Role::Admin => Some(Self::Admin),
            Role::Reception => Some(Self::Reception),
            Role::Editor => Some(Self::Editor),
            Role::Customer => None,
        }
    }
}

/// A member of the team.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMember {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: StaffRole,
    /// False once disabled: its logins are refused.
    pub active: bool,
    /// Invited, no password set yet.
    pub invited: bool,
}

impl StaffMember {
    fn of(m: StaffMessage) -> ApiResult<Self> {
        let role = StaffRole::of(m.role).ok_or_else(|| ApiError::from(tonic::Status::internal("a staff member without a staff role")))?;
        Ok(Self { id: m.id, email: m.email, first_name: m.first_name, last_name: m.last_name, role, active: m.active, invited: m.invited })
    }
}

/// The team.
#[derive(Debug, Serialize, ToSchema)]
pub struct Team {
    /// By e-mail, disabled members too.
    pub items: Vec<StaffMember>,
}

/// The team
///
/// For administrators: every account with a staff role.
#[utoipa::path(
    get,
    path = "/shop-api/backend/staff",
    tag = "staff",
    params(ShopParams),
    responses(
        (status = 200, description = "The team, by e-mail", body = Team),
        (status = 400, description = "A bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn team(State(state): State<AppState>, _shop: Shop, _staff: Staff) -> ApiResult<Json<Team>> {
    let list = state.clients.users.clone().list_staff(ListStaffRequest {}).await?.into_inner();
    Ok(Json(Team { items: list.members.into_iter().map(StaffMember::of).collect::<ApiResult<_>>()? }))
}

/// An invitation to the team.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Invitation {
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    pub role: StaffRole,
}

impl Validate for Invitation {
    fn error_code(field: &str) -> ErrorCode {
        match field {
            "email" => ErrorCode::InvalidEmail,
            _ => ErrorCode::InvalidParameter,
        }
    }
}

/// Invite a member
///
/// For administrators: the address gets the role (an account without a
/// password is made for a new one) and an e-mail, in the request's
/// language, with a link to set the password (7 days). Inviting a member
/// again changes their role and sends the link again.
#[utoipa::path(
    post,
    path = "/shop-api/backend/staff",
    tag = "staff",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = Invitation,
    responses(
        (status = 200, description = "The member, invited", body = StaffMember),
        (status = 400, description = "A malformed body, no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 409, description = "The change would leave no active administrator (`last_admin`)", body = ErrorBody),
        (status = 422, description = "Not an e-mail address (`invalid_email`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn invite(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    staff: Staff,
    JsonBody(body): JsonBody<Invitation>,
) -> ApiResult<Json<StaffMember>> {
    let request = InviteStaffRequest { email: body.email, role: body.role.wire(), locale: shop.code().to_owned(), by: staff.id };
    Ok(Json(StaffMember::of(state.clients.users.clone().invite_staff(request).await?.into_inner())?))
}

/// A change of a member: a role, whether the account works, or both.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(min_properties = 1)]
pub struct StaffChange {
    /// Their new role; kept when absent.
    #[schema(nullable = false)]
    pub role: Option<StaffRole>,
    /// False disables the account (its sessions end at once), true enables it.
    #[schema(nullable = false)]
    pub active: Option<bool>,
}

impl Validate for StaffChange {
    /// A change that names nothing (no body, or nulls) is not one.
    fn validate(&self) -> ApiResult<()> {
        if self.role.is_none() && self.active.is_none() {
            return Err(ApiError::new(axum::http::StatusCode::BAD_REQUEST, ErrorCode::InvalidBody));
        }
        Ok(())
    }
}

/// Change a member
///
/// For administrators: a member's role, or the account disabled or enabled
/// again. The house keeps one active administrator.
#[utoipa::path(
    put,
    path = "/shop-api/backend/staff/{id}",
    tag = "staff",
    params(("id" = String, Path, description = "The member's id"), ShopParams, crate::extract::ScriptMarker),
    request_body = StaffChange,
    responses(
        (status = 200, description = "The member as changed", body = StaffMember),
        (status = 400, description = "A malformed body or id, no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No staff member has this id (`staff_not_found`)", body = ErrorBody),
        (status = 409, description = "No active administrator would be left (`last_admin`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    staff: Staff,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<StaffChange>,
) -> ApiResult<Json<StaffMember>> {
    if id.is_empty() || id.len() > 64 {
        return Err(ApiError::field(ErrorCode::InvalidParameter, "id"));
    }
    let request = UpdateStaffRequest { id, role: body.role.map_or(0, StaffRole::wire), active: body.active, by: staff.id };
    Ok(Json(StaffMember::of(state.clients.users.clone().update_staff(request).await?.into_inner())?))
}
