//! Paying online through Przelewy24, against a local fake of its REST API
//! that checks what the real one checks (basic auth, SHA-384 signs, the
//! amount) and signs its notifications with the shop's CRC key.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha384};

use crate::checkout::{Visitor, guest, reservation};
use crate::integrity::{Shop, hold_status, placed_order_id};
use crate::support::{TestStack, eventually, stay};
use spa_platform::db::Db;

const MERCHANT: i64 = 123_456;
const API_KEY: &str = "fake-api-key";
const CRC: &str = "fake-crc-key";

fn sha384(text: &str) -> String {
    Sha384::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[derive(Clone, Default)]
pub struct Fake {
    /// Where the shop under test listens (notifications and returns go there).
    shop: String,
    registered: Arc<Mutex<Vec<Value>>>,
    verified: Arc<Mutex<Vec<Value>>>,
    notifications: Arc<Mutex<Vec<Value>>>,
}

fn authorized(headers: &HeaderMap) -> bool {
    use base64::Engine;
    let expected = format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(format!("{MERCHANT}:{API_KEY}")));
    headers.get("authorization").and_then(|v| v.to_str().ok()) == Some(expected.as_str())
}

async fn register(State(fake): State<Fake>, headers: HeaderMap, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
    if !authorized(&headers) {
        return (StatusCode::UNAUTHORIZED, Json(json!({"error": "Incorrect authentication", "code": 401})));
    }
    let sign = sha384(&format!(
        r#"{{"sessionId":{},"merchantId":{MERCHANT},"amount":{},"currency":"PLN","crc":"{CRC}"}}"#,
        body["sessionId"], body["amount"]
    ));
    if body["sign"] != sign || body["merchantId"] != MERCHANT || body["currency"] != "PLN" {
        return (StatusCode::BAD_REQUEST, Json(json!({"error": "Incorrect sign", "code": 400})));
    }
    let mut registered = fake.registered.lock().unwrap();
    let token = format!("TOKEN{}", registered.len() + 1);
    registered.push(json!({"token": token, "body": body}));
    (StatusCode::OK, Json(json!({"data": {"token": token}, "responseCode": 0})))
}

fn notification_sign(n: &Value) -> String {
    sha384(&format!(
        r#"{{"merchantId":{},"posId":{},"sessionId":{},"amount":{},"originAmount":{},"currency":{},"orderId":{},"methodId":{},"statement":{},"crc":"{CRC}"}}"#,
        n["merchantId"],
        n["posId"],
        n["sessionId"],
        n["amount"],
        n["originAmount"],
        n["currency"],
        n["orderId"],
        n["methodId"],
        n["statement"]
    ))
}

impl Fake {
    /// The notification Przelewy24 sends once the guest paid on `page` (its
    /// payment page, or that page's token), signed and remembered (so it
    /// verifies), not sent. Przelewy24's id of the transaction is one per
    /// registration, as the real one's.
    fn notification(&self, page: &str) -> Value {
        let token = page.rsplit('/').next().unwrap();
        let registered = self.registered.lock().unwrap();
        let at = registered.iter().position(|r| r["token"] == token).expect("a registered token");
        let body = &registered[at]["body"];
        let mut n = json!({
            "merchantId": MERCHANT, "posId": MERCHANT, "sessionId": body["sessionId"], "amount": body["amount"],
            "originAmount": body["amount"], "currency": "PLN", "orderId": 31_337 + at, "methodId": 25, "statement": "p24-K1-L2",
        });
        drop(registered);
        n["sign"] = json!(notification_sign(&n));
        self.notifications.lock().unwrap().push(n.clone());
        n
    }
}

/// The guest pays on Przelewy24's page: it notifies the shop, then sends
/// the guest back.
async fn pay(State(fake): State<Fake>, Path(token): Path<String>) -> (StatusCode, HeaderMap) {
    let n = fake.notification(&token);
    let registered = fake.registered.lock().unwrap().iter().find(|r| r["token"] == token).cloned().expect("a registered token");
    let body = &registered["body"];
    let status_path = body["urlStatus"].as_str().unwrap().splitn(4, '/').nth(3).unwrap().to_owned();
    let r = reqwest::Client::new().post(format!("{}/{status_path}", fake.shop)).json(&n).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200, "the shop took the notification: {}", r.text().await.unwrap());
    let mut headers = HeaderMap::new();
    headers.insert("location", body["urlReturn"].as_str().unwrap().parse().unwrap());
    (StatusCode::FOUND, headers)
}

async fn verify(State(fake): State<Fake>, headers: HeaderMap, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
    // As slow as a provider: two verifications asked at once overlap.
    tokio::time::sleep(PROVIDER_DELAY).await;
    if !authorized(&headers) {
        return (StatusCode::UNAUTHORIZED, Json(json!({"error": "Incorrect authentication"})));
    }
    let sign = sha384(&format!(
        r#"{{"sessionId":{},"orderId":{},"amount":{},"currency":"PLN","crc":"{CRC}"}}"#,
        body["sessionId"], body["orderId"], body["amount"]
    ));
    let notified = fake.notifications.lock().unwrap().iter().any(|n| n["sessionId"] == body["sessionId"] && n["amount"] == body["amount"]);
    if body["sign"] != sign || !notified {
        return (StatusCode::BAD_REQUEST, Json(json!({"error": "Incorrect sign or amount"})));
    }
    fake.verified.lock().unwrap().push(body);
    (StatusCode::OK, Json(json!({"data": {"status": "success"}, "responseCode": 0})))
}

/// A stack whose Przelewy24 is a fake of its own, serving: the stack, the
/// fake, and the fake's address. `adjust` sets the gateway's limits.
async fn shop_with_przelewy24(adjust: impl FnOnce(&mut spa_gateway::GatewayConfig)) -> (TestStack, Fake, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let settings = przelewy24_settings(&url);
    let settings: Vec<(&str, &str)> = settings.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let t = TestStack::start_with_settings(adjust, &settings).await;
    let fake = Fake { shop: t.base.clone(), ..Fake::default() };
    serve(fake.clone(), listener);
    (t, fake, url)
}

/// The cart's settings for the fake Przelewy24 at `url`.
pub fn przelewy24_settings(url: &str) -> Vec<(&'static str, String)> {
    vec![
        ("P24_URL", url.to_owned()),
        ("P24_MERCHANT_ID", MERCHANT.to_string()),
        ("P24_API_KEY", API_KEY.to_owned()),
        ("P24_CRC", CRC.to_owned()),
    ]
}

/// A fake Przelewy24 on `listener`, notifying the shop at `shop`.
pub fn fake_przelewy24(shop: &str, listener: tokio::net::TcpListener) -> Fake {
    let fake = Fake { shop: shop.to_owned(), ..Fake::default() };
    serve(fake.clone(), listener);
    fake
}

fn serve(fake: Fake, listener: tokio::net::TcpListener) {
    let app = axum::Router::new()
        .route("/api/v1/transaction/register", axum::routing::post(register))
        .route("/api/v1/transaction/verify", axum::routing::put(verify))
        .route("/trnRequest/{token}", axum::routing::get(pay))
        .with_state(fake);
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
}

