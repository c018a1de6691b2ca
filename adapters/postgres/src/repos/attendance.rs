//! The day's attendance (Iniciar / Encerrar) and the delays in progress.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Date, Integer, Nullable, Text, Timestamptz};
use patio_application::queue::ports::{
    AttendanceDayRecord, AttendanceOpsRepo, DelayInProgressRecord, DelayReasonRecord,
};
use patio_application::AppResult;

use super::queue_engine::{DelayRow, DELAY_SELECT};
use crate::store::{db_error, PgRepos};

#[derive(QueryableByName)]
struct AttendanceRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Date)]
    day: NaiveDate,
    #[diesel(sql_type = Bool)]
    status: bool,
    #[diesel(sql_type = Timestamptz)]
    started_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    ended_at: Option<DateTime<Utc>>,
}

impl From<AttendanceRow> for AttendanceDayRecord {
    fn from(r: AttendanceRow) -> Self {
        AttendanceDayRecord {
            id: r.id,
            company_id: r.company_id,
            day: r.day,
            status: r.status,
            started_at: r.started_at,
            ended_at: r.ended_at,
        }
    }
}

#[derive(QueryableByName)]
struct ReasonRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Text)]
    reason: String,
    #[diesel(sql_type = Integer)]
    time_minutes: i32,
    #[diesel(sql_type = Nullable<Text>)]
    icon: Option<String>,
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

const ATTENDANCE_SELECT: &str =
    "SELECT id, company_id, day, status, started_at, ended_at FROM attendances";

impl AttendanceOpsRepo for PgRepos<'_> {
    fn attendance_by_id(&mut self, id: i64) -> AppResult<Option<AttendanceDayRecord>> {
        let row: Option<AttendanceRow> =
            diesel::sql_query(format!("{ATTENDANCE_SELECT} WHERE id = $1"))
                .bind::<BigInt, _>(id)
                .get_result(self.conn)
                .optional()
                .map_err(db_error)?;
        Ok(row.map(Into::into))
    }

    fn attendance_of_day(
        &mut self,
        company_id: i64,
        day: NaiveDate,
    ) -> AppResult<Option<AttendanceDayRecord>> {
        let row: Option<AttendanceRow> = diesel::sql_query(format!(
            "{ATTENDANCE_SELECT} WHERE company_id = $1 AND day = $2"
        ))
        .bind::<BigInt, _>(company_id)
        .bind::<Date, _>(day)
        .get_result(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map(Into::into))
    }

    fn open_attendance(
        &mut self,
        company_id: i64,
        day: NaiveDate,
        user_id: i64,
        at: DateTime<Utc>,
    ) -> AppResult<i64> {
        let row: IdRow = diesel::sql_query(
            "INSERT INTO attendances (company_id, day, status, started_by, started_at)
             VALUES ($1, $2, TRUE, $3, $4)
             ON CONFLICT (company_id, day)
             DO UPDATE SET status = TRUE, ended_at = NULL, ended_by = NULL
             RETURNING id",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<Date, _>(day)
        .bind::<BigInt, _>(user_id)
        .bind::<Timestamptz, _>(at)
        .get_result(self.conn)
        .map_err(db_error)?;
        Ok(row.id)
    }

    fn close_attendance(&mut self, id: i64, user_id: i64, at: DateTime<Utc>) -> AppResult<()> {
        diesel::sql_query(
            "UPDATE attendances SET status = FALSE, ended_by = $2, ended_at = $3 WHERE id = $1",
        )
        .bind::<BigInt, _>(id)
        .bind::<BigInt, _>(user_id)
        .bind::<Timestamptz, _>(at)
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }

    fn delay_reason(&mut self, id: i64) -> AppResult<Option<DelayReasonRecord>> {
        let row: Option<ReasonRow> = diesel::sql_query(
            "SELECT id, company_id, reason, time_minutes, icon FROM delays WHERE id = $1",
        )
        .bind::<BigInt, _>(id)
        .get_result(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map(|r| DelayReasonRecord {
            id: r.id,
            company_id: r.company_id,
            reason: r.reason,
            minutes: r.time_minutes,
            icon: r.icon,
        }))
    }

    fn open_delay(&mut self, company_id: i64) -> AppResult<Option<DelayInProgressRecord>> {
        let row: Option<DelayRow> = diesel::sql_query(format!(
            "{DELAY_SELECT} WHERE d.company_id = $1 AND d.ended_at IS NULL ORDER BY d.id DESC LIMIT 1"
        ))
        .bind::<BigInt, _>(company_id)
        .get_result(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map(Into::into))
    }

    fn insert_delay_in_progress(
        &mut self,
        company_id: i64,
        delay_id: i64,
        minutes: i32,
        at: DateTime<Utc>,
    ) -> AppResult<i64> {
        let row: IdRow = diesel::sql_query(
            "INSERT INTO delays_in_progress (company_id, delay_id, delayed_minutes, expedition,
                                             created_at)
             VALUES ($1, $2, $3, $4, $4) RETURNING id",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<BigInt, _>(delay_id)
        .bind::<Integer, _>(minutes)
        .bind::<Timestamptz, _>(at)
        .get_result(self.conn)
        .map_err(db_error)?;
        Ok(row.id)
    }

    fn end_delay_in_progress(
        &mut self,
        id: i64,
        adjustment: i32,
        at: DateTime<Utc>,
    ) -> AppResult<()> {
        diesel::sql_query(
            "UPDATE delays_in_progress
                SET delayed_minutes = delayed_minutes + $2, ended_at = $3
              WHERE id = $1",
        )
        .bind::<BigInt, _>(id)
        .bind::<Integer, _>(adjustment)
        .bind::<Timestamptz, _>(at)
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }
}
