//! Basket lines: their kinds, what a visitor may ask to add, and the
//! bounds of their quantities.
//!
//! - A **reservation** is one room type for a stay with its guests; its
//!   quantity is always 1 (another room is another line).
//! - A **package** is either attached to a reservation (a stay package,
//!   `numNights` > 0, or any other package) or stands alone when it has no
//!   nights (a treatment day). Its quantity is the number of persons, 1 to
//!   2 and never more than the stay's adults.
//! - A **treatment**, a **product** (day-spa offers included) or a gift
//!   **voucher** (one of its price options) is counted in units, 1 to 10.
//!   Adding one that is already in the basket adds to that line.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use spa_proto::common::ProductType;

use super::checkout::{Delivery, PostalAddress};

use crate::error::CartError;

/// Units of a product, treatment or voucher on one line.
pub const MAX_UNITS: u32 = 10;
/// Persons of a package (the configurator's limit).
pub const MAX_PERSONS: u32 = 2;
/// The guest picker's limits (spec 5), as the rooms service checks them.
pub const MAX_ADULTS: u32 = 2;
pub const MAX_CHILDREN: u32 = 2;
pub const MAX_BABIES: u32 = 2;
pub const MAX_STAY_NIGHTS: i64 = 30;

spa_platform::coded! {
    /// What a basket line is.
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum ItemKind: spa_proto::spa::cart::v1::ItemType {
        Reservation => "reservation",
        Package => "package",
        Treatment => "treatment",
        Product => "product",
        Voucher => "voucher",
    }
}

spa_platform::coded! {
    /// What a visitor asks to add: a line's kind, or a room with its stay
    /// package in one request.
    pub enum NewItemKind: spa_proto::spa::cart::v1::NewItemType {
        Reservation => "reservation",
        Package => "package",
        Treatment => "treatment",
        Product => "product",
        Voucher => "voucher",
        ReservationWithPackage => "reservation_with_package",
    }
}

spa_platform::coded! {
    /// What a basket line is suggested.
    pub enum SuggestionKind: spa_proto::spa::cart::v1::SuggestionKind {
        Packages => "packages",
        Treatments => "treatments",
        Products => "products",
    }
}

impl ItemKind {
    /// Whether a catalog product of `product_type` can be a line of this kind.
    pub fn holds(self, product_type: ProductType) -> bool {
        use ProductType as P;
        match self {
            Self::Reservation => product_type == P::Room,
            Self::Package => product_type == P::Package,
            Self::Treatment => product_type == P::Treatment,
            Self::Product => matches!(product_type, P::Product | P::DaySpa),
            Self::Voucher => product_type == P::Voucher,
        }
    }

    /// Lines priced per unit; a package is priced for its persons and a
    /// reservation for its stay as a whole.
    pub fn priced_per_unit(self) -> bool {
        matches!(self, Self::Treatment | Self::Product | Self::Voucher)
    }

    /// Whether adding the same product again adds to the line.
    pub fn merges(self) -> bool {
        self.priced_per_unit()
    }
}

/// A treatment chosen for a package, and how many.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreatmentChoice {
    pub code: String,
    pub quantity: u32,
}

/// A room stay: nights [check_in, check_out) and the guests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stay {
    pub check_in: NaiveDate,
    pub check_out: NaiveDate,
    pub adults: u32,
    pub children: u32,
    pub babies: u32,
}

impl Stay {
    /// A stay as the visitor asked for it, checked against the guest
    /// picker's limits and the calendar. Fields are named as in the REST body.
    pub fn new(check_in: &str, check_out: &str, adults: u32, children: u32, babies: u32, today: NaiveDate) -> Result<Self, CartError> {
        let date = |field: &'static str, value: &str| {
            spa_platform::dates::parse_ymd(value).ok_or(CartError::InvalidStay { field, reason: "a date as YYYY-MM-DD" })
        };
        let (check_in, check_out) = (date("options.checkIn", check_in)?, date("options.checkOut", check_out)?);
        if check_in < today {
            return Err(CartError::InvalidStay { field: "options.checkIn", reason: "today or later" });
        }
        if check_out <= check_in {
            return Err(CartError::InvalidStay { field: "options.checkOut", reason: "after the check-in" });
        }
        if (check_out - check_in).num_days() > MAX_STAY_NIGHTS {
            return Err(CartError::InvalidStay { field: "options.checkOut", reason: "at most 30 nights after the check-in" });
        }
        for (field, value, min, max) in [
            ("options.adults", adults, 1, MAX_ADULTS),
            ("options.children", children, 0, MAX_CHILDREN),
            ("options.babies", babies, 0, MAX_BABIES),
        ] {
            if !(min..=max).contains(&value) {
                return Err(CartError::InvalidGuests { field, min, max });
            }
        }
        Ok(Self { check_in, check_out, adults, children, babies })
    }

    pub fn nights(&self) -> u32 {
        (self.check_out - self.check_in).num_days() as u32
    }

    /// A stay whose first night has passed can no longer be booked.
    pub fn started(&self, today: NaiveDate) -> bool {
        self.check_in < today
    }
}

