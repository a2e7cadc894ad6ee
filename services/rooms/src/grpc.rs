//! `spa.rooms.v1.RoomsService`: decodes a request, asks the store, the
//! inventory, the catalog or the cache, and encodes the answer. The rules
//! are the domain's; the errors `RoomsError`'s.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use chrono::NaiveDate;
use prost::Message;
use spa_platform::cache::Cache;
use spa_platform::db::Db;
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
    Board, BoardNight, BoardRoom, Channel, ChannelFeed, ChannelFeedRequest, ChannelRef, Channels, CheckStaysRequest, CheckStaysResponse,
    DayAvailability, DeleteChannelResponse, GetAvailabilityRequest, GetAvailabilityResponse, GetBoardRequest, GetNightsRequest,
    GetRoomTypeRequest, GetSeasonsRequest, Guests, Hold, KeepRequest, ListChannelsRequest, MoveRequest, NightRules, Nights, OrderRef,
    ReserveRequest, RoomOffer, RoomTypeSettings, SaveChannelRequest, SearchPackageRoomsRequest, SearchRoomsRequest, SearchRoomsResponse,
    SeasonRule, Seasons, SetNightsRequest, SetRoomTypeRequest, SetSeasonsRequest, StayCheck, StayLine, SyncResult,
};
use tonic::{Code, Request, Response, Status};

use crate::channels;
use crate::domain::nights::{self, NightsSet};
use crate::domain::search::{self, Fit, Fits};
use crate::domain::settings::RoomTypeRules;
use crate::domain::stay::{self, Requested, nights_of};
use crate::domain::{EmptyReason, HoldState, Party, Season, Stay, StaySummary, board, hold, ymd};
use crate::error::RoomsError;
use crate::events::Caches;
use crate::{inventory, store};

const SEARCH_TTL: Duration = Duration::from_secs(60);
const CONTENT_TTL: Duration = Duration::from_secs(300);

/// A language's room content and the content generation it was fetched under.
type Decoded = (u64, Arc<[Product]>);

pub struct RoomsGrpc {
    db: Db,
    outbox: Outbox,
    cache: Arc<dyn Cache>,
    caches: Caches,
    types: inventory::RoomTypes,
    catalog: CatalogServiceClient<TracedChannel>,
    /// The portals' calendars are fetched with it.
    http: spa_platform::http::Http,
    /// Each language's room content, decoded, with the content generation
    /// it was fetched under (see [`RoomsGrpc::content`]).
    decoded: std::sync::RwLock<HashMap<String, Decoded>>,
}

fn party(g: Option<Guests>) -> Party {
    let g = g.unwrap_or_default();
    Party { adults: g.adults, children: g.children, babies: g.babies }
}

fn pln(amount: i64) -> Option<Money> {
    Some(Money { amount, currency: "PLN".into() })
}

fn hold_message(h: HoldState) -> Hold {
    Hold { order_id: h.order_id, status: h.status.wire(), expires_at_ms: h.expires_at, total: pln(h.total) }
}

fn requested(lines: &[StayLine]) -> Vec<Requested<'_>> {
    lines
        .iter()
        .map(|l| Requested { room_code: &l.room_code, from: &l.from, to: &l.to, party: party(l.guests), quantity: l.quantity })
        .collect()
}

fn room_type_message(code: &str, (r, at, by): (RoomTypeRules, i64, String)) -> RoomTypeSettings {
    RoomTypeSettings {
        code: code.to_owned(),
        units: r.units,
        occupancy: r.occupancy,
        max_occupancy: r.max_occupancy,
        extra_bed: r.extra_bed,
        min_stay: r.min_stay,
        base_rate: r.base_rate,
        weekend_rate: r.weekend_rate,
        updated_at_ms: at,
        updated_by: by,
    }
}

fn seasons_message((seasons, at, by): (Vec<Season>, i64, String)) -> Seasons {
    Seasons {
        seasons: seasons
            .into_iter()
            .map(|s| SeasonRule {
                name: s.name,
                from: s.from,
                to: s.to,
                multiplier_percent: u32::try_from(s.multiplier_percent).unwrap_or(0),
            })
            .collect(),
        updated_at_ms: at,
        updated_by: by,
    }
}

fn empty_reason(fits: &Fits) -> i32 {
    fits.empty_reason().map_or(0, EmptyReason::wire)
}

