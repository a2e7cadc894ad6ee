//! The users' SQL.

use spa_platform::db::{Db, Tx, is_unique_violation};
use spa_platform::outbox::Outbox;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::domain::session::Liveness;
use crate::domain::{LinkPurpose, Role, Throttle};
use crate::error::UsersError;
use crate::events::{self, LinkRequested};

#[derive(Debug, Clone)]
pub struct CustomerRow {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub roles: Vec<Role>,
    /// The e-mail address was proved theirs (a link, or a provider's word).
    pub verified: bool,
}

impl CustomerRow {
    /// Whether the account works in the back office.
    pub fn is_staff(&self) -> bool {
        self.roles.iter().any(|r| r.staff())
    }
}

pub struct NewCustomer<'a> {
    pub id: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub phone: &'a str,
    pub locale: &'a str,
}

const COLUMNS: &str = "c.id, c.email, c.first_name, c.last_name, c.phone, c.roles, c.verified_at";

fn customer(row: &AnyRow) -> Result<CustomerRow, sqlx::Error> {
    let roles: String = row.try_get("roles")?;
    Ok(CustomerRow {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        first_name: row.try_get("first_name")?,
        last_name: row.try_get("last_name")?,
        phone: row.try_get("phone")?,
        roles: Role::parse_all(&roles),
        verified: row.try_get::<Option<i64>, _>("verified_at")?.is_some(),
    })
}

/// Inserts a customer with the role `customer` and a first session, and
/// announces the registration, in one transaction.
pub async fn register(
    db: &Db,
    outbox: &Outbox,
    new: NewCustomer<'_>,
    token_hash: &str,
    expires_at: i64,
    now: i64,
) -> Result<(), UsersError> {
    let mut tx = db.begin().await?;
    let customer = Customer {
        id: new.id,
        email: new.email,
        password_hash: Some(new.password_hash),
        first_name: new.first_name,
        last_name: new.last_name,
        phone: new.phone,
        verified_at: None,
    };
    insert_customer(&mut tx, &customer, now).await?;
    insert_session(&mut tx, token_hash, new.id, expires_at, now).await?;
    outbox.add(&mut tx, &events::registered(new.id, new.email, new.locale)).await?;
    tx.commit().await?;
    Ok(())
}

/// A customer's row as inserted: by registration (a password) or by a
/// provider's login (a verified e-mail, no password).
struct Customer<'a> {
    id: &'a str,
    email: &'a str,
    password_hash: Option<&'a str>,
    first_name: &'a str,
    last_name: &'a str,
    phone: &'a str,
    verified_at: Option<i64>,
}

/// Inserts a customer; [`UsersError::EmailTaken`] when the e-mail is.
async fn insert_customer(tx: &mut Tx, c: &Customer<'_>, now: i64) -> Result<(), UsersError> {
    let inserted = sqlx::query(
        "INSERT INTO customers (id, email, password_hash, first_name, last_name, phone, roles, verified_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'customer', $7, $8)",
    )
    .bind(c.id)
    .bind(c.email)
    .bind(c.password_hash)
    .bind(c.first_name)
    .bind(c.last_name)
    .bind(c.phone)
    .bind(c.verified_at)
    .bind(now)
    .execute(&mut **tx)
    .await;
    match inserted {
        Err(e) if is_unique_violation(&e) => Err(UsersError::EmailTaken),
        other => other.map(|_| ()).map_err(UsersError::from),
    }
}

async fn insert_session(
    tx: &mut spa_platform::db::Tx,
    token_hash: &str,
    customer_id: &str,
    expires_at: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO sessions (token_hash, customer_id, expires_at, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)")
        .bind(token_hash)
        .bind(customer_id)
        .bind(expires_at)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A customer and what their password is checked against.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub customer: CustomerRow,
    /// None for a customer without a password (created by a provider's login).
    pub password_hash: Option<String>,
}

/// The credentials of the customer of `email`, if there is one.
pub async fn credentials(db: &Db, email: &str) -> Result<Option<Credentials>, UsersError> {
    // A disabled account's login is refused as a wrong password would be.
    let row = sqlx::query(&format!("SELECT {COLUMNS}, c.password_hash FROM customers c WHERE c.email = $1 AND c.disabled_at IS NULL"))
        .bind(email)
        .fetch_optional(db.pool())
        .await?;
    Ok(row
        .map(|r| Ok::<_, sqlx::Error>(Credentials { customer: customer(&r)?, password_hash: r.try_get("password_hash")? }))
        .transpose()?)
}

