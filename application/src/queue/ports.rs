//! Ports of the queue operations (spec 3 sections 4 and 7, DESIGN sections 4 and 5): the
//! queue engine's persistence (the per-company lock, the entries the plan reads, the stored
//! plan), attendance, delays, the queue reads, the background jobs, and the
//! [`EventPublisher`]. [`QueueAreaRepos`] joins the repository traits; `Repos` includes it.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};

use crate::error::AppResult;

// ---- Records.

/// The queue-state row of a company, read under its lock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueStateRecord {
    pub company_id: i64,
    pub plan_version: i64,
    pub planned_at: Option<DateTime<Utc>>,
}

/// What the engine reads of a company's settings, plus its blocked dates (holidays).
/// `None` from [`QueueEngineRepo::queue_config`] when the company has no settings row.
#[derive(Debug, Clone, PartialEq)]
pub struct QueueConfigRecord {
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub start_interval: NaiveTime,
    pub end_interval: NaiveTime,
    pub time_attendence: NaiveTime,
    pub programmed_total: i32,
    /// Sunday first.
    pub week_days: [bool; 7],
    pub time_zone: String,
    pub enable_tolerance: bool,
    pub tolerance: NaiveTime,
    pub hour_entry_limit: i32,
    pub scheduling_day_limit: Option<i32>,
    pub queue_edit_hours_limit: i32,
    pub enable_missing_validation: bool,
    pub missing_limit: i32,
    pub missing_limit_after_block: i32,
    pub missing_validation_period: i32,
    pub enable_queue_save: bool,
    pub enable_queue_without_scheduling: bool,
    pub blocked_dates: Vec<NaiveDate>,
}

/// How an entry the plan reads stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanEntryKind {
    /// Waiting (`checked_in` tells whether it has an active check-in).
    Waiting,
    Loading,
    /// Attended during the operating day.
    AttendedToday,
    /// Closed as faulty during the operating day, planned on it.
    MissedToday,
}

/// An entry the plan reads, with the plan stored for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanEntryRecord {
    pub id: i64,
    pub driver_id: i64,
    pub kind: PlanEntryKind,
    pub checked_in: bool,
    pub joined_at: DateTime<Utc>,
    pub planned_day: Option<NaiveDate>,
    pub position: Option<i32>,
    pub forecast_at: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    pub in_tolerance: bool,
}

/// The stored plan of one entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanRow {
    pub id: i64,
    pub position: i32,
    pub forecast_at: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    pub in_tolerance: bool,
}

/// What the queue-state row records after a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueStateWrite {
    /// Added to `plan_version`: the changes this plan stores (0 when no row changed; a batch
    /// of joins counts each join).
    pub bump: i64,
    pub planned_at: DateTime<Utc>,
    pub tolerance_active: bool,
    pub delay_active: bool,
    pub next_date: Option<NaiveDate>,
    pub next_forecast_at: Option<DateTime<Utc>>,
}

/// A delay registered on the operating day. `minutes` is its net length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelayInProgressRecord {
    pub id: i64,
    pub company_id: i64,
    pub delay_id: Option<i64>,
    pub reason: Option<String>,
    pub icon: Option<String>,
    pub minutes: i32,
    pub started_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
}

/// A configured delay reason, as the delay start reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelayReasonRecord {
    pub id: i64,
    pub company_id: i64,
    pub reason: String,
    pub minutes: i32,
    pub icon: Option<String>,
}

/// A driver as a join reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueDriverRecord {
    pub id: i64,
    pub company_id: i64,
    pub name: String,
    pub is_enabled: bool,
}

/// A truck as a join reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueTruckRecord {
    pub id: i64,
    pub company_id: i64,
    pub driver_id: Option<i64>,
    pub license_plate: String,
    pub is_enabled: bool,
}

/// A loading as a join reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueSchedulingRecord {
    pub id: i64,
    pub company_id: i64,
    pub driver_id: i64,
    pub truck_id: i64,
    pub finished: bool,
    pub started: bool,
    pub expiration_date: Option<NaiveDate>,
    pub order_code: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewQueueEntry {
    pub company_id: i64,
    pub driver_id: i64,
    pub truck_id: i64,
    pub scheduling_id: Option<i64>,
    pub joined_at: DateTime<Utc>,
}

