//! `POST|GET|DELETE /shop-api/carts/{token}`: the visitor's basket.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use spa_proto::spa::cart::v1::{
    AddChildItemRequest, AddItemRequest, CreateCartRequest, DropCartRequest, GetCartRequest, GetCustomerCartRequest, NewItem,
    RedeemVoucherRequest, RemoveItemRequest, SuggestRequest, TreatmentChoice, UpdateItemRequest, VoucherDetails,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::i18n::Locale;
use crate::wire::cart::{Cart, Dedication};
use crate::wire::{Items, OfferItem, SuggestionKind};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, get_cart, drop_cart))
        .routes(routes!(add_item))
        .routes(routes!(add_child_item))
        .routes(routes!(update_item, remove_item))
        .routes(routes!(set_voucher, remove_voucher))
        .routes(routes!(suggestions))
        .routes(routes!(visitor_cart))
}

/// The spec sends the channel and locale of a new basket in the body.
#[derive(Debug, Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateCart {
    #[schema(example = "web_pl")]
    pub channel: Option<String>,
    #[schema(value_type = Option<Locale>)]
    pub locale: Option<String>,
}

impl Validate for CreateCart {}

/// A gift voucher code to pay for a line with.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RedeemVoucher {
    /// `GV-XXXX-XXXX-XXXX`, in any case, with or without dashes.
    pub code: String,
}

impl Validate for RedeemVoucher {
    fn validate(&self) -> ApiResult<()> {
        if self.code.trim().is_empty() || self.code.len() > 64 {
            return Err(ApiError::field(ErrorCode::VoucherCodeUnknown, "code"));
        }
        Ok(())
    }

    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::VoucherCodeUnknown
    }
}

/// A package treatment and how many.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TreatmentChoiceBody {
    pub code: String,
    pub quantity: u32,
}

/// What an item is; which fields count depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NewItemType {
    Product,
    Treatment,
    /// A gift voucher with `options.priceOption`.
    Voucher,
    /// The spec's cards call a gift voucher `gift`.
    Gift,
    /// A package without nights or a day-spa offer; `quantity` = persons.
    Package,
    /// A room for `options.checkIn`..`checkOut` with the guests.
    Reservation,
    /// A room with a stay package (`packageCode`); persons = adults.
    ReservationWithPackage,
}

impl NewItemType {
    fn wire(self) -> i32 {
        use spa_proto::spa::cart::v1::NewItemType as W;
        let w = match self {
            Self::Product => W::Product,
            Self::Treatment => W::Treatment,
            Self::Voucher | Self::Gift => W::Voucher,
            Self::Package => W::Package,
            Self::Reservation => W::Reservation,
            Self::ReservationWithPackage => W::ReservationWithPackage,
        };
        w as i32
    }
}

/// The options of a new item.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct ItemOptions {
    /// `YYYY-MM-DD`.
    pub check_in: Option<String>,
    /// `YYYY-MM-DD`, after `checkIn`.
    pub check_out: Option<String>,
    /// 1 or 2; 2 when absent.
    pub adults: Option<u32>,
    /// Aged 4 to 16: 0 to 2.
    pub children: Option<u32>,
    /// Under 4: 0 to 2.
    pub babies: Option<u32>,
    /// A package's treatments; absent = the package's own.
    pub treatments: Option<Vec<TreatmentChoiceBody>>,
    /// A gift voucher's price option: 0 to the number of options - 1.
    pub price_option: Option<u32>,
    /// A gift voucher's dedication: who it is for and from, a message, an
    /// e-mail to send it to (checkout's voucher step can change it).
    pub dedication: Option<Dedication>,
}

/// An item to add.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct AddItem {
    #[serde(rename = "type")]
    #[schema(required = true, value_type = NewItemType)]
    pub kind: Option<NewItemType>,
    /// The product; the room of a reservation.
    pub product_code: Option<String>,
    /// Stands for `productCode` when that is absent.
    pub variant_code: Option<String>,
    /// The package of `reservation_with_package` and of children items.
    pub package_code: Option<String>,
    /// Units (1 to 10); a package's persons (1 or 2).
    pub quantity: Option<u32>,
    #[serde(default)]
    pub options: ItemOptions,
}

