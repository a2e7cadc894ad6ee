//! `POST /shop-api/packages/{code}/estimated-cost`: the server's price of a
//! package configuration (persons and treatments).

use axum::Json;
use axum::extract::{Path, State};
use axum::routing::post;
use serde::Deserialize;
use serde_json::{Value, json};
use spa_proto::spa::catalog::v1::{EstimatePackageCostRequest, TreatmentChoice};

use super::JsonBody;
use crate::AppState;
use crate::error::{ApiError, ApiResult};

pub fn router() -> axum::Router<AppState> {
    axum::Router::new().route("/shop-api/packages/{code}/estimated-cost", post(estimate))
}

#[derive(Deserialize)]
struct Choice {
    code: String,
    quantity: u32,
}

#[derive(Deserialize, Default)]
struct Body {
    persons: Option<u32>,
    #[serde(default)]
    treatments: Vec<Choice>,
}

async fn estimate(State(state): State<AppState>, Path(code): Path<String>, JsonBody(body): JsonBody<Body>) -> ApiResult<Json<Value>> {
    let persons = body.persons.ok_or_else(|| ApiError::field("invalid_configuration", "persons", "is required (1 or 2)"))?;
    let request = EstimatePackageCostRequest {
        code,
        persons,
        treatments: body.treatments.into_iter().map(|c| TreatmentChoice { code: c.code, quantity: c.quantity }).collect(),
    };
    let cost = state.clients.catalog.clone().estimate_package_cost(request).await?.into_inner();
    let amount = |m: Option<spa_proto::common::Money>| m.map(|m| m.amount).unwrap_or_default();
    let currency = cost.total_current.as_ref().map(|m| m.currency.clone()).unwrap_or_else(|| "PLN".into());
    Ok(Json(json!({
        "priceWithReservation": {"current": amount(cost.total_current), "original": amount(cost.total_original)},
        "basePrice": {"current": amount(cost.base_current), "original": amount(cost.base_original)},
        "currency": currency,
    })))
}
