//! Customers (issue 3): save with contacts, read, list with paging and search, CSV import,
//! delete; roles, tenants, validation, duplicates, references and the staff log.

use crate::common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

fn customers_of(app: &TestApp, company: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM customers WHERE company_id = {company}"
    ))
}

#[actix_rt::test]
async fn usuario_creates_edits_reads_and_deletes_a_customer_of_its_company() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let mut body = customer_body(42, "Fazenda Boa Vista", None);
    body["contact"] = json!([contact("Seu João", "(65) 9 8888-7777", "joao@boavista.com")]);
    let created = usuario
        .post("/api/customer/create", body.clone())
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["code"], 42);
    assert_eq!(created["company"], "Fazenda Boa Vista SA");
    assert_eq!(created["cnpj"], masked_cnpj(5042));
    assert_eq!(created["_company"]["id"], app.ids.demo);
    assert_eq!(created["contact"][0]["whatsapp"], true);
    assert_eq!(log_count(&app, "CREATE", "CUSTOMER"), 1);

    body["id"] = json!(id);
    body["name"] = json!("Fazenda Boa Vista II");
    body["contact"] = json!([]);
    let edited = usuario
        .post("/api/customer/create", body)
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["name"], "Fazenda Boa Vista II");
    assert_eq!(
        edited["contact"].as_array().unwrap().len(),
        1,
        "saved contacts stay"
    );
    let read = usuario
        .get(&format!("/api/customer/{id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(read, edited);
    assert_eq!(log_count(&app, "UPDATE", "CUSTOMER"), 1);

    let body = usuario
        .delete(&format!("/api/customer/delete/{id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(body["message"], "Excluido com sucesso!");
    assert_eq!(customers_of(&app, app.ids.demo), 0);
    assert_eq!(log_count(&app, "DELETE", "CUSTOMER"), 1);
}

#[actix_rt::test]
async fn an_administrator_chooses_the_company() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let body = admin
        .post(
            "/api/customer/create",
            customer_body(1, "Sem empresa", None),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["_company"], "Selecione uma empresa!");
    let created = admin
        .post(
            "/api/customer/create",
            customer_body(1, "Da outra", Some(app.ids.other)),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(created["_company"]["id"], app.ids.other);
    assert_eq!(created["_company"]["name"], "Outra Empresa");
    // Administrators list every company's customers.
    admin
        .post(
            "/api/customer/create",
            customer_body(1, "Da demo", Some(app.ids.demo)),
        )
        .await
        .expect(StatusCode::CREATED);
    let all = admin.get("/api/customer").await.expect(StatusCode::OK);
    assert_eq!(all.as_array().unwrap().len(), 2);
    let demo = admin
        .get(&format!("/api/customer/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert_eq!(demo.as_array().unwrap().len(), 1);
    assert_eq!(demo[0]["name"], "Da demo");
}

#[actix_rt::test]
async fn customer_validation_and_duplicate_code() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let body = usuario
        .post("/api/customer/create", json!({ "id": 0 }))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["code"], "Código é obrigatório!");
    assert_eq!(fields(&body)["name"], "Nome é obrigatório!");

    let mut bad = customer_body(5, "Fazenda", None);
    bad["code"] = json!("abc");
    bad["cnpj"] = json!("12.345.678/0001-00");
    bad["zipCode"] = json!("123");
    bad["uf"] = json!("ZZ");
    bad["contact"] = json!([contact("Ana", "12", "ana@")]);
    let body = usuario
        .post("/api/customer/create", bad)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    let f = fields(&body);
    assert_eq!(f["code"], "Código inválido!");
    assert_eq!(f["cnpj"], "CNPJ inválido");
    assert_eq!(f["zipCode"], "CEP inválido");
    assert_eq!(f["uf"], "Estado inválido!");

    let mut bad_contact = customer_body(5, "Fazenda", None);
    bad_contact["contact"] = json!([contact("Ana", "12", "ana@")]);
    let body = usuario
        .post("/api/customer/create", bad_contact)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["fone"], "Telefone inválido");
    assert_eq!(fields(&body)["email"], "E-email inválido");

    // A CPF is accepted (rural producers are people).
    let mut person = customer_body(6, "Produtor", None);
    person["cnpj"] = json!(DEMO_CPF);
    let created = usuario
        .post("/api/customer/create", person)
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(created["cnpj"], DEMO_CPF);

    let body = usuario
        .post(
            "/api/customer/create",
            customer_body(6, "Mesmo código", None),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(body["code"], "duplicate");
    assert_eq!(body["message"], "Código já cadastrado!");
    // The same code in another company is fine.
    let other = app.usuario_of(app.ids.other).await;
    other
        .post("/api/customer/create", customer_body(6, "Outro", None))
        .await
        .expect(StatusCode::CREATED);
}

#[actix_rt::test]
async fn another_tenant_s_customers_are_not_found_and_other_roles_are_refused() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let created = usuario
        .post("/api/customer/create", customer_body(7, "Da demo", None))
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    let other = app.usuario_of(app.ids.other).await;
    let body = other
        .get(&format!("/api/customer/{id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    assert!(body.get("name").is_none());
    other
        .get(&format!("/api/customer/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::NOT_FOUND);
    let mut edit = customer_body(7, "Tomada", None);
    edit["id"] = json!(id);
    other
        .post("/api/customer/create", edit)
        .await
        .expect(StatusCode::NOT_FOUND);
    // A Usuario cannot put a customer into another company either.
    other
        .post(
            "/api/customer/create",
            customer_body(8, "Infiltrado", Some(app.ids.demo)),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
    other
        .delete(&format!("/api/customer/delete/{id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    let list = other.get("/api/customer").await.expect(StatusCode::OK);
    assert_eq!(list, json!([]));
    assert_eq!(customers_of(&app, app.ids.demo), 1);

    for who in [TRANSP, EXPEDICAO] {
        let cookie = anon.sign_in(who).await;
        cookie
            .get("/api/customer")
            .await
            .expect(StatusCode::FORBIDDEN);
        cookie
            .post("/api/customer/create", customer_body(9, "X", None))
            .await
            .expect(StatusCode::FORBIDDEN);
    }
}

#[actix_rt::test]
async fn a_customer_with_orders_cannot_be_deleted() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let created = usuario
        .post(
            "/api/customer/create",
            customer_body(10, "Com pedido", None),
        )
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    usuario
        .post(
            "/api/order/save",
            json!({ "id": 0, "code": "P-1", "customer": { "id": id }, "enable": true, "orderItem": [] }),
        )
        .await
        .expect(StatusCode::CREATED);
    let body = usuario
        .delete(&format!("/api/customer/delete/{id}"))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(body["code"], "referenced");
    assert_eq!(
        body["message"],
        "Erro ao excluir, existe(m) pedido(s) para este cliente!"
    );
    assert_eq!(customers_of(&app, app.ids.demo), 1);
    assert_eq!(log_count(&app, "DELETE", "CUSTOMER"), 0);
}

#[actix_rt::test]
async fn customer_list_pages_by_nine_and_searches_name_cnpj_and_code() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    for code in 1..=12 {
        usuario
            .post(
                "/api/customer/create",
                customer_body(code, &format!("Cliente {code:02}"), None),
            )
            .await
            .expect(StatusCode::CREATED);
    }
    let page = usuario
        .get("/api/customer?page=2")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["total"], 12);
    assert_eq!(page["pageSize"], 9);
    let items = page["items"].as_array().unwrap();
    assert_eq!(items.len(), 3);
    assert_eq!(items[0]["code"], 10, "ordered by code");
    let custom = usuario
        .get("/api/customer?page=1&pageSize=5")
        .await
        .expect(StatusCode::OK);
    assert_eq!(custom["items"].as_array().unwrap().len(), 5);

    let search = |q: &str| get(&format!("/api/customer?search={q}"));
    let by_name = usuario
        .run(search("cLIENTE%2007"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(by_name.as_array().unwrap().len(), 1);
    assert_eq!(by_name[0]["code"], 7);
    let by_code = usuario.run(search("11")).await.expect(StatusCode::OK);
    let codes: Vec<i64> = by_code
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_i64().unwrap())
        .collect();
    assert!(codes.contains(&11), "{codes:?}");
    let masked = masked_cnpj(5003);
    let by_cnpj = usuario
        .run(search(&masked.replace('/', "%2F")))
        .await
        .expect(StatusCode::OK);
    assert_eq!(by_cnpj.as_array().unwrap().len(), 1);
    assert_eq!(by_cnpj[0]["code"], 3);
}

fn import_row(code: Value, name: &str, cnpj: &str) -> Value {
    json!({
        "code": code, "name": name, "cnpj": cnpj, "company": format!("{name} Ltda"),
        "street": "Rodovia MT-130", "number": "", "uf": "MT", "city": "Primavera do Leste",
        "zipCode": "78850-000", "complement": "", "district": "Zona Rural",
        "stateRegistration": "",
        "contact": [{ "name": "Gerente", "fone": "(66) 9 9111-2222", "email": "" }]
    })
}

#[actix_rt::test]
async fn csv_import_is_all_or_nothing() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;

    let good = json!([
        import_row(json!(101), "Sítio Um", &cnpj(801)),
        import_row(json!("102"), "Sítio Dois", ""),
        import_row(json!(103), "Sítio Três", DEMO_CPF),
    ]);
    let body = usuario
        .post("/api/customer/import", good)
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(body, json!({ "created": 3, "updated": 0 }));
    assert_eq!(customers_of(&app, app.ids.demo), 3);
    let contacts = app.scalar_i64(
        "SELECT count(*) AS v FROM contacts WHERE customer_id IS NOT NULL AND fone = '(66) 9 9111-2222'",
    );
    assert_eq!(contacts, 3);
    assert_eq!(log_count(&app, "IMPORT", "CUSTOMER"), 1);

    // Importing again updates by code and does not repeat contacts.
    let again = json!([import_row(json!(101), "Sítio Um Renomeado", &cnpj(801))]);
    let body = usuario
        .post("/api/customer/import", again)
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(body, json!({ "created": 0, "updated": 1 }));
    assert_eq!(
        app.scalar_text("SELECT name AS v FROM customers WHERE code = 101"),
        "Sítio Um Renomeado"
    );
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM contacts WHERE customer_id IS NOT NULL"),
        3
    );

    let body = usuario
        .post("/api/customer/import", json!([]))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Nenhum registro para importar!");

    // A bad row in the middle: its line is named and nothing is saved.
    let bad = json!([
        import_row(json!(201), "Novo A", ""),
        import_row(json!(202), "Novo B", "12.345.678/0001-00"),
        import_row(json!(203), "Novo C", ""),
    ]);
    let body = usuario
        .post("/api/customer/import", bad)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Linha 3: CNPJ inválido");
    assert_eq!(fields(&body)["cnpj"], "Linha 3: CNPJ inválido");
    assert_eq!(customers_of(&app, app.ids.demo), 3, "nothing half-imported");

    // Line numbers sent by the client (rows with an empty code were skipped) win.
    let mut row = import_row(json!(""), "Sem código", "");
    row["line"] = json!(17);
    let body = usuario
        .post(
            "/api/customer/import",
            json!([import_row(json!(301), "Ok", ""), row]),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Linha 17: Código é obrigatório!");

    let body = usuario
        .post(
            "/api/customer/import",
            json!([
                import_row(json!(401), "Um", ""),
                import_row(json!(401), "Repetido", "")
            ]),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["message"],
        "Linha 3: Código repetido no arquivo (linha 2)!"
    );
    assert_eq!(customers_of(&app, app.ids.demo), 3);
    assert_eq!(log_count(&app, "IMPORT", "CUSTOMER"), 2);
}

#[actix_rt::test]
async fn administrators_import_into_the_chosen_company_and_others_are_refused() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let rows = json!([import_row(json!(1), "Um", "")]);
    let body = admin
        .post("/api/customer/import", rows.clone())
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["_company"], "Selecione uma empresa!");
    admin
        .post(
            &format!("/api/customer/import?companyId={}", app.ids.other),
            rows.clone(),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(customers_of(&app, app.ids.other), 1);
    let transp = app.transportadora_of(app.ids.demo).await;
    transp
        .post("/api/customer/import", rows)
        .await
        .expect(StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn the_import_preview_marks_each_bad_row_with_the_import_rules_and_saves_nothing() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let rows = json!([
        import_row(json!(401), "Bom A", &cnpj(901)),
        import_row(json!(402), "CNPJ Ruim", "12.345.678/0001-00"),
        import_row(json!(403), "Bom B", ""),
        import_row(json!(401), "Código Repetido", ""),
    ]);
    let body = usuario
        .post("/api/customer/import/check", rows)
        .await
        .expect(StatusCode::OK);
    assert_eq!(body["ready"], 2, "{body}");
    let messages: Vec<(i64, Value)> = body["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["line"].as_i64().unwrap(), r["message"].clone()))
        .collect();
    assert_eq!(
        messages,
        vec![
            (2, Value::Null),
            (3, json!("CNPJ inválido")),
            (4, Value::Null),
            (5, json!("Código repetido no arquivo (linha 2)!")),
        ]
    );
    assert_eq!(
        customers_of(&app, app.ids.demo),
        0,
        "a preview saves nothing"
    );

    // The shipping companies' preview follows their own rules.
    let mut bad = shipping_body(9, "Transportes Ruins", None);
    bad["cnpj"] = json!("11.111.111/1111-11");
    let body = usuario
        .post(
            "/api/shipping-company/import/check",
            json!([shipping_body(8, "Transportes Bons", None), bad]),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(body["ready"], 1, "{body}");
    assert_eq!(body["rows"][1]["message"], "CNPJ inválido");

    // Who may not import may not preview.
    for who in [TRANSP, EXPEDICAO] {
        let cookie = anon.sign_in(who).await;
        for (uri, row) in [
            ("/api/customer/import/check", import_row(json!(1), "X", "")),
            (
                "/api/shipping-company/import/check",
                shipping_body(1, "X", None),
            ),
        ] {
            cookie
                .post(uri, json!([row]))
                .await
                .expect(StatusCode::FORBIDDEN);
        }
    }
    // An empty file is refused as the import refuses it.
    let body = usuario
        .post("/api/customer/import/check", json!([]))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Nenhum registro para importar!");
}
