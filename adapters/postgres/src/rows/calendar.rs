//! Blocked dates (holidays) and delay reasons of a company.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use crate::schema::{delays, holidays};

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

/// A configured delay reason.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = delays, check_for_backend(diesel::pg::Pg))]
pub struct DelayRow {
    pub id: i64,
    pub company_id: i64,
    pub reason: String,
    pub time_minutes: i32,
    pub icon: Option<String>,
}
