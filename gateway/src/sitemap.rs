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
use crate::spa::escape;
use crate::wire::OfferType;
use spa_platform::hosts::origins;

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
        "/en/newsletter/",
    ] {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str(&format!("\nSitemap: {}/sitemap.xml\n", public_url.trim_end_matches('/')));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
