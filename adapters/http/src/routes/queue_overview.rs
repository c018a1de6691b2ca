//! Two queue reads of spec 3 section 7 (issue 13), registered in the `/queue` scope: where a
//! shipping company's vehicles stand, and each company's queue for the dashboard.

use actix_web::{get, web, HttpResponse};

use crate::error::{blocking, ApiError};
use crate::session::Session;
use crate::state::AppState;

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "The shipping company's vehicles in queue order: {queueId, driverId, driverName, licensePlate, position, date, time, isActive}", body = Vec<patio_application::queue::reads::ShippingPositionView>),
        (status = 401), (status = 403, description = "A driver"), (status = 404, description = "Another shipping company (Transportadora) or another company's (staff)")))]
#[get("/shipping-company/{id}/positions")]
pub async fn shipping_positions(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let svc = state.services.queue_reads.clone();
    let view = blocking(move || svc.shipping_positions(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "queue",
    responses((status = 200, description = "Each company the caller reads (Administrador: every active one; Usuario: its own) with its queue of the operating day", body = Vec<patio_application::queue::reads::CompanyQueueView>),
        (status = 401), (status = 403, description = "Neither Administrador nor Usuario")))]
#[get("/companys")]
pub async fn companies(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.queue_reads.clone();
    let view = blocking(move || svc.companies(&session.0)).await?;
    Ok(HttpResponse::Ok().json(view))
}
