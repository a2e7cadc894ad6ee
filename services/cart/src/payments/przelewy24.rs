//! Online payments through Przelewy24's REST API (v1).
//!
//! 1. `register`: the transaction is registered with its amount and a
//!    SHA-384 `sign`; Przelewy24 answers a token and the guest is sent to
//!    `{base}/trnRequest/{token}`.
//! 2. The guest pays; Przelewy24 posts a notification to our status URL,
//!    signed with the shop's CRC key. [`Przelewy24::check_notification`]
//!    refuses a wrong sign, merchant, currency or amount.
//! 3. `verify`: the shop confirms the transaction (signed again). Only a
//!    verified transaction is settled; one never verified is returned to
//!    the payer by Przelewy24, so an order cancelled meanwhile is simply
//!    not verified.
//!
//! Every sign is SHA-384 (hex) of a JSON object with the fields in the
//! documented order, slashes and non-ASCII characters unescaped; serde_json
//! writes strings that way, and the objects are built in order by hand.
//! Settings come from the environment (`P24_*`); without them the method is
//! not offered. The API key and CRC are never logged.

use base64::Engine;
use hyper::header;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha384};

use super::{Http, PaymentError, PaymentProvider, Redirect, Start};
use crate::domain::checkout::PaymentMethod;

/// Przelewy24's settings.
#[derive(Clone)]
pub struct Przelewy24 {
    /// `https://sandbox.przelewy24.pl` (sandbox) or `https://secure.przelewy24.pl`.
    pub base_url: String,
    pub merchant_id: i64,
    pub pos_id: i64,
    api_key: String,
    crc: String,
    http: Http,
}

impl std::fmt::Debug for Przelewy24 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Przelewy24").field("base_url", &self.base_url).field("merchant_id", &self.merchant_id).finish_non_exhaustive()
    }
}

/// What Przelewy24 posts to the status URL.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub merchant_id: i64,
    pub pos_id: i64,
    pub session_id: String,
    pub amount: i64,
    pub origin_amount: i64,
    pub currency: String,
    pub order_id: i64,
    pub method_id: i64,
    pub statement: String,
    pub sign: String,
}

/// A transaction to register.
pub struct Registration<'a> {
    pub session_id: &'a str,
    pub amount: i64,
    pub description: &'a str,
    pub email: &'a str,
    /// `pl`, `de` or `en`.
    pub language: &'a str,
    pub url_return: &'a str,
    pub url_status: &'a str,
}

impl PaymentProvider for Przelewy24 {
    fn method(&self) -> PaymentMethod {
        PaymentMethod::Przelewy24
    }

    /// Registers the transaction; the guest pays on Przelewy24's page, in
    /// the order's language.
    fn start<'a>(&'a self, start: Start<'a>) -> futures::future::BoxFuture<'a, Result<Redirect, PaymentError>> {
        Box::pin(async move {
            let language = match start.locale {
                "de" => "de",
                "en_GB" => "en",
                _ => "pl",
            };
            let registration = Registration {
                session_id: start.session_id,
                amount: start.amount,
                description: start.description,
                email: start.email,
                language,
                url_return: start.return_url,
                url_status: start.status_url,
            };
            Ok(Redirect { url: self.register(&registration).await?, provider_ref: None })
        })
    }
}

