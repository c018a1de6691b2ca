use chrono::{DateTime, Utc};
use diesel::dsl::exists;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{BoxedSqlQuery, SqlQuery};
use diesel::sql_types::{BigInt, Nullable, Text};
use patio_application::admin::party::CompanyRefView;
use patio_application::fleet::drivers::{DriverActionsView, DriverItem, ShippingRefView};
use patio_application::fleet::ports::{
    DriverAdminRepo, DriverFilter, DriverLogRecord, DriverPlacement,
};
use patio_application::model::{AuthorizationFlags, CompanyRef, DriverRecord, LikeItem, Page};
use patio_application::ports::{CompanyRepo, DriverRepo};
use patio_application::{AppError, AppResult};
use patio_domain::admin::listing::SearchText;
use patio_domain::fleet::DriverData;

use super::search::{
    folded_nullable, folded_param, has_trigram, total_from_page, SearchedId, Total,
};
use crate::rows::{DriverLogRow, DriverRow, DriverWriteRow, ErasedDriverRow, ShippingRefRow};
use crate::schema::{
    companies, contact_authorizations, contacts, driver_logs, drivers, queue_entries,
    queue_restores, schedulings, settings, shipping_companies, trucks,
};
use crate::store::{db_error, PgRepos};

impl PgRepos<'_> {
    fn driver_record(&mut self, row: DriverRow) -> AppResult<DriverRecord> {
        let DriverRow {
            id,
            name,
            cpf,
            birth_date,
            is_enabled,
            use_terms,
            company_id,
            shipping_company_id,
            ..
        } = row;
        let company = self
            .company(company_id)?
            .ok_or_else(|| AppError::internal("driver without company"))?;
        Ok(DriverRecord {
            id,
            name,
            cpf: cpf.as_str().to_owned(),
            birth_date,
            is_enabled,
            use_terms,
            company: CompanyRef {
                id: company.id,
                name: company.name,
                legal_name: company.legal_name,
                logo: company.logo,
            },
            shipping_company_id,
        })
    }
}

