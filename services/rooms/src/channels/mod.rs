//! Booking portals' channels (iCal sync), per room type:
//!
//! - **A channel** (`SaveChannel`, administrators) has a name, a room
//!   type, the units its listing covers, the portal's calendar to import
//!   (or none) and an unguessable export token, revocable.
//! - **Import** (`SyncChannel`, and every `CHANNEL_SYNC_SECONDS`, default
//!   600, in every replica): the portal's calendar is fetched with its
//!   last `ETag` when it was applied today (a 304 keeps the bookings and
//!   looks at their conflicts again), within [`FETCH_TIMEOUT`] and
//!   [`MAX_FEED_BYTES`]; a file that cannot be read changes nothing and
//!   its error is kept on the channel. Each booking takes one unit of its
//!   nights (`inventory.external`) without the guard of our own sales: the
//!   guest is coming, so a night over-sold by it is kept as a conflict on
//!   the booking for the back office (and `rooms.channel.conflicted`, which
//!   the content service e-mails to the guesthouse), never dropped. A booking moved gives
//!   back and takes only the nights that differ; one gone from the
//!   calendar gives its nights back. All of one import is one transaction
//!   with its `rooms.availability.changed`; a lease on the channel's row
//!   lets one replica at a time import it.
//! - **Export** (`GetChannelFeed`): the nights from today to the horizon on
//!   which no unit is left to sell to the channel, as all-day events.

pub mod store;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use chrono::{Days, NaiveDate};
use spa_platform::db::Db;
use spa_platform::http::{Http, HttpError, Method, Request, StatusCode};
use spa_platform::outbox::Outbox;
use spa_proto::events::ChannelConflicted;
use spa_proto::spa::rooms::v1::{Channel, ChannelFeed, ChannelFields as FieldsMessage, SaveChannelRequest, SyncResult};

use crate::domain::RoomNight;
use crate::domain::channels::{self as rules, ChannelFields, ExternalStay, MAX_CHANNELS, MAX_FEED_BYTES};
use crate::domain::stay::{HORIZON_DAYS, ymd};
use crate::error::RoomsError;
use crate::events;

/// How long a portal may take to send its calendar.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(8);
/// How long one import may hold the channel before another replica may take it.
const LEASE_MS: i64 = 120_000;
/// How often imports are looked for when `CHANNEL_SYNC_SECONDS` is not set.
pub const DEFAULT_SYNC_SECONDS: u64 = 600;

fn fields_of(f: FieldsMessage) -> ChannelFields {
    ChannelFields { name: f.name, room_code: f.room_code, units: f.units, import_url: f.import_url }.trimmed()
}

pub async fn list(db: &Db) -> Result<Vec<Channel>, RoomsError> {
    let mut bookings = store::every_channels_bookings(db, &ymd(db.clock().today())).await?;
    let rows = store::channels(db).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let of = bookings.remove(&row.id).unwrap_or_default();
            store::channel_message(row, of)
        })
        .collect())
}

pub async fn get(db: &Db, id: &str) -> Result<Channel, RoomsError> {
    let row = store::channel(db, id).await?.ok_or(RoomsError::ChannelNotFound)?;
    let bookings = store::bookings_with_conflicts(db.pool(), id, &ymd(db.clock().today())).await?;
    Ok(store::channel_message(row, bookings))
}

