//! Reads from a streaming replica (issue 27, `PATIO_READ_DATABASE_URL`).
//!
//! The reads that may lag the latest commits (the driver's position, dashboards, lists,
//! history, log searches: [`patio_application::ports::Store::run_replica_reads`]) go to the
//! replica; everything else stays on the primary. Three guards keep them correct:
//!
//! - **The actor's own writes.** After each commit this instance notes the primary's WAL
//!   insert position as the mark of the actor it committed for
//!   ([`patio_application::consistency`]: the signed-in user or driver of the request). That
//!   actor's replica reads wait until the replica has replayed it, or go to the primary; other
//!   actors' reads are not held back by it.
//! - **What an event announced.** Before an event reaches the position cache and the sockets
//!   (heard through LISTEN, or published here), the primary's position is noted for its
//!   company and the drivers it names. The position cache's fill of a driver and the reads of
//!   a company's queue that screens repeat on its events ([`Store::run_company_replica_reads`])
//!   must see it: a phone told "you moved" never reads the position before the move.
//! - **Its failures.** A replica that cannot be reached, or that fails a read, is left alone
//!   for [`ReadReplica::retry_after`] (`PATIO_READ_RETRY_SECS`, default 5 s): its reads go to
//!   the primary meanwhile, then the next read tries it again. A failed read is run again on
//!   the primary at once, so the user sees an answer, not a 503.
//!
//! A read whose mark the replica has not replayed yet waits for it up to
//! [`ReadReplica::wait`] (`PATIO_READ_WAIT_MS`, default 20 ms: a few times the usual lag),
//! asking the replica every 2 ms, then goes to the primary (`behind`).
//!
//! [`Store::run_company_replica_reads`]: patio_application::ports::Store::run_company_replica_reads

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use patio_application::consistency::{current_reader, Reader};
use patio_application::queue::ports::{
    DomainEvent, DriverPositionRecord, EventPublisher, PositionReader,
};
use patio_application::{AppError, AppResult};

use crate::pool::{build_pool_with, PgPool, PgPooledConnection, PoolOptions};
use crate::repos::queue_reads::{load_driver_position, PgDirectReader};

/// Replica reads by outcome: `replica` (served there), `behind` (it had not replayed, within
/// the wait, what the read must see: primary), `down` (left alone after a failure: primary),
/// `failed` (could not be reached or failed the read: primary).
pub const REPLICA_READS: &str = "patio_db_replica_reads_total";

/// How long a failed replica is left alone by default.
pub const DEFAULT_RETRY_AFTER: Duration = Duration::from_secs(5);

/// How long a read waits by default for the replica to replay what it must see.
pub const DEFAULT_WAIT: Duration = Duration::from_millis(20);

/// How often a waiting read asks the replica how far it has replayed.
const WAIT_STEP: Duration = Duration::from_millis(2);

/// Past this many marks of one kind (actors, companies, drivers), the replayed ones are
/// dropped; if that is not enough, all are dropped and their highest becomes the floor.
const MAX_MARKS: usize = 50_000;

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

    fn count(self) {
        metrics::counter!(REPLICA_READS, "outcome" => self.label()).increment(1);
    }
}

/// What a read must see, as WAL positions (bytes) of the primary.
#[derive(Default)]
struct Marks {
    /// Each actor's last commit through this instance.
    readers: HashMap<Reader, u64>,
    /// Each company's last event heard or published here.
    companies: HashMap<i64, u64>,
    /// Each driver's last event that named them.
    drivers: HashMap<i64, u64>,
    /// The last event of any company (for a driver with no entry, whom any company's change
    /// may have put in a queue).
    any_company: u64,
    /// Every read needs this: the highest mark dropped before the replica had replayed it.
    floor: u64,
}

impl Marks {
    fn raise<K: Eq + Hash>(
        map: &mut HashMap<K, u64>,
        floor: &mut u64,
        key: K,
        lsn: u64,
        replayed: u64,
    ) {
        let mark = map.entry(key).or_insert(0);
        *mark = (*mark).max(lsn);
        if map.len() > MAX_MARKS {
            map.retain(|_, m| *m > replayed);
            if map.len() > MAX_MARKS / 2 {
                *floor = (*floor).max(map.values().copied().max().unwrap_or(0));
                map.clear();
            }
        }
    }
}

