//! The rooms' SQL: room types, the inventory of every night (`units`,
//! `booked`, `held`, `closed`, `rate`), and holds with their nights. Each
//! function is one statement returning named structs; the transactions
//! that combine them, and the rules, are the inventory's. Hold states are
//! kept as [`HoldStatus`]' code.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use spa_platform::db::{Db, Tx};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::domain::board::InventoryNight;
use crate::domain::nights::{NightRules, NightsSet, StayRules};
use crate::domain::settings::RoomTypeRules;
use crate::domain::{CalendarNight, HoldState, HoldStatus, Occupancy, RoomNight, RoomType, Season, StaySummary, ymd};

/// The guard of every update that takes a night (`$1` units of room type
/// `$2` on night `$3`): it matches only while that many units are free and
/// the night is open, so no night is ever sold twice (units out of order
/// are not for sale).
const WHILE_FREE: &str = "WHERE room_code = $2 AND night = $3 AND closed = 0 AND units - out_of_order - booked - held - external >= $1";

/// Where a night's taken units are counted: held for an unpaid order,
/// booked for a paid one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    Held,
    Booked,
}

impl Taken {
    fn column(self) -> &'static str {
        match self {
            Self::Held => "held",
            Self::Booked => "booked",
        }
    }
}

/// The units of one night, for tests and audits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NightCount {
    pub units: i64,
    pub booked: i64,
    pub held: i64,
}

pub async fn room_types(db: &Db) -> Result<Vec<RoomType>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT code, units, occupancy, max_occupancy, extra_bed, min_stay, position FROM room_types ORDER BY position, code")
            .fetch_all(db.pool())
            .await?;
    rows.iter().map(|r| room_type_of(r, "min_stay")).collect()
}

/// A room type from a row of `room_types`' columns, its minimum stay in
/// the column `min_stay`.
fn room_type_of(r: &AnyRow, min_stay: &str) -> Result<RoomType, sqlx::Error> {
    Ok(RoomType {
        code: r.try_get("code")?,
        units: r.try_get("units")?,
        occupancy: Occupancy {
            standard: r.try_get::<i64, _>("occupancy")? as u32,
            max: r.try_get::<i64, _>("max_occupancy")? as u32,
            extra_bed: r.try_get::<i64, _>("extra_bed")? != 0,
        },
        min_stay: r.try_get(min_stay)?,
        position: r.try_get("position")?,
    })
}

/// Per room type over [from, to): units free on every night (units out of
/// order left out), the sum of the open nights' rates, how many open nights
/// exist, and what the arrival night and the departure day (the row of
/// `to`) allow. `rooms` narrows it to those room types; empty means all.
pub async fn stay_summary(db: &Db, from: NaiveDate, to: NaiveDate, rooms: &[&str]) -> Result<BTreeMap<String, StaySummary>, sqlx::Error> {
    let only = if rooms.is_empty() {
        String::new()
    } else {
        let marks: Vec<String> = (0..rooms.len()).map(|i| format!("${}", i + 3)).collect();
        format!(" AND room_code IN ({})", marks.join(", "))
    };
    let sql = format!(
        "SELECT room_code, \
                MIN(CASE WHEN night < $2 AND closed = 0 THEN units - out_of_order - booked - held - external END) AS free, \
                CAST(SUM(CASE WHEN night < $2 AND closed = 0 THEN rate ELSE 0 END) AS BIGINT) AS rates, \
                SUM(CASE WHEN night < $2 AND closed = 0 THEN 1 ELSE 0 END) AS nights, \
                MAX(CASE WHEN night = $1 THEN min_stay ELSE 0 END) AS min_stay, \
                MAX(CASE WHEN night = $1 THEN max_stay ELSE 0 END) AS max_stay, \
                MAX(CASE WHEN night = $1 THEN closed_to_arrival ELSE 0 END) AS cta, \
                MAX(CASE WHEN night = $2 THEN closed_to_departure ELSE 0 END) AS ctd \
         FROM inventory WHERE night >= $1 AND night <= $2{only} GROUP BY room_code"
    );
    let mut query = sqlx::query(&sql).bind(ymd(from)).bind(ymd(to));
    for room in rooms {
        query = query.bind(*room);
    }
    let rows = query.fetch_all(db.pool()).await?;
    rows.iter()
        .map(|r| {
            let rules = StayRules {
                min_stay: r.try_get("min_stay")?,
                max_stay: r.try_get("max_stay")?,
                closed_to_arrival: r.try_get::<i64, _>("cta")? != 0,
                closed_to_departure: r.try_get::<i64, _>("ctd")? != 0,
            };
            Ok((
                r.try_get("room_code")?,
                StaySummary {
                    free: r.try_get::<Option<i64>, _>("free")?.unwrap_or(0),
                    rates: r.try_get("rates")?,
                    nights: r.try_get::<i64, _>("nights")?,
                    rules,
                },
            ))
        })
        .collect()
}

