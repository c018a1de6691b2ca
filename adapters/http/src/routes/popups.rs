//! Pop-ups (spec 3 section 7): lists, the showing ones, read counts, save, image upload, the
//! driver's read, delete.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::settings::popups::{ReadPopup, SavePopup};
use patio_application::AppError;
use serde::Deserialize;
use serde_json::Value;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::settings::{company_of, flag_of, id_of, large_json, text_of, ObjectBody};
use super::uploads::read_upload;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, DriverSession, Session};
use crate::state::AppState;

pub const POPUP_REQUIRED_MESSAGE: &str = "Informe o pop-up.";

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(showing_popups)
        .service(company_popups)
        .service(view_count)
        .service(users_count)
        .service(
            scope("/popups/save")
                .app_data(large_json())
                .service(save_popup),
        )
        .service(upload_image)
        .service(read_popup)
        .service(delete_popup);
}

/// Text that is absent or null stays `None` (for optional fields).
fn optional_text(v: Option<&Value>) -> Option<String> {
    match v {
        None | Some(Value::Null) => None,
        v => text_of(v),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
#[allow(dead_code)] // read as JSON by name; the struct documents the body
pub struct PopupBody {
    /// Null or left out: a new pop-up.
    id: Option<i64>,
    /// RFC 3339, or a day (`YYYY-MM-DD`) read in the company's zone from its first second.
    start_at: Option<String>,
    /// RFC 3339, or a day read to its last second. Not before `start_at`.
    end_at: Option<String>,
    active: bool,
    title: String,
    /// The description.
    label: Option<String>,
    /// Left out: keep the stored image; `""` removes it. An uploaded `/uploads/...` path or
    /// an `https://` address.
    #[serde(rename = "imageUrl")]
    image_url: Option<String>,
    /// Rich text, sanitised on the server.
    content: Option<String>,
    #[schema(value_type = Object)]
    company: Value,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[allow(dead_code)]
pub struct PopupReadBody {
    id: i64,
    /// The signed-in driver.
    #[schema(value_type = Object)]
    driver: Value,
    #[schema(value_type = Object)]
    company: Option<Value>,
}

/// The multipart form of the pop-up image upload (documentation only).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct PopupImageUpload {
    /// PNG or JPEG, at most 2 MB.
    #[schema(value_type = String, format = Binary)]
    image: Vec<u8>,
    /// The pop-up.
    id: i64,
}

#[utoipa::path(tag = "popups",
    params(("companyId" = i64, Path, description = "Company")),
    responses((status = 200, description = "[{id, start_at, end_at, active, title, label, imageUrl, content, company: {id}, views, viewsUnique, createdAt, updatedAt}]", body = Vec<patio_application::settings::popups::PopupView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/popups/company/{companyId}")]
pub async fn company_popups(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.popups.clone();
    let id = path.into_inner();
    let list = blocking(move || svc.of_company(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "popups",
    params(("companyId" = i64, Path, description = "Company")),
    responses((status = 200, description = "The pop-ups active now (start_at <= now <= end_at)", body = Vec<patio_application::settings::popups::PopupView>),
        (status = 401), (status = 404)))]
#[get("/popups/company/active/{companyId}")]
pub async fn showing_popups(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.popups.clone();
    let id = path.into_inner();
    let list = blocking(move || svc.showing(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(list))
}

#[utoipa::path(tag = "popups",
    params(("id" = i64, Path, description = "Pop-up")),
    responses((status = 200, description = "{id, views}: reads recorded", body = patio_application::settings::popups::ViewCount), (status = 401), (status = 403), (status = 404)))]
#[get("/popups/view-count/{id}")]
pub async fn view_count(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.popups.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.view_count(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "popups",
    params(("id" = i64, Path, description = "Pop-up")),
    responses((status = 200, description = "{id, viewsUnique}: distinct drivers", body = patio_application::settings::popups::UsersCount), (status = 401), (status = 403), (status = 404)))]
#[get("/popups/users-count/{id}")]
pub async fn users_count(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.popups.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.users_count(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "popups", request_body = PopupBody,
    responses((status = 201, description = "Created: the pop-up", body = patio_application::settings::popups::PopupView), (status = 200, description = "Updated: the pop-up", body = patio_application::settings::popups::PopupView),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
#[post("")]
pub async fn save_popup(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: ObjectBody,
) -> Result<HttpResponse, ApiError> {
    let cmd = SavePopup {
        id: id_of("id", body.get("id"))?,
        company_id: company_of(body.get("company"))?,
        start_at: optional_text(body.get("start_at")),
        end_at: optional_text(body.get("end_at")),
        active: flag_of(body.get("active")).unwrap_or(true),
        title: text_of(body.get("title")).unwrap_or_default(),
        label: optional_text(body.get("label")),
        image_url: match body.get("imageUrl") {
            None => None,
            v => Some(text_of(v).unwrap_or_default()),
        },
        content: optional_text(body.get("content")),
        ip: client_address(&req),
    };
    let svc = state.services.popups.clone();
    let saved = blocking(move || svc.save(&session.0, cmd)).await?;
    Ok(if saved.created {
        HttpResponse::Created().json(saved.view)
    } else {
        HttpResponse::Ok().json(saved.view)
    })
}

#[utoipa::path(tag = "popups",
    request_body(content = PopupImageUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "The pop-up with its new imageUrl", body = patio_application::settings::popups::PopupView),
        (status = 401), (status = 403), (status = 404),
        (status = 422, description = "Not PNG/JPEG by content, larger than 2 MB, or not multipart")))]
#[post("/popups/upload")]
pub async fn upload_image(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let form = read_upload(&req, payload, "image").await?;
    let id = form
        .field("id")
        .and_then(|s| s.parse::<i64>().ok())
        .ok_or_else(|| ApiError(AppError::field("id", POPUP_REQUIRED_MESSAGE)))?;
    let svc = state.services.popups.clone();
    let ip = client_address(&req);
    let view = blocking(move || svc.upload_image(&session.0, id, &form.file, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "popups", request_body = PopupReadBody,
    responses((status = 201, description = "{id, driver: {id}, readAt}; a READ_POPUP driver log is written", body = patio_application::settings::popups::ReadView),
        (status = 401), (status = 404)))]
#[post("/popups/read")]
pub async fn read_popup(
    state: web::Data<AppState>,
    session: DriverSession,
    body: ObjectBody,
) -> Result<HttpResponse, ApiError> {
    let cmd = ReadPopup {
        popup_id: id_of("id", body.get("id"))?
            .ok_or_else(|| ApiError(AppError::field("id", POPUP_REQUIRED_MESSAGE)))?,
        driver_id: id_of("driver", body.get("driver"))?.unwrap_or(session.0.id),
        company_id: id_of("company", body.get("company"))?,
    };
    let svc = state.services.popups.clone();
    let view = blocking(move || svc.read(&session.0, cmd)).await?;
    Ok(HttpResponse::Created().json(view))
}

#[utoipa::path(tag = "popups",
    params(("id" = i64, Path, description = "Pop-up")),
    responses((status = 204), (status = 401), (status = 403), (status = 404)))]
#[delete("/popups/delete/{id}")]
pub async fn delete_popup(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.popups.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    blocking(move || svc.delete(&session.0, id, ip)).await?;
    Ok(HttpResponse::NoContent().finish())
}
