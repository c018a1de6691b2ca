//! Trucks (spec 2 "Trucks", spec 3 section 7 "Driver trucks"): the staff lists, form, delete
//! and shipping-company unbind; the driver's own calls (its trucks, unbind, rebind, app edit);
//! the implement table the forms read; the plate check; the `truck` picker.
//!
//! Rules are the domain's (`fleet::check_truck`, `fleet::trucks`): who may do what, the field
//! messages, axles and capacities from the implement type (never the client's numbers), the
//! driver logs each change writes.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use patio_domain::admin::access::Scope;
use patio_domain::admin::audit::{title, ObjectType, Operation};
use patio_domain::admin::listing::{page_request, search_text, LIKE_LIMIT};
use patio_domain::auth::Actor;
use patio_domain::driver_log::DriverLogType;
use patio_domain::fleet::trucks::{
    check_app_capacities, rebind, save_driver_logs, saved_shipping_company, truck_in_scope,
    truck_scope, KnownTruck, Rebind, TruckAction, DRIVER_MESSAGE, PLATE_TAKEN_MESSAGE,
    SHIPPING_COMPANY_MESSAGE, TRUCK_IN_QUEUE_MESSAGE, TRUCK_PAGE_SIZE, UNBOUND_MESSAGE,
};
use patio_domain::fleet::{check_truck, FleetReferenced, TruckData, TruckForm};
use patio_domain::implement::ImplementType;
use patio_domain::values::Plate;
use patio_domain::{DomainError, FieldIssue};
use serde::{Deserialize, Serialize};

use crate::admin::contacts::{check_form_contacts, save_contacts, ContactItem};
use crate::admin::party::target_company;
use crate::error::{AppError, AppResult};
use crate::fleet::ports::{DriverChoice, TruckFilter, TruckPlacement};
use crate::fleet::truck_catalog::ModelView;
use crate::model::{ContactOwner, ContactRecord, DriverLogPayload};
use crate::ports::{Repos, StoreExt};
use crate::services::{
    forbidden, invalid, Audit, Deleted, Deps, DriverLog, Listing, OptIdRef, Saved,
};

// ---- Views.

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct TruckCompanyRef {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct TruckShippingRef {
    pub id: i64,
    pub code: i32,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct TruckDriverRef {
    pub id: i64,
    pub name: String,
}

/// A truck as every truck call answers it (spec 2 section 3 "Truck").
// The repository reads it as it is (row → view, no record between); `contact` is filled by the
// single read and the save.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TruckView {
    pub id: i64,
    /// 7 upper-case letters or digits.
    pub license_plate: String,
    pub renavam: Option<String>,
    pub owner: Option<String>,
    /// One of the implement table's types (`GET /truck/implement-types`).
    pub implement_type: Option<String>,
    pub shaft_quantity: Option<i16>,
    /// Tonnes.
    pub gross_capacity: Option<f64>,
    /// Tonnes.
    pub net_capacity: Option<f64>,
    /// `#rrggbb`.
    pub color: Option<String>,
    pub is_enabled: bool,
    pub company: TruckCompanyRef,
    pub shipping_company: Option<TruckShippingRef>,
    pub driver: Option<TruckDriverRef>,
    pub vehicle_model: Option<ModelView>,
    pub created_at: DateTime<Utc>,
    /// The truck's contacts: in the single read and the save's answer (lists leave it empty).
    pub contact: Vec<ContactRecord>,
}

/// A row of the implement table (spec 2 section 3): what choosing the type fills.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImplementTypeView {
    /// The type as stored and shown, e.g. `LS (MENOR 16 MT)`.
    pub name: &'static str,
    pub shaft_quantity: u8,
    /// Tonnes.
    pub gross_capacity: f64,
    /// Tonnes.
    pub net_capacity: f64,
}

/// An item of the `truck` picker.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TruckLikeItem {
    pub id: i64,
    pub license_plate: String,
    /// The plate again, so that every picker reads `name`.
    pub name: String,
    /// The model's name.
    pub vehicle_model: Option<String>,
    /// Tonnes.
    pub net_capacity: Option<f64>,
}

