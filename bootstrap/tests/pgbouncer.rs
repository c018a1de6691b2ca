//! Two `patio serve` through PgBouncer in transaction mode (issue 27 item 4), as
//! docs/scaling.md says: the request pools through the pooler (no named prepared statements,
//! no `options` startup parameter), LISTEN, the jobs leader and the migrations direct
//! (`PATIO_DIRECT_DATABASE_URL`). A join, a check-in and a call made through one instance
//! reach a socket on the other, concurrent joins and reads through both all answer, and the
//! jobs run on one instance whose leader session is not one of PgBouncer's.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use patio_postgres::testkit::TestDb;
use support::{eventually, port_of, scalar, Bouncer, Instance, DEADLINE, PGBOUNCER};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::Message;

/// A websocket on `instance` with `token`, reading in 200 ms steps.
fn socket(
    instance: &Instance,
    token: &str,
) -> tungstenite::WebSocket<MaybeTlsStream<std::net::TcpStream>> {
    let mut req = format!("ws://{}/api/ws", instance.addr)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("Authorization", format!("Bearer {token}").parse().unwrap());
    let (mut socket, _) = tungstenite::connect(req).unwrap();
    if let MaybeTlsStream::Plain(s) = socket.get_mut() {
        s.set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
    }
    socket
}

