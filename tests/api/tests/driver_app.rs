//! The driver app's own call (issue 14, spec 3 sections 2 and 8): `POST /scheduling/refuse/{id}`,
//! a driver refusing one of its authorised orders ('Recusado com sucesso!'). Only the driver
//! whose loading it is may refuse it: staff 403, another driver (of the same company or of
//! another) 404; a loading in the queue, started or finished is refused with 409 and stays.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod queue_common;

use actix_web::http::StatusCode;
use serde_json::json;

use common::TestApp;
use patio_application::services::driver_app::{
    REFUSED_MESSAGE, REFUSED_REASON, REFUSE_IN_QUEUE_MESSAGE, REFUSE_STARTED_MESSAGE,
};
use queue_common::*;

/// Two open loadings of the demo driver with the demo truck (order PED-1, until 2026-03-10).
fn two_loadings(app: &TestApp) -> (i64, i64) {
    let truck = demo_truck(app);
    app.sql(&format!(
        "INSERT INTO customers (company_id, code, name) VALUES ({c}, 1, 'Fazenda Boa Vista');
         INSERT INTO orders (company_id, code, customer_id) SELECT {c}, 'PED-1', id FROM customers;
         INSERT INTO schedulings (company_id, order_id, truck_id, driver_id, qty_ordered, expiration_date)
         SELECT {c}, id, {t}, {d}, 32, '2026-03-10' FROM orders;
         INSERT INTO schedulings (company_id, order_id, truck_id, driver_id, qty_ordered, expiration_date)
         SELECT {c}, id, {t}, {d}, 20, '2026-03-10' FROM orders;",
        c = app.ids.demo,
        t = truck,
        d = app.ids.driver
    ));
    (
        app.scalar_i64("SELECT min(id) AS v FROM schedulings"),
        app.scalar_i64("SELECT max(id) AS v FROM schedulings"),
    )
}

fn open_loadings(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT count(*) AS v FROM schedulings")
}

fn refused_rows(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT count(*) AS v FROM deleted_schedulings")
}

#[actix_web::test]
async fn a_driver_refuses_its_own_authorised_order_and_it_leaves_the_list() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let svc = app.service().await;
    let (first, second) = two_loadings(&app);
    let me = bearer(&app, &driver(app.ids.driver, app.ids.demo));

    let (s, b) = call(
        &svc,
        "POST",
        &format!("/api/scheduling/refuse/{first}"),
        Some(&me),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b, json!({ "id": first, "message": REFUSED_MESSAGE }));
    assert_eq!(REFUSED_MESSAGE, "Recusado com sucesso!");

    // What landed: the loading left `schedulings` for the deleted loadings, with its reason.
    assert_eq!(open_loadings(&app), 1);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT reason || ' ' || driver_id || ' ' || qty_ordered::int AS v
               FROM deleted_schedulings WHERE scheduling_id = {first}"
        )),
        format!("{REFUSED_REASON} {} 32", app.ids.driver)
    );

    // The driver's lists: the refused order is gone from the authorised ones and listed with
    // the expired/left ones.
    let (s, list) = call(
        &svc,
        "GET",
        &format!("/api/scheduling/driver/{}", app.ids.driver),
        Some(&me),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let ids: Vec<i64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![second]);
    let (_, gone) = call(
        &svc,
        "GET",
        &format!("/api/schedulingDeleted/driver/{}", app.ids.driver),
        Some(&me),
        None,
    )
    .await;
    assert_eq!(gone[0]["reason"], REFUSED_REASON);
    assert_eq!(gone[0]["order"]["code"], "PED-1");

    // Refusing it again: it is not the driver's loading any more.
    let (s, b) = call(
        &svc,
        "POST",
        &format!("/api/scheduling/refuse/{first}"),
        Some(&me),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(b["code"], "not_found");
    assert_eq!(refused_rows(&app), 1);
}

#[actix_web::test]
async fn only_the_loadings_driver_may_refuse_it() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let svc = app.service().await;
    let (first, _) = two_loadings(&app);
    let uri = format!("/api/scheduling/refuse/{first}");

    // Without a session.
    let (s, b) = call(&svc, "POST", &uri, None, None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{b}");

    // Staff of the company, even an administrator: 403 with the roles' message.
    for email in [
        "usuario@patio.local",
        "admin@patio.local",
        "expedicao@patio.local",
    ] {
        let staff = bearer(&app, &staff(&app, email));
        let (s, b) = call(&svc, "POST", &uri, Some(&staff), None).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{email}: {b}");
        assert_eq!(b["message"], patio_domain::roles::NOT_ALLOWED_MESSAGE);
    }

    // Another driver of the same company, and a driver of another company: 404.
    let pairs = add_drivers(&app, app.ids.demo, 1, 1);
    let neighbour = bearer(&app, &driver(pairs[0].0, app.ids.demo));
    let (s, b) = call(&svc, "POST", &uri, Some(&neighbour), None).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{b}");
    assert_eq!(b["code"], "not_found");
    let stranger = bearer(&app, &driver(app.ids.other_driver, app.ids.other));
    let (s, _) = call(&svc, "POST", &uri, Some(&stranger), None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // An id that does not exist.
    let me = bearer(&app, &driver(app.ids.driver, app.ids.demo));
    let (s, _) = call(
        &svc,
        "POST",
        "/api/scheduling/refuse/999999",
        Some(&me),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // Not a number: a 4xx with a pt-BR message, nothing changed.
    let (s, b) = call(&svc, "POST", "/api/scheduling/refuse/abc", Some(&me), None).await;
    assert!(s.is_client_error(), "{s} {b}");

    assert_eq!(open_loadings(&app), 2);
    assert_eq!(refused_rows(&app), 0);
}

#[actix_web::test]
async fn a_loading_in_the_queue_started_or_finished_cannot_be_refused() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let svc = app.service().await;
    let (first, second) = two_loadings(&app);
    let me = bearer(&app, &driver(app.ids.driver, app.ids.demo));

    // In the queue with the first: refusing it is refused, and the entry keeps it.
    let (s, b) = call(
        &svc,
        "POST",
        "/api/queue/save",
        Some(&me),
        Some(json!({ "scheduling": { "id": first } })),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = call(
        &svc,
        "POST",
        &format!("/api/scheduling/refuse/{first}"),
        Some(&me),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["message"], REFUSE_IN_QUEUE_MESSAGE);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM queue_entries WHERE scheduling_id = {first}"
        )),
        1
    );

    // Started by the yard, then finished: refused, the loading stays.
    app.sql(&format!(
        "UPDATE schedulings SET exped_initial_date = now() WHERE id = {second}"
    ));
    let uri = format!("/api/scheduling/refuse/{second}");
    let (s, b) = call(&svc, "POST", &uri, Some(&me), None).await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["message"], REFUSE_STARTED_MESSAGE);
    app.sql(&format!(
        "UPDATE schedulings SET exped_initial_date = NULL, status = TRUE WHERE id = {second}"
    ));
    let (s, b) = call(&svc, "POST", &uri, Some(&me), None).await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["message"], REFUSE_STARTED_MESSAGE);

    assert_eq!(open_loadings(&app), 2);
    assert_eq!(refused_rows(&app), 0);
}
