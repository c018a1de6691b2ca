//! The staff log search and its filter choices.

use actix_web::get;
use actix_web::{web, HttpResponse};
use patio_application::admin::logs::LogQuery;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::session::StaffSession;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(search_logs)
        .service(log_operations)
        .service(log_objects);
}

/// The spec's log filters, spelled as there.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogParams {
    /// Text of the entry's title, or part of it (accents and case ignored).
    search: Option<String>,
    operation_type: Option<String>,
    object_type: Option<String>,
    #[serde(rename = "companyId")]
    company_id: Option<i64>,
    #[serde(rename = "userId")]
    user_id: Option<i64>,
    /// yyyy-mm-dd; default yesterday.
    #[serde(rename = "startDate")]
    start_date: Option<String>,
    /// yyyy-mm-dd; default today; not before startDate.
    #[serde(rename = "endDate")]
    end_date: Option<String>,
    /// From 1.
    page: Option<i64>,
    /// Default 30, at most 100.
    #[serde(rename = "pageSize")]
    page_size: Option<i64>,
}

#[utoipa::path(tag = "logs", params(LogParams),
    responses((status = 200, description = "[{id, title, operation_type, object_type, company, user, details, ip, created_at}] newest first", body = Vec<patio_application::admin::logs::LogView>),
        (status = 401), (status = 403), (status = 422, description = "End date before start date")))]
#[get("/logs")]
pub async fn search_logs(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<LogParams>,
) -> Result<HttpResponse, ApiError> {
    let p = q.into_inner();
    let query = LogQuery {
        search: p.search,
        operation_type: p.operation_type,
        object_type: p.object_type,
        company_id: p.company_id,
        user_id: p.user_id,
        start_date: p.start_date,
        end_date: p.end_date,
        page: p.page,
        page_size: p.page_size,
    };
    let svc = state.services.logs.clone();
    let list = blocking(move || svc.search(&session.0, &query)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "logs",
    responses((status = 200, description = "[{id, label}]", body = Vec<patio_application::admin::logs::LabelView>), (status = 401), (status = 403)))]
#[get("/logs/operations")]
pub async fn log_operations(
    state: web::Data<AppState>,
    session: StaffSession,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.logs.clone();
    let list = blocking(move || svc.operations(&session.0)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "logs",
    responses((status = 200, description = "[{id, label}]", body = Vec<patio_application::admin::logs::LabelView>), (status = 401), (status = 403)))]
#[get("/logs/objects")]
pub async fn log_objects(
    state: web::Data<AppState>,
    session: StaffSession,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.logs.clone();
    let list = blocking(move || svc.objects(&session.0)).await?;
    Ok(HttpResponse::Ok().json(list))
}
