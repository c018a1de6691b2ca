//! PostgreSQL adapter of Pátio (DESIGN sections 1 and 3): the diesel schema, row structs,
//! the r2d2 connection pool, the embedded migrations and, behind the `testkit` feature,
//! the per-test database harness.
//!
//! The repositories implementing the application ports live here too (added next to
//! `rows`); every use case runs in one transaction on a connection from [`PgPool`].

pub mod error;
mod leader;
mod listener;
pub mod migrations;
pub mod ops;
pub mod pool;
pub mod pool_metrics;
pub mod replica;
mod repos;
pub mod rows;
#[rustfmt::skip]
pub mod schema;
pub mod seed;
pub mod store;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod values;

pub use error::Error;
pub use leader::{JobsLeader, JOBS_LEADER_KEY};
pub use listener::{EventListener, LISTENER_NAME};
pub use pool::{build_pool, PgPool, PgPooledConnection};
pub use replica::{MarkingPublisher, Pools, ReadReplica, ReplicaPositions};
pub use repos::events::{PgEventPublisher, EVENTS_CHANNEL};
pub use repos::queue_reads::{driver_position_sql, PgDirectReader};
pub use repos::throttle::PgThrottleStore;
pub use repos::trucks::PgPlateRegistry;

use std::time::Duration;

/// How long [`ready_check`] waits at most for a pooled connection.
const READY_CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// Readiness of the database (`/api/ready`): reachable and no migration pending.
pub fn ready_check(pool: &PgPool) -> bool {
    match readiness(pool) {
        Ok(()) => true,
        Err(error) => {
            tracing::warn!(%error, "database not ready");
            false
        }
    }
}

/// Like [`ready_check`], with the reason when the database is not ready.
pub fn readiness(pool: &PgPool) -> Result<(), Error> {
    let mut conn = pool.get_timeout(READY_CHECK_TIMEOUT.min(pool.connection_timeout()))?;
    match migrations::pending_count(&mut conn)? {
        0 => Ok(()),
        pending => Err(Error::PendingMigrations(pending)),
    }
}
