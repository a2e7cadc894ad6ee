//! The back office's rate calendar: an administrator sets a room type's
//! price, minimum stay, closed to arrival or departure and units out of
//! order on some nights, and the guests' search obeys at once; the front
//! desk and guests may not; bad changes are named.

use reqwest::Method;
use serde_json::{Value, json};

use crate::staff::as_staff;
use crate::support::{TestStack, eventually, stay};

const ROOM: &str = "ROOM_STANDARD_DOUBLE";

/// The standard double as a search for two from `from` to `to` finds it (price, rooms left), if it does.
async fn double(t: &TestStack, from: &str, to: &str) -> Option<(i64, u64)> {
    let (status, found) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&children=0&babies=0")).await;
    assert_eq!(status, 200, "{found}");
    let room = found["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM)?.clone();
    Some((room["price"]["current"].as_i64().or_else(|| room["price"].as_i64()).unwrap_or_default(), room["available"].as_u64().unwrap()))
}

/// Waits until the search shows the double as `want` (the change's event reached every cache).
async fn double_becomes(t: &TestStack, from: &str, to: &str, want: Option<(i64, u64)>, what: &str) {
    eventually(what, || async { (double(t, from, to).await == want).then_some(()) }).await;
}

#[tokio::test]
async fn an_administrator_sets_prices_stays_and_units_and_the_search_obeys_at_once() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let admin = t.session_of("c-4", "admin@example.pl", "customer,admin").await;
    let nights_url = t.url(&format!("/shop-api/backend/room-types/{ROOM}/nights?locale=en_GB"));
    let (d0, d1) = stay(120, 1);
    let (_, d2) = stay(121, 1);
    let (_, d3) = stay(122, 1);
    let set = |body: Value| as_staff(&t.http, Method::PUT, nights_url.clone(), cookie(&admin), body);

    // Who may.
    let listing = format!("{nights_url}&from={d0}&to={d3}");
    assert_eq!(as_staff(&t.http, Method::GET, listing.clone(), cookie(&reception), Value::Null).await.0, 403);
    assert_eq!(
        as_staff(&t.http, Method::PUT, nights_url.clone(), cookie(&reception), json!({"from": d0, "to": d1, "price": 42000})).await.0,
        403
    );
    assert_eq!(as_staff(&t.http, Method::GET, listing.clone(), None, Value::Null).await.0, 401);
    let (status, before) = as_staff(&t.http, Method::GET, listing.clone(), cookie(&admin), Value::Null).await;
    assert_eq!(status, 200, "{before}");
    assert_eq!((before["units"].as_u64(), before["nights"].as_array().unwrap().len()), (Some(8), 3));
    let (old_price, rooms) = double(&t, &d0, &d1).await.expect("the double is free");

    // A price for two nights: the search's price follows; the answer says it was set by hand.
    let (status, priced) = set(json!({"from": d0, "to": d2, "price": 42000})).await;
    assert_eq!(status, 200, "{priced}");
    let first = &priced["nights"][0];
    assert_eq!((first["price"].as_i64(), first["priceSet"].as_bool()), (Some(42000), Some(true)), "{priced}");
    assert_ne!(old_price, 42000);
    double_becomes(&t, &d0, &d1, Some((42000, rooms)), "the new price in the search").await;

    // A two-night minimum for arrivals on d0: a one-night stay is refused, two nights are fine.
    assert_eq!(set(json!({"from": d0, "to": d1, "minStay": 2})).await.0, 200);
    double_becomes(&t, &d0, &d1, None, "a one-night stay refused").await;
    assert!(double(&t, &d0, &d2).await.is_some(), "two nights from d0");

    // Closed to arrival on d1, to departure on d3.
    assert_eq!(set(json!({"from": d1, "to": d2, "closedToArrival": true})).await.0, 200);
    double_becomes(&t, &d1, &d2, None, "no arrival on d1").await;
    assert_eq!(set(json!({"from": d3, "to": stay(124, 0).0, "closedToDeparture": true})).await.0, 200);
    double_becomes(&t, &d0, &d3, None, "no departure on d3").await;
    // The room's calendar tells guests each day's rules: the two-night
    // minimum for arrivals on d0, no arrival on d1, no departure on d3.
    let calendar = format!("/shop-api/rooms/availability?roomCode={ROOM}&from={d0}&to={}&adults=2", stay(124, 0).0);
    eventually("each day's rules in the guests' calendar", || async {
        let (status, days) = t.get(&calendar).await;
        assert_eq!(status, 200, "{days}");
        let rules = |i: usize| {
            let day = &days["days"][i];
            (day["minStay"].as_u64(), day["closedToArrival"].as_bool(), day["closedToDeparture"].as_bool(), day["maxStay"].as_u64())
        };
        let want =
            [(Some(2), Some(false), Some(false), None), (Some(1), Some(true), Some(false), None), (Some(1), Some(false), Some(true), None)];
        ([rules(0), rules(1), rules(3)] == want).then_some(())
    })
    .await;
    assert_eq!(set(json!({"from": d3, "to": stay(124, 0).0, "closedToDeparture": false})).await.0, 200);
    eventually("departure open again", || async { double(&t, &d0, &d3).await.map(|_| ()) }).await;

    // One unit out of order for the three nights: a room fewer.
    let (status, ooo) = set(json!({"from": d0, "to": d3, "outOfOrder": 1})).await;
    assert_eq!(status, 200, "{ooo}");
    assert!(ooo["nights"].as_array().unwrap().iter().all(|n| n["outOfOrder"] == 1 && n["free"] == 7), "{ooo}");
    let (two_nights, _) = double(&t, &d0, &d2).await.expect("two nights from d0 are on sale");
    double_becomes(&t, &d0, &d2, Some((two_nights, rooms - 1)), "a room fewer").await;

    // Only Fridays and Saturdays of a month.
    let (month_from, month_to) = stay(150, 28);
    let (status, weekends) = set(json!({"from": month_from, "to": month_to, "weekdays": [5, 6], "price": 48000})).await;
    assert_eq!(status, 200, "{weekends}");
    let set_by_hand = weekends["nights"].as_array().unwrap().iter().filter(|n| n["priceSet"] == true).count();
    assert_eq!(set_by_hand, 8, "four weeks, two nights each: {weekends}");

    // Units taken cannot go out of order; wrong changes are named.
    let rooms_db = t.stack.db("rooms");
    sqlx::query("UPDATE inventory SET held = units WHERE room_code = $1 AND night = $2")
        .bind(ROOM)
        .bind(&d3)
        .execute(rooms_db.pool())
        .await
        .unwrap();
    let taken = set(json!({"from": d3, "to": stay(124, 0).0, "outOfOrder": 1})).await;
    assert_eq!((taken.0, taken.1["code"].as_str()), (409, Some("units_taken")), "{}", taken.1);
    let too_many = set(json!({"from": d0, "to": d1, "outOfOrder": 9})).await;
    assert_eq!((too_many.0, too_many.1["code"].as_str()), (422, Some("invalid_nights")), "{}", too_many.1);
    let nothing = set(json!({"from": d0, "to": d1})).await;
    assert_eq!((nothing.0, nothing.1["code"].as_str()), (422, Some("invalid_nights")), "{}", nothing.1);
    let cheap = set(json!({"from": d0, "to": d1, "price": 50})).await;
    assert_eq!((cheap.0, cheap.1["errors"][0]["field"].as_str()), (400, Some("price")), "{}", cheap.1);
    let past = set(json!({"from": "2020-01-01", "to": "2020-01-02", "price": 42000})).await;
    assert_eq!(past.0, 422, "{}", past.1);
    let unknown = as_staff(
        &t.http,
        Method::PUT,
        t.url("/shop-api/backend/room-types/ROOM_NOWHERE/nights"),
        cookie(&admin),
        json!({"from": d0, "to": d1, "price": 42000}),
    )
    .await;
    assert_eq!((unknown.0, unknown.1["code"].as_str()), (404, Some("unknown_room")), "{}", unknown.1);
    assert_eq!(set(json!({})).await.0, 400);
}

