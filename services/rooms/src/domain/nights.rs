//! The guesthouse's rules per room type and night (the back office's rate
//! calendar): a price set by hand, units out of order, the stays an arrival
//! that night may make (minimum and maximum nights), closed to arrival or
//! departure, closed. A change names a range of nights, optionally some
//! weekdays of it, and what to set; every rule a search, a calendar and a
//! basket's check obey is here.

use chrono::{Datelike, NaiveDate};

use crate::domain::stay::{MAX_STAY_NIGHTS, date, nights_of};
use crate::error::RoomsError;

/// The longest range one change or one listing covers.
pub const MAX_RANGE_DAYS: i64 = 366;
/// The lowest and highest price of a night a person may set (grosze).
pub const MIN_PRICE: i64 = 100;
pub const MAX_PRICE: i64 = 10_000_000;

/// A night's rules as the store keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NightRules {
    pub night: String,
    pub units: i64,
    pub out_of_order: i64,
    pub booked: i64,
    pub held: i64,
    /// Taken by booking portals' calendars.
    pub external: i64,
    pub closed: bool,
    pub rate: i64,
    pub rate_set: bool,
    /// 0: the room type's minimum.
    pub min_stay: i64,
    /// 0: no maximum.
    pub max_stay: i64,
    pub closed_to_arrival: bool,
    pub closed_to_departure: bool,
}

impl NightRules {
    /// Units for sale, as the board counts them ([`super::board::InventoryNight::free`]).
    pub fn free(&self) -> i64 {
        super::board::free(self.units, self.out_of_order, self.booked, self.held, self.external, self.closed)
    }
}

/// What one change sets on each of its nights; `None` leaves it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NightsSet {
    pub price: Option<i64>,
    pub min_stay: Option<i64>,
    pub max_stay: Option<i64>,
    pub closed_to_arrival: Option<bool>,
    pub closed_to_departure: Option<bool>,
    pub closed: Option<bool>,
    pub out_of_order: Option<i64>,
}

impl NightsSet {
    /// Checked against the room type's `units`: a price within bounds, a
    /// stay's nights within 0-30 and the maximum not below the minimum,
    /// units out of order no more than the room type has; something to set.
    pub fn checked(self, units: i64) -> Result<Self, RoomsError> {
        if self == Self::default() {
            return Err(RoomsError::invalid("set", "name at least one thing to set"));
        }
        if self.price.is_some_and(|p| !(MIN_PRICE..=MAX_PRICE).contains(&p)) {
            return Err(RoomsError::invalid("price", "between 1 zł and 100 000 zł (in grosze)"));
        }
        for (field, value) in [("minStay", self.min_stay), ("maxStay", self.max_stay)] {
            if value.is_some_and(|n| !(0..=MAX_STAY_NIGHTS).contains(&n)) {
                return Err(RoomsError::invalid(field, "0 to 30 nights (0: none)"));
            }
        }
        if let (Some(min), Some(max)) = (self.min_stay, self.max_stay)
            && max > 0
            && max < min
        {
            return Err(RoomsError::invalid("maxStay", "not below the minimum stay"));
        }
        if self.out_of_order.is_some_and(|n| !(0..=units).contains(&n)) {
            return Err(RoomsError::invalid("outOfOrder", "0 up to the room type's units"));
        }
        Ok(self)
    }
}

/// A range of nights [from, to), from today on, at most a year.
pub fn range(from: &str, to: &str, today: NaiveDate) -> Result<(NaiveDate, NaiveDate), RoomsError> {
    let (from, to) = (date("from", from)?, date("to", to)?);
    if to <= from {
        return Err(RoomsError::invalid("to", "must be after from"));
    }
    if (to - from).num_days() > MAX_RANGE_DAYS {
        return Err(RoomsError::invalid("to", "at most 366 nights after from"));
    }
    if from < today {
        return Err(RoomsError::invalid("from", "must be today or later"));
    }
    Ok((from, to))
}

