//! The public company map (/maps, spec 3 section 2 "Driver app"): `GET /api/company/host`
//! gives the host company's map embed (`googleMaps` of its settings) with no sign-in, so the
//! map page needs no session. Each company's host gives its own map; a blank setting is none.

use crate::common;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::*;

fn get(uri: &str) -> TestRequest {
    TestRequest::get().uri(uri)
}

const DEMO_MAP: &str = "https://www.google.com/maps/embed?pb=demo";
const OTHER_MAP: &str = "https://www.google.com/maps/embed?pb=outra";

#[actix_rt::test]
async fn the_host_company_gives_its_own_map_without_a_session() {
    let app = TestApp::new();
    let anon = app.anonymous().await;

    // No map set: null.
    let (status, body, _) = anon
        .send(get("/api/company/host?host=localhost"))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["googleMaps"].is_null(), "{body}");

    for (company, map) in [(app.ids.demo, DEMO_MAP), (app.ids.other, OTHER_MAP)] {
        fixtures::settings_saved(&app, company, serde_json::json!({ "googleMaps": map })).await;
    }
    let (status, body, _) = anon
        .send(get("/api/company/host?host=127.0.0.1"))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["id"], app.ids.demo);
    assert_eq!(body["googleMaps"], DEMO_MAP);
    let (_, body, _) = anon
        .send(get("/api/company/host?host=outra.local"))
        .await
        .parts();
    assert_eq!(body["id"], app.ids.other);
    assert_eq!(body["googleMaps"], OTHER_MAP);

    // A blank setting is no map.
    // why: a blank value as legacy rows hold it; the settings form stores none instead.
    app.sql(&format!(
        "UPDATE settings SET google_maps = '   ' WHERE company_id = {}",
        app.ids.demo
    ));
    let (_, body, _) = anon
        .send(get("/api/company/host?host=localhost"))
        .await
        .parts();
    assert!(body["googleMaps"].is_null(), "{body}");

    // Nothing else of the settings leaks: the host answer keeps its fields.
    let mut keys: Vec<String> = body.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "enableRecaptcha",
            "googleMaps",
            "id",
            "logo",
            "name",
            "recaptchaSite"
        ]
    );

    // An unknown host: 404, no map.
    let (status, body, _) = anon
        .send(get("/api/company/host?host=ninguem.example"))
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "not_found");
}
