//! Newsletter rules: the address a sign-up keeps, and the double opt-in
//! e-mail with its confirmation and unsubscribe links.

use spa_platform::locale::Locale;
use spa_proto::events::NewsletterSubscribed;

use crate::domain::mail::{Links, Mail};
use crate::error::ContentError;

/// The address as signed up: trimmed, lower case, and valid.
pub fn address(typed: &str) -> Result<String, ContentError> {
    let email = typed.trim().to_lowercase();
    if email.is_empty() {
        return Err(ContentError::EmailRequired);
    }
    if !spa_platform::email::is_valid(&email) {
        return Err(ContentError::InvalidEmail);
    }
    Ok(email)
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

/// The double opt-in e-mail; both links are secrets.
pub fn confirmation_mail(msg: &NewsletterSubscribed, links: &Links) -> Mail {
    let mut mail = Mail::text(
        msg.email.clone(),
        confirmation_text(
            &msg.locale,
            &links.page(Locale::or_fallback(&msg.locale), &format!("/newsletter/confirm/{}", msg.confirmation_token)),
            &links.page(Locale::or_fallback(&msg.locale), &format!("/newsletter/unsubscribe/{}", msg.unsubscribe_token)),
        ),
    );
    mail.sensitive = true;
    mail
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_kept_trimmed_in_lower_case() {
        assert_eq!(address("  Anna@Example.PL ").unwrap(), "anna@example.pl");
        assert!(matches!(address("   "), Err(ContentError::EmailRequired)));
        assert!(matches!(address("anna@"), Err(ContentError::InvalidEmail)));
    }

    #[test]
    fn the_confirmation_carries_both_links_in_the_subscribers_language() {
        let msg = NewsletterSubscribed {
            email: "anna@example.pl".into(),
            locale: "en_GB".into(),
            confirmation_token: "c0nf".into(),
            unsubscribe_token: "uns".into(),
        };
        let m = confirmation_mail(&msg, &Links::new("https://spa.example"));
        assert_eq!(m.subject, "Please confirm your newsletter subscription");
        assert!(m.text.contains("https://spa.example/en/newsletter/confirm/c0nf"), "the English page: {}", m.text);
        assert!(m.text.contains("Unsubscribe: https://spa.example/en/newsletter/unsubscribe/uns"), "{}", m.text);
        assert!(m.sensitive);
    }
}
