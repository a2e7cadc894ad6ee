//! Money, gift vouchers and inventory against a hostile guest: every way
//! found to take something without paying, or to keep it from other
//! guests, tried over HTTP. The shared scenarios run here on SQLite and in
//! the distributed test on PostgreSQL (each service its own process).

use reqwest::Method;
use serde_json::{Value, json};
use spa_platform::db::Db;
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::rooms::v1::{Guests, OrderRef, ReserveRequest, StayLine};

use crate::checkout::{ROOM, Visitor, guest, reservation};
use crate::staff::as_staff;
use crate::support::{TestStack, channel, client, eventually, stay};

/// A guest's details with e-mail `email`.
fn guest_as(email: &str) -> Value {
    let mut g = guest();
    g["customer"]["email"] = json!(email);
    g
}

/// What the scenarios need of a running shop, standalone or distributed.
pub struct Shop<'a> {
    pub base: String,
    /// The rooms service's gRPC address.
    pub rooms_addr: String,
    pub cart: &'a Db,
    pub rooms: &'a Db,
    /// An administrator's session token.
    pub admin: String,
    pub clocks: crate::support::Clocks,
}

impl<'a> Shop<'a> {
    pub async fn of(t: &'a TestStack) -> Self {
        let admin = t.session_of("c-admin", "admin@example.pl", "customer,admin").await;
        Self {
            base: t.base.clone(),
            rooms_addr: t.stack.peers.rooms.clone(),
            cart: t.stack.db("cart"),
            rooms: t.stack.db("rooms"),
            admin,
            clocks: t.clocks(),
        }
    }

    fn staff(&self) -> Option<String> {
        Some(format!("spa_session={}", self.admin))
    }
}

/// A gift voucher of `VC_AMOUNT`'s first value, bought by bank transfer and
/// paid (the staff record the transfer): its code and value.
pub async fn bought_voucher(shop: &Shop<'_>) -> (String, i64) {
    let (base, cart) = (shop.base.as_str(), shop.cart);
    let http = client();
    let buyer = Visitor::new(&http, base).await;
    let (status, cart_answer) = buyer.add(json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 0}})).await;
    assert_eq!(status, 201, "{cart_answer}");
    let value = cart_answer["items"][0]["price"]["current"].as_i64().unwrap();
    buyer.step(Method::PUT, "address", guest()).await;
    let config = json!({"for": "Ola", "from": "Adam", "email": "ola@example.pl", "design": "relax", "delivery": "email"});
    assert_eq!(buyer.step(Method::PUT, "vouchers/0", config).await.0, 200);
    assert_eq!(buyer.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
    let (status, order) = buyer.complete(None).await;
    assert_eq!(status, 200, "{order}");
    let transfer = format!("{base}/shop-api/backend/orders/{}/bank-transfers", order["bookingCode"].as_str().unwrap());
    let body = json!({"amount": order["dueNow"], "reference": format!("V-{}", buyer.token)});
    let (status, paid) = as_staff(&http, Method::POST, transfer, shop.staff(), body).await;
    assert_eq!(status, 200, "{paid}");
    let code: String = sqlx::query_scalar("SELECT code FROM gift_vouchers WHERE order_token = $1")
        .bind(&buyer.token)
        .fetch_one(cart.pool())
        .await
        .unwrap();
    (code, value)
}

/// A basket holding `quantity` of a product paid with gift voucher `code`.
async fn basket_paid_with(base: &str, code: &str, product: &str, quantity: u32) -> Visitor {
    let v = Visitor::new(&client(), base).await;
    let (status, cart) = v.add(json!({"type": "product", "productCode": product, "quantity": quantity})).await;
    assert_eq!(status, 201, "{cart}");
    let line = cart["items"][0]["id"].clone();
    let (status, cart) = v.send(Method::PUT, &format!("/shop-api/carts/{}/items/{line}/voucher", v.token), json!({"code": code})).await;
    assert_eq!(status, 200, "{cart}");
    v
}

/// No order is paid while money is owed: its state says paid only when the
/// guest owes nothing now (the advance's rest aside).
async fn assert_no_paid_order_owes_money(cart: &Db) {
    let owing: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT booking_code, total - vouchers, due_now FROM orders WHERE state = 'paid' AND payment_method = '' AND total - vouchers > 0",
    )
    .fetch_all(cart.pool())
    .await
    .unwrap();
    assert!(owing.is_empty(), "orders marked paid with nothing paid and money owed: {owing:?}");
}

