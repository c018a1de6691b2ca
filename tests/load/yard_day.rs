//! A yard day, replayed (issue 15 item 4): 10 companies and 2,500 trucks against a release
//! `patio serve` (a child process) on a database of its own, compressed in time:
//!
//! - setup, through the API where the product creates it: 9 companies (`POST /api/company/create`,
//!   the demo one is the tenth), an Expedição and a Usuário per company (`POST /api/users/save`),
//!   a customer, a product, an order and one loading for 40% of the trucks
//!   (`/api/customer/create`, `/api/product/create`, `/api/order/save`, `/api/scheduling/save`),
//!   the day's attendance (`POST /api/attendances/save`). The fleet's drivers and trucks come from
//!   the test harness's bulk insert (`queue_common::add_drivers`, as join_bench and ws_bench),
//!   and the companies' opening hours and check-in network saved on the settings form by its
//!   `settings_blocking` helper;
//!   sessions are minted by the harness's token service with the server's secret.
//! - the opening rush (`YARD_DAY_RUSH_SECS`, 20 s): every truck with a loading and a third of
//!   the others join (`POST /api/queue/save`), their arrivals spread evenly over the first
//!   `YARD_DAY_RUSH_OPEN_SECS` (20 s, the whole rush window: 75 joins a second), at most 50
//!   clients at once;
//!   `YARD_DAY_RUSH_OPEN_SECS=0` sends them as fast as 50 clients go (the machine's capacity);
//! - the day (`YARD_DAY_SECS`, 150 s): the other trucks join at an even pace and one in four of
//!   them leaves a few seconds later (`DELETE /api/queue/delete/{id}`); each company's
//!   Expedição works through its loadings one after another: the driver's check-in
//!   (`POST /api/checkins/save`), the call (`POST /api/checkins/setcall`), the start
//!   (`PUT /api/queue/start`) and the end (`POST /api/scheduling/close`);
//! - all along: 1,000 drivers with a socket open (`/api/ws`) reading their position
//!   (`GET /api/queue/position/driver/{id}`) every `YARD_DAY_READ_EVERY_MS` (3,000 ms: the app's
//!   30 s compressed 10×), 20 dispatch panels (2 per company: a staff socket, and on its events
//!   the panel's reads `queue/active/company`, `queue/totals/company`,
//!   `checkins/company/actives`) and 10 TVs (a public socket per company, and on its events
//!   `checkins/called`).
//!
//! Reports p50/p95/p99 and errors per endpoint, the requests a second, the server's CPU
//! (/proc/<pid>/stat) and memory (VmRSS), the database connections (pg_stat_activity, sampled
//! each second, less the harness's own) and the machine's load average (sampled each second: the
//! machine is shared), into `tests/load/results/yard_day.json`, and prints a table. Target:
//! every p99 under 100 ms, 0 errors.
//!
//! The same day runs in three set-ups (`YARD_DAY_VIA`, issue 27 item 4 and the Tests section):
//! - `direct` (the default): `DATABASE_URL` is the test cluster (`TEST_DATABASE_URL`);
//! - `pgbouncer`: `DATABASE_URL` is Debian's PgBouncer in transaction mode
//!   (`YARD_DAY_BOUNCER_POOL` server connections, 10) in front of the test cluster, and
//!   `PATIO_DIRECT_DATABASE_URL` the cluster itself (LISTEN, the jobs leader, the migrations), as
//!   docs/scaling.md says; adds PgBouncer's `SHOW STATS` (transactions, queries, wait) and its
//!   waiting clients, sampled each second (`SHOW POOLS`); into `yard_day_pgbouncer.json`;
//! - `replica`: a cluster of the bench's own (initdb in /var/tmp, as the binary's replica test:
//!   bootstrap/tests/support/pg.rs) holds the database, a hot standby of it (`pg_basebackup -R`)
//!   is `PATIO_READ_DATABASE_URL`; adds where the reads landed (the server's
//!   `patio_db_replica_reads_total{outcome}`, and the transactions each cluster counted on the
//!   product's database) and the replication lag (pg_stat_replication, sampled each second);
//!   into `yard_day_replica.json`.
//!
//! `cargo build --release -p patio && ulimit -n 8192 &&
//!  cargo run --release -p patio-api-tests --example yard_day` (`make bench` runs the three).
//! Environment: `YARD_DAY_VIA` (direct), `YARD_DAY_SCALE` (1.0: trucks and reading drivers),
//! `YARD_DAY_RUSH_SECS` (20),
//! `YARD_DAY_RUSH_OPEN_SECS` (20),
//! `YARD_DAY_SECS` (150), `YARD_DAY_READ_EVERY_MS` (3000), `YARD_DAY_PORT` (18449),
//! `YARD_DAY_BIN` (target/release/patio), `TEST_DATABASE_URL`, `YARD_DAY_SMOKE` (`1`: a check,
//! not a measure: no result file, exit status 1 unless every call answered without error and
//! no socket dropped; `make test-ops` runs a tiny day so a broken bench fails `make test`).
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

#[path = "bench_common.rs"]
mod bench_common;
#[path = "../api/tests/api/common/mod.rs"]
mod common;
#[path = "../../bootstrap/tests/support/pg.rs"]
mod pg;
#[path = "../api/tests/api/queue_common/mod.rs"]
mod queue_common;

