//! Errors of the adapter's infrastructure (pool, connections, migrations). Repositories map
//! query errors to the application's own errors themselves.

/// An infrastructure error of the PostgreSQL adapter.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("invalid database URL: {0}")]
    InvalidUrl(String),
    #[error("database pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error("database connection: {0}")]
    Connection(#[from] diesel::ConnectionError),
    #[error("database query: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("migrations: {0}")]
    Migration(String),
    #[error("{0} database migration(s) pending")]
    PendingMigrations(usize),
    #[error("test database harness: {0}")]
    Testkit(String),
}
