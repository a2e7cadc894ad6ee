//! gRPC errors that carry a stable code and field violations in the status
//! details, so the gateway can answer with a precise 4xx body.

use prost::Message;
use spa_proto::common::{ErrorDetails, FieldViolation};
use tonic::{Code, Status};

/// INVALID_ARGUMENT naming the fields that were wrong.
pub fn invalid(code: &str, message: impl Into<String>, violations: &[(&str, &str)]) -> Status {
    with_details(Code::InvalidArgument, code, message, violations)
}

/// Any status with a stable machine code in its details.
pub fn with_details(status: Code, code: &str, message: impl Into<String>, violations: &[(&str, &str)]) -> Status {
    with_args(status, code, message, violations, &[])
}

/// A status whose visitor message names values (`from`, `to` of a stay).
pub fn with_args(status: Code, code: &str, message: impl Into<String>, violations: &[(&str, &str)], args: &[(&str, &str)]) -> Status {
    let details = ErrorDetails {
        code: code.to_owned(),
        violations: violations.iter().map(|(f, m)| FieldViolation { field: (*f).to_owned(), message: (*m).to_owned() }).collect(),
        args: args.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
    };
    Status::with_details(status, message, details.encode_to_vec().into())
}

/// Reads what [`invalid`] and [`with_details`] put in.
pub fn details(status: &Status) -> Option<ErrorDetails> {
    if status.details().is_empty() {
        return None;
    }
    ErrorDetails::decode(status.details()).ok()
}

/// Logs the cause and returns a status that reveals nothing of it.
#[track_caller]
pub fn internal(err: impl std::fmt::Display) -> Status {
    tracing::error!(error = %err, location = %std::panic::Location::caller(), "internal error");
    Status::internal("internal error")
}

/// A database failure: unavailable (retry) for pool and I/O trouble,
/// internal otherwise.
#[track_caller]
pub fn db(err: sqlx::Error) -> Status {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => {
            tracing::warn!(error = %err, "database unavailable");
            Status::unavailable("database unavailable, please retry")
        }
        other => internal(other),
    }
}
