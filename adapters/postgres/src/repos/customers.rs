//! Customers of a company.

use diesel::pg::Pg;
use diesel::prelude::*;
use patio_application::model::{CustomerRecord, ListFilter, Page, PartyWrite};
use patio_application::ports::CustomerRepo;
use patio_application::AppResult;

use crate::schema::{companies, customers};
use crate::store::{db_error, PgRepos};

type Row = (
    i64,
    i64,
    String,
    i32,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<i32>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

fn record(r: Row) -> CustomerRecord {
    let (
        id,
        company_id,
        company_name,
        code,
        name,
        legal_name,
        cnpj,
        state_registration,
        uf,
        street,
        number,
        complement,
        city,
        district,
        zip_code,
    ) = r;
    CustomerRecord {
        id,
        company_id,
        company_name,
        code,
        name,
        legal_name,
        cnpj,
        state_registration,
        uf,
        street,
        number,
        complement,
        city,
        district,
        zip_code,
    }
}

type Source = diesel::dsl::InnerJoin<customers::table, companies::table>;

fn filtered(f: &ListFilter) -> diesel::dsl::IntoBoxed<'static, Source, Pg> {
    let mut q = customers::table.inner_join(companies::table).into_boxed();
    if let Some(id) = f.company_id {
        q = q.filter(customers::company_id.eq(id));
    }
    if let Some(s) = &f.search {
        // Absent alternatives repeat the text pattern or match no code: one static shape.
        let digits = s
            .digits_pattern
            .clone()
            .unwrap_or_else(|| s.pattern.clone());
        let code = s.code.unwrap_or(-1);
        q = q.filter(
            customers::name
                .ilike(s.pattern.clone())
                .nullable()
                .or(customers::cnpj.ilike(s.pattern.clone()))
                .or(customers::cnpj.like(digits))
                .or(customers::code.eq(code).nullable()),
        );
    }
    q
}

fn select(
    q: diesel::dsl::IntoBoxed<'static, Source, Pg>,
) -> impl diesel::query_dsl::LoadQuery<'static, PgConnection, Row> {
    q.select((
        customers::id,
        customers::company_id,
        companies::name,
        customers::code,
        customers::name,
        customers::company,
        customers::cnpj,
        customers::state_registration,
        customers::uf,
        customers::street,
        customers::number,
        customers::complement,
        customers::city,
        customers::district,
        customers::zip_code,
    ))
    .order((customers::code.asc(), customers::id.asc()))
}

impl CustomerRepo for PgRepos<'_> {
    fn list_customers(&mut self, f: &ListFilter) -> AppResult<Page<CustomerRecord>> {
        let total: i64 = filtered(f)
            .count()
            .get_result(self.conn)
            .map_err(db_error)?;
        let mut q = filtered(f);
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let rows: Vec<Row> = select(q).load(self.conn).map_err(db_error)?;
        Ok(Page {
            items: rows.into_iter().map(record).collect(),
            total,
        })
    }

    fn customer(&mut self, id: i64) -> AppResult<Option<CustomerRecord>> {
        let q = filtered(&ListFilter::default()).filter(customers::id.eq(id));
        let rows: Vec<Row> = select(q).load(self.conn).map_err(db_error)?;
        Ok(rows.into_iter().next().map(record))
    }

    fn customer_by_code(&mut self, company_id: i64, code: i32) -> AppResult<Option<i64>> {
        customers::table
            .filter(customers::company_id.eq(company_id))
            .filter(customers::code.eq(code))
            .select(customers::id)
            .first(self.conn)
            .optional()
            .map_err(db_error)
    }

    fn insert_customer(&mut self, c: &PartyWrite) -> AppResult<i64> {
        diesel::insert_into(customers::table)
            .values((
                customers::company_id.eq(c.company_id),
                customers::code.eq(c.code),
                customers::name.eq(&c.name),
                customers::company.eq(c.legal_name.as_deref()),
                customers::cnpj.eq(c.cnpj.as_deref()),
                customers::state_registration.eq(c.state_registration.as_deref()),
                customers::uf.eq(c.uf.as_deref()),
                customers::street.eq(c.street.as_deref()),
                customers::number.eq(c.number),
                customers::complement.eq(c.complement.as_deref()),
                customers::city.eq(c.city.as_deref()),
                customers::district.eq(c.district.as_deref()),
                customers::zip_code.eq(c.zip_code.as_deref()),
            ))
            .returning(customers::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_customer(&mut self, id: i64, c: &PartyWrite) -> AppResult<()> {
        diesel::update(customers::table.find(id))
            .set((
                customers::code.eq(c.code),
                customers::name.eq(&c.name),
                customers::company.eq(c.legal_name.as_deref()),
                customers::cnpj.eq(c.cnpj.as_deref()),
                customers::state_registration.eq(c.state_registration.as_deref()),
                customers::uf.eq(c.uf.as_deref()),
                customers::street.eq(c.street.as_deref()),
                customers::number.eq(c.number),
                customers::complement.eq(c.complement.as_deref()),
                customers::city.eq(c.city.as_deref()),
                customers::district.eq(c.district.as_deref()),
                customers::zip_code.eq(c.zip_code.as_deref()),
                customers::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn delete_customer(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(customers::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
