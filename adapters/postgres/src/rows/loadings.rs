//! The loadings of orders (`schedulings`) and the ones that left them (`deleted_schedulings`).

use bigdecimal::BigDecimal;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;

use crate::schema::{deleted_schedulings, schedulings};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = schedulings, check_for_backend(diesel::pg::Pg))]
pub struct SchedulingRow {
    pub id: i64,
    pub company_id: i64,
    pub order_id: i64,
    pub truck_id: i64,
    pub driver_id: i64,
    pub shipping_company_id: Option<i64>,
    /// Tonnes.
    pub qty_ordered: BigDecimal,
    /// Tonnes, written when the yard completes the loading.
    pub qty_transported: BigDecimal,
    pub expiration_date: Option<NaiveDate>,
    pub exped_date: Option<DateTime<Utc>>,
    pub exped_initial_date: Option<DateTime<Utc>>,
    /// Finished.
    pub status: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// What the loading form writes (insert and update).
#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = schedulings, check_for_backend(diesel::pg::Pg))]
pub struct NewSchedulingRow {
    pub company_id: i64,
    pub order_id: i64,
    pub truck_id: i64,
    pub driver_id: i64,
    #[diesel(treat_none_as_null = true)]
    pub shipping_company_id: Option<i64>,
    pub qty_ordered: BigDecimal,
    pub expiration_date: Option<NaiveDate>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = deleted_schedulings, check_for_backend(diesel::pg::Pg))]
pub struct DeletedSchedulingRow {
    pub id: i64,
    pub scheduling_id: i64,
    pub company_id: i64,
    pub order_id: i64,
    pub truck_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub qty_ordered: BigDecimal,
    pub qty_transported: BigDecimal,
    pub expiration_date: Option<NaiveDate>,
    pub exped_date: Option<DateTime<Utc>>,
    pub exped_initial_date: Option<DateTime<Utc>>,
    pub status: bool,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    pub deleted_at: DateTime<Utc>,
}
