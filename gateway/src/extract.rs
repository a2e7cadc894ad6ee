//! The typed inputs of `/shop-api`: [`Shop`] (the `channel` and `locale`
//! every call carries), [`ApiQuery`] and [`JsonBody`]. Each request type
//! deserializes strictly and checks its own rules in [`Validate`], so a bad
//! value is a 400 naming the field wherever the type is used.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use bytes::Bytes;
use chrono::NaiveDate;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::i18n::Locale;

/// The rules of a request type beyond its shape.
pub trait Validate {
    fn validate(&self) -> ApiResult<()> {
        Ok(())
    }

    /// The code of an answer to a value of the wrong shape in `field`.
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidParameter
    }
}

/// A product's, room's, package's or taxon's code as the catalog makes
/// them: letters, digits, `_`, `-` and `.`.
pub const CODE_PATTERN: &str = "^[A-Za-z0-9_.-]{1,64}$";

/// Whether `code` matches [`CODE_PATTERN`].
pub fn is_code(code: &str) -> bool {
    (1..=64).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

/// The script marker of every cookie-authenticated change: a page of
/// another site cannot send it without asking first (no preflight).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct ScriptMarker {
    /// Always `XMLHttpRequest`.
    #[serde(rename = "X-Requested-With")]
    #[param(pattern = "^XMLHttpRequest$", example = "XMLHttpRequest")]
    pub x_requested_with: String,
}

/// The spec's `channel` and `locale` query parameters, as documented.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ShopParams {
    /// The shop's sales channel; the only one is `web_pl`.
    #[param(example = "web_pl")]
    pub channel: Option<String>,
    /// The language of names, descriptions and messages; Polish by default.
    pub locale: Option<Locale>,
}

/// The channel and locale of a call. A missing one takes the default; a
/// wrong one is a 400 naming it.
#[derive(Debug, Clone, Copy)]
pub struct Shop {
    pub locale: Locale,
}

impl Shop {
    pub fn check(state: &AppState, channel: Option<&str>, locale: Option<&str>) -> ApiResult<Self> {
        if let Some(channel) = channel
            && channel != state.config.channel
        {
            return Err(ApiError::field(ErrorCode::UnknownChannel, "channel"));
        }
        let locale = match locale {
            None => Locale::default(),
            Some(code) => Locale::parse(code).ok_or_else(|| ApiError::field(ErrorCode::InvalidLocale, "locale"))?,
        };
        Ok(Self { locale })
    }

    pub fn code(&self) -> &'static str {
        self.locale.code()
    }
}

impl FromRequestParts<AppState> for Shop {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let (mut channel, mut locale) = (None, None);
        for (k, v) in form_urlencoded::parse(parts.uri.query().unwrap_or_default().as_bytes()) {
            match &*k {
                "channel" => channel = Some(v.into_owned()),
                "locale" => locale = Some(v.into_owned()),
                _ => {}
            }
        }
        Self::check(state, channel.as_deref(), locale.as_deref())
    }
}

/// The field a serde error is about: the path where it happened, or the
/// name in a "missing field" message.
fn failed_field<E: std::fmt::Display>(error: &serde_path_to_error::Error<E>) -> String {
    let path = error.path().to_string();
    let message = error.inner().to_string();
    if let Some(unknown) = message.strip_prefix("unknown field `").and_then(|rest| rest.split('`').next()) {
        // The path names the unknown field already, below its object.
        return if path.is_empty() || path == "." { unknown.to_owned() } else { path };
    }
    let missing = message.strip_prefix("missing field `").and_then(|rest| rest.split('`').next());
    match (path.as_str(), missing) {
        (".", Some(name)) | ("", Some(name)) => name.to_owned(),
        (path, Some(name)) => format!("{path}.{name}"),
        (path, None) => path.to_owned(),
    }
}

/// Query keys in bracket form (`taxon[]`, `taxon[0]`) name the plain key.
fn plain_keys(query: &str) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        let key = match k.find('[') {
            Some(i) if k.ends_with(']') && k[i + 1..k.len() - 1].bytes().all(|b| b.is_ascii_digit()) => &k[..i],
            _ => &k,
        };
        out.append_pair(key, &v);
    }
    out.finish()
}

