//! Online payments through PayPal's Orders API (v2).
//!
//! 1. `create_order`: an order of the amount due now (intent `CAPTURE`,
//!    our payment session as `custom_id`, the session as the request's
//!    `PayPal-Request-Id`, so a retry creates nothing more); the guest is
//!    sent to its `payer-action` link to approve it.
//! 2. The guest comes back to the shop's return URL with PayPal's order id,
//!    or PayPal posts `CHECKOUT.ORDER.APPROVED` to the webhook: either way
//!    the shop captures the order (`capture`, idempotent by its own request
//!    id) and records the capture only when it is `COMPLETED` in PLN for
//!    the amount registered.
//! 3. `PAYMENT.CAPTURE.COMPLETED` on the webhook records it too (a guest
//!    who never came back). Every webhook the shop acts on is checked with
//!    PayPal (`verify-webhook-signature`, on the exact bytes received)
//!    before it counts.
//!
//! An order never captured moves no money, so an order cancelled meanwhile
//! is simply not captured. Settings come from `PAYPAL_*`; without the
//! client id and secret the method is not offered. The secret and access
//! tokens are never logged.

use std::time::{Duration, Instant};

use base64::Engine;
use hyper::header;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use super::{Http, PaymentError, PaymentProvider, Redirect, Start};
use crate::domain::checkout::PaymentMethod;

/// PayPal's settings and an access token while it lasts.
pub struct PayPal {
    /// `https://api-m.sandbox.paypal.com` (sandbox) or `https://api-m.paypal.com`.
    pub base_url: String,
    client_id: String,
    secret: String,
    /// The webhook's id at PayPal, needed to verify its events.
    webhook_id: String,
    http: Http,
    token: Mutex<Option<(String, Instant)>>,
}

impl std::fmt::Debug for PayPal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PayPal").field("base_url", &self.base_url).finish_non_exhaustive()
    }
}

/// A capture as PayPal reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capture {
    pub status: String,
    /// Minor units; None when the value is not a PLN amount.
    pub amount: Option<i64>,
    /// Our payment session.
    pub custom_id: String,
    /// PayPal's capture id.
    pub id: String,
}

impl Capture {
    /// Completed, in PLN, for exactly `amount`.
    pub fn settles(&self, amount: i64) -> bool {
        self.status == "COMPLETED" && self.amount == Some(amount)
    }
}

/// A webhook event the shop acts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The guest approved an order: capture it (PayPal's order id).
    Approved { order_id: String },
    /// A capture completed.
    Captured(Capture),
    /// Anything else: acknowledged, nothing done.
    Other(String),
}

/// `12345` -> `"123.45"`.
pub fn value(minor: i64) -> String {
    format!("{}.{:02}", minor / 100, minor % 100)
}

