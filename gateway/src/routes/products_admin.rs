//! `/shop-api/backend/products`: the offers as the guesthouse's
//! administrators manage them, in the catalog that owns them. Every
//! product, published or not; one product's texts in each language
//! (Polish required, a missing one shown to guests in Polish), price and a
//! promotion's original price, stock, duration, availability, a package's
//! treatments; a change or a new offer saved with who made it, and
//! `catalog.product.changed` dropping what guests' listings and pages kept.
//! Never cached.

use std::collections::HashMap;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_proto::spa::catalog::v1::{
    AddPictureRequest, AdminGetProductRequest, AdminListProductsRequest, AmountList, CodeList, EditableProduct, GetPictureRequest,
    PackageFields, PackageTreatmentRule, ProductFields, ProductTexts as TextsMessage, RemovePictureRequest, SaveProductRequest,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{ApiQuery, JsonBody, Shop, ShopParams, Validate, is_code};
use crate::session::{Script, Staff};
use crate::wire::order::rfc3339;
use crate::wire::{OfferType, known};

const PRODUCT_CODE: &str = "The product's code (`TR_HOT_STONE`)";

/// Which offers to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductsQuery {
    /// Only offers of this type.
    #[serde(rename = "type")]
    pub kind: Option<OfferType>,
    /// Part of the code or of a name in any language.
    #[param(max_length = 100)]
    pub q: Option<String>,
}

impl Validate for ProductsQuery {
    fn validate(&self) -> ApiResult<()> {
        match &self.q {
            Some(q) if q.chars().count() > 100 => Err(ApiError::malformed(ErrorCode::InvalidParameter, "q")),
            _ => Ok(()),
        }
    }
}

/// An offer in the back office's list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductSummary {
    pub code: String,
    #[serde(rename = "type")]
    pub kind: OfferType,
    /// In the page's language, Polish where it has none.
    pub name: String,
    /// Grosze, now.
    pub price: i64,
    /// Grosze before the promotion; null without one.
    #[schema(required = true)]
    pub original_price: Option<i64>,
    pub published: bool,
    /// Units left; null: not counted; 0: sold out.
    #[schema(required = true)]
    pub stock: Option<i64>,
    /// `de`, `en_GB` without texts: guests read Polish there.
    pub missing_locales: Vec<String>,
    #[schema(required = true)]
    pub image: Option<String>,
}

/// The offers.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductList {
    pub items: Vec<ProductSummary>,
}

/// A product's texts in one language.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ProductTexts {
    /// 1 to 120 characters.
    #[schema(max_length = 120)]
    pub name: String,
    /// The page's address in the language: `a-z`, digits and single dashes, up to 120.
    #[schema(max_length = 120)]
    pub slug: String,
    #[serde(default)]
    #[schema(max_length = 5000)]
    pub description: String,
    /// The search engines' title; empty: the name.
    #[serde(default)]
    #[schema(max_length = 70)]
    pub meta_title: String,
    /// The search engines' description; empty: the description's start.
    #[serde(default)]
    #[schema(max_length = 160)]
    pub meta_description: String,
}

/// The texts by language; Polish required.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Translations {
    #[schema(required = true, value_type = ProductTexts)]
    pub pl: Option<ProductTexts>,
    /// Null: guests read Polish.
    #[serde(default)]
    #[schema(required = true)]
    pub de: Option<ProductTexts>,
    #[serde(default, rename = "en_GB")]
    #[schema(required = true)]
    pub en_gb: Option<ProductTexts>,
}

/// A package's stay and treatments.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PackageSetup {
    /// The nights of the stay it comes with; 0: a day package without a room.
    #[schema(minimum = 0, maximum = 14)]
    pub nights: u32,
    /// The treatments it includes, in order, 1 to 10.
    #[schema(min_items = 1, max_items = 10)]
    pub included: Vec<IncludedTreatment>,
    /// Treatments guests may add (codes), in order, up to 10, none of the included ones.
    #[schema(max_items = 10)]
    pub suggested: Vec<String>,
    /// The fewest treatments a guest keeps (shown to guests), at most the included ones.
    #[schema(minimum = 0, maximum = 10)]
    pub min_treatments: u32,
}

