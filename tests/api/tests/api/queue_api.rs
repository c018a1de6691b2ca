//! The virtual queue over HTTP (spec 3 section 7): join and leave with their refusals, and the
//! queue reads, with the role and tenant matrix of every endpoint.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use serde_json::{json, Value};

use common::{fixtures, TestApp};
use queue_common::*;

fn join_body(driver: i64, company: i64, truck: Option<i64>) -> Value {
    json!({
        "driver": { "id": driver }, "company": { "id": company },
        "scheduling": null, "truck": truck.map(|t| json!({ "id": t })),
    })
}

#[actix_web::test]
async fn a_driver_joins_as_freelancer_and_sees_its_position() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let anon = app.anonymous().await;
    let me = app.driver_id(app.ids.driver, app.ids.demo).await;
    let truck = demo_truck(&app);

    let (s, b) = me
        .post("/api/queue/save", json!({ "truck": { "id": truck } }))
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!(b["message"], "Marcação Confirmada");
    assert_eq!(b["position"], 1);
    assert_eq!(b["date"], "2026-03-02");
    assert_eq!(b["time"], "09:00");
    assert_eq!(b["isFreelancer"], true);
    let id = b["id"].as_i64().unwrap();

    let (s, p) = me
        .get(&format!("/api/queue/position/driver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(p["id"], id);
    assert_eq!(p["position"], 1);
    assert_eq!(p["status"], "pending");
    assert_eq!(p["truck"]["licensePlate"], "DEM0A12");
    let (_, h) = me
        .get(&format!("/api/queue/hasDriver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(h, json!({ "hasDriver": true, "queueId": id }));
    let (_, e) = me.get(&format!("/api/queue/{id}")).await.pair();
    assert_eq!(e["isFreelancer"], true);
    assert_eq!(e["driverName"], "MOTORISTA DEMO");

    // The driver log says 'como Autônomo'; the staff log and the event were written.
    let data = app.scalar_text(&format!(
        "SELECT data::text AS v FROM driver_logs WHERE driver_id = {} AND operation_type = 'IN_QUEUE'",
        app.ids.driver
    ));
    let data: Value = serde_json::from_str(&data).unwrap();
    assert_eq!(data["freelancer"], true);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM staff_logs WHERE operation_type = 'IN_QUEUE'"),
        1
    );

    // Nobody's entry but its own.
    let other = app.driver_id(app.ids.other_driver, app.ids.other).await;
    let (s, _) = other.get(&format!("/api/queue/{id}")).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = other
        .get(&format!("/api/queue/position/driver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = anon
        .get(&format!("/api/queue/position/driver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn joins_are_refused_with_the_engines_messages() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let me = app.driver_id(app.ids.driver, app.ids.demo).await;
    let truck = demo_truck(&app);
    let body = join_body(app.ids.driver, app.ids.demo, Some(truck));
    let refused = |b: &Value, msg: &str| assert_eq!(b["message"], msg, "{b}");

    // Freelancers not allowed (the default).
    let (s, b) = me.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
    refused(&b, "A empresa não permite entrar na fila sem agendamento.");

    // Queue closed.
    settings(
        &app,
        app.ids.demo,
        json!({ "enableQueueWithoutScheduling": true, "enableQueueSave": false }),
    )
    .await;
    let (s, b) = me.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
    refused(&b, "A fila está fechada no momento.");
    settings(&app, app.ids.demo, json!({ "enableQueueSave": true })).await;

    // No vehicle chosen.
    let (s, b) = me
        .post(
            "/api/queue/save",
            join_body(app.ids.driver, app.ids.demo, None),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(b["fields"]["truck"], "Selecione um veículo!");

    // No capacity configured.
    settings(
        &app,
        app.ids.demo,
        json!({ "timeAttendence": "00:00", "programmedTotal": 0 }),
    )
    .await;
    let (s, b) = me.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
    refused(&b, "Não há horários de atendimento configurados.");

    // Beyond the day limit: one place a day, taken today, and no day ahead allowed.
    settings(
        &app,
        app.ids.demo,
        json!({ "timeAttendence": "00:30", "programmedTotal": 1, "scheduling_day_limit": 0 }),
    )
    .await;
    let (d2, t2) = add_drivers(&app, app.ids.demo, 1, 1)[0];
    let (s, _) = app
        .driver_id(d2, app.ids.demo)
        .await
        .post("/api/queue/save", join_body(d2, app.ids.demo, Some(t2)))
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED);
    let (s, b) = me.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
    refused(
        &b,
        "Não há vagas dentro do limite de dias para agendamento.",
    );
    settings(
        &app,
        app.ids.demo,
        json!({ "programmedTotal": 40, "scheduling_day_limit": null }),
    )
    .await;

    // The missing limit: two faults in 30 days block for 7 days after the last one.
    // why: faults on past days (one marked by the expedition, one dropped by the tolerance
    // job): only past days of the yard and the jobs make them.
    app.sql(&format!(
        "INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at, closed_at)
         VALUES ({c}, {d}, {t}, 'faulty', '2026-02-20T12:00Z', '2026-02-20T15:00Z'),
                ({c}, {d}, {t}, 'tolerance_dropped', '2026-03-01T12:00Z', '2026-03-01T12:00Z')",
        c = app.ids.demo,
        d = app.ids.driver,
        t = truck
    ));
    fixtures::settings_saved(
        &app,
        app.ids.demo,
        json!({ "enable_missing_validation": true, "missing_limit": 2,
                "missing_limit_after_block": 7, "missing_validation_period": 30 }),
    )
    .await;
    let (s, b) = me.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
    refused(
        &b,
        "Você atingiu o limite de faltas e poderá entrar na fila novamente em 08/03/2026.",
    );
    settings(
        &app,
        app.ids.demo,
        json!({ "enable_missing_validation": false }),
    )
    .await;

    // Joins, then is already in the queue.
    let (s, b) = me.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = me.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
    refused(&b, "Você já possui um agendamento na fila");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM queue_entries WHERE driver_id = {} AND status = 'waiting'",
            app.ids.driver
        )),
        1
    );
}

#[actix_web::test]
async fn who_may_put_a_driver_in_the_queue() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let anon = app.anonymous().await;
    let truck = demo_truck(&app);
    let body = join_body(app.ids.driver, app.ids.demo, Some(truck));
    for (email, status) in [
        ("expedicao@patio.local", StatusCode::FORBIDDEN),
        ("espectador@patio.local", StatusCode::FORBIDDEN),
        ("portaria@patio.local", StatusCode::FORBIDDEN),
        ("transp@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let (s, b) = app
            .staff(email)
            .await
            .post("/api/queue/save", body.clone())
            .await
            .pair();
        assert_eq!(s, status, "{email}: {b}");
    }
    // A driver acts only for itself, at its company.
    let other = app.driver_id(app.ids.other_driver, app.ids.other).await;
    let (s, _) = other.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = anon.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    // The /fila screen: a Usuario of the company adds the driver.
    let usuario = app.usuario_of(app.ids.demo).await;
    let (s, b) = usuario.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let staff_user =
        app.scalar_i64("SELECT user_id AS v FROM staff_logs WHERE operation_type = 'IN_QUEUE'");
    assert_eq!(staff_user, app.ids.usuario);
}

#[actix_web::test]
async fn a_loading_joins_with_its_plate_and_an_expired_one_is_refused() {
    let app = TestApp::new();
    let truck = demo_truck(&app);
    // Two loadings saved on the Thursday before: until 10/03, and until Sunday.
    at(&app, "2026-02-26T12:00:00Z");
    let usuario = app.usuario_of(app.ids.demo).await;
    let spec = fixtures::OrderSpec::new("PED-1", 100.0).customer(1, "Fazenda Boa Vista");
    let order = fixtures::order(&usuario, spec).await.id;
    let d = app.ids.driver;
    let valid = fixtures::loading(&usuario, order, truck, d, 10.0, Some("2026-03-10")).await;
    let expired = fixtures::loading(&usuario, order, truck, d, 10.0, Some("2026-03-01")).await;
    at(&app, MONDAY_0900);
    let me = app.driver_id(app.ids.driver, app.ids.demo).await;
    let body = |s: i64| json!({ "company": { "id": app.ids.demo }, "scheduling": { "id": s } });
    let (s, b) = me.post("/api/queue/save", body(expired)).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["message"], "Este agendamento está expirado.");
    let (s, b) = me.post("/api/queue/save", body(valid)).await.pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!(b["isFreelancer"], false);
    let data: Value =
        serde_json::from_str(&app.scalar_text(
            "SELECT data::text AS v FROM driver_logs WHERE operation_type = 'IN_QUEUE'",
        ))
        .unwrap();
    assert_eq!(data["truck"]["licensePlate"], "DEM0A12");
    assert_eq!(data["scheduling"]["order"]["code"], "PED-1");
    let (_, rows) = app
        .usuario_of(app.ids.demo)
        .await
        .get(&format!("/api/queue/company/{}", app.ids.demo))
        .await
        .pair();
    let row = &rows[0]["queue"][0];
    assert_eq!(row["scheduling"]["order"]["code"], "PED-1");
    assert_eq!(
        row["scheduling"]["order"]["customer"]["name"],
        "Fazenda Boa Vista"
    );
    assert_eq!(row["isFreelancer"], false);
}

#[actix_web::test]
async fn leaving_the_queue_and_its_window() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    let truck = demo_truck(&app);
    let me = app.driver_id(app.ids.driver, app.ids.demo).await;
    let body = join_body(app.ids.driver, app.ids.demo, Some(truck));

    // Joined at 09:00 for 09:00: inside the 6-hour window.
    at(&app, MONDAY_0900);
    let (_, b) = me.post("/api/queue/save", body.clone()).await.pair();
    let id = b["id"].as_i64().unwrap();
    let (s, b) = me.delete(&format!("/api/queue/delete/{id}")).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(
        b["message"],
        "Não é possível sair da fila a menos de 6 horas da previsão de carregamento."
    );
    // The expedition cancels it instead (no dropout, no OUT_QUEUE).
    app.expedicao_of(app.ids.demo)
        .await
        .post(&format!("/api/queue/close/{id}"), json!({}))
        .await
        .expect(StatusCode::OK);

    // Joined on Sunday for Monday 07:00: free to leave.
    at(&app, SUNDAY_0900);
    let (_, b) = me.post("/api/queue/save", body.clone()).await.pair();
    assert_eq!(b["date"], "2026-03-02");
    assert_eq!(b["time"], "07:00");
    let id = b["id"].as_i64().unwrap();
    for (who, status) in [
        (
            app.driver_id(app.ids.other_driver, app.ids.other).await,
            StatusCode::NOT_FOUND,
        ),
        (app.usuario_of(app.ids.other).await, StatusCode::NOT_FOUND),
        (app.espectador_of(app.ids.demo).await, StatusCode::FORBIDDEN),
    ] {
        let (s, _) = who.delete(&format!("/api/queue/delete/{id}")).await.pair();
        assert_eq!(s, status);
    }
    let (s, b) = me
        .delete(&format!("/api/queue/delete/{id}?userAgent=Android"))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["message"], "Você saiu da fila com sucesso");
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT status AS v FROM queue_entries WHERE id = {id}"
        )),
        "left"
    );
    assert_eq!(
        app.scalar_text("SELECT device AS v FROM dropout_logs"),
        "Android"
    );
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM driver_logs WHERE operation_type = 'OUT_QUEUE'"),
        1
    );
    let (s, _) = me.delete(&format!("/api/queue/delete/{id}")).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
    let (_, p) = me
        .get(&format!("/api/queue/position/driver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(p["status"], Value::Null);
    assert_eq!(p["position"], 0);
    // The dropout counts on the day's cards.
    let (_, t) = app
        .usuario_of(app.ids.demo)
        .await
        .get(&format!("/api/queue/totals/company/{}", app.ids.demo))
        .await
        .pair();
    assert_eq!(t["dropouts"], 1);
}

#[actix_web::test]
async fn queue_reads_by_role_and_tenant() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, SUNDAY_0900);
    let anon = app.anonymous().await;
    let shipping = app.ids.shipping;
    // The second truck is the shipping company's.
    let drivers = [
        add_pair(&app, app.ids.demo, 1, 1, (None, None)),
        add_pair(&app, app.ids.demo, 2, 1, (None, Some(shipping))),
        add_pair(&app, app.ids.demo, 3, 1, (None, None)),
    ];
    for &(d, t) in &drivers {
        let (s, b) = app
            .driver_id(d, app.ids.demo)
            .await
            .post("/api/queue/save", join_body(d, app.ids.demo, Some(t)))
            .await
            .pair();
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let demo = app.ids.demo;
    let first = app.scalar_i64(&format!(
        "SELECT id AS v FROM queue_entries WHERE driver_id = {}",
        drivers[0].0
    ));
    let company_routes = [
        format!("/api/queue/company/{demo}"),
        format!("/api/queue/company/{demo}?days_limit=1"),
        format!("/api/queue/active/company/{demo}"),
        format!("/api/queue/totals/company/{demo}"),
        format!("/api/queue/{first}"),
        format!("/api/queue/position/driver/{}", drivers[0].0),
        format!("/api/queue/hasDriver/{}", drivers[0].0),
    ];
    for email in [
        "admin@patio.local",
        "usuario@patio.local",
        "expedicao@patio.local",
        "espectador@patio.local",
        "portaria@patio.local",
    ] {
        let who = app.staff(email).await;
        for uri in &company_routes {
            let (s, b) = who.get(uri).await.pair();
            assert_eq!(s, StatusCode::OK, "{email} {uri}: {b}");
        }
    }
    let outra = app.usuario_of(app.ids.other).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let stranger = app.driver_id(app.ids.other_driver, app.ids.other).await;
    for uri in &company_routes {
        let (s, _) = outra.get(uri).await.pair();
        assert_eq!(s, StatusCode::NOT_FOUND, "outra {uri}");
        let (s, _) = transp.get(uri).await.pair();
        assert_eq!(s, StatusCode::FORBIDDEN, "transp {uri}");
        let (s, _) = anon.get(uri).await.pair();
        assert_eq!(s, StatusCode::UNAUTHORIZED, "anonymous {uri}");
    }
    for uri in &company_routes[..4] {
        let (s, _) = stranger.get(uri).await.pair();
        assert_eq!(s, StatusCode::FORBIDDEN, "driver {uri}");
    }
    let admin = app.admin().await;
    let (s, _) = admin.get("/api/queue/company/999999").await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);

    // The day list: Monday's three, in order, with the row fields.
    let usuario = app.usuario_of(app.ids.demo).await;
    let (_, days) = usuario
        .get(&format!("/api/queue/company/{demo}"))
        .await
        .pair();
    assert_eq!(days.as_array().unwrap().len(), 1);
    assert_eq!(days[0]["date"], "2026-03-02");
    assert_eq!(days[0]["label"], "02/03/2026");
    let rows = days[0]["queue"].as_array().unwrap();
    let times: Vec<&str> = rows.iter().map(|r| r["time"].as_str().unwrap()).collect();
    assert_eq!(times, ["07:00", "07:30", "08:00"]);
    let positions: Vec<i64> = rows
        .iter()
        .map(|r| r["position"].as_i64().unwrap())
        .collect();
    assert_eq!(positions, [1, 2, 3]);
    for key in [
        "id",
        "driverName",
        "position",
        "licensePlate",
        "netCapacity",
        "time",
        "toleranceTime",
        "isFreelancer",
        "vehicleModelName",
        "truck",
        "scheduling",
        "isInTolerance",
        "isActive",
        "checkInActive",
        "checkInId",
    ] {
        assert!(rows[0].get(key).is_some(), "row field {key}");
    }
    assert_eq!(rows[0]["netCapacity"], 31.0);

    // Totals: Portaria does not see attended nor tonnes.
    let (_, t) = app
        .portaria_of(app.ids.demo)
        .await
        .get(&format!("/api/queue/totals/company/{demo}"))
        .await
        .pair();
    assert_eq!(t["totals"], 3);
    assert_eq!(t["attended"], Value::Null);
    assert_eq!(t["totalTransportedToday"], Value::Null);
    let (_, t) = usuario
        .get(&format!("/api/queue/totals/company/{demo}"))
        .await
        .pair();
    assert_eq!(t["attended"], 0);

    // The shipping company sees only its vehicle; staff of the company see it too.
    let (s, days) = transp
        .get(&format!("/api/queue/shipping-company/{shipping}"))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK);
    let plates: Vec<&str> = days[0]["queue"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["licensePlate"].as_str().unwrap())
        .collect();
    let plate = app.scalar_text(&format!(
        "SELECT license_plate AS v FROM trucks WHERE id = {}",
        drivers[1].1
    ));
    assert_eq!(plates, [plate]);
    let (s, active) = transp
        .get(&format!("/api/queue/active/shipping-company/{shipping}"))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(active.as_array().unwrap().len(), 1);
    for (who, status) in [
        (&usuario, StatusCode::OK),
        (&outra, StatusCode::NOT_FOUND),
        (&stranger, StatusCode::FORBIDDEN),
    ] {
        let (s, _) = who
            .get(&format!("/api/queue/shipping-company/{shipping}"))
            .await
            .pair();
        assert_eq!(s, status);
        let (s, _) = who
            .get(&format!("/api/queue/active/shipping-company/{shipping}"))
            .await
            .pair();
        assert_eq!(s, status);
    }
    let (s, _) = transp
        .get("/api/queue/shipping-company/999999")
        .await
        .pair();
    assert_eq!(s, StatusCode::NOT_FOUND);

    // The panel and the next date: staff and drivers of the company.
    let mine = app.driver_id(drivers[2].0, demo).await;
    let (s, panel) = mine.get(&format!("/api/queue/active/{demo}")).await.pair();
    assert_eq!(s, StatusCode::OK);
    let panel = panel.as_array().unwrap();
    assert_eq!(panel.len(), 3);
    assert_eq!(panel[2]["isMine"], true);
    assert!(panel[2].get("driverName").is_none());
    let (s, next) = mine
        .get(&format!("/api/queue/next-date/{demo}"))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(next["date"], "2026-03-02");
    assert_eq!(next["time"], "08:30");
    for uri in [
        format!("/api/queue/active/{demo}"),
        format!("/api/queue/next-date/{demo}"),
        format!("/api/queue/delayStatus/company/{demo}"),
    ] {
        let (s, _) = stranger.get(&uri).await.pair();
        assert_eq!(s, StatusCode::NOT_FOUND, "{uri}");
        let (s, _) = outra.get(&uri).await.pair();
        assert_eq!(s, StatusCode::NOT_FOUND, "{uri}");
        let (s, _) = usuario.get(&uri).await.pair();
        assert_eq!(s, StatusCode::OK, "{uri}");
    }

    // Positions of several drivers: staff see their company's, a driver only itself.
    let ids = format!("{},{},{}", drivers[0].0, drivers[1].0, app.ids.other_driver);
    let (_, list) = usuario
        .get(&format!("/api/queue/driver/positions?ids={ids}"))
        .await
        .pair();
    let got: Vec<(i64, i64)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_i64().unwrap(), p["position"].as_i64().unwrap()))
        .collect();
    assert_eq!(got, [(drivers[0].0, 1), (drivers[1].0, 2)]);
    assert!(list[0]["truckId"].is_i64() && list[0]["queueId"].is_i64());
    let (_, list) = mine
        .get(&format!("/api/queue/driver/positions?ids={ids}"))
        .await
        .pair();
    assert_eq!(list, json!([]));
    let (_, list) = mine
        .get(&format!("/api/queue/driver/positions?ids={}", drivers[2].0))
        .await
        .pair();
    assert_eq!(list[0]["position"], 3);
    let (s, _) = usuario
        .get("/api/queue/driver/positions?ids=1,x")
        .await
        .pair();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, _) = transp
        .get(&format!("/api/queue/driver/positions?ids={ids}"))
        .await
        .pair();
    assert_eq!(s, StatusCode::FORBIDDEN);
    // A driver with no entry reads an empty position.
    let (s, p) = usuario
        .get(&format!("/api/queue/position/driver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(p["status"], Value::Null);
    assert_eq!(p["id"], Value::Null);
    // The OpenAPI document lists the queue calls.
    let (_, doc) = anon.get("/api/openapi.json").await.pair();
    assert!(doc["paths"]
        .get("/api/queue/position/driver/{driverId}")
        .is_some());
    assert!(doc["paths"].get("/api/attendances/update").is_some());
}

#[test]
fn the_pgbench_ceiling_runs_the_same_query_as_the_endpoint() {
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../load/position.sql"))
            .unwrap();
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let script: String = script
        .lines()
        .filter(|l| !l.starts_with("--") && !l.starts_with('\\'))
        .collect::<Vec<_>>()
        .join("\n");
    // pgbench names the parameters; the statement is otherwise the endpoint's, word for word.
    let endpoint = patio_postgres::driver_position_sql()
        .replace("$1", ":driver")
        .replace("$2", ":waiting")
        .replace("$3", ":loading")
        .replace("$4", ":one");
    assert_eq!(
        words(script.trim_end_matches([';', '\n'])),
        words(&endpoint)
    );
}

#[test]
fn the_position_reader_outside_transactions_answers_as_the_store() {
    let app = TestApp::new();
    open_for_freelancers_blocking(&app);
    at(&app, MONDAY_0900);
    let drivers = add_drivers(&app, app.ids.demo, 3, 1);
    for &(d, t) in &drivers {
        join_freelancer(&app.state.services.queue, app.ids.demo, d, t).unwrap();
    }
    let reader = patio_postgres::PgDirectReader::connect(app.db.url(), 2).unwrap();
    let fast = app
        .state
        .services
        .queue_reads
        .clone()
        .with_position_reader(std::sync::Arc::new(reader));
    let usuario = staff(&app, "usuario@patio.local");
    let outra = staff(&app, "outra@empresa.local");
    for id in [drivers[0].0, drivers[2].0, app.ids.driver] {
        let store = app
            .state
            .services
            .queue_reads
            .driver_position(&usuario, id)
            .unwrap();
        assert_eq!(fast.driver_position(&usuario, id).unwrap(), store);
        let me = driver(id, app.ids.demo);
        assert_eq!(fast.driver_position(&me, id).unwrap(), store);
        assert!(fast.driver_position(&outra, id).is_err());
    }
    assert_eq!(
        fast.driver_position(&usuario, drivers[2].0)
            .unwrap()
            .position,
        3
    );
}