impl DriverRepo for PgRepos<'_> {
    fn driver(&mut self, id: i64) -> AppResult<Option<DriverRecord>> {
        let row = drivers::table
            .find(id)
            .select(DriverRow::as_select())
            .first::<DriverRow>(self.conn)
            .optional()
            .map_err(db_error)?;
        row.map(|r| self.driver_record(r)).transpose()
    }

    fn driver_by_cpf(&mut self, cpf: &str) -> AppResult<Option<DriverRecord>> {
        let row = drivers::table
            .filter(drivers::cpf.eq(cpf))
            .select(DriverRow::as_select())
            .first::<DriverRow>(self.conn)
            .optional()
            .map_err(db_error)?;
        row.map(|r| self.driver_record(r)).transpose()
    }

    fn move_driver_to_company(&mut self, driver_id: i64, company_id: i64) -> AppResult<()> {
        diesel::update(drivers::table.find(driver_id))
            .set((
                drivers::company_id.eq(company_id),
                drivers::shipping_company_id.eq(None::<i64>),
                drivers::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::update(trucks::table.filter(trucks::driver_id.eq(driver_id)))
            .set((
                trucks::company_id.eq(company_id),
                trucks::shipping_company_id.eq(None::<i64>),
                trucks::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn set_driver_use_terms(&mut self, driver_id: i64, accepted: bool) -> AppResult<()> {
        diesel::update(drivers::table.find(driver_id))
            .set((
                drivers::use_terms.eq(accepted),
                drivers::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}

// ---- The staff's driver screens (spec 2 "Drivers").

// The company is a left join although every driver has one (a NOT NULL foreign key): then
// PostgreSQL drops both joins from the list's count, which reads the drivers alone (the
// administrator's 50,000: 25 ms joined, 5 ms alone).
type DriverSource = diesel::dsl::LeftJoin<
    diesel::dsl::LeftJoin<drivers::table, companies::table>,
    shipping_companies::table,
>;

fn drivers_filtered(f: &DriverFilter) -> diesel::dsl::IntoBoxed<'static, DriverSource, Pg> {
    let mut q = drivers::table
        .left_join(companies::table)
        .left_join(shipping_companies::table)
        .into_boxed();
    if let Some(id) = f.company_id {
        q = q.filter(drivers::company_id.eq(id));
    }
    if let Some(id) = f.shipping_company_id {
        q = q.filter(drivers::shipping_company_id.eq(id));
    }
    if let Some(s) = &f.search {
        // Name without accents or case; CPF by its digits, typed with or without the mask.
        // No digits binds NULL, not a sentinel: a trigram index asked for `LIKE '-'` has no
        // trigram to look up and reads every entry (50,000 CPFs, 30 ms), which the generic
        // plan of the cached statement did on every call; a NULL key reads nothing.
        let id = drivers::id.eq(s.code.map_or(-1, i64::from));
        q = if f.shipping_company_id.is_some() {
            // A shipping company's drivers (tens, a few hundred) are read by its index and
            // tested one by one: `|| ''` is not the expression the trigram indexes hold, so the
            // planner cannot pick them. Through the name's index the search first found every
            // company's matches (125 "joão silva"s for the carrier's 25 among 50: 0.9 ms, the
            // first page 0.5; tested, 0.4 ms; issue 28).
            q.filter(
                drivers::name_fold
                    .concat("")
                    .like(folded_nullable(&s.pattern))
                    .or(drivers::cpf
                        .concat("")
                        .nullable()
                        .like(s.digits_pattern.clone()))
                    .or(id),
            )
        } else {
            q.filter(
                drivers::name_fold
                    .like(folded_nullable(&s.pattern))
                    .or(drivers::cpf.nullable().like(s.digits_pattern.clone()))
                    .or(id),
            )
        };
    }
    q
}

type DriverJoined = (DriverRow, Option<String>, Option<ShippingRefRow>);

fn item((d, company_name, ship): DriverJoined) -> DriverItem {
    DriverItem {
        id: d.id,
        name: d.name,
        cpf: d.cpf,
        cnh: d.cnh,
        birth_date: d.birth_date,
        is_enabled: d.is_enabled,
        company: CompanyRefView {
            id: d.company_id,
            name: company_name.unwrap_or_default(),
        },
        shipping_company: ship.map(shipping),
        // The service fills them for the reader.
        actions: DriverActionsView::default(),
    }
}

fn shipping(s: ShippingRefRow) -> ShippingRefView {
    ShippingRefView {
        id: s.id,
        code: s.code,
        name: s.name,
    }
}

type DriverPage = diesel::dsl::Select<
    diesel::dsl::IntoBoxed<'static, DriverSource, Pg>,
    (
        diesel::dsl::AsSelect<DriverRow, Pg>,
        diesel::dsl::Nullable<companies::name>,
        diesel::dsl::AsSelect<Option<ShippingRefRow>, Pg>,
    ),
>;

/// The list's page: its rows with their company and shipping company, by name.
fn drivers_page(f: &DriverFilter) -> DriverPage {
    let mut q = drivers_filtered(f);
    if let Some(p) = f.page {
        q = q.offset(p.offset()).limit(p.limit());
    }
    q.select((
        DriverRow::as_select(),
        companies::name.nullable(),
        Option::<ShippingRefRow>::as_select(),
    ))
    .order((drivers::name.asc(), drivers::id.asc()))
}

/// The drivers of `ids` with their company and shipping company, by name (a page's order).
fn drivers_by_ids(ids: Vec<i64>) -> DriverPage {
    drivers::table
        .left_join(companies::table)
        .left_join(shipping_companies::table)
        .into_boxed()
        .filter(drivers::id.eq_any(ids))
        .select((
            DriverRow::as_select(),
            companies::name.nullable(),
            Option::<ShippingRefRow>::as_select(),
        ))
        .order((drivers::name.asc(), drivers::id.asc()))
}

/// A search's conditions, as [`drivers_filtered`] writes them: `$1` the company, `$2` the
/// shipping company, `$3` the folded text (`name`, the SQL that reads it), `$4` the CPF's
/// digits, `$5` the typed code as an id.
fn searched_where(f: &DriverFilter, name: &str) -> String {
    // A shipping company's drivers by its index, as in `drivers_filtered`.
    let (name_fold, cpf) = if f.shipping_company_id.is_some() {
        ("(d.name_fold || '')", "(d.cpf || '')")
    } else {
        ("d.name_fold", "d.cpf")
    };
    // The scope written only when there is one (its bind NULL otherwise), so that any plan,
    // a generic one too, can read it by index.
    let company = match f.company_id {
        Some(_) => "d.company_id = $1",
        None => "$1::bigint IS NULL",
    };
    let shipping = match f.shipping_company_id {
        Some(_) => "d.shipping_company_id = $2",
        None => "$2::bigint IS NULL",
    };
    format!(
        "WHERE {company} AND {shipping}
           AND ({name_fold} LIKE {name} OR {cpf} LIKE $4 OR d.id = $5)"
    )
}

/// `sql` with `$1`..`$5` of [`searched_where`] bound.
fn searched_binds(
    sql: String,
    f: &DriverFilter,
    s: &SearchText,
    text: String,
) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
    diesel::sql_query(sql)
        .into_boxed()
        .bind::<Nullable<BigInt>, _>(f.company_id)
        .bind::<Nullable<BigInt>, _>(f.shipping_company_id)
        .bind::<Text, _>(text)
        .bind::<Nullable<Text>, _>(s.digits_pattern.clone())
        .bind::<BigInt, _>(s.code.map_or(-1, i64::from))
}

/// A searched page's ids with the search's total, in one statement: the matches are found
/// (`m`, by the trigram indexes or the scope's) and sorted by name, and the page taken from
/// them. Searched in the list's order instead (`ORDER BY name LIMIT 10` on the filtered list),
/// the planner may walk the name index and filter every driver until ten match, expecting the
/// matches spread over the alphabet: a first name's are together, after every name before it
/// ("joão silva": 24,750 drivers read for 10 rows, 10–19 ms, when ANALYZE's sample put one
/// "joão silva" in the histogram and the estimate went from 6 rows to 506; 0.6–1 ms when it did
/// not; issue 28). `$6` the offset, `$7` the limit (none: every match).
fn searched(f: &DriverFilter, s: &SearchText) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
    let (name, text) = folded_param(&s.pattern, "$3");
    let (offset, limit) = f.page.map_or((0, None), |p| (p.offset(), Some(p.limit())));
    let sql = format!(
        "WITH m AS MATERIALIZED (SELECT d.id, d.name FROM drivers d {})
         SELECT p.id, (SELECT count(*) FROM m) AS total
           FROM (SELECT id, name FROM m ORDER BY name, id OFFSET $6 LIMIT $7) p
          ORDER BY p.name, p.id",
        searched_where(f, &name)
    );
    searched_binds(sql, f, s, text)
        .bind::<BigInt, _>(offset)
        .bind::<Nullable<BigInt>, _>(limit)
}

/// The search's total, counted apart past its last page (no row there carries it).
fn searched_count(f: &DriverFilter, s: &SearchText) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
    let (name, text) = folded_param(&s.pattern, "$3");
    let sql = format!(
        "SELECT count(*) AS total FROM drivers d {}",
        searched_where(f, &name)
    );
    searched_binds(sql, f, s, text)
}

/// The search the list runs for `f`, when it runs one of its own ([`searched`]): a text with
/// three letters or digits in a row, which the trigram indexes look up. A shorter one matches
/// nearly everywhere and has nothing to look up: the list's order finds its page at once.
fn searched_text(f: &DriverFilter) -> Option<&SearchText> {
    f.search.as_ref().filter(|s| has_trigram(&s.text))
}

/// The plan (`EXPLAIN (ANALYZE)`) of the list's count for `f`, for the plan tests.
#[cfg(feature = "testkit")]
pub(crate) fn explain_count(conn: &mut PgConnection, f: &DriverFilter) -> QueryResult<String> {
    let lines: Vec<String> = super::search::Explain(&drivers_filtered(f).count()).load(conn)?;
    Ok(lines.join("\n"))
}

/// The plans (`EXPLAIN (ANALYZE)`) of the search statement of `f`, for the plan tests.
#[cfg(feature = "testkit")]
pub(crate) fn explain_search(conn: &mut PgConnection, f: &DriverFilter) -> QueryResult<String> {
    let s = searched_text(f).ok_or(diesel::result::Error::NotFound)?;
    let lines: Vec<String> = super::search::Explain(&searched(f, s)).load(conn)?;
    Ok(lines.join("\n"))
}

impl PgRepos<'_> {
    /// A searched list: its page's ids and total in one statement ([`searched`]), then the
    /// page's rows by key.
    fn searched_drivers(
        &mut self,
        f: &DriverFilter,
        s: &SearchText,
    ) -> AppResult<Page<DriverItem>> {
        let found: Vec<SearchedId> = searched(f, s).load(self.conn).map_err(db_error)?;
        let total = match found.first() {
            Some(r) => r.total,
            None if f.page.is_none_or(|p| p.offset() == 0) => 0,
            None => {
                let t: Total = searched_count(f, s)
                    .get_result(self.conn)
                    .map_err(db_error)?;
                t.total
            }
        };
        let ids: Vec<i64> = found.iter().map(|r| r.id).collect();
        let rows: Vec<DriverJoined> = if ids.is_empty() {
            Vec::new()
        } else {
            drivers_by_ids(ids).load(self.conn).map_err(db_error)?
        };
        Ok(Page {
            items: rows.into_iter().map(item).collect(),
            total,
        })
    }
}

impl DriverAdminRepo for PgRepos<'_> {
    fn list_drivers(&mut self, f: &DriverFilter) -> AppResult<Page<DriverItem>> {
        if let Some(s) = searched_text(f) {
            return self.searched_drivers(f, s);
        }
        let rows: Vec<DriverJoined> = drivers_page(f).load(self.conn).map_err(db_error)?;
        // The page first: when it tells the total, nothing is counted.
        let total = match total_from_page(f.page, rows.len()) {
            Some(total) => total,
            None => drivers_filtered(f)
                .count()
                .get_result(self.conn)
                .map_err(db_error)?,
        };
        Ok(Page {
            items: rows.into_iter().map(item).collect(),
            total,
        })
    }

    fn driver_full(&mut self, id: i64) -> AppResult<Option<DriverItem>> {
        drivers::table
            .inner_join(companies::table)
            .left_join(shipping_companies::table)
            .filter(drivers::id.eq(id))
            .select((
                DriverRow::as_select(),
                companies::name.nullable(),
                Option::<ShippingRefRow>::as_select(),
            ))
            .first::<DriverJoined>(self.conn)
            .optional()
            .map(|r| r.map(item))
            .map_err(db_error)
    }

    fn insert_driver(&mut self, d: &DriverData, at: &DriverPlacement) -> AppResult<i64> {
        diesel::insert_into(drivers::table)
            .values(DriverWriteRow::of(d, at))
            .returning(drivers::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_driver(&mut self, id: i64, d: &DriverData, at: &DriverPlacement) -> AppResult<()> {
        diesel::update(drivers::table.find(id))
            .set((
                DriverWriteRow::of(d, at),
                drivers::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn driver_authorization(&mut self, id: i64) -> AppResult<Option<AuthorizationFlags>> {
        contact_authorizations::table
            .filter(contact_authorizations::driver_id.eq(id))
            .order((
                contact_authorizations::created_at.desc(),
                contact_authorizations::id.desc(),
            ))
            .select((
                contact_authorizations::has_email,
                contact_authorizations::has_sms,
                contact_authorizations::has_whats,
            ))
            .first::<(bool, bool, bool)>(self.conn)
            .optional()
            .map(|r| {
                r.map(|(has_email, has_sms, has_whats)| AuthorizationFlags {
                    has_email,
                    has_sms,
                    has_whats,
                })
            })
            .map_err(db_error)
    }

    fn driver_has_history(&mut self, id: i64) -> AppResult<bool> {
        let loadings = schedulings::table.filter(schedulings::driver_id.eq(id));
        let entries = queue_entries::table.filter(queue_entries::driver_id.eq(id));
        let rescues = queue_restores::table.filter(queue_restores::driver_id.eq(id));
        diesel::select(exists(loadings).or(exists(entries)).or(exists(rescues)))
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn delete_driver(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(drivers::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn erase_driver(&mut self, id: i64, name: &str, cpf: &str) -> AppResult<()> {
        diesel::delete(contacts::table.filter(contacts::driver_id.eq(id)))
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::delete(
            contact_authorizations::table.filter(contact_authorizations::driver_id.eq(id)),
        )
        .execute(self.conn)
        .map_err(db_error)?;
        diesel::update(trucks::table.filter(trucks::driver_id.eq(id)))
            .set((
                trucks::driver_id.eq(None::<i64>),
                trucks::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::update(drivers::table.find(id))
            .set((
                ErasedDriverRow {
                    name,
                    cpf,
                    cnh: None,
                    shipping_company_id: None,
                    is_enabled: false,
                    use_terms: false,
                },
                drivers::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn set_driver_shipping_company(&mut self, id: i64, shipping: Option<i64>) -> AppResult<()> {
        diesel::update(drivers::table.find(id))
            .set((
                drivers::shipping_company_id.eq(shipping),
                drivers::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn shipping_of_company(&mut self, id: i64) -> AppResult<Option<(ShippingRefView, i64)>> {
        shipping_companies::table
            .find(id)
            .select((ShippingRefRow::as_select(), shipping_companies::company_id))
            .first::<(ShippingRefRow, i64)>(self.conn)
            .optional()
            .map(|r| r.map(|(s, company)| (shipping(s), company)))
            .map_err(db_error)
    }

    fn like_drivers(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        shipping_company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>> {
        let mut q = drivers::table.into_boxed();
        if let Some(id) = company_id {
            q = q.filter(drivers::company_id.eq(id));
        }
        if let Some(id) = shipping_company_id {
            q = q.filter(drivers::shipping_company_id.eq(id));
        }
        if let Some(s) = search {
            // NULL, not a sentinel, without digits (see `drivers_filtered`).
            q = q.filter(
                drivers::name_fold
                    .like(folded_nullable(&s.pattern))
                    .or(drivers::cpf.nullable().like(s.digits_pattern.clone()))
                    .or(drivers::id.eq(s.code.map_or(-1, i64::from))),
            );
        }
        // A text the trigram indexes look up: its matches sorted, by an order no index holds
        // (`name || ''` sorts as `name`), not the name index walked until 20 match, which reads
        // every name before a first name's (see `searched`).
        q = match search {
            Some(s) if has_trigram(&s.text) => {
                q.order((drivers::name.concat("").asc(), drivers::id.asc()))
            }
            _ => q.order((drivers::name.asc(), drivers::id.asc())),
        };
        let rows = q
            .select((drivers::id, drivers::name))
            .limit(limit)
            .load::<(i64, String)>(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, name)| LikeItem {
                id,
                code: Some(id),
                name,
                email: None,
            })
            .collect())
    }

    fn driver_logs(
        &mut self,
        driver_id: i64,
        company_id: Option<i64>,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        limit: i64,
    ) -> AppResult<Vec<DriverLogRecord>> {
        let mut q = driver_logs::table
            .left_join(companies::table)
            .filter(driver_logs::driver_id.eq(driver_id))
            .into_boxed();
        if let Some(c) = company_id {
            q = q.filter(driver_logs::company_id.eq(c));
        }
        let rows: Vec<(DriverLogRow, Option<String>)> = q
            .filter(driver_logs::created_at.ge(from))
            .filter(driver_logs::created_at.lt(to))
            .order((driver_logs::created_at.desc(), driver_logs::id.desc()))
            .limit(limit)
            .select((DriverLogRow::as_select(), companies::name.nullable()))
            .load(self.conn)
            .map_err(db_error)?;
        let mut ids: Vec<i64> = rows.iter().filter_map(|(r, _)| r.company_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let zones: Vec<(i64, String)> = settings::table
            .filter(settings::company_id.eq_any(&ids))
            .select((settings::company_id, settings::time_zone))
            .load(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(r, company_name)| {
                let time_zone = r
                    .company_id
                    .and_then(|c| zones.iter().find(|(id, _)| *id == c))
                    .map(|(_, z)| z.clone());
                DriverLogRecord {
                    id: r.id,
                    operation_type: r.operation_type,
                    data: r.data,
                    company: r.company_id.zip(company_name),
                    time_zone,
                    created_at: r.created_at,
                }
            })
            .collect())
    }

    fn driver_has_pending_loadings(&mut self, id: i64, company_id: i64) -> AppResult<bool> {
        diesel::select(exists(
            schedulings::table
                .filter(schedulings::driver_id.eq(id))
                .filter(schedulings::company_id.eq(company_id))
                .filter(schedulings::exped_initial_date.is_null())
                .filter(schedulings::status.eq(false)),
        ))
        .get_result(self.conn)
        .map_err(db_error)
    }
}
