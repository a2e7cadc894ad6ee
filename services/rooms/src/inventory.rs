//! Taking and giving back nights: the holds and bookings of orders, each
//! change one transaction over the store.
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

use spa_platform::db::{Db, Tx};
use spa_platform::outbox::Outbox;

use crate::domain::nights::NightsSet;
use crate::domain::{HoldState, HoldStatus, RoomNight, RoomType, Stay, hold, room};
use crate::error::RoomsError;
use crate::events;
use crate::store::{self, Taken};

/// How long the room types read from the store are kept in this process.
/// They are written by the seed and the back office (which announces each
/// change), never by a guest's request, and every
/// search, check and hold needs them.
const ROOM_TYPES_TTL: std::time::Duration = std::time::Duration::from_secs(60);

/// The room types, read from the store at most once per [`ROOM_TYPES_TTL`]
/// and again on every `rooms.room_type.changed` (`changed`'s count keys
/// the copy); concurrent readers of an expired copy share one read.
#[derive(Clone)]
pub struct RoomTypes {
    db: Db,
    changed: spa_platform::cache::Generation,
    cache: moka::future::Cache<u64, Arc<Vec<RoomType>>>,
}

impl RoomTypes {
    pub fn new(db: Db, changed: spa_platform::cache::Generation) -> Self {
        Self { db, changed, cache: moka::future::Cache::builder().max_capacity(2).time_to_live(ROOM_TYPES_TTL).build() }
    }

    pub async fn all(&self) -> Result<Arc<Vec<RoomType>>, sqlx::Error> {
        let key = self.changed.count();
        self.cache.try_get_with(key, async { store::room_types(&self.db).await.map(Arc::new) }).await.map_err(|e| clone_error(&e))
    }
}

/// A shared read's failure, for each of its waiters.
fn clone_error(e: &sqlx::Error) -> sqlx::Error {
    sqlx::Error::Protocol(e.to_string())
}

async fn hold_state(db: &Db, order_id: &str) -> Result<HoldState, RoomsError> {
    store::hold(db, order_id).await?.ok_or_else(|| RoomsError::NoHold(order_id.to_owned()))
}

/// Holds the nights of `stays` for `order_id` until `expires_at` (Unix ms).
pub async fn reserve(
    db: &Db,
    outbox: &Outbox,
    types: &[RoomType],
    order_id: &str,
    stays: &[Stay],
    expires_at: i64,
) -> Result<HoldState, RoomsError> {
    for s in stays {
        room::room_for(types, s)?;
    }
    let wanted = hold::claims(stays);
    let now = db.now_ms();
    let mut tx = db.begin().await?;
    // Claiming the order id first makes a concurrent retry of the same order
    // wait here, and on SQLite takes the write lock before any read.
    if !store::claim_hold(&mut tx, order_id, expires_at, now).await? {
        tx.rollback().await?;
        let existing = hold_state(db, order_id).await?;
        // A released or expired hold's nights are on sale again: its id
        // cannot hold them a second time.
        if !existing.status.active() {
            return Err(RoomsError::HoldNotActive(order_id.to_owned(), existing.status));
        }
        return if store::hold_nights(db.pool(), order_id).await? == wanted {
            Ok(existing)
        } else {
            Err(RoomsError::OrderConflict(order_id.to_owned()))
        };
    }
    // Each night's rate comes back with the update that takes it.
    let mut rates = BTreeMap::new();
    for (night, quantity) in &wanted {
        let Some(rate) = store::hold_night(&mut tx, night, *quantity).await? else {
            tx.rollback().await?;
            return Err(RoomsError::SoldOut { room: night.room.clone(), night: night.night.clone() });
        };
        rates.insert(night.clone(), rate);
        store::add_hold_night(&mut tx, order_id, night, *quantity).await?;
    }
    let total = hold::total(types, stays, &rates);
    store::set_hold_total(&mut tx, order_id, total).await?;
    events::announce(outbox, &mut tx, &wanted).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(HoldState { order_id: order_id.to_owned(), status: HoldStatus::Held, total, expires_at })
}

/// Turns a hold into a booking. A hold that expired before its payment
/// came takes its nights again, as a booking, when every one of them is
/// still free (the same guarded update as a reservation); otherwise it
/// stays expired and the answer says so.
pub async fn confirm(db: &Db, outbox: &Outbox, order_id: &str) -> Result<HoldState, RoomsError> {
    let mut tx = db.begin().await?;
    let now = db.now_ms();
    if store::confirm_hold(&mut tx, order_id, HoldStatus::Held, now).await? {
        store::book_held_nights(&mut tx, order_id).await?;
        tx.commit().await?;
    } else if store::confirm_hold(&mut tx, order_id, HoldStatus::Expired, now).await? && rebook(outbox, &mut tx, order_id).await? {
        tracing::warn!(order = %order_id, "a hold paid after it expired took its nights again");
        tx.commit().await?;
        outbox.wake();
    } else {
        tx.rollback().await?;
    }
    let state = hold_state(db, order_id).await?;
    if state.status != HoldStatus::Confirmed {
        return Err(RoomsError::HoldNotActive(order_id.to_owned(), state.status));
    }
    Ok(state)
}

