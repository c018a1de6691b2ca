//! The yard's dispatch actions (issue 13, spec 3 sections 4, 5, 6 and 7) against a real
//! PostgreSQL: start loading with its refusals in order, complete with the tonnage (the order's
//! delivered quantity and status follow), weight edit, return to queue, driver exchange,
//! cancel, the panel's lists, and the role / company matrix of each call.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use serde_json::{json, Value};

use common::TestApp;
use queue_common::*;

const EXP: &str = "expedicao@patio.local";

/// An order of 100 t with a loading of 30 t for `driver` with `truck`; the loading's id.
fn order_with_loading(app: &TestApp, driver: i64, truck: i64) -> (i64, i64) {
    let demo = app.ids.demo;
    let customer = app.scalar_i64(&format!(
        "INSERT INTO customers (company_id, code, name, city)
         VALUES ({demo}, 7, 'Fazenda Rio Verde', 'Sorriso') RETURNING id AS v"
    ));
    let product = app.scalar_i64(&format!(
        "INSERT INTO products (company_id, code, name) VALUES ({demo}, 1, 'SOJA') RETURNING id AS v"
    ));
    let order = app.scalar_i64(&format!(
        "INSERT INTO orders (company_id, code, customer_id) VALUES ({demo}, 'PED-1', {customer})
         RETURNING id AS v"
    ));
    app.sql(&format!(
        "INSERT INTO order_items (order_id, product_id, quantity) VALUES ({order}, {product}, 100)"
    ));
    let loading = loading_of(app, order, driver, truck);
    (order, loading)
}

fn loading_of(app: &TestApp, order: i64, driver: i64, truck: i64) -> i64 {
    app.scalar_i64(&format!(
        "INSERT INTO schedulings (company_id, order_id, truck_id, driver_id, qty_ordered, expiration_date)
         VALUES ({}, {order}, {truck}, {driver}, 30, '2026-03-20') RETURNING id AS v",
        app.ids.demo
    ))
}

async fn join<S, B>(svc: &S, app: &TestApp, driver_id: i64, body: Value) -> i64
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (s, b) = call(
        svc,
        "POST",
        "/api/queue/save",
        Some(&bearer(app, &driver(driver_id, app.ids.demo))),
        Some(body),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    b["id"].as_i64().unwrap()
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
async fn matrix<S, B>(svc: &S, app: &TestApp, method: &str, uri: &str, body: Option<Value>)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    for (email, status) in [
        ("espectador@patio.local", StatusCode::FORBIDDEN),
        ("portaria@patio.local", StatusCode::FORBIDDEN),
        ("transp@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let (s, b) = call(
            svc,
            method,
            uri,
            Some(&bearer(app, &staff(app, email))),
            body.clone(),
        )
        .await;
        assert_eq!(s, status, "{email} {uri} {b}");
    }
    let (s, _) = call(svc, method, uri, None, body.clone()).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{uri}");
}

async fn refused<S, B>(
    svc: &S,
    auth: &str,
    method: &str,
    uri: &str,
    body: Value,
    status: StatusCode,
    message: &str,
) where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (s, b) = call(svc, method, uri, Some(auth), Some(body)).await;
    assert_eq!(s, status, "{uri} {b}");
    let text = b.to_string();
    assert!(text.contains(message), "{message} not in {text}");
}

