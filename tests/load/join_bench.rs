//! The opening rush (issues 4 and 15): joins per second against the local PostgreSQL, with
//! 50 concurrent clients each joining drivers of its own through the queue service (the
//! production wiring: PgStore, the company's queue lock and join lane, the plan stored per
//! batch, logs and the event after commit). Two runs: all 50 clients at one company, then 5
//! at each of 10 companies. Prints and writes `tests/load/results/joins.json`.
//!
//! `cargo run --release -p patio-api-tests --example join_bench` (`make bench` runs it).
//! Environment: `JOIN_BENCH_CLIENTS` (50), `JOIN_BENCH_JOINS` (2500), `TEST_DATABASE_URL`.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

#[path = "../api/tests/api/common/mod.rs"]
mod common;
#[path = "../api/tests/api/queue_common/mod.rs"]
mod queue_common;

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use diesel::connection::{set_default_instrumentation, Instrumentation, InstrumentationEvent};

use patio_postgres::pool::{build_pool_with, PoolOptions};
use serde_json::json;

use common::TestApp;
use queue_common::{add_drivers, at, join_freelancer, settings_blocking};

/// Statements (round trips: queries, BEGIN/COMMIT, the pool's check-out ping) and
/// transactions sent by the joining threads, counted by a diesel instrumentation.
static STATEMENTS: AtomicU64 = AtomicU64::new(0);
static TRANSACTIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Only the joining threads count (not the setup, the checks or the event listener).
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

struct CountStatements;

impl Instrumentation for CountStatements {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if !COUNTING.with(Cell::get) {
            return;
        }
        match event {
            InstrumentationEvent::StartQuery { .. } => {
                STATEMENTS.fetch_add(1, Ordering::Relaxed);
            }
            InstrumentationEvent::BeginTransaction { .. } => {
                TRANSACTIONS.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
    }
}

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The settings of every benchmark company: every day 00:00-24:00 in 1-minute slots (1,440
/// places a day), no day limit, so every join lands and the queue grows during the run.
fn open_all_day() -> serde_json::Value {
    serde_json::json!({
        "start": "00:00", "end": "00:00", "startInterval": "00:00", "endInterval": "00:00",
        "timeAttendence": "00:01", "programmedTotal": 0,
        "weekDays": [true, true, true, true, true, true, true],
        "enableQueueWithoutScheduling": true,
    })
}

/// `companies` companies (the demo one first) with `per_company` drivers each.
fn companies_with_drivers(
    app: &TestApp,
    companies: usize,
    per_company: usize,
) -> Vec<(i64, Vec<(i64, i64)>)> {
    let mut ids = vec![app.ids.demo];
    for n in 1..companies {
        ids.push(app.scalar_i64(&format!(
            "WITH c AS (INSERT INTO companies (name, company, cnpj, uf, city, street, district,
                                               zip_code, status)
                        VALUES ('Bench {n}', 'Bench {n} SA', '11444777000161', 'SP', 'Santos',
                                'Rua A', 'Centro', '11000-000', TRUE)
                        RETURNING id),
                  s AS (INSERT INTO settings (company_id) SELECT id FROM c)
             SELECT id AS v FROM c"
        )));
    }
    ids.iter()
        .enumerate()
        .map(|(n, &company)| {
            settings_blocking(app, company, open_all_day());
            (
                company,
                add_drivers(app, company, per_company as i64, 5 + n as i64),
            )
        })
        .collect()
}