#[tokio::test]
async fn a_guest_pays_the_advance_online_once_and_the_booking_is_confirmed() {
    use reqwest::Method;
    let (t, fake, url) = shop_with_przelewy24(|_| {}).await;

    let v = Visitor::new(&t.http, &t.base).await;
    let (from, to) = stay(65, 2);
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    v.step(Method::PUT, "address", guest()).await;
    let (_, payment) = v.step(Method::GET, "payment", Value::Null).await;
    let codes: Vec<&str> = payment["payments"][0]["methods"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["bank_transfer", "przelewy24"], "PayPal is not offered while it is not connected");
    let (status, cart) = v.step(Method::PUT, "payment/0", json!({"method": "przelewy24", "deposit": true})).await;
    assert_eq!(status, 200, "{cart}");
    let (status, order) = v.complete(None).await;
    assert_eq!(status, 200, "{order}");
    let deposit = order["dueNow"].as_i64().unwrap();
    assert_eq!(deposit, order["totals"]["deposit"].as_i64().unwrap());

    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let page = |token: &str| {
        let request = no_redirects.get(t.url(&format!("/order/{token}/pay")));
        async move { request.send().await.unwrap().text().await.unwrap() }
    };
    let html = page(&v.token).await;
    assert!(html.contains(&format!("/order/{}/pay/online", v.token)) && html.contains("Zapłać online przez Przelewy24"), "{html}");

    // Start: registered with the amount due now, the guest sent to Przelewy24.
    let r = no_redirects.get(t.url(&format!("/order/{}/pay/online", v.token))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 303);
    let location = r.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(location, format!("{url}/trnRequest/TOKEN1"));
    let registered = fake.registered.lock().unwrap()[0]["body"].clone();
    assert_eq!(registered["amount"], deposit, "the advance payment, not the whole stay");
    assert_eq!(registered["email"], "anna@example.pl");
    assert!(registered["urlStatus"].as_str().unwrap().ends_with("/payments/przelewy24/status"));
    assert!(page(&v.token).await.contains("odśwież"), "a started payment is pending");

    // The guest pays; the notification is checked, verified, recorded.
    let back = no_redirects.get(&location).send().await.unwrap();
    assert_eq!(back.headers()["location"].to_str().unwrap(), registered["urlReturn"].as_str().unwrap());
    assert!(page(&v.token).await.contains("płatność dotarła"));
    assert_eq!(fake.verified.lock().unwrap().len(), 1);
    let paid: (String, String) = sqlx::query_as("SELECT state, payment_state FROM orders WHERE token = $1")
        .bind(&v.token)
        .fetch_one(t.stack.db("cart").pool())
        .await
        .unwrap();
    assert_eq!(paid, ("paid".to_owned(), "partially_paid".to_owned()), "the advance paid, the rest later");

    // The rooms service makes the hold a booking.
    let order_id: String = sqlx::query_scalar("SELECT order_id FROM orders WHERE token = $1")
        .bind(&v.token)
        .fetch_one(t.stack.db("cart").pool())
        .await
        .unwrap();
    eventually("the booking to be confirmed", || {
        let (rooms, order_id) = (t.stack.db("rooms"), order_id.clone());
        async move {
            let status: String =
                sqlx::query_scalar("SELECT status FROM holds WHERE order_id = $1").bind(order_id).fetch_one(rooms.pool()).await.unwrap();
            (status == "confirmed").then_some(())
        }
    })
    .await;

    // A replay changes nothing; a forged or changed notification is refused.
    let notify = |body: Value| {
        let request = t.http.post(t.url("/payments/przelewy24/status")).json(&body);
        async move { request.send().await.unwrap().status().as_u16() }
    };
    let sent = fake.notifications.lock().unwrap()[0].clone();
    assert_eq!(notify(sent.clone()).await, 200);
    assert_eq!(fake.verified.lock().unwrap().len(), 1, "a replay is not verified again");
    let paid_events: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE subject = 'cart.order.paid'")
        .fetch_one(t.stack.db("cart").pool())
        .await
        .unwrap();
    assert_eq!(paid_events, 1, "one cart.order.paid, whatever the replays");
    let mut forged = sent.clone();
    forged["sign"] = json!("0".repeat(96));
    assert_eq!(notify(forged).await, 400);
    let mut cheaper = sent.clone();
    cheaper["amount"] = json!(100);
    cheaper["originAmount"] = json!(100);
    cheaper["sign"] = json!(notification_sign(&cheaper));
    assert_eq!(notify(cheaper).await, 400, "signed right, but not the amount registered");
    let mut unknown = sent;
    unknown["sessionId"] = json!("no-such-session");
    unknown["sign"] = json!(notification_sign(&unknown));
    assert_eq!(notify(unknown).await, 400);

    // A paid order is not paid again: back to its page, which says it is paid.
    let again = no_redirects.get(t.url(&format!("/order/{}/pay/online", v.token))).send().await.unwrap();
    assert_eq!(again.status().as_u16(), 303);
    let back = again.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(back, format!("/order/{}/pay?payment=failed", v.token));
    let html = no_redirects.get(t.url(&back)).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("płatność dotarła") && !html.contains("Nie udało się rozpocząć"), "{html}");
}

/// A guest who starts paying in two tabs and pays in both at the same
/// moment is charged once: only the payment holding the order's claim is
/// verified, the other's notification is not, so Przelewy24 gives that
/// money back, and the order is paid once.
#[tokio::test]
async fn a_guest_who_pays_in_two_tabs_is_charged_once() {
    use reqwest::Method;
    let (t, fake, _) = shop_with_przelewy24(|_| {}).await;

    let v = Visitor::new(&t.http, &t.base).await;
    let (from, to) = stay(66, 2);
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    v.step(Method::PUT, "address", guest()).await;
    v.step(Method::PUT, "payment/0", json!({"method": "przelewy24"})).await;
    let (status, order) = v.complete(None).await;
    assert_eq!(status, 200, "{order}");

    // Paid online, so not the staff's to record as a transfer.
    let admin = Some(format!("spa_session={}", t.session_of("c-3", "admin@example.pl", "customer,admin").await));
    let code = order["bookingCode"].as_str().unwrap();
    let transfers = t.url(&format!("/shop-api/backend/orders/{code}/bank-transfers"));
    let (status, refused) =
        crate::staff::as_staff(&t.http, Method::POST, transfers, admin, json!({"amount": order["dueNow"], "reference": "R-1"})).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("not_bank_transfer")), "{refused}");

    // Two tabs, two payments started before either is paid.
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let mut tabs = Vec::new();
    for _ in 0..2 {
        let r = no_redirects.get(t.url(&format!("/order/{}/pay/online", v.token))).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 303);
        tabs.push(r.headers()["location"].to_str().unwrap().to_owned());
    }
    assert_ne!(tabs[0], tabs[1], "a session each");
    // Paid in both at the same moment: both notifications find the order
    // awaiting its payment; only the one holding the order's claim is taken.
    let paid_tabs = futures::future::join_all(tabs.iter().map(|tab| no_redirects.get(tab).send())).await;
    for paid in paid_tabs {
        // The fake checks that the shop answered its notification 200.
        assert_eq!(paid.unwrap().status().as_u16(), 302);
    }
    assert_eq!(fake.verified.lock().unwrap().len(), 1, "only one payment is taken");
    let cart = t.stack.db("cart");
    let states: Vec<String> = sqlx::query_scalar("SELECT state FROM payments WHERE order_token = $1 ORDER BY state")
        .bind(&v.token)
        .fetch_all(cart.pool())
        .await
        .unwrap();
    assert_eq!(states, ["paid", "started"], "the other is never taken, so none is due back");
    let paid: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE subject = 'cart.order.paid'").fetch_one(cart.pool()).await.unwrap();
    assert_eq!(paid, 1, "one cart.order.paid");
}

