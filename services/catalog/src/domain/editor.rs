//! What an administrator may set on a product, and how it is checked: the
//! texts per language (Polish required, the others optional and shown in
//! Polish while missing), the slug's shape, the price and a promotion's
//! original price with the dates it runs between, the stock of a product, a treatment's duration, the
//! dates it is sold between, its categories, the offers shown with it, a
//! gift voucher's price options and a package's nights and treatments. Every
//! wrong field is named at once, by its name in the REST body.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ProductType;
use super::package::PackageRules;

pub const LOCALES: [&str; 3] = ["pl", "de", "en_GB"];
pub const MAX_NAME: usize = 120;
pub const MAX_SLUG: usize = 120;
pub const MAX_DESCRIPTION: usize = 5000;
pub const MAX_META_TITLE: usize = 70;
pub const MAX_META_DESCRIPTION: usize = 160;
pub const PRICES: std::ops::RangeInclusive<i64> = 100..=100_000_000;
pub const STOCK: std::ops::RangeInclusive<i64> = 0..=1_000_000;
pub const DURATION: std::ops::RangeInclusive<u32> = 5..=600;
pub const MAX_TAXONS: usize = 10;
pub const MAX_RELATED: usize = 20;
pub const MAX_VOUCHER_VALUES: usize = 10;
/// A package's stay: 0 (a day package) or up to two weeks.
pub const PACKAGE_NIGHTS: std::ops::RangeInclusive<u32> = 0..=14;
/// Included treatments, and suggested ones, each.
pub const MAX_PACKAGE_TREATMENTS: usize = 10;
/// An included treatment's quantities for one person.
pub const TREATMENT_QUANTITY: std::ops::RangeInclusive<u32> = 1..=10;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Texts {
    pub name: String,
    pub slug: String,
    pub description: String,
    pub meta_title: String,
    pub meta_description: String,
}

