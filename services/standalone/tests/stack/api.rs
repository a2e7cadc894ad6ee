use std::time::{Duration, Instant};

use serde_json::{Value, json};
use sqlx::Row;

use crate::support::{TestStack, client, common_checks, eventually, json, stay};

#[tokio::test]
async fn standalone_stack_answers_the_shared_checks() {
    let t = TestStack::start().await;
    common_checks(&t.base).await;
}

#[tokio::test]
async fn listing_rejects_bad_input_by_field() {
    let t = TestStack::start().await;
    for (path, status, field) in [
        ("/shop-api/offer/treatment?limit=0", 400, "limit"),
        ("/shop-api/offer/treatment?limit=abc", 400, "limit"),
        ("/shop-api/offer/treatment?page=0", 400, "page"),
        ("/shop-api/offer/treatment?locale=fr", 400, "locale"),
        ("/shop-api/offer/treatment?channel=web_de", 400, "channel"),
        ("/shop-api/offer/nope", 404, "type"),
    ] {
        let (got, body) = t.get(path).await;
        assert_eq!(got, status, "{path}: {body}");
        assert_eq!(body["errors"][0]["field"], field, "{path}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{path} has a message");
    }
    let (status, body) = t.get("/shop-api/no-such-thing").await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")));
    // The estimate checks the channel like every other call.
    let (status, body) = t.post("/shop-api/packages/PKG_ROMANTIC_WEEKEND/estimated-cost?channel=web_de", json!({"persons": 1})).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (400, Some("channel")), "{body}");
}

#[tokio::test]
async fn error_messages_speak_the_requests_language() {
    let t = TestStack::start().await;
    let mut seen = Vec::new();
    for (locale, word) in [("pl", "Liczba"), ("de", "Anzahl"), ("en_GB", "number")] {
        let (status, body) = t.get(&format!("/shop-api/offer/treatment?limit=0&locale={locale}")).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_limit")), "{body}");
        let message = body["message"].as_str().unwrap();
        assert!(message.contains(word), "{locale}: {message}");
        assert!(!body["errors"][0]["message"].as_str().unwrap().is_empty());
        seen.push(message.to_owned());
    }
    // Errors from a service and from the layers around the handlers too.
    let (_, body) = t.get("/shop-api/products/NOPE?locale=de").await;
    assert_eq!(body["code"], "product_not_found");
    assert!(body["message"].as_str().unwrap().contains("Produkt"), "{body}");
    let (_, body) = t.get("/shop-api/no-such-thing?locale=en_GB").await;
    assert!(body["message"].as_str().unwrap().contains("does not exist"), "{body}");
    let (status, body) = t.get("/shop-api/rooms/search?from=2026-02-30&to=2026-03-02&locale=de").await;
    assert_eq!((status, body["code"].as_str(), body["errors"][0]["field"].as_str()), (400, Some("invalid_stay"), Some("from")));
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("Datum"), "{body}");
    assert_ne!(seen[0], seen[1]);
}

#[tokio::test]
async fn listing_pages_and_limits() {
    let t = TestStack::start().await;
    let (_, all) = t.get("/shop-api/offer/room?limit=100").await;
    let total = all["pages"]["total"].as_u64().unwrap();
    assert_eq!(total, 20);
    let (_, page2) = t.get("/shop-api/offer/room?limit=8&page=2").await;
    assert_eq!(page2["pages"]["pages"], 3);
    assert_eq!(page2["items"].as_array().unwrap().len(), 8);
    assert_eq!(page2["items"][0]["code"], all["items"][8]["code"], "pages follow position order");
    let (_, page3) = t.get("/shop-api/offer/room?limit=8&page=3").await;
    assert_eq!(page3["items"].as_array().unwrap().len(), 4);
    // Packages show nights and days = nights + 1; the price stats bound the list.
    let (_, packages) = t.get("/shop-api/offer/package").await;
    for item in packages["items"].as_array().unwrap() {
        assert_eq!(item["days"].as_u64().unwrap(), item["numNights"].as_u64().unwrap() + 1);
        let price = item["priceBase"]["current"].as_i64().unwrap();
        assert!(price >= packages["priceStats"]["min"].as_i64().unwrap() && price <= packages["priceStats"]["max"].as_i64().unwrap());
    }
}

