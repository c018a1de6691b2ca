//! Ports of the rescues (Gerenciar Resgates, issue 13, spec 3 sections 2, 4 and 7): a missing
//! vehicle's recovery, requested by the dispatch and approved by a root administrator.

use chrono::{DateTime, Utc};

use crate::error::AppResult;

/// A rescue with what its list and its approval read.
#[derive(Debug, Clone, PartialEq)]
pub struct RescueRecord {
    pub id: i64,
    pub company_id: i64,
    pub company_name: String,
    pub queue_entry_id: i64,
    pub order_id: i64,
    pub order_code: String,
    pub driver_name: String,
    pub license_plate: String,
    /// The loading's shipping company, or else the order's (the carrier column).
    pub shipping_company_name: Option<String>,
    pub qty_transported: f64,
    pub status: bool,
    pub created_at: DateTime<Utc>,
    pub restored_at: Option<DateTime<Utc>>,
    /// When the entry was closed as missing.
    pub missed_at: Option<DateTime<Utc>>,
}

/// Which rescues a list reads.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RescueFilter {
    pub company_id: Option<i64>,
    /// A Transportadora reads the rescues of its own loadings (or, for a loading without
    /// one, of its orders).
    pub shipping_company_id: Option<i64>,
    /// Plate, driver name or order code (contains, case-insensitive).
    pub search: Option<String>,
}

/// A new rescue request.
#[derive(Debug, Clone, PartialEq)]
pub struct NewRescue {
    pub company_id: i64,
    pub order_id: i64,
    pub queue_entry_id: i64,
    pub driver_id: i64,
    pub truck_id: i64,
    pub qty_transported: f64,
    pub at: DateTime<Utc>,
}

pub trait RescueRepo {
    fn insert_rescue(&mut self, rescue: &NewRescue) -> AppResult<i64>;
    fn rescue(&mut self, id: i64) -> AppResult<Option<RescueRecord>>;
    /// A rescue of the entry waits for approval.
    fn pending_rescue_of(&mut self, queue_entry_id: i64) -> AppResult<bool>;
    /// Pending rescues (status false), newest first: one page and the total.
    fn pending_rescues(
        &mut self,
        filter: &RescueFilter,
        offset: i64,
        limit: i64,
    ) -> AppResult<(Vec<RescueRecord>, i64)>;
    /// status false -> true; false when it was not pending.
    fn approve_rescue(&mut self, id: i64, at: DateTime<Utc>) -> AppResult<bool>;
    /// When the entry was closed (marked missing).
    fn entry_closed_at(&mut self, queue_entry_id: i64) -> AppResult<Option<DateTime<Utc>>>;
    /// The loading is finished (`schedulings.status`).
    fn loading_finished(&mut self, scheduling_id: i64) -> AppResult<bool>;
}
