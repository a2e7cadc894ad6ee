//! The cart service alone: started on port 0 over SQLite with the
//! in-process bus and cache, asking a fake catalog and a fake rooms
//! service, so its own rules are tested without the other services.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};

use spa_platform::bus::{Event, EventBus};
use spa_platform::testkit::{Alone, wait_until};
use spa_proto::common::{Money, Price, ProductType};
use spa_proto::events::ProductChanged;
use spa_proto::spa::cart::v1::cart_service_client::CartServiceClient;
use spa_proto::spa::cart::v1::{AddItemRequest, Cart, CreateCartRequest, GetCartRequest, NewItem, NewItemType};
use spa_proto::spa::catalog::v1::catalog_service_server::{CatalogService, CatalogServiceServer};
use spa_proto::spa::catalog::v1::*;
use spa_proto::spa::rooms::v1::rooms_service_server::{RoomsService, RoomsServiceServer};
use spa_proto::spa::rooms::v1::{
    Board, Channel, ChannelFeed, ChannelFeedRequest, ChannelRef, Channels, CheckStaysRequest, CheckStaysResponse, DeleteChannelResponse,
    GetAvailabilityRequest, GetAvailabilityResponse, GetBoardRequest, GetNightsRequest, GetRoomTypeRequest, GetSeasonsRequest, Hold,
    KeepRequest, ListChannelsRequest, MoveRequest, Nights, OrderRef, ReserveRequest, RoomTypeSettings, SaveChannelRequest,
    SearchPackageRoomsRequest, SearchRoomsRequest, SearchRoomsResponse, Seasons, SetNightsRequest, SetRoomTypeRequest, SetSeasonsRequest,
    SyncResult,
};
use tonic::{Request, Response, Status};

const OIL: &str = "PR_ROSE_OIL";

/// A catalog of one product whose price the test sets; it counts the
/// cards it is asked for.
#[derive(Default)]
struct CatalogState {
    price: AtomicI64,
    card_calls: AtomicUsize,
}

#[derive(Clone)]
struct FakeCatalog(Arc<CatalogState>);

impl std::ops::Deref for FakeCatalog {
    type Target = CatalogState;

    fn deref(&self) -> &CatalogState {
        &self.0
    }
}

impl FakeCatalog {
    fn product(&self) -> Product {
        let money = Some(Money { amount: self.price.load(Ordering::SeqCst), currency: "PLN".into() });
        Product {
            code: OIL.into(),
            variant_code: OIL.into(),
            r#type: ProductType::Product as i32,
            name: "Olejek różany".into(),
            price: Some(Price { current: money.clone(), original: money.clone(), base_current: money.clone(), base_original: money }),
            ..Default::default()
        }
    }
}

fn unused<T>() -> Result<Response<T>, Status> {
    Err(Status::unimplemented("not asked by these tests"))
}

#[tonic::async_trait]
impl CatalogService for FakeCatalog {
    async fn list_offers(&self, _: Request<ListOffersRequest>) -> Result<Response<ListOffersResponse>, Status> {
        unused()
    }

    async fn get_products(&self, request: Request<GetProductsRequest>) -> Result<Response<GetProductsResponse>, Status> {
        self.card_calls.fetch_add(1, Ordering::SeqCst);
        let items = request.into_inner().codes.iter().filter(|c| *c == OIL).map(|_| self.product()).collect();
        Ok(Response::new(GetProductsResponse { items }))
    }

    async fn get_product(&self, request: Request<GetProductRequest>) -> Result<Response<Product>, Status> {
        match request.into_inner().key {
            Some(get_product_request::Key::Code(code)) if code == OIL => Ok(Response::new(self.product())),
            _ => Err(Status::not_found("no such product")),
        }
    }

    async fn list_associations(&self, _: Request<ListAssociationsRequest>) -> Result<Response<ListAssociationsResponse>, Status> {
        unused()
    }

    async fn list_taxons(&self, _: Request<ListTaxonsRequest>) -> Result<Response<ListTaxonsResponse>, Status> {
        unused()
    }

    async fn estimate_package_cost(&self, _: Request<EstimatePackageCostRequest>) -> Result<Response<PackageCost>, Status> {
        unused()
    }

    async fn admin_list_products(&self, _: Request<AdminListProductsRequest>) -> Result<Response<AdminProducts>, Status> {
        unused()
    }

