//! The r2d2 connection pool.

use std::time::Duration;

use diesel::connection::{CacheSize, Connection};
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, CustomizeConnection, Pool, PooledConnection};

use crate::Error;

/// A pool of PostgreSQL connections (cheap to clone: clones share the pool).
pub type PgPool = Pool<ConnectionManager<PgConnection>>;
/// A connection checked out of a [`PgPool`].
pub type PgPooledConnection = PooledConnection<ConnectionManager<PgConnection>>;

/// How long `pool.get()` waits for a free connection, and how long libpq waits to connect
/// (added as `connect_timeout` to URLs that do not set one).
pub const DEFAULT_CONNECTION_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a request waits for a pooled connection before answering 503: well under a
/// second, so that a database outage is answered at once instead of after the connect
/// timeout. `PATIO_DB_CHECKOUT_MS` overrides it (read once).
pub const DEFAULT_CHECKOUT_TIMEOUT: Duration = Duration::from_millis(500);

fn checkout_timeout() -> Duration {
    static TIMEOUT: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *TIMEOUT.get_or_init(|| {
        std::env::var("PATIO_DB_CHECKOUT_MS")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .filter(|ms| *ms > 0)
            .map(Duration::from_millis)
            .unwrap_or(DEFAULT_CHECKOUT_TIMEOUT)
    })
}

/// How long one statement of a pooled connection may run, lock waits included, before
/// PostgreSQL cancels it (the request answers 503 `unavailable`): a table locked by another
/// session, or a database that stopped answering, no longer hangs requests (issue 21).
/// `PATIO_DB_STATEMENT_TIMEOUT_MS` overrides it (read once; `0` turns it off). Migrations
/// and the LISTEN connection have none.
pub const DEFAULT_STATEMENT_TIMEOUT: Duration = Duration::from_secs(5);

pub fn statement_timeout() -> Option<Duration> {
    static TIMEOUT: std::sync::OnceLock<Option<Duration>> = std::sync::OnceLock::new();
    *TIMEOUT.get_or_init(|| {
        match std::env::var("PATIO_DB_STATEMENT_TIMEOUT_MS")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
        {
            Some(0) => None,
            Some(ms) => Some(Duration::from_millis(ms)),
            None => Some(DEFAULT_STATEMENT_TIMEOUT),
        }
    })
}

/// A connection for a request's work, or [`AppError::Unavailable`] when none can be had
/// within the checkout timeout (the database is down or every connection is busy).
pub fn checkout(pool: &PgPool) -> Result<PgPooledConnection, patio_application::AppError> {
    pool.get_timeout(checkout_timeout().min(pool.connection_timeout()))
        .map_err(patio_application::AppError::unavailable)
}

/// Options of [`build_pool_with`].
#[derive(Debug, Clone)]
pub struct PoolOptions {
    /// Maximum number of connections.
    pub max_size: u32,
    /// Connections kept open when idle; the build waits until they are established, so a
    /// value above 0 makes an unreachable database fail the build.
    pub min_idle: Option<u32>,
    /// Timeout to check a connection out of the pool and to open one.
    pub connection_timeout: Duration,
    /// `statement_timeout` and `lock_timeout` of every connection (`None`: PostgreSQL's own,
    /// none by default).
    pub statement_timeout: Option<Duration>,
    /// Behind a pooler in transaction mode (PgBouncer, issue 27): no named prepared
    /// statements (each query is parsed with its parameters in one round trip, which any
    /// server connection can take), and no `options` startup parameter (PgBouncer refuses
    /// it; set the timeouts on the role instead, docs/ops/deploy.md).
    pub pooled: bool,
}

impl Default for PoolOptions {
    fn default() -> Self {
        Self {
            max_size: 10,
            min_idle: Some(1),
            connection_timeout: DEFAULT_CONNECTION_TIMEOUT,
            statement_timeout: statement_timeout(),
            pooled: false,
        }
    }
}

/// Turns diesel's prepared-statement cache off on each new connection: a named statement
/// prepared on one server connection is unknown to the next transaction's (PgBouncer < 1.21
/// in transaction mode).
#[derive(Debug, Clone, Copy)]
struct NoPreparedStatements;

