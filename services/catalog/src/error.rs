//! The one error type of the catalog service and its only mapping to gRPC.
//! The gateway maps the codes and messages below to HTTP: they stay as they
//! are. Field names are the REST query's.

use spa_platform::errors;
use tonic::{Code, Status};

use crate::domain::{MAX_LIMIT, MAX_TAXON_FILTERS};

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("unknown locale {0:?}; use pl, de or en_GB")]
    InvalidLocale(String),
    /// Carries the known types' codes, comma-separated.
    #[error("unknown offer type; use one of {0}")]
    UnknownType(String),
    #[error("limit must be at most {MAX_LIMIT}")]
    InvalidLimit,
    #[error("unknown sorting {0:?}")]
    InvalidSorting(String),
    /// A price bound below zero, named as the request spells it.
    #[error("{0} cannot be negative")]
    NegativePrice(&'static str),
    #[error("price_from is above price_to")]
    InvertedPriceRange,
    #[error("nights filters packages only")]
    NightsNotForPackage,
    #[error("nights must be between 2 and 5")]
    InvalidNights,
    #[error("at most {MAX_TAXON_FILTERS} different taxons")]
    TooManyTaxons,
    #[error("unknown taxon {0:?}")]
    UnknownTaxon(String),
    #[error("at most 200 codes per call")]
    TooManyCodes,
    #[error("a code or a slug is required")]
    MissingKey,
    #[error("unknown association; use related")]
    UnknownAssociation,
    /// The code or slug asked for.
    #[error("product {0:?} not found")]
    ProductNotFound(String),
    #[error("taxon {0:?} not found")]
    TaxonNotFound(String),
    #[error("package {0:?} not found")]
    PackageNotFound(String),
    /// A package configuration the cost rule refuses: the field it names
    /// and why.
    #[error("{field}: {message}")]
    InvalidConfiguration { field: String, message: String },
    /// Every wrong field of a product an administrator saves, as the REST body names it.
    #[error("not a valid product: {}", .0.join(", "))]
    InvalidProduct(Vec<String>),
    /// The stock changed since the editor read it (an order took some).
    #[error("stock: {0} left now; read the product again")]
    StockChanged(i64),
    #[error("a product with code {0:?} exists already")]
    ProductExists(String),
    /// The field of the slug another product has in that language.
    #[error("{0}: another product has this address")]
    SlugTaken(String),
    /// Why an uploaded picture was refused.
    #[error("file: {}", picture_refusal(*.0))]
    InvalidPicture(crate::domain::pictures::Refusal),
    #[error("no picture {0:?}")]
    PictureNotFound(String),
    /// The picture store could not be read or written.
    #[error("pictures unavailable: {0}")]
    Pictures(#[from] std::io::Error),
    /// Too few of a product that counts its stock are left for an order.
    #[error("{0}: sold out")]
    SoldOut(String),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

fn picture_refusal(r: crate::domain::pictures::Refusal) -> &'static str {
    use crate::domain::pictures::Refusal;
    match r {
        Refusal::TooLarge => "at most 8 MB",
        Refusal::NotAPicture => "a JPEG, PNG or WebP picture",
        Refusal::TooSmall => "at least 800 × 600 pixels",
        Refusal::TooBig => "at most 8000 × 8000 pixels",
    }
}

impl From<CatalogError> for Status {
    fn from(e: CatalogError) -> Self {
        let message = e.to_string();
        match e {
            CatalogError::InvalidLocale(_) => errors::invalid("invalid_locale", message, &[("locale", "must be pl, de or en_GB")]),
            CatalogError::UnknownType(_) => {
                errors::with_details(Code::NotFound, "unknown_type", message, &[("type", "unknown offer type")])
            }
            CatalogError::InvalidLimit => errors::invalid("invalid_limit", message, &[("limit", "must be between 1 and 1000")]),
            CatalogError::InvalidSorting(_) => errors::invalid(
                "invalid_sorting",
                message,
                &[("sorting", "must be taxons_position_asc, price_asc, price_desc, latest, oldest or position_asc")],
            ),
            CatalogError::NegativePrice(field) => errors::invalid("invalid_price_range", message, &[(field, "must be 0 or more")]),
            CatalogError::InvertedPriceRange => {
                errors::invalid("invalid_price_range", message, &[("price_to", "must not be below price_from")])
            }
            CatalogError::NightsNotForPackage => errors::invalid("invalid_nights", message, &[("nights", "only for packages")]),
            CatalogError::InvalidNights => errors::invalid("invalid_nights", message, &[("nights", "must be between 2 and 5")]),
            CatalogError::TooManyTaxons => errors::invalid("too_many_taxons", message, &[("taxon", "too many taxons")]),
            CatalogError::UnknownTaxon(_) => errors::invalid("unknown_taxon", message, &[("taxon", "unknown taxon code")]),
            CatalogError::TooManyCodes => errors::invalid("too_many_codes", message, &[("codes", "at most 200")]),
            CatalogError::MissingKey => errors::invalid("invalid_request", message, &[("code", "required")]),
            CatalogError::UnknownAssociation => {
                errors::with_details(Code::NotFound, "unknown_association", message, &[("type", "must be related")])
            }
            CatalogError::ProductNotFound(_) => errors::with_details(Code::NotFound, "product_not_found", message, &[]),
            CatalogError::TaxonNotFound(_) => errors::with_details(Code::NotFound, "taxon_not_found", message, &[]),
            CatalogError::PackageNotFound(_) => errors::with_details(Code::NotFound, "package_not_found", message, &[]),
            CatalogError::InvalidConfiguration { field, message: why } => {
                errors::invalid("invalid_configuration", message, &[(&field, &why)])
            }
            CatalogError::InvalidProduct(ref fields) => {
                let violations: Vec<(&str, &str)> = fields.iter().map(|f| (f.as_str(), "not valid")).collect();
                errors::invalid("invalid_product", message.clone(), &violations)
            }
            CatalogError::StockChanged(_) => {
                errors::with_details(Code::FailedPrecondition, "stock_changed", message.clone(), &[("stock", "changed")])
            }
            CatalogError::ProductExists(_) => errors::with_details(Code::AlreadyExists, "product_exists", message, &[("code", "taken")]),
            CatalogError::SlugTaken(ref field) => {
                errors::with_details(Code::AlreadyExists, "slug_taken", message.clone(), &[(field.as_str(), "taken")])
            }
            CatalogError::InvalidPicture(r) => errors::invalid("invalid_picture", message.clone(), &[("file", picture_refusal(r))]),
            CatalogError::PictureNotFound(_) => errors::with_details(Code::NotFound, "picture_not_found", message, &[]),
            CatalogError::Pictures(e) => {
                tracing::error!(error = %e, "picture store failed");
                Status::unavailable("pictures unavailable; retry")
            }
            CatalogError::SoldOut(_) => errors::with_details(Code::FailedPrecondition, "sold_out", message, &[("code", "sold out")]),
            CatalogError::Db(db) => errors::db(db),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_the_ones_the_gateway_knows() {
        assert_eq!(CatalogError::InvalidLocale("xx".into()).to_string(), "unknown locale \"xx\"; use pl, de or en_GB");
        assert_eq!(CatalogError::InvalidLimit.to_string(), "limit must be at most 1000");
        assert_eq!(CatalogError::TooManyTaxons.to_string(), "at most 50 different taxons");
        assert_eq!(CatalogError::NegativePrice("price_to").to_string(), "price_to cannot be negative");
        let e = CatalogError::InvalidConfiguration { field: "treatments[0].code".into(), message: "X is listed twice".into() };
        assert_eq!(e.to_string(), "treatments[0].code: X is listed twice");
        let status = Status::from(CatalogError::ProductNotFound("spa".into()));
        assert_eq!((status.code(), status.message()), (Code::NotFound, "product \"spa\" not found"));
    }
}
