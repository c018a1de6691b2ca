//! Reads the login pages make before anyone signs in.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/company/host", web::get().to(company_by_host))
        .route("/company/public", web::get().to(public_companies))
        .route(
            "/settings/operating-data/{companyId}",
            web::get().to(operating_data),
        )
        .route(
            "/attendances/today/company/{companyId}",
            web::get().to(attendance_today),
        )
        .route(
            "/useTerm/user/company/{companyId}",
            web::get().to(active_term),
        );
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct HostQuery {
    host: String,
}

#[utoipa::path(get, path = "/api/company/host", tag = "companies", params(HostQuery),
    responses((status = 200, description = "The company served on this host"), (status = 404)))]
pub async fn company_by_host(
    state: web::Data<AppState>,
    q: web::Query<HostQuery>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let view = blocking(move || svc.company_by_host(&q.host)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(get, path = "/api/company/public", tag = "companies",
    responses((status = 200, description = "Active companies for the driver's chooser: id, name, logo")))]
pub async fn public_companies(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let list = blocking(move || svc.public_companies()).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(get, path = "/api/settings/operating-data/{companyId}", tag = "settings",
    responses((status = 200, description = "start, end, weekDays, programmedTotal"), (status = 404)))]
pub async fn operating_data(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.operating_data(id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(get, path = "/api/attendances/today/company/{companyId}", tag = "attendance",
    responses((status = 200, description = "{id, status} or null"), (status = 404)))]
pub async fn attendance_today(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.attendance_today(id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(get, path = "/api/useTerm/user/company/{companyId}", tag = "terms",
    responses((status = 200, description = "{id, title, content, updatedAt} or null"), (status = 404)))]
pub async fn active_term(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.active_term(id)).await?;
    Ok(HttpResponse::Ok().json(view))
}
