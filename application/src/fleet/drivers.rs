//! Drivers (spec 2 "Drivers", sections 4 to 8; spec 3 section 7 for the driver's own account
//! deletion and the driver log): lists, the staff form with its contacts, the move to another
//! company (with its 409 warning, the same implementation as the sign-in transfer), delete,
//! unbind, the driver log and the driver picker.
//!
//! Who sees what is `patio_domain::fleet::drivers::fleet_scope`: an Administrador every
//! company's drivers, a Usuario its company's, a Transportadora its shipping company's.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use patio_domain::admin::access::Scope;
use patio_domain::admin::audit::{title, ObjectType, Operation};
use patio_domain::admin::listing::{page_request, search_text, LIKE_LIMIT};
use patio_domain::auth::{staff_may_transfer_driver, Actor, TransferRefusal};
use patio_domain::driver_log::{self, render_title, DriverLogData, DriverLogType};
use patio_domain::fleet::drivers::{
    company_move, driver_actions, erased_cpf, fleet_scope, may_delete_driver, scope_covers_driver,
    CompanyMove, FleetAccess, APP_DELETED_MESSAGE, APP_DELETE_IN_QUEUE_MESSAGE,
    APP_DELETE_MISMATCH_MESSAGE, DRIVER_DUPLICATE_MESSAGE, DRIVER_NOT_BOUND_MESSAGE,
    DRIVER_PAGE_SIZE, DRIVER_UNBOUND_MESSAGE, ERASED_DRIVER_NAME,
    SHIPPING_OF_OTHER_COMPANY_MESSAGE,
};
use patio_domain::fleet::trucks::{
    driver_form_truck, truck_in_queue_message, truck_of_other_driver_message, truck_scope,
    FormTruck, TakeRefusal, TruckAction, PLATE_RENAME_MESSAGE, PLATE_TAKEN_MESSAGE,
};
use patio_domain::fleet::{
    check_driver, check_driver_truck, DriverInput, FleetReferenced, TruckData,
};
use patio_domain::roles::SessionKind;
use patio_domain::text::escape_html;
use patio_domain::values::{parse_birth_date, Cpf, Plate, Renavam, Stored};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::admin::contacts::{check_form_contacts, save_contacts, ContactCmd, ContactItem};
use crate::admin::party::CompanyRefView;
use crate::error::{
    AppError, AppResult, CompanyMoveConflict, TransferCompany, TransferDriver, TransferQueue,
};
use crate::fleet::ports::{
    DriverFilter, DriverLogRecord, DriverPlacement, TruckFilter, TruckPlacement,
};
use crate::model::{
    ContactOwner, ContactRecord, DriverLogPayload, LikeItem, LogCompanyTo, LogNamed,
};
use crate::ports::{Repos, StoreExt};
use crate::queue::ports::DomainEvent;
use crate::services::{
    forbidden, invalid, Audit, Deleted, Deps, DriverLog, Listing, OptIdRef, Saved,
    COMPANY_CHOICE_MESSAGE,
};

/// Why loadings leave with a driver who moves to another company.
pub const MOVE_REASON: &str = "TRANSFERÊNCIA DE EMPRESA";
/// The most rows one driver-log query answers.
pub const MAX_LOG_ROWS: i64 = 2000;

// ---- Views.

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct ShippingRefView {
    pub id: i64,
    pub code: i32,
    pub name: String,
}

/// What a row offers the person looking at it (decided by the domain).
#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverActionsView {
    /// Delete with confirmation (Administrador).
    pub remove: bool,
    /// Unbind from the shipping company (the others, when the driver has one).
    pub unbind: bool,
    /// Open the signed driver-login link.
    pub login_as: bool,
}

/// A driver as the list shows it.
// The repository reads it as it is (row → view, no record between); the CPF stays the domain's
// value and is masked when written out, and `actions` is filled for the reader by
// [`DriverItem::for_reader`] (the repository leaves none).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverItem {
    pub id: i64,
    pub name: String,
    /// `###.###.###-##`.
    #[schema(value_type = String)]
    #[serde(serialize_with = "masked_cpf")]
    pub cpf: Stored<Cpf>,
    pub cnh: Option<String>,
    /// `yyyy-mm-dd`.
    pub birth_date: NaiveDate,
    pub is_enabled: bool,
    pub company: CompanyRefView,
    pub shipping_company: Option<ShippingRefView>,
    pub actions: DriverActionsView,
}

/// The contact authorizations a driver gave (spec 2: `authorization[0]`).
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct AuthorizationView {
    #[serde(rename = "hasSMS")]
    pub has_sms: bool,
    #[serde(rename = "hasWhats")]
    pub has_whats: bool,
    #[serde(rename = "hasEmail")]
    pub has_email: bool,
}

