//! `GET /order/{token}/pay`: the page a completed checkout loads (a full
//! page load, spec 7). It speaks the order's language and says what to do
//! now: the bank transfer's details with the booking code as its title, the
//! amount due now and the deadline; or that the order is paid or cancelled.
//! The token is the order's secret: the page is never cached or indexed.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Redirect;
use axum::response::{IntoResponse, Response};
use spa_proto::spa::cart::v1::{
    CapturePaypalRequest, GetOrderRequest, GetSettingsRequest, PaypalWebhook, Przelewy24Notification, StartPaymentRequest,
};

use crate::AppState;
use crate::error::{ApiError, ErrorCode};
use crate::i18n::{Locale, text};
use crate::wire::{OrderState, PaymentMethod};

pub fn router() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/order/{token}/pay", axum::routing::get(pay))
        .route("/order/{token}/pay/online", axum::routing::get(pay_online))
        .route("/order/{token}/cancel", axum::routing::post(cancel))
        .route("/order/{token}/pay/return", axum::routing::get(pay_return))
        .route(PRZELEWY24_STATUS, axum::routing::post(przelewy24_status))
        .route(PAYPAL_WEBHOOK, axum::routing::post(paypal_webhook))
}

/// Where PayPal posts its webhook events.
pub const PAYPAL_WEBHOOK: &str = "/payments/paypal/webhook";

/// Where Przelewy24 posts its notifications.
pub const PRZELEWY24_STATUS: &str = "/payments/przelewy24/status";

/// The page's words in one language.
struct Texts {
    title: String,
    code_label: String,
    paid: String,
    cancelled: String,
    transfer_heading: String,
    holder: String,
    account: String,
    bank: String,
    transfer_title: String,
    amount: String,
    left_later: String,
    deadline: String,
    mail_note: String,
    go_on: String,
    cancel_heading: String,
    cancel_note: String,
    cancel_confirm: String,
    at_guesthouse: String,
}

impl Texts {
    fn of(locale: Locale) -> Self {
        let t = |id: &str| text(locale, id);
        Self {
            title: t("order-title"),
            code_label: t("order-code-label"),
            paid: t("order-paid"),
            cancelled: t("order-cancelled"),
            transfer_heading: t("order-transfer-heading"),
            holder: t("order-holder"),
            account: t("order-account"),
            bank: t("order-bank"),
            transfer_title: t("order-transfer-title"),
            amount: t("order-amount"),
            left_later: t("order-left-later"),
            deadline: t("order-deadline"),
            mail_note: t("order-mail-note"),
            go_on: t("order-continue"),
            cancel_heading: t("order-cancel-heading"),
            cancel_note: t("order-cancel-note"),
            cancel_confirm: t("order-cancel-confirm"),
            at_guesthouse: t("order-at-guesthouse"),
        }
    }
}

#[derive(Template)]
#[template(path = "order_pay.html")]
struct PayPage {
    token: String,
    lang: &'static str,
    t: Texts,
    booking_code: String,
    paid: bool,
    /// Why it was cancelled, in the page's words; empty while it is not.
    cancelled: String,
    /// The guest may cancel it: nothing paid, no payment under way.
    cancellable: bool,
    /// The last try to cancel was refused.
    cancel_refused: String,
    online_note: String,
    pay_online: String,
    pending: String,
    failed: String,
    /// Said instead of the account when none is set.
    no_account: String,
    holder: String,
    iban: String,
    bank: String,
    due_now: String,
    left_later: String,
    deadline: String,
    email: String,
    complete_link: String,
    at_guesthouse: bool,
}

fn lang(locale: Locale) -> &'static str {
    match locale {
        Locale::De => "de",
        Locale::EnGb => "en-GB",
        _ => "pl",
    }
}

/// The app's "order complete" page in the locale (spec 2.2).
fn complete_path(locale: Locale, booking_code: &str) -> String {
    let base = if locale == Locale::EnGb { "/en/basket" } else { "/basket" };
    format!("{base}/complete?bookingCode={booking_code}")
}

/// `?payment=failed`: the last attempt to start paying online did not go through.
#[derive(Debug, Default, serde::Deserialize)]
pub struct PayQuery {
    payment: Option<String>,
    /// `?cancel=refused`: the guest's cancellation was refused (money came meanwhile).
    cancel: Option<String>,
}

