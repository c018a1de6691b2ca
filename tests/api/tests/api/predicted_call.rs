//! The predicted call time (issue 25) on every read that shows a waiting vehicle: the driver's
//! position, the dispatch queue rows, the panels (signed-in and public) and the day's end on
//! the expedition's totals; it moves when a loading ends faster or slower than predicted, and
//! it follows the pace the yard really had.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use serde_json::{json, Value};

use common::{fixtures, Client, TestApp};
use queue_common::*;

/// A loading of 30 t on `order` for the pair, saved by the Usuario.
async fn loading_of(app: &TestApp, order: i64, driver: i64, truck: i64) -> i64 {
    let usuario = app.usuario_of(app.ids.demo).await;
    fixtures::loading(&usuario, order, truck, driver, 30.0, Some("2026-03-20")).await
}

/// Three drivers in the demo's queue at Monday 09:00, each with an order to load; the
/// attendance started. (pairs, entries, their loadings, the expedition).
async fn yard(app: &TestApp) -> (Vec<(i64, i64)>, Vec<i64>, Vec<i64>, Client) {
    open_for_freelancers(app).await;
    at(app, MONDAY_0900);
    let pairs = add_drivers(app, app.ids.demo, 3, 1);
    let usuario = app.usuario_of(app.ids.demo).await;
    let order = fixtures::order(&usuario, fixtures::OrderSpec::new("PED-1", 100.0))
        .await
        .id;
    let mut entries = Vec::new();
    let mut loadings = Vec::new();
    for p in &pairs {
        let loading = loading_of(app, order, p.0, p.1).await;
        let body = json!({ "scheduling": { "id": loading } });
        entries.push(fixtures::join(app, p.0, app.ids.demo, body).await);
        loadings.push(loading);
    }
    let exp = app.expedicao_of(app.ids.demo).await;
    exp.post(
        "/api/attendances/save",
        json!({ "company": { "id": app.ids.demo } }),
    )
    .await
    .expect(StatusCode::CREATED);
    (pairs, entries, loadings, exp)
}

async fn position(app: &TestApp, driver: i64) -> Value {
    app.driver_id(driver, app.ids.demo)
        .await
        .get(&format!("/api/queue/position/driver/{driver}"))
        .await
        .expect(StatusCode::OK)
}

/// The driver's predicted call (`predictedCallAt`).
async fn predicted(app: &TestApp, driver: i64) -> String {
    let p = position(app, driver).await;
    p["predictedCallAt"]
        .as_str()
        .unwrap_or_else(|| panic!("no prediction: {p}"))
        .to_owned()
}

fn utc(s: &str) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(s)
        .unwrap()
        .with_timezone(&chrono::Utc)
}

fn same_instant(a: &Value, b: &str) -> bool {
    a.as_str().is_some_and(|a| utc(a) == utc(b))
}

