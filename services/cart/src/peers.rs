//! The cart's view of its peers: the catalog for products and package
//! prices, the rooms service for stays. A peer that is down makes the call
//! fail with UNAVAILABLE (503 to the visitor, who may retry); nothing is
//! stored before every peer has answered.
//!
//! The catalog's answers (products, package costs) are cached until the
//! next `catalog.product.changed` or [`CATALOG_TTL`]: every basket read
//! needs them, and they change when staff edit the catalog. A stay's check
//! is kept in this process under the digest of its nights ([`StayChecks`]),
//! so a room sold a moment ago shows as sold as soon as its
//! `rooms.availability.changed` arrives, while a basket going through
//! checkout does not ask the rooms service again at every step. Holding
//! the nights (`Reserve`) always asks it.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use prost::Message;
use spa_platform::cache::{Cache, Generation};

use spa_platform::errors;
use spa_platform::grpc::TracedChannel;
use spa_platform::nights::Nights;
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::catalog::v1::{
    AssociationType, EstimatePackageCostRequest, GetProductRequest, GetProductsRequest, ListAssociationsRequest, ListOffersRequest,
    PackageCost, Product, ReleaseStockRequest, ReserveStockRequest, StockLine, TreatmentChoice as CatalogChoice,
};
use spa_proto::spa::common::v1::{PageRequest, ProductType};
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::rooms::v1::{CheckStaysRequest, Guests, KeepRequest, MoveRequest, OrderRef, ReserveRequest, StayCheck, StayLine};
use tonic::{Code, Status};

use crate::domain::item::{Stay, TreatmentChoice};
use crate::error::CartError;

/// How long a catalog answer is kept without a change event.
pub const CATALOG_TTL: Duration = Duration::from_secs(300);
/// How long a stay's check is kept while none of its nights changes. What no
/// event announces (a rate or a room type changed by hand, the calendar
/// growing) shows after this at the latest.
const STAY_CHECK_TTL: Duration = Duration::from_secs(30);

/// The rooms service's recent answers about stays, by stay and the digest
/// of its nights (read before asking, so an answer that raced a change is
/// stored under a key no one asks for again).
#[derive(Clone)]
pub struct StayChecks {
    nights: Nights,
    /// Today is part of every answer's key: a stay's first night may pass.
    clock: spa_platform::clock::Clock,
    answers: moka::future::Cache<String, StayCheck>,
}

impl StayChecks {
    pub fn new(nights: Nights, clock: spa_platform::clock::Clock) -> Self {
        Self { nights, clock, answers: moka::future::Cache::builder().max_capacity(10_000).time_to_live(STAY_CHECK_TTL).build() }
    }

    fn key(&self, q: &StayQuery<'_>) -> String {
        let s = q.stay;
        format!(
            "{}:{}:{}:{}:{}:{}:{}:{}:{}",
            self.nights.digest(s.check_in, s.check_out),
            self.clock.today(),
            q.room,
            s.check_in,
            s.check_out,
            s.adults,
            s.children,
            s.babies,
            q.package_nights
        )
    }
}

#[derive(Clone)]
pub struct Peers {
    pub catalog: CatalogServiceClient<TracedChannel>,
    pub rooms: RoomsServiceClient<TracedChannel>,
    pub cache: Arc<dyn Cache>,
    /// Bumped by `catalog.product.changed`.
    pub generation: Generation,
    pub stays: StayChecks,
}

/// A stay to check: the room, the stay, and the nights a package pays for.
pub struct StayQuery<'a> {
    pub room: &'a str,
    pub stay: &'a Stay,
    pub package_nights: u32,
}

impl Peers {
    /// The cached answer under `key` (in the current catalog generation and
    /// day), or `fetch`'s, stored. A cache that fails is passed by, never fatal.
    async fn cached<M, F>(&self, key: String, fetch: F) -> Result<M, CartError>
    where
        M: Message + Default,
        F: Future<Output = Result<M, CartError>>,
    {
        // Prices change with the day a promotion starts or ends: the day is part of the key.
        let key = format!("cart:{}:{}:{key}", self.generation.current(), self.stays.clock.today());
        if let Ok(Some(bytes)) = self.cache.get(&key).await
            && let Ok(cached) = M::decode(bytes.as_slice())
        {
            return Ok(cached);
        }
        let answer = fetch.await?;
        if let Err(e) = self.cache.set(&key, &answer.encode_to_vec(), CATALOG_TTL).await {
            tracing::warn!(error = %e, "catalog answer not cached");
        }
        Ok(answer)
    }

