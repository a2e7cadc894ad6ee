//! `spa.cart.v1.CartService`: decode, call the basket, encode.

use spa_proto::common::{Money, Price};
use spa_proto::spa::cart::v1::cart_service_server::CartService;
use spa_proto::spa::cart::v1::{
    AddChildItemRequest, AddItemRequest, Cart, CartItem, CreateCartRequest, DropCartRequest, DropCartResponse, GetCartRequest,
    GetCustomerCartRequest, ListStaysRequest, ListStaysResponse, NewItem, RemoveItemRequest, SetVoucherDetailsRequest, Stay, StayRef,
    SuggestRequest, SuggestResponse, Totals, TreatmentChoice, TreatmentLine, UpdateItemRequest, VoucherDetails,
};
use tonic::{Request, Response, Status};

use crate::basket::{Basket, View, ViewLine};
use crate::domain::item::{self, AddRequest, Dedication};
use crate::domain::totals::CURRENCY;

pub struct CartGrpc {
    basket: Basket,
}

impl CartGrpc {
    pub fn new(basket: Basket) -> Self {
        Self { basket }
    }
}

fn money(amount: i64) -> Option<Money> {
    Some(Money { amount, currency: CURRENCY.into() })
}

fn item_message(v: ViewLine) -> CartItem {
    let stay = v.line.details.stay.map(|s| Stay {
        check_in: s.check_in.to_string(),
        check_out: s.check_out.to_string(),
        nights: s.nights(),
        adults: s.adults,
        children: s.children,
        babies: s.babies,
    });
    CartItem {
        id: v.line.id,
        r#type: v.line.kind.code().into(),
        code: v.line.code,
        quantity: v.line.quantity,
        min_quantity: v.bounds.0,
        max_quantity: v.bounds.1,
        price: Some(Price {
            current: money(v.current),
            original: money(v.original),
            base_current: money(v.current),
            base_original: money(v.original),
        }),
        total: v.priced.total(),
        available: v.priced.available,
        product: v.product,
        stay,
        treatments: v.treatments.into_iter().map(|(t, name)| TreatmentLine { code: t.code, name, quantity: t.quantity }).collect(),
        price_option: v.line.details.price_option,
        voucher: v.line.details.voucher.map(|d| VoucherDetails {
            recipient: d.recipient,
            sender: d.sender,
            message: d.message,
            email: d.email.unwrap_or_default(),
        }),
        children: v.children.into_iter().map(item_message).collect(),
    }
}

fn cart_message(view: View) -> Cart {
    let shipping_required = view.lines.iter().any(|l| l.line.kind == item::ItemKind::Voucher);
    let t = view.totals;
    Cart {
        token: view.cart.token,
        channel: view.cart.channel,
        locale: view.cart.locale,
        currency: view.cart.currency.clone(),
        checkout_state: view.cart.checkout_state,
        items: view.lines.into_iter().map(item_message).collect(),
        totals: Some(Totals {
            total: t.total,
            vouchers: t.vouchers,
            shipping: t.shipping,
            deposit: t.deposit,
            left_to_pay: t.left_to_pay,
            currency: view.cart.currency,
        }),
        shipping_required,
    }
}

fn choices(treatments: &[TreatmentChoice]) -> Vec<item::TreatmentChoice> {
    treatments.iter().map(|t| item::TreatmentChoice { code: t.code.clone(), quantity: t.quantity }).collect()
}

fn add_request(item: &NewItem) -> AddRequest<'_> {
    AddRequest {
        kind: &item.r#type,
        product_code: &item.product_code,
        variant_code: &item.variant_code,
        package_code: &item.package_code,
        quantity: item.quantity,
        check_in: &item.check_in,
        check_out: &item.check_out,
        adults: item.adults,
        children: item.children,
        babies: item.babies,
        treatments: (item.treatments_chosen || !item.treatments.is_empty()).then(|| choices(&item.treatments)),
        price_option: item.price_option,
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
        Ok(Response::new(cart_message(self.basket.add(&r.token, &r.locale, &add_request(&item)).await?)))
    }

    async fn add_child_item(&self, request: Request<AddChildItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let item = r.item.unwrap_or_default();
        Ok(Response::new(cart_message(self.basket.attach(&r.token, &r.locale, r.parent_id, &add_request(&item)).await?)))
    }

    async fn update_item(&self, request: Request<UpdateItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let treatments = (r.treatments_chosen || !r.treatments.is_empty()).then(|| choices(&r.treatments));
        Ok(Response::new(cart_message(self.basket.update(&r.token, &r.locale, r.item_id, r.quantity, treatments).await?)))
    }

    async fn set_voucher_details(&self, request: Request<SetVoucherDetailsRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let dedication = r.details.map(|d| Dedication::new(&d.recipient, &d.sender, &d.message, &d.email)).transpose()?;
        Ok(Response::new(cart_message(self.basket.dedicate(&r.token, &r.locale, r.item_id, dedication).await?)))
    }

    async fn remove_item(&self, request: Request<RemoveItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.basket.remove(&r.token, &r.locale, r.item_id).await?)))
    }

    async fn list_stays(&self, request: Request<ListStaysRequest>) -> Answer<ListStaysResponse> {
        let stays = self.basket.stays(&request.into_inner().token).await?;
        let stays = stays
            .into_iter()
            .map(|(room_code, s)| StayRef { room_code, check_in: s.check_in.to_string(), check_out: s.check_out.to_string() })
            .collect();
        Ok(Response::new(ListStaysResponse { stays }))
    }

    async fn suggest(&self, request: Request<SuggestRequest>) -> Answer<SuggestResponse> {
        let r = request.into_inner();
        let items = self.basket.suggest(&r.token, &r.locale, r.item_id, &r.kind).await?;
        Ok(Response::new(SuggestResponse { items }))
    }
}
