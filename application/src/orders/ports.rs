//! Ports of products and orders (spec 2): the records the services read and what they write.
//! [`OrdersAreaRepos`] joins the repository traits; `Repos` includes it.

use chrono::{DateTime, Utc};
use patio_domain::admin::listing::{PageRequest, SearchText};
use patio_domain::orders::{OrderData, ProductData, Tonnes};

use crate::error::AppResult;
use crate::model::{LikeItem, Page};
use crate::orders::products::ProductView;

// ---- Products.

/// Filters of the product list: one company (or all), search over name, NCM code and code.
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    pub company_id: Option<i64>,
    pub search: Option<SearchText>,
    pub page: Option<PageRequest>,
}

/// Reads answer the view itself (row → view); saves write the checked product.
pub trait ProductRepo {
    fn list_products(&mut self, f: &ProductFilter) -> AppResult<Page<ProductView>>;
    fn product(&mut self, id: i64) -> AppResult<Option<ProductView>>;
    fn product_by_code(&mut self, company_id: i64, code: i32) -> AppResult<Option<i64>>;
    fn insert_product(&mut self, company_id: i64, p: &ProductData) -> AppResult<i64>;
    /// Every field of the checked product (a save keeps the stored code in it).
    fn update_product(&mut self, id: i64, company_id: i64, p: &ProductData) -> AppResult<()>;
    /// `Referenced` when order items use it.
    fn delete_product(&mut self, id: i64) -> AppResult<()>;
    fn like_products(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>>;
}

// ---- Orders.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderCustomerRecord {
    pub id: i64,
    pub code: i32,
    pub name: String,
    pub city: Option<String>,
}

/// An order with the totals the list shows: `ordered` is the sum of its items, `loaded` the sum
/// of its loadings' transported quantities (the order-level quantity is `qty_transported`).
// Stays before `OrderView`: the loading checks, status refresh, rescues and mail read its tonnes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRecord {
    pub id: i64,
    pub company_id: i64,
    pub company_name: String,
    pub code: String,
    pub customer: OrderCustomerRecord,
    pub qty_transported: Tonnes,
    pub enable: bool,
    /// The stored, derived percent.
    pub status: i32,
    pub send_email: bool,
    pub created_at: DateTime<Utc>,
    pub ordered: Tonnes,
    pub loaded: Tonnes,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderItemRecord {
    pub id: i64,
    pub order_id: i64,
    pub quantity: Tonnes,
    pub product_id: i64,
    pub product_code: i32,
    pub product_name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderShippingRecord {
    pub id: i64,
    pub code: i32,
    pub name: String,
}

/// Whose the order is and its switches: what a save stores beside the checked form
/// ([`OrderData`]; its items are written apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderSettings {
    pub company_id: i64,
    pub enable: bool,
    pub send_email: bool,
}

/// Filters of the order list.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    pub company_id: Option<i64>,
    /// Only orders open to this shipping company.
    pub shipping_company_id: Option<i64>,
    /// Search over id, code and customer name.
    pub search: Option<SearchText>,
    /// Orders at 100 % are left out unless asked for.
    pub include_complete: bool,
    pub page: Option<PageRequest>,
}

pub trait OrderRepo {
    fn list_orders(&mut self, f: &OrderFilter) -> AppResult<Page<OrderRecord>>;
    fn order(&mut self, id: i64) -> AppResult<Option<OrderRecord>>;
    /// Several orders by id with their totals (in no particular order).
    fn orders_by_ids(&mut self, ids: &[i64]) -> AppResult<Vec<OrderRecord>>;
    fn order_by_code(&mut self, company_id: i64, code: &str) -> AppResult<Option<i64>>;
    fn order_items(&mut self, order_id: i64) -> AppResult<Vec<OrderItemRecord>>;
    fn order_shipping_companies(&mut self, order_id: i64) -> AppResult<Vec<OrderShippingRecord>>;
    /// The order's own columns (not its items).
    fn insert_order(&mut self, o: &OrderData, at: &OrderSettings) -> AppResult<i64>;
    fn update_order(&mut self, id: i64, o: &OrderData, at: &OrderSettings) -> AppResult<()>;
    /// Replaces the shipping companies the order is open to.
    fn set_order_shipping_companies(&mut self, order_id: i64, ids: &[i64]) -> AppResult<()>;
    fn insert_order_item(&mut self, order_id: i64, product_id: i64, qty: Tonnes) -> AppResult<i64>;
    fn update_order_item(&mut self, id: i64, product_id: i64, qty: Tonnes) -> AppResult<()>;
    /// The order an item belongs to.
    fn order_item_order(&mut self, item_id: i64) -> AppResult<Option<i64>>;
    fn delete_order_item(&mut self, id: i64) -> AppResult<()>;
    /// Stores the derived status percent.
    fn set_order_status(&mut self, id: i64, percent: i32) -> AppResult<()>;
    /// Whether any loading of the order has a transported quantity.
    fn order_has_transported_loading(&mut self, order_id: i64) -> AppResult<bool>;
    fn delete_order(&mut self, id: i64) -> AppResult<()>;
    /// Whether the driver has a loading on the order.
    fn order_has_driver(&mut self, order_id: i64, driver_id: i64) -> AppResult<bool>;
    /// The company of a customer, when it exists.
    fn customer_owner(&mut self, id: i64) -> AppResult<Option<i64>>;
}

pub trait OrdersAreaRepos: ProductRepo + OrderRepo {}

impl<T: ProductRepo + OrderRepo> OrdersAreaRepos for T {}
