//! A stay's dates and party: the guest picker's limits, how long a stay
//! lasts and when it may start.

use chrono::NaiveDate;

use crate::error::RoomsError;

pub const MAX_STAY_NIGHTS: i64 = 30;
/// Nights are sold this many days ahead: the inventory is opened so far
/// (`seed::extend_horizon`, daily), and a stay ends at most this many days
/// from today.
pub const HORIZON_DAYS: i64 = 365;
/// The longest span one availability calendar shows.
pub const MAX_CALENDAR_DAYS: i64 = 120;

/// The guest picker's limits (spec: adults 1-2, children 4-16 up to 2,
/// babies under 4 up to 2).
pub const MAX_ADULTS: u32 = 2;
pub const MAX_CHILDREN: u32 = 2;
pub const MAX_BABIES: u32 = 2;

/// A night or a day as the store keeps it.
pub fn ymd(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// The nights of a stay from `from` to the morning of `to`.
pub fn nights_of(from: NaiveDate, to: NaiveDate) -> impl Iterator<Item = NaiveDate> {
    from.iter_days().take_while(move |d| *d < to)
}

pub(crate) fn date(field: &'static str, value: &str) -> Result<NaiveDate, RoomsError> {
    spa_platform::dates::parse_ymd(value).ok_or_else(|| RoomsError::invalid(field, "must be a date YYYY-MM-DD"))
}

/// A stay's dates: well-formed, in order, not in the past, not too long,
/// ending within the booking horizon.
pub fn stay_dates(from: &str, to: &str, today: NaiveDate) -> Result<(NaiveDate, NaiveDate), RoomsError> {
    checked_dates(from, to, today, today)
}

/// As [`stay_dates`], arriving no earlier than `earliest`.
fn checked_dates(from: &str, to: &str, earliest: NaiveDate, today: NaiveDate) -> Result<(NaiveDate, NaiveDate), RoomsError> {
    let (from, to) = (date("from", from)?, date("to", to)?);
    if from >= to {
        return Err(RoomsError::invalid("to", "must be after from"));
    }
    if from < earliest {
        return Err(RoomsError::invalid("from", "must be today or later"));
    }
    if (to - from).num_days() > MAX_STAY_NIGHTS {
        return Err(RoomsError::invalid("to", "a stay lasts at most 30 nights"));
    }
    // Said as such, not as "no rooms": no night beyond it is on sale yet.
    if (to - today).num_days() > HORIZON_DAYS {
        return Err(RoomsError::invalid("to", "beyond the booking horizon: a stay ends at most 365 days from today"));
    }
    Ok((from, to))
}

/// A calendar's days: well-formed, in order, at most [`MAX_CALENDAR_DAYS`]
/// (past days are shown, not bookable).
pub fn calendar_dates(from: &str, to: &str) -> Result<(NaiveDate, NaiveDate), RoomsError> {
    let (from, to) = (date("from", from)?, date("to", to)?);
    if from >= to {
        return Err(RoomsError::invalid("to", "must be after from"));
    }
    if (to - from).num_days() > MAX_CALENDAR_DAYS {
        return Err(RoomsError::invalid("to", "a calendar shows at most 120 days"));
    }
    Ok((from, to))
}

/// Who sleeps in a room.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Party {
    pub adults: u32,
    pub children: u32,
    pub babies: u32,
}

impl Party {
    /// The party as asked for, within the guest picker's limits (spec 5).
    pub fn checked(self) -> Result<Self, RoomsError> {
        if !(1..=MAX_ADULTS).contains(&self.adults) {
            return Err(RoomsError::invalid("adults", "must be between 1 and 2"));
        }
        if self.children > MAX_CHILDREN {
            return Err(RoomsError::invalid("children", "must be between 0 and 2"));
        }
        if self.babies > MAX_BABIES {
            return Err(RoomsError::invalid("babies", "must be between 0 and 2"));
        }
        Ok(self)
    }
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

impl Stay {
    pub fn nights(&self) -> i64 {
        (self.to - self.from).num_days()
    }

    pub fn party(&self) -> Party {
        Party { adults: self.adults, children: self.children, babies: 0 }
    }
}

/// A stay as a caller asks for it, not yet checked.
pub struct Requested<'a> {
    pub room_code: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    pub party: Party,
    pub quantity: u32,
}

