//! Driver sign-in by CPF and birth date, the company transfer, and driver-login links.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::*;
use serde_json::json;

fn driver_login(cpf: &str, company: i64, birth: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/auth/app/login")
        .set_json(driver_login_body(cpf, company, birth))
}

#[actix_rt::test]
async fn driver_signs_in_with_cpf_and_birth_date() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, body, cookies) = anon
        .send(driver_login(DEMO_CPF, app.ids.demo, "1990-01-15"))
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["id"], app.ids.driver);
    assert_eq!(body["name"], "MOTORISTA DEMO");
    assert_eq!(body["company"]["id"], app.ids.demo);
    assert_eq!(body["company"]["name"], "Demo Agro");
    assert_eq!(body["useTerms"], true);
    assert_eq!(body["mustApproveTerms"], false);
    let cookie = anon.with_cookie(&cookie_pair(&cookies, "patio_driver"));

    let (status, session, _) = cookie.get("/api/auth/app/session").await.parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(session["kind"], "driver");
    assert_eq!(session["cpf"], "52998224725");
    // The phone tells the predicted call in the yard's zone, whatever its own.
    app.sql(&format!(
        "UPDATE settings SET time_zone = 'America/Cuiaba' WHERE company_id = {}",
        app.ids.demo
    ));
    let (_, session, _) = cookie.get("/api/auth/app/session").await.parts();
    assert_eq!(session["company"]["timeZone"], "America/Cuiaba");
    // A driver session is not a staff session.
    let (status, _, _) = cookie.get("/api/auth/session").await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let logs = app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM driver_logs WHERE operation_type = 'LOGIN' AND driver_id = {}",
        app.ids.driver
    ));
    assert_eq!(logs, 1);
}

#[actix_rt::test]
async fn unmasked_cpf_and_masked_birth_date_are_accepted() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, _, _) = anon
        .send(driver_login("52998224725", app.ids.demo, "15/01/1990"))
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED);
}

#[actix_rt::test]
async fn wrong_birth_date_or_unknown_cpf_is_refused_with_a_message() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    for (cpf, birth) in [(DEMO_CPF, "1990-01-16"), ("390.533.447-05", "1990-01-15")] {
        let (status, body, cookies) = anon
            .send(driver_login(cpf, app.ids.demo, birth))
            .await
            .parts();
        assert_eq!(status, StatusCode::CONFLICT, "{cpf}");
        assert_eq!(
            body["message"],
            "Motorista não encontrado. Confira o CPF e a data de nascimento ou faça seu cadastro."
        );
        assert!(cookies.is_empty());
    }
}

#[actix_rt::test]
async fn invalid_cpf_and_date_are_validation_errors() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, body, _) = anon
        .send(driver_login("529.982.247-26", app.ids.demo, "1990-02-30"))
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["fields"]["cpf"], "Cpf Inválido");
    assert!(body["fields"]["birthDate"].as_str().is_some());
}

#[actix_rt::test]
async fn disabled_driver_is_refused() {
    let app = TestApp::new();
    // The demo driver's form, saved inactive by the Usuario of its company.
    app.usuario_of(app.ids.demo)
        .await
        .post(
            "/api/driver/save",
            json!({
                "id": app.ids.driver, "name": "MOTORISTA DEMO", "cpf": DEMO_CPF,
                "cnh": "12345678900", "birthDate": "1990-01-15", "isEnabled": false,
                "company": { "id": app.ids.demo }, "shippingCompany": null, "contact": [],
            }),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM drivers WHERE cpf = '52998224725' AND NOT is_enabled"
        ),
        1
    );
    let anon = app.anonymous().await;
    let (status, body, _) = anon
        .send(driver_login(DEMO_CPF, app.ids.demo, "1990-01-15"))
        .await
        .parts();
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "Cadastro de motorista inativo, fale com a empresa."
    );
}

