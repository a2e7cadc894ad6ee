//! Every public GET answer the gateway caches, declared in one place: what
//! each is keyed by, how long it is kept, which events drop it and what
//! browsers and CDNs are told about it.
//!
//! | answer | route | depends on | kept | `Cache-Control` |
//! |---|---|---|---|---|
//! | [`Answer::Listing`] | `GET /shop-api/offer/{type}` | catalog; rooms: tonight | 10 min; rooms 1 min | catalog; rooms: availability |
//! | [`Answer::Product`] | `GET /shop-api/products/{code}`, `/products/by-slug/{slug}` | catalog, tonight | 10 min | catalog; rooms: availability |
//! | [`Answer::Related`] | `GET /shop-api/products/{code}/associations/{type}` | catalog | 10 min | catalog |
//! | [`Answer::TaxonTree`], [`Answer::Taxon`] | `GET /shop-api/taxons/`, `/taxons/{code}` | catalog | 10 min | catalog |
//! | [`Answer::RoomSearch`] | `GET /shop-api/rooms/search` | catalog, the stay's nights | 1 min | availability |
//! | [`Answer::RoomCalendar`] | `GET /shop-api/rooms/availability` | the calendar's nights | 1 min | availability |
//! | [`Answer::RoomPartial`] | `GET /{locale}/_partial/rooms/{code}` (HTML) | catalog | 10 min | catalog |
//! | [`Answer::ChannelFeed`] | `GET /ical/{token}.ics` (iCalendar) | the nights from today to the horizon | 10 min | availability |
//!
//! "catalog" is the generation that `catalog.product.changed` bumps;
//! "nights" are the per-night counters that `rooms.availability.changed`
//! moves for its `[from, to)` only ([`crate::generations`]); "tonight" is
//! today's night, for the rooms left that room items and room pages show (a
//! product page's key cannot know whether the product is a room, so every
//! product page depends on tonight). `Cache-Control` is
//! [`Freshness::Catalog`] (`public, max-age=60, stale-while-revalidate=300`)
//! or [`Freshness::Availability`] (`public, max-age=10`).
//!
//! A key holds parsed and validated values only (defaults filled in, unknown
//! query parameters ignored), so no two spellings of one request are stored
//! twice and a made-up parameter cannot fill the cache. Free text (codes,
//! slugs, taxons) is percent-encoded into the key; text longer than
//! [`MAX_KEY_TEXT`] is served without the cache.
//!
//! [`serve`] answers from the cache or builds, stores and answers: the body
//! is kept gzipped with its `ETag` (XXH3-128 of the JSON or HTML), sent as
//! it is to clients that take gzip and inflated for the others, and
//! `If-None-Match` with a current tag is answered 304 without a body. Only
//! successful answers are cached; errors are built every time and leave
//! with `Cache-Control: no-store` ([`crate::guard::security_headers`]).

use std::convert::Infallible;
use std::fmt::Write;
use std::future::Future;
use std::time::Duration;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use chrono::NaiveDate;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde::Serialize;
use spa_proto::spa::catalog::v1::ListOffersRequest;
use spa_proto::spa::rooms::v1::Guests;
use utoipa::IntoParams;

use crate::AppState;
use crate::error::ApiResult;
use crate::extract::Ymd;
use crate::generations::Generations;
use crate::gzip;
use crate::i18n::Locale;
use crate::wire::OfferType;

/// How fresh a browser or a CDN must keep an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Freshness {
    /// Changes only with the catalog, rarely: fresh for a minute, and a
    /// stale copy may be shown for five more while it is fetched again.
    Catalog,
    /// Shows what is free: fresh for ten seconds (the server's own copy
    /// changes with every booking of its nights).
    Availability,
}

impl Freshness {
    pub const fn cache_control(self) -> &'static str {
        match self {
            Freshness::Catalog => "public, max-age=60, stale-while-revalidate=300",
            Freshness::Availability => "public, max-age=10",
        }
    }

    fn code(self) -> u8 {
        match self {
            Freshness::Catalog => b'c',
            Freshness::Availability => b'a',
        }
    }

    fn of_code(code: u8) -> Option<Self> {
        match code {
            b'c' => Some(Freshness::Catalog),
            b'a' => Some(Freshness::Availability),
            _ => None,
        }
    }
}