impl Texts {
    /// The texts as typed, trimmed.
    pub fn trimmed(self) -> Self {
        Self {
            name: self.name.trim().to_owned(),
            slug: self.slug.trim().to_owned(),
            description: self.description.trim().to_owned(),
            meta_title: self.meta_title.trim().to_owned(),
            meta_description: self.meta_description.trim().to_owned(),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Fields {
    pub published: bool,
    /// By locale; Polish always.
    pub translations: BTreeMap<String, Texts>,
    pub price: i64,
    pub original_price: Option<i64>,
    pub stock: Option<i64>,
    pub duration_minutes: Option<u32>,
    pub age_restriction: bool,
    pub available_from: Option<String>,
    pub available_to: Option<String>,
    /// The promotion runs from, to (inclusive; none: open).
    #[serde(default)]
    pub promotion_from: Option<String>,
    #[serde(default)]
    pub promotion_to: Option<String>,
    /// The categories beside the main one, in order; none: left as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taxons: Option<Vec<String>>,
    /// The offers shown with it, in order; none: left as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub related: Option<Vec<String>>,
    /// A gift voucher's price options (grosze, ascending); none: left as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voucher_values: Option<Vec<i64>>,
    /// A package's nights and treatments; none: left as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub package: Option<PackageSetup>,
}

/// What a package is: the nights of its stay and its treatments' rules
/// (which the configurator, the cost rule and the cart obey).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PackageSetup {
    pub nights: u32,
    pub rules: PackageRules,
}

impl PackageSetup {
    /// Every wrong field, as `package.…`: which codes are treatments is the store's to say.
    fn check(&self, wrong: &mut Vec<String>) {
        let mut field = |name: String, ok: bool| {
            if !ok {
                wrong.push(format!("package.{name}"));
            }
        };
        let PackageRules { primary, additional, min_treatments } = &self.rules;
        field("nights".into(), PACKAGE_NIGHTS.contains(&self.nights));
        field("included".into(), (1..=MAX_PACKAGE_TREATMENTS).contains(&primary.len()));
        let included: Vec<&str> = primary.iter().map(|t| t.code.as_str()).collect();
        let repeat = first_repeat(&included);
        for (i, t) in primary.iter().enumerate().take(MAX_PACKAGE_TREATMENTS) {
            field(format!("included[{i}].code"), !t.code.is_empty() && repeat != Some(i));
            // At least one of each for one person, the included count between the bounds.
            field(format!("included[{i}].quantity"), TREATMENT_QUANTITY.contains(&t.quantity));
            field(format!("included[{i}].minQuantity"), TREATMENT_QUANTITY.contains(&t.min_quantity) && t.min_quantity <= t.quantity);
            field(format!("included[{i}].maxQuantity"), TREATMENT_QUANTITY.contains(&t.max_quantity) && t.max_quantity >= t.quantity);
        }
        field("suggested".into(), additional.len() <= MAX_PACKAGE_TREATMENTS);
        let suggested: Vec<&str> = additional.iter().map(|t| t.code.as_str()).collect();
        let repeat = first_repeat(&suggested);
        for (i, code) in suggested.iter().enumerate().take(MAX_PACKAGE_TREATMENTS) {
            // One already included would be offered twice.
            field(format!("suggested[{i}]"), !code.is_empty() && repeat != Some(i) && !included.contains(code));
        }
        field("minTreatments".into(), *min_treatments as usize <= primary.len());
    }
}

/// The first place of a list where an entry repeats an earlier one.
fn first_repeat<T: PartialEq>(items: &[T]) -> Option<usize> {
    (1..items.len()).find(|&i| items[..i].contains(&items[i]))
}

/// `a-z`, digits and single dashes between them.
pub fn valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= MAX_SLUG
        && slug.split('-').all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}

/// A new product's code: an upper-case letter, then 2 to 40 upper-case letters, digits or `_`.
pub fn valid_code(code: &str) -> bool {
    let b = code.as_bytes();
    (3..=41).contains(&b.len())
        && b[0].is_ascii_uppercase()
        && b[1..].iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_')
}

fn is_date(value: &str) -> bool {
    chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d").is_ok()
}

impl Fields {
    /// The fields as typed: texts trimmed, a language with every text
    /// empty left out (its guests see Polish), empty dates none.
    pub fn normalized(mut self) -> Self {
        self.translations = std::mem::take(&mut self.translations)
            .into_iter()
            .map(|(locale, texts)| (locale, texts.trimmed()))
            .filter(|(locale, texts)| locale == "pl" || *texts != Texts::default())
            .collect();
        let date = |d: Option<String>| d.map(|d| d.trim().to_owned()).filter(|d| !d.is_empty());
        self.available_from = date(self.available_from.take());
        self.available_to = date(self.available_to.take());
        self.promotion_from = date(self.promotion_from.take());
        self.promotion_to = date(self.promotion_to.take());
        self
    }

