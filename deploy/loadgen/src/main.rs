//! Load benchmark of the gateway's cached reads.
//!
//! In one run, for the standalone stack and for the distributed one (each
//! service its own process on PostgreSQL, NATS and Redis), it measures the
//! gateway's `/healthz` as the ceiling of the HTTP path on this machine, then
//! at each connection count: `GET /shop-api/rooms/search` for random
//! 1-7-night stays over the next year across all room types (the seasonal
//! hot path), a page of treatments, a page of packages and a product page
//! (each one URL, so answered from the gateway's cache after the first
//! request). It prints requests per second, p50, p99, the servers' peak RSS,
//! the ratio to the ceiling's requests per second, and whether a read meets
//! its target: at least [`TARGET_RATIO`] of the ceiling with p99 under
//! [`TARGET_P99_MS`].
//!
//! Then, per mode, the checkout journey: [`BUYERS`] buyers at once, each
//! again and again with a new basket: search rooms for a random stay, add a
//! free room, give the guest's details, choose a bank transfer, complete.
//! It prints completed orders per second, the journey's p50 and p99, the
//! "room just booked" answers (a buyer lost the last room: a clean 409), the
//! errors, and the nights held or booked beyond a room type's units, read
//! from the rooms database after the run (must be 0). The buyers run on one
//! thread of the generator's own, so it takes as little as it can of the
//! cores the servers share with it.
//!
//! Mode `standalone-loopback` is the standalone process with its services
//! calling each other over loopback sockets, as before they were called in
//! process: beside `standalone`, what the sockets and HTTP/2 cost.
//!
//! Modes `standalone-uncached` and `distributed-uncached` start the gateway
//! with `GATEWAY_ANSWER_CACHE=off`: every search is built by the rooms
//! service (the cold path of stays seen for the first time), with its
//! target of a p99 under [`UNCACHED_P99_MS`].
//!
//! The search rows ask for stays in a Zipf mix ([`ZIPF_EXPONENT`]) over
//! 9,996 stays, as a season's searches go; `search-unif` asks for each
//! alike.
//!
//! Mode `distributed-3rooms` is the distributed stack with three rooms
//! processes behind the one rooms setting (the gateway and the cart balance
//! over them): its `/healthz` and search rows, beside `distributed`'s one
//! rooms process, say what scaling rooms out gives on this machine.
//!
//! `cargo run --release -p spa-loadgen -- [--seconds 10] [--warmup 2] [--conns 32,128] [--modes standalone,standalone-loopback,standalone-uncached,distributed,distributed-uncached,distributed-3rooms] [--gzip true] [--buyers 8]`
//! (the binaries of the services must be built in the same target directory).
//! Without `--gzip true` the requests do not take gzip, so the gateway
//! inflates every cached answer; with it they take gzip as browsers do and
//! the bodies are read as sent. The servers get a clean environment but for
//! `MIMALLOC_*` and `*CACHE_MAX_MB`.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use rand::Rng;
use spa_platform::testkit::ReservedPort;

/// A cached read meets its target at this share of the ceiling's req/s...
const TARGET_RATIO: f64 = 0.40;
/// ...with its p99 under this.
const TARGET_P99_MS: f64 = 20.0;
/// An uncached search (`*-uncached` modes: the gateway caches nothing)
/// meets its target with its p99 under this.
const UNCACHED_P99_MS: f64 = 5.0;
/// Buyers going through checkout at once.
const BUYERS: usize = 8;
/// The checkout journey's targets: completed orders per second, p99.
const TARGET_ORDERS_PER_S: f64 = 600.0;
const TARGET_JOURNEY_P99_MS: f64 = 100.0;

struct Args {
    seconds: u64,
    warmup: u64,
    conns: Vec<usize>,
    modes: Vec<String>,
    gzip: bool,
    buyers: usize,
    /// Whether the cached-read table runs before the checkout journey.
    reads: bool,
}

