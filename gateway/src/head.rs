//! A page's head as the server writes it, so a crawler or a link preview
//! that runs no JavaScript reads the page the app shows: `<title>`, the meta
//! description, the canonical and `hreflang` links, Open Graph and
//! schema.org JSON-LD (Product and Offer, BreadcrumbList, Hotel). Products'
//! heads come from the catalog, content pages' from the content service, and
//! the listings' from the app's own build (`heads.json`, [`PageHeads`]). A
//! product's JSON-LD is made here only: the product's API answer carries it
//! (`structuredData`) for the app to render on pages it opens itself. Every
//! tag is marked `data-head`: the app drops them as it takes the head over.

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;
use percent_encoding::percent_decode_str;
use serde::Deserialize;
use serde_json::{Value, json};
use spa_proto::spa::catalog::v1::GetProductRequest;
use spa_proto::spa::catalog::v1::get_product_request::Key;
use spa_proto::spa::content::v1::{GetGuesthouseRequest, GetPageRequest};

use crate::AppState;
use crate::i18n::{Locale, text, text_with};
use crate::spa::escape;
use crate::wire::{OfferItem, OfferType, ProductPage};

/// The app build's file of the listings' heads.
pub const HEADS: &str = "heads.json";

/// A page's own title and description with its path in every language, as
/// the app's build names them (`web/src/config/page-heads.ts`).
#[derive(Clone, Debug, Deserialize)]
pub struct StaticHead {
    pub title: String,
    pub description: String,
    pub alternates: HashMap<String, String>,
}

/// The heads of the app's own pages (the listings), by locale and path.
#[derive(Clone, Debug, Default)]
pub struct PageHeads {
    by_locale: HashMap<Locale, HashMap<String, StaticHead>>,
}

/// A path as the heads are keyed: no trailing slash, the root kept.
fn key(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() { "/".to_owned() } else { trimmed.to_lowercase() }
}

impl PageHeads {
    pub fn parse(json: &str) -> anyhow::Result<Self> {
        let raw: HashMap<String, HashMap<String, StaticHead>> =
            serde_json::from_str(json).context("heads are not {locale: {path: head}}")?;
        let mut by_locale = HashMap::new();
        for (locale, heads) in raw {
            let locale = Locale::parse(&locale).ok_or_else(|| anyhow::anyhow!("heads: unknown locale {locale:?}"))?;
            by_locale.insert(locale, heads.into_iter().map(|(path, head)| (key(&path), head)).collect());
        }
        Ok(Self { by_locale })
    }

