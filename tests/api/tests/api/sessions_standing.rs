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
    let usuario = app.usuario_of(app.ids.demo).await;
    usuario
        .get("/api/auth/session")
        .await
        .expect(StatusCode::OK);
    usuario
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::OK);

    // why: changed outside this server's forms (another instance, an operator): the session
    // check must read the account itself (the form's path is the last test's).
    app.sql(&format!(
        "UPDATE users SET is_enabled = FALSE WHERE id = {}",
        app.ids.usuario
    ));
    let body = usuario
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], SESSION_ENDED);
    usuario
        .get("/api/auth/session")
        .await
        .expect(StatusCode::UNAUTHORIZED);
}

#[actix_rt::test]
async fn a_changed_role_or_company_ends_the_session_until_the_user_signs_in_again() {
    let app = TestApp::new();
    let expedicao = app.expedicao_of(app.ids.demo).await;
    expedicao
        .get(&format!("/api/queue/totals/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);

    // why: changed outside this server's forms (another instance, an operator): the session
    // check must read the account itself (the form's path is the last test's).
    app.sql(&format!(
        "UPDATE users SET role = 'Portaria' WHERE id = {}",
        app.ids.expedicao
    ));
    expedicao
        .get(&format!("/api/queue/totals/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::UNAUTHORIZED);
    // Signing in again gives a session with the new role.
    let portaria = app.staff(EXPEDICAO).await;
    let totals = portaria
        .get(&format!("/api/queue/totals/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert!(
        totals["attended"].is_null(),
        "Portaria does not see the attended count: {totals}"
    );

    // why: changed outside this server's forms (another instance, an operator): the session
    // check must read the account itself (the form's path is the last test's).
    app.sql(&format!(
        "UPDATE users SET company_id = {} WHERE id = {}",
        app.ids.other, app.ids.expedicao
    ));
    portaria
        .get(&format!("/api/queue/totals/company/{}", app.ids.other))
        .await
        .expect(StatusCode::UNAUTHORIZED);
}

#[actix_rt::test]
async fn a_deleted_user_and_a_disabled_driver_lose_their_sessions() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    admin
        .delete(&format!("/api/users/delete/{}", app.ids.usuario))
        .await
        .expect(StatusCode::OK);
    usuario
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::UNAUTHORIZED);

    let driver = app.driver_id(app.ids.driver, app.ids.demo).await;
    let (s, _) = driver
        .get(&format!("/api/queue/position/driver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK);
    // why: changed outside this server's forms (another instance, an operator): the session
    // check must read the account itself (the form's path is the last test's).
    app.sql(&format!(
        "UPDATE drivers SET is_enabled = FALSE WHERE id = {}",
        app.ids.driver
    ));
    let (s, body) = driver
        .get(&format!("/api/queue/position/driver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], SESSION_ENDED);
}

#[actix_rt::test]
async fn with_remembered_accounts_an_administrators_change_still_applies_at_once() {
    let app = TestApp::new();
    let state = app.state_with_account_memory();
    let wiring = app.on(state.clone());
    let admin = wiring.admin().await;
    let usuario = wiring.usuario_of(app.ids.demo).await;
    usuario
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::OK);
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
    admin
        .post("/api/users/save", body)
        .await
        .expect(StatusCode::OK);
    usuario
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::UNAUTHORIZED);
}

/// Moves the test clock on, so that sessions issued from now on are younger than what came
/// before (tokens count whole seconds).
fn later(app: &TestApp, seconds: i64) {
    *app.clock.0.lock().unwrap() += chrono::Duration::seconds(seconds);
}

#[actix_rt::test]
async fn a_new_password_ends_the_accounts_other_sessions_and_keeps_the_one_that_changed_it() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let office = app.usuario_of(app.ids.demo).await;
    let phone = app.usuario_of(app.ids.demo).await;
    later(&app, 5);

    // Changed from the office PC: the answer carries a fresh session for that browser.
    let (status, body, cookies) = office
        .post(
            "/api/users/profile",
            json!({ "name": "Usuário Demo", "fone": "66988887777", "password": "outrasenha" }),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    let renewed = anon.with_cookie(&cookie_pair(&cookies, "patio_staff"));
    assert_ne!(renewed.cookie(), office.cookie());
    renewed
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::OK);

    // The session left on the phone, and the office's old one, are over.
    for old in [&phone, &office] {
        let body = old
            .get("/api/customer?page=1")
            .await
            .expect(StatusCode::UNAUTHORIZED);
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
    let wiring = app.on(state.clone());
    let anon = wiring.anonymous().await;
    let admin = wiring.admin().await;
    let usuario = wiring.usuario_of(app.ids.demo).await;
    // Remembered by this instance, and still signed out at once after the change.
    usuario
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::OK);
    later(&app, 5);

    let mut body = user_body("Usuário Demo", USUARIO, "Usuario", Some(app.ids.demo));
    body["id"] = json!(app.ids.usuario);
    body["password"] = json!("senhanova1");
    let (status, answer, cookies) = admin.post("/api/users/save", body).await.parts();
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(
        cookies.iter().all(|c| !c.starts_with("patio_staff=")),
        "someone else's account: the administrator's session is not touched"
    );
    usuario
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::UNAUTHORIZED);
    admin.get("/api/users?page=1").await.expect(StatusCode::OK);

    // Saving without a password changes nothing for the sessions issued after.
    let (status, answer, cookies) = anon
        .post(
            "/api/auth/login",
            staff_login_body(USUARIO, "senhanova1", None, "staff"),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{answer}");
    let fresh = anon.with_cookie(&cookie_pair(&cookies, "patio_staff"));
    later(&app, 5);
    let mut body = user_body("Usuário Demo 2", USUARIO, "Usuario", Some(app.ids.demo));
    body["id"] = json!(app.ids.usuario);
    body["password"] = json!("");
    admin
        .post("/api/users/save", body)
        .await
        .expect(StatusCode::OK);
    fresh
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::OK);
}