/// A treatment a package includes, and what a guest may change of it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct IncludedTreatment {
    /// A treatment's code.
    #[schema(max_length = 64)]
    pub code: String,
    /// Included for one person (each further person adds one), 1 to 10.
    #[schema(minimum = 1, maximum = 10)]
    pub quantity: u32,
    /// The fewest a guest may keep, 1 to `quantity`.
    #[schema(minimum = 1, maximum = 10)]
    pub min_quantity: u32,
    /// The most a guest may take for one person, `quantity` to 10; those above `quantity` are paid.
    #[schema(minimum = 1, maximum = 10)]
    pub max_quantity: u32,
    /// Extra ones cost nothing.
    pub free: bool,
    /// A guest may take it out.
    pub deletable: bool,
    /// A guest may swap it for a suggested treatment.
    pub replaceable: bool,
    /// Once taken out, not suggested again.
    pub delete_permanently: bool,
}

impl PackageSetup {
    fn of(p: PackageFields) -> Self {
        Self {
            nights: p.nights,
            included: p
                .included
                .into_iter()
                .map(|t| IncludedTreatment {
                    code: t.code,
                    quantity: t.quantity,
                    min_quantity: t.min_quantity,
                    max_quantity: t.max_quantity,
                    free: t.free,
                    deletable: t.deletable,
                    replaceable: t.replacable,
                    delete_permanently: t.delete_permanently,
                })
                .collect(),
            suggested: p.suggested,
            min_treatments: p.min_treatments,
        }
    }

    fn message(self) -> PackageFields {
        PackageFields {
            nights: self.nights,
            included: self
                .included
                .into_iter()
                .map(|t| PackageTreatmentRule {
                    code: t.code,
                    quantity: t.quantity,
                    min_quantity: t.min_quantity,
                    max_quantity: t.max_quantity,
                    free: t.free,
                    deletable: t.deletable,
                    replacable: t.replaceable,
                    delete_permanently: t.delete_permanently,
                })
                .collect(),
            suggested: self.suggested,
            min_treatments: self.min_treatments,
        }
    }

    /// More than the document allows; the rest is the catalog's to say.
    fn check(&self) -> ApiResult<()> {
        let too_many = |field: &str, n: usize| if n > 10 { Err(ApiError::malformed(ErrorCode::InvalidParameter, field)) } else { Ok(()) };
        too_many("package.included", self.included.len())?;
        too_many("package.suggested", self.suggested.len())?;
        let long = self.included.iter().map(|t| &t.code).chain(&self.suggested).any(|c| c.chars().count() > 64);
        if long { Err(ApiError::malformed(ErrorCode::InvalidParameter, "package")) } else { Ok(()) }
    }
}

/// A product as its editor shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductEditor {
    pub code: String,
    #[serde(rename = "type")]
    pub kind: OfferType,
    pub published: bool,
    pub translations: Translations,
    pub price: i64,
    #[schema(required = true)]
    pub original_price: Option<i64>,
    #[schema(required = true)]
    pub stock: Option<i64>,
    #[schema(required = true)]
    pub duration_minutes: Option<u32>,
    pub age_restriction: bool,
    /// YYYY-MM-DD; null: from always.
    #[schema(required = true)]
    pub available_from: Option<String>,
    #[schema(required = true)]
    pub available_to: Option<String>,
    /// YYYY-MM-DD; the promotion (an original price) runs from this day; null: open.
    #[schema(required = true)]
    pub promotion_from: Option<String>,
    /// YYYY-MM-DD; to this day, inclusive; null: open. Outside them the product sells at its original price.
    #[schema(required = true)]
    pub promotion_to: Option<String>,
    pub main_taxon: String,
    /// The categories beside the main one, in order.
    pub taxons: Vec<String>,
    /// The offers shown with it, in order.
    pub related: Vec<String>,
    /// A gift voucher's price options, grosze, ascending; null for other offers.
    #[schema(required = true)]
    pub voucher_values: Option<Vec<i64>>,
    /// A package's stay and treatments; null for other offers.
    #[schema(required = true)]
    pub package: Option<PackageSetup>,
    pub images: Vec<String>,
    /// RFC 3339; null: not changed in the back office yet.
    #[schema(required = true)]
    pub updated_at: Option<String>,
    pub updated_by: String,
}

