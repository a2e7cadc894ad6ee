//! The one client for calls to outside services (payment providers, the
//! weather service): rustls with ring and the Mozilla roots, chosen here
//! rather than process-wide; plain HTTP only for a local address (tests'
//! fakes). Every exchange has a deadline, so a stalled provider never holds
//! a request.

use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

pub use hyper::{Method, Request, StatusCode};

pub type Https = hyper_rustls::HttpsConnector<HttpConnector>;

/// HTTPS with ring and the Mozilla roots, plain HTTP too (local addresses,
/// or a store inside the cluster): the connector of every outside call.
pub fn https_connector() -> anyhow::Result<Https> {
    Ok(hyper_rustls::HttpsConnectorBuilder::new()
        .with_provider_and_webpki_roots(rustls::crypto::ring::default_provider())?
        .https_or_http()
        .enable_http1()
        .build())
}

/// How long a call may take, connection included.
pub const TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// The request could not be written (a bad URL or header).
    #[error("the request is not valid: {0}")]
    Invalid(String),
    /// No answer, no answer in time, or a 5xx.
    #[error("the service is unavailable: {0}")]
    Unavailable(String),
    /// An answer larger than the caller takes.
    #[error("the answer is larger than {0} bytes")]
    TooLarge(usize),
}

#[derive(Clone)]
pub struct Http {
    client: Client<Https, Full<Bytes>>,
    timeout: Duration,
}

impl Http {
    pub fn new() -> anyhow::Result<Self> {
        Self::with_timeout(TIMEOUT)
    }

    pub fn with_timeout(timeout: Duration) -> anyhow::Result<Self> {
        Ok(Self { client: Client::builder(TokioExecutor::new()).build(https_connector()?), timeout })
    }

    /// Sends a request whole: the answer with its status, headers and body,
    /// redirects not followed. No answer, or none in time, is
    /// [`HttpError::Unavailable`]; a status is the caller's to judge.
    pub async fn send(&self, request: hyper::Request<Vec<u8>>) -> Result<hyper::Response<Vec<u8>>, HttpError> {
        self.send_limited(request, usize::MAX).await
    }

    /// Sends a request whole like [`Http::send`], its answer's body read up
    /// to `max_bytes`: a larger one is [`HttpError::TooLarge`], read no further.
    pub async fn send_limited(&self, request: hyper::Request<Vec<u8>>, max_bytes: usize) -> Result<hyper::Response<Vec<u8>>, HttpError> {
        let (parts, body) = request.into_parts();
        let request = hyper::Request::from_parts(parts, Full::new(Bytes::from(body)));
        let exchange = async {
            let response = self.client.request(request).await.map_err(|e| HttpError::Unavailable(e.to_string()))?;
            let (parts, body) = response.into_parts();
            let bytes = http_body_util::Limited::new(body, max_bytes).collect().await.map_err(|e| {
                if e.is::<http_body_util::LengthLimitError>() {
                    HttpError::TooLarge(max_bytes)
                } else {
                    HttpError::Unavailable(e.to_string())
                }
            })?;
            Ok::<_, HttpError>(hyper::Response::from_parts(parts, bytes.to_bytes().to_vec()))
        };
        tokio::time::timeout(self.timeout, exchange).await.map_err(|_| HttpError::Unavailable("no answer in time".into()))?
    }

    /// Sends a request; the status and the body's text. A 5xx, no answer
    /// or no answer in time is [`HttpError::Unavailable`].
    pub async fn exchange(
        &self,
        method: hyper::Method,
        url: &str,
        headers: &[(&str, &str)],
        body: String,
    ) -> Result<(hyper::StatusCode, String), HttpError> {
        let mut request = hyper::Request::builder().method(method).uri(url);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request.body(body.into_bytes()).map_err(|e| HttpError::Invalid(e.to_string()))?;
        let response = self.send(request).await?;
        let status = response.status();
        if status.is_server_error() {
            return Err(HttpError::Unavailable(format!("{status}")));
        }
        Ok((status, String::from_utf8_lossy(response.body()).into_owned()))
    }
}
