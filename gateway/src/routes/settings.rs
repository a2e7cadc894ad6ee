//! `/shop-api/backend/settings/{section}`: the settings the guesthouse's
//! administrators change, each section in the service that owns its rules.
//! `checkout` (the advance payment's share, how long nights are held
//! awaiting a payment, the cancellation policy) and `payments` (the methods
//! offered, the bank account transfers go to) are the cart's. Secrets stay
//! in the environment: the page learns only whether each provider's keys
//! are set. Every change is kept with who made it. Never cached.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use spa_proto::spa::cart::v1::{
    BankAccount as BankAccountMessage, CheckoutSettings as CheckoutMessage, GetSettingsRequest, PaymentSettings as PaymentMessage,
    SetCheckoutSettingsRequest, SetPaymentSettingsRequest,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate, within};
use crate::session::{Script, Staff};
use crate::wire::order::rfc3339;

/// The checkout's settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutSettings {
    /// The advance payment's share of what the stays cost, paid at booking (the rest on arrival); 0: none offered.
    pub deposit_percent: u32,
    /// How long an order's nights stay held awaiting a bank transfer.
    pub bank_transfer_hold_days: u32,
    /// How long they stay held awaiting an online payment.
    pub online_hold_minutes: u32,
    /// Free cancellation until this many days before arrival.
    pub cancellation_free_days: u32,
    /// After that, the share of the stays a cancellation keeps.
    pub cancellation_fee_percent: u32,
    /// RFC 3339; null while the deployment's first values hold.
    #[schema(required = true)]
    pub updated_at: Option<String>,
    /// The administrator who changed them last; "" before.
    pub updated_by: String,
}

impl CheckoutSettings {
    fn of(m: CheckoutMessage) -> Self {
        Self {
            deposit_percent: m.deposit_percent,
            bank_transfer_hold_days: m.bank_transfer_hold_days,
            online_hold_minutes: m.online_hold_minutes,
            cancellation_free_days: m.cancellation_free_days,
            cancellation_fee_percent: m.cancellation_fee_percent,
            updated_at: rfc3339(m.updated_at_ms),
            updated_by: m.updated_by,
        }
    }
}

/// The checkout's settings as the administrator sets them, all of them.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CheckoutSettingsChange {
    #[schema(required = true, minimum = 0, maximum = 100)]
    pub deposit_percent: Option<u32>,
    #[schema(required = true, minimum = 1, maximum = 14)]
    pub bank_transfer_hold_days: Option<u32>,
    #[schema(required = true, minimum = 15, maximum = 1440)]
    pub online_hold_minutes: Option<u32>,
    #[schema(required = true, minimum = 0, maximum = 365)]
    pub cancellation_free_days: Option<u32>,
    #[schema(required = true, minimum = 0, maximum = 100)]
    pub cancellation_fee_percent: Option<u32>,
}

impl CheckoutSettingsChange {
    const FIELDS: [(&'static str, u32, u32); 5] = [
        ("depositPercent", 0, 100),
        ("bankTransferHoldDays", 1, 14),
        ("onlineHoldMinutes", 15, 1440),
        ("cancellationFreeDays", 0, 365),
        ("cancellationFeePercent", 0, 100),
    ];

    fn values(&self) -> [Option<u32>; 5] {
        [
            self.deposit_percent,
            self.bank_transfer_hold_days,
            self.online_hold_minutes,
            self.cancellation_free_days,
            self.cancellation_fee_percent,
        ]
    }
}

impl Validate for CheckoutSettingsChange {
    fn validate(&self) -> ApiResult<()> {
        for ((field, min, max), value) in Self::FIELDS.into_iter().zip(self.values()) {
            let Some(value) = value else { return Err(ApiError::field(ErrorCode::InvalidParameter, field)) };
            within(value, min..=max, ErrorCode::InvalidParameter, field)?;
        }
        Ok(())
    }
}

/// A payment method and whether it can be offered.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentMethodState {
    /// `bank_transfer`, `przelewy24` or `paypal`.
    pub code: String,
    /// Its provider's keys are set in the environment (a bank transfer: an account is set).
    pub ready: bool,
}

/// The account guests send bank transfers to.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BankAccountSettings {
    #[schema(min_length = 1, max_length = 200)]
    pub holder: String,
    /// Spaces allowed; answered without them, upper case.
    #[schema(min_length = 1, max_length = 50)]
    pub iban: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub bank: String,
    /// The bank's BIC (SWIFT code), which transfers from abroad need: 8 or
    /// 11 characters, its country the IBAN's; spaces allowed, answered
    /// without them, upper case. Empty: not given.
    #[serde(default)]
    #[schema(max_length = 20, example = "BPKOPLPW")]
    pub bic: String,
}

