//! The back office's offers: an administrator puts a treatment on
//! promotion, hides and shows it, creates one in three languages, counts a
//! product's stock (sold out: not addable; an order takes from it once);
//! guests' listings and pages follow at once; the front desk and guests may
//! not; bad changes are named; every change is kept with who made it.

use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::{Visitor, guest};
use crate::staff::as_staff;
use crate::support::{TestStack, eventually};

/// Waits until the listing of `kind` in `locale` shows `code` as `want` says
/// (the change's event reached every cache); the item, if listed.
async fn listed_as(t: &TestStack, kind: &str, code: &str, locale: &str, want: impl Fn(Option<&Value>) -> bool) -> Option<Value> {
    eventually(&format!("{code} in the {kind} listing ({locale})"), || async {
        let item = listed(t, kind, code, locale).await;
        want(item.as_ref()).then_some(item)
    })
    .await
}

/// The listing item of `code` among the offers of `kind` in `locale`, if listed.
async fn listed(t: &TestStack, kind: &str, code: &str, locale: &str) -> Option<Value> {
    let (status, page) = t.get(&format!("/shop-api/offer/{kind}?limit=1000&locale={locale}")).await;
    assert_eq!(status, 200, "{page}");
    page["items"].as_array().unwrap().iter().find(|i| i["code"] == code).cloned()
}

