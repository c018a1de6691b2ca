//! The retention job's deletes (issue 28): the oldest rows first, by the created_at indexes,
//! `FOR UPDATE SKIP LOCKED` so that a batch never waits on (nor blocks) a row another
//! transaction holds, such as a mail being delivered.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Integer, Timestamptz};
use patio_application::ports::RetentionRepo;
use patio_application::AppResult;

use crate::store::{db_error, PgRepos};

#[derive(QueryableByName)]
struct Created {
    #[diesel(sql_type = Integer)]
    n: i32,
}

#[derive(QueryableByName)]
struct Dropped {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

impl PgRepos<'_> {
    fn prune(&mut self, sql: &str, before: DateTime<Utc>, limit: i64) -> AppResult<u64> {
        diesel::sql_query(sql)
            .bind::<Timestamptz, _>(before)
            .bind::<BigInt, _>(limit)
            .execute(self.conn)
            .map(|n| n as u64)
            .map_err(db_error)
    }
}

impl RetentionRepo for PgRepos<'_> {
    fn prune_staff_logs(&mut self, before: DateTime<Utc>, limit: i64) -> AppResult<u64> {
        // Partitioned by created_at: the key (id, created_at) and the bound find each row in
        // its month's partition instead of probing every month for the id.
        self.prune(
            "DELETE FROM staff_logs WHERE created_at < $1 AND (id, created_at) IN (
                 SELECT id, created_at FROM staff_logs WHERE created_at < $1
                  ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)",
            before,
            limit,
        )
    }

    fn ensure_staff_log_partitions(
        &mut self,
        from: NaiveDate,
        through: NaiveDate,
    ) -> AppResult<u32> {
        diesel::sql_query("SELECT patio_staff_log_partitions($1, $2) AS n")
            .bind::<Date, _>(from)
            .bind::<Date, _>(through)
            .get_result::<Created>(self.conn)
            .map(|r| r.n.unsigned_abs())
            .map_err(db_error)
    }

    fn drop_staff_log_partitions(&mut self, before: DateTime<Utc>) -> AppResult<u64> {
        diesel::sql_query("SELECT patio_drop_staff_log_partitions($1) AS n")
            .bind::<Timestamptz, _>(before)
            .get_result::<Dropped>(self.conn)
            .map(|r| r.n.unsigned_abs())
            .map_err(db_error)
    }

    fn prune_driver_logs(&mut self, before: DateTime<Utc>, limit: i64) -> AppResult<u64> {
        self.prune(
            "DELETE FROM driver_logs WHERE id IN (
                 SELECT id FROM driver_logs WHERE created_at < $1
                  ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)",
            before,
            limit,
        )
    }

    fn prune_outbox(
        &mut self,
        before: DateTime<Utc>,
        max_attempts: i32,
        limit: i64,
    ) -> AppResult<u64> {
        diesel::sql_query(
            "DELETE FROM outbox WHERE id IN (
                 SELECT id FROM outbox
                  WHERE created_at < $1
                    AND (status IN ('sent', 'logged') OR (status = 'failed' AND attempts >= $3))
                  ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)",
        )
        .bind::<Timestamptz, _>(before)
        .bind::<BigInt, _>(limit)
        .bind::<Integer, _>(max_attempts)
        .execute(self.conn)
        .map(|n| n as u64)
        .map_err(db_error)
    }
}