#[actix_web::test]
async fn start_is_refused_in_the_spec_s_order_then_loads_completes_and_the_order_follows() {
    let app = TestApp::new();
    open_for_freelancers(&app);
    at(&app, MONDAY_0900);
    let svc = app.service().await;
    let pairs = add_drivers(&app, app.ids.demo, 2, 1);
    let (a, b) = (pairs[0], pairs[1]);
    let (order, loading) = order_with_loading(&app, a.0, a.1);
    let qa = join(&svc, &app, a.0, json!({ "scheduling": { "id": loading } })).await;
    let qb = join(&svc, &app, b.0, json!({ "truck": { "id": b.1 } })).await;
    let exp = bearer(&app, &staff(&app, EXP));
    let start = |id: i64| json!({ "id": id, "status": true });

    matrix(&svc, &app, "PUT", "/api/queue/start", Some(start(qa))).await;
    // 1. The attendance first.
    refused(
        &svc,
        &exp,
        "PUT",
        "/api/queue/start",
        start(qa),
        StatusCode::CONFLICT,
        "Por favor, iniciar o atendimento da empresa!",
    )
    .await;
    let (s, _) = call(
        &svc,
        "POST",
        "/api/attendances/save",
        Some(&exp),
        Some(json!({ "company": { "id": app.ids.demo } })),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    // 2. A delay running.
    app.sql(&format!(
        "INSERT INTO delays_in_progress (company_id, delayed_minutes, expedition, created_at)
         VALUES ({}, 30, '{MONDAY_0900}', '{MONDAY_0900}')",
        app.ids.demo
    ));
    refused(
        &svc,
        &exp,
        "PUT",
        "/api/queue/start",
        start(qa),
        StatusCode::CONFLICT,
        "Por favor, cancelar o atraso!",
    )
    .await;
    app.sql("UPDATE delays_in_progress SET ended_at = created_at, delayed_minutes = 0");
    // 3. A freelancer has no order.
    refused(
        &svc,
        &exp,
        "PUT",
        "/api/queue/start",
        start(qb),
        StatusCode::CONFLICT,
        "Adicione o veículo e o Motorista em um pedido!",
    )
    .await;
    // 4. Check-in on: only checked-in drivers.
    settings(&app, app.ids.demo, "enable_checkin = TRUE");
    refused(
        &svc,
        &exp,
        "PUT",
        "/api/queue/start",
        start(qa),
        StatusCode::CONFLICT,
        "motorista precisa fazer check-in",
    )
    .await;
    assert_eq!(status_of(&app, qa), "waiting");
    settings(&app, app.ids.demo, "enable_checkin = FALSE");

    // Started: loading, out of the numbering, the loading's start recorded.
    let (s, v) = call(&svc, "PUT", "/api/queue/start", Some(&exp), Some(start(qa))).await;
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
        &svc,
        &app,
        "POST",
        "/api/scheduling/close",
        Some(close(json!(30.5))),
    )
    .await;
    for bad in [json!(0), json!(-3), json!(100)] {
        refused(
            &svc,
            &exp,
            "POST",
            "/api/scheduling/close",
            close(bad),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Informe um peso maior que zero (até 99,999 t).",
        )
        .await;
    }
    assert_eq!(status_of(&app, qa), "loading");
    at(&app, "2026-03-02T12:40:00Z");
    let (s, v) = call(
        &svc,
        "POST",
        "/api/scheduling/close",
        Some(&exp),
        Some(close(json!(30.5))),
    )
    .await;
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
    refused(
        &svc,
        &exp,
        "POST",
        "/api/scheduling/close",
        close(json!(30.5)),
        StatusCode::NOT_FOUND,
        "",
    )
    .await;

    // Weight edit of the attended vehicle: 'Peso editado', the order follows.
    let weight = json!({ "id": loading, "qtyTransported": 40.25 });
    matrix(
        &svc,
        &app,
        "PUT",
        "/api/scheduling/update",
        Some(weight.clone()),
    )
    .await;
    refused(
        &svc,
        &exp,
        "PUT",
        "/api/scheduling/update",
        json!({ "id": loading, "qtyTransported": 0 }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "Informe um peso maior que zero (até 99,999 t).",
    )
    .await;
    let (s, v) = call(
        &svc,
        "PUT",
        "/api/scheduling/update",
        Some(&exp),
        Some(weight.clone()),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["message"], "Peso editado");
    assert_eq!(order_status(&app, order), "40.00");
    // Only the day's attendances.
    at(&app, "2026-03-03T12:00:00Z");
    let tomorrow = bearer(&app, &staff(&app, EXP));
    refused(
        &svc,
        &tomorrow,
        "PUT",
        "/api/scheduling/update",
        weight,
        StatusCode::CONFLICT,
        "Apenas o peso de atendimentos de hoje pode ser editado.",
    )
    .await;
    at(&app, "2026-03-02T12:45:00Z");

    // The day's limit: one attended, programmedTotal 1.
    settings(&app, app.ids.demo, "programmed_total = 1");
    refused(
        &svc,
        &exp,
        "PUT",
        "/api/queue/start",
        start(qb),
        StatusCode::CONFLICT,
        "Limite de atendimento atingido!",
    )
    .await;

    // Lists: attended (not for Portaria, who also sees no phone), missing, dropouts.
    let uri = format!("/api/queue/attendeds/{}", app.ids.demo);
    let (s, rows) = call(&svc, "GET", &uri, Some(&exp), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(rows.as_array().unwrap().len(), 1, "{rows}");
    assert_eq!(rows[0]["qtyTransported"], 40.25);
    assert_eq!(rows[0]["orderCode"], "PED-1");
    let (_, rows) = call(
        &svc,
        "GET",
        &format!("{uri}?licensePlate=zzz"),
        Some(&exp),
        None,
    )
    .await;
    assert_eq!(rows, json!([]));
    for (email, status) in [
        ("espectador@patio.local", StatusCode::OK),
        ("portaria@patio.local", StatusCode::FORBIDDEN),
        ("transp@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let (s, _) = call(
            &svc,
            "GET",
            &uri,
            Some(&bearer(&app, &staff(&app, email))),
            None,
        )
        .await;
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
            let (s, rows) = call(
                &svc,
                "GET",
                &uri,
                Some(&bearer(&app, &staff(&app, email))),
                None,
            )
            .await;
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
    let svc = app.service().await;
    let pairs = add_drivers(&app, app.ids.demo, 3, 2);
    let (a, b, c) = (pairs[0], pairs[1], pairs[2]);
    let (order, loading) = order_with_loading(&app, a.0, a.1);
    let loading_b = loading_of(&app, order, b.0, b.1);
    let qa = join(&svc, &app, a.0, json!({ "scheduling": { "id": loading } })).await;
    let qb = join(
        &svc,
        &app,
        b.0,
        json!({ "scheduling": { "id": loading_b } }),
    )
    .await;
    let exp = bearer(&app, &staff(&app, EXP));
    call(
        &svc,
        "POST",
        "/api/attendances/save",
        Some(&exp),
        Some(json!({ "company": { "id": app.ids.demo } })),
    )
    .await;
    let (s, _) = call(
        &svc,
        "PUT",
        "/api/queue/start",
        Some(&exp),
        Some(json!({ "id": qa, "status": true })),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(positions(&app, app.ids.demo), vec![1]);

    // Return to the queue: waiting again at its place, the loading's start forgotten.
    let back = json!({ "id": qa, "scheduling": { "id": loading } });
    matrix(&svc, &app, "PUT", "/api/queue/update", Some(back.clone())).await;
    let (s, v) = call(
        &svc,
        "PUT",
        "/api/queue/update",
        Some(&exp),
        Some(back.clone()),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(status_of(&app, qa), "waiting");
    assert_eq!(positions(&app, app.ids.demo), vec![1, 2]);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT (exped_initial_date IS NULL)::text AS v FROM schedulings WHERE id = {loading}"
        )),
        "true"
    );
    refused(
        &svc,
        &exp,
        "PUT",
        "/api/queue/update",
        back,
        StatusCode::CONFLICT,
        "Este veículo não está em atendimento.",
    )
    .await;

    // Driver exchange: another driver of the company, not one already in the queue.
    let swap =
        |d: i64| json!({ "id": qa, "driver": { "id": d }, "company": { "id": app.ids.demo } });
    matrix(
        &svc,
        &app,
        "PUT",
        "/api/queue/update-driver",
        Some(swap(c.0)),
    )
    .await;
    refused(
        &svc,
        &exp,
        "PUT",
        "/api/queue/update-driver",
        swap(b.0),
        StatusCode::CONFLICT,
        "Este motorista já está na fila.",
    )
    .await;
    refused(
        &svc,
        &exp,
        "PUT",
        "/api/queue/update-driver",
        swap(app.ids.other_driver),
        StatusCode::UNPROCESSABLE_ENTITY,
        "Selecione um motorista!",
    )
    .await;
    let (s, v) = call(
        &svc,
        "PUT",
        "/api/queue/update-driver",
        Some(&exp),
        Some(swap(c.0)),
    )
    .await;
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
    matrix(&svc, &app, "POST", &uri, None).await;
    settings(&app, app.ids.demo, "enable_tolerance = TRUE");
    refused(
        &svc,
        &exp,
        "POST",
        &uri,
        json!({}),
        StatusCode::CONFLICT,
        "Com a tolerância ligada, o cancelamento não está disponível.",
    )
    .await;
    settings(&app, app.ids.demo, "enable_tolerance = FALSE");
    app.sql(&format!(
        "UPDATE queue_entries SET date = date + 1 WHERE id = {qb}"
    ));
    refused(
        &svc,
        &exp,
        "POST",
        &uri,
        json!({}),
        StatusCode::CONFLICT,
        "Apenas agendamentos do dia de hoje podem ser cancelados",
    )
    .await;
    assert_eq!(status_of(&app, qb), "waiting");
    app.sql(&format!(
        "UPDATE queue_entries SET date = date - 1 WHERE id = {qb}"
    ));
    let (s, v) = call(&svc, "POST", &uri, Some(&exp), None).await;
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
    let (s, _) = call(&svc, "POST", &uri, Some(&exp), None).await;
    assert_eq!(s, StatusCode::CONFLICT);
}

#[actix_web::test]
async fn check_in_only_from_the_yard_network_a_call_and_the_tv_list() {
    let app = TestApp::new();
    open_for_freelancers(&app);
    at(&app, MONDAY_0900);
    let proxy = "10.9.8.7";
    let mut state = app.state.clone();
    state.config.trusted_proxies = vec![proxy.parse().unwrap()];
    let svc = common::service_on(state).await;
    settings(
        &app,
        app.ids.demo,
        "enable_checkin = TRUE, checkin_ip = '200.1.1.5, 200.1.1.6'",
    );
    let pairs = add_drivers(&app, app.ids.demo, 1, 3);
    let (d, t) = pairs[0];
    let q = join(&svc, &app, d, json!({ "truck": { "id": t } })).await;
    let me = bearer(&app, &driver(d, app.ids.demo));
    let via = |method: &str, uri: &str, from: &str, auth: Option<&str>, body: Option<Value>| {
        let mut req = match method {
            "GET" => actix_web::test::TestRequest::get(),
            _ => actix_web::test::TestRequest::post(),
        }
        .uri(uri)
        .peer_addr(common::addr(proxy))
        .insert_header(("X-Forwarded-For", from.to_owned()));
        if let Some(a) = auth {
            req = req.insert_header(("Authorization", a.to_owned()));
        }
        if let Some(b) = body {
            req = req.set_json(b);
        }
        req
    };
    let save = json!({ "queue": { "id": q }, "isPresent": true, "status": true });

    // Refused from outside the yard (through the trusted proxy), and for staff.
    let (s, b, _) = common::send_with_peer(
        &svc,
        via(
            "POST",
            "/api/checkins/save",
            "177.5.5.5",
            Some(&me),
            Some(save.clone()),
        ),
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
        .peer_addr(common::addr("177.5.5.5"))
        .insert_header(("X-Forwarded-For", "200.1.1.5"))
        .insert_header(("Authorization", me.clone()))
        .set_json(save.clone());
    let (s, _, _) = common::send_with_peer(&svc, forged).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let exp = bearer(&app, &staff(&app, EXP));
    let (s, _) = call(
        &svc,
        "POST",
        "/api/checkins/save",
        Some(&exp),
        Some(save.clone()),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM checkins"), 0);

    // From the yard: present, CHECK_IN logged; twice is the same check-in.
    let (s, c, _) = common::send_with_peer(
        &svc,
        via(
            "POST",
            "/api/checkins/save",
            "200.1.1.6",
            Some(&me),
            Some(save.clone()),
        ),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{c}");
    assert_eq!(c["isPresent"], true);
    let checkin = c["id"].as_i64().unwrap();
    let (_, again, _) = common::send_with_peer(
        &svc,
        via(
            "POST",
            "/api/checkins/save",
            "200.1.1.6",
            Some(&me),
            Some(save.clone()),
        ),
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
    let (s, rows) = call(&svc, "GET", &actives, Some(&exp), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(rows.as_array().unwrap().len(), 1);
    let (s, _) = call(
        &svc,
        "GET",
        &actives,
        Some(&bearer(&app, &staff(&app, "outra@empresa.local"))),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = call(
        &svc,
        "GET",
        &actives,
        Some(&bearer(&app, &staff(&app, "transp@patio.local"))),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);

    // The call: Espectador and Transportadora may not; the TV reads it from the yard only.
    let call_body = json!({ "id": checkin, "isCalling": true });
    for (email, status) in [
        ("espectador@patio.local", StatusCode::FORBIDDEN),
        ("transp@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let (s, _) = call(
            &svc,
            "POST",
            "/api/checkins/setcall",
            Some(&bearer(&app, &staff(&app, email))),
            Some(call_body.clone()),
        )
        .await;
        assert_eq!(s, status, "{email}");
    }
    let (s, v) = call(
        &svc,
        "POST",
        "/api/checkins/setcall",
        Some(&exp),
        Some(call_body),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["isCalling"], true);
    let called = format!("/api/checkins/called/{}", app.ids.demo);
    let (s, tv, _) =
        common::send_with_peer(&svc, via("GET", &called, "200.1.1.5", None, None)).await;
    assert_eq!(s, StatusCode::OK, "{tv}");
    assert_eq!(
        tv[0]["licensePlate"],
        app.scalar_text(&format!(
            "SELECT license_plate AS v FROM trucks WHERE id = {t}"
        ))
    );
    let (s, _, _) =
        common::send_with_peer(&svc, via("GET", &called, "177.5.5.5", None, None)).await;
    assert_eq!(s, StatusCode::FORBIDDEN);

    // The driver's phone from the yard: checked in; from elsewhere: cancelled, CHECK_OUT.
    let count = format!("/api/checkins/count/{q}");
    let (_, st, _) =
        common::send_with_peer(&svc, via("GET", &count, "200.1.1.5", Some(&me), None)).await;
    assert_eq!(
        (
            st["count"].as_i64(),
            st["allowed"].as_bool(),
            st["cancelled"].as_bool()
        ),
        (Some(1), Some(true), Some(false)),
        "{st}"
    );
    let (_, st, _) =
        common::send_with_peer(&svc, via("GET", &count, "177.5.5.5", Some(&me), None)).await;
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
    let (_, rows) = call(&svc, "GET", &actives, Some(&exp), None).await;
    assert_eq!(rows, json!([]));
    // Another driver's entry: 404.
    let other = bearer(&app, &driver(app.ids.driver, app.ids.demo));
    let (s, _, _) =
        common::send_with_peer(&svc, via("GET", &count, "200.1.1.5", Some(&other), None)).await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // Check in again, and the staff's checkout.
    let (s, c, _) = common::send_with_peer(
        &svc,
        via(
            "POST",
            "/api/checkins/save",
            "200.1.1.6",
            Some(&me),
            Some(save),
        ),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    let id = c["id"].as_i64().unwrap();
    let (s, _) = call(
        &svc,
        "POST",
        "/api/checkins/checkout",
        Some(&bearer(&app, &staff(&app, "espectador@patio.local"))),
        Some(json!({ "id": id })),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, out) = call(
        &svc,
        "POST",
        "/api/checkins/checkout",
        Some(&exp),
        Some(json!({ "id": id })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{out}");
    assert_eq!(out["isPresent"], false);

    // Check-in off: refused with its message.
    settings(&app, app.ids.demo, "enable_checkin = FALSE");
    let (s, b, _) = common::send_with_peer(
        &svc,
        via(
            "POST",
            "/api/checkins/save",
            "200.1.1.6",
            Some(&me),
            Some(json!({ "queue": { "id": q } })),
        ),
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
    use patio_application::queue_ports::DomainEvent;
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
    };
    let v = serde_json::to_value(e.for_browsers()).unwrap();
    assert_eq!(v["event"], "checkInCallResponse");
    assert_eq!(v["companyId"], 1);
    assert_eq!(v["licensePlate"], "ABC1D23");
}