#[tokio::test]
async fn an_administrator_edits_creates_hides_and_counts_offers_and_guests_see_it_at_once() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let cookie = |token: &str| Some(format!("spa_session={token}"));
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let admin = t.session_of("c-4", "admin@example.pl", "customer,admin").await;
    let url = |path: &str| t.url(&format!("/shop-api/backend/products{path}"));
    let call = |method: Method, path: &str, who: Option<String>, body: Value| as_staff(&t.http, method, url(path), who, body);

    // Who may.
    assert_eq!(call(Method::GET, "", None, Value::Null).await.0, 401);
    assert_eq!(call(Method::GET, "/TR_HOT_STONE", cookie(&reception), Value::Null).await.0, 403);

    // Every offer, in every language.
    let (status, list) = call(Method::GET, "?type=treatment&locale=en_GB", cookie(&admin), Value::Null).await;
    assert_eq!(status, 200, "{list}");
    let hot = list["items"].as_array().unwrap().iter().find(|i| i["code"] == "TR_HOT_STONE").expect("listed").clone();
    assert_eq!((hot["published"].as_bool(), hot["missingLocales"].as_array().map(Vec::len)), (Some(true), Some(0)), "{hot}");
    let (status, editor) = call(Method::GET, "/TR_HOT_STONE", cookie(&admin), Value::Null).await;
    assert_eq!(status, 200, "{editor}");
    assert_eq!(editor["translations"]["de"]["slug"], "hot-stone-massage");
    assert_eq!((editor["price"].as_i64(), editor["originalPrice"].as_i64()), (Some(18000), Some(20000)));

    // A deeper promotion: the listing shows both prices at once.
    let mut change = editor.clone();
    for field in ["code", "type", "mainTaxon", "taxons", "images", "updatedAt", "updatedBy"] {
        change.as_object_mut().unwrap().remove(field);
    }
    change["stockWas"] = editor["stock"].clone();
    change["price"] = json!(15000);
    change["originalPrice"] = json!(20000);
    let (status, saved) = call(Method::PUT, "/TR_HOT_STONE", cookie(&admin), change.clone()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["updatedBy"], "admin@example.pl");
    let card = listed_as(&t, "treatment", "TR_HOT_STONE", "pl", |i| i.is_some_and(|i| i["price"]["current"] == 15000)).await.unwrap();
    assert_eq!(card["isPromotion"].as_bool(), Some(true), "{card}");

    // Hidden: gone from the listing and its page; shown again.
    change["published"] = json!(false);
    assert_eq!(call(Method::PUT, "/TR_HOT_STONE", cookie(&admin), change.clone()).await.0, 200);
    listed_as(&t, "treatment", "TR_HOT_STONE", "pl", |i| i.is_none()).await;
    eventually("the hidden product's page gone", || async { (t.get("/shop-api/products/TR_HOT_STONE").await.0 == 404).then_some(()) })
        .await;
    change["published"] = json!(true);
    assert_eq!(call(Method::PUT, "/TR_HOT_STONE", cookie(&admin), change.clone()).await.0, 200);
    listed_as(&t, "treatment", "TR_HOT_STONE", "pl", |i| i.is_some()).await;

    // Wrong changes are named.
    let mut cheap = change.clone();
    cheap["originalPrice"] = json!(14000);
    let answer = call(Method::PUT, "/TR_HOT_STONE", cookie(&admin), cheap).await;
    assert_eq!(
        (answer.0, answer.1["code"].as_str(), answer.1["errors"][0]["field"].as_str()),
        (422, Some("invalid_product"), Some("originalPrice"))
    );
    let mut slug = change.clone();
    slug["translations"]["de"]["slug"] = json!("Hot Stone");
    let answer = call(Method::PUT, "/TR_HOT_STONE", cookie(&admin), slug).await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (422, Some("translations.de.slug")), "{}", answer.1);
    let mut taken = change.clone();
    taken["translations"]["de"]["slug"] = json!("honigmassage");
    let answer = call(Method::PUT, "/TR_HOT_STONE", cookie(&admin), taken).await;
    assert_eq!(
        (answer.0, answer.1["code"].as_str(), answer.1["errors"][0]["field"].as_str()),
        (409, Some("slug_taken"), Some("translations.de.slug"))
    );
    // Another product's slug in another language is taken too: a page without texts in a language is found by its Polish slug.
    let mut across = change.clone();
    across["translations"]["en_GB"]["slug"] = json!("honigmassage");
    let answer = call(Method::PUT, "/TR_HOT_STONE", cookie(&admin), across).await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (409, Some("translations.en_GB.slug")), "{}", answer.1);
    let mut no_polish = change.clone();
    no_polish["translations"]["pl"] = Value::Null;
    assert_eq!(call(Method::PUT, "/TR_HOT_STONE", cookie(&admin), no_polish).await.1["errors"][0]["field"], "translations.pl");
    assert_eq!(call(Method::GET, "/TR_NOWHERE", cookie(&admin), Value::Null).await.0, 404);

    // A new treatment in three languages, published: listed in each, named in each.
    let texts = |name: &str, slug: &str| json!({"name": name, "slug": slug, "description": "", "metaTitle": "", "metaDescription": ""});
    let new = json!({
        "code": "TR_ZEN_RITUAL", "type": "treatment", "mainTaxon": "massages", "published": true,
        "translations": {"pl": texts("Rytuał zen", "rytual-zen"), "de": texts("Zen-Ritual", "zen-ritual"), "en_GB": texts("Zen ritual", "zen-ritual")},
        "price": 21000, "originalPrice": null, "stock": null, "durationMinutes": 75, "ageRestriction": false,
        "availableFrom": null, "availableTo": null
    });
    let (status, created) = call(Method::POST, "", cookie(&admin), new.clone()).await;
    assert_eq!(status, 201, "{created}");
    for (locale, name) in [("pl", "Rytuał zen"), ("de", "Zen-Ritual"), ("en_GB", "Zen ritual")] {
        listed_as(&t, "treatment", "TR_ZEN_RITUAL", locale, |i| i.is_some_and(|i| i["name"] == name)).await;
    }
    let again = call(Method::POST, "", cookie(&admin), new.clone()).await;
    assert_eq!((again.0, again.1["code"].as_str()), (409, Some("product_exists")));
    let mut no_taxon = new.clone();
    no_taxon["code"] = json!("TR_ZEN_TWO");
    no_taxon["mainTaxon"] = json!("nowhere");
    no_taxon["translations"] = json!({"pl": texts("Drugi", "drugi"), "de": null, "en_GB": null});
    let answer = call(Method::POST, "", cookie(&admin), no_taxon).await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (422, Some("mainTaxon")), "{}", answer.1);

    // A product counts its stock: sold out is shown and not addable.
    let (_, tea) = call(Method::GET, "/PR_HERBAL_TEA", cookie(&admin), Value::Null).await;
    let mut tea_change = tea.clone();
    for field in ["code", "type", "mainTaxon", "taxons", "images", "updatedAt", "updatedBy"] {
        tea_change.as_object_mut().unwrap().remove(field);
    }
    tea_change["stockWas"] = Value::Null;
    tea_change["stock"] = json!(0);
    assert_eq!(call(Method::PUT, "/PR_HERBAL_TEA", cookie(&admin), tea_change.clone()).await.0, 200);
    listed_as(&t, "product", "PR_HERBAL_TEA", "pl", |i| i.is_some_and(|i| i["soldOut"] == true)).await;
    let tea_line = json!({"type": "product", "productCode": "PR_HERBAL_TEA", "quantity": 1});
    // Each try in a new basket: the cart reads the product again once the change's event reaches it.
    eventually("a sold-out product refused", || async {
        let refused = Visitor::new(&t.http, &t.base).await.add(tea_line.clone()).await;
        (refused.0 == 409 && refused.1["code"] == "product_unavailable").then_some(())
    })
    .await;

    // Two left; an order of one takes one, once.
    tea_change["stockWas"] = json!(0);
    tea_change["stock"] = json!(2);
    assert_eq!(call(Method::PUT, "/PR_HERBAL_TEA", cookie(&admin), tea_change.clone()).await.0, 200);
    listed_as(&t, "product", "PR_HERBAL_TEA", "pl", |i| i.is_some_and(|i| i["soldOut"] == false)).await;
    let v = eventually("the product addable again", || async {
        let v = Visitor::new(&t.http, &t.base).await;
        (v.add(tea_line.clone()).await.0 == 201).then_some(v)
    })
    .await;
    assert_eq!(v.step(Method::PUT, "address", guest()).await.0, 200);
    assert_eq!(v.step(Method::PUT, "payment/0", json!({"method": "bank_transfer"})).await.0, 200);
    assert_eq!(v.complete(Some("stock-1")).await.0, 200);
    eventually("the order took one", || async {
        let (_, tea) = call(Method::GET, "/PR_HERBAL_TEA", cookie(&admin), Value::Null).await;
        (tea["stock"] == 1).then_some(())
    })
    .await;
    // Taken for the order before it was placed, then kept by its event: once.
    eventually("the order's stock kept", || async {
        let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_holds WHERE expires_at = 0")
            .fetch_one(t.stack.db("catalog").pool())
            .await
            .unwrap();
        (kept == 1).then_some(())
    })
    .await;

    // A save from an editor opened before the order never puts its unit back.
    let mut stale = tea_change.clone();
    stale["stockWas"] = json!(2);
    stale["stock"] = json!(5);
    let answer = call(Method::PUT, "/PR_HERBAL_TEA", cookie(&admin), stale).await;
    assert_eq!((answer.0, answer.1["code"].as_str(), answer.1["errors"][0]["field"].as_str()), (409, Some("stock_changed"), Some("stock")));
    let (_, tea) = call(Method::GET, "/PR_HERBAL_TEA", cookie(&admin), Value::Null).await;
    assert_eq!(tea["stock"], 1);
    let mut missing = tea_change.clone();
    missing.as_object_mut().unwrap().remove("stockWas");
    assert_eq!(call(Method::PUT, "/PR_HERBAL_TEA", cookie(&admin), missing).await.1["errors"][0]["field"], "stockWas");

    // Every change kept, with who made it (after the demo's own creation).
    let kept: Vec<(String, String)> =
        sqlx::query_as("SELECT product_code, staff FROM product_changes WHERE staff <> 'demo data' ORDER BY at")
            .fetch_all(t.stack.db("catalog").pool())
            .await
            .unwrap();
    assert_eq!(kept.iter().filter(|(c, _)| c == "TR_HOT_STONE").count(), 3);
    assert!(kept.iter().all(|(_, staff)| staff == "admin@example.pl"));
}

