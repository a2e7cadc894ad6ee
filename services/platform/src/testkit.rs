//! Test helpers: a fresh database per test on either backend, unique names
//! for shared servers, the real-backend URLs from the environment
//! (`TEST_POSTGRES_URL`, `TEST_NATS_URL`, `TEST_REDIS_URL`), loopback ports
//! kept for the processes a test starts ([`ReservedPort`]), and two ways to
//! take a backend away without touching the shared servers: a [`TcpProxy`]
//! the test can cut, and a [`NatsServer`] of the test's own it can stop and
//! start again.
//!
//! Tests that need a real backend are compiled with
//! `#[cfg_attr(not(has_postgres), ignore = "TEST_POSTGRES_URL is not set")]`
//! (and `has_nats`, `has_redis`); the crate's `build.rs` sets those cfgs
//! from the environment (seven lines, copied rather than making this crate a
//! build dependency), so an unset variable shows up as a skipped test with
//! its name, never as a pass.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::db::Db;

pub fn postgres_url() -> String {
    std::env::var("TEST_POSTGRES_URL").expect("TEST_POSTGRES_URL must be set for this test")
}

pub fn nats_url() -> String {
    std::env::var("TEST_NATS_URL").expect("TEST_NATS_URL must be set for this test")
}

pub fn redis_url() -> String {
    std::env::var("TEST_REDIS_URL").expect("TEST_REDIS_URL must be set for this test")
}

/// A name no other test run uses: `prefix` + 12 random hex digits.
pub fn unique(prefix: &str) -> String {
    format!("{prefix}{}", &uuid::Uuid::new_v4().simple().to_string()[..12])
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database that exists for one test: a SQLite file in a temporary
/// directory, or a new PostgreSQL database dropped when this is dropped.
pub struct TestDb {
    pub db: Db,
    pub url: String,
    _dir: Option<tempfile::TempDir>,
    pg: Option<(String, String)>,
}

impl TestDb {
    pub async fn new(backend: Backend) -> Self {
        match backend {
            Backend::Sqlite => Self::sqlite().await,
            Backend::Postgres => Self::postgres().await,
        }
    }

    pub async fn sqlite() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}/test.db?mode=rwc", dir.path().display());
        let db = Db::connect(&url).await.expect("open SQLite");
        Self { db, url, _dir: Some(dir), pg: None }
    }

    pub async fn postgres() -> Self {
        let admin = postgres_url();
        let name = unique("spa_test_");
        let url = postgres_database_url(&admin, &name);
        let db = Db::connect(&url).await.expect("create PostgreSQL test database");
        Self { db, url, _dir: None, pg: Some((admin, name)) }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let Some((admin, name)) = self.pg.take() else { return };
        // Drop runs outside async context guarantees: use a thread of its own.
        // The test's pool is not closed first: closing waits for every
        // connection to come back, and one still finishing a dropped
        // transaction needs the test's runtime, which this join blocks (a
        // single-threaded test runtime then hangs for ever). `WITH (FORCE)`
        // ends those sessions instead.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
            rt.block_on(async move {
                if let Ok(admin) = Db::connect(&admin).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).execute(admin.pool()).await;
                    admin.close().await;
                }
            });
        })
        .join();
    }
}

/// The URL of database `name` on the server of `url`.
pub fn postgres_database_url(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map(|i| i + 3).unwrap_or(0);
    let server = match base[scheme_end..].find('/') {
        Some(i) => &base[..scheme_end + i],
        None => base,
    };
    match query {
        Some(q) => format!("{server}/{name}?{q}"),
        None => format!("{server}/{name}"),
    }
}

/// A loopback port kept for a server that a test starts later (a child
/// process, a NATS server), for as long as this lives.
///
/// Picking a port by binding port 0 and closing the socket again is a race:
/// the kernel hands a port that was just closed to the next `bind` to port 0
/// on the machine (another test, another port picked by the same test, the
/// process next door), and whichever binds it first wins; the loser exits
/// with "Address already in use" while the test's probes on that port are
/// answered by the winner. Here the socket stays bound (not listening) with
/// `SO_REUSEADDR`: Linux then gives the port to no `bind` to port 0 and to
/// no outgoing connection, yet a listener that binds it by number with
/// `SO_REUSEADDR` (Tokio's, the standard library's and Go's all do) still
/// can, and a connection to it is refused while nothing listens.
pub struct ReservedPort {
    _socket: tokio::net::TcpSocket,
    addr: SocketAddr,
}