/// One entry with what the queue screens show (spec 3 section 3 "Queue row").
#[derive(Debug, Clone, PartialEq)]
pub struct QueueRowRecord {
    pub id: i64,
    pub company_id: i64,
    pub status: String,
    pub driver_id: i64,
    pub driver_name: String,
    /// The driver's first contact phone.
    pub driver_phone: Option<String>,
    pub position: Option<i32>,
    pub forecast_at: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    pub joined_at: DateTime<Utc>,
    pub in_tolerance: bool,
    pub truck_id: i64,
    pub license_plate: String,
    pub net_capacity: Option<f64>,
    pub vehicle_model_name: Option<String>,
    pub scheduling_id: Option<i64>,
    pub order_id: Option<i64>,
    pub order_code: Option<String>,
    pub customer_name: Option<String>,
    pub qty_ordered: Option<f64>,
    pub qty_transported: Option<f64>,
    /// The order's items (tonnes); `None` without an order.
    pub order_ordered: Option<f64>,
    /// What the order's other loadings and its order-level entry delivered.
    pub order_delivered_others: Option<f64>,
    pub checkin_id: Option<i64>,
    pub checkin_active: bool,
    pub attended: bool,
    pub attended_at: Option<DateTime<Utc>>,
    pub expedition: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
    pub shipping_company_ids: Vec<i64>,
}

/// Which rows a queue list reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueueScope {
    Company(i64),
    /// The vehicles of a shipping company (its trucks, drivers or loadings) at its company.
    ShippingCompany {
        company_id: i64,
        shipping_company_id: i64,
    },
}

/// The driver's own entry (the newest one, active first), read by one indexed query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverPositionRecord {
    pub id: i64,
    pub company_id: i64,
    pub status: String,
    pub position: Option<i32>,
    pub forecast_at: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    pub in_tolerance: bool,
    pub truck_id: i64,
    pub license_plate: String,
    pub freelancer: bool,
    /// When the entry closed (`closed_at`, else `attended_at`).
    pub closed_at: Option<DateTime<Utc>>,
    /// The company's time zone name (settings), if it has settings.
    pub time_zone: Option<String>,
}

/// One driver's active entry for `queue/driver/positions`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverActivePosition {
    pub driver_id: i64,
    pub company_id: i64,
    pub queue_id: i64,
    pub position: Option<i32>,
    pub truck_id: i64,
}

/// Counters of the expedition cards for one operating day.
#[derive(Debug, Clone, PartialEq)]
pub struct QueueTotalsRecord {
    pub totals: i64,
    pub totals_today: i64,
    pub attended: i64,
    pub missing: i64,
    pub total_transported_today: f64,
    pub dropouts: i64,
}

/// The stored next landing of a join.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextDateRecord {
    pub next_date: Option<NaiveDate>,
    pub next_forecast_at: Option<DateTime<Utc>>,
    pub planned_at: Option<DateTime<Utc>>,
}

/// An attendance of a day with who started and ended it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttendanceDayRecord {
    pub id: i64,
    pub company_id: i64,
    pub day: NaiveDate,
    pub status: bool,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
}

/// An open loading the expiry job looks at: not started, not finished, held by no active
/// queue entry, with its expiration date and its company's zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpiryCandidate {
    pub scheduling_id: i64,
    pub company_id: i64,
    pub driver_id: i64,
    pub order_code: String,
    pub expiration_date: NaiveDate,
    pub time_zone: String,
}

/// A dropout (the driver left the queue), with the device it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDropout {
    pub company_id: i64,
    pub driver_id: i64,
    pub truck_id: i64,
    pub queue_entry_id: i64,
    pub closed_at: DateTime<Utc>,
    pub date: Option<NaiveDate>,
    pub ip: Option<String>,
    pub device: Option<String>,
}

// ---- Repositories.

