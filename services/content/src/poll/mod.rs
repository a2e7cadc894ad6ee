//! The promotional vote pop-up's poll (`domain::poll`): its counts, the
//! visitor's own vote, and one vote per visitor (the gateway's visitor
//! cookie), kept by the votes table's key even when two arrive at once.

pub mod store;

use spa_platform::db::{Db, is_unique_violation};
use spa_proto::spa::content::v1::{Poll, PollOption};

use crate::domain::poll::{POLL, visitor_is_valid};
use crate::error::ContentError;

/// The poll in `locale` with its counts and `visitor`'s choice.
pub async fn get(db: &Db, locale: &str, visitor: &str) -> Result<Poll, ContentError> {
    let poll = &*POLL;
    let counts = store::counts(db, &poll.id).await?;
    let voted = if visitor_is_valid(visitor) { store::vote_of(db, &poll.id, visitor).await? } else { None };
    Ok(Poll {
        id: poll.id.clone(),
        question: poll.question(locale).to_owned(),
        options: poll
            .options
            .iter()
            .map(|o| PollOption {
                code: o.code.clone(),
                label: o.label(locale).to_owned(),
                votes: counts.get(&o.code).copied().unwrap_or(0),
            })
            .collect(),
        voted,
    })
}

/// Records `visitor`'s vote; [`ContentError::AlreadyVoted`] for a second.
pub async fn vote(db: &Db, locale: &str, visitor: &str, option: &str) -> Result<Poll, ContentError> {
    let poll = &*POLL;
    poll.check_vote(visitor, option)?;
    match store::vote(db, &poll.id, visitor, option, db.now_ms()).await {
        Ok(true) => get(db, locale, visitor).await,
        Ok(false) => Err(ContentError::AlreadyVoted),
        Err(e) if is_unique_violation(&e) => Err(ContentError::AlreadyVoted),
        Err(e) => Err(e.into()),
    }
}
