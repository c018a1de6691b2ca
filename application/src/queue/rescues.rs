//! Rescues (Gerenciar Resgates, issue 13, spec 3 sections 2, 4, 5, 6 and 7): a vehicle marked
//! missing that was in fact loaded. The dispatch sends the net weight, the order and the queue
//! id (`POST /queue-restore/save`, 'Solicitação enviada'); a root administrator approves it on
//! /recuperar (`PUT /queue-restore/restore`, 'Aprovação realizada com sucesso'), and the entry
//! ends attended with that tonnage on its order's loading, through the same code path as
//! `POST /scheduling/close` ([`crate::yard::close_loading`]).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use patio_domain::admin::audit::{ObjectType, Operation};
use patio_domain::admin::listing::{search_text, PageRequest};
use patio_domain::auth::Actor;
use patio_domain::driver_log::DriverLogType;
use patio_domain::queue::rescue::{
    may_approve_rescue, may_approve_rescues, may_approve_row, may_request_rescue, RescueCheck,
    RescueRefusal,
};
use patio_domain::queue::LifecycleState;
use patio_domain::roles::Role;
use patio_domain::text::{br_tonnes, escape_html};
use serde::Serialize;

use crate::auth::public::company_today;
use crate::error::{AppError, AppResult};
use crate::model::DriverLogPayload;
use crate::orders::loadings::{check_rescue_loading, order_room};
use crate::orders::ports::OrderFilter;
use crate::ports::{Repos, StoreExt};
use crate::queue::ports::DomainEvent;
use crate::queue::rescue_ports::{NewRescue, RescueFilter, RescueRecord};
use crate::queue::{day_bounds, engine_settings, forbidden, staff_of, store_plan, Loaded};
use crate::services::{Audit, Deps, DriverLog};
use crate::yard::ports::YardEntryRecord;
use crate::yard::{check_weight, close_loading, WEIGHT_INVALID_MESSAGE};

pub const SENT_MESSAGE: &str = "Solicitação enviada";
pub const APPROVED_MESSAGE: &str = "Aprovação realizada com sucesso";
pub const NOT_MISSING_MESSAGE: &str = "Apenas veículos faltosos podem ser recuperados.";
pub const NOT_TODAY_MESSAGE: &str = "Apenas faltosos de hoje podem ser recuperados.";
pub const ORDER_MISMATCH_MESSAGE: &str = "O pedido informado não é o do agendamento do veículo.";
pub const LOADING_CLOSED_MESSAGE: &str = "Este carregamento já foi finalizado.";
pub const ALREADY_REQUESTED_MESSAGE: &str =
    "Já existe uma solicitação de resgate para este veículo.";
pub const ALREADY_APPROVED_MESSAGE: &str = "Este resgate já foi aprovado.";
/// A freelancer's rescue without an order (the loading dialog's text).
pub const ORDER_REQUIRED_MESSAGE: &str = "Pedido é obrigatório!";
/// How many orders the rescue form offers at a time (searched on the server).
pub const ORDER_CHOICES: u32 = 20;
/// The grid's page (spec 3 section 9).
pub const PAGE_SIZE: i64 = 6;

/// Who asks for a rescue: the dispatch roles (not Espectador, Portaria or Transportadora,
/// spec 3 section 6).
const REQUEST_ROLES: [Role; 3] = [Role::Administrador, Role::Usuario, Role::Expedicao];
/// Who reads the list (spec 3 section 6: administrators all, Usuario and Transportadora
/// their company's).
const LIST_ROLES: [Role; 3] = [Role::Administrador, Role::Usuario, Role::Transportadora];

