//! The one error type of the cart service and its only mapping to gRPC.

use spa_platform::errors;
use tonic::{Code, Status};

use crate::domain::WeakToken;

#[derive(Debug, thiserror::Error)]
pub enum CartError {
    #[error("the cart token must be 16 to 64 letters, digits, '-' or '_'")]
    MalformedToken,
    #[error("the cart token is too weak")]
    WeakToken(WeakToken),
    #[error("locale must be pl, de or en_GB")]
    InvalidLocale,
    #[error("channel is required")]
    MissingChannel,
    #[error("cart not found")]
    NotFound,
    #[error("a cart with this token exists already")]
    Exists,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl From<CartError> for Status {
    fn from(e: CartError) -> Self {
        match e {
            CartError::MalformedToken => errors::invalid("invalid_token", e.to_string(), &[("token", "16-64 characters [A-Za-z0-9_-]")]),
            CartError::WeakToken(why) => {
                let field = match why {
                    WeakToken::Length => "32-64 characters",
                    WeakToken::Characters => "only A-Z, a-z, 0-9, '-' and '_'",
                    WeakToken::TooRegular => "must be random (for example 32 random hex digits)",
                };
                errors::invalid("weak_token", format!("{e}: {field}"), &[("token", field)])
            }
            CartError::InvalidLocale => errors::invalid("invalid_locale", e.to_string(), &[("locale", "must be pl, de or en_GB")]),
            CartError::MissingChannel => errors::invalid("invalid_channel", e.to_string(), &[("channel", "required")]),
            CartError::NotFound => errors::with_details(Code::NotFound, "cart_not_found", e.to_string(), &[]),
            // Never the other cart's contents: a client that reuses a token learns only that it is taken.
            CartError::Exists => errors::with_details(Code::AlreadyExists, "cart_exists", e.to_string(), &[("token", "already in use")]),
            CartError::Db(db) => errors::db(db),
        }
    }
}
