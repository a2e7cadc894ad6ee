//! The back office's SQL over the catalog's tables: every product with all
//! its languages, a product's row and texts rewritten, new products, and the
//! stock orders take.

use std::collections::BTreeMap;

use spa_platform::db::{Db, Tx};
use spa_proto::spa::catalog::v1::{
    AdminProductSummary, AmountList, CodeList, EditableProduct, PackageFields, PackageTreatmentRule, ProductFields, ProductTexts,
};
use sqlx::Row;

use crate::domain::ProductType;
use crate::domain::editor::{Fields, LOCALES, PackageSetup, Texts};
use crate::domain::package::{AdditionalRule, PackageRules, TreatmentRule};

/// The editable fields of the wire, as the rules take them.
pub fn fields_of(f: ProductFields) -> Fields {
    let date = |d: String| Some(d).filter(|d| !d.is_empty());
    Fields {
        published: f.published,
        translations: f
            .translations
            .into_iter()
            .map(|(locale, t)| {
                (
                    locale,
                    Texts {
                        name: t.name,
                        slug: t.slug,
                        description: t.description,
                        meta_title: t.meta_title,
                        meta_description: t.meta_description,
                    },
                )
            })
            .collect(),
        price: f.price,
        original_price: f.original_price,
        stock: f.stock,
        duration_minutes: f.duration_minutes,
        age_restriction: f.age_restriction,
        available_from: date(f.available_from),
        available_to: date(f.available_to),
        promotion_from: date(f.promotion_from),
        promotion_to: date(f.promotion_to),
        taxons: f.taxons.map(|l| l.codes),
        related: f.related.map(|l| l.codes),
        voucher_values: f.voucher_values.map(|l| l.amounts),
        package: f.package.map(|p| PackageSetup {
            nights: p.nights,
            rules: PackageRules {
                primary: p
                    .included
                    .into_iter()
                    .map(|t| TreatmentRule {
                        code: t.code.trim().to_owned(),
                        quantity: t.quantity,
                        min_quantity: t.min_quantity,
                        max_quantity: t.max_quantity,
                        free: t.free,
                        deletable: t.deletable,
                        replacable: t.replacable,
                        delete_permanently: t.delete_permanently,
                    })
                    .collect(),
                additional: p.suggested.into_iter().map(|code| AdditionalRule { code: code.trim().to_owned() }).collect(),
                min_treatments: p.min_treatments,
            },
        }),
    }
}

/// The editable fields as the wire carries them (the editor's answers, the demo's requests).
pub fn wire_of(f: &Fields) -> ProductFields {
    ProductFields {
        published: f.published,
        translations: f
            .translations
            .iter()
            .map(|(locale, t)| {
                (
                    locale.clone(),
                    ProductTexts {
                        name: t.name.clone(),
                        slug: t.slug.clone(),
                        description: t.description.clone(),
                        meta_title: t.meta_title.clone(),
                        meta_description: t.meta_description.clone(),
                    },
                )
            })
            .collect(),
        price: f.price,
        original_price: f.original_price,
        stock: f.stock,
        duration_minutes: f.duration_minutes,
        age_restriction: f.age_restriction,
        available_from: f.available_from.clone().unwrap_or_default(),
        available_to: f.available_to.clone().unwrap_or_default(),
        promotion_from: f.promotion_from.clone().unwrap_or_default(),
        promotion_to: f.promotion_to.clone().unwrap_or_default(),
        taxons: f.taxons.clone().map(|codes| CodeList { codes }),
        related: f.related.clone().map(|codes| CodeList { codes }),
        voucher_values: f.voucher_values.clone().map(|amounts| AmountList { amounts }),
        package: f.package.as_ref().map(|p| PackageFields {
            nights: p.nights,
            included: p
                .rules
                .primary
                .iter()
                .map(|t| PackageTreatmentRule {
                    code: t.code.clone(),
                    quantity: t.quantity,
                    min_quantity: t.min_quantity,
                    max_quantity: t.max_quantity,
                    free: t.free,
                    deletable: t.deletable,
                    replacable: t.replacable,
                    delete_permanently: t.delete_permanently,
                })
                .collect(),
            suggested: p.rules.additional.iter().map(|t| t.code.clone()).collect(),
            min_treatments: p.rules.min_treatments,
        }),
    }
}

