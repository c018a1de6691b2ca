//! Shipping companies: list, read, save (with login, users' authorizations and contacts),
//! CSV import, delete.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::model::AuthorizationFlags;
use patio_application::services::party::ImportRow;
use patio_application::services::shipping_companies::{SaveShippingCompany, UserFlagsCmd};
use patio_domain::admin::forms::{LoginInput, PartyInput};
use serde::Deserialize;
use serde_json::Value;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::{saved, text, ContactItem, ListParams, OptIdRef};
use super::customers::IMPORT_BODY_LIMIT;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, StaffSession};
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

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginBody {
    /// The e-mail the shipping company's user signs in with.
    login: Option<String>,
    /// At most 11 characters; required when the login is new.
    password: Option<String>,
}

/// Contact authorizations of one of its users.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingUserBody {
    id: i64,
    #[serde(default)]
    has_email: bool,
    #[serde(default, rename = "hasSMS")]
    has_sms: bool,
    #[serde(default)]
    has_whats: bool,
}

/// The shipping-company form (and each import row). `id` 0 creates; `company.id` is the
/// company it belongs to (administrators choose it).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingCompanyBody {
    id: Option<i64>,
    #[schema(value_type = Option<String>)]
    code: Option<Value>,
    name: Option<String>,
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
    is_enabled: Option<bool>,
    #[serde(default)]
    contact: Vec<ContactItem>,
    #[serde(default)]
    users: Vec<ShippingUserBody>,
    login: Option<LoginBody>,
    company: Option<OptIdRef>,
    /// Import only: the row's line in the file (the header is line 1).
    line: Option<usize>,
}

impl ShippingCompanyBody {
    fn input(&mut self) -> PartyInput {
        PartyInput {
            code: text(self.code.take()),
            name: self.name.take(),
            company: None,
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
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportParams {
    /// The company the rows go to (administrators); else the rows' `company.id`.
    company_id: Option<i64>,
}

#[utoipa::path(tag = "shipping-companies", params(ListParams),
    responses((status = 200, description = "Shipping companies (8 per page when paged); search over name, CNPJ and code", body = patio_application::services::Listing<patio_application::services::shipping_companies::ShippingCompanyView>),
        (status = 401), (status = 403)))]
#[get("/shipping-company")]
pub async fn list_shipping_companies(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.shipping_companies.clone();
    let q = q.into_inner().query();
    let list = blocking(move || svc.list(&session.0, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "shipping-companies",
    responses((status = 200, description = "With contacts, users and login (never a password)", body = patio_application::services::shipping_companies::ShippingCompanyView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/shipping-company/{id}")]
pub async fn get_shipping_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.shipping_companies.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "shipping-companies",
    request_body = ShippingCompanyBody,
    responses((status = 201, description = "Created", body = patio_application::services::shipping_companies::ShippingCompanyView), (status = 200, description = "Edited", body = patio_application::services::shipping_companies::ShippingCompanyView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Código já cadastrado! / Email já cadastrado!"), (status = 422)))]
#[post("/shipping-company/create")]
pub async fn save_shipping_company(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<ShippingCompanyBody>,
) -> Result<HttpResponse, ApiError> {
    let mut b = body.into_inner();
    let login = b.login.take();
    let cmd = SaveShippingCompany {
        id: b.id,
        company_id: b.company.and_then(|c| c.id),
        input: b.input(),
        is_enabled: b.is_enabled,
        contacts: std::mem::take(&mut b.contact)
            .into_iter()
            .map(ContactItem::cmd)
            .collect(),
        login: LoginInput {
            login: login.as_ref().and_then(|l| l.login.clone()),
            password: login.and_then(|l| l.password),
        },
        users: b
            .users
            .iter()
            .map(|u| UserFlagsCmd {
                id: u.id,
                flags: AuthorizationFlags {
                    has_email: u.has_email,
                    has_sms: u.has_sms,
                    has_whats: u.has_whats,
                },
            })
            .collect(),
    };
    let svc = state.services.shipping_companies.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.save(&session.0, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

#[utoipa::path(tag = "shipping-companies",
    params(ImportParams), request_body = Vec<ShippingCompanyBody>,
    responses((status = 201, description = "{created, updated}", body = patio_application::services::Imported), (status = 401), (status = 403),
        (status = 422, description = "'Linha N: ...' for the first bad row; nothing is saved")))]
#[post("")]
pub async fn import_shipping_companies(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<ImportParams>,
    body: web::Json<Vec<ShippingCompanyBody>>,
) -> Result<HttpResponse, ApiError> {
    let rows = body.into_inner();
    let company = q
        .company_id
        .or_else(|| rows.first().and_then(|r| r.company).and_then(|c| c.id));
    let rows = import_rows(rows);
    let svc = state.services.shipping_companies.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.import(&session.0, ip.as_deref(), company, rows)).await?;
    Ok(HttpResponse::Created().json(out))
}

#[utoipa::path(tag = "shipping-companies",
    request_body = Vec<ShippingCompanyBody>,
    responses((status = 200, description = "Each row's first problem under the import's rules; nothing is saved", body = patio_application::services::ImportCheck),
        (status = 401), (status = 403), (status = 422, description = "An empty or too large file")))]
#[post("/check")]
pub async fn check_shipping_import(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<Vec<ShippingCompanyBody>>,
) -> Result<HttpResponse, ApiError> {
    let rows = import_rows(body.into_inner());
    let svc = state.services.shipping_companies.clone();
    let out = blocking(move || svc.check_import(&session.0, rows)).await?;
    Ok(HttpResponse::Ok().json(out))
}

fn import_rows(rows: Vec<ShippingCompanyBody>) -> Vec<ImportRow> {
    rows.into_iter()
        .map(|mut r| ImportRow {
            line: r.line,
            input: r.input(),
            contacts: r.contact.iter().map(ContactItem::input).collect(),
        })
        .collect()
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
    let svc = state.services.shipping_companies.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}
