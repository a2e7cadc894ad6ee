//! What a search, a package search, a calendar and a basket's check find:
//! which room types are free for a stay and take the party, what they cost,
//! and what a package pays of them.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use crate::domain::nights::StayRules;
use crate::domain::room::RoomType;
use crate::domain::stay::{Party, Stay};
use crate::error::RoomsError;

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

/// One room type over a span of nights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StaySummary {
    /// Units free on every night.
    pub free: i64,
    /// The nightly rates added up.
    pub rates: i64,
    /// Open nights found; fewer than the stay's means a night is closed or
    /// beyond the horizon.
    pub nights: i64,
    /// What the arrival night and the departure day allow.
    pub rules: StayRules,
}

/// One night of a room type's calendar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CalendarNight {
    pub night: String,
    pub free: i64,
    pub closed: bool,
    pub rate: i64,
    /// What a stay arriving (or, for `closed_to_departure`, leaving) that day must keep to.
    pub rules: StayRules,
}

/// A room type free for a stay, priced for the party.
#[derive(Clone, Debug)]
pub struct Fit {
    pub room: RoomType,
    pub free: i64,
    pub price: i64,
}

/// The room types free on every night of a stay, and those of them that
/// take the party.
#[derive(Debug, Default)]
pub struct Fits {
    pub free_for_dates: usize,
    pub fitting: Vec<Fit>,
}

impl Fits {
    pub fn empty_reason(&self) -> Option<EmptyReason> {
        EmptyReason::of(self.free_for_dates, self.fitting.len())
    }
}

/// Room types free on every one of `nights` (per `summary`) for at least
/// their minimum stay, where the stay may arrive and leave (the arrival
/// night's minimum and maximum, closed to arrival or departure), and those
/// that take the party, in `types`' order.
pub fn fits<'a>(
    types: impl IntoIterator<Item = &'a RoomType>,
    summary: &BTreeMap<String, StaySummary>,
    nights: i64,
    party: &Party,
) -> Fits {
    let mut found = Fits::default();
    for room in types {
        let Some(s) = summary.get(&room.code) else { continue };
        if s.nights != nights || s.free <= 0 || !s.rules.allow(nights, room.min_stay) {
            continue;
        }
        found.free_for_dates += 1;
        if room.occupancy.fits(party.adults, party.children) {
            let price = room.occupancy.stay_price(s.rates, party.adults, party.children);
            found.fitting.push(Fit { room: room.clone(), free: s.free, price });
        }
    }
    found
}

/// What a package pays of a stay: its own nights (`summary` covers them) in
/// the cheapest of the `fitting` room types, for the party. A better room
/// or a longer stay costs the rest.
pub fn package_credit(fitting: &[Fit], summary: &BTreeMap<String, StaySummary>, party: &Party) -> i64 {
    fitting
        .iter()
        .filter_map(|f| summary.get(&f.room.code).map(|s| f.room.occupancy.stay_price(s.rates, party.adults, party.children)))
        .min()
        .unwrap_or(0)
}

/// What a room costs on top of a package that pays `credit` of it.
pub fn supplement(price: i64, credit: i64) -> i64 {
    (price - credit).max(0)
}

/// A package search's stay lasts at least the package's nights.
pub fn check_package_nights(nights: i64, package_nights: u32) -> Result<(), RoomsError> {
    if nights < i64::from(package_nights) {
        return Err(RoomsError::Invalid { field: "to", message: format!("the package needs a stay of at least {package_nights} nights") });
    }
    Ok(())
}

/// How many of a package's own treatment it includes for `adults` persons:
/// one more per adult beyond the first.
pub fn treatments_for(quantity: u32, adults: u32) -> u32 {
    quantity + adults - 1
}

/// A calendar's day for a party.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Day {
    pub available: u32,
    pub bookable: bool,
    /// The night's price for the party; none for a night not in the store.
    pub price: Option<i64>,
}

/// A day of `room`'s calendar: bookable when the room takes the party, the
/// night is open with a unit free, and it is not in the past.
pub fn day(room: &RoomType, party: &Party, date: NaiveDate, night: Option<&CalendarNight>, today: NaiveDate) -> Day {
    let fits = room.occupancy.fits(party.adults, party.children);
    match night {
        Some(n) => Day {
            available: n.free.max(0) as u32,
            bookable: fits && !n.closed && n.free > 0 && date >= today,
            price: Some(room.occupancy.stay_price(n.rate, party.adults, party.children)),
        },
        None => Day { available: 0, bookable: false, price: None },
    }
}

/// A basket's stay as it stands now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    pub available: u32,
    pub bookable: bool,
    /// One room's price for the party.
    pub price: i64,
}

