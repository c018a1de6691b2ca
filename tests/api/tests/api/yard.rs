//! The yard's dispatch actions (issue 13, spec 3 sections 4, 5, 6 and 7) against a real
//! PostgreSQL: start loading with its refusals in order, complete with the tonnage (the order's
//! delivered quantity and status follow), weight edit, return to queue, driver exchange,
//! cancel, the panel's lists, and the role / company matrix of each call.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use serde_json::{json, Value};

use common::{fixtures, Client, TestApp};
use queue_common::*;

const EXP: &str = "expedicao@patio.local";

/// An order of 100 t ('PED-1') with a loading of 30 t for `driver` with `truck`, both saved by
/// the Usuario; the order's and the loading's ids.
async fn order_with_loading(app: &TestApp, driver: i64, truck: i64) -> (i64, i64) {
    let usuario = app.usuario_of(app.ids.demo).await;
    let order = fixtures::order(&usuario, fixtures::OrderSpec::new("PED-1", 100.0))
        .await
        .id;
    (order, loading_of(app, order, driver, truck).await)
}

/// A loading of 30 t on `order` for the pair, valid until 2026-03-20, saved by the Usuario.
async fn loading_of(app: &TestApp, order: i64, driver: i64, truck: i64) -> i64 {
    let usuario = app.usuario_of(app.ids.demo).await;
    fixtures::loading(&usuario, order, truck, driver, 30.0, Some("2026-03-20")).await
}

fn status_of(app: &TestApp, entry: i64) -> String {
    app.scalar_text(&format!(
        "SELECT status AS v FROM queue_entries WHERE id = {entry}"
    ))
}

fn order_status(app: &TestApp, order: i64) -> String {
    app.scalar_text(&format!(
        "SELECT status::text AS v FROM orders WHERE id = {order}"
    ))
}

