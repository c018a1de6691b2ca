//! The loadings of an order (spec 2 section 7 "Loadings") and the driver's reads of them.

use actix_web::{delete, get, post};
use actix_web::{web, HttpResponse};
use patio_application::orders::loadings::{DeletedLoadingView, LoadingInput, LoadingView};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::session::{Session, StaffSession};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    // The fixed paths before `/scheduling/{id}`.
    cfg.service(order_loadings)
        .service(order_truck)
        .service(order_deleted_loadings)
        .service(driver_loadings)
        .service(driver_plate_loadings)
        .service(driver_deleted_loadings)
        .service(save_loadings)
        .service(save_one_loading)
        .service(delete_loading)
        .service(get_loading);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DeletedRangeParams {
    /// `YYYY-MM-DD`: deleted on or after.
    min_date: Option<String>,
    /// `YYYY-MM-DD`: deleted on or before.
    max_date: Option<String>,
}

#[utoipa::path(tag = "loadings",
    responses((status = 200, description = "The order's loadings (a Transportadora: its own)", body = Vec<LoadingView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/scheduling/order/{orderId}")]
pub async fn order_loadings(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.loadings.clone();
    let id = path.into_inner();
    let out = blocking(move || svc.of_order(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "loadings",
    responses((status = 200, description = "The truck of that plate in the order's company (a Transportadora: its own), for the new-loading dialog", body = patio_application::orders::loadings::LoadingTruckView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/scheduling/order/{orderId}/truck/{plate}")]
pub async fn order_truck(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<(i64, String)>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.loadings.clone();
    let (id, plate) = path.into_inner();
    let out = blocking(move || svc.truck_for_order(&session.0, id, &plate)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "loadings",
    responses((status = 200, description = "The loadings that left the order (Desistentes), with their reason", body = Vec<DeletedLoadingView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/schedulingDeleted/order/{orderId}")]
pub async fn order_deleted_loadings(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.loadings.clone();
    let id = path.into_inner();
    let out = blocking(move || svc.deleted_of_order(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "loadings",
    responses((status = 200, description = "The driver's loadings (the driver, or staff of its company)", body = Vec<LoadingView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/scheduling/driver/{driverId}")]
pub async fn driver_loadings(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.loadings.clone();
    let id = path.into_inner();
    let out = blocking(move || svc.of_driver(&session.0, id, None)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "loadings",
    responses((status = 200, description = "The driver's loadings with that truck", body = Vec<LoadingView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/scheduling/driver/{driverId}/licenseplate/{plate}")]
pub async fn driver_plate_loadings(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(i64, String)>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.loadings.clone();
    let (id, plate) = path.into_inner();
    let out = blocking(move || svc.of_driver(&session.0, id, Some(&plate))).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "loadings", params(DeletedRangeParams),
    responses((status = 200, description = "The driver's expired authorisations", body = Vec<DeletedLoadingView>),
        (status = 401), (status = 403), (status = 404), (status = 422, description = "A date that is not a date, or the end before the start")))]
#[get("/schedulingDeleted/driver/{driverId}")]
pub async fn driver_deleted_loadings(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    q: web::Query<DeletedRangeParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.loadings.clone();
    let id = path.into_inner();
    let q = q.into_inner();
    let out = blocking(move || {
        svc.deleted_of_driver(&session.0, id, q.min_date.as_deref(), q.max_date.as_deref())
    })
    .await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "loadings", request_body = Vec<LoadingInput>,
    responses((status = 200, description = "The saved loadings, in the order sent", body = Vec<LoadingView>),
        (status = 401), (status = 403), (status = 404),
        (status = 422, description = "The first refusal of the nine checks of spec 2 section 5, in the spec's order; nothing is saved")))]
#[post("/scheduling/save")]
pub async fn save_loadings(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<Vec<LoadingInput>>,
) -> Result<HttpResponse, ApiError> {
    let rows = body.into_inner();
    let svc = state.services.loadings.clone();
    let out = blocking(move || svc.save(&session.0, rows)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "loadings", request_body = LoadingInput,
    responses((status = 200, description = "The saved loading", body = LoadingView),
        (status = 401), (status = 403), (status = 404),
        (status = 422, description = "The first refusal of the nine checks, in the spec's order")))]
#[post("/scheduling/saveOne")]
pub async fn save_one_loading(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<LoadingInput>,
) -> Result<HttpResponse, ApiError> {
    let row = body.into_inner();
    let svc = state.services.loadings.clone();
    let mut out = blocking(move || svc.save(&session.0, vec![row])).await?;
    let one = out
        .pop()
        .ok_or_else(|| ApiError::from(patio_application::AppError::not_found()))?;
    Ok(HttpResponse::Ok().json(one))
}

#[utoipa::path(tag = "loadings",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Started, no days left for a Transportadora, or in the queue")))]
#[delete("/scheduling/delete/{id}")]
pub async fn delete_loading(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.loadings.clone();
    let id = path.into_inner();
    let out = blocking(move || svc.delete(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "loadings",
    responses((status = 200, description = "One loading (staff in scope, or its driver)", body = LoadingView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/scheduling/{id}")]
pub async fn get_loading(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.loadings.clone();
    let id = path.into_inner();
    let out = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(out))
}
