use std::time::Duration;

use serde_json::Value;
use spa_platform::db::Db;
use spa_standalone::{GrpcLink, Stack, StackConfig};
use spa_users::domain::Role;
use tokio_util::sync::CancellationToken;

/// A standalone stack on port 0 with its own data directory and a built-in
/// index page, so page tests do not depend on a web build.
pub struct TestStack {
    pub stack: Stack,
    pub base: String,
    pub http: reqwest::Client,
    /// The stack's directory: `data/` holds its databases and `data/mail` its e-mails.
    pub dir: tempfile::TempDir,
}

pub const INDEX: &str = "<!doctype html><html lang=\"xx\"><head><title>Spa</title></head><body><div id=\"root\"></div></body></html>";

/// The bank account a test stack starts with (`BANK_ACCOUNT_*`).
pub const DEMO_BANK_ACCOUNT: [(&str, &str); 4] = [
    ("BANK_ACCOUNT_HOLDER", "Pensjonat Spa"),
    ("BANK_ACCOUNT_IBAN", TestStack::DEMO_IBAN),
    ("BANK_NAME", "Bank Testowy"),
    ("BANK_BIC", "BPKOPLPW"),
];

impl TestStack {
    pub async fn start() -> Self {
        Self::start_with(|_| {}).await
    }

    /// The account the test stacks' guests send transfers to.
    pub const DEMO_IBAN: &str = "PL61109010140000071219812874";

    /// A stack whose gateway settings `adjust` changes first.
    pub async fn start_with(adjust: impl FnOnce(&mut spa_gateway::GatewayConfig)) -> Self {
        Self::start_with_settings(adjust, &[]).await
    }

    /// A stack with service settings that win over the environment.
    pub async fn start_with_settings(adjust: impl FnOnce(&mut spa_gateway::GatewayConfig), settings: &[(&str, &str)]) -> Self {
        Self::start_linked(adjust, settings, GrpcLink::default()).await
    }

    /// A stack whose services call each other as `grpc` says.
    pub async fn start_linked(adjust: impl FnOnce(&mut spa_gateway::GatewayConfig), settings: &[(&str, &str)], grpc: GrpcLink) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let web = dir.path().join("web");
        std::fs::create_dir_all(&web).unwrap();
        std::fs::write(web.join("index.html"), INDEX).unwrap();
        let mut gateway = spa_gateway::GatewayConfig::from_env().unwrap();
        gateway.web_dist = web;
        gateway.media_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../catalog/seed/media").into();
        gateway.locale_hosts = spa_gateway::locale::parse_host_map("de.localhost=de").unwrap();
        gateway.peers.timeout = Duration::from_millis(1500);
        adjust(&mut gateway);
        let config = StackConfig {
            http_addr: "127.0.0.1:0".parse().unwrap(),
            ops_addr: "127.0.0.1:0".parse().unwrap(),
            data_dir: dir.path().join("data"),
            gateway,
            // A bank account, so transfers are offered as a guesthouse that set one offers them.
            settings: DEMO_BANK_ACCOUNT.iter().chain(settings).map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
            grpc,
        };
        let stack = Stack::start(config, CancellationToken::new()).await.expect("stack starts");
        let base = format!("http://{}", stack.http_addr);
        Self { stack, base, http: client(), dir }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        json(self.http.get(self.url(path)).send().await.unwrap()).await
    }

    /// The e-mail the content service delivered for queued mail `id` (the
    /// `.eml` file of the standalone mailer), once it is there; quoted-
    /// printable soft line breaks joined, so long links read whole.
    pub fn delivered_mail(&self, id: &str) -> Option<String> {
        let eml = std::fs::read_to_string(self.dir.path().join("data/mail").join(format!("{id}.eml"))).ok()?;
        Some(eml.replace("=\r\n", "").replace("=3D", "="))
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        json(self.http.post(self.url(path)).json(&body).send().await.unwrap()).await
    }

    /// Moves the stack's clock (every service's and the gateway's) forward.
    pub fn advance(&self, by: Duration) {
        self.stack.clock.advance(by);
    }

    pub fn clocks(&self) -> Clocks {
        Clocks::Local(self.stack.clock.clone())
    }
}

