//! Products of a company.

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::WindowExpressionMethods;
use patio_application::model::{LikeItem, Page};
use patio_application::orders::ports::{ProductFilter, ProductRepo};
use patio_application::orders::products::{CompanyRef, ProductView};
use patio_application::{AppError, AppResult};
use patio_domain::admin::listing::SearchText;
use patio_domain::orders::{ProductData, ProductGroup};

use super::search::{folded, patio_fold, total_from_page};
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
                .like(folded(&s.pattern))
                .nullable()
                .or(products::ncmcode.like(ncm))
                .or(products::code.eq(s.code.unwrap_or(-1)).nullable()),
        );
    }
    q
}

/// The product and its company's name as the product calls answer it.
fn view((p, company_name): (ProductRow, String)) -> AppResult<ProductView> {
    let group = ProductGroup::try_from(p.group_type).map_err(AppError::internal)?;
    Ok(ProductView {
        id: p.id,
        code: p.code,
        name: p.name,
        group,
        group_name: group.label(),
        ncmcode: p.ncmcode,
        company: CompanyRef {
            id: p.company_id,
            name: company_name,
        },
    })
}

impl ProductRepo for PgRepos<'_> {
    fn list_products(&mut self, f: &ProductFilter) -> AppResult<Page<ProductView>> {
        let mut q = filtered(f);
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let q = q.order((products::code.asc(), products::id.asc()));
        let (rows, total) = if f.search.is_some() {
            // A search reads its page and total in one statement, folding each name once.
            let rows: Vec<(ProductRow, String, i64)> = q
                .select((
                    ProductRow::as_select(),
                    companies::name,
                    diesel::dsl::count(products::id).over(),
                ))
                .load(self.conn)
                .map_err(db_error)?;
            let total = rows.first().map(|r| r.2);
            let rows: Vec<_> = rows.into_iter().map(|(p, c, _)| (p, c)).collect();
            (rows, total)
        } else {
            // Browsing reads ten rows by the code's index; the window would join them all.
            let rows: Vec<(ProductRow, String)> = q
                .select((ProductRow::as_select(), companies::name))
                .load(self.conn)
                .map_err(db_error)?;
            (rows, None)
        };
        let total = match total.or_else(|| total_from_page(f.page, rows.len())) {
            Some(total) => total,
            None => filtered(f)
                .count()
                .get_result(self.conn)
                .map_err(db_error)?,
        };
        Ok(Page {
            items: rows.into_iter().map(view).collect::<AppResult<_>>()?,
            total,
        })
    }

    fn product(&mut self, id: i64) -> AppResult<Option<ProductView>> {
        products::table
            .inner_join(companies::table)
            .filter(products::id.eq(id))
            .select((ProductRow::as_select(), companies::name))
            .first::<(ProductRow, String)>(self.conn)
            .optional()
            .map_err(db_error)?
            .map(view)
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

    fn insert_product(&mut self, company_id: i64, p: &ProductData) -> AppResult<i64> {
        diesel::insert_into(products::table)
            .values(NewProductRow::of(company_id, p))
            .returning(products::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_product(&mut self, id: i64, company_id: i64, p: &ProductData) -> AppResult<()> {
        diesel::update(products::table.find(id))
            .set((
                NewProductRow::of(company_id, p),
                products::updated_at.eq(diesel::dsl::now),
            ))
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
                    .like(folded(&pattern))
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
