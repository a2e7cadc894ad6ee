//! The content service's rules, free of storage and transport: the shop's
//! languages (here), e-mails and their links ([`mail`]), every e-mail an
//! event calls for ([`account`], [`order`], [`paid`], [`cancelled`],
//! [`newsletter`], [`questions`]), pages' blocks and their sanitizer
//! ([`pages`]), the poll ([`poll`]), the guesthouse's details ([`settings`]) and a
//! weather reading ([`weather`]).
//! Everything here is a pure function with unit tests.

pub mod account;
pub mod cancelled;
pub mod guesthouse;
pub mod mail;
pub mod newsletter;
pub mod order;
pub mod pages;
pub mod paid;
pub mod poll;
pub mod questions;
pub mod settings;
pub mod weather;

use crate::error::ContentError;

pub use spa_platform::locale::Locale;

/// A language the shop speaks, as asked for; pages exist in these only.
pub fn locale(code: &str) -> Result<Locale, ContentError> {
    Locale::parse(code).ok_or(ContentError::InvalidLocale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_language_is_polish_for_mails_and_refused_for_pages() {
        assert_eq!(locale("en_GB").unwrap(), Locale::EnGb);
        assert!(matches!(locale("en"), Err(ContentError::InvalidLocale)));
    }
}