/// A channel to a service of a stack (`t.stack.peers.rooms`): in process
/// unless the stack serves on loopback ports.
pub fn channel(addr: &str) -> spa_platform::grpc::Balanced {
    spa_platform::grpc::channel(addr, Duration::from_secs(5), Duration::from_secs(5)).expect("a peer address")
}

impl TestStack {
    /// Ola Nowak (customer `c1`) with a live session: its token.
    pub async fn logged_in_customer(&self) -> String {
        self.session_of("c1", "ola@example.pl", "customer").await
    }

    /// A customer with `roles` (comma-separated) and a live session of
    /// theirs (see [`session_in`]): its token.
    pub async fn session_of(&self, id: &str, email: &str, roles: &str) -> String {
        session_in(self.stack.db("users"), id, email, roles).await
    }
}

/// A customer with `roles` (comma-separated), e-mail not verified, made by
/// the users service's own store, and a live session of theirs: its token.
pub async fn session_in(users: &Db, id: &str, email: &str, roles: &str) -> String {
    let token = uuid::Uuid::new_v4().simple().to_string();
    let roles: Vec<Role> = roles.split(',').map(|r| Role::parse(r).expect("a role")).collect();
    spa_users::store::insert_with_roles(users, id, email, &roles, users.now_ms()).await.unwrap();
    let expires_at = users.now_ms() + spa_users::domain::SESSION_TTL.as_millis() as i64;
    spa_users::store::create_session(users, &spa_users::domain::token_hash(&token), id, expires_at, users.now_ms(), None).await.unwrap();
    token
}

impl Drop for TestStack {
    fn drop(&mut self) {
        self.stack.shutdown.cancel();
    }
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(20)).build().unwrap()
}

pub async fn json(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let value = if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or(Value::String(text)) };
    (status, value)
}

/// A stack's clocks, moved forward by a test instead of editing timestamps:
/// the one of a standalone process, or each process's through its ops port
/// (started with `CLOCK_CONTROL=on`).
#[derive(Clone)]
pub enum Clocks {
    Local(spa_platform::clock::Clock),
    /// The ops base URLs (`http://127.0.0.1:port`) of every process.
    Remote(Vec<String>),
}

impl Clocks {
    /// Moves them forward by `by`; the time they show then (ms), so a test
    /// can stamp what it writes as the services would.
    pub async fn advance(&self, by: Duration) -> i64 {
        match self {
            Clocks::Local(clock) => {
                clock.advance(by);
                clock.now_ms()
            }
            Clocks::Remote(ops) => {
                let http = client();
                let mut now = 0;
                for base in ops {
                    let r = http.post(format!("{base}/clock?advance_ms={}", by.as_millis())).send().await.unwrap();
                    assert!(r.status().is_success(), "{base} did not move its clock: {}", r.status());
                    now = r.text().await.unwrap().parse().unwrap();
                }
                now
            }
        }
    }
}

