//! Removing a saved contact.

use actix_web::delete;
use actix_web::{web, HttpRequest, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::session::{client_address, StaffSession};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(delete_contact);
}

#[utoipa::path(tag = "contacts",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted), (status = 401), (status = 403), (status = 404)))]
#[delete("/contact/delete/{id}")]
pub async fn delete_contact(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.contacts.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}
