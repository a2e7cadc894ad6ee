//! Booking portals' calendars (iCal, RFC 5545): what a channel is and how
//! its fields are checked, the bookings a portal's calendar holds, what an
//! import changes of the bookings kept, and the export feed of the nights a
//! channel may not sell. Pure functions; `crate::channels` reads, fetches
//! and writes by them.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Days, NaiveDate};
use icalendar::{Calendar, CalendarComponent, Component, DatePerhapsTime, EventLike, EventStatus};

use super::stay::ymd;

pub const MAX_NAME: usize = 60;
pub const MAX_URL: usize = 500;
/// The most channels a guesthouse keeps (a listing per unit and portal).
pub const MAX_CHANNELS: usize = 100;
/// The largest calendar read from a portal.
pub const MAX_FEED_BYTES: usize = 2 * 1024 * 1024;
/// The most bookings one calendar may hold: more is not a small property's calendar.
pub const MAX_EVENTS: usize = 5000;

/// What an administrator sets on a channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChannelFields {
    pub name: String,
    pub room_code: String,
    pub units: u32,
    /// "" = export only.
    pub import_url: String,
}

impl ChannelFields {
    pub fn trimmed(self) -> Self {
        Self {
            name: self.name.trim().to_owned(),
            room_code: self.room_code.trim().to_owned(),
            import_url: self.import_url.trim().to_owned(),
            ..self
        }
    }

    /// Every wrong field, as the REST body names it; `room_units` the room
    /// type's units (none: not a room type).
    pub fn check(&self, room_units: Option<u32>) -> Vec<String> {
        let mut wrong = Vec::new();
        if !(1..=MAX_NAME).contains(&self.name.chars().count()) {
            wrong.push("name".to_owned());
        }
        match room_units {
            None => wrong.push("roomCode".to_owned()),
            Some(units) if !(1..=units).contains(&self.units) => wrong.push("units".to_owned()),
            Some(_) => {}
        }
        if !self.import_url.is_empty() && !valid_url(&self.import_url) {
            wrong.push("importUrl".to_owned());
        }
        wrong
    }
}

/// An `http` or `https` address with a host, without spaces.
pub fn valid_url(url: &str) -> bool {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    url.len() <= MAX_URL
        && rest.is_some_and(|r| !r.is_empty() && !r.starts_with('/') && !r.starts_with(':'))
        && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// A new export token: 256 random bits, URL-safe, so the feed's address cannot be guessed.
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A booking as a portal's calendar has it: one unit of the room type for
/// the nights `[arrival, departure)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalStay {
    pub uid: String,
    pub summary: String,
    pub arrival: NaiveDate,
    pub departure: NaiveDate,
}

impl ExternalStay {
    pub fn nights(&self) -> Vec<String> {
        self.arrival.iter_days().take_while(|d| *d < self.departure).map(ymd).collect()
    }
}

/// Why a portal's calendar could not be used: nothing of it is applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FeedError {
    #[error("not an iCalendar file (no BEGIN:VCALENDAR)")]
    NotACalendar,
    #[error("the calendar cannot be read: {0}")]
    Unreadable(String),
    #[error("an event without {what} (event {position})")]
    Incomplete { what: &'static str, position: usize },
    #[error("more than {MAX_EVENTS} events")]
    TooManyEvents,
}

fn date_of(value: DatePerhapsTime) -> Option<NaiveDate> {
    match value {
        DatePerhapsTime::Date(date) => Some(date),
        // A portal writing times means the day they fall on where the guesthouse is.
        DatePerhapsTime::DateTime(dt) => match dt {
            icalendar::CalendarDateTime::Floating(naive) => Some(naive.date()),
            icalendar::CalendarDateTime::Utc(utc) => Some(utc.with_timezone(&chrono::Local).date_naive()),
            icalendar::CalendarDateTime::WithTimezone { date_time, .. } => Some(date_time.date()),
        },
    }
}

/// The days of an RFC 5545 `DURATION` (`P3D`, `P1W`, `P2DT12H`: hours round
/// up to a day), none when it is not one.
fn duration_days(value: &str) -> Option<u64> {
    let rest = value.trim().strip_prefix('P')?;
    let (date, time) = rest.split_once('T').unwrap_or((rest, ""));
    let number = |part: &str, unit: char| -> Option<u64> {
        part.split_once(unit).and_then(|(n, _)| n.rsplit(|c: char| !c.is_ascii_digit()).next().unwrap_or("").parse().ok())
    };
    let days = number(date, 'W').unwrap_or(0) * 7 + number(date, 'D').unwrap_or(0);
    let hours = number(time, 'H').unwrap_or(0);
    let total = days + hours.div_ceil(24);
    (total > 0).then_some(total)
}

