//! Rooms: search, calendars, package search, the popup fragment, and the
//! inventory rule: no night is ever sold twice, whatever the backend and
//! however many replicas run; a retried reservation changes nothing.

use std::time::Duration;

use serde_json::json;
use spa_platform::db::Db;
use spa_platform::testkit;
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::rooms::v1::{Guests, HoldStatus, OrderRef, ReserveRequest, StayLine};

use crate::distributed::RoomsReplicas;
use crate::support::{Clocks, TestStack, channel, client, eventually, stay};

const ROOM: &str = "ROOM_STANDARD_DOUBLE";
/// Outlasts the clock's moves in these tests, which expire 10-minute holds.
const LONG_HOLD: u32 = 24 * 3600;

fn line(from: &str, to: &str, quantity: u32) -> StayLine {
    StayLine {
        room_code: ROOM.into(),
        from: from.into(),
        to: to.into(),
        quantity,
        guests: Some(Guests { adults: 2, children: 0, babies: 0 }),
        package_nights: 0,
    }
}

fn day(offset: i64) -> String {
    stay(offset, 1).0
}

/// 100 orders for stays of 1-4 nights that all include one night race for
/// the last 3 units of a room type, spread over `clients`. Exactly 3 win,
/// no night is over-sold, and retrying every order changes nothing.
async fn compete(clients: Vec<RoomsServiceClient<spa_platform::grpc::Balanced>>, db: &Db, clocks: &Clocks, start: i64) {
    let key_night = day(start + 5);
    let spa_rooms::store::NightCount { units, booked, held } = spa_rooms::store::night(db, ROOM, &key_night).await.unwrap();
    assert_eq!((booked, held), (0, 0), "a fresh night");
    // Take all but three units with one order.
    let mut setup = clients[0].clone();
    setup
        .reserve(ReserveRequest {
            order_id: testkit::unique("setup-"),
            lines: vec![line(&day(start), &day(start + 10), (units - 3) as u32)],
            hold_seconds: LONG_HOLD,
        })
        .await
        .unwrap();

    let orders: Vec<(String, StayLine)> = (0..100)
        .map(|i| {
            let first = start + 5 - (i % 3);
            let nights = 1 + (i % 4);
            let last = (first + nights).max(start + 6);
            (format!("race-{start}-{i}"), line(&day(first), &day(last), 1))
        })
        .collect();
    let attempt = |round: usize| {
        let clients = clients.clone();
        let orders = orders.clone();
        async move {
            let tasks: Vec<_> = orders
                .into_iter()
                .enumerate()
                .map(|(i, (id, l))| {
                    let mut c = clients[(i + round) % clients.len()].clone();
                    tokio::spawn(async move {
                        (id.clone(), c.reserve(ReserveRequest { order_id: id, lines: vec![l], hold_seconds: LONG_HOLD }).await)
                    })
                })
                .collect();
            let mut won = Vec::new();
            for t in tasks {
                let (id, result) = t.await.unwrap();
                match result {
                    Ok(hold) => {
                        assert_eq!(hold.get_ref().status(), HoldStatus::Held);
                        won.push(id);
                    }
                    Err(status) => {
                        assert_eq!(status.code(), tonic::Code::FailedPrecondition, "{id}: {status:?}");
                        assert_eq!(spa_platform::errors::details(&status).unwrap().code, "room_unavailable");
                    }
                }
            }
            won.sort();
            won
        }
    };
    let winners = attempt(0).await;
    assert_eq!(winners.len(), 3, "exactly as many succeed as fit: {winners:?}");
    let check_nights = || async {
        for offset in start..start + 10 {
            let spa_rooms::store::NightCount { units, booked, held } = spa_rooms::store::night(db, ROOM, &day(offset)).await.unwrap();
            assert!(booked + held <= units, "night {} over-sold: {booked} + {held} > {units}", day(offset));
        }
        let key = spa_rooms::store::night(db, ROOM, &key_night).await.unwrap();
        (key.units, key.booked, key.held)
    };
    assert_eq!(check_nights().await, (units, 0, units), "the key night is full");

    // Retrying every order, on other replicas, changes nothing.
    let again = attempt(1).await;
    assert_eq!(again, winners, "the same orders hold, no new ones");
    assert_eq!(check_nights().await, (units, 0, units));

    // Confirming and releasing are idempotent too.
    let mut c = clients[clients.len() - 1].clone();
    for _ in 0..2 {
        assert_eq!(c.confirm(OrderRef { order_id: winners[0].clone() }).await.unwrap().get_ref().status(), HoldStatus::Confirmed);
    }
    assert_eq!(check_nights().await, (units, 1, units - 1));
    for _ in 0..2 {
        assert_eq!(c.release(OrderRef { order_id: winners[1].clone() }).await.unwrap().get_ref().status(), HoldStatus::Released);
    }
    assert_eq!(check_nights().await, (units, 1, units - 2), "a released unit is free again");
    let err = c.confirm(OrderRef { order_id: winners[1].clone() }).await.unwrap_err();
    assert_eq!(err.code(), tonic::Code::FailedPrecondition, "a released hold cannot be confirmed");
    let again = c
        .reserve(ReserveRequest { order_id: winners[1].clone(), lines: vec![line(&key_night, &day(start + 6), 1)], hold_seconds: 600 })
        .await;
    assert_eq!(again.unwrap_err().code(), tonic::Code::FailedPrecondition, "a released order's id holds nothing again");
    assert_eq!(check_nights().await, (units, 1, units - 2));
    let late = c
        .reserve(ReserveRequest { order_id: "late".into(), lines: vec![line(&key_night, &day(start + 6), 1)], hold_seconds: LONG_HOLD })
        .await;
    assert!(late.is_ok(), "the released unit sells again");
    let full = c
        .reserve(ReserveRequest { order_id: "too-late".into(), lines: vec![line(&key_night, &day(start + 6), 1)], hold_seconds: 600 })
        .await;
    assert_eq!(full.unwrap_err().code(), tonic::Code::FailedPrecondition);

    // A payment that comes after its hold expired races new guests, on
    // every replica, for the last unit: it goes to one of them, never to two.
    c.release(OrderRef { order_id: "late".into() }).await.unwrap();
    let slow = line(&key_night, &day(start + 6), 1);
    c.reserve(ReserveRequest { order_id: "slow-payer".into(), lines: vec![slow.clone()], hold_seconds: 600 }).await.unwrap();
    clocks.advance(Duration::from_secs(601)).await;
    eventually("the slow payer's hold to expire", || async { (check_nights().await == (units, 1, units - 2)).then_some(()) }).await;
    let racers: Vec<_> = (0..8)
        .map(|i| {
            let mut c = clients[i % clients.len()].clone();
            let slow = slow.clone();
            tokio::spawn(async move {
                if i % 4 == 0 {
                    (true, c.confirm(OrderRef { order_id: "slow-payer".into() }).await.is_ok())
                } else {
                    let order_id = format!("next-guest-{i}");
                    (false, c.reserve(ReserveRequest { order_id, lines: vec![slow], hold_seconds: 600 }).await.is_ok())
                }
            })
        })
        .collect();
    let (mut confirmed, mut reserved) = (0, 0);
    for racer in racers {
        match racer.await.unwrap() {
            (true, true) => confirmed += 1,
            (false, true) => reserved += 1,
            _ => {}
        }
    }
    assert!(confirmed == 0 || confirmed == 2, "the payer's two confirmations agree: {confirmed}");
    assert_eq!(usize::from(confirmed > 0) + reserved, 1, "the last unit went to exactly one ({confirmed} confirmed, {reserved} reserved)");
    let (_, booked, held) = check_nights().await;
    assert_eq!(booked + held, units, "full, and not beyond");
}

