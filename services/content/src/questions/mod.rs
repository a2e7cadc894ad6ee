//! Questions about a product (the product page's inquiry form): checked by
//! the rules of the form (`domain::questions`), stored with their event in
//! one transaction; the event's consumer e-mails them (`events`).

pub mod store;

use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_proto::spa::content::v1::ProductQuestion;

use crate::domain::questions::accept;
use crate::error::ContentError;

/// Stores a question and its event; the id.
pub async fn ask(db: &Db, outbox: &Outbox, q: ProductQuestion) -> Result<String, ContentError> {
    let event = accept(&q)?;
    let mut tx = db.begin().await?;
    let now = tx.now_ms();
    store::insert(&mut tx, &event, now).await?;
    outbox.add(&mut tx, &event).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(event.id)
}
