//! What the users service publishes and consumes, typed.
//!
//! Publishes (through the outbox, in the transaction of the change), each
//! built here:
//! - `users.customer.registered` ([`registered`]): a customer registered,
//!   or was created by a provider's login;
//! - `users.customer.verified` ([`verified`]): a customer's e-mail was
//!   proved the first time, by the link or by a provider; the cart gives
//!   them the guest orders placed with that e-mail;
//! - `users.verification.requested` and `users.password_reset.requested`
//!   ([`LinkRequested`]): a single-use link was made; the content service
//!   mails it, so the event carries the token itself.
//!
//! Consumes nothing: accounts change only through its own API.

use spa_platform::db::Tx;
use spa_platform::outbox::Outbox;
use spa_proto::events::{CustomerRegistered, CustomerVerified, PasswordResetRequested, VerificationRequested};

use crate::domain::LinkPurpose;
use crate::store::CustomerRow;

/// `users.customer.registered` for the new customer `customer_id`, whose
/// e-mails are to be in `locale`.
pub fn registered(customer_id: &str, email: &str, locale: &str) -> CustomerRegistered {
    CustomerRegistered { customer_id: customer_id.to_owned(), email: email.to_owned(), locale: locale.to_owned() }
}

/// `users.customer.verified` for `customer`.
pub fn verified(customer: &CustomerRow) -> CustomerVerified {
    CustomerVerified { customer_id: customer.id.clone(), email: customer.email.clone() }
}

/// The announcement of a single-use link, one event per [`LinkPurpose`].
#[derive(Debug, Clone, PartialEq)]
pub enum LinkRequested {
    Verify(VerificationRequested),
    Reset(PasswordResetRequested),
}

impl LinkRequested {
    /// The event of a `purpose` link with `token` for `email`, mailed in `locale`.
    pub fn new(purpose: LinkPurpose, email: &str, token: &str, locale: &str) -> Self {
        let (email, token, locale) = (email.to_owned(), token.to_owned(), locale.to_owned());
        match purpose {
            LinkPurpose::Verify => Self::Verify(VerificationRequested { email, token, locale }),
            LinkPurpose::Reset => Self::Reset(PasswordResetRequested { email, token, locale, staff_role: String::new() }),
        }
    }

    /// Adds the event to `tx`, on its own subject.
    pub async fn add_to(&self, outbox: &Outbox, tx: &mut Tx) -> Result<String, sqlx::Error> {
        match self {
            Self::Verify(e) => outbox.add(tx, e).await,
            Self::Reset(e) => outbox.add(tx, e).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_links_event_follows_its_purpose_and_carries_the_token() {
        let verify = LinkRequested::new(LinkPurpose::Verify, "ola@example.pl", "t0k", "de");
        let expected = VerificationRequested { email: "ola@example.pl".into(), token: "t0k".into(), locale: "de".into() };
        assert_eq!(verify, LinkRequested::Verify(expected));
        assert!(matches!(LinkRequested::new(LinkPurpose::Reset, "a@b.pl", "t", "pl"), LinkRequested::Reset(e) if e.token == "t"));
    }
}
