//! Account e-mails: the verification and password reset links a customer
//! asked for.

use spa_proto::events::{PasswordResetRequested, VerificationRequested};

use crate::domain::mail::{Links, Mail};

fn verification_text(locale: &str, link: &str) -> (String, String) {
    match locale {
        "de" => (
            "Bitte bestätigen Sie Ihre E-Mail-Adresse".into(),
            format!(
                "Guten Tag,\n\nbitte bestätigen Sie Ihre E-Mail-Adresse für Ihr Kundenkonto:\n{link}\n\nDer Link gilt 24 Stunden. Wenn Sie kein Konto angelegt haben, ignorieren Sie diese E-Mail."
            ),
        ),
        "en_GB" => (
            "Please confirm your e-mail address".into(),
            format!(
                "Hello,\n\nplease confirm the e-mail address of your account:\n{link}\n\nThe link works for 24 hours. If you did not create an account, please ignore this e-mail."
            ),
        ),
        _ => (
            "Potwierdź swój adres e-mail".into(),
            format!(
                "Dzień dobry,\n\nprosimy o potwierdzenie adresu e-mail Twojego konta:\n{link}\n\nLink jest ważny 24 godziny. Jeśli nie zakładałeś konta, zignoruj tę wiadomość."
            ),
        ),
    }
}

/// The verification e-mail; its link is a secret.
pub fn verification_mail(msg: &VerificationRequested, links: &Links) -> Mail {
    let mut mail = Mail::text(msg.email.clone(), verification_text(&msg.locale, &links.to(&format!("/verify-account/{}", msg.token))));
    mail.sensitive = true;
    mail
}

fn reset_text(locale: &str, link: &str) -> (String, String) {
    match locale {
        "de" => (
            "Ihr neues Passwort".into(),
            format!(
                "Guten Tag,\n\nüber diesen Link legen Sie ein neues Passwort fest:\n{link}\n\nDer Link gilt eine Stunde. Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt, wie es ist."
            ),
        ),
        "en_GB" => (
            "Your new password".into(),
            format!(
                "Hello,\n\nset a new password through this link:\n{link}\n\nThe link works for one hour. If you did not ask for a new password, please ignore this e-mail; your password stays as it is."
            ),
        ),
        _ => (
            "Twoje nowe hasło".into(),
            format!(
                "Dzień dobry,\n\nnowe hasło ustawisz pod tym linkiem:\n{link}\n\nLink jest ważny godzinę. Jeśli nie prosiłeś o nowe hasło, zignoruj tę wiadomość; Twoje hasło pozostaje bez zmian."
            ),
        ),
    }
}

/// The password reset e-mail; its link is a secret.
pub fn reset_mail(msg: &PasswordResetRequested, links: &Links) -> Mail {
    let mut mail = Mail::text(msg.email.clone(), reset_text(&msg.locale, &links.to(&format!("/reset-password/{}", msg.token))));
    mail.sensitive = true;
    mail
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_links_are_secret_and_in_the_customers_language() {
        let links = Links::new("https://spa.example");
        let msg = VerificationRequested { email: "anna@example.pl".into(), locale: "de".into(), token: "t0k".into() };
        let m = verification_mail(&msg, &links);
        assert!(m.sensitive && m.subject.starts_with("Bitte") && m.text.contains("https://spa.example/verify-account/t0k"), "{}", m.text);
        let msg = PasswordResetRequested { email: "anna@example.pl".into(), locale: "xx".into(), token: "r3s".into() };
        let m = reset_mail(&msg, &links);
        assert!(m.sensitive && m.subject == "Twoje nowe hasło" && m.text.contains("https://spa.example/reset-password/r3s"), "{}", m.text);
    }
}
