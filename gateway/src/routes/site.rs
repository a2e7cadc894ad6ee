//! Around the shop: a question about a product, the vote pop-up's poll and
//! the weather at the guesthouse. The content service owns each; the
//! gateway names the product and the visitor.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_proto::spa::catalog::v1::GetProductRequest;
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::content::v1::{GetPollRequest, GetWeatherRequest, ProductQuestion, VoteRequest};
use tonic::Code;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::wire::Empty;

/// The HttpOnly cookie that makes a browser one visitor of the poll.
pub const VISITOR_COOKIE: &str = "spa_visitor";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ask_question)).routes(routes!(poll)).routes(routes!(vote)).routes(routes!(weather))
}

/// A question about a product, from its page's inquiry form, or, without
/// a product, a message from the contact page's.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The product asked about; empty or left out for a message from the
    /// contact page.
    #[schema(example = "MASAZ-KLASYCZNY")]
    pub product_code: String,
    /// The sender's name.
    #[schema(max_length = 100)]
    pub customer: String,
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    /// At least 7 characters: digits with an optional plus, parentheses,
    /// dashes, spaces, dots or slashes.
    #[schema(min_length = 7, max_length = 30)]
    pub phone: String,
    #[schema(max_length = 5000)]
    pub message: String,
}

impl Validate for Question {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidQuestion
    }
}

/// Asks the guesthouse about a product, or writes to it
///
/// Without `productCode` the message is the contact page's inquiry. Checked by the form's rules (every field but the product required, a valid e-mail, a
/// phone of at least 7 characters), stored, e-mailed to the guesthouse and
/// acknowledged to the sender in the request's language.
#[utoipa::path(
    post,
    path = "/shop-api/contact/product-questions",
    tag = "content",
    params(ShopParams),
    request_body = Question,
    responses(
        (status = 201, description = "The question was sent", body = Empty),
        (status = 400, description = "A malformed body", body = ErrorBody),
        (status = 404, description = "No such product (`unknown_product`)", body = ErrorBody),
        (status = 429, description = "Too many messages from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn ask_question(
    State(state): State<AppState>,
    shop: Shop,
    JsonBody(q): JsonBody<Question>,
) -> ApiResult<(StatusCode, Json<Empty>)> {
    let mut question = ProductQuestion {
        product_code: q.product_code.trim().to_owned(),
        customer: q.customer,
        email: q.email,
        phone: q.phone,
        message: q.message,
        locale: shop.code().to_owned(),
        product_name: String::new(),
    };
    if !question.product_code.is_empty() {
        let request = GetProductRequest { key: Some(Key::Code(question.product_code.clone())), locale: shop.code().to_owned() };
        match state.clients.catalog.clone().get_product(request).await {
            Ok(p) => question.product_name = p.into_inner().name,
            Err(s) if s.code() == Code::NotFound || s.code() == Code::InvalidArgument => {
                return Err(ApiError::field(ErrorCode::UnknownProduct, "productCode"));
            }
            Err(s) => return Err(s.into()),
        }
    }
    state.clients.content.clone().ask_product_question(question).await?;
    Ok((StatusCode::CREATED, Json(Empty {})))
}

/// One answer of the poll with its votes.
#[derive(Debug, Serialize, ToSchema)]
pub struct PollOption {
    pub code: String,
    pub label: String,
    pub votes: i64,
}

/// The vote pop-up's poll, in the request's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct Poll {
    pub id: String,
    pub question: String,
    pub options: Vec<PollOption>,
    /// This visitor's choice; null before a vote.
    pub voted: Option<String>,
}

impl From<spa_proto::spa::content::v1::Poll> for Poll {
    fn from(p: spa_proto::spa::content::v1::Poll) -> Self {
        Self {
            id: p.id,
            question: p.question,
            options: p.options.into_iter().map(|o| PollOption { code: o.code, label: o.label, votes: o.votes }).collect(),
            voted: p.voted,
        }
    }
}

