//! The handling customers and shipping companies share: each of their handlers keeps its own
//! `#[utoipa::path]` and path, and is one call into the functions here, generic over a
//! [`PartyRoutes`]: the application's [`PartyService`] of one kind, its form body and its save
//! command.

use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::admin::contacts::ContactItem;
use patio_application::admin::customers::{CustomerService, SaveCustomer};
use patio_application::admin::party::{ImportRow, PartyService};
use patio_application::admin::shipping_companies::{SaveShippingCompany, ShippingCompanyService};
use patio_application::AppResult;
use patio_domain::admin::forms::PartyInput;

use super::admin_common::{saved, ListParams};
use crate::error::{blocking, ApiError};
use crate::session::{client_address, StaffSession};
use crate::state::AppState;

/// A party's form body (also each row of its CSV import).
pub(super) trait PartyBody: Send + 'static {
    /// The address-and-document fields, taken out of the body.
    fn input(&mut self) -> PartyInput;
    /// The company the body names (administrators choose it).
    fn owner_company(&self) -> Option<i64>;
    /// Import only: the row's line in the file.
    fn line(&self) -> Option<usize>;
    fn contacts(&self) -> &[ContactItem];
}

/// The service of one kind of party, as its routes reach it: where the state keeps it and how
/// a form body becomes its save command.
pub(super) trait PartyRoutes: PartyService {
    type Body: PartyBody;

    fn of(state: &AppState) -> Self;
    fn save_cmd(body: Self::Body) -> Self::Save;
}

impl PartyRoutes for CustomerService {
    type Body = super::customers::CustomerBody;

    fn of(state: &AppState) -> Self {
        state.services.customers.clone()
    }
    fn save_cmd(mut b: Self::Body) -> SaveCustomer {
        SaveCustomer {
            id: b.id,
            company_id: b.owner_company(),
            input: b.input(),
            contacts: cmds(&mut b.contact),
        }
    }
}

impl PartyRoutes for ShippingCompanyService {
    type Body = super::shipping_companies::ShippingCompanyBody;

    fn of(state: &AppState) -> Self {
        state.services.shipping_companies.clone()
    }
    fn save_cmd(b: Self::Body) -> SaveShippingCompany {
        b.save_cmd()
    }
}

/// The form's contacts as the service's commands.
pub(super) fn cmds(
    contact: &mut Vec<ContactItem>,
) -> Vec<patio_application::admin::contacts::ContactCmd> {
    std::mem::take(contact)
        .into_iter()
        .map(ContactItem::cmd)
        .collect()
}

fn import_rows<B: PartyBody>(rows: Vec<B>) -> Vec<ImportRow> {
    rows.into_iter()
        .map(|mut r| ImportRow {
            line: r.line(),
            input: r.input(),
            contacts: r.contacts().iter().map(ContactItem::input).collect(),
        })
        .collect()
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
    body: web::Json<P::Body>,
) -> Result<HttpResponse, ApiError> {
    let cmd = P::save_cmd(body.into_inner());
    let ip = client_address(&req);
    let out = call::<P, _>(&state, move |svc| svc.save(&session.0, ip.as_deref(), cmd)).await?;
    Ok(saved(out))
}

/// `POST /<party>/import`: the rows go to `company_id` (administrators), else to the company
/// the first row names.
pub(super) async fn import<P: PartyRoutes>(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: StaffSession,
    company_id: Option<i64>,
    body: web::Json<Vec<P::Body>>,
) -> Result<HttpResponse, ApiError> {
    let rows = body.into_inner();
    let company = company_id.or_else(|| rows.first().and_then(PartyBody::owner_company));
    let rows = import_rows(rows);
    let ip = client_address(&req);
    let out = call::<P, _>(&state, move |svc| {
        svc.import(&session.0, ip.as_deref(), company, rows)
    })
    .await?;
    Ok(HttpResponse::Created().json(out))
}

/// `POST /<party>/import/check`: each row's first problem; nothing is saved.
pub(super) async fn check_import<P: PartyRoutes>(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<Vec<P::Body>>,
) -> Result<HttpResponse, ApiError> {
    let rows = import_rows(body.into_inner());
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
