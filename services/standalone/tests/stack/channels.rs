//! Booking portals' calendars (iCal sync) through the gateway: an
//! administrator adds a channel per portal listing; a fake portal's
//! calendar adds, moves and cancels a booking and the rooms left in the
//! guests' search follow within one import cycle; a malformed calendar
//! changes nothing and says why; a booking on a night sold out here shows
//! as a conflict; the export feed, read by an independent iCal library,
//! is busy exactly on the nights the inventory has no unit left for it,
//! cached until availability changes.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use spa_platform::testkit::{self, CalendarPortal};
use spa_proto::spa::rooms::v1::{ChannelFields, GetNightsRequest, SaveChannelRequest};

use crate::distributed::RoomsReplicas;
use crate::staff::as_staff;
use crate::support::{TestStack, eventually, stay};

const SUITE: &str = "ROOM_FAMILY_SUITE";

/// The suite's rooms left for two adults on `[from, to)`, 0 when not offered.
async fn suites_left(t: &TestStack, from: &str, to: &str) -> u64 {
    let (status, found) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&children=0&babies=0")).await;
    assert_eq!(status, 200, "{found}");
    found["items"].as_array().unwrap().iter().find(|r| r["code"] == SUITE).map_or(0, |r| r["available"].as_u64().unwrap())
}

/// The busy runs of a feed as `(DTSTART, DTEND)` dates, read by Python's `icalendar` when it is there.
fn busy_runs(ics: &str) -> Vec<(String, String)> {
    #[cfg(has_ical_python)]
    {
        use std::io::Write;
        let python = std::env::var("TEST_ICAL_PYTHON").unwrap();
        let script = r#"
import sys, json, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.read())
runs = []
for e in cal.walk('VEVENT'):
    s, t = e.decoded('DTSTART'), e.decoded('DTEND')
    assert type(s).__name__ == 'date' and type(t).__name__ == 'date', 'dates, not times'
    assert str(e.get('UID')), 'a UID'
    runs.append([s.isoformat(), t.isoformat()])
print(json.dumps(sorted(runs)))
"#;
        let mut child = std::process::Command::new(python)
            .args(["-c", script])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("TEST_ICAL_PYTHON runs");
        child.stdin.take().unwrap().write_all(ics.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "icalendar read the feed: {}", String::from_utf8_lossy(&out.stderr));
        let runs: Vec<(String, String)> = serde_json::from_slice(&out.stdout).unwrap();
        runs
    }
    #[cfg(not(has_ical_python))]
    {
        let date = |line: &str| {
            let d = line.rsplit(':').next().unwrap_or_default().trim();
            format!("{}-{}-{}", &d[..4], &d[4..6], &d[6..8])
        };
        let starts = ics.lines().filter(|l| l.starts_with("DTSTART")).map(date);
        let ends = ics.lines().filter(|l| l.starts_with("DTEND")).map(date);
        let mut runs: Vec<(String, String)> = starts.zip(ends).collect();
        runs.sort();
        runs
    }
}

