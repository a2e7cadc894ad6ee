//! Where each language's pages are. API calls name their locale in the
//! `locale` query parameter; pages get theirs from the `/en` prefix, then
//! the configured host map (`LOCALE_HOSTS`, by default `de.localhost` ->
//! `de`), then the default, Polish. The gateway links pages to their
//! equivalents with it, and the e-mails link to pages in their language.
//!
//! German paths coincide with Polish ones, so German pages need a host of
//! their own; English pages live under `/en` on the Polish host unless a host
//! is mapped to `en_GB`. [`locale_authorities`] tells, for one request, where
//! the pages of each locale are, so the app can link every page to its
//! equivalents; [`origins`] tells it for links written outside a request
//! (the sitemap, e-mails).

use std::collections::HashMap;

use crate::locale::Locale;
/// `LOCALE_HOSTS` when unset: German on `de.localhost`, which browsers
/// resolve to this machine, so all three languages work out of the box.
pub const DEFAULT_LOCALE_HOSTS: &str = "de.localhost=de";

/// Parses `LOCALE_HOSTS`: `host=locale` pairs separated by commas.
pub fn parse_host_map(raw: &str) -> anyhow::Result<HashMap<String, Locale>> {
    let mut map = HashMap::new();
    for pair in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (host, locale) = pair.split_once('=').ok_or_else(|| anyhow::anyhow!("LOCALE_HOSTS entry {pair:?} is not host=locale"))?;
        let locale = Locale::parse(locale.trim())
            .ok_or_else(|| anyhow::anyhow!("LOCALE_HOSTS entry {pair:?}: locale must be one of pl, de, en_GB"))?;
        map.insert(host.trim().to_ascii_lowercase(), locale);
    }
    Ok(map)
}

/// The locale of a page request.
pub fn page_locale(path: &str, host: Option<&str>, hosts: &HashMap<String, Locale>) -> Locale {
    if path == "/en" || path.starts_with("/en/") {
        return Locale::EnGb;
    }
    let host = host.map(|h| split_authority(h).0.to_ascii_lowercase());
    host.and_then(|h| hosts.get(&h).copied()).unwrap_or_default()
}

/// `host[:port]` as host name and port; an IPv6 name keeps its brackets.
pub fn split_authority(authority: &str) -> (&str, Option<&str>) {
    let name_end = if authority.starts_with('[') { authority.find(']').map_or(authority.len(), |i| i + 1) } else { 0 };
    match authority[name_end..].rfind(':') {
        Some(i) => (&authority[..name_end + i], Some(&authority[name_end + i + 1..])),
        None => (authority, None),
    }
}

/// The `host[:port]` of an absolute URL such as `PUBLIC_URL`.
pub fn url_authority(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.split(['/', '?', '#']).next().unwrap_or(rest)
}

/// A `Host` header fit to be written into links: a DNS name, IPv4 or
/// bracketed IPv6 address and an optional numeric port, nothing else.
fn is_plain_authority(authority: &str) -> bool {
    let (name, port) = split_authority(authority);
    let name_ok = match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(ipv6) => !ipv6.is_empty() && ipv6.bytes().all(|b| b.is_ascii_hexdigit() || matches!(b, b':' | b'.')),
        None => !name.is_empty() && name.len() <= 253 && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-')),
    };
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()));
    name_ok && port_ok
}

/// Where the pages of each locale are served, as `host[:port]`, seen from a
/// request to `request` (its `Host`; `PUBLIC_URL`'s host when missing or
/// unfit). The request's port is kept, so a shop on `localhost:8080` links
/// to `de.localhost:8080`.
///
/// - Polish: a host mapped to `pl` (the request's own if it is one), else
///   the request's host if it is mapped to no locale, else `PUBLIC_URL`'s host.
/// - German: a host mapped to `de` (the request's own if it is one); without
///   one, German pages cannot be reached and the locale is left out.
/// - English: a host mapped to `en_GB`, else the Polish host (under `/en`).
///
/// Among several hosts of one locale the first in alphabetical order is
/// taken, so answers do not change between requests.
pub fn locale_authorities(request: Option<&str>, hosts: &HashMap<String, Locale>, public_url: &str) -> Vec<(Locale, String)> {
    let public = url_authority(public_url);
    let request = request.filter(|a| is_plain_authority(a)).unwrap_or(public);
    let (name, port) = split_authority(request);
    let name = name.to_ascii_lowercase();
    let with_port = |host: &str| match port {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    };
    let host_of = |locale: Locale| -> Option<String> {
        if hosts.get(&name) == Some(&locale) {
            return Some(name.clone());
        }
        hosts.iter().filter(|(_, l)| **l == locale).map(|(h, _)| h.clone()).min()
    };
    let polish = host_of(Locale::Pl).unwrap_or_else(|| match hosts.get(&name) {
        None => name.clone(),
        Some(_) => split_authority(public).0.to_ascii_lowercase(),
    });
    let english = host_of(Locale::EnGb).unwrap_or_else(|| polish.clone());
    let mut out = vec![(Locale::Pl, with_port(&polish))];
    if let Some(german) = host_of(Locale::De) {
        out.push((Locale::De, with_port(&german)));
    }
    out.push((Locale::EnGb, with_port(&english)));
    out
}

