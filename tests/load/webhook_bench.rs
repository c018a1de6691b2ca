//! A slow webhook subscriber against the yard's writes (issue 26 item 4): the same writes run
//! twice on fresh databases, through the production wiring (PgStore, the services, the
//! triggers that record each change for the webhooks):
//!
//! - the opening rush: `WEBHOOK_BENCH_JOINS` (2,000) joins by 50 concurrent clients
//!   (as join_bench);
//! - `WEBHOOK_BENCH_LOADINGS` (300) loadings made on an order by 10 clients (the loading
//!   screen's service);
//! - `WEBHOOK_BENCH_CALLS` (300) check-ins and yard calls of the first vehicles by 10 clients.
//!
//! Three times: without a webhook; with the company subscribed to every event at a receiver
//! that answers at once; and at a receiver that answers each POST only after
//! `WEBHOOK_BENCH_DELAY_MS` (5,000 ms: the sender's timeout). With a subscriber, the webhook
//! job runs every 2 s in the background as `patio serve` runs it. The claim is that the slow
//! receiver costs the writes nothing beyond what a subscriber costs at all (the trigger's
//! insert, the job's fan-out on the same machine): slow against prompt. Then the slow
//! receiver comes back (answers at once) and the job runs until every delivery is made: how
//! long that takes, how many attempts, and whether each vehicle's events arrived in order.
//! Prints and writes `tests/load/results/webhooks.json`.
//!
//! `cargo run --release -p patio-api-tests --example webhook_bench` (`make bench` runs it).
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

#[path = "bench_common.rs"]
mod bench_common;
#[path = "../api/tests/api/common/mod.rs"]
mod common;
#[path = "../api/tests/api/queue_common/mod.rs"]
mod queue_common;

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

use actix_web::{web, App, HttpResponse, HttpServer};
use patio_application::orders::loadings::{LoadingInput, LoadingTruckBody};
use patio_postgres::pool::{build_pool_with, PoolOptions};
use serde_json::{json, Value};

use bench_common::{env_or, percentile, round2};
use common::{fixtures, TestApp};
use queue_common::{add_drivers, at, join_freelancer, now, settings_blocking, staff};

const EVENTS: [&str; 6] = [
    "queue.joined",
    "queue.left",
    "yard.called",
    "loading.started",
    "loading.finished",
    "queue.missing",
];

/// Every day 00:00-24:00 in 1-minute slots, check-in on from the yard's network.
fn settings() -> Value {
    json!({
        "start": "00:00", "end": "00:00", "startInterval": "00:00", "endInterval": "00:00",
        "timeAttendence": "00:01", "programmedTotal": 0,
        "weekDays": [true, true, true, true, true, true, true],
        "enableQueueWithoutScheduling": true,
        "enableCheckin": true, "checkinIp": "127.0.0.1",
    })
}

/// The receiver: answers each POST after `delay_ms`, and records (queueId, event id) of
/// the ones it answered.
struct Receiver {
    url: String,
    delay_ms: Arc<AtomicU64>,
    got: Arc<Mutex<Vec<(i64, i64)>>>,
}

impl Receiver {
    fn start(delay_ms: u64) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        let delay = Arc::new(AtomicU64::new(delay_ms));
        let got = Arc::new(Mutex::new(Vec::new()));
        let (d, g) = (delay.clone(), got.clone());
        std::thread::spawn(move || {
            actix_rt::System::new().block_on(async move {
                HttpServer::new(move || {
                    let (d, g) = (d.clone(), g.clone());
                    App::new().route(
                        "/hook",
                        web::post().to(move |body: web::Bytes| {
                            let (d, g) = (d.clone(), g.clone());
                            async move {
                                let ms = d.load(Ordering::Relaxed);
                                if ms > 0 {
                                    actix_rt::time::sleep(Duration::from_millis(ms)).await;
                                }
                                let v: Value = serde_json::from_slice(&body).unwrap_or_default();
                                g.lock().unwrap().push((
                                    v["data"]["queueId"].as_i64().unwrap_or(0),
                                    v["id"].as_i64().unwrap_or(0),
                                ));
                                HttpResponse::Ok().finish()
                            }
                        }),
                    )
                })
                .workers(2)
                .listen(listener)
                .unwrap()
                .run()
                .await
                .unwrap();
            });
        });
        Self {
            url,
            delay_ms: delay,
            got,
        }
    }
}