/// The next inventory version, in `tx`: every change to availability takes
/// one, in commit order (its row stays locked until `tx` ends).
pub async fn next_version(tx: &mut Tx) -> Result<u64, sqlx::Error> {
    let version: i64 = sqlx::query_scalar("UPDATE inventory_version SET version = version + 1 WHERE id = 1 RETURNING version")
        .fetch_one(&mut **tx)
        .await?;
    Ok(version as u64)
}

/// What a search reads, in one statement so all of it is of one moment:
/// the room types with nights in the store, in their order, each one's
/// summary of the stay (as [`stay_summary`]), and the inventory version
/// they show (0 when no room type has a night in the store).
pub struct SearchRead {
    pub types: Vec<RoomType>,
    pub summary: BTreeMap<String, StaySummary>,
    pub version: u64,
}

pub async fn search_read(db: &Db, from: NaiveDate, to: NaiveDate) -> Result<SearchRead, sqlx::Error> {
    // Room types first, each one's nights found by the primary key (SQLite
    // takes CROSS JOIN's order as written; the night index instead costs a
    // temporary sort per search). Grouped by the room type's key, so its
    // other columns may be selected (PostgreSQL: functional dependency).
    const SQL: &str = "SELECT t.code, t.units, t.occupancy, t.max_occupancy, t.extra_bed, t.min_stay AS type_min_stay, t.position, \
                MIN(CASE WHEN i.night < $2 AND i.closed = 0 THEN i.units - i.out_of_order - i.booked - i.held - i.external END) AS free, \
                CAST(SUM(CASE WHEN i.night < $2 AND i.closed = 0 THEN i.rate ELSE 0 END) AS BIGINT) AS rates, \
                SUM(CASE WHEN i.night < $2 AND i.closed = 0 THEN 1 ELSE 0 END) AS nights, \
                MAX(CASE WHEN i.night = $1 THEN i.min_stay ELSE 0 END) AS min_stay, \
                MAX(CASE WHEN i.night = $1 THEN i.max_stay ELSE 0 END) AS max_stay, \
                MAX(CASE WHEN i.night = $1 THEN i.closed_to_arrival ELSE 0 END) AS cta, \
                MAX(CASE WHEN i.night = $2 THEN i.closed_to_departure ELSE 0 END) AS ctd, \
                (SELECT version FROM inventory_version WHERE id = 1) AS version \
         FROM room_types t CROSS JOIN inventory i \
         WHERE i.room_code = t.code AND i.night >= $1 AND i.night <= $2 \
         GROUP BY t.code ORDER BY t.position, t.code";
    let rows = sqlx::query(SQL).bind(ymd(from)).bind(ymd(to)).fetch_all(db.pool()).await?;
    let mut read = SearchRead { types: Vec::with_capacity(rows.len()), summary: BTreeMap::new(), version: 0 };
    for r in &rows {
        read.version = r.try_get::<i64, _>("version")? as u64;
        let room = room_type_of(r, "type_min_stay")?;
        let rules = StayRules {
            min_stay: r.try_get("min_stay")?,
            max_stay: r.try_get("max_stay")?,
            closed_to_arrival: r.try_get::<i64, _>("cta")? != 0,
            closed_to_departure: r.try_get::<i64, _>("ctd")? != 0,
        };
        let summary = StaySummary {
            free: r.try_get::<Option<i64>, _>("free")?.unwrap_or(0),
            rates: r.try_get("rates")?,
            nights: r.try_get("nights")?,
            rules,
        };
        read.summary.insert(room.code.clone(), summary);
        read.types.push(room);
    }
    Ok(read)
}

