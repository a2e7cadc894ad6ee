//! Questions about a product (the product page's inquiry form): the rules
//! of the form, the question as it is kept, and its two e-mails: to the
//! guesthouse (`GUESTHOUSE_EMAIL`) with the sender's details, and the
//! acknowledgement to the sender in their language without any of the
//! sender's words.

use spa_proto::events::QuestionAsked;
use spa_proto::spa::content::v1::ProductQuestion;

use crate::domain::mail::Mail;
use crate::error::ContentError;

/// The fields a question breaks, each with why.
pub type Violations = Vec<(&'static str, &'static str)>;

const MAX_NAME: usize = 100;
const MAX_PHONE: usize = 30;
const MAX_MESSAGE: usize = 5000;

/// The form's phone rule: at least 7 characters, digits with an optional
/// leading plus, parentheses, dashes, spaces, dots or slashes.
pub fn phone_is_valid(phone: &str) -> bool {
    let body = phone.strip_prefix('+').unwrap_or(phone);
    phone.chars().count() >= 7
        && phone.len() <= MAX_PHONE
        && body.chars().any(|c| c.is_ascii_digit())
        && body.chars().all(|c| c.is_ascii_digit() || "()-. /".contains(c))
}

/// Every rule the question breaks, by field; empty when it may be sent.
pub fn violations(q: &ProductQuestion) -> Violations {
    let mut v = Vec::new();
    // No product: a message from the contact page's inquiry form.
    let code = q.product_code.trim();
    if !code.is_empty() && (code.len() > 64 || !code.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))) {
        v.push(("productCode", "not a product code"));
    }
    let name = q.customer.trim();
    if name.is_empty() {
        v.push(("customer", "required"));
    } else if name.chars().count() > MAX_NAME {
        v.push(("customer", "too long"));
    }
    let email = q.email.trim();
    if email.is_empty() {
        v.push(("email", "required"));
    } else if !spa_platform::email::is_valid(email) {
        v.push(("email", "not a valid e-mail address"));
    }
    let phone = q.phone.trim();
    if phone.is_empty() {
        v.push(("phone", "required"));
    } else if !phone_is_valid(phone) {
        v.push(("phone", "at least 7 characters: digits, plus, parentheses, dashes, spaces, dots or slashes"));
    }
    let message = q.message.trim();
    if message.is_empty() {
        v.push(("message", "required"));
    } else if message.chars().count() > MAX_MESSAGE {
        v.push(("message", "too long"));
    }
    v
}

/// A question that breaks no rule, as it is kept and announced: trimmed,
/// the e-mail in lower case, in a language the shop speaks, under a new id.
pub fn accept(q: &ProductQuestion) -> Result<QuestionAsked, ContentError> {
    let broken = violations(q);
    if !broken.is_empty() {
        return Err(ContentError::InvalidQuestion(broken));
    }
    Ok(QuestionAsked {
        id: uuid::Uuid::new_v4().to_string(),
        product_code: q.product_code.trim().to_owned(),
        customer: q.customer.trim().to_owned(),
        email: q.email.trim().to_lowercase(),
        phone: q.phone.trim().to_owned(),
        message: q.message.trim().to_owned(),
        locale: spa_platform::locale::Locale::or_fallback(&q.locale).code().to_owned(),
        product_name: q.product_name.trim().to_owned(),
    })
}

