//! The catalog service: products of every type (packages, rooms' content,
//! treatments, day-spa offers, products, vouchers), taxons, prices and
//! promotions, in Polish, German and British English. Its rules are in the
//! crate's README.
//!
//! - [`grpc`] — `spa.catalog.v1.CatalogService`: decode, call, encode.
//! - [`domain`] — locales, offer types, listing queries, prices and their
//!   base-currency value, package cost and treatments, the taxon tree: pure rules.
//! - [`store`] — SQL over the catalog's own tables.
//! - [`editor`] — the back office: every product with what administrators edit, a change in one transaction, the stock orders take.
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
pub mod store;

use spa_platform::runtime::{Infra, Started};
use tokio::net::TcpListener;

pub const NAME: &str = "catalog";
pub const DEFAULT_PORT: u16 = 50051;

/// Migrates, seeds an empty store, subscribes to events and serves gRPC.
pub async fn start(infra: Infra, listener: TcpListener) -> anyhow::Result<Started> {
    infra.db.migrate(sqlx::migrate!()).await?;
    seed::load_if_empty(&infra.db).await?;

    // Each process drops its own cached pages when a product changes.
    let generation = events::listing_generation(&infra).await?;
    events::consume(&infra).await?;
    infra.spawn_relay();

    let addr = listener.local_addr()?;
    let service = grpc::CatalogGrpc::new(infra.db.clone(), infra.cache.clone(), generation, infra.outbox.clone());
    let routes = tonic::service::Routes::new(spa_proto::spa::catalog::v1::catalog_service_server::CatalogServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listener, routes, infra.shutdown.clone()));
    Ok(Started { addr, task })
}
