//! The catalog's rules, free of storage and transport: locales and product
//! types (here), prices and their base-currency value ([`price`]), what a
//! listing may ask for ([`listing`]), what a package costs and offers
//! ([`package`]), the taxon tree ([`taxons`]). Each is a pure function with
//! unit tests.

pub mod editor;
pub mod listing;
pub mod package;
pub mod pictures;
pub mod price;
pub mod taxons;

pub use listing::{MAX_LIMIT, MAX_TAXON_FILTERS, OfferQuery, Sorting};
pub use package::{ADDITIONAL_MAX_QUANTITY, CostError, CostLine, MAX_PACKAGE_PERSONS, PACKAGE_NIGHTS, package_cost};
pub use price::{BASE_CURRENCY, price, to_base};

use crate::error::CatalogError;

/// The language a product's text falls back to when it has none in the one asked for.
pub const FALLBACK_LOCALE: &str = spa_platform::locale::Locale::FALLBACK.code();
/// The related products slider shows at most four (spec 9).
pub const MAX_RELATED: usize = 4;
/// How many products one `GetProducts` call may ask for.
pub const MAX_CODES: usize = 200;

/// `locale` if the catalog speaks it.
pub fn check_locale(locale: &str) -> Result<(), CatalogError> {
    match spa_platform::locale::Locale::parse(locale) {
        Some(_) => Ok(()),
        None => Err(CatalogError::InvalidLocale(locale.to_owned())),
    }
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

impl ProductType {
    /// The type a listing asks for by its wire value.
    pub fn asked(wire: i32) -> Result<Self, CatalogError> {
        Self::from_wire(wire).ok_or_else(|| {
            let known: Vec<&str> = Self::ALL.iter().map(|t| t.code()).collect();
            CatalogError::UnknownType(known.join(", "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_shops_locales_are_spoken() {
        assert!(check_locale("en_GB").is_ok());
        assert!(matches!(check_locale("en"), Err(CatalogError::InvalidLocale(l)) if l == "en"));
    }

    #[test]
    fn an_unknown_type_lists_the_known_ones() {
        let e = ProductType::asked(-1).unwrap_err();
        assert_eq!(e.to_string(), "unknown offer type; use one of package, room, treatment, product, day_spa, voucher");
    }
}