/// A typed query. Unknown parameters are ignored (the spec's clients send
/// more than each call reads); known ones must fit their type and rules.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned + Validate + Send, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = plain_keys(parts.uri.query().unwrap_or_default());
        let deserializer = serde_html_form::Deserializer::from_bytes(query.as_bytes());
        let value: T = serde_path_to_error::deserialize(deserializer).map_err(|e| {
            let field = failed_field(&e);
            ApiError::malformed(T::error_code(&field), &field)
        })?;
        value.validate()?;
        Ok(Self(value))
    }
}

/// A JSON request body: `application/json`, within the body limit, no
/// control characters in any string, of the call's type and rules.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Default + Validate> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.split(';').next().unwrap_or_default().trim().to_ascii_lowercase());
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::PayloadTooLarge)
            } else {
                ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidBody)
            }
        })?;
        // The spec's clients may send an empty body where every field is optional.
        let value = if bytes.iter().all(u8::is_ascii_whitespace) {
            T::default()
        } else {
            // A body must say it is JSON: one without a type is what a page
            // of another site can send without asking first (no preflight).
            if !json_type.as_deref().is_some_and(|t| t == "application/json" || t.ends_with("+json")) {
                return Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, ErrorCode::UnsupportedMediaType));
            }
            let value: serde_json::Value =
                serde_json::from_slice(&bytes).map_err(|_| ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidBody))?;
            if let Some(field) = crate::guard::control_character_field(&value) {
                return Err(ApiError::field(ErrorCode::InvalidCharacters, &field));
            }
            let value = whole_numbers(value);
            serde_path_to_error::deserialize(value).map_err(|e| {
                let field = failed_field(&e);
                // A body of the wrong shape is `invalid_body` unless its type
                // names a more precise code.
                let code = match T::error_code(&field) {
                    ErrorCode::InvalidParameter => ErrorCode::InvalidBody,
                    code => code,
                };
                ApiError::malformed(code, &field)
            })?
        };
        value.validate()?;
        Ok(Self(value))
    }
}

/// JSON's `2.0` is the integer 2 (as JSON Schema's `integer` says): such
/// numbers are read as whole numbers wherever a field takes one.
fn whole_numbers(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Number(n) if n.is_f64() => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => Value::from(f as i64),
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(whole_numbers).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, whole_numbers(v))).collect()),
        other => other,
    }
}

/// A calendar date, strictly `YYYY-MM-DD` (a real day, four-digit year).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, ToSchema)]
#[schema(value_type = String, format = Date, example = "2026-12-24")]
pub struct Ymd(pub NaiveDate);

impl<'de> Deserialize<'de> for Ymd {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        spa_platform::dates::parse_ymd(&raw).map(Ymd).ok_or_else(|| serde::de::Error::custom("must be a date YYYY-MM-DD"))
    }
}

impl std::fmt::Display for Ymd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.format("%Y-%m-%d").fmt(f)
    }
}

/// A whole number within `range` (which the document states), or a 400
/// naming `field`.
pub fn within<N: PartialOrd>(value: N, range: std::ops::RangeInclusive<N>, code: ErrorCode, field: &str) -> ApiResult<()> {
    if range.contains(&value) { Ok(()) } else { Err(ApiError::malformed(code, field)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, Default)]
    struct Q {
        #[serde(default)]
        taxon: Vec<String>,
        limit: Option<u32>,
        from: Option<Ymd>,
    }
    impl Validate for Q {}

    fn parse(query: &str) -> Result<Q, String> {
        let query = plain_keys(query);
        serde_path_to_error::deserialize(serde_html_form::Deserializer::from_bytes(query.as_bytes())).map_err(|e| failed_field(&e))
    }

    #[test]
    fn bracket_forms_and_repeats_collect() {
        let q = parse("taxon[]=a&taxon[0]=b&taxon=c&limit=5&other=1").unwrap();
        assert_eq!(q.taxon, ["a", "b", "c"]);
        assert_eq!(q.limit, Some(5));
    }

    #[test]
    fn a_bad_value_names_its_field() {
        assert_eq!(parse("limit=abc").unwrap_err(), "limit");
        assert_eq!(parse("from=2026-02-30").unwrap_err(), "from");
        assert_eq!(parse("from=2026-2-3").unwrap_err(), "from");
        assert_eq!(parse("from=2026-02-03").unwrap().from.unwrap().to_string(), "2026-02-03");
    }
}