/// Two baskets pay with one gift voucher code. Each saw nothing to pay,
/// but the code covers one of them only: they never spend more than its
/// balance together; the second is refused with 409 `price_changed` (not
/// placed as paid while owing what the voucher no longer covers), chooses
/// how to pay, and is placed for exactly what is then due.
pub async fn one_voucher_never_pays_twice(shop: &Shop<'_>) {
    let (base, cart) = (shop.base.as_str(), shop.cart);
    let (code, value) = bought_voucher(shop).await;
    // 69 zł each: one fits the 100 zł voucher, two do not.
    let (a, b) =
        (basket_paid_with(base, &code, "PR_HONEY_BODY_BALM", 1).await, basket_paid_with(base, &code, "PR_HONEY_BODY_BALM", 1).await);
    for v in [&a, &b] {
        let (status, cart) = v.step(Method::PUT, "address", guest()).await;
        assert_eq!((status, cart["checkoutState"].as_str()), (200, Some("payment_skipped")), "nothing to pay: {cart}");
    }
    let (first, second) = tokio::join!(a.complete(None), b.complete(None));
    let mut answers = [first, second];
    answers.sort_by_key(|(status, _)| *status);
    let (placed, refused) = (&answers[0].1, &answers[1].1);
    assert_eq!(answers[0].0, 200, "{placed}");
    assert_eq!((placed["state"].as_str(), placed["paymentState"].as_str()), (Some("paid"), Some("paid")), "{placed}");
    let price = placed["totals"]["total"].as_i64().unwrap();
    assert_eq!((placed["dueNow"].as_i64(), placed["totals"]["vouchers"].as_i64()), (Some(0), Some(price)));
    assert_eq!(answers[1].0, 409, "{refused}");
    assert!(matches!(refused["code"].as_str(), Some("voucher_spent" | "price_changed")), "{refused}");
    let loser = if placed["tokenValue"] == a.token.as_str() { &b } else { &a };

    // The loser's basket: the voucher pays what it has left, no more. Its
    // stored "nothing to pay" no longer holds, so completing is refused
    // with the amounts, and the guest chooses how to pay again.
    let left = value - price;
    let (_, basket) = loser.send(Method::GET, &format!("/shop-api/carts/{}", loser.token), Value::Null).await;
    assert_eq!(
        (basket["totals"]["vouchers"].as_i64(), basket["totals"]["leftToPay"].as_i64()),
        (Some(left), Some(price - left)),
        "{basket}"
    );
    if answers[1].1["code"] == "voucher_spent" {
        // Refused in the race by the voucher's guarded update; completing
        // again is refused for the price, not placed as paid.
        let (status, refused) = loser.complete(None).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("price_changed")), "{refused}");
        let due = spa_platform::money::decimal(price - left);
        assert!(refused["message"].as_str().unwrap().contains(&due), "the message names what is due now: {refused}");
    }
    let (_, basket) = loser.send(Method::GET, &format!("/shop-api/carts/{}", loser.token), Value::Null).await;
    assert_eq!(basket["checkoutState"], "vouchering_skipped", "back to choosing how to pay: {basket}");
    assert_eq!(loser.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
    let (status, order) = loser.complete(None).await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(
        (order["state"].as_str(), order["dueNow"].as_i64(), order["totals"]["vouchers"].as_i64()),
        (Some("new"), Some(price - left), Some(left))
    );
    let balance: i64 =
        sqlx::query_scalar("SELECT balance FROM gift_vouchers WHERE code = $1").bind(&code).fetch_one(cart.pool()).await.unwrap();
    assert_eq!(balance, 0, "spent exactly once, in full");
    let spent: i64 = sqlx::query_scalar("SELECT CAST(SUM(amount) AS BIGINT) FROM voucher_redemptions WHERE code = $1")
        .bind(&code)
        .fetch_one(cart.pool())
        .await
        .unwrap();
    assert_eq!(spent, value, "never more than its value");
    assert_no_paid_order_owes_money(cart).await;
}

