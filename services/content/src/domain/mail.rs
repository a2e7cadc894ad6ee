//! An e-mail to queue, the absolute links it carries, and how long a
//! failed send waits.

/// An e-mail to queue.
pub struct Mail {
    pub recipient: String,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
    /// The body holds a secret link: it is cleared once the mail is sent.
    pub sensitive: bool,
    /// Where a reply goes when not to the shop's sender (the guest's
    /// address on the guesthouse's copies).
    pub reply_to: Option<String>,
}

/// The back office's test e-mail to `recipient`, sent by `staff`, in `locale`.
pub fn test_mail(recipient: &str, locale: &str, staff: &str) -> Mail {
    let (subject, text) = match locale {
        "de" => (
            "Test-E-Mail des Shops".to_owned(),
            format!(
                "Guten Tag,\n\ndiese Test-E-Mail hat {staff} aus der Verwaltung des Shops gesendet. Wenn Sie sie lesen, erreichen die E-Mails des Shops diese Adresse."
            ),
        ),
        "en_GB" => (
            "The shop's test e-mail".to_owned(),
            format!(
                "Hello,\n\n{staff} sent this test e-mail from the shop's back office. If you are reading it, the shop's e-mails reach this address."
            ),
        ),
        _ => (
            "Wiadomość testowa sklepu".to_owned(),
            format!(
                "Dzień dobry,\n\ntę wiadomość testową wysłał(a) {staff} z zaplecza sklepu. Jeśli ją czytasz, e-maile sklepu docierają pod ten adres."
            ),
        ),
    };
    Mail::text(recipient.to_owned(), (subject, text))
}

impl Mail {
    pub fn text(recipient: String, (subject, text): (String, String)) -> Self {
        Self { recipient, subject, text, html: None, sensitive: false, reply_to: None }
    }

    /// Replies go to `address` (when it is one).
    pub fn replying_to(mut self, address: &str) -> Self {
        self.reply_to = Some(address.to_owned()).filter(|a| spa_platform::email::is_valid(a));
        self
    }
}

/// Where the e-mails' links point: `PUBLIC_URL` (as the gateway's), read
/// once at start.
#[derive(Debug, Clone)]
pub struct Links {
    base: String,
}

impl Links {
    pub fn new(public_url: &str) -> Self {
        Self { base: public_url.trim_end_matches('/').to_owned() }
    }

    /// The absolute link of a path of the shop.
    pub fn to(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

/// The longest pause between two tries of one mail.
pub const MAX_BACKOFF_SECS: i64 = 3600;

/// Seconds a mail waits after its `attempts`-th failed send: 1 s, doubling
/// up to an hour.
pub fn retry_pause_secs(attempts: i64) -> i64 {
    1i64.checked_shl(attempts.min(20) as u32 - 1).unwrap_or(MAX_BACKOFF_SECS).min(MAX_BACKOFF_SECS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_absolute_under_the_public_url() {
        assert_eq!(Links::new("https://spa.example/").to("/verify-account/t"), "https://spa.example/verify-account/t");
        assert_eq!(Links::new("http://localhost:8080").to("/x"), "http://localhost:8080/x");
    }

    #[test]
    fn a_failed_send_waits_a_second_doubling_up_to_an_hour() {
        let pauses: Vec<i64> = (1..=4).map(retry_pause_secs).collect();
        assert_eq!(pauses, [1, 2, 4, 8]);
        assert_eq!((retry_pause_secs(12), retry_pause_secs(13)), (2048, MAX_BACKOFF_SECS));
        assert_eq!(retry_pause_secs(500), MAX_BACKOFF_SECS);
    }
}
