//! Drivers (spec 2 section 7 "Drivers", spec 3 section 7): lists, read, the staff form's save
//! (which also takes the sign-in transfer's confirmed override), delete, unbind, the driver's
//! own account deletion, the driver log and the `driver` picker.
//!
//! `/driver/groups` (the sets screen) lives elsewhere: its module must be configured before
//! this one, or `/driver/{id}` answers it.

use actix_web::{delete, get, patch, post};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::NaiveDate;
use patio_application::auth::DriverTransfer;
use patio_application::fleet::drivers::{DeleteAccount, DriverListQuery, SaveDriver};
use patio_domain::roles::SessionKind;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_common::saved;
use super::IdRef;
use crate::error::{blocking, ApiError};
use crate::session::{
    client_address, expired_cookie, secure_cookies, session_cookie, DriverSession, Session,
    Sessions, StaffSession, DRIVER_COOKIE,
};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_all)
        .service(list_all_slash)
        .service(like_all)
        .service(like)
        .service(like_company_all)
        .service(like_shipping_all)
        .service(like_in_company)
        .service(like_in_shipping)
        .service(list_company)
        .service(list_shipping)
        .service(driver_save)
        .service(unbind_shipping)
        .service(delete_driver)
        .service(delete_account)
        .service(driver_logs)
        .service(get_driver);
}

/// `page` (from 1), `pageSize`, `search` (id, name or CPF) and the filters. Without `page`
/// and `pageSize` the answer is an array of every row.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DriverListParams {
    pub page: Option<i64>,
    pub page_size: Option<i64>,
    pub search: Option<String>,
    /// Administrators: one company's drivers.
    pub company_id: Option<i64>,
    /// One shipping company's drivers.
    pub shipping_company_id: Option<i64>,
}

impl DriverListParams {
    fn query(self) -> DriverListQuery {
        DriverListQuery {
            page: self.page,
            page_size: self.page_size,
            search: self.search,
            company_id: self.company_id,
            shipping_company_id: self.shipping_company_id,
        }
    }
}

