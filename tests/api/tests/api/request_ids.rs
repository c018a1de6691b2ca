//! `X-Request-Id` (issue 27 item 2): every answer carries one; a trusted proxy's is kept, a
//! client's own is not (it could make its log lines pass for another request's).

use crate::common;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use patio_http::HttpConfig;

use common::TestApp;

fn is_uuid_v4(id: &str) -> bool {
    let parts: Vec<&str> = id.split('-').collect();
    parts.iter().map(|p| p.len()).collect::<Vec<_>>() == [8, 4, 4, 4, 12]
        && id.chars().all(|c| c == '-' || c.is_ascii_hexdigit())
        && parts[2].starts_with('4')
}

#[actix_web::test]
async fn every_answer_carries_a_request_id_made_here_unless_a_trusted_proxy_sent_one() {
    let app = TestApp::new();
    let client = app.anonymous().await;

    // Made here: on a success, an error, an unmatched path; never the same twice.
    let health = client.get("/api/health").await;
    assert_eq!(health.status, StatusCode::OK);
    let first = health.header("x-request-id").unwrap();
    assert!(is_uuid_v4(&first), "{first}");
    let unauthorized = client.get("/api/queue/position/driver/1").await;
    assert_eq!(unauthorized.status, StatusCode::UNAUTHORIZED);
    let second = unauthorized.header("x-request-id").unwrap();
    assert!(is_uuid_v4(&second) && second != first);
    let missing = client.get("/em-lugar-nenhum").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(is_uuid_v4(&missing.header("x-request-id").unwrap()));

    // A client's own id is not believed.
    let forged = client
        .send(
            TestRequest::get()
                .uri("/api/health")
                .insert_header(("X-Request-Id", "forjado-1")),
        )
        .await;
    let id = forged.header("x-request-id").unwrap();
    assert_ne!(id, "forjado-1");
    assert!(is_uuid_v4(&id));

    // Behind a trusted proxy: its id is kept (the balancer's and our lines match), unless it
    // is not a plain token.
    let state = app.state_with_http(HttpConfig {
        trusted_proxies: vec!["10.0.0.5".parse().unwrap()],
        ..HttpConfig::default()
    });
    let proxy = app.on(state).anonymous().await.calling_from("10.0.0.5");
    let kept = proxy
        .send(
            TestRequest::get()
                .uri("/api/queue/position/driver/1")
                .insert_header(("X-Request-Id", "lb-7f3a:42")),
        )
        .await;
    assert_eq!(kept.status, StatusCode::UNAUTHORIZED);
    assert_eq!(kept.header("x-request-id").as_deref(), Some("lb-7f3a:42"));
    let odd = proxy
        .send(
            TestRequest::get()
                .uri("/api/health")
                .insert_header(("X-Request-Id", "dois ids")),
        )
        .await;
    assert!(is_uuid_v4(&odd.header("x-request-id").unwrap()));
    let untrusted = proxy
        .clone()
        .calling_from("10.0.0.6")
        .send(
            TestRequest::get()
                .uri("/api/health")
                .insert_header(("X-Request-Id", "lb-7f3a:43")),
        )
        .await;
    assert_ne!(
        untrusted.header("x-request-id").as_deref(),
        Some("lb-7f3a:43")
    );
}
