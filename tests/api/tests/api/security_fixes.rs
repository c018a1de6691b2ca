//! The defects found by the security probe of issue 9, one behaviour per test: sign-out,
//! password changes within a second, cross-origin writes, security headers, NUL bytes, ids
//! beyond 64 bits, a database outage, Secure cookies and the shared login throttle.
//! (The driver takeover across companies is in auth_driver.rs, with its matrix.)

use crate::common;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::{DurationRound, TimeDelta};
use common::admin::*;
use common::*;
use serde_json::json;

fn bearer_get(uri: &str, token: &str) -> TestRequest {
    TestRequest::get()
        .uri(uri)
        .insert_header(("Authorization", format!("Bearer {token}")))
}

// ---- 2. Sign-out ends the session

#[actix_rt::test]
async fn logout_ends_the_session_for_the_same_token() {
    let app = TestApp::new();
    let cookie = app.usuario_of(app.ids.demo).await;
    let elsewhere = app.usuario_of(app.ids.demo).await;
    cookie.get("/api/auth/session").await.expect(StatusCode::OK);

    let (status, _, cookies) = cookie.post_empty("/api/auth/logout").await.parts();
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(cookies.iter().any(|c| c.starts_with("patio_staff=;")));
    // The same token, replayed: no session.
    cookie
        .get("/api/auth/session")
        .await
        .expect(StatusCode::UNAUTHORIZED);
    // The account's session on another device stands.
    elsewhere
        .get("/api/auth/session")
        .await
        .expect(StatusCode::OK);
}

#[actix_rt::test]
async fn logout_ends_a_bearer_session_on_every_instance() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let other_instance = app
        .on(app.state_with_pool(app.db.pool().clone()))
        .anonymous()
        .await;
    let (status, body, _) = anon
        .post(
            "/api/auth/login",
            staff_login_body(ADMIN, PASSWORD, None, "staff"),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    let token = body["accessToken"].as_str().unwrap().to_owned();
    other_instance
        .send(bearer_get("/api/auth/session", &token))
        .await
        .expect(StatusCode::OK);
    let (status, _, _) = anon
        .send(
            TestRequest::post()
                .uri("/api/auth/logout")
                .insert_header(("Authorization", format!("Bearer {token}"))),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::NO_CONTENT);
    anon.send(bearer_get("/api/auth/session", &token))
        .await
        .expect(StatusCode::UNAUTHORIZED);
    other_instance
        .send(bearer_get("/api/auth/session", &token))
        .await
        .expect(StatusCode::UNAUTHORIZED);
}

#[actix_rt::test]
async fn driver_logout_ends_the_driver_session() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, _, cookies) = anon
        .post(
            "/api/auth/app/login",
            driver_login_body(DEMO_CPF, app.ids.demo, "1990-01-15"),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED);
    let cookie = anon.with_cookie(&cookie_pair(&cookies, "patio_driver"));
    cookie
        .get("/api/auth/app/session")
        .await
        .expect(StatusCode::OK);
    let (status, _, _) = cookie.post_empty("/api/auth/app/logout").await.parts();
    assert_eq!(status, StatusCode::NO_CONTENT);
    cookie
        .get("/api/auth/app/session")
        .await
        .expect(StatusCode::UNAUTHORIZED);
}

// ---- 9. A password change ends the sessions issued before it, in the same second too

