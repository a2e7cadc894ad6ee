//! Serves the built single-page app: static files as they are, and
//! `index.html` for every other path (history-mode routing) with
//! `<html lang>` set to the page's locale, since the app reads its language
//! from there, and `<meta name="locale-hosts">` naming where each locale's
//! pages are, so its language switcher can link to them; product, listing
//! and content pages also get their heads ([`crate::head`]). A path that no page
//! of the locale answers ([`crate::pages`]) still gets the app, which shows
//! its not-found page, but with status 404.

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

use crate::AppState;
use crate::i18n::Locale;
use crate::locale::{locale_authorities, page_locale};

/// OpenStreetMap's standard tiles, the maps' default (their usage policy
/// asks for the attribution the maps show, and allows a small site's use).
pub const OSM_TILES: &str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/// The tiles the app's maps are drawn from, named in every page it serves
/// (`<meta name="map-tiles">`, `<meta name="map-attribution">`) and allowed
/// by the default Content-Security-Policy's `img-src`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapTiles {
    /// A `{z}/{x}/{y}` template; `None` draws no map (the address and a link instead).
    pub url: Option<String>,
    /// Plain text, as the tiles' licence asks.
    pub attribution: String,
}

impl MapTiles {
    /// `MAP_TILES_URL` (OpenStreetMap's tiles unless set; `off` for no map) and `MAP_ATTRIBUTION`.
    pub fn from_env() -> anyhow::Result<Self> {
        let url = match spa_platform::config::var("MAP_TILES_URL") {
            None => Some(OSM_TILES.to_owned()),
            Some(off) if off.eq_ignore_ascii_case("off") => None,
            Some(url) => Some(url),
        };
        let tiles = Self { url, attribution: spa_platform::config::var_or("MAP_ATTRIBUTION", "© OpenStreetMap contributors") };
        if let Some(url) = &tiles.url {
            anyhow::ensure!(
                tiles.origin().is_some() && ["{z}", "{x}", "{y}"].iter().all(|p| url.contains(p)),
                "MAP_TILES_URL {url:?} is not an http(s) address with {{z}}, {{x}} and {{y}}"
            );
        }
        Ok(tiles)
    }

    /// Where the tiles come from (`https://tile.openstreetmap.org`), for the `img-src` policy.
    pub fn origin(&self) -> Option<String> {
        let url = self.url.as_deref()?;
        let (scheme, rest) = url.split_once("://")?;
        let host = rest.split('/').next().filter(|h| !h.is_empty() && !h.contains(['{', '"', ' ', ';', '\'']))?;
        matches!(scheme, "http" | "https").then(|| format!("{scheme}://{host}"))
    }

    /// The page's meta tags naming them; none without tiles.
    pub fn meta(&self) -> String {
        match &self.url {
            Some(url) => format!(
                "<meta name=\"map-tiles\" content=\"{}\"><meta name=\"map-attribution\" content=\"{}\">",
                escape(url),
                escape(&self.attribution)
            ),
            None => String::new(),
        }
    }
}

/// The page shown when `web/dist` has not been built.
const NOT_BUILT: &str = "<!doctype html><html lang=\"pl\"><meta charset=\"utf-8\"><title>Spa</title>\
<p>The web app is not built. Run <code>make web</code> (or <code>npm ci &amp;&amp; npm run build</code> in <code>web/</code>) and restart.</p></html>";

/// `index.html` with the given `lang`, replacing whatever the build wrote.
pub fn with_lang(index: &str, lang: &str) -> String {
    match (index.find("<html"), index.find("<html").and_then(|i| index[i..].find('>').map(|j| i + j))) {
        (Some(start), Some(end)) => {
            let tag = &index[start..end];
            let without = match tag.find(" lang=\"") {
                Some(l) => {
                    let close = tag[l + 7..].find('"').map(|c| l + 7 + c + 1).unwrap_or(tag.len());
                    format!("{}{}", &tag[..l], &tag[close..])
                }
                None => tag.to_owned(),
            };
            format!("{}{} lang=\"{lang}\"{}", &index[..start], without, &index[end..])
        }
        _ => index.to_owned(),
    }
}

/// The `<meta name="locale-hosts">` of a page: `locale=host[:port]` pairs,
/// e.g. `pl=localhost:8080,de=de.localhost:8080,en_GB=localhost:8080`.
/// The app adds its own scheme.
pub fn locale_hosts_meta(authorities: &[(Locale, String)]) -> String {
    let pairs: Vec<String> = authorities.iter().map(|(locale, host)| format!("{}={host}", locale.code())).collect();
    // Hosts are checked to be plain names and ports; escaped all the same.
    let content = escape(&pairs.join(","));
    format!("<meta name=\"locale-hosts\" content=\"{content}\">")
}