/// The sender's acknowledgement. Anyone may type any address into the
/// form, so it carries none of the sender's words (not the message, not
/// the name): only the catalog's product name and our own text, and the
/// form is no relay for someone else's text to an arbitrary address.
fn acknowledgement(q: &QuestionAsked) -> (String, String) {
    if q.product_code.is_empty() {
        return match q.locale.as_str() {
            "de" => (
                "Ihre Nachricht an uns".to_owned(),
                "Guten Tag,\n\nvielen Dank für Ihre Nachricht. Wir antworten so bald wie möglich, meist innerhalb eines Werktags.\n\nHaben Sie uns nicht geschrieben, können Sie diese E-Mail ignorieren.\n".to_owned(),
            ),
            "en_GB" => (
                "Your message to us".to_owned(),
                "Hello,\n\nthank you for your message. We will answer as soon as we can, usually within one working day.\n\nIf you did not write to us, you can ignore this e-mail.\n".to_owned(),
            ),
            _ => (
                "Twoja wiadomość do nas".to_owned(),
                "Dzień dobry,\n\ndziękujemy za wiadomość. Odpowiemy najszybciej, jak to możliwe, zwykle w ciągu jednego dnia roboczego.\n\nJeśli to nie Ty do nas napisałeś, zignoruj tę wiadomość.\n".to_owned(),
            ),
        };
    }
    let product = if q.product_name.is_empty() { &q.product_code } else { &q.product_name };
    match q.locale.as_str() {
        "de" => (
            format!("Ihre Frage zu „{product}“"),
            format!(
                "Guten Tag,\n\nvielen Dank für Ihre Frage zu „{product}“. Wir antworten so bald wie möglich, meist innerhalb eines Werktags.\n\nHaben Sie diese Frage nicht gestellt, können Sie diese E-Mail ignorieren.\n"
            ),
        ),
        "en_GB" => (
            format!("Your question about “{product}”"),
            format!(
                "Hello,\n\nthank you for your question about “{product}”. We will answer as soon as we can, usually within one working day.\n\nIf you did not ask this question, you can ignore this e-mail.\n"
            ),
        ),
        _ => (
            format!("Twoje pytanie o „{product}”"),
            format!(
                "Dzień dobry,\n\ndziękujemy za pytanie o „{product}”. Odpowiemy najszybciej, jak to możliwe, zwykle w ciągu jednego dnia roboczego.\n\nJeśli to nie Ty zadałeś to pytanie, zignoruj tę wiadomość.\n"
            ),
        ),
    }
}

/// The staff's copy, in Polish: who asked, how to reach them, about what.
fn to_guesthouse(q: &QuestionAsked) -> (String, String) {
    let sender = format!(
        "Imię i nazwisko: {}\nE-mail: {}\nTelefon: {}\nJęzyk: {}\n\nWiadomość:\n{}\n",
        q.customer, q.email, q.phone, q.locale, q.message
    );
    if q.product_code.is_empty() {
        return (format!("Wiadomość ze strony kontaktowej: {}", q.customer), sender);
    }
    (format!("Pytanie o produkt {}: {}", q.product_code, q.customer), format!("Produkt: {} ({})\n{sender}", q.product_name, q.product_code))
}

