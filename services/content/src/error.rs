//! The one error type of the content service and its only mapping to gRPC.
//! Field names are the REST body's (`productCode`, `visitor`), since the
//! gateway passes them through to the visitor.

use spa_platform::errors;
use tonic::{Code, Status};

use crate::domain::questions::Violations;

#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    #[error("locale must be pl, de or en_GB")]
    InvalidLocale,
    #[error("no page at this path in this language")]
    PageNotFound,
    #[error("no block with this id in this language")]
    BlockNotFound,
    #[error("no such revision of this block")]
    RevisionNotFound,
    #[error("html: at most 64 KiB")]
    BlockTooLarge,
    #[error("html: a slide needs some content")]
    BlockEmpty,
    #[error("the banner has {max} slides already; remove one first")]
    TooManySlides { max: usize },
    #[error("the block was saved by someone else meanwhile (revision {latest}); reload it")]
    BlockChanged { latest: i64 },
    #[error("e-mail is required")]
    EmailRequired,
    #[error("e-mail is not valid")]
    InvalidEmail,
    #[error("recipient: not a valid e-mail address")]
    InvalidRecipient,
    #[error("This address already exists.")]
    AlreadySubscribed,
    #[error("This link is not valid.")]
    UnknownNewsletterToken,
    #[error("the question is not complete")]
    InvalidQuestion(Violations),
    #[error("the visitor is not known")]
    UnknownVisitor,
    #[error("the poll has no such option")]
    UnknownOption,
    #[error("You have already voted.")]
    AlreadyVoted,
    /// No weather service is set up: the widget hides.
    #[error("No weather service is configured.")]
    NoWeather,
    #[error("The weather is not available.")]
    WeatherUnavailable,
    #[error("Some settings are not valid.")]
    InvalidSettings(crate::domain::settings::Violations),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl From<ContentError> for Status {
    fn from(e: ContentError) -> Self {
        let message = e.to_string();
        match e {
            ContentError::InvalidLocale => errors::invalid("invalid_locale", message.clone(), &[("locale", message.as_str())]),
            ContentError::PageNotFound => errors::with_details(Code::NotFound, "page_not_found", message, &[("url", "no such page")]),
            ContentError::BlockNotFound => errors::with_details(Code::NotFound, "block_not_found", message, &[("id", "no such block")]),
            ContentError::RevisionNotFound => {
                errors::with_details(Code::NotFound, "revision_not_found", message, &[("revision", "no such revision")])
            }
            ContentError::BlockTooLarge | ContentError::BlockEmpty => {
                errors::invalid("invalid_html", message.clone(), &[("html", message.as_str())])
            }
            ContentError::TooManySlides { max } => {
                errors::with_args(Code::FailedPrecondition, "too_many_slides", message, &[], &[("max", &max.to_string())])
            }
            ContentError::BlockChanged { latest } => {
                errors::with_args(Code::Aborted, "block_changed", message, &[], &[("revision", &latest.to_string())])
            }
            ContentError::EmailRequired => errors::invalid("invalid_email", message, &[("email", "required")]),
            ContentError::InvalidEmail => errors::invalid("invalid_email", message, &[("email", "not a valid e-mail address")]),
            ContentError::InvalidRecipient => errors::invalid("invalid_email", message, &[("recipient", "not a valid e-mail address")]),
            ContentError::AlreadySubscribed => {
                errors::with_details(Code::AlreadyExists, "newsletter_exists", message, &[("email", "already subscribed")])
            }
            ContentError::UnknownNewsletterToken => {
                errors::with_details(Code::NotFound, "unknown_newsletter_token", message, &[("token", "not known")])
            }
            ContentError::InvalidQuestion(broken) => errors::invalid("invalid_question", message, &broken),
            ContentError::UnknownVisitor => errors::invalid("invalid_request", message, &[("visitor", "not a visitor id")]),
            ContentError::UnknownOption => errors::invalid("unknown_option", message, &[("option", "not an option of the poll")]),
            ContentError::AlreadyVoted => {
                errors::with_details(Code::AlreadyExists, "already_voted", message, &[("option", "already voted")])
            }
            ContentError::NoWeather => errors::with_details(Code::NotFound, "weather_unavailable", message, &[]),
            ContentError::WeatherUnavailable => errors::with_details(Code::Unavailable, "weather_unavailable", message, &[]),
            ContentError::InvalidSettings(broken) => {
                let broken: Vec<(&str, &str)> = broken.iter().map(|(field, why)| (field.as_str(), *why)).collect();
                errors::invalid("invalid_settings", message, &broken)
            }
            ContentError::Db(db) => errors::db(db),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_messages_are_the_ones_the_gateway_maps() {
        let cases = [
            (ContentError::AlreadySubscribed, Code::AlreadyExists, "newsletter_exists", "This address already exists."),
            (ContentError::UnknownNewsletterToken, Code::NotFound, "unknown_newsletter_token", "This link is not valid."),
            (
                ContentError::BlockChanged { latest: 4 },
                Code::Aborted,
                "block_changed",
                "the block was saved by someone else meanwhile (revision 4); reload it",
            ),
            (ContentError::AlreadyVoted, Code::AlreadyExists, "already_voted", "You have already voted."),
            (ContentError::NoWeather, Code::NotFound, "weather_unavailable", "No weather service is configured."),
            (ContentError::WeatherUnavailable, Code::Unavailable, "weather_unavailable", "The weather is not available."),
        ];
        for (e, code, machine, message) in cases {
            let s = Status::from(e);
            assert_eq!((s.code(), errors::details(&s).unwrap().code.as_str(), s.message()), (code, machine, message));
        }
        let s = Status::from(ContentError::InvalidQuestion(vec![("email", "required"), ("phone", "required")]));
        let fields: Vec<String> = errors::details(&s).unwrap().violations.into_iter().map(|v| v.field).collect();
        assert_eq!(fields, ["email", "phone"]);
    }
}
