//! The loadings of an order (spec 2 "Loadings of an order", `/agendamento/novo/{id}`): the
//! order's loadings, the ones that left it (Desistentes), adding vehicles with the nine checks
//! of spec 2 section 5 in the spec's order, editing a row, deleting one, and the driver's reads
//! the driver app uses. Administrators see every company; a Usuario its company; a
//! Transportadora its own loadings on the orders open to its shipping company.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use patio_domain::admin::access::{scope, Access, Area, Scope};
use patio_domain::admin::listing::PageRequest;
use patio_domain::auth::Actor;
use patio_domain::driver_log::DriverLogType;
use patio_domain::orders::loading::{
    days_left, days_left_is_urgent, days_left_label, driver_on_order_by_other_carrier,
    may_delete_loading, may_edit_loading, LoadingEditor, OrderLoading, LOADING_IN_QUEUE_MESSAGE,
    QUEUE_DESK_QUANTITY,
};
use patio_domain::orders::status::{balance, delivered};
use patio_domain::orders::{check_new_loading, LoadingDraft, OrderBalance, Tonnes};
use patio_domain::roles::Role;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::auth::public::company_today;
use crate::error::{AppError, AppResult, FieldError};
use crate::model::DriverLogPayload;
use crate::orders::loading_ports::{
    DeletedLoadingRecord, LoadingDriver, LoadingFilter, LoadingRecord, LoadingTruck, LoadingWrite,
};
use crate::orders::ports::OrderRecord;
use crate::orders::refresh_status;
use crate::ports::{Repos, StoreExt};
use crate::services::{forbidden, text, Deleted, Deps, DriverLog, OptIdRef};

pub const TRUCK_NOT_FOUND_MESSAGE: &str = "Caminhão não encontrado!";
pub const DRIVER_NOT_FOUND_MESSAGE: &str = "Motorista não encontrado!";
pub const NO_LOADINGS_MESSAGE: &str = "Nenhum veículo para salvar!";

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct LoadingOrderRef {
    pub id: i64,
    pub code: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoadingTruckRef {
    pub id: i64,
    pub license_plate: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct LoadingNamedRef {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct LoadingCompanyRef {
    pub id: i64,
}

/// A loading as the order's tabs show it. Quantities are tonnes. `daysLeft` counts from the
/// company's today to the expiry ('Dia'/'Dias' in `daysLeftLabel`, `urgent` at 3 or fewer);
/// `canEdit`/`canDelete` say what the reader may do with the row.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoadingView {
    pub id: i64,
    pub order: LoadingOrderRef,
    pub truck: LoadingTruckRef,
    pub driver: LoadingNamedRef,
    pub shipping_company: Option<LoadingNamedRef>,
    pub company: LoadingCompanyRef,
    pub qty_ordered: f64,
    pub qty_transported: f64,
    pub expiration_date: Option<NaiveDate>,
    pub exped_date: Option<DateTime<Utc>>,
    pub exped_initial_date: Option<DateTime<Utc>>,
    /// Finished by the yard.
    pub status: bool,
    pub days_left: Option<i64>,
    pub days_left_label: Option<String>,
    pub urgent: bool,
    pub can_edit: bool,
    pub can_delete: bool,
}

/// The truck the new-loading dialog found by its plate: what the dialog shows before adding.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoadingTruckView {
    pub id: i64,
    pub license_plate: String,
    pub model: Option<String>,
    /// Tonnes.
    pub net_capacity: Option<f64>,
}

/// A loading that left its order (Desistentes) and why ('TEMPO EXPIRADO').
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedLoadingView {
    pub id: i64,
    pub order: LoadingOrderRef,
    pub truck: LoadingTruckRef,
    pub driver: LoadingNamedRef,
    pub shipping_company: Option<LoadingNamedRef>,
    pub qty_ordered: f64,
    pub expiration_date: Option<NaiveDate>,
    pub reason: String,
    pub deleted_at: DateTime<Utc>,
    /// The order's customer (the driver's expired-authorisation card, spec 3 section 2).
    pub customer_name: Option<String>,
    /// When the loading was authorised (the card's permission date).
    pub created_at: DateTime<Utc>,
}

// The truck of a loading row: by id, or by plate.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoadingTruckBody {
    pub id: Option<i64>,
    /// Used when `id` is absent: the truck of that plate in the order's company.
    pub license_plate: Option<String>,
}

