//! The content service: CMS pages and blocks, the newsletter, contact and
//! product questions, the poll, weather, and the e-mails that events call
//! for.
//!
//! - [`newsletter`] — sign-up rules, confirmation and unsubscribe.
//! - [`pages`] — pages by path, blocks, the sanitizer, revisions.
//! - [`questions`] — product questions and their e-mails.
//! - [`poll`] — the vote pop-up's poll, one vote per visitor.
//! - [`weather`] — the weather at the guesthouse, cached.
//! - [`paid`] — the payment and gift voucher e-mails.
//! - [`account`] — the verification and password reset e-mails.
//! - [`order`] — the order summary with its booking code.
//! - [`mail`] — queueing an event's e-mail once.
//! - [`delivery`] — sending the queue: SMTP or `.eml` files, each mail once.
//! - [`grpc`] — `spa.content.v1.ContentService`.

pub mod account;
pub mod cancelled;
pub mod delivery;
pub mod grpc;
pub mod mail;
pub mod newsletter;
pub mod order;
pub mod pages;
pub mod paid;
pub mod poll;
pub mod questions;
pub mod weather;

use spa_platform::runtime::{Infra, Started};
use tokio::net::TcpListener;

pub const NAME: &str = "content";
pub const DEFAULT_PORT: u16 = 50055;

pub async fn start(infra: Infra, listener: TcpListener) -> anyhow::Result<Started> {
    infra.db.migrate(sqlx::migrate!()).await?;
    pages::load_if_empty(&infra.db).await?;

    let links = mail::Links::from_env();
    let mailer = delivery::Mailer::from_env(infra.data_dir.clone())?;
    tracing::info!(mailer = %mailer.describe(), "e-mails are delivered");
    // Each consumer queues its e-mail and wakes the sender.
    macro_rules! mail_consumer {
        ($name:expr, $queue:path) => {{
            let (db, to, m) = (infra.db.clone(), links.clone(), mailer.clone());
            infra
                .consume($name, move |event| {
                    let (db, to, m) = (db.clone(), to.clone(), m.clone());
                    async move {
                        $queue(&db, &to, event).await?;
                        m.wake();
                        Ok(())
                    }
                })
                .await?;
        }};
    }
    mail_consumer!(newsletter::MAILER, newsletter::queue_confirmation_mail);
    mail_consumer!(account::VERIFICATION_MAILER, account::queue_verification_mail);
    mail_consumer!(account::RESET_MAILER, account::queue_reset_mail);
    mail_consumer!(order::MAILER, order::queue_order_mail);
    mail_consumer!(paid::PAID_MAILER, paid::queue_paid_mail);
    mail_consumer!(paid::VOUCHER_MAILER, paid::queue_voucher_mail);
    mail_consumer!(cancelled::MAILER, cancelled::queue_cancelled_mail);
    let guesthouse = infra.setting("GUESTHOUSE_EMAIL").unwrap_or_else(|| "recepcja@spa.localhost".into());
    anyhow::ensure!(spa_platform::email::is_valid(&guesthouse), "GUESTHOUSE_EMAIL is not an e-mail address");
    {
        let (db, m) = (infra.db.clone(), mailer.clone());
        infra
            .consume(questions::MAILER, move |event| {
                let (db, m, to) = (db.clone(), m.clone(), guesthouse.clone());
                async move {
                    questions::queue_question_mails(&db, &to, event).await?;
                    m.wake();
                    Ok(())
                }
            })
            .await?;
    }
    mailer.spawn(infra.db.clone(), infra.shutdown.clone());
    let weather = weather::WeatherService::from_settings(|name| infra.setting(name))?;
    tracing::info!(weather = %weather.describe(), "the weather is asked");
    infra.spawn_relay();

    let addr = listener.local_addr()?;
    let service = grpc::ContentGrpc::new(infra.db.clone(), infra.outbox.clone(), weather);
    let routes = tonic::service::Routes::new(spa_proto::spa::content::v1::content_service_server::ContentServiceServer::new(service));
    let task = tokio::spawn(spa_platform::grpc::serve(NAME, listener, routes, infra.shutdown.clone()));
    Ok(Started { addr, task })
}