/// What the payment step showed is what completion charges: the voucher on
/// a basket is partly spent by another order after the guest chose how to
/// pay, and completing is refused (409 `price_changed`) until the guest
/// chose again and saw the new amount.
pub async fn a_price_changed_since_the_payment_step_is_confirmed_again(shop: &Shop<'_>) {
    let base = shop.base.as_str();
    let (code, value) = bought_voucher(shop).await;
    // 2 × 69 zł: the voucher pays 100 zł of it, 38 zł are due.
    let guest_basket = basket_paid_with(base, &code, "PR_HONEY_BODY_BALM", 2).await;
    guest_basket.step(Method::PUT, "address", guest()).await;
    let (status, chosen) = guest_basket.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
    assert_eq!((status, chosen["checkoutState"].as_str()), (200, Some("payment_selected")), "{chosen}");
    let shown = chosen["totals"]["leftToPay"].as_i64().unwrap();
    // Meanwhile another basket spends 18.90 zł of the voucher.
    let other = basket_paid_with(base, &code, "PR_ARNICA_MASSAGE_OIL", 1).await;
    other.step(Method::PUT, "address", guest()).await;
    let (status, placed) = other.complete(None).await;
    assert_eq!((status, placed["state"].as_str()), (200, Some("paid")), "{placed}");
    let spent = placed["totals"]["vouchers"].as_i64().unwrap();

    // Choosing again with the amount shown then: refused, nothing chosen.
    let stale = json!({"method": "bank_transfer", "expectedDueNow": shown});
    let (status, refused) = guest_basket.step(Method::PUT, "payment/0", stale).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("price_changed")), "{refused}");
    let (_, basket) = guest_basket.send(Method::GET, &format!("/shop-api/carts/{}", guest_basket.token), Value::Null).await;
    assert_eq!(basket["checkoutState"], "payment_selected", "the earlier choice stands: {basket}");

    let (status, refused) = guest_basket.complete(None).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("price_changed")), "{refused}");
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.contains(&spa_platform::money::decimal(shown)) && message.contains(&spa_platform::money::decimal(shown + spent)),
        "{message}"
    );
    let seen = json!({"method": "bank_transfer", "expectedDueNow": shown + spent});
    let (status, chosen) = guest_basket.step(Method::PUT, "payment/0", seen).await;
    assert_eq!((status, chosen["totals"]["leftToPay"].as_i64()), (200, Some(shown + spent)), "{chosen}");
    let (status, order) = guest_basket.complete(None).await;
    assert_eq!(
        (status, order["dueNow"].as_i64(), order["totals"]["vouchers"].as_i64()),
        (200, Some(shown + spent), Some(value - spent)),
        "{order}"
    );
}

/// The advance pays a share of the stays, never less than the goods: a
/// guest buying 500 zł of gift vouchers with a stay pays the vouchers in
/// full now, and their codes come with that payment.
pub async fn the_advance_pays_for_stays_not_goods(shop: &Shop<'_>, in_days: i64) {
    let (base, cart) = (shop.base.as_str(), shop.cart);
    let http = client();
    let v = Visitor::new(&http, base).await;
    let (from, to) = stay(in_days, 2);
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    let (status, basket) =
        v.add(json!({"type": "voucher", "productCode": "VC_AMOUNT", "quantity": 5, "options": {"priceOption": 0}})).await;
    assert_eq!(status, 201, "{basket}");
    let vouchers: i64 =
        basket["items"].as_array().unwrap().iter().filter(|l| l["type"] == "voucher").map(|l| l["total"].as_i64().unwrap()).sum();
    let stay_cost = basket["items"].as_array().unwrap().iter().find(|l| l["type"] == "reservation").unwrap()["total"].as_i64().unwrap();
    v.step(Method::PUT, "address", guest()).await;
    let config = json!({"for": "Ola", "from": "Adam", "email": "ola@example.pl", "design": "relax", "delivery": "email"});
    assert_eq!(v.step(Method::PUT, "vouchers/0", config).await.0, 200);
    let (_, payment) = v.step(Method::GET, "payment", Value::Null).await;
    let share = ((stay_cost * 30 + 99) / 100 + 99) / 100 * 100;
    assert_eq!(payment["payments"][0]["deposit"]["amount"].as_i64(), Some(share + vouchers), "{payment}");
    let (status, chosen) = v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer", "deposit": true})).await;
    assert_eq!(
        (status, chosen["totals"]["leftToPay"].as_i64()),
        (200, Some(stay_cost - share)),
        "only the stay is left for later: {chosen}"
    );
    let (status, order) = v.complete(None).await;
    assert_eq!((status, order["dueNow"].as_i64()), (200, Some(share + vouchers)), "{order}");

    // The advance comes: every voucher is paid in full, so each gets its code.
    let transfer = format!("{base}/shop-api/backend/orders/{}/bank-transfers", order["bookingCode"].as_str().unwrap());
    let body = json!({"amount": share + vouchers, "reference": format!("A-{}", v.token)});
    let (status, paid) = as_staff(&http, Method::POST, transfer, shop.staff(), body).await;
    assert_eq!((status, paid["paymentState"].as_str()), (200, Some("partially_paid")), "{paid}");
    let codes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM gift_vouchers WHERE order_token = $1")
        .bind(&v.token)
        .fetch_one(cart.pool())
        .await
        .unwrap();
    assert_eq!(codes, 5);
}

/// The cart's order id, as the address step named it.
async fn order_id_of(cart: &Db, token: &str) -> String {
    let checkout: String =
        sqlx::query_scalar("SELECT checkout FROM carts WHERE token = $1").bind(token).fetch_one(cart.pool()).await.unwrap();
    serde_json::from_str::<Value>(&checkout).unwrap()["orderId"].as_str().unwrap().to_owned()
}