/// `POST /queue-restore/save`.
#[derive(Debug, Clone)]
pub struct RescueCommand {
    pub queue_id: i64,
    /// `None`: the loading's order. A freelancer (no loading) must name one.
    pub order_id: Option<i64>,
    pub net_weight: f64,
    pub ip: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescueSavedView {
    pub id: i64,
    /// 'Solicitação enviada'.
    pub message: &'static str,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescueApprovedView {
    pub id: i64,
    /// 'Aprovação realizada com sucesso'.
    pub message: &'static str,
    pub queue_id: i64,
    /// The entry's stored status after the approval ('attended').
    pub queue_status: String,
    pub order_id: i64,
    /// The order's status percent after the tonnage landed on it.
    pub order_status: Option<u8>,
}

/// A row of /recuperar (spec 3 section 3: id, order, driver, truck, status, qtyTransported,
/// company).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescueRowView {
    pub id: i64,
    pub queue_id: i64,
    pub status: bool,
    pub qty_transported: f64,
    pub order_id: i64,
    pub order_code: String,
    pub driver_name: String,
    pub license_plate: String,
    pub company_id: i64,
    pub company_name: String,
    /// The carrier column: administrators only (null for the others).
    pub shipping_company_name: Option<String>,
    pub created_at: DateTime<Utc>,
    /// The reader may approve this rescue now ('Aprovar'): a root administrator and the
    /// rescue still pending (the same rule `PUT /queue-restore/restore` checks).
    pub can_approve: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescuePageView {
    pub items: Vec<RescueRowView>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

/// An order the rescue form offers for the vehicle (`GET /queue-restore/orders/{queueId}`):
/// the loading's own order, or for a freelancer the company's open orders.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescueOrderView {
    pub id: i64,
    pub code: String,
    pub customer_name: String,
    /// Tonnes the order can still take (items less its loadings): beyond it a freelancer's
    /// rescue is refused by check 1 of spec 2 section 5.
    pub balance: f64,
}

#[derive(Clone)]
pub struct RescueService {
    deps: Arc<Deps>,
}

fn conflict(message: &str) -> AppError {
    AppError::Conflict(message.to_owned())
}

fn refusal(r: RescueRefusal) -> AppError {
    match r {
        RescueRefusal::NotMissing => conflict(NOT_MISSING_MESSAGE),
        RescueRefusal::NotToday => conflict(NOT_TODAY_MESSAGE),
        RescueRefusal::OrderRequired => AppError::field("order", ORDER_REQUIRED_MESSAGE),
        RescueRefusal::OrderMismatch => AppError::field("order", ORDER_MISMATCH_MESSAGE),
        RescueRefusal::LoadingClosed => conflict(LOADING_CLOSED_MESSAGE),
        RescueRefusal::AlreadyRequested => conflict(ALREADY_REQUESTED_MESSAGE),
    }
}

/// A freelancer gets its loading on the chosen order now, through the nine checks again (the
/// order may have filled up since the request); answers the entry with that loading.
fn load_freelancer(
    repos: &mut dyn Repos,
    rescue: &RescueRecord,
    entry: &YardEntryRecord,
    now: DateTime<Utc>,
) -> AppResult<YardEntryRecord> {
    let company_id = rescue.company_id;
    let today = company_today(repos.login_settings(company_id)?.as_ref(), now);
    let write = check_rescue_loading(
        repos,
        company_id,
        rescue.order_id,
        (entry.truck_id, entry.driver_id),
        rescue.qty_transported,
        today,
    )?;
    let loading = repos.insert_loading(&write)?;
    if !repos.attach_loading(entry.id, loading)? {
        return Err(conflict(LOADING_CLOSED_MESSAGE));
    }
    DriverLog::of(entry.driver_id, company_id).write(
        repos,
        DriverLogType::InOrder,
        DriverLogPayload::added_to_order(
            company_id,
            loading,
            &rescue.order_code,
            entry.truck_id,
            &entry.license_plate,
        ),
    )?;
    entry_of(repos, entry.id)
}

fn entry_of(repos: &mut dyn Repos, id: i64) -> AppResult<YardEntryRecord> {
    repos.yard_entry(id)?.ok_or_else(AppError::not_found)
}

/// The facts of the domain rule about `entry`, read in the locked transaction.
fn check_of(
    repos: &mut dyn Repos,
    entry: &YardEntryRecord,
    order_id: Option<i64>,
    day_start: DateTime<Utc>,
) -> AppResult<RescueCheck> {
    let state = LifecycleState::from_stored(&entry.status, false)
        .ok_or_else(|| AppError::internal(format!("unknown queue status {}", entry.status)))?;
    let missed_at = repos.entry_closed_at(entry.id)?;
    let loading_open = match entry.scheduling_id {
        Some(s) => !repos.loading_finished(s)?,
        None => false,
    };
    Ok(RescueCheck {
        state,
        missed_today: missed_at.is_some_and(|at| at >= day_start),
        has_loading: entry.scheduling_id.is_some() && entry.order_id.is_some(),
        order_chosen: order_id.is_some(),
        order_matches: order_id.is_none_or(|o| Some(o) == entry.order_id),
        loading_open,
        pending: repos.pending_rescue_of(entry.id)?,
    })
}

impl RescueService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// `POST /queue-restore/save {queue{id}, order{id}?, netWeight}`: a missing vehicle of
    /// today's Faltosos list, with its loading, is asked to be recovered.
    pub fn request(&self, actor: &Actor, cmd: &RescueCommand) -> AppResult<RescueSavedView> {
        actor.staff_role().ok_or_else(forbidden)?;
        let entry = self.deps.store.tx(|repos| entry_of(repos, cmd.queue_id))?;
        staff_of(actor, &REQUEST_ROLES, entry.company_id)?;
        let qty = check_weight(cmd.net_weight)
            .map_err(|_| AppError::field("netWeight", WEIGHT_INVALID_MESSAGE))?;
        let company_id = entry.company_id;
        let now = self.deps.clock.now();
        let saved = self.deps.store.tx(|repos| {
            repos.lock_company_queue(company_id)?;
            let entry = entry_of(repos, cmd.queue_id)?;
            let settings = engine_settings(repos.queue_config(company_id)?.as_ref());
            let (day_start, _) = day_bounds(&settings, settings.operating_day(now));
            let check = check_of(repos, &entry, cmd.order_id, day_start)?;
            may_request_rescue(&check).map_err(refusal)?;
            // The rule guarantees one: the loading's, or the freelancer's chosen order.
            let Some(order_id) = entry.order_id.or(cmd.order_id) else {
                return Err(AppError::field("order", ORDER_REQUIRED_MESSAGE));
            };
            let order_code = match entry.order_code.clone() {
                Some(code) => code,
                None => {
                    // A freelancer: the loading it would get must pass the nine checks now.
                    let today = company_today(repos.login_settings(company_id)?.as_ref(), now);
                    check_rescue_loading(
                        repos,
                        company_id,
                        order_id,
                        (entry.truck_id, entry.driver_id),
                        qty,
                        today,
                    )?;
                    repos.order(order_id)?.map(|o| o.code).unwrap_or_default()
                }
            };
            let id = repos.insert_rescue(&NewRescue {
                company_id,
                order_id,
                queue_entry_id: entry.id,
                driver_id: entry.driver_id,
                truck_id: entry.truck_id,
                qty_transported: qty,
                at: now,
            })?;
            Audit::by(actor, cmd.ip.as_deref()).write(
                repos,
                Operation::Create,
                ObjectType::Queue,
                company_id,
                format!(
                    "Resgate do veículo <b>{}</b> solicitado com {}",
                    escape_html(&entry.license_plate),
                    br_tonnes(qty)
                ),
                vec![
                    ("Placa", entry.license_plate.clone()),
                    ("Motorista", entry.driver_name.clone()),
                    ("Pedido", order_code),
                ],
            )?;
            Ok(RescueSavedView {
                id,
                message: SENT_MESSAGE,
            })
        })?;
        // /recuperar lists it now.
        self.deps
            .events
            .publish(&DomainEvent::queue_changed(company_id));
        Ok(saved)
    }

