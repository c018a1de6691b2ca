//! Products of a company.

use diesel::pg::Pg;
use diesel::prelude::*;
use patio_application::model::{LikeItem, Page};
use patio_application::orders::ports::{ProductFilter, ProductRecord, ProductRepo, ProductWrite};
use patio_application::{AppError, AppResult};
use patio_domain::admin::listing::SearchText;
use patio_domain::orders::ProductGroup;

use super::search::patio_fold;
use crate::rows::{NewProductRow, ProductRow};
use crate::schema::{companies, products};
use crate::store::{db_error, PgRepos};

type Source = diesel::dsl::InnerJoin<products::table, companies::table>;

fn filtered(f: &ProductFilter) -> diesel::dsl::IntoBoxed<'static, Source, Pg> {
    let mut q = products::table.inner_join(companies::table).into_boxed();
    if let Some(id) = f.company_id {
        q = q.filter(products::company_id.eq(id));
    }
    if let Some(s) = &f.search {
        // Name, NCM code (typed with or without dots) or the exact code.
        let ncm = s
            .digits_pattern
            .clone()
            .unwrap_or_else(|| s.pattern.clone());
        q = q.filter(
            patio_fold(products::name)
                .like(patio_fold(s.pattern.clone()))
                .nullable()
                .or(products::ncmcode.like(ncm))
                .or(products::code.eq(s.code.unwrap_or(-1)).nullable()),
        );
    }
    q
}

fn record((p, company_name): (ProductRow, String)) -> AppResult<ProductRecord> {
    Ok(ProductRecord {
        id: p.id,
        company_id: p.company_id,
        company_name,
        code: p.code,
        name: p.name,
        group: ProductGroup::try_from(p.group_type).map_err(AppError::internal)?,
        ncmcode: p.ncmcode,
    })
}

fn row(p: &ProductWrite) -> NewProductRow {
    NewProductRow {
        company_id: p.company_id,
        code: p.code,
        name: p.name.clone(),
        group_type: p.group.code(),
        ncmcode: p.ncmcode.clone(),
    }
}

impl ProductRepo for PgRepos<'_> {
    fn list_products(&mut self, f: &ProductFilter) -> AppResult<Page<ProductRecord>> {
        let total: i64 = filtered(f)
            .count()
            .get_result(self.conn)
            .map_err(db_error)?;
        let mut q = filtered(f);
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let rows: Vec<(ProductRow, String)> = q
            .select((ProductRow::as_select(), companies::name))
            .order((products::code.asc(), products::id.asc()))
            .load(self.conn)
            .map_err(db_error)?;
        Ok(Page {
            items: rows.into_iter().map(record).collect::<AppResult<_>>()?,
            total,
        })
    }

    fn product(&mut self, id: i64) -> AppResult<Option<ProductRecord>> {
        products::table
            .inner_join(companies::table)
            .filter(products::id.eq(id))
            .select((ProductRow::as_select(), companies::name))
            .first::<(ProductRow, String)>(self.conn)
            .optional()
            .map_err(db_error)?
            .map(record)
            .transpose()
    }

    fn product_by_code(&mut self, company_id: i64, code: i32) -> AppResult<Option<i64>> {
        products::table
            .filter(products::company_id.eq(company_id))
            .filter(products::code.eq(code))
            .select(products::id)
            .first(self.conn)
            .optional()
            .map_err(db_error)
    }

    fn insert_product(&mut self, p: &ProductWrite) -> AppResult<i64> {
        diesel::insert_into(products::table)
            .values(row(p))
            .returning(products::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_product(&mut self, id: i64, p: &ProductWrite) -> AppResult<()> {
        diesel::update(products::table.find(id))
            .set((row(p), products::updated_at.eq(diesel::dsl::now)))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn delete_product(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(products::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn like_products(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>> {
        let (pattern, code) = match search {
            Some(s) => (s.pattern.clone(), s.code.unwrap_or(-1)),
            None => ("%".to_owned(), -1),
        };
        let mut q = products::table
            .filter(
                patio_fold(products::name)
                    .like(patio_fold(pattern))
                    .or(products::code.eq(code)),
            )
            .into_boxed();
        if let Some(id) = company_id {
            q = q.filter(products::company_id.eq(id));
        }
        let rows = q
            .select((products::id, products::code, products::name))
            .order((products::name.asc(), products::id.asc()))
            .limit(limit)
            .load::<(i64, i32, String)>(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, code, name)| LikeItem {
                id,
                code: Some(i64::from(code)),
                name,
                email: None,
            })
            .collect())
    }
}