async fn list(
    state: web::Data<AppState>,
    session: StaffSession,
    company: Option<i64>,
    shipping: Option<i64>,
    q: DriverListParams,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.drivers.clone();
    let q = q.query();
    let out = blocking(move || svc.list(&session.0, company, shipping, &q)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "drivers", params(DriverListParams),
    responses((status = 200, description = "The drivers the caller sees (8 per page when paged): an Administrador every company's, a Usuario its company's, a Transportadora its shipping company's", body = patio_application::services::Listing<patio_application::fleet::drivers::DriverItem>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/driver")]
pub async fn list_all(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<DriverListParams>,
) -> Result<HttpResponse, ApiError> {
    list(state, session, None, None, q.into_inner()).await
}

#[utoipa::path(tag = "drivers", params(DriverListParams),
    responses((status = 200, description = "Same as GET /driver", body = patio_application::services::Listing<patio_application::fleet::drivers::DriverItem>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/driver/")]
pub async fn list_all_slash(
    state: web::Data<AppState>,
    session: StaffSession,
    q: web::Query<DriverListParams>,
) -> Result<HttpResponse, ApiError> {
    list(state, session, None, None, q.into_inner()).await
}

#[utoipa::path(tag = "drivers", params(("id" = i64, Path), DriverListParams),
    responses((status = 200, description = "One company's drivers (404 outside the caller's companies)", body = patio_application::services::Listing<patio_application::fleet::drivers::DriverItem>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/driver/company/{id}")]
pub async fn list_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<DriverListParams>,
) -> Result<HttpResponse, ApiError> {
    list(
        state,
        session,
        Some(path.into_inner()),
        None,
        q.into_inner(),
    )
    .await
}

#[utoipa::path(tag = "drivers", params(("id" = i64, Path), DriverListParams),
    responses((status = 200, description = "One shipping company's drivers (404 outside the caller's reach)", body = patio_application::services::Listing<patio_application::fleet::drivers::DriverItem>),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/driver/shipping-company/{id}")]
pub async fn list_shipping(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
    q: web::Query<DriverListParams>,
) -> Result<HttpResponse, ApiError> {
    list(
        state,
        session,
        None,
        Some(path.into_inner()),
        q.into_inner(),
    )
    .await
}

#[utoipa::path(tag = "drivers",
    responses((status = 200, description = "The driver with its contacts and authorizations", body = patio_application::fleet::drivers::DriverView),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[get("/driver/{id}")]
pub async fn get_driver(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.drivers.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// What `POST /driver/save` answers: the driver (the staff form) or the transfer (the
/// sign-in's confirmed override).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // documentation only: the handler answers either body
pub enum DriverSaveAnswer {
    Driver(patio_application::fleet::drivers::DriverView),
    Transfer(patio_application::auth::TransferView),
}

#[utoipa::path(tag = "drivers", request_body = SaveDriver,
    responses((status = 201, description = "Created", body = patio_application::fleet::drivers::DriverView),
        (status = 200, description = "Updated (the form), or the driver moved to the company (the sign-in transfer: a TransferView, with `login` when confirmed by the driver's token)", body = DriverSaveAnswer),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "code duplicate: 'Erro ao cadastrar, estes dados ja existem'; code company_move: the driver is in the queue of (or holds a loading at) the company it would leave — save again with override"),
        (status = 422, description = "The form's messages (spec 2 section 5)")))]
#[post("/driver/save")]
pub async fn driver_save(
    req: HttpRequest,
    state: web::Data<AppState>,
    sessions: Sessions,
    body: web::Json<SaveDriver>,
) -> Result<HttpResponse, ApiError> {
    let cmd = body.into_inner();
    let staff = sessions.of_kind(SessionKind::Staff);
    if !cmd.is_form() {
        return transfer(req, state, staff, cmd).await;
    }
    let actor = staff.ok_or_else(ApiError::unauthorized)?;
    let svc = state.services.drivers.clone();
    let ip = client_address(&req);
    let out = blocking(move || svc.save(&actor, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

/// The sign-in transfer confirmed by the driver (its token) or by staff of both companies.
async fn transfer(
    req: HttpRequest,
    state: web::Data<AppState>,
    staff: Option<patio_domain::auth::Actor>,
    body: SaveDriver,
) -> Result<HttpResponse, ApiError> {
    let (true, Some(driver_id), Some(company)) =
        (body.override_, body.id, body.company.and_then(|c| c.id))
    else {
        return Err(ApiError(patio_application::AppError::field(
            "override",
            crate::error::BAD_REQUEST_MESSAGE,
        )));
    };
    let cmd = DriverTransfer {
        driver_id,
        company_id: company,
        transfer_token: body.transfer_token,
        actor: staff,
    };
    let svc = state.services.auth.clone();
    let view = blocking(move || svc.transfer_driver(cmd)).await?;
    let mut res = HttpResponse::Ok();
    if let Some(login) = &view.login {
        res.cookie(session_cookie(
            DRIVER_COOKIE,
            login.access_token.clone(),
            state.config.driver_session_seconds,
            secure_cookies(&req),
        ));
    }
    Ok(res.json(view))
}

#[utoipa::path(tag = "drivers",
    responses((status = 200, description = "{id, message}", body = patio_application::services::Deleted),
        (status = 401), (status = 403), (status = 404), (status = 422),
        (status = 409, description = "Erro ao excluir,  existe(m) pedido(s) para este motorista!")))]
#[delete("/driver/delete/{id}")]
pub async fn delete_driver(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.drivers.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = blocking(move || svc.delete(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `PATCH /driver/unbind-shipping-company`: `{driver: {id}}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UnbindBody {
    driver: IdRef,
}

#[utoipa::path(tag = "drivers", request_body = UnbindBody,
    responses((status = 200, description = "{id, message: 'Motorista desvinculado com sucesso'}", body = patio_application::fleet::drivers::UnboundView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "The driver has no shipping company")))]
#[patch("/driver/unbind-shipping-company")]
pub async fn unbind_shipping(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<UnbindBody>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.drivers.clone();
    let id = body.into_inner().driver.id;
    let ip = client_address(&req);
    let out = blocking(move || svc.unbind(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

/// The driver's own account deletion: CPF and birth date typed again.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteAccountBody {
    #[serde(default)]
    cpf: String,
    /// `yyyy-mm-dd` (or `dd/mm/yyyy`).
    #[serde(default)]
    birth_date: String,
}

#[utoipa::path(tag = "drivers", request_body = DeleteAccountBody,
    responses((status = 200, description = "{id, message: 'Conta excluida!'}; the driver session ends", body = patio_application::fleet::drivers::AccountDeletedView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Você está na fila. Saia da fila antes de excluir sua conta."),
        (status = 422, description = "CPF ou data de nascimento não conferem.")))]
#[delete("/driver/app/delete/{id}")]
pub async fn delete_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: DriverSession,
    path: web::Path<i64>,
    body: web::Json<DeleteAccountBody>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.drivers.clone();
    let id = path.into_inner();
    let body = body.into_inner();
    let cmd = DeleteAccount {
        cpf: body.cpf,
        birth_date: body.birth_date,
    };
    let out = blocking(move || svc.delete_account(&session.0, id, &cmd)).await?;
    Ok(HttpResponse::Ok()
        .cookie(expired_cookie(DRIVER_COOKIE, secure_cookies(&req)))
        .json(out))
}

/// `startDate` and `endDate` (`yyyy-mm-dd`): From defaults to today, To to seven days later.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LogRangeParams {
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
}

#[utoipa::path(tag = "drivers", params(("id" = i64, Path), LogRangeParams),
    responses((status = 200, description = "The driver's log rows, newest first: title as HTML built from escaped values, company, details", body = Vec<patio_application::fleet::drivers::DriverLogView>),
        (status = 400), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "A data final não pode ser menor que a data inicial.")))]
#[get("/log-driver/{id}")]
pub async fn driver_logs(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    q: web::Query<LogRangeParams>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.drivers.clone();
    let id = path.into_inner();
    let q = q.into_inner();
    let out = blocking(move || svc.logs(&session.0, id, q.start_date, q.end_date)).await?;
    Ok(HttpResponse::Ok().json(out))
}

// ---- The `driver` picker (spec 2 section 7 "Typeahead").

async fn pick(
    state: web::Data<AppState>,
    session: StaffSession,
    text: Option<String>,
    company: Option<i64>,
    shipping: Option<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.drivers.clone();
    let items = blocking(move || svc.like(&session.0, text.as_deref(), company, shipping)).await?;
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(tag = "lookup",
    responses((status = 200, description = "Up to 20 drivers {id, code, name} in the caller's reach", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403)))]
#[get("/driver/like")]
pub async fn like_all(
    state: web::Data<AppState>,
    session: StaffSession,
) -> Result<HttpResponse, ApiError> {
    pick(state, session, None, None, None).await
}

#[utoipa::path(tag = "lookup",
    params(("text" = String, Path, description = "Part of the name, the CPF or the id")),
    responses((status = 200, description = "Up to 20 drivers {id, code, name}", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403)))]
#[get("/driver/like/{text}")]
pub async fn like(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    pick(state, session, Some(path.into_inner()), None, None).await
}

#[utoipa::path(tag = "lookup", params(("companyId" = i64, Path)),
    responses((status = 200, description = "Drivers of one company", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/driver/like/company/{companyId}")]
pub async fn like_company_all(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    pick(state, session, None, Some(path.into_inner()), None).await
}

#[utoipa::path(tag = "lookup", params(("shippingCompanyId" = i64, Path)),
    responses((status = 200, description = "Drivers of one shipping company", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/driver/like/shipping-company/{shippingCompanyId}")]
pub async fn like_shipping_all(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    pick(state, session, None, None, Some(path.into_inner())).await
}

#[utoipa::path(tag = "lookup", params(("text" = String, Path), ("companyId" = i64, Path)),
    responses((status = 200, description = "Matching drivers of one company", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/driver/like/{text}/company/{companyId}")]
pub async fn like_in_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (text, company) = path.into_inner();
    pick(state, session, Some(text), Some(company), None).await
}

#[utoipa::path(tag = "lookup", params(("text" = String, Path), ("shippingCompanyId" = i64, Path)),
    responses((status = 200, description = "Matching drivers of one shipping company", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/driver/like/{text}/shipping-company/{shippingCompanyId}")]
pub async fn like_in_shipping(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (text, shipping) = path.into_inner();
    pick(state, session, Some(text), None, Some(shipping)).await
}
