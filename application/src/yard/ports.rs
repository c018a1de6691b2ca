//! Ports of the yard (issue 13, spec 3 sections 4, 5 and 7): the dispatch panel's actions on a
//! queue entry and its loading, its lists (missing, attended, dropouts) and the check-ins and
//! calls of the yard TV.

use chrono::{DateTime, NaiveDate, Utc};

use crate::error::AppResult;
use crate::yard::YardListRow;

/// A queue entry as the dispatch actions read it, with its loading and latest check-in.
#[derive(Debug, Clone, PartialEq)]
pub struct YardEntryRecord {
    pub id: i64,
    pub company_id: i64,
    pub status: String,
    pub driver_id: i64,
    pub driver_name: String,
    pub truck_id: i64,
    pub license_plate: String,
    pub date: Option<NaiveDate>,
    pub attended_at: Option<DateTime<Utc>>,
    pub expedition: Option<DateTime<Utc>>,
    pub scheduling_id: Option<i64>,
    pub order_id: Option<i64>,
    pub order_code: Option<String>,
    pub qty_transported: Option<f64>,
    /// The latest check-in of the entry is present (active).
    pub checked_in: bool,
}

/// Which list of the panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YardList {
    /// Closed as faulty (by the expedition or by tolerance) since the day's start.
    Missing,
    /// Attended since the day's start.
    Attended,
    /// Left the queue since the day's start (dropout log).
    Dropouts,
}

/// A check-in with its entry, driver and truck.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckinRecord {
    pub id: i64,
    pub company_id: i64,
    pub queue_entry_id: i64,
    pub queue_status: String,
    pub driver_id: i64,
    pub driver_name: String,
    pub truck_id: i64,
    pub license_plate: String,
    /// The shipping companies of the vehicle (truck, driver, loading).
    pub shipping_company_ids: Vec<i64>,
    pub is_present: bool,
    pub status: bool,
    pub is_calling: bool,
    pub called_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub trait YardRepo {
    fn yard_entry(&mut self, id: i64) -> AppResult<Option<YardEntryRecord>>;
    /// The entry in loading with this loading.
    fn loading_entry(&mut self, scheduling_id: i64) -> AppResult<Option<i64>>;
    /// The attended entry of this finished loading.
    fn attended_entry(&mut self, scheduling_id: i64) -> AppResult<Option<i64>>;
    /// waiting -> loading (expedition = at) and the loading's start; false when not waiting.
    fn start_loading(&mut self, id: i64, at: DateTime<Utc>) -> AppResult<bool>;
    /// loading -> waiting; the loading's start is forgotten.
    fn return_to_queue(&mut self, id: i64) -> AppResult<bool>;
    /// `from_status` ('loading', or a fault for a rescue) -> attended; the loading closes with
    /// its tonnage and times. False when the entry is not in `from_status`.
    fn complete_loading(
        &mut self,
        id: i64,
        from_status: &str,
        qty_transported: f64,
        started_at: DateTime<Utc>,
        ended_at: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// The tonnage of a finished loading.
    fn set_loading_weight(&mut self, scheduling_id: i64, qty_transported: f64) -> AppResult<()>;
    /// The entry's (and its loading's) driver.
    fn change_entry_driver(&mut self, id: i64, driver_id: i64) -> AppResult<()>;
    /// A freelancer's entry takes the loading its rescue created (issue 22); false when the
    /// entry had one already.
    fn attach_loading(&mut self, id: i64, scheduling_id: i64) -> AppResult<bool>;
    /// A cancelled loading is open again: not started (status false).
    fn reopen_loading(&mut self, scheduling_id: i64) -> AppResult<()>;
    fn yard_list(
        &mut self,
        company_id: i64,
        list: YardList,
        since: DateTime<Utc>,
        plate: Option<&str>,
    ) -> AppResult<Vec<YardListRow>>;
    fn insert_checkin(
        &mut self,
        company_id: i64,
        queue_entry_id: i64,
        driver_id: i64,
        present: bool,
        at: DateTime<Utc>,
    ) -> AppResult<i64>;
    fn checkin(&mut self, id: i64) -> AppResult<Option<CheckinRecord>>;
    /// The latest check-in of an entry.
    fn latest_checkin(&mut self, queue_entry_id: i64) -> AppResult<Option<CheckinRecord>>;
    /// Present check-ins of the company's active entries.
    fn active_checkins(&mut self, company_id: i64) -> AppResult<Vec<CheckinRecord>>;
    /// The `limit` most recent calls, newest first, of drivers still on their trucks.
    fn called_checkins(&mut self, company_id: i64, limit: i64) -> AppResult<Vec<CheckinRecord>>;
    fn set_checkin_call(&mut self, id: i64, calling: bool, at: DateTime<Utc>) -> AppResult<()>;
    /// Ends the present check-ins of these entries (the day's attendance ended and they moved
    /// to another day: the yard no longer counts them); how many ended.
    fn end_checkins_of(&mut self, entry_ids: &[i64], at: DateTime<Utc>) -> AppResult<usize>;
    /// The company's `checkinIp` and `enableCheckin`.
    fn checkin_config(&mut self, company_id: i64) -> AppResult<(Option<String>, bool)>;
}
