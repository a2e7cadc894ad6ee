//! What the visitor does with a basket, step by step: check the request
//! (domain), ask the catalog and the rooms service (peers), change the
//! stored lines under the cart's lock (store), and show the cart priced
//! now. Peers are asked before the lock is taken, so a slow peer never
//! holds a cart; what the lock protects (the lines themselves) is checked
//! again under it.

pub mod store;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::NaiveDate;
use futures::future::try_join_all;
use spa_platform::db::Db;
use spa_proto::common::ProductType;
use spa_proto::spa::catalog::v1::{PackageCost, Product};
use spa_proto::spa::rooms::v1::StayCheck;

use crate::domain::checkout::{self, State};
use crate::domain::gift;
use crate::domain::item::{self, AddRequest, ItemKind, NewLine, Stay, SuggestionKind, TreatmentChoice, check_package_fits, check_quantity};
use crate::domain::limits::Limits;
use crate::domain::settings::CheckoutRules;
use crate::domain::totals::{self, PricedLine, Totals};
use crate::domain::{self, CartTtl};
use crate::error::CartError;
use crate::peers::{Peers, StayQuery};
use crate::settings::Settings;
use crate::store::{Details, Line, NewCart, StoredCart};

/// How many suggestions of each kind a line gets.
const SUGGESTIONS: usize = 8;

/// Units of one room a basket's stays need on some night.
#[derive(Debug, PartialEq, Eq)]
pub struct RoomUnits {
    pub room: String,
    pub units: u32,
}

pub struct Basket {
    db: Db,
    ttl: CartTtl,
    peers: Peers,
    limits: Limits,
    settings: Arc<Settings>,
}

/// The cart as the visitor sees it now: every line priced and checked.
pub struct View {
    pub cart: StoredCart,
    pub lines: Vec<ViewLine>,
    pub totals: Totals,
    /// The settings the totals were worked out with: what follows in the
    /// same step (the holds, an order's terms) uses the same ones.
    pub rules: CheckoutRules,
}

impl View {
    /// Whether every line and everything attached can be bought now.
    pub fn all_available(&self) -> bool {
        self.lines.iter().all(|l| l.priced.available && l.children.iter().all(|c| c.priced.available))
    }
}

