//! Stay and guest rules, and the rate of a night.

use chrono::{Datelike, NaiveDate, Weekday};
use serde::Deserialize;

pub const MAX_STAY_NIGHTS: i64 = 30;

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

spa_platform::coded! {
    /// Why a search found no room.
    pub enum EmptyReason: spa_proto::spa::rooms::v1::EmptyReason {
        /// No room type has a free unit on every night.
        NoRoomsForDates => "no_rooms_for_dates",
        /// Rooms are free, but none takes this many people.
        NoRoomForGuests => "no_room_for_guests",
    }
}

impl EmptyReason {
    /// Why a search with `free_for_dates` room types free and `fitting` of
    /// them taking the guests is empty; `None` when it is not.
    pub fn of(free_for_dates: usize, fitting: usize) -> Option<Self> {
        match (free_for_dates, fitting) {
            (0, _) => Some(Self::NoRoomsForDates),
            (_, 0) => Some(Self::NoRoomForGuests),
            _ => None,
        }
    }
}
/// The guest picker's limits (spec: adults 1-2, children 4-16 up to 2,
/// babies under 4 up to 2).
pub const MAX_ADULTS: u32 = 2;
pub const MAX_CHILDREN: u32 = 2;
pub const MAX_BABIES: u32 = 2;

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Season {
    pub name: String,
    /// MM-DD, inclusive; a season may wrap over the new year.
    pub from: String,
    pub to: String,
    pub multiplier_percent: i64,
}

impl Season {
    pub fn contains(&self, day: NaiveDate) -> bool {
        let md = format!("{:02}-{:02}", day.month(), day.day());
        if self.from <= self.to { self.from <= md && md <= self.to } else { md >= self.from || md <= self.to }
    }
}

/// Friday and Saturday nights are weekend nights.
pub fn is_weekend_night(night: NaiveDate) -> bool {
    matches!(night.weekday(), Weekday::Fri | Weekday::Sat)
}

/// The price of one night: the weekday or weekend rate, times the first
/// season that covers the night.
pub fn night_rate(night: NaiveDate, base: i64, weekend: i64, seasons: &[Season]) -> i64 {
    let rate = if is_weekend_night(night) { weekend } else { base };
    match seasons.iter().find(|s| s.contains(night)) {
        Some(s) => (rate * s.multiplier_percent + 50) / 100,
        None => rate,
    }
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
    /// occupancy; babies sleep in a cot (up to [`MAX_BABIES`]) and count for
    /// nothing. `extra_bed` says whether the places beyond the standard
    /// occupancy are an extra bed (shown to guests), not whether they exist.
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
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

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
    fn seasons_wrap_over_the_new_year() {
        let xmas = Season { name: "x".into(), from: "12-20".into(), to: "01-06".into(), multiplier_percent: 140 };
        assert!(xmas.contains(d("2026-12-24")));
        assert!(xmas.contains(d("2027-01-06")));
        assert!(!xmas.contains(d("2027-01-07")));
        assert!(!xmas.contains(d("2026-12-19")));
    }

    #[test]
    fn weekend_and_season_set_the_rate() {
        let summer = Season { name: "s".into(), from: "06-20".into(), to: "08-31".into(), multiplier_percent: 125 };
        // 2026-07-03 is a Friday.
        assert_eq!(night_rate(d("2026-07-03"), 32000, 36000, std::slice::from_ref(&summer)), 45000);
        assert_eq!(night_rate(d("2026-07-01"), 32000, 36000, std::slice::from_ref(&summer)), 40000);
        assert_eq!(night_rate(d("2026-10-07"), 32000, 36000, &[summer]), 32000);
    }
}
