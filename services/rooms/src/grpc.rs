//! `spa.rooms.v1.RoomsService`.

use std::sync::Arc;
use std::time::Duration;

use chrono::NaiveDate;
use prost::Message;
use spa_platform::cache::{Cache, Generation};
use spa_platform::db::Db;
use spa_platform::errors;
use spa_platform::grpc::TracedChannel;
use spa_platform::outbox::Outbox;
use spa_proto::common::{Money, ProductType};
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::catalog::v1::{
    EstimatePackageCostRequest, GetProductRequest, GetProductsRequest, GetProductsResponse, Product, TreatmentChoice,
};
use spa_proto::spa::rooms::v1::rooms_service_server::RoomsService;
use spa_proto::spa::rooms::v1::{
    CheckStaysRequest, CheckStaysResponse, DayAvailability, GetAvailabilityRequest, GetAvailabilityResponse, Guests, Hold, KeepRequest,
    OrderRef, ReserveRequest, RoomOffer, SearchPackageRoomsRequest, SearchRoomsRequest, SearchRoomsResponse, StayCheck, StayLine,
};
use tonic::{Code, Request, Response, Status};

use crate::domain::{EmptyReason, MAX_ADULTS, MAX_BABIES, MAX_CHILDREN, MAX_STAY_NIGHTS};
use crate::inventory::{self, HoldState, InventoryError, Stay, ymd};

const SEARCH_TTL: Duration = Duration::from_secs(60);
const CONTENT_TTL: Duration = Duration::from_secs(300);
const DEFAULT_HOLD: Duration = Duration::from_secs(30 * 60);
/// The longest a payment under way keeps its order's nights at a time.
const MAX_KEEP_SECONDS: u32 = 3600;
const MAX_CALENDAR_DAYS: i64 = 120;

pub struct RoomsGrpc {
    db: Db,
    outbox: Outbox,
    cache: Arc<dyn Cache>,
    /// Bumped by availability and content changes; part of every cached search's key.
    generation: Generation,
    /// Bumped by content changes only; part of the cached room content's key.
    content: Generation,
    types: inventory::RoomTypes,
    catalog: CatalogServiceClient<TracedChannel>,
}

fn invalid(field: &str, message: &str) -> Status {
    let code = match field {
        "adults" | "children" | "babies" => "invalid_guests",
        "from" | "to" => "invalid_stay",
        _ => "invalid_request",
    };
    errors::invalid(code, format!("{field}: {message}"), &[(field, message)])
}

fn date(field: &str, value: &str) -> Result<NaiveDate, Status> {
    spa_platform::dates::parse_ymd(value).ok_or_else(|| invalid(field, "must be a date YYYY-MM-DD"))
}

/// A stay's dates: well-formed, in order, not in the past, not too long.
fn stay_dates(from: &str, to: &str, today: NaiveDate) -> Result<(NaiveDate, NaiveDate), Status> {
    let (from, to) = (date("from", from)?, date("to", to)?);
    if from >= to {
        return Err(invalid("to", "must be after from"));
    }
    if from < today {
        return Err(invalid("from", "must be today or later"));
    }
    if (to - from).num_days() > MAX_STAY_NIGHTS {
        return Err(invalid("to", "a stay lasts at most 30 nights"));
    }
    Ok((from, to))
}

/// The guest picker's limits (spec 5).
fn guests(g: Option<Guests>) -> Result<Guests, Status> {
    let g = g.unwrap_or_default();
    if !(1..=MAX_ADULTS).contains(&g.adults) {
        return Err(invalid("adults", "must be between 1 and 2"));
    }
    if g.children > MAX_CHILDREN {
        return Err(invalid("children", "must be between 0 and 2"));
    }
    if g.babies > MAX_BABIES {
        return Err(invalid("babies", "must be between 0 and 2"));
    }
    Ok(g)
}

fn pln(amount: i64) -> Option<Money> {
    Some(Money { amount, currency: "PLN".into() })
}

fn hold_message(h: HoldState) -> Hold {
    Hold { order_id: h.order_id, status: h.status.wire(), expires_at_ms: h.expires_at, total: pln(h.total) }
}