/// A driver the truck form may bind the truck to.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct TruckDriverChoice {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IsTruckView {
    pub is_truck: bool,
}

/// The answer of the unbind calls.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct TruckUnbound {
    pub id: i64,
    /// 'Caminhão desvinculado com sucesso'.
    pub message: &'static str,
}

// ---- Commands.

/// Which list: `GET /truck` (administrators), `/truck/company/{id}`,
/// `/truck/shipping-company/{id}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TruckList {
    All,
    Company(i64),
    ShippingCompany(i64),
}

/// `page`, `pageSize`, `search` (id, plate, renavam or model) and the filters of a list.
#[derive(Debug, Clone, Default)]
pub struct TruckQuery {
    pub page: Option<i64>,
    pub page_size: Option<i64>,
    pub search: Option<String>,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
}

/// The truck's model (`truckBrand` is accepted and ignored: the model names its brand).
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleModelRef {
    pub id: Option<i64>,
    pub truck_brand: Option<OptIdRef>,
}

/// The truck form (`POST truck/save`; the driver app's `truck/rebind` and `truck/app/edit`).
/// `id` 0 or absent creates. Axles and capacities are stored from `implementType`; the driver
/// app's values are only checked (above 0). The drivers' calls take driver and company from
/// the session.
// The command is the HTTP body itself (named `TruckBody` in the contract): it is read as sent
// and checked into `TruckData`, with no copy between.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TruckBody)]
pub struct SaveTruck {
    pub id: Option<i64>,
    pub license_plate: Option<String>,
    pub renavam: Option<String>,
    pub owner: Option<String>,
    pub implement_type: Option<String>,
    pub vehicle_model: Option<VehicleModelRef>,
    /// `#rrggbb`.
    pub color: Option<String>,
    pub is_enabled: Option<bool>,
    pub company: Option<OptIdRef>,
    pub shipping_company: Option<OptIdRef>,
    pub driver: Option<OptIdRef>,
    pub shaft_quantity: Option<f64>,
    pub gross_capacity: Option<f64>,
    pub net_capacity: Option<f64>,
    /// The staff form's contacts (absent: left as they are).
    pub contact: Option<Vec<ContactItem>>,
}

impl SaveTruck {
    fn model_id(&self) -> Option<i64> {
        self.vehicle_model.and_then(|m| m.id).filter(|id| *id > 0)
    }
}

fn id_of(r: Option<OptIdRef>) -> Option<i64> {
    r.and_then(|r| r.id)
}

// ---- Helpers.

fn allowed(actor: &Actor, action: TruckAction) -> AppResult<Scope> {
    truck_scope(actor, action).map_err(forbidden)
}

fn shipping_of(t: &TruckView) -> Option<i64> {
    t.shipping_company.as_ref().map(|s| s.id)
}

/// The truck, when it is inside the scope; 404 otherwise (never another tenant's data).
fn visible(repos: &mut dyn Repos, scope: &Scope, id: i64) -> AppResult<TruckView> {
    repos
        .truck(id)?
        .filter(|t| truck_in_scope(scope, t.company.id, shipping_of(t)))
        .ok_or_else(AppError::not_found)
}

fn read_back(repos: &mut dyn Repos, id: i64) -> AppResult<TruckView> {
    let truck = repos
        .truck(id)?
        .ok_or_else(|| AppError::internal("truck vanished after its save"))?;
    with_contacts(repos, truck)
}

fn with_contacts(repos: &mut dyn Repos, mut truck: TruckView) -> AppResult<TruckView> {
    truck.contact = repos.contacts_of(ContactOwner::Truck(truck.id))?;
    Ok(truck)
}

/// The signed-in driver (drivers' own calls); staff get 403.
fn the_driver(repos: &mut dyn Repos, actor: &Actor) -> AppResult<DriverChoice> {
    if !actor.is_driver() {
        return Err(forbidden(DomainError::NotAllowed));
    }
    repos
        .driver_choice(actor.id)?
        .ok_or_else(AppError::not_found)
}