/// A guest's stay placed to be paid through Przelewy24, the payment started
/// (the guest is on Przelewy24's page): the visitor, the order's id in the
/// rooms service, the stay, and the page where the guest pays.
async fn przelewy24_started(shop: &Shop<'_>, in_days: i64) -> (Visitor, String, (String, String), String) {
    use reqwest::Method;
    let v = Visitor::new(&crate::support::client(), &shop.base).await;
    let (from, to) = stay(in_days, 2);
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    v.step(Method::PUT, "address", guest()).await;
    v.step(Method::PUT, "payment/0", json!({"method": "przelewy24"})).await;
    let (status, order) = v.complete(None).await;
    assert_eq!(status, 200, "{order}");
    let r = no_redirects().get(format!("{}/order/{}/pay/online", shop.base, v.token)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 303);
    let page = r.headers()["location"].to_str().unwrap().to_owned();
    let order_id = placed_order_id(shop.cart, &v.token).await;
    (v, order_id, (from, to), page)
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// How long an online payment's order holds its nights.
fn online_hold() -> Duration {
    Duration::from_secs(u64::from(spa_cart::domain::checkout::PaymentMethod::Przelewy24.hold_seconds(&Default::default(), 0, None)))
}

/// The hold of an order paid online runs out before the money comes (the
/// clock moves past it), and the cart cancels the order for it.
async fn hold_runs_out(shop: &Shop<'_>, token: &str) {
    shop.clocks.advance(online_hold() + Duration::from_secs(60)).await;
    eventually("the order to be cancelled for want of payment", || async {
        let state: String =
            sqlx::query_scalar("SELECT state FROM orders WHERE token = $1").bind(token).fetch_one(shop.cart.pool()).await.unwrap();
        (state == "cancelled").then_some(())
    })
    .await;
}

async fn order_states(cart: &Db, token: &str) -> (String, String, String) {
    sqlx::query_as("SELECT state, payment_state, cancel_reason FROM orders WHERE token = $1")
        .bind(token)
        .fetch_one(cart.pool())
        .await
        .unwrap()
}

/// The guest pays a few minutes after the hold ran out (a slow bank): the
/// nights are still free, so the payment takes them again before it is
/// verified; the order comes back, is paid and its booking confirmed.
pub async fn a_late_payment_takes_its_still_free_nights_again(shop: &Shop<'_>, fake: &Fake, in_days: i64) {
    let verified = fake.verified.lock().unwrap().len();
    let (v, order_id, _, page) = przelewy24_started(shop, in_days).await;
    hold_runs_out(shop, &v.token).await;
    assert_eq!(no_redirects().get(&page).send().await.unwrap().status().as_u16(), 302, "the shop took the notification");
    assert_eq!(fake.verified.lock().unwrap().len(), verified + 1, "verified once the nights were secured");
    assert_eq!(order_states(shop.cart, &v.token).await, ("paid".to_owned(), "paid".to_owned(), String::new()));
    eventually("the booking to be confirmed", || async { (hold_status(shop.rooms, &order_id).await == "confirmed").then_some(()) }).await;
}

/// The guest pays after the hold ran out and the nights were sold to
/// someone else: the payment is not verified (Przelewy24 returns it), the
/// order stays cancelled for that reason, and the guest is told; a paid
/// order is never left without its room. The visitor's token.
pub async fn a_late_payment_whose_nights_were_sold_is_not_taken(shop: &Shop<'_>, fake: &Fake, in_days: i64) -> String {
    let verified = fake.verified.lock().unwrap().len();
    let (v, order_id, (from, to), page) = przelewy24_started(shop, in_days).await;
    hold_runs_out(shop, &v.token).await;
    let search = format!("{}/shop-api/rooms/search?from={from}&to={to}&adults=2&children=0&babies=0", shop.base);
    let rooms: Value = crate::support::client().get(search).send().await.unwrap().json().await.unwrap();
    let left = rooms["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["code"] == crate::checkout::ROOM)
        .map_or(0, |r| r["available"].as_u64().unwrap());
    crate::checkout::take_rooms(&shop.rooms_addr, &from, &to, left as u32).await;

    assert_eq!(no_redirects().get(&page).send().await.unwrap().status().as_u16(), 302, "the shop answered the notification");
    assert_eq!(fake.verified.lock().unwrap().len(), verified, "not taken: Przelewy24 returns the money");
    let (state, _, reason) = order_states(shop.cart, &v.token).await;
    assert_eq!(state, "cancelled", "{reason}");
    let payment: String =
        sqlx::query_scalar("SELECT state FROM payments WHERE order_token = $1").bind(&v.token).fetch_one(shop.cart.pool()).await.unwrap();
    assert_eq!(payment, "refused");
    let cancelled = |token: String| async move {
        let events: Vec<Vec<u8>> = sqlx::query_scalar("SELECT payload FROM outbox WHERE subject = 'cart.order.cancelled'")
            .fetch_all(shop.cart.pool())
            .await
            .unwrap();
        events
            .iter()
            .filter(|p| <spa_proto::events::OrderCancelled as prost::Message>::decode(p.as_slice()).unwrap().token == token)
            .count()
    };
    assert_eq!(cancelled(v.token.clone()).await, 2, "one for the expiry, one for the late payment");
    // Notified again (Przelewy24 retries): nothing more happens.
    let sent = fake
        .notifications
        .lock()
        .unwrap()
        .iter()
        .rev()
        .find(|n| n["sessionId"].as_str().is_some_and(|s| s.starts_with(&order_id)))
        .cloned()
        .unwrap();
    let again = crate::support::client().post(format!("{}/payments/przelewy24/status", shop.base)).json(&sent).send().await.unwrap();
    assert_eq!(again.status().as_u16(), 200);
    assert_eq!(fake.verified.lock().unwrap().len(), verified);
    assert_eq!(cancelled(v.token.clone()).await, 2, "none for the retry");
    v.token
}

/// A late payment's notification comes four times at once (Przelewy24
/// retries while the shop is slow): one try brings the order back, the
/// others find it back already, so none gives its nights up; the order is
/// paid once and its booking confirmed.
pub async fn a_late_payment_notified_four_times_at_once_is_taken_once(shop: &Shop<'_>, fake: &Fake, in_days: i64) {
    let (v, order_id, _, page) = przelewy24_started(shop, in_days).await;
    hold_runs_out(shop, &v.token).await;
    let n = fake.notification(&page);
    let http = crate::support::client();
    let url = format!("{}/payments/przelewy24/status", shop.base);
    let tries = futures::future::join_all((0..4).map(|_| http.post(&url).json(&n).send())).await;
    for r in tries {
        let r = r.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{}", r.text().await.unwrap());
    }
    assert_eq!(order_states(shop.cart, &v.token).await, ("paid".to_owned(), "paid".to_owned(), String::new()));
    eventually("the booking to be confirmed", || async { (hold_status(shop.rooms, &order_id).await == "confirmed").then_some(()) }).await;
    let paid: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE order_token = $1 AND state = 'paid'")
        .bind(&v.token)
        .fetch_one(shop.cart.pool())
        .await
        .unwrap();
    assert_eq!(paid, 1, "recorded once");
}

/// The hold of an order runs out while its payment is being taken (claimed
/// at the provider, not verified yet): the expiry does not cancel it, and
/// the payment that then comes is taken and booked.
pub async fn an_order_being_paid_outlives_its_hold(shop: &Shop<'_>, fake: &Fake, in_days: i64) {
    let (v, order_id, _, page) = przelewy24_started(shop, in_days).await;
    let session: String = sqlx::query_scalar("SELECT session_id FROM payments WHERE order_token = $1")
        .bind(&v.token)
        .fetch_one(shop.cart.pool())
        .await
        .unwrap();
    // The shop is taking this payment (as between its claim and
    // Przelewy24's answer) when the hold runs out.
    let now = shop.clocks.advance(online_hold() - Duration::from_secs(60)).await;
    assert!(spa_cart::store::claim_payment(shop.cart, &v.token, &session, now).await.unwrap());
    shop.clocks.advance(Duration::from_secs(120)).await;
    let expiry = eventually("the hold's expiry to be published", || async {
        let events: Vec<(String, Vec<u8>)> = sqlx::query_as("SELECT id, payload FROM outbox WHERE subject = 'rooms.hold.expired'")
            .fetch_all(shop.rooms.pool())
            .await
            .unwrap();
        events.into_iter().find_map(|(id, payload)| {
            let expired = <spa_proto::events::HoldExpired as prost::Message>::decode(payload.as_slice()).unwrap();
            (expired.order_id == order_id).then_some(id)
        })
    })
    .await;
    eventually("the cart to have handled the expiry", || async {
        let handled: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM processed_events WHERE consumer = $1 AND event_id = $2")
            .bind(spa_cart::events::EXPIRY_CONSUMER)
            .bind(&expiry)
            .fetch_one(shop.cart.pool())
            .await
            .unwrap();
        (handled == 1).then_some(())
    })
    .await;
    assert_eq!(order_states(shop.cart, &v.token).await, ("new".to_owned(), "awaiting_payment".to_owned(), String::new()), "not cancelled");
    assert_eq!(no_redirects().get(&page).send().await.unwrap().status().as_u16(), 302, "the shop took the notification");
    assert!(fake.verified.lock().unwrap().iter().any(|b| b["sessionId"] == session.as_str()), "verified");
    assert_eq!(order_states(shop.cart, &v.token).await.0, "paid");
    eventually("the booking to be confirmed", || async { (hold_status(shop.rooms, &order_id).await == "confirmed").then_some(()) }).await;
}

#[tokio::test]
async fn a_late_payment_notified_four_times_at_once_is_taken_once_on_sqlite() {
    let (t, fake, _) = shop_with_przelewy24(|_| {}).await;
    a_late_payment_notified_four_times_at_once_is_taken_once(&Shop::of(&t).await, &fake, 93).await;
}

#[tokio::test]
async fn an_order_being_paid_outlives_its_hold_on_sqlite() {
    let (t, fake, _) = shop_with_przelewy24(|_| {}).await;
    an_order_being_paid_outlives_its_hold(&Shop::of(&t).await, &fake, 94).await;
}

#[tokio::test]
async fn a_late_payment_takes_its_still_free_nights_again_on_sqlite() {
    let (t, fake, _) = shop_with_przelewy24(|_| {}).await;
    a_late_payment_takes_its_still_free_nights_again(&Shop::of(&t).await, &fake, 91).await;
}

#[tokio::test]
async fn a_late_payment_whose_nights_were_sold_is_not_taken_and_the_guest_is_told() {
    let (t, fake, _) = shop_with_przelewy24(|_| {}).await;
    let token = a_late_payment_whose_nights_were_sold_is_not_taken(&Shop::of(&t).await, &fake, 92).await;
    let mail = eventually("the guest's e-mail about the late payment", || async {
        let ids: Vec<String> =
            sqlx::query_scalar("SELECT id FROM outgoing_mail WHERE recipient = 'anna@example.pl' AND subject LIKE 'Rezerwacja anulowana%'")
                .fetch_all(t.stack.db("content").pool())
                .await
                .unwrap();
        ids.iter().filter_map(|id| t.delivered_mail(id)).map(|m| crate::support::readable(&m)).find(|m| m.contains("nie została pobrana"))
    })
    .await;
    assert!(mail.contains("sprzedany") && mail.contains(&format!("/order/{token}/pay")), "{mail}");
}

/// Pays order `token` on the fake Przelewy24 page, as the guest would.
async fn pay_online(t: &TestStack, token: &str) {
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let r = no_redirects.get(t.url(&format!("/order/{token}/pay/online"))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 303, "{}", r.text().await.unwrap());
    let location = r.headers()["location"].to_str().unwrap().to_owned();
    let back = no_redirects.get(&location).send().await.unwrap();
    assert_eq!(back.status().as_u16(), 302);
}

async fn balance(t: &TestStack, code: &str) -> i64 {
    sqlx::query_scalar("SELECT balance FROM gift_vouchers WHERE code = $1").bind(code).fetch_one(t.stack.db("cart").pool()).await.unwrap()
}

/// A gift voucher bought online gets its code on payment, e-mailed to its
/// recipient; later baskets spend it, never past its value, even when two
/// complete at once; a cancelled order gives back what it took.
#[tokio::test]
async fn a_gift_voucher_bought_online_pays_for_later_stays_until_it_is_spent() {
    use reqwest::Method;
    let (t, _, _) = shop_with_przelewy24(|g| g.limits.writes.burst = 1000).await;

    // Adam buys a voucher for Ola, e-mailed to her, and pays online.
    let buyer = Visitor::new(&t.http, &t.base).await;
    let dedication = json!({"for": "Ola", "from": "Adam", "message": "Na relaks", "email": "ola@example.pl"});
    let (status, cart) =
        buyer.add(json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 0, "dedication": dedication}})).await;
    assert_eq!(status, 201, "{cart}");
    let value = cart["items"][0]["price"]["current"].as_i64().unwrap();
    buyer.step(Method::PUT, "address", guest()).await;
    let config =
        json!({"for": "Ola", "from": "Adam", "message": "Na relaks", "email": "ola@example.pl", "design": "relax", "delivery": "email"});
    let (status, cart) = buyer.step(Method::PUT, "vouchers/0", config).await;
    assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("vouchered")), "{cart}");
    let (status, cart) = buyer.step(Method::PUT, "payment/0", json!({"method": "przelewy24"})).await;
    assert_eq!(status, 200, "{cart}");
    let (status, order) = buyer.complete(None).await;
    assert_eq!(status, 200, "{order}");
    let codes = || async {
        let rows: Vec<(String, i64, i64)> = sqlx::query_as("SELECT code, value, balance FROM gift_vouchers ORDER BY code")
            .fetch_all(t.stack.db("cart").pool())
            .await
            .unwrap();
        rows
    };
    assert!(codes().await.is_empty(), "no code before the payment");
    pay_online(&t, &buyer.token).await;
    let issued = codes().await;
    assert_eq!(issued.len(), 1);
    let (code, worth, left) = issued[0].clone();
    assert_eq!((worth, left), (value, value), "worth what was paid");
    assert!(code.starts_with("GV-") && code.len() == 17, "{code}");

    // Ola gets the code; Adam gets the payment's confirmation.
    let voucher_mail = eventually("the voucher e-mail", || async {
        let id: String = sqlx::query_scalar("SELECT id FROM outgoing_mail WHERE recipient = 'ola@example.pl'")
            .fetch_optional(t.stack.db("content").pool())
            .await
            .unwrap()?;
        t.delivered_mail(&id)
    })
    .await;
    assert!(voucher_mail.contains(&code) && voucher_mail.contains("Na relaks"), "{voucher_mail}");
    let paid_mails: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outgoing_mail WHERE recipient = 'anna@example.pl' AND subject LIKE 'Płatność otrzymana%'")
            .fetch_one(t.stack.db("content").pool())
            .await
            .unwrap();
    assert_eq!(paid_mails, 1, "one payment confirmation");
    // An order without nights holds nothing for the rooms service to confirm: nothing fails.
    let parked: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM dead_letters").fetch_one(t.stack.db("rooms").pool()).await.unwrap();
    assert_eq!(parked, 0, "no event parked in the rooms service");

    // Two guests put the code on their stays.
    let mut guests = Vec::new();
    for days in [70, 74] {
        let g = Visitor::new(&t.http, &t.base).await;
        let (from, to) = stay(days, 2);
        let (_, cart) = g.add(reservation(&from, &to)).await;
        let line = cart["items"][0]["id"].clone();
        let typed = code.to_lowercase().replace('-', " ");
        let (status, cart) =
            g.send(Method::PUT, &format!("/shop-api/carts/{}/items/{line}/voucher", g.token), json!({"code": typed})).await;
        assert_eq!(status, 200, "{cart}");
        assert_eq!(cart["vouchers"], json!([code]));
        let total = cart["totals"]["total"].as_i64().unwrap();
        assert!(total > value, "the stay costs more than the voucher: {cart}");
        assert_eq!(cart["items"][0]["redemption"]["amount"], value);
        assert_eq!((cart["totals"]["vouchers"].as_i64(), cart["totals"]["leftToPay"].as_i64()), (Some(value), Some(total - value)));
        g.step(Method::PUT, "address", guest()).await;
        let (status, _) = g.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
        assert_eq!(status, 200);
        guests.push(g);
    }
    // Wrong uses: an unknown code, a voucher paying for a voucher.
    let g = &guests[0];
    let (_, cart) = g.send(Method::GET, &format!("/shop-api/carts/{}", g.token), Value::Null).await;
    let stay_line = cart["items"][0]["id"].clone();
    let redeem = |line: &Value, code: &str| {
        let (path, body) = (format!("/shop-api/carts/{}/items/{line}/voucher", g.token), json!({"code": code}));
        async move { g.send(Method::PUT, &path, body).await }
    };
    let (status, error) = redeem(&stay_line, "GV-AAAA-AAAA-AAAA").await;
    assert_eq!((status, error["code"].as_str(), error["errors"][0]["field"].as_str()), (404, Some("voucher_code_unknown"), Some("code")));
    let (_, cart) = g.add(json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 0}})).await;
    let gift = cart["items"].as_array().unwrap().iter().find(|l| l["type"] == "voucher").unwrap()["id"].clone();
    assert_eq!(redeem(&gift, &code).await.1["code"], "voucher_not_applicable");
    let (status, _) = g.send(Method::DELETE, &format!("/shop-api/carts/{}/items/{gift}", g.token), Value::Null).await;
    assert_eq!(status, 200);
    g.step(Method::PUT, "address", guest()).await;
    g.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;

    // Both complete at once: the voucher pays for one of them only.
    let (a, b) = tokio::join!(guests[0].complete(None), guests[1].complete(None));
    let mut answers = [a, b];
    answers.sort_by_key(|(status, _)| *status);
    assert_eq!(answers[0].0, 200, "{}", answers[0].1);
    assert_eq!((answers[1].0, answers[1].1["code"].as_str()), (409, Some("voucher_spent")), "{}", answers[1].1);
    let order = &answers[0].1;
    assert_eq!(order["totals"]["vouchers"], value);
    assert_eq!(order["dueNow"].as_i64().unwrap(), order["totals"]["total"].as_i64().unwrap() - value);
    assert_eq!(balance(&t, &code).await, 0);
    let loser = guests.iter().find(|g| order["tokenValue"] != g.token.as_str()).unwrap();
    let (_, cart) = loser.send(Method::GET, &format!("/shop-api/carts/{}", loser.token), Value::Null).await;
    assert_eq!((cart["items"][0]["redemption"]["amount"].as_i64(), cart["totals"]["vouchers"].as_i64()), (Some(0), Some(0)), "{cart}");
    // Its code still on the line, it pays nothing: completing again is
    // refused rather than placing the order at the full price unasked.
    let (status, error) = loser.complete(None).await;
    assert_eq!((status, error["code"].as_str()), (409, Some("voucher_spent")), "{error}");
    let line = cart["items"][0]["id"].clone();
    let (status, error) =
        loser.send(Method::PUT, &format!("/shop-api/carts/{}/items/{line}/voucher", loser.token), json!({"code": code})).await;
    assert_eq!((status, error["code"].as_str()), (409, Some("voucher_spent")), "{error}");

    // The winner never pays: the hold expires and the voucher's value comes back.
    t.advance(crate::checkout::transfer_hold() + Duration::from_secs(60));
    eventually("the voucher's value to come back", || async { (balance(&t, &code).await == value).then_some(()) }).await;
    let (status, cart) = loser.send(Method::GET, &format!("/shop-api/carts/{}", loser.token), Value::Null).await;
    assert_eq!((status, cart["totals"]["vouchers"].as_i64()), (200, Some(value)), "{cart}");
    let (status, order) = loser.complete(None).await;
    assert_eq!((status, order["totals"]["vouchers"].as_i64()), (200, Some(value)), "{order}");
}