impl CustomizeConnection<PgConnection, diesel::r2d2::Error> for NoPreparedStatements {
    fn on_acquire(&self, conn: &mut PgConnection) -> Result<(), diesel::r2d2::Error> {
        conn.set_prepared_statement_cache_size(CacheSize::Disabled);
        Ok(())
    }
}

/// Builds a pool of at most `max_size` connections to `url`, with the default connection
/// timeout. Fails when the database cannot be reached within that timeout.
pub fn build_pool(url: &str, max_size: u32) -> Result<PgPool, Error> {
    build_pool_with(
        url,
        &PoolOptions {
            max_size,
            ..PoolOptions::default()
        },
    )
}

/// Builds a pool with explicit options.
pub fn build_pool_with(url: &str, options: &PoolOptions) -> Result<PgPool, Error> {
    if options.max_size == 0 {
        return Err(Error::InvalidUrl(
            "the pool needs at least one connection".to_owned(),
        ));
    }
    let statement = options.statement_timeout.filter(|_| !options.pooled);
    let url = with_timeouts(url, options.connection_timeout, statement)?;
    let manager = ConnectionManager::<PgConnection>::new(url);
    let builder = Pool::builder()
        .max_size(options.max_size)
        .min_idle(options.min_idle.map(|min| min.min(options.max_size)))
        .connection_timeout(options.connection_timeout)
        .test_on_check_out(true)
        .event_handler(Box::new(crate::pool_metrics::PoolMetrics));
    let builder = if options.pooled {
        builder.connection_customizer(Box::new(NoPreparedStatements))
    } else {
        builder
    };
    Ok(builder.build(manager)?)
}

/// [`build_pool_with`]'s builder for the pools that test no connection on check-out and open
/// them on demand (the per-request reads of [`crate::PgDirectReader`]).
pub(crate) fn on_demand_builder(
    max_size: u32,
    pooled: bool,
) -> diesel::r2d2::Builder<ConnectionManager<PgConnection>> {
    let builder = Pool::builder()
        .max_size(max_size.max(1))
        .min_idle(Some(0))
        .test_on_check_out(false)
        .connection_timeout(DEFAULT_CONNECTION_TIMEOUT)
        .event_handler(Box::new(crate::pool_metrics::PoolMetrics));
    if pooled {
        builder.connection_customizer(Box::new(NoPreparedStatements))
    } else {
        builder
    }
}

/// `url` with the timeouts of [`with_timeouts`]; behind a pooler, without the `options`
/// startup parameter.
pub(crate) fn with_default_timeouts_for(url: &str, pooled: bool) -> Result<String, Error> {
    with_timeouts(
        url,
        DEFAULT_CONNECTION_TIMEOUT,
        statement_timeout().filter(|_| !pooled),
    )
}