fn texts_of(t: TextsMessage) -> ProductTexts {
    ProductTexts { name: t.name, slug: t.slug, description: t.description, meta_title: t.meta_title, meta_description: t.meta_description }
}

impl ProductEditor {
    fn of(p: EditableProduct) -> ApiResult<Self> {
        let kind = known(OfferType::from_wire(p.r#type), "product type", p.r#type)?;
        let f = p.fields.unwrap_or_default();
        let mut by_locale: HashMap<String, TextsMessage> = f.translations;
        let mut take = |locale: &str| by_locale.remove(locale).map(texts_of);
        let translations = Translations { pl: take("pl"), de: take("de"), en_gb: take("en_GB") };
        let date = |d: String| Some(d).filter(|d| !d.is_empty());
        Ok(Self {
            code: p.code,
            kind,
            published: f.published,
            translations,
            price: f.price,
            original_price: f.original_price,
            stock: f.stock,
            duration_minutes: f.duration_minutes,
            age_restriction: f.age_restriction,
            available_from: date(f.available_from),
            available_to: date(f.available_to),
            promotion_from: date(f.promotion_from),
            promotion_to: date(f.promotion_to),
            main_taxon: p.main_taxon,
            taxons: f.taxons.map(|l| l.codes).unwrap_or(p.taxons),
            related: f.related.map(|l| l.codes).unwrap_or_default(),
            voucher_values: f.voucher_values.map(|l| l.amounts),
            package: f.package.map(PackageSetup::of),
            images: p.images,
            updated_at: rfc3339(p.updated_at_ms),
            updated_by: p.updated_by,
        })
    }
}

/// What an administrator sets on a product, all of it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ProductChange {
    #[schema(required = true, value_type = bool)]
    pub published: Option<bool>,
    #[schema(required = true, value_type = Translations)]
    pub translations: Option<Translations>,
    /// Grosze, 100 to 100 000 000.
    #[schema(required = true, value_type = i64, minimum = 100, maximum = 100_000_000)]
    pub price: Option<i64>,
    /// Grosze before the promotion, above `price`; null: no promotion.
    #[serde(default)]
    #[schema(minimum = 100, maximum = 100_000_000)]
    pub original_price: Option<i64>,
    /// Products only, 0 to 1 000 000; null: not counted.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 1_000_000)]
    pub stock: Option<i64>,
    /// Treatments: 5 to 600 minutes.
    #[serde(default)]
    #[schema(minimum = 5, maximum = 600)]
    pub duration_minutes: Option<u32>,
    #[serde(default)]
    pub age_restriction: bool,
    /// YYYY-MM-DD; null: from always.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub available_from: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub available_to: Option<String>,
    /// YYYY-MM-DD, with an original price only; the promotion runs from this day; null: open.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub promotion_from: Option<String>,
    /// YYYY-MM-DD, inclusive, not before `promotionFrom`; null: open.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub promotion_to: Option<String>,
    /// The stock the editor showed (null: not counted). Another count now
    /// (an order took some meanwhile) is 409 `stock_changed`, nothing saved.
    #[serde(default, deserialize_with = "present")]
    #[schema(required = true, value_type = Option<i64>)]
    pub stock_was: Option<Option<i64>>,
    /// The categories beside the main one (codes), in order, up to 10; absent: left as they are.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub taxons: Option<Vec<String>>,
    /// The offers shown with it (codes), in order, up to 20; absent: left as they are.
    #[serde(default)]
    #[schema(max_items = 20)]
    pub related: Option<Vec<String>>,
    /// Gift vouchers only: the price options guests choose from, grosze,
    /// ascending, 1 to 10 of them; absent: left as they are.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub voucher_values: Option<Vec<i64>>,
    /// Packages only: the stay and treatments; absent: left as they are.
    #[serde(default)]
    pub package: Option<PackageSetup>,
}

/// A field that is there, null or not (absent stays `None`).
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

impl ProductChange {
    fn check(&self) -> ApiResult<()> {
        for (field, missing) in [
            ("published", self.published.is_none()),
            ("translations", self.translations.is_none()),
            ("price", self.price.is_none()),
            ("translations.pl", self.translations.as_ref().is_some_and(|t| t.pl.is_none())),
        ] {
            if missing {
                return Err(ApiError::field(ErrorCode::InvalidParameter, field));
            }
        }
        use crate::extract::within;
        within(self.price.unwrap_or_default(), 100..=100_000_000, ErrorCode::InvalidParameter, "price")?;
        // More than the document allows; which codes exist is the catalog's to say.
        for (field, count, max) in [
            ("taxons", self.taxons.as_ref().map(Vec::len), 10),
            ("related", self.related.as_ref().map(Vec::len), 20),
            ("voucherValues", self.voucher_values.as_ref().map(Vec::len), 10),
        ] {
            if count.is_some_and(|n| n > max) {
                return Err(ApiError::malformed(ErrorCode::InvalidParameter, field));
            }
        }
        if let Some(package) = &self.package {
            package.check()?;
        }
        if let Some(o) = self.original_price {
            within(o, 100..=100_000_000, ErrorCode::InvalidParameter, "originalPrice")?;
        }
        if let Some(s) = self.stock {
            within(s, 0..=1_000_000, ErrorCode::InvalidParameter, "stock")?;
        }
        if let Some(d) = self.duration_minutes {
            within(d, 5..=600, ErrorCode::InvalidParameter, "durationMinutes")?;
        }
        for (field, date) in [
            ("availableFrom", &self.available_from),
            ("availableTo", &self.available_to),
            ("promotionFrom", &self.promotion_from),
            ("promotionTo", &self.promotion_to),
        ] {
            if date.as_deref().is_some_and(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").is_err()) {
                return Err(ApiError::malformed(ErrorCode::InvalidParameter, field));
            }
        }
        let t = self.translations.as_ref();
        for (locale, texts) in
            [("pl", t.and_then(|t| t.pl.as_ref())), ("de", t.and_then(|t| t.de.as_ref())), ("en_GB", t.and_then(|t| t.en_gb.as_ref()))]
        {
            let Some(texts) = texts else { continue };
            let chars = |s: &str| s.chars().count();
            for (name, length, max) in [
                ("name", chars(&texts.name), 120),
                ("slug", chars(&texts.slug), 120),
                ("description", chars(&texts.description), 5000),
                ("metaTitle", chars(&texts.meta_title), 70),
                ("metaDescription", chars(&texts.meta_description), 160),
            ] {
                if length > max {
                    return Err(ApiError::malformed(ErrorCode::InvalidParameter, &format!("translations.{locale}.{name}")));
                }
            }
        }
        Ok(())
    }

