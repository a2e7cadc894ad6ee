//! `spa.users.v1.UsersService`.

use sha2::{Digest, Sha256};
use spa_platform::db::Db;
use spa_platform::errors;
use spa_proto::spa::users::v1::users_service_server::UsersService;
use spa_proto::spa::users::v1::{Customer, GetMeRequest};
use sqlx::Row;
use tonic::{Code, Request, Response, Status};

pub struct UsersGrpc {
    db: Db,
}

impl UsersGrpc {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

/// The stored form of a session token.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn not_logged_in() -> Status {
    errors::with_details(Code::NotFound, "not_logged_in", "no customer is logged in", &[])
}

#[tonic::async_trait]
impl UsersService for UsersGrpc {
    async fn get_me(&self, request: Request<GetMeRequest>) -> Result<Response<Customer>, Status> {
        let token = request.into_inner().session_token;
        if token.is_empty() || token.len() > 128 {
            return Err(not_logged_in());
        }
        let row = sqlx::query(
            "SELECT c.id, c.email, c.first_name, c.last_name, c.phone, c.roles FROM sessions s \
             JOIN customers c ON c.id = s.customer_id WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(token_hash(&token))
        .bind(spa_platform::now_ms())
        .fetch_optional(self.db.pool())
        .await
        .map_err(errors::db)?
        .ok_or_else(not_logged_in)?;
        let get = |c: &str| row.try_get::<String, _>(c).map_err(errors::internal);
        Ok(Response::new(Customer {
            id: get("id")?,
            email: get("email")?,
            first_name: get("first_name")?,
            last_name: get("last_name")?,
            phone: get("phone")?,
            roles: get("roles")?.split(',').filter(|r| !r.is_empty()).map(str::to_owned).collect(),
        }))
    }
}
