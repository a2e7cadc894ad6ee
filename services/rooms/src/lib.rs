//! The rooms service: room types' occupancy rules, inventory per night,
//! nightly rates and room search. Room names, descriptions and pictures
//! belong to the catalog and are fetched from it over gRPC.
//!
//! - [`domain`] — stays, guests and the nightly rate rules.
//! - [`seed`] — demo room types and a year of inventory.
//! - [`grpc`] — `spa.rooms.v1.RoomsService`.

pub mod domain;
pub mod grpc;
pub mod seed;

use spa_platform::runtime::{Infra, Started};
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;
use tokio::net::TcpListener;

pub const NAME: &str = "rooms";
pub const DEFAULT_PORT: u16 = 50052;

pub async fn start(infra: Infra, listener: TcpListener) -> anyhow::Result<Started> {
    infra.db.migrate(sqlx::migrate!()).await?;
    seed::load_if_empty(&infra.db, chrono::Local::now().date_naive()).await?;
    infra.spawn_relay();

    let channel = spa_platform::grpc::channel(&infra.peers.catalog, infra.peers.timeout)?;
    let catalog = CatalogServiceClient::with_interceptor(channel, spa_platform::grpc::TraceInterceptor);
    let addr = listener.local_addr()?;
    let service = grpc::RoomsGrpc::new(infra.db.clone(), catalog);
    let routes = tonic::service::Routes::new(spa_proto::spa::rooms::v1::rooms_service_server::RoomsServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listener, routes, infra.shutdown.clone()));
    Ok(Started { addr, task })
}
