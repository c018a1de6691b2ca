use actix_web::{web, HttpResponse};

use crate::error::{blocking, ApiError};
use crate::session::Session;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/users/{id}", web::get().to(get_user));
}

#[utoipa::path(get, path = "/api/users/{id}", tag = "users",
    responses((status = 200, description = "The user, without password"), (status = 401), (status = 403), (status = 404)))]
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
