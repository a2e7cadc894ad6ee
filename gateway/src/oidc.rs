//! OpenID Connect login: the authorization code flow with PKCE against the
//! providers of `OIDC_SOCIAL_*` and `OIDC_SEARCH_*` (the spec's "social
//! network" and "search-engine company" accounts).
//!
//! - [`ProviderConfig`] — a provider's issuer, client and button label;
//!   an unconfigured provider is not offered.
//! - [`Oidc::begin`] — discovery (kept for an hour), a PKCE S256 challenge,
//!   a random state and nonce; the flow is kept server-side for ten minutes
//!   under a random id that the browser holds in an HttpOnly cookie.
//! - [`Oidc::finish`] — the flow used once, the state compared, the code
//!   exchanged with the verifier, the ID token checked (signature against
//!   the provider's keys, issuer, audience, nonce, expiry) and a verified
//!   e-mail required.
//!
//! The provider is reached through our own hyper client (rustls, no
//! redirects followed); plain `http` is allowed for loopback addresses only.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, HttpRequest, HttpResponse, IssuerUrl, Nonce, PkceCodeChallenge, PkceCodeVerifier,
    RedirectUrl, Scope, TokenResponse,
};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use spa_platform::cache::Cache;

use crate::wire::LoginProviderId;
use tokio::sync::Mutex;

/// How long a started login may take at the provider.
pub const FLOW_TTL: Duration = Duration::from_secs(600);
/// How long a provider's discovery document and keys are kept.
const METADATA_TTL: Duration = Duration::from_secs(3600);
/// Each call to a provider.
const TIMEOUT: Duration = Duration::from_secs(5);
/// The cookie that names the browser's login in progress.
pub const FLOW_COOKIE: &str = "spa_oidc";
/// A provider of `OIDC_{SOCIAL,SEARCH}_{ISSUER,CLIENT_ID,CLIENT_SECRET,LABEL}`.
#[derive(Clone)]
pub struct ProviderConfig {
    /// `social` or `search`, in the login paths.
    pub id: LoginProviderId,
    /// The button's text ("Facebook", "Google").
    pub label: String,
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
}

impl std::fmt::Debug for ProviderConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderConfig")
            .field("id", &self.id)
            .field("label", &self.label)
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

impl ProviderConfig {
    /// The configured providers. A provider is configured by its issuer; an
    /// issuer without its client id and secret, or an issuer that is not
    /// `https` (plain `http` only on a loopback address), stops the start.
    pub fn from_env() -> anyhow::Result<Vec<Self>> {
        let mut providers = Vec::new();
        for (id, prefix, default_label) in
            [(LoginProviderId::Social, "OIDC_SOCIAL", "Facebook"), (LoginProviderId::Search, "OIDC_SEARCH", "Google")]
        {
            let var = |name: &str| spa_platform::config::var(&format!("{prefix}_{name}")).filter(|v| !v.trim().is_empty());
            let Some(issuer) = var("ISSUER") else { continue };
            let (Some(client_id), Some(client_secret)) = (var("CLIENT_ID"), var("CLIENT_SECRET")) else {
                anyhow::bail!("{prefix}_ISSUER is set: {prefix}_CLIENT_ID and {prefix}_CLIENT_SECRET are needed too");
            };
            let provider = Self {
                id,
                label: var("LABEL").unwrap_or_else(|| default_label.to_owned()),
                issuer: issuer.trim().to_owned(),
                client_id,
                client_secret,
            };
            provider.check()?;
            providers.push(provider);
        }
        Ok(providers)
    }

    pub fn check(&self) -> anyhow::Result<()> {
        let url = IssuerUrl::new(self.issuer.clone()).map_err(|e| anyhow::anyhow!("{}: issuer {}: {e}", self.id, self.issuer))?;
        anyhow::ensure!(allowed_url(url.url()), "{}: the issuer must be https (http only on a loopback address): {}", self.id, self.issuer);
        Ok(())
    }
}