async fn hold(rooms_addr: &str, order_id: &str, from: &str, to: &str) {
    let mut rooms = RoomsServiceClient::new(channel(rooms_addr));
    let line = StayLine {
        room_code: ROOM.into(),
        from: from.into(),
        to: to.into(),
        quantity: 1,
        guests: Some(Guests { adults: 2, children: 0, babies: 0 }),
        package_nights: 0,
    };
    rooms.reserve(ReserveRequest { order_id: order_id.to_owned(), lines: vec![line], hold_seconds: 3600 }).await.unwrap();
}

/// A completion cut off after its hold (a timeout, a crash) leaves the
/// basket free to change and complete, not stuck on `hold_conflict`: once
/// the basket changed, and once that hold was given back.
pub async fn a_completion_cut_off_after_its_hold_never_sticks(shop: &Shop<'_>, in_days: i64) {
    let (base, rooms_addr, cart) = (shop.base.as_str(), shop.rooms_addr.as_str(), shop.cart);
    let http = client();
    let rooms_left = |from: String, to: String| {
        let http = http.clone();
        let url = format!("{base}/shop-api/rooms/search?from={from}&to={to}&adults=2&children=0&babies=0");
        async move {
            let rooms: Value = http.get(url).send().await.unwrap().json().await.unwrap();
            rooms["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM).map_or(0, |r| r["available"].as_u64().unwrap())
        }
    };
    // Cut off after the hold, then the basket changed its dates.
    let v = Visitor::new(&http, base).await;
    let (from, to) = stay(in_days, 2);
    let (status, cart_answer) = v.add(reservation(&from, &to)).await;
    assert_eq!(status, 201, "{cart_answer}");
    v.step(Method::PUT, "address", guest()).await;
    let first_id = order_id_of(cart, &v.token).await;
    hold(rooms_addr, &first_id, &from, &to).await;
    let line = cart_answer["items"][0]["id"].clone();
    assert_eq!(v.send(Method::DELETE, &format!("/shop-api/carts/{}/items/{line}", v.token), Value::Null).await.0, 200);
    let (later_from, later_to) = stay(in_days + 3, 2);
    assert_eq!(v.add(reservation(&later_from, &later_to)).await.0, 201);
    v.step(Method::PUT, "address", guest()).await;
    assert_eq!(v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
    let left_before = rooms_left(from.clone(), to.clone()).await;
    let (status, order) = v.complete(None).await;
    assert_eq!((status, order["state"].as_str()), (200, Some("new")), "not stuck on the old hold: {order}");
    let placed_id: String =
        sqlx::query_scalar("SELECT order_id FROM orders WHERE token = $1").bind(&v.token).fetch_one(cart.pool()).await.unwrap();
    assert_ne!(placed_id, first_id, "a new id for the new nights");
    eventually("the stale hold's nights to be on sale again", || {
        let left = rooms_left(from.clone(), to.clone());
        async move { (left.await == left_before + 1).then_some(()) }
    })
    .await;

    // Cut off after the hold, which was then given back (or expired): the
    // next completion holds under a new id.
    let w = Visitor::new(&http, base).await;
    let (from, to) = stay(in_days + 6, 2);
    assert_eq!(w.add(reservation(&from, &to)).await.0, 201);
    w.step(Method::PUT, "address", guest()).await;
    assert_eq!(w.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
    let id = order_id_of(cart, &w.token).await;
    hold(rooms_addr, &id, &from, &to).await;
    let mut rooms = RoomsServiceClient::new(channel(rooms_addr));
    rooms.release(OrderRef { order_id: id.clone() }).await.unwrap();
    let (status, order) = w.complete(None).await;
    assert_eq!((status, order["state"].as_str()), (200, Some("new")), "{order}");
}

/// Eight completions of one guest's e-mail at once, each of 2 nights,
/// against a cap of `cap` unpaid room-nights per e-mail: exactly cap / 2
/// are placed, the rest refused with 409 `unpaid_limit`, and no night is
/// held for them.
pub async fn unpaid_nights_are_capped_under_concurrency(shop: &Shop<'_>, cap: i64, in_days: i64) {
    let (base, cart) = (shop.base.as_str(), shop.cart);
    let http = client();
    let email = format!("hoarder-{}@example.pl", uuid::Uuid::new_v4().simple());
    let mut visitors = Vec::new();
    for i in 0..8 {
        let v = Visitor::new(&http, base).await;
        let (from, to) = stay(in_days + 3 * i, 2);
        assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
        v.step(Method::PUT, "address", guest_as(&email)).await;
        assert_eq!(v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
        visitors.push(v);
    }
    let answers = futures::future::join_all(visitors.iter().map(|v| v.complete(None))).await;
    let placed = answers.iter().filter(|(s, _)| *s == 200).count() as i64;
    assert_eq!(placed, cap / 2, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != 200) {
        assert_eq!((*status, body["code"].as_str()), (409, Some("unpaid_limit")), "{body}");
        assert!(body["message"].as_str().unwrap().contains(&cap.to_string()), "the cap is named: {body}");
    }
    let held: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(room_nights), 0) AS BIGINT) FROM orders WHERE email = $1 AND payment_state = 'awaiting_payment'",
    )
    .bind(&email)
    .fetch_one(cart.pool())
    .await
    .unwrap();
    assert_eq!(held, cap);
}

fn integrity_stack(adjust: impl FnOnce(&mut spa_gateway::GatewayConfig)) -> impl std::future::Future<Output = TestStack> {
    let settings = [("MAX_BASKET_LINES", "4"), ("MAX_UNPAID_NIGHTS_PER_EMAIL", "4"), ("MAX_UNPAID_NIGHTS_PER_CLIENT", "6")];
    async move {
        TestStack::start_with_settings(
            |g| {
                g.limits.writes.burst = 1000;
                g.limits.client_ip_header = Some(axum::http::HeaderName::from_static("x-forwarded-for"));
                adjust(g);
            },
            &settings,
        )
        .await
    }
}

/// The product whose last unit two guests race for.
const LAST_UNIT: &str = "PR_SEA_BUCKTHORN_CREAM";

/// The stock the back office shows for a product.
async fn stock_of(shop: &Shop<'_>, code: &str) -> Value {
    let url = format!("{}/shop-api/backend/products/{code}", shop.base);
    let (status, product) = as_staff(&client(), Method::GET, url, shop.staff(), Value::Null).await;
    assert_eq!(status, 200, "{product}");
    product["stock"].clone()
}

/// The last unit of a product is sold once however many guests complete at
/// once; the guest who lost is told the basket changed and takes nothing;
/// a cancelled order gives its unit back for the next guest.
pub async fn the_last_unit_is_sold_once_and_comes_back_when_cancelled(shop: &Shop<'_>) {
    let http = client();
    let url = format!("{}/shop-api/backend/products/{LAST_UNIT}", shop.base);
    let (_, editor) = as_staff(&http, Method::GET, url.clone(), shop.staff(), Value::Null).await;
    let mut change = editor.clone();
    for field in ["code", "type", "mainTaxon", "taxons", "images", "updatedAt", "updatedBy"] {
        change.as_object_mut().unwrap().remove(field);
    }
    (change["stockWas"], change["stock"]) = (editor["stock"].clone(), json!(1));
    let (status, saved) = as_staff(&http, Method::PUT, url, shop.staff(), change).await;
    assert_eq!(status, 200, "{saved}");

    let mut racers = Vec::new();
    for i in 0..4 {
        let v = Visitor::new(&http, &shop.base).await;
        let added = eventually("the last unit addable", || async {
            let (status, _) = v.add(json!({"type": "product", "productCode": LAST_UNIT})).await;
            (status == 201).then_some(())
        });
        added.await;
        assert_eq!(v.step(Method::PUT, "address", guest_as(&format!("racer{i}@example.pl"))).await.0, 200);
        assert_eq!(v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
        racers.push(v);
    }
    let answers = futures::future::join_all(racers.iter().map(|v| v.complete(None))).await;
    let placed: Vec<&Value> = answers.iter().filter(|(status, _)| *status == 200).map(|(_, order)| order).collect();
    assert_eq!(placed.len(), 1, "one unit, one order: {answers:?}");
    for (status, refused) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!((*status, refused["code"].as_str()), (409, Some("items_unavailable")), "{refused}");
    }
    assert_eq!(stock_of(shop, LAST_UNIT).await, 0);
    let orders: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE email LIKE 'racer%'").fetch_one(shop.cart.pool()).await.unwrap();
    assert_eq!(orders, 1, "the others placed nothing");

    // The front desk cancels it: the unit is for sale again.
    let code = placed[0]["bookingCode"].as_str().unwrap();
    let cancellation = format!("{}/shop-api/backend/orders/{code}/cancellation?locale=en_GB", shop.base);
    let (_, quote) = as_staff(&http, Method::GET, cancellation.clone(), shop.staff(), Value::Null).await;
    let body = json!({"version": quote["version"], "fee": 0});
    let (status, cancelled) = as_staff(&http, Method::POST, cancellation, shop.staff(), body).await;
    assert_eq!(status, 200, "{cancelled}");
    eventually("the cancelled order's unit back", || async { (stock_of(shop, LAST_UNIT).await == 1).then_some(()) }).await;
}

/// Stock taken for an order that is never placed (a completion cut off
/// after it) goes back once its hold expires; taken again under the same
/// order, nothing more is taken.
#[tokio::test]
async fn stock_no_placed_order_kept_goes_back() {
    use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;
    use spa_proto::spa::catalog::v1::{ReserveStockRequest, StockLine};
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let shop = Shop::of(&t).await;
    let url = format!("{}/shop-api/backend/products/{LAST_UNIT}", shop.base);
    let (_, editor) = as_staff(&t.http, Method::GET, url.clone(), shop.staff(), Value::Null).await;
    let mut change = editor.clone();
    for field in ["code", "type", "mainTaxon", "taxons", "images", "updatedAt", "updatedBy"] {
        change.as_object_mut().unwrap().remove(field);
    }
    (change["stockWas"], change["stock"]) = (editor["stock"].clone(), json!(3));
    assert_eq!(as_staff(&t.http, Method::PUT, url, shop.staff(), change).await.0, 200);

    let mut catalog = CatalogServiceClient::new(channel(&t.stack.peers.catalog));
    let reserve = || ReserveStockRequest { order_id: "cut-off".into(), lines: vec![StockLine { code: LAST_UNIT.into(), quantity: 2 }] };
    catalog.reserve_stock(reserve()).await.unwrap();
    catalog.reserve_stock(reserve()).await.unwrap();
    assert_eq!(stock_of(&shop, LAST_UNIT).await, 1, "taken once for the order");
    let more = ReserveStockRequest { order_id: "greedy".into(), lines: vec![StockLine { code: LAST_UNIT.into(), quantity: 2 }] };
    let refused = catalog.reserve_stock(more).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::FailedPrecondition, "{refused:?}");
    assert_eq!(stock_of(&shop, LAST_UNIT).await, 1, "all or nothing");

    t.advance(spa_catalog::stock::HOLD + std::time::Duration::from_secs(60));
    eventually("the expired hold given back", || async { (stock_of(&shop, LAST_UNIT).await == 3).then_some(()) }).await;
}

