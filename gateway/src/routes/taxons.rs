//! `GET /shop-api/taxons/` (the whole tree) and `GET /shop-api/taxons/{code}`.

use axum::extract::{Path, State};
use axum::response::Response;
use spa_platform::grpc::fresh;
use spa_proto::spa::catalog::v1::{ListTaxonsRequest, TaxonNode};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::answers::{self, Answer, Body, Conditional, ConditionalParams, NotModified};
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{Shop, ShopParams};
use crate::wire::Taxon;

pub fn router() -> OpenApiRouter<AppState> {
    // The spec calls the tree with a trailing slash; both spellings answer.
    OpenApiRouter::new().routes(routes!(tree)).route("/shop-api/taxons", axum::routing::get(tree)).routes(routes!(one))
}

async fn taxons(state: &AppState, root: String, shop: Shop) -> ApiResult<Vec<TaxonNode>> {
    let request = ListTaxonsRequest { root, locale: shop.code().to_owned() };
    Ok(state.clients.catalog.clone().list_taxons(fresh(request)).await?.into_inner().taxons)
}

/// The taxon tree
#[utoipa::path(
    get,
    path = "/shop-api/taxons/",
    tag = "catalog",
    params(ShopParams, ConditionalParams),
    responses(
        (status = 200, description = "The root taxons with their children", body = Vec<Taxon>, headers(
            ("ETag" = String, description = "Strong tag of the body; `-gzip` marks the gzipped copy"),
            ("Cache-Control" = String, description = "`public, max-age=60, stale-while-revalidate=300`"),
            ("Vary" = String, description = "`accept-encoding`"),
        )),
        (status = 304, response = NotModified),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn tree(State(state): State<AppState>, shop: Shop, client: Conditional) -> ApiResult<Response> {
    answers::serve(&state, &client, Answer::TaxonTree { locale: shop.locale }, || async {
        let nodes = taxons(&state, String::new(), shop).await?;
        Ok(Body::json(&nodes.iter().map(Taxon::of).collect::<Vec<_>>()))
    })
    .await
}

/// One taxon with its children
#[utoipa::path(
    get,
    path = "/shop-api/taxons/{code}",
    tag = "catalog",
    params(("code" = String, Path, description = "The taxon's code", example = "treatments"), ShopParams, ConditionalParams),
    responses(
        (status = 200, description = "The taxon", body = Taxon, headers(
            ("ETag" = String, description = "Strong tag of the body; `-gzip` marks the gzipped copy"),
            ("Cache-Control" = String, description = "`public, max-age=60, stale-while-revalidate=300`"),
            ("Vary" = String, description = "`accept-encoding`"),
        )),
        (status = 304, response = NotModified),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such taxon", body = ErrorBody),
        (status = 503, description = "The catalog is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn one(State(state): State<AppState>, shop: Shop, client: Conditional, Path(code): Path<String>) -> ApiResult<Response> {
    answers::serve(&state, &client, Answer::Taxon { code: &code, locale: shop.locale }, || async {
        let nodes = taxons(&state, code.clone(), shop).await?;
        nodes.first().map(|n| Body::json(&Taxon::of(n))).ok_or_else(|| ApiError::not_found(ErrorCode::TaxonNotFound))
    })
    .await
}
