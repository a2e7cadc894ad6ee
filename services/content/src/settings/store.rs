//! The settings' rows: one per section, its values as JSON, and each
//! change's line in `settings_history`.

use spa_platform::db::{Db, Tx};
use sqlx::Row;

/// A section as saved: its JSON, when and by whom.
pub struct SectionRow {
    pub body: String,
    pub updated_at: i64,
    pub updated_by: String,
}

pub async fn section(db: &Db, section: &str) -> sqlx::Result<Option<SectionRow>> {
    let row =
        sqlx::query("SELECT body, updated_at, updated_by FROM settings WHERE section = $1").bind(section).fetch_optional(db.pool()).await?;
    row.map(|r| Ok(SectionRow { body: r.try_get("body")?, updated_at: r.try_get("updated_at")?, updated_by: r.try_get("updated_by")? }))
        .transpose()
}

/// The section's new values, and the change in its history.
pub async fn save(tx: &mut Tx, section: &str, body: &str, staff: &str) -> sqlx::Result<()> {
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