/// Our own feed's events carry UIDs ending so: a portal showing them back is not a booking.
pub const OWN_UID_SUFFIX: &str = "@spa-guesthouse";

/// The bookings of a portal's calendar that take nights from `today` to
/// `horizon` (exclusive), each cut to them; cancelled ones, those over
/// before today and those beginning at or after the horizon are left out.
/// A file that is not a calendar, or an event without its UID or start, is
/// refused whole: a broken file never releases the bookings it lost.
pub fn read_feed(text: &str, today: NaiveDate, horizon: NaiveDate) -> Result<Vec<ExternalStay>, FeedError> {
    if !text.trim_start_matches('\u{feff}').trim_start().to_ascii_uppercase().starts_with("BEGIN:VCALENDAR") {
        return Err(FeedError::NotACalendar);
    }
    let calendar: Calendar = text.parse().map_err(|e: String| FeedError::Unreadable(e.lines().next().unwrap_or_default().to_owned()))?;
    let mut stays: BTreeMap<String, ExternalStay> = BTreeMap::new();
    let events = calendar.components.iter().filter_map(|c| match c {
        CalendarComponent::Event(event) => Some(event),
        _ => None,
    });
    for (position, event) in events.enumerate() {
        if position >= MAX_EVENTS {
            return Err(FeedError::TooManyEvents);
        }
        let uid = event.get_uid().map(str::trim).filter(|u| !u.is_empty()).ok_or(FeedError::Incomplete { what: "UID", position })?;
        let arrival = event.get_start().and_then(date_of).ok_or(FeedError::Incomplete { what: "DTSTART", position })?;
        // No end: its DURATION, else one night (RFC 5545 gives an all-day event one day).
        let lasts = event.property_value("DURATION").and_then(duration_days).unwrap_or(1);
        let departure = event.get_end().and_then(date_of).filter(|d| *d > arrival).unwrap_or_else(|| arrival + Days::new(lasts));
        if event.get_status() == Some(EventStatus::Cancelled) || uid.ends_with(OWN_UID_SUFFIX) {
            continue;
        }
        let (arrival, departure) = (arrival.max(today), departure.min(horizon));
        if arrival >= departure {
            continue;
        }
        let summary = event.get_summary().unwrap_or_default().trim().chars().take(200).collect();
        // A UID twice (a recurring event's instances): its nights joined into one span.
        stays
            .entry(uid.to_owned())
            .and_modify(|s| {
                s.arrival = s.arrival.min(arrival);
                s.departure = s.departure.max(departure);
            })
            .or_insert(ExternalStay { uid: uid.to_owned(), summary, arrival, departure });
    }
    Ok(stays.into_values().collect())
}

/// What an import changes of the bookings kept from a channel.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImportPlan {
    pub added: Vec<ExternalStay>,
    /// (before, now) of a booking whose dates changed.
    pub changed: Vec<(ExternalStay, ExternalStay)>,
    pub removed: Vec<ExternalStay>,
}

impl ImportPlan {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.changed.is_empty() && self.removed.is_empty()
    }
}

/// The difference between the bookings kept (`before`, from today on) and
/// those the calendar holds now. A summary changed alone changes nothing
/// of the inventory and is not counted.
pub fn plan_import(before: &[ExternalStay], now: &[ExternalStay]) -> ImportPlan {
    let kept: BTreeMap<&str, &ExternalStay> = before.iter().map(|s| (s.uid.as_str(), s)).collect();
    let read: BTreeMap<&str, &ExternalStay> = now.iter().map(|s| (s.uid.as_str(), s)).collect();
    let mut plan = ImportPlan::default();
    for (uid, stay) in &read {
        match kept.get(uid) {
            None => plan.added.push((*stay).clone()),
            Some(old) if (old.arrival, old.departure) != (stay.arrival, stay.departure) => {
                plan.changed.push(((*old).clone(), (*stay).clone()))
            }
            Some(_) => {}
        }
    }
    plan.removed = kept.iter().filter(|(uid, _)| !read.contains_key(*uid)).map(|(_, s)| (*s).clone()).collect();
    plan
}

/// A night as the export sees it: whether the channel may sell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportNight {
    pub night: NaiveDate,
    /// Units left to sell anywhere (out of order, bookings, holds and every channel's imports counted).
    pub free: i64,
    pub closed: bool,
    /// This channel's own imported bookings that night (it knows of them).
    pub own: i64,
    /// The units the channel's listing covers.
    pub units: i64,
}

impl ExportNight {
    /// Busy for the channel when no unit is left to sell to it: nothing is
    /// free and the portal may still sell (it has fewer of its own
    /// bookings that night than its listing's units; when they fill it the
    /// portal stops by itself, so the night stays open to it).
    pub fn busy(&self) -> bool {
        self.closed || (self.free <= 0 && self.own < self.units)
    }
}

