//! Running the day (spec 3 section 4): attendance start and end with the end-of-day move, the
//! reset, delays, and the background jobs run with a fixed clock.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use diesel::connection::SimpleConnection;
use patio_application::queue::jobs::TOLERANCE_JOB_KEY;
use serde_json::{json, Value};

use common::{fixtures, TestApp};
use queue_common::*;

async fn join_all(app: &TestApp, drivers: &[(i64, i64)]) -> Vec<i64> {
    let mut ids = Vec::new();
    for &(d, t) in drivers {
        let (s, b) = app
            .driver_id(d, app.ids.demo)
            .await
            .post("/api/queue/save", json!({ "truck": { "id": t } }))
            .await
            .pair();
        assert_eq!(s, StatusCode::CREATED, "{b}");
        ids.push(b["id"].as_i64().unwrap());
    }
    ids
}

fn dates(app: &TestApp) -> Vec<String> {
    let mut out = Vec::new();
    let n = app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM queue_entries WHERE company_id = {} AND status = 'waiting'",
        app.ids.demo
    ));
    for i in 0..n {
        out.push(app.scalar_text(&format!(
            "SELECT to_char(date, 'YYYY-MM-DD') || ' ' || position AS v FROM queue_entries
              WHERE company_id = {} AND status = 'waiting' ORDER BY joined_at, id OFFSET {i} LIMIT 1",
            app.ids.demo
        )));
    }
    out
}

#[actix_web::test]
async fn ending_the_attendance_moves_todays_vehicles_to_the_next_day_and_reset_brings_them_back() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let anon = app.anonymous().await;
    let drivers = add_drivers(&app, app.ids.demo, 3, 1);
    join_all(&app, &drivers).await;
    assert_eq!(
        dates(&app),
        ["2026-03-02 1", "2026-03-02 2", "2026-03-02 3"]
    );

    let exp = app.expedicao_of(app.ids.demo).await;
    let start = json!({ "user": { "id": app.ids.expedicao }, "company": { "id": app.ids.demo } });
    for (email, status) in [
        ("espectador@patio.local", StatusCode::FORBIDDEN),
        ("portaria@patio.local", StatusCode::FORBIDDEN),
        ("transp@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let (s, _) = app
            .staff(email)
            .await
            .post("/api/attendances/save", start.clone())
            .await
            .pair();
        assert_eq!(s, status, "{email}");
    }
    let (s, a) = exp
        .post("/api/attendances/save", start.clone())
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED, "{a}");
    assert_eq!(a["status"], true);
    let id = a["id"].as_i64().unwrap();
    let (s, again) = exp
        .post("/api/attendances/save", start.clone())
        .await
        .pair();
    assert_eq!((s, again["id"].as_i64()), (StatusCode::OK, Some(id)));
    let (_, today) = anon
        .get(&format!("/api/attendances/today/company/{}", app.ids.demo))
        .await
        .pair();
    assert_eq!(today, json!({ "id": id, "status": true }));

    // Ending: 10:00, the three still waiting move to Tuesday, in order, at its front.
    at(&app, "2026-03-02T13:00:00Z");
    let (s, _) = app
        .usuario_of(app.ids.other)
        .await
        .put("/api/attendances/update", json!({ "id": id }))
        .await
        .pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, e) = exp
        .put("/api/attendances/update", json!({ "id": id }))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{e}");
    assert_eq!(e["moved"], 3);
    assert_eq!(e["movedTo"], "2026-03-03");
    assert_eq!(
        dates(&app),
        ["2026-03-03 1", "2026-03-03 2", "2026-03-03 3"]
    );
    let (s, e) = exp
        .put("/api/attendances/update", json!({ "id": id }))
        .await
        .pair();
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(e["message"], "O atendimento já foi encerrado.");
    let (_, first) = exp
        .get(&format!("/api/queue/company/{}", app.ids.demo))
        .await
        .pair();
    assert_eq!(first[0]["queue"][0]["time"], "07:00");
    // A join after the end lands behind them on Tuesday.
    let late = add_drivers(&app, app.ids.demo, 1, 2);
    join_all(&app, &late).await;
    assert_eq!(dates(&app)[3], "2026-03-03 4");

    // Reopened, the moved vehicles stay moved (their pins hold) ...
    let (s, _) = exp
        .post("/api/attendances/save", start.clone())
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED);
    assert_eq!(dates(&app)[0], "2026-03-03 1");
    // ... until a root administrator resets the queue: all laid again from now.
    for email in ["usuario@patio.local", "expedicao@patio.local"] {
        let (s, _) = app
            .staff(email)
            .await
            .post(
                "/api/queue/reset",
                json!({ "company": { "id": app.ids.demo } }),
            )
            .await
            .pair();
        assert_eq!(s, StatusCode::FORBIDDEN, "{email}");
    }
    let admin = app.admin().await;
    let (s, _) = admin
        .post("/api/queue/reset", json!({ "company": { "id": 999999 } }))
        .await
        .pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, r) = admin
        .post(
            "/api/queue/reset",
            json!({ "company": { "id": app.ids.demo } }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["message"], "Fila resetada");
    assert_eq!(r["entries"], 4);
    assert_eq!(
        dates(&app),
        [
            "2026-03-02 1",
            "2026-03-02 2",
            "2026-03-02 3",
            "2026-03-02 4"
        ]
    );
    let (_, rows) = exp
        .get(&format!("/api/queue/active/company/{}", app.ids.demo))
        .await
        .pair();
    // Laid from their join (09:00): the engine keeps slots that already started.
    assert_eq!(rows[0]["time"], "09:00");
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM queue_entries WHERE planned_day IS NOT NULL"),
        0
    );
    for op in ["START_ATTENDANCE", "END_ATTENDANCE", "RESET_QUEUE"] {
        assert!(
            app.scalar_i64(&format!(
                "SELECT count(*) AS v FROM staff_logs WHERE operation_type = '{op}'"
            )) >= 1,
            "{op}"
        );
    }
}

