//! Prices: what the wire shows of a product's price, and its value in the
//! base currency every total and filter compares.

use spa_proto::common::{Money, Price};
use spa_proto::spa::catalog::v1::Product;

pub const BASE_CURRENCY: &str = "PLN";

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

/// A product's price in the base currency, before and without a promotion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BaseAmounts {
    pub current: i64,
    pub original: i64,
}

/// The base-currency current and original amounts of a product.
pub fn base_amounts(p: &Product) -> BaseAmounts {
    let price = p.price.clone().unwrap_or_default();
    let current = price.base_current.map(|m| m.amount).unwrap_or_default();
    BaseAmounts { current, original: price.base_original.map(|m| m.amount).unwrap_or(current) }
}

/// `amount` base-currency minor units, as the wire carries them.
pub fn base_money(amount: i64) -> Option<Money> {
    Some(Money { amount, currency: BASE_CURRENCY.to_owned() })
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

    #[test]
    fn a_product_without_an_original_price_is_worth_its_current_one() {
        let product = Product { price: Some(price(1000, None, "EUR", 4_300_000)), ..Default::default() };
        assert_eq!(base_amounts(&product), BaseAmounts { current: 4300, original: 4300 });
        assert_eq!(base_amounts(&Product::default()), BaseAmounts::default());
    }
}
