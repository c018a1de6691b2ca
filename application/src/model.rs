//! Records the ports exchange. Plain data; rules stay in the domain crate and the services.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use patio_domain::roles::Role;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompanyRecord {
    pub id: i64,
    pub name: String,
    /// Legal name ("razão social").
    pub legal_name: String,
    pub logo: Option<String>,
    pub status: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompanyPublic {
    pub id: i64,
    pub name: String,
    pub logo: Option<String>,
}

/// The part of the company settings sign-in and the login pages need.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginSettings {
    pub enable_recaptcha: bool,
    pub recaptcha_secret: Option<String>,
    pub recaptcha_site: Option<String>,
    pub start: Option<NaiveTime>,
    pub end: Option<NaiveTime>,
    /// Sunday first, as the spec's weekDays.
    pub week_days: [bool; 7],
    pub programmed_total: i32,
    pub time_zone: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompanyRef {
    pub id: i64,
    pub name: String,
    pub legal_name: String,
    pub logo: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShippingCompanyRef {
    pub id: i64,
    pub code: Option<i64>,
    pub name: String,
    pub company_id: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UserRecord {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub password_hash: String,
    pub role: Role,
    pub cpf: Option<String>,
    pub fone: Option<String>,
    pub receives_email: bool,
    pub is_enabled: bool,
    pub is_root: bool,
    pub use_terms: bool,
    pub company: Option<CompanyRef>,
    pub shipping_company: Option<ShippingCompanyRef>,
}

impl UserRecord {
    /// The company a user acts for: its own, or its shipping company's.
    pub fn effective_company_id(&self) -> Option<i64> {
        self.company
            .as_ref()
            .map(|c| c.id)
            .or(self.shipping_company.as_ref().map(|s| s.company_id))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewUser {
    pub name: String,
    pub email: String,
    pub password_hash: String,
    pub role: Role,
    pub is_root: bool,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DriverRecord {
    pub id: i64,
    pub name: String,
    /// 11 digits.
    pub cpf: String,
    pub birth_date: NaiveDate,
    pub is_enabled: bool,
    pub use_terms: bool,
    pub company: CompanyRef,
    pub shipping_company_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ActiveQueueEntry {
    pub id: i64,
    pub company_id: i64,
    pub forecast_at: Option<DateTime<Utc>>,
    pub joined_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttendanceRecord {
    pub id: i64,
    pub status: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UseTermRecord {
    pub id: i64,
    pub title: String,
    pub content: String,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewContact {
    pub name: String,
    pub fone: String,
    pub email: String,
}

/// Who a contact authorization belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    User(i64),
    Driver(i64),
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewContactAuthorization {
    pub party: Party,
    pub use_term_id: i64,
    pub has_whats: bool,
    pub has_sms: bool,
    pub has_email: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewStaffLog {
    pub operation_type: String,
    pub object_type: String,
    pub company_id: Option<i64>,
    pub user_id: Option<i64>,
    /// HTML built from escaped values.
    pub title: String,
    pub details: Vec<(String, String)>,
    pub ip: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewDriverLog {
    pub driver_id: i64,
    pub company_id: i64,
    pub operation_type: String,
    pub data: serde_json::Value,
}
