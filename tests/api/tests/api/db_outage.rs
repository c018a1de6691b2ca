//! Issue 9 item 6: with the database down, requests are answered at once with 503 and a
//! pt-BR message; what lives in memory (remembered positions and sessions, `/api/health`)
//! keeps being served, `/api/ready` says 503, and the product recovers when the database
//! returns. The outage is real: the test's database refuses connections and its sessions
//! are terminated.

use crate::{common, queue_common};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use diesel::{Connection, PgConnection, RunQueryDsl};
use patio_application::queue::position_cache::{PositionCache, DEFAULT_TTL};
use patio_domain::auth::Actor;
use patio_domain::roles::SessionKind;

use common::TestApp;
use queue_common::*;

const UNAVAILABLE: &str = "Sistema temporariamente indisponível. Tente novamente em instantes.";

fn admin_sql(sql: &str) {
    let mut admin = PgConnection::establish(&patio_postgres::testkit::admin_url()).unwrap();
    diesel::sql_query(sql).execute(&mut admin).unwrap();
}

fn take_database_down(app: &TestApp) {
    let name = app.db.name();
    admin_sql(&format!(
        r#"ALTER DATABASE "{name}" ALLOW_CONNECTIONS false"#
    ));
    admin_sql(&format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    ));
}

fn bring_database_back(app: &TestApp) {
    let name = app.db.name();
    admin_sql(&format!(
        r#"ALTER DATABASE "{name}" ALLOW_CONNECTIONS true"#
    ));
}

fn driver_cookie(app: &TestApp, driver: i64) -> String {
    let token = app
        .state
        .tokens
        .issue_session(&Actor {
            kind: SessionKind::Driver,
            id: driver,
            role: None,
            company_id: Some(app.ids.demo),
            shipping_company_id: None,
            is_root: false,
            issued_at: None,
        })
        .unwrap();
    format!("patio_driver={token}")
}

#[actix_rt::test]
async fn with_the_database_down_requests_fail_fast_with_503_and_memory_keeps_serving() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let (d, t) = add_drivers(&app, app.ids.demo, 1, 1)[0];
    join_freelancer(&app.state.services.queue, app.ids.demo, d, t).unwrap();
    let reader = patio_postgres::PgDirectReader::connect(app.db.url(), 2).unwrap();
    let cache = Arc::new(PositionCache::new(Arc::new(reader), DEFAULT_TTL));
    let wiring = app.on(app.instance_as_served(cache.clone()));
    let anon = wiring.anonymous().await;
    let _listener =
        patio_postgres::EventListener::spawn(app.db.url().to_owned(), cache.clone()).unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while !cache.is_live() {
        assert!(Instant::now() < until, "the event stream did not connect");
        std::thread::sleep(Duration::from_millis(20));
    }
    let driver = driver_cookie(&app, d);
    let position = format!("/api/queue/position/driver/{d}");
    let read_position = || {
        TestRequest::get()
            .uri(&position)
            .insert_header(("Cookie", driver.as_str()))
    };
    // Warm: the session and the position are remembered.
    let (status, before, _) = anon.send(read_position()).await.parts();
    assert_eq!(status, StatusCode::OK, "{before}");
    assert_eq!(before["position"], 1);

    take_database_down(&app);

    // A read that needs the database: 503 with the message, without the old 5 s wait
    // (the bound is generous: it tells "fails fast" from "waits for the connect timeout").
    let started = Instant::now();
    let (status, body, _) = anon
        .get("/api/company/host?host=outage.example")
        .await
        .parts();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["code"], "unavailable");
    assert_eq!(body["message"], UNAVAILABLE);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "answered after {:?}",
        started.elapsed()
    );
    // A write, too: nothing is half done, the caller is told to retry.
    let (status, body, _) = anon
        .post(
            "/api/auth/login",
            common::staff_login_body(common::admin::USUARIO, "x", None, "staff"),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    // Memory keeps serving: the remembered position, and the process's health.
    let (status, during, _) = anon.send(read_position()).await.parts();
    assert_eq!(status, StatusCode::OK, "{during}");
    assert_eq!(during["position"], before["position"]);
    let (status, _, _) = anon.get("/api/health").await.parts();
    assert_eq!(status, StatusCode::OK);
    let (status, body, _) = anon.get("/api/ready").await.parts();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");

    bring_database_back(&app);
    let (status, body, _) = anon
        .get("/api/company/host?host=outage.example")
        .await
        .parts();
    assert_ne!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        status.is_success() || status == StatusCode::NOT_FOUND,
        "{status} {body}"
    );
}
