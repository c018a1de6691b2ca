//! A session stands only while its account is enabled and unchanged (DESIGN section 2): a
//! disabled, deleted, re-roled or moved account is signed out on its next request, not when
//! its token expires (12 h staff, 30 days drivers).

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use patio_application::ports::Clock;
use serde_json::json;

const SESSION_ENDED: &str = "Sessão expirada. Entre novamente.";

#[actix_rt::test]
async fn a_disabled_user_is_signed_out_on_the_next_request() {
    let app = TestApp::new();
    let svc = app.service().await;
    let usuario = login(&svc, USUARIO).await;
    expect(&svc, get("/api/auth/session", &usuario), StatusCode::OK).await;
    expect(&svc, get("/api/customer?page=1", &usuario), StatusCode::OK).await;

    app.sql(&format!(
        "UPDATE users SET is_enabled = FALSE WHERE id = {}",
        app.ids.usuario
    ));
    let body = expect(
        &svc,
        get("/api/customer?page=1", &usuario),
        StatusCode::UNAUTHORIZED,
    )
    .await;
    assert_eq!(body["message"], SESSION_ENDED);
    expect(
        &svc,
        get("/api/auth/session", &usuario),
        StatusCode::UNAUTHORIZED,
    )
    .await;
}

#[actix_rt::test]
async fn a_changed_role_or_company_ends_the_session_until_the_user_signs_in_again() {
    let app = TestApp::new();
    let svc = app.service().await;
    let expedicao = login(&svc, EXPEDICAO).await;
    expect(
        &svc,
        get(
            &format!("/api/queue/totals/company/{}", app.ids.demo),
            &expedicao,
        ),
        StatusCode::OK,
    )
    .await;

    app.sql(&format!(
        "UPDATE users SET role = 'Portaria' WHERE id = {}",
        app.ids.expedicao
    ));
    expect(
        &svc,
        get(
            &format!("/api/queue/totals/company/{}", app.ids.demo),
            &expedicao,
        ),
        StatusCode::UNAUTHORIZED,
    )
    .await;
    // Signing in again gives a session with the new role.
    let portaria = login(&svc, EXPEDICAO).await;
    let totals = expect(
        &svc,
        get(
            &format!("/api/queue/totals/company/{}", app.ids.demo),
            &portaria,
        ),
        StatusCode::OK,
    )
    .await;
    assert!(
        totals["attended"].is_null(),
        "Portaria does not see the attended count: {totals}"
    );

    app.sql(&format!(
        "UPDATE users SET company_id = {} WHERE id = {}",
        app.ids.other, app.ids.expedicao
    ));
    expect(
        &svc,
        get(
            &format!("/api/queue/totals/company/{}", app.ids.other),
            &portaria,
        ),
        StatusCode::UNAUTHORIZED,
    )
    .await;
}

#[actix_rt::test]
async fn a_deleted_user_and_a_disabled_driver_lose_their_sessions() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;
    let usuario = login(&svc, USUARIO).await;
    expect(
        &svc,
        delete(&format!("/api/users/delete/{}", app.ids.usuario), &admin),
        StatusCode::OK,
    )
    .await;
    expect(
        &svc,
        get("/api/customer?page=1", &usuario),
        StatusCode::UNAUTHORIZED,
    )
    .await;

    let driver = queue_common::bearer(&app, &queue_common::driver(app.ids.driver, app.ids.demo));
    let (s, _) = queue_common::call(
        &svc,
        "GET",
        &format!("/api/queue/position/driver/{}", app.ids.driver),
        Some(&driver),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    app.sql(&format!(
        "UPDATE drivers SET is_enabled = FALSE WHERE id = {}",
        app.ids.driver
    ));
    let (s, body) = queue_common::call(
        &svc,
        "GET",
        &format!("/api/queue/position/driver/{}", app.ids.driver),
        Some(&driver),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], SESSION_ENDED);
}

