//! Catalog rules that do not touch storage.

use std::collections::HashMap;

use spa_proto::common::{Money, Price};

pub const BASE_CURRENCY: &str = "PLN";
pub const LOCALES: [&str; 3] = ["pl", "de", "en_GB"];
pub const FALLBACK_LOCALE: &str = "pl";
pub const MAX_LIMIT: u32 = 1000;

pub const MAX_PACKAGE_PERSONS: u32 = 2;
/// Nights a package stay may last, as the stay-length filter offers them.
pub const PACKAGE_NIGHTS: std::ops::RangeInclusive<u32> = 2..=5;
/// A suggested treatment taken into a package: quantity 1 to 2 for one
/// person (spec 5); like the package's own treatments, each extra person
/// adds one to its maximum.
pub const ADDITIONAL_MAX_QUANTITY: u32 = 2;

/// Listing orders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sorting {
    #[default]
    TaxonsPositionAsc,
    PriceAsc,
    PriceDesc,
    Latest,
    Oldest,
    PositionAsc,
}

impl Sorting {
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "" | "taxons_position_asc" => Self::TaxonsPositionAsc,
            "price_asc" => Self::PriceAsc,
            "price_desc" => Self::PriceDesc,
            "latest" => Self::Latest,
            "oldest" => Self::Oldest,
            "position_asc" => Self::PositionAsc,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::TaxonsPositionAsc => "taxons_position_asc",
            Self::PriceAsc => "price_asc",
            Self::PriceDesc => "price_desc",
            Self::Latest => "latest",
            Self::Oldest => "oldest",
            Self::PositionAsc => "position_asc",
        }
    }
}

/// A treatment of a package as the cost rule sees it.
#[derive(Clone, Debug)]
pub struct CostLine {
    pub code: String,
    /// Included quantity for one person; 0 for a suggested treatment.
    pub included: u32,
    pub min: u32,
    pub max: u32,
    pub free: bool,
    pub deletable: bool,
    /// An included treatment that may be swapped for a suggested one.
    pub replacable: bool,
    pub additional: bool,
    /// Base-currency minor units.
    pub price: i64,
    pub original: i64,
}

/// Why a package configuration cannot be priced: (field, message).
pub type CostError = (String, String);

/// The package's price for `persons` with the chosen treatments.
///
/// - The package price is per person and includes its primary treatments.
/// - Each extra person adds one to every primary treatment's included
///   quantity and maximum (the configurator's "one step per person").
/// - Quantities above the included ones, and every suggested treatment
///   taken in, cost the treatment's price each (nothing for free ones).
/// - Taking out an included treatment lowers nothing; one that is not
///   deletable cannot be taken out, unless it is replacable and a suggested
///   treatment takes its place (the first suggested one taken in stands in
///   for the first such treatment taken out, and so on). The stand-in takes
///   over its included quantity and costs, for those, only what it costs
///   more than the treatment it replaces.
///
/// Returns (total current, total original, base current, base original).
pub fn package_cost(
    package_price: i64,
    package_original: i64,
    persons: u32,
    lines: &[CostLine],
    chosen: &[(String, u32)],
) -> Result<(i64, i64, i64, i64), CostError> {
    if !(1..=MAX_PACKAGE_PERSONS).contains(&persons) {
        return Err(("persons".into(), format!("must be between 1 and {MAX_PACKAGE_PERSONS}")));
    }
    let step = persons - 1;
    let base = package_price * i64::from(persons);
    let base_original = package_original.max(package_price) * i64::from(persons);
    let (mut extra, mut extra_original) = (0i64, 0i64);
    // Included treatments taken out, and the suggested ones standing in.
    let taken_out: Vec<&CostLine> =
        lines.iter().filter(|l| !l.additional && !l.deletable && !chosen.iter().any(|(c, _)| c == &l.code)).collect();
    let stand_ins = chosen.iter().filter(|(c, _)| lines.iter().any(|l| &l.code == c && l.additional)).map(|(c, _)| c.as_str());
    let replaced: HashMap<&str, &CostLine> = stand_ins.zip(taken_out.iter().copied().filter(|l| l.replacable)).collect();
    let value = |l: &CostLine| if l.free { (0, 0) } else { (l.price, l.original.max(l.price)) };
    for (i, (code, quantity)) in chosen.iter().enumerate() {
        let field = format!("treatments[{i}]");
        if chosen[..i].iter().any(|(c, _)| c == code) {
            return Err((format!("{field}.code"), format!("{code} is listed twice")));
        }
        let Some(line) = lines.iter().find(|l| &l.code == code) else {
            return Err((format!("{field}.code"), format!("{code} is not a treatment of this package")));
        };
        let stands_for = replaced.get(code.as_str()).copied();
        let (min, max, included) = match stands_for {
            Some(old) => (1, ADDITIONAL_MAX_QUANTITY.max(old.max) + step, old.included + step),
            None if line.additional => (1, ADDITIONAL_MAX_QUANTITY + step, 0),
            None => (line.min, line.max + step, line.included + step),
        };
        if *quantity < min || *quantity > max {
            return Err((format!("{field}.quantity"), format!("must be between {min} and {max}")));
        }
        let (price, original) = value(line);
        let paid = i64::from(quantity.saturating_sub(included));
        extra += paid * price;
        extra_original += paid * original;
        if let Some(old) = stands_for {
            let (old_price, old_original) = value(old);
            let swapped = i64::from((*quantity).min(included));
            extra += swapped * (price - old_price).max(0);
            extra_original += swapped * (original - old_original).max(0);
        }
    }
    for line in taken_out {
        if !replaced.values().any(|r| r.code == line.code) {
            let why = if line.replacable { "can only be swapped for a suggested treatment" } else { "cannot be removed" };
            return Err(("treatments".into(), format!("{} is part of the package and {why}", line.code)));
        }
    }
    Ok((base + extra, base_original + extra_original, base, base_original))
}

