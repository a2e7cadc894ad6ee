//! The catalog's REST surface: filters, sorting, product pages, taxons,
//! package prices, the sitemap, and cache invalidation by event.

use serde_json::{Value, json};

use crate::support::{TestStack, eventually};

fn items(body: &Value) -> &Vec<Value> {
    body["items"].as_array().expect("items")
}

fn base(item: &Value) -> i64 {
    item["priceBase"]["current"].as_i64().unwrap()
}

#[tokio::test]
async fn packages_filter_by_stay_length() {
    let t = TestStack::start().await;
    let (_, all) = t.get("/shop-api/offer/package?limit=1000").await;
    for nights in 2..=5 {
        let (status, body) = t.get(&format!("/shop-api/offer/package?limit=1000&nights={nights}")).await;
        assert_eq!(status, 200);
        let expected = items(&all).iter().filter(|i| i["numNights"] == nights).count();
        assert_eq!(items(&body).len(), expected, "nights={nights}");
        assert!(expected > 0, "the demo data has a package of {nights} nights");
    }
    // Out of the document's range (400), or nights for a type that has none (422).
    for (path, field, expected) in [
        ("/shop-api/offer/package?nights=1", "nights", 400),
        ("/shop-api/offer/package?nights=6", "nights", 400),
        ("/shop-api/offer/treatment?nights=3", "nights", 422),
    ] {
        let (status, body) = t.get(path).await;
        assert_eq!((status, body["errors"][0]["field"].as_str()), (expected, Some(field)), "{path}");
    }
}

#[tokio::test]
async fn sorting_orders_the_list() {
    let t = TestStack::start().await;
    let (_, asc) = t.get("/shop-api/offer/treatment?limit=1000&sorting=price_asc").await;
    let prices: Vec<i64> = items(&asc).iter().map(base).collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    let (_, desc) = t.get("/shop-api/offer/treatment?limit=1000&sorting=price_desc").await;
    let prices: Vec<i64> = items(&desc).iter().map(base).collect();
    assert!(prices.windows(2).all(|w| w[0] >= w[1]), "{prices:?}");
    let (_, latest) = t.get("/shop-api/offer/product?limit=1000&sorting=latest").await;
    let (_, oldest) = t.get("/shop-api/offer/product?limit=1000&sorting=oldest").await;
    assert_ne!(items(&latest)[0]["code"], items(&oldest)[0]["code"]);
    assert_eq!(items(&latest).last().unwrap()["code"], items(&oldest)[0]["code"]);
    // The default groups by the first non-main taxon, in taxon order.
    let (_, grouped) = t.get("/shop-api/offer/treatment?limit=1000").await;
    let groups: Vec<&str> = items(&grouped).iter().map(|i| i["taxons"]["others"][0]["code"].as_str().unwrap()).collect();
    let mut seen: Vec<&str> = Vec::new();
    for g in &groups {
        if seen.last() != Some(g) {
            assert!(!seen.contains(g), "group {g} is split: {groups:?}");
            seen.push(g);
        }
    }
    let (status, body) = t.get("/shop-api/offer/treatment?sorting=name_asc").await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (400, Some("sorting")));
}

#[tokio::test]
async fn price_range_filters_and_keeps_the_slider_bounds() {
    let t = TestStack::start().await;
    let (_, all) = t.get("/shop-api/offer/treatment?limit=1000").await;
    let (min, max) = (all["priceStats"]["min"].as_i64().unwrap(), all["priceStats"]["max"].as_i64().unwrap());
    assert!(min < max);
    let (from, to) = (min + 1, max - 1);
    let (_, some) = t.get(&format!("/shop-api/offer/treatment?limit=1000&price_from={from}&price_to={to}")).await;
    let inside = items(&all).iter().filter(|i| (from..=to).contains(&base(i))).count();
    assert_eq!(items(&some).len(), inside);
    assert!(inside < items(&all).len(), "the range excludes the cheapest and dearest");
    assert_eq!(some["priceStats"], all["priceStats"], "bounds ignore the price filter");
    for (query, field, expected) in
        [("price_from=-1", "price_from", 400), ("price_from=500&price_to=100", "price_to", 422), ("price_to=abc", "price_to", 400)]
    {
        let (status, body) = t.get(&format!("/shop-api/offer/treatment?{query}")).await;
        assert_eq!((status, body["errors"][0]["field"].as_str()), (expected, Some(field)), "{query}");
    }
}

#[tokio::test]
async fn taxon_filters_take_children_and_several_codes() {
    let t = TestStack::start().await;
    let (_, massages) = t.get("/shop-api/offer/treatment?limit=1000&taxon[]=massages").await;
    assert!(!items(&massages).is_empty());
    for i in items(&massages) {
        assert!(i["taxons"]["others"].as_array().unwrap().iter().any(|x| x["code"] == "massages"), "{i}");
    }
    let (_, face) = t.get("/shop-api/offer/treatment?limit=1000&taxon[0]=face-care").await;
    let (_, both) = t.get("/shop-api/offer/treatment?limit=1000&taxon[]=massages&taxon[]=face-care").await;
    assert_eq!(items(&both).len(), items(&massages).len() + items(&face).len());
    let (_, parent) = t.get("/shop-api/offer/treatment?limit=1000&taxon[]=treatments").await;
    let (_, all) = t.get("/shop-api/offer/treatment?limit=1000").await;
    assert_eq!(items(&parent).len(), items(&all).len(), "a parent taxon takes its children");
    let (status, body) = t.get("/shop-api/offer/treatment?taxon[]=nope").await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (404, Some("taxon")));
}

