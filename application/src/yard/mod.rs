//! The yard's dispatch actions (issue 13, spec 3 sections 4, 5, 6 and 7): start a loading,
//! exchange the driver, complete it with its tonnage, return it to the queue, cancel a
//! position, edit the weight of an attended vehicle, the panel's lists, and the check-ins with
//! the yard TV's calls. Every rule is decided here, under the company's queue lock, with the
//! spec's pt-BR messages; `queueChanged` (and `checkInCallResponse` for a call) is published
//! after commit.

pub mod ports;

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use patio_domain::admin::audit::{ObjectType, Operation};
use patio_domain::auth::Actor;
use patio_domain::driver_log::DriverLogType;
use patio_domain::queue::{transition, AttendanceToday, LifecycleEvent, LifecycleState};
use patio_domain::roles::Role;
use patio_domain::text::{br_tonnes, escape_html};
use serde::Serialize;

use crate::auth::public::company_today;
use crate::error::{AppError, AppResult};
use crate::model::DriverLogPayload;
use crate::orders::loadings::check_driver_change;
use crate::orders::refresh_status;
use crate::ports::{Repos, StoreExt};
use crate::queue::ports::{DomainEvent, PlanEntryKind};
use crate::queue::{
    day_bounds, engine_settings, forbidden, local_time, staff_of, store_plan, Loaded,
    DELAY_RUNNING_MESSAGE, OPERATE_ROLES,
};
use crate::services::{Audit, Deps, DriverLog};
use crate::yard::ports::{CheckinRecord, YardEntryRecord, YardList};
use patio_domain::queue::dispatch::{may_start_loading, StartCheck, StartRefusal};

pub const START_ATTENDANCE_FIRST_MESSAGE: &str = "Por favor, iniciar o atendimento da empresa!";
pub const LIMIT_REACHED_MESSAGE: &str = "Limite de atendimento atingido!";
pub const NEEDS_ORDER_MESSAGE: &str = "Adicione o veículo e o Motorista em um pedido!";
pub const NEEDS_CHECKIN_MESSAGE: &str = "motorista precisa fazer check-in";
pub const ONLY_TODAY_MESSAGE: &str = "Apenas agendamentos do dia de hoje podem ser cancelados";
pub const TOLERANCE_ON_CANCEL_MESSAGE: &str =
    "Com a tolerância ligada, o cancelamento não está disponível.";
pub const WEIGHT_EDITED_MESSAGE: &str = "Peso editado";
pub const WEIGHT_ONLY_TODAY_MESSAGE: &str =
    "Apenas o peso de atendimentos de hoje pode ser editado.";
pub const WEIGHT_INVALID_MESSAGE: &str = "Informe um peso maior que zero (até 99,999 t).";
pub const NOT_LOADING_MESSAGE: &str = "Este veículo não está em atendimento.";
pub const NOT_WAITING_MESSAGE: &str = "Este veículo não está aguardando na fila.";
pub const NOT_ATTENDED_MESSAGE: &str = "Este veículo não foi atendido.";
pub const DRIVER_BUSY_MESSAGE: &str = "Este motorista já está na fila.";
pub const SELECT_DRIVER_MESSAGE: &str = "Selecione um motorista!";
pub const STARTED_MESSAGE: &str = "Carregamento iniciado";
pub const COMPLETED_MESSAGE: &str = "Carregamento finalizado";
pub const RETURNED_MESSAGE: &str = "Veículo voltou para a fila";
pub const CANCELLED_MESSAGE: &str = "Agendamento cancelado";
pub const DRIVER_CHANGED_MESSAGE: &str = "Motorista trocado";
pub const CHECKIN_OFF_MESSAGE: &str = "O check-in não está habilitado.";
pub const CHECKIN_ADDRESS_MESSAGE: &str = "Check-in permitido apenas na rede do pátio da empresa.";
pub const CHECKIN_NO_POSITION_MESSAGE: &str = "Você não tem posição na fila";
pub const CALLED_MESSAGE: &str = "Motorista chamado";
pub const NOT_ON_TRUCK_MESSAGE: &str = "Este motorista foi trocado e não está mais no caminhão.";
/// The TV lists this many calls (spec 3 section 9).
pub const TV_CALLS: i64 = 10;
/// The greatest tonnage a weight field can hold (6 characters, `00,000`).
pub const MAX_WEIGHT: f64 = 99.999;

/// Who runs the dispatch actions (spec 3 section 6: not Espectador, Portaria or Transportadora).
const ACT_ROLES: [Role; 3] = OPERATE_ROLES;
/// Who reads the panel's lists.
const READ_ROLES: [Role; 5] = [
    Role::Administrador,
    Role::Usuario,
    Role::Expedicao,
    Role::Espectador,
    Role::Portaria,
];
/// The attended list shows tonnes: not for Portaria.
const ATTENDED_ROLES: [Role; 4] = [
    Role::Administrador,
    Role::Usuario,
    Role::Expedicao,
    Role::Espectador,
];
/// Who calls a driver to the yard (the Pátio tab) and checks a driver out.
const CALL_ROLES: [Role; 4] = [
    Role::Administrador,
    Role::Usuario,
    Role::Expedicao,
    Role::Portaria,
];

/// A weight as the panel sends it: above zero, at most 99.999 t, three decimals kept.
pub fn check_weight(qty: f64) -> AppResult<f64> {
    if !qty.is_finite() || qty <= 0.0 || qty > MAX_WEIGHT {
        return Err(AppError::field("qtyTransported", WEIGHT_INVALID_MESSAGE));
    }
    Ok((qty * 1000.0).round() / 1000.0)
}