#[tokio::test]
async fn the_last_unit_is_sold_once_and_comes_back_when_cancelled_on_sqlite() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    the_last_unit_is_sold_once_and_comes_back_when_cancelled(&Shop::of(&t).await).await;
}

#[tokio::test]
async fn one_voucher_never_pays_twice_and_nothing_is_paid_while_money_is_owed_on_sqlite() {
    let t = integrity_stack(|_| {}).await;
    let shop = Shop::of(&t).await;
    one_voucher_never_pays_twice(&shop).await;
    a_price_changed_since_the_payment_step_is_confirmed_again(&shop).await;
}

#[tokio::test]
async fn the_advance_pays_for_stays_not_goods_on_sqlite() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    the_advance_pays_for_stays_not_goods(&Shop::of(&t).await, 130).await;
}

#[tokio::test]
async fn a_completion_cut_off_after_its_hold_never_sticks_on_sqlite() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    a_completion_cut_off_after_its_hold_never_sticks(&Shop::of(&t).await, 140).await;
}

/// One client cannot take the house off sale: a basket holds 4 lines here
/// (`MAX_BASKET_LINES`), unpaid orders hold 4 room-nights per e-mail and 6
/// per client, whatever the request rate; paying frees the cap.
#[tokio::test]
async fn one_client_cannot_take_the_house_off_sale() {
    let t = integrity_stack(|_| {}).await;
    let shop = Shop::of(&t).await;
    let from_client = |client: &'static str| {
        reqwest::Client::builder()
            .default_headers(
                std::iter::once((reqwest::header::HeaderName::from_static("x-forwarded-for"), client.parse().unwrap())).collect(),
            )
            .build()
            .unwrap()
    };

    // A basket's lines are capped, and the answer names the cap.
    let v = Visitor::new(&t.http, &t.base).await;
    for product in ["PR_HONEY_BODY_BALM", "PR_ARNICA_MASSAGE_OIL", "PR_LINDEN_HONEY", "PR_HERBAL_TEA"] {
        assert_eq!(v.add(json!({"type": "product", "productCode": product})).await.0, 201);
    }
    let (status, full) = v.add(json!({"type": "product", "productCode": "PR_BATHROBE"})).await;
    assert_eq!((status, full["code"].as_str()), (409, Some("basket_full")), "{full}");
    assert!(full["message"].as_str().unwrap().contains('4'), "{full}");
    let (status, more) = v.add(json!({"type": "product", "productCode": "PR_HERBAL_TEA"})).await;
    assert_eq!(status, 201, "more of a line it holds is no new line: {more}");

    // Unpaid room-nights per e-mail: two 2-night orders, then refused.
    let http = from_client("198.51.100.30");
    let book = |email: &'static str, in_days: i64| {
        let http = http.clone();
        let base = t.base.clone();
        async move {
            let v = Visitor::new(&http, &base).await;
            let (from, to) = stay(in_days, 2);
            assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
            v.step(Method::PUT, "address", guest_as(email)).await;
            assert_eq!(v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
            v.complete(None).await
        }
    };
    let (status, first) = book("ola@example.pl", 150).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(book("ola@example.pl", 153).await.0, 200);
    let (status, refused) = book("ola@example.pl", 156).await;
    assert_eq!(
        (status, refused["code"].as_str(), refused["errors"][0]["field"].as_str()),
        (409, Some("unpaid_limit"), Some("customer.email")),
        "{refused}"
    );
    let (from, to) = stay(156, 2);
    let held: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(held), 0) AS BIGINT) FROM inventory WHERE night >= $1 AND night < $2")
        .bind(&from)
        .bind(&to)
        .fetch_one(t.stack.db("rooms").pool())
        .await
        .unwrap();
    assert_eq!(held, 0, "nothing held for the refused order");
    // Paying one frees its nights of the cap.
    let transfer = format!("{}/shop-api/backend/orders/{}/bank-transfers", t.base, first["bookingCode"].as_str().unwrap());
    let (status, _) =
        as_staff(&t.http, Method::POST, transfer, shop.staff(), json!({"amount": first["dueNow"], "reference": "T-CAP"})).await;
    assert_eq!(status, 200);
    assert_eq!(book("ola@example.pl", 159).await.0, 200, "paid orders do not count");

    // Per client, whatever the e-mails: 6 room-nights (4 held already from here).
    assert_eq!(book("ewa@example.pl", 162).await.0, 200);
    let (status, refused) = book("jan@example.pl", 165).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("unpaid_limit")), "{refused}");
    // Another client is not held back.
    let other = Visitor::new(&from_client("198.51.100.31"), &t.base).await;
    let (from, to) = stay(165, 2);
    assert_eq!(other.add(reservation(&from, &to)).await.0, 201);
    other.step(Method::PUT, "address", guest_as("jan@example.pl")).await;
    other.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await;
    assert_eq!(other.complete(None).await.0, 200);

    // Eight completions of one e-mail at once still respect the cap.
    unpaid_nights_are_capped_under_concurrency(&shop, 4, 200).await;
}

