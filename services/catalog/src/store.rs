//! Queries over the catalog's tables. Texts come in the requested locale and
//! fall back to Polish where a translation is missing.

use std::collections::HashMap;

use serde::Deserialize;
use spa_platform::db::Db;
use spa_proto::spa::catalog::v1::{Image, PriceStats, Product, RoomFacts, Taxon};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::domain::package::PackageRules;
use crate::domain::taxons::TaxonEntry;
use crate::domain::{self, FALLBACK_LOCALE, OfferQuery, ProductType, Sorting};
use crate::events;

/// The day prices are for: a promotion runs or not by it.
fn today(db: &Db) -> String {
    db.clock().today().format("%Y-%m-%d").to_string()
}

/// Whether the product's promotion runs `today` (YYYY-MM-DD, from the
/// clock: safe to write into the SQL): an original price and today within
/// its dates, each inclusive and open when unset.
fn promotion_runs(today: &str) -> String {
    format!(
        "(p.original_price IS NOT NULL AND (p.promotion_from IS NULL OR p.promotion_from <= '{today}') \
         AND (p.promotion_to IS NULL OR p.promotion_to >= '{today}'))"
    )
}

/// What the product sells at `today`: the promotional price while its
/// promotion runs, the original price outside its dates.
fn price_now(today: &str) -> String {
    format!("(CASE WHEN {} THEN p.price ELSE COALESCE(p.original_price, p.price) END)", promotion_runs(today))
}

/// The current price in base-currency minor units, rounded like
/// [`domain::to_base`] (prices are never negative).
fn base_price(today: &str) -> String {
    format!("(({} * COALESCE(r.rate_ppm, 1000000) + 500000) / 1000000)", price_now(today))
}

fn product_columns(today: &str) -> String {
    format!(
        "p.id, p.code, p.type, {price} AS price, (CASE WHEN {runs} THEN p.original_price END) AS original_price, p.currency, \
         p.num_nights, p.duration_minutes, p.age_restricted, p.available_from, p.available_to, p.created_at, p.main_taxon, p.image, \
         p.details, p.stock, COALESCE(r.rate_ppm, 1000000) AS rate_ppm, {base} AS base_price, \
         COALESCE((SELECT tx.position FROM product_taxons pt0 JOIN taxons tx ON tx.code = pt0.taxon_code \
                   WHERE pt0.product_code = p.code AND pt0.position = 0), 0) AS taxon_position, \
         COALESCE(t.name, f.name) AS name, COALESCE(t.slug, f.slug) AS slug, COALESCE(t.description, f.description) AS description",
        price = price_now(today),
        runs = promotion_runs(today),
        base = base_price(today),
    )
}

const PRODUCT_JOINS: &str = "FROM products p \
     LEFT JOIN product_translations t ON t.product_code = p.code AND t.locale = $1 \
     LEFT JOIN product_translations f ON f.product_code = p.code AND f.locale = $2 \
     LEFT JOIN exchange_rates r ON r.currency = p.currency";

/// What `products.details` holds besides the columns.
#[derive(Deserialize, Default, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Details {
    pub treatments: Option<PackageRules>,
    pub room: Option<RoomJson>,
    pub voucher_values: Option<Vec<i64>>,
}

#[derive(Deserialize, Clone, Copy, Debug)]
#[serde(rename_all = "camelCase")]
pub struct RoomJson {
    pub occupancy: u32,
    pub max_occupancy: u32,
    pub extra_bed: bool,
    pub average_rating: f64,
    #[serde(default)]
    pub area_m2: u32,
}

pub fn details(raw: &str) -> Details {
    serde_json::from_str(raw).unwrap_or_default()
}

/// A row's product type, as the wire carries it.
fn coded_type(row: &AnyRow) -> Result<i32, sqlx::Error> {
    let code: String = row.try_get("type")?;
    ProductType::parse(&code).map(ProductType::wire).ok_or_else(|| sqlx::Error::Decode(format!("type: unknown code {code}").into()))
}