/// Whether `ip` is one of the comma-separated addresses of the company's `checkinIp`.
pub fn address_allowed(checkin_ip: Option<&str>, ip: Option<&str>) -> bool {
    let (Some(list), Some(ip)) = (checkin_ip, ip) else {
        return false;
    };
    let ip = ip.trim();
    !ip.is_empty()
        && list
            .split(',')
            .map(str::trim)
            .any(|allowed| !allowed.is_empty() && allowed == ip)
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct YardActionView {
    pub id: i64,
    pub message: &'static str,
    /// The entry's stored status after the action.
    pub status: String,
    pub scheduling_id: Option<i64>,
    /// The order's status percent after a completion or a weight edit.
    pub order_status: Option<u8>,
}

// One row of the dispatch panel's lists (missing, attended, dropouts), the answer and the
// port's record in one shape: the repository reads it (`order_balance` empty), `list_row` fills
// the balance and hides what Portaria may not see. (`//`: a doc comment would enter the schema.)
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct YardListRow {
    pub id: i64,
    pub driver_id: i64,
    pub driver_name: String,
    /// Hidden (null) for Portaria (spec 3 section 6).
    pub driver_phone: Option<String>,
    pub truck_id: i64,
    pub license_plate: String,
    pub status: String,
    pub date: Option<NaiveDate>,
    pub attended_at: Option<DateTime<Utc>>,
    pub expedition: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
    pub scheduling_id: Option<i64>,
    pub order_id: Option<i64>,
    pub order_code: Option<String>,
    pub customer_name: Option<String>,
    pub qty_transported: Option<f64>,
    /// The truck's net capacity (tonnes): the tonnage field warns above it.
    pub net_capacity: Option<f64>,
    /// What the order still has to deliver besides this loading (tonnes); `null` without an
    /// order and for Portaria.
    pub order_balance: Option<f64>,
    pub ip: Option<String>,
    pub device: Option<String>,
    /// The order's items (tonnes); `None` without an order. Read for the balance, not answered.
    #[serde(skip)]
    pub order_ordered: Option<f64>,
    /// What the order's other loadings and its order-level entry delivered. Not answered.
    #[serde(skip)]
    pub order_delivered_others: Option<f64>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckinView {
    pub id: i64,
    pub company_id: i64,
    pub queue_id: i64,
    pub driver_id: i64,
    pub driver_name: String,
    pub truck_id: i64,
    pub license_plate: String,
    pub is_present: bool,
    pub status: bool,
    pub is_calling: bool,
    pub called_at: Option<DateTime<Utc>>,
    /// `HH:mm` of the call in the company's zone (the yard TV's list), as the queue's times.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub called_time: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<CheckinRecord> for CheckinView {
    fn from(c: CheckinRecord) -> Self {
        CheckinView {
            id: c.id,
            company_id: c.company_id,
            queue_id: c.queue_entry_id,
            driver_id: c.driver_id,
            driver_name: c.driver_name,
            truck_id: c.truck_id,
            license_plate: c.license_plate,
            is_present: c.is_present,
            status: c.status,
            is_calling: c.is_calling,
            called_at: c.called_at,
            called_time: None,
            created_at: c.created_at,
            updated_at: c.updated_at,
        }
    }
}

/// `GET /checkins/count/{queueId}`: the driver's check-in state, decided on the server.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckinStateView {
    pub queue_id: i64,
    /// Present check-ins of the entry (0 or 1).
    pub count: i64,
    /// The company has check-in on.
    pub enabled: bool,
    /// The caller's address is one of the company's `checkinIp`.
    pub allowed: bool,
    /// The check-in was cancelled now because the driver left the yard's network.
    pub cancelled: bool,
    pub checkin: Option<CheckinView>,
}

/// `POST /scheduling/close`.
#[derive(Debug, Clone)]
pub struct CompleteCommand {
    pub scheduling_id: i64,
    pub qty_transported: f64,
    pub exped_initial_date: Option<DateTime<Utc>>,
    pub exped_date: Option<DateTime<Utc>>,
    pub ip: Option<String>,
}

#[derive(Clone)]
pub struct YardService {
    deps: Arc<Deps>,
}

fn entry_of(repos: &mut dyn Repos, id: i64) -> AppResult<YardEntryRecord> {
    repos.yard_entry(id)?.ok_or_else(AppError::not_found)
}

fn conflict(message: &str) -> AppError {
    AppError::Conflict(message.to_owned())
}

fn set_kind(loaded: &mut Loaded, id: i64, kind: PlanEntryKind) {
    for e in loaded.entries.iter_mut().filter(|e| e.id == id) {
        e.kind = kind;
    }
}

fn list_row(mut r: YardListRow, role: Role) -> YardListRow {
    r.order_balance = crate::queue::reads::order_left(r.order_ordered, r.order_delivered_others);
    if role == Role::Portaria {
        r.driver_phone = None;
        r.qty_transported = None;
        r.order_balance = None;
    }
    r
}

/// The loading of `entry` closes with its tonnage (`POST /scheduling/close`, and the approval
/// of a rescue): the entry goes from `from_status` to attended, the loading is finished, the
/// order's delivered quantity and status percent follow, with the ATT_QUEUE driver log and the
/// audit row. `None` when the entry was not in `from_status`; the caller stores the plan.
#[allow(clippy::too_many_arguments)]
pub(crate) fn close_loading(
    repos: &mut dyn Repos,
    actor: &Actor,
    ip: Option<&str>,
    entry: &YardEntryRecord,
    from_status: &str,
    qty: f64,
    started: DateTime<Utc>,
    ended: DateTime<Utc>,
) -> AppResult<Option<Option<u8>>> {
    let id = entry.id;
    let company_id = entry.company_id;
    if !repos.complete_loading(id, from_status, qty, started, ended)? {
        return Ok(None);
    }
    let order_status = match entry.order_id {
        Some(order) => Some(refresh_status(repos, order)?),
        None => None,
    };
    DriverLog::of(entry.driver_id, company_id).write(
        repos,
        DriverLogType::AttQueue,
        DriverLogPayload::at_company(company_id)
            .queue(id)
            .truck(entry.truck_id, entry.license_plate.as_str())
            .scheduling(entry.scheduling_id, entry.order_code.clone()),
    )?;
    YardService::audit(
        repos,
        actor,
        ip,
        company_id,
        format!(
            "Carregamento do veículo <b>{}</b> finalizado com {}",
            escape_html(&entry.license_plate),
            br_tonnes(qty)
        ),
        entry,
    )?;
    Ok(Some(order_status))
}

impl YardService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    fn publish(&self, company_id: i64) {
        self.deps
            .events
            .publish(&DomainEvent::queue_changed(company_id));
    }

    /// `checkInCallResponse`: the TV and the called driver's phone hear of the call at once.
    fn publish_call(&self, c: &CheckinRecord) {
        self.deps.events.publish(&DomainEvent::CheckInCall {
            company_id: c.company_id,
            checkin_id: c.id,
            queue_id: c.queue_entry_id,
            driver_id: c.driver_id,
            driver_name: c.driver_name.clone(),
            license_plate: c.license_plate.clone(),
            called_at: c.called_at.unwrap_or(c.updated_at),
            shipping_company_ids: c.shipping_company_ids.clone(),
        });
    }

    /// Reads the entry and checks the actor may act on its company with `roles`.
    fn guarded(&self, actor: &Actor, roles: &[Role], id: i64) -> AppResult<YardEntryRecord> {
        actor.staff_role().ok_or_else(forbidden)?;
        let entry = self.deps.store.tx(|repos| entry_of(repos, id))?;
        staff_of(actor, roles, entry.company_id)?;
        Ok(entry)
    }

    /// The shape every dispatch action on an entry shares: `guard` reads the entry and refuses
    /// (403/404) before anything is written; `act` runs in one transaction with the guarded
    /// entry and the time; then the company's screens hear of the change.
    fn act<T>(
        &self,
        guard: impl FnOnce() -> AppResult<YardEntryRecord>,
        act: impl FnOnce(&mut dyn Repos, &YardEntryRecord, DateTime<Utc>) -> AppResult<T>,
    ) -> AppResult<T> {
        let entry = guard()?;
        let now = self.deps.clock.now();
        let out = self.deps.store.tx(|repos| act(repos, &entry, now))?;
        self.publish(entry.company_id);
        Ok(out)
    }

    /// [`Self::act`] for the actions that move an entry in the plan: the guard is staff with
    /// [`ACT_ROLES`] in the entry's company; `act` gets the company's plan locked and the entry
    /// read again under the lock.
    fn act_locked<T>(
        &self,
        actor: &Actor,
        id: i64,
        act: impl FnOnce(&mut dyn Repos, &mut Loaded, &YardEntryRecord, DateTime<Utc>) -> AppResult<T>,
    ) -> AppResult<T> {
        self.act(
            || self.guarded(actor, &ACT_ROLES, id),
            |repos, guarded, now| {
                let mut loaded = Loaded::lock(repos, guarded.company_id, now)?;
                let entry = entry_of(repos, id)?;
                act(repos, &mut loaded, &entry, now)
            },
        )
    }

    fn audit(
        repos: &mut dyn Repos,
        actor: &Actor,
        ip: Option<&str>,
        company_id: i64,
        title: String,
        entry: &YardEntryRecord,
    ) -> AppResult<()> {
        Audit::by(actor, ip).write(
            repos,
            Operation::Update,
            ObjectType::Queue,
            company_id,
            title,
            vec![
                ("Placa", entry.license_plate.clone()),
                ("Motorista", entry.driver_name.clone()),
            ],
        )
    }

    /// `PUT /queue/start {id, status}`: the vehicle enters loading (spec 3 sections 4, 5).
    /// Refusals in this order: attendance not started, a delay running, the day's limit, no
    /// order, no check-in (when check-in is on).
    pub fn start(&self, actor: &Actor, id: i64, ip: Option<String>) -> AppResult<YardActionView> {
        self.act_locked(actor, id, |repos, loaded, entry, now| {
            let company_id = entry.company_id;
            let state = loaded.lifecycle(id);
            let (_, checkin_on) = repos.checkin_config(company_id)?;
            let check = StartCheck {
                attendance_started: loaded.attendance == AttendanceToday::Started,
                delay_running: loaded.delay_running().is_some(),
                waiting: state.is_waiting(),
                served_today: loaded
                    .entries
                    .iter()
                    .filter(|e| {
                        matches!(
                            e.kind,
                            PlanEntryKind::AttendedToday | PlanEntryKind::Loading
                        )
                    })
                    .count(),
                programmed_total: loaded.settings.programmed_total,
                has_order: entry.scheduling_id.is_some(),
                checkin_required: checkin_on,
                checked_in: entry.checked_in,
            };
            may_start_loading(&check).map_err(|r| {
                conflict(match r {
                    StartRefusal::AttendanceNotStarted => START_ATTENDANCE_FIRST_MESSAGE,
                    StartRefusal::DelayRunning => DELAY_RUNNING_MESSAGE,
                    StartRefusal::NotWaiting => NOT_WAITING_MESSAGE,
                    StartRefusal::LimitReached => LIMIT_REACHED_MESSAGE,
                    StartRefusal::NoOrder => NEEDS_ORDER_MESSAGE,
                    StartRefusal::NeedsCheckin => NEEDS_CHECKIN_MESSAGE,
                })
            })?;
            transition(state, LifecycleEvent::StartLoading)
                .map_err(|e| AppError::Conflict(e.to_string()))?;
            if !repos.start_loading(id, now)? {
                return Err(conflict(NOT_WAITING_MESSAGE));
            }
            set_kind(loaded, id, PlanEntryKind::Loading);
            store_plan(repos, loaded)?;
            Self::audit(
                repos,
                actor,
                ip.as_deref(),
                company_id,
                format!(
                    "Carregamento do veículo <b>{}</b> iniciado",
                    escape_html(&entry.license_plate)
                ),
                entry,
            )?;
            Ok(YardActionView {
                id,
                message: STARTED_MESSAGE,
                status: "loading".to_owned(),
                scheduling_id: entry.scheduling_id,
                order_status: None,
            })
        })
    }

    /// `PUT /queue/update-driver {id, driver{id}, company{id}}`: another driver of the company
    /// takes the vehicle before loading starts (not Portaria, spec 3 section 6). The vehicle's
    /// loading gets the new driver through the loading checks of spec 2 section 5 (issue 22:
    /// check 9 above all); a check-in in the yard passes to the new driver (the previous one's
    /// closes, the new one's opens with the call, announced again), so the Pátio tab, a call
    /// and the TV name the driver on the truck; both drivers' logs record the exchange.
    pub fn change_driver(
        &self,
        actor: &Actor,
        id: i64,
        driver_id: i64,
        ip: Option<String>,
    ) -> AppResult<YardActionView> {
        let mut call = None;
        let view = self.act_locked(actor, id, |repos, loaded, entry, now| {
            let company_id = entry.company_id;
            if !loaded.lifecycle(id).is_waiting() {
                return Err(conflict(NOT_WAITING_MESSAGE));
            }
            let driver = repos
                .queue_driver(driver_id)?
                .filter(|d| d.company_id == company_id)
                .ok_or_else(|| AppError::field("driver", SELECT_DRIVER_MESSAGE))?;
            let unchanged = YardActionView {
                id,
                message: DRIVER_CHANGED_MESSAGE,
                status: entry.status.clone(),
                scheduling_id: entry.scheduling_id,
                order_status: None,
            };
            if driver.id == entry.driver_id {
                return Ok(unchanged);
            }
            if !repos
                .active_entries_among(company_id, &[driver.id], &[])?
                .is_empty()
            {
                return Err(conflict(DRIVER_BUSY_MESSAGE));
            }
            if let Some(loading) = entry.scheduling_id {
                let today = company_today(repos.login_settings(company_id)?.as_ref(), now);
                check_driver_change(repos, loading, driver.id, today)?;
            }
            repos.change_entry_driver(id, driver.id)?;
            call = Self::hand_over_checkin(repos, entry, driver.id, now)?;
            let data = DriverLogPayload::at_company(company_id)
                .queue(id)
                .truck(entry.truck_id, entry.license_plate.as_str())
                .scheduling(entry.scheduling_id, entry.order_code.clone());
            for (who, kind) in [
                (entry.driver_id, DriverLogType::OutTruck),
                (driver.id, DriverLogType::InTruck),
            ] {
                DriverLog::of(who, company_id).write(repos, kind, data.clone())?;
            }
            Self::audit(
                repos,
                actor,
                ip.as_deref(),
                company_id,
                format!(
                    "Motorista do veículo <b>{}</b> trocado de <b>{}</b> para <b>{}</b>",
                    escape_html(&entry.license_plate),
                    escape_html(&entry.driver_name),
                    escape_html(&driver.name)
                ),
                entry,
            )?;
            Ok(unchanged)
        })?;
        if let Some(c) = call {
            self.publish_call(&c);
        }
        Ok(view)
    }

    /// The exchange's check-in: when the vehicle is checked in, the previous driver's check-in
    /// closes (isPresent false) and the new driver's opens at once; a vehicle being called stays
    /// called, now in the new driver's name. The called check-in, to announce after commit.
    fn hand_over_checkin(
        repos: &mut dyn Repos,
        entry: &YardEntryRecord,
        new_driver: i64,
        now: DateTime<Utc>,
    ) -> AppResult<Option<CheckinRecord>> {
        let Some(latest) = repos.latest_checkin(entry.id)?.filter(|c| c.is_present) else {
            return Ok(None);
        };
        repos.insert_checkin(entry.company_id, entry.id, entry.driver_id, false, now)?;
        let id = repos.insert_checkin(entry.company_id, entry.id, new_driver, true, now)?;
        if !latest.is_calling {
            return Ok(None);
        }
        repos.set_checkin_call(id, true, now)?;
        repos.checkin(id)
    }

    /// `PUT /queue/update`: a vehicle in loading goes back to the queue (its place by join
    /// time).
    pub fn return_to_queue(
        &self,
        actor: &Actor,
        id: i64,
        ip: Option<String>,
    ) -> AppResult<YardActionView> {
        self.act_locked(actor, id, |repos, loaded, entry, _now| {
            let company_id = entry.company_id;
            transition(loaded.lifecycle(id), LifecycleEvent::ReturnToQueue)
                .map_err(|_| conflict(NOT_LOADING_MESSAGE))?;
            if !repos.return_to_queue(id)? {
                return Err(conflict(NOT_LOADING_MESSAGE));
            }
            set_kind(loaded, id, PlanEntryKind::Waiting);
            store_plan(repos, loaded)?;
            Self::audit(
                repos,
                actor,
                ip.as_deref(),
                company_id,
                format!(
                    "Veículo <b>{}</b> voltou para a fila",
                    escape_html(&entry.license_plate)
                ),
                entry,
            )?;
            Ok(YardActionView {
                id,
                message: RETURNED_MESSAGE,
                status: "waiting".to_owned(),
                scheduling_id: entry.scheduling_id,
                order_status: None,
            })
        })
    }

    /// `POST /scheduling/close`: the loading in progress closes with its tonnage; the entry
    /// is attended; the order's delivered quantity and status percent follow.
    pub fn complete(&self, actor: &Actor, cmd: &CompleteCommand) -> AppResult<YardActionView> {
        actor.staff_role().ok_or_else(forbidden)?;
        let qty = check_weight(cmd.qty_transported)?;
        let id = self
            .deps
            .store
            .tx(|repos| repos.loading_entry(cmd.scheduling_id))?
            .ok_or_else(AppError::not_found)?;
        self.act_locked(actor, id, |repos, loaded, entry, now| {
            let state = loaded.lifecycle(id);
            if state != LifecycleState::Loading {
                return Err(conflict(NOT_LOADING_MESSAGE));
            }
            transition(state, LifecycleEvent::Complete)
                .map_err(|e| AppError::Conflict(e.to_string()))?;
            let started = cmd.exped_initial_date.or(entry.expedition).unwrap_or(now);
            let ended = cmd.exped_date.unwrap_or(now).max(started);
            let order_status = close_loading(
                repos,
                actor,
                cmd.ip.as_deref(),
                entry,
                "loading",
                qty,
                started,
                ended,
            )?
            .ok_or_else(|| conflict(NOT_LOADING_MESSAGE))?;
            set_kind(loaded, id, PlanEntryKind::AttendedToday);
            store_plan(repos, loaded)?;
            Ok(YardActionView {
                id,
                message: COMPLETED_MESSAGE,
                status: "attended".to_owned(),
                scheduling_id: entry.scheduling_id,
                order_status,
            })
        })
    }

    /// `POST /queue/close/{queueId}`: the expedition cancels a position of today, with
    /// tolerance off; the loading opens again, a check-in with isPresent false and a CHECK_OUT
    /// log are written (spec 3 section 4).
    pub fn cancel(&self, actor: &Actor, id: i64, ip: Option<String>) -> AppResult<YardActionView> {
        self.act_locked(actor, id, |repos, loaded, entry, now| {
            let company_id = entry.company_id;
            let state = loaded.lifecycle(id);
            if !state.is_waiting() {
                return Err(conflict(NOT_WAITING_MESSAGE));
            }
            if loaded.settings.enable_tolerance {
                return Err(conflict(TOLERANCE_ON_CANCEL_MESSAGE));
            }
            if entry.date != Some(loaded.today) {
                return Err(conflict(ONLY_TODAY_MESSAGE));
            }
            transition(state, LifecycleEvent::Cancel)
                .map_err(|e| AppError::Conflict(e.to_string()))?;
            let status = LifecycleState::Cancelled
                .stored_status()
                .ok_or_else(|| AppError::internal("cancelled has no stored status"))?;
            if !repos.close_queue_entry(id, status, now)? {
                return Err(conflict(NOT_WAITING_MESSAGE));
            }
            if let Some(s) = entry.scheduling_id {
                repos.reopen_loading(s)?;
            }
            repos.insert_checkin(company_id, id, entry.driver_id, false, now)?;
            loaded.entries.retain(|e| e.id != id);
            store_plan(repos, loaded)?;
            DriverLog::of(entry.driver_id, company_id).write(
                repos,
                DriverLogType::CheckOut,
                DriverLogPayload::at_company(company_id)
                    .queue(id)
                    .truck(entry.truck_id, entry.license_plate.as_str()),
            )?;
            Self::audit(
                repos,
                actor,
                ip.as_deref(),
                company_id,
                format!(
                    "Agendamento do veículo <b>{}</b> cancelado pela expedição",
                    escape_html(&entry.license_plate)
                ),
                entry,
            )?;
            Ok(YardActionView {
                id,
                message: CANCELLED_MESSAGE,
                status: status.to_owned(),
                scheduling_id: entry.scheduling_id,
                order_status: None,
            })
        })
    }

    /// `PUT /scheduling/update {id, qtyTransported}`: the weight of a vehicle attended today
    /// (not Espectador nor Portaria); the order's status follows.
    pub fn edit_weight(
        &self,
        actor: &Actor,
        scheduling_id: i64,
        qty: f64,
        ip: Option<String>,
    ) -> AppResult<YardActionView> {
        actor.staff_role().ok_or_else(forbidden)?;
        let qty = check_weight(qty)?;
        let id = self
            .deps
            .store
            .tx(|repos| repos.attended_entry(scheduling_id))?
            .ok_or_else(AppError::not_found)?;
        self.act(
            || self.guarded(actor, &ACT_ROLES, id),
            |repos, entry, now| {
                let company_id = entry.company_id;
                let settings = engine_settings(repos.queue_config(company_id)?.as_ref());
                let today = settings.operating_day(now);
                let (day_start, _) = day_bounds(&settings, today);
                if entry.status != "attended" {
                    return Err(conflict(NOT_ATTENDED_MESSAGE));
                }
                if entry.attended_at.is_none_or(|a| a < day_start) {
                    return Err(conflict(WEIGHT_ONLY_TODAY_MESSAGE));
                }
                repos.set_loading_weight(scheduling_id, qty)?;
                let order_status = match entry.order_id {
                    Some(order) => Some(refresh_status(repos, order)?),
                    None => None,
                };
                Audit::by(actor, ip.as_deref()).write(
                    repos,
                    Operation::Update,
                    ObjectType::Scheduling,
                    company_id,
                    format!(
                        "Peso do veículo <b>{}</b> editado para {}",
                        escape_html(&entry.license_plate),
                        br_tonnes(qty)
                    ),
                    vec![
                        ("Placa", entry.license_plate.clone()),
                        (
                            "Peso anterior",
                            br_tonnes(entry.qty_transported.unwrap_or(0.0)),
                        ),
                    ],
                )?;
                Ok(YardActionView {
                    id,
                    message: WEIGHT_EDITED_MESSAGE,
                    status: entry.status.clone(),
                    scheduling_id: Some(scheduling_id),
                    order_status,
                })
            },
        )
    }

    /// `GET /queue/missings/{companyId}`, `/queue/attendeds/{companyId}` and
    /// `/logs/queue-drops/{companyId}`: the operating day's lists, optionally by plate.
    pub fn list(
        &self,
        actor: &Actor,
        company_id: i64,
        list: YardList,
        plate: Option<String>,
    ) -> AppResult<Vec<YardListRow>> {
        let roles: &[Role] = match list {
            YardList::Attended => &ATTENDED_ROLES,
            _ => &READ_ROLES,
        };
        let role = staff_of(actor, roles, company_id)?;
        let now = self.deps.clock.now();
        let plate = plate
            .map(|p| {
                p.chars()
                    .filter(char::is_ascii_alphanumeric)
                    .collect::<String>()
                    .to_uppercase()
            })
            .filter(|p| !p.is_empty());
        let rows = self.deps.store.replica_reads(|repos| {
            if !repos.company_exists(company_id)? {
                return Err(AppError::not_found());
            }
            let settings = engine_settings(repos.queue_config(company_id)?.as_ref());
            let (day_start, _) = day_bounds(&settings, settings.operating_day(now));
            repos.yard_list(company_id, list, day_start, plate.as_deref())
        })?;
        Ok(rows.into_iter().map(|r| list_row(r, role)).collect())
    }

    // ---- Check-in and calls.

    /// `POST /checkins/save`: the driver checks in from the yard's network (the client
    /// address against the company's `checkinIp`, decided here).
    pub fn check_in(
        &self,
        actor: &Actor,
        queue_id: i64,
        ip: Option<String>,
    ) -> AppResult<CheckinView> {
        if !actor.is_driver() {
            return Err(forbidden());
        }
        let now = self.deps.clock.now();
        let entry = self
            .deps
            .store
            .tx(|repos| repos.yard_entry(queue_id))?
            .filter(|e| e.driver_id == actor.id)
            .ok_or_else(AppError::not_found)?;
        let company_id = entry.company_id;
        let view = self.deps.store.tx(|repos| {
            let mut loaded = Loaded::lock(repos, company_id, now)?;
            let (allowed_ips, enabled) = repos.checkin_config(company_id)?;
            if !enabled {
                return Err(conflict(CHECKIN_OFF_MESSAGE));
            }
            if !address_allowed(allowed_ips.as_deref(), ip.as_deref()) {
                return Err(AppError::Forbidden(CHECKIN_ADDRESS_MESSAGE.to_owned()));
            }
            let state = loaded.lifecycle(queue_id);
            if state == LifecycleState::CheckedIn {
                let c = repos
                    .latest_checkin(queue_id)?
                    .ok_or_else(AppError::not_found)?;
                return Ok((CheckinView::from(c), false));
            }
            transition(state, LifecycleEvent::CheckIn)
                .map_err(|_| conflict(CHECKIN_NO_POSITION_MESSAGE))?;
            let id = repos.insert_checkin(company_id, queue_id, actor.id, true, now)?;
            for e in loaded.entries.iter_mut().filter(|e| e.id == queue_id) {
                e.checked_in = true;
            }
            store_plan(repos, &loaded)?;
            DriverLog::of(actor.id, company_id).write(
                repos,
                DriverLogType::CheckIn,
                DriverLogPayload::at_company(company_id)
                    .queue(queue_id)
                    .truck(entry.truck_id, entry.license_plate.as_str()),
            )?;
            let c = repos.checkin(id)?.ok_or_else(AppError::not_found)?;
            Ok((CheckinView::from(c), true))
        })?;
        if view.1 {
            self.publish(company_id);
        }
        Ok(view.0)
    }

    /// Writes a checkout of an entry (isPresent false) with its CHECK_OUT log.
    fn checkout_tx(
        repos: &mut dyn Repos,
        entry: &YardEntryRecord,
        now: DateTime<Utc>,
    ) -> AppResult<CheckinRecord> {
        let mut loaded = Loaded::lock(repos, entry.company_id, now)?;
        let id = repos.insert_checkin(entry.company_id, entry.id, entry.driver_id, false, now)?;
        for e in loaded.entries.iter_mut().filter(|e| e.id == entry.id) {
            e.checked_in = false;
        }
        store_plan(repos, &loaded)?;
        DriverLog::of(entry.driver_id, entry.company_id).write(
            repos,
            DriverLogType::CheckOut,
            DriverLogPayload::at_company(entry.company_id)
                .queue(entry.id)
                .truck(entry.truck_id, entry.license_plate.as_str()),
        )?;
        repos.checkin(id)?.ok_or_else(AppError::not_found)
    }

    /// `POST /checkins/checkout {id}`: the check-in `id` ends (the driver, or the yard staff).
    pub fn check_out(&self, actor: &Actor, checkin_id: i64) -> AppResult<CheckinView> {
        let now = self.deps.clock.now();
        let c = self
            .deps
            .store
            .tx(|repos| repos.checkin(checkin_id))?
            .ok_or_else(AppError::not_found)?;
        driver_or_staff(actor, c.driver_id, &CALL_ROLES, c.company_id)?;
        let company_id = c.company_id;
        let view = self.deps.store.tx(|repos| {
            let entry = entry_of(repos, c.queue_entry_id)?;
            // A driver the exchange took off the truck no longer answers for its check-in.
            if actor.is_driver() && entry.driver_id != actor.id {
                return Err(AppError::not_found());
            }
            let latest = repos.latest_checkin(entry.id)?;
            if latest.as_ref().is_none_or(|l| !l.is_present) {
                return Ok(None);
            }
            Ok(Some(Self::checkout_tx(repos, &entry, now)?))
        })?;
        match view {
            Some(v) => {
                self.publish(company_id);
                Ok(v.into())
            }
            None => Ok(c.into()),
        }
    }

    /// `GET /checkins/count/{queueId}`: whether the driver is checked in, and whether the
    /// current address may check in. A read: it changes nothing.
    pub fn check_in_state(
        &self,
        actor: &Actor,
        queue_id: i64,
        ip: Option<String>,
    ) -> AppResult<CheckinStateView> {
        self.check_in_state_at(actor, queue_id, ip, false)
    }

    /// `POST /checkins/count/{queueId}` (the driver's app, every 30 s): the same answer, and
    /// the driver's present check-in from an address that is no longer authorised is
    /// cancelled (isPresent false, CHECK_OUT). A write, so not a GET (issue 21).
    pub fn verify_check_in(
        &self,
        actor: &Actor,
        queue_id: i64,
        ip: Option<String>,
    ) -> AppResult<CheckinStateView> {
        self.check_in_state_at(actor, queue_id, ip, true)
    }

    fn check_in_state_at(
        &self,
        actor: &Actor,
        queue_id: i64,
        ip: Option<String>,
        cancel_outside: bool,
    ) -> AppResult<CheckinStateView> {
        let now = self.deps.clock.now();
        let entry = self
            .deps
            .store
            .tx(|repos| repos.yard_entry(queue_id))?
            .ok_or_else(AppError::not_found)?;
        driver_or_staff(actor, entry.driver_id, &READ_ROLES, entry.company_id)?;
        let company_id = entry.company_id;
        let (view, cancelled) = self.deps.store.tx(|repos| {
            let (ips, enabled) = repos.checkin_config(company_id)?;
            let allowed = enabled && address_allowed(ips.as_deref(), ip.as_deref());
            let mut latest = repos.latest_checkin(queue_id)?;
            let mut cancelled = false;
            let present = latest.as_ref().is_some_and(|c| c.is_present);
            if cancel_outside
                && actor.is_driver()
                && present
                && !allowed
                && entry.status == "waiting"
            {
                latest = Some(Self::checkout_tx(repos, &entry, now)?);
                cancelled = true;
            }
            let count = i64::from(latest.as_ref().is_some_and(|c| c.is_present));
            Ok((
                CheckinStateView {
                    queue_id,
                    count,
                    enabled,
                    allowed,
                    cancelled,
                    checkin: latest.map(CheckinView::from),
                },
                cancelled,
            ))
        })?;
        if cancelled {
            self.publish(company_id);
        }
        Ok(view)
    }

    /// `GET /checkins/company/actives/{companyId}`: the drivers in the yard.
    pub fn active_checkins(&self, actor: &Actor, company_id: i64) -> AppResult<Vec<CheckinView>> {
        staff_of(actor, &READ_ROLES, company_id)?;
        self.deps.store.tx(|repos| {
            if !repos.company_exists(company_id)? {
                return Err(AppError::not_found());
            }
            Ok(repos
                .active_checkins(company_id)?
                .into_iter()
                .map(CheckinView::from)
                .collect())
        })
    }

    /// `GET /checkins/called/{companyId}`: the 10 most recent calls, newest first; staff of
    /// the company, or (the TV, no sign-in) a caller at one of the company's `checkinIp`.
    pub fn called(
        &self,
        actor: Option<&Actor>,
        company_id: i64,
        ip: Option<String>,
    ) -> AppResult<Vec<CheckinView>> {
        let by_staff = match actor {
            Some(a) if a.staff_role().is_some() => {
                // The same rule decides who hears a call on the socket.
                staff_of(a, &patio_domain::audience::CALL_READERS, company_id)?;
                true
            }
            Some(_) => return Err(forbidden()),
            None => false,
        };
        self.deps.store.tx(|repos| {
            if !repos.company_exists(company_id)? {
                return Err(AppError::not_found());
            }
            if !by_staff {
                let (ips, _) = repos.checkin_config(company_id)?;
                if !address_allowed(ips.as_deref(), ip.as_deref()) {
                    return Err(AppError::Forbidden(CHECKIN_ADDRESS_MESSAGE.to_owned()));
                }
            }
            let settings = engine_settings(repos.queue_config(company_id)?.as_ref());
            Ok(repos
                .called_checkins(company_id, TV_CALLS)?
                .into_iter()
                .map(|c| {
                    let mut view = CheckinView::from(c);
                    view.called_time = view.called_at.map(|t| local_time(&settings, t));
                    view
                })
                .collect())
        })
    }

    /// Whether the TV may open for `company_id` from `ip`.
    pub fn tv_allowed(&self, company_id: i64, ip: Option<String>) -> AppResult<bool> {
        self.deps.store.tx(|repos| {
            if !repos.company_exists(company_id)? {
                return Err(AppError::not_found());
            }
            let (ips, _) = repos.checkin_config(company_id)?;
            Ok(address_allowed(ips.as_deref(), ip.as_deref()))
        })
    }

    /// `POST /checkins/setcall {id, isCalling}`: calls the checked-in driver to the yard: the
    /// TV and the driver's phone get `checkInCallResponse` at once.
    pub fn set_call(
        &self,
        actor: &Actor,
        checkin_id: i64,
        calling: bool,
    ) -> AppResult<CheckinView> {
        let now = self.deps.clock.now();
        let c = self
            .deps
            .store
            .tx(|repos| repos.checkin(checkin_id))?
            .ok_or_else(AppError::not_found)?;
        staff_of(actor, &CALL_ROLES, c.company_id)?;
        let view = self.deps.store.tx(|repos| {
            // The check-in of a driver the exchange took off the truck calls nobody.
            if calling && entry_of(repos, c.queue_entry_id)?.driver_id != c.driver_id {
                return Err(conflict(NOT_ON_TRUCK_MESSAGE));
            }
            repos.set_checkin_call(checkin_id, calling, now)?;
            repos.checkin(checkin_id)?.ok_or_else(AppError::not_found)
        })?;
        if calling {
            self.publish_call(&view);
        }
        Ok(view.into())
    }
}