impl Validate for AddItem {
    fn error_code(field: &str) -> ErrorCode {
        match field {
            "type" => ErrorCode::InvalidItemType,
            "quantity" => ErrorCode::InvalidQuantity,
            f if f.starts_with("options.check") => ErrorCode::InvalidStay,
            "options.adults" | "options.children" | "options.babies" => ErrorCode::InvalidGuests,
            f if f.starts_with("options.treatments") => ErrorCode::InvalidConfiguration,
            "options.priceOption" => ErrorCode::InvalidPriceOption,
            "options.dedication.email" => ErrorCode::InvalidEmail,
            f if f.starts_with("options.dedication") => ErrorCode::InvalidVoucherDetails,
            _ => ErrorCode::InvalidBody,
        }
    }
}

fn choices(t: &Option<Vec<TreatmentChoiceBody>>) -> Vec<TreatmentChoice> {
    t.iter().flatten().map(|t| TreatmentChoice { code: t.code.clone(), quantity: t.quantity }).collect()
}

impl AddItem {
    fn message(&self) -> NewItem {
        let o = &self.options;
        NewItem {
            r#type: self.kind.map_or(0, NewItemType::wire),
            product_code: self.product_code.clone().unwrap_or_default(),
            variant_code: self.variant_code.clone().unwrap_or_default(),
            package_code: self.package_code.clone().unwrap_or_default(),
            quantity: self.quantity,
            check_in: o.check_in.clone().unwrap_or_default(),
            check_out: o.check_out.clone().unwrap_or_default(),
            adults: o.adults,
            children: o.children.unwrap_or_default(),
            babies: o.babies.unwrap_or_default(),
            treatments: choices(&o.treatments),
            treatments_chosen: o.treatments.is_some(),
            price_option: o.price_option,
            dedication: o.dedication.as_ref().map(|d| VoucherDetails {
                recipient: d.recipient.clone(),
                sender: d.sender.clone(),
                message: d.message.clone(),
                email: d.email.clone().unwrap_or_default(),
                ..Default::default()
            }),
        }
    }
}

/// A package's treatments, to reconfigure it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateOptions {
    pub treatments: Option<Vec<TreatmentChoiceBody>>,
}

/// A line's new quantity (and a package's treatments).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateItem {
    pub quantity: Option<u32>,
    #[serde(default)]
    pub options: UpdateOptions,
}

impl Validate for UpdateItem {
    fn validate(&self) -> ApiResult<()> {
        match self.quantity {
            Some(_) => Ok(()),
            None => Err(ApiError::field(ErrorCode::InvalidQuantity, "quantity")),
        }
    }

    fn error_code(field: &str) -> ErrorCode {
        match field {
            "quantity" => ErrorCode::InvalidQuantity,
            _ => ErrorCode::InvalidConfiguration,
        }
    }
}