    fn fields(self) -> ProductFields {
        let translations = self.translations.unwrap_or_default();
        let message = |t: ProductTexts| TextsMessage {
            name: t.name,
            slug: t.slug,
            description: t.description,
            meta_title: t.meta_title,
            meta_description: t.meta_description,
        };
        ProductFields {
            published: self.published.unwrap_or_default(),
            translations: [("pl", translations.pl), ("de", translations.de), ("en_GB", translations.en_gb)]
                .into_iter()
                .filter_map(|(locale, t)| t.map(|t| (locale.to_owned(), message(t))))
                .collect(),
            price: self.price.unwrap_or_default(),
            original_price: self.original_price,
            stock: self.stock,
            duration_minutes: self.duration_minutes,
            age_restriction: self.age_restriction,
            available_from: self.available_from.unwrap_or_default(),
            available_to: self.available_to.unwrap_or_default(),
            promotion_from: self.promotion_from.unwrap_or_default(),
            promotion_to: self.promotion_to.unwrap_or_default(),
            taxons: self.taxons.map(|codes| CodeList { codes }),
            related: self.related.map(|codes| CodeList { codes }),
            voucher_values: self.voucher_values.map(|amounts| AmountList { amounts }),
            package: self.package.map(PackageSetup::message),
        }
    }
}

impl Validate for ProductChange {
    fn validate(&self) -> ApiResult<()> {
        if self.stock_was.is_none() {
            return Err(ApiError::field(ErrorCode::InvalidParameter, "stockWas"));
        }
        self.check()
    }
}

/// What may be created here.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NewOfferType {
    Package,
    Treatment,
    DaySpa,
    Product,
    Voucher,
}

