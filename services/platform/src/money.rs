//! Amounts in minor units written as each language writes złoty, for
//! e-mails and server-rendered pages (the web formats its own).

use crate::locale::Locale;

/// `1 234,56 zł` (pl), `1.234,56 zł` (de), `PLN 1,234.56` (en_GB), with
/// no-break spaces.
pub fn pln(locale: Locale, minor: i64) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let (units, cents) = (minor.abs() / 100, minor.abs() % 100);
    let digits = units.to_string();
    let group = match locale {
        Locale::EnGb => ',',
        Locale::De => '.',
        Locale::Pl => '\u{a0}',
    };
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(group);
        }
        grouped.push(c);
    }
    match locale {
        Locale::EnGb => format!("{sign}PLN\u{a0}{grouped}.{cents:02}"),
        Locale::Pl | Locale::De => format!("{sign}{grouped},{cents:02}\u{a0}zł"),
    }
}

/// An IBAN in groups of four, as statements and banking apps print it
/// (the page with the bank details and the order e-mail).
pub fn grouped_iban(iban: &str) -> String {
    iban.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c)).collect::<Vec<_>>().join(" ")
}

/// `123.45`: an amount in minor units as a plain decimal, for messages
/// that name an amount whatever the language.
pub fn decimal(minor: i64) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", minor.abs() / 100, minor.abs() % 100)
}

#[cfg(test)]
mod tests {
    use super::{decimal, pln};
    use crate::locale::Locale::{De, EnGb, Pl};

    #[test]
    fn decimals_have_two_places() {
        assert_eq!(decimal(64_050), "640.50");
        assert_eq!(decimal(5), "0.05");
        assert_eq!(decimal(-120), "-1.20");
    }

    #[test]
    fn each_language_writes_zloty_its_way() {
        assert_eq!(pln(Pl, 123_456), "1\u{a0}234,56\u{a0}zł");
        assert_eq!(pln(De, 123_456), "1.234,56\u{a0}zł");
        assert_eq!(pln(EnGb, 123_456), "PLN\u{a0}1,234.56");
        assert_eq!(pln(Pl, 5), "0,05\u{a0}zł");
        assert_eq!(pln(De, 100_000_000), "1.000.000,00\u{a0}zł");
    }
}