    /// `GET /queue-restore/orders/{queueId}?search=`: the orders the rescue form offers for the
    /// entry: its loading's own order, or for a freelancer the company's enabled, open orders
    /// (code or customer searched, [`ORDER_CHOICES`] at a time). The dispatch roles of the
    /// entry's company read it (the Expedicao has no order list otherwise).
    pub fn orders(
        &self,
        actor: &Actor,
        queue_id: i64,
        search: Option<String>,
    ) -> AppResult<Vec<RescueOrderView>> {
        actor.staff_role().ok_or_else(forbidden)?;
        let entry = self.deps.store.tx(|repos| entry_of(repos, queue_id))?;
        staff_of(actor, &REQUEST_ROLES, entry.company_id)?;
        self.deps.store.tx(|repos| {
            let orders = match entry.order_id {
                Some(own) => repos.order(own)?.into_iter().collect::<Vec<_>>(),
                None => {
                    let filter = OrderFilter {
                        company_id: Some(entry.company_id),
                        search: search_text(search.as_deref().filter(|s| s.chars().count() <= 100)),
                        include_complete: false,
                        page: Some(PageRequest {
                            page: 1,
                            size: ORDER_CHOICES,
                        }),
                        ..OrderFilter::default()
                    };
                    repos.list_orders(&filter)?.items
                }
            };
            orders
                .into_iter()
                .filter(|o| o.enable || Some(o.id) == entry.order_id)
                .map(|o| {
                    Ok(RescueOrderView {
                        balance: order_room(repos, &o)?,
                        id: o.id,
                        code: o.code,
                        customer_name: o.customer.name,
                    })
                })
                .collect()
        })
    }

