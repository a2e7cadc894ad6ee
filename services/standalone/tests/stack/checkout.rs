//! Checkout over HTTP: every step in and out of order, the totals it adds,
//! a retried completion that places one order, and visitors racing for the
//! last rooms (here on SQLite; the distributed test runs the same race on
//! PostgreSQL).

use futures::StreamExt;
use serde_json::{Value, json};
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::rooms::v1::{Guests, ReserveRequest, StayLine};

use crate::support::{TestStack, channel, client, eventually, json as read, stay};

pub const ROOM: &str = "ROOM_STANDARD_DOUBLE";

/// A visitor with a basket, over plain HTTP against `base`.
pub struct Visitor {
    http: reqwest::Client,
    base: String,
    pub token: String,
}

impl Visitor {
    pub async fn new(http: &reqwest::Client, base: &str) -> Self {
        let v = Self { http: http.clone(), base: base.to_owned(), token: uuid::Uuid::new_v4().simple().to_string() };
        let (status, cart) = v.send(reqwest::Method::POST, &format!("/shop-api/carts/{}", v.token), json!({"locale": "pl"})).await;
        assert_eq!(status, 201, "{cart}");
        v
    }

    pub async fn send(&self, method: reqwest::Method, path: &str, body: Value) -> (u16, Value) {
        let request = self.http.request(method, format!("{}{path}", self.base)).json(&body);
        read(request.send().await.unwrap()).await
    }

    pub async fn add(&self, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, &format!("/shop-api/carts/{}/items", self.token), body).await
    }

    pub async fn step(&self, method: reqwest::Method, step: &str, body: Value) -> (u16, Value) {
        self.send(method, &format!("/shop-api/checkout/{}/{step}?locale=en_GB", self.token), body).await
    }

    pub async fn complete(&self, key: Option<&str>) -> (u16, Value) {
        let mut request = self.http.put(format!("{}/shop-api/checkout/{}/complete?locale=en_GB", self.base, self.token));
        if let Some(key) = key {
            request = request.header("idempotency-key", key);
        }
        read(request.send().await.unwrap()).await
    }
}

/// How long an order to be paid by bank transfer holds its nights.
pub fn transfer_hold() -> std::time::Duration {
    std::time::Duration::from_secs(u64::from(spa_cart::domain::checkout::PaymentMethod::BankTransfer.hold_seconds(
        &Default::default(),
        0,
        None,
    )))
}

pub fn guest() -> Value {
    json!({
        "customer": {"firstName": "Anna", "lastName": "Nowak", "email": "anna@example.pl", "phone": "+48 600 100 200"},
        "billingAddress": {"countryCode": "pl"},
        "regulationsAccepted": true
    })
}

pub fn reservation(from: &str, to: &str) -> Value {
    json!({"type": "reservation", "productCode": ROOM, "options": {"checkIn": from, "checkOut": to, "adults": 2}})
}

fn code(answer: &(u16, Value)) -> (u16, &str) {
    (answer.0, answer.1["code"].as_str().unwrap_or_default())
}

fn fields(answer: &(u16, Value)) -> Vec<&str> {
    answer.1["errors"].as_array().map(|e| e.iter().filter_map(|f| f["field"].as_str()).collect()).unwrap_or_default()
}

