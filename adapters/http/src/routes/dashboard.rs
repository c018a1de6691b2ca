//! The staff dashboard's figures.

use actix_web::{web, HttpResponse};
use patio_application::services::dashboard::DateQuery;
use serde::Deserialize;

use crate::error::{blocking, ApiError};
use crate::session::StaffSession;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/scheduling/totals/all",
        web::get().to(scheduling_totals_all),
    )
    .route(
        "/scheduling/totals/company/{id}",
        web::get().to(scheduling_totals_company),
    )
    .route("/order/totals/all", web::get().to(order_totals_all))
    .route(
        "/order/totals/company/{id}",
        web::get().to(order_totals_company),
    );
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

#[utoipa::path(get, path = "/api/scheduling/totals/all", tag = "dashboard", params(RangeParams),
    responses((status = 200, description = "[{name, companyId, faulty, attended, programmedTotal}] one per company"),
        (status = 401), (status = 403), (status = 422)))]
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

#[utoipa::path(get, path = "/api/scheduling/totals/company/{id}", tag = "dashboard", params(RangeParams),
    responses((status = 200, description = "[{name: dd/MM, date, faulty, attended, programmedTotal}] one per day"),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
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

#[utoipa::path(get, path = "/api/order/totals/all", tag = "dashboard", params(RangeParams),
    responses((status = 200, description = "{complete, process}"), (status = 401), (status = 403), (status = 422)))]
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

#[utoipa::path(get, path = "/api/order/totals/company/{id}", tag = "dashboard", params(RangeParams),
    responses((status = 200, description = "{complete, process}"), (status = 401), (status = 403), (status = 404), (status = 422)))]
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
