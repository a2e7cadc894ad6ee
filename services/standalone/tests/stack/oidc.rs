//! Login through OpenID Connect providers, against a local fake identity
//! provider that signs its ID tokens (RS256, with the test-only keys of
//! `oidc/`): the whole browser flow over HTTP, start → authorize →
//! callback → session.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Form, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use base64::Engine;
use openidconnect::core::{CoreIdToken, CoreIdTokenClaims, CoreJsonWebKeySet, CoreJwsSigningAlgorithm, CoreRsaPrivateSigningKey};
use openidconnect::{
    Audience, EmptyAdditionalClaims, EndUserEmail, EndUserFamilyName, EndUserGivenName, IssuerUrl, JsonWebKeyId, LocalizedClaim, Nonce,
    PrivateSigningKey, StandardClaims, SubjectIdentifier,
};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::support::{TestStack, client};

/// The fake provider's signing key. A test-only key: it signs nothing
/// but these tests' tokens.
const TEST_ONLY_KEY: &str = include_str!("oidc/test-only-key.pem");
/// Another test-only key, with the same key id, for forged tokens.
const TEST_ONLY_OTHER_KEY: &str = include_str!("oidc/test-only-other-key.pem");
const CLIENT_ID: &str = "spa-shop";
const CLIENT_SECRET: &str = "test-secret";

/// The person the provider vouches for.
#[derive(Clone)]
struct Person {
    subject: String,
    email: String,
    email_verified: bool,
}

/// How the provider behaves for the next token.
#[derive(Clone, Default)]
struct Forgery {
    other_key: bool,
    wrong_nonce: bool,
    wrong_audience: bool,
}

struct Grant {
    redirect_uri: String,
    challenge: String,
    nonce: String,
}

struct Idp {
    issuer: String,
    person: Mutex<Person>,
    forgery: Mutex<Forgery>,
    grants: Mutex<HashMap<String, Grant>>,
}

