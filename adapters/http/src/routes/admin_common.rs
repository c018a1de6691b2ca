//! Request pieces shared by the administration routes: list queries, values that arrive as a
//! number or as text, and the answers of saves and deletes. (Contact rows and `{id}`
//! references are the application's: its commands deserialise them.)

use actix_web::HttpResponse;
use patio_application::services::{ListQuery, Saved};
use serde::{Deserialize, Serialize};

/// `page` (from 1), `pageSize`, `search` and the filters of a list. Without `page` and
/// `pageSize` the answer is an array of every row; with either, `{items, total, page,
/// pageSize}`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    pub page: Option<i64>,
    pub page_size: Option<i64>,
    pub search: Option<String>,
    pub company_id: Option<i64>,
    /// Users only: Administrador, Usuario, Transportadora, Expedicao, Espectador, Portaria.
    pub role: Option<String>,
    /// Shipping companies: accepted and ignored (trucks have their own list).
    pub with_trucks: Option<bool>,
}

impl ListParams {
    pub fn query(self) -> ListQuery {
        ListQuery {
            page: self.page,
            page_size: self.page_size,
            search: self.search,
            company_id: self.company_id,
            role: self.role,
        }
    }
}

pub use patio_application::services::text;

/// 201 with the record when it was created, 200 when it was edited.
pub fn saved<T: Serialize>(saved: Saved<T>) -> HttpResponse {
    if saved.created {
        HttpResponse::Created().json(saved.view)
    } else {
        HttpResponse::Ok().json(saved.view)
    }
}
