//! Companies: list, read, save, delete (administrators; a Usuario reads its own).

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::admin::companies::SaveCompany;
use patio_application::admin::contacts::ContactItem;
use patio_domain::admin::forms::CompanyInput;
use serde::Deserialize;
use serde_json::Value;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::{saved, text, ListParams};
use crate::error::{blocking, ApiError};
use crate::session::{client_address, StaffSession};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_companies)
        .service(save_company)
        .service(delete_company)
        .service(get_company);
}

/// The company form. `id` absent, null or 0 creates; `company` is the legal name.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyBody {
    id: Option<i64>,
    name: Option<String>,
    company: Option<String>,
    cnpj: Option<String>,
    uf: Option<String>,
    city: Option<String>,
    street: Option<String>,
    /// A number or text of at most 5 digits.
    #[schema(value_type = Option<String>)]
    number: Option<Value>,
    complement: Option<String>,
    district: Option<String>,
    zip_code: Option<String>,
    website: Option<String>,
    status: Option<bool>,
    #[serde(default)]
    contact: Vec<ContactItem>,
}

#[utoipa::path(tag = "companies", params(ListParams),
    responses((status = 200, description = "Companies (6 per page when paged); search over name, legal name and CNPJ", body = patio_application::services::Listing<patio_application::admin::companies::CompanyListItem>),
        (status = 401), (status = 403)))]
#[get("/company")]
pub async fn list_companies(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.companies.clone();
    let q = q.into_inner().query();
    let list = blocking(move || svc.list(&session.0, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "companies",
    responses((status = 200, description = "The company with its contacts", body = patio_application::admin::companies::CompanyView), (status = 401), (status = 403), (status = 404)))]
#[get("/company/{id}")]
pub async fn get_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.companies.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "companies", request_body = CompanyBody,
    responses((status = 201, description = "Created", body = patio_application::admin::companies::CompanyView), (status = 200, description = "Edited", body = patio_application::admin::companies::CompanyView),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[post("/company/create")]
pub async fn save_company(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<CompanyBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let cmd = SaveCompany {
        id: b.id,
        input: CompanyInput {
            name: b.name,
            company: b.company,
            cnpj: b.cnpj,
            uf: b.uf,
            city: b.city,
            street: b.street,
            number: text(b.number),
            complement: b.complement,
            district: b.district,
            zip_code: b.zip_code,
            website: b.website,
            status: b.status,
        },
        contacts: b.contact.into_iter().map(ContactItem::cmd).collect(),
    };
    let svc = state.services.companies.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.save(&session.0, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

#[utoipa::path(tag = "companies",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Still referenced")))]
#[delete("/company/delete/{id}")]
pub async fn delete_company(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.companies.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}
