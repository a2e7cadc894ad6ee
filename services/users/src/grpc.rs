//! `spa.users.v1.UsersService`: decode a request, call the domain and the
//! store, encode the answer.

use spa_platform::db::Db;
use spa_platform::outbox::Outbox;
use spa_proto::spa::users::v1::users_service_server::UsersService;
use spa_proto::spa::users::v1::{
    ChangePasswordRequest, ChangePasswordResponse, Customer, GetMeRequest, LoginRequest, LoginWithIdentityRequest, LogoutRequest,
    LogoutResponse, RegisterRequest, RequestPasswordResetRequest, RequestPasswordResetResponse, RequestVerificationRequest,
    RequestVerificationResponse, ResetPasswordRequest, ResetPasswordResponse, Session, UpdateProfileRequest, VerifyAccountRequest,
};
use spa_proto::spa::users::v1::{InviteStaffRequest, ListStaffRequest, StaffList, StaffMember, UpdateStaffRequest};
use tonic::{Request, Response, Status};

use crate::domain::session::{self, Liveness};
use crate::domain::{self, INVITATION_TTL, LOGIN_WINDOW, LinkPurpose, Role, account, token_hash};
use crate::error::UsersError;
use crate::events::LinkRequested;
use crate::password;
use crate::store::{self, Credentials, CustomerRow, NewCustomer, StaffRow};

pub struct UsersGrpc {
    db: Db,
    outbox: Outbox,
}

impl UsersGrpc {
    pub fn new(db: Db, outbox: Outbox) -> Self {
        Self { db, outbox }
    }

    /// Counts a login attempt against each of its counters; refused while
    /// one of them is locked.
    async fn count_attempt(&self, throttles: &[domain::Throttle], now: i64) -> Result<(), UsersError> {
        let mut locked = false;
        for throttle in throttles {
            let count = store::count_login_attempt(&self.db, throttle, now, LOGIN_WINDOW.as_millis() as i64).await?;
            locked |= throttle.locks(count.attempts, count.window_start, now);
        }
        if locked { Err(UsersError::LoginLocked) } else { Ok(()) }
    }

    /// The customer of a live session.
    async fn logged_in(&self, token: &str) -> Result<CustomerRow, UsersError> {
        if !session::token_shaped(token) {
            return Err(UsersError::NotLoggedIn);
        }
        store::customer_of_session(&self.db, &token_hash(token), Liveness::at(self.db.now_ms())).await?.ok_or(UsersError::NotLoggedIn)
    }

    /// A single-use link of `purpose` for the customer of `email`, if
    /// there is one, announced for the mailer.
    async fn send_link(&self, email: &str, locale: &str, purpose: LinkPurpose) -> Result<(), UsersError> {
        let (token, now) = (domain::new_token(), self.db.now_ms());
        let link = store::Link { token_hash: &token_hash(&token), purpose, expires_at: purpose.expires_at(now) };
        let announce = LinkRequested::new(purpose, email, &token, locale);
        let made = store::issue_link(&self.db, &self.outbox, email, link, now, &announce).await?;
        tracing::debug!(made, purpose = purpose.code(), "link requested");
        Ok(())
    }
}

fn customer_message(c: CustomerRow) -> Customer {
    Customer {
        id: c.id,
        email: c.email,
        first_name: c.first_name,
        last_name: c.last_name,
        phone: c.phone,
        roles: c.roles.into_iter().map(Role::wire).collect(),
        email_verified: c.verified,
    }
}

fn staff_message(s: StaffRow) -> StaffMember {
    let role = Role::staff_of(&s.customer.roles).map_or(0, Role::wire);
    let c = s.customer;
    StaffMember { id: c.id, email: c.email, first_name: c.first_name, last_name: c.last_name, role, active: s.active, invited: s.invited }
}

/// A fresh token for `customer`, valid until `expires_at_ms`.
fn session(token: String, expires_at_ms: i64, customer: CustomerRow) -> Session {
    Session { token, expires_at_ms, customer: Some(customer_message(customer)) }
}

#[tonic::async_trait]
impl UsersService for UsersGrpc {
    async fn get_me(&self, request: Request<GetMeRequest>) -> Result<Response<Customer>, Status> {
        Ok(Response::new(customer_message(self.logged_in(&request.into_inner().session_token).await?)))
    }

