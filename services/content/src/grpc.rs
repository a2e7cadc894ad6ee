//! `spa.content.v1.ContentService`: decodes a request, calls the feature
//! that answers it, encodes the answer. Errors are `ContentError`s.

use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_proto::spa::content::v1::content_service_server::ContentService;
use spa_proto::spa::content::v1::{
    AskProductQuestionResponse, Block, BlockHistory, GetBlockRequest, GetMailStatusRequest, GetPageRequest, GetPollRequest,
    GetWeatherRequest, ListOrderMailsRequest, MailStatus, NewsletterTokenRequest, NewsletterTokenResponse, OrderMail, OrderMails, Page,
    Poll, ProductQuestion, RestoreBlockRequest, Revision, SaveBlockRequest, SendTestMailRequest, SubscribeNewsletterRequest,
    SubscribeNewsletterResponse, VoteRequest, Weather,
};
use tonic::{Request, Response, Status};

use crate::domain::pages as page_rules;
use crate::error::ContentError;
use crate::weather::WeatherService;
use crate::{newsletter, pages, poll, questions};

pub struct ContentGrpc {
    db: Db,
    outbox: Outbox,
    weather: WeatherService,
    mailer: crate::mail::delivery::Mailer,
}

impl ContentGrpc {
    pub fn new(db: Db, outbox: Outbox, weather: WeatherService, mailer: crate::mail::delivery::Mailer) -> Self {
        Self { db, outbox, weather, mailer }
    }

    async fn mail_status(&self) -> Result<MailStatus, ContentError> {
        let tests = crate::mail::store::test_mails(&self.db, 5).await?;
        Ok(MailStatus { smtp: self.mailer.smtp(), sender: self.mailer.sender(), tests: tests.into_iter().map(order_mail).collect() })
    }
}

fn order_mail(m: crate::mail::store::OrderMail) -> OrderMail {
    OrderMail {
        recipient: m.recipient,
        subject: m.subject,
        queued_at_ms: m.queued_at,
        sent_at_ms: m.sent_at.unwrap_or(0),
        attempts: u32::try_from(m.attempts).unwrap_or(u32::MAX),
        last_error: m.last_error.unwrap_or_default(),
    }
}

#[tonic::async_trait]
impl ContentService for ContentGrpc {
    async fn subscribe_newsletter(
        &self,
        request: Request<SubscribeNewsletterRequest>,
    ) -> Result<Response<SubscribeNewsletterResponse>, Status> {
        let r = request.into_inner();
        newsletter::subscribe(&self.db, &self.outbox, &r.email, &r.locale).await?;
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

    async fn confirm_newsletter(&self, request: Request<NewsletterTokenRequest>) -> Result<Response<NewsletterTokenResponse>, Status> {
        newsletter::confirm(&self.db, &request.into_inner().token).await?;
        Ok(Response::new(NewsletterTokenResponse {}))
    }

    async fn unsubscribe_newsletter(&self, request: Request<NewsletterTokenRequest>) -> Result<Response<NewsletterTokenResponse>, Status> {
        newsletter::unsubscribe(&self.db, &request.into_inner().token).await?;
        Ok(Response::new(NewsletterTokenResponse {}))
    }

    async fn ask_product_question(&self, request: Request<ProductQuestion>) -> Result<Response<AskProductQuestionResponse>, Status> {
        let id = questions::ask(&self.db, &self.outbox, request.into_inner()).await?;
        Ok(Response::new(AskProductQuestionResponse { id }))
    }

    async fn get_poll(&self, request: Request<GetPollRequest>) -> Result<Response<Poll>, Status> {
        let r = request.into_inner();
        Ok(Response::new(poll::get(&self.db, &r.locale, &r.visitor).await?))
    }

    async fn vote(&self, request: Request<VoteRequest>) -> Result<Response<Poll>, Status> {
        let r = request.into_inner();
        Ok(Response::new(poll::vote(&self.db, &r.locale, &r.visitor, &r.option).await?))
    }

    async fn get_weather(&self, _request: Request<GetWeatherRequest>) -> Result<Response<Weather>, Status> {
        Ok(Response::new(self.weather.now().await?))
    }

    async fn list_order_mails(&self, request: Request<ListOrderMailsRequest>) -> Result<Response<OrderMails>, Status> {
        let code = request.into_inner().booking_code.trim().to_uppercase();
        let mails = crate::mail::store::order_mails(&self.db, &code).await.map_err(ContentError::from)?;
        Ok(Response::new(OrderMails { mails: mails.into_iter().map(order_mail).collect() }))
    }

    async fn get_mail_status(&self, _: Request<GetMailStatusRequest>) -> Result<Response<MailStatus>, Status> {
        Ok(Response::new(self.mail_status().await?))
    }

    async fn send_test_mail(&self, request: Request<SendTestMailRequest>) -> Result<Response<MailStatus>, Status> {
        let r = request.into_inner();
        let recipient = r.recipient.trim();
        if !spa_platform::email::is_valid(recipient) {
            return Err(crate::error::ContentError::InvalidRecipient.into());
        }
        let mail = crate::domain::mail::test_mail(recipient, &r.locale, &r.staff);
        let id = uuid::Uuid::new_v4().simple().to_string();
        let mut tx = self.db.begin().await.map_err(ContentError::from)?;
        let now = tx.now_ms();
        crate::mail::store::insert_test(&mut tx, &id, mail, now).await.map_err(ContentError::from)?;
        tx.commit().await.map_err(ContentError::from)?;
        self.mailer.wake();
        Ok(Response::new(self.mail_status().await?))
    }
}

fn block_message(b: page_rules::Block) -> Block {
    Block { id: b.id, html: b.html, revision: b.revision }
}

fn history_message(h: page_rules::History) -> BlockHistory {
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
