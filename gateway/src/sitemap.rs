//! `GET /sitemap.xml`: every listing and product page in each locale.
//! Polish and English pages live on `PUBLIC_URL` (English under `/en`);
//! German pages on the host that `LOCALE_HOSTS` maps to `de` (by default
//! `de.localhost`), with `PUBLIC_URL`'s scheme and port.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use spa_proto::common::PageRequest;
use spa_proto::spa::catalog::v1::ListOffersRequest;

use crate::AppState;
use crate::error::ApiResult;
use crate::i18n::Locale;
use crate::locale::{locale_authorities, url_authority};
use crate::wire::OfferType;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The origin of each locale's pages; a locale without one (German with no
/// host) is left out.
pub fn origins(public_url: &str, hosts: &std::collections::HashMap<String, Locale>) -> Vec<(Locale, String)> {
    let scheme = public_url.split_once("://").map_or("http", |(scheme, _)| scheme);
    locale_authorities(Some(url_authority(public_url)), hosts, public_url)
        .into_iter()
        .map(|(locale, authority)| (locale, format!("{scheme}://{authority}")))
        .collect()
}

pub async fn sitemap(State(state): State<AppState>) -> ApiResult<impl IntoResponse> {
    let mut urls = Vec::new();
    for (locale, origin) in origins(&state.config.public_url, &state.config.locale_hosts) {
        for kind in OfferType::ALL {
            urls.push(format!("{origin}{}", kind.listing_path(locale)));
            let request = ListOffersRequest {
                r#type: kind.wire(),
                locale: locale.code().to_owned(),
                page: Some(PageRequest { page: 1, limit: 1000 }),
                sorting: spa_proto::spa::catalog::v1::Sorting::PositionAsc as i32,
                ..Default::default()
            };
            let response = state.clients.catalog.clone().list_offers(request).await?.into_inner();
            urls.extend(response.items.iter().map(|p| format!("{origin}{}", kind.item_path(locale, &p.slug))));
        }
    }
    let mut xml =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for url in urls {
        xml.push_str(&format!("  <url><loc>{}</loc></url>\n", escape(&url)));
    }
    xml.push_str("</urlset>\n");
    Ok(([(header::CONTENT_TYPE, "application/xml; charset=utf-8")], xml))
}

/// `GET /robots.txt`: every page may be crawled but the ones of one
/// visitor (basket, checkout, order, account) and the editor's; the
/// sitemap is named by its absolute address, as the format asks.
pub async fn robots(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8"), (header::CACHE_CONTROL, "public, max-age=3600")],
        robots_txt(&state.config.public_url),
    )
}

pub fn robots_txt(public_url: &str) -> String {
    let mut text = String::from("User-agent: *\n");
    for path in [
        "/backend/",
        "/order/",
        "/basket",
        "/en/basket",
        "/profil",
        "/en/profile",
        "/reset-password/",
        "/en/reset-password/",
        "/newsletter/",
    ] {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str(&format!("\nSitemap: {}/sitemap.xml\n", public_url.trim_end_matches('/')));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::{DEFAULT_LOCALE_HOSTS, parse_host_map};

    #[test]
    fn robots_name_the_sitemap_absolutely_and_keep_private_pages_out() {
        let text = robots_txt("https://spa.example/");
        assert!(text.starts_with("User-agent: *\n"));
        assert!(text.contains("\nSitemap: https://spa.example/sitemap.xml\n"), "{text}");
        for private in ["Disallow: /basket\n", "Disallow: /order/\n", "Disallow: /backend/\n"] {
            assert!(text.contains(private), "{private}");
        }
        assert!(!text.contains("Disallow: /\n"), "the shop's pages stay crawlable");
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
