//! The gateway against hostile or broken clients: bounded inputs, clear JSON
//! errors from every layer, security headers, per-client rate limits, load
//! shedding and slow-loris connections.

use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{TestStack, json, stay};

async fn send(t: &TestStack, method: &str, path: &str) -> (u16, serde_json::Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    json(t.http.request(method, t.url(path)).send().await.unwrap()).await
}

#[tokio::test]
async fn taxon_filters_are_a_bounded_set() {
    let t = TestStack::start().await;
    let (status, one) = t.get("/shop-api/offer/package?taxon[]=packages").await;
    assert_eq!(status, 200, "{one}");
    // Repeats collapse: 1,500 copies answer as one.
    let repeated = "taxon[]=packages&".repeat(1500);
    let (status, many) = t.get(&format!("/shop-api/offer/package?{repeated}limit=20")).await;
    assert_eq!(status, 200, "{many}");
    assert_eq!(many["items"], one["items"]);
    // More distinct codes than the documented 50 are refused by name.
    let distinct: String = (0..51).map(|i| format!("taxon[]=t{i}&")).collect();
    let (status, err) = t.get(&format!("/shop-api/offer/package?{distinct}")).await;
    assert_eq!((status, err["code"].as_str(), err["errors"][0]["field"].as_str()), (422, Some("too_many_taxons"), Some("taxon")));
}

#[tokio::test]
async fn control_characters_and_loose_dates_are_refused_by_name() {
    let t = TestStack::start().await;
    for (path, field) in [
        ("/shop-api/offer/treatment?sorting=price%00asc", "sorting"),
        ("/shop-api/offer/treatment?locale=pl%1B", "locale"),
        ("/shop-api/products/abc%00def", "path"),
        ("/shop-api/products/by-slug/x%0Ay", "path"),
    ] {
        let (status, err) = t.get(path).await;
        assert_eq!(
            (status, err["code"].as_str(), err["errors"][0]["field"].as_str()),
            (400, Some("invalid_characters"), Some(field)),
            "{path}"
        );
    }
    let (status, err) = t.post("/shop-api/newsletter/subscribe", json!({"email": "gast\u{0}@example.de"})).await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("email")), "{err}");
    let (status, err) = t
        .post("/shop-api/rooms/search", json!({"packageCode": "PKG_ROMANTIC_WEEKEND", "options": {"from": "x\u{7}", "to": "2030-01-03"}}))
        .await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("options.from")), "{err}");

    let (from, to) = stay(30, 2);
    let (status, _) = t.get(&format!("/shop-api/rooms/search?from={from}&to={to}")).await;
    assert_eq!(status, 200);
    let loose = format!("+000{}-{}-{}", &from[..4], from[5..7].trim_start_matches('0'), from[8..].trim_start_matches('0'));
    for (query, field) in [
        (format!("from={loose}&to={to}"), "from"),
        (format!("from={from}&to={to}%20"), "to"),
        (format!("from={}&to={to}", from.replace('-', "/")), "from"),
    ] {
        let (status, err) = t.get(&format!("/shop-api/rooms/search?{query}")).await;
        assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some(field)), "{query}: {err}");
    }
    let (status, err) = t.get(&format!("/shop-api/rooms/availability?roomCode=ROOM_DOUBLE&from={loose}&to={to}")).await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("from")), "{err}");
}

