//! The promotional vote pop-up's poll: its question and options come from
//! `seed/poll.json` (in pl, de and en_GB); one vote per visitor.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::error::ContentError;

#[derive(Deserialize)]
pub struct PollSeed {
    pub id: String,
    question: HashMap<String, String>,
    pub options: Vec<PollOptionSeed>,
}

#[derive(Deserialize)]
pub struct PollOptionSeed {
    pub code: String,
    label: HashMap<String, String>,
}

pub static POLL: LazyLock<PollSeed> = LazyLock::new(|| serde_json::from_str(include_str!("../../seed/poll.json")).expect("seed/poll.json"));

fn text<'a>(texts: &'a HashMap<String, String>, locale: &str) -> &'a str {
    texts.get(locale).or_else(|| texts.get("pl")).map(String::as_str).unwrap_or_default()
}

impl PollSeed {
    /// The question in `locale`, Polish when it has none there.
    pub fn question(&self, locale: &str) -> &str {
        text(&self.question, locale)
    }

    /// A vote for `option` by `visitor`, when both are valid.
    pub fn check_vote(&self, visitor: &str, option: &str) -> Result<(), ContentError> {
        if !visitor_is_valid(visitor) {
            return Err(ContentError::UnknownVisitor);
        }
        if !self.options.iter().any(|o| o.code == option) {
            return Err(ContentError::UnknownOption);
        }
        Ok(())
    }
}

impl PollOptionSeed {
    /// The option's label in `locale`, Polish when it has none there.
    pub fn label(&self, locale: &str) -> &str {
        text(&self.label, locale)
    }
}

/// A visitor id from the gateway: its cookie's 32 hex characters.
pub fn visitor_is_valid(visitor: &str) -> bool {
    visitor.len() == 32 && visitor.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_poll_is_written_in_every_language() {
        for locale in crate::domain::Locale::ALL.map(|l| l.code()) {
            assert!(POLL.question.contains_key(locale), "question in {locale}");
            for o in &POLL.options {
                assert!(o.label.contains_key(locale), "{} in {locale}", o.code);
            }
        }
        assert!(POLL.options.len() >= 2);
    }

    #[test]
    fn a_vote_names_a_visitor_and_an_option_of_the_poll() {
        let visitor = "0123456789abcdef0123456789ABCDEF";
        let option = POLL.options[0].code.clone();
        assert!(POLL.check_vote(visitor, &option).is_ok());
        assert!(matches!(POLL.check_vote("short", &option), Err(ContentError::UnknownVisitor)));
        assert!(matches!(POLL.check_vote(&visitor.replace('0', "g"), &option), Err(ContentError::UnknownVisitor)));
        assert!(matches!(POLL.check_vote(visitor, "no-such-option"), Err(ContentError::UnknownOption)));
        assert_eq!(POLL.options[0].label("xx"), POLL.options[0].label("pl"), "Polish when the language has none");
    }
}