#[tokio::test]
async fn a_promotion_runs_between_its_dates_and_guests_see_the_day_it_starts_and_ends() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let admin = Some(format!("spa_session={}", t.session_of("c-4", "admin@example.pl", "customer,admin").await));
    let url = t.url("/shop-api/backend/products/TR_HOT_STONE");
    let (_, editor) = as_staff(&t.http, Method::GET, url.clone(), admin.clone(), Value::Null).await;
    let mut change = editor.clone();
    for field in ["code", "type", "mainTaxon", "taxons", "images", "updatedAt", "updatedBy"] {
        change.as_object_mut().unwrap().remove(field);
    }
    change["stockWas"] = editor["stock"].clone();
    let day = |n: i64| (t.stack.clock.today() + chrono::Duration::days(n)).format("%Y-%m-%d").to_string();

    // Promotion dates without a promotion mean nothing.
    let mut pointless = change.clone();
    (pointless["originalPrice"], pointless["promotionFrom"]) = (Value::Null, json!(day(1)));
    let answer = as_staff(&t.http, Method::PUT, url.clone(), admin.clone(), pointless).await;
    assert_eq!((answer.0, answer.1["errors"][0]["field"].as_str()), (422, Some("promotionFrom")), "{}", answer.1);

    // Tomorrow and the day after: today it sells at its original price, nothing struck.
    (change["price"], change["originalPrice"]) = (json!(15000), json!(20000));
    (change["promotionFrom"], change["promotionTo"]) = (json!(day(1)), json!(day(2)));
    let (status, saved) = as_staff(&t.http, Method::PUT, url.clone(), admin.clone(), change).await;
    assert_eq!((status, saved["promotionFrom"].as_str()), (200, Some(day(1).as_str())), "{saved}");
    let card = listed_as(&t, "treatment", "TR_HOT_STONE", "pl", |i| i.is_some_and(|i| i["price"]["current"] == 20000)).await.unwrap();
    assert_eq!((card["isPromotion"].as_bool(), card["price"]["original"].as_i64()), (Some(false), Some(20000)), "{card}");
    let (_, page) = t.get("/shop-api/products/TR_HOT_STONE").await;
    assert_eq!(page["price"]["current"], 20000, "its page too: {page}");

    // The day it starts, with no change and no event: the cached listings do not hold it back.
    t.advance(std::time::Duration::from_secs(86_400));
    let card = listed(&t, "treatment", "TR_HOT_STONE", "pl").await.unwrap();
    assert_eq!((card["price"]["current"].as_i64(), card["isPromotion"].as_bool()), (Some(15000), Some(true)), "{card}");
    assert_eq!(t.get("/shop-api/products/TR_HOT_STONE").await.1["price"]["current"], 15000);
    let v = Visitor::new(&t.http, &t.base).await;
    let (status, cart) = v.add(json!({"type": "treatment", "productCode": "TR_HOT_STONE"})).await;
    assert_eq!((status, cart["totals"]["total"].as_i64()), (201, Some(15000)), "{cart}");
    // The day after it ends: the original price again, in the listing and in a basket priced before.
    t.advance(std::time::Duration::from_secs(2 * 86_400));
    let card = listed(&t, "treatment", "TR_HOT_STONE", "pl").await.unwrap();
    assert_eq!((card["price"]["current"].as_i64(), card["isPromotion"].as_bool()), (Some(20000), Some(false)), "{card}");
    let (_, cart) = v.send(Method::GET, &format!("/shop-api/carts/{}", v.token), Value::Null).await;
    assert_eq!(cart["totals"]["total"].as_i64(), Some(20000), "the cart's cached catalog answers end with the day: {cart}");
}

