//! Drivers and trucks.

use bigdecimal::BigDecimal;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use patio_domain::values::{Cpf, Plate, Stored};

use crate::schema::{drivers, trucks};
use crate::values::{CpfText, PlateText};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = drivers, check_for_backend(diesel::pg::Pg))]
pub struct DriverRow {
    pub id: i64,
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub name: String,
    /// 11 digits, unmasked; unique across companies. Read at the edge: an erased driver's
    /// CPF is kept as stored.
    #[diesel(deserialize_as = CpfText)]
    pub cpf: Stored<Cpf>,
    pub cnh: Option<String>,
    pub birth_date: NaiveDate,
    pub is_enabled: bool,
    pub use_terms: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = trucks, check_for_backend(diesel::pg::Pg))]
pub struct TruckRow {
    pub id: i64,
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub vehicle_model_id: Option<i64>,
    /// 7 upper-case letters or digits; unique.
    #[diesel(deserialize_as = PlateText)]
    pub license_plate: Plate,
    pub renavam: Option<String>,
    pub owner: Option<String>,
    pub implement_type: Option<String>,
    pub shaft_quantity: Option<i16>,
    /// Tonnes.
    pub gross_capacity: Option<BigDecimal>,
    /// Tonnes.
    pub net_capacity: Option<BigDecimal>,
    pub color: Option<String>,
    pub is_enabled: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = crate::schema::truck_brands, check_for_backend(diesel::pg::Pg))]
pub struct TruckBrandRow {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = crate::schema::truck_models, check_for_backend(diesel::pg::Pg))]
pub struct TruckModelRow {
    pub id: i64,
    pub truck_brand_id: i64,
    pub name: String,
}

/// Every field the staff driver form writes (insert and update alike).
#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = drivers, treat_none_as_null = true, check_for_backend(diesel::pg::Pg))]
pub struct DriverWriteRow<'a> {
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub name: &'a str,
    pub cpf: &'a str,
    pub cnh: Option<&'a str>,
    pub birth_date: NaiveDate,
    pub is_enabled: bool,
}

impl<'a> DriverWriteRow<'a> {
    /// The checked form where it is placed; an empty CNH is none.
    pub fn of(
        d: &'a patio_domain::fleet::DriverData,
        at: &patio_application::fleet::ports::DriverPlacement,
    ) -> Self {
        Self {
            company_id: at.company_id,
            shipping_company_id: at.shipping_company_id,
            name: &d.name,
            cpf: d.cpf.as_str(),
            cnh: Some(d.cnh.as_str()).filter(|c| !c.is_empty()),
            birth_date: d.birth_date,
            is_enabled: at.is_enabled,
        }
    }
}

/// A driver erased for good but kept for its history: the anonymous name and CPF, no CNH or
/// shipping company, disabled, terms to accept again.
#[derive(Debug, Clone, PartialEq, AsChangeset)]
#[diesel(table_name = drivers, treat_none_as_null = true, check_for_backend(diesel::pg::Pg))]
pub struct ErasedDriverRow<'a> {
    pub name: &'a str,
    pub cpf: &'a str,
    pub cnh: Option<&'a str>,
    pub shipping_company_id: Option<i64>,
    pub is_enabled: bool,
    pub use_terms: bool,
}

/// The shipping company of a driver, as the driver screens show it.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = crate::schema::shipping_companies, check_for_backend(diesel::pg::Pg))]
pub struct ShippingRefRow {
    pub id: i64,
    pub code: i32,
    pub name: String,
}