/// One run: `clients` threads spread over the companies, each joining its own drivers.
fn run(companies: usize, clients: usize, joins: usize) -> serde_json::Value {
    let per_client = joins.div_ceil(clients);
    let clients_per_company = clients / companies;
    let total = per_client * clients;
    let app = TestApp::new();
    at(&app, "2026-03-02T03:00:00Z");
    let fleet = companies_with_drivers(&app, companies, per_client * clients_per_company);
    let pool = build_pool_with(
        app.db.url(),
        &PoolOptions {
            max_size: clients as u32,
            min_idle: Some(clients as u32),
            connection_timeout: Duration::from_secs(60),
            ..Default::default()
        },
    )
    .unwrap();
    let state = app.state_with_pool(pool);
    let barrier = Arc::new(Barrier::new(clients + 1));
    let threads: Vec<_> = fleet
        .iter()
        .flat_map(|(company, drivers)| {
            drivers
                .chunks(per_client)
                .map(move |mine| (*company, mine.to_vec()))
        })
        .map(|(company, mine)| {
            let svc = state.services.queue.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                COUNTING.with(|c| c.set(true));
                barrier.wait();
                let mut latencies = Vec::with_capacity(mine.len());
                let mut refused = 0;
                for (driver_id, truck_id) in mine {
                    let t = Instant::now();
                    let r = join_freelancer(&svc, company, driver_id, truck_id);
                    latencies.push(t.elapsed().as_secs_f64() * 1000.0);
                    if r.is_err() {
                        refused += 1;
                    }
                }
                (latencies, refused)
            })
        })
        .collect();
    STATEMENTS.store(0, Ordering::Relaxed);
    TRANSACTIONS.store(0, Ordering::Relaxed);
    barrier.wait();
    let started = Instant::now();
    let mut latencies = Vec::with_capacity(total);
    let mut refused = 0;
    for t in threads {
        let (l, r) = t.join().unwrap();
        latencies.extend(l);
        refused += r;
    }
    let seconds = started.elapsed().as_secs_f64();
    let statements = STATEMENTS.load(Ordering::Relaxed);
    let transactions = TRANSACTIONS.load(Ordering::Relaxed);
    latencies.sort_by(|a, b| a.total_cmp(b));
    let mut in_queue = 0;
    let mut positions_ok = true;
    for (company, _) in &fleet {
        let n = app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM queue_entries WHERE company_id = {company} AND status = 'waiting'"
        ));
        positions_ok &= queue_common::positions(&app, *company) == (1..=n).collect::<Vec<i64>>();
        in_queue += n;
    }
    let round = |v: f64| (v * 100.0).round() / 100.0;
    json!({
        "companies": companies,
        "clients": clients,
        "joins": total,
        "refused": refused,
        "queue_size_at_end": in_queue,
        "positions_1_to_n": positions_ok,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "joins_per_second": (total as f64 / seconds * 10.0).round() / 10.0,
        "p50_ms": round(percentile(&latencies, 50.0)),
        "p99_ms": round(percentile(&latencies, 99.0)),
        "max_ms": round(latencies.last().copied().unwrap_or(0.0)),
        "pool_size": clients,
        "statements": statements,
        "statements_per_join": round(statements as f64 / total as f64),
        "transactions": transactions,
        "joins_per_transaction": round(total as f64 / transactions.max(1) as f64),
    })
}

fn main() {
    set_default_instrumentation(|| Some(Box::new(CountStatements))).unwrap();
    let clients = env_or("JOIN_BENCH_CLIENTS", 50);
    let joins = env_or("JOIN_BENCH_JOINS", 2500);
    let one = run(1, clients, joins);
    println!("{one}");
    let ten = run(10, clients, joins);
    println!("{ten}");
    let p99 = one["p99_ms"].as_f64().unwrap_or(f64::MAX);
    let rate = one["joins_per_second"].as_f64().unwrap_or(0.0);
    let result = json!({
        "benchmark": "joins_opening_rush",
        "machine": format!("{} cores", std::thread::available_parallelism().map_or(0, |n| n.get())),
        "one_company": one,
        "ten_companies": ten,
        "target_500_per_second": rate >= 500.0,
        "target_p99_under_100ms": p99 < 100.0,
    });
    let out = concat!(env!("CARGO_MANIFEST_DIR"), "/../load/results/joins.json");
    std::fs::write(out, format!("{result}\n")).unwrap();
    println!("{result}");
}
