//! Per-test databases (DESIGN section 8), behind the `testkit` feature.
//!
//! Once per test process a template database `patio_tpl_<hash of db/migrations>` is made
//! sure to exist: built under a temporary name, migrated, then renamed, all under an
//! advisory lock on the admin database, so concurrent test processes build it once and never
//! see a half-built template. Templates of other hashes are dropped when a new one is built.
//! Each [`TestDb`] is a `CREATE DATABASE patio_test_<random> TEMPLATE patio_tpl_<hash>`
//! (milliseconds) and is dropped (`WITH (FORCE)`) when the `TestDb` is dropped.
//!
//! The server is `TEST_DATABASE_URL` (an admin URL: a superuser or a role that may create
//! databases) or, when unset, the project's local cluster ([`DEFAULT_ADMIN_URL`], started
//! by `scripts/pg.sh start` / the Makefile).

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use diesel::pg::PgConnection;
use diesel::sql_types::{BigInt, Text};
use diesel::{sql_query, Connection, QueryableByName, RunQueryDsl};

use crate::pool::{build_pool_with, PgPool, PgPooledConnection, PoolOptions};
use crate::Error;

/// The admin URL used when `TEST_DATABASE_URL` is not set.
pub const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:54329/postgres";

/// Prefix of the migrated templates (`patio_tpl_<hash>`).
pub const TEMPLATE_PREFIX: &str = "patio_tpl_";
/// Prefix of the per-test databases (`patio_test_<random>`).
pub const TEST_DB_PREFIX: &str = "patio_test_";
/// Prefix of a template being built.
const BUILD_PREFIX: &str = "patio_tplbuild_";

/// Key of the advisory lock taken on the admin database while a template is checked or
/// built ("patio_tp").
const TEMPLATE_LOCK_KEY: i64 = 0x7061_7469_6f5f_7470;

/// Maximum size of a [`TestDb`]'s pool.
const TEST_POOL_SIZE: u32 = 5;

/// The migrations folder, read to key the template by its contents.
const MIGRATIONS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/migrations");

/// The template of this process, once ensured.
static TEMPLATE: Mutex<Option<String>> = Mutex::new(None);
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// The admin URL: `TEST_DATABASE_URL` when set and not empty, else [`DEFAULT_ADMIN_URL`].
pub fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .map(|url| url.trim().to_owned())
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| DEFAULT_ADMIN_URL.to_owned())
}

/// The URL of database `name` on the admin URL's server (same user, host, options).
pub fn database_url(name: &str) -> Result<String, Error> {
    let mut url =
        url::Url::parse(&admin_url()).map_err(|error| Error::InvalidUrl(error.to_string()))?;
    url.set_path(&format!("/{name}"));
    Ok(url.into())
}

/// Whether a database named `name` exists on the test server.
pub fn database_exists(name: &str) -> Result<bool, Error> {
    let mut admin = connect_admin()?;
    exists(&mut admin, name)
}

/// The name of the migrated template, building it if needed (once per process).
pub fn template_name() -> Result<String, Error> {
    let mut cached = TEMPLATE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(name) = cached.as_ref() {
        return Ok(name.clone());
    }
    let name = ensure_template()?;
    *cached = Some(name.clone());
    Ok(name)
}

/// Hex digest of the migrations' names and contents (FNV-1a 64, stable across builds).
pub fn migrations_hash() -> Result<String, Error> {
    let read = |error: std::io::Error| Error::Testkit(format!("{MIGRATIONS_DIR}: {error}"));
    let mut dirs = std::fs::read_dir(MIGRATIONS_DIR)
        .map_err(read)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(read)?;
    dirs.retain(|path| path.is_dir());
    dirs.sort();
    let mut hash = Fnv1a::new();
    for dir in &dirs {
        let name = dir
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or_default();
        hash.write(name.as_bytes());
        hash.write(&[0]);
        for file in ["up.sql", "down.sql", "metadata.toml"] {
            let path = dir.join(file);
            if path.exists() {
                hash.write(file.as_bytes());
                hash.write(&[0]);
                hash.write(&std::fs::read(&path).map_err(read)?);
                hash.write(&[0]);
            }
        }
    }
    Ok(format!("{:016x}", hash.finish()))
}

/// A database of its own for one test, cloned from the migrated template; dropped with the
/// value.
pub struct TestDb {
    name: String,
    url: String,
    pool: PgPool,
}