#[tokio::test]
async fn promotions_and_foreign_currency_prices() {
    let t = TestStack::start().await;
    let (_, products) = t.get("/shop-api/offer/product?limit=100").await;
    let items = products["items"].as_array().unwrap();
    for item in items {
        let (cur, orig) = (item["price"]["current"].as_i64().unwrap(), item["price"]["original"].as_i64().unwrap());
        assert_eq!(item["isPromotion"].as_bool().unwrap(), orig > cur, "{}", item["code"]);
    }
    let eur = items.iter().find(|i| i["price"]["currency"] == "EUR").expect("a product priced in EUR");
    let (cur, base) = (eur["price"]["current"].as_i64().unwrap(), eur["priceBase"]["current"].as_i64().unwrap());
    assert_eq!(eur["priceBase"]["currency"], "PLN");
    assert_eq!(base, (cur * 43 + 5) / 10, "EUR converted to PLN at the configured 4.30");
    let wine = items.iter().find(|i| i["ageRestriction"] == true).expect("an age-restricted product");
    assert_eq!(wine["type"], "product");
}

#[tokio::test]
async fn newsletter_signup_sends_one_confirmation_mail_through_the_outbox() {
    let t = TestStack::start().await;
    let (status, _) = t.post("/shop-api/newsletter/subscribe?locale=de", json!({"email": "Gast@Example.de"})).await;
    assert_eq!(status, 201);
    let (status, body) = t.post("/shop-api/newsletter/subscribe", json!({"email": "gast@example.de"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("newsletter_exists")), "same address in other case");
    let (status, body) = t.post("/shop-api/newsletter/subscribe", json!({"email": "not-an-email"})).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (422, Some("email")));
    let (status, _) = t.post("/shop-api/newsletter/subscribe", json!({})).await;
    assert_eq!(status, 422, "no address, against the rule");

    let content = t.stack.db("content").clone();
    let subject: String = eventually("the confirmation e-mail", || {
        let content = content.clone();
        async move {
            sqlx::query("SELECT subject FROM outgoing_mail WHERE recipient = $1")
                .bind("gast@example.de")
                .fetch_optional(content.pool())
                .await
                .unwrap()
                .map(|r| r.get::<String, _>(0))
        }
    })
    .await;
    assert!(subject.contains("Newsletter"), "German subject: {subject}");
    let mails: i64 = sqlx::query("SELECT COUNT(*) FROM outgoing_mail").fetch_one(content.pool()).await.unwrap().get(0);
    assert_eq!(mails, 1, "one e-mail per sign-up");
    let pending: i64 =
        sqlx::query("SELECT COUNT(*) FROM outbox WHERE published_at IS NULL").fetch_one(content.pool()).await.unwrap().get(0);
    assert_eq!(pending, 0, "the outbox is drained");
}

#[tokio::test]
async fn carts_are_created_once_read_and_dropped() {
    let t = TestStack::start().await;
    let token = uuid::Uuid::new_v4().simple().to_string();
    let path = format!("/shop-api/carts/{token}");
    let (status, cart) = t.post(&path, json!({"channel": "web_pl", "locale": "de"})).await;
    assert_eq!(status, 201, "{cart}");
    assert_eq!(cart["tokenValue"], token.as_str());
    assert_eq!(cart["locale"], "de");
    assert_eq!(cart["totals"]["total"], 0);
    let (status, again) = t.post(&path, json!({"channel": "web_pl", "locale": "pl"})).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("cart_exists")), "creating twice is a conflict");
    assert!(again.get("tokenValue").is_none() && again.get("items").is_none(), "never that cart's contents: {again}");
    let response = t.http.get(t.url(&path)).send().await.unwrap();
    assert_eq!(response.headers().get("cache-control").unwrap(), "no-store", "a basket is personal");
    let (status, kept) = json(response).await;
    assert_eq!((status, kept["locale"].as_str()), (200, Some("de")), "the first cart is kept");
    let response = t.http.delete(t.url(&path)).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 204);
    let (status, body) = t.get(&path).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("cart_not_found")));
    let (status, body) = t.post("/shop-api/carts/short", json!({})).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (422, Some("token")));
    for weak in ["a".repeat(40), "0123456789abcdef0123456789abcdef".to_owned(), "ab".repeat(20)] {
        let (status, body) = t.post(&format!("/shop-api/carts/{weak}"), json!({})).await;
        assert_eq!(
            (status, body["code"].as_str(), body["errors"][0]["field"].as_str()),
            (422, Some("weak_token"), Some("token")),
            "{weak}"
        );
    }
}

