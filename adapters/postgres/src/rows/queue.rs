//! Queue entries, the per-company queue state and attendance days.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;

use crate::schema::attendances;

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