#[tokio::test]
async fn concurrent_reservations_never_oversell_on_sqlite() {
    let t = TestStack::start().await;
    let client = RoomsServiceClient::new(channel(&t.stack.peers.rooms));
    compete(vec![client], t.stack.db("rooms"), &t.clocks(), 40).await;
}

#[tokio::test]
#[cfg_attr(not(has_postgres), ignore = "TEST_POSTGRES_URL is not set")]
async fn concurrent_reservations_never_oversell_across_three_processes_on_postgres() {
    let pg = testkit::postgres_url();
    let name = testkit::unique("spa_rooms_race_");
    let url = testkit::postgres_database_url(&pg, &name);
    let mut replicas = RoomsReplicas::start(3, &url, &[("CLOCK_CONTROL", "on")]).await;
    let clients = replicas.clients();
    let db = Db::connect(&url).await.unwrap();
    compete(clients, &db, &Clocks::Remote(replicas.ops.clone()), 60).await;
    db.close().await;
    // The clients are gone (moved), so SIGTERM finds no open connection.
    replicas.procs.terminate_cleanly().await;
    let admin = Db::connect(&pg).await.unwrap();
    sqlx::query(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).execute(admin.pool()).await.unwrap();
}

/// A hold expires by itself and frees its nights; paid after that, it
/// takes them again when they are still free, and never when one is sold.
#[tokio::test]
async fn holds_expire_by_themselves_and_free_their_nights() {
    let t = TestStack::start().await;
    let mut c = RoomsServiceClient::new(channel(&t.stack.peers.rooms));
    let db = t.stack.db("rooms").clone();
    let night = day(70);
    let before = spa_rooms::store::night(&db, ROOM, &night).await.unwrap();
    let hold = c
        .reserve(ReserveRequest { order_id: "short".into(), lines: vec![line(&night, &day(71), 2)], hold_seconds: 600 })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(hold.status(), HoldStatus::Held);
    assert!(hold.total.unwrap().amount > 0, "priced by the server");
    assert_eq!(spa_rooms::store::night(&db, ROOM, &night).await.unwrap().held, before.held + 2);
    t.advance(Duration::from_secs(601));
    eventually("the hold to expire", || {
        let db = db.clone();
        let night = night.clone();
        async move { (spa_rooms::store::night(&db, ROOM, &night).await.unwrap().held == before.held).then_some(()) }
    })
    .await;
    // The expiry was announced on the bus through the outbox.
    let events: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE subject = 'rooms.hold.expired'").fetch_one(db.pool()).await.unwrap();
    assert_eq!(events, 1);

    // Paid after it expired, while its nights are free: they are booked again.
    let confirmed = c.confirm(OrderRef { order_id: "short".into() }).await.unwrap().into_inner();
    assert_eq!(confirmed.status(), HoldStatus::Confirmed);
    assert_eq!(
        spa_rooms::store::night(&db, ROOM, &night).await.unwrap(),
        spa_rooms::store::NightCount { booked: before.booked + 2, ..before }
    );
    for _ in 0..2 {
        c.confirm(OrderRef { order_id: "short".into() }).await.unwrap();
    }
    assert_eq!(spa_rooms::store::night(&db, ROOM, &night).await.unwrap().booked, before.booked + 2, "once, whatever the retries");

    // Paid after it expired, while another guest took its last unit: it
    // stays expired and nothing is sold twice.
    let other = day(72);
    let spa_rooms::store::NightCount { units, booked, held } = spa_rooms::store::night(&db, ROOM, &other).await.unwrap();
    let free = (units - booked - held) as u32;
    c.reserve(ReserveRequest { order_id: "late-payer".into(), lines: vec![line(&other, &day(73), free)], hold_seconds: 600 })
        .await
        .unwrap();
    t.advance(Duration::from_secs(601));
    eventually("the second hold to expire", || {
        let (db, other) = (db.clone(), other.clone());
        async move { (spa_rooms::store::night(&db, ROOM, &other).await.unwrap().held == held).then_some(()) }
    })
    .await;
    c.reserve(ReserveRequest { order_id: "next-guest".into(), lines: vec![line(&other, &day(73), 1)], hold_seconds: 600 }).await.unwrap();
    let err = c.confirm(OrderRef { order_id: "late-payer".into() }).await.unwrap_err();
    assert_eq!(err.code(), tonic::Code::FailedPrecondition, "a night is sold to someone else: {err:?}");
    assert_eq!(
        spa_rooms::store::night(&db, ROOM, &other).await.unwrap(),
        spa_rooms::store::NightCount { units, booked, held: held + 1 },
        "only the next guest's unit"
    );
}