#[tokio::test]
async fn abandoned_carts_answer_not_found_and_are_swept() {
    let t = TestStack::start().await;
    let (old, fresh) = (uuid::Uuid::new_v4().simple().to_string(), uuid::Uuid::new_v4().simple().to_string());
    assert_eq!(t.post(&format!("/shop-api/carts/{old}"), json!({})).await.0, 201);
    // 30 days after its last change a cart is abandoned; one begun since is not.
    t.advance(Duration::from_secs(29 * 24 * 3600));
    assert_eq!(t.post(&format!("/shop-api/carts/{fresh}"), json!({})).await.0, 201);
    t.advance(Duration::from_secs(2 * 24 * 3600));
    let (status, body) = t.get(&format!("/shop-api/carts/{old}")).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("cart_not_found")), "abandoned after 30 days");
    let (status, _) = t.get(&format!("/shop-api/carts/{fresh}")).await;
    assert_eq!(status, 200);
    // The sweeper wakes when the clock jumps and deletes it.
    let cart = t.stack.db("cart");
    eventually("the abandoned cart to be swept", || async {
        let left: Vec<String> =
            sqlx::query("SELECT token FROM carts").fetch_all(cart.pool()).await.unwrap().iter().map(|r| r.get(0)).collect();
        (left == [fresh.clone()]).then_some(())
    })
    .await;
}

#[tokio::test]
async fn me_is_empty_without_a_valid_session_and_the_customer_with_one() {
    let t = TestStack::start().await;
    let r = t.http.get(t.url("/shop-api/me")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 204);
    let r = t.http.get(t.url("/shop-api/me")).header("cookie", "spa_session=forged").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 204, "an unknown token is not logged in");

    let token = t.logged_in_customer().await;
    let r = t.http.get(t.url("/shop-api/me")).header("cookie", format!("other=1; spa_session={token}")).send().await.unwrap();
    let (status, me) = json(r).await;
    assert_eq!((status, me["email"].as_str(), me["firstName"].as_str()), (200, Some("ola@example.pl"), Some("Ola")));

    // Used every day, a session still ends 30 days after it began.
    for _ in 0..5 {
        t.advance(Duration::from_secs(142 * 3600));
        let r = t.http.get(t.url("/shop-api/me")).header("cookie", format!("spa_session={token}")).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200);
    }
    t.advance(Duration::from_secs(24 * 3600));
    let r = t.http.get(t.url("/shop-api/me")).header("cookie", format!("spa_session={token}")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 204, "an expired session is not logged in");
}