fn sha384_hex(text: &str) -> String {
    Sha384::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

impl Przelewy24 {
    pub fn new(base_url: &str, merchant_id: i64, pos_id: i64, api_key: &str, crc: &str) -> anyhow::Result<Self> {
        let http = Http::new()?;
        Ok(Self {
            base_url: base_url.trim_end_matches('/').to_owned(),
            merchant_id,
            pos_id,
            api_key: api_key.into(),
            crc: crc.into(),
            http,
        })
    }

    /// `P24_MERCHANT_ID`, `P24_POS_ID` (the merchant's by default),
    /// `P24_API_KEY`, `P24_CRC`, `P24_URL` (the sandbox by default), read
    /// through `var`; None when the merchant, key or CRC is missing.
    pub fn from_settings(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Option<Self>> {
        let (Some(merchant), Some(key), Some(crc)) = (var("P24_MERCHANT_ID"), var("P24_API_KEY"), var("P24_CRC")) else {
            return Ok(None);
        };
        let merchant_id: i64 = merchant.trim().parse()?;
        let pos_id = var("P24_POS_ID").map(|p| p.trim().parse()).transpose()?.unwrap_or(merchant_id);
        let base = var("P24_URL").unwrap_or_else(|| "https://sandbox.przelewy24.pl".into());
        Ok(Some(Self::new(&base, merchant_id, pos_id, &key, &crc)?))
    }

    pub fn sandbox(&self) -> bool {
        self.base_url.contains("sandbox")
    }

    pub fn register_sign(&self, session_id: &str, amount: i64, currency: &str) -> String {
        sha384_hex(&format!(
            "{{\"sessionId\":{},\"merchantId\":{},\"amount\":{amount},\"currency\":{},\"crc\":{}}}",
            quoted(session_id),
            self.merchant_id,
            quoted(currency),
            quoted(&self.crc)
        ))
    }

    pub fn notification_sign(&self, n: &Notification) -> String {
        sha384_hex(&format!(
            "{{\"merchantId\":{},\"posId\":{},\"sessionId\":{},\"amount\":{},\"originAmount\":{},\"currency\":{},\"orderId\":{},\"methodId\":{},\"statement\":{},\"crc\":{}}}",
            n.merchant_id,
            n.pos_id,
            quoted(&n.session_id),
            n.amount,
            n.origin_amount,
            quoted(&n.currency),
            n.order_id,
            n.method_id,
            quoted(&n.statement),
            quoted(&self.crc)
        ))
    }

    pub fn verify_sign(&self, session_id: &str, order_id: i64, amount: i64, currency: &str) -> String {
        sha384_hex(&format!(
            "{{\"sessionId\":{},\"orderId\":{order_id},\"amount\":{amount},\"currency\":{},\"crc\":{}}}",
            quoted(session_id),
            quoted(currency),
            quoted(&self.crc)
        ))
    }

    /// Registers the transaction; the URL to send the guest to.
    pub async fn register(&self, r: &Registration<'_>) -> Result<String, PaymentError> {
        let body = serde_json::json!({
            "merchantId": self.merchant_id,
            "posId": self.pos_id,
            "sessionId": r.session_id,
            "amount": r.amount,
            "currency": "PLN",
            "description": r.description,
            "email": r.email,
            "country": "PL",
            "language": r.language,
            "urlReturn": r.url_return,
            "urlStatus": r.url_status,
            "sign": self.register_sign(r.session_id, r.amount, "PLN"),
        });
        let answer: serde_json::Value = self.call(hyper::Method::POST, "/api/v1/transaction/register", &body).await?;
        let token = answer["data"]["token"].as_str().ok_or_else(|| PaymentError::Refused(format!("no token in {answer}")))?;
        Ok(format!("{}/trnRequest/{token}", self.base_url))
    }

    /// Checks a notification against the transaction the shop registered:
    /// its sign, the merchant and shop, the currency and the amount.
    pub fn check_notification(&self, n: &Notification, session_amount: i64) -> Result<(), PaymentError> {
        if n.sign.len() != 96 || !constant_time_eq(n.sign.as_bytes(), self.notification_sign(n).as_bytes()) {
            return Err(PaymentError::InvalidNotification("sign"));
        }
        if n.merchant_id != self.merchant_id || n.pos_id != self.pos_id {
            return Err(PaymentError::InvalidNotification("merchantId"));
        }
        if n.currency != "PLN" {
            return Err(PaymentError::InvalidNotification("currency"));
        }
        if n.amount != session_amount || n.origin_amount != session_amount {
            return Err(PaymentError::InvalidNotification("amount"));
        }
        Ok(())
    }

    /// Confirms a notified transaction, which settles it.
    pub async fn verify(&self, n: &Notification) -> Result<(), PaymentError> {
        let body = serde_json::json!({
            "merchantId": self.merchant_id,
            "posId": self.pos_id,
            "sessionId": n.session_id,
            "amount": n.amount,
            "currency": n.currency,
            "orderId": n.order_id,
            "sign": self.verify_sign(&n.session_id, n.order_id, n.amount, &n.currency),
        });
        let answer: serde_json::Value = self.call(hyper::Method::PUT, "/api/v1/transaction/verify", &body).await?;
        match answer["data"]["status"].as_str() {
            Some("success") => Ok(()),
            _ => Err(PaymentError::Refused(format!("verification answered {answer}"))),
        }
    }

    async fn call(&self, method: hyper::Method, path: &str, body: &serde_json::Value) -> Result<serde_json::Value, PaymentError> {
        let credentials = base64::engine::general_purpose::STANDARD.encode(format!("{}:{}", self.pos_id, self.api_key));
        let authorization = format!("Basic {credentials}");
        let headers = [(header::AUTHORIZATION.as_str(), authorization.as_str()), (header::CONTENT_TYPE.as_str(), "application/json")];
        let (status, text) = self.http.exchange(method, &format!("{}{path}", self.base_url), &headers, body.to_string()).await?;
        if !status.is_success() {
            return Err(PaymentError::Refused(format!("{status}: {text}")));
        }
        serde_json::from_str(&text).map_err(|_| PaymentError::Refused(format!("{status}: not JSON")))
    }
}

/// Compares without stopping at the first difference.
pub(crate) fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p24() -> Przelewy24 {
        Przelewy24::new("https://sandbox.przelewy24.pl/", 11111, 11111, "key", "crc-secret").unwrap()
    }

    #[test]
    fn signs_are_sha384_of_the_documented_json() {
        let p = p24();
        let expected = sha384_hex(r#"{"sessionId":"s-1","merchantId":11111,"amount":12345,"currency":"PLN","crc":"crc-secret"}"#);
        assert_eq!(p.register_sign("s-1", 12345, "PLN"), expected);
        assert_eq!(expected.len(), 96);
        assert_eq!(
            p.verify_sign("s/1", 7, 100, "PLN"),
            sha384_hex(r#"{"sessionId":"s/1","orderId":7,"amount":100,"currency":"PLN","crc":"crc-secret"}"#),
            "slashes are not escaped"
        );
    }

    #[test]
    fn a_notification_is_checked_for_sign_merchant_currency_and_amount() {
        let p = p24();
        let mut n = Notification {
            merchant_id: 11111,
            pos_id: 11111,
            session_id: "s-1".into(),
            amount: 30_000,
            origin_amount: 30_000,
            currency: "PLN".into(),
            order_id: 99,
            method_id: 25,
            statement: "p24-A1-B2-C3".into(),
            sign: String::new(),
        };
        n.sign = p.notification_sign(&n);
        assert!(p.check_notification(&n, 30_000).is_ok());
        assert!(matches!(p.check_notification(&n, 30_001), Err(PaymentError::InvalidNotification("amount"))));
        let mut forged = n.clone();
        forged.amount = 1;
        forged.origin_amount = 1;
        assert!(
            matches!(p.check_notification(&forged, 1), Err(PaymentError::InvalidNotification("sign"))),
            "a changed amount breaks the sign"
        );
        let other = Przelewy24::new("https://x", 11111, 11111, "key", "another-crc").unwrap();
        assert!(matches!(other.check_notification(&n, 30_000), Err(PaymentError::InvalidNotification("sign"))));
    }
}
