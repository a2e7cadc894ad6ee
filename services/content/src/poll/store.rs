//! The poll's SQL: one vote per (poll, visitor), by the table's key.

use std::collections::HashMap;

use spa_platform::db::Db;
use sqlx::Row;

/// Votes per option of a poll.
pub async fn counts(db: &Db, poll: &str) -> sqlx::Result<HashMap<String, i64>> {
    sqlx::query("SELECT option_code, COUNT(*) AS n FROM poll_votes WHERE poll = $1 GROUP BY option_code")
        .bind(poll)
        .fetch_all(db.pool())
        .await?
        .iter()
        .map(|r| Ok((r.try_get("option_code")?, r.try_get("n")?)))
        .collect()
}

/// The option a visitor voted for.
pub async fn vote_of(db: &Db, poll: &str, visitor: &str) -> sqlx::Result<Option<String>> {
    sqlx::query("SELECT option_code FROM poll_votes WHERE poll = $1 AND visitor = $2")
        .bind(poll)
        .bind(visitor)
        .fetch_optional(db.pool())
        .await?
        .map(|r| r.try_get("option_code"))
        .transpose()
}

/// Records a vote; false when the visitor voted already.
pub async fn vote(db: &Db, poll: &str, visitor: &str, option: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO poll_votes (poll, visitor, option_code, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (poll, visitor) DO NOTHING",
    )
    .bind(poll)
    .bind(visitor)
    .bind(option)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}