/// The nights of [from, to) on `weekdays` (1 = Monday … 7 = Sunday; none:
/// every night).
pub fn chosen_nights(from: NaiveDate, to: NaiveDate, weekdays: &[u32]) -> Result<Vec<NaiveDate>, RoomsError> {
    if weekdays.iter().any(|d| !(1..=7).contains(d)) {
        return Err(RoomsError::invalid("weekdays", "1 (Monday) to 7 (Sunday)"));
    }
    Ok(nights_of(from, to).filter(|n| weekdays.is_empty() || weekdays.contains(&n.weekday().number_from_monday())).collect())
}

/// What the arrival night and the departure day of a stay allow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StayRules {
    /// The arrival night's minimum (0: the room type's).
    pub min_stay: i64,
    /// The arrival night's maximum (0: none).
    pub max_stay: i64,
    pub closed_to_arrival: bool,
    pub closed_to_departure: bool,
}

impl StayRules {
    /// Whether a stay of `nights` in a room type with minimum `room_min`
    /// may arrive and leave on these days.
    pub fn allow(&self, nights: i64, room_min: i64) -> bool {
        nights >= room_min.max(self.min_stay)
            && (self.max_stay == 0 || nights <= self.max_stay)
            && !self.closed_to_arrival
            && !self.closed_to_departure
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn a_change_names_a_range_from_today_of_at_most_a_year() {
        let today = d("2027-03-01");
        assert_eq!(range("2027-03-01", "2027-03-05", today).unwrap(), (d("2027-03-01"), d("2027-03-05")));
        assert!(range("2027-02-28", "2027-03-05", today).is_err(), "not the past");
        assert!(range("2027-03-05", "2027-03-05", today).is_err(), "not empty");
        assert!(range("2027-03-01", "2028-03-02", today).is_err(), "not beyond a year");
    }

    #[test]
    fn weekdays_pick_the_nights_of_a_range() {
        // July 2027: the 2nd is a Friday.
        let fridays_and_saturdays = chosen_nights(d("2027-07-01"), d("2027-08-01"), &[5, 6]).unwrap();
        assert_eq!(fridays_and_saturdays.len(), 10);
        assert_eq!(fridays_and_saturdays[0], d("2027-07-02"));
        assert_eq!(chosen_nights(d("2027-07-01"), d("2027-07-04"), &[]).unwrap().len(), 3, "none named: every night");
        assert!(chosen_nights(d("2027-07-01"), d("2027-07-04"), &[8]).is_err());
    }

    #[test]
    fn a_change_sets_something_within_its_bounds() {
        assert!(NightsSet::default().checked(4).is_err());
        assert!(NightsSet { price: Some(42_000), ..Default::default() }.checked(4).is_ok());
        assert!(NightsSet { price: Some(99), ..Default::default() }.checked(4).is_err());
        assert!(NightsSet { min_stay: Some(3), max_stay: Some(2), ..Default::default() }.checked(4).is_err());
        assert!(NightsSet { min_stay: Some(3), max_stay: Some(0), ..Default::default() }.checked(4).is_ok(), "0: no maximum");
        assert!(NightsSet { out_of_order: Some(5), ..Default::default() }.checked(4).is_err());
        assert!(NightsSet { out_of_order: Some(4), ..Default::default() }.checked(4).is_ok());
    }

    #[test]
    fn an_arrival_nights_rules_and_the_departure_day_decide_a_stay() {
        let open = StayRules::default();
        assert!(open.allow(1, 1) && !open.allow(1, 2), "the room type's minimum");
        let long_weekend = StayRules { min_stay: 2, ..open };
        assert!(!long_weekend.allow(1, 1) && long_weekend.allow(2, 1));
        assert!(!StayRules { max_stay: 3, ..open }.allow(4, 1));
        assert!(!StayRules { closed_to_arrival: true, ..open }.allow(2, 1));
        assert!(!StayRules { closed_to_departure: true, ..open }.allow(2, 1));
    }
}
