//! The queue's changes (spec 3 sections 4 and 7, DESIGN section 4): join, leave, delay start
//! and end, reset and replan. Also the engine plumbing the attendance and the jobs share: every
//! change locks the company's queue-state row in its transaction, reads what the plan needs,
//! lets `patio_domain::queue` decide, stores position, forecast and date of every active
//! entry (only the rows that changed), and publishes `queueChanged` after commit.

pub mod attendance;
pub mod call_forecast;
pub mod desk;
pub mod driver_app;
pub mod jobs;
pub mod join_lanes;
pub mod ports;
pub mod position_cache;
pub mod predict_ports;
pub mod reads;
pub mod rescue_ports;
pub mod rescues;

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use patio_domain::auth::Actor;
use patio_domain::driver_log::DriverLogType;
use patio_domain::queue::{
    self, batch_entry_id, can_leave, check_joins_and_plan, end_delay_early, local_to_utc,
    transition, AttendanceToday, Delay, EntryId, EntryState, JoinRequest, Landing, LifecycleEvent,
    LifecycleState, MissingValidation, Plan, PlanInput, QueueEntry, QueueRefusal, QueueSettings,
};
use patio_domain::roles::{Role, NOT_ALLOWED_MESSAGE};
use patio_domain::text::{br_date, escape_html, minutes};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::model::{DriverLogPayload, NewDriverLog, NewStaffLog};
use crate::ports::{Repos, StoreExt};
use crate::queue::join_lanes::JoinLanes;
use crate::queue::ports::{
    DelayInProgressRecord, DomainEvent, NewDropout, NewQueueEntry, PlanEntryKind, PlanEntryRecord,
    PlanRow, QueueConfigRecord, QueueDriverRecord, QueueSchedulingRecord, QueueStateWrite,
    QueueTruckRecord,
};
use crate::services::{Audit, Deps, DriverLog};
use patio_domain::admin::audit::{ObjectType, Operation};

pub const JOINED_MESSAGE: &str = "Marcação Confirmada";
pub const LEFT_MESSAGE: &str = "Você saiu da fila com sucesso";
pub const RESET_MESSAGE: &str = "Fila resetada";
pub const SELECT_TRUCK_MESSAGE: &str = "Selecione um veículo!";
pub const DRIVER_DISABLED_MESSAGE: &str = "Cadastro de motorista inativo, fale com a empresa.";
pub const TRUCK_NOT_DRIVERS_MESSAGE: &str = "Este caminhão não está vinculado ao motorista.";
pub const TRUCK_DISABLED_MESSAGE: &str = "Este caminhão está inativo.";
pub const SCHEDULING_NOT_DRIVERS_MESSAGE: &str = "Este agendamento não pertence ao motorista.";
pub const SCHEDULING_FINISHED_MESSAGE: &str = "Este agendamento já foi finalizado.";
pub const SCHEDULING_EXPIRED_MESSAGE: &str = "Este agendamento está expirado.";
pub const DELAY_RUNNING_MESSAGE: &str = "Por favor, cancelar o atraso!";
pub const NO_DELAY_MESSAGE: &str = "Não há atraso em andamento.";
pub const DELAY_FIELDS_MESSAGE: &str = "Preencha os campos";

/// Roles that may put a driver in the queue from the /fila screen.
pub(crate) const JOIN_ROLES: [Role; 2] = [Role::Administrador, Role::Usuario];
/// Roles that run the expedition: attendance and delays.
pub(crate) const OPERATE_ROLES: [Role; 3] = [Role::Administrador, Role::Usuario, Role::Expedicao];

// ---- Access.

pub(crate) fn forbidden() -> AppError {
    AppError::Forbidden(NOT_ALLOWED_MESSAGE.to_owned())
}

/// A staff member of one of `roles` who may act on `company_id`: 403 for another role or a
/// driver, 404 for another company.
pub(crate) fn staff_of(actor: &Actor, roles: &[Role], company_id: i64) -> AppResult<Role> {
    let role = actor.staff_role().ok_or_else(forbidden)?;
    if !roles.contains(&role) {
        return Err(forbidden());
    }
    if role == Role::Administrador || actor.company_id == Some(company_id) {
        Ok(role)
    } else {
        Err(AppError::not_found())
    }
}

/// A queue refusal as the API answers it: 409 with the engine's pt-BR text.
pub(crate) fn refused(r: QueueRefusal) -> AppError {
    AppError::Conflict(r.message())
}

// ---- The engine's inputs.

/// The engine's settings from the stored ones (defaults when the company has none).
pub(crate) fn engine_settings(config: Option<&QueueConfigRecord>) -> QueueSettings {
    let Some(c) = config else {
        return QueueSettings::default();
    };
    let count = |v: i32| u32::try_from(v).unwrap_or(0);
    QueueSettings {
        start: c.start,
        end: c.end,
        start_interval: c.start_interval,
        end_interval: c.end_interval,
        time_attendence: QueueSettings::minutes_of(c.time_attendence),
        programmed_total: count(c.programmed_total),
        week_days: c.week_days,
        blocked_dates: c.blocked_dates.clone(),
        time_zone: c.time_zone.parse().unwrap_or(chrono_tz::America::Sao_Paulo),
        enable_tolerance: c.enable_tolerance,
        tolerance: QueueSettings::minutes_of(c.tolerance),
        hour_entry_limit: count(c.hour_entry_limit),
        scheduling_day_limit: c.scheduling_day_limit.map(count),
        queue_edit_hours_limit: count(c.queue_edit_hours_limit),
        missing: MissingValidation {
            enabled: c.enable_missing_validation,
            limit: count(c.missing_limit),
            block_days: count(c.missing_limit_after_block),
            period_days: count(c.missing_validation_period),
        },
        enable_queue_save: c.enable_queue_save,
        enable_queue_without_scheduling: c.enable_queue_without_scheduling,
    }
}