use std::collections::BTreeMap;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use serde_json::{json, Value};
use tokio::sync::{mpsc, Semaphore};
use tungstenite::client::IntoClientRequest;
use tungstenite::Message;

use bench_common::{
    cpu_seconds, env_or, json_body, percentile, release_bin, request, round2, rss_mb, Server,
};
use common::admin::{company_body, user_body};
use common::TestApp;
use pg::bouncer_show;
use queue_common::{add_drivers, bearer, driver, settings_blocking, staff};

const COMPANIES: usize = 10;
const TRUCKS: f64 = 2500.0;
const READERS: f64 = 1000.0;
const PANELS_PER_COMPANY: usize = 2;
const RUSH_CLIENTS: usize = 50;
/// Every day 00:00-24:00 in 1-minute slots, no day limit, check-in from this machine, and a
/// driver may leave until the forecast (the default 6 h would refuse every leave of a queue
/// whose slots are a minute long).
fn yard_settings() -> Value {
    json!({
        "start": "00:00", "end": "00:00", "startInterval": "00:00", "endInterval": "00:00",
        "timeAttendence": "00:01", "programmedTotal": 0,
        "weekDays": [true, true, true, true, true, true, true],
        "enableQueueWithoutScheduling": true, "enableCheckin": true, "checkinIp": "127.0.0.1",
        "queue_edit_hours_limit": 0,
    })
}

static STOP: AtomicBool = AtomicBool::new(false);
static WS_MESSAGES: AtomicU64 = AtomicU64::new(0);
static WS_DROPPED: AtomicU64 = AtomicU64::new(0);

#[derive(Default)]
struct Endpoint {
    ms: Vec<f64>,
    errors: u64,
    first_error: Option<String>,
}

/// Every timed call, by endpoint (its route, ids left as `{id}`).
static STATS: Mutex<BTreeMap<&'static str, Endpoint>> = Mutex::new(BTreeMap::new());

fn record(label: &'static str, ms: f64, error: Option<String>) {
    let mut stats = STATS.lock().unwrap();
    let e = stats.entry(label).or_default();
    e.ms.push(ms);
    if let Some(error) = error {
        e.errors += 1;
        e.first_error.get_or_insert(error);
    }
}

#[derive(Clone)]
struct Api {
    client: reqwest::Client,
    base: String,
}

impl Api {
    /// One timed call: the JSON answer of a 2xx, else `None` (an error of `label`).
    async fn call(
        &self,
        label: &'static str,
        method: reqwest::Method,
        path: &str,
        auth: Option<&str>,
        body: Option<&Value>,
    ) -> Option<Value> {
        let mut req = self.client.request(method, format!("{}{path}", self.base));
        if let Some(a) = auth {
            req = req.header("Authorization", a);
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        let started = Instant::now();
        let result: Result<Value, String> = async {
            let res = req.send().await.map_err(|e| e.to_string())?;
            let status = res.status();
            let text = res.text().await.map_err(|e| e.to_string())?;
            if status.is_success() {
                Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
            } else {
                Err(format!("{status} {path}: {text}"))
            }
        }
        .await;
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        match result {
            Ok(v) => {
                record(label, ms, None);
                Some(v)
            }
            Err(e) => {
                record(label, ms, Some(e));
                None
            }
        }
    }
}

/// One truck of the fleet, its driver's session and its loading (if it has an order).
#[derive(Clone)]
struct Truck {
    company: i64,
    driver: i64,
    truck: i64,
    token: String,
    loading: Option<i64>,
}

struct Company {
    id: i64,
    dispatch: String,
    trucks: Vec<Truck>,
}

/// A setup call through the API (plain HTTP): the JSON answer, panicking on a refusal.
fn setup(port: u16, method: &str, path: &str, auth: &str, body: &Value) -> Value {
    let (status, raw) = request(port, method, path, Some(auth), &body.to_string());
    assert!(status / 100 == 2, "{method} {path}: {raw}");
    json_body(&raw)
}

/// The company's day: São Paulo is UTC-3 all year.
fn day(offset: i64) -> String {
    (chrono::Utc::now() - chrono::Duration::hours(3) + chrono::Duration::days(offset))
        .date_naive()
        .format("%Y-%m-%d")
        .to_string()
}

fn build_companies(app: &TestApp, server: &Server, trucks_per_company: usize) -> Vec<Company> {
    let port = server.port;
    let admin = server.staff_login("admin@patio.local");
    let mut ids = vec![app.ids.demo];
    for n in 1..COMPANIES {
        let created = setup(
            port,
            "POST",
            "/api/company/create",
            &admin,
            &company_body(&format!("Armazém {n}"), 900 + n as u32),
        );
        ids.push(created["id"].as_i64().unwrap());
    }
    let loadings_per_company = trucks_per_company * 2 / 5;
    ids.iter()
        .enumerate()
        .map(|(n, &id)| {
            settings_blocking(app, id, yard_settings());
            let (exp_email, usu_email) =
                (format!("exp{n}@yard.local"), format!("usu{n}@yard.local"));
            setup(
                port,
                "POST",
                "/api/users/save",
                &admin,
                &user_body(&format!("Expedição {n}"), &exp_email, "Expedicao", Some(id)),
            );
            setup(
                port,
                "POST",
                "/api/users/save",
                &admin,
                &user_body(&format!("Escritório {n}"), &usu_email, "Usuario", Some(id)),
            );
            let dispatch = bearer(app, &staff(app, &exp_email));
            // Minted, as the Expedição's: the sign-in's company is the host's (issue 21), and
            // 127.0.0.1 is the demo company's, so the other companies' users cannot sign in here.
            let usuario = bearer(app, &staff(app, &usu_email));
            let fleet = add_drivers(app, id, trucks_per_company as i64, 10 + n as i64);
            // The office: a customer, a product, an order and the loadings of 40% of the fleet.
            let customer = setup(
                port,
                "POST",
                "/api/customer/create",
                &usuario,
                &common::admin::customer_body(1, "Fazenda Boa Vista", None),
            )["id"]
                .as_i64()
                .unwrap();
            let product = setup(
                port,
                "POST",
                "/api/product/create",
                &usuario,
                &json!({ "id": 0, "code": 1, "name": "SOJA", "group": 0 }),
            )["id"]
                .as_i64()
                .unwrap();
            let order = setup(
                port,
                "POST",
                "/api/order/save",
                &usuario,
                &json!({ "id": 0, "code": "PED-1", "customer": { "id": customer }, "enable": true,
                         "shippingCompany": [],
                         "orderItem": [{ "product": { "id": product },
                                         "quantity": 30 * loadings_per_company + 100 }] }),
            )["id"]
                .as_i64()
                .unwrap();
            let mut loadings = Vec::new();
            for chunk in fleet[..loadings_per_company].chunks(25) {
                let rows: Vec<Value> = chunk
                    .iter()
                    .map(|(d, t)| {
                        json!({ "order": { "id": order }, "truck": { "id": t },
                                "driver": { "id": d }, "qtyOrdered": 30,
                                "expirationDate": day(5) })
                    })
                    .collect();
                let saved = setup(port, "POST", "/api/scheduling/save", &usuario, &json!(rows));
                loadings.extend(
                    saved
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|l| l["id"].as_i64().unwrap()),
                );
            }
            assert_eq!(loadings.len(), loadings_per_company);
            setup(
                port,
                "POST",
                "/api/attendances/save",
                &dispatch,
                &json!({ "company": { "id": id } }),
            );
            let trucks = fleet
                .iter()
                .enumerate()
                .map(|(i, &(d, t))| Truck {
                    company: id,
                    driver: d,
                    truck: t,
                    token: bearer(app, &driver(d, id)),
                    loading: loadings.get(i).copied(),
                })
                .collect();
            Company {
                id,
                dispatch,
                trucks,
            }
        })
        .collect()
}

