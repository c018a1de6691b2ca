//! The handling customers and shipping companies share: each of their handlers keeps its own
//! `#[utoipa::path]` and path, and is one call into the functions here, generic over a
//! [`PartyRoutes`]: the application's [`PartyService`] of one kind, whose save command is the
//! form's body.

use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::admin::customers::CustomerService;
use patio_application::admin::party::PartyService;
use patio_application::admin::shipping_companies::ShippingCompanyService;
use patio_application::AppResult;

use super::admin_common::{saved, ListParams};
use crate::error::{blocking, ApiError};
use crate::session::{client_address, StaffSession};
use crate::state::AppState;

/// The service of one kind of party, as its routes reach it: where the state keeps it. Its
/// save command is the form's body and each row of its CSV import.
pub(super) trait PartyRoutes: PartyService {
    fn of(state: &AppState) -> Self;
}

impl PartyRoutes for CustomerService {
    fn of(state: &AppState) -> Self {
        state.services.customers.clone()
    }
}

impl PartyRoutes for ShippingCompanyService {
    fn of(state: &AppState) -> Self {
        state.services.shipping_companies.clone()
    }
}

/// Runs one of the party service's use cases on the blocking pool.
async fn call<P: PartyRoutes, T: Send + 'static>(
    state: &AppState,
    action: impl FnOnce(&P) -> AppResult<T> + Send + 'static,
) -> Result<T, ApiError> {
    let svc = P::of(state);
    blocking(move || action(&svc)).await
}

/// `GET /<party>` and `GET /customer/company/{companyId}`.
pub(super) async fn list<P: PartyRoutes>(
    state: web::Data<AppState>,
    session: StaffSession,
    company: Option<i64>,
    q: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let q = q.into_inner().query();
    let list = call::<P, _>(&state, move |svc| svc.list(&session.0, company, &q)).await?;
    Ok(HttpResponse::Ok().json(list))
}

/// `GET /<party>/{id}`.
pub(super) async fn get<P: PartyRoutes>(
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let view = call::<P, _>(&state, move |svc| svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// `POST /<party>/create`: 201 when created, 200 when edited.
pub(super) async fn save<P: PartyRoutes>(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<P::Save>,
) -> Result<HttpResponse, ApiError> {
    let cmd = body.into_inner();
    let ip = client_address(&req);
    let out = call::<P, _>(&state, move |svc| svc.save(&session.0, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

/// `POST /<party>/import`: the rows go to `company_id` (administrators), else to the company
/// the first row names (the service decides).
pub(super) async fn import<P: PartyRoutes>(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    company_id: Option<i64>,
    body: web::Json<Vec<P::Save>>,
) -> Result<HttpResponse, ApiError> {
    let rows = body.into_inner();
    let ip = client_address(&req);
    let out = call::<P, _>(&state, move |svc| {
        svc.import(&session.0, ip.as_deref(), company_id, rows)
    })
    .await?;
    Ok(HttpResponse::Created().json(out))
}

/// `POST /<party>/import/check`: each row's first problem; nothing is saved.
pub(super) async fn check_import<P: PartyRoutes>(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<Vec<P::Save>>,
) -> Result<HttpResponse, ApiError> {
    let rows = body.into_inner();
    let out = call::<P, _>(&state, move |svc| svc.check_import(&session.0, rows)).await?;
    Ok(HttpResponse::Ok().json(out))
}

/// `DELETE /<party>/delete/{id}`.
pub(super) async fn delete<P: PartyRoutes>(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let ip = client_address(&req);
    let out = call::<P, _>(&state, move |svc| svc.delete(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}
