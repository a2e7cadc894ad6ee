//! The cart service: carts and their items, totals, the checkout state
//! machine and orders. This first cut holds carts (create, read, drop) and
//! deletes abandoned ones; items, checkout and orders follow. Its rules are
//! in the crate's README.
//!
//! - [`grpc`] — `spa.cart.v1.CartService`.
//! - [`domain`] — token strength and expiry.
//! - [`store`] — the SQL.
//! - [`error`] — the one error enum and its gRPC mapping.

pub mod domain;
pub mod error;
pub mod grpc;
pub mod store;

use std::time::Duration;

use spa_platform::db::Db;
use spa_platform::runtime::{Infra, Started};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use crate::domain::CartTtl;

pub const NAME: &str = "cart";
pub const DEFAULT_PORT: u16 = 50053;
/// How often abandoned carts are deleted.
const SWEEP_EVERY: Duration = Duration::from_secs(3600);

pub async fn start(infra: Infra, listener: TcpListener) -> anyhow::Result<Started> {
    infra.db.migrate(sqlx::migrate!()).await?;
    infra.spawn_relay();
    let ttl = CartTtl::from_env()?;
    spawn_sweeper(infra.db.clone(), ttl, infra.shutdown.clone());
    let addr = listener.local_addr()?;
    let service = grpc::CartGrpc::new(infra.db.clone(), ttl);
    let routes = tonic::service::Routes::new(spa_proto::spa::cart::v1::cart_service_server::CartServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listener, routes, infra.shutdown.clone()));
    Ok(Started { addr, task })
}

/// Deletes abandoned carts at start and then every [`SWEEP_EVERY`]. Several
/// replicas may sweep at once: the deletes are idempotent.
fn spawn_sweeper(db: Db, ttl: CartTtl, shutdown: CancellationToken) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = tick.tick() => {}
            }
            match store::delete_abandoned(&db, ttl.cutoff(spa_platform::now_ms())).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(carts = n, "abandoned carts deleted"),
                Err(e) => tracing::warn!(error = %e, "abandoned carts not deleted; next round retries"),
            }
        }
    });
}
