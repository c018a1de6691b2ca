//! Sets (conjuntos) and their linking to shipping companies (spec 2 section 7 "Sets and
//! linking"): the list paged by key, its CSV and XLSX exports, binding pairs to a shipping
//! company in one call, unbinding, and the linking screen's reads.

use actix_web::http::header;
use actix_web::{get, patch, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::fleet::sets::{BindCmd, ExportTable, GroupsQuery, UnbindCmd};
use patio_application::services::OptIdRef;
use patio_domain::fleet::sets::PairInput;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::ListParams;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, StaffSession};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(export_csv)
        .service(export_xlsx)
        .service(groups)
        .service(bind)
        .service(unbind)
        .service(linked)
        .service(candidate_trucks)
        .service(candidate_drivers);
}

/// The filters of the sets list and of its exports. `from_id` and `page_size` page by key:
/// the rows after `from_id`, by driver id (15 by default, at most 100).
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GroupsParams {
    /// The `nextFromId` of the previous page (absent or 0: from the start).
    from_id: Option<i64>,
    /// 15 for the first page, 16 for each 'Carregar mais'; 1 to 100.
    page_size: Option<i64>,
    /// A plate, or part of one (letters and digits).
    truck_search: Option<String>,
    /// A driver's name or CPF, or part of one.
    driver_search: Option<String>,
    /// The unit (company); administrators only, others always see their own.
    #[serde(rename = "companyId")]
    #[param(rename = "companyId")]
    company_id: Option<i64>,
    /// Not for a Transportadora, which always sees its own.
    #[serde(rename = "shippingCompanyId")]
    #[param(rename = "shippingCompanyId")]
    shipping_company_id: Option<i64>,
    /// The queue label: pending, tolerance, attended or fault.
    status: Option<String>,
    /// 'Na Fila': only drivers with an active queue entry.
    #[serde(rename = "inQueue")]
    #[param(rename = "inQueue")]
    in_queue: Option<bool>,
    /// 'Sem Veículo': only drivers without a truck.
    #[serde(rename = "withoutTruck")]
    #[param(rename = "withoutTruck")]
    without_truck: Option<bool>,
}

impl GroupsParams {
    fn query(self) -> GroupsQuery {
        GroupsQuery {
            from_id: self.from_id,
            page_size: self.page_size,
            truck_search: self.truck_search,
            driver_search: self.driver_search,
            company_id: self.company_id,
            shipping_company_id: self.shipping_company_id,
            status: self.status,
            in_queue: self.in_queue,
            without_truck: self.without_truck,
        }
    }
}

/// A pair to bind: a truck and its driver.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GroupPairBody {
    truck: Option<OptIdRef>,
    driver: Option<OptIdRef>,
}

/// `POST shipping-company/bind`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindBody {
    shipping_company: Option<OptIdRef>,
    #[serde(default)]
    groups: Vec<GroupPairBody>,
    /// The shipping company's company (checked when sent).
    company: Option<OptIdRef>,
}

/// `PATCH shipping-company/unbind`: a linked pair (truck and driver), a truck or a driver.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PairUnbindBody {
    truck: Option<OptIdRef>,
    driver: Option<OptIdRef>,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CandidateParams {
    /// A plate (trucks) or a name or CPF (drivers), or part of one.
    search: Option<String>,
}

fn id(r: Option<OptIdRef>) -> Option<i64> {
    r.and_then(|r| r.id)
}

#[utoipa::path(tag = "sets", params(GroupsParams),
    responses((status = 200, description = "One page of sets by driver id after `from_id`; `nextFromId` is null at the end", body = patio_application::fleet::sets::DriverGroupsPage),
        (status = 401), (status = 403),
        (status = 422, description = "'Situação inválida.' (status)")))]
#[get("/driver/groups")]
pub async fn groups(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<GroupsParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.sets.clone();
    let q = q.into_inner().query();
    let page = blocking(move || svc.groups(&session.0, &q)).await?;
    Ok(HttpResponse::Ok().json(page))
}

/// The CSV file: `;`-separated (what spreadsheets in pt-BR expect), UTF-8 with a BOM, formula
/// cells neutralised (the export's one writer).
fn csv_bytes(table: &ExportTable) -> Result<Vec<u8>, ApiError> {
    crate::export::csv_bytes(&table.header, &table.rows)
}

/// The XLSX file: one sheet 'Conjuntos', the header in bold, the id as a number.
fn xlsx_bytes(table: &ExportTable) -> Result<Vec<u8>, ApiError> {
    use rust_xlsxwriter::{Format, Workbook};
    let fail = |e: rust_xlsxwriter::XlsxError| {
        ApiError(patio_application::AppError::internal(format!("xlsx: {e}")))
    };
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("Conjuntos").map_err(fail)?;
    let bold = Format::new().set_bold();
    for (col, title) in (0u16..).zip(table.header) {
        sheet
            .write_string_with_format(0, col, title, &bold)
            .map_err(fail)?;
    }
    for (row, values) in (1u32..).zip(&table.rows) {
        for (col, value) in (0u16..).zip(values) {
            match (col, value.parse::<f64>()) {
                (0, Ok(n)) => sheet.write_number(row, col, n).map(|_| ()),
                _ => sheet.write_string(row, col, value).map(|_| ()),
            }
            .map_err(fail)?;
        }
    }
    for (col, width) in (0u16..).zip([10.0, 40.0, 16.0, 30.0, 30.0, 30.0]) {
        sheet.set_column_width(col, width).map_err(fail)?;
    }
    book.save_to_buffer().map_err(fail)
}