/// `"123.45"` -> `12345`; None for anything else (no sign, exactly two
/// decimals, as PayPal writes PLN).
pub fn minor(value: &str) -> Option<i64> {
    let (whole, cents) = value.split_once('.')?;
    if whole.is_empty() || cents.len() != 2 || !whole.bytes().chain(cents.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    whole.parse::<i64>().ok()?.checked_mul(100)?.checked_add(cents.parse::<i64>().ok()?)
}

fn capture_of(c: &Value, custom_id: &str) -> Capture {
    let amount = &c["amount"];
    Capture {
        status: c["status"].as_str().unwrap_or_default().to_owned(),
        amount: (amount["currency_code"] == "PLN").then(|| amount["value"].as_str().and_then(minor)).flatten(),
        custom_id: c["custom_id"].as_str().unwrap_or(custom_id).to_owned(),
        id: c["id"].as_str().unwrap_or_default().to_owned(),
    }
}

/// The first capture of an order as the Orders API answers it.
fn first_capture(order: &Value) -> Option<Capture> {
    let unit = &order["purchase_units"][0];
    let custom_id = unit["custom_id"].as_str().unwrap_or_default();
    unit["payments"]["captures"].as_array()?.first().map(|c| capture_of(c, custom_id))
}

impl PayPal {
    pub fn new(base_url: &str, client_id: &str, secret: &str, webhook_id: &str) -> anyhow::Result<Self> {
        Ok(Self {
            base_url: base_url.trim_end_matches('/').to_owned(),
            client_id: client_id.into(),
            secret: secret.into(),
            webhook_id: webhook_id.into(),
            http: Http::new()?,
            token: Mutex::new(None),
        })
    }

    /// `PAYPAL_CLIENT_ID`, `PAYPAL_SECRET`, `PAYPAL_WEBHOOK_ID` (webhooks are
    /// refused without it), `PAYPAL_URL` (the sandbox by default), read
    /// through `var`; None without the client id or secret.
    pub fn from_settings(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Option<Self>> {
        let (Some(id), Some(secret)) = (var("PAYPAL_CLIENT_ID"), var("PAYPAL_SECRET")) else { return Ok(None) };
        let base = var("PAYPAL_URL").unwrap_or_else(|| "https://api-m.sandbox.paypal.com".into());
        Ok(Some(Self::new(&base, &id, &secret, &var("PAYPAL_WEBHOOK_ID").unwrap_or_default())?))
    }

    pub fn sandbox(&self) -> bool {
        self.base_url.contains("sandbox")
    }

    /// An access token, fetched with the client's credentials and kept
    /// until a minute before it expires.
    async fn access_token(&self) -> Result<String, PaymentError> {
        let mut cached = self.token.lock().await;
        if let Some((token, until)) = cached.as_ref()
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let credentials = base64::engine::general_purpose::STANDARD.encode(format!("{}:{}", self.client_id, self.secret));
        let authorization = format!("Basic {credentials}");
        let headers = [
            (header::AUTHORIZATION.as_str(), authorization.as_str()),
            (header::CONTENT_TYPE.as_str(), "application/x-www-form-urlencoded"),
        ];
        let url = format!("{}/v1/oauth2/token", self.base_url);
        let (status, text) = self.http.exchange(hyper::Method::POST, &url, &headers, "grant_type=client_credentials".into()).await?;
        if !status.is_success() {
            return Err(PaymentError::Refused(format!("token: {status}")));
        }
        let answer: Value = serde_json::from_str(&text).map_err(|_| PaymentError::Refused("token: not JSON".into()))?;
        let token = answer["access_token"].as_str().ok_or_else(|| PaymentError::Refused("token: none given".into()))?.to_owned();
        let lasts = Duration::from_secs(answer["expires_in"].as_u64().unwrap_or(0).saturating_sub(60));
        *cached = Some((token.clone(), Instant::now() + lasts));
        Ok(token)
    }

    async fn call(&self, method: hyper::Method, path: &str, request_id: Option<&str>, body: &Value) -> Result<(u16, Value), PaymentError> {
        self.call_text(method, path, request_id, body.to_string()).await
    }

    /// [`PayPal::call`] with the body's text as it is to be sent.
    async fn call_text(
        &self,
        method: hyper::Method,
        path: &str,
        request_id: Option<&str>,
        body: String,
    ) -> Result<(u16, Value), PaymentError> {
        let authorization = format!("Bearer {}", self.access_token().await?);
        let mut headers = vec![
            (header::AUTHORIZATION.as_str(), authorization.as_str()),
            (header::CONTENT_TYPE.as_str(), "application/json"),
            ("prefer", "return=representation"),
        ];
        if let Some(id) = request_id {
            headers.push(("paypal-request-id", id));
        }
        let (status, text) = self.http.exchange(method, &format!("{}{path}", self.base_url), &headers, body).await?;
        let answer = serde_json::from_str(&text).unwrap_or(Value::Null);
        Ok((status.as_u16(), answer))
    }

    /// Creates the order; PayPal's order id and the page to send the guest to.
    pub async fn create_order(
        &self,
        session_id: &str,
        amount: i64,
        description: &str,
        locale: &str,
        return_url: &str,
        cancel_url: &str,
    ) -> Result<(String, String), PaymentError> {
        let body = json!({
            "intent": "CAPTURE",
            "purchase_units": [{
                "custom_id": session_id,
                "description": description,
                "amount": {"currency_code": "PLN", "value": value(amount)},
            }],
            "payment_source": {"paypal": {"experience_context": {
                "return_url": return_url,
                "cancel_url": cancel_url,
                "locale": locale,
                "user_action": "PAY_NOW",
                "shipping_preference": "NO_SHIPPING",
            }}},
        });
        let (status, answer) = self.call(hyper::Method::POST, "/v2/checkout/orders", Some(session_id), &body).await?;
        if !(200..300).contains(&status) {
            return Err(PaymentError::Refused(format!("create order: {status} {}", answer["name"])));
        }
        let id = answer["id"].as_str().ok_or_else(|| PaymentError::Refused("create order: no id".into()))?;
        let link = answer["links"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|l| l["rel"] == "payer-action" || l["rel"] == "approve")
            .and_then(|l| l["href"].as_str())
            .ok_or_else(|| PaymentError::Refused("create order: no approval link".into()))?;
        Ok((id.to_owned(), link.to_owned()))
    }

    /// Captures an approved order (again: the same capture); its first
    /// capture. An order captured before answers that capture.
    pub async fn capture(&self, order_id: &str) -> Result<Capture, PaymentError> {
        if order_id.is_empty() || !order_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return Err(PaymentError::InvalidNotification("token"));
        }
        let path = format!("/v2/checkout/orders/{order_id}/capture");
        let (status, answer) = self.call(hyper::Method::POST, &path, Some(&format!("capture-{order_id}")), &json!({})).await?;
        let answer = if status == 422 && answer["details"][0]["issue"] == "ORDER_ALREADY_CAPTURED" {
            let (status, order) = self.call(hyper::Method::GET, &format!("/v2/checkout/orders/{order_id}"), None, &Value::Null).await?;
            if status != 200 {
                return Err(PaymentError::Refused(format!("read order: {status}")));
            }
            order
        } else if (200..300).contains(&status) {
            answer
        } else {
            return Err(PaymentError::Refused(format!("capture: {status} {}", answer["details"][0]["issue"])));
        };
        first_capture(&answer).ok_or_else(|| PaymentError::Refused("capture: none in the answer".into()))
    }

    /// A webhook event, once PayPal confirms it sent it (`headers` are the
    /// request's `paypal-*` headers, lower-case; `body` its bytes as they
    /// came). The cheap checks come first, so a flood of forged posts costs
    /// no call to PayPal: the signature's headers present, and an event the
    /// shop acts on (any other is acknowledged unread).
    pub async fn webhook_event(&self, headers: &[(String, String)], body: &str) -> Result<Event, PaymentError> {
        let event: Value = serde_json::from_str(body).map_err(|_| PaymentError::InvalidNotification("body"))?;
        if self.webhook_id.is_empty() {
            return Err(PaymentError::InvalidNotification("webhook"));
        }
        let header = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()).unwrap_or_default();
        if SIGNATURE_HEADERS.iter().any(|name| header(name).trim().is_empty()) {
            return Err(PaymentError::InvalidNotification("headers"));
        }
        let kind = event["event_type"].as_str().unwrap_or_default();
        if !ACTED_ON.contains(&kind) {
            return Ok(Event::Other(kind.to_owned()));
        }
        let check = verification_request(&self.webhook_id, header, body);
        let (status, answer) = self.call_text(hyper::Method::POST, "/v1/notifications/verify-webhook-signature", None, check).await?;
        if status != 200 || answer["verification_status"] != "SUCCESS" {
            return Err(PaymentError::InvalidNotification("signature"));
        }
        let resource = &event["resource"];
        Ok(match kind {
            "CHECKOUT.ORDER.APPROVED" => Event::Approved { order_id: resource["id"].as_str().unwrap_or_default().to_owned() },
            _ => Event::Captured(capture_of(resource, "")),
        })
    }
}

