//! The login throttle.
//!
//! Failed logins are counted per e-mail address *and* client (the address
//! the gateway saw): after [`MAX_LOGIN_FAILURES`] within [`LOGIN_WINDOW`]
//! that client cannot log in to that address until the window ends,
//! whatever the password; the owner, from another client, still can. A
//! client is also stopped after [`MAX_CLIENT_LOGIN_FAILURES`] failures over
//! any addresses (guessing many accounts' passwords). Known and unknown
//! addresses alike, with one answer and one cost.

use std::time::Duration;

/// Failed logins allowed per e-mail address from one client in one [`LOGIN_WINDOW`].
pub const MAX_LOGIN_FAILURES: i64 = 5;
/// Failed logins allowed from one client over any addresses in one [`LOGIN_WINDOW`].
pub const MAX_CLIENT_LOGIN_FAILURES: i64 = 30;
pub const LOGIN_WINDOW: Duration = Duration::from_secs(15 * 60);

/// A counter of failed logins: its key, the e-mail it belongs to ("" for a
/// client's own), and how many failures lock it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Throttle {
    pub key: String,
    pub email: String,
    pub max: i64,
}

impl Throttle {
    /// Whether this counter, having counted the current attempt as its
    /// `attempts`-th in the window opened at `window_start`, refuses it:
    /// the earlier attempts are the failures.
    pub fn locks(&self, attempts: i64, window_start: i64, now: i64) -> bool {
        login_locked(attempts - 1, self.max, window_start, now)
    }
}

/// The counters a login attempt of `email` from `client` counts against:
/// the pair's, and the client's when the client is known.
pub fn throttles(email: &str, client: &str) -> Vec<Throttle> {
    let mut keys = vec![Throttle { key: format!("pair:{email}|{client}"), email: email.to_owned(), max: MAX_LOGIN_FAILURES }];
    if !client.is_empty() {
        keys.push(Throttle { key: format!("client:{client}"), email: String::new(), max: MAX_CLIENT_LOGIN_FAILURES });
    }
    keys
}

/// Whether a counter locks logins now: `max` failures in a window that has
/// not ended.
pub fn login_locked(failures: i64, max: i64, window_start: i64, now: i64) -> bool {
    failures >= max && now < window_start + LOGIN_WINDOW.as_millis() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_lock_an_address_until_the_window_ends() {
        let window = LOGIN_WINDOW.as_millis() as i64;
        assert!(!login_locked(4, MAX_LOGIN_FAILURES, 0, 1));
        assert!(login_locked(5, MAX_LOGIN_FAILURES, 0, 1));
        assert!(login_locked(5, MAX_LOGIN_FAILURES, 0, window - 1));
        assert!(!login_locked(5, MAX_LOGIN_FAILURES, 0, window), "the window is over");
    }

    #[test]
    fn failures_count_per_address_and_client_and_per_client() {
        let keys = throttles("ola@example.pl", "203.0.113.9");
        assert_eq!(
            keys.iter().map(|t| (t.key.as_str(), t.max)).collect::<Vec<_>>(),
            [("pair:ola@example.pl|203.0.113.9", MAX_LOGIN_FAILURES), ("client:203.0.113.9", MAX_CLIENT_LOGIN_FAILURES)]
        );
        assert_ne!(throttles("ola@example.pl", "198.51.100.1")[0].key, keys[0].key, "the owner elsewhere counts apart");
        assert_eq!(throttles("ola@example.pl", "").len(), 1, "an unknown client counts per address");
    }

    #[test]
    fn the_sixth_attempt_is_the_first_refused() {
        let pair = &throttles("ola@example.pl", "")[0];
        assert!(!pair.locks(5, 0, 1), "four failures before it");
        assert!(pair.locks(6, 0, 1));
    }
}