impl ReservedPort {
    /// Reserves a free port on 127.0.0.1 (no Tokio runtime needed).
    pub fn new() -> Self {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.set_reuseaddr(true).expect("SO_REUSEADDR");
        socket.bind(SocketAddr::from(([127, 0, 0, 1], 0))).expect("reserve a loopback port");
        let addr = socket.local_addr().expect("reserved address");
        Self { _socket: socket, addr }
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// `127.0.0.1:<port>`.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Default for ReservedPort {
    fn default() -> Self {
        Self::new()
    }
}

/// What a [`TcpProxy`] lets through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProxyMode {
    /// Bytes flow both ways.
    Open,
    /// Open connections are closed and new ones closed at once: the server
    /// is unreachable.
    Cut,
    /// Connections stay open and nothing passes: the server hangs. Leaving
    /// this mode closes them.
    Frozen,
}

/// A TCP proxy on a loopback port in front of `target`, so a test can make
/// a shared server unreachable (or hang) for its own clients only.
pub struct TcpProxy {
    addr: SocketAddr,
    mode: watch::Sender<ProxyMode>,
    accept: tokio::task::JoinHandle<()>,
}

impl TcpProxy {
    /// Starts an open proxy to `target` (`host:port`, or a URL such as
    /// `nats://127.0.0.1:4222` whose host and port are taken).
    pub async fn start(target: &str) -> Self {
        Self::start_in(target, ProxyMode::Open).await
    }

    pub async fn start_in(target: &str, mode: ProxyMode) -> Self {
        let target = host_port(target);
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let addr = listener.local_addr().expect("proxy address");
        let (mode, _) = watch::channel(mode);
        let modes = mode.clone();
        let accept = tokio::spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                tokio::spawn(pipe(inbound, target.clone(), modes.subscribe()));
            }
        });
        Self { addr, mode, accept }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `scheme://127.0.0.1:<port>` of the proxy.
    pub fn url(&self, scheme: &str) -> String {
        format!("{scheme}://{}", self.addr)
    }

    pub fn set(&self, mode: ProxyMode) {
        self.mode.send_replace(mode);
    }
}

impl Drop for TcpProxy {
    fn drop(&mut self) {
        self.accept.abort();
        // Open connections end when they see the mode sender gone.
        self.mode.send_replace(ProxyMode::Cut);
    }
}

fn host_port(target: &str) -> String {
    let rest = target.split_once("://").map(|(_, r)| r).unwrap_or(target);
    let rest = rest.rsplit_once('@').map(|(_, r)| r).unwrap_or(rest);
    rest.split(['/', '?']).next().unwrap_or(rest).to_owned()
}

async fn pipe(mut inbound: TcpStream, target: String, mut mode: watch::Receiver<ProxyMode>) {
    let now = *mode.borrow_and_update();
    match now {
        ProxyMode::Cut => return,
        ProxyMode::Frozen => {
            let _ = mode.wait_for(|m| *m != ProxyMode::Frozen).await;
            return;
        }
        ProxyMode::Open => {}
    }
    let Ok(mut outbound) = TcpStream::connect(&target).await else { return };
    tokio::select! {
        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
        _ = mode.wait_for(|m| *m != ProxyMode::Open) => {}
    }
    let now = *mode.borrow();
    if now == ProxyMode::Frozen {
        let _ = mode.wait_for(|m| *m != ProxyMode::Frozen).await;
    }
}

/// A NATS server with JetStream of one test's own, on a port and store
/// directory of its own, that the test may stop (SIGKILL, as in a crash) and
/// start again on the same port with the same store. The port is reserved
/// ([`ReservedPort`]) for the whole life of this value, also while the
/// server is down, so nothing else takes it before a (re)start. The binary
/// is `NATS_SERVER_BIN`, else `nats-server` on the `PATH` or in `/usr/sbin`.
pub struct NatsServer {
    port: ReservedPort,
    dir: tempfile::TempDir,
    child: Option<std::process::Child>,
}