/// A new session, in place of the browser's previous one (`replaces`, a
/// token hash) if it had one.
pub async fn create_session(
    db: &Db,
    token_hash: &str,
    customer_id: &str,
    expires_at: i64,
    now: i64,
    replaces: Option<&str>,
) -> Result<(), UsersError> {
    let mut tx = db.begin().await?;
    if let Some(old) = replaces {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(old).execute(&mut *tx).await?;
    }
    insert_session(&mut tx, token_hash, customer_id, expires_at, now).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn delete_session(db: &Db, token_hash: &str) -> Result<(), UsersError> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(db.pool()).await?;
    Ok(())
}

/// The customer of a live session: not expired, and seen after the idle
/// cutoff; an older last-seen time than the seen cutoff is refreshed.
pub async fn customer_of_session(db: &Db, token_hash: &str, live: Liveness) -> Result<Option<CustomerRow>, UsersError> {
    let Liveness { now, idle_cutoff, seen_cutoff } = live;
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS}, s.last_seen_at FROM sessions s JOIN customers c ON c.id = s.customer_id \
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3 AND c.disabled_at IS NULL"
    ))
    .bind(token_hash)
    .bind(now)
    .bind(idle_cutoff)
    .fetch_optional(db.pool())
    .await?;
    let Some(row) = row else { return Ok(None) };
    if row.try_get::<i64, _>("last_seen_at")? < seen_cutoff {
        sqlx::query("UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1").bind(token_hash).bind(now).execute(db.pool()).await?;
    }
    Ok(Some(customer(&row)?))
}

/// A single-use link: the hash kept of its token, its purpose and its end.
pub struct Link<'a> {
    pub token_hash: &'a str,
    pub purpose: LinkPurpose,
    pub expires_at: i64,
}

/// A link for the customer of `email`, announced for the mailer with
/// `announce` (the mail needs the token itself). Only a customer who is not
/// verified gets a verification link. Returns whether one was made.
pub async fn issue_link(
    db: &Db,
    outbox: &Outbox,
    email: &str,
    link: Link<'_>,
    now: i64,
    announce: &LinkRequested,
) -> Result<bool, UsersError> {
    let mut tx = db.begin().await?;
    let unverified_only = if link.purpose == LinkPurpose::Verify { " AND verified_at IS NULL" } else { "" };
    let customer: Option<String> =
        sqlx::query_scalar(&format!("SELECT id FROM customers WHERE email = $1 AND disabled_at IS NULL{unverified_only}"))
            .bind(email)
            .fetch_optional(&mut *tx)
            .await?;
    let Some(customer_id) = customer else { return Ok(false) };
    insert_link(&mut tx, &customer_id, &link, now).await?;
    announce.add_to(outbox, &mut tx).await?;
    tx.commit().await?;
    Ok(true)
}

/// Keeps `link` (its token's hash) for `customer_id`.
async fn insert_link(tx: &mut Tx, customer_id: &str, link: &Link<'_>, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO account_tokens (token_hash, customer_id, purpose, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(link.token_hash)
        .bind(customer_id)
        .bind(link.purpose.code())
        .bind(link.expires_at)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Uses a live link of `purpose` once; its customer's id.
async fn use_link(tx: &mut Tx, purpose: LinkPurpose, token_hash: &str, now: i64) -> Result<String, UsersError> {
    let customer_id: Option<String> = sqlx::query_scalar(
        "UPDATE account_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 \
         RETURNING customer_id",
    )
    .bind(token_hash)
    .bind(purpose.code())
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?;
    customer_id.ok_or(UsersError::InvalidLink)
}

/// The customer a live link of `purpose` is for, without using it.
pub async fn link_customer(db: &Db, purpose: LinkPurpose, token_hash: &str, now: i64) -> Result<CustomerRow, UsersError> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM account_tokens t JOIN customers c ON c.id = t.customer_id \
         WHERE t.token_hash = $1 AND t.purpose = $2 AND t.used_at IS NULL AND t.expires_at > $3"
    ))
    .bind(token_hash)
    .bind(purpose.code())
    .bind(now)
    .fetch_optional(db.pool())
    .await?
    .ok_or(UsersError::InvalidLink)?;
    Ok(customer(&row)?)
}

