//! Products and orders (issue 11, spec 2): list, read, save, CSV import, delete, the picker;
//! order items, shipping companies, the derived status percent, the 100 % toggle, the
//! Transportadora's read-only view, and the role / tenant matrix of every call.

use crate::common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

fn product_body(code: i64, name: &str, group: i64, company: Option<i64>) -> Value {
    json!({ "id": 0, "code": code, "name": name, "group": group, "ncmcode": "1201.90.00",
            "company": company.map(|id| json!({ "id": id })) })
}

fn import_row(code: &str, name: &str, group: &str, ncm: &str) -> Value {
    json!({ "code": code, "name": name, "group": group, "ncmcode": ncm })
}

/// A customer of `company`, saved by its Usuario.
async fn customer(app: &TestApp, company: i64, code: i64, name: &str) -> i64 {
    fixtures::customer(&app.usuario_of(company).await, code, name).await
}

/// A shipping company of `company`, saved by the root administrator.
async fn shipping(app: &TestApp, company: i64, code: i64, name: &str) -> i64 {
    fixtures::shipping_company_of(app, company, code, name).await
}

fn product_count(app: &TestApp, company: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM products WHERE company_id = {company}"
    ))
}

#[actix_rt::test]
async fn usuario_creates_edits_lists_and_deletes_a_product_with_the_group_label() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let created = usuario
        .post("/api/product/create", product_body(10, "SOJA", 0, None))
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["group"], 0);
    assert_eq!(created["groupName"], "AGRICOLA");
    assert_eq!(created["ncmcode"], "12019000");
    assert_eq!(created["company"]["id"], app.ids.demo);

    // The code is read-only on edit: a changed code is ignored.
    let mut edit = product_body(99, "SOJA GRAO", 1, None);
    edit["id"] = json!(id);
    let edited = usuario
        .post("/api/product/create", edit)
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["code"], 10);
    assert_eq!(edited["name"], "SOJA GRAO");
    assert_eq!(edited["groupName"], "SIDERURGICA");

    let page = usuario
        .get(&format!(
            "/api/product/company/{}?page=1&pageSize=9&search=grao",
            app.ids.demo
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["total"], 1);
    assert_eq!(
        page["items"][0]["groupName"], "SIDERURGICA",
        "list shows what the form shows"
    );
    for search in ["10", "1201", "SOJA"] {
        let found = usuario
            .get(&format!("/api/product?search={search}"))
            .await
            .expect(StatusCode::OK);
        assert_eq!(found.as_array().unwrap().len(), 1, "{search}");
    }
    assert_eq!(log_count(&app, "CREATE", "PRODUCT"), 1);
    assert_eq!(log_count(&app, "UPDATE", "PRODUCT"), 1);

    let body = usuario
        .delete(&format!("/api/product/delete/{id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(body["message"], "Excluido com sucesso!");
    assert_eq!(product_count(&app, app.ids.demo), 0);
}

#[actix_rt::test]
async fn a_duplicate_code_and_a_long_name_are_refused_with_their_messages() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    usuario
        .post("/api/product/create", product_body(1, "A", 0, None))
        .await
        .expect(StatusCode::CREATED);
    let dup = usuario
        .post("/api/product/create", product_body(1, "B", 0, None))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(dup["message"], "Código já cadastrado!");
    let long = usuario
        .post(
            "/api/product/create",
            product_body(2, &"X".repeat(81), 0, None),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&long)["name"], "Tamanho máximo de 80 caracteres");
}

#[actix_rt::test]
async fn import_saves_every_row_skipping_empty_codes_and_maps_agricola_to_zero() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let rows = json!([
        import_row("1", "SOJA", "Agrícola", "1201.90.00"),
        import_row("", "ignored", "", ""),
        import_row("2", "BOBINA", "siderurgica", ""),
        import_row("3", "MILHO", "AGRICOLA", ""),
    ]);
    let out = usuario
        .post("/api/product/import", rows)
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(out, json!({ "created": 3, "updated": 0 }));
    assert_eq!(
        app.scalar_text(
            "SELECT string_agg(code || ':' || group_type, ',' ORDER BY code) AS v FROM products"
        ),
        "1:0,2:1,3:0"
    );
    assert_eq!(log_count(&app, "IMPORT", "PRODUCT"), 1);
}