fn args() -> anyhow::Result<Args> {
    let mut a = Args {
        seconds: 10,
        warmup: 2,
        conns: vec![32, 128],
        modes: ["standalone", "standalone-loopback", "standalone-uncached", "distributed", "distributed-uncached", "distributed-3rooms"]
            .map(String::from)
            .to_vec(),
        gzip: false,
        buyers: BUYERS,
        reads: true,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--seconds" => a.seconds = value.parse()?,
            "--warmup" => a.warmup = value.parse()?,
            "--conns" => a.conns = value.split(',').map(str::parse).collect::<Result<_, _>>()?,
            "--modes" => a.modes = value.split(',').map(str::to_owned).collect(),
            "--gzip" => a.gzip = value.parse()?,
            "--buyers" => a.buyers = value.parse()?,
            "--reads" => a.reads = value.parse()?,
            other => bail!("unknown flag {other}"),
        }
    }
    Ok(a)
}

fn bin(name: &str) -> anyhow::Result<PathBuf> {
    let path = std::env::current_exe()?.parent().context("exe dir")?.join(name);
    anyhow::ensure!(path.exists(), "{} is missing: build the release binaries first", path.display());
    Ok(path)
}

/// A loopback port for a server to listen on, kept from everyone else while
/// `held` lives: a port found free and let go again may be handed to the
/// next `bind` to port 0 before the server it was meant for binds it.
fn reserve_port(held: &mut Vec<ReservedPort>) -> u16 {
    let port = ReservedPort::new();
    let number = port.port();
    held.push(port);
    number
}

/// The servers of one mode; killed on drop.
struct Servers {
    children: Vec<(String, Child)>,
    base: String,
    /// Databases and the NATS namespace of a distributed run.
    cleanup: Vec<String>,
    namespace: Option<String>,
    /// The servers' ports, kept until they have stopped.
    ports: Vec<ReservedPort>,
    /// The rooms service's database URL (to count over-sold nights).
    rooms_db: String,
}

