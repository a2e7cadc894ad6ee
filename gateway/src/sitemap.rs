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
use crate::locale::{DEFAULT_LOCALE, locale_authorities, url_authority};
use crate::routes::offer::listing_path;

const TYPES: [&str; 6] = ["treatment", "package", "product", "day_spa", "voucher", "room"];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The origin of each locale's pages; a locale without one (German with no
/// host) is left out.
pub fn origins(public_url: &str, hosts: &std::collections::HashMap<String, String>) -> Vec<(&'static str, String)> {
    let scheme = public_url.split_once("://").map_or("http", |(scheme, _)| scheme);
    locale_authorities(Some(url_authority(public_url)), hosts, public_url)
        .into_iter()
        .map(|(locale, authority)| (locale, format!("{scheme}://{authority}")))
        .collect()
}

/// A listing page's path as the app's route table (spec 2.1) writes it: the
/// Polish listings end with a slash (`/oferta/zabiegi/`), except the
/// vouchers (`/oferta/vouchery`); German and English ones never do.
pub fn listing_page(kind: &str, locale: &str) -> String {
    let base = listing_path(kind, locale);
    if locale == DEFAULT_LOCALE && kind != "voucher" { format!("{base}/") } else { base.to_owned() }
}

/// A product page's path: its listing's path, then the slug.
pub fn product_page(kind: &str, locale: &str, slug: &str) -> String {
    format!("{}/{slug}", listing_path(kind, locale).trim_end_matches('/'))
}

pub async fn sitemap(State(state): State<AppState>) -> ApiResult<impl IntoResponse> {
    let mut urls = Vec::new();
    for (locale, origin) in origins(&state.config.public_url, &state.config.locale_hosts) {
        for kind in TYPES {
            urls.push(format!("{origin}{}", listing_page(kind, locale)));
            let request = ListOffersRequest {
                r#type: kind.to_owned(),
                locale: locale.to_owned(),
                page: Some(PageRequest { page: 1, limit: 1000 }),
                sorting: "position_asc".to_owned(),
                ..Default::default()
            };
            let response = state.clients.catalog.clone().list_offers(request).await?.into_inner();
            urls.extend(response.items.iter().map(|p| format!("{origin}{}", product_page(kind, locale, &p.slug))));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::{DEFAULT_LOCALE_HOSTS, parse_host_map};

    #[test]
    fn polish_listings_keep_the_spec_trailing_slash() {
        assert_eq!(listing_page("treatment", "pl"), "/oferta/zabiegi/");
        assert_eq!(listing_page("package", "pl"), "/oferta/pakiety/");
        assert_eq!(listing_page("product", "pl"), "/oferta/produkty/");
        assert_eq!(listing_page("room", "pl"), "/pensjonat/baza-noclegowa/");
        assert_eq!(listing_page("day_spa", "pl"), "/oferta/day-spa/");
        assert_eq!(listing_page("voucher", "pl"), "/oferta/vouchery");
        assert_eq!(listing_page("treatment", "de"), "/angebot/behandlungen");
        assert_eq!(listing_page("room", "en_GB"), "/en/guesthouse/accomodation");
    }

    #[test]
    fn product_pages_sit_under_their_listing_with_one_slash() {
        assert_eq!(product_page("treatment", "pl", "masaz"), "/oferta/zabiegi/masaz");
        assert_eq!(product_page("voucher", "pl", "voucher-kwotowy"), "/oferta/vouchery/voucher-kwotowy");
        assert_eq!(product_page("package", "de", "wellness-reset"), "/angebot/pakete/wellness-reset");
    }

    #[test]
    fn every_locale_has_an_origin_by_default() {
        let hosts = parse_host_map(DEFAULT_LOCALE_HOSTS).unwrap();
        assert_eq!(
            origins("http://localhost:8080", &hosts),
            vec![
                ("pl", "http://localhost:8080".to_owned()),
                ("de", "http://de.localhost:8080".to_owned()),
                ("en_GB", "http://localhost:8080".to_owned()),
            ]
        );
        let origins = origins("https://example.com/", &parse_host_map("de.example.com=de").unwrap());
        assert_eq!(origins[1], ("de", "https://de.example.com".to_owned()));
    }
}