impl RoomsGrpc {
    pub fn new(
        db: Db,
        outbox: Outbox,
        cache: Arc<dyn Cache>,
        caches: Caches,
        catalog: CatalogServiceClient<TracedChannel>,
        http: spa_platform::http::Http,
    ) -> Self {
        let types = inventory::RoomTypes::new(db.clone(), caches.room_types.clone());
        Self { db, outbox, cache, caches, types, catalog, http, decoded: Default::default() }
    }

    /// How the room types guests are shown (those whose content the
    /// catalog publishes: an administrator's hidden room is not offered)
    /// fit the stay and the party.
    /// The room types and their nights are read in one statement with the
    /// inventory version they show, which the answer carries: a search
    /// never pairs a room type's new rules with nights of before them.
    async fn fits(&self, from: NaiveDate, to: NaiveDate, party: &Party, content: &[Product]) -> Result<(Fits, u64), RoomsError> {
        let read = store::search_read(&self.db, from, to).await?;
        let shown = read.types.iter().filter(|t| content.iter().any(|p| p.code == t.code));
        Ok((search::fits(shown, &read.summary, (to - from).num_days(), party), read.version))
    }

    /// What a package of `nights` nights from `from` pays of a stay.
    async fn package_credit(&self, fitting: &[Fit], from: NaiveDate, nights: u32, party: &Party) -> Result<i64, RoomsError> {
        // Nothing to pay for: no need to read the package's nights.
        if nights == 0 || fitting.is_empty() {
            return Ok(0);
        }
        let summary: BTreeMap<String, StaySummary> =
            store::stay_summary(&self.db, from, from + chrono::Days::new(u64::from(nights)), &[]).await?;
        Ok(search::package_credit(fitting, &summary, party))
    }

    /// The catalog's content of every room type in `locale`, cached until a
    /// content change (a booking does not touch it). A fresh search
    /// reads it from the cache too: fetching it from the catalog on every
    /// search the gateway builds cut searches to a quarter, and a room's new
    /// name only waits for this process to see the catalog's event.
    ///
    /// This process also keeps each language's content decoded, for as long
    /// as the content's generation stays: a search neither asks the shared
    /// cache (Redis, distributed) nor decodes twenty products.
    async fn content(&self, locale: &str) -> Result<Arc<[Product]>, RoomsError> {
        let locale = if locale.is_empty() { "pl" } else { locale };
        let generation = self.caches.content.count();
        if let Some((kept, content)) = self.decoded.read().expect("content lock").get(locale)
            && *kept == generation
        {
            return Ok(content.clone());
        }
        let key = format!("content:{}:{locale}", self.caches.content.current());
        let shared = self.cache.get(&key).await.ok().flatten().and_then(|bytes| GetProductsResponse::decode(bytes.as_slice()).ok());
        let items = match shared {
            Some(cached) => cached.items,
            None => {
                let codes = self.types.all().await?.iter().map(|r| r.code.clone()).collect();
                let request = GetProductsRequest { codes, locale: locale.to_owned() };
                let response = self.catalog.clone().get_products(request).await?.into_inner();
                if let Err(e) = self.cache.set(&key, &response.encode_to_vec(), CONTENT_TTL).await {
                    tracing::warn!(error = %e, "room content not cached");
                }
                response.items
            }
        };
        let content: Arc<[Product]> = items.into();
        // Kept only under the generation read before it was fetched: a
        // change meanwhile leaves it to the next search to fetch again.
        self.decoded.write().expect("content lock").insert(locale.to_owned(), (generation, content.clone()));
        Ok(content)
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
        locale: &str,
        from: NaiveDate,
        to: NaiveDate,
        party: &Party,
    ) -> Result<SearchRoomsResponse, RoomsError> {
        let content = self.content(locale).await?;
        let (fits, inventory_version) = self.fits(from, to, party, &content).await?;
        let empty_reason = empty_reason(&fits);
        let nights = (to - from).num_days();
        let rooms = fits.fitting.iter().map(|f| Self::offer(f, nights, &content)).collect();
        Ok(SearchRoomsResponse { rooms, empty_reason, inventory_version })
    }

