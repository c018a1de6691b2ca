//! Products, orders, their items and shipping companies.

use bigdecimal::BigDecimal;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use patio_domain::orders::ProductData;

use crate::schema::{order_items, order_shipping_companies, orders, products};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = products, check_for_backend(diesel::pg::Pg))]
pub struct ProductRow {
    pub id: i64,
    pub company_id: i64,
    pub code: i32,
    /// Max 80.
    pub name: String,
    /// 0 AGRICOLA, 1 SIDERURGICA.
    pub group_type: i16,
    pub ncmcode: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = products, check_for_backend(diesel::pg::Pg))]
pub struct NewProductRow {
    pub company_id: i64,
    pub code: i32,
    pub name: String,
    pub group_type: i16,
    /// `None` clears the NCM code on update.
    #[diesel(treat_none_as_null = true)]
    pub ncmcode: Option<String>,
}

impl NewProductRow {
    /// The checked product in its company.
    pub fn of(company_id: i64, p: &ProductData) -> Self {
        Self {
            company_id,
            code: p.code,
            name: p.name.clone(),
            group_type: p.group.code(),
            ncmcode: p.ncmcode.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = orders, check_for_backend(diesel::pg::Pg))]
pub struct OrderRow {
    pub id: i64,
    pub company_id: i64,
    /// Max 11, unique per company.
    pub code: String,
    pub customer_id: i64,
    /// Delivered quantity entered at order level (tonnes).
    pub qty_transported: BigDecimal,
    pub enable: bool,
    /// Percent done, derived by the server.
    pub status: BigDecimal,
    pub send_email: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = orders, check_for_backend(diesel::pg::Pg))]
pub struct NewOrderRow {
    pub company_id: i64,
    pub code: String,
    pub customer_id: i64,
    pub qty_transported: BigDecimal,
    pub enable: bool,
    pub send_email: bool,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable)]
#[diesel(table_name = order_items, check_for_backend(diesel::pg::Pg))]
pub struct OrderItemRow {
    pub id: i64,
    pub order_id: i64,
    pub product_id: i64,
    /// Tonnes, above zero.
    pub quantity: BigDecimal,
}

#[derive(Debug, Clone, PartialEq, Insertable)]
#[diesel(table_name = order_items, check_for_backend(diesel::pg::Pg))]
pub struct NewOrderItemRow {
    pub order_id: i64,
    pub product_id: i64,
    pub quantity: BigDecimal,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = order_shipping_companies, check_for_backend(diesel::pg::Pg))]
pub struct OrderShippingCompanyRow {
    pub order_id: i64,
    pub shipping_company_id: i64,
}