#[actix_rt::test]
async fn an_empty_import_is_refused() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let body = usuario
        .post("/api/product/import", json!([import_row("", "x", "", "")]))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Nenhum registro para importar!");
}

#[actix_rt::test]
async fn a_bad_middle_row_saves_nothing_and_names_its_line() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let rows = json!([
        import_row("1", "SOJA", "", ""),
        import_row("2", &"X".repeat(81), "", ""),
        import_row("3", "MILHO", "", ""),
    ]);
    let body = usuario
        .post("/api/product/import", rows)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Linha 3: Tamanho máximo de 80 caracteres");
    assert_eq!(product_count(&app, app.ids.demo), 0);
}

#[actix_rt::test]
async fn a_product_used_by_an_order_cannot_be_deleted() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let product = usuario
        .post("/api/product/create", product_body(5, "SOJA", 0, None))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let c = customer(&app, app.ids.demo, 1, "Fazenda").await;
    usuario
        .post(
            "/api/order/save",
            order_body("P1", c, &[(product, 10.0)], &[]),
        )
        .await
        .expect(StatusCode::CREATED);
    let body = usuario
        .delete(&format!("/api/product/delete/{product}"))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "Erro ao excluir, existe(m) pedido(s) para este produto!"
    );
    assert_eq!(product_count(&app, app.ids.demo), 1);
}

#[actix_rt::test]
async fn product_calls_refuse_other_roles_and_hide_other_companies() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let other = app.usuario_of(app.ids.other).await;
    let id = admin
        .post(
            "/api/product/create",
            product_body(7, "SOJA", 0, Some(app.ids.demo)),
        )
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    // Right role.
    usuario
        .get(&format!("/api/product/{id}"))
        .await
        .expect(StatusCode::OK);
    let like = usuario
        .get("/api/product/like/so")
        .await
        .expect(StatusCode::OK);
    assert_eq!(like[0]["id"], id);
    let all = admin.get("/api/product").await.expect(StatusCode::OK);
    assert_eq!(all.as_array().unwrap().len(), 1);
    // Wrong role.
    for req in [
        get("/api/product"),
        get(&format!("/api/product/{id}")),
        get("/api/product/like/so"),
        post("/api/product/create", product_body(8, "X", 0, None)),
        post("/api/product/import", json!([import_row("9", "X", "", "")])),
        delete(&format!("/api/product/delete/{id}")),
    ] {
        transp.run(req).await.expect(StatusCode::FORBIDDEN);
    }
    // Another company's record.
    let mut edit = product_body(7, "MINE", 0, None);
    edit["id"] = json!(id);
    for req in [
        get(&format!("/api/product/{id}")),
        get(&format!("/api/product/company/{}", app.ids.demo)),
        get(&format!("/api/product/like/so/company/{}", app.ids.demo)),
        post("/api/product/create", edit),
        delete(&format!("/api/product/delete/{id}")),
    ] {
        other.run(req).await.expect(StatusCode::NOT_FOUND);
    }
    let theirs = other
        .get("/api/product/like/so")
        .await
        .expect(StatusCode::OK);
    assert_eq!(theirs, json!([]));
}

// ---- Orders.

fn order_body(code: &str, customer: i64, items: &[(i64, f64)], carriers: &[i64]) -> Value {
    json!({
        "id": 0, "code": code, "customer": { "id": customer }, "qtyTransported": 0,
        "sendEmail": false, "enable": true,
        "shippingCompany": carriers.iter().map(|id| json!({ "id": id })).collect::<Vec<_>>(),
        "orderItem": items.iter().map(|(p, q)| json!({ "quantity": q, "product": { "id": p } })).collect::<Vec<_>>(),
    })
}

struct Fixture {
    customer: i64,
    soja: i64,
    milho: i64,
}

async fn fixture(app: &TestApp, usuario: &Client) -> Fixture {
    let mut ids = Vec::new();
    for (code, name) in [(1, "SOJA"), (2, "MILHO")] {
        let p = usuario
            .post("/api/product/create", product_body(code, name, 0, None))
            .await
            .expect(StatusCode::CREATED);
        ids.push(p["id"].as_i64().unwrap());
    }
    Fixture {
        customer: customer(app, app.ids.demo, 1, "Fazenda Boa Vista").await,
        soja: ids[0],
        milho: ids[1],
    }
}

