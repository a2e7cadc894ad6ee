//! Caps that keep one client from taking the house off sale, whatever its
//! request rate: a basket holds a bounded number of lines (so reading it
//! stays cheap), and the room-nights held by unpaid orders are capped per
//! guest e-mail and per client (the address the gateway saw). A bank
//! transfer holds its nights for days; without these caps one visitor could
//! place unpaid orders for every night of the season.

/// The caps, from the service's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Lines in a basket, attached ones included (`MAX_BASKET_LINES`).
    pub max_lines: usize,
    /// Room-nights that unpaid orders placed with one e-mail may hold
    /// (`MAX_UNPAID_NIGHTS_PER_EMAIL`).
    pub unpaid_nights_per_email: i64,
    /// Room-nights that unpaid orders placed from one client may hold
    /// (`MAX_UNPAID_NIGHTS_PER_CLIENT`).
    pub unpaid_nights_per_client: i64,
}

impl Default for Limits {
    fn default() -> Self {
        // A 12-room house for a long weekend is 36 room-nights; a month's stay 30.
        Self { max_lines: 40, unpaid_nights_per_email: 40, unpaid_nights_per_client: 80 }
    }
}

impl Limits {
    pub fn from_settings(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let d = Self::default();
        let parse = |name: &str, default: i64| -> anyhow::Result<i64> {
            let value = match var(name) {
                Some(v) => v.trim().parse::<i64>().map_err(|_| anyhow::anyhow!("{name} must be a whole number, not {v:?}"))?,
                None => default,
            };
            anyhow::ensure!(value >= 1, "{name} must be at least 1");
            Ok(value)
        };
        Ok(Self {
            max_lines: parse("MAX_BASKET_LINES", d.max_lines as i64)? as usize,
            unpaid_nights_per_email: parse("MAX_UNPAID_NIGHTS_PER_EMAIL", d.unpaid_nights_per_email)?,
            unpaid_nights_per_client: parse("MAX_UNPAID_NIGHTS_PER_CLIENT", d.unpaid_nights_per_client)?,
        })
    }

    /// Whether a basket of `lines` lines takes `adding` more.
    pub fn fits(&self, lines: usize, adding: usize) -> bool {
        lines + adding <= self.max_lines
    }

    /// Which cap an order of `nights` room-nights would pass, given what
    /// the e-mail's and the client's unpaid orders hold already.
    pub fn unpaid_cap_passed(&self, nights: i64, held: UnpaidNights) -> Option<UnpaidCap> {
        let UnpaidNights { by_email, by_client } = held;
        if nights == 0 {
            return None;
        }
        if by_email + nights > self.unpaid_nights_per_email {
            return Some(UnpaidCap::Email(self.unpaid_nights_per_email));
        }
        if by_client + nights > self.unpaid_nights_per_client {
            return Some(UnpaidCap::Client(self.unpaid_nights_per_client));
        }
        None
    }
}

/// The room-nights a guest's unpaid orders hold: those placed with their
/// e-mail, and from their client (0 when the client is unknown).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UnpaidNights {
    pub by_email: i64,
    pub by_client: i64,
}

/// The cap an order would pass, with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnpaidCap {
    Email(i64),
    Client(i64),
}

impl UnpaidCap {
    pub fn max(self) -> i64 {
        match self {
            Self::Email(n) | Self::Client(n) => n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_basket_takes_lines_up_to_its_cap() {
        let l = Limits { max_lines: 3, ..Limits::default() };
        assert!(l.fits(2, 1));
        assert!(!l.fits(2, 2), "a stay with its package is two lines");
        assert!(!l.fits(3, 1));
    }

    #[test]
    fn unpaid_nights_are_capped_per_email_and_per_client() {
        let l = Limits { max_lines: 40, unpaid_nights_per_email: 10, unpaid_nights_per_client: 20 };
        let held = |by_email, by_client| UnpaidNights { by_email, by_client };
        assert_eq!(l.unpaid_cap_passed(4, held(6, 6)), None, "exactly the cap");
        assert_eq!(l.unpaid_cap_passed(5, held(6, 6)), Some(UnpaidCap::Email(10)));
        assert_eq!(l.unpaid_cap_passed(5, held(0, 16)), Some(UnpaidCap::Client(20)));
        assert_eq!(l.unpaid_cap_passed(0, held(99, 99)), None, "an order without a stay holds no nights");
    }

    #[test]
    fn settings_are_checked() {
        let none = |_: &str| None;
        assert_eq!(Limits::from_settings(none).unwrap(), Limits::default());
        let set = |name: &str| (name == "MAX_BASKET_LINES").then(|| "5".to_owned());
        assert_eq!(Limits::from_settings(set).unwrap().max_lines, 5);
        assert!(Limits::from_settings(|_: &str| Some("0".into())).is_err());
        assert!(Limits::from_settings(|_: &str| Some("many".into())).is_err());
    }
}