// ---------------------------------------------------------------------------
// PayPal (Orders v2), against a local fake that checks the client's
// credentials and bearer token, keeps orders through approval and capture,
// and confirms webhook signatures only for the transmissions it sent.

const PAYPAL_CLIENT: &str = "fake-client";
const PAYPAL_SECRET: &str = "fake-secret";
const PAYPAL_WEBHOOK_ID: &str = "WH-FAKE";

#[derive(Clone, Default)]
struct FakePayPal {
    url: String,
    orders: Arc<Mutex<Vec<Value>>>,
    captures: Arc<Mutex<u32>>,
    /// Webhook verifications asked of it.
    verifications: Arc<Mutex<u32>>,
}

fn bearer(headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|v| v.to_str().ok()) == Some("Bearer A21-fake-token")
}

async fn paypal_token(headers: HeaderMap, body: String) -> (StatusCode, Json<Value>) {
    use base64::Engine;
    let basic = format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(format!("{PAYPAL_CLIENT}:{PAYPAL_SECRET}")));
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(basic.as_str()) || body != "grant_type=client_credentials" {
        return (StatusCode::UNAUTHORIZED, Json(json!({"error": "invalid_client"})));
    }
    (StatusCode::OK, Json(json!({"access_token": "A21-fake-token", "token_type": "Bearer", "expires_in": 32_400})))
}