/// Every night of one room type in [from, to) the store has.
pub async fn calendar(db: &Db, room: &str, from: NaiveDate, to: NaiveDate) -> Result<Vec<CalendarNight>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT night, units - out_of_order - booked - held - external AS free, closed, rate, min_stay, max_stay, \
                closed_to_arrival, closed_to_departure FROM inventory \
         WHERE room_code = $1 AND night >= $2 AND night < $3 ORDER BY night",
    )
    .bind(room)
    .bind(ymd(from))
    .bind(ymd(to))
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(CalendarNight {
                night: r.try_get("night")?,
                free: r.try_get("free")?,
                closed: r.try_get::<i64, _>("closed")? != 0,
                rate: r.try_get("rate")?,
                rules: StayRules {
                    min_stay: r.try_get("min_stay")?,
                    max_stay: r.try_get("max_stay")?,
                    closed_to_arrival: r.try_get::<i64, _>("closed_to_arrival")? != 0,
                    closed_to_departure: r.try_get::<i64, _>("closed_to_departure")? != 0,
                },
            })
        })
        .collect()
}

/// Every room type's nights in [from, to) the store has.
pub async fn inventory(db: &Db, from: NaiveDate, to: NaiveDate) -> Result<Vec<InventoryNight>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT room_code, night, units, out_of_order, booked, held, external, closed FROM inventory WHERE night >= $1 AND night < $2",
    )
    .bind(ymd(from))
    .bind(ymd(to))
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(InventoryNight {
                room_code: r.try_get("room_code")?,
                night: r.try_get("night")?,
                units: r.try_get("units")?,
                out_of_order: r.try_get("out_of_order")?,
                booked: r.try_get("booked")?,
                held: r.try_get("held")?,
                external: r.try_get("external")?,
                closed: r.try_get::<i64, _>("closed")? != 0,
            })
        })
        .collect()
}

/// The units of one night.
pub async fn night(db: &Db, room: &str, night: &str) -> Result<NightCount, sqlx::Error> {
    let r = sqlx::query("SELECT units, booked, held FROM inventory WHERE room_code = $1 AND night = $2")
        .bind(room)
        .bind(night)
        .fetch_one(db.pool())
        .await?;
    Ok(NightCount { units: r.try_get("units")?, booked: r.try_get("booked")?, held: r.try_get("held")? })
}

fn status_of(r: &AnyRow) -> Result<HoldStatus, sqlx::Error> {
    let code: String = r.try_get("status")?;
    HoldStatus::parse(&code).ok_or_else(|| sqlx::Error::Decode(format!("status: unknown code {code}").into()))
}

pub async fn hold(db: &Db, order_id: &str) -> Result<Option<HoldState>, sqlx::Error> {
    hold_of(db.pool(), order_id).await
}

/// An order's hold as this transaction sees it; the caller knows it exists.
pub async fn hold_in(tx: &mut Tx, order_id: &str) -> Result<HoldState, sqlx::Error> {
    hold_of(&mut **tx, order_id).await?.ok_or(sqlx::Error::RowNotFound)
}

async fn hold_of<'e, E>(executor: E, order_id: &str) -> Result<Option<HoldState>, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let row = sqlx::query("SELECT order_id, status, total, expires_at FROM holds WHERE order_id = $1")
        .bind(order_id)
        .fetch_optional(executor)
        .await?;
    row.map(|r| {
        Ok(HoldState {
            order_id: r.try_get("order_id")?,
            status: status_of(&r)?,
            total: r.try_get("total")?,
            expires_at: r.try_get("expires_at")?,
        })
    })
    .transpose()
}

/// The units per night an order holds or booked.
pub async fn hold_nights<'e, E>(executor: E, order_id: &str) -> Result<BTreeMap<RoomNight, i64>, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let rows =
        sqlx::query("SELECT room_code, night, quantity FROM hold_nights WHERE order_id = $1").bind(order_id).fetch_all(executor).await?;
    rows.iter().map(|r| Ok((RoomNight { room: r.try_get("room_code")?, night: r.try_get("night")? }, r.try_get("quantity")?))).collect()
}

/// Claims an order id for a new hold; false when it has one already.
pub async fn claim_hold(tx: &mut Tx, order_id: &str, expires_at: i64, now: i64) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query(
        "INSERT INTO holds (order_id, status, total, expires_at, created_at, updated_at) VALUES ($1, 'held', 0, $2, $3, $3) \
         ON CONFLICT (order_id) DO NOTHING",
    )
    .bind(order_id)
    .bind(expires_at)
    .bind(now)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(claimed == 1)
}

