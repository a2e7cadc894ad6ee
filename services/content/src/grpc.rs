//! `spa.content.v1.ContentService`: decodes a request, calls the feature
//! that answers it, encodes the answer. Errors are `ContentError`s.

use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_proto::spa::content::v1::content_service_server::ContentService;
use spa_proto::spa::content::v1::{
    AddSlideRequest, AskProductQuestionResponse, Block, BlockHistory, Desk, GetBlockRequest, GetGuesthouseRequest, GetMailStatusRequest,
    GetPageRequest, GetPollRequest, GetWeatherRequest, Guesthouse, GuesthousePhone, ListOrderMailsRequest, MailStatus,
    NewsletterTokenRequest, NewsletterTokenResponse, OpeningHours, OrderMail, OrderMails, Page, PageAlternate, Poll, ProductQuestion,
    RemoveSlideRequest, RemoveSlideResponse, RestoreBlockRequest, Revision, SaveBlockRequest, SendTestMailRequest, SetGuesthouseRequest,
    SubscribeNewsletterRequest, SubscribeNewsletterResponse, Texts, VoteRequest, Weather,
};
use tonic::{Request, Response, Status};

use crate::domain::pages as page_rules;
use crate::domain::settings as rules;
use crate::error::ContentError;
use crate::settings::{Settings, Stamped};
use crate::weather::WeatherService;
use crate::{newsletter, pages, poll, questions};

pub struct ContentGrpc {
    db: Db,
    outbox: Outbox,
    weather: WeatherService,
    mailer: crate::mail::delivery::Mailer,
    settings: std::sync::Arc<Settings>,
}

impl ContentGrpc {
    pub fn new(
        db: Db,
        outbox: Outbox,
        weather: WeatherService,
        mailer: crate::mail::delivery::Mailer,
        settings: std::sync::Arc<Settings>,
    ) -> Self {
        Self { db, outbox, weather, mailer, settings }
    }

    async fn mail_status(&self) -> Result<MailStatus, ContentError> {
        let tests = crate::mail::store::test_mails(&self.db, 5).await?;
        Ok(MailStatus {
            smtp: self.mailer.smtp(),
            sender: self.mailer.sender().await.to_string(),
            tests: tests.into_iter().map(order_mail).collect(),
        })
    }
}

fn texts_message(t: &rules::Texts) -> Texts {
    Texts { pl: t.pl.clone(), de: t.de.clone(), en_gb: t.en_gb.clone() }
}

fn texts(t: Option<Texts>) -> rules::Texts {
    t.map(|t| rules::Texts { pl: t.pl, de: t.de, en_gb: t.en_gb }).unwrap_or_default()
}

fn hours_messages(hours: &[rules::Hours]) -> Vec<OpeningHours> {
    hours.iter().map(|h| OpeningHours { days: Some(texts_message(&h.days)), from: h.from.clone(), to: h.to.clone() }).collect()
}

fn desk_message(d: &rules::Desk) -> Desk {
    Desk {
        place: Some(texts_message(&d.place)),
        phone: d.phone.clone(),
        email: d.email.clone(),
        hours: hours_messages(&d.hours),
        note: Some(texts_message(&d.note)),
    }
}

fn desk(d: Option<Desk>) -> rules::Desk {
    let d = d.unwrap_or_default();
    rules::Desk {
        place: texts(d.place),
        phone: d.phone,
        email: d.email,
        hours: d.hours.into_iter().map(|h| rules::Hours { days: texts(h.days), from: h.from, to: h.to }).collect(),
        note: texts(d.note),
    }
}

fn guesthouse_message(s: &Stamped) -> Guesthouse {
    let d = &s.value;
    Guesthouse {
        name: d.name.clone(),
        street: d.street.clone(),
        postcode: d.postcode.clone(),
        city: d.city.clone(),
        country: Some(texts_message(&d.country)),
        phones: d.phones.iter().map(|p| GuesthousePhone { label: Some(texts_message(&p.label)), number: p.number.clone() }).collect(),
        reception: Some(desk_message(&d.reception)),
        office: Some(desk_message(&d.office)),
        latitude: d.latitude,
        longitude: d.longitude,
        updated_at_ms: s.updated_at,
        updated_by: s.updated_by.clone(),
    }
}

fn guesthouse(g: Guesthouse) -> rules::GuesthouseDetails {
    rules::GuesthouseDetails {
        name: g.name,
        street: g.street,
        postcode: g.postcode,
        city: g.city,
        country: texts(g.country),
        phones: g.phones.into_iter().map(|p| rules::Phone { label: texts(p.label), number: p.number }).collect(),
        reception: desk(g.reception),
        office: desk(g.office),
        latitude: g.latitude,
        longitude: g.longitude,
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
            alternates: p.alternates.into_iter().map(|(locale, url)| PageAlternate { locale, url }).collect(),
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

    async fn add_slide(&self, request: Request<AddSlideRequest>) -> Result<Response<BlockHistory>, Status> {
        let r = request.into_inner();
        Ok(Response::new(history_message(pages::add_slide(&self.db, &self.outbox, &r.locale, &r.html, &r.editor_id).await?)))
    }

    async fn remove_slide(&self, request: Request<RemoveSlideRequest>) -> Result<Response<RemoveSlideResponse>, Status> {
        let r = request.into_inner();
        pages::remove_slide(&self.db, &self.outbox, &r.id, &r.editor_id).await?;
        Ok(Response::new(RemoveSlideResponse {}))
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

    async fn get_guesthouse(&self, _request: Request<GetGuesthouseRequest>) -> Result<Response<Guesthouse>, Status> {
        Ok(Response::new(guesthouse_message(&*self.settings.guesthouse().await?)))
    }

    async fn set_guesthouse(&self, request: Request<SetGuesthouseRequest>) -> Result<Response<Guesthouse>, Status> {
        let r = request.into_inner();
        let details = guesthouse(r.guesthouse.unwrap_or_default());
        Ok(Response::new(guesthouse_message(&*self.settings.set_guesthouse(details, &r.staff).await?)))
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
