//! Settings a service's administrators change, as the service keeps them:
//! one row per section in its own `settings` table holding the section's
//! values as JSON, and every change a line in `settings_history` (who,
//! when, what). Each service owns its sections, their rules and their
//! first values; this is their storage only.

use std::sync::{Arc, Mutex};

use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::Row;

use crate::cache::Generation;
use crate::db::{Db, Tx};

/// A service's settings as last read, kept in memory until its generation
/// moves (the change's event, or the replica that made the change): every
/// use reads memory, a change is seen by every replica.
pub struct Kept<T> {
    generation: Generation,
    kept: Mutex<Option<(u64, Arc<T>)>>,
}

impl<T> Kept<T> {
    pub fn new(generation: Generation) -> Self {
        Self { generation, kept: Mutex::new(None) }
    }

    /// What was kept in this generation, else `read`'s answer, kept.
    pub async fn get<E>(&self, read: impl Future<Output = Result<T, E>>) -> Result<Arc<T>, E> {
        let generation = self.generation.count();
        if let Some((at, kept)) = self.kept.lock().expect("settings lock").as_ref()
            && *at == generation
        {
            return Ok(kept.clone());
        }
        let current = Arc::new(read.await?);
        *self.kept.lock().expect("settings lock") = Some((generation, current.clone()));
        Ok(current)
    }

    /// This replica made a change: what it kept is stale at once (the
    /// others see the change's event).
    pub fn changed(&self) {
        self.generation.bump();
    }
}

/// A section's values and who last changed them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamped<T> {
    pub value: T,
    /// Unix ms; 0 while the first values hold.
    pub updated_at: i64,
    /// The administrator who changed them last; "" before.
    pub updated_by: String,
}

impl<T> Stamped<T> {
    /// A section's first values, changed by nobody.
    pub fn first(value: T) -> Self {
        Self { value, updated_at: 0, updated_by: String::new() }
    }
}

/// A saved section as read.
pub struct SectionRow {
    pub section: String,
    body: String,
    updated_at: i64,
    updated_by: String,
}

impl SectionRow {
    pub fn parsed<T: DeserializeOwned>(&self) -> Result<Stamped<T>, sqlx::Error> {
        let value = serde_json::from_str(&self.body).map_err(|e| sqlx::Error::Decode(format!("settings {}: {e}", self.section).into()))?;
        Ok(Stamped { value, updated_at: self.updated_at, updated_by: self.updated_by.clone() })
    }
}

/// Every saved section.
pub async fn sections(db: &Db) -> Result<Vec<SectionRow>, sqlx::Error> {
    let rows = sqlx::query("SELECT section, body, updated_at, updated_by FROM settings").fetch_all(db.pool()).await?;
    rows.iter()
        .map(|r| {
            Ok(SectionRow {
                section: r.try_get("section")?,
                body: r.try_get("body")?,
                updated_at: r.try_get("updated_at")?,
                updated_by: r.try_get("updated_by")?,
            })
        })
        .collect()
}

/// The section's new values by `staff`, and the change in its history.
pub async fn save<T: Serialize>(tx: &mut Tx, section: &str, value: &T, staff: &str) -> Result<(), sqlx::Error> {
    let body = serde_json::to_string(value).map_err(|e| sqlx::Error::Encode(e.into()))?;
    let at = tx.now_ms();
    sqlx::query(
        "INSERT INTO settings (section, body, updated_at, updated_by) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (section) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at, updated_by = excluded.updated_by",
    )
    .bind(section)
    .bind(&body)
    .bind(at)
    .bind(staff)
    .execute(&mut **tx)
    .await?;
    sqlx::query("INSERT INTO settings_history (section, at, staff, body) VALUES ($1, $2, $3, $4)")
        .bind(section)
        .bind(at)
        .bind(staff)
        .bind(&body)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