#[tokio::test]
async fn portals_calendars_are_imported_and_exported_and_the_guests_search_follows() {
    let t = TestStack::start_with_settings(
        |g| g.limits.writes.burst = 1000,
        &[("CHANNEL_SYNC_SECONDS", "1"), ("CHANNEL_IMPORT_ALLOW_PRIVATE", "true")],
    )
    .await;
    let admin = Some(format!("spa_session={}", t.session_of("c-4", "admin@example.pl", "customer,admin").await));
    let reception = Some(format!("spa_session={}", t.session_of("c-3", "recepcja@example.pl", "customer,reception").await));
    let call = |method: Method, path: &str, who: &Option<String>, body: Value| as_staff(&t.http, method, t.url(path), who.clone(), body);
    let portal = CalendarPortal::start().await;
    let day = |n: i64| stay(n, 0).0;
    portal.serve(&[]);

    // Administrators only; every wrong field named.
    let new = json!({"name": "Booking.com", "roomCode": SUITE, "units": 1, "importUrl": portal.url});
    assert_eq!(call(Method::POST, "/shop-api/backend/channels", &reception, new.clone()).await.0, 403);
    let (status, wrong) = call(
        Method::POST,
        "/shop-api/backend/channels",
        &admin,
        json!({"name": "", "roomCode": SUITE, "units": 3, "importUrl": "ftp://x"}),
    )
    .await;
    let fields: Vec<&str> = wrong["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!((status, wrong["code"].as_str(), fields), (422, Some("invalid_channel"), vec!["name", "units", "importUrl"]), "{wrong}");
    let (status, booking) = call(Method::POST, "/shop-api/backend/channels", &admin, new).await;
    assert_eq!(status, 201, "{booking}");
    let (_, airbnb) =
        call(Method::POST, "/shop-api/backend/channels", &admin, json!({"name": "Airbnb", "roomCode": SUITE, "units": 1})).await;
    let feed_path = |channel: &Value| {
        let url = channel["exportUrl"].as_str().unwrap();
        url[url.find("/ical/").unwrap()..].to_owned()
    };

    // A booking in the portal's calendar: the search has one suite left within one import cycle.
    let (d10, d13) = (day(10), day(13));
    assert_eq!(suites_left(&t, &d10, &d13).await, 2);
    portal.serve(&[("a@portal", d10.clone(), d13.clone())]);
    eventually("the portal's booking counted by the search", || async { (suites_left(&t, &d10, &d13).await == 1).then_some(()) }).await;

    // The last suite out of order on two of those nights: Airbnb's feed is
    // busy there and nowhere else (Booking.com's booking counted), checked
    // night by night against the inventory.
    let nights = format!("/shop-api/backend/room-types/{SUITE}/nights");
    let (status, _) = call(Method::PUT, &nights, &admin, json!({"from": day(10), "to": day(12), "outOfOrder": 1})).await;
    assert_eq!(status, 200);
    let feed = t.http.get(t.url(&feed_path(&airbnb))).send().await.unwrap();
    assert_eq!(feed.status().as_u16(), 200);
    let headers = feed.headers().clone();
    assert!(headers["content-type"].to_str().unwrap().starts_with("text/calendar"));
    assert!(headers["cache-control"].to_str().unwrap().contains("max-age"));
    let etag = headers["etag"].to_str().unwrap().to_owned();
    let runs = busy_runs(&feed.text().await.unwrap());
    assert_eq!(runs, [(day(10), day(12))]);
    let (_, inventory) = call(Method::GET, &format!("{nights}?from={}&to={}", day(0), day(60)), &admin, Value::Null).await;
    for night in inventory["nights"].as_array().unwrap() {
        let date = night["date"].as_str().unwrap();
        let busy = runs.iter().any(|(from, to)| from.as_str() <= date && date < to.as_str());
        assert_eq!(busy, night["free"] == 0 || night["closed"] == true, "{night}");
    }
    let again = t.http.get(t.url(&feed_path(&airbnb))).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status().as_u16(), 304, "polled again, unchanged");

    // Moved, then cancelled: the search follows each time.
    let (_, d14) = (day(11), day(14));
    portal.serve(&[("a@portal", day(11), d14.clone())]);
    eventually("the moved booking counted", || async { (suites_left(&t, &day(12), &d14).await == 1).then_some(()) }).await;
    portal.serve(&[]);
    eventually("the cancelled booking's nights for sale", || async { (suites_left(&t, &day(12), &d14).await == 2).then_some(()) }).await;

    // A malformed calendar changes nothing and says why; "sync now" answers it.
    let sync = format!("/shop-api/backend/channels/{}/sync", booking["id"].as_str().unwrap());
    portal.serve(&[("b@portal", day(20), day(22))]);
    let (status, synced) = call(Method::POST, &sync, &admin, Value::Null).await;
    assert_eq!((status, synced["error"].clone()), (200, Value::Null), "{synced}");
    portal.answer(200, "this is not a calendar");
    let (_, broken) = call(Method::POST, &sync, &admin, Value::Null).await;
    assert!(broken["error"].as_str().unwrap().contains("malformed"), "{broken}");
    assert_eq!((broken["channel"]["bookings"].as_u64(), broken["channel"]["lastError"].clone()), (Some(1), broken["error"].clone()));

    // A booking on a night sold out here: a conflict, on the page and on the board.
    let (status, _) = call(Method::PUT, &nights, &admin, json!({"from": day(30), "to": day(31), "outOfOrder": 2})).await;
    assert_eq!(status, 200);
    portal.serve(&[("b@portal", day(20), day(22)), ("c@portal", day(30), day(31))]);
    let (_, found) = call(Method::POST, &sync, &admin, Value::Null).await;
    assert_eq!(found["conflicts"], 1, "{found}");
    let (_, list) = call(Method::GET, "/shop-api/backend/channels", &admin, Value::Null).await;
    let listed = |id: &Value| list["items"].as_array().unwrap().iter().find(|c| c["id"] == *id).unwrap().clone();
    let (booking_listed, airbnb_listed) = (listed(&booking["id"]), listed(&airbnb["id"]));
    assert_eq!(booking_listed["conflicts"][0]["nights"], json!([day(30)]), "{booking_listed}");
    // The list reads every channel's bookings at once: each keeps its own.
    assert_eq!((booking_listed["bookings"].as_u64(), airbnb_listed["bookings"].as_u64()), (Some(2), Some(0)), "{list}");
    let mails = t.dir.path().join("data/mail");
    let notice = eventually("the guesthouse e-mailed the double booking", || {
        let mails = mails.clone();
        async move {
            std::fs::read_dir(&mails)
                .ok()?
                .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
                .map(|m| crate::support::readable(&m))
                .find(|m| m.contains("c@portal"))
        }
    })
    .await;
    assert!(notice.contains(&spa_platform::dates::dmy_of(&day(30))) && notice.contains("/backend/channels"), "{notice}");
    let (_, board) = call(Method::GET, &format!("/shop-api/backend/board?from={}&days=1", day(30)), &admin, Value::Null).await;
    let suite = board["rooms"].as_array().unwrap().iter().find(|r| r["code"] == SUITE).unwrap().clone();
    assert_eq!(suite["nights"][0]["oversold"], true, "{suite}");

    // The front desk may still take units out of order off an over-sold night.
    let (status, lowered) = call(Method::PUT, &nights, &admin, json!({"from": day(30), "to": day(31), "outOfOrder": 1})).await;
    assert_eq!(status, 200, "{lowered}");

    // Deleted: its nights for sale again, its feed gone.
    let path = format!("/shop-api/backend/channels/{}", booking["id"].as_str().unwrap());
    assert_eq!(call(Method::DELETE, &path, &admin, Value::Null).await.0, 204);
    eventually("the deleted channel's nights for sale", || async { (suites_left(&t, &day(20), &day(22)).await == 2).then_some(()) }).await;
    assert_eq!(t.http.get(t.url(&feed_path(&booking))).send().await.unwrap().status().as_u16(), 404);
}

