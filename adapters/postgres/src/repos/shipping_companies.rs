//! Shipping companies of a company, their login and their users' contact authorizations.

use diesel::dsl::sql;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use patio_application::model::{
    ListFilter, Page, PartyWrite, ShippingCompanyRecord, ShippingUserRecord,
};
use patio_application::ports::{ShippingCompanyRepo, UserAdminRepo};
use patio_application::AppResult;

use crate::schema::{companies, shipping_companies, users};
use crate::store::{db_error, PgRepos};

type Row = (
    (
        i64,
        i64,
        String,
        i32,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<i32>,
        Option<String>,
    ),
    (
        Option<String>,
        Option<String>,
        Option<String>,
        bool,
        Option<String>,
        i64,
    ),
);

fn record(r: Row) -> ShippingCompanyRecord {
    let (
        (
            id,
            company_id,
            company_name,
            code,
            name,
            cnpj,
            state_registration,
            uf,
            street,
            number,
            complement,
        ),
        (city, district, zip_code, is_enabled, login, user_count),
    ) = r;
    ShippingCompanyRecord {
        id,
        company_id,
        company_name,
        code,
        name,
        cnpj,
        state_registration,
        uf,
        street,
        number,
        complement,
        city,
        district,
        zip_code,
        is_enabled,
        login,
        user_count,
    }
}

type Source = diesel::dsl::InnerJoin<shipping_companies::table, companies::table>;

fn filtered(f: &ListFilter) -> diesel::dsl::IntoBoxed<'static, Source, Pg> {
    let mut q = shipping_companies::table
        .inner_join(companies::table)
        .into_boxed();
    if let Some(id) = f.company_id {
        q = q.filter(shipping_companies::company_id.eq(id));
    }
    if let Some(id) = f.shipping_company_id {
        q = q.filter(shipping_companies::id.eq(id));
    }
    if let Some(s) = &f.search {
        // Absent alternatives repeat the text pattern or match no code: one static shape.
        let digits = s
            .digits_pattern
            .clone()
            .unwrap_or_else(|| s.pattern.clone());
        let code = s.code.unwrap_or(-1);
        q = q.filter(
            shipping_companies::name
                .ilike(s.pattern.clone())
                .nullable()
                .or(shipping_companies::cnpj.ilike(s.pattern.clone()))
                .or(shipping_companies::cnpj.like(digits))
                .or(shipping_companies::code.eq(code).nullable()),
        );
    }
    q
}

fn load(
    conn: &mut PgConnection,
    q: diesel::dsl::IntoBoxed<'static, Source, Pg>,
) -> QueryResult<Vec<Row>> {
    q.select((
        (
            shipping_companies::id,
            shipping_companies::company_id,
            companies::name,
            shipping_companies::code,
            shipping_companies::name,
            shipping_companies::cnpj,
            shipping_companies::state_registration,
            shipping_companies::uf,
            shipping_companies::street,
            shipping_companies::number,
            shipping_companies::complement,
        ),
        (
            shipping_companies::city,
            shipping_companies::district,
            shipping_companies::zip_code,
            shipping_companies::is_enabled,
            shipping_companies::login,
            sql::<BigInt>(
                "(SELECT count(*) FROM users u WHERE u.shipping_company_id = shipping_companies.id)",
            ),
        ),
    ))
    .order((shipping_companies::code.asc(), shipping_companies::id.asc()))
    .load(conn)
}