/// `https`, or `http` on a loopback address (a local test provider).
fn allowed_url(url: &openidconnect::url::Url) -> bool {
    match url.scheme() {
        "https" => true,
        "http" => match url.host() {
            Some(openidconnect::url::Host::Domain(d)) => d == "localhost",
            Some(openidconnect::url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(openidconnect::url::Host::Ipv6(ip)) => ip.is_loopback(),
            None => false,
        },
        _ => false,
    }
}

/// Why a login through a provider failed; logged, never shown.
#[derive(Debug, thiserror::Error)]
pub enum OidcError {
    #[error("no such provider configured")]
    UnknownProvider,
    #[error("no login in progress for this browser, or it expired or was used")]
    NoFlow,
    #[error("the state does not match the login in progress")]
    StateMismatch,
    #[error("the provider refused: {0}")]
    Denied(String),
    #[error("the provider is unreachable or answered wrongly: {0}")]
    Provider(String),
    #[error("the ID token is not valid: {0}")]
    InvalidToken(String),
    #[error("the provider gave no verified e-mail address")]
    NoVerifiedEmail,
    #[error("the flow store: {0}")]
    Store(String),
}

/// The provider's HTTP errors, as the crate wants them.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    #[error("only https (or http on a loopback address) is allowed: {0}")]
    Scheme(String),
    #[error("{0}")]
    Request(String),
}

/// The crate's requests go through the shop's one outbound client, to
/// https addresses only (or http on a loopback address: tests' fakes).
#[derive(Clone)]
pub struct Http(spa_platform::http::Http);

impl Http {
    pub fn new() -> anyhow::Result<Self> {
        Ok(Self(spa_platform::http::Http::with_timeout(TIMEOUT)?))
    }

    /// One request; redirects are answers, not followed.
    pub async fn send(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        let url = openidconnect::url::Url::parse(&request.uri().to_string()).map_err(|e| HttpError::Request(e.to_string()))?;
        if !allowed_url(&url) {
            return Err(HttpError::Scheme(url.origin().ascii_serialization()));
        }
        self.0.send(request).await.map_err(|e| HttpError::Request(e.to_string()))
    }
}

/// A login in progress, kept server-side under the cookie's id.
#[derive(Debug, Serialize, Deserialize)]
struct Flow {
    provider: String,
    state: String,
    nonce: String,
    verifier: String,
    /// Where the customer goes after the login.
    return_to: String,
    /// Where a failure is shown.
    from: String,
    locale: String,
}

/// A login begun: where the browser goes, and the flow's id for its cookie.
pub struct Begun {
    pub authorize_url: String,
    pub flow_id: String,
}

/// What a finished login tells about the person.
#[derive(Debug)]
pub struct Identity {
    pub provider: LoginProviderId,
    pub subject: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub locale: String,
    pub return_to: String,
}

/// The pages a flow goes back to, to show a failure when it is unusable.
pub struct Pages {
    pub return_to: String,
    pub from: String,
}

/// The configured providers, their discovered metadata and the flows in
/// progress.
#[derive(Clone)]
pub struct Oidc {
    providers: Arc<Vec<ProviderConfig>>,
    http: Http,
    metadata: Arc<Mutex<HashMap<&'static str, (Instant, CoreProviderMetadata)>>>,
    flows: Arc<dyn Cache>,
}

impl Oidc {
    pub fn new(providers: Vec<ProviderConfig>, flows: Arc<dyn Cache>) -> anyhow::Result<Self> {
        Ok(Self { providers: Arc::new(providers), http: Http::new()?, metadata: Arc::default(), flows })
    }

    /// Flows kept in `flows` (shared by the gateway's replicas) instead.
    pub fn with_flows(self, flows: Arc<dyn Cache>) -> Self {
        Self { flows, ..self }
    }

    pub fn providers(&self) -> &[ProviderConfig] {
        &self.providers
    }

    fn provider(&self, id: &str) -> Result<&ProviderConfig, OidcError> {
        self.providers.iter().find(|p| p.id.code() == id).ok_or(OidcError::UnknownProvider)
    }

    /// The provider's discovery document and keys, fetched at most once an
    /// hour (or again after a failure).
    async fn metadata(&self, provider: &ProviderConfig) -> Result<CoreProviderMetadata, OidcError> {
        let mut cached = self.metadata.lock().await;
        if let Some((at, metadata)) = cached.get(provider.id.code())
            && at.elapsed() < METADATA_TTL
        {
            return Ok(metadata.clone());
        }
        let issuer = IssuerUrl::new(provider.issuer.clone()).map_err(|e| OidcError::Provider(e.to_string()))?;
        let http = self.http.clone();
        let client = move |request: HttpRequest| {
            let http = http.clone();
            async move { http.send(request).await }
        };
        let metadata = CoreProviderMetadata::discover_async(issuer, &client).await.map_err(|e| OidcError::Provider(error_chain(&e)))?;
        cached.insert(provider.id.code(), (Instant::now(), metadata.clone()));
        Ok(metadata)
    }

