//! The carrier dashboard (`GET /api/dashboard`, spec 3 "Shipping-company dashboard" and
//! section 3 "Dashboard result"): figures from the queue's real history, each role's scope,
//! the range rules. Attended and missing entries are written directly: the dispatch calls
//! that close them belong to the expedition issue.

use crate::common;
use actix_web::http::StatusCode;
use chrono::{Duration, Utc};
use common::admin::*;
use common::*;
use serde_json::Value;

/// Yesterday in São Paulo (UTC-3 all year), `yyyy-mm-dd`.
fn days_ago(n: i64) -> String {
    (Utc::now() - Duration::hours(3) - Duration::days(n))
        .date_naive()
        .format("%Y-%m-%d")
        .to_string()
}

/// Yesterday's history of the demo company: the demo truck (no carrier) attended with a
/// 30 t loading, waiting 90 min and loading 30 min, started before its forecast; a carrier
/// truck attended late (waiting 60, loading 60) without a loading; the demo truck missing.
async fn history(app: &TestApp) -> i64 {
    let demo = app.ids.demo;
    let shipping = app.ids.shipping;
    let carrier_driver = fixtures::saved_carried_driver(
        app,
        demo,
        Some(shipping),
        "MOTORISTA TRANSP",
        "39053344705",
        "1988-03-10",
    );
    // A BITRUCK: 19 t net.
    let carrier_truck = fixtures::saved_carried_truck(
        app,
        demo,
        Some(shipping),
        Some(carrier_driver),
        "TRP1B23",
        "BITRUCK",
    );
    let truck = fixtures::demo_truck(app);
    let driver = app.ids.driver;
    let usuario = app.usuario_of(demo).await;
    let spec = fixtures::OrderSpec::new("PED-1", 100.0).customer(1, "Fazenda");
    let order = fixtures::order(&usuario, spec).await.id;
    let expiry = days_ago(-5);
    let scheduling = fixtures::loading(&usuario, order, truck, driver, 16.0, Some(&expiry)).await;
    // why: the 30 t weighed and the loading finished: only the end of the yard's flow writes
    // them.
    app.sql(&format!(
        "UPDATE schedulings SET qty_transported = 30, status = TRUE WHERE id = {scheduling}"
    ));
    // 'Yesterday 10:00' in São Paulo is 13:00 UTC.
    let base = format!(
        "('{}'::date + time '13:00') AT TIME ZONE 'UTC'",
        days_ago(1)
    );
    // why: yesterday's attended and missing entries at set times: only a past day of the yard
    // and the jobs make them.
    app.sql(&format!(
        "INSERT INTO queue_entries (company_id, driver_id, truck_id, scheduling_id, status, joined_at, forecast_at, expedition, attended, attended_at, closed_at)
         VALUES ({demo}, {driver}, {truck}, {scheduling}, 'attended', {base}, {base} + interval '100 minutes',
                 {base} + interval '90 minutes', TRUE, {base} + interval '120 minutes', {base} + interval '120 minutes'),
                ({demo}, {carrier_driver}, {carrier_truck}, NULL, 'attended', {base}, {base} + interval '30 minutes',
                 {base} + interval '60 minutes', TRUE, {base} + interval '120 minutes', {base} + interval '120 minutes'),
                ({demo}, {driver}, {truck}, NULL, 'faulty', {base} + interval '1 hour', {base} + interval '3 hours',
                 NULL, FALSE, NULL, {base} + interval '5 hours');"
    ));
    carrier_truck
}

fn path(extra: &str) -> String {
    format!(
        "/api/dashboard?startDate={}&endDate={}{extra}",
        days_ago(1),
        days_ago(0)
    )
}

fn n(v: &Value, k: &str) -> f64 {
    v[k].as_f64().unwrap_or_else(|| panic!("{k} in {v}"))
}

#[actix_rt::test]
async fn a_usuario_reads_the_company_figures_from_the_queue_history() {
    let app = TestApp::new();
    history(&app).await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let d = usuario.get(&path("")).await.expect(StatusCode::OK);
    // Waiting 90 and 60 min, loading 30 and 60, whole flow 120 and 120.
    assert_eq!(d["awaitingLoadAvg"], "01:15", "{d}");
    assert_eq!(d["loadingTimeAvg"], "00:45");
    assert_eq!(d["queueFullFlowTimeAvg"], "02:00");
    assert_eq!(n(&d, "totalTransportedAmount"), 30.0);
    assert_eq!((n(&d, "attendedTotal"), n(&d, "missingTotal")), (2.0, 1.0));
    assert_eq!(
        (
            n(&d, "attendedQueuesBeforeExpected"),
            n(&d, "attendedQueuesAfterExpected")
        ),
        (1.0, 1.0)
    );
    assert_eq!(d["moreEntryQueueHour"], "10:00");
    assert_eq!(d["moreAttendanceQueueHour"], "12:00");
    assert_eq!(d["biggerTotalTransportedDate"], days_ago(1));
    assert_eq!(d["perDay"].as_array().unwrap().len(), 2);
    assert_eq!(d["perDay"][0]["attended"], 2);
    // Two days in the range: 3 entries, 1.5 a day.
    assert_eq!(n(&d, "queueAvg"), 1.5);
}

#[actix_rt::test]
async fn a_transportadora_reads_only_its_own_vehicles() {
    let app = TestApp::new();
    history(&app).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let d = transp.get(&path("")).await.expect(StatusCode::OK);
    assert_eq!(
        (n(&d, "attendedTotal"), n(&d, "missingTotal")),
        (1.0, 0.0),
        "{d}"
    );
    assert_eq!(d["awaitingLoadAvg"], "01:00");
    assert_eq!(n(&d, "totalTransportedAmount"), 0.0);
    // Another company is not its own.
    transp
        .get(&path(&format!("&companyId={}", app.ids.other)))
        .await
        .expect(StatusCode::NOT_FOUND);
}

#[actix_rt::test]
async fn roles_companies_and_the_range_decide_who_reads_what() {
    let app = TestApp::new();
    history(&app).await;
    let anon = app.anonymous().await;
    for email in [EXPEDICAO] {
        let cookie = anon.sign_in(email).await;
        cookie.get(&path("")).await.expect(StatusCode::FORBIDDEN);
    }
    let usuario = app.usuario_of(app.ids.demo).await;
    usuario
        .get(&path(&format!("&companyId={}", app.ids.other)))
        .await
        .expect(StatusCode::NOT_FOUND);
    // The root administrator reads any company, and all of them by default.
    let admin = app.admin().await;
    let other = admin
        .get(&path(&format!("&companyId={}", app.ids.other)))
        .await
        .expect(StatusCode::OK);
    assert_eq!(n(&other, "attendedTotal"), 0.0);
    let all = admin.get(&path("")).await.expect(StatusCode::OK);
    assert_eq!(n(&all, "attendedTotal"), 2.0);
    admin
        .get(&path("&companyId=987654"))
        .await
        .expect(StatusCode::NOT_FOUND);
    // 'to' may not be after today nor before 'from'.
    let tomorrow = (Utc::now() - Duration::hours(3) + Duration::days(1))
        .date_naive()
        .to_string();
    let body = usuario
        .get(&format!("/api/dashboard?endDate={tomorrow}"))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["endDate"],
        "A data final não pode ser posterior a hoje!"
    );
    let body = usuario
        .get(&format!(
            "/api/dashboard?startDate={}&endDate={}",
            days_ago(0),
            days_ago(1)
        ))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["endDate"],
        "A data final não pode ser anterior à data inicial!"
    );
    // Without a session: 401.
    let (status, _, _) = anon.get(&path("")).await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