fn visitor(headers: &HeaderMap) -> Option<String> {
    crate::session::cookie(headers, VISITOR_COOKIE).filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The poll of the vote pop-up
#[utoipa::path(
    get,
    path = "/shop-api/poll",
    tag = "content",
    params(ShopParams),
    responses(
        (status = 200, description = "The question, the options with their votes, and this visitor's vote", body = Poll),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 503, description = "The content service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn poll(State(state): State<AppState>, shop: Shop, headers: HeaderMap) -> ApiResult<Response> {
    let request = GetPollRequest { locale: shop.code().to_owned(), visitor: visitor(&headers).unwrap_or_default() };
    let poll: Poll = state.clients.content.clone().get_poll(request).await?.into_inner().into();
    Ok(([(header::CACHE_CONTROL, "private, no-store")], Json(poll)).into_response())
}

/// A vote.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
#[serde(deny_unknown_fields)]
pub struct Vote {
    /// One of the poll's option codes.
    pub option: String,
}

impl Validate for Vote {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::UnknownOption
    }
}

/// Votes in the poll, once per visitor
///
/// The visitor is the browser's `spa_visitor` cookie (HttpOnly, a year),
/// given with the first vote.
#[utoipa::path(
    post,
    path = "/shop-api/poll/votes",
    tag = "content",
    params(ShopParams),
    request_body = Vote,
    responses(
        (status = 201, description = "Counted; the poll with its new counts", body = Poll),
        (status = 400, description = "A malformed body", body = ErrorBody),
        (status = 404, description = "No such option (`unknown_option`)", body = ErrorBody),
        (status = 409, description = "This visitor has voted already", body = ErrorBody),
        (status = 429, description = "Too many writes from this client; wait", body = ErrorBody),
        (status = 503, description = "The content service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn vote(State(state): State<AppState>, shop: Shop, headers: HeaderMap, JsonBody(v): JsonBody<Vote>) -> ApiResult<Response> {
    let (id, new) = match visitor(&headers) {
        Some(id) => (id, false),
        None => (uuid::Uuid::new_v4().simple().to_string(), true),
    };
    let request = VoteRequest { locale: shop.code().to_owned(), visitor: id.clone(), option: v.option };
    let poll: Poll = state.clients.content.clone().vote(request).await?.into_inner().into();
    let mut response = (StatusCode::CREATED, Json(poll)).into_response();
    if new {
        let cookie = crate::session::set_cookie(&state, VISITOR_COOKIE, &id, "/", 365 * 24 * 3600);
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// The weather at the guesthouse.
#[derive(Debug, Serialize, ToSchema)]
pub struct Weather {
    pub celsius: f64,
    pub fahrenheit: f64,
    /// What the sky is like, for the icon.
    #[schema(example = "clouds")]
    pub condition: WeatherCondition,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum WeatherCondition {
    Clear,
    Clouds,
    Rain,
    Drizzle,
    Thunderstorm,
    Snow,
    Mist,
}

impl WeatherCondition {
    fn parse(s: &str) -> Self {
        match s {
            "clear" => Self::Clear,
            "clouds" => Self::Clouds,
            "rain" => Self::Rain,
            "drizzle" => Self::Drizzle,
            "thunderstorm" => Self::Thunderstorm,
            "snow" => Self::Snow,
            _ => Self::Mist,
        }
    }
}

/// The weather at the guesthouse
///
/// Asked from the weather service at most once per 10 minutes. Without a
/// configured service the answer is 204 (no weather is not a failure, so
/// browsers log nothing), while it fails 503; either way the widget hides.
#[utoipa::path(
    get,
    path = "/shop-api/weather",
    tag = "content",
    params(ShopParams),
    responses(
        (status = 200, description = "The temperature in °C and °F and the condition", body = Weather),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 204, description = "No weather service is configured"),
        (status = 503, description = "The weather service does not answer now", body = ErrorBody),
    )
)]
pub async fn weather(State(state): State<AppState>, _shop: Shop) -> ApiResult<Response> {
    let w = match state.clients.content.clone().get_weather(GetWeatherRequest {}).await {
        Ok(w) => w.into_inner(),
        Err(s) if s.code() == Code::Unavailable => {
            return Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::WeatherUnavailable));
        }
        Err(s) if s.code() == Code::NotFound => return Ok(StatusCode::NO_CONTENT.into_response()),
        Err(s) => return Err(s.into()),
    };
    let body = Weather { celsius: w.celsius, fahrenheit: w.fahrenheit, condition: WeatherCondition::parse(&w.condition) };
    Ok(([(header::CACHE_CONTROL, "public, max-age=600")], Json(body)).into_response())
}