/// Every product's texts, by product code and locale.
async fn texts(db: &Db, code: Option<&str>) -> Result<BTreeMap<String, BTreeMap<String, Texts>>, sqlx::Error> {
    let sql = "SELECT product_code, locale, name, slug, description, meta_title, meta_description FROM product_translations \
               WHERE $1 = '' OR product_code = $1";
    let mut all: BTreeMap<String, BTreeMap<String, Texts>> = BTreeMap::new();
    for r in sqlx::query(sql).bind(code.unwrap_or_default()).fetch_all(db.pool()).await? {
        let texts = Texts {
            name: r.try_get("name")?,
            slug: r.try_get("slug")?,
            description: r.try_get("description")?,
            meta_title: r.try_get("meta_title")?,
            meta_description: r.try_get("meta_description")?,
        };
        all.entry(r.try_get("product_code")?).or_default().insert(r.try_get("locale")?, texts);
    }
    Ok(all)
}

fn kind_of(code: &str) -> i32 {
    ProductType::parse(code).map_or(0, ProductType::wire)
}

/// Every product of `kind` (all without one) whose code or name (in any
/// language) holds `q`, in the listings' order; named in `locale`.
pub async fn list(db: &Db, kind: Option<ProductType>, q: &str, locale: &str) -> Result<Vec<AdminProductSummary>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT code, type, price, original_price, published, stock, image, \
         (SELECT listing_path FROM product_pictures pp WHERE pp.product_code = p.code ORDER BY position LIMIT 1) AS picture \
         FROM products p WHERE ($1 = '' OR type = $1) ORDER BY type, position, id",
    )
    .bind(kind.map_or("", ProductType::code))
    .fetch_all(db.pool())
    .await?;
    let texts = texts(db, None).await?;
    let needle = q.trim().to_lowercase();
    let mut items = Vec::new();
    for r in rows {
        let code: String = r.try_get("code")?;
        let own = texts.get(&code).cloned().unwrap_or_default();
        let name = own.get(locale).or_else(|| own.get("pl")).map(|t| t.name.clone()).unwrap_or_default();
        let matches =
            needle.is_empty() || code.to_lowercase().contains(&needle) || own.values().any(|t| t.name.to_lowercase().contains(&needle));
        if !matches {
            continue;
        }
        items.push(AdminProductSummary {
            r#type: kind_of(&r.try_get::<String, _>("type")?),
            name,
            price: r.try_get("price")?,
            original_price: r.try_get("original_price")?,
            published: r.try_get::<i64, _>("published")? != 0,
            stock: r.try_get("stock")?,
            missing_locales: LOCALES.iter().filter(|l| !own.contains_key(**l)).map(|l| (*l).to_owned()).collect(),
            image: match r.try_get::<Option<String>, _>("picture")? {
                Some(picture) => picture,
                None => r.try_get::<Option<String>, _>("image")?.map(|i| format!("/media/{i}")).unwrap_or_default(),
            },
            code,
        });
    }
    Ok(items)
}