    async fn register(&self, request: Request<RegisterRequest>) -> Result<Response<Session>, Status> {
        let r = request.into_inner();
        let email = domain::email(&r.email)?;
        domain::check_password(&r.password, &email)?;
        let (first_name, last_name) = (domain::name("firstName", &r.first_name)?, domain::name("lastName", &r.last_name)?);
        let phone = domain::phone(&r.phone)?;
        let password_hash = password::hash(r.password).await?;
        let id = uuid::Uuid::new_v4().simple().to_string();
        let (token, now) = (domain::new_token(), self.db.now_ms());
        let expires_at = session::expires_at(now);
        let locale = account::locale(&r.locale);
        let new = NewCustomer {
            id: &id,
            email: &email,
            password_hash: &password_hash,
            first_name: &first_name,
            last_name: &last_name,
            phone: &phone,
            locale,
        };
        store::register(&self.db, &self.outbox, new, &token_hash(&token), expires_at, now).await?;
        // The verification e-mail follows at once; should it fail, the
        // customer asks for it again (POST /verify-account).
        if let Err(e) = self.send_link(&email, locale, LinkPurpose::Verify).await {
            tracing::warn!(error = %e, "verification e-mail not requested at registration");
        }
        let customer = CustomerRow { id, email, first_name, last_name, phone, roles: vec![Role::Customer], verified: false };
        Ok(Response::new(session(token, expires_at, customer)))
    }

    async fn login(&self, request: Request<LoginRequest>) -> Result<Response<Session>, Status> {
        let r = request.into_inner();
        // A malformed e-mail is answered like a wrong one: the same words, the same cost.
        let email = domain::email(&r.email).unwrap_or_default();
        let now = self.db.now_ms();
        // The attempt counts before the password is checked: of parallel
        // attempts, only the first MAX_LOGIN_FAILURES are checked at all.
        let throttles = domain::throttles(&email, r.client.trim());
        if !email.is_empty() {
            self.count_attempt(&throttles, now).await?;
        }
        let found = if email.is_empty() { None } else { store::credentials(&self.db, &email).await? };
        let (customer, stored) = match found {
            Some(Credentials { customer, password_hash }) => (Some(customer), password_hash),
            None => (None, None),
        };
        let matches = password::verify(r.password, stored).await?;
        let Some(customer) = customer.filter(|_| matches) else {
            return Err(UsersError::InvalidCredentials.into());
        };
        store::clear_login_failures(&self.db, &throttles).await?;
        let token = domain::new_token();
        let expires_at = session::expires_at(now);
        let replaces = session::replaced(&r.previous_session_token);
        store::create_session(&self.db, &token_hash(&token), &customer.id, expires_at, now, replaces.as_deref()).await?;
        Ok(Response::new(session(token, expires_at, customer)))
    }

    async fn logout(&self, request: Request<LogoutRequest>) -> Result<Response<LogoutResponse>, Status> {
        let token = request.into_inner().session_token;
        if session::token_shaped(&token) {
            store::delete_session(&self.db, &token_hash(&token)).await?;
        }
        Ok(Response::new(LogoutResponse {}))
    }

    async fn request_verification(
        &self,
        request: Request<RequestVerificationRequest>,
    ) -> Result<Response<RequestVerificationResponse>, Status> {
        let r = request.into_inner();
        let email = domain::email(&r.email)?;
        self.send_link(&email, account::locale(&r.locale), LinkPurpose::Verify).await?;
        Ok(Response::new(RequestVerificationResponse {}))
    }

    async fn verify_account(&self, request: Request<VerifyAccountRequest>) -> Result<Response<Customer>, Status> {
        let token = request.into_inner().token;
        if !session::token_shaped(&token) {
            return Err(UsersError::InvalidLink.into());
        }
        let customer = store::verify(&self.db, &self.outbox, &token_hash(&token), self.db.now_ms()).await?;
        Ok(Response::new(customer_message(customer)))
    }

    async fn update_profile(&self, request: Request<UpdateProfileRequest>) -> Result<Response<Customer>, Status> {
        let r = request.into_inner();
        let customer = self.logged_in(&r.session_token).await?;
        let (first_name, last_name) = (domain::name("firstName", &r.first_name)?, domain::name("lastName", &r.last_name)?);
        let phone = domain::phone(&r.phone)?;
        store::update_profile(&self.db, &customer.id, &first_name, &last_name, &phone).await?;
        Ok(Response::new(customer_message(CustomerRow { first_name, last_name, phone, ..customer })))
    }

    async fn change_password(&self, request: Request<ChangePasswordRequest>) -> Result<Response<ChangePasswordResponse>, Status> {
        let r = request.into_inner();
        let customer = self.logged_in(&r.session_token).await?;
        domain::check_password(&r.new_password, &customer.email)?;
        let stored = store::password_hash(&self.db, &customer.id).await?;
        // A wrong current password counts like a failed login: a stolen
        // session cannot guess it without limit.
        let now = self.db.now_ms();
        let throttles = domain::throttles(&customer.email, r.client.trim());
        self.count_attempt(&throttles, now).await?;
        if !password::verify(r.current_password, stored).await? {
            return Err(UsersError::WrongCurrentPassword.into());
        }
        store::clear_login_failures(&self.db, &throttles).await?;
        let hash = password::hash(r.new_password).await?;
        store::change_password(&self.db, &customer.id, &hash, &token_hash(&r.session_token)).await?;
        Ok(Response::new(ChangePasswordResponse {}))
    }

