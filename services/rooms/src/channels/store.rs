//! The channels' SQL: channels, the bookings their calendars hold, the
//! units those take of the inventory (`inventory.external`), the lease of
//! an import and what the export feed reads.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use spa_platform::db::{Db, Tx};
use spa_proto::spa::rooms::v1::{Channel, ChannelConflict, ChannelFields as FieldsMessage};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::domain::RoomNight;
use crate::domain::channels::{ChannelFields, ExportNight, ExternalStay};
use crate::domain::stay::ymd;

pub struct ChannelRow {
    pub id: String,
    pub name: String,
    pub room_code: String,
    pub units: i64,
    pub import_url: String,
    pub export_token: String,
    pub etag: String,
    /// The day `etag`'s calendar was applied on (cut to that day's window).
    pub etag_day: String,
    pub last_sync_at: i64,
    pub last_success_at: i64,
    pub last_error: String,
    pub updated_at: i64,
    pub updated_by: String,
}

const COLUMNS: &str = "id, name, room_code, units, import_url, export_token, etag, etag_day, last_sync_at, last_success_at, last_error, updated_at, updated_by";

fn row_of(r: &AnyRow) -> Result<ChannelRow, sqlx::Error> {
    Ok(ChannelRow {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        room_code: r.try_get("room_code")?,
        units: r.try_get("units")?,
        import_url: r.try_get("import_url")?,
        export_token: r.try_get("export_token")?,
        etag: r.try_get("etag")?,
        etag_day: r.try_get("etag_day")?,
        last_sync_at: r.try_get("last_sync_at")?,
        last_success_at: r.try_get("last_success_at")?,
        last_error: r.try_get("last_error")?,
        updated_at: r.try_get("updated_at")?,
        updated_by: r.try_get("updated_by")?,
    })
}

pub async fn channels(db: &Db) -> Result<Vec<ChannelRow>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM channels ORDER BY room_code, name, id"))
        .fetch_all(db.pool())
        .await?
        .iter()
        .map(row_of)
        .collect()
}

pub async fn channel(db: &Db, id: &str) -> Result<Option<ChannelRow>, sqlx::Error> {
    channel_where(db, "id", id).await
}

pub async fn channel_by_token(db: &Db, token: &str) -> Result<Option<ChannelRow>, sqlx::Error> {
    channel_where(db, "export_token", token).await
}

/// The channel whose `column` (a unique one) is `value`.
async fn channel_where(db: &Db, column: &str, value: &str) -> Result<Option<ChannelRow>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM channels WHERE {column} = $1"))
        .bind(value)
        .fetch_optional(db.pool())
        .await?
        .as_ref()
        .map(row_of)
        .transpose()
}

/// The channel, its row taken for the transaction first (a write: every
/// change of its bookings, on either database, waits for the one before,
/// and then reads what that one wrote); none when it is gone.
pub async fn lock(tx: &mut Tx, id: &str) -> Result<Option<ChannelRow>, sqlx::Error> {
    sqlx::query(&format!("UPDATE channels SET lease_until = lease_until WHERE id = $1 RETURNING {COLUMNS}"))
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .as_ref()
        .map(row_of)
        .transpose()
}

/// The day after the room type's last night in the inventory: a booking is
/// cut there, never taking a night the inventory does not have yet.
pub async fn inventory_end(tx: &mut Tx, room: &str) -> Result<Option<NaiveDate>, sqlx::Error> {
    let last: Option<String> =
        sqlx::query_scalar("SELECT MAX(night) FROM inventory WHERE room_code = $1").bind(room).fetch_one(&mut **tx).await?;
    Ok(last.map(|l| day(&l)).and_then(|d| d.succ_opt()))
}

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap_or_default()
}

/// The bookings a channel's calendar held, those leaving after `today`,
/// each with the nights it was last found in conflict on ("": none).
pub async fn bookings_with_conflicts<'e, E>(executor: E, id: &str, today: &str) -> Result<Vec<(ExternalStay, String)>, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(&format!("SELECT {BOOKING} FROM channel_bookings WHERE channel_id = $1 AND departure > $2 ORDER BY arrival, uid"))
        .bind(id)
        .bind(today)
        .fetch_all(executor)
        .await?
        .iter()
        .map(booking_of)
        .collect()
}

/// [`bookings_with_conflicts`] of every channel at once, by channel.
pub async fn every_channels_bookings(db: &Db, today: &str) -> Result<BTreeMap<String, Vec<(ExternalStay, String)>>, sqlx::Error> {
    let mut by_channel: BTreeMap<String, Vec<(ExternalStay, String)>> = BTreeMap::new();
    let rows = sqlx::query(&format!("SELECT channel_id, {BOOKING} FROM channel_bookings WHERE departure > $1 ORDER BY arrival, uid"))
        .bind(today)
        .fetch_all(db.pool())
        .await?;
    for r in &rows {
        by_channel.entry(r.try_get("channel_id")?).or_default().push(booking_of(r)?);
    }
    Ok(by_channel)
}