/// A fake identity provider on 127.0.0.1.
struct FakeIdp {
    idp: Arc<Idp>,
    shutdown: tokio_util::sync::CancellationToken,
    served: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Drop for FakeIdp {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

impl FakeIdp {
    async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let issuer = format!("http://{}", listener.local_addr().unwrap());
        let idp = Arc::new(Idp {
            issuer,
            person: Mutex::new(Person { subject: "person-1".into(), email: "anna@example.com".into(), email_verified: true }),
            forgery: Mutex::default(),
            grants: Mutex::default(),
        });
        let app = Router::new()
            .route("/.well-known/openid-configuration", axum::routing::get(discovery))
            .route("/authorize", axum::routing::get(authorize))
            .route("/token", axum::routing::post(token))
            .route("/jwks", axum::routing::get(jwks))
            .with_state(idp.clone());
        let shutdown = tokio_util::sync::CancellationToken::new();
        let stop = shutdown.clone();
        let served = tokio::spawn(async move { axum::serve(listener, app).with_graceful_shutdown(stop.cancelled_owned()).await });
        Self { idp, shutdown, served: Some(served) }
    }

    /// The provider goes down: once this returns it answers no connection.
    async fn stop(mut self) {
        self.shutdown.cancel();
        if let Some(served) = self.served.take() {
            served.await.unwrap().unwrap();
        }
    }

    fn provider(&self, id: &str, label: &str) -> spa_gateway::oidc::ProviderConfig {
        spa_gateway::oidc::ProviderConfig {
            id: spa_gateway::wire::LoginProviderId::parse(id).expect("social or search"),
            label: label.into(),
            issuer: self.idp.issuer.clone(),
            client_id: CLIENT_ID.into(),
            client_secret: CLIENT_SECRET.into(),
        }
    }

    fn person(&self, subject: &str, email: &str, email_verified: bool) {
        *self.idp.person.lock().unwrap() = Person { subject: subject.into(), email: email.into(), email_verified };
    }

    fn forge(&self, forgery: Forgery) {
        *self.idp.forgery.lock().unwrap() = forgery;
    }
}

async fn discovery(State(idp): State<Arc<Idp>>) -> Json<Value> {
    let i = &idp.issuer;
    Json(json!({
        "issuer": i,
        "authorization_endpoint": format!("{i}/authorize"),
        "token_endpoint": format!("{i}/token"),
        "jwks_uri": format!("{i}/jwks"),
        "response_types_supported": ["code"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "scopes_supported": ["openid", "email", "profile"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
        "code_challenge_methods_supported": ["S256"],
    }))
}

fn signing_key(pem: &str) -> CoreRsaPrivateSigningKey {
    CoreRsaPrivateSigningKey::from_pem(pem, Some(JsonWebKeyId::new("test-key".into()))).unwrap()
}

async fn jwks() -> Json<CoreJsonWebKeySet> {
    Json(CoreJsonWebKeySet::new(vec![signing_key(TEST_ONLY_KEY).as_verification_key()]))
}

/// Approves at once: back to the redirect URI with a code, remembering
/// the PKCE challenge and the nonce.
async fn authorize(State(idp): State<Arc<Idp>>, Query(q): Query<HashMap<String, String>>) -> Response {
    let get = |k: &str| q.get(k).cloned().unwrap_or_default();
    if get("client_id") != CLIENT_ID || get("response_type") != "code" || get("code_challenge_method") != "S256" {
        return (StatusCode::BAD_REQUEST, "bad authorization request").into_response();
    }
    assert!(get("scope").split(' ').collect::<Vec<_>>().starts_with(&["openid"]), "scope {}", get("scope"));
    assert!(get("scope").contains("email") && get("scope").contains("profile"));
    let code = uuid::Uuid::new_v4().simple().to_string();
    let grant = Grant { redirect_uri: get("redirect_uri"), challenge: get("code_challenge"), nonce: get("nonce") };
    idp.grants.lock().unwrap().insert(code.clone(), grant);
    let state: String = form_encode(&get("state"));
    let location = format!("{}?code={code}&state={state}", get("redirect_uri"));
    (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response()
}

fn form_encode(s: &str) -> String {
    s.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

/// Checks the client, the redirect URI and the PKCE verifier; answers an
/// RS256-signed ID token.
async fn token(State(idp): State<Arc<Idp>>, headers: HeaderMap, Form(f): Form<HashMap<String, String>>) -> Response {
    let get = |k: &str| f.get(k).cloned().unwrap_or_default();
    let basic = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
        .and_then(|b| String::from_utf8(b).ok());
    let (id, secret) = match basic.as_deref().and_then(|b| b.split_once(':')) {
        Some((id, secret)) => (id.to_owned(), secret.to_owned()),
        None => (get("client_id"), get("client_secret")),
    };
    let refuse = |error: &str| (StatusCode::BAD_REQUEST, Json(json!({"error": error}))).into_response();
    if id != CLIENT_ID || secret != CLIENT_SECRET {
        return (StatusCode::UNAUTHORIZED, Json(json!({"error": "invalid_client"}))).into_response();
    }
    let Some(grant) = idp.grants.lock().unwrap().remove(&get("code")) else { return refuse("invalid_grant") };
    if get("grant_type") != "authorization_code" || get("redirect_uri") != grant.redirect_uri {
        return refuse("invalid_grant");
    }
    let computed = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(get("code_verifier").as_bytes()));
    if computed != grant.challenge {
        return refuse("invalid_grant");
    }
    let person = idp.person.lock().unwrap().clone();
    let forgery = idp.forgery.lock().unwrap().clone();
    let audience = if forgery.wrong_audience { "someone-else" } else { CLIENT_ID };
    let nonce = if forgery.wrong_nonce { "another-nonce".to_owned() } else { grant.nonce };
    let now = chrono::Utc::now();
    let claims = CoreIdTokenClaims::new(
        IssuerUrl::new(idp.issuer.clone()).unwrap(),
        vec![Audience::new(audience.into())],
        now + chrono::Duration::minutes(5),
        now,
        StandardClaims::new(SubjectIdentifier::new(person.subject))
            .set_email(Some(EndUserEmail::new(person.email)))
            .set_email_verified(Some(person.email_verified))
            .set_given_name(Some(LocalizedClaim::from(EndUserGivenName::new("Anna".into()))))
            .set_family_name(Some(LocalizedClaim::from(EndUserFamilyName::new("Kowalska".into())))),
        EmptyAdditionalClaims {},
    )
    .set_nonce(Some(Nonce::new(nonce)));
    let key = signing_key(if forgery.other_key { TEST_ONLY_OTHER_KEY } else { TEST_ONLY_KEY });
    let id_token = CoreIdToken::new(claims, &key, CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256, None, None).unwrap();
    Json(json!({"access_token": "at-1", "token_type": "Bearer", "expires_in": 300, "id_token": id_token.to_string()})).into_response()
}

/// A client that shows redirects instead of following them, like a
/// browser's network log.
fn browser() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).timeout(std::time::Duration::from_secs(20)).build().unwrap()
}

fn location(r: &reqwest::Response) -> String {
    r.headers().get("location").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default()
}

/// The value of cookie `name` that `r` sets ("" when it clears it).
fn set_cookie(r: &reqwest::Response, name: &str) -> Option<String> {
    r.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix(&format!("{name}=")).map(|rest| rest.split(';').next().unwrap_or_default().to_owned()))
}

/// A login in flight: the callback URL the provider sent the browser to
/// (on this stack) and the flow cookie.
struct Authorized {
    callback: String,
    flow_cookie: String,
}

/// Start at the shop, approve at the provider.
async fn authorize_at(t: &TestStack, start: &str) -> Authorized {
    let http = browser();
    let r = http.get(t.url(start)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 303, "{start}");
    let flow_cookie = set_cookie(&r, "spa_oidc").expect("the flow cookie");
    let cookie_header = r.headers().get("set-cookie").unwrap().to_str().unwrap().to_owned();
    assert!(cookie_header.contains("HttpOnly") && cookie_header.contains("SameSite=Lax"), "{cookie_header}");
    let authorize = location(&r);
    assert!(authorize.contains("code_challenge_method=S256") && authorize.contains("nonce="), "{authorize}");
    let r = http.get(&authorize).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 303);
    // The redirect URI names the shop's public address; the test reaches
    // this stack instead.
    let back = location(&r);
    let path = &back[back.find("/auth/").unwrap()..];
    Authorized { callback: t.url(path), flow_cookie }
}