    /// The heads of the built app in `dist`; none when it has no such file
    /// (an app built before it): those pages are served with the app's head.
    pub fn load(dist: &Path) -> anyhow::Result<Self> {
        let path = dist.join(HEADS);
        match std::fs::read_to_string(&path) {
            Ok(json) => Self::parse(&json).with_context(|| format!("reading {}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Self::default()),
            Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
        }
    }

    pub fn get(&self, locale: Locale, path: &str) -> Option<&StaticHead> {
        self.by_locale.get(&locale)?.get(&key(path))
    }
}

/// What the server writes into a page's head.
pub enum Head {
    /// These tags.
    Tags(String),
    /// No product has the page's slug: the page is a 404.
    UnknownProduct,
    /// Nothing known of the page (or its service did not answer): the app's own head.
    None,
}

/// The head of the page at `path` in `locale`.
pub async fn page_head(state: &AppState, locale: Locale, path: &str) -> Head {
    let origin = origin(state, locale);
    if let Some(slug) = product_slug(locale, path) {
        return match product_tags(state, locale, &slug, &origin).await {
            Ok(Some(tags)) => Head::Tags(tags),
            Ok(None) => Head::UnknownProduct,
            Err(e) => {
                tracing::warn!(error = %e, slug, "product page without its head: the catalog did not answer");
                Head::None
            }
        };
    }
    if let Some(head) = state.page_heads.get(locale, path) {
        let alternates = absolute(state, head.alternates.iter().filter_map(|(l, p)| Some((Locale::parse(l)?, p.clone()))));
        let url = format!("{origin}{}", head.alternates.get(locale.code()).map_or(path, String::as_str));
        let crumbs = vec![home_crumb(locale, &origin), (head.title.clone(), url.clone())];
        let meta = Meta { title: &head.title, description: &head.description, url: &url, alternates, og_type: "website", image: None };
        return Head::Tags(tags(&meta, locale, &[breadcrumbs(&crumbs)]));
    }
    content_tags(state, locale, path, &origin).await.map_or(Head::None, Head::Tags)
}

/// A content page's head; `None` when no page has this path in `locale`
/// (the app's page of another kind, or a 404) or the service did not answer.
async fn content_tags(state: &AppState, locale: Locale, path: &str, origin: &str) -> Option<String> {
    let request = GetPageRequest { url: path.to_owned(), locale: locale.code().to_owned() };
    let page = match state.clients.content.clone().get_page(request).await {
        Ok(answer) => answer.into_inner(),
        Err(status) if status.code() == tonic::Code::NotFound => return None,
        Err(e) => {
            tracing::warn!(error = %e, path, "content page without its head: the content service did not answer");
            return None;
        }
    };
    let alternates = absolute(state, page.alternates.iter().filter_map(|a| Some((Locale::parse(&a.locale)?, a.url.clone()))));
    let url = format!("{origin}{}", page.url);
    let home = page.name == "home";
    let mut ld = Vec::new();
    if !home {
        ld.push(breadcrumbs(&[home_crumb(locale, origin), (page.title.clone(), url.clone())]));
    }
    // The guesthouse itself where a guest looks for it: the home, contact and localization pages.
    if matches!(page.name.as_str(), "home" | "contact" | "localization") {
        match state.clients.content.clone().get_guesthouse(GetGuesthouseRequest {}).await {
            Ok(g) => ld.push(hotel(&g.into_inner(), locale, origin)),
            Err(e) => tracing::warn!(error = %e, "page head without the guesthouse: the content service did not answer"),
        }
    }
    let title = if home { page.title.clone() } else { text_with(locale, "page-title", &[("page", page.title.clone().into())]) };
    let description = description(&page.description);
    let meta = Meta { title: &page.title, description: &description, url: &url, alternates, og_type: "website", image: None };
    Some(tags_titled(&title, &meta, locale, &ld))
}

/// `(locale, path)` pairs as absolute addresses on each language's origin.
fn absolute(state: &AppState, paths: impl Iterator<Item = (Locale, String)>) -> Vec<(Locale, String)> {
    let mut all: Vec<(Locale, String)> = paths.map(|(l, p)| (l, format!("{}{p}", origin(state, l)))).collect();
    all.sort_by_key(|(l, _)| Locale::ALL.iter().position(|x| x == l));
    all
}

/// The home page's path in `locale` (English pages live under `/en`).
fn home_path(locale: Locale) -> &'static str {
    if locale == Locale::EnGb { "/en" } else { "/" }
}

/// The first crumb: the home page in `locale`.
fn home_crumb(locale: Locale, origin: &str) -> (String, String) {
    (text(locale, "breadcrumb-home"), format!("{origin}{}", home_path(locale)))
}

/// A JSON-LD script element, "<" escaped so that no text can end it.
fn ld_script(value: &Value, attributes: &str) -> String {
    format!("<script type=\"application/ld+json\"{attributes}>{}</script>", value.to_string().replace('<', "\\u003c"))
}

/// schema.org's BreadcrumbList of `(name, absolute address)` crumbs.
fn breadcrumbs(crumbs: &[(String, String)]) -> Value {
    let items: Vec<Value> = crumbs
        .iter()
        .enumerate()
        .map(|(i, (name, url))| json!({"@type": "ListItem", "position": i + 1, "name": name, "item": url}))
        .collect();
    json!({"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items})
}

/// schema.org's Hotel: the guesthouse's name, address, phone, e-mail and place on the map.
fn hotel(g: &spa_proto::spa::content::v1::Guesthouse, locale: Locale, origin: &str) -> Value {
    let mut hotel = json!({
        "@context": "https://schema.org",
        "@type": "Hotel",
        "name": g.name,
        "url": format!("{origin}{}", home_path(locale)),
        "address": {
            "@type": "PostalAddress",
            "streetAddress": g.street,
            "postalCode": g.postcode,
            "addressLocality": g.city,
            "addressCountry": crate::routes::guesthouse::shown(g.country.clone(), locale),
        },
    });
    if let Some(phone) =
        g.reception.as_ref().map(|d| d.phone.as_str()).filter(|p| !p.is_empty()).or(g.phones.first().map(|p| p.number.as_str()))
    {
        hotel["telephone"] = json!(phone);
    }
    if let Some(email) = g.reception.as_ref().map(|d| d.email.as_str()).filter(|e| !e.is_empty()) {
        hotel["email"] = json!(email);
    }
    if g.latitude != 0.0 || g.longitude != 0.0 {
        hotel["geo"] = json!({"@type": "GeoCoordinates", "latitude": g.latitude, "longitude": g.longitude});
    }
    hotel
}

/// About what search engines show of a description (the app's `toDescription` cuts the same).
const DESCRIPTION_MAX_CHARS: usize = 155;

/// Where `locale`'s pages are (`PUBLIC_URL`, or the language's host).
pub fn origin(state: &AppState, locale: Locale) -> String {
    let origins = spa_platform::hosts::origins(&state.config.public_url, &state.config.locale_hosts);
    origins.into_iter().find(|(l, _)| *l == locale).map_or_else(|| state.config.public_url.trim_end_matches('/').to_owned(), |(_, o)| o)
}

/// The slug of the product page at `path` in `locale`, percent-decoded:
/// one segment under a listing's path.
pub fn product_slug(locale: Locale, path: &str) -> Option<String> {
    OfferType::ALL.iter().find_map(|kind| {
        let listing = kind.listing_path(locale).trim_end_matches('/');
        let slug = path.strip_prefix(listing)?.strip_prefix('/')?.trim_end_matches('/');
        (!slug.is_empty() && !slug.contains('/')).then(|| percent_decode_str(slug).decode_utf8_lossy().into_owned())
    })
}

/// schema.org's Product with its Offer, every address absolute on `origin`.
pub fn json_ld(item: &OfferItem, origin: &str) -> Value {
    let url = format!("{origin}{}", item.links.self_);
    let mut product = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": item.name,
        "description": item.description,
        "sku": item.code,
        "url": url,
    });
    if !item.images.is_empty() {
        product["image"] = item.images.iter().map(|i| format!("{origin}{}", i.path)).collect();
    }
    if let Some(category) = item.taxons.others.first() {
        product["category"] = json!(category.name);
    }
    let mut offer = json!({
        "@type": "Offer",
        "url": url,
        // A decimal string in major units, as schema.org expects ("180.00").
        "price": spa_platform::money::decimal(item.price.current),
        "priceCurrency": item.price.currency,
        "availability": "https://schema.org/InStock",
    });
    // The wire's DD-MM-YYYY, as schema.org's ISO dates.
    let iso = |d: &Option<String>| {
        d.as_deref().and_then(|d| chrono::NaiveDate::parse_from_str(d, "%d-%m-%Y").ok()).map(|d| d.format("%Y-%m-%d").to_string())
    };
    if let Some(from) = iso(&item.available_from) {
        offer["validFrom"] = json!(from);
    }
    if let Some(to) = iso(&item.available_to) {
        offer["priceValidUntil"] = json!(to);
    }
    product["offers"] = offer;
    product
}

/// The product page's head tags in `locale`, or `None` when no product
/// has `slug` (the page is then a 404). A failing catalog gives the page
/// without them: the app still shows the product.
pub async fn product_tags(state: &AppState, locale: Locale, slug: &str, origin: &str) -> Result<Option<String>, tonic::Status> {
    let request = GetProductRequest { key: Some(Key::Slug(slug.to_owned())), locale: locale.code().to_owned() };
    let product = match state.clients.catalog.clone().get_product(request).await {
        Ok(answer) => answer.into_inner(),
        Err(status) if status.code() == tonic::Code::NotFound => return Ok(None),
        Err(status) => return Err(status),
    };
    let Ok(page) = ProductPage::of(&product, locale) else { return Ok(None) };
    // The same product's page in the other languages (its slug differs in each).
    let others = Locale::ALL.iter().filter(|l| **l != locale).map(|other| {
        let request = GetProductRequest { key: Some(Key::Code(product.code.clone())), locale: other.code().to_owned() };
        let mut catalog = state.clients.catalog.clone();
        async move {
            let answer = catalog.get_product(request).await.ok()?.into_inner();
            Some((*other, OfferItem::of(&answer, *other).ok()?.links.self_))
        }
    });
    let mut paths: Vec<(Locale, String)> = futures::future::join_all(others).await.into_iter().flatten().collect();
    paths.push((locale, page.item.links.self_.clone()));
    let listing =
        OfferType::ALL.iter().map(|kind| kind.listing_path(locale)).find(|l| page.item.links.self_.starts_with(l.trim_end_matches('/')));
    let listing = listing.and_then(|l| Some((state.page_heads.get(locale, l)?.title.clone(), format!("{origin}{l}"))));
    Ok(Some(product_head(&page.item, locale, origin, absolute(state, paths.into_iter()), listing)))
}

fn product_head(
    item: &OfferItem,
    locale: Locale,
    origin: &str,
    alternates: Vec<(Locale, String)>,
    listing: Option<(String, String)>,
) -> String {
    let description = description(&item.description);
    let url = format!("{origin}{}", item.links.self_);
    let image = item.images.first().map(|i| format!("{origin}{}", i.path));
    let meta = Meta { title: &item.name, description: &description, url: &url, alternates, og_type: "product", image };
    let crumbs: Vec<(String, String)> =
        [Some(home_crumb(locale, origin)), listing, Some((item.name.clone(), url.clone()))].into_iter().flatten().collect();
    let product = ld_script(&json_ld(item, origin), &format!(" data-head=\"product\" data-sku=\"{}\"", escape(&item.code)));
    format!("{}{product}", tags(&meta, locale, &[breadcrumbs(&crumbs)]))
}

/// What a page's head says of it.
struct Meta<'a> {
    /// The page's own title (the document's adds the site's name).
    title: &'a str,
    description: &'a str,
    /// Absolute: the canonical address.
    url: &'a str,
    /// The page in every language, absolute; `hreflang` links when more than one.
    alternates: Vec<(Locale, String)>,
    og_type: &'a str,
    image: Option<String>,
}

