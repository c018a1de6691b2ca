//! Shipping companies: list, read, save (with login, users' authorizations and contacts),
//! CSV import, delete.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::admin::shipping_companies::{SaveShippingCompany, ShippingCompanyService};
use serde::Deserialize;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::ListParams;
use super::customers::IMPORT_BODY_LIMIT;
use super::party;
use crate::error::ApiError;
use crate::session::StaffSession;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_shipping_companies)
        .service(save_shipping_company)
        .service(
            scope("/shipping-company/import")
                .app_data(
                    web::JsonConfig::default()
                        .limit(IMPORT_BODY_LIMIT)
                        .error_handler(crate::error::json_error),
                )
                .service(import_shipping_companies)
                .service(check_shipping_import),
        )
        .service(delete_shipping_company)
        .service(get_shipping_company);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportParams {
    /// The company the rows go to (administrators); else the rows' `company.id`.
    company_id: Option<i64>,
}

#[utoipa::path(tag = "shipping-companies", params(ListParams),
    responses((status = 200, description = "Shipping companies (8 per page when paged); search over name, CNPJ and code", body = patio_application::services::Listing<patio_application::admin::shipping_companies::ShippingCompanyView>),
        (status = 401), (status = 403)))]
#[get("/shipping-company")]
pub async fn list_shipping_companies(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    party::list::<ShippingCompanyService>(state, session, None, q).await
}

#[utoipa::path(tag = "shipping-companies",
    responses((status = 200, description = "With contacts, users and login (never a password)", body = patio_application::admin::shipping_companies::ShippingCompanyView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/shipping-company/{id}")]
pub async fn get_shipping_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    party::get::<ShippingCompanyService>(state, session, path).await
}

#[utoipa::path(tag = "shipping-companies",
    request_body = SaveShippingCompany,
    responses((status = 201, description = "Created", body = patio_application::admin::shipping_companies::ShippingCompanyView), (status = 200, description = "Edited", body = patio_application::admin::shipping_companies::ShippingCompanyView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Código já cadastrado! / Email já cadastrado!"), (status = 422)))]
#[post("/shipping-company/create")]
pub async fn save_shipping_company(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<SaveShippingCompany>,
) -> Result<HttpResponse, ApiError> {
    party::save::<ShippingCompanyService>(req, state, session, body).await
}

#[utoipa::path(tag = "shipping-companies",
    params(ImportParams), request_body = Vec<SaveShippingCompany>,
    responses((status = 201, description = "{created, updated}", body = patio_application::services::Imported), (status = 401), (status = 403),
        (status = 422, description = "'Linha N: ...' for the first bad row; nothing is saved")))]
#[post("")]
pub async fn import_shipping_companies(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ImportParams>,
    body: web::Json<Vec<SaveShippingCompany>>,
) -> Result<HttpResponse, ApiError> {
    party::import::<ShippingCompanyService>(req, state, session, q.company_id, body).await
}

#[utoipa::path(tag = "shipping-companies",
    request_body = Vec<SaveShippingCompany>,
    responses((status = 200, description = "Each row's first problem under the import's rules; nothing is saved", body = patio_application::services::ImportCheck),
        (status = 401), (status = 403), (status = 422, description = "An empty or too large file")))]
#[post("/check")]
pub async fn check_shipping_import(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<Vec<SaveShippingCompany>>,
) -> Result<HttpResponse, ApiError> {
    party::check_import::<ShippingCompanyService>(state, session, body).await
}

#[utoipa::path(tag = "shipping-companies",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Erro ao excluir, existe(m) pedido(s) para esta transportadora!")))]
#[delete("/shipping-company/delete/{id}")]
pub async fn delete_shipping_company(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    party::delete::<ShippingCompanyService>(req, state, session, path).await
}
