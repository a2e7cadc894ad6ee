//! Pages and their editable blocks.
//!
//! - A page is found by its path in a language; it has a title, a meta
//!   description and its blocks in order. The demo pages (`seed/pages.json`,
//!   compiled in) are loaded at start: what the store lacks is added, what
//!   an editor changed stays.
//! - A block's HTML is sanitized with ammonia when it is saved and again
//!   when it is served: no scripts, no event handlers, no `style`, links and
//!   images only to `http`, `https`, `mailto`, `tel` or the shop's own
//!   paths, every link `rel="noopener noreferrer"`.
//! - Every save is a new revision (the old ones kept, newest first); a
//!   restore saves an old revision's HTML as a new one. A save that names
//!   the revision it was made from is refused when another save came in
//!   between (`block_changed`), so two editors never overwrite each other
//!   unseen. Each save emits `content.block.changed`.
//! - The home page's banner slides (`home-slide-*`) are added (last, in
//!   every language, up to twelve) and removed (in every language); a
//!   removed one keeps its row, so the demo content never brings it back.
//!   Each emits `content.block.changed` for the home page in every language.

pub mod store;

use spa_platform::db::Db;
use spa_platform::outbox::Outbox;

use crate::domain::pages::{self as rules, Block, History, Page, Revision, sanitize, seed_text};
use crate::domain::{Locale, locale};
use crate::error::ContentError;
use crate::events;
use spa_platform::db::Tx;

/// Loads the demo pages and blocks the store lacks, in one transaction: a
/// block added to the seed reaches a running shop; one an editor changed
/// keeps the editor's text. Replicas starting together add each once.
pub async fn load_seed(db: &Db) -> anyhow::Result<()> {
    let seed = rules::seed()?;
    let mut tx = db.begin().await?;
    for page in &seed.pages {
        for l in Locale::ALL.map(Locale::code) {
            let (url, title, description) = (
                seed_text(&page.urls, l, &page.name)?,
                seed_text(&page.title, l, &page.name)?,
                seed_text(&page.description, l, &page.name)?,
            );
            store::insert_page(&mut tx, &url, l, &page.name, &title, &description).await?;
            for (position, block) in page.blocks.iter().enumerate() {
                let html = sanitize(&seed_text(&block.html, l, &block.id)?);
                if store::insert_block(&mut tx, &block.id, l, &page.name, position as i64, &html).await? {
                    store::insert_revision(&mut tx, &block.id, l, 1, &html, "", 0).await?;
                }
            }
        }
    }
    tx.commit().await?;
    Ok(())
}

/// The page at `url` in `locale`, with its blocks in order.
pub async fn page(db: &Db, url: &str, locale_code: &str) -> Result<Page, ContentError> {
    let l = locale(locale_code)?.code();
    let row = store::page(db, url, l).await?.ok_or(ContentError::PageNotFound)?;
    let blocks = store::blocks(db, &row.name, l).await?.into_iter().map(|b| Block { html: sanitize(&b.html), ..b }).collect();
    let alternates = store::page_urls(db, &row.name).await?;
    Ok(Page {
        url: url.to_owned(),
        locale: l.to_owned(),
        name: row.name,
        title: row.title,
        description: row.description,
        blocks,
        alternates,
    })
}

/// A block in `locale` with its latest revisions.
pub async fn history(db: &Db, id: &str, locale_code: &str) -> Result<History, ContentError> {
    let l = locale(locale_code)?.code();
    let row = store::block(db, id, l).await?.ok_or(ContentError::BlockNotFound)?;
    let revisions = store::revisions(db, id, l, rules::LISTED_REVISIONS)
        .await?
        .into_iter()
        .map(|r| Revision { html: sanitize(&r.html), ..r })
        .collect();
    Ok(History { block: Block { id: id.to_owned(), html: sanitize(&row.html), revision: row.revision }, page_url: row.page_url, revisions })
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
) -> Result<History, ContentError> {
    let l = locale(locale_code)?.code();
    let clean = rules::block_to_save(html)?;
    let now = db.now_ms();
    let mut tx = db.begin().await?;
    // The write first: it takes the row (and SQLite's write lock) at once.
    let saved = store::save_block(&mut tx, id, l, &clean, now).await?.ok_or(ContentError::BlockNotFound)?;
    rules::check_unchanged(expected, saved.revision)?;
    store::insert_revision(&mut tx, id, l, saved.revision, &clean, editor, now).await?;
    let url = store::page_url(&mut tx, &saved.page, l).await?;
    outbox.add(&mut tx, &events::block_changed(id, l, url)).await?;
    tx.commit().await?;
    outbox.wake();
    tracing::info!(block = id, locale = l, revision = saved.revision, editor, "block saved");
    history(db, id, l).await
}

/// Saves revision `revision`'s HTML as the block's next revision.
pub async fn restore(db: &Db, outbox: &Outbox, id: &str, locale_code: &str, revision: i64, editor: &str) -> Result<History, ContentError> {
    let l = locale(locale_code)?.code();
    let html = store::revision_html(db, id, l, revision).await?.ok_or(ContentError::RevisionNotFound)?;
    save(db, outbox, id, l, &html, editor, None).await
}

/// Adds a slide with `html` to the home page's banner, last, in every language.
pub async fn add_slide(db: &Db, outbox: &Outbox, locale_code: &str, html: &str, editor: &str) -> Result<History, ContentError> {
    let l = locale(locale_code)?.code();
    let clean = rules::slide_to_add(html)?;
    let id = rules::new_slide_id();
    let now = db.now_ms();
    let mut tx = db.begin().await?;
    let slides = store::count_blocks(&mut tx, rules::HOME_PAGE, rules::SLIDE_PREFIX).await?;
    if slides >= rules::MAX_SLIDES as i64 {
        return Err(ContentError::TooManySlides { max: rules::MAX_SLIDES });
    }
    for other in Locale::ALL.map(Locale::code) {
        store::add_block(&mut tx, &id, other, rules::HOME_PAGE, &clean, now).await?;
        store::insert_revision(&mut tx, &id, other, 1, &clean, editor, now).await?;
    }
    home_changed(&mut tx, outbox, &id).await?;
    tx.commit().await?;
    outbox.wake();
    tracing::info!(block = %id, editor, "slide added");
    history(db, &id, l).await
}

/// Takes slide `id` off the home page's banner in every language.
pub async fn remove_slide(db: &Db, outbox: &Outbox, id: &str, editor: &str) -> Result<(), ContentError> {
    if !rules::is_slide(id) {
        return Err(ContentError::BlockNotFound);
    }
    let mut tx = db.begin().await?;
    store::remove_block(&mut tx, id, db.now_ms()).await?.ok_or(ContentError::BlockNotFound)?;
    home_changed(&mut tx, outbox, id).await?;
    tx.commit().await?;
    outbox.wake();
    tracing::info!(block = id, editor, "slide removed");
    Ok(())
}

/// `content.block.changed` for the home page in every language: caches of it drop.
async fn home_changed(tx: &mut Tx, outbox: &Outbox, id: &str) -> Result<(), ContentError> {
    for l in Locale::ALL.map(Locale::code) {
        let url = store::page_url(tx, rules::HOME_PAGE, l).await?;
        outbox.add(tx, &events::block_changed(id, l, url)).await?;
    }
    Ok(())
}
