//! The staff dashboard's figures.

use actix_web::get;
use actix_web::{web, HttpResponse};
use patio_application::admin::dashboard::{CarrierDashboardQuery, DateQuery};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::session::StaffSession;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(scheduling_totals_all)
        .service(scheduling_totals_company)
        .service(order_totals_all)
        .service(order_totals_company)
        .service(carrier_dashboard);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CarrierDashboardParams {
    /// yyyy-mm-dd; default 7 days before the end.
    start_date: Option<String>,
    /// yyyy-mm-dd; default today; not after today nor before startDate.
    end_date: Option<String>,
    /// Root administrators: one company (default: all).
    company_id: Option<i64>,
}

#[utoipa::path(tag = "dashboard", params(CarrierDashboardParams),
    responses((status = 200, description = "The carrier dashboard's figures over the range", body = patio_application::admin::dashboard::CarrierDashboardView),
        (status = 401), (status = 403, description = "Expedicao, Espectador, Portaria"), (status = 404, description = "Another company"), (status = 422)))]
#[get("/dashboard")]
pub async fn carrier_dashboard(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<CarrierDashboardParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.dashboard.clone();
    let q = q.into_inner();
    let query = CarrierDashboardQuery {
        dates: DateQuery {
            start_date: q.start_date,
            end_date: q.end_date,
        },
        company_id: q.company_id,
    };
    let view = blocking(move || svc.carrier(&session.0, &query)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RangeParams {
    /// yyyy-mm-dd; default 7 days before the end.
    start_date: Option<String>,
    /// yyyy-mm-dd; default today; not after today nor before startDate.
    end_date: Option<String>,
}

impl RangeParams {
    fn query(self) -> DateQuery {
        DateQuery {
            start_date: self.start_date,
            end_date: self.end_date,
        }
    }
}

#[utoipa::path(tag = "dashboard", params(RangeParams),
    responses((status = 200, description = "[{name, companyId, faulty, attended, programmedTotal}] one per company", body = Vec<patio_application::admin::dashboard::SchedulingTotals>),
        (status = 401), (status = 403), (status = 422)))]
#[get("/scheduling/totals/all")]
pub async fn scheduling_totals_all(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<RangeParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.dashboard.clone();
    let q = q.into_inner().query();
    let list = blocking(move || svc.totals_all(&session.0, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "dashboard", params(RangeParams),
    responses((status = 200, description = "[{name: dd/MM, date, faulty, attended, programmedTotal}] one per day", body = Vec<patio_application::admin::dashboard::SchedulingTotals>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/scheduling/totals/company/{id}")]
pub async fn scheduling_totals_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<RangeParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.dashboard.clone();
    let id = path.into_inner();
    let q = q.into_inner().query();
    let list = blocking(move || svc.totals_company(&session.0, id, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "dashboard", params(RangeParams),
    responses((status = 200, description = "{complete, process}", body = patio_application::model::OrderTotals), (status = 401), (status = 403), (status = 422)))]
#[get("/order/totals/all")]
pub async fn order_totals_all(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<RangeParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.dashboard.clone();
    let q = q.into_inner().query();
    let totals = blocking(move || svc.order_totals(&session.0, None, &q)).await?;
    Ok(HttpResponse::Ok().json(totals))
}

#[utoipa::path(tag = "dashboard", params(RangeParams),
    responses((status = 200, description = "{complete, process}", body = patio_application::model::OrderTotals), (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/order/totals/company/{id}")]
pub async fn order_totals_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<RangeParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.dashboard.clone();
    let id = path.into_inner();
    let q = q.into_inner().query();
    let totals = blocking(move || svc.order_totals(&session.0, Some(id), &q)).await?;
    Ok(HttpResponse::Ok().json(totals))
}