#[actix_rt::test]
async fn sessions_issued_earlier_in_the_second_of_a_password_change_end() {
    let app = TestApp::new();
    {
        let mut now = app.clock.0.lock().unwrap();
        *now = now.duration_trunc(TimeDelta::seconds(1)).unwrap();
    }
    let anon = app.anonymous().await;
    let office = app.usuario_of(app.ids.demo).await;
    let phone = app.usuario_of(app.ids.demo).await;
    // 300 ms later, in the same second, the password changes from the office.
    *app.clock.0.lock().unwrap() += TimeDelta::milliseconds(300);
    let (status, body, cookies) = office
        .post(
            "/api/users/profile",
            json!({ "name": "Usuário Demo", "fone": "66988887777", "password": "outrasenha" }),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    let renewed = anon.with_cookie(&cookie_pair(&cookies, "patio_staff"));
    renewed
        .get("/api/auth/session")
        .await
        .expect(StatusCode::OK);
    for old in [&phone, &office] {
        old.get("/api/auth/session")
            .await
            .expect(StatusCode::UNAUTHORIZED);
    }
}

// ---- 3. Cross-origin writes with the cookie

#[actix_rt::test]
async fn cookie_writes_from_another_origin_are_refused_and_bearer_clients_keep_working() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let cookie = app.admin().await;
    let from = |uri: &str, site: Option<&str>, origin: Option<&str>| {
        let mut req = TestRequest::post()
            .uri(uri)
            .insert_header(("Host", "localhost:8080"))
            .insert_header(("Cookie", cookie.cookie()));
        if let Some(site) = site {
            req = req.insert_header(("Sec-Fetch-Site", site));
        }
        if let Some(origin) = origin {
            req = req.insert_header(("Origin", origin));
        }
        req
    };
    // A page on another port of the same host (same site, other origin), and another site.
    for (site, origin) in [
        (Some("same-site"), Some("http://localhost:9999")),
        (Some("cross-site"), Some("https://evil.example")),
        (None, Some("http://localhost:9999")),
    ] {
        for uri in [
            "/api/popups/upload",
            "/api/settings/upload",
            "/api/auth/logout",
        ] {
            let (status, body, _) = anon.send(from(uri, site, origin)).await.parts();
            assert_eq!(status, StatusCode::FORBIDDEN, "{uri} {site:?} {origin:?}");
            assert_eq!(body["message"], "Requisição de outra origem não permitida.");
        }
    }
    // The refused logout did not run: the session stands.
    cookie.get("/api/auth/session").await.expect(StatusCode::OK);
    // A Bearer client is not a browser riding a cookie.
    let (_, body, _) = anon
        .post(
            "/api/auth/login",
            staff_login_body(USUARIO, PASSWORD, None, "staff"),
        )
        .await
        .parts();
    let token = body["accessToken"].as_str().unwrap();
    let (status, _, _) = anon
        .send(
            TestRequest::post()
                .uri("/api/auth/logout")
                .insert_header(("Origin", "https://evil.example"))
                .insert_header(("Authorization", format!("Bearer {token}"))),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::NO_CONTENT);
    // The app's own page, by either header.
    let (status, _, _) = anon
        .send(from(
            "/api/auth/logout",
            Some("same-origin"),
            Some("http://localhost:8080"),
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::NO_CONTENT);
    let cookie = app.admin().await;
    let (status, _, _) = anon
        .send(
            TestRequest::post()
                .uri("/api/auth/logout")
                .insert_header(("Host", "localhost:8080"))
                .insert_header(("Origin", "http://localhost:8080"))
                .insert_header(("Cookie", cookie.cookie())),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::NO_CONTENT);
}

// ---- 4. Security headers

fn header(res: &Res, name: &str) -> String {
    res.header(name).unwrap_or_default()
}

#[actix_rt::test]
async fn the_app_and_the_api_answer_with_security_headers_and_refuse_to_be_framed() {
    let app = TestApp::new();
    let dir = std::env::temp_dir().join(format!("patio-spa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Pátio</title>",
    )
    .unwrap();
    let mut state = app.state.clone();
    state.config.static_dir = Some(dir);
    let wiring = app.on(state);
    let anon = wiring.anonymous().await;
    for uri in ["/login", "/api/auth/session", "/api/company/host?host=x"] {
        let res = anon.get(uri).await;
        let csp = header(&res, "content-security-policy");
        assert!(csp.contains("frame-ancestors 'none'"), "{uri}: {csp}");
        assert_eq!(header(&res, "x-frame-options"), "DENY", "{uri}");
        assert_eq!(header(&res, "x-content-type-options"), "nosniff", "{uri}");
        assert_eq!(header(&res, "referrer-policy"), "same-origin", "{uri}");
    }
    let res = anon.get("/login").await;
    let csp = header(&res, "content-security-policy");
    assert!(
        csp.contains("script-src 'self' https://www.google.com/recaptcha/"),
        "{csp}"
    );
}

// ---- 5. A NUL byte is refused at the edge, never a 500

#[actix_rt::test]
async fn a_nul_byte_in_a_query_path_or_body_is_refused_with_400_and_changes_nothing() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let nul = "A requisição contém um caractere inválido (NUL).";
    // Public and signed-in reads, by query and by path.
    for req in [
        get("/api/company/host?host=%00"),
        get("/api/company?search=%00"),
        get("/api/customer/like/ab%00cd"),
    ] {
        let (status, body, _) = usuario.run(req).await.parts();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["message"], nul);
    }
    // A JSON body, escaped as JSON sends it.
    let before = app.scalar_i64("SELECT count(*) AS v FROM customers");
    let mut customer = customer_body(77, "Fazenda\u{0}Nula", None);
    customer["company"] = json!("Nula\u{0} SA");
    let (status, body, _) = usuario.post("/api/customer/create", customer).await.parts();
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["message"], nul);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM customers"),
        before
    );
    // A backslash followed by the text u0000 is just text.
    let (status, body, _) = usuario
        .post(
            "/api/customer/create",
            customer_body(78, "Fazenda \\u0000 Literal", None),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // A multipart text field.
    let boundary = "XyZ";
    let multipart = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"id\"\r\n\r\n1\0\r\n--{boundary}--\r\n"
    );
    let (status, body, _) = anon
        .send(
            TestRequest::post()
                .uri("/api/popups/upload")
                .insert_header(("Cookie", usuario.cookie()))
                .insert_header((
                    "Content-Type",
                    format!("multipart/form-data; boundary={boundary}"),
                ))
                .set_payload(multipart),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["message"], nul);
}