impl Drop for Servers {
    fn drop(&mut self) {
        for (_, c) in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Servers {
    /// Peak resident memory of every server process, in MiB.
    fn peak_rss_mib(&self) -> f64 {
        self.children
            .iter()
            .filter_map(|(_, c)| std::fs::read_to_string(format!("/proc/{}/status", c.id())).ok())
            .filter_map(|s| {
                s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|k| k.parse::<f64>().ok())
            })
            .sum::<f64>()
            / 1024.0
    }
}

/// The variables of the benchmark's own environment that reach the servers,
/// so settings can be compared without a rebuild: the allocator's
/// (`MIMALLOC_*`), the cache budgets (`*CACHE_MAX_MB`) and tokio's
/// worker threads (`TOKIO_WORKER_THREADS`).
fn forwarded(name: &str) -> bool {
    name.starts_with("MIMALLOC_") || name.ends_with("CACHE_MAX_MB") || name == "TOKIO_WORKER_THREADS"
}

fn spawn(name: &str, binary: &str, env: &[(String, String)]) -> anyhow::Result<(String, Child)> {
    let mut cmd = Command::new(bin(binary)?);
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    for (k, v) in std::env::vars().filter(|(k, _)| forwarded(k)) {
        cmd.env(k, v);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    Ok((name.to_owned(), cmd.spawn().with_context(|| format!("starting {binary}"))?))
}

async fn wait_ready(url: &str) -> anyhow::Result<()> {
    let http = reqwest::Client::new();
    for _ in 0..600 {
        if http.get(url).send().await.is_ok_and(|r| r.status().is_success()) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bail!("{url} not ready after 60 s")
}

/// Each journey is a guest of its own, as in a real season: its own e-mail,
/// and its own address, which the gateway reads from this header
/// (`CLIENT_IP_HEADER`). Orders from one e-mail or one address would make
/// every completion count all the earlier unpaid ones (the caps on unpaid
/// room-nights), which no real guest's orders are.
const CLIENT_IP_HEADER: &str = "x-forwarded-for";

/// The account the buyers' bank transfers go to: without one, none is offered.
const BENCH_ACCOUNT: (&str, &str) = ("Pensjonat Spa", "PL61109010140000071219812874");

/// The standalone process; `grpc` is how its services call each other
/// (`STANDALONE_GRPC`: in-process, or loopback as before it).
async fn standalone(grpc: &str, answer_cache: bool) -> anyhow::Result<Servers> {
    let mut ports = Vec::new();
    let port = reserve_port(&mut ports);
    let dir = std::env::temp_dir().join(format!("spa-bench-{}", uuid::Uuid::new_v4().simple()));
    let env = vec![
        ("HTTP_ADDR".to_owned(), format!("127.0.0.1:{port}")),
        ("OPS_ADDR".to_owned(), format!("127.0.0.1:{}", reserve_port(&mut ports))),
        ("DATA_DIR".to_owned(), dir.display().to_string()),
        ("WEB_DIST".to_owned(), "/nonexistent".to_owned()),
        ("RATE_LIMIT_WRITES_PER_MIN".to_owned(), "0".to_owned()),
        ("CLIENT_IP_HEADER".to_owned(), CLIENT_IP_HEADER.to_owned()),
        ("BANK_ACCOUNT_HOLDER".to_owned(), BENCH_ACCOUNT.0.to_owned()),
        ("BANK_ACCOUNT_IBAN".to_owned(), BENCH_ACCOUNT.1.to_owned()),
        ("STANDALONE_GRPC".to_owned(), grpc.to_owned()),
        ("GATEWAY_ANSWER_CACHE".to_owned(), if answer_cache { "on" } else { "off" }.to_owned()),
    ];
    let servers = Servers {
        children: vec![spawn("standalone", "spa-standalone", &env)?],
        base: format!("http://127.0.0.1:{port}"),
        cleanup: vec![],
        namespace: None,
        ports,
        rooms_db: format!("sqlite://{}/rooms.db", dir.display()),
    };
    wait_ready(&format!("{}/readyz", servers.base)).await?;
    Ok(servers)
}

/// The distributed stack with `rooms` rooms processes on the one rooms
/// database; the gateway caches its answers when `answer_cache`.
async fn distributed(rooms: usize, answer_cache: bool) -> anyhow::Result<Servers> {
    let pg = spa_platform::config::var_or("TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test");
    let nats = spa_platform::config::var_or("TEST_NATS_URL", "nats://127.0.0.1:4222");
    let redis = spa_platform::config::var_or("TEST_REDIS_URL", "redis://127.0.0.1:6379");
    let run = format!("b{}", &uuid::Uuid::new_v4().simple().to_string()[..10]);
    let services = ["catalog", "rooms", "cart", "users", "content"];
    let mut servers = Servers {
        children: vec![],
        base: String::new(),
        cleanup: vec![],
        namespace: Some(run.clone()),
        ports: vec![],
        rooms_db: spa_platform::testkit::postgres_database_url(&pg, &format!("spa_{run}_rooms")),
    };
    // Each service's gRPC ports: one per process.
    let grpc: Vec<Vec<u16>> = services
        .iter()
        .map(|s| (0..if *s == "rooms" { rooms.max(1) } else { 1 }).map(|_| reserve_port(&mut servers.ports)).collect())
        .collect();
    let peers: Vec<(String, String)> = services
        .iter()
        .zip(&grpc)
        .map(|(s, ports)| {
            let list: Vec<String> = ports.iter().map(|p| format!("http://127.0.0.1:{p}")).collect();
            (format!("{}_ADDR", s.to_uppercase()), list.join(","))
        })
        .collect();
    for (service, ports) in services.iter().zip(&grpc) {
        let db = format!("spa_{run}_{service}");
        servers.cleanup.push(db.clone());
        for port in ports {
            let ops = reserve_port(&mut servers.ports);
            let mut env = peers.clone();
            env.extend([
                ("GRPC_ADDR".to_owned(), format!("127.0.0.1:{port}")),
                ("OPS_ADDR".to_owned(), format!("127.0.0.1:{ops}")),
                ("DATABASE_URL".to_owned(), spa_platform::testkit::postgres_database_url(&pg, &db)),
                ("NATS_URL".to_owned(), nats.clone()),
                ("NATS_NAMESPACE".to_owned(), run.clone()),
                ("REDIS_URL".to_owned(), redis.clone()),
                ("BANK_ACCOUNT_HOLDER".to_owned(), BENCH_ACCOUNT.0.to_owned()),
                ("BANK_ACCOUNT_IBAN".to_owned(), BENCH_ACCOUNT.1.to_owned()),
                // The catalog's pictures outside the working directory.
                ("PICTURE_DIR".to_owned(), std::env::temp_dir().join(format!("spa-bench-pictures-{run}")).display().to_string()),
            ]);
            servers.children.push(spawn(service, &format!("spa-{service}"), &env)?);
            wait_ready(&format!("http://127.0.0.1:{ops}/readyz")).await?;
        }
    }
    let port = reserve_port(&mut servers.ports);
    let mut env = peers;
    env.extend([
        ("HTTP_ADDR".to_owned(), format!("127.0.0.1:{port}")),
        ("OPS_ADDR".to_owned(), format!("127.0.0.1:{}", reserve_port(&mut servers.ports))),
        ("WEB_DIST".to_owned(), "/nonexistent".to_owned()),
        ("NATS_URL".to_owned(), nats),
        ("NATS_NAMESPACE".to_owned(), run),
        ("REDIS_URL".to_owned(), redis),
        ("RATE_LIMIT_WRITES_PER_MIN".to_owned(), "0".to_owned()),
        ("CLIENT_IP_HEADER".to_owned(), CLIENT_IP_HEADER.to_owned()),
        ("GATEWAY_ANSWER_CACHE".to_owned(), if answer_cache { "on" } else { "off" }.to_owned()),
    ]);
    servers.children.push(spawn("gateway", "spa-gateway", &env)?);
    servers.base = format!("http://127.0.0.1:{port}");
    wait_ready(&format!("{}/readyz", servers.base)).await?;
    Ok(servers)
}

struct Outcome {
    rps: f64,
    p50_ms: f64,
    p99_ms: f64,
    errors: u64,
}

/// Every stay the search rows ask for: 1-7 nights starting within the next
/// year, for 1-2 adults and 0-1 children (9,996 stays), in an order shuffled
/// once with a fixed seed, so the most asked-for stays are spread over the
/// year as a season's are.
struct Stays {
    paths: Vec<String>,
    /// Cumulative Zipf weights: the stay of rank k is asked for in
    /// proportion to 1/k^[`ZIPF_EXPONENT`].
    cumulative: Vec<f64>,
}

/// The Zipf mix's exponent: a few stays (a long weekend, the holidays)
/// draw most searches, and a long tail is asked for once in a while.
const ZIPF_EXPONENT: f64 = 1.0;

static STAYS: std::sync::LazyLock<Stays> = std::sync::LazyLock::new(|| {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let today = chrono::Local::now().date_naive();
    let mut paths = Vec::new();
    for start in 1..=357u64 {
        let from = today + chrono::Days::new(start);
        for nights in 1..=7u64 {
            let to = from + chrono::Days::new(nights);
            for adults in 1..=2 {
                for children in 0..=1 {
                    paths.push(format!(
                        "/shop-api/rooms/search?channel=web_pl&locale=pl&from={from}&to={to}&adults={adults}&children={children}&babies=0"
                    ));
                }
            }
        }
    }
    paths.shuffle(&mut rand::rngs::StdRng::seed_from_u64(2026));
    let mut sum = 0.0;
    let cumulative = (1..=paths.len())
        .map(|rank| {
            sum += 1.0 / (rank as f64).powf(ZIPF_EXPONENT);
            sum
        })
        .collect();
    Stays { paths, cumulative }
});

/// How the search rows pick a stay.
#[derive(Clone, Copy)]
enum Mix {
    /// Every stay alike.
    Uniform,
    /// Some stays far more than others ([`ZIPF_EXPONENT`]).
    Zipf,
}

fn search_path(mix: Mix) -> String {
    let stays = &*STAYS;
    let mut rng = rand::rng();
    let i = match mix {
        Mix::Uniform => rng.random_range(0..stays.paths.len()),
        Mix::Zipf => {
            let total = stays.cumulative.last().copied().unwrap_or(0.0);
            let u = rng.random::<f64>() * total;
            stays.cumulative.partition_point(|c| *c < u).min(stays.paths.len() - 1)
        }
    };
    stays.paths[i].clone()
}

/// What a row of the table measures.
#[derive(Clone)]
enum Target {
    /// `/healthz`: the ceiling.
    Healthz,
    /// Room search for stays picked by the mix.
    Search(Mix),
    /// One cached read.
    Read(&'static str),
    /// One basket, read whole: never cached, every line priced by the
    /// catalog and the rooms service on each read.
    Basket(Arc<str>),
}

/// The rows of each run, with their names.
const TARGETS: [(&str, Target); 6] = [
    ("healthz", Target::Healthz),
    ("search", Target::Search(Mix::Zipf)),
    ("search-unif", Target::Search(Mix::Uniform)),
    ("treatments", Target::Read("/shop-api/offer/treatment?channel=web_pl&locale=pl&limit=20")),
    ("packages", Target::Read("/shop-api/offer/package?channel=web_pl&locale=pl&limit=20")),
    ("product", Target::Read("/shop-api/products/by-slug/romantyczny-weekend-we-dwoje?channel=web_pl&locale=pl")),
];

impl Target {
    fn path(&self) -> String {
        match self {
            Target::Healthz => "/healthz".to_owned(),
            Target::Search(mix) => search_path(*mix),
            Target::Read(path) => (*path).to_owned(),
            Target::Basket(path) => path.to_string(),
        }
    }
}

/// A basket as a guest fills it for a weekend: a 2-night stay with a
/// package for two, a treatment, a product and a gift voucher. Returns the
/// path that reads it.
async fn basket(base: &str) -> anyhow::Result<Target> {
    let http = reqwest::Client::new();
    let cart = format!("/shop-api/carts/{}", uuid::Uuid::new_v4().simple());
    let today = chrono::Local::now().date_naive();
    let (from, to) = (today + chrono::Days::new(30), today + chrono::Days::new(32));
    let mut bodies = vec![(cart.clone(), serde_json::json!({"locale": "pl"}))];
    for item in [
        serde_json::json!({"type": "reservation_with_package", "packageCode": "PKG_ROMANTIC_WEEKEND", "productCode": "ROOM_STANDARD_DOUBLE",
            "options": {"checkIn": from.to_string(), "checkOut": to.to_string(), "adults": 2}}),
        serde_json::json!({"type": "treatment", "productCode": "TR_HOT_STONE"}),
        serde_json::json!({"type": "product", "productCode": "PR_HONEY_BODY_BALM", "quantity": 2}),
        serde_json::json!({"type": "voucher", "productCode": "VC_AMOUNT", "options": {"priceOption": 1}}),
    ] {
        bodies.push((format!("{cart}/items"), item));
    }
    for (path, body) in bodies {
        let r = http.post(format!("{base}{path}?channel=web_pl&locale=pl")).json(&body).send().await?;
        anyhow::ensure!(r.status().is_success(), "{path}: {} {}", r.status(), r.text().await.unwrap_or_default());
    }
    Ok(Target::Basket(format!("{cart}?channel=web_pl&locale=pl").into()))
}

/// `conns` workers, each with its own connection, for `seconds` after a
/// warm-up; latencies of the measured window only.
async fn load(base: &str, conns: usize, warmup: u64, seconds: u64, target: Target, gzip: bool) -> anyhow::Result<Outcome> {
    let stop = Arc::new(AtomicBool::new(false));
    let measuring = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for _ in 0..conns {
        let mut headers = reqwest::header::HeaderMap::new();
        if gzip {
            headers.insert(reqwest::header::ACCEPT_ENCODING, reqwest::header::HeaderValue::from_static("gzip, deflate, br"));
        }
        let http =
            reqwest::Client::builder().pool_max_idle_per_host(1).timeout(Duration::from_secs(10)).default_headers(headers).build()?;
        let (stop, measuring, base, target) = (stop.clone(), measuring.clone(), base.to_owned(), target.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::with_capacity(100_000);
            let mut errors = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let path = target.path();
                let started = Instant::now();
                let ok = match http.get(format!("{base}{path}")).send().await {
                    Ok(r) => r.status().is_success() && r.bytes().await.is_ok(),
                    Err(_) => false,
                };
                if measuring.load(Ordering::Relaxed) {
                    if ok {
                        latencies.push(started.elapsed().as_micros() as u32);
                    } else {
                        errors += 1;
                    }
                }
            }
            (latencies, errors)
        }));
    }
    tokio::time::sleep(Duration::from_secs(warmup)).await;
    measuring.store(true, Ordering::Relaxed);
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    measuring.store(false, Ordering::Relaxed);
    let elapsed = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let mut all = Vec::new();
    let mut errors = 0;
    for t in tasks {
        let (l, e) = t.await?;
        all.extend(l);
        errors += e;
    }
    all.sort_unstable();
    let pct = |p: f64| all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1))).copied().unwrap_or(0) as f64 / 1000.0;
    Ok(Outcome { rps: all.len() as f64 / elapsed, p50_ms: pct(0.50), p99_ms: pct(0.99), errors })
}