#[actix_web::test]
async fn a_delay_shifts_todays_forecasts_and_ending_it_early_gives_back_the_rest() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let drivers = add_drivers(&app, app.ids.demo, 2, 1);
    join_all(&app, &drivers).await;
    fixtures::settings_saved(
        &app,
        app.ids.demo,
        json!({ "delay": [{ "reason": "Chuva", "time": 30, "icon": "rain" }] }),
    )
    .await;
    let reason = app.scalar_i64("SELECT id AS v FROM delays");
    let exp = app.expedicao_of(app.ids.demo).await;
    let demo = app.ids.demo;
    let times = |rows: &Value| -> Vec<String> {
        rows.as_array()
            .unwrap()
            .iter()
            .map(|r| r["time"].as_str().unwrap().to_owned())
            .collect()
    };
    let (_, rows) = exp
        .get(&format!("/api/queue/active/company/{demo}"))
        .await
        .pair();
    assert_eq!(times(&rows), ["09:00", "09:30"]);

    for (email, status) in [
        ("portaria@patio.local", StatusCode::FORBIDDEN),
        ("espectador@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let (s, _) = app
            .staff(email)
            .await
            .put(
                "/api/queue/delay",
                json!({ "delayId": reason, "time": 30, "companyId": demo }),
            )
            .await
            .pair();
        assert_eq!(s, status, "{email}");
    }
    let (s, _) = exp
        .put(
            "/api/queue/delay",
            json!({ "delayId": reason, "time": 0, "companyId": demo }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, d) = exp
        .put(
            "/api/queue/delay",
            json!({ "delayId": reason, "time": 30, "companyId": demo }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{d}");
    assert_eq!(d["active"], true);
    let (_, rows) = exp
        .get(&format!("/api/queue/active/company/{demo}"))
        .await
        .pair();
    assert_eq!(times(&rows), ["09:30", "10:00"]);
    let me = app.driver_id(drivers[0].0, demo).await;
    let (_, status) = me
        .get(&format!("/api/queue/delayStatus/company/{demo}"))
        .await
        .pair();
    assert_eq!(status["delayedTime"], 30);
    assert_eq!(status["delay"]["reason"], "Chuva");
    assert_eq!(status["delay"]["icon"], "rain");
    let (s, d) = exp
        .put(
            "/api/queue/delay",
            json!({ "delayId": reason, "time": 15, "companyId": demo }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(d["message"], "Por favor, cancelar o atraso!");

    // Ended after 10 minutes: the forecasts keep 10 of the 30 minutes.
    at(&app, "2026-03-02T12:10:00Z");
    let (s, d) = exp
        .put(
            "/api/queue/delay",
            json!({ "delayId": reason, "time": -20, "companyId": demo }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{d}");
    assert_eq!(d["active"], false);
    assert_eq!(d["delayedTime"], 10);
    let (_, rows) = exp
        .get(&format!("/api/queue/active/company/{demo}"))
        .await
        .pair();
    assert_eq!(times(&rows), ["09:10", "09:40"]);
    let (_, status) = exp
        .get(&format!("/api/queue/delayStatus/company/{demo}"))
        .await
        .pair();
    assert_eq!(status, Value::Null);
    let (s, d) = exp
        .put("/api/queue/delay", json!({ "time": -5, "companyId": demo }))
        .await
        .pair();
    assert_eq!(s, StatusCode::CONFLICT, "{d}");
}

#[actix_web::test]
async fn the_tolerance_job_drops_late_drivers_but_never_one_in_the_yard() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    settings(
        &app,
        app.ids.demo,
        json!({ "enableTolerance": true, "tolerance": "00:15" }),
    )
    .await;
    // Check-in from the yard's network (the phone at 200.1.1.5).
    fixtures::settings_saved(
        &app,
        app.ids.demo,
        json!({ "enableCheckin": true, "checkinIp": "200.1.1.5" }),
    )
    .await;
    at(&app, "2026-03-02T10:00:00Z"); // 07:00, the first slot
    let drivers = add_drivers(&app, app.ids.demo, 3, 1);
    let ids = join_all(&app, &drivers).await;
    // The second driver is in the yard.
    app.driver_id(drivers[1].0, app.ids.demo)
        .await
        .calling_from("200.1.1.5")
        .post(
            "/api/checkins/save",
            json!({ "queue": { "id": ids[1] }, "isPresent": true, "status": true }),
        )
        .await
        .expect(StatusCode::CREATED);
    let jobs = app.state.services.queue_jobs.clone();

    // 07:40: the first two are past their forecasts (07:00, 07:30), within tolerance for the
    // second only; the refresh shows them 'em tolerância' and numbers the third as 1.
    at(&app, "2026-03-02T10:10:00Z"); // 07:10
    assert_eq!(jobs.run_tolerance().unwrap(), Some(0));
    let me = app.driver_id(drivers[0].0, app.ids.demo).await;
    let (_, p) = me
        .get(&format!("/api/queue/position/driver/{}", drivers[0].0))
        .await
        .pair();
    assert_eq!(p["status"], "tolerance");
    let (_, rows) = app
        .usuario_of(app.ids.demo)
        .await
        .get(&format!("/api/queue/active/company/{}", app.ids.demo))
        .await
        .pair();
    assert_eq!(rows[0]["isInTolerance"], true);
    assert_eq!(rows[0]["toleranceTime"], "00:05");
    assert_eq!(rows[1]["position"], 1);

    // 08:00: the first ran out (07:15) and drops; the second ran out too but is checked in.
    at(&app, "2026-03-02T11:00:00Z");
    assert_eq!(jobs.run_tolerance().unwrap(), Some(1));
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT status AS v FROM queue_entries WHERE id = {}",
            ids[0]
        )),
        "tolerance_dropped"
    );
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT status AS v FROM queue_entries WHERE id = {}",
            ids[1]
        )),
        "waiting"
    );
    assert_eq!(app.scalar_i64(&format!("SELECT count(*) AS v FROM driver_logs WHERE operation_type = 'TOL_QUEUE' AND driver_id = {}", drivers[0].0)), 1);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM staff_logs WHERE operation_type = 'TOL_QUEUE'"),
        1
    );
    let (_, p) = me
        .get(&format!("/api/queue/position/driver/{}", drivers[0].0))
        .await
        .pair();
    assert_eq!(p["status"], "fault");
    assert_eq!(p["position"], 0);
    // The dropped slot stays spent: nobody moves into the past.
    let (_, t) = app
        .usuario_of(app.ids.demo)
        .await
        .get(&format!("/api/queue/totals/company/{}", app.ids.demo))
        .await
        .pair();
    assert_eq!(t["missing"], 1);
    assert_eq!(app.scalar_text(&format!("SELECT to_char(forecast_at AT TIME ZONE 'America/Sao_Paulo', 'HH24:MI') AS v FROM queue_entries WHERE id = {}", ids[2])), "08:00");

    // Another instance holding the job's lock: this one skips the run.
    let mut other = app.db.connect().unwrap();
    other
        .batch_execute(&format!("SELECT pg_advisory_lock({TOLERANCE_JOB_KEY})"))
        .unwrap();
    at(&app, "2026-03-02T12:00:00Z");
    assert_eq!(jobs.run_tolerance().unwrap(), None);
    other
        .batch_execute(&format!("SELECT pg_advisory_unlock({TOLERANCE_JOB_KEY})"))
        .unwrap();
    assert_eq!(jobs.run_tolerance().unwrap(), Some(1));
}