/// The payments' settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSettings {
    /// Offered to guests.
    pub methods: Vec<String>,
    pub available: Vec<PaymentMethodState>,
    /// Null: no account, so no bank transfer is offered.
    #[schema(required = true)]
    pub bank_account: Option<BankAccountSettings>,
    /// RFC 3339; null while the deployment's first values hold.
    #[schema(required = true)]
    pub updated_at: Option<String>,
    pub updated_by: String,
}

impl PaymentSettings {
    fn of(m: PaymentMessage) -> Self {
        Self {
            methods: m.methods,
            available: m.available.into_iter().map(|a| PaymentMethodState { code: a.code, ready: a.ready }).collect(),
            bank_account: m.bank_account.map(|a| BankAccountSettings { holder: a.holder, iban: a.iban, bank: a.bank, bic: a.bic }),
            updated_at: rfc3339(m.updated_at_ms),
            updated_by: m.updated_by,
        }
    }
}

/// A method a guest may be offered.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OfferedMethod {
    BankTransfer,
    Przelewy24,
    Paypal,
}

impl OfferedMethod {
    fn code(self) -> &'static str {
        match self {
            Self::BankTransfer => "bank_transfer",
            Self::Przelewy24 => "przelewy24",
            Self::Paypal => "paypal",
        }
    }
}

/// The payments' settings as the administrator sets them.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PaymentSettingsChange {
    /// Offered to guests; each must be ready (422 `invalid_settings` naming `methods`).
    #[schema(required = true, max_items = 3)]
    pub methods: Option<Vec<OfferedMethod>>,
    /// Null: no account (and so no bank transfer).
    #[serde(default)]
    pub bank_account: Option<BankAccountSettings>,
}

impl Validate for PaymentSettingsChange {
    fn validate(&self) -> ApiResult<()> {
        match &self.methods {
            None => return Err(ApiError::field(ErrorCode::InvalidParameter, "methods")),
            Some(methods) if methods.len() > 3 => return Err(ApiError::malformed(ErrorCode::InvalidParameter, "methods")),
            Some(_) => {}
        }
        if let Some(a) = &self.bank_account {
            let length = |text: &str| text.chars().count();
            within(length(&a.holder), 1..=200, ErrorCode::InvalidParameter, "bankAccount.holder")?;
            within(length(&a.iban), 1..=50, ErrorCode::InvalidParameter, "bankAccount.iban")?;
            within(length(&a.bank), 0..=200, ErrorCode::InvalidParameter, "bankAccount.bank")?;
            within(length(&a.bic), 0..=20, ErrorCode::InvalidParameter, "bankAccount.bic")?;
        }
        Ok(())
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(checkout_settings, set_checkout_settings))
        .routes(routes!(payment_settings, set_payment_settings))
        .routes(routes!(test_payment))
        .routes(routes!(mail_settings))
        .routes(routes!(send_test_mail))
}

/// An online method to test.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OnlineMethod {
    Przelewy24,
    Paypal,
}

/// Which provider to register a test payment with.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TestPaymentRequest {
    #[schema(required = true, value_type = OnlineMethod)]
    pub method: Option<OnlineMethod>,
}

impl Validate for TestPaymentRequest {
    fn validate(&self) -> ApiResult<()> {
        match self.method {
            None => Err(ApiError::field(ErrorCode::InvalidParameter, "method")),
            Some(_) => Ok(()),
        }
    }
}

/// How a test payment's registration went.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestPayment {
    /// The provider took it: its keys work.
    pub registered: bool,
    /// The provider's payment page for it (1 zł; paying it is refused by the shop as no order's); "" when refused.
    pub url: String,
    /// The provider's refusal, or why it did not answer; "" when registered.
    pub error: String,
}