/// Holds `quantity` units of a night while they are free; the night's rate,
/// or `None` (nothing taken) when they are not.
pub async fn hold_night(tx: &mut Tx, night: &RoomNight, quantity: i64) -> Result<Option<i64>, sqlx::Error> {
    let taken = sqlx::query(&format!("UPDATE inventory SET held = held + $1 {WHILE_FREE} RETURNING rate"))
        .bind(quantity)
        .bind(&night.room)
        .bind(&night.night)
        .fetch_optional(&mut **tx)
        .await?;
    taken.map(|r| r.try_get("rate")).transpose()
}

/// Takes `quantity` units of a night as `taken` while they are free;
/// false (nothing taken) when they are not.
pub async fn take_night(tx: &mut Tx, taken: Taken, night: &RoomNight, quantity: i64) -> Result<bool, sqlx::Error> {
    let column = taken.column();
    let updated = sqlx::query(&format!("UPDATE inventory SET {column} = {column} + $1 {WHILE_FREE}"))
        .bind(quantity)
        .bind(&night.room)
        .bind(&night.night)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(updated == 1)
}

pub async fn add_hold_night(tx: &mut Tx, order_id: &str, night: &RoomNight, quantity: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO hold_nights (order_id, room_code, night, quantity) VALUES ($1, $2, $3, $4)")
        .bind(order_id)
        .bind(&night.room)
        .bind(&night.night)
        .bind(quantity)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn set_hold_total(tx: &mut Tx, order_id: &str, total: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE holds SET total = $1 WHERE order_id = $2").bind(total).bind(order_id).execute(&mut **tx).await?;
    Ok(())
}

/// Confirms a hold that is in state `from`; false when it is not.
pub async fn confirm_hold(tx: &mut Tx, order_id: &str, from: HoldStatus, now: i64) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query("UPDATE holds SET status = 'confirmed', updated_at = $1 WHERE order_id = $2 AND status = $3")
        .bind(now)
        .bind(order_id)
        .bind(from.code())
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(updated == 1)
}

/// Moves an order's held units of every night to booked.
pub async fn book_held_nights(tx: &mut Tx, order_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE inventory SET held = held - (SELECT h.quantity FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night), \
                              booked = booked + (SELECT h.quantity FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night) \
         WHERE EXISTS (SELECT 1 FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night)",
    )
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Makes a held hold last until at least `until`; false when it is not held.
pub async fn extend_hold(tx: &mut Tx, order_id: &str, until: i64, now: i64) -> Result<bool, sqlx::Error> {
    let extended = sqlx::query(
        "UPDATE holds SET expires_at = CASE WHEN expires_at < $2 THEN $2 ELSE expires_at END, updated_at = $3 \
         WHERE order_id = $1 AND status = 'held'",
    )
    .bind(order_id)
    .bind(until)
    .bind(now)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(extended == 1)
}

/// Makes an expired hold held again until `until`; false when it is not expired.
pub async fn revive_hold(tx: &mut Tx, order_id: &str, until: i64, now: i64) -> Result<bool, sqlx::Error> {
    let revived =
        sqlx::query("UPDATE holds SET status = 'held', expires_at = $2, updated_at = $3 WHERE order_id = $1 AND status = 'expired'")
            .bind(order_id)
            .bind(until)
            .bind(now)
            .execute(&mut **tx)
            .await?
            .rows_affected();
    Ok(revived == 1)
}

/// Moves a hold from `from` to `to` when it expires by `due_by`; false when
/// it is not in `from` or not due.
pub async fn end_hold(tx: &mut Tx, order_id: &str, from: HoldStatus, to: HoldStatus, now: i64, due_by: i64) -> Result<bool, sqlx::Error> {
    let moved = sqlx::query("UPDATE holds SET status = $1, updated_at = $2 WHERE order_id = $3 AND status = $4 AND expires_at <= $5")
        .bind(to.code())
        .bind(now)
        .bind(order_id)
        .bind(from.code())
        .bind(due_by)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(moved == 1)
}