impl ShippingCompanyRepo for PgRepos<'_> {
    fn list_shipping_companies(
        &mut self,
        f: &ListFilter,
    ) -> AppResult<Page<ShippingCompanyRecord>> {
        let total: i64 = filtered(f)
            .count()
            .get_result(self.conn)
            .map_err(db_error)?;
        let mut q = filtered(f);
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let rows = load(self.conn, q).map_err(db_error)?;
        Ok(Page {
            items: rows.into_iter().map(record).collect(),
            total,
        })
    }

    fn shipping_company(&mut self, id: i64) -> AppResult<Option<ShippingCompanyRecord>> {
        let q = filtered(&ListFilter::default()).filter(shipping_companies::id.eq(id));
        let rows = load(self.conn, q).map_err(db_error)?;
        Ok(rows.into_iter().next().map(record))
    }

    fn shipping_company_by_code(&mut self, company_id: i64, code: i32) -> AppResult<Option<i64>> {
        shipping_companies::table
            .filter(shipping_companies::company_id.eq(company_id))
            .filter(shipping_companies::code.eq(code))
            .select(shipping_companies::id)
            .first(self.conn)
            .optional()
            .map_err(db_error)
    }

    fn insert_shipping_company(&mut self, c: &PartyWrite, is_enabled: bool) -> AppResult<i64> {
        diesel::insert_into(shipping_companies::table)
            .values((
                shipping_companies::company_id.eq(c.company_id),
                shipping_companies::code.eq(c.code),
                shipping_companies::name.eq(&c.name),
                shipping_companies::cnpj.eq(c.cnpj.as_deref()),
                shipping_companies::state_registration.eq(c.state_registration.as_deref()),
                shipping_companies::uf.eq(c.uf.as_deref()),
                shipping_companies::street.eq(c.street.as_deref()),
                shipping_companies::number.eq(c.number),
                shipping_companies::complement.eq(c.complement.as_deref()),
                shipping_companies::city.eq(c.city.as_deref()),
                shipping_companies::district.eq(c.district.as_deref()),
                shipping_companies::zip_code.eq(c.zip_code.as_deref()),
                shipping_companies::is_enabled.eq(is_enabled),
            ))
            .returning(shipping_companies::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_shipping_company(
        &mut self,
        id: i64,
        c: &PartyWrite,
        is_enabled: bool,
    ) -> AppResult<()> {
        diesel::update(shipping_companies::table.find(id))
            .set((
                shipping_companies::code.eq(c.code),
                shipping_companies::name.eq(&c.name),
                shipping_companies::cnpj.eq(c.cnpj.as_deref()),
                shipping_companies::state_registration.eq(c.state_registration.as_deref()),
                shipping_companies::uf.eq(c.uf.as_deref()),
                shipping_companies::street.eq(c.street.as_deref()),
                shipping_companies::number.eq(c.number),
                shipping_companies::complement.eq(c.complement.as_deref()),
                shipping_companies::city.eq(c.city.as_deref()),
                shipping_companies::district.eq(c.district.as_deref()),
                shipping_companies::zip_code.eq(c.zip_code.as_deref()),
                shipping_companies::is_enabled.eq(is_enabled),
                shipping_companies::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn set_shipping_login(
        &mut self,
        id: i64,
        login: &str,
        password_hash: Option<&str>,
    ) -> AppResult<()> {
        let target = shipping_companies::table.find(id);
        let done = match password_hash {
            Some(hash) => diesel::update(target)
                .set((
                    shipping_companies::login.eq(login),
                    shipping_companies::login_password_hash.eq(hash),
                    shipping_companies::updated_at.eq(diesel::dsl::now),
                ))
                .execute(self.conn),
            None => diesel::update(target)
                .set((
                    shipping_companies::login.eq(login),
                    shipping_companies::updated_at.eq(diesel::dsl::now),
                ))
                .execute(self.conn),
        };
        done.map(|_| ()).map_err(db_error)
    }

    fn shipping_users(&mut self, id: i64) -> AppResult<Vec<ShippingUserRecord>> {
        let rows = users::table
            .filter(users::shipping_company_id.eq(id))
            .order((users::name.asc(), users::id.asc()))
            .select((users::id, users::name, users::email))
            .load::<(i64, String, String)>(self.conn)
            .map_err(db_error)?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, name, email) in rows {
            let flags = self.user_authorization(id)?.unwrap_or_default();
            out.push(ShippingUserRecord {
                id,
                name,
                email,
                flags,
            });
        }
        Ok(out)
    }

    fn delete_shipping_company(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(users::table.filter(users::shipping_company_id.eq(id)))
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::delete(shipping_companies::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
