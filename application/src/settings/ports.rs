//! Ports of the settings area (spec 3 sections 2 and 3): company settings with their delay
//! reasons, blocked dates, terms of use, pop-ups, and the file store for uploaded images.
//! [`SettingsAreaRepos`] joins the repository traits; `Repos` includes it.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};

use crate::error::AppResult;

/// The settings of one company as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsRecord {
    pub id: i64,
    pub company_id: i64,
    pub checkin_ip: Option<String>,
    pub enable_checkin: bool,
    pub programmed_total: i32,
    pub queue_edit_hours_limit: i32,
    pub time_attendence: NaiveTime,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub start_interval: NaiveTime,
    pub end_interval: NaiveTime,
    pub google_maps: Option<String>,
    /// Sunday first.
    pub week_days: [bool; 7],
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
}

/// What a settings save writes (the logo is written by the upload alone).
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsWrite {
    pub checkin_ip: Option<String>,
    pub enable_checkin: bool,
    pub programmed_total: i32,
    pub queue_edit_hours_limit: i32,
    pub time_attendence: NaiveTime,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub start_interval: NaiveTime,
    pub end_interval: NaiveTime,
    pub google_maps: Option<String>,
    pub week_days: [bool; 7],
    pub scheduling_day_limit: Option<i32>,
    pub hour_entry_limit: i32,
    pub enable_tolerance: bool,
    pub tolerance: NaiveTime,
    pub enable_recaptcha: bool,
    /// `None`: keep the stored secret.
    pub recaptcha_secret: Option<Option<String>>,
    pub recaptcha_site: Option<String>,
    pub enable_missing_validation: bool,
    pub missing_limit: i32,
    pub missing_limit_after_block: i32,
    pub missing_validation_period: i32,
    pub enable_queue_save: bool,
    pub enable_queue_without_scheduling: bool,
    pub time_zone: String,
}

/// A configured delay reason (tab Atraso).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelayRecord {
    pub id: i64,
    pub company_id: i64,
    pub reason: String,
    pub minutes: i32,
    pub icon: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelayWrite {
    pub reason: String,
    pub minutes: i32,
    pub icon: Option<String>,
}