/// The `/shop-api` operations that send [`Answer`]s, with the
/// `Cache-Control` each can carry; the OpenAPI document must say so (the
/// room popup is a page fragment, outside the document).
pub const DOCUMENTED: [(&str, &[Freshness]); 9] = [
    ("/shop-api/offer/{type}", &[Freshness::Catalog, Freshness::Availability]),
    ("/shop-api/products/{code}", &[Freshness::Catalog, Freshness::Availability]),
    ("/shop-api/products/by-slug/{slug}", &[Freshness::Catalog, Freshness::Availability]),
    ("/shop-api/products/{code}/associations/{type}", &[Freshness::Catalog]),
    ("/shop-api/taxons/", &[Freshness::Catalog]),
    ("/shop-api/taxons/{code}", &[Freshness::Catalog]),
    ("/shop-api/rooms/search", &[Freshness::Availability]),
    ("/shop-api/rooms/availability", &[Freshness::Availability]),
    ("/ical/{token}.ics", &[Freshness::Availability]),
];

/// How long the gateway keeps an answer that only the catalog changes; its
/// events drop it sooner.
pub const CATALOG_TTL: Duration = Duration::from_secs(600);
/// How long the gateway keeps an answer that shows what is free. Its nights'
/// events drop it sooner; the short life bounds the moment when the gateway
/// has seen an event and the rooms service not yet, and its answer is built
/// from the rooms service's older copy.
pub const AVAILABILITY_TTL: Duration = Duration::from_secs(60);

/// Longest free text (a code, a slug, a taxon) that goes into a key.
pub const MAX_KEY_TEXT: usize = 200;

/// Bytes of free text that are kept as they are in a key; everything else,
/// `:` and `,` above all, is percent-encoded.
const KEY_TEXT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.');

