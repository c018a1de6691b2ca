//! Truck brands and models (spec 2 "Brands and models"): one catalog for every company.
//! Administrators manage it; every signed-in user (staff or driver) reads the brand list and a
//! brand's models, which the truck forms offer.

use patio_domain::admin::access::{scope, Access, Area};
use patio_domain::admin::audit::{title, ObjectType, Operation};
use patio_domain::admin::listing::search_text;
use patio_domain::auth::Actor;
use patio_domain::fleet::{check_catalog_name, FleetReferenced};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::fleet::ports::{BrandRecord, CatalogFilter, ModelRecord};
use crate::ports::{Repos, StoreExt};
use crate::services::{forbidden, Audit, Deleted, Deps, ListQuery, Listing, Saved};
use std::sync::Arc;

pub const CATALOG_PAGE_SIZE: u32 = 8;
pub const BRAND_TAKEN_MESSAGE: &str = "Marca já cadastrada!";
pub const MODEL_TAKEN_MESSAGE: &str = "Modelo já cadastrado para esta marca!";
pub const BRAND_REQUIRED_MESSAGE: &str = "Marca é obrigatório!";

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct BrandView {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelView {
    pub id: i64,
    pub name: String,
    pub truck_brand: BrandView,
}

fn brand_view(b: BrandRecord) -> BrandView {
    BrandView {
        id: b.id,
        name: b.name,
    }
}

fn model_view(m: ModelRecord) -> ModelView {
    ModelView {
        id: m.id,
        name: m.name,
        truck_brand: brand_view(m.brand),
    }
}

/// `POST truck-brand/save` and `truck-model/save`: `id` 0 or absent creates.
#[derive(Debug, Clone, Default)]
pub struct SaveCatalogItem {
    pub id: Option<i64>,
    pub name: String,
    /// The model's brand (models only).
    pub brand_id: Option<i64>,
}

#[derive(Clone)]
pub struct TruckCatalogService {
    deps: Arc<Deps>,
}

fn manage(actor: &Actor) -> AppResult<()> {
    scope(actor, Area::TruckCatalog, Access::Write)
        .map(|_| ())
        .map_err(forbidden)
}

fn taken(message: &'static str) -> impl Fn(AppError) -> AppError {
    move |e| match e {
        AppError::Duplicate(_) => AppError::field("name", message),
        other => other,
    }
}

fn brand_of(repos: &mut dyn Repos, id: i64) -> AppResult<BrandRecord> {
    repos.brand(id)?.ok_or_else(AppError::not_found)
}

fn model_of(repos: &mut dyn Repos, id: i64) -> AppResult<ModelRecord> {
    repos.model(id)?.ok_or_else(AppError::not_found)
}

impl TruckCatalogService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    fn filter(q: &ListQuery) -> CatalogFilter {
        CatalogFilter {
            search: search_text(q.search.as_deref()),
            page: q.page(CATALOG_PAGE_SIZE),
        }
    }

    /// `GET /truck-brand` (administrators): search by id or name, paged.
    pub fn brands(&self, actor: &Actor, q: &ListQuery) -> AppResult<Listing<BrandView>> {
        manage(actor)?;
        let f = Self::filter(q);
        let found = self.deps.store.tx(|repos| repos.list_brands(&f))?;
        Ok(Listing::of(found, f.page, brand_view))
    }

    /// `GET /truck-brand/`: every brand, for the truck forms (any signed-in user).
    pub fn all_brands(&self) -> AppResult<Vec<BrandView>> {
        let found = self
            .deps
            .store
            .tx(|repos| repos.list_brands(&CatalogFilter::default()))?;
        Ok(found.items.into_iter().map(brand_view).collect())
    }

    pub fn brand(&self, actor: &Actor, id: i64) -> AppResult<BrandView> {
        manage(actor)?;
        self.deps
            .store
            .tx(|repos| brand_of(repos, id))
            .map(brand_view)
    }

    pub fn save_brand(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveCatalogItem,
    ) -> AppResult<Saved<BrandView>> {
        manage(actor)?;
        let name =
            check_catalog_name(&cmd.name).map_err(|i| AppError::field(&i.field, &i.message))?;
        let id = crate::services::save_target(cmd.id)?;
        self.deps.store.tx(|repos| {
            let (id, operation) = match id {
                Some(id) => {
                    brand_of(repos, id)?;
                    repos
                        .update_brand(id, &name)
                        .map_err(taken(BRAND_TAKEN_MESSAGE))?;
                    (id, Operation::Update)
                }
                None => (
                    repos
                        .insert_brand(&name)
                        .map_err(taken(BRAND_TAKEN_MESSAGE))?,
                    Operation::Create,
                ),
            };
            Audit::by(actor, ip).write(
                repos,
                operation,
                ObjectType::TruckBrand,
                None,
                title(ObjectType::TruckBrand, operation, &name),
                vec![("Nome", name.clone())],
            )?;
            Ok(Saved {
                created: operation == Operation::Create,
                view: brand_view(brand_of(repos, id)?),
            })
        })
    }

    /// Refused while a truck has a model of the brand (its models go with it otherwise).
    pub fn delete_brand(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        manage(actor)?;
        self.deps.store.tx(|repos| {
            let b = brand_of(repos, id)?;
            if repos.brand_has_trucks(id)? {
                return Err(AppError::Referenced(
                    FleetReferenced::BrandHasTrucks.message().to_owned(),
                ));
            }
            repos.delete_brand(id)?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::TruckBrand,
                None,
                title(ObjectType::TruckBrand, Operation::Delete, &b.name),
                vec![("Nome", b.name.clone())],
            )?;
            Ok(Deleted::new(id))
        })
    }

    /// `GET /truck-model` (administrators): search by id, name or brand name, paged.
    pub fn models(&self, actor: &Actor, q: &ListQuery) -> AppResult<Listing<ModelView>> {
        manage(actor)?;
        let f = Self::filter(q);
        let found = self.deps.store.tx(|repos| repos.list_models(&f, None))?;
        Ok(Listing::of(found, f.page, model_view))
    }

    /// `GET /truck-model/brand/{brandId}`: a brand's models (any signed-in user).
    pub fn models_of_brand(&self, brand_id: i64) -> AppResult<Vec<ModelView>> {
        let found = self.deps.store.tx(|repos| {
            brand_of(repos, brand_id)?;
            repos.list_models(&CatalogFilter::default(), Some(brand_id))
        })?;
        Ok(found.items.into_iter().map(model_view).collect())
    }

    pub fn model(&self, actor: &Actor, id: i64) -> AppResult<ModelView> {
        manage(actor)?;
        self.deps
            .store
            .tx(|repos| model_of(repos, id))
            .map(model_view)
    }

    pub fn save_model(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveCatalogItem,
    ) -> AppResult<Saved<ModelView>> {
        manage(actor)?;
        let name = check_catalog_name(&cmd.name);
        let brand = cmd.brand_id.filter(|id| *id > 0);
        let mut issues = Vec::new();
        if let Err(i) = &name {
            issues.push(crate::error::FieldError::new(&i.field, &i.message));
        }
        if brand.is_none() {
            issues.push(crate::error::FieldError::new(
                "truckBrand",
                BRAND_REQUIRED_MESSAGE,
            ));
        }
        let (Ok(name), Some(brand_id), true) = (name, brand, issues.is_empty()) else {
            return Err(AppError::Validation(issues));
        };
        let id = crate::services::save_target(cmd.id)?;
        self.deps.store.tx(|repos| {
            brand_of(repos, brand_id)
                .map_err(|_| AppError::field("truckBrand", BRAND_REQUIRED_MESSAGE))?;
            let (id, operation) = match id {
                Some(id) => {
                    model_of(repos, id)?;
                    repos
                        .update_model(id, brand_id, &name)
                        .map_err(taken(MODEL_TAKEN_MESSAGE))?;
                    (id, Operation::Update)
                }
                None => (
                    repos
                        .insert_model(brand_id, &name)
                        .map_err(taken(MODEL_TAKEN_MESSAGE))?,
                    Operation::Create,
                ),
            };
            let saved = model_of(repos, id)?;
            Audit::by(actor, ip).write(
                repos,
                operation,
                ObjectType::TruckModel,
                None,
                title(
                    ObjectType::TruckModel,
                    operation,
                    &format!("{} {}", saved.brand.name, saved.name),
                ),
                vec![
                    ("Marca", saved.brand.name.clone()),
                    ("Nome", saved.name.clone()),
                ],
            )?;
            Ok(Saved {
                created: operation == Operation::Create,
                view: model_view(saved),
            })
        })
    }

    pub fn delete_model(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        manage(actor)?;
        self.deps.store.tx(|repos| {
            let m = model_of(repos, id)?;
            repos.delete_model(id).map_err(|e| match e {
                AppError::Referenced(_) => {
                    AppError::Referenced(FleetReferenced::ModelHasTrucks.message().to_owned())
                }
                other => other,
            })?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::TruckModel,
                None,
                title(ObjectType::TruckModel, Operation::Delete, &m.name),
                vec![("Marca", m.brand.name.clone()), ("Nome", m.name.clone())],
            )?;
            Ok(Deleted::new(id))
        })
    }
}
