//! Small wire formats shared by the routes.

use serde_json::{Value, json};
use spa_proto::common::Money;

/// `{current, original, currency}` in minor units.
pub fn price_json(current: Option<&Money>, original: Option<&Money>) -> Value {
    let cur = current.map(|m| m.amount).unwrap_or_default();
    json!({
        "current": cur,
        "original": original.map(|m| m.amount).unwrap_or(cur),
        "currency": current.map(|m| m.currency.as_str()).unwrap_or("PLN"),
    })
}

/// `YYYY-MM-DD` as the spec's `DD-MM-YYYY`; empty stays null.
pub fn date_dmy(ymd: &str) -> Option<String> {
    let mut parts = ymd.splitn(3, '-');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(y), Some(m), Some(d)) if y.len() == 4 => Some(format!("{d}-{m}-{y}")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_turn_day_first() {
        assert_eq!(super::date_dmy("2026-01-31").as_deref(), Some("31-01-2026"));
        assert_eq!(super::date_dmy(""), None);
    }
}