/// A product page's key.
#[derive(Clone, Copy, Debug)]
pub enum ProductKey<'a> {
    Code(&'a str),
    Slug(&'a str),
}

/// A cacheable answer and the parsed request it answers.
#[derive(Clone, Copy, Debug)]
pub enum Answer<'a> {
    /// A page of offers of one type, for the request sent to the catalog.
    Listing { kind: OfferType, locale: Locale, request: &'a ListOffersRequest, tonight: NaiveDate },
    /// A product page by code or slug; a room's shows its rooms left tonight.
    Product { by: ProductKey<'a>, locale: Locale, tonight: NaiveDate },
    /// Products associated with one.
    Related { code: &'a str, association: &'a str, locale: Locale },
    /// The whole taxon tree.
    TaxonTree { locale: Locale },
    /// One taxon with its children.
    Taxon { code: &'a str, locale: Locale },
    /// Room types free for the nights `[from, to)`.
    RoomSearch { from: Ymd, to: Ymd, guests: Guests, locale: Locale },
    /// A room type's calendar of the nights `[from, to)`.
    RoomCalendar { room: &'a str, from: Ymd, to: Ymd, guests: Guests },
    /// The room popup's HTML fragment.
    RoomPartial { code: &'a str, locale: Locale },
    /// A booking portal's export feed (iCalendar) of the nights from `today`
    /// to the horizon; a channel's change announces its room type's nights,
    /// so a revoked token's answer goes with them.
    ChannelFeed { token: &'a str, today: NaiveDate },
}

/// The nights a channel's feed shows (the rooms service's `HORIZON_DAYS`, and one more).
const FEED_NIGHTS: u64 = 366;

/// What an answer's key must follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depends {
    /// `catalog.product.changed`.
    pub catalog: bool,
    /// `rooms.availability.changed` touching one of the nights `[from, to)`.
    pub nights: Option<(NaiveDate, NaiveDate)>,
}

fn one_night(night: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    Some((night, night.succ_opt()?))
}

impl Answer<'_> {
    /// The first part of its key and its label in metrics.
    pub fn name(&self) -> &'static str {
        match self {
            Answer::Listing { .. } => "offers",
            Answer::Product { .. } => "product",
            Answer::Related { .. } => "related",
            Answer::TaxonTree { .. } => "taxons",
            Answer::Taxon { .. } => "taxon",
            Answer::RoomSearch { .. } => "search",
            Answer::RoomCalendar { .. } => "calendar",
            Answer::RoomPartial { .. } => "room-partial",
            Answer::ChannelFeed { .. } => "ical",
        }
    }

    /// What the answer is built from, beyond its request.
    pub fn depends(&self) -> Depends {
        let catalog = |nights| Depends { catalog: true, nights };
        match *self {
            Answer::Listing { kind: OfferType::Room, tonight, .. } => catalog(one_night(tonight)),
            Answer::Product { tonight, .. } => catalog(one_night(tonight)),
            Answer::Listing { .. } | Answer::Related { .. } | Answer::TaxonTree { .. } | Answer::Taxon { .. } => catalog(None),
            Answer::RoomPartial { .. } => catalog(None),
            // Room names, pictures and ratings come from the catalog.
            Answer::RoomSearch { from, to, .. } => catalog(Some((from.0, to.0))),
            Answer::RoomCalendar { from, to, .. } => Depends { catalog: false, nights: Some((from.0, to.0)) },
            Answer::ChannelFeed { today, .. } => {
                Depends { catalog: false, nights: today.checked_add_days(chrono::Days::new(FEED_NIGHTS)).map(|end| (today, end)) }
            }
        }
    }

    /// How long the gateway keeps it.
    pub fn ttl(&self) -> Duration {
        match self {
            Answer::Listing { kind: OfferType::Room, .. } | Answer::RoomSearch { .. } | Answer::RoomCalendar { .. } => AVAILABILITY_TTL,
            // A product page's tonight is in its key, and its rooms left
            // come from the inventory itself, not from a cache.
            Answer::Listing { .. }
            | Answer::Product { .. }
            | Answer::Related { .. }
            | Answer::TaxonTree { .. }
            | Answer::Taxon { .. }
            | Answer::RoomPartial { .. }
            // Its nights' changes drop it; polled often, it is kept long.
            | Answer::ChannelFeed { .. } => CATALOG_TTL,
        }
    }

    /// What browsers and CDNs are told, unless the body says it shows rooms
    /// left ([`Body::showing_rooms_left`]).
    pub fn freshness(&self) -> Freshness {
        match self {
            Answer::Listing { kind: OfferType::Room, .. }
            | Answer::RoomSearch { .. }
            | Answer::RoomCalendar { .. }
            | Answer::ChannelFeed { .. } => Freshness::Availability,
            _ => Freshness::Catalog,
        }
    }

    fn content_type(&self) -> &'static str {
        match self {
            Answer::RoomPartial { .. } => "text/html; charset=utf-8",
            Answer::ChannelFeed { .. } => "text/calendar; charset=utf-8",
            _ => "application/json",
        }
    }

    /// The key of this answer in the current `generations` on `day`, or
    /// `None` when a part of the request is too long to be one.
    pub fn key(&self, generations: &Generations, day: NaiveDate) -> Option<String> {
        let depends = self.depends();
        let mut key = Key(format!("{}:{:016x}", self.name(), generations.catalog.epoch()));
        if depends.catalog {
            // Prices change with the day a promotion starts or ends.
            key.field(format_args!("c{}.{day}", generations.catalog.count()));
        }
        if let Some((from, to)) = depends.nights {
            key.field(format_args!("n{from}.{to}.{}", generations.nights.digest(from, to)));
        }
        match *self {
            Answer::Listing { kind, locale, request, .. } => {
                let page = request.page.unwrap_or_default();
                key.field(kind.code());
                key.field(locale.code());
                key.field(format_args!("{}.{}", page.page, page.limit));
                key.field(request.sorting);
                key.field(format_args!("{:?}.{:?}.{}", request.price_from, request.price_to, request.nights));
                key.list(&request.taxons)?;
            }
            Answer::Product { by, locale, .. } => {
                key.field(locale.code());
                match by {
                    ProductKey::Code(code) => key.text(code)?,
                    ProductKey::Slug(slug) => {
                        key.field("by-slug");
                        key.text(slug)?;
                    }
                }
            }
            Answer::Related { code, association, locale } => {
                key.field(locale.code());
                key.text(code)?;
                key.text(association)?;
            }
            Answer::TaxonTree { locale } => key.field(locale.code()),
            Answer::Taxon { code, locale } => {
                key.field(locale.code());
                key.text(code)?;
            }
            Answer::RoomSearch { from, to, guests, locale } => {
                key.field(format_args!("{from}:{to}:{}:{}:{}", guests.adults, guests.children, guests.babies));
                key.field(locale.code());
            }
            Answer::RoomCalendar { room, from, to, guests } => {
                key.text(room)?;
                key.field(format_args!("{from}:{to}:{}:{}:{}", guests.adults, guests.children, guests.babies));
            }
            Answer::RoomPartial { code, locale } => {
                key.field(locale.code());
                key.text(code)?;
            }
            Answer::ChannelFeed { token, .. } => key.text(token)?,
        }
        Some(key.0)
    }
}

struct Key(String);

impl Key {
    fn field(&mut self, value: impl std::fmt::Display) {
        let _ = write!(self.0, ":{value}");
    }

    fn text(&mut self, text: &str) -> Option<()> {
        (text.len() <= MAX_KEY_TEXT).then(|| self.field(utf8_percent_encode(text, KEY_TEXT)))
    }

    fn list(&mut self, items: &[String]) -> Option<()> {
        self.0.push(':');
        for item in items {
            (item.len() <= MAX_KEY_TEXT).then_some(())?;
            let _ = write!(self.0, "{},", utf8_percent_encode(item, KEY_TEXT));
        }
        Some(())
    }
}

/// Today's night, whose rooms left room items and room pages show.
pub fn tonight(state: &AppState) -> NaiveDate {
    state.clock.today()
}

/// A built answer's body.
pub struct Body {
    bytes: Vec<u8>,
    rooms_left: bool,
    /// Built in part from a fallback (a peer that did not answer): sent,
    /// never stored, so the next request builds it again.
    degraded: bool,
    /// The inventory version the rooms service read it at, for an answer
    /// about nights ([`Body::at_version`]).
    version: Option<u64>,
}

impl Body {
    pub fn json<T: Serialize>(value: &T) -> Self {
        Self::bytes(serde_json::to_vec(value).unwrap_or_default())
    }

    /// A body serialized already (JSON, or HTML for the room popup).
    pub fn bytes(bytes: Vec<u8>) -> Self {
        Self { bytes, rooms_left: false, degraded: false, version: None }
    }

    /// The body shows rooms left (a room's page): browsers and CDNs keep it
    /// as briefly as availability.
    pub fn showing_rooms_left(mut self, yes: bool) -> Self {
        self.rooms_left = yes;
        self
    }

    /// The body shows the nights as of inventory version `version`: it is
    /// not stored when this gateway has seen an event about its nights
    /// with a higher one (`x-cache: stale`).
    pub fn at_version(mut self, version: u64) -> Self {
        self.version = Some(version);
        self
    }

    /// The body lacks a part a peer could not give: it is not stored.
    pub fn degraded(mut self, yes: bool) -> Self {
        self.degraded = yes;
        self
    }
}

/// What the client takes and holds: whether it takes gzip, and the tags of
/// the copies it has (`If-None-Match`).
pub struct Conditional {
    gzip: bool,
    if_none_match: Option<HeaderValue>,
}

impl<S: Send + Sync> FromRequestParts<S> for Conditional {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self { gzip: gzip::accepts_gzip(&parts.headers), if_none_match: parts.headers.get(header::IF_NONE_MATCH).cloned() })
    }
}