/// A question's e-mails: the guesthouse's, then the sender's acknowledgement.
pub fn question_mails(q: &QuestionAsked, guesthouse: &str) -> Vec<Mail> {
    // The guesthouse answers with "reply": to the sender.
    vec![Mail::text(guesthouse.to_owned(), to_guesthouse(q)).replying_to(&q.email), Mail::text(q.email.clone(), acknowledgement(q))]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question() -> ProductQuestion {
        ProductQuestion {
            product_code: "MASAZ-60".into(),
            customer: "Anna Nowak".into(),
            email: "anna@example.pl".into(),
            phone: "+48 (12) 600-100/200".into(),
            message: "Czy masaż jest dostępny w niedzielę?".into(),
            locale: "pl".into(),
            product_name: "Masaż".into(),
        }
    }

    #[test]
    fn a_complete_question_breaks_no_rule() {
        assert!(violations(&question()).is_empty());
    }

    #[test]
    fn an_accepted_question_is_trimmed_in_a_known_language() {
        let q = ProductQuestion { email: " Anna@Example.pl ".into(), customer: " Anna ".into(), locale: "fr".into(), ..question() };
        let asked = accept(&q).unwrap();
        assert_eq!((asked.email.as_str(), asked.customer.as_str(), asked.locale.as_str()), ("anna@example.pl", "Anna", "pl"));
        assert!(!asked.id.is_empty());
        assert!(matches!(accept(&ProductQuestion::default()), Err(ContentError::InvalidQuestion(v)) if v.len() == 4));
        let mails = question_mails(&asked, "recepcja@spa.example");
        assert_eq!(mails.iter().map(|m| m.recipient.as_str()).collect::<Vec<_>>(), ["recepcja@spa.example", "anna@example.pl"]);
    }

    #[test]
    fn phones_follow_the_forms_rule() {
        for ok in ["1234567", "+48 600 100 200", "(12) 345-67-89", "12.345.67.89", "600/100/200"] {
            assert!(phone_is_valid(ok), "{ok}");
        }
        for bad in ["123456", "+48 600 abc", "600-100-200 ext", "++48600100200", "-------", "12345#67"] {
            assert!(!phone_is_valid(bad), "{bad}");
        }
    }

    #[test]
    fn each_missing_or_bad_field_is_named() {
        let q = ProductQuestion { locale: "pl".into(), ..Default::default() };
        let fields: Vec<&str> = violations(&q).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["customer", "email", "phone", "message"]);
        let q = ProductQuestion { email: "anna@".into(), phone: "12 34".into(), product_code: "<x>".into(), ..question() };
        let fields: Vec<&str> = violations(&q).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["productCode", "email", "phone"]);
        let q = ProductQuestion { message: "  ".into(), customer: "x".repeat(101), ..question() };
        let fields: Vec<&str> = violations(&q).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["customer", "message"]);
    }

    #[test]
    fn the_acknowledgement_is_in_the_senders_language() {
        let q = QuestionAsked {
            customer: "Anna".into(),
            product_code: "MASAZ-60".into(),
            product_name: "Massage".into(),
            message: "Hi".into(),
            ..Default::default()
        };
        assert!(acknowledgement(&QuestionAsked { locale: "de".into(), ..q.clone() }).0.contains("Ihre Frage"));
        assert!(acknowledgement(&QuestionAsked { locale: "en_GB".into(), ..q.clone() }).0.contains("Your question"));
        assert!(acknowledgement(&QuestionAsked { locale: "pl".into(), ..q }).0.contains("Twoje pytanie"));
    }

    #[test]
    fn the_acknowledgement_carries_none_of_the_senders_words() {
        let spam = QuestionAsked {
            customer: "Cheap pills at spam.example".into(),
            message: "Visit https://spam.example now".into(),
            email: "victim@example.com".into(),
            product_code: "MASAZ-60".into(),
            product_name: "Masaż".into(),
            ..Default::default()
        };
        for locale in ["pl", "de", "en_GB"] {
            let (subject, body) = acknowledgement(&QuestionAsked { locale: locale.into(), ..spam.clone() });
            assert!(!subject.contains("spam") && !body.contains("spam"), "{locale}: {subject} {body}");
            assert!(body.contains("Masaż"), "{body}");
        }
    }

    #[test]
    fn a_message_from_the_contact_page_names_no_product() {
        let q = ProductQuestion { product_code: " ".into(), product_name: String::new(), ..question() };
        assert!(violations(&q).is_empty());
        let asked = accept(&q).unwrap();
        assert_eq!(asked.product_code, "");
        let mails = question_mails(&asked, "recepcja@spa.example");
        assert_eq!(mails[0].subject, "Wiadomość ze strony kontaktowej: Anna Nowak");
        assert!(!mails[0].text.contains("Produkt"), "{}", mails[0].text);
        assert!(mails[0].text.contains("Czy masaż jest dostępny w niedzielę?") && mails[0].text.contains("+48 (12) 600-100/200"));
        for (locale, subject) in [("pl", "Twoja wiadomość do nas"), ("de", "Ihre Nachricht an uns"), ("en_GB", "Your message to us")] {
            let (s, body) = acknowledgement(&QuestionAsked { locale: locale.into(), ..asked.clone() });
            assert_eq!(s, subject);
            assert!(!body.contains("Anna") && !body.contains("niedziel"), "{body}");
        }
    }
}