/// A bank-transfer order placed by a guest: the visitor and the order.
async fn transfer_order(base: &str, in_days: i64) -> (Visitor, Value) {
    let v = Visitor::new(&client(), base).await;
    let (from, to) = stay(in_days, 2);
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    v.step(Method::PUT, "address", guest()).await;
    assert_eq!(v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
    let (status, order) = v.complete(None).await;
    assert_eq!(status, 200, "{order}");
    (v, order)
}

pub async fn placed_order_id(cart: &Db, token: &str) -> String {
    sqlx::query_scalar("SELECT order_id FROM orders WHERE token = $1").bind(token).fetch_one(cart.pool()).await.unwrap()
}

pub async fn hold_status(rooms: &Db, order_id: &str) -> String {
    sqlx::query_scalar("SELECT status FROM holds WHERE order_id = $1").bind(order_id).fetch_one(rooms.pool()).await.unwrap()
}

/// A payment recorded for an order whose nights are gone (its hold ran out
/// and the nights went to someone else before the cart heard of it): the
/// rooms service cannot book them and says so (`rooms.hold.lost`); the
/// order is cancelled and what it paid listed for the staff to give back,
/// but for the gift voucher it bought with the stay, whose code stays valid.
/// No paid order is left without its room. The order's booking code, what
/// is due back and the voucher's value.
pub async fn a_paid_order_whose_nights_are_gone_is_refunded(shop: &Shop<'_>, in_days: i64) -> (String, i64, i64) {
    let http = client();
    let v = Visitor::new(&http, &shop.base).await;
    let (from, to) = stay(in_days, 2);
    assert_eq!(v.add(reservation(&from, &to)).await.0, 201);
    let (status, basket) = v.add(json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 0}})).await;
    assert_eq!(status, 201, "{basket}");
    let voucher = basket["items"].as_array().unwrap().iter().find(|l| l["type"] == "voucher").unwrap()["total"].as_i64().unwrap();
    v.step(Method::PUT, "address", guest()).await;
    let config = json!({"for": "Ola", "from": "Adam", "email": "ola@example.pl", "design": "relax", "delivery": "email"});
    assert_eq!(v.step(Method::PUT, "vouchers/0", config).await.0, 200);
    assert_eq!(v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
    let (status, order) = v.complete(None).await;
    assert_eq!(status, 200, "{order}");
    let order_id = placed_order_id(shop.cart, &v.token).await;
    let mut rooms = RoomsServiceClient::new(channel(&shop.rooms_addr));
    rooms.release(OrderRef { order_id: order_id.clone() }).await.unwrap();

    let code = order["bookingCode"].as_str().unwrap().to_owned();
    let transfer = format!("{}/shop-api/backend/orders/{code}/bank-transfers", shop.base);
    let (status, paid) =
        as_staff(&http, Method::POST, transfer, shop.staff(), json!({"amount": order["dueNow"], "reference": format!("LOST-{code}")}))
            .await;
    assert_eq!((status, paid["paymentState"].as_str()), (200, Some("paid")), "{paid}");
    eventually("the order to be cancelled for its lost nights", || async {
        let row: (String, String) = sqlx::query_as("SELECT state, cancel_reason FROM orders WHERE token = $1")
            .bind(&v.token)
            .fetch_one(shop.cart.pool())
            .await
            .unwrap();
        (row == ("cancelled".to_owned(), "nights_sold".to_owned())).then_some(())
    })
    .await;
    let due = order["dueNow"].as_i64().unwrap() - voucher;
    let (status, refunds) =
        as_staff(&http, Method::GET, format!("{}/shop-api/backend/refunds", shop.base), shop.staff(), Value::Null).await;
    assert_eq!(status, 200);
    let due_back = refunds["items"].as_array().unwrap().iter().find(|r| r["bookingCode"] == code.as_str()).expect("listed to give back");
    assert_eq!((due_back["amount"].as_i64(), due_back["orderState"].as_str()), (Some(due), Some("cancelled")), "the stay's part");
    // The gift voucher stays the guest's, whole.
    let (balance, value): (i64, i64) = sqlx::query_as("SELECT balance, value FROM gift_vouchers WHERE order_token = $1")
        .bind(&v.token)
        .fetch_one(shop.cart.pool())
        .await
        .unwrap();
    assert_eq!((balance, value), (voucher, voucher));
    (code, due, voucher)
}

