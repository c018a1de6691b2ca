//! The `Store` port on PostgreSQL: one transaction per unit of work, and [`PgRepos`], which
//! implements every repository on that transaction's connection.

use diesel::pg::PgConnection;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::Connection;
use patio_application::ports::{Repos, Store};
use patio_application::{AppError, AppResult};

use std::sync::Arc;

use crate::pool::PgPool;
use crate::replica::{Needs, Pools, ReadReplica};

pub const DUPLICATE_MESSAGE: &str = "Dado já cadastrado!";
pub const REFERENCED_MESSAGE: &str = "Registro em uso por outros cadastros.";

pub struct PgStore {
    pool: PgPool,
    /// The read replica of [`Store::run_replica_reads`] (issue 27), if any.
    replica: Option<Arc<ReadReplica>>,
}

impl PgStore {
    pub fn new(pool: PgPool) -> Self {
        Self {
            pool,
            replica: None,
        }
    }

    /// On the primary, with the reads that may lag on `pools.read` when there is one.
    pub fn with_pools(pools: &Pools) -> Self {
        Self {
            pool: pools.primary.clone(),
            replica: pools.read.clone(),
        }
    }
}

/// Repositories on one connection inside a transaction.
pub struct PgRepos<'c> {
    pub(crate) conn: &'c mut PgConnection,
}

enum TxError {
    App(AppError),
    Db(DieselError),
}

impl From<DieselError> for TxError {
    fn from(e: DieselError) -> Self {
        Self::Db(e)
    }
}

/// Unique and foreign-key violations are the database's word on duplicates and references
/// (DESIGN section 3); services refine the message where the spec has one.
pub fn db_error(e: DieselError) -> AppError {
    match &e {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            AppError::Duplicate(DUPLICATE_MESSAGE.to_owned())
        }
        DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _) => {
            AppError::Referenced(REFERENCED_MESSAGE.to_owned())
        }
        DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => {
            AppError::unavailable(e)
        }
        _ if is_timeout(&e) => AppError::unavailable(e),
        _ => AppError::internal(e),
    }
}

/// Whether PostgreSQL cancelled the statement (`statement_timeout`, `lock_timeout`, an
/// operator's cancel). Diesel gives the message, not the SQLSTATE (57014, 55P03); the
/// English text is the server's default. A server answering in another language is caught
/// by [`past_the_timeout`].
pub fn is_timeout(e: &DieselError) -> bool {
    matches!(e, DieselError::DatabaseError(_, info)
        if info.message().starts_with("canceling statement due to"))
}

/// An internal error of a unit of work that ran past the statement timeout is the timeout's
/// (whatever the server's language): 503 `unavailable`, as [`is_timeout`] answers.
fn past_the_timeout(e: AppError, started: std::time::Instant) -> AppError {
    match e {
        AppError::Internal(_)
            if crate::pool::statement_timeout().is_some_and(|t| started.elapsed() >= t) =>
        {
            AppError::unavailable("the unit of work ran past the statement timeout")
        }
        other => other,
    }
}

impl Store for PgStore {
    fn run(&self, work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>) -> AppResult<()> {
        let mut conn = crate::pool::checkout(&self.pool)?;
        let started = std::time::Instant::now();
        conn.transaction::<(), TxError, _>(|conn| {
            let mut repos = PgRepos { conn };
            work(&mut repos).map_err(TxError::App)
        })
        .map_err(|e| match e {
            TxError::App(e) => past_the_timeout(e, started),
            TxError::Db(e) => past_the_timeout(db_error(e), started),
        })?;
        // The actor's next replica reads, and those its events prompt, must see this.
        if let Some(replica) = &self.replica {
            replica.note_commit(&mut conn);
        }
        Ok(())
    }

    fn run_reads(&self, work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>) -> AppResult<()> {
        let mut conn = crate::pool::checkout(&self.pool)?;
        let started = std::time::Instant::now();
        let mut repos = PgRepos { conn: &mut conn };
        work(&mut repos).map_err(|e| past_the_timeout(e, started))
    }

    fn run_replica_reads(
        &self,
        work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>,
    ) -> AppResult<()> {
        self.replica_reads_with(Needs::default(), work)
    }

    fn run_company_replica_reads(
        &self,
        company_id: i64,
        work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>,
    ) -> AppResult<()> {
        let needs = Needs {
            company: Some(company_id),
            ..Needs::default()
        };
        self.replica_reads_with(needs, work)
    }
}

impl PgStore {
    /// On the replica when it has replayed what `needs` (and the current actor's writes) ask
    /// for, else on the primary.
    fn replica_reads_with(
        &self,
        needs: Needs,
        work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>,
    ) -> AppResult<()> {
        if let Some(replica) = &self.replica {
            let started = std::time::Instant::now();
            let on_replica = replica.try_read(needs, |conn| {
                let mut repos = PgRepos { conn };
                work(&mut repos).map_err(|e| past_the_timeout(e, started))
            });
            if let Some(read) = on_replica {
                return read;
            }
        }
        self.run_reads(work)
    }
}