/// The channel's export feed: one all-day event per run of busy nights,
/// its UID made of the channel and the run's first night (stable while the
/// run stands), `DTEND` the morning after the last night.
pub fn render_feed(channel_id: &str, name: &str, nights: &[ExportNight], stamp: chrono::DateTime<chrono::Utc>) -> String {
    let mut runs: Vec<(NaiveDate, NaiveDate)> = Vec::new();
    for night in nights.iter().filter(|n| n.busy()) {
        match runs.last_mut() {
            Some((_, end)) if *end == night.night => *end = night.night + Days::new(1),
            _ => runs.push((night.night, night.night + Days::new(1))),
        }
    }
    let mut calendar = Calendar::new();
    calendar.name(name);
    for (start, end) in runs {
        let event = icalendar::Event::new()
            .uid(&format!("{}-{}{OWN_UID_SUFFIX}", ymd(start), channel_id))
            .summary("Not available")
            .starts(start)
            .ends(end)
            .timestamp(stamp)
            .done();
        calendar.push(event);
    }
    calendar.done().to_string()
}

/// Nights taken by `stays` (each one unit), by night.
pub fn units_by_night<'a>(stays: impl IntoIterator<Item = &'a ExternalStay>) -> BTreeMap<String, i64> {
    let mut by_night = BTreeMap::new();
    for stay in stays {
        for night in stay.nights() {
            *by_night.entry(night).or_insert(0) += 1;
        }
    }
    by_night
}

/// Units per night that going from the bookings `before` to those `after`
/// takes (positive) or gives back (negative); nights that stay alike left out.
pub fn nights_delta(before: &[ExternalStay], after: &[ExternalStay]) -> BTreeMap<String, i64> {
    let mut delta = units_by_night(after);
    for (night, n) in units_by_night(before) {
        *delta.entry(night).or_default() -= n;
    }
    delta.retain(|_, n| *n != 0);
    delta
}

