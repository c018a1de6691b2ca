//! A truck as a save writes it (the checked `TruckData` where it is placed), and the small rows a truck's read joins (its shipping company
//! and driver). The full row is `fleet::TruckRow`.

use std::str::FromStr;

use bigdecimal::BigDecimal;
use diesel::prelude::*;
use patio_application::fleet::ports::TruckPlacement;
use patio_domain::fleet::TruckData;

use crate::schema::{drivers, shipping_companies, trucks};

/// Tonnes as the database's NUMERIC, through their shortest decimal text (65.6 stays 65.6).
fn tonnes(v: Option<f64>) -> Option<BigDecimal> {
    v.and_then(|t| BigDecimal::from_str(&t.to_string()).ok())
}

/// Every column a save sets; `None` clears the column (`treat_none_as_null`).
#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = trucks, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct TruckWriteRow<'a> {
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub vehicle_model_id: Option<i64>,
    pub license_plate: &'a str,
    pub renavam: Option<&'a str>,
    pub owner: Option<&'a str>,
    pub implement_type: Option<&'a str>,
    pub shaft_quantity: Option<i16>,
    pub gross_capacity: Option<BigDecimal>,
    pub net_capacity: Option<BigDecimal>,
    pub color: Option<&'a str>,
    pub is_enabled: bool,
}

impl<'a> TruckWriteRow<'a> {
    /// The checked truck where it is placed; axles and capacities from its implement type.
    pub fn of(t: &'a TruckData, place: &TruckPlacement) -> Self {
        Self {
            company_id: place.company_id,
            shipping_company_id: place.shipping_company_id,
            driver_id: place.driver_id,
            vehicle_model_id: t.model_id,
            license_plate: t.plate.as_str(),
            renavam: Some(t.renavam.as_str()),
            owner: t.owner.as_deref(),
            implement_type: t.implement_type.map(|i| i.label()),
            shaft_quantity: t.axles().map(i16::from),
            gross_capacity: tonnes(t.gross_tonnes()),
            net_capacity: tonnes(t.net_tonnes()),
            color: t.color.as_deref(),
            is_enabled: place.is_enabled,
        }
    }
}

/// The shipping company a truck read carries.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = shipping_companies, check_for_backend(diesel::pg::Pg))]
pub struct TruckShippingRow {
    pub id: i64,
    pub company_id: i64,
    pub code: i32,
    pub name: String,
}

/// A driver as the truck calls read it.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = drivers, check_for_backend(diesel::pg::Pg))]
pub struct DriverRefRow {
    pub id: i64,
    pub name: String,
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
}