/// The origin (`scheme://host[:port]`) of each locale's pages as
/// `PUBLIC_URL` and the host map give them; a locale without one (German
/// with no host) is left out.
pub fn origins(public_url: &str, hosts: &HashMap<String, Locale>) -> Vec<(Locale, String)> {
    let scheme = public_url.split_once("://").map_or("http", |(scheme, _)| scheme);
    locale_authorities(Some(url_authority(public_url)), hosts, public_url)
        .into_iter()
        .map(|(locale, authority)| (locale, format!("{scheme}://{authority}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn en_prefix_wins_then_host_then_polish() {
        let hosts = parse_host_map("de.localhost=de, en.localhost=en_GB").unwrap();
        assert_eq!(page_locale("/en/offer/treatments", Some("de.localhost"), &hosts), Locale::EnGb);
        assert_eq!(page_locale("/en", None, &hosts), Locale::EnGb);
        assert_eq!(page_locale("/angebot/behandlungen", Some("de.localhost:8080"), &hosts), Locale::De);
        assert_eq!(page_locale("/oferta/zabiegi/", Some("localhost:8080"), &hosts), Locale::Pl);
        assert_eq!(page_locale("/english-tea", None, &hosts), Locale::Pl, "only the /en segment counts");
    }

    fn authorities(request: Option<&str>, hosts: &str, public: &str) -> Vec<(&'static str, String)> {
        locale_authorities(request, &parse_host_map(hosts).unwrap(), public).into_iter().map(|(l, a)| (l.code(), a)).collect()
    }

    fn pairs(list: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
        list.iter().map(|(l, a)| (*l, (*a).to_owned())).collect()
    }

    #[test]
    fn each_locale_links_to_its_host_keeping_the_request_port() {
        let public = "http://localhost:8080";
        assert_eq!(
            authorities(Some("localhost:8080"), DEFAULT_LOCALE_HOSTS, public),
            pairs(&[("pl", "localhost:8080"), ("de", "de.localhost:8080"), ("en_GB", "localhost:8080")])
        );
        // From the German host, Polish and English go back to the main host.
        assert_eq!(
            authorities(Some("de.localhost:8080"), DEFAULT_LOCALE_HOSTS, public),
            pairs(&[("pl", "localhost:8080"), ("de", "de.localhost:8080"), ("en_GB", "localhost:8080")])
        );
        // Any other name of this machine stays itself; the port is the request's.
        assert_eq!(
            authorities(Some("127.0.0.1:18080"), DEFAULT_LOCALE_HOSTS, public),
            pairs(&[("pl", "127.0.0.1:18080"), ("de", "de.localhost:18080"), ("en_GB", "127.0.0.1:18080")])
        );
        assert_eq!(
            authorities(Some("DE.localhost:18080"), DEFAULT_LOCALE_HOSTS, public),
            pairs(&[("pl", "localhost:18080"), ("de", "de.localhost:18080"), ("en_GB", "localhost:18080")])
        );
    }

    #[test]
    fn production_hosts_without_ports() {
        let hosts = "de.example.com=de, en.example.com=en_GB";
        let public = "https://example.com/";
        let expected = pairs(&[("pl", "example.com"), ("de", "de.example.com"), ("en_GB", "en.example.com")]);
        assert_eq!(authorities(Some("example.com"), hosts, public), expected);
        assert_eq!(authorities(Some("en.example.com"), hosts, public), expected);
        // Two German hosts: the request's own, else the first.
        let hosts = "de.example.com=de,example.de=de";
        assert_eq!(authorities(Some("example.de"), hosts, public)[1], ("de", "example.de".to_owned()));
        assert_eq!(authorities(Some("example.com"), hosts, public)[1], ("de", "de.example.com".to_owned()));
    }

    #[test]
    fn german_without_a_host_is_left_out() {
        assert_eq!(
            authorities(Some("shop.test"), "en.shop.test=en_GB", "https://shop.test"),
            pairs(&[("pl", "shop.test"), ("en_GB", "en.shop.test")])
        );
    }

    #[test]
    fn an_unfit_or_missing_host_header_falls_back_to_public_url() {
        let expected = pairs(&[("pl", "localhost:8080"), ("de", "de.localhost:8080"), ("en_GB", "localhost:8080")]);
        for request in [None, Some(""), Some("evil.test\"><script>"), Some("a b"), Some("host:80x"), Some("user@host"), Some("a:b:80")] {
            assert_eq!(authorities(request, DEFAULT_LOCALE_HOSTS, "http://localhost:8080"), expected, "{request:?}");
        }
        assert_eq!(authorities(Some("[::1]:8080"), DEFAULT_LOCALE_HOSTS, "http://localhost")[0], ("pl", "[::1]:8080".to_owned()));
    }

    #[test]
    fn authorities_split_into_name_and_port() {
        assert_eq!(split_authority("localhost:8080"), ("localhost", Some("8080")));
        assert_eq!(split_authority("example.com"), ("example.com", None));
        assert_eq!(split_authority("[::1]:8080"), ("[::1]", Some("8080")));
        assert_eq!(split_authority("[::1]"), ("[::1]", None));
        assert_eq!(url_authority("https://example.com:8443/shop?x"), "example.com:8443");
        assert_eq!(url_authority("localhost:8080"), "localhost:8080");
    }

    #[test]
    fn bad_host_map_fails_fast() {
        assert!(parse_host_map("de.localhost").is_err());
        assert!(parse_host_map("de.localhost=fr").is_err());
    }

    #[test]
    fn every_locale_has_an_origin_by_default() {
        let hosts = parse_host_map(DEFAULT_LOCALE_HOSTS).unwrap();
        assert_eq!(
            origins("http://localhost:8080", &hosts),
            vec![
                (Locale::Pl, "http://localhost:8080".to_owned()),
                (Locale::De, "http://de.localhost:8080".to_owned()),
                (Locale::EnGb, "http://localhost:8080".to_owned()),
            ]
        );
        let origins = origins("https://example.com/", &parse_host_map("de.example.com=de").unwrap());
        assert_eq!(origins[1], (Locale::De, "https://de.example.com".to_owned()));
    }
}
