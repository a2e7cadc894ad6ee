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
use crate::routes::offer::listing_path;

const TYPES: [&str; 6] = ["treatment", "package", "product", "day_spa", "voucher", "room"];

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
    for locale in ["pl", "de", "en_GB"] {
        let Some(origin) = origin(&state, locale) else { continue };
        for kind in TYPES {
            urls.push(format!("{origin}{}", listing_path(kind, locale)));
            let request = ListOffersRequest {
                r#type: kind.to_owned(),
                locale: locale.to_owned(),
                page: Some(PageRequest { page: 1, limit: 1000 }),
                sorting: "position_asc".to_owned(),
                ..Default::default()
            };
            let response = state.clients.catalog.clone().list_offers(request).await?.into_inner();
            urls.extend(response.items.iter().map(|p| format!("{origin}{}/{}", listing_path(kind, locale), p.slug)));
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
