//! The settings' rows: one per section, its values as JSON, and each
//! change's line in `settings_history`.

use serde::de::DeserializeOwned;
use spa_platform::db::{Db, Tx};
use sqlx::Row;

use super::Stamped;

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

/// The section's new values, and the change in its history.
pub async fn save(tx: &mut Tx, section: &str, body: &str, staff: &str) -> Result<(), sqlx::Error> {
    let at = tx.now_ms();
    sqlx::query(
        "INSERT INTO settings (section, body, updated_at, updated_by) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (section) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at, updated_by = excluded.updated_by",
    )
    .bind(section)
    .bind(body)
    .bind(at)
    .bind(staff)
    .execute(&mut **tx)
    .await?;
    sqlx::query("INSERT INTO settings_history (section, at, staff, body) VALUES ($1, $2, $3, $4)")
        .bind(section)
        .bind(at)
        .bind(staff)
        .bind(body)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
