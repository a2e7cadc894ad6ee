//! The gateway's cached answers: which ones an event drops and which it
//! leaves, their `ETag`s and 304s, and what browsers and CDNs are told.
//! Whether an answer came from the cache is its `X-Cache` header.

use std::io::Read;

use reqwest::header::HeaderMap;
use serde_json::Value;
use spa_platform::outbox::Outbox;
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::rooms::v1::{Guests, ReserveRequest, StayLine};

use crate::support::{TestStack, channel, eventually, stay};

const ROOM: &str = "ROOM_STANDARD_DOUBLE";
const TWO: Guests = Guests { adults: 2, children: 0, babies: 0 };

/// The units of `room` that a search or a room listing shows.
fn left(body: &Value, room: &str) -> Option<u64> {
    body["items"].as_array()?.iter().find(|r| r["code"] == room).and_then(|r| r["available"].as_u64())
}

/// Holds a unit of `room` for the nights `[from, to)` through the rooms
/// service, which announces it (`rooms.availability.changed`).
async fn hold(t: &TestStack, order: &str, room: &str, from: &str, to: &str) {
    let mut rooms = RoomsServiceClient::new(channel(&t.stack.peers.rooms));
    let line = StayLine { room_code: room.into(), from: from.into(), to: to.into(), quantity: 1, guests: Some(TWO), package_nights: 0 };
    rooms.reserve(ReserveRequest { order_id: order.into(), lines: vec![line], hold_seconds: 600 }).await.unwrap();
}

/// A new price for `code`, by the catalog's own rule (announced).
async fn change_price(t: &TestStack, code: &str, price: i64) {
    assert!(spa_catalog::store::set_price(t.stack.db("catalog"), &Outbox::default(), code, price).await.unwrap());
}

/// An answer and whether the gateway's cache gave it (`X-Cache`).
async fn cached(t: &TestStack, path: &str) -> (String, Value) {
    let r = t.http.get(t.url(path)).send().await.unwrap();
    let hit = r.headers().get("x-cache").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (hit, r.json().await.unwrap())
}