fn paypal_order_view(o: &Value) -> Value {
    let mut unit = json!({"custom_id": o["custom_id"], "amount": o["amount"]});
    if o["status"] == "COMPLETED" {
        unit["payments"] = json!({"captures": [{"id": format!("CAP-{}", o["id"].as_str().unwrap()), "status": "COMPLETED",
            "amount": o["amount"], "custom_id": o["custom_id"]}]});
    }
    json!({"id": o["id"], "status": o["status"], "purchase_units": [unit]})
}

async fn paypal_create(State(fake): State<FakePayPal>, headers: HeaderMap, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
    if !bearer(&headers) {
        return (StatusCode::UNAUTHORIZED, Json(json!({"name": "AUTHENTICATION_FAILURE"})));
    }
    let request_id = headers.get("paypal-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let mut orders = fake.orders.lock().unwrap();
    let order = match orders.iter().find(|o| o["request_id"] == request_id.as_str()) {
        Some(o) => o.clone(),
        None => {
            let unit = &body["purchase_units"][0];
            let context = &body["payment_source"]["paypal"]["experience_context"];
            let o = json!({"id": format!("PP{}", orders.len() + 1), "request_id": request_id, "status": "PAYER_ACTION_REQUIRED",
                "custom_id": unit["custom_id"], "amount": unit["amount"], "return_url": context["return_url"]});
            orders.push(o.clone());
            o
        }
    };
    let link = format!("{}/checkoutnow?token={}", fake.url, order["id"].as_str().unwrap());
    (StatusCode::OK, Json(json!({"id": order["id"], "status": order["status"], "links": [{"rel": "payer-action", "href": link}]})))
}

/// The guest approves on PayPal's page and is sent back with the order's id.
async fn paypal_approve(
    State(fake): State<FakePayPal>,
    axum::extract::Query(q): axum::extract::Query<Vec<(String, String)>>,
) -> (StatusCode, HeaderMap) {
    let id = q.iter().find(|(k, _)| k == "token").map(|(_, v)| v.clone()).unwrap();
    let mut orders = fake.orders.lock().unwrap();
    let order = orders.iter_mut().find(|o| o["id"] == id.as_str()).unwrap();
    order["status"] = json!("APPROVED");
    let mut headers = HeaderMap::new();
    headers.insert("location", format!("{}?token={id}&PayerID=PAYER1", order["return_url"].as_str().unwrap()).parse().unwrap());
    (StatusCode::FOUND, headers)
}

async fn paypal_capture(State(fake): State<FakePayPal>, headers: HeaderMap, Path(id): Path<String>) -> (StatusCode, Json<Value>) {
    // As slow as a provider: two captures asked at once overlap.
    tokio::time::sleep(PROVIDER_DELAY).await;
    if !bearer(&headers) {
        return (StatusCode::UNAUTHORIZED, Json(json!({"name": "AUTHENTICATION_FAILURE"})));
    }
    let mut orders = fake.orders.lock().unwrap();
    let Some(order) = orders.iter_mut().find(|o| o["id"] == id.as_str()) else {
        return (StatusCode::NOT_FOUND, Json(json!({"name": "RESOURCE_NOT_FOUND"})));
    };
    let issue = match order["status"].as_str().unwrap() {
        "APPROVED" => None,
        "COMPLETED" => Some("ORDER_ALREADY_CAPTURED"),
        _ => Some("ORDER_NOT_APPROVED"),
    };
    if let Some(issue) = issue {
        return (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({"name": "UNPROCESSABLE_ENTITY", "details": [{"issue": issue}]})));
    }
    order["status"] = json!("COMPLETED");
    *fake.captures.lock().unwrap() += 1;
    (StatusCode::CREATED, Json(paypal_order_view(order)))
}

