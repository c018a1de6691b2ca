//! What the background jobs read and write (DESIGN section 5).

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Text, Timestamptz};
use patio_application::queue::ports::{ExpiryCandidate, QueueJobRepo};
use patio_application::AppResult;

use super::queue_engine::ACTIVE;
use crate::store::{db_error, PgRepos};

#[derive(QueryableByName)]
struct BoolRow {
    #[diesel(sql_type = Bool)]
    v: bool,
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

#[derive(QueryableByName)]
struct CandidateRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = Text)]
    order_code: String,
    #[diesel(sql_type = Date)]
    expiration_date: NaiveDate,
    #[diesel(sql_type = Text)]
    time_zone: String,
}

/// Open loadings: not started, not finished, held by no active queue entry.
fn open_loading(alias: &str) -> String {
    format!(
        "{alias}.exped_initial_date IS NULL AND {alias}.status = FALSE
         AND NOT EXISTS (SELECT 1 FROM queue_entries q
                          WHERE q.scheduling_id = {alias}.id AND q.status IN {ACTIVE})"
    )
}

impl QueueJobRepo for PgRepos<'_> {
    fn try_job_lock(&mut self, key: i64) -> AppResult<bool> {
        let row: BoolRow = diesel::sql_query("SELECT pg_try_advisory_xact_lock($1) AS v")
            .bind::<BigInt, _>(key)
            .get_result(self.conn)
            .map_err(db_error)?;
        Ok(row.v)
    }

    fn companies_with_tolerance(&mut self) -> AppResult<Vec<i64>> {
        let rows: Vec<IdRow> = diesel::sql_query(
            "SELECT s.company_id AS id FROM settings s
              WHERE s.enable_tolerance
                AND EXISTS (SELECT 1 FROM queue_entries q
                             WHERE q.company_id = s.company_id AND q.status = 'waiting')
              ORDER BY 1",
        )
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(|r| r.id).collect())
    }

    fn companies_with_stale_plan(&mut self, before: DateTime<Utc>) -> AppResult<Vec<i64>> {
        let rows: Vec<IdRow> = diesel::sql_query(format!(
            "SELECT c.id FROM companies c
               LEFT JOIN queue_states qs ON qs.company_id = c.id
              WHERE (qs.planned_at IS NULL OR qs.planned_at < $1)
                AND EXISTS (SELECT 1 FROM queue_entries q
                             WHERE q.company_id = c.id AND q.status IN {ACTIVE})
              ORDER BY 1"
        ))
        .bind::<Timestamptz, _>(before)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(|r| r.id).collect())
    }

    fn expiry_candidates(&mut self, before: NaiveDate) -> AppResult<Vec<ExpiryCandidate>> {
        let rows: Vec<CandidateRow> = diesel::sql_query(format!(
            "SELECT s.id, s.company_id, s.driver_id, o.code AS order_code, s.expiration_date,
                    COALESCE(st.time_zone, 'America/Sao_Paulo') AS time_zone
               FROM schedulings s
               JOIN orders o ON o.id = s.order_id
               LEFT JOIN settings st ON st.company_id = s.company_id
              WHERE s.expiration_date < $1 AND {}
              ORDER BY s.id",
            open_loading("s")
        ))
        .bind::<Date, _>(before)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| ExpiryCandidate {
                scheduling_id: r.id,
                company_id: r.company_id,
                driver_id: r.driver_id,
                order_code: r.order_code,
                expiration_date: r.expiration_date,
                time_zone: r.time_zone,
            })
            .collect())
    }

    fn delete_loadings(&mut self, ids: &[i64], reason: &str, at: DateTime<Utc>) -> AppResult<u64> {
        let locked: Vec<i64> = diesel::sql_query(format!(
            "SELECT s.id FROM schedulings s WHERE s.id = ANY($1) AND {} FOR UPDATE",
            open_loading("s")
        ))
        .bind::<Array<BigInt>, _>(ids)
        .load::<IdRow>(self.conn)
        .map_err(db_error)?
        .into_iter()
        .map(|r| r.id)
        .collect();
        if locked.is_empty() {
            return Ok(0);
        }
        // Closed entries stop pointing at the loading so it can leave `schedulings`.
        diesel::sql_query(
            "UPDATE queue_entries SET scheduling_id = NULL WHERE scheduling_id = ANY($1)",
        )
        .bind::<Array<BigInt>, _>(&locked)
        .execute(self.conn)
        .map_err(db_error)?;
        let moved = diesel::sql_query(
            "WITH moved AS (DELETE FROM schedulings WHERE id = ANY($1) RETURNING *)
             INSERT INTO deleted_schedulings
                 (scheduling_id, company_id, order_id, truck_id, driver_id, shipping_company_id,
                  qty_ordered, qty_transported, expiration_date, exped_date, exped_initial_date,
                  status, reason, created_at, deleted_at)
             SELECT id, company_id, order_id, truck_id, driver_id, shipping_company_id,
                    qty_ordered, qty_transported, expiration_date, exped_date, exped_initial_date,
                    status, $2, created_at, $3
               FROM moved",
        )
        .bind::<Array<BigInt>, _>(&locked)
        .bind::<Text, _>(reason)
        .bind::<Timestamptz, _>(at)
        .execute(self.conn)
        .map_err(db_error)?;
        Ok(moved as u64)
    }
}