/// The queue engine's persistence (DESIGN section 4.12).
pub trait QueueEngineRepo {
    /// Creates the company's queue-state row when missing (`INSERT ... ON CONFLICT DO
    /// NOTHING`), then waits for and holds its row lock (`SELECT ... FOR UPDATE`) until the
    /// transaction ends. Every change of the company's queue starts here.
    fn lock_company_queue(&mut self, company_id: i64) -> AppResult<QueueStateRecord>;
    fn queue_config(&mut self, company_id: i64) -> AppResult<Option<QueueConfigRecord>>;
    /// Active entries (waiting, loading) and the entries that spent the operating day:
    /// attended since `day_start`, or closed as faulty since `day_start` and dated `today`.
    fn plan_entries(
        &mut self,
        company_id: i64,
        day_start: DateTime<Utc>,
        today: NaiveDate,
    ) -> AppResult<Vec<PlanEntryRecord>>;
    /// Delays started since `since` (active or ended).
    fn delays_since(
        &mut self,
        company_id: i64,
        since: DateTime<Utc>,
    ) -> AppResult<Vec<DelayInProgressRecord>>;
    /// Writes the stored plan of these entries (only the rows that changed are passed).
    fn write_plan(&mut self, rows: &[PlanRow]) -> AppResult<()>;
    fn write_queue_state(&mut self, company_id: i64, state: &QueueStateWrite) -> AppResult<()>;
    fn queue_driver(&mut self, driver_id: i64) -> AppResult<Option<QueueDriverRecord>>;
    fn queue_truck(&mut self, truck_id: i64) -> AppResult<Option<QueueTruckRecord>>;
    fn queue_scheduling(&mut self, scheduling_id: i64) -> AppResult<Option<QueueSchedulingRecord>>;
    /// Whether the driver or the truck has an active entry at the company.
    fn has_active_entry(
        &mut self,
        company_id: i64,
        driver_id: i64,
        truck_id: i64,
    ) -> AppResult<bool>;
    /// When the driver's faults at the company (closed as faulty, by the expedition or by
    /// tolerance) since `since` happened.
    fn driver_faults(
        &mut self,
        company_id: i64,
        driver_id: i64,
        since: DateTime<Utc>,
    ) -> AppResult<Vec<DateTime<Utc>>>;
    fn insert_queue_entry(&mut self, entry: &NewQueueEntry) -> AppResult<i64>;
    /// Of these drivers and trucks, those with an active entry at the company, as
    /// `(driver_id, truck_id)` of each such entry (a batch of joins asks once).
    fn active_entries_among(
        &mut self,
        company_id: i64,
        driver_ids: &[i64],
        truck_ids: &[i64],
    ) -> AppResult<Vec<(i64, i64)>>;
    /// Several entries in one statement; their ids in the same order.
    fn insert_queue_entries(&mut self, entries: &[NewQueueEntry]) -> AppResult<Vec<i64>>;
    /// Closes an active entry with a final `status` (position 0). Returns whether it was
    /// active.
    fn close_queue_entry(&mut self, id: i64, status: &str, at: DateTime<Utc>) -> AppResult<bool>;
    /// Sets the end-of-attendance pins.
    fn pin_entries(&mut self, pins: &[(i64, NaiveDate)]) -> AppResult<()>;
    /// Clears the pins of the company's active entries (reset). Returns how many had one.
    fn clear_pins(&mut self, company_id: i64) -> AppResult<u64>;
    fn insert_dropout(&mut self, dropout: &NewDropout) -> AppResult<()>;
}

/// The day's attendance (Iniciar / Encerrar) and the delays in progress.
pub trait AttendanceOpsRepo {
    fn attendance_by_id(&mut self, id: i64) -> AppResult<Option<AttendanceDayRecord>>;
    fn attendance_of_day(
        &mut self,
        company_id: i64,
        day: NaiveDate,
    ) -> AppResult<Option<AttendanceDayRecord>>;
    /// Opens the day's attendance (or opens it again). Returns its id.
    fn open_attendance(
        &mut self,
        company_id: i64,
        day: NaiveDate,
        user_id: i64,
        at: DateTime<Utc>,
    ) -> AppResult<i64>;
    fn close_attendance(&mut self, id: i64, user_id: i64, at: DateTime<Utc>) -> AppResult<()>;
    fn delay_reason(&mut self, id: i64) -> AppResult<Option<DelayReasonRecord>>;
    /// The company's delay not yet ended.
    fn open_delay(&mut self, company_id: i64) -> AppResult<Option<DelayInProgressRecord>>;
    fn insert_delay_in_progress(
        &mut self,
        company_id: i64,
        delay_id: i64,
        minutes: i32,
        at: DateTime<Utc>,
    ) -> AppResult<i64>;
    /// Ends a delay: adds `adjustment` (0 or negative) to its minutes and sets `ended_at`.
    fn end_delay_in_progress(
        &mut self,
        id: i64,
        adjustment: i32,
        at: DateTime<Utc>,
    ) -> AppResult<()>;
}

