//! The outbox and the daily report's sent-log.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;

use crate::schema::{daily_reports, outbox};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = outbox, check_for_backend(diesel::pg::Pg))]
pub struct OutboxRow {
    pub id: i64,
    pub company_id: Option<i64>,
    /// `order` | `daily_report`.
    pub kind: String,
    pub order_id: Option<i64>,
    pub report_day: Option<NaiveDate>,
    pub user_id: Option<i64>,
    pub recipient: String,
    pub recipient_name: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    /// `pending` | `sent` | `logged` | `failed`.
    pub status: String,
    pub attempts: i32,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_attempt_at: Option<DateTime<Utc>>,
    pub sent_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Insertable)]
#[diesel(table_name = outbox, check_for_backend(diesel::pg::Pg))]
pub struct NewOutboxRow {
    pub company_id: Option<i64>,
    pub kind: String,
    pub order_id: Option<i64>,
    pub report_day: Option<NaiveDate>,
    pub user_id: Option<i64>,
    pub recipient: String,
    pub recipient_name: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub created_at: DateTime<Utc>,
}

/// One try of a mail.
#[derive(Debug, Clone, PartialEq, AsChangeset)]
#[diesel(table_name = outbox, check_for_backend(diesel::pg::Pg))]
pub struct OutboxAttemptRow {
    pub status: String,
    /// Cleared when the try did not fail.
    #[diesel(treat_none_as_null = true)]
    pub error: Option<String>,
    pub last_attempt_at: DateTime<Utc>,
    /// Left as it was when `None` (set only when the server took the mail).
    pub sent_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = daily_reports, check_for_backend(diesel::pg::Pg))]
pub struct DailyReportRow {
    pub company_id: i64,
    pub day: NaiveDate,
    pub recipients: i32,
    pub created_at: DateTime<Utc>,
}