/// The driver's own truck; another's (or none) is 404.
fn drivers_truck(repos: &mut dyn Repos, driver_id: i64, id: i64) -> AppResult<TruckView> {
    repos
        .truck(id)?
        .filter(|t| t.driver.as_ref().is_some_and(|d| d.id == driver_id))
        .ok_or_else(AppError::not_found)
}

fn plate_taken(e: AppError) -> AppError {
    match e {
        AppError::Duplicate(_) => AppError::Duplicate(PLATE_TAKEN_MESSAGE.to_owned()),
        other => other,
    }
}

/// Refuses a plate another truck has (the unique index backs it).
fn plate_free(repos: &mut dyn Repos, plate: &Plate, own: Option<i64>) -> AppResult<()> {
    match repos.truck_by_plate(plate.as_str())? {
        Some(t) if Some(t.id) != own => Err(AppError::Duplicate(PLATE_TAKEN_MESSAGE.to_owned())),
        _ => Ok(()),
    }
}

fn driver_log(
    repos: &mut dyn Repos,
    driver_id: i64,
    company_id: i64,
    kind: DriverLogType,
    truck_id: i64,
    plate: &str,
) -> AppResult<()> {
    DriverLog::of(driver_id, company_id).write(
        repos,
        kind,
        DriverLogPayload::at_company(company_id).truck(truck_id, plate),
    )
}

/// The form checked by the domain, with the model's name from the catalog (an unknown model
/// is a missing one); every refused field at once.
fn check_form(repos: &mut dyn Repos, cmd: &SaveTruck, form: TruckForm) -> AppResult<TruckData> {
    let model = match cmd.model_id() {
        Some(id) => repos.model(id)?,
        None => None,
    };
    let mut issues = Vec::new();
    let data = check_truck(
        form,
        cmd.license_plate.as_deref().unwrap_or_default(),
        cmd.renavam.as_deref().unwrap_or_default(),
        cmd.owner.as_deref().unwrap_or_default(),
        model.as_ref().map(|m| (m.id, m.name.as_str())),
        cmd.implement_type.as_deref().unwrap_or_default(),
        cmd.color.as_deref(),
    )
    .map_err(|i| issues.extend(i));
    if form == TruckForm::DriverApp {
        issues.extend(check_app_capacities(
            cmd.shaft_quantity,
            cmd.gross_capacity,
            cmd.net_capacity,
        ));
    }
    match (data, issues.is_empty()) {
        (Ok(data), true) => Ok(data),
        _ => Err(invalid(issues)),
    }
}

/// The truck's company (the scope's own, or the administrator's choice, else the stored one)
/// and the checked form. Another tenant's company is 404 before anything else; a missing
/// choice is one more field message beside the form's.
fn company_and_form(
    repos: &mut dyn Repos,
    scope: Scope,
    cmd: &SaveTruck,
    before: Option<&TruckView>,
) -> AppResult<(i64, TruckData)> {
    let chosen = id_of(cmd.company).or(before.map(|t| t.company.id));
    match (
        target_company(repos, scope, chosen),
        check_form(repos, cmd, TruckForm::Staff),
    ) {
        (Err(AppError::Validation(mut a)), Err(AppError::Validation(b))) => {
            a.extend(b);
            Err(AppError::Validation(a))
        }
        (company, checked) => Ok((company?.0, checked?)),
    }
}