impl Conditional {
    /// `If-None-Match` names `etag` (or is `*`), compared weakly as RFC 9110
    /// asks.
    fn holds(&self, etag: &str) -> bool {
        let Some(value) = self.if_none_match.as_ref().and_then(|v| v.to_str().ok()) else { return false };
        value.split(',').map(str::trim).any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == etag)
    }
}

/// The `If-None-Match` header of every cacheable answer, as documented.
#[derive(IntoParams)]
#[into_params(parameter_in = Header)]
pub struct ConditionalParams {
    /// The `ETag` of a copy the client holds; when it is current the answer
    /// is 304 without a body.
    #[param(rename = "If-None-Match")]
    pub if_none_match: Option<String>,
}

/// The answer to an `If-None-Match` naming the current copy.
#[derive(utoipa::ToResponse)]
#[response(
    description = "Not modified: the copy named by `If-None-Match` is current",
    headers(
        ("ETag" = String, description = "The current copy's tag"),
        ("Cache-Control" = String, description = "As on the full answer"),
    )
)]
pub struct NotModified;

/// Stored values: a format byte, the freshness, the tag, the gzip member.
const FORMAT: u8 = b'1';
const TAG_LEN: usize = 32;
const HEAD_LEN: usize = 2 + TAG_LEN;

/// An answer as the cache keeps it.
struct Stored {
    freshness: Freshness,
    /// 32 hex digits of the body's XXH3-128.
    tag: [u8; TAG_LEN],
    gz: Bytes,
}

