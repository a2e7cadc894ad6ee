//! The basket over HTTP: every kind of line priced by the server, the
//! rules that refuse a line (each a 4xx naming its field), a room sold
//! while it waits in a basket, and parallel changes to one basket on
//! SQLite and PostgreSQL.

use serde_json::{Value, json};
use spa_platform::config::ServiceConfig;
use spa_platform::testkit;
use spa_proto::spa::cart::v1::cart_service_client::CartServiceClient;
use spa_proto::spa::cart::v1::{AddItemRequest, CreateCartRequest, GetCartRequest, NewItem, NewItemType};
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::rooms::v1::{Guests, ReserveRequest, StayLine};
use tokio_util::sync::CancellationToken;

use crate::support::{TestStack, channel, json as read, stay};

const ROOM: &str = "ROOM_STANDARD_DOUBLE";

struct Basket<'a> {
    t: &'a TestStack,
    token: String,
}

impl<'a> Basket<'a> {
    async fn new(t: &'a TestStack, locale: &str) -> Self {
        let token = uuid::Uuid::new_v4().simple().to_string();
        let (status, cart) = t.post(&format!("/shop-api/carts/{token}"), json!({"channel": "web_pl", "locale": locale})).await;
        assert_eq!(status, 201, "{cart}");
        Self { t, token }
    }

    fn path(&self, rest: &str) -> String {
        format!("/shop-api/carts/{}{rest}", self.token)
    }

    async fn add(&self, body: Value) -> (u16, Value) {
        self.t.post(&self.path("/items"), body).await
    }

    async fn added(&self, body: Value) -> Value {
        let (status, cart) = self.add(body.clone()).await;
        assert_eq!(status, 201, "{body} -> {cart}");
        cart
    }

    async fn attach(&self, id: &Value, body: Value) -> (u16, Value) {
        self.t.post(&self.path(&format!("/items/{id}/children-items")), body).await
    }

    async fn get(&self) -> Value {
        let (status, cart) = self.t.get(&self.path("?locale=en_GB")).await;
        assert_eq!(status, 200, "{cart}");
        cart
    }

    async fn put(&self, id: &Value, body: Value) -> (u16, Value) {
        read(self.t.http.put(self.t.url(&self.path(&format!("/items/{id}")))).json(&body).send().await.unwrap()).await
    }

    async fn delete(&self, id: &Value) -> (u16, Value) {
        read(self.t.http.delete(self.t.url(&self.path(&format!("/items/{id}")))).send().await.unwrap()).await
    }
}

fn line<'c>(cart: &'c Value, code: &str) -> &'c Value {
    cart["items"].as_array().unwrap().iter().find(|i| i["code"] == code).unwrap_or_else(|| panic!("{code} in {cart}"))
}

fn sum_of_lines(cart: &Value) -> i64 {
    cart["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            i["total"].as_i64().unwrap() + i["childItems"].as_array().unwrap().iter().map(|c| c["total"].as_i64().unwrap()).sum::<i64>()
        })
        .sum()
}

/// The price of `room` for the stay, as the room search shows it.
async fn searched_price(t: &TestStack, from: &str, to: &str, room: &str) -> i64 {
    let (status, rooms) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&children=0&babies=0")).await;
    assert_eq!(status, 200, "{rooms}");
    rooms["items"].as_array().unwrap().iter().find(|r| r["code"] == room).unwrap()["price"]["current"].as_i64().unwrap()
}

fn error(answer: &(u16, Value)) -> (u16, &str, &str) {
    (answer.0, answer.1["code"].as_str().unwrap_or_default(), answer.1["errors"][0]["field"].as_str().unwrap_or_default())
}