/// A new offer: its code, type and main
/// taxon, and what a change sets (the same fields as `ProductChange`,
/// written out: a flattened body is documented as two objects that each
/// refuse the other's fields).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NewProduct {
    /// An upper-case letter, then 2 to 40 upper-case letters, digits or `_`.
    #[schema(required = true, value_type = String, pattern = "^[A-Z][A-Z0-9_]{2,40}$")]
    pub code: Option<String>,
    #[serde(rename = "type")]
    #[schema(required = true, value_type = NewOfferType)]
    pub kind: Option<NewOfferType>,
    /// The taxon it is listed under (`GET /shop-api/taxons`).
    #[schema(required = true, value_type = String, max_length = 64)]
    pub main_taxon: Option<String>,
    #[schema(required = true, value_type = bool)]
    pub published: Option<bool>,
    #[schema(required = true, value_type = Translations)]
    pub translations: Option<Translations>,
    #[schema(required = true, value_type = i64, minimum = 100, maximum = 100_000_000)]
    pub price: Option<i64>,
    #[serde(default)]
    #[schema(minimum = 100, maximum = 100_000_000)]
    pub original_price: Option<i64>,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 1_000_000)]
    pub stock: Option<i64>,
    #[serde(default)]
    #[schema(minimum = 5, maximum = 600)]
    pub duration_minutes: Option<u32>,
    #[serde(default)]
    pub age_restriction: bool,
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub available_from: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub available_to: Option<String>,
    /// YYYY-MM-DD, with an original price only; the promotion runs from this day; null: open.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub promotion_from: Option<String>,
    /// YYYY-MM-DD, inclusive, not before `promotionFrom`; null: open.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub promotion_to: Option<String>,
    /// The categories beside the main one (codes), in order, up to 10.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub taxons: Option<Vec<String>>,
    /// The offers shown with it (codes), in order, up to 20.
    #[serde(default)]
    #[schema(max_items = 20)]
    pub related: Option<Vec<String>>,
    /// Gift vouchers (required): the price options, grosze, ascending, 1 to 10.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub voucher_values: Option<Vec<i64>>,
    /// Packages (required): the stay and treatments.
    #[serde(default)]
    pub package: Option<PackageSetup>,
}