#[tokio::test]
async fn a_room_the_administrator_hides_is_not_offered_to_guests() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let admin = Some(format!("spa_session={}", t.session_of("c-4", "admin@example.pl", "customer,admin").await));
    let room = "ROOM_STANDARD_DOUBLE";
    let (from, to) = crate::support::stay(50, 2);
    let search = format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&children=0&babies=0");
    let offered = |page: &Value| page["items"].as_array().is_some_and(|rooms| rooms.iter().any(|r| r["code"] == room));
    let (status, page) = t.get(&search).await;
    assert!(status == 200 && offered(&page), "{page}");

    let url = t.url(&format!("/shop-api/backend/products/{room}"));
    let (_, editor) = as_staff(&t.http, Method::GET, url.clone(), admin.clone(), Value::Null).await;
    let mut change = editor.clone();
    for field in ["code", "type", "mainTaxon", "taxons", "images", "updatedAt", "updatedBy"] {
        change.as_object_mut().unwrap().remove(field);
    }
    (change["stockWas"], change["published"]) = (editor["stock"].clone(), json!(false));
    assert_eq!(as_staff(&t.http, Method::PUT, url, admin, change).await.0, 200);
    eventually("the hidden room gone from the search", || async {
        let (status, page) = t.get(&search).await;
        (status == 200 && !offered(&page)).then_some(())
    })
    .await;
}

/// A PNG of `width` × `height` pixels.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(width, height, image::Rgb([90, 140, 110])));
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

