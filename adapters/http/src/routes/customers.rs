//! Customers: list (all, or by company), read, save, CSV import, delete.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::admin::customers::{CustomerService, SaveCustomer};
use serde::Deserialize;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::ListParams;
use super::party;
use crate::error::ApiError;
use crate::session::StaffSession;
use crate::state::AppState;

/// The largest import body (about 5000 rows).
pub const IMPORT_BODY_LIMIT: usize = 8 * 1024 * 1024;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_customers)
        .service(save_customer)
        .service(
            scope("/customer/import")
                .app_data(
                    web::JsonConfig::default()
                        .limit(IMPORT_BODY_LIMIT)
                        .error_handler(crate::error::json_error),
                )
                .service(import_customers)
                .service(check_customer_import),
        )
        .service(delete_customer)
        .service(list_company_customers)
        .service(get_customer);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportParams {
    /// The company the rows go to (administrators); else the rows' `_company.id`.
    company_id: Option<i64>,
}

#[utoipa::path(tag = "customers", params(ListParams),
    responses((status = 200, description = "Customers (9 per page when paged); search over name, CNPJ and code", body = patio_application::services::Listing<patio_application::admin::customers::CustomerView>),
        (status = 401), (status = 403)))]
#[get("/customer")]
pub async fn list_customers(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    party::list::<CustomerService>(state, session, None, q).await
}

#[utoipa::path(tag = "customers", params(ListParams),
    responses((status = 200, description = "The company's customers", body = patio_application::services::Listing<patio_application::admin::customers::CustomerView>), (status = 401), (status = 403), (status = 404)))]
#[get("/customer/company/{companyId}")]
pub async fn list_company_customers(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    party::list::<CustomerService>(state, session, Some(path.into_inner()), q).await
}

#[utoipa::path(tag = "customers",
    responses((status = 200, description = "The customer with its contacts", body = patio_application::admin::customers::CustomerView), (status = 401), (status = 403), (status = 404)))]
#[get("/customer/{id}")]
pub async fn get_customer(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    party::get::<CustomerService>(state, session, path).await
}

#[utoipa::path(tag = "customers", request_body = SaveCustomer,
    responses((status = 201, description = "Created", body = patio_application::admin::customers::CustomerView), (status = 200, description = "Edited", body = patio_application::admin::customers::CustomerView),
        (status = 401), (status = 403), (status = 404), (status = 409, description = "Código já cadastrado!"), (status = 422)))]
#[post("/customer/create")]
pub async fn save_customer(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<SaveCustomer>,
) -> Result<HttpResponse, ApiError> {
    party::save::<CustomerService>(req, state, session, body).await
}

#[utoipa::path(tag = "customers", params(ImportParams),
    request_body = Vec<SaveCustomer>,
    responses((status = 201, description = "{created, updated}", body = patio_application::services::Imported), (status = 401), (status = 403),
        (status = 422, description = "'Linha N: ...' for the first bad row; nothing is saved")))]
#[post("")]
pub async fn import_customers(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ImportParams>,
    body: web::Json<Vec<SaveCustomer>>,
) -> Result<HttpResponse, ApiError> {
    party::import::<CustomerService>(req, state, session, q.company_id, body).await
}

#[utoipa::path(tag = "customers",
    request_body = Vec<SaveCustomer>,
    responses((status = 200, description = "Each row's first problem under the import's rules; nothing is saved", body = patio_application::services::ImportCheck),
        (status = 401), (status = 403), (status = 422, description = "An empty or too large file")))]
#[post("/check")]
pub async fn check_customer_import(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<Vec<SaveCustomer>>,
) -> Result<HttpResponse, ApiError> {
    party::check_import::<CustomerService>(state, session, body).await
}

#[utoipa::path(tag = "customers",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Erro ao excluir, existe(m) pedido(s) para este cliente!")))]
#[delete("/customer/delete/{id}")]
pub async fn delete_customer(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    party::delete::<CustomerService>(req, state, session, path).await
}