/// On any backend: a unit of the double out of order for two nights is a
/// unit fewer on sale, and no unit booked or held can go out of order.
pub async fn out_of_order_takes_a_unit_off_sale(http: &reqwest::Client, base: &str, admin: &str, in_days: i64) {
    let url = format!("{base}/shop-api/backend/room-types/{ROOM}/nights?locale=en_GB");
    let cookie = Some(format!("spa_session={admin}"));
    let (from, to) = stay(in_days, 2);
    let (status, before) = as_staff(http, Method::GET, format!("{url}&from={from}&to={to}"), cookie.clone(), Value::Null).await;
    assert_eq!(status, 200, "{before}");
    let free = before["nights"][0]["free"].as_u64().unwrap();
    let (status, after) = as_staff(http, Method::PUT, url.clone(), cookie.clone(), json!({"from": from, "to": to, "outOfOrder": 1})).await;
    assert_eq!(status, 200, "{after}");
    assert!(after["nights"].as_array().unwrap().iter().all(|n| n["free"].as_u64() == Some(free - 1) && n["outOfOrder"] == 1), "{after}");
    let all = before["units"].as_u64().unwrap() + 1;
    let (status, refused) = as_staff(http, Method::PUT, url, cookie, json!({"from": from, "to": to, "outOfOrder": all})).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_nights")), "{refused}");
}

