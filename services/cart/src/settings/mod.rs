//! The settings the guesthouse's administrators change: read by the
//! checkout, the basket's totals and the front desk on every use, kept in
//! memory until a change. A change is one transaction (the section's row,
//! its line in the history, the `cart.settings.changed` event); every
//! replica drops what it kept when the event reaches it, this one at once.

use std::sync::Arc;

use spa_platform::cache::Generation;
use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_platform::settings::{self as store, Kept, Stamped};
use spa_proto::events::SettingsChanged;

use crate::domain::checkout::PaymentMethod;
use crate::domain::settings::{CheckoutRules, PaymentRules};
use crate::error::CartError;

pub const CHECKOUT: &str = "checkout";
pub const PAYMENTS: &str = "payments";

#[derive(Debug, Clone)]
pub struct Current {
    pub checkout: Stamped<CheckoutRules>,
    pub payments: Stamped<PaymentRules>,
}

pub struct Settings {
    db: Db,
    outbox: Outbox,
    /// The deployment's first values (its environment).
    first: Current,
    /// The online providers whose keys are set.
    configured: Vec<PaymentMethod>,
    kept: Kept<Current>,
}

impl Settings {
    pub fn new(
        db: Db,
        outbox: Outbox,
        generation: Generation,
        first: (CheckoutRules, PaymentRules),
        configured: Vec<PaymentMethod>,
    ) -> Self {
        let first = Current { checkout: Stamped::first(first.0), payments: Stamped::first(first.1) };
        Self { db, outbox, first, configured, kept: Kept::new(generation) }
    }

    /// The settings now: kept until a change's event.
    pub async fn current(&self) -> Result<Arc<Current>, CartError> {
        self.kept
            .get(async {
                let mut current = self.first.clone();
                for row in store::sections(&self.db).await? {
                    match row.section.as_str() {
                        CHECKOUT => current.checkout = row.parsed()?,
                        PAYMENTS => current.payments = row.parsed()?,
                        _ => {}
                    }
                }
                Ok(current)
            })
            .await
    }

    pub async fn checkout(&self) -> Result<CheckoutRules, CartError> {
        Ok(self.current().await?.checkout.value)
    }

    /// Whether an online method's provider has its keys.
    pub fn configured(&self, method: PaymentMethod) -> bool {
        self.configured.contains(&method)
    }

    /// The methods a guest is offered now.
    pub async fn offered(&self) -> Result<Vec<PaymentMethod>, CartError> {
        Ok(self.current().await?.payments.value.offered(|m| self.configured(m)))
    }

    pub async fn set_checkout(&self, rules: CheckoutRules, staff: &str) -> Result<Arc<Current>, CartError> {
        rules.check().map_err(|fields| CartError::InvalidFields { code: "invalid_settings", fields })?;
        self.write(CHECKOUT, &rules, staff).await
    }

    pub async fn set_payments(&self, rules: PaymentRules, staff: &str) -> Result<Arc<Current>, CartError> {
        rules.check(|m| self.configured(m)).map_err(|fields| CartError::InvalidFields { code: "invalid_settings", fields })?;
        self.write(PAYMENTS, &rules, staff).await
    }

    async fn write<T: serde::Serialize>(&self, section: &'static str, value: &T, staff: &str) -> Result<Arc<Current>, CartError> {
        let mut tx = self.db.begin().await?;
        store::save(&mut tx, section, value, staff).await?;
        self.outbox.add(&mut tx, &SettingsChanged { section: section.to_owned(), staff: staff.to_owned() }).await?;
        tx.commit().await?;
        self.outbox.wake();
        self.kept.changed();
        self.current().await
    }
}
