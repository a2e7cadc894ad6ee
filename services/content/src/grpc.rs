//! `spa.content.v1.ContentService`.

use rand::RngCore;
use spa_platform::db::{Db, is_unique_violation};
use spa_platform::errors;
use spa_platform::outbox::Outbox;
use spa_proto::events::NewsletterSubscribed;
use spa_proto::spa::content::v1::content_service_server::ContentService;
use spa_proto::spa::content::v1::{
    Block, BlockHistory, GetBlockRequest, GetPageRequest, Page, RestoreBlockRequest, Revision, SaveBlockRequest,
    SubscribeNewsletterRequest, SubscribeNewsletterResponse,
};

use crate::pages;
use tonic::{Code, Request, Response, Status};

pub struct ContentGrpc {
    db: Db,
    outbox: Outbox,
}

impl ContentGrpc {
    pub fn new(db: Db, outbox: Outbox) -> Self {
        Self { db, outbox }
    }
}

fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn already_subscribed() -> Status {
    errors::with_details(Code::AlreadyExists, "newsletter_exists", "This address already exists.", &[("email", "already subscribed")])
}

#[tonic::async_trait]
impl ContentService for ContentGrpc {
    async fn subscribe_newsletter(
        &self,
        request: Request<SubscribeNewsletterRequest>,
    ) -> Result<Response<SubscribeNewsletterResponse>, Status> {
        let req = request.into_inner();
        let email = req.email.trim().to_lowercase();
        if email.is_empty() {
            return Err(errors::invalid("invalid_email", "e-mail is required", &[("email", "required")]));
        }
        if !spa_platform::email::is_valid(&email) {
            return Err(errors::invalid("invalid_email", "e-mail is not valid", &[("email", "not a valid e-mail address")]));
        }
        let locale = if ["pl", "de", "en_GB"].contains(&req.locale.as_str()) { req.locale } else { "pl".to_owned() };
        let token = random_token();
        let mut tx = self.db.begin().await.map_err(errors::db)?;
        let inserted = sqlx::query(
            "INSERT INTO newsletter_subscribers (email, locale, status, confirmation_token, created_at) VALUES ($1, $2, 'pending', $3, $4) \
             ON CONFLICT (email) DO NOTHING",
        )
        .bind(&email)
        .bind(&locale)
        .bind(&token)
        .bind(spa_platform::now_ms())
        .execute(&mut *tx)
        .await;
        match inserted {
            Ok(r) if r.rows_affected() == 0 => return Err(already_subscribed()),
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => return Err(already_subscribed()),
            Err(e) => return Err(errors::db(e)),
        }
        let event = NewsletterSubscribed { email, locale, confirmation_token: token };
        self.outbox.add(&mut tx, &event).await.map_err(errors::db)?;
        tx.commit().await.map_err(errors::db)?;
        self.outbox.wake();
        Ok(Response::new(SubscribeNewsletterResponse {}))
    }

    async fn get_page(&self, request: Request<GetPageRequest>) -> Result<Response<Page>, Status> {
        let r = request.into_inner();
        let p = pages::page(&self.db, &r.url, &r.locale).await?;
        Ok(Response::new(Page {
            url: p.url,
            locale: p.locale,
            name: p.name,
            title: p.title,
            description: p.description,
            blocks: p.blocks.into_iter().map(block_message).collect(),
        }))
    }

    async fn get_block(&self, request: Request<GetBlockRequest>) -> Result<Response<BlockHistory>, Status> {
        let r = request.into_inner();
        Ok(Response::new(history_message(pages::history(&self.db, &r.id, &r.locale).await?)))
    }

    async fn save_block(&self, request: Request<SaveBlockRequest>) -> Result<Response<BlockHistory>, Status> {
        let r = request.into_inner();
        let h = pages::save(&self.db, &self.outbox, &r.id, &r.locale, &r.html, &r.editor_id, r.expected_revision).await?;
        Ok(Response::new(history_message(h)))
    }

    async fn restore_block(&self, request: Request<RestoreBlockRequest>) -> Result<Response<BlockHistory>, Status> {
        let r = request.into_inner();
        Ok(Response::new(history_message(pages::restore(&self.db, &self.outbox, &r.id, &r.locale, r.revision, &r.editor_id).await?)))
    }
}

fn block_message(b: pages::Block) -> Block {
    Block { id: b.id, html: b.html, revision: b.revision }
}

fn history_message(h: pages::History) -> BlockHistory {
    BlockHistory {
        block: Some(block_message(h.block)),
        page_url: h.page_url,
        revisions: h
            .revisions
            .into_iter()
            .map(|r| Revision { revision: r.revision, editor_id: r.editor_id, created_at_ms: r.created_at, html: r.html })
            .collect(),
    }
}