impl NewProduct {
    /// What the new product is set to, as a change would set it.
    fn change(&self) -> ProductChange {
        ProductChange {
            published: self.published,
            translations: self.translations.clone(),
            price: self.price,
            original_price: self.original_price,
            stock: self.stock,
            duration_minutes: self.duration_minutes,
            age_restriction: self.age_restriction,
            available_from: self.available_from.clone(),
            available_to: self.available_to.clone(),
            promotion_from: self.promotion_from.clone(),
            promotion_to: self.promotion_to.clone(),
            stock_was: None,
            taxons: self.taxons.clone(),
            related: self.related.clone(),
            voucher_values: self.voucher_values.clone(),
            package: self.package.clone(),
        }
    }
}

impl Validate for NewProduct {
    fn validate(&self) -> ApiResult<()> {
        for (field, missing) in [("code", self.code.is_none()), ("type", self.kind.is_none()), ("mainTaxon", self.main_taxon.is_none())] {
            if missing {
                return Err(ApiError::field(ErrorCode::InvalidParameter, field));
            }
        }
        let code = self.code.as_deref().unwrap_or_default();
        let b = code.as_bytes();
        let shaped = (3..=41).contains(&b.len())
            && b[0].is_ascii_uppercase()
            && b[1..].iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_');
        if !shaped {
            return Err(ApiError::malformed(ErrorCode::InvalidParameter, "code"));
        }
        if self.main_taxon.as_deref().is_some_and(|t| t.chars().count() > 64) {
            return Err(ApiError::malformed(ErrorCode::InvalidParameter, "mainTaxon"));
        }
        self.change().check()
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(products, create_product))
        .routes(routes!(product, save_product))
        // A picture is the one body larger than the API's limit.
        .merge(OpenApiRouter::new().routes(routes!(add_picture, remove_picture)).layer(DefaultBodyLimit::max(PICTURE_BYTES)))
}

/// The largest picture taken (the catalog checks it again).
pub const PICTURE_BYTES: usize = 8 * 1024 * 1024;

/// Which picture to remove.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PictureQuery {
    /// The picture's path as the offer lists it (`/pictures/...`).
    #[param(max_length = 200)]
    pub path: String,
}

impl Validate for PictureQuery {
    fn validate(&self) -> ApiResult<()> {
        if self.path.len() > 200 { Err(ApiError::malformed(ErrorCode::InvalidParameter, "path")) } else { Ok(()) }
    }
}

/// Add a picture to an offer
///
/// For administrators: the picture itself as the body (JPEG, PNG or WebP,
/// up to 8 MB, at least 800×600 and at most 8000×8000 pixels). The catalog
/// keeps it in the product page's and the listing's sizes, as JPEG, after
/// the offer's other pictures; guests see it within seconds.
#[utoipa::path(
    post,
    path = "/shop-api/backend/products/{code}/images",
    tag = "back-office",
    params(("code" = String, Path, description = PRODUCT_CODE, pattern = "^[A-Za-z0-9_.-]{1,64}$"), ShopParams, crate::extract::ScriptMarker),
    request_body(content = Vec<u8>, description = "The picture", content_type = "image/jpeg"),
    responses(
        (status = 200, description = "The offer with its new picture last", body = ProductEditor),
        (status = 400, description = "A malformed code, or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such product (`product_not_found`)", body = ErrorBody),
        (status = 413, description = "Over 8 MB (`payload_too_large`)", body = ErrorBody),
        (status = 415, description = "Not `image/jpeg`, `image/png` or `image/webp` (`unsupported_media_type`)", body = ErrorBody),
        (status = 422, description = "Not a picture, or too small or too large (`invalid_picture`, naming `file`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "The catalog or its pictures are unavailable; retry", body = ErrorBody),
    )
)]
pub async fn add_picture(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    Path(code): Path<String>,
    headers: HeaderMap,
    data: Bytes,
) -> ApiResult<Json<ProductEditor>> {
    let code = product_code(code)?;
    let kind = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let kind = kind.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    if !matches!(kind.as_str(), "image/jpeg" | "image/png" | "image/webp") {
        return Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, ErrorCode::UnsupportedMediaType));
    }
    let request = AddPictureRequest { code, data: data.to_vec(), staff: admin.email };
    Ok(Json(ProductEditor::of(state.clients.pictures.clone().add_picture(request).await?.into_inner())?))
}