const BOOKING: &str = "uid, summary, arrival, departure, conflict_nights";

fn booking_of(r: &AnyRow) -> Result<(ExternalStay, String), sqlx::Error> {
    let stay = ExternalStay {
        uid: r.try_get("uid")?,
        summary: r.try_get("summary")?,
        arrival: day(&r.try_get::<String, _>("arrival")?),
        departure: day(&r.try_get::<String, _>("departure")?),
    };
    Ok((stay, r.try_get("conflict_nights")?))
}

pub async fn bookings_in(tx: &mut Tx, id: &str, today: &str) -> Result<Vec<ExternalStay>, sqlx::Error> {
    Ok(bookings_with_conflicts(&mut **tx, id, today).await?.into_iter().map(|(s, _)| s).collect())
}

/// A channel as the back office sees it, with its bookings from today on
/// ([`bookings_with_conflicts`]) and those in conflict.
pub fn channel_message(row: ChannelRow, bookings: Vec<(ExternalStay, String)>) -> Channel {
    let conflicts = bookings
        .iter()
        .filter(|(_, nights)| !nights.is_empty())
        .map(|(s, nights)| ChannelConflict {
            uid: s.uid.clone(),
            summary: s.summary.clone(),
            arrival: ymd(s.arrival),
            departure: ymd(s.departure),
            nights: nights.split(',').map(str::to_owned).collect(),
        })
        .collect();
    Channel {
        id: row.id,
        fields: Some(FieldsMessage {
            name: row.name,
            room_code: row.room_code,
            units: u32::try_from(row.units).unwrap_or_default(),
            import_url: row.import_url,
        }),
        export_token: row.export_token,
        last_sync_at_ms: row.last_sync_at,
        last_success_at_ms: row.last_success_at,
        last_error: row.last_error,
        bookings: bookings.len() as u32,
        conflicts,
        updated_at_ms: row.updated_at,
        updated_by: row.updated_by,
    }
}

/// A room type's units; none when there is no such room type.
pub async fn room_units(db: &Db, code: &str) -> Result<Option<u32>, sqlx::Error> {
    let units: Option<i64> =
        sqlx::query_scalar("SELECT units FROM room_types WHERE code = $1").bind(code).fetch_optional(db.pool()).await?;
    Ok(units.map(|u| u32::try_from(u).unwrap_or_default()))
}

pub async fn count(tx: &mut Tx) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM channels").fetch_one(&mut **tx).await
}

pub async fn insert(tx: &mut Tx, id: &str, f: &ChannelFields, token: &str, now: i64, staff: &str) -> Result<(), sqlx::Error> {
    write(
        tx,
        "INSERT INTO channels (id, name, room_code, units, import_url, export_token, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        id,
        f,
        Some(token),
        now,
        staff,
    )
    .await
}

/// Saves a channel's fields, a new token when given; a new address is read
/// whole next time. The caller holds its row ([`lock`]).
pub async fn update(tx: &mut Tx, id: &str, f: &ChannelFields, token: Option<&str>, now: i64, staff: &str) -> Result<(), sqlx::Error> {
    write(
        tx,
        "UPDATE channels SET name = $2, room_code = $3, units = $4, \
         etag = CASE WHEN import_url = $5 THEN etag ELSE '' END, import_url = $5, \
         export_token = COALESCE($6, export_token), updated_at = $7, updated_by = $8 WHERE id = $1",
        id,
        f,
        token,
        now,
        staff,
    )
    .await
}

/// `sql` with a channel's id, fields, token, time and staff member as $1-$8.
async fn write(tx: &mut Tx, sql: &str, id: &str, f: &ChannelFields, token: Option<&str>, now: i64, staff: &str) -> Result<(), sqlx::Error> {
    sqlx::query(sql)
        .bind(id)
        .bind(&f.name)
        .bind(&f.room_code)
        .bind(i64::from(f.units))
        .bind(&f.import_url)
        .bind(token)
        .bind(now)
        .bind(staff)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn delete(tx: &mut Tx, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM channel_bookings WHERE channel_id = $1").bind(id).execute(&mut **tx).await?;
    sqlx::query("DELETE FROM channels WHERE id = $1").bind(id).execute(&mut **tx).await?;
    Ok(())
}

/// Adds `delta` units per night to the room type's external bookings, in
/// night order (as every taking goes, so it never deadlocks with one); the
/// nights the inventory has, for the announcement.
pub async fn add_external(tx: &mut Tx, room: &str, delta: &BTreeMap<String, i64>) -> Result<BTreeMap<RoomNight, i64>, sqlx::Error> {
    let mut changed = BTreeMap::new();
    for (night, n) in delta.iter().filter(|(_, n)| **n != 0) {
        let done = sqlx::query("UPDATE inventory SET external = external + $1 WHERE room_code = $2 AND night = $3")
            .bind(n)
            .bind(room)
            .bind(night)
            .execute(&mut **tx)
            .await?;
        if done.rows_affected() == 1 {
            changed.insert(RoomNight { room: room.to_owned(), night: night.clone() }, *n);
        }
    }
    Ok(changed)
}

pub async fn remove_booking(tx: &mut Tx, id: &str, uid: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM channel_bookings WHERE channel_id = $1 AND uid = $2").bind(id).bind(uid).execute(&mut **tx).await?;
    Ok(())
}

pub async fn put_booking(tx: &mut Tx, id: &str, stay: &ExternalStay) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO channel_bookings (channel_id, uid, summary, arrival, departure) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (channel_id, uid) DO UPDATE SET summary = $3, arrival = $4, departure = $5",
    )
    .bind(id)
    .bind(&stay.uid)
    .bind(&stay.summary)
    .bind(ymd(stay.arrival))
    .bind(ymd(stay.departure))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The room type's nights from `today` that external bookings over-sold (or that are closed under one).