/// An order's stays, each checked in turn: its dates, its party, then how
/// many rooms.
pub fn stays(lines: &[Requested<'_>], today: NaiveDate) -> Result<Vec<Stay>, RoomsError> {
    stays_arriving_from(lines, today, today)
}

/// As [`stays`], each arriving no earlier than `earliest` (`NaiveDate::MIN`:
/// a moved order's stays may have begun; the cart checks the one it moves).
pub fn stays_arriving_from(lines: &[Requested<'_>], earliest: NaiveDate, today: NaiveDate) -> Result<Vec<Stay>, RoomsError> {
    if lines.is_empty() {
        return Err(RoomsError::invalid("lines", "at least one stay is required"));
    }
    lines
        .iter()
        .map(|l| {
            let (from, to) = checked_dates(l.from, l.to, earliest, today)?;
            let party = l.party.checked()?;
            if l.quantity == 0 {
                return Err(RoomsError::invalid("quantity", "must be at least 1"));
            }
            Ok(Stay { room_code: l.room_code.to_owned(), from, to, quantity: l.quantity, adults: party.adults, children: party.children })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn field(e: RoomsError) -> &'static str {
        match e {
            RoomsError::Invalid { field, .. } => field,
            other => panic!("not a validation error: {other}"),
        }
    }

    #[test]
    fn a_stay_starts_today_or_later_and_lasts_one_to_thirty_nights() {
        let today = d("2027-03-01");
        assert_eq!(stay_dates("2027-03-01", "2027-03-31", today).unwrap(), (today, d("2027-03-31")));
        assert_eq!(field(stay_dates("2027-02-28", "2027-03-02", today).unwrap_err()), "from");
        assert_eq!(field(stay_dates("2027-03-02", "2027-03-02", today).unwrap_err()), "to");
        assert_eq!(field(stay_dates("2027-03-01", "2027-04-01", today).unwrap_err()), "to");
        assert_eq!(field(stay_dates("1 March", "2027-04-01", today).unwrap_err()), "from");
        assert_eq!(stay_dates("2027-03-02", "2027-03-01", today).unwrap_err().to_string(), "to: must be after from");
        // The booking horizon: a stay may end a year from today, not a day later.
        assert!(stay_dates("2028-02-27", "2028-02-29", today).is_ok());
        assert_eq!(field(stay_dates("2028-02-28", "2028-03-01", today).unwrap_err()), "to");
    }

    #[test]
    fn the_guest_picker_limits_the_party() {
        assert!(Party { adults: 2, children: 2, babies: 2 }.checked().is_ok());
        assert_eq!(field(Party { adults: 0, ..Party::default() }.checked().unwrap_err()), "adults");
        assert_eq!(field(Party { adults: 3, ..Party::default() }.checked().unwrap_err()), "adults");
        assert_eq!(field(Party { adults: 1, children: 3, babies: 0 }.checked().unwrap_err()), "children");
        assert_eq!(field(Party { adults: 1, children: 0, babies: 3 }.checked().unwrap_err()), "babies");
    }

    #[test]
    fn an_order_has_stays_of_at_least_one_room() {
        let today = d("2027-03-01");
        assert_eq!(field(stays(&[], today).unwrap_err()), "lines");
        let line = |quantity| Requested {
            room_code: "DBL",
            from: "2027-03-02",
            to: "2027-03-04",
            party: Party { adults: 2, children: 1, babies: 1 },
            quantity,
        };
        assert_eq!(field(stays(&[line(0)], today).unwrap_err()), "quantity");
        let got = stays(&[line(2)], today).unwrap();
        assert_eq!(got[0].nights(), 2);
        assert_eq!(got[0].party(), Party { adults: 2, children: 1, babies: 0 }, "babies take no place");
    }

    #[test]
    fn a_calendar_shows_at_most_120_days() {
        assert!(calendar_dates("2020-01-01", "2020-04-30").is_ok(), "past days are shown");
        assert_eq!(field(calendar_dates("2027-01-01", "2027-05-02").unwrap_err()), "to");
    }
}