impl Stored {
    /// `body` tagged, and gzipped when `deflate` (it is to be stored, or
    /// sent gzipped): deflating is the costliest step of an answer built
    /// anew, wasted on one sent plain and kept nowhere.
    fn of(body: &[u8], freshness: Freshness, deflate: bool) -> Self {
        let mut tag = [0u8; TAG_LEN];
        let hex = format!("{:032x}", xxhash_rust::xxh3::xxh3_128(body));
        tag.copy_from_slice(hex.as_bytes());
        Self { freshness, tag, gz: if deflate { Bytes::from(gzip::deflate(body)) } else { Bytes::new() } }
    }

    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEAD_LEN + self.gz.len());
        out.push(FORMAT);
        out.push(self.freshness.code());
        out.extend_from_slice(&self.tag);
        out.extend_from_slice(&self.gz);
        out
    }

    fn decode(stored: Vec<u8>) -> Option<Self> {
        if stored.len() <= HEAD_LEN || stored[0] != FORMAT || !stored[2..HEAD_LEN].iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        let freshness = Freshness::of_code(stored[1])?;
        let mut tag = [0u8; TAG_LEN];
        tag.copy_from_slice(&stored[2..HEAD_LEN]);
        Some(Self { freshness, tag, gz: Bytes::from(stored).slice(HEAD_LEN..) })
    }

    fn tag(&self) -> &str {
        std::str::from_utf8(&self.tag).unwrap_or_default()
    }

    /// The strong `ETag` of the representation sent: gzip is another
    /// representation of the same body, with a tag of its own.
    fn etag(&self, gzip: bool) -> String {
        if gzip { format!("\"{}-gzip\"", self.tag()) } else { format!("\"{}\"", self.tag()) }
    }

    /// The answer for `client`; `plain` is the body when it is at hand,
    /// else it is inflated when needed. `None` when the stored member does
    /// not inflate.
    fn respond(&self, answer: &Answer<'_>, client: &Conditional, plain: Option<Vec<u8>>) -> Option<Response> {
        let etag = self.etag(client.gzip);
        let headers = [
            (header::ETAG, HeaderValue::from_str(&etag).ok()?),
            (header::CACHE_CONTROL, HeaderValue::from_static(self.freshness.cache_control())),
            (header::VARY, HeaderValue::from_static("accept-encoding")),
        ];
        if client.holds(&etag) {
            return Some((StatusCode::NOT_MODIFIED, headers).into_response());
        }
        let content_type = (header::CONTENT_TYPE, HeaderValue::from_static(answer.content_type()));
        if client.gzip {
            let encoding = (header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            return Some((headers, [content_type, encoding], self.gz.clone()).into_response());
        }
        let body = match plain {
            Some(body) => body,
            None => gzip::inflate(&self.gz)?,
        };
        Some((headers, [content_type], body).into_response())
    }
}

fn count(answer: &Answer<'_>, outcome: &'static str) {
    metrics::counter!("gateway_answers_total", "answer" => answer.name(), "cache" => outcome).increment(1);
}

