//! Issue 22, a yard day through the screens: what the server tells the screens so that they keep
//! the spec's rules — the order's balance and the driver's phone on the queue rows (the tonnage
//! warning, the WhatsApp link; no phone for the Portaria), the driver's one stage on the phone,
//! the panel abilities and menus of each role in the session, the Transportadora's own rescues,
//! the TV's and the public panel's company time zone, the expired authorisations' customer and
//! permission date, the sign-in pages' session probe and the desk's message to the office user.

use crate::common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

/// A vehicle put in the demo queue from /fila ('+ Adicionar') with an order of `ordered` t; the
/// entry's and the order's ids.
async fn desk_entry(app: &TestApp, usuario: &Client, ordered: f64) -> (i64, i64) {
    let order = fixtures::order(usuario, fixtures::OrderSpec::new("PED-Y22", ordered)).await;
    let joined = usuario
        .post(
            "/api/queue/add",
            json!({ "order": { "id": order.id }, "truck": { "id": fixtures::demo_truck(app) }, "driver": { "id": app.ids.driver } }),
        )
        .await
        .expect(StatusCode::CREATED);
    (joined["id"].as_i64().unwrap(), order.id)
}

fn row_of(rows: &Value, id: i64) -> Value {
    rows.as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap_or_else(|| panic!("entry {id} not in {rows}"))
        .clone()
}