/// Remove a picture from an offer
#[utoipa::path(
    delete,
    path = "/shop-api/backend/products/{code}/images",
    tag = "back-office",
    params(("code" = String, Path, description = PRODUCT_CODE, pattern = "^[A-Za-z0-9_.-]{1,64}$"), PictureQuery, ShopParams, crate::extract::ScriptMarker),
    responses(
        (status = 200, description = "The offer without the picture", body = ProductEditor),
        (status = 400, description = "A malformed code or path, or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such product or picture (`product_not_found`, `picture_not_found`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn remove_picture(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    Path(code): Path<String>,
    ApiQuery(query): ApiQuery<PictureQuery>,
) -> ApiResult<Json<ProductEditor>> {
    let request = RemovePictureRequest { code: product_code(code)?, path: query.path, staff: admin.email };
    Ok(Json(ProductEditor::of(state.clients.catalog.clone().remove_picture(request).await?.into_inner())?))
}

/// `GET /pictures/{code}/{file}`: a stored picture (JPEG, or a demo's SVG), from the catalog that
/// keeps it. Its name never changes meaning (a new picture gets a new
/// name), so browsers keep it for a year.
pub async fn picture(State(state): State<AppState>, Path((code, file)): Path<(String, String)>) -> Response {
    let path = format!("/pictures/{code}/{file}");
    match state.clients.catalog.clone().get_picture(GetPictureRequest { path }).await {
        Ok(p) => {
            let p = p.into_inner();
            let mut response = p.data.into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(&p.content_type).unwrap_or(HeaderValue::from_static("image/jpeg")));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
            response
        }
        Err(s) if s.code() == tonic::Code::NotFound => StatusCode::NOT_FOUND.into_response(),
        Err(s) => ApiError::from(s).into_response(),
    }
}

fn product_code(code: String) -> ApiResult<String> {
    if is_code(&code) { Ok(code) } else { Err(ApiError::field(ErrorCode::InvalidParameter, "code")) }
}