/// The queue reads: stored plan only, never computed.
pub trait QueueReadRepo {
    /// Waiting entries on the first `days` planned days (unplaced entries last).
    fn waiting_rows_by_day(
        &mut self,
        scope: QueueScope,
        days: i64,
    ) -> AppResult<Vec<QueueRowRecord>>;
    /// Active entries (loading first, then waiting in rank order).
    fn active_rows(&mut self, scope: QueueScope) -> AppResult<Vec<QueueRowRecord>>;
    fn queue_row(&mut self, id: i64) -> AppResult<Option<QueueRowRecord>>;
    fn shipping_company_owner(&mut self, shipping_company_id: i64) -> AppResult<Option<i64>>;
    fn queue_totals(
        &mut self,
        company_id: i64,
        day_start: DateTime<Utc>,
        day_end: DateTime<Utc>,
        today: NaiveDate,
    ) -> AppResult<QueueTotalsRecord>;
    fn next_date(&mut self, company_id: i64) -> AppResult<NextDateRecord>;
    /// One query: the driver's newest entry, active first.
    fn driver_position(&mut self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>>;
    fn driver_active_positions(
        &mut self,
        driver_ids: &[i64],
    ) -> AppResult<Vec<DriverActivePosition>>;
    fn driver_company(&mut self, driver_id: i64) -> AppResult<Option<i64>>;
    /// The company's newest delay not ended.
    fn delay_status(&mut self, company_id: i64) -> AppResult<Option<DelayInProgressRecord>>;
    fn company_exists(&mut self, company_id: i64) -> AppResult<bool>;
}

/// The background jobs (DESIGN section 5).
pub trait QueueJobRepo {
    /// `pg_try_advisory_xact_lock(key)`: whether this transaction holds the job's lock.
    fn try_job_lock(&mut self, key: i64) -> AppResult<bool>;
    /// Companies with tolerance on and waiting entries.
    fn companies_with_tolerance(&mut self) -> AppResult<Vec<i64>>;
    /// Companies with waiting entries whose plan was stored before `before` (or never).
    fn companies_with_stale_plan(&mut self, before: DateTime<Utc>) -> AppResult<Vec<i64>>;
    /// Open loadings (not started, not finished, held by no active queue entry) whose
    /// expiration date is before `before`.
    fn expiry_candidates(&mut self, before: NaiveDate) -> AppResult<Vec<ExpiryCandidate>>;
    /// Moves these loadings to the deleted loadings with `reason`; closed queue entries stop
    /// pointing at them. Returns how many moved (a loading started meanwhile stays).
    fn delete_loadings(&mut self, ids: &[i64], reason: &str, at: DateTime<Utc>) -> AppResult<u64>;
}

/// Every repository of the queue area.
pub trait QueueAreaRepos:
    QueueEngineRepo + AttendanceOpsRepo + QueueReadRepo + QueueJobRepo
{
}

impl<T> QueueAreaRepos for T where
    T: QueueEngineRepo + AttendanceOpsRepo + QueueReadRepo + QueueJobRepo
{
}

/// The driver's position outside any transaction: one statement on a connection of its own
/// pool (`GET /queue/position/driver/{id}` is read by every driver's phone every 30 s). The
/// answer is the same as [`QueueReadRepo::driver_position`].
pub trait PositionReader: Send + Sync {
    fn driver_position(&self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>>;

    /// The answer if it is already in memory (no I/O); `None` when it would need a read.
    fn remembered(&self, _driver_id: i64) -> Option<Option<DriverPositionRecord>> {
        None
    }
}

// ---- Events (DESIGN section 5).

/// Something the real-time layer forwards to the company's room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "event")]
pub enum DomainEvent {
    /// The company's stored plan or queue changed: panels, the TV and the driver's position
    /// screen read again.
    #[serde(rename = "queueChanged")]
    QueueChanged {
        #[serde(rename = "companyId")]
        company_id: i64,
        /// When known, the only drivers whose position answer changed (a join at the end of
        /// the queue moves nobody else); `None`: any driver of the company may have moved.
        /// Between instances only: the websocket message leaves it out.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drivers: Option<Vec<i64>>,
        /// The instance that published it, whose position cache already forgot what it names
        /// (so that instance skips its own echo). Between instances only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        origin: Option<u64>,
    },
    /// The yard called a checked-in driver (`POST /checkins/setcall`): the TV announces it
    /// and the driver's phone shows it (spec 3 section 7).
    #[serde(rename = "checkInCallResponse", rename_all = "camelCase")]
    CheckInCall {
        company_id: i64,
        checkin_id: i64,
        queue_id: i64,
        driver_id: i64,
        driver_name: String,
        license_plate: String,
        called_at: DateTime<Utc>,
        /// The shipping companies the vehicle belongs to (its truck's, its driver's, its
        /// loading's): which carriers hear the call. Between instances only: the websocket
        /// message leaves it out.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        shipping_company_ids: Vec<i64>,
    },
    /// An account changed (disabled, its role, company or password changed, a session signed
    /// out): every instance forgets its remembered session answer for it
    /// ([`crate::auth::account_check::AccountCheck`]). Between instances only: no socket hears it.
    #[serde(rename = "accountChanged")]
    AccountChanged {
        kind: patio_domain::roles::SessionKind,
        id: i64,
    },
}

/// Past this many drivers an event says "the whole company" (a NOTIFY payload is at most
/// 8,000 bytes).
pub const MAX_EVENT_DRIVERS: usize = 400;

impl DomainEvent {
    /// Anything of the company's queue may have changed.
    pub fn queue_changed(company_id: i64) -> Self {
        DomainEvent::QueueChanged {
            company_id,
            drivers: None,
            origin: None,
        }
    }

