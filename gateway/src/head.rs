//! A product page's head as the server writes it, so a crawler or a link
//! preview that runs no JavaScript reads the product: `<title>`, the meta
//! description, Open Graph and the schema.org JSON-LD. The JSON-LD is made
//! here only: the product's API answer carries it (`structuredData`) for the
//! app to render on pages it opens itself.

use percent_encoding::percent_decode_str;
use serde_json::{Value, json};
use spa_proto::spa::catalog::v1::GetProductRequest;
use spa_proto::spa::catalog::v1::get_product_request::Key;

use crate::AppState;
use crate::i18n::{Locale, text_with};
use crate::spa::escape;
use crate::wire::{OfferItem, OfferType, ProductPage};

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
    Ok(Some(tags(&page.item, locale, origin)))
}

fn tags(item: &OfferItem, locale: Locale, origin: &str) -> String {
    let title = text_with(locale, "page-title", &[("page", item.name.clone().into())]);
    let description = description(&item.description);
    let url = format!("{origin}{}", item.links.self_);
    let mut tags = vec![
        format!("<title>{}</title>", escape(&title)),
        format!("<meta name=\"description\" content=\"{}\">", escape(&description)),
        "<meta property=\"og:type\" content=\"product\">".to_owned(),
        format!("<meta property=\"og:title\" content=\"{}\">", escape(&item.name)),
        format!("<meta property=\"og:description\" content=\"{}\">", escape(&description)),
        format!("<meta property=\"og:url\" content=\"{}\">", escape(&url)),
        format!("<meta property=\"og:locale\" content=\"{}\">", og_locale(locale)),
        format!("<meta property=\"og:site_name\" content=\"{}\">", escape(&crate::i18n::text(locale, "order-shop-name"))),
    ];
    if let Some(image) = item.images.first() {
        tags.push(format!("<meta property=\"og:image\" content=\"{}\">", escape(&format!("{origin}{}", image.path))));
    }
    // "<" escaped: no text can end the element.
    let ld = json_ld(item, origin).to_string().replace('<', "\\u003c");
    tags.push(format!("<script type=\"application/ld+json\" data-head=\"product\" data-sku=\"{}\">{ld}</script>", escape(&item.code)));
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
        let tags = tags(&package(vec![], vec![], "", ""), Locale::Pl, "https://spa.example");
        assert!(tags.starts_with("<title>Romantyczny weekend &lt;we dwoje&gt; | Pensjonat Spa &amp; Wellness</title>"), "{tags}");
        assert!(tags.contains("<meta property=\"og:title\" content=\"Romantyczny weekend &lt;we dwoje&gt;\">"), "{tags}");
        assert!(tags.contains("<meta property=\"og:locale\" content=\"pl_PL\">"), "{tags}");
        // The JSON-LD's text cannot end its element.
        let script = tags.split("<script").nth(1).unwrap();
        assert!(script.contains("\\u003cwe dwoje>") && !script.contains("<we"), "{script}");
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
