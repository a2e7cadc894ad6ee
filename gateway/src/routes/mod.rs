//! One module per resource of `/shop-api`, each exporting `router()`.

use std::collections::HashMap;

use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use bytes::Bytes;
use serde::de::DeserializeOwned;

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::locale::LOCALES;

pub mod carts;
pub mod me;
pub mod newsletter;
pub mod offer;
pub mod packages;
pub mod products;
pub mod rooms;
pub mod taxons;

/// Every `/shop-api` route, merged.
pub fn router() -> axum::Router<AppState> {
    axum::Router::new()
        .merge(offer::router())
        .merge(products::router())
        .merge(taxons::router())
        .merge(packages::router())
        .merge(rooms::router())
        .merge(carts::router())
        .merge(me::router())
        .merge(newsletter::router())
}

/// The `channel` and `locale` every call carries (spec section 7). A missing
/// one takes the default; a wrong one is a 400 naming it.
pub fn shop_locale(query: &HashMap<String, String>, state: &AppState) -> ApiResult<String> {
    if let Some(channel) = query.get("channel")
        && *channel != state.config.channel
    {
        return Err(ApiError::field(
            "unknown_channel",
            "channel",
            format!("unknown channel; this shop's channel is {}", state.config.channel),
        ));
    }
    match query.get("locale").map(String::as_str) {
        None | Some("") => Ok(crate::locale::DEFAULT_LOCALE.to_owned()),
        Some(l) if LOCALES.contains(&l) => Ok(l.to_owned()),
        Some(_) => Err(ApiError::field("invalid_locale", "locale", "must be pl, de or en_GB")),
    }
}

/// An optional whole-number query parameter within `range`.
pub fn int_param(query: &HashMap<String, String>, name: &str, default: u32, range: std::ops::RangeInclusive<u32>) -> ApiResult<u32> {
    let Some(raw) = query.get(name) else { return Ok(default) };
    let value: u32 = raw.parse().map_err(|_| ApiError::field("invalid_parameter", name, "must be a whole number"))?;
    if !range.contains(&value) {
        return Err(ApiError::field("invalid_parameter", name, format!("must be between {} and {}", range.start(), range.end())));
    }
    Ok(value)
}

/// A required date query parameter, strictly `YYYY-MM-DD`, in its one
/// spelling (cache keys are built from it).
pub fn date_param(query: &HashMap<String, String>, name: &str, code: &str) -> ApiResult<String> {
    required_date(query.get(name).map(String::as_str), name, code)
}

/// A required date, strictly `YYYY-MM-DD`, or a 400 naming `field`.
pub fn required_date(raw: Option<&str>, field: &str, code: &str) -> ApiResult<String> {
    let raw = raw.filter(|v| !v.is_empty()).ok_or_else(|| ApiError::field(code, field, "is required (YYYY-MM-DD)"))?;
    spa_platform::dates::parse_ymd(raw).map(|d| d.to_string()).ok_or_else(|| ApiError::field(code, field, "must be a date YYYY-MM-DD"))
}

/// A JSON request body: `application/json`, within the body limit, no
/// control characters in any string, and every rejection our JSON error.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.split(';').next().unwrap_or_default().trim().to_ascii_lowercase());
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", "The request body is too large.")
            } else {
                ApiError::new(StatusCode::BAD_REQUEST, "invalid_body", "The request body could not be read.")
            }
        })?;
        // The spec's clients may send an empty body where every field is optional.
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(Self(T::default()));
        }
        if json_type.as_deref().is_some_and(|t| t != "application/json" && !t.ends_with("+json")) {
            return Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", "Send the body as application/json."));
        }
        let value: serde_json::Value = serde_json::from_slice(&bytes)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "invalid_body", format!("The body is not valid JSON: {e}")))?;
        if let Some(field) = crate::guard::control_character_field(&value) {
            return Err(ApiError::field("invalid_characters", &field, "must not contain control characters"));
        }
        serde_json::from_value(value)
            .map(Self)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "invalid_body", format!("The body does not fit this call: {e}")))
    }
}
