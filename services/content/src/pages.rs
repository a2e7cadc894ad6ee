//! Pages and their editable blocks.
//!
//! - A page is found by its path in a language; it has a title, a meta
//!   description and its blocks in order. The demo pages (`seed/pages.json`,
//!   compiled in) are loaded once into an empty store.
//! - A block's HTML is sanitized with ammonia when it is saved and again
//!   when it is served: no scripts, no event handlers, no `style`, links and
//!   images only to `http`, `https`, `mailto`, `tel` or the shop's own
//!   paths, every link `rel="noopener noreferrer"`.
//! - Every save is a new revision (the old ones kept, newest first); a
//!   restore saves an old revision's HTML as a new one. A save that names
//!   the revision it was made from is refused when another save came in
//!   between (`block_changed`), so two editors never overwrite each other
//!   unseen. Each save emits `content.block.changed`.

use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

use serde::Deserialize;
use spa_platform::db::{Db, Tx};
use spa_platform::errors;
use spa_platform::outbox::Outbox;
use spa_proto::events::BlockChanged;
use sqlx::Row;
use tonic::{Code, Status};

const PAGES_JSON: &str = include_str!("../seed/pages.json");
pub const LOCALES: [&str; 3] = ["pl", "de", "en_GB"];

/// The language an e-mail or answer is written in: the one asked for when
/// the shop speaks it, Polish otherwise.
pub fn language(code: &str) -> &'static str {
    LOCALES.iter().copied().find(|l| *l == code).unwrap_or("pl")
}
/// The largest block an editor may save.
pub const MAX_BLOCK_BYTES: usize = 64 * 1024;
/// Revisions an editor sees.
const LISTED_REVISIONS: i64 = 50;

