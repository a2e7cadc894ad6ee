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
use spa_platform::dates::dmy_of;
use spa_proto::spa::cart::v1::{
    BankAccount, CapturePaypalRequest, CartItem, GetOrderRequest, GetSettingsRequest, Order, PaypalWebhook, Przelewy24Notification,
    StartPaymentRequest,
};

use crate::AppState;
use crate::error::{ApiError, ErrorCode};
use crate::i18n::{Locale, text, text_with};
use crate::wire::{OrderState, PaymentMethod};

pub fn router() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/order/{token}/pay", axum::routing::get(pay))
        .route("/order/assets/{name}", axum::routing::get(asset))
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
    online_heading: String,
    holder: String,
    account: String,
    bic: String,
    bank: String,
    transfer_title: String,
    amount: String,
    deadline: String,
    mail_note: String,
    go_on: String,
    cancel_heading: String,
    cancel_note: String,
    cancel_confirm: String,
    at_guesthouse: String,
    copy: String,
    copy_account: String,
    copy_title: String,
    copied_account: String,
    copied_title: String,
    summary_heading: String,
    skip: String,
    contact: String,
    regulations: String,
    links: String,
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
            online_heading: t("order-online-heading"),
            holder: t("order-holder"),
            account: t("order-account"),
            bic: t("order-bic"),
            bank: t("order-bank"),
            transfer_title: t("order-transfer-title"),
            amount: t("order-amount"),
            deadline: t("order-deadline"),
            mail_note: t("order-mail-note"),
            go_on: t("order-continue"),
            cancel_heading: t("order-cancel-heading"),
            cancel_note: t("order-cancel-note"),
            cancel_confirm: t("order-cancel-confirm"),
            at_guesthouse: t("order-at-guesthouse"),
            copy: t("order-copy"),
            copy_account: t("order-copy-account"),
            copy_title: t("order-copy-title"),
            copied_account: t("order-copied-account"),
            copied_title: t("order-copied-title"),
            summary_heading: t("order-summary-heading"),
            skip: t("order-skip"),
            contact: t("order-contact"),
            regulations: t("order-regulations"),
            links: t("order-links"),
        }
    }
}

/// The stylesheet and script of the page, served by the gateway itself
/// (the page must not depend on the app's build), named by their content
/// so a new version is fetched at once and an old one cached for a year.
struct Assets {
    css: String,
    js: String,
}

const ORDER_CSS: &str = include_str!("../../assets/order.css");
const ORDER_JS: &str = include_str!("../../assets/order.js");

fn assets() -> &'static Assets {
    static ASSETS: std::sync::OnceLock<Assets> = std::sync::OnceLock::new();
    ASSETS.get_or_init(|| Assets {
        css: format!("/order/assets/{}.css", content_hash(ORDER_CSS)),
        js: format!("/order/assets/{}.js", content_hash(ORDER_JS)),
    })
}

/// A name that changes with the file (xxh3, as the cached answers' tags).
fn content_hash(text: &str) -> String {
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(text.as_bytes()))
}

/// `GET /order/assets/{name}`: the page's stylesheet or script by its current name.
async fn asset(Path(name): Path<String>) -> Response {
    let a = assets();
    let (body, kind) = if a.css.ends_with(&format!("/{name}")) {
        (ORDER_CSS, "text/css; charset=utf-8")
    } else if a.js.ends_with(&format!("/{name}")) {
        (ORDER_JS, "text/javascript; charset=utf-8")
    } else {
        return StatusCode::NOT_FOUND.into_response();
    };
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "public, max-age=31536000, immutable")], body).into_response()
}

/// The shop around the order: its name, address and contacts (the
/// guesthouse's settings, one source with the contact page) and the shop's
/// pages in the order's language.
struct ShopFrame {
    /// The shop's name in the header, as the app writes it.
    brand: String,
    /// The guesthouse's name as its settings give it.
    name: String,
    street: String,
    postcode: String,
    city: String,
    phones: Vec<FramePhone>,
    email: String,
    home: &'static str,
    contact: &'static str,
    regulations: &'static str,
}