#[tokio::test]
async fn a_basket_holds_every_kind_priced_by_the_server() {
    let t = TestStack::start().await;
    let b = Basket::new(&t, "pl").await;
    let (_, product) = t.get("/shop-api/products/PR_HONEY_BODY_BALM?locale=pl").await;
    let (_, voucher) = t.get("/shop-api/products/VC_AMOUNT?locale=pl").await;
    let product_price = product["price"]["current"].as_i64().expect("a demo product");

    // Units: the same product again adds to its line; a client naming a price is refused (it is never read).
    let (status, refused) = b.add(json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM", "quantity": 2, "price": 1})).await;
    assert_eq!((status, refused["code"].as_str(), refused["errors"][0]["field"].as_str()), (400, Some("invalid_body"), Some("price")));
    b.added(json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM", "quantity": 2})).await;
    let cart = b.added(json!({"type": "product", "variantCode": "PR_HONEY_BODY_BALM"})).await;
    let oil = line(&cart, "PR_HONEY_BODY_BALM");
    assert_eq!((oil["quantity"].as_u64(), oil["total"].as_i64()), (Some(3), Some(3 * product_price)));
    assert_eq!((oil["minQuantity"].as_u64(), oil["maxQuantity"].as_u64()), (Some(1), Some(10)));
    assert_eq!(oil["product"]["name"], product["name"]);

    b.added(json!({"type": "treatment", "productCode": "TR_HOT_STONE"})).await;
    // A product priced in euros costs its złoty price, promotion and all.
    let (_, arnica) = t.get("/shop-api/products/PR_ARNICA_MASSAGE_OIL?locale=pl").await;
    assert_eq!(arnica["price"]["currency"], "EUR");
    let cart = b.added(json!({"type": "product", "productCode": "PR_ARNICA_MASSAGE_OIL"})).await;
    let oil = &line(&cart, "PR_ARNICA_MASSAGE_OIL")["price"];
    assert_eq!(
        (&oil["current"], &oil["original"], &oil["currency"]),
        (&arnica["priceBase"]["current"], &arnica["priceBase"]["original"], &json!("PLN"))
    );
    // Alcohol is sold to whoever said they are of age (the shop's question,
    // kept in the cookie `agePermission`), and to nobody else, whichever
    // page the add comes from.
    let wine = json!({"type": "product", "productCode": "PR_LUBUSZ_WHITE_WINE"});
    for cookie in [None, Some("agePermission=0"), Some("agePermission=yes")] {
        let mut request = t.http.post(t.url(&b.path("/items"))).json(&wine);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        let (status, refused) = read(request.send().await.unwrap()).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("age_confirmation_required")), "{cookie:?}: {refused}");
    }
    assert!(b.get().await["items"].as_array().unwrap().iter().all(|l| l["code"] != "PR_LUBUSZ_WHITE_WINE"), "nothing added");
    let request = t.http.post(t.url(&b.path("/items"))).header("cookie", "votePopupOpened=1; agePermission=1").json(&wine);
    let (status, cart) = read(request.send().await.unwrap()).await;
    assert_eq!(status, 201, "{cart}");
    assert_eq!(line(&cart, "PR_LUBUSZ_WHITE_WINE")["product"]["ageRestriction"], true);
    let cart = b.added(json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 1}})).await;
    let gift = line(&cart, "VC_AMOUNT");
    assert_eq!(gift["price"]["current"], voucher["voucherValues"][1], "{voucher}");
    assert_eq!(gift["priceOption"], 1);
    assert_eq!(cart["shippingRequired"], false, "posted or e-mailed is chosen at checkout");
    assert_eq!(gift["voucher"], Value::Null);

    // With its dedication, given as it is added: a line of its own.
    let dedication = json!({"for": " Ola ", "from": "Jan", "message": "Wszystkiego najlepszego!", "email": "ola@example.pl"});
    let cart =
        b.added(json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 1, "dedication": dedication}})).await;
    let gifts: Vec<&Value> = cart["items"].as_array().unwrap().iter().filter(|l| l["code"] == "VC_AMOUNT").collect();
    assert_eq!(gifts.len(), 2, "a dedicated voucher is a line of its own: {cart}");
    let voucher = &gifts[1]["voucher"];
    assert_eq!((voucher["for"].as_str(), voucher["email"].as_str()), (Some("Ola"), Some("ola@example.pl")));
    let (status, _) = b.delete(&gifts[1]["id"]).await;
    assert_eq!(status, 200);

    // A stay costs what the search showed.
    let (from, to) = stay(40, 2);
    let cart = b
        .added(json!({"type": "reservation", "productCode": ROOM, "options": {"checkIn": from, "checkOut": to, "adults": 2, "children": 0, "babies": 1}}))
        .await;
    let room = line(&cart, ROOM);
    assert_eq!(room["total"].as_i64().unwrap(), searched_price(&t, &from, &to, ROOM).await);
    assert_eq!((room["dateFrom"].as_str(), room["dateTo"].as_str(), room["days"].as_u64()), (Some(&*from), Some(&*to), Some(2)));
    assert_eq!((room["adults"].as_u64(), room["children"].as_u64(), room["babies"].as_u64()), (Some(2), Some(0), Some(1)));
    assert_eq!((room["isAvailable"].as_bool(), room["maxQuantity"].as_u64()), (Some(true), Some(1)));

    // A stay package attached to it: the package and the room together cost
    // what the package search showed for that room.
    let id = room["id"].clone();
    let (status, cart) = b.attach(&id, json!({"type": "package", "packageCode": "PKG_ROMANTIC_WEEKEND"})).await;
    assert_eq!(status, 201, "{cart}");
    let room = line(&cart, ROOM);
    let package = &room["childItems"][0];
    assert_eq!((package["code"].as_str(), package["quantity"].as_u64()), (Some("PKG_ROMANTIC_WEEKEND"), Some(2)), "one person per adult");
    assert!(package["treatments"].as_array().unwrap().iter().all(|t| !t["name"].as_str().unwrap().is_empty()));
    let (status, offers) = t
        .post("/shop-api/rooms/search", json!({"packageCode": "PKG_ROMANTIC_WEEKEND", "options": {"from": from, "to": to, "adults": 2}}))
        .await;
    assert_eq!(status, 200, "{offers}");
    let offer = offers.as_array().unwrap().iter().find(|r| r["code"] == ROOM).unwrap();
    assert_eq!(room["total"].as_i64().unwrap() + package["total"].as_i64().unwrap(), offer["price"]["current"].as_i64().unwrap());

    // Fewer persons move the package's included treatments down with them.
    let before: u64 = package["treatments"].as_array().unwrap().iter().map(|t| t["quantity"].as_u64().unwrap()).sum();
    let (status, cart) = b.put(&package["id"], json!({"quantity": 1})).await;
    assert_eq!(status, 200, "{cart}");
    let package = &line(&cart, ROOM)["childItems"][0];
    let after: u64 = package["treatments"].as_array().unwrap().iter().map(|t| t["quantity"].as_u64().unwrap()).sum();
    assert_eq!(before - after, 3, "each of the three included treatments one less");

    // The aromatherapy massage may be swapped for a hot-stone massage, at
    // the difference in price; the sauna ritual may not be taken out.
    let (swap, massage) = (json!({"code": "TR_HOT_STONE", "quantity": 1}), json!({"code": "TR_AROMATHERAPY_MASSAGE", "quantity": 1}));
    let (bath, sauna) = (json!({"code": "TR_HERBAL_BATH", "quantity": 1}), json!({"code": "TR_SAUNA_RITUAL", "quantity": 1}));
    let price_of = |code: &str| {
        let request = t.http.get(t.url(&format!("/shop-api/products/{code}")));
        async move { read(request.send().await.unwrap()).await.1["price"]["current"].as_i64().unwrap() }
    };
    let difference = (price_of("TR_HOT_STONE").await - price_of("TR_AROMATHERAPY_MASSAGE").await).max(0);
    let total_before = package["total"].as_i64().unwrap();
    let (status, cart) = b.put(&package["id"], json!({"quantity": 1, "options": {"treatments": [swap, bath, sauna]}})).await;
    assert_eq!(status, 200, "{cart}");
    let swapped = &line(&cart, ROOM)["childItems"][0];
    let codes: Vec<&str> = swapped["treatments"].as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["TR_HOT_STONE", "TR_HERBAL_BATH", "TR_SAUNA_RITUAL"]);
    assert_eq!(swapped["total"].as_i64().unwrap(), total_before + difference);
    let answer = b.put(&package["id"], json!({"quantity": 1, "options": {"treatments": [massage, bath, swap]}})).await;
    assert_eq!(error(&answer), (422, "invalid_configuration", "options.treatments"), "the sauna stays");

    // A room booked with its package in one go is priced the same way.
    let (from2, to2) = stay(50, 3);
    let cart = b
        .added(json!({"type": "reservation_with_package", "packageCode": "PKG_WELLNESS_RESET", "productCode": "ROOM_LAKE_VIEW",
            "options": {"checkIn": from2, "checkOut": to2, "adults": 2, "children": 0}}))
        .await;
    let (_, offers) = t
        .post("/shop-api/rooms/search", json!({"packageCode": "PKG_WELLNESS_RESET", "options": {"from": from2, "to": to2, "adults": 2}}))
        .await;
    let offer = offers.as_array().unwrap().iter().find(|r| r["code"] == "ROOM_LAKE_VIEW").unwrap();
    let deluxe = cart["items"].as_array().unwrap().iter().find(|i| i["code"] == "ROOM_LAKE_VIEW").unwrap();
    assert_eq!(
        deluxe["total"].as_i64().unwrap() + deluxe["childItems"][0]["total"].as_i64().unwrap(),
        offer["price"]["current"].as_i64().unwrap()
    );

    // A treatment day stands alone.
    let cart = b.added(json!({"type": "package", "productCode": "PKG_BEAUTY_DAY", "quantity": 2})).await;
    assert_eq!(line(&cart, "PKG_BEAUTY_DAY")["quantity"], 2);

    // Totals add every line; a read in English names them in English.
    let cart = b.get().await;
    assert_eq!(cart["totals"]["total"].as_i64().unwrap(), sum_of_lines(&cart));
    assert_eq!(cart["totals"]["leftToPay"], cart["totals"]["total"]);
    assert_eq!((cart["totals"]["currency"].as_str(), &cart["totals"]["base"]), (Some("PLN"), &Value::Null));
    assert_ne!(line(&cart, "PR_HONEY_BODY_BALM")["product"]["name"], product["name"], "English now");
    assert!(line(&cart, "PR_HONEY_BODY_BALM")["product"]["links"]["self"].as_str().unwrap().starts_with("/en/"));

    // Change and remove; a stay goes with its package.
    let (status, cart) = b.put(&line(&cart, "PR_HONEY_BODY_BALM")["id"], json!({"quantity": 1})).await;
    assert_eq!((status, line(&cart, "PR_HONEY_BODY_BALM")["total"].as_i64()), (200, Some(product_price)));
    let (status, cart) = b.delete(&line(&cart, ROOM)["id"]).await;
    assert_eq!(status, 200);
    assert!(cart["items"].as_array().unwrap().iter().all(|i| i["code"] != ROOM && i["code"] != "PKG_ROMANTIC_WEEKEND"));
    assert_eq!(cart["totals"]["total"].as_i64().unwrap(), sum_of_lines(&cart));

    // Suggestions: packages that fit the stay, treatments and products not in the basket.
    let deluxe_id = &line(&cart, "ROOM_LAKE_VIEW")["id"];
    let (status, packages) = t.get(&b.path(&format!("/items/{deluxe_id}/associations/packages/default?locale=de"))).await;
    assert_eq!(status, 200, "{packages}");
    let packages = packages["items"].as_array().unwrap();
    assert!(!packages.is_empty() && packages.iter().all(|p| p["numNights"].as_u64().unwrap() <= 3), "{packages:?}");
    assert!(packages.iter().all(|p| p["links"]["self"].as_str().unwrap().starts_with("/angebot/")), "German links");
    let oil_id = &line(&cart, "PR_HONEY_BODY_BALM")["id"];
    let (_, treatments) = t.get(&b.path(&format!("/items/{oil_id}/associations/treatments/default"))).await;
    let treatments = treatments["items"].as_array().unwrap();
    assert!(!treatments.is_empty() && treatments.len() <= 8);
    assert!(treatments.iter().all(|p| p["type"] == "treatment" && p["code"] != "TR_HOT_STONE"), "not the one in the basket");
    let (_, products) = t.get(&b.path(&format!("/items/{oil_id}/associations/products/default"))).await;
    let products = products["items"].as_array().unwrap();
    assert!(products.iter().all(|p| p["code"] != "PR_HONEY_BODY_BALM"));
    // The balm's related honey massage is suggested once, among the treatments, not again among the products.
    assert!(products.iter().all(|p| p["type"] == "product"), "{products:?}");
    assert!(treatments.iter().any(|p| p["code"] == "TR_HONEY_MASSAGE"), "{treatments:?}");
    assert!(products.iter().all(|p| treatments.iter().all(|t| t["code"] != p["code"])), "nothing suggested twice");
    let (status, _) = t.get(&b.path(&format!("/items/{oil_id}/associations/rooms/default"))).await;
    assert_eq!(status, 404);

    // Dropping the basket ends it.
    let r = t.http.delete(t.url(&b.path(""))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 204);
    assert_eq!(b.add(json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM"})).await.0, 404);
}

#[tokio::test]
async fn bad_basket_requests_name_the_field() {
    // More changes than one visitor's burst allowance, all from this test.
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let b = Basket::new(&t, "de").await;
    let (from, to) = stay(30, 2);
    let stay_of = |adults: u32| json!({"checkIn": from, "checkOut": to, "adults": adults});
    let cases = [
        (json!({"type": "spaceship", "productCode": "PR_HONEY_BODY_BALM"}), (400, "invalid_item_type", "type")),
        (json!({"productCode": "PR_HONEY_BODY_BALM"}), (400, "invalid_item_type", "type")),
        (json!({"type": "product", "productCode": "NOPE"}), (404, "unknown_product", "productCode")),
        (json!({"type": "product", "productCode": "TR_HOT_STONE"}), (404, "unknown_product", "productCode")),
        (json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM", "quantity": 11}), (422, "invalid_quantity", "quantity")),
        (json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM", "quantity": 0}), (422, "invalid_quantity", "quantity")),
        (json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM", "quantity": -1}), (400, "invalid_quantity", "quantity")),
        (
            json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 99}}),
            (422, "invalid_price_option", "options.priceOption"),
        ),
        (json!({"type": "voucher", "productCode": "VC_AMOUNT"}), (422, "invalid_price_option", "options.priceOption")),
        (json!({"type": "package", "productCode": "PKG_ROMANTIC_WEEKEND"}), (422, "package_needs_stay", "type")),
        (
            json!({"type": "package", "productCode": "PKG_BEAUTY_DAY", "options": {"treatments": [{"code": "TR_HOT_STONE", "quantity": 1}]}}),
            (422, "invalid_configuration", "options.treatments[0].code"),
        ),
        (json!({"type": "package", "productCode": "PKG_BEAUTY_DAY", "quantity": 3}), (422, "invalid_quantity", "quantity")),
        (
            json!({"type": "reservation", "productCode": ROOM, "options": {"checkIn": "2026-13-01", "checkOut": to}}),
            (422, "invalid_stay", "options.checkIn"),
        ),
        (
            json!({"type": "reservation", "productCode": ROOM, "options": {"checkIn": to, "checkOut": from}}),
            (422, "invalid_stay", "options.checkOut"),
        ),
        (json!({"type": "reservation", "productCode": ROOM, "options": stay_of(3)}), (422, "invalid_guests", "options.adults")),
        (json!({"type": "reservation", "productCode": "PKG_BEAUTY_DAY", "options": stay_of(2)}), (404, "unknown_product", "productCode")),
        (
            json!({"type": "reservation_with_package", "packageCode": "PKG_WELLNESS_RESET", "productCode": ROOM, "options": stay_of(2)}),
            (422, "package_too_long", "packageCode"),
        ),
        (
            json!({"type": "reservation_with_package", "packageCode": "NOPE", "productCode": ROOM, "options": stay_of(2)}),
            (404, "unknown_product", "packageCode"),
        ),
    ];
    for (body, expected) in cases {
        let answer = b.add(body.clone()).await;
        assert_eq!(error(&answer), expected, "{body} -> {}", answer.1);
        assert!(!answer.1["message"].as_str().unwrap().is_empty());
    }
    assert_eq!(b.get().await["items"], json!([]), "nothing refused was stored");

    // Children only on a stay, and only packages that fit it.
    let cart = b.added(json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM"})).await;
    let oil = line(&cart, "PR_HONEY_BODY_BALM")["id"].clone();
    assert_eq!(error(&b.attach(&oil, json!({"packageCode": "PKG_BEAUTY_DAY"})).await), (409, "not_a_reservation", "id"));
    let cart = b.added(json!({"type": "reservation", "productCode": ROOM, "options": stay_of(1)})).await;
    let room = line(&cart, ROOM)["id"].clone();
    assert_eq!(error(&b.attach(&room, json!({"packageCode": "PKG_WELLNESS_RESET"})).await), (422, "package_too_long", "packageCode"));
    assert_eq!(
        error(&b.attach(&room, json!({"packageCode": "PKG_ROMANTIC_WEEKEND", "quantity": 2})).await),
        (422, "too_many_persons", "quantity"),
        "one adult, one person"
    );
    assert_eq!(
        error(&b.attach(&room, json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM"})).await),
        (400, "invalid_item_type", "type")
    );
    assert_eq!(b.attach(&json!(999), json!({"packageCode": "PKG_BEAUTY_DAY"})).await.0, 404);

    // Changes: the line's own bounds, unknown lines and baskets.
    assert_eq!(error(&b.put(&room, json!({"quantity": 2})).await), (422, "invalid_quantity", "quantity"));
    assert_eq!(error(&b.put(&oil, json!({"quantity": 11})).await), (422, "invalid_quantity", "quantity"));
    assert_eq!(error(&b.put(&oil, json!({})).await), (422, "invalid_quantity", "quantity"));
    assert_eq!(
        error(&b.put(&oil, json!({"quantity": 1, "options": {"treatments": []}})).await),
        (422, "invalid_configuration", "options.treatments")
    );
    assert_eq!(error(&b.put(&json!(999), json!({"quantity": 1})).await), (404, "item_not_found", "id"));
    let dedicate = |code: &str, body: Value| {
        let kind = if code == "VC_TREATMENT" { "gift" } else { "product" };
        b.add(json!({"type": kind, "productCode": code, "options": {"priceOption": 0, "dedication": body}}))
    };
    // Missing from the body (400, as the document says), or against the rule (422).
    for (body, field, expected) in [
        (json!({"for": "", "from": "Jan"}), "options.dedication.for", 422),
        (json!({"for": "Ola"}), "options.dedication.from", 400),
        (json!({"for": "Ola", "from": "x".repeat(61)}), "options.dedication.from", 422),
        (json!({"for": "Ola", "from": "Jan", "message": "x".repeat(301)}), "options.dedication.message", 422),
    ] {
        assert_eq!(error(&dedicate("VC_TREATMENT", body.clone()).await), (expected, "invalid_voucher_details", field), "{body}");
    }
    assert_eq!(
        error(&dedicate("VC_TREATMENT", json!({"for": "Ola", "from": "Jan", "email": "ola@"})).await),
        (422, "invalid_email", "options.dedication.email")
    );
    assert_eq!(
        error(&dedicate("PR_ARNICA_MASSAGE_OIL", json!({"for": "Ola", "from": "Jan"})).await),
        (409, "not_a_voucher", "options.dedication")
    );
    assert_eq!(error(&b.delete(&json!(999)).await), (404, "item_not_found", "id"));
    let other = uuid::Uuid::new_v4().simple().to_string();
    let (status, body) =
        t.post(&format!("/shop-api/carts/{other}/items"), json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM"})).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("cart_not_found")));
    // Messages in the request's language.
    let (_, en) =
        t.post(&b.path("/items?locale=en_GB"), json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM", "quantity": 11})).await;
    let (_, pl) =
        t.post(&b.path("/items?locale=pl"), json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM", "quantity": 11})).await;
    assert_ne!(en["message"], pl["message"]);
}

#[tokio::test]
async fn a_room_booked_meanwhile_is_flagged_and_leaves_the_totals() {
    let t = TestStack::start().await;
    let b = Basket::new(&t, "pl").await;
    let (from, to) = stay(60, 2);
    let body = json!({"type": "reservation", "productCode": ROOM, "options": {"checkIn": from, "checkOut": to, "adults": 2}});
    b.added(body.clone()).await;
    let cart = b.added(json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM"})).await;
    let with_room = cart["totals"]["total"].as_i64().unwrap();

    // Someone else's order takes every unit left.
    let (_, rooms) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2")).await;
    let left = rooms["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM).unwrap()["available"].as_u64().unwrap();
    let mut client = RoomsServiceClient::new(channel(&t.stack.peers.rooms));
    client
        .reserve(ReserveRequest {
            order_id: "someone-else".into(),
            lines: vec![StayLine {
                room_code: ROOM.into(),
                from: from.clone(),
                to: to.clone(),
                quantity: left as u32,
                guests: Some(Guests { adults: 2, children: 0, babies: 0 }),
                package_nights: 0,
            }],
            hold_seconds: 600,
        })
        .await
        .unwrap();

    let cart = b.get().await;
    let room = line(&cart, ROOM);
    assert_eq!((room["isAvailable"].as_bool(), room["total"].as_i64()), (Some(false), Some(0)), "{room}");
    assert_eq!((room["dateFrom"].as_str(), room["dateTo"].as_str()), (Some(&*from), Some(&*to)), "the dates of the message");
    let oil = line(&cart, "PR_HONEY_BODY_BALM")["total"].as_i64().unwrap();
    assert_eq!(cart["totals"]["total"].as_i64().unwrap(), oil);
    assert!(oil < with_room);
    // Adding it again is refused; deleting it is the way out.
    assert_eq!(error(&b.add(body).await), (409, "room_unavailable", "productCode"));
    let (status, cart) = b.delete(&room["id"]).await;
    assert_eq!((status, cart["items"].as_array().unwrap().len()), (200, 1));
}

#[tokio::test]
async fn the_basket_counts_its_own_stays_against_the_rooms_left() {
    let t = TestStack::start().await;
    let b = Basket::new(&t, "pl").await;
    let (from, to) = stay(70, 1);
    let (_, rooms) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2")).await;
    let left = rooms["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM).unwrap()["available"].as_u64().unwrap();
    let body = json!({"type": "reservation", "productCode": ROOM, "options": {"checkIn": from, "checkOut": to, "adults": 2}});
    // A search with the basket's token counts its stays against the rooms left.
    let search = |token: &str, from: &str, to: &str| {
        let request = t.http.get(t.url(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&orderToken={token}")));
        async move {
            let r = request.send().await.unwrap();
            let personal = r.headers()["cache-control"] == "no-store";
            let (_, rooms) = read(r).await;
            let left = rooms["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM).map(|r| r["available"].as_u64().unwrap());
            (left, personal)
        }
    };
    assert_eq!(search(&b.token, &from, &to).await, (Some(left), true), "the visitor's own answer, even with no stay in the basket");
    b.added(body.clone()).await;
    assert_eq!(search(&b.token, &from, &to).await, (Some(left - 1), true));
    let (next, after) = stay(71, 1);
    let (later, _) = search(&b.token, &next, &after).await;
    assert!(later.is_some_and(|l| l >= left - 1), "other nights keep their rooms: {later:?}");
    assert_eq!(search("unknown-basket-token-0123456789", &from, &to).await.0, Some(left), "an unknown basket changes nothing");
    for _ in 1..left {
        b.added(body.clone()).await;
    }
    assert_eq!(search(&b.token, &from, &to).await.0, None, "all its rooms are in the basket");
    assert_eq!(search("", &from, &to).await.0, Some(left), "others still see them");
    assert_eq!(error(&b.add(body).await), (409, "room_unavailable", "productCode"));
}

/// 20 adds in parallel: four products five times each. Every add lands:
/// no line is lost, no quantity is overwritten, ids are never reused.
async fn parallel_adds(cart: CartServiceClient<spa_platform::grpc::Balanced>) {
    let token = uuid::Uuid::new_v4().simple().to_string();
    cart.clone()
        .create_cart(CreateCartRequest { token: token.clone(), channel: "web_pl".into(), locale: "pl".into(), ..Default::default() })
        .await
        .unwrap();
    let codes = ["PR_HONEY_BODY_BALM", "TR_HOT_STONE", "TR_HERBAL_BATH", "TR_SAUNA_RITUAL"];
    let adds = (0..20).map(|i| {
        let mut cart = cart.clone();
        let (token, code) = (token.clone(), codes[i % 4]);
        let kind = if code.starts_with("PR_") { NewItemType::Product } else { NewItemType::Treatment };
        tokio::spawn(async move {
            let item = NewItem { r#type: kind as i32, product_code: code.into(), quantity: Some(1), ..Default::default() };
            cart.add_item(AddItemRequest { token, locale: "pl".into(), item: Some(item), ..Default::default() }).await
        })
    });
    for add in futures::future::join_all(adds).await {
        add.unwrap().expect("every add succeeds");
    }
    let got = cart.clone().get_cart(GetCartRequest { token, locale: "pl".into() }).await.unwrap().into_inner();
    let mut lines: Vec<(String, u32)> = got.items.iter().map(|i| (i.code.clone(), i.quantity)).collect();
    lines.sort();
    let mut expected: Vec<(String, u32)> = codes.iter().map(|c| (c.to_string(), 5)).collect();
    expected.sort();
    assert_eq!(lines, expected);
}

#[tokio::test]
async fn parallel_adds_to_one_basket_all_land_on_sqlite_and_postgresql() {
    let t = TestStack::start().await;
    parallel_adds(CartServiceClient::new(channel(&t.stack.peers.cart))).await;

    // The same service on PostgreSQL, asking the stack's catalog and rooms.
    let db = testkit::TestDb::postgres().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let config = ServiceConfig {
        name: "cart",
        grpc_addr: listener.local_addr().unwrap(),
        ops_addr: "127.0.0.1:0".parse().unwrap(),
        database_url: db.url.clone(),
        nats_url: None,
        nats_namespace: None,
        redis_url: None,
        peers: t.stack.peers.clone(),
    };
    let shutdown = CancellationToken::new();
    let infra = spa_platform::runtime::Infra::connect(&config, shutdown.clone()).await.unwrap();
    let started = spa_cart::start(infra, listener).await.unwrap();
    parallel_adds(CartServiceClient::new(channel(&started.url))).await;
    shutdown.cancel();
}

#[tokio::test]
async fn a_logged_in_customer_finds_their_basket_again() {
    let t = TestStack::start().await;
    let visitor_cart = |cookie: Option<String>| {
        let mut request = t.http.get(t.url("/shop-api/visitor/cart?locale=en_GB"));
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        async move { read(request.send().await.unwrap()).await }
    };
    assert_eq!(visitor_cart(None).await.0, 204, "a guest has none");

    let cookie = format!("spa_session={}", t.logged_in_customer().await);
    assert_eq!(visitor_cart(Some(cookie.clone())).await.0, 204, "no basket yet");

    // A guest's basket is nobody's; the one opened while logged in is Ola's.
    Basket::new(&t, "pl").await.added(json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM"})).await;
    let token = uuid::Uuid::new_v4().simple().to_string();
    let r = t
        .http
        .post(t.url(&format!("/shop-api/carts/{token}")))
        .header("cookie", &cookie)
        .json(&json!({"locale": "pl"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let b = Basket { t: &t, token: token.clone() };
    b.added(json!({"type": "treatment", "productCode": "TR_HOT_STONE"})).await;
    let response = t.http.get(t.url("/shop-api/visitor/cart?locale=en_GB")).header("cookie", &cookie).send().await.unwrap();
    assert_eq!(response.headers()["cache-control"], "no-store");
    let (status, cart) = read(response).await;
    assert_eq!((status, cart["tokenValue"].as_str()), (200, Some(token.as_str())), "{cart}");
    assert_eq!(cart["items"][0]["code"], "TR_HOT_STONE");
    assert_eq!(visitor_cart(Some("spa_session=forged".into())).await.0, 204);
}

/// A price the catalog changes reaches a basket already holding the item
/// (the cart keeps the catalog's answers until the change is announced:
/// `spa-cart`'s own tests).
#[tokio::test]
async fn a_catalog_change_reaches_the_basket_when_announced() {
    let t = TestStack::start().await;
    let b = Basket::new(&t, "pl").await;
    let before = b.added(json!({"type": "treatment", "productCode": "TR_HOT_STONE"})).await["totals"]["total"].as_i64().unwrap();
    assert_ne!(before, 12345);
    let catalog = t.stack.db("catalog");
    let total = || async { t.get(&b.path("?locale=pl")).await.1["totals"]["total"].as_i64() };
    assert!(spa_catalog::store::set_price(catalog, &spa_platform::outbox::Outbox::default(), "TR_HOT_STONE", 12345).await.unwrap());
    crate::support::eventually("the new price in the basket", || async { (total().await == Some(12345)).then_some(()) }).await;
}