    async fn search_package(&self, req: SearchPackageRoomsRequest) -> Result<SearchRoomsResponse, RoomsError> {
        let (from, to) = stay::stay_dates(&req.from, &req.to, self.db.clock().today())?;
        let party = party(req.guests).checked()?;
        let locale = if req.locale.is_empty() { "pl".to_owned() } else { req.locale.clone() };
        let package = self
            .catalog
            .clone()
            .get_product(GetProductRequest { key: Some(Key::Code(req.package_code.clone())), locale: locale.clone() })
            .await
            .map_err(|s| if s.code() == Code::NotFound { RoomsError::UnknownPackage } else { RoomsError::Peer(s) })?
            .into_inner();
        if package.r#type() != ProductType::Package {
            return Err(RoomsError::NotAPackage);
        }
        let nights = (to - from).num_days();
        search::check_package_nights(nights, package.num_nights)?;
        // Without a choice of treatments, the package's own ones for the persons.
        let treatments: Vec<TreatmentChoice> = if req.treatments.is_empty() {
            package
                .treatments
                .iter()
                .flat_map(|t| t.primary.iter())
                .map(|t| TreatmentChoice { code: t.code.clone(), quantity: search::treatments_for(t.quantity, party.adults) })
                .collect()
        } else {
            req.treatments.iter().map(|t| TreatmentChoice { code: t.code.clone(), quantity: t.quantity }).collect()
        };
        let cost = self
            .catalog
            .clone()
            .estimate_package_cost(EstimatePackageCostRequest { code: req.package_code.clone(), persons: party.adults, treatments })
            .await?
            .into_inner();
        let package_price = cost.total_current.map(|m| m.amount).unwrap_or_default();
        let content = self.content(&locale).await?;
        let (fits, inventory_version) = self.fits(from, to, &party, &content).await?;
        let empty_reason = empty_reason(&fits);
        if fits.fitting.is_empty() {
            return Ok(SearchRoomsResponse { rooms: vec![], empty_reason, inventory_version });
        }
        let credit = self.package_credit(&fits.fitting, from, package.num_nights, &party).await?;
        let rooms = fits
            .fitting
            .iter()
            .map(|f| {
                let supplement = search::supplement(f.price, credit);
                RoomOffer {
                    price: pln(package_price + supplement),
                    package_price: pln(package_price),
                    supplement: pln(supplement),
                    ..Self::offer(f, nights, &content)
                }
            })
            .collect();
        Ok(SearchRoomsResponse { rooms, empty_reason, inventory_version })
    }

    async fn availability(&self, req: GetAvailabilityRequest) -> Result<GetAvailabilityResponse, RoomsError> {
        let (from, to) = stay::calendar_dates(&req.from, &req.to)?;
        let party = party(req.guests).checked()?;
        let types = self.types.all().await?;
        let room = types.iter().find(|r| r.code == req.room_code).ok_or_else(|| RoomsError::UnknownRoom(req.room_code.clone()))?;
        let today = self.db.clock().today();
        let nights = store::calendar(&self.db, &room.code, from, to).await?;
        let days = nights_of(from, to)
            .map(|d| {
                let date = ymd(d);
                let night = nights.iter().find(|n| n.night == date);
                let day = search::day(room, &party, d, night, today);
                let rules = night.map(|n| n.rules).unwrap_or_default();
                let count = |n: i64| u32::try_from(n.max(0)).unwrap_or(u32::MAX);
                DayAvailability {
                    date,
                    available: day.available,
                    bookable: day.bookable,
                    price: day.price.and_then(pln),
                    closed_to_arrival: rules.closed_to_arrival,
                    closed_to_departure: rules.closed_to_departure,
                    min_stay: count(rules.min_stay.max(room.min_stay)),
                    max_stay: count(rules.max_stay),
                }
            })
            .collect();
        Ok(GetAvailabilityResponse {
            room_code: room.code.clone(),
            min_stay_nights: room.min_stay as u32,
            fits_guests: room.occupancy.fits(party.adults, party.children),
            days,
        })
    }

    async fn board(&self, req: GetBoardRequest) -> Result<Board, RoomsError> {
        let (from, to) = board::board_dates(&req.from, req.days)?;
        let types = self.types.all().await?;
        let stored = store::inventory(&self.db, from, to).await?;
        let count = |n: i64| u32::try_from(n).unwrap_or(0);
        let rooms = board::board(&types, from, to, stored)
            .into_iter()
            .map(|row| BoardRoom {
                room_code: row.room.code.clone(),
                units: count(row.room.units),
                nights: row
                    .nights
                    .iter()
                    .map(|n| BoardNight {
                        date: n.night.clone(),
                        units: count(n.units),
                        booked: count(n.booked),
                        held: count(n.held),
                        closed: n.closed,
                        free: count(n.free()),
                        external: count(n.external),
                        oversold: n.oversold(),
                    })
                    .collect(),
            })
            .collect();
        Ok(Board { from: ymd(from), to: ymd(to), rooms })
    }

    async fn check(&self, request: CheckStaysRequest) -> Result<CheckStaysResponse, RoomsError> {
        let stays = stay::stays(&requested(&request.lines), self.db.clock().today())?;
        let types = self.types.all().await?;
        let mut lines = Vec::with_capacity(stays.len());
        // Lines often share their dates (every room for one night): one
        // summary per distinct stay, of the room types asked for.
        let mut rooms_by_dates: HashMap<(NaiveDate, NaiveDate), Vec<&str>> = HashMap::new();
        for s in &stays {
            rooms_by_dates.entry((s.from, s.to)).or_default().push(&s.room_code);
        }
        let mut summaries = HashMap::new();
        for ((from, to), rooms) in rooms_by_dates {
            summaries.insert((from, to), store::stay_summary(&self.db, from, to, &rooms).await?);
        }
        for (s, line) in stays.iter().zip(&request.lines) {
            let room = types.iter().find(|r| r.code == s.room_code).ok_or_else(|| RoomsError::UnknownRoom(s.room_code.clone()))?;
            let checked = search::check(room, s, summaries[&(s.from, s.to)].get(&s.room_code).copied());
            let mut price = checked.price;
            if line.package_nights > 0 {
                // The package's credit over the rooms its search offered.
                let (fits, _) = self.fits(s.from, s.to, &s.party(), &self.content("").await?).await?;
                price = search::supplement(price, self.package_credit(&fits.fitting, s.from, line.package_nights, &s.party()).await?);
            }
            lines.push(StayCheck { available: checked.available, bookable: checked.bookable, price: pln(price * i64::from(s.quantity)) });
        }
        Ok(CheckStaysResponse { lines })
    }

    async fn reserve_stays(&self, req: ReserveRequest) -> Result<HoldState, RoomsError> {
        hold::check_order_id(&req.order_id)?;
        let stays: Vec<Stay> = stay::stays(&requested(&req.lines), self.db.clock().today())?;
        let expires_at = hold::expires_at(self.db.now_ms(), req.hold_seconds);
        let types = self.types.all().await?;
        inventory::reserve(&self.db, &self.outbox, &types, &req.order_id, &stays, expires_at).await
    }

    /// A room type's nights with the guesthouse's rules, as answered.
    async fn nights_of(&self, room_code: &str, from: NaiveDate, to: NaiveDate) -> Result<Nights, RoomsError> {
        let types = self.types.all().await?;
        let room = types.iter().find(|r| r.code == room_code).ok_or_else(|| RoomsError::UnknownRoom(room_code.to_owned()))?;
        let count = |n: i64| u32::try_from(n).unwrap_or(0);
        let nights = store::night_rules(&self.db, room_code, from, to)
            .await?
            .into_iter()
            .map(|n| NightRules {
                free: count(n.free()),
                external: count(n.external),
                date: n.night,
                units: count(n.units),
                out_of_order: count(n.out_of_order),
                booked: count(n.booked),
                held: count(n.held),
                closed: n.closed,
                price: pln(n.rate),
                price_set: n.rate_set,
                min_stay: count(n.min_stay),
                max_stay: count(n.max_stay),
                closed_to_arrival: n.closed_to_arrival,
                closed_to_departure: n.closed_to_departure,
            })
            .collect();
        Ok(Nights { room_code: room.code.clone(), units: count(room.units), min_stay: count(room.min_stay), nights })
    }

    async fn get_nights(&self, req: GetNightsRequest) -> Result<Nights, RoomsError> {
        let (from, to) = stay::calendar_dates(&req.from, &req.to)?;
        self.nights_of(&req.room_code, from, to).await
    }

    async fn set_nights(&self, req: SetNightsRequest) -> Result<Nights, RoomsError> {
        let (from, to) = nights::range(&req.from, &req.to, self.db.clock().today())?;
        let types = self.types.all().await?;
        let room = types.iter().find(|r| r.code == req.room_code).ok_or_else(|| RoomsError::UnknownRoom(req.room_code.clone()))?;
        let set = NightsSet {
            price: req.price,
            min_stay: req.min_stay.map(i64::from),
            max_stay: req.max_stay.map(i64::from),
            closed_to_arrival: req.closed_to_arrival,
            closed_to_departure: req.closed_to_departure,
            closed: req.closed,
            out_of_order: req.out_of_order.map(i64::from),
        }
        .checked(room.units)?;
        let chosen: Vec<String> = nights::chosen_nights(from, to, &req.weekdays)?.into_iter().map(ymd).collect();
        inventory::set_nights(&self.db, &self.outbox, &room.code, &chosen, &set).await?;
        self.nights_of(&room.code, from, to).await
    }

    async fn move_stays(&self, req: MoveRequest) -> Result<HoldState, RoomsError> {
        hold::check_order_id(&req.order_id)?;
        // An order's other stays may have begun: the cart checks the stay it
        // moves starts today or later.
        let stays: Vec<Stay> = stay::stays_arriving_from(&requested(&req.lines), NaiveDate::MIN, self.db.clock().today())?;
        let types = self.types.all().await?;
        let moving = inventory::Moving {
            order_id: &req.order_id,
            stays: &stays,
            revision: req.revision,
            keep_until: req.keep_until_ms,
            dry_run: req.dry_run,
        };
        inventory::move_hold(&self.db, &self.outbox, &types, &moving).await
    }
}

