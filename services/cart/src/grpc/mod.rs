//! The cart's gRPC services, each thin: decode, call the part of the
//! service that owns the rule, encode ([`wire`]). `CartService` (the
//! basket) here, `CheckoutService` in [`checkout`], `OrderService` in
//! [`orders`], `SettingsService` in [`settings`].

mod checkout;
mod orders;
mod settings;
mod wire;

pub use checkout::CheckoutGrpc;
pub use orders::OrderGrpc;
pub use settings::SettingsGrpc;

use std::sync::Arc;

use spa_proto::spa::cart::v1::cart_service_server::CartService;
use spa_proto::spa::cart::v1::{
    AddChildItemRequest, AddItemRequest, Cart, CreateCartRequest, DropCartRequest, DropCartResponse, GetCartRequest,
    GetCustomerCartRequest, RedeemVoucherRequest, RemoveItemRequest, RoomUnits, RoomsTakenRequest, RoomsTakenResponse, SuggestRequest,
    SuggestResponse, UpdateItemRequest,
};
use tonic::{Request, Response, Status};

use crate::basket::Basket;
use crate::domain::item::SuggestionKind;
use crate::error::CartError;
use wire::{add_request, cart_message, choices};

pub struct CartGrpc {
    basket: Arc<Basket>,
}

impl CartGrpc {
    pub fn new(basket: Arc<Basket>) -> Self {
        Self { basket }
    }
}

type Answer<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl CartService for CartGrpc {
    async fn create_cart(&self, request: Request<CreateCartRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let customer = Some(r.customer_id.as_str()).filter(|c| !c.is_empty());
        Ok(Response::new(cart_message(self.basket.create(&r.token, &r.channel, &r.locale, customer).await?)))
    }

    async fn get_cart(&self, request: Request<GetCartRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.basket.view(&r.token, &r.locale).await?)))
    }

    async fn get_customer_cart(&self, request: Request<GetCustomerCartRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.basket.customer_cart(&r.customer_id, &r.locale).await?)))
    }

    async fn drop_cart(&self, request: Request<DropCartRequest>) -> Answer<DropCartResponse> {
        self.basket.drop_cart(&request.into_inner().token).await?;
        Ok(Response::new(DropCartResponse {}))
    }

    async fn add_item(&self, request: Request<AddItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let item = r.item.unwrap_or_default();
        Ok(Response::new(cart_message(self.basket.add(&r.token, &r.locale, &add_request(&item, r.age_confirmed)?).await?)))
    }

    async fn add_child_item(&self, request: Request<AddChildItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let item = r.item.unwrap_or_default();
        Ok(Response::new(cart_message(self.basket.attach(&r.token, &r.locale, r.parent_id, &add_request(&item, false)?).await?)))
    }

    async fn update_item(&self, request: Request<UpdateItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let treatments = (r.treatments_chosen || !r.treatments.is_empty()).then(|| choices(&r.treatments));
        Ok(Response::new(cart_message(self.basket.update(&r.token, &r.locale, r.item_id, r.quantity, treatments).await?)))
    }

    async fn redeem_voucher(&self, request: Request<RedeemVoucherRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let code = Some(r.code.as_str()).filter(|c| !c.trim().is_empty());
        Ok(Response::new(cart_message(self.basket.redeem(&r.token, &r.locale, r.item_id, code).await?)))
    }

    async fn remove_item(&self, request: Request<RemoveItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.basket.remove(&r.token, &r.locale, r.item_id).await?)))
    }

    async fn rooms_taken(&self, request: Request<RoomsTakenRequest>) -> Answer<RoomsTakenResponse> {
        let r = request.into_inner();
        let rooms = self.basket.rooms_taken(&r.token, &r.check_in, &r.check_out).await?;
        let rooms = rooms.into_iter().map(|u| RoomUnits { room_code: u.room, units: u.units }).collect();
        Ok(Response::new(RoomsTakenResponse { rooms }))
    }

    async fn suggest(&self, request: Request<SuggestRequest>) -> Answer<SuggestResponse> {
        let r = request.into_inner();
        let kind = SuggestionKind::from_wire(r.kind).ok_or(CartError::InvalidItemType)?;
        let items = self.basket.suggest(&r.token, &r.locale, r.item_id, kind).await?;
        Ok(Response::new(SuggestResponse { items }))
    }
}
