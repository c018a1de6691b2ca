//! The Prometheus exporter of an instance (issue 27): one recorder per process behind the
//! `metrics` facade (the HTTP and PostgreSQL adapters record their edges through it), the
//! application's [`Metrics`] port on it, and the scrape of `GET /metrics`, which reads the
//! gauges (pool, sockets, outbox) at that moment.

use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use patio_application::metrics_ports::{JobOutcome, JoinOutcome, Metrics};
use patio_http::observe::{MetricsScrape, HTTP_DURATION};
use patio_postgres::pool_metrics::CHECKOUT_SECONDS;
use patio_postgres::Pools;

pub const QUEUE_JOINS: &str = "patio_queue_joins_total";
pub const JOB_RUNS: &str = "patio_jobs_runs_total";
pub const LOGIN_THROTTLED: &str = "patio_login_throttled_total";
pub const POOL_CONNECTIONS: &str = "patio_db_pool_connections";
pub const POOL_MAX: &str = "patio_db_pool_max_connections";
pub const WS_CONNECTIONS: &str = "patio_ws_connections";
pub const OUTBOX_PENDING: &str = "patio_outbox_pending";
pub const OUTBOX_OLDEST: &str = "patio_outbox_oldest_pending_seconds";

/// Request durations: 5 ms to 10 s (the yard day's p99 target is 100 ms).
const HTTP_BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Pool waits: a free connection takes well under a millisecond; 0.5 s is the 503.
const CHECKOUT_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];
/// Histograms keep their samples until drained: drain them even when nobody scrapes.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// The process's exporter, installed on first use; `None` when another recorder was
/// installed first (then `/metrics` answers 404).
pub fn exporter() -> Option<PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE.get_or_init(install).clone()
}

fn install() -> Option<PrometheusHandle> {
    let built = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Full(HTTP_DURATION.to_owned()), HTTP_BUCKETS)
        .and_then(|b| {
            b.set_buckets_for_metric(Matcher::Full(CHECKOUT_SECONDS.to_owned()), CHECKOUT_BUCKETS)
        });
    let recorder = match built {
        Ok(builder) => builder.build_recorder(),
        Err(error) => {
            tracing::warn!(%error, "metrics exporter not built");
            return None;
        }
    };
    let handle = recorder.handle();
    if let Err(error) = metrics::set_global_recorder(recorder) {
        tracing::warn!(%error, "metrics recorder not installed");
        return None;
    }
    let upkeep = handle.clone();
    let spawned = std::thread::Builder::new()
        .name("patio-metrics".into())
        .spawn(move || loop {
            std::thread::sleep(UPKEEP_EVERY);
            upkeep.run_upkeep();
        });
    if let Err(error) = spawned {
        tracing::warn!(%error, "metrics upkeep not started");
    }
    // Counters an alert reads exist from the start, at 0 (absent is not zero for Prometheus).
    metrics::counter!(LOGIN_THROTTLED).increment(0);
    metrics::counter!(patio_postgres::pool_metrics::CHECKOUT_TIMEOUTS).increment(0);
    Some(handle)
}

/// The application's [`Metrics`] port on the exporter.
pub struct PrometheusMetrics;

impl Metrics for PrometheusMetrics {
    fn queue_join(&self, outcome: JoinOutcome) {
        metrics::counter!(QUEUE_JOINS, "outcome" => outcome.label()).increment(1);
    }

    fn job_run(&self, job: &'static str, outcome: JobOutcome) {
        metrics::counter!(JOB_RUNS, "job" => job, "outcome" => outcome.label()).increment(1);
    }

    fn login_throttled(&self) {
        metrics::counter!(LOGIN_THROTTLED).increment(1);
    }
}

/// `/metrics` of an instance: the gauges read now (its pool, its sockets, the outbox), then
/// everything the exporter holds.
pub fn scrape(
    handle: PrometheusHandle,
    pools: Pools,
    hub: Arc<patio_realtime::Hub>,
) -> MetricsScrape {
    Arc::new(move || {
        // The gauges are the process's: two scrapes at once must not mix their readings.
        static SCRAPING: Mutex<()> = Mutex::new(());
        let _one_at_a_time = SCRAPING.lock().unwrap_or_else(|p| p.into_inner());
        let pool = &pools.primary;
        let read = pools.read.as_ref().map(|r| ("read", r.pool()));
        for (name, each) in std::iter::once(("primary", pool)).chain(read) {
            let (idle, in_use, max) = patio_postgres::pool_metrics::pool_connections(each);
            metrics::gauge!(POOL_CONNECTIONS, "pool" => name, "state" => "idle").set(idle);
            metrics::gauge!(POOL_CONNECTIONS, "pool" => name, "state" => "in_use").set(in_use);
            metrics::gauge!(POOL_MAX, "pool" => name).set(max);
        }
        metrics::gauge!(WS_CONNECTIONS).set(hub.connections() as f64);
        match patio_postgres::ops::outbox_backlog(pool, patio_domain::mail::MAX_ATTEMPTS) {
            Ok(backlog) => {
                metrics::gauge!(OUTBOX_PENDING).set(backlog.pending as f64);
                metrics::gauge!(OUTBOX_OLDEST).set(backlog.oldest_seconds);
            }
            // The last value stays; the failed read shows in the log and in the pool's metrics.
            Err(error) => tracing::warn!(%error, "outbox backlog not read"),
        }
        handle.render()
    })
}
