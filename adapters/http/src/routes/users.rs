use actix_web::{web, HttpResponse};

use crate::error::{blocking, ApiError};
use crate::session::Session;
use crate::state::AppState;
use actix_web::get;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_user);
}

#[utoipa::path(tag = "users",
    responses((status = 200, description = "The user, without password", body = patio_application::admin::users::UserView), (status = 401), (status = 403), (status = 404)))]
#[get("/users/{id}")]
pub async fn get_user(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.users.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}