/// Every role outside the dispatch gets 403, another company 404, no session 401.
async fn matrix(app: &TestApp, method: &str, uri: &str, body: Option<Value>) {
    for (email, status) in [
        ("espectador@patio.local", StatusCode::FORBIDDEN),
        ("portaria@patio.local", StatusCode::FORBIDDEN),
        ("transp@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let (s, b) = app
            .staff(email)
            .await
            .call(method, uri, body.clone())
            .await
            .pair();
        assert_eq!(s, status, "{email} {uri} {b}");
    }
    let (s, _) = app
        .anonymous()
        .await
        .call(method, uri, body.clone())
        .await
        .pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{uri}");
}

#[actix_web::test]
async fn start_is_refused_in_the_spec_s_order_then_loads_completes_and_the_order_follows() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let pairs = add_drivers(&app, app.ids.demo, 2, 1);
    let (a, b) = (pairs[0], pairs[1]);
    let (order, loading) = order_with_loading(&app, a.0, a.1).await;
    let qa = fixtures::join(
        &app,
        a.0,
        app.ids.demo,
        json!({ "scheduling": { "id": loading } }),
    )
    .await;
    let qb = fixtures::join(&app, b.0, app.ids.demo, json!({ "truck": { "id": b.1 } })).await;
    let exp = app.expedicao_of(app.ids.demo).await;
    let start = |id: i64| json!({ "id": id, "status": true });

    matrix(&app, "PUT", "/api/queue/start", Some(start(qa))).await;
    // 1. The attendance first.
    exp.put("/api/queue/start", start(qa))
        .await
        .expect_containing(
            StatusCode::CONFLICT,
            "Por favor, iniciar o atendimento da empresa!",
        );
    let (s, _) = exp
        .post(
            "/api/attendances/save",
            json!({ "company": { "id": app.ids.demo } }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED);
    // 2. A delay running (a reason of the settings form, started by the expedition).
    fixtures::settings_saved(
        &app,
        app.ids.demo,
        json!({ "delay": [{ "reason": "Chuva", "time": 30 }] }),
    )
    .await;
    let reason = app.scalar_i64("SELECT id AS v FROM delays");
    let delay = |time: i32| json!({ "delayId": reason, "time": time, "companyId": app.ids.demo });
    exp.put("/api/queue/delay", delay(30))
        .await
        .expect(StatusCode::OK);
    exp.put("/api/queue/start", start(qa))
        .await
        .expect_containing(StatusCode::CONFLICT, "Por favor, cancelar o atraso!");
    // Ended at once: nothing of it is kept.
    let ended = exp
        .put("/api/queue/delay", delay(-30))
        .await
        .expect(StatusCode::OK);
    assert_eq!(ended["delayedTime"], 0, "{ended}");
    // 3. A freelancer has no order.
    exp.put("/api/queue/start", start(qb))
        .await
        .expect_containing(
            StatusCode::CONFLICT,
            "Adicione o veículo e o Motorista em um pedido!",
        );
    // 4. Check-in on: only checked-in drivers.
    settings(&app, app.ids.demo, json!({ "enableCheckin": true })).await;
    exp.put("/api/queue/start", start(qa))
        .await
        .expect_containing(StatusCode::CONFLICT, "motorista precisa fazer check-in");
    assert_eq!(status_of(&app, qa), "waiting");
    settings(&app, app.ids.demo, json!({ "enableCheckin": false })).await;

    // Started: loading, out of the numbering, the loading's start recorded.
    let (s, v) = exp.put("/api/queue/start", start(qa)).await.pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "loading");
    assert_eq!(status_of(&app, qa), "loading");
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT (exped_initial_date = '{MONDAY_0900}')::text AS v FROM schedulings WHERE id = {loading}"
        )),
        "true"
    );
    assert_eq!(positions(&app, app.ids.demo), vec![1]);

    // Complete: the weight rules, then the order's delivered quantity and status.
    let close = |qty: Value| json!({ "id": loading, "status": true, "qtyTransported": qty });
    matrix(
        &app,
        "POST",
        "/api/scheduling/close",
        Some(close(json!(30.5))),
    )
    .await;
    for bad in [json!(0), json!(-3), json!(100)] {
        exp.post("/api/scheduling/close", close(bad))
            .await
            .expect_containing(
                StatusCode::UNPROCESSABLE_ENTITY,
                "Informe um peso maior que zero (até 99,999 t).",
            );
    }
    assert_eq!(status_of(&app, qa), "loading");
    at(&app, "2026-03-02T12:40:00Z");
    let (s, v) = exp
        .post("/api/scheduling/close", close(json!(30.5)))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (v["status"].as_str(), v["orderStatus"].as_u64()),
        (Some("attended"), Some(30))
    );
    assert_eq!(status_of(&app, qa), "attended");
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT status::text || ' ' || qty_transported::text || ' ' ||
                    (exped_date = '2026-03-02T12:40:00Z')::text AS v FROM schedulings WHERE id = {loading}"
        )),
        "true 30.500 true"
    );
    assert_eq!(order_status(&app, order), "30.00");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {} AND operation_type = 'ATT_QUEUE'",
            a.0
        )),
        1
    );
    // Completing twice: not in loading.
    exp.post("/api/scheduling/close", close(json!(30.5)))
        .await
        .expect_containing(StatusCode::NOT_FOUND, "");

    // Weight edit of the attended vehicle: 'Peso editado', the order follows.
    let weight = json!({ "id": loading, "qtyTransported": 40.25 });
    matrix(&app, "PUT", "/api/scheduling/update", Some(weight.clone())).await;
    exp.put(
        "/api/scheduling/update",
        json!({ "id": loading, "qtyTransported": 0 }),
    )
    .await
    .expect_containing(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Informe um peso maior que zero (até 99,999 t).",
    );
    let (s, v) = exp
        .put("/api/scheduling/update", weight.clone())
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["message"], "Peso editado");
    assert_eq!(order_status(&app, order), "40.00");
    // Only the day's attendances.
    at(&app, "2026-03-03T12:00:00Z");
    let tomorrow = app.expedicao_of(app.ids.demo).await;
    tomorrow
        .put("/api/scheduling/update", weight)
        .await
        .expect_containing(
            StatusCode::CONFLICT,
            "Apenas o peso de atendimentos de hoje pode ser editado.",
        );
    at(&app, "2026-03-02T12:45:00Z");

    // The day's limit: one attended, programmedTotal 1.
    settings(&app, app.ids.demo, json!({ "programmedTotal": 1 })).await;
    exp.put("/api/queue/start", start(qb))
        .await
        .expect_containing(StatusCode::CONFLICT, "Limite de atendimento atingido!");

    // Lists: attended (not for Portaria, who also sees no phone), missing, dropouts.
    let uri = format!("/api/queue/attendeds/{}", app.ids.demo);
    let (s, rows) = exp.get(&uri).await.pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(rows.as_array().unwrap().len(), 1, "{rows}");
    assert_eq!(rows[0]["qtyTransported"], 40.25);
    assert_eq!(rows[0]["orderCode"], "PED-1");
    let (_, rows) = exp.get(&format!("{uri}?licensePlate=zzz")).await.pair();
    assert_eq!(rows, json!([]));
    for (email, status) in [
        ("espectador@patio.local", StatusCode::OK),
        ("portaria@patio.local", StatusCode::FORBIDDEN),
        ("transp@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let (s, _) = app.staff(email).await.get(&uri).await.pair();
        assert_eq!(s, status, "{email}");
    }
    for list in ["/api/queue/missings", "/api/logs/queue-drops"] {
        let uri = format!("{list}/{}", app.ids.demo);
        for (email, status) in [
            (EXP, StatusCode::OK),
            ("portaria@patio.local", StatusCode::OK),
            ("transp@patio.local", StatusCode::FORBIDDEN),
            ("outra@empresa.local", StatusCode::NOT_FOUND),
        ] {
            let (s, rows) = app.staff(email).await.get(&uri).await.pair();
            assert_eq!(s, status, "{email} {list}");
            if s == StatusCode::OK {
                assert_eq!(rows, json!([]), "{list}");
            }
        }
    }
}

