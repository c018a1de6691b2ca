//! Blocked dates (spec 3 section 7): `GET /holidays/company/{companyId}`, `GET /holidays`,
//! `POST /holidays/save`, `DELETE /holidays/delete/{id}`.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::settings::holidays::SaveHoliday;
use serde::Deserialize;
use serde_json::Value;
use utoipa_actix_web::service_config::ServiceConfig;

use super::settings::{company_of, id_of, text_of, ObjectBody};
use crate::error::{blocking, ApiError};
use crate::session::{client_address, Session};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(company_holidays)
        .service(all_holidays)
        .service(save_holiday)
        .service(delete_holiday);
}

/// `dates` as a list of day strings; a JSON text of that list, or one day, is accepted too.
fn dates_of(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::Array(list)) => list.iter().filter_map(|d| text_of(Some(d))).collect(),
        Some(Value::String(s)) => match serde_json::from_str::<Vec<String>>(s) {
            Ok(list) => list,
            Err(_) => vec![s.clone()],
        },
        _ => Vec::new(),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
#[allow(dead_code)] // read as JSON by name; the struct documents the body
pub struct HolidayBody {
    /// Left out: a new entry.
    id: Option<i64>,
    /// `{id}` or an id.
    #[schema(value_type = Object)]
    company: Value,
    title: Option<String>,
    /// Every blocked day, `YYYY-MM-DD`.
    dates: Vec<String>,
}

#[utoipa::path(tag = "settings",
    params(("companyId" = i64, Path, description = "Company")),
    responses((status = 200, description = "[{id, title, dates: [YYYY-MM-DD], company: {id}, createdAt}]", body = Vec<patio_application::settings::holidays::HolidayView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/holidays/company/{companyId}")]
pub async fn company_holidays(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.holidays.clone();
    let id = path.into_inner();
    let list = blocking(move || svc.of_company(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "settings",
    responses((status = 200, description = "Administrators: every company's; other staff: their company's", body = Vec<patio_application::settings::holidays::HolidayView>),
        (status = 401), (status = 403)))]
#[get("/holidays")]
pub async fn all_holidays(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.holidays.clone();
    let list = blocking(move || svc.all(&session.0)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "settings", request_body = HolidayBody,
    responses((status = 201, description = "Created: the entry", body = patio_application::settings::holidays::HolidayView), (status = 200, description = "Updated: the entry", body = patio_application::settings::holidays::HolidayView),
        (status = 401), (status = 403), (status = 404), (status = 422, description = "'Data é obrigatório'")))]
#[post("/holidays/save")]
pub async fn save_holiday(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: ObjectBody,
) -> Result<HttpResponse, ApiError> {
    let cmd = SaveHoliday {
        id: id_of("id", body.get("id"))?,
        company_id: company_of(body.get("company"))?,
        title: text_of(body.get("title")).unwrap_or_default(),
        dates: dates_of(body.get("dates")),
        ip: client_address(&req),
    };
    let svc = state.services.holidays.clone();
    let saved = blocking(move || svc.save(&session.0, cmd)).await?;
    Ok(if saved.created {
        HttpResponse::Created().json(saved.view)
    } else {
        HttpResponse::Ok().json(saved.view)
    })
}

#[utoipa::path(tag = "settings",
    params(("id" = i64, Path, description = "Blocked-dates entry")),
    responses((status = 204), (status = 401), (status = 403), (status = 404)))]
#[delete("/holidays/delete/{id}")]
pub async fn delete_holiday(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.holidays.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    blocking(move || svc.delete(&session.0, id, ip)).await?;
    Ok(HttpResponse::NoContent().finish())
}
