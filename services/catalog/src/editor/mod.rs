//! The back office's side of the catalog: every product, published or not,
//! with what an administrator edits; a change (or a new product) checked,
//! then written in one transaction with its line in `product_changes` and
//! `catalog.product.changed`, so guests' listings and pages and the cart's
//! prices follow within seconds. The stock a placed order takes
//! ([`take_stock`]) is taken once per order.

pub mod store;

use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_proto::spa::catalog::v1::{EditableProduct, SaveProductRequest};

use crate::domain::ProductType;
use crate::domain::editor;
use crate::error::CatalogError;
use crate::events;

pub use store::{get, list};

/// Creates or changes a product as `request` says.
pub async fn save(db: &Db, outbox: &Outbox, request: SaveProductRequest) -> Result<EditableProduct, CatalogError> {
    let fields = store::fields_of(request.fields.unwrap_or_default()).normalized();
    let mut tx = db.begin().await?;
    let kind = if request.create {
        let kind = ProductType::from_wire(request.r#type).filter(|k| editor::creatable(*k));
        let mut wrong = fields.check(kind.unwrap_or(ProductType::Product));
        if kind.is_none() {
            wrong.insert(0, "type".to_owned());
        }
        if !editor::valid_code(&request.code) {
            wrong.insert(0, "code".to_owned());
        }
        if !store::taxon_exists(&mut tx, &request.main_taxon).await? {
            wrong.push("mainTaxon".to_owned());
        }
        if !wrong.is_empty() {
            return Err(CatalogError::InvalidProduct(wrong));
        }
        let kind = kind.unwrap_or(ProductType::Product);
        if store::product_type(&mut tx, &request.code).await?.is_some() {
            return Err(CatalogError::ProductExists(request.code));
        }
        store::insert(&mut tx, &request.code, kind, &request.main_taxon).await?;
        kind
    } else {
        let kind = store::product_type(&mut tx, &request.code).await?.ok_or_else(|| CatalogError::ProductNotFound(request.code.clone()))?;
        let wrong = fields.check(kind);
        if !wrong.is_empty() {
            return Err(CatalogError::InvalidProduct(wrong));
        }
        kind
    };
    if let Some(field) = store::slug_taken(&mut tx, &request.code, &fields).await? {
        return Err(CatalogError::SlugTaken(field));
    }
    store::update(&mut tx, &request.code, &fields, &request.staff).await?;
    outbox.add(&mut tx, &events::product_changed(&request.code, Some(kind))).await?;
    tx.commit().await?;
    outbox.wake();
    get(db, &request.code).await?.ok_or(CatalogError::ProductNotFound(request.code))
}

/// The products of a placed order that count their stock lose what it
/// bought, never below nothing; once per order event.
pub async fn take_stock(db: &Db, outbox: &Outbox, event_id: &str, lines: &[(String, i64)]) -> Result<(), CatalogError> {
    let mut tx = db.begin().await?;
    let mut changed = Vec::new();
    for (code, quantity) in lines {
        if store::take_stock(&mut tx, event_id, code, *quantity).await? {
            changed.push(code.clone());
        }
    }
    for code in &changed {
        let kind = store::product_type(&mut tx, code).await?;
        outbox.add(&mut tx, &events::product_changed(code, kind)).await?;
    }
    tx.commit().await?;
    outbox.wake();
    Ok(())
}
