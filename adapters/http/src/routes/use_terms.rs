//! Terms of use as the term form writes them (spec 3 section 7): `GET /useTerm/company/{id}`,
//! `GET /useTerm/{id}`, `POST /useTerm/save`, `DELETE /useTerm/delete/{id}`. The public read
//! of the active term and the acceptance are in `public` and `terms`.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::settings::use_terms::SaveTerm;
use serde::Deserialize;
use serde_json::Value;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::settings::{company_of, flag_of, id_of, large_json, text_of, ObjectBody};
use crate::error::{blocking, ApiError};
use crate::session::{client_address, Session};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(company_terms)
        .service(
            scope("/useTerm/save")
                .app_data(large_json())
                .service(save_term),
        )
        .service(delete_term)
        .service(get_term);
}

#[derive(Deserialize, utoipa::ToSchema)]
#[allow(dead_code)] // read as JSON by name; the struct documents the body
pub struct UseTermBody {
    /// Null, left out or "undefined": a new term.
    #[schema(value_type = Option<i64>)]
    id: Option<Value>,
    title: String,
    /// Rich text; scripts, event handlers and javascript: links are removed on the server.
    content: String,
    /// Saving a term as active deactivates the company's other terms.
    active: bool,
    /// `{id}` or an id.
    #[schema(value_type = Object)]
    company: Value,
}

#[utoipa::path(tag = "terms",
    params(("companyId" = i64, Path, description = "Company")),
    responses((status = 200, description = "[{id, title, content, active, company: {id}, createdAt, updatedAt}]", body = Vec<patio_application::settings::use_terms::UseTermView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/useTerm/company/{companyId}")]
pub async fn company_terms(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.use_terms.clone();
    let id = path.into_inner();
    let list = blocking(move || svc.of_company(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "terms",
    params(("id" = i64, Path, description = "Term")),
    responses((status = 200, description = "{id, title, content, active, company: {id}, createdAt, updatedAt}", body = patio_application::settings::use_terms::UseTermView),
        (status = 401), (status = 403), (status = 404)))]
#[get("/useTerm/{id}")]
pub async fn get_term(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.use_terms.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "terms", request_body = UseTermBody,
    responses((status = 201, description = "{message: 'Cadastro realizado com sucesso', useTerm, acceptanceReset}", body = patio_application::settings::use_terms::SavedTermView),
        (status = 200, description = "Updated, same body", body = patio_application::settings::use_terms::SavedTermView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'Dado já cadastrado!' (title taken in the company)"), (status = 422)))]
#[post("")]
pub async fn save_term(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: ObjectBody,
) -> Result<HttpResponse, ApiError> {
    let cmd = SaveTerm {
        id: id_of("id", body.get("id"))?,
        company_id: company_of(body.get("company"))?,
        title: text_of(body.get("title")).unwrap_or_default(),
        content: text_of(body.get("content")).unwrap_or_default(),
        active: flag_of(body.get("active")).unwrap_or(false),
        ip: client_address(&req),
    };
    let svc = state.services.use_terms.clone();
    let saved = blocking(move || svc.save(&session.0, cmd)).await?;
    Ok(if saved.created {
        HttpResponse::Created().json(saved)
    } else {
        HttpResponse::Ok().json(saved)
    })
}

#[utoipa::path(tag = "terms",
    params(("id" = i64, Path, description = "Term")),
    responses((status = 204), (status = 401), (status = 403), (status = 404)))]
#[delete("/useTerm/delete/{id}")]
pub async fn delete_term(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.use_terms.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    blocking(move || svc.delete(&session.0, id, ip)).await?;
    Ok(HttpResponse::NoContent().finish())
}