/// Uses a verification link once and marks its customer verified; the
/// first verification announces
/// `users.customer.verified` (the orders of a guest with this e-mail
/// become the customer's).
pub async fn verify(db: &Db, outbox: &Outbox, token_hash: &str, now: i64) -> Result<CustomerRow, UsersError> {
    let mut tx = db.begin().await?;
    let customer_id = use_link(&mut tx, LinkPurpose::Verify, token_hash, now).await?;
    let first = sqlx::query("UPDATE customers SET verified_at = $2 WHERE id = $1 AND verified_at IS NULL")
        .bind(&customer_id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        == 1;
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM customers c WHERE c.id = $1")).bind(&customer_id).fetch_one(&mut *tx).await?;
    let verified = customer(&row)?;
    if first {
        outbox.add(&mut tx, &events::verified(&verified)).await?;
    }
    tx.commit().await?;
    if first {
        outbox.wake();
    }
    Ok(verified)
}

/// Uses a reset link once: the new password, and every session ends.
pub async fn reset_password(db: &Db, token_hash: &str, password_hash: &str, now: i64) -> Result<(), UsersError> {
    let mut tx = db.begin().await?;
    let customer_id = use_link(&mut tx, LinkPurpose::Reset, token_hash, now).await?;
    sqlx::query("UPDATE customers SET password_hash = $2 WHERE id = $1").bind(&customer_id).bind(password_hash).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM sessions WHERE customer_id = $1").bind(&customer_id).execute(&mut *tx).await?;
    // Other reset links sent before stop working, and the address's failed
    // logins are forgotten: the new password starts clean.
    sqlx::query("UPDATE account_tokens SET used_at = $2 WHERE customer_id = $1 AND purpose = 'reset' AND used_at IS NULL")
        .bind(&customer_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM login_throttle WHERE email = (SELECT email FROM customers WHERE id = $1)")
        .bind(&customer_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// A throttle's count after an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttemptCount {
    /// Attempts in the window, this one included.
    pub attempts: i64,
    pub window_start: i64,
}

/// Counts a login attempt against `throttle` before its password is
/// checked, in one statement, so that parallel attempts cannot all pass a
/// count read before any was written; a window older than `window_ms`
/// starts over.
pub async fn count_login_attempt(db: &Db, throttle: &Throttle, now: i64, window_ms: i64) -> Result<AttemptCount, UsersError> {
    let row = sqlx::query(
        "INSERT INTO login_throttle (key, email, failures, window_start) VALUES ($1, $4, 1, $2) \
         ON CONFLICT (key) DO UPDATE SET \
           failures = CASE WHEN login_throttle.window_start <= $3 THEN 1 ELSE login_throttle.failures + 1 END, \
           window_start = CASE WHEN login_throttle.window_start <= $3 THEN $2 ELSE login_throttle.window_start END \
         RETURNING failures, window_start",
    )
    .bind(&throttle.key)
    .bind(now)
    .bind(now - window_ms)
    .bind(&throttle.email)
    .fetch_one(db.pool())
    .await?;
    Ok(AttemptCount { attempts: row.try_get("failures")?, window_start: row.try_get("window_start")? })
}

/// A good password clears its pair's counter and takes its own attempt
/// off the client's, which thus counts failures only (a busy shared address
/// is not stopped by its good logins), never more than that: logging in to
/// one's own account buys no guesses at others.
pub async fn clear_login_failures(db: &Db, throttles: &[Throttle]) -> Result<(), UsersError> {
    for (i, throttle) in throttles.iter().enumerate() {
        let query = if i == 0 {
            sqlx::query("DELETE FROM login_throttle WHERE key = $1")
        } else {
            sqlx::query("UPDATE login_throttle SET failures = failures - 1 WHERE key = $1 AND failures > 0")
        };
        query.bind(&throttle.key).execute(db.pool()).await?;
    }
    Ok(())
}

/// A customer with `roles` and no password (signs in through a session
/// made for them), not verified yet, unless the id or e-mail is taken:
/// the tests' customers and staff.
pub async fn insert_with_roles(db: &Db, id: &str, email: &str, roles: &[Role], now: i64) -> Result<(), UsersError> {
    let query = sqlx::query(
        "INSERT INTO customers (id, email, first_name, last_name, phone, roles, created_at) \
         VALUES ($1, $2, 'Ola', 'Nowak', '+48 600 100 200', $3, $4)",
    )
    .bind(id)
    .bind(email)
    .bind(Role::join(roles))
    .bind(now);
    match db.write(query).await {
        Err(e) if is_unique_violation(&e) => Err(UsersError::EmailTaken),
        other => other.map(|_| ()).map_err(UsersError::from),
    }
}

/// A customer's roles become `roles`.
pub async fn set_roles(db: &Db, customer_id: &str, roles: &[Role]) -> Result<(), UsersError> {
    db.write(sqlx::query("UPDATE customers SET roles = $2 WHERE id = $1").bind(customer_id).bind(Role::join(roles))).await?;
    Ok(())
}

/// A customer's e-mail counts as verified from `now` (as by the link).
pub async fn mark_verified(db: &Db, customer_id: &str, now: i64) -> Result<(), UsersError> {
    db.write(sqlx::query("UPDATE customers SET verified_at = $2 WHERE id = $1 AND verified_at IS NULL").bind(customer_id).bind(now))
        .await?;
    Ok(())
}

/// Inserts a verified administrator unless the e-mail is registered;
/// returns whether one was made.
pub async fn insert_admin(db: &Db, id: &str, email: &str, password_hash: &str, now: i64) -> Result<bool, UsersError> {
    let inserted = sqlx::query(
        "INSERT INTO customers (id, email, password_hash, first_name, last_name, phone, roles, verified_at, created_at) \
         VALUES ($1, $2, $3, 'Admin', '', '', 'admin', $4, $4) ON CONFLICT (email) DO NOTHING",
    )
    .bind(id)
    .bind(email)
    .bind(password_hash)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(inserted.rows_affected() == 1)
}

pub async fn update_profile(db: &Db, customer_id: &str, first_name: &str, last_name: &str, phone: &str) -> Result<(), UsersError> {
    sqlx::query("UPDATE customers SET first_name = $2, last_name = $3, phone = $4 WHERE id = $1")
        .bind(customer_id)
        .bind(first_name)
        .bind(last_name)
        .bind(phone)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The customer's password hash, if they have one.
pub async fn password_hash(db: &Db, customer_id: &str) -> Result<Option<String>, UsersError> {
    Ok(sqlx::query_scalar("SELECT password_hash FROM customers WHERE id = $1").bind(customer_id).fetch_optional(db.pool()).await?.flatten())
}

/// Sets a new password and ends every session of the customer but `keep`.
pub async fn change_password(db: &Db, customer_id: &str, password_hash: &str, keep: &str) -> Result<(), UsersError> {
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE customers SET password_hash = $2 WHERE id = $1").bind(customer_id).bind(password_hash).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM sessions WHERE customer_id = $1 AND token_hash <> $2").bind(customer_id).bind(keep).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// A person an OpenID Connect provider vouched for, with a verified e-mail.
pub struct Identity<'a> {
    pub provider: &'a str,
    pub subject: &'a str,
    pub email: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub locale: &'a str,
    /// The id a new customer gets.
    pub new_id: &'a str,
}

/// The customer of `identity` with a new session, in one transaction: the
/// one linked to (provider, subject); else the customer of the e-mail,
/// linked now if their e-mail is verified
/// ([`UsersError::UnverifiedAccount`] if not); else a new verified customer
/// without a password, announced as registered and verified.
pub async fn login_with_identity(
    db: &Db,
    outbox: &Outbox,
    identity: Identity<'_>,
    token_hash: &str,
    expires_at: i64,
    now: i64,
    replaces: Option<&str>,
) -> Result<CustomerRow, UsersError> {
    let mut tx = db.begin().await?;
    let linked = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM identities i JOIN customers c ON c.id = i.customer_id WHERE i.provider = $1 AND i.subject = $2"
    ))
    .bind(identity.provider)
    .bind(identity.subject)
    .fetch_optional(&mut *tx)
    .await?;
    let (found, created) = match linked {
        Some(row) => (customer(&row)?, false),
        None => {
            let by_email = sqlx::query(&format!("SELECT {COLUMNS} FROM customers c WHERE c.email = $1"))
                .bind(identity.email)
                .fetch_optional(&mut *tx)
                .await?;
            let (found, created) = match by_email {
                // Staff accounts open the back office: an e-mail a provider
                // vouches for is not proof enough to link one.
                Some(row) if customer(&row)?.is_staff() => return Err(UsersError::StaffAccount),
                Some(row) if customer(&row)?.verified => (customer(&row)?, false),
                // Whoever registered this e-mail never proved it theirs:
                // linking now could hand their account to someone else, or
                // someone else's to them.
                Some(_) => return Err(UsersError::UnverifiedAccount),
                None => {
                    // The provider proved the e-mail; there is no password.
                    let customer = Customer {
                        id: identity.new_id,
                        email: identity.email,
                        password_hash: None,
                        first_name: identity.first_name,
                        last_name: identity.last_name,
                        phone: "",
                        verified_at: Some(now),
                    };
                    insert_customer(&mut tx, &customer, now).await?;
                    let new = CustomerRow {
                        id: identity.new_id.to_owned(),
                        email: identity.email.to_owned(),
                        first_name: identity.first_name.to_owned(),
                        last_name: identity.last_name.to_owned(),
                        phone: String::new(),
                        roles: vec![Role::Customer],
                        verified: true,
                    };
                    (new, true)
                }
            };
            sqlx::query("INSERT INTO identities (provider, subject, customer_id, created_at) VALUES ($1, $2, $3, $4)")
                .bind(identity.provider)
                .bind(identity.subject)
                .bind(&found.id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            (found, created)
        }
    };
    // Linked before it was given a staff role: still no provider session.
    if found.is_staff() {
        return Err(UsersError::StaffAccount);
    }
    if let Some(old) = replaces {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(old).execute(&mut *tx).await?;
    }
    insert_session(&mut tx, token_hash, &found.id, expires_at, now).await?;
    if created {
        outbox.add(&mut tx, &events::registered(&found.id, &found.email, identity.locale)).await?;
        outbox.add(&mut tx, &events::verified(&found)).await?;
    }
    tx.commit().await?;
    if created {
        outbox.wake();
    }
    Ok(found)
}

/// A staff account as the back office lists it.
#[derive(Debug, Clone)]
pub struct StaffRow {
    pub customer: CustomerRow,
    pub active: bool,
    /// No password set yet.
    pub invited: bool,
}

const STAFF_COLUMNS: &str = "c.id, c.email, c.first_name, c.last_name, c.phone, c.roles, c.verified_at, c.disabled_at, \
     CAST(CASE WHEN c.password_hash IS NULL THEN 1 ELSE 0 END AS BIGINT) AS invited";

fn staff(row: &AnyRow) -> Result<StaffRow, sqlx::Error> {
    Ok(StaffRow {
        customer: customer(row)?,
        active: row.try_get::<Option<i64>, _>("disabled_at")?.is_none(),
        invited: row.try_get::<i64, _>("invited")? == 1,
    })
}

/// Every account with a staff role, by e-mail.
pub async fn list_staff(db: &Db) -> Result<Vec<StaffRow>, UsersError> {
    let rows = sqlx::query(&format!("SELECT {STAFF_COLUMNS} FROM customers c WHERE c.roles <> 'customer' ORDER BY c.email"))
        .fetch_all(db.pool())
        .await?;
    let all = rows.iter().map(staff).collect::<Result<Vec<_>, _>>()?;
    Ok(all.into_iter().filter(|s| s.customer.is_staff()).collect())
}

pub async fn staff_member(db: &Db, id: &str) -> Result<StaffRow, UsersError> {
    let row = sqlx::query(&format!("SELECT {STAFF_COLUMNS} FROM customers c WHERE c.id = $1")).bind(id).fetch_optional(db.pool()).await?;
    let member = row.as_ref().map(staff).transpose()?.filter(|s| s.customer.is_staff());
    member.ok_or(UsersError::StaffNotFound)
}

/// An invitation to the team.
pub struct Invitation<'a> {
    /// The id of the account made when the e-mail has none.
    pub new_id: &'a str,
    pub email: &'a str,
    pub role: Role,
    /// The link to set the password, and its announcement for the mailer.
    pub link: Link<'a>,
    pub announce: &'a LinkRequested,
}

/// An invitation: the account of its e-mail (made without a password when
/// there is none) gets its role as its staff role, and a link to set its
/// password, in one transaction; the account's id.
pub async fn invite_staff(db: &Db, outbox: &Outbox, invitation: Invitation<'_>, now: i64) -> Result<String, UsersError> {
    let Invitation { new_id, email, role, link, announce } = invitation;
    let mut tx = db.begin().await?;
    lock_admins(&mut tx).await?;
    let existing =
        sqlx::query(&format!("SELECT {COLUMNS} FROM customers c WHERE c.email = $1")).bind(email).fetch_optional(&mut *tx).await?;
    let id = match existing {
        Some(row) => {
            let c = customer(&row)?;
            set_staff_role(&mut tx, &c, role).await?;
            keeps_an_admin(&mut tx).await?;
            c.id
        }
        None => {
            sqlx::query(
                "INSERT INTO customers (id, email, first_name, last_name, phone, roles, created_at) VALUES ($1, $2, '', '', '', $3, $4)",
            )
            .bind(new_id)
            .bind(email)
            .bind(role.code())
            .bind(now)
            .execute(&mut *tx)
            .await?;
            new_id.to_owned()
        }
    };
    insert_link(&mut tx, &id, &link, now).await?;
    announce.add_to(outbox, &mut tx).await?;
    tx.commit().await?;
    outbox.wake();
    Ok(id)
}

/// A staff member's new role and whether the account is active; refused
/// when no active administrator would be left. Disabling ends its sessions.
pub async fn update_staff(db: &Db, id: &str, role: Option<Role>, active: Option<bool>, now: i64) -> Result<(), UsersError> {
    let mut tx = db.begin().await?;
    lock_admins(&mut tx).await?;
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM customers c WHERE c.id = $1")).bind(id).fetch_optional(&mut *tx).await?;
    let c = row.as_ref().map(customer).transpose()?.filter(CustomerRow::is_staff).ok_or(UsersError::StaffNotFound)?;
    if let Some(role) = role {
        set_staff_role(&mut tx, &c, role).await?;
    }
    match active {
        Some(false) => {
            sqlx::query("UPDATE customers SET disabled_at = $2 WHERE id = $1 AND disabled_at IS NULL")
                .bind(id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM sessions WHERE customer_id = $1").bind(id).execute(&mut *tx).await?;
        }
        Some(true) => {
            sqlx::query("UPDATE customers SET disabled_at = NULL WHERE id = $1").bind(id).execute(&mut *tx).await?;
        }
        None => {}
    }
    keeps_an_admin(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}

/// `role` becomes the account's one staff role.
async fn set_staff_role(tx: &mut Tx, c: &CustomerRow, role: Role) -> Result<(), sqlx::Error> {
    let roles = Role::join(&Role::with_staff_role(&c.roles, role));
    sqlx::query("UPDATE customers SET roles = $2 WHERE id = $1").bind(&c.id).bind(roles).execute(&mut **tx).await?;
    Ok(())
}

/// Takes the administrators' rows first, so that two administrators
/// demoting each other at once are ordered (PostgreSQL's row locks;
/// SQLite writes one at a time) and the second sees the first's change.
async fn lock_admins(tx: &mut Tx) -> Result<(), UsersError> {
    sqlx::query("UPDATE customers SET roles = roles WHERE roles LIKE '%admin%'").execute(&mut **tx).await?;
    Ok(())
}

/// Refused when the change left no active administrator.
async fn keeps_an_admin(tx: &mut Tx) -> Result<(), UsersError> {
    let roles: Vec<String> =
        sqlx::query_scalar("SELECT roles FROM customers WHERE roles LIKE '%admin%' AND disabled_at IS NULL").fetch_all(&mut **tx).await?;
    if roles.iter().any(|r| Role::parse_all(r).contains(&Role::Admin)) { Ok(()) } else { Err(UsersError::LastAdmin) }
}
