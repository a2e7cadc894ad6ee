//! Login through an OpenID Connect provider ([`crate::oidc`]):
//! `GET /shop-api/auth/providers` lists the configured ones; the full-page
//! `GET /auth/{provider}/start` and `/auth/{provider}/callback` run the
//! authorization code flow and end in the same session cookie as a
//! password login.
//!
//! Every failure ends in a 303 to the page the login started from with
//! `?login=failed` (`?login=staff` for a staff account, which logs in with
//! its password; `?login=unverified` when the e-mail belongs to an
//! account whose e-mail was never verified), and a warning without secrets
//! in the log; never in a JSON page.

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use spa_proto::spa::users::v1::LoginWithIdentityRequest;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::oidc::{FLOW_COOKIE, FLOW_TTL, Pages, local_path};
use crate::session::{session_cookie, session_token};
use crate::wire::LoginProviderId;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(providers))
}

/// The browser's pages of the flow (not under `/shop-api`: the browser
/// goes to them, no script calls them).
pub fn pages() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/auth/{provider}/start", axum::routing::get(start))
        .route("/auth/{provider}/callback", axum::routing::get(callback))
}

/// A login provider that is offered.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoginProvider {
    /// Its path: the login starts at `/auth/{id}/start?return=/path`.
    #[schema(example = "search")]
    pub id: LoginProviderId,
    /// The button's text, e.g. "Google".
    pub label: String,
}

/// The login providers offered.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoginProviders {
    pub items: Vec<LoginProvider>,
}

/// Login providers
///
/// The OpenID Connect providers a customer may log in with, besides the
/// e-mail and password; none when none is configured. A login starts with
/// the browser going to `/auth/{id}/start?return=/path` (`from=/path`: the
/// page that shows a failure, `?login=failed` or `?login=unverified`).
#[utoipa::path(
    get,
    path = "/shop-api/auth/providers",
    tag = "user",
    responses((status = 200, description = "The providers offered", body = LoginProviders))
)]
pub async fn providers(State(state): State<AppState>) -> Json<LoginProviders> {
    let items = state.oidc.providers().iter().map(|p| LoginProvider { id: p.id, label: p.label.clone() }).collect();
    Json(LoginProviders { items })
}

fn query(raw: Option<&str>) -> impl Fn(&str) -> Option<String> + '_ {
    move |name| form_urlencoded::parse(raw.unwrap_or_default().as_bytes()).find(|(k, _)| k == name).map(|(_, v)| v.into_owned())
}

/// Where the provider sends the browser back to.
fn redirect_uri(state: &AppState, provider: &str) -> String {
    format!("{}/auth/{provider}/callback", state.config.public_url.trim_end_matches('/'))
}