/// A driver with its contacts and authorizations (`GET /driver/{id}`, the save's answer).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverView {
    #[serde(flatten)]
    pub driver: DriverItem,
    pub contact: Vec<ContactRecord>,
    pub authorization: Vec<AuthorizationView>,
    pub truck: Vec<DriverTruckView>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct UnboundView {
    pub id: i64,
    pub message: &'static str,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AccountDeletedView {
    pub id: i64,
    pub message: &'static str,
}

/// One line of a driver's details panel.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct DriverLogDetail {
    pub key: String,
    pub value: String,
}

/// A row of the driver log (`GET /log-driver/{id}`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverLogView {
    pub id: i64,
    #[schema(value_type = String)]
    pub operation_type: DriverLogType,
    /// HTML built from escaped values ('Motorista Entrou na Fila com a Placa ... em dd/MM/yyyy
    /// às HH:mm').
    pub title: String,
    pub company: Option<CompanyRefView>,
    /// Empty: 'Não há detalhes'.
    pub details: Vec<DriverLogDetail>,
    pub created_at: DateTime<Utc>,
}

/// The CPF as the screens show it (an erased driver's as stored).
fn masked_cpf<S: serde::Serializer>(cpf: &Stored<Cpf>, out: S) -> Result<S::Ok, S::Error> {
    out.serialize_str(&cpf.masked())
}

impl DriverItem {
    /// The driver as `actor` sees it: what the row offers is the domain's `driver_actions`.
    fn for_reader(mut self, actor: &Actor) -> Self {
        let a = driver_actions(actor, self.shipping_company.is_some());
        self.actions = DriverActionsView {
            remove: a.remove,
            unbind: a.unbind,
            login_as: a.login_as,
        };
        self
    }
}

// ---- Commands and queries.

/// A driver list (`GET /driver`, `/driver/company/{id}`, `/driver/shipping-company/{id}`):
/// search by id, name or CPF; 8 per page when paged.
#[derive(Debug, Clone, Default)]
pub struct DriverListQuery {
    pub page: Option<i64>,
    pub page_size: Option<i64>,
    pub search: Option<String>,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
}

/// `POST /driver/save`: the staff form (`id` 0 or absent creates), or, without the form's
/// fields, the confirmed company transfer of the driver sign-in (`override`, `id`, `company`
/// and the `transferToken` of the 406 answer).
// The command is the HTTP body itself (named `DriverSaveBody` in the contract): the form's
// save reads it here, the sign-in transfer (`override` with `transferToken`) in the handler.
// `override` on the form: the move-company warning was confirmed. Its four text fields go to
// the domain as `DriverInput`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DriverSaveBody)]
pub struct SaveDriver {
    #[serde(default, rename = "override")]
    pub override_: bool,
    pub id: Option<i64>,
    pub name: Option<String>,
    /// `###.###.###-##` or 11 digits.
    pub cpf: Option<String>,
    pub cnh: Option<String>,
    /// `yyyy-mm-dd` (or `dd/mm/yyyy`).
    pub birth_date: Option<String>,
    /// Absent: active.
    pub is_enabled: Option<bool>,
    pub company: Option<OptIdRef>,
    pub shipping_company: Option<OptIdRef>,
    #[serde(default)]
    pub contact: Vec<ContactItem>,
    /// The form's truck rows (plate and renavam; `id` for a truck already listed).
    #[serde(default)]
    pub truck: Vec<DriverTruckItem>,
    pub transfer_token: Option<String>,
}

impl SaveDriver {
    /// Whether the body carries the staff form (any of its own fields); without them it is the
    /// sign-in transfer.
    pub fn is_form(&self) -> bool {
        self.name.is_some() || self.cpf.is_some() || self.cnh.is_some() || self.birth_date.is_some()
    }

    /// The form's text as the domain checks it.
    fn input(&self) -> DriverInput {
        DriverInput {
            name: self.name.clone().unwrap_or_default(),
            cpf: self.cpf.clone().unwrap_or_default(),
            cnh: self.cnh.clone().unwrap_or_default(),
            birth_date: self.birth_date.clone().unwrap_or_default(),
        }
    }
}

/// Two rows of the form with one plate.
pub const DRIVER_TRUCK_REPEATED_MESSAGE: &str = "Placa repetida na lista de caminhões.";

/// A truck row of the driver form.
// An id edits that truck's plate and renavam; without one, the plate is bound if the company
// has it, otherwise a truck is created (spec 2 section 5).
#[derive(Debug, Default, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverTruckItem {
    pub id: Option<i64>,
    pub license_plate: Option<String>,
    pub renavam: Option<String>,
}

/// A truck of the driver, as its form lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverTruckView {
    pub id: i64,
    pub license_plate: String,
    pub renavam: Option<String>,
    /// The model's name, when the truck has one.
    pub model: Option<String>,
    /// Tonnes.
    pub net_capacity: Option<f64>,
    pub is_enabled: bool,
}

/// The driver's own account deletion: CPF and birth date typed again.
#[derive(Debug, Clone, Default)]
pub struct DeleteAccount {
    pub cpf: String,
    pub birth_date: String,
}

