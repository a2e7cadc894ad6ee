//! The demo data set of a spa guesthouse (`seed/catalog.json`, compiled into
//! the binary), loaded in one transaction into an empty store, so a restart
//! or a second replica loads nothing twice. Its pictures (`seed/media`, also
//! compiled in) are kept in the picture store like any uploaded one.

use std::collections::BTreeMap;

use serde::Deserialize;
use spa_platform::db::{Db, Tx};
use spa_platform::outbox::Outbox;
use sqlx::Row;

use spa_proto::spa::catalog::v1::{CodeList, SaveProductRequest};

use crate::domain::ProductType;
use crate::domain::editor::{Fields, PackageSetup, Texts};
use crate::editor::PictureStore;
use crate::error::CatalogError;
use crate::events;

const CATALOG_JSON: &str = include_str!("../seed/catalog.json");

include!(concat!(env!("OUT_DIR"), "/media.rs"));

/// A demo picture's bytes by its file name.
pub fn media(name: &str) -> Option<&'static [u8]> {
    MEDIA.iter().find(|(n, _)| *n == name).map(|(_, data)| *data)
}

/// Demo exchange rates (PLN per unit × 10⁶).
const RATES: [(&str, i64); 2] = [("PLN", 1_000_000), ("EUR", 4_300_000)];

