//! The OpenAPI 3.1 document of `/shop-api`, generated from the handlers'
//! `#[utoipa::path]` and the request and answer types. `gateway/openapi.json`
//! is this document committed, for the web's generated types and for
//! readers; a test fails while it is stale (`make openapi` rewrites it).

use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use utoipa::OpenApi;

use crate::answers::NotModified;
use crate::error::{ErrorBody, ErrorCode, FieldError};
use crate::extract::Ymd;
use crate::i18n::Locale;
use crate::routes::offer::Sorting;
use crate::wire::OfferType;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Spa guesthouse shop API",
        version = "0.1.0",
        description = "The /shop-api REST surface that the web app calls. Amounts are integer minor units (grosze, cents); dates are YYYY-MM-DD unless stated. Every call takes the `channel` and `locale` query parameters. Errors are JSON {code, message, errors?}: `code` is one of ErrorCode, `message` and each field error's message are written in the request's locale.",
        license(name = "MIT", identifier = "MIT"),
    ),
    paths(document),
    // Types that only parameters name: the routers collect body types alone.
    components(schemas(ErrorBody, ErrorCode, FieldError, Locale, OfferType, Sorting, Ymd), responses(NotModified)),
    tags(
        (name = "catalog", description = "Listings, product pages, taxons, package prices"),
        (name = "rooms", description = "Room search and calendars"),
        (name = "cart", description = "The visitor's basket"),
        (name = "user", description = "The customer's account"),
        (name = "content", description = "Newsletter and pages"),
        (name = "staff", description = "The guesthouse's staff: orders and their bank transfers"),
        (name = "meta", description = "This document"),
    )
)]
struct ApiDoc;

/// The whole document: this module's parts and every routed operation.
pub fn build() -> utoipa::openapi::OpenApi {
    let (_, routed) = crate::routes::router().split_for_parts();
    let mut doc = ApiDoc::openapi();
    doc.merge(routed);
    doc
}

/// The document as served and committed: pretty JSON, one space indents.
pub fn json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| {
        let mut out = Vec::new();
        let formatter = serde_json::ser::PrettyFormatter::with_indent(b" ");
        let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
        serde::Serialize::serialize(&build(), &mut serializer).unwrap_or_default();
        out.push(b'\n');
        String::from_utf8(out).unwrap_or_default()
    })
}

/// This document
#[utoipa::path(get, path = "/shop-api/openapi.json", tag = "meta", responses((status = 200, description = "The OpenAPI document", content_type = "application/json")))]
pub async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], json())
}

#[cfg(test)]
mod tests {
    const COMMITTED: &str = include_str!("../openapi.json");

    /// `gateway/openapi.json` is what the code generates. `UPDATE_OPENAPI=1`
    /// rewrites it (as `make openapi` does).
    #[test]
    fn the_committed_document_is_current() {
        let generated = super::json();
        if std::env::var_os("UPDATE_OPENAPI").is_some() {
            std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json"), generated).unwrap();
            return;
        }
        assert!(generated == COMMITTED, "gateway/openapi.json is stale: run `make openapi` and commit the result");
    }

    /// Every cached answer documents its `ETag`, `Cache-Control` (with the
    /// values it sends), `Vary`, `If-None-Match` and 304; no other GET
    /// operation promises an `ETag`.
    #[test]
    fn cached_answers_document_their_caching() {
        let doc: serde_json::Value = serde_json::from_str(super::json()).unwrap();
        for (path, freshness) in crate::answers::DOCUMENTED {
            let get = &doc["paths"][path]["get"];
            let headers = &get["responses"]["200"]["headers"];
            for name in ["ETag", "Cache-Control", "Vary"] {
                assert!(headers[name].is_object(), "{path}: 200 without {name}");
            }
            let cache_control = headers["Cache-Control"]["description"].as_str().unwrap();
            for f in freshness {
                assert!(cache_control.contains(&format!("`{}`", f.cache_control())), "{path}: {cache_control}");
            }
            assert_eq!(get["responses"]["304"]["$ref"], "#/components/responses/NotModified", "{path}");
            let params = get["parameters"].as_array().unwrap();
            assert!(params.iter().any(|p| p["name"] == "If-None-Match" && p["in"] == "header"), "{path}");
        }
        for (path, item) in doc["paths"].as_object().unwrap() {
            if let Some(get) = item.get("get")
                && !crate::answers::DOCUMENTED.iter().any(|(p, _)| p == path)
            {
                assert!(get["responses"]["200"]["headers"]["ETag"].is_null(), "{path} is not a cached answer");
            }
        }
    }
}
