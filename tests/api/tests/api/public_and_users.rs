//! The login pages' public reads, user reads with tenant isolation, terms acceptance, ops.

use crate::common;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::*;
use serde_json::json;

fn get(uri: &str) -> TestRequest {
    TestRequest::get().uri(uri)
}

fn with_cookie(req: TestRequest, cookie: &str) -> TestRequest {
    req.insert_header(("Cookie", cookie.to_owned()))
}

#[actix_rt::test]
async fn company_is_resolved_from_the_host_without_port_or_case() {
    let app = TestApp::new();
    let svc = app.service().await;
    for host in ["localhost", "LOCALHOST:8080", "127.0.0.1"] {
        let (status, body, _) = send(&svc, get(&format!("/api/company/host?host={host}"))).await;
        assert_eq!(status, StatusCode::OK, "{host}");
        assert_eq!(body["id"], app.ids.demo);
        assert_eq!(body["name"], "Demo Agro");
        assert_eq!(body["enableRecaptcha"], false);
    }
    let (status, body, _) = send(&svc, get("/api/company/host?host=outra.local")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["id"], app.ids.other);
    let (status, body, _) = send(&svc, get("/api/company/host?host=ninguem.example")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "not_found");
    // An inactive company serves no host.
    app.sql(&format!(
        "UPDATE companies SET status = FALSE WHERE id = {}",
        app.ids.other
    ));
    assert_eq!(
        send(&svc, get("/api/company/host?host=outra.local"))
            .await
            .0,
        StatusCode::NOT_FOUND
    );
}

#[actix_rt::test]
async fn public_company_list_has_only_id_name_and_logo_of_active_companies() {
    let app = TestApp::new();
    app.sql(&format!(
        "UPDATE companies SET status = FALSE WHERE id = {}",
        app.ids.other
    ));
    let svc = app.service().await;
    let (status, body, _) = send(&svc, get("/api/company/public")).await;
    assert_eq!(status, StatusCode::OK);
    let list = body.as_array().unwrap();
    assert_eq!(list.len(), 1);
    let keys: Vec<&String> = list[0].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["id", "logo", "name"]);
}

#[actix_rt::test]
async fn operating_data_and_attendance_of_today() {
    let app = TestApp::new();
    let svc = app.service().await;
    let (status, body, _) = send(
        &svc,
        get(&format!("/api/settings/operating-data/{}", app.ids.demo)),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["start"], "07:00");
    assert_eq!(body["end"], "17:00");
    assert_eq!(
        body["weekDays"],
        json!([false, true, true, true, true, true, true])
    );
    assert_eq!(body["programmedTotal"], 40);
    assert!(
        body.get("checkinIp").is_none(),
        "check-in addresses are not public"
    );

    let uri = format!("/api/attendances/today/company/{}", app.ids.demo);
    let (status, body, _) = send(&svc, get(&uri)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.is_null(), "no attendance yet: {body}");
    // Today is the company's day (São Paulo), not the server's UTC day.
    let today = app
        .clock
        .0
        .lock()
        .unwrap()
        .with_timezone(&chrono_tz_sp())
        .date_naive();
    app.sql(&format!(
        "INSERT INTO attendances (company_id, day, status) VALUES ({}, '{today}', TRUE)",
        app.ids.demo
    ));
    let (_, body, _) = send(&svc, get(&uri)).await;
    assert_eq!(body["status"], true);
    assert_eq!(
        send(&svc, get("/api/attendances/today/company/999999"))
            .await
            .0,
        StatusCode::NOT_FOUND
    );
}

fn chrono_tz_sp() -> chrono::FixedOffset {
    // São Paulo has had no daylight saving since 2019.
    chrono::FixedOffset::west_opt(3 * 3600).unwrap()
}