async fn paypal_read(State(fake): State<FakePayPal>, headers: HeaderMap, Path(id): Path<String>) -> (StatusCode, Json<Value>) {
    if !bearer(&headers) {
        return (StatusCode::UNAUTHORIZED, Json(json!({})));
    }
    match fake.orders.lock().unwrap().iter().find(|o| o["id"] == id.as_str()) {
        Some(o) => (StatusCode::OK, Json(paypal_order_view(o))),
        None => (StatusCode::NOT_FOUND, Json(json!({"name": "RESOURCE_NOT_FOUND"}))),
    }
}

/// The fake's signature of a transmission: its id and the digest of the
/// event's exact bytes (PayPal signs a CRC of the body as sent).
fn paypal_signature(transmission_id: &str, event: &str) -> String {
    let digest: String = sha2::Sha256::digest(event.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    format!("signed:{transmission_id}:{digest}")
}

/// The verification request, with the event as the bytes the shop sent.
#[derive(serde::Deserialize)]
struct Verification<'a> {
    transmission_id: String,
    transmission_sig: String,
    webhook_id: String,
    #[serde(borrow)]
    webhook_event: &'a serde_json::value::RawValue,
}

/// PayPal vouches for the transmissions it signed, over the event's bytes
/// exactly as they were delivered: an event parsed and written again
/// (reordered, respaced, re-escaped) does not verify.
async fn paypal_verify(State(fake): State<FakePayPal>, headers: HeaderMap, body: String) -> (StatusCode, Json<Value>) {
    if !bearer(&headers) {
        return (StatusCode::UNAUTHORIZED, Json(json!({})));
    }
    *fake.verifications.lock().unwrap() += 1;
    let Ok(v) = serde_json::from_str::<Verification<'_>>(&body) else {
        return (StatusCode::BAD_REQUEST, Json(json!({"name": "VALIDATION_ERROR"})));
    };
    let signed = v.webhook_id == PAYPAL_WEBHOOK_ID && v.transmission_sig == paypal_signature(&v.transmission_id, v.webhook_event.get());
    (StatusCode::OK, Json(json!({"verification_status": if signed { "SUCCESS" } else { "FAILURE" }})))
}

