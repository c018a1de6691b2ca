//! Shipping companies (issue 3): save with login, users' authorizations and contacts, the
//! edit-only rules, list with paging and search, CSV import, delete; roles and tenants.

use crate::common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

fn shipping_of(app: &TestApp, company: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM shipping_companies WHERE company_id = {company}"
    ))
}

#[actix_rt::test]
async fn root_administrator_creates_a_shipping_company_whose_login_signs_in_and_sees_only_it() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let admin = app.admin().await;
    let mut body = shipping_body(20, "Rápido Cerrado", Some(app.ids.demo));
    body["login"] = json!({ "login": "frota@rapido.com", "password": "frota123" });
    body["contact"] = json!([contact("Despacho", "66999990001", "despacho@rapido.com")]);
    let created = admin
        .post("/api/shipping-company/create", body)
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["company"]["id"], app.ids.demo);
    assert_eq!(created["login"], json!({ "login": "frota@rapido.com" }));
    assert_eq!(created["warning"], false);
    assert_eq!(created["users"][0]["email"], "frota@rapido.com");
    assert_eq!(created["contact"][0]["name"], "Despacho");
    assert!(
        !created.to_string().contains("frota123"),
        "passwords are never returned"
    );
    let hash = app.scalar_text(&format!(
        "SELECT login_password_hash AS v FROM shipping_companies WHERE id = {id}"
    ));
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    assert_eq!(log_count(&app, "CREATE", "SHIPPING_COMPANY"), 1);

    // The login is a Transportadora user of that shipping company.
    let (status, session, cookies) = anon
        .post(
            "/api/auth/login",
            staff_login_body("frota@rapido.com", "frota123", None, "staff"),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["role"], "Transportadora");
    assert_eq!(session["shippingCompanyId"], id);
    let carrier = anon.with_cookie(&cookie_pair(&cookies, "patio_staff"));
    let list = carrier
        .get("/api/shipping-company")
        .await
        .expect(StatusCode::OK);
    let ids: Vec<i64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [id]);
    carrier
        .get(&format!("/api/shipping-company/{id}"))
        .await
        .expect(StatusCode::OK);
    carrier
        .get(&format!("/api/shipping-company/{}", app.ids.shipping))
        .await
        .expect(StatusCode::NOT_FOUND);
    // It reads, it does not write.
    carrier
        .post("/api/shipping-company/create", shipping_body(21, "X", None))
        .await
        .expect(StatusCode::FORBIDDEN);

    // A new password replaces the old one and ends the sessions issued before it (a later
    // second: tokens count whole seconds).
    *app.clock.0.lock().unwrap() += chrono::Duration::seconds(5);
    let mut edit = shipping_body(20, "Rápido Cerrado", None);
    edit["id"] = json!(id);
    edit["login"] = json!({ "login": "frota@rapido.com", "password": "nova1234" });
    admin
        .post("/api/shipping-company/create", edit)
        .await
        .expect(StatusCode::OK);
    carrier
        .get("/api/shipping-company")
        .await
        .expect(StatusCode::UNAUTHORIZED);
    let (status, _, _) = anon
        .post(
            "/api/auth/login",
            staff_login_body("frota@rapido.com", "nova1234", None, "staff"),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
}

