//! The answers of `/shop-api`, as Rust types. The OpenAPI document and the
//! web's types are generated from these, so what a handler returns is what
//! the document promises. Amounts are integer minor units (grosze, cents).

use serde::Serialize;
use spa_proto::common::Money;
use spa_proto::spa::catalog::v1::{PackageTreatment, Product, TaxonNode};
use utoipa::ToSchema;

use crate::i18n::Locale;

pub mod cart;
mod enums;
pub mod order;
pub use enums::*;

/// A price: what is paid now and the regular price (higher in a promotion).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Price {
    pub current: i64,
    pub original: i64,
    /// ISO 4217, e.g. `PLN`, `EUR`.
    pub currency: String,
}

impl Price {
    pub fn of(current: Option<&Money>, original: Option<&Money>) -> Self {
        let cur = current.map(|m| m.amount).unwrap_or_default();
        Self {
            current: cur,
            original: original.map(|m| m.amount).unwrap_or(cur),
            currency: current.map_or_else(|| "PLN".to_owned(), |m| m.currency.clone()),
        }
    }

    pub fn single(money: Option<&Money>) -> Self {
        Self::of(money, money)
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Thumbnails {
    pub default_listing: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Image {
    /// Under `/pictures/` (the catalog's picture store: uploads and the demo's), or `/media/` for a demo picture not yet moved there.
    pub path: String,
    pub thumbnails: Thumbnails,
}

impl Image {
    /// A catalog picture: its page size, and its listing size when it has one.
    pub fn of(image: &spa_proto::spa::catalog::v1::Image) -> Self {
        let listing = if image.listing.is_empty() { &image.path } else { &image.listing };
        Self { path: image.path.clone(), thumbnails: Thumbnails { default_listing: listing.clone() } }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Links {
    /// The localized page of the item, e.g. `/oferta/pakiety/<slug>`.
    #[serde(rename = "self")]
    pub self_: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TaxonRef {
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ItemTaxons {
    /// The main taxon's code.
    pub main: String,
    /// Listings group by the first of these while no filter is set.
    pub others: Vec<TaxonRef>,
}

impl OfferType {
    /// The localized listing page of the type, as the web's route table
    /// writes it: Polish listings end with a slash (`/oferta/zabiegi/`), except
    /// the vouchers; German and English ones never do.
    pub fn listing_path(self, locale: Locale) -> &'static str {
        use OfferType::*;
        match (self, locale) {
            (Treatment, Locale::De) => "/angebot/behandlungen",
            (Treatment, Locale::EnGb) => "/en/offer/treatments",
            (Treatment, Locale::Pl) => "/oferta/zabiegi/",
            (Package, Locale::De) => "/angebot/pakete",
            (Package, Locale::EnGb) => "/en/offer/packages",
            (Package, Locale::Pl) => "/oferta/pakiety/",
            (Room, Locale::De) => "/pension/unterkunft",
            (Room, Locale::EnGb) => "/en/guesthouse/accomodation",
            (Room, Locale::Pl) => "/pensjonat/baza-noclegowa/",
            (Voucher, Locale::De) => "/angebot/gutscheine",
            (Voucher, Locale::EnGb) => "/en/offer/vouchers",
            (Voucher, Locale::Pl) => "/oferta/vouchery",
            (DaySpa, Locale::De) => "/angebot/day-spa",
            (DaySpa, Locale::EnGb) => "/en/offer/day-spa",
            (DaySpa, Locale::Pl) => "/oferta/day-spa/",
            (Product, Locale::De) => "/angebot/produkte",
            (Product, Locale::EnGb) => "/en/offer/products",
            (Product, Locale::Pl) => "/oferta/produkty/",
        }
    }

    /// An item's page: the listing path and the slug.
    pub fn item_path(self, locale: Locale, slug: &str) -> String {
        format!("{}/{slug}", self.listing_path(locale).trim_end_matches('/'))
    }
}

/// An item of a listing (spec section 3). Room fields are present on rooms
/// only; `packageBasePrice` on packages only.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferItem {
    pub id: i64,
    pub code: String,
    pub variant_code: String,
    #[serde(rename = "type")]
    pub kind: OfferType,
    pub name: String,
    pub slug: String,
    /// Plain text.
    pub description: String,
    /// The first is the card's picture; empty means the default picture.
    pub images: Vec<Image>,
    pub links: Links,
    pub price: Price,
    /// The price in the base currency, PLN.
    pub price_base: Price,
    /// The regular price in minor units of `price.currency`.
    pub price_original: i64,
    /// The price that replaces the regular one while a promotion runs, or
    /// null.
    pub price_override: Option<i64>,
    /// `original > current`.
    pub is_promotion: bool,
    /// Nights of a stay; 0 for everything that is not a stay.
    pub num_nights: u32,
    /// `numNights + 1` for stays, else 1.
    pub days: u32,
    pub duration_minutes: Option<u32>,
    /// Sold to adults only (18+).
    pub age_restriction: bool,
    /// `DD-MM-YYYY`, or null.
    pub available_from: Option<String>,
    /// `DD-MM-YYYY`, or null.
    pub available_to: Option<String>,
    pub taxons: ItemTaxons,
    /// Packages: the price per person, shown as a "from" price.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package_base_price: Option<Price>,
    /// Rooms: standard guests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occupancy: Option<u32>,
    /// Rooms: most guests, with the extra bed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_occupancy: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra_bed: Option<bool>,
    /// Rooms: units left for the next night (tonight), from the inventory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available: Option<u32>,
    /// Rooms: 1 to 5 stars; null while a room has no ratings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub average_rating: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(rename = "areaM2")]
    pub area_m2: Option<u32>,
    /// A product that counts its stock has none left: shown, not addable.
    pub sold_out: bool,
}

/// `YYYY-MM-DD` as the spec's `DD-MM-YYYY`; empty stays null.
pub fn date_dmy(ymd: &str) -> Option<String> {
    let mut parts = ymd.splitn(3, '-');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(y), Some(m), Some(d)) if y.len() == 4 => Some(format!("{d}-{m}-{y}")),
        _ => None,
    }
}

impl OfferItem {
    pub fn of(p: &Product, locale: Locale) -> Result<Self, crate::error::ApiError> {
        let price = p.price.clone().unwrap_or_default();
        let kind = known(OfferType::from_wire(p.r#type), "product type", p.r#type)?;
        let shown = Price::of(price.current.as_ref(), price.original.as_ref());
        let room = p.room.as_ref();
        Ok(Self {
            id: p.id,
            code: p.code.clone(),
            variant_code: p.variant_code.clone(),
            kind,
            name: p.name.clone(),
            slug: p.slug.clone(),
            description: p.description.clone(),
            images: p.images.iter().map(Image::of).collect(),
            links: Links { self_: kind.item_path(locale, &p.slug) },
            price_base: Price::of(price.base_current.as_ref(), price.base_original.as_ref()),
            price_original: shown.original,
            price_override: (shown.original > shown.current).then_some(shown.current),
            is_promotion: shown.original > shown.current,
            num_nights: p.num_nights,
            // A stay of n nights spans n + 1 days.
            days: if p.num_nights > 0 { p.num_nights + 1 } else { 1 },
            duration_minutes: (p.duration_minutes > 0).then_some(p.duration_minutes),
            age_restriction: p.age_restriction,
            available_from: date_dmy(&p.available_from),
            available_to: date_dmy(&p.available_to),
            taxons: ItemTaxons {
                main: p.main_taxon.clone(),
                others: p.other_taxons.iter().map(|t| TaxonRef { code: t.code.clone(), name: t.name.clone() }).collect(),
            },
            package_base_price: (kind == OfferType::Package).then(|| shown.clone()),
            occupancy: room.map(|r| r.occupancy),
            max_occupancy: room.map(|r| r.max_occupancy),
            extra_bed: room.map(|r| r.extra_bed),
            available: None,
            average_rating: room.map(|r| r.average_rating).filter(|r| *r > 0.0),
            area_m2: room.map(|r| r.area_m2).filter(|a| *a > 0),
            sold_out: p.stock.is_some_and(|left| left < 1),
            price: shown,
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PriceStats {
    pub min: i64,
    pub max: i64,
    pub currency: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Paging {
    pub page: u32,
    pub limit: u32,
    pub pages: u32,
    pub total: u32,
}

/// A page of a listing.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub items: Vec<OfferItem>,
    /// Bounds of the price slider, in `currency`; `price_from` and
    /// `price_to` filter in the same currency.
    pub price_stats: PriceStats,
    pub pages: Paging,
}

/// Items related to a product.
#[derive(Debug, Serialize, ToSchema)]
pub struct Items {
    pub items: Vec<OfferItem>,
}

/// A treatment of a package.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Treatment {
    pub code: String,
    pub name: String,
    pub description: String,
    pub images: Vec<Image>,
    pub links: Links,
    pub price: Price,
    pub duration_minutes: Option<u32>,
    pub quantity: u32,
    pub min_quantity: u32,
    pub max_quantity: u32,
    pub free: bool,
    pub deletable: bool,
    pub replacable: bool,
    pub additional: bool,
    pub delete_permanently: bool,
}

impl Treatment {
    fn of(t: &PackageTreatment, locale: Locale) -> Self {
        let price = t.price.clone().unwrap_or_default();
        Self {
            code: t.code.clone(),
            name: t.name.clone(),
            description: t.description.clone(),
            images: t.images.iter().map(Image::of).collect(),
            links: Links { self_: OfferType::Treatment.item_path(locale, &t.slug) },
            price: Price::of(price.current.as_ref(), price.original.as_ref()),
            duration_minutes: (t.duration_minutes > 0).then_some(t.duration_minutes),
            quantity: t.quantity,
            min_quantity: t.min_quantity,
            max_quantity: t.max_quantity,
            free: t.free,
            deletable: t.deletable,
            replacable: t.replacable,
            additional: t.additional,
            delete_permanently: t.delete_permanently,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Treatments {
    pub primary: Vec<Treatment>,
    /// Suggested treatments that can be added.
    pub additional: Vec<Treatment>,
}

/// A product page's data: the listing item, a package's treatments, a
/// voucher's values.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductPage {
    #[serde(flatten)]
    pub item: OfferItem,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub treatments: Option<Treatments>,
    /// Packages: the fewest treatments a configuration may hold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_treatments: Option<u32>,
    /// Vouchers: the values to choose from, in minor units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voucher_values: Option<Vec<i64>>,
    /// schema.org's Product and Offer of the page (JSON-LD), its addresses
    /// absolute: the app renders it as it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub structured_data: Option<serde_json::Value>,
}

impl ProductPage {
    pub fn of(p: &Product, locale: Locale) -> Result<Self, crate::error::ApiError> {
        Ok(Self {
            item: OfferItem::of(p, locale)?,
            treatments: p.treatments.as_ref().map(|t| Treatments {
                primary: t.primary.iter().map(|x| Treatment::of(x, locale)).collect(),
                additional: t.additional.iter().map(|x| Treatment::of(x, locale)).collect(),
            }),
            min_treatments: p.treatments.as_ref().map(|t| t.min_treatments),
            voucher_values: (!p.voucher_values.is_empty()).then(|| p.voucher_values.clone()),
            structured_data: None,
        })
    }
}

/// A taxon with its children.
#[derive(Debug, Serialize, ToSchema)]
pub struct Taxon {
    pub code: String,
    pub name: String,
    pub slug: String,
    pub position: u32,
    #[schema(no_recursion)]
    pub children: Vec<Taxon>,
}

impl Taxon {
    pub fn of(n: &TaxonNode) -> Self {
        Self {
            code: n.code.clone(),
            name: n.name.clone(),
            slug: n.slug.clone(),
            position: n.position,
            children: n.children.iter().map(Self::of).collect(),
        }
    }
}

/// An empty JSON object.
#[derive(Debug, Serialize, ToSchema)]
pub struct Empty {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_turn_day_first() {
        assert_eq!(date_dmy("2026-01-31").as_deref(), Some("31-01-2026"));
        assert_eq!(date_dmy(""), None);
    }

    #[test]
    fn polish_listings_keep_their_trailing_slash_and_items_have_one_slash() {
        assert_eq!(OfferType::Package.listing_path(Locale::Pl), "/oferta/pakiety/");
        assert_eq!(OfferType::Package.item_path(Locale::Pl, "spa"), "/oferta/pakiety/spa");
        assert_eq!(OfferType::Package.item_path(Locale::De, "spa"), "/angebot/pakete/spa");
        assert_eq!(OfferType::DaySpa.listing_path(Locale::Pl), "/oferta/day-spa/");
        assert_eq!(OfferType::Voucher.listing_path(Locale::Pl), "/oferta/vouchery");
        assert_eq!(OfferType::Voucher.item_path(Locale::Pl, "kwotowy"), "/oferta/vouchery/kwotowy");
        assert_eq!(OfferType::Room.listing_path(Locale::EnGb), "/en/guesthouse/accomodation");
    }

    #[test]
    fn a_promotion_names_its_override() {
        let money = |amount| Some(Money { amount, currency: "PLN".into() });
        let mut p = Product { r#type: spa_proto::common::ProductType::Treatment as i32, ..Default::default() };
        p.price = Some(spa_proto::common::Price { current: money(80), original: money(100), ..Default::default() });
        let item = OfferItem::of(&p, Locale::Pl).unwrap();
        assert_eq!((item.price_original, item.price_override, item.is_promotion), (100, Some(80), true));
        p.price = Some(spa_proto::common::Price { current: money(100), original: money(100), ..Default::default() });
        let item = OfferItem::of(&p, Locale::Pl).unwrap();
        assert_eq!((item.price_original, item.price_override, item.is_promotion), (100, None, false));
    }
}

/// The logged-in customer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Customer)]
pub struct Account {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub roles: Vec<Role>,
    /// The e-mail address is confirmed: a guest's orders placed with it are the customer's.
    pub email_verified: bool,
}

impl From<spa_proto::spa::users::v1::Customer> for Account {
    fn from(c: spa_proto::spa::users::v1::Customer) -> Self {
        Self {
            email: c.email,
            first_name: c.first_name,
            last_name: c.last_name,
            phone: c.phone,
            roles: roles(&c.roles),
            email_verified: c.email_verified,
        }
    }
}

/// The roles a users-service answer names, unknown ones left out.
pub fn roles(wire: &[i32]) -> Vec<Role> {
    wire.iter().filter_map(|r| Role::from_wire(*r)).collect()
}
