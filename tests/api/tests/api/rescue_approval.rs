//! Who may approve a rescue, said by the server (issue 13 leftovers): each row of
//! `GET /api/queue-restore` carries `canApprove` from the domain rule that
//! `PUT /api/queue-restore/restore` checks (`patio_domain::queue::rescue::may_approve_rescues`),
//! so /recuperar shows 'Aprovar' from the row, never from the session.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use serde_json::{json, Value};

use common::{fixtures, TestApp};
use queue_common::*;

const EXP: &str = "expedicao@patio.local";
const ROOT: &str = "admin@patio.local";
const USUARIO: &str = "usuario@patio.local";
const TRANSP: &str = "transp@patio.local";
/// An administrator who is not root (made by `plain_admin`).
const PLAIN_ADMIN: &str = "adm3@patio.local";

const SAVE: &str = "/api/queue-restore/save";
const LIST: &str = "/api/queue-restore";
const RESTORE: &str = "/api/queue-restore/restore";

async fn plain_admin(app: &TestApp) {
    fixtures::plain_admin(app, "Admin Tres", PLAIN_ADMIN).await;
}

/// A missing vehicle of today with a 30 t loading on a 100 t order, and its rescue sent by
/// the dispatch: (rescue id, queue entry id, order id).
async fn pending_rescue(app: &TestApp) -> (i64, i64, i64) {
    let demo = app.ids.demo;
    // The truck is the demo shipping company's: the loading is carried by it.
    let (driver_id, truck_id) = add_pair(app, demo, 1, 1, (None, Some(app.ids.shipping)));
    let spec = fixtures::OrderSpec::new("PED-A1", 100.0)
        .customer(91, "Fazenda Aprova")
        .product(91, "SOJA APROVA");
    let usuario = app.usuario_of(demo).await;
    let order = fixtures::order(&usuario, spec).await.id;
    let loading = fixtures::loading(
        &usuario,
        order,
        truck_id,
        driver_id,
        30.0,
        Some("2026-03-20"),
    )
    .await;
    let (s, b) = app
        .driver_id(driver_id, demo)
        .await
        .post(
            "/api/queue/save",
            json!({ "scheduling": { "id": loading } }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let entry = b["id"].as_i64().unwrap();
    // why: the expedition marking it missing has no API yet (as rescues.rs does).
    app.sql(&format!(
        "UPDATE queue_entries SET status = 'faulty', closed_at = '{MONDAY_0900}', position = 0
          WHERE id = {entry}"
    ));
    let (s, b) = app
        .staff(EXP)
        .await
        .post(
            SAVE,
            json!({ "queue": { "id": entry }, "order": { "id": order }, "netWeight": 21.5 }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    (b["id"].as_i64().unwrap(), entry, order)
}

fn state(app: &TestApp, rescue: i64, entry: i64) -> String {
    app.scalar_text(&format!(
        "SELECT concat_ws('|', r.status, r.restored_at IS NULL, q.status) AS v
           FROM queue_restores r JOIN queue_entries q ON q.id = r.queue_entry_id
          WHERE r.id = {rescue} AND q.id = {entry}"
    ))
}

#[actix_web::test]
async fn each_row_says_whether_the_reader_may_approve_it_as_the_approval_does() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    plain_admin(&app).await;
    let (rescue, entry, _) = pending_rescue(&app).await;

    // The root administrator: 'Aprovar' on the row.
    let (s, b) = app.staff(ROOT).await.get(LIST).await.pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["total"], 1);
    assert_eq!(b["items"][0]["id"], rescue);
    assert_eq!(b["items"][0]["canApprove"], true, "{b}");

    // Everyone else who reads the list: the row, without 'Aprovar'; and the approval itself
    // is refused to them as before (403), nothing changed.
    for email in [PLAIN_ADMIN, USUARIO, TRANSP] {
        let who = app.staff(email).await;
        let (s, b) = who.get(LIST).await.pair();
        assert_eq!(s, StatusCode::OK, "{email} {b}");
        assert_eq!(b["total"], 1, "{email} {b}");
        let items = b["items"].as_array().unwrap();
        assert!(
            items.iter().all(|r| r["canApprove"] == Value::Bool(false)),
            "{email} {b}"
        );
        let (s, b) = who.put(RESTORE, json!({ "id": rescue })).await.pair();
        assert_eq!(s, StatusCode::FORBIDDEN, "{email} {b}");
        assert_eq!(state(&app, rescue, entry), "f|t|faulty", "{email}");
    }

    // The dispatch does not read the list at all (unchanged).
    let (s, _) = app.staff(EXP).await.get(LIST).await.pair();
    assert_eq!(s, StatusCode::FORBIDDEN);

    // What the row said is what the approval does: the root administrator approves it.
    let (s, b) = app
        .staff(ROOT)
        .await
        .put(RESTORE, json!({ "id": rescue }))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["message"], "Aprovação realizada com sucesso");
    assert_eq!(state(&app, rescue, entry), "t|f|attended");
    // Approved: no longer pending, so no row offers it.
    let (_, b) = app.staff(ROOT).await.get(LIST).await.pair();
    assert_eq!(b["total"], 0, "{b}");
}
