//! gRPC clients of every service, each on a lazily connected channel whose
//! calls all carry a deadline and the trace context.

use spa_platform::config::Peers;
use spa_platform::grpc::{TraceInterceptor, TracedChannel, channel};
use spa_proto::spa::cart::v1::cart_service_client::CartServiceClient;
use spa_proto::spa::cart::v1::checkout_service_client::CheckoutServiceClient;
use spa_proto::spa::cart::v1::order_service_client::OrderServiceClient;
use spa_proto::spa::cart::v1::settings_service_client::SettingsServiceClient;
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;
use spa_proto::spa::content::v1::content_service_client::ContentServiceClient;
use spa_proto::spa::rooms::v1::rooms_service_client::RoomsServiceClient;
use spa_proto::spa::users::v1::users_service_client::UsersServiceClient;

/// How long an uploaded picture may take the catalog (the whole request's default limit).
pub const PICTURE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// How long importing a portal's calendar now may take the rooms service
/// (its fetch has 8 s of it; the whole request's default limit).
pub const CHANNEL_SYNC_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

#[derive(Clone)]
pub struct Clients {
    pub catalog: CatalogServiceClient<TracedChannel>,
    /// The catalog for pictures: an upload is checked and resized there,
    /// which takes longer than any other call, so it has its own deadline.
    pub pictures: CatalogServiceClient<TracedChannel>,
    pub rooms: RoomsServiceClient<TracedChannel>,
    /// The rooms service for "sync now": a booking portal's calendar is
    /// fetched meanwhile, so it has its own deadline.
    pub channel_sync: RoomsServiceClient<TracedChannel>,
    pub cart: CartServiceClient<TracedChannel>,
    pub checkout: CheckoutServiceClient<TracedChannel>,
    pub orders: OrderServiceClient<TracedChannel>,
    pub settings: SettingsServiceClient<TracedChannel>,
    pub users: UsersServiceClient<TracedChannel>,
    pub content: ContentServiceClient<TracedChannel>,
}

impl Clients {
    pub fn new(peers: &Peers) -> anyhow::Result<Self> {
        let ch = |addr: &str| channel(addr, peers.timeout, peers.refresh);
        // The cart process serves checkout, orders and settings too: one connection for the four.
        let cart = ch(&peers.cart)?;
        Ok(Self {
            catalog: CatalogServiceClient::with_interceptor(ch(&peers.catalog)?, TraceInterceptor),
            pictures: CatalogServiceClient::with_interceptor(channel(&peers.catalog, PICTURE_TIMEOUT, peers.refresh)?, TraceInterceptor)
                .max_encoding_message_size(crate::routes::products_admin::PICTURE_BYTES + 64 * 1024),
            rooms: RoomsServiceClient::with_interceptor(ch(&peers.rooms)?, TraceInterceptor),
            channel_sync: RoomsServiceClient::with_interceptor(
                channel(&peers.rooms, CHANNEL_SYNC_TIMEOUT, peers.refresh)?,
                TraceInterceptor,
            ),
            cart: CartServiceClient::with_interceptor(cart.clone(), TraceInterceptor),
            checkout: CheckoutServiceClient::with_interceptor(cart.clone(), TraceInterceptor),
            orders: OrderServiceClient::with_interceptor(cart.clone(), TraceInterceptor),
            settings: SettingsServiceClient::with_interceptor(cart, TraceInterceptor),
            users: UsersServiceClient::with_interceptor(ch(&peers.users)?, TraceInterceptor),
            content: ContentServiceClient::with_interceptor(ch(&peers.content)?, TraceInterceptor),
        })
    }
}
