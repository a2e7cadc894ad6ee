//! `spa.catalog.v1.CatalogService` over the store, with listing pages cached.

use std::sync::Arc;
use std::time::Duration;

use prost::Message;
use spa_platform::cache::{Cache, Generation};
use spa_platform::db::Db;
use spa_platform::errors;
use spa_proto::common::{Money, PageInfo};
use spa_proto::spa::catalog::v1::AssociationType;
use spa_proto::spa::catalog::v1::catalog_service_server::CatalogService;
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::catalog::v1::{
    EstimatePackageCostRequest, GetProductRequest, GetProductsRequest, GetProductsResponse, ListAssociationsRequest,
    ListAssociationsResponse, ListOffersRequest, ListOffersResponse, ListTaxonsRequest, ListTaxonsResponse, PackageCost, PackageTreatment,
    PackageTreatments, Product,
};
use tonic::{Code, Request, Response, Status};

use crate::domain::{self, CostLine, ProductType, Sorting};
use crate::store::{self, OfferQuery};

const LISTING_TTL: Duration = Duration::from_secs(300);
const DEFAULT_LIMIT: u32 = 20;
/// The related products slider shows at most four (spec 9).
const MAX_RELATED: usize = 4;
/// Bounds the SQL placeholders of one listing (SQLite allows 32,766).
const MAX_TAXON_FILTERS: usize = 50;

/// The cache key of a listing page in a cache generation.
pub fn listing_key(generation: &str, q: &OfferQuery, taxons: &[String]) -> String {
    format!(
        "offers:{generation}:{}:{}:{}:{}:{}:{:?}:{:?}:{}:{}",
        q.kind,
        q.locale,
        q.page,
        q.limit,
        q.sorting.as_str(),
        q.price_from,
        q.price_to,
        q.nights,
        taxons.join(",")
    )
}

pub struct CatalogGrpc {
    db: Db,
    cache: Arc<dyn Cache>,
    /// Bumped by `catalog.product.changed`; part of every cached page's key.
    generation: Generation,
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

fn product_not_found(what: &str) -> Status {
    errors::with_details(Code::NotFound, "product_not_found", format!("product {what:?} not found"), &[])
}

impl CatalogGrpc {
    pub fn new(db: Db, cache: Arc<dyn Cache>, generation: Generation) -> Self {
        Self { db, cache, generation }
    }

    /// Validates a listing request into a query.
    async fn offer_query(&self, req: &ListOffersRequest) -> Result<OfferQuery, Status> {
        let Some(kind) = ProductType::from_wire(req.r#type) else {
            let known: Vec<&str> = ProductType::ALL.iter().map(|t| t.code()).collect();
            return Err(errors::with_details(
                Code::NotFound,
                "unknown_type",
                format!("unknown offer type; use one of {}", known.join(", ")),
                &[("type", "unknown offer type")],
            ));
        };
        check_locale(&req.locale)?;
        let paging = req.page.unwrap_or_default();
        let limit = if paging.limit == 0 { DEFAULT_LIMIT } else { paging.limit };
        if limit > domain::MAX_LIMIT {
            return Err(errors::invalid(
                "invalid_limit",
                format!("limit must be at most {}", domain::MAX_LIMIT),
                &[("limit", "must be between 1 and 1000")],
            ));
        }
        let sorting = Sorting::parse(&req.sorting).ok_or_else(|| {
            errors::invalid(
                "invalid_sorting",
                format!("unknown sorting {:?}", req.sorting),
                &[("sorting", "must be taxons_position_asc, price_asc, price_desc, latest, oldest or position_asc")],
            )
        })?;
        for (field, value) in [("price_from", req.price_from), ("price_to", req.price_to)] {
            if value.is_some_and(|v| v < 0) {
                return Err(errors::invalid("invalid_price_range", format!("{field} cannot be negative"), &[(field, "must be 0 or more")]));
            }
        }
        if let (Some(from), Some(to)) = (req.price_from, req.price_to)
            && from > to
        {
            return Err(errors::invalid(
                "invalid_price_range",
                "price_from is above price_to",
                &[("price_to", "must not be below price_from")],
            ));
        }
        if req.nights != 0 {
            if kind != ProductType::Package {
                return Err(errors::invalid("invalid_nights", "nights filters packages only", &[("nights", "only for packages")]));
            }
            if !domain::PACKAGE_NIGHTS.contains(&req.nights) {
                return Err(errors::invalid("invalid_nights", "nights must be between 2 and 5", &[("nights", "must be between 2 and 5")]));
            }
        }
        let mut taxons = Vec::new();
        if !req.taxons.is_empty() {
            let requested: std::collections::BTreeSet<&String> = req.taxons.iter().collect();
            if requested.len() > MAX_TAXON_FILTERS {
                return Err(errors::invalid(
                    "too_many_taxons",
                    format!("at most {MAX_TAXON_FILTERS} different taxons"),
                    &[("taxon", "too many taxons")],
                ));
            }
            let all = store::taxons(&self.db, &req.locale).await.map_err(errors::db)?;
            let known: std::collections::HashSet<&str> = all.iter().map(|t| t.0.as_str()).collect();
            if let Some(unknown) = requested.iter().find(|code| !known.contains(code.as_str())) {
                return Err(errors::invalid("unknown_taxon", format!("unknown taxon {unknown:?}"), &[("taxon", "unknown taxon code")]));
            }
            taxons = store::expand_taxons(&all, &req.taxons);
        }
        Ok(OfferQuery {
            kind,
            locale: req.locale.clone(),
            page: paging.page.max(1),
            limit,
            sorting,
            price_from: req.price_from,
            price_to: req.price_to,
            taxons,
            nights: req.nights,
        })
    }