/// Creates or changes a channel. A channel moved to another room type
/// takes its bookings along (their nights given back to the old one and
/// taken of the new one, unguarded like any import) and reads its calendar
/// whole next time. The room types' nights are announced, so answers kept
/// of its feed (a revoked token's too) go.
pub async fn save(db: &Db, outbox: &Outbox, request: SaveChannelRequest) -> Result<Channel, RoomsError> {
    let fields = fields_of(request.fields.unwrap_or_default());
    let room_units = store::room_units(db, &fields.room_code).await?;
    let wrong = fields.check(room_units);
    if !wrong.is_empty() {
        return Err(RoomsError::InvalidChannel(wrong));
    }
    let now = db.now_ms();
    let today = db.clock().today();
    let mut tx = db.begin().await?;
    let (id, before) = if request.id.is_empty() {
        if store::count(&mut tx).await? >= MAX_CHANNELS as i64 {
            return Err(RoomsError::InvalidChannel(vec!["name".to_owned()]));
        }
        let id = uuid::Uuid::now_v7().to_string();
        store::insert(&mut tx, &id, &fields, &rules::new_token(), now, &request.staff).await?;
        (id, None)
    } else {
        let row = store::lock(&mut tx, &request.id).await?.ok_or(RoomsError::ChannelNotFound)?;
        if row.room_code != fields.room_code {
            let kept = cut_to(&store::bookings_in(&mut tx, &row.id, &ymd(today)).await?, today);
            store::add_external(&mut tx, &row.room_code, &rules::nights_delta(&kept, &[])).await?;
            store::add_external(&mut tx, &fields.room_code, &rules::nights_delta(&[], &kept)).await?;
            store::forget_etag(&mut tx, &row.id).await?;
        }
        let token = request.new_token.then(rules::new_token);
        store::update(&mut tx, &row.id, &fields, token.as_deref(), now, &request.staff).await?;
        (row.id, Some(row.room_code))
    };
    for room in before.iter().chain([&fields.room_code]) {
        events::announce(outbox, &mut tx, &horizon_of(today, room)).await?;
    }
    tx.commit().await?;
    outbox.wake();
    get(db, &id).await
}

/// Kept bookings as they take nights from `today` (a stay begun before keeps only those left).
fn cut_to(kept: &[ExternalStay], today: NaiveDate) -> Vec<ExternalStay> {
    kept.iter().filter(|s| s.departure > today).map(|s| ExternalStay { arrival: s.arrival.max(today), ..s.clone() }).collect()
}

/// The first and last night a feed shows, as an announcement spans them.
fn horizon_of(today: NaiveDate, room: &str) -> BTreeMap<RoomNight, i64> {
    [today, today + Days::new(HORIZON_DAYS as u64)].into_iter().map(|d| (RoomNight { room: room.to_owned(), night: ymd(d) }, 0)).collect()
}

/// Deletes a channel; its bookings give their nights back, announced.
pub async fn delete(db: &Db, outbox: &Outbox, id: &str) -> Result<(), RoomsError> {
    let today = db.clock().today();
    let mut tx = db.begin().await?;
    let row = store::lock(&mut tx, id).await?.ok_or(RoomsError::ChannelNotFound)?;
    let kept = cut_to(&store::bookings_in(&mut tx, id, &ymd(today)).await?, today);
    store::add_external(&mut tx, &row.room_code, &rules::nights_delta(&kept, &[])).await?;
    store::delete(&mut tx, id).await?;
    events::announce(outbox, &mut tx, &horizon_of(today, &row.room_code)).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(())
}

/// The export feed of the channel whose token this is. `DTSTAMP` is the
/// day's start, so the same nights give the same file (and `ETag`) all day.
pub async fn feed(db: &Db, token: &str) -> Result<ChannelFeed, RoomsError> {
    let row = store::channel_by_token(db, token).await?.ok_or(RoomsError::ChannelNotFound)?;
    let today = db.clock().today();
    let horizon = today + Days::new(HORIZON_DAYS as u64);
    let nights = store::export_nights(db, &row.id, &row.room_code, row.units, &ymd(today), &ymd(horizon)).await?;
    let stamp = today.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
    Ok(ChannelFeed { ics: rules::render_feed(&row.id, &row.name, &nights, stamp) })
}

/// What an import found.
#[derive(Debug, Default)]
struct Applied {
    not_modified: bool,
    added: u32,
    changed: u32,
    removed: u32,
    conflicts: u32,
}

/// Imports the channel's calendar now (the back office's "sync now"): what
/// changed, or why nothing could be read (kept on the channel too).
pub async fn sync(db: &Db, outbox: &Outbox, http: &Http, id: &str) -> Result<SyncResult, RoomsError> {
    sync_if(db, outbox, http, id, -1).await
}

