//! The catalog service: products of every type (packages, rooms' content,
//! treatments, day-spa offers, products, vouchers), taxons, prices and
//! promotions, in Polish, German and British English. Its rules are in the
//! crate's README.
//!
//! - [`grpc`] — `spa.catalog.v1.CatalogService`: decode, call, encode.
//! - [`domain`] — locales, offer types, listing queries, prices and their
//!   base-currency value, package cost and treatments, the taxon tree: pure rules.
//! - [`store`] — SQL over the catalog's own tables.
//! - [`editor`] — the back office: every product with what administrators edit, a change in one transaction.
//! - [`stock`] — what orders take of products that count it: taken before the order is placed, kept, given back.
//! - [`events`] — what the catalog publishes and consumes.
//! - [`error`] — the one error enum and its gRPC mapping.
//! - [`seed`] — the demo data set, loaded once into an empty store.
//!
//! Listing pages are cached; `catalog.product.changed` bumps the cache
//! process's cache generation, so every replica drops stale pages at once.

pub mod domain;
pub mod editor;
pub mod error;
pub mod events;
pub mod grpc;
pub mod seed;
pub mod stock;
pub mod store;

use spa_platform::grpc::Listen;
use spa_platform::runtime::{Infra, Started};

pub const NAME: &str = "catalog";
pub const DEFAULT_PORT: u16 = 50051;
/// Where uploaded pictures are kept without `PICTURE_DIR`.
pub const DEFAULT_PICTURE_DIR: &str = "pictures";
/// The largest message the catalog takes: a picture of up to 8 MB with its request.
pub const PICTURE_MESSAGE_BYTES: usize = 9 * 1024 * 1024;

/// The bucket `PICTURE_BUCKET` of an S3-compatible store (set by the `AWS_*`
/// variables) when given, else the directory `PICTURE_DIR`, else `pictures`
/// in the data directory (standalone), else in the working directory.
fn picture_store(infra: &Infra) -> anyhow::Result<editor::PictureStore> {
    if let Some(bucket) = infra.setting("PICTURE_BUCKET") {
        return Ok(editor::PictureStore::s3(&bucket, &[])?);
    }
    let dir = infra
        .setting("PICTURE_DIR")
        .map(std::path::PathBuf::from)
        .or_else(|| infra.data_dir.as_ref().map(|d| d.join(DEFAULT_PICTURE_DIR)))
        .unwrap_or_else(|| DEFAULT_PICTURE_DIR.into());
    Ok(editor::PictureStore::in_dir(&dir)?)
}

/// Migrates, seeds an empty store, subscribes to events and serves gRPC.
pub async fn start(infra: Infra, listen: impl Into<Listen>) -> anyhow::Result<Started> {
    let listen = listen.into();
    infra.db.migrate(sqlx::migrate!()).await?;
    let pictures = picture_store(&infra)?;
    seed::load_if_empty(&infra.db, &infra.outbox, &pictures).await?;
    match seed::move_seed_pictures(&infra.db, &infra.outbox, &pictures).await {
        Ok(0) => {}
        Ok(moved) => tracing::info!(moved, "demo pictures moved into the picture store"),
        // Guests keep seeing them under /media meanwhile; the next start tries again.
        Err(e) => tracing::warn!(error = %e, "demo pictures not moved into the picture store"),
    }

    // Each process drops its own cached pages when a product changes.
    let generation = events::listing_generation(&infra).await?;
    events::consume(&infra).await?;
    stock::spawn_sweeper(infra.db.clone(), infra.outbox.clone(), infra.shutdown.clone());
    infra.spawn_relay();

    let url = listen.url()?;
    let service = grpc::CatalogGrpc::new(infra.db.clone(), infra.cache.clone(), generation, infra.outbox.clone(), pictures);
    // An uploaded picture comes whole in one message: up to 8 MB and the request around it.
    let server = spa_proto::spa::catalog::v1::catalog_service_server::CatalogServiceServer::new(service)
        .max_decoding_message_size(PICTURE_MESSAGE_BYTES);
    let routes = tonic::service::Routes::new(server);
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listen, routes, infra.shutdown.clone()));
    Ok(Started { url, task })
}