/// Nights held in one month drop the answers about those nights and no
/// other: a search and a calendar two months on are still sent from the
/// gateway's cache, room items and room pages follow tonight alone, and
/// catalog answers follow the catalog alone.
#[tokio::test]
async fn held_nights_drop_the_answers_of_those_nights_and_no_other() {
    let t = TestStack::start().await;
    let (march_from, march_to) = stay(150, 2);
    let (may_from, may_to) = stay(210, 2);
    let (tonight, tomorrow) = stay(0, 1);
    let search = |from: &str, to: &str| format!("/shop-api/rooms/search?from={from}&to={to}&adults=2");
    let calendar = |from: &str, to: &str| format!("/shop-api/rooms/availability?roomCode={ROOM}&from={from}&to={to}&adults=2");
    let (march, may) = (search(&march_from, &march_to), search(&may_from, &may_to));
    let (march_calendar, may_calendar) = (calendar(&march_from, &march_to), calendar(&may_from, &may_to));
    let rooms_listing = "/shop-api/offer/room?limit=100".to_owned();
    let treatments = "/shop-api/offer/treatment?limit=1000".to_owned();
    let room_page = format!("/shop-api/products/{ROOM}");
    let all = [&march, &may, &march_calendar, &may_calendar, &rooms_listing, &room_page, &treatments];

    // Each answered once, then from the cache.
    for path in all {
        assert_eq!(cached(&t, path).await.0, "miss", "{path}");
        assert_eq!(cached(&t, path).await.0, "hit", "{path}");
    }
    let units_march = left(&cached(&t, &march).await.1, ROOM).unwrap();
    let (_, march_calendar_before) = cached(&t, &march_calendar).await;
    let (_, rooms_before) = cached(&t, &rooms_listing).await;
    let room_tonight = left(&rooms_before, ROOM).unwrap();
    let (_, treatments_before) = cached(&t, &treatments).await;
    let treatment = treatments_before["items"][0]["code"].as_str().unwrap().to_owned();
    assert_ne!(treatments_before["items"][0]["price"]["current"], 12345);

    // A hold in "March", announced: March's answers are built anew.
    hold(&t, "march", ROOM, &march_from, &march_to).await;
    eventually("March's search built anew", || async { (left(&cached(&t, &march).await.1, ROOM) == Some(units_march - 1)).then_some(()) })
        .await;
    let (_, march_calendar_after) = cached(&t, &march_calendar).await;
    let free = |calendar: &Value| calendar["days"][0]["available"].as_u64().unwrap();
    assert_eq!(free(&march_calendar_after), free(&march_calendar_before) - 1, "March's calendar built anew");
    // Every answer the hold did not touch is still the cache's.
    for (path, why) in [
        (&may, "May's search"),
        (&may_calendar, "May's calendar"),
        (&rooms_listing, "room items show tonight, which did not change"),
        (&room_page, "so do room pages"),
        (&treatments, "catalog answers do not follow availability"),
    ] {
        assert_eq!(cached(&t, path).await.0, "hit", "{why}");
    }

    // A hold for tonight: room items and room pages are built anew.
    hold(&t, "tonight", ROOM, &tonight, &tomorrow).await;
    eventually("tonight's rooms left built anew", || async {
        (left(&cached(&t, &rooms_listing).await.1, ROOM) == Some(room_tonight - 1)).then_some(())
    })
    .await;
    let (_, room) = cached(&t, &room_page).await;
    assert_eq!(room["available"].as_u64(), Some(room_tonight - 1));
    assert_eq!(cached(&t, &may).await.0, "hit", "May's search still from the cache");

    // A product change: catalog answers and room searches (whose names and
    // pictures are the catalog's) are built anew; calendars stay.
    change_price(&t, &treatment, 12345).await;
    eventually("the new price in the listing", || async {
        (cached(&t, &treatments).await.1["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["code"] == treatment.as_str() && i["price"]["current"] == 12345))
        .then_some(())
    })
    .await;
    assert_eq!(cached(&t, &may).await.0, "miss", "May's search built anew");
    assert_eq!(cached(&t, &may_calendar).await.0, "hit", "May's calendar from the cache");
}

async fn fetch(t: &TestStack, path: &str, headers: &[(&str, &str)]) -> (u16, HeaderMap, Vec<u8>) {
    let mut request = t.http.get(t.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let r = request.send().await.unwrap();
    let (status, headers) = (r.status().as_u16(), r.headers().clone());
    (status, headers, r.bytes().await.unwrap().to_vec())
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers.get(name).map(|v| v.to_str().unwrap()).unwrap_or_default()
}

/// Every cacheable answer has a strong `ETag` that names its body, and a
/// request naming the current one is answered 304 without a body; gzip is
/// a representation with a tag of its own. Catalog answers may be kept a
/// minute by browsers and CDNs, availability ten seconds; errors and
/// personal answers never.
#[tokio::test]
async fn public_reads_carry_a_tag_and_a_lifetime_and_answer_304() {
    let t = TestStack::start().await;
    let catalog = "public, max-age=60, stale-while-revalidate=300";
    let availability = "public, max-age=10";
    let (from, to) = stay(60, 2);
    let json = "application/json";
    let cases = [
        ("/shop-api/offer/treatment?channel=web_pl&locale=pl&limit=20".to_owned(), catalog, json),
        ("/shop-api/offer/room?locale=de".to_owned(), availability, json),
        ("/shop-api/products/by-slug/masaz-goracymi-kamieniami".to_owned(), catalog, json),
        (format!("/shop-api/products/{ROOM}?locale=en_GB"), availability, json),
        ("/shop-api/products/TR_HOT_STONE/associations/related".to_owned(), catalog, json),
        ("/shop-api/taxons/".to_owned(), catalog, json),
        ("/shop-api/taxons/treatments".to_owned(), catalog, json),
        (format!("/shop-api/rooms/search?from={from}&to={to}"), availability, json),
        (format!("/shop-api/rooms/availability?roomCode={ROOM}&from={from}&to={to}"), availability, json),
        (format!("/en/_partial/rooms/{ROOM}"), catalog, "text/html; charset=utf-8"),
    ];
    for (path, cache_control, content_type) in &cases {
        let (status, h, body) = fetch(&t, path, &[]).await;
        assert_eq!(status, 200, "{path}");
        let etag = header(&h, "etag").to_owned();
        assert!(etag.len() == 34 && etag.starts_with('"') && etag.ends_with('"'), "{path}: a strong tag, {etag}");
        assert_eq!(
            (header(&h, "cache-control"), header(&h, "vary"), header(&h, "content-type")),
            (*cache_control, "accept-encoding", *content_type)
        );
        // From the cache now: the same bytes, the same tag.
        let (_, again, same) = fetch(&t, path, &[]).await;
        assert_eq!((header(&again, "etag"), &same), (etag.as_str(), &body), "{path}");

        for held in [etag.clone(), format!("W/{etag}"), format!("\"other\", {etag}"), "*".to_owned()] {
            let (status, h, empty) = fetch(&t, path, &[("if-none-match", &held)]).await;
            assert_eq!(status, 304, "{path}: {held}");
            assert!(empty.is_empty());
            assert_eq!((header(&h, "etag"), header(&h, "cache-control")), (etag.as_str(), *cache_control), "{path}");
        }
        let (status, _, _) = fetch(&t, path, &[("if-none-match", "\"other\"")]).await;
        assert_eq!(status, 200, "{path}");

        let gzip_etag = format!("{}-gzip\"", &etag[..etag.len() - 1]);
        let (status, h, gz) = fetch(&t, path, &[("accept-encoding", "gzip")]).await;
        assert_eq!((status, header(&h, "content-encoding"), header(&h, "etag")), (200, "gzip", gzip_etag.as_str()), "{path}");
        let mut inflated = Vec::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut inflated).unwrap();
        assert_eq!(inflated, body, "{path}");
        let (status, _, _) = fetch(&t, path, &[("accept-encoding", "gzip"), ("if-none-match", &gzip_etag)]).await;
        assert_eq!(status, 304, "{path}");
        let (status, _, _) = fetch(&t, path, &[("accept-encoding", "gzip"), ("if-none-match", &etag)]).await;
        assert_eq!(status, 200, "{path}: the plain copy's tag does not name the gzipped one");
    }

    // Errors and personal answers are not stored by anyone.
    for path in ["/shop-api/products/NOPE", "/shop-api/offer/treatment?limit=0", "/shop-api/me", "/shop-api/carts/abcdefghijklmnop1234"] {
        let (_, h, _) = fetch(&t, path, &[]).await;
        assert_eq!((header(&h, "cache-control"), header(&h, "etag")), ("no-store", ""), "{path}");
    }

    // A tag names the body: a product change builds every catalog answer
    // anew, and those whose body did not change keep their tag, so a
    // client's copy stays good.
    let listing = "/shop-api/offer/treatment?limit=1000";
    let (_, h, before) = fetch(&t, listing, &[]).await;
    let listing_etag = header(&h, "etag").to_owned();
    let (_, h, _) = fetch(&t, "/shop-api/taxons/", &[]).await;
    let tree_etag = header(&h, "etag").to_owned();
    let code = serde_json::from_slice::<Value>(&before).unwrap()["items"][0]["code"].as_str().unwrap().to_owned();
    change_price(&t, &code, 12345).await;
    eventually("the listing built anew", || async {
        let (status, h, _) = fetch(&t, listing, &[("if-none-match", &listing_etag)]).await;
        (status == 200 && header(&h, "etag") != listing_etag).then_some(())
    })
    .await;
    let (status, _, _) = fetch(&t, "/shop-api/taxons/", &[("if-none-match", &tree_etag)]).await;
    assert_eq!(status, 304, "the taxon tree did not change");
}

/// A room search the rooms service read before a change this gateway has
/// already seen is sent and not kept: the change's event carries a higher
/// inventory version than the answer. Real changes number their events
/// with the version their transaction took, so their answers are kept; an
/// event numbered beyond anything the store shows stands in for a rooms
/// replica that has not caught up with the change.
#[tokio::test]
async fn a_search_read_before_a_change_the_gateway_saw_is_not_kept() {
    let t = TestStack::start().await;
    let (from, to) = stay(40, 2);
    let path = format!("/shop-api/rooms/search?from={from}&to={to}&adults=2");
    assert_eq!(cached(&t, &path).await.0, "miss");
    assert_eq!(cached(&t, &path).await.0, "hit");

    // A hold takes the next version, and its answers show it: kept.
    let db = t.stack.db("rooms");
    let version = || async { sqlx::query_scalar::<_, i64>("SELECT version FROM inventory_version").fetch_one(db.pool()).await.unwrap() };
    let before = version().await;
    hold(&t, "versioned", ROOM, &from, &to).await;
    assert_eq!(version().await, before + 1, "one change, one version");
    eventually("the hold's answer built and kept", || async {
        let (outcome, _) = cached(&t, &path).await;
        (outcome == "hit").then_some(())
    })
    .await;

    // A change the store does not show yet.
    let ahead = spa_proto::events::AvailabilityChanged {
        room_code: ROOM.into(),
        from: from.clone(),
        to: to.clone(),
        version: (version().await + 1000) as u64,
    };
    let mut tx = db.begin().await.unwrap();
    Outbox::default().add(&mut tx, &ahead).await.unwrap();
    tx.commit().await.unwrap();
    eventually("the gateway to see the change", || async { (cached(&t, &path).await.0 == "stale").then_some(()) }).await;
    assert_eq!(cached(&t, &path).await.0, "stale", "sent again from the rooms service, never kept");

    // Other nights ask nothing of it.
    let (other_from, other_to) = stay(90, 2);
    let other = format!("/shop-api/rooms/search?from={other_from}&to={other_to}&adults=2");
    assert_eq!(cached(&t, &other).await.0, "miss");
    assert_eq!(cached(&t, &other).await.0, "hit");
}