/// A socket on `/api/ws` read by a thread of its own; each event is sent to `events`.
fn open_socket(
    port: u16,
    query: &str,
    auth: Option<&str>,
    events: Option<mpsc::UnboundedSender<()>>,
) {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_nodelay(true).unwrap();
    let mut req = format!("ws://127.0.0.1:{port}/api/ws{query}")
        .into_client_request()
        .unwrap();
    if let Some(a) = auth {
        req.headers_mut()
            .insert("Authorization", a.parse().unwrap());
    }
    let (mut socket, _) = match tungstenite::client(req, stream) {
        Ok(pair) => pair,
        Err(error) => panic!("websocket handshake refused ({query}): {error}"),
    };
    std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(move || loop {
            match socket.read() {
                Ok(Message::Text(_)) => {
                    WS_MESSAGES.fetch_add(1, Ordering::Relaxed);
                    if let Some(tx) = &events {
                        let _ = tx.send(());
                    }
                }
                Ok(_) => {}
                Err(_) => {
                    if !STOP.load(Ordering::SeqCst) {
                        WS_DROPPED.fetch_add(1, Ordering::Relaxed);
                    }
                    return;
                }
            }
        })
        .unwrap();
}

/// A join, timed as `label` (the rush's and the day's apart).
async fn join(api: &Api, label: &'static str, t: &Truck) -> Option<i64> {
    let body = match t.loading {
        Some(l) => json!({ "scheduling": { "id": l } }),
        None => json!({ "truck": { "id": t.truck } }),
    };
    api.call(
        label,
        reqwest::Method::POST,
        "/api/queue/save",
        Some(&t.token),
        Some(&body),
    )
    .await
    .and_then(|v| v["id"].as_i64())
}

async fn sleep_ms(ms: f64) {
    tokio::time::sleep(Duration::from_secs_f64(ms.max(0.0) / 1000.0)).await;
}

/// One Expedição working through its loadings, evenly over `day_ms`.
async fn dispatcher(api: Api, dispatch: String, work: Vec<(i64, Truck)>, day_ms: f64) {
    let step = day_ms / work.len().max(1) as f64 / 4.0;
    for (queue_id, t) in work {
        if STOP.load(Ordering::SeqCst) {
            return;
        }
        let checkin = api
            .call(
                "POST /api/checkins/save",
                reqwest::Method::POST,
                "/api/checkins/save",
                Some(&t.token),
                Some(&json!({ "queue": { "id": queue_id } })),
            )
            .await
            .and_then(|v| v["id"].as_i64());
        sleep_ms(step).await;
        if let Some(checkin) = checkin {
            api.call(
                "POST /api/checkins/setcall",
                reqwest::Method::POST,
                "/api/checkins/setcall",
                Some(&dispatch),
                Some(&json!({ "id": checkin, "isCalling": true })),
            )
            .await;
        }
        sleep_ms(step).await;
        api.call(
            "PUT /api/queue/start",
            reqwest::Method::PUT,
            "/api/queue/start",
            Some(&dispatch),
            Some(&json!({ "id": queue_id, "status": true })),
        )
        .await;
        sleep_ms(step).await;
        api.call(
            "POST /api/scheduling/close",
            reqwest::Method::POST,
            "/api/scheduling/close",
            Some(&dispatch),
            Some(&json!({ "id": t.loading, "status": true, "qtyTransported": 30 })),
        )
        .await;
        sleep_ms(step).await;
    }
}