fn product_from_row(row: &AnyRow) -> Result<Product, sqlx::Error> {
    let rate: i64 = row.try_get("rate_ppm")?;
    let currency: String = row.try_get("currency")?;
    let image: Option<String> = row.try_get("image")?;
    let details = details(&row.try_get::<String, _>("details")?);
    Ok(Product {
        id: row.try_get("id")?,
        code: row.try_get("code")?,
        variant_code: row.try_get("code")?,
        r#type: coded_type(row)?,
        name: row.try_get::<Option<String>, _>("name")?.unwrap_or_default(),
        slug: row.try_get::<Option<String>, _>("slug")?.unwrap_or_default(),
        description: row.try_get::<Option<String>, _>("description")?.unwrap_or_default(),
        images: image.map(|i| Image { path: format!("/media/{i}"), listing: String::new() }).into_iter().collect(),
        price: Some(domain::price(row.try_get("price")?, row.try_get("original_price")?, &currency, rate)),
        num_nights: row.try_get::<i64, _>("num_nights")? as u32,
        duration_minutes: row.try_get::<Option<i64>, _>("duration_minutes")?.unwrap_or_default() as u32,
        age_restriction: row.try_get::<i64, _>("age_restricted")? != 0,
        available_from: row.try_get::<Option<String>, _>("available_from")?.unwrap_or_default(),
        available_to: row.try_get::<Option<String>, _>("available_to")?.unwrap_or_default(),
        main_taxon: row.try_get::<Option<String>, _>("main_taxon")?.unwrap_or_default(),
        other_taxons: Vec::new(),
        created_at: row.try_get("created_at")?,
        treatments: None,
        room: details.room.map(|r| RoomFacts {
            occupancy: r.occupancy,
            max_occupancy: r.max_occupancy,
            extra_bed: r.extra_bed,
            average_rating: r.average_rating,
            area_m2: r.area_m2,
        }),
        voucher_values: details.voucher_values.unwrap_or_default(),
        taxon_position: row.try_get::<i64, _>("taxon_position")? as u32,
        stock: row.try_get("stock")?,
    })
}

enum Param {
    Text(String),
    Int(i64),
}

/// The WHERE clause of a listing and its parameters, numbered from `$first`.
fn filter_sql(q: &OfferQuery, today: &str, with_price: bool, first: usize) -> (String, Vec<Param>) {
    let mut params = vec![Param::Text(q.kind.code().to_owned())];
    // Guests see published products only.
    let mut sql = format!("p.type = ${first} AND p.published = 1");
    let next = |params: &Vec<Param>| params.len() + first;
    if q.nights > 0 {
        sql.push_str(&format!(" AND p.num_nights = ${}", next(&params)));
        params.push(Param::Int(i64::from(q.nights)));
    }
    if !q.taxons.is_empty() {
        let start = next(&params);
        let list: Vec<String> = (0..q.taxons.len()).map(|i| format!("${}", start + i)).collect();
        let list = list.join(", ");
        sql.push_str(&format!(
            " AND (p.main_taxon IN ({list}) OR EXISTS (SELECT 1 FROM product_taxons px WHERE px.product_code = p.code AND px.taxon_code IN ({list})))"
        ));
        params.extend(q.taxons.iter().cloned().map(Param::Text));
    }
    if with_price {
        if let Some(from) = q.price_from {
            sql.push_str(&format!(" AND {} >= ${}", base_price(today), next(&params)));
            params.push(Param::Int(from));
        }
        if let Some(to) = q.price_to {
            sql.push_str(&format!(" AND {} <= ${}", base_price(today), next(&params)));
            params.push(Param::Int(to));
        }
    }
    (sql, params)
}

fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    params: &'q [Param],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for p in params {
        query = match p {
            Param::Text(s) => query.bind(s.as_str()),
            Param::Int(i) => query.bind(*i),
        };
    }
    query
}

fn order_by(sorting: Sorting) -> &'static str {
    match sorting {
        Sorting::TaxonsPositionAsc => "taxon_position, p.position, p.id",
        Sorting::PriceAsc => "base_price, p.position, p.id",
        Sorting::PriceDesc => "base_price DESC, p.position, p.id",
        Sorting::Latest => "p.created_at DESC, p.id DESC",
        Sorting::Oldest => "p.created_at, p.id",
        Sorting::PositionAsc => "p.position, p.id",
    }
}