impl From<InventoryError> for Status {
    fn from(e: InventoryError) -> Self {
        let message = e.to_string();
        match e {
            InventoryError::UnknownRoom(_) => {
                errors::with_details(Code::NotFound, "unknown_room", message, &[("roomCode", "unknown room")])
            }
            InventoryError::SoldOut { ref room, ref night } => {
                errors::with_details(Code::FailedPrecondition, "room_unavailable", message.clone(), &[("room", room), ("night", night)])
            }
            InventoryError::DoesNotFit { .. } => errors::invalid("invalid_guests", message, &[("adults", "too many guests for this room")]),
            InventoryError::MinStay { .. } => errors::invalid("invalid_stay", message, &[("to", "stay shorter than the minimum")]),
            InventoryError::OrderConflict(_) | InventoryError::HoldNotActive(..) => {
                errors::with_details(Code::FailedPrecondition, "hold_conflict", message, &[])
            }
            InventoryError::NoHold(_) => errors::with_details(Code::NotFound, "hold_not_found", message, &[]),
            InventoryError::Db(e) => errors::db(e),
        }
    }
}

/// A room type free for a stay, before its content is attached.
struct Fit {
    room: inventory::RoomType,
    free: i64,
    price: i64,
}

impl RoomsGrpc {
    pub fn new(
        db: Db,
        outbox: Outbox,
        cache: Arc<dyn Cache>,
        generation: Generation,
        content: Generation,
        catalog: CatalogServiceClient<TracedChannel>,
    ) -> Self {
        let types = inventory::RoomTypes::new(db.clone());
        Self { db, outbox, cache, generation, content, types, catalog }
    }

    /// Room types free on every night of the stay, and those of them that
    /// take the guests; prices are for the party.
    async fn fits(&self, from: NaiveDate, to: NaiveDate, g: &Guests) -> Result<(usize, Vec<Fit>), Status> {
        let nights = (to - from).num_days();
        let types = self.types.all().await.map_err(errors::db)?;
        let summary = inventory::stay_summary(&self.db, from, to, &[]).await.map_err(errors::db)?;
        let mut free_for_dates = 0;
        let mut fitting = Vec::new();
        for room in types.iter().cloned() {
            let Some(&(free, rates, counted)) = summary.get(&room.code) else { continue };
            if counted != nights || free <= 0 || room.min_stay > nights {
                continue;
            }
            free_for_dates += 1;
            if room.occupancy.fits(g.adults, g.children) {
                let price = room.occupancy.stay_price(rates, g.adults, g.children);
                fitting.push(Fit { room, free, price });
            }
        }
        Ok((free_for_dates, fitting))
    }

    /// What a package pays of a stay: its first `nights` nights in the
    /// cheapest of the `fitting` room types (a package's price includes
    /// them). A better room or a longer stay costs the rest.
    async fn package_credit(&self, fitting: &[Fit], from: NaiveDate, nights: u32, g: &Guests) -> Result<i64, Status> {
        if nights == 0 || fitting.is_empty() {
            return Ok(0);
        }
        let summary =
            inventory::stay_summary(&self.db, from, from + chrono::Days::new(u64::from(nights)), &[]).await.map_err(errors::db)?;
        Ok(fitting
            .iter()
            .filter_map(|f| summary.get(&f.room.code).map(|&(_, rates, _)| f.room.occupancy.stay_price(rates, g.adults, g.children)))
            .min()
            .unwrap_or(0))
    }

    /// The catalog's content of every room type in `locale`, cached until a
    /// content change (a booking does not touch it). A fresh search
    /// reads it from the cache too: fetching it from the catalog on every
    /// search the gateway builds cut searches to a quarter, and a room's new
    /// name only waits for this process to see the catalog's event.
    async fn content(&self, locale: &str) -> Result<Vec<Product>, Status> {
        let locale = if locale.is_empty() { "pl" } else { locale };
        let key = format!("content:{}:{locale}", self.content.current());
        if let Ok(Some(bytes)) = self.cache.get(&key).await
            && let Ok(cached) = GetProductsResponse::decode(bytes.as_slice())
        {
            return Ok(cached.items);
        }
        let codes = self.types.all().await.map_err(errors::db)?.iter().map(|r| r.code.clone()).collect();
        let response = self.catalog.clone().get_products(GetProductsRequest { codes, locale: locale.to_owned() }).await?.into_inner();
        if let Err(e) = self.cache.set(&key, &response.encode_to_vec(), CONTENT_TTL).await {
            tracing::warn!(error = %e, "room content not cached");
        }
        Ok(response.items)
    }

