//! Ports of the fleet catalog (spec 2 "Brands and models"): truck brands and their models, one
//! catalog shared by every company.

use patio_domain::admin::listing::{PageRequest, SearchText};
use patio_domain::fleet::{DriverData, TruckData};
use patio_domain::values::{Plate, Renavam};

use crate::error::AppResult;
use crate::fleet::drivers::{DriverItem, ShippingRefView};
use crate::fleet::trucks::TruckView;
use crate::model::Page;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrandRecord {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelRecord {
    pub id: i64,
    pub name: String,
    pub brand: BrandRecord,
}

/// A catalog list: search by id or name, one page (or everything).
#[derive(Debug, Clone, Default)]
pub struct CatalogFilter {
    pub search: Option<SearchText>,
    pub page: Option<PageRequest>,
}

pub trait TruckCatalogRepo {
    fn list_brands(&mut self, f: &CatalogFilter) -> AppResult<Page<BrandRecord>>;
    fn brand(&mut self, id: i64) -> AppResult<Option<BrandRecord>>;
    /// `Duplicate` when the name (any case) is taken.
    fn insert_brand(&mut self, name: &str) -> AppResult<i64>;
    fn update_brand(&mut self, id: i64, name: &str) -> AppResult<()>;
    /// Whether a truck has a model of this brand.
    fn brand_has_trucks(&mut self, id: i64) -> AppResult<bool>;
    /// Deletes the brand and its models (none of them on a truck).
    fn delete_brand(&mut self, id: i64) -> AppResult<()>;

    fn list_models(
        &mut self,
        f: &CatalogFilter,
        brand_id: Option<i64>,
    ) -> AppResult<Page<ModelRecord>>;
    fn model(&mut self, id: i64) -> AppResult<Option<ModelRecord>>;
    /// `Duplicate` when the brand already has the name (any case).
    fn insert_model(&mut self, brand_id: i64, name: &str) -> AppResult<i64>;
    fn update_model(&mut self, id: i64, brand_id: i64, name: &str) -> AppResult<()>;
    /// `Referenced` when a truck has the model.
    fn delete_model(&mut self, id: i64) -> AppResult<()>;
}

// ---- Drivers (spec 2 "Drivers").

/// A driver list: search by id, name or CPF; a company and a shipping company narrow it.
#[derive(Debug, Clone, Default)]
pub struct DriverFilter {
    pub search: Option<SearchText>,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub page: Option<PageRequest>,
}

/// Whose a driver is and whether it is active: what a save stores beside the checked form
/// ([`patio_domain::fleet::DriverData`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DriverPlacement {
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub is_enabled: bool,
}

/// A row of a driver's activity log, with the company it happened at.
#[derive(Debug, Clone, PartialEq)]
pub struct DriverLogRecord {
    pub id: i64,
    pub operation_type: String,
    /// `{truck: {licensePlate}, scheduling: {order: {code}}, companyTo: {company}, popup:
    /// {title}, company: {id}}`, as written.
    pub data: serde_json::Value,
    pub company: Option<(i64, String)>,
    /// The company's time zone (its settings), for the title's local time.
    pub time_zone: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// What the staff's driver screens and the driver's account deletion need.
pub trait DriverAdminRepo {
    fn list_drivers(&mut self, f: &DriverFilter) -> AppResult<Page<DriverItem>>;
    fn driver_full(&mut self, id: i64) -> AppResult<Option<DriverItem>>;
    /// `Duplicate` when the CPF is taken.
    fn insert_driver(&mut self, d: &DriverData, at: &DriverPlacement) -> AppResult<i64>;
    /// `Duplicate` when the CPF is taken.
    fn update_driver(&mut self, id: i64, d: &DriverData, at: &DriverPlacement) -> AppResult<()>;
    /// The driver's latest contact authorization (SMS, WhatsApp, e-mail).
    fn driver_authorization(
        &mut self,
        id: i64,
    ) -> AppResult<Option<crate::model::AuthorizationFlags>>;
    /// Whether loadings, queue entries or rescues point at the driver (its history).
    fn driver_has_history(&mut self, id: i64) -> AppResult<bool>;
    /// Deletes the driver: its contacts, authorizations and check-ins go with it, its trucks
    /// are unbound. `Referenced` while its history points at it.
    fn delete_driver(&mut self, id: i64) -> AppResult<()>;
    /// Keeps the row for its history but erases the person: disabled, `name` and `cpf`
    /// replaced, no CNH, no shipping company; contacts and authorizations deleted, trucks
    /// unbound.
    fn erase_driver(&mut self, id: i64, name: &str, cpf: &str) -> AppResult<()>;
    fn set_driver_shipping_company(&mut self, id: i64, shipping: Option<i64>) -> AppResult<()>;
    /// The shipping company `id` and the company it belongs to.
    fn shipping_of_company(&mut self, id: i64) -> AppResult<Option<(ShippingRefView, i64)>>;
    /// Drivers whose name, CPF or id matches, for the pickers.
    fn like_drivers(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        shipping_company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<crate::model::LikeItem>>;
    /// The driver's log rows created in `[from, to)`, newest first, at most `limit`; with
    /// `company_id`, only the rows of that company (a reader sees its company's rows, not
    /// those of the company a moved driver left).
    fn driver_logs(
        &mut self,
        driver_id: i64,
        company_id: Option<i64>,
        from: chrono::DateTime<chrono::Utc>,
        to: chrono::DateTime<chrono::Utc>,
        limit: i64,
    ) -> AppResult<Vec<DriverLogRecord>>;
    /// Whether the driver has loadings not started at `company_id` (they leave with a move).
    fn driver_has_pending_loadings(&mut self, id: i64, company_id: i64) -> AppResult<bool>;
}

// ---- Trucks (spec 2 "Trucks", spec 3 section 7 "Driver trucks").

/// A shipping company and the company it belongs to (a truck save checks the pair).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippingRef {
    pub id: i64,
    pub company_id: i64,
    pub code: i32,
    pub name: String,
}

/// A driver as the truck form offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverChoice {
    pub id: i64,
    pub name: String,
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
}

