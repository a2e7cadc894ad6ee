//! What a listing may ask for: its type, locale, page, order, price range,
//! stay length and taxons, checked in that order so one request always
//! gets the same first error.

use std::collections::BTreeSet;

use super::{PACKAGE_NIGHTS, ProductType, check_locale};
use crate::error::CatalogError;

pub const MAX_LIMIT: u32 = 1000;
pub const DEFAULT_LIMIT: u32 = 20;
/// Bounds the SQL placeholders of one listing (SQLite allows 32,766).
pub const MAX_TAXON_FILTERS: usize = 50;

spa_platform::coded! {
    /// Listing orders.
    pub enum Sorting: spa_proto::spa::catalog::v1::Sorting {
        TaxonsPositionAsc => "taxons_position_asc",
        PriceAsc => "price_asc",
        PriceDesc => "price_desc",
        Latest => "latest",
        Oldest => "oldest",
        PositionAsc => "position_asc",
    }
}

impl Sorting {
    /// The order a request asks for: unspecified is the default order.
    pub fn asked(wire: i32) -> Result<Self, CatalogError> {
        if wire == 0 {
            return Ok(Self::TaxonsPositionAsc);
        }
        Self::from_wire(wire).ok_or_else(|| CatalogError::InvalidSorting(wire.to_string()))
    }
}

/// A listing request as it came, before any check.
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    /// The offer type's wire value.
    pub kind: i32,
    pub locale: &'a str,
    /// 0 for the first.
    pub page: u32,
    /// 0 for [`DEFAULT_LIMIT`].
    pub limit: u32,
    /// The order's wire value; 0 for the default.
    pub sorting: i32,
    pub price_from: Option<i64>,
    pub price_to: Option<i64>,
    /// 0 for any.
    pub nights: u32,
    /// Taxon codes as asked, repeats included.
    pub taxons: &'a [String],
}

/// A listing query after validation.
#[derive(Clone, Debug)]
pub struct OfferQuery {
    pub kind: ProductType,
    pub locale: String,
    pub page: u32,
    pub limit: u32,
    pub sorting: Sorting,
    pub price_from: Option<i64>,
    pub price_to: Option<i64>,
    /// Already expanded with every descendant.
    pub taxons: Vec<String>,
    pub nights: u32,
}

impl OfferQuery {
    /// Checks everything a listing asks for but whether its taxons exist,
    /// which the store knows: the query comes without taxons (see
    /// [`super::taxons::filter`]).
    pub fn check(asked: &Asked<'_>) -> Result<Self, CatalogError> {
        let kind = ProductType::asked(asked.kind)?;
        check_locale(asked.locale)?;
        let limit = if asked.limit == 0 { DEFAULT_LIMIT } else { asked.limit };
        if limit > MAX_LIMIT {
            return Err(CatalogError::InvalidLimit);
        }
        let sorting = Sorting::asked(asked.sorting)?;
        for (field, value) in [("price_from", asked.price_from), ("price_to", asked.price_to)] {
            if value.is_some_and(|v| v < 0) {
                return Err(CatalogError::NegativePrice(field));
            }
        }
        if let (Some(from), Some(to)) = (asked.price_from, asked.price_to)
            && from > to
        {
            return Err(CatalogError::InvertedPriceRange);
        }
        if asked.nights != 0 {
            if kind != ProductType::Package {
                return Err(CatalogError::NightsNotForPackage);
            }
            if !PACKAGE_NIGHTS.contains(&asked.nights) {
                return Err(CatalogError::InvalidNights);
            }
        }
        if asked.taxons.iter().collect::<BTreeSet<_>>().len() > MAX_TAXON_FILTERS {
            return Err(CatalogError::TooManyTaxons);
        }
        Ok(Self {
            kind,
            locale: asked.locale.to_owned(),
            page: asked.page.max(1),
            limit,
            sorting,
            price_from: asked.price_from,
            price_to: asked.price_to,
            taxons: Vec::new(),
            nights: asked.nights,
        })
    }

    /// The cache key of this listing's page in a cache generation; `taxons`
    /// as asked (the expanded set follows from them).
    pub fn cache_key(&self, generation: &str, taxons: &[String]) -> String {
        format!(
            "offers:{generation}:{}:{}:{}:{}:{}:{:?}:{:?}:{}:{}",
            self.kind,
            self.locale,
            self.page,
            self.limit,
            self.sorting.code(),
            self.price_from,
            self.price_to,
            self.nights,
            taxons.join(",")
        )
    }

    /// How many pages `total` matching products fill: at least one.
    pub fn pages(&self, total: u32) -> u32 {
        total.div_ceil(self.limit).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked() -> Asked<'static> {
        Asked {
            kind: ProductType::Package.wire(),
            locale: "pl",
            page: 0,
            limit: 0,
            sorting: 0,
            price_from: None,
            price_to: None,
            nights: 0,
            taxons: &[],
        }
    }

    #[test]
    fn sortings_round_trip() {
        for s in Sorting::ALL {
            assert_eq!(Sorting::asked(s.wire()).unwrap(), *s);
        }
        assert_eq!(Sorting::asked(0).unwrap(), Sorting::TaxonsPositionAsc, "unspecified: the default");
        assert!(Sorting::asked(99).is_err());
    }

    #[test]
    fn defaults_fill_an_empty_request() {
        let q = OfferQuery::check(&asked()).unwrap();
        assert_eq!((q.page, q.limit, q.sorting), (1, DEFAULT_LIMIT, Sorting::TaxonsPositionAsc));
        assert_eq!((q.pages(0), q.pages(20), q.pages(21)), (1, 1, 2));
    }

    #[test]
    fn each_bad_field_has_its_error() {
        let err = |a: Asked<'_>| OfferQuery::check(&a).unwrap_err().to_string();
        assert_eq!(err(Asked { locale: "fr", ..asked() }), "unknown locale \"fr\"; use pl, de or en_GB");
        assert_eq!(err(Asked { limit: 1001, ..asked() }), "limit must be at most 1000");
        assert_eq!(err(Asked { sorting: 99, ..asked() }), "unknown sorting \"99\"");
        assert_eq!(err(Asked { price_to: Some(-1), ..asked() }), "price_to cannot be negative");
        assert_eq!(err(Asked { price_from: Some(2), price_to: Some(1), ..asked() }), "price_from is above price_to");
        assert_eq!(err(Asked { nights: 6, ..asked() }), "nights must be between 2 and 5");
        let room = ProductType::Room.wire();
        assert_eq!(err(Asked { kind: room, nights: 3, ..asked() }), "nights filters packages only");
        let many: Vec<String> = (0..=MAX_TAXON_FILTERS).map(|i| i.to_string()).collect();
        assert_eq!(err(Asked { taxons: &many, ..asked() }), "at most 50 different taxons");
        let repeated = vec!["spa".to_owned(); MAX_TAXON_FILTERS + 1];
        assert!(OfferQuery::check(&Asked { taxons: &repeated, ..asked() }).is_ok(), "repeats count once");
    }
}