#[actix_rt::test]
async fn who_may_change_shipping_companies() {
    let app = TestApp::new();
    // An administrator without the root flag reads but does not change them.
    fixtures::plain_admin(&app, "Admin Dois", "adm2@patio.local").await;
    let admin = app.staff("adm2@patio.local").await;
    let list = admin
        .get("/api/shipping-company")
        .await
        .expect(StatusCode::OK);
    assert_eq!(list.as_array().unwrap().len(), 1);
    let body = admin
        .post(
            "/api/shipping-company/create",
            shipping_body(30, "Nova", Some(app.ids.demo)),
        )
        .await
        .expect(StatusCode::FORBIDDEN);
    assert_eq!(body["message"], "Você não tem permissão de acesso!");
    admin
        .delete(&format!(
            "/api/shipping-company/delete/{}",
            app.ids.shipping
        ))
        .await
        .expect(StatusCode::FORBIDDEN);

    // A Usuario manages its own company's.
    let usuario = app.usuario_of(app.ids.demo).await;
    let created = usuario
        .post(
            "/api/shipping-company/create",
            shipping_body(30, "Nova", None),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(created["company"]["id"], app.ids.demo);
    assert_eq!(created["warning"], true, "no user yet");
    let other = app.usuario_of(app.ids.other).await;
    other
        .get(&format!("/api/shipping-company/{}", app.ids.shipping))
        .await
        .expect(StatusCode::NOT_FOUND);
    let mut edit = shipping_body(1, "Tomada", None);
    edit["id"] = json!(app.ids.shipping);
    other
        .post("/api/shipping-company/create", edit)
        .await
        .expect(StatusCode::NOT_FOUND);
    other
        .delete(&format!(
            "/api/shipping-company/delete/{}",
            app.ids.shipping
        ))
        .await
        .expect(StatusCode::NOT_FOUND);
    assert_eq!(shipping_of(&app, app.ids.demo), 2);
    let expedicao = app.expedicao_of(app.ids.demo).await;
    expedicao
        .get("/api/shipping-company")
        .await
        .expect(StatusCode::FORBIDDEN);
}

/// Issue 24: the list's row actions come from the server (`canChange`), not from the
/// browser: spec 1 offers them to a root administrator only; an administrator without the
/// root flag, a Usuario, a Transportadora and another company's Usuario are not offered them,
/// and the writes of those who may not write are still refused.
#[actix_rt::test]
async fn the_list_says_who_may_change_each_shipping_company() {
    let app = TestApp::new();
    fixtures::plain_admin(&app, "Admin Dois", "adm2@patio.local").await;
    let can_change = |list: &Value| -> Vec<bool> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|s| s["canChange"].as_bool().expect("canChange is a boolean"))
            .collect()
    };
    let root = app.admin().await;
    let list = root
        .get("/api/shipping-company")
        .await
        .expect(StatusCode::OK);
    assert_eq!(can_change(&list), vec![true]);
    let one = root
        .get(&format!("/api/shipping-company/{}", app.ids.shipping))
        .await
        .expect(StatusCode::OK);
    assert_eq!(one["canChange"], true);
    let usuario = app.usuario_of(app.ids.demo).await;
    let list = usuario
        .get("/api/shipping-company")
        .await
        .expect(StatusCode::OK);
    assert_eq!(can_change(&list), vec![false]);

    let admin = app.staff("adm2@patio.local").await;
    let list = admin
        .get("/api/shipping-company")
        .await
        .expect(StatusCode::OK);
    assert_eq!(can_change(&list), vec![false]);
    let mut edit = shipping_body(1, "Tomada", None);
    edit["id"] = json!(app.ids.shipping);
    admin
        .post("/api/shipping-company/create", edit.clone())
        .await
        .expect(StatusCode::FORBIDDEN);
    let carrier = app.transportadora_of(app.ids.demo).await;
    let list = carrier
        .get("/api/shipping-company")
        .await
        .expect(StatusCode::OK);
    assert!(can_change(&list).iter().all(|c| !c), "{list}");
    carrier
        .delete(&format!(
            "/api/shipping-company/delete/{}",
            app.ids.shipping
        ))
        .await
        .expect(StatusCode::FORBIDDEN);
    assert_eq!(shipping_of(&app, app.ids.demo), 1);
}

#[actix_rt::test]
async fn the_form_rules_apply_on_edit_only() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let minimal = json!({ "id": 0, "code": 40, "name": "Mínima", "street": "Rua de nome muito comprido 123" });
    let created = usuario
        .post("/api/shipping-company/create", minimal.clone())
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    let mut edit = minimal;
    edit["id"] = json!(id);
    let body = usuario
        .post("/api/shipping-company/create", edit)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        Value::Object(fields(&body).clone()),
        json!({
            "street": "Tamanho máximo de 25 caracteres",
            "cnpj": "Número de CNPJ é obrigatório!",
            "uf": "Estado é obrigatório!",
            "city": "Nome da cidade é obrigatório!",
            "district": "Nome do bairro é obrigatório!",
            "zipCode": "CEP é obrigatório!",
            "stateRegistration": "Inscrição Estadual é obrigatório!",
        })
    );
    let body = usuario
        .post(
            "/api/shipping-company/create",
            json!({ "id": 0, "name": "" }),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["code"], "Código é obrigatório!");
    assert_eq!(fields(&body)["name"], "Nome fantasia é obrigatório!");

    let mut long_password = shipping_body(41, "Senha longa", None);
    long_password["login"] = json!({ "login": "a@b.com", "password": "123456789012" });
    let body = usuario
        .post("/api/shipping-company/create", long_password)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["password"], "Tamanho máximo de 11 caracteres");
    let mut no_password = shipping_body(41, "Sem senha", None);
    no_password["login"] = json!({ "login": "novo@b.com" });
    let body = usuario
        .post("/api/shipping-company/create", no_password)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["password"], "Senha é obrigatória!");
    assert_eq!(shipping_of(&app, app.ids.demo), 2, "nothing saved");
}

#[actix_rt::test]
async fn duplicate_code_and_login_email() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let body = usuario
        .post(
            "/api/shipping-company/create",
            shipping_body(1, "Código da demo", None),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(body["message"], "Código já cadastrado!");
    let mut taken = shipping_body(50, "Login tomado", None);
    taken["login"] = json!({ "login": "USUARIO@patio.local", "password": "segredo1" });
    let body = usuario
        .post("/api/shipping-company/create", taken)
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(body["code"], "duplicate");
    assert_eq!(body["message"], "Email já cadastrado!");
    assert_eq!(shipping_of(&app, app.ids.demo), 1, "rolled back");
}

