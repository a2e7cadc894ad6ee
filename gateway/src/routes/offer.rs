//! `GET /shop-api/offer/{type}`: a page of offers of one type.

use axum::extract::{Path, State};
use axum::response::Response;
use serde::Deserialize;
use spa_platform::grpc::fresh;
use spa_proto::common::PageRequest;
use spa_proto::spa::catalog::v1::ListOffersRequest;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::answers::{self, Answer, Body, Conditional, ConditionalParams, NotModified};
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{ApiQuery, Shop, ShopParams, Validate, within};
use crate::wire::{Listing, OfferItem, OfferType, Paging, PriceStats, Sorting};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

/// The listing's filters and paging.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListingQuery {
    /// From 1.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Items per page, 20 by default.
    #[param(minimum = 1, maximum = 1000)]
    pub limit: Option<u32>,
    pub sorting: Option<Sorting>,
    /// Lowest current price, in minor units of `priceStats.currency`.
    #[param(minimum = 0)]
    pub price_from: Option<i64>,
    /// Highest current price, in minor units of `priceStats.currency`.
    #[param(minimum = 0)]
    pub price_to: Option<i64>,
    /// Taxon codes; an item matches any of them or their descendants.
    /// `taxon[]`, `taxon[0]` and `taxon` are read alike.
    #[serde(default)]
    #[param(rename = "taxon[]", style = Form, explode, max_items = 50)]
    pub taxon: Vec<String>,
    /// Packages only: nights of the stay (2 to 5).
    #[param(minimum = 2, maximum = 5)]
    pub nights: Option<u32>,
}

impl Validate for ListingQuery {
    fn validate(&self) -> ApiResult<()> {
        within(self.page.unwrap_or(1), 1..=100_000, ErrorCode::InvalidParameter, "page")?;
        within(self.limit.unwrap_or(20), 1..=1000, ErrorCode::InvalidLimit, "limit")?;
        if let Some(nights) = self.nights {
            within(nights, 2..=5, ErrorCode::InvalidNights, "nights")?;
        }
        for (field, value) in [("price_from", self.price_from), ("price_to", self.price_to)] {
            if value.is_some_and(|v| v < 0) {
                return Err(ApiError::malformed(ErrorCode::InvalidPriceRange, field));
            }
        }
        Ok(())
    }

    fn error_code(field: &str) -> ErrorCode {
        match field {
            "limit" => ErrorCode::InvalidLimit,
            "sorting" => ErrorCode::InvalidSorting,
            "price_from" | "price_to" => ErrorCode::InvalidPriceRange,
            "nights" => ErrorCode::InvalidNights,
            _ => ErrorCode::InvalidParameter,
        }
    }
}

/// A listing's type, or 404 naming `type`.
pub fn offer_type(kind: &str) -> ApiResult<OfferType> {
    OfferType::parse(kind).ok_or_else(|| ApiError::not_found(ErrorCode::UnknownType).with_field("type"))
}

/// A page of offers of one type
#[utoipa::path(
    get,
    path = "/shop-api/offer/{type}",
    tag = "catalog",
    params(("type" = OfferType, Path, description = "The kind of offer"), ShopParams, ListingQuery, ConditionalParams),
    responses(
        (status = 200, description = "The page", body = Listing, headers(
            ("ETag" = String, description = "Strong tag of the body; `-gzip` marks the gzipped copy"),
            ("Cache-Control" = String, description = "`public, max-age=60, stale-while-revalidate=300`; rooms `public, max-age=10`"),
            ("Vary" = String, description = "`accept-encoding`"),
        )),
        (status = 304, response = NotModified),
        (status = 400, description = "A filter is not valid", body = ErrorBody),
        (status = 404, description = "No such type", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    shop: Shop,
    client: Conditional,
    Path(kind): Path<String>,
    ApiQuery(query): ApiQuery<ListingQuery>,
) -> ApiResult<Response> {
    let kind = offer_type(&kind)?;
    // Repeats and the limit on distinct taxons are the catalog's rule.
    let request = ListOffersRequest {
        r#type: kind.wire(),
        locale: shop.code().to_owned(),
        page: Some(PageRequest { page: query.page.unwrap_or(1), limit: query.limit.unwrap_or(20) }),
        sorting: query.sorting.map_or(0, Sorting::wire),
        price_from: query.price_from,
        price_to: query.price_to,
        taxons: query.taxon.into_iter().filter(|t| !t.is_empty()).collect(),
        nights: query.nights.unwrap_or(0),
    };
    let tonight = answers::tonight(&state);
    let answer = Answer::Listing { kind, locale: shop.locale, request: &request, tonight };
    answers::serve(&state, &client, answer, || async {
        let response = state.clients.catalog.clone().list_offers(fresh(request.clone())).await?.into_inner();
        let mut items: Vec<OfferItem> = response.items.iter().map(|p| OfferItem::of(p, shop.locale)).collect::<Result<_, _>>()?;
        let complete = kind != OfferType::Room || super::rooms::fill_rooms_left(&state, &mut items, tonight).await;
        let paging = response.page.unwrap_or_default();
        let stats = response.price_stats.unwrap_or_default();
        Ok(Body::json(&Listing {
            items,
            price_stats: PriceStats { min: stats.min, max: stats.max, currency: stats.currency },
            pages: Paging { page: paging.page, limit: paging.limit, pages: paging.pages, total: paging.total },
        })
        .degraded(!complete))
    })
    .await
}