struct FramePhone {
    label: String,
    number: String,
    /// For `tel:`: the digits and a leading `+`.
    dial: String,
}

impl ShopFrame {
    /// The guesthouse's details in `locale`; without them (the content
    /// service down) its name alone, so the page still tells the guest how
    /// to pay.
    fn of(guesthouse: Option<spa_proto::spa::content::v1::Guesthouse>, locale: Locale) -> Self {
        let g = guesthouse.unwrap_or_default();
        let (home, contact, regulations) = shop_paths(locale);
        Self {
            brand: text(locale, "order-shop-name"),
            name: if g.name.is_empty() { text(locale, "order-shop-name") } else { g.name },
            street: g.street,
            postcode: g.postcode,
            city: g.city,
            phones: g
                .phones
                .into_iter()
                .map(|p| FramePhone {
                    label: super::guesthouse::shown(p.label, locale),
                    dial: p.number.chars().filter(|c| c.is_ascii_digit() || *c == '+').collect(),
                    number: p.number,
                })
                .collect(),
            email: g.reception.map(|d| d.email).unwrap_or_default(),
            home,
            contact,
            regulations,
        }
    }
}

/// The shop's home, contact and regulations pages in `locale`, as the app
/// routes them (web/src/config/paths.ts; German is told by its host).
fn shop_paths(locale: Locale) -> (&'static str, &'static str, &'static str) {
    match locale {
        Locale::Pl => ("/", "/kontakt", "/regulamin"),
        Locale::De => ("/", "/kontakt", "/regulations"),
        Locale::EnGb => ("/en", "/en/contact", "/en/regulations"),
    }
}

/// A line of the order's summary: what was bought, what it is for, what it cost.
struct SummaryLine {
    name: String,
    about: Vec<String>,
    amount: String,
    /// Belongs to the line above (a stay's package, an extra bed).
    sub: bool,
}

/// A line of the totals.
struct TotalRow {
    label: String,
    amount: String,
    main: bool,
}

/// The order's lines as the guest reads them: a stay's dates and nights
/// and its guests, a package's treatments, a quantity above one.
fn summary_lines(items: &[CartItem], locale: Locale, sub: bool, lines: &mut Vec<SummaryLine>) {
    for item in items {
        let mut about = Vec::new();
        if let Some(stay) = &item.stay {
            let nights = [("from", dmy_of(&stay.check_in).into()), ("to", dmy_of(&stay.check_out).into()), ("nights", stay.nights.into())];
            about.push(text_with(locale, "order-stay", &nights));
            let mut guests = text_with(locale, "order-guests", &[("count", (stay.adults + stay.children).into())]);
            if stay.babies > 0 {
                guests = format!("{guests}, {}", text_with(locale, "order-babies", &[("count", stay.babies.into())]));
            }
            about.push(guests);
        } else if item.quantity > 1 {
            about.push(text_with(locale, "order-quantity", &[("count", item.quantity.into())]));
        }
        if !item.treatments.is_empty() {
            let list = item.treatments.iter().map(|t| format!("{} × {}", t.name, t.quantity)).collect::<Vec<_>>().join(", ");
            about.push(text_with(locale, "order-treatments", &[("list", list.into())]));
        }
        let name = item.product.as_ref().map(|p| p.name.clone()).filter(|n| !n.is_empty()).unwrap_or_else(|| item.code.clone());
        lines.push(SummaryLine { name, about, amount: spa_platform::money::pln(locale, item.total), sub });
        summary_lines(&item.children, locale, true, lines);
    }
}

