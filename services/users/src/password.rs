//! Argon2id password hashes, computed off the async runtime (each takes
//! tens of milliseconds of CPU and about 19 MiB of memory by design). At
//! most two per core run at once; the rest wait up to [`WAIT`] and are then
//! answered "busy" (503, retry), so a flood of logins cannot exhaust the
//! memory of the process.

use std::sync::LazyLock;
use std::time::Duration;

use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use tokio::sync::Semaphore;

use crate::error::UsersError;

static PERMITS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()) * 2));
const WAIT: Duration = Duration::from_secs(5);

async fn permit() -> Result<tokio::sync::SemaphorePermit<'static>, UsersError> {
    match tokio::time::timeout(WAIT, PERMITS.acquire()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(UsersError::Busy),
    }
}

/// Checked when the e-mail is unknown, so that an unknown e-mail takes as
/// long as a wrong password.
static DUMMY: LazyLock<String> =
    LazyLock::new(|| Argon2::default().hash_password(b"no such customer").map(|h| h.to_string()).unwrap_or_default());

pub async fn hash(password: String) -> Result<String, UsersError> {
    let _permit = permit().await?;
    tokio::task::spawn_blocking(move || Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string()))
        .await
        .map_err(|e| UsersError::Internal(e.to_string()))?
        .map_err(|e| UsersError::Internal(e.to_string()))
}

/// Whether `password` matches `stored`; with no stored hash, a check of the
/// same cost that never matches.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, UsersError> {
    let _permit = permit().await?;
    Ok(tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let hash = stored.unwrap_or_else(|| DUMMY.clone());
        Argon2::default().verify_password(password.as_bytes(), hash.as_str()).is_ok() && known
    })
    .await
    .unwrap_or(false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let stored = hash("correct horse battery".into()).await.unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("correct horse battery".into(), Some(stored.clone())).await.unwrap());
        assert!(!verify("wrong horse battery".into(), Some(stored)).await.unwrap());
        assert!(!verify("no such customer".into(), None).await.unwrap(), "the dummy never matches");
    }
}
