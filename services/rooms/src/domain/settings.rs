//! What the guesthouse sets on a room type (units, occupancy, minimum stay,
//! weekday and weekend rates) and the seasons every rate follows, and how
//! each is checked: every wrong field named at once, as the REST body names it.

use serde::Serialize;

use super::rates::Season;

pub const UNITS: std::ops::RangeInclusive<u32> = 1..=500;
pub const OCCUPANCY: std::ops::RangeInclusive<u32> = 1..=10;
pub const MAX_OCCUPANCY: u32 = 12;
pub const MIN_STAY: std::ops::RangeInclusive<u32> = 1..=30;
pub const RATES: std::ops::RangeInclusive<i64> = 100..=10_000_000;
pub const MULTIPLIER: std::ops::RangeInclusive<i64> = 50..=300;
pub const MAX_SEASONS: usize = 20;
pub const MAX_SEASON_NAME: usize = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoomTypeRules {
    pub units: u32,
    pub occupancy: u32,
    pub max_occupancy: u32,
    pub extra_bed: bool,
    pub min_stay: u32,
    pub base_rate: i64,
    pub weekend_rate: i64,
}

impl RoomTypeRules {
    pub fn check(&self) -> Vec<String> {
        [
            ("units", UNITS.contains(&self.units)),
            ("occupancy", OCCUPANCY.contains(&self.occupancy)),
            ("maxOccupancy", self.max_occupancy >= self.occupancy && self.max_occupancy <= MAX_OCCUPANCY),
            // An extra bed only where more may sleep than the standard
            // sleepers; more may also sleep without one (a wide bed).
            ("extraBed", !self.extra_bed || self.max_occupancy > self.occupancy),
            ("minStay", MIN_STAY.contains(&self.min_stay)),
            ("baseRate", RATES.contains(&self.base_rate)),
            ("weekendRate", RATES.contains(&self.weekend_rate)),
        ]
        .into_iter()
        .filter(|(_, ok)| !ok)
        .map(|(field, _)| field.to_owned())
        .collect()
    }
}

/// `MM-DD` of a day some year has (29 February included).
fn month_day(value: &str) -> bool {
    chrono::NaiveDate::parse_from_str(&format!("2024-{value}"), "%Y-%m-%d").is_ok() && value.len() == 5
}

/// Every wrong field of a list of seasons: a name (1 to 60 characters,
/// each once), its days (`MM-DD`), its share of the rate (50 to 300 %);
/// at most twenty.
pub fn check_seasons(seasons: &[Season]) -> Vec<String> {
    let mut wrong = Vec::new();
    if seasons.len() > MAX_SEASONS {
        wrong.push("seasons".to_owned());
    }
    for (i, s) in seasons.iter().enumerate() {
        let name = s.name.trim();
        let taken = seasons[..i].iter().any(|other| other.name.trim() == name);
        for (field, ok) in [
            ("name", !name.is_empty() && name.chars().count() <= MAX_SEASON_NAME && !taken),
            ("from", month_day(&s.from)),
            ("to", month_day(&s.to)),
            ("multiplierPercent", MULTIPLIER.contains(&s.multiplier_percent)),
        ] {
            if !ok {
                wrong.push(format!("seasons[{i}].{field}"));
            }
        }
    }
    wrong
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> RoomTypeRules {
        RoomTypeRules { units: 8, occupancy: 2, max_occupancy: 3, extra_bed: true, min_stay: 1, base_rate: 32000, weekend_rate: 36000 }
    }

    fn season(name: &str, from: &str, to: &str, percent: i64) -> Season {
        Season { name: name.into(), from: from.into(), to: to.into(), multiplier_percent: percent }
    }

    #[test]
    fn a_room_types_settings_are_named_when_wrong() {
        assert!(rules().check().is_empty());
        let wrong =
            RoomTypeRules { units: 0, occupancy: 3, max_occupancy: 2, extra_bed: true, min_stay: 0, base_rate: 50, weekend_rate: 0 };
        assert_eq!(wrong.check(), ["units", "maxOccupancy", "extraBed", "minStay", "baseRate", "weekendRate"]);
        let wide_bed = RoomTypeRules { occupancy: 1, max_occupancy: 2, extra_bed: false, ..rules() };
        assert!(wide_bed.check().is_empty(), "a second sleeper without an extra bed");
        let no_room_for_it = RoomTypeRules { max_occupancy: 2, ..rules() };
        assert_eq!(no_room_for_it.check(), ["extraBed"], "an extra bed with no place beyond the standard sleepers");
    }

    #[test]
    fn seasons_are_named_by_their_place_and_field() {
        assert!(check_seasons(&[season("Lato", "06-20", "08-31", 125), season("Zima", "12-20", "01-06", 140)]).is_empty());
        assert!(check_seasons(&[season("Luty", "02-29", "02-29", 100)]).is_empty(), "a leap day");
        assert_eq!(
            check_seasons(&[season("Lato", "06-20", "08-31", 125), season(" Lato ", "6-1", "13-01", 20)]),
            ["seasons[1].name", "seasons[1].from", "seasons[1].to", "seasons[1].multiplierPercent"]
        );
        let many: Vec<Season> = (0..21).map(|i| season(&format!("s{i}"), "01-01", "01-02", 100)).collect();
        assert_eq!(check_seasons(&many), ["seasons"]);
    }
}
