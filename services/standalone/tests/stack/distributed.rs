//! The distributed mode proven on one machine: each service and the gateway
//! run as their own OS process against the real PostgreSQL, NATS and Redis.
//! The binaries come from the same target directory as this test (the test
//! command builds the workspace's binaries first).

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use spa_platform::db::Db;
use spa_platform::testkit::{self, NatsServer, ProxyMode, ReservedPort, TcpProxy};
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::rooms::v1::{Guests, ReserveRequest, StayLine};
use sqlx::Row;

use crate::support::{client, common_checks, eventually, stay};

pub fn bin(name: &str) -> PathBuf {
    // target/<profile>/deps/<test binary> -> target/<profile>/<name>
    let exe = std::env::current_exe().unwrap();
    let path = exe.parent().unwrap().parent().unwrap().join(name);
    assert!(path.exists(), "{} is missing: build the workspace binaries first (cargo build --workspace --bins)", path.display());
    path
}

/// Ports for `n` processes to listen on, kept from everyone else until the
/// reservations are dropped (see [`ReservedPort`]).
pub fn reserve_ports(n: usize) -> Vec<ReservedPort> {
    (0..n).map(|_| ReservedPort::new()).collect()
}

/// Kills every process on drop, so a failing test leaves none behind.
pub struct Processes(pub Vec<(&'static str, Child)>);

impl Processes {
    /// Fails the test if a process has exited: a process that is gone must
    /// not pass for one that is still starting.
    pub fn assert_running(&mut self) {
        for (name, child) in &mut self.0 {
            if let Ok(Some(status)) = child.try_wait() {
                panic!("{name} exited with {status} while it should be running (its output is above)");
            }
        }
    }

    /// Sends SIGTERM and waits: the graceful path every orchestrator uses.
    /// The wait sleeps on the test's runtime rather than blocking it, so the
    /// test's own connections to the processes (a gRPC client answering the
    /// server's shutdown handshake, a proxy) go on working meanwhile.
    pub async fn terminate(&mut self) -> Vec<(&'static str, std::process::ExitStatus)> {
        for (_, child) in &self.0 {
            let _ = Command::new("kill").arg("-TERM").arg(child.id().to_string()).status();
        }
        let mut stopped = Vec::new();
        for (name, mut child) in self.0.drain(..) {
            let mut status = None;
            for _ in 0..100 {
                status = child.try_wait().unwrap();
                if status.is_some() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let status = status.unwrap_or_else(|| {
                let _ = child.kill();
                child.wait().unwrap()
            });
            stopped.push((name, status));
        }
        stopped
    }
}

impl Processes {
    /// SIGTERM to every process; each must exit cleanly.
    pub async fn terminate_cleanly(&mut self) {
        for (name, status) in self.terminate().await {
            assert!(status.success(), "{name} exited with {status}");
        }
    }
}

impl Drop for Processes {
    fn drop(&mut self) {
        for (_, child) in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Replicas of the rooms service on one PostgreSQL database, each ready.
/// The ports stay reserved as long as the replicas live.
pub struct RoomsReplicas {
    pub procs: Processes,
    /// Each replica's gRPC address.
    pub grpc: Vec<String>,
    /// Each replica's ops address (readiness, the test clock).
    pub ops: Vec<String>,
    _ports: Vec<ReservedPort>,
}

impl RoomsReplicas {
    /// Starts `n` `spa-rooms` processes on the database at `url`, with `env` added.
    pub async fn start(n: usize, url: &str, env: &[(&str, &str)]) -> Self {
        let ports = reserve_ports(2 * n);
        let mut replicas = Self { procs: Processes(Vec::new()), grpc: Vec::new(), ops: Vec::new(), _ports: Vec::new() };
        for pair in ports.chunks(2) {
            let (grpc, ops) = (pair[0].port(), pair[1].port());
            let mut cmd = Command::new(bin("spa-rooms"));
            cmd.env_clear()
                .env("PATH", std::env::var("PATH").unwrap_or_default())
                .env("RUST_LOG", "warn")
                .env("GRPC_ADDR", format!("127.0.0.1:{grpc}"))
                .env("OPS_ADDR", format!("127.0.0.1:{ops}"))
                .env("DATABASE_URL", url)
                .envs(env.iter().copied())
                .stdout(Stdio::null())
                .stderr(Stdio::inherit());
            replicas.procs.0.push(("rooms", cmd.spawn().unwrap()));
            let ready = format!("http://127.0.0.1:{ops}/readyz");
            eventually(&ready, || {
                replicas.procs.assert_running();
                async { client().get(&ready).send().await.ok().filter(|r| r.status().is_success()).map(|_| ()) }
            })
            .await;
            replicas.grpc.push(format!("http://127.0.0.1:{grpc}"));
            replicas.ops.push(format!("http://127.0.0.1:{ops}"));
        }
        replicas._ports = ports;
        replicas
    }

    /// A gRPC client of each replica.
    pub fn clients(&self) -> Vec<RoomsServiceClient<spa_platform::grpc::Balanced>> {
        self.grpc.iter().map(|url| RoomsServiceClient::new(crate::support::channel(url))).collect()
    }
}

const SERVICES: [(&str, &str); 5] =
    [("catalog", "spa-catalog"), ("rooms", "spa-rooms"), ("cart", "spa-cart"), ("users", "spa-users"), ("content", "spa-content")];

/// Every service and the gateway, each its own OS process, with one
/// PostgreSQL database per service made for this run.
struct Distributed {
    procs: Processes,
    grpc: Vec<u16>,
    ops: Vec<u16>,
    gateway_ops: u16,
    http_port: u16,
    pg: String,
    databases: Vec<String>,
    /// What every process is started with.
    env: Vec<(String, String)>,
    /// The processes' ports, kept until they have stopped.
    _ports: Vec<ReservedPort>,
}

impl Distributed {
    /// Starts the processes; returns before they are ready.
    fn start(run: &str, nats_url: &str, nats_namespace: Option<&str>, redis_url: &str, settings: &[(&str, String)]) -> Self {
        Self::start_with_rooms(run, nats_url, nats_namespace, redis_url, settings, &[])
    }

    /// [`Self::start`], with the gRPC ports of more rooms replicas (started
    /// by [`Self::spawn_rooms`]) in everyone's rooms peer setting.
    fn start_with_rooms(
        run: &str,
        nats_url: &str,
        nats_namespace: Option<&str>,
        redis_url: &str,
        settings: &[(&str, String)],
        more_rooms: &[u16],
    ) -> Self {
        let ports = reserve_ports(2 * SERVICES.len() + 2);
        let port = |i: usize| ports[i].port();
        let grpc: Vec<u16> = (0..SERVICES.len()).map(port).collect();
        let ops: Vec<u16> = (SERVICES.len()..2 * SERVICES.len()).map(port).collect();
        let http_port = port(2 * SERVICES.len());
        let gateway_ops = port(2 * SERVICES.len() + 1);
        let pg = testkit::postgres_url();
        let databases: Vec<String> = SERVICES.iter().map(|(name, _)| format!("spa_{run}_{name}")).collect();
        let peer_env = SERVICES.iter().zip(&grpc).map(|((name, _), port)| {
            let mut addr = format!("http://127.0.0.1:{port}");
            if *name == "rooms" {
                addr.extend(more_rooms.iter().map(|p| format!(",http://127.0.0.1:{p}")));
            }
            (format!("{}_ADDR", name.to_uppercase()), addr)
        });
        let temp = |what: &str| std::env::temp_dir().join(format!("{what}-{run}")).display().to_string();
        let env: Vec<(String, String)> = [
            ("PATH", std::env::var("PATH").unwrap_or_default()),
            ("RUST_LOG", "warn".to_owned()),
            // Tests move every process's clock through its ops port.
            ("CLOCK_CONTROL", "on".to_owned()),
            ("BANK_ACCOUNT_HOLDER", "Pensjonat Spa".to_owned()),
            ("BANK_ACCOUNT_IBAN", crate::support::TestStack::DEMO_IBAN.to_owned()),
            // 50 checkouts race at once on two cores in this test.
            ("UPSTREAM_TIMEOUT_MS", "10000".to_owned()),
            ("MAIL_DIR", temp("spa-mail")),
            // Pictures in a directory of the run's own, unless a bucket is set.
            ("PICTURE_DIR", temp("spa-pictures")),
            ("NATS_URL", nats_url.to_owned()),
            ("REDIS_URL", redis_url.to_owned()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .chain(nats_namespace.map(|ns| ("NATS_NAMESPACE".to_owned(), ns.to_owned())))
        .chain(peer_env)
        .chain(settings.iter().map(|(k, v)| ((*k).to_owned(), v.clone())))
        .collect();
        let common = |cmd: &mut Command| {
            cmd.env_clear().envs(env.iter().map(|(k, v)| (k, v))).stdout(Stdio::null()).stderr(Stdio::inherit());
        };
        let mut procs = Processes(Vec::new());
        for (i, (name, binary)) in SERVICES.iter().enumerate() {
            let mut cmd = Command::new(bin(binary));
            common(&mut cmd);
            cmd.env("GRPC_ADDR", format!("127.0.0.1:{}", grpc[i]))
                .env("OPS_ADDR", format!("127.0.0.1:{}", ops[i]))
                .env("DATABASE_URL", testkit::postgres_database_url(&pg, &databases[i]));
            procs.0.push((name, cmd.spawn().unwrap()));
        }
        let mut gateway = Command::new(bin("spa-gateway"));
        common(&mut gateway);
        gateway
            .env("HTTP_ADDR", format!("127.0.0.1:{http_port}"))
            .env("OPS_ADDR", format!("127.0.0.1:{gateway_ops}"))
            .env("WEB_DIST", "/nonexistent")
            // 50 visitors check out from one address in the race below.
            .env("RATE_LIMIT_WRITES_BURST", "1000")
            .env("MEDIA_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../catalog/seed/media"));
        procs.0.push(("gateway", gateway.spawn().unwrap()));
        Self { procs, grpc, ops, gateway_ops, http_port, pg, databases, env, _ports: ports }
    }

    /// One more rooms process on the rooms database, with everyone's
    /// settings, on the ports given; returns before it is ready.
    fn spawn_rooms(&self, grpc: u16, ops: u16) -> Child {
        let i = SERVICES.iter().position(|(n, _)| *n == "rooms").expect("rooms");
        Command::new(bin("spa-rooms"))
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .env("GRPC_ADDR", format!("127.0.0.1:{grpc}"))
            .env("OPS_ADDR", format!("127.0.0.1:{ops}"))
            .env("DATABASE_URL", testkit::postgres_database_url(&self.pg, &self.databases[i]))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap()
    }

    /// One more gateway, with everyone's settings, on the ports given;
    /// returns before it is ready.
    fn spawn_gateway(&self, http: u16, ops: u16) -> Child {
        Command::new(bin("spa-gateway"))
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .env("HTTP_ADDR", format!("127.0.0.1:{http}"))
            .env("OPS_ADDR", format!("127.0.0.1:{ops}"))
            .env("WEB_DIST", "/nonexistent")
            .env("RATE_LIMIT_WRITES_BURST", "1000")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap()
    }

    /// Every process's clock, moved through its ops port.
    fn clocks(&self) -> crate::support::Clocks {
        let mut ops: Vec<String> = self.ops.iter().map(|p| format!("http://127.0.0.1:{p}")).collect();
        ops.push(format!("http://127.0.0.1:{}", self.gateway_ops));
        crate::support::Clocks::Remote(ops)
    }

    fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.http_port)
    }

    /// `path` (`/healthz`, `/readyz`) of every service and of the gateway.
    fn probe_urls(&self, path: &str) -> Vec<String> {
        self.ops.iter().chain(std::iter::once(&self.http_port)).map(|port| format!("http://127.0.0.1:{port}{path}")).collect()
    }

    /// Waits until every `/readyz` answers `status` (0: no answer at all).
    async fn all_readyz(&mut self, status: u16) {
        self.all_answer("/readyz", &status.to_string(), |got| got == status).await;
    }

    /// Waits until every process is ready and reports `dependency`
    /// (`bus`, `cache`) up or down in its `/metrics`.
    async fn all_ready_reporting(&mut self, dependency: &str, up: bool) {
        let http = client();
        let line = format!("dependency_up{{dependency=\"{dependency}\"}} {}", u8::from(up));
        let ops = self.ops.iter().chain(std::iter::once(&self.gateway_ops)).copied().collect::<Vec<_>>();
        for (ready, port) in self.probe_urls("/readyz").into_iter().zip(ops) {
            let metrics = format!("http://127.0.0.1:{port}/metrics");
            eventually(&format!("{ready} to answer 200 and {metrics} to say {line}"), || {
                self.procs.assert_running();
                let (http, ready, metrics, line) = (http.clone(), ready.clone(), metrics.clone(), line.clone());
                async move {
                    // The probe is what looks at the dependencies.
                    let status = http.get(&ready).send().await.ok()?.status().as_u16();
                    let text = http.get(&metrics).send().await.ok()?.text().await.ok()?;
                    (status == 200 && text.lines().any(|l| l == line)).then_some(())
                }
            })
            .await;
        }
    }

    /// Waits until every `/healthz` answers: each process is up.
    async fn all_healthy(&mut self) {
        self.all_answer("/healthz", "2xx", |got| (200..300).contains(&got)).await;
    }

    /// Waits until `path` of every process answers a status that `want`
    /// takes, and fails at once when a process has exited.
    async fn all_answer(&mut self, path: &str, what: &str, want: impl Fn(u16) -> bool) {
        let http = client();
        for url in self.probe_urls(path) {
            eventually(&format!("{url} to answer {what}"), || {
                self.procs.assert_running();
                let (http, url) = (http.clone(), url.clone());
                let want = &want;
                async move {
                    let got = http.get(&url).send().await.map(|r| r.status().as_u16()).unwrap_or(0);
                    want(got).then_some(())
                }
            })
            .await;
        }
    }

    /// SIGTERM to one service's process; it must exit cleanly.
    async fn stop_service(&mut self, service: &str) {
        let i = self.procs.0.iter().position(|(n, _)| *n == service).expect("a service");
        let mut one = Processes(vec![self.procs.0.remove(i)]);
        one.terminate_cleanly().await;
    }

    async fn db(&self, service: &str) -> Db {
        let i = SERVICES.iter().position(|(n, _)| *n == service).expect("a service");
        Db::connect(&testkit::postgres_database_url(&self.pg, &self.databases[i])).await.unwrap()
    }

    /// SIGTERM to every process (each must exit cleanly), then drops the
    /// run's databases.
    async fn stop(mut self) {
        self.procs.terminate_cleanly().await;
        let admin = Db::connect(&self.pg).await.unwrap();
        for db in &self.databases {
            sqlx::query(&format!("DROP DATABASE IF EXISTS \"{db}\" WITH (FORCE)")).execute(admin.pool()).await.unwrap();
        }
    }
}

#[tokio::test]
#[cfg_attr(
    not(all(has_postgres, has_nats, has_redis, has_s3)),
    ignore = "TEST_POSTGRES_URL, TEST_NATS_URL, TEST_REDIS_URL and TEST_MOTO_SERVER must all be set"
)]
async fn every_service_as_its_own_process_on_postgres_nats_and_redis() {
    let run = testkit::unique("d");
    // A fake Przelewy24 for the cart process, and the caps on unpaid orders
    // (50 visitors check out from one address below).
    let p24_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut settings = crate::payments::przelewy24_settings(&format!("http://{}", p24_listener.local_addr().unwrap()));
    settings.extend([("MAX_UNPAID_NIGHTS_PER_EMAIL", UNPAID_CAP.to_string()), ("MAX_UNPAID_NIGHTS_PER_CLIENT", "1000".to_owned())]);
    // The catalog keeps its pictures in a bucket of an S3-compatible store.
    let s3 = testkit::S3Server::start().await;
    settings.extend(s3.settings());
    let mut stack = Distributed::start(&run, &testkit::nats_url(), Some(&run), &testkit::redis_url(), &settings);
    stack.all_readyz(200).await;
    let base = stack.base();
    let p24 = crate::payments::fake_przelewy24(&base, p24_listener);
    common_checks(&base).await;
    let http = client();
    pictures_are_kept_in_the_bucket(&base, &stack, &s3).await;

    // Checkout on PostgreSQL: 50 visitors race for the last two rooms.
    let rooms = format!("http://127.0.0.1:{}", stack.grpc[1]);
    crate::checkout::fifty_visitors_race_for_two_rooms(&base, &rooms, 75).await;

    // The staff record one bank transfer eight times at once: paid once.
    let users = stack.db("users").await;
    let admin = crate::support::session_in(&users, "staff-1", "admin@example.pl", "customer,admin").await;
    users.close().await;
    let cart = stack.db("cart").await;
    let (_, _, token, _) = crate::staff::eight_recordings_at_once_pay_once(&http, &base, &admin, &cart, 80).await;
    // Two tabs' online payments of one order race for its claim on PostgreSQL too.
    crate::payments::eight_claims_at_once_one_holds(&cart, &token).await;
    crate::staff::eight_rest_payments_at_once_pay_once(&http, &base, &admin, &cart, 110).await;
    // The front desk's parts and cancellations race on PostgreSQL too.
    crate::desk::part_payments_at_once_add_up(&http, &base, &admin, &cart, 115).await;

    // Money, gift vouchers and inventory against a hostile guest, on PostgreSQL.
    let rooms_db = stack.db("rooms").await;
    crate::desk::two_cancellations_at_once_one_wins(&http, &base, &admin, &cart, &rooms_db).await;
    crate::desk::two_moves_at_once_one_wins(&http, &base, &admin, &cart, &rooms_db, 120).await;
    // The rate calendar's SQL on PostgreSQL.
    crate::rates::out_of_order_takes_a_unit_off_sale(&http, &base, &admin, 125).await;
    let shop = crate::integrity::Shop {
        base: base.clone(),
        rooms_addr: rooms.clone(),
        cart: &cart,
        rooms: &rooms_db,
        admin: admin.clone(),
        clocks: stack.clocks(),
    };
    crate::integrity::one_voucher_never_pays_twice(&shop).await;
    crate::integrity::a_price_changed_since_the_payment_step_is_confirmed_again(&shop).await;
    crate::integrity::the_advance_pays_for_stays_not_goods(&shop, 120).await;
    crate::integrity::a_completion_cut_off_after_its_hold_never_sticks(&shop, 140).await;
    crate::integrity::unpaid_nights_are_capped_under_concurrency(&shop, UNPAID_CAP, 200).await;
    crate::integrity::the_last_unit_is_sold_once_and_comes_back_when_cancelled(&shop).await;
    crate::payments::a_late_payment_takes_its_still_free_nights_again(&shop, &p24, 230).await;
    crate::payments::a_late_payment_whose_nights_were_sold_is_not_taken(&shop, &p24, 233).await;
    crate::payments::a_late_payment_notified_four_times_at_once_is_taken_once(&shop, &p24, 242).await;
    crate::payments::an_order_being_paid_outlives_its_hold(&shop, &p24, 245).await;
    // Its money listed to give back, then marked refunded once.
    let (lost, _, _) = crate::integrity::a_paid_order_whose_nights_are_gone_is_refunded(&shop, 236).await;
    let (status, due_back) = crate::staff::as_staff(
        &http,
        reqwest::Method::GET,
        format!("{base}/shop-api/backend/refunds"),
        Some(format!("spa_session={admin}")),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200);
    let payment = due_back["items"].as_array().unwrap().iter().find(|r| r["bookingCode"] == lost.as_str()).expect("listed");
    crate::staff::eight_marks_at_once_refund_once(&http, &base, &admin, &cart, payment["paymentId"].as_str().unwrap()).await;
    // The operator's command on the rooms process's own database.
    let rooms_url = testkit::postgres_database_url(&stack.pg, &stack.databases[1]);
    let operator = |args: &[&str]| {
        let out = Command::new(bin("spa-rooms")).arg("dead-letters").args(args).env("DATABASE_URL", &rooms_url).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    crate::integrity::a_parked_payment_event_is_sent_again(&shop, 239, operator).await;
    rooms_db.close().await;
    cart.close().await;

    // An event crosses processes: content's outbox -> NATS -> content's
    // mailer consumer -> a row in content's PostgreSQL database.
    let r = http
        .post(format!("{base}/shop-api/newsletter/subscribe?locale=en_GB"))
        .json(&json!({"email": "guest@example.co.uk"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let content = stack.db("content").await;
    let subject: String = eventually("the confirmation e-mail", || {
        let content = content.clone();
        async move {
            sqlx::query("SELECT subject FROM outgoing_mail WHERE recipient = $1")
                .bind("guest@example.co.uk")
                .fetch_optional(content.pool())
                .await
                .unwrap()
                .map(|r| r.get::<String, _>(0))
        }
    })
    .await;
    assert_eq!(subject, "Please confirm your newsletter subscription");
    content.close().await;

    // Listing pages (catalog) and the gateway's whole answers are cached in
    // Redis under each process's prefix; the rooms service stores no search
    // the gateway asked for fresh, since the gateway keeps the answer itself.
    let mut redis = redis::Client::open(testkit::redis_url()).unwrap().get_multiplexed_async_connection().await.unwrap();
    let searches: Vec<String> = redis::cmd("KEYS").arg("spa:rooms:search:*").query_async(&mut redis).await.unwrap();
    assert!(searches.is_empty(), "the rooms service kept a second copy: {searches:?}");
    for prefix in ["spa:catalog:offers:", "spa:gateway:search:", "spa:gateway:offers:", "spa:gateway:product:", "spa:gateway:taxons:"] {
        let keys: Vec<String> = redis::cmd("KEYS").arg(format!("{prefix}*")).query_async(&mut redis).await.unwrap();
        assert!(!keys.is_empty(), "nothing cached under {prefix}");
    }

    // Metrics of a service process, and of the gateway on its ops port only.
    let metrics = http.get(format!("http://127.0.0.1:{}/metrics", stack.ops[0])).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("grpc_server_requests_total"), "{metrics}");
    let metrics = http.get(format!("http://127.0.0.1:{}/metrics", stack.gateway_ops)).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("http_requests_total"), "{metrics}");
    let public = http.get(format!("{base}/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(!public.contains("http_requests_total"), "no metrics on the public port");

    // SIGTERM stops every process cleanly; clean up the run's stream.
    stack.stop().await;
    let bus = spa_platform::bus::NatsBus::connect(&testkit::nats_url(), Some(&run)).await.unwrap();
    bus.delete_stream().await.unwrap();
}

/// The demo pictures and an upload are objects in the bucket, served by the
/// gateway through the catalog process; a removed one leaves the bucket.
async fn pictures_are_kept_in_the_bucket(base: &str, stack: &Distributed, s3: &testkit::S3Server) {
    let http = client();
    let users = stack.db("users").await;
    let admin = crate::support::session_in(&users, "staff-pic", "pictures@example.pl", "customer,admin").await;
    users.close().await;
    // The bucket read directly, as another catalog replica would.
    let settings = s3.settings();
    let aws: Vec<(&str, &str)> = settings.iter().filter(|(k, _)| k.starts_with("AWS_")).map(|(k, v)| (*k, v.as_str())).collect();
    let bucket = spa_catalog::editor::PictureStore::s3(&s3.bucket, &aws).unwrap();
    let (status, product) = crate::support::json(http.get(format!("{base}/shop-api/products/TR_SALT_SCRUB")).send().await.unwrap()).await;
    assert_eq!(status, 200, "{product}");
    let demo = product["images"][0]["path"].as_str().unwrap().to_owned();
    assert!(demo.starts_with("/pictures/TR_SALT_SCRUB/"), "{product}");
    let served = http.get(format!("{base}{demo}")).send().await.unwrap();
    assert_eq!((served.status().as_u16(), served.headers()["content-type"].to_str().unwrap().to_owned()), (200, "image/svg+xml".into()));
    assert_eq!(bucket.get(&demo).await.unwrap().expect("in the bucket"), served.bytes().await.unwrap());

    let upload = http
        .post(format!("{base}/shop-api/backend/products/TR_SALT_SCRUB/images"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("cookie", format!("spa_session={admin}"))
        .header("content-type", "image/png")
        .body(crate::products_admin::png(1600, 1200))
        .send()
        .await
        .unwrap();
    let (status, saved) = crate::support::json(upload).await;
    assert_eq!(status, 200, "{saved}");
    let page = saved["images"].as_array().unwrap().last().unwrap().as_str().unwrap().to_owned();
    assert!(bucket.get(&page).await.unwrap().is_some(), "{page} in the bucket");
    assert_eq!(http.get(format!("{base}{page}")).send().await.unwrap().headers()["content-type"], "image/jpeg");
    let (status, _) = crate::staff::as_staff(
        &http,
        reqwest::Method::DELETE,
        format!("{base}/shop-api/backend/products/TR_SALT_SCRUB/images?path={page}"),
        Some(format!("spa_session={admin}")),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(bucket.get(&page).await.unwrap(), None, "{page} gone from the bucket");
}

const ROOM: &str = "ROOM_STANDARD_DOUBLE";
/// Unpaid room-nights per e-mail in the distributed run: room for the
/// other checks' orders of one guest, few enough to race for.
const UNPAID_CAP: i64 = 14;

async fn sign_up(base: &str, emails: &[String]) {
    let http = client();
    for email in emails {
        let r = http.post(format!("{base}/shop-api/newsletter/subscribe")).json(&json!({"email": email})).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 201, "{email}");
    }
}

/// Each recipient's number of queued confirmation e-mails.
async fn mails(content: &Db) -> Vec<(String, i64)> {
    sqlx::query("SELECT recipient, COUNT(*) FROM outgoing_mail GROUP BY recipient ORDER BY recipient")
        .fetch_all(content.pool())
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1)))
        .collect()
}

/// The rows every relay still holds and the events anyone parked.
async fn stuck_and_parked(db: &Db) -> (i64, i64) {
    let pending: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE published_at IS NULL").fetch_one(db.pool()).await.unwrap();
    let parked: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM dead_letters").fetch_one(db.pool()).await.unwrap();
    (pending, parked)
}

/// The whole distributed mode through a NATS crash: every process starts
/// while NATS and Redis are down and is ready at once, reporting them down
/// (an orchestrator keeps the shop in rotation, uncached); NATS is killed
/// mid-flow and started again on its store; the shop goes on serving and
/// every process reports the bus down, then up on its own; the events
/// written during the outage are delivered after it, each once, and the
/// caches they invalidate are dropped.
#[tokio::test]
#[cfg_attr(not(all(has_postgres, has_nats, has_redis)), ignore = "TEST_POSTGRES_URL, TEST_NATS_URL and TEST_REDIS_URL must all be set")]
async fn a_nats_outage_loses_no_event_and_readiness_follows_it() {
    let run = testkit::unique("o");
    // A NATS server of this test's own (production's stream, no namespace),
    // not running yet; Redis behind a proxy that refuses connections.
    let mut nats = NatsServer::stopped();
    let redis = TcpProxy::start_in(&testkit::redis_url(), ProxyMode::Cut).await;
    let mut stack = Distributed::start(&run, &nats.url(), None, &redis.url("redis"), &[]);
    let http = client();

    // Every process starts and serves, saying NATS and Redis are down.
    stack.all_healthy().await;
    stack.all_ready_reporting("bus", false).await;
    stack.all_ready_reporting("cache", false).await;
    redis.set(ProxyMode::Open);
    let started = Instant::now();
    nats.start_again().await;
    stack.all_ready_reporting("bus", true).await;
    stack.all_ready_reporting("cache", true).await;
    let ready_after_start = started.elapsed();

    let base = stack.base();
    let content = stack.db("content").await;
    let emails = |phase: &str| (0..5).map(|i| format!("{phase}{i}@example.pl")).collect::<Vec<_>>();
    sign_up(&base, &emails("before")).await;
    eventually("the first five e-mails", || async { (mails(&content).await.len() == 5).then_some(()) }).await;

    // Answers cached before the outage: a listing (catalog, Redis) and a
    // room search (rooms and gateway, Redis).
    let listing = format!("{base}/shop-api/offer/treatment?limit=1000");
    let get_json = |url: String| {
        let http = http.clone();
        async move { http.get(url).send().await.unwrap().json::<serde_json::Value>().await.unwrap() }
    };
    let price_of = |body: &serde_json::Value, code: &str| {
        body["items"].as_array().unwrap().iter().find(|i| i["code"] == code).map(|i| i["price"]["current"].as_i64().unwrap())
    };
    let before = get_json(listing.clone()).await;
    let code = before["items"][0]["code"].as_str().unwrap().to_owned();
    let old_price = price_of(&before, &code).unwrap();
    let (from, to) = stay(120, 2);
    let search = format!("{base}/shop-api/rooms/search?from={from}&to={to}&adults=2");
    let left = |body: &serde_json::Value| {
        body["items"].as_array().unwrap().iter().find(|r| r["code"] == ROOM).map(|r| r["available"].as_u64().unwrap()).unwrap_or(0)
    };
    let units = left(&get_json(search.clone()).await);
    assert!(units >= 2, "{units}");

    // NATS crashes: every process stays in rotation and says so.
    nats.stop();
    stack.all_ready_reporting("bus", false).await;

    // The shop goes on writing: sign-ups, an admin's price change, a hold
    // on two rooms. Each writes its event to its service's outbox.
    sign_up(&base, &emails("during")).await;
    let catalog = stack.db("catalog").await;
    assert!(spa_catalog::store::set_price(&catalog, &spa_platform::outbox::Outbox::default(), &code, old_price + 1111).await.unwrap());
    let mut rooms = RoomsServiceClient::connect(format!("http://127.0.0.1:{}", stack.grpc[1])).await.unwrap();
    let line = StayLine {
        room_code: ROOM.into(),
        from: from.clone(),
        to: to.clone(),
        quantity: 2,
        guests: Some(Guests { adults: 2, children: 0, babies: 0 }),
        package_nights: 0,
    };
    rooms.reserve(ReserveRequest { order_id: format!("{run}-hold"), lines: vec![line], hold_seconds: 3600 }).await.unwrap();

    // Until their events arrive, the cached answers stand.
    assert_eq!(price_of(&get_json(listing.clone()).await, &code), Some(old_price), "cached listing");
    assert_eq!(left(&get_json(search.clone()).await), units, "cached search answer");
    assert_eq!(mails(&content).await.len(), 5, "the outage's e-mails wait in the outbox");

    // NATS comes back on its store; nobody restarts anything.
    let restarted = Instant::now();
    nats.start_again().await;
    stack.all_ready_reporting("bus", true).await;
    let ready_after_restart = restarted.elapsed();
    eventually("the outage's e-mails", || async { (mails(&content).await.len() == 10).then_some(()) }).await;
    let mails_after_restart = restarted.elapsed();
    eventually("the new price in the listing", || {
        let (listing, code) = (listing.clone(), code.clone());
        async move { (price_of(&get_json(listing).await, &code) == Some(old_price + 1111)).then_some(()) }
    })
    .await;
    eventually("the held rooms gone from the search answer", || {
        let search = search.clone();
        async move { (left(&get_json(search).await) == units - 2).then_some(()) }
    })
    .await;
    let caches_after_restart = restarted.elapsed();

    // And on it goes; every e-mail queued once, nothing stuck or parked.
    sign_up(&base, &emails("after")).await;
    eventually("all fifteen e-mails", || async { (mails(&content).await.len() == 15).then_some(()) }).await;
    let all = mails(&content).await;
    assert!(all.iter().all(|(_, n)| *n == 1), "each e-mail once: {all:?}");
    for service in ["catalog", "rooms", "content"] {
        let db = stack.db(service).await;
        eventually(&format!("{service}'s outbox to drain"), || async { (stuck_and_parked(&db).await == (0, 0)).then_some(()) }).await;
        db.close().await;
    }
    eprintln!(
        "NATS outage: all 6 processes serving throughout, reporting NATS up {:.1} s after it first started and {:.1} s after its restart; \
         the outage's events delivered {:.1} s and the caches dropped {:.1} s after the restart; \
         events lost: 0 of 17 (15 sign-ups, a price change, a hold)",
        ready_after_start.as_secs_f64(),
        ready_after_restart.as_secs_f64(),
        mails_after_restart.as_secs_f64(),
        caches_after_restart.as_secs_f64(),
    );
    content.close().await;
    catalog.close().await;

    // A service stops: the gateway, which cannot serve its calls, leaves the rotation.
    let gateway_ready = format!("{base}/readyz");
    assert_eq!(http.get(&gateway_ready).send().await.unwrap().status().as_u16(), 200);
    stack.stop_service("content").await;
    eventually("the gateway not ready without content", || async {
        (http.get(&gateway_ready).send().await.ok()?.status().as_u16() == 503).then_some(())
    })
    .await;
    stack.stop().await;
}

/// Room search scaled out: rooms processes behind one peer setting (a list
/// here, a headless Service's name in Kubernetes) share the gateway's and
/// the cart's calls, and come and go under load without a failed request:
/// one killed, one started, one stopped and started again as a rolling
/// restart does. Each process's own request counter says what it served.
#[tokio::test]
#[cfg_attr(not(all(has_postgres, has_nats, has_redis)), ignore = "TEST_POSTGRES_URL, TEST_NATS_URL and TEST_REDIS_URL must all be set")]
async fn rooms_replicas_share_the_calls_and_come_and_go_without_a_failed_request() {
    let run = testkit::unique("lb");
    // Three more rooms processes' ports: in the peer setting from the start,
    // each process started later.
    let ports = reserve_ports(6);
    let replicas: Vec<(u16, u16)> = ports.chunks(2).map(|p| (p[0].port(), p[1].port())).collect();
    let refresh = Duration::from_millis(500);
    let settings = [("PEER_REFRESH_MS", refresh.as_millis().to_string())];
    let more: Vec<u16> = replicas.iter().map(|(grpc, _)| *grpc).collect();
    let mut stack = Distributed::start_with_rooms(&run, &testkit::nats_url(), Some(&run), &testkit::redis_url(), &settings, &more);
    stack.all_readyz(200).await;
    let http = client();
    let first_ops = stack.ops[SERVICES.iter().position(|(n, _)| *n == "rooms").unwrap()];
    let mut started = Processes(Vec::new());
    let start = |stack: &Distributed, started: &mut Processes, i: usize| {
        started.0.push(("rooms", stack.spawn_rooms(replicas[i].0, replicas[i].1)));
    };
    let load = Load::start(stack.base(), 6);

    // Two more replicas join the one the shop started with.
    start(&stack, &mut started, 0);
    start(&stack, &mut started, 1);
    for (_, ops) in &replicas[..2] {
        let joined = serves_within(&http, *ops, &mut started).await;
        println!("a replica started under load served its first call {joined:?} after it was ready (refresh {refresh:?})");
    }

    // A fair share each: none under 20 % of 600 calls.
    let three = [first_ops, replicas[0].1, replicas[1].1];
    let before = calls(&http, &three).await;
    load.wait_for(600).await;
    let after = calls(&http, &three).await;
    let served: Vec<u64> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
    let total: u64 = served.iter().sum();
    println!("calls served by each of three rooms processes: {served:?}");
    for (i, n) in served.iter().enumerate() {
        assert!(*n * 5 >= total, "rooms process {i} served {n} of {total} calls: {served:?}");
    }

    // One is killed mid-load: no request fails.
    let mut killed = started.0.remove(0).1;
    killed.kill().unwrap();
    killed.wait().unwrap();
    load.wait_for(300).await;

    // A fourth starts mid-load and gets calls.
    start(&stack, &mut started, 2);
    let joined = serves_within(&http, replicas[2].1, &mut started).await;
    println!("a fourth replica served its first call {joined:?} after it was ready");

    // A rolling restart: one stopped with SIGTERM mid-load exits cleanly,
    // failing nothing, and serves again once started on its ports.
    let mut stopping = Processes(vec![started.0.remove(0)]);
    stopping.terminate_cleanly().await;
    load.wait_for(300).await;
    start(&stack, &mut started, 1);
    serves_within(&http, replicas[1].1, &mut started).await;
    load.wait_for(300).await;

    load.stop_with_none_failed("through the gateway while rooms processes came and went").await;
    started.terminate_cleanly().await;
    stack.stop().await;
}

/// Gateways restart one at a time under steady load, as a rolling update
/// does, without a failed request: on SIGTERM a gateway says it is not
/// ready at once, goes on serving for `SHUTDOWN_DELAY_MS` while the
/// balancer in front stops sending to it, then drains and exits; started
/// again, it takes requests once ready. Then the second gateway and a
/// rooms process stop the same way.
#[tokio::test]
#[cfg_attr(not(all(has_postgres, has_nats, has_redis)), ignore = "TEST_POSTGRES_URL, TEST_NATS_URL and TEST_REDIS_URL must all be set")]
async fn gateways_and_rooms_restart_one_at_a_time_under_load_without_a_failed_request() {
    let run = testkit::unique("roll");
    let ports = reserve_ports(4);
    let (second_http, second_ops, rooms_grpc, rooms_ops) = (ports[0].port(), ports[1].port(), ports[2].port(), ports[3].port());
    let settings = [("PEER_REFRESH_MS", "500".to_owned()), ("SHUTDOWN_DELAY_MS", "1000".to_owned())];
    let mut stack = Distributed::start_with_rooms(&run, &testkit::nats_url(), Some(&run), &testkit::redis_url(), &settings, &[rooms_grpc]);
    stack.all_readyz(200).await;
    let http = client();
    let mut started =
        Processes(vec![("gateway", stack.spawn_gateway(second_http, second_ops)), ("rooms", stack.spawn_rooms(rooms_grpc, rooms_ops))]);
    let second = format!("http://127.0.0.1:{second_http}");
    for ready in [format!("{second}/readyz"), format!("http://127.0.0.1:{rooms_ops}/readyz")] {
        eventually(&ready, || {
            started.assert_running();
            let (http, ready) = (http.clone(), ready.clone());
            async move { http.get(&ready).send().await.ok().filter(|r| r.status().is_success()).map(|_| ()) }
        })
        .await;
    }
    let load = Load::through(vec![stack.base(), second.clone()], 6);
    load.wait_for(300).await;

    // The first gateway stops (its process exits cleanly) and starts again.
    stack.stop_service("gateway").await;
    load.wait_for(300).await;
    let mut first = Processes(vec![("gateway", stack.spawn_gateway(stack.http_port, stack.gateway_ops))]);
    eventually("the first gateway ready again", || {
        first.assert_running();
        let (http, ready) = (http.clone(), format!("{}/readyz", stack.base()));
        async move { http.get(&ready).send().await.ok().filter(|r| r.status().is_success()).map(|_| ()) }
    })
    .await;
    load.wait_for(300).await;

    // Then the second, and a rooms process.
    let mut second_gateway = Processes(vec![started.0.remove(0)]);
    second_gateway.terminate_cleanly().await;
    load.wait_for(300).await;
    started.terminate_cleanly().await;
    load.wait_for(300).await;

    load.stop_with_none_failed("through two gateways while each gateway and a rooms process restarted").await;
    first.terminate_cleanly().await;
    stack.stop().await;
}

/// Search and basket requests through the gateway from a few tasks, each
/// for a stay no request asked before (no cache answers it), until stopped.
struct Load {
    ok: std::sync::Arc<std::sync::atomic::AtomicU64>,
    failed: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    stop: tokio_util::sync::CancellationToken,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Load {
    fn start(base: String, tasks: usize) -> Self {
        Self::through(vec![base], tasks)
    }

    /// [`Load::start`] through a balancer in front of several gateways: each
    /// request goes to one of those whose `/readyz` said 200 at the last
    /// look (every 100 ms), as a Kubernetes Service or a proxy sends it.
    fn through(gateways: Vec<String>, tasks: usize) -> Self {
        use std::sync::atomic::{AtomicU64, Ordering};
        let ok = std::sync::Arc::new(AtomicU64::new(0));
        let failed = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let stop = tokio_util::sync::CancellationToken::new();
        let next = std::sync::Arc::new(AtomicU64::new(0));
        let ready = std::sync::Arc::new(std::sync::RwLock::new(gateways.clone()));
        let mut handles = Vec::new();
        if gateways.len() > 1 {
            let (ready, stop, http) = (ready.clone(), stop.clone(), client());
            handles.push(tokio::spawn(async move {
                while !stop.is_cancelled() {
                    let mut now = Vec::new();
                    for base in &gateways {
                        let probe = http.get(format!("{base}/readyz")).timeout(Duration::from_millis(500)).send().await;
                        if probe.is_ok_and(|r| r.status().is_success()) {
                            now.push(base.clone());
                        }
                    }
                    if !now.is_empty() {
                        *ready.write().unwrap() = now;
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }));
        }
        handles.extend((0..tasks).map(|_| {
            let (ready, ok, failed, stop, next, http) = (ready.clone(), ok.clone(), failed.clone(), stop.clone(), next.clone(), client());
            tokio::spawn(async move {
                while !stop.is_cancelled() {
                    let n = next.fetch_add(1, Ordering::Relaxed) as i64;
                    let base = {
                        let ready = ready.read().unwrap();
                        ready[n as usize % ready.len()].clone()
                    };
                    let (from, to) = stay(10 + n % 320, 1 + (n / 320) % 6);
                    let adults = 1 + (n / 1920) % 2;
                    let outcome = if n % 8 == 7 {
                        basket(&http, &base, &from, &to).await
                    } else {
                        let url = format!("{base}/shop-api/rooms/search?from={from}&to={to}&adults={adults}");
                        answer(http.get(url).send().await, &[200]).await
                    };
                    match outcome {
                        Ok(()) => ok.fetch_add(1, Ordering::Relaxed),
                        Err(e) => {
                            failed.lock().unwrap().push(e);
                            0
                        }
                    };
                }
            })
        }));
        Self { ok, failed, stop, tasks: handles }
    }

    /// Waits until `n` more requests have been answered.
    async fn wait_for(&self, n: u64) {
        let target = self.ok.load(std::sync::atomic::Ordering::Relaxed) + n;
        eventually(&format!("{n} more answered requests"), || async {
            (self.ok.load(std::sync::atomic::Ordering::Relaxed) >= target).then_some(())
        })
        .await;
    }

    /// Stops the load, which must have failed no request.
    async fn stop_with_none_failed(self, while_what: &str) {
        let (ok, failed) = self.stop().await;
        println!("{ok} requests {while_what}");
        assert!(
            failed.is_empty(),
            "{} of {} requests failed, the first: {:?}",
            failed.len(),
            ok + failed.len() as u64,
            &failed[..failed.len().min(5)]
        );
    }

    /// Stops the load: the requests answered, and each failed one.
    async fn stop(self) -> (u64, Vec<String>) {
        self.stop.cancel();
        for task in self.tasks {
            task.await.unwrap();
        }
        let failed = std::mem::take(&mut *self.failed.lock().unwrap());
        (self.ok.load(std::sync::atomic::Ordering::Relaxed), failed)
    }
}

/// A new basket with one room in it (the cart asks the rooms service).
async fn basket(http: &reqwest::Client, base: &str, from: &str, to: &str) -> Result<(), String> {
    let token = uuid::Uuid::new_v4().simple().to_string();
    let cart = http.post(format!("{base}/shop-api/carts/{token}")).json(&json!({"channel": "web_pl", "locale": "pl"})).send().await;
    answer(cart, &[201]).await?;
    let room = json!({"type": "reservation", "productCode": ROOM, "options": {"checkIn": from, "checkOut": to, "adults": 2, "children": 0, "babies": 0}});
    // A stay the room cannot take (its minimum stay, a closed night) is a
    // clear 4xx, not a failure of the shop.
    answer(http.post(format!("{base}/shop-api/carts/{token}/items")).json(&room).send().await, &[201, 409, 422]).await
}

async fn answer(sent: reqwest::Result<reqwest::Response>, expected: &[u16]) -> Result<(), String> {
    let response = sent.map_err(|e| format!("no answer: {e}"))?;
    let status = response.status().as_u16();
    if expected.contains(&status) {
        Ok(())
    } else {
        let url = response.url().path().to_owned();
        Err(format!("{status} from {url}: {}", response.text().await.unwrap_or_default()))
    }
}

/// The rooms calls (`SearchRooms`, `CheckStays`) each process at `ops`
/// ports has served, from its own `/metrics`.
async fn calls(http: &reqwest::Client, ops: &[u16]) -> Vec<u64> {
    let mut counts = Vec::new();
    for port in ops {
        let text = http.get(format!("http://127.0.0.1:{port}/metrics")).send().await.unwrap().text().await.unwrap();
        let served: f64 = text
            .lines()
            .filter(|l| l.starts_with("grpc_server_requests_total{") && (l.contains("/SearchRooms\"") || l.contains("/CheckStays\"")))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum();
        counts.push(served as u64);
    }
    counts
}

/// Waits until the rooms process at `ops` is ready and has served a call;
/// how long after it was ready that took.
async fn serves_within(http: &reqwest::Client, ops: u16, procs: &mut Processes) -> Duration {
    let ready = format!("http://127.0.0.1:{ops}/readyz");
    eventually(&ready, || {
        procs.assert_running();
        let (http, ready) = (http.clone(), ready.clone());
        async move { http.get(&ready).send().await.ok().filter(|r| r.status().is_success()).map(|_| ()) }
    })
    .await;
    let since = Instant::now();
    eventually(&format!("the rooms process at ops port {ops} to serve a call"), || async {
        (calls(http, &[ops]).await[0] > 0).then_some(())
    })
    .await;
    since.elapsed()
}