/// The dispatch panel's export (issue 13, spec 3 "Expedition home"): the queue's first
/// [`EXPORT_DAYS`] days as one table, for the CSV and the A4 portrait PDF.
#[derive(Debug, Clone, PartialEq)]
pub struct QueueExportTable {
    pub header: Vec<&'static str>,
    pub rows: Vec<Vec<String>>,
}

/// The panel shows (and exports) at most 4 days (spec 3 section 9).
pub const EXPORT_DAYS: i64 = 4;

/// The waiting rows of the first [`EXPORT_DAYS`] days, in queue order: day, position, plate
/// ('Autônomo' marked), driver, model, order, customer and forecast time.
pub fn queue_export(days: &[crate::queue::reads::QueueDayView]) -> QueueExportTable {
    let header = vec![
        "Dia",
        "Posição",
        "Placa",
        "Motorista",
        "Modelo",
        "Pedido",
        "Cliente",
        "Horário",
    ];
    let rows = days
        .iter()
        .take(EXPORT_DAYS as usize)
        .flat_map(|d| {
            d.queue.iter().map(move |r| {
                let order = r.scheduling.as_ref().and_then(|s| s.order.as_ref());
                vec![
                    d.label.clone(),
                    r.position.to_string(),
                    r.license_plate.clone(),
                    r.driver_name.clone(),
                    r.vehicle_model_name.clone().unwrap_or_default(),
                    match order {
                        Some(o) => o.code.clone(),
                        None if r.is_freelancer => "Autônomo".to_owned(),
                        None => String::new(),
                    },
                    order
                        .and_then(|o| o.customer.as_ref())
                        .map(|c| c.name.clone())
                        .unwrap_or_default(),
                    r.time.clone().unwrap_or_default(),
                ]
            })
        })
        .collect();
    QueueExportTable { header, rows }
}

