//! Newsletter sign-up with double opt-in: the sign-up and its event are
//! written in one transaction; the mailer consumer turns the event into a
//! localized confirmation e-mail, once per event. The e-mail's link
//! confirms; every newsletter e-mail carries the unsubscribe link. A
//! subscription ended by its link can be started again.

use spa_platform::bus::Received;
use spa_platform::db::{Db, is_unique_violation};
use spa_platform::errors;
use spa_platform::outbox::Outbox;
use spa_proto::events::NewsletterSubscribed;
use tonic::{Code, Status};

use crate::mail::{Links, Mail, random_token};

pub const MAILER: &str = "content-mailer";

fn already_subscribed() -> Status {
    errors::with_details(Code::AlreadyExists, "newsletter_exists", "This address already exists.", &[("email", "already subscribed")])
}

fn unknown_token() -> Status {
    errors::with_details(Code::NotFound, "unknown_newsletter_token", "This link is not valid.", &[("token", "not known")])
}

/// Signs an address up, pending its confirmation; ALREADY_EXISTS unless it
/// was never signed up or has unsubscribed.
pub async fn subscribe(db: &Db, outbox: &Outbox, email: &str, locale: &str) -> Result<(), Status> {
    let email = email.trim().to_lowercase();
    if email.is_empty() {
        return Err(errors::invalid("invalid_email", "e-mail is required", &[("email", "required")]));
    }
    if !spa_platform::email::is_valid(&email) {
        return Err(errors::invalid("invalid_email", "e-mail is not valid", &[("email", "not a valid e-mail address")]));
    }
    let locale = crate::pages::language(locale);
    let (confirmation_token, unsubscribe_token) = (random_token(), random_token());
    let mut tx = db.begin().await.map_err(errors::db)?;
    let inserted = sqlx::query(
        "INSERT INTO newsletter_subscribers (email, locale, status, confirmation_token, unsubscribe_token, created_at) \
         VALUES ($1, $2, 'pending', $3, $4, $5) \
         ON CONFLICT (email) DO UPDATE SET locale = excluded.locale, status = 'pending', \
         confirmation_token = excluded.confirmation_token, unsubscribe_token = excluded.unsubscribe_token, \
         created_at = excluded.created_at, confirmed_at = NULL \
         WHERE newsletter_subscribers.status = 'unsubscribed'",
    )
    .bind(&email)
    .bind(locale)
    .bind(&confirmation_token)
    .bind(&unsubscribe_token)
    .bind(db.now_ms())
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(r) if r.rows_affected() == 0 => return Err(already_subscribed()),
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => return Err(already_subscribed()),
        Err(e) => return Err(errors::db(e)),
    }
    let event = NewsletterSubscribed { email, locale: locale.to_owned(), confirmation_token, unsubscribe_token };
    outbox.add(&mut tx, &event).await.map_err(errors::db)?;
    tx.commit().await.map_err(errors::db)?;
    outbox.wake();
    Ok(())
}

/// Confirms the sign-up the token was e-mailed for; a second confirmation
/// changes nothing. An unsubscribed address's old link no longer works.
pub async fn confirm(db: &Db, token: &str) -> Result<(), Status> {
    let done = sqlx::query(
        "UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = COALESCE(confirmed_at, $2) \
         WHERE confirmation_token = $1 AND status IN ('pending', 'confirmed')",
    )
    .bind(token)
    .bind(db.now_ms())
    .execute(db.pool())
    .await
    .map_err(errors::db)?;
    if done.rows_affected() == 0 { Err(unknown_token()) } else { Ok(()) }
}

/// Ends the subscription of the unsubscribe link's token, once or again.
pub async fn unsubscribe(db: &Db, token: &str) -> Result<(), Status> {
    let done = sqlx::query("UPDATE newsletter_subscribers SET status = 'unsubscribed' WHERE unsubscribe_token = $1")
        .bind(token)
        .execute(db.pool())
        .await
        .map_err(errors::db)?;
    if done.rows_affected() == 0 { Err(unknown_token()) } else { Ok(()) }
}

fn confirmation_text(locale: &str, link: &str, unsubscribe: &str) -> (String, String) {
    match locale {
        "de" => (
            "Bitte bestätigen Sie Ihre Newsletter-Anmeldung".into(),
            format!(
                "Guten Tag,\n\nbitte bestätigen Sie Ihre Anmeldung zu unserem Newsletter:\n{link}\n\nWenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail.\n\nAbmelden: {unsubscribe}"
            ),
        ),
        "en_GB" => (
            "Please confirm your newsletter subscription".into(),
            format!(
                "Hello,\n\nplease confirm your subscription to our newsletter:\n{link}\n\nIf you did not sign up, please ignore this e-mail.\n\nUnsubscribe: {unsubscribe}"
            ),
        ),
        _ => (
            "Potwierdź zapis do newslettera".into(),
            format!(
                "Dzień dobry,\n\nprosimy o potwierdzenie zapisu do naszego newslettera:\n{link}\n\nJeśli to nie Ty się zapisałeś, zignoruj tę wiadomość.\n\nWypisz się: {unsubscribe}"
            ),
        ),
    }
}

/// The consumer: queues the confirmation e-mail, at most once per event.
pub async fn queue_confirmation_mail(db: &Db, links: &Links, event: Received<NewsletterSubscribed>) -> anyhow::Result<()> {
    crate::mail::queue_once(db, MAILER, event, |msg| {
        let mut mail = Mail::text(
            msg.email.clone(),
            confirmation_text(
                &msg.locale,
                &links.to(&format!("/newsletter/confirm/{}", msg.confirmation_token)),
                &links.to(&format!("/newsletter/unsubscribe/{}", msg.unsubscribe_token)),
            ),
        );
        mail.sensitive = true;
        Ok(mail)
    })
    .await
}