type Text = BTreeMap<String, String>;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedTaxon {
    pub code: String,
    pub position: i64,
    pub parent: Option<String>,
    pub name: Text,
    pub slug: Text,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedProduct {
    pub code: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub position: i64,
    pub price: i64,
    pub original_price: Option<i64>,
    pub currency: String,
    pub num_nights: i64,
    pub duration_minutes: Option<i64>,
    pub age_restriction: bool,
    pub available_from: Option<String>,
    pub available_to: Option<String>,
    pub created_at: String,
    pub main_taxon: String,
    pub taxons: Vec<String>,
    pub image: String,
    pub name: Text,
    pub slug: Text,
    pub description: Text,
    pub treatments: Option<serde_json::Value>,
    pub room: Option<serde_json::Value>,
    pub voucher_values: Option<serde_json::Value>,
    #[serde(default)]
    pub related: Vec<String>,
}

#[derive(Deserialize)]
pub struct SeedCatalog {
    pub taxons: Vec<SeedTaxon>,
    pub products: Vec<SeedProduct>,
}

pub fn demo() -> SeedCatalog {
    serde_json::from_str(CATALOG_JSON).expect("seed/catalog.json is valid")
}

/// Loads the demo catalog when the store has no product yet, in one
/// transaction, so a replica that loses the race to an empty database
/// loads nothing and no reader sees half of it. What no administrator's
/// call makes goes in first: the exchange rates, the categories and the
/// rooms' pages (a room is the rooms service's room type first). Every
/// other offer is then created, and its "you may also like" set, through
/// [`crate::editor::save_in`], the call behind the back office's
/// `POST`/`PUT /backend/products`, so the demo passes every check an
/// administrator's offer passes. Then what the editor does not set: the
/// demo's creation dates, numbers and places, and the two offers priced in
/// euros. Its pictures are stored first, as they are (vector drawings, not
/// photos to resize), and taken away again if the load fails.
pub async fn load_if_empty(db: &Db, outbox: &Outbox, pictures: &PictureStore) -> anyhow::Result<bool> {
    let count: i64 = sqlx::query("SELECT COUNT(*) FROM products").fetch_one(db.pool()).await?.try_get(0)?;
    if count > 0 {
        return Ok(false);
    }
    let seed = demo();
    let mut stored = Vec::new();
    for p in &seed.products {
        if let Some(data) = media(&p.image) {
            let path = PictureStore::new_demo_path(&p.code);
            pictures.put(&path, data.to_vec()).await?;
            stored.push((p.code.clone(), path));
        }
    }
    let loaded = load(db, outbox, &seed, &stored).await;
    if loaded.is_err() {
        for (_, path) in &stored {
            pictures.remove(path).await;
        }
    }
    match loaded {
        Ok(()) => {
            tracing::info!(products = seed.products.len(), taxons = seed.taxons.len(), pictures = stored.len(), "demo catalog loaded");
            Ok(true)
        }
        Err(e) if e.downcast_ref::<sqlx::Error>().is_some_and(spa_platform::db::is_unique_violation) => {
            tracing::info!("demo catalog already loaded by another replica");
            Ok(false)
        }
        Err(e) => Err(e),
    }
}

async fn load(db: &Db, outbox: &Outbox, seed: &SeedCatalog, pictures: &[(String, String)]) -> anyhow::Result<()> {
    let mut tx = db.begin().await?;
    insert_structure(&mut tx, seed).await?;
    let mut offers: Vec<&SeedProduct> = seed.products.iter().filter(|p| p.kind != "room").collect();
    // Packages name treatments: those first.
    offers.sort_by_key(|p| (p.kind == "package", p.position));
    let refused = |code: &str, e: CatalogError| anyhow::anyhow!("demo offer {code} refused by the editor: {e:?}");
    for p in &offers {
        crate::editor::save_in(&mut tx, outbox, creation(p)?).await.map_err(|e| refused(&p.code, e))?;
    }
    for p in offers.iter().filter(|p| !p.related.is_empty()) {
        let mut change = creation(p)?;
        change.create = false;
        if let Some(fields) = change.fields.as_mut() {
            fields.related = Some(CodeList { codes: p.related.clone() });
        }
        crate::editor::save_in(&mut tx, outbox, change).await.map_err(|e| refused(&p.code, e))?;
    }
    // Numbered as listed in the demo (ties in listings follow the number),
    // out of each other's way first.
    sqlx::query("UPDATE products SET id = -id WHERE type <> 'room'").execute(&mut *tx).await?;
    for (i, p) in seed.products.iter().enumerate().filter(|(_, p)| p.kind != "room") {
        sqlx::query("UPDATE products SET id = $2, created_at = $3, position = $4, currency = $5 WHERE code = $1")
            .bind(&p.code)
            .bind(i as i64 + 1)
            .bind(&p.created_at)
            .bind(p.position)
            .bind(&p.currency)
            .execute(&mut *tx)
            .await?;
    }
    // The rooms' pages name offers, which are there now.
    for p in seed.products.iter().filter(|p| p.kind == "room") {
        for (pos, related) in p.related.iter().enumerate() {
            sqlx::query("INSERT INTO product_associations (product_code, related_code, position) VALUES ($1, $2, $3)")
                .bind(&p.code)
                .bind(related)
                .bind(pos as i64)
                .execute(&mut *tx)
                .await?;
        }
    }
    for (code, path) in pictures {
        // One SVG serves the page and the card.
        crate::editor::store::insert_picture(&mut tx, code, path, path).await?;
    }
    // Nobody has read this catalog (it was empty, and this transaction
    // holds all of it): the offers' announcements would drop caches that
    // hold none of it, at some moment after start.
    sqlx::query("DELETE FROM outbox WHERE subject = $1")
        .bind(<spa_proto::events::ProductChanged as spa_proto::EventMessage>::SUBJECT)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// The back office's request creating `p` (its offers shown with it aside:
/// they may not exist yet).
fn creation(p: &SeedProduct) -> anyhow::Result<SaveProductRequest> {
    let kind = ProductType::parse(&p.kind).ok_or_else(|| anyhow::anyhow!("demo offer {}: unknown type {}", p.code, p.kind))?;
    let text = |texts: &Text, locale: &str| texts.get(locale).cloned().unwrap_or_default();
    let package = match &p.treatments {
        Some(rules) if kind == ProductType::Package => {
            Some(PackageSetup { nights: u32::try_from(p.num_nights)?, rules: serde_json::from_value(rules.clone())? })
        }
        _ => None,
    };
    let fields = Fields {
        published: true,
        translations: p
            .name
            .iter()
            .map(|(locale, name)| {
                let texts = Texts {
                    name: name.clone(),
                    slug: text(&p.slug, locale),
                    description: text(&p.description, locale),
                    ..Texts::default()
                };
                (locale.clone(), texts)
            })
            .collect(),
        price: p.price,
        original_price: p.original_price,
        duration_minutes: p.duration_minutes.map(u32::try_from).transpose()?,
        age_restriction: p.age_restriction,
        available_from: p.available_from.clone(),
        available_to: p.available_to.clone(),
        // The categories beside the main one.
        taxons: Some(p.taxons.iter().filter(|t| **t != p.main_taxon).cloned().collect()),
        voucher_values: p.voucher_values.clone().map(serde_json::from_value).transpose()?,
        package,
        ..Fields::default()
    };
    Ok(SaveProductRequest {
        code: p.code.clone(),
        create: true,
        r#type: kind.wire(),
        main_taxon: p.main_taxon.clone(),
        fields: Some(crate::editor::store::wire_of(&fields)),
        staff: DEMO_STAFF.to_owned(),
        stock_was: None,
    })
}

/// Who the demo's offers were created by, in their history.
const DEMO_STAFF: &str = "demo data";

/// Moves the pictures of products seeded before pictures were stored (named
/// by `products.image`, served from the gateway's `/media`) into the picture
/// store: each becomes its product's first picture, unless pictures were
/// uploaded meanwhile (which guests saw instead). Returns how many moved.
pub async fn move_seed_pictures(db: &Db, outbox: &Outbox, pictures: &PictureStore) -> Result<usize, CatalogError> {
    let rows = sqlx::query("SELECT code, type, image FROM products WHERE image IS NOT NULL ORDER BY code").fetch_all(db.pool()).await?;
    let mut moved = 0;
    for row in rows {
        let (code, kind, image): (String, String, String) = (row.try_get("code")?, row.try_get("type")?, row.try_get("image")?);
        let path = PictureStore::new_demo_path(&code);
        let data = media(&image);
        if let Some(data) = data {
            pictures.put(&path, data.to_vec()).await?;
        }
        let mut tx = db.begin().await?;
        // The claim: a replica moving the same picture at once finds it gone.
        let claimed =
            sqlx::query("UPDATE products SET image = NULL WHERE code = $1 AND image IS NOT NULL").bind(&code).execute(&mut *tx).await?;
        let uploaded: i64 = sqlx::query("SELECT COUNT(*) FROM product_pictures WHERE product_code = $1")
            .bind(&code)
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        if claimed.rows_affected() == 0 || uploaded > 0 || data.is_none() {
            tx.commit().await?;
            if data.is_some() {
                pictures.remove(&path).await;
            }
            continue;
        }
        crate::editor::store::insert_picture(&mut tx, &code, &path, &path).await?;
        outbox.add(&mut tx, &events::product_changed(&code, ProductType::parse(&kind))).await?;
        tx.commit().await?;
        moved += 1;
    }
    if moved > 0 {
        outbox.wake();
    }
    Ok(moved)
}

/// The exchange rates (first: the claim on an empty store), the
/// categories and the rooms' pages.
async fn insert_structure(tx: &mut Tx, seed: &SeedCatalog) -> Result<(), sqlx::Error> {
    for (currency, ppm) in RATES {
        sqlx::query("INSERT INTO exchange_rates (currency, rate_ppm) VALUES ($1, $2)").bind(currency).bind(ppm).execute(&mut **tx).await?;
    }
    for t in &seed.taxons {
        sqlx::query("INSERT INTO taxons (code, parent, position) VALUES ($1, $2, $3)")
            .bind(&t.code)
            .bind(&t.parent)
            .bind(t.position)
            .execute(&mut **tx)
            .await?;
        for (locale, name) in &t.name {
            sqlx::query("INSERT INTO taxon_translations (taxon_code, locale, name, slug) VALUES ($1, $2, $3, $4)")
                .bind(&t.code)
                .bind(locale)
                .bind(name)
                .bind(t.slug.get(locale).unwrap_or(name))
                .execute(&mut **tx)
                .await?;
        }
    }
    for (i, p) in seed.products.iter().enumerate().filter(|(_, p)| p.kind == "room") {
        let details = serde_json::json!({
            "treatments": p.treatments,
            "room": p.room,
            "voucherValues": p.voucher_values,
        });
        sqlx::query(
            "INSERT INTO products (id, code, type, position, price, original_price, currency, num_nights, duration_minutes, \
             age_restricted, available_from, available_to, created_at, main_taxon, image, details) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
        )
        .bind(i as i64 + 1)
        .bind(&p.code)
        .bind(&p.kind)
        .bind(p.position)
        .bind(p.price)
        .bind(p.original_price)
        .bind(&p.currency)
        .bind(p.num_nights)
        .bind(p.duration_minutes)
        .bind(i64::from(p.age_restriction))
        .bind(&p.available_from)
        .bind(&p.available_to)
        .bind(&p.created_at)
        .bind(&p.main_taxon)
        .bind(None::<String>)
        .bind(details.to_string())
        .execute(&mut **tx)
        .await?;
        for (locale, name) in &p.name {
            sqlx::query("INSERT INTO product_translations (product_code, locale, name, slug, description) VALUES ($1, $2, $3, $4, $5)")
                .bind(&p.code)
                .bind(locale)
                .bind(name)
                .bind(p.slug.get(locale).unwrap_or(name))
                .bind(p.description.get(locale).map(String::as_str).unwrap_or_default())
                .execute(&mut **tx)
                .await?;
        }
        for (pos, taxon) in p.taxons.iter().enumerate() {
            sqlx::query("INSERT INTO product_taxons (product_code, taxon_code, position) VALUES ($1, $2, $3)")
                .bind(&p.code)
                .bind(taxon)
                .bind(pos as i64)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
