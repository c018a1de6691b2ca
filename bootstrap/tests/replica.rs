//! Reads from a streaming replica (issue 27 item 3): `patio serve` with
//! `PATIO_READ_DATABASE_URL` on a real hot standby (`pg_basebackup -R` of a cluster of the
//! test's own). The lists and the position read land on the standby, a change shows there
//! once replayed, an actor's own writes are read back from the primary while the standby is
//! behind while other actors' reads stay on the standby, a position read after a queue event
//! (on this instance or heard through LISTEN on another) shows the change, and the product
//! keeps answering, from the primary, when the standby stops.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::time::Duration;

use diesel::connection::SimpleConnection;
use support::{eventually, scalar, Cluster, Instance};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::Message;

/// The standby's transactions on the product's database (every statement outside a
/// transaction counts as one): they rise only when something reads there.
fn standby_reads(standby: &Cluster) -> i64 {
    scalar(
        &mut standby.connect("postgres"),
        "SELECT xact_commit AS v FROM pg_stat_database WHERE datname = 'patio'",
    )
}

/// Waits until the standby has replayed everything the primary wrote so far.
fn caught_up(primary: &Cluster, standby: &Cluster) {
    let target = scalar(
        &mut primary.connect("postgres"),
        "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint AS v",
    );
    eventually("the standby never caught up", || {
        scalar(
            &mut standby.connect("postgres"),
            "SELECT pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')::bigint AS v",
        ) >= target
    });
}

fn replica_reads(instance: &Instance, outcome: &str) -> f64 {
    instance.metric(&format!(
        "patio_db_replica_reads_total{{outcome=\"{outcome}\"}}"
    ))
}

