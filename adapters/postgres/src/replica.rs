//! Reads from a streaming replica (issue 27, `PATIO_READ_DATABASE_URL`).
//!
//! The reads that may lag the latest commits (the driver's position, dashboards, lists,
//! history, log searches: [`patio_application::ports::Store::run_replica_reads`]) go to the
//! replica; everything else stays on the primary. Two guards keep them correct:
//!
//! - **Its own writes.** After each of its commits, and before it hands an event heard through
//!   LISTEN to the position cache, this instance notes the primary's WAL insert position. A
//!   replica read first makes sure the replica has replayed that far (asked only when the
//!   mark moved past what the replica last said); otherwise the read goes to the primary. So
//!   the screen refreshed after a change, or after an event, never shows the state before it.
//!   Changes made through another instance, with no event, show within the replication lag.
//! - **Its failures.** A replica that cannot be reached, or that fails a read, is left alone
//!   for [`ReadReplica::retry_after`] (`PATIO_READ_RETRY_SECS`, default 5 s): its reads go to
//!   the primary meanwhile, then the next read tries it again. A failed read is run again on
//!   the primary at once, so the user sees an answer, not a 503.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use patio_application::queue::ports::{DriverPositionRecord, PositionReader};
use patio_application::{AppError, AppResult};

use crate::pool::{build_pool_with, PgPool, PgPooledConnection, PoolOptions};
use crate::repos::queue_reads::{load_driver_position, PgDirectReader};

/// Replica reads by outcome: `replica` (served there), `behind` (it had not replayed this
/// instance's last write: primary), `down` (left alone after a failure: primary), `failed`
/// (could not be reached or failed the read: primary).
pub const REPLICA_READS: &str = "patio_db_replica_reads_total";

/// How long a failed replica is left alone by default.
pub const DEFAULT_RETRY_AFTER: Duration = Duration::from_secs(5);

/// The pools of an instance: the primary for every change and the reads inside one, and the
/// replica, when there is one, for the reads that may lag.
#[derive(Clone)]
pub struct Pools {
    pub primary: PgPool,
    pub read: Option<Arc<ReadReplica>>,
}

impl From<PgPool> for Pools {
    /// No replica: every read on the primary.
    fn from(primary: PgPool) -> Self {
        Self {
            primary,
            read: None,
        }
    }
}

/// Where a replica read went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadOutcome {
    Replica,
    Behind,
    Down,
    Failed,
}

impl ReadOutcome {
    pub fn label(self) -> &'static str {
        match self {
            Self::Replica => "replica",
            Self::Behind => "behind",
            Self::Down => "down",
            Self::Failed => "failed",
        }
    }
}

/// The read replica's pool and what this instance knows of it.
pub struct ReadReplica {
    pool: PgPool,
    /// The primary's WAL insert position (bytes) after this instance's last commit or the
    /// last event it heard: the replica must have replayed this far to serve a read.
    needed: AtomicU64,
    /// How far the replica had replayed when last asked (replay only moves forward).
    replayed: AtomicU64,
    /// Until when the replica is left alone after a failure.
    down_until: Mutex<Option<Instant>>,
    retry_after: Duration,
}

#[derive(QueryableByName)]
struct Position {
    #[diesel(sql_type = BigInt)]
    lsn: i64,
}

/// The primary's WAL insert position: past the commit record of everything committed on it.
const PRIMARY_POSITION: &str =
    "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint AS lsn";