async fn start_paypal() -> (FakePayPal, [(&'static str, String); 4]) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let fake = FakePayPal { url: url.clone(), ..Default::default() };
    let app = axum::Router::new()
        .route("/v1/oauth2/token", axum::routing::post(paypal_token))
        .route("/v2/checkout/orders", axum::routing::post(paypal_create))
        .route("/v2/checkout/orders/{id}", axum::routing::get(paypal_read))
        .route("/v2/checkout/orders/{id}/capture", axum::routing::post(paypal_capture))
        .route("/v1/notifications/verify-webhook-signature", axum::routing::post(paypal_verify))
        .route("/checkoutnow", axum::routing::get(paypal_approve))
        .with_state(fake.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let settings = [
        ("PAYPAL_URL", url),
        ("PAYPAL_CLIENT_ID", PAYPAL_CLIENT.to_owned()),
        ("PAYPAL_SECRET", PAYPAL_SECRET.to_owned()),
        ("PAYPAL_WEBHOOK_ID", PAYPAL_WEBHOOK_ID.to_owned()),
    ];
    (fake, settings)
}

/// A guest pays a stay with PayPal: approved, captured once on return,
/// the booking confirmed; webhooks count only when PayPal vouches for them,
/// and a guest who never comes back is captured from the webhook.
/// A guest's stay placed to be paid with PayPal (the only provider connected).
async fn paypal_order(t: &TestStack, days: i64) -> (Visitor, Value) {
    use reqwest::Method;
    let v = Visitor::new(&t.http, &t.base).await;
    let (from, to) = stay(days, 2);
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    v.step(Method::PUT, "address", guest()).await;
    let (_, payment) = v.step(Method::GET, "payment", Value::Null).await;
    let codes: Vec<&str> = payment["payments"][0]["methods"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["bank_transfer", "paypal"]);
    let (status, cart) = v.step(Method::PUT, "payment/0", json!({"method": "paypal"})).await;
    assert_eq!(status, 200, "{cart}");
    let (status, order) = v.complete(None).await;
    assert_eq!(status, 200, "{order}");
    (v, order)
}

/// Eight sessions of one order claim its one payment at the provider at
/// once: exactly one holds it, a retry of that session still does, the
/// others do not (the store's claim, as two tabs' notifications race).
pub async fn eight_claims_at_once_one_holds(cart: &spa_platform::db::Db, order_token: &str) {
    let now = cart.now_ms();
    let sessions: Vec<String> = (0..8).map(|i| format!("claim-{i}")).collect();
    let claims = futures::future::join_all(sessions.iter().map(|s| spa_cart::store::claim_payment(cart, order_token, s, now))).await;
    let held: Vec<usize> = claims.into_iter().enumerate().filter(|(_, c)| *c.as_ref().unwrap()).map(|(i, _)| i).collect();
    assert_eq!(held.len(), 1, "one session holds the order's claim: {held:?}");
    let holder = format!("claim-{}", held[0]);
    assert!(spa_cart::store::claim_payment(cart, order_token, &holder, now).await.unwrap(), "a retry of the holder keeps it");
    spa_cart::store::release_claim(cart, order_token, &holder).await.unwrap();
    assert!(spa_cart::store::claim_payment(cart, order_token, "claim-after", now).await.unwrap(), "released, another may claim");
}

/// How long the fake providers take to verify or capture a payment.
const PROVIDER_DELAY: std::time::Duration = std::time::Duration::from_millis(150);

/// An event's body as PayPal writes it: indented, with escaped non-ASCII
/// letters, so a shop that parses and writes it again changes its bytes.
fn as_paypal_sends(event: &Value) -> String {
    let mut event = event.clone();
    event["summary"] = json!("Płatność");
    serde_json::to_string_pretty(&event).unwrap().replace('ł', "\\u0142").replace('ś', "\\u015b").replace('ć', "\\u0107")
}

/// A PayPal webhook as PayPal sends it: `signature` "signed" (PayPal's own
/// over the body's bytes) or anything else (forged); its status.
async fn paypal_webhook(t: &TestStack, event: Value, signature: &str) -> u16 {
    let body = as_paypal_sends(&event);
    let signature = if signature == "signed" { paypal_signature("T-1", &body) } else { signature.to_owned() };
    let request = t
        .http
        .post(t.url("/payments/paypal/webhook"))
        .header("paypal-transmission-id", "T-1")
        .header("paypal-transmission-sig", signature)
        .header("paypal-transmission-time", "2026-11-26T10:00:00Z")
        .header("paypal-cert-url", "https://api.paypal.com/v1/notifications/certs/CERT-1")
        .header("paypal-auth-algo", "SHA256withRSA")
        .header("content-type", "application/json")
        .body(body);
    request.send().await.unwrap().status().as_u16()
}

/// Approved in two tabs and back from both at once, a PayPal payment is
/// captured once: the approval without the order's claim is never
/// captured, so no money moves for it.
#[tokio::test]
async fn a_guest_who_approves_paypal_in_two_tabs_is_charged_once() {
    let (fake, settings) = start_paypal().await;
    let settings: Vec<(&str, &str)> = settings.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let t = TestStack::start_with_settings(|_| {}, &settings).await;
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let (v, _) = paypal_order(&t, 81).await;
    let mut returns = Vec::new();
    for _ in 0..2 {
        let r = no_redirects.get(t.url(&format!("/order/{}/pay/online", v.token))).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 303);
        let approval = r.headers()["location"].to_str().unwrap().to_owned();
        let back = no_redirects.get(&approval).send().await.unwrap();
        let back = back.headers()["location"].to_str().unwrap().to_owned();
        returns.push(t.url(&back[back.find("/order/").unwrap()..]));
    }
    assert_ne!(returns[0], returns[1], "a PayPal order each");
    // Back from both at the same moment: both find the order awaiting its
    // payment; only the one holding the order's claim is captured.
    let backs = futures::future::join_all(returns.iter().map(|back| no_redirects.get(back).send())).await;
    for back in backs {
        assert_eq!(back.unwrap().status().as_u16(), 303);
    }
    assert_eq!(*fake.captures.lock().unwrap(), 1, "only one approval is captured");
    let due_back: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE state = 'refund_due'").fetch_one(t.stack.db("cart").pool()).await.unwrap();
    assert_eq!(due_back, 0, "nothing taken twice, so nothing to give back");
    let paid: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE subject = 'cart.order.paid'")
        .fetch_one(t.stack.db("cart").pool())
        .await
        .unwrap();
    assert_eq!(paid, 1);
}

/// Money that came for an order no longer awaiting it is kept for the
/// staff to give back, until they mark it refunded: here PayPal reports a
/// capture of the second tab's approval (one the shop never saw through)
/// after the first tab paid the order.
#[tokio::test]
async fn a_capture_for_a_paid_order_is_listed_to_give_back_until_refunded() {
    use reqwest::Method;
    let (fake, settings) = start_paypal().await;
    let settings: Vec<(&str, &str)> = settings.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let t = TestStack::start_with_settings(|g| g.limits.writes.burst = 1000, &settings).await;
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let (v, order) = paypal_order(&t, 86).await;
    let (code, due) = (order["bookingCode"].as_str().unwrap().to_owned(), order["dueNow"].as_i64().unwrap());
    let mut returns = Vec::new();
    for _ in 0..2 {
        let r = no_redirects.get(t.url(&format!("/order/{}/pay/online", v.token))).send().await.unwrap();
        let approval = r.headers()["location"].to_str().unwrap().to_owned();
        let back = no_redirects.get(&approval).send().await.unwrap();
        let back = back.headers()["location"].to_str().unwrap().to_owned();
        returns.push(t.url(&back[back.find("/order/").unwrap()..]));
    }
    assert_eq!(no_redirects.get(&returns[0]).send().await.unwrap().status().as_u16(), 303);
    let (first, second) = {
        let orders = fake.orders.lock().unwrap();
        (orders[0].clone(), orders[1].clone())
    };
    let captured = json!({"event_type": "PAYMENT.CAPTURE.COMPLETED", "resource": {"id": "CAP-PP2", "status": "COMPLETED",
        "custom_id": second["custom_id"], "amount": second["amount"]}});
    for _ in 0..2 {
        assert_eq!(paypal_webhook(&t, captured.clone(), "signed").await, 200, "kept, and a redelivery changes nothing");
    }
    let cart = t.stack.db("cart");
    let count = |sql: &'static str| async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(cart.pool()).await.unwrap() };
    assert_eq!(count("SELECT COUNT(*) FROM outbox WHERE subject = 'cart.order.paid'").await, 1, "the order is paid once");

    // Only an administrator sees and marks it.
    let cookie = |token: String| Some(format!("spa_session={token}"));
    let customer = cookie(t.session_of("c-1", "anna@example.pl", "customer").await);
    let admin_token = t.session_of("c-3", "admin@example.pl", "customer,admin").await;
    let admin = cookie(admin_token.clone());
    let send = |method: Method, path: String, who: &Option<String>, body: Value| {
        crate::staff::as_staff(&t.http, method, t.url(&path), who.clone(), body)
    };
    let list = "/shop-api/backend/refunds?locale=en_GB".to_owned();
    let mark = |id: &Value| format!("/shop-api/backend/refunds/{}?locale=en_GB", id.as_str().unwrap());
    for (who, session, status) in [("anonymous", None, 401), ("customer", customer, 403)] {
        assert_eq!(send(Method::GET, list.clone(), &session, Value::Null).await.0, status, "{who} lists");
        assert_eq!(send(Method::PUT, mark(&second["custom_id"]), &session, json!({"reference": "RF-1"})).await.0, status, "{who} marks");
    }
    let (status, due_back) = send(Method::GET, list.clone(), &admin, Value::Null).await;
    assert_eq!(status, 200, "{due_back}");
    let items = due_back["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{due_back}");
    let refund = &items[0];
    assert_eq!(
        (&refund["paymentId"], refund["bookingCode"].as_str(), refund["provider"].as_str(), refund["amount"].as_i64()),
        (&second["custom_id"], Some(code.as_str()), Some("paypal"), Some(due))
    );
    assert_eq!(
        (refund["orderState"].as_str(), refund["state"].as_str(), refund["providerReference"].as_str()),
        (Some("paid"), Some("refund_due"), Some("PP2"))
    );
    assert!(refund["paidAt"].as_str().is_some_and(|at| at.ends_with('Z')), "{refund}");

    // What is refused, and says why.
    let (status, blank) = send(Method::PUT, mark(&second["custom_id"]), &admin, json!({"reference": " "})).await;
    assert_eq!((status, blank["code"].as_str(), blank["errors"][0]["field"].as_str()), (422, Some("invalid_refund"), Some("reference")));
    let (status, paid) = send(Method::PUT, mark(&first["custom_id"]), &admin, json!({"reference": "RF-1"})).await;
    assert_eq!((status, paid["code"].as_str()), (409, Some("not_refund_due")), "the payment that paid the order: {paid}");
    let (status, missing) = send(Method::PUT, mark(&json!("no-such-payment")), &admin, json!({"reference": "RF-1"})).await;
    assert_eq!((status, missing["code"].as_str()), (404, Some("payment_not_found")));

    crate::staff::eight_marks_at_once_refund_once(&t.http, &t.base, &admin_token, cart, second["custom_id"].as_str().unwrap()).await;
    let (_, after) = send(Method::GET, list, &admin, Value::Null).await;
    assert_eq!(after["items"], json!([]), "nothing left to give back");
    assert_eq!(paypal_webhook(&t, captured, "signed").await, 200);
    let states: Vec<String> = sqlx::query_scalar("SELECT state FROM payments ORDER BY session_id").fetch_all(cart.pool()).await.unwrap();
    assert_eq!(states, ["paid", "refunded"], "a late redelivery changes nothing");
    assert_eq!(count("SELECT COUNT(*) FROM outbox WHERE subject = 'cart.order.paid'").await, 1);
}

#[tokio::test]
async fn a_guest_pays_with_paypal_captured_once_and_webhooks_are_verified() {
    let (fake, settings) = start_paypal().await;
    let settings: Vec<(&str, &str)> = settings.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let t = TestStack::start_with_settings(|g| g.limits.writes.burst = 1000, &settings).await;
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let book = |days: i64| paypal_order(&t, days);
    let state = |token: String| {
        let db = t.stack.db("cart");
        async move {
            let row: (String, String) =
                sqlx::query_as("SELECT state, payment_state FROM orders WHERE token = $1").bind(token).fetch_one(db.pool()).await.unwrap();
            row
        }
    };

    // The guest goes to PayPal for the amount due now, approves, comes back.
    let (v, order) = book(80).await;
    let page = no_redirects.get(t.url(&format!("/order/{}/pay", v.token))).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Zapłać przez PayPal"), "{page}");
    let r = no_redirects.get(t.url(&format!("/order/{}/pay/online", v.token))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 303);
    let approval = r.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(approval, format!("{}/checkoutnow?token=PP1", fake.url));
    let created = fake.orders.lock().unwrap()[0].clone();
    assert_eq!(created["amount"], json!({"currency_code": "PLN", "value": format!("{}.00", order["dueNow"].as_i64().unwrap() / 100)}));
    let back = no_redirects.get(&approval).send().await.unwrap();
    // Back under the shop's public URL (`PUBLIC_URL`; the test's stack listens elsewhere).
    let back = back.headers()["location"].to_str().unwrap().to_owned();
    let path = format!("/order/{}/pay/return?token=PP1&PayerID=PAYER1", v.token);
    assert!(back.ends_with(&path), "{back}");
    let back = t.url(&path);
    for _ in 0..2 {
        let r = no_redirects.get(&back).send().await.unwrap();
        assert_eq!((r.status().as_u16(), r.headers()["location"].to_str().unwrap()), (303, format!("/order/{}/pay", v.token).as_str()));
    }
    assert_eq!(*fake.captures.lock().unwrap(), 1, "captured once, whatever the returns");
    assert_eq!(state(v.token.clone()).await, ("paid".to_owned(), "paid".to_owned()));

    // Webhooks: one PayPal did not send is refused; the capture's own is a no-op.
    let webhook = |event: Value, signature: &'static str| paypal_webhook(&t, event, signature);
    let captured = json!({"event_type": "PAYMENT.CAPTURE.COMPLETED", "resource": {"id": "CAP-PP1", "status": "COMPLETED",
        "custom_id": created["custom_id"], "amount": created["amount"]}});
    assert_eq!(webhook(captured.clone(), "forged").await, 400);
    assert_eq!(webhook(captured.clone(), "signed").await, 200, "verified on the bytes PayPal sent");
    // Cheap checks first: no signature headers, or an event the shop does
    // not act on, cost no call to PayPal.
    let verifications = *fake.verifications.lock().unwrap();
    let unsigned = t.http.post(t.url("/payments/paypal/webhook")).header("content-type", "application/json").body(captured.to_string());
    assert_eq!(unsigned.send().await.unwrap().status().as_u16(), 400);
    let other = json!({"event_type": "BILLING.SUBSCRIPTION.CREATED", "resource": {"id": "I-1"}});
    assert_eq!(webhook(other, "forged").await, 200, "acknowledged unread");
    assert_eq!(*fake.verifications.lock().unwrap(), verifications, "PayPal was not asked");
    let paid_events: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE subject = 'cart.order.paid'")
        .fetch_one(t.stack.db("cart").pool())
        .await
        .unwrap();
    assert_eq!(paid_events, 1);

    // A guest approves and closes the window: the webhook captures it.
    let (w, _) = book(84).await;
    let r = no_redirects.get(t.url(&format!("/order/{}/pay/online", w.token))).send().await.unwrap();
    let approval = r.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(no_redirects.get(&approval).send().await.unwrap().status().as_u16(), 302);
    assert_eq!(state(w.token.clone()).await.1, "awaiting_payment");
    let approved = json!({"event_type": "CHECKOUT.ORDER.APPROVED", "resource": {"id": "PP2", "status": "APPROVED"}});
    assert_eq!(webhook(approved.clone(), "signed").await, 200);
    assert_eq!(webhook(approved, "signed").await, 200, "a redelivered event changes nothing");
    assert_eq!(*fake.captures.lock().unwrap(), 2);
    assert_eq!(state(w.token.clone()).await, ("paid".to_owned(), "paid".to_owned()));
}

#[tokio::test]
async fn an_administrator_registers_a_test_payment_that_makes_no_order() {
    use reqwest::Method;
    let (t, fake, url) = shop_with_przelewy24(|g| g.limits.writes.burst = 1000).await;
    let reception = Some(format!("spa_session={}", t.session_of("c-3", "recepcja@example.pl", "customer,reception").await));
    let admin = Some(format!("spa_session={}", t.session_of("c-4", "admin@example.pl", "customer,admin").await));
    let test_url = t.url("/shop-api/backend/settings/payments/test?locale=de");
    let test =
        |who: Option<String>, method: &str| crate::staff::as_staff(&t.http, Method::POST, test_url.clone(), who, json!({"method": method}));

    assert_eq!(test(reception, "przelewy24").await.0, 403);
    let answer = test(admin.clone(), "paypal").await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (422, Some("method")), "PayPal's keys are not set: {}", answer.1);

    let (status, tested) = test(admin, "przelewy24").await;
    assert_eq!(status, 200, "{tested}");
    assert_eq!(tested, json!({"registered": true, "url": format!("{url}/trnRequest/TOKEN1"), "error": ""}));
    let registered = fake.registered.lock().unwrap()[0]["body"].clone();
    assert_eq!(
        (registered["amount"].as_i64(), registered["email"].as_str(), registered["language"].as_str()),
        (Some(100), Some("admin@example.pl"), Some("de"))
    );
    assert!(registered["urlReturn"].as_str().unwrap().ends_with("/backend/settings"), "{registered}");

    // Paid at the provider: the shop knows no such payment and takes nothing.
    let notification = fake.notification("TOKEN1");
    let r = t.http.post(t.url("/payments/przelewy24/status")).json(&notification).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 400, "{}", r.text().await.unwrap());
    assert!(fake.verified.lock().unwrap().is_empty(), "never verified, so the provider gives it back");
    let payments: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payments").fetch_one(t.stack.db("cart").pool()).await.unwrap();
    assert_eq!(payments, 0);
}