    async fn admin_get_product(&self, _: Request<AdminGetProductRequest>) -> Result<Response<EditableProduct>, Status> {
        unused()
    }

    async fn save_product(&self, _: Request<SaveProductRequest>) -> Result<Response<EditableProduct>, Status> {
        unused()
    }

    async fn add_picture(&self, _: Request<AddPictureRequest>) -> Result<Response<EditableProduct>, Status> {
        unused()
    }

    async fn remove_picture(&self, _: Request<RemovePictureRequest>) -> Result<Response<EditableProduct>, Status> {
        unused()
    }

    async fn get_picture(&self, _: Request<GetPictureRequest>) -> Result<Response<Picture>, Status> {
        unused()
    }

    /// Nothing here counts its stock.
    async fn reserve_stock(&self, _: Request<ReserveStockRequest>) -> Result<Response<StockAnswer>, Status> {
        Ok(Response::new(StockAnswer {}))
    }

    async fn release_stock(&self, _: Request<ReleaseStockRequest>) -> Result<Response<StockAnswer>, Status> {
        Ok(Response::new(StockAnswer {}))
    }
}

/// Rooms are not asked for a basket of products.
struct NoRooms;

#[tonic::async_trait]
impl RoomsService for NoRooms {
    async fn search_rooms(&self, _: Request<SearchRoomsRequest>) -> Result<Response<SearchRoomsResponse>, Status> {
        unused()
    }

    async fn search_package_rooms(&self, _: Request<SearchPackageRoomsRequest>) -> Result<Response<SearchRoomsResponse>, Status> {
        unused()
    }

    async fn get_availability(&self, _: Request<GetAvailabilityRequest>) -> Result<Response<GetAvailabilityResponse>, Status> {
        unused()
    }

    async fn check_stays(&self, _: Request<CheckStaysRequest>) -> Result<Response<CheckStaysResponse>, Status> {
        unused()
    }

    async fn reserve(&self, _: Request<ReserveRequest>) -> Result<Response<Hold>, Status> {
        unused()
    }

    async fn confirm(&self, _: Request<OrderRef>) -> Result<Response<Hold>, Status> {
        unused()
    }

    async fn release(&self, _: Request<OrderRef>) -> Result<Response<Hold>, Status> {
        unused()
    }

    async fn keep(&self, _: Request<KeepRequest>) -> Result<Response<Hold>, Status> {
        unused()
    }

    async fn get_board(&self, _: Request<GetBoardRequest>) -> Result<Response<Board>, Status> {
        unused()
    }

    async fn r#move(&self, _: Request<MoveRequest>) -> Result<Response<Hold>, Status> {
        unused()
    }

    async fn get_nights(&self, _: Request<GetNightsRequest>) -> Result<Response<Nights>, Status> {
        unused()
    }

    async fn set_nights(&self, _: Request<SetNightsRequest>) -> Result<Response<Nights>, Status> {
        unused()
    }

    async fn get_room_type(&self, _: Request<GetRoomTypeRequest>) -> Result<Response<RoomTypeSettings>, Status> {
        unused()
    }

    async fn set_room_type(&self, _: Request<SetRoomTypeRequest>) -> Result<Response<RoomTypeSettings>, Status> {
        unused()
    }

    async fn get_seasons(&self, _: Request<GetSeasonsRequest>) -> Result<Response<Seasons>, Status> {
        unused()
    }

    async fn set_seasons(&self, _: Request<SetSeasonsRequest>) -> Result<Response<Seasons>, Status> {
        unused()
    }

    async fn list_channels(&self, _: Request<ListChannelsRequest>) -> Result<Response<Channels>, Status> {
        unused()
    }

    async fn get_channel(&self, _: Request<ChannelRef>) -> Result<Response<Channel>, Status> {
        unused()
    }

    async fn save_channel(&self, _: Request<SaveChannelRequest>) -> Result<Response<Channel>, Status> {
        unused()
    }

    async fn delete_channel(&self, _: Request<ChannelRef>) -> Result<Response<DeleteChannelResponse>, Status> {
        unused()
    }

    async fn sync_channel(&self, _: Request<ChannelRef>) -> Result<Response<SyncResult>, Status> {
        unused()
    }

    async fn get_channel_feed(&self, _: Request<ChannelFeedRequest>) -> Result<Response<ChannelFeed>, Status> {
        unused()
    }
}

