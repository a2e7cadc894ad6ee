//! Account e-mails: the verification and password reset links a customer
//! asked for.

use spa_platform::locale::Locale;
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
    let mut mail = Mail::text(
        msg.email.clone(),
        verification_text(&msg.locale, &links.page(Locale::or_fallback(&msg.locale), &format!("/verify-account/{}", msg.token))),
    );
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

/// The role an invitation names, in the invitation's language.
fn role_name(locale: &str, role: &str) -> &'static str {
    let names = match role {
        "admin" => ["administrator", "Administrator", "administrator"],
        "reception" => ["recepcja", "Rezeption", "front desk"],
        _ => ["redakcja treści", "Redaktion", "content editor"],
    };
    match locale {
        "de" => names[1],
        "en_GB" => names[2],
        _ => names[0],
    }
}

fn invitation_text(locale: &str, role: &str, link: &str) -> (String, String) {
    let role = role_name(locale, role);
    match locale {
        "de" => (
            "Ihr Zugang zur Verwaltung der Pension".into(),
            format!(
                "Guten Tag,\n\nSie wurden zur Verwaltung der Pension eingeladen (Rolle: {role}). Legen Sie Ihr Passwort über diesen Link fest:\n{link}\n\nDer Link gilt 7 Tage. Danach melden Sie sich mit dieser E-Mail-Adresse und Ihrem Passwort an."
            ),
        ),
        "en_GB" => (
            "Your access to the guesthouse's back office".into(),
            format!(
                "Hello,\n\nyou have been invited to the guesthouse's back office (role: {role}). Set your password through this link:\n{link}\n\nThe link works for 7 days. Then log in with this e-mail address and your password."
            ),
        ),
        _ => (
            "Twój dostęp do zaplecza pensjonatu".into(),
            format!(
                "Dzień dobry,\n\nzaproszono Cię do zaplecza pensjonatu (rola: {role}). Ustaw hasło pod tym linkiem:\n{link}\n\nLink jest ważny 7 dni. Potem zalogujesz się tym adresem e-mail i swoim hasłem."
            ),
        ),
    }
}

/// The password reset e-mail, or a staff invitation (`staff_role` set);
/// its link is a secret.
pub fn reset_mail(msg: &PasswordResetRequested, links: &Links) -> Mail {
    let link = links.page(Locale::or_fallback(&msg.locale), &format!("/reset-password/{}", msg.token));
    let words =
        if msg.staff_role.is_empty() { reset_text(&msg.locale, &link) } else { invitation_text(&msg.locale, &msg.staff_role, &link) };
    let mut mail = Mail::text(msg.email.clone(), words);
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
        let msg =
            PasswordResetRequested { email: "anna@example.pl".into(), locale: "xx".into(), token: "r3s".into(), ..Default::default() };
        let m = reset_mail(&msg, &links);
        assert!(m.sensitive && m.subject == "Twoje nowe hasło" && m.text.contains("https://spa.example/reset-password/r3s"), "{}", m.text);
        let invited = PasswordResetRequested { locale: "en_GB".into(), staff_role: "reception".into(), ..msg };
        let m = reset_mail(&invited, &links);
        assert!(m.sensitive && m.text.contains("(role: front desk)") && m.text.contains("7 days"), "{}", m.text);
        assert!(m.text.contains("https://spa.example/en/reset-password/r3s"), "the English page: {}", m.text);
    }
}