#[actix_rt::test]
async fn usuario_creates_an_order_with_two_items_and_two_carriers_then_edits_it() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let f = fixture(&app, &usuario).await;
    let second = shipping(&app, app.ids.demo, 77, "Rodo Sul").await;
    let created = usuario
        .post(
            "/api/order/save",
            order_body(
                "PED-001",
                f.customer,
                &[(f.soja, 30.0), (f.milho, 20.5)],
                &[app.ids.shipping, second],
            ),
        )
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["ordered"], 50.5);
    assert_eq!(created["delivered"], 0.0);
    assert_eq!(created["status"], "0");
    assert_eq!(created["customer"]["name"], "Fazenda Boa Vista");
    assert_eq!(created["company"]["id"], app.ids.demo);
    assert_eq!(created["shippingCompany"].as_array().unwrap().len(), 2);
    assert_eq!(created["orderItem"][1]["product"]["name"], "MILHO");
    assert_eq!(log_count(&app, "CREATE", "ORDER"), 1);

    // Edit: the code stays; a saved item is deleted by its own call; status follows.
    let item = created["orderItem"][1]["id"].as_i64().unwrap();
    usuario
        .delete(&format!("/api/orderItem/delete/{item}"))
        .await
        .expect(StatusCode::OK);
    let mut edit = order_body("CHANGED", f.customer, &[], &[app.ids.shipping]);
    edit["id"] = json!(id);
    edit["qtyTransported"] = json!("15");
    let edited = usuario
        .post("/api/order/save", edit)
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["code"], "PED-001");
    assert_eq!(edited["ordered"], 30.0);
    assert_eq!(edited["delivered"], 15.0);
    assert_eq!(edited["status"], "50");
    assert_eq!(edited["shippingCompany"].as_array().unwrap().len(), 1);
}

#[actix_rt::test]
async fn status_counts_the_loadings_transported_quantities_and_the_order_level_quantity() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let f = fixture(&app, &usuario).await;
    let created = usuario
        .post(
            "/api/order/save",
            order_body("PED-2", f.customer, &[(f.soja, 40.0)], &[app.ids.shipping]),
        )
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    // A loading that transported 10 t.
    let expiry = (chrono::Utc::now() + chrono::Duration::days(5))
        .format("%Y-%m-%d")
        .to_string();
    let truck = fixtures::demo_truck(&app);
    let loading = fixtures::loading(&usuario, id, truck, app.ids.driver, 10.0, Some(&expiry)).await;
    // why: the 10 t weighed and the loading finished: only the end of the yard's flow writes
    // them.
    app.sql(&format!(
        "UPDATE schedulings SET qty_transported = 10, status = TRUE WHERE id = {loading}"
    ));
    let mut edit = created.clone();
    edit["qtyTransported"] = json!(30);
    let edited = usuario
        .post("/api/order/save", edit)
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["delivered"], 40.0);
    assert_eq!(edited["status"], "100");

    // At 100 % the order leaves the default list and the dashboard counts it complete.
    let list = usuario
        .get("/api/order?page=1&pageSize=9")
        .await
        .expect(StatusCode::OK);
    assert_eq!(list["total"], 0);
    let list = usuario
        .get("/api/order?page=1&pageSize=9&complete=true")
        .await
        .expect(StatusCode::OK);
    assert_eq!(list["items"][0]["id"], id);
    let totals = usuario
        .get(&format!("/api/order/totals/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert_eq!(totals["complete"], 1, "{totals}");
    assert_eq!(totals["process"], 0, "{totals}");

    // Delete is refused while a loading has a transported quantity.
    let refused = usuario
        .delete(&format!("/api/order/delete/{id}"))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        refused["message"],
        "Erro ao excluir, existe(m) carregamento(s) com quantidade transportada neste pedido!"
    );
    let has = usuario
        .get(&format!("/api/order/{id}/hasDriver/{}", app.ids.driver))
        .await
        .expect(StatusCode::OK);
    assert_eq!(has, json!({ "orderHasThisDriver": true }));
}