/// What the checkout journey measured.
struct Journeys {
    orders_per_s: f64,
    p50_ms: f64,
    p99_ms: f64,
    just_booked: u64,
    errors: u64,
}

/// One buyer's journey with a new basket; Ok(true) for a placed order,
/// Ok(false) when the room was sold to another buyer meanwhile.
async fn journey(http: &reqwest::Client, base: &str) -> anyhow::Result<bool> {
    let q = "channel=web_pl&locale=pl";
    let token = uuid::Uuid::new_v4().simple().to_string();
    let address = {
        let mut rng = rand::rng();
        format!("10.{}.{}.{}", rng.random_range(0..=255), rng.random_range(0..=255), rng.random_range(1..=254))
    };
    let send = |method: reqwest::Method, path: String, body: serde_json::Value| {
        let request = http.request(method, format!("{base}{path}")).header(CLIENT_IP_HEADER, address.as_str()).json(&body);
        async move {
            let r = request.send().await?;
            let status = r.status().as_u16();
            let body: serde_json::Value = r.json().await.unwrap_or_default();
            anyhow::Ok((status, body))
        }
    };
    let ok = |what: &str, (status, body): (u16, serde_json::Value)| -> anyhow::Result<serde_json::Value> {
        anyhow::ensure!((200..300).contains(&status), "{what}: {status} {body}");
        Ok(body)
    };
    ok("cart", send(reqwest::Method::POST, format!("/shop-api/carts/{token}?{q}"), serde_json::json!({"locale": "pl"})).await?)?;
    let (from, to) = {
        let mut rng = rand::rng();
        let from = chrono::Local::now().date_naive() + chrono::Days::new(rng.random_range(1..=357));
        (from, from + chrono::Days::new(rng.random_range(1..=2)))
    };
    let search = ok(
        "search",
        send(
            reqwest::Method::GET,
            format!("/shop-api/rooms/search?{q}&from={from}&to={to}&adults=2&children=0&babies=0"),
            serde_json::Value::Null,
        )
        .await?,
    )?;
    let free: Vec<String> = search["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["available"].as_u64().unwrap_or(0) > 0)
        .filter_map(|r| r["code"].as_str().map(str::to_owned))
        .collect();
    let Some(room) = free.get(rand::rng().random_range(0..free.len().max(1))) else { return Ok(false) };
    let item = serde_json::json!({"type": "reservation", "productCode": room, "options": {"checkIn": from.to_string(), "checkOut": to.to_string(), "adults": 2}});
    let (status, body) = send(reqwest::Method::POST, format!("/shop-api/carts/{token}/items?{q}"), item).await?;
    if status == 409 {
        return Ok(false);
    }
    ok("add", (status, body))?;
    let guest = serde_json::json!({
        "customer": {"firstName": "Anna", "lastName": "Nowak", "email": format!("anna.{token}@example.pl"), "phone": "+48 600 100 200"},
        "billingAddress": {"countryCode": "PL"},
        "regulationsAccepted": true
    });
    ok("address", send(reqwest::Method::PUT, format!("/shop-api/checkout/{token}/address?{q}"), guest).await?)?;
    let payment = serde_json::json!({"method": "bank_transfer"});
    ok("payment", send(reqwest::Method::PUT, format!("/shop-api/checkout/{token}/payment/0?{q}"), payment).await?)?;
    let (status, body) = send(reqwest::Method::PUT, format!("/shop-api/checkout/{token}/complete?{q}"), serde_json::Value::Null).await?;
    if status == 409 && body["code"] == "room_just_booked" {
        return Ok(false);
    }
    let order = ok("complete", (status, body))?;
    anyhow::ensure!(order["bookingCode"].as_str().is_some_and(|c| c.starts_with("SPA-")), "complete: no booking code in {order}");
    Ok(true)
}

/// `buyers` buyers going through checkout for `seconds` after a warm-up.
async fn checkout_journeys(base: &str, buyers: usize, warmup: u64, seconds: u64) -> anyhow::Result<Journeys> {
    let stop = Arc::new(AtomicBool::new(false));
    let measuring = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for _ in 0..buyers {
        let http = reqwest::Client::builder().pool_max_idle_per_host(1).timeout(Duration::from_secs(10)).build()?;
        let (stop, measuring, base) = (stop.clone(), measuring.clone(), base.to_owned());
        tasks.push(tokio::spawn(async move {
            let (mut latencies, mut just_booked, mut errors) = (Vec::new(), 0u64, 0u64);
            while !stop.load(Ordering::Relaxed) {
                let started = Instant::now();
                let outcome = journey(&http, &base).await;
                if !measuring.load(Ordering::Relaxed) {
                    continue;
                }
                match outcome {
                    Ok(true) => latencies.push(started.elapsed().as_micros() as u32),
                    Ok(false) => just_booked += 1,
                    Err(e) => {
                        if errors == 0 {
                            eprintln!("checkout journey failed: {e:#}");
                        }
                        errors += 1;
                    }
                }
            }
            (latencies, just_booked, errors)
        }));
    }
    tokio::time::sleep(Duration::from_secs(warmup)).await;
    measuring.store(true, Ordering::Relaxed);
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    measuring.store(false, Ordering::Relaxed);
    let elapsed = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let (mut all, mut just_booked, mut errors) = (Vec::new(), 0, 0);
    for t in tasks {
        let (l, j, e) = t.await?;
        all.extend(l);
        just_booked += j;
        errors += e;
    }
    all.sort_unstable();
    let pct = |p: f64| all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1))).copied().unwrap_or(0) as f64 / 1000.0;
    Ok(Journeys { orders_per_s: all.len() as f64 / elapsed, p50_ms: pct(0.50), p99_ms: pct(0.99), just_booked, errors })
}