/// Longest name on a gift voucher, and longest message.
pub const MAX_VOUCHER_NAME: usize = 60;
pub const MAX_VOUCHER_MESSAGE: usize = 300;

/// A gift voucher's dedication: who it is for and from, a message, and the
/// address it is e-mailed to; checkout's voucher step adds the design and
/// whether it is e-mailed or posted (with the recipient's address).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dedication {
    pub recipient: String,
    pub sender: String,
    pub message: String,
    pub email: Option<String>,
    /// Chosen at checkout: the print design, how it travels, and where a
    /// posted one goes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delivery: Option<Delivery>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postal: Option<PostalAddress>,
}

impl Dedication {
    /// Names are trimmed and required; fields are named as in the REST body
    /// that adds a voucher (`options.dedication.for`).
    pub fn new(recipient: &str, sender: &str, message: &str, email: &str) -> Result<Self, CartError> {
        let name = |field: &'static str, value: &str| {
            let value = value.trim();
            if value.is_empty() || value.chars().count() > MAX_VOUCHER_NAME {
                return Err(CartError::InvalidVoucherDetails { field });
            }
            Ok(value.to_owned())
        };
        let (recipient, sender) = (name("options.dedication.for", recipient)?, name("options.dedication.from", sender)?);
        let message = message.trim();
        if message.chars().count() > MAX_VOUCHER_MESSAGE {
            return Err(CartError::InvalidVoucherDetails { field: "options.dedication.message" });
        }
        let email = Some(email.trim()).filter(|e| !e.is_empty());
        if email.is_some_and(|e| !spa_platform::email::is_valid(e)) {
            return Err(CartError::InvalidEmail { field: "options.dedication.email" });
        }
        Ok(Self {
            recipient,
            sender,
            message: message.to_owned(),
            email: email.map(str::to_owned),
            design: None,
            delivery: None,
            postal: None,
        })
    }

    /// Everything checkout needs to issue and deliver it.
    pub fn configured(&self) -> bool {
        self.design.is_some()
            && match self.delivery {
                Some(Delivery::Email) => self.email.is_some(),
                Some(Delivery::Post) => self.postal.is_some(),
                None => false,
            }
    }

    pub fn posted(&self) -> bool {
        self.delivery == Some(Delivery::Post)
    }
}

/// What a visitor asks to add, checked for shape before any product is
/// looked up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewLine {
    /// A product, day-spa offer or treatment, counted in units.
    Units {
        kind: ItemKind,
        code: String,
        quantity: u32,
    },
    Voucher {
        code: String,
        quantity: u32,
        option: u32,
        dedication: Option<Box<Dedication>>,
    },
    /// A package for `persons`; `treatments` None means its own ones.
    Package {
        code: String,
        persons: Option<u32>,
        treatments: Option<Vec<TreatmentChoice>>,
    },
    Reservation {
        room: String,
        stay: Stay,
        package: Option<NewPackage>,
    },
}

/// A package booked together with a stay (`reservation_with_package`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPackage {
    pub code: String,
    pub treatments: Option<Vec<TreatmentChoice>>,
}

/// The raw request, as the REST body spells it.
#[derive(Debug, Clone, Default)]
pub struct AddRequest<'a> {
    /// None when the request named no kind (or one unknown).
    pub kind: Option<NewItemKind>,
    pub product_code: &'a str,
    pub variant_code: &'a str,
    pub package_code: &'a str,
    pub quantity: Option<u32>,
    pub check_in: &'a str,
    pub check_out: &'a str,
    pub adults: Option<u32>,
    pub children: u32,
    pub babies: u32,
    pub treatments: Option<Vec<TreatmentChoice>>,
    pub price_option: Option<u32>,
    /// A gift voucher's dedication, checked already.
    pub dedication: Option<Dedication>,
    /// The visitor said they are of age: an age-restricted product may be added.
    pub age_confirmed: bool,
}

