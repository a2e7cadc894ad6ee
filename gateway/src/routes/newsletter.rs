//! The newsletter: `POST /shop-api/newsletter/subscribe` (201 subscribed,
//! 409 already, 400 bad e-mail), and the e-mailed links' calls `confirm`
//! and `unsubscribe`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use spa_proto::spa::content::v1::{NewsletterTokenRequest, SubscribeNewsletterRequest};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::wire::Empty;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(subscribe)).routes(routes!(confirm)).routes(routes!(unsubscribe))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Subscribe {
    #[serde(default)]
    #[schema(format = Email, max_length = 254)]
    pub email: String,
}

impl Validate for Subscribe {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidEmail
    }
}

/// Newsletter sign-up with double opt-in
#[utoipa::path(
    post,
    path = "/shop-api/newsletter/subscribe",
    tag = "content",
    params(ShopParams),
    request_body = Subscribe,
    responses(
        (status = 201, description = "A confirmation link was sent to the address", body = Empty),
        (status = 400, description = "The address is not valid", body = ErrorBody),
        (status = 409, description = "The address is already signed up", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this client; wait", body = ErrorBody),
        (status = 503, description = "The newsletter service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn subscribe(
    State(state): State<AppState>,
    shop: Shop,
    JsonBody(body): JsonBody<Subscribe>,
) -> ApiResult<(StatusCode, Json<Empty>)> {
    let request = SubscribeNewsletterRequest { email: body.email, locale: shop.code().to_owned() };
    state.clients.content.clone().subscribe_newsletter(request).await?;
    Ok((StatusCode::CREATED, Json(Empty {})))
}

/// The token of an e-mailed newsletter link.
#[derive(Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewsletterToken {
    #[serde(default)]
    #[schema(required = true, pattern = "^[0-9A-Fa-f]{64}$")]
    pub token: String,
}

impl Validate for NewsletterToken {
    fn validate(&self) -> crate::error::ApiResult<()> {
        if self.token.len() != 64 || !self.token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(crate::error::ApiError::malformed(ErrorCode::UnknownNewsletterToken, "token"));
        }
        Ok(())
    }

    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::UnknownNewsletterToken
    }
}

/// Confirms a sign-up (the confirmation e-mail's link)
#[utoipa::path(
    post,
    path = "/shop-api/newsletter/confirm",
    tag = "content",
    params(ShopParams),
    request_body = NewsletterToken,
    responses(
        (status = 200, description = "Confirmed (again, for a confirmed address)", body = Empty),
        (status = 400, description = "Not a token", body = ErrorBody),
        (status = 404, description = "No sign-up has this token, or it was ended", body = ErrorBody),
        (status = 429, description = "Too many writes from this client; wait", body = ErrorBody),
        (status = 503, description = "The newsletter service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn confirm(State(state): State<AppState>, _shop: Shop, JsonBody(body): JsonBody<NewsletterToken>) -> ApiResult<Json<Empty>> {
    state.clients.content.clone().confirm_newsletter(NewsletterTokenRequest { token: body.token }).await?;
    Ok(Json(Empty {}))
}

/// Ends a subscription (every newsletter e-mail's unsubscribe link)
#[utoipa::path(
    post,
    path = "/shop-api/newsletter/unsubscribe",
    tag = "content",
    params(ShopParams),
    request_body = NewsletterToken,
    responses(
        (status = 200, description = "Unsubscribed (again, for an ended subscription)", body = Empty),
        (status = 400, description = "Not a token", body = ErrorBody),
        (status = 404, description = "No subscription has this token", body = ErrorBody),
        (status = 429, description = "Too many writes from this client; wait", body = ErrorBody),
        (status = 503, description = "The newsletter service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn unsubscribe(State(state): State<AppState>, _shop: Shop, JsonBody(body): JsonBody<NewsletterToken>) -> ApiResult<Json<Empty>> {
    state.clients.content.clone().unsubscribe_newsletter(NewsletterTokenRequest { token: body.token }).await?;
    Ok(Json(Empty {}))
}