impl NatsServer {
    pub async fn start() -> Self {
        let mut server = Self::stopped();
        server.start_again().await;
        server
    }

    /// A server that is not running yet: [`NatsServer::start_again`] starts it.
    pub fn stopped() -> Self {
        Self { port: ReservedPort::new(), dir: tempfile::tempdir().expect("temp dir"), child: None }
    }

    pub fn url(&self) -> String {
        format!("nats://{}", self.port.addr())
    }

    /// Kills the server, as a crash would, and waits for it to be gone.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the server (again) and waits until it accepts connections.
    pub async fn start_again(&mut self) {
        assert!(self.child.is_none(), "the NATS server is running");
        let port = self.port.port();
        let log = self.dir.path().join("nats.log");
        let child = std::process::Command::new(nats_server_bin())
            .args(["-js", "-a", "127.0.0.1", "-p", &port.to_string(), "-sd"])
            .arg(self.dir.path().join("store"))
            .arg("-l")
            .arg(&log)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start nats-server");
        // Kept at once, so a failing wait below still stops it on drop.
        let child = self.child.insert(child);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(self.port.addr()).await.is_err() {
            if let Ok(Some(status)) = child.try_wait() {
                self.child = None;
                let log = std::fs::read_to_string(&log).unwrap_or_default();
                panic!("nats-server on port {port} exited with {status}:\n{log}");
            }
            assert!(tokio::time::Instant::now() < deadline, "nats-server did not listen on {port}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        self.stop();
    }
}

fn nats_server_bin() -> PathBuf {
    if let Some(bin) = crate::config::var("NATS_SERVER_BIN") {
        return bin.into();
    }
    let path = std::env::var("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin".into(), "/usr/local/bin".into()])
        .map(|dir| dir.join("nats-server"))
        .find(|p| p.exists())
        .expect("nats-server not found: install it or set NATS_SERVER_BIN")
}

/// A local S3-compatible server of one test's own (moto's `moto_server`,
/// the command `TEST_MOTO_SERVER` names) with one empty bucket. It takes a
/// free port itself and says which, so no other process can take it
/// between a choice and the bind. Stopped on drop.
pub struct S3Server {
    child: std::process::Child,
    pub endpoint: String,
    pub bucket: String,
}

impl S3Server {
    pub async fn start() -> Self {
        use std::io::BufRead;
        let bin = std::env::var("TEST_MOTO_SERVER").expect("TEST_MOTO_SERVER must name moto_server for this test");
        let mut child = std::process::Command::new(&bin)
            .args(["-H", "127.0.0.1", "-p", "0"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("start {bin}: {e}"));
        let stderr = child.stderr.take().expect("piped");
        let (said, heard) = std::sync::mpsc::channel();
        // Read to the end, so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.split("Running on ").nth(1) {
                    let _ = said.send(url.trim().to_owned());
                }
            }
        });
        let heard = tokio::task::spawn_blocking(move || heard.recv_timeout(Duration::from_secs(60))).await.expect("joined");
        let mut server = Self { child, endpoint: String::new(), bucket: unique("pictures-") };
        server.endpoint = heard.unwrap_or_else(|_| panic!("{bin} did not say where it listens within 60 s"));
        server.create_bucket().await;
        server
    }

    /// `PUT /<bucket>`: moto takes it unsigned.
    async fn create_bucket(&self) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let host = self.endpoint.trim_start_matches("http://");
        let mut stream = TcpStream::connect(host).await.expect("moto_server accepts connections");
        let request = format!("PUT /{} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", self.bucket);
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "bucket {} not made: {answer}", self.bucket);
    }

    /// The settings of a picture store in this server's bucket, as the
    /// catalog reads them from its environment.
    pub fn settings(&self) -> Vec<(&'static str, String)> {
        vec![
            ("PICTURE_BUCKET", self.bucket.clone()),
            ("AWS_ENDPOINT", self.endpoint.clone()),
            ("AWS_ALLOW_HTTP", "true".to_owned()),
            ("AWS_REGION", "eu-central-1".to_owned()),
            ("AWS_ACCESS_KEY_ID", "test".to_owned()),
            ("AWS_SECRET_ACCESS_KEY", "test".to_owned()),
        ]
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One service on its own, for the API tests of its crate: a fresh SQLite
/// database, the in-process bus and cache, fake peers served on loopback
/// ports ([`Alone::serve`]) and every other peer unreachable. Dropping it
/// stops the service and its fakes.
pub struct Alone {
    pub shutdown: tokio_util::sync::CancellationToken,
    db: TestDb,
}

impl Alone {
    pub async fn new() -> Self {
        Self { shutdown: tokio_util::sync::CancellationToken::new(), db: TestDb::sqlite().await }
    }

    /// Serves a fake peer's `routes` on a free port until the drop; its URL.
    pub async fn serve(&self, routes: tonic::service::Routes) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(crate::grpc::serve("fake", listener.into(), routes, self.shutdown.clone()));
        format!("http://{addr}")
    }

    /// The infrastructure and a port-0 listener for the service `name`;
    /// `peers` sets what `Peers` starts with (all unreachable).
    pub async fn infra(&self, name: &'static str, peers: impl FnOnce(&mut crate::config::Peers)) -> (crate::runtime::Infra, TcpListener) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let nowhere = "http://127.0.0.1:9".to_owned();
        let mut config = crate::config::ServiceConfig {
            name,
            grpc_addr: listener.local_addr().unwrap(),
            ops_addr: "127.0.0.1:0".parse().unwrap(),
            database_url: self.db.url.clone(),
            nats_url: None,
            nats_namespace: None,
            redis_url: None,
            peers: crate::config::Peers {
                catalog: nowhere.clone(),
                rooms: nowhere.clone(),
                cart: nowhere.clone(),
                users: nowhere.clone(),
                content: nowhere,
                timeout: Duration::from_secs(5),
                refresh: Duration::from_secs(5),
            },
        };
        peers(&mut config.peers);
        let mut infra = crate::runtime::Infra::connect(&config, self.shutdown.clone()).await.unwrap();
        // Files a service keeps (the catalog's pictures) go beside its database.
        infra.data_dir = self.db._dir.as_ref().map(|d| d.path().to_owned());
        (infra, listener)
    }
}

