//! The loadings of an order (spec 2 "Loadings"): what the loading service reads and writes.

use chrono::{DateTime, NaiveDate, Utc};
use patio_domain::orders::Tonnes;

use crate::error::AppResult;
use crate::model::Page;
use patio_domain::admin::listing::PageRequest;

/// A loading with the names its list shows.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadingRecord {
    pub id: i64,
    pub company_id: i64,
    pub order_id: i64,
    pub order_code: String,
    pub truck_id: i64,
    pub license_plate: String,
    pub driver_id: i64,
    pub driver_name: String,
    pub shipping_company_id: Option<i64>,
    pub shipping_company_name: Option<String>,
    pub qty_ordered: Tonnes,
    pub qty_transported: Tonnes,
    pub expiration_date: Option<NaiveDate>,
    pub exped_date: Option<DateTime<Utc>>,
    pub exped_initial_date: Option<DateTime<Utc>>,
    /// Finished (the yard completed the loading).
    pub status: bool,
    pub created_at: DateTime<Utc>,
}

/// A loading that left the order (Desistentes), with its reason.
#[derive(Debug, Clone, PartialEq)]
pub struct DeletedLoadingRecord {
    pub loading: LoadingRecord,
    /// The order's customer.
    pub customer_name: Option<String>,
    pub reason: String,
    pub deleted_at: DateTime<Utc>,
}

/// What a loading save writes.
// Stays: the checked loading (the ids the lookups found, the quantity the checks returned).
#[derive(Debug, Clone, PartialEq)]
pub struct LoadingWrite {
    pub company_id: i64,
    pub order_id: i64,
    pub truck_id: i64,
    pub driver_id: i64,
    pub shipping_company_id: Option<i64>,
    pub qty_ordered: Tonnes,
    pub expiration_date: NaiveDate,
}

/// The truck a loading names: its company, carrier, plate and net capacity.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadingTruck {
    pub id: i64,
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub license_plate: patio_domain::values::Plate,
    pub net_capacity: Option<Tonnes>,
    /// `Brand Model`, when the truck has a model.
    pub model: Option<String>,
}

/// The driver a loading names.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadingDriver {
    pub id: i64,
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub name: String,
}

/// A scope's loadings, newest first, one page (the integration v1 list, issue 26).
#[derive(Debug, Clone, PartialEq)]
pub struct LoadingFilter {
    /// `None`: every company (an administrator).
    pub company_id: Option<i64>,
    /// A carrier: only the loadings it carries.
    pub shipping_company_id: Option<i64>,
    pub order_id: Option<i64>,
    pub page: PageRequest,
}

pub trait LoadingRepo {
    fn loadings_of_order(&mut self, order_id: i64) -> AppResult<Vec<LoadingRecord>>;
    /// One page of loadings, newest first, with the total; read by index
    /// (`schedulings_company_recent_idx`, `schedulings_shipping_recent_idx`).
    fn list_loadings(&mut self, f: &LoadingFilter) -> AppResult<Page<LoadingRecord>>;
    fn deleted_loadings_of_order(&mut self, order_id: i64) -> AppResult<Vec<DeletedLoadingRecord>>;
    fn loading(&mut self, id: i64) -> AppResult<Option<LoadingRecord>>;
    /// A driver's open and finished loadings, optionally of one plate.
    fn loadings_of_driver(
        &mut self,
        driver_id: i64,
        plate: Option<&str>,
    ) -> AppResult<Vec<LoadingRecord>>;
    /// A driver's loadings that left their orders, deleted between the dates (inclusive).
    fn deleted_loadings_of_driver(
        &mut self,
        driver_id: i64,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
    ) -> AppResult<Vec<DeletedLoadingRecord>>;
    fn insert_loading(&mut self, w: &LoadingWrite) -> AppResult<i64>;
    fn update_loading(&mut self, id: i64, w: &LoadingWrite) -> AppResult<()>;
    fn delete_loading(&mut self, id: i64) -> AppResult<()>;
    /// Whether an open queue entry uses the loading.
    fn loading_in_queue(&mut self, id: i64) -> AppResult<bool>;
    /// A truck by id, or by plate within a company.
    fn loading_truck(
        &mut self,
        id: Option<i64>,
        company_id: i64,
        plate: Option<&str>,
    ) -> AppResult<Option<LoadingTruck>>;
    fn loading_driver(&mut self, id: i64) -> AppResult<Option<LoadingDriver>>;
}