/// Takes the hold of an order that is held or booked for a move to
/// `revision` (its row lock, so moves of one order wait for each other),
/// a held one lasting at least until `keep_until`;
/// its status, or None when it is not active or a later move was applied.
pub async fn claim_move(tx: &mut Tx, order_id: &str, revision: i64, keep_until: i64, now: i64) -> Result<Option<HoldStatus>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE holds SET revision = $2, updated_at = $3, \
         expires_at = CASE WHEN status = 'held' AND expires_at < $4 THEN $4 ELSE expires_at END \
         WHERE order_id = $1 AND status IN ('held', 'confirmed') AND revision <= $2 RETURNING status",
    )
    .bind(order_id)
    .bind(revision)
    .bind(now)
    .bind(keep_until)
    .fetch_optional(&mut **tx)
    .await?;
    row.map(|r| status_of(&r)).transpose()
}

/// Gives `quantity` units of a night back from `taken`.
pub async fn give_night(tx: &mut Tx, taken: Taken, night: &RoomNight, quantity: i64) -> Result<(), sqlx::Error> {
    let column = taken.column();
    sqlx::query(&format!("UPDATE inventory SET {column} = {column} - $1 WHERE room_code = $2 AND night = $3"))
        .bind(quantity)
        .bind(&night.room)
        .bind(&night.night)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Forgets an order's nights (a move writes them again).
pub async fn clear_hold_nights(tx: &mut Tx, order_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM hold_nights WHERE order_id = $1").bind(order_id).execute(&mut **tx).await?;
    Ok(())
}

/// The rate of every night an order holds or booked.
pub async fn hold_rates(tx: &mut Tx, order_id: &str) -> Result<BTreeMap<RoomNight, i64>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT i.room_code, i.night, i.rate FROM inventory i JOIN hold_nights h ON h.room_code = i.room_code AND h.night = i.night \
         WHERE h.order_id = $1",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?;
    rows.iter().map(|r| Ok((RoomNight { room: r.try_get("room_code")?, night: r.try_get("night")? }, r.try_get("rate")?))).collect()
}

/// Gives an order's units of every night back from `taken`.
pub async fn give_back_nights(tx: &mut Tx, order_id: &str, taken: Taken) -> Result<(), sqlx::Error> {
    let column = taken.column();
    let sql = format!(
        "UPDATE inventory SET {column} = {column} - (SELECT h.quantity FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night) \
         WHERE EXISTS (SELECT 1 FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night)"
    );
    sqlx::query(&sql).bind(order_id).execute(&mut **tx).await?;
    Ok(())
}

/// Orders whose hold is still held past `now`, the longest due first, at
/// most 100.
pub async fn due_holds(db: &Db, now: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query("SELECT order_id FROM holds WHERE status = 'held' AND expires_at <= $1 ORDER BY expires_at LIMIT 100")
        .bind(now)
        .fetch_all(db.pool())
        .await?
        .iter()
        .map(|r| r.try_get(0))
        .collect()
}

/// One room type's nights in [from, to) with the guesthouse's rules.
pub async fn night_rules(db: &Db, room: &str, from: NaiveDate, to: NaiveDate) -> Result<Vec<NightRules>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT night, units, out_of_order, booked, held, external, closed, rate, rate_set, min_stay, max_stay, closed_to_arrival, closed_to_departure \
         FROM inventory WHERE room_code = $1 AND night >= $2 AND night < $3 ORDER BY night",
    )
    .bind(room)
    .bind(ymd(from))
    .bind(ymd(to))
    .fetch_all(db.pool())
    .await?;
    let flag = |r: &AnyRow, column: &str| -> Result<bool, sqlx::Error> { Ok(r.try_get::<i64, _>(column)? != 0) };
    rows.iter()
        .map(|r| {
            Ok(NightRules {
                night: r.try_get("night")?,
                units: r.try_get("units")?,
                out_of_order: r.try_get("out_of_order")?,
                booked: r.try_get("booked")?,
                held: r.try_get("held")?,
                external: r.try_get("external")?,
                closed: flag(r, "closed")?,
                rate: r.try_get("rate")?,
                rate_set: flag(r, "rate_set")?,
                min_stay: r.try_get("min_stay")?,
                max_stay: r.try_get("max_stay")?,
                closed_to_arrival: flag(r, "closed_to_arrival")?,
                closed_to_departure: flag(r, "closed_to_departure")?,
            })
        })
        .collect()
}

/// How setting a night went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NightSet {
    Set,
    /// The inventory has no such night (beyond the selling horizon).
    Missing,
    /// The units out of order asked for are booked or held.
    UnitsTaken,
}

