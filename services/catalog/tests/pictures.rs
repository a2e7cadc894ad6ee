//! The picture store keeps, serves and removes pictures the same way in a
//! directory (standalone) and in a bucket of an S3-compatible store
//! (distributed); the demo catalog's pictures are kept in it like uploads.

use spa_catalog::editor::PictureStore;
use spa_platform::testkit::Alone;
use spa_proto::spa::catalog::v1::GetPictureRequest;
use spa_proto::spa::catalog::v1::catalog_service_client::CatalogServiceClient;

/// What every store must do: a picture written whole is read back as
/// written, an unknown or foreign path is none, a removed one is gone.
async fn keeps_reads_and_removes(store: &PictureStore) {
    let (page, listing) = PictureStore::new_paths("TR_ZEN");
    store.put(&page, b"the page's JPEG".to_vec()).await.unwrap();
    store.put(&listing, b"the card's JPEG".to_vec()).await.unwrap();
    assert_eq!(store.get(&page).await.unwrap().as_deref(), Some(&b"the page's JPEG"[..]));
    assert_eq!(store.get(&listing).await.unwrap().as_deref(), Some(&b"the card's JPEG"[..]));
    let (unknown, _) = PictureStore::new_paths("TR_ZEN");
    assert_eq!(store.get(&unknown).await.unwrap(), None);
    assert_eq!(store.get("/pictures/TR_ZEN/../../catalog.db").await.unwrap(), None);
    assert!(store.put("/pictures/TR_ZEN/x.jpg", b"x".to_vec()).await.is_err(), "only the store's own names are written");
    store.remove(&page).await;
    assert_eq!(store.get(&page).await.unwrap(), None);
    assert!(store.get(&listing).await.unwrap().is_some(), "only the named picture goes");
    store.remove(&page).await;
}

#[tokio::test]
async fn a_directory_keeps_reads_and_removes_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let store = PictureStore::in_dir(&dir.path().join("pictures")).unwrap();
    keeps_reads_and_removes(&store).await;
}

#[tokio::test]
#[cfg_attr(not(has_s3), ignore = "TEST_MOTO_SERVER is not set")]
async fn an_s3_bucket_keeps_reads_and_removes_pictures() {
    let s3 = spa_platform::testkit::S3Server::start().await;
    let settings = s3.settings();
    let aws: Vec<(&str, &str)> = settings.iter().filter(|(k, _)| k.starts_with("AWS_")).map(|(k, v)| (*k, v.as_str())).collect();
    let store = PictureStore::s3(&s3.bucket, &aws).unwrap();
    keeps_reads_and_removes(&store).await;

    // A store that does not answer is a failure to retry (503), never "no picture".
    let mut away = aws.clone();
    away.retain(|(k, _)| *k != "AWS_ENDPOINT");
    away.push(("AWS_ENDPOINT", "http://127.0.0.1:9"));
    let away = PictureStore::s3(&s3.bucket, &away).unwrap();
    assert!(away.get(&PictureStore::new_paths("TR_ZEN").0).await.is_err());
    assert!(away.put(&PictureStore::new_paths("TR_ZEN").0, b"x".to_vec()).await.is_err());
}

#[tokio::test]
async fn the_demo_catalogs_pictures_are_in_the_picture_store() {
    let alone = Alone::new().await;
    let (infra, listener) = alone.infra("catalog", |_| {}).await;
    let (db, outbox) = (infra.db.clone(), infra.outbox.clone());
    let store = PictureStore::in_dir(&infra.data_dir.clone().unwrap().join(spa_catalog::DEFAULT_PICTURE_DIR)).unwrap();
    let started = spa_catalog::start(infra, listener).await.unwrap();
    let mut client = CatalogServiceClient::connect(started.url.clone()).await.unwrap();

    let rows: Vec<(String, String, String)> =
        sqlx::query_as("SELECT product_code, page_path, listing_path FROM product_pictures ORDER BY product_code")
            .fetch_all(db.pool())
            .await
            .unwrap();
    let products: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products").fetch_one(db.pool()).await.unwrap();
    assert_eq!(rows.len() as i64, products, "one picture for every demo product");
    let unnamed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products WHERE image IS NOT NULL").fetch_one(db.pool()).await.unwrap();
    assert_eq!(unnamed, 0, "no product left pointing at /media");
    for (code, page, listing) in &rows {
        assert_eq!(page, listing, "{code}: one SVG serves both sizes");
        let picture = client.get_picture(GetPictureRequest { path: page.clone() }).await.unwrap().into_inner();
        assert_eq!(picture.content_type, "image/svg+xml", "{code}");
        assert!(picture.data.starts_with(b"<svg") || picture.data.starts_with(b"<?xml"), "{code}: an SVG");
    }

    // A catalog seeded before pictures were stored: its products name their
    // seed file. The first start after moves each into the store, once.
    let again = |code: &str, file: &str| {
        let db = db.clone();
        let (code, file) = (code.to_owned(), file.to_owned());
        async move {
            sqlx::query("DELETE FROM product_pictures WHERE product_code = $1").bind(&code).execute(db.pool()).await.unwrap();
            sqlx::query("UPDATE products SET image = $2 WHERE code = $1").bind(&code).bind(&file).execute(db.pool()).await.unwrap();
        }
    };
    again("TR_HOT_STONE", "tr-hot-stone.svg").await;
    // One whose administrator had uploaded a picture: guests saw that one, and still do.
    sqlx::query("UPDATE products SET image = 'tr-classic-massage.svg' WHERE code = 'TR_CLASSIC_MASSAGE'").execute(db.pool()).await.unwrap();
    let changes = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM outbox WHERE subject LIKE '%product.changed%'")
            .fetch_one(db.pool())
            .await
            .unwrap()
    };
    let before = changes().await;
    assert_eq!(spa_catalog::seed::move_seed_pictures(&db, &outbox, &store).await.unwrap(), 1);
    assert_eq!(changes().await, before + 1, "guests' caches are told of the one moved");
    assert_eq!(spa_catalog::seed::move_seed_pictures(&db, &outbox, &store).await.unwrap(), 0, "moved once");
    let pictures = |code: &'static str| {
        let db = db.clone();
        async move {
            sqlx::query_scalar::<_, String>("SELECT page_path FROM product_pictures WHERE product_code = $1")
                .bind(code)
                .fetch_all(db.pool())
                .await
                .unwrap()
        }
    };
    let moved = pictures("TR_HOT_STONE").await;
    assert_eq!(moved.len(), 1);
    assert_eq!(store.get(&moved[0]).await.unwrap().as_deref(), spa_catalog::seed::media("tr-hot-stone.svg"));
    let kept = pictures("TR_CLASSIC_MASSAGE").await;
    assert_eq!(kept, [rows.iter().find(|r| r.0 == "TR_CLASSIC_MASSAGE").unwrap().1.clone()], "the uploaded one stays alone");
}