/// The guest cancels their unpaid order from its page (a form post; the
/// token in the path is the order's secret). Back to the page either way.
async fn cancel(State(state): State<AppState>, Path(token): Path<String>) -> Result<Response, ApiError> {
    let request = GetOrderRequest { token: token.clone(), locale: String::new() };
    let back = format!("/order/{token}/pay");
    match state.clients.orders.clone().cancel_unpaid_order(request).await {
        Ok(_) => Ok(Redirect::to(&back).into_response()),
        Err(s) if s.code() == tonic::Code::FailedPrecondition => Ok(Redirect::to(&format!("{back}?cancel=refused")).into_response()),
        Err(s) if matches!(s.code(), tonic::Code::NotFound | tonic::Code::InvalidArgument) => {
            Err(ApiError::not_found(ErrorCode::OrderNotFound))
        }
        Err(s) => Err(s.into()),
    }
}

async fn pay(State(state): State<AppState>, Path(token): Path<String>, Query(q): Query<PayQuery>) -> Result<Response, ApiError> {
    let order = state.clients.orders.clone().get_order(GetOrderRequest { token, locale: String::new() }).await;
    let order = match order {
        Ok(o) => o.into_inner(),
        Err(s) if matches!(s.code(), tonic::Code::NotFound | tonic::Code::InvalidArgument) => {
            return Err(ApiError::not_found(ErrorCode::OrderNotFound));
        }
        Err(s) => return Err(s.into()),
    };
    let locale = Locale::parse(&order.locale).unwrap_or_default();
    let t = Texts::of(locale);
    let method = PaymentMethod::from_wire(order.payment_method);
    let online = matches!(method, Some(PaymentMethod::Przelewy24 | PaymentMethod::Paypal));
    // The account the cart's settings name now; none set, the guest is told to ask.
    let account =
        state.clients.settings.clone().get_payment_settings(GetSettingsRequest {}).await?.into_inner().bank_account.unwrap_or_default();
    let page = PayPage {
        token: order.token.clone(),
        lang: lang(locale),
        booking_code: order.booking_code.clone(),
        paid: order.money_received,
        cancelled: if OrderState::from_wire(order.state) == Some(OrderState::Cancelled) {
            match order.cancel_reason.as_str() {
                reason @ ("nights_sold" | "staff" | "guest") => text(locale, &format!("order-cancelled-{reason}")),
                _ => t.cancelled.clone(),
            }
        } else {
            String::new()
        },
        cancellable: OrderState::from_wire(order.state) == Some(OrderState::New) && !order.money_received && !order.payment_pending,
        cancel_refused: if q.cancel.as_deref() == Some("refused") { text(locale, "order-cancel-refused") } else { String::new() },
        // Without a connected provider the guest is told so and given the
        // transfer's details, never a button that fails.
        online_note: if online && !order.payable_online { text(locale, "order-online-unavailable") } else { String::new() },
        pay_online: match method {
            Some(m) if order.payable_online => text(locale, &format!("order-pay-online-{m}")),
            _ => String::new(),
        },
        pending: if order.payment_pending { text(locale, "order-payment-pending") } else { String::new() },
        failed: if q.payment.as_deref() == Some("failed") && order.payable_online {
            text(locale, "order-payment-failed")
        } else {
            String::new()
        },
        // Booked by the front desk to be paid on arrival: no transfer to make.
        at_guesthouse: method == Some(PaymentMethod::Guesthouse),
        no_account: if account.iban.is_empty() { text(locale, "order-no-account") } else { String::new() },
        holder: account.holder,
        iban: spaced_iban(&account.iban),
        bank: account.bank,
        due_now: spa_platform::money::pln(locale, order.due_now),
        // With the advance payment (due now, or paid), the rest is paid
        // later, until the staff record it paid at the guesthouse.
        left_later: if order.paid_later > 0 { spa_platform::money::pln(locale, order.paid_later) } else { String::new() },
        deadline: spa_platform::dates::utc_minutes(order.hold_expires_at_ms),
        email: order.email.clone(),
        complete_link: complete_path(locale, &order.booking_code),
        t,
    };
    let html = page.render().map_err(|e| {
        tracing::error!(error = %e, "order page not rendered");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::InternalError)
    })?;
    let mut response = (StatusCode::OK, html).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    Ok(response)
}

/// An IBAN in groups of four, as statements and banking apps print it.
fn spaced_iban(iban: &str) -> String {
    iban.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c)).collect::<Vec<_>>().join(" ")
}