/// Polls `check` until it returns `Some`, for effects of events.
pub async fn eventually<T, F, Fut>(what: &str, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        if let Some(v) = check().await {
            return v;
        }
        assert!(tokio::time::Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A stay starting `in_days` from today, `nights` long, as YYYY-MM-DD.
pub fn stay(in_days: i64, nights: i64) -> (String, String) {
    let day = |d: i64| {
        let t = std::time::SystemTime::now() + Duration::from_secs((d * 86400) as u64);
        let secs = t.duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
        civil(secs.div_euclid(86400))
    };
    (day(in_days), day(in_days + nights))
}

/// Days since the epoch as YYYY-MM-DD (Howard Hinnant's civil_from_days).
fn civil(z: i64) -> String {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Checks shared by the standalone and the distributed runs: the same HTTP
/// calls must give the same answers in both modes.
pub async fn common_checks(base: &str) {
    let http = client();
    let get = |path: &str| {
        let url = format!("{base}{path}");
        let http = http.clone();
        async move { json(http.get(url).send().await.unwrap()).await }
    };

    // HTTP -> gRPC -> catalog -> JSON, localized.
    let (status, body) = get("/shop-api/offer/treatment?channel=web_pl&locale=pl&page=1&limit=20").await;
    assert_eq!(status, 200, "{body}");
    let items = body["items"].as_array().unwrap();
    assert!(items.len() >= 10, "the demo treatments are listed");
    let first = &items[0];
    for field in ["code", "variantCode", "name", "slug", "description", "images", "links", "price", "taxons"] {
        assert!(!first[field].is_null(), "item has {field}");
    }
    assert_eq!(first["type"], "treatment");
    assert!(first["links"]["self"].as_str().unwrap().starts_with("/oferta/zabiegi/"));
    assert!(first["price"]["current"].as_i64().unwrap() > 0, "integer minor units");
    assert_eq!(body["pages"]["total"].as_u64().unwrap() as usize, items.len());
    let polish = first["name"].as_str().unwrap().to_owned();

    // The gateway's cached answers (moka or Redis) carry a tag; a client
    // that holds the current copy gets 304.
    let listing = format!("{base}/shop-api/offer/treatment?channel=web_pl&locale=pl&page=1&limit=20");
    let r = http.get(&listing).send().await.unwrap();
    assert_eq!(r.headers()["cache-control"], "public, max-age=60, stale-while-revalidate=300");
    let etag = r.headers()["etag"].clone();
    let r = http.get(&listing).header("if-none-match", etag).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 304);

    let (_, en) = get("/shop-api/offer/treatment?channel=web_pl&locale=en_GB").await;
    assert_eq!(en["items"][0]["code"], first["code"]);
    assert_ne!(en["items"][0]["name"].as_str().unwrap(), polish, "English names differ from Polish");
    assert!(en["items"][0]["links"]["self"].as_str().unwrap().starts_with("/en/offer/treatments/"));

    // Room search crosses rooms -> catalog over gRPC for the room names.
    let (from, to) = stay(30, 2);
    let (status, rooms) = get(&format!("/shop-api/rooms/search?from={from}&to={to}&adults=2&children=0&babies=0&locale=de")).await;
    assert_eq!(status, 200, "{rooms}");
    let first_room = &rooms["items"][0];
    assert_eq!(first_room["nights"], 2);
    assert!(first_room["available"].as_u64().unwrap() > 0);
    assert!(!first_room["name"].as_str().unwrap().starts_with("ROOM_"), "named by the catalog");

    // Filters, sorting, product pages and package prices run the same SQL on
    // either database.
    let (status, filtered) =
        get("/shop-api/offer/package?limit=1000&nights=3&taxon[]=packages&price_from=1&price_to=99999999&sorting=price_desc").await;
    assert_eq!(status, 200, "{filtered}");
    assert!(filtered["items"].as_array().unwrap().iter().all(|i| i["numNights"] == 3));
    let (status, product) = get("/shop-api/products/by-slug/romantyczny-weekend-we-dwoje?locale=pl").await;
    assert_eq!(status, 200, "{product}");
    let (status, _) = get("/shop-api/taxons/?locale=en_GB").await;
    assert_eq!(status, 200);
    let cost = http
        .post(format!("{base}/shop-api/packages/PKG_ROMANTIC_WEEKEND/estimated-cost"))
        .json(&serde_json::json!({"persons": 1, "treatments": product["treatments"]["primary"].as_array().unwrap().iter()
            .map(|t| serde_json::json!({"code": t["code"], "quantity": t["quantity"]})).collect::<Vec<_>>()}))
        .send()
        .await
        .unwrap();
    let (status, cost) = json(cost).await;
    assert_eq!((status, &cost["priceWithReservation"]["current"]), (200, &product["price"]["current"]), "{cost}");

    // Bad input is a 400 naming the field, never a 500.
    let (status, err) = get("/shop-api/offer/treatment?limit=1001").await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("limit")));
    let (status, err) = get("/shop-api/offer/spaceship").await;
    assert_eq!((status, err["code"].as_str()), (404, Some("unknown_type")));

    // The basket: cart -> catalog and rooms over gRPC, lines stored on
    // either database, every change answered with the whole basket.
    let send = |method: reqwest::Method, path: String, body: serde_json::Value| {
        let request = http.request(method, format!("{base}{path}")).json(&body);
        async move { json(request.send().await.unwrap()).await }
    };
    let cart = format!("/shop-api/carts/{}", uuid::Uuid::new_v4().simple());
    let (status, _) = send(reqwest::Method::POST, cart.clone(), serde_json::json!({"locale": "de"})).await;
    assert_eq!(status, 201);
    let item = |body: serde_json::Value| send(reqwest::Method::POST, format!("{cart}/items"), body);
    let (status, basket) = item(serde_json::json!({"type": "treatment", "productCode": "TR_HOT_STONE", "quantity": 2})).await;
    assert_eq!(status, 201, "{basket}");
    let (status, basket) = item(serde_json::json!({"type": "reservation", "productCode": "ROOM_STANDARD_DOUBLE",
        "options": {"checkIn": from, "checkOut": to, "adults": 2}}))
    .await;
    assert_eq!(status, 201, "{basket}");
    let room = basket["items"][1]["id"].clone();
    let (status, basket) = send(
        reqwest::Method::POST,
        format!("{cart}/items/{room}/children-items"),
        serde_json::json!({"packageCode": "PKG_ROMANTIC_WEEKEND"}),
    )
    .await;
    assert_eq!((status, basket["items"][1]["childItems"][0]["quantity"].as_u64()), (201, Some(2)), "{basket}");
    let (status, basket) = send(reqwest::Method::PUT, format!("{cart}/items/1"), serde_json::json!({"quantity": 3})).await;
    assert_eq!((status, basket["items"][0]["quantity"].as_u64()), (200, Some(3)), "{basket}");
    let lines: i64 = basket["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["total"].as_i64().unwrap() + i["childItems"][0]["total"].as_i64().unwrap_or(0))
        .sum();
    assert!(lines > 0 && basket["totals"]["total"].as_i64() == Some(lines), "{basket}");
    let (status, suggested) = get(&format!("{cart}/items/{room}/associations/packages/default?locale=de")).await;
    assert!(status == 200 && !suggested["items"].as_array().unwrap().is_empty(), "{suggested}");
    let (status, basket) = send(reqwest::Method::DELETE, format!("{cart}/items/{room}"), serde_json::json!({})).await;
    assert_eq!((status, basket["items"].as_array().unwrap().len()), (200, 1));
    let (status, err) = item(serde_json::json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM", "quantity": 11})).await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (422, Some("quantity")));

    // A content page, on either database.
    let (status, page) = get("/shop-api/pages?locale=de&url=/regulations").await;
    assert_eq!((status, page["name"].as_str()), (200, Some("regulations")), "{page}");
    assert!(!page["blocks"].as_array().unwrap().is_empty());

    // Accounts: a registration, a failed and a good login, on either database.
    let email = format!("{}@example.pl", uuid::Uuid::new_v4().simple());
    let password = "correct horse battery";
    let (status, _) = send(
        reqwest::Method::POST,
        "/shop-api/register".into(),
        serde_json::json!({"email": email, "password": password, "firstName": "Ola", "lastName": "Nowak"}),
    )
    .await;
    assert_eq!(status, 201);
    let login = |password: &str| {
        let request = http
            .post(format!("{base}/shop-api/login_check"))
            .header("x-requested-with", "XMLHttpRequest")
            .json(&serde_json::json!({"email": email, "password": password}));
        async move { request.send().await.unwrap() }
    };
    assert_eq!(login("wrong horse battery").await.status().as_u16(), 401);
    let response = login(password).await;
    assert_eq!(response.status().as_u16(), 200);
    let cookie = response.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let (status, me) = json(http.get(format!("{base}/shop-api/me")).header("cookie", cookie).send().await.unwrap()).await;
    assert_eq!((status, me["email"].as_str()), (200, Some(email.as_str())));
}

/// A delivered e-mail's text with quoted-printable decoded (soft breaks
/// joined, `=XX` bytes read as UTF-8), to look for the words a guest reads.
pub fn readable(mail: &str) -> String {
    let joined = mail.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'=', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