// ---- Shared with the sign-in transfer.

/// What a move left behind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Moved {
    /// The old company's queue changed (the driver's entry there was closed).
    pub left_queue_of: Option<i64>,
}

impl Moved {
    /// Publishes the old company's queue change, after commit.
    pub(crate) fn publish(&self, deps: &Deps) {
        if let Some(company) = self.left_queue_of {
            deps.events.publish(&DomainEvent::queue_changed(company));
        }
    }
}

/// Moves a driver (and the trucks it drives) from company `from` to `to`: the driver's queue
/// entry at `from` is closed and that queue planned again under its lock, its loadings there
/// that have not started move to the deleted loadings (`TRANSFERÊNCIA DE EMPRESA`), the
/// shipping company of the old company is left, and an OUT_COMPANY driver log is written. The
/// one implementation behind the sign-in transfer (spec 1 section 4) and the staff form's
/// confirmed save (spec 2 section 4).
pub(crate) fn move_driver_company(
    repos: &mut dyn Repos,
    driver_id: i64,
    from: i64,
    to: (i64, &str),
    now: DateTime<Utc>,
) -> AppResult<Moved> {
    let in_queue = repos
        .active_entry_of_driver(driver_id)?
        .is_some_and(|e| e.company_id == from);
    if in_queue {
        // Queue changes of a company are serialised by its lock (DESIGN 4.12).
        repos.lock_company_queue(from)?;
    }
    repos.cancel_driver_at_company(driver_id, from, MOVE_REASON, now)?;
    repos.move_driver_to_company(driver_id, to.0)?;
    if in_queue {
        crate::queue::replan_in_tx(repos, from, now)?;
    }
    DriverLog::of(driver_id, to.0).write(
        repos,
        DriverLogType::OutCompany,
        DriverLogPayload {
            company_to: Some(LogCompanyTo {
                id: to.0,
                company: to.1.to_owned(),
            }),
            ..DriverLogPayload::at_company(from)
        },
    )?;
    Ok(Moved {
        left_queue_of: in_queue.then_some(from),
    })
}

/// Whether the driver is tied to `company`: in its queue, or holding a loading there that has
/// not started. Moving away needs the confirmation then.
fn tied_to(repos: &mut dyn Repos, driver_id: i64, company: i64) -> AppResult<bool> {
    let in_queue = repos
        .active_entry_of_driver(driver_id)?
        .is_some_and(|e| e.company_id == company);
    Ok(in_queue || repos.driver_has_pending_loadings(driver_id, company)?)
}

/// An edit that changes a driver's company: only who may move it; tied to the old company, it
/// answers 409 until the move is confirmed; otherwise the driver moves.
fn move_when_asked(
    repos: &mut dyn Repos,
    actor: &Actor,
    d: &DriverItem,
    to: (i64, &str),
    confirmed: bool,
    now: DateTime<Utc>,
) -> AppResult<Option<Moved>> {
    if d.company.id != to.0 {
        staff_may_transfer_driver(actor, d.company.id, to.0).map_err(|r| match r {
            TransferRefusal::NotFound => AppError::not_found(),
            TransferRefusal::NotAllowed => forbidden(patio_domain::DomainError::NotAllowed),
        })?;
    }
    let tied = d.company.id != to.0 && tied_to(repos, d.id, d.company.id)?;
    match company_move(d.company.id, to.0, tied, confirmed) {
        CompanyMove::Stay => Ok(None),
        CompanyMove::Confirm => Err(move_conflict(repos, d)?),
        CompanyMove::Move => Ok(Some(move_driver_company(
            repos,
            d.id,
            d.company.id,
            to,
            now,
        )?)),
    }
}

/// The 409 body: the company left and its queue entry.
fn move_conflict(repos: &mut dyn Repos, d: &DriverItem) -> AppResult<AppError> {
    let entry = repos
        .active_entry_of_driver(d.id)?
        .filter(|e| e.company_id == d.company.id);
    let logo = repos.company(d.company.id)?.and_then(|c| c.logo);
    Ok(AppError::CompanyMove(Box::new(CompanyMoveConflict {
        company_a: TransferCompany {
            company: d.company.name.clone(),
            logo,
            queue: entry.map(|e| TransferQueue {
                date: e.forecast_at.unwrap_or(e.joined_at),
            }),
        },
        driver: TransferDriver {
            id: d.id,
            name: d.name.clone(),
        },
    })))
}

// ---- Helpers.

fn visible(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<DriverItem> {
    repos
        .driver_full(id)?
        .filter(|d| scope_covers_driver(s, d.company.id, d.shipping_company.as_ref().map(|x| x.id)))
        .ok_or_else(AppError::not_found)
}

/// The form's truck rows, checked before anything is written.
struct CheckedTruck {
    id: Option<i64>,
    plate: Plate,
    renavam: Renavam,
}

fn check_driver_trucks(rows: &[DriverTruckItem]) -> AppResult<Vec<CheckedTruck>> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let (plate, renavam) = check_driver_truck(
            row.license_plate.as_deref().unwrap_or_default(),
            row.renavam.as_deref().unwrap_or_default(),
        )
        .map_err(invalid)?;
        if out.iter().any(|t: &CheckedTruck| t.plate == plate) {
            return Err(AppError::field(
                "licensePlate",
                DRIVER_TRUCK_REPEATED_MESSAGE,
            ));
        }
        out.push(CheckedTruck {
            id: crate::services::save_target(row.id)?,
            plate,
            renavam,
        });
    }
    Ok(out)
}

