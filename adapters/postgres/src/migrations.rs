//! The migrations of `db/migrations`, embedded in the binary (DESIGN section 3). They run at
//! `patio serve` start and with `patio migrate`.

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::sql_types::BigInt;
use diesel::{sql_query, RunQueryDsl};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use crate::Error;

/// Every migration of `db/migrations`.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../db/migrations");

/// Key of the session advisory lock held while migrating, so that several instances
/// starting together migrate one after the other ("patio_mg").
const MIGRATION_LOCK_KEY: i64 = 0x7061_7469_6f5f_6d67;

/// Runs the pending migrations, in order, each in its own transaction, under an advisory
/// lock. Returns the versions applied (empty when the schema was up to date).
pub fn run_pending(conn: &mut PgConnection) -> Result<Vec<String>, Error> {
    with_migration_lock(conn, |conn| {
        let applied = conn
            .run_pending_migrations(MIGRATIONS)
            .map_err(|error| Error::Migration(error.to_string()))?;
        Ok(applied.iter().map(ToString::to_string).collect())
    })
}

/// Number of embedded migrations not applied to the database yet.
/// [`run_pending`] on a connection of its own to `url` (closed after): the migrations' lock is
/// a session's, so `url` must not be a pooler in transaction mode.
pub fn run_pending_at(url: &str) -> Result<Vec<String>, Error> {
    use diesel::Connection;
    let mut conn = PgConnection::establish(url)?;
    run_pending(&mut conn)
}

pub fn pending_count(conn: &mut PgConnection) -> Result<usize, Error> {
    Ok(pending(conn)?.len())
}

/// Names (`<version>_<name>`) of the embedded migrations not applied yet.
pub fn pending(conn: &mut PgConnection) -> Result<Vec<String>, Error> {
    let pending = conn
        .pending_migrations(MIGRATIONS)
        .map_err(|error| Error::Migration(error.to_string()))?;
    Ok(pending
        .iter()
        .map(|migration| migration.name().to_string())
        .collect())
}

/// Versions applied to the database, newest first.
pub fn applied(conn: &mut PgConnection) -> Result<Vec<String>, Error> {
    let applied = conn
        .applied_migrations()
        .map_err(|error| Error::Migration(error.to_string()))?;
    Ok(applied.iter().map(ToString::to_string).collect())
}

/// Reverts the most recent migration and returns its version.
pub fn revert_last(conn: &mut PgConnection) -> Result<String, Error> {
    with_migration_lock(conn, |conn| {
        let version = conn
            .revert_last_migration(MIGRATIONS)
            .map_err(|error| Error::Migration(error.to_string()))?;
        Ok(version.to_string())
    })
}

fn with_migration_lock<T>(
    conn: &mut PgConnection,
    f: impl FnOnce(&mut PgConnection) -> Result<T, Error>,
) -> Result<T, Error> {
    // A migration may wait for another instance's, and rewrite a large table: the pool's
    // statement and lock timeouts do not apply here (RESET returns to them afterwards).
    conn.batch_execute("SET statement_timeout = 0; SET lock_timeout = 0")?;
    let locked = sql_query("SELECT pg_advisory_lock($1)")
        .bind::<BigInt, _>(MIGRATION_LOCK_KEY)
        .execute(conn);
    let result = locked.map_err(Error::from).and_then(|_| f(conn));
    let unlocked = sql_query("SELECT pg_advisory_unlock($1)")
        .bind::<BigInt, _>(MIGRATION_LOCK_KEY)
        .execute(conn);
    let reset = conn.batch_execute("RESET statement_timeout; RESET lock_timeout");
    let value = result?;
    unlocked?;
    reset?;
    Ok(value)
}
