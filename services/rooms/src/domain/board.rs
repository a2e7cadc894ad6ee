//! The front desk's board: each room type's units night by night, what is
//! booked (paid), held (unpaid), closed and still for sale.

use chrono::NaiveDate;

use crate::domain::stay::{date, nights_of};
use crate::domain::{RoomType, ymd};
use crate::error::RoomsError;

/// How many nights one board shows at most (two months).
pub const MAX_BOARD_DAYS: u32 = 62;

/// A board's nights [from, from + days): any day, past ones included.
pub fn board_dates(from: &str, days: u32) -> Result<(NaiveDate, NaiveDate), RoomsError> {
    let from = date("from", from)?;
    if !(1..=MAX_BOARD_DAYS).contains(&days) {
        return Err(RoomsError::invalid("days", "must be between 1 and 62"));
    }
    Ok((from, from + chrono::Days::new(u64::from(days))))
}

/// One night of a room type as the inventory keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InventoryNight {
    pub room_code: String,
    pub night: String,
    pub units: i64,
    /// Not for sale (repairs).
    pub out_of_order: i64,
    pub booked: i64,
    pub held: i64,
    /// Taken by booking portals' calendars.
    pub external: i64,
    pub closed: bool,
}

/// Units not out of order, booked, held or taken by a portal (below zero: over-sold).
fn left(units: i64, out_of_order: i64, booked: i64, held: i64, external: i64) -> i64 {
    units - out_of_order - booked - held - external
}

/// Units for sale on a night: none when closed, never below zero (units
/// lowered by hand below what was sold, or a portal's booking over-sold).
pub fn free(units: i64, out_of_order: i64, booked: i64, held: i64, external: i64, closed: bool) -> i64 {
    if closed { 0 } else { left(units, out_of_order, booked, held, external).max(0) }
}

impl InventoryNight {
    /// Units for sale ([`free`]).
    pub fn free(&self) -> i64 {
        free(self.units, self.out_of_order, self.booked, self.held, self.external, self.closed)
    }

    /// Portals' bookings took more than was left, or a closed night: a
    /// conflict the front desk settles.
    pub fn oversold(&self) -> bool {
        self.external > 0 && (self.closed || left(self.units, self.out_of_order, self.booked, self.held, self.external) < 0)
    }

    /// A night the inventory does not have (beyond the selling horizon):
    /// closed, nothing taken.
    fn missing(room: &RoomType, night: String) -> Self {
        Self { room_code: room.code.clone(), night, units: room.units, out_of_order: 0, booked: 0, held: 0, external: 0, closed: true }
    }
}

/// A room type's row on the board.
#[derive(Debug)]
pub struct BoardRow<'a> {
    pub room: &'a RoomType,
    pub nights: Vec<InventoryNight>,
}

/// Each room type's nights in [from, to), in the room types' order, from
/// the `stored` nights (any order); a night not stored is closed.
pub fn board(rooms: &[RoomType], from: NaiveDate, to: NaiveDate, stored: Vec<InventoryNight>) -> Vec<BoardRow<'_>> {
    let mut stored: std::collections::HashMap<(String, String), InventoryNight> =
        stored.into_iter().map(|n| ((n.room_code.clone(), n.night.clone()), n)).collect();
    rooms
        .iter()
        .map(|room| {
            let nights = nights_of(from, to)
                .map(|d| {
                    let night = ymd(d);
                    stored.remove(&(room.code.clone(), night.clone())).unwrap_or_else(|| InventoryNight::missing(room, night))
                })
                .collect();
            BoardRow { room, nights }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Occupancy;

    fn room(code: &str, units: i64) -> RoomType {
        RoomType { code: code.into(), units, occupancy: Occupancy { standard: 2, max: 2, extra_bed: false }, min_stay: 1, position: 0 }
    }

    fn night(code: &str, night: &str, booked: i64, held: i64, closed: bool) -> InventoryNight {
        InventoryNight { room_code: code.into(), night: night.into(), units: 4, out_of_order: 0, booked, held, external: 0, closed }
    }

    #[test]
    fn a_board_shows_one_to_62_nights_from_any_day() {
        assert!(board_dates("2020-01-01", 14).is_ok(), "past days too");
        assert!(matches!(board_dates("2026-12-01", 0), Err(RoomsError::Invalid { field: "days", .. })));
        assert!(matches!(board_dates("2026-12-01", 63), Err(RoomsError::Invalid { field: "days", .. })));
        assert!(matches!(board_dates("1.12.2026", 7), Err(RoomsError::Invalid { field: "from", .. })));
        let (from, to) = board_dates("2026-12-30", 3).unwrap();
        assert_eq!((ymd(from), ymd(to)), ("2026-12-30".to_owned(), "2027-01-02".to_owned()));
    }

    #[test]
    fn free_is_what_is_neither_booked_nor_held_on_an_open_night() {
        assert_eq!(night("A", "d", 1, 2, false).free(), 1);
        assert_eq!(night("A", "d", 1, 0, true).free(), 0, "closed");
        assert_eq!(night("A", "d", 3, 3, false).free(), 0, "oversold by a lowered count: not negative");
    }

    #[test]
    fn every_room_gets_every_night_and_a_missing_night_is_closed() {
        let rooms = [room("A", 4), room("B", 2)];
        let (from, to) = board_dates("2026-12-01", 2).unwrap();
        let stored =
            vec![night("B", "2026-12-02", 1, 0, false), night("A", "2026-12-01", 2, 1, false), night("A", "2026-12-02", 0, 0, false)];
        let b = board(&rooms, from, to, stored);
        assert_eq!(b.iter().map(|r| (r.room.code.as_str(), r.nights.len())).collect::<Vec<_>>(), [("A", 2), ("B", 2)]);
        assert_eq!(b[0].nights[0].booked, 2);
        let missing = &b[1].nights[0];
        assert_eq!((missing.night.as_str(), missing.units, missing.closed, missing.free()), ("2026-12-01", 2, true, 0));
        assert_eq!(b[1].nights[1].booked, 1);
    }
}
