//! The staff log search.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use patio_application::model::{LogFilter, StaffLogRecord};
use patio_application::ports::LogQueryRepo;
use patio_application::AppResult;

use super::search::folded_nullable;
use crate::rows::StaffLogRow;
use crate::schema::{companies, staff_logs, users};
use crate::store::{db_error, PgRepos};

impl LogQueryRepo for PgRepos<'_> {
    fn search_staff_logs(&mut self, f: &LogFilter) -> AppResult<Vec<StaffLogRecord>> {
        let mut q = staff_logs::table
            .left_join(companies::table)
            .left_join(users::table)
            .filter(staff_logs::created_at.ge(f.from))
            .filter(staff_logs::created_at.lt(f.to))
            .into_boxed();
        if let Some(pattern) = &f.search {
            q = q.filter(staff_logs::title_fold.like(folded_nullable(pattern)));
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
        let rows = q
            .select((
                StaffLogRow::as_select(),
                companies::name.nullable(),
                users::name.nullable(),
            ))
            .order((staff_logs::created_at.desc(), staff_logs::id.desc()))
            .offset(f.offset)
            .limit(f.limit)
            .load::<(StaffLogRow, Option<String>, Option<String>)>(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(r, company_name, user_name)| StaffLogRecord {
                id: r.id,
                operation_type: r.operation_type,
                object_type: r.object_type,
                company: r.company_id.zip(company_name),
                user: r.user_id.zip(user_name),
                title: r.title,
                details: r.details,
                ip: r.ip,
                created_at: r.created_at,
            })
            .collect())
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