#[actix_web::test]
async fn the_expiry_job_moves_unloaded_loadings_past_their_date() {
    let app = TestApp::new();
    let truck = demo_truck(&app);
    // Three loadings saved on the Thursday before, valid until Sunday, Monday and Friday.
    at(&app, "2026-02-26T12:00:00Z");
    let usuario = app.usuario_of(app.ids.demo).await;
    let order = fixtures::order(&usuario, fixtures::OrderSpec::new("PED-9", 100.0))
        .await
        .id;
    let mut held = 0;
    for day in ["2026-03-01", "2026-03-02", "2026-02-27"] {
        held = fixtures::loading(&usuario, order, truck, app.ids.driver, 10.0, Some(day)).await;
    }
    at(&app, MONDAY_0900);
    // A loading whose driver waits in the queue with it does not expire under them.
    // why: waiting with a loading already past its date: a join refuses an expired loading.
    app.sql(&format!(
        "INSERT INTO queue_entries (company_id, driver_id, truck_id, scheduling_id, status)
         VALUES ({}, {}, {truck}, {held}, 'waiting')",
        app.ids.demo, app.ids.driver
    ));
    let report = app.state.services.queue_jobs.run_all();
    assert_eq!(report.expired, Some(1));
    assert_eq!(
        app.scalar_text("SELECT reason || ' ' || expiration_date AS v FROM deleted_schedulings"),
        "TEMPO EXPIRADO 2026-03-01"
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 2);
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM staff_logs WHERE operation_type = 'EXPIRE_LOADING'"
        ),
        1
    );
    // Tomorrow the one of today expires as well.
    at(&app, "2026-03-03T12:00:00Z");
    assert_eq!(app.state.services.queue_jobs.run_expiry().unwrap(), Some(1));
}

