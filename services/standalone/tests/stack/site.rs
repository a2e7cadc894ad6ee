//! Around the shop over HTTP: the newsletter's confirm and unsubscribe
//! links, questions about products, the vote pop-up's poll (one vote per
//! visitor) and the weather (one upstream call per period, whatever the
//! traffic; 503 while the weather service fails, 204 without one).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::extract::{Query, State};
use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;

use crate::support::{TestStack, eventually, json as read};

/// The delivered e-mails to `recipient`, oldest first (the `.eml` files:
/// a link's e-mail leaves the database once sent).
async fn delivered_to(t: &TestStack, recipient: &str) -> Vec<String> {
    let ids: Vec<String> = sqlx::query("SELECT id FROM outgoing_mail WHERE recipient = $1 ORDER BY created_at, id")
        .bind(recipient)
        .fetch_all(t.stack.db("content").pool())
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    ids.iter().filter_map(|id| t.delivered_mail(id)).collect()
}

async fn mails_to(t: &TestStack, recipient: &str) -> Vec<(String, String)> {
    sqlx::query("SELECT subject, body FROM outgoing_mail WHERE recipient = $1 ORDER BY id")
        .bind(recipient)
        .fetch_all(t.stack.db("content").pool())
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

/// The token of the e-mail's link under `path` (`/newsletter/confirm/`).
fn link_token(body: &str, path: &str) -> String {
    let at = body.find(path).unwrap_or_else(|| panic!("{path} in {body}")) + path.len();
    body[at..].chars().take_while(char::is_ascii_hexdigit).collect()
}

#[tokio::test]
async fn the_newsletter_links_confirm_and_unsubscribe() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    assert_eq!(t.post("/shop-api/newsletter/subscribe?locale=en_GB", json!({"email": "guest@example.com"})).await.0, 201);
    let t = &t;
    let body = eventually("the confirmation e-mail", || async move { delivered_to(t, "guest@example.com").await.pop() }).await;
    let (confirm, unsubscribe) = (link_token(&body, "/newsletter/confirm/"), link_token(&body, "/newsletter/unsubscribe/"));
    assert_eq!((confirm.len(), unsubscribe.len()), (64, 64), "{body}");
    assert_ne!(confirm, unsubscribe);

    let status = |email: &'static str| async move {
        sqlx::query("SELECT status FROM newsletter_subscribers WHERE email = $1")
            .bind(email)
            .fetch_one(t.stack.db("content").pool())
            .await
            .unwrap()
            .get::<String, _>(0)
    };
    assert_eq!(status("guest@example.com").await, "pending");
    for _ in 0..2 {
        let (code, answer) = t.post("/shop-api/newsletter/confirm", json!({"token": confirm})).await;
        assert_eq!(code, 200, "a confirmation, and the same link again: {answer}");
    }
    assert_eq!(status("guest@example.com").await, "confirmed");
    let (code, answer) = t.post("/shop-api/newsletter/confirm?locale=de", json!({"token": "ab".repeat(32)})).await;
    assert_eq!((code, answer["code"].as_str()), (404, Some("unknown_newsletter_token")), "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("Link"), "German message: {answer}");
    let (code, answer) = t.post("/shop-api/newsletter/confirm", json!({"token": "x"})).await;
    assert_eq!((code, answer["errors"][0]["field"].as_str()), (400, Some("token")), "{answer}");

    assert_eq!(t.post("/shop-api/newsletter/unsubscribe", json!({"token": unsubscribe})).await.0, 200);
    assert_eq!(t.post("/shop-api/newsletter/unsubscribe", json!({"token": unsubscribe})).await.0, 200, "again: nothing changes");
    assert_eq!(status("guest@example.com").await, "unsubscribed");
    let (code, _) = t.post("/shop-api/newsletter/confirm", json!({"token": confirm})).await;
    assert_eq!(code, 404, "an ended subscription's old confirmation link does not start it again");
    let (code, _) = t.post("/shop-api/newsletter/unsubscribe", json!({"token": confirm})).await;
    assert_eq!(code, 404, "the confirmation token does not unsubscribe");

    // Signing up again after unsubscribing works, with new links.
    assert_eq!(t.post("/shop-api/newsletter/subscribe", json!({"email": "guest@example.com"})).await.0, 201);
    assert_eq!(status("guest@example.com").await, "pending");
    let second = eventually("the second confirmation e-mail", || async move {
        let mails = delivered_to(t, "guest@example.com").await;
        (mails.len() == 2).then(|| mails[1].clone())
    })
    .await;
    assert_ne!(link_token(&second, "/newsletter/confirm/"), confirm);
    assert_eq!(t.post("/shop-api/newsletter/subscribe", json!({"email": "guest@example.com"})).await.0, 409);
}