#[tonic::async_trait]
impl RoomsService for RoomsGrpc {
    async fn search_rooms(&self, request: Request<SearchRoomsRequest>) -> Result<Response<SearchRoomsResponse>, Status> {
        let fresh = spa_platform::grpc::wants_fresh(&request);
        let req = request.into_inner();
        let (from, to) = stay::stay_dates(&req.from, &req.to, self.db.clock().today())?;
        let g = party(req.guests).checked()?;
        // Search is the seasonal hot path: answers are cached until the next
        // availability or content change (or a minute, whichever is first),
        // and read from the store when the caller asks for that.
        // A caller that asks for fresh answers keeps its own copy (the
        // gateway); storing a second one here would only take memory.
        if fresh {
            return Ok(Response::new(self.search_uncached(&req.locale, from, to, &g).await?));
        }
        let key = format!("search:{}:{from}:{to}:{}:{}:{}:{}", self.caches.search.current(), g.adults, g.children, g.babies, req.locale);
        if let Ok(Some(bytes)) = self.cache.get(&key).await
            && let Ok(cached) = SearchRoomsResponse::decode(bytes.as_slice())
        {
            return Ok(Response::new(cached));
        }
        let response = self.search_uncached(&req.locale, from, to, &g).await?;
        if let Err(e) = self.cache.set(&key, &response.encode_to_vec(), SEARCH_TTL).await {
            tracing::warn!(error = %e, "search not cached");
        }
        Ok(Response::new(response))
    }

