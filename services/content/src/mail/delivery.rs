//! Delivers the queued e-mails (`outgoing_mail`) through one mailer: SMTP
//! when `SMTP_URL` is set, otherwise `.eml` files in the mail directory
//! (standalone: `DATA_DIR/mail`).
//!
//! Each row is claimed before it is sent (a lease of [`LEASE`], so several
//! replicas never send one mail at once), stamped `sent_at` once the
//! mailer accepted it, and never picked again after that, across restarts.
//! A refused or failed send is retried with a growing pause (1 s doubling
//! up to an hour); the error is kept on the row. The one window left is a
//! crash between the SMTP server's acceptance and the stamp: that mail
//! goes out again when the lease ends. Its Message-ID is the row's id, so
//! a receiving server or client can tell the copy.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use spa_platform::db::Db;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use crate::domain::mail::retry_pause_secs;
use crate::mail::store::{self, Queued};
use crate::settings::Settings;

/// How long a claimed mail is left to its sender before another may try.
const LEASE: Duration = Duration::from_secs(120);
/// How often the queue is looked at when nothing wakes the worker.
const POLL: Duration = Duration::from_secs(2);
const BATCH: i64 = 20;

/// Where mails go.
#[derive(Clone)]
pub enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(PathBuf),
}

/// The sender when neither `MAIL_FROM` nor the guesthouse's details name one.
const FALLBACK_FROM: &str = "Pensjonat Spa <rezerwacje@spa.localhost>";

#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    /// `MAIL_FROM`, when set; else the guesthouse's name and reception
    /// e-mail from its settings, read when a mail leaves.
    from: Option<Mailbox>,
    guesthouse: Option<Arc<Settings>>,
    wake: Arc<Notify>,
}

impl Mailer {
    /// `SMTP_URL` (e.g. `smtps://user:pass@smtp.example:465`,
    /// `smtp://127.0.0.1:2525`), else files under `MAIL_DIR`, or
    /// `data_dir/mail`, or the system's temporary directory; the sender is
    /// `MAIL_FROM`, or else the guesthouse's own name and reception e-mail
    /// (`with_guesthouse`), so the e-mails and the contact page name one house.
    pub fn from_env(data_dir: Option<PathBuf>) -> anyhow::Result<Self> {
        let from = std::env::var("MAIL_FROM").ok().filter(|f| !f.trim().is_empty()).map(|f| f.parse()).transpose()?;
        let transport = match std::env::var("SMTP_URL").ok().filter(|u| !u.is_empty()) {
            Some(url) => Transport::Smtp(AsyncSmtpTransport::<Tokio1Executor>::from_url(&url)?.build()),
            None => {
                let dir = std::env::var("MAIL_DIR")
                    .ok()
                    .filter(|d| !d.is_empty())
                    .map(PathBuf::from)
                    .or_else(|| data_dir.map(|d| d.join("mail")))
                    .unwrap_or_else(|| {
                        tracing::warn!("neither SMTP_URL, MAIL_DIR nor DATA_DIR is set: e-mails are written to the temporary directory");
                        std::env::temp_dir().join("spa-mail")
                    });
                Transport::Files(dir)
            }
        };
        Ok(Self { transport, from, guesthouse: None, wake: Arc::new(Notify::new()) })
    }

    pub fn new(transport: Transport, from: Mailbox) -> Self {
        Self { transport, from: Some(from), guesthouse: None, wake: Arc::new(Notify::new()) }
    }

    /// Names the guesthouse of these settings as the sender, unless `MAIL_FROM` named one.
    pub fn with_guesthouse(mut self, settings: Arc<Settings>) -> Self {
        self.guesthouse = Some(settings);
        self
    }

    /// Tells the worker a mail is waiting.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Whether mails go to an SMTP server (else to files on this machine).
    pub fn smtp(&self) -> bool {
        matches!(self.transport, Transport::Smtp(_))
    }