fn see_other(location: &str) -> Response {
    let location = HeaderValue::from_str(location).unwrap_or_else(|_| HeaderValue::from_static("/"));
    (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response()
}

/// Back to `page` with `login={outcome}` in its query.
fn failed(page: &str, outcome: &str) -> Response {
    let page = local_path(page).unwrap_or_else(|| "/".into());
    let path = page.split('#').next().unwrap_or("/");
    let separator = if path.contains('?') { '&' } else { '?' };
    see_other(&format!("{path}{separator}login={outcome}"))
}

/// The cookie naming the flow in progress, or (`None`) the one ending it.
/// Path `/auth`: no other request carries it.
fn flow_cookie(state: &AppState, flow_id: Option<&str>) -> HeaderValue {
    let (value, max_age) = flow_id.map_or(("", 0), |id| (id, FLOW_TTL.as_secs()));
    crate::session::set_cookie(state, FLOW_COOKIE, value, "/auth", max_age)
}

fn flow_id(headers: &HeaderMap) -> Option<String> {
    crate::session::cookie(headers, FLOW_COOKIE)
}

/// Starts a login: 303 to the provider's authorization page.
async fn start(State(state): State<AppState>, Path(provider): Path<String>, RawQuery(raw): RawQuery) -> Response {
    let param = query(raw.as_deref());
    let return_to = param("return").and_then(|p| local_path(&p)).unwrap_or_else(|| "/".into());
    let from = param("from").and_then(|p| local_path(&p)).unwrap_or_else(|| return_to.clone());
    let locale = param("locale").and_then(|l| crate::i18n::Locale::parse(&l)).unwrap_or_default();
    let redirect = redirect_uri(&state, &provider);
    match state.oidc.begin(&provider, &redirect, Pages { return_to, from: from.clone() }, locale.code()).await {
        Ok(begun) => {
            let mut response = see_other(&begun.authorize_url);
            response.headers_mut().append(header::SET_COOKIE, flow_cookie(&state, Some(&begun.flow_id)));
            response
        }
        Err(e) => {
            tracing::warn!(provider = %provider.chars().take(20).collect::<String>(), error = %e, "login through a provider not started");
            failed(&from, "failed")
        }
    }
}

/// The provider's answer: the code exchanged, the ID token checked, the
/// customer logged in; 303 to the return path.
async fn callback(State(state): State<AppState>, Path(provider): Path<String>, headers: HeaderMap, RawQuery(raw): RawQuery) -> Response {
    let mut response = finish(&state, &provider, &headers, raw.as_deref()).await;
    // The flow is over, whichever way it went.
    response.headers_mut().append(header::SET_COOKIE, flow_cookie(&state, None));
    response
}

async fn finish(state: &AppState, provider: &str, headers: &HeaderMap, raw: Option<&str>) -> Response {
    let provider_label = provider.chars().take(20).collect::<String>();
    let warn =
        |error: &dyn std::fmt::Display| tracing::warn!(provider = %provider_label, error = %error, "login through a provider failed");
    let flow = match flow_id(headers) {
        Some(id) => state.oidc.take_flow(&id).await,
        None => Ok(None),
    };
    let flow = match flow {
        Ok(Some(flow)) => flow,
        Ok(None) => {
            warn(&crate::oidc::OidcError::NoFlow);
            return failed("/", "failed");
        }
        Err(e) => {
            warn(&e);
            return failed("/", "failed");
        }
    };
    let from = flow.from().to_owned();
    let param = query(raw);
    if let Some(error) = param("error") {
        // The customer said no, or the provider could not go on.
        warn(&crate::oidc::OidcError::Denied(error.chars().take(64).collect()));
        return failed(&from, "failed");
    }
    let (code, callback_state) = (param("code").unwrap_or_default(), param("state").unwrap_or_default());
    let identity = match state.oidc.finish(provider, flow, &redirect_uri(state, provider), &code, &callback_state).await {
        Ok(identity) => identity,
        Err(e) => {
            warn(&e);
            return failed(&from, "failed");
        }
    };
    let request = LoginWithIdentityRequest {
        provider: identity.provider.wire(),
        subject: identity.subject,
        email: identity.email,
        first_name: identity.first_name,
        last_name: identity.last_name,
        locale: identity.locale,
        previous_session_token: session_token(headers).unwrap_or_default(),
    };
    match state.clients.users.clone().login_with_identity(request).await {
        Ok(session) => {
            let session = session.into_inner();
            let mut response = see_other(&identity.return_to);
            response.headers_mut().append(header::SET_COOKIE, session_cookie(state, Some(&session)));
            response
        }
        Err(status) if spa_platform::errors::details(&status).is_some_and(|d| d.code == "identity_staff_account") => {
            warn(&"the e-mail belongs to a staff account, which logs in with its password");
            failed(&from, "staff")
        }
        Err(status) if status.code() == tonic::Code::FailedPrecondition => {
            warn(&"the e-mail belongs to an account whose e-mail is not verified");
            failed(&from, "unverified")
        }
        Err(status) => {
            warn(&format!("users service: {:?} {}", status.code(), status.message()));
            failed(&from, "failed")
        }
    }
}