fn tags(meta: &Meta, locale: Locale, ld: &[Value]) -> String {
    let title = text_with(locale, "page-title", &[("page", meta.title.to_owned().into())]);
    tags_titled(&title, meta, locale, ld)
}

/// The tags, each marked `data-head`, with `title` as the document's.
fn tags_titled(title: &str, meta: &Meta, locale: Locale, ld: &[Value]) -> String {
    let mut tags = vec![
        format!("<title>{}</title>", escape(title)),
        format!("<meta name=\"description\" content=\"{}\">", escape(meta.description)),
        format!("<link rel=\"canonical\" href=\"{}\" data-head>", escape(meta.url)),
    ];
    if meta.alternates.len() > 1 {
        for (l, href) in &meta.alternates {
            tags.push(format!("<link rel=\"alternate\" hreflang=\"{}\" href=\"{}\" data-head>", l.tag(), escape(href)));
        }
        // Polish, the default language, is also x-default (as the app writes it).
        if let Some((_, polish)) = meta.alternates.iter().find(|(l, _)| *l == Locale::Pl) {
            tags.push(format!("<link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\" data-head>", escape(polish)));
        }
    }
    let og = |property: &str, content: &str| format!("<meta property=\"og:{property}\" content=\"{}\" data-head>", escape(content));
    tags.extend([
        og("type", meta.og_type),
        og("title", meta.title),
        og("description", meta.description),
        og("url", meta.url),
        og("locale", og_locale(locale)),
        og("site_name", &text(locale, "order-shop-name")),
    ]);
    if let Some(image) = &meta.image {
        tags.push(og("image", image));
    }
    tags.extend(ld.iter().map(|value| ld_script(value, " data-head")));
    tags.join("")
}

