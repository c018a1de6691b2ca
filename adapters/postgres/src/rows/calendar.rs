//! Blocked dates (holidays) of a company.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use crate::schema::holidays;

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = holidays, check_for_backend(diesel::pg::Pg))]
pub struct HolidayRow {
    pub id: i64,
    pub company_id: i64,
    pub title: String,
    /// JSON list of `YYYY-MM-DD` days.
    pub dates: serde_json::Value,
    pub created_at: DateTime<Utc>,
}