/// Adds to a `postgres://` URL, unless it names them itself: libpq's `connect_timeout` (whole
/// seconds, at least 1); TCP keepalives and `tcp_user_timeout`, so that a connection to a
/// host that went away fails in seconds instead of minutes; and, as the session's defaults
/// (`options=-c ...`, which `RESET` returns to), `statement_timeout` and `lock_timeout`.
/// Connection strings in the `key=value` form are returned unchanged.
fn with_timeouts(
    url: &str,
    connect: Duration,
    statement: Option<Duration>,
) -> Result<String, Error> {
    let trimmed = url.trim();
    if !(trimmed.starts_with("postgres://") || trimmed.starts_with("postgresql://")) {
        return Ok(trimmed.to_owned());
    }
    let mut parsed =
        url::Url::parse(trimmed).map_err(|error| Error::InvalidUrl(error.to_string()))?;
    let named: Vec<String> = parsed.query_pairs().map(|(k, _)| k.into_owned()).collect();
    let has = |key: &str| named.iter().any(|k| k == key);
    let mut added: Vec<(&str, String)> = Vec::new();
    if !has("connect_timeout") {
        added.push(("connect_timeout", connect.as_secs().max(1).to_string()));
    }
    if !has("keepalives") {
        added.extend([
            ("keepalives", "1".to_owned()),
            ("keepalives_idle", "5".to_owned()),
            ("keepalives_interval", "2".to_owned()),
            ("keepalives_count", "3".to_owned()),
        ]);
    }
    if let Some(statement) = statement {
        let ms = statement.as_millis().max(1);
        if !has("tcp_user_timeout") {
            // Unacknowledged data for longer than a statement may run: the peer is gone.
            added.push(("tcp_user_timeout", (ms + 5_000).to_string()));
        }
        if !has("options") {
            // libpq decodes only %XX in a URL (not '+'): spaces and '=' are written so.
            added.push((
                "options",
                format!("-c%20statement_timeout%3D{ms}%20-c%20lock_timeout%3D{ms}"),
            ));
        }
    }
    if added.is_empty() {
        return Ok(trimmed.to_owned());
    }
    let extra: Vec<String> = added.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let query = match parsed.query() {
        Some(q) if !q.is_empty() => format!("{q}&{}", extra.join("&")),
        _ => extra.join("&"),
    };
    parsed.set_query(Some(&query));
    Ok(parsed.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect_timeout_is_added_once() {
        let url = with_timeouts("postgres://u@h:1/db", Duration::from_secs(3), None).unwrap();
        assert_eq!(
            url,
            "postgres://u@h:1/db?connect_timeout=3&keepalives=1&keepalives_idle=5\
             &keepalives_interval=2&keepalives_count=3"
        );
        let kept = with_timeouts(
            "postgres://u@h/db?connect_timeout=9&keepalives=0",
            Duration::from_secs(3),
            None,
        )
        .unwrap();
        assert_eq!(kept, "postgres://u@h/db?connect_timeout=9&keepalives=0");
        let other = with_timeouts(
            "postgres://u@h/db?sslmode=disable&keepalives=1",
            Duration::ZERO,
            None,
        )
        .unwrap();
        assert_eq!(
            other,
            "postgres://u@h/db?sslmode=disable&keepalives=1&connect_timeout=1"
        );
        let dsn = with_timeouts("host=h dbname=db", Duration::from_secs(3), None).unwrap();
        assert_eq!(dsn, "host=h dbname=db");
    }

    #[test]
    fn the_statement_and_lock_timeouts_are_the_session_s_defaults() {
        let url = with_timeouts(
            "postgres://u@h/db?keepalives=1",
            Duration::from_secs(5),
            Some(Duration::from_millis(2500)),
        )
        .unwrap();
        assert_eq!(
            url,
            "postgres://u@h/db?keepalives=1&connect_timeout=5&tcp_user_timeout=7500\
             &options=-c%20statement_timeout%3D2500%20-c%20lock_timeout%3D2500"
        );
        let own = "postgres://u@h/db?connect_timeout=1&keepalives=1&tcp_user_timeout=1\
                   &options=-c%20search_path%3Dx";
        assert_eq!(
            with_timeouts(own, Duration::from_secs(5), Some(Duration::from_secs(1))).unwrap(),
            own
        );
    }

    #[test]
    fn a_pooled_statement_is_cancelled_after_the_timeout_and_the_pool_keeps_working() {
        use diesel::RunQueryDsl;
        let Ok(admin) = std::env::var("TEST_DATABASE_URL") else {
            return; // no PostgreSQL here: the API tests prove it on a real one
        };
        let pool = build_pool_with(
            &admin,
            &PoolOptions {
                max_size: 1,
                min_idle: Some(0),
                statement_timeout: Some(Duration::from_millis(300)),
                ..PoolOptions::default()
            },
        )
        .unwrap();
        let mut conn = pool.get().unwrap();
        let started = std::time::Instant::now();
        let slept = diesel::sql_query("SELECT pg_sleep(3)").execute(&mut conn);
        assert!(slept.is_err(), "cancelled");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
        assert!(crate::store::is_timeout(&slept.unwrap_err()));
        diesel::sql_query("SELECT 1").execute(&mut conn).unwrap();
    }
}