/// A description as a meta description: one line of at most
/// [`DESCRIPTION_MAX_CHARS`] characters, a longer one cut after a word
/// with "…" (as `web/src/utils/meta-description.ts` cuts it).
fn description(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= DESCRIPTION_MAX_CHARS {
        return line;
    }
    let cut: String = line.chars().take(DESCRIPTION_MAX_CHARS - 1).collect();
    let shortened = match cut.rfind(' ') {
        Some(space) if cut[..space].chars().count() > 100 => &cut[..space],
        _ => &cut,
    };
    format!("{}…", shortened.trim_end_matches(|c: char| c.is_whitespace() || ",.;:–-".contains(c)))
}

/// Open Graph's language_TERRITORY.
fn og_locale(locale: Locale) -> &'static str {
    match locale {
        Locale::Pl => "pl_PL",
        Locale::De => "de_DE",
        Locale::EnGb => "en_GB",
    }
}

/// `index` with its `<title>` replaced by `tags`' own and the rest of
/// `tags` at the end of its `<head>`.
pub fn with_tags(index: &str, tags: &str) -> String {
    let without_title = match (index.find("<title>"), index.find("</title>")) {
        (Some(start), Some(end)) if start < end => format!("{}{}", &index[..start], &index[end + "</title>".len()..]),
        _ => index.to_owned(),
    };
    crate::spa::with_head_tag(&without_title, tags)
}

