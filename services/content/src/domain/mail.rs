//! An e-mail to queue, the absolute links it carries, and how long a
//! failed send waits.

use spa_platform::locale::Locale;

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

/// Where the e-mails' links point: `PUBLIC_URL` and each language's host
/// (`LOCALE_HOSTS`, as the gateway's), read once at start, so a link opens
/// the page in the e-mail's language.
#[derive(Debug, Clone)]
pub struct Links {
    base: String,
    origins: Vec<(Locale, String)>,
}

impl Links {
    /// Every language on `PUBLIC_URL`'s host (English under `/en`).
    pub fn new(public_url: &str) -> Self {
        Self::with_hosts(public_url, &std::collections::HashMap::new())
    }

    /// German (or English) pages on the hosts the map gives them.
    pub fn with_hosts(public_url: &str, hosts: &std::collections::HashMap<String, Locale>) -> Self {
        Self { base: public_url.trim_end_matches('/').to_owned(), origins: spa_platform::hosts::origins(public_url, hosts) }
    }

    /// The absolute link of a path of the shop's main host (the back office's pages).
    pub fn to(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn origin(&self, locale: Locale) -> &str {
        self.origins.iter().find(|(l, _)| *l == locale).map_or(self.base.as_str(), |(_, origin)| origin)
    }

    /// A page of the app in `locale`: on that language's host, an English
    /// one under `/en` as the app routes it (`/` is the home page).
    pub fn page(&self, locale: Locale, path: &str) -> String {
        match locale {
            Locale::EnGb if path == "/" => format!("{}/en", self.origin(locale)),
            Locale::EnGb => format!("{}/en{path}", self.origin(locale)),
            _ => format!("{}{path}", self.origin(locale)),
        }
    }

    /// A page the gateway writes in its own language (the order's page) on
    /// the host of `locale`, so the shop's links on it stay in that language.
    pub fn on_host(&self, locale: Locale, path: &str) -> String {
        format!("{}{path}", self.origin(locale))
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
    fn a_page_link_opens_the_page_in_the_mails_language() {
        let hosts = spa_platform::hosts::parse_host_map("de.spa.example=de").unwrap();
        let links = Links::with_hosts("https://spa.example/", &hosts);
        assert_eq!(links.page(Locale::Pl, "/reset-password/t"), "https://spa.example/reset-password/t");
        assert_eq!(links.page(Locale::De, "/reset-password/t"), "https://de.spa.example/reset-password/t");
        assert_eq!(links.page(Locale::EnGb, "/reset-password/t"), "https://spa.example/en/reset-password/t");
        assert_eq!(links.page(Locale::EnGb, "/"), "https://spa.example/en");
        assert_eq!(links.page(Locale::De, "/"), "https://de.spa.example/");
        assert_eq!(links.on_host(Locale::De, "/order/t/pay"), "https://de.spa.example/order/t/pay");
        assert_eq!(links.on_host(Locale::EnGb, "/order/t/pay"), "https://spa.example/order/t/pay");
        // No German host: German pages are not reachable elsewhere; the main host.
        assert_eq!(Links::new("http://localhost:8080").page(Locale::De, "/x"), "http://localhost:8080/x");
    }

    #[test]
    fn a_failed_send_waits_a_second_doubling_up_to_an_hour() {
        let pauses: Vec<i64> = (1..=4).map(retry_pause_secs).collect();
        assert_eq!(pauses, [1, 2, 4, 8]);
        assert_eq!((retry_pause_secs(12), retry_pause_secs(13)), (2048, MAX_BACKOFF_SECS));
        assert_eq!(retry_pause_secs(500), MAX_BACKOFF_SECS);
    }
}