/// [`checkout_journeys`] on a thread and runtime of its own: eight buyers
/// waiting on the servers need no more than one thread, and a one-thread
/// client takes less of the cores it shares with the servers (the cached
/// reads keep the multi-threaded runtime: their hundreds of connections
/// need it to measure the ceiling).
async fn checkout_journeys_on_one_thread(base: &str, buyers: usize, warmup: u64, seconds: u64) -> anyhow::Result<Journeys> {
    let base = base.to_owned();
    let (done, result) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let measured = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(anyhow::Error::from)
            .and_then(|runtime| runtime.block_on(checkout_journeys(&base, buyers, warmup, seconds)));
        let _ = done.send(measured);
    });
    result.await.context("the buyers' thread ended early")?
}

/// Nights held or booked beyond a room type's units, counted from the holds
/// themselves (not the inventory's own counters).
async fn oversold_nights(rooms_db: &str) -> anyhow::Result<i64> {
    let db = spa_platform::db::Db::connect(rooms_db).await?;
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM (SELECT h.room_code, h.night, SUM(h.quantity) AS taken FROM hold_nights h \
         JOIN holds o ON o.order_id = h.order_id WHERE o.status IN ('held', 'confirmed') GROUP BY h.room_code, h.night) t \
         JOIN inventory i ON i.room_code = t.room_code AND i.night = t.night WHERE t.taken > i.units",
    )
    .fetch_one(db.pool())
    .await?;
    Ok(n)
}

