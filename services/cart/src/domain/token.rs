//! Tokens: a basket is reached by its token alone, so the client must choose
//! one nobody can guess. A new cart's token must be
//! - 32 to 64 characters of `A-Z a-z 0-9 - _` (32 hex digits carry 128 bits,
//!   a base64url string of 32 characters 192 bits);
//! - varied: the characters' Shannon entropy at least 2.5 bits per character
//!   (random hex has about 3.5; `aaaa…` has 0, `abab…` 1);
//! - not a run: fewer than three quarters of neighbouring characters equal
//!   or consecutive (`0123…`, `abcd…`, `aaaa…`).
//!
//! A random 32-hex-digit or base64url token fails these rules with a
//! probability far below one in a billion. Reads and deletes only check the
//! shape (16 to 64 safe characters), so they answer 404, not 400, for a
//! token that names no cart.
//!
//! Expiry: a cart not changed for [`CartTtl`] (30 days by default) is
//! abandoned: it answers as not found and is deleted by the sweeper.

use std::collections::HashMap;
use std::time::Duration;

pub const MIN_TOKEN_LEN: usize = 32;
pub const MAX_TOKEN_LEN: usize = 64;
const MIN_BITS_PER_CHAR: f64 = 2.5;

fn safe_chars(token: &str) -> bool {
    token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A token that may name a cart: the shape checked on every read.
pub fn well_formed(token: &str) -> bool {
    (16..=MAX_TOKEN_LEN).contains(&token.len()) && safe_chars(token)
}

/// Why a token is refused for a new cart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WeakToken {
    Length,
    Characters,
    TooRegular,
}

/// Shannon entropy of the token's characters, in bits per character.
fn bits_per_char(token: &str) -> f64 {
    let mut counts: HashMap<u8, usize> = HashMap::new();
    for b in token.bytes() {
        *counts.entry(b).or_default() += 1;
    }
    let n = token.len() as f64;
    counts.values().map(|&c| c as f64 / n).map(|p| -p * p.log2()).sum()
}

/// The checks of a new cart's token (see the module documentation).
pub fn strong_token(token: &str) -> Result<(), WeakToken> {
    if !(MIN_TOKEN_LEN..=MAX_TOKEN_LEN).contains(&token.len()) {
        return Err(WeakToken::Length);
    }
    if !safe_chars(token) {
        return Err(WeakToken::Characters);
    }
    let bytes = token.as_bytes();
    let runs = bytes.windows(2).filter(|w| w[0].abs_diff(w[1]) <= 1).count();
    if bits_per_char(token) < MIN_BITS_PER_CHAR || runs * 4 >= (bytes.len() - 1) * 3 {
        return Err(WeakToken::TooRegular);
    }
    Ok(())
}

/// How long an untouched cart lives (`CART_TTL_DAYS`, default 30).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartTtl(pub Duration);

impl CartTtl {
    pub fn from_env() -> anyhow::Result<Self> {
        let days: u64 = spa_platform::config::parse_or("CART_TTL_DAYS", 30)?;
        anyhow::ensure!(days > 0, "CART_TTL_DAYS must be at least 1");
        Ok(Self(Duration::from_secs(days * 24 * 3600)))
    }

    /// Carts last changed before this instant (ms since the epoch) are abandoned.
    pub fn cutoff(self, now_ms: i64) -> i64 {
        now_ms - self.0.as_millis() as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_tokens_pass() {
        for _ in 0..20_000 {
            let hex = uuid::Uuid::new_v4().simple().to_string();
            assert_eq!(strong_token(&hex), Ok(()), "{hex}");
            let dashed = uuid::Uuid::new_v4().to_string();
            assert_eq!(strong_token(&dashed), Ok(()), "{dashed}");
        }
    }

    #[test]
    fn short_odd_or_regular_tokens_fail() {
        assert_eq!(strong_token("aB3-_aB3-_aB3-_x"), Err(WeakToken::Length));
        assert_eq!(strong_token(&"a".repeat(65)), Err(WeakToken::Length));
        assert_eq!(strong_token("has/slash/has/slash/has/slash/xyz"), Err(WeakToken::Characters));
        for weak in [
            "a".repeat(32),
            "ab".repeat(16),
            "0123456789abcdef0123456789abcdef".to_owned(),
            "abcdefghijklmnopqrstuvwxyzABCDEF".to_owned(),
            "aabbccddeeffgghhiijjkkllmmnnoopp".to_owned(),
            "00000000000000000000000000000001".to_owned(),
        ] {
            assert_eq!(strong_token(&weak), Err(WeakToken::TooRegular), "{weak}");
        }
    }

    #[test]
    fn reads_check_the_shape_only() {
        assert!(well_formed("abcdefghijklmnop1234"));
        assert!(!well_formed("short"));
        assert!(!well_formed("has/slash/has/slash/x"));
    }

    #[test]
    fn carts_expire_after_their_ttl() {
        let ttl = CartTtl(Duration::from_secs(30 * 86_400));
        assert_eq!(ttl.cutoff(30 * 86_400_000 + 5), 5);
    }
}