// ---- 10. An id that is not a 64-bit integer is 422, never a new record

#[actix_rt::test]
async fn an_id_beyond_64_bits_or_not_an_integer_is_422_and_creates_nothing() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let company = app.ids.demo;
    let popups = || app.scalar_i64("SELECT count(*) AS v FROM popups");
    let before = popups();
    for bad in [json!(1e20), json!(1.5), json!("abc"), json!(true)] {
        let body = json!({
            "id": bad, "title": "Aviso", "active": true, "content": "<p>x</p>",
            "start_at": "2026-03-01", "end_at": "2026-03-31", "company": { "id": company }
        });
        let (status, answer, _) = usuario.post("/api/popups/save", body).await.parts();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {answer}");
        assert_eq!(answer["fields"]["id"], "Identificador inválido.", "{bad}");
    }
    assert_eq!(popups(), before, "nothing was created");
    // Typed bodies: a fraction or a number beyond 64 bits where an integer goes.
    let customers = || app.scalar_i64("SELECT count(*) AS v FROM customers");
    let before = customers();
    for bad in [json!(1e20), json!(1.5)] {
        let mut body = customer_body(90, "Fazenda Grande", None);
        body["id"] = bad.clone();
        let (status, answer, _) = usuario.post("/api/customer/create", body).await.parts();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {answer}");
        assert_eq!(answer["code"], "validation");
    }
    assert_eq!(customers(), before);
}

// ---- 7. Cookies are Secure whenever the request came over HTTPS

