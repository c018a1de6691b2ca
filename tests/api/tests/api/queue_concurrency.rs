//! Correctness of the queue under load (issue 4, DESIGN 4.12): many joins at once for one
//! company, a driver joining twice at once, and a join whose connection dies mid-way.
//! These are tests of outcomes, not of timings.

use crate::{common, queue_common};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use patio_application::AppError;
use patio_domain::queue::QueueRefusal;
use patio_postgres::pool::{build_pool_with, PoolOptions};

use common::TestApp;
use queue_common::*;

const JOINS: i64 = 200;
const ROUNDS: usize = 5;
const PER_DAY: i64 = 40;
const CONNECTIONS: u32 = 60;

/// 10-minute slots (54 a day) capped at 40 a day, Monday to Saturday, freelancers welcome,
/// joins up to 3 days ahead: Monday 06:00 leaves Monday to Thursday, 160 places.
fn forty_a_day(app: &TestApp) {
    settings_blocking(
        app,
        app.ids.demo,
        serde_json::json!({
            "timeAttendence": "00:10", "programmedTotal": 40, "scheduling_day_limit": 3,
            "enableQueueWithoutScheduling": true,
        }),
    );
    at(app, "2026-03-02T09:00:00Z");
}

#[derive(QueryableByName, Debug)]
struct EntryRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    driver_id: i64,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Date>)]
    date: Option<chrono::NaiveDate>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>)]
    forecast_at: Option<chrono::DateTime<chrono::Utc>>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Integer>)]
    position: Option<i32>,
}

fn entries(app: &TestApp) -> Vec<EntryRow> {
    diesel::sql_query(format!(
        "SELECT driver_id, date, forecast_at, position FROM queue_entries
          WHERE company_id = {} AND status = 'waiting' ORDER BY joined_at, id",
        app.ids.demo
    ))
    .load(&mut app.db.conn().unwrap())
    .unwrap()
}

fn is_clear_refusal(e: &AppError) -> bool {
    let known = [
        QueueRefusal::BeyondDayLimit.message(),
        QueueRefusal::AlreadyInQueue.message(),
        QueueRefusal::NoCapacity.message(),
    ];
    matches!(e, AppError::Conflict(m) if known.contains(m))
}

#[test]
fn two_hundred_simultaneous_joins_never_share_a_slot_nor_overfill_a_day() {
    for round in 0..ROUNDS {
        let app = TestApp::new();
        forty_a_day(&app);
        let drivers = add_drivers(&app, app.ids.demo, JOINS, 1);
        let pool = build_pool_with(
            app.db.url(),
            &PoolOptions {
                max_size: CONNECTIONS,
                min_idle: Some(CONNECTIONS),
                connection_timeout: Duration::from_secs(60),
                ..Default::default()
            },
        )
        .unwrap();
        let state = app.state_with_pool(pool);
        let barrier = Arc::new(Barrier::new(drivers.len()));
        let threads: Vec<_> = drivers
            .iter()
            .map(|&(driver_id, truck_id)| {
                let anon = state.services.queue.clone();
                let barrier = barrier.clone();
                let company = app.ids.demo;
                std::thread::spawn(move || {
                    barrier.wait();
                    let r = join_freelancer(&anon, company, driver_id, truck_id);
                    (driver_id, r)
                })
            })
            .collect();
        let results: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();

        let mut ok = 0;
        for (driver_id, r) in &results {
            match r {
                Ok(_) => ok += 1,
                Err(e) => assert!(
                    is_clear_refusal(e),
                    "round {round}: driver {driver_id} got {e:?}"
                ),
            }
        }
        assert_eq!(ok, 4 * PER_DAY, "round {round}: Monday to Thursday fill up");

        let rows = entries(&app);
        assert_eq!(
            rows.len(),
            ok as usize,
            "round {round}: one entry per success"
        );
        let mut slots = HashSet::new();
        let mut per_day: HashMap<chrono::NaiveDate, i64> = HashMap::new();
        let mut drivers_seen = HashSet::new();
        for r in &rows {
            let (date, forecast) = (r.date.unwrap(), r.forecast_at.unwrap());
            assert!(
                slots.insert(forecast),
                "round {round}: slot {forecast} shared"
            );
            *per_day.entry(date).or_default() += 1;
            assert!(drivers_seen.insert(r.driver_id));
        }
        assert!(per_day.values().all(|&n| n <= PER_DAY), "{per_day:?}");
        assert_eq!(per_day.len(), 4);
        let positions: Vec<i32> = rows.iter().map(|r| r.position.unwrap()).collect();
        let expected: Vec<i32> = (1..=ok as i32).collect();
        assert_eq!(positions, expected, "round {round}: positions 1..n");
        // Every success stored a new plan.
        let version = app.scalar_i64(&format!(
            "SELECT plan_version AS v FROM queue_states WHERE company_id = {}",
            app.ids.demo
        ));
        assert!(version >= ok, "plan_version {version} < {ok}");
        let logs = app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs
              WHERE company_id = {} AND operation_type = 'IN_QUEUE'",
            app.ids.demo
        ));
        assert_eq!(logs, ok);
    }
}

