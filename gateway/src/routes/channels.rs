//! `/shop-api/backend/channels`: booking portals' calendars (iCal) per
//! room type, for administrators; the rooms service keeps them, imports
//! each portal's calendar on its schedule (or now, `.../sync`) and counts
//! the bookings it holds like any other. `GET /ical/{token}.ics` is a
//! channel's export feed for the portal to poll: the nights it may not
//! sell, cached until availability changes. Never cached otherwise.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use spa_proto::spa::rooms::v1::{
    Channel as ChannelMessage, ChannelFeedRequest, ChannelFields, ChannelRef, ListChannelsRequest, SaveChannelRequest,
    SyncResult as SyncMessage,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::answers::{self, Answer, Body, Conditional, ConditionalParams, NotModified};
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate, is_code};
use crate::session::{Script, Staff};
use crate::wire::order::rfc3339;

const CHANNEL_ID: &str = "The channel's id";

/// A booking from a portal that landed on nights sold out here.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelConflict {
    /// The event's UID in the portal's calendar.
    pub uid: String,
    pub summary: String,
    /// YYYY-MM-DD, its first night.
    pub arrival: String,
    /// YYYY-MM-DD, the morning it leaves.
    pub departure: String,
    /// The nights that were sold out without it (YYYY-MM-DD).
    pub nights: Vec<String>,
}

/// A booking portal's channel of a room type.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Channel {
    pub id: String,
    pub name: String,
    pub room_code: String,
    /// The units of the room type its listing covers.
    pub units: u32,
    /// The portal's calendar (iCal) imported; null: export only.
    #[schema(required = true)]
    pub import_url: Option<String>,
    /// Our calendar for the portal to import (its token is the secret).
    pub export_url: String,
    /// RFC 3339 of the last import tried; null: never.
    #[schema(required = true)]
    pub last_sync_at: Option<String>,
    /// RFC 3339 of the last import that went well; null: never.
    #[schema(required = true)]
    pub last_success_at: Option<String>,
    /// Why the last import changed nothing (the portal down, a malformed calendar); null: it went well.
    #[schema(required = true)]
    pub last_error: Option<String>,
    /// Its bookings from today on.
    pub bookings: u32,
    /// Its bookings on nights that were sold out here, for the front desk to settle.
    pub conflicts: Vec<ChannelConflict>,
    /// RFC 3339; null: never changed.
    #[schema(required = true)]
    pub updated_at: Option<String>,
    pub updated_by: String,
}

impl Channel {
    fn of(c: ChannelMessage, state: &AppState) -> Self {
        let f = c.fields.unwrap_or_default();
        let text = |s: String| Some(s).filter(|s| !s.is_empty());
        Self {
            export_url: format!("{}/ical/{}.ics", state.config.public_url.trim_end_matches('/'), c.export_token),
            id: c.id,
            name: f.name,
            room_code: f.room_code,
            units: f.units,
            import_url: text(f.import_url),
            last_sync_at: rfc3339(c.last_sync_at_ms),
            last_success_at: rfc3339(c.last_success_at_ms),
            last_error: text(c.last_error),
            bookings: c.bookings,
            conflicts: c
                .conflicts
                .into_iter()
                .map(|x| ChannelConflict { uid: x.uid, summary: x.summary, arrival: x.arrival, departure: x.departure, nights: x.nights })
                .collect(),
            updated_at: rfc3339(c.updated_at_ms),
            updated_by: c.updated_by,
        }
    }
}

/// The channels.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChannelList {
    pub items: Vec<Channel>,
}

/// What an administrator sets on a channel.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ChannelChange {
    /// 1 to 60 characters (`Booking.com – family suite`).
    #[schema(max_length = 60)]
    pub name: String,
    /// The room type (`ROOM_FAMILY_SUITE`).
    #[schema(pattern = "^[A-Za-z0-9_.-]{1,64}$")]
    pub room_code: String,
    /// The units of the room type its listing covers, 1 up to the room type's.
    #[schema(minimum = 1, maximum = 500)]
    pub units: u32,
    /// The portal's calendar address (http or https, up to 500 characters); null or absent: export only.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub import_url: Option<String>,
    /// Revoke the export address and give a new one (the portal must be given it again).
    #[serde(default)]
    pub new_export_url: bool,
}