/// A `cart.order.paid` the rooms service gave up on (parked in its dead
/// letters during an outage) is sent again with the documented operator
/// command (`operator` runs it with the given arguments and answers what it
/// printed), and the booking is confirmed.
pub async fn a_parked_payment_event_is_sent_again(shop: &Shop<'_>, in_days: i64, operator: impl Fn(&[&str]) -> String) {
    let (v, order) = transfer_order(&shop.base, in_days).await;
    let order_id = placed_order_id(shop.cart, &v.token).await;
    let paid = spa_proto::events::OrderPaid {
        order_id: order_id.clone(),
        booking_code: order["bookingCode"].as_str().unwrap().to_owned(),
        amount: order["dueNow"].as_i64().unwrap(),
        ..Default::default()
    };
    let event = spa_platform::bus::Event::of(&paid);
    spa_platform::dead_letters::park(shop.rooms, spa_rooms::PAID_CONSUMER, &event, 5, "rooms database unavailable").await.unwrap();
    assert_eq!(hold_status(shop.rooms, &order_id).await, "held");

    let listed = operator(&["list"]);
    assert!(listed.starts_with("1 parked event") && listed.contains("cart.order.paid") && listed.contains(&event.id), "{listed}");
    assert_eq!(operator(&["replay", "--all"]), "1 event(s) sent back\n");
    eventually("the booking to be confirmed", || async { (hold_status(shop.rooms, &order_id).await == "confirmed").then_some(()) }).await;
    eventually("the parked event to be gone", || async {
        let parked: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM dead_letters").fetch_one(shop.rooms.pool()).await.unwrap();
        (parked == 0).then_some(())
    })
    .await;
    assert!(operator(&["list"]).starts_with("0 parked event"));
}

