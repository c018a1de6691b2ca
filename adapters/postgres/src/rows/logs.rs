//! Staff audit log and driver log.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use crate::schema::{driver_logs, staff_logs};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = staff_logs, check_for_backend(diesel::pg::Pg))]
pub struct StaffLogRow {
    pub id: i64,
    pub operation_type: String,
    pub object_type: String,
    pub company_id: Option<i64>,
    pub user_id: Option<i64>,
    /// HTML built from escaped values.
    pub title: String,
    /// JSON array of `{"key": ..., "value": ...}`.
    pub details: serde_json::Value,
    pub ip: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Default, Insertable)]
#[diesel(table_name = staff_logs, check_for_backend(diesel::pg::Pg))]
pub struct NewStaffLogRow {
    pub operation_type: String,
    pub object_type: String,
    pub company_id: Option<i64>,
    pub user_id: Option<i64>,
    pub title: String,
    pub details: serde_json::Value,
    pub ip: Option<String>,
    pub created_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = driver_logs, check_for_backend(diesel::pg::Pg))]
pub struct DriverLogRow {
    pub id: i64,
    pub driver_id: Option<i64>,
    pub company_id: Option<i64>,
    /// LOGIN, IN_QUEUE, OUT_QUEUE, ... (spec 2 section 3).
    pub operation_type: String,
    pub data: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Default, Insertable)]
#[diesel(table_name = driver_logs, check_for_backend(diesel::pg::Pg))]
pub struct NewDriverLogRow {
    pub driver_id: Option<i64>,
    pub company_id: Option<i64>,
    pub operation_type: String,
    pub data: serde_json::Value,
    pub created_at: Option<DateTime<Utc>>,
}
