//! `GET /metrics` (issue 27 item 1): what an operator's Prometheus scrapes, by route template,
//! and only from loopback, `PATIO_METRICS_ALLOW` or through a trusted proxy for them.
//!
//! The exporter is one per process (the `metrics` facade), shared by every test of this
//! binary: counters are compared before and after, by at least what this test did.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use patio_http::HttpConfig;
use serde_json::json;

use common::{staff_login_body, Client, TestApp};
use queue_common::*;

const POSITION_ROUTE: &str = r#"route="/api/queue/position/driver/{driverId}""#;

/// The sum of the samples of `name` whose label set holds every `key="value"` of `labels`.
fn sample(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter(|l| l.starts_with(&format!("{name}{{")) || l.starts_with(&format!("{name} ")))
        .filter(|l| labels.iter().all(|pair| l.contains(pair)))
        .map(|l| {
            l.rsplit(' ')
                .next()
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or_else(|| panic!("no value in {l}"))
        })
        .sum()
}

fn has_series(text: &str, name: &str, labels: &[&str]) -> bool {
    text.lines().any(|l| {
        (l.starts_with(&format!("{name}{{")) || l.starts_with(&format!("{name} ")))
            && labels.iter().all(|pair| l.contains(pair))
    })
}

async fn scrape(from: &Client) -> String {
    let res = from.get("/metrics").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert_eq!(
        res.header("content-type").as_deref(),
        Some(patio_http::observe::PROMETHEUS_CONTENT_TYPE)
    );
    String::from_utf8(res.bytes).unwrap()
}