/// Register a test payment
///
/// For administrators: a 1 zł payment registered with an online provider
/// the way a guest's is, to show that its keys work (no order is made).
/// The answer is the provider's payment page or its refusal.
#[utoipa::path(
    post,
    path = "/shop-api/backend/settings/payments/test",
    tag = "back-office",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = TestPaymentRequest,
    responses(
        (status = 200, description = "Registered or refused, as the provider answered", body = TestPayment),
        (status = 400, description = "A missing or unknown method; or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 422, description = "The method's keys are not set (`invalid_settings`, naming `method`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn test_payment(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    admin: Staff,
    JsonBody(body): JsonBody<TestPaymentRequest>,
) -> ApiResult<Json<TestPayment>> {
    let base = state.config.public_url.trim_end_matches('/');
    let method = match body.method {
        Some(OnlineMethod::Paypal) => "paypal",
        _ => "przelewy24",
    };
    let request = spa_proto::spa::cart::v1::TestPaymentRequest {
        method: method.to_owned(),
        staff: admin.email,
        locale: shop.locale.code().to_owned(),
        return_url: format!("{base}/backend/settings"),
        status_url: format!("{base}{}", crate::routes::order::PRZELEWY24_STATUS),
    };
    let r = state.clients.orders.clone().test_payment(request).await?.into_inner();
    Ok(Json(TestPayment { registered: r.registered, url: r.url, error: r.error }))
}

/// A test e-mail and how it went.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestMail {
    pub recipient: String,
    /// RFC 3339.
    pub queued_at: String,
    /// RFC 3339; null while it waits (or keeps failing).
    #[schema(required = true)]
    pub sent_at: Option<String>,
    pub attempts: u32,
    /// The last failure's words; empty without one.
    pub last_error: String,
}

/// How the shop's e-mails leave. The mail server's password stays in the environment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailSettings {
    /// An SMTP server is set (`SMTP_URL`); else e-mails are written as files on the server and reach nobody.
    pub smtp: bool,
    /// The sender every e-mail names: `MAIL_FROM`, else the guesthouse's
    /// name and reception e-mail from its settings.
    pub sender: String,
    /// The last test e-mails, newest first.
    pub tests: Vec<TestMail>,
}

impl MailSettings {
    fn of(m: spa_proto::spa::content::v1::MailStatus) -> Self {
        Self {
            smtp: m.smtp,
            sender: m.sender,
            tests: m
                .tests
                .into_iter()
                .map(|t| TestMail {
                    recipient: t.recipient,
                    queued_at: rfc3339(t.queued_at_ms).unwrap_or_default(),
                    sent_at: rfc3339(t.sent_at_ms),
                    attempts: t.attempts,
                    last_error: t.last_error,
                })
                .collect(),
        }
    }
}

/// Where to send a test e-mail.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TestMailRequest {
    #[schema(required = true, value_type = String, format = Email, max_length = 254)]
    pub recipient: Option<String>,
}

impl Validate for TestMailRequest {
    fn validate(&self) -> ApiResult<()> {
        match &self.recipient {
            None => Err(ApiError::field(ErrorCode::InvalidParameter, "recipient")),
            Some(r) if r.chars().count() > 254 => Err(ApiError::malformed(ErrorCode::InvalidParameter, "recipient")),
            Some(_) => Ok(()),
        }
    }
}