/// One page of a listing, and how many products match in all.
#[derive(Debug)]
pub struct OfferPage {
    pub items: Vec<Product>,
    pub total: u32,
}

/// One page of a filtered listing, and how many products match in all.
pub async fn list_offers(db: &Db, q: &OfferQuery) -> Result<OfferPage, sqlx::Error> {
    let today = today(db);
    let (filter, params) = filter_sql(q, &today, true, 1);
    let count_sql = format!("SELECT COUNT(*) FROM products p LEFT JOIN exchange_rates r ON r.currency = p.currency WHERE {filter}");
    let total: i64 = bind_all(sqlx::query(&count_sql), &params).fetch_one(db.pool()).await?.try_get(0)?;
    let (filter, params) = filter_sql(q, &today, true, 3);
    let n = params.len() + 3;
    let sql = format!(
        "SELECT {} {PRODUCT_JOINS} WHERE {filter} ORDER BY {} LIMIT ${n} OFFSET ${}",
        product_columns(&today),
        order_by(q.sorting),
        n + 1
    );
    let rows = bind_all(sqlx::query(&sql).bind(q.locale.as_str()).bind(FALLBACK_LOCALE), &params)
        .bind(i64::from(q.limit))
        .bind(i64::from(q.page.saturating_sub(1)) * i64::from(q.limit))
        .fetch_all(db.pool())
        .await?;
    let mut items = rows.iter().map(product_from_row).collect::<Result<Vec<_>, _>>()?;
    attach_taxons(db, &q.locale, &mut items).await?;
    attach_pictures(db, &mut items).await?;
    Ok(OfferPage { items, total: total as u32 })
}

/// Lowest and highest base price of the listing without its price bounds,
/// so a price slider keeps its range while it filters.
pub async fn price_stats(db: &Db, q: &OfferQuery) -> Result<PriceStats, sqlx::Error> {
    let today = today(db);
    let (filter, params) = filter_sql(q, &today, false, 1);
    let base = base_price(&today);
    let sql = format!(
        "SELECT MIN({base}) AS lo, MAX({base}) AS hi FROM products p LEFT JOIN exchange_rates r ON r.currency = p.currency WHERE {filter}"
    );
    let row = bind_all(sqlx::query(&sql), &params).fetch_one(db.pool()).await?;
    Ok(PriceStats {
        min: row.try_get::<Option<i64>, _>("lo")?.unwrap_or_default(),
        max: row.try_get::<Option<i64>, _>("hi")?.unwrap_or_default(),
        currency: domain::BASE_CURRENCY.to_owned(),
    })
}

/// Published products by code, in the order asked; unknown and unpublished codes are left out.
pub async fn products_by_code(db: &Db, codes: &[String], locale: &str) -> Result<Vec<Product>, sqlx::Error> {
    if codes.is_empty() {
        return Ok(Vec::new());
    }
    let list: Vec<String> = (0..codes.len()).map(|i| format!("${}", i + 3)).collect();
    let sql = format!("SELECT {} {PRODUCT_JOINS} WHERE p.published = 1 AND p.code IN ({})", product_columns(&today(db)), list.join(", "));
    let mut query = sqlx::query(&sql).bind(locale).bind(FALLBACK_LOCALE);
    for code in codes {
        query = query.bind(code.as_str());
    }
    let rows = query.fetch_all(db.pool()).await?;
    let mut found: HashMap<String, Product> = HashMap::new();
    for row in &rows {
        let p = product_from_row(row)?;
        found.insert(p.code.clone(), p);
    }
    let mut items: Vec<Product> = codes.iter().filter_map(|c| found.remove(c)).collect();
    attach_taxons(db, locale, &mut items).await?;
    attach_pictures(db, &mut items).await?;
    Ok(items)
}

/// A product with what its details hold besides the wire's fields.
#[derive(Debug)]
pub struct StoredProduct {
    pub product: Product,
    pub details: Details,
}

