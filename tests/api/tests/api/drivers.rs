//! Drivers (issue 12, spec 2 "Drivers"; spec 3 section 7): the staff lists and form with
//! contacts, the role and tenant matrix, the form's messages, the duplicate CPF, the move to
//! another company with its 409 and override, delete, unbind, the driver's own account
//! deletion, the driver log and the driver picker.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

/// A driver form; `n` makes the CPF.
fn driver_body(name: &str, n: u32) -> Value {
    json!({
        "id": 0, "name": name, "cpf": masked_cpf(n), "cnh": "12345678901",
        "birthDate": "1990-01-15", "isEnabled": true, "company": null,
        "shippingCompany": null, "contact": [],
    })
}

fn masked_cpf(n: u32) -> String {
    patio_domain::values::Cpf::parse(&cpf(n)).unwrap().masked()
}

/// Decodes base64url without padding (a token's payload), as text.
fn base64url(s: &str) -> String {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in s.bytes() {
        let v = alphabet.iter().position(|&a| a == c).unwrap() as u32;
        bits = (bits << 6) | v;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn count(app: &TestApp, sql: &str) -> i64 {
    app.scalar_i64(&format!("SELECT count(*) AS v FROM {sql}"))
}

fn driver_logs(app: &TestApp, driver: i64, kind: &str) -> i64 {
    count(
        app,
        &format!("driver_logs WHERE driver_id = {driver} AND operation_type = '{kind}'"),
    )
}

async fn create(cookie: &Client, body: Value) -> Value {
    cookie
        .post("/api/driver/save", body)
        .await
        .expect(StatusCode::CREATED)
}

#[actix_rt::test]
async fn a_usuario_creates_edits_lists_and_reads_a_driver_with_contacts() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;

    let mut body = driver_body("  joão   da silva ", 101);
    body["shippingCompany"] = json!({ "id": app.ids.shipping });
    body["contact"] = json!([contact("Maria", "66999990001", "maria@x.com")]);
    let created = create(&usuario, body).await;
    let id = created["id"].as_i64().unwrap();
    // Uppercased and trimmed, CPF masked, the Usuario's company, its contacts.
    assert_eq!(created["name"], "JOÃO DA SILVA");
    assert_eq!(created["cpf"], masked_cpf(101));
    assert_eq!(created["birthDate"], "1990-01-15");
    assert_eq!(created["company"]["id"], app.ids.demo);
    assert_eq!(created["shippingCompany"]["name"], "Transportadora Demo");
    assert_eq!(created["contact"][0]["fone"], "(66) 9 9999-0001");
    assert_eq!(created["authorization"], json!([]));
    assert_eq!(
        created["actions"],
        json!({ "remove": false, "unbind": true, "loginAs": true })
    );
    assert_eq!(
        app.scalar_text(&format!("SELECT cpf AS v FROM drivers WHERE id = {id}")),
        cpf(101)
    );
    assert_eq!(driver_logs(&app, id, "CAD_DRIVER"), 1);
    assert_eq!(log_count(&app, "CREATE", "DRIVER"), 1);

    // Edit: the saved contact changes in place, a new one is added, the name is kept at 80.
    let contact_id = created["contact"][0]["id"].as_i64().unwrap();
    let mut edit = driver_body("João da Silva Souza", 101);
    edit["id"] = json!(id);
    edit["isEnabled"] = json!(false);
    edit["contact"] = json!([
        { "id": contact_id, "name": "Maria Souza", "fone": "66999990001", "email": "maria@x.com" },
        contact("Pedro", "66999990002", "pedro@x.com"),
    ]);
    let edited = usuario
        .post("/api/driver/save", edit)
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["name"], "JOÃO DA SILVA SOUZA");
    assert_eq!(edited["isEnabled"], false);
    // The shipping company was left out of the edit: the driver leaves it.
    assert_eq!(edited["shippingCompany"], Value::Null);
    assert_eq!(count(&app, &format!("contacts WHERE driver_id = {id}")), 2);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT name AS v FROM contacts WHERE id = {contact_id}"
        )),
        "Maria Souza"
    );
    assert_eq!(log_count(&app, "UPDATE", "DRIVER"), 1);
    assert_eq!(driver_logs(&app, id, "CAD_DRIVER"), 1);

    // The list: 8 per page, searched by name, CPF digits or id; the company's drivers only.
    let page = usuario
        .get("/api/driver?page=1")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["pageSize"], 8);
    assert_eq!(page["total"], 2, "the demo driver and the new one");
    for search in ["souza", &cpf(101)[..6], &masked_cpf(101), &id.to_string()] {
        let found = usuario
            .get(&format!(
                "/api/driver?page=1&search={}",
                search.replace('.', "%2E").replace(' ', "%20")
            ))
            .await
            .expect(StatusCode::OK);
        assert_eq!(found["total"], 1, "search {search}: {found}");
        assert_eq!(found["items"][0]["id"], id);
    }
    // Without paging parameters the answer is the array; the company path answers the same.
    let all = usuario
        .get(&format!("/api/driver/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert_eq!(all.as_array().unwrap().len(), 2);
    let one = usuario
        .get(&format!("/api/driver/{id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(one["contact"].as_array().unwrap().len(), 2);

    // A saved contact is removed by the one contacts path; another company cannot.
    let outra = app.usuario_of(app.ids.other).await;
    outra
        .delete(&format!("/api/contact/delete/{contact_id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    usuario
        .delete(&format!("/api/contact/delete/{contact_id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(count(&app, &format!("contacts WHERE driver_id = {id}")), 1);
}

#[actix_rt::test]
async fn every_form_message_is_the_spec_s_and_nothing_is_saved() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let admin = app.admin().await;
    let before = count(&app, "drivers");

    let empty = json!({ "id": 0, "name": "", "cpf": "", "cnh": "", "birthDate": "" });
    let body = usuario
        .post("/api/driver/save", empty)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body).clone(),
        json!({
            "name": "Nome e obrigatorio!",
            "cpf": "Numero de CPF e obrigatorio!",
            "cnh": "Cnh e obrigatorio!",
            "birthDate": "Data de nascimento e obrigatorio!",
        })
        .as_object()
        .unwrap()
        .clone()
    );

    let cases: Vec<(Value, &str, &str)> = vec![
        (
            json!({ "name": "A".repeat(81) }),
            "name",
            "Tamanho maximo de 80 caracteres",
        ),
        (
            json!({ "cpf": "529.982.247" }),
            "cpf",
            "Cpf deve ter 11 caracteres",
        ),
        (json!({ "cpf": "529.982.247-26" }), "cpf", "Cpf Inválido"),
        (
            json!({ "cnh": "123456789012" }),
            "cnh",
            "Tamanho maximo de 11 caracteres",
        ),
        (
            json!({ "birthDate": "2999-01-01" }),
            "birthDate",
            "Data de nascimento inválida",
        ),
        (
            json!({ "contact": [{ "name": "Só nome", "fone": "", "email": "" }] }),
            "contact",
            "Preencha nome, telefone e e-mail do contato!",
        ),
    ];
    for (change, field, message) in cases {
        let mut body = driver_body("Motorista", 201);
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let answer = usuario
            .post("/api/driver/save", body)
            .await
            .expect(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&answer)[field], message, "{answer}");
    }

    // An administrator must choose the company; a shipping company must be the company's.
    let answer = admin
        .post("/api/driver/save", driver_body("Sem Empresa", 202))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&answer)["company"], "Selecione uma empresa!");
    let other_shipping =
        fixtures::shipping_company_of(&app, app.ids.other, 9, "Outra Transp").await;
    let mut body = driver_body("Transp Errada", 203);
    body["shippingCompany"] = json!({ "id": other_shipping });
    let answer = usuario
        .post("/api/driver/save", body)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&answer)["shippingCompany"],
        "Selecione uma transportadora da empresa do motorista!"
    );
    assert_eq!(count(&app, "drivers"), before);
}

