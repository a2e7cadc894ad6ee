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
}

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
}