#[actix_rt::test]
async fn active_term_is_public_and_null_without_one() {
    let app = TestApp::new();
    let svc = app.service().await;
    let uri = format!("/api/useTerm/user/company/{}", app.ids.demo);
    assert!(send(&svc, get(&uri)).await.1.is_null());
    app.sql(&format!(
        "INSERT INTO use_terms (company_id, title, content, active) VALUES ({}, 'Termos', '<p>Texto</p>', TRUE)",
        app.ids.demo
    ));
    let (status, body, _) = send(&svc, get(&uri)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["title"], "Termos");
    assert_eq!(body["content"], "<p>Texto</p>");
    assert!(body["updatedAt"].as_str().is_some());
}

#[actix_rt::test]
async fn get_user_answers_by_role_and_tenant() {
    let app = TestApp::new();
    let svc = app.service().await;
    let uri = |id: i64| format!("/api/users/{id}");
    assert_eq!(
        send(&svc, get(&uri(app.ids.usuario))).await.0,
        StatusCode::UNAUTHORIZED
    );

    let admin = staff_cookie(&svc, "admin@patio.local", "staff").await;
    let (status, body, _) = send(&svc, with_cookie(get(&uri(app.ids.other_user)), &admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["email"], "outra@empresa.local");
    assert!(body.get("password").is_none() && body.get("passwordHash").is_none());
    assert_eq!(body["company"]["id"], app.ids.other);

    let usuario = staff_cookie(&svc, "usuario@patio.local", "staff").await;
    let (status, body, _) = send(&svc, with_cookie(get(&uri(app.ids.expedicao)), &usuario)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["role"], "Expedicao");
    // Another company's user is not found, not forbidden.
    let (status, body, _) = send(&svc, with_cookie(get(&uri(app.ids.other_user)), &usuario)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "not_found");

    let transp = staff_cookie(&svc, "transp@patio.local", "staff").await;
    let (status, body, _) = send(&svc, with_cookie(get(&uri(app.ids.transp)), &transp)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["shippingCompany"]["name"], "Transportadora Demo");
    assert_eq!(
        send(&svc, with_cookie(get(&uri(app.ids.usuario)), &transp))
            .await
            .0,
        StatusCode::NOT_FOUND
    );

    let (_, _, cookies) = send(
        &svc,
        TestRequest::post()
            .uri("/api/auth/app/login")
            .set_json(driver_login_body(DEMO_CPF, app.ids.demo, "1990-01-15")),
    )
    .await;
    let driver = cookie_pair(&cookies, "patio_driver");
    assert_eq!(
        send(&svc, with_cookie(get(&uri(app.ids.usuario)), &driver))
            .await
            .0,
        StatusCode::FORBIDDEN
    );
}

fn add_term(app: &TestApp) -> i64 {
    app.sql(&format!(
        "INSERT INTO use_terms (company_id, title, content, active) VALUES ({}, 'Termos', '<p>Texto</p>', TRUE)",
        app.ids.demo
    ));
    app.scalar_i64("SELECT id AS v FROM use_terms")
}

#[actix_rt::test]
async fn transportadora_accepts_the_terms_and_is_not_asked_again() {
    let app = TestApp::new();
    let term = add_term(&app);
    app.sql("UPDATE users SET use_terms = FALSE WHERE email = 'transp@patio.local'");
    let svc = app.service().await;
    let (_, body, cookies) = send(
        &svc,
        TestRequest::post()
            .uri("/api/auth/login")
            .set_json(staff_login_body(
                "transp@patio.local",
                PASSWORD,
                None,
                "staff",
            )),
    )
    .await;
    assert_eq!(body["mustApproveTerms"], true);
    let cookie = cookie_pair(&cookies, "patio_staff");

    let accept = |user: i64| {
        with_cookie(
            TestRequest::post().uri("/api/useTerm/authorization/save").set_json(json!({
                "hasWhats": true, "hasSMS": false, "hasEmail": true,
                "user": { "id": user }, "driver": null, "useTerm": { "id": term }, "contact": [],
            })),
            &cookie,
        )
    };
    // Accepting in someone else's name is not possible.
    assert_eq!(
        send(&svc, accept(app.ids.usuario)).await.0,
        StatusCode::NOT_FOUND
    );
    let (status, body, _) = send(&svc, accept(app.ids.transp)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["redirect"], "/expedicao/transportadora");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM contact_authorizations WHERE user_id = {} AND has_whats AND has_email AND NOT has_sms",
            app.ids.transp
        )),
        1
    );
    let (_, session, _) = send(&svc, with_cookie(get("/api/auth/session"), &cookie)).await;
    assert_eq!(session["useTerms"], true);
    assert_eq!(session["mustApproveTerms"], false);
}

