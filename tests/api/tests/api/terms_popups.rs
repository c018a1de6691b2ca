//! Terms of use and pop-ups as the settings screens write them (spec 3 sections 2, 3, 6, 7, 8):
//! server-side sanitising, one active term per company and acceptance asked again, duplicates,
//! pop-up periods, image upload by content, read counting (views vs unique drivers), the role
//! and tenant matrix, staff and driver logs.

use crate::{common, settings_support};
use actix_web::http::StatusCode;
use chrono::{DateTime, Utc};
use common::*;
use serde_json::{json, Value};
use settings_support::*;

const DIRTY: &str = r#"<h2>Política</h2><p onclick="roubar()">Leia <b>com atenção</b> e <em>aceite</em>.</p><script>alert('x')</script><a href="javascript:alert(1)">clique</a> <a href="https://patio.example/termos">versão completa</a><img src="x" onerror="alert(2)"><ul><li>um</li></ul>"#;

fn term_body(company: i64, id: Option<i64>, title: &str, content: &str, active: bool) -> Value {
    json!({ "id": id, "title": title, "content": content, "active": active, "company": { "id": company } })
}

fn active_terms(app: &TestApp, company: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM use_terms WHERE company_id = {company} AND active"
    ))
}

fn use_terms_of(app: &TestApp, table: &str, id: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT use_terms::int::bigint AS v FROM {table} WHERE id = {id}"
    ))
}

fn assert_clean(html: &str) {
    for bad in [
        "script",
        "onclick",
        "onerror",
        "javascript",
        "alert",
        "roubar",
    ] {
        assert!(!html.contains(bad), "{bad} left in {html}");
    }
    for kept in [
        "<h2>Política</h2>",
        "<b>com atenção</b>",
        "<em>aceite</em>",
        "<ul><li>um</li></ul>",
        r#"href="https://patio.example/termos""#,
    ] {
        assert!(html.contains(kept), "{kept} missing in {html}");
    }
}

