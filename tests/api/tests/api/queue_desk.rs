//! `/fila`'s '+ Adicionar' (issue 13, spec 3 section 2 "Virtual queue admin screen"):
//! `POST /api/queue/add` creates the order's loading (10 t, 0 transported, valid today) and puts
//! the vehicle in the queue with it; a refusal of either keeps nothing.

use crate::common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

struct Desk {
    order: i64,
    truck: i64,
    driver: i64,
}

/// An order of `ordered` tonnes of the demo company, created through the API.
async fn desk(app: &TestApp, usuario: &Client, ordered: f64) -> Desk {
    let order = fixtures::order(usuario, fixtures::OrderSpec::new("PED-F1", ordered)).await;
    Desk {
        order: order.id,
        truck: fixtures::demo_truck(app),
        driver: app.ids.driver,
    }
}

fn body(d: &Desk) -> Value {
    json!({ "order": { "id": d.order }, "truck": { "id": d.truck }, "driver": { "id": d.driver } })
}

fn loadings(app: &TestApp, order: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM schedulings WHERE order_id = {order}"
    ))
}

fn waiting(app: &TestApp, driver: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM queue_entries WHERE driver_id = {driver} AND status = 'waiting'"
    ))
}

#[actix_rt::test]
async fn usuario_puts_a_vehicle_in_the_queue_with_a_ten_tonne_loading_of_the_order() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let d = desk(&app, &usuario, 100.0).await;

    let joined = usuario
        .post("/api/queue/add", body(&d))
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(joined["message"], "Marcação Confirmada");
    assert_eq!(joined["position"], 1);
    assert_eq!(joined["isFreelancer"], false);

    let entry = joined["id"].as_i64().unwrap();
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT s.qty_ordered::text || '/' || s.qty_transported::text || '/' || (s.expiration_date = (now() AT TIME ZONE 'America/Sao_Paulo')::date)::text AS v
             FROM queue_entries q JOIN schedulings s ON s.id = q.scheduling_id
             WHERE q.id = {entry} AND q.status = 'waiting' AND s.order_id = {}",
            d.order
        )),
        "10.000/0.000/true"
    );
    // The screen's grid reads the entry back with its order.
    let rows = usuario
        .get(&format!("/api/queue/active/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    let row = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == entry)
        .unwrap();
    assert_eq!(row["licensePlate"], "DEM0A12");
    assert_eq!(row["isFreelancer"], false);
    assert_eq!(row["scheduling"]["order"]["code"], "PED-F1");
}

#[actix_rt::test]
async fn a_refused_join_takes_its_new_loading_back() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let d = desk(&app, &usuario, 100.0).await;
    usuario
        .post("/api/queue/add", body(&d))
        .await
        .expect(StatusCode::CREATED);

    let refused = usuario
        .post("/api/queue/add", body(&d))
        .await
        .expect(StatusCode::CONFLICT);
    // Issue 22: the office user is told about the driver, not addressed as the driver.
    assert_eq!(
        refused["message"],
        "Este motorista ou caminhão já possui um agendamento na fila."
    );
    assert_eq!(loadings(&app, d.order), 1, "the second loading is gone");
    assert_eq!(waiting(&app, d.driver), 1);
}

#[actix_rt::test]
async fn the_loading_checks_refuse_before_anything_is_kept() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    // 5 t ordered cannot take the desk's 10 t.
    let d = desk(&app, &usuario, 5.0).await;
    let refused = usuario
        .post("/api/queue/add", body(&d))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&refused)["qtyOrdered"],
        "A Capacidade Liquida ultrapassa o Saldo do Pedido."
    );
    assert_eq!(loadings(&app, d.order), 0);
    assert_eq!(waiting(&app, d.driver), 0);
}

#[actix_rt::test]
async fn only_the_company_user_may_add_and_another_companys_order_is_not_found() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let d = desk(&app, &usuario, 100.0).await;
    for email in [ADMIN, EXPEDICAO, TRANSP] {
        let cookie = anon.sign_in(email).await;
        cookie
            .post("/api/queue/add", body(&d))
            .await
            .expect(StatusCode::FORBIDDEN);
    }
    let other = app.usuario_of(app.ids.other).await;
    other
        .post("/api/queue/add", body(&d))
        .await
        .expect(StatusCode::NOT_FOUND);
    // A driver's session is not staff.
    let driver = anon
        .driver_sign_in("52998224725", app.ids.demo, "1990-01-15")
        .await;
    driver
        .post("/api/queue/add", body(&d))
        .await
        .expect(StatusCode::FORBIDDEN);
    assert_eq!(loadings(&app, d.order), 0);
    assert_eq!(waiting(&app, d.driver), 0);
}