#[actix_web::test]
async fn return_to_queue_driver_exchange_and_cancel_with_their_rules() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let pairs = add_drivers(&app, app.ids.demo, 3, 2);
    let (a, b, c) = (pairs[0], pairs[1], pairs[2]);
    let (order, loading) = order_with_loading(&app, a.0, a.1).await;
    let loading_b = loading_of(&app, order, b.0, b.1).await;
    let qa = fixtures::join(
        &app,
        a.0,
        app.ids.demo,
        json!({ "scheduling": { "id": loading } }),
    )
    .await;
    let qb = fixtures::join(
        &app,
        b.0,
        app.ids.demo,
        json!({ "scheduling": { "id": loading_b } }),
    )
    .await;
    let exp = app.expedicao_of(app.ids.demo).await;
    exp.post(
        "/api/attendances/save",
        json!({ "company": { "id": app.ids.demo } }),
    )
    .await
    .pair();
    let (s, _) = exp
        .put("/api/queue/start", json!({ "id": qa, "status": true }))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(positions(&app, app.ids.demo), vec![1]);

    // Return to the queue: waiting again at its place, the loading's start forgotten.
    let back = json!({ "id": qa, "scheduling": { "id": loading } });
    matrix(&app, "PUT", "/api/queue/update", Some(back.clone())).await;
    let (s, v) = exp.put("/api/queue/update", back.clone()).await.pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(status_of(&app, qa), "waiting");
    assert_eq!(positions(&app, app.ids.demo), vec![1, 2]);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT (exped_initial_date IS NULL)::text AS v FROM schedulings WHERE id = {loading}"
        )),
        "true"
    );
    exp.put("/api/queue/update", back).await.expect_containing(
        StatusCode::CONFLICT,
        "Este veículo não está em atendimento.",
    );

    // Driver exchange: another driver of the company, not one already in the queue.
    let swap =
        |d: i64| json!({ "id": qa, "driver": { "id": d }, "company": { "id": app.ids.demo } });
    matrix(&app, "PUT", "/api/queue/update-driver", Some(swap(c.0))).await;
    exp.put("/api/queue/update-driver", swap(b.0))
        .await
        .expect_containing(StatusCode::CONFLICT, "Este motorista já está na fila.");
    exp.put("/api/queue/update-driver", swap(app.ids.other_driver))
        .await
        .expect_containing(StatusCode::UNPROCESSABLE_ENTITY, "Selecione um motorista!");
    let (s, v) = exp.put("/api/queue/update-driver", swap(c.0)).await.pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT (q.driver_id = {0} AND s.driver_id = {0})::text AS v FROM queue_entries q
               JOIN schedulings s ON s.id = q.scheduling_id WHERE q.id = {qa}",
            c.0
        )),
        "true"
    );

    // Cancel: today only, tolerance off.
    let uri = format!("/api/queue/close/{qb}");
    matrix(&app, "POST", &uri, None).await;
    settings(&app, app.ids.demo, json!({ "enableTolerance": true })).await;
    exp.post(&uri, json!({})).await.expect_containing(
        StatusCode::CONFLICT,
        "Com a tolerância ligada, o cancelamento não está disponível.",
    );
    settings(&app, app.ids.demo, json!({ "enableTolerance": false })).await;
    // why: moving time: the entry stands for one of tomorrow (a join plans the nearest day).
    app.sql(&format!(
        "UPDATE queue_entries SET date = date + 1 WHERE id = {qb}"
    ));
    exp.post(&uri, json!({})).await.expect_containing(
        StatusCode::CONFLICT,
        "Apenas agendamentos do dia de hoje podem ser cancelados",
    );
    assert_eq!(status_of(&app, qb), "waiting");
    // why: moving time back (the row of the lines above).
    app.sql(&format!(
        "UPDATE queue_entries SET date = date - 1 WHERE id = {qb}"
    ));
    let (s, v) = exp.post_empty(&uri).await.pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(status_of(&app, qb), "cancelled");
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT (is_present OR status)::text AS v FROM checkins WHERE queue_entry_id = {qb}"
        )),
        "false"
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {} AND operation_type = 'CHECK_OUT'",
            b.0
        )),
        1
    );
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT status::text AS v FROM schedulings WHERE id = {loading_b}"
        )),
        "false"
    );
    assert_eq!(positions(&app, app.ids.demo), vec![1]);
    // Cancelled once: no longer waiting.
    let (s, _) = exp.post_empty(&uri).await.pair();
    assert_eq!(s, StatusCode::CONFLICT);
}