/// A screen that reads `paths` once, then again after each burst of its socket's events.
async fn screen(
    api: Api,
    auth: Option<String>,
    paths: Vec<(&'static str, String)>,
    mut events: mpsc::UnboundedReceiver<()>,
) {
    loop {
        for (label, path) in &paths {
            api.call(label, reqwest::Method::GET, path, auth.as_deref(), None)
                .await;
        }
        if events.recv().await.is_none() || STOP.load(Ordering::SeqCst) {
            return;
        }
        while events.try_recv().is_ok() {}
    }
}

/// A driver's phone: its position every `every_ms`, starting at `offset_ms`.
async fn reader(api: Api, t: Truck, offset_ms: f64, every_ms: f64) {
    sleep_ms(offset_ms).await;
    let path = format!("/api/queue/position/driver/{}", t.driver);
    while !STOP.load(Ordering::SeqCst) {
        let started = Instant::now();
        api.call(
            "GET /api/queue/position/driver/{id}",
            reqwest::Method::GET,
            &path,
            Some(&t.token),
            None,
        )
        .await;
        sleep_ms(every_ms - started.elapsed().as_secs_f64() * 1000.0).await;
    }
}

#[derive(Default)]
struct Samples {
    cpu_percent: Vec<f64>,
    rss_mb: Vec<f64>,
    db_connections: Vec<f64>,
    load_average: Vec<f64>,
    /// `pgbouncer`: clients waiting for a server connection (`SHOW POOLS`' cl_waiting).
    bouncer_waiting: Vec<f64>,
    /// `replica`: bytes of WAL the standby had yet to replay, and its replay lag in ms.
    lag_bytes: Vec<f64>,
    lag_ms: Vec<f64>,
}

/// Where the server's database connections go (`YARD_DAY_VIA`).
#[derive(Clone, Copy, PartialEq)]
enum Via {
    Direct,
    Pgbouncer,
    Replica,
}

impl Via {
    fn from_env() -> Via {
        match std::env::var("YARD_DAY_VIA").as_deref() {
            Err(_) | Ok("") | Ok("direct") => Via::Direct,
            Ok("pgbouncer") => Via::Pgbouncer,
            Ok("replica") => Via::Replica,
            Ok(other) => panic!("YARD_DAY_VIA: direct, pgbouncer or replica, not {other:?}"),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Via::Direct => "direct",
            Via::Pgbouncer => "pgbouncer",
            Via::Replica => "replica",
        }
    }

    fn results_file(self) -> &'static str {
        match self {
            Via::Direct => "yard_day.json",
            Via::Pgbouncer => "yard_day_pgbouncer.json",
            Via::Replica => "yard_day_replica.json",
        }
    }
}

/// PgBouncer's version (`pgbouncer --version`'s first line).
fn bouncer_version() -> String {
    std::process::Command::new(pg::PGBOUNCER)
        .arg("--version")
        .output()
        .map(|o| {
            let out = String::from_utf8_lossy(&o.stdout);
            out.lines()
                .next()
                .and_then(|l| l.split_whitespace().nth(1))
                .unwrap_or("?")
                .to_owned()
        })
        .unwrap_or_default()
}

/// The 1-minute load average (/proc/loadavg).
fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0)
}

/// The samples of `/metrics` (loopback may read it) whose name is `name`, as `{labels}` → value.
fn metric_samples(port: u16, name: &str) -> BTreeMap<String, f64> {
    let (status, raw) = request(port, "GET", "/metrics", None, "");
    assert_eq!(status, 200, "{raw}");
    raw.lines()
        .filter_map(|l| {
            let (labels, value) = l.strip_prefix(name)?.rsplit_once(' ')?;
            if !(labels.is_empty() || labels.starts_with('{')) {
                return None;
            }
            Some((labels.to_owned(), value.parse().ok()?))
        })
        .collect()
}

/// Transactions committed on `database` as counted by the cluster at `url`.
fn xact_commit(url: &str, database: &str) -> i64 {
    pg::scalar(
        &mut PgConnection::establish(url).unwrap(),
        &format!("SELECT xact_commit AS v FROM pg_stat_database WHERE datname = '{database}'"),
    )
}

/// The standby's distance behind the primary: (bytes, ms), from pg_stat_replication.
fn replication_lag(conn: &mut PgConnection) -> (f64, f64) {
    #[derive(QueryableByName)]
    struct Lag {
        #[diesel(sql_type = diesel::sql_types::Double)]
        bytes: f64,
        #[diesel(sql_type = diesel::sql_types::Double)]
        ms: f64,
    }
    diesel::sql_query(
        "SELECT COALESCE(max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)), 0)::float8
                  AS bytes,
                COALESCE(max(EXTRACT(epoch FROM replay_lag) * 1000), 0)::float8 AS ms
           FROM pg_stat_replication",
    )
    .get_result::<Lag>(conn)
    .map_or((0.0, 0.0), |l| (l.bytes, l.ms))
}

