//! The content service: CMS pages and blocks, the newsletter, contact and
//! product questions, the poll, weather, and the e-mails that events call
//! for.
//!
//! - [`domain`] — the rules: languages, every e-mail's text, the
//!   sanitizer, the newsletter's, questions' and poll's rules.
//! - [`pages`] — pages by path, blocks, revisions (and their store).
//! - [`newsletter`] — sign-up, confirmation and unsubscribe (and their store).
//! - [`questions`] — product questions kept with their event.
//! - [`poll`] — the vote pop-up's poll, one vote per visitor.
//! - [`settings`] — the guesthouse's details as the administrators set them.
//! - [`weather`] — the weather at the guesthouse, cached.
//! - [`mail`] — queueing an event's e-mail once, and sending the queue:
//!   SMTP or `.eml` files, each mail once.
//! - [`store`] — every feature's store, by feature.
//! - [`events`] — what the service publishes and consumes.
//! - [`error`] — its one error type, mapped to gRPC once.
//! - [`grpc`] — `spa.content.v1.ContentService`.

pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod mail;
pub mod newsletter;
pub mod pages;
pub mod poll;
pub mod questions;
pub mod settings;
pub mod store;
pub mod weather;

use spa_platform::grpc::Listen;
use spa_platform::runtime::{Infra, Started};
use spa_proto::EventMessage;
use spa_proto::events::GuesthouseChanged;

pub const NAME: &str = "content";
pub const DEFAULT_PORT: u16 = 50055;

pub async fn start(infra: Infra, listen: impl Into<Listen>) -> anyhow::Result<Started> {
    let listen = listen.into();
    infra.db.migrate(sqlx::migrate!()).await?;
    pages::load_seed(&infra.db).await?;

    let hosts =
        spa_platform::hosts::parse_host_map(&spa_platform::config::var_or("LOCALE_HOSTS", spa_platform::hosts::DEFAULT_LOCALE_HOSTS))?;
    let links = domain::mail::Links::with_hosts(&spa_platform::config::var_or("PUBLIC_URL", "http://localhost:8080"), &hosts);
    let generation = spa_platform::cache::Generation::new();
    generation.follow(infra.bus.as_ref(), &[GuesthouseChanged::SUBJECT], "content-settings", infra.shutdown.clone()).await?;
    let settings = std::sync::Arc::new(settings::Settings::new(infra.db.clone(), infra.outbox.clone(), generation));
    let mailer = mail::delivery::Mailer::from_env(infra.data_dir.clone())?.with_guesthouse(settings.clone());
    tracing::info!(mailer = %mailer.describe(), "e-mails are delivered");
    let guesthouse = infra.setting("GUESTHOUSE_EMAIL").filter(|e| !e.trim().is_empty());
    anyhow::ensure!(guesthouse.as_deref().is_none_or(spa_platform::email::is_valid), "GUESTHOUSE_EMAIL is not an e-mail address");
    let locale = infra.setting("GUESTHOUSE_LOCALE").unwrap_or_else(|| "pl".into());
    let locale =
        spa_platform::locale::Locale::parse(&locale).ok_or_else(|| anyhow::anyhow!("GUESTHOUSE_LOCALE must be pl, de or en_GB"))?;
    let senders =
        events::Senders { links: links.clone(), guesthouse_email: guesthouse, guesthouse_locale: locale, settings: settings.clone() };
    events::consume(&infra, &senders, &mailer).await?;
    mailer.clone().spawn(infra.db.clone(), infra.shutdown.clone());
    let weather = weather::WeatherService::from_settings(|name| infra.setting(name))?;
    tracing::info!(weather = %weather.describe(), "the weather is asked");
    infra.spawn_relay();

    let url = listen.url()?;
    let service = grpc::ContentGrpc::new(infra.db.clone(), infra.outbox.clone(), weather, mailer, settings);
    let routes = tonic::service::Routes::new(spa_proto::spa::content::v1::content_service_server::ContentServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listen, routes, infra.shutdown.clone()));
    Ok(Started { url, task })
}
