//! Packages: the treatments they include and suggest (kept as JSON in the
//! product's details), what the configurator shows of them, and what a
//! configuration costs.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use spa_proto::spa::catalog::v1::{PackageCost, PackageTreatment, PackageTreatments, Product};

use super::price::{BaseAmounts, base_amounts, base_money};
use crate::error::CatalogError;

pub const MAX_PACKAGE_PERSONS: u32 = 2;
/// Nights a package stay may last, as the stay-length filter offers them.
pub const PACKAGE_NIGHTS: std::ops::RangeInclusive<u32> = 2..=5;
/// A suggested treatment taken into a package: quantity 1 to 2 for one
/// person (spec 5); like the package's own treatments, each extra person
/// adds one to its maximum.
pub const ADDITIONAL_MAX_QUANTITY: u32 = 2;

/// A package's treatments: its own (`primary`) and those it suggests.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PackageRules {
    pub primary: Vec<TreatmentRule>,
    #[serde(default)]
    pub additional: Vec<AdditionalRule>,
    #[serde(default)]
    pub min_treatments: u32,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TreatmentRule {
    pub code: String,
    pub quantity: u32,
    pub min_quantity: u32,
    pub max_quantity: u32,
    #[serde(default)]
    pub free: bool,
    #[serde(default)]
    pub deletable: bool,
    #[serde(default)]
    pub replacable: bool,
    #[serde(default)]
    pub delete_permanently: bool,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct AdditionalRule {
    pub code: String,
}

impl PackageRules {
    /// Every treatment's code: the package's own, then the suggested ones.
    pub fn codes(&self) -> Vec<String> {
        self.primary.iter().map(|t| t.code.clone()).chain(self.additional.iter().map(|t| t.code.clone())).collect()
    }

    /// The configurator's view of the treatments, with the names and prices
    /// of `products` (the treatments in the visitor's locale); a treatment
    /// no longer in the catalog is left out.
    pub fn treatments(&self, products: &[Product]) -> PackageTreatments {
        let find = |code: &str| products.iter().find(|p| p.code == code);
        let base = |p: &Product| PackageTreatment {
            code: p.code.clone(),
            name: p.name.clone(),
            description: p.description.clone(),
            slug: p.slug.clone(),
            images: p.images.clone(),
            price: p.price.clone(),
            duration_minutes: p.duration_minutes,
            ..Default::default()
        };
        let primary = self
            .primary
            .iter()
            .filter_map(|r| {
                find(&r.code).map(|p| PackageTreatment {
                    quantity: r.quantity,
                    min_quantity: r.min_quantity,
                    max_quantity: r.max_quantity,
                    free: r.free,
                    deletable: r.deletable,
                    replacable: r.replacable,
                    additional: false,
                    delete_permanently: r.delete_permanently,
                    ..base(p)
                })
            })
            .collect();
        let additional = self
            .additional
            .iter()
            .filter_map(|r| {
                find(&r.code).map(|p| PackageTreatment {
                    quantity: 1,
                    min_quantity: 1,
                    max_quantity: ADDITIONAL_MAX_QUANTITY,
                    deletable: true,
                    additional: true,
                    ..base(p)
                })
            })
            .collect();
        PackageTreatments { primary, additional, min_treatments: self.min_treatments }
    }

    /// The treatments as the cost rule sees them, priced from `treatments`
    /// (a treatment no longer in the catalog costs nothing).
    pub fn cost_lines(&self, treatments: &[Product]) -> Vec<CostLine> {
        let price_of = |code: &str| treatments.iter().find(|p| p.code == code).map(base_amounts).unwrap_or_default();
        let mut lines: Vec<CostLine> = self
            .primary
            .iter()
            .map(|r| {
                let BaseAmounts { current, original } = price_of(&r.code);
                CostLine {
                    code: r.code.clone(),
                    included: r.quantity,
                    min: r.min_quantity,
                    max: r.max_quantity,
                    free: r.free,
                    deletable: r.deletable,
                    replacable: r.replacable,
                    additional: false,
                    price: current,
                    original,
                }
            })
            .collect();
        lines.extend(self.additional.iter().map(|r| {
            let BaseAmounts { current, original } = price_of(&r.code);
            CostLine {
                code: r.code.clone(),
                included: 0,
                min: 1,
                max: 2,
                free: false,
                deletable: true,
                replacable: false,
                additional: true,
                price: current,
                original,
            }
        }));
        lines
    }
}

/// What `package` costs for `persons` with the `chosen` treatments (code,
/// quantity), its treatments priced from `treatments`.
pub fn estimate(
    package: &Product,
    rules: &PackageRules,
    treatments: &[Product],
    persons: u32,
    chosen: &[(String, u32)],
) -> Result<PackageCost, CatalogError> {
    let BaseAmounts { current, original } = base_amounts(package);
    let Cost { total, base } = package_cost(current, original, persons, &rules.cost_lines(treatments), chosen)
        .map_err(|(field, message)| CatalogError::InvalidConfiguration { field, message })?;
    Ok(PackageCost {
        total_current: base_money(total.current),
        total_original: base_money(total.original),
        base_current: base_money(base.current),
        base_original: base_money(base.original),
    })
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

/// A configured package's price: with its extra treatments (`total`) and
/// without them (`base`, the package price times the persons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    pub total: BaseAmounts,
    pub base: BaseAmounts,
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
pub fn package_cost(
    package_price: i64,
    package_original: i64,
    persons: u32,
    lines: &[CostLine],
    chosen: &[(String, u32)],
) -> Result<Cost, CostError> {
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
    Ok(Cost {
        total: BaseAmounts { current: base + extra, original: base_original + extra_original },
        base: BaseAmounts { current: base, original: base_original },
    })
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
        assert_eq!(
            package_cost(100_000, 120_000, 1, &lines(), &chosen),
            Ok(Cost {
                total: BaseAmounts { current: 100_000, original: 120_000 },
                base: BaseAmounts { current: 100_000, original: 120_000 }
            })
        );
    }

    #[test]
    fn a_second_person_doubles_the_base_and_includes_one_more_of_each() {
        let chosen = vec![("MASSAGE".into(), 2), ("SAUNA".into(), 2)];
        assert_eq!(package_cost(100_000, 100_000, 2, &lines(), &chosen).unwrap().total.current, 200_000);
        let chosen = vec![("MASSAGE".into(), 3), ("SAUNA".into(), 3)];
        assert_eq!(
            package_cost(100_000, 100_000, 2, &lines(), &chosen).unwrap().total.current,
            215_000,
            "one extra massage; the sauna is free"
        );
    }

    #[test]
    fn extra_and_suggested_treatments_are_paid() {
        let chosen = vec![("MASSAGE".into(), 2), ("SAUNA".into(), 1), ("FACIAL".into(), 1)];
        assert_eq!(package_cost(100_000, 100_000, 1, &lines(), &chosen).unwrap().total.current, 135_000);
        // A taken-in treatment raised to 2 for one person may go to 3 for two.
        let chosen = vec![("MASSAGE".into(), 2), ("SAUNA".into(), 2), ("FACIAL".into(), 3)];
        assert_eq!(package_cost(100_000, 100_000, 2, &lines(), &chosen).unwrap().total.current, 260_000);
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
        assert_eq!(package_cost(100_000, 100_000, 1, &lines, &chosen).unwrap().total.current, 105_000);
        // A cheaper stand-in costs nothing more; a second unit is paid in full.
        let chosen = vec![("SAUNA".into(), 1), ("SCRUB".into(), 2)];
        assert_eq!(package_cost(100_000, 100_000, 1, &lines, &chosen).unwrap().total.current, 110_000);
        // For two persons it takes over two included units.
        let chosen = vec![("SAUNA".into(), 2), ("FACIAL".into(), 2)];
        assert_eq!(package_cost(100_000, 100_000, 2, &lines, &chosen).unwrap().total.current, 210_000);
        // Taken out with nothing in its place, it is missed.
        let err = package_cost(100_000, 100_000, 1, &lines, &[("SAUNA".into(), 1)]).unwrap_err();
        assert_eq!(err.0, "treatments");
        assert!(err.1.contains("swapped"), "{}", err.1);
        // The sauna is not replacable: a suggested treatment does not stand in for it.
        let chosen = vec![("MASSAGE".into(), 1), ("FACIAL".into(), 1)];
        assert_eq!(package_cost(100_000, 100_000, 1, &lines, &chosen).unwrap_err().0, "treatments");
    }

    #[test]
    fn suggested_treatments_are_priced_like_the_catalog_prices_them() {
        let treatment = |code: &str, amount| Product {
            code: code.into(),
            price: Some(super::super::price(amount, None, "PLN", 1_000_000)),
            ..Default::default()
        };
        let rules = PackageRules {
            primary: vec![TreatmentRule {
                code: "MASSAGE".into(),
                quantity: 1,
                min_quantity: 1,
                max_quantity: 2,
                free: false,
                deletable: false,
                replacable: false,
                delete_permanently: false,
            }],
            additional: vec![AdditionalRule { code: "FACIAL".into() }, AdditionalRule { code: "GONE".into() }],
            min_treatments: 1,
        };
        let products = [treatment("MASSAGE", 15000), treatment("FACIAL", 20000)];
        let lines = rules.cost_lines(&products);
        assert_eq!(
            lines.iter().map(|l| (l.code.as_str(), l.price, l.additional)).collect::<Vec<_>>(),
            [("MASSAGE", 15000, false), ("FACIAL", 20000, true), ("GONE", 0, true)]
        );
        let view = rules.treatments(&products);
        assert_eq!((view.primary.len(), view.additional.len()), (1, 1), "a treatment no longer sold is not offered");
        let package = treatment("PKG", 100_000);
        let chosen = [("MASSAGE".to_owned(), 1), ("FACIAL".to_owned(), 1)];
        let cost = estimate(&package, &rules, &products, 1, &chosen).unwrap();
        assert_eq!(cost.total_current.unwrap().amount, 120_000);
        let e = estimate(&package, &rules, &products, 3, &[]).unwrap_err();
        assert_eq!(e.to_string(), "persons: must be between 1 and 2");
    }
}