/// The read replica's pool and what this instance knows of it.
pub struct ReadReplica {
    pool: PgPool,
    marks: Mutex<Marks>,
    /// The primary's position after this instance's last commit (its own events' mark).
    last_commit: AtomicU64,
    /// How far the replica had replayed when last asked (replay only moves forward; forgotten
    /// when the replica fails, as it may come back as another server).
    replayed: AtomicU64,
    /// Until when the replica is left alone after a failure.
    down_until: Mutex<Option<Instant>>,
    retry_after: Duration,
    wait: Duration,
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

/// What a replica read must see besides the floor and the current actor's writes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Needs {
    pub company: Option<i64>,
    pub driver: Option<i64>,
    /// Any company's last event (a driver found in no queue).
    pub any_company: bool,
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
            marks: Mutex::new(Marks::default()),
            last_commit: AtomicU64::new(0),
            replayed: AtomicU64::new(0),
            down_until: Mutex::new(None),
            retry_after,
            wait: DEFAULT_WAIT,
        })
    }

    /// How long a read waits for the replica to replay what it must see (0: not at all).
    pub fn with_wait(mut self, wait: Duration) -> Self {
        self.wait = wait;
        self
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    pub fn retry_after(&self) -> Duration {
        self.retry_after
    }

    pub fn wait(&self) -> Duration {
        self.wait
    }

    fn marks(&self) -> MutexGuard<'_, Marks> {
        self.marks.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The primary's position on `conn` (a primary connection), if it can be read.
    pub fn primary_position(&self, conn: &mut PgConnection) -> Option<u64> {
        match position(conn, PRIMARY_POSITION) {
            Ok(lsn) => Some(lsn),
            Err(error) => {
                tracing::debug!(%error, "primary position not read");
                None
            }
        }
    }

    /// After a commit on `conn` (a primary connection): the current actor's next replica
    /// reads must see it, and so must the reads prompted by the events it publishes. A
    /// failure leaves the marks where they were.
    pub fn note_commit(&self, conn: &mut PgConnection) {
        let Some(lsn) = self.primary_position(conn) else {
            return;
        };
        self.last_commit.fetch_max(lsn, Ordering::SeqCst);
        if let Some(reader) = current_reader() {
            let replayed = self.replayed.load(Ordering::SeqCst);
            let marks = &mut *self.marks();
            Marks::raise(&mut marks.readers, &mut marks.floor, reader, lsn, replayed);
        }
    }

    /// The primary's position after this instance's last commit.
    pub fn last_commit(&self) -> u64 {
        self.last_commit.load(Ordering::SeqCst)
    }

    /// `event` was committed at or before `lsn`: the reads it prompts (its company's, its
    /// drivers' positions) must see that far.
    pub fn note_event(&self, event: &DomainEvent, lsn: u64) {
        let (company, drivers): (i64, &[i64]) = match event {
            DomainEvent::QueueChanged {
                company_id,
                drivers,
                ..
            } => (*company_id, drivers.as_deref().unwrap_or_default()),
            DomainEvent::CheckInCall {
                company_id,
                driver_id,
                ..
            } => (*company_id, std::slice::from_ref(driver_id)),
            DomainEvent::AccountChanged { .. } => return,
        };
        let replayed = self.replayed.load(Ordering::SeqCst);
        let marks = &mut *self.marks();
        marks.any_company = marks.any_company.max(lsn);
        Marks::raise(
            &mut marks.companies,
            &mut marks.floor,
            company,
            lsn,
            replayed,
        );
        for driver in drivers {
            Marks::raise(&mut marks.drivers, &mut marks.floor, *driver, lsn, replayed);
        }
    }

    /// The position a read with `needs` by the current actor must find replayed.
    pub fn needed(&self, needs: Needs) -> u64 {
        let marks = self.marks();
        let of = |map: &HashMap<i64, u64>, key: Option<i64>| {
            key.and_then(|k| map.get(&k).copied()).unwrap_or(0)
        };
        let reader = current_reader()
            .and_then(|r| marks.readers.get(&r).copied())
            .unwrap_or(0);
        let any = if needs.any_company {
            marks.any_company
        } else {
            0
        };
        marks
            .floor
            .max(reader)
            .max(of(&marks.companies, needs.company))
            .max(of(&marks.drivers, needs.driver))
            .max(any)
    }

    /// Whether the replica on `conn` has replayed `needed`, waiting for it up to
    /// [`Self::wait`]. `Err`: it could not be asked.
    fn replayed_to(&self, conn: &mut PgConnection, needed: u64) -> QueryResult<bool> {
        let started = Instant::now();
        loop {
            if self.replayed.load(Ordering::SeqCst) >= needed {
                return Ok(true);
            }
            let lsn = position(conn, REPLAYED_POSITION)?;
            self.replayed.fetch_max(lsn, Ordering::SeqCst);
            if lsn >= needed {
                return Ok(true);
            }
            if started.elapsed() + WAIT_STEP > self.wait {
                return Ok(false);
            }
            std::thread::sleep(WAIT_STEP);
        }
    }

    /// A replica connection that has replayed `needed`, or why not (not counted).
    fn connection_at(&self, needed: u64) -> Result<PgPooledConnection, ReadOutcome> {
        if self.is_down() {
            return Err(ReadOutcome::Down);
        }
        let Ok(mut conn) = crate::pool::checkout(&self.pool) else {
            self.failed();
            return Err(ReadOutcome::Failed);
        };
        match self.replayed_to(&mut conn, needed) {
            Ok(true) => Ok(conn),
            Ok(false) => Err(ReadOutcome::Behind),
            Err(error) => {
                tracing::warn!(%error, "replica position not read");
                self.failed();
                Err(ReadOutcome::Failed)
            }
        }
    }

    /// The replica failed (unreachable, or a read on it failed): left alone for a while.
    pub fn failed(&self) {
        let until = Instant::now() + self.retry_after;
        self.replayed.store(0, Ordering::SeqCst);
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
        ReadOutcome::Failed.count();
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

    /// Runs `read` on the replica when it has replayed what a read with `needs` by the current
    /// actor must see, else (or when it fails there with [`AppError::Unavailable`]) returns
    /// `None`: the caller reads the primary.
    pub fn try_read<R>(
        &self,
        needs: Needs,
        read: impl FnMut(&mut PgConnection) -> AppResult<R>,
    ) -> Option<AppResult<R>> {
        self.try_read_then(needs, read, |_| Needs::default())
    }

    /// [`Self::try_read`], where the answer tells more of what it must see (`more`: the
    /// driver's company, known once read). If the replica had not replayed that when the read
    /// began, the read is run again once it has (within the wait), else `None`.
    pub fn try_read_then<R>(
        &self,
        needs: Needs,
        mut read: impl FnMut(&mut PgConnection) -> AppResult<R>,
        more: impl Fn(&R) -> Needs,
    ) -> Option<AppResult<R>> {
        let needed = self.needed(needs);
        let mut conn = match self.connection_at(needed) {
            Ok(conn) => conn,
            Err(why) => {
                why.count();
                return None;
            }
        };
        let mut attempts = 0;
        loop {
            attempts += 1;
            // Replay only moves forward: the read's snapshot is at least this far.
            let seen = self.replayed.load(Ordering::SeqCst);
            let answer = match read(&mut conn) {
                Err(AppError::Unavailable(_)) => {
                    self.failed_mid_read();
                    return None;
                }
                other => other,
            };
            let Ok(found) = &answer else {
                ReadOutcome::Replica.count();
                return Some(answer);
            };
            let needed = self.needed(more(found));
            if seen >= needed {
                ReadOutcome::Replica.count();
                return Some(answer);
            }
            match self.replayed_to(&mut conn, needed) {
                Ok(true) if attempts < 2 => continue,
                Ok(_) => ReadOutcome::Behind.count(),
                Err(_) => {
                    self.failed_mid_read();
                    return None;
                }
            }
            return None;
        }
    }
}

/// Notes each event's position before it reaches this instance's position cache and the
/// rest of `next` (the events this instance publishes after its commits).
pub struct MarkingPublisher {
    pub replica: Arc<ReadReplica>,
    pub next: Arc<dyn EventPublisher>,
}

impl EventPublisher for MarkingPublisher {
    fn publish(&self, event: &DomainEvent) {
        // Published after its commit, so this instance's last commit is at or past it.
        self.replica.note_event(event, self.replica.last_commit());
        self.next.publish(event);
    }
}

/// The driver's position on the replica, on the primary's reader when the replica cannot
/// serve it. The replica must have replayed the driver's own writes, the last event that named
/// the driver and the last event of the driver's company (or of any company, for a driver
/// in no queue): the position cache refills from here after such an event.
pub struct ReplicaPositions {
    pub replica: Arc<ReadReplica>,
    pub primary: Arc<PgDirectReader>,
}

impl PositionReader for ReplicaPositions {
    fn driver_position(&self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>> {
        let needs = Needs {
            driver: Some(driver_id),
            ..Needs::default()
        };
        let company_of = |found: &Option<DriverPositionRecord>| match found {
            Some(record) => Needs {
                company: Some(record.company_id),
                ..needs
            },
            None => Needs {
                any_company: true,
                ..needs
            },
        };
        match self.replica.try_read_then(
            needs,
            |conn| load_driver_position(conn, driver_id),
            company_of,
        ) {
            Some(read) => read,
            None => self.primary.driver_position(driver_id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_past_the_bound_drop_the_replayed_then_raise_the_floor() {
        let mut map = HashMap::new();
        let mut floor = 0;
        for k in 0..=MAX_MARKS as i64 {
            Marks::raise(&mut map, &mut floor, k, 10, 0);
        }
        // None replayed: all dropped, their highest mark now needed by every read.
        assert!(map.is_empty());
        assert_eq!(floor, 10);
        for k in 0..=MAX_MARKS as i64 {
            Marks::raise(&mut map, &mut floor, k, 20 + u64::from(k == 7), 20);
        }
        // All but one replayed: the one kept, the floor unchanged.
        assert_eq!(map.len(), 1);
        assert_eq!(map.get(&7), Some(&21));
        assert_eq!(floor, 10);
    }
}