#[actix_web::test]
async fn replan_follows_a_settings_change_and_the_refresh_job_a_new_day() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, SUNDAY_0900);
    let drivers = add_drivers(&app, app.ids.demo, 2, 1);
    join_all(&app, &drivers).await;
    assert_eq!(dates(&app), ["2026-03-02 1", "2026-03-02 2"]);
    // Monday becomes a blocked date: the hook the settings screens call replans.
    // why: the hook itself is tested here; the holidays API already calls it (the next test).
    app.sql(&format!(
        "INSERT INTO holidays (company_id, title, dates) VALUES ({}, 'Feriado', '[\"2026-03-02\"]')",
        app.ids.demo
    ));
    assert!(app.state.services.queue.replan(app.ids.demo).unwrap());
    assert_eq!(dates(&app), ["2026-03-03 1", "2026-03-03 2"]);
    assert!(!app.state.services.queue.replan(app.ids.demo).unwrap());
    // Wednesday 09:00: nobody came on Tuesday; the refresh lays them on today's next slots.
    at(&app, "2026-03-04T12:00:00Z");
    let report = app.state.services.queue_jobs.run_all();
    assert_eq!(report.refreshed, Some(1));
    assert_eq!(dates(&app), ["2026-03-04 1", "2026-03-04 2"]);
}

#[actix_web::test]
async fn a_blocked_date_saved_on_the_settings_screen_moves_the_stored_plan() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, SUNDAY_0900);
    let drivers = add_drivers(&app, app.ids.demo, 2, 1);
    join_all(&app, &drivers).await;
    assert_eq!(dates(&app), ["2026-03-02 1", "2026-03-02 2"]);
    let admin = app.admin().await;
    let (status, body) = admin
        .post(
            "/api/holidays/save",
            serde_json::json!({
                "company": { "id": app.ids.demo }, "title": "Feriado", "dates": ["2026-03-02"],
            }),
        )
        .await
        .pair();
    assert!(status.is_success(), "{status} {body}");
    // No separate replan call: the save itself stored the new plan.
    assert_eq!(dates(&app), ["2026-03-03 1", "2026-03-03 2"]);
}
