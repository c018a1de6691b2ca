//! Companies, the hosts that resolve them, and their settings.

use chrono::{DateTime, NaiveTime, Utc};
use diesel::prelude::*;
use patio_application::model::CompanyWrite;

use crate::schema::{companies, settings};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = companies, check_for_backend(diesel::pg::Pg))]
pub struct CompanyRow {
    pub id: i64,
    /// Trade name (nome fantasia).
    pub name: String,
    /// Legal name (razão social).
    pub company: String,
    /// Read at the edge.
    #[diesel(deserialize_as = crate::values::DocumentText)]
    pub cnpj: patio_domain::values::Stored<patio_domain::values::Document>,
    pub uf: String,
    pub city: String,
    pub street: String,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub district: String,
    /// Read at the edge.
    #[diesel(deserialize_as = crate::values::CepText)]
    pub zip_code: patio_domain::values::Stored<patio_domain::values::Cep>,
    pub website: Option<String>,
    pub logo: Option<String>,
    pub status: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The columns most reads of a company need (sign-in, headers, scope checks).
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = companies, check_for_backend(diesel::pg::Pg))]
pub struct CompanyHeadRow {
    pub id: i64,
    pub name: String,
    pub company: String,
    pub logo: Option<String>,
    pub status: bool,
}

/// What a company save writes (its logo is written by the settings upload), inserted and
/// updated alike.
#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = companies, treat_none_as_null = true, check_for_backend(diesel::pg::Pg))]
pub struct CompanyWriteRow<'a> {
    pub name: &'a str,
    pub company: &'a str,
    pub cnpj: &'a str,
    pub uf: &'a str,
    pub city: &'a str,
    pub street: &'a str,
    pub number: Option<i32>,
    pub complement: Option<&'a str>,
    pub district: &'a str,
    pub zip_code: &'a str,
    pub website: Option<&'a str>,
    pub status: bool,
}

impl<'a> From<&'a CompanyWrite> for CompanyWriteRow<'a> {
    fn from(c: &'a CompanyWrite) -> Self {
        Self {
            name: &c.name,
            company: &c.legal_name,
            cnpj: &c.cnpj,
            uf: &c.uf,
            city: &c.city,
            street: &c.street,
            number: c.number,
            complement: c.complement.as_deref(),
            district: &c.district,
            zip_code: &c.zip_code,
            website: c.website.as_deref(),
            status: c.status,
        }
    }
}

/// The settings of a company (spec 3 section 3), one row per company.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = settings, check_for_backend(diesel::pg::Pg))]
pub struct SettingsRow {
    pub id: i64,
    pub company_id: i64,
    pub checkin_ip: Option<String>,
    pub enable_checkin: bool,
    pub programmed_total: i32,
    pub queue_edit_hours_limit: i32,
    pub time_attendence: NaiveTime,
    pub start_time: NaiveTime,
    pub end_time: NaiveTime,
    pub start_interval: NaiveTime,
    pub end_interval: NaiveTime,
    pub google_maps: Option<String>,
    /// JSON array of seven booleans, Sunday to Saturday.
    pub week_days: serde_json::Value,
    /// `None`: no limit.
    pub scheduling_day_limit: Option<i32>,
    pub hour_entry_limit: i32,
    pub enable_tolerance: bool,
    pub tolerance: NaiveTime,
    pub enable_recaptcha: bool,
    pub recaptcha_secret: Option<String>,
    pub recaptcha_site: Option<String>,
    pub enable_missing_validation: bool,
    pub missing_limit: i32,
    pub missing_limit_after_block: i32,
    pub missing_validation_period: i32,
    pub enable_queue_save: bool,
    pub enable_queue_without_scheduling: bool,
    pub logo: Option<String>,
    pub time_zone: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// New settings: `NewSettingsRow { company_id, ..Default::default() }` stores the spec's
/// defaults (every `None` takes the column's DEFAULT).
#[derive(Debug, Clone, PartialEq, Default, Insertable)]
#[diesel(table_name = settings, check_for_backend(diesel::pg::Pg))]
pub struct NewSettingsRow {
    pub company_id: i64,
    pub checkin_ip: Option<String>,
    pub enable_checkin: Option<bool>,
    pub programmed_total: Option<i32>,
    pub queue_edit_hours_limit: Option<i32>,
    pub time_attendence: Option<NaiveTime>,
    pub start_time: Option<NaiveTime>,
    pub end_time: Option<NaiveTime>,
    pub start_interval: Option<NaiveTime>,
    pub end_interval: Option<NaiveTime>,
    pub google_maps: Option<String>,
    pub week_days: Option<serde_json::Value>,
    pub scheduling_day_limit: Option<i32>,
    pub hour_entry_limit: Option<i32>,
    pub enable_tolerance: Option<bool>,
    pub tolerance: Option<NaiveTime>,
    pub enable_recaptcha: Option<bool>,
    pub recaptcha_secret: Option<String>,
    pub recaptcha_site: Option<String>,
    pub enable_missing_validation: Option<bool>,
    pub missing_limit: Option<i32>,
    pub missing_limit_after_block: Option<i32>,
    pub missing_validation_period: Option<i32>,
    pub enable_queue_save: Option<bool>,
    pub enable_queue_without_scheduling: Option<bool>,
    pub logo: Option<String>,
    pub time_zone: Option<String>,
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
}