/// One product as the editor shows it.
pub async fn get(db: &Db, code: &str) -> Result<Option<EditableProduct>, sqlx::Error> {
    let Some(r) = sqlx::query(
        "SELECT code, type, price, original_price, published, stock, duration_minutes, age_restricted, available_from, available_to, \
         promotion_from, promotion_to, main_taxon, image, updated_at, updated_by, details, num_nights FROM products WHERE code = $1",
    )
    .bind(code)
    .fetch_optional(db.pool())
    .await?
    else {
        return Ok(None);
    };
    let codes = |sql: &'static str| async move {
        sqlx::query(sql).bind(code).fetch_all(db.pool()).await?.iter().map(|t| t.try_get(0)).collect::<Result<Vec<String>, _>>()
    };
    let taxons = codes("SELECT taxon_code FROM product_taxons WHERE product_code = $1 ORDER BY position").await?;
    let related = codes("SELECT related_code FROM product_associations WHERE product_code = $1 ORDER BY position").await?;
    let kind = ProductType::parse(&r.try_get::<String, _>("type")?);
    let details = crate::store::details(&r.try_get::<String, _>("details").unwrap_or_default());
    let voucher_values = (kind == Some(ProductType::Voucher)).then(|| details.voucher_values.unwrap_or_default());
    let package = (kind == Some(ProductType::Package)).then(|| PackageSetup {
        nights: u32::try_from(r.try_get::<i64, _>("num_nights").unwrap_or_default()).unwrap_or_default(),
        rules: details.treatments.unwrap_or_default(),
    });
    let fields = Fields {
        published: r.try_get::<i64, _>("published")? != 0,
        translations: texts(db, Some(code)).await?.remove(code).unwrap_or_default(),
        price: r.try_get("price")?,
        original_price: r.try_get("original_price")?,
        stock: r.try_get("stock")?,
        duration_minutes: r.try_get::<Option<i64>, _>("duration_minutes")?.and_then(|d| u32::try_from(d).ok()),
        age_restriction: r.try_get::<i64, _>("age_restricted")? != 0,
        available_from: r.try_get("available_from")?,
        available_to: r.try_get("available_to")?,
        promotion_from: r.try_get("promotion_from")?,
        promotion_to: r.try_get("promotion_to")?,
        taxons: Some(taxons.clone()),
        related: Some(related),
        voucher_values,
        package,
    };
    let uploaded: Vec<String> = pictures(db, code).await?.into_iter().map(|(page, _)| page).collect();
    let seed = r.try_get::<Option<String>, _>("image")?.map(|i| format!("/media/{i}"));
    Ok(Some(EditableProduct {
        code: r.try_get("code")?,
        r#type: kind_of(&r.try_get::<String, _>("type")?),
        fields: Some(wire_of(&fields)),
        main_taxon: r.try_get::<Option<String>, _>("main_taxon")?.unwrap_or_default(),
        taxons,
        images: if uploaded.is_empty() { seed.into_iter().collect() } else { uploaded },
        updated_at_ms: r.try_get("updated_at")?,
        updated_by: r.try_get("updated_by")?,
    }))
}

pub async fn product_type(tx: &mut Tx, code: &str) -> Result<Option<ProductType>, sqlx::Error> {
    let kind: Option<String> = sqlx::query_scalar("SELECT type FROM products WHERE code = $1").bind(code).fetch_optional(&mut **tx).await?;
    Ok(kind.and_then(|k| ProductType::parse(&k)))
}

pub async fn taxon_exists(tx: &mut Tx, code: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("SELECT 1 FROM taxons WHERE code = $1").bind(code).fetch_optional(&mut **tx).await?.is_some())
}

pub async fn product_exists(tx: &mut Tx, code: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("SELECT 1 FROM products WHERE code = $1").bind(code).fetch_optional(&mut **tx).await?.is_some())
}

/// Whether `code` is a treatment (published or not: a package may be prepared before them).
async fn is_treatment(tx: &mut Tx, code: &str) -> Result<bool, sqlx::Error> {
    Ok(product_type(tx, code).await? == Some(ProductType::Treatment))
}

/// The fields naming a category or an offer that is not there (or the
/// product itself among its related offers), or a package's treatment that
/// is not a treatment.
pub async fn unknown_codes(tx: &mut Tx, code: &str, fields: &Fields) -> Result<Vec<String>, sqlx::Error> {
    let mut wrong = Vec::new();
    for (i, taxon) in fields.taxons.iter().flatten().enumerate() {
        if !taxon_exists(tx, taxon).await? {
            wrong.push(format!("taxons[{i}]"));
        }
    }
    for (i, other) in fields.related.iter().flatten().enumerate() {
        if other == code || !product_exists(tx, other).await? {
            wrong.push(format!("related[{i}]"));
        }
    }
    if let Some(package) = &fields.package {
        for (i, t) in package.rules.primary.iter().enumerate() {
            if !t.code.is_empty() && !is_treatment(tx, &t.code).await? {
                wrong.push(format!("package.included[{i}].code"));
            }
        }
        for (i, t) in package.rules.additional.iter().enumerate() {
            if !t.code.is_empty() && !is_treatment(tx, &t.code).await? {
                wrong.push(format!("package.suggested[{i}]"));
            }
        }
    }
    Ok(wrong)
}

/// The first of the product's slugs another product has in any language, as its field.
///
/// Slugs are the shop's, not a language's: a page in a language the
/// product has no texts in is found by its Polish slug, which must not be
/// another product's slug in that language.
pub async fn slug_taken(tx: &mut Tx, code: &str, fields: &Fields) -> Result<Option<String>, sqlx::Error> {
    for (locale, t) in &fields.translations {
        let other = sqlx::query("SELECT 1 FROM product_translations WHERE slug = $1 AND product_code <> $2")
            .bind(&t.slug)
            .bind(code)
            .fetch_optional(&mut **tx)
            .await?;
        if other.is_some() {
            return Ok(Some(format!("translations.{locale}.slug")));
        }
    }
    Ok(None)
}