#[tokio::test]
async fn product_pages_by_code_and_slug() {
    let t = TestStack::start().await;
    let (_, packages) = t.get("/shop-api/offer/package?locale=de").await;
    let first = &items(&packages)[0];
    let code = first["code"].as_str().unwrap();
    let (status, product) = t.get(&format!("/shop-api/products/{code}?locale=de")).await;
    assert_eq!(status, 200, "{product}");
    assert_eq!(product["name"], first["name"]);
    let primary = product["treatments"]["primary"].as_array().unwrap();
    assert!(!primary.is_empty());
    for field in ["code", "name", "price", "quantity", "minQuantity", "maxQuantity", "free", "deletable", "replacable", "deletePermanently"]
    {
        assert!(!primary[0][field].is_null(), "treatment has {field}");
    }
    assert!(product["treatments"]["additional"].as_array().unwrap().iter().all(|a| a["additional"] == true));
    assert!(product["minTreatments"].as_u64().is_some());
    assert_eq!(product["packageBasePrice"]["current"], product["price"]["current"]);

    let slug = first["slug"].as_str().unwrap();
    let (status, by_slug) = t.get(&format!("/shop-api/products/by-slug/{slug}?locale=de")).await;
    assert_eq!((status, by_slug["code"].as_str()), (200, Some(code)));
    let (status, body) = t.get("/shop-api/products/NOPE").await;
    assert_eq!((status, body["code"].as_str()), (404, Some("product_not_found")));
    let (status, _) = t.get("/shop-api/products/by-slug/nope").await;
    assert_eq!(status, 404);

    // Room facts sit on the item itself (spec 3), and the rooms left are the
    // inventory's for tonight, not a default.
    let (_, rooms) = t.get("/shop-api/offer/room?limit=100").await;
    let (today, tomorrow) = crate::support::stay(0, 1);
    let mut counts = std::collections::BTreeSet::new();
    for room in items(&rooms) {
        assert!(room["maxOccupancy"].as_u64().unwrap() >= room["occupancy"].as_u64().unwrap(), "{room}");
        let code = room["code"].as_str().unwrap();
        let (_, calendar) = t.get(&format!("/shop-api/rooms/availability?roomCode={code}&from={today}&to={tomorrow}&adults=1")).await;
        assert_eq!(room["available"], calendar["days"][0]["available"], "{code}");
        counts.insert(room["available"].as_u64().unwrap());
    }
    assert!(counts.len() > 1, "rooms differ in how many are left: {counts:?}");
    let code = items(&rooms)[0]["code"].as_str().unwrap();
    let (_, page) = t.get(&format!("/shop-api/products/{code}")).await;
    assert_eq!(page["available"], items(&rooms)[0]["available"], "the room's page shows the same count");
    // Both kinds of package exist: stays and treatment days.
    let (_, packages) = t.get("/shop-api/offer/package?limit=100").await;
    assert!(items(&packages).iter().any(|p| p["numNights"] == 0 && p["days"] == 1));
    assert!(items(&packages).iter().any(|p| p["numNights"].as_u64().unwrap() > 0));
    let (_, vouchers) = t.get("/shop-api/offer/voucher?limit=1").await;
    let (_, voucher) = t.get(&format!("/shop-api/products/{}", items(&vouchers)[0]["code"].as_str().unwrap())).await;
    assert!(!voucher["voucherValues"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn related_products_and_taxons() {
    let t = TestStack::start().await;
    let (status, related) = t.get("/shop-api/products/TR_HOT_STONE/associations/related?locale=en_GB").await;
    assert_eq!(status, 200);
    assert_eq!(items(&related).len(), 4, "the slider shows at most four, and this product has six");
    assert!(items(&related).iter().all(|i| i["code"] != "TR_HOT_STONE"));
    let (status, _) = t.get("/shop-api/products/TR_HOT_STONE/associations/upsell").await;
    assert_eq!(status, 404);
    let (status, _) = t.get("/shop-api/products/NOPE/associations/related").await;
    assert_eq!(status, 404);

    let (status, tree) = t.get("/shop-api/taxons/?locale=de").await;
    assert_eq!(status, 200);
    let roots: Vec<&str> = tree.as_array().unwrap().iter().map(|n| n["code"].as_str().unwrap()).collect();
    for root in ["treatments", "packages", "products", "rooms", "day-spa", "vouchers"] {
        assert!(roots.contains(&root), "{roots:?}");
    }
    let (status, treatments) = t.get("/shop-api/taxons/treatments?locale=de").await;
    assert_eq!((status, treatments["name"].as_str()), (200, Some("Behandlungen")));
    assert!(treatments["children"].as_array().unwrap().iter().any(|c| c["code"] == "massages"));
    let (status, _) = t.get("/shop-api/taxons/nope").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn package_price_is_computed_on_the_server() {
    let t = TestStack::start().await;
    let (_, product) = t.get("/shop-api/products/PKG_ROMANTIC_WEEKEND").await;
    let per_person = product["price"]["current"].as_i64().unwrap();
    let primary: Vec<Value> = product["treatments"]["primary"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| json!({"code": p["code"], "quantity": p["quantity"]}))
        .collect();
    let url = "/shop-api/packages/PKG_ROMANTIC_WEEKEND/estimated-cost";

    let (status, one) = t.post(url, json!({"persons": 1, "treatments": primary})).await;
    assert_eq!(status, 200, "{one}");
    assert_eq!(one["basePrice"]["current"], per_person);
    assert_eq!(one["priceWithReservation"]["current"], per_person, "included treatments cost nothing extra");

    // Two persons: twice the package, one more of each included treatment.
    let two: Vec<Value> = primary.iter().map(|p| json!({"code": p["code"], "quantity": p["quantity"].as_u64().unwrap() + 1})).collect();
    let (_, body) = t.post(url, json!({"persons": 2, "treatments": two})).await;
    assert_eq!(body["priceWithReservation"]["current"], 2 * per_person);

    // A suggested treatment is paid at its catalog price.
    let extra = &product["treatments"]["additional"][0];
    let mut with_extra = primary.clone();
    with_extra.push(json!({"code": extra["code"], "quantity": 1}));
    let (_, body) = t.post(url, json!({"persons": 1, "treatments": with_extra})).await;
    assert_eq!(body["priceWithReservation"]["current"].as_i64().unwrap(), per_person + extra["price"]["current"].as_i64().unwrap());

    // Out of the document's range (400), or a make-up the package does not take (422).
    for (body, field, expected) in [
        (json!({"persons": 3, "treatments": primary}), "persons", 400),
        (json!({"treatments": primary}), "persons", 422),
        (json!({"persons": 1, "treatments": [{"code": "TR_NOPE", "quantity": 1}]}), "treatments[0].code", 422),
        (json!({"persons": 1, "treatments": []}), "treatments", 422),
    ] {
        let (status, err) = t.post(url, body.clone()).await;
        assert_eq!((status, err["errors"][0]["field"].as_str()), (expected, Some(field)), "{body}");
    }
    let mut too_many = primary.clone();
    too_many[0]["quantity"] = json!(9);
    let (status, err) = t.post(url, json!({"persons": 1, "treatments": too_many})).await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (422, Some("treatments[0].quantity")));
    let (status, _) = t.post("/shop-api/packages/TR_HOT_STONE/estimated-cost", json!({"persons": 1})).await;
    assert_eq!(status, 404, "not a package");
}

#[tokio::test]
async fn sitemap_lists_listing_and_product_pages_per_locale() {
    let t = TestStack::start().await;
    let r = t.http.get(t.url("/sitemap.xml")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let xml = r.text().await.unwrap();
    assert!(xml.contains("<loc>http://localhost:8080/oferta/zabiegi/masaz-goracymi-kamieniami</loc>"), "{xml}");
    assert!(xml.contains("<loc>http://localhost:8080/en/offer/treatments/hot-stone-massage</loc>"));
    assert!(xml.contains("<loc>http://de.localhost:8080/angebot/behandlungen/hot-stone-massage</loc>"));
    // Polish listings keep the route table's trailing slash; product pages have one slash.
    for listing in ["/oferta/zabiegi/", "/oferta/pakiety/", "/oferta/produkty/", "/pensjonat/baza-noclegowa/", "/oferta/vouchery"] {
        assert!(xml.contains(&format!("<loc>http://localhost:8080{listing}</loc>")), "{listing}: {xml}");
    }
    assert!(xml.contains("<loc>http://de.localhost:8080/angebot/pakete</loc>"));
    assert!(xml.contains("<loc>http://localhost:8080/en/guesthouse/accomodation</loc>"));
    assert!(!xml.contains("<loc>http://localhost:8080/oferta/zabiegi</loc>"), "no listing without its slash");
    assert!(!xml.replace("://", "").contains("//"), "no empty path segment: {xml}");
}

#[tokio::test]
async fn a_product_change_event_drops_cached_listings() {
    let t = TestStack::start().await;
    let (_, before) = t.get("/shop-api/offer/treatment?limit=1000").await;
    let code = items(&before)[0]["code"].as_str().unwrap().to_owned();
    let catalog = t.stack.db("catalog").clone();
    // A price changed by the catalog's own rule: the row and its event in one transaction.
    assert!(spa_catalog::store::set_price(&catalog, &spa_platform::outbox::Outbox::default(), &code, 12345).await.unwrap());
    eventually("the new price in the listing", || async {
        let (_, after) = t.get("/shop-api/offer/treatment?limit=1000").await;
        items(&after).iter().find(|i| i["code"] == code.as_str()).filter(|i| i["price"]["current"] == 12345).map(|_| ())
    })
    .await;
}
