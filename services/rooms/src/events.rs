//! What the rooms service publishes and consumes, typed.
//!
//! Publishes (through the outbox, in the transaction of the change), each
//! built here: `rooms.availability.changed` (one per room type and span of
//! nights whose free units changed), `rooms.hold.expired` (an unpaid
//! order's nights went back on sale) and `rooms.hold.lost` (a paid order's
//! nights could not be booked).
//! Consumes: `cart.order.paid` ([`PAID_CONSUMER`]: the order's hold becomes
//! a booking); `cart.order.cancelled` ([`CANCELLED_CONSUMER`]: a booking the
//! guesthouse or its guest cancelled gives its nights back); `rooms.availability.changed` and `catalog.product.changed`
//! drop cached searches, `catalog.product.changed` cached room content
//! ([`Caches`]).

use std::collections::BTreeMap;

use chrono::{Days, NaiveDate};
use spa_platform::bus::Received;
use spa_platform::cache::Generation;
use spa_platform::db::Tx;
use spa_platform::outbox::Outbox;
use spa_platform::runtime::Infra;
use spa_proto::EventMessage;
use spa_proto::events::{
    AvailabilityChanged, CancelReason, HoldExpired, HoldLost, OrderCancelled, OrderPaid, ProductChanged, RoomTypeChanged,
};

use crate::domain::{RoomNight, ymd};
use crate::error::RoomsError;
use crate::inventory;

/// The consumer of `cart.order.paid`.
pub const PAID_CONSUMER: &str = "rooms-order-paid";
/// The consumer of `cart.order.cancelled`.
pub const CANCELLED_CONSUMER: &str = "rooms-order-cancelled";
const SEARCH_CACHE: &str = "rooms-search-cache";
const CONTENT_CACHE: &str = "rooms-content-cache";
const ROOM_TYPES_CACHE: &str = "rooms-room-types-cache";

/// One event per room type, spanning the first to the last night changed.
pub fn availability_changed<'a>(nights: impl IntoIterator<Item = &'a RoomNight>) -> Vec<AvailabilityChanged> {
    let mut span: BTreeMap<&str, (&str, &str)> = BTreeMap::new();
    for RoomNight { room, night } in nights {
        let e = span.entry(room.as_str()).or_insert((night.as_str(), night.as_str()));
        e.0 = e.0.min(night.as_str());
        e.1 = e.1.max(night.as_str());
    }
    span.into_iter()
        .map(|(room, (first, last))| {
            let to = NaiveDate::parse_from_str(last, "%Y-%m-%d")
                .ok()
                .and_then(|d| d.checked_add_days(Days::new(1)))
                .map(ymd)
                .unwrap_or_default();
            AvailabilityChanged { room_code: room.to_owned(), from: first.to_owned(), to, version: 0 }
        })
        .collect()
}

pub fn hold_expired(order_id: &str) -> HoldExpired {
    HoldExpired { order_id: order_id.to_owned() }
}

pub fn hold_lost(order_id: &str) -> HoldLost {
    HoldLost { order_id: order_id.to_owned() }
}

/// Announces, in `tx`, that these nights' free units changed, numbered by
/// the next inventory version (see [`store::next_version`]). Called last in
/// the transaction, so the version's row is locked only until its commit.
pub async fn announce(outbox: &Outbox, tx: &mut Tx, nights: &BTreeMap<RoomNight, i64>) -> Result<(), sqlx::Error> {
    let events = availability_changed(nights.keys());
    if events.is_empty() {
        return Ok(());
    }
    let version = crate::store::next_version(tx).await?;
    for mut event in events {
        event.version = version;
        outbox.add(tx, &event).await?;
    }
    Ok(())
}

/// The generations that key cached answers.
pub struct Caches {
    /// Bumped by availability, room type and content changes; part of every cached search's key.
    pub search: Generation,
    /// Bumped by room type changes: the room types are read again.
    pub room_types: Generation,
    /// Bumped by content changes only; part of the cached room content's key.
    pub content: Generation,
}

/// Follows the events that make cached answers stale.
pub async fn follow_caches(infra: &Infra) -> anyhow::Result<Caches> {
    let search = Generation::new();
    search
        .follow(
            infra.bus.as_ref(),
            &[AvailabilityChanged::SUBJECT, RoomTypeChanged::SUBJECT, ProductChanged::SUBJECT],
            SEARCH_CACHE,
            infra.shutdown.clone(),
        )
        .await?;
    let room_types = Generation::new();
    room_types.follow(infra.bus.as_ref(), &[RoomTypeChanged::SUBJECT], ROOM_TYPES_CACHE, infra.shutdown.clone()).await?;
    let content = Generation::new();
    content.follow(infra.bus.as_ref(), &[ProductChanged::SUBJECT], CONTENT_CACHE, infra.shutdown.clone()).await?;
    Ok(Caches { search, room_types, content })
}

/// Starts the consumers of other services' events.
pub async fn consume(infra: &Infra) -> anyhow::Result<()> {
    // A paid order's hold becomes a booking: it no longer expires.
    let (db, outbox) = (infra.db.clone(), infra.outbox.clone());
    infra
        .consume(PAID_CONSUMER, move |event: Received<OrderPaid>| {
            let (db, outbox) = (db.clone(), outbox.clone());
            async move {
                match inventory::confirm(&db, &outbox, &event.message.order_id).await {
                    Ok(_) => Ok(()),
                    // Paid after its hold ran out and a night was sold to
                    // someone else meanwhile (or the hold was released):
                    // the cart gives the money back and tells the guest.
                    Err(RoomsError::HoldNotActive(order, status)) => {
                        tracing::error!(order = %order, status = %status, "a paid order's nights are no longer free: its payment goes back");
                        inventory::lost(&db, &outbox, &order).await.map_err(anyhow::Error::from)
                    }
                    // An order without nights (gift vouchers, products) holds nothing.
                    Err(RoomsError::NoHold(_)) => Ok(()),
                    Err(e) => Err(e.into()),
                }
            }
        })
        .await?;
    // The cart releases a cancelled booking's nights at once; this is the
    // durable path when that call failed. Only cancellations by the
    // guesthouse or the guest: a hold that expired gave its nights back
    // already, and its order may take them again for a late payment.
    let (db, outbox) = (infra.db.clone(), infra.outbox.clone());
    infra
        .consume(CANCELLED_CONSUMER, move |event: Received<OrderCancelled>| {
            let (db, outbox) = (db.clone(), outbox.clone());
            async move {
                if !matches!(event.message.reason(), CancelReason::Staff | CancelReason::Guest) {
                    return Ok(());
                }
                match inventory::release(&db, &outbox, &event.message.order_id).await {
                    Ok(_) | Err(RoomsError::NoHold(_)) => Ok(()),
                    Err(e) => Err(e.into()),
                }
            }
        })
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_availability_event_per_room_spans_its_changed_nights() {
        let n = |room: &str, night: &str| RoomNight { room: room.into(), night: night.into() };
        let nights = [n("DBL", "2027-03-02"), n("APT", "2027-12-31"), n("DBL", "2027-03-05"), n("DBL", "2027-03-03")];
        let events = availability_changed(&nights);
        let spans: Vec<(&str, &str, &str)> = events.iter().map(|e| (e.room_code.as_str(), e.from.as_str(), e.to.as_str())).collect();
        assert_eq!(spans, [("APT", "2027-12-31", "2028-01-01"), ("DBL", "2027-03-02", "2027-03-06")]);
    }
}