#[test]
fn reads_land_on_the_standby_see_their_own_writes_and_fall_back_to_the_primary_when_it_stops() {
    // One test: the clusters take most of its time.
    let Some(bin) = support::pg_bin() else {
        eprintln!(
            "SKIPPED: PostgreSQL's server binaries (initdb, pg_basebackup) not found under \
             /usr/lib/postgresql (apt-get install postgresql)"
        );
        return;
    };
    let started = std::time::Instant::now();
    let primary = Cluster::primary(&bin, "primary");
    primary
        .connect("postgres")
        .batch_execute("CREATE DATABASE patio")
        .unwrap();
    eprintln!("{:?} primary up", started.elapsed());
    support::seed_demo(&primary.url("patio"));
    eprintln!("{:?} seeded", started.elapsed());
    let standby = Cluster::standby_of(&primary, "standby");
    assert_eq!(
        scalar(
            &mut standby.connect("postgres"),
            "SELECT pg_is_in_recovery()::int::bigint AS v"
        ),
        1,
        "a hot standby"
    );
    eprintln!("{:?} standby up", started.elapsed());
    let primary_url = primary.url("patio");
    let standby_url = standby.url("patio");
    // No background jobs: their commits would move the instance's mark while the standby's
    // replay is paused below, and this test must know every write the instance makes.
    let app = Instance::start(
        "replica",
        &[
            ("DATABASE_URL", primary_url.as_str()),
            ("PATIO_READ_DATABASE_URL", standby_url.as_str()),
            ("PATIO_READ_RETRY_SECS", "1"),
            ("PATIO_JOBS", "off"),
        ],
    );
    // A second instance on the same clusters: it hears the first one's events through LISTEN.
    let other = Instance::start(
        "replica-b",
        &[
            ("DATABASE_URL", primary_url.as_str()),
            ("PATIO_READ_DATABASE_URL", standby_url.as_str()),
            ("PATIO_READ_RETRY_SECS", "1"),
            ("PATIO_JOBS", "off"),
        ],
    );
    let admin = app.login("admin@patio.local");
    let staff = app.login("usuario@patio.local");
    let mut db = primary.connect("patio");
    let company = scalar(
        &mut db,
        "SELECT id AS v FROM companies WHERE name = 'Demo Agro'",
    );
    let driver = scalar(
        &mut db,
        "SELECT id AS v FROM drivers WHERE cpf = '52998224725'",
    );
    let truck = scalar(
        &mut db,
        &format!("SELECT id AS v FROM trucks WHERE driver_id = {driver} LIMIT 1"),
    );
    db.batch_execute(&format!(
        "INSERT INTO customers (company_id, code, name) VALUES ({company}, 901, 'Cliente Norte')"
    ))
    .unwrap();
    // The driver signs in (on the other instance), and a panel there listens to the company.
    let login = format!(
        r#"{{"cpf":"52998224725","company":{{"id":{company}}},"birthDate":"1990-01-15","recaptcha_token":""}}"#
    );
    let (status, text) = other.post("/api/auth/app/login", None, &login);
    assert_eq!(status, 201, "{text}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let driver_token = json["accessToken"].as_str().unwrap().to_owned();
    let mut request = format!("ws://{}/api/ws", other.addr)
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("Authorization", format!("Bearer {staff}").parse().unwrap());
    let (mut socket, _) = tungstenite::connect(request).unwrap();
    if let MaybeTlsStream::Plain(s) = socket.get_mut() {
        s.set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
    }
    caught_up(&primary, &standby);
    eprintln!("{:?} clusters and instance up", started.elapsed());

    // A list lands on the standby.
    let before = standby_reads(&standby);
    let served_there = replica_reads(&app, "replica");
    let (status, text) = app.get("/api/customer", Some(&admin)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("Cliente Norte"), "{text}");
    // Backends report their counts within a few seconds (PostgreSQL 15's shared statistics).
    eventually("the list was not read on the standby", || {
        standby_reads(&standby) > before
    });
    assert!(replica_reads(&app, "replica") > served_there);

    // A change made behind the instance's back (no event) is not seen while the standby has
    // not replayed it — the read is the standby's — and is seen once it has.
    standby
        .connect("postgres")
        .batch_execute("SELECT pg_wal_replay_pause()")
        .unwrap();
    db.batch_execute("UPDATE customers SET name = 'Cliente Sul' WHERE code = 901")
        .unwrap();
    let (status, text) = app.get("/api/customer", Some(&admin)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains("Cliente Norte") && !text.contains("Cliente Sul"),
        "not read on the paused standby: {text}"
    );

    // The instance's own change, made while the standby is still paused, is read back from
    // the primary: the join, the driver's position and the company's queue all show it.
    let behind = replica_reads(&app, "behind");
    let body = format!(
        r#"{{"driver":{{"id":{driver}}},"company":{{"id":{company}}},"truck":{{"id":{truck}}}}}"#
    );
    let (status, text) = app.post("/api/queue/save", Some(&staff), &body);
    assert_eq!(status, 201, "{text}");
    let position = format!("/api/queue/position/driver/{driver}");
    let (status, text) = app.get(&position, Some(&staff)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(text.contains(r#""position":1"#), "{text}");
    let queue = format!("/api/queue/active/company/{company}");
    let (status, text) = app.get(&queue, Some(&staff)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains(&format!(r#""driver":{{"id":{driver},"#)),
        "{text}"
    );
    assert!(
        replica_reads(&app, "behind") > behind,
        "the reads after the write did not skip the standby"
    );

    // Meanwhile another actor's reads stay on the standby: the administrator's list is still
    // the paused standby's (the primary has 'Cliente Sul'). A mark kept per instance sent it
    // to the primary.
    let served_there = replica_reads(&app, "replica");
    let (status, text) = app.get("/api/customer", Some(&admin)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains("Cliente Norte") && !text.contains("Cliente Sul"),
        "another actor's read left the standby: {text}"
    );
    assert!(replica_reads(&app, "replica") > served_there);

    // But a read prompted by the join's event shows it, whoever reads: the driver's own
    // position (he wrote nothing) and the administrator's dispatch list of that company.
    let (status, text) = app.get(&position, Some(&driver_token)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(text.contains(r#""position":1"#), "{text}");
    let (status, text) = app.get(&queue, Some(&admin)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains(&format!(r#""driver":{{"id":{driver},"#)),
        "{text}"
    );

    // The other instance heard the event through LISTEN (its socket got it); the driver's
    // position read there right after shows the join, and so does its dispatch list.
    let expected = format!(r#""companyId":{company}"#);
    let until = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        match socket.read() {
            Ok(Message::Text(t)) if t.contains("queueChanged") && t.contains(&expected) => break,
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(other) => panic!("{other}"),
        }
        assert!(
            std::time::Instant::now() < until,
            "the join never reached the other instance's socket"
        );
    }
    let behind_there = replica_reads(&other, "behind");
    let (status, text) = other.get(&position, Some(&driver_token)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains(r#""position":1"#),
        "a stale position after the event: {text}"
    );
    let (status, text) = other.get(&queue, Some(&staff)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains(&format!(r#""driver":{{"id":{driver},"#)),
        "a stale dispatch list after the event: {text}"
    );
    assert!(
        replica_reads(&other, "behind") >= behind_there + 2.0,
        "the other instance's reads after the event did not wait for the standby"
    );
    // Its unrelated lists stay on the standby.
    let (status, text) = other.get("/api/customer", Some(&admin)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("Cliente Norte"), "{text}");

    // Replayed: the reads are the standby's again, and correct.
    standby
        .connect("postgres")
        .batch_execute("SELECT pg_wal_replay_resume()")
        .unwrap();
    caught_up(&primary, &standby);
    let served_there = replica_reads(&app, "replica");
    let before = standby_reads(&standby);
    let (status, text) = app.get("/api/customer", Some(&admin)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("Cliente Sul"), "{text}");
    let (status, text) = app.get(&queue, Some(&staff)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(replica_reads(&app, "replica") >= served_there + 2.0);
    eventually("the reads were not the standby's", || {
        standby_reads(&standby) > before
    });
    eprintln!("{:?} replayed: the standby serves again", started.elapsed());

    // The standby stops: every answer still comes, from the primary.
    standby.stop();
    eprintln!("{:?} standby stopped", started.elapsed());
    for _ in 0..3 {
        let (status, text) = app.get("/api/customer", Some(&admin)).unwrap();
        assert_eq!(status, 200, "{text}");
        assert!(text.contains("Cliente Sul"), "{text}");
        let (status, text) = app.get(&queue, Some(&staff)).unwrap();
        assert_eq!(status, 200, "{text}");
    }
    let (status, text) = app.get("/api/ready", None).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(replica_reads(&app, "failed") >= 1.0);
    assert!(
        replica_reads(&app, "down") >= 1.0,
        "a failed standby is left alone"
    );
    // A change now is read back at once (from the primary).
    db.batch_execute("UPDATE customers SET name = 'Cliente Leste' WHERE code = 901")
        .unwrap();
    let (status, text) = app.get("/api/customer", Some(&admin)).unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("Cliente Leste"), "{text}");

    // Back up: after the retry period the reads return to it.
    eprintln!("{:?} answered from the primary", started.elapsed());
    standby.start();
    caught_up(&primary, &standby);
    std::thread::sleep(Duration::from_millis(1100));
    let served_there = replica_reads(&app, "replica");
    eventually("the reads never returned to the standby", || {
        let (status, text) = app.get("/api/customer", Some(&admin)).unwrap();
        assert_eq!(status, 200, "{text}");
        assert!(text.contains("Cliente Leste"), "{text}");
        replica_reads(&app, "replica") > served_there
    });
    let metrics = app.get("/metrics", None).unwrap().1;
    for sample in [
        r#"patio_db_pool_connections{pool="primary",state="idle"}"#,
        r#"patio_db_pool_connections{pool="read",state="in_use"}"#,
        r#"patio_db_pool_max_connections{pool="read"}"#,
    ] {
        assert!(metrics.contains(sample), "{sample} missing:\n{metrics}");
    }
}
