//! The e-mails events call for: each consumer (`events`) turns its event
//! into a localized e-mail row in `outgoing_mail`, at most once per event
//! (the event id is the row's id and the consumer records it in the same
//! transaction); [`delivery`] sends the queue.

pub mod delivery;
pub mod store;

use spa_platform::bus::Received;
use spa_platform::db::Db;
use spa_platform::outbox::begin_once;
use spa_proto::EventMessage;

use crate::domain::mail::Mail;

/// The order an event's e-mails are about, kept with them for the front
/// desk; "" for an event about no order.
pub trait AboutOrder {
    fn booking_code(&self) -> &str {
        ""
    }
}

macro_rules! about_order {
    ($($event:ident),* ; $($other:ident),*) => {
        $(impl AboutOrder for spa_proto::events::$event {
            fn booking_code(&self) -> &str {
                &self.booking_code
            }
        })*
        $(impl AboutOrder for spa_proto::events::$other {})*
    };
}

about_order!(OrderPlaced, OrderPaid, OrderCancelled, OrderChanged, VoucherIssued;
    NewsletterSubscribed, VerificationRequested, PasswordResetRequested, QuestionAsked, ChannelConflicted);

/// Queues the e-mail `write` makes of `event`, once per consumer and event.
pub async fn queue_once<M: EventMessage + AboutOrder>(
    db: &Db,
    consumer: &'static str,
    event: Received<M>,
    write: impl FnOnce(&M) -> anyhow::Result<Mail>,
) -> anyhow::Result<()> {
    queue_all_once(db, consumer, event, |m| Ok(vec![write(m)?])).await
}

/// Queues the e-mails `write` makes of `event`, once per consumer and
/// event: the first row's id is the event's, the next ones' `<id>-2`, ….
pub async fn queue_all_once<M: EventMessage + AboutOrder>(
    db: &Db,
    consumer: &'static str,
    event: Received<M>,
    write: impl FnOnce(&M) -> anyhow::Result<Vec<Mail>>,
) -> anyhow::Result<()> {
    let Some(mut tx) = begin_once(db, consumer, &event.id).await? else { return Ok(()) };
    let booking_code = event.message.booking_code();
    for (n, mail) in write(&event.message)?.into_iter().enumerate() {
        let id = if n == 0 { event.id.clone() } else { format!("{}-{}", event.id, n + 1) };
        let now = tx.now_ms();
        store::insert(&mut tx, &id, mail, booking_code, now).await?;
    }
    tx.commit().await?;
    Ok(())
}
