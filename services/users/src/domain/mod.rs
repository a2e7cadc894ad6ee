//! The users' rules, free of storage and transport: what an account's
//! details may be ([`account`]), sessions and single-use links
//! ([`session`]), the login throttle ([`throttle`]) and the staff roles
//! (here). Each is a pure function with unit tests.

pub mod account;
pub mod session;
pub mod throttle;

pub use account::{MAX_PASSWORD, MIN_PASSWORD, check_password, email, identity_names, name, phone};
pub use session::{LinkPurpose, SEEN_GRANULARITY, SESSION_IDLE, SESSION_TTL, new_token, token_hash};
pub use throttle::{LOGIN_WINDOW, MAX_CLIENT_LOGIN_FAILURES, MAX_LOGIN_FAILURES, Throttle, login_locked, throttles};

spa_platform::coded! {
    /// What an account may do; kept as comma-separated codes in `customers.roles`.
    pub enum Role: spa_proto::spa::users::v1::Role {
        Customer => "customer",
        /// Edits the site's content.
        Editor => "editor",
        /// Runs the guesthouse: every back-office call.
        Admin => "admin",
        /// Works the front desk.
        Reception => "reception",
    }
}

impl Role {
    /// Whether the role opens the back office; a provider's login never
    /// reaches an account that has one.
    pub fn staff(self) -> bool {
        self != Self::Customer
    }

    /// Roles as kept: known codes, the rest ignored.
    pub fn parse_all(codes: &str) -> Vec<Self> {
        codes.split(',').filter_map(|c| Self::parse(c.trim())).collect()
    }

    /// Roles as kept: their codes, comma-separated.
    pub fn join(roles: &[Self]) -> String {
        roles.iter().map(|r| r.code()).collect::<Vec<_>>().join(",")
    }

    /// A role the back office gives: admin, reception or editor.
    pub fn staff_role(role: Option<Self>) -> Result<Self, crate::error::UsersError> {
        role.filter(|r| r.staff()).ok_or(crate::error::UsersError::InvalidRole)
    }

    /// An account's roles with `role` as its one staff role (a customer's
    /// own role kept).
    pub fn with_staff_role(roles: &[Self], role: Self) -> Vec<Self> {
        let mut kept: Vec<Self> = roles.iter().copied().filter(|r| !r.staff()).collect();
        kept.push(role);
        kept
    }

    /// An account's one staff role (the first, should an older row hold several).
    pub fn staff_of(roles: &[Self]) -> Option<Self> {
        roles.iter().copied().find(|r| r.staff())
    }
}

/// How long an invitation's link to set a password works.
pub const INVITATION_TTL: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 3600);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_are_kept_as_their_codes() {
        let roles = Role::parse_all("customer, admin,nope");
        assert_eq!(roles, [Role::Customer, Role::Admin]);
        assert_eq!(Role::join(&roles), "customer,admin");
        assert!(Role::Reception.staff() && !Role::Customer.staff());
    }

    #[test]
    fn a_staff_member_has_one_staff_role_and_keeps_their_customer_role() {
        assert_eq!(Role::with_staff_role(&[Role::Customer, Role::Editor], Role::Reception), [Role::Customer, Role::Reception]);
        assert_eq!(Role::with_staff_role(&[Role::Admin], Role::Editor), [Role::Editor]);
        assert_eq!(Role::staff_of(&[Role::Customer, Role::Admin]), Some(Role::Admin));
        assert!(Role::staff_role(Some(Role::Customer)).is_err() && Role::staff_role(None).is_err());
        assert_eq!(Role::staff_role(Some(Role::Reception)).unwrap(), Role::Reception);
    }
}
