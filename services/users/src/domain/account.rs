//! An account's details.
//!
//! - **E-mail**: trimmed and lower-cased, then checked like every e-mail of
//!   the shop (`spa_platform::email`).
//! - **Password**: 10 to 128 characters, at least 5 different ones, and
//!   not the e-mail or its part before `@`. Length over composition rules,
//!   as NIST SP 800-63B advises.
//! - **Names**: 1 to 60 characters after trimming; the phone at most 30.

use crate::error::UsersError;

pub const MIN_PASSWORD: usize = 10;
pub const MAX_PASSWORD: usize = 128;
const MIN_DISTINCT: usize = 5;
const MAX_NAME: usize = 60;
const MAX_PHONE: usize = 30;
/// The language of a customer's e-mails when the request names none.
pub const DEFAULT_LOCALE: &str = "pl";
spa_platform::coded! {
    /// The providers whose logins the gateway verifies; kept as its code in
    /// `identities.provider`.
    pub enum IdentityProvider: spa_proto::spa::users::v1::IdentityProvider {
        Social => "social",
        Search => "search",
    }
}
const MAX_SUBJECT: usize = 255;

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
        return Err(UsersError::InvalidName(field));
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

/// The locale a request asks for, [`DEFAULT_LOCALE`] when it asks none.
pub fn locale(raw: &str) -> &str {
    if raw.is_empty() { DEFAULT_LOCALE } else { raw }
}

/// A provider's identity is a known provider with a subject of 1 to 255
/// bytes.
pub fn check_identity(provider: Option<IdentityProvider>, subject: &str) -> Result<IdentityProvider, UsersError> {
    match provider {
        Some(p) if !subject.is_empty() && subject.len() <= MAX_SUBJECT => Ok(p),
        _ => Err(UsersError::InvalidField("subject")),
    }
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
        assert!(matches!(name("lastName", "  "), Err(UsersError::InvalidName("lastName"))));
        assert!(name("lastName", &"x".repeat(61)).is_err());
        assert!(phone(&"1".repeat(31)).is_err());
    }

    #[test]
    fn a_missing_locale_is_polish() {
        assert_eq!((locale(""), locale("de")), ("pl", "de"));
    }

    #[test]
    fn identities_come_from_known_providers_with_a_subject() {
        let (social, search) = (Some(IdentityProvider::Social), Some(IdentityProvider::Search));
        assert_eq!(check_identity(social, "1234").unwrap(), IdentityProvider::Social);
        assert!(matches!(check_identity(None, "1234"), Err(UsersError::InvalidField("subject"))));
        assert!(check_identity(search, "").is_err());
        assert!(check_identity(search, &"s".repeat(256)).is_err());
    }
}
