//! Where pictures are kept: an object store, files under the catalog's
//! picture directory (`PICTURE_DIR`, standalone) or one bucket of any
//! S3-compatible store (`PICTURE_BUCKET` with the `AWS_*` settings) that
//! every catalog replica shares. Named by a random id under their product's
//! code, each written whole before any row names it (a reader never sees
//! half a file). Served back by path through `GetPicture`.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
use object_store::client::{
    ClientOptions, HttpClient, HttpConnector, HttpError, HttpErrorKind, HttpRequest, HttpRequestBody, HttpResponse, HttpResponseBody,
    HttpService,
};
use object_store::local::LocalFileSystem;
use object_store::path::Path as Key;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, RetryConfig};

/// The public path prefix of stored pictures (the gateway serves it).
pub const PREFIX: &str = "/pictures/";

/// The kinds of file the store names: an upload's two JPEG sizes, and a
/// demo picture (SVG, one file for both sizes).
const NAMES: [(&str, &str); 3] = [("page.jpg", "image/jpeg"), ("listing.jpg", "image/jpeg"), ("page.svg", "image/svg+xml")];

#[derive(Clone, Debug)]
pub struct PictureStore {
    objects: Arc<dyn ObjectStore>,
}

/// The media type of a path this store names: `/pictures/<CODE>/<32 hex>-page.jpg`,
/// `-listing.jpg` or `-page.svg`; none for any other path.
pub fn content_type(path: &str) -> Option<&'static str> {
    let rest = path.strip_prefix(PREFIX)?;
    let (code, file) = rest.split_once('/')?;
    let code_ok = (1..=64).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
    let (id, name) = file.split_once('-')?;
    let id_ok = id.len() == 32 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let kind = NAMES.iter().find(|(n, _)| *n == name)?.1;
    (code_ok && id_ok).then_some(kind)
}

pub fn well_formed(path: &str) -> bool {
    content_type(path).is_some()
}

fn failed(e: object_store::Error) -> std::io::Error {
    std::io::Error::other(e)
}

impl PictureStore {
    /// Files under `dir`, made if missing.
    pub fn in_dir(dir: &Path) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        let files = LocalFileSystem::new_with_prefix(dir).map_err(failed)?;
        Ok(Self { objects: Arc::new(files) })
    }

    /// The bucket `bucket` of an S3-compatible store, set by the process's
    /// `AWS_*` variables (endpoint, region, keys, `AWS_ALLOW_HTTP`) and then
    /// by `settings` (the same names).
    pub fn s3(bucket: &str, settings: &[(&str, &str)]) -> std::io::Result<Self> {
        // A store that does not answer fails the call within seconds (503,
        // retry), not after the client's default three minutes.
        let retry = RetryConfig { max_retries: 2, retry_timeout: Duration::from_secs(10), ..RetryConfig::default() };
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(bucket)
            .with_retry(retry)
            .with_http_connector(Hyper::connector().map_err(std::io::Error::other)?);
        for (name, value) in settings {
            let key: AmazonS3ConfigKey = name.to_ascii_lowercase().parse().map_err(failed)?;
            builder = builder.with_config(key, *value);
        }
        Ok(Self { objects: Arc::new(builder.build().map_err(failed)?) })
    }

    fn key(path: &str) -> Option<Key> {
        well_formed(path).then(|| Key::from(path.trim_start_matches(PREFIX)))
    }

    /// Two new paths for a picture of `code`: the page's and the listing's.
    pub fn new_paths(code: &str) -> (String, String) {
        let id = uuid::Uuid::new_v4().simple().to_string();
        (format!("{PREFIX}{code}/{id}-page.jpg"), format!("{PREFIX}{code}/{id}-listing.jpg"))
    }

    /// A new path for a demo picture of `code` (SVG: one size serves both).
    pub fn new_demo_path(code: &str) -> String {
        format!("{PREFIX}{code}/{}-page.svg", uuid::Uuid::new_v4().simple())
    }

    pub async fn put(&self, path: &str, data: Vec<u8>) -> std::io::Result<()> {
        let key = Self::key(path).ok_or_else(|| std::io::Error::other(format!("not a picture path: {path}")))?;
        self.objects.put(&key, PutPayload::from(data)).await.map_err(failed)?;
        Ok(())
    }

    /// The picture's bytes; none for a path this store does not hold.
    pub async fn get(&self, path: &str) -> std::io::Result<Option<Vec<u8>>> {
        let Some(key) = Self::key(path) else { return Ok(None) };
        match self.objects.get(&key).await {
            Ok(found) => Ok(Some(found.bytes().await.map_err(failed)?.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(failed(e)),
        }
    }

    pub async fn remove(&self, path: &str) {
        if let Some(key) = Self::key(path)
            && let Err(e) = self.objects.delete(&key).await
        {
            tracing::warn!(error = %e, path, "picture not removed");
        }
    }
}

/// The S3 client's HTTP: the platform's HTTPS connector (ring, Mozilla
/// roots) under hyper, each exchange bounded in time.
#[derive(Clone, Debug)]
struct Hyper(Client<spa_platform::http::Https, HttpRequestBody>);

impl Hyper {
    const TIMEOUT: Duration = Duration::from_secs(30);

    fn connector() -> anyhow::Result<Self> {
        Ok(Self(Client::builder(TokioExecutor::new()).build(spa_platform::http::https_connector()?)))
    }
}

impl HttpConnector for Hyper {
    fn connect(&self, _: &ClientOptions) -> object_store::Result<HttpClient> {
        Ok(HttpClient::new(self.clone()))
    }
}

#[async_trait::async_trait]
impl HttpService for Hyper {
    async fn call(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        let exchange = async {
            let response = self.0.request(request).await.map_err(|e| {
                let kind = if e.is_connect() { HttpErrorKind::Connect } else { HttpErrorKind::Request };
                HttpError::new(kind, e)
            })?;
            let (parts, body) = response.into_parts();
            let body = body.collect().await.map_err(|e| HttpError::new(HttpErrorKind::Request, e))?.to_bytes();
            Ok(HttpResponse::from_parts(parts, HttpResponseBody::from(body)))
        };
        tokio::time::timeout(Self::TIMEOUT, exchange).await.unwrap_or_else(|e| Err(HttpError::new(HttpErrorKind::Timeout, e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_stores_own_names_are_served() {
        let (page, listing) = PictureStore::new_paths("TR_ZEN");
        let demo = PictureStore::new_demo_path("TR_ZEN");
        assert_eq!(
            [&page, &listing, &demo].map(|p| content_type(p)),
            [Some("image/jpeg"), Some("image/jpeg"), Some("image/svg+xml")],
            "{page} {listing} {demo}"
        );
        for wrong in [
            "/pictures/../etc/passwd",
            "/pictures/TR_ZEN/../../x-page.jpg",
            "/pictures/tr_zen/0123456789abcdef0123456789abcdef-page.jpg",
            "/pictures/TR_ZEN/0123456789abcdef0123456789abcdef-page.png",
            "/pictures/TR_ZEN/0123456789abcdef0123456789abcdef-listing.svg",
            "/media/TR_ZEN/0123456789abcdef0123456789abcdef-page.jpg",
        ] {
            assert!(!well_formed(wrong), "{wrong}");
        }
    }
}