    fn offer(fit: &Fit, nights: i64, content: &[Product]) -> RoomOffer {
        let product = content.iter().find(|p| p.code == fit.room.code);
        RoomOffer {
            code: fit.room.code.clone(),
            name: product.map(|p| p.name.clone()).unwrap_or_else(|| fit.room.code.clone()),
            description: product.map(|p| p.description.clone()).unwrap_or_default(),
            image: product.and_then(|p| p.images.first()).map(|i| i.path.clone()).unwrap_or_default(),
            nights: nights as u32,
            available: fit.free as u32,
            occupancy: fit.room.occupancy.standard,
            max_occupancy: fit.room.occupancy.max,
            extra_bed: fit.room.occupancy.extra_bed,
            price: pln(fit.price),
            average_rating: product.and_then(|p| p.room.as_ref()).map(|r| r.average_rating).unwrap_or_default(),
            min_stay_nights: fit.room.min_stay as u32,
            package_price: None,
            supplement: None,
        }
    }

    async fn search_uncached(
        &self,
        req: &SearchRoomsRequest,
        from: NaiveDate,
        to: NaiveDate,
        g: &Guests,
    ) -> Result<SearchRoomsResponse, Status> {
        let (free_for_dates, fitting) = self.fits(from, to, g).await?;
        let empty_reason = EmptyReason::of(free_for_dates, fitting.len()).map_or(0, EmptyReason::wire);
        if fitting.is_empty() {
            return Ok(SearchRoomsResponse { rooms: vec![], empty_reason });
        }
        let content = self.content(&req.locale).await?;
        let nights = (to - from).num_days();
        Ok(SearchRoomsResponse { rooms: fitting.iter().map(|f| Self::offer(f, nights, &content)).collect(), empty_reason })
    }

    fn stays(lines: &[StayLine], today: NaiveDate) -> Result<Vec<Stay>, Status> {
        if lines.is_empty() {
            return Err(invalid("lines", "at least one stay is required"));
        }
        lines
            .iter()
            .map(|l| {
                let (from, to) = stay_dates(&l.from, &l.to, today)?;
                let g = guests(l.guests)?;
                if l.quantity == 0 {
                    return Err(invalid("quantity", "must be at least 1"));
                }
                Ok(Stay { room_code: l.room_code.clone(), from, to, quantity: l.quantity, adults: g.adults, children: g.children })
            })
            .collect()
    }
}

#[tonic::async_trait]
impl RoomsService for RoomsGrpc {
    async fn search_rooms(&self, request: Request<SearchRoomsRequest>) -> Result<Response<SearchRoomsResponse>, Status> {
        let fresh = spa_platform::grpc::wants_fresh(&request);
        let req = request.into_inner();
        let (from, to) = stay_dates(&req.from, &req.to, self.db.clock().today())?;
        let g = guests(req.guests)?;
        // Search is the seasonal hot path: answers are cached until the next
        // availability or content change (or a minute, whichever is first),
        // and read from the store when the caller asks for that.
        let key = format!("search:{}:{from}:{to}:{}:{}:{}:{}", self.generation.current(), g.adults, g.children, g.babies, req.locale);
        if !fresh
            && let Ok(Some(bytes)) = self.cache.get(&key).await
            && let Ok(cached) = SearchRoomsResponse::decode(bytes.as_slice())
        {
            return Ok(Response::new(cached));
        }
        let response = self.search_uncached(&req, from, to, &g).await?;
        // A caller that asks for fresh answers keeps its own copy (the
        // gateway); storing a second one here would only take memory.
        if !fresh && let Err(e) = self.cache.set(&key, &response.encode_to_vec(), SEARCH_TTL).await {
            tracing::warn!(error = %e, "search not cached");
        }
        Ok(Response::new(response))
    }