async fn rooms_left(t: &TestStack, from: &str, to: &str) -> u64 {
    let (status, rooms) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&children=0&babies=0")).await;
    assert_eq!(status, 200, "{rooms}");
    rooms["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM).map_or(0, |r| r["available"].as_u64().unwrap())
}

/// The search shows `want` rooms left once the hold's event has reached
/// the gateway's cache.
async fn rooms_left_become(t: &TestStack, from: &str, to: &str, want: u64) {
    let shown = eventually("the search to show the held room", || async {
        let shown = rooms_left(t, from, to).await;
        (shown == want).then_some(shown)
    })
    .await;
    assert_eq!(shown, want);
}

#[tokio::test]
async fn a_guest_goes_through_every_step_in_order_and_places_one_order() {
    use reqwest::Method;
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let v = Visitor::new(&t.http, &t.base).await;
    let (from, to) = stay(45, 2);
    let left = rooms_left(&t, &from, &to).await;
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    let (status, cart) = v.add(json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 0}})).await;
    assert_eq!(status, 201, "{cart}");
    assert_eq!((cart["checkoutState"].as_str(), &cart["customer"]), (Some("cart"), &Value::Null));

    // Out of order: every later step is refused, naming the state.
    let posted = json!({"for": "Ola", "from": "Jan", "design": "floral", "delivery": "post"});
    for (method, step, body) in [
        (Method::PUT, "payment/0", json!({"method": "bank_transfer"})),
        (Method::PUT, "vouchers/0", posted),
        (Method::PUT, "complete", Value::Null),
    ] {
        let answer = v.step(method, step, body).await;
        assert_eq!(code(&answer), (409, "checkout_state"), "{step}: {}", answer.1);
    }

    // Wrong details: every wrong field named at once, in the visitor's language.
    let mut bad = guest();
    bad["customer"]["email"] = json!("anna@");
    bad["customer"]["phone"] = json!("12-34");
    bad["billingAddress"] = json!({"invoiceRequired": true, "company": "Spa", "vatNumber": "5260001247", "street": "Leśna 1",
        "postcode": "66200", "city": "Świebodzin", "countryCode": "PL"});
    bad["regulationsAccepted"] = json!(false);
    let answer = v.step(Method::PUT, "address", bad).await;
    assert_eq!(code(&answer), (422, "invalid_address"), "{}", answer.1);
    assert_eq!(
        fields(&answer),
        ["customer.email", "customer.phone", "billingAddress.vatNumber", "billingAddress.postcode", "regulationsAccepted"]
    );
    assert!(answer.1["errors"][2]["message"].as_str().unwrap().contains("NIP"), "{}", answer.1);

    // Details given: a gift voucher waits for its configuration.
    let (status, cart) = v.step(Method::PUT, "address", guest()).await;
    assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("addressed")), "{cart}");
    assert_eq!(cart["billingAddress"]["countryCode"], "PL", "upper-cased");
    assert_eq!(cart["customer"]["email"], "anna@example.pl");
    assert_eq!(code(&v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await), (409, "checkout_state"));

    let (status, step) = v.step(Method::GET, "vouchers", Value::Null).await;
    assert_eq!(status, 200, "{step}");
    assert_eq!(step["vouchers"]["categories"].as_array().unwrap().len(), 3);
    assert_eq!(step["vouchers"]["items"][0]["index"], 0);
    let posted = json!({"for": "Ola", "from": "Jan", "design": "floral", "delivery": "post"});
    let answer = v.step(Method::PUT, "vouchers/0", posted.clone()).await;
    assert_eq!(code(&answer), (422, "invalid_voucher_configuration"));
    assert_eq!(fields(&answer), ["firstName", "lastName", "street", "city", "countryCode"]);
    assert_eq!(code(&v.step(Method::PUT, "vouchers/7", posted.clone()).await), (404, "item_not_found"));
    let mut posted = posted;
    for (k, value) in [
        ("firstName", "Ola"),
        ("lastName", "Nowak"),
        ("street", "Leśna 1"),
        ("postcode", "66-200"),
        ("city", "Świebodzin"),
        ("countryCode", "PL"),
    ] {
        posted[k] = json!(value);
    }
    let (status, cart) = v.step(Method::PUT, "vouchers/0", posted).await;
    assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("addressed")), "posted: shipping still to choose; {cart}");
    assert_eq!(cart["shippingRequired"], true);

    let (_, shipping) = v.step(Method::GET, "shipping", Value::Null).await;
    let methods = shipping["shipments"][0]["methods"].as_array().unwrap();
    let post = methods.iter().find(|m| m["code"] == "post").unwrap()["price"].as_i64().unwrap();
    assert_eq!(code(&v.step(Method::PUT, "shipping/0", json!({"method": "pigeon"})).await), (422, "invalid_method"));
    let before = cart["totals"]["total"].as_i64().unwrap();
    let (status, cart) = v.step(Method::PUT, "shipping/0", json!({"method": "post"})).await;
    assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("vouchered")), "{cart}");
    assert_eq!((cart["totals"]["shipping"].as_i64(), cart["totals"]["total"].as_i64()), (Some(post), Some(before + post)));

    // Payment, with the advance payment offered for a stay.
    let (_, payment) = v.step(Method::GET, "payment", Value::Null).await;
    let codes: Vec<&str> = payment["payments"][0]["methods"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["bank_transfer"], "online providers only when configured (see payments.rs)");
    // The terms the order is placed under, read before it is paid: free until 14 days before arrival, then 30 %.
    let arrival = chrono::NaiveDate::parse_from_str(&from, "%Y-%m-%d").unwrap();
    assert_eq!(
        payment["payments"][0]["cancellation"],
        json!({"freeUntil": (arrival - chrono::Duration::days(14)).to_string(), "feePercent": 30}),
        "{payment}"
    );
    let deposit = payment["payments"][0]["deposit"]["amount"].as_i64().unwrap();
    let total = before + post;
    let stay_cost = cart["items"].as_array().unwrap().iter().find(|l| l["type"] == "reservation").unwrap()["total"].as_i64().unwrap();
    let share = ((stay_cost * 30 + 99) / 100 + 99) / 100 * 100;
    assert_eq!(deposit, share + (total - stay_cost), "30 % of the stay, rounded up to whole złoty; the voucher and its post in full");
    let (status, cart) = v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer", "deposit": true})).await;
    assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("payment_selected")), "{cart}");
    assert_eq!((cart["totals"]["deposit"].as_i64(), cart["totals"]["leftToPay"].as_i64()), (Some(deposit), Some(total - deposit)));
    assert_eq!(cart["payments"][0], json!({"method": "bank_transfer", "deposit": true}));

    // A change to the basket sends it back: payment is chosen again.
    let (status, cart) = v.add(json!({"type": "treatment", "productCode": "TR_HOT_STONE"})).await;
    assert_eq!((status, cart["checkoutState"].as_str()), (201, Some("vouchered")), "{cart}");
    assert_eq!(code(&v.complete(None).await), (409, "checkout_state"));
    let (_, cart) = v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer", "deposit": true})).await;
    let (total, deposit) = (cart["totals"]["total"].as_i64().unwrap(), cart["totals"]["deposit"].as_i64().unwrap());

    // Complete: one order, whatever the retries.
    let (status, order) = v.complete(Some("key-1")).await;
    assert_eq!(status, 200, "{order}");
    let booking = order["bookingCode"].as_str().unwrap().to_owned();
    assert!(booking.len() == 13 && booking.starts_with("SPA-") && booking.as_bytes()[8] == b'-', "{booking}");
    assert_eq!((order["checkoutState"].as_str(), order["state"].as_str()), (Some("completed"), Some("new")));
    assert_eq!(order["paymentState"], "awaiting_payment");
    assert_eq!((order["totals"]["total"].as_i64(), order["dueNow"].as_i64()), (Some(total), Some(deposit)));
    assert_eq!(order["items"].as_array().unwrap().len(), 3, "{order}");
    assert!(order["holdExpiresAt"].is_string(), "the nights are held until payment");
    rooms_left_become(&t, &from, &to, left - 1).await;
    for key in [None, Some("key-1")] {
        let (status, again) = v.complete(key).await;
        assert_eq!((status, again["bookingCode"].as_str()), (200, Some(booking.as_str())), "a retry answers the same order");
    }
    // And holds nothing more: one hold of one night-pair in the rooms service
    // (read there, not through the search's cache, which could lag a bug).
    let held: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM hold_nights")
        .fetch_one(t.stack.db("rooms").pool())
        .await
        .unwrap();
    assert_eq!(held, 2, "one room for two nights");
    let orders: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders").fetch_one(t.stack.db("cart").pool()).await.unwrap();
    assert_eq!(orders, 1);

    // The order's page, in the order's language: the transfer's details.
    let page = t.http.get(t.url(&format!("/order/{}/pay", v.token))).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert_eq!(page.headers()["cache-control"], "no-store");
    let html = page.text().await.unwrap();
    assert!(html.contains("<html lang=\"pl\">") && html.contains("Zapłać przelewem") && html.contains(&booking), "{html}");
    assert!(html.contains(&spa_platform::money::pln(spa_platform::locale::Locale::Pl, deposit)), "the advance payment is due now: {html}");
    assert!(html.contains("Pozostało do zapłaty później"), "{html}");
    // The shop's page: the stay as guests read dates, the account grouped
    // with its BIC for transfers from abroad, the deadline on the
    // guesthouse's clock, and the guesthouse's own address (its settings).
    let stay = format!("{} – {}, 2 noce", spa_platform::dates::dmy_of(&from), spa_platform::dates::dmy_of(&to));
    assert!(html.contains(&stay) && html.contains("2 gości"), "{stay}: {html}");
    assert!(html.contains("PL61 1090 1014 0000 0712 1981 2874") && html.contains("BPKOPLPW"), "{html}");
    assert!(html.contains("czasu polskiego") && html.contains("ul. Jeziorna 12"), "{html}");
    let css = html.split("<link rel=\"stylesheet\" href=\"").nth(1).and_then(|rest| rest.split('"').next()).expect("a stylesheet");
    let style = t.http.get(t.url(css)).send().await.unwrap();
    assert_eq!((style.status().as_u16(), &style.headers()["content-type"]), (200, &"text/css; charset=utf-8".parse().unwrap()));
    let missing = t.http.get(t.url("/order/no-such-order-token-0000/pay")).send().await.unwrap();
    assert_eq!(missing.status().as_u16(), 404);

    // The order e-mail: written once, in the order's language, with its code;
    // the guesthouse's notice of it, once, replying to the guest.
    let mails = t.dir.path().join("data/mail");
    // Its `To:` header line ("Reply-To: anna@…" is the guesthouse's notice).
    let to_guest = |m: &str| m.lines().any(|l| l == "To: anna@example.pl");
    let mail = eventually("the order e-mail", || {
        let mails = mails.clone();
        let booking = booking.clone();
        async move {
            let found: Vec<String> = std::fs::read_dir(&mails)
                .ok()?
                .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
                // The guesthouse's notice names the booking too: the guest's own.
                .filter(|m| m.contains(&booking) && to_guest(m))
                .collect();
            found.into_iter().next()
        }
    })
    .await;
    assert!(mail.contains("To: anna@example.pl") && mail.contains(&format!("Subject: Twoja rezerwacja {booking}")), "{mail}");
    // One the guest can act on: the stay with its nights and guests, the
    // transfer's details with the booking code as its title and the advance
    // payment as its amount, and the cancellation terms with their day.
    let text = crate::support::readable(&mail);
    assert!(text.contains(&format!("({stay}), 2 gości × 1")), "{stay}: {text}");
    assert!(text.contains("Numer konta (IBAN): PL61 1090 1014 0000 0712 1981 2874") && text.contains("BIC/SWIFT: BPKOPLPW"), "{text}");
    let amount = spa_platform::money::pln(spa_platform::locale::Locale::Pl, deposit);
    assert!(text.contains(&format!("Tytuł przelewu: {booking}")) && text.contains(&format!("Kwota: {amount}")), "{text}");
    let arrival = chrono::NaiveDate::parse_from_str(&from, "%Y-%m-%d").unwrap();
    let free_until = spa_platform::dates::dmy(arrival - chrono::Days::new(14));
    let terms = format!("Do {free_until} anulujesz rezerwację bezpłatnie. Później zatrzymujemy 30% ceny pobytów.");
    assert!(text.contains(&terms), "{terms}: {text}");
    let notices: Vec<String> = std::fs::read_dir(&mails)
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .filter(|m| m.contains(&booking) && !to_guest(m))
        .collect();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].contains("Reply-To: anna@example.pl") && notices[0].contains("Subject: Nowa rezerwacja"), "{}", notices[0]);

    // The order's basket changes no more; its key belongs to it.
    assert_eq!(code(&v.add(json!({"type": "treatment", "productCode": "TR_HOT_STONE"})).await), (409, "checkout_completed"));
    assert_eq!(code(&v.step(Method::PUT, "address", guest()).await), (409, "checkout_completed"));
    let other = Visitor::new(&t.http, &t.base).await;
    assert_eq!(code(&other.complete(Some("key-1")).await), (409, "idempotency_key_reused"));
}