// `new` creates a database on the server: not a `Default` value.
#[allow(clippy::new_without_default)]
impl TestDb {
    /// A migrated database. Panics when the test server cannot be used (see [`Self::try_new`]).
    #[track_caller]
    pub fn new() -> TestDb {
        match Self::try_new() {
            Ok(db) => db,
            Err(error) => panic!("testkit: cannot create a test database: {error}"),
        }
    }

    /// A migrated database, cloned from the template.
    pub fn try_new() -> Result<TestDb, Error> {
        let mut admin = connect_admin()?;
        let name = random_name();
        let template = template_name()?;
        if let Err(error) = create_database(&mut admin, &name, &template) {
            // Another test process built a template for other migrations and dropped ours
            // (two checkouts on one server): build it again once.
            if exists(&mut admin, &template)? {
                return Err(error);
            }
            forget_template();
            create_database(&mut admin, &name, &template_name()?)?;
        }
        Self::open(name)
    }

    /// An empty database (no migration applied), cloned from `template0`. Panics on failure.
    #[track_caller]
    pub fn empty() -> TestDb {
        match Self::try_empty() {
            Ok(db) => db,
            Err(error) => panic!("testkit: cannot create an empty test database: {error}"),
        }
    }

    /// An empty database (no migration applied), cloned from `template0`.
    pub fn try_empty() -> Result<TestDb, Error> {
        let mut admin = connect_admin()?;
        let name = random_name();
        create_database(&mut admin, &name, "template0")?;
        Self::open(name)
    }

    fn open(name: String) -> Result<TestDb, Error> {
        let opened = database_url(&name).and_then(|url| {
            let options = PoolOptions {
                max_size: TEST_POOL_SIZE,
                min_idle: Some(0),
                ..Default::default()
            };
            let pool = build_pool_with(&url, &options)?;
            Ok((url, pool))
        });
        match opened {
            Ok((url, pool)) => Ok(TestDb { name, url, pool }),
            Err(error) => {
                let _ = drop_database(&name);
                Err(error)
            }
        }
    }

    /// The database's name (`patio_test_...`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The database's URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A pool of connections to the database (clone it to hand it over).
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// A connection from the pool.
    pub fn conn(&self) -> Result<PgPooledConnection, Error> {
        Ok(self.pool.get()?)
    }

    /// A connection of its own, outside the pool.
    pub fn connect(&self) -> Result<PgConnection, Error> {
        Ok(PgConnection::establish(&self.url)?)
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        // WITH (FORCE) also ends the pool's connections and those of any clone of it.
        if let Err(error) = drop_database(&self.name) {
            eprintln!(
                "testkit: could not drop test database {}: {error}",
                self.name
            );
        }
    }
}

impl std::fmt::Debug for TestDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TestDb")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

fn forget_template() {
    *TEMPLATE.lock().unwrap_or_else(PoisonError::into_inner) = None;
}

fn connect_admin() -> Result<PgConnection, Error> {
    Ok(PgConnection::establish(&admin_url())?)
}

fn ensure_template() -> Result<String, Error> {
    let template = format!("{TEMPLATE_PREFIX}{}", migrations_hash()?);
    let mut admin = connect_admin()?;
    sql_query("SELECT pg_advisory_lock($1)")
        .bind::<BigInt, _>(TEMPLATE_LOCK_KEY)
        .execute(&mut admin)?;
    let built = build_template_locked(&mut admin, &template);
    let unlocked = sql_query("SELECT pg_advisory_unlock($1)")
        .bind::<BigInt, _>(TEMPLATE_LOCK_KEY)
        .execute(&mut admin);
    built?;
    unlocked?;
    Ok(template)
}

/// Builds `template` unless it exists. The caller holds the template lock.
fn build_template_locked(admin: &mut PgConnection, template: &str) -> Result<(), Error> {
    if exists(admin, template)? {
        return Ok(());
    }
    // A build database left by an interrupted process (no build runs: we hold the lock).
    for stale in names_like(admin, BUILD_PREFIX)? {
        drop_database_with(admin, &stale)?;
    }
    let build = format!("{BUILD_PREFIX}{}", std::process::id());
    create_database(admin, &build, "template0")?;
    let migrated = database_url(&build).and_then(|url| {
        let mut conn = PgConnection::establish(&url)?;
        crate::migrations::run_pending(&mut conn)
    });
    if let Err(error) = migrated {
        let _ = drop_database_with(admin, &build);
        return Err(error);
    }
    execute(
        admin,
        &format!("ALTER DATABASE {build} RENAME TO {template}"),
    )?;
    // Nobody connects to a template: cloning it needs it idle.
    execute(
        admin,
        &format!("ALTER DATABASE {template} WITH ALLOW_CONNECTIONS false"),
    )?;
    tracing::info!(template, "test template database built");
    for old in names_like(admin, TEMPLATE_PREFIX)? {
        if old != template {
            drop_database_with(admin, &old)?;
        }
    }
    Ok(())
}