#[tokio::test]
async fn an_administrator_uploads_a_picture_that_guests_see_in_the_listing_and_removes_it() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let admin = t.session_of("c-4", "admin@example.pl", "customer,admin").await;
    let reception = t.session_of("c-3", "recepcja@example.pl", "customer,reception").await;
    let upload = |who: &str, kind: &str, body: Vec<u8>| {
        t.http
            .post(t.url("/shop-api/backend/products/TR_SALT_SCRUB/images?locale=en_GB"))
            .header("x-requested-with", "XMLHttpRequest")
            .header("cookie", format!("spa_session={who}"))
            .header("content-type", kind)
            .body(body)
            .send()
    };
    let code = |r: &(u16, Value)| (r.0, r.1["code"].as_str().map(str::to_owned), r.1["errors"][0]["field"].as_str().map(str::to_owned));

    // Who may, and what is refused.
    assert_eq!(crate::support::json(upload(&reception, "image/png", png(800, 600)).await.unwrap()).await.0, 403);
    let text = crate::support::json(upload(&admin, "text/plain", b"hello".to_vec()).await.unwrap()).await;
    assert_eq!(code(&text), (415, Some("unsupported_media_type".into()), None));
    let fake = crate::support::json(upload(&admin, "image/png", b"not a picture at all".to_vec()).await.unwrap()).await;
    assert_eq!(code(&fake), (422, Some("invalid_picture".into()), Some("file".into())), "{}", fake.1);
    let small = crate::support::json(upload(&admin, "image/png", png(640, 480)).await.unwrap()).await;
    assert_eq!(code(&small), (422, Some("invalid_picture".into()), Some("file".into())));
    let huge = crate::support::json(upload(&admin, "image/jpeg", vec![0xFF; 8 * 1024 * 1024 + 1]).await.unwrap()).await;
    assert_eq!(huge.0, 413, "{}", huge.1);

    // The demo picture is in the picture store like any other, and can go.
    let remove = |path: &str| {
        as_staff(
            &t.http,
            Method::DELETE,
            t.url(&format!("/shop-api/backend/products/TR_SALT_SCRUB/images?path={path}")),
            Some(format!("spa_session={admin}")),
            Value::Null,
        )
    };
    let (status, before) = as_staff(
        &t.http,
        Method::GET,
        t.url("/shop-api/backend/products/TR_SALT_SCRUB"),
        Some(format!("spa_session={admin}")),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200, "{before}");
    let demo = before["images"][0].as_str().unwrap().to_owned();
    assert!(demo.starts_with("/pictures/TR_SALT_SCRUB/") && demo.ends_with("-page.svg"), "{before}");
    let r = t.http.get(t.url(&demo)).send().await.unwrap();
    assert_eq!((r.status().as_u16(), r.headers()["content-type"].to_str().unwrap()), (200, "image/svg+xml"));
    let (status, without) = remove(&demo).await;
    assert_eq!((status, without["images"].as_array().map(Vec::len)), (200, Some(0)), "{without}");
    assert_eq!(t.http.get(t.url(&demo)).send().await.unwrap().status(), 404);

    // A picture: kept in two sizes, first on the card, served as JPEG for a year.
    let (status, saved) = crate::support::json(upload(&admin, "image/png", png(2000, 1000)).await.unwrap()).await;
    assert_eq!(status, 200, "{saved}");
    let page_path = saved["images"][0].as_str().expect("the uploaded picture listed").to_owned();
    assert!(page_path.starts_with("/pictures/TR_SALT_SCRUB/") && page_path.ends_with("-page.jpg"), "{page_path}");
    let card = listed_as(&t, "treatment", "TR_SALT_SCRUB", "pl", |i| i.is_some_and(|i| i["images"][0]["path"] == page_path.as_str()))
        .await
        .unwrap();
    let listing_path = card["images"][0]["thumbnails"]["default_listing"].as_str().unwrap().to_owned();
    assert!(listing_path.ends_with("-listing.jpg"), "{card}");
    for (path, size) in [(&page_path, (1600, 800)), (&listing_path, (800, 600))] {
        let r = t.http.get(t.url(path)).send().await.unwrap();
        assert_eq!(r.status(), 200, "{path}");
        assert_eq!(r.headers()["content-type"], "image/jpeg");
        assert!(r.headers()["cache-control"].to_str().unwrap().contains("immutable"));
        let bytes = r.bytes().await.unwrap();
        let got = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format().unwrap().into_dimensions().unwrap();
        assert_eq!(got, size, "{path}");
    }
    assert_eq!(t.http.get(t.url("/pictures/TR_SALT_SCRUB/00000000000000000000000000000000-page.jpg")).send().await.unwrap().status(), 404);
    assert_eq!(t.http.get(t.url("/pictures/TR_SALT_SCRUB/..%2F..%2Fcatalog.db")).send().await.unwrap().status(), 404);

    // Removed: no picture (the shop's placeholder), the files gone.
    let (status, after) = remove(&page_path).await;
    assert_eq!((status, after["images"].as_array().map(Vec::len)), (200, Some(0)), "{after}");
    assert_eq!(remove(&page_path).await.0, 404);
    assert_eq!(t.http.get(t.url(&page_path)).send().await.unwrap().status(), 404);
}

