//! The shop's languages, as every service and the gateway name them.

use serde::{Deserialize, Serialize};

/// A language of the shop. Polish is the default and the fallback: a page,
/// an e-mail or a product text missing in another language is shown in
/// Polish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub enum Locale {
    #[default]
    #[serde(rename = "pl")]
    Pl,
    #[serde(rename = "de")]
    De,
    #[serde(rename = "en_GB")]
    EnGb,
}

impl Locale {
    pub const ALL: [Locale; 3] = [Locale::Pl, Locale::De, Locale::EnGb];
    pub const FALLBACK: Locale = Locale::Pl;

    /// The code the services, their tables and the REST query use: `pl`,
    /// `de`, `en_GB`.
    pub const fn code(self) -> &'static str {
        match self {
            Locale::Pl => "pl",
            Locale::De => "de",
            Locale::EnGb => "en_GB",
        }
    }

    /// A language the shop speaks, by its code; `None` for any other.
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language to write in for `code`: that one when the shop speaks
    /// it, Polish otherwise.
    pub fn or_fallback(code: &str) -> Self {
        Self::parse(code).unwrap_or(Self::FALLBACK)
    }

    /// The BCP 47 tag, for `<html lang>` and number formats.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::Pl => "pl",
            Locale::De => "de",
            Locale::EnGb => "en-GB",
        }
    }
}

impl std::fmt::Display for Locale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::Locale;

    #[test]
    fn codes_round_trip_and_others_fall_back_to_polish() {
        for l in Locale::ALL {
            assert_eq!(Locale::parse(l.code()), Some(l));
            assert_eq!(serde_json::to_value(l).unwrap(), l.code());
        }
        assert_eq!(Locale::parse("en"), None);
        assert_eq!(Locale::or_fallback("fr"), Locale::Pl);
        assert_eq!(Locale::or_fallback("de"), Locale::De);
        assert_eq!(Locale::EnGb.tag(), "en-GB");
    }
}