impl Validate for ChannelChange {
    fn validate(&self) -> ApiResult<()> {
        if self.name.chars().count() > 60 {
            return Err(ApiError::malformed(ErrorCode::InvalidParameter, "name"));
        }
        if !is_code(&self.room_code) {
            return Err(ApiError::malformed(ErrorCode::InvalidParameter, "roomCode"));
        }
        if !(1..=500).contains(&self.units) {
            return Err(ApiError::malformed(ErrorCode::InvalidParameter, "units"));
        }
        if self.import_url.as_deref().is_some_and(|u| u.chars().count() > 500) {
            return Err(ApiError::malformed(ErrorCode::InvalidParameter, "importUrl"));
        }
        Ok(())
    }
}

impl ChannelChange {
    fn request(self, id: String, staff: String) -> SaveChannelRequest {
        let fields = ChannelFields {
            name: self.name,
            room_code: self.room_code,
            units: self.units,
            import_url: self.import_url.unwrap_or_default(),
        };
        SaveChannelRequest { id, fields: Some(fields), new_token: self.new_export_url, staff }
    }
}

/// What an import changed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncAnswer {
    /// The portal said its calendar had not changed (`ETag`).
    pub not_modified: bool,
    pub added: u32,
    /// Bookings whose dates changed.
    pub changed: u32,
    /// Bookings gone from the calendar, their nights for sale again.
    pub removed: u32,
    /// Bookings newly found on nights sold out here.
    pub conflicts: u32,
    /// Why nothing could be imported (kept on the channel as `lastError`); null: imported.
    #[schema(required = true)]
    pub error: Option<String>,
    pub channel: Channel,
}

fn channel_id(id: String) -> ApiResult<String> {
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ApiError::malformed(ErrorCode::InvalidParameter, "id"));
    }
    Ok(id)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(channels, create_channel))
        .routes(routes!(channel, save_channel, delete_channel))
        .routes(routes!(sync_channel))
}

