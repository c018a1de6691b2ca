//! The yard call's websocket fan-out and the memory of idle sockets (issue 13 "Benchmarks"):
//! a release `patio serve` (target/release/patio, a child process) on a test database with the
//! demo tenant, 1,000 sockets in one company's room (the yard TV's socket: no session, from
//! 127.0.0.1, an address of `checkinIp`), then `WS_BENCH_CALLS` (50) `POST /api/checkins/setcall`
//! of one present check-in, each timed from just before the request is written to the moment
//! the LAST of the 1,000 subscribers has read its `checkInCallResponse`. Then 10,000 more idle
//! sockets and the server's VmRSS (/proc/<child pid>/status) before and after.
//! Prints and writes `tests/load/results/ws.json`. Traffic goes to 127.0.0.1 only.
//!
//! `cargo build --release -p patio && ulimit -n 20000 &&
//!  cargo run --release -p patio-api-tests --example ws_bench` (`make bench` runs it).
//! Environment: `WS_BENCH_SUBSCRIBERS` (1000), `WS_BENCH_CALLS` (50), `WS_BENCH_IDLE` (10000),
//! `WS_BENCH_PORT` (18448), `WS_BENCH_BIN` (target/release/patio), `TEST_DATABASE_URL`.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

#[path = "bench_common.rs"]
mod bench_common;
#[path = "../api/tests/api/common/mod.rs"]
mod common;
#[path = "../api/tests/api/queue_common/mod.rs"]
mod queue_common;

use std::net::TcpStream;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::json;
use tungstenite::{Message, WebSocket};

use bench_common::{env_or, http, open_files_limit, percentile, release_bin, rss_mb, Server};
use common::TestApp;
use queue_common::{
    add_drivers, at, driver, join_freelancer, open_for_freelancers_blocking, settings_blocking,
    MONDAY_0900,
};

type Socket = WebSocket<TcpStream>;

fn open(port: u16, company: i64) -> Socket {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_nodelay(true).unwrap();
    let url = format!("ws://127.0.0.1:{port}/api/ws?companyId={company}");
    match tungstenite::client(url, stream) {
        Ok((socket, _)) => socket,
        Err(_) => panic!("websocket handshake refused"),
    }
}