/// A call through the trusted proxy (`who` calls from it) for a phone at `from`.
async fn via(
    who: &Client,
    method: &str,
    uri: &str,
    from: &str,
    body: Option<Value>,
) -> (StatusCode, Value, Vec<String>) {
    let mut req = match method {
        "GET" => actix_web::test::TestRequest::get(),
        _ => actix_web::test::TestRequest::post(),
    }
    .uri(uri)
    .insert_header(("X-Forwarded-For", from.to_owned()));
    if let Some(b) = body {
        req = req.set_json(b);
    }
    who.send(req).await.parts()
}

#[actix_web::test]
async fn check_in_only_from_the_yard_network_a_call_and_the_tv_list() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let proxy = "10.9.8.7";
    let mut state = app.state.clone();
    state.config.trusted_proxies = vec![proxy.parse().unwrap()];
    let wiring = app.on(state);
    let anon = wiring.anonymous().await.calling_from(proxy);
    settings(
        &app,
        app.ids.demo,
        json!({ "enableCheckin": true, "checkinIp": "200.1.1.5, 200.1.1.6" }),
    )
    .await;
    let pairs = add_drivers(&app, app.ids.demo, 1, 3);
    let (d, t) = pairs[0];
    let q = fixtures::join(&app, d, app.ids.demo, json!({ "truck": { "id": t } })).await;
    let me = wiring.driver_id(d, app.ids.demo).await.calling_from(proxy);
    let save = json!({ "queue": { "id": q }, "isPresent": true, "status": true });

    // Refused from outside the yard (through the trusted proxy), and for staff.
    let (s, b, _) = via(
        &me,
        "POST",
        "/api/checkins/save",
        "177.5.5.5",
        Some(save.clone()),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{b}");
    assert_eq!(
        b["message"],
        "Check-in permitido apenas na rede do pátio da empresa."
    );
    // A forged X-Forwarded-For from an untrusted peer counts as the peer.
    let forged = actix_web::test::TestRequest::post()
        .uri("/api/checkins/save")
        .insert_header(("X-Forwarded-For", "200.1.1.5"))
        .set_json(save.clone());
    let (s, _, _) = me
        .clone()
        .calling_from("177.5.5.5")
        .send(forged)
        .await
        .parts();
    assert_eq!(s, StatusCode::FORBIDDEN);
    let exp = app.expedicao_of(app.ids.demo).await;
    let (s, _) = exp.post("/api/checkins/save", save.clone()).await.pair();
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM checkins"), 0);

    // From the yard: present, CHECK_IN logged; twice is the same check-in.
    let (s, c, _) = via(
        &me,
        "POST",
        "/api/checkins/save",
        "200.1.1.6",
        Some(save.clone()),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{c}");
    assert_eq!(c["isPresent"], true);
    let checkin = c["id"].as_i64().unwrap();
    let (_, again, _) = via(
        &me,
        "POST",
        "/api/checkins/save",
        "200.1.1.6",
        Some(save.clone()),
    )
    .await;
    assert_eq!(again["id"].as_i64(), Some(checkin));
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {d} AND operation_type = 'CHECK_IN'"
        )),
        1
    );

    // The yard's list of present drivers.
    let actives = format!("/api/checkins/company/actives/{}", app.ids.demo);
    let (s, rows) = exp.get(&actives).await.pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(rows.as_array().unwrap().len(), 1);
    let (s, _) = app
        .usuario_of(app.ids.other)
        .await
        .get(&actives)
        .await
        .pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = app
        .transportadora_of(app.ids.demo)
        .await
        .get(&actives)
        .await
        .pair();
    assert_eq!(s, StatusCode::FORBIDDEN);

    // The call: Espectador and Transportadora may not; the TV reads it from the yard only.
    let call_body = json!({ "id": checkin, "isCalling": true });
    for (email, status) in [
        ("espectador@patio.local", StatusCode::FORBIDDEN),
        ("transp@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let (s, _) = app
            .staff(email)
            .await
            .post("/api/checkins/setcall", call_body.clone())
            .await
            .pair();
        assert_eq!(s, status, "{email}");
    }
    let (s, v) = exp.post("/api/checkins/setcall", call_body).await.pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["isCalling"], true);
    let called = format!("/api/checkins/called/{}", app.ids.demo);
    let (s, tv, _) = via(&anon, "GET", &called, "200.1.1.5", None).await;
    assert_eq!(s, StatusCode::OK, "{tv}");
    assert_eq!(
        tv[0]["licensePlate"],
        app.scalar_text(&format!(
            "SELECT license_plate AS v FROM trucks WHERE id = {t}"
        ))
    );
    let (s, _, _) = via(&anon, "GET", &called, "177.5.5.5", None).await;
    assert_eq!(s, StatusCode::FORBIDDEN);

    // The driver's phone from the yard: checked in; from elsewhere: cancelled, CHECK_OUT.
    let count = format!("/api/checkins/count/{q}");
    let (_, st, _) = via(&me, "GET", &count, "200.1.1.5", None).await;
    assert_eq!(
        (
            st["count"].as_i64(),
            st["allowed"].as_bool(),
            st["cancelled"].as_bool()
        ),
        (Some(1), Some(true), Some(false)),
        "{st}"
    );
    // A GET from elsewhere only reads; the app's POST cancels (a GET never writes).
    let (_, st, _) = via(&me, "GET", &count, "177.5.5.5", None).await;
    assert_eq!(
        (
            st["count"].as_i64(),
            st["allowed"].as_bool(),
            st["cancelled"].as_bool()
        ),
        (Some(1), Some(false), Some(false)),
        "{st}"
    );
    let (_, st, _) = via(&me, "POST", &count, "177.5.5.5", None).await;
    assert_eq!(
        (
            st["count"].as_i64(),
            st["allowed"].as_bool(),
            st["cancelled"].as_bool()
        ),
        (Some(0), Some(false), Some(true)),
        "{st}"
    );
    assert_eq!(st["checkin"]["isPresent"], false);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {d} AND operation_type = 'CHECK_OUT'"
        )),
        1
    );
    let (_, rows) = exp.get(&actives).await.pair();
    assert_eq!(rows, json!([]));
    // Another driver's entry: 404.
    let other = wiring
        .driver_id(app.ids.driver, app.ids.demo)
        .await
        .calling_from(proxy);
    let (s, _, _) = via(&other, "GET", &count, "200.1.1.5", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // Check in again, and the staff's checkout.
    let (s, c, _) = via(&me, "POST", "/api/checkins/save", "200.1.1.6", Some(save)).await;
    assert_eq!(s, StatusCode::CREATED);
    let id = c["id"].as_i64().unwrap();
    let (s, _) = app
        .espectador_of(app.ids.demo)
        .await
        .post("/api/checkins/checkout", json!({ "id": id }))
        .await
        .pair();
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, out) = exp
        .post("/api/checkins/checkout", json!({ "id": id }))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{out}");
    assert_eq!(out["isPresent"], false);

    // Check-in off: refused with its message.
    settings(&app, app.ids.demo, json!({ "enableCheckin": false })).await;
    let (s, b, _) = via(
        &me,
        "POST",
        "/api/checkins/save",
        "200.1.1.6",
        Some(json!({ "queue": { "id": q } })),
    )
    .await;
    assert_eq!(
        (s, b["message"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("O check-in não está habilitado.")
        )
    );
}

#[test]
fn a_call_reaches_browsers_as_check_in_call_response() {
    use patio_application::queue::ports::DomainEvent;
    let e = DomainEvent::CheckInCall {
        company_id: 1,
        checkin_id: 2,
        queue_id: 3,
        driver_id: 4,
        driver_name: "JOSÉ".into(),
        license_plate: "ABC1D23".into(),
        called_at: chrono::DateTime::parse_from_rfc3339(MONDAY_0900)
            .unwrap()
            .into(),
        shipping_company_ids: vec![5],
    };
    let v = serde_json::to_value(e.for_browsers()).unwrap();
    assert_eq!(v["event"], "checkInCallResponse");
    assert_eq!(v["companyId"], 1);
    assert_eq!(v["licensePlate"], "ABC1D23");
    assert!(
        v.get("shippingCompanyIds").is_none(),
        "between instances only: {v}"
    );
}