#[tokio::test]
async fn every_api_error_is_json_with_a_code_and_a_message() {
    let t = TestStack::start_with(|g| g.limits.body_limit = 4096).await;
    let (status, err) = t.get("/shop-api/no/such/endpoint").await;
    assert_eq!((status, err["code"].as_str()), (404, Some("not_found")));
    let (status, err) = send(&t, "PUT", "/shop-api/offer/treatment").await;
    assert_eq!((status, err["code"].as_str()), (405, Some("method_not_allowed")), "{err}");
    let (status, err) = t.post("/shop-api/newsletter/subscribe", json!({"email": "a".repeat(5000)})).await;
    assert_eq!((status, err["code"].as_str()), (413, Some("payload_too_large")), "{err}");
    let r = t
        .http
        .post(t.url("/shop-api/newsletter/subscribe"))
        .header("content-type", "application/json")
        .body("{\"email\":")
        .send()
        .await
        .unwrap();
    let (status, err) = json(r).await;
    assert_eq!((status, err["code"].as_str()), (400, Some("invalid_body")), "{err}");
    let r = t.http.post(t.url("/shop-api/newsletter/subscribe")).header("content-type", "text/plain").body("email=x").send().await.unwrap();
    let (status, err) = json(r).await;
    assert_eq!((status, err["code"].as_str()), (415, Some("unsupported_media_type")), "{err}");
    // Without a type, as another site's page may send it unasked: refused too.
    let r = t
        .http
        .post(t.url("/shop-api/register"))
        .body(r#"{"email":"x@example.pl","password":"correct horse battery"}"#)
        .send()
        .await
        .unwrap();
    let (status, err) = json(r).await;
    assert_eq!((status, err["code"].as_str()), (415, Some("unsupported_media_type")), "{err}");
    for (status, err) in [t.get("/shop-api/offer/treatment?limit=0").await, send(&t, "DELETE", "/shop-api/taxons/").await] {
        assert!(
            err["code"].as_str().is_some_and(|c| !c.is_empty()) && err["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{status}: {err}"
        );
    }
}

#[tokio::test]
async fn security_headers_on_pages_and_api_and_metrics_labels_stay_bounded() {
    let t = TestStack::start().await;
    for path in ["/oferta/zabiegi/", "/shop-api/offer/treatment", "/shop-api/no-such", "/media/default.svg"] {
        let r = t.http.get(t.url(path)).send().await.unwrap();
        let h = r.headers();
        assert_eq!(h.get("x-content-type-options").unwrap(), "nosniff", "{path}");
        assert_eq!(h.get("x-frame-options").unwrap(), "DENY", "{path}");
        assert_eq!(h.get("referrer-policy").unwrap(), "strict-origin-when-cross-origin", "{path}");
        let csp = h.get("content-security-policy").unwrap().to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"), "{path}: {csp}");
        // The maps' tiles, OpenStreetMap's by default, are the one outside source of images.
        assert!(csp.contains("img-src 'self' data: blob: https://tile.openstreetmap.org;"), "{path}: {csp}");
    }
    // Pages name the tiles to the app.
    let page = t.http.get(t.url("/kontakt")).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("<meta name=\"map-tiles\" content=\"https://tile.openstreetmap.org/{z}/{x}/{y}.png\">"), "{page}");
    let r = t.http.get(t.url("/shop-api/me")).send().await.unwrap();
    assert_eq!(r.headers().get("cache-control").unwrap(), "no-store");

    for method in ["FOOBAR", "XYZZY", "PROPFIND"] {
        send(&t, method, "/shop-api/offer/treatment").await;
        send(&t, method, &format!("/random/{method}")).await;
    }
    let metrics = t.http.get(format!("http://{}/metrics", t.stack.ops_addr)).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("method=\"other\""), "{metrics}");
    for raw in ["FOOBAR", "XYZZY", "PROPFIND", "/random/"] {
        assert!(!metrics.contains(raw), "{raw} became a label");
    }
}

#[tokio::test]
async fn writes_are_rate_limited_per_client_with_a_json_429() {
    let t = TestStack::start_with(|g| {
        g.limits.writes = spa_gateway::guard::Rate { per_minute: 1, burst: 3 };
        g.limits.client_ip_header = Some(reqwest::header::HeaderName::from_static("x-forwarded-for"));
    })
    .await;
    let subscribe = |client: &'static str, n: usize| {
        t.http
            .post(t.url("/shop-api/newsletter/subscribe"))
            .header("x-forwarded-for", format!("203.0.113.9, {client}"))
            .json(&json!({"email": format!("guest{n}@example.pl")}))
            .send()
    };
    for n in 0..3 {
        assert_eq!(subscribe("198.51.100.1", n).await.unwrap().status().as_u16(), 201);
    }
    let r = subscribe("198.51.100.1", 3).await.unwrap();
    let retry: u64 = r.headers().get("retry-after").unwrap().to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    let (status, err) = json(r).await;
    assert_eq!((status, err["code"].as_str()), (429, Some("too_many_requests")), "{err}");
    assert!(err["message"].as_str().unwrap().contains(&format!("{retry} s")));
    // Another client, and reads, are not held back.
    assert_eq!(subscribe("198.51.100.2", 4).await.unwrap().status().as_u16(), 201);
    assert_eq!(t.get("/shop-api/offer/treatment").await.0, 200);
}

