//! Terms of use as the term form writes them.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use patio_application::settings::ports::{UseTermAdminRepo, UseTermFull, UseTermWrite};
use patio_application::{AppError, AppResult};

use crate::rows::UseTermRow;
use crate::schema::{drivers, shipping_companies, use_terms, users};
use crate::store::{db_error, PgRepos, DUPLICATE_MESSAGE};

/// The partial unique index keeping one active term per company.
const ONE_ACTIVE_INDEX: &str = "use_terms_one_active_per_company";
pub const ACTIVATED_MEANWHILE_MESSAGE: &str =
    "Outro termo foi ativado ao mesmo tempo. Recarregue a página e tente de novo.";

/// A title taken in the company is 'Dado já cadastrado!'; two terms activated at once, a
/// conflict to retry.
fn term_error(e: DieselError) -> AppError {
    if let DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) = &e {
        return if info.constraint_name() == Some(ONE_ACTIVE_INDEX) {
            AppError::Conflict(ACTIVATED_MEANWHILE_MESSAGE.to_owned())
        } else {
            AppError::Duplicate(DUPLICATE_MESSAGE.to_owned())
        };
    }
    db_error(e)
}

fn full(r: UseTermRow) -> UseTermFull {
    UseTermFull {
        id: r.id,
        company_id: r.company_id,
        title: r.title,
        content: r.content,
        active: r.active,
        created_at: r.created_at,
        updated_at: r.updated_at,
    }
}

impl UseTermAdminRepo for PgRepos<'_> {
    fn terms_of_company(&mut self, company_id: i64) -> AppResult<Vec<UseTermFull>> {
        use_terms::table
            .filter(use_terms::company_id.eq(company_id))
            .order((use_terms::updated_at.desc(), use_terms::id.desc()))
            .select(UseTermRow::as_select())
            .load(self.conn)
            .map(|rows| rows.into_iter().map(full).collect())
            .map_err(db_error)
    }

    fn term_by_id(&mut self, id: i64) -> AppResult<Option<UseTermFull>> {
        use_terms::table
            .find(id)
            .select(UseTermRow::as_select())
            .first(self.conn)
            .optional()
            .map(|r| r.map(full))
            .map_err(db_error)
    }

    fn insert_term(&mut self, company_id: i64, t: &UseTermWrite) -> AppResult<i64> {
        diesel::insert_into(use_terms::table)
            .values((
                use_terms::company_id.eq(company_id),
                use_terms::title.eq(&t.title),
                use_terms::content.eq(&t.content),
                use_terms::active.eq(t.active),
            ))
            .returning(use_terms::id)
            .get_result(self.conn)
            .map_err(term_error)
    }

    fn update_term(&mut self, id: i64, t: &UseTermWrite) -> AppResult<()> {
        // clock_timestamp(): a term saved twice in one transaction still gets a newer version.
        diesel::update(use_terms::table.find(id))
            .set((
                use_terms::title.eq(&t.title),
                use_terms::content.eq(&t.content),
                use_terms::active.eq(t.active),
                use_terms::updated_at.eq(diesel::dsl::sql::<diesel::sql_types::Timestamptz>(
                    "clock_timestamp()",
                )),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(term_error)
    }

    fn deactivate_terms_except(&mut self, company_id: i64, keep: Option<i64>) -> AppResult<u64> {
        let targets = use_terms::table
            .filter(use_terms::company_id.eq(company_id))
            .filter(use_terms::active.eq(true))
            .filter(use_terms::id.ne(keep.unwrap_or(-1)));
        diesel::update(targets)
            .set(use_terms::active.eq(false))
            .execute(self.conn)
            .map(|n| n as u64)
            .map_err(db_error)
    }

    fn require_terms_acceptance_again(&mut self, company_id: i64) -> AppResult<u64> {
        let carriers_of_company = shipping_companies::table
            .filter(shipping_companies::company_id.eq(company_id))
            .select(shipping_companies::id.nullable());
        let people = diesel::update(
            users::table
                .filter(users::role.eq("Transportadora"))
                .filter(users::use_terms.eq(true))
                .filter(
                    users::company_id
                        .eq(company_id)
                        .or(users::shipping_company_id.eq_any(carriers_of_company)),
                ),
        )
        .set((
            users::use_terms.eq(false),
            users::updated_at.eq(diesel::dsl::now),
        ))
        .execute(self.conn)
        .map_err(db_error)?;
        let drivers = diesel::update(
            drivers::table
                .filter(drivers::company_id.eq(company_id))
                .filter(drivers::use_terms.eq(true)),
        )
        .set((
            drivers::use_terms.eq(false),
            drivers::updated_at.eq(diesel::dsl::now),
        ))
        .execute(self.conn)
        .map_err(db_error)?;
        Ok((people + drivers) as u64)
    }

    fn delete_term_by_id(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(use_terms::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
