//! The login pages' public reads, user reads with tenant isolation, terms acceptance, ops.

use crate::common;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::*;
use serde_json::json;

fn get(uri: &str) -> TestRequest {
    TestRequest::get().uri(uri)
}

/// The root administrator turns the other company ('Outra Empresa') inactive on its form; its
/// host stays registered.
async fn deactivate_the_other_company(app: &TestApp) {
    let mut body = common::admin::company_body("Outra Empresa", 0);
    body["id"] = json!(app.ids.other);
    body["cnpj"] = json!("11.444.777/0001-61");
    body["status"] = json!(false);
    app.admin()
        .await
        .post("/api/company/create", body)
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM companies c JOIN company_hosts h ON h.company_id = c.id
              WHERE c.id = {} AND NOT c.status AND h.host = 'outra.local'",
            app.ids.other
        )),
        1
    );
}

/// An active term of the demo company saved by its Usuario (which asks its drivers and
/// Transportadora users to accept again); its id.
async fn add_term(app: &TestApp) -> i64 {
    app.usuario_of(app.ids.demo)
        .await
        .post(
            "/api/useTerm/save",
            json!({ "id": null, "title": "Termos", "content": "<p>Texto</p>", "active": true,
                    "company": { "id": app.ids.demo } }),
        )
        .await
        .expect(StatusCode::CREATED)["useTerm"]["id"]
        .as_i64()
        .unwrap()
}

fn with_cookie(req: TestRequest, cookie: &Client) -> TestRequest {
    req.insert_header(("Cookie", cookie.cookie().to_owned()))
}

#[actix_rt::test]
async fn company_is_resolved_from_the_host_without_port_or_case() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    for host in ["localhost", "LOCALHOST:8080", "127.0.0.1"] {
        let (status, body, _) = anon
            .send(get(&format!("/api/company/host?host={host}")))
            .await
            .parts();
        assert_eq!(status, StatusCode::OK, "{host}");
        assert_eq!(body["id"], app.ids.demo);
        assert_eq!(body["name"], "Demo Agro");
        assert_eq!(body["enableRecaptcha"], false);
    }
    let (status, body, _) = anon
        .send(get("/api/company/host?host=outra.local"))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["id"], app.ids.other);
    let (status, body, _) = anon
        .send(get("/api/company/host?host=ninguem.example"))
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "not_found");
    // An inactive company serves no host.
    deactivate_the_other_company(&app).await;
    assert_eq!(
        anon.send(get("/api/company/host?host=outra.local"))
            .await
            .parts()
            .0,
        StatusCode::NOT_FOUND
    );
}

#[actix_rt::test]
async fn public_company_list_has_only_id_name_and_logo_of_active_companies() {
    let app = TestApp::new();
    deactivate_the_other_company(&app).await;
    let anon = app.anonymous().await;
    let (status, body, _) = anon.send(get("/api/company/public")).await.parts();
    assert_eq!(status, StatusCode::OK);
    let list = body.as_array().unwrap();
    assert_eq!(list.len(), 1);
    let keys: Vec<&String> = list[0].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["id", "logo", "name"]);
}

#[actix_rt::test]
async fn operating_data_and_attendance_of_today() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, body, _) = anon
        .send(get(&format!(
            "/api/settings/operating-data/{}",
            app.ids.demo
        )))
        .await
        .parts();
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
    let (status, body, _) = anon.send(get(&uri)).await.parts();
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
    let started = app
        .expedicao_of(app.ids.demo)
        .await
        .post(
            "/api/attendances/save",
            json!({ "company": { "id": app.ids.demo } }),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(started["day"], today.to_string());
    let (_, body, _) = anon.send(get(&uri)).await.parts();
    assert_eq!(body["status"], true);
    assert_eq!(
        anon.send(get("/api/attendances/today/company/999999"))
            .await
            .parts()
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
    let anon = app.anonymous().await;
    let uri = format!("/api/useTerm/user/company/{}", app.ids.demo);
    assert!(anon.send(get(&uri)).await.parts().1.is_null());
    add_term(&app).await;
    let (status, body, _) = anon.send(get(&uri)).await.parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["title"], "Termos");
    assert_eq!(body["content"], "<p>Texto</p>");
    assert!(body["updatedAt"].as_str().is_some());
}

