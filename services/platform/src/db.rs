//! One sqlx `Any` pool per service, on SQLite (default) or PostgreSQL
//! (when the URL says `postgres://`). Queries use `$1` placeholders and
//! portable SQL, so one code path serves both backends.
//!
//! SQLite lets one writer in at a time; a second one waits in SQLite's busy
//! handler, which sleeps 1, 2, 5, 10 … 100 ms between tries, so under
//! concurrent checkouts most of a request's time was spent asleep. On
//! SQLite, transactions of one process therefore queue for the file in
//! order on an async lock ([`Tx`] holds it until commit or rollback) and
//! never meet the busy handler among themselves. A transaction must not
//! begin another on the same database while it is open.

use std::ops::{Deref, DerefMut};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::{MigrateDatabase, Migrator};
use sqlx::{Any, AnyPool, ConnectOptions, Executor};

use crate::clock::Clock;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbKind {
    Sqlite,
    Postgres,
}

#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
    kind: DbKind,
    /// SQLite: the queue of this process's transactions (see the module).
    writer: Option<Arc<tokio::sync::Mutex<()>>>,
    /// The process's clock: what its rows stamp as now.
    clock: Clock,
}

/// A transaction; on SQLite it holds the database's place in the queue.
pub struct Tx {
    inner: sqlx::Transaction<'static, Any>,
    _turn: Option<tokio::sync::OwnedMutexGuard<()>>,
    clock: Clock,
}

impl Tx {
    /// Now on the process's clock, in ms since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.inner.commit().await
    }

    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        self.inner.rollback().await
    }
}

impl Deref for Tx {
    type Target = sqlx::AnyConnection;

    fn deref(&self) -> &Self::Target {
        &self.inner
    }
}

impl DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.inner
    }
}

impl Db {
    /// Connects, creating the database (or SQLite file) when it is missing.
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        let kind = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            DbKind::Postgres
        } else if url.starts_with("sqlite:") {
            DbKind::Sqlite
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite: or postgres:");
        };
        if kind == DbKind::Sqlite
            && let Some(dir) = sqlite_dir(url)
        {
            std::fs::create_dir_all(&dir).with_context(|| format!("creating data directory {dir}"))?;
        }
        if !Any::database_exists(url).await.unwrap_or(false) {
            // Another replica may create it at the same moment; only a
            // connection failure below is fatal.
            if let Err(e) = Any::create_database(url).await {
                tracing::debug!(error = %e, "create database");
            }
        }
        let options = AnyConnectOptions::from_str(url).context("parsing DATABASE_URL")?.disable_statement_logging();
        let pool = match kind {
            DbKind::Sqlite => {
                // A pooled connection to a local file cannot go stale, so
                // the ping sqlx sends before handing one out (a round trip
                // to the connection's thread) buys nothing. Writers queue
                // anyway, and each connection's page cache is dropped when
                // another one commits: 4 connections (a thread each) ran the
                // checkout journey 3-7 % faster than 8 on two cores.
                AnyPoolOptions::new()
                    .max_connections(4)
                    .test_before_acquire(false)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            // WAL lets readers run beside the one writer;
                            // busy_timeout makes writers queue instead of failing.
                            conn.execute("PRAGMA journal_mode = WAL").await?;
                            conn.execute("PRAGMA busy_timeout = 5000").await?;
                            conn.execute("PRAGMA synchronous = NORMAL").await?;
                            conn.execute("PRAGMA foreign_keys = ON").await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await
            }
            DbKind::Postgres => {
                AnyPoolOptions::new().max_connections(10).acquire_timeout(Duration::from_secs(5)).connect_with(options).await
            }
        }
        .context("connecting to the database")?;
        let writer = (kind == DbKind::Sqlite).then(|| Arc::new(tokio::sync::Mutex::new(())));
        Ok(Self { pool, kind, writer, clock: Clock::system() })
    }

    /// This database on the process's `clock` (standalone shares one among
    /// its services, so a test moves them all).
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// The process's clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Now on the process's clock, in ms since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Runs the platform tables' migrations, then the service's own
    /// (`sqlx::migrate!()` of the service crate).
    pub async fn migrate(&self, mut service: Migrator) -> anyhow::Result<()> {
        // Both migrators share one history table, so each must ignore the
        // other's rows. Platform versions are below 1000, services' above.
        let mut platform = sqlx::migrate!("./migrations");
        platform.set_ignore_missing(true);
        platform.run(&self.pool).await.context("platform migrations")?;
        service.set_ignore_missing(true);
        service.run(&self.pool).await.context("service migrations")?;
        Ok(())
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn kind(&self) -> DbKind {
        self.kind
    }

    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        let turn = self.turn().await;
        Ok(Tx { inner: self.pool.begin().await?, _turn: turn, clock: self.clock.clone() })
    }

    /// This process's place in the queue of writers (SQLite); none needed
    /// on PostgreSQL.
    async fn turn(&self) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        match &self.writer {
            Some(queue) => Some(queue.clone().lock_owned().await),
            None => None,
        }
    }

    /// Runs one statement on its own (its own transaction), in this
    /// process's queue of writers on SQLite like a [`Tx`]: one round trip
    /// to the database instead of three.
    pub async fn write<'q>(
        &self,
        query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<sqlx::any::AnyQueryResult, sqlx::Error> {
        let _turn = self.turn().await;
        query.execute(&self.pool).await
    }

    /// A cheap round trip for readiness probes.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// The directory part of a `sqlite://dir/file.db?...` URL, if any.
fn sqlite_dir(url: &str) -> Option<String> {
    let path = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let path = path.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return None;
    }
    let parent = std::path::Path::new(path).parent()?;
    let parent = parent.to_string_lossy().into_owned();
    (!parent.is_empty()).then_some(parent)
}

/// True when the error is a unique-constraint violation, on either backend.
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(db) => db.is_unique_violation(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::sqlite_dir;

    #[test]
    fn sqlite_dir_is_taken_from_the_url() {
        assert_eq!(sqlite_dir("sqlite://./data/catalog.db?mode=rwc").as_deref(), Some("./data"));
        assert_eq!(sqlite_dir("sqlite:///tmp/x/a.db").as_deref(), Some("/tmp/x"));
        assert_eq!(sqlite_dir("sqlite::memory:"), None);
    }
}