fn keys(session: &Value) -> Vec<String> {
    session["menu"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["key"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_rt::test]
async fn queue_rows_carry_the_orders_balance_and_the_drivers_phone_but_not_for_the_portaria() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let (entry, order) = desk_entry(&app, &usuario, 100.0).await;
    // 30 t already delivered at order level; the desk's loading has transported nothing.
    app.sql(&format!(
        "UPDATE orders SET qty_transported = 30 WHERE id = {order};
         INSERT INTO contacts (name, fone, email, whatsapp, driver_id)
         VALUES ('Motorista', '(65) 9 9123-4567', 'm@patio.local', TRUE, {})",
        app.ids.driver
    ));
    let url = format!("/api/queue/active/company/{}", app.ids.demo);
    let rows = app
        .expedicao_of(app.ids.demo)
        .await
        .get(&url)
        .await
        .expect(StatusCode::OK);
    let row = row_of(&rows, entry);
    assert_eq!(row["scheduling"]["orderBalance"], 70.0, "{row}");
    assert_eq!(row["driverPhone"], "(65) 9 9123-4567");
    assert_eq!(
        row["netCapacity"],
        app.scalar_text(
            "SELECT net_capacity::float8::text AS v FROM trucks WHERE license_plate = 'DEM0A12'"
        )
        .parse::<f64>()
        .unwrap()
    );

    // The Portaria does not see the phone (spec 3 section 6).
    let rows = app
        .portaria_of(app.ids.demo)
        .await
        .get(&url)
        .await
        .expect(StatusCode::OK);
    assert_eq!(row_of(&rows, entry)["driverPhone"], Value::Null);

    // The Faltosos list (Recuperar) carries the capacity and the balance too.
    app.sql(&format!(
        "UPDATE queue_entries SET status = 'faulty', closed_at = now(), position = 0 WHERE id = {entry}"
    ));
    let missing = app
        .expedicao_of(app.ids.demo)
        .await
        .get(&format!("/api/queue/missings/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    let m = row_of(&missing, entry);
    assert_eq!(m["orderBalance"], 70.0, "{m}");
    assert!(m["netCapacity"].as_f64().unwrap() > 0.0, "{m}");
    let missing = app
        .portaria_of(app.ids.demo)
        .await
        .get(&format!("/api/queue/missings/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert_eq!(row_of(&missing, entry)["orderBalance"], Value::Null);
}

#[actix_rt::test]
async fn the_drivers_position_tells_one_stage_waiting_loading_done() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let (entry, _) = desk_entry(&app, &usuario, 100.0).await;
    let driver = app.driver_id(app.ids.driver, app.ids.demo).await;
    let url = format!("/api/queue/position/driver/{}", app.ids.driver);
    let stage = |v: &Value| v["stage"].clone();

    let p = driver.get(&url).await.expect(StatusCode::OK);
    assert_eq!(stage(&p), "waiting", "{p}");
    assert!(p["position"].as_i64().unwrap() >= 1);

    app.sql(&format!(
        "UPDATE queue_entries SET status = 'loading', expedition = now(), position = 0 WHERE id = {entry}"
    ));
    let p = driver.get(&url).await.expect(StatusCode::OK);
    assert_eq!(stage(&p), "loading", "{p}");
    assert_eq!(p["position"], 0);

    app.sql(&format!(
        "UPDATE queue_entries SET status = 'attended', attended = TRUE, attended_at = now(), closed_at = now() WHERE id = {entry}"
    ));
    let p = driver.get(&url).await.expect(StatusCode::OK);
    assert_eq!(stage(&p), "done", "{p}");

    app.sql(&format!(
        "UPDATE queue_entries SET status = 'left', closed_at = now() - interval '3 days', attended_at = NULL WHERE id = {entry}"
    ));
    let p = driver.get(&url).await.expect(StatusCode::OK);
    assert_eq!(stage(&p), Value::Null, "{p}");
}

#[actix_rt::test]
async fn the_session_carries_the_panel_abilities_and_the_menus_of_each_role() {
    let app = TestApp::new();
    let session =
        |c: Client| async move { c.get("/api/auth/session").await.expect(StatusCode::OK) };

    let exp = session(app.expedicao_of(app.ids.demo).await).await;
    assert_eq!(
        exp["panel"],
        json!({ "operate": true, "call": true, "details": true, "seesTonnes": true, "seesPhone": true })
    );
    let esp = session(app.espectador_of(app.ids.demo).await).await;
    assert_eq!(
        esp["panel"]["details"], false,
        "the Espectador opens no vehicle details"
    );
    assert_eq!(esp["panel"]["operate"], false);
    let port = session(app.portaria_of(app.ids.demo).await).await;
    assert_eq!(port["panel"]["seesPhone"], false);
    assert_eq!(port["panel"]["call"], true);

    // The Usuario's menu reaches /fila, the carriers' dashboard, /recuperar and its company's
    // terms and pop-ups (spec 3 section 6); each entry is a route it may open.
    let u = session(app.usuario_of(app.ids.demo).await).await;
    let menu = keys(&u);
    for key in [
        "fila-virtual",
        "dashboard-transportadoras",
        "recuperar",
        "conteudo",
    ] {
        assert!(menu.iter().any(|k| k == key), "{key} missing from {menu:?}");
    }
    let routes: Vec<&str> = u["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    for path in [
        "/fila",
        "/transportadora/dashboard",
        "/recuperar",
        "/conteudo",
    ] {
        assert!(routes.contains(&path), "{path} not in {routes:?}");
    }
    // The Transportadora: its own rescues.
    let t = session(app.staff(TRANSP).await).await;
    assert!(keys(&t).iter().any(|k| k == "recuperar"), "{:?}", keys(&t));
    assert!(!keys(&t).iter().any(|k| k == "conteudo"));
}

#[actix_rt::test]
async fn the_transportadora_reads_only_its_own_rescues() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let (entry, _) = desk_entry(&app, &usuario, 100.0).await;
    app.sql(&format!(
        "UPDATE queue_entries SET status = 'faulty', closed_at = now(), position = 0 WHERE id = {entry}"
    ));
    app.expedicao_of(app.ids.demo)
        .await
        .post(
            "/api/queue-restore/save",
            json!({ "queue": { "id": entry }, "netWeight": 12.5 }),
        )
        .await
        .expect(StatusCode::CREATED);
    // The loading is the carrier's: it reads it; another carrier's loading it would not.
    app.sql(&format!(
        "UPDATE schedulings SET shipping_company_id = {} WHERE id = (SELECT scheduling_id FROM queue_entries WHERE id = {entry})",
        app.ids.shipping
    ));
    let transp = app.staff(TRANSP).await;
    let page = transp
        .get("/api/queue-restore?page=1")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["total"], 1, "{page}");
    assert_eq!(
        page["items"][0]["canApprove"], false,
        "only a root administrator approves"
    );
    app.sql(&format!(
        "UPDATE schedulings SET shipping_company_id = NULL WHERE id = (SELECT scheduling_id FROM queue_entries WHERE id = {entry})"
    ));
    let page = transp
        .get("/api/queue-restore?page=1")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["total"], 0, "{page}");
    // Another company's rescues are not found.
    transp
        .get(&format!(
            "/api/queue-restore?page=1&companyId={}",
            app.ids.other
        ))
        .await
        .expect(StatusCode::NOT_FOUND);
}

#[actix_rt::test]
async fn the_tv_and_the_public_panel_read_times_in_the_companys_zone() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let (entry, _) = desk_entry(&app, &usuario, 100.0).await;
    app.sql(&format!(
        "UPDATE settings SET time_zone = 'America/Manaus' WHERE company_id = {demo};
         INSERT INTO checkins (company_id, queue_entry_id, driver_id, is_present, status, is_calling, called_at)
         VALUES ({demo}, {entry}, {driver}, TRUE, TRUE, TRUE, '2026-03-01T02:30:00Z')",
        demo = app.ids.demo,
        driver = app.ids.driver
    ));
    let calls = app
        .expedicao_of(app.ids.demo)
        .await
        .get(&format!("/api/checkins/called/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    // 02:30 UTC is 22:30 of the day before in Manaus, whatever the viewer's device says.
    assert_eq!(calls[0]["calledTime"], "22:30", "{calls}");

    let panel = app
        .anonymous()
        .await
        .get("/api/public/panel?host=localhost")
        .await
        .expect(StatusCode::OK);
    assert_eq!(panel["company"]["timeZone"], "America/Manaus", "{panel}");
    let session = usuario
        .get("/api/auth/session")
        .await
        .expect(StatusCode::OK);
    assert_eq!(session["company"]["timeZone"], "America/Manaus");
}

#[actix_rt::test]
async fn expired_authorisations_carry_the_customer_and_the_permission_date() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let order = fixtures::order(&usuario, fixtures::OrderSpec::new("PED-EXP", 100.0)).await;
    app.sql(&format!(
        "INSERT INTO deleted_schedulings (scheduling_id, company_id, order_id, truck_id, driver_id, qty_ordered,
                                          qty_transported, expiration_date, status, reason, created_at, deleted_at)
         VALUES (987654, {demo}, {order}, {truck}, {driver}, 10, 0, '2026-02-20', FALSE, 'TEMPO EXPIRADO',
                 '2026-02-10T13:00:00Z', now())",
        demo = app.ids.demo,
        order = order.id,
        truck = fixtures::demo_truck(&app),
        driver = app.ids.driver
    ));
    let list = app
        .driver_id(app.ids.driver, app.ids.demo)
        .await
        .get(&format!("/api/schedulingDeleted/driver/{}", app.ids.driver))
        .await
        .expect(StatusCode::OK);
    let card = list
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["order"]["code"] == "PED-EXP")
        .unwrap_or_else(|| panic!("{list}"));
    let customer = app.scalar_text(&format!(
        "SELECT cu.name AS v FROM orders o JOIN customers cu ON cu.id = o.customer_id WHERE o.id = {}",
        order.id
    ));
    assert_eq!(card["customerName"], customer);
    assert_eq!(card["createdAt"], "2026-02-10T13:00:00Z");
}

