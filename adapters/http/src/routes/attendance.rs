//! The day's attendance: start (`POST /attendances/save`) and end (`PUT /attendances/update`).
//! `GET /attendances/today/company/{id}` is public and lives in `public.rs`.

use actix_web::{post, put};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::IdRef;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, Session};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(start).service(end);
}

/// `user` is recorded from the session (the body's value is not trusted).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StartBody {
    pub user: Option<IdRef>,
    pub company: IdRef,
}

#[utoipa::path(tag = "attendance", request_body = StartBody,
    responses((status = 201, description = "{id, status: true, day, companyId}", body = patio_application::queue::attendance::AttendanceView),
        (status = 200, description = "Already open: the open attendance", body = patio_application::queue::attendance::AttendanceView),
        (status = 401), (status = 403), (status = 404)))]
#[post("/attendances/save")]
pub async fn start(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<StartBody>,
) -> Result<HttpResponse, ApiError> {
    let company_id = body.company.id;
    let ip = client_address(&req);
    let svc = state.services.attendance.clone();
    let (created, view) = blocking(move || svc.start(&session.0, company_id, ip)).await?;
    Ok(if created {
        HttpResponse::Created().json(view)
    } else {
        HttpResponse::Ok().json(view)
    })
}

#[utoipa::path(tag = "attendance", request_body = IdRef,
    responses((status = 200, description = "{id, status: false, day, companyId, moved, movedTo}", body = patio_application::queue::attendance::AttendanceView),
        (status = 401), (status = 403), (status = 404),
        (status = 409, description = "'O atendimento já foi encerrado.'")))]
#[put("/attendances/update")]
pub async fn end(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    body: web::Json<IdRef>,
) -> Result<HttpResponse, ApiError> {
    let id = body.id;
    let ip = client_address(&req);
    let svc = state.services.attendance.clone();
    let view = blocking(move || svc.end(&session.0, id, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}