/// Sets what `set` names on one night of a room type; units out of order
/// only while that many are not taken (the guard of every taking, read the
/// other way round), in the caller's transaction.
pub async fn set_night(tx: &mut Tx, room: &str, night: &str, set: &NightsSet) -> Result<NightSet, sqlx::Error> {
    let mut columns: Vec<String> = Vec::new();
    let mut values: Vec<i64> = Vec::new();
    let mut put = |column: &str, value: i64| {
        values.push(value);
        columns.push(format!("{column} = ${}", values.len() + 2));
    };
    if let Some(price) = set.price {
        put("rate", price);
        put("rate_set", 1);
    }
    for (column, value) in [("min_stay", set.min_stay), ("max_stay", set.max_stay), ("out_of_order", set.out_of_order)] {
        if let Some(v) = value {
            put(column, v);
        }
    }
    for (column, value) in
        [("closed_to_arrival", set.closed_to_arrival), ("closed_to_departure", set.closed_to_departure), ("closed", set.closed)]
    {
        if let Some(v) = value {
            put(column, i64::from(v));
        }
    }
    let guard = match set.out_of_order {
        // Never more than are free of what is sold; lowering them is always
        // allowed (a portal's booking may have over-sold the night).
        Some(n) => format!(" AND (out_of_order >= {n} OR units - booked - held - external >= {n})"),
        None => String::new(),
    };
    let sql = format!("UPDATE inventory SET {} WHERE room_code = $1 AND night = $2{guard}", columns.join(", "));
    let mut query = sqlx::query(&sql).bind(room).bind(night);
    for v in values {
        query = query.bind(v);
    }
    if query.execute(&mut **tx).await?.rows_affected() == 1 {
        return Ok(NightSet::Set);
    }
    let exists: Option<i64> = sqlx::query_scalar("SELECT units FROM inventory WHERE room_code = $1 AND night = $2")
        .bind(room)
        .bind(night)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(if exists.is_some() { NightSet::UnitsTaken } else { NightSet::Missing })
}

/// A room type's settings and who changed them last.
pub async fn room_type_rules(db: &Db, code: &str) -> Result<Option<(RoomTypeRules, i64, String)>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT units, occupancy, max_occupancy, extra_bed, min_stay, base_rate, weekend_rate, updated_at, updated_by \
         FROM room_types WHERE code = $1",
    )
    .bind(code)
    .fetch_optional(db.pool())
    .await?;
    row.map(|r| {
        let rules = RoomTypeRules {
            units: r.try_get::<i64, _>("units")? as u32,
            occupancy: r.try_get::<i64, _>("occupancy")? as u32,
            max_occupancy: r.try_get::<i64, _>("max_occupancy")? as u32,
            extra_bed: r.try_get::<i64, _>("extra_bed")? != 0,
            min_stay: r.try_get::<i64, _>("min_stay")? as u32,
            base_rate: r.try_get("base_rate")?,
            weekend_rate: r.try_get("weekend_rate")?,
        };
        Ok((rules, r.try_get("updated_at")?, r.try_get("updated_by")?))
    })
    .transpose()
}

/// The first night from `from` on which fewer than `units` would not hold
/// what is booked, held or out of order (portals' bookings are not guarded:
/// one that over-sold a night is a conflict, not a reason to refuse a change).
pub async fn units_short(tx: &mut Tx, code: &str, from: &str, units: u32) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT night FROM inventory WHERE room_code = $1 AND night >= $2 AND booked + held + out_of_order > $3 ORDER BY night LIMIT 1",
    )
    .bind(code)
    .bind(from)
    .bind(i64::from(units))
    .fetch_optional(&mut **tx)
    .await
}