    /// Products by code, localized; codes the catalog does not know are absent.
    pub async fn products(&self, mut codes: Vec<String>, locale: &str) -> Result<HashMap<String, Product>, CartError> {
        if codes.is_empty() {
            return Ok(HashMap::new());
        }
        codes.sort();
        let key = format!("cards:{locale}:{}", codes.join(","));
        let fetch = async {
            let request = GetProductsRequest { codes: codes.clone(), locale: locale.to_owned() };
            Ok(self.catalog.clone().get_products(request).await?.into_inner())
        };
        let items = self.cached(key, fetch).await?.items;
        Ok(items.into_iter().map(|p| (p.code.clone(), p)).collect())
    }

    /// One product with its package rules or voucher values; None when the
    /// catalog does not know it.
    pub async fn product(&self, code: &str, locale: &str) -> Result<Option<Product>, CartError> {
        let fetch = async {
            let request = GetProductRequest { key: Some(Key::Code(code.to_owned())), locale: locale.to_owned() };
            // Unknown codes are cached too, as the empty product.
            match self.catalog.clone().get_product(request).await {
                Ok(p) => Ok(p.into_inner()),
                Err(s) if s.code() == Code::NotFound => Ok(Product::default()),
                Err(s) => Err(CartError::from(s)),
            }
        };
        let product = self.cached(format!("product:{locale}:{code}"), fetch).await?;
        Ok(Some(product).filter(|p| !p.code.is_empty()))
    }

    /// The package for `persons` with `treatments`. A configuration the
    /// catalog refuses comes back with the REST body's field names.
    pub async fn package_cost(&self, code: &str, persons: u32, treatments: &[TreatmentChoice]) -> Result<PackageCost, CartError> {
        let chosen: Vec<String> = treatments.iter().map(|t| format!("{}*{}", t.code, t.quantity)).collect();
        let fetch = async {
            let request = EstimatePackageCostRequest {
                code: code.to_owned(),
                persons,
                treatments: treatments.iter().map(|t| CatalogChoice { code: t.code.clone(), quantity: t.quantity }).collect(),
            };
            self.catalog.clone().estimate_package_cost(request).await.map(|r| r.into_inner()).map_err(|s| CartError::Peer(rename_fields(s)))
        };
        self.cached(format!("cost:{code}:{persons}:{}", chosen.join(",")), fetch).await
    }