    async fn search_package_rooms(&self, request: Request<SearchPackageRoomsRequest>) -> Result<Response<SearchRoomsResponse>, Status> {
        let req = request.into_inner();
        let (from, to) = stay_dates(&req.from, &req.to, self.db.clock().today())?;
        let g = guests(req.guests)?;
        let locale = if req.locale.is_empty() { "pl".to_owned() } else { req.locale.clone() };
        let package = self
            .catalog
            .clone()
            .get_product(GetProductRequest { key: Some(Key::Code(req.package_code.clone())), locale: locale.clone() })
            .await
            .map_err(|s| {
                if s.code() == Code::NotFound {
                    errors::invalid("unknown_package", "unknown package", &[("packageCode", "unknown package")])
                } else {
                    s
                }
            })?
            .into_inner();
        if package.r#type() != ProductType::Package {
            return Err(errors::invalid("unknown_package", "not a package", &[("packageCode", "not a package")]));
        }
        let nights = (to - from).num_days();
        if nights < i64::from(package.num_nights) {
            return Err(invalid("to", &format!("the package needs a stay of at least {} nights", package.num_nights)));
        }
        // Without a choice of treatments, the package's own ones for the persons.
        let treatments: Vec<TreatmentChoice> = if req.treatments.is_empty() {
            package
                .treatments
                .iter()
                .flat_map(|t| t.primary.iter())
                .map(|t| TreatmentChoice { code: t.code.clone(), quantity: t.quantity + g.adults - 1 })
                .collect()
        } else {
            req.treatments.iter().map(|t| TreatmentChoice { code: t.code.clone(), quantity: t.quantity }).collect()
        };
        let cost = self
            .catalog
            .clone()
            .estimate_package_cost(EstimatePackageCostRequest { code: req.package_code.clone(), persons: g.adults, treatments })
            .await?
            .into_inner();
        let package_price = cost.total_current.map(|m| m.amount).unwrap_or_default();
        let (free_for_dates, fitting) = self.fits(from, to, &g).await?;
        let empty_reason = EmptyReason::of(free_for_dates, fitting.len()).map_or(0, EmptyReason::wire);
        if fitting.is_empty() {
            return Ok(Response::new(SearchRoomsResponse { rooms: vec![], empty_reason }));
        }
        let credit = self.package_credit(&fitting, from, package.num_nights, &g).await?;
        let content = self.content(&locale).await?;
        let rooms = fitting
            .iter()
            .map(|f| {
                let supplement = (f.price - credit).max(0);
                RoomOffer {
                    price: pln(package_price + supplement),
                    package_price: pln(package_price),
                    supplement: pln(supplement),
                    ..Self::offer(f, nights, &content)
                }
            })
            .collect();
        Ok(Response::new(SearchRoomsResponse { rooms, empty_reason }))
    }

    async fn get_availability(&self, request: Request<GetAvailabilityRequest>) -> Result<Response<GetAvailabilityResponse>, Status> {
        let req = request.into_inner();
        let (from, to) = (date("from", &req.from)?, date("to", &req.to)?);
        if from >= to {
            return Err(invalid("to", "must be after from"));
        }
        if (to - from).num_days() > MAX_CALENDAR_DAYS {
            return Err(invalid("to", "a calendar shows at most 120 days"));
        }
        let g = guests(req.guests)?;
        let types = self.types.all().await.map_err(errors::db)?;
        let room = types.iter().find(|r| r.code == req.room_code).ok_or(InventoryError::UnknownRoom(req.room_code.clone()))?;
        let fits = room.occupancy.fits(g.adults, g.children);
        let first_bookable = self.db.clock().today();
        let nights = inventory::calendar(&self.db, &room.code, from, to).await.map_err(errors::db)?;
        let days = from
            .iter_days()
            .take_while(|d| *d < to)
            .map(|d| {
                let key = ymd(d);
                match nights.iter().find(|n| n.0 == key) {
                    Some((_, free, closed, rate)) => DayAvailability {
                        date: key,
                        available: (*free).max(0) as u32,
                        bookable: fits && !closed && *free > 0 && d >= first_bookable,
                        price: pln(room.occupancy.stay_price(*rate, g.adults, g.children)),
                    },
                    None => DayAvailability { date: key, available: 0, bookable: false, price: None },
                }
            })
            .collect();
        Ok(Response::new(GetAvailabilityResponse {
            room_code: room.code.clone(),
            min_stay_nights: room.min_stay as u32,
            fits_guests: fits,
            days,
        }))
    }

    async fn check_stays(&self, request: Request<CheckStaysRequest>) -> Result<Response<CheckStaysResponse>, Status> {
        let request = request.into_inner();
        let stays = Self::stays(&request.lines, self.db.clock().today())?;
        let types = self.types.all().await.map_err(errors::db)?;
        let mut lines = Vec::with_capacity(stays.len());
        // Lines often share their dates (every room for one night): one
        // summary per distinct stay, of the room types asked for.
        let mut rooms_by_dates: std::collections::HashMap<(NaiveDate, NaiveDate), Vec<&str>> = std::collections::HashMap::new();
        for s in &stays {
            rooms_by_dates.entry((s.from, s.to)).or_default().push(&s.room_code);
        }
        let mut summaries = std::collections::HashMap::new();
        for ((from, to), rooms) in rooms_by_dates {
            summaries.insert((from, to), inventory::stay_summary(&self.db, from, to, &rooms).await.map_err(errors::db)?);
        }
        for (s, line) in stays.iter().zip(&request.lines) {
            let room = types.iter().find(|r| r.code == s.room_code).ok_or(InventoryError::UnknownRoom(s.room_code.clone()))?;
            let summary = &summaries[&(s.from, s.to)];
            let (free, rates, counted) = summary.get(&s.room_code).copied().unwrap_or((0, 0, 0));
            let nights = (s.to - s.from).num_days();
            let bookable =
                counted == nights && free >= i64::from(s.quantity) && room.min_stay <= nights && room.occupancy.fits(s.adults, s.children);
            let mut price = room.occupancy.stay_price(rates, s.adults, s.children);
            if line.package_nights > 0 {
                let g = Guests { adults: s.adults, children: s.children, babies: 0 };
                let (_, fitting) = self.fits(s.from, s.to, &g).await?;
                price = (price - self.package_credit(&fitting, s.from, line.package_nights, &g).await?).max(0);
            }
            lines.push(StayCheck {
                available: if counted == nights { free.max(0) as u32 } else { 0 },
                bookable,
                price: pln(price * i64::from(s.quantity)),
            });
        }
        Ok(Response::new(CheckStaysResponse { lines }))
    }

    async fn reserve(&self, request: Request<ReserveRequest>) -> Result<Response<Hold>, Status> {
        let req = request.into_inner();
        if req.order_id.is_empty() || req.order_id.len() > 64 {
            return Err(invalid("orderId", "1 to 64 characters"));
        }
        let stays = Self::stays(&req.lines, self.db.clock().today())?;
        let hold = if req.hold_seconds == 0 { DEFAULT_HOLD } else { Duration::from_secs(u64::from(req.hold_seconds)) };
        let expires_at = self.db.now_ms() + hold.as_millis() as i64;
        let types = self.types.all().await.map_err(errors::db)?;
        let state = inventory::reserve(&self.db, &self.outbox, &types, &req.order_id, &stays, expires_at).await?;
        Ok(Response::new(hold_message(state)))
    }

    async fn confirm(&self, request: Request<OrderRef>) -> Result<Response<Hold>, Status> {
        let state = inventory::confirm(&self.db, &self.outbox, &request.into_inner().order_id).await?;
        Ok(Response::new(hold_message(state)))
    }

    async fn release(&self, request: Request<OrderRef>) -> Result<Response<Hold>, Status> {
        let state = inventory::release(&self.db, &self.outbox, &request.into_inner().order_id).await?;
        Ok(Response::new(hold_message(state)))
    }

    async fn keep(&self, request: Request<KeepRequest>) -> Result<Response<Hold>, Status> {
        let req = request.into_inner();
        if req.seconds == 0 || req.seconds > MAX_KEEP_SECONDS {
            return Err(invalid("seconds", "1 to 3600"));
        }
        let until = self.db.now_ms() + i64::from(req.seconds) * 1000;
        let state = inventory::keep(&self.db, &self.outbox, &req.order_id, until).await?;
        Ok(Response::new(hold_message(state)))
    }
}
