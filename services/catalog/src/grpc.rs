//! `spa.catalog.v1.CatalogService` over the store, with listing pages cached.

use std::sync::Arc;
use std::time::Duration;

use prost::Message;
use spa_platform::cache::Cache;
use spa_platform::db::Db;
use spa_platform::errors;
use spa_proto::common::PageInfo;
use spa_proto::spa::catalog::v1::catalog_service_server::CatalogService;
use spa_proto::spa::catalog::v1::{GetProductsRequest, GetProductsResponse, ListOffersRequest, ListOffersResponse};
use tonic::{Code, Request, Response, Status};

use crate::{domain, store};

/// Cache key of the listing generation; bumping it retires every cached page.
pub const CACHE_GENERATION: &str = "offers:generation";
const LISTING_TTL: Duration = Duration::from_secs(300);
const DEFAULT_LIMIT: u32 = 20;

pub struct CatalogGrpc {
    db: Db,
    cache: Arc<dyn Cache>,
}

impl CatalogGrpc {
    pub fn new(db: Db, cache: Arc<dyn Cache>) -> Self {
        Self { db, cache }
    }

    async fn list_uncached(&self, kind: &str, locale: &str, page: u32, limit: u32) -> Result<ListOffersResponse, Status> {
        let (items, total) = store::list_offers(&self.db, kind, locale, page, limit).await.map_err(errors::db)?;
        let price_stats = store::price_stats(&self.db, kind).await.map_err(errors::db)?;
        Ok(ListOffersResponse {
            items,
            page: Some(PageInfo { page, limit, pages: total.div_ceil(limit).max(1), total }),
            price_stats: Some(price_stats),
        })
    }
}

fn check_locale(locale: &str) -> Result<(), Status> {
    if domain::is_locale(locale) {
        Ok(())
    } else {
        Err(errors::invalid(
            "invalid_locale",
            format!("unknown locale {locale:?}; use pl, de or en_GB"),
            &[("locale", "must be pl, de or en_GB")],
        ))
    }
}

#[tonic::async_trait]
impl CatalogService for CatalogGrpc {
    async fn list_offers(&self, request: Request<ListOffersRequest>) -> Result<Response<ListOffersResponse>, Status> {
        let req = request.into_inner();
        if !domain::is_offer_type(&req.r#type) {
            return Err(errors::with_details(
                Code::NotFound,
                "unknown_type",
                format!("unknown offer type {:?}; use one of {}", req.r#type, domain::OFFER_TYPES.join(", ")),
                &[("type", "unknown offer type")],
            ));
        }
        check_locale(&req.locale)?;
        let paging = req.page.unwrap_or_default();
        let page = paging.page.max(1);
        let limit = if paging.limit == 0 { DEFAULT_LIMIT } else { paging.limit };
        if limit > domain::MAX_LIMIT {
            return Err(errors::invalid(
                "invalid_limit",
                format!("limit must be at most {}", domain::MAX_LIMIT),
                &[("limit", "must be between 1 and 1000")],
            ));
        }

        // A cache failure is a miss, never an error for the visitor.
        let generation = self.cache.incr(CACHE_GENERATION, 0).await.unwrap_or(-1);
        let key = format!("offers:{generation}:{}:{}:{page}:{limit}", req.r#type, req.locale);
        if generation >= 0
            && let Ok(Some(bytes)) = self.cache.get(&key).await
            && let Ok(cached) = ListOffersResponse::decode(bytes.as_slice())
        {
            return Ok(Response::new(cached));
        }
        let response = self.list_uncached(&req.r#type, &req.locale, page, limit).await?;
        if generation >= 0
            && let Err(e) = self.cache.set(&key, &response.encode_to_vec(), LISTING_TTL).await
        {
            tracing::warn!(error = %e, "listing not cached");
        }
        Ok(Response::new(response))
    }

    async fn get_products(&self, request: Request<GetProductsRequest>) -> Result<Response<GetProductsResponse>, Status> {
        let req = request.into_inner();
        check_locale(&req.locale)?;
        if req.codes.len() > 200 {
            return Err(errors::invalid("too_many_codes", "at most 200 codes per call", &[("codes", "at most 200")]));
        }
        let items = store::products_by_code(&self.db, &req.codes, &req.locale).await.map_err(errors::db)?;
        Ok(Response::new(GetProductsResponse { items }))
    }
}
