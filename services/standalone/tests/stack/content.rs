//! Content over HTTP: pages by path in each language, and the editor's
//! calls, open to editors and administrators only.

use reqwest::Method;
use serde_json::{Value, json};

use crate::staff::as_staff;
use crate::support::TestStack;

#[tokio::test]
async fn pages_answer_by_path_and_language() {
    let t = TestStack::start().await;
    let (status, pl) = t.get("/shop-api/pages?locale=pl&url=/regulamin").await;
    assert_eq!((status, pl["name"].as_str()), (200, Some("regulations")), "{pl}");
    assert!(pl["blocks"][0]["content"].as_str().unwrap().contains("Rezerwacja i płatność"), "{pl}");
    assert!(!pl["description"].as_str().unwrap().is_empty());
    // The spec's client reads the whole page at `containers.content`: every block, in order.
    let whole = pl["containers"]["content"].as_str().unwrap();
    let blocks: Vec<&str> = pl["blocks"].as_array().unwrap().iter().map(|b| b["content"].as_str().unwrap()).collect();
    assert!(blocks.len() > 1 && whole == blocks.join("\n"), "{pl}");
    let (status, en) = t.get("/shop-api/pages?locale=en_GB&url=/en/regulations").await;
    assert_eq!(status, 200);
    assert_eq!(en["blocks"][0]["id"], pl["blocks"][0]["id"], "the same blocks in every language");
    assert!(en["title"].as_str().unwrap().starts_with("Terms"), "{en}");
    // Contact is /kontakt in Polish and German: the language picks the text.
    let (_, de) = t.get("/shop-api/pages?locale=de&url=/kontakt").await;
    assert!(de["blocks"][0]["content"].as_str().unwrap().contains("Rezeption"), "{de}");
    let (status, missing) = t.get("/shop-api/pages?locale=pl&url=/nie-ma").await;
    assert_eq!((status, missing["code"].as_str()), (404, Some("page_not_found")));
    let (status, bad) = t.get("/shop-api/pages?locale=pl").await;
    assert_eq!((status, bad["code"].as_str(), bad["errors"][0]["field"].as_str()), (400, Some("invalid_url"), Some("url")));
}

#[tokio::test]
async fn only_editors_and_admins_edit_blocks_and_visitors_see_the_edit_at_once() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: String| Some(format!("spa_session={token}"));
    let customer = cookie(t.session_of("c-1", "ola@example.pl", "customer").await);
    let editor = cookie(t.session_of("c-2", "ed@example.pl", "customer,editor").await);
    let admin = cookie(t.session_of("c-3", "admin@example.pl", "customer,admin").await);
    let send = |method: Method, path: &str, who: &Option<String>, body: Value| as_staff(&t.http, method, t.url(path), who.clone(), body);
    let block = "/shop-api/backend/blocks/regulations-vouchers?locale=pl";
    let change = json!({"content": "<p>Nowe zasady</p>"});

    // Who may read and change a block.
    for (who, session, read_status, write_status) in
        [("anonymous", None, 401, 401), ("customer", customer.clone(), 403, 403), ("editor", editor.clone(), 200, 200)]
    {
        assert_eq!(send(Method::GET, block, &session, Value::Null).await.0, read_status, "{who} reads");
        assert_eq!(send(Method::PUT, block, &session, change.clone()).await.0, write_status, "{who} writes");
    }
    let (status, history) = send(Method::GET, block, &admin, Value::Null).await;
    assert_eq!((status, history["revision"].as_i64()), (200, Some(2)), "{history}");
    assert_eq!(history["pageUrl"], "/regulamin");
    let original = history["revisions"][1]["content"].as_str().unwrap().to_owned();

    // A save is sanitized; visitors see it at once, in its language only.
    let dirty = json!({"content": "<h2 onclick=\"x()\">Vouchery</h2><script>alert(1)</script><a href=\"javascript:alert(1)\">x</a>", "revision": 2});
    let (status, saved) = send(Method::PUT, block, &admin, dirty).await;
    assert_eq!((status, saved["revision"].as_i64()), (200, Some(3)), "{saved}");
    let shown = saved["content"].as_str().unwrap();
    assert!(
        shown.contains("<h2>Vouchery</h2>") && !shown.contains("script") && !shown.contains("onclick") && !shown.contains("javascript"),
        "{shown}"
    );
    let (_, page) = t.get("/shop-api/pages?locale=pl&url=/regulamin").await;
    assert_eq!(page["blocks"][1]["content"].as_str(), Some(shown), "{page}");
    let (_, en) = t.get("/shop-api/pages?locale=en_GB&url=/en/regulations").await;
    assert!(en["blocks"][1]["content"].as_str().unwrap().contains("Gift vouchers"), "{en}");

    // A save made from an old revision does not overwrite a newer one.
    let (status, stale) = send(Method::PUT, block, &editor, json!({"content": "<p>stale</p>", "revision": 2})).await;
    assert_eq!((status, stale["code"].as_str()), (409, Some("block_changed")), "{stale}");
    let no_marker = t.http.put(t.url(block)).header("cookie", editor.clone().unwrap()).json(&change).send().await.unwrap();
    assert_ne!(no_marker.status().as_u16(), 200, "a write without X-Requested-With is refused");

    // The first revision comes back.
    let restore = "/shop-api/backend/blocks/regulations-vouchers/revisions/1/restore?locale=pl";
    assert_eq!(send(Method::POST, restore, &customer, Value::Null).await.0, 403);
    let (status, restored) = send(Method::POST, restore, &editor, Value::Null).await;
    assert_eq!((status, restored["revision"].as_i64()), (200, Some(4)), "{restored}");
    assert_eq!(restored["content"].as_str(), Some(original.as_str()));
    let (_, page) = t.get("/shop-api/pages?locale=pl&url=/regulamin").await;
    assert_eq!(page["blocks"][1]["content"].as_str(), Some(original.as_str()));
    assert_eq!(send(Method::GET, "/shop-api/backend/blocks/nope?locale=pl", &editor, Value::Null).await.0, 404);
}