#[actix_rt::test]
async fn the_sign_in_pages_probe_the_session_without_a_401() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    for url in ["/api/auth/session", "/api/auth/app/session"] {
        let (s, _) = anon.get(&format!("{url}?probe=true")).await.pair();
        assert_eq!(s, StatusCode::NO_CONTENT, "{url}");
        let (s, _) = anon.get(url).await.pair();
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{url} without the probe");
    }
    let usuario = app.usuario_of(app.ids.demo).await;
    let s = usuario
        .get("/api/auth/session?probe=true")
        .await
        .expect(StatusCode::OK);
    assert_eq!(s["role"], "Usuario");
}

#[actix_rt::test]
async fn the_desk_tells_the_office_user_about_the_driver_already_in_the_queue() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let (_, order) = desk_entry(&app, &usuario, 100.0).await;
    let again = usuario
        .post(
            "/api/queue/add",
            json!({ "order": { "id": order }, "truck": { "id": fixtures::demo_truck(&app) }, "driver": { "id": app.ids.driver } }),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        again["message"],
        "Este motorista ou caminhão já possui um agendamento na fila."
    );
}

#[actix_rt::test]
async fn ending_the_attendance_ends_the_check_in_of_a_vehicle_moved_to_the_next_day() {
    use crate::queue_common::{add_drivers, at, open_for_freelancers, MONDAY_0900};
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let (driver, truck) = add_drivers(&app, app.ids.demo, 1, 7)[0];
    let entry = app
        .driver_id(driver, app.ids.demo)
        .await
        .post("/api/queue/save", json!({ "truck": { "id": truck } }))
        .await
        .id(StatusCode::CREATED);
    // Checked in at the yard (the check-in's own API is covered by the yard tests).
    app.sql(&format!(
        "INSERT INTO checkins (company_id, queue_entry_id, driver_id, is_present, status, is_calling)
         VALUES ({}, {entry}, {driver}, TRUE, TRUE, FALSE)",
        app.ids.demo
    ));
    let exp = app.expedicao_of(app.ids.demo).await;
    let actives = format!("/api/checkins/company/actives/{}", app.ids.demo);
    assert_eq!(
        exp.get(&actives)
            .await
            .expect(StatusCode::OK)
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let started = exp
        .post(
            "/api/attendances/save",
            json!({ "company": { "id": app.ids.demo } }),
        )
        .await
        .expect(StatusCode::CREATED);
    at(&app, "2026-03-02T13:00:00Z");
    let ended = exp
        .put("/api/attendances/update", json!({ "id": started["id"] }))
        .await
        .expect(StatusCode::OK);
    assert_eq!(ended["moved"], 1, "{ended}");
    // The Pátio card's list no longer counts it, nor does its next-day row say 'No pátio'.
    assert_eq!(exp.get(&actives).await.expect(StatusCode::OK), json!([]));
    let rows = exp
        .get(&format!("/api/queue/active/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert_eq!(row_of(&rows, entry)["checkInActive"], false);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM checkins WHERE queue_entry_id = {entry} AND is_present"
        )),
        0
    );
}