/// The offers
///
/// For administrators: every product, published or not, with its price,
/// promotion, stock and the languages it has no texts in.
#[utoipa::path(
    get,
    path = "/shop-api/backend/products",
    tag = "back-office",
    params(ProductsQuery, ShopParams),
    responses(
        (status = 200, description = "The offers, in the listings' order", body = ProductList),
        (status = 400, description = "A malformed filter", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn products(
    State(state): State<AppState>,
    shop: Shop,
    _admin: Staff,
    ApiQuery(query): ApiQuery<ProductsQuery>,
) -> ApiResult<Json<ProductList>> {
    let request = AdminListProductsRequest {
        r#type: query.kind.map_or(0, OfferType::wire),
        q: query.q.unwrap_or_default(),
        locale: shop.locale.code().to_owned(),
    };
    let answer = state.clients.catalog.clone().admin_list_products(request).await?.into_inner();
    let items = answer
        .items
        .into_iter()
        .map(|p| {
            Ok(ProductSummary {
                kind: known(OfferType::from_wire(p.r#type), "product type", p.r#type)?,
                code: p.code,
                name: p.name,
                price: p.price,
                original_price: p.original_price,
                published: p.published,
                stock: p.stock,
                missing_locales: p.missing_locales,
                image: Some(p.image).filter(|i| !i.is_empty()),
            })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    Ok(Json(ProductList { items }))
}

/// An offer to edit
#[utoipa::path(
    get,
    path = "/shop-api/backend/products/{code}",
    tag = "back-office",
    params(("code" = String, Path, description = PRODUCT_CODE, pattern = "^[A-Za-z0-9_.-]{1,64}$"), ShopParams),
    responses(
        (status = 200, description = "The offer", body = ProductEditor),
        (status = 400, description = "A malformed code", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such product (`product_not_found`)", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn product(
    State(state): State<AppState>,
    _shop: Shop,
    _admin: Staff,
    Path(code): Path<String>,
) -> ApiResult<Json<ProductEditor>> {
    let request = AdminGetProductRequest { code: product_code(code)? };
    Ok(Json(ProductEditor::of(state.clients.catalog.clone().admin_get_product(request).await?.into_inner())?))
}

/// Change an offer
///
/// For administrators: everything at once. Guests' listings, pages and
/// baskets follow within seconds.
#[utoipa::path(
    put,
    path = "/shop-api/backend/products/{code}",
    tag = "back-office",
    params(("code" = String, Path, description = PRODUCT_CODE, pattern = "^[A-Za-z0-9_.-]{1,64}$"), ShopParams, crate::extract::ScriptMarker),
    request_body = ProductChange,
    responses(
        (status = 200, description = "The offer as it is now", body = ProductEditor),
        (status = 400, description = "A missing or malformed field, named; or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such product (`product_not_found`)", body = ErrorBody),
        (status = 409, description = "Another product has the address in a language (`slug_taken`, naming `translations.{locale}.slug`), or the stock is not `stockWas` any more (`stock_changed`)", body = ErrorBody),
        (status = 422, description = "Wrong values, each named (`invalid_product`): a slug's shape, a name missing, an original price not above the price, stock on what is not a product, a treatment without its duration, dates the wrong way round, promotion dates without an original price, a package's treatment that is not a treatment or its quantities out of order (`package.included[0].maxQuantity`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn save_product(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<ProductChange>,
) -> ApiResult<Json<ProductEditor>> {
    let stock_was = body.stock_was.flatten();
    let request = SaveProductRequest {
        code: product_code(code)?,
        create: false,
        stock_was,
        fields: Some(body.fields()),
        staff: admin.email,
        ..Default::default()
    };
    Ok(Json(ProductEditor::of(state.clients.catalog.clone().save_product(request).await?.into_inner())?))
}

/// Create an offer
///
/// For administrators: a package (with its `package`), treatment, day-spa
/// offer, product or gift voucher (with its `voucherValues`), unpublished
/// until `published` says otherwise. Rooms are the rooms service's room types.
#[utoipa::path(
    post,
    path = "/shop-api/backend/products",
    tag = "back-office",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = NewProduct,
    responses(
        (status = 201, description = "The new offer", body = ProductEditor),
        (status = 400, description = "A missing or malformed field, named; or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 409, description = "The code is taken (`product_exists`), or another product has the address in a language (`slug_taken`)", body = ErrorBody),
        (status = 422, description = "Wrong values, each named (`invalid_product`), an unknown main taxon among them, or a package without `package` or a voucher without `voucherValues`", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn create_product(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    JsonBody(body): JsonBody<NewProduct>,
) -> ApiResult<(StatusCode, Json<ProductEditor>)> {
    let kind = match body.kind.unwrap_or(NewOfferType::Product) {
        NewOfferType::Package => OfferType::Package,
        NewOfferType::Treatment => OfferType::Treatment,
        NewOfferType::DaySpa => OfferType::DaySpa,
        NewOfferType::Product => OfferType::Product,
        NewOfferType::Voucher => OfferType::Voucher,
    };
    let request = SaveProductRequest {
        code: body.code.clone().unwrap_or_default(),
        create: true,
        r#type: kind.wire(),
        main_taxon: body.main_taxon.clone().unwrap_or_default(),
        fields: Some(body.change().fields()),
        staff: admin.email,
        stock_was: None,
    };
    let created = state.clients.catalog.clone().save_product(request).await?.into_inner();
    Ok((StatusCode::CREATED, Json(ProductEditor::of(created)?)))
}
