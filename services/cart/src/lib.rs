//! The cart service: carts and their lines (reservations, packages,
//! treatments, products, gift vouchers), priced on every read from the
//! catalog and the rooms service; checkout and the orders it places. Its rules are
//! in the crate's README.
//!
//! - [`basket`] — each visitor action on a basket: check, ask peers, store, price.
//! - [`checkout`] — the checkout steps and completion into an order.
//! - [`orders`] — placed orders, what follows a payment, cancellations.
//! - [`payments`] — online providers ([`payments::PaymentProvider`]:
//!   Przelewy24, PayPal), late payments, the staff's records and refunds.
//! - [`desk`] — the front desk's changes: money in any part, cancellations.
//! - [`gift_vouchers`] — the codes a paid order's vouchers get.
//! - [`events`] — what the cart publishes and consumes.
//! - [`settings`] — what the administrators set: the advance payment, holds, the cancellation policy, payment methods, the bank account.
//! - [`grpc`] — `CartService`, `CheckoutService`, `OrderService`: decode, call, encode.
//! - [`domain`] — line kinds, quantities, stays, totals, states, tokens: pure rules.
//! - [`peers`] — the catalog and rooms clients, as the cart uses them.
//! - [`store`] — the SQL, one store per part, re-exported.
//! - [`error`] — the one error enum and its gRPC mapping.

pub mod basket;
pub mod checkout;
pub mod desk;
pub mod domain;
pub mod error;
pub mod events;
pub mod gift_vouchers;
pub mod grpc;
pub mod orders;
pub mod payments;
pub mod peers;
pub mod settings;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use spa_platform::db::Db;
use spa_platform::grpc::Listen;
use spa_platform::grpc::TraceInterceptor;
use spa_platform::runtime::{Infra, Started};
use spa_proto::EventMessage;
use spa_proto::events::{ProductChanged, SettingsChanged};
use spa_proto::spa::cart::v1::cart_service_server::CartServiceServer;
use spa_proto::spa::cart::v1::checkout_service_server::CheckoutServiceServer;
use spa_proto::spa::cart::v1::order_service_server::OrderServiceServer;
use spa_proto::spa::cart::v1::settings_service_server::SettingsServiceServer;
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use tokio_util::sync::CancellationToken;

use crate::domain::CartTtl;

pub const NAME: &str = "cart";
pub const DEFAULT_PORT: u16 = 50053;
/// How often abandoned carts are deleted.
const SWEEP_EVERY: Duration = Duration::from_secs(3600);

pub async fn start(infra: Infra, listen: impl Into<Listen>) -> anyhow::Result<Started> {
    let listen = listen.into();
    infra.db.migrate(sqlx::migrate!()).await?;
    infra.spawn_relay();
    let ttl = CartTtl::from_env()?;
    spawn_sweeper(infra.db.clone(), ttl, infra.shutdown.clone());
    let url = listen.url()?;
    let ch = |addr: &str| spa_platform::grpc::channel(addr, infra.peers.timeout, infra.peers.refresh);
    // Catalog answers are cached until the catalog says a product changed.
    let generation = spa_platform::cache::Generation::new();
    generation.follow(infra.bus.as_ref(), &[ProductChanged::SUBJECT], "cart-catalog-cache", infra.shutdown.clone()).await?;
    // Stays' checks are kept until one of their nights changes.
    let nights = spa_platform::nights::Nights::new();
    nights.follow(infra.bus.as_ref(), "cart-stay-checks", infra.shutdown.clone()).await?;
    let peers = peers::Peers {
        catalog: CatalogServiceClient::with_interceptor(ch(&infra.peers.catalog)?, TraceInterceptor),
        rooms: RoomsServiceClient::with_interceptor(ch(&infra.peers.rooms)?, TraceInterceptor),
        cache: infra.cache.clone(),
        generation,
        stays: peers::StayChecks::new(nights, infra.db.clock().clone()),
    };
    let limits = domain::limits::Limits::from_settings(|name| infra.setting(name))?;
    let p24 = payments::przelewy24::Przelewy24::from_settings(|name| infra.setting(name))?;
    if let Some(p) = &p24 {
        tracing::info!(sandbox = p.sandbox(), merchant = p.merchant_id, "Przelewy24 payments on");
    }
    let paypal = payments::paypal::PayPal::from_settings(|name| infra.setting(name))?;
    if let Some(p) = &paypal {
        tracing::info!(sandbox = p.sandbox(), "PayPal payments on");
    }
    let orders = Arc::new(orders::Orders::new(infra.db.clone(), infra.outbox.clone()));
    let filled = orders.fill_desk_facts().await?;
    if filled > 0 {
        tracing::info!(orders = filled, "front desk facts filled in for orders placed before they were kept");
    }
    let payments = Arc::new(payments::Payments::new(orders.clone(), peers.clone(), p24, paypal));
    let settings = Arc::new(start_settings(&infra, &payments).await?);
    let basket = Arc::new(basket::Basket::new(infra.db.clone(), ttl, peers, limits, settings.clone()));
    let desk = Arc::new(desk::Desk::new(orders.clone(), basket.peers().clone(), settings.clone()));
    let checkout = Arc::new(checkout::Checkout::new(basket.clone(), orders.clone(), infra.outbox.clone(), settings.clone()));
    events::consume(&infra, orders.clone()).await?;
    let routes = tonic::service::Routes::new(CartServiceServer::new(grpc::CartGrpc::new(basket)))
        .add_service(CheckoutServiceServer::new(grpc::CheckoutGrpc::new(checkout, payments.clone())))
        .add_service(OrderServiceServer::new(grpc::OrderGrpc::new(orders, payments, desk)))
        .add_service(SettingsServiceServer::new(grpc::SettingsGrpc::new(settings)));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listen, routes, infra.shutdown.clone()));
    Ok(Started { url, task })
}

/// The settings, their first values from the environment (the methods
/// whose providers are configured, `BANK_ACCOUNT_*`, the cancellation
/// policy's), read again on every `cart.settings.changed`.
async fn start_settings(infra: &Infra, payments: &payments::Payments) -> anyhow::Result<settings::Settings> {
    use domain::checkout::PaymentMethod;
    use domain::settings::{BankAccount, CheckoutRules, PaymentRules};
    let generation = spa_platform::cache::Generation::new();
    generation.follow(infra.bus.as_ref(), &[SettingsChanged::SUBJECT], "cart-settings", infra.shutdown.clone()).await?;
    let online: Vec<PaymentMethod> = payments.offered().into_iter().filter(|m| m.online()).collect();
    let bank_account = BankAccount::from_env(|name| infra.setting(name))?;
    // Offered at first: whatever is ready (a bank transfer with an account).
    let methods = bank_account.as_ref().map(|_| PaymentMethod::BankTransfer).into_iter().chain(online.iter().copied()).collect();
    let first = (CheckoutRules::from_env(|name| infra.setting(name))?, PaymentRules { methods, bank_account });
    Ok(settings::Settings::new(infra.db.clone(), infra.outbox.clone(), generation, first, online))
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
                _ = db.clock().jumped() => {}
            }
            match store::delete_abandoned(&db, ttl.cutoff(db.now_ms())).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(carts = n, "abandoned carts deleted"),
                Err(e) => tracing::warn!(error = %e, "abandoned carts not deleted; next round retries"),
            }
        }
    });
}