pub fn is_locale(l: &str) -> bool {
    LOCALES.contains(&l)
}

spa_platform::coded! {
    /// What a product is sold as; kept as its code in the catalog's tables.
    pub enum ProductType: spa_proto::common::ProductType {
        Package => "package",
        Room => "room",
        Treatment => "treatment",
        Product => "product",
        DaySpa => "day_spa",
        Voucher => "voucher",
    }
}

/// Converts minor units of a currency into base-currency minor units,
/// rounding half away from zero. `rate_ppm` is base units per unit × 10⁶.
pub fn to_base(amount: i64, rate_ppm: i64) -> i64 {
    let wide = amount as i128 * rate_ppm as i128;
    let rounded = if wide >= 0 { (wide + 500_000) / 1_000_000 } else { (wide - 500_000) / 1_000_000 };
    rounded as i64
}

/// The wire price: `original` equals `current` when no promotion runs.
pub fn price(current: i64, original: Option<i64>, currency: &str, rate_ppm: i64) -> Price {
    let original = original.filter(|o| *o > current).unwrap_or(current);
    let money = |amount: i64, currency: &str| Some(Money { amount, currency: currency.to_owned() });
    Price {
        current: money(current, currency),
        original: money(original, currency),
        base_current: money(to_base(current, rate_ppm), BASE_CURRENCY),
        base_original: money(to_base(original, rate_ppm), BASE_CURRENCY),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(code: &str, included: u32, additional: bool, price: i64) -> CostLine {
        CostLine {
            code: code.into(),
            included,
            min: 1,
            max: 2,
            free: false,
            deletable: additional,
            replacable: false,
            additional,
            price,
            original: price,
        }
    }

    fn lines() -> Vec<CostLine> {
        let mut sauna = line("SAUNA", 1, false, 9000);
        sauna.free = true;
        vec![line("MASSAGE", 1, false, 15000), sauna, line("FACIAL", 0, true, 20000)]
    }

    #[test]
    fn included_treatments_cost_nothing_extra() {
        let chosen = vec![("MASSAGE".into(), 1), ("SAUNA".into(), 1)];
        assert_eq!(package_cost(100_000, 120_000, 1, &lines(), &chosen), Ok((100_000, 120_000, 100_000, 120_000)));
    }

    #[test]
    fn a_second_person_doubles_the_base_and_includes_one_more_of_each() {
        let chosen = vec![("MASSAGE".into(), 2), ("SAUNA".into(), 2)];
        assert_eq!(package_cost(100_000, 100_000, 2, &lines(), &chosen).unwrap().0, 200_000);
        let chosen = vec![("MASSAGE".into(), 3), ("SAUNA".into(), 3)];
        assert_eq!(package_cost(100_000, 100_000, 2, &lines(), &chosen).unwrap().0, 215_000, "one extra massage; the sauna is free");
    }

    #[test]
    fn extra_and_suggested_treatments_are_paid() {
        let chosen = vec![("MASSAGE".into(), 2), ("SAUNA".into(), 1), ("FACIAL".into(), 1)];
        assert_eq!(package_cost(100_000, 100_000, 1, &lines(), &chosen).unwrap().0, 135_000);
        // A taken-in treatment raised to 2 for one person may go to 3 for two.
        let chosen = vec![("MASSAGE".into(), 2), ("SAUNA".into(), 2), ("FACIAL".into(), 3)];
        assert_eq!(package_cost(100_000, 100_000, 2, &lines(), &chosen).unwrap().0, 260_000);
    }

    #[test]
    fn bad_configurations_name_their_field() {
        let err = |persons, chosen: Vec<(String, u32)>| package_cost(1, 1, persons, &lines(), &chosen).unwrap_err().0;
        assert_eq!(err(3, vec![]), "persons");
        assert_eq!(err(0, vec![]), "persons");
        assert_eq!(err(1, vec![("MASSAGE".into(), 3), ("SAUNA".into(), 1)]), "treatments[0].quantity");
        assert_eq!(err(1, vec![("MASSAGE".into(), 0), ("SAUNA".into(), 1)]), "treatments[0].quantity");
        assert_eq!(err(1, vec![("NOPE".into(), 1)]), "treatments[0].code");
        assert_eq!(err(1, vec![("MASSAGE".into(), 1), ("MASSAGE".into(), 1)]), "treatments[1].code");
        assert_eq!(err(1, vec![("MASSAGE".into(), 1)]), "treatments", "the sauna is not deletable");
        assert_eq!(err(1, vec![("MASSAGE".into(), 1), ("SAUNA".into(), 1), ("FACIAL".into(), 3)]), "treatments[2].quantity");
    }

    #[test]
    fn a_replacable_treatment_is_swapped_for_a_suggested_one_at_the_difference() {
        let mut lines = lines();
        lines[0].replacable = true;
        lines.push(line("SCRUB", 0, true, 10000));
        // The facial (200 zł) stands in for the massage (150 zł): 50 zł more.
        let chosen = vec![("SAUNA".into(), 1), ("FACIAL".into(), 1)];
        assert_eq!(package_cost(100_000, 100_000, 1, &lines, &chosen).unwrap().0, 105_000);
        // A cheaper stand-in costs nothing more; a second unit is paid in full.
        let chosen = vec![("SAUNA".into(), 1), ("SCRUB".into(), 2)];
        assert_eq!(package_cost(100_000, 100_000, 1, &lines, &chosen).unwrap().0, 110_000);
        // For two persons it takes over two included units.
        let chosen = vec![("SAUNA".into(), 2), ("FACIAL".into(), 2)];
        assert_eq!(package_cost(100_000, 100_000, 2, &lines, &chosen).unwrap().0, 210_000);
        // Taken out with nothing in its place, it is missed.
        let err = package_cost(100_000, 100_000, 1, &lines, &[("SAUNA".into(), 1)]).unwrap_err();
        assert_eq!(err.0, "treatments");
        assert!(err.1.contains("swapped"), "{}", err.1);
        // The sauna is not replacable: a suggested treatment does not stand in for it.
        let chosen = vec![("MASSAGE".into(), 1), ("FACIAL".into(), 1)];
        assert_eq!(package_cost(100_000, 100_000, 1, &lines, &chosen).unwrap_err().0, "treatments");
    }

    #[test]
    fn sortings_round_trip() {
        for s in ["taxons_position_asc", "price_asc", "price_desc", "latest", "oldest", "position_asc"] {
            assert_eq!(Sorting::parse(s).unwrap().as_str(), s);
        }
        assert_eq!(Sorting::parse(""), Some(Sorting::TaxonsPositionAsc));
        assert_eq!(Sorting::parse("name_asc"), None);
    }

    #[test]
    fn base_price_converts_and_rounds() {
        assert_eq!(to_base(1000, 1_000_000), 1000);
        assert_eq!(to_base(1000, 4_300_000), 4300);
        assert_eq!(to_base(999, 4_305_000), 4301); // 4300.695 -> 4301
        assert_eq!(to_base(1, 4_500_000), 5); // 4.5 rounds away from zero
    }

    #[test]
    fn original_price_only_counts_when_higher() {
        let p = price(18000, Some(20000), "PLN", 1_000_000);
        assert_eq!(p.original.unwrap().amount, 20000);
        let p = price(18000, Some(15000), "PLN", 1_000_000);
        assert_eq!(p.original.unwrap().amount, 18000, "a lower 'original' is no promotion");
        let p = price(1000, None, "EUR", 4_300_000);
        assert_eq!(p.base_current.unwrap(), Money { amount: 4300, currency: "PLN".into() });
    }
}