/// [`sync`], for the schedule only when not tried since `tried_before` (another replica may have).
async fn sync_if(db: &Db, outbox: &Outbox, http: &Http, id: &str, tried_before: i64) -> Result<SyncResult, RoomsError> {
    let now = db.now_ms();
    let until = now + LEASE_MS;
    let Some(row) = store::lease(db, id, now, until, tried_before).await? else {
        return Err(match store::channel(db, id).await? {
            Some(_) => RoomsError::SyncRunning,
            None => RoomsError::ChannelNotFound,
        });
    };
    let outcome = match import(db, outbox, http, &row).await {
        Ok(outcome) => outcome,
        Err(e) => {
            store::end_lease(db, id, until).await.ok();
            return Err(e.into());
        }
    };
    let error = outcome.as_ref().err().cloned().unwrap_or_default();
    store::record_sync(db, id, db.now_ms(), &error, until).await?;
    let applied = outcome.unwrap_or_default();
    Ok(SyncResult {
        not_modified: applied.not_modified,
        added: applied.added,
        changed: applied.changed,
        removed: applied.removed,
        conflicts: applied.conflicts,
        error,
        channel: Some(get(db, id).await?),
    })
}

/// Fetches, reads and applies the channel's calendar. The inner error is
/// the portal's or its file's, said on the channel with nothing changed.
async fn import(db: &Db, outbox: &Outbox, http: &Http, row: &store::ChannelRow) -> Result<Result<Applied, String>, sqlx::Error> {
    if row.import_url.is_empty() {
        return Ok(Err("no calendar to import: set the portal's iCal address".into()));
    }
    // One day for the whole import, so one crossing midnight cuts both sides alike.
    let today = db.clock().today();
    let mut request = Request::builder().method(Method::GET).uri(&row.import_url).header("accept", "text/calendar");
    // The calendar applied today was cut to today's window: the same one tomorrow is read whole again.
    if !row.etag.is_empty() && row.etag_day == ymd(today) {
        request = request.header("if-none-match", &row.etag);
    }
    let request = match request.body(Vec::new()) {
        Ok(request) => request,
        Err(e) => return Ok(Err(format!("the address cannot be asked: {e}"))),
    };
    let response = match http.send_limited(request, MAX_FEED_BYTES).await {
        Ok(response) => response,
        Err(HttpError::TooLarge(_)) => return Ok(Err(format!("the calendar is larger than {} MB", MAX_FEED_BYTES / (1024 * 1024)))),
        Err(HttpError::NotPublic(host)) => {
            return Ok(Err(format!("{host} is not a public address: a portal's calendar is on the internet")));
        }
        Err(e) => return Ok(Err(format!("the portal did not answer: {e}"))),
    };
    match response.status() {
        // Unchanged: its bookings stand, their conflicts are looked at again.
        StatusCode::NOT_MODIFIED => {
            return Ok(Ok(Applied { not_modified: true, ..apply(db, outbox, &row.id, today, None, &row.etag).await? }));
        }
        status if !status.is_success() => return Ok(Err(format!("the portal answered {status}"))),
        _ => {}
    }
    let etag = response.headers().get("etag").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let text = String::from_utf8_lossy(response.body());
    // Read to the end of the horizon; the inventory's end cuts it in `apply`.
    let horizon = today + Days::new(HORIZON_DAYS as u64 + 1);
    match rules::read_feed(&text, today, horizon) {
        Ok(stays) => Ok(Ok(apply(db, outbox, &row.id, today, Some(stays), &etag).await?)),
        Err(e) => Ok(Err(format!("the calendar is malformed: {e}"))),
    }
}

