//! The OpenAPI 3.1 document of `/shop-api`, kept beside the code in
//! `gateway/openapi.json`; a test checks that every documented operation is
//! routed and every route is documented.

use axum::http::header;
use axum::response::IntoResponse;

pub const DOCUMENT: &str = include_str!("../openapi.json");

pub async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT)
}
