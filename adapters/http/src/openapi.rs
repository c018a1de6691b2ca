//! The OpenAPI document served at `/api/openapi.json`.

use utoipa::OpenApi;

use crate::routes::{auth, ops, public, terms, users};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Pátio API",
        description = "Filas virtuais e expedição de pátios de carregamento."
    ),
    paths(
        ops::health,
        ops::ready,
        auth::staff_login,
        auth::staff_logout,
        auth::staff_session,
        auth::driver_login,
        auth::driver_logout,
        auth::driver_session,
        auth::driver_save,
        auth::issue_driver_link,
        auth::read_driver_link,
        public::company_by_host,
        public::public_companies,
        public::operating_data,
        public::attendance_today,
        public::active_term,
        users::get_user,
        terms::accept_terms,
    )
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}
