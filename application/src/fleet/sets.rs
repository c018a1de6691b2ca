//! Sets (conjuntos) and their linking to shipping companies (spec 2 "Sets and linking"): the
//! list paged by key (`GET /driver/groups`), its export, the linking of pairs to a shipping
//! company in one transaction, unbinding, and the linking screen's reads.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use patio_domain::admin::access::Scope;
use patio_domain::admin::audit::{ObjectType, Operation};
use patio_domain::admin::listing::{search_text, PageRequest, LIKE_LIMIT};
use patio_domain::auth::Actor;
use patio_domain::driver_log::DriverLogType;
use patio_domain::fleet::sets::{
    check_link, driver_bound_elsewhere_message, driver_leaves_with_truck, driver_search,
    export_row, link_title, may_link, may_link_to, may_unbind, next_from_id, plate_pattern,
    queue_label, sets_from_id, sets_page_size, sets_permissions, sets_scope,
    truck_bound_elsewhere_message, unbind_title, ExportSet, LinkRefusal, Pair, PairInput,
    QueueLabel, Removal, SetsAction, UnbindTarget, COMPANY_MISMATCH_MESSAGE, EXPORT_HEADER,
    LINKED_MESSAGE, LINKED_PAIRS_PAGE, NOTHING_TO_UNBIND_MESSAGE, NOT_BOUND_MESSAGE,
};
use patio_domain::fleet::trucks::{
    truck_free_for, truck_in_queue_message, truck_of_other_driver_message, TakeRefusal,
};
use patio_domain::queue::closed_on_local_day;
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::fleet::sets_ports::{
    CandidateDriver, CandidateTruck, GroupRecord, GroupsFilter, LinkDriver, LinkTruck,
    LinkedPairRecord, ShippingRecord,
};
use crate::model::DriverLogPayload;
use crate::ports::{Repos, StoreExt};
use crate::services::{forbidden, Audit, Deps, DriverLog, ListQuery, PageView};

/// The most rows an export writes; past it the filters must narrow the sets.
pub const EXPORT_MAX_ROWS: usize = 100_000;
pub const EXPORT_TOO_LARGE_MESSAGE: &str =
    "A exportação tem no máximo 100000 conjuntos. Use os filtros para reduzir a lista.";
pub const STATUS_INVALID_MESSAGE: &str = "Situação inválida.";
/// Rows read per round while exporting.
const EXPORT_BATCH: u32 = 1000;

/// The query of `GET /driver/groups` and of its exports.
#[derive(Debug, Clone, Default)]
pub struct GroupsQuery {
    pub from_id: Option<i64>,
    pub page_size: Option<i64>,
    /// A plate (or part of one).
    pub truck_search: Option<String>,
    /// A driver's name or CPF (or part of one).
    pub driver_search: Option<String>,
    /// The unit (company): administrators only; others always see their own.
    pub company_id: Option<i64>,
    /// Not for a Transportadora, which always sees its own.
    pub shipping_company_id: Option<i64>,
    /// pending, tolerance, attended or fault.
    pub status: Option<String>,
    /// 'Na Fila'.
    pub in_queue: Option<bool>,
    /// 'Sem Veículo'.
    pub without_truck: Option<bool>,
}

/// The queue label of a set, as the wire spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SetQueueStatus {
    Pending,
    Tolerance,
    Attended,
    Fault,
}