    async fn client(
        &self,
        provider: &ProviderConfig,
        redirect: &str,
    ) -> Result<
        CoreClient<
            openidconnect::EndpointSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointMaybeSet,
            openidconnect::EndpointMaybeSet,
        >,
        OidcError,
    > {
        let metadata = self.metadata(provider).await?;
        let redirect = RedirectUrl::new(redirect.to_owned()).map_err(|e| OidcError::Provider(e.to_string()))?;
        Ok(CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(provider.client_id.clone()),
            Some(ClientSecret::new(provider.client_secret.clone())),
        )
        .set_redirect_uri(redirect))
    }

    /// Starts a login at `provider`: the authorization URL to send the
    /// browser to, and the id of the flow kept for [`FLOW_TTL`].
    pub async fn begin(&self, provider: &str, redirect: &str, pages: Pages, locale: &str) -> Result<Begun, OidcError> {
        let provider = self.provider(provider)?;
        let client = self.client(provider, redirect).await?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()))
            .set_pkce_challenge(challenge)
            .url();
        let flow = Flow {
            provider: provider.id.code().to_owned(),
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            verifier: verifier.secret().clone(),
            return_to: pages.return_to,
            from: pages.from,
            locale: locale.to_owned(),
        };
        let flow_id = random_id();
        let value = serde_json::to_vec(&flow).map_err(|e| OidcError::Store(e.to_string()))?;
        let store = |e: spa_platform::cache::CacheError| OidcError::Store(e.to_string());
        // The counter that lets the flow be used once, by whichever replica.
        self.flows.set(&used_key(&flow_id), b"0", FLOW_TTL).await.map_err(store)?;
        self.flows.set(&flow_key(&flow_id), &value, FLOW_TTL).await.map_err(store)?;
        Ok(Begun { authorize_url: url.to_string(), flow_id })
    }

    /// The flow of `flow_id`, used up: a second callback with it finds
    /// nothing. `None` when there is none (unknown, expired or used).
    /// "Used" is an atomic counter in the shared cache (Redis for the
    /// distributed gateway), so a copy of the flow another replica still
    /// holds near cannot be used again either.
    pub async fn take_flow(&self, flow_id: &str) -> Result<Option<TakenFlow>, OidcError> {
        if flow_id.is_empty() || flow_id.len() > 64 || !flow_id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let store = |e: spa_platform::cache::CacheError| OidcError::Store(e.to_string());
        let key = flow_key(flow_id);
        let Some(value) = self.flows.get(&key).await.map_err(store)? else { return Ok(None) };
        if self.flows.incr(&used_key(flow_id), 1).await.map_err(store)? != 1 {
            return Ok(None);
        }
        self.flows.delete(&key).await.map_err(store)?;
        let flow: Flow = serde_json::from_slice(&value).map_err(|e| OidcError::Store(e.to_string()))?;
        Ok(Some(TakenFlow(flow)))
    }

    /// Finishes the login of `flow` at `provider` with the callback's
    /// `code` and `state`: the person, with a verified e-mail.
    pub async fn finish(&self, provider: &str, flow: TakenFlow, redirect: &str, code: &str, state: &str) -> Result<Identity, OidcError> {
        let TakenFlow(flow) = flow;
        let provider = self.provider(provider)?;
        if flow.provider != provider.id.code() {
            return Err(OidcError::NoFlow);
        }
        if !constant_time_eq(flow.state.as_bytes(), state.as_bytes()) {
            return Err(OidcError::StateMismatch);
        }
        let client = self.client(provider, redirect).await?;
        let http = self.http.clone();
        let http_client = move |request: HttpRequest| {
            let http = http.clone();
            async move { http.send(request).await }
        };
        let request = client.exchange_code(AuthorizationCode::new(code.to_owned())).map_err(|e| OidcError::Provider(e.to_string()))?;
        let tokens =
            request.set_pkce_verifier(PkceCodeVerifier::new(flow.verifier)).request_async(&http_client).await.map_err(|e| match &e {
                openidconnect::RequestTokenError::ServerResponse(r) => OidcError::Denied(r.error().to_string()),
                // Its parse error may quote the answer, which holds tokens.
                openidconnect::RequestTokenError::Parse(..) => OidcError::Provider("the token answer could not be read".into()),
                _ => OidcError::Provider(error_chain(&e)),
            })?;
        let id_token = tokens.id_token().ok_or_else(|| OidcError::InvalidToken("no ID token in the answer".into()))?;
        let claims =
            id_token.claims(&client.id_token_verifier(), &Nonce::new(flow.nonce)).map_err(|e| OidcError::InvalidToken(error_chain(&e)))?;
        let email = claims.email().map(|e| e.as_str().to_owned()).filter(|e| !e.is_empty());
        let (Some(email), Some(true)) = (email, claims.email_verified()) else {
            return Err(OidcError::NoVerifiedEmail);
        };
        let first_name = claims.given_name().and_then(|c| c.get(None)).map(|n| n.as_str().to_owned()).unwrap_or_default();
        let last_name = claims.family_name().and_then(|c| c.get(None)).map(|n| n.as_str().to_owned()).unwrap_or_default();
        Ok(Identity {
            provider: provider.id,
            subject: claims.subject().as_str().to_owned(),
            email,
            first_name,
            last_name,
            locale: flow.locale,
            return_to: flow.return_to,
        })
    }
}

