//! Companies as the administration reads and writes them.

use diesel::pg::Pg;
use diesel::prelude::*;
use patio_application::model::{CompanyFull, CompanyWrite, ListFilter, Page};
use patio_application::ports::CompanyAdminRepo;
use patio_application::AppResult;

use super::search::{folded, patio_fold};
use crate::rows::{CompanyRow, CompanyWriteRow};
use crate::schema::{companies, company_hosts, queue_states, settings};
use crate::store::{db_error, PgRepos};

/// The company, and the logo of its settings (used when it has none of its own).
fn full((r, settings_logo): (CompanyRow, Option<String>)) -> CompanyFull {
    CompanyFull {
        id: r.id,
        name: r.name,
        legal_name: r.company,
        cnpj: r.cnpj,
        uf: r.uf,
        city: r.city,
        street: r.street,
        number: r.number,
        complement: r.complement,
        district: r.district,
        zip_code: r.zip_code,
        website: r.website,
        logo: r.logo.or(settings_logo),
        status: r.status,
    }
}

type Source = diesel::dsl::LeftJoin<companies::table, settings::table>;

fn filtered(f: &ListFilter) -> diesel::dsl::IntoBoxed<'static, Source, Pg> {
    let mut q = companies::table.left_join(settings::table).into_boxed();
    if let Some(id) = f.company_id {
        q = q.filter(companies::id.eq(id));
    }
    if let Some(s) = &f.search {
        // The document by its letters and digits, however it was stored (`cnpj_plain`); an
        // absent one binds NULL, which matches nothing. Absent codes match nothing either.
        let document = s.document_pattern.clone();
        let code = s.code.map_or(-1, i64::from);
        q = q.filter(
            patio_fold(companies::name)
                .like(folded(&s.pattern))
                .or(patio_fold(companies::company).like(folded(&s.pattern)))
                .or(companies::cnpj_plain.like(document))
                .or(companies::id.eq(code)),
        );
    }
    q
}

impl CompanyAdminRepo for PgRepos<'_> {
    fn list_companies(&mut self, f: &ListFilter) -> AppResult<Page<CompanyFull>> {
        let total: i64 = filtered(f)
            .count()
            .get_result(self.conn)
            .map_err(db_error)?;
        let mut q = filtered(f)
            .select((CompanyRow::as_select(), settings::logo.nullable()))
            .order((companies::name.asc(), companies::id.asc()));
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let rows = q
            .load::<(CompanyRow, Option<String>)>(self.conn)
            .map_err(db_error)?;
        Ok(Page {
            items: rows.into_iter().map(full).collect(),
            total,
        })
    }

    fn company_full(&mut self, id: i64) -> AppResult<Option<CompanyFull>> {
        let f = ListFilter {
            company_id: Some(id),
            ..ListFilter::default()
        };
        Ok(self.list_companies(&f)?.items.into_iter().next())
    }

    fn insert_company(&mut self, c: &CompanyWrite) -> AppResult<i64> {
        let id: i64 = diesel::insert_into(companies::table)
            .values(CompanyWriteRow::from(c))
            .returning(companies::id)
            .get_result(self.conn)
            .map_err(db_error)?;
        // The spec's default settings, and the row that serialises the company's queue.
        diesel::insert_into(settings::table)
            .values(settings::company_id.eq(id))
            .on_conflict_do_nothing()
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::insert_into(queue_states::table)
            .values(queue_states::company_id.eq(id))
            .on_conflict_do_nothing()
            .execute(self.conn)
            .map_err(db_error)?;
        Ok(id)
    }

    fn update_company(&mut self, id: i64, c: &CompanyWrite) -> AppResult<()> {
        diesel::update(companies::table.find(id))
            .set((
                CompanyWriteRow::from(c),
                companies::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn delete_company(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(companies::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn company_of_host(&mut self, host: &str) -> AppResult<Option<i64>> {
        company_hosts::table
            .filter(company_hosts::host.eq(host))
            .select(company_hosts::company_id)
            .first(self.conn)
            .optional()
            .map_err(db_error)
    }

    fn replace_company_host(
        &mut self,
        company_id: i64,
        old: Option<&str>,
        new: Option<&str>,
    ) -> AppResult<()> {
        if let Some(old) = old {
            diesel::delete(
                company_hosts::table
                    .filter(company_hosts::company_id.eq(company_id))
                    .filter(company_hosts::host.eq(old)),
            )
            .execute(self.conn)
            .map_err(db_error)?;
        }
        if let Some(new) = new {
            diesel::insert_into(company_hosts::table)
                .values((
                    company_hosts::company_id.eq(company_id),
                    company_hosts::host.eq(new),
                ))
                .on_conflict_do_nothing()
                .execute(self.conn)
                .map_err(db_error)?;
        }
        Ok(())
    }
}