/// The headers PayPal signs a webhook's transmission with.
const SIGNATURE_HEADERS: [&str; 5] =
    ["paypal-auth-algo", "paypal-cert-url", "paypal-transmission-id", "paypal-transmission-sig", "paypal-transmission-time"];

/// The webhook events the shop acts on.
const ACTED_ON: [&str; 2] = ["CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED"];

impl PaymentProvider for PayPal {
    fn method(&self) -> PaymentMethod {
        PaymentMethod::Paypal
    }

    /// Creates PayPal's order of the amount; the guest approves it on
    /// PayPal's page, in the order's language.
    fn start<'a>(&'a self, start: Start<'a>) -> futures::future::BoxFuture<'a, Result<Redirect, PaymentError>> {
        Box::pin(async move {
            let locale = match start.locale {
                "de" => "de-DE",
                "en_GB" => "en-GB",
                _ => "pl-PL",
            };
            let (id, url) =
                self.create_order(start.session_id, start.amount, start.description, locale, start.return_url, start.cancel_url).await?;
            Ok(Redirect { url, provider_ref: Some(id) })
        })
    }
}

/// The body of `verify-webhook-signature`, with the event spliced in as the
/// exact bytes that came: PayPal's signature covers those bytes (a CRC of
/// the body), and an event parsed and written again (keys reordered,
/// spacing and escapes changed) would never verify.
fn verification_request<'a>(webhook_id: &str, header: impl Fn(&str) -> &'a str, body: &str) -> String {
    let text = |v: &str| Value::String(v.to_owned()).to_string();
    format!(
        r#"{{"auth_algo":{},"cert_url":{},"transmission_id":{},"transmission_sig":{},"transmission_time":{},"webhook_id":{},"webhook_event":{}}}"#,
        text(header("paypal-auth-algo")),
        text(header("paypal-cert-url")),
        text(header("paypal-transmission-id")),
        text(header("paypal-transmission-sig")),
        text(header("paypal-transmission-time")),
        text(webhook_id),
        body.trim(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_and_read_as_paypal_writes_pln() {
        assert_eq!(value(12_345), "123.45");
        assert_eq!(value(5), "0.05");
        assert_eq!(minor("123.45"), Some(12_345));
        assert_eq!(minor("0.05"), Some(5));
        for bad in ["123", "123.4", "123.456", "-1.00", "1,00", ".50", "1e2.00", ""] {
            assert_eq!(minor(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_event_is_verified_as_the_bytes_that_came() {
        // Spacing, key order and an escape PayPal wrote: a parsed and
        // re-written event would differ in each.
        let body = "{ \"id\": \"WH-1\", \"event_type\": \"PAYMENT.CAPTURE.COMPLETED\", \"summary\": \"P\\u0142atno\\u015b\\u0107\" }";
        let headers = [("paypal-transmission-id", "T-1\"quoted")];
        let header = |name: &str| headers.iter().find(|(n, _)| *n == name).map_or("", |(_, v)| *v);
        let check = verification_request("WH-FAKE", header, body);
        assert!(check.ends_with(&format!(r#""webhook_event":{body}}}"#)), "{check}");
        let parsed: Value = serde_json::from_str(&check).unwrap();
        assert_eq!(parsed["transmission_id"], "T-1\"quoted");
        assert_eq!(parsed["webhook_id"], "WH-FAKE");
        assert_eq!(parsed["webhook_event"]["summary"], "Płatność");
    }

    #[test]
    fn a_capture_settles_only_completed_in_pln_for_the_amount() {
        let order = json!({"purchase_units": [{"custom_id": "o-1", "payments": {"captures": [
            {"id": "C1", "status": "COMPLETED", "amount": {"currency_code": "PLN", "value": "300.00"}}
        ]}}]});
        let c = first_capture(&order).unwrap();
        assert_eq!((c.custom_id.as_str(), c.id.as_str()), ("o-1", "C1"));
        assert!(c.settles(30_000));
        assert!(!c.settles(30_001));
        let euros = json!({"status": "COMPLETED", "amount": {"currency_code": "EUR", "value": "300.00"}});
        assert!(!capture_of(&euros, "o-1").settles(30_000));
        let pending = json!({"status": "PENDING", "amount": {"currency_code": "PLN", "value": "300.00"}});
        assert!(!capture_of(&pending, "o-1").settles(30_000));
    }
}
