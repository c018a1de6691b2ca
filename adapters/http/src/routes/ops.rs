use actix_web::get;
use actix_web::{web, HttpResponse};
use serde_json::json;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::state::AppState;

/// `{status: "ok"}` (process up) or `{status: "ready"}` (database reachable).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Status {
    pub status: &'static str,
}

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(health).service(ready).service(openapi);
}

#[utoipa::path(tag = "ops", responses((status = 200, description = "Process up", body = Status)))]
#[get("/health")]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().json(Status { status: "ok" })
}

/// How long `/api/ready` waits for the database's answer.
const READY_DEADLINE: std::time::Duration = std::time::Duration::from_secs(3);

#[utoipa::path(tag = "ops",
    responses((status = 200, description = "Database reachable, migrations applied", body = Status), (status = 503)))]
#[get("/ready")]
pub async fn ready(state: web::Data<AppState>) -> HttpResponse {
    let check = state.ready.clone();
    // A database that stops answering (not even a statement timeout comes back) is "not
    // ready" after this long, not when the TCP connection gives up.
    match actix_web::rt::time::timeout(READY_DEADLINE, web::block(move || check())).await {
        Ok(Ok(true)) => HttpResponse::Ok().json(Status { status: "ready" }),
        _ => HttpResponse::ServiceUnavailable().json(json!({
            "statusCode": 503, "code": "not_ready", "message": "Banco de dados indisponível."
        })),
    }
}

#[utoipa::path(tag = "ops", responses((status = 200, description = "This document", body = Object)))]
#[get("/openapi.json")]
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok().json(crate::openapi::document())
}