/// Writes the form's truck rows for the driver. A row reaches exactly what the truck form
/// reaches for the actor (`trucks`, issue 21), in the driver's company: a row with an id
/// outside it is 404; a plate outside it answers as any taken plate, whoever holds it. A
/// registered truck keeps its plate, and one another driver drives or that waits in a queue is
/// refused (`patio_domain::fleet::trucks::driver_form_truck`). A new plate becomes a truck of
/// the driver's company and shipping company.
fn save_driver_trucks(
    repos: &mut dyn Repos,
    trucks: &Scope,
    driver_id: i64,
    company_id: i64,
    shipping: Option<i64>,
    rows: &[CheckedTruck],
    now: DateTime<Utc>,
) -> AppResult<()> {
    for row in rows {
        let found = match row.id {
            Some(id) => Some(repos.truck(id)?.ok_or_else(AppError::not_found)?),
            None => repos.truck_by_plate(row.plate.as_str())?,
        };
        let existing = match found {
            Some(t) => {
                let in_queue = repos.truck_in_active_queue(t.id)?;
                let known = FormTruck {
                    company_id: t.company.id,
                    shipping_company_id: t.shipping_company.as_ref().map(|s| s.id),
                    driver_id: t.driver.as_ref().map(|d| d.id),
                    in_active_queue: in_queue,
                    plate: t.license_plate.as_str(),
                };
                match driver_form_truck(trucks, company_id, driver_id, row.plate.as_str(), &known) {
                    Ok(_) => Some(t),
                    Err(TakeRefusal::OutOfReach) if row.id.is_some() => {
                        return Err(AppError::not_found())
                    }
                    Err(TakeRefusal::OutOfReach) => {
                        return Err(AppError::field("licensePlate", PLATE_TAKEN_MESSAGE))
                    }
                    Err(TakeRefusal::Renamed) => {
                        return Err(AppError::field("licensePlate", PLATE_RENAME_MESSAGE))
                    }
                    Err(TakeRefusal::OtherDriver) => {
                        return Err(AppError::Conflict(truck_of_other_driver_message(
                            t.license_plate.as_str(),
                        )))
                    }
                    Err(TakeRefusal::InQueue) => {
                        return Err(AppError::Conflict(truck_in_queue_message(
                            t.license_plate.as_str(),
                        )))
                    }
                }
            }
            None => None,
        };
        let (truck_id, log) = match existing {
            Some(t) => {
                repos
                    .bind_truck_row(t.id, company_id, driver_id, &row.plate, &row.renavam)
                    .map_err(duplicate)?;
                let bound = t.driver.as_ref().map(|d| d.id) != Some(driver_id);
                (t.id, bound.then_some(DriverLogType::BindTruck))
            }
            None => {
                let place = TruckPlacement {
                    company_id,
                    shipping_company_id: shipping,
                    driver_id: Some(driver_id),
                    is_enabled: true,
                };
                let data = TruckData::plate_only(row.plate.clone(), row.renavam.clone());
                let id = repos.insert_truck(&data, &place).map_err(duplicate)?;
                (id, Some(DriverLogType::CadTruck))
            }
        };
        if let Some(kind) = log {
            let data = DriverLogPayload {
                at: Some(now),
                ..DriverLogPayload::at_company(company_id).truck(truck_id, row.plate.as_str())
            };
            DriverLog::of(driver_id, company_id).write(repos, kind, data)?;
        }
    }
    Ok(())
}

fn read(repos: &mut dyn Repos, actor: &Actor, s: &Scope, id: i64) -> AppResult<DriverView> {
    let d = visible(repos, s, id)?;
    let contact = repos.contacts_of(ContactOwner::Driver(id))?;
    let authorization = repos
        .driver_authorization(id)?
        .map(|f| AuthorizationView {
            has_sms: f.has_sms,
            has_whats: f.has_whats,
            has_email: f.has_email,
        })
        .into_iter()
        .collect();
    let truck = repos
        .list_trucks(&TruckFilter {
            driver_id: Some(id),
            ..TruckFilter::default()
        })?
        .items
        .into_iter()
        .map(|t| DriverTruckView {
            id: t.id,
            license_plate: t.license_plate,
            renavam: t.renavam,
            model: t.vehicle_model.map(|m| m.name),
            net_capacity: t.net_capacity,
            is_enabled: t.is_enabled,
        })
        .collect();
    Ok(DriverView {
        driver: d.for_reader(actor),
        contact,
        authorization,
        truck,
    })
}

