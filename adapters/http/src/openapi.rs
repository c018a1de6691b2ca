//! The OpenAPI document served at `/api/openapi.json`.

use utoipa::OpenApi;

use crate::routes::{
    admin_users, auth, companies, contacts, customers, dashboard, logs, lookup, ops, public,
    shipping_companies, terms, users,
};
use crate::routes::{attendance, queue, ws};
use crate::routes::{holidays, popups, settings, use_terms};

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
        companies::list_companies,
        companies::get_company,
        companies::save_company,
        companies::delete_company,
        customers::list_customers,
        customers::list_company_customers,
        customers::get_customer,
        customers::save_customer,
        customers::import_customers,
        customers::delete_customer,
        shipping_companies::list_shipping_companies,
        shipping_companies::get_shipping_company,
        shipping_companies::save_shipping_company,
        shipping_companies::import_shipping_companies,
        shipping_companies::delete_shipping_company,
        admin_users::list_users,
        admin_users::save_user,
        admin_users::save_profile,
        admin_users::delete_user,
        contacts::delete_contact,
        logs::search_logs,
        logs::log_operations,
        logs::log_objects,
        dashboard::scheduling_totals_all,
        dashboard::scheduling_totals_company,
        dashboard::order_totals_all,
        dashboard::order_totals_company,
        lookup::like_all,
        lookup::like,
        lookup::like_in_company,
        lookup::like_roles_all,
        lookup::like_roles,
        lookup::postal_code,
        settings::get_settings,
        settings::save_settings,
        settings::upload_logo,
        settings::toggle_tolerance,
        settings::date_time,
        settings::delete_delay,
        holidays::company_holidays,
        holidays::all_holidays,
        holidays::save_holiday,
        holidays::delete_holiday,
        use_terms::company_terms,
        use_terms::get_term,
        use_terms::save_term,
        use_terms::delete_term,
        popups::company_popups,
        popups::showing_popups,
        popups::view_count,
        popups::users_count,
        popups::save_popup,
        popups::upload_image,
        popups::read_popup,
        popups::delete_popup,
        queue::join,
        queue::leave,
        queue::reset,
        queue::delay,
        queue::company_queue,
        queue::shipping_queue,
        queue::active_company,
        queue::active_shipping,
        queue::panel,
        queue::totals,
        queue::next_date,
        queue::driver_position,
        queue::has_driver,
        queue::driver_positions,
        ws::connect,
        queue::delay_status,
        queue::entry,
        attendance::start,
        attendance::end,
    )
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.merge(crate::routes::orders::OrdersApi::openapi());
    doc
}
