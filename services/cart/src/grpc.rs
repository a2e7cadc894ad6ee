//! `spa.cart.v1.CartService`.

use spa_platform::db::{Db, is_unique_violation};
use spa_platform::errors;
use spa_proto::common::Money;
use spa_proto::spa::cart::v1::cart_service_server::CartService;
use spa_proto::spa::cart::v1::{Cart, CartItem, CreateCartRequest, DropCartRequest, DropCartResponse, GetCartRequest};
use sqlx::Row;
use tonic::{Code, Request, Response, Status};

const CURRENCY: &str = "PLN";
const LOCALES: [&str; 3] = ["pl", "de", "en_GB"];

pub struct CartGrpc {
    db: Db,
}

impl CartGrpc {
    pub fn new(db: Db) -> Self {
        Self { db }
    }

    async fn load(&self, token: &str) -> Result<Cart, Status> {
        let row = sqlx::query("SELECT token, channel, locale, currency, checkout_state FROM carts WHERE token = $1")
            .bind(token)
            .fetch_optional(self.db.pool())
            .await
            .map_err(errors::db)?
            .ok_or_else(|| errors::with_details(Code::NotFound, "cart_not_found", "cart not found", &[]))?;
        let items = sqlx::query("SELECT id, type, code, quantity, unit_price FROM cart_items WHERE cart_token = $1 ORDER BY id")
            .bind(token)
            .fetch_all(self.db.pool())
            .await
            .map_err(errors::db)?
            .into_iter()
            .map(|r| {
                let quantity: i64 = r.try_get("quantity")?;
                let unit: i64 = r.try_get("unit_price")?;
                Ok(CartItem {
                    id: r.try_get("id")?,
                    r#type: r.try_get("type")?,
                    code: r.try_get("code")?,
                    quantity: quantity as u32,
                    total: Some(Money { amount: unit * quantity, currency: CURRENCY.into() }),
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()
            .map_err(errors::internal)?;
        let total = items.iter().filter_map(|i| i.total.as_ref()).map(|m| m.amount).sum();
        let currency: String = row.try_get("currency").map_err(errors::internal)?;
        Ok(Cart {
            token: row.try_get("token").map_err(errors::internal)?,
            channel: row.try_get("channel").map_err(errors::internal)?,
            locale: row.try_get("locale").map_err(errors::internal)?,
            checkout_state: row.try_get("checkout_state").map_err(errors::internal)?,
            total: Some(Money { amount: total, currency: currency.clone() }),
            currency,
            items,
        })
    }
}

/// Tokens are made by the client; insist on enough randomness to be
/// unguessable and on characters that are safe in a path.
pub fn valid_token(token: &str) -> bool {
    (16..=64).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn check_token(token: &str) -> Result<(), Status> {
    if valid_token(token) {
        Ok(())
    } else {
        Err(errors::invalid(
            "invalid_token",
            "the cart token must be 16 to 64 letters, digits, '-' or '_'",
            &[("token", "16-64 characters [A-Za-z0-9_-]")],
        ))
    }
}

#[tonic::async_trait]
impl CartService for CartGrpc {
    async fn create_cart(&self, request: Request<CreateCartRequest>) -> Result<Response<Cart>, Status> {
        let req = request.into_inner();
        check_token(&req.token)?;
        if !LOCALES.contains(&req.locale.as_str()) {
            return Err(errors::invalid("invalid_locale", "locale must be pl, de or en_GB", &[("locale", "must be pl, de or en_GB")]));
        }
        if req.channel.is_empty() {
            return Err(errors::invalid("invalid_channel", "channel is required", &[("channel", "required")]));
        }
        let now = spa_platform::now_ms();
        let inserted = sqlx::query(
            "INSERT INTO carts (token, channel, locale, currency, checkout_state, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, 'cart', $5, $5) ON CONFLICT (token) DO NOTHING",
        )
        .bind(&req.token)
        .bind(&req.channel)
        .bind(&req.locale)
        .bind(CURRENCY)
        .bind(now)
        .execute(self.db.pool())
        .await;
        match inserted {
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => {}
            Err(e) => return Err(errors::db(e)),
        }
        Ok(Response::new(self.load(&req.token).await?))
    }

    async fn get_cart(&self, request: Request<GetCartRequest>) -> Result<Response<Cart>, Status> {
        let token = request.into_inner().token;
        check_token(&token)?;
        Ok(Response::new(self.load(&token).await?))
    }

    async fn drop_cart(&self, request: Request<DropCartRequest>) -> Result<Response<DropCartResponse>, Status> {
        let token = request.into_inner().token;
        check_token(&token)?;
        let mut tx = self.db.begin().await.map_err(errors::db)?;
        sqlx::query("DELETE FROM cart_items WHERE cart_token = $1").bind(&token).execute(&mut *tx).await.map_err(errors::db)?;
        let deleted =
            sqlx::query("DELETE FROM carts WHERE token = $1").bind(&token).execute(&mut *tx).await.map_err(errors::db)?.rows_affected();
        tx.commit().await.map_err(errors::db)?;
        if deleted == 0 {
            return Err(errors::with_details(Code::NotFound, "cart_not_found", "cart not found", &[]));
        }
        Ok(Response::new(DropCartResponse {}))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_must_be_long_and_path_safe() {
        assert!(super::valid_token("aB3-_aB3-_aB3-_x"));
        assert!(!super::valid_token("short"));
        assert!(!super::valid_token("has/slash/has/slash/x"));
        assert!(!super::valid_token(&"a".repeat(65)));
    }
}
