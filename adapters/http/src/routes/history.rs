//! The loading history (spec 3 "Loading history"): the grid's pages and the three exports,
//! all from one server query.

use actix_web::get;
use actix_web::{web, HttpResponse};
use patio_application::orders::history::{HistoryQuery, HistoryTable};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::export::{attachment, csv_bytes, pdf_bytes, xlsx_bytes, Fit};
use crate::session::StaffSession;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(history)
        .service(history_csv)
        .service(history_xlsx)
        .service(history_pdf);
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryParams {
    /// 30, 60, 90 or 120 days (default 30).
    period: Option<u32>,
    /// Administrators: one company.
    company_id: Option<i64>,
    customer_id: Option<i64>,
    order_id: Option<i64>,
    truck_id: Option<i64>,
    driver_id: Option<i64>,
    /// cliente, pedido, caminhao or motorista; absent: one row per loading.
    group_by: Option<String>,
    /// 1-based page of 9 rows (the grid only).
    page: Option<u32>,
}

impl HistoryParams {
    fn query(self) -> HistoryQuery {
        HistoryQuery {
            period: self.period,
            company_id: self.company_id,
            customer_id: self.customer_id,
            order_id: self.order_id,
            truck_id: self.truck_id,
            driver_id: self.driver_id,
            group_by: self.group_by,
            page: self.page,
        }
    }
}

#[utoipa::path(tag = "history", params(HistoryParams),
    responses((status = 200, description = "One page of 9 finished loadings, or of groups", body = patio_application::orders::history::HistoryPageView),
        (status = 401), (status = 403, description = "Other roles than Administrador and Usuario"),
        (status = 404, description = "Another company"), (status = 422, description = "Period or grouping not offered")))]
#[get("/scheduling")]
pub async fn history(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<HistoryParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.history.clone();
    let q = q.into_inner().query();
    let page = blocking(move || svc.page(&session.0, &q)).await?;
    Ok(HttpResponse::Ok().json(page))
}

async fn table(
    state: web::Data<AppState>,
    session: StaffSession,
    q: HistoryParams,
) -> Result<HistoryTable, ApiError> {
    let svc = state.services.history.clone();
    let q = q.query();
    blocking(move || svc.table(&session.0, &q)).await
}

#[utoipa::path(tag = "history", params(HistoryParams),
    responses((status = 200, description = "Every row of the query, `;`-separated", content_type = "text/csv", body = String),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/history/export.csv")]
pub async fn history_csv(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<HistoryParams>,
) -> Result<HttpResponse, ApiError> {
    let t = table(state, session, q.into_inner()).await?;
    let bytes = csv_bytes(&t.header, &t.text_rows())?;
    Ok(attachment(
        "text/csv; charset=utf-8",
        "historico.csv",
        bytes,
    ))
}

#[utoipa::path(tag = "history", params(HistoryParams),
    responses((status = 200, description = "'Historico de Descarregamento.xlsx'", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/history/export.xlsx")]
pub async fn history_xlsx(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<HistoryParams>,
) -> Result<HttpResponse, ApiError> {
    let t = table(state, session, q.into_inner()).await?;
    let widths: Vec<f64> = t
        .header
        .iter()
        .map(|h| if *h == "Data" { 14.0 } else { 24.0 })
        .collect();
    let bytes = web::block(move || xlsx_bytes("Histórico", &t.header, &t.rows, &widths))
        .await
        .map_err(|e| ApiError(patio_application::AppError::internal(e.to_string())))??;
    Ok(attachment(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Historico de Descarregamento.xlsx",
        bytes,
    ))
}

#[utoipa::path(tag = "history", params(HistoryParams),
    responses((status = 200, description = "report.pdf: A4 portrait, titled 'Histórico'", content_type = "application/pdf", body = Vec<u8>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/history/report.pdf")]
pub async fn history_pdf(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<HistoryParams>,
) -> Result<HttpResponse, ApiError> {
    let q = q.into_inner();
    let subtitle = format!("Período: últimos {} dias", q.period.unwrap_or(30));
    let t = table(state, session, q).await?;
    // Dates (a group's period too), codes, plates and numbers whole; names wrap.
    let fits: Vec<Fit> = t
        .header
        .iter()
        .map(|h| match *h {
            "Data" | "Período" | "Pedido" | "Placa" | "Caminhão" => Fit::Whole,
            "Pedido (t)" | "Carregado (t)" | "Carregamentos" => Fit::Number,
            _ => Fit::Wrap,
        })
        .collect();
    let rows = t.text_rows();
    let bytes = web::block(move || pdf_bytes("Histórico", &subtitle, &t.header, &rows, &fits))
        .await
        .map_err(|e| ApiError(patio_application::AppError::internal(e.to_string())))??;
    Ok(attachment("application/pdf", "report.pdf", bytes))
}
