//! Issue 22's last rule for the driver's phone through the API: 'Veículos próximos' on the
//! status page lists the waiting vehicles around the driver (`isNearMine` of
//! `GET /queue/active/{companyId}`, decided by `patio_domain::queue::nearby_rows`), and nothing
//! while his own vehicle is in loading (it listed his own row with position 0).

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use serde_json::{json, Value};

use common::{fixtures, TestApp};
use queue_common::*;

/// The plates of the rows of `panel` that 'Veículos próximos' lists, with their positions.
fn near(panel: &Value) -> Vec<(String, i64)> {
    panel
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["isNearMine"] == true)
        .map(|r| {
            (
                r["licensePlate"].as_str().unwrap().to_owned(),
                r["position"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn nearby_vehicles_list_the_waiting_around_the_driver_and_none_while_he_is_loading() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let demo = app.ids.demo;
    let pairs = add_drivers(&app, demo, 6, 1);
    let usuario = app.usuario_of(demo).await;
    let order = fixtures::order(&usuario, fixtures::OrderSpec::new("PED-1", 100.0))
        .await
        .id;
    let loaded = pairs[0];
    let loading = fixtures::loading(
        &usuario,
        order,
        loaded.1,
        loaded.0,
        30.0,
        Some("2026-03-20"),
    )
    .await;
    let first = fixtures::join(
        &app,
        loaded.0,
        demo,
        json!({ "scheduling": { "id": loading } }),
    )
    .await;
    for p in &pairs[1..] {
        fixtures::join(&app, p.0, demo, json!({ "truck": { "id": p.1 } })).await;
    }
    let panel = format!("/api/queue/active/{demo}");
    let plate = |g: usize| format!("TQB{g:04}");
    let loaded_phone = app.driver_id(loaded.0, demo).await;

    // Waiting first in line: himself and the two behind him.
    let (s, b) = loaded_phone.get(&panel).await.pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        near(&b),
        vec![(plate(1), 1), (plate(2), 2), (plate(3), 3)],
        "{b}"
    );

    // His loading starts: his row is in loading (position 0); nothing is listed near him.
    let exp = app.expedicao_of(demo).await;
    exp.post(
        "/api/attendances/save",
        json!({ "company": { "id": demo } }),
    )
    .await
    .expect(StatusCode::CREATED);
    exp.put("/api/queue/start", json!({ "id": first, "status": true }))
        .await
        .expect(StatusCode::OK);
    let (_, b) = loaded_phone.get(&panel).await.pair();
    let mine = b
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["isMine"] == true)
        .unwrap_or_else(|| panic!("{b}"));
    assert_eq!(mine["isActive"], true);
    assert_eq!(mine["position"], 0);
    assert_eq!(near(&b), Vec::<(String, i64)>::new(), "{b}");

    // The second in line now: the vehicle before him and the two after, never the one loading.
    let (_, b) = app
        .driver_id(pairs[2].0, demo)
        .await
        .get(&panel)
        .await
        .pair();
    assert_eq!(
        near(&b),
        vec![(plate(2), 1), (plate(3), 2), (plate(4), 3), (plate(5), 4)],
        "{b}"
    );
    // Staff and the public panel have no own row: nothing is near.
    let (_, b) = exp.get(&panel).await.pair();
    assert_eq!(near(&b), Vec::<(String, i64)>::new());
}