    /// Whether each stay can be booked now, and its price; the rooms
    /// service is asked about the stays it has not answered for since
    /// their nights last changed.
    pub async fn check_stays(&self, stays: &[&StayQuery<'_>]) -> Result<Vec<StayCheck>, CartError> {
        let keys: Vec<String> = stays.iter().map(|q| self.stays.key(q)).collect();
        let mut found = Vec::with_capacity(keys.len());
        for key in &keys {
            found.push(self.stays.answers.get(key).await);
        }
        let missing: Vec<usize> = (0..found.len()).filter(|&i| found[i].is_none()).collect();
        if !missing.is_empty() {
            let lines = missing.iter().map(|&i| stay_line(stays[i])).collect();
            let answers = self.rooms.clone().check_stays(CheckStaysRequest { lines }).await?.into_inner().lines;
            for (i, answer) in missing.into_iter().zip(answers) {
                self.stays.answers.insert(keys[i].clone(), answer.clone()).await;
                found[i] = Some(answer);
            }
        }
        Ok(found.into_iter().map(Option::unwrap_or_default).collect())
    }

    /// Holds the stays' nights for `order_id` (idempotent per order). A
    /// sold-out night is [`Refusal::SoldOut`] with its room and date.
    pub async fn reserve(&self, order_id: &str, stays: &[&StayQuery<'_>], hold_seconds: u32) -> Result<i64, Refusal> {
        let request = ReserveRequest { order_id: order_id.to_owned(), lines: stays.iter().map(|q| stay_line(q)).collect(), hold_seconds };
        match self.rooms.clone().reserve(request).await {
            Ok(hold) => Ok(hold.into_inner().expires_at_ms),
            Err(s) => Err(refusal(s)),
        }
    }

    /// Keeps an order's nights for `seconds` more while its payment is
    /// taken (an expired hold takes them again when they are all free).
    pub async fn keep(&self, order_id: &str, seconds: u32) -> Result<(), Refusal> {
        match self.rooms.clone().keep(KeepRequest { order_id: order_id.to_owned(), seconds }).await {
            Ok(_) => Ok(()),
            Err(s) if s.code() == Code::NotFound => Err(Refusal::Stale),
            Err(s) => Err(refusal(s)),
        }
    }

    /// Moves an order's nights to those of `stays` (every stay of the
    /// order) as its `revision`, a hold still held lasting at least until
    /// `keep_until_ms`; with `dry_run` only asks whether it could.
    /// A sold-out night is [`Refusal::SoldOut`]; a hold neither held nor
    /// booked (or moved by a newer revision) [`Refusal::Stale`].
    pub async fn move_stays(
        &self,
        order_id: &str,
        stays: &[&StayQuery<'_>],
        revision: i64,
        keep_until_ms: i64,
        dry_run: bool,
    ) -> Result<(), Refusal> {
        let lines = stays.iter().map(|q| stay_line(q)).collect();
        let request = MoveRequest { order_id: order_id.to_owned(), lines, revision, dry_run, keep_until_ms };
        match self.rooms.clone().r#move(request).await {
            Ok(_) => Ok(()),
            Err(s) if s.code() == Code::NotFound => Err(Refusal::Stale),
            Err(s) => Err(refusal(s)),
        }
    }

    /// Gives an order's held nights back (idempotent).
    pub async fn release(&self, order_id: &str) -> Result<(), CartError> {
        match self.rooms.clone().release(OrderRef { order_id: order_id.to_owned() }).await {
            Ok(_) => Ok(()),
            Err(s) if s.code() == Code::NotFound => Ok(()),
            Err(s) => Err(s.into()),
        }
    }

    /// Takes from the catalog what `order_id` buys of products that count
    /// their stock, all or none (idempotent per order); `Ok(false)` when one
    /// has too few left.
    pub async fn reserve_stock(&self, order_id: &str, lines: Vec<(String, i64)>) -> Result<bool, CartError> {
        let lines = lines.into_iter().map(|(code, quantity)| StockLine { code, quantity }).collect();
        match self.catalog.clone().reserve_stock(ReserveStockRequest { order_id: order_id.to_owned(), lines }).await {
            Ok(_) => Ok(true),
            Err(s) if s.code() == Code::FailedPrecondition => Ok(false),
            Err(s) => Err(s.into()),
        }
    }

    /// Gives back what `order_id` took and did not place (idempotent).
    pub async fn release_stock(&self, order_id: &str) -> Result<(), CartError> {
        self.catalog.clone().release_stock(ReleaseStockRequest { order_id: order_id.to_owned() }).await?;
        Ok(())
    }

    /// The first offers of a type in the catalog's order.
    pub async fn offers(&self, kind: ProductType, locale: &str, limit: u32) -> Result<Vec<Product>, CartError> {
        let request = ListOffersRequest {
            r#type: kind as i32,
            locale: locale.to_owned(),
            page: Some(PageRequest { page: 1, limit }),
            ..Default::default()
        };
        Ok(self.catalog.clone().list_offers(request).await?.into_inner().items)
    }

    /// Products related to `code`, in their order.
    pub async fn related(&self, code: &str, locale: &str) -> Result<Vec<Product>, CartError> {
        let request =
            ListAssociationsRequest { code: code.to_owned(), association: AssociationType::Related as i32, locale: locale.to_owned() };
        match self.catalog.clone().list_associations(request).await {
            Ok(r) => Ok(r.into_inner().items),
            Err(s) if s.code() == Code::NotFound => Ok(vec![]),
            Err(s) => Err(s.into()),
        }
    }
}

/// The catalog names `persons` and `treatments[0].code`; the basket's
/// body calls them `quantity` and `options.treatments[0].code`.
/// Why the rooms service would not hold an order's nights.
#[derive(Debug)]
pub enum Refusal {
    SoldOut {
        room: String,
        night: String,
    },
    /// The id holds other nights already, or its hold was released or
    /// expired: a new id is needed.
    Stale,
    Other(CartError),
}

/// What the rooms service's refusal to hold an order's nights means.
fn refusal(s: Status) -> Refusal {
    match errors::details(&s) {
        Some(d) if d.code == "room_unavailable" => {
            let field = |name: &str| d.violations.iter().find(|v| v.field == name).map(|v| v.message.clone()).unwrap_or_default();
            Refusal::SoldOut { room: field("room"), night: field("night") }
        }
        Some(d) if d.code == "hold_conflict" => Refusal::Stale,
        _ => Refusal::Other(s.into()),
    }
}

fn stay_line(q: &StayQuery<'_>) -> StayLine {
    StayLine {
        room_code: q.room.to_owned(),
        from: q.stay.check_in.to_string(),
        to: q.stay.check_out.to_string(),
        quantity: 1,
        guests: Some(Guests { adults: q.stay.adults, children: q.stay.children, babies: q.stay.babies }),
        package_nights: q.package_nights,
    }
}

fn rename_fields(status: Status) -> Status {
    let Some(details) = errors::details(&status).filter(|_| status.code() == Code::InvalidArgument) else { return status };
    let fields: Vec<(String, String)> = details
        .violations
        .into_iter()
        .map(|v| {
            let field = if v.field == "persons" { "quantity".to_owned() } else { format!("options.{}", v.field) };
            (field, v.message)
        })
        .collect();
    let fields: Vec<(&str, &str)> = fields.iter().map(|(f, m)| (f.as_str(), m.as_str())).collect();
    errors::invalid(&details.code, status.message(), &fields)
}