/// `[start, end)` of a day in the company's zone, as instants.
pub(crate) fn day_bounds(
    settings: &QueueSettings,
    day: NaiveDate,
) -> (DateTime<Utc>, DateTime<Utc>) {
    let start = local_to_utc(settings.time_zone, day.and_time(NaiveTime::MIN));
    let end = day
        .succ_opt()
        .map(|d| local_to_utc(settings.time_zone, d.and_time(NaiveTime::MIN)))
        .unwrap_or(DateTime::<Utc>::MAX_UTC);
    (start, end)
}

/// Everything one plan of a company reads, loaded under its lock.
pub(crate) struct Loaded {
    pub company_id: i64,
    pub settings: QueueSettings,
    pub today: NaiveDate,
    pub entries: Vec<PlanEntryRecord>,
    pub delays: Vec<DelayInProgressRecord>,
    pub attendance: AttendanceToday,
    pub now: DateTime<Utc>,
}

impl Loaded {
    /// Locks the company's queue and reads what the plan needs.
    pub(crate) fn lock(
        repos: &mut dyn Repos,
        company_id: i64,
        now: DateTime<Utc>,
    ) -> AppResult<Loaded> {
        repos.lock_company_queue(company_id)?;
        let config = repos.queue_config(company_id)?;
        let settings = engine_settings(config.as_ref());
        let today = settings.operating_day(now);
        let (day_start, _) = day_bounds(&settings, today);
        let entries = repos.plan_entries(company_id, day_start, today)?;
        let delays = repos.delays_since(company_id, day_start)?;
        let attendance = match repos.attendance_of_day(company_id, today)? {
            None => AttendanceToday::NotStarted,
            Some(a) if a.status => AttendanceToday::Started,
            Some(_) => AttendanceToday::Ended,
        };
        Ok(Loaded {
            company_id,
            settings,
            today,
            entries,
            delays,
            attendance,
            now,
        })
    }

    pub(crate) fn engine_entries(&self) -> Vec<QueueEntry> {
        self.entries
            .iter()
            .map(|e| QueueEntry {
                id: EntryId(e.id),
                joined_at: e.joined_at,
                state: match e.kind {
                    PlanEntryKind::Waiting if e.checked_in => EntryState::CheckedIn,
                    PlanEntryKind::Waiting => EntryState::Waiting,
                    PlanEntryKind::Loading => EntryState::Loading,
                    PlanEntryKind::AttendedToday => EntryState::AttendedToday,
                    PlanEntryKind::MissedToday => EntryState::MissedToday,
                },
                planned_day: e.planned_day,
            })
            .collect()
    }

    pub(crate) fn engine_delays(&self) -> Vec<Delay> {
        self.delays
            .iter()
            .map(|d| Delay {
                started_at: d.started_at,
                minutes: i64::from(d.minutes),
            })
            .collect()
    }

    /// The delay running at `now`, if any.
    pub(crate) fn delay_running(&self) -> Option<&DelayInProgressRecord> {
        self.delays.iter().find(|d| {
            d.ended_at.is_none()
                && d.started_at + Duration::minutes(i64::from(d.minutes.max(0))) > self.now
        })
    }

    pub(crate) fn entry(&self, id: i64) -> Option<&PlanEntryRecord> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The lifecycle state of an entry the plan reads (closed ones are gone from the list).
    pub(crate) fn lifecycle(&self, id: i64) -> LifecycleState {
        match self.entry(id) {
            Some(e) => match e.kind {
                PlanEntryKind::Waiting if e.checked_in => LifecycleState::CheckedIn,
                PlanEntryKind::Waiting => LifecycleState::Waiting,
                PlanEntryKind::Loading => LifecycleState::Loading,
                PlanEntryKind::AttendedToday => LifecycleState::Attended,
                PlanEntryKind::MissedToday => LifecycleState::FaultyByExpedition,
            },
            None => LifecycleState::NotInQueue,
        }
    }