    async fn request_password_reset(
        &self,
        request: Request<RequestPasswordResetRequest>,
    ) -> Result<Response<RequestPasswordResetResponse>, Status> {
        let r = request.into_inner();
        let email = domain::email(&r.email)?;
        self.send_link(&email, account::locale(&r.locale), LinkPurpose::Reset).await?;
        Ok(Response::new(RequestPasswordResetResponse {}))
    }

    async fn reset_password(&self, request: Request<ResetPasswordRequest>) -> Result<Response<ResetPasswordResponse>, Status> {
        let r = request.into_inner();
        if !session::token_shaped(&r.token) {
            return Err(UsersError::InvalidLink.into());
        }
        let hash = token_hash(&r.token);
        let customer = store::link_customer(&self.db, LinkPurpose::Reset, &hash, self.db.now_ms()).await?;
        domain::check_password(&r.new_password, &customer.email)?;
        let password_hash = password::hash(r.new_password).await?;
        store::reset_password(&self.db, &hash, &password_hash, self.db.now_ms()).await?;
        Ok(Response::new(ResetPasswordResponse {}))
    }

    async fn login_with_identity(&self, request: Request<LoginWithIdentityRequest>) -> Result<Response<Session>, Status> {
        let r = request.into_inner();
        let provider = account::check_identity(account::IdentityProvider::from_wire(r.provider), &r.subject)?;
        let email = domain::email(&r.email)?;
        let (first_name, last_name) = domain::identity_names(&r.first_name, &r.last_name, &email);
        let (token, now) = (domain::new_token(), self.db.now_ms());
        let expires_at = session::expires_at(now);
        let replaces = session::replaced(&r.previous_session_token);
        let new_id = uuid::Uuid::new_v4().simple().to_string();
        let identity = store::Identity {
            provider: provider.code(),
            subject: &r.subject,
            email: &email,
            first_name: &first_name,
            last_name: &last_name,
            locale: account::locale(&r.locale),
            new_id: &new_id,
        };
        let customer =
            store::login_with_identity(&self.db, &self.outbox, identity, &token_hash(&token), expires_at, now, replaces.as_deref()).await?;
        Ok(Response::new(session(token, expires_at, customer)))
    }

    async fn list_staff(&self, _request: Request<ListStaffRequest>) -> Result<Response<StaffList>, Status> {
        let members = store::list_staff(&self.db).await?;
        Ok(Response::new(StaffList { members: members.into_iter().map(staff_message).collect() }))
    }

    async fn invite_staff(&self, request: Request<InviteStaffRequest>) -> Result<Response<StaffMember>, Status> {
        let r = request.into_inner();
        let email = domain::email(&r.email)?;
        let role = Role::staff_role(Role::from_wire(r.role))?;
        let (token, now) = (domain::new_token(), self.db.now_ms());
        let link = store::Link {
            token_hash: &token_hash(&token),
            purpose: LinkPurpose::Reset,
            expires_at: now + INVITATION_TTL.as_millis() as i64,
        };
        let mut announce = LinkRequested::new(LinkPurpose::Reset, &email, &token, account::locale(&r.locale));
        if let LinkRequested::Reset(e) = &mut announce {
            e.staff_role = role.code().to_owned();
        }
        let new_id = uuid::Uuid::new_v4().simple().to_string();
        let invitation = store::Invitation { new_id: &new_id, email: &email, role, link, announce: &announce };
        let id = store::invite_staff(&self.db, &self.outbox, invitation, now).await?;
        tracing::info!(%email, role = role.code(), by = %r.by, "staff member invited");
        Ok(Response::new(staff_message(store::staff_member(&self.db, &id).await?)))
    }

    async fn update_staff(&self, request: Request<UpdateStaffRequest>) -> Result<Response<StaffMember>, Status> {
        let r = request.into_inner();
        let role = match Role::from_wire(r.role) {
            None if r.role == 0 => None,
            role => Some(Role::staff_role(role)?),
        };
        store::update_staff(&self.db, &r.id, role, r.active, self.db.now_ms()).await?;
        tracing::info!(staff = %r.id, role = ?role.map(Role::code), active = ?r.active, by = %r.by, "staff member changed");
        Ok(Response::new(staff_message(store::staff_member(&self.db, &r.id).await?)))
    }
}