struct Service {
    client: CartServiceClient<tonic::transport::Channel>,
    bus: Arc<dyn EventBus>,
    catalog: FakeCatalog,
    _alone: Alone,
}

impl Service {
    async fn start() -> Self {
        let alone = Alone::new().await;
        let catalog = FakeCatalog(Arc::new(CatalogState { price: AtomicI64::new(4900), ..Default::default() }));
        let catalog_addr = alone.serve(tonic::service::Routes::new(CatalogServiceServer::new(catalog.clone()))).await;
        let rooms_addr = alone.serve(tonic::service::Routes::new(RoomsServiceServer::new(NoRooms))).await;
        let (infra, listener) = alone
            .infra("cart", |peers| {
                peers.catalog = catalog_addr;
                peers.rooms = rooms_addr;
            })
            .await;
        let bus = infra.bus.clone();
        let started = spa_cart::start(infra, listener).await.unwrap();
        let client = CartServiceClient::connect(started.url.clone()).await.unwrap();
        Self { client, bus, catalog, _alone: alone }
    }

    async fn cart(&self, token: &str) -> Cart {
        self.client.clone().get_cart(GetCartRequest { token: token.into(), locale: "pl".into() }).await.unwrap().into_inner()
    }
}

fn oil_total(cart: &Cart) -> i64 {
    cart.items.iter().find(|i| i.code == OIL).map(|i| i.total).expect("the oil's line")
}

#[tokio::test]
async fn catalog_answers_are_kept_until_the_catalog_says_a_product_changed() {
    let s = Service::start().await;
    let token = uuid::Uuid::new_v4().simple().to_string();
    let mut cart = s.client.clone();
    cart.create_cart(CreateCartRequest { token: token.clone(), channel: "web_pl".into(), locale: "pl".into(), ..Default::default() })
        .await
        .unwrap();
    let oil = NewItem { r#type: NewItemType::Product as i32, product_code: OIL.into(), quantity: Some(2), ..Default::default() };
    cart.add_item(AddItemRequest { token: token.clone(), locale: "pl".into(), item: Some(oil), ..Default::default() }).await.unwrap();
    assert_eq!(oil_total(&s.cart(&token).await), 9800);

    // Reads of the basket while nothing changed ask the catalog no more.
    let asked = s.catalog.card_calls.load(Ordering::SeqCst);
    for _ in 0..3 {
        assert_eq!(oil_total(&s.cart(&token).await), 9800);
    }
    assert_eq!(s.catalog.card_calls.load(Ordering::SeqCst), asked, "answered from the cache");

    // A new price, unannounced, is not seen; announced, it is.
    s.catalog.price.store(5900, Ordering::SeqCst);
    assert_eq!(oil_total(&s.cart(&token).await), 9800, "the catalog has not said so");
    let changed = ProductChanged { codes: vec![OIL.into()], product_type: ProductType::Product as i32 };
    s.bus.publish(&Event::of(&changed)).await.unwrap();
    // The cache follows the bus in its own task: wait for it to see the event.
    wait_until("the change to be seen", || async { oil_total(&s.cart(&token).await) == 11800 }).await;
    assert!(s.catalog.card_calls.load(Ordering::SeqCst) > asked, "asked again after the change");
}

#[tokio::test]
async fn a_product_the_catalog_does_not_know_is_refused_with_its_field() {
    let s = Service::start().await;
    let token = uuid::Uuid::new_v4().simple().to_string();
    let mut cart = s.client.clone();
    cart.create_cart(CreateCartRequest { token: token.clone(), channel: "web_pl".into(), locale: "pl".into(), ..Default::default() })
        .await
        .unwrap();
    let unknown = NewItem { r#type: NewItemType::Product as i32, product_code: "PR_NOPE".into(), ..Default::default() };
    let status = cart
        .add_item(AddItemRequest { token: token.clone(), locale: "pl".into(), item: Some(unknown), ..Default::default() })
        .await
        .unwrap_err();
    assert_eq!(status.code(), tonic::Code::InvalidArgument, "{status:?}");
    assert!(status.message().starts_with("productCode:"), "names its field: {status:?}");
    assert!(s.cart(&token).await.items.is_empty(), "nothing added");
}
