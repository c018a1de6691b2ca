//! Reads from a streaming replica (issue 27 item 3): `patio serve` with
//! `PATIO_READ_DATABASE_URL` on a real hot standby (`pg_basebackup -R` of a cluster of the
//! test's own). The lists and the position read land on the standby, a change shows there
//! once replayed, the instance's own writes are read back from the primary while the standby
//! is behind, and the product keeps answering, from the primary, when the standby stops.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::time::Duration;

use diesel::connection::SimpleConnection;
use support::{eventually, scalar, Cluster, Instance};

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
