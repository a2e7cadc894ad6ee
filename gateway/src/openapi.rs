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
use crate::wire::OfferType;
use crate::wire::Sorting;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Spa guesthouse shop API",
        version = "0.1.0",
        description = "The /shop-api REST surface that the web app calls. Amounts are integer minor units (grosze, cents); dates are YYYY-MM-DD unless stated. Every call takes the `channel` and `locale` query parameters. Errors are JSON {code, message, errors?}: `code` is one of ErrorCode, `message` and each field error's message are written in the request's locale.",
        license(name = "MIT", identifier = "MIT"),
    ),
    // The feed lives outside /shop-api, routed by hand (crate::router).
    paths(document, crate::routes::channels::feed),
    // Types that only parameters name: the routers collect body types alone.
    components(schemas(ErrorBody, ErrorCode, FieldError, Locale, OfferType, Sorting, Ymd), responses(NotModified)),
    tags(
        (name = "catalog", description = "Listings, product pages, taxons, package prices"),
        (name = "rooms", description = "Room search and calendars"),
        (name = "cart", description = "The visitor's basket"),
        (name = "user", description = "The customer's account"),
        (name = "content", description = "Newsletter and pages"),
        (name = "staff", description = "The guesthouse's staff: orders, their money, changes, cancellations and e-mails, and the team"),
        (name = "front-desk", description = "The front desk (receptionists and administrators): the occupancy board, bookings, arrivals and departures"),
        (name = "back-office", description = "The guesthouse's administrators: rates, rules and units of each room type's nights"),
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

/// The channel the committed document names; a deployment with another
/// `CHANNEL_CODE` serves its own.
pub const DEFAULT_CHANNEL: &str = "web_pl";

/// The document as committed (for the default channel): pretty JSON, one
/// space indents.
pub fn json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| render(DEFAULT_CHANNEL))
}

/// The document for the shop's `channel`.
fn render(channel: &str) -> String {
    let mut doc = serde_json::to_value(build()).unwrap_or_default();
    tighten(&mut doc, channel);
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b" ");
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
    serde::Serialize::serialize(&doc, &mut serializer).unwrap_or_default();
    out.push(b'\n');
    String::from_utf8(out).unwrap_or_default()
}

/// No control characters (NUL, escapes, line breaks): the gateway refuses
/// them in every query value, path segment and JSON string
/// (`invalid_characters`).
const NO_CONTROL: &str = "^[^\\u0000-\\u001F\\u007F-\\u009F]*$";

/// States once, for the whole document, what the gateway checks of every
/// request whatever its type: `channel` is the shop's one channel; no string
/// of a parameter or a request body holds a control character, and no
/// request body carries a property it does not name.
fn tighten(doc: &mut serde_json::Value, channel: &str) {
    use serde_json::{Value, json};
    fn plain_string(schema: &Value) -> bool {
        let string = match &schema["type"] {
            Value::String(t) => t == "string",
            Value::Array(types) => types.iter().any(|t| t == "string"),
            _ => false,
        };
        string && schema.get("enum").is_none() && schema.get("format").is_none() && schema.get("pattern").is_none()
    }
    fn strings(schema: &mut Value) {
        if plain_string(schema) {
            schema["pattern"] = Value::String(NO_CONTROL.to_owned());
        }
        // Whole numbers within what the gateway reads them into.
        let integer = schema["type"] == "integer" || schema["type"].as_array().is_some_and(|t| t.iter().any(|t| t == "integer"));
        if integer {
            let (min, max): (i64, u64) = match (schema["format"].as_str(), schema["minimum"].as_i64()) {
                (Some("int32"), Some(0)) => (0, u64::from(u32::MAX)),
                (Some("int32"), _) => (i64::from(i32::MIN), i32::MAX as u64),
                (Some("int64"), Some(0)) => (0, i64::MAX as u64),
                _ => (i64::MIN, i64::MAX as u64),
            };
            if schema.get("minimum").is_none() {
                schema["minimum"] = json!(min);
            }
            if schema.get("maximum").is_none() {
                schema["maximum"] = json!(max);
            }
        }
        if let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) {
            for p in props.values_mut() {
                strings(p);
            }
        }
        for key in ["items", "additionalProperties"] {
            if let Some(inner) = schema.get_mut(key).filter(|v| v.is_object()) {
                strings(inner);
            }
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            if let Some(list) = schema.get_mut(key).and_then(Value::as_array_mut) {
                list.iter_mut().for_each(strings);
            }
        }
        if schema["type"] == "object" && schema.get("additionalProperties").is_none() && schema.get("properties").is_some() {
            schema["additionalProperties"] = Value::Bool(false);
        }
    }
    fn refs(v: &Value, out: &mut std::collections::BTreeSet<String>) {
        match v {
            Value::Object(map) => map.iter().for_each(|(k, v)| match (k.as_str(), v) {
                ("$ref", Value::String(r)) => {
                    out.insert(r.rsplit('/').next().unwrap_or_default().to_owned());
                }
                _ => refs(v, out),
            }),
            Value::Array(list) => list.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    // The request bodies' schemas, and every schema they name.
    let mut request = std::collections::BTreeSet::new();
    if let Some(paths) = doc["paths"].as_object_mut() {
        for item in paths.values_mut().filter_map(Value::as_object_mut) {
            for op in item.values_mut().filter_map(Value::as_object_mut) {
                if let Some(body) = op.get_mut("requestBody") {
                    refs(body, &mut request);
                    if let Some(content) = body.get_mut("content").and_then(Value::as_object_mut) {
                        content.values_mut().for_each(|media| strings(&mut media["schema"]));
                    }
                }
                for param in op.get_mut("parameters").and_then(Value::as_array_mut).into_iter().flatten() {
                    if param["name"] == "channel" && param["in"] == "query" {
                        param["schema"] = json!({"type": "string", "enum": [channel]});
                    }
                    // Headers are read where they matter, and declare their own pattern.
                    if param["in"] != "header" {
                        strings(&mut param["schema"]);
                    }
                }
                // Whatever takes input may break a rule no schema can state.
                if let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut)
                    && responses.contains_key("400")
                    && !responses.contains_key("422")
                {
                    responses.insert("422".to_owned(), json!({
                        "description": "Well-formed, but against a rule the document cannot state (dates from today, check-out after check-in, a checksum, a room's capacity, a package's make-up): `code` names it, `errors` its fields",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
                    }));
                }
            }
        }
    }
    let schemas = &mut doc["components"]["schemas"];
    loop {
        let mut more = request.clone();
        for name in &request {
            refs(&schemas[name.as_str()], &mut more);
        }
        if more.len() == request.len() {
            break;
        }
        request = more;
    }
    for name in &request {
        let schema = &mut schemas[name.as_str()];
        strings(schema);
        // The spec's bodies name the channel too (a new basket's).
        if let Some(c) = schema.get_mut("properties").and_then(|p| p.get_mut("channel")) {
            *c = json!({"type": ["string", "null"], "enum": [channel, null]});
        }
    }
}

/// This document
#[utoipa::path(get, path = "/shop-api/openapi.json", tag = "meta", responses((status = 200, description = "The OpenAPI document", content_type = "application/json")))]
pub async fn document(axum::extract::State(state): axum::extract::State<crate::AppState>) -> impl IntoResponse {
    static SERVED: OnceLock<String> = OnceLock::new();
    let body = if state.config.channel == DEFAULT_CHANNEL { json() } else { SERVED.get_or_init(|| render(&state.config.channel)).as_str() };
    ([(header::CONTENT_TYPE, "application/json")], body)
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