/// Text made safe for HTML, in an element or an attribute (the page's head, the sitemap).
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// `index.html` with `tag` added at the end of its `<head>`.
pub fn with_head_tag(index: &str, tag: &str) -> String {
    match index.find("</head>") {
        Some(end) => format!("{}{tag}{}", &index[..end], &index[end..]),
        None => index.to_owned(),
    }
}

pub async fn index(State(state): State<AppState>, request: Request) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).map(str::to_owned);
    let path = request.uri().path().to_owned();
    let locale = page_locale(&path, host.as_deref(), &state.config.locale_hosts);
    let Some(index) = state.index_html.as_deref() else {
        return (StatusCode::OK, Html(NOT_BUILT)).into_response();
    };
    let mut status = match &state.page_routes {
        Some(routes) if !routes.matches(locale, &path) => StatusCode::NOT_FOUND,
        _ => StatusCode::OK,
    };
    let mut page = with_lang(index, locale.tag());
    // The page's head for readers that run no JavaScript; a slug no
    // product has is a 404 (the app shows its not-found page).
    if status == StatusCode::OK {
        match crate::head::page_head(&state, locale, &path).await {
            crate::head::Head::Tags(tags) => page = crate::head::with_tags(&page, &tags),
            crate::head::Head::UnknownProduct => status = StatusCode::NOT_FOUND,
            crate::head::Head::None => {}
        }
    }
    let authorities = locale_authorities(host.as_deref(), &state.config.locale_hosts, &state.config.public_url);
    let page = with_head_tag(&page, &state.config.map_tiles.meta());
    let page = with_head_tag(&page, &locale_hosts_meta(&authorities));
    let mut response = (status, Html(page)).into_response();
    // The page differs per host and must not be cached over a deploy.
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("Host"));
    response
}

#[cfg(test)]
mod tests {
    use super::{Locale, MapTiles, OSM_TILES, locale_hosts_meta, with_head_tag, with_lang};

    #[test]
    fn locale_hosts_go_into_the_head() {
        let meta = locale_hosts_meta(&[(Locale::Pl, "localhost:8080".to_owned()), (Locale::De, "de.localhost:8080".to_owned())]);
        assert_eq!(meta, "<meta name=\"locale-hosts\" content=\"pl=localhost:8080,de=de.localhost:8080\">");
        assert_eq!(
            with_head_tag("<html><head><title>x</title></head><body></body></html>", &meta),
            format!("<html><head><title>x</title>{meta}</head><body></body></html>")
        );
        assert_eq!(with_head_tag("<p>no head</p>", &meta), "<p>no head</p>");
        assert!(!locale_hosts_meta(&[(Locale::Pl, "a\"><script>".to_owned())]).contains("\"><"), "escaped");
    }

    #[test]
    fn the_map_tiles_are_named_with_their_origin() {
        let osm = MapTiles { url: Some(OSM_TILES.into()), attribution: "© OpenStreetMap contributors".into() };
        assert_eq!(osm.origin().as_deref(), Some("https://tile.openstreetmap.org"));
        assert_eq!(
            osm.meta(),
            "<meta name=\"map-tiles\" content=\"https://tile.openstreetmap.org/{z}/{x}/{y}.png\">\
             <meta name=\"map-attribution\" content=\"© OpenStreetMap contributors\">"
        );
        let local = MapTiles { url: Some("http://127.0.0.1:18091/{z}/{x}/{y}.png".into()), attribution: "<b>".into() };
        assert_eq!(local.origin().as_deref(), Some("http://127.0.0.1:18091"));
        assert!(local.meta().contains("content=\"&lt;b&gt;\""), "escaped");
        let none = MapTiles { url: None, attribution: String::new() };
        assert_eq!((none.origin(), none.meta()), (None, String::new()));
        assert_eq!(MapTiles { url: Some("ftp://x/{z}/{x}/{y}".into()), attribution: String::new() }.origin(), None);
        assert_eq!(MapTiles { url: Some("https://a b/{z}".into()), attribution: String::new() }.origin(), None, "no policy injection");
    }

    #[test]
    fn lang_is_set_or_replaced() {
        assert_eq!(
            with_lang("<!doctype html><html lang=\"en\"><body></body></html>", "pl"),
            "<!doctype html><html lang=\"pl\"><body></body></html>"
        );
        assert_eq!(with_lang("<html><body>", "en-GB"), "<html lang=\"en-GB\"><body>");
        assert_eq!(with_lang("<html class=\"x\" lang=\"pl\" dir=\"ltr\">", "de"), "<html class=\"x\" dir=\"ltr\" lang=\"de\">");
    }
}
