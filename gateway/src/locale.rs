//! Locale resolution. API calls name their locale in the `locale` query
//! parameter; pages get theirs from the `/en` prefix, then the configured
//! host map (e.g. `de.localhost` -> `de`), then the default, Polish.

use std::collections::HashMap;

pub const LOCALES: [&str; 3] = ["pl", "de", "en_GB"];
pub const DEFAULT_LOCALE: &str = "pl";

/// Parses `LOCALE_HOSTS`: `host=locale` pairs separated by commas.
pub fn parse_host_map(raw: &str) -> anyhow::Result<HashMap<String, String>> {
    let mut map = HashMap::new();
    for pair in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (host, locale) = pair.split_once('=').ok_or_else(|| anyhow::anyhow!("LOCALE_HOSTS entry {pair:?} is not host=locale"))?;
        if !LOCALES.contains(&locale.trim()) {
            anyhow::bail!("LOCALE_HOSTS entry {pair:?}: locale must be one of pl, de, en_GB");
        }
        map.insert(host.trim().to_ascii_lowercase(), locale.trim().to_owned());
    }
    Ok(map)
}

/// The locale of a page request.
pub fn page_locale<'a>(path: &str, host: Option<&str>, hosts: &'a HashMap<String, String>) -> &'a str {
    if path == "/en" || path.starts_with("/en/") {
        return "en_GB";
    }
    let host = host.map(|h| h.rsplit_once(':').map_or(h, |(name, _)| name).to_ascii_lowercase());
    match host.and_then(|h| hosts.get(&h)) {
        Some(l) => l.as_str(),
        None => DEFAULT_LOCALE,
    }
}

/// The `<html lang>` value (BCP 47) of a locale code.
pub fn html_lang(locale: &str) -> &'static str {
    match locale {
        "de" => "de",
        "en_GB" => "en-GB",
        _ => "pl",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn en_prefix_wins_then_host_then_polish() {
        let hosts = parse_host_map("de.localhost=de, en.localhost=en_GB").unwrap();
        assert_eq!(page_locale("/en/offer/treatments", Some("de.localhost"), &hosts), "en_GB");
        assert_eq!(page_locale("/en", None, &hosts), "en_GB");
        assert_eq!(page_locale("/angebot/behandlungen", Some("de.localhost:8080"), &hosts), "de");
        assert_eq!(page_locale("/oferta/zabiegi/", Some("localhost:8080"), &hosts), "pl");
        assert_eq!(page_locale("/english-tea", None, &hosts), "pl", "only the /en segment counts");
    }

    #[test]
    fn bad_host_map_fails_fast() {
        assert!(parse_host_map("de.localhost").is_err());
        assert!(parse_host_map("de.localhost=fr").is_err());
    }
}
