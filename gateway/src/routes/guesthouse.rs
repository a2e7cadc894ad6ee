//! The guesthouse's details: name, address, phones, the reception and the
//! office with their hours, the position on the map. The content service
//! owns them and their rules; administrators set them in every language
//! (`/shop-api/backend/settings/guesthouse`), the contact page reads them in
//! the visitor's (`/shop-api/guesthouse`, a text missing in a language
//! shown in Polish).

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_proto::spa::content::v1 as content;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::i18n::Locale;
use crate::session::{Script, Staff};
use crate::wire::order::rfc3339;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(guesthouse)).routes(routes!(guesthouse_settings, set_guesthouse_settings))
}

/// A text in each language; an empty one is shown in Polish.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Texts {
    pub pl: String,
    #[serde(default)]
    pub de: String,
    #[serde(default, rename = "en_GB")]
    pub en_gb: String,
}

impl Texts {
    fn of(m: Option<content::Texts>) -> Self {
        m.map(|t| Self { pl: t.pl, de: t.de, en_gb: t.en_gb }).unwrap_or_default()
    }

    fn message(self) -> Option<content::Texts> {
        Some(content::Texts { pl: self.pl, de: self.de, en_gb: self.en_gb })
    }
}

/// The text in `locale`, else in Polish.
pub fn shown(texts: Option<content::Texts>, locale: Locale) -> String {
    let t = texts.unwrap_or_default();
    let text = match locale {
        Locale::Pl => t.pl.clone(),
        Locale::De => t.de,
        Locale::EnGb => t.en_gb,
    };
    if text.trim().is_empty() { t.pl } else { text }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PhoneSettings {
    /// E.g. "Reception"; Polish required, at most 40 characters.
    pub label: Texts,
    /// As shown: at least 7 characters, digits with a leading `+`, spaces, `-`, `(`, `)`, `.` or `/`.
    #[schema(example = "+48 95 757 20 10")]
    pub number: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HoursSettings {
    /// E.g. "Monday to Friday"; Polish required.
    pub days: Texts,
    /// `HH:MM`, local time.
    #[schema(example = "08:00")]
    pub from: String,
    /// `HH:MM`, after `from`.
    #[schema(example = "16:00")]
    pub to: String,
}

/// The reception or the office.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeskSettings {
    /// Where it is; may be empty.
    #[serde(default)]
    pub place: Texts,
    /// "" when none.
    #[serde(default)]
    pub phone: String,
    /// "" when none (the reception's is required).
    #[serde(default)]
    pub email: String,
    /// At most 7 lines.
    #[serde(default)]
    pub hours: Vec<HoursSettings>,
    /// E.g. check-in and check-out times; may be empty.
    #[serde(default)]
    pub note: Texts,
}

impl DeskSettings {
    fn of(m: Option<content::Desk>) -> Self {
        let m = m.unwrap_or_default();
        Self {
            place: Texts::of(m.place),
            phone: m.phone,
            email: m.email,
            hours: m.hours.into_iter().map(|h| HoursSettings { days: Texts::of(h.days), from: h.from, to: h.to }).collect(),
            note: Texts::of(m.note),
        }
    }

    fn message(self) -> Option<content::Desk> {
        Some(content::Desk {
            place: self.place.message(),
            phone: self.phone,
            email: self.email,
            hours: self.hours.into_iter().map(|h| content::OpeningHours { days: h.days.message(), from: h.from, to: h.to }).collect(),
            note: self.note.message(),
        })
    }
}

/// The guesthouse's details as an administrator sets them, all at once.
/// Each broken rule is a 422 `invalid_settings` naming its field
/// (`phones[1].number`, `reception.hours[0].to`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GuesthouseDetails {
    /// At most 120 characters.
    #[schema(example = "Pensjonat Spa & Wellness")]
    pub name: String,
    pub street: String,
    pub postcode: String,
    pub city: String,
    pub country: Texts,
    /// At most 6.
    pub phones: Vec<PhoneSettings>,
    pub reception: DeskSettings,
    pub office: DeskSettings,
    /// Where the maps are centred.
    #[schema(minimum = -90, maximum = 90, example = 52.46)]
    pub latitude: f64,
    #[schema(minimum = -180, maximum = 180, example = 14.86)]
    pub longitude: f64,
}

impl Validate for GuesthouseDetails {}

impl GuesthouseDetails {
    fn of(m: content::Guesthouse) -> Self {
        Self {
            name: m.name,
            street: m.street,
            postcode: m.postcode,
            city: m.city,
            country: Texts::of(m.country),
            phones: m.phones.into_iter().map(|p| PhoneSettings { label: Texts::of(p.label), number: p.number }).collect(),
            reception: DeskSettings::of(m.reception),
            office: DeskSettings::of(m.office),
            latitude: m.latitude,
            longitude: m.longitude,
        }
    }

    fn message(self) -> content::Guesthouse {
        content::Guesthouse {
            name: self.name,
            street: self.street,
            postcode: self.postcode,
            city: self.city,
            country: self.country.message(),
            phones: self.phones.into_iter().map(|p| content::GuesthousePhone { label: p.label.message(), number: p.number }).collect(),
            reception: self.reception.message(),
            office: self.office.message(),
            latitude: self.latitude,
            longitude: self.longitude,
            ..Default::default()
        }
    }
}

