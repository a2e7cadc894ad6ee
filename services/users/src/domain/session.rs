//! Sessions and single-use e-mail links.
//!
//! - **Sessions** last [`SESSION_TTL`] from login, or end unused after
//!   [`SESSION_IDLE`]; the token is 32 random bytes, only its SHA-256 is
//!   stored. A login replaces the session the browser had.
//! - **E-mail links** (verification, password reset) carry a token made the
//!   same way, used once, within their [`LinkPurpose::ttl`].

use std::time::Duration;

use rand::RngCore;
use sha2::{Digest, Sha256};

pub const SESSION_TTL: Duration = Duration::from_secs(30 * 24 * 3600);
/// A session unused this long ends before its [`SESSION_TTL`].
pub const SESSION_IDLE: Duration = Duration::from_secs(7 * 24 * 3600);
/// How stale a session's last-seen time may be before a read refreshes it
/// (one write an hour per session, not one per request).
pub const SEEN_GRANULARITY: Duration = Duration::from_secs(3600);
/// The longest token a client may present; anything longer was never made
/// here and is not looked up.
const MAX_TOKEN: usize = 128;

/// What a single-use e-mail link is for, and how long it works.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkPurpose {
    /// Verifies the e-mail address: 24 hours.
    Verify,
    /// Sets a new password: 1 hour.
    Reset,
}

impl LinkPurpose {
    pub fn code(self) -> &'static str {
        match self {
            Self::Verify => "verify",
            Self::Reset => "reset",
        }
    }

    pub fn ttl(self) -> Duration {
        match self {
            Self::Verify => Duration::from_secs(24 * 3600),
            Self::Reset => Duration::from_secs(3600),
        }
    }

    /// When a link made at `now` stops working.
    pub fn expires_at(self, now: i64) -> i64 {
        now + self.ttl().as_millis() as i64
    }
}

/// A new session token: 32 random bytes, hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The stored form of a session token.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether a presented session or link token may be one of ours: not
/// empty, at most [`MAX_TOKEN`] bytes.
pub fn token_shaped(token: &str) -> bool {
    !token.is_empty() && token.len() <= MAX_TOKEN
}

/// The stored form of the browser's previous session, which a login
/// replaces; none when it presented none (or nothing like one).
pub fn replaced(previous: &str) -> Option<String> {
    Some(previous).filter(|t| token_shaped(t)).map(token_hash)
}

/// When a session made at `now` ends at the latest.
pub fn expires_at(now: i64) -> i64 {
    now + SESSION_TTL.as_millis() as i64
}

/// What keeps a session alive at `now`: last seen after `idle_cutoff`;
/// a last-seen time before `seen_cutoff` is refreshed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Liveness {
    pub now: i64,
    pub idle_cutoff: i64,
    pub seen_cutoff: i64,
}

impl Liveness {
    pub fn at(now: i64) -> Self {
        Self { now, idle_cutoff: now - SESSION_IDLE.as_millis() as i64, seen_cutoff: now - SEEN_GRANULARITY.as_millis() as i64 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_stored_hashed() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
    }

    #[test]
    fn only_token_shaped_strings_are_looked_up() {
        assert!(token_shaped(&new_token()));
        assert!(!token_shaped(""));
        assert!(!token_shaped(&"a".repeat(129)));
        assert_eq!(replaced(""), None);
        assert_eq!(replaced("abc"), Some(token_hash("abc")));
    }

    #[test]
    fn sessions_and_links_end_on_time() {
        let hour = 3_600_000;
        assert_eq!(expires_at(0), 30 * 24 * hour);
        assert_eq!((LinkPurpose::Verify.expires_at(0), LinkPurpose::Reset.expires_at(0)), (24 * hour, hour));
        let live = Liveness::at(10 * 24 * hour);
        assert_eq!((live.idle_cutoff, live.seen_cutoff), (3 * 24 * hour, 10 * 24 * hour - hour));
    }
}
