use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/health", web::get().to(health))
        .route("/ready", web::get().to(ready))
        .route("/openapi.json", web::get().to(openapi));
}

#[utoipa::path(get, path = "/api/health", tag = "ops", responses((status = 200, description = "Process up")))]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

#[utoipa::path(get, path = "/api/ready", tag = "ops",
    responses((status = 200, description = "Database reachable, migrations applied"), (status = 503)))]
pub async fn ready(state: web::Data<AppState>) -> HttpResponse {
    let check = state.ready.clone();
    match web::block(move || check()).await {
        Ok(true) => HttpResponse::Ok().json(json!({ "status": "ready" })),
        _ => HttpResponse::ServiceUnavailable().json(json!({
            "statusCode": 503, "code": "not_ready", "message": "Banco de dados indisponível."
        })),
    }
}

pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok().json(crate::openapi::document())
}
