//! `GET /sitemap.xml`: every listing and product page in each locale.
//! Polish and English pages live on `PUBLIC_URL` (English under `/en`);
//! German pages on the host that `LOCALE_HOSTS` maps to `de`, when one is
//! configured.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use spa_proto::common::PageRequest;
use spa_proto::spa::catalog::v1::ListOffersRequest;

use crate::AppState;
use crate::error::ApiResult;
use crate::i18n::Locale;
use crate::wire::OfferType;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The origin pages of `locale` are served from, if any.
pub fn origin(state: &AppState, locale: &str) -> Option<String> {
    let public = state.config.public_url.trim_end_matches('/').to_owned();
    match locale {
        "de" => {
            let host = state.config.locale_hosts.iter().filter(|(_, l)| l.as_str() == "de").map(|(h, _)| h.clone()).min()?;
            let (scheme, rest) = public.split_once("://").unwrap_or(("http", public.as_str()));
            let port = rest.split('/').next().and_then(|h| h.rsplit_once(':')).map(|(_, p)| format!(":{p}")).unwrap_or_default();
            Some(format!("{scheme}://{host}{port}"))
        }
        _ => Some(public),
    }
}

pub async fn sitemap(State(state): State<AppState>) -> ApiResult<impl IntoResponse> {
    let mut urls = Vec::new();
    for locale in Locale::ALL {
        let Some(origin) = origin(&state, locale.code()) else { continue };
        for kind in OfferType::ALL {
            urls.push(format!("{origin}{}", kind.listing_path(locale)));
            let request = ListOffersRequest {
                r#type: kind.code().to_owned(),
                locale: locale.code().to_owned(),
                page: Some(PageRequest { page: 1, limit: 1000 }),
                sorting: "position_asc".to_owned(),
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