/// `answer` from the cache, or built by `build`, stored and sent; with its
/// `ETag`, `Cache-Control` and `Vary`, or 304 when `client` holds it. A
/// cache that fails is a miss; an error of `build` is returned as it is and
/// nothing is stored, nor is a [`Body::degraded`] one.
pub async fn serve<F, Fut>(state: &AppState, client: &Conditional, answer: Answer<'_>, build: F) -> ApiResult<Response>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<Body>>,
{
    let cached = state.cache.as_ref().and_then(|cache| Some((cache, answer.key(&state.generations, tonight(state))?)));
    // Read after the key's digest: every event the key counts, this counts too.
    let required = answer.depends().nights.map_or(0, |(from, to)| state.generations.nights.required(from, to));
    if let Some((cache, key)) = &cached
        && let Ok(Some(value)) = cache.get(key).await
        && let Some(response) = Stored::decode(value).and_then(|stored| stored.respond(&answer, client, None))
    {
        count(&answer, "hit");
        return Ok(said(response, "hit"));
    }
    let body = build().await?;
    let freshness = if body.rooms_left { Freshness::Availability } else { answer.freshness() };
    let outcome = match &cached {
        Some(_) if body.degraded => "degraded",
        // Read before a change whose event this gateway has seen: its key
        // says it shows the change, so it is sent and not kept.
        Some(_) if body.version.is_some_and(|v| v < required) => "stale",
        Some(_) => "miss",
        None => "uncached",
    };
    let stored = Stored::of(&body.bytes, freshness, outcome == "miss" || client.gzip);
    if outcome == "miss"
        && let Some((cache, key)) = &cached
        && let Err(e) = cache.set(key, &stored.encode(), answer.ttl()).await
    {
        tracing::warn!(error = %e, answer = answer.name(), "answer not cached");
    }
    count(&answer, outcome);
    let response = stored.respond(&answer, client, Some(body.bytes)).unwrap_or_else(|| StatusCode::INTERNAL_SERVER_ERROR.into_response());
    Ok(said(response, outcome))
}

/// `X-Cache`: whether the answer came from the gateway's cache (`hit`) or
/// was built now (`miss`; `degraded`, `stale` and `uncached` are built and
/// not kept), for operators and tests.
fn said(mut response: Response, outcome: &'static str) -> Response {
    response.headers_mut().insert("x-cache", axum::http::HeaderValue::from_static(outcome));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Ymd {
        Ymd(spa_platform::dates::parse_ymd(s).unwrap())
    }

    const TWO: Guests = Guests { adults: 2, children: 0, babies: 0 };
    const DAY: NaiveDate = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();

    fn search(from: &str, to: &str) -> Answer<'static> {
        Answer::RoomSearch { from: d(from), to: d(to), guests: TWO, locale: Locale::Pl }
    }

    fn calendar(from: &str, to: &str) -> Answer<'static> {
        Answer::RoomCalendar { room: "ROOM_STANDARD_DOUBLE", from: d(from), to: d(to), guests: TWO }
    }

    /// Every answer's key, before and after `change`: which ones moved.
    fn moved(answers: &[Answer<'_>], change: impl FnOnce(&Generations)) -> Vec<bool> {
        let generations = Generations::new();
        let before: Vec<_> = answers.iter().map(|a| a.key(&generations, DAY).unwrap()).collect();
        change(&generations);
        answers.iter().zip(before).map(|(a, b)| a.key(&generations, DAY).unwrap() != b).collect()
    }

    #[test]
    fn availability_drops_the_answers_of_its_nights_and_no_other() {
        let request = ListOffersRequest { r#type: spa_proto::common::ProductType::Room as i32, ..Default::default() };
        let treatments = ListOffersRequest { r#type: spa_proto::common::ProductType::Treatment as i32, ..Default::default() };
        let tonight = d("2027-03-10").0;
        let answers = [
            search("2027-03-09", "2027-03-11"),
            search("2027-05-01", "2027-05-03"),
            calendar("2027-03-01", "2027-04-01"),
            calendar("2027-05-01", "2027-06-01"),
            Answer::Listing { kind: OfferType::Room, locale: Locale::Pl, request: &request, tonight },
            Answer::Product { by: ProductKey::Slug("pokoj"), locale: Locale::Pl, tonight },
            Answer::Listing { kind: OfferType::Treatment, locale: Locale::Pl, request: &treatments, tonight },
            Answer::TaxonTree { locale: Locale::Pl },
            Answer::RoomPartial { code: "ROOM_STANDARD_DOUBLE", locale: Locale::Pl },
        ];
        let march_tenth = moved(&answers, |g| g.nights.bump(d("2027-03-10").0, d("2027-03-11").0));
        assert_eq!(march_tenth, [true, false, true, false, true, true, false, false, false]);
        let march_twelfth = moved(&answers, |g| g.nights.bump(d("2027-03-12").0, d("2027-03-13").0));
        assert_eq!(march_twelfth, [false, false, true, false, false, false, false, false, false]);
    }

    #[test]
    fn the_catalog_drops_every_answer_it_is_in() {
        let request = ListOffersRequest::default();
        let answers = [
            search("2027-05-01", "2027-05-03"),
            calendar("2027-05-01", "2027-06-01"),
            Answer::Listing { kind: OfferType::Package, locale: Locale::Pl, request: &request, tonight: d("2027-03-10").0 },
            Answer::Related { code: "TR_HOT_STONE", association: "related", locale: Locale::De },
            Answer::Taxon { code: "treatments", locale: Locale::EnGb },
        ];
        assert_eq!(moved(&answers, |g| g.catalog.bump()), [true, false, true, true, true], "calendars hold no catalog content");
    }

    #[test]
    fn keys_hold_parsed_values_and_encoded_text() {
        let generations = Generations::new();
        let key = |a: Answer<'_>| a.key(&generations, DAY).unwrap();
        let plain = ListOffersRequest { taxons: vec!["massages".into(), "a:b,c".into()], ..Default::default() };
        let listing = key(Answer::Listing { kind: OfferType::Treatment, locale: Locale::De, request: &plain, tonight: d("2027-03-10").0 });
        assert!(listing.ends_with(":massages,a%3Ab%2Cc,"), "{listing}");
        assert!(!listing.contains(":n"), "a treatment listing does not depend on nights: {listing}");
        // A code and a slug that look alike are different keys.
        let tonight = d("2027-03-10").0;
        assert_ne!(
            key(Answer::Product { by: ProductKey::Code("x"), locale: Locale::Pl, tonight }),
            key(Answer::Product { by: ProductKey::Slug("x"), locale: Locale::Pl, tonight })
        );
        assert_ne!(key(search("2027-05-01", "2027-05-03")), key(calendar("2027-05-01", "2027-05-03")));
        let long = "x".repeat(MAX_KEY_TEXT + 1);
        assert_eq!(Answer::Taxon { code: &long, locale: Locale::Pl }.key(&generations, DAY), None, "served without the cache");
        let related = || Answer::Related { code: "TR_HOT_STONE", association: "related", locale: Locale::De };
        assert_ne!(key(related()), related().key(&generations, DAY.succ_opt().unwrap()).unwrap(), "a promotion ends with its day");
        // Another process (or a restarted one) has keys of its own.
        assert_ne!(
            key(Answer::TaxonTree { locale: Locale::Pl }),
            Answer::TaxonTree { locale: Locale::Pl }.key(&Generations::new(), DAY).unwrap()
        );
    }

    fn client(gzip: bool, if_none_match: Option<&str>) -> Conditional {
        Conditional { gzip, if_none_match: if_none_match.map(|v| HeaderValue::from_str(v).unwrap()) }
    }

    #[tokio::test]
    async fn stored_answers_come_back_with_their_tag_gzipped_or_not() {
        let body = br#"{"items":[{"code":"TR_HOT_STONE","name":"Masa\xc5\xbc"}]}"#.repeat(20);
        let stored = Stored::of(&body, Freshness::Catalog, true);
        let again = Stored::decode(stored.encode()).unwrap();
        assert_eq!((again.tag, again.freshness), (stored.tag, Freshness::Catalog));
        let answer = Answer::TaxonTree { locale: Locale::Pl };
        let plain = again.respond(&answer, &client(false, None), None).unwrap();
        let etag = plain.headers()[header::ETAG].to_str().unwrap().to_owned();
        assert_eq!(etag.len(), TAG_LEN + 2);
        assert_eq!(plain.headers()[header::CACHE_CONTROL], Freshness::Catalog.cache_control());
        let bytes = axum::body::to_bytes(plain.into_body(), usize::MAX).await.unwrap();
        assert_eq!(&bytes[..], &body[..]);
        let gz = again.respond(&answer, &client(true, None), None).unwrap();
        assert_eq!(gz.headers()[header::CONTENT_ENCODING], "gzip");
        assert_eq!(gz.headers()[header::ETAG].to_str().unwrap(), format!("{}-gzip\"", &etag[..etag.len() - 1]));
        for (gzip, held, status) in [
            (false, etag.clone(), 304),
            (false, format!("W/{etag}"), 304),
            (false, format!("\"other\", {etag}"), 304),
            (false, "*".to_owned(), 304),
            (true, etag.clone(), 200),
            (false, "\"other\"".to_owned(), 200),
        ] {
            let r = again.respond(&answer, &client(gzip, Some(&held)), None).unwrap();
            assert_eq!(r.status().as_u16(), status, "{held} gzip {gzip}");
            if status == 304 {
                assert!(r.headers().contains_key(header::ETAG) && r.headers().contains_key(header::CACHE_CONTROL));
                assert!(axum::body::to_bytes(r.into_body(), usize::MAX).await.unwrap().is_empty());
            }
        }
        assert!(Stored::decode(b"not a stored answer at all, no".to_vec()).is_none());
        assert!(Stored::decode(Vec::new()).is_none());
    }
}
