//! Queue entries, the per-company queue state and attendance days.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;

use crate::schema::{attendances, queue_entries, queue_states};

/// Statuses of a queue entry, as stored in `queue_entries.status`.
pub mod queue_status {
    pub const WAITING: &str = "waiting";
    pub const LOADING: &str = "loading";
    pub const ATTENDED: &str = "attended";
    pub const FAULTY: &str = "faulty";
    pub const TOLERANCE_DROPPED: &str = "tolerance_dropped";
    pub const LEFT: &str = "left";
    pub const CANCELLED: &str = "cancelled";
    /// The statuses of an active entry (the partial unique indexes' predicate).
    pub const ACTIVE: [&str; 2] = [WAITING, LOADING];
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = queue_entries, check_for_backend(diesel::pg::Pg))]
pub struct QueueEntryRow {
    pub id: i64,
    pub company_id: i64,
    pub driver_id: i64,
    pub truck_id: i64,
    /// `None`: freelancer.
    pub scheduling_id: Option<i64>,
    /// See [`queue_status`].
    pub status: String,
    /// Rank key.
    pub joined_at: DateTime<Utc>,
    pub position: Option<i32>,
    pub forecast_at: Option<DateTime<Utc>>,
    /// The attendance day planned.
    pub date: Option<NaiveDate>,
    pub attended: bool,
    pub attended_at: Option<DateTime<Utc>>,
    /// Loading start.
    pub expedition: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Default, Insertable)]
#[diesel(table_name = queue_entries, check_for_backend(diesel::pg::Pg))]
pub struct NewQueueEntryRow {
    pub company_id: i64,
    pub driver_id: i64,
    pub truck_id: i64,
    pub scheduling_id: Option<i64>,
    /// `None`: 'waiting'.
    pub status: Option<String>,
    /// `None`: now().
    pub joined_at: Option<DateTime<Utc>>,
    pub position: Option<i32>,
    pub forecast_at: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    pub attended: bool,
    pub attended_at: Option<DateTime<Utc>>,
    pub expedition: Option<DateTime<Utc>>,
    pub created_at: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
}

/// The per-company row locked (`SELECT ... FOR UPDATE`) by every queue change.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = queue_states, primary_key(company_id), check_for_backend(diesel::pg::Pg))]
pub struct QueueStateRow {
    pub company_id: i64,
    pub tolerance_active: bool,
    pub delay_active: bool,
    pub plan_version: i64,
    pub planned_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Default, Insertable)]
#[diesel(table_name = queue_states, check_for_backend(diesel::pg::Pg))]
pub struct NewQueueStateRow {
    pub company_id: i64,
    pub tolerance_active: Option<bool>,
    pub delay_active: Option<bool>,
    pub plan_version: Option<i64>,
    pub planned_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = attendances, check_for_backend(diesel::pg::Pg))]
pub struct AttendanceRow {
    pub id: i64,
    pub company_id: i64,
    pub day: NaiveDate,
    /// True while open.
    pub status: bool,
    pub started_by: Option<i64>,
    pub started_at: DateTime<Utc>,
    pub ended_by: Option<i64>,
    pub ended_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Insertable)]
#[diesel(table_name = attendances, check_for_backend(diesel::pg::Pg))]
pub struct NewAttendanceRow {
    pub company_id: i64,
    pub day: NaiveDate,
    pub status: bool,
    pub started_by: Option<i64>,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_by: Option<i64>,
    pub ended_at: Option<DateTime<Utc>>,
}
