//! Shipping companies of a company, their login and their users' contact authorizations.

use diesel::dsl::sql;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use patio_application::admin::party::CompanyRefView;
use patio_application::admin::shipping_companies::{
    LoginView, ShippingCompanyView, ShippingUserView,
};
use patio_application::model::{ListFilter, Page, PartyPlacement};
use patio_application::ports::{ShippingCompanyRepo, UserAdminRepo};
use patio_application::AppResult;
use patio_domain::admin::party::PartyData;

use super::parties::address_view;
use super::search::{folded_nullable, total_from_page};
use crate::rows::{ShippingCompanyRow, ShippingCompanyWriteRow};
use crate::schema::{companies, shipping_companies, users};
use crate::store::{db_error, PgRepos};

type Row = (ShippingCompanyRow, String, i64);

/// The row as the shipping-company calls answer it (contacts, users and the actor's rights
/// are the service's).
fn view((r, company_name, user_count): Row) -> ShippingCompanyView {
    ShippingCompanyView {
        address: address_view!(r),
        id: r.id,
        code: r.code,
        name: r.name,
        is_enabled: r.is_enabled,
        warning: user_count == 0,
        can_change: false,
        company: CompanyRefView {
            id: r.company_id,
            name: company_name,
        },
        login: r.login.map(|login| LoginView { login }),
        contact: Vec::new(),
        users: Vec::new(),
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
        // The document by its letters and digits, however it was stored (`cnpj_plain`); an
        // absent one binds NULL, which matches nothing. Absent codes match nothing either.
        let document = s.document_pattern.clone();
        let code = s.code.unwrap_or(-1);
        q = q.filter(
            shipping_companies::name_fold
                .like(folded_nullable(&s.pattern))
                .or(shipping_companies::cnpj_plain.like(document))
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
        ShippingCompanyRow::as_select(),
        companies::name,
        sql::<BigInt>(
            "(SELECT count(*) FROM users u WHERE u.shipping_company_id = shipping_companies.id)",
        ),
    ))
    .order((shipping_companies::code.asc(), shipping_companies::id.asc()))
    .load(conn)
}

impl ShippingCompanyRepo for PgRepos<'_> {
    fn list_shipping_companies(&mut self, f: &ListFilter) -> AppResult<Page<ShippingCompanyView>> {
        let mut q = filtered(f);
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let rows = load(self.conn, q).map_err(db_error)?;
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

    fn shipping_company(&mut self, id: i64) -> AppResult<Option<ShippingCompanyView>> {
        let q = filtered(&ListFilter::default()).filter(shipping_companies::id.eq(id));
        let rows = load(self.conn, q).map_err(db_error)?;
        Ok(rows.into_iter().next().map(view))
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

    fn shipping_users(&mut self, id: i64) -> AppResult<Vec<ShippingUserView>> {
        let rows = users::table
            .filter(users::shipping_company_id.eq(id))
            .order((users::name.asc(), users::id.asc()))
            .select((users::id, users::name, users::email))
            .load::<(i64, String, String)>(self.conn)
            .map_err(db_error)?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, name, email) in rows {
            let flags = self.user_authorization(id)?.unwrap_or_default();
            out.push(ShippingUserView {
                id,
                name,
                email,
                has_email: flags.has_email,
                has_sms: flags.has_sms,
                has_whats: flags.has_whats,
            });
        }
        Ok(out)
    }
}

// The writes shared with customers are in `parties.rs`.
pub(super) fn by_code(
    conn: &mut PgConnection,
    company_id: i64,
    code: i32,
) -> AppResult<Option<i64>> {
    shipping_companies::table
        .filter(shipping_companies::company_id.eq(company_id))
        .filter(shipping_companies::code.eq(code))
        .select(shipping_companies::id)
        .first(conn)
        .optional()
        .map_err(db_error)
}

pub(super) fn insert(
    conn: &mut PgConnection,
    p: &PartyData,
    at: &PartyPlacement,
) -> AppResult<i64> {
    diesel::insert_into(shipping_companies::table)
        .values((
            ShippingCompanyWriteRow::of(p, at.company_id),
            shipping_companies::is_enabled.eq(at.is_enabled.unwrap_or(true)),
        ))
        .returning(shipping_companies::id)
        .get_result(conn)
        .map_err(db_error)
}

pub(super) fn update(
    conn: &mut PgConnection,
    id: i64,
    p: &PartyData,
    at: &PartyPlacement,
) -> AppResult<()> {
    diesel::update(shipping_companies::table.find(id))
        .set((
            ShippingCompanyWriteRow::of(p, at.company_id),
            // `None` (an import) keeps the stored status.
            at.is_enabled.map(|e| shipping_companies::is_enabled.eq(e)),
            shipping_companies::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .map(|_| ())
        .map_err(db_error)
}

/// Its Transportadora users go first.
pub(super) fn delete(conn: &mut PgConnection, id: i64) -> AppResult<()> {
    diesel::delete(users::table.filter(users::shipping_company_id.eq(id)))
        .execute(conn)
        .map_err(db_error)?;
    diesel::delete(shipping_companies::table.find(id))
        .execute(conn)
        .map(|_| ())
        .map_err(db_error)
}