    /// Runs `f` with the plan's input.
    pub(crate) fn with_input<R>(&self, f: impl FnOnce(&PlanInput<'_>) -> R) -> R {
        let entries = self.engine_entries();
        let delays = self.engine_delays();
        f(&PlanInput {
            settings: &self.settings,
            now: self.now,
            entries: &entries,
            delays: &delays,
            attendance: self.attendance,
        })
    }
}

/// The outcome of storing a plan.
pub(crate) struct Stored {
    pub plan: Plan,
    /// Some stored position, forecast, date or tolerance flag changed.
    pub changed: bool,
    /// The drivers of the rows that changed.
    pub moved: Vec<i64>,
}

/// Plans the loaded queue and stores the plan: the rows that changed, and the queue-state row
/// (`plan_version` bumped when rows changed, the next landing of a join, the flags).
pub(crate) fn store_plan(repos: &mut dyn Repos, loaded: &Loaded) -> AppResult<Stored> {
    store_plan_of(repos, loaded, 1, None)
}

/// [`store_plan`] for a plan that stores `changes` changes at once (a batch of joins): the
/// version moves by as many, as if each had stored its own plan.
pub(crate) fn store_plan_of(
    repos: &mut dyn Repos,
    loaded: &Loaded,
    changes: i64,
    planned: Option<Planned>,
) -> AppResult<Stored> {
    // One walk gives the plan and where the next join would land (a batch of joins made it
    // already while deciding them).
    let (plan, next) = match planned {
        Some(planned) => planned,
        None => loaded.with_input(|input| {
            let (plan, next) = queue::plan_with_next(input);
            (plan, next.ok())
        }),
    };
    let by_id: HashMap<i64, &PlanEntryRecord> = loaded.entries.iter().map(|e| (e.id, e)).collect();
    let mut rows = Vec::new();
    for p in &plan.entries {
        let row = PlanRow {
            id: p.id.0,
            position: i32::try_from(p.position).unwrap_or(i32::MAX),
            forecast_at: p.forecast(),
            date: p.day(),
            in_tolerance: p.in_tolerance,
        };
        let same = by_id.get(&row.id).is_some_and(|e| {
            e.position == Some(row.position)
                && e.forecast_at == row.forecast_at
                && e.date == row.date
                && e.in_tolerance == row.in_tolerance
        });
        if !same {
            rows.push(row);
        }
    }
    // Entries in loading are out of the numbering.
    for e in loaded
        .entries
        .iter()
        .filter(|e| e.kind == PlanEntryKind::Loading)
        .filter(|e| e.position != Some(0) || e.in_tolerance)
    {
        rows.push(PlanRow {
            id: e.id,
            position: 0,
            forecast_at: e.forecast_at,
            date: e.date,
            in_tolerance: false,
        });
    }
    let changed = !rows.is_empty();
    let moved = rows
        .iter()
        .filter_map(|r| by_id.get(&r.id).map(|e| e.driver_id))
        .collect();
    if changed {
        repos.write_plan(&rows)?;
    }
    repos.write_queue_state(
        loaded.company_id,
        &QueueStateWrite {
            bump: if changed { changes.max(1) } else { 0 },
            planned_at: loaded.now,
            tolerance_active: plan.entries.iter().any(|e| e.in_tolerance),
            delay_active: loaded.delay_running().is_some(),
            next_date: next.map(|l| l.slot.day),
            next_forecast_at: next.map(|l| l.slot.forecast),
        },
    )?;
    Ok(Stored {
        plan,
        changed,
        moved,
    })
}

/// Locks the company's queue and stores a fresh plan, inside the caller's transaction (for a
/// settings change that affects the plan). Returns whether the stored plan changed; the
/// caller publishes [`DomainEvent::QueueChanged`] after commit when it did.
pub fn replan_in_tx(repos: &mut dyn Repos, company_id: i64, now: DateTime<Utc>) -> AppResult<bool> {
    let loaded = Loaded::lock(repos, company_id, now)?;
    Ok(store_plan(repos, &loaded)?.changed)
}

// ---- Logs.

/// The staff user behind a change, if a staff member made it.
pub(crate) fn staff_user(actor: &Actor) -> Option<i64> {
    actor.staff_role().map(|_| actor.id)
}

// ---- Joins.

/// A join whose driver, truck and loading were read and checked (no lock needed for that).
pub(crate) struct PreparedJoin {
    user: Option<i64>,
    ip: Option<String>,
    driver: QueueDriverRecord,
    truck: QueueTruckRecord,
    scheduling: Option<QueueSchedulingRecord>,
}

/// A plan already made with the batch's entries in it, and the next landing: what
/// [`store_plan_of`] would compute again.
pub(crate) type Planned = (Plan, Option<Landing>);

/// Under the company's lock: the checks that read the queue, decided for the whole batch in
/// arrival order (one plan), then the admitted entries, inserted and added to `loaded`.
/// Returns each join's entry id or refusal, and the plan with the admitted entries (their
/// real ids) when that walk already made it.
fn admit(
    repos: &mut dyn Repos,
    loaded: &mut Loaded,
    company_id: i64,
    batch: &[PreparedJoin],
    now: DateTime<Utc>,
) -> AppResult<(Vec<AppResult<i64>>, Option<Planned>)> {
    let drivers: Vec<i64> = batch.iter().map(|j| j.driver.id).collect();
    let trucks: Vec<i64> = batch.iter().map(|j| j.truck.id).collect();
    let active = repos.active_entries_among(company_id, &drivers, &trucks)?;
    let faults = recent_faults(repos, loaded, company_id, batch, now)?;
    // An expired loading is refused before the plan, so it takes no place in it.
    let expired: Vec<bool> = batch
        .iter()
        .map(|job| loading_expired(job, loaded.today))
        .collect();
    let requests = join_requests(batch, &active, &faults, &expired);
    let admission = loaded.with_input(|input| check_joins_and_plan(input, &requests));
    let decided = verdicts(&expired, admission.answers);
    let new: Vec<NewQueueEntry> = batch
        .iter()
        .zip(&decided)
        .filter(|(_, verdict)| verdict.is_ok())
        .map(|(job, _)| NewQueueEntry {
            company_id,
            driver_id: job.driver.id,
            truck_id: job.truck.id,
            scheduling_id: job.scheduling.as_ref().map(|s| s.id),
            joined_at: now,
        })
        .collect();
    let ids = repos.insert_queue_entries(&new)?;
    let (out, renamed) =
        enter_admitted(loaded, batch, decided, &expired, ids, requests.len(), now)?;
    let planned = admission
        .plan
        .and_then(|walked| with_entry_ids(walked, &renamed));
    Ok((out, planned))
}

/// Each join's driver's faults within the missing rule's period (none to read when the rule
/// is off).
fn recent_faults(
    repos: &mut dyn Repos,
    loaded: &Loaded,
    company_id: i64,
    batch: &[PreparedJoin],
    now: DateTime<Utc>,
) -> AppResult<Vec<Vec<DateTime<Utc>>>> {
    let missing = loaded.settings.missing;
    let mut faults = Vec::with_capacity(batch.len());
    for job in batch {
        faults.push(if missing.enabled && missing.limit > 0 {
            let since = now - Duration::days(i64::from(missing.period_days));
            repos.driver_faults(company_id, job.driver.id, since)?
        } else {
            Vec::new()
        });
    }
    Ok(faults)
}

/// The join's loading is past its expiration date.
fn loading_expired(job: &PreparedJoin, today: NaiveDate) -> bool {
    job.scheduling
        .as_ref()
        .and_then(|s| s.expiration_date)
        .is_some_and(|exp| queue::is_expired(exp, today))
}

/// What the plan decides of each join that is not expired.
fn join_requests<'a>(
    batch: &[PreparedJoin],
    active: &[(i64, i64)],
    faults: &'a [Vec<DateTime<Utc>>],
    expired: &[bool],
) -> Vec<JoinRequest<'a>> {
    batch
        .iter()
        .zip(faults)
        .zip(expired)
        .filter(|(_, &expired)| !expired)
        .map(|((job, faults), _)| JoinRequest {
            already_in_queue: active
                .iter()
                .any(|&(d, t)| d == job.driver.id || t == job.truck.id),
            freelancer: job.scheduling.is_none(),
            faults,
        })
        .collect()
}

