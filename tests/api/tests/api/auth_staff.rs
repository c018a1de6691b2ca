//! Staff sign-in on /login and /expedicao, sessions, throttling and captcha.

use crate::common;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::*;
use patio_application::auth::throttle::ThrottlePolicy;
use serde_json::json;

fn login(email: &str, password: &str, page: &str) -> TestRequest {
    TestRequest::post()
        .uri("/api/auth/login")
        .set_json(staff_login_body(email, password, None, page))
}

#[actix_rt::test]
async fn administrador_usuario_and_transportadora_sign_in_on_the_staff_page() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    for (email, role, landing) in [
        ("admin@patio.local", "Administrador", "/dashboard"),
        ("usuario@patio.local", "Usuario", "/dashboard"),
        (
            "transp@patio.local",
            "Transportadora",
            "/expedicao/transportadora",
        ),
    ] {
        let (status, body, cookies) = anon.send(login(email, PASSWORD, "staff")).await.parts();
        assert_eq!(status, StatusCode::OK, "{email}: {body}");
        assert_eq!(body["role"], role);
        assert_eq!(body["landing"], landing);
        assert!(body["accessToken"].as_str().unwrap().len() > 20);
        let cookie = cookies
            .iter()
            .find(|c| c.starts_with("patio_staff="))
            .unwrap();
        assert!(cookie.contains("HttpOnly"), "{cookie}");
        assert!(cookie.contains("SameSite=Strict"), "{cookie}");
    }
    let (_, body, _) = anon
        .send(login("transp@patio.local", PASSWORD, "staff"))
        .await
        .parts();
    assert_eq!(body["shippingCompanyId"], app.ids.shipping);
    assert_eq!(body["company"]["id"], app.ids.demo);
}

#[actix_rt::test]
async fn login_is_written_to_the_staff_log() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, _, _) = anon
        .send(login("usuario@patio.local", PASSWORD, "staff"))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    let n = app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM staff_logs WHERE operation_type = 'LOGIN' AND user_id = {}",
        app.ids.usuario
    ));
    assert_eq!(n, 1);
}

#[actix_rt::test]
async fn dispatch_roles_are_refused_on_the_staff_page_and_admitted_on_theirs() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    for email in [
        "expedicao@patio.local",
        "espectador@patio.local",
        "portaria@patio.local",
    ] {
        let (status, body, cookies) = anon.send(login(email, PASSWORD, "staff")).await.parts();
        assert_eq!(status, StatusCode::FORBIDDEN, "{email}");
        assert_eq!(body["code"], "forbidden");
        assert_eq!(body["message"], "Você não tem permissão de acesso!");
        assert!(cookies.is_empty(), "no session for a refused role");

        let (status, body, _) = anon.send(login(email, PASSWORD, "dispatch")).await.parts();
        assert_eq!(status, StatusCode::OK, "{email}: {body}");
        assert_eq!(body["landing"], "/expedicao/painel");
    }
}

#[actix_rt::test]
async fn staff_roles_are_refused_on_the_dispatch_page() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    for email in [
        "admin@patio.local",
        "usuario@patio.local",
        "transp@patio.local",
    ] {
        let (status, body, _) = anon.send(login(email, PASSWORD, "dispatch")).await.parts();
        assert_eq!(status, StatusCode::FORBIDDEN, "{email}");
        assert_eq!(body["message"], "Você não tem permissão de acesso!");
    }
}

#[actix_rt::test]
async fn wrong_password_and_unknown_email_answer_the_same_message() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    for (email, password) in [
        ("usuario@patio.local", "errada"),
        ("ninguem@patio.local", PASSWORD),
    ] {
        let (status, body, cookies) = anon.send(login(email, password, "staff")).await.parts();
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["code"], "unauthorized");
        assert_eq!(body["message"], "Usuário ou senha inválido");
        assert!(cookies.is_empty());
    }
}

#[actix_rt::test]
async fn email_is_matched_without_case_and_spaces() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, _, _) = anon
        .send(login("  Usuario@Patio.LOCAL ", PASSWORD, "staff"))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
}

#[actix_rt::test]
async fn empty_fields_are_a_validation_error() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, body, _) = anon.send(login("", "", "staff")).await.parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["fields"]["email"], "E-mail é obrigatório!");
    assert_eq!(body["fields"]["password"], "Senha é obrigatória!");
}