#[tokio::test]
async fn a_basket_without_vouchers_skips_their_step_and_an_empty_one_completes_nothing() {
    use reqwest::Method;
    let t = TestStack::start().await;
    let v = Visitor::new(&t.http, &t.base).await;
    let (status, cart) = v.step(Method::PUT, "address", guest()).await;
    assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("vouchering_skipped")), "{cart}");
    let (status, step) = v.step(Method::GET, "shipping", Value::Null).await;
    assert_eq!((status, step["shipments"].as_array().map(Vec::len)), (200, Some(0)), "nothing is posted");
    assert_eq!(code(&v.step(Method::PUT, "shipping/0", json!({"method": "post"})).await), (409, "checkout_state"));
    let (_, payment) = v.step(Method::GET, "payment", Value::Null).await;
    assert_eq!(payment["payments"][0]["deposit"], Value::Null, "no stay, no advance payment");
    assert_eq!(payment["payments"][0]["cancellation"], Value::Null, "no stay, no cancellation terms");
    let answer = v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer", "deposit": true})).await;
    assert_eq!((code(&answer), fields(&answer)), ((422, "invalid_method"), vec!["deposit"]));
    let answer = v.step(Method::PUT, "payment/0", json!({"method": "paypal"})).await;
    assert_eq!((code(&answer), fields(&answer)), ((422, "invalid_method"), vec!["method"]), "not offered while not connected");
    let (status, cart) = v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
    assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("payment_selected")));
    assert_eq!(code(&v.complete(None).await), (409, "cart_empty"));
}