/// A new product's row, last of its type, created today, in PLN.
pub async fn insert(tx: &mut Tx, code: &str, kind: ProductType, main_taxon: &str) -> Result<(), sqlx::Error> {
    let today = chrono::DateTime::from_timestamp_millis(tx.now_ms()).unwrap_or_default().date_naive().to_string();
    sqlx::query(
        "INSERT INTO products (id, code, type, position, price, currency, num_nights, age_restricted, created_at, main_taxon, details, published) \
         VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM products), $1, $2, \
                 (SELECT COALESCE(MAX(position), 0) + 1 FROM products WHERE type = $2), 0, 'PLN', 0, 0, $3, $4, '{}', 0)",
    )
    .bind(code)
    .bind(kind.code())
    .bind(today)
    .bind(main_taxon)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The product's fields (its stock aside: [`set_stock`]) and texts as `fields` has them, its change kept.
pub async fn update(tx: &mut Tx, code: &str, fields: &Fields, staff: &str) -> Result<(), sqlx::Error> {
    let at = tx.now_ms();
    sqlx::query(
        "UPDATE products SET published = $2, price = $3, original_price = $4, duration_minutes = $5, age_restricted = $6, \
         available_from = $7, available_to = $8, updated_at = $9, updated_by = $10, promotion_from = $11, promotion_to = $12 \
         WHERE code = $1",
    )
    .bind(code)
    .bind(i64::from(fields.published))
    .bind(fields.price)
    .bind(fields.original_price)
    .bind(fields.duration_minutes.map(i64::from))
    .bind(i64::from(fields.age_restriction))
    .bind(fields.available_from.as_deref())
    .bind(fields.available_to.as_deref())
    .bind(at)
    .bind(staff)
    .bind(fields.promotion_from.as_deref())
    .bind(fields.promotion_to.as_deref())
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM product_translations WHERE product_code = $1").bind(code).execute(&mut **tx).await?;
    for (locale, t) in &fields.translations {
        sqlx::query(
            "INSERT INTO product_translations (product_code, locale, name, slug, description, meta_title, meta_description) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(code)
        .bind(locale)
        .bind(&t.name)
        .bind(&t.slug)
        .bind(&t.description)
        .bind(&t.meta_title)
        .bind(&t.meta_description)
        .execute(&mut **tx)
        .await?;
    }
    for (table, column, codes) in
        [("product_taxons", "taxon_code", &fields.taxons), ("product_associations", "related_code", &fields.related)]
    {
        let Some(codes) = codes else { continue };
        sqlx::query(&format!("DELETE FROM {table} WHERE product_code = $1")).bind(code).execute(&mut **tx).await?;
        for (position, other) in codes.iter().enumerate() {
            sqlx::query(&format!("INSERT INTO {table} (product_code, {column}, position) VALUES ($1, $2, $3)"))
                .bind(code)
                .bind(other)
                .bind(position as i64)
                .execute(&mut **tx)
                .await?;
        }
    }
    // The rules kept in `details` beside the columns, each replaced when set.
    let rules = [
        ("voucherValues", fields.voucher_values.as_ref().map(|v| serde_json::json!(v))),
        ("treatments", fields.package.as_ref().map(|p| serde_json::json!(p.rules))),
    ];
    if rules.iter().any(|(_, value)| value.is_some()) {
        let raw: String = sqlx::query_scalar("SELECT details FROM products WHERE code = $1").bind(code).fetch_one(&mut **tx).await?;
        let mut details: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&raw).unwrap_or_default();
        for (key, value) in rules {
            if let Some(value) = value {
                details.insert(key.to_owned(), value);
            }
        }
        sqlx::query("UPDATE products SET details = $2 WHERE code = $1")
            .bind(code)
            .bind(serde_json::Value::Object(details).to_string())
            .execute(&mut **tx)
            .await?;
    }
    if let Some(package) = &fields.package {
        sqlx::query("UPDATE products SET num_nights = $2 WHERE code = $1")
            .bind(code)
            .bind(i64::from(package.nights))
            .execute(&mut **tx)
            .await?;
    }
    // Plain data: serializing cannot fail.
    let body = serde_json::to_string(fields).expect("product fields serialize");
    sqlx::query("INSERT INTO product_changes (product_code, at, staff, body) VALUES ($1, $2, $3, $4)")
        .bind(code)
        .bind(at)
        .bind(staff)
        .bind(body)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The product's uploaded pictures, in their order: (page, listing).
pub async fn pictures(db: &Db, code: &str) -> Result<Vec<(String, String)>, sqlx::Error> {
    let rows = sqlx::query("SELECT page_path, listing_path FROM product_pictures WHERE product_code = $1 ORDER BY position")
        .bind(code)
        .fetch_all(db.pool())
        .await?;
    rows.iter().map(|r| Ok((r.try_get("page_path")?, r.try_get("listing_path")?))).collect()
}

/// A picture added last, and who added it.
pub async fn add_picture(tx: &mut Tx, code: &str, page: &str, listing: &str, staff: &str) -> Result<(), sqlx::Error> {
    insert_picture(tx, code, page, listing).await?;
    changed(tx, code, &format!("{{\"pictureAdded\":\"{page}\"}}"), staff).await
}

/// The picture's row, last of the product's (the demo's are put in by the seed the same way).
pub async fn insert_picture(tx: &mut Tx, code: &str, page: &str, listing: &str) -> Result<(), sqlx::Error> {
    let at = tx.now_ms();
    sqlx::query(
        "INSERT INTO product_pictures (product_code, position, page_path, listing_path, created_at) \
         VALUES ($1, (SELECT COALESCE(MAX(position), 0) + 1 FROM product_pictures WHERE product_code = $1), $2, $3, $4)",
    )
    .bind(code)
    .bind(page)
    .bind(listing)
    .bind(at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The picture whose page's path is `page` removed; its listing's path, if it was there.
pub async fn remove_picture(tx: &mut Tx, code: &str, page: &str, staff: &str) -> Result<Option<String>, sqlx::Error> {
    let listing: Option<String> =
        sqlx::query_scalar("DELETE FROM product_pictures WHERE product_code = $1 AND page_path = $2 RETURNING listing_path")
            .bind(code)
            .bind(page)
            .fetch_optional(&mut **tx)
            .await?;
    if listing.is_some() {
        changed(tx, code, &format!("{{\"pictureRemoved\":\"{page}\"}}"), staff).await?;
    }
    Ok(listing)
}

/// Who changed the product last, and the change's line.
async fn changed(tx: &mut Tx, code: &str, body: &str, staff: &str) -> Result<(), sqlx::Error> {
    let at = tx.now_ms();
    sqlx::query("UPDATE products SET updated_at = $2, updated_by = $3 WHERE code = $1")
        .bind(code)
        .bind(at)
        .bind(staff)
        .execute(&mut **tx)
        .await?;
    sqlx::query("INSERT INTO product_changes (product_code, at, staff, body) VALUES ($1, $2, $3, $4)")
        .bind(code)
        .bind(at)
        .bind(staff)
        .bind(body)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The product's stock set to `stock` when it is still `was` (or
/// whatever it is, without `was`): a conditional write, so an order taking
/// stock meanwhile is never undone. Whether it was written.
pub async fn set_stock(tx: &mut Tx, code: &str, stock: Option<i64>, was: Option<Option<i64>>) -> Result<bool, sqlx::Error> {
    let query = match was {
        None => sqlx::query("UPDATE products SET stock = $2 WHERE code = $1").bind(code).bind(stock),
        Some(None) => sqlx::query("UPDATE products SET stock = $2 WHERE code = $1 AND stock IS NULL").bind(code).bind(stock),
        Some(Some(was)) => sqlx::query("UPDATE products SET stock = $2 WHERE code = $1 AND stock = $3").bind(code).bind(stock).bind(was),
    };
    Ok(query.execute(&mut **tx).await?.rows_affected() == 1)
}

/// The product's stock now.
pub async fn stock_now(tx: &mut Tx, code: &str) -> Result<Option<i64>, sqlx::Error> {
    Ok(sqlx::query_scalar::<_, Option<i64>>("SELECT stock FROM products WHERE code = $1")
        .bind(code)
        .fetch_optional(&mut **tx)
        .await?
        .flatten())
}
