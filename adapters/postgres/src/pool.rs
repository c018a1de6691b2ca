//! The r2d2 connection pool.

use std::time::Duration;

use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, Pool, PooledConnection};

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
}

impl Default for PoolOptions {
    fn default() -> Self {
        Self {
            max_size: 10,
            min_idle: Some(1),
            connection_timeout: DEFAULT_CONNECTION_TIMEOUT,
        }
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
    let url = with_connect_timeout(url, options.connection_timeout)?;
    let manager = ConnectionManager::<PgConnection>::new(url);
    let pool = Pool::builder()
        .max_size(options.max_size)
        .min_idle(options.min_idle.map(|min| min.min(options.max_size)))
        .connection_timeout(options.connection_timeout)
        .test_on_check_out(true)
        .event_handler(Box::new(crate::pool_metrics::PoolMetrics))
        .build(manager)?;
    Ok(pool)
}

/// Adds libpq's `connect_timeout` (whole seconds, at least 1) to a `postgres://` URL that
/// has none. Connection strings in the `key=value` form are returned unchanged.
fn with_connect_timeout(url: &str, timeout: Duration) -> Result<String, Error> {
    let trimmed = url.trim();
    if !(trimmed.starts_with("postgres://") || trimmed.starts_with("postgresql://")) {
        return Ok(trimmed.to_owned());
    }
    let mut parsed =
        url::Url::parse(trimmed).map_err(|error| Error::InvalidUrl(error.to_string()))?;
    if parsed
        .query_pairs()
        .any(|(key, _)| key == "connect_timeout")
    {
        return Ok(trimmed.to_owned());
    }
    let seconds = timeout.as_secs().max(1);
    parsed
        .query_pairs_mut()
        .append_pair("connect_timeout", &seconds.to_string());
    Ok(parsed.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect_timeout_is_added_once() {
        let url = with_connect_timeout("postgres://u@h:1/db", Duration::from_secs(3)).unwrap();
        assert_eq!(url, "postgres://u@h:1/db?connect_timeout=3");
        let kept = with_connect_timeout(
            "postgres://u@h/db?connect_timeout=9",
            Duration::from_secs(3),
        )
        .unwrap();
        assert_eq!(kept, "postgres://u@h/db?connect_timeout=9");
        let other =
            with_connect_timeout("postgres://u@h/db?sslmode=disable", Duration::ZERO).unwrap();
        assert_eq!(other, "postgres://u@h/db?sslmode=disable&connect_timeout=1");
        let dsn = with_connect_timeout("host=h dbname=db", Duration::from_secs(3)).unwrap();
        assert_eq!(dsn, "host=h dbname=db");
    }
}