/// The room type's settings, and its units on every night from `from`.
pub async fn set_room_type(tx: &mut Tx, code: &str, r: &RoomTypeRules, from: &str, staff: &str) -> Result<(), sqlx::Error> {
    let at = tx.now_ms();
    sqlx::query(
        "UPDATE room_types SET units = $2, occupancy = $3, max_occupancy = $4, extra_bed = $5, min_stay = $6, base_rate = $7, \
         weekend_rate = $8, updated_at = $9, updated_by = $10 WHERE code = $1",
    )
    .bind(code)
    .bind(i64::from(r.units))
    .bind(i64::from(r.occupancy))
    .bind(i64::from(r.max_occupancy))
    .bind(i64::from(r.extra_bed))
    .bind(i64::from(r.min_stay))
    .bind(r.base_rate)
    .bind(r.weekend_rate)
    .bind(at)
    .bind(staff)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE inventory SET units = $3 WHERE room_code = $1 AND night >= $2")
        .bind(code)
        .bind(from)
        .bind(i64::from(r.units))
        .execute(&mut **tx)
        .await?;
    rate_change(tx, code, &serde_json::to_string(r).expect("room type rules serialize"), staff).await
}

/// Every change of a room type or of the seasons, kept whole.
pub async fn rate_change(tx: &mut Tx, subject: &str, body: &str, staff: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO rate_changes (subject, at, staff, body) VALUES ($1, $2, $3, $4)")
        .bind(subject)
        .bind(tx.now_ms())
        .bind(staff)
        .bind(body)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The seasons in their order, and who changed them last.
pub async fn seasons(db: &Db) -> Result<(Vec<Season>, i64, String), sqlx::Error> {
    let rows = sqlx::query("SELECT name, from_day, to_day, multiplier_percent FROM seasons ORDER BY position").fetch_all(db.pool()).await?;
    let seasons = rows
        .iter()
        .map(|r| {
            Ok(Season {
                name: r.try_get("name")?,
                from: r.try_get("from_day")?,
                to: r.try_get("to_day")?,
                multiplier_percent: r.try_get("multiplier_percent")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let last = sqlx::query("SELECT at, staff FROM rate_changes WHERE subject = 'seasons' ORDER BY at DESC LIMIT 1")
        .fetch_optional(db.pool())
        .await?;
    let (at, staff) = match last {
        Some(r) => (r.try_get("at")?, r.try_get("staff")?),
        None => (0, String::new()),
    };
    Ok((seasons, at, staff))
}

/// The seasons replaced by `seasons`, in their order.
pub async fn replace_seasons(tx: &mut Tx, seasons: &[Season]) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM seasons").execute(&mut **tx).await?;
    for (i, s) in seasons.iter().enumerate() {
        sqlx::query("INSERT INTO seasons (name, from_day, to_day, multiplier_percent, position) VALUES ($1, $2, $3, $4, $5)")
            .bind(&s.name)
            .bind(&s.from)
            .bind(&s.to)
            .bind(s.multiplier_percent)
            .bind(i as i64)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// The nights of `code` from `from` whose rate was not set by hand,
/// repriced by the room type's rates and the seasons; those nights.
pub async fn reprice(tx: &mut Tx, code: &str, from: &str, rates: (i64, i64), seasons: &[Season]) -> Result<Vec<String>, sqlx::Error> {
    let nights: Vec<String> = sqlx::query_scalar("SELECT night FROM inventory WHERE room_code = $1 AND night >= $2 AND rate_set = 0")
        .bind(code)
        .bind(from)
        .fetch_all(&mut **tx)
        .await?;
    let mut by_rate: BTreeMap<i64, Vec<&String>> = BTreeMap::new();
    for night in &nights {
        if let Ok(day) = NaiveDate::parse_from_str(night, "%Y-%m-%d") {
            by_rate.entry(crate::domain::night_rate(day, rates.0, rates.1, seasons)).or_default().push(night);
        }
    }
    for (rate, nights) in by_rate {
        for chunk in nights.chunks(200) {
            let list: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 3)).collect();
            let sql = format!("UPDATE inventory SET rate = $1 WHERE room_code = $2 AND rate_set = 0 AND night IN ({})", list.join(", "));
            let mut q = sqlx::query(&sql).bind(rate).bind(code);
            for night in chunk {
                q = q.bind(night.as_str());
            }
            q.execute(&mut **tx).await?;
        }
    }
    Ok(nights)
}

/// Every room type's weekday and weekend rates, by code.
pub async fn room_rates(db: &Db) -> Result<Vec<(String, (i64, i64))>, sqlx::Error> {
    let rows = sqlx::query("SELECT code, base_rate, weekend_rate FROM room_types ORDER BY position, code").fetch_all(db.pool()).await?;
    rows.iter().map(|r| Ok((r.try_get("code")?, (r.try_get("base_rate")?, r.try_get("weekend_rate")?)))).collect()
}
