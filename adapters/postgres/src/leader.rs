//! One `patio serve` runs the background jobs at a time (issue 15, "two instances as one").
//!
//! Each job already takes a transaction-level advisory lock, so two instances never run the
//! same job at once; but they would both run it once per period, one after the other. The
//! instance that holds [`JOBS_LEADER_KEY`] (a session-level advisory lock on a connection of
//! its own) is the only one that runs them; when it stops or loses its connection, the lock
//! goes with the session and another instance takes the lead at its next tick.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};

/// Advisory-lock key of the jobs' leader ("patio_ld").
pub const JOBS_LEADER_KEY: i64 = 0x7061_7469_6f5f_6c64;

#[derive(QueryableByName)]
struct BoolRow {
    #[diesel(sql_type = Bool)]
    v: bool,
}

pub struct JobsLeader {
    url: String,
    conn: Option<PgConnection>,
    leading: bool,
}

impl JobsLeader {
    pub fn new(url: impl Into<String>) -> Self {
        Self {
            url: url.into(),
            conn: None,
            leading: false,
        }
    }

    /// Whether this instance leads now; takes the lead when nobody holds it.
    pub fn lead(&mut self) -> bool {
        match self.try_lead() {
            Ok(leading) => leading,
            Err(error) => {
                // The session (and the lock with it) is gone: start over next time.
                tracing::warn!(%error, "jobs leader connection lost");
                self.conn = None;
                self.leading = false;
                false
            }
        }
    }

    fn try_lead(&mut self) -> Result<bool, diesel::result::Error> {
        if self.conn.is_none() {
            self.leading = false;
            self.conn = Some(
                PgConnection::establish(&self.url)
                    .map_err(|e| diesel::result::Error::QueryBuilderError(e.to_string().into()))?,
            );
        }
        let Some(conn) = self.conn.as_mut() else {
            return Ok(false);
        };
        let sql = if self.leading {
            // Still connected, so still holding the lock.
            "SELECT TRUE AS v"
        } else {
            "SELECT pg_try_advisory_lock($1) AS v"
        };
        let row: BoolRow = diesel::sql_query(sql)
            .bind::<BigInt, _>(JOBS_LEADER_KEY)
            .get_result(conn)?;
        self.leading = row.v;
        Ok(row.v)
    }
}
