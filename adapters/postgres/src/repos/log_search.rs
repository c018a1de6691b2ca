//! The staff log search.

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::query_builder::QueryFragment;
use patio_application::model::{LogFilter, StaffLogRecord};
use patio_application::ports::LogQueryRepo;
use patio_application::AppResult;

use super::search::{folded_text, Explain};
use crate::rows::StaffLogRow;
use crate::schema::{companies, staff_logs, users};
use crate::store::{db_error, PgRepos};

type Source =
    diesel::dsl::LeftJoin<diesel::dsl::LeftJoin<staff_logs::table, companies::table>, users::table>;

/// A log row with its company's and user's names.
type Row = (StaffLogRow, Option<String>, Option<String>);

/// A text search reads the newest months one statement each, until the page is full, then the
/// rest of the period in one statement.
const MONTHS_ONE_BY_ONE: usize = 3;

/// The log of `[from, to)` with the filter's other criteria; `folded` is the typed text folded.
fn filtered(
    f: &LogFilter,
    folded: Option<&str>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> diesel::dsl::IntoBoxed<'static, Source, Pg> {
    let mut q = staff_logs::table
        .left_join(companies::table)
        .left_join(users::table)
        .filter(staff_logs::created_at.ge(from))
        .filter(staff_logs::created_at.lt(to))
        .into_boxed();
    if let Some(folded) = folded {
        // The title with its words joined, as its index holds it (migration
        // 20261208002801); a literal, so that it is the indexed expression under any plan.
        q = q.filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>(
                "replace(staff_logs.title_fold, ' ', 'Q') LIKE ",
            )
            .bind::<diesel::sql_types::Text, _>(joined_words(folded)),
        );
    }
    if let Some(op) = &f.operation_type {
        q = q.filter(staff_logs::operation_type.eq(op.clone()));
    }
    if let Some(obj) = &f.object_type {
        q = q.filter(staff_logs::object_type.eq(obj.clone()));
    }
    if let Some(id) = f.company_id {
        q = q.filter(staff_logs::company_id.eq(id));
    }
    if let Some(id) = f.user_id {
        q = q.filter(staff_logs::user_id.eq(id));
    }
    q
}

/// A folded pattern with its spaces read as 'Q', as the title index joins a title's words: a
/// trigram index keeps words apart, so a phrase of words common on their own ("braga
/// alterou") made every title a candidate (issue 28). A folded title or pattern has no
/// upper-case letter, so the joined title matches the joined pattern exactly when the title
/// matches the pattern.
fn joined_words(folded: &str) -> String {
    folded.replace(' ', "Q")
}

/// The rows `offset..offset + limit` of `q`, newest first.
fn page(
    q: diesel::dsl::IntoBoxed<'static, Source, Pg>,
    offset: i64,
    limit: i64,
) -> impl diesel::query_dsl::LoadQuery<'static, PgConnection, Row> + QueryFragment<Pg> {
    q.select((
        StaffLogRow::as_select(),
        companies::name.nullable(),
        users::name.nullable(),
    ))
    .order((staff_logs::created_at.desc(), staff_logs::id.desc()))
    .offset(offset)
    .limit(limit)
}

/// Midnight (UTC) starting the month of the instant just before `to`: the log's partitions are
/// UTC months, so a slice `[month_before(to), to)` reads one of them.
fn month_before(to: DateTime<Utc>) -> DateTime<Utc> {
    let day = to.date_naive();
    let first = NaiveDate::from_ymd_opt(day.year(), day.month(), 1).unwrap_or(day);
    let start = first.and_time(chrono::NaiveTime::MIN).and_utc();
    if start < to {
        start
    } else {
        first
            .checked_sub_months(Months::new(1))
            .unwrap_or(first)
            .and_time(chrono::NaiveTime::MIN)
            .and_utc()
    }
}

