//! Newsletter sign-up with double opt-in: the sign-up and its event are
//! written in one transaction; the mailer consumer turns the event into a
//! localized confirmation e-mail, once per event. The e-mail's link
//! confirms; every newsletter e-mail carries the unsubscribe link. A
//! subscription ended by its link can be started again.

pub mod store;

use spa_platform::db::{Db, is_unique_violation};
use spa_platform::outbox::Outbox;

use crate::domain::newsletter::address;
use crate::error::ContentError;
use crate::events;

/// A 256-bit random token, hex: a link's secret.
fn random_token() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Signs an address up, pending its confirmation; refused unless it was
/// never signed up or has unsubscribed.
pub async fn subscribe(db: &Db, outbox: &Outbox, email: &str, locale: &str) -> Result<(), ContentError> {
    let email = address(email)?;
    let locale = spa_platform::locale::Locale::or_fallback(locale).code();
    let (confirmation_token, unsubscribe_token) = (random_token(), random_token());
    let mut tx = db.begin().await?;
    let sign_up = store::SignUp {
        email: &email,
        locale,
        confirmation_token: &confirmation_token,
        unsubscribe_token: &unsubscribe_token,
        now: db.now_ms(),
    };
    match store::sign_up(&mut tx, &sign_up).await {
        Ok(true) => {}
        Ok(false) => return Err(ContentError::AlreadySubscribed),
        Err(e) if is_unique_violation(&e) => return Err(ContentError::AlreadySubscribed),
        Err(e) => return Err(e.into()),
    }
    outbox.add(&mut tx, &events::newsletter_subscribed(email, locale, confirmation_token, unsubscribe_token)).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(())
}

/// Confirms the sign-up the token was e-mailed for; a second confirmation
/// changes nothing. An unsubscribed address's old link no longer works.
pub async fn confirm(db: &Db, token: &str) -> Result<(), ContentError> {
    if store::confirm(db, token, db.now_ms()).await? { Ok(()) } else { Err(ContentError::UnknownNewsletterToken) }
}

/// Ends the subscription of the unsubscribe link's token, once or again.
pub async fn unsubscribe(db: &Db, token: &str) -> Result<(), ContentError> {
    if store::unsubscribe(db, token).await? { Ok(()) } else { Err(ContentError::UnknownNewsletterToken) }
}

#[cfg(test)]
mod tests {
    #[test]
    fn link_tokens_are_256_random_bits_in_hex() {
        let (a, b) = (super::random_token(), super::random_token());
        assert!(a.len() == 64 && a.bytes().all(|c| c.is_ascii_hexdigit()), "{a}");
        assert_ne!(a, b);
    }
}