/// A room sold between the payment step and completion: the spec's
/// "just booked" answer with the stay's dates, and the basket as it was.
#[tokio::test]
async fn a_room_sold_meanwhile_is_just_booked_and_the_basket_stays() {
    use reqwest::Method;
    let t = TestStack::start().await;
    let (from, to) = stay(50, 3);
    let v = Visitor::new(&t.http, &t.base).await;
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    v.step(Method::PUT, "address", guest()).await;
    let (_, cart) = v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
    assert_eq!(cart["checkoutState"], "payment_selected");
    sell_all_but(&t.stack.peers.rooms, &t, &from, &to, 0).await;
    let (status, error) = v.complete(None).await;
    assert_eq!((status, error["code"].as_str()), (409, Some("room_just_booked")), "{error}");
    assert_eq!(error["message"], format!("This room has just been booked for {from} - {to}."));
    let (status, cart) = v.step(Method::GET, "start", Value::Null).await;
    assert_eq!((status, cart["checkoutState"].as_str(), cart["items"].as_array().map(Vec::len)), (200, Some("payment_selected"), Some(1)));
}

/// The basket keeps its stay's check until the stay's nights change: a room
/// sold to other guests shows as unavailable in the basket once the sale's
/// event arrives, and a sale of other nights leaves the line available.
#[tokio::test]
async fn a_basket_sees_its_room_sold_once_the_nights_change() {
    use reqwest::Method;
    let t = TestStack::start().await;
    let (from, to) = stay(70, 2);
    let v = Visitor::new(&t.http, &t.base).await;
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    let available = |cart: &Value| cart["items"][0]["isAvailable"].as_bool();
    v.step(Method::PUT, "address", guest()).await;
    let (_, cart) = v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
    assert_eq!((cart["checkoutState"].as_str(), available(&cart)), (Some("payment_selected"), Some(true)), "{cart}");
    // Other nights sold: the line stays as it was.
    let (other_from, other_to) = stay(90, 2);
    sell_all_but(&t.stack.peers.rooms, &t, &other_from, &other_to, 0).await;
    rooms_left_become(&t, &other_from, &other_to, 0).await;
    let (_, cart) = v.step(Method::GET, "start", Value::Null).await;
    assert_eq!(available(&cart), Some(true), "{cart}");
    // Its own nights sold.
    sell_all_but(&t.stack.peers.rooms, &t, &from, &to, 0).await;
    eventually("the basket to show its room sold", || async {
        let (_, cart) = v.step(Method::GET, "start", Value::Null).await;
        (available(&cart) == Some(false)).then_some(())
    })
    .await;
    let (status, error) = v.complete(None).await;
    assert_eq!((status, error["code"].as_str()), (409, Some("room_just_booked")), "{error}");
}

