//! Shipping companies: list, read, save (with login, users' authorizations and contacts),
//! CSV import, delete.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::admin::contacts::ContactItem;
use patio_application::admin::shipping_companies::{
    SaveShippingCompany, ShippingCompanyService, UserFlagsCmd,
};
use patio_application::model::AuthorizationFlags;
use patio_application::services::OptIdRef;
use patio_domain::admin::forms::{LoginInput, PartyInput};
use serde::Deserialize;
use serde_json::Value;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::{text, ListParams};
use super::customers::IMPORT_BODY_LIMIT;
use super::party::{self, PartyBody};
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
    /// The save command of the form.
    pub(super) fn save_cmd(mut self) -> SaveShippingCompany {
        let login = self.login.take();
        SaveShippingCompany {
            id: self.id,
            company_id: self.owner_company(),
            input: self.input(),
            is_enabled: self.is_enabled,
            contacts: party::cmds(&mut self.contact),
            login: LoginInput {
                login: login.as_ref().and_then(|l| l.login.clone()),
                password: login.and_then(|l| l.password),
            },
            users: self
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
        }
    }
}

impl PartyBody for ShippingCompanyBody {
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

    fn owner_company(&self) -> Option<i64> {
        self.company.and_then(|c| c.id)
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
    request_body = ShippingCompanyBody,
    responses((status = 201, description = "Created", body = patio_application::admin::shipping_companies::ShippingCompanyView), (status = 200, description = "Edited", body = patio_application::admin::shipping_companies::ShippingCompanyView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Código já cadastrado! / Email já cadastrado!"), (status = 422)))]
#[post("/shipping-company/create")]
pub async fn save_shipping_company(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<ShippingCompanyBody>,
) -> Result<HttpResponse, ApiError> {
    party::save::<ShippingCompanyService>(req, state, session, body).await
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
    party::import::<ShippingCompanyService>(req, state, session, q.company_id, body).await
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
