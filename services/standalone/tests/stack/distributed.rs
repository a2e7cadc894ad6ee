//! The distributed mode proven on one machine: each service and the gateway
//! run as their own OS process against the real PostgreSQL, NATS and Redis.
//! The binaries come from the same target directory as this test (the test
//! command builds the workspace's binaries first).

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::json;
use spa_platform::db::Db;
use spa_platform::testkit;
use sqlx::Row;

use crate::support::{client, common_checks, eventually};

pub fn bin(name: &str) -> PathBuf {
    // target/<profile>/deps/<test binary> -> target/<profile>/<name>
    let exe = std::env::current_exe().unwrap();
    let path = exe.parent().unwrap().parent().unwrap().join(name);
    assert!(path.exists(), "{} is missing: build the workspace binaries first (cargo build --workspace --bins)", path.display());
    path
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Kills every process on drop, so a failing test leaves none behind.
pub struct Processes(pub Vec<(&'static str, Child)>);

impl Processes {
    /// Sends SIGTERM and waits: the graceful path every orchestrator uses.
    pub fn terminate(&mut self) -> Vec<(&'static str, std::process::ExitStatus)> {
        for (_, child) in &self.0 {
            let _ = Command::new("kill").arg("-TERM").arg(child.id().to_string()).status();
        }
        self.0
            .drain(..)
            .map(|(name, mut child)| {
                for _ in 0..100 {
                    if let Ok(Some(status)) = child.try_wait() {
                        return (name, status);
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
                let _ = child.kill();
                (name, child.wait().unwrap())
            })
            .collect()
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

#[tokio::test]
#[cfg_attr(not(all(has_postgres, has_nats, has_redis)), ignore = "TEST_POSTGRES_URL, TEST_NATS_URL and TEST_REDIS_URL must all be set")]
async fn every_service_as_its_own_process_on_postgres_nats_and_redis() {
    let run = testkit::unique("d");
    let services =
        [("catalog", "spa-catalog"), ("rooms", "spa-rooms"), ("cart", "spa-cart"), ("users", "spa-users"), ("content", "spa-content")];
    let grpc: Vec<u16> = services.iter().map(|_| free_port()).collect();
    let ops: Vec<u16> = services.iter().map(|_| free_port()).collect();
    let http_port = free_port();
    let gateway_ops = free_port();
    let pg = testkit::postgres_url();
    let databases: Vec<String> = services.iter().map(|(name, _)| format!("spa_{run}_{name}")).collect();
    let peer_env: Vec<(String, String)> = services
        .iter()
        .zip(&grpc)
        .map(|((name, _), port)| (format!("{}_ADDR", name.to_uppercase()), format!("http://127.0.0.1:{port}")))
        .collect();

    let mut procs = Processes(Vec::new());
    for (i, (name, binary)) in services.iter().enumerate() {
        let mut cmd = Command::new(bin(binary));
        cmd.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("RUST_LOG", "warn")
            .env("GRPC_ADDR", format!("127.0.0.1:{}", grpc[i]))
            .env("OPS_ADDR", format!("127.0.0.1:{}", ops[i]))
            .env("DATABASE_URL", testkit::postgres_database_url(&pg, &databases[i]))
            .env("NATS_URL", testkit::nats_url())
            .env("NATS_NAMESPACE", &run)
            .env("REDIS_URL", testkit::redis_url())
            .envs(peer_env.iter().cloned())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        procs.0.push((name, cmd.spawn().unwrap()));
    }
    let mut gateway = Command::new(bin("spa-gateway"));
    gateway
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("RUST_LOG", "warn")
        .env("HTTP_ADDR", format!("127.0.0.1:{http_port}"))
        .env("OPS_ADDR", format!("127.0.0.1:{gateway_ops}"))
        .env("NATS_URL", testkit::nats_url())
        .env("NATS_NAMESPACE", &run)
        .env("REDIS_URL", testkit::redis_url())
        .env("WEB_DIST", "/nonexistent")
        .env("MEDIA_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../catalog/seed/media"))
        .envs(peer_env.iter().cloned())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    procs.0.push(("gateway", gateway.spawn().unwrap()));

    let http = client();
    for port in ops.iter().chain(std::iter::once(&http_port)) {
        let url = format!("http://127.0.0.1:{port}/readyz");
        eventually(&url, || {
            let (http, url) = (http.clone(), url.clone());
            async move { http.get(&url).send().await.ok().filter(|r| r.status().is_success()).map(|_| ()) }
        })
        .await;
    }
    let base = format!("http://127.0.0.1:{http_port}");
    common_checks(&base).await;

    // An event crosses processes: content's outbox -> NATS -> content's
    // mailer consumer -> a row in content's PostgreSQL database.
    let r = http
        .post(format!("{base}/shop-api/newsletter/subscribe?locale=en_GB"))
        .json(&json!({"email": "guest@example.co.uk"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let content = Db::connect(&testkit::postgres_database_url(&pg, &databases[4])).await.unwrap();
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

    // Listing pages, room searches and search answers are cached in Redis
    // under each process's prefix.
    let mut redis = redis::Client::open(testkit::redis_url()).unwrap().get_multiplexed_async_connection().await.unwrap();
    for prefix in ["spa:catalog:offers:", "spa:rooms:search:", "spa:gateway:search:"] {
        let keys: Vec<String> = redis::cmd("KEYS").arg(format!("{prefix}*")).query_async(&mut redis).await.unwrap();
        assert!(!keys.is_empty(), "nothing cached under {prefix}");
    }

    // Metrics of a service process, and of the gateway on its ops port only.
    let metrics = http.get(format!("http://127.0.0.1:{}/metrics", ops[0])).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("grpc_server_requests_total"), "{metrics}");
    let metrics = http.get(format!("http://127.0.0.1:{gateway_ops}/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("http_requests_total"), "{metrics}");
    let public = http.get(format!("{base}/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(!public.contains("http_requests_total"), "no metrics on the public port");

    // SIGTERM stops every process cleanly.
    for (name, status) in procs.terminate() {
        assert!(status.success(), "{name} exited with {status}");
    }

    // Clean up the run's databases and stream.
    let admin = Db::connect(&pg).await.unwrap();
    for db in &databases {
        sqlx::query(&format!("DROP DATABASE IF EXISTS \"{db}\" WITH (FORCE)")).execute(admin.pool()).await.unwrap();
    }
    let bus = spa_platform::bus::NatsBus::connect(&testkit::nats_url(), Some(&run)).await.unwrap();
    bus.delete_stream().await.unwrap();
}
