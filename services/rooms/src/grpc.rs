//! `spa.rooms.v1.RoomsService`.

use chrono::NaiveDate;
use spa_platform::db::Db;
use spa_platform::errors;
use spa_platform::grpc::TracedChannel;
use spa_proto::common::Money;
use spa_proto::spa::catalog::v1::GetProductsRequest;
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;
use spa_proto::spa::rooms::v1::rooms_service_server::RoomsService;
use spa_proto::spa::rooms::v1::{RoomOffer, SearchRoomsRequest, SearchRoomsResponse};
use sqlx::Row;
use tonic::{Request, Response, Status};

use crate::domain::{self, MAX_ADULTS, MAX_BABIES, MAX_CHILDREN, MAX_STAY_NIGHTS};

pub struct RoomsGrpc {
    db: Db,
    catalog: CatalogServiceClient<TracedChannel>,
}

impl RoomsGrpc {
    pub fn new(db: Db, catalog: CatalogServiceClient<TracedChannel>) -> Self {
        Self { db, catalog }
    }
}

fn date(field: &str, value: &str) -> Result<NaiveDate, Status> {
    NaiveDate::parse_from_str(value, "%Y-%m-%d")
        .map_err(|_| errors::invalid("invalid_date", format!("{field} must be a date YYYY-MM-DD"), &[(field, "must be a date YYYY-MM-DD")]))
}

struct Candidate {
    code: String,
    free: i64,
    price: i64,
    occupancy: i64,
    max_occupancy: i64,
    extra_bed: bool,
}

#[tonic::async_trait]
impl RoomsService for RoomsGrpc {
    async fn search_rooms(&self, request: Request<SearchRoomsRequest>) -> Result<Response<SearchRoomsResponse>, Status> {
        let req = request.into_inner();
        let from = date("from", &req.from)?;
        let to = date("to", &req.to)?;
        if from >= to {
            return Err(errors::invalid("invalid_stay", "check-out must be after check-in", &[("to", "must be after from")]));
        }
        if from < chrono::Local::now().date_naive() {
            return Err(errors::invalid("invalid_stay", "check-in cannot be in the past", &[("from", "must be today or later")]));
        }
        let nights = (to - from).num_days();
        if nights > MAX_STAY_NIGHTS {
            return Err(errors::invalid(
                "invalid_stay",
                format!("a stay can last at most {MAX_STAY_NIGHTS} nights"),
                &[("to", "stay too long")],
            ));
        }
        let guests = req.guests.unwrap_or_default();
        let mut violations = Vec::new();
        if !(1..=MAX_ADULTS).contains(&guests.adults) {
            violations.push(("adults", "must be between 1 and 2"));
        }
        if guests.children > MAX_CHILDREN {
            violations.push(("children", "must be between 0 and 2"));
        }
        if guests.babies > MAX_BABIES {
            violations.push(("babies", "must be between 0 and 2"));
        }
        if !violations.is_empty() {
            return Err(errors::invalid("invalid_guests", "the number of guests is outside the allowed range", &violations));
        }

        let rows = sqlx::query(
            "SELECT rt.code, rt.occupancy, rt.max_occupancy, rt.extra_bed, rt.min_stay, rt.position, \
                    MIN(i.units - i.booked - i.held) AS free, CAST(SUM(i.rate) AS BIGINT) AS price, COUNT(*) AS nights \
             FROM room_types rt JOIN inventory i ON i.room_code = rt.code \
             WHERE i.night >= $1 AND i.night < $2 AND i.closed = 0 \
             GROUP BY rt.code, rt.occupancy, rt.max_occupancy, rt.extra_bed, rt.min_stay, rt.position \
             ORDER BY rt.position",
        )
        .bind(req.from.clone())
        .bind(req.to.clone())
        .fetch_all(self.db.pool())
        .await
        .map_err(errors::db)?;
        let mut free_for_dates = Vec::new();
        for row in rows {
            let (free, counted, min_stay): (i64, i64, i64) = (
                row.try_get("free").map_err(errors::internal)?,
                row.try_get("nights").map_err(errors::internal)?,
                row.try_get("min_stay").map_err(errors::internal)?,
            );
            if counted == nights && free > 0 && min_stay <= nights {
                free_for_dates.push(Candidate {
                    code: row.try_get("code").map_err(errors::internal)?,
                    free,
                    price: row.try_get("price").map_err(errors::internal)?,
                    occupancy: row.try_get("occupancy").map_err(errors::internal)?,
                    max_occupancy: row.try_get("max_occupancy").map_err(errors::internal)?,
                    extra_bed: row.try_get::<i64, _>("extra_bed").map_err(errors::internal)? != 0,
                });
            }
        }
        let places = i64::from(domain::places_needed(guests.adults, guests.children));
        let fitting: Vec<Candidate> =
            free_for_dates.iter().filter(|c| c.max_occupancy >= places).map(|c| Candidate { code: c.code.clone(), ..*c }).collect();
        let empty_reason = if free_for_dates.is_empty() {
            "no_rooms_for_dates"
        } else if fitting.is_empty() {
            "no_room_for_guests"
        } else {
            ""
        };
        if fitting.is_empty() {
            return Ok(Response::new(SearchRoomsResponse { rooms: vec![], empty_reason: empty_reason.to_owned() }));
        }

        let locale = if req.locale.is_empty() { "pl".to_owned() } else { req.locale.clone() };
        let codes = fitting.iter().map(|c| c.code.clone()).collect();
        let content = self.catalog.clone().get_products(GetProductsRequest { codes, locale }).await?.into_inner().items;
        let rooms = fitting
            .into_iter()
            .map(|c| {
                let product = content.iter().find(|p| p.code == c.code);
                RoomOffer {
                    name: product.map(|p| p.name.clone()).unwrap_or_else(|| c.code.clone()),
                    description: product.map(|p| p.description.clone()).unwrap_or_default(),
                    image: product.and_then(|p| p.images.first()).map(|i| i.path.clone()).unwrap_or_default(),
                    code: c.code,
                    nights: nights as u32,
                    available: c.free as u32,
                    occupancy: c.occupancy as u32,
                    max_occupancy: c.max_occupancy as u32,
                    extra_bed: c.extra_bed,
                    price: Some(Money { amount: c.price, currency: "PLN".into() }),
                }
            })
            .collect();
        Ok(Response::new(SearchRoomsResponse { rooms, empty_reason: String::new() }))
    }
}
