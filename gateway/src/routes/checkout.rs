//! `/shop-api/checkout/{token}/...`: from the basket to a placed order.
//! The cart service keeps the state machine; every step here is a call to
//! it, and every answer the basket (or the placed order).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_proto::spa::cart::v1::{
    BillingAddress as BillingMessage, CheckoutCustomer, CheckoutRequest, ChooseMethodRequest, CompleteRequest, ConfigureVoucherRequest,
    Methods, PostalAddress as PostalMessage, SetAddressRequest, VoucherDetails,
};
use spa_proto::spa::users::v1::RegisterRequest;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::guard::Client;
use crate::session::Customer;
use crate::wire::cart::{BillingAddress, Cart, CartItem, CustomerDetails, PostalAddress};
use crate::wire::order::Order;
use crate::wire::{Delivery, LineType, PaymentMethod, ShippingMethod};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(address))
        .routes(routes!(voucher_designs))
        .routes(routes!(configure_voucher))
        .routes(routes!(shipping_methods))
        .routes(routes!(choose_shipping))
        .routes(routes!(payment_methods))
        .routes(routes!(choose_payment))
        .routes(routes!(complete))
}

const TOKEN: &str = "The basket's token";

/// The personal-data step.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct AddressBody {
    #[serde(default)]
    pub customer: CustomerDetails,
    #[serde(default)]
    pub billing_address: BillingAddress,
    pub shipping_address: Option<PostalAddress>,
    /// Up to 1000 characters, for the reception.
    #[serde(default)]
    pub notes: String,
    /// The reservation regulations; must be true.
    #[serde(default)]
    pub regulations_accepted: bool,
    /// Register and book: the new account's password (the account rule).
    pub password: Option<String>,
}

impl Validate for AddressBody {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidAddress
    }
}