#[actix_rt::test]
async fn disabled_user_is_blocked_with_the_company_phone() {
    let app = TestApp::new();
    // The root administrator disables the Expedicao on the user form.
    let mut form = common::admin::user_body(
        "Expedição",
        "expedicao@patio.local",
        "Expedicao",
        Some(app.ids.demo),
    );
    form["id"] = json!(app.ids.expedicao);
    form["isEnabled"] = json!(false);
    app.admin()
        .await
        .post("/api/users/save", form)
        .await
        .expect(StatusCode::OK);
    let anon = app.anonymous().await;
    let (status, body, cookies) = anon
        .send(login("expedicao@patio.local", PASSWORD, "dispatch"))
        .await
        .parts();
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["code"], "blocked");
    assert_eq!(
        body["message"],
        "Usuário bloqueado, fale com o administrador do sistema!"
    );
    assert_eq!(body["phone"], "(66) 9 9999-0000");
    assert!(cookies.is_empty());
}

#[actix_rt::test]
async fn a_company_user_cannot_sign_in_on_another_company_host() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let req = TestRequest::post()
        .uri("/api/auth/login")
        .set_json(staff_login_body(
            "outra@empresa.local",
            PASSWORD,
            Some(app.ids.demo),
            "staff",
        ));
    let (status, body, _) = anon.send(req).await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "Usuário ou senha inválido");
    // Administrators sign in on any host.
    let req = TestRequest::post()
        .uri("/api/auth/login")
        .set_json(staff_login_body(
            "admin@patio.local",
            PASSWORD,
            Some(app.ids.other),
            "staff",
        ));
    assert_eq!(anon.send(req).await.parts().0, StatusCode::OK);
}

#[actix_rt::test]
async fn sixth_failed_attempt_on_an_account_is_rate_limited() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    for _ in 0..5 {
        let (status, _, _) = anon
            .send(login("usuario@patio.local", "errada", "staff"))
            .await
            .parts();
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    // Even the right password waits now.
    let (status, body, _) = anon
        .send(login("usuario@patio.local", PASSWORD, "staff"))
        .await
        .parts();
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["code"], "rate_limited");
    assert_eq!(
        body["message"],
        "Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente."
    );
    // Other accounts are not affected by it.
    assert_eq!(
        anon.send(login("admin@patio.local", PASSWORD, "staff"))
            .await
            .parts()
            .0,
        StatusCode::OK
    );
    // After the window the account may try again.
    *app.clock.0.lock().unwrap() += chrono::Duration::minutes(16);
    assert_eq!(
        anon.send(login("usuario@patio.local", PASSWORD, "staff"))
            .await
            .parts()
            .0,
        StatusCode::OK
    );
}

#[actix_rt::test]
async fn an_address_spraying_many_accounts_is_rate_limited() {
    let app = TestApp::with_throttle(ThrottlePolicy {
        per_address: 3,
        ..ThrottlePolicy::default()
    });
    let anon = app.anonymous().await;
    for i in 0..3 {
        let email = format!("x{i}@patio.local");
        assert_eq!(
            anon.send(login(&email, "errada", "staff")).await.parts().0,
            StatusCode::UNAUTHORIZED
        );
    }
    // An account that failed from there is refused; one without failures waits (issue 21
    // item 8: security_sockets_exports.rs).
    let (status, _, _) = anon
        .send(login("x0@patio.local", PASSWORD, "staff"))
        .await
        .parts();
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let started = std::time::Instant::now();
    let (status, _, _) = anon
        .send(login("admin@patio.local", PASSWORD, "staff"))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    assert!(started.elapsed() >= std::time::Duration::from_secs(2));
}