#[actix_rt::test]
async fn users_contact_authorizations_are_saved_with_the_form() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let mut edit = shipping_body(1, "Transportadora Demo", None);
    edit["id"] = json!(app.ids.shipping);
    edit["users"] =
        json!([{ "id": app.ids.transp, "hasSMS": true, "hasWhats": false, "hasEmail": true }]);
    let saved = usuario
        .post("/api/shipping-company/create", edit.clone())
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        saved["users"],
        json!([{ "id": app.ids.transp, "name": "Transportadora Demo", "email": "transp@patio.local",
                 "hasEmail": true, "hasSMS": true, "hasWhats": false }])
    );
    // A user of another shipping company is not found.
    edit["users"] = json!([{ "id": app.ids.usuario, "hasSMS": true }]);
    usuario
        .post("/api/shipping-company/create", edit)
        .await
        .expect(StatusCode::NOT_FOUND);
}

#[actix_rt::test]
async fn deleting_shipping_companies() {
    let app = TestApp::new();
    let admin = app.admin().await;
    // Referenced by an order.
    let usuario = app.usuario_of(app.ids.demo).await;
    let spec = fixtures::OrderSpec::new("P-1", 10.0)
        .customer(1, "C")
        .shipping(&[app.ids.shipping]);
    let order = fixtures::order(&usuario, spec).await.id;
    let body = admin
        .delete(&format!(
            "/api/shipping-company/delete/{}",
            app.ids.shipping
        ))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "Erro ao excluir, existe(m) pedido(s) para esta transportadora!"
    );
    assert_eq!(shipping_of(&app, app.ids.demo), 1);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM users WHERE email = 'transp@patio.local'"),
        1,
        "its users stay too"
    );

    // Without references it goes, with its users: the order no longer names it.
    let mut edit = usuario
        .get(&format!("/api/order/{order}"))
        .await
        .expect(StatusCode::OK);
    edit["shippingCompany"] = json!([]);
    usuario
        .post("/api/order/save", edit)
        .await
        .expect(StatusCode::OK);
    admin
        .delete(&format!(
            "/api/shipping-company/delete/{}",
            app.ids.shipping
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(shipping_of(&app, app.ids.demo), 0);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM users WHERE email = 'transp@patio.local'"),
        0
    );
    assert_eq!(log_count(&app, "DELETE", "SHIPPING_COMPANY"), 1);
}

#[actix_rt::test]
async fn shipping_list_pages_by_eight_and_searches() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    for code in 2..=10 {
        usuario
            .post(
                "/api/shipping-company/create",
                shipping_body(code, &format!("Frota {code:02}"), None),
            )
            .await
            .expect(StatusCode::CREATED);
    }
    let page = usuario
        .get("/api/shipping-company?page=2")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["total"], 10);
    assert_eq!(page["pageSize"], 8);
    assert_eq!(page["items"].as_array().unwrap().len(), 2);
    let row = &page["items"][0];
    for key in [
        "id",
        "code",
        "name",
        "cnpj",
        "uf",
        "city",
        "isEnabled",
        "warning",
    ] {
        assert!(row.get(key).is_some(), "{key} in {row}");
    }
    let found = usuario
        .get("/api/shipping-company?search=frota%2005")
        .await
        .expect(StatusCode::OK);
    assert_eq!(found.as_array().unwrap().len(), 1);
    assert_eq!(found[0]["code"], 5);
    let demo = usuario
        .get("/api/shipping-company?search=11444777")
        .await
        .expect(StatusCode::OK);
    assert_eq!(demo[0]["name"], "Transportadora Demo");
    assert_eq!(demo[0]["warning"], false, "it has a user");
}

fn import_row(code: Value, name: &str, cnpj: &str) -> Value {
    json!({
        "code": code, "name": name, "cnpj": cnpj, "street": "Av. Brasil", "number": "77",
        "complement": "", "uf": "GO", "city": "Rio Verde", "zipCode": "75900-000",
        "stateRegistration": "10.111.222-3",
        "contact": [{ "name": "Tráfego", "fone": "(64) 3611-0000", "email": "trafego@x.com" }]
    })
}

#[actix_rt::test]
async fn csv_import_of_shipping_companies() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let body = usuario
        .post(
            "/api/shipping-company/import",
            json!([
                import_row(json!(60), "Frota Sessenta", &cnpj(960)),
                import_row(json!(61), "Frota Sessenta e Um", ""),
            ]),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(body, json!({ "created": 2, "updated": 0 }));
    assert_eq!(shipping_of(&app, app.ids.demo), 3);
    assert_eq!(log_count(&app, "IMPORT", "SHIPPING_COMPANY"), 1);

    let body = usuario
        .post("/api/shipping-company/import", json!([]))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Nenhum registro para importar!");
    let mut bad = import_row(json!(71), "Ruim", "");
    bad["zipCode"] = json!("759");
    let body = usuario
        .post(
            "/api/shipping-company/import",
            json!([
                import_row(json!(70), "Boa", ""),
                bad,
                import_row(json!(72), "Boa também", "")
            ]),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Linha 3: CEP inválido");
    assert_eq!(shipping_of(&app, app.ids.demo), 3, "nothing saved");
    let transp = app.transportadora_of(app.ids.demo).await;
    transp
        .post(
            "/api/shipping-company/import",
            json!([import_row(json!(80), "X", "")]),
        )
        .await
        .expect(StatusCode::FORBIDDEN);
}