#[actix_web::test]
async fn metrics_count_requests_by_route_template_joins_jobs_throttle_and_read_the_gauges() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let local = app.anonymous().await.calling_from("127.0.0.1");
    let before = scrape(&local).await;

    // Three position reads without a session, each its own driver id and query string.
    let anon = app.anonymous().await;
    for n in 0..3 {
        anon.get(&format!(
            "/api/queue/position/driver/98765{n}?token=segredo{n}"
        ))
        .await
        .expect(StatusCode::UNAUTHORIZED);
    }
    anon.get("/api/nada/aqui-7f3a")
        .await
        .expect(StatusCode::NOT_FOUND);
    // A join that enters, and the same driver again: refused by the queue's rules.
    let me = app.driver_id(app.ids.driver, app.ids.demo).await;
    let truck = json!({ "truck": { "id": demo_truck(&app) } });
    me.post("/api/queue/save", truck.clone())
        .await
        .expect(StatusCode::CREATED);
    me.post("/api/queue/save", truck).await.expect_message(
        StatusCode::CONFLICT,
        "Você já possui um agendamento na fila",
    );
    // Five wrong passwords, then the account is throttled.
    for _ in 0..5 {
        anon.post(
            "/api/auth/login",
            staff_login_body("usuario@patio.local", "errada", None, "staff"),
        )
        .await
        .expect(StatusCode::UNAUTHORIZED);
    }
    anon.post(
        "/api/auth/login",
        staff_login_body("usuario@patio.local", "errada", None, "staff"),
    )
    .await
    .expect(StatusCode::TOO_MANY_REQUESTS);
    // The background jobs, once.
    let services = app.state.services.clone();
    actix_web::web::block(move || {
        patio::run_all_jobs(
            &services,
            &patio_domain::retention::RetentionPolicy::default(),
        )
    })
    .await
    .unwrap();
    // Two mails waiting for a retry, the oldest for ten minutes; one given up (not pending).
    app.sql(
        "INSERT INTO outbox (kind, recipient, recipient_name, subject, text_body, html_body, status, attempts, created_at)
         VALUES ('order', 'a@x.local', 'A', 's', 't', 'h', 'failed', 1, now() - interval '10 minutes'),
                ('order', 'b@x.local', 'B', 's', 't', 'h', 'pending', 0, now()),
                ('order', 'c@x.local', 'C', 's', 't', 'h', 'failed', 3, now() - interval '1 day')",
    );
    // One connection of the instance's pool held while scraping.
    let held = app.db.pool().get().unwrap();
    let after = scrape(&local).await;
    drop(held);
    let moved =
        |name: &str, labels: &[&str]| sample(&after, name, labels) - sample(&before, name, labels);

    // Requests by method, route template and status; never the raw path or the query.
    assert!(
        moved(
            "patio_http_requests_total",
            &[r#"method="GET""#, POSITION_ROUTE, r#"status="401""#]
        ) >= 3.0,
        "{after}"
    );
    assert!(
        moved(
            "patio_http_request_duration_seconds_count",
            &[r#"method="GET""#, POSITION_ROUTE]
        ) >= 3.0
    );
    assert!(has_series(
        &after,
        "patio_http_request_duration_seconds_bucket",
        &[POSITION_ROUTE, r#"le="0.1""#]
    ));
    assert!(
        moved(
            "patio_http_requests_total",
            &[r#"route="/api/queue/save""#, r#"status="201""#]
        ) >= 1.0
    );
    assert!(
        moved(
            "patio_http_requests_total",
            &[r#"route="unmatched""#, r#"status="404""#]
        ) >= 1.0,
        "{after}"
    );
    for raw in ["98765", "segredo", "nada/aqui"] {
        assert!(!after.contains(raw), "{raw} leaked into the labels");
    }

    // Joins by outcome, jobs by job and outcome, throttled sign-ins.
    assert!(moved("patio_queue_joins_total", &[r#"outcome="entered""#]) >= 1.0);
    assert!(moved("patio_queue_joins_total", &[r#"outcome="refused""#]) >= 1.0);
    for job in [
        "tolerance",
        "refresh",
        "expiry",
        "daily_report",
        "mail_retry",
    ] {
        assert!(
            moved("patio_jobs_runs_total", &[&format!(r#"job="{job}""#)]) >= 1.0,
            "{job}: {after}"
        );
    }
    assert!(
        moved(
            "patio_jobs_runs_total",
            &[r#"job="tolerance""#, r#"outcome="ran""#]
        ) >= 1.0
    );
    assert!(moved("patio_login_throttled_total", &[]) >= 1.0);

    // The gauges, read at the scrape: this instance's pool (one connection held), its
    // sockets, the outbox of its database.
    assert_eq!(
        sample(&after, "patio_db_pool_connections", &[r#"state="in_use""#]),
        1.0
    );
    assert!(has_series(
        &after,
        "patio_db_pool_connections",
        &[r#"state="idle""#]
    ));
    assert!(sample(&after, "patio_db_pool_max_connections", &[]) >= 1.0);
    assert!(moved("patio_db_checkout_seconds_count", &[]) >= 1.0);
    assert!(has_series(&after, "patio_ws_connections", &[]));
    assert_eq!(sample(&after, "patio_outbox_pending", &[]), 2.0);
    let oldest = sample(&after, "patio_outbox_oldest_pending_seconds", &[]);
    assert!((600.0..3600.0).contains(&oldest), "{oldest}");
}

#[actix_web::test]
async fn metrics_answer_only_loopback_the_allow_list_and_trusted_proxies_for_them() {
    let app = TestApp::new();
    let refused = |res: common::Res| {
        res.expect_message(StatusCode::FORBIDDEN, "Você não tem permissão de acesso!");
    };
    // As deployed with no settings: loopback only.
    let plain = app.anonymous().await;
    refused(plain.get("/metrics").await);
    let spoofed = plain
        .send(
            TestRequest::get()
                .uri("/metrics")
                .insert_header(("X-Forwarded-For", "127.0.0.1")),
        )
        .await;
    refused(spoofed);
    assert_eq!(
        plain
            .clone()
            .calling_from("127.0.0.1")
            .get("/metrics")
            .await
            .status,
        StatusCode::OK
    );

    // Behind a trusted proxy: the client it names counts, not the proxy; the allow list takes
    // addresses and blocks.
    let state = app.state_with_http(HttpConfig {
        trusted_proxies: vec!["10.0.0.5".parse().unwrap()],
        metrics_allow: vec!["192.0.2.0/24".parse().unwrap()],
        ..HttpConfig::default()
    });
    let proxy = app.on(state).anonymous().await.calling_from("10.0.0.5");
    let via = |client: &str| {
        TestRequest::get()
            .uri("/metrics")
            .insert_header(("X-Forwarded-For", client.to_owned()))
    };
    refused(proxy.send(via("203.0.113.9")).await);
    assert_eq!(proxy.send(via("192.0.2.44")).await.status, StatusCode::OK);
    assert_eq!(proxy.send(via("127.0.0.1")).await.status, StatusCode::OK);
    let allowed_directly = proxy
        .clone()
        .calling_from("192.0.2.7")
        .get("/metrics")
        .await;
    assert_eq!(allowed_directly.status, StatusCode::OK);
    refused(
        proxy
            .clone()
            .calling_from("198.51.100.1")
            .get("/metrics")
            .await,
    );
    // The refusal is counted like any answer.
    let text = String::from_utf8(proxy.send(via("192.0.2.44")).await.bytes).unwrap();
    assert!(
        sample(
            &text,
            "patio_http_requests_total",
            &[r#"route="/metrics""#, r#"status="403""#]
        ) >= 4.0,
        "{text}"
    );
}
