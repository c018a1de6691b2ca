//! Reads for the operator's metrics (issue 27), outside any use case: the e-mail outbox's
//! backlog.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Double, Integer};

use crate::pool::PgPool;

/// Mails not delivered yet that will still be tried, and how long the oldest has waited.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OutboxBacklog {
    pub pending: i64,
    /// Seconds since the oldest of them was written (0 when none waits).
    pub oldest_seconds: f64,
}

#[derive(QueryableByName)]
struct BacklogRow {
    #[diesel(sql_type = BigInt)]
    pending: i64,
    #[diesel(sql_type = Double)]
    oldest_seconds: f64,
}

/// The outbox's backlog: `pending` or `failed` rows with fewer than `max_attempts` tries
/// (the retry job's candidates, on its partial index).
pub fn outbox_backlog(pool: &PgPool, max_attempts: i32) -> Result<OutboxBacklog, crate::Error> {
    let mut conn = pool.get_timeout(std::time::Duration::from_secs(1))?;
    let row: BacklogRow = diesel::sql_query(
        "SELECT count(*) AS pending,
                COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest_seconds
           FROM outbox WHERE status IN ('pending', 'failed') AND attempts < $1",
    )
    .bind::<Integer, _>(max_attempts)
    .get_result(&mut conn)?;
    Ok(OutboxBacklog {
        pending: row.pending,
        oldest_seconds: row.oldest_seconds,
    })
}