#[test]
fn a_driver_joining_twice_at_once_ends_with_exactly_one_entry() {
    let app = TestApp::new();
    forty_a_day(&app);
    let drivers = add_drivers(&app, app.ids.demo, 10, 2);
    let pool = build_pool_with(
        app.db.url(),
        &PoolOptions {
            max_size: 4,
            min_idle: Some(4),
            connection_timeout: Duration::from_secs(30),
            ..Default::default()
        },
    )
    .unwrap();
    let state = app.state_with_pool(pool);
    for &(driver_id, truck_id) in &drivers {
        let barrier = Arc::new(Barrier::new(2));
        let threads: Vec<_> = (0..2)
            .map(|_| {
                let anon = state.services.queue.clone();
                let barrier = barrier.clone();
                let company = app.ids.demo;
                std::thread::spawn(move || {
                    barrier.wait();
                    join_freelancer(&anon, company, driver_id, truck_id)
                })
            })
            .collect();
        let results: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1);
        let refused = results.iter().find_map(|r| r.as_ref().err()).unwrap();
        assert!(
            matches!(refused, AppError::Conflict(m) if m == "Você já possui um agendamento na fila"),
            "{refused:?}"
        );
        let n = app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM queue_entries WHERE driver_id = {driver_id}"
        ));
        assert_eq!(n, 1);
    }
    assert_eq!(positions(&app, app.ids.demo), (1..=10).collect::<Vec<_>>());
}

#[test]
fn killing_the_connection_in_the_middle_of_a_join_leaves_nothing_half_written() {
    let app = TestApp::new();
    forty_a_day(&app);
    let drivers = add_drivers(&app, app.ids.demo, 2, 3);
    let (driver_id, truck_id) = drivers[0];
    // The driver's and truck's registration logs are there before the join.
    let logs_before = app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {driver_id}"
    ));
    let version_before = app.scalar_i64(&format!(
        "SELECT plan_version AS v FROM queue_states WHERE company_id = {}",
        app.ids.demo
    ));
    // A test-only hook: the join's driver-log insert (after the entry and the plan are
    // written, before commit) waits for an advisory lock the test holds.
    app.sql(
        "CREATE FUNCTION test_hold_join() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN PERFORM pg_advisory_lock(7007); PERFORM pg_advisory_unlock(7007); RETURN NEW; END $$;
         CREATE TRIGGER test_hold_join BEFORE INSERT ON driver_logs
             FOR EACH ROW EXECUTE FUNCTION test_hold_join();",
    );
    let mut holder = app.db.connect().unwrap();
    holder
        .batch_execute("SELECT pg_advisory_lock(7007)")
        .unwrap();

    let anon = app.state.services.queue.clone();
    let company = app.ids.demo;
    let join = std::thread::spawn(move || join_freelancer(&anon, company, driver_id, truck_id));

    // Wait until the join is parked inside its transaction, then kill its connection.
    let started = Instant::now();
    let pid = loop {
        let pid = app.scalar_i64(
            "SELECT COALESCE(max(pid), 0)::int8 AS v FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND wait_event = 'advisory' AND query LIKE '%driver_logs%'",
        );
        if pid > 0 {
            break pid;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "join never parked"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    // The entry exists inside the join's transaction, so its lock on the queue is held.
    app.sql(&format!("SELECT pg_terminate_backend({pid})"));
    holder
        .batch_execute("SELECT pg_advisory_unlock(7007)")
        .unwrap();
    let result = join.join().unwrap();
    assert!(
        result.is_err(),
        "the join cannot have committed: {result:?}"
    );

    let entries = app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM queue_entries WHERE driver_id = {driver_id}"
    ));
    let logs = app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {driver_id}"
    ));
    let version_after = app.scalar_i64(&format!(
        "SELECT plan_version AS v FROM queue_states WHERE company_id = {}",
        app.ids.demo
    ));
    assert_eq!((entries, logs), (0, logs_before), "nothing half-written");
    assert_eq!(version_after, version_before);

    // The lock died with the connection: the same driver joins, first in line.
    app.sql("DROP TRIGGER test_hold_join ON driver_logs");
    let view = join_freelancer(&app.state.services.queue, company, driver_id, truck_id).unwrap();
    assert_eq!(view.position, Some(1));
    assert_eq!(positions(&app, app.ids.demo), vec![1]);
}
