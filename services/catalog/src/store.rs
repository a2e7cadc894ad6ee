//! Queries over the catalog's tables. Texts come in the requested locale and
//! fall back to Polish where a translation is missing.

use std::collections::HashMap;

use spa_platform::db::Db;
use spa_proto::spa::catalog::v1::{Image, PriceStats, Product, Taxon};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::domain::{self, FALLBACK_LOCALE};

const PRODUCT_COLUMNS: &str = "p.id, p.code, p.type, p.price, p.original_price, p.currency, p.num_nights, \
     p.duration_minutes, p.age_restricted, p.available_from, p.available_to, p.created_at, p.main_taxon, p.image, \
     COALESCE(r.rate_ppm, 1000000) AS rate_ppm, \
     COALESCE(t.name, f.name) AS name, COALESCE(t.slug, f.slug) AS slug, COALESCE(t.description, f.description) AS description";

const PRODUCT_JOINS: &str = "FROM products p \
     LEFT JOIN product_translations t ON t.product_code = p.code AND t.locale = $1 \
     LEFT JOIN product_translations f ON f.product_code = p.code AND f.locale = $2 \
     LEFT JOIN exchange_rates r ON r.currency = p.currency";

fn product_from_row(row: &AnyRow) -> Result<Product, sqlx::Error> {
    let rate: i64 = row.try_get("rate_ppm")?;
    let currency: String = row.try_get("currency")?;
    let image: Option<String> = row.try_get("image")?;
    Ok(Product {
        id: row.try_get("id")?,
        code: row.try_get("code")?,
        variant_code: row.try_get("code")?,
        r#type: row.try_get("type")?,
        name: row.try_get::<Option<String>, _>("name")?.unwrap_or_default(),
        slug: row.try_get::<Option<String>, _>("slug")?.unwrap_or_default(),
        description: row.try_get::<Option<String>, _>("description")?.unwrap_or_default(),
        images: image.map(|i| Image { path: format!("/media/{i}") }).into_iter().collect(),
        price: Some(domain::price(row.try_get("price")?, row.try_get("original_price")?, &currency, rate)),
        num_nights: row.try_get::<i64, _>("num_nights")? as u32,
        duration_minutes: row.try_get::<Option<i64>, _>("duration_minutes")?.unwrap_or_default() as u32,
        age_restriction: row.try_get::<i64, _>("age_restricted")? != 0,
        available_from: row.try_get::<Option<String>, _>("available_from")?.unwrap_or_default(),
        available_to: row.try_get::<Option<String>, _>("available_to")?.unwrap_or_default(),
        main_taxon: row.try_get::<Option<String>, _>("main_taxon")?.unwrap_or_default(),
        other_taxons: Vec::new(),
        created_at: row.try_get("created_at")?,
    })
}

/// One page of a type's products in position order, and the type's total.
pub async fn list_offers(db: &Db, kind: &str, locale: &str, page: u32, limit: u32) -> Result<(Vec<Product>, u32), sqlx::Error> {
    let total: i64 = sqlx::query("SELECT COUNT(*) FROM products WHERE type = $1").bind(kind).fetch_one(db.pool()).await?.try_get(0)?;
    let sql = format!("SELECT {PRODUCT_COLUMNS} {PRODUCT_JOINS} WHERE p.type = $3 ORDER BY p.position, p.id LIMIT $4 OFFSET $5");
    let rows = sqlx::query(&sql)
        .bind(locale)
        .bind(FALLBACK_LOCALE)
        .bind(kind)
        .bind(i64::from(limit))
        .bind(i64::from(page.saturating_sub(1)) * i64::from(limit))
        .fetch_all(db.pool())
        .await?;
    let mut items = rows.iter().map(product_from_row).collect::<Result<Vec<_>, _>>()?;
    attach_taxons(db, locale, &mut items).await?;
    Ok((items, total as u32))
}

/// Products by code, in the order asked; unknown codes are left out.
pub async fn products_by_code(db: &Db, codes: &[String], locale: &str) -> Result<Vec<Product>, sqlx::Error> {
    let mut items = Vec::with_capacity(codes.len());
    let sql = format!("SELECT {PRODUCT_COLUMNS} {PRODUCT_JOINS} WHERE p.code = $3");
    for code in codes {
        if let Some(row) = sqlx::query(&sql).bind(locale).bind(FALLBACK_LOCALE).bind(code).fetch_optional(db.pool()).await? {
            items.push(product_from_row(&row)?);
        }
    }
    attach_taxons(db, locale, &mut items).await?;
    Ok(items)
}

/// Fills each product's non-main taxons, in their order.
async fn attach_taxons(db: &Db, locale: &str, items: &mut [Product]) -> Result<(), sqlx::Error> {
    if items.is_empty() {
        return Ok(());
    }
    let index: HashMap<String, usize> = items.iter().enumerate().map(|(i, p)| (p.code.clone(), i)).collect();
    let placeholders: Vec<String> = (0..items.len()).map(|i| format!("${}", i + 3)).collect();
    let sql = format!(
        "SELECT pt.product_code, pt.taxon_code, COALESCE(t.name, f.name) AS name FROM product_taxons pt \
         LEFT JOIN taxon_translations t ON t.taxon_code = pt.taxon_code AND t.locale = $1 \
         LEFT JOIN taxon_translations f ON f.taxon_code = pt.taxon_code AND f.locale = $2 \
         WHERE pt.product_code IN ({}) ORDER BY pt.product_code, pt.position",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(locale).bind(FALLBACK_LOCALE);
    for p in items.iter() {
        query = query.bind(p.code.clone());
    }
    for row in query.fetch_all(db.pool()).await? {
        let code: String = row.try_get("product_code")?;
        if let Some(&i) = index.get(&code) {
            items[i]
                .other_taxons
                .push(Taxon { code: row.try_get("taxon_code")?, name: row.try_get::<Option<String>, _>("name")?.unwrap_or_default() });
        }
    }
    Ok(())
}

/// Lowest and highest current price of a type, in the base currency.
pub async fn price_stats(db: &Db, kind: &str) -> Result<PriceStats, sqlx::Error> {
    let row = sqlx::query(
        "SELECT MIN(p.price * COALESCE(r.rate_ppm, 1000000) / 1000000) AS lo, MAX(p.price * COALESCE(r.rate_ppm, 1000000) / 1000000) AS hi \
         FROM products p LEFT JOIN exchange_rates r ON r.currency = p.currency WHERE p.type = $1",
    )
    .bind(kind)
    .fetch_one(db.pool())
    .await?;
    Ok(PriceStats {
        min: row.try_get::<Option<i64>, _>("lo")?.unwrap_or_default(),
        max: row.try_get::<Option<i64>, _>("hi")?.unwrap_or_default(),
        currency: domain::BASE_CURRENCY.to_owned(),
    })
}
