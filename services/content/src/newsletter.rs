//! Newsletter sign-up with double opt-in: the sign-up and its event are
//! written in one transaction; the mailer consumer turns the event into a
//! localized confirmation e-mail, once per event.

use spa_platform::bus::Received;
use spa_platform::db::Db;
use spa_proto::events::NewsletterSubscribed;

use crate::mail::{Links, Mail};

pub const MAILER: &str = "content-mailer";

fn confirmation_text(locale: &str, link: &str) -> (String, String) {
    match locale {
        "de" => (
            "Bitte bestätigen Sie Ihre Newsletter-Anmeldung".into(),
            format!(
                "Guten Tag,\n\nbitte bestätigen Sie Ihre Anmeldung zu unserem Newsletter:\n{link}\n\nWenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail."
            ),
        ),
        "en_GB" => (
            "Please confirm your newsletter subscription".into(),
            format!(
                "Hello,\n\nplease confirm your subscription to our newsletter:\n{link}\n\nIf you did not sign up, please ignore this e-mail."
            ),
        ),
        _ => (
            "Potwierdź zapis do newslettera".into(),
            format!(
                "Dzień dobry,\n\nprosimy o potwierdzenie zapisu do naszego newslettera:\n{link}\n\nJeśli to nie Ty się zapisałeś, zignoruj tę wiadomość."
            ),
        ),
    }
}

/// The consumer: queues the confirmation e-mail, at most once per event.
pub async fn queue_confirmation_mail(db: &Db, links: &Links, event: Received<NewsletterSubscribed>) -> anyhow::Result<()> {
    crate::mail::queue_once(db, MAILER, event, |msg| {
        let mut mail = Mail::text(
            msg.email.clone(),
            confirmation_text(&msg.locale, &links.to(&format!("/newsletter/confirm/{}", msg.confirmation_token))),
        );
        mail.sensitive = true;
        Ok(mail)
    })
    .await
}
