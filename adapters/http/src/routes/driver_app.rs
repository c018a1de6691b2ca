//! The driver app's own calls (spec 3 section 2, "Driver app"): refusing an authorised order
//! and the driver's own registration.

use actix_web::{get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::queue::driver_app::RegisterDriver;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::session::{client_address, secure_cookies, session_cookie, Session, DRIVER_COOKIE};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(refuse_loading)
        .service(register_driver)
        .service(registration_brands)
        .service(registration_models)
        .service(own_profile);
}

#[utoipa::path(tag = "driver-app", request_body = RegisterDriver,
    responses((status = 201, description = "{id, name, message: 'Cadastro realizado com sucesso'}; REG_DRIVER log; sets the patio_driver cookie (signed in)", body = patio_application::queue::driver_app::RegisteredDriverView),
        (status = 409, description = "code duplicate: 'Já existe cadastro!' (the CPF is registered); 'Empresa não encontrada.'"),
        (status = 422, description = "The registration's messages (spec 3 section 5): 'Nome é obrigatório!', 'Cpf Inválido', ...")))]
#[post("/driver/app/register")]
pub async fn register_driver(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<RegisterDriver>,
) -> Result<HttpResponse, ApiError> {
    let cmd = RegisterDriver {
        ip: client_address(&req),
        ..body.into_inner()
    };
    let svc = state.services.driver_app.clone();
    let view = blocking(move || svc.register(&cmd)).await?;
    Ok(HttpResponse::Created()
        .cookie(session_cookie(
            DRIVER_COOKIE,
            view.access_token.clone(),
            state.config.driver_session_seconds,
            secure_cookies(&req),
        ))
        .json(view))
}

#[utoipa::path(tag = "driver-app",
    responses((status = 200, description = "{id, message: 'Recusado com sucesso!'}: the loading left the order (reason 'RECUSADO PELO MOTORISTA')", body = patio_application::queue::driver_app::RefusedLoadingView),
        (status = 401), (status = 403, description = "Staff"), (status = 404, description = "Not the driver's loading"),
        (status = 409, description = "Started, finished, or held by the driver's queue entry")))]
#[post("/scheduling/refuse/{id}")]
pub async fn refuse_loading(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let svc = state.services.driver_app.clone();
    let view = blocking(move || svc.refuse(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "driver-app",
    responses((status = 200, description = "Every truck brand, by name: the registration wizard's truck step, before the driver has a session", body = Vec<patio_application::fleet::truck_catalog::BrandView>)))]
#[get("/driver/app/truck-brands")]
pub async fn registration_brands(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let list = blocking(move || svc.all_brands()).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "driver-app",
    responses((status = 200, description = "The brand's models: the registration wizard's truck step", body = Vec<patio_application::fleet::truck_catalog::ModelView>),
        (status = 404)))]
#[get("/driver/app/truck-models/{brandId}")]
pub async fn registration_models(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.truck_catalog.clone();
    let brand = path.into_inner();
    let list = blocking(move || svc.models_of_brand(brand)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "driver-app",
    responses((status = 200, description = "The signed-in driver with its contacts and authorizations (the profile screen)", body = patio_application::fleet::drivers::DriverView),
        (status = 401), (status = 403, description = "Staff")))]
#[get("/driver/app/profile")]
pub async fn own_profile(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.drivers.clone();
    let view = blocking(move || svc.own_profile(&session.0)).await?;
    Ok(HttpResponse::Ok().json(view))
}
