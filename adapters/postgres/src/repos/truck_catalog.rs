//! Truck brands and models: one catalog for every company.

use diesel::pg::Pg;
use diesel::prelude::*;
use patio_application::fleet::ports::{BrandRecord, CatalogFilter, ModelRecord, TruckCatalogRepo};
use patio_application::model::Page;
use patio_application::AppResult;

use super::search::{folded, patio_fold};
use crate::rows::{TruckBrandRow, TruckModelRow};
use crate::schema::{truck_brands, truck_models, trucks};
use crate::store::{db_error, PgRepos};

fn brands_filtered(f: &CatalogFilter) -> truck_brands::BoxedQuery<'static, Pg> {
    let mut q = truck_brands::table.into_boxed();
    if let Some(s) = &f.search {
        q = q.filter(
            patio_fold(truck_brands::name)
                .like(folded(&s.pattern))
                .or(truck_brands::id.eq(s.code.map_or(-1, i64::from))),
        );
    }
    q
}

type ModelSource = diesel::dsl::InnerJoin<truck_models::table, truck_brands::table>;

fn models_filtered(
    f: &CatalogFilter,
    brand_id: Option<i64>,
) -> diesel::dsl::IntoBoxed<'static, ModelSource, Pg> {
    let mut q = truck_models::table
        .inner_join(truck_brands::table)
        .into_boxed();
    if let Some(id) = brand_id {
        q = q.filter(truck_models::truck_brand_id.eq(id));
    }
    if let Some(s) = &f.search {
        q = q.filter(
            patio_fold(truck_models::name)
                .like(folded(&s.pattern))
                .or(patio_fold(truck_brands::name).like(folded(&s.pattern)))
                .or(truck_models::id.eq(s.code.map_or(-1, i64::from))),
        );
    }
    q
}

fn brand(b: TruckBrandRow) -> BrandRecord {
    BrandRecord {
        id: b.id,
        name: b.name,
    }
}

fn model((m, b): (TruckModelRow, TruckBrandRow)) -> ModelRecord {
    ModelRecord {
        id: m.id,
        name: m.name,
        brand: brand(b),
    }
}

impl TruckCatalogRepo for PgRepos<'_> {
    fn list_brands(&mut self, f: &CatalogFilter) -> AppResult<Page<BrandRecord>> {
        let total: i64 = brands_filtered(f)
            .count()
            .get_result(self.conn)
            .map_err(db_error)?;
        let mut q = brands_filtered(f);
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let rows: Vec<TruckBrandRow> = q
            .select(TruckBrandRow::as_select())
            .order((truck_brands::name.asc(), truck_brands::id.asc()))
            .load(self.conn)
            .map_err(db_error)?;
        Ok(Page {
            items: rows.into_iter().map(brand).collect(),
            total,
        })
    }

    fn brand(&mut self, id: i64) -> AppResult<Option<BrandRecord>> {
        truck_brands::table
            .find(id)
            .select(TruckBrandRow::as_select())
            .first(self.conn)
            .optional()
            .map(|b| b.map(brand))
            .map_err(db_error)
    }

    fn insert_brand(&mut self, name: &str) -> AppResult<i64> {
        diesel::insert_into(truck_brands::table)
            .values(truck_brands::name.eq(name))
            .returning(truck_brands::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_brand(&mut self, id: i64, name: &str) -> AppResult<()> {
        diesel::update(truck_brands::table.find(id))
            .set(truck_brands::name.eq(name))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn brand_has_trucks(&mut self, id: i64) -> AppResult<bool> {
        diesel::select(diesel::dsl::exists(
            trucks::table
                .inner_join(truck_models::table)
                .filter(truck_models::truck_brand_id.eq(id)),
        ))
        .get_result(self.conn)
        .map_err(db_error)
    }

    fn delete_brand(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(truck_models::table.filter(truck_models::truck_brand_id.eq(id)))
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::delete(truck_brands::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn list_models(
        &mut self,
        f: &CatalogFilter,
        brand_id: Option<i64>,
    ) -> AppResult<Page<ModelRecord>> {
        let total: i64 = models_filtered(f, brand_id)
            .count()
            .get_result(self.conn)
            .map_err(db_error)?;
        let mut q = models_filtered(f, brand_id);
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let rows: Vec<(TruckModelRow, TruckBrandRow)> = q
            .select((TruckModelRow::as_select(), TruckBrandRow::as_select()))
            .order((
                truck_brands::name.asc(),
                truck_models::name.asc(),
                truck_models::id.asc(),
            ))
            .load(self.conn)
            .map_err(db_error)?;
        Ok(Page {
            items: rows.into_iter().map(model).collect(),
            total,
        })
    }

    fn model(&mut self, id: i64) -> AppResult<Option<ModelRecord>> {
        truck_models::table
            .inner_join(truck_brands::table)
            .filter(truck_models::id.eq(id))
            .select((TruckModelRow::as_select(), TruckBrandRow::as_select()))
            .first(self.conn)
            .optional()
            .map(|m| m.map(model))
            .map_err(db_error)
    }

    fn insert_model(&mut self, brand_id: i64, name: &str) -> AppResult<i64> {
        diesel::insert_into(truck_models::table)
            .values((
                truck_models::truck_brand_id.eq(brand_id),
                truck_models::name.eq(name),
            ))
            .returning(truck_models::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_model(&mut self, id: i64, brand_id: i64, name: &str) -> AppResult<()> {
        diesel::update(truck_models::table.find(id))
            .set((
                truck_models::truck_brand_id.eq(brand_id),
                truck_models::name.eq(name),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn delete_model(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(truck_models::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