/// The callback's answer: its redirect and the session cookie it set.
async fn callback(a: &Authorized) -> (String, Option<String>) {
    let r = browser().get(&a.callback).header("cookie", format!("spa_oidc={}", a.flow_cookie)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 303, "never a JSON page");
    assert_eq!(set_cookie(&r, "spa_oidc").as_deref(), Some(""), "the flow cookie is cleared");
    (location(&r), set_cookie(&r, "spa_session").filter(|s| !s.is_empty()))
}

async fn me(t: &TestStack, session: &str) -> Value {
    let r = client().get(t.url("/shop-api/me")).header("cookie", format!("spa_session={session}")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    r.json().await.unwrap()
}

async fn customer_id(t: &TestStack, email: &str) -> String {
    sqlx::query_scalar("SELECT id FROM customers WHERE email = $1").bind(email).fetch_one(t.stack.db("users").pool()).await.unwrap()
}

#[tokio::test]
async fn providers_are_listed_only_when_configured() {
    let t = TestStack::start().await;
    let (status, body) = t.get("/shop-api/auth/providers").await;
    assert_eq!((status, body), (200, json!({"items": []})));
    let r = browser().get(t.url("/auth/search/start?return=/en/login")).send().await.unwrap();
    assert_eq!((r.status().as_u16(), location(&r)), (303, "/en/login?login=failed".to_owned()), "an unconfigured provider");

    let idp = FakeIdp::start().await;
    let t = TestStack::start_with(|g| g.oidc = vec![idp.provider("search", "Google")]).await;
    let (status, body) = t.get("/shop-api/auth/providers").await;
    assert_eq!((status, body), (200, json!({"items": [{"id": "search", "label": "Google"}]})));
}

#[tokio::test]
async fn a_provider_login_makes_a_verified_customer_and_logs_in_again() {
    let idp = FakeIdp::start().await;
    let t = TestStack::start_with(|g| g.oidc = vec![idp.provider("social", "Facebook"), idp.provider("search", "Google")]).await;
    let (status, body) = t.get("/shop-api/auth/providers").await;
    assert_eq!((status, body["items"].as_array().unwrap().len()), (200, 2));

    let flow = authorize_at(&t, "/auth/social/start?return=/en/basket/login%3Fstep%3D2").await;
    let (to, session) = callback(&flow).await;
    assert_eq!(to, "/en/basket/login?step=2");
    let customer = me(&t, &session.expect("a session")).await;
    assert_eq!((customer["email"].as_str(), customer["firstName"].as_str()), (Some("anna@example.com"), Some("Anna")));
    let first = customer_id(&t, "anna@example.com").await;
    let verified: Option<i64> = sqlx::query_scalar("SELECT verified_at FROM customers WHERE id = $1")
        .bind(&first)
        .fetch_one(t.stack.db("users").pool())
        .await
        .unwrap();
    assert!(verified.is_some(), "the provider verified the e-mail");

    // No password: a password login is refused until a reset.
    let r = client()
        .post(t.url("/shop-api/login_check"))
        .header("x-requested-with", "XMLHttpRequest")
        .json(&json!({"email": "anna@example.com", "password": "anything at all 123"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 401);

    // The same person again: the same customer, a new session; no return path means home.
    let flow = authorize_at(&t, "/auth/social/start").await;
    let (to, session) = callback(&flow).await;
    assert_eq!(to, "/");
    assert_eq!(me(&t, &session.unwrap()).await["email"], "anna@example.com");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM customers").fetch_one(t.stack.db("users").pool()).await.unwrap();
    assert_eq!((customer_id(&t, "anna@example.com").await, count), (first.clone(), 1));

    // The same subject at the other provider is another identity, but the
    // verified e-mail links it to the same customer.
    let flow = authorize_at(&t, "/auth/search/start?return=/").await;
    let (_, session) = callback(&flow).await;
    assert_eq!(me(&t, &session.unwrap()).await["email"], "anna@example.com");
    let identities: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM identities WHERE customer_id = $1")
        .bind(&first)
        .fetch_one(t.stack.db("users").pool())
        .await
        .unwrap();
    assert_eq!(identities, 2);
}

#[tokio::test]
async fn a_verified_account_is_linked_and_an_unverified_one_refused() {
    let idp = FakeIdp::start().await;
    let t = TestStack::start_with(|g| g.oidc = vec![idp.provider("search", "Google")]).await;
    t.session_of("c1", "ola@example.pl", "customer").await;
    t.session_of("c2", "jan@example.pl", "customer").await;
    let users = t.stack.db("users");
    spa_users::store::mark_verified(users, "c1", users.now_ms()).await.unwrap();

    idp.person("g-ola", "Ola@Example.pl", true);
    let (to, session) = callback(&authorize_at(&t, "/auth/search/start?return=/profil").await).await;
    assert_eq!(to, "/profil");
    assert_eq!(me(&t, &session.unwrap()).await["email"], "ola@example.pl");
    let linked: String = sqlx::query_scalar("SELECT customer_id FROM identities WHERE provider = 'search' AND subject = 'g-ola'")
        .fetch_one(t.stack.db("users").pool())
        .await
        .unwrap();
    assert_eq!(linked, "c1");

    // Jan never verified his e-mail: whoever holds it at the provider does
    // not get his account.
    idp.person("g-jan", "jan@example.pl", true);
    let (to, session) = callback(&authorize_at(&t, "/auth/search/start?return=/profil&from=/logowanie").await).await;
    assert_eq!((to.as_str(), session), ("/logowanie?login=unverified", None));

    // A provider that does not vouch for the e-mail is refused.
    idp.person("g-eve", "eve@example.com", false);
    let (to, session) = callback(&authorize_at(&t, "/auth/search/start?return=/profil&from=/logowanie").await).await;
    assert_eq!((to.as_str(), session), ("/logowanie?login=failed", None));
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM customers").fetch_one(t.stack.db("users").pool()).await.unwrap();
    assert_eq!(count, 2, "nobody new");
}

/// A provider's word on an e-mail is no key to the back office: an
/// administrator's or editor's account is never linked by e-mail, and one
/// linked before it got a staff role gets no session through the provider.
#[tokio::test]
async fn a_staff_account_is_never_reached_through_a_provider() {
    let idp = FakeIdp::start().await;
    let t = TestStack::start_with(|g| g.oidc = vec![idp.provider("search", "Google")]).await;
    t.session_of("c1", "owner@example.pl", "customer,admin").await;
    t.session_of("c2", "editor@example.pl", "customer,editor").await;
    t.session_of("c3", "ola@example.pl", "customer").await;
    let users = t.stack.db("users");
    for id in ["c1", "c2", "c3"] {
        spa_users::store::mark_verified(users, id, users.now_ms()).await.unwrap();
    }
    for (subject, email) in [("g-owner", "owner@example.pl"), ("g-editor", "Editor@Example.pl")] {
        idp.person(subject, email, true);
        let (to, session) = callback(&authorize_at(&t, "/auth/search/start?return=/profil&from=/logowanie").await).await;
        assert_eq!((to.as_str(), session), ("/logowanie?login=staff", None), "{email}");
    }
    let linked: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM identities").fetch_one(t.stack.db("users").pool()).await.unwrap();
    assert_eq!(linked, 0, "no staff account linked");

    // Linked as a customer, later made an administrator: no provider session.
    idp.person("g-ola", "ola@example.pl", true);
    let (_, session) = callback(&authorize_at(&t, "/auth/search/start?return=/profil").await).await;
    assert!(session.is_some());
    spa_users::store::set_roles(users, "c3", &[spa_users::domain::Role::Customer, spa_users::domain::Role::Admin]).await.unwrap();
    let (to, session) = callback(&authorize_at(&t, "/auth/search/start?return=/profil&from=/logowanie").await).await;
    assert_eq!((to.as_str(), session), ("/logowanie?login=staff", None));
}

#[tokio::test]
async fn forged_tokens_replayed_states_and_foreign_return_paths_are_refused() {
    let idp = FakeIdp::start().await;
    let t = TestStack::start_with(|g| g.oidc = vec![idp.provider("search", "Google")]).await;
    for forgery in [
        Forgery { other_key: true, ..Forgery::default() },
        Forgery { wrong_nonce: true, ..Forgery::default() },
        Forgery { wrong_audience: true, ..Forgery::default() },
    ] {
        idp.forge(forgery);
        let (to, session) = callback(&authorize_at(&t, "/auth/search/start?return=/en/login").await).await;
        assert_eq!((to.as_str(), session), ("/en/login?login=failed", None));
    }
    idp.forge(Forgery::default());

    // A state that is not the flow's.
    let mut flow = authorize_at(&t, "/auth/search/start?return=/en/login").await;
    flow.callback = flow.callback.replace("state=", "state=x");
    assert_eq!(callback(&flow).await, ("/en/login?login=failed".to_owned(), None));

    // The flow works once: the same callback again is refused.
    let flow = authorize_at(&t, "/auth/search/start?return=/en/login").await;
    let (_, session) = callback(&flow).await;
    assert!(session.is_some());
    assert_eq!(callback(&flow).await, ("/?login=failed".to_owned(), None));
    // Without the browser's flow cookie, nothing either.
    let flow = authorize_at(&t, "/auth/search/start?return=/en/login").await;
    let r = browser().get(&flow.callback).send().await.unwrap();
    assert_eq!((r.status().as_u16(), location(&r), set_cookie(&r, "spa_session")), (303, "/?login=failed".to_owned(), None));

    // Return paths stay on this site.
    for foreign in ["//evil.example", "https://evil.example/", "/\\evil.example"] {
        let start = format!("/auth/search/start?return={}", form_encode(foreign));
        let (to, session) = callback(&authorize_at(&t, &start).await).await;
        assert_eq!(to, "/", "{foreign}");
        assert!(session.is_some());
    }
}

#[tokio::test]
async fn a_provider_that_is_down_fails_without_a_session() {
    let idp = FakeIdp::start().await;
    let mut down = idp.provider("social", "Facebook");
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    down.issuer = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let t = TestStack::start_with(|g| g.oidc = vec![down]).await;
    let r = browser().get(t.url("/auth/social/start?return=/en/login")).send().await.unwrap();
    assert_eq!((r.status().as_u16(), location(&r)), (303, "/en/login?login=failed".to_owned()));
    assert_eq!(set_cookie(&r, "spa_session"), None);

    // The provider denies (error=access_denied): back with the failure.
    let t = TestStack::start_with(|g| g.oidc = vec![idp.provider("search", "Google")]).await;
    let flow = authorize_at(&t, "/auth/search/start?return=/en/login").await;
    let denied = Authorized { callback: t.url("/auth/search/callback?error=access_denied&state=x"), flow_cookie: flow.flow_cookie };
    assert_eq!(callback(&denied).await, ("/en/login?login=failed".to_owned(), None));

    // The provider goes down between the approval and the code exchange.
    let flow = authorize_at(&t, "/auth/search/start?return=/en/login").await;
    idp.stop().await;
    assert_eq!(callback(&flow).await, ("/en/login?login=failed".to_owned(), None));
}
