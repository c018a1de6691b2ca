//! The driver app's own calls (spec 3 section 2, "Driver app"): refusing an authorised order.

use actix_web::post;
use actix_web::{web, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::session::Session;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(refuse_loading);
}

#[utoipa::path(tag = "driver-app",
    responses((status = 200, description = "{id, message: 'Recusado com sucesso!'}: the loading left the order (reason 'RECUSADO PELO MOTORISTA')", body = patio_application::services::driver_app::RefusedLoadingView),
        (status = 401), (status = 403, description = "Staff"), (status = 404, description = "Not the driver's loading"),
        (status = 409, description = "Started, finished, or held by the driver's queue entry")))]
#[post("/scheduling/refuse/{id}")]
pub async fn refuse_loading(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let svc = state.services.driver_app.clone();
    let view = blocking(move || svc.refuse(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}
