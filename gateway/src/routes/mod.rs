//! One module per resource of `/shop-api`, each exporting `router()`.

use std::collections::HashMap;

use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
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

/// A JSON body whose rejection is our JSON error, not axum's plain text.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(Self(v)),
            Err(rejection) => Err(ApiError::new(StatusCode::BAD_REQUEST, "invalid_body", rejection.body_text())),
        }
    }
}
