//! The inventory of every night and the holds and bookings that take it.
//!
//! Taking a night is one guarded update per (room type, night):
//! `held = held + n WHERE units - booked - held >= n AND closed = 0`, all of
//! an order's nights in one transaction that starts by claiming the order id.
//! So no night is ever sold twice, on SQLite (one writer at a time) or on
//! PostgreSQL (row locks, updates in a fixed order so two orders cannot
//! deadlock), however many replicas run; and a retried Reserve for the same
//! order finds its claim and changes nothing.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{Days, NaiveDate};
use spa_platform::db::{Db, Tx};
use spa_platform::outbox::Outbox;
use spa_proto::events::{AvailabilityChanged, HoldExpired, HoldLost};
use sqlx::Row;

use crate::domain::{HoldStatus, Occupancy};

/// The guard of every update that takes a night (`$1` units of room type
/// `$2` on night `$3`): it matches only while that many units are free and
/// the night is open, so no night is ever sold twice.
const WHILE_FREE: &str = "WHERE room_code = $2 AND night = $3 AND closed = 0 AND units - booked - held >= $1";

#[derive(Clone, Debug)]
pub struct RoomType {
    pub code: String,
    pub units: i64,
    pub occupancy: Occupancy,
    pub min_stay: i64,
    pub position: i64,
}

