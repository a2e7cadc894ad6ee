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

/// The UTC calendar day of a moment (Unix ms), `YYYY-MM-DD`; "" when out
/// of range.
pub fn utc_day(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).map(|t| t.format("%Y-%m-%d").to_string()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{parse_ymd, utc_day, utc_minutes};

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
