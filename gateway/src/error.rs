//! The one error type of the REST surface: every failure becomes a JSON body
//! `{code, message, errors?}` with a fitting status. Internal details are
//! logged, never sent.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tonic::Code;

#[derive(Debug, Serialize, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: String,
    pub message: String,
    pub errors: Vec<FieldError>,
}

#[derive(Serialize)]
struct Body<'a> {
    code: &'a str,
    message: &'a str,
    #[serde(skip_serializing_if = "<[FieldError]>::is_empty")]
    errors: &'a [FieldError],
}

impl ApiError {
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        Self { status, code: code.to_owned(), message: message.into(), errors: Vec::new() }
    }

    /// 400 naming one field.
    pub fn field(code: &str, field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self {
            status: StatusCode::BAD_REQUEST,
            code: code.to_owned(),
            errors: vec![FieldError { field: field.to_owned(), message: message.clone() }],
            message: format!("{field}: {message}"),
        }
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", format!("{what} not found"))
    }

    pub fn unavailable() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "service_unavailable",
            "The service is temporarily unavailable. Please try again in a moment.",
        )
    }
}

impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> Self {
        let details = spa_platform::errors::details(&status);
        let (http, default_code) = match status.code() {
            Code::InvalidArgument | Code::OutOfRange => (StatusCode::BAD_REQUEST, "invalid_request"),
            Code::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            Code::AlreadyExists => (StatusCode::CONFLICT, "conflict"),
            Code::FailedPrecondition | Code::Aborted => (StatusCode::CONFLICT, "conflict"),
            Code::Unauthenticated => (StatusCode::UNAUTHORIZED, "unauthenticated"),
            Code::PermissionDenied => (StatusCode::FORBIDDEN, "forbidden"),
            Code::ResourceExhausted => (StatusCode::TOO_MANY_REQUESTS, "too_many_requests"),
            // A peer that is down, slow past its deadline, or cut off.
            Code::Unavailable | Code::DeadlineExceeded | Code::Cancelled => {
                tracing::warn!(grpc_code = ?status.code(), message = status.message(), "upstream unavailable");
                return Self::unavailable();
            }
            _ => {
                tracing::error!(grpc_code = ?status.code(), message = status.message(), "upstream failed");
                return Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "An unexpected error has occurred...");
            }
        };
        let (code, errors) = match details {
            Some(d) => (
                if d.code.is_empty() { default_code.to_owned() } else { d.code },
                d.violations.into_iter().map(|v| FieldError { field: v.field, message: v.message }).collect(),
            ),
            None => (default_code.to_owned(), Vec::new()),
        };
        Self { status: http, code, message: status.message().to_owned(), errors }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body { code: &self.code, message: &self.message, errors: &self.errors };
        let mut response = (self.status, Json(body)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