async fn clean_up(databases: &[String], namespace: Option<&str>) {
    let pg = spa_platform::config::var_or("TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test");
    if let Ok(admin) = spa_platform::db::Db::connect(&pg).await {
        for n in databases {
            let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS \"{n}\" WITH (FORCE)")).execute(admin.pool()).await;
        }
    }
    if let Some(ns) = namespace {
        let nats = spa_platform::config::var_or("TEST_NATS_URL", "nats://127.0.0.1:4222");
        if let Ok(bus) = spa_platform::bus::NatsBus::connect(&nats, Some(ns)).await {
            let _ = bus.delete_stream().await;
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let a = args()?;
    println!(
        "cached reads load benchmark: {} s per measurement after {} s warm-up, {} cores, {}",
        a.seconds,
        a.warmup,
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        if a.gzip { "requests take gzip" } else { "requests do not take gzip" }
    );
    println!(
        "{:<19} {:>6} {:<11} {:>10} {:>9} {:>9} {:>7} {:>10} {:>7} {:>7}",
        "mode", "conns", "path", "req/s", "p50 ms", "p99 ms", "errors", "peak MiB", "ratio", "target"
    );
    for mode in &a.modes {
        let servers = match mode.as_str() {
            "standalone" => standalone("in-process", true).await?,
            "standalone-loopback" => standalone("loopback", true).await?,
            "standalone-uncached" => standalone("in-process", false).await?,
            "distributed" => distributed(1, true).await?,
            "distributed-uncached" => distributed(1, false).await?,
            "distributed-3rooms" => distributed(3, true).await?,
            other => bail!("unknown mode {other}"),
        };
        let uncached = mode.ends_with("-uncached");
        for &conns in a.conns.iter().filter(|_| a.reads) {
            let mut ceiling = 1.0f64;
            // The modes that compare one thing measure search against the ceiling only.
            let narrow = mode != "standalone" && mode != "distributed";
            let basket_row = if narrow { None } else { Some(("basket", basket(&servers.base).await?)) };
            let rows = TARGETS.into_iter().filter(|(name, _)| !narrow || matches!(*name, "healthz" | "search")).chain(basket_row);
            for (name, target) in rows {
                let o = load(&servers.base, conns, a.warmup, a.seconds, target.clone(), a.gzip).await?;
                let (ratio, verdict) = match target {
                    Target::Healthz => {
                        ceiling = o.rps.max(1.0);
                        (String::new(), String::new())
                    }
                    // Not a cached read: measured, with no target of its own yet.
                    Target::Basket(_) => (format!("{:.2}", o.rps / ceiling), "-".to_owned()),
                    // Nothing cached: every search is read from the rooms service.
                    Target::Search(_) if uncached => {
                        let met = o.p99_ms < UNCACHED_P99_MS && o.errors == 0;
                        (format!("{:.2}", o.rps / ceiling), if met { "met" } else { "missed" }.to_owned())
                    }
                    _ => {
                        let ratio = o.rps / ceiling;
                        let met = ratio >= TARGET_RATIO && o.p99_ms < TARGET_P99_MS && o.errors == 0;
                        (format!("{ratio:.2}"), if met { "met" } else { "missed" }.to_owned())
                    }
                };
                println!(
                    "{:<19} {:>6} {:<11} {:>10.0} {:>9.2} {:>9.2} {:>7} {:>10.1} {:>7} {:>7}",
                    mode,
                    conns,
                    name,
                    o.rps,
                    o.p50_ms,
                    o.p99_ms,
                    o.errors,
                    servers.peak_rss_mib(),
                    ratio,
                    verdict
                );
            }
        }
        if mode == "distributed-3rooms" || uncached {
            let (databases, namespace) = (servers.cleanup.clone(), servers.namespace.clone());
            drop(servers);
            clean_up(&databases, namespace.as_deref()).await;
            continue;
        }
        let j = checkout_journeys_on_one_thread(&servers.base, a.buyers, a.warmup, a.seconds).await?;
        let oversold = oversold_nights(&servers.rooms_db).await?;
        let met = j.orders_per_s >= TARGET_ORDERS_PER_S && j.p99_ms < TARGET_JOURNEY_P99_MS && j.errors == 0 && oversold == 0;
        println!(
            "{mode:<19} checkout journey, {} buyers: {:.1} orders/s, p50 {:.2} ms, p99 {:.2} ms, {} room just booked, {} errors, \
             {oversold} nights over-sold, peak {:.1} MiB; target {TARGET_ORDERS_PER_S} orders/s with p99 under {TARGET_JOURNEY_P99_MS} ms: {}",
            a.buyers,
            j.orders_per_s,
            j.p50_ms,
            j.p99_ms,
            j.just_booked,
            j.errors,
            servers.peak_rss_mib(),
            if met { "met" } else { "missed" }
        );
        let (databases, namespace) = (servers.cleanup.clone(), servers.namespace.clone());
        drop(servers);
        clean_up(&databases, namespace.as_deref()).await;
    }
    Ok(())
}