/// Waits for a text frame holding every one of `needles`.
fn wait_for(
    socket: &mut tungstenite::WebSocket<MaybeTlsStream<std::net::TcpStream>>,
    needles: &[&str],
    what: &str,
) {
    let until = Instant::now() + DEADLINE;
    loop {
        match socket.read() {
            Ok(Message::Text(t)) if needles.iter().all(|n| t.contains(n)) => return,
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(other) => panic!("{other}"),
        }
        assert!(Instant::now() < until, "{what}");
    }
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn two_instances_through_pgbouncer_join_call_hear_each_other_and_run_the_jobs() {
    if !Path::new(PGBOUNCER).is_file() {
        eprintln!(
            "SKIPPED: PgBouncer is not installed ({PGBOUNCER}); `make test-ops` installs \
             Debian's package (apt-get install pgbouncer)"
        );
        return;
    }
    let db = TestDb::new();
    support::seed_demo(db.url());
    let mut conn = db.connect().unwrap();
    conn.batch_execute(
        "UPDATE settings SET enable_checkin = TRUE, checkin_ip = '127.0.0.1';
         INSERT INTO drivers (company_id, name, cpf, cnh, birth_date, is_enabled, use_terms)
         SELECT d.company_id, 'PGB ' || n, lpad(n::text, 11, '7'), '1' || n, '1990-01-15',
                TRUE, TRUE
           FROM drivers d, generate_series(1, 24) n WHERE d.cpf = '52998224725';
         INSERT INTO trucks (company_id, driver_id, vehicle_model_id, license_plate, renavam,
                             owner, net_capacity)
         SELECT d.company_id, d.id, t.vehicle_model_id,
                'PGB' || lpad((row_number() OVER (ORDER BY d.id))::text, 4, '0'),
                lpad(d.id::text, 11, '0'), t.owner, t.net_capacity
           FROM drivers d, (SELECT * FROM trucks LIMIT 1) t WHERE d.name LIKE 'PGB %';",
    )
    .unwrap();
    // A small server pool: the instances' 30-odd client connections share 4 server connections,
    // so a statement prepared on one would soon be missing on another.
    let bouncer = Bouncer::start(port_of(db.url()), 4);
    let pooled = format!(
        "postgres://postgres@127.0.0.1:{}/{}",
        bouncer.port,
        db.name()
    );
    let env = [
        ("DATABASE_URL", pooled.as_str()),
        ("PATIO_DIRECT_DATABASE_URL", db.url()),
        ("PATIO_JOBS_INTERVAL", "1"),
    ];
    let a = Instance::start("bouncer-a", &env);
    let b = Instance::start("bouncer-b", &env);

    let company = scalar(
        &mut conn,
        "SELECT id AS v FROM companies WHERE name = 'Demo Agro'",
    );
    let driver = scalar(
        &mut conn,
        "SELECT id AS v FROM drivers WHERE cpf = '52998224725'",
    );
    let truck = scalar(
        &mut conn,
        &format!("SELECT id AS v FROM trucks WHERE driver_id = {driver} LIMIT 1"),
    );
    let staff = a.login("usuario@patio.local");
    let dispatcher = b.login("usuario@patio.local");
    let mut panel = socket(&b, &staff);

    // The join through A reaches the panel on B; B reads the position A wrote.
    let body = format!(
        r#"{{"driver":{{"id":{driver}}},"company":{{"id":{company}}},"truck":{{"id":{truck}}}}}"#
    );
    let (status, text) = a.post("/api/queue/save", Some(&staff), &body);
    assert_eq!(status, 201, "{text}");
    let entry = json(&text)["id"].as_i64().unwrap();
    let company_field = format!(r#""companyId":{company}"#);
    wait_for(
        &mut panel,
        &["queueChanged", &company_field],
        "the join made through A never reached the socket on B",
    );
    let (status, text) = b
        .get(
            &format!("/api/queue/position/driver/{driver}"),
            Some(&staff),
        )
        .unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(text.contains(r#""position":1"#), "{text}");

    // The driver checks in through B (from the yard's network); the call made through A
    // reaches the socket on B.
    let login = format!(
        r#"{{"cpf":"52998224725","company":{{"id":{company}}},"birthDate":"1990-01-15","recaptcha_token":""}}"#
    );
    let (status, text) = b.post("/api/auth/app/login", None, &login);
    assert_eq!(status, 201, "{text}");
    let driver_token = json(&text)["accessToken"].as_str().unwrap().to_owned();
    let (status, text) = b.post(
        "/api/checkins/save",
        Some(&driver_token),
        &format!(r#"{{"queue":{{"id":{entry}}},"isPresent":true,"status":true}}"#),
    );
    assert_eq!(status, 201, "{text}");
    let checkin = json(&text)["id"].as_i64().unwrap();
    let expedition = a.login("usuario@patio.local");
    let (status, text) = a.post(
        "/api/checkins/setcall",
        Some(&expedition),
        &format!(r#"{{"id":{checkin},"isCalling":true}}"#),
    );
    assert_eq!(status, 200, "{text}");
    wait_for(
        &mut panel,
        &["checkInCallResponse"],
        "the call made through A never reached the socket on B",
    );

    // 24 joins at once, half through each instance, with the positions read meanwhile: every
    // one answers (a named statement on a borrowed server connection would fail here).
    let others: Vec<(i64, i64)> = (0..24)
        .map(|n| {
            let d = scalar(
                &mut conn,
                &format!(
                    "SELECT id AS v FROM drivers WHERE cpf = lpad('{}', 11, '7')",
                    n + 1
                ),
            );
            let t = scalar(
                &mut conn,
                &format!("SELECT id AS v FROM trucks WHERE driver_id = {d}"),
            );
            (d, t)
        })
        .collect();
    let addrs = [a.addr, b.addr];
    let results: Vec<(u16, String, u16, String)> = std::thread::scope(|s| {
        let handles: Vec<_> = others
            .iter()
            .enumerate()
            .map(|(n, &(d, t))| {
                let (addr, staff) = (addrs[n % 2], staff.clone());
                s.spawn(move || {
                    let body = format!(
                        r#"{{"driver":{{"id":{d}}},"company":{{"id":{company}}},"truck":{{"id":{t}}}}}"#
                    );
                    let (js, jt) = support::http(
                        addr,
                        "POST",
                        "/api/queue/save",
                        Some(&staff),
                        Some(&body),
                    )
                    .unwrap();
                    let (ps, pt) = support::http(
                        addrs[(n + 1) % 2],
                        "GET",
                        &format!("/api/queue/position/driver/{d}"),
                        Some(&staff),
                        None,
                    )
                    .unwrap();
                    (js, jt, ps, pt)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (js, jt, ps, pt) in &results {
        assert_eq!(*js, 201, "{jt}");
        assert_eq!(*ps, 200, "{pt}");
    }
    assert_eq!(
        scalar(
            &mut conn,
            "SELECT count(*) AS v FROM queue_entries WHERE status = 'waiting'"
        ),
        25
    );
    let (status, text) = b
        .get(
            &format!("/api/queue/active/company/{company}"),
            Some(&dispatcher),
        )
        .unwrap();
    assert_eq!(status, 200, "{text}");
    assert_eq!(json(&text).as_array().map(Vec::len), Some(25), "{text}");

    // The requests went through PgBouncer: its transactions for this database rose.
    let stats = bouncer.show("STATS");
    let ours = stats
        .iter()
        .find(|r| r.get("database").map(String::as_str) == Some(db.name()))
        .unwrap_or_else(|| panic!("no stats for {}: {stats:?}", db.name()));
    let xacts: i64 = ours["total_xact_count"].parse().unwrap();
    assert!(xacts > 50, "{xacts} transactions through PgBouncer");

    // Jobs: one instance runs them; its leader session is the server's own, not PgBouncer's,
    // and so are both LISTEN sessions.
    eventually("the jobs never ran", || {
        a.count("jobs ran") + b.count("jobs ran") > 0
    });
    eventually("the other instance never deferred to the leader", || {
        a.count("jobs led by another instance") + b.count("jobs led by another instance") > 0
    });
    let leader = scalar(
        &mut conn,
        &format!(
            "SELECT pid::bigint AS v FROM pg_locks WHERE locktype = 'advisory' AND granted
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
               AND classid = ({key}::bigint >> 32)::oid
               AND objid = ({key}::bigint & 4294967295)::oid AND objsubid = 1",
            key = patio_postgres::JOBS_LEADER_KEY
        ),
    );
    let servers: Vec<i64> = bouncer
        .show("SERVERS")
        .iter()
        .filter_map(|r| r.get("remote_pid")?.parse().ok())
        .collect();
    assert!(!servers.is_empty(), "{}", bouncer.log());
    assert!(
        !servers.contains(&leader),
        "the leader's lock is on a PgBouncer server connection"
    );
    assert_eq!(
        scalar(
            &mut conn,
            "SELECT count(*) AS v FROM pg_stat_activity
              WHERE application_name = 'patio-listen' AND datname = current_database()"
        ),
        2
    );
    for instance in [&a, &b] {
        let out = instance.output();
        assert!(
            !out.contains("prepared statement"),
            "a prepared statement failed through PgBouncer:\n{out}"
        );
    }
}