    async fn list_uncached(&self, q: &OfferQuery) -> Result<ListOffersResponse, Status> {
        let (items, total) = store::list_offers(&self.db, q).await.map_err(errors::db)?;
        let price_stats = store::price_stats(&self.db, q).await.map_err(errors::db)?;
        Ok(ListOffersResponse {
            items,
            page: Some(PageInfo { page: q.page, limit: q.limit, pages: total.div_ceil(q.limit).max(1), total }),
            price_stats: Some(price_stats),
        })
    }

    /// A package's treatments with their names and prices.
    async fn package_treatments(&self, rules: &store::PackageRules, locale: &str) -> Result<PackageTreatments, Status> {
        let codes: Vec<String> =
            rules.primary.iter().map(|t| t.code.clone()).chain(rules.additional.iter().map(|t| t.code.clone())).collect();
        let products = store::products_by_code(&self.db, &codes, locale).await.map_err(errors::db)?;
        let find = |code: &str| products.iter().find(|p| p.code == code);
        let base = |p: &Product| PackageTreatment {
            code: p.code.clone(),
            name: p.name.clone(),
            description: p.description.clone(),
            slug: p.slug.clone(),
            images: p.images.clone(),
            price: p.price.clone(),
            duration_minutes: p.duration_minutes,
            ..Default::default()
        };
        let primary = rules
            .primary
            .iter()
            .filter_map(|r| {
                find(&r.code).map(|p| PackageTreatment {
                    quantity: r.quantity,
                    min_quantity: r.min_quantity,
                    max_quantity: r.max_quantity,
                    free: r.free,
                    deletable: r.deletable,
                    replacable: r.replacable,
                    additional: false,
                    delete_permanently: r.delete_permanently,
                    ..base(p)
                })
            })
            .collect();
        let additional = rules
            .additional
            .iter()
            .filter_map(|r| {
                find(&r.code).map(|p| PackageTreatment {
                    quantity: 1,
                    min_quantity: 1,
                    max_quantity: domain::ADDITIONAL_MAX_QUANTITY,
                    deletable: true,
                    additional: true,
                    ..base(p)
                })
            })
            .collect();
        Ok(PackageTreatments { primary, additional, min_treatments: rules.min_treatments })
    }
}

/// The base-currency current and original amounts of a product.
fn base_amounts(p: &Product) -> (i64, i64) {
    let price = p.price.clone().unwrap_or_default();
    let cur = price.base_current.map(|m| m.amount).unwrap_or_default();
    (cur, price.base_original.map(|m| m.amount).unwrap_or(cur))
}

#[tonic::async_trait]
impl CatalogService for CatalogGrpc {
    async fn list_offers(&self, request: Request<ListOffersRequest>) -> Result<Response<ListOffersResponse>, Status> {
        let q = self.offer_query(request.get_ref()).await?;
        // A cache failure is a miss, never an error for the visitor; a
        // caller that asks for the store's answer gets it.
        let key = listing_key(&self.generation.current(), &q, &request.get_ref().taxons);
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
        if req.codes.len() > 200 {
            return Err(errors::invalid("too_many_codes", "at most 200 codes per call", &[("codes", "at most 200")]));
        }
        let items = store::products_by_code(&self.db, &req.codes, &req.locale).await.map_err(errors::db)?;
        Ok(Response::new(GetProductsResponse { items }))
    }