#[actix_rt::test]
async fn driver_registered_elsewhere_gets_the_transfer_conflict_and_moves_with_the_token() {
    let app = TestApp::new();
    // The driver waits in Demo Agro's queue with a forecast.
    // why: a fixed forecast (2026-12-01 10:30) that the answer repeats; a join computes it from
    // the clock and the settings.
    app.sql(&format!(
        "INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at, forecast_at, position)
         SELECT {demo}, {driver}, t.id, 'waiting', now(), '2026-12-01T10:30:00Z', 1
           FROM trucks t WHERE t.driver_id = {driver}",
        demo = app.ids.demo,
        driver = app.ids.driver
    ));
    let anon = app.anonymous().await;
    let (status, body, cookies) = anon
        .send(driver_login(DEMO_CPF, app.ids.other, "1990-01-15"))
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_ACCEPTABLE, "{body}");
    assert_eq!(body["code"], "transfer_conflict");
    assert_eq!(body["company_a"]["company"], "Demo Agro");
    assert_eq!(body["company_a"]["queue"]["date"], "2026-12-01T10:30:00Z");
    assert_eq!(body["driver"]["id"], app.ids.driver);
    assert!(cookies.is_empty());
    let token = body["transferToken"].as_str().unwrap().to_owned();

    // Without the token (or with a token for another company) nothing moves.
    let save = |t: Option<&str>, company: i64| {
        TestRequest::post().uri("/api/driver/save").set_json(json!({
            "override": true, "id": app.ids.driver, "company": { "id": company }, "transferToken": t,
        }))
    };
    assert_eq!(
        anon.send(save(None, app.ids.other)).await.parts().0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        anon.send(save(Some(&token), app.ids.demo)).await.parts().0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT company_id AS v FROM drivers WHERE id = {}",
            app.ids.driver
        )),
        app.ids.demo
    );

    let (status, body, cookies) = anon.send(save(Some(&token), app.ids.other)).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["company"]["id"], app.ids.other);
    // The confirmed transfer signs the driver in at the new company.
    assert_eq!(body["login"]["company"]["id"], app.ids.other);
    let cookie = anon.with_cookie(&cookie_pair(&cookies, "patio_driver"));
    let (status, session, _) = cookie.get("/api/auth/app/session").await.parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(session["company"]["id"], app.ids.other);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT company_id AS v FROM drivers WHERE id = {}",
            app.ids.driver
        )),
        app.ids.other
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT company_id AS v FROM trucks WHERE driver_id = {}",
            app.ids.driver
        )),
        app.ids.other
    );
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT status AS v FROM queue_entries WHERE driver_id = {}",
            app.ids.driver
        )),
        "cancelled"
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE operation_type = 'OUT_COMPANY' AND driver_id = {}",
            app.ids.driver
        )),
        1
    );
    // The retried login now succeeds at the new company.
    let (status, body, _) = anon
        .send(driver_login(DEMO_CPF, app.ids.other, "1990-01-15"))
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["company"]["id"], app.ids.other);
}

#[actix_rt::test]
async fn transfer_moves_loadings_that_never_started_to_the_deleted_ones() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let order = fixtures::order(
        &usuario,
        fixtures::OrderSpec::new("P1", 100.0).customer(1, "Cliente"),
    )
    .await;
    fixtures::loading(
        &usuario,
        order.id,
        fixtures::demo_truck(&app),
        app.ids.driver,
        10.0,
        Some("2030-12-31"),
    )
    .await;
    let anon = app.anonymous().await;
    let (_, body, _) = anon
        .send(driver_login(DEMO_CPF, app.ids.other, "1990-01-15"))
        .await
        .parts();
    let token = body["transferToken"].as_str().unwrap();
    let req = TestRequest::post().uri("/api/driver/save").set_json(json!({
        "override": true, "id": app.ids.driver, "company": { "id": app.ids.other }, "transferToken": token,
    }));
    assert_eq!(anon.send(req).await.parts().0, StatusCode::OK);
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 0);
    assert_eq!(
        app.scalar_text("SELECT reason AS v FROM deleted_schedulings"),
        "TRANSFERÊNCIA DE EMPRESA"
    );
}

/// The driver's company as stored.
fn company_of_driver(app: &TestApp, driver: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT company_id AS v FROM drivers WHERE id = {driver}"
    ))
}

#[actix_rt::test]
async fn another_company_s_staff_cannot_take_over_a_driver() {
    let app = TestApp::new();
    // Demo Agro's driver waits in Demo Agro's queue (joined on the queue's clock, put back
    // afterwards).
    let now = *app.clock.0.lock().unwrap();
    queue_common::open_for_freelancers(&app).await;
    queue_common::at(&app, queue_common::MONDAY_0900);
    fixtures::join(
        &app,
        app.ids.driver,
        app.ids.demo,
        json!({ "truck": { "id": fixtures::demo_truck(&app) } }),
    )
    .await;
    *app.clock.0.lock().unwrap() = now;
    let anon = app.anonymous().await;
    let outra = anon.sign_in_on("outra@empresa.local", "staff").await;
    let (status, body, _) = outra
        .post(
            "/api/driver/save",
            json!({
                "override": true, "id": app.ids.driver,
                "company": { "id": app.ids.other }, "transferToken": null,
            }),
        )
        .await
        .parts();
    // Another company's driver is not found, and nothing moved.
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(company_of_driver(&app, app.ids.driver), app.ids.demo);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT status AS v FROM queue_entries WHERE driver_id = {}",
            app.ids.driver
        )),
        "waiting"
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT company_id AS v FROM trucks WHERE driver_id = {}",
            app.ids.driver
        )),
        app.ids.demo
    );
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM driver_logs WHERE operation_type = 'OUT_COMPANY'"
        ),
        0
    );
}