/// A text search's page. A trigram index finds a typed name among a month's rows, but the
/// matches must then be sorted; over a whole period every month's index was read and its
/// matches sorted even when the newest month alone filled the page (3.4 ms of 4 months for
/// "joão braga" on the three-year bench, 0.6 ms for its newest month). So the newest months
/// are read one statement each (each planned for its month: the index for a rare text, the
/// month newest first for a common one), until `offset + limit` rows are found; after
/// [`MONTHS_ONE_BY_ONE`] of them the rest of the period is one statement, so a long period
/// searched for a rare text costs a few statements, not one per month. The months are
/// disjoint and each is read newest first: their rows in turn are the period's, in order.
/// With `plans`, each statement is explained first (the plan tests).
fn text_search(
    conn: &mut PgConnection,
    f: &LogFilter,
    folded: &str,
    mut plans: Option<&mut Vec<String>>,
) -> QueryResult<Vec<Row>> {
    let offset = usize::try_from(f.offset).unwrap_or(0);
    let limit = usize::try_from(f.limit).unwrap_or(0);
    let wanted = offset.saturating_add(limit);
    let mut found: Vec<Row> = Vec::new();
    let mut to = f.to;
    let mut statements = 0;
    while to > f.from && found.len() < wanted {
        statements += 1;
        let from = if statements > MONTHS_ONE_BY_ONE {
            f.from
        } else {
            month_before(to).max(f.from)
        };
        let need = i64::try_from(wanted - found.len()).unwrap_or(i64::MAX);
        let q = page(filtered(f, Some(folded), from, to), 0, need);
        if let Some(plans) = plans.as_deref_mut() {
            let lines: Vec<String> = Explain(&q).load(conn)?;
            plans.push(lines.join("\n"));
        }
        found.extend(q.load::<Row>(conn)?);
        to = from;
    }
    Ok(found.into_iter().skip(offset).take(limit).collect())
}

fn record((r, company_name, user_name): Row) -> StaffLogRecord {
    StaffLogRecord {
        id: r.id,
        operation_type: r.operation_type,
        object_type: r.object_type,
        company: r.company_id.zip(company_name),
        user: r.user_id.zip(user_name),
        title: r.title,
        details: r.details,
        ip: r.ip,
        created_at: r.created_at,
    }
}

/// The plans of the statements a text search sends for `f`, in order (one per statement).
#[cfg(feature = "testkit")]
pub(crate) fn explain_text_search(
    conn: &mut PgConnection,
    f: &LogFilter,
) -> QueryResult<Vec<String>> {
    let mut plans = Vec::new();
    if let Some(pattern) = &f.search {
        let folded = folded_text(conn, pattern)?;
        text_search(conn, f, &folded, Some(&mut plans))?;
    }
    Ok(plans)
}

impl LogQueryRepo for PgRepos<'_> {
    fn search_staff_logs(&mut self, f: &LogFilter) -> AppResult<Vec<StaffLogRecord>> {
        let rows = match &f.search {
            Some(pattern) => {
                let folded = folded_text(self.conn, pattern).map_err(db_error)?;
                text_search(self.conn, f, &folded, None)
            }
            // The period's index walked newest first, months in turn: already what a page
            // needs.
            None => page(filtered(f, None, f.from, f.to), f.offset, f.limit).load(self.conn),
        }
        .map_err(db_error)?;
        Ok(rows.into_iter().map(record).collect())
    }

    fn staff_log_words(&mut self) -> AppResult<(Vec<String>, Vec<String>)> {
        Ok((
            known_words(self.conn, "operation")?,
            known_words(self.conn, "object")?,
        ))
    }
}

#[derive(QueryableByName)]
struct Word {
    #[diesel(sql_type = diesel::sql_types::Text)]
    word: String,
}

/// The distinct operations (`kind` "operation") or objects ("object") of the log, in order,
/// from `staff_log_words`, which a trigger on the log keeps (migration
/// 20261205002800_staff_log_words). Walking the log's indexes value by value merged every
/// monthly partition at each step (33-36 ms per list on the bench, growing with the months);
/// the table holds a few rows whatever the log's size.
fn known_words(conn: &mut PgConnection, kind: &str) -> AppResult<Vec<String>> {
    let words: Vec<Word> =
        diesel::sql_query("SELECT word FROM staff_log_words WHERE kind = $1 ORDER BY word")
            .bind::<diesel::sql_types::Text, _>(kind)
            .load(conn)
            .map_err(db_error)?;
    Ok(words.into_iter().map(|w| w.word).collect())
}

#[cfg(test)]
mod tests {
    use super::month_before;
    use chrono::{DateTime, Utc};

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap_or_default()
    }

    #[test]
    fn a_slice_ends_where_its_utc_month_begins() {
        for (to, start) in [
            ("2026-11-27T14:30:00Z", "2026-11-01T00:00:00Z"),
            ("2026-11-01T00:00:01Z", "2026-11-01T00:00:00Z"),
            // A period ending at midnight of the 1st: the slice is the month before.
            ("2026-11-01T00:00:00Z", "2026-10-01T00:00:00Z"),
            ("2026-01-01T00:00:00Z", "2025-12-01T00:00:00Z"),
            ("2026-03-01T02:59:59Z", "2026-03-01T00:00:00Z"),
        ] {
            assert_eq!(month_before(at(to)), at(start), "{to}");
        }
    }
}