pub struct ViewLine {
    pub line: Line,
    pub product: Option<Product>,
    /// One unit now and before a promotion.
    pub current: i64,
    pub original: i64,
    pub priced: PricedLine,
    pub bounds: (u32, u32),
    /// A package's treatments with their names.
    pub treatments: Vec<(TreatmentChoice, String)>,
    pub children: Vec<ViewLine>,
    /// The gift voucher paying for the line, and how much of it.
    pub redemption: Option<Redemption>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redemption {
    pub code: String,
    /// What it pays of this line (with what is attached) now.
    pub amount: i64,
    pub voucher: gift::Balance,
}

/// What the peers said about a cart's lines, read once per view.
struct Prices {
    products: HashMap<String, Product>,
    /// By reservation line id; absent for stays that already started.
    stays: HashMap<i64, StayCheck>,
    /// By package line id; absent when the catalog refuses the configuration.
    packages: HashMap<i64, PackageCost>,
    today: NaiveDate,
}

fn amount(m: Option<&spa_proto::common::Money>) -> i64 {
    m.map_or(0, |m| m.amount)
}

impl Prices {
    /// One line priced and checked, with its attached lines (`children`,
    /// already priced). `parent_stay` is the stay a package is attached to.
    fn line(&self, line: &Line, parent_stay: Option<&Stay>, children: Vec<ViewLine>) -> ViewLine {
        let product = self.products.get(&line.code).cloned();
        // A product that counts its stock sells what it has left.
        let in_stock = |p: &Product| p.stock.is_none_or(|left| left >= i64::from(line.quantity));
        let sold = product.as_ref().is_some_and(|p| on_sale(p, self.today) && in_stock(p) && line.kind.holds(p.r#type()));
        let (current, original, priced) = match line.kind {
            ItemKind::Reservation => {
                let check = self.stays.get(&line.id);
                let price = amount(check.and_then(|c| c.price.as_ref()));
                (price, price, check.is_some_and(|c| c.bookable))
            }
            ItemKind::Package => {
                let cost = self.packages.get(&line.id);
                (amount(cost.and_then(|c| c.total_current.as_ref())), amount(cost.and_then(|c| c.total_original.as_ref())), cost.is_some())
            }
            ItemKind::Voucher => {
                let value = product.as_ref().and_then(|p| p.voucher_values.get(line.details.price_option.unwrap_or(0) as usize)).copied();
                (value.unwrap_or(0), value.unwrap_or(0), value.is_some())
            }
            // The basket is in PLN: a product priced in another currency
            // costs its base price, converted by the catalog.
            ItemKind::Treatment | ItemKind::Product => {
                let price = product.as_ref().and_then(|p| p.price.as_ref());
                let (current, original) = (price.and_then(|p| p.base_current.as_ref()), price.and_then(|p| p.base_original.as_ref()));
                (amount(current), amount(original), current.is_some_and(|m| m.currency == totals::CURRENCY))
            }
        };
        let treatments = match (&product, line.kind) {
            (Some(p), ItemKind::Package) => {
                let names: HashMap<&str, &str> = p
                    .treatments
                    .iter()
                    .flat_map(|t| t.primary.iter().chain(t.additional.iter()))
                    .map(|t| (t.code.as_str(), t.name.as_str()))
                    .collect();
                chosen_or_own(&line.details.treatments, p, line.quantity)
                    .into_iter()
                    .map(|t| {
                        let name = names.get(t.code.as_str()).copied().unwrap_or_default().to_owned();
                        (t, name)
                    })
                    .collect()
            }
            _ => vec![],
        };
        let priced = PricedLine {
            kind: line.kind,
            quantity: line.quantity,
            unit: current,
            available: sold && priced,
            children: children.iter().map(|c| c.priced.clone()).collect(),
        }
        .cascade();
        // What cascade decided for the attached lines is what they show.
        let children = children.into_iter().zip(&priced.children).map(|(c, p)| ViewLine { priced: p.clone(), ..c }).collect();
        ViewLine {
            bounds: item::quantity_bounds(line.kind, parent_stay),
            line: line.clone(),
            product,
            current,
            original: original.max(current),
            priced,
            treatments,
            children,
            redemption: None,
        }
    }
}

/// Whether the catalog sells the product today (its availableFrom/To).
fn on_sale(p: &Product, today: NaiveDate) -> bool {
    let day = today.to_string();
    (p.available_from.is_empty() || p.available_from <= day) && (p.available_to.is_empty() || day <= p.available_to)
}

/// A package's own treatments for `persons`: each included treatment once
/// per person beyond the first, as the configurator starts it.
fn own_treatments(package: &Product, persons: u32) -> Vec<TreatmentChoice> {
    package
        .treatments
        .iter()
        .flat_map(|t| t.primary.iter())
        .map(|t| TreatmentChoice { code: t.code.clone(), quantity: t.quantity + persons.saturating_sub(1) })
        .collect()
}

fn chosen_or_own(chosen: &Option<Vec<TreatmentChoice>>, package: &Product, persons: u32) -> Vec<TreatmentChoice> {
    chosen.clone().unwrap_or_else(|| own_treatments(package, persons))
}

/// Chosen treatments after the persons change from `from` to `to`: the
/// package's included ones move by the same step (spec: package persons).
fn rescale(chosen: &[TreatmentChoice], package: &Product, from: u32, to: u32) -> Vec<TreatmentChoice> {
    let included: HashSet<&str> = package.treatments.iter().flat_map(|t| t.primary.iter()).map(|t| t.code.as_str()).collect();
    chosen
        .iter()
        .map(|t| {
            let quantity = if included.contains(t.code.as_str()) { (t.quantity + to).saturating_sub(from).max(1) } else { t.quantity };
            TreatmentChoice { code: t.code.clone(), quantity }
        })
        .collect()
}

impl Basket {
    pub fn new(db: Db, ttl: CartTtl, peers: Peers, limits: Limits, settings: Arc<Settings>) -> Self {
        Self { db, ttl, peers, limits, settings }
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Whether the locked basket takes `adding` more lines (its cap).
    fn room_for(&self, locked: &crate::store::Locked, adding: usize) -> Result<(), CartError> {
        if self.limits.fits(locked.cart.lines.len(), adding) { Ok(()) } else { Err(CartError::BasketFull { max: self.limits.max_lines }) }
    }

    fn cutoff(&self) -> i64 {
        self.ttl.cutoff(self.db.now_ms())
    }

    /// The cart locked for a change; an order's cart changes no more.
    pub(crate) async fn lock(&self, token: &str) -> Result<crate::store::Locked, CartError> {
        let locked = self.lock_any(token).await?;
        if locked.cart.checkout_state == State::Completed {
            return Err(CartError::Completed);
        }
        Ok(locked)
    }

    /// The cart locked, whatever its state (completion checks it).
    pub(crate) async fn lock_any(&self, token: &str) -> Result<crate::store::Locked, CartError> {
        well_formed(token)?;
        let now = self.db.now_ms();
        crate::store::lock(&self.db, token, self.ttl.cutoff(now), now).await
    }

    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    pub fn peers(&self) -> &Peers {
        &self.peers
    }

    pub async fn create(&self, token: &str, channel: &str, locale: &str, customer_id: Option<&str>) -> Result<View, CartError> {
        domain::strong_token(token).map_err(CartError::WeakToken)?;
        if spa_platform::locale::Locale::parse(locale).is_none() {
            return Err(CartError::InvalidLocale);
        }
        if channel.is_empty() {
            return Err(CartError::MissingChannel);
        }
        let new = NewCart { token, channel, locale, currency: totals::CURRENCY, customer_id };
        let cart = crate::store::create(&self.db, new, self.db.now_ms()).await?;
        self.show(cart, locale).await
    }

    /// The customer's open cart, priced now.
    pub async fn customer_cart(&self, customer_id: &str, locale: &str) -> Result<View, CartError> {
        if customer_id.is_empty() {
            return Err(CartError::NotFound);
        }
        let token = crate::store::customer_cart(&self.db, customer_id, self.cutoff()).await?.ok_or(CartError::NotFound)?;
        self.view(&token, locale).await
    }

    pub async fn drop_cart(&self, token: &str) -> Result<(), CartError> {
        well_formed(token)?;
        crate::store::drop_cart(&self.db, token, self.cutoff()).await
    }

    /// The cart priced now, with names in `locale` ("" = the cart's).
    pub async fn view(&self, token: &str, locale: &str) -> Result<View, CartError> {
        let cart = self.load(token).await?;
        self.show(cart, locale).await
    }

    /// A live cart as stored.
    pub(crate) async fn load(&self, token: &str) -> Result<StoredCart, CartError> {
        well_formed(token)?;
        crate::store::load(&self.db, token, self.cutoff()).await
    }

    /// `cart` (as just read or committed) priced now, with names in
    /// `locale` ("" = the cart's).
    pub(crate) async fn show(&self, cart: StoredCart, locale: &str) -> Result<View, CartError> {
        self.show_with(cart, locale, HashMap::new()).await
    }

    /// Like [`Basket::show`], with the stays of `checked` (by line id) taken
    /// as the rooms service answered for them a moment ago in this request.
    async fn show_with(&self, cart: StoredCart, locale: &str, checked: HashMap<i64, StayCheck>) -> Result<View, CartError> {
        let locale = if locale.is_empty() { cart.locale.clone() } else { locale.to_owned() };
        self.price(cart, &locale, checked).await
    }

    /// Writes a checkout step's `change` to the cart as `before` read it, in
    /// one statement when no other change was committed since; else under
    /// the cart's lock, with `change` (and the rules it checks) applied to
    /// the cart as it is now. Answers the cart as written.
    pub(crate) async fn step<F>(&self, token: &str, before: &View, change: F) -> Result<StoredCart, CartError>
    where
        F: Fn(&mut StoredCart) -> Result<(), CartError>,
    {
        let mut cart = before.cart.clone();
        // As `lock` refuses it.
        if cart.checkout_state == State::Completed {
            return Err(CartError::Completed);
        }
        change(&mut cart)?;
        let now = self.db.now_ms();
        if crate::store::save_checkout(&self.db, &mut cart, self.ttl.cutoff(now), now).await? {
            return Ok(cart);
        }
        let mut locked = self.lock(token).await?;
        // Lines changed since `before` was priced: what the step worked out
        // from it (nothing left to pay, the amounts shown) may not hold, so
        // the cart goes back to the address's state as after any change.
        locked.lines_changed_since(&before.cart.lines);
        change(&mut locked.cart)?;
        locked.commit().await
    }

    /// The totals of `cart` after a step that changed no line, with its
    /// lines as `before` priced them.
    pub(crate) fn totals_after_step(rules: &CheckoutRules, cart: &StoredCart, before: &View) -> Totals {
        checkout_totals(rules, cart, &before.lines, vouchers_paid(&before.lines))
    }

    /// The view of `cart` after a checkout step that changed no line
    /// (address, shipping, payment): the lines as `before` priced them a
    /// moment ago, the totals again for the new choices. Lines changed
    /// meanwhile by another request are priced anew.
    pub(crate) async fn after_step(&self, before: View, cart: StoredCart, locale: &str) -> Result<View, CartError> {
        if cart.lines != before.cart.lines {
            return self.show(cart, locale).await;
        }
        let totals = Self::totals_after_step(&before.rules, &cart, &before);
        Ok(View { cart, lines: before.lines, totals, rules: before.rules })
    }

    pub async fn add(&self, token: &str, locale: &str, request: &AddRequest<'_>) -> Result<View, CartError> {
        well_formed(token)?;
        let today = self.db.clock().today();
        let line = NewLine::parse(request, today)?;
        // An unknown cart is found when it is locked, after the peers have
        // answered: reading it first as well cost every add two queries.
        let mut checked = HashMap::new();
        let cart = match line {
            NewLine::Units { kind, code, quantity } => {
                let product = self.product_of(&code, kind, "productCode", today).await?;
                // Alcohol is sold to adults only: the shop asks before it is added.
                if product.age_restriction && !request.age_confirmed {
                    return Err(CartError::AgeConfirmationRequired { code: product.code });
                }
                self.add_units(token, kind, &product.code, quantity, Details::default()).await?
            }
            NewLine::Voucher { code, quantity, option, dedication } => {
                let voucher = self.product_of(&code, ItemKind::Voucher, "productCode", today).await?;
                if option as usize >= voucher.voucher_values.len() {
                    return Err(CartError::InvalidPriceOption { count: Some(voucher.voucher_values.len()) });
                }
                self.add_units(
                    token,
                    ItemKind::Voucher,
                    &voucher.code,
                    quantity,
                    Details { price_option: Some(option), voucher: dedication.map(|d| *d), ..Default::default() },
                )
                .await?
            }
            NewLine::Package { code, persons, treatments } => {
                let package =
                    self.product_of_types(&code, |t| matches!(t, ProductType::Package | ProductType::DaySpa), "productCode", today).await?;
                if package.r#type() == ProductType::DaySpa {
                    // A day-spa offer is bought like a product, one per person.
                    self.add_units(token, ItemKind::Product, &package.code, persons.unwrap_or(1), Details::default()).await?
                } else {
                    if package.num_nights > 0 {
                        return Err(CartError::PackageNeedsStay);
                    }
                    let persons = persons.unwrap_or_else(|| item::default_persons(None));
                    self.peers.package_cost(&package.code, persons, &chosen_or_own(&treatments, &package, persons)).await?;
                    let mut locked = self.lock(token).await?;
                    self.room_for(&locked, 1)?;
                    locked.insert(None, ItemKind::Package, &package.code, persons, &Details { treatments, ..Default::default() }).await?;
                    locked.commit().await?
                }
            }
            NewLine::Reservation { room, stay, package } => {
                let room = self.product_of(&room, ItemKind::Reservation, "productCode", today).await?;
                let mut nights = 0;
                let mut package_line = None;
                if let Some(p) = package {
                    let package = self.product_of(&p.code, ItemKind::Package, "packageCode", today).await?;
                    let persons = item::default_persons(Some(&stay));
                    check_package_fits(&stay, package.num_nights, persons)?;
                    self.peers.package_cost(&package.code, persons, &chosen_or_own(&p.treatments, &package, persons)).await?;
                    nights = package.num_nights;
                    package_line = Some((package.code, persons, p.treatments));
                }
                let check = self.peers.check_stays(&[&StayQuery { room: &room.code, stay: &stay, package_nights: nights }]).await?;
                let free = check.first().filter(|c| c.bookable).map_or(0, |c| c.available);
                let mut locked = self.lock(token).await?;
                // The basket's own stays of the room on these nights need
                // units too; counted under the lock, so two parallel adds
                // cannot both take the last one.
                let own = locked.cart.lines.iter().filter_map(|l| l.details.stay.as_ref().map(|s| (l.code.as_str(), s)));
                if free <= item::units_taken(own, &room.code, &stay) {
                    return Err(CartError::RoomUnavailable);
                }
                self.room_for(&locked, 1 + usize::from(package_line.is_some()))?;
                let id =
                    locked.insert(None, ItemKind::Reservation, &room.code, 1, &Details { stay: Some(stay), ..Default::default() }).await?;
                if let Some((code, persons, treatments)) = package_line {
                    locked.insert(Some(id), ItemKind::Package, &code, persons, &Details { treatments, ..Default::default() }).await?;
                }
                if let Some(c) = check.into_iter().next() {
                    checked.insert(id, c);
                }
                locked.commit().await?
            }
        };
        self.show_with(cart, locale, checked).await
    }

    /// Adds units of a product, or more of the same line when it is there.
    async fn add_units(&self, token: &str, kind: ItemKind, code: &str, quantity: u32, details: Details) -> Result<StoredCart, CartError> {
        let mut locked = self.lock(token).await?;
        // The same line whatever voucher code pays for it.
        let same = locked
            .cart
            .lines
            .iter()
            .find(|l| {
                l.parent_id.is_none() && l.kind == kind && l.code == code && Details { redeemed: None, ..l.details.clone() } == details
            })
            .cloned();
        match same {
            Some(line) => {
                let (min, max) = item::quantity_bounds(kind, None);
                check_quantity(line.quantity + quantity, min, max)?;
                locked.update(line.id, line.quantity + quantity, &line.details).await?;
            }
            None => {
                self.room_for(&locked, 1)?;
                locked.insert(None, kind, code, quantity, &details).await?;
            }
        }
        locked.commit().await
    }

    /// Attaches a package to reservation line `parent_id`, in place of the
    /// package it had.
    pub async fn attach(&self, token: &str, locale: &str, parent_id: i64, request: &AddRequest<'_>) -> Result<View, CartError> {
        well_formed(token)?;
        let today = self.db.clock().today();
        let cart = crate::store::load(&self.db, token, self.cutoff()).await?;
        let parent = cart.line(parent_id)?;
        let stay = match (&parent.kind, parent.details.stay) {
            (ItemKind::Reservation, Some(stay)) => stay,
            _ => return Err(CartError::NotAReservation),
        };
        let NewLine::Package { code, persons, treatments } = NewLine::parse(request, today)? else {
            return Err(CartError::InvalidItemType);
        };
        let package = self.product_of(&code, ItemKind::Package, "packageCode", today).await?;
        let persons = persons.unwrap_or_else(|| item::default_persons(Some(&stay)));
        check_package_fits(&stay, package.num_nights, persons)?;
        self.peers.package_cost(&package.code, persons, &chosen_or_own(&treatments, &package, persons)).await?;
        let mut locked = self.lock(token).await?;
        locked.cart.line(parent_id)?;
        let attached: Vec<i64> = locked.cart.children_of(parent_id).map(|l| l.id).collect();
        for id in attached {
            locked.delete(id).await?;
        }
        self.room_for(&locked, 1)?;
        locked.insert(Some(parent_id), ItemKind::Package, &package.code, persons, &Details { treatments, ..Default::default() }).await?;
        let cart = locked.commit().await?;
        self.show(cart, locale).await
    }

    /// Sets a line's quantity and, for a package, its treatments.
    pub async fn update(
        &self,
        token: &str,
        locale: &str,
        id: i64,
        quantity: u32,
        treatments: Option<Vec<TreatmentChoice>>,
    ) -> Result<View, CartError> {
        well_formed(token)?;
        let cart = crate::store::load(&self.db, token, self.cutoff()).await?;
        let line = cart.line(id)?.clone();
        let parent_stay = line.parent_id.and_then(|p| cart.line(p).ok()).and_then(|p| p.details.stay);
        let (min, max) = item::quantity_bounds(line.kind, parent_stay.as_ref());
        check_quantity(quantity, min, max)?;
        let mut details = line.details.clone();
        if line.kind == ItemKind::Package {
            let package = self.peers.product(&line.code, &cart.locale).await?.ok_or(CartError::UnknownProduct { field: "id" })?;
            details.treatments = match (treatments, &line.details.treatments) {
                (Some(chosen), _) => Some(chosen),
                (None, Some(chosen)) => Some(rescale(chosen, &package, line.quantity, quantity)),
                (None, None) => None,
            };
            self.peers.package_cost(&line.code, quantity, &chosen_or_own(&details.treatments, &package, quantity)).await?;
        } else if treatments.is_some() {
            return Err(CartError::NotAPackage);
        }
        let mut locked = self.lock(token).await?;
        locked.cart.line(id)?;
        locked.update(id, quantity, &details).await?;
        let cart = locked.commit().await?;
        self.show(cart, locale).await
    }

    /// Pays for line `id` (and what is attached to it) with gift voucher
    /// `code`, or (None) stops. A code pays for one line of a basket: set
    /// on another line, it moves there.
    pub async fn redeem(&self, token: &str, locale: &str, id: i64, code: Option<&str>) -> Result<View, CartError> {
        well_formed(token)?;
        let code = code.map(gift::normalize).transpose()?;
        if let Some(code) = &code {
            let voucher = crate::store::gift_voucher(&self.db, code).await?.ok_or(CartError::VoucherUnknown)?;
            voucher.usable(self.db.now_ms())?;
        }
        let mut locked = self.lock(token).await?;
        let line = locked.cart.line(id)?.clone();
        if line.parent_id.is_some() || line.kind == ItemKind::Voucher {
            return Err(CartError::VoucherNotApplicable);
        }
        if line.details.redeemed == code {
            let cart = locked.cart.clone();
            drop(locked);
            return self.show(cart, locale).await;
        }
        if let Some(code) = &code {
            let elsewhere: Vec<Line> =
                locked.cart.lines.iter().filter(|l| l.id != id && l.details.redeemed.as_ref() == Some(code)).cloned().collect();
            for other in elsewhere {
                locked.update(other.id, other.quantity, &Details { redeemed: None, ..other.details }).await?;
            }
        }
        locked.update(id, line.quantity, &Details { redeemed: code, ..line.details }).await?;
        let cart = locked.commit().await?;
        self.show(cart, locale).await
    }

    pub async fn remove(&self, token: &str, locale: &str, id: i64) -> Result<View, CartError> {
        well_formed(token)?;
        let mut locked = self.lock(token).await?;
        locked.cart.line(id)?;
        locked.delete(id).await?;
        let cart = locked.commit().await?;
        self.show(cart, locale).await
    }

    /// The room and stay of each reservation line.
    pub async fn rooms_taken(&self, token: &str, check_in: &str, check_out: &str) -> Result<Vec<RoomUnits>, CartError> {
        well_formed(token)?;
        let day =
            |s: &str, field| spa_platform::dates::parse_ymd(s).ok_or(CartError::InvalidStay { field, reason: "a date as YYYY-MM-DD" });
        let nights =
            Stay { check_in: day(check_in, "checkIn")?, check_out: day(check_out, "checkOut")?, adults: 0, children: 0, babies: 0 };
        if nights.check_out <= nights.check_in {
            return Err(CartError::InvalidStay { field: "checkOut", reason: "after the check-in" });
        }
        let cart = crate::store::load(&self.db, token, self.cutoff()).await?;
        let stays: Vec<(&str, &Stay)> = cart.lines.iter().filter_map(|l| l.details.stay.as_ref().map(|s| (l.code.as_str(), s))).collect();
        let mut rooms: Vec<&str> = stays.iter().map(|(room, _)| *room).collect();
        rooms.sort_unstable();
        rooms.dedup();
        Ok(rooms
            .into_iter()
            .map(|room| RoomUnits { room: room.to_owned(), units: item::units_taken(stays.iter().copied(), room, &nights) })
            .filter(|r| r.units > 0)
            .collect())
    }

    /// Products to offer beside line `id`: `packages` that fit it,
    /// `treatments`, or `products` related to it; none already in the cart.
    pub async fn suggest(&self, token: &str, locale: &str, id: i64, kind: SuggestionKind) -> Result<Vec<Product>, CartError> {
        well_formed(token)?;
        let cart = crate::store::load(&self.db, token, self.cutoff()).await?;
        let line = cart.line(id)?;
        let locale = if locale.is_empty() { cart.locale.as_str() } else { locale };
        let in_cart: HashSet<&str> = cart.lines.iter().map(|l| l.code.as_str()).collect();
        let candidates = match kind {
            SuggestionKind::Packages => {
                let nights = line.details.stay.map(|s| s.nights());
                self.peers
                    .offers(ProductType::Package, locale, 100)
                    .await?
                    .into_iter()
                    .filter(|p| match nights {
                        Some(nights) => p.num_nights <= nights,
                        None => p.num_nights == 0,
                    })
                    .collect()
            }
            SuggestionKind::Treatments => self.peers.offers(ProductType::Treatment, locale, 100).await?,
            SuggestionKind::Products => {
                // Related offers of other types (a balm's honey massage) are the
                // treatments' and packages' own suggestions: not offered twice.
                let mut products: Vec<Product> =
                    self.peers.related(&line.code, locale).await?.into_iter().filter(|p| p.r#type() == ProductType::Product).collect();
                products.extend(self.peers.offers(ProductType::Product, locale, 100).await?);
                products
            }
        };
        let today = self.db.clock().today();
        let mut seen = HashSet::new();
        Ok(candidates
            .into_iter()
            .filter(|p| !in_cart.contains(p.code.as_str()) && on_sale(p, today) && seen.insert(p.code.clone()))
            .take(SUGGESTIONS)
            .collect())
    }

    /// A product the catalog sells now, of a type that `kind` holds.
    async fn product_of(&self, code: &str, kind: ItemKind, field: &'static str, today: NaiveDate) -> Result<Product, CartError> {
        self.product_of_types(code, |t| kind.holds(t), field, today).await
    }

    /// A product the catalog sells now, of a type that `wanted` takes.
    async fn product_of_types(
        &self,
        code: &str,
        wanted: impl Fn(ProductType) -> bool,
        field: &'static str,
        today: NaiveDate,
    ) -> Result<Product, CartError> {
        let product = self.peers.product(code, "pl").await?.filter(|p| wanted(p.r#type())).ok_or(CartError::UnknownProduct { field })?;
        // Sold out: nothing left of a product that counts its stock.
        if !on_sale(&product, today) || product.stock.is_some_and(|left| left < 1) {
            return Err(CartError::ProductUnavailable { code: product.code });
        }
        Ok(product)
    }

    /// Prices every line now: products and vouchers from the catalog,
    /// packages from its cost estimate, stays from the rooms service.
    async fn price(&self, cart: StoredCart, locale: &str, mut checked: HashMap<i64, StayCheck>) -> Result<View, CartError> {
        let today = self.db.clock().today();
        // Packages and vouchers need the whole product (treatments, voucher
        // values); the rest a card's worth.
        let whole = |l: &Line| matches!(l.kind, ItemKind::Package | ItemKind::Voucher);
        let codes = |full: bool| -> Vec<String> {
            let set: HashSet<&str> = cart.lines.iter().filter(|l| whole(l) == full).map(|l| l.code.as_str()).collect();
            set.into_iter().map(str::to_owned).collect()
        };
        let (full_codes, card_codes) = (codes(true), codes(false));
        let (mut products, full) = futures::try_join!(
            self.peers.products(card_codes, locale),
            try_join_all(full_codes.iter().map(|code| self.peers.product(code, locale)))
        )?;
        products.extend(full.into_iter().flatten().map(|p| (p.code.clone(), p)));

        // Stays that can still start, with the nights their package pays for.
        let stays: Vec<(i64, StayQuery<'_>)> = cart
            .lines
            .iter()
            .filter(|l| l.kind == ItemKind::Reservation)
            .filter_map(|l| l.details.stay.as_ref().filter(|s| !s.started(today)).map(|s| (l, s)))
            .map(|(l, stay)| {
                let package_nights = cart.children_of(l.id).filter_map(|c| products.get(&c.code)).map(|p| p.num_nights).max().unwrap_or(0);
                (l.id, StayQuery { room: &l.code, stay, package_nights })
            })
            .collect();
        let packages: Vec<&Line> = cart.lines.iter().filter(|l| l.kind == ItemKind::Package).collect();
        let unchecked: Vec<&(i64, StayQuery<'_>)> = stays.iter().filter(|(id, _)| !checked.contains_key(id)).collect();
        let queries: Vec<&StayQuery<'_>> = unchecked.iter().map(|(_, q)| q).collect();
        let (checks, costs) =
            futures::try_join!(self.check_stays(&queries), try_join_all(packages.iter().map(|l| self.cost_of(l, products.get(&l.code)))))?;
        checked.extend(unchecked.iter().map(|(id, _)| *id).zip(checks));
        let prices = Prices {
            products,
            stays: stays.iter().filter_map(|(id, _)| checked.remove(id).map(|c| (*id, c))).collect(),
            packages: packages.iter().map(|l| l.id).zip(costs).filter_map(|(id, c)| c.map(|c| (id, c))).collect(),
            today,
        };

        let mut lines: Vec<ViewLine> = cart
            .lines
            .iter()
            .filter(|l| l.parent_id.is_none())
            .map(|line| {
                let children = cart.children_of(line.id).map(|c| prices.line(c, line.details.stay.as_ref(), vec![])).collect();
                prices.line(line, None, children)
            })
            .collect();
        let vouchers = self.redeem_in(&mut lines).await?;
        let rules = self.settings.checkout().await?;
        let totals = checkout_totals(&rules, &cart, &lines, vouchers);
        Ok(View { cart, lines, totals, rules })
    }

    /// Sets what each redeemed gift voucher pays of its line now; their sum.
    async fn redeem_in(&self, lines: &mut [ViewLine]) -> Result<i64, CartError> {
        let codes: Vec<&str> = lines.iter().filter_map(|l| l.line.details.redeemed.as_deref()).collect();
        if codes.is_empty() {
            return Ok(0);
        }
        let balances = crate::store::gift_vouchers(&self.db, &codes).await?;
        let now = self.db.now_ms();
        let mut sum = 0;
        for line in lines.iter_mut() {
            let Some(code) = line.line.details.redeemed.clone() else { continue };
            // A code deleted from under the basket pays nothing.
            let voucher = balances.get(&code).copied().unwrap_or(gift::Balance { balance: 0, expires_at: 0 });
            let amount = voucher.pays(line.priced.sum(), now);
            sum += amount;
            line.redemption = Some(Redemption { code, amount, voucher });
        }
        Ok(sum)
    }

    /// Stays the rooms service refuses to check (a room type withdrawn)
    /// count as not bookable instead of failing the whole cart.
    async fn check_stays(&self, queries: &[&StayQuery<'_>]) -> Result<Vec<StayCheck>, CartError> {
        match self.peers.check_stays(queries).await {
            Err(CartError::Peer(s)) if matches!(s.code(), tonic::Code::NotFound | tonic::Code::InvalidArgument) => {
                tracing::warn!(error = %s.message(), "stays not checked; shown as unavailable");
                Ok(queries.iter().map(|_| StayCheck::default()).collect())
            }
            other => other,
        }
    }

    /// A package line's price now; None when the catalog no longer sells it
    /// this way (its treatments changed), so the line shows as unavailable.
    async fn cost_of(&self, line: &Line, package: Option<&Product>) -> Result<Option<PackageCost>, CartError> {
        let Some(package) = package else { return Ok(None) };
        match self.peers.package_cost(&line.code, line.quantity, &chosen_or_own(&line.details.treatments, package, line.quantity)).await {
            Ok(cost) => Ok(Some(cost)),
            Err(CartError::Peer(s)) if matches!(s.code(), tonic::Code::NotFound | tonic::Code::InvalidArgument) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// The cart's totals from its priced lines, what gift vouchers pay of them,
/// and the checkout's choices: shipping counts once a posted voucher has its
/// method; the deposit once the advance payment is chosen.
fn checkout_totals(rules: &CheckoutRules, cart: &StoredCart, lines: &[ViewLine], vouchers: i64) -> Totals {
    let shipping = cart
        .checkout
        .shipping_method
        .as_deref()
        .filter(|_| cart.shipping_required())
        .and_then(checkout::ShippingMethod::parse)
        .map_or(0, checkout::ShippingMethod::price);
    let lines_total = totals::totals(&lines.iter().map(|l| l.priced.clone()).collect::<Vec<_>>(), vouchers);
    let due = lines_total.total + shipping - lines_total.vouchers;
    let deposit = cart.checkout.payment.filter(|p| p.deposit).map_or(0, |_| rules.advance(due, stays_due(lines)));
    totals::with_checkout(lines_total, shipping, deposit)
}

/// What the gift vouchers on `lines` pay of them.
fn vouchers_paid(lines: &[ViewLine]) -> i64 {
    lines.iter().filter_map(|l| l.redemption.as_ref()).map(|r| r.amount).sum()
}

/// What the stays (reservations with what is attached to them) still cost
/// once the gift vouchers paying for them are taken off.
pub(crate) fn stays_due(lines: &[ViewLine]) -> i64 {
    lines
        .iter()
        .filter(|l| l.line.kind == ItemKind::Reservation)
        .map(|l| l.priced.sum() - l.redemption.as_ref().map_or(0, |r| r.amount))
        .sum()
}

fn well_formed(token: &str) -> Result<(), CartError> {
    if domain::well_formed(token) { Ok(()) } else { Err(CartError::MalformedToken) }
}

#[cfg(test)]
mod tests {
    use spa_proto::spa::catalog::v1::{PackageTreatment, PackageTreatments};

    use super::*;

    fn package() -> Product {
        let t = |code: &str, quantity| PackageTreatment { code: code.into(), quantity, ..Default::default() };
        Product {
            code: "PKG".into(),
            treatments: Some(PackageTreatments { primary: vec![t("A", 1), t("B", 2)], ..Default::default() }),
            ..Default::default()
        }
    }

    fn choice(code: &str, quantity: u32) -> TreatmentChoice {
        TreatmentChoice { code: code.into(), quantity }
    }

    #[test]
    fn own_treatments_grow_by_one_per_extra_person() {
        assert_eq!(own_treatments(&package(), 1), [choice("A", 1), choice("B", 2)]);
        assert_eq!(own_treatments(&package(), 2), [choice("A", 2), choice("B", 3)]);
    }

    #[test]
    fn persons_move_included_treatments_only() {
        let chosen = [choice("A", 2), choice("X", 1)];
        assert_eq!(rescale(&chosen, &package(), 2, 1), [choice("A", 1), choice("X", 1)]);
        assert_eq!(rescale(&[choice("A", 1)], &package(), 2, 1), [choice("A", 1)], "never below one");
        assert_eq!(rescale(&chosen, &package(), 1, 2), [choice("A", 3), choice("X", 1)]);
    }

    #[test]
    fn products_are_sold_within_their_dates() {
        let day = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let p = Product { available_from: "2026-02-14".into(), available_to: "2026-03-01".into(), ..Default::default() };
        assert!(!on_sale(&p, day("2026-02-13")));
        assert!(on_sale(&p, day("2026-02-14")) && on_sale(&p, day("2026-03-01")));
        assert!(!on_sale(&p, day("2026-03-02")));
        assert!(on_sale(&Product::default(), day("2026-03-02")), "no dates: always");
    }
}