/// Each join's verdict in batch order: an expired loading is refused; the others take the
/// plan's answers in turn.
fn verdicts(expired: &[bool], answers: Vec<Result<Landing, QueueRefusal>>) -> Vec<AppResult<()>> {
    let mut landings = answers.into_iter();
    expired
        .iter()
        .map(|&expired| {
            if expired {
                Err(AppError::Conflict(SCHEDULING_EXPIRED_MESSAGE.to_owned()))
            } else {
                landings
                    .next()
                    .unwrap_or(Err(QueueRefusal::NoCapacity))
                    .map(|_| ())
                    .map_err(refused)
            }
        })
        .collect()
}

/// Each admitted join's id in the walk's plan (its batch id) and its entry's id.
type Renamed = HashMap<EntryId, EntryId>;

/// Each join's entry id (the ids inserted, in batch order) or refusal; the admitted entries
/// join `loaded` as waiting, and each one's plan id (the k-th request's batch id) maps to its
/// entry's id.
fn enter_admitted(
    loaded: &mut Loaded,
    batch: &[PreparedJoin],
    decided: Vec<AppResult<()>>,
    expired: &[bool],
    ids: Vec<i64>,
    requests: usize,
    now: DateTime<Utc>,
) -> AppResult<(Vec<AppResult<i64>>, Renamed)> {
    let mut ids = ids.into_iter();
    let mut out = Vec::with_capacity(batch.len());
    let mut renamed = Renamed::new();
    let mut k = 0;
    for ((job, d), &expired) in batch.iter().zip(decided).zip(expired) {
        let request = k;
        if !expired {
            k += 1;
        }
        out.push(match d {
            Ok(()) => {
                let id = ids
                    .next()
                    .ok_or_else(|| AppError::internal("entry not inserted"))?;
                renamed.insert(batch_entry_id(request, requests), EntryId(id));
                loaded.entries.push(PlanEntryRecord {
                    id,
                    driver_id: job.driver.id,
                    kind: PlanEntryKind::Waiting,
                    checked_in: false,
                    joined_at: now,
                    planned_day: None,
                    position: None,
                    forecast_at: None,
                    date: None,
                    in_tolerance: false,
                });
                Ok(id)
            }
            Err(e) => Err(e),
        });
    }
    Ok((out, renamed))
}

/// The walk's plan with each admitted join under its entry's id: `None` (plan again) unless
/// every join that entered was in it under its batch id.
fn with_entry_ids(
    (mut plan, next): (Plan, Result<Landing, QueueRefusal>),
    renamed: &Renamed,
) -> Option<Planned> {
    let mut seen = 0;
    for e in &mut plan.entries {
        if let Some(&id) = renamed.get(&e.id) {
            e.id = id;
            seen += 1;
        }
    }
    (seen == renamed.len()).then(|| (plan, next.ok()))
}