/// A checkout step writes its change in one statement only over the cart
/// as it read it: once another change was committed (a line added), the
/// write misses and the step goes through the cart's lock instead.
#[tokio::test]
async fn a_step_writes_in_one_statement_only_over_the_cart_it_read() {
    use reqwest::Method;
    let t = TestStack::start().await;
    let db = t.stack.db("cart").clone();
    let v = Visitor::new(&t.http, &t.base).await;
    let (from, to) = stay(80, 2);
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    let now = db.now_ms();
    let mut read = spa_cart::store::load(&db, &v.token, 0).await.unwrap();
    let mut stale = read.clone();
    assert!(spa_cart::store::save_checkout(&db, &mut read, 0, now).await.unwrap(), "over the cart as read");
    assert_eq!(read.version, stale.version + 1);
    assert!(!spa_cart::store::save_checkout(&db, &mut stale, 0, now).await.unwrap(), "over an older read");
    let mut read = spa_cart::store::load(&db, &v.token, 0).await.unwrap();
    let (status, cart) = v.add(json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 0}})).await;
    assert_eq!(status, 201, "{cart}");
    assert!(!spa_cart::store::save_checkout(&db, &mut read, 0, now).await.unwrap(), "over a cart whose lines changed since");
    // The steps themselves go on as usual.
    let (status, cart) = v.step(Method::PUT, "address", guest()).await;
    assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("addressed")), "{cart}");
    assert_eq!(cart["items"].as_array().map(Vec::len), Some(2));
}