/// A flow taken out of the store.
pub struct TakenFlow(Flow);

impl TakenFlow {
    /// The page that shows a failure of this flow.
    pub fn from(&self) -> &str {
        &self.0.from
    }
}

fn flow_key(id: &str) -> String {
    format!("oidc-flow:{id}")
}

fn used_key(id: &str) -> String {
    format!("oidc-flow-used:{id}")
}

/// 32 random bytes, hex.
fn random_id() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// An error and its causes on one line (no secrets: the crate's errors
/// name URLs and reasons, never tokens).
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// A path of this site to go back to: it starts with one `/` (not `//`,
/// not `/\`, which browsers read as another host), has no control
/// characters or backslashes, and is at most 512 bytes. Anything else is
/// `None`.
pub fn local_path(raw: &str) -> Option<String> {
    let ok = raw.starts_with('/')
        && !raw.starts_with("//")
        && raw.len() <= 512
        && !raw.chars().any(|c| c.is_control() || c == '\\' || c.is_whitespace());
    ok.then(|| raw.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_same_site_paths_are_return_paths() {
        assert_eq!(local_path("/").as_deref(), Some("/"));
        assert_eq!(local_path("/en/basket/login?x=1").as_deref(), Some("/en/basket/login?x=1"));
        for bad in ["//evil.example", "/\\evil.example", "https://evil.example/", "evil", "", "/a b", "/\t/evil"] {
            assert!(local_path(bad).is_none(), "{bad:?}");
        }
    }

    /// Two replicas, each with its near copy in front of one shared cache:
    /// a flow begun at one is used once, at either.
    #[tokio::test]
    async fn a_flow_is_used_once_across_replicas() {
        use spa_platform::cache::{MokaCache, NearCache};
        let shared: Arc<dyn Cache> = Arc::new(MokaCache::new("far", 1 << 20));
        let replica = |name| {
            let near: Arc<dyn Cache> = Arc::new(NearCache::new(MokaCache::new(name, 1 << 20), shared.clone()));
            Oidc::new(Vec::new(), near).unwrap()
        };
        let (a, b) = (replica("a"), replica("b"));
        let flow = Flow {
            provider: "search".into(),
            state: "s".into(),
            nonce: "n".into(),
            verifier: "v".into(),
            return_to: "/".into(),
            from: "/en/login".into(),
            locale: "en_GB".into(),
        };
        let id = random_id();
        a.flows.set(&used_key(&id), b"0", FLOW_TTL).await.unwrap();
        a.flows.set(&flow_key(&id), &serde_json::to_vec(&flow).unwrap(), FLOW_TTL).await.unwrap();
        let taken = b.take_flow(&id).await.unwrap().expect("the other replica finds the flow");
        assert_eq!(taken.from(), "/en/login");
        assert!(a.take_flow(&id).await.unwrap().is_none(), "the near copy at the first replica is used up too");
        assert!(b.take_flow(&id).await.unwrap().is_none());
        assert!(b.take_flow("not-hex").await.unwrap().is_none());
    }

    #[test]
    fn plain_http_only_for_loopback_issuers() {
        let url = |s: &str| openidconnect::url::Url::parse(s).unwrap();
        assert!(allowed_url(&url("https://accounts.example.com")));
        assert!(allowed_url(&url("http://127.0.0.1:4000")));
        assert!(allowed_url(&url("http://localhost:4000")));
        assert!(allowed_url(&url("http://[::1]:4000")));
        assert!(!allowed_url(&url("http://accounts.example.com")));
        assert!(!allowed_url(&url("http://10.0.0.1")));
        assert!(!allowed_url(&url("ftp://127.0.0.1")));
    }
}
