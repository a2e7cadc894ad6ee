//! The back office's side of the catalog: every product, published or not,
//! with what an administrator edits; a change (or a new product) checked,
//! then written in one transaction with its line in `product_changes` and
//! `catalog.product.changed`, so guests' listings and pages and the cart's
//! prices follow within seconds. The stock a placed order takes
//! ([`take_stock`]) is taken once per order.

pub mod pictures;
pub mod store;

use spa_platform::db::{Db, Tx};
use spa_platform::outbox::Outbox;
use spa_proto::spa::catalog::v1::{AddPictureRequest, EditableProduct, Picture, RemovePictureRequest, SaveProductRequest};

use crate::domain::ProductType;
use crate::domain::editor;
use crate::error::CatalogError;
use crate::events;

pub use pictures::PictureStore;
pub use store::{get, list};

/// Creates or changes a product as `request` says.
pub async fn save(db: &Db, outbox: &Outbox, request: SaveProductRequest) -> Result<EditableProduct, CatalogError> {
    let code = request.code.clone();
    let mut tx = db.begin().await?;
    save_in(&mut tx, outbox, request).await?;
    tx.commit().await?;
    outbox.wake();
    get(db, &code).await?.ok_or(CatalogError::ProductNotFound(code))
}

/// [`save`] within `tx`, which the caller commits (the demo catalog loads
/// all its offers in one).
pub async fn save_in(tx: &mut Tx, outbox: &Outbox, request: SaveProductRequest) -> Result<(), CatalogError> {
    let fields = store::fields_of(request.fields.unwrap_or_default()).normalized();
    let kind = if request.create {
        let kind = ProductType::from_wire(request.r#type).filter(|k| editor::creatable(*k));
        let mut wrong = fields.check(kind.unwrap_or(ProductType::Product));
        match kind {
            None => wrong.insert(0, "type".to_owned()),
            Some(kind) => wrong.extend(editor::required_when_created(kind, &fields).map(str::to_owned)),
        }
        if !editor::valid_code(&request.code) {
            wrong.insert(0, "code".to_owned());
        }
        if !store::taxon_exists(tx, &request.main_taxon).await? {
            wrong.push("mainTaxon".to_owned());
        }
        wrong.extend(store::unknown_codes(tx, &request.code, &fields).await?);
        if !wrong.is_empty() {
            return Err(CatalogError::InvalidProduct(wrong));
        }
        let kind = kind.unwrap_or(ProductType::Product);
        if store::product_type(tx, &request.code).await?.is_some() {
            return Err(CatalogError::ProductExists(request.code));
        }
        store::insert(tx, &request.code, kind, &request.main_taxon).await?;
        kind
    } else {
        let kind = store::product_type(tx, &request.code).await?.ok_or_else(|| CatalogError::ProductNotFound(request.code.clone()))?;
        let mut wrong = fields.check(kind);
        wrong.extend(store::unknown_codes(tx, &request.code, &fields).await?);
        if !wrong.is_empty() {
            return Err(CatalogError::InvalidProduct(wrong));
        }
        kind
    };
    if let Some(field) = store::slug_taken(tx, &request.code, &fields).await? {
        return Err(CatalogError::SlugTaken(field));
    }
    store::update(tx, &request.code, &fields, &request.staff).await?;
    // The count the editor showed must be the count now: an order taking
    // stock meanwhile is never undone by a save. A new product has none yet.
    let was = if request.create { None } else { Some(request.stock_was) };
    if !store::set_stock(tx, &request.code, fields.stock, was).await? {
        let now = store::stock_now(tx, &request.code).await?;
        return Err(CatalogError::StockChanged(now.unwrap_or_default()));
    }
    outbox.add(tx, &events::product_changed(&request.code, Some(kind))).await?;
    Ok(())
}

/// A picture for the product: checked and resized away from the async
/// workers, both sizes stored, then added last in one transaction with the
/// change's line and `catalog.product.changed`.
pub async fn add_picture(
    db: &Db,
    outbox: &Outbox,
    store: &PictureStore,
    request: AddPictureRequest,
) -> Result<EditableProduct, CatalogError> {
    let mut tx = db.begin().await?;
    let kind = store::product_type(&mut tx, &request.code).await?.ok_or_else(|| CatalogError::ProductNotFound(request.code.clone()))?;
    tx.rollback().await?;
    let data = request.data;
    let resized = tokio::task::spawn_blocking(move || crate::domain::pictures::prepare(&data))
        .await
        .map_err(|e| CatalogError::Pictures(std::io::Error::other(e)))?
        .map_err(CatalogError::InvalidPicture)?;
    let (page, listing) = PictureStore::new_paths(&request.code);
    store.put(&page, resized.page).await?;
    store.put(&listing, resized.listing).await?;
    let written = async {
        let mut tx = db.begin().await?;
        store::add_picture(&mut tx, &request.code, &page, &listing, &request.staff).await?;
        outbox.add(&mut tx, &events::product_changed(&request.code, Some(kind))).await?;
        tx.commit().await
    };
    // Files no row names are taken away again.
    if let Err(e) = written.await {
        store.remove(&page).await;
        store.remove(&listing).await;
        return Err(e.into());
    }
    outbox.wake();
    get(db, &request.code).await?.ok_or(CatalogError::ProductNotFound(request.code))
}

/// A picture taken off the product; its files go once the change is written.
pub async fn remove_picture(
    db: &Db,
    outbox: &Outbox,
    store: &PictureStore,
    request: RemovePictureRequest,
) -> Result<EditableProduct, CatalogError> {
    let mut tx = db.begin().await?;
    let kind = store::product_type(&mut tx, &request.code).await?.ok_or_else(|| CatalogError::ProductNotFound(request.code.clone()))?;
    let listing = store::remove_picture(&mut tx, &request.code, &request.path, &request.staff)
        .await?
        .ok_or_else(|| CatalogError::PictureNotFound(request.path.clone()))?;
    outbox.add(&mut tx, &events::product_changed(&request.code, Some(kind))).await?;
    tx.commit().await?;
    outbox.wake();
    store.remove(&request.path).await;
    store.remove(&listing).await;
    get(db, &request.code).await?.ok_or(CatalogError::ProductNotFound(request.code))
}

/// A stored picture, with its media type.
pub async fn picture(store: &PictureStore, path: &str) -> Result<Picture, CatalogError> {
    let data = store.get(path).await?.ok_or_else(|| CatalogError::PictureNotFound(path.to_owned()))?;
    let content_type = pictures::content_type(path).unwrap_or("application/octet-stream");
    Ok(Picture { data, content_type: content_type.to_owned() })
}
