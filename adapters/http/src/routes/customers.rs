//! Customers: list (all, or by company), read, save, CSV import, delete.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::admin::contacts::ContactItem;
use patio_application::admin::customers::CustomerService;
use patio_application::services::OptIdRef;
use patio_domain::admin::forms::PartyInput;
use serde::Deserialize;
use serde_json::Value;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::{text, ListParams};
use super::party::{self, PartyBody};
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

/// A customer as the form (and each import row) sends it. `id` 0 creates; `company` is the
/// legal name; `_company.id` the company it belongs to (administrators choose it).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerBody {
    pub(super) id: Option<i64>,
    /// Integer code (number or text).
    #[schema(value_type = Option<String>)]
    code: Option<Value>,
    name: Option<String>,
    company: Option<String>,
    cnpj: Option<String>,
    state_registration: Option<String>,
    uf: Option<String>,
    street: Option<String>,
    #[schema(value_type = Option<String>)]
    number: Option<Value>,
    complement: Option<String>,
    city: Option<String>,
    district: Option<String>,
    zip_code: Option<String>,
    #[serde(default)]
    pub(super) contact: Vec<ContactItem>,
    #[serde(rename = "_company")]
    owner_company: Option<OptIdRef>,
    /// Import only: the row's line in the file (the header is line 1).
    line: Option<usize>,
}

impl PartyBody for CustomerBody {
    fn input(&mut self) -> PartyInput {
        PartyInput {
            code: text(self.code.take()),
            name: self.name.take(),
            company: self.company.take(),
            cnpj: self.cnpj.take(),
            state_registration: self.state_registration.take(),
            uf: self.uf.take(),
            street: self.street.take(),
            number: text(self.number.take()),
            complement: self.complement.take(),
            city: self.city.take(),
            district: self.district.take(),
            zip_code: self.zip_code.take(),
        }
    }

    fn owner_company(&self) -> Option<i64> {
        self.owner_company.and_then(|c| c.id)
    }

    fn line(&self) -> Option<usize> {
        self.line
    }

    fn contacts(&self) -> &[ContactItem] {
        &self.contact
    }
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

#[utoipa::path(tag = "customers", request_body = CustomerBody,
    responses((status = 201, description = "Created", body = patio_application::admin::customers::CustomerView), (status = 200, description = "Edited", body = patio_application::admin::customers::CustomerView),
        (status = 401), (status = 403), (status = 404), (status = 409, description = "Código já cadastrado!"), (status = 422)))]
#[post("/customer/create")]
pub async fn save_customer(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<CustomerBody>,
) -> Result<HttpResponse, ApiError> {
    party::save::<CustomerService>(req, state, session, body).await
}

#[utoipa::path(tag = "customers", params(ImportParams),
    request_body = Vec<CustomerBody>,
    responses((status = 201, description = "{created, updated}", body = patio_application::services::Imported), (status = 401), (status = 403),
        (status = 422, description = "'Linha N: ...' for the first bad row; nothing is saved")))]
#[post("")]
pub async fn import_customers(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ImportParams>,
    body: web::Json<Vec<CustomerBody>>,
) -> Result<HttpResponse, ApiError> {
    party::import::<CustomerService>(req, state, session, q.company_id, body).await
}

#[utoipa::path(tag = "customers",
    request_body = Vec<CustomerBody>,
    responses((status = 200, description = "Each row's first problem under the import's rules; nothing is saved", body = patio_application::services::ImportCheck),
        (status = 401), (status = 403), (status = 422, description = "An empty or too large file")))]
#[post("/check")]
pub async fn check_customer_import(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<Vec<CustomerBody>>,
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