/// Holds all but `keep` of the room's units for the stay, as other guests' orders.
async fn sell_all_but(rooms_addr: &str, t: &TestStack, from: &str, to: &str, keep: u64) {
    let left = rooms_left(t, from, to).await;
    take_rooms(rooms_addr, from, to, (left - keep) as u32).await;
}

pub async fn take_rooms(rooms_addr: &str, from: &str, to: &str, quantity: u32) {
    if quantity == 0 {
        return;
    }
    let mut rooms = RoomsServiceClient::new(channel(rooms_addr));
    let line = StayLine {
        room_code: ROOM.into(),
        from: from.into(),
        to: to.into(),
        quantity,
        guests: Some(Guests { adults: 2, children: 0, babies: 0 }),
        package_nights: 0,
    };
    let order_id = format!("other-guests-{}", uuid::Uuid::new_v4());
    rooms.reserve(ReserveRequest { order_id, lines: vec![line], hold_seconds: 3600 }).await.unwrap();
}

/// 50 visitors, each with the room in the basket and payment chosen,
/// complete at once for the last 2 units: exactly 2 orders, 48 clean
/// "just booked" answers, and no night sold twice.
pub async fn fifty_visitors_race_for_two_rooms(base: &str, rooms_addr: &str, in_days: i64) {
    let http = client();
    let (from, to) = stay(in_days, 2);
    let search = format!("{base}/shop-api/rooms/search?from={from}&to={to}&adults=2&children=0&babies=0");
    let left =
        |body: &Value| body["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM).map_or(0, |r| r["available"].as_u64().unwrap());
    let (_, rooms) = read(http.get(&search).send().await.unwrap()).await;
    take_rooms(rooms_addr, &from, &to, (left(&rooms) - 2) as u32).await;

    // The baskets are filled a few at a time: only the completions race.
    let ready = futures::stream::iter(0..50).map(|_| {
        let (http, base, from, to) = (http.clone(), base.to_owned(), from.clone(), to.clone());
        async move {
            let v = Visitor::new(&http, &base).await;
            let (status, cart) = v.add(reservation(&from, &to)).await;
            assert_eq!(status, 201, "{cart}");
            assert_eq!(v.step(reqwest::Method::PUT, "address", guest()).await.0, 200);
            let (status, cart) = v.step(reqwest::Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
            assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("payment_selected")), "{cart}");
            v
        }
    });
    let visitors: Vec<Visitor> = ready.buffer_unordered(4).collect().await;
    let completes = visitors.into_iter().map(|v| tokio::spawn(async move { v.complete(None).await }));
    let answers: Vec<(u16, Value)> = futures::future::join_all(completes).await.into_iter().map(Result::unwrap).collect();
    let placed = answers.iter().filter(|(s, _)| *s == 200).count();
    let booked: Vec<&Value> = answers.iter().filter(|(s, _)| *s != 200).map(|(_, b)| b).collect();
    assert_eq!(placed, 2, "{answers:?}");
    assert_eq!(booked.len(), 48);
    for b in booked {
        assert_eq!(b["code"], "room_just_booked", "{b}");
    }
    let codes: std::collections::HashSet<&str> = answers.iter().filter_map(|(_, b)| b["bookingCode"].as_str()).collect();
    assert_eq!(codes.len(), 2, "two different booking codes");
    // Once the holds' events reached the search's cache: none left, and
    // the rooms service never went below zero (it would refuse a hold).
    eventually("the search to show no room left", || {
        let request = http.get(&search);
        async move {
            let (_, rooms) = read(request.send().await.unwrap()).await;
            (left(&rooms) == 0).then_some(())
        }
    })
    .await;
}