/// One product by code or by its slug in `locale` (or Polish), with the raw
/// details for the package rules.
pub async fn product(db: &Db, code: Option<&str>, slug: Option<&str>, locale: &str) -> Result<Option<StoredProduct>, sqlx::Error> {
    let (condition, key) = match (code, slug) {
        (Some(c), _) => ("p.code = $3", c),
        (None, Some(s)) => (
            "p.code = (SELECT s.product_code FROM product_translations s WHERE s.slug = $3 \
             ORDER BY CASE WHEN s.locale = $1 THEN 0 WHEN s.locale = $2 THEN 1 ELSE 2 END LIMIT 1)",
            s,
        ),
        (None, None) => return Ok(None),
    };
    let sql = format!("SELECT {} {PRODUCT_JOINS} WHERE p.published = 1 AND {condition}", product_columns(&today(db)));
    let Some(row) = sqlx::query(&sql).bind(locale).bind(FALLBACK_LOCALE).bind(key).fetch_optional(db.pool()).await? else {
        return Ok(None);
    };
    let details = details(&row.try_get::<String, _>("details")?);
    let mut items = vec![product_from_row(&row)?];
    attach_taxons(db, locale, &mut items).await?;
    attach_pictures(db, &mut items).await?;
    Ok(items.pop().map(|product| StoredProduct { product, details }))
}

/// Codes of the products associated with `code`, in their order.
pub async fn related_codes(db: &Db, code: &str) -> Result<Vec<String>, sqlx::Error> {
    let rows = sqlx::query("SELECT related_code FROM product_associations WHERE product_code = $1 ORDER BY position")
        .bind(code)
        .fetch_all(db.pool())
        .await?;
    rows.iter().map(|r| r.try_get(0)).collect()
}

/// A product with uploaded pictures shows them, in their order, instead of its seed picture.
async fn attach_pictures(db: &Db, items: &mut [Product]) -> Result<(), sqlx::Error> {
    if items.is_empty() {
        return Ok(());
    }
    let index: HashMap<String, usize> = items.iter().enumerate().map(|(i, p)| (p.code.clone(), i)).collect();
    let placeholders: Vec<String> = (1..=items.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT product_code, page_path, listing_path FROM product_pictures WHERE product_code IN ({}) ORDER BY product_code, position",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for p in items.iter() {
        query = query.bind(p.code.clone());
    }
    let mut uploaded: HashMap<usize, Vec<Image>> = HashMap::new();
    for row in query.fetch_all(db.pool()).await? {
        let code: String = row.try_get("product_code")?;
        if let Some(&i) = index.get(&code) {
            uploaded.entry(i).or_default().push(Image { path: row.try_get("page_path")?, listing: row.try_get("listing_path")? });
        }
    }
    for (i, images) in uploaded {
        items[i].images = images;
    }
    Ok(())
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

/// Every taxon, localized, in their order.
pub async fn taxons(db: &Db, locale: &str) -> Result<Vec<TaxonEntry>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT x.code, x.parent, x.position, COALESCE(t.name, f.name) AS name, COALESCE(t.slug, f.slug) AS slug FROM taxons x \
         LEFT JOIN taxon_translations t ON t.taxon_code = x.code AND t.locale = $1 \
         LEFT JOIN taxon_translations f ON f.taxon_code = x.code AND f.locale = $2 ORDER BY x.position, x.code",
    )
    .bind(locale)
    .bind(FALLBACK_LOCALE)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(TaxonEntry {
                code: r.try_get("code")?,
                parent: r.try_get("parent")?,
                position: r.try_get("position")?,
                name: r.try_get::<Option<String>, _>("name")?.unwrap_or_default(),
                slug: r.try_get::<Option<String>, _>("slug")?.unwrap_or_default(),
            })
        })
        .collect()
}

/// A product's price becomes `price` (minor units), any promotion over,
/// and `catalog.product.changed` tells every cache, in one transaction;
/// whether the product exists.
pub async fn set_price(db: &Db, outbox: &spa_platform::outbox::Outbox, code: &str, price: i64) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    let product_type: Option<String> =
        sqlx::query_scalar("UPDATE products SET price = $2, original_price = NULL WHERE code = $1 RETURNING type")
            .bind(code)
            .bind(price)
            .fetch_optional(&mut *tx)
            .await?;
    let Some(product_type) = product_type else {
        tx.rollback().await?;
        return Ok(false);
    };
    outbox.add(&mut tx, &events::product_changed(code, ProductType::parse(&product_type))).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(true)
}