/// What the order costs, what vouchers and shipping did to it, and what
/// is paid now (or was) and later.
fn total_rows(order: &Order, locale: Locale) -> Vec<TotalRow> {
    let money = |amount: i64| spa_platform::money::pln(locale, amount);
    let totals = order.totals.clone().unwrap_or_default();
    let row = |id: &str, amount: i64, main: bool| TotalRow { label: text(locale, id), amount: money(amount), main };
    let mut rows = vec![row("order-total", totals.total, false)];
    if totals.vouchers != 0 {
        rows.push(row("order-vouchers", -totals.vouchers.abs(), false));
    }
    if totals.shipping > 0 {
        rows.push(row("order-shipping", totals.shipping, false));
    }
    if order.money_received {
        rows.push(row("order-received", order.received, true));
    } else if OrderState::from_wire(order.state) != Some(OrderState::Cancelled) {
        rows.push(row("order-due-now", order.due_now, true));
    }
    if order.paid_later > 0 {
        rows.push(row("order-left-later", order.paid_later, false));
    }
    rows
}

#[derive(Template)]
#[template(path = "order_pay.html")]
struct PayPage {
    token: String,
    lang: &'static str,
    t: Texts,
    assets: &'static Assets,
    shop: ShopFrame,
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
    /// The IBAN in groups of four.
    account: BankAccount,
    due_now: String,
    /// When the held nights are let go, on the guesthouse's clock.
    deadline: String,
    email: String,
    complete_link: String,
    at_guesthouse: bool,
    lines: Vec<SummaryLine>,
    totals: Vec<TotalRow>,
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
    let (mut orders, mut content) = (state.clients.orders.clone(), state.clients.content.clone());
    let (order, guesthouse) = tokio::join!(
        orders.get_order(GetOrderRequest { token, locale: String::new() }),
        content.get_guesthouse(spa_proto::spa::content::v1::GetGuesthouseRequest {}),
    );
    let order = match order {
        Ok(o) => o.into_inner(),
        Err(s) if matches!(s.code(), tonic::Code::NotFound | tonic::Code::InvalidArgument) => {
            return Err(ApiError::not_found(ErrorCode::OrderNotFound));
        }
        Err(s) => return Err(s.into()),
    };
    let guesthouse = guesthouse
        .map(tonic::Response::into_inner)
        .inspect_err(|s| tracing::warn!(code = ?s.code(), "order page without the guesthouse's details"))
        .ok();
    let locale = Locale::parse(&order.locale).unwrap_or_default();
    let t = Texts::of(locale);
    let method = PaymentMethod::from_wire(order.payment_method);
    let online = matches!(method, Some(PaymentMethod::Przelewy24 | PaymentMethod::Paypal));
    // The account the cart's settings name now; none set, the guest is told to ask.
    let account =
        state.clients.settings.clone().get_payment_settings(GetSettingsRequest {}).await?.into_inner().bank_account.unwrap_or_default();
    let mut lines = Vec::new();
    summary_lines(&order.items, locale, false, &mut lines);
    let page = PayPage {
        token: order.token.clone(),
        lang: lang(locale),
        assets: assets(),
        shop: ShopFrame::of(guesthouse, locale),
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
        account: BankAccount { iban: spa_platform::money::grouped_iban(&account.iban), ..account },
        due_now: spa_platform::money::pln(locale, order.due_now),
        deadline: deadline(locale, order.hold_expires_at_ms),
        email: order.email.clone(),
        complete_link: complete_path(locale, &order.booking_code),
        totals: total_rows(&order, locale),
        lines,
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

/// The hold's end as the guest reads it: `29.11.2026, 13:43 (Polish time)`;
/// "" when no nights are held.
fn deadline(locale: Locale, ms: i64) -> String {
    let at = spa_platform::dates::local_minutes(ms);
    if at.is_empty() { at } else { format!("{at} ({})", text(locale, "order-local-time")) }
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

    fn stay(adults: u32, babies: u32) -> CartItem {
        CartItem {
            code: "ROOM_STANDARD_DOUBLE".into(),
            quantity: 1,
            total: 64000,
            product: Some(spa_proto::spa::catalog::v1::Product { name: "Pokój dwuosobowy".into(), ..Default::default() }),
            stay: Some(spa_proto::spa::cart::v1::Stay {
                check_in: "2027-05-16".into(),
                check_out: "2027-05-18".into(),
                nights: 2,
                adults,
                children: 0,
                babies,
            }),
            children: vec![CartItem {
                code: "PKG_ROMANTIC_WEEKEND".into(),
                quantity: 1,
                total: 52000,
                product: Some(spa_proto::spa::catalog::v1::Product { name: "Romantyczny weekend".into(), ..Default::default() }),
                treatments: vec![spa_proto::spa::cart::v1::TreatmentLine { code: "T".into(), name: "Masaż".into(), quantity: 2 }],
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn a_stay_reads_with_its_days_nights_guests_and_package_in_each_language() {
        let mut lines = Vec::new();
        summary_lines(&[stay(2, 1)], Locale::Pl, false, &mut lines);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].name, "Pokój dwuosobowy");
        assert_eq!(lines[0].about, ["16.05.2027 – 18.05.2027, 2 noce", "2 gości, 1 niemowlę"]);
        assert_eq!((lines[1].name.as_str(), lines[1].sub), ("Romantyczny weekend", true));
        assert_eq!(lines[1].about, ["Zabiegi: Masaż × 2"]);
        let mut lines = Vec::new();
        summary_lines(&[stay(1, 0)], Locale::De, false, &mut lines);
        assert_eq!(lines[0].about, ["16.05.2027 – 18.05.2027, 2 Nächte", "1 Gast"]);
        let mut lines = Vec::new();
        summary_lines(&[stay(5, 2)], Locale::EnGb, false, &mut lines);
        assert_eq!(lines[0].about, ["16.05.2027 – 18.05.2027, 2 nights", "5 guests, 2 babies"]);
    }

    #[test]
    fn the_totals_say_what_is_paid_now_and_later() {
        let order = Order {
            totals: Some(spa_proto::spa::cart::v1::Totals { total: 116000, vouchers: 10000, ..Default::default() }),
            due_now: 31800,
            paid_later: 74200,
            ..Default::default()
        };
        let rows: Vec<(String, String, bool)> = total_rows(&order, Locale::EnGb).into_iter().map(|r| (r.label, r.amount, r.main)).collect();
        let row = |label: &str, amount: &str, main| (label.to_owned(), amount.to_owned(), main);
        assert_eq!(
            rows,
            [
                row("Order value", &spa_platform::money::pln(Locale::EnGb, 116000), false),
                row("Paid with a gift voucher", &spa_platform::money::pln(Locale::EnGb, -10000), false),
                row("To pay now", &spa_platform::money::pln(Locale::EnGb, 31800), true),
                row("Left to pay later", &spa_platform::money::pln(Locale::EnGb, 74200), false),
            ]
        );
    }

    #[test]
    fn the_deadline_is_on_the_guesthouse_clock_and_said_so() {
        assert_eq!(deadline(Locale::Pl, 1_800_000_000_000), "15.01.2027, 09:00 (czasu polskiego)");
        assert_eq!(deadline(Locale::EnGb, 1_800_000_000_000), "15.01.2027, 09:00 (Polish time)");
        assert_eq!(deadline(Locale::De, 0), "");
    }

    #[tokio::test]
    async fn the_pages_style_and_script_are_served_by_their_current_names_only() {
        use axum::body::to_bytes;
        let css = assets().css.rsplit('/').next().unwrap().to_owned();
        let answer = asset(Path(css)).await;
        assert_eq!(answer.status(), StatusCode::OK);
        assert_eq!(answer.headers()[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
        assert_eq!(to_bytes(answer.into_body(), usize::MAX).await.unwrap(), ORDER_CSS.as_bytes());
        assert_eq!(asset(Path("0000000000000000.css".into())).await.status(), StatusCode::NOT_FOUND);
        assert!(assets().js.ends_with(".js") && assets().js != assets().css);
    }

    #[test]
    fn the_complete_page_is_in_the_orders_language() {
        assert_eq!(complete_path(Locale::Pl, "SPA-7KM4-XQ9D"), "/basket/complete?bookingCode=SPA-7KM4-XQ9D");
        assert_eq!(complete_path(Locale::EnGb, "SPA-7KM4-XQ9D"), "/en/basket/complete?bookingCode=SPA-7KM4-XQ9D");
    }
}