#[tokio::test]
async fn fifty_visitors_race_for_the_last_two_rooms_on_sqlite() {
    // 50 completions at once on two cores take longer than the tests'
    // usual 1.5 s deadline between services (UPSTREAM_TIMEOUT_MS, 2 s by default).
    let t = TestStack::start_with(|g| {
        g.limits.writes.burst = 1000;
        g.peers.timeout = std::time::Duration::from_secs(10);
    })
    .await;
    fifty_visitors_race_for_two_rooms(&t.base, &t.stack.peers.rooms, 70).await;
}

/// The services call each other in process by default; served on loopback
/// ports instead (`STANDALONE_GRPC=loopback`), the same race ends the same.
#[tokio::test]
async fn the_services_call_each_other_in_process_or_over_loopback_with_the_same_outcome() {
    let adjust = |g: &mut spa_gateway::GatewayConfig| {
        g.limits.writes.burst = 1000;
        g.peers.timeout = std::time::Duration::from_secs(10);
    };
    let in_process = TestStack::start_with(adjust).await;
    let peers = &in_process.stack.peers;
    for addr in [&peers.catalog, &peers.rooms, &peers.cart, &peers.users, &peers.content] {
        assert!(spa_platform::local::is_local(addr), "{addr} is called in process");
    }
    let loopback = TestStack::start_linked(adjust, &[], spa_standalone::GrpcLink::Loopback).await;
    assert!(loopback.stack.peers.rooms.starts_with("http://127.0.0.1:"), "{}", loopback.stack.peers.rooms);
    fifty_visitors_race_for_two_rooms(&loopback.base, &loopback.stack.peers.rooms, 71).await;
}

/// An unpaid order whose hold expires is cancelled, its room back on sale;
/// its page says so.
#[tokio::test]
async fn an_unpaid_order_is_cancelled_when_its_hold_expires() {
    use reqwest::Method;
    let t = TestStack::start().await;
    let (from, to) = stay(55, 2);
    let left = rooms_left(&t, &from, &to).await;
    let v = Visitor::new(&t.http, &t.base).await;
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    v.step(Method::PUT, "address", guest()).await;
    v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
    let (status, order) = v.complete(None).await;
    assert_eq!(status, 200, "{order}");
    rooms_left_become(&t, &from, &to, left - 1).await;

    // The transfer never came: the hold's time runs out.
    t.advance(transfer_hold() + std::time::Duration::from_secs(60));
    let html = eventually("the order to be cancelled", || {
        let request = t.http.get(t.url(&format!("/order/{}/pay", v.token)));
        async move {
            let html = request.send().await.unwrap().text().await.unwrap();
            html.contains("anulowane").then_some(html)
        }
    })
    .await;
    assert!(!html.contains("Zapłać przelewem"), "no transfer asked for a cancelled order: {html}");
    rooms_left_become(&t, &from, &to, left).await;
    // Completing again answers the cancelled order, never a second one.
    let (status, again) = v.complete(None).await;
    assert_eq!((status, again["state"].as_str(), &again["bookingCode"]), (200, Some("cancelled"), &order["bookingCode"]));
}