#[actix_rt::test]
async fn an_order_needs_code_customer_and_complete_items() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let f = fixture(&app, &usuario).await;
    let mut body = order_body("", 0, &[], &[]);
    body["orderItem"] = json!([{ "quantity": 5, "product": null }]);
    let refused = usuario
        .post("/api/order/save", body)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    let fields = fields(&refused);
    assert_eq!(fields["code"], "Código é obrigatório!");
    assert_eq!(fields["customer"], "Cliente é obrigatório!");
    assert_eq!(
        fields["orderItem"],
        "Informe o produto e a quantidade do item!"
    );
    let long = order_body("123456789012", f.customer, &[], &[]);
    let refused = usuario
        .post("/api/order/save", long)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields_of(&refused, "code"),
        "Tamanho máximo de 11 caracteres"
    );
    usuario
        .post("/api/order/save", order_body("P", f.customer, &[], &[]))
        .await
        .expect(StatusCode::CREATED);
    let dup = usuario
        .post("/api/order/save", order_body("P", f.customer, &[], &[]))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(dup["message"], "Código do pedido já cadastrado!");
}

fn fields_of(body: &Value, field: &str) -> String {
    fields(body)[field].as_str().unwrap().to_owned()
}

#[actix_rt::test]
async fn a_transportadora_reads_only_the_orders_open_to_its_shipping_company() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let f = fixture(&app, &usuario).await;
    let rival = shipping(&app, app.ids.demo, 88, "Rival").await;
    let mine = usuario
        .post(
            "/api/order/save",
            order_body("MINE", f.customer, &[(f.soja, 5.0)], &[app.ids.shipping]),
        )
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let theirs = usuario
        .post(
            "/api/order/save",
            order_body("THEIRS", f.customer, &[(f.soja, 5.0)], &[rival]),
        )
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let list = transp
        .get(&format!("/api/order/shipping-company/{}", app.ids.shipping))
        .await
        .expect(StatusCode::OK);
    let codes: Vec<_> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["code"].clone())
        .collect();
    assert_eq!(codes, [json!("MINE")]);
    let list = transp.get("/api/order").await.expect(StatusCode::OK);
    assert_eq!(list.as_array().unwrap().len(), 1);
    transp
        .get(&format!("/api/order/{mine}"))
        .await
        .expect(StatusCode::OK);
    transp
        .get(&format!("/api/order/{theirs}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    transp
        .get(&format!("/api/order/shipping-company/{rival}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    // Read-only.
    let mut edit = order_body("MINE", f.customer, &[], &[app.ids.shipping]);
    edit["id"] = json!(mine);
    for req in [
        post("/api/order/save", edit),
        delete(&format!("/api/order/delete/{mine}")),
    ] {
        transp.run(req).await.expect(StatusCode::FORBIDDEN);
    }
}

#[actix_rt::test]
async fn order_calls_refuse_other_roles_and_hide_other_companies() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let expedicao = app.expedicao_of(app.ids.demo).await;
    let other = app.usuario_of(app.ids.other).await;
    let f = fixture(&app, &usuario).await;
    let order = usuario
        .post(
            "/api/order/save",
            order_body("O1", f.customer, &[(f.soja, 5.0)], &[app.ids.shipping]),
        )
        .await
        .expect(StatusCode::CREATED);
    let id = order["id"].as_i64().unwrap();
    let item = order["orderItem"][0]["id"].as_i64().unwrap();
    // An administrator sees every company's orders, with the company.
    let all = admin
        .get("/api/order?page=1&pageSize=9")
        .await
        .expect(StatusCode::OK);
    assert_eq!(all["items"][0]["company"]["name"], "Demo Agro");
    let mut admin_body = order_body("O2", f.customer, &[], &[]);
    admin_body["company"] = json!({ "id": app.ids.demo });
    admin
        .post("/api/order/save", admin_body)
        .await
        .expect(StatusCode::CREATED);
    // Wrong role.
    for req in [
        get("/api/order"),
        get(&format!("/api/order/{id}")),
        post("/api/order/save", order_body("X", f.customer, &[], &[])),
        delete(&format!("/api/order/delete/{id}")),
        delete(&format!("/api/orderItem/delete/{item}")),
        get(&format!("/api/order/{id}/hasDriver/{}", app.ids.driver)),
    ] {
        expedicao.run(req).await.expect(StatusCode::FORBIDDEN);
    }
    // Another company's record.
    let mut edit = order_body("O1", f.customer, &[], &[]);
    edit["id"] = json!(id);
    for req in [
        get(&format!("/api/order/{id}")),
        get(&format!("/api/order/company/{}", app.ids.demo)),
        get(&format!("/api/order/shipping-company/{}", app.ids.shipping)),
        get(&format!("/api/order/{id}/hasDriver/{}", app.ids.driver)),
        post("/api/order/save", edit),
        delete(&format!("/api/order/delete/{id}")),
        delete(&format!("/api/orderItem/delete/{item}")),
    ] {
        other.run(req).await.expect(StatusCode::NOT_FOUND);
    }
    // Their own order cannot use this company's customer or products.
    let refused = other
        .post("/api/order/save", order_body("X", f.customer, &[], &[]))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields_of(&refused, "customer"),
        "Cliente não pertence à empresa do pedido!"
    );
    let theirs = customer(&app, app.ids.other, 1, "Deles").await;
    let refused = other
        .post(
            "/api/order/save",
            order_body("X", theirs, &[(f.soja, 1.0)], &[]),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields_of(&refused, "orderItem"),
        "Produto não pertence à empresa do pedido!"
    );
    // Delete (no loading transported): the order and its items go.
    usuario
        .delete(&format!("/api/order/delete/{id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM order_items WHERE order_id = {id}"
        )),
        0
    );
}