#[tokio::test]
async fn an_editor_adds_and_removes_a_home_page_slide_and_visitors_see_it_at_once() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: String| Some(format!("spa_session={token}"));
    let customer = cookie(t.session_of("c-1", "ola@example.pl", "customer").await);
    let editor = cookie(t.session_of("c-2", "ed@example.pl", "customer,editor").await);
    let send = |method: Method, path: &str, who: &Option<String>, body: Value| as_staff(&t.http, method, t.url(path), who.clone(), body);
    let t = &t;
    let slide_ids = |url: &'static str| async move {
        let (_, page) = t.get(url).await;
        page["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|c| c["id"].as_str())
            .filter(|id| id.starts_with("home-slide-"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    // Cached first, so the change must drop it.
    let before = slide_ids("/shop-api/pages?locale=en_GB&url=/en").await;
    assert_eq!(before.len(), 4);

    let slide = json!({"content": "<h2>Autumn offers</h2><p><a href=\"/en/offer/packages\">See them</a></p>"});
    assert_eq!(send(Method::POST, "/shop-api/backend/slides?locale=en_GB", &None, slide.clone()).await.0, 401);
    assert_eq!(send(Method::POST, "/shop-api/backend/slides?locale=en_GB", &customer, slide.clone()).await.0, 403);
    let (status, added) = send(Method::POST, "/shop-api/backend/slides?locale=en_GB", &editor, slide).await;
    assert_eq!(status, 201, "{added}");
    let id = added["id"].as_str().unwrap().to_owned();
    assert_eq!(slide_ids("/shop-api/pages?locale=en_GB&url=/en").await.last(), Some(&id), "last on the banner at once");
    assert_eq!(slide_ids("/shop-api/pages?locale=pl&url=/").await.last(), Some(&id), "in every language");
    let (status, empty) =
        send(Method::POST, "/shop-api/backend/slides?locale=pl", &editor, json!({"content": "<script>x()</script>"})).await;
    assert_eq!((status, empty["code"].as_str()), (422, Some("invalid_html")), "{empty}");

    assert_eq!(send(Method::DELETE, &format!("/shop-api/backend/slides/{id}?locale=pl"), &customer, Value::Null).await.0, 403);
    assert_eq!(send(Method::DELETE, &format!("/shop-api/backend/slides/{id}?locale=pl"), &editor, Value::Null).await.0, 204);
    assert_eq!(slide_ids("/shop-api/pages?locale=en_GB&url=/en").await, before, "gone at once");
    let (status, again) = send(Method::DELETE, &format!("/shop-api/backend/slides/{id}?locale=pl"), &editor, Value::Null).await;
    assert_eq!((status, again["code"].as_str()), (404, Some("block_not_found")));
    assert_eq!(send(Method::DELETE, "/shop-api/backend/slides/home-welcome?locale=pl", &editor, Value::Null).await.0, 404, "not a slide");
}