    /// The sender every mail names now.
    pub async fn sender(&self) -> Mailbox {
        if let Some(from) = &self.from {
            return from.clone();
        }
        let reception = match &self.guesthouse {
            Some(settings) => settings.reception().await,
            None => None,
        };
        reception
            .and_then(|(name, email)| Some(Mailbox::new(Some(name).filter(|n| !n.is_empty()), email.parse().ok()?)))
            .unwrap_or_else(|| FALLBACK_FROM.parse().expect("the fallback sender is an address"))
    }

    pub fn describe(&self) -> String {
        match &self.transport {
            Transport::Smtp(_) => "smtp".into(),
            Transport::Files(dir) => format!("files in {}", dir.display()),
        }
    }

    async fn send(&self, mail: &Queued) -> anyhow::Result<()> {
        let mut builder = Message::builder()
            .from(self.sender().await)
            .to(mail.recipient.parse()?)
            .subject(&mail.subject)
            .message_id(Some(format!("<{}@spa.mail>", mail.id)));
        // A guest's address the mail library will not take costs the reply
        // address, never the mail.
        match mail.reply_to.as_deref().map(str::parse) {
            Some(Ok(reply_to)) => builder = builder.reply_to(reply_to),
            Some(Err(e)) => tracing::warn!(mail = %mail.id, error = %e, "Reply-To left out"),
            None => {}
        }
        // Quoted-printable always: ASCII (links included) stays legible in
        // a saved .eml, whatever the language.
        let part = |kind: ContentType, body: &str| {
            let body = Body::new_with_encoding(body.to_owned(), ContentTransferEncoding::QuotedPrintable).unwrap_or_else(Body::new);
            SinglePart::builder().header(kind).body(body)
        };
        let message = match &mail.html {
            Some(html) => builder.multipart(
                MultiPart::alternative()
                    .singlepart(part(ContentType::TEXT_PLAIN, &mail.body))
                    .singlepart(part(ContentType::TEXT_HTML, html)),
            )?,
            None => builder.singlepart(part(ContentType::TEXT_PLAIN, &mail.body))?,
        };
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(message).await?;
            }
            Transport::Files(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                // Written whole under a temporary name, then renamed: a
                // reader never sees half a mail.
                let path = dir.join(format!("{}.eml", mail.id));
                let partial = dir.join(format!(".{}.eml.part", mail.id));
                tokio::fs::write(&partial, message.formatted()).await?;
                tokio::fs::rename(&partial, &path).await?;
            }
        }
        Ok(())
    }

    /// Sends what is due until shutdown.
    pub fn spawn(self, db: Db, shutdown: CancellationToken) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                match self.deliver_due(&db).await {
                    Ok(n) if n > 0 => continue,
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "mail queue not read; retrying"),
                }
                tokio::select! {
                    _ = shutdown.cancelled() => return,
                    _ = self.wake.notified() => {}
                    // A mail waiting out its pause is due at once when the clock jumps.
                    _ = db.clock().jumped() => {}
                    _ = tokio::time::sleep(POLL) => {}
                }
            }
        })
    }

    /// One round: claims and sends up to [`BATCH`] due mails; how many it sent.
    pub async fn deliver_due(&self, db: &Db) -> anyhow::Result<usize> {
        let now = db.now_ms();
        let mut sent = 0;
        for mail in store::due(db, now, BATCH).await? {
            if !store::claim(db, &mail.id, now + LEASE.as_millis() as i64, now).await? {
                continue; // another sender has it
            }
            match self.send(&mail).await {
                Ok(()) => {
                    store::sent(db, &mail.id, db.now_ms()).await?;
                    sent += 1;
                }
                Err(e) => {
                    let attempts = mail.attempts + 1;
                    let pause = retry_pause_secs(attempts);
                    tracing::warn!(mail = %mail.id, attempts, error = %e, "mail not sent; retried in {pause} s");
                    store::failed(db, &mail.id, attempts, db.now_ms() + pause * 1000, &e.to_string()).await?;
                }
            }
        }
        Ok(sent)
    }
}
