use actix_web::{web, HttpResponse};
use serde_json::json;

pub mod auth;
pub mod ops;
pub mod public;
pub mod terms;
pub mod users;

/// Every API route; unknown `/api` paths answer a JSON 404, never the app's HTML.
pub fn api_scope() -> actix_web::Scope {
    web::scope("/api")
        .configure(ops::routes)
        .configure(auth::routes)
        .configure(public::routes)
        .configure(users::routes)
        .configure(terms::routes)
        .default_service(web::to(|| async {
            HttpResponse::NotFound().json(json!({
                "statusCode": 404,
                "code": "not_found",
                "message": patio_application::error::NOT_FOUND_MESSAGE,
            }))
        }))
}

#[derive(Debug, Clone, Copy, serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct IdRef {
    pub id: i64,
}