#[tokio::test]
async fn search_reflects_reservations_and_calendars_show_sold_out_nights() {
    let t = TestStack::start().await;
    let (from, to) = stay(80, 2);
    let search = format!("/shop-api/rooms/search?from={from}&to={to}&adults=2");
    let left = |body: &serde_json::Value| {
        body["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM).map(|r| r["available"].as_u64().unwrap()).unwrap_or(0)
    };
    let (_, body) = t.get(&search).await;
    let units = left(&body);
    assert!(units > 0);
    assert!(body["items"][0]["averageRating"].as_f64().unwrap() > 0.0, "rating from the catalog");
    let mut c = RoomsServiceClient::new(channel(&t.stack.peers.rooms));
    c.reserve(ReserveRequest { order_id: "all".into(), lines: vec![line(&from, &to, units as u32)], hold_seconds: 600 }).await.unwrap();
    eventually("search to drop the sold-out room", || async {
        let (_, body) = t.get(&search).await;
        (left(&body) == 0).then_some(())
    })
    .await;

    let (status, cal) = t.get(&format!("/shop-api/rooms/availability?roomCode={ROOM}&from={}&to={}&adults=2", day(79), day(83))).await;
    assert_eq!(status, 200, "{cal}");
    let days = cal["days"].as_array().unwrap();
    assert_eq!(days.len(), 4);
    let bookable: Vec<bool> = days.iter().map(|d| d["bookable"].as_bool().unwrap()).collect();
    assert_eq!(bookable, [true, false, false, true], "the two held nights are sold out");
    assert!(days[0]["price"]["current"].as_i64().unwrap() > 0);
    let (_, cal) =
        t.get(&format!("/shop-api/rooms/availability?roomCode={ROOM}&from={}&to={}&adults=2&children=2", day(79), day(80))).await;
    assert_eq!((cal["fitsGuests"].as_bool(), cal["days"][0]["bookable"].as_bool()), (Some(false), Some(false)), "four do not fit a double");
    for (query, field) in [
        (format!("roomCode=NOPE&from={}&to={}", day(1), day(2)), "roomCode"),
        (format!("from={}&to={}", day(1), day(2)), "roomCode"),
        (format!("roomCode={ROOM}&from={}&to={}", day(1), day(200)), "to"),
    ] {
        let (status, body) = t.get(&format!("/shop-api/rooms/availability?{query}")).await;
        assert!([400, 404, 422].contains(&status), "{query}: {status}");
        assert_eq!(body["errors"][0]["field"], field, "{query}: {body}");
    }
}

/// Search answers are cached gzipped: a client that takes gzip gets those
/// bytes, any other the same JSON inflated, on a miss and on a hit alike.
#[tokio::test]
async fn search_answers_are_the_same_gzipped_or_not_cached_or_not() {
    use std::io::Read;
    let t = TestStack::start().await;
    // The first request of each stay misses the cache, the others hit it.
    for (offset, encodings) in [(120, ["gzip, deflate, br", "identity", "br;q=1, gzip;q=0"]), (140, ["identity", "gzip", "*"])] {
        let (from, to) = stay(offset, 3);
        let url = t.url(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2"));
        let mut answers = Vec::new();
        for encoding in encodings {
            let r = t.http.get(&url).header("accept-encoding", encoding).send().await.unwrap();
            assert_eq!(r.status().as_u16(), 200, "{encoding}");
            assert_eq!(r.headers()["vary"], "accept-encoding", "{encoding}");
            let gzipped = r.headers().get("content-encoding").is_some_and(|v| v == "gzip");
            assert_eq!(gzipped, encoding.starts_with("gzip") || encoding == "*", "{encoding}");
            let bytes = r.bytes().await.unwrap();
            let mut json = Vec::new();
            if gzipped {
                flate2::read::GzDecoder::new(&bytes[..]).read_to_end(&mut json).unwrap();
            } else {
                json = bytes.to_vec();
            }
            answers.push(serde_json::from_slice::<serde_json::Value>(&json).unwrap());
        }
        assert!(!answers[0]["items"].as_array().unwrap().is_empty());
        assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
    }
}

#[tokio::test]
async fn extra_guests_pay_the_extra_bed_and_babies_sleep_free() {
    let t = TestStack::start().await;
    let (from, to) = stay(90, 2);
    let price = |body: &serde_json::Value| {
        body["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM).unwrap()["price"]["current"].as_i64().unwrap()
    };
    let (_, two) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2")).await;
    let (_, babies) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&babies=2")).await;
    let (_, child) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&children=1")).await;
    assert_eq!(price(&babies), price(&two), "babies sleep in a cot for free");
    assert_eq!(price(&child), price(&two) + (price(&two) * 15 + 50) / 100, "a child on the extra bed pays 15 %");
}

#[tokio::test]
async fn package_search_prices_rooms_with_the_package() {
    let t = TestStack::start().await;
    let (_, package) = t.get("/shop-api/products/PKG_ROMANTIC_WEEKEND").await;
    let nights = package["numNights"].as_i64().unwrap();
    let (from, to) = stay(100, nights);
    let (status, body) = t
        .post("/shop-api/rooms/search", json!({"packageCode": "PKG_ROMANTIC_WEEKEND", "options": {"from": from, "to": to, "adults": 2}}))
        .await;
    assert_eq!(status, 200, "{body}");
    let rooms = body.as_array().expect("a list of rooms (spec 7)");
    assert!(!rooms.is_empty());
    let package_price = rooms[0]["packagePrice"]["current"].as_i64().unwrap();
    assert_eq!(package_price, 2 * package["price"]["current"].as_i64().unwrap(), "two persons with the included treatments");
    assert!(rooms.iter().any(|r| r["supplement"]["current"] == 0), "the cheapest room has no supplement");
    for r in rooms {
        assert_eq!(r["price"]["current"].as_i64().unwrap(), package_price + r["supplement"]["current"].as_i64().unwrap());
    }
    let (short_from, short_to) = stay(100, nights - 1);
    for (body, field, expected) in [
        (json!({"packageCode": "PKG_ROMANTIC_WEEKEND", "options": {"from": short_from, "to": short_to, "adults": 2}}), "to", 422),
        (json!({"packageCode": "NOPE", "options": {"from": from, "to": to}}), "packageCode", 404),
        (json!({"options": {"from": from, "to": to}}), "packageCode", 400),
    ] {
        let (status, err) = t.post("/shop-api/rooms/search", body.clone()).await;
        assert_eq!((status, err["errors"][0]["field"].as_str()), (expected, Some(field)), "{body}: {err}");
    }
}

#[tokio::test]
async fn room_popup_fragment_is_localized_and_escaped() {
    let t = TestStack::start().await;
    let r = client().get(t.url(&format!("/de/_partial/rooms/{ROOM}"))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let html = r.text().await.unwrap();
    assert!(html.starts_with("<article class=\"room-partial\""), "{html}");
    assert!(html.contains("Max. Personen: 3"), "{html}");
    // Every value is escaped by the template (gateway's `routes::rooms` tests).
    let html = client().get(t.url(&format!("/en/_partial/rooms/{ROOM}"))).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("Max. guests: 3"), "{html}");
    let r = client().get(t.url("/pl/_partial/rooms/TR_HOT_STONE")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 404, "not a room");
    let r = client().get(t.url(&format!("/fr/_partial/rooms/{ROOM}"))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 400);
}