fn units(quantity: Option<u32>) -> Result<u32, CartError> {
    let quantity = quantity.unwrap_or(1);
    check_quantity(quantity, 1, MAX_UNITS)?;
    Ok(quantity)
}

/// `quantity` within [min, max], or the error naming the field.
pub fn check_quantity(quantity: u32, min: u32, max: u32) -> Result<(), CartError> {
    if (min..=max).contains(&quantity) { Ok(()) } else { Err(CartError::InvalidQuantity { min, max }) }
}

fn code<'a>(field: &'static str, value: &'a str, fallback: &'a str) -> Result<String, CartError> {
    let code = if value.is_empty() { fallback } else { value };
    if code.is_empty() || code.len() > 64 {
        return Err(CartError::UnknownProduct { field });
    }
    Ok(code.to_owned())
}

impl NewLine {
    /// A line from the request's fields. A variant code stands for the
    /// product code (every product has one variant, with the same code).
    pub fn parse(r: &AddRequest<'_>, today: NaiveDate) -> Result<Self, CartError> {
        let product = || code("productCode", r.product_code, r.variant_code);
        let stay = || Stay::new(r.check_in, r.check_out, r.adults.unwrap_or(2), r.children, r.babies, today);
        let kind = r.kind.ok_or(CartError::InvalidItemType)?;
        if r.dedication.is_some() && kind != NewItemKind::Voucher {
            return Err(CartError::NotAVoucher);
        }
        match kind {
            NewItemKind::Product => Ok(Self::Units { kind: ItemKind::Product, code: product()?, quantity: units(r.quantity)? }),
            NewItemKind::Treatment => Ok(Self::Units { kind: ItemKind::Treatment, code: product()?, quantity: units(r.quantity)? }),
            NewItemKind::Voucher => {
                let option = r.price_option.ok_or(CartError::InvalidPriceOption { count: None })?;
                Ok(Self::Voucher { code: product()?, quantity: units(r.quantity)?, option, dedication: r.dedication.clone().map(Box::new) })
            }
            NewItemKind::Package => {
                if let Some(persons) = r.quantity {
                    check_quantity(persons, 1, MAX_PERSONS)?;
                }
                let code = code("productCode", r.product_code, if r.package_code.is_empty() { r.variant_code } else { r.package_code })?;
                Ok(Self::Package { code, persons: r.quantity, treatments: r.treatments.clone() })
            }
            NewItemKind::Reservation => Ok(Self::Reservation { room: product()?, stay: stay()?, package: None }),
            NewItemKind::ReservationWithPackage => {
                let package = NewPackage { code: code("packageCode", r.package_code, "")?, treatments: r.treatments.clone() };
                let room = code("productCode", r.product_code, "")?;
                Ok(Self::Reservation { room, stay: stay()?, package: Some(package) })
            }
        }
    }
}

/// A package for a stay: it fits when the stay lasts its nights and has
/// an adult for each of its persons.
pub fn check_package_fits(stay: &Stay, package_nights: u32, persons: u32) -> Result<(), CartError> {
    if package_nights > stay.nights() {
        return Err(CartError::PackageTooLong { nights: package_nights });
    }
    if persons > stay.adults.min(MAX_PERSONS) {
        return Err(CartError::TooManyPersons { max: stay.adults.min(MAX_PERSONS) });
    }
    Ok(())
}

/// Units of `room` that `stays` (room code, stay) need on some night of
/// `stay`: a basket's own stays count against the rooms left.
pub fn units_taken<'a>(stays: impl Iterator<Item = (&'a str, &'a Stay)>, room: &str, stay: &Stay) -> u32 {
    stays.filter(|(code, s)| *code == room && s.check_in < stay.check_out && stay.check_in < s.check_out).count() as u32
}

/// The persons of a package added without a number: the stay's adults, or
/// one for a package alone.
pub fn default_persons(stay: Option<&Stay>) -> u32 {
    stay.map_or(1, |s| s.adults.min(MAX_PERSONS))
}

