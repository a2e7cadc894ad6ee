//! The pages' SQL: pages per path and language, their blocks in order, and
//! every saved revision of a block. HTML comes back as stored; the pages
//! module sanitizes it again before it is served.

use spa_platform::db::{Db, Tx};
use sqlx::Row;

use crate::domain::pages::{Block, Revision};

/// A page without its blocks.
pub struct PageRow {
    pub name: String,
    pub title: String,
    pub description: String,
}

/// A block's latest revision and the path of its page.
pub struct BlockRow {
    pub html: String,
    pub revision: i64,
    pub page_url: String,
}

/// A block just saved: its new revision and its page's name.
pub struct Saved {
    pub revision: i64,
    pub page: String,
}

/// A seeded page, unless it is there (an editor's changes stay).
pub async fn insert_page(tx: &mut Tx, url: &str, locale: &str, name: &str, title: &str, description: &str) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO pages (url, locale, name, title, description) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING")
        .bind(url)
        .bind(locale)
        .bind(name)
        .bind(title)
        .bind(description)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A seeded block at its first revision, unless it is there; whether it was added.
pub async fn insert_block(tx: &mut Tx, id: &str, locale: &str, page: &str, position: i64, html: &str) -> sqlx::Result<bool> {
    let added = sqlx::query(
        "INSERT INTO blocks (id, locale, page, position, html, revision, updated_at) VALUES ($1, $2, $3, $4, $5, 1, 0) ON CONFLICT DO NOTHING",
    )
        .bind(id)
        .bind(locale)
        .bind(page)
        .bind(position)
        .bind(html)
        .execute(&mut **tx)
        .await?;
    Ok(added.rows_affected() == 1)
}

pub async fn insert_revision(tx: &mut Tx, id: &str, locale: &str, revision: i64, html: &str, editor: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO block_revisions (block_id, locale, revision, html, editor_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(id)
        .bind(locale)
        .bind(revision)
        .bind(html)
        .bind(editor)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn page(db: &Db, url: &str, locale: &str) -> sqlx::Result<Option<PageRow>> {
    let row = sqlx::query("SELECT name, title, description FROM pages WHERE url = $1 AND locale = $2")
        .bind(url)
        .bind(locale)
        .fetch_optional(db.pool())
        .await?;
    row.map(|r| Ok(PageRow { name: r.try_get("name")?, title: r.try_get("title")?, description: r.try_get("description")? })).transpose()
}

/// `(locale, url)` of page `name` in every language it exists in.
pub async fn page_urls(db: &Db, name: &str) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT locale, url FROM pages WHERE name = $1 ORDER BY locale").bind(name).fetch_all(db.pool()).await
}

/// A page's blocks in order, as stored.
pub async fn blocks(db: &Db, page: &str, locale: &str) -> sqlx::Result<Vec<Block>> {
    sqlx::query("SELECT id, html, revision FROM blocks WHERE page = $1 AND locale = $2 AND removed_at IS NULL ORDER BY position")
        .bind(page)
        .bind(locale)
        .fetch_all(db.pool())
        .await?
        .iter()
        .map(|r| Ok(Block { id: r.try_get("id")?, html: r.try_get("html")?, revision: r.try_get("revision")? }))
        .collect()
}

pub async fn block(db: &Db, id: &str, locale: &str) -> sqlx::Result<Option<BlockRow>> {
    let row = sqlx::query(
        "SELECT b.html, b.revision, p.url FROM blocks b JOIN pages p ON p.name = b.page AND p.locale = b.locale \
         WHERE b.id = $1 AND b.locale = $2 AND b.removed_at IS NULL",
    )
    .bind(id)
    .bind(locale)
    .fetch_optional(db.pool())
    .await?;
    row.map(|r| Ok(BlockRow { html: r.try_get("html")?, revision: r.try_get("revision")?, page_url: r.try_get("url")? })).transpose()
}

/// A block's latest `limit` revisions, newest first, as stored.
pub async fn revisions(db: &Db, id: &str, locale: &str, limit: i64) -> sqlx::Result<Vec<Revision>> {
    sqlx::query(
        "SELECT revision, html, editor_id, created_at FROM block_revisions WHERE block_id = $1 AND locale = $2 \
         ORDER BY revision DESC LIMIT $3",
    )
    .bind(id)
    .bind(locale)
    .bind(limit)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(|r| {
        Ok(Revision {
            revision: r.try_get("revision")?,
            editor_id: r.try_get("editor_id")?,
            created_at: r.try_get("created_at")?,
            html: r.try_get("html")?,
        })
    })
    .collect()
}

pub async fn revision_html(db: &Db, id: &str, locale: &str, revision: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT html FROM block_revisions WHERE block_id = $1 AND locale = $2 AND revision = $3")
        .bind(id)
        .bind(locale)
        .bind(revision)
        .fetch_optional(db.pool())
        .await
}

/// Writes a block's next revision; `None` when there is no such block.
pub async fn save_block(tx: &mut Tx, id: &str, locale: &str, html: &str, now: i64) -> sqlx::Result<Option<Saved>> {
    let row = sqlx::query(
        "UPDATE blocks SET html = $3, revision = revision + 1, updated_at = $4 WHERE id = $1 AND locale = $2 AND removed_at IS NULL \
         RETURNING revision, page",
    )
    .bind(id)
    .bind(locale)
    .bind(html)
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?;
    row.map(|r| Ok(Saved { revision: r.try_get("revision")?, page: r.try_get("page")? })).transpose()
}

pub async fn page_url(tx: &mut Tx, page: &str, locale: &str) -> sqlx::Result<String> {
    sqlx::query_scalar("SELECT url FROM pages WHERE name = $1 AND locale = $2").bind(page).bind(locale).fetch_one(&mut **tx).await
}

/// The page's blocks whose id starts with `prefix`, in every language, not removed.
pub async fn count_blocks(tx: &mut Tx, page: &str, prefix: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(DISTINCT id) FROM blocks WHERE page = $1 AND removed_at IS NULL AND id LIKE $2")
        .bind(page)
        .bind(format!("{prefix}%"))
        .fetch_one(&mut **tx)
        .await
}

/// A block added by an editor in `locale`, after the page's other blocks, at its first revision.
pub async fn add_block(tx: &mut Tx, id: &str, locale: &str, page: &str, html: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO blocks (id, locale, page, position, html, revision, updated_at) \
         VALUES ($1, $2, $3, (SELECT COALESCE(MAX(position), -1) + 1 FROM blocks WHERE page = $3 AND locale = $2), $4, 1, $5)",
    )
    .bind(id)
    .bind(locale)
    .bind(page)
    .bind(html)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Takes a block off its page in every language; its page, if it was there.
pub async fn remove_block(tx: &mut Tx, id: &str, now: i64) -> sqlx::Result<Option<String>> {
    let pages: Vec<String> =
        sqlx::query_scalar("UPDATE blocks SET removed_at = $2, updated_at = $2 WHERE id = $1 AND removed_at IS NULL RETURNING page")
            .bind(id)
            .bind(now)
            .fetch_all(&mut **tx)
            .await?;
    Ok(pages.into_iter().next())
}