impl Drop for Alone {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

/// What the fake portal answers, and what it was asked.
#[derive(Default)]
struct PortalState {
    status: u16,
    body: String,
    etag: String,
    /// Each request's `If-None-Match`.
    asked: Vec<Option<String>>,
    /// Held until notified: an import under way.
    hold: Option<std::sync::Arc<tokio::sync::Notify>>,
    /// How long each answer takes.
    delay: Duration,
    /// Requests being answered now, and the most at once.
    in_flight: usize,
    most_at_once: usize,
}

/// A booking portal serving one calendar (iCal): `If-None-Match` with its
/// current `ETag` is answered 304; every request's `If-None-Match` is kept.
pub struct CalendarPortal {
    state: std::sync::Arc<std::sync::Mutex<PortalState>>,
    pub url: String,
}

impl CalendarPortal {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/ical/listing-1.ics", listener.local_addr().unwrap());
        let state = std::sync::Arc::new(std::sync::Mutex::new(PortalState { status: 200, ..PortalState::default() }));
        let app = axum::Router::new().route("/ical/listing-1.ics", axum::routing::get(Self::calendar)).with_state(state.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { state, url }
    }

    async fn calendar(
        axum::extract::State(state): axum::extract::State<std::sync::Arc<std::sync::Mutex<PortalState>>>,
        headers: axum::http::HeaderMap,
    ) -> axum::response::Response {
        let asked = headers.get("if-none-match").and_then(|v| v.to_str().ok()).map(str::to_owned);
        let (hold, delay) = {
            let mut s = state.lock().unwrap();
            s.asked.push(asked.clone());
            s.in_flight += 1;
            s.most_at_once = s.most_at_once.max(s.in_flight);
            (s.hold.clone(), s.delay)
        };
        if let Some(hold) = hold {
            hold.notified().await;
        }
        tokio::time::sleep(delay).await;
        let mut s = state.lock().unwrap();
        s.in_flight -= 1;
        let status = if s.status == 200 && !s.etag.is_empty() && asked.as_deref() == Some(s.etag.as_str()) { 304 } else { s.status };
        let body = if status == 304 { String::new() } else { s.body.clone() };
        let status = axum::http::StatusCode::from_u16(status).unwrap();
        axum::response::IntoResponse::into_response((status, [("content-type", "text/calendar"), ("etag", s.etag.as_str())], body))
    }

