//! Gift voucher codes: issued for each voucher unit of a paid order, worth
//! what was paid for it, and spent line by line in later baskets.
//!
//! - A code is `GV-` and 12 characters of the booking codes' alphabet
//!   (23^12 ≈ 2·10^16 codes, random): typed with or without dashes and
//!   spaces, in any case.
//! - It is valid for [`VALID_DAYS`] from its issue.
//! - A code pays for one line of a basket (with what is attached to it), up
//!   to what it has left; a gift voucher cannot pay for another.

use super::checkout::{CODE_ALPHABET, random_code};
use crate::error::CartError;

/// How long a gift voucher can be spent.
pub const VALID_DAYS: i64 = 365;
const PREFIX: &str = "GV";
const LEN: usize = 12;

const DAY_MS: i64 = 24 * 3600 * 1000;

/// When a voucher issued at `now_ms` stops: the end of its last UTC day.
pub fn expires_at(now_ms: i64) -> i64 {
    (now_ms.div_euclid(DAY_MS) + VALID_DAYS + 1) * DAY_MS
}

/// A new random code, `GV-XXXX-XXXX-XXXX`.
pub fn code() -> String {
    format_code(&random_code(LEN))
}

fn format_code(chars: &str) -> String {
    format!("{PREFIX}-{}-{}-{}", &chars[..4], &chars[4..8], &chars[8..])
}

/// The code as stored, from what a guest typed; [`CartError::VoucherUnknown`]
/// when it cannot be one.
pub fn normalize(typed: &str) -> Result<String, CartError> {
    let compact: String = typed.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_ascii_uppercase();
    let chars = compact.strip_prefix(PREFIX).ok_or(CartError::VoucherUnknown)?;
    if chars.len() != LEN || !chars.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
        return Err(CartError::VoucherUnknown);
    }
    Ok(format_code(chars))
}

/// A gift voucher as a basket sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balance {
    pub balance: i64,
    pub expires_at: i64,
}

impl Balance {
    /// Whether it can pay for anything at `now_ms`.
    pub fn usable(&self, now_ms: i64) -> Result<(), CartError> {
        if self.expires_at <= now_ms {
            Err(CartError::VoucherExpired)
        } else if self.balance <= 0 {
            Err(CartError::VoucherSpent)
        } else {
            Ok(())
        }
    }

    /// What it pays of a line costing `line_total` at `now_ms`.
    pub fn pays(&self, line_total: i64, now_ms: i64) -> i64 {
        if self.usable(now_ms).is_err() { 0 } else { self.balance.min(line_total.max(0)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_readable_and_typed_loosely() {
        let c = code();
        assert_eq!(c.len(), "GV-XXXX-XXXX-XXXX".len());
        assert_eq!(normalize(&c).unwrap(), c);
        let loose = c.replace('-', " ").to_lowercase();
        assert_eq!(normalize(&loose).unwrap(), c, "spaces and lower case");
        assert_eq!(normalize(&c.replace('-', "")).unwrap(), c, "without dashes");
        for bad in ["", "GV-", "SPA-7KM4-XQ9D", "GV-0000-0000-0000", "GV-AAAA-AAAA-AAA", "GV-AAAA-AAAA-AAAAA"] {
            assert!(matches!(normalize(bad), Err(CartError::VoucherUnknown)), "{bad}");
        }
    }

    #[test]
    fn a_voucher_is_valid_to_the_end_of_its_last_day() {
        let issued = 1_800_000_000_000; // 2027-01-15 08:00 UTC
        let end = expires_at(issued);
        assert_eq!(spa_platform::dates::utc_day(end - 1), "2028-01-15");
        assert_eq!(spa_platform::dates::utc_minutes(end), "2028-01-16 00:00 UTC");
    }

    #[test]
    fn a_voucher_pays_up_to_its_balance_until_it_expires() {
        let v = Balance { balance: 20_000, expires_at: 1_000 };
        assert_eq!(v.pays(15_000, 999), 15_000);
        assert_eq!(v.pays(50_000, 999), 20_000);
        assert_eq!(v.pays(50_000, 1_000), 0, "expired");
        assert!(matches!(v.usable(1_000), Err(CartError::VoucherExpired)));
        let spent = Balance { balance: 0, expires_at: 1_000 };
        assert!(matches!(spent.usable(0), Err(CartError::VoucherSpent)));
        assert_eq!(spent.pays(100, 0), 0);
    }
}
