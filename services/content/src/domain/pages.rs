//! Pages and their editable blocks: what a page is, the sanitizer every
//! block passes when saved and when served, the largest block, and the
//! demo pages (`seed/pages.json`, compiled in).

use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

use serde::Deserialize;

use crate::error::ContentError;

const PAGES_JSON: &str = include_str!("../../seed/pages.json");
/// The largest block an editor may save.
pub const MAX_BLOCK_BYTES: usize = 64 * 1024;
/// Revisions an editor sees.
pub const LISTED_REVISIONS: i64 = 50;

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

/// A block as an editor saves it: not too large, then sanitized.
pub fn block_to_save(html: &str) -> Result<String, ContentError> {
    if html.len() > MAX_BLOCK_BYTES {
        return Err(ContentError::BlockTooLarge);
    }
    Ok(sanitize(html))
}

/// The home page, whose banner's slides are added and removed.
pub const HOME_PAGE: &str = "home";
/// A slide's id starts so (`home-slide-packages`); the blocks that may be
/// added and removed, the others being a page's fixed texts.
pub const SLIDE_PREFIX: &str = "home-slide-";
/// The most slides a banner shows: more is a carousel nobody sees to the end.
pub const MAX_SLIDES: usize = 12;

/// Whether `id` names a slide of the banner.
pub fn is_slide(id: &str) -> bool {
    id.strip_prefix(SLIDE_PREFIX).is_some_and(|rest| !rest.is_empty())
}

/// A new slide's HTML: not empty once sanitized (a slide of nothing shows a
/// blank banner), and not too large.
pub fn slide_to_add(html: &str) -> Result<String, ContentError> {
    let clean = block_to_save(html)?;
    if clean.trim().is_empty() {
        return Err(ContentError::BlockEmpty);
    }
    Ok(clean)
}

/// A new slide's id: random, so two administrators adding at once never
/// take the same one.
pub fn new_slide_id() -> String {
    format!("{SLIDE_PREFIX}{:08x}", rand::random::<u32>())
}

/// A save made from revision `expected` (when it names one) of a block now
/// at `saved` is refused when someone else saved in between.
pub fn check_unchanged(expected: Option<i64>, saved: i64) -> Result<(), ContentError> {
    match expected {
        Some(expected) if expected != saved - 1 => Err(ContentError::BlockChanged { latest: saved - 1 }),
        _ => Ok(()),
    }
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
    /// `(locale, url)` of the same page in every language, this one included.
    pub alternates: Vec<(String, String)>,
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

/// A text per language.
pub type Text = BTreeMap<String, String>;

#[derive(Deserialize)]
pub struct SeedBlock {
    pub id: String,
    pub html: Text,
}

#[derive(Deserialize)]
pub struct SeedPage {
    pub name: String,
    pub urls: Text,
    pub title: Text,
    pub description: Text,
    pub blocks: Vec<SeedBlock>,
}

#[derive(Deserialize)]
pub struct Seed {
    pub pages: Vec<SeedPage>,
}

/// The demo pages.
pub fn seed() -> anyhow::Result<Seed> {
    Ok(serde_json::from_str(PAGES_JSON)?)
}

/// A seed text in language `l`; `what` names it when it is missing.
pub fn seed_text(t: &Text, l: &str, what: &str) -> anyhow::Result<String> {
    t.get(l).cloned().ok_or_else(|| anyhow::anyhow!("{what} has no {l} text"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Locale;

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
        let seed = seed().unwrap();
        let names: Vec<&str> = seed.pages.iter().map(|p| p.name.as_str()).collect();
        for name in ["home", "offer", "regulations", "contact", "reservation-search", "reservation-terms", "reservation-localization"] {
            assert!(names.contains(&name), "{name}");
        }
        for page in &seed.pages {
            for l in Locale::ALL.map(Locale::code) {
                assert!(page.urls.contains_key(l) && page.title.contains_key(l) && page.description.contains_key(l), "{} {l}", page.name);
                assert!(page.blocks.iter().all(|b| b.html.contains_key(l)), "{} {l}", page.name);
                // Search engines read at most about 160 characters of a description.
                assert!(page.description[l].chars().count() <= 160, "{} {l}", page.name);
            }
        }
    }

    #[test]
    fn a_save_from_an_old_revision_is_refused_and_a_large_block_too() {
        assert!(check_unchanged(None, 7).is_ok());
        assert!(check_unchanged(Some(6), 7).is_ok());
        assert!(matches!(check_unchanged(Some(5), 7), Err(ContentError::BlockChanged { latest: 6 })));
        assert!(matches!(block_to_save(&"x".repeat(MAX_BLOCK_BYTES + 1)), Err(ContentError::BlockTooLarge)));
        assert_eq!(block_to_save("<b onclick=\"x()\">hi</b>").unwrap(), "<b>hi</b>");
    }
}