/// A night's price in the rate calendar.
async fn price_of(t: &TestStack, admin: &str, night: &str, next: &str) -> i64 {
    let url = t.url(&format!("/shop-api/backend/room-types/{ROOM}/nights?locale=en_GB&from={night}&to={next}"));
    let (status, nights) = as_staff(&t.http, Method::GET, url, Some(format!("spa_session={admin}")), Value::Null).await;
    assert_eq!(status, 200, "{nights}");
    nights["nights"][0]["price"].as_i64().unwrap()
}

/// Whether `night` (YYYY-MM-DD) is a Friday or Saturday night.
fn weekend(night: &str) -> bool {
    use chrono::Datelike;
    matches!(chrono::NaiveDate::parse_from_str(night, "%Y-%m-%d").unwrap().weekday(), chrono::Weekday::Fri | chrono::Weekday::Sat)
}

#[tokio::test]
async fn an_administrator_sets_a_room_types_rates_units_and_the_seasons_and_every_night_not_priced_by_hand_follows() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let admin = t.session_of("c-4", "admin@example.pl", "customer,admin").await;
    let type_url = t.url(&format!("/shop-api/backend/room-types/{ROOM}?locale=en_GB"));
    let seasons_url = t.url("/shop-api/backend/seasons?locale=en_GB");
    let call = |method: Method, url: &str, who: Option<String>, body: Value| as_staff(&t.http, method, url.to_owned(), who, body);

    // Who may; the demo's settings and seasons.
    assert_eq!(call(Method::GET, &type_url, cookie(&reception), Value::Null).await.0, 403);
    assert_eq!(call(Method::PUT, &seasons_url, cookie(&reception), json!({"seasons": []})).await.0, 403);
    let (status, room) = call(Method::GET, &type_url, cookie(&admin), Value::Null).await;
    assert_eq!(status, 200, "{room}");
    assert_eq!(
        (room["units"].as_u64(), room["baseRate"].as_i64(), room["weekendRate"].as_i64(), &room["updatedAt"]),
        (Some(8), Some(32000), Some(36000), &Value::Null)
    );
    let (_, demo) = call(Method::GET, &seasons_url, cookie(&admin), Value::Null).await;
    assert!(demo["seasons"].as_array().unwrap().iter().any(|s| s["name"] == "summer"), "{demo}");

    // No seasons: every night at the weekday or weekend rate, but one priced by hand.
    let (status, none) = call(Method::PUT, &seasons_url, cookie(&admin), json!({"seasons": []})).await;
    assert_eq!((status, none["updatedBy"].as_str()), (200, Some("admin@example.pl")), "{none}");
    let (d0, d1) = stay(100, 1);
    let (_, d2) = stay(101, 1);
    let nights_url = t.url(&format!("/shop-api/backend/room-types/{ROOM}/nights?locale=en_GB"));
    assert_eq!(call(Method::PUT, &nights_url, cookie(&admin), json!({"from": d1, "to": d2, "price": 50000})).await.0, 200);
    let rate = |night: &str, base: i64, weekend_rate: i64| if weekend(night) { weekend_rate } else { base };
    assert_eq!(price_of(&t, &admin, &d0, &d1).await, rate(&d0, 32000, 36000));

    // New rates and one room more: the nights follow, the hand-set one stays, the search shows the room more.
    let before = double(&t, &d0, &d1).await.expect("the double is free").1;
    let change =
        json!({"units": 9, "occupancy": 2, "maxOccupancy": 3, "extraBed": true, "minStay": 1, "baseRate": 30000, "weekendRate": 34000});
    let (status, saved) = call(Method::PUT, &type_url, cookie(&admin), change.clone()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!((saved["units"].as_u64(), saved["updatedBy"].as_str()), (Some(9), Some("admin@example.pl")));
    assert_eq!(price_of(&t, &admin, &d0, &d1).await, rate(&d0, 30000, 34000));
    assert_eq!(price_of(&t, &admin, &d1, &d2).await, 50000, "priced by hand");
    eventually("a room more in the search", || async {
        double(&t, &d0, &d1).await.is_some_and(|(_, left)| left == before + 1).then_some(())
    })
    .await;

    // A season over d0: its share of the rate there, the hand-set night still as set.
    let md = |night: &str| night[5..].to_owned();
    let season = json!({"seasons": [{"name": "Test season", "from": md(&d0), "to": md(&d1), "multiplierPercent": 150}]});
    let (status, set) = call(Method::PUT, &seasons_url, cookie(&admin), season).await;
    assert_eq!(status, 200, "{set}");
    assert_eq!(price_of(&t, &admin, &d0, &d1).await, rate(&d0, 30000, 34000) * 3 / 2);
    assert_eq!(price_of(&t, &admin, &d1, &d2).await, 50000);

    // Wrong settings are named; units below what is held are refused.
    let mut squeezed = change.clone();
    squeezed["maxOccupancy"] = json!(1);
    let answer = call(Method::PUT, &type_url, cookie(&admin), squeezed).await;
    assert_eq!(
        (answer.0, answer.1["code"].as_str(), answer.1["errors"][0]["field"].as_str()),
        (422, Some("invalid_room_type"), Some("maxOccupancy"))
    );
    let twice = json!({"seasons": [{"name": "A", "from": "01-01", "to": "01-02", "multiplierPercent": 100}, {"name": "A", "from": "02-30", "to": "03-01", "multiplierPercent": 100}]});
    let answer = call(Method::PUT, &seasons_url, cookie(&admin), twice).await;
    assert_eq!((answer.0, answer.1["code"].as_str()), (422, Some("invalid_seasons")), "{}", answer.1);
    let fields: Vec<&str> = answer.1["errors"].as_array().unwrap().iter().filter_map(|e| e["field"].as_str()).collect();
    assert_eq!(fields, ["seasons[1].name", "seasons[1].from"]);
    assert_eq!(
        call(
            Method::PUT,
            &seasons_url,
            cookie(&admin),
            json!({"seasons": [{"name": "A", "from": "1-1", "to": "01-02", "multiplierPercent": 100}]})
        )
        .await
        .0,
        400
    );
    sqlx::query("UPDATE inventory SET held = 5 WHERE room_code = $1 AND night = $2")
        .bind(ROOM)
        .bind(&d0)
        .execute(t.stack.db("rooms").pool())
        .await
        .unwrap();
    let mut fewer = change.clone();
    fewer["units"] = json!(4);
    let answer = call(Method::PUT, &type_url, cookie(&admin), fewer).await;
    assert_eq!(
        (answer.0, answer.1["code"].as_str(), answer.1["errors"][0]["field"].as_str()),
        (409, Some("units_needed"), Some("units")),
        "{}",
        answer.1
    );
    assert!(answer.1["message"].as_str().unwrap().contains(&d0), "{}", answer.1);
}
