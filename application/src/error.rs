use serde::Serialize;

/// One field that failed validation, with the pt-BR message the form shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// Body of the 406 answer when a driver registered at another company signs in.
/// `company_a` is spelled as the spec's 406 body.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct TransferConflict {
    pub company_a: TransferCompany,
    pub driver: TransferDriver,
    #[serde(rename = "transferToken")]
    pub transfer_token: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct TransferCompany {
    pub company: String,
    pub logo: Option<String>,
    pub queue: Option<TransferQueue>,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct TransferQueue {
    pub date: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct TransferDriver {
    pub id: i64,
    pub name: String,
}

/// Body of the 409 answer when a driver save would move a driver who is in another company's
/// queue (or holds a loading there): the form asks before saving again with `override`.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct CompanyMoveConflict {
    /// The company the driver would leave, and its queue entry when there is one.
    pub company_a: TransferCompany,
    pub driver: TransferDriver,
}

/// The one error type of the application layer; the HTTP adapter maps it once.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("validation failed")]
    Validation(Vec<FieldError>),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{message}")]
    Blocked {
        message: String,
        phone: Option<String>,
    },
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Duplicate(String),
    #[error("{0}")]
    Referenced(String),
    #[error("driver registered at another company")]
    TransferConflict(Box<TransferConflict>),
    /// A driver save that needs the move-company confirmation (409).
    #[error("driver tied to another company")]
    CompanyMove(Box<CompanyMoveConflict>),
    #[error("{0}")]
    RateLimited(String),
    /// A sign-in goes on after this many seconds (issue 21 item 8): the HTTP adapter waits,
    /// holding no thread, and asks again with `waited`. 429 if it ever reached a client.
    #[error("{}", crate::auth::throttle::RATE_LIMITED_MESSAGE)]
    SlowDown(u64),
    #[error("{0}")]
    Captcha(String),
    #[error("{0}")]
    Internal(String),
    /// The database cannot be reached now: answered at once with 503 rather than after a
    /// long wait, so clients and balancers retry elsewhere.
    #[error("{0}")]
    Unavailable(String),
}

pub type AppResult<T> = Result<T, AppError>;

pub const NOT_FOUND_MESSAGE: &str = "Registro não encontrado";
pub const INTERNAL_MESSAGE: &str = "Erro interno. Tente novamente em instantes.";
pub const UNAVAILABLE_MESSAGE: &str =
    "Sistema temporariamente indisponível. Tente novamente em instantes.";

impl AppError {
    pub fn not_found() -> Self {
        Self::NotFound(NOT_FOUND_MESSAGE.to_owned())
    }

    pub fn field(field: &str, message: &str) -> Self {
        Self::Validation(vec![FieldError::new(field, message)])
    }

    pub fn unavailable(e: impl std::fmt::Display) -> Self {
        tracing::warn!(error = %e, "database unavailable");
        Self::Unavailable(UNAVAILABLE_MESSAGE.to_owned())
    }

    pub fn internal(e: impl std::fmt::Display) -> Self {
        tracing::error!(error = %e, "internal error");
        Self::Internal(INTERNAL_MESSAGE.to_owned())
    }
}
