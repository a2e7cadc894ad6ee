//! The rooms service: room types' occupancy rules, inventory per night,
//! nightly rates, search, availability calendars, and the holds and
//! bookings that take nights. Room names, descriptions and pictures belong
//! to the catalog and are fetched from it over gRPC. The rules are written
//! down in this crate's README.
//!
//! - [`domain`] — stays, guests, occupancy, rates, search and holds: the rules.
//! - [`inventory`] — taking and giving back nights, atomically.
//! - [`store`] — the SQL of room types, nights and holds.
//! - [`events`] — what the service publishes and consumes.
//! - [`error`] — its one error type, mapped to gRPC once.
//! - [`seed`] — demo room types and a rolling year of inventory.
//! - [`settings`] — room types and seasons changed in the back office.
//! - [`channels`] — booking portals' calendars (iCal) imported and exported.
//! - [`grpc`] — `spa.rooms.v1.RoomsService`.

pub mod channels;
pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod inventory;
pub mod seed;
pub mod settings;
pub mod store;

use std::time::Duration;

pub use events::PAID_CONSUMER;
use spa_platform::grpc::Listen;
use spa_platform::runtime::{Infra, Started};
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;

pub const NAME: &str = "rooms";
pub const DEFAULT_PORT: u16 = 50052;
/// How often expired holds are looked for.
const EXPIRY_INTERVAL: Duration = Duration::from_secs(5);
/// How often the inventory horizon is extended.
const HORIZON_INTERVAL: Duration = Duration::from_secs(6 * 3600);

pub async fn start(infra: Infra, listen: impl Into<Listen>) -> anyhow::Result<Started> {
    let listen = listen.into();
    infra.db.migrate(sqlx::migrate!()).await?;
    seed::load_if_empty(&infra.db, infra.db.clock().today()).await?;

    // Cached searches go stale when availability or room content changes.
    let caches = events::follow_caches(&infra).await?;
    infra.spawn_relay();
    spawn_housekeeping(&infra);
    events::consume(&infra).await?;

    let channel = spa_platform::grpc::channel(&infra.peers.catalog, infra.peers.timeout, infra.peers.refresh)?;
    let catalog = CatalogServiceClient::with_interceptor(channel, spa_platform::grpc::TraceInterceptor);
    let url = listen.url()?;
    // A portal's calendar is on the internet: an address on this host or its network is refused
    // unless the operator allows it (a portal faked on this machine).
    let http = match infra.setting("CHANNEL_IMPORT_ALLOW_PRIVATE").as_deref().map(str::trim) {
        Some("true") => spa_platform::http::Http::with_timeout(channels::FETCH_TIMEOUT)?,
        None | Some("false") => spa_platform::http::Http::public_only(channels::FETCH_TIMEOUT)?,
        Some(other) => anyhow::bail!("CHANNEL_IMPORT_ALLOW_PRIVATE: `{other}` is neither true nor false"),
    };
    let every = infra
        .setting("CHANNEL_SYNC_SECONDS")
        .map(|s| s.trim().parse::<u64>())
        .transpose()
        .map_err(|e| anyhow::anyhow!("CHANNEL_SYNC_SECONDS: {e}"))?
        .unwrap_or(channels::DEFAULT_SYNC_SECONDS)
        .max(1);
    channels::spawn_schedule(infra.db.clone(), infra.outbox.clone(), http.clone(), Duration::from_secs(every), infra.shutdown.clone());
    let service = grpc::RoomsGrpc::new(infra.db.clone(), infra.outbox.clone(), infra.cache.clone(), caches, catalog, http);
    let routes = tonic::service::Routes::new(spa_proto::spa::rooms::v1::rooms_service_server::RoomsServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listen, routes, infra.shutdown.clone()));
    Ok(Started { url, task })
}

/// Expires unpaid holds and keeps the calendar a year ahead.
fn spawn_housekeeping(infra: &Infra) {
    let (db, outbox, shutdown) = (infra.db.clone(), infra.outbox.clone(), infra.shutdown.clone());
    tokio::spawn(async move {
        let mut expiry = tokio::time::interval(EXPIRY_INTERVAL);
        let mut horizon = tokio::time::interval(HORIZON_INTERVAL);
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => break,
                // A jump of the clock (tests) expires what it made due at once.
                _ = async { tokio::select! { _ = expiry.tick() => {}, _ = db.clock().jumped() => {} } } => match inventory::expire_due(&db, &outbox, db.now_ms()).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(expired = n, "holds expired"),
                    Err(e) => tracing::warn!(error = %e, "hold expiry failed"),
                },
                _ = horizon.tick() => if let Err(e) = seed::extend_horizon(&db, db.clock().today()).await {
                    tracing::warn!(error = %e, "extending the inventory horizon failed");
                },
            }
        }
    });
}