/// The nights of `stay` among `oversold` (the nights over-sold after the import).
pub fn conflict_nights(stay: &ExternalStay, oversold: &BTreeSet<String>) -> Vec<String> {
    stay.nights().into_iter().filter(|n| oversold.contains(n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn stay(uid: &str, arrival: &str, departure: &str) -> ExternalStay {
        ExternalStay { uid: uid.into(), summary: String::new(), arrival: day(arrival), departure: day(departure) }
    }

    const FEED: &str = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Portal//EN\r\n\
BEGIN:VEVENT\r\nUID:a@portal\r\nDTSTART;VALUE=DATE:20270710\r\nDTEND;VALUE=DATE:20270713\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:b@portal\r\nDTSTART:20270801T140000Z\r\nDTEND:20270803T100000Z\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:c@portal\r\nDTSTART;VALUE=DATE:20270901\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:old@portal\r\nDTSTART;VALUE=DATE:20270601\r\nDTEND;VALUE=DATE:20270603\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:edge@portal\r\nDTSTART;VALUE=DATE:20270630\r\nDTEND;VALUE=DATE:20270702\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:one@portal\r\nDTSTART;VALUE=DATE:20270720\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:week@portal\r\nDTSTART;VALUE=DATE:20270801\r\nDURATION:P1W\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:2027-07-25-ch1@spa-guesthouse\r\nDTSTART;VALUE=DATE:20270725\r\nDTEND;VALUE=DATE:20270726\r\nEND:VEVENT\r\n\
END:VCALENDAR\r\n";

    #[test]
    fn a_portals_calendar_gives_its_bookings_from_today_on() {
        let stays = read_feed(FEED, day("2027-07-01"), day("2028-07-01")).unwrap();
        assert_eq!(
            stays,
            [
                stay("a@portal", "2027-07-10", "2027-07-13"),
                stay("b@portal", "2027-08-01", "2027-08-03"),
                stay("edge@portal", "2027-07-01", "2027-07-02"),
                stay("one@portal", "2027-07-20", "2027-07-21"),
                stay("week@portal", "2027-08-01", "2027-08-08"),
            ]
            .map(|s| if s.uid == "a@portal" { ExternalStay { summary: "Reserved".into(), ..s } } else { s })
        );
        assert_eq!(stays[0].nights(), ["2027-07-10", "2027-07-11", "2027-07-12"]);
        let cut = read_feed(FEED, day("2027-07-01"), day("2027-07-12")).unwrap();
        assert_eq!(cut.iter().find(|s| s.uid == "a@portal").map(|s| s.departure), Some(day("2027-07-12")), "cut at the horizon");
    }

    #[test]
    fn a_duration_counts_whole_days() {
        assert_eq!(
            (duration_days("P3D"), duration_days("P1W"), duration_days("P2DT12H"), duration_days("PT1H")),
            (Some(3), Some(7), Some(3), Some(1))
        );
        assert_eq!((duration_days("PT0S"), duration_days("3D")), (None, None));
    }

    #[test]
    fn a_broken_calendar_is_refused_whole() {
        let today = day("2027-07-01");
        let horizon = day("2028-07-01");
        assert_eq!(read_feed("<html>Service unavailable</html>", today, horizon), Err(FeedError::NotACalendar));
        let no_uid = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20270710\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
        assert_eq!(read_feed(no_uid, today, horizon), Err(FeedError::Incomplete { what: "UID", position: 0 }));
        let no_start = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:July\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
        assert_eq!(read_feed(no_start, today, horizon), Err(FeedError::Incomplete { what: "DTSTART", position: 0 }));
        assert_eq!(read_feed("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", today, horizon), Ok(vec![]), "an empty calendar is a calendar");
    }

    #[test]
    fn an_import_adds_moves_and_removes_bookings_by_uid() {
        let before = [stay("a", "2027-07-10", "2027-07-13"), stay("b", "2027-08-01", "2027-08-03"), stay("c", "2027-09-01", "2027-09-02")];
        let now = [stay("a", "2027-07-10", "2027-07-13"), stay("b", "2027-08-02", "2027-08-04"), stay("d", "2027-10-01", "2027-10-02")];
        let plan = plan_import(&before, &now);
        assert_eq!(plan.added, [now[2].clone()]);
        assert_eq!(plan.changed, [(before[1].clone(), now[1].clone())]);
        assert_eq!(plan.removed, [before[2].clone()]);
        assert!(plan_import(&now, &now).is_empty(), "the same calendar again changes nothing");
        assert_eq!(units_by_night(&now[..2])["2027-08-02"], 1);
        // A booking moved by a day gives back its first night and takes one after its last.
        let moved = nights_delta(&before[1..2], &now[1..2]);
        assert_eq!(moved.into_iter().collect::<Vec<_>>(), [("2027-08-01".to_owned(), -1), ("2027-08-03".to_owned(), 1)]);
        assert!(nights_delta(&now, &now).is_empty(), "nothing moves when nothing changed");
    }

    #[test]
    fn the_export_shows_runs_of_nights_the_channel_may_not_sell() {
        let night = |d: &str, free: i64, closed: bool, own: i64| ExportNight { night: day(d), free, closed, own, units: 1 };
        let nights = [
            night("2027-07-01", 0, false, 0),
            night("2027-07-02", 0, false, 0),
            night("2027-07-03", 0, false, 1),
            night("2027-07-04", 2, true, 0),
            night("2027-07-05", 1, false, 0),
            night("2027-07-06", -1, false, 0),
        ];
        // A listing of two units with one of its own booked and nothing left here: it could sell the other.
        assert!(ExportNight { units: 2, ..night("2027-07-03", 0, false, 1) }.busy());
        let stamp = chrono::DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let feed = render_feed("ch1", "Booking.com", &nights, stamp);
        let calendar: Calendar = feed.parse().unwrap();
        let events: Vec<_> = calendar
            .components
            .iter()
            .filter_map(|c| match c {
                CalendarComponent::Event(e) => {
                    Some((e.get_uid().unwrap().to_owned(), e.get_start().and_then(date_of), e.get_end().and_then(date_of)))
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            events,
            [
                ("2027-07-01-ch1@spa-guesthouse".to_owned(), Some(day("2027-07-01")), Some(day("2027-07-03"))),
                ("2027-07-04-ch1@spa-guesthouse".to_owned(), Some(day("2027-07-04")), Some(day("2027-07-05"))),
                ("2027-07-06-ch1@spa-guesthouse".to_owned(), Some(day("2027-07-06")), Some(day("2027-07-07"))),
            ]
        );
        assert!(feed.contains("DTSTART;VALUE=DATE:20270701"), "dates, not times: {feed}");
    }

    #[test]
    fn a_channels_fields_are_checked() {
        let fields = ChannelFields {
            name: "Booking.com".into(),
            room_code: "ROOM".into(),
            units: 1,
            import_url: "https://portal.example/ical/1.ics".into(),
        };
        assert_eq!(fields.check(Some(3)), Vec::<String>::new());
        let wrong = ChannelFields { name: " ".into(), units: 4, import_url: "ftp://x".into(), ..fields.clone() }.trimmed();
        assert_eq!(wrong.check(Some(3)), ["name", "units", "importUrl"]);
        assert_eq!(fields.check(None), ["roomCode"]);
        assert!(!valid_url("https://") && !valid_url("http://a b") && valid_url("http://127.0.0.1:8080/x.ics"));
        assert_eq!(new_token().len(), 64);
        assert_ne!(new_token(), new_token());
    }
}
