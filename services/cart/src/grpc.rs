//! `spa.cart.v1.CartService`: decode, call the store, encode.

use spa_platform::db::Db;
use spa_proto::common::Money;
use spa_proto::spa::cart::v1::cart_service_server::CartService;
use spa_proto::spa::cart::v1::{Cart, CartItem, CreateCartRequest, DropCartRequest, DropCartResponse, GetCartRequest};
use tonic::{Request, Response, Status};

use crate::domain::{self, CartTtl};
use crate::error::CartError;
use crate::store::{self, CartRow, NewCart};

const CURRENCY: &str = "PLN";
const LOCALES: [&str; 3] = ["pl", "de", "en_GB"];

pub struct CartGrpc {
    db: Db,
    ttl: CartTtl,
}

impl CartGrpc {
    pub fn new(db: Db, ttl: CartTtl) -> Self {
        Self { db, ttl }
    }

    fn cutoff(&self) -> i64 {
        self.ttl.cutoff(spa_platform::now_ms())
    }
}

fn cart_message(row: CartRow) -> Cart {
    let items: Vec<CartItem> = row
        .items
        .into_iter()
        .map(|i| CartItem {
            id: i.id,
            r#type: i.kind,
            code: i.code,
            quantity: i.quantity as u32,
            total: Some(Money { amount: i.unit_price * i.quantity, currency: CURRENCY.into() }),
        })
        .collect();
    let total = items.iter().filter_map(|i| i.total.as_ref()).map(|m| m.amount).sum();
    Cart {
        token: row.token,
        channel: row.channel,
        locale: row.locale,
        checkout_state: row.checkout_state,
        total: Some(Money { amount: total, currency: row.currency.clone() }),
        currency: row.currency,
        items,
    }
}

fn well_formed(token: &str) -> Result<(), CartError> {
    if domain::well_formed(token) { Ok(()) } else { Err(CartError::MalformedToken) }
}

#[tonic::async_trait]
impl CartService for CartGrpc {
    async fn create_cart(&self, request: Request<CreateCartRequest>) -> Result<Response<Cart>, Status> {
        let req = request.into_inner();
        domain::strong_token(&req.token).map_err(CartError::WeakToken)?;
        if !LOCALES.contains(&req.locale.as_str()) {
            return Err(CartError::InvalidLocale.into());
        }
        if req.channel.is_empty() {
            return Err(CartError::MissingChannel.into());
        }
        let now = spa_platform::now_ms();
        let new = NewCart { token: &req.token, channel: &req.channel, locale: &req.locale, currency: CURRENCY };
        store::create(&self.db, new, now).await?;
        Ok(Response::new(cart_message(store::load(&self.db, &req.token, self.cutoff()).await?)))
    }

    async fn get_cart(&self, request: Request<GetCartRequest>) -> Result<Response<Cart>, Status> {
        let token = request.into_inner().token;
        well_formed(&token)?;
        Ok(Response::new(cart_message(store::load(&self.db, &token, self.cutoff()).await?)))
    }

    async fn drop_cart(&self, request: Request<DropCartRequest>) -> Result<Response<DropCartResponse>, Status> {
        let token = request.into_inner().token;
        well_formed(&token)?;
        store::drop_cart(&self.db, &token, self.cutoff()).await?;
        Ok(Response::new(DropCartResponse {}))
    }
}