/// Starts the online payment and sends the guest to the provider. A link
/// (GET), not a form: the page's `form-action 'self'` would stop a form's
/// redirect to the provider.
async fn pay_online(State(state): State<AppState>, Path(token): Path<String>) -> Result<Response, ApiError> {
    let base = state.config.public_url.trim_end_matches('/');
    let request = StartPaymentRequest {
        return_url: format!("{base}/order/{token}/pay/return"),
        status_url: format!("{base}{PRZELEWY24_STATUS}"),
        cancel_url: format!("{base}/order/{token}/pay"),
        token: token.clone(),
    };
    // A full page load: a failure sends the guest back to the order's page,
    // which says so in the order's language, never a JSON error.
    let url = match state.clients.orders.clone().start_payment(request).await {
        Ok(redirect) => redirect.into_inner().url,
        Err(status) if status.code() == tonic::Code::NotFound => return Err(ApiError::not_found(ErrorCode::OrderNotFound)),
        Err(status) => {
            tracing::warn!(code = ?status.code(), error = %status.message(), "online payment not started");
            format!("/order/{token}/pay?payment=failed")
        }
    };
    let mut response = StatusCode::SEE_OTHER.into_response();
    let location = HeaderValue::from_str(&url).map_err(|_| ApiError::new(StatusCode::BAD_GATEWAY, ErrorCode::ServiceUnavailable))?;
    response.headers_mut().insert(header::LOCATION, location);
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// The query PayPal adds to the return URL.
#[derive(Debug, Default, serde::Deserialize)]
pub struct ReturnQuery {
    /// PayPal's order id, when the guest comes back from PayPal.
    token: Option<String>,
}

/// The guest is back from the provider. Coming back from PayPal, the
/// approved payment is captured now; then, or at once for Przelewy24
/// (which notifies the shop itself), the order's page. A capture that
/// fails leaves the page to say what it knows: the webhook captures later.
async fn pay_return(State(state): State<AppState>, Path(token): Path<String>, Query(query): Query<ReturnQuery>) -> Response {
    if let Some(paypal_order) = query.token.filter(|t| !t.is_empty() && t.len() <= 64) {
        let request = CapturePaypalRequest { token: token.clone(), paypal_order };
        if let Err(status) = state.clients.orders.clone().capture_paypal(request).await {
            tracing::warn!(code = ?status.code(), error = %status.message(), "PayPal payment not captured on return");
        }
    }
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(location) = HeaderValue::from_str(&format!("/order/{token}/pay")) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// PayPal's webhook: 200 once handled (or nothing to do); 400 when PayPal
/// does not confirm it sent it, or it does not match the payment; 503 when
/// PayPal cannot be reached: it sends the event again.
async fn paypal_webhook(State(state): State<AppState>, headers: axum::http::HeaderMap, body: String) -> Result<StatusCode, ApiError> {
    if body.len() > 64 * 1024 {
        return Err(ApiError::field(ErrorCode::InvalidNotification, "body"));
    }
    let headers = headers
        .iter()
        .filter(|(name, _)| name.as_str().starts_with("paypal-"))
        .filter_map(|(name, value)| Some((name.as_str().to_owned(), value.to_str().ok()?.to_owned())))
        .collect();
    state.clients.orders.clone().notify_paypal(PaypalWebhook { headers, body }).await?;
    Ok(StatusCode::OK)
}

/// Przelewy24's notification of a payment (its JSON body as documented).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Przelewy24Status {
    #[serde(default)]
    merchant_id: i64,
    #[serde(default)]
    pos_id: i64,
    #[serde(default)]
    session_id: String,
    #[serde(default)]
    amount: i64,
    #[serde(default)]
    origin_amount: i64,
    #[serde(default)]
    currency: String,
    #[serde(default)]
    order_id: i64,
    #[serde(default)]
    method_id: i64,
    #[serde(default)]
    statement: String,
    #[serde(default)]
    sign: String,
}

impl crate::extract::Validate for Przelewy24Status {}

/// 200 once the payment is recorded (or was before); 400 when the
/// notification does not check out; 503 when Przelewy24's verification
/// could not be reached: it notifies again.
async fn przelewy24_status(
    State(state): State<AppState>,
    crate::extract::JsonBody(n): crate::extract::JsonBody<Przelewy24Status>,
) -> Result<StatusCode, ApiError> {
    let notification = Przelewy24Notification {
        merchant_id: n.merchant_id,
        pos_id: n.pos_id,
        session_id: n.session_id,
        amount: n.amount,
        origin_amount: n.origin_amount,
        currency: n.currency,
        order_id: n.order_id,
        method_id: n.method_id,
        statement: n.statement,
        sign: n.sign,
    };
    state.clients.orders.clone().notify_przelewy24(notification).await?;
    Ok(StatusCode::OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_complete_page_is_in_the_orders_language() {
        assert_eq!(complete_path(Locale::Pl, "SPA-7KM4-XQ9D"), "/basket/complete?bookingCode=SPA-7KM4-XQ9D");
        assert_eq!(complete_path(Locale::EnGb, "SPA-7KM4-XQ9D"), "/en/basket/complete?bookingCode=SPA-7KM4-XQ9D");
    }
}