impl From<QueueLabel> for SetQueueStatus {
    fn from(l: QueueLabel) -> Self {
        match l {
            QueueLabel::Pending => SetQueueStatus::Pending,
            QueueLabel::Tolerance => SetQueueStatus::Tolerance,
            QueueLabel::Attended => SetQueueStatus::Attended,
            QueueLabel::Fault => SetQueueStatus::Fault,
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct SetRef {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct SetShippingCompany {
    pub id: i64,
    pub code: i32,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct SetContact {
    pub id: i64,
    pub name: String,
    pub fone: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetVehicleModel {
    pub id: i64,
    pub name: String,
    pub truck_brand: Option<SetRef>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetTruck {
    pub id: i64,
    pub license_plate: String,
    pub is_enabled: bool,
    pub vehicle_model: Option<SetVehicleModel>,
    pub implement_type: Option<String>,
    /// Tonnes.
    pub net_capacity: Option<f64>,
    pub shipping_company: Option<SetRef>,
}

/// The driver's queue entry the label comes from. `date` and `forecast` only while it waits
/// (hidden when attended or none); `position` 0 unless waiting.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetQueue {
    pub id: i64,
    pub status: SetQueueStatus,
    pub position: i32,
    pub date: Option<NaiveDate>,
    pub forecast: Option<DateTime<Utc>>,
    pub truck_id: i64,
}

/// A set row (spec 2 section 3 "Set row"): the driver, its first contact, company, shipping
/// company, trucks and queue state.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverGroup {
    pub id: i64,
    pub name: String,
    /// 11 digits.
    pub cpf: String,
    pub birth_date: NaiveDate,
    pub is_enabled: bool,
    pub cnh: Option<String>,
    /// The first contact only (its phone is what the list shows).
    pub contact: Vec<SetContact>,
    pub company: SetRef,
    pub shipping_company: Option<SetShippingCompany>,
    pub truck: Vec<SetTruck>,
    /// `null`: no label (not in the queue, or closed another day).
    pub queue: Option<SetQueue>,
}

/// What the sets screen's row action does (administrators delete, others unbind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SetRemoval {
    Delete,
    Unbind,
}

/// What the sets screen offers the caller (the rules are the domain's; the screen shows).
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetsPermissionsView {
    pub can_export: bool,
    pub can_link: bool,
    pub removal: Option<SetRemoval>,
    /// 'Desvincular' for a shipping-company user, else 'Excluir'.
    pub removal_title: &'static str,
    pub filters_by_company: bool,
    pub shows_shipping_company: bool,
    pub can_log_in_as_driver: bool,
}

/// One page of sets. `nextFromId` is the `from_id` of the next page; `null` at the end.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverGroupsPage {
    pub items: Vec<DriverGroup>,
    pub next_from_id: Option<i64>,
    pub page_size: u32,
    pub permissions: SetsPermissionsView,
}

fn permissions_view(actor: &Actor) -> SetsPermissionsView {
    let none = SetsPermissionsView {
        can_export: false,
        can_link: false,
        removal: None,
        removal_title: "Excluir",
        filters_by_company: false,
        shows_shipping_company: false,
        can_log_in_as_driver: false,
    };
    let Some(role) = actor.staff_role() else {
        return none;
    };
    let p = sets_permissions(role);
    SetsPermissionsView {
        can_export: p.can_export,
        can_link: p.can_link,
        removal: p.removal.map(|r| match r {
            Removal::Delete => SetRemoval::Delete,
            Removal::Unbind => SetRemoval::Unbind,
        }),
        removal_title: p.removal_title,
        filters_by_company: p.filters_by_company,
        shows_shipping_company: p.shows_shipping_company,
        can_log_in_as_driver: p.can_log_in_as_driver,
    }
}

/// An export's content: the header and one row per set; the adapter writes the file.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportTable {
    pub header: [&'static str; 6],
    pub rows: Vec<[String; 6]>,
}

/// `POST shipping-company/bind`.
#[derive(Debug, Clone, Default)]
pub struct BindCmd {
    pub shipping_company_id: Option<i64>,
    pub company_id: Option<i64>,
    pub pairs: Vec<PairInput>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindView {
    pub message: &'static str,
    pub shipping_company: SetRef,
    /// Pairs bound.
    pub bound: usize,
}

/// An unbind: a pair (truck and driver), a truck or a driver.
#[derive(Debug, Clone, Default)]
pub struct UnbindCmd {
    pub truck_id: Option<i64>,
    pub driver_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct UnbindView {
    pub message: &'static str,
    /// The truck unbound, if one was.
    pub truck: Option<i64>,
    /// The driver unbound, if one was.
    pub driver: Option<i64>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateTruckView {
    pub id: i64,
    pub license_plate: String,
    /// Model name.
    pub model: Option<String>,
    /// Brand name.
    pub brand: Option<String>,
    pub driver_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct CandidateDriverView {
    pub id: i64,
    pub name: String,
    /// 11 digits.
    pub cpf: String,
}

/// A pair bound to a shipping company (a bound driver with no bound truck has `truck` null).
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct LinkedPair {
    pub truck: Option<CandidateTruckView>,
    pub driver: Option<CandidateDriverView>,
}

fn truck_view(t: CandidateTruck) -> CandidateTruckView {
    CandidateTruckView {
        id: t.id,
        license_plate: t.license_plate,
        model: t.model,
        brand: t.brand,
        driver_id: t.driver_id,
    }
}

fn driver_view(d: CandidateDriver) -> CandidateDriverView {
    CandidateDriverView {
        id: d.id,
        name: d.name,
        cpf: d.cpf,
    }
}

fn pair_view(p: LinkedPairRecord) -> LinkedPair {
    LinkedPair {
        truck: p.truck.map(truck_view),
        driver: p.driver.map(driver_view),
    }
}

fn group_view(g: GroupRecord, now: DateTime<Utc>) -> DriverGroup {
    let queue = g.queue.and_then(|q| {
        let closed_today = closed_on_local_day(q.closed_at, q.time_zone.as_deref(), now);
        let label = queue_label(&q.status, q.in_tolerance, closed_today)?;
        let shows = label.shows_date();
        Some(SetQueue {
            id: q.id,
            status: label.into(),
            position: if shows { q.position.unwrap_or(0) } else { 0 },
            date: q.date.filter(|_| shows),
            forecast: q.forecast_at.filter(|_| shows),
            truck_id: q.truck_id,
        })
    });
    DriverGroup {
        id: g.id,
        name: g.name,
        cpf: g.cpf,
        birth_date: g.birth_date,
        is_enabled: g.is_enabled,
        cnh: g.cnh,
        contact: g
            .first_contact
            .into_iter()
            .map(|c| SetContact {
                id: c.id,
                name: c.name,
                fone: c.fone,
            })
            .collect(),
        company: SetRef {
            id: g.company_id,
            name: g.company_name,
        },
        shipping_company: g.shipping_company.map(|s| SetShippingCompany {
            id: s.id,
            code: s.code,
            name: s.name,
        }),
        truck: g
            .trucks
            .into_iter()
            .map(|t| SetTruck {
                id: t.id,
                license_plate: t.license_plate,
                is_enabled: t.is_enabled,
                vehicle_model: t.model.map(|(id, name)| SetVehicleModel {
                    id,
                    name,
                    truck_brand: t.brand.map(|(id, name)| SetRef { id, name }),
                }),
                implement_type: t.implement_type,
                net_capacity: t.net_capacity,
                shipping_company: t.shipping_company.map(|(id, name)| SetRef { id, name }),
            })
            .collect(),
        queue,
    }
}

fn refusal(e: LinkRefusal, bound_elsewhere: impl FnOnce() -> String) -> AppError {
    match e {
        LinkRefusal::NotFound => AppError::not_found(),
        LinkRefusal::BoundElsewhere => AppError::Conflict(bound_elsewhere()),
        LinkRefusal::NotBound => AppError::Conflict(NOT_BOUND_MESSAGE.to_owned()),
    }
}

#[derive(Clone)]
pub struct SetsService {
    deps: Arc<Deps>,
}

impl SetsService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// The filters of a query in the caller's scope: a scoped caller always sees its own
    /// company (and a Transportadora its own shipping company and trucks), whatever it asks.
    fn filter(
        scope: &Scope,
        q: &GroupsQuery,
        after_id: i64,
        limit: u32,
        now: DateTime<Utc>,
    ) -> AppResult<GroupsFilter> {
        let status = match q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(s) => Some(
                QueueLabel::parse(s)
                    .ok_or_else(|| AppError::field("status", STATUS_INVALID_MESSAGE))?,
            ),
        };
        Ok(GroupsFilter {
            company_id: scope.company().or(q.company_id),
            shipping_company_id: scope.shipping_company().or(q.shipping_company_id),
            truck_shipping_id: scope.shipping_company(),
            plate_pattern: plate_pattern(q.truck_search.as_deref()),
            driver: driver_search(q.driver_search.as_deref()),
            status,
            in_queue: q.in_queue.unwrap_or(false),
            without_truck: q.without_truck.unwrap_or(false),
            after_id,
            limit,
            now,
        })
    }

    /// `GET /driver/groups`: one page of sets after `from_id`, by driver id.
    pub fn groups(&self, actor: &Actor, q: &GroupsQuery) -> AppResult<DriverGroupsPage> {
        let scope = sets_scope(actor, SetsAction::Read).map_err(forbidden)?;
        let now = self.deps.clock.now();
        let size = sets_page_size(q.page_size);
        // One more row than the page tells whether another page follows.
        let f = Self::filter(&scope, q, sets_from_id(q.from_id), size + 1, now)?;
        let mut rows = self.deps.store.tx(|repos| repos.driver_groups(&f))?;
        let more = rows.len() > size as usize;
        rows.truncate(size as usize);
        let next = next_from_id(rows.last().map(|r| r.id), more);
        Ok(DriverGroupsPage {
            items: rows.into_iter().map(|g| group_view(g, now)).collect(),
            next_from_id: next,
            page_size: size,
            permissions: permissions_view(actor),
        })
    }

    /// The export of the sets the filters select (every page), in one transaction.
    pub fn export(&self, actor: &Actor, q: &GroupsQuery) -> AppResult<ExportTable> {
        let scope = sets_scope(actor, SetsAction::Export).map_err(forbidden)?;
        let now = self.deps.clock.now();
        let mut f = Self::filter(&scope, q, 0, EXPORT_BATCH, now)?;
        self.deps.store.tx(|repos| {
            let mut rows = Vec::new();
            loop {
                let batch = repos.driver_groups(&f)?;
                let full = batch.len() == EXPORT_BATCH as usize;
                if let Some(last) = batch.last() {
                    f.after_id = last.id;
                }
                for g in &batch {
                    rows.push(export_row(&ExportSet {
                        id: g.id,
                        name: &g.name,
                        cpf: &g.cpf,
                        plates: g.trucks.iter().map(|t| t.license_plate.as_str()).collect(),
                        shipping_company: g.shipping_company.as_ref().map(|s| s.name.as_str()),
                        unit: &g.company_name,
                    }));
                }
                if rows.len() > EXPORT_MAX_ROWS {
                    return Err(AppError::Conflict(EXPORT_TOO_LARGE_MESSAGE.to_owned()));
                }
                if !full {
                    break;
                }
            }
            Ok(ExportTable {
                header: EXPORT_HEADER,
                rows,
            })
        })
    }

    /// The shipping company the linking screen works on, if the caller may link to it.
    /// Every pair may be bound to the target and its truck is free: rows locked in id order,
    /// trucks then drivers, so two linkings never deadlock. Answers the trucks by id.
    fn free_pairs(
        repos: &mut dyn Repos,
        scope: &Scope,
        target: &ShippingRecord,
        pairs: &[Pair],
    ) -> AppResult<std::collections::HashMap<i64, LinkTruck>> {
        let mut truck_ids: Vec<i64> = pairs.iter().map(|p| p.truck_id).collect();
        truck_ids.sort_unstable();
        truck_ids.dedup();
        let mut driver_ids: Vec<i64> = pairs.iter().map(|p| p.driver_id).collect();
        driver_ids.sort_unstable();
        driver_ids.dedup();
        let mut trucks = std::collections::HashMap::new();
        for id in truck_ids {
            let t = repos.truck_for_link(id)?.ok_or_else(AppError::not_found)?;
            may_link(
                scope,
                target.company_id,
                target.id,
                t.company_id,
                t.shipping_company_id,
            )
            .map_err(|e| refusal(e, || truck_bound_elsewhere_message(&t.license_plate)))?;
            trucks.insert(id, t);
        }
        for id in driver_ids {
            let d = repos.driver_for_link(id)?.ok_or_else(AppError::not_found)?;
            may_link(
                scope,
                target.company_id,
                target.id,
                d.company_id,
                d.shipping_company_id,
            )
            .map_err(|e| refusal(e, || driver_bound_elsewhere_message(&d.name)))?;
        }
        // A truck in a queue, or driven by another driver, is not free (issue 21).
        for p in pairs {
            let Some(t) = trucks.get(&p.truck_id) else {
                continue;
            };
            let in_queue = repos.truck_in_active_queue(t.id)?;
            truck_free_for(p.driver_id, t.driver_id, in_queue).map_err(|e| match e {
                TakeRefusal::InQueue => {
                    AppError::Conflict(truck_in_queue_message(&t.license_plate))
                }
                _ => AppError::Conflict(truck_of_other_driver_message(&t.license_plate)),
            })?;
        }
        Ok(trucks)
    }

    fn target(repos: &mut dyn Repos, scope: &Scope, shipping_id: i64) -> AppResult<ShippingRecord> {
        repos
            .shipping_company_brief(shipping_id)?
            .filter(|s| may_link_to(scope, s.company_id, s.id))
            .ok_or_else(AppError::not_found)
    }

    /// `POST /shipping-company/bind`: every pair bound to the shipping company in one
    /// transaction (the truck to its driver too), or nothing when any pair is refused.
    pub fn bind(&self, actor: &Actor, ip: Option<&str>, cmd: BindCmd) -> AppResult<BindView> {
        let scope = sets_scope(actor, SetsAction::Link).map_err(forbidden)?;
        let (shipping_id, pairs) =
            check_link(cmd.shipping_company_id, &cmd.pairs).map_err(crate::services::invalid)?;
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            let target = Self::target(repos, &scope, shipping_id)?;
            if cmd
                .company_id
                .is_some_and(|c| c > 0 && c != target.company_id)
            {
                return Err(AppError::field("company", COMPANY_MISMATCH_MESSAGE));
            }
            let trucks = Self::free_pairs(repos, &scope, &target, &pairs)?;
            for p in &pairs {
                repos.bind_pair(p.truck_id, p.driver_id, target.id, now)?;
                let plate = trucks
                    .get(&p.truck_id)
                    .map(|t: &LinkTruck| t.license_plate.clone())
                    .unwrap_or_default();
                DriverLog::of(p.driver_id, target.company_id).write(
                    repos,
                    DriverLogType::BindTruck,
                    DriverLogPayload::at_company(target.company_id)
                        .truck(p.truck_id, plate)
                        .shipping_company(target.id, target.name.as_str()),
                )?;
            }
            Audit::by(actor, ip).write(
                repos,
                Operation::Update,
                ObjectType::ShippingCompany,
                target.company_id,
                link_title(&target.name, pairs.len()),
                vec![
                    ("Transportadora", target.name.clone()),
                    (
                        "Conjuntos",
                        pairs
                            .iter()
                            .map(|p| {
                                let plate = trucks
                                    .get(&p.truck_id)
                                    .map(|t| t.license_plate.as_str())
                                    .unwrap_or_default();
                                format!("{plate} / motorista {}", p.driver_id)
                            })
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                ],
            )?;
            Ok(BindView {
                message: LINKED_MESSAGE,
                shipping_company: SetRef {
                    id: target.id,
                    name: target.name,
                },
                bound: pairs.len(),
            })
        })
    }

    /// `PATCH /shipping-company/unbind`: a linked pair (the truck leaves the shipping company,
    /// and its driver with it unless the driver keeps another truck there), or a truck, or a
    /// driver. A Transportadora unbinds only from itself.
    pub fn unbind(&self, actor: &Actor, ip: Option<&str>, cmd: UnbindCmd) -> AppResult<UnbindView> {
        let scope = sets_scope(actor, SetsAction::Link).map_err(forbidden)?;
        let truck_id = cmd.truck_id.filter(|id| *id > 0);
        let driver_id = cmd.driver_id.filter(|id| *id > 0);
        let target = UnbindTarget::of(truck_id, driver_id)
            .ok_or_else(|| AppError::field("truck", NOTHING_TO_UNBIND_MESSAGE))?;
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            let truck: Option<LinkTruck> = match truck_id {
                Some(id) => {
                    let t = repos.truck_for_link(id)?.ok_or_else(AppError::not_found)?;
                    may_unbind(&scope, t.company_id, t.shipping_company_id)
                        .map_err(|e| refusal(e, String::new))?;
                    Some(t)
                }
                None => None,
            };
            let driver: Option<LinkDriver> = match driver_id {
                Some(id) => {
                    let d = repos.driver_for_link(id)?.ok_or_else(AppError::not_found)?;
                    if truck.is_none() {
                        may_unbind(&scope, d.company_id, d.shipping_company_id)
                            .map_err(|e| refusal(e, String::new))?;
                    } else if !scope.covers_company(d.company_id) {
                        return Err(AppError::not_found());
                    }
                    Some(d)
                }
                None => None,
            };
            // The shipping company they leave.
            let from = truck
                .as_ref()
                .and_then(|t| t.shipping_company_id)
                .or_else(|| driver.as_ref().and_then(|d| d.shipping_company_id))
                .ok_or_else(|| AppError::Conflict(NOT_BOUND_MESSAGE.to_owned()))?;
            let driver_leaves = match (&truck, &driver) {
                (Some(t), Some(d)) => driver_leaves_with_truck(
                    d.shipping_company_id,
                    from,
                    repos.driver_has_other_bound_truck(d.id, t.id, from)?,
                ),
                (None, Some(_)) => true,
                _ => false,
            };
            let shipping_name = repos
                .shipping_company_brief(from)?
                .map(|s| s.name)
                .unwrap_or_default();
            let company_id = truck
                .as_ref()
                .map(|t| t.company_id)
                .or_else(|| driver.as_ref().map(|d| d.company_id));
            if let Some(t) = &truck {
                repos.unbind_truck(t.id, now)?;
                let log_driver = driver.as_ref().map(|d| d.id).or(t.driver_id);
                if let Some(driver_id) = log_driver {
                    DriverLog::of(driver_id, t.company_id).write(
                        repos,
                        DriverLogType::UnbindTruck,
                        DriverLogPayload::at_company(t.company_id)
                            .truck(t.id, t.license_plate.as_str())
                            .shipping_company(from, shipping_name.as_str()),
                    )?;
                }
            }
            let unbound_driver = match &driver {
                Some(d) if driver_leaves => {
                    repos.unbind_driver(d.id, now)?;
                    Some(d)
                }
                _ => None,
            };
            Audit::by(actor, ip).write(
                repos,
                Operation::Update,
                ObjectType::ShippingCompany,
                company_id,
                unbind_title(
                    &shipping_name,
                    truck.as_ref().map(|t| t.license_plate.as_str()),
                    unbound_driver.map(|d| d.name.as_str()),
                ),
                vec![("Transportadora", shipping_name.clone())],
            )?;
            Ok(UnbindView {
                message: target.message(),
                truck: truck.as_ref().map(|t| t.id),
                driver: unbound_driver.map(|d| d.id),
            })
        })
    }

    /// The pairs bound to a shipping company, 5 per page, filtered by plate, name or CPF.
    pub fn linked(
        &self,
        actor: &Actor,
        shipping_id: i64,
        q: &ListQuery,
    ) -> AppResult<PageView<LinkedPair>> {
        let scope = sets_scope(actor, SetsAction::Link).map_err(forbidden)?;
        let page = q.page(LINKED_PAIRS_PAGE).unwrap_or(PageRequest {
            page: 1,
            size: LINKED_PAIRS_PAGE,
        });
        let search = search_text(q.search.as_deref());
        let found = self.deps.store.tx(|repos| {
            Self::target(repos, &scope, shipping_id)?;
            repos.linked_pairs(shipping_id, search.as_ref(), page)
        })?;
        Ok(PageView {
            items: found.items.into_iter().map(pair_view).collect(),
            total: found.total,
            page: page.page,
            page_size: page.size,
        })
    }

    /// Trucks the linking screen offers for a shipping company: its company's, free or already
    /// its own, by plate (at most 20).
    pub fn candidate_trucks(
        &self,
        actor: &Actor,
        shipping_id: i64,
        search: Option<&str>,
    ) -> AppResult<Vec<CandidateTruckView>> {
        let scope = sets_scope(actor, SetsAction::Link).map_err(forbidden)?;
        let pattern = plate_pattern(search);
        let found = self.deps.store.tx(|repos| {
            let target = Self::target(repos, &scope, shipping_id)?;
            repos.candidate_trucks(target.company_id, target.id, pattern.as_deref(), LIKE_LIMIT)
        })?;
        Ok(found.into_iter().map(truck_view).collect())
    }

    /// Drivers the linking screen offers for a shipping company, by name or CPF (at most 20).
    pub fn candidate_drivers(
        &self,
        actor: &Actor,
        shipping_id: i64,
        search: Option<&str>,
    ) -> AppResult<Vec<CandidateDriverView>> {
        let scope = sets_scope(actor, SetsAction::Link).map_err(forbidden)?;
        let search = driver_search(search);
        let found = self.deps.store.tx(|repos| {
            let target = Self::target(repos, &scope, shipping_id)?;
            repos.candidate_drivers(target.company_id, target.id, search.as_ref(), LIKE_LIMIT)
        })?;
        Ok(found.into_iter().map(driver_view).collect())
    }
}
