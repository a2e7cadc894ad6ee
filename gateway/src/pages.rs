//! The app's page paths, so that a path no page answers is a 404.
//!
//! The web build writes `routes.json` next to `index.html`: for each locale
//! the path patterns its router registers, generated from the route table
//! (`web/src/config/paths.ts`), e.g.
//! `{"pl": ["/", "/oferta/zabiegi/", "/oferta/zabiegi/:slug", ...], "de": [...], "en_GB": [...]}`.
//! A pattern is literal segments and `:name` segments that stand for any one
//! non-empty segment (a product's slug). Matching follows the app's router:
//! segments are percent-decoded, letters compare case-insensitively and
//! trailing slashes do not count.

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;
use percent_encoding::percent_decode_str;

use crate::i18n::Locale;

/// The manifest's file name inside the built app.
pub const MANIFEST: &str = "routes.json";

#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    Literal(String),
    Param,
}

/// The page patterns of each locale.
#[derive(Clone, Debug, Default)]
pub struct PageRoutes {
    by_locale: HashMap<Locale, Vec<Vec<Segment>>>,
}

/// A path's segments: the leading slash and any trailing ones dropped;
/// empty segments inside (`//`) are kept, and match nothing.
fn segments(path: &str) -> Vec<&str> {
    let trimmed = path.trim_end_matches('/');
    match trimmed.strip_prefix('/') {
        Some(rest) => rest.split('/').collect(),
        None if trimmed.is_empty() => Vec::new(),
        None => trimmed.split('/').collect(),
    }
}

fn compile(pattern: &str) -> anyhow::Result<Vec<Segment>> {
    anyhow::ensure!(pattern.starts_with('/'), "pattern {pattern:?} does not start with /");
    segments(pattern)
        .into_iter()
        .map(|s| match s.strip_prefix(':') {
            Some(name) if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') => {
                Ok(Segment::Param)
            }
            _ if s.is_empty() || s.contains(['*', '?', ':']) => anyhow::bail!("pattern {pattern:?}: unsupported segment {s:?}"),
            _ => Ok(Segment::Literal(s.to_ascii_lowercase())),
        })
        .collect()
}

impl PageRoutes {
    /// Parses the manifest; a locale it does not know or a pattern it cannot
    /// match is an error, so a broken build fails at start.
    pub fn parse(json: &str) -> anyhow::Result<Self> {
        let raw: HashMap<String, Vec<String>> = serde_json::from_str(json).context("routes manifest is not {locale: [pattern]}")?;
        let mut by_locale = HashMap::new();
        for (locale, patterns) in raw {
            let locale = Locale::parse(&locale).ok_or_else(|| anyhow::anyhow!("routes manifest: unknown locale {locale:?}"))?;
            by_locale.insert(locale, patterns.iter().map(|p| compile(p)).collect::<anyhow::Result<Vec<_>>>()?);
        }
        Ok(Self { by_locale })
    }

    /// The manifest of the built app in `dist`; `None` when it has none (an
    /// app built before manifests, or none at all): then every path is a page.
    pub fn load(dist: &Path) -> anyhow::Result<Option<Self>> {
        let path = dist.join(MANIFEST);
        match std::fs::read_to_string(&path) {
            Ok(json) => Self::parse(&json).with_context(|| format!("reading {}", path.display())).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
        }
    }

    /// Whether a page of `locale` answers `path` (without its query).
    pub fn matches(&self, locale: Locale, path: &str) -> bool {
        let path = segments(path);
        self.by_locale.get(&locale).is_some_and(|patterns| {
            patterns.iter().any(|pattern| {
                pattern.len() == path.len()
                    && pattern.iter().zip(&path).all(|(want, got)| match want {
                        Segment::Param => !got.is_empty(),
                        Segment::Literal(text) => text.eq_ignore_ascii_case(&percent_decode_str(got).decode_utf8_lossy()),
                    })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn routes() -> PageRoutes {
        PageRoutes::parse(
            r#"{
                "pl": ["/", "/oferta/zabiegi/", "/oferta/zabiegi/:slug", "/oferta/vouchery", "/basket/items"],
                "de": ["/", "/angebot/behandlungen", "/angebot/behandlungen/:slug"],
                "en_GB": ["/", "/en", "/en/offer/treatments", "/en/offer/treatments/:slug"]
            }"#,
        )
        .unwrap()
    }

    #[test]
    fn pages_of_the_locale_match() {
        let r = routes();
        for (locale, path) in [
            ("pl", "/"),
            ("pl", "/oferta/zabiegi/"),
            ("pl", "/oferta/zabiegi"),
            ("pl", "/oferta/vouchery/"),
            ("pl", "/basket/items"),
            ("de", "/angebot/behandlungen"),
            ("en_GB", "/en"),
            ("en_GB", "/en/"),
            ("en_GB", "/en/offer/treatments"),
        ] {
            assert!(r.matches(Locale::parse(locale).unwrap(), path), "{locale} {path}");
        }
    }

    #[test]
    fn a_slug_matches_any_one_segment() {
        let r = routes();
        assert!(r.matches(Locale::Pl, "/oferta/zabiegi/masaz-goracymi-kamieniami"));
        assert!(r.matches(Locale::Pl, "/oferta/zabiegi/masaz-goracymi-kamieniami/"));
        assert!(r.matches(Locale::De, "/angebot/behandlungen/hot-stone-massage"));
        assert!(r.matches(Locale::EnGb, "/en/offer/treatments/hot%20stone"));
        assert!(!r.matches(Locale::Pl, "/oferta/zabiegi/masaz/extra"), "one segment only");
        assert!(r.matches(Locale::Pl, "/oferta/zabiegi//"), "trailing slashes make no slug: the listing");
    }

    #[test]
    fn letters_compare_case_insensitively_and_decoded() {
        assert!(routes().matches(Locale::Pl, "/Oferta/ZABIEGI/"));
        assert!(routes().matches(Locale::Pl, "/oferta/zabi%65gi/"));
    }

    #[test]
    fn unknown_paths_and_other_locales_paths_do_not_match() {
        let r = routes();
        for (locale, path) in [
            ("pl", "/oferta/nie-ma-takiej-strony"),
            ("pl", "/oferta"),
            ("pl", "/angebot/behandlungen"),
            ("de", "/oferta/zabiegi/"),
            ("en_GB", "/en/offer"),
            ("pl", "/oferta//zabiegi/"),
            ("pl", "/basket/items/x"),
        ] {
            assert!(!r.matches(Locale::parse(locale).unwrap(), path), "{locale} {path}");
        }
    }

    #[test]
    fn a_broken_manifest_is_refused() {
        assert!(PageRoutes::parse("[]").is_err());
        assert!(PageRoutes::parse(r#"{"fr": ["/"]}"#).is_err());
        assert!(PageRoutes::parse(r#"{"pl": ["oferta"]}"#).is_err());
        assert!(PageRoutes::parse(r#"{"pl": ["/oferta/*"]}"#).is_err());
        assert!(PageRoutes::parse(r#"{"pl": ["/oferta/:slug?"]}"#).is_err());
        assert!(PageRoutes::parse(r#"{"pl": ["/oferta/:"]}"#).is_err());
    }

    #[test]
    fn a_missing_manifest_is_none() {
        let dir = std::env::temp_dir().join(format!("spa-pages-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(PageRoutes::load(&dir).unwrap().is_none());
        std::fs::write(dir.join(MANIFEST), r#"{"pl": ["/"]}"#).unwrap();
        let loaded = PageRoutes::load(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(loaded.unwrap().unwrap().matches(Locale::Pl, "/"));
    }
}