#[actix_rt::test]
async fn driver_transfer_by_staff_role_and_tenant_matrix() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let save = |driver: i64, company: i64| {
        TestRequest::post()
            .uri("/api/driver/save")
            .set_json(json!({ "override": true, "id": driver, "company": { "id": company } }))
    };
    let usuario = anon.sign_in_on("usuario@patio.local", "staff").await;
    let outra = anon.sign_in_on("outra@empresa.local", "staff").await;
    let exped = anon.sign_in_on("expedicao@patio.local", "dispatch").await;
    let admin = anon.sign_in_on("admin@patio.local", "staff").await;
    let (demo, other) = (app.ids.demo, app.ids.other);
    let (driver, other_driver) = (app.ids.driver, app.ids.other_driver);
    for (who, cookie, driver, target, expected) in [
        // Staff of the target company only: the driver is another company's record.
        ("outra", &outra, driver, other, StatusCode::NOT_FOUND),
        (
            "usuario",
            &usuario,
            other_driver,
            demo,
            StatusCode::NOT_FOUND,
        ),
        // Staff of the driver's company may not push it into a company it cannot act for.
        ("usuario", &usuario, driver, other, StatusCode::FORBIDDEN),
        ("outra", &outra, other_driver, demo, StatusCode::FORBIDDEN),
        // A role that does not register drivers.
        ("expedicao", &exped, driver, demo, StatusCode::FORBIDDEN),
        // Within its own company a Usuario may confirm; an administrator anywhere.
        ("usuario", &usuario, driver, demo, StatusCode::OK),
        ("admin", &admin, other_driver, demo, StatusCode::OK),
    ] {
        let (status, body, _) = cookie.send(save(driver, target)).await.parts();
        assert_eq!(
            status, expected,
            "{who} moving {driver} to {target}: {body}"
        );
    }
    assert_eq!(company_of_driver(&app, app.ids.driver), demo);
    assert_eq!(company_of_driver(&app, app.ids.other_driver), demo);
    // Without a session or token at all.
    let (status, _, _) = anon
        .post(
            "/api/driver/save",
            json!({ "override": true, "id": app.ids.driver, "company": { "id": other } }),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn driver_login_link_is_signed_expiring_and_scoped() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let issue = |driver: i64| {
        TestRequest::post()
            .uri("/api/auth/driver-link")
            .set_json(json!({ "driverId": driver }))
    };
    let admin = anon.sign_in_on("admin@patio.local", "staff").await;
    let (status, body, _) = admin.send(issue(app.ids.driver)).await.parts();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let token = body["token"].as_str().unwrap().to_owned();
    assert_eq!(body["path"], format!("/driver-login/{token}"));

    let (status, link, _) = anon
        .get(&format!("/api/auth/driver-link/{token}"))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(link["cpf"], "52998224725");
    assert_eq!(link["birthDate"], "1990-01-15");

    // Wrong role, other tenant, forged or expired token.
    let exped = anon.sign_in_on("expedicao@patio.local", "dispatch").await;
    assert_eq!(
        exped.send(issue(app.ids.driver)).await.parts().0,
        StatusCode::FORBIDDEN
    );
    let usuario = anon.sign_in_on("usuario@patio.local", "staff").await;
    assert_eq!(
        usuario.send(issue(app.ids.other_driver)).await.parts().0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        usuario.send(issue(app.ids.driver)).await.parts().0,
        StatusCode::CREATED
    );
    let (status, body, _) = anon
        .get("/api/auth/driver-link/forged.token.x")
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Link inválido ou expirado");
    *app.clock.0.lock().unwrap() += chrono::Duration::hours(2);
    let (status, _, _) = anon
        .get(&format!("/api/auth/driver-link/{token}"))
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_rt::test]
async fn repeated_wrong_birth_dates_are_rate_limited() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    for _ in 0..5 {
        assert_eq!(
            anon.send(driver_login(DEMO_CPF, app.ids.demo, "2000-01-01"))
                .await
                .parts()
                .0,
            StatusCode::CONFLICT
        );
    }
    let (status, _, _) = anon
        .send(driver_login(DEMO_CPF, app.ids.demo, "1990-01-15"))
        .await
        .parts();
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[actix_rt::test]
async fn driver_captcha_follows_the_company_setting() {
    let app = TestApp::new();
    // The root administrator turns reCAPTCHA on with its keys on the settings form.
    app.admin()
        .await
        .post(
            "/api/settings/save",
            json!({ "company": app.ids.demo, "enableRecaptcha": true,
                    "recaptchaSite": "site", "recaptchaSecret": CAPTCHA_SECRET }),
        )
        .await
        .expect(StatusCode::OK);
    let anon = app.anonymous().await;
    let (status, body, _) = anon
        .send(driver_login(DEMO_CPF, app.ids.demo, "1990-01-15"))
        .await
        .parts();
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["code"], "captcha");
    let mut b = driver_login_body(DEMO_CPF, app.ids.demo, "1990-01-15");
    b["recaptcha_token"] = json!(GOOD_CAPTCHA);
    let req = TestRequest::post().uri("/api/auth/app/login").set_json(b);
    assert_eq!(anon.send(req).await.parts().0, StatusCode::CREATED);
}
