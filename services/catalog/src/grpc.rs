//! `spa.catalog.v1.CatalogService`: decode a request, call the domain and
//! the store, encode the answer; listing pages are cached.

use std::sync::Arc;
use std::time::Duration;

use prost::Message;
use spa_platform::cache::{Cache, Generation};
use spa_platform::db::Db;
use spa_proto::common::PageInfo;
use spa_proto::spa::catalog::v1::AssociationType;
use spa_proto::spa::catalog::v1::catalog_service_server::CatalogService;
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::catalog::v1::{
    AddPictureRequest, AdminGetProductRequest, AdminListProductsRequest, AdminProducts, EditableProduct, EstimatePackageCostRequest,
    GetPictureRequest, GetProductRequest, GetProductsRequest, GetProductsResponse, ListAssociationsRequest, ListAssociationsResponse,
    ListOffersRequest, ListOffersResponse, ListTaxonsRequest, ListTaxonsResponse, PackageCost, Picture, Product, ReleaseStockRequest,
    RemovePictureRequest, ReserveStockRequest, SaveProductRequest, StockAnswer,
};
use tonic::{Request, Response, Status};

use crate::domain::listing::Asked;
use crate::domain::package;
use crate::domain::{self, OfferQuery, ProductType, check_locale, taxons};
use crate::error::CatalogError;
use crate::{editor, store};

const LISTING_TTL: Duration = Duration::from_secs(300);

pub struct CatalogGrpc {
    db: Db,
    cache: Arc<dyn Cache>,
    /// Bumped by `catalog.product.changed`; part of every cached page's key.
    generation: Generation,
    outbox: spa_platform::outbox::Outbox,
    pictures: editor::PictureStore,
}

impl CatalogGrpc {
    pub fn new(
        db: Db,
        cache: Arc<dyn Cache>,
        generation: Generation,
        outbox: spa_platform::outbox::Outbox,
        pictures: editor::PictureStore,
    ) -> Self {
        Self { db, cache, generation, outbox, pictures }
    }

    /// A listing request as a checked query, its taxons expanded.
    async fn offer_query(&self, req: &ListOffersRequest) -> Result<OfferQuery, CatalogError> {
        let paging = req.page.unwrap_or_default();
        let mut q = OfferQuery::check(&Asked {
            kind: req.r#type,
            locale: &req.locale,
            page: paging.page,
            limit: paging.limit,
            sorting: req.sorting,
            price_from: req.price_from,
            price_to: req.price_to,
            nights: req.nights,
            taxons: &req.taxons,
        })?;
        if !req.taxons.is_empty() {
            q.taxons = taxons::filter(&store::taxons(&self.db, &req.locale).await?, &req.taxons)?;
        }
        Ok(q)
    }

    async fn list_uncached(&self, q: &OfferQuery) -> Result<ListOffersResponse, CatalogError> {
        let page = store::list_offers(&self.db, q).await?;
        let price_stats = store::price_stats(&self.db, q).await?;
        Ok(ListOffersResponse {
            items: page.items,
            page: Some(PageInfo { page: q.page, limit: q.limit, pages: q.pages(page.total), total: page.total }),
            price_stats: Some(price_stats),
        })
    }

    async fn product(&self, req: GetProductRequest) -> Result<Product, CatalogError> {
        check_locale(&req.locale)?;
        let (code, slug) = match &req.key {
            Some(Key::Code(c)) => (Some(c.as_str()), None),
            Some(Key::Slug(s)) => (None, Some(s.as_str())),
            None => return Err(CatalogError::MissingKey),
        };
        let found = store::product(&self.db, code, slug, &req.locale)
            .await?
            .ok_or_else(|| CatalogError::ProductNotFound(code.or(slug).unwrap_or_default().to_owned()))?;
        let mut product = found.product;
        if let Some(rules) = &found.details.treatments {
            let treatments = store::products_by_code(&self.db, &rules.codes(), &req.locale).await?;
            product.treatments = Some(rules.treatments(&treatments));
        }
        Ok(product)
    }

    async fn related(&self, req: ListAssociationsRequest) -> Result<ListAssociationsResponse, CatalogError> {
        check_locale(&req.locale)?;
        if req.association() != AssociationType::Related {
            return Err(CatalogError::UnknownAssociation);
        }
        if store::product(&self.db, Some(&req.code), None, &req.locale).await?.is_none() {
            return Err(CatalogError::ProductNotFound(req.code));
        }
        let mut codes = store::related_codes(&self.db, &req.code).await?;
        codes.truncate(domain::MAX_RELATED);
        Ok(ListAssociationsResponse { items: store::products_by_code(&self.db, &codes, &req.locale).await? })
    }