/// After the plan is stored: the join's logs (written by the caller, one statement per
/// table for the whole batch) and its answer.
fn joined(
    loaded: &Loaded,
    stored: &Stored,
    company_id: i64,
    job: &PreparedJoin,
    id: i64,
) -> (NewDriverLog, NewStaffLog, JoinView) {
    let (driver, truck) = (&job.driver, &job.truck);
    let freelancer = job.scheduling.is_none();
    let planned = stored.plan.get(EntryId(id));
    let data = DriverLogPayload::at_company(company_id).queue(id);
    let data = match &job.scheduling {
        Some(s) => data
            .truck(truck.id, truck.license_plate.as_str())
            .scheduling(Some(s.id), Some(s.order_code.clone())),
        None => DriverLogPayload {
            freelancer: Some(true),
            truck_id: Some(truck.id),
            ..data
        },
    };
    let driver_log = DriverLog::of(driver.id, company_id).entry(DriverLogType::InQueue, data);
    let how = if freelancer {
        "como Autônomo".to_owned()
    } else {
        format!("com a Placa <b>{}</b>", escape_html(&truck.license_plate))
    };
    let date = planned.and_then(|p| p.day());
    let staff_log = NewStaffLog {
        operation_type: Operation::InQueue.as_str().to_owned(),
        object_type: ObjectType::Queue.as_str().to_owned(),
        company_id: Some(company_id),
        user_id: job.user,
        title: format!(
            "Motorista <b>{}</b> entrou na fila {how}",
            escape_html(&driver.name)
        ),
        details: vec![
            ("Placa".to_owned(), truck.license_plate.clone()),
            (
                "Posição".to_owned(),
                planned.map(|p| p.position.to_string()).unwrap_or_default(),
            ),
            ("Data".to_owned(), date.map(br_date).unwrap_or_default()),
        ],
        ip: job.ip.clone(),
    };
    let view = JoinView {
        id,
        message: JOINED_MESSAGE,
        position: planned.map(|p| i32::try_from(p.position).unwrap_or(i32::MAX)),
        date,
        forecast: planned.and_then(|p| p.forecast()),
        time: planned
            .and_then(|p| p.forecast())
            .map(|f| local_time(&loaded.settings, f)),
        is_freelancer: freelancer,
    };
    (driver_log, staff_log, view)
}

// ---- Views.

