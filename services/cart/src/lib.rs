//! The cart service: carts and their items, totals, the checkout state
//! machine and orders. This first cut holds carts (create, read, drop);
//! items, checkout and orders follow.
//!
//! - [`grpc`] — `spa.cart.v1.CartService`.

pub mod grpc;

use spa_platform::runtime::{Infra, Started};
use tokio::net::TcpListener;

pub const NAME: &str = "cart";
pub const DEFAULT_PORT: u16 = 50053;

pub async fn start(infra: Infra, listener: TcpListener) -> anyhow::Result<Started> {
    infra.db.migrate(sqlx::migrate!()).await?;
    infra.spawn_relay();
    let addr = listener.local_addr()?;
    let service = grpc::CartGrpc::new(infra.db.clone());
    let routes = tonic::service::Routes::new(spa_proto::spa::cart::v1::cart_service_server::CartServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listener, routes, infra.shutdown.clone()));
    Ok(Started { addr, task })
}