/// Two rooms processes on one PostgreSQL import one channel every second:
/// never both at once (the portal never has two requests in flight), and
/// its booking takes its unit once.
#[tokio::test]
#[cfg_attr(not(has_postgres), ignore = "TEST_POSTGRES_URL is not set")]
async fn a_channel_is_imported_by_one_of_two_rooms_processes_at_a_time_on_postgres() {
    let pg = testkit::postgres_url();
    let name = testkit::unique("spa_rooms_ical_");
    let url = testkit::postgres_database_url(&pg, &name);
    let portal = CalendarPortal::start().await;
    // Long enough that the other process's import would overlap if nothing stopped it.
    portal.slow(Duration::from_millis(400));
    let day = |n: i64| stay(n, 0).0;
    portal.serve(&[("a@portal", day(10), day(12))]);
    let mut replicas = RoomsReplicas::start(2, &url, &[("CHANNEL_SYNC_SECONDS", "1"), ("CHANNEL_IMPORT_ALLOW_PRIVATE", "true")]).await;
    let mut clients = replicas.clients();
    let fields = ChannelFields { name: "Booking.com".into(), room_code: SUITE.into(), units: 1, import_url: portal.url.clone() };
    let request = SaveChannelRequest { fields: Some(fields), staff: "admin@example.pl".into(), ..Default::default() };
    clients[0].save_channel(request).await.unwrap();

    eventually("five imports between the two processes", || async { (portal.asked().len() >= 5).then_some(()) }).await;
    assert_eq!(portal.most_at_once(), 1, "two imports of one channel at once");
    for client in &mut clients {
        let nights =
            client.get_nights(GetNightsRequest { room_code: SUITE.into(), from: day(10), to: day(12) }).await.unwrap().into_inner();
        assert_eq!(nights.nights.iter().map(|n| n.external).collect::<Vec<_>>(), [1, 1], "taken once");
    }
    drop(clients);
    replicas.procs.terminate_cleanly().await;
    let admin = spa_platform::db::Db::connect(&pg).await.unwrap();
    sqlx::query(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).execute(admin.pool()).await.unwrap();
}