/// Whose the saved truck is: the shipping company and the driver must be of its company (a
/// Transportadora's: of its own shipping company); status as sent, else as it was (new: active).
fn placement(
    repos: &mut dyn Repos,
    scope: &Scope,
    company_id: i64,
    cmd: &SaveTruck,
    before: Option<&TruckView>,
) -> AppResult<TruckPlacement> {
    let mut issues = Vec::new();
    let shipping_company_id =
        saved_shipping_company(scope, id_of(cmd.shipping_company).filter(|id| *id > 0));
    if let Some(s) = shipping_company_id {
        let ok = repos
            .shipping_company_ref(s)?
            .is_some_and(|r| r.company_id == company_id);
        if !ok {
            issues.push(FieldIssue::new("shippingCompany", SHIPPING_COMPANY_MESSAGE));
        }
    }
    let driver_id = id_of(cmd.driver).filter(|id| *id > 0);
    if let Some(d) = driver_id {
        let ok = repos.driver_choice(d)?.is_some_and(|d| {
            d.company_id == company_id
                && scope
                    .shipping_company()
                    .is_none_or(|own| d.shipping_company_id == Some(own))
        });
        if !ok {
            issues.push(FieldIssue::new("driver", DRIVER_MESSAGE));
        }
    }
    if !issues.is_empty() {
        return Err(invalid(issues));
    }
    Ok(TruckPlacement {
        company_id,
        shipping_company_id,
        driver_id,
        is_enabled: cmd
            .is_enabled
            .unwrap_or(before.is_none_or(|t| t.is_enabled)),
    })
}

/// The driver logs of a staff save: the new driver's bind (or the registration), the old
/// driver's unbind (logged at the company the truck was at).
fn log_driver_changes(
    repos: &mut dyn Repos,
    before: Option<&TruckView>,
    id: i64,
    data: &TruckData,
    place: &TruckPlacement,
) -> AppResult<()> {
    let before_driver = before.and_then(|t| t.driver.as_ref().map(|d| d.id));
    for (driver, kind) in save_driver_logs(before.is_none(), before_driver, place.driver_id) {
        let log_company = match (before, &kind) {
            (Some(t), DriverLogType::UnbindTruck) => t.company.id,
            _ => place.company_id,
        };
        driver_log(repos, driver, log_company, kind, id, data.plate.as_str())?;
    }
    Ok(())
}

#[derive(Clone)]
pub struct TruckService {
    deps: Arc<Deps>,
}