    /// Every wrong field of a product of `kind`, named as the REST body names it.
    pub fn check(&self, kind: ProductType) -> Vec<String> {
        let mut wrong = Vec::new();
        for locale in self.translations.keys().filter(|l| !LOCALES.contains(&l.as_str())) {
            wrong.push(format!("translations.{locale}"));
        }
        if !self.translations.contains_key("pl") {
            wrong.push("translations.pl.name".to_owned());
        }
        for (locale, t) in self.translations.iter().filter(|(l, _)| LOCALES.contains(&l.as_str())) {
            let mut field = |name: &str, ok: bool| {
                if !ok {
                    wrong.push(format!("translations.{locale}.{name}"));
                }
            };
            let chars = |text: &str| text.chars().count();
            field("name", (1..=MAX_NAME).contains(&chars(&t.name)));
            field("slug", valid_slug(&t.slug));
            field("description", chars(&t.description) <= MAX_DESCRIPTION);
            field("metaTitle", chars(&t.meta_title) <= MAX_META_TITLE);
            field("metaDescription", chars(&t.meta_description) <= MAX_META_DESCRIPTION);
        }
        if !PRICES.contains(&self.price) {
            wrong.push("price".to_owned());
        }
        if self.original_price.is_some_and(|o| !PRICES.contains(&o) || o <= self.price) {
            wrong.push("originalPrice".to_owned());
        }
        match (kind, self.stock) {
            (ProductType::Product, Some(s)) if !STOCK.contains(&s) => wrong.push("stock".to_owned()),
            (ProductType::Product, _) | (_, None) => {}
            (_, Some(_)) => wrong.push("stock".to_owned()),
        }
        match (kind, self.duration_minutes) {
            (ProductType::Treatment, None) => wrong.push("durationMinutes".to_owned()),
            (_, Some(d)) if !DURATION.contains(&d) => wrong.push("durationMinutes".to_owned()),
            _ => {}
        }
        let promotion = self.original_price.is_some();
        for (from_name, to_name, from, to) in [
            ("availableFrom", "availableTo", &self.available_from, &self.available_to),
            ("promotionFrom", "promotionTo", &self.promotion_from, &self.promotion_to),
        ] {
            // Promotion dates without a promotion (an original price) mean nothing.
            let pointless = from_name == "promotionFrom" && !promotion;
            for (name, date) in [(from_name, from), (to_name, to)] {
                if date.as_deref().is_some_and(|d| !is_date(d) || pointless) {
                    wrong.push(name.to_owned());
                }
            }
            if let (Some(from), Some(to)) = (from, to)
                && is_date(from)
                && is_date(to)
                && to < from
                && !pointless
            {
                wrong.push(to_name.to_owned());
            }
        }
        for (name, codes, max) in [("taxons", &self.taxons, MAX_TAXONS), ("related", &self.related, MAX_RELATED)] {
            let Some(codes) = codes else { continue };
            if codes.len() > max {
                wrong.push(name.to_owned());
            } else if let Some(i) = codes.iter().position(|c| c.is_empty()).or_else(|| first_repeat(codes)) {
                wrong.push(format!("{name}[{i}]"));
            }
        }
        match (kind, &self.voucher_values) {
            (_, None) => {}
            (ProductType::Voucher, Some(values)) if values.is_empty() || values.len() > MAX_VOUCHER_VALUES => {
                wrong.push("voucherValues".to_owned())
            }
            (ProductType::Voucher, Some(values)) => {
                // Ascending without repeats: the order guests choose from.
                if let Some(i) = (0..values.len()).find(|&i| !PRICES.contains(&values[i]) || (i > 0 && values[i] <= values[i - 1])) {
                    wrong.push(format!("voucherValues[{i}]"));
                }
            }
            (_, Some(_)) => wrong.push("voucherValues".to_owned()),
        }
        match (kind, &self.package) {
            (_, None) => {}
            (ProductType::Package, Some(package)) => package.check(&mut wrong),
            (_, Some(_)) => wrong.push("package".to_owned()),
        }
        wrong
    }