    /// `GET /queue-restore`: pending rescues, 6 per page; administrators read every company
    /// (or `companyId`), a Usuario its company's, a Transportadora its own loadings'.
    pub fn list(
        &self,
        actor: &Actor,
        company_id: Option<i64>,
        search: Option<String>,
        page: Option<i64>,
    ) -> AppResult<RescuePageView> {
        let role = actor.staff_role().ok_or_else(forbidden)?;
        if !LIST_ROLES.contains(&role) {
            return Err(forbidden());
        }
        let mut filter = RescueFilter {
            search: search
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty() && s.chars().count() <= 100),
            ..RescueFilter::default()
        };
        if role == Role::Administrador {
            filter.company_id = company_id;
        } else {
            let own = actor.company_id.ok_or_else(forbidden)?;
            if company_id.is_some_and(|c| c != own) {
                return Err(AppError::not_found());
            }
            filter.company_id = Some(own);
            if role == Role::Transportadora {
                filter.shipping_company_id = Some(actor.shipping_company_id.ok_or_else(forbidden)?);
            }
        }
        let page = page.unwrap_or(1).clamp(1, 1_000_000);
        let (rows, total) = self.deps.store.replica_reads(|repos| {
            repos.pending_rescues(&filter, (page - 1) * PAGE_SIZE, PAGE_SIZE)
        })?;
        let admin = role == Role::Administrador;
        Ok(RescuePageView {
            items: rows.into_iter().map(|r| row(r, admin, actor)).collect(),
            total,
            page,
            page_size: PAGE_SIZE,
        })
    }

    /// `PUT /queue-restore/restore {id}`: a root administrator approves; the entry ends
    /// attended with the rescue's tonnage on its loading (the loading closes, the order's
    /// delivered quantity and status follow), exactly as a completed loading.
    pub fn approve(
        &self,
        actor: &Actor,
        id: i64,
        ip: Option<String>,
    ) -> AppResult<RescueApprovedView> {
        if !may_approve_rescues(actor) {
            return Err(forbidden());
        }
        let rescue = self
            .deps
            .store
            .tx(|repos| repos.rescue(id))?
            .ok_or_else(AppError::not_found)?;
        let company_id = rescue.company_id;
        let now = self.deps.clock.now();
        let view = self.deps.store.tx(|repos| {
            repos.lock_company_queue(company_id)?;
            let rescue = repos.rescue(id)?.ok_or_else(AppError::not_found)?;
            if rescue.status {
                return Err(conflict(ALREADY_APPROVED_MESSAGE));
            }
            let entry = entry_of(repos, rescue.queue_entry_id)?;
            let check = check_of(
                repos,
                &entry,
                Some(rescue.order_id),
                DateTime::<Utc>::MIN_UTC,
            )?;
            may_approve_rescue(&check).map_err(refusal)?;
            // The vehicle was loaded when it was marked missing: the loading is dated then.
            let ended = rescue.missed_at.unwrap_or(rescue.created_at);
            let entry = if entry.scheduling_id.is_none() {
                load_freelancer(repos, &rescue, &entry, now)?
            } else {
                entry
            };
            let started = entry.expedition.unwrap_or(ended).min(ended);
            let order_status = close_loading(
                repos,
                actor,
                ip.as_deref(),
                &entry,
                &entry.status,
                rescue.qty_transported,
                started,
                ended,
            )?
            .ok_or_else(|| conflict(NOT_MISSING_MESSAGE))?;
            if !repos.approve_rescue(id, now)? {
                return Err(conflict(ALREADY_APPROVED_MESSAGE));
            }
            // The entry now spends today's capacity as attended (when it is today's).
            let loaded = Loaded::lock(repos, company_id, now)?;
            store_plan(repos, &loaded)?;
            Audit::by(actor, ip.as_deref()).write(
                repos,
                Operation::Update,
                ObjectType::Queue,
                company_id,
                format!(
                    "Resgate do veículo <b>{}</b> aprovado",
                    escape_html(&entry.license_plate)
                ),
                vec![
                    ("Placa", entry.license_plate.clone()),
                    ("Pedido", rescue.order_code.clone()),
                ],
            )?;
            Ok(RescueApprovedView {
                id,
                message: APPROVED_MESSAGE,
                queue_id: entry.id,
                queue_status: "attended".to_owned(),
                order_id: rescue.order_id,
                order_status,
            })
        })?;
        self.deps
            .events
            .publish(&DomainEvent::queue_changed(company_id));
        Ok(view)
    }
}

fn row(r: RescueRecord, admin: bool, actor: &Actor) -> RescueRowView {
    RescueRowView {
        can_approve: may_approve_row(actor, r.status),
        id: r.id,
        queue_id: r.queue_entry_id,
        status: r.status,
        qty_transported: r.qty_transported,
        order_id: r.order_id,
        order_code: r.order_code,
        driver_name: r.driver_name,
        license_plate: r.license_plate,
        company_id: r.company_id,
        company_name: r.company_name,
        shipping_company_name: if admin { r.shipping_company_name } else { None },
        created_at: r.created_at,
    }
}
