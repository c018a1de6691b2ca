//! The public expedition panel (issue 13, spec 3 section 2 "Public expedition panel"):
//! `GET /api/public/panel?host=` without a sign-in, and its socket (`/api/ws?host=`), which
//! hears that the queue changed but never who was called to the yard.

use crate::{common, queue_common, ws_common};
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use common::*;
use patio_application::queue::ports::{DomainEvent, EventSink};
use queue_common::*;
use ws_common::*;

#[actix_rt::test]
async fn the_public_panel_of_a_host_shows_its_company_and_plates_but_no_names() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let (d, t) = add_drivers(&app, app.ids.demo, 1, 5)[0];
    join_freelancer(&app.state.services.queue, app.ids.demo, d, t).unwrap();
    let plate = app.scalar_text(&format!(
        "SELECT license_plate AS v FROM trucks WHERE id = {t}"
    ));
    let anon = app.anonymous().await;

    // No cookie: anyone at the yard's screen. The port does not matter.
    let (status, body, _) = anon
        .get("/api/public/panel?host=localhost:8080")
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["company"]["name"], "Demo Agro");
    let rows = body["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["licensePlate"], plate);
    assert_eq!(rows[0]["position"], 1);
    assert_eq!(rows[0]["isActive"], false);
    assert!(body["now"].is_string());
    assert!(
        !body.to_string().contains("MOTORISTA"),
        "no driver's name on a public screen: {body}"
    );

    let (status, _, _) = anon
        .get("/api/public/panel?host=nowhere.example.com")
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = anon.get("/api/public/panel").await.parts();
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[test]
fn an_anonymous_socket_of_a_host_hears_queue_changes_but_not_calls() {
    let app = TestApp::new();
    open_for_freelancers_blocking(&app);
    at(&app, MONDAY_0900);
    let _listener = listen(&app);
    let addr = serve(app.state.clone());
    let (d, t) = add_drivers(&app, app.ids.demo, 1, 6)[0];

    assert_eq!(
        open(addr, None, "?host=nowhere.example.com").err(),
        Some(404)
    );
    let mut public = open(addr, None, "?host=localhost").unwrap();
    let mut staff = open(
        addr,
        Some(&bearer(&app, &staff(&app, "usuario@patio.local"))),
        "",
    )
    .unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while app.state.hub.room_size(app.ids.demo) < 2 {
        assert!(Instant::now() < until, "sockets never joined");
        std::thread::sleep(Duration::from_millis(10));
    }

    join_freelancer(&app.state.services.queue, app.ids.demo, d, t).unwrap();
    let changed = format!(r#"{{"event":"queueChanged","companyId":{}}}"#, app.ids.demo);
    assert_eq!(
        next_text(&mut public, Duration::from_secs(10)),
        Some(changed.clone())
    );
    assert_eq!(
        next_text(&mut staff, Duration::from_secs(10)),
        Some(changed)
    );

    app.state.hub.event(&DomainEvent::CheckInCall {
        company_id: app.ids.demo,
        checkin_id: 1,
        queue_id: 1,
        driver_id: d,
        driver_name: "MOTORISTA 1".to_owned(),
        license_plate: "T000001".to_owned(),
        called_at: chrono::Utc::now(),
        shipping_company_ids: Vec::new(),
    });
    let call = next_text(&mut staff, Duration::from_secs(10)).unwrap();
    assert!(call.contains("checkInCallResponse"), "{call}");
    // The staff socket has it, so the hub has sent it to everyone it was for.
    assert_eq!(next_text(&mut public, Duration::from_millis(300)), None);
}
