//! What the predicted call time reads (issue 25): the company's finished loadings, attendance
//! starts and closed entries, and its queue with each truck's implement type and axles.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Date, Nullable, SmallInt, Text, Timestamptz};
use patio_application::queue::predict_ports::{
    FinishedLoadingRecord, PaceHistoryRecord, PredictEntryRecord, PredictRepo,
};
use patio_application::AppResult;

use super::queue_engine::ACTIVE;
use crate::store::{db_error, PgRepos};

#[derive(QueryableByName)]
struct LoadingRow {
    #[diesel(sql_type = Timestamptz)]
    started_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    ended_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Text>)]
    implement_type: Option<String>,
    #[diesel(sql_type = Nullable<SmallInt>)]
    axles: Option<i16>,
}

#[derive(QueryableByName)]
struct StartRow {
    #[diesel(sql_type = Date)]
    day: NaiveDate,
    #[diesel(sql_type = Timestamptz)]
    started_at: DateTime<Utc>,
}

#[derive(QueryableByName)]
struct ClosedRow {
    #[diesel(sql_type = Timestamptz)]
    closed_at: DateTime<Utc>,
    #[diesel(sql_type = Bool)]
    loaded: bool,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    started_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    checked_in_at: Option<DateTime<Utc>>,
}

#[derive(QueryableByName)]
struct EntryRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Bool)]
    checked_in: bool,
    #[diesel(sql_type = Timestamptz)]
    joined_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Date>)]
    date: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    expedition: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    attended_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Text>)]
    implement_type: Option<String>,
    #[diesel(sql_type = Nullable<SmallInt>)]
    axles: Option<i16>,
}

impl PredictRepo for PgRepos<'_> {
    fn pace_history(
        &mut self,
        company_id: i64,
        since: DateTime<Utc>,
    ) -> AppResult<PaceHistoryRecord> {
        // The loading's own start and end (the close may correct them), else the entry's.
        let loadings: Vec<LoadingRow> = diesel::sql_query(
            "SELECT COALESCE(s.exped_initial_date, q.expedition) AS started_at,
                    COALESCE(s.exped_date, q.attended_at) AS ended_at,
                    t.implement_type, t.shaft_quantity AS axles
               FROM queue_entries q
               JOIN trucks t ON t.id = q.truck_id
               LEFT JOIN schedulings s ON s.id = q.scheduling_id
              WHERE q.company_id = $1 AND q.attended_at >= $2 AND q.status = 'attended'
                AND COALESCE(s.exped_initial_date, q.expedition) IS NOT NULL",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<Timestamptz, _>(since)
        .load(self.conn)
        .map_err(db_error)?;
        let starts: Vec<StartRow> = diesel::sql_query(
            "SELECT day, started_at FROM attendances WHERE company_id = $1 AND started_at >= $2",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<Timestamptz, _>(since)
        .load(self.conn)
        .map_err(db_error)?;
        // The first check-in that said the driver was in the yard (a cancel is not present).
        let closed: Vec<ClosedRow> = diesel::sql_query(format!(
            "SELECT COALESCE(q.closed_at, q.attended_at) AS closed_at,
                    q.status = 'attended' AS loaded,
                    CASE WHEN q.status = 'attended' THEN q.expedition END AS started_at,
                    (SELECT min(c.created_at) FROM checkins c
                      WHERE c.queue_entry_id = q.id AND c.is_present) AS checked_in_at
               FROM queue_entries q
              WHERE q.company_id = $1 AND q.status NOT IN {ACTIVE}
                AND COALESCE(q.closed_at, q.attended_at) >= $2"
        ))
        .bind::<BigInt, _>(company_id)
        .bind::<Timestamptz, _>(since)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(PaceHistoryRecord {
            loadings: loadings
                .into_iter()
                .map(|r| FinishedLoadingRecord {
                    started_at: r.started_at,
                    ended_at: r.ended_at,
                    implement_type: r.implement_type,
                    axles: r.axles,
                })
                .collect(),
            attendance_starts: starts.into_iter().map(|r| (r.day, r.started_at)).collect(),
            closed: closed
                .into_iter()
                .map(|r| (r.closed_at, r.loaded, r.started_at, r.checked_in_at))
                .collect(),
        })
    }

    fn predict_entries(
        &mut self,
        company_id: i64,
        day_start: DateTime<Utc>,
        today: NaiveDate,
    ) -> AppResult<Vec<PredictEntryRecord>> {
        let rows: Vec<EntryRow> = diesel::sql_query(format!(
            "SELECT q.id, q.status, COALESCE(ci.is_present, FALSE) AS checked_in, q.joined_at,
                    q.date, q.expedition, q.attended_at, t.implement_type,
                    t.shaft_quantity AS axles
               FROM queue_entries q
               JOIN trucks t ON t.id = q.truck_id
               LEFT JOIN (SELECT DISTINCT ON (c.queue_entry_id) c.queue_entry_id, c.is_present
                            FROM checkins c
                            JOIN queue_entries a ON a.id = c.queue_entry_id
                           WHERE a.company_id = $1 AND a.status IN {ACTIVE}
                           ORDER BY c.queue_entry_id, c.created_at DESC, c.id DESC) ci
                 ON ci.queue_entry_id = q.id
              WHERE q.company_id = $1
                AND (q.status IN {ACTIVE}
                     OR (q.status = 'attended' AND q.attended_at >= $2)
                     OR (q.status IN ('faulty', 'tolerance_dropped')
                         AND q.closed_at >= $2 AND q.date = $3))"
        ))
        .bind::<BigInt, _>(company_id)
        .bind::<Timestamptz, _>(day_start)
        .bind::<Date, _>(today)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| PredictEntryRecord {
                id: r.id,
                status: r.status,
                checked_in: r.checked_in,
                joined_at: r.joined_at,
                date: r.date,
                expedition: r.expedition,
                attended_at: r.attended_at,
                implement_type: r.implement_type,
                axles: r.axles,
            })
            .collect())
    }
}
