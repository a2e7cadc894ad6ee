//! The users service: customers, credentials, sessions, e-mail
//! verification and roles. Registration, login, logout and who is behind a
//! session work; verification, password reset, profiles and roles' checks
//! follow. Its rules are in the crate's README.
//!
//! - [`grpc`] — `spa.users.v1.UsersService`: decode, call, encode.
//! - [`domain`] — account details, sessions and links, the login throttle,
//!   roles: pure rules.
//! - [`password`] — argon2id hashes off the async runtime.
//! - [`store`] — the SQL.
//! - [`events`] — what the service publishes (it consumes nothing).
//! - [`error`] — the one error enum and its gRPC mapping.

pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod password;
pub mod store;

use spa_platform::grpc::Listen;
use spa_platform::runtime::{Infra, Started};

pub const NAME: &str = "users";
pub const DEFAULT_PORT: u16 = 50054;

pub async fn start(infra: Infra, listen: impl Into<Listen>) -> anyhow::Result<Started> {
    let listen = listen.into();
    infra.db.migrate(sqlx::migrate!()).await?;
    if let (Some(email), Some(password)) = (spa_platform::config::var("ADMIN_EMAIL"), spa_platform::config::var("ADMIN_PASSWORD")) {
        bootstrap_admin(&infra.db, &email, &password).await?;
    }
    infra.spawn_relay();
    let url = listen.url()?;
    let service = grpc::UsersGrpc::new(infra.db.clone(), infra.outbox.clone());
    let routes = tonic::service::Routes::new(spa_proto::spa::users::v1::users_service_server::UsersServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listen, routes, infra.shutdown.clone()));
    Ok(Started { url, task })
}

/// The first administrator, from `ADMIN_EMAIL` and `ADMIN_PASSWORD` at
/// start (there is no default password). The password follows the
/// customers' rule; an e-mail already registered is left as it is.
pub async fn bootstrap_admin(db: &spa_platform::db::Db, email: &str, password: &str) -> anyhow::Result<()> {
    let email = domain::email(email).map_err(|e| anyhow::anyhow!("ADMIN_EMAIL: {e}"))?;
    domain::check_password(password, &email).map_err(|e| anyhow::anyhow!("ADMIN_PASSWORD: {e}"))?;
    let hash = password::hash(password.to_owned()).await?;
    let id = uuid::Uuid::new_v4().simple().to_string();
    if store::insert_admin(db, &id, &email, &hash, db.now_ms()).await? {
        tracing::info!(%email, "administrator created");
    } else {
        tracing::info!(%email, "ADMIN_EMAIL is registered already; left as it is");
    }
    Ok(())
}