    async fn search_package_rooms(&self, request: Request<SearchPackageRoomsRequest>) -> Result<Response<SearchRoomsResponse>, Status> {
        Ok(Response::new(self.search_package(request.into_inner()).await?))
    }

    async fn get_availability(&self, request: Request<GetAvailabilityRequest>) -> Result<Response<GetAvailabilityResponse>, Status> {
        Ok(Response::new(self.availability(request.into_inner()).await?))
    }

    async fn check_stays(&self, request: Request<CheckStaysRequest>) -> Result<Response<CheckStaysResponse>, Status> {
        Ok(Response::new(self.check(request.into_inner()).await?))
    }

    async fn reserve(&self, request: Request<ReserveRequest>) -> Result<Response<Hold>, Status> {
        Ok(Response::new(hold_message(self.reserve_stays(request.into_inner()).await?)))
    }

    async fn confirm(&self, request: Request<OrderRef>) -> Result<Response<Hold>, Status> {
        let state = inventory::confirm(&self.db, &self.outbox, &request.into_inner().order_id).await?;
        Ok(Response::new(hold_message(state)))
    }

    async fn release(&self, request: Request<OrderRef>) -> Result<Response<Hold>, Status> {
        let state = inventory::release(&self.db, &self.outbox, &request.into_inner().order_id).await?;
        Ok(Response::new(hold_message(state)))
    }

    async fn get_board(&self, request: Request<GetBoardRequest>) -> Result<Response<Board>, Status> {
        Ok(Response::new(self.board(request.into_inner()).await?))
    }

