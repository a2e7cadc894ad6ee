//! Test helpers: a fresh database per test on either backend, unique names
//! for shared servers, and the real-backend URLs from the environment
//! (`TEST_POSTGRES_URL`, `TEST_NATS_URL`, `TEST_REDIS_URL`).
//!
//! Tests that need a real backend are compiled with
//! `#[cfg_attr(not(has_postgres), ignore = "TEST_POSTGRES_URL is not set")]`
//! (and `has_nats`, `has_redis`); the crate's `build.rs` sets those cfgs
//! from the environment (seven lines, copied rather than making this crate a
//! build dependency), so an unset variable shows up as a skipped test with
//! its name, never as a pass.

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
        let pool = self.db.pool().clone();
        // Drop runs outside async context guarantees: use a thread of its own.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
            rt.block_on(async move {
                pool.close().await;
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

#[cfg(test)]
mod tests {
    use super::postgres_database_url;

    #[test]
    fn database_name_replaces_the_path() {
        assert_eq!(postgres_database_url("postgres://postgres@127.0.0.1:5432/test", "x"), "postgres://postgres@127.0.0.1:5432/x");
        assert_eq!(postgres_database_url("postgres://h/test?sslmode=disable", "x"), "postgres://h/x?sslmode=disable");
        assert_eq!(postgres_database_url("postgres://h", "x"), "postgres://h/x");
    }
}