/// Keeps an order's nights while its payment is taken, until at least
/// `until` (Unix ms): a hold still held lasts that long; a hold that
/// expired takes its nights again, as held, when every one of them is still
/// free (the same guarded update as a reservation, all or none); a booking
/// stays as it is. A night sold meanwhile is [`RoomsError::SoldOut`]
/// (nothing taken); a released hold is [`RoomsError::HoldNotActive`].
pub async fn keep(db: &Db, outbox: &Outbox, order_id: &str, until: i64) -> Result<HoldState, RoomsError> {
    let mut tx = db.begin().await?;
    let now = db.now_ms();
    if store::extend_hold(&mut tx, order_id, until, now).await? {
        tx.commit().await?;
    } else if store::revive_hold(&mut tx, order_id, until, now).await? {
        let nights = store::hold_nights(&mut *tx, order_id).await?;
        for (night, quantity) in &nights {
            if !store::take_night(&mut tx, Taken::Held, night, *quantity).await? {
                tx.rollback().await?;
                return Err(RoomsError::SoldOut { room: night.room.clone(), night: night.night.clone() });
            }
        }
        events::announce(outbox, &mut tx, &nights).await?;
        tx.commit().await?;
        outbox.wake();
        tracing::info!(order = %order_id, "an expired hold took its nights again for a payment under way");
    } else {
        tx.rollback().await?;
    }
    let state = hold_state(db, order_id).await?;
    if state.status.active() { Ok(state) } else { Err(RoomsError::HoldNotActive(order_id.to_owned(), state.status)) }
}

/// A move of an order's nights, as the cart asks for it.
#[derive(Clone, Copy, Debug)]
pub struct Moving<'a> {
    pub order_id: &'a str,
    /// Every stay of the order, as it is to be.
    pub stays: &'a [Stay],
    pub revision: i64,
    pub keep_until: i64,
    pub dry_run: bool,
}

/// Moves an order's hold or booking to the nights of `stays` (every stay
/// of the order, as it is to be), as the order's `revision`: in one
/// transaction that takes the hold's row first, the nights it needs more
/// are taken with the guard every taking shares and those it no longer
/// needs given back, held or booked as the hold is, in one pass in (room,
/// night) order. A night sold out
/// is [`RoomsError::SoldOut`] and nothing changes; a move older than the
/// last one applied, or of a hold neither held nor booked, is
/// [`RoomsError::HoldNotActive`]/[`RoomsError::OrderConflict`]. A hold
/// still held lasts at least until `keep_until` (Unix ms; 0: as it was),
/// so an order paid on arrival keeps its nights until its new departure.
/// With `dry_run` the answer is what the move would make, nothing kept.
pub async fn move_hold(db: &Db, outbox: &Outbox, types: &[RoomType], m: &Moving<'_>) -> Result<HoldState, RoomsError> {
    let Moving { order_id, stays, revision, keep_until, dry_run } = *m;
    for s in stays {
        room::room_for(types, s)?;
    }
    let wanted = hold::claims(stays);
    let mut tx = db.begin().await?;
    let now = db.now_ms();
    let Some(status) = store::claim_move(&mut tx, order_id, revision, keep_until, now).await? else {
        tx.rollback().await?;
        let existing = hold_state(db, order_id).await?;
        if !existing.status.active() {
            return Err(RoomsError::HoldNotActive(order_id.to_owned(), existing.status));
        }
        tracing::info!(order = %order_id, revision, "a move older than the last one applied refused");
        return Err(RoomsError::OrderConflict(order_id.to_owned()));
    };
    let taken = if status == HoldStatus::Held { Taken::Held } else { Taken::Booked };
    let had = store::hold_nights(&mut *tx, order_id).await?;
    // In (room, night) order, the order every transaction takes nights in,
    // so a move and a reservation never deadlock; all in this transaction,
    // so no night given back is on sale unless every new one was taken.
    let changes = hold::moves(&had, &wanted);
    for (night, delta) in &changes {
        if *delta > 0 {
            if !store::take_night(&mut tx, taken, night, *delta).await? {
                tx.rollback().await?;
                return Err(RoomsError::SoldOut { room: night.room.clone(), night: night.night.clone() });
            }
        } else {
            store::give_night(&mut tx, taken, night, -delta).await?;
        }
    }
    store::clear_hold_nights(&mut tx, order_id).await?;
    for (night, quantity) in &wanted {
        store::add_hold_night(&mut tx, order_id, night, *quantity).await?;
    }
    let total = hold::total(types, stays, &store::hold_rates(&mut tx, order_id).await?);
    store::set_hold_total(&mut tx, order_id, total).await?;
    let state = store::hold_in(&mut tx, order_id).await?;
    if dry_run {
        tx.rollback().await?;
        return Ok(state);
    }
    if !changes.is_empty() {
        events::announce(outbox, &mut tx, &changes).await?;
    }
    tx.commit().await?;
    outbox.wake();
    tracing::info!(order = %order_id, revision, "an order's nights moved");
    Ok(state)
}

