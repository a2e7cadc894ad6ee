//! What the content service publishes and consumes, typed.
//!
//! Publishes (through the outbox, in the transaction of the change), each
//! built here: `content.newsletter.subscribed`, `content.question.asked`
//! and `content.block.changed`.
//! Consumes, each into its e-mails, queued once per event ([`consume`]
//! starts them all): `content.newsletter.subscribed` (the double opt-in),
//! `users.verification.requested` and `users.password_reset.requested`,
//! `cart.order.placed` (the order summary), `cart.order.paid` (the
//! payment's confirmation), `cart.voucher.issued` (the voucher's code),
//! `cart.order.cancelled` (what happens to the money), `cart.order.changed`
//! (the updated confirmation) and
//! `content.question.asked` (the sender's acknowledgement); a booking,
//! its payment, its cancellation and a question each also tell the
//! guesthouse, in its language, replies going to the guest.

use std::sync::Arc;

use spa_platform::bus::Received;
use spa_platform::db::Db;
use spa_platform::locale::Locale;
use spa_platform::runtime::Infra;
use spa_proto::EventMessage;
use spa_proto::events::{
    BlockChanged, ChannelConflicted, NewsletterSubscribed, OrderCancelled, OrderChanged, OrderPaid, OrderPlaced, PasswordResetRequested,
    QuestionAsked, VerificationRequested, VoucherIssued,
};

use crate::domain::guesthouse::Guesthouse;
use crate::domain::mail::{Links, Mail};
use crate::domain::{account, cancelled, newsletter, order, paid, questions};
use crate::mail::delivery::Mailer;
use crate::mail::{AboutOrder, queue_all_once, queue_once};
use crate::settings::Settings;

// The consumers' names: each is the key its handled events are recorded
// under, so a name never changes.
pub const NEWSLETTER_MAILER: &str = "content-mailer";
pub const VERIFICATION_MAILER: &str = "content-verification-mailer";
pub const RESET_MAILER: &str = "content-password-reset-mailer";
pub const ORDER_MAILER: &str = "content-order-mailer";
pub const PAID_MAILER: &str = "content-payment-mailer";
pub const VOUCHER_MAILER: &str = "content-voucher-mailer";
pub const CANCELLATION_MAILER: &str = "content-cancellation-mailer";
pub const QUESTION_MAILER: &str = "content-question-mailer";
pub const CHANGE_MAILER: &str = "content-change-mailer";
pub const CONFLICT_MAILER: &str = "content-conflict-mailer";

pub fn newsletter_subscribed(email: String, locale: &str, confirmation_token: String, unsubscribe_token: String) -> NewsletterSubscribed {
    NewsletterSubscribed { email, locale: locale.to_owned(), confirmation_token, unsubscribe_token }
}

pub fn block_changed(id: &str, locale: &str, page_url: String) -> BlockChanged {
    BlockChanged { id: id.to_owned(), locale: locale.to_owned(), page_url }
}

/// Queues the e-mail `write` makes of an event, at most once per event.
async fn queue<M: EventMessage + AboutOrder>(
    db: &Db,
    consumer: &'static str,
    event: Received<M>,
    write: impl FnOnce(&M) -> Mail,
) -> anyhow::Result<()> {
    queue_once(db, consumer, event, |m| Ok(write(m))).await
}

/// What the mail consumers write with: the shop's links and where the
/// guesthouse's own copies go.
#[derive(Clone)]
pub struct Senders {
    pub links: Links,
    /// `GUESTHOUSE_EMAIL`, when set.
    pub guesthouse_email: Option<String>,
    pub guesthouse_locale: Locale,
    /// The guesthouse's details: its reception e-mail, unless `GUESTHOUSE_EMAIL` names another.
    pub settings: Arc<Settings>,
}

/// Where the guesthouse's copies go when neither `GUESTHOUSE_EMAIL` nor its details name an address.
const FALLBACK_GUESTHOUSE_EMAIL: &str = "recepcja@spa.localhost";

impl Senders {
    /// The guesthouse's mailbox now: `GUESTHOUSE_EMAIL`, else the reception
    /// e-mail of its details (the contact page's), read for each event.
    async fn guesthouse(&self) -> Guesthouse {
        let email = match &self.guesthouse_email {
            Some(email) => email.clone(),
            None => self.settings.reception().await.map_or_else(|| FALLBACK_GUESTHOUSE_EMAIL.to_owned(), |(_, email)| email),
        };
        Guesthouse { email, locale: self.guesthouse_locale }
    }
}