/// p50/p99/max of some latencies (ms), and their count.
fn summary(mut ms: Vec<f64>, seconds: f64, refused: usize) -> Value {
    ms.sort_by(|a, b| a.total_cmp(b));
    json!({
        "count": ms.len(),
        "refused": refused,
        "seconds": round2(seconds),
        "per_second": (ms.len() as f64 / seconds * 10.0).round() / 10.0,
        "p50_ms": round2(percentile(&ms, 50.0)),
        "p99_ms": round2(percentile(&ms, 99.0)),
        "max_ms": round2(ms.last().copied().unwrap_or(0.0)),
    })
}

/// `work` split over `clients` threads started together: (latencies, seconds, refused).
fn timed<T: Clone + Send + 'static>(
    items: Vec<T>,
    clients: usize,
    work: impl Fn(T) -> bool + Send + Sync + 'static,
) -> (Vec<f64>, f64, usize) {
    let work = Arc::new(work);
    let barrier = Arc::new(Barrier::new(clients + 1));
    let per = items.len().div_ceil(clients).max(1);
    let threads: Vec<_> = items
        .chunks(per)
        .map(|c| c.to_vec())
        .chain(std::iter::repeat_with(Vec::new))
        .take(clients)
        .map(|mine| {
            let (work, barrier) = (work.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                let mut ms = Vec::with_capacity(mine.len());
                let mut refused = 0;
                for item in mine {
                    let t = Instant::now();
                    if !work(item) {
                        refused += 1;
                    }
                    ms.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                (ms, refused)
            })
        })
        .collect();
    barrier.wait();
    let started = Instant::now();
    let (mut all, mut refused) = (Vec::new(), 0);
    for t in threads {
        let (ms, r) = t.join().unwrap();
        all.extend(ms);
        refused += r;
    }
    (all, started.elapsed().as_secs_f64(), refused)
}