/// The guesthouse sets `set` on the nights of `room` named (one
/// transaction: all or none). Units out of order are refused on a night
/// where they are booked or held ([`RoomsError::UnitsTaken`]), a night the
/// inventory does not have is [`RoomsError::NightMissing`]. Every night
/// changed is announced (`rooms.availability.changed`), so searches and
/// the gateway's answers drop what they kept.
pub async fn set_nights(db: &Db, outbox: &Outbox, room: &str, nights: &[String], set: &NightsSet) -> Result<(), RoomsError> {
    let mut tx = db.begin().await?;
    for night in nights {
        match store::set_night(&mut tx, room, night, set).await? {
            store::NightSet::Set => {}
            store::NightSet::Missing => {
                tx.rollback().await?;
                return Err(RoomsError::NightMissing { night: night.clone() });
            }
            store::NightSet::UnitsTaken => {
                tx.rollback().await?;
                return Err(RoomsError::UnitsTaken { night: night.clone() });
            }
        }
    }
    let mut changed: BTreeMap<RoomNight, i64> = nights.iter().map(|n| (RoomNight { room: room.to_owned(), night: n.clone() }, 0)).collect();
    // A departure day is no night of the stays that end on it: the night
    // before is announced too, so answers kept for those stays are dropped.
    if set.closed_to_departure.is_some() {
        let eves = nights.iter().filter_map(|n| spa_platform::dates::parse_ymd(n)?.pred_opt()).map(crate::domain::ymd);
        changed.extend(eves.map(|night| (RoomNight { room: room.to_owned(), night }, 0)));
    }
    events::announce(outbox, &mut tx, &changed).await?;
    tx.commit().await?;
    outbox.wake();
    tracing::info!(room = %room, nights = nights.len(), ?set, "nights set by the guesthouse");
    Ok(())
}

/// Announces that a paid order's nights could not be booked
/// (`rooms.hold.lost`), for the cart to give the payment back.
pub async fn lost(db: &Db, outbox: &Outbox, order_id: &str) -> Result<(), RoomsError> {
    let mut tx = db.begin().await?;
    outbox.add(&mut tx, &events::hold_lost(order_id)).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(())
}

/// Books an expired hold's nights again, each only while a unit is free;
/// false (the caller rolls back) when one of them is taken.
async fn rebook(outbox: &Outbox, tx: &mut Tx, order_id: &str) -> Result<bool, RoomsError> {
    let nights = store::hold_nights(&mut **tx, order_id).await?;
    for (night, quantity) in &nights {
        if !store::take_night(tx, Taken::Booked, night, *quantity).await? {
            return Ok(false);
        }
    }
    events::announce(outbox, tx, &nights).await?;
    Ok(true)
}

/// Gives a hold's or booking's nights back; `status` is `Released` or
/// `Expired`. Expiring takes only a hold still due at `now` (one kept for a
/// payment meanwhile lasts).
async fn give_back(db: &Db, outbox: &Outbox, order_id: &str, status: HoldStatus, only_held: bool) -> Result<bool, RoomsError> {
    let mut tx = db.begin().await?;
    let now = db.now_ms();
    let due_by = if status == HoldStatus::Expired { now } else { i64::MAX };
    for (from, taken) in [(HoldStatus::Held, Taken::Held), (HoldStatus::Confirmed, Taken::Booked)] {
        if only_held && from != HoldStatus::Held {
            continue;
        }
        if store::end_hold(&mut tx, order_id, from, status, now, due_by).await? {
            store::give_back_nights(&mut tx, order_id, taken).await?;
            let nights = store::hold_nights(&mut *tx, order_id).await?;
            events::announce(outbox, &mut tx, &nights).await?;
            if status == HoldStatus::Expired {
                outbox.add(&mut tx, &events::hold_expired(order_id)).await?;
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
pub async fn release(db: &Db, outbox: &Outbox, order_id: &str) -> Result<HoldState, RoomsError> {
    give_back(db, outbox, order_id, HoldStatus::Released, false).await?;
    hold_state(db, order_id).await
}

/// Expires holds past their time; returns how many expired. Safe with
/// several replicas: each hold changes status once.
pub async fn expire_due(db: &Db, outbox: &Outbox, now: i64) -> Result<usize, RoomsError> {
    let mut n = 0;
    for order_id in store::due_holds(db, now).await? {
        if give_back(db, outbox, &order_id, HoldStatus::Expired, true).await? {
            n += 1;
        }
    }
    Ok(n)
}
