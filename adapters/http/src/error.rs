//! The one mapping from application errors to HTTP answers:
//! `{"statusCode", "code", "message"}` plus `fields` for validation and the transfer body.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use patio_application::consistency::as_reader;
use patio_application::AppError;
use serde_json::{json, Value};

pub const BAD_REQUEST_MESSAGE: &str = "Requisição inválida.";
pub const SESSION_EXPIRED_MESSAGE: &str = "Sessão expirada. Entre novamente.";

#[derive(Debug)]
pub struct ApiError(pub AppError);

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<AppError> for ApiError {
    fn from(e: AppError) -> Self {
        Self(e)
    }
}

impl ApiError {
    pub fn unauthorized() -> Self {
        Self(AppError::Unauthorized(SESSION_EXPIRED_MESSAGE.to_owned()))
    }

    fn code(&self) -> &'static str {
        match &self.0 {
            AppError::Validation(_) => "validation",
            AppError::Unauthorized(_) => "unauthorized",
            AppError::Forbidden(_) => "forbidden",
            AppError::Blocked { .. } => "blocked",
            AppError::NotFound(_) => "not_found",
            AppError::Conflict(_) => "conflict",
            AppError::Duplicate(_) => "duplicate",
            AppError::Referenced(_) => "referenced",
            AppError::TransferConflict(_) => "transfer_conflict",
            AppError::CompanyMove(_) => "company_move",
            AppError::RateLimited(_) | AppError::SlowDown(_) => "rate_limited",
            AppError::Captcha(_) => "captcha",
            AppError::Internal(_) => "internal",
            AppError::Unavailable(_) => "unavailable",
        }
    }

    fn body(&self) -> Value {
        let status = self.status_code().as_u16();
        let mut body = json!({ "statusCode": status, "code": self.code() });
        match &self.0 {
            AppError::Validation(fields) => {
                let map: BTreeMap<&str, &str> = fields
                    .iter()
                    .map(|f| (f.field.as_str(), f.message.as_str()))
                    .collect();
                body["message"] = json!(fields.first().map(|f| f.message.as_str()).unwrap_or(""));
                body["fields"] = json!(map);
            }
            AppError::Blocked { message, phone } => {
                body["message"] = json!(message);
                body["phone"] = json!(phone);
            }
            AppError::TransferConflict(t) => {
                body["message"] = json!("Motorista cadastrado em outra empresa.");
                if let Ok(Value::Object(extra)) = serde_json::to_value(t.as_ref()) {
                    if let Some(obj) = body.as_object_mut() {
                        obj.extend(extra);
                    }
                }
            }
            AppError::CompanyMove(m) => {
                body["message"] = json!(patio_domain::fleet::drivers::MOVE_CONFLICT_MESSAGE);
                if let Ok(Value::Object(extra)) = serde_json::to_value(m.as_ref()) {
                    if let Some(obj) = body.as_object_mut() {
                        obj.extend(extra);
                    }
                }
            }
            other => body["message"] = json!(other.to_string()),
        }
        body
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match &self.0 {
            AppError::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) | AppError::Blocked { .. } => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_)
            | AppError::Duplicate(_)
            | AppError::Referenced(_)
            | AppError::CompanyMove(_) => StatusCode::CONFLICT,
            AppError::TransferConflict(_) => StatusCode::NOT_ACCEPTABLE,
            AppError::RateLimited(_) | AppError::SlowDown(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Captcha(_) => StatusCode::BAD_REQUEST,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            AppError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status_code()).json(self.body())
    }
}

fn bad_request(detail: impl std::fmt::Display) -> actix_web::Error {
    tracing::debug!(%detail, "bad request");
    let body = json!({ "statusCode": 400, "code": "bad_request", "message": BAD_REQUEST_MESSAGE });
    actix_web::error::InternalError::from_response(
        detail.to_string(),
        HttpResponse::BadRequest().json(body),
    )
    .into()
}

pub const INVALID_ID_MESSAGE: &str = "Identificador inválido.";
pub const INVALID_VALUES_MESSAGE: &str =
    "Valores inválidos na requisição: confira os campos numéricos e de texto.";

/// Malformed JSON is 400; well-formed JSON whose values do not fit the body (a fraction or a
/// number beyond 64 bits where an id goes, text where a number goes) is 422, like any other
/// invalid field.
pub fn json_error(err: actix_web::error::JsonPayloadError, _: &HttpRequest) -> actix_web::Error {
    if let actix_web::error::JsonPayloadError::Deserialize(e) = &err {
        if e.classify() == serde_json::error::Category::Data {
            tracing::debug!(%e, "invalid values");
            let body = json!({ "statusCode": 422, "code": "validation",
                "message": INVALID_VALUES_MESSAGE, "fields": {} });
            return actix_web::error::InternalError::from_response(
                err.to_string(),
                HttpResponse::UnprocessableEntity().json(body),
            )
            .into();
        }
    }
    bad_request(err)
}

pub fn query_error(err: actix_web::error::QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    bad_request(err)
}

/// A path id that is not a 64-bit integer (`abc`, `1.5`, beyond 2^63) is 422, like a bad id in
/// a body: such a record cannot exist, and the caller sent something malformed.
pub fn path_error(err: actix_web::error::PathError, _: &HttpRequest) -> actix_web::Error {
    let body = json!({ "statusCode": 422, "code": "validation",
        "message": INVALID_ID_MESSAGE, "fields": { "id": INVALID_ID_MESSAGE } });
    actix_web::error::InternalError::from_response(
        err.to_string(),
        HttpResponse::UnprocessableEntity().json(body),
    )
    .into()
}

/// Runs a synchronous use case on actix's blocking pool.
pub async fn blocking<T, F>(f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, AppError> + Send + 'static,
{
    // The request's span (its id) goes with the work, so the use case's log lines carry it;
    // so does its actor, whose own writes its replica reads must see.
    let span = tracing::Span::current();
    let reader = crate::session::READER.try_with(|r| *r).ok().flatten();
    actix_web::web::block(move || span.in_scope(|| as_reader(reader, f)))
        .await
        .map_err(|e| ApiError(AppError::internal(e)))?
        .map_err(ApiError)
}