/// How far a standby has replayed; a server that is not a standby (a URL pointing at a
/// primary) has everything.
const REPLAYED_POSITION: &str = "SELECT (CASE WHEN pg_is_in_recovery()
      THEN coalesce(pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0'), 0)
      ELSE pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0') END)::bigint AS lsn";

fn position(conn: &mut PgConnection, sql: &str) -> QueryResult<u64> {
    diesel::sql_query(sql)
        .get_result::<Position>(conn)
        .map(|p| u64::try_from(p.lsn).unwrap_or(0))
}

impl ReadReplica {
    /// A pool of connections to the replica at `url` (`options`, opened on demand: an
    /// unreachable replica does not stop the instance from starting).
    pub fn connect(
        url: &str,
        options: &PoolOptions,
        retry_after: Duration,
    ) -> Result<Self, crate::Error> {
        let pool = build_pool_with(
            url,
            &PoolOptions {
                min_idle: Some(0),
                ..options.clone()
            },
        )?;
        Ok(Self {
            pool,
            needed: AtomicU64::new(0),
            replayed: AtomicU64::new(0),
            down_until: Mutex::new(None),
            retry_after,
        })
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    pub fn retry_after(&self) -> Duration {
        self.retry_after
    }

    /// Notes the primary's position on `conn` (a primary connection, after a commit or an
    /// event): later replica reads wait for nothing, they go to the primary until the replica
    /// has replayed it. A failure only leaves the mark where it was.
    pub fn note_primary_position(&self, conn: &mut PgConnection) {
        match position(conn, PRIMARY_POSITION) {
            Ok(lsn) => {
                self.needed.fetch_max(lsn, Ordering::SeqCst);
            }
            Err(error) => tracing::debug!(%error, "primary position not read"),
        }
    }

    /// A replica connection that has replayed this instance's last write, or why not.
    pub fn connection(&self) -> Result<PgPooledConnection, ReadOutcome> {
        let outcome = self.try_connection();
        let label = match &outcome {
            Ok(_) => ReadOutcome::Replica,
            Err(why) => *why,
        };
        metrics::counter!(REPLICA_READS, "outcome" => label.label()).increment(1);
        outcome
    }

    fn try_connection(&self) -> Result<PgPooledConnection, ReadOutcome> {
        if self.is_down() {
            return Err(ReadOutcome::Down);
        }
        let Ok(mut conn) = crate::pool::checkout(&self.pool) else {
            self.failed();
            return Err(ReadOutcome::Failed);
        };
        let needed = self.needed.load(Ordering::SeqCst);
        if self.replayed.load(Ordering::SeqCst) < needed {
            match position(&mut conn, REPLAYED_POSITION) {
                Ok(lsn) => {
                    self.replayed.fetch_max(lsn, Ordering::SeqCst);
                }
                Err(error) => {
                    tracing::warn!(%error, "replica position not read");
                    self.failed();
                    return Err(ReadOutcome::Failed);
                }
            }
            if self.replayed.load(Ordering::SeqCst) < needed {
                return Err(ReadOutcome::Behind);
            }
        }
        Ok(conn)
    }

    /// The replica failed (unreachable, or a read on it failed): left alone for a while.
    pub fn failed(&self) {
        let until = Instant::now() + self.retry_after;
        let mut down = self.down_until.lock().unwrap_or_else(|p| p.into_inner());
        if down.is_none() {
            tracing::warn!(
                retry_in_secs = self.retry_after.as_secs_f64(),
                "read replica failed: its reads go to the primary"
            );
        }
        *down = Some(until);
    }

    /// A read on the replica failed: counted, the replica left alone.
    pub fn failed_mid_read(&self) {
        metrics::counter!(REPLICA_READS, "outcome" => ReadOutcome::Failed.label()).increment(1);
        self.failed();
    }

    fn is_down(&self) -> bool {
        let mut down = self.down_until.lock().unwrap_or_else(|p| p.into_inner());
        match *down {
            Some(until) if Instant::now() < until => true,
            Some(_) => {
                *down = None;
                false
            }
            None => false,
        }
    }

    /// Runs `read` on the replica when it can serve it, else (or when it fails there with
    /// [`AppError::Unavailable`]) returns `None`: the caller reads the primary.
    pub fn try_read<R>(
        &self,
        mut read: impl FnMut(&mut PgConnection) -> AppResult<R>,
    ) -> Option<AppResult<R>> {
        let mut conn = self.connection().ok()?;
        match read(&mut conn) {
            Err(AppError::Unavailable(_)) => {
                self.failed_mid_read();
                None
            }
            other => Some(other),
        }
    }
}

/// The driver's position on the replica, on the primary's reader when the replica cannot
/// serve it.
pub struct ReplicaPositions {
    pub replica: Arc<ReadReplica>,
    pub primary: Arc<PgDirectReader>,
}

impl PositionReader for ReplicaPositions {
    fn driver_position(&self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>> {
        match self
            .replica
            .try_read(|conn| load_driver_position(conn, driver_id))
        {
            Some(read) => read,
            None => self.primary.driver_position(driver_id),
        }
    }
}
