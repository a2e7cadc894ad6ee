//! An order's hold of nights: its states, the units it takes per room and
//! night, what it costs, and how long it lasts.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::domain::room::RoomType;
use crate::domain::stay::{Stay, nights_of, ymd};
use crate::error::RoomsError;

/// How long a hold lasts when the caller names no time.
pub const DEFAULT_HOLD: Duration = Duration::from_secs(30 * 60);
/// The longest a payment under way keeps its order's nights at a time.
pub const MAX_KEEP_SECONDS: u32 = 3600;
/// The longest order id the cart may name.
pub const MAX_ORDER_ID: usize = 64;

spa_platform::coded! {
    /// An order's nights: held until paid or expired, confirmed when paid,
    /// released when cancelled; kept as its code in `holds.status`.
    pub enum HoldStatus: spa_proto::spa::rooms::v1::HoldStatus {
        Held => "held",
        Confirmed => "confirmed",
        Released => "released",
        Expired => "expired",
    }
}

impl HoldStatus {
    /// Whether its nights are taken (held or booked).
    pub fn active(self) -> bool {
        matches!(self, Self::Held | Self::Confirmed)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoldState {
    pub order_id: String,
    pub status: HoldStatus,
    pub total: i64,
    pub expires_at: i64,
}

/// One night of one room type. Ordered by room, then night: the one order
/// every transaction takes nights in, so two orders never deadlock.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoomNight {
    pub room: String,
    /// `YYYY-MM-DD`, as the store keeps it.
    pub night: String,
}

/// Units per night of an order's stays.
pub fn claims(stays: &[Stay]) -> BTreeMap<RoomNight, i64> {
    let mut out = BTreeMap::new();
    for s in stays {
        for night in nights_of(s.from, s.to) {
            *out.entry(RoomNight { room: s.room_code.clone(), night: ymd(night) }).or_insert(0) += i64::from(s.quantity);
        }
    }
    out
}

/// What moving an order from the nights it `had` to those it is `wanted`
/// to take changes, night by night in (room, night) order: units to take
/// (above 0) or give back (below 0). A night both keep changes by the
/// difference only, so a stay moved by a day needs one new night free.
pub fn moves(had: &BTreeMap<RoomNight, i64>, wanted: &BTreeMap<RoomNight, i64>) -> BTreeMap<RoomNight, i64> {
    let mut change: BTreeMap<RoomNight, i64> = wanted.clone();
    for (night, quantity) in had {
        *change.entry(night.clone()).or_insert(0) -= quantity;
    }
    change.retain(|_, delta| *delta != 0);
    change
}

/// What an order's stays cost, from the rate each night was taken at.
/// Every stay's room type is among `types` ([`room_for`](crate::domain::room::room_for) checked it).
pub fn total(types: &[RoomType], stays: &[Stay], rates: &BTreeMap<RoomNight, i64>) -> i64 {
    let mut total = 0;
    for s in stays {
        let stay_rates: i64 =
            nights_of(s.from, s.to).filter_map(|n| rates.get(&RoomNight { room: s.room_code.clone(), night: ymd(n) })).sum();
        let occupancy = types.iter().find(|r| r.code == s.room_code).map(|r| r.occupancy).expect("checked by room_for");
        total += occupancy.stay_price(stay_rates, s.adults, s.children) * i64::from(s.quantity);
    }
    total
}

/// An order id the cart may hold under.
pub fn check_order_id(order_id: &str) -> Result<(), RoomsError> {
    if order_id.is_empty() || order_id.len() > MAX_ORDER_ID {
        return Err(RoomsError::invalid("orderId", "1 to 64 characters"));
    }
    Ok(())
}

/// When a hold made at `now` (Unix ms) for `seconds` (0: the default) ends.
pub fn expires_at(now: i64, seconds: u32) -> i64 {
    let hold = if seconds == 0 { DEFAULT_HOLD } else { Duration::from_secs(u64::from(seconds)) };
    now + hold.as_millis() as i64
}

/// Until when a payment under way keeps its nights, asked at `now`.
pub fn kept_until(now: i64, seconds: u32) -> Result<i64, RoomsError> {
    if seconds == 0 || seconds > MAX_KEEP_SECONDS {
        return Err(RoomsError::invalid("seconds", "1 to 3600"));
    }
    Ok(now + i64::from(seconds) * 1000)
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::domain::room::Occupancy;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn stay(room: &str, from: &str, to: &str, quantity: u32) -> Stay {
        Stay { room_code: room.into(), from: d(from), to: d(to), quantity, adults: 2, children: 0 }
    }

    fn night(room: &str, night: &str) -> RoomNight {
        RoomNight { room: room.into(), night: night.into() }
    }

    #[test]
    fn stays_sharing_a_night_claim_its_units_together_in_one_order() {
        let c = claims(&[
            stay("DBL", "2027-03-02", "2027-03-04", 1),
            stay("DBL", "2027-03-03", "2027-03-04", 2),
            stay("APT", "2027-03-03", "2027-03-04", 1),
        ]);
        let listed: Vec<(&str, &str, i64)> = c.iter().map(|(k, n)| (k.room.as_str(), k.night.as_str(), *n)).collect();
        assert_eq!(listed, [("APT", "2027-03-03", 1), ("DBL", "2027-03-02", 1), ("DBL", "2027-03-03", 3)]);
    }

    #[test]
    fn a_move_takes_only_the_nights_it_needs_more_and_gives_back_only_those_it_no_longer_needs() {
        let had = claims(&[stay("DBL", "2027-03-02", "2027-03-05", 1)]);
        let change = moves(&had, &claims(&[stay("DBL", "2027-03-03", "2027-03-06", 1)]));
        assert_eq!(change, BTreeMap::from([(night("DBL", "2027-03-02"), -1), (night("DBL", "2027-03-05"), 1)]));
        let change = moves(&had, &claims(&[stay("APT", "2027-03-02", "2027-03-03", 2)]));
        assert_eq!(change.get(&night("APT", "2027-03-02")), Some(&2));
        assert_eq!(change.values().filter(|d| **d == -1).count(), 3, "every night of the old room type goes back");
        assert!(moves(&had, &had).is_empty());
    }

    #[test]
    fn a_hold_costs_the_rates_it_took_for_the_party_times_the_rooms() {
        let types = [RoomType {
            code: "DBL".into(),
            units: 4,
            occupancy: Occupancy { standard: 1, max: 2, extra_bed: true },
            min_stay: 1,
            position: 1,
        }];
        let rates = BTreeMap::from([(night("DBL", "2027-03-02"), 10_000), (night("DBL", "2027-03-03"), 20_000)]);
        // Two adults in a single: the second pays 30 %.
        assert_eq!(total(&types, &[stay("DBL", "2027-03-02", "2027-03-04", 2)], &rates), 2 * 39_000);
    }

    #[test]
    fn holds_last_half_an_hour_unless_told_and_are_kept_up_to_an_hour() {
        assert_eq!(expires_at(1_000, 0), 1_000 + 30 * 60 * 1000);
        assert_eq!(expires_at(1_000, 60), 61_000);
        assert_eq!(kept_until(1_000, 3600).unwrap(), 3_601_000);
        assert!(kept_until(1_000, 0).is_err() && kept_until(1_000, 3601).is_err());
        assert!(check_order_id("o-1").is_ok() && check_order_id("").is_err() && check_order_id(&"x".repeat(65)).is_err());
    }

    #[test]
    fn only_held_and_confirmed_holds_take_nights() {
        let active: Vec<HoldStatus> = HoldStatus::ALL.iter().copied().filter(|s| s.active()).collect();
        assert_eq!(active, [HoldStatus::Held, HoldStatus::Confirmed]);
    }
}