#[cfg(test)]
mod tests {
    use spa_proto::common::{Money, Price};
    use spa_proto::spa::catalog::v1::{Image, Product, Taxon};

    use super::*;

    fn package(images: Vec<Image>, taxons: Vec<Taxon>, from: &str, to: &str) -> OfferItem {
        let pln = |amount| Some(Money { amount, currency: "PLN".into() });
        let product = Product {
            code: "PKG_ROMANTIC_WEEKEND".into(),
            r#type: spa_proto::common::ProductType::Package as i32,
            name: "Romantyczny weekend <we dwoje>".into(),
            slug: "romantyczny-weekend-we-dwoje".into(),
            description: "Dwie noce.".into(),
            images,
            price: Some(Price { current: pln(129_900), original: pln(144_900), base_current: pln(129_900), base_original: pln(144_900) }),
            available_from: from.into(),
            available_to: to.into(),
            other_taxons: taxons,
            num_nights: 2,
            ..Product::default()
        };
        ProductPage::of(&product, Locale::Pl).unwrap().item
    }

    #[test]
    fn the_json_ld_describes_the_product_and_its_offer_with_absolute_addresses() {
        let image = Image { path: "/media/catalog/pkg.svg".into(), listing: String::new() };
        let romantic = Taxon { code: "romantic".into(), name: "Romantyczne".into() };
        let item = package(vec![image], vec![romantic], "2025-02-01", "2027-03-31");
        let url = "https://spa.example/oferta/pakiety/romantyczny-weekend-we-dwoje";
        assert_eq!(
            json_ld(&item, "https://spa.example"),
            json!({
                "@context": "https://schema.org",
                "@type": "Product",
                "name": "Romantyczny weekend <we dwoje>",
                "description": "Dwie noce.",
                "sku": "PKG_ROMANTIC_WEEKEND",
                "url": url,
                "image": ["https://spa.example/media/catalog/pkg.svg"],
                "category": "Romantyczne",
                "offers": {
                    "@type": "Offer",
                    "url": url,
                    "price": "1299.00",
                    "priceCurrency": "PLN",
                    "availability": "https://schema.org/InStock",
                    "validFrom": "2025-02-01",
                    "priceValidUntil": "2027-03-31",
                },
            })
        );
        let bare = json_ld(&package(vec![], vec![], "", ""), "https://spa.example");
        assert!(bare.get("image").is_none() && bare.get("category").is_none() && bare["offers"].get("validFrom").is_none(), "{bare}");
    }