    /// The languages without texts, shown in Polish.
    pub fn missing_locales(&self) -> Vec<String> {
        LOCALES.iter().filter(|l| !self.translations.contains_key(**l)).map(|l| (*l).to_owned()).collect()
    }
}

/// What an administrator may create here: every offer but a room, which
/// is the rooms service's room type first.
pub fn creatable(kind: ProductType) -> bool {
    kind != ProductType::Room
}

/// The fields a new product of `kind` cannot be without, as the REST body names them.
pub fn required_when_created(kind: ProductType, fields: &Fields) -> Option<&'static str> {
    match kind {
        ProductType::Package if fields.package.is_none() => Some("package"),
        ProductType::Voucher if fields.voucher_values.is_none() => Some("voucherValues"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(name: &str, slug: &str) -> Texts {
        Texts { name: name.into(), slug: slug.into(), ..Texts::default() }
    }

    fn fields() -> Fields {
        Fields {
            published: true,
            translations: [("pl".to_owned(), texts("Masaż", "masaz"))].into(),
            price: 18_000,
            duration_minutes: Some(60),
            ..Fields::default()
        }
    }

    #[test]
    fn a_slug_is_lower_case_words_joined_by_single_dashes() {
        assert!(valid_slug("masaz-goracymi-kamieniami") && valid_slug("spa-2"));
        for wrong in ["", "-a", "a-", "a--b", "Masaz", "masaż", "a b", &"a".repeat(121)] {
            assert!(!valid_slug(wrong), "{wrong}");
        }
        assert!(valid_code("TR_NEW_1") && !valid_code("tr_new") && !valid_code("TR") && !valid_code("1TR"));
    }

    #[test]
    fn a_language_left_empty_is_shown_in_polish() {
        let mut f = fields();
        f.translations.insert("de".into(), Texts { name: "  ".into(), ..Texts::default() });
        f.translations.insert("en_GB".into(), texts(" Massage ", "massage"));
        let f = f.normalized();
        assert_eq!(f.translations.keys().collect::<Vec<_>>(), ["en_GB", "pl"]);
        assert_eq!(f.translations["en_GB"].name, "Massage");
        assert_eq!(f.missing_locales(), ["de"]);
        assert_eq!(f.check(ProductType::Treatment), Vec::<String>::new());
    }

    #[test]
    fn every_wrong_field_is_named() {
        let mut f = fields();
        f.translations.insert("de".into(), texts("", "Nicht Gut"));
        f.translations.insert("fr".into(), texts("Massage", "massage"));
        f.price = 50;
        f.original_price = Some(40);
        f.stock = Some(3);
        f.duration_minutes = None;
        f.available_from = Some("2027-05-01".into());
        f.available_to = Some("2027-04-01".into());
        assert_eq!(
            f.check(ProductType::Treatment),
            [
                "translations.fr",
                "translations.de.name",
                "translations.de.slug",
                "price",
                "originalPrice",
                "stock",
                "durationMinutes",
                "availableTo"
            ]
        );
        let promotion = Fields { original_price: Some(18_000), ..fields() };
        assert_eq!(promotion.check(ProductType::Treatment), ["originalPrice"], "not above the price");
        let product = Fields { stock: Some(0), duration_minutes: None, ..fields() };
        assert_eq!(product.check(ProductType::Product), Vec::<String>::new(), "sold out");
        let no_polish = Fields { translations: BTreeMap::new(), ..fields() };
        assert_eq!(no_polish.check(ProductType::Treatment), ["translations.pl.name"]);
    }

    #[test]
    fn categories_related_offers_and_a_vouchers_options_are_lists_without_repeats() {
        let codes = |c: &[&str]| Some(c.iter().map(|c| (*c).to_owned()).collect::<Vec<_>>());
        let listed = Fields { taxons: codes(&["massages", "face-care"]), related: codes(&["TR_SAUNA_RITUAL"]), ..fields() };
        assert_eq!(listed.check(ProductType::Treatment), Vec::<String>::new());
        let repeated = Fields { taxons: codes(&["massages", "massages"]), related: codes(&["A", ""]), ..fields() };
        assert_eq!(repeated.check(ProductType::Treatment), ["taxons[1]", "related[1]"]);
        let many = Fields { related: Some(vec!["TR_X".to_owned(); MAX_RELATED + 1]), ..fields() };
        assert_eq!(many.check(ProductType::Treatment), ["related"]);

        let voucher = |values: &[i64]| Fields { voucher_values: Some(values.to_vec()), duration_minutes: None, ..fields() };
        assert_eq!(voucher(&[10_000, 20_000, 50_000]).check(ProductType::Voucher), Vec::<String>::new());
        assert_eq!(voucher(&[10_000, 10_000]).check(ProductType::Voucher), ["voucherValues[1]"], "a repeat");
        assert_eq!(voucher(&[20_000, 10_000]).check(ProductType::Voucher), ["voucherValues[1]"], "not ascending");
        assert_eq!(voucher(&[50]).check(ProductType::Voucher), ["voucherValues[0]"], "below 1 zł");
        assert_eq!(voucher(&[]).check(ProductType::Voucher), ["voucherValues"], "none to choose");
        assert_eq!(voucher(&[10_000]).check(ProductType::Product), ["voucherValues"], "vouchers only");
        assert_eq!(Fields { duration_minutes: None, ..fields() }.check(ProductType::Voucher), Vec::<String>::new(), "left as they are");
    }

    #[test]
    fn a_packages_treatments_keep_their_quantities_in_order_and_are_listed_once() {
        use crate::domain::package::{AdditionalRule, TreatmentRule};
        let rule = |code: &str, quantity, min_quantity, max_quantity| TreatmentRule {
            code: code.into(),
            quantity,
            min_quantity,
            max_quantity,
            free: false,
            deletable: false,
            replacable: true,
            delete_permanently: false,
        };
        let package = |primary: Vec<TreatmentRule>, additional: &[&str], min_treatments| Fields {
            duration_minutes: None,
            package: Some(PackageSetup {
                nights: 2,
                rules: PackageRules {
                    primary,
                    additional: additional.iter().map(|c| AdditionalRule { code: (*c).into() }).collect(),
                    min_treatments,
                },
            }),
            ..fields()
        };
        let good = package(vec![rule("TR_A", 1, 1, 2), rule("TR_B", 2, 1, 4)], &["TR_C"], 2);
        assert_eq!(good.check(ProductType::Package), Vec::<String>::new());
        assert_eq!(good.check(ProductType::DaySpa), ["package"], "packages only");
        let wrong = package(vec![rule("TR_A", 0, 1, 2), rule("TR_A", 2, 3, 1), rule("", 1, 1, 11)], &["TR_A", "TR_C", "TR_C"], 4);
        assert_eq!(
            wrong.check(ProductType::Package),
            [
                "package.included[0].quantity",
                "package.included[0].minQuantity",
                "package.included[1].code",
                "package.included[1].minQuantity",
                "package.included[1].maxQuantity",
                "package.included[2].code",
                "package.included[2].maxQuantity",
                "package.suggested[0]",
                "package.suggested[2]",
                "package.minTreatments",
            ]
        );
        let empty = package(vec![], &[], 0);
        assert_eq!(empty.check(ProductType::Package), ["package.included"]);
        let long = Fields { package: Some(PackageSetup { nights: 15, ..good.package.clone().unwrap() }), ..good.clone() };
        assert_eq!(long.check(ProductType::Package), ["package.nights"]);
        assert_eq!(required_when_created(ProductType::Package, &fields()), Some("package"));
        assert_eq!(required_when_created(ProductType::Voucher, &fields()), Some("voucherValues"));
        assert_eq!(required_when_created(ProductType::Package, &good), None);
        assert!(!creatable(ProductType::Room) && creatable(ProductType::Package) && creatable(ProductType::Voucher));
    }

    #[test]
    fn a_promotion_runs_between_dates_in_order_and_only_with_an_original_price() {
        let dated = |from: &str, to: &str, original: Option<i64>| Fields {
            original_price: original,
            promotion_from: Some(from.into()),
            promotion_to: Some(to.into()),
            ..fields()
        };
        assert_eq!(dated("2027-07-01", "2027-07-31", Some(20_000)).check(ProductType::Treatment), Vec::<String>::new());
        assert_eq!(dated("2027-07-31", "2027-07-01", Some(20_000)).check(ProductType::Treatment), ["promotionTo"]);
        assert_eq!(dated("2027-07-01", "lipiec", Some(20_000)).check(ProductType::Treatment), ["promotionTo"]);
        assert_eq!(dated("2027-07-01", "2027-07-31", None).check(ProductType::Treatment), ["promotionFrom", "promotionTo"]);
        let open = Fields { promotion_from: Some(" ".into()), ..dated("x", "2027-07-31", Some(20_000)) }.normalized();
        assert_eq!((open.check(ProductType::Treatment), open.promotion_from), (Vec::<String>::new(), None));
    }
}