/// How e-mails leave
///
/// For administrators: whether an SMTP server is set, the sender, and the
/// last test e-mails with how each went.
#[utoipa::path(
    get,
    path = "/shop-api/backend/settings/mail",
    tag = "back-office",
    params(ShopParams),
    responses(
        (status = 200, description = "The mail settings", body = MailSettings),
        (status = 400, description = "A malformed shop parameter (`locale`, `channel`), named", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn mail_settings(State(state): State<AppState>, _shop: Shop, _admin: Staff) -> ApiResult<Json<MailSettings>> {
    let status = state.clients.content.clone().get_mail_status(spa_proto::spa::content::v1::GetMailStatusRequest {}).await?;
    Ok(Json(MailSettings::of(status.into_inner())))
}

/// Send a test e-mail
///
/// For administrators: a test e-mail in the page's language to
/// `recipient`, queued like every other e-mail; the answer lists it
/// waiting, and the mail settings show when it left or why it did not.
#[utoipa::path(
    post,
    path = "/shop-api/backend/settings/mail/test",
    tag = "back-office",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = TestMailRequest,
    responses(
        (status = 202, description = "Queued; the mail settings with it", body = MailSettings),
        (status = 400, description = "A missing or malformed recipient; or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 422, description = "Not an e-mail address (`invalid_email`, naming `recipient`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn send_test_mail(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    admin: Staff,
    JsonBody(body): JsonBody<TestMailRequest>,
) -> ApiResult<(axum::http::StatusCode, Json<MailSettings>)> {
    let request = spa_proto::spa::content::v1::SendTestMailRequest {
        recipient: body.recipient.unwrap_or_default(),
        locale: shop.locale.code().to_owned(),
        staff: admin.email,
    };
    let status = state.clients.content.clone().send_test_mail(request).await?.into_inner();
    Ok((axum::http::StatusCode::ACCEPTED, Json(MailSettings::of(status))))
}

/// The checkout's settings
///
/// For administrators: the advance payment's share, how long nights are
/// held awaiting a bank transfer or an online payment, the cancellation
/// policy; who changed them last.
#[utoipa::path(
    get,
    path = "/shop-api/backend/settings/checkout",
    tag = "back-office",
    params(ShopParams),
    responses(
        (status = 200, description = "The settings", body = CheckoutSettings),
        (status = 400, description = "A malformed shop parameter (`locale`, `channel`), named", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn checkout_settings(State(state): State<AppState>, _shop: Shop, _admin: Staff) -> ApiResult<Json<CheckoutSettings>> {
    let settings = state.clients.settings.clone().get_checkout_settings(GetSettingsRequest {}).await?.into_inner();
    Ok(Json(CheckoutSettings::of(settings)))
}

/// Set the checkout's settings
///
/// For administrators: all of them at once. The next checkout offers the
/// new advance payment and holds nights as long as set; an order placed
/// before keeps the advance share and cancellation policy it was placed
/// under, its quotes and changes at the front desk included.
#[utoipa::path(
    put,
    path = "/shop-api/backend/settings/checkout",
    tag = "back-office",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = CheckoutSettingsChange,
    responses(
        (status = 200, description = "The settings as they are now", body = CheckoutSettings),
        (status = 400, description = "A missing field or one out of its range, named; or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn set_checkout_settings(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    JsonBody(body): JsonBody<CheckoutSettingsChange>,
) -> ApiResult<Json<CheckoutSettings>> {
    let [deposit_percent, bank_transfer_hold_days, online_hold_minutes, cancellation_free_days, cancellation_fee_percent] =
        body.values().map(Option::unwrap_or_default);
    let request = SetCheckoutSettingsRequest {
        settings: Some(CheckoutMessage {
            deposit_percent,
            bank_transfer_hold_days,
            online_hold_minutes,
            cancellation_free_days,
            cancellation_fee_percent,
            ..Default::default()
        }),
        staff: admin.email,
    };
    Ok(Json(CheckoutSettings::of(state.clients.settings.clone().set_checkout_settings(request).await?.into_inner())))
}

/// The payments' settings
///
/// For administrators: the methods offered to guests, whether each can be
/// (its provider's keys set in the environment; a bank transfer: an
/// account set), and the bank account transfers go to.
#[utoipa::path(
    get,
    path = "/shop-api/backend/settings/payments",
    tag = "back-office",
    params(ShopParams),
    responses(
        (status = 200, description = "The settings", body = PaymentSettings),
        (status = 400, description = "A malformed shop parameter (`locale`, `channel`), named", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn payment_settings(State(state): State<AppState>, _shop: Shop, _admin: Staff) -> ApiResult<Json<PaymentSettings>> {
    let settings = state.clients.settings.clone().get_payment_settings(GetSettingsRequest {}).await?.into_inner();
    Ok(Json(PaymentSettings::of(settings)))
}

/// Set the payments' settings
///
/// For administrators: the methods offered and the bank account. A method
/// that is not ready cannot be offered; without an account no bank
/// transfer is.
#[utoipa::path(
    put,
    path = "/shop-api/backend/settings/payments",
    tag = "back-office",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = PaymentSettingsChange,
    responses(
        (status = 200, description = "The settings as they are now", body = PaymentSettings),
        (status = 400, description = "A malformed body, or no `X-Requested-With: XMLHttpRequest`", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 422, description = "A method offered that is not ready, or a wrong account (`invalid_settings`, naming `methods`, `bankAccount.iban` or `bankAccount.holder`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn set_payment_settings(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    admin: Staff,
    JsonBody(body): JsonBody<PaymentSettingsChange>,
) -> ApiResult<Json<PaymentSettings>> {
    let request = SetPaymentSettingsRequest {
        methods: body.methods.unwrap_or_default().into_iter().map(|m| m.code().to_owned()).collect(),
        bank_account: body.bank_account.map(|a| BankAccountMessage { holder: a.holder, iban: a.iban, bank: a.bank, bic: a.bic }),
        staff: admin.email,
    };
    Ok(Json(PaymentSettings::of(state.clients.settings.clone().set_payment_settings(request).await?.into_inner())))
}