#[tokio::test]
async fn a_product_question_is_checked_stored_and_mailed_to_both_sides() {
    let t = TestStack::start_with_settings(|g| g.limits.writes.burst = 1000, &[("GUESTHOUSE_EMAIL", "recepcja@pensjonat.example")]).await;
    let question = json!({
        "productCode": "TR_HOT_STONE",
        "customer": "Anna Schmidt",
        "email": "Anna@Example.de",
        "phone": "+49 (30) 123-45/67",
        "message": "Ist die Massage auch sonntags möglich?"
    });
    let (status, answer) = t.post("/shop-api/contact/product-questions?locale=de", question.clone()).await;
    assert_eq!(status, 201, "{answer}");

    let t = &t;
    let staff = eventually("the guesthouse's e-mail", || async move { mails_to(t, "recepcja@pensjonat.example").await.pop() }).await;
    assert!(staff.0.contains("TR_HOT_STONE") && staff.0.contains("Anna Schmidt"), "{staff:?}");
    assert!(staff.1.contains("+49 (30) 123-45/67") && staff.1.contains("anna@example.de") && staff.1.contains("sonntags"), "{staff:?}");
    let ack = eventually("the sender's acknowledgement", || async move { mails_to(t, "anna@example.de").await.pop() }).await;
    assert!(ack.0.starts_with("Ihre Frage"), "in the sender's language: {ack:?}");
    // Anyone may type any address: the acknowledgement carries none of the
    // sender's words, so the form relays no text to a stranger.
    assert!(!ack.1.contains("sonntags") && !ack.1.contains("Anna Schmidt"), "none of the sender's words: {ack:?}");
    let stored: i64 = sqlx::query("SELECT COUNT(*) FROM product_questions").fetch_one(t.stack.db("content").pool()).await.unwrap().get(0);
    assert_eq!(stored, 1);
    assert_eq!(mails_to(t, "anna@example.de").await.len(), 1, "one acknowledgement per question");

    // Every broken rule is named, in the request's language.
    let (status, answer) = t.post("/shop-api/contact/product-questions?locale=en_GB", json!({"productCode": "TR_HOT_STONE"})).await;
    assert_eq!((status, answer["code"].as_str()), (422, Some("invalid_question")), "{answer}");
    let fields: Vec<&str> = answer["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["customer", "email", "phone", "message"]);
    assert!(answer["errors"][2]["message"].as_str().unwrap().contains("at least 7"), "{answer}");
    let short_phone = json!({"productCode": "TR_HOT_STONE", "customer": "A", "email": "a@example.com", "phone": "123456", "message": "?"});
    let (status, answer) = t.post("/shop-api/contact/product-questions", short_phone).await;
    assert_eq!((status, answer["errors"][0]["field"].as_str()), (422, Some("phone")), "{answer}");
    let letters = json!({"productCode": "TR_HOT_STONE", "customer": "A", "email": "a@example.com", "phone": "600 abc 100", "message": "?"});
    assert_eq!(t.post("/shop-api/contact/product-questions", letters).await.0, 422);
    let unknown = json!({"productCode": "NO_SUCH", "customer": "A", "email": "a@example.com", "phone": "600100200", "message": "?"});
    let (status, answer) = t.post("/shop-api/contact/product-questions", unknown).await;
    assert_eq!(
        (status, answer["code"].as_str(), answer["errors"][0]["field"].as_str()),
        (404, Some("unknown_product"), Some("productCode"))
    );
}

#[tokio::test]
async fn the_poll_counts_one_vote_per_visitor() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let (status, poll) = t.get("/shop-api/poll?locale=de").await;
    assert_eq!((status, poll["voted"].clone()), (200, Value::Null), "{poll}");
    assert!(poll["question"].as_str().unwrap().contains("Aufenthalt"), "{poll}");
    let option = poll["options"][1]["code"].as_str().unwrap().to_owned();

    let r = t.http.post(t.url("/shop-api/poll/votes?locale=de")).json(&json!({"option": option})).send().await.unwrap();
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("spa_visitor=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
    let visitor = cookie.split(';').next().unwrap().to_owned();
    let (status, voted) = read(r).await;
    assert_eq!((status, voted["voted"].as_str()), (201, Some(option.as_str())), "{voted}");
    assert_eq!(voted["options"][1]["votes"], 1);

    // The same visitor again: refused, and the count stays.
    let again =
        t.http.post(t.url("/shop-api/poll/votes")).header("cookie", &visitor).json(&json!({"option": option})).send().await.unwrap();
    let (status, answer) = read(again).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("already_voted")), "{answer}");
    let (_, seen) = read(t.http.get(t.url("/shop-api/poll")).header("cookie", &visitor).send().await.unwrap()).await;
    assert_eq!((seen["voted"].as_str(), seen["options"][1]["votes"].as_i64()), (Some(option.as_str()), Some(1)), "{seen}");

    // Another visitor counts; a made-up option does not.
    let (status, other) = t.post("/shop-api/poll/votes", json!({"option": option})).await;
    assert_eq!((status, other["options"][1]["votes"].as_i64()), (201, Some(2)), "{other}");
    let (status, answer) = t.post("/shop-api/poll/votes", json!({"option": "nothing"})).await;
    assert_eq!((status, answer["code"].as_str()), (404, Some("unknown_option")), "{answer}");
    let (_, fresh) = t.get("/shop-api/poll").await;
    assert_eq!(fresh["voted"], Value::Null, "a visitor without the cookie has not voted");
}

