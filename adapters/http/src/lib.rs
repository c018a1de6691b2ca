//! actix-web adapter: thin handlers that parse, call one service method on a blocking thread
//! and map the result. Business rules live in the domain and application crates.

pub mod edge;
pub mod error;
pub mod export;
pub mod observe;
pub mod openapi;
pub mod routes;
pub mod security;
pub mod session;
pub mod state;
pub mod static_files;

pub use error::ApiError;
pub use state::{AppState, HttpConfig};

use actix_web::web;

/// Mounts `/api` and, when a built frontend exists, the single-page app on every other path.
pub fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        let static_dir = state.config.static_dir.clone();
        let upload_dir = state.config.upload_dir.clone();
        cfg.app_data(web::Data::new(state))
            .app_data(web::JsonConfig::default().error_handler(error::json_error))
            .app_data(web::QueryConfig::default().error_handler(error::query_error))
            .app_data(web::PathConfig::default().error_handler(error::path_error))
            // Everything under one scope so that `observe` (request id, access log, metrics)
            // sees every request, the unmatched ones included.
            .service(
                web::scope("")
                    .wrap(actix_web::middleware::from_fn(observe::observe))
                    // The edge middleware (foreign-origin writes, security headers) is wrapped
                    // inside `api_scope`, which keeps the scope's OpenAPI paths.
                    .service(routes::api_scope())
                    .service(observe::metrics_endpoint)
                    .configure(move |cfg| {
                        if let Some(dir) = upload_dir {
                            cfg.service(routes::uploads::files(dir));
                        }
                        // `spa` carries the browser-facing headers itself.
                        if let Some(dir) = static_dir {
                            cfg.service(static_files::spa(dir));
                        }
                    }),
            );
    }
}