/// One loading of the dialog: without `id` it adds the vehicle to `order`; with `id` it edits
/// that loading's truck, driver and quantity.
// The command is the HTTP body itself (named `LoadingBody` in the contract), one row of
// `POST /scheduling/save` or the one of `saveOne`; `/fila`'s loading and the integration API
// build it too. What the nine checks read of it is the domain's `LoadingDraft`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = LoadingBody)]
pub struct LoadingInput {
    pub id: Option<i64>,
    pub order: Option<OptIdRef>,
    pub truck: Option<LoadingTruckBody>,
    pub driver: Option<OptIdRef>,
    /// Tonnes (number or text).
    #[schema(value_type = Option<String>)]
    pub qty_ordered: Option<Value>,
    /// `YYYY-MM-DD`.
    pub expiration_date: Option<String>,
}

impl LoadingInput {
    /// A new loading of `order_id` for that truck and driver (`/fila`'s and the integration
    /// API's rows).
    pub fn vehicle(
        order_id: Option<i64>,
        truck: LoadingTruckBody,
        driver_id: Option<i64>,
        quantity: Option<Value>,
        expiration: Option<String>,
    ) -> Self {
        LoadingInput {
            id: None,
            order: Some(OptIdRef { id: order_id }),
            truck: Some(truck),
            driver: Some(OptIdRef { id: driver_id }),
            qty_ordered: quantity,
            expiration_date: expiration,
        }
    }

    fn order_id(&self) -> Option<i64> {
        self.order.and_then(|o| o.id)
    }

    fn truck_id(&self) -> Option<i64> {
        self.truck.as_ref().and_then(|t| t.id)
    }

    fn plate(&self) -> Option<&str> {
        self.truck.as_ref().and_then(|t| t.license_plate.as_deref())
    }

    fn driver_id(&self) -> Option<i64> {
        self.driver.and_then(|d| d.id)
    }

    /// The quantity as typed (a JSON number or text); check 5 says whether it is a number.
    fn quantity(&self) -> Option<String> {
        text(self.qty_ordered.clone())
    }

    /// `YYYY-MM-DD`; anything else counts as missing.
    fn expiration(&self) -> Option<NaiveDate> {
        parse_date(self.expiration_date.as_deref())
    }
}

fn editor(actor: &Actor) -> LoadingEditor {
    if actor.staff_role() == Some(Role::Transportadora) {
        LoadingEditor::Carrier
    } else {
        LoadingEditor::Company
    }
}

fn named(id: Option<i64>, name: Option<String>) -> Option<LoadingNamedRef> {
    id.map(|id| LoadingNamedRef {
        id,
        name: name.unwrap_or_default(),
    })
}

fn view(l: LoadingRecord, actor: &Actor, today: NaiveDate) -> LoadingView {
    let left = l.expiration_date.map(|d| days_left(d, today));
    let who = editor(actor);
    LoadingView {
        can_edit: may_edit_loading(who, l.exped_date.is_some()).is_ok() && !l.status,
        can_delete: may_delete_loading(who, l.exped_initial_date.is_some(), left).is_ok(),
        id: l.id,
        order: LoadingOrderRef {
            id: l.order_id,
            code: l.order_code,
        },
        truck: LoadingTruckRef {
            id: l.truck_id,
            license_plate: l.license_plate,
        },
        driver: LoadingNamedRef {
            id: l.driver_id,
            name: l.driver_name,
        },
        shipping_company: named(l.shipping_company_id, l.shipping_company_name),
        company: LoadingCompanyRef { id: l.company_id },
        qty_ordered: l.qty_ordered.as_f64(),
        qty_transported: l.qty_transported.as_f64(),
        expiration_date: l.expiration_date,
        exped_date: l.exped_date,
        exped_initial_date: l.exped_initial_date,
        status: l.status,
        days_left: left,
        days_left_label: left.map(days_left_label),
        urgent: left.is_some_and(days_left_is_urgent),
    }
}