/// The webhook job every 2 s until `stop`, as `patio serve`'s loop: (runs, longest run s,
/// attempts that failed).
fn job_loop(
    app_jobs: patio_application::integration::WebhookJobs,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<(usize, f64, usize)> {
    std::thread::spawn(move || {
        let (mut runs, mut longest, mut failed) = (0, 0.0_f64, 0);
        while !stop.load(Ordering::Relaxed) {
            let t = Instant::now();
            let report = app_jobs.run().unwrap();
            longest = longest.max(t.elapsed().as_secs_f64());
            failed += report.failed_attempts;
            runs += 1;
            let pause = Instant::now();
            while pause.elapsed() < Duration::from_secs(2) && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        (runs, round2(longest), failed)
    })
}

fn run(delay_ms: Option<u64>) -> Value {
    let joins = env_or("WEBHOOK_BENCH_JOINS", 2000);
    let loadings = env_or("WEBHOOK_BENCH_LOADINGS", 300).min(joins);
    let calls = env_or("WEBHOOK_BENCH_CALLS", 300).min(joins);
    let app = TestApp::new();
    at(&app, "2026-03-02T03:00:00Z");
    let company = app.ids.demo;
    settings_blocking(&app, company, settings());
    let fleet = add_drivers(&app, company, joins as i64, 5);
    let pool = build_pool_with(
        app.db.url(),
        &PoolOptions {
            max_size: 60,
            min_idle: Some(60),
            connection_timeout: Duration::from_secs(60),
            ..Default::default()
        },
    )
    .unwrap();
    let state = app.state_with_pool(pool);
    let order = actix_rt::System::new().block_on(async {
        let usuario = app.usuario_of(company).await;
        fixtures::order(&usuario, fixtures::OrderSpec::new("PED-BENCH", 1_000_000.0))
            .await
            .id
    });
    let usuario = staff(&app, "usuario@patio.local");
    let expedicao = staff(&app, "expedicao@patio.local");

    // The subscriber and the job loop.
    let receiver = delay_ms.map(Receiver::start);
    let stop = Arc::new(AtomicBool::new(false));
    let job = receiver.as_ref().map(|r| {
        let events: Vec<String> = EVENTS.iter().map(|e| (*e).to_owned()).collect();
        state
            .services
            .integration
            .create_webhook(&usuario, None, &r.url, &events)
            .unwrap();
        job_loop(state.services.webhook_jobs.clone(), stop.clone())
    });

    // The writes.
    let svc = state.services.queue.clone();
    let (ms, secs, refused) = timed(fleet.clone(), 50, move |(driver, truck)| {
        join_freelancer(&svc, company, driver, truck).is_ok()
    });
    let joins_figures = summary(ms, secs, refused);
    let loading_svc = state.services.loadings.clone();
    let who = usuario.clone();
    let (ms, secs, refused) = timed(fleet[..loadings].to_vec(), 10, move |(driver, truck)| {
        loading_svc
            .save(
                &who,
                vec![LoadingInput::vehicle(
                    Some(order),
                    LoadingTruckBody {
                        id: Some(truck),
                        license_plate: None,
                    },
                    Some(driver),
                    Some("10".into()),
                    Some("2026-03-20".to_owned()),
                )],
            )
            .is_ok()
    });
    let loadings_figures = summary(ms, secs, refused);
    let entries: Vec<(i64, i64)> = fleet[..calls]
        .iter()
        .map(|(driver, _)| {
            (
                *driver,
                app.scalar_i64(&format!(
                    "SELECT id AS v FROM queue_entries WHERE driver_id = {driver} AND status = 'waiting'"
                )),
            )
        })
        .collect();
    let yard = state.services.yard.clone();
    let checkins = Arc::new(Mutex::new(Vec::new()));
    let sink = checkins.clone();
    let (ms, secs, refused) = timed(entries, 10, move |(driver, entry)| {
        match yard.check_in(
            &queue_common::driver(driver, company),
            entry,
            Some("127.0.0.1".to_owned()),
        ) {
            Ok(c) => {
                sink.lock().unwrap().push(c.id);
                true
            }
            Err(_) => false,
        }
    });
    let checkin_figures = summary(ms, secs, refused);
    let yard = state.services.yard.clone();
    let ids = checkins.lock().unwrap().clone();
    let (ms, secs, refused) = timed(ids, 10, move |id| {
        yard.set_call(&expedicao, id, true).is_ok()
    });
    let call_figures = summary(ms, secs, refused);
    let mut out = json!({
        "joins": joins_figures,
        "loadings": loadings_figures,
        "checkins": checkin_figures,
        "calls": call_figures,
    });

    let (Some(receiver), Some(job)) = (receiver, job) else {
        return out;
    };
    if delay_ms == Some(0) {
        stop.store(true, Ordering::Relaxed);
        job.join().unwrap();
        return out;
    }
    stop.store(true, Ordering::Relaxed);
    let (runs, longest, failed) = job.join().unwrap();
    let during = |sql: &str| app.scalar_i64(sql);
    out["while_slow"] = json!({
        "receiver_answers_after_ms": receiver.delay_ms.load(Ordering::Relaxed),
        "job_runs": runs,
        "longest_job_run_seconds": longest,
        "attempts_failed": failed,
        "events_recorded": during("SELECT count(*) AS v FROM integration_events"),
        "delivered": during("SELECT count(*) AS v FROM webhook_deliveries WHERE status = 'delivered'"),
        "pending": during("SELECT count(*) AS v FROM webhook_deliveries WHERE status = 'pending'"),
        // Posts the sender gave up on that still reached the receiver (to be sent again).
        "received_after_timeout": receiver.got.lock().unwrap().len(),
    });

    // The receiver comes back; the failed attempts' backoff has passed.
    receiver.delay_ms.store(0, Ordering::Relaxed);
    *app.clock.0.lock().unwrap() = now(&app) + chrono::Duration::minutes(10);
    let started = Instant::now();
    let jobs = state.services.webhook_jobs.clone();
    let mut recovery_runs = 0;
    loop {
        let report = jobs.run().unwrap();
        recovery_runs += 1;
        let pending = during("SELECT count(*) AS v FROM integration_events WHERE NOT fanned_out")
            + during("SELECT count(*) AS v FROM webhook_deliveries WHERE status = 'pending'");
        if pending == 0 || (report.delivered == 0 && report.fanned_out == 0 && recovery_runs > 50) {
            break;
        }
    }
    let drained = started.elapsed().as_secs_f64();
    let got = receiver.got.lock().unwrap().clone();
    let mut per_vehicle: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for (queue, id) in &got {
        per_vehicle.entry(*queue).or_default().push(*id);
    }
    // At least once: an attempt the sender gave up on still reaches the slow receiver, and
    // is sent again; so a vehicle's ids may repeat, never go back.
    let in_order = per_vehicle
        .values()
        .all(|ids| ids.windows(2).all(|w| w[0] <= w[1]));
    let distinct: usize = per_vehicle
        .values()
        .map(|ids| {
            let mut v = ids.clone();
            v.dedup();
            v.len()
        })
        .sum();
    out["after_return"] = json!({
        "job_runs": recovery_runs,
        "seconds_to_deliver_all": round2(drained),
        "deliveries": during("SELECT count(*) AS v FROM webhook_deliveries"),
        "delivered": during("SELECT count(*) AS v FROM webhook_deliveries WHERE status = 'delivered'"),
        "pending": during("SELECT count(*) AS v FROM webhook_deliveries WHERE status = 'pending'"),
        "failed": during("SELECT count(*) AS v FROM webhook_deliveries WHERE status = 'failed'"),
        "retried": during("SELECT count(*) AS v FROM webhook_deliveries WHERE attempts > 1"),
        "max_attempts": during("SELECT COALESCE(max(attempts), 0)::bigint AS v FROM webhook_deliveries"),
        "received": got.len(),
        "received_distinct": distinct,
        "each_vehicle_in_order": in_order,
    });
    out
}

fn main() {
    let delay = env_or("WEBHOOK_BENCH_DELAY_MS", 5000) as u64;
    let baseline = run(None);
    println!("{baseline}");
    let prompt = run(Some(0));
    println!("{prompt}");
    let slow = run(Some(delay));
    println!("{slow}");
    let ratio = |base: &Value, what: &str, field: &str| {
        round2(
            slow[what][field].as_f64().unwrap_or(0.0)
                / base[what][field].as_f64().unwrap_or(1.0).max(0.001),
        )
    };
    let ratios = |base: &Value| {
        json!({
            "joins_per_second": ratio(base, "joins", "per_second"),
            "joins_p99": ratio(base, "joins", "p99_ms"),
            "loadings_p99": ratio(base, "loadings", "p99_ms"),
            "checkins_p99": ratio(base, "checkins", "p99_ms"),
            "calls_p99": ratio(base, "calls", "p99_ms"),
        })
    };
    let joins_reference = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../load/results/joins.json"
    ))
    .ok()
    .and_then(|t| serde_json::from_str::<Value>(&t).ok())
    .map(|v| v["one_company"].clone());
    let writes = ["joins", "loadings", "checkins", "calls"];
    let unslowed = writes.iter().all(|w| {
        // Within 25 % of the prompt subscriber's p99, or under the 100 ms target anyway.
        let p99 = slow[*w]["p99_ms"].as_f64().unwrap_or(f64::MAX);
        p99 < 100.0 || p99 <= prompt[*w]["p99_ms"].as_f64().unwrap_or(0.0) * 1.25
    }) && [&baseline, &prompt, &slow]
        .iter()
        .all(|run| writes.iter().all(|w| run[*w]["refused"] == 0));
    let after = &slow["after_return"];
    let result = json!({
        "benchmark": "webhooks_slow_receiver",
        "machine": format!("{} cores", std::thread::available_parallelism().map_or(0, |n| n.get())),
        "build": if cfg!(debug_assertions) { "debug" } else { "release" },
        "receiver_delay_ms": delay,
        "without_webhook": baseline,
        "with_prompt_subscriber": prompt,
        "with_slow_subscriber": slow,
        "slow_over_prompt": ratios(&prompt),
        "slow_over_no_webhook": ratios(&baseline),
        "join_bench_one_company": joins_reference,
        "writes_not_slowed": unslowed,
        "every_delivery_made_after_return": after["pending"] == 0 && after["failed"] == 0
            && after["delivered"] == after["deliveries"]
            && after["received_distinct"] == after["deliveries"],
        "each_vehicle_in_order": after["each_vehicle_in_order"],
    });
    let out = concat!(env!("CARGO_MANIFEST_DIR"), "/../load/results/webhooks.json");
    std::fs::write(out, format!("{result:#}\n")).unwrap();
    println!("{result:#}");
}
