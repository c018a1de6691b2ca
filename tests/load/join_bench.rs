//! Joins per second for one company against the local PostgreSQL (issue 4 "Benchmarks"):
//! 50 concurrent clients, each joining drivers of its own through the queue service (the
//! production wiring: PgStore, the company's queue lock, the plan stored per join, logs and
//! the NOTIFY after commit). Prints and writes `tests/load/results/joins.json`.
//!
//! `cargo run --release -p patio-api-tests --example join_bench` (`make bench` runs it).
//! Environment: `JOIN_BENCH_CLIENTS` (50), `JOIN_BENCH_JOINS` (2500), `TEST_DATABASE_URL`.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

#[path = "../api/tests/common/mod.rs"]
mod common;
#[path = "../api/tests/queue_common/mod.rs"]
mod queue_common;

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use patio_postgres::pool::{build_pool_with, PoolOptions};
use serde_json::json;

use common::TestApp;
use queue_common::{add_drivers, at, join_freelancer, settings};

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

fn main() {
    let clients = env_or("JOIN_BENCH_CLIENTS", 50);
    let joins = env_or("JOIN_BENCH_JOINS", 2500);
    let per_client = joins.div_ceil(clients);
    let total = per_client * clients;

    let app = TestApp::new();
    // Every day 00:00-24:00 in 1-minute slots: 1,440 places a day, no day limit, so every join
    // lands and the queue grows from 0 to `total` entries during the run.
    settings(
        &app,
        app.ids.demo,
        "start_time = '00:00', end_time = '00:00', start_interval = '00:00',
         end_interval = '00:00', time_attendence = '00:01', programmed_total = 0,
         week_days = '[true, true, true, true, true, true, true]',
         enable_queue_without_scheduling = TRUE",
    );
    at(&app, "2026-03-02T03:00:00Z");
    let drivers = add_drivers(&app, app.ids.demo, total as i64, 5);
    let pool = build_pool_with(
        app.db.url(),
        &PoolOptions {
            max_size: clients as u32,
            min_idle: Some(clients as u32),
            connection_timeout: Duration::from_secs(60),
        },
    )
    .unwrap();
    let state = app.state_with_pool(pool);
    let company = app.ids.demo;
    let barrier = Arc::new(Barrier::new(clients + 1));
    let threads: Vec<_> = drivers
        .chunks(per_client)
        .map(|mine| {
            let mine = mine.to_vec();
            let svc = state.services.queue.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
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
    latencies.sort_by(|a, b| a.total_cmp(b));
    let in_queue = app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM queue_entries WHERE company_id = {company} AND status = 'waiting'"
    ));
    let positions_ok =
        queue_common::positions(&app, company) == (1..=in_queue).collect::<Vec<i64>>();
    let result = json!({
        "benchmark": "joins_one_company",
        "clients": clients,
        "joins": total,
        "refused": refused,
        "queue_size_at_end": in_queue,
        "positions_1_to_n": positions_ok,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "joins_per_second": (total as f64 / seconds * 10.0).round() / 10.0,
        "p50_ms": (percentile(&latencies, 50.0) * 100.0).round() / 100.0,
        "p99_ms": (percentile(&latencies, 99.0) * 100.0).round() / 100.0,
        "max_ms": (latencies.last().copied().unwrap_or(0.0) * 100.0).round() / 100.0,
    });
    let out = concat!(env!("CARGO_MANIFEST_DIR"), "/../load/results/joins.json");
    std::fs::write(out, format!("{result}\n")).unwrap();
    println!("{result}");
}