fn deleted_view(d: DeletedLoadingRecord) -> DeletedLoadingView {
    let l = d.loading;
    DeletedLoadingView {
        id: l.id,
        order: LoadingOrderRef {
            id: l.order_id,
            code: l.order_code,
        },
        truck: LoadingTruckRef {
            id: l.truck_id,
            license_plate: l.license_plate,
        },
        driver: LoadingNamedRef {
            id: l.driver_id,
            name: l.driver_name,
        },
        shipping_company: named(l.shipping_company_id, l.shipping_company_name),
        qty_ordered: l.qty_ordered.as_f64(),
        expiration_date: l.expiration_date,
        reason: d.reason,
        deleted_at: d.deleted_at,
        customer_name: d.customer_name,
        created_at: l.created_at,
    }
}

/// The order if the scope covers it (a carrier: an order open to its shipping company).
fn order_in_scope(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<OrderRecord> {
    let o = repos
        .order(id)?
        .filter(|o| s.covers_company(o.company_id))
        .ok_or_else(AppError::not_found)?;
    if let Some(shipping) = s.shipping_company() {
        if !repos
            .order_shipping_companies(id)?
            .iter()
            .any(|c| c.id == shipping)
        {
            return Err(AppError::not_found());
        }
    }
    Ok(o)
}

/// A carrier sees only its own loadings.
fn visible(s: &Scope, l: &LoadingRecord) -> bool {
    s.covers_company(l.company_id)
        && s.shipping_company()
            .is_none_or(|own| l.shipping_company_id == Some(own))
}

fn refused(field: &str, message: &str) -> AppError {
    AppError::Validation(vec![FieldError::new(field, message)])
}

fn parse_date(text: Option<&str>) -> Option<NaiveDate> {
    let t = text?.trim();
    let day = t.get(..10).unwrap_or(t);
    NaiveDate::parse_from_str(day, "%Y-%m-%d").ok()
}

fn order_loadings(loadings: &[LoadingRecord]) -> Vec<OrderLoading> {
    loadings
        .iter()
        .map(|l| OrderLoading {
            id: l.id,
            driver_id: l.driver_id,
            shipping_company_id: l.shipping_company_id,
        })
        .collect()
}

/// The loading `loading_id` with `driver_id` in place of its driver, through the nine checks of
/// spec 2 section 5 as the loading dialog's edit runs them (the expedition's driver exchange,
/// issue 22): its order, truck, quantity, expiry and shipping company stay; a refusal is the
/// dialog's message on `driver` (422). The driver must be of the loading's company.
pub(crate) fn check_driver_change(
    repos: &mut dyn Repos,
    loading_id: i64,
    driver_id: i64,
    today: NaiveDate,
) -> AppResult<()> {
    let l = repos.loading(loading_id)?.ok_or_else(AppError::not_found)?;
    let driver = repos
        .loading_driver(driver_id)?
        .filter(|d| d.company_id == l.company_id)
        .ok_or_else(|| refused("driver", DRIVER_NOT_FOUND_MESSAGE))?;
    let order = repos.order(l.order_id)?.ok_or_else(AppError::not_found)?;
    let others = repos.loadings_of_order(l.order_id)?;
    let committed = others
        .iter()
        .filter(|o| o.id != l.id)
        .fold(Tonnes::ZERO, |sum, o| sum + o.qty_ordered);
    let truck = repos.loading_truck(Some(l.truck_id), l.company_id, None)?;
    let draft = LoadingDraft::with_new_driver(
        &l.license_plate,
        l.qty_ordered,
        l.expiration_date,
        truck.and_then(|t| t.net_capacity),
        &driver.name,
        driver_on_order_by_other_carrier(
            &order_loadings(&others),
            driver.id,
            l.shipping_company_id,
            Some(l.id),
        ),
    );
    let balance = OrderBalance {
        enabled: order.enable,
        ordered: order.ordered,
        committed,
    };
    check_new_loading(&balance, &draft, today)
        .map(|_| ())
        .map_err(|r| refused("driver", r.message()))
}

/// The loading a missing freelancer's rescue creates (issue 22): `truck_id` and `driver_id` of
/// the entry on the order chosen for it, with the rescued `net_weight` as its quantity, valid
/// until `today`, through the nine checks of spec 2 section 5 as the loading dialog runs them.
/// The order must be of `company_id` (else 404); a refusal is the check's message, on
/// `netWeight` for the quantity's checks (the rescue form's field), 422. Nothing is written.
pub(crate) fn check_rescue_loading(
    repos: &mut dyn Repos,
    company_id: i64,
    order_id: i64,
    (truck_id, driver_id): (i64, i64),
    net_weight: f64,
    today: NaiveDate,
) -> AppResult<LoadingWrite> {
    let order = repos
        .order(order_id)?
        .filter(|o| o.company_id == company_id)
        .ok_or_else(AppError::not_found)?;
    let truck = repos
        .loading_truck(Some(truck_id), company_id, None)?
        .ok_or_else(|| refused("truck", TRUCK_NOT_FOUND_MESSAGE))?;
    let driver = repos
        .loading_driver(driver_id)?
        .filter(|d| d.company_id == company_id)
        .ok_or_else(|| refused("driver", DRIVER_NOT_FOUND_MESSAGE))?;
    let shipping_company_id = truck.shipping_company_id.or(driver.shipping_company_id);
    let others = repos.loadings_of_order(order_id)?;
    let committed = others
        .iter()
        .fold(Tonnes::ZERO, |sum, o| sum + o.qty_ordered);
    let draft = LoadingDraft::for_rescue(
        truck.license_plate.as_str(),
        &driver.name,
        net_weight,
        today,
        truck.net_capacity,
        driver_on_order_by_other_carrier(
            &order_loadings(&others),
            driver.id,
            shipping_company_id,
            None,
        ),
    );
    let balance = OrderBalance {
        enabled: order.enable,
        ordered: order.ordered,
        committed,
    };
    let quantity = check_new_loading(&balance, &draft, today).map_err(|r| {
        let field = match r.field() {
            "qtyOrdered" => "netWeight",
            other => other,
        };
        refused(field, r.message())
    })?;
    Ok(LoadingWrite {
        company_id,
        order_id,
        truck_id: truck.id,
        driver_id: driver.id,
        shipping_company_id,
        qty_ordered: quantity,
        expiration_date: today,
    })
}

/// What an order can still take for the rescue form's warning: its items less what its
/// loadings hold (check 1 of spec 2 section 5 refuses beyond it), in tonnes.
/// Writes a checked row: the loading, the driver's IN_ORDER log when the driver is new to it,
/// and the order's status.
fn write_row(
    repos: &mut dyn Repos,
    existing: Option<&LoadingRecord>,
    order_code: &str,
    write: &LoadingWrite,
    plate: &str,
) -> AppResult<i64> {
    let id = match existing {
        Some(l) => {
            repos.update_loading(l.id, write)?;
            l.id
        }
        None => repos.insert_loading(write)?,
    };
    if existing.is_none_or(|l| l.driver_id != write.driver_id) {
        let (company_id, driver_id) = (write.company_id, write.driver_id);
        let data =
            DriverLogPayload::added_to_order(company_id, id, order_code, write.truck_id, plate);
        DriverLog::of(driver_id, company_id).write(repos, DriverLogType::InOrder, data)?;
    }
    refresh_status(repos, write.order_id)?;
    Ok(id)
}

/// A row's truck: by id, else by plate, in the order's company (a Transportadora: its own);
/// none named is none (the checks refuse it), one not found is refused.
fn row_truck(
    repos: &mut dyn Repos,
    s: &Scope,
    company_id: i64,
    row: &LoadingInput,
) -> AppResult<Option<LoadingTruck>> {
    let plate = row
        .plate()
        .map(|p| p.trim().to_uppercase())
        .filter(|p| !p.is_empty());
    let truck_id = row.truck_id().filter(|id| *id > 0);
    if truck_id.is_none() && plate.is_none() {
        return Ok(None);
    }
    repos
        .loading_truck(truck_id, company_id, plate.as_deref())?
        .filter(|t| t.company_id == company_id)
        .filter(|t| {
            s.shipping_company()
                .is_none_or(|own| t.shipping_company_id == Some(own))
        })
        .map(Some)
        .ok_or_else(|| refused("truck", TRUCK_NOT_FOUND_MESSAGE))
}

/// A row's driver, of the order's company (a Transportadora: its own); one not found is
/// refused.
fn row_driver(
    repos: &mut dyn Repos,
    s: &Scope,
    company_id: i64,
    row: &LoadingInput,
) -> AppResult<Option<LoadingDriver>> {
    let Some(id) = row.driver_id().filter(|id| *id > 0) else {
        return Ok(None);
    };
    repos
        .loading_driver(id)?
        .filter(|d| d.company_id == company_id)
        .filter(|d| {
            s.shipping_company()
                .is_none_or(|own| d.shipping_company_id == Some(own))
        })
        .map(Some)
        .ok_or_else(|| refused("driver", DRIVER_NOT_FOUND_MESSAGE))
}

/// The loading a row edits (by `id`), in the scope; none for a new row.
fn edited_loading(
    repos: &mut dyn Repos,
    s: &Scope,
    row: &LoadingInput,
) -> AppResult<Option<LoadingRecord>> {
    match crate::services::save_target(row.id)? {
        Some(id) => repos
            .loading(id)?
            .filter(|l| visible(s, l))
            .map(Some)
            .ok_or_else(AppError::not_found),
        None => Ok(None),
    }
}

/// A row that names the loading's own truck and driver (or none) and its quantity (or none).
fn unchanged(
    l: &LoadingRecord,
    truck: Option<&LoadingTruck>,
    driver: Option<&LoadingDriver>,
    row: &LoadingInput,
) -> bool {
    let quantity = row.quantity().as_deref().and_then(Tonnes::parse);
    truck.is_none_or(|t| t.id == l.truck_id)
        && driver.is_none_or(|d| d.id == l.driver_id)
        && quantity.is_none_or(|q| q == l.qty_ordered)
}

/// What the order can still take, the loading edited (`own`) left out (checks 1 and 2), and
/// whether the row's driver is on the order through another carrier than `carrier` (check 9).
fn room_for(
    repos: &mut dyn Repos,
    order: &OrderRecord,
    own: Option<i64>,
    driver_id: Option<i64>,
    carrier: Option<i64>,
) -> AppResult<(OrderBalance, bool)> {
    let others = repos.loadings_of_order(order.id)?;
    let committed = others
        .iter()
        .filter(|o| Some(o.id) != own)
        .fold(Tonnes::ZERO, |sum, o| sum + o.qty_ordered);
    let elsewhere = driver_id.is_some_and(|d| {
        driver_on_order_by_other_carrier(&order_loadings(&others), d, carrier, own)
    });
    let balance = OrderBalance {
        enabled: order.enable,
        ordered: order.ordered,
        committed,
    };
    Ok((balance, elsewhere))
}

/// What the nine checks read of a row: the plate and name found, the quantity as typed.
fn row_draft(
    row: &LoadingInput,
    truck: Option<&LoadingTruck>,
    driver: Option<&LoadingDriver>,
    expiration: Option<NaiveDate>,
    driver_on_order_by_other_carrier: bool,
) -> LoadingDraft {
    LoadingDraft {
        plate: truck.map(|t| t.license_plate.to_string()),
        driver_name: driver.map(|d| d.name.clone()),
        quantity: row.quantity(),
        expiration,
        truck_net_capacity: truck.and_then(|t| t.net_capacity),
        driver_on_order_by_other_carrier,
    }
}

pub(crate) fn order_room(repos: &mut dyn Repos, order: &OrderRecord) -> AppResult<f64> {
    let committed = repos
        .loadings_of_order(order.id)?
        .iter()
        .fold(Tonnes::ZERO, |sum, o| sum + o.qty_ordered);
    Ok((order.ordered - committed).as_f64())
}

#[derive(Clone)]
pub struct LoadingService {
    deps: Arc<Deps>,
}

impl LoadingService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    fn today(&self, repos: &mut dyn Repos, company_id: i64) -> AppResult<NaiveDate> {
        let settings = repos.login_settings(company_id)?;
        Ok(company_today(settings.as_ref(), self.deps.clock.now()))
    }

    /// `GET /scheduling/order/{orderId}`.
    pub fn of_order(&self, actor: &Actor, order_id: i64) -> AppResult<Vec<LoadingView>> {
        let s = scope(actor, Area::Loadings, Access::Read).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            let o = order_in_scope(repos, &s, order_id)?;
            let today = self.today(repos, o.company_id)?;
            Ok(repos
                .loadings_of_order(order_id)?
                .into_iter()
                .filter(|l| visible(&s, l))
                .map(|l| view(l, actor, today))
                .collect())
        })
    }

    /// The scope's loadings, newest first, one page (the integration v1, issue 26), each
    /// with its order's balance (tonnes still to deliver); `order_id` narrows to one order
    /// of the scope (another's: 404). A carrier reads only the loadings it carries.
    pub fn page(
        &self,
        actor: &Actor,
        order_id: Option<i64>,
        page: PageRequest,
    ) -> AppResult<(Vec<(LoadingView, Tonnes)>, i64)> {
        let s = scope(actor, Area::Loadings, Access::Read).map_err(forbidden)?;
        self.deps.store.reads(|repos| {
            if let Some(id) = order_id {
                order_in_scope(repos, &s, id)?;
            }
            let found = repos.list_loadings(&LoadingFilter {
                company_id: s.company(),
                shipping_company_id: s.shipping_company(),
                order_id,
                page,
            })?;
            let mut ids: Vec<i64> = found.items.iter().map(|l| l.order_id).collect();
            ids.sort_unstable();
            ids.dedup();
            let balances: HashMap<i64, Tonnes> = repos
                .orders_by_ids(&ids)?
                .into_iter()
                .map(|o| {
                    (
                        o.id,
                        balance(o.ordered, delivered([o.loaded], o.qty_transported)),
                    )
                })
                .collect();
            let mut today: HashMap<i64, NaiveDate> = HashMap::new();
            let mut items = Vec::with_capacity(found.items.len());
            for l in found.items {
                let day = match today.get(&l.company_id) {
                    Some(d) => *d,
                    None => {
                        let d = self.today(repos, l.company_id)?;
                        today.insert(l.company_id, d);
                        d
                    }
                };
                let left = balances.get(&l.order_id).copied().unwrap_or_default();
                items.push((view(l, actor, day), left));
            }
            Ok((items, found.total))
        })
    }

    /// `GET /scheduling/order/{orderId}/truck/{plate}`: the dialog's plate search, within the
    /// order's company (a carrier: its own trucks). Not found: 404.
    pub fn truck_for_order(
        &self,
        actor: &Actor,
        order_id: i64,
        plate: &str,
    ) -> AppResult<LoadingTruckView> {
        let s = scope(actor, Area::Loadings, Access::Read).map_err(forbidden)?;
        let plate = plate.trim().to_uppercase();
        self.deps.store.tx(|repos| {
            let o = order_in_scope(repos, &s, order_id)?;
            let t = repos
                .loading_truck(None, o.company_id, Some(&plate))?
                .filter(|t| {
                    s.shipping_company()
                        .is_none_or(|own| t.shipping_company_id == Some(own))
                })
                .ok_or_else(AppError::not_found)?;
            Ok(LoadingTruckView {
                id: t.id,
                license_plate: t.license_plate.into(),
                model: t.model,
                net_capacity: t.net_capacity.map(Tonnes::as_f64),
            })
        })
    }

    /// `GET /schedulingDeleted/order/{orderId}`.
    pub fn deleted_of_order(
        &self,
        actor: &Actor,
        order_id: i64,
    ) -> AppResult<Vec<DeletedLoadingView>> {
        let s = scope(actor, Area::Loadings, Access::Read).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            order_in_scope(repos, &s, order_id)?;
            Ok(repos
                .deleted_loadings_of_order(order_id)?
                .into_iter()
                .filter(|d| visible(&s, &d.loading))
                .map(deleted_view)
                .collect())
        })
    }

    /// `GET /scheduling/{id}`: staff in scope, or the loading's own driver.
    pub fn get(&self, actor: &Actor, id: i64) -> AppResult<LoadingView> {
        self.deps.store.tx(|repos| {
            let l = repos.loading(id)?.ok_or_else(AppError::not_found)?;
            if actor.is_driver() {
                if l.driver_id != actor.id {
                    return Err(AppError::not_found());
                }
            } else {
                let s = scope(actor, Area::Loadings, Access::Read).map_err(forbidden)?;
                if !visible(&s, &l) {
                    return Err(AppError::not_found());
                }
            }
            let today = self.today(repos, l.company_id)?;
            Ok(view(l, actor, today))
        })
    }

    /// Staff in scope of the driver's company, or the driver.
    fn check_driver_reader(
        &self,
        repos: &mut dyn Repos,
        actor: &Actor,
        driver_id: i64,
    ) -> AppResult<(Option<Scope>, i64)> {
        let d = repos
            .loading_driver(driver_id)?
            .ok_or_else(AppError::not_found)?;
        if actor.is_driver() {
            if actor.id != driver_id {
                return Err(AppError::not_found());
            }
            return Ok((None, d.company_id));
        }
        let s = scope(actor, Area::Loadings, Access::Read).map_err(forbidden)?;
        if !s.covers_company(d.company_id) {
            return Err(AppError::not_found());
        }
        Ok((Some(s), d.company_id))
    }

    /// `GET /scheduling/driver/{driverId}` and `.../licenseplate/{plate}`: the driver's loadings
    /// (open first), as the driver app lists its authorised orders.
    pub fn of_driver(
        &self,
        actor: &Actor,
        driver_id: i64,
        plate: Option<&str>,
    ) -> AppResult<Vec<LoadingView>> {
        self.deps.store.tx(|repos| {
            let (s, company_id) = self.check_driver_reader(repos, actor, driver_id)?;
            let today = self.today(repos, company_id)?;
            let plate = plate.map(|p| p.trim().to_uppercase());
            Ok(repos
                .loadings_of_driver(driver_id, plate.as_deref())?
                .into_iter()
                .filter(|l| s.as_ref().is_none_or(|s| visible(s, l)))
                .map(|l| view(l, actor, today))
                .collect())
        })
    }

    /// `GET /schedulingDeleted/driver/{driverId}?minDate&maxDate`: the driver's expired
    /// authorisations.
    pub fn deleted_of_driver(
        &self,
        actor: &Actor,
        driver_id: i64,
        min: Option<&str>,
        max: Option<&str>,
    ) -> AppResult<Vec<DeletedLoadingView>> {
        let (from, to) = (parse_date(min), parse_date(max));
        if min.is_some_and(|t| !t.trim().is_empty()) && from.is_none() {
            return Err(refused("minDate", "Data inicial inválida!"));
        }
        if max.is_some_and(|t| !t.trim().is_empty()) && to.is_none() {
            return Err(refused("maxDate", "Data final inválida!"));
        }
        if let (Some(f), Some(t)) = (from, to) {
            if t < f {
                return Err(refused(
                    "maxDate",
                    "A data final não pode ser anterior à inicial!",
                ));
            }
        }
        self.deps.store.tx(|repos| {
            let (s, _) = self.check_driver_reader(repos, actor, driver_id)?;
            Ok(repos
                .deleted_loadings_of_driver(driver_id, from, to)?
                .into_iter()
                .filter(|d| s.as_ref().is_none_or(|s| visible(s, &d.loading)))
                .map(deleted_view)
                .collect())
        })
    }

    /// `POST /scheduling/save` (the whole list of the dialog or the edited rows) and
    /// `POST /scheduling/saveOne`: every row checked in order, against the order as the rows
    /// before it left it; the first refusal is the answer and nothing is saved.
    pub fn save(&self, actor: &Actor, rows: Vec<LoadingInput>) -> AppResult<Vec<LoadingView>> {
        self.save_then(actor, rows, |_, _| Ok(()))
    }

    /// [`LoadingService::save`], then `after` with the saved loadings in the same
    /// transaction: what it writes (an API key's idempotency answer and staff log) commits
    /// with the loadings or not at all.
    pub fn save_then(
        &self,
        actor: &Actor,
        rows: Vec<LoadingInput>,
        after: impl FnOnce(&mut dyn Repos, &[LoadingView]) -> AppResult<()>,
    ) -> AppResult<Vec<LoadingView>> {
        let s = scope(actor, Area::Loadings, Access::Write).map_err(forbidden)?;
        if rows.is_empty() {
            return Err(refused("scheduling", NO_LOADINGS_MESSAGE));
        }
        let who = editor(actor);
        self.deps.store.tx(|repos| {
            let mut ids = Vec::new();
            for row in &rows {
                ids.push(self.save_row(repos, &s, who, row)?);
            }
            let mut out = Vec::new();
            for id in ids {
                let l = repos.loading(id)?.ok_or_else(AppError::not_found)?;
                let today = self.today(repos, l.company_id)?;
                out.push(view(l, actor, today));
            }
            after(repos, &out)?;
            Ok(out)
        })
    }

    /// One row of a save: the loading it edits (or none), its order, truck and driver in the
    /// scope; a row that changes nothing is kept as it is; otherwise the nine checks against
    /// the order as the rows before it left it, the write, the driver's IN_ORDER log when the
    /// driver is new to the loading, and the order's status.
    fn save_row(
        &self,
        repos: &mut dyn Repos,
        s: &Scope,
        who: LoadingEditor,
        row: &LoadingInput,
    ) -> AppResult<i64> {
        let existing = edited_loading(repos, s, row)?;
        let order_id = existing
            .as_ref()
            .map(|l| l.order_id)
            .or(row.order_id())
            .ok_or_else(|| refused("order", "Pedido é obrigatório!"))?;
        let order = order_in_scope(repos, s, order_id)?;
        let truck = row_truck(repos, s, order.company_id, row)?;
        let driver = row_driver(repos, s, order.company_id, row)?;
        let shipping_company_id = s
            .shipping_company()
            .or_else(|| truck.as_ref().and_then(|t| t.shipping_company_id))
            .or_else(|| driver.as_ref().and_then(|d| d.shipping_company_id));
        let expiration = row
            .expiration()
            .or_else(|| existing.as_ref().and_then(|l| l.expiration_date));
        if let Some(l) = &existing {
            if unchanged(l, truck.as_ref(), driver.as_ref(), row) {
                return Ok(l.id);
            }
            may_edit_loading(who, l.exped_date.is_some()).map_err(|m| refused("scheduling", m))?;
        }
        let own = existing.as_ref().map(|l| l.id);
        let driver_id = driver.as_ref().map(|d| d.id);
        let (balance, elsewhere) = room_for(repos, &order, own, driver_id, shipping_company_id)?;
        let draft = row_draft(row, truck.as_ref(), driver.as_ref(), expiration, elsewhere);
        let today = self.today(repos, order.company_id)?;
        let quantity = check_new_loading(&balance, &draft, today)
            .map_err(|r| refused(r.field(), r.message()))?;
        // The checks above guarantee these.
        let (Some(truck), Some(driver), Some(expiration)) = (truck, driver, expiration) else {
            return Err(AppError::internal("loading checks let a gap through"));
        };
        let write = LoadingWrite {
            company_id: order.company_id,
            order_id,
            truck_id: truck.id,
            driver_id: driver.id,
            shipping_company_id,
            qty_ordered: quantity,
            expiration_date: expiration,
        };
        let plate = truck.license_plate.as_str();
        write_row(repos, existing.as_ref(), &order.code, &write, plate)
    }

    /// `/fila`'s loading: [`QUEUE_DESK_QUANTITY`] t of the order for that truck and driver,
    /// valid until the company's today, through the same checks as the order's dialog.
    pub fn save_for_queue_desk(
        &self,
        actor: &Actor,
        order_id: i64,
        truck_id: i64,
        driver_id: i64,
    ) -> AppResult<LoadingView> {
        // The order's company only dates the loading; `save` checks the scope.
        let today = self.deps.store.tx(|repos| match repos.order(order_id)? {
            Some(o) => self.today(repos, o.company_id),
            None => Err(AppError::not_found()),
        })?;
        let row = LoadingInput::vehicle(
            Some(order_id),
            LoadingTruckBody {
                id: Some(truck_id),
                license_plate: None,
            },
            Some(driver_id),
            Some(Value::String(QUEUE_DESK_QUANTITY.to_owned())),
            Some(today.format("%Y-%m-%d").to_string()),
        );
        self.save(actor, vec![row])?
            .pop()
            .ok_or_else(AppError::not_found)
    }

    /// `DELETE /scheduling/delete/{id}`: before the yard starts it; a carrier only while days
    /// remain; never while a queue entry uses it.
    pub fn delete(&self, actor: &Actor, id: i64) -> AppResult<Deleted> {
        let s = scope(actor, Area::Loadings, Access::Write).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            let l = repos
                .loading(id)?
                .filter(|l| visible(&s, l))
                .ok_or_else(AppError::not_found)?;
            order_in_scope(repos, &s, l.order_id)?;
            let today = self.today(repos, l.company_id)?;
            let left = l.expiration_date.map(|d| days_left(d, today));
            may_delete_loading(editor(actor), l.exped_initial_date.is_some(), left)
                .map_err(|m| AppError::Conflict(m.to_owned()))?;
            if repos.loading_in_queue(id)? {
                return Err(AppError::Conflict(LOADING_IN_QUEUE_MESSAGE.to_owned()));
            }
            repos.delete_loading(id)?;
            refresh_status(repos, l.order_id)?;
            Ok(Deleted::new(id))
        })
    }
}