/// Whether `stay` can be booked in `room` now, per its summary.
pub fn check(room: &RoomType, stay: &Stay, summary: Option<StaySummary>) -> Checked {
    let s = summary.unwrap_or_default();
    let nights = stay.nights();
    let bookable = s.nights == nights
        && s.free >= i64::from(stay.quantity)
        && s.rules.allow(nights, room.min_stay)
        && room.occupancy.fits(stay.adults, stay.children);
    Checked {
        available: if s.nights == nights { s.free.max(0) as u32 } else { 0 },
        bookable,
        price: room.occupancy.stay_price(s.rates, stay.adults, stay.children),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::room::Occupancy;

    fn room(code: &str, standard: u32, max: u32, min_stay: i64) -> RoomType {
        RoomType { code: code.into(), units: 3, occupancy: Occupancy { standard, max, extra_bed: max > standard }, min_stay, position: 0 }
    }

    fn summary(entries: &[(&str, i64, i64, i64)]) -> BTreeMap<String, StaySummary> {
        entries.iter().map(|&(c, free, rates, nights)| (c.to_owned(), StaySummary { free, rates, nights, ..Default::default() })).collect()
    }

    const TWO: Party = Party { adults: 2, children: 0, babies: 0 };

    #[test]
    fn a_room_is_found_when_free_every_night_long_enough_and_taking_the_party() {
        let types = [room("SGL", 1, 1, 1), room("DBL", 2, 3, 1), room("SUITE", 2, 4, 3), room("CLOSED", 2, 2, 1), room("FULL", 2, 2, 1)];
        let s = summary(&[("SGL", 1, 100, 2), ("DBL", 2, 200, 2), ("SUITE", 1, 500, 2), ("CLOSED", 1, 100, 1), ("FULL", 0, 200, 2)]);
        let found = fits(&types, &s, 2, &TWO);
        assert_eq!(found.free_for_dates, 2, "the single and the double");
        let codes: Vec<&str> = found.fitting.iter().map(|f| f.room.code.as_str()).collect();
        assert_eq!(codes, ["DBL"]);
        assert_eq!((found.fitting[0].free, found.fitting[0].price), (2, 200));
        assert_eq!(found.empty_reason(), None);
        assert_eq!(fits(&types, &s, 2, &Party { adults: 2, children: 2, babies: 0 }).empty_reason(), Some(EmptyReason::NoRoomForGuests));
        assert_eq!(fits(&types, &BTreeMap::new(), 2, &TWO).empty_reason(), Some(EmptyReason::NoRoomsForDates));
        // The guesthouse's rules of the arrival night and the departure day.
        let mut ruled = s.clone();
        ruled.get_mut("DBL").unwrap().rules = StayRules { min_stay: 3, ..Default::default() };
        assert_eq!(fits(&types, &ruled, 2, &TWO).empty_reason(), Some(EmptyReason::NoRoomForGuests), "the double needs 3 nights from then");
        ruled.get_mut("DBL").unwrap().rules = StayRules { closed_to_departure: true, ..Default::default() };
        assert!(fits(&types, &ruled, 2, &TWO).fitting.is_empty(), "no departure that day");
    }

    #[test]
    fn a_package_pays_its_nights_in_the_cheapest_fitting_room() {
        let types = [room("DBL", 2, 3, 1), room("APT", 2, 4, 1)];
        let stay = summary(&[("DBL", 2, 300, 3), ("APT", 1, 600, 3)]);
        let found = fits(&types, &stay, 3, &TWO);
        let package_nights = summary(&[("DBL", 2, 200, 2), ("APT", 1, 400, 2)]);
        let credit = package_credit(&found.fitting, &package_nights, &TWO);
        assert_eq!(credit, 200);
        assert_eq!(found.fitting.iter().map(|f| supplement(f.price, credit)).collect::<Vec<_>>(), [100, 400]);
        assert_eq!(supplement(100, 300), 0, "never below the package");
        assert_eq!(package_credit(&[], &package_nights, &TWO), 0);
        assert!(check_package_nights(2, 3).is_err() && check_package_nights(3, 3).is_ok());
        assert_eq!(treatments_for(1, 2), 2);
    }

    #[test]
    fn a_calendar_day_is_bookable_when_open_free_fitting_and_not_past() {
        let dbl = room("DBL", 2, 3, 1);
        let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let open = CalendarNight { night: "2027-03-02".into(), free: 2, closed: false, rate: 100, rules: StayRules::default() };
        let today = d("2027-03-02");
        assert_eq!(day(&dbl, &TWO, d("2027-03-02"), Some(&open), today), Day { available: 2, bookable: true, price: Some(100) });
        assert!(!day(&dbl, &TWO, d("2027-03-02"), Some(&open), d("2027-03-03")).bookable, "past");
        assert!(!day(&dbl, &TWO, d("2027-03-02"), Some(&CalendarNight { closed: true, ..open.clone() }), today).bookable);
        assert_eq!(day(&dbl, &TWO, d("2027-03-02"), Some(&CalendarNight { free: -1, ..open.clone() }), today).available, 0);
        assert!(!day(&dbl, &Party { adults: 2, children: 2, babies: 0 }, d("2027-03-02"), Some(&open), today).bookable);
        assert_eq!(day(&dbl, &TWO, d("2027-03-02"), None, today), Day { available: 0, bookable: false, price: None });
    }

    #[test]
    fn a_basket_stay_is_bookable_while_enough_units_are_free_every_night() {
        let dbl = room("DBL", 2, 3, 2);
        let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let stay = Stay { room_code: "DBL".into(), from: d("2027-03-02"), to: d("2027-03-04"), quantity: 2, adults: 2, children: 0 };
        let ok = StaySummary { free: 2, rates: 300, nights: 2, ..Default::default() };
        assert_eq!(check(&dbl, &stay, Some(ok)), Checked { available: 2, bookable: true, price: 300 });
        let arrival_closed = StaySummary { rules: StayRules { closed_to_arrival: true, ..Default::default() }, ..ok };
        assert!(!check(&dbl, &stay, Some(arrival_closed)).bookable, "no arrival that night");
        assert!(!check(&dbl, &stay, Some(StaySummary { free: 1, ..ok })).bookable);
        assert_eq!(check(&dbl, &stay, Some(StaySummary { nights: 1, ..ok })).available, 0, "a night closed");
        assert_eq!(check(&dbl, &stay, None), Checked { available: 0, bookable: false, price: 0 });
    }
}
