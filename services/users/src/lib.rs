//! The users service: customers, credentials, sessions, e-mail
//! verification and roles. This first cut answers who is behind a session;
//! registration and login follow.
//!
//! - [`grpc`] — `spa.users.v1.UsersService`.

pub mod grpc;

use spa_platform::runtime::{Infra, Started};
use tokio::net::TcpListener;

pub const NAME: &str = "users";
pub const DEFAULT_PORT: u16 = 50054;

pub async fn start(infra: Infra, listener: TcpListener) -> anyhow::Result<Started> {
    infra.db.migrate(sqlx::migrate!()).await?;
    infra.spawn_relay();
    let addr = listener.local_addr()?;
    let service = grpc::UsersGrpc::new(infra.db.clone());
    let routes = tonic::service::Routes::new(spa_proto::spa::users::v1::users_service_server::UsersServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listener, routes, infra.shutdown.clone()));
    Ok(Started { addr, task })
}