#[actix_rt::test]
async fn get_user_answers_by_role_and_tenant() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let uri = |id: i64| format!("/api/users/{id}");
    assert_eq!(
        anon.send(get(&uri(app.ids.usuario))).await.parts().0,
        StatusCode::UNAUTHORIZED
    );

    let admin = anon.sign_in_on("admin@patio.local", "staff").await;
    let (status, body, _) = anon
        .send(with_cookie(get(&uri(app.ids.other_user)), &admin))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["email"], "outra@empresa.local");
    assert!(body.get("password").is_none() && body.get("passwordHash").is_none());
    assert_eq!(body["company"]["id"], app.ids.other);

    let usuario = anon.sign_in_on("usuario@patio.local", "staff").await;
    let (status, body, _) = anon
        .send(with_cookie(get(&uri(app.ids.expedicao)), &usuario))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["role"], "Expedicao");
    // Another company's user is not found, not forbidden.
    let (status, body, _) = anon
        .send(with_cookie(get(&uri(app.ids.other_user)), &usuario))
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "not_found");

    let transp = anon.sign_in_on("transp@patio.local", "staff").await;
    let (status, body, _) = anon
        .send(with_cookie(get(&uri(app.ids.transp)), &transp))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["shippingCompany"]["name"], "Transportadora Demo");
    assert_eq!(
        anon.send(with_cookie(get(&uri(app.ids.usuario)), &transp))
            .await
            .parts()
            .0,
        StatusCode::NOT_FOUND
    );

    let (_, _, cookies) = anon
        .post(
            "/api/auth/app/login",
            driver_login_body(DEMO_CPF, app.ids.demo, "1990-01-15"),
        )
        .await
        .parts();
    let driver = anon.with_cookie(&cookie_pair(&cookies, "patio_driver"));
    assert_eq!(
        anon.send(with_cookie(get(&uri(app.ids.usuario)), &driver))
            .await
            .parts()
            .0,
        StatusCode::FORBIDDEN
    );
}

#[actix_rt::test]
async fn transportadora_accepts_the_terms_and_is_not_asked_again() {
    let app = TestApp::new();
    // Saving the term asks the Transportadora users to accept again.
    let term = add_term(&app).await;
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM users WHERE email = 'transp@patio.local' AND NOT use_terms"
        ),
        1
    );
    let anon = app.anonymous().await;
    let (_, body, cookies) = anon
        .post(
            "/api/auth/login",
            staff_login_body("transp@patio.local", PASSWORD, None, "staff"),
        )
        .await
        .parts();
    assert_eq!(body["mustApproveTerms"], true);
    let cookie = anon.with_cookie(&cookie_pair(&cookies, "patio_staff"));

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
        anon.send(accept(app.ids.usuario)).await.parts().0,
        StatusCode::NOT_FOUND
    );
    let (status, body, _) = anon.send(accept(app.ids.transp)).await.parts();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["redirect"], "/expedicao/transportadora");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM contact_authorizations WHERE user_id = {} AND has_whats AND has_email AND NOT has_sms",
            app.ids.transp
        )),
        1
    );
    let (_, session, _) = anon
        .send(with_cookie(get("/api/auth/session"), &cookie))
        .await
        .parts();
    assert_eq!(session["useTerms"], true);
    assert_eq!(session["mustApproveTerms"], false);
}

#[actix_rt::test]
async fn driver_must_leave_name_phone_and_email_to_accept() {
    let app = TestApp::new();
    // Saving the term asks the company's drivers to accept again.
    let term = add_term(&app).await;
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM drivers WHERE id = {} AND NOT use_terms",
            app.ids.driver
        )),
        1
    );
    let anon = app.anonymous().await;
    let (_, body, cookies) = anon
        .post(
            "/api/auth/app/login",
            driver_login_body(DEMO_CPF, app.ids.demo, "1990-01-15"),
        )
        .await
        .parts();
    assert_eq!(body["mustApproveTerms"], true);
    let cookie = anon.with_cookie(&cookie_pair(&cookies, "patio_driver"));
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
        let (status, body, _) = anon.send(accept(contact)).await.parts();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["message"], "Preencha todos os campos!");
    }
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM contact_authorizations"),
        0
    );

    let (status, body, _) = anon
        .send(accept(
            json!([{ "name": "João", "fone": "(66) 9 8888-7777", "email": "joao@x.com" }]),
        ))
        .await
        .parts();
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
    let term = add_term(&app).await;
    let anon = app.anonymous().await;
    let cookie = anon.sign_in_on("transp@patio.local", "staff").await;
    let (status, body, _) = anon
        .send(with_cookie(
            TestRequest::post()
                .uri("/api/useTerm/authorization/save")
                .set_json(json!({
                    "user": { "id": app.ids.transp }, "useTerm": { "id": term + 1 },
                })),
            &cookie,
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["message"].as_str().unwrap().contains("Recarregue"));
}

#[actix_rt::test]
async fn health_ready_and_openapi() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    assert_eq!(
        anon.send(get("/api/health")).await.parts().0,
        StatusCode::OK
    );
    let (status, body, _) = anon.send(get("/api/ready")).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body, _) = anon.send(get("/api/openapi.json")).await.parts();
    assert_eq!(status, StatusCode::OK);
    assert!(body["paths"]["/api/auth/login"]["post"].is_object());
    let (status, body, _) = anon.send(get("/api/nao-existe")).await.parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "not_found");
}

#[actix_rt::test]
async fn malformed_json_is_a_clear_400() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, body, _) = anon
        .send(
            TestRequest::post()
                .uri("/api/auth/login")
                .insert_header(("Content-Type", "application/json"))
                .set_payload("{not json"),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Requisição inválida.");
}