    async fn package_cost(&self, req: EstimatePackageCostRequest) -> Result<PackageCost, CatalogError> {
        let found = store::product(&self.db, Some(&req.code), None, domain::FALLBACK_LOCALE)
            .await?
            .filter(|p| p.product.r#type == ProductType::Package.wire())
            .ok_or_else(|| CatalogError::PackageNotFound(req.code.clone()))?;
        let rules = found.details.treatments.unwrap_or_default();
        let treatments = store::products_by_code(&self.db, &rules.codes(), domain::FALLBACK_LOCALE).await?;
        let chosen: Vec<(String, u32)> = req.treatments.iter().map(|t| (t.code.clone(), t.quantity)).collect();
        package::estimate(&found.product, &rules, &treatments, req.persons, &chosen)
    }
}

#[tonic::async_trait]
impl CatalogService for CatalogGrpc {
    async fn list_offers(&self, request: Request<ListOffersRequest>) -> Result<Response<ListOffersResponse>, Status> {
        let q = self.offer_query(request.get_ref()).await?;
        // A cache failure is a miss, never an error for the visitor; a
        // caller that asks for the store's answer gets it.
        // Prices change with the day a promotion starts or ends: the day is part of the key.
        let generation = format!("{}:{}", self.generation.current(), self.db.clock().today());
        let key = q.cache_key(&generation, &request.get_ref().taxons);
        if !spa_platform::grpc::wants_fresh(&request)
            && let Ok(Some(bytes)) = self.cache.get(&key).await
            && let Ok(cached) = ListOffersResponse::decode(bytes.as_slice())
        {
            return Ok(Response::new(cached));
        }
        let response = self.list_uncached(&q).await?;
        if let Err(e) = self.cache.set(&key, &response.encode_to_vec(), LISTING_TTL).await {
            tracing::warn!(error = %e, "listing not cached");
        }
        Ok(Response::new(response))
    }

    async fn get_products(&self, request: Request<GetProductsRequest>) -> Result<Response<GetProductsResponse>, Status> {
        let req = request.into_inner();
        check_locale(&req.locale)?;
        if req.codes.len() > domain::MAX_CODES {
            return Err(CatalogError::TooManyCodes.into());
        }
        let items = store::products_by_code(&self.db, &req.codes, &req.locale).await.map_err(CatalogError::from)?;
        Ok(Response::new(GetProductsResponse { items }))
    }

    async fn get_product(&self, request: Request<GetProductRequest>) -> Result<Response<Product>, Status> {
        Ok(Response::new(self.product(request.into_inner()).await?))
    }

    async fn list_associations(&self, request: Request<ListAssociationsRequest>) -> Result<Response<ListAssociationsResponse>, Status> {
        Ok(Response::new(self.related(request.into_inner()).await?))
    }

    async fn list_taxons(&self, request: Request<ListTaxonsRequest>) -> Result<Response<ListTaxonsResponse>, Status> {
        let req = request.into_inner();
        check_locale(&req.locale)?;
        let all = store::taxons(&self.db, &req.locale).await.map_err(CatalogError::from)?;
        Ok(Response::new(ListTaxonsResponse { taxons: taxons::forest(&all, &req.root)? }))
    }

    async fn estimate_package_cost(&self, request: Request<EstimatePackageCostRequest>) -> Result<Response<PackageCost>, Status> {
        Ok(Response::new(self.package_cost(request.into_inner()).await?))
    }

    async fn admin_list_products(&self, request: Request<AdminListProductsRequest>) -> Result<Response<AdminProducts>, Status> {
        let r = request.into_inner();
        check_locale(&r.locale)?;
        let items = editor::list(&self.db, ProductType::from_wire(r.r#type), &r.q, &r.locale).await.map_err(CatalogError::from)?;
        Ok(Response::new(AdminProducts { items }))
    }

    async fn admin_get_product(&self, request: Request<AdminGetProductRequest>) -> Result<Response<EditableProduct>, Status> {
        let code = request.into_inner().code;
        let product = editor::get(&self.db, &code).await.map_err(CatalogError::from)?;
        Ok(Response::new(product.ok_or(CatalogError::ProductNotFound(code))?))
    }

    async fn reserve_stock(&self, request: Request<ReserveStockRequest>) -> Result<Response<StockAnswer>, Status> {
        let r = request.into_inner();
        let lines: Vec<(String, i64)> = r.lines.into_iter().map(|l| (l.code, l.quantity)).collect();
        crate::stock::reserve(&self.db, &self.outbox, &r.order_id, &lines).await?;
        Ok(Response::new(StockAnswer {}))
    }

    async fn release_stock(&self, request: Request<ReleaseStockRequest>) -> Result<Response<StockAnswer>, Status> {
        crate::stock::release(&self.db, &self.outbox, &request.into_inner().order_id).await?;
        Ok(Response::new(StockAnswer {}))
    }

    async fn save_product(&self, request: Request<SaveProductRequest>) -> Result<Response<EditableProduct>, Status> {
        Ok(Response::new(editor::save(&self.db, &self.outbox, request.into_inner()).await?))
    }

    async fn add_picture(&self, request: Request<AddPictureRequest>) -> Result<Response<EditableProduct>, Status> {
        Ok(Response::new(editor::add_picture(&self.db, &self.outbox, &self.pictures, request.into_inner()).await?))
    }

    async fn remove_picture(&self, request: Request<RemovePictureRequest>) -> Result<Response<EditableProduct>, Status> {
        Ok(Response::new(editor::remove_picture(&self.db, &self.outbox, &self.pictures, request.into_inner()).await?))
    }

    async fn get_picture(&self, request: Request<GetPictureRequest>) -> Result<Response<Picture>, Status> {
        Ok(Response::new(editor::picture(&self.pictures, &request.into_inner().path).await?))
    }
}