#[actix_rt::test]
async fn captcha_is_required_when_the_company_turns_it_on() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let body = |token: &str| {
        let mut b = staff_login_body("usuario@patio.local", PASSWORD, Some(app.ids.demo), "staff");
        b["recaptcha_token"] = json!(token);
        b
    };
    // Off: any token, even none, passes.
    let req = TestRequest::post()
        .uri("/api/auth/login")
        .set_json(body(""));
    assert_eq!(anon.send(req).await.parts().0, StatusCode::OK);

    common::fixtures::settings_saved(
        &app,
        app.ids.demo,
        json!({ "enableRecaptcha": true, "recaptchaSecret": CAPTCHA_SECRET,
                "recaptchaSite": "site-key" }),
    )
    .await;
    for token in ["", "bad-token"] {
        let req = TestRequest::post()
            .uri("/api/auth/login")
            .set_json(body(token));
        let (status, b, _) = anon.send(req).await.parts();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{token}");
        assert_eq!(b["code"], "captcha");
        assert_eq!(b["message"], "Confirme que você não é um robô.");
    }
    let req = TestRequest::post()
        .uri("/api/auth/login")
        .set_json(body(GOOD_CAPTCHA));
    assert_eq!(anon.send(req).await.parts().0, StatusCode::OK);

    // The login page learns the site key from the host lookup.
    let (_, host, _) = anon.get("/api/company/host?host=localhost").await.parts();
    assert_eq!(host["enableRecaptcha"], true);
    assert_eq!(host["recaptchaSite"], "site-key");
    assert!(host.get("recaptchaSecret").is_none());
}

#[actix_rt::test]
async fn session_tells_the_menu_and_routes_of_the_role() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, _, _) = anon.get("/api/auth/session").await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let cookie = anon.sign_in_on("transp@patio.local", "staff").await;
    let (status, body, _) = cookie.get("/api/auth/session").await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["role"], "Transportadora");
    let keys: Vec<&str> = body["menu"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["key"].as_str().unwrap())
        .collect();
    assert!(keys.contains(&"fila"), "{keys:?}");
    assert!(!keys.contains(&"empresas"), "{keys:?}");
    assert!(!keys.contains(&"usuarios"), "{keys:?}");
    assert!(keys.contains(&"sair"), "{keys:?}");
    let routes: Vec<&str> = body["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert!(routes.contains(&"/expedicao/transportadora"));
    assert!(!routes.contains(&"/empresas"));

    let cookie = anon.sign_in_on("admin@patio.local", "staff").await;
    let (_, body, _) = cookie.get("/api/auth/session").await.parts();
    let routes: Vec<&str> = body["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert!(
        routes.contains(&"/empresas") && routes.contains(&"/settings"),
        "{routes:?}"
    );
    let keys: Vec<&str> = body["menu"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["key"].as_str().unwrap())
        .collect();
    // The root administrator sees every built page; pages not built yet stay out.
    for key in [
        "empresas",
        "transportadoras",
        "usuarios",
        "logs",
        "configuracao",
        "pedidos",
        "motoristas",
        "historico",
        "recuperar",
    ] {
        assert!(keys.contains(&key), "{key} missing from {keys:?}");
    }
}

#[actix_rt::test]
async fn bearer_token_is_accepted_and_logout_clears_the_cookie() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (_, body, _) = anon
        .send(login("usuario@patio.local", PASSWORD, "staff"))
        .await
        .parts();
    let token = body["accessToken"].as_str().unwrap().to_owned();
    let (status, body, _) = anon
        .send(
            TestRequest::get()
                .uri("/api/auth/session")
                .insert_header(("Authorization", format!("Bearer {token}"))),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["email"], "usuario@patio.local");

    let (status, _, cookies) = anon
        .send(TestRequest::post().uri("/api/auth/logout"))
        .await
        .parts();
    assert_eq!(status, StatusCode::NO_CONTENT);
    let cleared = cookies
        .iter()
        .find(|c| c.starts_with("patio_staff="))
        .unwrap();
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
}

#[actix_rt::test]
async fn a_session_of_a_user_disabled_since_sign_in_is_refused() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let cookie = anon.sign_in_on("usuario@patio.local", "staff").await;
    // why: disabled outside this server's forms (another instance, an operator): the session
    // check must read the account, not hear of a save.
    app.sql("UPDATE users SET is_enabled = FALSE WHERE email = 'usuario@patio.local'");
    let (status, body, _) = cookie.get("/api/auth/session").await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "Sessão expirada. Entre novamente.");
}

#[actix_rt::test]
async fn forged_session_cookie_is_ignored() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, _, _) = anon
        .send(
            TestRequest::get()
                .uri("/api/auth/session")
                .insert_header(("Cookie", "patio_staff=eyJhbGciOiJIUzI1NiJ9.e30.forged")),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