    async fn r#move(&self, request: Request<MoveRequest>) -> Result<Response<Hold>, Status> {
        Ok(Response::new(hold_message(self.move_stays(request.into_inner()).await?)))
    }

    async fn get_nights(&self, request: Request<GetNightsRequest>) -> Result<Response<Nights>, Status> {
        Ok(Response::new(RoomsGrpc::get_nights(self, request.into_inner()).await?))
    }

    async fn set_nights(&self, request: Request<SetNightsRequest>) -> Result<Response<Nights>, Status> {
        Ok(Response::new(RoomsGrpc::set_nights(self, request.into_inner()).await?))
    }

    async fn get_room_type(&self, request: Request<GetRoomTypeRequest>) -> Result<Response<RoomTypeSettings>, Status> {
        let code = request.into_inner().code;
        let settings = crate::settings::room_type(&self.db, &code).await?;
        Ok(Response::new(room_type_message(&code, settings)))
    }

    async fn set_room_type(&self, request: Request<SetRoomTypeRequest>) -> Result<Response<RoomTypeSettings>, Status> {
        let r = request.into_inner();
        let s = r.settings.unwrap_or_default();
        let rules = RoomTypeRules {
            units: s.units,
            occupancy: s.occupancy,
            max_occupancy: s.max_occupancy,
            extra_bed: s.extra_bed,
            min_stay: s.min_stay,
            base_rate: s.base_rate,
            weekend_rate: s.weekend_rate,
        };
        let settings = crate::settings::set_room_type(&self.db, &self.outbox, &s.code, rules, &r.staff).await?;
        Ok(Response::new(room_type_message(&s.code, settings)))
    }

    async fn get_seasons(&self, _: Request<GetSeasonsRequest>) -> Result<Response<Seasons>, Status> {
        Ok(Response::new(seasons_message(crate::settings::seasons(&self.db).await?)))
    }

    async fn set_seasons(&self, request: Request<SetSeasonsRequest>) -> Result<Response<Seasons>, Status> {
        let r = request.into_inner();
        let seasons = r
            .seasons
            .into_iter()
            .map(|s| Season { name: s.name, from: s.from, to: s.to, multiplier_percent: i64::from(s.multiplier_percent) })
            .collect();
        Ok(Response::new(seasons_message(crate::settings::set_seasons(&self.db, &self.outbox, seasons, &r.staff).await?)))
    }

    async fn list_channels(&self, _request: Request<ListChannelsRequest>) -> Result<Response<Channels>, Status> {
        Ok(Response::new(Channels { channels: channels::list(&self.db).await? }))
    }

    async fn get_channel(&self, request: Request<ChannelRef>) -> Result<Response<Channel>, Status> {
        Ok(Response::new(channels::get(&self.db, &request.into_inner().id).await?))
    }

    async fn save_channel(&self, request: Request<SaveChannelRequest>) -> Result<Response<Channel>, Status> {
        Ok(Response::new(channels::save(&self.db, &self.outbox, request.into_inner()).await?))
    }

    async fn delete_channel(&self, request: Request<ChannelRef>) -> Result<Response<DeleteChannelResponse>, Status> {
        channels::delete(&self.db, &self.outbox, &request.into_inner().id).await?;
        Ok(Response::new(DeleteChannelResponse {}))
    }

    async fn sync_channel(&self, request: Request<ChannelRef>) -> Result<Response<SyncResult>, Status> {
        let (db, outbox, http, id) = (self.db.clone(), self.outbox.clone(), self.http.clone(), request.into_inner().id);
        // To the end even when the caller gives up: the outcome is kept and the lease given back.
        let synced = tokio::spawn(async move { channels::sync(&db, &outbox, &http, &id).await });
        Ok(Response::new(synced.await.map_err(|e| Status::internal(e.to_string()))??))
    }

    async fn get_channel_feed(&self, request: Request<ChannelFeedRequest>) -> Result<Response<ChannelFeed>, Status> {
        Ok(Response::new(channels::feed(&self.db, &request.into_inner().token).await?))
    }

    async fn keep(&self, request: Request<KeepRequest>) -> Result<Response<Hold>, Status> {
        let req = request.into_inner();
        let until = hold::kept_until(self.db.now_ms(), req.seconds)?;
        let state = inventory::keep(&self.db, &self.outbox, &req.order_id, until).await?;
        Ok(Response::new(hold_message(state)))
    }
}