pub async fn oversold_nights(tx: &mut Tx, room: &str, today: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT night FROM inventory WHERE room_code = $1 AND night >= $2 AND external > 0 \
         AND (closed = 1 OR units - out_of_order - booked - held - external < 0) ORDER BY night",
    )
    .bind(room)
    .bind(today)
    .fetch_all(&mut **tx)
    .await
}

/// Keeps a booking's conflicting nights (comma-separated; "" for none).
pub async fn set_conflicts(tx: &mut Tx, id: &str, uid: &str, nights: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE channel_bookings SET conflict_nights = $3 WHERE channel_id = $1 AND uid = $2")
        .bind(id)
        .bind(uid)
        .bind(nights)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn set_etag(tx: &mut Tx, id: &str, etag: &str, today: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE channels SET etag = $2, etag_day = $3 WHERE id = $1").bind(id).bind(etag).bind(today).execute(&mut **tx).await?;
    Ok(())
}

/// A channel moved to another room type: its `etag` forgotten, so its next import reads the calendar whole.
pub async fn forget_etag(tx: &mut Tx, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE channels SET etag = '', etag_day = '' WHERE id = $1").bind(id).execute(&mut **tx).await?;
    Ok(())
}

/// The room type's nights in `[from, to)` as the export of a channel covering `units` sees them.
pub async fn export_nights(db: &Db, id: &str, room: &str, units: i64, from: &str, to: &str) -> Result<Vec<ExportNight>, sqlx::Error> {
    let own = crate::domain::channels::units_by_night(bookings_with_conflicts(db.pool(), id, from).await?.iter().map(|(s, _)| s));
    sqlx::query(
        "SELECT night, units - out_of_order - booked - held - external AS free, closed FROM inventory \
         WHERE room_code = $1 AND night >= $2 AND night < $3 ORDER BY night",
    )
    .bind(room)
    .bind(from)
    .bind(to)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(|r| {
        let night: String = r.try_get("night")?;
        Ok(ExportNight {
            night: day(&night),
            free: r.try_get("free")?,
            closed: r.try_get::<i64, _>("closed")? != 0,
            own: own.get(&night).copied().unwrap_or_default(),
            units,
        })
    })
    .collect()
}

/// Takes the channel for an import until `until` (the lease's own mark),
/// and reads it under the lease: what an import before this one wrote.
/// None while another replica has it, when it is gone, or, for the schedule
/// (`tried_before` ≥ 0), when it was tried since then meanwhile.
pub async fn lease(db: &Db, id: &str, now: i64, until: i64, tried_before: i64) -> Result<Option<ChannelRow>, sqlx::Error> {
    sqlx::query(&format!(
        "UPDATE channels SET lease_until = $2 WHERE id = $1 AND lease_until <= $3 AND ($4 < 0 OR last_sync_at <= $4) RETURNING {COLUMNS}"
    ))
    .bind(id)
    .bind(until)
    .bind(now)
    .bind(tried_before)
    .fetch_optional(db.pool())
    .await?
    .as_ref()
    .map(row_of)
    .transpose()
}

/// Gives the lease marked `until` back, unless another replica took the channel since.
pub async fn end_lease(db: &Db, id: &str, until: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE channels SET lease_until = 0 WHERE id = $1 AND lease_until = $2").bind(id).bind(until).execute(db.pool()).await?;
    Ok(())
}

/// An import's outcome (`error` empty: it went well), the lease marked `until` given back.
pub async fn record_sync(db: &Db, id: &str, now: i64, error: &str, until: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE channels SET last_sync_at = $2, last_success_at = CASE WHEN $3 = '' THEN $2 ELSE last_success_at END, \
         last_error = $3, lease_until = CASE WHEN lease_until = $4 THEN 0 ELSE lease_until END WHERE id = $1",
    )
    .bind(id)
    .bind(now)
    .bind(error)
    .bind(until)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The channels with a calendar last tried at or before `before`, the longest waiting first.
pub async fn due(db: &Db, before: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM channels WHERE import_url <> '' AND last_sync_at <= $1 ORDER BY last_sync_at, id")
        .bind(before)
        .fetch_all(db.pool())
        .await
}