fn attachment(content_type: &str, name: &str, bytes: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(bytes)
}

#[utoipa::path(tag = "sets", params(GroupsParams),
    responses((status = 200, description = "conjuntos.csv: Id;Nome;CPF;Caminhão;Transportadora;Unidade for the filters (every page; `from_id` and `page_size` ignored)", content_type = "text/csv", body = String),
        (status = 401), (status = 403, description = "Transportadora, Espectador, Portaria"),
        (status = 409, description = "More than 100000 sets: narrow the filters"),
        (status = 422)))]
#[get("/driver/groups/export.csv")]
pub async fn export_csv(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<GroupsParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.sets.clone();
    let q = q.into_inner().query();
    let table = blocking(move || svc.export(&session.0, &q)).await?;
    let bytes = csv_bytes(&table)?;
    Ok(attachment(
        "text/csv; charset=utf-8",
        "conjuntos.csv",
        bytes,
    ))
}

#[utoipa::path(tag = "sets", params(GroupsParams),
    responses((status = 200, description = "conjuntos.xlsx: a sheet 'Conjuntos' with Id, Nome, CPF, Caminhão, Transportadora, Unidade for the filters", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = String),
        (status = 401), (status = 403, description = "Transportadora, Espectador, Portaria"),
        (status = 409, description = "More than 100000 sets: narrow the filters"),
        (status = 422)))]
#[get("/driver/groups/export.xlsx")]
pub async fn export_xlsx(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<GroupsParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.sets.clone();
    let q = q.into_inner().query();
    let table = blocking(move || svc.export(&session.0, &q)).await?;
    let bytes = web::block(move || xlsx_bytes(&table))
        .await
        .map_err(|e| ApiError(patio_application::AppError::internal(e)))??;
    Ok(attachment(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "conjuntos.xlsx",
        bytes,
    ))
}

#[utoipa::path(tag = "sets", request_body = BindBody,
    responses((status = 200, description = "Every pair bound in one transaction: 'Veículos vinculados com sucesso!'", body = patio_application::fleet::sets::BindView),
        (status = 401), (status = 403),
        (status = 404, description = "The shipping company, a truck or a driver is of another company (or not in the caller's scope)"),
        (status = 409, description = "'O caminhão X já está vinculado a outra transportadora!', 'O motorista X já está vinculado a outra transportadora!' (nothing bound)"),
        (status = 422, description = "'Selecione uma transportadora!', 'Adicione ao menos um conjunto (caminhão e motorista)!', 'Selecione um caminhão!', 'Selecione um motorista!', 'Este caminhão já está em outro conjunto da lista!', 'A transportadora não é desta empresa!'")))]
#[post("/shipping-company/bind")]
pub async fn bind(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<BindBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let cmd = BindCmd {
        shipping_company_id: id(body.shipping_company),
        company_id: id(body.company),
        pairs: body
            .groups
            .into_iter()
            .map(|g| PairInput {
                truck_id: id(g.truck),
                driver_id: id(g.driver),
            })
            .collect(),
    };
    let svc = state.services.sets.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.bind(&session.0, ip.as_deref(), cmd)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "sets", request_body = PairUnbindBody,
    responses((status = 200, description = "'Conjunto desvinculado com sucesso', 'Caminhão desvinculado com sucesso' or 'Motorista desvinculado com sucesso'", body = patio_application::fleet::sets::UnbindView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Não está vinculado a uma transportadora!'"),
        (status = 422, description = "'Selecione o caminhão ou o motorista!'")))]
#[patch("/shipping-company/unbind")]
pub async fn unbind(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<PairUnbindBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let cmd = UnbindCmd {
        truck_id: id(body.truck),
        driver_id: id(body.driver),
    };
    let svc = state.services.sets.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.unbind(&session.0, ip.as_deref(), cmd)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "sets", params(ListParams),
    responses((status = 200, description = "The pairs bound to the shipping company (5 per page); `search` matches a plate, a driver name or a CPF", body = patio_application::services::PageView<patio_application::fleet::sets::LinkedPair>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/shipping-company/{id}/groups")]
pub async fn linked(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.sets.clone();
    let shipping_id = path.into_inner();
    let q = q.into_inner().query();
    let page = blocking(move || svc.linked(&session.0, shipping_id, &q)).await?;
    Ok(HttpResponse::Ok().json(page))
}

#[utoipa::path(tag = "sets", params(CandidateParams),
    responses((status = 200, description = "Up to 20 trucks of the shipping company's company, free or already its own, by plate", body = Vec<patio_application::fleet::sets::CandidateTruckView>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/shipping-company/{id}/bind/trucks")]
pub async fn candidate_trucks(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<CandidateParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.sets.clone();
    let shipping_id = path.into_inner();
    let search = q.into_inner().search;
    let list =
        blocking(move || svc.candidate_trucks(&session.0, shipping_id, search.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "sets", params(CandidateParams),
    responses((status = 200, description = "Up to 20 drivers of the shipping company's company, free or already its own, by name or CPF", body = Vec<patio_application::fleet::sets::CandidateDriverView>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/shipping-company/{id}/bind/drivers")]
pub async fn candidate_drivers(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<CandidateParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.sets.clone();
    let shipping_id = path.into_inner();
    let search = q.into_inner().search;
    let list =
        blocking(move || svc.candidate_drivers(&session.0, shipping_id, search.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list))
}
