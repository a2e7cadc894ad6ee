//! The time every service reads. One [`Clock`] per process (standalone:
//! one for all five services and the gateway), handed to each piece that
//! needs the time; nothing else reads the wall clock. Tests move it
//! forward instead of editing timestamps in tables or sleeping: a hold
//! expires, a session goes idle, a cart is abandoned because the clock says
//! so. Loops that act on time (the rooms' hold expiry, the mail retries)
//! wake at once when it jumps.
//!
//! A process started with `CLOCK_CONTROL=on` also lets its ops port move it
//! (`POST /clock?advance_ms=`), so the distributed tests move every
//! process's clock alike; production never sets it.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use chrono::NaiveDate;

#[derive(Clone, Debug)]
pub struct Clock {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// How far this clock is ahead of the wall clock, in ms.
    ahead_ms: AtomicI64,
    /// Bumped on every jump, for loops that act on time.
    jumps: tokio::sync::watch::Sender<u64>,
}

impl Default for Clock {
    fn default() -> Self {
        Self::system()
    }
}

impl Clock {
    /// The wall clock.
    pub fn system() -> Self {
        Self { inner: Arc::new(Inner { ahead_ms: AtomicI64::new(0), jumps: tokio::sync::watch::Sender::new(0) }) }
    }

    /// Milliseconds since the Unix epoch: the one timestamp format in our
    /// tables, portable across SQLite and PostgreSQL.
    pub fn now_ms(&self) -> i64 {
        wall_ms().saturating_add(self.inner.ahead_ms.load(Ordering::Relaxed))
    }

    /// Today in the guesthouse's time zone (the server's local time).
    pub fn today(&self) -> NaiveDate {
        chrono::DateTime::from_timestamp_millis(self.now_ms())
            .map(|t| t.with_timezone(&chrono::Local).date_naive())
            .unwrap_or_else(|| chrono::Local::now().date_naive())
    }

    /// Moves the clock forward by `by` and wakes the loops waiting on it.
    pub fn advance(&self, by: Duration) {
        let by = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.inner.ahead_ms.fetch_add(by, Ordering::Relaxed);
        self.inner.jumps.send_modify(|n| *n += 1);
    }

    /// How far ahead of the wall clock this clock is.
    pub fn ahead(&self) -> Duration {
        Duration::from_millis(u64::try_from(self.inner.ahead_ms.load(Ordering::Relaxed)).unwrap_or_default())
    }

    /// Resolves when the clock next jumps (never, in production).
    pub fn jumped(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut jumps = self.inner.jumps.subscribe();
        async move {
            // The sender lives as long as any clone of this clock.
            if jumps.changed().await.is_err() {
                std::future::pending::<()>().await;
            }
        }
    }
}

fn wall_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn advancing_moves_now_and_wakes_the_waiting() {
        let clock = Clock::system();
        let before = clock.now_ms();
        let waiting = tokio::spawn(clock.jumped());
        let other = clock.clone();
        other.advance(Duration::from_secs(3600));
        tokio::time::timeout(Duration::from_secs(5), waiting).await.expect("woken").unwrap();
        assert!(clock.now_ms() - before >= 3_600_000, "shared by every clone");
        assert_eq!(clock.ahead(), Duration::from_secs(3600));
    }

    #[test]
    fn today_follows_the_clock() {
        let clock = Clock::system();
        let today = clock.today();
        clock.advance(Duration::from_secs(2 * 24 * 3600));
        assert_eq!(clock.today(), today + chrono::Days::new(2));
    }
}
