//! A session stands only while its account is enabled and unchanged (DESIGN section 2): a
//! disabled, deleted, re-roled or moved account is signed out on its next request, not when
//! its token expires (12 h staff, 30 days drivers).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod queue_common;

use actix_web::http::StatusCode;
use actix_web::App;
use common::admin::*;
use common::*;
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
    let svc =
        actix_web::test::init_service(App::new().configure(patio_http::configure(state.clone())))
            .await;
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