fn connections(conn: &mut PgConnection) -> i64 {
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query(
        "SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .get_result::<N>(conn)
    .map_or(0, |r| r.n)
}

fn summary(values: &[f64]) -> Value {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
    json!({ "mean": round2(mean), "p95": round2(percentile(&v, 95.0)),
            "max": round2(v.last().copied().unwrap_or(0.0)) })
}

fn main() {
    let scale: f64 = std::env::var("YARD_DAY_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1.0);
    let rush_secs = env_or("YARD_DAY_RUSH_SECS", 20) as f64;
    // 0: as fast as the 50 clients go (the machine's capacity, not a day's arrivals).
    let rush_open_secs = env_or("YARD_DAY_RUSH_OPEN_SECS", 20) as f64;
    let day_secs = env_or("YARD_DAY_SECS", 150) as f64;
    let read_every_ms = env_or("YARD_DAY_READ_EVERY_MS", 3000) as f64;
    let port = env_or("YARD_DAY_PORT", 18449) as u16;
    let bin = release_bin("YARD_DAY_BIN");
    let via = Via::from_env();
    let bouncer_pool = env_or("YARD_DAY_BOUNCER_POOL", 10) as u32;
    let per_company = ((TRUCKS * scale) as usize / COMPANIES).max(5);
    let readers = ((READERS * scale) as usize).min(per_company * COMPANIES);
    let load_at_start = load_average();

    // `replica`: the product's database lives on a primary of the bench's own (the test
    // harness builds its template and the database there), so that a standby can copy it.
    let primary = (via == Via::Replica).then(|| {
        let pg_bin = pg::pg_bin().expect(
            "PostgreSQL's server binaries (initdb, pg_basebackup) not found under \
             /usr/lib/postgresql: `make pg` installs them",
        );
        let primary = pg::Cluster::primary(&pg_bin, "yard-primary");
        // Before any thread: the harness reads its admin URL from the environment.
        std::env::set_var("TEST_DATABASE_URL", primary.url("postgres"));
        primary
    });
    let app = TestApp::new();
    let mut db = app.db.connect().unwrap();
    let harness_connections = connections(&mut db);
    let direct_url = app.db.url().to_owned();
    let mut server_env: Vec<(&str, String)> = Vec::new();
    let mut server_url = direct_url.clone();
    let bouncer = (via == Via::Pgbouncer).then(|| {
        assert!(
            std::path::Path::new(pg::PGBOUNCER).is_file(),
            "PgBouncer not installed ({}): `make ops-deps` installs Debian's package",
            pg::PGBOUNCER
        );
        pg::Bouncer::start(pg::port_of(&direct_url), bouncer_pool)
    });
    if let Some(b) = &bouncer {
        server_url = format!("postgres://postgres@127.0.0.1:{}/{}", b.port, app.db.name());
        server_env.push(("PATIO_DIRECT_DATABASE_URL", direct_url.clone()));
    }
    let standby = primary
        .as_ref()
        .map(|p| pg::Cluster::standby_of(p, "yard-standby"));
    if let Some(s) = &standby {
        server_env.push(("PATIO_READ_DATABASE_URL", s.url(app.db.name())));
    }
    let env: Vec<(&str, &str)> = server_env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let server = Server::start(&bin, &server_url, port, &env);
    let pid = server.pid();
    let setup_started = Instant::now();
    let companies = build_companies(&app, &server, per_company);
    let setup_seconds = setup_started.elapsed().as_secs_f64();
    let trucks: usize = companies.iter().map(|c| c.trucks.len()).sum();
    println!(
        "yard day: {} companies, {trucks} trucks, {readers} reading drivers (setup {setup_seconds:.1} s)",
        companies.len()
    );

    // Who joins in the rush (every truck with a loading, a third of the others), who later.
    let mut rush = Vec::new();
    let mut later = Vec::new();
    for c in &companies {
        for (i, t) in c.trucks.iter().enumerate() {
            if t.loading.is_some() || i % 3 == 0 {
                rush.push(t.clone());
            } else {
                later.push(t.clone());
            }
        }
    }
    // Interleave the companies, as phones do.
    rush.sort_by_key(|t| (t.driver % 97, t.driver));
    later.sort_by_key(|t| (t.driver % 89, t.driver));

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let api = Api {
        client: reqwest::Client::builder()
            .pool_max_idle_per_host(256)
            // Below the server's keep-alive (actix: 5 s), so that an idle connection is never
            // reused just as the server closes it (a failed send, not the server's error).
            .pool_idle_timeout(Duration::from_secs(3))
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap(),
        base: format!("http://127.0.0.1:{port}"),
    };

    // The sampler: server CPU and memory, database connections, every second.
    let samples = Arc::new(Mutex::new(Samples::default()));
    let bouncer_port = bouncer.as_ref().map(|b| b.port);
    let sampler = {
        let samples = samples.clone();
        let url = app.db.url().to_owned();
        let database = app.db.name().to_owned();
        std::thread::spawn(move || {
            let mut conn = PgConnection::establish(&url).unwrap();
            let mut last = (Instant::now(), cpu_seconds(pid));
            while !STOP.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_secs(1));
                let now = (Instant::now(), cpu_seconds(pid));
                let cpu = (now.1 - last.1) / (now.0 - last.0).as_secs_f64() * 100.0;
                last = now;
                let mut s = samples.lock().unwrap();
                s.cpu_percent.push(cpu);
                s.rss_mb.push(rss_mb(pid));
                s.db_connections
                    .push((connections(&mut conn) - harness_connections - 1).max(0) as f64);
                s.load_average.push(load_average());
                if via == Via::Replica {
                    let (bytes, ms) = replication_lag(&mut conn);
                    s.lag_bytes.push(bytes);
                    s.lag_ms.push(ms);
                }
                if let Some(port) = bouncer_port {
                    let waiting: f64 = bouncer_show(port, "POOLS")
                        .iter()
                        .filter(|r| r.get("database") == Some(&database))
                        .filter_map(|r| r.get("cl_waiting")?.parse::<f64>().ok())
                        .sum();
                    s.bouncer_waiting.push(waiting);
                }
            }
        })
    };

    // The screens: 2 panels and a TV per company, and the reading drivers' sockets.
    let mut screens = Vec::new();
    for c in &companies {
        for _ in 0..PANELS_PER_COMPANY {
            let (tx, rx) = mpsc::unbounded_channel();
            open_socket(port, "", Some(&c.dispatch), Some(tx));
            let paths = vec![
                (
                    "GET /api/queue/active/company/{id}",
                    format!("/api/queue/active/company/{}", c.id),
                ),
                (
                    "GET /api/queue/totals/company/{id}",
                    format!("/api/queue/totals/company/{}", c.id),
                ),
                (
                    "GET /api/checkins/company/actives/{id}",
                    format!("/api/checkins/company/actives/{}", c.id),
                ),
            ];
            screens.push(runtime.spawn(screen(api.clone(), Some(c.dispatch.clone()), paths, rx)));
        }
        let (tx, rx) = mpsc::unbounded_channel();
        open_socket(port, &format!("?companyId={}", c.id), None, Some(tx));
        let paths = vec![(
            "GET /api/checkins/called/{id}",
            format!("/api/checkins/called/{}", c.id),
        )];
        screens.push(runtime.spawn(screen(api.clone(), None, paths, rx)));
    }
    let reading: Vec<Truck> = rush.iter().take(readers).cloned().collect();
    for t in &reading {
        open_socket(port, "", Some(&t.token), None);
    }
    println!("{} sockets open", screens.len() + reading.len());

    // What the clusters and the pooler had counted before the day.
    let standby_url = standby.as_ref().map(|s| s.url("postgres"));
    let primary_url = primary.as_ref().map(|p| p.url("postgres"));
    let commits_before = (
        standby_url
            .as_deref()
            .map(|u| xact_commit(u, app.db.name())),
        primary_url
            .as_deref()
            .map(|u| xact_commit(u, app.db.name())),
    );
    let bouncer_stats = |what: &str| -> serde_json::Map<String, Value> {
        bouncer_port
            .map(|port| bouncer_show(port, what))
            .unwrap_or_default()
            .into_iter()
            .find(|r| r.get("database").map(String::as_str) == Some(app.db.name()))
            .map(|r| {
                r.into_iter()
                    .filter_map(|(k, v)| Some((k, json!(v.parse::<f64>().ok()?))))
                    .collect()
            })
            .unwrap_or_default()
    };
    let bouncer_before = bouncer_stats("STATS");

    let started = Instant::now();
    // The opening rush: the drivers press 'join' within the first `rush_open_secs` of the
    // window, evenly spread, through at most 50 clients at once. (As fast as 50 clients go, the
    // rate is bounded by the machine the whole day shares: docs/scaling.md.)
    let rush_ids: Vec<Option<i64>> = runtime.block_on(async {
        let gate = Arc::new(Semaphore::new(RUSH_CLIENTS));
        let spacing = rush_open_secs / rush.len().max(1) as f64;
        let tasks: Vec<_> = rush
            .iter()
            .cloned()
            .enumerate()
            .map(|(n, t)| {
                let (api, gate) = (api.clone(), gate.clone());
                let at = started + Duration::from_secs_f64(spacing * n as f64);
                tokio::spawn(async move {
                    tokio::time::sleep_until(at.into()).await;
                    let _permit = gate.acquire_owned().await.unwrap();
                    join(&api, "POST /api/queue/save (rush)", &t).await
                })
            })
            .collect();
        let mut ids = Vec::with_capacity(tasks.len());
        for t in tasks {
            ids.push(t.await.unwrap());
        }
        ids
    });
    let rush_seconds = started.elapsed().as_secs_f64();
    println!("rush: {} joins in {rush_seconds:.1} s", rush.len());
    let wait = rush_secs - rush_seconds;
    if wait > 0.0 {
        std::thread::sleep(Duration::from_secs_f64(wait));
    }

    // The day.
    let day_ms = day_secs * 1000.0;
    runtime.block_on(async {
        let mut tasks = Vec::new();
        for (n, t) in reading.iter().cloned().enumerate() {
            let offset = read_every_ms * n as f64 / reading.len().max(1) as f64;
            tasks.push(tokio::spawn(reader(api.clone(), t, offset, read_every_ms)));
        }
        for c in &companies {
            let work: Vec<(i64, Truck)> = rush
                .iter()
                .zip(&rush_ids)
                .filter(|(t, _)| t.company == c.id && t.loading.is_some())
                .filter_map(|(t, id)| id.map(|id| (id, t.clone())))
                .collect();
            tasks.push(tokio::spawn(dispatcher(
                api.clone(),
                c.dispatch.clone(),
                work,
                day_ms * 0.95,
            )));
        }
        let pace = day_ms * 0.9 / later.len().max(1) as f64;
        let joins: Vec<_> = later
            .iter()
            .cloned()
            .enumerate()
            .map(|(n, t)| {
                let api = api.clone();
                tokio::spawn(async move {
                    sleep_ms(pace * n as f64).await;
                    let id = join(&api, "POST /api/queue/save (day)", &t).await;
                    if let (Some(id), 0) = (id, n % 4) {
                        sleep_ms(5000.0).await;
                        api.call(
                            "DELETE /api/queue/delete/{id}",
                            reqwest::Method::DELETE,
                            &format!("/api/queue/delete/{id}"),
                            Some(&t.token),
                            None,
                        )
                        .await;
                    }
                })
            })
            .collect();
        tokio::time::sleep(Duration::from_secs_f64(day_secs)).await;
        STOP.store(true, Ordering::SeqCst);
        for j in joins {
            let _ = j.await;
        }
        for t in tasks {
            let _ = tokio::time::timeout(Duration::from_secs(10), t).await;
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    let _ = sampler.join();
    let rss_end = rss_mb(pid);
    let replica_reads = metric_samples(port, "patio_db_replica_reads_total");
    let bouncer_after = bouncer_stats("STATS");
    drop(server);
    // The server's backends report their counts as they exit.
    std::thread::sleep(Duration::from_secs(2));
    let commits_after = (
        standby_url
            .as_deref()
            .map(|u| xact_commit(u, app.db.name())),
        primary_url
            .as_deref()
            .map(|u| xact_commit(u, app.db.name())),
    );
    for s in screens {
        s.abort();
    }

    // The report.
    let stats = STATS.lock().unwrap();
    let mut endpoints = serde_json::Map::new();
    let (mut worst_p99, mut errors, mut calls) = (0.0f64, 0u64, 0usize);
    println!(
        "\n{:<42} {:>7} {:>6} {:>8} {:>8} {:>8} {:>8}",
        "endpoint", "calls", "errors", "p50 ms", "p95 ms", "p99 ms", "max ms"
    );
    for (label, e) in stats.iter() {
        let mut ms = e.ms.clone();
        ms.sort_by(|a, b| a.total_cmp(b));
        let (p50, p95, p99) = (
            percentile(&ms, 50.0),
            percentile(&ms, 95.0),
            percentile(&ms, 99.0),
        );
        let max = ms.last().copied().unwrap_or(0.0);
        worst_p99 = worst_p99.max(p99);
        errors += e.errors;
        calls += ms.len();
        println!(
            "{label:<42} {:>7} {:>6} {p50:>8.1} {p95:>8.1} {p99:>8.1} {max:>8.1}",
            ms.len(),
            e.errors
        );
        endpoints.insert(
            (*label).to_owned(),
            json!({ "calls": ms.len(), "errors": e.errors, "p50_ms": round2(p50),
                    "p95_ms": round2(p95), "p99_ms": round2(p99), "max_ms": round2(max),
                    "first_error": e.first_error }),
        );
    }
    let mut all_ms: Vec<f64> = stats.values().flat_map(|e| e.ms.iter().copied()).collect();
    all_ms.sort_by(|a, b| a.total_cmp(b));
    let samples = samples.lock().unwrap();
    let ws_dropped = WS_DROPPED.load(Ordering::Relaxed);
    let load_at_end = load_average();
    let database = match via {
        Via::Direct => {
            "the test cluster (TEST_DATABASE_URL: scripts/pg.sh's, fsync off)".to_owned()
        }
        Via::Pgbouncer => format!(
            "PgBouncer {} in transaction mode, {bouncer_pool} server connections, in front of \
             the test cluster (TEST_DATABASE_URL); LISTEN, the jobs leader and the migrations \
             direct (PATIO_DIRECT_DATABASE_URL)",
            bouncer_version()
        ),
        Via::Replica => "a primary of the bench's own (initdb in /var/tmp, fsync off) and its hot \
             standby (pg_basebackup -R, streaming) as PATIO_READ_DATABASE_URL"
            .to_owned(),
    };
    let delta = |before: Option<i64>, after: Option<i64>| match (before, after) {
        (Some(b), Some(a)) => json!(a - b),
        _ => Value::Null,
    };
    let reads = match via {
        Via::Replica => {
            let outcome = |o: &str| {
                replica_reads
                    .get(&format!("{{outcome=\"{o}\"}}"))
                    .copied()
                    .unwrap_or(0.0)
            };
            let total: f64 = replica_reads.values().sum();
            json!({
                "patio_db_replica_reads_total": replica_reads
                    .iter()
                    .map(|(k, v)| (k.clone(), json!(v)))
                    .collect::<serde_json::Map<_, _>>(),
                "share_served_by_the_standby": round2(outcome("replica") / total.max(1.0)),
                "share_sent_to_the_primary_after_the_own_write": round2(outcome("behind") / total.max(1.0)),
                "standby_transactions_on_the_database": delta(commits_before.0, commits_after.0),
                "primary_transactions_on_the_database_including_the_harness":
                    delta(commits_before.1, commits_after.1),
                "replication_lag_bytes": summary(&samples.lag_bytes),
                "replication_lag_ms": summary(&samples.lag_ms),
                "note": "one replica read is one query the position cache, a list, a dashboard or a \
                         panel sent to the standby (outcome replica), or sent to the primary \
                         because the standby had not replayed, within PATIO_READ_WAIT_MS, \
                         the reader's own last write or the event the read follows (behind), \
                         or because the standby failed (failed/down); the position \
                         read answers mostly from the instance's cache, refilled from there",
            })
        }
        _ => json!("all on the primary (no PATIO_READ_DATABASE_URL)"),
    };
    let pooler = match via {
        Via::Pgbouncer => {
            let moved = |k: &str| {
                bouncer_after.get(k).and_then(Value::as_f64).unwrap_or(0.0)
                    - bouncer_before.get(k).and_then(Value::as_f64).unwrap_or(0.0)
            };
            let xacts = moved("total_xact_count");
            json!({
                "transactions": xacts,
                "queries": moved("total_query_count"),
                "mean_wait_for_a_server_ms":
                    round2(moved("total_wait_time") / 1000.0 / xacts.max(1.0)),
                "clients_waiting_for_a_server": summary(&samples.bouncer_waiting),
                "server_connections": bouncer_pool,
            })
        }
        _ => Value::Null,
    };
    let result = json!({
        "benchmark": "yard_day",
        "via": via.name(),
        "database": database,
        "load_average_1m": {
            "at_start": load_at_start,
            "during": summary(&samples.load_average),
            "at_end": load_at_end,
        },
        "requests_per_second": round2(calls as f64 / seconds),
        "all_calls_ms": { "p50": round2(percentile(&all_ms, 50.0)),
                          "p99": round2(percentile(&all_ms, 99.0)) },
        "reads": reads,
        "pooler": pooler,
        "machine": format!("{} cores, shared with other builds and tests (figures are noisy)",
                           std::thread::available_parallelism().map_or(0, |n| n.get())),
        "server": format!("{} serve as a child process (jobs on, every 30 s), its own database",
                          bin.rsplit("target/").next().unwrap_or(&bin)),
        "bench_build": if cfg!(debug_assertions) { "debug" } else { "release" },
        "scale": scale,
        "companies": companies.len(),
        "trucks": trucks,
        "loadings": companies.iter().map(|c| c.trucks.iter().filter(|t| t.loading.is_some()).count()).sum::<usize>(),
        "rush_joins": rush.len(),
        "rush_seconds": round2(rush_seconds),
        "rush_joins_per_second": round2(rush.len() as f64 / rush_seconds),
        "rush_arrivals_spread_over_seconds": rush_open_secs,
        "day_joins": later.len(),
        "reading_drivers": reading.len(),
        "position_read_every_ms": read_every_ms,
        "time_compression": format!("the phones' 30 s read every {} ms; a day in {rush_secs} s of rush and {day_secs} s of day", read_every_ms),
        "dispatch_panels": companies.len() * PANELS_PER_COMPANY,
        "tvs": companies.len(),
        "setup_seconds": round2(setup_seconds),
        "run_seconds": round2(seconds),
        "calls": calls,
        "errors": errors,
        "ws_messages_received": WS_MESSAGES.load(Ordering::Relaxed),
        "ws_sockets_dropped": ws_dropped,
        "endpoints": endpoints,
        "server_cpu_percent": summary(&samples.cpu_percent),
        "server_rss_mb": summary(&samples.rss_mb),
        "server_rss_mb_at_end": rss_end,
        "db_connections_of_server": summary(&samples.db_connections),
        "worst_p99_ms": round2(worst_p99),
        "target_every_p99_under_100ms": worst_p99 < 100.0,
        "target_0_errors": errors == 0 && ws_dropped == 0,
    });
    println!(
        "\n{} ({}): {calls} calls, {} req/s, {errors} errors, {ws_dropped} sockets dropped; \
         all calls p50 {} ms, p99 {} ms; worst p99 {worst_p99:.1} ms; \
         server CPU {} %, RSS {} MB, DB connections {}; load average {}",
        via.name(),
        result["database"],
        result["requests_per_second"],
        result["all_calls_ms"]["p50"],
        result["all_calls_ms"]["p99"],
        result["server_cpu_percent"],
        result["server_rss_mb"],
        result["db_connections_of_server"],
        result["load_average_1m"]["during"]
    );
    match via {
        Via::Replica => println!("reads: {:#}", result["reads"]),
        Via::Pgbouncer => println!("pooler: {:#}", result["pooler"]),
        Via::Direct => {}
    }
    if std::env::var("YARD_DAY_SMOKE").is_ok_and(|v| v == "1") {
        let joins = result["endpoints"]["POST /api/queue/save (rush)"]["calls"]
            .as_u64()
            .unwrap_or(0);
        if calls == 0 || joins == 0 || errors > 0 || ws_dropped > 0 {
            eprintln!(
                "yard day smoke: FAILED ({calls} calls, {joins} rush joins, {errors} errors, \
                 {ws_dropped} sockets dropped)"
            );
            std::process::exit(1);
        }
        println!("yard day smoke: ok (no result file written)");
        return;
    }
    let file = via.results_file();
    let out = format!("{}/../load/results/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(out, format!("{result:#}\n")).unwrap();
    println!("written to tests/load/results/{file}");
}