/// One stay of an order, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stay {
    pub room_code: String,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub quantity: u32,
    pub adults: u32,
    pub children: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoldState {
    pub order_id: String,
    pub status: HoldStatus,
    pub total: i64,
    pub expires_at: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum InventoryError {
    #[error("unknown room type {0}")]
    UnknownRoom(String),
    #[error("{room} is sold out on {night}")]
    SoldOut { room: String, night: String },
    #[error("{room} does not take these guests")]
    DoesNotFit { room: String },
    #[error("{room} needs at least {min} nights")]
    MinStay { room: String, min: i64 },
    #[error("order {0} already holds different nights")]
    OrderConflict(String),
    #[error("order {0} has no hold")]
    NoHold(String),
    #[error("the hold of order {0} is {1}")]
    HoldNotActive(String, HoldStatus),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

pub fn ymd(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn nights_of(from: NaiveDate, to: NaiveDate) -> impl Iterator<Item = NaiveDate> {
    from.iter_days().take_while(move |d| *d < to)
}

/// How long the room types read from the store are kept in this process.
/// They are written by the seed and by hand, never by a request, and every
/// search, check and hold needs them.
const ROOM_TYPES_TTL: std::time::Duration = std::time::Duration::from_secs(60);

/// The room types, read from the store at most once per [`ROOM_TYPES_TTL`]
/// (concurrent readers of an expired copy share one read).
#[derive(Clone)]
pub struct RoomTypes {
    db: Db,
    cache: moka::future::Cache<(), Arc<Vec<RoomType>>>,
}

impl RoomTypes {
    pub fn new(db: Db) -> Self {
        Self { db, cache: moka::future::Cache::builder().max_capacity(1).time_to_live(ROOM_TYPES_TTL).build() }
    }

    pub async fn all(&self) -> Result<Arc<Vec<RoomType>>, sqlx::Error> {
        self.cache.try_get_with((), async { room_types(&self.db).await.map(Arc::new) }).await.map_err(|e| clone_error(&e))
    }
}

/// A shared read's failure, for each of its waiters.
fn clone_error(e: &sqlx::Error) -> sqlx::Error {
    sqlx::Error::Protocol(e.to_string())
}

async fn room_types(db: &Db) -> Result<Vec<RoomType>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT code, units, occupancy, max_occupancy, extra_bed, min_stay, position FROM room_types ORDER BY position, code")
            .fetch_all(db.pool())
            .await?;
    rows.iter()
        .map(|r| {
            Ok(RoomType {
                code: r.try_get("code")?,
                units: r.try_get("units")?,
                occupancy: Occupancy {
                    standard: r.try_get::<i64, _>("occupancy")? as u32,
                    max: r.try_get::<i64, _>("max_occupancy")? as u32,
                    extra_bed: r.try_get::<i64, _>("extra_bed")? != 0,
                },
                min_stay: r.try_get("min_stay")?,
                position: r.try_get("position")?,
            })
        })
        .collect()
}

/// Per room type over [from, to): units free on every night, the sum of the
/// nightly rates, and how many open nights exist (fewer than the stay means
/// a night is closed or beyond the horizon). `rooms` narrows it to those
/// room types; empty means all.
pub async fn stay_summary(
    db: &Db,
    from: NaiveDate,
    to: NaiveDate,
    rooms: &[&str],
) -> Result<BTreeMap<String, (i64, i64, i64)>, sqlx::Error> {
    let only = if rooms.is_empty() {
        String::new()
    } else {
        let marks: Vec<String> = (0..rooms.len()).map(|i| format!("${}", i + 3)).collect();
        format!(" AND room_code IN ({})", marks.join(", "))
    };
    let sql = format!(
        "SELECT room_code, MIN(units - booked - held) AS free, CAST(SUM(rate) AS BIGINT) AS rates, COUNT(*) AS nights \
         FROM inventory WHERE night >= $1 AND night < $2 AND closed = 0{only} GROUP BY room_code"
    );
    let mut query = sqlx::query(&sql).bind(ymd(from)).bind(ymd(to));
    for room in rooms {
        query = query.bind(*room);
    }
    let rows = query.fetch_all(db.pool()).await?;
    rows.iter().map(|r| Ok((r.try_get("room_code")?, (r.try_get("free")?, r.try_get("rates")?, r.try_get("nights")?)))).collect()
}

/// Every night of one room type in [from, to): (night, free units, closed, rate).
pub async fn calendar(db: &Db, room: &str, from: NaiveDate, to: NaiveDate) -> Result<Vec<(String, i64, bool, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT night, units - booked - held AS free, closed, rate FROM inventory WHERE room_code = $1 AND night >= $2 AND night < $3 ORDER BY night",
    )
    .bind(room)
    .bind(ymd(from))
    .bind(ymd(to))
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(|r| Ok((r.try_get("night")?, r.try_get("free")?, r.try_get::<i64, _>("closed")? != 0, r.try_get("rate")?))).collect()
}

/// Units per (room, night) of an order, in the one order every transaction
/// takes them in.
fn claims(stays: &[Stay]) -> BTreeMap<(String, String), i64> {
    let mut out = BTreeMap::new();
    for s in stays {
        for night in nights_of(s.from, s.to) {
            *out.entry((s.room_code.clone(), ymd(night))).or_insert(0) += i64::from(s.quantity);
        }
    }
    out
}

fn status_of(r: &sqlx::any::AnyRow) -> Result<HoldStatus, sqlx::Error> {
    let code: String = r.try_get("status")?;
    HoldStatus::parse(&code).ok_or_else(|| sqlx::Error::Decode(format!("status: unknown code {code}").into()))
}

async fn hold_state(db: &Db, order_id: &str) -> Result<Option<HoldState>, sqlx::Error> {
    let row = sqlx::query("SELECT order_id, status, total, expires_at FROM holds WHERE order_id = $1")
        .bind(order_id)
        .fetch_optional(db.pool())
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

/// The units per (room, night) an order holds or booked.
async fn hold_nights<'e, E>(executor: E, order_id: &str) -> Result<BTreeMap<(String, String), i64>, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let rows =
        sqlx::query("SELECT room_code, night, quantity FROM hold_nights WHERE order_id = $1").bind(order_id).fetch_all(executor).await?;
    rows.iter().map(|r| Ok(((r.try_get("room_code")?, r.try_get("night")?), r.try_get("quantity")?))).collect()
}

async fn announce(outbox: &Outbox, tx: &mut Tx, nights: &BTreeMap<(String, String), i64>) -> Result<(), sqlx::Error> {
    let mut span: BTreeMap<&str, (&str, &str)> = BTreeMap::new();
    for (room, night) in nights.keys() {
        let e = span.entry(room.as_str()).or_insert((night.as_str(), night.as_str()));
        e.0 = e.0.min(night.as_str());
        e.1 = e.1.max(night.as_str());
    }
    for (room, (first, last)) in span {
        let to =
            NaiveDate::parse_from_str(last, "%Y-%m-%d").ok().and_then(|d| d.checked_add_days(Days::new(1))).map(ymd).unwrap_or_default();
        outbox.add(tx, &AvailabilityChanged { room_code: room.to_owned(), from: first.to_owned(), to }).await?;
    }
    Ok(())
}

/// Holds the nights of `stays` for `order_id` until `expires_at` (Unix ms).
pub async fn reserve(
    db: &Db,
    outbox: &Outbox,
    types: &[RoomType],
    order_id: &str,
    stays: &[Stay],
    expires_at: i64,
) -> Result<HoldState, InventoryError> {
    for s in stays {
        let room = types.iter().find(|r| r.code == s.room_code).ok_or_else(|| InventoryError::UnknownRoom(s.room_code.clone()))?;
        if !room.occupancy.fits(s.adults, s.children) {
            return Err(InventoryError::DoesNotFit { room: room.code.clone() });
        }
        if (s.to - s.from).num_days() < room.min_stay {
            return Err(InventoryError::MinStay { room: room.code.clone(), min: room.min_stay });
        }
    }
    let wanted = claims(stays);
    let now = db.now_ms();
    let mut tx = db.begin().await?;
    // Claiming the order id first makes a concurrent retry of the same order
    // wait here, and on SQLite takes the write lock before any read.
    let claimed = sqlx::query(
        "INSERT INTO holds (order_id, status, total, expires_at, created_at, updated_at) VALUES ($1, 'held', 0, $2, $3, $3) \
         ON CONFLICT (order_id) DO NOTHING",
    )
    .bind(order_id)
    .bind(expires_at)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if claimed == 0 {
        tx.rollback().await?;
        let existing = hold_state(db, order_id).await?.ok_or_else(|| InventoryError::NoHold(order_id.to_owned()))?;
        // A released or expired hold's nights are on sale again: its id
        // cannot hold them a second time.
        if !existing.status.active() {
            return Err(InventoryError::HoldNotActive(order_id.to_owned(), existing.status));
        }
        return if hold_nights(db.pool(), order_id).await? == wanted {
            Ok(existing)
        } else {
            Err(InventoryError::OrderConflict(order_id.to_owned()))
        };
    }
    // Each night's rate comes back with the update that takes it.
    let mut rates: BTreeMap<(&str, &str), i64> = BTreeMap::new();
    for ((room, night), quantity) in &wanted {
        let taken = sqlx::query(&format!("UPDATE inventory SET held = held + $1 {WHILE_FREE} RETURNING rate"))
            .bind(*quantity)
            .bind(room)
            .bind(night)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(taken) = taken else {
            tx.rollback().await?;
            return Err(InventoryError::SoldOut { room: room.clone(), night: night.clone() });
        };
        rates.insert((room.as_str(), night.as_str()), taken.try_get("rate")?);
        sqlx::query("INSERT INTO hold_nights (order_id, room_code, night, quantity) VALUES ($1, $2, $3, $4)")
            .bind(order_id)
            .bind(room)
            .bind(night)
            .bind(*quantity)
            .execute(&mut *tx)
            .await?;
    }
    let mut total = 0;
    for s in stays {
        let nights: Vec<String> = nights_of(s.from, s.to).map(ymd).collect();
        let stay_rates: i64 = nights.iter().filter_map(|n| rates.get(&(s.room_code.as_str(), n.as_str()))).sum();
        let occupancy = types.iter().find(|r| r.code == s.room_code).map(|r| r.occupancy).expect("checked above");
        total += occupancy.stay_price(stay_rates, s.adults, s.children) * i64::from(s.quantity);
    }
    sqlx::query("UPDATE holds SET total = $1 WHERE order_id = $2").bind(total).bind(order_id).execute(&mut *tx).await?;
    announce(outbox, &mut tx, &wanted).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(HoldState { order_id: order_id.to_owned(), status: HoldStatus::Held, total, expires_at })
}

/// Turns a hold into a booking. A hold that expired before its payment
/// came takes its nights again, as a booking, when every one of them is
/// still free (the same guarded update as a reservation); otherwise it
/// stays expired and the answer says so.
pub async fn confirm(db: &Db, outbox: &Outbox, order_id: &str) -> Result<HoldState, InventoryError> {
    let mut tx = db.begin().await?;
    let now = db.now_ms();
    let confirmed = |from: &'static str| {
        sqlx::query("UPDATE holds SET status = 'confirmed', updated_at = $1 WHERE order_id = $2 AND status = $3")
            .bind(now)
            .bind(order_id)
            .bind(from)
    };
    if confirmed("held").execute(&mut *tx).await?.rows_affected() == 1 {
        sqlx::query(
            "UPDATE inventory SET held = held - (SELECT h.quantity FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night), \
                                  booked = booked + (SELECT h.quantity FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night) \
             WHERE EXISTS (SELECT 1 FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night)",
        )
        .bind(order_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
    } else if confirmed("expired").execute(&mut *tx).await?.rows_affected() == 1 && rebook(outbox, &mut tx, order_id).await? {
        tracing::warn!(order = %order_id, "a hold paid after it expired took its nights again");
        tx.commit().await?;
        outbox.wake();
    } else {
        tx.rollback().await?;
    }
    let state = hold_state(db, order_id).await?.ok_or_else(|| InventoryError::NoHold(order_id.to_owned()))?;
    if state.status != HoldStatus::Confirmed {
        return Err(InventoryError::HoldNotActive(order_id.to_owned(), state.status));
    }
    Ok(state)
}

/// Keeps an order's nights while its payment is taken, until at least
/// `until` (Unix ms): a hold still held lasts that long; a hold that
/// expired takes its nights again, as held, when every one of them is still
/// free (the same guarded update as a reservation, all or none); a booking
/// stays as it is. A night sold meanwhile is [`InventoryError::SoldOut`]
/// (nothing taken); a released hold is [`InventoryError::HoldNotActive`].
pub async fn keep(db: &Db, outbox: &Outbox, order_id: &str, until: i64) -> Result<HoldState, InventoryError> {
    let mut tx = db.begin().await?;
    let now = db.now_ms();
    let extended = sqlx::query(
        "UPDATE holds SET expires_at = CASE WHEN expires_at < $2 THEN $2 ELSE expires_at END, updated_at = $3 \
         WHERE order_id = $1 AND status = 'held'",
    )
    .bind(order_id)
    .bind(until)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if extended == 1 {
        tx.commit().await?;
    } else {
        let revived =
            sqlx::query("UPDATE holds SET status = 'held', expires_at = $2, updated_at = $3 WHERE order_id = $1 AND status = 'expired'")
                .bind(order_id)
                .bind(until)
                .bind(now)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if revived == 1 {
            let nights = hold_nights(&mut *tx, order_id).await?;
            for ((room, night), quantity) in &nights {
                let taken = sqlx::query(&format!("UPDATE inventory SET held = held + $1 {WHILE_FREE}"))
                    .bind(quantity)
                    .bind(room)
                    .bind(night)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                if taken != 1 {
                    tx.rollback().await?;
                    return Err(InventoryError::SoldOut { room: room.clone(), night: night.clone() });
                }
            }
            announce(outbox, &mut tx, &nights).await?;
            tx.commit().await?;
            outbox.wake();
            tracing::info!(order = %order_id, "an expired hold took its nights again for a payment under way");
        } else {
            tx.rollback().await?;
        }
    }
    let state = hold_state(db, order_id).await?.ok_or_else(|| InventoryError::NoHold(order_id.to_owned()))?;
    if state.status.active() { Ok(state) } else { Err(InventoryError::HoldNotActive(order_id.to_owned(), state.status)) }
}

/// Announces that a paid order's nights could not be booked
/// (`rooms.hold.lost`), for the cart to give the payment back.
pub async fn lost(db: &Db, outbox: &Outbox, order_id: &str) -> Result<(), InventoryError> {
    let mut tx = db.begin().await?;
    outbox.add(&mut tx, &HoldLost { order_id: order_id.to_owned() }).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(())
}

/// Books an expired hold's nights again, each only while a unit is free;
/// false (the caller rolls back) when one of them is taken.
async fn rebook(outbox: &Outbox, tx: &mut Tx, order_id: &str) -> Result<bool, InventoryError> {
    let nights = hold_nights(&mut **tx, order_id).await?;
    for ((room, night), quantity) in &nights {
        let taken = sqlx::query(&format!("UPDATE inventory SET booked = booked + $1 {WHILE_FREE}"))
            .bind(quantity)
            .bind(room)
            .bind(night)
            .execute(&mut **tx)
            .await?
            .rows_affected();
        if taken != 1 {
            return Ok(false);
        }
    }
    announce(outbox, tx, &nights).await?;
    Ok(true)
}

/// Gives a hold's or booking's nights back; `status` is `Released` or
/// `Expired`. Expiring takes only a hold still due at `now` (one kept for a
/// payment meanwhile lasts).
async fn give_back(db: &Db, outbox: &Outbox, order_id: &str, status: HoldStatus, only_held: bool) -> Result<bool, InventoryError> {
    let mut tx = db.begin().await?;
    let now = db.now_ms();
    let due_by = if status == HoldStatus::Expired { now } else { i64::MAX };
    for (from, column) in [(HoldStatus::Held, "held"), (HoldStatus::Confirmed, "booked")] {
        if only_held && from != HoldStatus::Held {
            continue;
        }
        let moved = sqlx::query("UPDATE holds SET status = $1, updated_at = $2 WHERE order_id = $3 AND status = $4 AND expires_at <= $5")
            .bind(status.code())
            .bind(now)
            .bind(order_id)
            .bind(from.code())
            .bind(due_by)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if moved == 1 {
            let sql = format!(
                "UPDATE inventory SET {column} = {column} - (SELECT h.quantity FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night) \
                 WHERE EXISTS (SELECT 1 FROM hold_nights h WHERE h.order_id = $1 AND h.room_code = inventory.room_code AND h.night = inventory.night)"
            );
            sqlx::query(&sql).bind(order_id).execute(&mut *tx).await?;
            let nights = hold_nights(&mut *tx, order_id).await?;
            announce(outbox, &mut tx, &nights).await?;
            if status == HoldStatus::Expired {
                outbox.add(&mut tx, &HoldExpired { order_id: order_id.to_owned() }).await?;
            }
            tx.commit().await?;
            outbox.wake();
            return Ok(true);
        }
    }
    tx.rollback().await?;
    Ok(false)
}

/// Cancels an order's hold or booking. Idempotent.
pub async fn release(db: &Db, outbox: &Outbox, order_id: &str) -> Result<HoldState, InventoryError> {
    give_back(db, outbox, order_id, HoldStatus::Released, false).await?;
    hold_state(db, order_id).await?.ok_or_else(|| InventoryError::NoHold(order_id.to_owned()))
}

/// Expires holds past their time; returns how many expired. Safe with
/// several replicas: each hold changes status once.
pub async fn expire_due(db: &Db, outbox: &Outbox, now: i64) -> Result<usize, InventoryError> {
    let due: Vec<String> =
        sqlx::query("SELECT order_id FROM holds WHERE status = 'held' AND expires_at <= $1 ORDER BY expires_at LIMIT 100")
            .bind(now)
            .fetch_all(db.pool())
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, _>>()?;
    let mut n = 0;
    for order_id in due {
        if give_back(db, outbox, &order_id, HoldStatus::Expired, true).await? {
            n += 1;
        }
    }
    Ok(n)
}

/// The held and booked units of one night, for tests and audits.
pub async fn night(db: &Db, room: &str, night: &str) -> Result<(i64, i64, i64), sqlx::Error> {
    let r = sqlx::query("SELECT units, booked, held FROM inventory WHERE room_code = $1 AND night = $2")
        .bind(room)
        .bind(night)
        .fetch_one(db.pool())
        .await?;
    Ok((r.try_get("units")?, r.try_get("booked")?, r.try_get("held")?))
}