/// Start the checkout
///
/// The basket as checkout shows it, with what the steps saved so far.
#[utoipa::path(
    get,
    path = "/shop-api/checkout/{token}/start",
    tag = "checkout",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    responses(
        (status = 200, description = "The basket", body = Cart),
        (status = 400, description = "A malformed token, channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn start(State(state): State<AppState>, shop: Shop, Path(token): Path<String>) -> ApiResult<Json<Cart>> {
    let request = CheckoutRequest { token, locale: shop.code().to_owned(), ..Default::default() };
    let cart = state.clients.checkout.clone().start_checkout(request).await?.into_inner();
    Ok(Json(Cart::of(cart, shop.locale)?))
}

/// Give the guest's details
///
/// Every wrong field is named at once (`invalid_address`). The state moves
/// to `addressed`, or straight on to `vouchering_skipped` when the basket
/// holds no gift voucher. With `password`, a visitor who is not logged in
/// is registered and logged in (Set-Cookie) and the order becomes theirs.
#[utoipa::path(
    put,
    path = "/shop-api/checkout/{token}/address",
    tag = "checkout",
    params(
        ("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"),
        ShopParams,
        ("X-Requested-With" = Option<String>, Header, description = "`XMLHttpRequest`; needed with `password`", pattern = "^XMLHttpRequest$"),
    ),
    request_body = AddressBody,
    responses(
        (status = 200, description = "The basket with the details", body = Cart),
        (status = 400, description = "A malformed body", body = ErrorBody),
        (status = 403, description = "`password` without `X-Requested-With`: an account is made from a script only", body = ErrorBody),
        (status = 404, description = "No such basket", body = ErrorBody),
        (status = 409, description = "The basket is an order already, or the e-mail is registered already", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn address(
    State(state): State<AppState>,
    shop: Shop,
    headers: HeaderMap,
    Path(token): Path<String>,
    JsonBody(body): JsonBody<AddressBody>,
) -> ApiResult<Response> {
    let logged_in = crate::session::account(&state, &headers).await?;
    let mut request = SetAddressRequest {
        token,
        locale: shop.code().to_owned(),
        customer: Some(CheckoutCustomer {
            first_name: body.customer.first_name.clone(),
            last_name: body.customer.last_name.clone(),
            email: body.customer.email.clone(),
            phone: body.customer.phone.clone(),
        }),
        billing_address: Some(BillingMessage {
            invoice_required: body.billing_address.invoice_required,
            company: body.billing_address.company,
            vat_number: body.billing_address.vat_number,
            street: body.billing_address.street,
            postcode: body.billing_address.postcode,
            city: body.billing_address.city,
            country_code: body.billing_address.country_code,
        }),
        shipping_address: body.shipping_address.map(Into::into),
        notes: body.notes,
        regulations_accepted: body.regulations_accepted,
        customer_id: logged_in.as_ref().filter(|a| !crate::session::at_front_desk(a)).map(|c| c.id.clone()).unwrap_or_default(),
        // The front desk books for a guest: the order is the guest's, not
        // the receptionist's (a verified account of the guest's e-mail
        // takes it, as any guest order).
        for_guest: logged_in.as_ref().is_some_and(crate::session::at_front_desk),
    };
    let mut checkout = state.clients.checkout.clone();
    // The details are checked (and saved) before an account is made for them.
    let mut cart = checkout.set_address(request.clone()).await?.into_inner();
    let password = body.password.filter(|p| !p.is_empty());
    let mut cookie = None;
    if let (Some(password), None) = (password, &logged_in) {
        // Registering is a cookie-authenticated change: from a script only.
        crate::session::require_script(&headers).map_err(|_| ApiError::new(axum::http::StatusCode::FORBIDDEN, ErrorCode::Forbidden))?;
        let c = body.customer;
        let registration = RegisterRequest {
            email: c.email,
            password,
            first_name: c.first_name,
            last_name: c.last_name,
            phone: c.phone,
            locale: shop.code().to_owned(),
        };
        let session = state.clients.users.clone().register(registration).await.map_err(registration_error)?.into_inner();
        request.customer_id = session.customer.as_ref().map(|c| c.id.clone()).unwrap_or_default();
        cart = checkout.set_address(request).await?.into_inner();
        cookie = Some(crate::session::session_cookie(&state, Some(&session)));
    }
    let mut response = Json(Cart::of(cart, shop.locale)?).into_response();
    if let Some(cookie) = cookie {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// A registration refused at checkout names this form's fields.
fn registration_error(status: tonic::Status) -> ApiError {
    let mut error = ApiError::from(status);
    error.fields = error
        .fields
        .iter()
        .map(|f| match f.as_str() {
            "email" => "customer.email".to_owned(),
            other => other.to_owned(),
        })
        .collect();
    error
}

/// A gift voucher line waiting for (or holding) its configuration.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoucherLine {
    /// The index of `PUT /checkout/{token}/vouchers/{index}`.
    pub index: u32,
    pub item: CartItem,
}

/// The designs a gift voucher can be printed with.
#[derive(Debug, Serialize, ToSchema)]
pub struct VoucherDesign {
    pub code: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VoucherStep {
    pub categories: Vec<VoucherDesign>,
    /// The basket's gift vouchers, in order.
    pub items: Vec<VoucherLine>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VouchersAnswer {
    pub vouchers: VoucherStep,
}

/// The voucher step
#[utoipa::path(
    get,
    path = "/shop-api/checkout/{token}/vouchers",
    tag = "checkout",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    responses(
        (status = 200, description = "The designs and the basket's gift vouchers", body = VouchersAnswer),
        (status = 400, description = "A malformed token, channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn voucher_designs(State(state): State<AppState>, shop: Shop, Path(token): Path<String>) -> ApiResult<Json<VouchersAnswer>> {
    let request = CheckoutRequest { token, locale: shop.code().to_owned(), ..Default::default() };
    let (mut designs, mut carts) = (state.clients.checkout.clone(), state.clients.checkout.clone());
    let (designs, cart) = tokio::try_join!(designs.list_voucher_designs(request.clone()), carts.start_checkout(request))?;
    let cart = Cart::of(cart.into_inner(), shop.locale)?;
    let items = cart
        .items
        .into_iter()
        .filter(|i| i.kind == LineType::Voucher)
        .enumerate()
        .map(|(index, item)| VoucherLine { index: index as u32, item })
        .collect();
    let categories = designs.into_inner().designs.into_iter().map(|d| VoucherDesign { code: d.code, name: d.name }).collect();
    Ok(Json(VouchersAnswer { vouchers: VoucherStep { categories, items } }))
}

/// A gift voucher's configuration (spec 2.4): the dedication, the design,
/// and where it goes.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct VoucherConfiguration {
    /// Who it is for: 1 to 60 characters.
    #[serde(rename = "for", default)]
    pub recipient: String,
    /// Who gives it: 1 to 60 characters.
    #[serde(rename = "from", default)]
    pub sender: String,
    /// Up to 300 characters.
    #[serde(default)]
    pub message: String,
    /// One of `vouchers.categories`.
    #[serde(default)]
    pub design: String,
    pub delivery: Option<Delivery>,
    /// Required when e-mailed.
    #[serde(default)]
    pub email: String,
    /// The recipient's postal address: required when posted.
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub street: String,
    #[serde(default)]
    pub postcode: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub country_code: String,
}

impl Validate for VoucherConfiguration {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidVoucherConfiguration
    }
}

/// Configure a gift voucher
///
/// Once every gift voucher is configured (and a posted one has its
/// shipping method) the state is `vouchered`.
#[utoipa::path(
    put,
    path = "/shop-api/checkout/{token}/vouchers/{index}",
    tag = "checkout",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ("index" = u32, Path, description = "The gift voucher's index in `vouchers.items`"), ShopParams),
    request_body = VoucherConfiguration,
    responses(
        (status = 200, description = "The basket with the configuration", body = Cart),
        (status = 400, description = "Wrong fields (`invalid_voucher_configuration`)", body = ErrorBody),
        (status = 404, description = "No such basket or voucher", body = ErrorBody),
        (status = 409, description = "Not in this checkout state (`checkout_state`), or an order already", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn configure_voucher(
    State(state): State<AppState>,
    shop: Shop,
    Path((token, index)): Path<(String, u32)>,
    JsonBody(body): JsonBody<VoucherConfiguration>,
) -> ApiResult<Json<Cart>> {
    let details = VoucherDetails {
        recipient: body.recipient,
        sender: body.sender,
        message: body.message,
        email: body.email,
        design: body.design,
        delivery: body.delivery.map_or(0, Delivery::wire),
        postal: Some(PostalMessage {
            first_name: body.first_name,
            last_name: body.last_name,
            street: body.street,
            postcode: body.postcode,
            city: body.city,
            country_code: body.country_code,
        }),
    };
    let request = ConfigureVoucherRequest { token, locale: shop.code().to_owned(), index, details: Some(details) };
    let cart = state.clients.checkout.clone().configure_voucher(request).await?.into_inner();
    Ok(Json(Cart::of(cart, shop.locale)?))
}

/// A shipping or payment method.
#[derive(Debug, Serialize, ToSchema)]
pub struct MethodOption {
    pub code: String,
    pub name: String,
    /// What it adds to the total (minor units): shipping only.
    pub price: i64,
}

/// The basket's one shipment: posted gift vouchers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Shipment {
    pub methods: Vec<MethodOption>,
    /// The chosen method's code.
    pub method: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShippingAnswer {
    /// Empty when nothing is posted.
    pub shipments: Vec<Shipment>,
}

/// A method's code, of whichever list it is in.
fn method_code(shipping: i32, payment: i32) -> Option<&'static str> {
    ShippingMethod::from_wire(shipping).map(ShippingMethod::code).or_else(|| PaymentMethod::from_wire(payment).map(PaymentMethod::code))
}

fn options(m: &Methods) -> Vec<MethodOption> {
    m.methods
        .iter()
        .filter_map(|o| Some(MethodOption { code: method_code(o.shipping, o.payment)?.to_owned(), name: o.name.clone(), price: o.price }))
        .collect()
}

/// Shipping methods
#[utoipa::path(
    get,
    path = "/shop-api/checkout/{token}/shipping",
    tag = "checkout",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    responses(
        (status = 200, description = "The methods for the posted vouchers", body = ShippingAnswer),
        (status = 400, description = "A malformed token, channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn shipping_methods(State(state): State<AppState>, shop: Shop, Path(token): Path<String>) -> ApiResult<Json<ShippingAnswer>> {
    let request = CheckoutRequest { token, locale: shop.code().to_owned(), ..Default::default() };
    let m = state.clients.checkout.clone().list_shipping_methods(request).await?.into_inner();
    let shipments = if m.methods.is_empty() {
        vec![]
    } else {
        vec![Shipment { methods: options(&m), method: method_code(m.chosen_shipping, 0).map(str::to_owned) }]
    };
    Ok(Json(ShippingAnswer { shipments }))
}

/// A chosen shipping method.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MethodChoice {
    /// A method's code.
    #[serde(default)]
    pub method: String,
}

impl Validate for MethodChoice {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidMethod
    }
}

/// A chosen payment method.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PaymentChoice {
    /// A method's code.
    #[serde(default)]
    pub method: String,
    /// Pay the advance payment now, the rest later.
    #[serde(default)]
    pub deposit: bool,
    /// What the guest was shown as due now with this choice (minor units):
    /// another amount is a 409 `price_changed` and nothing is chosen.
    #[schema(minimum = 0)]
    pub expected_due_now: Option<i64>,
}

impl Validate for PaymentChoice {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidMethod
    }
}

/// Choose the shipping method
#[utoipa::path(
    put,
    path = "/shop-api/checkout/{token}/shipping/{id}",
    tag = "checkout",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ("id" = u32, Path, description = "The shipment: 0"), ShopParams),
    request_body = MethodChoice,
    responses(
        (status = 200, description = "The basket with the shipping counted", body = Cart),
        (status = 400, description = "Not a method on offer (`invalid_method`)", body = ErrorBody),
        (status = 404, description = "No such basket or shipment", body = ErrorBody),
        (status = 409, description = "Nothing is posted, or not in this checkout state", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn choose_shipping(
    State(state): State<AppState>,
    shop: Shop,
    Path((token, id)): Path<(String, u32)>,
    JsonBody(body): JsonBody<MethodChoice>,
) -> ApiResult<Json<Cart>> {
    if id != 0 {
        return Err(ApiError::not_found(ErrorCode::NotFound));
    }
    // An unknown code is the cart's to refuse (422 invalid_method).
    let shipping = ShippingMethod::parse(&body.method).map_or(0, ShippingMethod::wire);
    let request = ChooseMethodRequest { token, locale: shop.code().to_owned(), shipping, ..Default::default() };
    let cart = state.clients.checkout.clone().choose_shipping(request).await?.into_inner();
    Ok(Json(Cart::of(cart, shop.locale)?))
}

/// The advance payment on offer.
#[derive(Debug, Serialize, ToSchema)]
pub struct DepositOption {
    /// Paid now (minor units); the rest is paid later.
    pub amount: i64,
    pub chosen: bool,
}

/// What cancelling an order placed now would cost, as the guest reads it
/// before "pay and finish".
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancellationOffer {
    /// The last day (YYYY-MM-DD) a cancellation costs nothing; null when
    /// that day has passed.
    #[schema(value_type = Option<String>, format = Date)]
    pub free_until: Option<String>,
    /// What a later cancellation keeps of the stays' price, in percent.
    pub fee_percent: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Payment {
    pub methods: Vec<MethodOption>,
    pub method: Option<String>,
    /// Null when the basket holds no stay.
    pub deposit: Option<DepositOption>,
    /// Null when the basket holds no stay.
    pub cancellation: Option<CancellationOffer>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentAnswer {
    pub payments: Vec<Payment>,
}

/// Payment methods
///
/// A bank transfer always, each online provider configured; to a
/// receptionist or administrator logged in (booking for a guest) also
/// `guesthouse`, paid on arrival.
#[utoipa::path(
    get,
    path = "/shop-api/checkout/{token}/payment",
    tag = "checkout",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    responses(
        (status = 200, description = "The methods, the advance payment on offer and the cancellation terms", body = PaymentAnswer),
        (status = 400, description = "A malformed token, channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn payment_methods(
    State(state): State<AppState>,
    shop: Shop,
    logged_in: Option<Customer>,
    Path(token): Path<String>,
) -> ApiResult<Json<PaymentAnswer>> {
    let front_desk = logged_in.is_some_and(|c| crate::session::at_front_desk(&c.0));
    let request = CheckoutRequest { token, locale: shop.code().to_owned(), front_desk };
    let m = state.clients.checkout.clone().list_payment_methods(request).await?.into_inner();
    let payment = Payment {
        methods: options(&m),
        method: method_code(0, m.chosen_payment).map(str::to_owned),
        deposit: (m.deposit_amount > 0).then_some(DepositOption { amount: m.deposit_amount, chosen: m.deposit }),
        cancellation: m
            .cancellation
            .map(|c| CancellationOffer { free_until: Some(c.free_until).filter(|d| !d.is_empty()), fee_percent: c.fee_percent }),
    };
    Ok(Json(PaymentAnswer { payments: vec![payment] }))
}

/// Choose the payment method
///
/// With `deposit`, the advance payment is paid now and `leftToPay` later.
/// With `expectedDueNow`, the amount the guest saw is checked: completion
/// then charges it. A receptionist or administrator logged in books for a
/// guest and may choose `guesthouse` (all paid on arrival).
#[utoipa::path(
    put,
    path = "/shop-api/checkout/{token}/payment/{id}",
    tag = "checkout",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ("id" = u32, Path, description = "The payment: 0"), ShopParams),
    request_body = PaymentChoice,
    responses(
        (status = 200, description = "The basket, state `payment_selected`", body = Cart),
        (status = 400, description = "A malformed body, or a bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket or payment", body = ErrorBody),
        (status = 422, description = "Not a method on offer (`guesthouse` is offered to the front desk only), or a deposit without a stay or paid at the guesthouse (`invalid_method`)", body = ErrorBody),
        (status = 409, description = "Not in this checkout state (`checkout_state`), or due now is not `expectedDueNow` (`price_changed`, `args.was` and `args.now` in PLN; nothing chosen)", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn choose_payment(
    State(state): State<AppState>,
    shop: Shop,
    logged_in: Option<Customer>,
    Path((token, id)): Path<(String, u32)>,
    JsonBody(body): JsonBody<PaymentChoice>,
) -> ApiResult<Json<Cart>> {
    if id != 0 {
        return Err(ApiError::not_found(ErrorCode::NotFound));
    }
    let request = ChooseMethodRequest {
        token,
        locale: shop.code().to_owned(),
        payment: PaymentMethod::parse(&body.method).map_or(0, PaymentMethod::wire),
        deposit: body.deposit,
        expected_due_now: body.expected_due_now,
        front_desk: logged_in.is_some_and(|c| crate::session::at_front_desk(&c.0)),
        ..Default::default()
    };
    let cart = state.clients.checkout.clone().choose_payment(request).await?.into_inner();
    Ok(Json(Cart::of(cart, shop.locale)?))
}

/// Place the order
///
/// Reserves the nights and places the order, all or nothing. A retry for
/// the same basket, or with the same `Idempotency-Key`, answers the same
/// order. A night sold meanwhile is `room_just_booked` with the stay's
/// dates; the basket stays as it was. The basket is priced afresh: the
/// order is placed only for what the payment step showed due now (or
/// nothing, when nothing was left to pay), else `price_changed`. Then the
/// browser goes to `/order/{tokenValue}/pay`.
#[utoipa::path(
    put,
    path = "/shop-api/checkout/{token}/complete",
    tag = "checkout",
    params(
        ("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"),
        ("Idempotency-Key" = Option<String>, Header, description = "Any unique string of up to 255 visible ASCII characters; a retry with it answers the same order", pattern = "^[!-~]{1,255}$"),
        ShopParams,
    ),
    responses(
        (status = 200, description = "The placed order", body = Order),
        (status = 400, description = "A malformed token or Idempotency-Key", body = ErrorBody),
        (status = 404, description = "No such basket", body = ErrorBody),
        (status = 409, description = "Not in this checkout state, an empty basket, an item no longer available, a room just booked (`room_just_booked`), a gift voucher spent meanwhile (`voucher_spent`, `voucher_expired`), what is due now not what the payment step showed (`price_changed`, `args.was` and `args.now` in PLN: the basket is back before the payment step, to choose again), unpaid orders of this e-mail or client holding their most room-nights (`unpaid_limit`, `args.max`), or a key used for another basket", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry with the same Idempotency-Key", body = ErrorBody),
    )
)]
pub async fn complete(
    State(state): State<AppState>,
    shop: Shop,
    client: Client,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> ApiResult<Json<Order>> {
    let key = match headers.get("idempotency-key").map(|v| v.to_str()) {
        None => String::new(),
        Some(Ok(k)) if !k.is_empty() && k.len() <= 255 && k.bytes().all(|b| b.is_ascii_graphic()) => k.to_owned(),
        Some(_) => return Err(ApiError::field(ErrorCode::InvalidRequest, "Idempotency-Key")),
    };
    let request = CompleteRequest { token, locale: shop.code().to_owned(), idempotency_key: key, client: client.code() };
    let order = state.clients.checkout.clone().complete(request).await?.into_inner();
    Ok(Json(Order::of(order, shop.locale)?))
}