/// The product's editor answer, as an administrator (`who`) reads it.
async fn editor_of(t: &TestStack, who: Option<String>, code: &str) -> Value {
    let (status, editor) = as_staff(&t.http, Method::GET, t.url(&format!("/shop-api/backend/products/{code}")), who, Value::Null).await;
    assert_eq!(status, 200, "{editor}");
    editor
}

#[tokio::test]
async fn an_administrator_sets_categories_related_offers_and_a_vouchers_options_that_guests_see() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let admin = Some(format!("spa_session={}", t.session_of("c-4", "admin@example.pl", "customer,admin").await));
    let url = |code: &str| t.url(&format!("/shop-api/backend/products/{code}"));
    let editor = |code: &'static str| editor_of(&t, admin.clone(), code);
    // The editor's answer as a change: what it shows, sent back.
    let change_of = |editor: &Value| {
        let mut change = editor.clone();
        for field in ["code", "type", "mainTaxon", "images", "updatedAt", "updatedBy"] {
            change.as_object_mut().unwrap().remove(field);
        }
        if change["voucherValues"].is_null() {
            change.as_object_mut().unwrap().remove("voucherValues");
        }
        change["stockWas"] = editor["stock"].clone();
        change
    };
    let put = |code: &'static str, body: Value| as_staff(&t.http, Method::PUT, url(code), admin.clone(), body);
    let refused = |r: (u16, Value)| {
        (r.0, r.1["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap().to_owned()).collect::<Vec<_>>())
    };

    // A treatment's categories and the offers shown with it.
    let hot = editor("TR_HOT_STONE").await;
    assert_eq!(hot["taxons"], json!(["massages"]));
    assert_eq!(hot["related"].as_array().map(Vec::len), Some(6), "{hot}");
    assert!(hot["voucherValues"].is_null());
    let mut change = change_of(&hot);
    change["taxons"] = json!(["massages", "water-and-sauna"]);
    change["related"] = json!(["PR_ARNICA_MASSAGE_OIL", "TR_SAUNA_RITUAL"]);
    let (status, saved) = put("TR_HOT_STONE", change.clone()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!((saved["taxons"].clone(), saved["related"].clone()), (change["taxons"].clone(), change["related"].clone()));
    eventually("the treatment under its new category, the related offers in their order", || async {
        let (_, sauna) = t.get("/shop-api/offer/treatment?limit=1000&taxon[]=water-and-sauna").await;
        let listed = sauna["items"].as_array().unwrap().iter().any(|i| i["code"] == "TR_HOT_STONE");
        let (_, related) = t.get("/shop-api/products/TR_HOT_STONE/associations/related").await;
        let codes: Vec<&str> = related["items"].as_array().unwrap().iter().map(|i| i["code"].as_str().unwrap()).collect();
        (listed && codes == ["PR_ARNICA_MASSAGE_OIL", "TR_SAUNA_RITUAL"]).then_some(())
    })
    .await;

    // Left as they are when absent; every wrong one named.
    let mut plain = change_of(&saved);
    plain.as_object_mut().unwrap().remove("taxons");
    plain.as_object_mut().unwrap().remove("related");
    let (status, kept) = put("TR_HOT_STONE", plain.clone()).await;
    assert_eq!((status, kept["taxons"].as_array().map(Vec::len), kept["related"].as_array().map(Vec::len)), (200, Some(2), Some(2)));
    let mut wrong = plain.clone();
    wrong["taxons"] = json!(["massages", "no-such-category", "massages"]);
    wrong["related"] = json!(["TR_SAUNA_RITUAL", "TR_HOT_STONE", "NO_SUCH_OFFER"]);
    wrong["voucherValues"] = json!([10000]);
    assert_eq!(
        refused(put("TR_HOT_STONE", wrong).await),
        (422, ["taxons[2]", "voucherValues", "taxons[1]", "related[1]", "related[2]"].map(str::to_owned).to_vec())
    );
    let mut many = plain.clone();
    many["related"] = json!(vec!["TR_SAUNA_RITUAL"; 21]);
    assert_eq!(refused(put("TR_HOT_STONE", many).await), (400, vec!["related".to_owned()]));

    // A gift voucher's price options: guests choose from them.
    let voucher = editor("VC_AMOUNT").await;
    assert_eq!(voucher["voucherValues"], json!([10000, 20000, 30000, 50000, 100000]));
    let mut options = change_of(&voucher);
    options["voucherValues"] = json!([20000, 10000]);
    assert_eq!(refused(put("VC_AMOUNT", options.clone()).await), (422, vec!["voucherValues[1]".to_owned()]));
    options["voucherValues"] = json!([15000, 25000]);
    let (status, saved) = put("VC_AMOUNT", options).await;
    assert_eq!((status, saved["voucherValues"].clone()), (200, json!([15000, 25000])), "{saved}");
    eventually("the voucher's new options on its page", || async {
        let (_, page) = t.get("/shop-api/products/VC_AMOUNT").await;
        (page["voucherValues"] == json!([15000, 25000])).then_some(())
    })
    .await;
}

#[tokio::test]
async fn an_administrator_sets_a_packages_treatments_and_creates_a_package_and_a_voucher_guests_can_buy() {
    let t = TestStack::start_with(|g| g.limits.writes.burst = 1000).await;
    let admin = Some(format!("spa_session={}", t.session_of("c-4", "admin@example.pl", "customer,admin").await));
    let url = |code: &str| t.url(&format!("/shop-api/backend/products{code}"));
    let send = |method: Method, code: &'static str, body: Value| as_staff(&t.http, method, url(code), admin.clone(), body);
    let refused = |r: (u16, Value)| {
        (r.0, r.1["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap().to_owned()).collect::<Vec<_>>())
    };
    let included = |code: &str, quantity: u32, min: u32, max: u32| {
        json!({"code": code, "quantity": quantity, "minQuantity": min, "maxQuantity": max,
               "free": false, "deletable": false, "replaceable": true, "deletePermanently": false})
    };

    // The package's treatments as the seed set them.
    let reset = editor_of(&t, admin.clone(), "PKG_WELLNESS_RESET").await;
    assert_eq!(reset["package"]["nights"], 3, "{reset}");
    assert_eq!(reset["package"]["included"][0], included("TR_CLASSIC_MASSAGE", 1, 1, 2));
    assert_eq!(reset["package"]["suggested"], json!(["TR_AROMATHERAPY_MASSAGE", "TR_BACK_NECK_MASSAGE", "TR_HYDRATING_FACIAL"]));
    assert!(editor_of(&t, admin.clone(), "TR_HOT_STONE").await["package"].is_null(), "not a package");

    // A hot-stone massage joins it, up to three for one person; one fewer kept.
    let mut change = reset.clone();
    for field in ["code", "type", "mainTaxon", "images", "updatedAt", "updatedBy"] {
        change.as_object_mut().unwrap().remove(field);
    }
    change["stockWas"] = Value::Null;
    change["package"]["included"].as_array_mut().unwrap().push(included("TR_HOT_STONE", 1, 1, 3));
    change["package"]["minTreatments"] = json!(2);
    let (status, saved) = send(Method::PUT, "/PKG_WELLNESS_RESET", change.clone()).await;
    assert_eq!((status, saved["package"].clone()), (200, change["package"].clone()), "{saved}");
    let hot_stone = eventually("the package's page with its new treatment", || async {
        let (_, page) = t.get("/shop-api/products/PKG_WELLNESS_RESET").await;
        let primary = page["treatments"]["primary"].as_array().unwrap().clone();
        (page["minTreatments"] == 2 && primary.len() == 4).then(|| primary[3].clone())
    })
    .await;
    assert_eq!((hot_stone["code"].as_str(), hot_stone["maxQuantity"].as_u64()), (Some("TR_HOT_STONE"), Some(3)));
    // Two above the one included are paid; a fourth is refused.
    let (_, page) = t.get("/shop-api/products/PKG_WELLNESS_RESET").await;
    let chosen = |extra: u32| {
        let mut lines: Vec<Value> =
            page["treatments"]["primary"].as_array().unwrap()[..3].iter().map(|p| json!({"code": p["code"], "quantity": 1})).collect();
        lines.push(json!({"code": "TR_HOT_STONE", "quantity": extra}));
        json!({"persons": 1, "treatments": lines})
    };
    let cost = "/shop-api/packages/PKG_WELLNESS_RESET/estimated-cost";
    let (_, one) = t.post(cost, chosen(1)).await;
    let (_, three) = t.post(cost, chosen(3)).await;
    let price = hot_stone["price"]["current"].as_i64().unwrap();
    assert_eq!(
        three["priceWithReservation"]["current"].as_i64().unwrap() - one["priceWithReservation"]["current"].as_i64().unwrap(),
        2 * price
    );
    assert_eq!(t.post(cost, chosen(4)).await.0, 422);

    // Every wrong rule named: a product among treatments, quantities out of
    // order, a suggestion already included, a minimum above the included ones.
    let mut wrong = change.clone();
    wrong["package"]["included"][0]["code"] = json!("PR_ARNICA_MASSAGE_OIL");
    wrong["package"]["included"][1]["minQuantity"] = json!(2);
    wrong["package"]["included"][2]["maxQuantity"] = json!(11);
    wrong["package"]["suggested"] = json!(["TR_HOT_STONE", "NO_SUCH_TREATMENT"]);
    wrong["package"]["minTreatments"] = json!(5);
    assert_eq!(
        refused(send(Method::PUT, "/PKG_WELLNESS_RESET", wrong).await),
        (
            422,
            [
                "package.included[1].minQuantity",
                "package.included[2].maxQuantity",
                "package.suggested[0]",
                "package.minTreatments",
                "package.included[0].code",
                "package.suggested[1]",
            ]
            .map(str::to_owned)
            .to_vec()
        )
    );
    let mut not_a_package = editor_of(&t, admin.clone(), "TR_HOT_STONE").await;
    for field in ["code", "type", "mainTaxon", "images", "updatedAt", "updatedBy"] {
        not_a_package.as_object_mut().unwrap().remove(field);
    }
    not_a_package["stockWas"] = Value::Null;
    not_a_package["package"] = change["package"].clone();
    assert_eq!(refused(send(Method::PUT, "/TR_HOT_STONE", not_a_package).await), (422, vec!["package".to_owned()]));

    // A new two-night package, listed and priced for guests once published.
    let texts = |name: &str, slug: &str| json!({"name": name, "slug": slug, "description": "", "metaTitle": "", "metaDescription": ""});
    let mut new = json!({
        "code": "PKG_AUTUMN_CALM", "type": "package", "mainTaxon": "packages", "published": true,
        "translations": {"pl": texts("Jesienny spokój", "jesienny-spokoj"), "de": null, "en_GB": texts("Autumn calm", "autumn-calm")},
        "price": 99_900,
    });
    assert_eq!(refused(send(Method::POST, "", new.clone()).await), (422, vec!["package".to_owned()]));
    new["package"] = json!({"nights": 2, "included": [included("TR_HOT_STONE", 1, 1, 2), included("TR_HERBAL_BATH", 1, 1, 2)],
                            "suggested": ["TR_SAUNA_RITUAL"], "minTreatments": 2});
    let (status, created) = send(Method::POST, "", new.clone()).await;
    assert_eq!((status, created["package"]["nights"].as_u64()), (201, Some(2)), "{created}");
    let item = listed_as(&t, "package", "PKG_AUTUMN_CALM", "en_GB", |i| i.is_some()).await.unwrap();
    assert_eq!((item["name"].as_str(), item["numNights"].as_u64()), (Some("Autumn calm"), Some(2)));
    let (status, estimate) = t
        .post(
            "/shop-api/packages/PKG_AUTUMN_CALM/estimated-cost",
            json!({"persons": 1, "treatments": [
            {"code": "TR_HOT_STONE", "quantity": 1}, {"code": "TR_HERBAL_BATH", "quantity": 1}]}),
        )
        .await;
    assert_eq!((status, estimate["priceWithReservation"]["current"].as_i64()), (200, Some(99_900)), "{estimate}");

    // A new gift voucher with its options.
    let mut voucher = json!({
        "code": "VC_SPA_DAY", "type": "voucher", "mainTaxon": "vouchers", "published": true,
        "translations": {"pl": texts("Bon na dzień w spa", "bon-na-dzien-w-spa"), "de": null, "en_GB": null},
        "price": 25_000,
    });
    assert_eq!(refused(send(Method::POST, "", voucher.clone()).await), (422, vec!["voucherValues".to_owned()]));
    voucher["voucherValues"] = json!([25_000, 40_000]);
    let (status, created) = send(Method::POST, "", voucher).await;
    assert_eq!((status, created["voucherValues"].clone()), (201, json!([25_000, 40_000])), "{created}");
    listed_as(&t, "voucher", "VC_SPA_DAY", "pl", |i| i.is_some()).await;
}