#[tokio::test]
async fn room_search_validates_stays_and_names_empty_results() {
    let t = TestStack::start().await;
    let (from, to) = stay(5, 3);
    // Malformed (400) as the document says, or against a rule it cannot state (422).
    for (query, field, expected) in [
        (format!("from=2026-13-01&to={to}"), "from", 400),
        (format!("from={to}&to={from}"), "to", 422),
        (format!("from={from}&to={to}&adults=3"), "adults", 422),
        (format!("from={from}&to={to}&adults=0"), "adults", 422),
        (format!("from={from}&to={to}&children=3"), "children", 422),
        ("from=2020-01-01&to=2020-01-03".to_owned(), "from", 422),
        (format!("to={to}"), "from", 400),
    ] {
        let (status, body) = t.get(&format!("/shop-api/rooms/search?{query}")).await;
        assert_eq!(status, expected, "{query}: {body}");
        assert_eq!(body["errors"][0]["field"], field, "{query}: {body}");
    }
    // Beyond the booking horizon the dates are wrong, not the rooms taken:
    // a stay may end a year from today, not a day later.
    let (from, to) = stay(363, 2);
    assert_eq!(t.get(&format!("/shop-api/rooms/search?from={from}&to={to}")).await.0, 200);
    let (from, to) = stay(364, 2);
    let (status, body) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&locale=en_GB")).await;
    assert_eq!((status, body["code"].as_str(), body["errors"][0]["field"].as_str()), (422, Some("invalid_stay"), Some("to")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("no later than a year from today"), "{body}");
    // Two adults and two children fit only rooms for four.
    let (from, to) = stay(10, 2);
    let (_, body) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&children=2")).await;
    for room in body["items"].as_array().unwrap() {
        assert!(room["maxOccupancy"].as_u64().unwrap() >= 4, "{room}");
    }
}

#[tokio::test]
async fn pages_carry_their_locale_in_html_lang() {
    let t = TestStack::start().await;
    let http = client();
    for (path, host, lang) in [
        ("/oferta/zabiegi/", None, "pl"),
        ("/en/offer/treatments", None, "en-GB"),
        ("/angebot/behandlungen", Some("de.localhost"), "de"),
        ("/", None, "pl"),
    ] {
        let mut req = http.get(t.url(path));
        if let Some(h) = host {
            req = req.header("host", h);
        }
        let r = req.send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        let html = r.text().await.unwrap();
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{path}: {html}");
    }
    let r = http.get(t.url("/media/default.svg")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let r = http.get(t.url("/healthz")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let r = http.get(t.url("/readyz")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let r = http.get(t.url("/shop-api/offer/treatment")).send().await.unwrap();
    assert!(r.headers().contains_key("x-request-id"), "every response carries a request id");
    let metrics = http.get(format!("http://{}/metrics", t.stack.ops_addr)).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("http_requests_total"), "{metrics}");
    let public = http.get(t.url("/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(!public.contains("http_requests_total"), "metrics only on the ops port");
}

#[tokio::test]
async fn paths_no_page_answers_are_404_with_the_app_and_its_locale_hosts() {
    // The web build's manifest of page paths (generated from the app's route table).
    let manifest = r#"{"pl": ["/", "/oferta/zabiegi/", "/oferta/zabiegi/:slug"],
        "de": ["/", "/angebot/behandlungen", "/angebot/behandlungen/:slug"],
        "en_GB": ["/", "/en", "/en/offer/treatments", "/en/offer/treatments/:slug"]}"#;
    let t = TestStack::start_with(|g| std::fs::write(g.web_dist.join("routes.json"), manifest).unwrap()).await;
    let http = client();
    let port = t.stack.http_addr.port();
    for (path, host, status, lang) in [
        ("/oferta/zabiegi/", None, 200, "pl"),
        ("/oferta/zabiegi", None, 200, "pl"),
        ("/oferta/zabiegi/masaz-goracymi-kamieniami", None, 200, "pl"),
        ("/oferta/zabiegi/nie-ma-takiego-zabiegu", None, 404, "pl"),
        ("/oferta/nie-ma-takiej-strony", None, 404, "pl"),
        ("/angebot/behandlungen", None, 404, "pl"),
        ("/angebot/behandlungen", Some("de.localhost"), 200, "de"),
        ("/oferta/zabiegi/", Some("de.localhost"), 404, "de"),
        ("/en/offer/treatments/hot-stone-massage", None, 200, "en-GB"),
        ("/en/no-such-page", None, 404, "en-GB"),
        ("/missing.js", None, 404, "pl"),
    ] {
        let mut req = http.get(t.url(path));
        if let Some(h) = host {
            req = req.header("host", format!("{h}:{port}"));
        }
        let r = req.send().await.unwrap();
        assert_eq!(r.status().as_u16(), status, "{path} on {host:?}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        let html = r.text().await.unwrap();
        assert!(html.contains(&format!("<html lang=\"{lang}\">")) && html.contains("<div id=\"root\">"), "{path}: {html}");
        // Where each language lives, seen from this request: its port kept.
        let main = if host.is_some() { format!("localhost:{port}") } else { format!("127.0.0.1:{port}") };
        let meta = format!("<meta name=\"locale-hosts\" content=\"pl={main},de=de.localhost:{port},en_GB={main}\"></head>");
        assert!(html.contains(&meta), "{path}: {html}");
    }
    // A product page's head, for readers that run no JavaScript: its title,
    // description, Open Graph and schema.org data, in the page's language.
    let html = http.get(t.url("/en/offer/treatments/hot-stone-massage")).send().await.unwrap().text().await.unwrap();
    let head = html.split("</head>").next().unwrap();
    assert!(
        head.contains("<title>Hot Stone Massage | Spa &amp; Wellness Guesthouse</title>") && !head.contains("<title>Spa</title>"),
        "{head}"
    );
    assert!(
        head.contains("<meta name=\"description\" content=\"")
            && head.contains("<meta property=\"og:type\" content=\"product\" data-head>"),
        "{head}"
    );
    let url = "http://localhost:8080/en/offer/treatments/hot-stone-massage";
    assert!(head.contains(&format!("<meta property=\"og:url\" content=\"{url}\" data-head>")), "{head}");
    assert!(head.contains(&format!("<link rel=\"canonical\" href=\"{url}\" data-head>")), "{head}");
    // The same product in the other languages, by its slug there.
    assert!(
        head.contains(
            "<link rel=\"alternate\" hreflang=\"pl\" href=\"http://localhost:8080/oferta/zabiegi/masaz-goracymi-kamieniami\" data-head>"
        ),
        "{head}"
    );
    let ld = head.split("<script type=\"application/ld+json\" data-head=\"product\" data-sku=\"TR_HOT_STONE\">").nth(1).expect("JSON-LD");
    let ld: Value = serde_json::from_str(ld.split("</script>").next().unwrap()).unwrap();
    assert_eq!(
        (ld["@type"].as_str(), ld["sku"].as_str(), ld["offers"]["priceCurrency"].as_str()),
        (Some("Product"), Some("TR_HOT_STONE"), Some("PLN"))
    );
    // The API carries the same data for the pages the app opens itself.
    let (_, product) = t.get("/shop-api/products/by-slug/hot-stone-massage?locale=en_GB").await;
    assert_eq!(product["structuredData"], ld);

    // Files and the API keep their own answers.
    assert_eq!(http.get(t.url("/media/default.svg")).send().await.unwrap().status().as_u16(), 200);
    let (status, body) = t.get("/shop-api/nothing-here").await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")));
}

/// The JSON-LD objects of a page's head, by their `@type`.
fn json_ld(head: &str, kind: &str) -> Option<Value> {
    head.split("<script type=\"application/ld+json\"")
        .skip(1)
        .filter_map(|s| serde_json::from_str::<Value>(&s[s.find('>')? + 1..s.find("</script>")?]).ok())
        .find(|v| v["@type"] == kind)
}

#[tokio::test]
async fn listing_content_and_room_pages_come_with_their_heads_for_readers_without_javascript() {
    // The listings' heads as the web build writes them (web/src/config/page-heads.ts).
    let heads = r#"{"pl": {"/oferta/zabiegi/": {"title": "Zabiegi", "description": "Masaże i rytuały.",
            "alternates": {"pl": "/oferta/zabiegi/", "de": "/angebot/behandlungen", "en_GB": "/en/offer/treatments"}},
          "/pensjonat/baza-noclegowa/": {"title": "Pokoje", "description": "Wygodne pokoje.",
            "alternates": {"pl": "/pensjonat/baza-noclegowa/", "de": "/pension/unterkunft", "en_GB": "/en/guesthouse/accomodation"}}},
        "de": {}, "en_GB": {}}"#;
    let t = TestStack::start_with(|g| std::fs::write(g.web_dist.join("heads.json"), heads).unwrap()).await;
    let http = client();
    let head = |path: &'static str| {
        let request = http.get(t.url(path));
        async move {
            let html = request.send().await.unwrap().text().await.unwrap();
            html.split("</head>").next().unwrap().to_owned()
        }
    };
    let origin = "http://localhost:8080";

    // A listing: its title and lead in the language, its address in every language, its crumbs.
    let listing = head("/oferta/zabiegi").await;
    assert!(listing.contains("<title>Zabiegi | Pensjonat Spa &amp; Wellness</title>"), "{listing}");
    assert!(listing.contains("<meta name=\"description\" content=\"Masaże i rytuały.\">"), "{listing}");
    assert!(listing.contains(&format!("<link rel=\"canonical\" href=\"{origin}/oferta/zabiegi/\" data-head>")), "{listing}");
    assert!(
        listing.contains(&format!("<link rel=\"alternate\" hreflang=\"en-GB\" href=\"{origin}/en/offer/treatments\" data-head>")),
        "{listing}"
    );
    assert!(
        listing.contains(&format!("<link rel=\"alternate\" hreflang=\"x-default\" href=\"{origin}/oferta/zabiegi/\" data-head>")),
        "{listing}"
    );
    assert!(listing.contains("<meta property=\"og:title\" content=\"Zabiegi\" data-head>"), "{listing}");
    let crumbs = json_ld(&listing, "BreadcrumbList").expect("crumbs");
    assert_eq!(crumbs["itemListElement"][0]["name"], "Strona główna");
    assert_eq!(crumbs["itemListElement"][1]["item"], format!("{origin}/oferta/zabiegi/"));

    // A room's page: the product's head, under the rooms' listing in its crumbs.
    let (_, rooms) = t.get("/shop-api/offer/room?locale=pl&limit=1").await;
    let room_path = rooms["items"][0]["links"]["self"].as_str().unwrap().to_owned();
    let room_name = rooms["items"][0]["name"].as_str().unwrap().to_owned();
    let html = http.get(t.url(&room_path)).send().await.unwrap().text().await.unwrap();
    let room = html.split("</head>").next().unwrap();
    assert!(room.contains(&format!("<link rel=\"canonical\" href=\"{origin}{room_path}\" data-head>")), "{room}");
    assert_eq!(json_ld(room, "Product").expect("product")["name"], room_name.as_str());
    let names: Vec<Value> =
        json_ld(room, "BreadcrumbList").expect("crumbs")["itemListElement"].as_array().unwrap().iter().map(|i| i["name"].clone()).collect();
    assert_eq!(names, [json!("Strona główna"), json!("Pokoje"), json!(room_name)]);

    // A content page: its title and description from the content service, the page in every language.
    let (_, regulations) = t.get("/shop-api/pages?locale=pl&url=/regulamin").await;
    let page = head("/regulamin").await;
    let title = regulations["title"].as_str().unwrap().replace('&', "&amp;");
    assert!(page.contains(&format!("<title>{title} | Pensjonat Spa &amp; Wellness</title>")), "{page}");
    assert!(page.contains(&format!("<link rel=\"canonical\" href=\"{origin}/regulamin\" data-head>")), "{page}");
    assert!(page.contains(&format!("<link rel=\"alternate\" hreflang=\"en-GB\" href=\"{origin}/en/regulations\" data-head>")), "{page}");
    assert!(json_ld(&page, "BreadcrumbList").is_some() && json_ld(&page, "Hotel").is_none(), "{page}");

    // The contact page and the home page describe the guesthouse: the settings' name, address and place.
    let (_, house) = t.get("/shop-api/guesthouse?locale=pl").await;
    let contact = head("/kontakt").await;
    let hotel = json_ld(&contact, "Hotel").expect("hotel");
    assert_eq!(hotel["name"], house["name"], "{hotel}");
    assert_eq!(hotel["address"]["streetAddress"], house["street"], "{hotel}");
    assert!(hotel["geo"]["latitude"].as_f64().is_some(), "{hotel}");
    let home = head("/").await;
    assert!(json_ld(&home, "Hotel").is_some() && json_ld(&home, "BreadcrumbList").is_none(), "{home}");

    // Pages of no service's (the basket) keep the app's own head.
    let basket = head("/basket/items").await;
    assert!(!basket.contains("data-head"), "{basket}");
}

#[tokio::test]
async fn openapi_documents_every_route_and_every_documented_route_exists() {
    let t = TestStack::start().await;
    let (status, doc) = t.get("/shop-api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    let routed = [
        ("get", "/shop-api/offer/{type}"),
        ("get", "/shop-api/rooms/search"),
        ("post", "/shop-api/rooms/search"),
        ("get", "/shop-api/rooms/availability"),
        ("post", "/shop-api/carts/{token}"),
        ("get", "/shop-api/carts/{token}"),
        ("delete", "/shop-api/carts/{token}"),
        ("post", "/shop-api/carts/{token}/items"),
        ("post", "/shop-api/carts/{token}/items/{id}/children-items"),
        ("put", "/shop-api/carts/{token}/items/{id}"),
        ("delete", "/shop-api/carts/{token}/items/{id}"),
        ("put", "/shop-api/carts/{token}/items/{id}/voucher"),
        ("delete", "/shop-api/carts/{token}/items/{id}/voucher"),
        ("get", "/shop-api/carts/{token}/items/{id}/associations/{kind}/default"),
        ("get", "/shop-api/visitor/cart"),
        ("get", "/shop-api/checkout/{token}/start"),
        ("put", "/shop-api/checkout/{token}/address"),
        ("get", "/shop-api/checkout/{token}/vouchers"),
        ("put", "/shop-api/checkout/{token}/vouchers/{index}"),
        ("get", "/shop-api/checkout/{token}/shipping"),
        ("put", "/shop-api/checkout/{token}/shipping/{id}"),
        ("get", "/shop-api/checkout/{token}/payment"),
        ("put", "/shop-api/checkout/{token}/payment/{id}"),
        ("put", "/shop-api/checkout/{token}/complete"),
        ("get", "/shop-api/me"),
        ("post", "/shop-api/me"),
        ("post", "/shop-api/register"),
        ("post", "/shop-api/login_check"),
        ("post", "/shop-api/logout"),
        ("get", "/shop-api/auth/providers"),
        ("post", "/shop-api/verify-account"),
        ("post", "/shop-api/password-reset"),
        ("post", "/shop-api/password-reset/{token}"),
        ("put", "/shop-api/me"),
        ("put", "/shop-api/me/password"),
        ("get", "/shop-api/me/orders"),
        ("post", "/shop-api/newsletter/subscribe"),
        ("post", "/shop-api/newsletter/confirm"),
        ("post", "/shop-api/newsletter/unsubscribe"),
        ("post", "/shop-api/contact/product-questions"),
        ("get", "/shop-api/poll"),
        ("post", "/shop-api/poll/votes"),
        ("get", "/shop-api/weather"),
        ("get", "/shop-api/pages"),
        ("get", "/shop-api/backend/blocks/{id}"),
        ("put", "/shop-api/backend/blocks/{id}"),
        ("post", "/shop-api/backend/blocks/{id}/revisions/{revision}/restore"),
        ("post", "/shop-api/backend/slides"),
        ("delete", "/shop-api/backend/slides/{id}"),
        ("get", "/shop-api/backend/channels"),
        ("post", "/shop-api/backend/channels"),
        ("get", "/shop-api/backend/channels/{id}"),
        ("put", "/shop-api/backend/channels/{id}"),
        ("delete", "/shop-api/backend/channels/{id}"),
        ("post", "/shop-api/backend/channels/{id}/sync"),
        ("get", "/ical/{token}.ics"),
        ("get", "/shop-api/backend/orders/{bookingCode}"),
        ("post", "/shop-api/backend/orders/{bookingCode}/bank-transfers"),
        ("post", "/shop-api/backend/orders/{bookingCode}/rest-payments"),
        ("post", "/shop-api/backend/orders/{bookingCode}/payments"),
        ("get", "/shop-api/backend/orders/{bookingCode}/cancellation"),
        ("post", "/shop-api/backend/orders/{bookingCode}/cancellation"),
        ("get", "/shop-api/backend/orders/{bookingCode}/items/{id}/stay"),
        ("get", "/shop-api/backend/orders/{bookingCode}/mails"),
        ("get", "/shop-api/backend/room-types/{code}/nights"),
        ("put", "/shop-api/backend/room-types/{code}/nights"),
        ("get", "/shop-api/backend/room-types/{code}"),
        ("put", "/shop-api/backend/room-types/{code}"),
        ("get", "/shop-api/backend/seasons"),
        ("put", "/shop-api/backend/seasons"),
        ("get", "/shop-api/backend/settings/checkout"),
        ("put", "/shop-api/backend/settings/checkout"),
        ("get", "/shop-api/backend/settings/payments"),
        ("put", "/shop-api/backend/settings/payments"),
        ("post", "/shop-api/backend/settings/payments/test"),
        ("get", "/shop-api/backend/settings/mail"),
        ("post", "/shop-api/backend/settings/mail/test"),
        ("get", "/shop-api/backend/settings/guesthouse"),
        ("put", "/shop-api/backend/settings/guesthouse"),
        ("get", "/shop-api/guesthouse"),
        ("get", "/shop-api/backend/products"),
        ("post", "/shop-api/backend/products"),
        ("get", "/shop-api/backend/products/{code}"),
        ("put", "/shop-api/backend/products/{code}"),
        ("post", "/shop-api/backend/products/{code}/images"),
        ("delete", "/shop-api/backend/products/{code}/images"),
        ("put", "/shop-api/backend/orders/{bookingCode}/items/{id}/treatments"),
        ("post", "/shop-api/backend/orders/{bookingCode}/items/{id}/treatments/quote"),
        ("put", "/shop-api/backend/orders/{bookingCode}/items/{id}/stay"),
        ("get", "/shop-api/backend/staff"),
        ("post", "/shop-api/backend/staff"),
        ("put", "/shop-api/backend/staff/{id}"),
        ("get", "/shop-api/backend/refunds"),
        ("put", "/shop-api/backend/refunds/{paymentId}"),
        ("get", "/shop-api/backend/board"),
        ("get", "/shop-api/backend/bookings"),
        ("get", "/shop-api/backend/arrivals"),
        ("get", "/shop-api/openapi.json"),
        ("get", "/shop-api/products/{code}"),
        ("get", "/shop-api/products/by-slug/{slug}"),
        ("get", "/shop-api/products/{code}/associations/{type}"),
        ("get", "/shop-api/taxons/"),
        ("get", "/shop-api/taxons/{code}"),
        ("post", "/shop-api/packages/{code}/estimated-cost"),
    ];
    let documented: Vec<(String, String)> = paths
        .iter()
        .flat_map(|(p, ops)| ops.as_object().unwrap().keys().filter(|m| m.as_str() != "parameters").map(move |m| (m.clone(), p.clone())))
        .collect();
    for (m, p) in routed {
        assert!(documented.contains(&(m.to_owned(), p.to_owned())), "{m} {p} is not documented");
    }
    assert_eq!(documented.len(), routed.len(), "documented operations: {documented:?}");
    // Each documented operation answers something other than the catch-all 404.
    for (m, p) in &documented {
        let url = t.url(
            &p.replace("{type}", "treatment")
                .replace("{token}", "abcdefghijklmnop1234")
                .replace("{code}", "TR_HOT_STONE")
                .replace("{slug}", "x")
                .replace("{id}", "1")
                .replace("{kind}", "packages"),
        );
        let r = t
            .http
            .request(m.to_uppercase().parse().unwrap(), url)
            .header("content-type", "application/json")
            .body("{}")
            .send()
            .await
            .unwrap();
        let (_, body) = json(r).await;
        assert_ne!(body["message"], "no such API endpoint", "{m} {p}");
    }
}

#[tokio::test]
async fn a_service_that_is_down_gives_503_quickly() {
    let t = TestStack::start().await;
    // Point the gateway at a port where nothing listens (nor can: it is
    // reserved), and at a peer that accepts connections but never answers
    // (deadline).
    let dead = spa_platform::testkit::ReservedPort::new();
    let dead_addr = dead.addr();
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let silent_addr = silent.local_addr().unwrap();
    let _keep = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((s, _)) = silent.accept().await {
            held.push(s);
        }
    });
    for addr in [dead_addr, silent_addr] {
        let mut config = spa_gateway::GatewayConfig::from_env().unwrap();
        config.peers = t.stack.peers.clone();
        config.peers.catalog = format!("http://{addr}");
        config.peers.timeout = Duration::from_millis(500);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let shutdown = tokio_util::sync::CancellationToken::new();
        let state = spa_gateway::AppState::new(config).unwrap();
        tokio::spawn(spa_gateway::serve(listener, state, spa_gateway::always_ready(), shutdown.clone()));
        let started = Instant::now();
        let r = client().get(format!("{base}/shop-api/offer/treatment")).send().await.unwrap();
        let elapsed = started.elapsed();
        assert_eq!(r.headers().get("retry-after").map(|v| v.to_str().unwrap().to_owned()).as_deref(), Some("1"));
        let (status, body) = json(r).await;
        assert_eq!((status, body["code"].as_str()), (503, Some("service_unavailable")), "{addr}: {body}");
        assert!(elapsed < Duration::from_secs(5), "no hang: {elapsed:?}");
        // Other services still answer through the same gateway.
        let (status, _) = json(client().get(format!("{base}/shop-api/carts/abcdefghijklmnop1234")).send().await.unwrap()).await;
        assert_eq!(status, 404);
        shutdown.cancel();
    }
}