fn create_database(admin: &mut PgConnection, name: &str, template: &str) -> Result<(), Error> {
    check_identifier(name)?;
    check_identifier(template)?;
    execute(
        admin,
        &format!("CREATE DATABASE {name} TEMPLATE {template}"),
    )
}

fn drop_database(name: &str) -> Result<(), Error> {
    let mut admin = connect_admin()?;
    drop_database_with(&mut admin, name)
}

fn drop_database_with(admin: &mut PgConnection, name: &str) -> Result<(), Error> {
    check_identifier(name)?;
    execute(
        admin,
        &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
    )
}

fn execute(conn: &mut PgConnection, sql: &str) -> Result<(), Error> {
    sql_query(sql).execute(conn)?;
    Ok(())
}

#[derive(QueryableByName)]
struct DatName {
    #[diesel(sql_type = Text)]
    datname: String,
}

fn exists(admin: &mut PgConnection, name: &str) -> Result<bool, Error> {
    let found: Vec<DatName> = sql_query("SELECT datname FROM pg_database WHERE datname = $1")
        .bind::<Text, _>(name)
        .load(admin)?;
    Ok(!found.is_empty())
}

fn names_like(admin: &mut PgConnection, prefix: &str) -> Result<Vec<String>, Error> {
    let found: Vec<DatName> =
        sql_query("SELECT datname FROM pg_database WHERE starts_with(datname, $1)")
            .bind::<Text, _>(prefix)
            .load(admin)?;
    Ok(found.into_iter().map(|row| row.datname).collect())
}

/// Database names are built here from prefixes and hex digits; refuse anything else
/// rather than quote it.
fn check_identifier(name: &str) -> Result<(), Error> {
    let valid = !name.is_empty()
        && name.len() < 64
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if valid {
        Ok(())
    } else {
        Err(Error::Testkit(format!("unexpected database name {name:?}")))
    }
}

/// `patio_test_` followed by 16 random hex digits.
fn random_name() -> String {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO);
    hasher.write_u128(nanos.as_nanos());
    format!("{TEST_DB_PREFIX}{:016x}", hasher.finish())
}

/// FNV-1a, 64 bits: a digest that does not change between Rust versions.
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The repositories on `conn`, for a test that runs them inside a transaction of its own
/// (and reads what that transaction did, e.g. `pg_stat_xact_user_tables`).
pub fn repos(conn: &mut PgConnection) -> crate::store::PgRepos<'_> {
    crate::store::PgRepos { conn }
}

/// The plans (`EXPLAIN (ANALYZE)`, one per statement, in order) of the statements the staff
/// log's text search sends for `filter`: the plan test checks what runs, with its binds.
pub fn explain_staff_log_search(
    conn: &mut PgConnection,
    filter: &patio_application::model::LogFilter,
) -> diesel::QueryResult<Vec<String>> {
    crate::repos::log_search::explain_text_search(conn, filter)
}

/// The plan (`EXPLAIN (ANALYZE)`) of the page statement of the pending rescues' list.
pub fn explain_rescue_page(
    conn: &mut PgConnection,
    filter: &patio_application::queue::rescue_ports::RescueFilter,
    offset: i64,
    limit: i64,
) -> diesel::QueryResult<String> {
    crate::repos::rescues::explain_pending_page(conn, filter, offset, limit)
}

/// The plan (`EXPLAIN (ANALYZE)`) of a driver list's count.
pub fn explain_driver_count(
    conn: &mut PgConnection,
    filter: &patio_application::fleet::ports::DriverFilter,
) -> diesel::QueryResult<String> {
    crate::repos::drivers::explain_count(conn, filter)
}

/// The plan (`EXPLAIN (ANALYZE)`) of the statement that finds a searched driver list's page and
/// total (an error when the list does not run one for `filter`).
pub fn explain_driver_search(
    conn: &mut PgConnection,
    filter: &patio_application::fleet::ports::DriverFilter,
) -> diesel::QueryResult<String> {
    crate::repos::drivers::explain_search(conn, filter)
}