fn main() {
    let subscribers = env_or("WS_BENCH_SUBSCRIBERS", 1000);
    let calls = env_or("WS_BENCH_CALLS", 50);
    let idle = env_or("WS_BENCH_IDLE", 10_000);
    let port = env_or("WS_BENCH_PORT", 18448) as u16;
    let bin = release_bin("WS_BENCH_BIN");

    // One driver of the demo company in the queue with a present check-in.
    let app = TestApp::new();
    open_for_freelancers_blocking(&app);
    at(&app, MONDAY_0900);
    settings_blocking(
        &app,
        app.ids.demo,
        serde_json::json!({ "enableCheckin": true, "checkinIp": "10.1.1.1, 127.0.0.1" }),
    );
    let (d, t) = add_drivers(&app, app.ids.demo, 1, 5)[0];
    let q = join_freelancer(&app.state.services.queue, app.ids.demo, d, t)
        .unwrap()
        .id;
    let checkin = app
        .state
        .services
        .yard
        .check_in(&driver(d, app.ids.demo), q, Some("10.1.1.1".into()))
        .unwrap()
        .id;

    let server = Server::start(&bin, app.db.url(), port, &[("PATIO_JOBS", "off")]);
    let pid = server.pid();
    // A dispatch user's session, through the login call (as position_bench.sh does).
    let token = server.staff_login("usuario@patio.local");
    std::thread::sleep(Duration::from_millis(500));
    let rss_idle_server = rss_mb(pid);

    // 1,000 subscribers, each read by its own thread; each call's receipt goes to `tx`.
    let (tx, rx) = mpsc::channel::<(usize, Instant)>();
    let connect_started = Instant::now();
    for n in 0..subscribers {
        let mut socket = open(port, app.ids.demo);
        let tx = tx.clone();
        std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || {
                while let Ok(m) = socket.read() {
                    if let Message::Text(text) = m {
                        if text.as_str().contains("\"checkInCallResponse\"")
                            && tx.send((n, Instant::now())).is_err()
                        {
                            return;
                        }
                    }
                }
            })
            .unwrap();
    }
    drop(tx);
    let connect_seconds = connect_started.elapsed().as_secs_f64();
    std::thread::sleep(Duration::from_secs(1));
    let rss_with_subscribers = rss_mb(pid);

    let body = format!("{{\"id\":{checkin},\"isCalling\":true}}");
    let mut latencies = Vec::with_capacity(calls);
    let mut first = Vec::with_capacity(calls);
    let mut missed = 0usize;
    for _ in 0..calls {
        let sent = Instant::now();
        let status = http(port, "POST", "/api/checkins/setcall", Some(&token), &body);
        assert_eq!(status, 200, "setcall");
        let mut got = 0;
        let mut last = sent;
        let mut earliest: Option<Instant> = None;
        let deadline = Instant::now() + Duration::from_secs(10);
        while got < subscribers {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok((_, at)) => {
                    got += 1;
                    last = last.max(at);
                    earliest = Some(earliest.map_or(at, |e| e.min(at)));
                }
                Err(_) => break,
            }
        }
        missed += subscribers - got;
        latencies.push((last - sent).as_secs_f64() * 1000.0);
        first.push((earliest.unwrap_or(last) - sent).as_secs_f64() * 1000.0);
        std::thread::sleep(Duration::from_millis(100));
    }
    latencies.sort_by(|a, b| a.total_cmp(b));
    first.sort_by(|a, b| a.total_cmp(b));

    // 10,000 idle sockets more (never read: the server's pings wait in the buffers).
    let rss_before_idle = rss_mb(pid);
    let idle_started = Instant::now();
    let mut idle_sockets = Vec::with_capacity(idle);
    for _ in 0..idle {
        idle_sockets.push(open(port, app.ids.demo));
    }
    let idle_connect_seconds = idle_started.elapsed().as_secs_f64();
    std::thread::sleep(Duration::from_secs(2));
    let rss_after_idle = rss_mb(pid);
    drop(idle_sockets);
    drop(server);

    let round = |v: f64| (v * 100.0).round() / 100.0;
    let p95 = percentile(&latencies, 95.0);
    let result = json!({
        "benchmark": "ws_fanout_and_idle_memory",
        "machine": format!("{} cores, shared with other builds and tests (figures are noisy)",
                           std::thread::available_parallelism().map_or(0, |n| n.get())),
        "server": format!("{} serve as a child process, PATIO_JOBS=off; RSS from /proc/<child pid>/status VmRSS",
                          bin.rsplit("target/").next().unwrap_or(&bin)),
        "bench_build": if cfg!(debug_assertions) { "debug" } else { "release" },
        "clients": "tungstenite (blocking), one thread per subscriber, same machine",
        "open_files_limit_of_bench": open_files_limit(),
        "fanout": {
            "subscribers": subscribers,
            "connect_seconds": round(connect_seconds),
            "calls": calls,
            "measured": "POST /api/checkins/setcall written -> last subscriber read checkInCallResponse",
            "missed_receipts": missed,
            "p50_ms": round(percentile(&latencies, 50.0)),
            "p95_ms": round(p95),
            "max_ms": round(latencies.last().copied().unwrap_or(0.0)),
            "first_receipt_p50_ms": round(percentile(&first, 50.0)),
            "target_p95_under_250ms": p95 < 250.0 && missed == 0,
        },
        "memory": {
            "server_rss_mb_no_sockets": rss_idle_server,
            "server_rss_mb_with_subscribers": rss_with_subscribers,
            "idle_sockets": idle,
            "idle_connect_seconds": round(idle_connect_seconds),
            "server_rss_mb_before_idle": rss_before_idle,
            "server_rss_mb_after_idle": rss_after_idle,
            "kb_per_idle_socket": round((rss_after_idle - rss_before_idle) * 1024.0 / idle.max(1) as f64),
            "target_rss_at_most_200mb": rss_after_idle <= 200.0,
        },
    });
    let out = concat!(env!("CARGO_MANIFEST_DIR"), "/../load/results/ws.json");
    std::fs::write(out, format!("{result}\n")).unwrap();
    println!("{result}");
}
