//! The catalog service alone: started on port 0 over SQLite with its demo
//! data, the in-process bus and cache. It has no peers.

use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_platform::testkit::{Alone, wait_until};
use spa_proto::common::{PageRequest, ProductType};
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;
use spa_proto::spa::catalog::v1::{ListOffersRequest, ListOffersResponse, Sorting};
use tonic::transport::Channel;

const STONES: &str = "TR_HOT_STONE";

struct Service {
    client: CatalogServiceClient<Channel>,
    db: Db,
    outbox: Outbox,
    _alone: Alone,
}

impl Service {
    async fn start() -> Self {
        let alone = Alone::new().await;
        let (infra, listener) = alone.infra("catalog", |_| {}).await;
        let (db, outbox) = (infra.db.clone(), infra.outbox.clone());
        let started = spa_catalog::start(infra, listener).await.unwrap();
        let client = CatalogServiceClient::connect(started.url.clone()).await.unwrap();
        Self { client, db, outbox, _alone: alone }
    }

    async fn treatments(&self) -> ListOffersResponse {
        let request = ListOffersRequest {
            r#type: ProductType::Treatment as i32,
            locale: "pl".into(),
            page: Some(PageRequest { page: 1, limit: 100 }),
            sorting: Sorting::PriceAsc as i32,
            ..Default::default()
        };
        self.client.clone().list_offers(request).await.unwrap().into_inner()
    }
}

fn price_of(page: &ListOffersResponse, code: &str) -> i64 {
    let p = page.items.iter().find(|p| p.code == code).expect("listed");
    p.price.as_ref().and_then(|p| p.current.as_ref()).map(|m| m.amount).expect("a price")
}

#[tokio::test]
async fn a_listing_is_kept_until_one_of_its_products_changes() {
    let s = Service::start().await;
    let before = price_of(&s.treatments().await, STONES);

    // Written behind the service's back, with no event: the kept page stands.
    sqlx::query("UPDATE products SET price = price + 100 WHERE code = $1").bind(STONES).execute(s.db.pool()).await.unwrap();
    assert_eq!(price_of(&s.treatments().await, STONES), before, "the page was kept");

    // Through the store, which announces the change: the page is built again.
    assert!(spa_catalog::store::set_price(&s.db, &s.outbox, STONES, before + 500).await.unwrap());
    wait_until("the change to be seen", || async { price_of(&s.treatments().await, STONES) == before + 500 }).await;
}

#[tokio::test]
async fn a_listing_asked_without_a_type_or_with_an_unknown_order_names_its_field() {
    let s = Service::start().await;
    let mut client = s.client.clone();
    let no_type = ListOffersRequest { locale: "pl".into(), ..Default::default() };
    let status = client.list_offers(no_type).await.unwrap_err();
    assert_eq!(status.code(), tonic::Code::NotFound, "no such listing: {status:?}");
    assert!(status.message().contains("package, room, treatment"), "names the types: {status:?}");
    let bad_order = ListOffersRequest { r#type: ProductType::Treatment as i32, locale: "pl".into(), sorting: 99, ..Default::default() };
    let status = client.list_offers(bad_order).await.unwrap_err();
    assert_eq!(status.code(), tonic::Code::InvalidArgument, "{status:?}");
    assert!(status.message().contains("sorting"), "{status:?}");
}

#[tokio::test]
async fn the_demo_offers_are_created_through_the_editors_call_and_announce_nothing() {
    let s = Service::start().await;
    let count = |sql: &'static str| {
        let db = s.db.clone();
        async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(db.pool()).await.unwrap() }
    };
    let offers = count("SELECT COUNT(*) FROM products WHERE type <> 'room'").await;
    assert!(offers >= 30, "{offers} demo offers");
    // Each offer's history begins with the editor's save, as an administrator's does.
    let created = count("SELECT COUNT(DISTINCT product_code) FROM product_changes WHERE staff = 'demo data'").await;
    assert_eq!(created, offers);
    // Nothing could have cached a catalog that was empty: no announcement waits.
    assert_eq!(count("SELECT COUNT(*) FROM outbox").await, 0);
    // What the editor does not set is the demo's: two offers priced in euros.
    assert_eq!(count("SELECT COUNT(*) FROM products WHERE currency = 'EUR'").await, 2);
}