/// Applies the calendar's bookings (none: those kept, unchanged) in one
/// transaction under the channel's row: the nights that differ taken or
/// given back, the bookings kept, conflicts found again.
async fn apply(
    db: &Db,
    outbox: &Outbox,
    id: &str,
    today: NaiveDate,
    stays: Option<Vec<ExternalStay>>,
    etag: &str,
) -> Result<Applied, sqlx::Error> {
    let mut tx = db.begin().await?;
    let Some(row) = store::lock(&mut tx, id).await? else {
        return Ok(Applied::default());
    };
    let kept = store::bookings_with_conflicts(&mut *tx, id, &ymd(today)).await?;
    // The nights each booking was in conflict on, as last found ("": none).
    let was: BTreeMap<String, String> = kept.iter().map(|(stay, nights)| (stay.uid.clone(), nights.clone())).collect();
    let before = cut_to(&kept.into_iter().map(|(stay, _)| stay).collect::<Vec<_>>(), today);
    // Never a night the inventory does not have yet: it opens nights daily, and the next import takes them.
    let end = store::inventory_end(&mut tx, &row.room_code).await?.unwrap_or(today);
    let stays: Vec<ExternalStay> = stays
        .unwrap_or_else(|| before.clone())
        .into_iter()
        .map(|s| ExternalStay { departure: s.departure.min(end), ..s })
        .filter(|s| s.arrival < s.departure)
        .collect();
    let plan = rules::plan_import(&before, &stays);
    let changed = store::add_external(&mut tx, &row.room_code, &rules::nights_delta(&before, &stays)).await?;
    for stay in plan.removed.iter() {
        store::remove_booking(&mut tx, &row.id, &stay.uid).await?;
    }
    for stay in plan.added.iter().chain(plan.changed.iter().map(|(_, now)| now)) {
        store::put_booking(&mut tx, &row.id, stay).await?;
    }
    // Conflicts of every booking from today on: a night over-sold with it.
    let oversold: BTreeSet<String> = store::oversold_nights(&mut tx, &row.room_code, &ymd(today)).await?.into_iter().collect();
    let mut conflicts = 0;
    for stay in &stays {
        let nights = rules::conflict_nights(stay, &oversold);
        let joined = nights.join(",");
        let before = was.get(&stay.uid).map_or("", String::as_str);
        if joined != before {
            store::set_conflicts(&mut tx, &row.id, &stay.uid, &joined).await?;
        }
        if before.is_empty() && !joined.is_empty() {
            conflicts += 1;
            // The guesthouse is told (content e-mails it), once per booking newly in conflict.
            let found = ChannelConflicted {
                channel_id: row.id.clone(),
                channel_name: row.name.clone(),
                room_code: row.room_code.clone(),
                uid: stay.uid.clone(),
                summary: stay.summary.clone(),
                arrival: ymd(stay.arrival),
                departure: ymd(stay.departure),
                nights,
            };
            outbox.add(&mut tx, &found).await?;
        }
    }
    store::set_etag(&mut tx, &row.id, etag, &ymd(today)).await?;
    events::announce(outbox, &mut tx, &changed).await?;
    tx.commit().await?;
    outbox.wake();
    if !plan.is_empty() {
        tracing::info!(channel = %row.id, added = plan.added.len(), changed = plan.changed.len(), removed = plan.removed.len(), conflicts, "channel imported");
    }
    Ok(Applied {
        not_modified: false,
        added: plan.added.len() as u32,
        changed: plan.changed.len() as u32,
        removed: plan.removed.len() as u32,
        conflicts,
    })
}

/// Imports every channel with a calendar whose last try is older than
/// `every`, one replica per channel at a time (the lease), until shutdown.
pub fn spawn_schedule(db: Db, outbox: Outbox, http: Http, every: Duration, shutdown: tokio_util::sync::CancellationToken) {
    tokio::spawn(async move {
        // Not at once: a replica starting imports nothing before its first period.
        let period = every.min(Duration::from_secs(60));
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => break,
                _ = tick.tick() => {}
            }
            let tried_before = db.now_ms() - every.as_millis() as i64;
            let due = match store::due(&db, tried_before).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::warn!(error = %e, "looking for channels to import failed");
                    continue;
                }
            };
            for id in due {
                match sync_if(&db, &outbox, &http, &id, tried_before).await {
                    Ok(result) if !result.error.is_empty() => tracing::warn!(channel = %id, error = %result.error, "channel import failed"),
                    Ok(_) | Err(RoomsError::SyncRunning) | Err(RoomsError::ChannelNotFound) => {}
                    Err(e) => tracing::warn!(channel = %id, error = %e, "channel import failed"),
                }
            }
        }
    });
}