/// The codes, customers and total of a listed page.
fn listed(page: &Value) -> (Vec<String>, Vec<String>, i64) {
    let items = page["items"].as_array().unwrap();
    (
        items
            .iter()
            .map(|o| o["code"].as_str().unwrap().to_owned())
            .collect(),
        items
            .iter()
            .map(|o| o["customer"]["name"].as_str().unwrap().to_owned())
            .collect(),
        page["total"].as_i64().unwrap(),
    )
}

/// Issue 28: an order search by customer name finds the orders of every customer whose name
/// holds the text (accents and case aside) and those whose code holds it, newest first, with
/// their customer, tonnes and total, page by page and past the last page; another company's
/// customer of the same name is not searched, and a Transportadora finds only the orders open
/// to its shipping company.
#[actix_rt::test]
async fn an_order_search_by_customer_name_lists_that_customers_orders_newest_first() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let f = fixture(&app, &usuario).await;
    let braga = customer(&app, app.ids.demo, 2, "Fazenda João Braga").await;
    let braganca = customer(&app, app.ids.demo, 3, "FAZENDA JOAO BRAGANÇA").await;
    let elsewhere = customer(&app, app.ids.other, 2, "Fazenda João Braga").await;
    let rival = shipping(&app, app.ids.demo, 88, "Rival").await;
    for (code, customer, carrier) in [
        ("B-1", braga, rival),
        ("BV-1", f.customer, app.ids.shipping),
        ("B-2", braga, app.ids.shipping),
        ("BR-1", braganca, rival),
        ("B-3", braga, rival),
    ] {
        usuario
            .post(
                "/api/order/save",
                order_body(code, customer, &[(f.soja, 12.5)], &[carrier]),
            )
            .await
            .expect(StatusCode::CREATED);
    }
    let other = app.usuario_of(app.ids.other).await;
    let product = other
        .post("/api/product/create", product_body(1, "SOJA", 0, None))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    other
        .post(
            "/api/order/save",
            order_body("B-9", elsewhere, &[(product, 1.0)], &[]),
        )
        .await
        .expect(StatusCode::CREATED);

    let braga_name = "Fazenda João Braga".to_owned();
    let braganca_name = "FAZENDA JOAO BRAGANÇA".to_owned();
    for search in ["fazenda%20jo%C3%A3o%20braga", "FAZENDA%20JOAO%20BRAGA"] {
        let page = |n: u32| format!("/api/order?page={n}&pageSize=2&complete=true&search={search}");
        let first = usuario.get(&page(1)).await.expect(StatusCode::OK);
        assert_eq!(
            listed(&first),
            (
                vec!["B-3".to_owned(), "BR-1".to_owned()],
                vec![braga_name.clone(), braganca_name.clone()],
                4
            ),
            "{first}"
        );
        assert_eq!(first["items"][0]["ordered"], 12.5, "{first}");
        assert_eq!(first["items"][0]["company"]["id"], app.ids.demo, "{first}");
        let second = usuario.get(&page(2)).await.expect(StatusCode::OK);
        assert_eq!(
            listed(&second),
            (
                vec!["B-2".to_owned(), "B-1".to_owned()],
                vec![braga_name.clone(), braga_name.clone()],
                4
            )
        );
        let past = usuario.get(&page(3)).await.expect(StatusCode::OK);
        assert_eq!(listed(&past), (vec![], vec![], 4));
    }
    // "bragança" only, and a code's text.
    let one = usuario
        .get("/api/order?page=1&pageSize=9&complete=true&search=bragan%C3%A7a")
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        listed(&one),
        (vec!["BR-1".to_owned()], vec![braganca_name], 1)
    );
    let code = usuario
        .get("/api/order?page=1&pageSize=9&complete=true&search=bv-")
        .await
        .expect(StatusCode::OK);
    assert_eq!(listed(&code).0, ["BV-1"]);
    let none = usuario
        .get("/api/order?page=1&pageSize=9&complete=true&search=fazenda%20ningu%C3%A9m")
        .await
        .expect(StatusCode::OK);
    assert_eq!(listed(&none), (vec![], vec![], 0));

    // The Transportadora's search: the searched orders open to its shipping company.
    let transp = app.transportadora_of(app.ids.demo).await;
    let mine = transp
        .get("/api/order?page=1&pageSize=9&complete=true&search=fazenda%20jo%C3%A3o%20braga")
        .await
        .expect(StatusCode::OK);
    assert_eq!(listed(&mine), (vec!["B-2".to_owned()], vec![braga_name], 1));
}