/// The guesthouse's details in every language, with who changed them last.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuesthouseSettings {
    pub details: GuesthouseDetails,
    /// RFC 3339; null while the first values (the demo guesthouse's) hold.
    #[schema(required = true)]
    pub updated_at: Option<String>,
    /// The administrator who changed them last; "" before.
    pub updated_by: String,
}

impl GuesthouseSettings {
    fn of(m: content::Guesthouse) -> Self {
        let (updated_at, updated_by) = (rfc3339(m.updated_at_ms), m.updated_by.clone());
        Self { details: GuesthouseDetails::of(m), updated_at, updated_by }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Phone {
    pub label: String,
    pub number: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Hours {
    pub days: String,
    pub from: String,
    pub to: String,
}

/// The reception or the office, in the visitor's language; empty texts are left out by the page.
#[derive(Debug, Serialize, ToSchema)]
pub struct Desk {
    pub place: String,
    pub phone: String,
    pub email: String,
    pub hours: Vec<Hours>,
    pub note: String,
}

impl Desk {
    fn of(m: Option<content::Desk>, locale: Locale) -> Self {
        let m = m.unwrap_or_default();
        Self {
            place: shown(m.place, locale),
            phone: m.phone,
            email: m.email,
            hours: m.hours.into_iter().map(|h| Hours { days: shown(h.days, locale), from: h.from, to: h.to }).collect(),
            note: shown(m.note, locale),
        }
    }
}

/// The guesthouse as a visitor's contact page shows it, in the request's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct Guesthouse {
    pub name: String,
    pub street: String,
    pub postcode: String,
    pub city: String,
    pub country: String,
    pub phones: Vec<Phone>,
    pub reception: Desk,
    pub office: Desk,
    pub latitude: f64,
    pub longitude: f64,
}

impl Guesthouse {
    fn of(m: content::Guesthouse, locale: Locale) -> Self {
        Self {
            name: m.name,
            street: m.street,
            postcode: m.postcode,
            city: m.city,
            country: shown(m.country, locale),
            phones: m.phones.into_iter().map(|p| Phone { label: shown(p.label, locale), number: p.number }).collect(),
            reception: Desk::of(m.reception, locale),
            office: Desk::of(m.office, locale),
            latitude: m.latitude,
            longitude: m.longitude,
        }
    }
}

/// The guesthouse's address, phones, desks and position
///
/// For the contact page, in the request's language (a text missing in it
/// in Polish). An administrator's change shows at the next request.
#[utoipa::path(
    get,
    path = "/shop-api/guesthouse",
    tag = "content",
    params(ShopParams),
    responses(
        (status = 200, description = "The guesthouse", body = Guesthouse,
            headers(("Cache-Control" = String, description = "`no-cache`: a change shows at once"))),
        (status = 400, description = "A malformed shop parameter (`locale`, `channel`), named", body = ErrorBody),
        (status = 503, description = "The content service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn guesthouse(State(state): State<AppState>, shop: Shop) -> ApiResult<Response> {
    let m = state.clients.content.clone().get_guesthouse(content::GetGuesthouseRequest {}).await?.into_inner();
    Ok(([(header::CACHE_CONTROL, "no-cache")], Json(Guesthouse::of(m, shop.locale))).into_response())
}

/// The guesthouse's details
///
/// For administrators: every language of every text, and who changed them last.
#[utoipa::path(
    get,
    path = "/shop-api/backend/settings/guesthouse",
    tag = "back-office",
    params(ShopParams),
    responses(
        (status = 200, description = "The details", body = GuesthouseSettings),
        (status = 400, description = "A malformed shop parameter (`locale`, `channel`), named", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn guesthouse_settings(State(state): State<AppState>, _shop: Shop, _admin: Staff) -> ApiResult<Json<GuesthouseSettings>> {
    let m = state.clients.content.clone().get_guesthouse(content::GetGuesthouseRequest {}).await?.into_inner();
    Ok(Json(GuesthouseSettings::of(m)))
}

/// Set the guesthouse's details
///
/// For administrators: all of them at once; the contact page shows them at
/// its next request. Every change is kept with who made it.
#[utoipa::path(
    put,
    path = "/shop-api/backend/settings/guesthouse",
    tag = "back-office",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = GuesthouseDetails,
    responses(
        (status = 200, description = "The details as they are now", body = GuesthouseSettings),
        (status = 400, description = "A malformed body (a missing field, named), or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 422, description = "A broken rule (`invalid_settings`, naming each field: `name`, `phones[1].number`, `reception.hours[0].to`, `latitude`...)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn set_guesthouse_settings(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    JsonBody(body): JsonBody<GuesthouseDetails>,
) -> ApiResult<Json<GuesthouseSettings>> {
    let request = content::SetGuesthouseRequest { guesthouse: Some(body.message()), staff: admin.email };
    let m = state.clients.content.clone().set_guesthouse(request).await?.into_inner();
    Ok(Json(GuesthouseSettings::of(m)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_missing_in_a_language_is_shown_in_polish() {
        let texts = || Some(content::Texts { pl: "Recepcja".into(), de: " ".into(), en_gb: "Reception".into() });
        assert_eq!(shown(texts(), Locale::De), "Recepcja");
        assert_eq!(shown(texts(), Locale::EnGb), "Reception");
        assert_eq!(shown(None, Locale::EnGb), "");
    }
}