/// The driver the record is his (another driver: 404), or staff of its company with one of
/// `roles`.
fn driver_or_staff(
    actor: &Actor,
    driver_id: i64,
    roles: &[Role],
    company_id: i64,
) -> AppResult<()> {
    if actor.is_driver() {
        return if driver_id == actor.id {
            Ok(())
        } else {
            Err(AppError::not_found())
        };
    }
    staff_of(actor, roles, company_id).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_match_the_comma_list_exactly() {
        assert!(address_allowed(
            Some("10.0.0.1, 10.0.0.2"),
            Some("10.0.0.2")
        ));
        assert!(!address_allowed(Some("10.0.0.1"), Some("10.0.0.10")));
        assert!(!address_allowed(None, Some("10.0.0.1")));
        assert!(!address_allowed(Some(""), Some("")));
        assert!(!address_allowed(Some("10.0.0.1"), None));
    }

    #[test]
    fn weights_are_above_zero_and_fit_six_characters() {
        assert_eq!(check_weight(32.5).ok(), Some(32.5));
        assert_eq!(check_weight(12.34567).ok(), Some(12.346));
        assert!(check_weight(0.0).is_err());
        assert!(check_weight(-1.0).is_err());
        assert!(check_weight(100.0).is_err());
        assert!(check_weight(f64::NAN).is_err());
    }
}