/// A flood of forged payment notifications is cut off per sender before it
/// reaches the cart (or, for PayPal, a verification call).
#[tokio::test]
async fn payment_webhooks_are_rate_limited_per_sender() {
    let t = TestStack::start_with(|g| {
        g.limits.webhooks = spa_gateway::guard::Rate { per_minute: 1, burst: 2 };
        g.limits.client_ip_header = Some(reqwest::header::HeaderName::from_static("x-forwarded-for"));
    })
    .await;
    let post = |client: &'static str, path: &'static str| {
        t.http.post(t.url(path)).header("x-forwarded-for", client).header("content-type", "application/json").body("{}").send()
    };
    for path in ["/payments/paypal/webhook", "/payments/przelewy24/status"] {
        assert_ne!(post("198.51.100.7", path).await.unwrap().status().as_u16(), 429, "{path}");
    }
    let (status, err) = json(post("198.51.100.7", "/payments/paypal/webhook").await.unwrap()).await;
    assert_eq!((status, err["code"].as_str()), (429, Some("too_many_requests")), "{err}");
    assert_ne!(post("198.51.100.8", "/payments/paypal/webhook").await.unwrap().status().as_u16(), 429, "another sender");
}

/// Opens a POST whose body never arrives: its handler holds a slot.
async fn stuck_request(addr: std::net::SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = "POST /shop-api/newsletter/subscribe HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{";
    s.write_all(head.as_bytes()).await.unwrap();
    s
}

#[tokio::test]
async fn past_the_in_flight_limit_requests_are_shed_with_503_and_probes_still_answer() {
    let t = TestStack::start_with(|g| g.limits.max_in_flight = 1).await;
    let _held = stuck_request(t.stack.http_addr).await;
    let shed = crate::support::eventually("the slot to be taken", || async {
        let r = t.http.get(t.url("/shop-api/offer/treatment")).send().await.unwrap();
        (r.status().as_u16() == 503).then_some(r)
    })
    .await;
    assert_eq!(shed.headers().get("retry-after").unwrap(), "1");
    let (_, err) = json(shed).await;
    assert_eq!(err["code"], "overloaded");
    assert_eq!(t.http.get(t.url("/healthz")).send().await.unwrap().status().as_u16(), 200);
    assert_eq!(t.http.get(t.url("/readyz")).send().await.unwrap().status().as_u16(), 200);
}

/// Reads until the server closes the connection; what it sent before.
async fn read_until_closed(s: &mut TcpStream) -> String {
    let mut out = Vec::new();
    // A deadline for the failure case only: a server that never closes.
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await.expect("the server closes the connection").unwrap();
    String::from_utf8_lossy(&out).into_owned()
}

#[tokio::test]
async fn slow_headers_and_idle_connections_are_cut_off() {
    let t = TestStack::start_with(|g| g.limits.header_timeout = Duration::from_millis(300)).await;
    // Headers that never end.
    let mut slow = TcpStream::connect(t.stack.http_addr).await.unwrap();
    slow.write_all(b"GET /shop-api/offer/treatment HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let answer = read_until_closed(&mut slow).await;
    assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 408"), "{answer}");
    // A kept-alive connection that goes quiet after one request.
    let mut idle = TcpStream::connect(t.stack.http_addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let answer = read_until_closed(&mut idle).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // A head larger than the limit is refused before any handler runs.
    let r = t.http.get(t.url(&format!("/shop-api/offer/treatment?x={}", "a".repeat(40_000)))).send().await.unwrap();
    assert!(matches!(r.status().as_u16(), 414 | 431), "{}", r.status());
}
