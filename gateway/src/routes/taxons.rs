//! `GET /shop-api/taxons/` (the whole tree) and `GET /shop-api/taxons/{code}`.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use serde_json::{Value, json};
use spa_proto::spa::catalog::v1::{ListTaxonsRequest, TaxonNode};

use super::shop_locale;
use crate::AppState;
use crate::error::{ApiError, ApiResult};

pub fn router() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/shop-api/taxons", get(tree))
        .route("/shop-api/taxons/", get(tree))
        .route("/shop-api/taxons/{code}", get(one))
}

fn node_json(n: &TaxonNode) -> Value {
    json!({"code": n.code, "name": n.name, "slug": n.slug, "position": n.position, "children": n.children.iter().map(node_json).collect::<Vec<_>>()})
}

async fn taxons(state: &AppState, root: String, query: &HashMap<String, String>) -> ApiResult<Vec<TaxonNode>> {
    let locale = shop_locale(query, state)?;
    Ok(state.clients.catalog.clone().list_taxons(ListTaxonsRequest { root, locale }).await?.into_inner().taxons)
}

async fn tree(State(state): State<AppState>, Query(query): Query<HashMap<String, String>>) -> ApiResult<Json<Value>> {
    let nodes = taxons(&state, String::new(), &query).await?;
    Ok(Json(Value::Array(nodes.iter().map(node_json).collect())))
}

async fn one(
    State(state): State<AppState>,
    Path(code): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let nodes = taxons(&state, code, &query).await?;
    nodes.first().map(|n| Json(node_json(n))).ok_or_else(|| ApiError::not_found("taxon"))
}
