//! Ports of the fleet catalog (spec 2 "Brands and models"): truck brands and their models, one
//! catalog shared by every company.

use patio_domain::admin::listing::{PageRequest, SearchText};

use crate::error::AppResult;
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