#[derive(Debug, thiserror::Error)]
pub enum PageError {
    #[error("locale must be pl, de or en_GB")]
    InvalidLocale,
    #[error("no page at this path in this language")]
    PageNotFound,
    #[error("no block with this id in this language")]
    BlockNotFound,
    #[error("no such revision of this block")]
    RevisionNotFound,
    #[error("html: at most 64 KiB")]
    TooLarge,
    #[error("the block was saved by someone else meanwhile (revision {latest}); reload it")]
    Changed { latest: i64 },
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl From<PageError> for Status {
    fn from(e: PageError) -> Self {
        let message = e.to_string();
        match e {
            PageError::InvalidLocale => errors::invalid("invalid_locale", message.clone(), &[("locale", message.as_str())]),
            PageError::PageNotFound => errors::with_details(Code::NotFound, "page_not_found", message, &[("url", "no such page")]),
            PageError::BlockNotFound => errors::with_details(Code::NotFound, "block_not_found", message, &[("id", "no such block")]),
            PageError::RevisionNotFound => {
                errors::with_details(Code::NotFound, "revision_not_found", message, &[("revision", "no such revision")])
            }
            PageError::TooLarge => errors::invalid("invalid_html", message.clone(), &[("html", message.as_str())]),
            PageError::Changed { latest } => {
                errors::with_args(Code::Aborted, "block_changed", message, &[], &[("revision", &latest.to_string())])
            }
            PageError::Db(db) => errors::db(db),
        }
    }
}

fn locale(l: &str) -> Result<&str, PageError> {
    LOCALES.iter().copied().find(|x| *x == l).ok_or(PageError::InvalidLocale)
}

/// The sanitizer: the tags of rich text, and nothing that runs.
fn cleaner() -> &'static ammonia::Builder<'static> {
    static CLEANER: OnceLock<ammonia::Builder<'static>> = OnceLock::new();
    CLEANER.get_or_init(|| {
        let mut b = ammonia::Builder::default();
        b.url_schemes(HashSet::from(["http", "https", "mailto", "tel"]))
            .url_relative(ammonia::UrlRelative::PassThrough)
            .link_rel(Some("noopener noreferrer"))
            .add_tags(["figure", "figcaption"]);
        b
    })
}

/// `html` as it may be shown.
pub fn sanitize(html: &str) -> String {
    cleaner().clean(html).to_string()
}

pub struct Block {
    pub id: String,
    pub html: String,
    pub revision: i64,
}

pub struct Page {
    pub url: String,
    pub locale: String,
    pub name: String,
    pub title: String,
    pub description: String,
    pub blocks: Vec<Block>,
}

pub struct Revision {
    pub revision: i64,
    pub editor_id: String,
    pub created_at: i64,
    pub html: String,
}

pub struct History {
    pub block: Block,
    pub page_url: String,
    pub revisions: Vec<Revision>,
}

type Text = BTreeMap<String, String>;

#[derive(Deserialize)]
struct SeedBlock {
    id: String,
    html: Text,
}

#[derive(Deserialize)]
struct SeedPage {
    name: String,
    urls: Text,
    title: Text,
    description: Text,
    blocks: Vec<SeedBlock>,
}

#[derive(Deserialize)]
struct Seed {
    pages: Vec<SeedPage>,
}

/// Loads the demo pages into an empty store, in one transaction.
pub async fn load_if_empty(db: &Db) -> anyhow::Result<()> {
    let seed: Seed = serde_json::from_str(PAGES_JSON)?;
    let mut tx = db.begin().await?;
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pages").fetch_one(&mut *tx).await?;
    if count > 0 {
        return Ok(());
    }
    let text = |t: &Text, l: &str, what: &str| t.get(l).cloned().ok_or_else(|| anyhow::anyhow!("{what} has no {l} text"));
    for page in &seed.pages {
        for l in LOCALES {
            sqlx::query("INSERT INTO pages (url, locale, name, title, description) VALUES ($1, $2, $3, $4, $5)")
                .bind(text(&page.urls, l, &page.name)?)
                .bind(l)
                .bind(&page.name)
                .bind(text(&page.title, l, &page.name)?)
                .bind(text(&page.description, l, &page.name)?)
                .execute(&mut *tx)
                .await?;
            for (position, block) in page.blocks.iter().enumerate() {
                let html = sanitize(&text(&block.html, l, &block.id)?);
                sqlx::query(
                    "INSERT INTO blocks (id, locale, page, position, html, revision, updated_at) VALUES ($1, $2, $3, $4, $5, 1, 0)",
                )
                .bind(&block.id)
                .bind(l)
                .bind(&page.name)
                .bind(position as i64)
                .bind(&html)
                .execute(&mut *tx)
                .await?;
                insert_revision(&mut tx, &block.id, l, 1, &html, "", 0).await?;
            }
        }
    }
    tx.commit().await?;
    Ok(())
}

async fn insert_revision(tx: &mut Tx, id: &str, locale: &str, revision: i64, html: &str, editor: &str, now: i64) -> sqlx::Result<()> {
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

/// The page at `url` in `locale`, with its blocks in order.
pub async fn page(db: &Db, url: &str, locale_code: &str) -> Result<Page, PageError> {
    let l = locale(locale_code)?;
    let row = sqlx::query("SELECT name, title, description FROM pages WHERE url = $1 AND locale = $2")
        .bind(url)
        .bind(l)
        .fetch_optional(db.pool())
        .await?
        .ok_or(PageError::PageNotFound)?;
    let name: String = row.try_get("name")?;
    let blocks = sqlx::query("SELECT id, html, revision FROM blocks WHERE page = $1 AND locale = $2 ORDER BY position")
        .bind(&name)
        .bind(l)
        .fetch_all(db.pool())
        .await?
        .iter()
        .map(|r| -> sqlx::Result<Block> {
            let html: String = r.try_get("html")?;
            Ok(Block { id: r.try_get("id")?, html: sanitize(&html), revision: r.try_get("revision")? })
        })
        .collect::<sqlx::Result<_>>()?;
    Ok(Page {
        url: url.to_owned(),
        locale: l.to_owned(),
        name,
        title: row.try_get("title")?,
        description: row.try_get("description")?,
        blocks,
    })
}

/// A block in `locale` with its latest revisions.
pub async fn history(db: &Db, id: &str, locale_code: &str) -> Result<History, PageError> {
    let l = locale(locale_code)?;
    let row = sqlx::query(
        "SELECT b.html, b.revision, p.url FROM blocks b JOIN pages p ON p.name = b.page AND p.locale = b.locale \
         WHERE b.id = $1 AND b.locale = $2",
    )
    .bind(id)
    .bind(l)
    .fetch_optional(db.pool())
    .await?
    .ok_or(PageError::BlockNotFound)?;
    let revisions = sqlx::query(
        "SELECT revision, html, editor_id, created_at FROM block_revisions WHERE block_id = $1 AND locale = $2 \
         ORDER BY revision DESC LIMIT $3",
    )
    .bind(id)
    .bind(l)
    .bind(LISTED_REVISIONS)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(|r| -> sqlx::Result<Revision> {
        let html: String = r.try_get("html")?;
        Ok(Revision {
            revision: r.try_get("revision")?,
            editor_id: r.try_get("editor_id")?,
            created_at: r.try_get("created_at")?,
            html: sanitize(&html),
        })
    })
    .collect::<sqlx::Result<_>>()?;
    let html: String = row.try_get("html")?;
    Ok(History {
        block: Block { id: id.to_owned(), html: sanitize(&html), revision: row.try_get("revision")? },
        page_url: row.try_get("url")?,
        revisions,
    })
}

/// Saves `html`, sanitized, as the block's next revision.
pub async fn save(
    db: &Db,
    outbox: &Outbox,
    id: &str,
    locale_code: &str,
    html: &str,
    editor: &str,
    expected: Option<i64>,
) -> Result<History, PageError> {
    let l = locale(locale_code)?;
    if html.len() > MAX_BLOCK_BYTES {
        return Err(PageError::TooLarge);
    }
    let clean = sanitize(html);
    let now = db.now_ms();
    let mut tx = db.begin().await?;
    // The write first: it takes the row (and SQLite's write lock) at once.
    let row = sqlx::query(
        "UPDATE blocks SET html = $3, revision = revision + 1, updated_at = $4 WHERE id = $1 AND locale = $2 RETURNING revision, page",
    )
    .bind(id)
    .bind(l)
    .bind(&clean)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or(PageError::BlockNotFound)?;
    let revision: i64 = row.try_get("revision")?;
    if let Some(expected) = expected
        && expected != revision - 1
    {
        return Err(PageError::Changed { latest: revision - 1 });
    }
    let page: String = row.try_get("page")?;
    insert_revision(&mut tx, id, l, revision, &clean, editor, now).await?;
    let url: String =
        sqlx::query_scalar("SELECT url FROM pages WHERE name = $1 AND locale = $2").bind(&page).bind(l).fetch_one(&mut *tx).await?;
    outbox.add(&mut tx, &BlockChanged { id: id.to_owned(), locale: l.to_owned(), page_url: url }).await?;
    tx.commit().await?;
    outbox.wake();
    tracing::info!(block = id, locale = l, revision, editor, "block saved");
    history(db, id, l).await
}

/// Saves revision `revision`'s HTML as the block's next revision.
pub async fn restore(db: &Db, outbox: &Outbox, id: &str, locale_code: &str, revision: i64, editor: &str) -> Result<History, PageError> {
    let l = locale(locale_code)?;
    let html: String = sqlx::query_scalar("SELECT html FROM block_revisions WHERE block_id = $1 AND locale = $2 AND revision = $3")
        .bind(id)
        .bind(l)
        .bind(revision)
        .fetch_optional(db.pool())
        .await?
        .ok_or(PageError::RevisionNotFound)?;
    save(db, outbox, id, l, &html, editor, None).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_handlers_javascript_urls_and_styles_are_removed() {
        let dirty = r#"<h2 onclick="steal()">Hi</h2><script>alert(1)</script><p style="position:fixed">text</p>
            <a href="javascript:alert(1)">x</a><a href="/oferta">ok</a><img src="x" onerror="alert(1)">
            <style>body{display:none}</style><iframe src="https://evil.example"></iframe><a href="https://spa.example">out</a>"#;
        let clean = sanitize(dirty);
        for gone in ["onclick", "<script", "alert(1)", "style=", "javascript:", "onerror", "<style", "display:none", "<iframe"] {
            assert!(!clean.contains(gone), "{gone} left in {clean}");
        }
        assert!(clean.contains("<h2>Hi</h2>") && clean.contains("text"), "{clean}");
        assert!(clean.contains(r#"<a href="/oferta" rel="noopener noreferrer">ok</a>"#), "{clean}");
        assert!(clean.contains(r#"href="https://spa.example""#), "{clean}");
    }

    #[test]
    fn the_demo_pages_exist_in_every_language() {
        let seed: Seed = serde_json::from_str(PAGES_JSON).unwrap();
        let names: Vec<&str> = seed.pages.iter().map(|p| p.name.as_str()).collect();
        for name in ["home", "offer", "regulations", "contact", "reservation-search", "reservation-terms", "reservation-localization"] {
            assert!(names.contains(&name), "{name}");
        }
        for page in &seed.pages {
            for l in LOCALES {
                assert!(page.urls.contains_key(l) && page.title.contains_key(l) && page.description.contains_key(l), "{} {l}", page.name);
                assert!(page.blocks.iter().all(|b| b.html.contains_key(l)), "{} {l}", page.name);
                // Search engines read at most about 160 characters of a description.
                assert!(page.description[l].chars().count() <= 160, "{} {l}", page.name);
            }
        }
    }
}