    /// Only these drivers' answers changed (the whole company past [`MAX_EVENT_DRIVERS`]).
    pub fn drivers_moved(company_id: i64, mut drivers: Vec<i64>) -> Self {
        drivers.sort_unstable();
        drivers.dedup();
        DomainEvent::QueueChanged {
            company_id,
            drivers: (drivers.len() <= MAX_EVENT_DRIVERS).then_some(drivers),
            origin: None,
        }
    }

    /// The company whose room hears the event; `None`: no socket hears it.
    pub fn company_id(&self) -> Option<i64> {
        match self {
            DomainEvent::QueueChanged { company_id, .. }
            | DomainEvent::CheckInCall { company_id, .. } => Some(*company_id),
            DomainEvent::AccountChanged { .. } => None,
        }
    }

    /// The event as browsers get it (what only instances need left out).
    /// What a screen without a session may hear: that the queue changed, not who was called.
    pub fn is_public(&self) -> bool {
        matches!(self, DomainEvent::QueueChanged { .. })
    }

    pub fn for_browsers(&self) -> Self {
        match self {
            DomainEvent::QueueChanged { company_id, .. } => DomainEvent::queue_changed(*company_id),
            DomainEvent::CheckInCall { .. } => {
                let mut call = self.clone();
                if let DomainEvent::CheckInCall {
                    shipping_company_ids,
                    ..
                } = &mut call
                {
                    shipping_company_ids.clear();
                }
                call
            }
            other @ DomainEvent::AccountChanged { .. } => other.clone(),
        }
    }

    /// What the event tells a socket, for [`patio_domain::audience::may_hear`]; `None`: no
    /// socket hears it.
    pub fn heard(&self) -> Option<patio_domain::audience::Heard<'_>> {
        use patio_domain::audience::Heard;
        match self {
            DomainEvent::QueueChanged { .. } => Some(Heard::QueueChanged),
            DomainEvent::CheckInCall {
                driver_id,
                shipping_company_ids,
                ..
            } => Some(Heard::Call {
                driver_id: *driver_id,
                shipping_company_ids,
            }),
            DomainEvent::AccountChanged { .. } => None,
        }
    }
}

/// The room of an administrator without a company of its own: every company's events reach it
/// (company ids start at 1).
pub const EVERY_COMPANY_ROOM: i64 = 0;

/// Publishes events after the transaction that caused them committed. Best effort: a failure
/// is logged by the adapter, never undoes the change (the screens' polling is the fallback).
pub trait EventPublisher: Send + Sync {
    fn publish(&self, event: &DomainEvent);
}

/// Receives the events of every instance (the LISTEN side of [`EventPublisher`]), and learns
/// when that stream starts and stops: while it is down, events may be missed.
pub trait EventSink: Send + Sync {
    /// The stream is (again) up: anything derived from earlier events may be stale.
    fn connected(&self);
    /// The stream is down until the next [`EventSink::connected`].
    fn disconnected(&self);
    fn event(&self, event: &DomainEvent);
}

/// Publishes nothing (tools and tests that need no real-time).
pub struct NoEvents;

impl EventPublisher for NoEvents {
    fn publish(&self, _event: &DomainEvent) {}
}
