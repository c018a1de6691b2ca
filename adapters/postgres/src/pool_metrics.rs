//! What the pools tell an operator's metrics (issue 27): how long each check-out waited and
//! how many gave up, recorded through the `metrics` facade (a no-op until the binary installs
//! an exporter). The pool's size is read at scrape time ([`pool_connections`]).

use diesel::r2d2::event::{CheckoutEvent, TimeoutEvent};
use diesel::r2d2::HandleEvent;

use crate::pool::PgPool;

/// Seconds a request waited for a pooled connection (the check-out's ping included).
pub const CHECKOUT_SECONDS: &str = "patio_db_checkout_seconds";
/// Check-outs that gave up: the pool was exhausted or the database unreachable (503).
pub const CHECKOUT_TIMEOUTS: &str = "patio_db_checkout_timeouts_total";

/// The pools' event handler: a histogram of check-out waits and a count of timeouts.
#[derive(Debug, Default, Clone, Copy)]
pub struct PoolMetrics;

impl HandleEvent for PoolMetrics {
    fn handle_checkout(&self, event: CheckoutEvent) {
        metrics::histogram!(CHECKOUT_SECONDS).record(event.duration().as_secs_f64());
    }

    fn handle_timeout(&self, event: TimeoutEvent) {
        metrics::histogram!(CHECKOUT_SECONDS).record(event.timeout().as_secs_f64());
        metrics::counter!(CHECKOUT_TIMEOUTS).increment(1);
    }
}

/// The pool's connections now: `(idle, in_use, max)`.
pub fn pool_connections(pool: &PgPool) -> (u32, u32, u32) {
    let state = pool.state();
    (
        state.idle_connections,
        state.connections.saturating_sub(state.idle_connections),
        pool.max_size(),
    )
}
