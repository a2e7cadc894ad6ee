//! The rooms service: room types' occupancy rules, inventory per night,
//! nightly rates, search, availability calendars, and the holds and
//! bookings that take nights. Room names, descriptions and pictures belong
//! to the catalog and are fetched from it over gRPC. The rules are written
//! down in this crate's README.
//!
//! - [`domain`] — stays, guests, occupancy and the price rules.
//! - [`inventory`] — taking and giving back nights, atomically.
//! - [`seed`] — demo room types and a rolling year of inventory.
//! - [`grpc`] — `spa.rooms.v1.RoomsService`.

pub mod domain;
pub mod grpc;
pub mod inventory;
pub mod seed;

use std::time::Duration;

use spa_platform::runtime::{Infra, Started};
use spa_proto::EventMessage;
use spa_proto::events::{AvailabilityChanged, OrderPaid, ProductChanged};
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;
use tokio::net::TcpListener;

pub const NAME: &str = "rooms";
pub const DEFAULT_PORT: u16 = 50052;
/// How often expired holds are looked for.
const EXPIRY_INTERVAL: Duration = Duration::from_secs(5);
/// How often the inventory horizon is extended.
/// The consumer of `cart.order.paid`.
pub const PAID_CONSUMER: &str = "rooms-order-paid";
const HORIZON_INTERVAL: Duration = Duration::from_secs(6 * 3600);

pub async fn start(infra: Infra, listener: TcpListener) -> anyhow::Result<Started> {
    infra.db.migrate(sqlx::migrate!()).await?;
    seed::load_if_empty(&infra.db, infra.db.clock().today()).await?;

    // Cached searches go stale when availability or room content changes.
    let generation = spa_platform::cache::Generation::new();
    generation
        .follow(infra.bus.as_ref(), &[AvailabilityChanged::SUBJECT, ProductChanged::SUBJECT], "rooms-search-cache", infra.shutdown.clone())
        .await?;
    let content = spa_platform::cache::Generation::new();
    content.follow(infra.bus.as_ref(), &[ProductChanged::SUBJECT], "rooms-content-cache", infra.shutdown.clone()).await?;
    infra.spawn_relay();
    spawn_housekeeping(&infra);
    // A paid order's hold becomes a booking: it no longer expires.
    let (db, outbox) = (infra.db.clone(), infra.outbox.clone());
    infra
        .consume(PAID_CONSUMER, move |event: spa_platform::bus::Received<OrderPaid>| {
            let (db, outbox) = (db.clone(), outbox.clone());
            async move {
                match inventory::confirm(&db, &outbox, &event.message.order_id).await {
                    Ok(_) => Ok(()),
                    // Paid after its hold ran out and a night was sold to
                    // someone else meanwhile (or the hold was released):
                    // the cart gives the money back and tells the guest.
                    Err(inventory::InventoryError::HoldNotActive(order, status)) => {
                        tracing::error!(order = %order, status = %status, "a paid order's nights are no longer free: its payment goes back");
                        inventory::lost(&db, &outbox, &order).await.map_err(anyhow::Error::from)
                    }
                    // An order without nights (gift vouchers, products) holds nothing.
                    Err(inventory::InventoryError::NoHold(_)) => Ok(()),
                    Err(e) => Err(e.into()),
                }
            }
        })
        .await?;

    let channel = spa_platform::grpc::channel(&infra.peers.catalog, infra.peers.timeout)?;
    let catalog = CatalogServiceClient::with_interceptor(channel, spa_platform::grpc::TraceInterceptor);
    let addr = listener.local_addr()?;
    let service = grpc::RoomsGrpc::new(infra.db.clone(), infra.outbox.clone(), infra.cache.clone(), generation, content, catalog);
    let routes = tonic::service::Routes::new(spa_proto::spa::rooms::v1::rooms_service_server::RoomsServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listener, routes, infra.shutdown.clone()));
    Ok(Started { addr, task })
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
