//! `GET /shop-api/rooms/search`: room types free for a stay that fit the guests.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Query, State};
use axum::routing::get;
use serde_json::{Value, json};
use spa_proto::spa::rooms::v1::{Guests, SearchRoomsRequest};

use super::{int_param, shop_locale};
use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::json::price_json;

pub fn router() -> axum::Router<AppState> {
    axum::Router::new().route("/shop-api/rooms/search", get(search))
}

async fn search(State(state): State<AppState>, Query(query): Query<HashMap<String, String>>) -> ApiResult<Json<Value>> {
    let locale = shop_locale(&query, &state)?;
    let required = |name: &str| {
        query
            .get(name)
            .cloned()
            .filter(|v| !v.is_empty())
            .ok_or_else(|| ApiError::field("invalid_parameter", name, "is required (YYYY-MM-DD)"))
    };
    let (from, to) = (required("from")?, required("to")?);
    // Wider than the picker so the rooms service names the exact rule broken.
    let guests = Guests {
        adults: int_param(&query, "adults", 2, 0..=20)?,
        children: int_param(&query, "children", 0, 0..=20)?,
        babies: int_param(&query, "babies", 0, 0..=20)?,
    };
    let response =
        state.clients.rooms.clone().search_rooms(SearchRoomsRequest { from, to, guests: Some(guests), locale }).await?.into_inner();
    let items: Vec<Value> = response
        .rooms
        .iter()
        .map(|r| {
            json!({
                "code": r.code,
                "name": r.name,
                "description": r.description,
                "images": if r.image.is_empty() { vec![] } else { vec![json!({"path": r.image, "thumbnails": {"default_listing": r.image}})] },
                "nights": r.nights,
                "available": r.available,
                "occupancy": r.occupancy,
                "maxOccupancy": r.max_occupancy,
                "extraBed": r.extra_bed,
                "price": price_json(r.price.as_ref(), r.price.as_ref()),
            })
        })
        .collect();
    Ok(Json(json!({"items": items, "emptyReason": (!response.empty_reason.is_empty()).then_some(response.empty_reason)})))
}