/// A guest books, then registers with the same e-mail and verifies it: the
/// order is in their profile. An order placed while logged in is there at
/// once; nobody else sees either.
#[tokio::test]
async fn a_customer_sees_their_orders_and_the_guest_orders_of_their_verified_e_mail() {
    use reqwest::Method;
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let (from, to) = stay(80, 2);
    let guest_visit = Visitor::new(&t.http, &t.base).await;
    guest_visit.add(reservation(&from, &to)).await;
    let mut details = guest();
    details["customer"]["email"] = json!("ola@example.pl");
    guest_visit.step(Method::PUT, "address", details.clone()).await;
    guest_visit.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
    let (_, guest_order) = guest_visit.complete(None).await;
    let guest_code = guest_order["bookingCode"].as_str().unwrap().to_owned();

    let orders = |cookie: Option<String>| {
        let mut request = t.http.get(t.url("/shop-api/me/orders?locale=en_GB"));
        if let Some(c) = cookie {
            request = request.header("cookie", c);
        }
        async move { read(request.send().await.unwrap()).await }
    };
    assert_eq!(orders(None).await.0, 401);

    // Ola registers with that e-mail: the guest order is not hers until she verifies it.
    let body = json!({"email": "ola@example.pl", "password": "correct horse battery", "firstName": "Ola", "lastName": "Nowak"});
    let r = t.http.post(t.url("/shop-api/register")).json(&body).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let cookie = r.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let (status, mine) = orders(Some(cookie.clone())).await;
    assert_eq!((status, mine["items"].as_array().map(Vec::len)), (200, Some(0)), "{mine}");

    let content = t.stack.db("content");
    let link = eventually("the verification e-mail", || {
        let content = content.clone();
        let t = &t;
        async move {
            let id: String = sqlx::query_scalar("SELECT id FROM outgoing_mail WHERE recipient = 'ola@example.pl' ORDER BY created_at DESC")
                .fetch_optional(content.pool())
                .await
                .unwrap()?;
            let mail = t.delivered_mail(&id)?;
            mail.split_whitespace().find_map(|w| w.find("/verify-account/").map(|i| w[i..].to_owned()))
        }
    })
    .await;
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    assert_eq!(no_redirects.get(t.url(&link)).send().await.unwrap().status().as_u16(), 303);
    let mine = eventually("the guest order to join the account", || {
        let listed = orders(Some(cookie.clone()));
        async move {
            let (_, mine) = listed.await;
            (mine["items"].as_array().map(Vec::len) == Some(1)).then_some(mine)
        }
    })
    .await;
    let listed = &mine["items"][0];
    assert_eq!(listed["bookingCode"], json!(guest_code));
    assert_eq!((listed["items"][0]["dateFrom"].as_str(), listed["items"][0]["dateTo"].as_str()), (Some(from.as_str()), Some(to.as_str())));
    assert_eq!(listed["paymentState"], "awaiting_payment");

    // Booked while logged in: hers at once, newest first.
    let v = Visitor::new(&t.http, &t.base).await;
    v.add(json!({"type": "treatment", "productCode": "TR_HOT_STONE"})).await;
    let r = t
        .http
        .put(t.url(&format!("/shop-api/checkout/{}/address", v.token)))
        .header("cookie", &cookie)
        .json(&details)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
    let (_, order) = v.complete(None).await;
    let (_, mine) = orders(Some(cookie.clone())).await;
    let codes: Vec<&str> = mine["items"].as_array().unwrap().iter().map(|o| o["bookingCode"].as_str().unwrap()).collect();
    assert_eq!(codes, [order["bookingCode"].as_str().unwrap(), guest_code.as_str()]);

    // Another customer sees none of them.
    let other = json!({"email": "jan@example.pl", "password": "another horse battery", "firstName": "Jan", "lastName": "Kowalski"});
    let r = t.http.post(t.url("/shop-api/register")).json(&other).send().await.unwrap();
    let jan = r.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let (_, his) = orders(Some(jan)).await;
    assert_eq!(his["items"].as_array().map(Vec::len), Some(0));
}