/// The counter's bounds of a line.
pub fn quantity_bounds(kind: ItemKind, stay_of_parent: Option<&Stay>) -> (u32, u32) {
    match kind {
        ItemKind::Reservation => (1, 1),
        ItemKind::Package => (1, stay_of_parent.map_or(MAX_PERSONS, |s| s.adults.min(MAX_PERSONS))),
        ItemKind::Treatment | ItemKind::Product | ItemKind::Voucher => (1, MAX_UNITS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    const TODAY: &str = "2026-06-01";

    fn request(kind: &str) -> AddRequest<'static> {
        let kind = NewItemKind::parse(kind);
        AddRequest { kind, product_code: "P", check_in: "2026-06-10", check_out: "2026-06-12", ..Default::default() }
    }

    fn parse(r: AddRequest<'_>) -> Result<NewLine, CartError> {
        NewLine::parse(&r, day(TODAY))
    }

    #[test]
    fn kinds_spell_as_on_the_wire() {
        for kind in ItemKind::ALL {
            assert_eq!(ItemKind::parse(kind.code()), Some(*kind));
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.code());
        }
        assert_eq!(ItemKind::parse("room"), None);
    }

    #[test]
    fn each_kind_holds_its_catalog_types() {
        use ProductType as P;
        assert!(ItemKind::Product.holds(P::DaySpa) && ItemKind::Product.holds(P::Product));
        assert!(!ItemKind::Product.holds(P::Voucher) && !ItemKind::Treatment.holds(P::Package));
        assert!(ItemKind::Reservation.holds(P::Room) && !ItemKind::Reservation.holds(P::Package));
    }

    #[test]
    fn units_default_to_one_and_stay_within_bounds() {
        assert_eq!(parse(request("product")).unwrap(), NewLine::Units { kind: ItemKind::Product, code: "P".into(), quantity: 1 });
        for bad in [0, MAX_UNITS + 1] {
            let r = AddRequest { quantity: Some(bad), ..request("treatment") };
            assert!(matches!(parse(r), Err(CartError::InvalidQuantity { min: 1, max: MAX_UNITS })), "{bad}");
        }
    }

    #[test]
    fn a_variant_code_stands_for_the_product_code() {
        let r = AddRequest { product_code: "", variant_code: "V", ..request("product") };
        assert!(matches!(parse(r), Ok(NewLine::Units { code, .. }) if code == "V"));
        let r = AddRequest { product_code: "", ..request("product") };
        assert!(matches!(parse(r), Err(CartError::UnknownProduct { field: "productCode" })));
    }

    #[test]
    fn unknown_types_are_refused() {
        assert!(matches!(parse(request("room")), Err(CartError::InvalidItemType)));
        assert!(matches!(parse(request("")), Err(CartError::InvalidItemType)));
    }

    #[test]
    fn a_voucher_needs_its_price_option() {
        assert!(matches!(parse(request("voucher")), Err(CartError::InvalidPriceOption { count: None })));
        let r = AddRequest { price_option: Some(2), ..request("voucher") };
        assert_eq!(parse(r).unwrap(), NewLine::Voucher { code: "P".into(), quantity: 1, option: 2, dedication: None });
    }

    #[test]
    fn package_persons_are_one_or_two() {
        for bad in [0, 3] {
            let r = AddRequest { quantity: Some(bad), ..request("package") };
            assert!(matches!(parse(r), Err(CartError::InvalidQuantity { min: 1, max: 2 })));
        }
    }

    #[test]
    fn stays_are_checked_field_by_field() {
        let stay = |from: &str, to: &str, adults, children, babies| Stay::new(from, to, adults, children, babies, day(TODAY));
        assert_eq!(stay("2026-06-10", "2026-06-12", 2, 1, 0).unwrap().nights(), 2);
        let field = |r: Result<Stay, CartError>| match r {
            Err(CartError::InvalidStay { field, .. } | CartError::InvalidGuests { field, .. }) => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(field(stay("2026-6-10", "2026-06-12", 2, 0, 0)), "options.checkIn");
        assert_eq!(field(stay("2026-05-31", "2026-06-12", 2, 0, 0)), "options.checkIn", "not in the past");
        assert_eq!(field(stay("2026-06-10", "2026-06-10", 2, 0, 0)), "options.checkOut", "at least a night");
        assert_eq!(field(stay("2026-06-10", "2026-07-11", 2, 0, 0)), "options.checkOut", "at most 30 nights");
        assert_eq!(field(stay("2026-06-10", "2026-06-12", 0, 0, 0)), "options.adults");
        assert_eq!(field(stay("2026-06-10", "2026-06-12", 3, 0, 0)), "options.adults");
        assert_eq!(field(stay("2026-06-10", "2026-06-12", 2, 3, 0)), "options.children");
        assert_eq!(field(stay("2026-06-10", "2026-06-12", 2, 0, 3)), "options.babies");
        assert!(stay("2026-06-10", "2026-06-12", 2, 0, 0).unwrap().started(day("2026-06-11")));
    }

    #[test]
    fn a_reservation_with_a_package_names_both() {
        let r = AddRequest { package_code: "PKG", ..request("reservation_with_package") };
        let NewLine::Reservation { room, package: Some(package), stay } = parse(r).unwrap() else { panic!() };
        assert_eq!((room.as_str(), package.code.as_str(), stay.adults), ("P", "PKG", 2), "two adults unless said");
        let r = request("reservation_with_package");
        assert!(matches!(parse(r), Err(CartError::UnknownProduct { field: "packageCode" })));
    }

    #[test]
    fn a_package_fits_a_stay_long_enough_with_enough_adults() {
        let stay = Stay::new("2026-06-10", "2026-06-12", 1, 1, 0, day(TODAY)).unwrap();
        assert!(check_package_fits(&stay, 2, 1).is_ok());
        assert!(check_package_fits(&stay, 0, 1).is_ok(), "a treatment day fits any stay");
        assert!(matches!(check_package_fits(&stay, 3, 1), Err(CartError::PackageTooLong { nights: 3 })));
        assert!(matches!(check_package_fits(&stay, 2, 2), Err(CartError::TooManyPersons { max: 1 })), "children are not persons");
        assert_eq!(default_persons(Some(&stay)), 1);
        assert_eq!(default_persons(None), 1);
    }

    #[test]
    fn a_dedication_names_who_it_is_for_and_from() {
        let d = Dedication::new(" Ola ", "Jan", "Wszystkiego najlepszego!", "").unwrap();
        assert_eq!((d.recipient.as_str(), d.email), ("Ola", None));
        let field = |r: Result<Dedication, CartError>| match r {
            Err(CartError::InvalidVoucherDetails { field }) => field,
            Err(CartError::InvalidEmail { field }) => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(field(Dedication::new("  ", "Jan", "", "")), "options.dedication.for");
        assert_eq!(field(Dedication::new("Ola", &"x".repeat(61), "", "")), "options.dedication.from");
        assert_eq!(field(Dedication::new("Ola", "Jan", &"x".repeat(301), "")), "options.dedication.message");
        assert_eq!(field(Dedication::new("Ola", "Jan", "", "ola@")), "options.dedication.email");
        assert!(Dedication::new("Ola", "Jan", &"ż".repeat(300), "ola@example.pl").is_ok(), "characters, not bytes");
    }

    #[test]
    fn own_stays_take_units_on_shared_nights_only() {
        let s = |from: &str, to: &str| Stay::new(from, to, 2, 0, 0, day(TODAY)).unwrap();
        let wanted = s("2026-06-10", "2026-06-12");
        let (before, touching, overlapping) = (s("2026-06-08", "2026-06-10"), s("2026-06-12", "2026-06-13"), s("2026-06-11", "2026-06-15"));
        let basket = [("R", &before), ("R", &touching), ("R", &overlapping), ("OTHER", &wanted)];
        assert_eq!(units_taken(basket.into_iter(), "R", &wanted), 1, "check-out day is free again");
    }

    #[test]
    fn counters_follow_the_kind() {
        let stay = Stay::new("2026-06-10", "2026-06-12", 2, 0, 0, day(TODAY)).unwrap();
        assert_eq!(quantity_bounds(ItemKind::Reservation, None), (1, 1));
        assert_eq!(quantity_bounds(ItemKind::Package, Some(&stay)), (1, 2));
        assert_eq!(quantity_bounds(ItemKind::Product, None), (1, MAX_UNITS));
    }
}