/// The booking portals' channels
///
/// For administrators: each with its room type, units, the portal's
/// calendar imported, our export address, how its last import went and the
/// conflicts it found.
#[utoipa::path(
    get,
    path = "/shop-api/backend/channels",
    tag = "back-office",
    params(ShopParams),
    responses(
        (status = 200, description = "Every channel, by room type and name", body = ChannelList),
        (status = 400, description = "A malformed shop parameter, named", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn channels(State(state): State<AppState>, _shop: Shop, _admin: Staff) -> ApiResult<Json<ChannelList>> {
    let list = state.clients.rooms.clone().list_channels(ListChannelsRequest {}).await?.into_inner();
    Ok(Json(ChannelList { items: list.channels.into_iter().map(|c| Channel::of(c, &state)).collect() }))
}

/// Create a channel
///
/// For administrators: a portal's listing of a room type; its export
/// address is made at once, its calendar imported on the schedule (or with
/// `.../sync`).
#[utoipa::path(
    post,
    path = "/shop-api/backend/channels",
    tag = "back-office",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = ChannelChange,
    responses(
        (status = 201, description = "The new channel", body = Channel),
        (status = 400, description = "A missing or malformed field, named; or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 422, description = "Wrong values, each named (`invalid_channel`): an empty name, a room type that does not exist, more units than it has, an address that is not http(s)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn create_channel(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    JsonBody(body): JsonBody<ChannelChange>,
) -> ApiResult<(StatusCode, Json<Channel>)> {
    let saved = state.clients.rooms.clone().save_channel(body.request(String::new(), admin.email)).await?.into_inner();
    Ok((StatusCode::CREATED, Json(Channel::of(saved, &state))))
}

/// A channel
#[utoipa::path(
    get,
    path = "/shop-api/backend/channels/{id}",
    tag = "back-office",
    params(("id" = String, Path, description = CHANNEL_ID, pattern = "^[A-Za-z0-9-]{1,64}$"), ShopParams),
    responses(
        (status = 200, description = "The channel", body = Channel),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such channel (`channel_not_found`)", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn channel(State(state): State<AppState>, _shop: Shop, _admin: Staff, Path(id): Path<String>) -> ApiResult<Json<Channel>> {
    let found = state.clients.rooms.clone().get_channel(ChannelRef { id: channel_id(id)?, staff: String::new() }).await?.into_inner();
    Ok(Json(Channel::of(found, &state)))
}

/// Change a channel
///
/// For administrators: everything at once; `newExportUrl` revokes the
/// export address at once and gives a new one.
#[utoipa::path(
    put,
    path = "/shop-api/backend/channels/{id}",
    tag = "back-office",
    params(("id" = String, Path, description = CHANNEL_ID, pattern = "^[A-Za-z0-9-]{1,64}$"), ShopParams, crate::extract::ScriptMarker),
    request_body = ChannelChange,
    responses(
        (status = 200, description = "The channel as it is now", body = Channel),
        (status = 400, description = "A missing or malformed field, named; or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such channel (`channel_not_found`)", body = ErrorBody),
        (status = 422, description = "Wrong values, each named (`invalid_channel`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn save_channel(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<ChannelChange>,
) -> ApiResult<Json<Channel>> {
    let saved = state.clients.rooms.clone().save_channel(body.request(channel_id(id)?, admin.email)).await?.into_inner();
    Ok(Json(Channel::of(saved, &state)))
}

/// Delete a channel
///
/// For administrators: its imported bookings give their nights back and
/// its export address stops answering.
#[utoipa::path(
    delete,
    path = "/shop-api/backend/channels/{id}",
    tag = "back-office",
    params(("id" = String, Path, description = CHANNEL_ID, pattern = "^[A-Za-z0-9-]{1,64}$"), ShopParams, crate::extract::ScriptMarker),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "A malformed id, or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such channel (`channel_not_found`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn delete_channel(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state.clients.rooms.clone().delete_channel(ChannelRef { id: channel_id(id)?, staff: admin.email }).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Import a channel's calendar now
///
/// For administrators, as the page's "sync now" does: the portal's calendar
/// read and applied at once; what changed, or why nothing could be (kept
/// on the channel too).
#[utoipa::path(
    post,
    path = "/shop-api/backend/channels/{id}/sync",
    tag = "back-office",
    params(("id" = String, Path, description = CHANNEL_ID, pattern = "^[A-Za-z0-9-]{1,64}$"), ShopParams, crate::extract::ScriptMarker),
    responses(
        (status = 200, description = "What changed, or the portal's or its calendar's error", body = SyncAnswer),
        (status = 400, description = "A malformed id, or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such channel (`channel_not_found`)", body = ErrorBody),
        (status = 409, description = "An import of this channel is under way (`sync_running`); try again in a minute", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn sync_channel(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    Path(id): Path<String>,
) -> ApiResult<Json<SyncAnswer>> {
    let r: SyncMessage =
        state.clients.channel_sync.clone().sync_channel(ChannelRef { id: channel_id(id)?, staff: admin.email }).await?.into_inner();
    let channel = Channel::of(r.channel.unwrap_or_default(), &state);
    Ok(Json(SyncAnswer {
        not_modified: r.not_modified,
        added: r.added,
        changed: r.changed,
        removed: r.removed,
        conflicts: r.conflicts,
        error: Some(r.error).filter(|e| !e.is_empty()),
        channel,
    }))
}

/// A channel's export feed
///
/// For the booking portal to poll (its address is the secret): an
/// iCalendar (RFC 5545) file with one all-day event per run of nights the
/// channel may not sell (no unit left for it: bookings, holds, closures and
/// other channels' imports counted), each with a stable UID. Cached until
/// availability changes; `If-None-Match` with its `ETag` is answered 304.
#[utoipa::path(
    get,
    path = "/ical/{token}.ics",
    tag = "rooms",
    params(("token" = String, Path, description = "The channel's export token", pattern = "^[0-9a-f]{64}$"), ConditionalParams),
    responses(
        (status = 200, description = "The calendar", content_type = "text/calendar", body = String, headers(
            ("ETag" = String, description = "Strong tag of the body; `-gzip` marks the gzipped copy"),
            ("Cache-Control" = String, description = "`public, max-age=10`"),
            ("Vary" = String, description = "`accept-encoding`"),
        )),
        (status = 304, response = NotModified),
        (status = 400, description = "Control characters in the address (`invalid_characters`)", body = ErrorBody),
        (status = 404, description = "No such feed (`channel_not_found`), or its address was revoked", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn feed(State(state): State<AppState>, client: Conditional, Path(file): Path<String>) -> ApiResult<Response> {
    let token =
        file.strip_suffix(".ics").filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit())).ok_or_else(not_found)?.to_owned();
    answers::serve(&state, &client, Answer::ChannelFeed { token: &token, today: answers::tonight(&state) }, || async {
        let feed = state.clients.rooms.clone().get_channel_feed(ChannelFeedRequest { token: token.clone() }).await?.into_inner();
        Ok(Body::bytes(feed.ics.into_bytes()))
    })
    .await
}

fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, ErrorCode::ChannelNotFound)
}
