//! Customers of a company.

use diesel::pg::Pg;
use diesel::prelude::*;
use patio_application::admin::customers::CustomerView;
use patio_application::admin::party::CompanyRefView;
use patio_application::model::{ListFilter, Page, PartyPlacement};
use patio_application::ports::CustomerRepo;
use patio_application::AppResult;
use patio_domain::admin::party::PartyData;

use super::parties::address_view;
use super::search::{folded_nullable, total_from_page};
use crate::rows::{CustomerRow, CustomerWriteRow};
use crate::schema::{companies, customers};
use crate::store::{db_error, PgRepos};

/// The row as the customer calls answer it (contacts are read apart).
fn view((r, company_name): (CustomerRow, String)) -> CustomerView {
    CustomerView {
        address: address_view!(r),
        id: r.id,
        code: r.code,
        name: r.name,
        company: r.company,
        contact: Vec::new(),
        owner_company: CompanyRefView {
            id: r.company_id,
            name: company_name,
        },
    }
}

type Source = diesel::dsl::InnerJoin<customers::table, companies::table>;

fn filtered(f: &ListFilter) -> diesel::dsl::IntoBoxed<'static, Source, Pg> {
    let mut q = customers::table.inner_join(companies::table).into_boxed();
    if let Some(id) = f.company_id {
        q = q.filter(customers::company_id.eq(id));
    }
    if let Some(s) = &f.search {
        // The document by its letters and digits, however it was stored (`cnpj_plain`); an
        // absent one binds NULL, which matches nothing. Absent codes match nothing either.
        let document = s.document_pattern.clone();
        let code = s.code.unwrap_or(-1);
        q = q.filter(
            customers::name_fold
                .like(folded_nullable(&s.pattern))
                .or(customers::cnpj_plain.like(document))
                .or(customers::code.eq(code).nullable()),
        );
    }
    q
}

fn select(
    q: diesel::dsl::IntoBoxed<'static, Source, Pg>,
) -> impl diesel::query_dsl::LoadQuery<'static, PgConnection, (CustomerRow, String)> {
    q.select((CustomerRow::as_select(), companies::name))
        .order((customers::code.asc(), customers::id.asc()))
}

impl CustomerRepo for PgRepos<'_> {
    fn list_customers(&mut self, f: &ListFilter) -> AppResult<Page<CustomerView>> {
        let mut q = filtered(f);
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let rows: Vec<(CustomerRow, String)> = select(q).load(self.conn).map_err(db_error)?;
        // The page first: when it tells the total, nothing is counted.
        let total = match total_from_page(f.page, rows.len()) {
            Some(total) => total,
            None => filtered(f)
                .count()
                .get_result(self.conn)
                .map_err(db_error)?,
        };
        Ok(Page {
            items: rows.into_iter().map(view).collect(),
            total,
        })
    }

    fn customer(&mut self, id: i64) -> AppResult<Option<CustomerView>> {
        let q = filtered(&ListFilter::default()).filter(customers::id.eq(id));
        let rows: Vec<(CustomerRow, String)> = select(q).load(self.conn).map_err(db_error)?;
        Ok(rows.into_iter().next().map(view))
    }
}

// The writes shared with shipping companies are in `parties.rs`.
pub(super) fn by_code(
    conn: &mut PgConnection,
    company_id: i64,
    code: i32,
) -> AppResult<Option<i64>> {
    customers::table
        .filter(customers::company_id.eq(company_id))
        .filter(customers::code.eq(code))
        .select(customers::id)
        .first(conn)
        .optional()
        .map_err(db_error)
}

pub(super) fn insert(
    conn: &mut PgConnection,
    p: &PartyData,
    at: &PartyPlacement,
) -> AppResult<i64> {
    diesel::insert_into(customers::table)
        .values(CustomerWriteRow::of(p, at.company_id))
        .returning(customers::id)
        .get_result(conn)
        .map_err(db_error)
}

pub(super) fn update(
    conn: &mut PgConnection,
    id: i64,
    p: &PartyData,
    at: &PartyPlacement,
) -> AppResult<()> {
    diesel::update(customers::table.find(id))
        .set((
            CustomerWriteRow::of(p, at.company_id),
            customers::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .map(|_| ())
        .map_err(db_error)
}

pub(super) fn delete(conn: &mut PgConnection, id: i64) -> AppResult<()> {
    diesel::delete(customers::table.find(id))
        .execute(conn)
        .map(|_| ())
        .map_err(db_error)
}
