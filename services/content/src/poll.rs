//! The promotional vote pop-up's poll: its question and options come from
//! `seed/poll.json` (in pl, de and en_GB); votes are stored, one per visitor
//! (the gateway's visitor cookie) by the table's key, and counted.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;
use spa_platform::db::{Db, is_unique_violation};
use spa_platform::errors;
use spa_proto::spa::content::v1::{Poll, PollOption};
use sqlx::Row;
use tonic::{Code, Status};

#[derive(Deserialize)]
struct Seed {
    id: String,
    question: HashMap<String, String>,
    options: Vec<SeedOption>,
}

#[derive(Deserialize)]
struct SeedOption {
    code: String,
    label: HashMap<String, String>,
}

static POLL: LazyLock<Seed> = LazyLock::new(|| serde_json::from_str(include_str!("../seed/poll.json")).expect("seed/poll.json"));

fn text<'a>(texts: &'a HashMap<String, String>, locale: &str) -> &'a str {
    texts.get(locale).or_else(|| texts.get("pl")).map(String::as_str).unwrap_or_default()
}

/// A visitor id from the gateway: its cookie's 32 hex characters.
fn visitor_is_valid(visitor: &str) -> bool {
    visitor.len() == 32 && visitor.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The poll in `locale` with its counts and `visitor`'s choice.
pub async fn get(db: &Db, locale: &str, visitor: &str) -> Result<Poll, Status> {
    let poll = &*POLL;
    let rows = sqlx::query("SELECT option_code, COUNT(*) AS n FROM poll_votes WHERE poll = $1 GROUP BY option_code")
        .bind(&poll.id)
        .fetch_all(db.pool())
        .await
        .map_err(errors::db)?;
    let counts: HashMap<String, i64> = rows.iter().map(|r| (r.get::<String, _>("option_code"), r.get::<i64, _>("n"))).collect();
    let voted = if visitor_is_valid(visitor) {
        sqlx::query("SELECT option_code FROM poll_votes WHERE poll = $1 AND visitor = $2")
            .bind(&poll.id)
            .bind(visitor)
            .fetch_optional(db.pool())
            .await
            .map_err(errors::db)?
            .map(|r| r.get::<String, _>("option_code"))
    } else {
        None
    };
    Ok(Poll {
        id: poll.id.clone(),
        question: text(&poll.question, locale).to_owned(),
        options: poll
            .options
            .iter()
            .map(|o| PollOption {
                code: o.code.clone(),
                label: text(&o.label, locale).to_owned(),
                votes: counts.get(&o.code).copied().unwrap_or(0),
            })
            .collect(),
        voted,
    })
}

/// Records `visitor`'s vote; ALREADY_EXISTS (already_voted) for a second.
pub async fn vote(db: &Db, locale: &str, visitor: &str, option: &str) -> Result<Poll, Status> {
    let poll = &*POLL;
    if !visitor_is_valid(visitor) {
        return Err(errors::invalid("invalid_request", "the visitor is not known", &[("visitor", "not a visitor id")]));
    }
    if !poll.options.iter().any(|o| o.code == option) {
        return Err(errors::invalid("unknown_option", "the poll has no such option", &[("option", "not an option of the poll")]));
    }
    let inserted = sqlx::query(
        "INSERT INTO poll_votes (poll, visitor, option_code, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (poll, visitor) DO NOTHING",
    )
    .bind(&poll.id)
    .bind(visitor)
    .bind(option)
    .bind(db.now_ms())
    .execute(db.pool())
    .await;
    match inserted {
        Ok(r) if r.rows_affected() == 1 => get(db, locale, visitor).await,
        Ok(_) => Err(already_voted()),
        Err(e) if is_unique_violation(&e) => Err(already_voted()),
        Err(e) => Err(errors::db(e)),
    }
}

fn already_voted() -> Status {
    errors::with_details(Code::AlreadyExists, "already_voted", "You have already voted.", &[("option", "already voted")])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_poll_is_written_in_every_language() {
        for locale in crate::pages::LOCALES {
            assert!(POLL.question.contains_key(locale), "question in {locale}");
            for o in &POLL.options {
                assert!(o.label.contains_key(locale), "{} in {locale}", o.code);
            }
        }
        assert!(POLL.options.len() >= 2);
    }
}