    #[test]
    fn the_head_escapes_what_it_carries() {
        let tags = product_head(&package(vec![], vec![], "", ""), Locale::Pl, "https://spa.example", vec![], None);
        assert!(tags.starts_with("<title>Romantyczny weekend &lt;we dwoje&gt; | Pensjonat Spa &amp; Wellness</title>"), "{tags}");
        assert!(tags.contains("<meta property=\"og:title\" content=\"Romantyczny weekend &lt;we dwoje&gt;\" data-head>"), "{tags}");
        assert!(tags.contains("<meta property=\"og:locale\" content=\"pl_PL\" data-head>"), "{tags}");
        // The JSON-LD's text cannot end its element.
        let script = tags.split("data-sku").nth(1).unwrap();
        assert!(script.contains("\\u003cwe dwoje>") && !script.contains("<we"), "{script}");
    }

    #[test]
    fn a_product_head_names_its_address_its_languages_and_its_crumbs() {
        let alternates = vec![
            (Locale::Pl, "https://spa.example/oferta/pakiety/romantyczny".to_owned()),
            (Locale::De, "https://de.spa.example/angebot/pakete/romantik".to_owned()),
        ];
        let listing = Some(("Pakiety".to_owned(), "https://spa.example/oferta/pakiety/".to_owned()));
        let tags = product_head(&package(vec![], vec![], "", ""), Locale::Pl, "https://spa.example", alternates, listing);
        let canonical = "<link rel=\"canonical\" href=\"https://spa.example/oferta/pakiety/romantyczny-weekend-we-dwoje\" data-head>";
        assert!(tags.contains(canonical), "{tags}");
        assert!(
            tags.contains("<link rel=\"alternate\" hreflang=\"de\" href=\"https://de.spa.example/angebot/pakete/romantik\" data-head>")
        );
        assert!(
            tags.contains(
                "<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://spa.example/oferta/pakiety/romantyczny\" data-head>"
            )
        );
        let crumbs: Vec<Value> = tags
            .split("<script type=\"application/ld+json\"")
            .skip(1)
            .map(|s| serde_json::from_str(&s[s.find('>').unwrap() + 1..s.find("</script>").unwrap()]).unwrap())
            .filter(|v: &Value| v["@type"] == "BreadcrumbList")
            .collect();
        let names: Vec<&str> = crumbs[0]["itemListElement"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["Strona główna", "Pakiety", "Romantyczny weekend <we dwoje>"]);
        assert_eq!(crumbs[0]["itemListElement"][0]["item"], "https://spa.example/");
        // One language only: no hreflang links at all.
        let alone = product_head(&package(vec![], vec![], "", ""), Locale::Pl, "https://spa.example", vec![], None);
        assert!(!alone.contains("hreflang"), "{alone}");
    }

