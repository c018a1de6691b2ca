//! Autocomplete pickers and the postal-code lookup.

use actix_web::get;
use actix_web::{web, HttpResponse};
use patio_application::admin::lookup::{LikeResource, PostalLookup};
use serde_json::json;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::session::{Session, StaffSession};
use crate::state::AppState;

// The resources this area answers (the regex in the `like` paths); other `/{kind}/like`
// paths belong to other areas.

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(like_roles_all)
        .service(like_roles)
        .service(like_all)
        .service(like)
        .service(like_in_company)
        .service(postal_code);
}

fn resource(name: &str) -> Result<LikeResource, ApiError> {
    match name {
        "company" => Ok(LikeResource::Company),
        "shipping-company" => Ok(LikeResource::ShippingCompany),
        "customer" => Ok(LikeResource::Customer),
        "user" => Ok(LikeResource::User),
        _ => Err(ApiError(patio_application::AppError::not_found())),
    }
}

async fn answer(
    state: web::Data<AppState>,
    session: StaffSession,
    kind: &str,
    text: Option<String>,
    company: Option<i64>,
) -> Result<HttpResponse, ApiError> {
    let kind = resource(kind)?;
    let svc = state.services.lookup.clone();
    let items = blocking(move || svc.like(&session.0, kind, text.as_deref(), company)).await?;
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(path = "/{resource}/like", tag = "lookup",
    params(("resource" = String, Path, description = "company, shipping-company, customer or user")),
    responses((status = 200, description = "Up to 20 items {id, code?, name, email?} in the actor's scope", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403), (status = 404, description = "Unknown resource")))]
#[get("/{resource:(company|shipping-company|customer|user)}/like")]
pub async fn like_all(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    answer(state, session, &path.into_inner(), None, None).await
}

#[utoipa::path(path = "/{resource}/like/{text}", tag = "lookup",
    params(("resource" = String, Path, description = "company, shipping-company, customer or user"),
        ("text" = String, Path, description = "Part of the name (or the code, or the e-mail)")),
    responses((status = 200, description = "Up to 20 items {id, code?, name, email?}", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403), (status = 404, description = "Unknown resource")))]
#[get("/{resource:(company|shipping-company|customer|user)}/like/{text}")]
pub async fn like(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (kind, text) = path.into_inner();
    answer(state, session, &kind, Some(text), None).await
}

#[utoipa::path(path = "/{resource}/like/{text}/company/{companyId}", tag = "lookup",
    params(("resource" = String, Path), ("text" = String, Path), ("companyId" = i64, Path)),
    responses((status = 200, description = "Items of one company", body = Vec<patio_application::model::LikeItem>), (status = 401), (status = 403), (status = 404)))]
#[get("/{resource:(company|shipping-company|customer|user)}/like/{text}/company/{companyId}")]
pub async fn like_in_company(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<(String, String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (kind, text, company) = path.into_inner();
    answer(state, session, &kind, Some(text), Some(company)).await
}

#[utoipa::path(tag = "lookup",
    responses((status = 200, description = "Every role {id, name}", body = Vec<patio_application::admin::lookup::RoleItem>), (status = 401)))]
#[get("/role/like")]
pub async fn like_roles_all(
    state: web::Data<AppState>,
    session: StaffSession,
) -> Result<HttpResponse, ApiError> {
    let items = state.services.lookup.like_roles(&session.0, None)?;
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(tag = "lookup",
    responses((status = 200, description = "Roles {id, name} whose spelling or label contains the text", body = Vec<patio_application::admin::lookup::RoleItem>), (status = 401)))]
#[get("/role/like/{text}")]
pub async fn like_roles(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let items = state
        .services
        .lookup
        .like_roles(&session.0, Some(&path.into_inner()))?;
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(tag = "lookup",
    responses((status = 200, description = "{cep, street, complement, district, city, uf}", body = patio_application::model::PostalAddress),
        (status = 401), (status = 404, description = "CEP não encontrado!"),
        (status = 422, description = "CEP inválido"),
        (status = 503, description = "The postal-code service could not be asked")))]
#[get("/postal-code/{cep}")]
pub async fn postal_code(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.lookup.clone();
    let cep = path.into_inner();
    match blocking(move || svc.postal_code(&session.0, &cep)).await? {
        PostalLookup::Found(address) => Ok(HttpResponse::Ok().json(address)),
        PostalLookup::Unavailable => Ok(HttpResponse::ServiceUnavailable().json(json!({
            "statusCode": 503,
            "code": "unavailable",
            "message": patio_application::admin::lookup::POSTAL_UNAVAILABLE_MESSAGE,
        }))),
    }
}
