//! The users service alone: started on port 0 over SQLite with the
//! in-process bus and cache, on a clock the tests move. Accounts and
//! sessions need no peer.

use std::time::Duration;

use spa_platform::clock::Clock;
use spa_platform::testkit::Alone;
use spa_proto::spa::users::v1::users_service_client::UsersServiceClient;
use spa_proto::spa::users::v1::{GetMeRequest, LoginRequest, LogoutRequest, RegisterRequest};
use tonic::transport::Channel;

const EMAIL: &str = "ewa@example.pl";
const PASSWORD: &str = "Zielona-Herbata-7";

struct Service {
    client: UsersServiceClient<Channel>,
    clock: Clock,
    _alone: Alone,
}

impl Service {
    async fn start() -> Self {
        let alone = Alone::new().await;
        let (infra, listener) = alone.infra("users", |_| {}).await;
        let clock = infra.db.clock().clone();
        let started = spa_users::start(infra, listener).await.unwrap();
        let client = UsersServiceClient::connect(started.url.clone()).await.unwrap();
        Self { client, clock, _alone: alone }
    }

    /// Registers Ewa; her first session's token.
    async fn register(&self) -> String {
        let request = RegisterRequest {
            email: EMAIL.into(),
            password: PASSWORD.into(),
            first_name: "Ewa".into(),
            last_name: "Nowak".into(),
            locale: "pl".into(),
            ..Default::default()
        };
        self.client.clone().register(request).await.unwrap().into_inner().token
    }

    async fn login(&self, password: &str, client: &str) -> Result<String, tonic::Status> {
        let request = LoginRequest { email: EMAIL.into(), password: password.into(), client: client.into(), ..Default::default() };
        Ok(self.client.clone().login(request).await?.into_inner().token)
    }

    /// Whose session `token` is, or the refusal.
    async fn me(&self, token: &str) -> Result<String, tonic::Status> {
        Ok(self.client.clone().get_me(GetMeRequest { session_token: token.into() }).await?.into_inner().email)
    }
}

#[tokio::test]
async fn a_session_lasts_while_used_and_ends_after_a_week_idle_or_at_logout() {
    let s = Service::start().await;
    let token = s.register().await;
    assert_eq!(s.me(&token).await.unwrap(), EMAIL);

    // Used every six days, it stays alive past the week.
    for _ in 0..3 {
        s.clock.advance(Duration::from_secs(6 * 24 * 3600));
        assert_eq!(s.me(&token).await.unwrap(), EMAIL, "used within the week");
    }
    s.clock.advance(Duration::from_secs(7 * 24 * 3600 + 60));
    let idle = s.me(&token).await.unwrap_err();
    assert_eq!(idle.code(), tonic::Code::NotFound, "idle for a week: {idle:?}");

    let token = s.login(PASSWORD, "10.0.0.1").await.unwrap();
    assert_eq!(s.me(&token).await.unwrap(), EMAIL);
    s.client.clone().logout(LogoutRequest { session_token: token.clone() }).await.unwrap();
    assert_eq!(s.me(&token).await.unwrap_err().code(), tonic::Code::NotFound, "logged out");
}

#[tokio::test]
async fn five_wrong_passwords_lock_that_client_out_for_fifteen_minutes_but_not_the_owner_elsewhere() {
    let s = Service::start().await;
    s.register().await;
    for _ in 0..5 {
        let wrong = s.login("Zielona-Herbata-8", "10.0.0.66").await.unwrap_err();
        assert_eq!(wrong.code(), tonic::Code::Unauthenticated, "{wrong:?}");
    }
    let locked = s.login(PASSWORD, "10.0.0.66").await.unwrap_err();
    assert_eq!(locked.code(), tonic::Code::ResourceExhausted, "locked whatever the password: {locked:?}");
    s.login(PASSWORD, "10.0.0.1").await.expect("the owner, from her own client");

    s.clock.advance(Duration::from_secs(15 * 60 + 1));
    s.login(PASSWORD, "10.0.0.66").await.expect("the window has passed");
}

#[tokio::test]
async fn an_address_registers_once_and_a_weak_password_is_refused_with_its_field() {
    let s = Service::start().await;
    s.register().await;
    let again = s
        .client
        .clone()
        .register(RegisterRequest {
            email: EMAIL.into(),
            password: PASSWORD.into(),
            first_name: "Ewa".into(),
            last_name: "Kowalska".into(),
            locale: "pl".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(again.code(), tonic::Code::AlreadyExists, "{again:?}");
    let weak = s
        .client
        .clone()
        .register(RegisterRequest {
            email: "jan@example.pl".into(),
            password: "short".into(),
            first_name: "Jan".into(),
            last_name: "Nowak".into(),
            locale: "pl".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(weak.code(), tonic::Code::InvalidArgument, "{weak:?}");
    assert!(weak.message().contains("password"), "names the password: {weak:?}");
}
