//! Argon2id password hashes, computed off the async runtime (each takes
//! tens of milliseconds of CPU by design).

use std::sync::LazyLock;

use argon2::{Argon2, PasswordHasher, PasswordVerifier};

use crate::error::UsersError;

/// Checked when the e-mail is unknown, so that an unknown e-mail takes as
/// long as a wrong password.
static DUMMY: LazyLock<String> =
    LazyLock::new(|| Argon2::default().hash_password(b"no such customer").map(|h| h.to_string()).unwrap_or_default());

pub async fn hash(password: String) -> Result<String, UsersError> {
    tokio::task::spawn_blocking(move || Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string()))
        .await
        .map_err(|e| UsersError::Internal(e.to_string()))?
        .map_err(|e| UsersError::Internal(e.to_string()))
}

/// Whether `password` matches `stored`; with no stored hash, a check of the
/// same cost that never matches.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let hash = stored.unwrap_or_else(|| DUMMY.clone());
        Argon2::default().verify_password(password.as_bytes(), hash.as_str()).is_ok() && known
    })
    .await
    .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let stored = hash("correct horse battery".into()).await.unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("correct horse battery".into(), Some(stored.clone())).await);
        assert!(!verify("wrong horse battery".into(), Some(stored)).await);
        assert!(!verify("no such customer".into(), None).await, "the dummy never matches");
    }
}