#[derive(Clone, Default)]
struct Upstream {
    calls: Arc<AtomicUsize>,
    fail: bool,
}

async fn owm(State(u): State<Upstream>, Query(q): Query<std::collections::HashMap<String, String>>) -> (StatusCode, axum::Json<Value>) {
    u.calls.fetch_add(1, Ordering::SeqCst);
    // Slow enough that the parallel requests overlap the first call.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!((q["lat"].as_str(), q["lon"].as_str(), q["units"].as_str(), q["appid"].as_str()), ("52.46", "14.86", "metric", "k-123"));
    if u.fail {
        return (StatusCode::BAD_GATEWAY, axum::Json(json!({})));
    }
    (StatusCode::OK, axum::Json(json!({"main": {"temp": 18.04}, "weather": [{"main": "Rain", "description": "light rain"}]})))
}

async fn fake_weather(fail: bool) -> (String, Upstream) {
    let upstream = Upstream { fail, ..Default::default() };
    let app = axum::Router::new().route("/data/2.5/weather", axum::routing::get(owm)).with_state(upstream.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/data/2.5/weather", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, upstream)
}

#[tokio::test]
async fn the_weather_is_asked_once_for_a_hundred_visitors() {
    let (url, upstream) = fake_weather(false).await;
    let t = TestStack::start_with_settings(|_| {}, &[("WEATHER_URL", url.as_str()), ("WEATHER_API_KEY", "k-123")]).await;
    let answers = futures::future::join_all((0..100).map(|_| t.get("/shop-api/weather"))).await;
    for (status, body) in &answers {
        assert_eq!(*status, 200, "{body}");
        assert_eq!(body, &json!({"celsius": 18.0, "fahrenheit": 64.5, "condition": "rain"}));
    }
    assert_eq!(t.get("/shop-api/weather").await.0, 200);
    assert_eq!(upstream.calls.load(Ordering::SeqCst), 1, "one upstream call for 101 requests");
}

#[tokio::test]
async fn without_a_weather_service_the_weather_is_503_and_nothing_else_breaks() {
    let (url, upstream) = fake_weather(true).await;
    let t = TestStack::start_with_settings(|_| {}, &[("WEATHER_URL", url.as_str()), ("WEATHER_API_KEY", "k-123")]).await;
    let answers = futures::future::join_all((0..20).map(|_| t.get("/shop-api/weather?locale=en_GB"))).await;
    for (status, body) in &answers {
        assert_eq!((*status, body["code"].as_str()), (503, Some("weather_unavailable")), "{body}");
    }
    assert_eq!(upstream.calls.load(Ordering::SeqCst), 1, "a failure is kept too: the service is not hammered");
    assert_eq!(t.get("/shop-api/pages?locale=pl&url=/regulamin").await.0, 200, "the rest of the shop answers");

    // Not configured at all.
    let t = TestStack::start().await;
    let r = t.http.get(t.url("/shop-api/weather")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 204, "no weather is not a failure");
}