impl TruckService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// The implement table (spec 2 section 3), in its order: the forms fill axles and
    /// capacities from it, and the server stores the same numbers.
    pub fn implement_types(&self) -> Vec<ImplementTypeView> {
        ImplementType::ALL
            .into_iter()
            .map(|t| ImplementTypeView {
                name: t.label(),
                shaft_quantity: t.axles(),
                gross_capacity: t.gross_tonnes(),
                net_capacity: t.net_tonnes(),
            })
            .collect()
    }

    /// The lists: 8 per page when paged, search by id, plate, renavam or model name.
    /// `GET /truck` is the administrators' (filters `companyId`, `shippingCompanyId`); the
    /// company and shipping-company paths are scoped, another tenant's 404.
    pub fn list(
        &self,
        actor: &Actor,
        which: TruckList,
        q: &TruckQuery,
    ) -> AppResult<Listing<TruckView>> {
        let scope = allowed(actor, TruckAction::Read)?;
        let page = page_request(q.page, q.page_size, TRUCK_PAGE_SIZE);
        let found = self.deps.store.replica_reads(|repos| {
            let (company_id, shipping_company_id) = match which {
                TruckList::All if scope != Scope::All => {
                    return Err(forbidden(DomainError::NotAllowed))
                }
                TruckList::All => (q.company_id, q.shipping_company_id),
                TruckList::Company(id) if scope.covers_company(id) => {
                    (Some(id), scope.shipping_company().or(q.shipping_company_id))
                }
                TruckList::ShippingCompany(id) => match repos.shipping_company_ref(id)? {
                    Some(s) if scope.covers_shipping(s.company_id, id) => {
                        (Some(s.company_id), Some(id))
                    }
                    _ => return Err(AppError::not_found()),
                },
                TruckList::Company(_) => return Err(AppError::not_found()),
            };
            repos.list_trucks(&TruckFilter {
                company_id,
                shipping_company_id,
                driver_id: None,
                search: search_text(q.search.as_deref()),
                page,
            })
        })?;
        Ok(Listing::of(found, page, |t| t))
    }

    /// `GET /truck/{id}`: staff in scope, or the driver the truck is bound to.
    pub fn get(&self, actor: &Actor, id: i64) -> AppResult<TruckView> {
        if actor.is_driver() {
            return self
                .deps
                .store
                .tx(|repos| drivers_truck(repos, actor.id, id));
        }
        let scope = allowed(actor, TruckAction::Read)?;
        self.deps.store.tx(|repos| {
            let truck = visible(repos, &scope, id)?;
            with_contacts(repos, truck)
        })
    }

    /// `GET /truck/driver/{driverId}`: the driver's trucks, for the driver itself and for staff
    /// who see the driver's company (a Transportadora: only its shipping company's trucks).
    pub fn of_driver(&self, actor: &Actor, driver_id: i64) -> AppResult<Vec<TruckView>> {
        let scope = if actor.is_driver() {
            if actor.id != driver_id {
                return Err(AppError::not_found());
            }
            None
        } else {
            Some(allowed(actor, TruckAction::Read)?)
        };
        let found = self.deps.store.tx(|repos| {
            let driver = repos
                .driver_choice(driver_id)?
                .filter(|d| scope.is_none_or(|s| s.covers_company(d.company_id)))
                .ok_or_else(AppError::not_found)?;
            repos.list_trucks(&TruckFilter {
                company_id: Some(driver.company_id),
                shipping_company_id: scope.and_then(|s| s.shipping_company()),
                driver_id: Some(driver_id),
                ..TruckFilter::default()
            })
        })?;
        Ok(found.items)
    }

    /// The `truck` picker: at most 20 trucks whose id, plate, renavam or model matches, in
    /// the scope, narrowed to a company or a shipping company (another tenant's: 404).
    pub fn like(
        &self,
        actor: &Actor,
        text: Option<&str>,
        within: Option<TruckList>,
    ) -> AppResult<Vec<TruckLikeItem>> {
        let q = TruckQuery {
            page: Some(1),
            page_size: Some(i64::from(LIKE_LIMIT)),
            search: text.map(str::to_owned),
            ..TruckQuery::default()
        };
        let which = match within {
            Some(w) => w,
            None => match allowed(actor, TruckAction::Read)? {
                Scope::All => TruckList::All,
                s => match (s.shipping_company(), s.company()) {
                    (Some(shipping), _) => TruckList::ShippingCompany(shipping),
                    (None, Some(company)) => TruckList::Company(company),
                    (None, None) => TruckList::All,
                },
            },
        };
        let listing = self.list(actor, which, &q)?;
        Ok(listing
            .items()
            .iter()
            .map(|t| TruckLikeItem {
                id: t.id,
                license_plate: t.license_plate.clone(),
                name: t.license_plate.clone(),
                vehicle_model: t.vehicle_model.as_ref().map(|m| m.name.clone()),
                net_capacity: t.net_capacity,
            })
            .collect())
    }

    /// The drivers the truck form offers for a company (a Transportadora: its own drivers).
    pub fn driver_choices(
        &self,
        actor: &Actor,
        company_id: i64,
    ) -> AppResult<Vec<TruckDriverChoice>> {
        let scope = allowed(actor, TruckAction::Save)?;
        if !scope.covers_company(company_id) {
            return Err(AppError::not_found());
        }
        let found = self
            .deps
            .store
            .tx(|repos| repos.driver_choices(company_id, scope.shipping_company()))?;
        Ok(found
            .into_iter()
            .map(|d| TruckDriverChoice {
                id: d.id,
                name: d.name,
            })
            .collect())
    }

    /// `POST truck/save`: creates (`id` 0 or absent: 201) or edits (200) a truck in the
    /// scope. The company is a Usuario's or Transportadora's own (an administrator chooses
    /// one), a Transportadora's trucks stay with its shipping company, the shipping company and
    /// the driver must be of the truck's company. Writes the staff log and the driver logs.
    pub fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        mut cmd: SaveTruck,
    ) -> AppResult<Saved<TruckView>> {
        let scope = allowed(actor, TruckAction::Save)?;
        let contacts = cmd
            .contact
            .take()
            .map(|list| list.into_iter().map(ContactItem::cmd).collect::<Vec<_>>())
            .as_deref()
            .map(check_form_contacts)
            .transpose()?;
        let id = crate::services::save_target(cmd.id)?;
        self.deps.store.tx(|repos| {
            let before = id.map(|id| visible(repos, &scope, id)).transpose()?;
            let (company_id, data) = company_and_form(repos, scope, &cmd, before.as_ref())?;
            let place = placement(repos, &scope, company_id, &cmd, before.as_ref())?;
            plate_free(repos, &data.plate, id)?;
            let (id, operation) = match &before {
                Some(t) => {
                    repos
                        .update_truck(t.id, &data, &place)
                        .map_err(plate_taken)?;
                    (t.id, Operation::Update)
                }
                None => (
                    repos.insert_truck(&data, &place).map_err(plate_taken)?,
                    Operation::Create,
                ),
            };
            if let Some(contacts) = &contacts {
                save_contacts(repos, ContactOwner::Truck(id), contacts)?;
            }
            log_driver_changes(repos, before.as_ref(), id, &data, &place)?;
            Audit::by(actor, ip).write(
                repos,
                operation,
                ObjectType::Truck,
                company_id,
                title(ObjectType::Truck, operation, data.plate.as_str()),
                vec![
                    ("Placa", data.plate.as_str().to_owned()),
                    ("Renavam", data.renavam.as_str().to_owned()),
                    (
                        "Tipo de implemento",
                        data.implement_type
                            .map(|t| t.label().to_owned())
                            .unwrap_or_default(),
                    ),
                ],
            )?;
            Ok(Saved {
                created: operation == Operation::Create,
                view: read_back(repos, id)?,
            })
        })
    }

    /// `DELETE /truck/delete/{id}`: administrators only; a truck with loadings, queue entries
    /// or rescues is refused with the spec's message.
    pub fn delete(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        let scope = allowed(actor, TruckAction::Delete)?;
        self.deps.store.tx(|repos| {
            let t = visible(repos, &scope, id)?;
            repos.delete_truck(id).map_err(|e| match e {
                AppError::Referenced(_) => {
                    AppError::Referenced(FleetReferenced::TruckHasOrders.message().to_owned())
                }
                other => other,
            })?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::Truck,
                t.company.id,
                title(
                    ObjectType::Truck,
                    Operation::Delete,
                    t.license_plate.as_str(),
                ),
                vec![("Placa", t.license_plate.to_string())],
            )?;
            Ok(Deleted::new(id))
        })
    }

    /// `PATCH /truck/unbind-shipping-company`: the truck leaves its shipping company (the
    /// non-administrators' "delete"); a Transportadora unbinds only its own trucks.
    pub fn unbind_shipping_company(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        id: i64,
    ) -> AppResult<TruckUnbound> {
        let scope = allowed(actor, TruckAction::UnbindShippingCompany)?;
        self.deps.store.tx(|repos| {
            let t = visible(repos, &scope, id)?;
            repos.set_truck_shipping_company(id, None)?;
            let from = t
                .shipping_company
                .as_ref()
                .map(|s| s.name.clone())
                .unwrap_or_default();
            Audit::by(actor, ip).write(
                repos,
                Operation::Update,
                ObjectType::Truck,
                t.company.id,
                format!(
                    "{} da transportadora",
                    title(
                        ObjectType::Truck,
                        Operation::Update,
                        t.license_plate.as_str()
                    )
                    .replace(" editado", " desvinculado")
                ),
                vec![
                    ("Placa", t.license_plate.to_string()),
                    ("Transportadora", from),
                ],
            )?;
            Ok(TruckUnbound {
                id,
                message: UNBOUND_MESSAGE,
            })
        })
    }

    /// `PATCH /truck/unbind` (driver session): the driver lets go of its truck (UNBIND_TRUCK);
    /// not while a queue entry uses it.
    pub fn driver_unbind(&self, actor: &Actor, id: i64) -> AppResult<TruckUnbound> {
        self.deps.store.tx(|repos| {
            let driver = the_driver(repos, actor)?;
            let t = drivers_truck(repos, driver.id, id)?;
            if repos.truck_in_active_queue(id)? {
                return Err(AppError::Conflict(TRUCK_IN_QUEUE_MESSAGE.to_owned()));
            }
            repos.set_truck_driver(id, None)?;
            driver_log(
                repos,
                driver.id,
                driver.company_id,
                DriverLogType::UnbindTruck,
                id,
                t.license_plate.as_str(),
            )?;
            Ok(TruckUnbound {
                id,
                message: UNBOUND_MESSAGE,
            })
        })
    }

    /// `PATCH truck/rebind` (driver session): the driver app's new truck. A new plate is
    /// registered at the driver's company (CAD_TRUCK); a truck of that company nobody drives
    /// is bound to the driver and updated (BIND_TRUNCK); its own is updated (EDIT_TRUCK).
    /// The driver and company are the session's, whatever the body names. The driver app's
    /// messages apply.
    pub fn rebind(&self, actor: &Actor, cmd: SaveTruck) -> AppResult<Saved<TruckView>> {
        self.deps.store.tx(|repos| {
            let driver = the_driver(repos, actor)?;
            let data = check_form(repos, &cmd, TruckForm::DriverApp)?;
            let known = repos.truck_by_plate(data.plate.as_str())?;
            let decision = rebind(
                driver.id,
                driver.company_id,
                known.as_ref().map(|t| KnownTruck {
                    company_id: t.company.id,
                    driver_id: t.driver.as_ref().map(|d| d.id),
                }),
            )
            .map_err(|m| AppError::Conflict(m.to_owned()))?;
            let id = match &known {
                Some(t) => {
                    let place = TruckPlacement {
                        driver_id: Some(driver.id),
                        ..TruckPlacement::of(t)
                    };
                    repos
                        .update_truck(t.id, &data, &place)
                        .map_err(plate_taken)?;
                    t.id
                }
                None => {
                    let place = TruckPlacement {
                        company_id: driver.company_id,
                        shipping_company_id: None,
                        driver_id: Some(driver.id),
                        is_enabled: true,
                    };
                    repos.insert_truck(&data, &place).map_err(plate_taken)?
                }
            };
            driver_log(
                repos,
                driver.id,
                driver.company_id,
                decision.log(),
                id,
                data.plate.as_str(),
            )?;
            Ok(Saved {
                created: decision == Rebind::Create,
                view: read_back(repos, id)?,
            })
        })
    }

    /// `POST truck/app/edit` (driver session): the driver edits one of its trucks with the
    /// driver app's messages (EDIT_TRUCK). Company, shipping company, driver and status stay.
    pub fn app_edit(&self, actor: &Actor, cmd: SaveTruck) -> AppResult<TruckView> {
        self.deps.store.tx(|repos| {
            let driver = the_driver(repos, actor)?;
            let t = drivers_truck(repos, driver.id, cmd.id.unwrap_or_default())?;
            let data = check_form(repos, &cmd, TruckForm::DriverApp)?;
            plate_free(repos, &data.plate, Some(t.id))?;
            repos
                .update_truck(t.id, &data, &TruckPlacement::of(&t))
                .map_err(plate_taken)?;
            driver_log(
                repos,
                driver.id,
                driver.company_id,
                DriverLogType::EditTruck,
                t.id,
                data.plate.as_str(),
            )?;
            read_back(repos, t.id)
        })
    }

    /// `GET truck/isTruck/{plate}`: a text that is not 7 letters or digits is not a truck;
    /// otherwise the plate registry decides.
    pub fn is_truck(&self, plate: &str) -> AppResult<IsTruckView> {
        let is_truck = match Plate::parse(plate) {
            Ok(p) => self.deps.plates.is_truck(&p)?,
            Err(_) => false,
        };
        Ok(IsTruckView { is_truck })
    }
}