    /// Serves a calendar of `events` (uid, first night, the morning after), under a new ETag.
    pub fn serve(&self, events: &[(&str, String, String)]) {
        let mut body = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Fake portal//EN\r\n".to_owned();
        for (uid, from, to) in events {
            let (from, to) = (from.replace('-', ""), to.replace('-', ""));
            body.push_str(&format!(
                "BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20270101T000000Z\r\nDTSTART;VALUE=DATE:{from}\r\nDTEND;VALUE=DATE:{to}\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n"
            ));
        }
        body.push_str("END:VCALENDAR\r\n");
        self.answer(200, &body);
    }

    pub fn answer(&self, status: u16, body: &str) {
        let mut s = self.state.lock().unwrap();
        s.status = status;
        s.body = body.to_owned();
        s.etag = format!("\"v{}\"", s.asked.len() + 1);
    }

    pub fn asked(&self) -> Vec<Option<String>> {
        self.state.lock().unwrap().asked.clone()
    }

    /// Each answer takes `delay`.
    pub fn slow(&self, delay: Duration) {
        self.state.lock().unwrap().delay = delay;
    }

    /// The most requests it answered at once.
    pub fn most_at_once(&self) -> usize {
        self.state.lock().unwrap().most_at_once
    }

    /// Holds every answer until `hold` is notified (an import under way); none: answers at once.
    pub fn hold(&self, hold: Option<std::sync::Arc<tokio::sync::Notify>>) {
        self.state.lock().unwrap().hold = hold;
    }
}

/// Polls `check` every 20 ms until it is true; panics with `what` after 30 s.
pub async fn wait_until<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while !check().await {
        assert!(tokio::time::Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::{ReservedPort, host_port, postgres_database_url};

    #[test]
    fn a_reserved_port_goes_to_its_server_and_to_no_one_else() {
        let reserved = ReservedPort::new();
        // A port let go is handed out again within a few thousand binds to
        // port 0 (the race the reservation closes); a reserved one never is.
        for _ in 0..10_000 {
            let other = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            assert_ne!(other.local_addr().unwrap().port(), reserved.port(), "a reserved port was handed out");
        }
        let server = std::net::TcpListener::bind(reserved.addr()).expect("the server binds its reserved port");
        std::net::TcpStream::connect(reserved.addr()).expect("and is reached there");
        drop(server);
        assert!(std::net::TcpStream::connect(reserved.addr()).is_err(), "refused while nothing listens");
    }

    #[test]
    fn proxy_targets_are_taken_from_urls() {
        assert_eq!(host_port("nats://127.0.0.1:4222"), "127.0.0.1:4222");
        assert_eq!(host_port("redis://127.0.0.1:6379/0"), "127.0.0.1:6379");
        assert_eq!(host_port("redis://:pw@h:1"), "h:1");
        assert_eq!(host_port("127.0.0.1:5"), "127.0.0.1:5");
    }

    #[test]
    fn database_name_replaces_the_path() {
        assert_eq!(postgres_database_url("postgres://postgres@127.0.0.1:5432/test", "x"), "postgres://postgres@127.0.0.1:5432/x");
        assert_eq!(postgres_database_url("postgres://h/test?sslmode=disable", "x"), "postgres://h/x?sslmode=disable");
        assert_eq!(postgres_database_url("postgres://h", "x"), "postgres://h/x");
    }
}