/// Create the cart
#[utoipa::path(
    post,
    path = "/shop-api/carts/{token}",
    tag = "cart",
    params(("token" = String, Path, description = "A new, unguessable token: 16 to 64 characters of A-Z, a-z, 0-9, _ and -", pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    request_body = CreateCart,
    responses(
        (status = 201, description = "The new, empty basket", body = Cart),
        (status = 400, description = "The token, channel or locale is not valid", body = ErrorBody),
        (status = 409, description = "The token is taken", body = ErrorBody),
        (status = 429, description = "Too many baskets from this client; wait", body = ErrorBody),
        (status = 503, description = "The basket service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(token): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
    JsonBody(body): JsonBody<CreateCart>,
) -> ApiResult<(StatusCode, Json<Cart>)> {
    // The body's channel and locale win over the query's.
    let from_query = |name: &str| query.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let shop = Shop::check(
        &state,
        body.channel.as_deref().or_else(|| from_query("channel")),
        body.locale.as_deref().or_else(|| from_query("locale")),
    )?;
    // A logged-in customer's cart is theirs (GET /visitor/cart). The basket
    // works without the accounts service: then it is opened as a guest's.
    let customer_id = match crate::session::account(&state, &headers).await {
        Ok(customer) => customer.map(|c| c.id).unwrap_or_default(),
        Err(e) => {
            tracing::warn!(error = %e.message(), "session not checked; the cart is opened as a guest's");
            String::new()
        }
    };
    let request = CreateCartRequest { token, channel: state.config.channel.clone(), locale: shop.code().to_owned(), customer_id };
    let cart = state.clients.cart.clone().create_cart(request).await?.into_inner();
    Ok((StatusCode::CREATED, Json(Cart::of(cart, shop.locale)?)))
}

/// Read the cart
#[utoipa::path(
    get,
    path = "/shop-api/carts/{token}",
    tag = "cart",
    params(("token" = String, Path, description = "The basket's token", pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    responses(
        (status = 200, description = "The basket", body = Cart),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket (or it expired)", body = ErrorBody),
        (status = 503, description = "The basket service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn get_cart(State(state): State<AppState>, shop: Shop, Path(token): Path<String>) -> ApiResult<Json<Cart>> {
    let cart = state.clients.cart.clone().get_cart(GetCartRequest { token, locale: shop.code().to_owned() }).await?.into_inner();
    Ok(Json(Cart::of(cart, shop.locale)?))
}

/// Drop the cart
#[utoipa::path(
    delete,
    path = "/shop-api/carts/{token}",
    tag = "cart",
    params(("token" = String, Path, description = "The basket's token", pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    responses(
        (status = 204, description = "Dropped"),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "The basket service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn drop_cart(State(state): State<AppState>, _shop: Shop, Path(token): Path<String>) -> ApiResult<StatusCode> {
    state.clients.cart.clone().drop_cart(DropCartRequest { token }).await?;
    Ok(StatusCode::NO_CONTENT)
}

const TOKEN: &str = "The basket's token";

/// The cookie the shop's age question sets once the visitor says they are of age (spec 4).
const AGE_PERMISSION_COOKIE: &str = "agePermission";

/// The age question's answer as the app keeps it: a positive number ("1").
fn of_age(value: &str) -> bool {
    value.trim().parse::<f64>().is_ok_and(|n| n.is_finite() && n > 0.0)
}

/// Add an item
///
/// Prices and availability come from the catalog and the rooms service,
/// never from the request. Adding a product, treatment or voucher that is
/// in the basket already adds to its line. A stay must be bookable now,
/// counting the basket's own stays of the same room. An age-restricted
/// product (`ageRestriction`) is added only once the visitor has said they
/// are of age: the age question's cookie `agePermission` holds a positive
/// number.
#[utoipa::path(
    post,
    path = "/shop-api/carts/{token}/items",
    tag = "cart",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ShopParams),
    request_body = AddItem,
    responses(
        (status = 201, description = "The basket with the item", body = Cart),
        (status = 400, description = "A field is wrong: type, productCode, quantity, dates, guests, treatments, price option, or a stay package added alone", body = ErrorBody),
        (status = 403, description = "An age-restricted product without the visitor's word that they are of age (`age_confirmation_required`): ask, set the cookie `agePermission=1`, and add again", body = ErrorBody),
        (status = 404, description = "No such basket", body = ErrorBody),
        (status = 409, description = "The room cannot be booked for these dates (`room_unavailable`), the product is not sold now (`product_unavailable`), the basket holds its most lines (`basket_full`, `args.max`; more of a line it holds still fits) or is an order already", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn add_item(
    State(state): State<AppState>,
    shop: Shop,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
    JsonBody(body): JsonBody<AddItem>,
) -> ApiResult<(StatusCode, Json<Cart>)> {
    let age_confirmed = crate::session::cookie(&headers, AGE_PERMISSION_COOKIE).is_some_and(|v| of_age(&v));
    let request = AddItemRequest { token, locale: shop.code().to_owned(), item: Some(body.message()), age_confirmed };
    let cart = state.clients.cart.clone().add_item(request).await?.into_inner();
    Ok((StatusCode::CREATED, Json(Cart::of(cart, shop.locale)?)))
}

/// Attach a package to a stay
///
/// The line must be a reservation whose nights cover the package's and
/// whose adults are at least its persons; a package it had is replaced.
#[utoipa::path(
    post,
    path = "/shop-api/carts/{token}/items/{id}/children-items",
    tag = "cart",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ("id" = i64, Path, description = "The reservation line"), ShopParams),
    request_body = AddItem,
    responses(
        (status = 201, description = "The basket with the package attached", body = Cart),
        (status = 400, description = "Not a reservation, not a package, a stay too short, too many persons, or treatments the package does not offer", body = ErrorBody),
        (status = 404, description = "No such basket or line", body = ErrorBody),
        (status = 409, description = "The basket holds its most lines (`basket_full`), or is an order already", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn add_child_item(
    State(state): State<AppState>,
    shop: Shop,
    Path((token, id)): Path<(String, i64)>,
    JsonBody(body): JsonBody<AddItem>,
) -> ApiResult<(StatusCode, Json<Cart>)> {
    let mut item = body.message();
    if item.r#type == 0 {
        item.r#type = NewItemType::Package.wire();
    }
    let request = AddChildItemRequest { token, locale: shop.code().to_owned(), parent_id: id, item: Some(item) };
    let cart = state.clients.cart.clone().add_child_item(request).await?.into_inner();
    Ok((StatusCode::CREATED, Json(Cart::of(cart, shop.locale)?)))
}

/// Change an item
///
/// `quantity` within the line's `minQuantity`..`maxQuantity`. On a package,
/// `options.treatments` replaces its treatments; without them, a change of
/// persons moves the package's own treatments by the same step.
#[utoipa::path(
    put,
    path = "/shop-api/carts/{token}/items/{id}",
    tag = "cart",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ("id" = i64, Path, description = "The line"), ShopParams),
    request_body = UpdateItem,
    responses(
        (status = 200, description = "The changed basket", body = Cart),
        (status = 400, description = "A quantity outside the line's bounds, or treatments the package does not offer", body = ErrorBody),
        (status = 404, description = "No such basket or line", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn update_item(
    State(state): State<AppState>,
    shop: Shop,
    Path((token, id)): Path<(String, i64)>,
    JsonBody(body): JsonBody<UpdateItem>,
) -> ApiResult<Json<Cart>> {
    let request = UpdateItemRequest {
        token,
        locale: shop.code().to_owned(),
        item_id: id,
        quantity: body.quantity.unwrap_or_default(),
        treatments: choices(&body.options.treatments),
        treatments_chosen: body.options.treatments.is_some(),
    };
    let cart = state.clients.cart.clone().update_item(request).await?.into_inner();
    Ok(Json(Cart::of(cart, shop.locale)?))
}

/// Remove an item
///
/// Packages attached to a stay go with it.
#[utoipa::path(
    delete,
    path = "/shop-api/carts/{token}/items/{id}",
    tag = "cart",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ("id" = i64, Path, description = "The line"), ShopParams),
    responses(
        (status = 200, description = "The basket without the line", body = Cart),
        (status = 400, description = "A malformed token, channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket or line", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn remove_item(State(state): State<AppState>, shop: Shop, Path((token, id)): Path<(String, i64)>) -> ApiResult<Json<Cart>> {
    let request = RemoveItemRequest { token, locale: shop.code().to_owned(), item_id: id };
    let cart = state.clients.cart.clone().remove_item(request).await?.into_inner();
    Ok(Json(Cart::of(cart, shop.locale)?))
}

/// Suggestions for an item
///
/// Up to 8 offers not in the basket yet, sold today.
#[utoipa::path(
    get,
    path = "/shop-api/carts/{token}/items/{id}/associations/{kind}/default",
    tag = "cart",
    params(
        ("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"),
        ("id" = i64, Path, description = "The line"),
        ("kind" = inline(SuggestionKind), Path, description = "packages, treatments or products"),
        ShopParams
    ),
    responses(
        (status = 200, description = "Offers as on listings", body = Items),
        (status = 400, description = "A malformed token, channel or locale", body = ErrorBody),
        (status = 404, description = "No such basket, line or kind", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn suggestions(
    State(state): State<AppState>,
    shop: Shop,
    Path((token, id, kind)): Path<(String, i64, String)>,
) -> ApiResult<Json<Items>> {
    let kind = SuggestionKind::parse(&kind).ok_or_else(|| ApiError::not_found(ErrorCode::UnknownAssociation))?;
    let request = SuggestRequest { token, locale: shop.code().to_owned(), item_id: id, kind: kind.wire() };
    let items = state.clients.cart.clone().suggest(request).await?.into_inner().items;
    Ok(Json(Items { items: items.iter().map(|p| OfferItem::of(p, shop.locale)).collect::<Result<_, _>>()? }))
}

/// The logged-in customer's basket
///
/// Their most recently changed open basket, opened while logged in; empty
/// (204) for a guest or a customer without one.
#[utoipa::path(
    get,
    path = "/shop-api/visitor/cart",
    tag = "cart",
    params(ShopParams),
    responses(
        (status = 200, description = "The customer's basket", body = Cart),
        (status = 204, description = "Not logged in, or no open basket"),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn visitor_cart(State(state): State<AppState>, shop: Shop, headers: HeaderMap) -> ApiResult<Response> {
    let Some(customer) = crate::session::account(&state, &headers).await? else { return Ok(StatusCode::NO_CONTENT.into_response()) };
    let request = GetCustomerCartRequest { customer_id: customer.id, locale: shop.code().to_owned() };
    match state.clients.cart.clone().get_customer_cart(request).await {
        Ok(cart) => Ok(Json(Cart::of(cart.into_inner(), shop.locale)?).into_response()),
        Err(status) if status.code() == tonic::Code::NotFound => Ok(StatusCode::NO_CONTENT.into_response()),
        Err(status) => Err(status.into()),
    }
}

/// Pay for a line with a gift voucher
///
/// The code pays for the line and what is attached to it, up to what the
/// voucher has left (`redemption` on the line, `totals.vouchers`); it is
/// spent when the order is placed and given back if the order is cancelled.
/// A code pays for one line: set on another line, it moves there. A gift
/// voucher cannot pay for another gift voucher.
#[utoipa::path(
    put,
    path = "/shop-api/carts/{token}/items/{id}/voucher",
    tag = "cart",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ("id" = i64, Path, description = "A line of the basket (not a gift voucher, not an attached package)"), ShopParams),
    request_body = RedeemVoucher,
    responses(
        (status = 200, description = "The basket with the voucher paying for the line", body = Cart),
        (status = 400, description = "No gift voucher has this code (`voucher_code_unknown`), or the line cannot be paid with one (`voucher_not_applicable`)", body = ErrorBody),
        (status = 404, description = "No such basket or line", body = ErrorBody),
        (status = 409, description = "The voucher has nothing left (`voucher_spent`) or has expired (`voucher_expired`), or the basket is an order already", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn set_voucher(
    State(state): State<AppState>,
    shop: Shop,
    Path((token, id)): Path<(String, i64)>,
    JsonBody(body): JsonBody<RedeemVoucher>,
) -> ApiResult<Json<Cart>> {
    let request = RedeemVoucherRequest { token, locale: shop.code().to_owned(), item_id: id, code: body.code };
    let cart = state.clients.cart.clone().redeem_voucher(request).await?.into_inner();
    Ok(Json(Cart::of(cart, shop.locale)?))
}

/// Stop paying for a line with a gift voucher
#[utoipa::path(
    delete,
    path = "/shop-api/carts/{token}/items/{id}/voucher",
    tag = "cart",
    params(("token" = String, Path, description = TOKEN, pattern = "^[A-Za-z0-9_-]{16,64}$"), ("id" = i64, Path, description = "A line of the basket"), ShopParams),
    responses(
        (status = 200, description = "The basket without a voucher on the line", body = Cart),
        (status = 400, description = "The line cannot be paid with a voucher, or a malformed token", body = ErrorBody),
        (status = 404, description = "No such basket or line", body = ErrorBody),
        (status = 409, description = "The basket is an order already", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn remove_voucher(State(state): State<AppState>, shop: Shop, Path((token, id)): Path<(String, i64)>) -> ApiResult<Json<Cart>> {
    let request = RedeemVoucherRequest { token, locale: shop.code().to_owned(), item_id: id, code: String::new() };
    let cart = state.clients.cart.clone().redeem_voucher(request).await?.into_inner();
    Ok(Json(Cart::of(cart, shop.locale)?))
}