#[actix_rt::test]
async fn driver_must_leave_name_phone_and_email_to_accept() {
    let app = TestApp::new();
    let term = add_term(&app);
    app.sql("UPDATE drivers SET use_terms = FALSE");
    let svc = app.service().await;
    let (_, body, cookies) = send(
        &svc,
        TestRequest::post()
            .uri("/api/auth/app/login")
            .set_json(driver_login_body(DEMO_CPF, app.ids.demo, "1990-01-15")),
    )
    .await;
    assert_eq!(body["mustApproveTerms"], true);
    let cookie = cookie_pair(&cookies, "patio_driver");
    let accept = |contact: serde_json::Value| {
        with_cookie(
            TestRequest::post().uri("/api/useTerm/authorization/save").set_json(json!({
                "hasWhats": false, "hasSMS": true, "hasEmail": false,
                "driver": { "id": app.ids.driver }, "useTerm": { "id": term }, "contact": contact,
            })),
            &cookie,
        )
    };
    for contact in [
        json!([]),
        json!([{ "name": "João", "fone": "", "email": "j@x.com" }]),
    ] {
        let (status, body, _) = send(&svc, accept(contact)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["message"], "Preencha todos os campos!");
    }
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM contact_authorizations"),
        0
    );

    let (status, body, _) = send(
        &svc,
        accept(json!([{ "name": "João", "fone": "(66) 9 8888-7777", "email": "joao@x.com" }])),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["redirect"], "/");
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT fone AS v FROM contacts WHERE driver_id = {}",
            app.ids.driver
        )),
        "(66) 9 8888-7777"
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT use_terms::int::bigint AS v FROM drivers WHERE id = {}",
            app.ids.driver
        )),
        1
    );
}

#[actix_rt::test]
async fn outdated_term_acceptance_is_refused() {
    let app = TestApp::new();
    let term = add_term(&app);
    let svc = app.service().await;
    let cookie = staff_cookie(&svc, "transp@patio.local", "staff").await;
    let (status, body, _) = send(
        &svc,
        with_cookie(
            TestRequest::post()
                .uri("/api/useTerm/authorization/save")
                .set_json(json!({
                    "user": { "id": app.ids.transp }, "useTerm": { "id": term + 1 },
                })),
            &cookie,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["message"].as_str().unwrap().contains("Recarregue"));
}

#[actix_rt::test]
async fn health_ready_and_openapi() {
    let app = TestApp::new();
    let svc = app.service().await;
    assert_eq!(send(&svc, get("/api/health")).await.0, StatusCode::OK);
    let (status, body, _) = send(&svc, get("/api/ready")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body, _) = send(&svc, get("/api/openapi.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["paths"]["/api/auth/login"]["post"].is_object());
    let (status, body, _) = send(&svc, get("/api/nao-existe")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "not_found");
}

#[actix_rt::test]
async fn malformed_json_is_a_clear_400() {
    let app = TestApp::new();
    let svc = app.service().await;
    let (status, body, _) = send(
        &svc,
        TestRequest::post()
            .uri("/api/auth/login")
            .insert_header(("Content-Type", "application/json"))
            .set_payload("{not json"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Requisição inválida.");
}