async fn queue_newsletter(db: &Db, to: &Senders, event: Received<NewsletterSubscribed>) -> anyhow::Result<()> {
    queue(db, NEWSLETTER_MAILER, event, |m| newsletter::confirmation_mail(m, &to.links)).await
}

async fn queue_verification(db: &Db, to: &Senders, event: Received<VerificationRequested>) -> anyhow::Result<()> {
    queue(db, VERIFICATION_MAILER, event, |m| account::verification_mail(m, &to.links)).await
}

async fn queue_reset(db: &Db, to: &Senders, event: Received<PasswordResetRequested>) -> anyhow::Result<()> {
    queue(db, RESET_MAILER, event, |m| account::reset_mail(m, &to.links)).await
}

/// The guest's summary, then the guesthouse's notice.
async fn queue_order(db: &Db, to: &Senders, event: Received<OrderPlaced>) -> anyhow::Result<()> {
    let house = to.guesthouse().await;
    queue_all_once(db, ORDER_MAILER, event, |o| Ok(vec![order::mail(o, &to.links)?, house.placed(o, &to.links)])).await
}

/// The guest's confirmation, then the guesthouse's notice.
async fn queue_paid(db: &Db, to: &Senders, event: Received<OrderPaid>) -> anyhow::Result<()> {
    let house = to.guesthouse().await;
    queue_all_once(db, PAID_MAILER, event, |p| Ok(vec![paid::paid_mail(p, &to.links)?, house.paid(p, &to.links)])).await
}

async fn queue_voucher(db: &Db, to: &Senders, event: Received<VoucherIssued>) -> anyhow::Result<()> {
    queue_once(db, VOUCHER_MAILER, event, |v| paid::voucher_mail(v, &to.links)).await
}

/// The guest's mail (when the order has a recipient), then the guesthouse's notice.
async fn queue_cancelled(db: &Db, to: &Senders, event: Received<OrderCancelled>) -> anyhow::Result<()> {
    let house = to.guesthouse().await;
    queue_all_once(db, CANCELLATION_MAILER, event, |c| {
        let mut mails = Vec::new();
        if cancelled::has_recipient(c) {
            mails.push(cancelled::cancelled_mail(c, &to.links)?);
        }
        mails.push(house.cancelled(c, &to.links));
        Ok(mails)
    })
    .await
}

/// The guest's updated confirmation (the guesthouse made the change).
async fn queue_changed(db: &Db, to: &Senders, event: Received<OrderChanged>) -> anyhow::Result<()> {
    queue_once(db, CHANGE_MAILER, event, |c| order::changed_mail(c, &to.links)).await
}

async fn queue_question(db: &Db, to: &Senders, event: Received<QuestionAsked>) -> anyhow::Result<()> {
    let house = to.guesthouse().await;
    queue_all_once(db, QUESTION_MAILER, event, |q| Ok(questions::question_mails(q, &house.email))).await
}

/// The guesthouse's notice of a portal's booking on nights sold out here.
async fn queue_conflict(db: &Db, to: &Senders, event: Received<ChannelConflicted>) -> anyhow::Result<()> {
    let house = to.guesthouse().await;
    queue_once(db, CONFLICT_MAILER, event, |c| Ok(house.conflict(c, &to.links))).await
}

/// Starts every consumer: each queues its e-mails and wakes the sender.
pub async fn consume(infra: &Infra, senders: &Senders, mailer: &Mailer) -> anyhow::Result<()> {
    macro_rules! mail_consumer {
        ($name:expr, $queue:path) => {{
            let (db, to, m) = (infra.db.clone(), senders.clone(), mailer.clone());
            infra
                .consume($name, move |event| {
                    let (db, to, m) = (db.clone(), to.clone(), m.clone());
                    async move {
                        $queue(&db, &to, event).await?;
                        m.wake();
                        Ok(())
                    }
                })
                .await?;
        }};
    }
    mail_consumer!(NEWSLETTER_MAILER, queue_newsletter);
    mail_consumer!(VERIFICATION_MAILER, queue_verification);
    mail_consumer!(RESET_MAILER, queue_reset);
    mail_consumer!(ORDER_MAILER, queue_order);
    mail_consumer!(PAID_MAILER, queue_paid);
    mail_consumer!(VOUCHER_MAILER, queue_voucher);
    mail_consumer!(CANCELLATION_MAILER, queue_cancelled);
    mail_consumer!(QUESTION_MAILER, queue_question);
    mail_consumer!(CHANGE_MAILER, queue_changed);
    mail_consumer!(CONFLICT_MAILER, queue_conflict);
    Ok(())
}