#[actix_rt::test]
async fn a_term_is_sanitised_and_one_term_is_active_per_company() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let d = app.ids.demo;

    let (status, body, _) = p
        .usuario
        .post(
            "/api/useTerm/save",
            term_body(d, None, "Termos 2026", DIRTY, true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Cadastro realizado com sucesso");
    let first = body["useTerm"]["id"].as_i64().unwrap();
    assert_eq!(body["useTerm"]["active"], true);
    assert_eq!(body["useTerm"]["company"]["id"], d);
    assert_clean(body["useTerm"]["content"].as_str().unwrap());
    // Stored sanitised, and what the login pages read.
    assert_clean(&app.scalar_text("SELECT content AS v FROM use_terms"));
    let (_, public, _) = anon
        .get(&format!("/api/useTerm/user/company/{d}"))
        .await
        .parts();
    assert_eq!(public["id"], first);
    assert_clean(public["content"].as_str().unwrap());

    // A second active term deactivates the first: exactly one active.
    let (status, body, _) = p
        .root
        .post(
            "/api/useTerm/save",
            term_body(d, None, "Termos 2027", "<p>Nova versão</p>", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let second = body["useTerm"]["id"].as_i64().unwrap();
    assert_eq!(active_terms(&app, d), 1);
    let (_, one, _) = p
        .usuario
        .get(&format!("/api/useTerm/{first}"))
        .await
        .parts();
    assert_eq!(one["active"], false);
    // An inactive term saved does not touch the active one.
    let (status, _, _) = p
        .usuario
        .post(
            "/api/useTerm/save",
            term_body(d, None, "Rascunho", "<p>Ainda não</p>", false),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(active_terms(&app, d), 1);
    // Re-activating the first one by id moves the active mark back.
    let (status, body, _) = p
        .usuario
        .post(
            "/api/useTerm/save",
            term_body(d, Some(first), "Termos 2026", "<p>Revisado</p>", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["useTerm"]["content"], "<p>Revisado</p>");
    assert_eq!(active_terms(&app, d), 1);
    let (_, list, _) = p
        .usuario
        .get(&format!("/api/useTerm/company/{d}"))
        .await
        .parts();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 3);
    assert_eq!(
        list.iter()
            .filter(|t| t["active"] == true)
            .map(|t| t["id"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        vec![first]
    );
    assert_ne!(first, second);
    assert_eq!(staff_logs(&app, "USE_TERM", "CREATE"), 3);
    assert_eq!(staff_logs(&app, "USE_TERM", "UPDATE"), 1);
}

#[actix_rt::test]
async fn a_new_active_version_must_be_accepted_again() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let d = app.ids.demo;
    // Everyone of the demo has accepted (the seed); Outra Empresa's driver too.
    assert_eq!(use_terms_of(&app, "users", app.ids.transp), 1);
    assert_eq!(use_terms_of(&app, "drivers", app.ids.driver), 1);

    let (status, body, _) = p
        .root
        .post(
            "/api/useTerm/save",
            term_body(d, None, "Termos", "<p>v1</p>", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        body["acceptanceReset"], 2,
        "the Transportadora user and the driver"
    );
    let term = body["useTerm"]["id"].as_i64().unwrap();
    assert_eq!(use_terms_of(&app, "users", app.ids.transp), 0);
    assert_eq!(use_terms_of(&app, "drivers", app.ids.driver), 0);
    // Other roles are never asked; other companies are untouched.
    assert_eq!(use_terms_of(&app, "users", app.ids.usuario), 1);
    assert_eq!(use_terms_of(&app, "drivers", app.ids.other_driver), 1);
    // The driver's next session is sent to the approval page.
    let (_, login, _) = anon
        .post(
            "/api/auth/app/login",
            driver_login_body(DEMO_CPF, d, "1990-01-15"),
        )
        .await
        .parts();
    assert_eq!(login["mustApproveTerms"], true);

    // Saving it unchanged, or only deactivating it, asks nothing: the two people asked accept
    // it first, each on their approval page.
    p.transp
        .post(
            "/api/useTerm/authorization/save",
            json!({ "hasWhats": true, "hasSMS": false, "hasEmail": true,
                    "user": { "id": app.ids.transp }, "driver": null,
                    "useTerm": { "id": term }, "contact": [] }),
        )
        .await
        .expect(StatusCode::CREATED);
    p.driver
        .post(
            "/api/useTerm/authorization/save",
            json!({ "hasWhats": false, "hasSMS": true, "hasEmail": false,
                    "driver": { "id": app.ids.driver }, "useTerm": { "id": term },
                    "contact": [{ "name": "Motorista", "fone": "(66) 9 9999-0000",
                                  "email": "m@demo.local" }] }),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(use_terms_of(&app, "users", app.ids.transp), 1);
    assert_eq!(use_terms_of(&app, "drivers", app.ids.driver), 1);
    let (status, body, _) = p
        .root
        .post(
            "/api/useTerm/save",
            term_body(d, Some(term), "Termos", "<p>v1</p>", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["acceptanceReset"], 0);
    assert_eq!(use_terms_of(&app, "drivers", app.ids.driver), 1);
    // A changed text is a new version.
    let (_, body, _) = p
        .root
        .post(
            "/api/useTerm/save",
            term_body(d, Some(term), "Termos", "<p>v2</p>", true),
        )
        .await
        .parts();
    assert_eq!(body["acceptanceReset"], 2);
    assert_eq!(use_terms_of(&app, "drivers", app.ids.driver), 0);
    let details = app.scalar_text(
        "SELECT details::text AS v FROM staff_logs WHERE object_type = 'USE_TERM' ORDER BY id DESC LIMIT 1",
    );
    assert!(details.contains("Novo aceite exigido"), "{details}");
}

#[actix_rt::test]
async fn term_duplicates_and_validation_messages() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let d = app.ids.demo;
    let (status, _, _) = p
        .usuario
        .post(
            "/api/useTerm/save",
            term_body(d, None, "Termos", "<p>a</p>", false),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED);
    let (status, body, _) = p
        .usuario
        .post(
            "/api/useTerm/save",
            term_body(d, None, " termos ", "<p>b</p>", false),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "duplicate");
    assert_eq!(body["message"], "Dado já cadastrado!");
    // The same title in another company is fine.
    let (status, _, _) = p
        .other_usuario
        .post(
            "/api/useTerm/save",
            term_body(app.ids.other, None, "Termos", "<p>c</p>", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED);

    let (status, body, _) = p
        .usuario
        .post(
            "/api/useTerm/save",
            term_body(d, None, "  ", "<p><br></p>", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["fields"]["title"], "Título é obrigatório");
    assert_eq!(body["fields"]["content"], "Conteúdo é obrigatório");
    // Content that is only a script is empty once sanitised.
    let (status, body, _) = p
        .usuario
        .post(
            "/api/useTerm/save",
            term_body(d, None, "Só script", "<script>alert(1)</script>", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["fields"]["content"], "Conteúdo é obrigatório");
    assert_eq!(active_terms(&app, d), 0);
}

#[actix_rt::test]
async fn terms_roles_and_tenants() {
    let app = TestApp::new();
    let term = app
        .admin()
        .await
        .post(
            "/api/useTerm/save",
            term_body(app.ids.demo, None, "Termos", "<p>x</p>", true),
        )
        .await
        .expect(StatusCode::CREATED)["useTerm"]["id"]
        .as_i64()
        .unwrap();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let d = app.ids.demo;
    let list = format!("/api/useTerm/company/{d}");
    let one = format!("/api/useTerm/{term}");
    let body = term_body(d, None, "Novo", "<p>y</p>", false);

    // Administrators (root or not) and the company's Usuario manage terms.
    for cookie in [&p.root, &p.admin, &p.usuario] {
        assert_eq!(cookie.get(&list).await.parts().0, StatusCode::OK);
        assert_eq!(cookie.get(&one).await.parts().0, StatusCode::OK);
    }
    let (status, _, _) = p
        .admin
        .post("/api/useTerm/save", body.clone())
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED);
    // Other roles and drivers: 403.
    for cookie in [&p.expedicao, &p.espectador, &p.transp, &p.driver] {
        assert_eq!(cookie.get(&list).await.parts().0, StatusCode::FORBIDDEN);
        assert_eq!(cookie.get(&one).await.parts().0, StatusCode::FORBIDDEN);
        let mut b = body.clone();
        b["title"] = json!("Outro");
        assert_eq!(
            cookie.post("/api/useTerm/save", b).await.parts().0,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            cookie
                .delete(&format!("/api/useTerm/delete/{term}"))
                .await
                .parts()
                .0,
            StatusCode::FORBIDDEN
        );
    }
    // Another company's Usuario: 404 for every call on the demo's terms.
    let o = &p.other_usuario;
    assert_eq!(o.get(&list).await.parts().0, StatusCode::NOT_FOUND);
    assert_eq!(o.get(&one).await.parts().0, StatusCode::NOT_FOUND);
    let mut b = body.clone();
    b["title"] = json!("Invasor");
    assert_eq!(
        o.post("/api/useTerm/save", b).await.parts().0,
        StatusCode::NOT_FOUND
    );
    // Nor by naming its own company with the demo's term id.
    let (status, _, _) = o
        .post(
            "/api/useTerm/save",
            term_body(app.ids.other, Some(term), "Sequestro", "<p>z</p>", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        o.delete(&format!("/api/useTerm/delete/{term}"))
            .await
            .parts()
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        p.root.get("/api/useTerm/999999").await.parts().0,
        StatusCode::NOT_FOUND
    );

    // Delete.
    let (status, _, _) = p
        .usuario
        .delete(&format!("/api/useTerm/delete/{term}"))
        .await
        .parts();
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(active_terms(&app, d), 0);
    assert_eq!(staff_logs(&app, "USE_TERM", "DELETE"), 1);
    assert_eq!(p.usuario.get(&one).await.parts().0, StatusCode::NOT_FOUND);
}

fn popup_body(company: i64, title: &str, start: &str, end: &str, active: bool) -> Value {
    json!({
        "id": null, "start_at": start, "end_at": end, "active": active, "title": title,
        "label": "Aviso aos motoristas", "content": DIRTY, "company": { "id": company }
    })
}

fn set_clock(app: &TestApp, at: &str) {
    *app.clock.0.lock().unwrap() = DateTime::parse_from_rfc3339(at)
        .unwrap()
        .with_timezone(&Utc);
}

#[actix_rt::test]
async fn popups_are_saved_sanitised_within_their_period_and_read_by_drivers() {
    let app = TestApp::new();
    set_clock(&app, "2026-03-10T15:00:00Z");
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let d = app.ids.demo;

    let (status, now, _) = p
        .usuario
        .post(
            "/api/popups/save",
            popup_body(d, "Safra", "2026-03-01", "2026-03-31", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED, "{now}");
    assert_clean(now["content"].as_str().unwrap());
    assert_eq!(
        now["start_at"], "2026-03-01T03:00:00Z",
        "the day starts in São Paulo"
    );
    assert_eq!(
        now["end_at"], "2026-04-01T02:59:59Z",
        "and ends at its last second"
    );
    assert_eq!(now["label"], "Aviso aos motoristas");
    assert_eq!(now["views"], 0);
    assert_eq!(now["viewsUnique"], 0);
    let popup = now["id"].as_i64().unwrap();
    for (title, start, end, active) in [
        ("Inativo", "2026-03-01", "2026-03-31", false),
        ("Vencido", "2026-02-01", "2026-02-28", true),
        ("Futuro", "2026-04-01T00:00:00-03:00", "2026-04-30", true),
    ] {
        let (status, body, _) = p
            .root
            .post("/api/popups/save", popup_body(d, title, start, end, active))
            .await
            .parts();
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    assert_eq!(staff_logs(&app, "POPUP", "CREATE"), 4);

    // The driver sees only the active one within its period.
    let active = format!("/api/popups/company/active/{d}");
    let (status, list, _) = p.driver.get(&active).await.parts();
    assert_eq!(status, StatusCode::OK, "{list}");
    let titles: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Safra"]);
    assert_eq!(p.usuario.get(&active).await.parts().0, StatusCode::OK);
    assert_eq!(
        p.other_driver.get(&active).await.parts().0,
        StatusCode::NOT_FOUND
    );
    // Managers see all four.
    let (_, all, _) = p
        .usuario
        .get(&format!("/api/popups/company/{d}"))
        .await
        .parts();
    assert_eq!(all.as_array().unwrap().len(), 4);

    // Reads: the demo driver twice, a second demo driver once: 3 views, 2 drivers.
    let second = fixtures::saved_driver(&app, d, "SEGUNDO MOTORISTA", "39053344705", "1980-05-05");
    let second_cookie = app.driver_id(second, d).await;
    let read = |driver: i64| {
        post(
            "/api/popups/read",
            json!({ "id": popup, "driver": { "id": driver }, "company": { "id": d } }),
        )
    };
    for (cookie, driver) in [
        (&p.driver, app.ids.driver),
        (&p.driver, app.ids.driver),
        (&second_cookie, second),
    ] {
        let (status, body, _) = cookie.run(read(driver)).await.parts();
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["id"], popup);
        assert_eq!(body["driver"]["id"], driver);
    }
    let (status, views, _) = p
        .usuario
        .get(&format!("/api/popups/view-count/{popup}"))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(views, json!({ "id": popup, "views": 3 }));
    let (_, users, _) = p
        .root
        .get(&format!("/api/popups/users-count/{popup}"))
        .await
        .parts();
    assert_eq!(users, json!({ "id": popup, "viewsUnique": 2 }));
    let (_, all, _) = p
        .usuario
        .get(&format!("/api/popups/company/{d}"))
        .await
        .parts();
    let safra = all
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == popup)
        .unwrap();
    assert_eq!(
        (safra["views"].as_i64(), safra["viewsUnique"].as_i64()),
        (Some(3), Some(2))
    );
    // Each read is a READ_POPUP driver log with the pop-up's title and label.
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE operation_type = 'READ_POPUP' AND driver_id = {}",
            app.ids.driver
        )),
        2
    );
    assert_eq!(
        app.scalar_text("SELECT data->'popup'->>'title' AS v FROM driver_logs WHERE operation_type = 'READ_POPUP' LIMIT 1"),
        "Safra"
    );

    // A read must be the signed-in driver's, of a pop-up of their company.
    assert_eq!(
        p.driver.run(read(second)).await.parts().0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        p.other_driver
            .run(read(app.ids.other_driver))
            .await
            .parts()
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        p.usuario.run(read(app.ids.driver)).await.parts().0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM popup_reads"),
        3,
        "refused reads record nothing"
    );
}

#[actix_rt::test]
async fn popup_rules_and_the_role_and_tenant_matrix() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let d = app.ids.demo;

    let (status, body, _) = p
        .usuario
        .post(
            "/api/popups/save",
            popup_body(d, "Aviso", "2026-03-05", "2026-03-04", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["fields"]["end_at"],
        "A data final não pode ser anterior à data inicial."
    );
    let mut bad = popup_body(d, "", "ontem", "2026-03-04", true);
    bad["imageUrl"] = json!("javascript:alert(1)");
    let (status, body, _) = p.usuario.post("/api/popups/save", bad).await.parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["fields"]["title"], "Título é obrigatório");
    assert_eq!(body["fields"]["start_at"], "Data inválida.");
    assert!(body["fields"]["imageUrl"]
        .as_str()
        .unwrap()
        .starts_with("Endereço de imagem inválido"));

    let (status, created, _) = p
        .usuario
        .post(
            "/api/popups/save",
            popup_body(d, "Aviso", "2026-03-01", "2026-03-04", true),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    // Update by id, keeping the image untouched when imageUrl is left out.
    // why: a known stored image path that the answer must repeat (an upload names its file).
    app.sql(&format!(
        "UPDATE popups SET image_url = '/uploads/popups/x.png' WHERE id = {id}"
    ));
    let mut update = popup_body(d, "Aviso editado", "2026-03-01", "2026-03-06", false);
    update["id"] = json!(id);
    let (status, updated, _) = p.root.post("/api/popups/save", update).await.parts();
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert_eq!(updated["title"], "Aviso editado");
    assert_eq!(updated["active"], false);
    assert_eq!(updated["imageUrl"], "/uploads/popups/x.png");
    assert_eq!(staff_logs(&app, "POPUP", "UPDATE"), 1);

    for cookie in [&p.expedicao, &p.espectador, &p.transp, &p.driver] {
        for uri in [
            format!("/api/popups/company/{d}"),
            format!("/api/popups/view-count/{id}"),
            format!("/api/popups/users-count/{id}"),
        ] {
            assert_eq!(
                cookie.get(&uri).await.parts().0,
                StatusCode::FORBIDDEN,
                "{uri}"
            );
        }
        assert_eq!(
            cookie
                .post("/api/popups/save", popup_body(d, "X", "", "", true))
                .await
                .parts()
                .0,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            cookie
                .delete(&format!("/api/popups/delete/{id}"))
                .await
                .parts()
                .0,
            StatusCode::FORBIDDEN
        );
    }
    let o = &p.other_usuario;
    for uri in [
        format!("/api/popups/company/{d}"),
        format!("/api/popups/view-count/{id}"),
        format!("/api/popups/users-count/{id}"),
    ] {
        assert_eq!(o.get(&uri).await.parts().0, StatusCode::NOT_FOUND, "{uri}");
    }
    assert_eq!(
        o.post("/api/popups/save", popup_body(d, "X", "", "", true))
            .await
            .parts()
            .0,
        StatusCode::NOT_FOUND
    );
    let mut hijack = popup_body(app.ids.other, "X", "", "", true);
    hijack["id"] = json!(id);
    assert_eq!(
        o.post("/api/popups/save", hijack).await.parts().0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        o.delete(&format!("/api/popups/delete/{id}"))
            .await
            .parts()
            .0,
        StatusCode::NOT_FOUND
    );

    // Delete takes its reads with it.
    p.driver
        .post(
            "/api/popups/read",
            json!({ "id": id, "driver": { "id": app.ids.driver }, "company": { "id": d } }),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM popup_reads"), 1);
    assert_eq!(
        p.admin
            .delete(&format!("/api/popups/delete/{id}"))
            .await
            .parts()
            .0,
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM popup_reads"), 0);
    assert_eq!(staff_logs(&app, "POPUP", "DELETE"), 1);
    assert_eq!(
        p.root
            .get(&format!("/api/popups/view-count/{id}"))
            .await
            .parts()
            .0,
        StatusCode::NOT_FOUND
    );
}

#[actix_rt::test]
async fn popup_image_upload_is_checked_by_content_and_size() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let d = app.ids.demo;
    let (_, created, _) = p
        .usuario
        .post(
            "/api/popups/save",
            popup_body(d, "Com imagem", "", "", true),
        )
        .await
        .parts();
    let id = created["id"].as_i64().unwrap().to_string();
    let upload = |name: &str, bytes: &[u8]| {
        multipart(
            "/api/popups/upload",
            &[file("image", name, "image/png", bytes), text("id", &id)],
        )
    };

    let (status, body, _) = p.usuario.send(upload("a.png", &png())).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    let first = body["imageUrl"].as_str().unwrap().to_owned();
    assert!(
        first.starts_with("/uploads/popups/") && first.ends_with(".png"),
        "{first}"
    );
    assert!(uploaded_file(&app, &first).is_file());
    let (status, body, _) = p.usuario.send(upload("b.jpg", &jpeg())).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    let second = body["imageUrl"].as_str().unwrap().to_owned();
    assert!(second.ends_with(".jpg"));
    assert!(
        !uploaded_file(&app, &first).exists(),
        "the replaced image is removed"
    );
    assert_eq!(staff_logs(&app, "POPUP", "UPDATE"), 2);

    let (status, body, _) = p
        .usuario
        .send(upload("texto.png", b"apenas texto"))
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["fields"]["image"], "A imagem deve ser PNG ou JPEG.");
    let (status, body, _) = p
        .usuario
        .send(upload("grande.png", &png_of_size(3 * 1024 * 1024)))
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["fields"]["image"], "A imagem deve ter no máximo 2 MB.");
    assert_eq!(
        p.expedicao.send(upload("a.png", &png())).await.parts().0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        p.driver.send(upload("a.png", &png())).await.parts().0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        p.other_usuario
            .send(upload("a.png", &png()))
            .await
            .parts()
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT image_url AS v FROM popups WHERE id = {id}"
        )),
        second,
        "refused uploads change nothing"
    );

    // Deleting the pop-up removes its image.
    assert_eq!(
        p.usuario
            .delete(&format!("/api/popups/delete/{id}"))
            .await
            .parts()
            .0,
        StatusCode::NO_CONTENT
    );
    assert!(!uploaded_file(&app, &second).exists());
}
