//! Reads the login pages make before anyone signs in.

use actix_web::get;
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(company_by_host)
        .service(public_companies)
        .service(operating_data)
        .service(attendance_today)
        .service(active_term)
        .service(public_panel);
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct HostQuery {
    host: String,
}

#[utoipa::path(tag = "companies", params(HostQuery),
    responses((status = 200, description = "The company served on this host", body = patio_application::auth::public::HostCompanyView), (status = 404)))]
#[get("/company/host")]
pub async fn company_by_host(
    state: web::Data<AppState>,
    q: web::Query<HostQuery>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let view = blocking(move || svc.company_by_host(&q.host)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "companies",
    responses((status = 200, description = "Active companies for the driver's chooser: id, name, logo", body = Vec<patio_application::model::CompanyPublic>)))]
#[get("/company/public")]
pub async fn public_companies(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let list = blocking(move || svc.public_companies()).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "settings",
    responses((status = 200, description = "start, end, weekDays, programmedTotal", body = patio_application::auth::public::OperatingDataView), (status = 404)))]
#[get("/settings/operating-data/{companyId}")]
pub async fn operating_data(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.operating_data(id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "attendance",
    responses((status = 200, description = "{id, status} or null", body = Option<patio_application::model::AttendanceRecord>), (status = 404)))]
#[get("/attendances/today/company/{companyId}")]
pub async fn attendance_today(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.attendance_today(id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "terms",
    responses((status = 200, description = "{id, title, content, updatedAt} or null", body = Option<patio_application::model::UseTermRecord>), (status = 404)))]
#[get("/useTerm/user/company/{companyId}")]
pub async fn active_term(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.public.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.active_term(id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "queue", params(HostQuery),
    responses((status = 200, description = "The public expedition panel of the company that serves the host: its name and logo, the server's time and the panel rows (plates, positions, forecast times; no names)", body = patio_application::queue::reads::PublicPanelView),
        (status = 404, description = "No company serves that host")))]
#[get("/public/panel")]
pub async fn public_panel(
    state: web::Data<AppState>,
    q: web::Query<HostQuery>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.queue_reads.clone();
    let view = blocking(move || svc.public_panel(&q.host)).await?;
    Ok(HttpResponse::Ok().json(view))
}
