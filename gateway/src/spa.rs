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
    let page = with_head_tag(&page, &locale_hosts_meta(&authorities));
    let mut response = (status, Html(page)).into_response();
    // The page differs per host and must not be cached over a deploy.
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("Host"));
    response
}

#[cfg(test)]
mod tests {
    use super::{Locale, locale_hosts_meta, with_head_tag, with_lang};

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
    fn lang_is_set_or_replaced() {
        assert_eq!(
            with_lang("<!doctype html><html lang=\"en\"><body></body></html>", "pl"),
            "<!doctype html><html lang=\"pl\"><body></body></html>"
        );
        assert_eq!(with_lang("<html><body>", "en-GB"), "<html lang=\"en-GB\"><body>");
        assert_eq!(with_lang("<html class=\"x\" lang=\"pl\" dir=\"ltr\">", "de"), "<html class=\"x\" dir=\"ltr\" lang=\"de\">");
    }
}