#[actix_rt::test]
async fn with_remembered_accounts_an_administrators_change_still_applies_at_once() {
    let app = TestApp::new();
    let state = app.state_with_account_memory();
    let svc = service_on(state.clone()).await;
    let admin = login(&svc, ADMIN).await;
    let usuario = login(&svc, USUARIO).await;
    expect(&svc, get("/api/customer?page=1", &usuario), StatusCode::OK).await;
    let me = queue_common::staff(&app, USUARIO);
    assert_eq!(
        state.services.accounts.remembered(&me),
        Some(true),
        "remembered"
    );

    // Disabled through the user form: this instance forgets the account at once.
    let mut body = user_body("Usuário Demo", USUARIO, "Usuario", Some(app.ids.demo));
    body["id"] = json!(app.ids.usuario);
    body["isEnabled"] = json!(false);
    expect(&svc, post("/api/users/save", &admin, body), StatusCode::OK).await;
    expect(
        &svc,
        get("/api/customer?page=1", &usuario),
        StatusCode::UNAUTHORIZED,
    )
    .await;
}

/// Moves the test clock on, so that sessions issued from now on are younger than what came
/// before (tokens count whole seconds).
fn later(app: &TestApp, seconds: i64) {
    *app.clock.0.lock().unwrap() += chrono::Duration::seconds(seconds);
}

#[actix_rt::test]
async fn a_new_password_ends_the_accounts_other_sessions_and_keeps_the_one_that_changed_it() {
    let app = TestApp::new();
    let svc = app.service().await;
    let office = login(&svc, USUARIO).await;
    let phone = login(&svc, USUARIO).await;
    later(&app, 5);

    // Changed from the office PC: the answer carries a fresh session for that browser.
    let (status, body, cookies) = send(
        &svc,
        post(
            "/api/users/profile",
            &office,
            json!({ "name": "Usuário Demo", "fone": "66988887777", "password": "outrasenha" }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let renewed = cookie_pair(&cookies, "patio_staff");
    assert_ne!(renewed, office);
    expect(&svc, get("/api/customer?page=1", &renewed), StatusCode::OK).await;

    // The session left on the phone, and the office's old one, are over.
    for old in [&phone, &office] {
        let body = expect(
            &svc,
            get("/api/customer?page=1", old),
            StatusCode::UNAUTHORIZED,
        )
        .await;
        assert_eq!(body["message"], SESSION_ENDED);
    }
    let stored = app.scalar_i64(&format!(
        "SELECT floor(extract(epoch FROM password_changed_at))::bigint AS v FROM users WHERE id = {}",
        app.ids.usuario
    ));
    assert_eq!(
        stored,
        app.clock.now().timestamp(),
        "dated with the service's clock"
    );
}

#[actix_rt::test]
async fn an_administrator_setting_a_users_password_signs_that_user_out_and_not_the_administrator() {
    let app = TestApp::new();
    let state = app.state_with_account_memory();
    let svc = service_on(state.clone()).await;
    let admin = login(&svc, ADMIN).await;
    let usuario = login(&svc, USUARIO).await;
    // Remembered by this instance, and still signed out at once after the change.
    expect(&svc, get("/api/customer?page=1", &usuario), StatusCode::OK).await;
    later(&app, 5);

    let mut body = user_body("Usuário Demo", USUARIO, "Usuario", Some(app.ids.demo));
    body["id"] = json!(app.ids.usuario);
    body["password"] = json!("senhanova1");
    let (status, answer, cookies) = send(&svc, post("/api/users/save", &admin, body)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(
        cookies.iter().all(|c| !c.starts_with("patio_staff=")),
        "someone else's account: the administrator's session is not touched"
    );
    expect(
        &svc,
        get("/api/customer?page=1", &usuario),
        StatusCode::UNAUTHORIZED,
    )
    .await;
    expect(&svc, get("/api/users?page=1", &admin), StatusCode::OK).await;

    // Saving without a password changes nothing for the sessions issued after.
    let (status, answer, cookies) = send(
        &svc,
        actix_web::test::TestRequest::post()
            .uri("/api/auth/login")
            .set_json(staff_login_body(USUARIO, "senhanova1", None, "staff")),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let fresh = cookie_pair(&cookies, "patio_staff");
    later(&app, 5);
    let mut body = user_body("Usuário Demo 2", USUARIO, "Usuario", Some(app.ids.demo));
    body["id"] = json!(app.ids.usuario);
    body["password"] = json!("");
    expect(&svc, post("/api/users/save", &admin, body), StatusCode::OK).await;
    expect(&svc, get("/api/customer?page=1", &fresh), StatusCode::OK).await;
}