#[actix_web::test]
async fn predicted_call_is_on_the_position_the_dispatch_rows_and_the_panels() {
    let app = TestApp::new();
    let (pairs, entries, _, exp) = yard(&app).await;
    // Little history: the configured pace, 30 minutes per appointment, one at a time, from
    // now (09:00, the attendance started).
    let expected = [
        "2026-03-02T12:00:00Z",
        "2026-03-02T12:30:00Z",
        "2026-03-02T13:00:00Z",
    ];
    for (p, want) in pairs.iter().zip(expected) {
        let v = position(&app, p.0).await;
        assert!(same_instant(&v["predictedCallAt"], want), "{v}");
        let (from, at, to) = (
            utc(v["predictedCallFrom"].as_str().unwrap()),
            utc(v["predictedCallAt"].as_str().unwrap()),
            utc(v["predictedCallTo"].as_str().unwrap()),
        );
        assert!(from <= at && at <= to && from >= now(&app), "{v}");
        // The slot forecast is kept beside it.
        assert!(v["forecast"].is_string(), "{v}");
    }

    // The dispatch queue, grouped by day.
    let days = exp
        .get(&format!("/api/queue/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    let rows: Vec<&Value> = days
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["queue"].as_array().unwrap())
        .collect();
    assert_eq!(rows.len(), 3, "{days}");
    for (row, want) in rows.iter().zip(expected) {
        assert!(same_instant(&row["predictedCallAt"], want), "{row}");
        assert!(row["predictedCallFrom"].is_string() && row["predictedCallTo"].is_string());
    }
    // The active list, the driver's panel and the public panel.
    let active = exp
        .get(&format!("/api/queue/active/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert!(
        same_instant(&active[1]["predictedCallAt"], expected[1]),
        "{active}"
    );
    let panel = app
        .driver_id(pairs[2].0, app.ids.demo)
        .await
        .get(&format!("/api/queue/active/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert!(
        same_instant(&panel[2]["predictedCallAt"], expected[2]),
        "{panel}"
    );
    let public = app
        .anonymous()
        .await
        .get("/api/public/panel?host=localhost:8080")
        .await
        .expect(StatusCode::OK);
    assert!(
        same_instant(&public["rows"][0]["predictedCallAt"], expected[0]),
        "{public}"
    );
    // One entry read.
    let one = exp
        .get(&format!("/api/queue/{}", entries[1]))
        .await
        .expect(StatusCode::OK);
    assert!(same_instant(&one["predictedCallAt"], expected[1]), "{one}");

    // The day ends when the last loading does: 10:30.
    let totals = exp
        .get(&format!("/api/queue/totals/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert!(
        same_instant(&totals["predictedEndAt"], "2026-03-02T13:30:00Z"),
        "{totals}"
    );

    // A driver out of the queue has none; after leaving, neither.
    let out = add_drivers(&app, app.ids.demo, 1, 2)[0];
    let v = position(&app, out.0).await;
    assert!(
        v["predictedCallAt"].is_null() && v["predictedCallFrom"].is_null(),
        "{v}"
    );

    // Another company's staff: 404, as for the rest of the read.
    let (s, _) = app
        .staff("outra@empresa.local")
        .await
        .get(&format!("/api/queue/position/driver/{}", pairs[0].0))
        .await
        .pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
}

/// The prediction is kept across joins for the vehicles it has (the opening rush): the calls
/// ahead stay, and the newcomer's call and the day's end are computed, not taken from it.
#[actix_web::test]
async fn a_join_keeps_the_calls_ahead_and_gives_the_newcomer_and_the_days_end_theirs() {
    let app = TestApp::new();
    let (pairs, _, _, exp) = yard(&app).await;
    let totals = format!("/api/queue/totals/company/{}", app.ids.demo);
    let ahead = [
        "2026-03-02T12:00:00Z",
        "2026-03-02T12:30:00Z",
        "2026-03-02T13:00:00Z",
    ];
    for (p, want) in pairs.iter().zip(ahead) {
        assert!(same_instant(
            &position(&app, p.0).await["predictedCallAt"],
            want
        ));
    }
    let before = exp.get(&totals).await.expect(StatusCode::OK);
    assert!(
        same_instant(&before["predictedEndAt"], "2026-03-02T13:30:00Z"),
        "{before}"
    );

    let newcomer = add_drivers(&app, app.ids.demo, 1, 2)[0];
    let body = json!({ "truck": { "id": newcomer.1 } });
    fixtures::join(&app, newcomer.0, app.ids.demo, body).await;

    for (p, want) in pairs.iter().zip(ahead) {
        assert!(same_instant(
            &position(&app, p.0).await["predictedCallAt"],
            want
        ));
    }
    let v = position(&app, newcomer.0).await;
    assert!(
        same_instant(&v["predictedCallAt"], "2026-03-02T13:30:00Z"),
        "{v}"
    );
    let after = exp.get(&totals).await.expect(StatusCode::OK);
    assert!(
        same_instant(&after["predictedEndAt"], "2026-03-02T14:00:00Z"),
        "{after}"
    );
    let rows = exp
        .get(&format!("/api/queue/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    let last = rows
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["queue"].as_array().unwrap())
        .last()
        .cloned();
    assert!(
        last.as_ref()
            .is_some_and(|r| same_instant(&r["predictedCallAt"], "2026-03-02T13:30:00Z")),
        "{rows}"
    );
}

#[actix_web::test]
async fn predicted_call_moves_when_a_loading_ends_faster_or_slower_than_predicted() {
    let app = TestApp::new();
    let (pairs, entries, loadings, exp) = yard(&app).await;
    let (b, c) = (pairs[1].0, pairs[2].0);
    exp.put(
        "/api/queue/start",
        json!({ "id": entries[0], "status": true }),
    )
    .await
    .expect(StatusCode::OK);
    // The first loads from 09:00, for 30 minutes as far as the yard knows.
    assert!(same_instant(
        &json!(predicted(&app, b).await),
        "2026-03-02T12:30:00Z"
    ));
    assert!(same_instant(
        &json!(predicted(&app, c).await),
        "2026-03-02T13:00:00Z"
    ));

    // Slower: at 09:50 it is still loading; the next call moves past 09:50 and the one
    // behind with it.
    at(&app, "2026-03-02T12:50:00Z");
    let slow_b = utc(&predicted(&app, b).await);
    let slow_c = utc(&predicted(&app, c).await);
    assert!(slow_b > utc("2026-03-02T12:50:00Z"), "{slow_b}");
    assert_eq!(slow_c - slow_b, chrono::Duration::minutes(30));

    // It ends at 09:50: the next is due now.
    exp.post(
        "/api/scheduling/close",
        json!({ "id": loadings[0], "status": true, "qtyTransported": 30.0 }),
    )
    .await
    .expect(StatusCode::OK);
    assert!(same_instant(
        &json!(predicted(&app, b).await),
        "2026-03-02T12:50:00Z"
    ));
    assert!(same_instant(
        &json!(predicted(&app, c).await),
        "2026-03-02T13:20:00Z"
    ));

    // Faster: the second starts at 09:50 and ends at 10:00, 20 minutes early; the third
    // moves from 10:20 to 10:00.
    exp.put(
        "/api/queue/start",
        json!({ "id": entries[1], "status": true }),
    )
    .await
    .expect(StatusCode::OK);
    assert!(same_instant(
        &json!(predicted(&app, c).await),
        "2026-03-02T13:20:00Z"
    ));
    at(&app, "2026-03-02T13:00:00Z");
    exp.post(
        "/api/scheduling/close",
        json!({ "id": loadings[1], "status": true, "qtyTransported": 30.0 }),
    )
    .await
    .expect(StatusCode::OK);
    assert!(same_instant(
        &json!(predicted(&app, c).await),
        "2026-03-02T13:00:00Z"
    ));
}

#[actix_web::test]
async fn predicted_call_follows_the_pace_the_yard_really_had() {
    let app = TestApp::new();
    let (pairs, entries, _, exp) = yard(&app).await;
    // Nine days of history: three loadings of 50 minutes a day, one after the other, with
    // the first pair's truck (an 'LS (MENOR 16 MT)', as all of them).
    let (driver, truck) = pairs[0];
    for day in 16..=24 {
        for k in 0..3 {
            app.sql(&format!(
                "INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at,
                        attended, expedition, attended_at, closed_at, date)
                 VALUES ({demo}, {driver}, {truck}, 'attended', '2026-02-{day}T09:00:00Z', TRUE,
                         '2026-02-{day}T10:00:00Z'::timestamptz + interval '{s} minutes',
                         '2026-02-{day}T10:00:00Z'::timestamptz + interval '{e} minutes',
                         '2026-02-{day}T10:00:00Z'::timestamptz + interval '{e} minutes',
                         '2026-02-{day}')",
                demo = app.ids.demo,
                s = k * 50,
                e = k * 50 + 50,
            ));
        }
    }
    // A loading event tells the reads to look again.
    exp.put(
        "/api/queue/start",
        json!({ "id": entries[0], "status": true }),
    )
    .await
    .expect(StatusCode::OK);
    // 50 minutes each, not the configured 30.
    assert!(same_instant(
        &json!(predicted(&app, pairs[1].0).await),
        "2026-03-02T12:50:00Z"
    ));
    assert!(same_instant(
        &json!(predicted(&app, pairs[2].0).await),
        "2026-03-02T13:40:00Z"
    ));
}

/// A yard whose least lead is 2 hours tells the drivers who join at 09:00 to come from 11:00
/// (their slots): the idle yard's prediction calls none of them sooner, on the phone or on the
/// dispatch row.
#[actix_web::test]
async fn a_yards_least_lead_keeps_the_predicted_call_from_coming_before_the_driver_was_told() {
    let app = TestApp::new();
    settings(&app, app.ids.demo, json!({ "hour_entry_Limit": 2 })).await;
    let (pairs, _, _, exp) = yard(&app).await;

    // 11:00 in São Paulo: the first slot, and the first prediction with its early end.
    let told = "2026-03-02T14:00:00Z";
    let first = position(&app, pairs[0].0).await;
    assert!(same_instant(&first["forecast"], told), "{first}");
    assert!(same_instant(&first["predictedCallAt"], told), "{first}");
    for p in &pairs {
        let v = position(&app, p.0).await;
        assert!(
            utc(v["predictedCallFrom"].as_str().unwrap()) >= utc(told),
            "{v}"
        );
    }
    let days = exp
        .get(&format!("/api/queue/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert!(
        same_instant(&days[0]["queue"][0]["predictedCallAt"], told),
        "{days}"
    );
}
