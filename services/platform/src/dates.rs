//! Dates on the wire are `YYYY-MM-DD` exactly: four-digit year, two-digit
//! month and day. Looser forms (`+0002026-7-1`) would parse to the same day
//! under another spelling and multiply cache keys, so they are refused.

use chrono::NaiveDate;

/// The calendar day of a strict `YYYY-MM-DD` string.
pub fn parse_ymd(s: &str) -> Option<NaiveDate> {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !digits(0..4) || !digits(5..7) || !digits(8..10) {
        return None;
    }
    NaiveDate::from_ymd_opt(s[0..4].parse().ok()?, s[5..7].parse().ok()?, s[8..10].parse().ok()?)
}

/// A moment (Unix ms) as a guest reads a deadline in an e-mail or on a
/// page: `2027-02-12 14:30 UTC`; "" for none (0 or out of range).
pub fn utc_minutes(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).filter(|_| ms > 0).map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string()).unwrap_or_default()
}

/// The guesthouse's time zone: the one its guests' deadlines and its
/// reception's hours are in.
pub const GUESTHOUSE_TIME_ZONE: chrono_tz::Tz = chrono_tz::Europe::Warsaw;

/// A day as guests in Poland, Germany and Britain all read it: `DD.MM.YYYY`.
pub fn dmy(day: NaiveDate) -> String {
    day.format("%d.%m.%Y").to_string()
}

/// A `YYYY-MM-DD` day as [`dmy`] writes it; anything else as it is.
pub fn dmy_of(ymd: &str) -> String {
    parse_ymd(ymd).map_or_else(|| ymd.to_owned(), dmy)
}

/// A moment (Unix ms) on the guesthouse's clock, summer time included:
/// `29.11.2026, 13:43`; "" for none (0 or out of range).
pub fn local_minutes(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .filter(|_| ms > 0)
        .map(|t| t.with_timezone(&GUESTHOUSE_TIME_ZONE).format("%d.%m.%Y, %H:%M").to_string())
        .unwrap_or_default()
}

/// The UTC calendar day of a moment (Unix ms), `YYYY-MM-DD`; "" when out
/// of range.
pub fn utc_day(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).map(|t| t.format("%Y-%m-%d").to_string()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{dmy_of, local_minutes, parse_ymd, utc_day, utc_minutes};

    #[test]
    fn the_guesthouse_clock_keeps_polish_winter_and_summer_time() {
        // 2027-01-15 08:00 UTC is 09:00 in Warsaw (CET, +1).
        assert_eq!(local_minutes(1_800_000_000_000), "15.01.2027, 09:00");
        // 2027-07-15 08:00 UTC is 10:00 (CEST, +2).
        assert_eq!(local_minutes(1_815_638_400_000), "15.07.2027, 10:00");
        // 23:30 UTC on the last day of a month is already the next day there.
        assert_eq!(local_minutes(1_827_617_400_000), "01.12.2027, 00:30");
        assert_eq!(local_minutes(0), "");
    }

    #[test]
    fn days_read_day_first() {
        assert_eq!(dmy_of("2027-05-16"), "16.05.2027");
        assert_eq!(dmy_of("soon"), "soon");
    }

    #[test]
    fn a_day_is_the_utc_calendar_day() {
        assert_eq!(utc_day(1_800_000_000_000), "2027-01-15");
        assert_eq!(utc_day(0), "1970-01-01");
    }

    #[test]
    fn deadlines_read_to_the_minute_and_none_is_empty() {
        assert_eq!(utc_minutes(1_800_000_000_000), "2027-01-15 08:00 UTC");
        assert_eq!(utc_minutes(0), "");
    }

    #[test]
    fn only_the_strict_form_is_a_date() {
        assert_eq!(parse_ymd("2026-07-01").map(|d| d.to_string()).as_deref(), Some("2026-07-01"));
        for loose in
            ["+0002026-7-1", "2026-7-1", "2026-07-1", " 2026-07-01", "2026-07-01 ", "2026/07/01", "２０２６-07-01", "2026-02-30", ""]
        {
            assert_eq!(parse_ymd(loose), None, "{loose:?}");
        }
    }
}
