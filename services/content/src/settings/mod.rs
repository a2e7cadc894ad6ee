//! The guesthouse's details (domain/settings.rs): read by the contact page
//! on every visit, kept in memory until a change. A change is one
//! transaction (the row, its line in the history, the
//! `content.guesthouse.changed` event); every replica drops what it kept
//! when the event reaches it, this one at once.

use std::sync::Arc;

use spa_platform::cache::Generation;
use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_platform::settings::{self as store, Kept};
use spa_proto::events::GuesthouseChanged;

use crate::domain::settings::{FIRST, GuesthouseDetails};
use crate::error::ContentError;

const GUESTHOUSE: &str = "guesthouse";

/// The details and who last changed them.
pub type Stamped = spa_platform::settings::Stamped<GuesthouseDetails>;

pub struct Settings {
    db: Db,
    outbox: Outbox,
    kept: Kept<Stamped>,
}

impl Settings {
    pub fn new(db: Db, outbox: Outbox, generation: Generation) -> Self {
        Self { db, outbox, kept: Kept::new(generation) }
    }

    /// The details now: kept until a change's event.
    pub async fn guesthouse(&self) -> Result<Arc<Stamped>, ContentError> {
        self.kept
            .get(async {
                let saved = store::sections(&self.db).await?.into_iter().find(|row| row.section == GUESTHOUSE);
                Ok(match saved {
                    Some(row) => row.parsed()?,
                    None => Stamped::first(FIRST.clone()),
                })
            })
            .await
    }

    /// The guesthouse's name and reception e-mail, the house its e-mails
    /// speak for (their sender, the address its own copies go to); none
    /// while the details give no valid address.
    pub async fn reception(&self) -> Option<(String, String)> {
        let house = self.guesthouse().await.ok()?;
        let email = house.value.reception.email.trim();
        spa_platform::email::is_valid(email).then(|| (house.value.name.trim().to_owned(), email.to_owned()))
    }

    pub async fn set_guesthouse(&self, details: GuesthouseDetails, staff: &str) -> Result<Arc<Stamped>, ContentError> {
        let details = details.trimmed();
        details.check().map_err(ContentError::InvalidSettings)?;
        let mut tx = self.db.begin().await?;
        store::save(&mut tx, GUESTHOUSE, &details, staff).await?;
        self.outbox.add(&mut tx, &GuesthouseChanged { staff: staff.to_owned() }).await?;
        tx.commit().await?;
        self.outbox.wake();
        self.kept.changed();
        self.guesthouse().await
    }
}