    async fn get_product(&self, request: Request<GetProductRequest>) -> Result<Response<Product>, Status> {
        let req = request.into_inner();
        check_locale(&req.locale)?;
        let (code, slug) = match &req.key {
            Some(Key::Code(c)) => (Some(c.as_str()), None),
            Some(Key::Slug(s)) => (None, Some(s.as_str())),
            None => return Err(errors::invalid("invalid_request", "a code or a slug is required", &[("code", "required")])),
        };
        let (mut product, details) = store::product(&self.db, code, slug, &req.locale)
            .await
            .map_err(errors::db)?
            .ok_or_else(|| product_not_found(code.or(slug).unwrap_or_default()))?;
        if let Some(rules) = &details.treatments {
            product.treatments = Some(self.package_treatments(rules, &req.locale).await?);
        }
        Ok(Response::new(product))
    }

    async fn list_associations(&self, request: Request<ListAssociationsRequest>) -> Result<Response<ListAssociationsResponse>, Status> {
        let req = request.into_inner();
        check_locale(&req.locale)?;
        if req.association() != AssociationType::Related {
            return Err(errors::with_details(
                Code::NotFound,
                "unknown_association",
                "unknown association; use related".to_owned(),
                &[("type", "must be related")],
            ));
        }
        if store::product(&self.db, Some(&req.code), None, &req.locale).await.map_err(errors::db)?.is_none() {
            return Err(product_not_found(&req.code));
        }
        let mut codes = store::related_codes(&self.db, &req.code).await.map_err(errors::db)?;
        codes.truncate(MAX_RELATED);
        let items = store::products_by_code(&self.db, &codes, &req.locale).await.map_err(errors::db)?;
        Ok(Response::new(ListAssociationsResponse { items }))
    }

    async fn list_taxons(&self, request: Request<ListTaxonsRequest>) -> Result<Response<ListTaxonsResponse>, Status> {
        let req = request.into_inner();
        check_locale(&req.locale)?;
        let all = store::taxons(&self.db, &req.locale).await.map_err(errors::db)?;
        let taxons = if req.root.is_empty() {
            store::taxon_tree(&all, None)
        } else {
            let node = store::taxon_tree(&all, all.iter().find(|t| t.0 == req.root).and_then(|t| t.1.as_deref()))
                .into_iter()
                .find(|n| n.code == req.root)
                .ok_or_else(|| errors::with_details(Code::NotFound, "taxon_not_found", format!("taxon {:?} not found", req.root), &[]))?;
            vec![node]
        };
        Ok(Response::new(ListTaxonsResponse { taxons }))
    }

    async fn estimate_package_cost(&self, request: Request<EstimatePackageCostRequest>) -> Result<Response<PackageCost>, Status> {
        let req = request.into_inner();
        let (package, details) = store::product(&self.db, Some(&req.code), None, domain::FALLBACK_LOCALE)
            .await
            .map_err(errors::db)?
            .filter(|(p, _)| p.r#type == ProductType::Package.wire())
            .ok_or_else(|| errors::with_details(Code::NotFound, "package_not_found", format!("package {:?} not found", req.code), &[]))?;
        let rules = details.treatments.unwrap_or(store::PackageRules { primary: vec![], additional: vec![], min_treatments: 0 });
        let codes: Vec<String> =
            rules.primary.iter().map(|t| t.code.clone()).chain(rules.additional.iter().map(|t| t.code.clone())).collect();
        let treatments = store::products_by_code(&self.db, &codes, domain::FALLBACK_LOCALE).await.map_err(errors::db)?;
        let price_of = |code: &str| treatments.iter().find(|p| p.code == code).map(base_amounts).unwrap_or_default();
        let mut lines: Vec<CostLine> = rules
            .primary
            .iter()
            .map(|r| {
                let (price, original) = price_of(&r.code);
                CostLine {
                    code: r.code.clone(),
                    included: r.quantity,
                    min: r.min_quantity,
                    max: r.max_quantity,
                    free: r.free,
                    deletable: r.deletable,
                    replacable: r.replacable,
                    additional: false,
                    price,
                    original,
                }
            })
            .collect();
        lines.extend(rules.additional.iter().map(|r| {
            let (price, original) = price_of(&r.code);
            CostLine {
                code: r.code.clone(),
                included: 0,
                min: 1,
                max: 2,
                free: false,
                deletable: true,
                replacable: false,
                additional: true,
                price,
                original,
            }
        }));
        let chosen: Vec<(String, u32)> = req.treatments.iter().map(|t| (t.code.clone(), t.quantity)).collect();
        let (package_price, package_original) = base_amounts(&package);
        let (total, total_original, base, base_original) =
            domain::package_cost(package_price, package_original, req.persons, &lines, &chosen).map_err(|(field, message)| {
                errors::invalid("invalid_configuration", format!("{field}: {message}"), &[(&field, &message)])
            })?;
        let money = |amount| Some(Money { amount, currency: domain::BASE_CURRENCY.to_owned() });
        Ok(Response::new(PackageCost {
            total_current: money(total),
            total_original: money(total_original),
            base_current: money(base),
            base_original: money(base_original),
        }))
    }
}
