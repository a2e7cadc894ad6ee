//! The rate of a night: weekday or weekend, times its season.

use chrono::{Datelike, NaiveDate, Weekday};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
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

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
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
