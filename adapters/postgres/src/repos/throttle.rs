//! The login throttle's failures in PostgreSQL, so that every instance counts the same ones
//! (issue 9 item 8). Read and written outside the request's transaction, on its own
//! connection: a refused sign-in must still leave its failure behind.

use chrono::{DateTime, Utc};
use diesel::sql_types::{Array, BigInt, Text, Timestamptz};
use diesel::{QueryableByName, RunQueryDsl};
use patio_application::auth::throttle::ThrottleStore;
use patio_application::AppResult;

use crate::pool::{checkout, PgPool};

pub struct PgThrottleStore {
    pool: PgPool,
}

impl PgThrottleStore {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(QueryableByName)]
struct KeyCount {
    #[diesel(sql_type = Text)]
    key: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

impl ThrottleStore for PgThrottleStore {
    fn failures_since(&self, keys: &[String], since: DateTime<Utc>) -> AppResult<Vec<usize>> {
        let mut conn = checkout(&self.pool)?;
        let counts: Vec<KeyCount> = diesel::sql_query(
            "SELECT key, count(*) AS n FROM login_failures \
             WHERE key = ANY($1) AND failed_at >= $2 GROUP BY key",
        )
        .bind::<Array<Text>, _>(keys)
        .bind::<Timestamptz, _>(since)
        .load(&mut conn)
        .map_err(crate::store::db_error)?;
        Ok(keys
            .iter()
            .map(|k| {
                counts
                    .iter()
                    .find(|c| &c.key == k)
                    .map_or(0, |c| usize::try_from(c.n).unwrap_or(usize::MAX))
            })
            .collect())
    }

    fn record(
        &self,
        keys: &[String],
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> AppResult<()> {
        let mut conn = checkout(&self.pool)?;
        diesel::sql_query(
            "WITH gone AS (DELETE FROM login_failures WHERE failed_at < $3) \
             INSERT INTO login_failures (key, failed_at) SELECT unnest($1), $2",
        )
        .bind::<Array<Text>, _>(keys)
        .bind::<Timestamptz, _>(at)
        .bind::<Timestamptz, _>(forget_before)
        .execute(&mut conn)
        .map_err(crate::store::db_error)?;
        Ok(())
    }

    fn forgive(&self, keys: &[String]) -> AppResult<()> {
        let mut conn = checkout(&self.pool)?;
        diesel::sql_query("DELETE FROM login_failures WHERE key = ANY($1)")
            .bind::<Array<Text>, _>(keys)
            .execute(&mut conn)
            .map_err(crate::store::db_error)?;
        Ok(())
    }
}