/// Which trucks a list reads: the scope's company and shipping company, a driver's, a search
/// by id, plate, renavam or model name, one page (or everything).
#[derive(Debug, Clone, Default)]
pub struct TruckFilter {
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub search: Option<SearchText>,
    pub page: Option<PageRequest>,
}

/// Whose a truck is and whether it is active: what a save stores beside the checked form
/// ([`TruckData`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TruckPlacement {
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub is_enabled: bool,
}

impl TruckPlacement {
    /// Where the truck is now.
    pub fn of(t: &TruckView) -> Self {
        Self {
            company_id: t.company.id,
            shipping_company_id: t.shipping_company.as_ref().map(|s| s.id),
            driver_id: t.driver.as_ref().map(|d| d.id),
            is_enabled: t.is_enabled,
        }
    }
}

/// Reads answer the view itself (row → view, no record between); its `contact` is left empty.
pub trait TruckRepo {
    fn list_trucks(&mut self, f: &TruckFilter) -> AppResult<Page<TruckView>>;
    fn truck(&mut self, id: i64) -> AppResult<Option<TruckView>>;
    fn truck_by_plate(&mut self, plate: &str) -> AppResult<Option<TruckView>>;
    /// Every stored field. `Duplicate` when the plate is taken.
    fn insert_truck(&mut self, truck: &TruckData, place: &TruckPlacement) -> AppResult<i64>;
    /// Every stored field. `Duplicate` when the plate is taken.
    fn update_truck(&mut self, id: i64, truck: &TruckData, place: &TruckPlacement)
        -> AppResult<()>;
    /// The staff driver form's truck row: its plate and renavam, and it goes to the driver (of
    /// the driver's company); the rest stays. `Duplicate` when the plate is taken.
    fn bind_truck_row(
        &mut self,
        id: i64,
        company_id: i64,
        driver_id: i64,
        plate: &Plate,
        renavam: &Renavam,
    ) -> AppResult<()>;
    fn set_truck_shipping_company(&mut self, id: i64, shipping: Option<i64>) -> AppResult<()>;
    fn set_truck_driver(&mut self, id: i64, driver: Option<i64>) -> AppResult<()>;
    /// Whether a waiting or loading queue entry uses the truck.
    fn truck_in_active_queue(&mut self, id: i64) -> AppResult<bool>;
    /// `Referenced` while loadings, queue entries or rescues point at it.
    fn delete_truck(&mut self, id: i64) -> AppResult<()>;
    fn shipping_company_ref(&mut self, id: i64) -> AppResult<Option<ShippingRef>>;
    fn driver_choice(&mut self, id: i64) -> AppResult<Option<DriverChoice>>;
    /// The company's drivers (only the shipping company's, when given), by name.
    fn driver_choices(
        &mut self,
        company_id: i64,
        shipping_company_id: Option<i64>,
    ) -> AppResult<Vec<DriverChoice>>;
}

/// Whether a plate is a truck's (`GET truck/isTruck/{plate}`, the driver registration's check).
/// The plate given is well formed (7 letters or digits). The adapter of `patio serve` answers
/// from what the product knows (`patio_domain::fleet::trucks::plate_is_truck`); another one
/// could ask an outside vehicle registry.
pub trait PlateRegistry: Send + Sync {
    fn is_truck(&self, plate: &patio_domain::values::Plate) -> AppResult<bool>;
}
