//! Catalog rules that do not touch storage.

use spa_proto::common::{Money, Price};

pub const BASE_CURRENCY: &str = "PLN";
pub const LOCALES: [&str; 3] = ["pl", "de", "en_GB"];
pub const FALLBACK_LOCALE: &str = "pl";
pub const OFFER_TYPES: [&str; 6] = ["package", "room", "treatment", "product", "day_spa", "voucher"];
pub const MAX_LIMIT: u32 = 1000;

pub fn is_locale(l: &str) -> bool {
    LOCALES.contains(&l)
}

pub fn is_offer_type(t: &str) -> bool {
    OFFER_TYPES.contains(&t)
}

/// Converts minor units of a currency into base-currency minor units,
/// rounding half away from zero. `rate_ppm` is base units per unit × 10⁶.
pub fn to_base(amount: i64, rate_ppm: i64) -> i64 {
    let wide = amount as i128 * rate_ppm as i128;
    let rounded = if wide >= 0 { (wide + 500_000) / 1_000_000 } else { (wide - 500_000) / 1_000_000 };
    rounded as i64
}

/// The wire price: `original` equals `current` when no promotion runs.
pub fn price(current: i64, original: Option<i64>, currency: &str, rate_ppm: i64) -> Price {
    let original = original.filter(|o| *o > current).unwrap_or(current);
    let money = |amount: i64, currency: &str| Some(Money { amount, currency: currency.to_owned() });
    Price {
        current: money(current, currency),
        original: money(original, currency),
        base_current: money(to_base(current, rate_ppm), BASE_CURRENCY),
        base_original: money(to_base(original, rate_ppm), BASE_CURRENCY),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_price_converts_and_rounds() {
        assert_eq!(to_base(1000, 1_000_000), 1000);
        assert_eq!(to_base(1000, 4_300_000), 4300);
        assert_eq!(to_base(999, 4_305_000), 4301); // 4300.695 -> 4301
        assert_eq!(to_base(1, 4_500_000), 5); // 4.5 rounds away from zero
    }

    #[test]
    fn original_price_only_counts_when_higher() {
        let p = price(18000, Some(20000), "PLN", 1_000_000);
        assert_eq!(p.original.unwrap().amount, 20000);
        let p = price(18000, Some(15000), "PLN", 1_000_000);
        assert_eq!(p.original.unwrap().amount, 18000, "a lower 'original' is no promotion");
        let p = price(1000, None, "EUR", 4_300_000);
        assert_eq!(p.base_current.unwrap(), Money { amount: 4300, currency: "PLN".into() });
    }
}