#[actix_rt::test]
async fn a_cpf_already_registered_anywhere_is_the_duplicate_message() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    for taken in [DEMO_CPF, OTHER_CPF] {
        let mut body = driver_body("Repetido", 990);
        body["cpf"] = json!(taken);
        let answer = usuario
            .post("/api/driver/save", body)
            .await
            .expect(StatusCode::CONFLICT);
        assert_eq!(answer["code"], "duplicate");
        assert_eq!(
            answer["message"],
            "Erro ao cadastrar, estes dados ja existem"
        );
    }
    // An edit onto another driver's CPF too.
    let created = create(&usuario, driver_body("Segundo", 301)).await;
    let mut edit = driver_body("Segundo", 992);
    edit["id"] = created["id"].clone();
    edit["cpf"] = json!(DEMO_CPF);
    let answer = usuario
        .post("/api/driver/save", edit)
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        answer["message"],
        "Erro ao cadastrar, estes dados ja existem"
    );
}

#[actix_rt::test]
async fn roles_and_tenants_of_every_driver_call() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let admin = app.admin().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let expedicao = app.expedicao_of(app.ids.demo).await;
    let espectador = app.espectador_of(app.ids.demo).await;
    let (demo, other, shipping) = (app.ids.demo, app.ids.other, app.ids.shipping);
    let other_driver = app.ids.other_driver;

    // Dispatch roles neither read nor write drivers.
    for cookie in [&expedicao, &espectador] {
        cookie
            .get("/api/driver?page=1")
            .await
            .expect(StatusCode::FORBIDDEN);
        cookie
            .get(&format!("/api/driver/{}", app.ids.driver))
            .await
            .expect(StatusCode::FORBIDDEN);
        cookie
            .post("/api/driver/save", driver_body("X", 401))
            .await
            .expect(StatusCode::FORBIDDEN);
        cookie
            .patch(
                "/api/driver/unbind-shipping-company",
                json!({ "driver": { "id": app.ids.driver } }),
            )
            .await
            .expect(StatusCode::FORBIDDEN);
        cookie
            .delete(&format!("/api/driver/delete/{}", app.ids.driver))
            .await
            .expect(StatusCode::FORBIDDEN);
    }
    // Without a session: 401.
    anon.get("/api/driver?page=1")
        .await
        .expect(StatusCode::UNAUTHORIZED);

    // A Usuario: its company's drivers; another company's is 404 everywhere.
    usuario
        .get(&format!("/api/driver/{other_driver}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    usuario
        .get(&format!("/api/driver/company/{other}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    usuario
        .get(&format!("/api/driver?page=1&companyId={other}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    let mut steal = driver_body("Outro", 991);
    steal["id"] = json!(other_driver);
    steal["cpf"] = json!(OTHER_CPF);
    usuario
        .post("/api/driver/save", steal.clone())
        .await
        .expect(StatusCode::NOT_FOUND);
    let mut elsewhere = driver_body("Lá", 402);
    elsewhere["company"] = json!({ "id": other });
    usuario
        .post("/api/driver/save", elsewhere)
        .await
        .expect(StatusCode::NOT_FOUND);
    usuario
        .patch(
            "/api/driver/unbind-shipping-company",
            json!({ "driver": { "id": other_driver } }),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
    // Deleting is the Administrador's.
    usuario
        .delete(&format!("/api/driver/delete/{}", app.ids.driver))
        .await
        .expect(StatusCode::FORBIDDEN);
    let list = usuario
        .get("/api/driver?page=1")
        .await
        .expect(StatusCode::OK);
    assert!(list["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["company"]["id"] == demo));

    // A Transportadora: only drivers bound to its shipping company; what it creates is bound
    // to it; it unbinds only its own.
    let list = transp
        .get("/api/driver?page=1")
        .await
        .expect(StatusCode::OK);
    assert_eq!(list["total"], 0);
    transp
        .get(&format!("/api/driver/{}", app.ids.driver))
        .await
        .expect(StatusCode::NOT_FOUND);
    let mine = create(&transp, driver_body("Da Transportadora", 403)).await;
    assert_eq!(mine["company"]["id"], demo);
    assert_eq!(mine["shippingCompany"]["id"], shipping);
    assert_eq!(mine["actions"]["unbind"], true);
    assert_eq!(mine["actions"]["remove"], false);
    assert_eq!(mine["actions"]["loginAs"], false);
    let list = transp
        .get(&format!("/api/driver/shipping-company/{shipping}?page=1"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(list["total"], 1);
    let other_shipping = fixtures::shipping_company_of(&app, demo, 2, "Segunda").await;
    transp
        .get(&format!("/api/driver/shipping-company/{other_shipping}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    transp
        .patch(
            "/api/driver/unbind-shipping-company",
            json!({ "driver": { "id": app.ids.driver } }),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
    let mine_id = mine["id"].as_i64().unwrap();
    let unbound = transp
        .patch(
            "/api/driver/unbind-shipping-company",
            json!({ "driver": { "id": mine_id } }),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(unbound["message"], "Motorista desvinculado com sucesso");
    assert_eq!(
        count(
            &app,
            &format!("drivers WHERE id = {mine_id} AND shipping_company_id IS NULL")
        ),
        1
    );
    assert_eq!(log_count(&app, "UNBIND", "DRIVER"), 1);
    // Once unbound it is no longer the Transportadora's.
    transp
        .get(&format!("/api/driver/{mine_id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    // A Usuario unbinding a driver without a shipping company is told so.
    let answer = usuario
        .patch(
            "/api/driver/unbind-shipping-company",
            json!({ "driver": { "id": mine_id } }),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        answer["message"],
        "Motorista não está vinculado a uma transportadora!"
    );

    // The Administrador: every company, filtered by company or shipping company.
    let all = admin.get("/api/driver?page=1").await.expect(StatusCode::OK);
    assert_eq!(all["total"], 3);
    assert_eq!(all["items"][0]["actions"]["remove"], true);
    let outra = admin
        .get(&format!("/api/driver?page=1&companyId={other}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(outra["total"], 1);
    assert_eq!(outra["items"][0]["name"], "MOTORISTA OUTRO");
    let one = admin
        .get(&format!("/api/driver/{other_driver}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(one["company"]["name"], "Outra Empresa");
}

/// Demo Agro's driver waits in Demo Agro's queue and holds a loading there.
async fn driver_in_queue_with_a_loading(app: &TestApp) {
    queue_common::open_for_freelancers(app).await;
    queue_common::at(app, queue_common::MONDAY_0900);
    let truck = fixtures::demo_truck(app);
    fixtures::join(
        app,
        app.ids.driver,
        app.ids.demo,
        json!({ "truck": { "id": truck } }),
    )
    .await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let order = fixtures::order(
        &usuario,
        fixtures::OrderSpec::new("P1", 100.0).customer(1, "Cliente"),
    )
    .await;
    fixtures::loading(
        &usuario,
        order.id,
        truck,
        app.ids.driver,
        10.0,
        Some("2026-03-20"),
    )
    .await;
}

fn demo_driver_edit(app: &TestApp, company: i64) -> Value {
    json!({
        "id": app.ids.driver, "name": "MOTORISTA DEMO", "cpf": DEMO_CPF, "cnh": "12345678900",
        "birthDate": "1990-01-15", "isEnabled": true, "company": { "id": company },
        "shippingCompany": null, "contact": [],
    })
}

#[actix_rt::test]
async fn moving_a_driver_out_of_a_queue_answers_409_until_confirmed() {
    let app = TestApp::new();
    driver_in_queue_with_a_loading(&app).await;
    let admin = app.admin().await;
    let (demo, other, driver) = (app.ids.demo, app.ids.other, app.ids.driver);

    let answer = admin
        .post("/api/driver/save", demo_driver_edit(&app, other))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(answer["code"], "company_move");
    assert_eq!(answer["company_a"]["company"], "Demo Agro");
    assert!(answer["company_a"]["queue"]["date"].is_string(), "{answer}");
    assert_eq!(answer["driver"]["id"], driver);
    // Nothing moved.
    let company_of = |sql: &str| app.scalar_i64(sql);
    assert_eq!(
        company_of(&format!(
            "SELECT company_id AS v FROM drivers WHERE id = {driver}"
        )),
        demo
    );
    assert_eq!(
        count(
            &app,
            &format!("queue_entries WHERE driver_id = {driver} AND status = 'waiting'")
        ),
        1
    );
    assert_eq!(count(&app, "schedulings"), 1);

    // A Usuario cannot move a driver out of its company at all.
    let usuario = app.usuario_of(app.ids.demo).await;
    let mut body = demo_driver_edit(&app, other);
    body["override"] = json!(true);
    usuario
        .post("/api/driver/save", body.clone())
        .await
        .expect(StatusCode::NOT_FOUND);

    // Confirmed: the queue entry and the loading are gone, driver and truck moved.
    let moved = admin
        .post("/api/driver/save", body)
        .await
        .expect(StatusCode::OK);
    assert_eq!(moved["company"]["id"], other);
    assert_eq!(
        company_of(&format!(
            "SELECT company_id AS v FROM drivers WHERE id = {driver}"
        )),
        other
    );
    assert_eq!(
        company_of(&format!(
            "SELECT company_id AS v FROM trucks WHERE driver_id = {driver}"
        )),
        other
    );
    assert_eq!(
        count(
            &app,
            &format!(
                "queue_entries WHERE driver_id = {driver} AND status IN ('waiting', 'loading')"
            )
        ),
        0
    );
    assert_eq!(
        count(
            &app,
            &format!("queue_entries WHERE driver_id = {driver} AND status = 'cancelled'")
        ),
        1
    );
    assert_eq!(count(&app, "schedulings"), 0);
    assert_eq!(
        app.scalar_text("SELECT reason AS v FROM deleted_schedulings"),
        "TRANSFERÊNCIA DE EMPRESA"
    );
    assert_eq!(driver_logs(&app, driver, "OUT_COMPANY"), 1);
    // The old company's queue was planned again (nobody left in it).
    assert_eq!(queue_common::positions(&app, demo), Vec::<i64>::new());
}

#[actix_rt::test]
async fn a_driver_with_no_ties_moves_at_once() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let moved = admin
        .post("/api/driver/save", demo_driver_edit(&app, app.ids.other))
        .await
        .expect(StatusCode::OK);
    assert_eq!(moved["company"]["name"], "Outra Empresa");
    assert_eq!(driver_logs(&app, app.ids.driver, "OUT_COMPANY"), 1);
}

#[actix_rt::test]
async fn the_sign_in_transfer_uses_the_same_move() {
    let app = TestApp::new();
    driver_in_queue_with_a_loading(&app).await;
    let anon = app.anonymous().await;
    let (_, body, _) = anon
        .post(
            "/api/auth/app/login",
            driver_login_body(DEMO_CPF, app.ids.other, "1990-01-15"),
        )
        .await
        .parts();
    let token = body["transferToken"].as_str().unwrap();
    let (status, body, _) = anon
        .post(
            "/api/driver/save",
            json!({
                "override": true, "id": app.ids.driver, "company": { "id": app.ids.other },
                "transferToken": token,
            }),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["login"]["company"]["id"], app.ids.other);
    assert_eq!(
        count(
            &app,
            &format!(
                "queue_entries WHERE driver_id = {} AND status = 'cancelled'",
                app.ids.driver
            )
        ),
        1
    );
    assert_eq!(count(&app, "schedulings"), 0);
    assert_eq!(driver_logs(&app, app.ids.driver, "OUT_COMPANY"), 1);
}

#[actix_rt::test]
async fn a_driver_with_loadings_or_queue_history_cannot_be_deleted() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let mut body = driver_body("Para Excluir", 501);
    body["contact"] = json!([contact("Ana", "66999990003", "ana@x.com")]);
    let created = create(&usuario, body).await;
    let id = created["id"].as_i64().unwrap();

    // The demo driver has a loading.
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
    let answer = admin
        .delete(&format!("/api/driver/delete/{}", app.ids.driver))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(answer["code"], "referenced");
    assert_eq!(
        answer["message"],
        "Erro ao excluir,  existe(m) pedido(s) para este motorista!"
    );
    assert_eq!(
        count(&app, &format!("drivers WHERE id = {}", app.ids.driver)),
        1
    );

    let deleted = admin
        .delete(&format!("/api/driver/delete/{id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(deleted["message"], "Excluido com sucesso!");
    assert_eq!(count(&app, &format!("drivers WHERE id = {id}")), 0);
    assert_eq!(count(&app, &format!("contacts WHERE driver_id = {id}")), 0);
    // The DEL_ADM log stays (its driver reference cleared with the row), naming the driver.
    assert_eq!(
        count(
            &app,
            "driver_logs WHERE operation_type = 'DEL_ADM' AND data->'driver'->>'name' = 'PARA EXCLUIR'"
        ),
        1
    );
    assert_eq!(log_count(&app, "DELETE", "DRIVER"), 1);
    admin
        .delete(&format!("/api/driver/delete/{id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
}

#[actix_rt::test]
async fn a_driver_deletes_its_own_account_after_leaving_the_queue() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let created = create(&usuario, driver_body("Conta App", 601)).await;
    let id = created["id"].as_i64().unwrap();
    let me = anon
        .driver_sign_in(&masked_cpf(601), app.ids.demo, "1990-01-15")
        .await;
    let good = json!({ "cpf": masked_cpf(601), "birthDate": "1990-01-15" });

    // Staff cannot use the driver's call; another driver's id is not found; wrong data refused.
    usuario
        .delete_with(&format!("/api/driver/app/delete/{id}"), good.clone())
        .await
        .expect(StatusCode::UNAUTHORIZED);
    me.delete_with(
        &format!("/api/driver/app/delete/{}", app.ids.driver),
        good.clone(),
    )
    .await
    .expect(StatusCode::NOT_FOUND);
    for wrong in [
        json!({ "cpf": masked_cpf(601), "birthDate": "1990-01-16" }),
        json!({ "cpf": DEMO_CPF, "birthDate": "1990-01-15" }),
        json!({ "cpf": "", "birthDate": "" }),
    ] {
        let answer = me
            .delete_with(&format!("/api/driver/app/delete/{id}"), wrong)
            .await
            .expect(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer["message"], "CPF ou data de nascimento não conferem.");
    }

    // In a queue: leave it first.
    // The driver joins on the Sunday before (outside the leave window), on the queue's clock,
    // which is put back afterwards.
    let truck = fixtures::truck(&app, &usuario, "APP1A23", "TRUCK", Some(id), None).await;
    let now = *app.clock.0.lock().unwrap();
    queue_common::open_for_freelancers(&app).await;
    queue_common::at(&app, queue_common::SUNDAY_0900);
    let entry = fixtures::join(&app, id, app.ids.demo, json!({ "truck": { "id": truck } })).await;
    let answer = me
        .delete_with(&format!("/api/driver/app/delete/{id}"), good.clone())
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        answer["message"],
        "Você está na fila. Saia da fila antes de excluir sua conta."
    );

    // After leaving, the account goes; its queue history keeps an erased row.
    me.delete(&format!("/api/queue/delete/{entry}"))
        .await
        .expect(StatusCode::OK);
    *app.clock.0.lock().unwrap() = now;
    let (status, answer, cookies) = me
        .delete_with(&format!("/api/driver/app/delete/{id}"), good.clone())
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Conta excluida!");
    assert!(
        cookies.iter().any(|c| c.starts_with("patio_driver=;")),
        "{cookies:?}"
    );
    assert_eq!(
        app.scalar_text(&format!("SELECT name AS v FROM drivers WHERE id = {id}")),
        "MOTORISTA EXCLUÍDO"
    );
    assert_eq!(
        count(
            &app,
            &format!(
                "drivers WHERE id = {id} AND is_enabled = FALSE AND cpf <> '{}'",
                cpf(601)
            )
        ),
        1
    );
    assert_eq!(count(&app, &format!("trucks WHERE driver_id = {id}")), 0);
    assert_eq!(driver_logs(&app, id, "DEL_APP"), 1);
    // The session no longer stands; the CPF is free again.
    me.get("/api/auth/app/session")
        .await
        .expect(StatusCode::UNAUTHORIZED);
    create(&usuario, driver_body("Conta App", 601)).await;

    // A driver without history is deleted outright.
    let fresh = create(&usuario, driver_body("Sem Historia", 602)).await;
    let fresh_id = fresh["id"].as_i64().unwrap();
    let me = anon
        .driver_sign_in(&masked_cpf(602), app.ids.demo, "1990-01-15")
        .await;
    me.delete_with(
        &format!("/api/driver/app/delete/{fresh_id}"),
        json!({ "cpf": cpf(602), "birthDate": "15/01/1990" }),
    )
    .await
    .expect(StatusCode::OK);
    assert_eq!(count(&app, &format!("drivers WHERE id = {fresh_id}")), 0);
    assert_eq!(
        count(
            &app,
            "driver_logs WHERE operation_type = 'DEL_APP' AND driver_id IS NULL"
        ),
        1
    );
}

#[actix_rt::test]
async fn the_driver_log_reads_a_range_of_days_with_escaped_titles() {
    let app = TestApp::new();
    queue_common::at(&app, "2026-03-05T17:07:00Z");
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let created = create(&usuario, driver_body("Com Registro", 701)).await;
    let id = created["id"].as_i64().unwrap();
    // why: log rows dated on chosen days (the database dates the product's own rows now).
    app.sql(&format!(
        "INSERT INTO driver_logs (driver_id, company_id, operation_type, data, created_at) VALUES
           ({id}, {demo}, 'OUT_COMPANY', '{{\"companyTo\": {{\"company\": \"<img src=x onerror=alert(1)>\"}}}}', '2026-03-06T12:00:00Z'),
           ({id}, {demo}, 'IN_QUEUE', '{{\"truck\": {{\"licensePlate\": \"ABC1D23\"}}}}', '2026-03-20T12:00:00Z')",
        demo = app.ids.demo
    ));
    // A range that holds the first row written above (the CAD_DRIVER row is dated by the
    // database, today for real, outside these days).
    let rows = usuario
        .get(&format!(
            "/api/log-driver/{id}?startDate=2026-03-05&endDate=2026-03-12"
        ))
        .await
        .expect(StatusCode::OK);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["operationType"], "OUT_COMPANY");
    let title = rows[0]["title"].as_str().unwrap();
    assert!(
        title.starts_with("Motorista mudou de empresa para &lt;img"),
        "{title}"
    );
    assert!(title.ends_with("em 06/03/2026 às 09:00"), "{title}");
    assert_eq!(rows[0]["company"]["name"], "Demo Agro");
    assert_eq!(rows[0]["details"][0]["key"], "Nova empresa");

    // The default range: today (the 5th, São Paulo) to seven days later.
    let rows = usuario
        .get(&format!("/api/log-driver/{id}"))
        .await
        .expect(StatusCode::OK);
    assert!(rows
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["operationType"] == "OUT_COMPANY"));
    let later = usuario
        .get(&format!(
            "/api/log-driver/{id}?startDate=2026-03-20&endDate=2026-03-20"
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        later[0]["title"],
        "Motorista Entrou na Fila com a Placa ABC1D23 em 20/03/2026 às 09:00"
    );
    assert_eq!(later[0]["details"][0]["value"], "ABC1D23");

    // To before From is refused with the spec's message.
    let answer = usuario
        .get(&format!(
            "/api/log-driver/{id}?startDate=2026-03-10&endDate=2026-03-09"
        ))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["message"],
        "A data final não pode ser menor que a data inicial."
    );
    let answer = usuario
        .get(&format!(
            "/api/log-driver/{id}?startDate=2024-01-01&endDate=2026-03-09"
        ))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["message"], "O período máximo é de 366 dias!");

    // The driver reads its own log, not another's; another company's staff gets 404.
    let me = anon
        .driver_sign_in(&masked_cpf(701), app.ids.demo, "1990-01-15")
        .await;
    me.get(&format!(
        "/api/log-driver/{id}?startDate=2026-03-06&endDate=2026-03-06"
    ))
    .await
    .expect(StatusCode::OK);
    me.get(&format!("/api/log-driver/{}", app.ids.driver))
        .await
        .expect(StatusCode::NOT_FOUND);
    let outra = app.usuario_of(app.ids.other).await;
    outra
        .get(&format!("/api/log-driver/{id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    let espectador = app.espectador_of(app.ids.demo).await;
    espectador
        .get(&format!("/api/log-driver/{id}"))
        .await
        .expect(StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn the_driver_picker_answers_within_the_caller_s_reach() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let expedicao = app.expedicao_of(app.ids.demo).await;
    let admin = app.admin().await;
    let mut body = driver_body("Motorista Vinculado", 801);
    body["shippingCompany"] = json!({ "id": app.ids.shipping });
    create(&usuario, body).await;

    let names = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|i| i["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let found = usuario
        .get("/api/driver/like/motorista")
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&found), ["MOTORISTA DEMO", "MOTORISTA VINCULADO"]);
    let found = admin
        .get("/api/driver/like/motorista")
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&found).len(), 3);
    let found = expedicao
        .get(&format!("/api/driver/like/{}", &cpf(801)[..5]))
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&found), ["MOTORISTA VINCULADO"]);
    let found = transp.get("/api/driver/like").await.expect(StatusCode::OK);
    assert_eq!(names(&found), ["MOTORISTA VINCULADO"]);
    let found = admin
        .get(&format!(
            "/api/driver/like/motorista/shipping-company/{}",
            app.ids.shipping
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&found), ["MOTORISTA VINCULADO"]);
    let found = admin
        .get(&format!("/api/driver/like/company/{}", app.ids.other))
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&found), ["MOTORISTA OUTRO"]);
    usuario
        .get(&format!(
            "/api/driver/like/motorista/company/{}",
            app.ids.other
        ))
        .await
        .expect(StatusCode::NOT_FOUND);
    let espectador = app.espectador_of(app.ids.demo).await;
    espectador
        .get("/api/driver/like/motorista")
        .await
        .expect(StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn the_signed_driver_link_opens_the_driver_login() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let link = usuario
        .post(
            "/api/auth/driver-link",
            json!({ "driverId": app.ids.driver }),
        )
        .await
        .expect(StatusCode::CREATED);
    let path = link["path"].as_str().unwrap();
    assert!(path.starts_with("/driver-login/"), "{path}");
    // The token's payload (readable by anyone holding the link) names the driver only; the
    // server reads CPF and birth date back.
    let payload = base64url(path.split('.').nth(1).unwrap());
    assert!(payload.contains("driverId"), "{payload}");
    assert!(
        !payload.contains("52998224725") && !payload.contains("1990"),
        "{payload}"
    );
    let content = anon
        .send(TestRequest::get().uri(&format!(
            "/api/auth/driver-link/{}",
            link["token"].as_str().unwrap()
        )))
        .await
        .expect(StatusCode::OK);
    assert_eq!(content["cpf"], "52998224725");
    let transp = app.transportadora_of(app.ids.demo).await;
    transp
        .post(
            "/api/auth/driver-link",
            json!({ "driverId": app.ids.driver }),
        )
        .await
        .expect(StatusCode::FORBIDDEN);
}

// ---- The form's truck rows (spec 2 section 5: "a dialog adds a truck: plate and renavam").

#[actix_rt::test]
async fn the_driver_form_adds_binds_and_edits_trucks_by_plate_and_renavam() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let trucks_of =
        |app: &TestApp, driver: i64| count(app, &format!("trucks WHERE driver_id = {driver}"));

    // A new plate becomes a truck of the driver's company and shipping company; a free plate
    // the company already has is bound to the driver.
    fixtures::saved_truck(&app, app.ids.demo, None, "FRE0A12", "TRUCK");
    let mut body = driver_body("motorista com caminhao", 301);
    body["shippingCompany"] = json!({ "id": app.ids.shipping });
    body["truck"] = json!([
        { "licensePlate": "abc-1d23", "renavam": "12345678901" },
        { "licensePlate": "FRE0A12", "renavam": "98765432100" }
    ]);
    let created = create(&usuario, body.clone()).await;
    let id = created["id"].as_i64().unwrap();
    let plates: Vec<&str> = created["truck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["licensePlate"].as_str().unwrap())
        .collect();
    assert_eq!(plates.len(), 2, "{created}");
    assert!(plates.contains(&"ABC1D23") && plates.contains(&"FRE0A12"));
    assert_eq!(trucks_of(&app, id), 2);
    assert_eq!(
        app.scalar_text(
            "SELECT concat_ws('|', company_id, shipping_company_id, renavam, is_enabled) AS v
               FROM trucks WHERE license_plate = 'ABC1D23'"
        ),
        format!("{}|{}|12345678901|t", app.ids.demo, app.ids.shipping)
    );
    assert_eq!(driver_logs(&app, id, "CAD_TRUCK"), 1);
    assert_eq!(driver_logs(&app, id, "BIND_TRUNCK"), 1);

    // Edit a listed row: its renavam changes, nothing else is created; its plate changes only
    // in the truck form (issue 21).
    let abc = app.scalar_i64("SELECT id AS v FROM trucks WHERE license_plate = 'ABC1D23'");
    let mut edit = body.clone();
    edit["id"] = json!(id);
    edit["truck"] = json!([{ "id": abc, "licensePlate": "ABC1D23", "renavam": "11111111111" }]);
    usuario
        .post("/api/driver/save", edit.clone())
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT license_plate || '|' || renavam AS v FROM trucks WHERE id = {abc}"
        )),
        "ABC1D23|11111111111"
    );
    assert_eq!(trucks_of(&app, id), 2);
    edit["truck"] = json!([{ "id": abc, "licensePlate": "ABC1D24", "renavam": "11111111111" }]);
    let answer = usuario
        .post("/api/driver/save", edit)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&answer)["licensePlate"],
        "A placa de um caminhão cadastrado não pode ser alterada aqui. Use o cadastro do caminhão."
    );

    // Bad rows: the staff form's messages, and nothing saved (not even the driver).
    let drivers_before = count(&app, "drivers");
    let trucks_before = count(&app, "trucks");
    for (rows, field, message) in [
        (
            json!([{ "licensePlate": "", "renavam": "12345678901" }]),
            "licensePlate",
            "Placa e obrigatorio!",
        ),
        (
            json!([{ "licensePlate": "XYZ9Z99", "renavam": "" }]),
            "renavam",
            "Renavam e obrigatorio!",
        ),
        (
            json!([{ "licensePlate": "XYZ9Z99", "renavam": "12345678901" },
                   { "licensePlate": "xyz-9z99", "renavam": "12345678902" }]),
            "licensePlate",
            "Placa repetida na lista de caminhões.",
        ),
    ] {
        let mut bad = driver_body("sem caminhao", 302);
        bad["truck"] = rows;
        let answer = usuario
            .post("/api/driver/save", bad)
            .await
            .expect(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&answer)[field], message, "{answer}");
    }
    assert_eq!(count(&app, "drivers"), drivers_before);
    assert_eq!(count(&app, "trucks"), trucks_before);

    // Another company's plate is refused as any taken plate (nothing says where it is), and
    // its truck id is not found.
    let outra = app.usuario_of(app.ids.other).await;
    let mut theirs = driver_body("motorista da outra", 303);
    theirs["truck"] = json!([{ "licensePlate": "OTR1A11", "renavam": "22222222222" }]);
    create(&outra, theirs).await;
    let their_truck = app.scalar_i64("SELECT id AS v FROM trucks WHERE license_plate = 'OTR1A11'");
    let mut steal = driver_body("ladrao de placa", 304);
    steal["truck"] = json!([{ "licensePlate": "OTR1A11", "renavam": "33333333333" }]);
    let answer = usuario
        .post("/api/driver/save", steal.clone())
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&answer)["licensePlate"], "Placa já cadastrada!");
    steal["truck"] =
        json!([{ "id": their_truck, "licensePlate": "OTR1A11", "renavam": "33333333333" }]);
    usuario
        .post("/api/driver/save", steal)
        .await
        .expect(StatusCode::NOT_FOUND);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT renavam AS v FROM trucks WHERE id = {their_truck}"
        )),
        "22222222222"
    );
}