/// A shipping company named in a path or filter: it must exist and be inside the scope.
fn shipping_in_scope(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<()> {
    match repos.shipping_of_company(id)? {
        Some((ship, company)) if s.covers_shipping(company, ship.id) => Ok(()),
        _ => Err(AppError::not_found()),
    }
}

/// The company a save puts the driver at: the scope's own company, or the administrator's
/// choice (required for a new driver; an edit keeps the driver's when none is sent).
fn target_company(
    repos: &mut dyn Repos,
    s: &Scope,
    chosen: Option<i64>,
    current: Option<i64>,
) -> AppResult<(i64, String)> {
    let chosen = chosen.filter(|id| *id > 0);
    let id = match (s.company(), chosen.or(current)) {
        (Some(own), want) if want.is_none_or(|w| w == own) => own,
        (Some(_), _) => return Err(AppError::not_found()),
        (None, Some(want)) => want,
        (None, None) => return Err(AppError::field("company", COMPANY_CHOICE_MESSAGE)),
    };
    match repos.company(id)? {
        Some(c) => Ok((c.id, c.name)),
        None if s.company().is_some() => Err(AppError::not_found()),
        None => Err(AppError::field("company", COMPANY_CHOICE_MESSAGE)),
    }
}

/// The shipping company a save binds the driver to: a Transportadora's own; otherwise the
/// one chosen, which must belong to the driver's company.
fn target_shipping(
    repos: &mut dyn Repos,
    s: &Scope,
    chosen: Option<i64>,
    company: i64,
) -> AppResult<Option<i64>> {
    if let Some(own) = s.shipping_company() {
        return Ok(Some(own));
    }
    let Some(id) = chosen.filter(|id| *id > 0) else {
        return Ok(None);
    };
    match repos.shipping_of_company(id)? {
        Some((ship, of)) if of == company => Ok(Some(ship.id)),
        _ => Err(AppError::field(
            "shippingCompany",
            SHIPPING_OF_OTHER_COMPANY_MESSAGE,
        )),
    }
}

fn duplicate(e: AppError) -> AppError {
    match e {
        AppError::Duplicate(_) => AppError::Duplicate(DRIVER_DUPLICATE_MESSAGE.to_owned()),
        other => other,
    }
}

fn text_at(v: &Value, path: &[&str]) -> Option<String> {
    let mut cur = v;
    for key in path {
        cur = cur.get(key)?;
    }
    match cur {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The title's values and the details panel of a stored log row.
fn log_view(r: DriverLogRecord) -> DriverLogView {
    let data = DriverLogData {
        plate: text_at(&r.data, &["truck", "licensePlate"]),
        order_code: text_at(&r.data, &["scheduling", "order", "code"]),
        company_to: text_at(&r.data, &["companyTo", "company"]),
        popup_title: text_at(&r.data, &["popup", "title"]),
    };
    let kind = DriverLogType::parse(&r.operation_type);
    let tz: Tz = r
        .time_zone
        .as_deref()
        .and_then(|z| z.parse().ok())
        .unwrap_or(chrono_tz::America::Sao_Paulo);
    let local = r.created_at.with_timezone(&tz).naive_local();
    let mut details = Vec::new();
    let mut add = |key: &str, value: &Option<String>| {
        if let Some(v) = value {
            details.push(DriverLogDetail {
                key: key.to_owned(),
                value: v.clone(),
            });
        }
    };
    add("Placa", &data.plate);
    add("Pedido", &data.order_code);
    add("Nova empresa", &data.company_to);
    add("Pop-up", &data.popup_title);
    DriverLogView {
        id: r.id,
        title: render_title(&kind, &data, local),
        operation_type: kind,
        company: r.company.map(|(id, name)| CompanyRefView { id, name }),
        details,
        created_at: r.created_at,
    }
}

/// The first instant of `day` in `tz`, in UTC.
fn day_start(tz: Tz, day: NaiveDate) -> DateTime<Utc> {
    let local = day.and_time(NaiveTime::MIN);
    tz.from_local_datetime(&local)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&local))
}

#[derive(Clone)]
pub struct DriverService {
    deps: Arc<Deps>,
}

impl DriverService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// The drivers the actor sees (`path_company` / `path_shipping`: the `/company/{id}` and
    /// `/shipping-company/{id}` paths, 404 outside the scope). A Transportadora always sees only
    /// its shipping company's.
    pub fn list(
        &self,
        actor: &Actor,
        path_company: Option<i64>,
        path_shipping: Option<i64>,
        q: &DriverListQuery,
    ) -> AppResult<Listing<DriverItem>> {
        let s = fleet_scope(actor, FleetAccess::Read).map_err(forbidden)?;
        let company = path_company.or(q.company_id.filter(|id| *id > 0));
        if company.is_some_and(|id| !s.covers_company(id)) {
            return Err(AppError::not_found());
        }
        let shipping = path_shipping.or(q.shipping_company_id.filter(|id| *id > 0));
        let page = page_request(q.page, q.page_size, DRIVER_PAGE_SIZE);
        let filter = DriverFilter {
            search: search_text(q.search.as_deref()),
            company_id: s.company().or(company),
            shipping_company_id: s.shipping_company().or(shipping),
            page,
        };
        let found = self.deps.store.replica_reads(|repos| {
            if let Some(id) = shipping {
                shipping_in_scope(repos, &s, id)?;
            }
            repos.list_drivers(&filter)
        })?;
        Ok(Listing::of(found, page, |d| d.for_reader(actor)))
    }

    /// `GET /driver/{id}`: the driver with contacts and authorizations.
    pub fn get(&self, actor: &Actor, id: i64) -> AppResult<DriverView> {
        let s = fleet_scope(actor, FleetAccess::Read).map_err(forbidden)?;
        self.deps.store.tx(|repos| read(repos, actor, &s, id))
    }

    /// `POST /driver/save` from the staff form: the domain checks the fields, the contacts are
    /// saved with the driver, a new driver gets a CAD_DRIVER log. An edit that changes the
    /// company moves the driver (administrators); when the driver is tied to the old company
    /// the save answers 409 until it is confirmed (`override`).
    pub fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveDriver,
    ) -> AppResult<Saved<DriverView>> {
        let s = fleet_scope(actor, FleetAccess::Write).map_err(forbidden)?;
        let now = self.deps.clock.now();
        let data = check_driver(&cmd.input(), now.date_naive()).map_err(invalid)?;
        let contacts: Vec<ContactCmd> = cmd.contact.iter().cloned().map(ContactItem::cmd).collect();
        let contacts = check_form_contacts(&contacts)?;
        let trucks = check_driver_trucks(&cmd.truck)?;
        // The truck rows reach what the truck form reaches for the actor.
        let truck_reach = truck_scope(actor, TruckAction::Save).map_err(forbidden)?;
        let id = crate::services::save_target(cmd.id)?;
        let (saved, moved) = self.deps.store.tx(|repos| {
            let existing = id.map(|id| visible(repos, &s, id)).transpose()?;
            let (company_id, company_name) = target_company(
                repos,
                &s,
                cmd.company.and_then(|c| c.id),
                existing.as_ref().map(|d| d.company.id),
            )?;
            let shipping = target_shipping(
                repos,
                &s,
                cmd.shipping_company.and_then(|c| c.id),
                company_id,
            )?;
            let moved = match &existing {
                Some(d) => {
                    let to = (company_id, company_name.as_str());
                    move_when_asked(repos, actor, d, to, cmd.override_, now)?
                }
                None => None,
            };
            let at = DriverPlacement {
                company_id,
                shipping_company_id: shipping,
                is_enabled: cmd.is_enabled.unwrap_or(true),
            };
            let (id, operation) = match &existing {
                Some(d) => {
                    repos.update_driver(d.id, &data, &at).map_err(duplicate)?;
                    (d.id, Operation::Update)
                }
                None => (
                    repos.insert_driver(&data, &at).map_err(duplicate)?,
                    Operation::Create,
                ),
            };
            save_contacts(repos, ContactOwner::Driver(id), &contacts)?;
            save_driver_trucks(repos, &truck_reach, id, company_id, shipping, &trucks, now)?;
            if operation == Operation::Create {
                DriverLog::of(id, company_id).write(
                    repos,
                    DriverLogType::CadDriver,
                    DriverLogPayload::at_company(company_id),
                )?;
            }
            Audit::by(actor, ip).write(
                repos,
                operation,
                ObjectType::Driver,
                company_id,
                title(ObjectType::Driver, operation, &data.name),
                vec![
                    ("Nome", data.name.clone()),
                    ("Empresa", company_name.clone()),
                    ("Situação", crate::services::active_label(at.is_enabled)),
                ],
            )?;
            let view = read(repos, actor, &Scope::All, id)?;
            Ok((
                Saved {
                    created: operation == Operation::Create,
                    view,
                },
                moved,
            ))
        })?;
        if !saved.created {
            // A disabled or moved driver's sessions end.
            self.deps
                .accounts
                .forget(SessionKind::Driver, saved.view.driver.id);
        }
        if let Some(m) = moved {
            m.publish(&self.deps);
        }
        Ok(saved)
    }

    /// `DELETE /driver/delete/{id}` (Administrador): refused while loadings or queue history
    /// point at the driver (spec 2 section 8's message); a DEL_ADM log is written.
    pub fn delete(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        let s = fleet_scope(actor, FleetAccess::Write).map_err(forbidden)?;
        if !may_delete_driver(actor) {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        let referenced = || AppError::Referenced(FleetReferenced::DriverHasOrders.message().into());
        self.deps.store.tx(|repos| {
            let d = visible(repos, &s, id)?;
            if repos.driver_has_history(id)? {
                return Err(referenced());
            }
            DriverLog::of(id, d.company.id).write(
                repos,
                DriverLogType::DelAdm,
                DriverLogPayload {
                    driver: Some(LogNamed {
                        id,
                        name: d.name.clone(),
                    }),
                    ..DriverLogPayload::at_company(d.company.id)
                },
            )?;
            repos.delete_driver(id).map_err(|e| match e {
                AppError::Referenced(_) => referenced(),
                other => other,
            })?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::Driver,
                d.company.id,
                title(ObjectType::Driver, Operation::Delete, &d.name),
                vec![
                    ("Nome", d.name.clone()),
                    ("Empresa", d.company.name.clone()),
                ],
            )?;
            Ok(())
        })?;
        self.deps.accounts.forget(SessionKind::Driver, id);
        Ok(Deleted::new(id))
    }

    /// `PATCH /driver/unbind-shipping-company`: the driver leaves its shipping company (a
    /// Transportadora only its own drivers; the others within their company).
    pub fn unbind(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<UnboundView> {
        let s = fleet_scope(actor, FleetAccess::Write).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            let d = visible(repos, &s, id)?;
            let Some(ship) = d.shipping_company.clone() else {
                return Err(AppError::Conflict(DRIVER_NOT_BOUND_MESSAGE.to_owned()));
            };
            repos.set_driver_shipping_company(id, None)?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Unbind,
                ObjectType::Driver,
                d.company.id,
                format!(
                    "Motorista <b>{}</b> desvinculado da transportadora <b>{}</b>",
                    escape_html(&d.name),
                    escape_html(&ship.name)
                ),
                vec![
                    ("Nome", d.name.clone()),
                    ("Transportadora", ship.name.clone()),
                ],
            )?;
            Ok(UnboundView {
                id,
                message: DRIVER_UNBOUND_MESSAGE,
            })
        })
    }

    /// `GET /driver/app/profile`: the signed-in driver's own record with its contacts and
    /// authorizations (the driver app's profile screen); staff 403.
    pub fn own_profile(&self, actor: &Actor) -> AppResult<DriverView> {
        if !actor.is_driver() {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        self.deps
            .store
            .tx(|repos| read(repos, actor, &Scope::All, actor.id))
    }

    /// `DELETE /driver/app/delete/{id}`: the signed-in driver deletes its own account after
    /// typing its CPF and birth date again; a driver in a queue must leave it first. A driver
    /// without history is deleted; one whose loadings or queue entries must stay is erased
    /// (disabled, anonymous CPF and name, contacts and authorizations gone). DEL_APP log.
    pub fn delete_account(
        &self,
        actor: &Actor,
        id: i64,
        cmd: &DeleteAccount,
    ) -> AppResult<AccountDeletedView> {
        if !actor.is_driver() {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        if actor.id != id {
            return Err(AppError::not_found());
        }
        let cpf = Cpf::parse(&cmd.cpf).ok();
        let birth = parse_birth_date(&cmd.birth_date).ok();
        self.deps.store.tx(|repos| {
            let d = repos.driver_full(id)?.ok_or_else(AppError::not_found)?;
            let matches = cpf.as_ref().is_some_and(|c| d.cpf.valid() == Some(c))
                && birth.is_some_and(|b| b == d.birth_date);
            if !matches {
                return Err(AppError::field("cpf", APP_DELETE_MISMATCH_MESSAGE));
            }
            if repos.active_entry_of_driver(id)?.is_some() {
                return Err(AppError::Conflict(APP_DELETE_IN_QUEUE_MESSAGE.to_owned()));
            }
            DriverLog::of(id, d.company.id).write(
                repos,
                DriverLogType::DelApp,
                DriverLogPayload::at_company(d.company.id),
            )?;
            if repos.driver_has_history(id)? {
                repos.erase_driver(id, ERASED_DRIVER_NAME, &erased_cpf(id))
            } else {
                repos.delete_driver(id)
            }
        })?;
        self.deps.accounts.forget(SessionKind::Driver, id);
        Ok(AccountDeletedView {
            id,
            message: APP_DELETED_MESSAGE,
        })
    }

    /// `GET /log-driver/{id}?startDate&endDate`: the driver's own log (driver session) or a
    /// driver the staff member sees. Days are the driver's company's; From defaults to today,
    /// To to seven days after From; To may not precede From.
    pub fn logs(
        &self,
        actor: &Actor,
        driver_id: i64,
        start: Option<NaiveDate>,
        end: Option<NaiveDate>,
    ) -> AppResult<Vec<DriverLogView>> {
        let staff_scope = if actor.is_driver() {
            if actor.id != driver_id {
                return Err(AppError::not_found());
            }
            None
        } else {
            Some(fleet_scope(actor, FleetAccess::Read).map_err(forbidden)?)
        };
        let now = self.deps.clock.now();
        let rows = self.deps.store.tx(|repos| {
            let d = match &staff_scope {
                Some(s) => visible(repos, s, driver_id)?,
                None => repos
                    .driver_full(driver_id)?
                    .ok_or_else(AppError::not_found)?,
            };
            let tz: Tz = repos
                .login_settings(d.company.id)?
                .and_then(|s| s.time_zone.parse().ok())
                .unwrap_or(chrono_tz::America::Sao_Paulo);
            let today = now.with_timezone(&tz).date_naive();
            let range = driver_log::log_range(start, end, today).map_err(|i| invalid(vec![i]))?;
            let from = day_start(tz, range.start);
            let to = day_start(tz, range.end.succ_opt().unwrap_or(range.end));
            // Staff read their company's rows only (a driver who moved keeps the old
            // company's rows out of the new company's sight); the driver reads all of his.
            let reader_company = staff_scope.as_ref().and_then(Scope::company);
            repos.driver_logs(driver_id, reader_company, from, to, MAX_LOG_ROWS)
        })?;
        Ok(rows.into_iter().map(log_view).collect())
    }

    /// The `driver` picker (`GET /driver/like/{text}` with `/company/{id}` or
    /// `/shipping-company/{id}`): at most 20 drivers whose name, CPF or id matches, in the
    /// actor's scope (404 for a company or shipping company outside it).
    pub fn like(
        &self,
        actor: &Actor,
        text: Option<&str>,
        company: Option<i64>,
        shipping: Option<i64>,
    ) -> AppResult<Vec<LikeItem>> {
        let s = fleet_scope(actor, FleetAccess::Pick).map_err(forbidden)?;
        if company.is_some_and(|id| !s.covers_company(id)) {
            return Err(AppError::not_found());
        }
        let search = search_text(text);
        self.deps.store.tx(|repos| {
            if let Some(id) = shipping {
                shipping_in_scope(repos, &s, id)?;
            }
            repos.like_drivers(
                search.as_ref(),
                s.company().or(company),
                s.shipping_company().or(shipping),
                i64::from(LIKE_LIMIT),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn record(kind: &str, data: Value) -> DriverLogRecord {
        DriverLogRecord {
            id: 1,
            operation_type: kind.to_owned(),
            data,
            company: Some((3, "Demo".to_owned())),
            time_zone: Some("America/Sao_Paulo".to_owned()),
            created_at: "2026-03-05T17:07:00Z".parse().unwrap_or_default(),
        }
    }

    #[test]
    fn log_rows_read_the_stored_data_in_the_company_zone() {
        let v = log_view(record(
            "IN_QUEUE",
            json!({ "truck": { "licensePlate": "ABC1D23" }, "scheduling": { "order": { "code": "77" } } }),
        ));
        assert_eq!(
            v.title,
            "Motorista Entrou na Fila com a Placa ABC1D23 em 05/03/2026 às 14:07"
        );
        assert_eq!(
            v.details,
            vec![
                DriverLogDetail {
                    key: "Placa".into(),
                    value: "ABC1D23".into()
                },
                DriverLogDetail {
                    key: "Pedido".into(),
                    value: "77".into()
                },
            ]
        );
        let v = log_view(record("LOGIN", json!({ "company": { "id": 3 } })));
        assert!(v.details.is_empty());
    }

    #[test]
    fn what_the_driver_log_writer_stores_reads_back() {
        let data = DriverLogPayload::at_company(3)
            .queue(9)
            .truck(4, "ABC1D23")
            .scheduling(Some(5), Some("77".to_owned()));
        let stored = serde_json::to_value(&data).unwrap_or_default();
        let v = log_view(record("IN_QUEUE", stored));
        assert_eq!(
            v.title,
            "Motorista Entrou na Fila com a Placa ABC1D23 em 05/03/2026 às 14:07"
        );
        let moved = DriverLogPayload {
            company_to: Some(LogCompanyTo {
                id: 8,
                company: "Outra".to_owned(),
            }),
            ..DriverLogPayload::at_company(3)
        };
        let v = log_view(record(
            "OUT_COMPANY",
            serde_json::to_value(&moved).unwrap_or_default(),
        ));
        assert_eq!(
            v.title,
            "Motorista mudou de empresa para Outra em 05/03/2026 às 14:07"
        );
        let read = DriverLogPayload {
            popup: Some(crate::model::LogPopup {
                id: 2,
                title: "Aviso".to_owned(),
                label: None,
            }),
            ..DriverLogPayload::at_company(3)
        };
        let v = log_view(record(
            "READ_POPUP",
            serde_json::to_value(&read).unwrap_or_default(),
        ));
        assert_eq!(
            v.title,
            "Motorista leu um pop-up “Aviso” em 05/03/2026 às 14:07"
        );
    }

    #[test]
    fn log_titles_escape_what_the_data_holds() {
        let v = log_view(record(
            "OUT_COMPANY",
            json!({ "companyTo": { "company": "<script>x</script>" } }),
        ));
        assert!(!v.title.contains("<script>"), "{}", v.title);
        assert!(v.title.contains("&lt;script&gt;"));
    }
}
