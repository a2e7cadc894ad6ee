//! The users' rules, free of storage and transport.
//!
//! - **E-mail**: trimmed and lower-cased, then checked like every e-mail of
//!   the shop (`spa_platform::email`).
//! - **Password**: 10 to 128 characters, at least 5 different ones, and
//!   not the e-mail or its part before `@`. Length over composition rules,
//!   as NIST SP 800-63B advises.
//! - **Names**: 1 to 60 characters after trimming; the phone at most 30.
//! - **Sessions** last [`SESSION_TTL`] from login, or end unused after
//!   [`SESSION_IDLE`]; the token is 32 random bytes, only its SHA-256 is
//!   stored. A login replaces the session the browser had.
//! - **E-mail links** (verification, password reset) carry a token made the
//!   same way, used once, within their [`LinkPurpose::ttl`].
//! - **Failed logins** are counted per e-mail address *and* client (the
//!   address the gateway saw): after [`MAX_LOGIN_FAILURES`] within
//!   [`LOGIN_WINDOW`] that client cannot log in to that address until the
//!   window ends, whatever the password; the owner, from another client,
//!   still can. A client is also stopped after [`MAX_CLIENT_LOGIN_FAILURES`]
//!   failures over any addresses (guessing many accounts' passwords). Known
//!   and unknown addresses alike, with one answer and one cost.

use std::time::Duration;

use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::error::UsersError;

spa_platform::coded! {
    /// What an account may do; kept as comma-separated codes in `customers.roles`.
    pub enum Role: spa_proto::spa::users::v1::Role {
        Customer => "customer",
        /// Edits the site's content.
        Editor => "editor",
        /// Runs the guesthouse: every back-office call.
        Admin => "admin",
        /// Works the front desk.
        Reception => "reception",
    }
}

impl Role {
    /// Whether the role opens the back office; a provider's login never
    /// reaches an account that has one.
    pub fn staff(self) -> bool {
        self != Self::Customer
    }

    /// Roles as kept: known codes, the rest ignored.
    pub fn parse_all(codes: &str) -> Vec<Self> {
        codes.split(',').filter_map(|c| Self::parse(c.trim())).collect()
    }

    /// Roles as kept: their codes, comma-separated.
    pub fn join(roles: &[Self]) -> String {
        roles.iter().map(|r| r.code()).collect::<Vec<_>>().join(",")
    }
}

pub const MIN_PASSWORD: usize = 10;
pub const MAX_PASSWORD: usize = 128;
const MIN_DISTINCT: usize = 5;
const MAX_NAME: usize = 60;
const MAX_PHONE: usize = 30;
pub const SESSION_TTL: Duration = Duration::from_secs(30 * 24 * 3600);
/// A session unused this long ends before its [`SESSION_TTL`].
pub const SESSION_IDLE: Duration = Duration::from_secs(7 * 24 * 3600);
/// How stale a session's last-seen time may be before a read refreshes it
/// (one write an hour per session, not one per request).
pub const SEEN_GRANULARITY: Duration = Duration::from_secs(3600);
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
}
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

pub fn email(raw: &str) -> Result<String, UsersError> {
    let email = raw.trim().to_lowercase();
    if spa_platform::email::is_valid(&email) { Ok(email) } else { Err(UsersError::InvalidEmail) }
}

pub fn check_password(password: &str, email: &str) -> Result<(), UsersError> {
    let chars = password.chars().count();
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&chars) {
        return Err(UsersError::WeakPassword("10 to 128 characters"));
    }
    let mut distinct: Vec<char> = password.chars().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() < MIN_DISTINCT {
        return Err(UsersError::WeakPassword("at least 5 different characters"));
    }
    let lower = password.to_lowercase();
    let local = email.split('@').next().unwrap_or_default();
    if lower == email || lower == local {
        return Err(UsersError::WeakPassword("not the e-mail address"));
    }
    Ok(())
}

/// A name field, trimmed; `field` as the REST body spells it.
pub fn name(field: &'static str, raw: &str) -> Result<String, UsersError> {
    let value = raw.trim();
    if value.is_empty() || value.chars().count() > MAX_NAME {
        return Err(UsersError::InvalidField(field));
    }
    Ok(value.to_owned())
}

/// A customer's names from a provider's claims, which may be missing or
/// long: each cut to [`MAX_NAME`] characters; a missing first name is the
/// e-mail's part before `@` (the customer changes it in the profile).
pub fn identity_names(first: &str, last: &str, email: &str) -> (String, String) {
    let cut = |s: &str| s.trim().chars().filter(|c| !c.is_control()).take(MAX_NAME).collect::<String>();
    let first = match cut(first) {
        f if f.is_empty() => cut(email.split('@').next().unwrap_or(email)),
        f => f,
    };
    (first, cut(last))
}

pub fn phone(raw: &str) -> Result<String, UsersError> {
    let value = raw.trim();
    if value.chars().count() > MAX_PHONE {
        return Err(UsersError::InvalidField("phone"));
    }
    Ok(value.to_owned())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_providers_names_are_cut_and_a_missing_first_name_filled() {
        assert_eq!(identity_names(" Anna ", "Kowalska", "anna@example.com"), ("Anna".into(), "Kowalska".into()));
        assert_eq!(identity_names("", "", "anna.k@example.com"), ("anna.k".into(), String::new()));
        let long = "x".repeat(100);
        let (first, last) = identity_names(&long, &format!("a\u{0}b{long}"), "e@example.com");
        assert_eq!((first.chars().count(), last.chars().count()), (60, 60));
        assert!(last.starts_with("ab"), "control characters dropped");
    }

    #[test]
    fn e_mails_are_trimmed_lower_cased_and_checked() {
        assert_eq!(email("  Ola@Example.PL ").unwrap(), "ola@example.pl");
        assert!(matches!(email("ola@"), Err(UsersError::InvalidEmail)));
    }

    #[test]
    fn passwords_are_long_varied_and_not_the_e_mail() {
        assert!(check_password("correct horse battery", "ola@example.pl").is_ok());
        assert!(check_password("ąęśćżźńół12", "ola@example.pl").is_ok(), "characters, not bytes");
        for (weak, why) in [
            ("short1", "10 to 128 characters"),
            ("aaaaabbbbbcccc", "at least 5 different characters"),
            ("ola@example.pl", "not the e-mail address"),
            ("OLA.NOWAKOWSKA", "not the e-mail address"),
        ] {
            let email = if weak.starts_with("OLA") { "ola.nowakowska@example.pl" } else { "ola@example.pl" };
            assert!(matches!(check_password(weak, email), Err(UsersError::WeakPassword(w)) if w == why), "{weak}");
        }
        assert!(check_password(&"abcde".repeat(26), "ola@example.pl").is_err(), "at most 128");
    }

    #[test]
    fn names_are_required_and_bounded() {
        assert_eq!(name("firstName", " Ola ").unwrap(), "Ola");
        assert!(matches!(name("lastName", "  "), Err(UsersError::InvalidField("lastName"))));
        assert!(name("lastName", &"x".repeat(61)).is_err());
        assert!(phone(&"1".repeat(31)).is_err());
    }

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
    fn tokens_are_random_and_stored_hashed() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
    }
}