    #[test]
    fn the_listings_heads_are_read_by_locale_and_path() {
        let heads = PageHeads::parse(
            r#"{"pl": {"/oferta/zabiegi/": {"title": "Zabiegi", "description": "Masaże.", "alternates": {"pl": "/oferta/zabiegi/", "en_GB": "/en/offer/treatments"}}},
               "en_GB": {"/en/offer/treatments": {"title": "Treatments", "description": "Massages.", "alternates": {}}}}"#,
        )
        .unwrap();
        assert_eq!(heads.get(Locale::Pl, "/oferta/zabiegi").map(|h| h.title.as_str()), Some("Zabiegi"));
        assert_eq!(heads.get(Locale::Pl, "/oferta/zabiegi/").map(|h| h.description.as_str()), Some("Masaże."));
        assert_eq!(heads.get(Locale::EnGb, "/en/offer/treatments/").map(|h| h.title.as_str()), Some("Treatments"));
        assert!(heads.get(Locale::De, "/oferta/zabiegi/").is_none(), "another language's path");
        assert!(heads.get(Locale::Pl, "/oferta").is_none());
        assert!(PageHeads::parse(r#"{"xx": {}}"#).is_err(), "an unknown locale fails the start");
        assert!(PageHeads::load(Path::new("/nonexistent")).unwrap().get(Locale::Pl, "/").is_none());
    }

    #[test]
    fn the_hotel_is_the_guesthouse_s_name_address_phone_and_place() {
        use spa_proto::spa::content::v1::{Desk, Guesthouse, Texts};
        let g = Guesthouse {
            name: "Pensjonat".into(),
            street: "ul. Jeziorna 12".into(),
            postcode: "69-220".into(),
            city: "Ośno Lubuskie".into(),
            country: Some(Texts { pl: "Polska".into(), de: "Polen".into(), en_gb: "Poland".into() }),
            reception: Some(Desk { phone: "+48 95 000 00 00".into(), email: "recepcja@example.pl".into(), ..Desk::default() }),
            latitude: 52.46,
            longitude: 14.86,
            ..Guesthouse::default()
        };
        let hotel = hotel(&g, Locale::EnGb, "https://spa.example");
        assert_eq!(hotel["@type"], "Hotel");
        assert_eq!(hotel["url"], "https://spa.example/en");
        assert_eq!(hotel["address"]["addressCountry"], "Poland");
        assert_eq!(hotel["address"]["streetAddress"], "ul. Jeziorna 12");
        assert_eq!((hotel["telephone"].as_str(), hotel["email"].as_str()), (Some("+48 95 000 00 00"), Some("recepcja@example.pl")));
        assert_eq!(hotel["geo"]["latitude"], 52.46);
    }

    #[test]
    fn a_product_page_is_one_segment_under_a_listing() {
        assert_eq!(product_slug(Locale::Pl, "/oferta/zabiegi/masaz-goracymi-kamieniami").as_deref(), Some("masaz-goracymi-kamieniami"));
        assert_eq!(product_slug(Locale::Pl, "/oferta/zabiegi/masaz/").as_deref(), Some("masaz"));
        assert_eq!(product_slug(Locale::EnGb, "/en/offer/treatments/hot%20stone").as_deref(), Some("hot stone"));
        assert_eq!(product_slug(Locale::De, "/angebot/pakete/romantik").as_deref(), Some("romantik"));
        assert_eq!(product_slug(Locale::Pl, "/oferta/zabiegi/"), None, "the listing");
        assert_eq!(product_slug(Locale::Pl, "/oferta/zabiegi/a/b"), None);
        assert_eq!(product_slug(Locale::Pl, "/en/offer/treatments/x"), None, "another language's path");
    }

    #[test]
    fn a_long_description_is_cut_after_a_word() {
        assert_eq!(description("  Ciepłe\n kamienie.  "), "Ciepłe kamienie.");
        let long = "słowo ".repeat(40);
        let cut = description(&long);
        assert!(cut.ends_with("słowo…") && cut.chars().count() <= DESCRIPTION_MAX_CHARS, "{cut}");
    }

    #[test]
    fn the_title_is_replaced_and_the_rest_goes_into_the_head() {
        let index = "<html><head><meta charset=\"utf-8\"><title>Spa</title></head><body></body></html>";
        assert_eq!(
            with_tags(index, "<title>A</title><meta name=\"description\" content=\"d\">"),
            "<html><head><meta charset=\"utf-8\"><title>A</title><meta name=\"description\" content=\"d\"></head><body></body></html>"
        );
        assert_eq!(escape("\"<a>&"), "&quot;&lt;a&gt;&amp;");
    }
}
