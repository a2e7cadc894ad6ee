//! `POST /shop-api/packages/{code}/estimated-cost`: the server's price of a
//! package configuration (persons and treatments).

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use spa_proto::spa::catalog::v1::{EstimatePackageCostRequest, TreatmentChoice};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate, within};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(estimate))
}

/// A treatment and how many of it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub code: String,
    #[schema(minimum = 0, maximum = 100)]
    pub quantity: u32,
}

/// A package configuration.
#[derive(Debug, Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CostRequest {
    /// 1 or 2.
    #[schema(minimum = 1, maximum = 2)]
    pub persons: Option<u32>,
    #[serde(default)]
    #[schema(max_items = 50)]
    pub treatments: Vec<Choice>,
}

impl Validate for CostRequest {
    fn validate(&self) -> ApiResult<()> {
        let persons = self.persons.ok_or_else(|| ApiError::field(ErrorCode::InvalidConfiguration, "persons"))?;
        within(persons, 1..=2, ErrorCode::InvalidConfiguration, "persons")?;
        if self.treatments.len() > 50 {
            return Err(ApiError::field(ErrorCode::InvalidConfiguration, "treatments"));
        }
        Ok(())
    }

    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidConfiguration
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Amounts {
    pub current: i64,
    pub original: i64,
}

/// The price of a configuration.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EstimatedCost {
    /// The package with its treatments for the persons.
    pub price_with_reservation: Amounts,
    /// The package alone.
    pub base_price: Amounts,
    pub currency: String,
}

/// The server's price of a package configuration
///
/// The package price is per person and includes its primary treatments;
/// each person beyond the first includes one more of each. Quantities above
/// the included ones and suggested treatments cost their price. An included
/// treatment that is not deletable stays, unless it is replacable and a
/// suggested treatment takes its place: that one takes over the included
/// quantity and costs only what it costs more.
#[utoipa::path(
    post,
    path = "/shop-api/packages/{code}/estimated-cost",
    tag = "catalog",
    params(("code" = String, Path, description = "The package's code", example = "PKG_ROMANTIC_WEEKEND", pattern = "^[A-Za-z0-9_.-]{1,64}$"), ShopParams),
    request_body = CostRequest,
    responses(
        (status = 200, description = "The price", body = EstimatedCost),
        (status = 400, description = "The configuration is not possible", body = ErrorBody),
        (status = 404, description = "No such package", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn estimate(
    State(state): State<AppState>,
    _shop: Shop,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<CostRequest>,
) -> ApiResult<Json<EstimatedCost>> {
    let request = EstimatePackageCostRequest {
        code,
        persons: body.persons.unwrap_or(1),
        treatments: body.treatments.into_iter().map(|c| TreatmentChoice { code: c.code, quantity: c.quantity }).collect(),
    };
    let cost = state.clients.catalog.clone().estimate_package_cost(request).await?.into_inner();
    let amount = |m: Option<spa_proto::common::Money>| m.map(|m| m.amount).unwrap_or_default();
    let currency = cost.total_current.as_ref().map(|m| m.currency.clone()).unwrap_or_else(|| "PLN".into());
    Ok(Json(EstimatedCost {
        price_with_reservation: Amounts { current: amount(cost.total_current), original: amount(cost.total_original) },
        base_price: Amounts { current: amount(cost.base_current), original: amount(cost.base_original) },
        currency,
    }))
}
