//! `POST /shop-api/newsletter/subscribe`: 201 subscribed, 409 already, 400 bad e-mail.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use spa_proto::spa::content::v1::SubscribeNewsletterRequest;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::wire::Empty;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(subscribe))
}

#[derive(Deserialize, Default, ToSchema)]
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
