//! The e-mails events call for: each consumer turns its event into a
//! localized e-mail row in `outgoing_mail`, at most once per event (the
//! event id is the row's id and the consumer records it in the same
//! transaction).

use spa_platform::bus::Received;
use spa_platform::db::Db;
use spa_platform::outbox::begin_once;
use spa_proto::EventMessage;

/// An e-mail to queue.
pub struct Mail {
    pub recipient: String,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
    /// The body holds a secret link: it is cleared once the mail is sent.
    pub sensitive: bool,
}

impl Mail {
    pub fn text(recipient: String, (subject, text): (String, String)) -> Self {
        Self { recipient, subject, text, html: None, sensitive: false }
    }
}

/// Queues the e-mail `write` makes of `event`, once per consumer and event.
pub async fn queue_once<M: EventMessage>(
    db: &Db,
    consumer: &'static str,
    event: Received<M>,
    write: impl FnOnce(&M) -> anyhow::Result<Mail>,
) -> anyhow::Result<()> {
    queue_all_once(db, consumer, event, |m| Ok(vec![write(m)?])).await
}

/// Queues the e-mails `write` makes of `event`, once per consumer and
/// event: the first row's id is the event's, the next ones' `<id>-2`, ….
pub async fn queue_all_once<M: EventMessage>(
    db: &Db,
    consumer: &'static str,
    event: Received<M>,
    write: impl FnOnce(&M) -> anyhow::Result<Vec<Mail>>,
) -> anyhow::Result<()> {
    let Some(mut tx) = begin_once(db, consumer, &event.id).await? else { return Ok(()) };
    for (n, mail) in write(&event.message)?.into_iter().enumerate() {
        let id = if n == 0 { event.id.clone() } else { format!("{}-{}", event.id, n + 1) };
        sqlx::query(
            "INSERT INTO outgoing_mail (id, recipient, subject, body, html, sensitive, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(mail.recipient)
        .bind(mail.subject)
        .bind(mail.text)
        .bind(mail.html)
        .bind(i64::from(mail.sensitive))
        .bind(tx.now_ms())
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A 256-bit random token, hex: a link's secret.
pub fn random_token() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Where the e-mails' links point: `PUBLIC_URL` (as the gateway's), read
/// once at start.
#[derive(Debug, Clone)]
pub struct Links {
    base: String,
}

impl Links {
    pub fn from_env() -> Self {
        Self::new(&spa_platform::config::var_or("PUBLIC_URL", "http://localhost:8080"))
    }

    pub fn new(public_url: &str) -> Self {
        Self { base: public_url.trim_end_matches('/').to_owned() }
    }

    /// The absolute link of a path of the shop.
    pub fn to(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

#[cfg(test)]
mod tests {
    use super::Links;

    #[test]
    fn links_are_absolute_under_the_public_url() {
        assert_eq!(Links::new("https://spa.example/").to("/verify-account/t"), "https://spa.example/verify-account/t");
        assert_eq!(Links::new("http://localhost:8080").to("/x"), "http://localhost:8080/x");
    }
}