/// `HH:mm` of an instant in the company's zone.
pub(crate) fn local_time(settings: &QueueSettings, at: DateTime<Utc>) -> String {
    at.with_timezone(&settings.time_zone)
        .format("%H:%M")
        .to_string()
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JoinView {
    pub id: i64,
    pub message: &'static str,
    pub position: Option<i32>,
    pub date: Option<NaiveDate>,
    pub forecast: Option<DateTime<Utc>>,
    /// `HH:mm` in the company's zone.
    pub time: Option<String>,
    pub is_freelancer: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LeaveView {
    pub id: i64,
    pub message: &'static str,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetView {
    pub message: &'static str,
    pub company_id: i64,
    /// Waiting entries laid again.
    pub entries: usize,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DelayChangeView {
    pub company_id: i64,
    /// `true` while the delay runs (after a start), `false` after an end.
    pub active: bool,
    /// The delay's net minutes.
    pub delayed_time: i32,
    pub delay_id: Option<i64>,
}

/// `POST /queue/save`: the driver (by the driver, or by staff on /fila), the company, the
/// loading (`None`: a freelancer, 'Autônomo') and the truck (required for a freelancer).
#[derive(Debug, Clone)]
pub struct JoinCommand {
    pub driver_id: i64,
    pub company_id: i64,
    pub scheduling_id: Option<i64>,
    pub truck_id: Option<i64>,
    pub ip: Option<String>,
}

/// `PUT /queue/delay`: a positive `time` starts the delay `delay_id` for that many minutes; a
/// negative one ends the running delay early.
#[derive(Debug, Clone)]
pub struct DelayCommand {
    pub company_id: i64,
    pub delay_id: Option<i64>,
    pub time: i32,
    pub ip: Option<String>,
}

#[derive(Clone)]
pub struct QueueService {
    deps: Arc<Deps>,
    lanes: Arc<JoinLanes<PreparedJoin, JoinView>>,
}

impl QueueService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self {
            deps,
            lanes: Arc::default(),
        }
    }

    fn publish(&self, company_id: i64) {
        self.deps
            .events
            .publish(&DomainEvent::queue_changed(company_id));
    }

    /// Publishes a change that moved only `drivers` (so position caches keep the others).
    fn publish_moved(&self, company_id: i64, drivers: Vec<i64>) {
        self.deps
            .events
            .publish(&DomainEvent::drivers_moved(company_id, drivers));
    }

    /// Join (DESIGN 4.4, 4.9, spec 3 section 4 "Entering the queue").
    ///
    /// What needs no lock (the driver, the truck, the loading) is read first; the rest runs
    /// in the company's join lane ([`JoinLanes`]): joins that arrive while the company's queue
    /// is locked wait and then enter together, in one transaction under one lock.
    pub fn join(&self, actor: &Actor, cmd: &JoinCommand) -> AppResult<JoinView> {
        let joined = self.join_counted(actor, cmd);
        self.deps
            .metrics
            .queue_join(crate::metrics_ports::JoinOutcome::of(&joined));
        joined
    }

    fn join_counted(&self, actor: &Actor, cmd: &JoinCommand) -> AppResult<JoinView> {
        if actor.is_driver() {
            if actor.id != cmd.driver_id {
                return Err(AppError::not_found());
            }
            if actor.company_id != Some(cmd.company_id) {
                return Err(AppError::not_found());
            }
        } else {
            staff_of(actor, &JOIN_ROLES, cmd.company_id)?;
        }
        let company_id = cmd.company_id;
        // Reads only: no transaction (the company's lock is taken in the lane, below).
        let prepared = self.deps.store.reads(|repos| {
            let driver = repos
                .queue_driver(cmd.driver_id)?
                .filter(|d| d.company_id == company_id)
                .ok_or_else(AppError::not_found)?;
            if !driver.is_enabled {
                return Err(AppError::Conflict(DRIVER_DISABLED_MESSAGE.to_owned()));
            }
            let (truck_id, scheduling) = match cmd.scheduling_id {
                Some(sid) => {
                    let s = repos
                        .queue_scheduling(sid)?
                        .filter(|s| s.company_id == company_id)
                        .ok_or_else(AppError::not_found)?;
                    if s.driver_id != driver.id {
                        return Err(AppError::field(
                            "scheduling",
                            SCHEDULING_NOT_DRIVERS_MESSAGE,
                        ));
                    }
                    if cmd.truck_id.is_some_and(|t| t != s.truck_id) {
                        return Err(AppError::field("truck", TRUCK_NOT_DRIVERS_MESSAGE));
                    }
                    if s.finished || s.started {
                        return Err(AppError::Conflict(SCHEDULING_FINISHED_MESSAGE.to_owned()));
                    }
                    (s.truck_id, Some(s))
                }
                None => {
                    let id = cmd
                        .truck_id
                        .ok_or_else(|| AppError::field("truck", SELECT_TRUCK_MESSAGE))?;
                    (id, None)
                }
            };
            let truck = repos
                .queue_truck(truck_id)?
                .filter(|t| t.company_id == company_id)
                .ok_or_else(AppError::not_found)?;
            if scheduling.is_none() && truck.driver_id != Some(driver.id) {
                return Err(AppError::field("truck", TRUCK_NOT_DRIVERS_MESSAGE));
            }
            if !truck.is_enabled {
                return Err(AppError::Conflict(TRUCK_DISABLED_MESSAGE.to_owned()));
            }
            Ok(PreparedJoin {
                user: staff_user(actor),
                ip: cmd.ip.clone(),
                driver,
                truck,
                scheduling,
            })
        })?;
        let lane = self.lanes.lane(company_id);
        lane.submit(prepared, |batch| self.join_batch(company_id, batch))
    }

    /// Runs a batch of joins of one company in one transaction; when that transaction fails
    /// as a whole (a database error, a unique index), each join runs again alone, so that one
    /// join's failure is never another's.
    fn join_batch(&self, company_id: i64, batch: Vec<PreparedJoin>) -> Vec<AppResult<JoinView>> {
        // The same driver or truck twice in one batch (a double tap): each alone, so that the
        // second meets the first exactly as it would one after the other.
        let mut drivers = std::collections::HashSet::new();
        let mut trucks = std::collections::HashSet::new();
        let distinct = batch
            .iter()
            .all(|j| drivers.insert(j.driver.id) && trucks.insert(j.truck.id));
        if batch.len() > 1 && distinct {
            if let Ok(views) = self.join_tx(company_id, &batch) {
                return views;
            }
        }
        batch
            .iter()
            .map(|one| {
                self.join_tx(company_id, std::slice::from_ref(one))
                    .and_then(|mut v| {
                        v.pop()
                            .unwrap_or_else(|| Err(AppError::internal("no join")))
                    })
            })
            .collect()
    }

    /// One transaction: the lock, one read of the queue, one plan deciding every join of the
    /// batch (each sees the earlier ones), one insert, one stored plan, the logs, one event.
    fn join_tx(
        &self,
        company_id: i64,
        batch: &[PreparedJoin],
    ) -> AppResult<Vec<AppResult<JoinView>>> {
        let now = self.deps.clock.now();
        let (views, moved) = self
            .deps
            .store
            .tx(|repos| {
                let mut loaded = Loaded::lock(repos, company_id, now)?;
                let (decided, planned) = admit(repos, &mut loaded, company_id, batch, now)?;
                let admitted = decided.iter().filter(|d| d.is_ok()).count();
                if admitted == 0 {
                    return Ok((
                        decided
                            .into_iter()
                            .filter_map(Result::err)
                            .map(Err)
                            .collect(),
                        None,
                    ));
                }
                let stored = store_plan_of(repos, &loaded, admitted as i64, planned)?;
                let mut views = Vec::with_capacity(batch.len());
                let mut driver_logs = Vec::with_capacity(admitted);
                let mut staff_logs = Vec::with_capacity(admitted);
                for (job, id) in batch.iter().zip(decided) {
                    views.push(match id {
                        Ok(id) => {
                            let (d, s, view) = joined(&loaded, &stored, company_id, job, id);
                            driver_logs.push(d);
                            staff_logs.push(s);
                            Ok(view)
                        }
                        Err(e) => Err(e),
                    });
                }
                repos.insert_driver_logs(&driver_logs)?;
                repos.insert_staff_logs(&staff_logs)?;
                // The new entries are among the rows that changed (no position before).
                Ok((views, Some(stored.moved)))
            })
            .map_err(|e| match e {
                AppError::Duplicate(_) => refused(QueueRefusal::AlreadyInQueue),
                other => other,
            })?;
        if let Some(moved) = moved {
            self.publish_moved(company_id, moved);
        }
        Ok(views)
    }

    /// Leave (`DELETE /queue/delete/{queueId}`): the driver's own entry, or staff of the
    /// company; refused inside the leave window (DESIGN 4.10).
    pub fn leave(
        &self,
        actor: &Actor,
        queue_id: i64,
        ip: Option<String>,
        device: Option<String>,
    ) -> AppResult<LeaveView> {
        let now = self.deps.clock.now();
        let row = self
            .deps
            .store
            .tx(|repos| repos.queue_row(queue_id))?
            .ok_or_else(AppError::not_found)?;
        if actor.is_driver() {
            if row.driver_id != actor.id {
                return Err(AppError::not_found());
            }
        } else {
            staff_of(actor, &JOIN_ROLES, row.company_id)?;
        }
        let company_id = row.company_id;
        let moved = self.deps.store.tx(|repos| {
            let mut loaded = Loaded::lock(repos, company_id, now)?;
            let state = loaded.lifecycle(queue_id);
            if state == LifecycleState::NotInQueue || !state.is_active() {
                return Err(AppError::Conflict(
                    "Você não possui marcação na fila".to_owned(),
                ));
            }
            transition(state, LifecycleEvent::Leave)
                .map_err(|e| AppError::Conflict(e.to_string()))?;
            let entry = loaded
                .entry(queue_id)
                .cloned()
                .ok_or_else(AppError::not_found)?;
            if let Some(forecast) = entry.forecast_at {
                can_leave(forecast, now, &loaded.settings).map_err(refused)?;
            }
            let status = LifecycleState::Left
                .stored_status()
                .ok_or_else(|| AppError::internal("left has no stored status"))?;
            if !repos.close_queue_entry(queue_id, status, now)? {
                return Err(AppError::not_found());
            }
            repos.insert_dropout(&NewDropout {
                company_id,
                driver_id: row.driver_id,
                truck_id: row.truck_id,
                queue_entry_id: queue_id,
                closed_at: now,
                date: entry.date,
                ip: ip.clone(),
                device: device.clone(),
            })?;
            loaded.entries.retain(|e| e.id != queue_id);
            let mut moved = store_plan(repos, &loaded)?.moved;
            moved.push(row.driver_id);
            DriverLog::of(row.driver_id, company_id).write(
                repos,
                DriverLogType::OutQueue,
                DriverLogPayload::at_company(company_id)
                    .queue(queue_id)
                    .truck(row.truck_id, row.license_plate.as_str()),
            )?;
            Audit {
                user: staff_user(actor),
                ip: ip.as_deref(),
            }
            .write(
                repos,
                Operation::OutQueue,
                ObjectType::Queue,
                company_id,
                format!(
                    "Motorista <b>{}</b> saiu da fila com a Placa <b>{}</b>",
                    escape_html(&row.driver_name),
                    escape_html(&row.license_plate)
                ),
                vec![("Placa", row.license_plate.clone())],
            )?;
            Ok(moved)
        })?;
        self.publish_moved(company_id, moved);
        Ok(LeaveView {
            id: queue_id,
            message: LEFT_MESSAGE,
        })
    }

    /// Reset queue (root administrators): forgets the end-of-attendance pins and lays every
    /// waiting entry again from the start of the current period (DESIGN 4.8).
    pub fn reset(
        &self,
        actor: &Actor,
        company_id: i64,
        ip: Option<String>,
    ) -> AppResult<ResetView> {
        if !actor.is_root_admin() {
            return Err(forbidden());
        }
        let now = self.deps.clock.now();
        let view = self.deps.store.tx(|repos| {
            if !repos.company_exists(company_id)? {
                return Err(AppError::not_found());
            }
            repos.lock_company_queue(company_id)?;
            repos.clear_pins(company_id)?;
            let loaded = Loaded::lock(repos, company_id, now)?;
            let stored = store_plan(repos, &loaded)?;
            Audit {
                user: Some(actor.id),
                ip: ip.as_deref(),
            }
            .write(
                repos,
                Operation::ResetQueue,
                ObjectType::Queue,
                company_id,
                "Fila resetada".to_owned(),
                vec![("Veículos", stored.plan.entries.len().to_string())],
            )?;
            Ok(ResetView {
                message: RESET_MESSAGE,
                company_id,
                entries: stored.plan.entries.len(),
            })
        })?;
        self.publish(company_id);
        Ok(view)
    }

    /// Stores a fresh plan of the company (after a settings change: tolerance on/off, hours,
    /// blocked dates...). Publishes `queueChanged` when the stored plan changed.
    pub fn replan(&self, company_id: i64) -> AppResult<bool> {
        let now = self.deps.clock.now();
        let changed = self
            .deps
            .store
            .tx(|repos| replan_in_tx(repos, company_id, now))?;
        if changed {
            self.publish(company_id);
        }
        Ok(changed)
    }

    /// Delay start and end (`PUT /queue/delay`, DESIGN 4.7).
    pub fn delay(&self, actor: &Actor, cmd: &DelayCommand) -> AppResult<DelayChangeView> {
        staff_of(actor, &OPERATE_ROLES, cmd.company_id)?;
        if cmd.time == 0 {
            return Err(AppError::field("time", DELAY_FIELDS_MESSAGE));
        }
        let now = self.deps.clock.now();
        let company_id = cmd.company_id;
        let audit = Audit {
            user: Some(actor.id),
            ip: cmd.ip.as_deref(),
        };
        let view = self.deps.store.tx(|repos| {
            if !repos.company_exists(company_id)? {
                return Err(AppError::not_found());
            }
            let mut loaded = Loaded::lock(repos, company_id, now)?;
            let open = repos.open_delay(company_id)?;
            let view = if cmd.time > 0 {
                start_delay(repos, &mut loaded, open, cmd, &audit)?
            } else {
                end_delay(repos, &mut loaded, open, &audit)?
            };
            store_plan(repos, &loaded)?;
            Ok(view)
        })?;
        self.publish(company_id);
        Ok(view)
    }
}

/// Starts the company's delay reason `cmd.delay_id` for `cmd.time` minutes: refused while
/// another delay runs; one that ran its whole length ends when it ran out.
fn start_delay(
    repos: &mut dyn Repos,
    loaded: &mut Loaded,
    open: Option<DelayInProgressRecord>,
    cmd: &DelayCommand,
    audit: &Audit<'_>,
) -> AppResult<DelayChangeView> {
    let (company_id, now) = (cmd.company_id, loaded.now);
    let delay_id = cmd
        .delay_id
        .ok_or_else(|| AppError::field("delayId", DELAY_FIELDS_MESSAGE))?;
    let reason = repos
        .delay_reason(delay_id)?
        .filter(|r| r.company_id == company_id)
        .ok_or_else(AppError::not_found)?;
    if let Some(open) = open {
        let ends = open.started_at + Duration::minutes(i64::from(open.minutes.max(0)));
        if ends > now {
            return Err(AppError::Conflict(DELAY_RUNNING_MESSAGE.to_owned()));
        }
        // It ran its whole length: ended when it ran out.
        repos.end_delay_in_progress(open.id, 0, ends)?;
    }
    let id = repos.insert_delay_in_progress(company_id, reason.id, cmd.time, now)?;
    loaded.delays.push(DelayInProgressRecord {
        id,
        company_id,
        delay_id: Some(reason.id),
        reason: Some(reason.reason.clone()),
        icon: reason.icon.clone(),
        minutes: cmd.time,
        started_at: now,
        created_at: now,
        ended_at: None,
    });
    audit.write(
        repos,
        Operation::StartDelay,
        ObjectType::Delay,
        company_id,
        format!(
            "Atraso <b>{}</b> de {} iniciado",
            escape_html(&reason.reason),
            minutes(i64::from(cmd.time))
        ),
        vec![
            ("Motivo", reason.reason.clone()),
            ("Minutos", cmd.time.to_string()),
        ],
    )?;
    Ok(DelayChangeView {
        company_id,
        active: true,
        delayed_time: cmd.time,
        delay_id: Some(reason.id),
    })
}

/// Ends the running delay now: its minutes become the time it ran (refused when none runs).
fn end_delay(
    repos: &mut dyn Repos,
    loaded: &mut Loaded,
    open: Option<DelayInProgressRecord>,
    audit: &Audit<'_>,
) -> AppResult<DelayChangeView> {
    let (company_id, now) = (loaded.company_id, loaded.now);
    let open = open.ok_or_else(|| AppError::Conflict(NO_DELAY_MESSAGE.to_owned()))?;
    let adjustment = end_delay_early(
        &Delay {
            started_at: open.started_at,
            minutes: i64::from(open.minutes),
        },
        now,
    );
    let adjustment = i32::try_from(adjustment).unwrap_or(0);
    repos.end_delay_in_progress(open.id, adjustment, now)?;
    let net = open.minutes + adjustment;
    for d in loaded.delays.iter_mut().filter(|d| d.id == open.id) {
        d.minutes = net;
        d.ended_at = Some(now);
    }
    audit.write(
        repos,
        Operation::EndDelay,
        ObjectType::Delay,
        company_id,
        format!(
            "Atraso <b>{}</b> encerrado após {}",
            escape_html(open.reason.as_deref().unwrap_or("-")),
            minutes(i64::from(net))
        ),
        vec![("Minutos", net.to_string())],
    )?;
    Ok(DelayChangeView {
        company_id,
        active: false,
        delayed_time: net,
        delay_id: open.delay_id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use patio_domain::roles::SessionKind;

    fn staff(role: Role, company: Option<i64>) -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 1,
            role: Some(role),
            company_id: company,
            shipping_company_id: None,
            is_root: false,
            issued_at: None,
        }
    }

    #[test]
    fn staff_access_is_403_for_the_role_and_404_for_another_company() {
        assert!(staff_of(&staff(Role::Usuario, Some(1)), &JOIN_ROLES, 1).is_ok());
        assert!(matches!(
            staff_of(&staff(Role::Usuario, Some(2)), &JOIN_ROLES, 1),
            Err(AppError::NotFound(_))
        ));
        assert!(matches!(
            staff_of(&staff(Role::Espectador, Some(1)), &JOIN_ROLES, 1),
            Err(AppError::Forbidden(_))
        ));
        assert!(staff_of(&staff(Role::Administrador, None), &JOIN_ROLES, 7).is_ok());
    }

    #[test]
    fn stored_settings_become_the_engine_settings() {
        let t = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap_or(NaiveTime::MIN);
        let c = QueueConfigRecord {
            start: t(7, 0),
            end: t(17, 0),
            start_interval: t(12, 0),
            end_interval: t(13, 0),
            time_attendence: t(0, 30),
            programmed_total: 40,
            week_days: [false, true, true, true, true, true, true],
            time_zone: "America/Cuiaba".to_owned(),
            enable_tolerance: true,
            tolerance: t(1, 15),
            hour_entry_limit: 2,
            scheduling_day_limit: Some(5),
            queue_edit_hours_limit: 6,
            enable_missing_validation: true,
            missing_limit: 3,
            missing_limit_after_block: 7,
            missing_validation_period: 30,
            enable_queue_save: true,
            enable_queue_without_scheduling: false,
            blocked_dates: vec![],
        };
        let s = engine_settings(Some(&c));
        assert_eq!(s.time_attendence, 30);
        assert_eq!(s.tolerance, 75);
        assert_eq!(s.scheduling_day_limit, Some(5));
        assert_eq!(s.time_zone, chrono_tz::America::Cuiaba);
        assert_eq!(s.missing.limit, 3);
        assert!(!engine_settings(None).has_capacity_rule());
    }
}