#[actix_rt::test]
async fn session_cookies_are_secure_behind_https_and_plain_on_plain_http() {
    let app = TestApp::new();
    let proxy = "10.9.8.7";
    let mut state = app.state.clone();
    state.config.trusted_proxies = vec![proxy.parse().unwrap()];
    let wiring = app.on(state);
    let anon = wiring.anonymous().await;
    let sign_in = |peer: &str, proto: Option<&str>| {
        let mut req = TestRequest::post()
            .uri("/api/auth/login")
            .peer_addr(addr(peer))
            .set_json(staff_login_body(USUARIO, PASSWORD, None, "staff"));
        if let Some(proto) = proto {
            req = req.insert_header(("X-Forwarded-Proto", proto));
        }
        req
    };
    let session_cookie = |cookies: &[String]| {
        cookies
            .iter()
            .find(|c| c.starts_with("patio_staff="))
            .cloned()
            .unwrap()
    };
    // Behind the trusted proxy that terminated HTTPS: Secure, with no flag set.
    let (status, _, cookies) = anon.send_as_is(sign_in(proxy, Some("https"))).await.parts();
    assert_eq!(status, StatusCode::OK);
    assert!(session_cookie(&cookies).contains("Secure"), "{cookies:?}");
    // Plain http (`make run`): the browser must get the cookie back, so not Secure.
    let (_, _, cookies) = anon.send_as_is(sign_in("192.168.0.20", None)).await.parts();
    assert!(!session_cookie(&cookies).contains("Secure"), "{cookies:?}");
    // Anyone else's X-Forwarded-Proto is not believed, and a proxy saying http is plain.
    let (_, _, cookies) = anon
        .send_as_is(sign_in("192.168.0.20", Some("https")))
        .await
        .parts();
    assert!(!session_cookie(&cookies).contains("Secure"), "{cookies:?}");
    let (_, _, cookies) = anon.send_as_is(sign_in(proxy, Some("http"))).await.parts();
    assert!(!session_cookie(&cookies).contains("Secure"), "{cookies:?}");
    // The sign-out's removal cookie follows the same rule.
    let (_, _, cookies) = anon.send_as_is(sign_in(proxy, Some("https"))).await.parts();
    let cookie = anon.with_cookie(&cookie_pair(&cookies, "patio_staff"));
    let (status, _, cookies) = anon
        .send_as_is(
            TestRequest::post()
                .uri("/api/auth/logout")
                .peer_addr(addr(proxy))
                .insert_header(("X-Forwarded-Proto", "https"))
                .insert_header(("Cookie", cookie.cookie())),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(session_cookie(&cookies).contains("Secure"), "{cookies:?}");
}

// ---- 8. The throttle is shared by the instances and cannot lock the owner out

fn sign_in_from(peer: &str, password: &str, device: Option<&str>) -> TestRequest {
    let mut req = TestRequest::post()
        .uri("/api/auth/login")
        .peer_addr(addr(peer))
        .set_json(staff_login_body(USUARIO, password, None, "staff"));
    if let Some(device) = device {
        req = req.insert_header(("Cookie", device.to_owned()));
    }
    req
}

#[actix_rt::test]
async fn a_flood_of_wrong_passwords_does_not_lock_the_owner_out_of_a_known_browser() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    // The owner signed in from this browser before: it keeps a device mark.
    let (status, _, cookies) = anon
        .send_as_is(sign_in_from("10.1.1.1", PASSWORD, None))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    let device = cookie_pair(&cookies, "patio_device");
    assert!(cookies
        .iter()
        .any(|c| c.starts_with("patio_device=") && c.contains("HttpOnly")));
    // Someone floods the account with wrong passwords from elsewhere.
    for _ in 0..8 {
        let (status, _, _) = anon
            .send_as_is(sign_in_from("203.0.113.9", "errada", None))
            .await
            .parts();
        assert!(
            status == StatusCode::UNAUTHORIZED || status == StatusCode::TOO_MANY_REQUESTS,
            "{status}"
        );
    }
    // A browser without the mark meets the account limit, even with the right password.
    let (status, body, _) = anon
        .send_as_is(sign_in_from("10.1.1.2", PASSWORD, None))
        .await
        .parts();
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(
        body["message"],
        "Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente."
    );
    // The owner's browser signs in.
    let (status, body, _) = anon
        .send_as_is(sign_in_from("10.1.1.1", PASSWORD, Some(&device)))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    // A forged or another account's mark counts for nothing.
    let (status, _, _) = anon
        .send_as_is(sign_in_from(
            "10.1.1.3",
            PASSWORD,
            Some("patio_device=forjado"),
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // The browser's own wrong passwords still count: five and it waits too.
    for _ in 0..5 {
        anon.send_as_is(sign_in_from("10.1.1.1", "errada", Some(&device)))
            .await
            .parts();
    }
    let (status, _, _) = anon
        .send_as_is(sign_in_from("10.1.1.1", PASSWORD, Some(&device)))
        .await
        .parts();
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[actix_rt::test]
async fn users_behind_one_unconfigured_proxy_address_keep_signing_in_from_known_browsers() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let proxy = "172.16.0.1";
    let (_, _, cookies) = anon
        .send_as_is(sign_in_from(proxy, PASSWORD, None))
        .await
        .parts();
    let device = cookie_pair(&cookies, "patio_device");
    // Thirty failures of other accounts from the same (proxy) address.
    for i in 0..30 {
        let req = TestRequest::post()
            .uri("/api/auth/login")
            .peer_addr(addr(proxy))
            .set_json(staff_login_body(
                &format!("ninguem{i}@x.com"),
                "errada",
                None,
                "staff",
            ));
        anon.send_as_is(req).await.parts();
    }
    // A new browser of an account without failures waits a little (issue 21 item 8).
    let started = std::time::Instant::now();
    let (status, _, _) = anon
        .send_as_is(sign_in_from(proxy, PASSWORD, None))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "strangers wait");
    assert!(started.elapsed() >= std::time::Duration::from_secs(2));
    let (status, body, _) = anon
        .send_as_is(sign_in_from(proxy, PASSWORD, Some(&device)))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[actix_rt::test]
async fn two_instances_on_one_database_enforce_one_login_limit() {
    let app = TestApp::new();
    let a = app
        .on(app.state_with_pool(app.db.pool().clone()))
        .anonymous()
        .await;
    let b = app
        .on(app.state_with_pool(app.db.pool().clone()))
        .anonymous()
        .await;
    for i in 0..5 {
        let on = if i % 2 == 0 { &a } else { &b };
        let (status, _, _) = on
            .send_as_is(sign_in_from("198.51.100.7", "errada", None))
            .await
            .parts();
        assert_eq!(status, StatusCode::UNAUTHORIZED, "attempt {i}");
    }
    for on in [&a, &b] {
        let (status, _, _) = on
            .send_as_is(sign_in_from("198.51.100.8", PASSWORD, None))
            .await
            .parts();
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    }
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM login_failures WHERE key = 'a:usuario@patio.local'"
        ),
        5
    );
}

#[actix_rt::test]
async fn a_path_id_beyond_64_bits_or_not_an_integer_is_422() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    for id in ["99999999999999999999", "1.5", "abc"] {
        let (status, body, _) = usuario.get(&format!("/api/customer/{id}")).await.parts();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{id}: {body}");
        assert_eq!(body["fields"]["id"], "Identificador inválido.");
    }
    // A well-formed id of no record is still 404.
    let (status, _, _) = usuario.get("/api/customer/987654321").await.parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
}
