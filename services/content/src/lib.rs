//! The content service: CMS pages and blocks, the newsletter, contact and
//! product questions, weather, and the e-mails that events call for. This
//! first cut runs the newsletter sign-up with its double opt-in e-mail and
//! the account verification e-mail.
//!
//! - [`newsletter`] — sign-up rules and the confirmation e-mail.
//! - [`account`] — the verification e-mail of a customer's account.
//! - [`mail`] — queueing an event's e-mail once.
//! - [`grpc`] — `spa.content.v1.ContentService`.

pub mod account;
pub mod grpc;
pub mod mail;
pub mod newsletter;

use spa_platform::runtime::{Infra, Started};
use tokio::net::TcpListener;

pub const NAME: &str = "content";
pub const DEFAULT_PORT: u16 = 50055;

pub async fn start(infra: Infra, listener: TcpListener) -> anyhow::Result<Started> {
    infra.db.migrate(sqlx::migrate!()).await?;

    let links = mail::Links::from_env();
    let (db, to) = (infra.db.clone(), links.clone());
    infra
        .consume(newsletter::MAILER, move |event| {
            let (db, to) = (db.clone(), to.clone());
            async move { newsletter::queue_confirmation_mail(&db, &to, event).await }
        })
        .await?;
    let (db, to) = (infra.db.clone(), links.clone());
    infra
        .consume(account::VERIFICATION_MAILER, move |event| {
            let (db, to) = (db.clone(), to.clone());
            async move { account::queue_verification_mail(&db, &to, event).await }
        })
        .await?;
    let (db, to) = (infra.db.clone(), links);
    infra
        .consume(account::RESET_MAILER, move |event| {
            let (db, to) = (db.clone(), to.clone());
            async move { account::queue_reset_mail(&db, &to, event).await }
        })
        .await?;
    infra.spawn_relay();

    let addr = listener.local_addr()?;
    let service = grpc::ContentGrpc::new(infra.db.clone(), infra.outbox.clone());
    let routes = tonic::service::Routes::new(spa_proto::spa::content::v1::content_service_server::ContentServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listener, routes, infra.shutdown.clone()));
    Ok(Started { addr, task })
}
