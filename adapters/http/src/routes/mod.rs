use actix_web::{web, HttpResponse};
use serde_json::json;

pub mod admin_common;
pub mod admin_users;
pub mod attendance;
pub mod auth;
pub mod companies;
pub mod contacts;
pub mod customers;
pub mod dashboard;
pub mod driver_app;
pub mod drivers;
pub mod history;
pub mod holidays;
pub mod integration;
pub mod loadings;
pub mod logs;
pub mod lookup;
pub mod ops;
pub mod orders;
mod party;
pub mod popups;
pub mod products;
pub mod public;
pub mod queue;
pub mod queue_desk;
pub mod queue_overview;
pub mod rescues;
pub mod sets;
pub mod settings;
pub mod shipping_companies;
pub mod terms;
pub mod truck_catalog;
pub mod trucks;
pub mod uploads;
pub mod use_terms;
pub mod users;
pub mod ws;
pub mod yard;

/// Every API route; unknown `/api` paths answer a JSON 404, never the app's HTML.
/// Routes are registered only through `service(handler)` of utoipa-actix-web, so each one
/// carries its `#[utoipa::path]` documentation into `/api/openapi.json` (a route without it
/// does not compile; `route()`/`resource()` are refused by clippy.toml).
pub fn api_scope() -> impl actix_web::dev::HttpServiceFactory + utoipa_actix_web::OpenApiFactory {
    utoipa_actix_web::scope("/api")
        // Queue first: its reads are the hot path (see queue::routes).
        .configure(queue::routes)
        .configure(ws::routes)
        .configure(ops::routes)
        .configure(auth::routes)
        .configure(public::routes)
        .configure(users::routes)
        .configure(terms::routes)
        // Administration. `lookup` first: `/company/like` before `/company/{id}`.
        .configure(lookup::routes)
        // Sets before the driver routes: `/driver/groups` is not a driver id.
        .configure(sets::routes)
        .configure(companies::routes)
        .configure(customers::routes)
        .configure(shipping_companies::routes)
        .configure(admin_users::routes)
        .configure(contacts::routes)
        .configure(logs::routes)
        // Trading data (spec 2): products and orders.
        .configure(products::routes)
        .configure(truck_catalog::routes)
        // Drivers (spec 2): after every other `/driver/...` route (`/driver/{id}` is last).
        .configure(drivers::routes)
        .configure(trucks::routes)
        .configure(orders::routes)
        // Before the loadings: `/scheduling` (the history) next to `/scheduling/{id}`.
        .configure(history::routes)
        .configure(loadings::routes)
        .configure(dashboard::routes)
        // Settings area (spec 3): settings, delays, blocked dates, terms, pop-ups.
        .configure(settings::routes)
        .configure(holidays::routes)
        .configure(use_terms::routes)
        .configure(popups::routes)
        // Attendance (spec 3): start and end of the day's attendance.
        .configure(attendance::routes)
        // The yard (issue 13): loading close and weight, dropouts, check-ins and calls.
        .configure(yard::routes)
        // The driver app (spec 3): the driver refusing its own authorised order.
        .configure(driver_app::routes)
        // Rescues (issue 13): /queue-restore.
        .configure(rescues::routes)
        // Carriers' integration (issue 26): keys, the v1 and webhooks.
        .configure(integration::routes)
        .default_service(web::to(|| async {
            HttpResponse::NotFound().json(json!({
                "statusCode": 404,
                "code": "not_found",
                "message": patio_application::error::NOT_FOUND_MESSAGE,
            }))
        }))
        .wrap(actix_web::middleware::from_fn(crate::edge::refuse_nul))
        .wrap(actix_web::middleware::from_fn(
            crate::edge::refuse_keys_elsewhere,
        ))
        .wrap(actix_web::middleware::from_fn(
            crate::edge::refuse_foreign_writes,
        ))
        .wrap(crate::edge::api_headers())
        // API answers are compressed as they go (the static files were compressed at build
        // time, see static_files).
        .wrap(actix_web::middleware::Compress::default())
}

pub use patio_application::model::IdRef;
