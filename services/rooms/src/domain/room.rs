//! Room types and their occupancy: who a room takes and what the extra
//! sleepers pay.

use crate::domain::stay::Stay;
use crate::error::RoomsError;

/// A room type as the inventory sells it.
#[derive(Clone, Debug)]
pub struct RoomType {
    pub code: String,
    pub units: i64,
    pub occupancy: Occupancy,
    pub min_stay: i64,
    pub position: i64,
}

/// The room type a stay books, when the stay keeps its rules: a known room,
/// a party it takes and at least its minimum stay.
pub fn room_for<'a>(types: &'a [RoomType], stay: &Stay) -> Result<&'a RoomType, RoomsError> {
    let room = types.iter().find(|r| r.code == stay.room_code).ok_or_else(|| RoomsError::UnknownRoom(stay.room_code.clone()))?;
    if !room.occupancy.fits(stay.adults, stay.children) {
        return Err(RoomsError::DoesNotFit { room: room.code.clone() });
    }
    if stay.nights() < room.min_stay {
        return Err(RoomsError::MinStay { room: room.code.clone(), min: room.min_stay });
    }
    Ok(room)
}

/// Sleeping places a party needs: babies sleep in a cot and need none.
pub fn places_needed(adults: u32, children: u32) -> u32 {
    adults + children
}

/// A room type's occupancy rules.
#[derive(Clone, Copy, Debug)]
pub struct Occupancy {
    /// Sleepers the nightly rate covers.
    pub standard: u32,
    /// Sleepers with the extra bed(s).
    pub max: u32,
    pub extra_bed: bool,
}

/// Extra-bed fee per night as a percentage of the night's rate.
pub const EXTRA_ADULT_PERCENT: i64 = 30;
pub const EXTRA_CHILD_PERCENT: i64 = 15;

impl Occupancy {
    /// Whether the room takes the party: at least one adult, and adults
    /// and children (each needs a sleeping place) up to the maximum
    /// occupancy; babies sleep in a cot (up to
    /// [`MAX_BABIES`](crate::domain::MAX_BABIES)) and count for nothing.
    /// `extra_bed` says whether the places beyond the standard occupancy
    /// are an extra bed (shown to guests), not whether they exist.
    pub fn fits(&self, adults: u32, children: u32) -> bool {
        adults >= 1 && places_needed(adults, children) <= self.max
    }

    /// The price of a stay whose nightly rates add up to `rates`: the rates
    /// cover the standard sleepers; each sleeper beyond pays an extra-bed
    /// fee, children first (their fee is lower).
    pub fn stay_price(&self, rates: i64, adults: u32, children: u32) -> i64 {
        let extra = places_needed(adults, children).saturating_sub(self.standard);
        let extra_children = i64::from(extra.min(children));
        let extra_adults = i64::from(extra) - extra_children;
        let percent = extra_adults * EXTRA_ADULT_PERCENT + extra_children * EXTRA_CHILD_PERCENT;
        rates + (rates * percent + 50) / 100
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    #[test]
    fn occupancy_counts_beds_not_cots() {
        let double = Occupancy { standard: 2, max: 3, extra_bed: true };
        assert!(double.fits(2, 0));
        assert!(double.fits(2, 1), "extra bed");
        assert!(!double.fits(2, 2), "over the maximum");
        assert!(double.fits(1, 1));
        assert!(!double.fits(0, 2), "children need an adult");
        let comfort_single = Occupancy { standard: 1, max: 2, extra_bed: false };
        assert!(comfort_single.fits(2, 0), "a wide bed: two sleepers, no extra bed");
        assert!(!comfort_single.fits(2, 1));
    }

    #[test]
    fn extra_sleepers_pay_the_extra_bed_fee_children_first() {
        let double = Occupancy { standard: 2, max: 4, extra_bed: true };
        assert_eq!(double.stay_price(100_000, 2, 0), 100_000);
        assert_eq!(double.stay_price(100_000, 2, 1), 115_000, "one child on the extra bed");
        assert_eq!(double.stay_price(100_000, 2, 2), 130_000);
        let single = Occupancy { standard: 1, max: 2, extra_bed: true };
        assert_eq!(single.stay_price(100_000, 2, 0), 130_000, "an adult on the extra bed");
        assert_eq!(single.stay_price(100_000, 1, 1), 115_000);
    }

    #[test]
    fn a_stay_books_a_known_room_that_takes_its_party_long_enough() {
        let suite = RoomType {
            code: "SUITE".into(),
            units: 2,
            occupancy: Occupancy { standard: 2, max: 3, extra_bed: true },
            min_stay: 2,
            position: 1,
        };
        let types = [suite];
        let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let stay = Stay { room_code: "SUITE".into(), from: d("2027-03-01"), to: d("2027-03-03"), quantity: 1, adults: 2, children: 1 };
        assert_eq!(room_for(&types, &stay).unwrap().code, "SUITE");
        let short = Stay { to: d("2027-03-02"), ..stay.clone() };
        assert!(matches!(room_for(&types, &short), Err(RoomsError::MinStay { min: 2, .. })));
        let crowded = Stay { children: 2, ..stay.clone() };
        assert!(matches!(room_for(&types, &crowded), Err(RoomsError::DoesNotFit { .. })));
        let unknown = Stay { room_code: "ATTIC".into(), ..stay };
        assert!(matches!(room_for(&types, &unknown), Err(RoomsError::UnknownRoom(_))));
    }
}