/// A blocked-dates entry (tab Bloqueios).
#[derive(Debug, Clone, PartialEq)]
pub struct HolidayRecord {
    pub id: i64,
    pub company_id: i64,
    pub title: String,
    pub dates: Vec<NaiveDate>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HolidayWrite {
    pub title: String,
    pub dates: Vec<NaiveDate>,
}

/// A term of use with everything the term form edits.
#[derive(Debug, Clone, PartialEq)]
pub struct UseTermFull {
    pub id: i64,
    pub company_id: i64,
    pub title: String,
    pub content: String,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UseTermWrite {
    pub title: String,
    /// Sanitised HTML.
    pub content: String,
    pub active: bool,
}

/// A pop-up with its read counts.
#[derive(Debug, Clone, PartialEq)]
pub struct PopupRecord {
    pub id: i64,
    pub company_id: i64,
    pub start_at: Option<DateTime<Utc>>,
    pub end_at: Option<DateTime<Utc>>,
    pub active: bool,
    pub title: String,
    pub label: Option<String>,
    pub image_url: Option<String>,
    pub content: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Reads recorded.
    pub views: i64,
    /// Distinct drivers who read it.
    pub views_unique: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PopupWrite {
    pub start_at: Option<DateTime<Utc>>,
    pub end_at: Option<DateTime<Utc>>,
    pub active: bool,
    pub title: String,
    pub label: Option<String>,
    pub image_url: Option<String>,
    /// Sanitised HTML.
    pub content: Option<String>,
}

pub trait CompanySettingsRepo {
    fn settings_of_company(&mut self, company_id: i64) -> AppResult<Option<SettingsRecord>>;
    /// Writes the company's settings, creating the row when the company has none.
    fn write_settings_of_company(
        &mut self,
        company_id: i64,
        settings: &SettingsWrite,
    ) -> AppResult<()>;
    /// Sets the company's logo (the company's and its settings' copy). Returns the previous
    /// one of the settings.
    fn write_company_logo(&mut self, company_id: i64, path: &str) -> AppResult<Option<String>>;
    /// Turns tolerance on or off, creating the settings row when the company has none.
    fn write_tolerance_enabled(&mut self, company_id: i64, enabled: bool) -> AppResult<()>;
    /// Waits for and holds, until the transaction ends, the company's queue-state row lock
    /// (DESIGN section 4.12), so that a settings change never interleaves with a queue change
    /// computed from the old settings.
    fn lock_queue_for_settings(&mut self, company_id: i64) -> AppResult<()>;
}

pub trait DelayRepo {
    fn delays_of_company(&mut self, company_id: i64) -> AppResult<Vec<DelayRecord>>;
    fn delay_by_id(&mut self, id: i64) -> AppResult<Option<DelayRecord>>;
    fn insert_delay(&mut self, company_id: i64, delay: &DelayWrite) -> AppResult<i64>;
    fn update_delay(&mut self, id: i64, delay: &DelayWrite) -> AppResult<()>;
    fn delete_delay_by_id(&mut self, id: i64) -> AppResult<()>;
}

pub trait HolidayRepo {
    /// Newest first.
    fn holidays_of_company(&mut self, company_id: i64) -> AppResult<Vec<HolidayRecord>>;
    /// Every company's, newest first.
    fn all_holidays(&mut self) -> AppResult<Vec<HolidayRecord>>;
    fn holiday_by_id(&mut self, id: i64) -> AppResult<Option<HolidayRecord>>;
    fn insert_holiday(&mut self, company_id: i64, holiday: &HolidayWrite) -> AppResult<i64>;
    fn update_holiday(&mut self, id: i64, holiday: &HolidayWrite) -> AppResult<()>;
    fn delete_holiday_by_id(&mut self, id: i64) -> AppResult<()>;
}

pub trait UseTermAdminRepo {
    /// Newest first.
    fn terms_of_company(&mut self, company_id: i64) -> AppResult<Vec<UseTermFull>>;
    fn term_by_id(&mut self, id: i64) -> AppResult<Option<UseTermFull>>;
    /// `Duplicate` ('Dado já cadastrado!') when the company has a term of that title.
    fn insert_term(&mut self, company_id: i64, term: &UseTermWrite) -> AppResult<i64>;
    /// Bumps `updated_at`. `Duplicate` as [`UseTermAdminRepo::insert_term`].
    fn update_term(&mut self, id: i64, term: &UseTermWrite) -> AppResult<()>;
    /// Deactivates the company's active terms other than `keep` (all of them when `None`).
    /// Runs before a term is stored as active: one term is active per company.
    fn deactivate_terms_except(&mut self, company_id: i64, keep: Option<i64>) -> AppResult<u64>;
    /// Marks the terms as not accepted by the company's Transportadora users and drivers.
    /// Returns how many people must accept again.
    fn require_terms_acceptance_again(&mut self, company_id: i64) -> AppResult<u64>;
    fn delete_term_by_id(&mut self, id: i64) -> AppResult<()>;
}

pub trait PopupRepo {
    /// Newest first, with read counts.
    fn popups_of_company(&mut self, company_id: i64) -> AppResult<Vec<PopupRecord>>;
    /// The active ones, newest first (the service keeps those within their period).
    fn active_popups_of_company(&mut self, company_id: i64) -> AppResult<Vec<PopupRecord>>;
    fn popup_by_id(&mut self, id: i64) -> AppResult<Option<PopupRecord>>;
    fn insert_popup(&mut self, company_id: i64, popup: &PopupWrite) -> AppResult<i64>;
    fn update_popup(&mut self, id: i64, popup: &PopupWrite) -> AppResult<()>;
    /// Returns the previous image address.
    fn write_popup_image(&mut self, id: i64, url: &str) -> AppResult<Option<String>>;
    fn delete_popup_by_id(&mut self, id: i64) -> AppResult<()>;
    fn insert_popup_read(
        &mut self,
        popup_id: i64,
        driver_id: i64,
        at: DateTime<Utc>,
    ) -> AppResult<()>;
}

/// Every repository of the settings area.
pub trait SettingsAreaRepos:
    CompanySettingsRepo + DelayRepo + HolidayRepo + UseTermAdminRepo + PopupRepo
{
}

impl<T> SettingsAreaRepos for T where
    T: CompanySettingsRepo + DelayRepo + HolidayRepo + UseTermAdminRepo + PopupRepo
{
}

/// Where uploaded images live (DESIGN section 3): a folder by default. Paths handed out are the
/// public addresses the HTTP adapter serves read-only (`/uploads/<folder>/<name>`).
pub trait FileStore: Send + Sync {
    /// Stores `bytes` under a new, unguessable name in `folder` (lower-case letters and
    /// dashes) with `extension`; returns the public path.
    fn save(&self, folder: &str, extension: &str, bytes: &[u8]) -> AppResult<String>;
    /// Removes a file saved before, by its public path. Unknown paths are ignored.
    fn remove(&self, path: &str) -> AppResult<()>;
}