#[tokio::test]
async fn a_paid_order_whose_nights_are_gone_is_refunded_and_the_guest_told() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let (code, due, voucher) = a_paid_order_whose_nights_are_gone_is_refunded(&Shop::of(&t).await, 170).await;
    let (amount, kept) = (
        spa_platform::money::pln(spa_platform::locale::Locale::Pl, due),
        spa_platform::money::pln(spa_platform::locale::Locale::Pl, voucher),
    );
    let mail = eventually("the guest's e-mail", || async {
        let ids: Vec<String> =
            sqlx::query_scalar("SELECT id FROM outgoing_mail WHERE recipient = 'anna@example.pl' AND subject LIKE 'Rezerwacja anulowana%'")
                .fetch_all(t.stack.db("content").pool())
                .await
                .unwrap();
        ids.iter().find_map(|id| t.delivered_mail(id)).map(|m| crate::support::readable(&m))
    })
    .await;
    assert!(mail.contains(&code) && mail.contains(&format!("Zwrócimy Ci: {amount}")), "{mail}");
    assert!(mail.contains(&format!("pozostają ważne, ich wartość: {kept}")) && !mail.contains("nie została pobrana"), "{mail}");
}

#[tokio::test]
async fn a_parked_payment_event_is_sent_again_by_the_operator_command() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let operator = |args: &[&str]| {
        let out = std::process::Command::new(crate::distributed::bin("spa-standalone"))
            .args(["dead-letters", "rooms"])
            .args(args)
            .env("DATA_DIR", t.dir.path().join("data"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    a_parked_payment_event_is_sent_again(&Shop::of(&t).await, 175, operator).await;
}