/// The products list tells its total on every page, past the last one too, and a search's
/// total counts its matches only (the page and total are read in one statement).
#[actix_rt::test]
async fn the_products_list_tells_its_total_on_every_page_and_past_the_last() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let before = product_count(&app, app.ids.demo);
    for code in 0..7 {
        let name = if code % 2 == 0 {
            "AÇÚCAR CRISTAL"
        } else {
            "MILHO"
        };
        usuario
            .post(
                "/api/product/create",
                product_body(200 + code, name, 0, None),
            )
            .await
            .expect(StatusCode::CREATED);
    }
    let total = before + 7;
    let list = |query: String| {
        let usuario = &usuario;
        let path = format!("/api/product/company/{}?{query}", app.ids.demo);
        async move { usuario.get(&path).await.expect(StatusCode::OK) }
    };
    let page_size = 3;
    let last = (total + page_size - 1) / page_size;
    for page in 1..=last + 1 {
        let body = list(format!("page={page}&pageSize={page_size}")).await;
        assert_eq!(body["total"], total, "page {page}: {body}");
        let want = (total - (page - 1) * page_size).clamp(0, page_size);
        assert_eq!(
            body["items"].as_array().unwrap().len() as i64,
            want,
            "page {page}"
        );
    }
    // "acucar" typed without accents: the four sugars, on two pages of three.
    let first = list(format!("page=1&pageSize={page_size}&search=acucar")).await;
    assert_eq!(first["total"], 4, "{first}");
    assert_eq!(first["items"].as_array().unwrap().len(), 3);
    let second = list(format!("page=2&pageSize={page_size}&search=acucar")).await;
    assert_eq!(second["total"], 4, "{second}");
    assert_eq!(second["items"][0]["name"], "AÇÚCAR CRISTAL");
    let past = list(format!("page=3&pageSize={page_size}&search=acucar")).await;
    assert_eq!(
        (
            past["total"].as_i64(),
            past["items"].as_array().map(Vec::len)
        ),
        (Some(4), Some(0))
    );
    let none = list("page=1&pageSize=3&search=cevada".to_owned()).await;
    assert_eq!(none["total"], 0, "{none}");
}
