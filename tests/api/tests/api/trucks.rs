//! Trucks (issue 12; spec 2 "Trucks", spec 3 section 7 "Driver trucks"): the implement table,
//! the staff form with its messages, unique plates, the role and tenant matrix, paging and
//! search, the referenced delete, the shipping-company unbind, the driver's own calls with
//! their driver logs, the plate check and the `truck` picker.

use crate::common;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

fn patch(uri: &str, cookie: &str, body: Value) -> TestRequest {
    TestRequest::patch()
        .uri(uri)
        .insert_header(("Cookie", cookie.to_owned()))
        .set_json(body)
}

/// The seeded model (Volvo FH 540).
fn model(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT id AS v FROM truck_models WHERE name = 'FH 540'")
}

/// The seeded truck of the demo driver.
fn demo_truck(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT id AS v FROM trucks WHERE license_plate = 'DEM0A12'")
}

fn truck_body(plate: &str, model: i64) -> Value {
    json!({
        "id": 0, "licensePlate": plate, "renavam": "12345678901", "owner": "Dono",
        "implementType": "TRUCK", "vehicleModel": { "id": model, "truckBrand": { "id": 1 } },
        "color": "#1F6FEB", "isEnabled": true, "company": null, "shippingCompany": null,
        "driver": null, "contact": []
    })
}

fn with(mut body: Value, extra: Value) -> Value {
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

fn truck_count(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT count(*) AS v FROM trucks")
}

/// Driver log rows of an operation for a driver, with the plate they name.
fn driver_logs(app: &TestApp, driver: i64, op: &str, plate: &str) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {driver}
           AND operation_type = '{op}' AND data->'truck'->>'licensePlate' = '{plate}'"
    ))
}

async fn driver_cookie<S, B>(svc: &S, cpf: &str, company: i64, birth: &str) -> String
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (status, body, cookies) = send(
        svc,
        TestRequest::post()
            .uri("/api/auth/app/login")
            .set_json(driver_login_body(cpf, company, birth)),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    cookie_pair(&cookies, "patio_driver")
}

/// A second driver of the demo company, and a shipping company of the other company.
fn second_driver(app: &TestApp) -> i64 {
    app.sql(&format!(
        "INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
         VALUES ({}, 'SEGUNDO MOTORISTA', '{}', '1988-02-02', TRUE, TRUE)",
        app.ids.demo,
        cpf(424_242)
    ));
    app.scalar_i64("SELECT id AS v FROM drivers WHERE name = 'SEGUNDO MOTORISTA'")
}

fn other_shipping(app: &TestApp) -> i64 {
    app.sql(&format!(
        "INSERT INTO shipping_companies (company_id, code, name, is_enabled)
         VALUES ({}, 9, 'Transportadora Outra', TRUE)",
        app.ids.other
    ));
    app.scalar_i64("SELECT id AS v FROM shipping_companies WHERE name = 'Transportadora Outra'")
}

#[actix_rt::test]
async fn the_implement_table_is_served_and_the_server_stores_it_whatever_the_form_sends() {
    let app = TestApp::new();
    let svc = app.service().await;
    // The forms read the table (no session needed: the driver's registration uses it too).
    let (status, table, _) = send(&svc, TestRequest::get().uri("/api/truck/implement-types")).await;
    assert_eq!(status, StatusCode::OK);
    let rows = table.as_array().unwrap();
    assert_eq!(rows.len(), 11);
    assert_eq!(
        rows[0],
        json!({ "name": "TRUCK", "shaftQuantity": 3, "grossCapacity": 23.0, "netCapacity": 16.0 })
    );
    assert_eq!(
        rows[10],
        json!({ "name": "RODOTREM 11 EIXOS", "shaftQuantity": 11, "grossCapacity": 91.0, "netCapacity": 65.6 })
    );

    let usuario = login(&svc, USUARIO).await;
    let m = model(&app);
    let body = with(
        truck_body("abc-1d23", m),
        json!({ "implementType": "RODOTREM 11 EIXOS", "shaftQuantity": 99, "grossCapacity": 1, "netCapacity": 1 }),
    );
    let created = expect(
        &svc,
        post("/api/truck/save", &usuario, body),
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(created["licensePlate"], "ABC1D23");
    assert_eq!(created["shaftQuantity"], 11);
    assert_eq!(created["grossCapacity"], 91.0);
    assert_eq!(created["netCapacity"], 65.6);
    assert_eq!(created["color"], "#1f6feb");
    assert_eq!(created["company"]["id"], app.ids.demo);
    assert_eq!(created["vehicleModel"]["name"], "FH 540");
    assert_eq!(created["vehicleModel"]["truckBrand"]["name"], "Volvo");
    let id = created["id"].as_i64().unwrap();
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT concat_ws('/', implement_type, shaft_quantity, gross_capacity::float8, net_capacity::float8) AS v FROM trucks WHERE id = {id}"
        )),
        "RODOTREM 11 EIXOS/11/91/65.6"
    );
    assert_eq!(log_count(&app, "CREATE", "TRUCK"), 1);

    // An edit changes the type: the capacities follow it.
    let edited = expect(
        &svc,
        post(
            "/api/truck/save",
            &usuario,
            with(
                truck_body("ABC1D23", m),
                json!({ "id": id, "implementType": "ls (menor 16 mt)", "isEnabled": false }),
            ),
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(edited["implementType"], "LS (MENOR 16 MT)");
    assert_eq!(
        (
            &edited["shaftQuantity"],
            &edited["grossCapacity"],
            &edited["netCapacity"]
        ),
        (&json!(6), &json!(45.0), &json!(31.0))
    );
    assert_eq!(edited["isEnabled"], false);
    assert_eq!(log_count(&app, "UPDATE", "TRUCK"), 1);
    let one = expect(
        &svc,
        get(&format!("/api/truck/{id}"), &usuario),
        StatusCode::OK,
    )
    .await;
    assert_eq!(one, edited);
}

#[actix_rt::test]
async fn every_truck_form_message_is_the_spec_s_and_a_refused_form_saves_nothing() {
    let app = TestApp::new();
    let svc = app.service().await;
    let usuario = login(&svc, USUARIO).await;
    let admin = login(&svc, ADMIN).await;
    let m = model(&app);
    let before = truck_count(&app);

    let body = expect(
        &svc,
        post("/api/truck/save", &usuario, json!({})),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    let f = fields(&body);
    assert_eq!(f["licensePlate"], "Placa e obrigatorio!");
    assert_eq!(f["renavam"], "Renavam e obrigatorio!");
    assert_eq!(f["vehicleModel"], "Modelo e obrigatorio!");
    assert_eq!(f["implementType"], "Tipo de implemento e obrigatorio!");

    let other_driver = app.ids.other_driver;
    let other_ship = other_shipping(&app);
    for (extra, field, message) in [
        (
            json!({ "licensePlate": "ABC12345" }),
            "licensePlate",
            "Tamanho maximo de 7 caracteres",
        ),
        (
            json!({ "licensePlate": "AB*1234" }),
            "licensePlate",
            "O valor deve conter apenas letras, numeros e sem espacos.",
        ),
        (
            json!({ "licensePlate": "ABC123" }),
            "licensePlate",
            "Placa deve conter 7 caracteres",
        ),
        (
            json!({ "renavam": "1234567890123" }),
            "renavam",
            "Tamanho maximo de 12 caracteres",
        ),
        (
            json!({ "renavam": "12345678A01" }),
            "renavam",
            "Renavam inválido",
        ),
        (
            json!({ "owner": "O".repeat(51) }),
            "owner",
            "Tamanho maximo de 50 caracteres",
        ),
        (
            json!({ "implementType": "CARRETA" }),
            "implementType",
            "Tipo de implemento inválido",
        ),
        (
            json!({ "vehicleModel": { "id": 987654 } }),
            "vehicleModel",
            "Modelo e obrigatorio!",
        ),
        (json!({ "color": "red" }), "color", "Cor inválida"),
        (
            json!({ "shippingCompany": { "id": other_ship } }),
            "shippingCompany",
            "Transportadora inválida",
        ),
        (
            json!({ "driver": { "id": other_driver } }),
            "driver",
            "Motorista inválido",
        ),
    ] {
        let body = expect(
            &svc,
            post(
                "/api/truck/save",
                &usuario,
                with(truck_body("NEW1A23", m), extra.clone()),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(fields(&body)[field], message, "{extra}");
    }
    // An administrator must choose the company.
    let body = expect(
        &svc,
        post("/api/truck/save", &admin, truck_body("NEW1A23", m)),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(fields(&body)["_company"], "Selecione uma empresa!");
    assert_eq!(truck_count(&app), before);
    assert_eq!(log_count(&app, "CREATE", "TRUCK"), 0);
}

#[actix_rt::test]
async fn a_plate_belongs_to_one_truck_everywhere() {
    let app = TestApp::new();
    let svc = app.service().await;
    let usuario = login(&svc, USUARIO).await;
    let other = login(&svc, OTHER_USUARIO).await;
    let m = model(&app);
    let first = expect(
        &svc,
        post("/api/truck/save", &usuario, truck_body("PLA0A01", m)),
        StatusCode::CREATED,
    )
    .await;
    for (cookie, plate) in [(&usuario, "pla-0a01"), (&other, "DEM0A12")] {
        let body = expect(
            &svc,
            post("/api/truck/save", cookie, truck_body(plate, m)),
            StatusCode::CONFLICT,
        )
        .await;
        assert_eq!(body["message"], "Placa já cadastrada!");
        assert_eq!(body["code"], "duplicate");
    }
    // Editing another truck onto the plate is refused too.
    let second = expect(
        &svc,
        post("/api/truck/save", &usuario, truck_body("PLA0A02", m)),
        StatusCode::CREATED,
    )
    .await;
    let body = expect(
        &svc,
        post(
            "/api/truck/save",
            &usuario,
            with(truck_body("PLA0A01", m), json!({ "id": second["id"] })),
        ),
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["message"], "Placa já cadastrada!");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM trucks WHERE license_plate = 'PLA0A01' AND id = {}",
            first["id"]
        )),
        1
    );
}

#[actix_rt::test]
async fn roles_and_tenants_decide_who_reads_and_changes_which_trucks() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;
    let usuario = login(&svc, USUARIO).await;
    let expedicao = login(&svc, EXPEDICAO).await;
    let other = login(&svc, OTHER_USUARIO).await;
    let m = model(&app);
    let demo = demo_truck(&app);
    let other_truck = expect(
        &svc,
        post("/api/truck/save", &other, truck_body("OUT0A01", m)),
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();

    // Administrators: every company's list, any truck.
    let all = expect(&svc, get("/api/truck?page=1", &admin), StatusCode::OK).await;
    assert_eq!(all["total"], 2);
    assert_eq!(all["pageSize"], 8);
    let filtered = expect(
        &svc,
        get(&format!("/api/truck?companyId={}", app.ids.other), &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(filtered.as_array().unwrap().len(), 1);
    expect(
        &svc,
        get(&format!("/api/truck/{other_truck}"), &admin),
        StatusCode::OK,
    )
    .await;

    // A Usuario: its company only; GET /truck is the administrators'.
    expect(&svc, get("/api/truck", &usuario), StatusCode::FORBIDDEN).await;
    let own = expect(
        &svc,
        get(&format!("/api/truck/company/{}", app.ids.demo), &usuario),
        StatusCode::OK,
    )
    .await;
    assert_eq!(own[0]["licensePlate"], "DEM0A12");
    for uri in [
        format!("/api/truck/company/{}", app.ids.other),
        format!("/api/truck/{other_truck}"),
    ] {
        expect(&svc, get(&uri, &usuario), StatusCode::NOT_FOUND).await;
    }
    expect(
        &svc,
        get(&format!("/api/truck/{demo}"), &other),
        StatusCode::NOT_FOUND,
    )
    .await;
    // Another company's truck cannot be edited, nor a truck put into another company.
    expect(
        &svc,
        post(
            "/api/truck/save",
            &usuario,
            with(truck_body("OUT0A01", m), json!({ "id": other_truck })),
        ),
        StatusCode::NOT_FOUND,
    )
    .await;
    expect(
        &svc,
        post(
            "/api/truck/save",
            &usuario,
            with(
                truck_body("NEW0A01", m),
                json!({ "company": { "id": app.ids.other } }),
            ),
        ),
        StatusCode::NOT_FOUND,
    )
    .await;
    // Deleting is the administrator's.
    for cookie in [&usuario, &expedicao] {
        expect(
            &svc,
            delete(&format!("/api/truck/delete/{demo}"), cookie),
            StatusCode::FORBIDDEN,
        )
        .await;
    }
    expect(
        &svc,
        delete(&format!("/api/truck/delete/{other_truck}"), &other),
        StatusCode::FORBIDDEN,
    )
    .await;

    // Dispatch roles read their company's trucks and change nothing.
    expect(
        &svc,
        get(&format!("/api/truck/company/{}", app.ids.demo), &expedicao),
        StatusCode::OK,
    )
    .await;
    expect(
        &svc,
        get(&format!("/api/truck/{demo}"), &expedicao),
        StatusCode::OK,
    )
    .await;
    expect(
        &svc,
        post("/api/truck/save", &expedicao, truck_body("EXP0A01", m)),
        StatusCode::FORBIDDEN,
    )
    .await;
    expect(
        &svc,
        patch(
            "/api/truck/unbind-shipping-company",
            &expedicao,
            json!({ "truck": { "id": demo } }),
        ),
        StatusCode::FORBIDDEN,
    )
    .await;
    expect(
        &svc,
        get(
            &format!("/api/truck/drivers/company/{}", app.ids.demo),
            &expedicao,
        ),
        StatusCode::FORBIDDEN,
    )
    .await;

    // A driver's session is not staff.
    let driver = driver_cookie(&svc, DEMO_CPF, app.ids.demo, "1990-01-15").await;
    expect(
        &svc,
        get(&format!("/api/truck/company/{}", app.ids.demo), &driver),
        StatusCode::UNAUTHORIZED,
    )
    .await;
    expect(
        &svc,
        post("/api/truck/save", &driver, truck_body("DRV0A01", m)),
        StatusCode::UNAUTHORIZED,
    )
    .await;

    // The truck form's drivers: the company's, in scope.
    let drivers = expect(
        &svc,
        get(
            &format!("/api/truck/drivers/company/{}", app.ids.demo),
            &usuario,
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        drivers,
        json!([{ "id": app.ids.driver, "name": "MOTORISTA DEMO" }])
    );
    expect(
        &svc,
        get(
            &format!("/api/truck/drivers/company/{}", app.ids.other),
            &usuario,
        ),
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(truck_count(&app), 2);
}

#[actix_rt::test]
async fn a_transportadora_sees_saves_and_unbinds_only_its_own_trucks() {
    let app = TestApp::new();
    let svc = app.service().await;
    let usuario = login(&svc, USUARIO).await;
    let transp = login(&svc, TRANSP).await;
    let admin = login(&svc, ADMIN).await;
    let m = model(&app);
    let shipping = app.ids.shipping;
    let other_ship = other_shipping(&app);
    let ours = expect(
        &svc,
        post(
            "/api/truck/save",
            &usuario,
            with(
                truck_body("TRA0A01", m),
                json!({ "shippingCompany": { "id": shipping } }),
            ),
        ),
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(ours["shippingCompany"]["name"], "Transportadora Demo");
    let ours = ours["id"].as_i64().unwrap();
    let unbound = demo_truck(&app);

    for uri in [
        format!("/api/truck/shipping-company/{shipping}"),
        format!("/api/truck/company/{}", app.ids.demo),
    ] {
        let list = expect(&svc, get(&uri, &transp), StatusCode::OK).await;
        let plates: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["licensePlate"].as_str().unwrap())
            .collect();
        assert_eq!(plates, ["TRA0A01"], "{uri}");
    }
    for uri in [
        format!("/api/truck/{unbound}"),
        format!("/api/truck/shipping-company/{other_ship}"),
        format!("/api/truck/company/{}", app.ids.other),
    ] {
        expect(&svc, get(&uri, &transp), StatusCode::NOT_FOUND).await;
    }
    // The Usuario's shipping-company filter.
    let filtered = expect(
        &svc,
        get(
            &format!(
                "/api/truck/company/{}?page=1&shippingCompanyId={shipping}",
                app.ids.demo
            ),
            &usuario,
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(filtered["total"], 1);

    // A Transportadora's new truck is its own, whatever the form says.
    let created = expect(
        &svc,
        post(
            "/api/truck/save",
            &transp,
            with(truck_body("TRA0A02", m), json!({ "shippingCompany": null })),
        ),
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(created["shippingCompany"]["id"], shipping);
    assert_eq!(created["company"]["id"], app.ids.demo);
    // It cannot edit the company's unbound truck.
    expect(
        &svc,
        post(
            "/api/truck/save",
            &transp,
            with(truck_body("DEM0A12", m), json!({ "id": unbound })),
        ),
        StatusCode::NOT_FOUND,
    )
    .await;
    expect(
        &svc,
        delete(&format!("/api/truck/delete/{ours}"), &transp),
        StatusCode::FORBIDDEN,
    )
    .await;

    // Unbinding: its own truck leaves the shipping company; then it is no longer its.
    let body = expect(
        &svc,
        patch(
            "/api/truck/unbind-shipping-company",
            &transp,
            json!({ "truck": { "id": ours } }),
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["message"], "Caminhão desvinculado com sucesso");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM trucks WHERE id = {ours} AND shipping_company_id IS NULL"
        )),
        1
    );
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM staff_logs WHERE object_type = 'TRUCK' AND title LIKE '%desvinculado da transportadora'"
        ),
        1
    );
    for id in [ours, unbound] {
        expect(
            &svc,
            patch(
                "/api/truck/unbind-shipping-company",
                &transp,
                json!({ "truck": { "id": id } }),
            ),
            StatusCode::NOT_FOUND,
        )
        .await;
    }
    // A Usuario and an administrator unbind too ({id} is accepted as well).
    let second = created["id"].as_i64().unwrap();
    expect(
        &svc,
        patch(
            "/api/truck/unbind-shipping-company",
            &usuario,
            json!({ "id": second }),
        ),
        StatusCode::OK,
    )
    .await;
    expect(
        &svc,
        patch("/api/truck/unbind-shipping-company", &admin, json!({})),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
}

#[actix_rt::test]
async fn lists_page_by_eight_and_search_by_id_plate_renavam_or_model() {
    let app = TestApp::new();
    let svc = app.service().await;
    let usuario = login(&svc, USUARIO).await;
    let admin = login(&svc, ADMIN).await;
    let brand = expect(
        &svc,
        post("/api/truck-brand/save", &admin, json!({ "name": "Scania" })),
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let r450 = expect(
        &svc,
        post(
            "/api/truck-model/save",
            &admin,
            json!({ "name": "R 450", "truckBrand": { "id": brand } }),
        ),
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let mut ids = Vec::new();
    for n in 1..=9 {
        let t = expect(
            &svc,
            post(
                "/api/truck/save",
                &usuario,
                with(
                    truck_body(&format!("PAG000{n}"), r450),
                    json!({ "renavam": format!("9876543210{n}") }),
                ),
            ),
            StatusCode::CREATED,
        )
        .await;
        ids.push(t["id"].as_i64().unwrap());
    }
    let base = format!("/api/truck/company/{}", app.ids.demo);
    let page = |q: &str| get(&format!("{base}?{q}"), &usuario);
    let first = expect(&svc, page("page=1&search=pag"), StatusCode::OK).await;
    assert_eq!(first["total"], 9);
    assert_eq!(first["items"].as_array().unwrap().len(), 8);
    assert_eq!(first["items"][0]["licensePlate"], "PAG0001");
    let second = expect(&svc, page("page=2&search=pag"), StatusCode::OK).await;
    assert_eq!(second["items"][0]["licensePlate"], "PAG0009");
    for (search, expected) in [
        ("pag-0005", 1),
        ("98765432103", 1),
        ("r%20450", 9),
        ("FH%20540", 1),
        ("nada", 0),
    ] {
        let found = expect(
            &svc,
            page(&format!("page=1&search={search}")),
            StatusCode::OK,
        )
        .await;
        assert_eq!(found["total"], expected, "{search}");
    }
    let by_id = expect(
        &svc,
        page(&format!("page=1&search={}", ids[3])),
        StatusCode::OK,
    )
    .await;
    // An id also matches plates and renavams holding its digits.
    assert!(by_id["items"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["id"] == ids[3] && t["licensePlate"] == "PAG0004"));
}

#[actix_rt::test]
async fn administrators_delete_unused_trucks_and_trucks_with_loadings_stay() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;
    let m = model(&app);
    let free = expect(
        &svc,
        post(
            "/api/truck/save",
            &admin,
            with(
                truck_body("DEL0A01", m),
                json!({ "company": { "id": app.ids.other } }),
            ),
        ),
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let body = expect(
        &svc,
        delete(&format!("/api/truck/delete/{free}"), &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["message"], "Excluido com sucesso!");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM trucks WHERE id = {free}"
        )),
        0
    );
    assert_eq!(log_count(&app, "DELETE", "TRUCK"), 1);
    expect(
        &svc,
        delete(&format!("/api/truck/delete/{free}"), &admin),
        StatusCode::NOT_FOUND,
    )
    .await;

    // The demo truck has a loading of an order.
    let demo = demo_truck(&app);
    app.sql(&format!(
        "WITH cu AS (INSERT INTO customers (company_id, code, name) VALUES ({c}, 1, 'Cliente') RETURNING id),
              o AS (INSERT INTO orders (company_id, code, customer_id) SELECT {c}, 'P1', id FROM cu RETURNING id)
         INSERT INTO schedulings (company_id, order_id, truck_id, driver_id, qty_ordered)
         SELECT {c}, o.id, {demo}, {d}, 10 FROM o",
        c = app.ids.demo,
        d = app.ids.driver
    ));
    let body = expect(
        &svc,
        delete(&format!("/api/truck/delete/{demo}"), &admin),
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(
        body["message"],
        "Erro ao excluir, existe(m) pedido(s) para este caminhão!"
    );
    assert_eq!(body["code"], "referenced");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM trucks WHERE id = {demo}"
        )),
        1
    );
    assert_eq!(log_count(&app, "DELETE", "TRUCK"), 1);
}

#[actix_rt::test]
async fn staff_saves_log_registration_edit_bind_and_unbind_for_the_drivers() {
    let app = TestApp::new();
    let svc = app.service().await;
    let usuario = login(&svc, USUARIO).await;
    let m = model(&app);
    let first = app.ids.driver;
    let second = second_driver(&app);
    let created = expect(
        &svc,
        post(
            "/api/truck/save",
            &usuario,
            with(
                truck_body("LOG0A01", m),
                json!({ "driver": { "id": first } }),
            ),
        ),
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(
        created["driver"],
        json!({ "id": first, "name": "MOTORISTA DEMO" })
    );
    let id = created["id"].as_i64().unwrap();
    assert_eq!(driver_logs(&app, first, "CAD_TRUCK", "LOG0A01"), 1);
    let edit = |driver: Value| {
        post(
            "/api/truck/save",
            &usuario,
            with(
                truck_body("LOG0A01", m),
                json!({ "id": id, "driver": driver }),
            ),
        )
    };
    expect(&svc, edit(json!({ "id": first })), StatusCode::OK).await;
    assert_eq!(driver_logs(&app, first, "EDIT_TRUCK", "LOG0A01"), 1);
    expect(&svc, edit(json!({ "id": second })), StatusCode::OK).await;
    assert_eq!(driver_logs(&app, first, "UNBIND_TRUCK", "LOG0A01"), 1);
    assert_eq!(driver_logs(&app, second, "BIND_TRUNCK", "LOG0A01"), 1);
    expect(&svc, edit(Value::Null), StatusCode::OK).await;
    assert_eq!(driver_logs(&app, second, "UNBIND_TRUCK", "LOG0A01"), 1);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE data->'truck'->>'id' = '{id}'"
        )),
        5
    );
    // The driver's trucks, as staff read them.
    let of_first = expect(
        &svc,
        get(&format!("/api/truck/driver/{first}"), &usuario),
        StatusCode::OK,
    )
    .await;
    assert_eq!(of_first[0]["licensePlate"], "DEM0A12");
    let other = login(&svc, OTHER_USUARIO).await;
    expect(
        &svc,
        get(&format!("/api/truck/driver/{first}"), &other),
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[actix_rt::test]
async fn a_driver_reads_unbinds_rebinds_and_edits_its_own_trucks_with_their_logs() {
    let app = TestApp::new();
    let svc = app.service().await;
    let driver = driver_cookie(&svc, DEMO_CPF, app.ids.demo, "1990-01-15").await;
    let usuario = login(&svc, USUARIO).await;
    let other_usuario = login(&svc, OTHER_USUARIO).await;
    let me = app.ids.driver;
    let m = model(&app);
    let demo = demo_truck(&app);
    let second = second_driver(&app);
    let not_mine = expect(
        &svc,
        post(
            "/api/truck/save",
            &usuario,
            with(
                truck_body("OTH0A01", m),
                json!({ "driver": { "id": second } }),
            ),
        ),
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let elsewhere = expect(
        &svc,
        post("/api/truck/save", &other_usuario, truck_body("ELS0A01", m)),
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();

    // Reads: its own trucks only.
    let mine = expect(
        &svc,
        get(&format!("/api/truck/driver/{me}"), &driver),
        StatusCode::OK,
    )
    .await;
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!(mine[0]["id"], demo);
    expect(
        &svc,
        get(&format!("/api/truck/{demo}"), &driver),
        StatusCode::OK,
    )
    .await;
    for uri in [
        format!("/api/truck/driver/{second}"),
        format!("/api/truck/{not_mine}"),
    ] {
        expect(&svc, get(&uri, &driver), StatusCode::NOT_FOUND).await;
    }

    // The driver app's messages.
    let body = expect(
        &svc,
        patch("/api/truck/rebind", &driver, json!({})),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    let f = fields(&body);
    for (field, message) in [
        ("licensePlate", "Placa é obrigatório!"),
        ("renavam", "Renavam é obrigatório!"),
        ("owner", "Nome do proprietário é obrigatório!"),
        ("vehicleModel", "Modelo é obrigatório!"),
        ("implementType", "Tipo de implemento é obrigatório!"),
        ("shaftQuantity", "Qtd de eixo é obrigatório!"),
        ("grossCapacity", "Capac. bruta é obrigatório!"),
        ("netCapacity", "Capac. líquida é obrigatório!"),
    ] {
        assert_eq!(f[field], message, "{field}");
    }
    let app_body = |plate: &str| {
        with(
            truck_body(plate, m),
            json!({ "owner": "MOTORISTA DEMO", "implementType": "BITRUCK", "shaftQuantity": 4,
                    "grossCapacity": 29, "netCapacity": 19, "driver": { "id": second },
                    "company": { "id": app.ids.other } }),
        )
    };
    for (extra, field, message) in [
        (
            json!({ "licensePlate": "ABC12345" }),
            "licensePlate",
            "Tamanho máximo de 7 caracteres",
        ),
        (
            json!({ "owner": "O".repeat(81) }),
            "owner",
            "Tamanho máximo de 80 caracteres",
        ),
        (
            json!({ "renavam": "1234567890123" }),
            "renavam",
            "Tamanho máximo de 12 caracteres",
        ),
        (
            json!({ "netCapacity": 0 }),
            "netCapacity",
            "Capac. líquida é obrigatório!",
        ),
    ] {
        let body = expect(
            &svc,
            post(
                "/api/truck/app/edit",
                &driver,
                with(
                    app_body("DEM0A12"),
                    with(json!({ "id": demo }), extra.clone()),
                ),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(fields(&body)[field], message, "{extra}");
    }

    // The app edit: its own truck; the numbers come from the type; EDIT_TRUCK.
    let edited = expect(
        &svc,
        post(
            "/api/truck/app/edit",
            &driver,
            with(
                app_body("DEM0A12"),
                json!({ "id": demo, "shaftQuantity": 9, "color": "#00ff00" }),
            ),
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(edited["implementType"], "BITRUCK");
    assert_eq!(edited["shaftQuantity"], 4);
    assert_eq!(edited["netCapacity"], 19.0);
    assert_eq!(edited["color"], "#00ff00");
    assert_eq!(edited["driver"]["id"], me);
    assert_eq!(edited["company"]["id"], app.ids.demo);
    assert_eq!(driver_logs(&app, me, "EDIT_TRUCK", "DEM0A12"), 1);
    expect(
        &svc,
        post(
            "/api/truck/app/edit",
            &driver,
            with(app_body("OTH0A01"), json!({ "id": not_mine })),
        ),
        StatusCode::NOT_FOUND,
    )
    .await;
    let body = expect(
        &svc,
        post(
            "/api/truck/app/edit",
            &driver,
            with(app_body("OTH0A01"), json!({ "id": demo })),
        ),
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["message"], "Placa já cadastrada!");
    // Staff do not use the driver's calls.
    for req in [
        post(
            "/api/truck/app/edit",
            &usuario,
            with(app_body("DEM0A12"), json!({ "id": demo })),
        ),
        patch(
            "/api/truck/unbind",
            &usuario,
            json!({ "truck": { "id": demo } }),
        ),
        patch("/api/truck/rebind", &usuario, app_body("NEW0A01")),
    ] {
        expect(&svc, req, StatusCode::FORBIDDEN).await;
    }

    // Unbind: not while the truck is in the queue; then UNBIND_TRUCK.
    app.sql(&format!(
        "INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at, position)
         VALUES ({}, {me}, {demo}, 'waiting', now(), 1)",
        app.ids.demo
    ));
    let body = expect(
        &svc,
        patch(
            "/api/truck/unbind",
            &driver,
            json!({ "truck": { "id": demo } }),
        ),
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(
        body["message"],
        "Este caminhão está na fila. Saia da fila antes de desvinculá-lo."
    );
    app.sql("UPDATE queue_entries SET status = 'left', closed_at = now()");
    let body = expect(
        &svc,
        patch(
            "/api/truck/unbind",
            &driver,
            json!({ "truck": { "id": demo } }),
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["message"], "Caminhão desvinculado com sucesso");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM trucks WHERE id = {demo} AND driver_id IS NULL"
        )),
        1
    );
    assert_eq!(driver_logs(&app, me, "UNBIND_TRUCK", "DEM0A12"), 1);
    expect(
        &svc,
        patch(
            "/api/truck/unbind",
            &driver,
            json!({ "truck": { "id": not_mine } }),
        ),
        StatusCode::NOT_FOUND,
    )
    .await;

    // Rebind: the company's free truck comes back (BIND_TRUNCK), a new plate is registered
    // at the driver's company (CAD_TRUCK), other drivers' and companies' trucks are refused.
    let rebound = expect(
        &svc,
        patch("/api/truck/rebind", &driver, app_body("dem-0a12")),
        StatusCode::OK,
    )
    .await;
    assert_eq!(rebound["id"], demo);
    assert_eq!(rebound["driver"]["id"], me);
    assert_eq!(driver_logs(&app, me, "BIND_TRUNCK", "DEM0A12"), 1);
    let new = expect(
        &svc,
        patch("/api/truck/rebind", &driver, app_body("NEW0A01")),
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(new["company"]["id"], app.ids.demo);
    assert_eq!(new["driver"]["id"], me);
    assert_eq!(new["shippingCompany"], Value::Null);
    assert_eq!(new["netCapacity"], 19.0);
    assert_eq!(driver_logs(&app, me, "CAD_TRUCK", "NEW0A01"), 1);
    for (plate, message) in [
        ("OTH0A01", "Este caminhão está vinculado a outro motorista."),
        ("ELS0A01", "Este caminhão está cadastrado em outra empresa."),
    ] {
        let body = expect(
            &svc,
            patch("/api/truck/rebind", &driver, app_body(plate)),
            StatusCode::CONFLICT,
        )
        .await;
        assert_eq!(body["message"], message);
    }
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM trucks WHERE id IN ({not_mine}, {elsewhere}) AND driver_id IS DISTINCT FROM {me}"
        )),
        2
    );
}

#[actix_rt::test]
async fn is_truck_answers_from_the_plate_and_what_the_product_knows() {
    let app = TestApp::new();
    let svc = app.service().await;
    app.sql(&format!(
        "INSERT INTO trucks (company_id, license_plate) VALUES ({}, 'NOT0A01')",
        app.ids.demo
    ));
    for (plate, expected) in [
        ("DEM0A12", true),
        ("dem-0a12", true),
        ("NEW1A23", true),
        ("NOT0A01", false),
        ("ABC12", false),
        ("ABC12345", false),
    ] {
        let (status, body, _) = send(
            &svc,
            TestRequest::get().uri(&format!("/api/truck/isTruck/{plate}")),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body, json!({ "isTruck": expected }), "{plate}");
    }
}

#[actix_rt::test]
async fn the_truck_picker_answers_plates_in_the_callers_scope() {
    let app = TestApp::new();
    let svc = app.service().await;
    let usuario = login(&svc, USUARIO).await;
    let admin = login(&svc, ADMIN).await;
    let transp = login(&svc, TRANSP).await;
    let expedicao = login(&svc, EXPEDICAO).await;
    let m = model(&app);
    let other = login(&svc, OTHER_USUARIO).await;
    expect(
        &svc,
        post("/api/truck/save", &other, truck_body("DEM0B99", m)),
        StatusCode::CREATED,
    )
    .await;
    expect(
        &svc,
        post(
            "/api/truck/save",
            &usuario,
            with(
                truck_body("TRA0A01", m),
                json!({ "shippingCompany": { "id": app.ids.shipping } }),
            ),
        ),
        StatusCode::CREATED,
    )
    .await;

    let items = expect(&svc, get("/api/truck/like/dem", &usuario), StatusCode::OK).await;
    assert_eq!(
        items,
        json!([{ "id": demo_truck(&app), "licensePlate": "DEM0A12", "name": "DEM0A12",
                 "vehicleModel": "FH 540", "netCapacity": 16.0 }])
    );
    let all = expect(&svc, get("/api/truck/like/dem", &admin), StatusCode::OK).await;
    assert_eq!(all.as_array().unwrap().len(), 2);
    let narrowed = expect(
        &svc,
        get(
            &format!("/api/truck/like/dem/company/{}", app.ids.other),
            &admin,
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(narrowed[0]["licensePlate"], "DEM0B99");
    for uri in [
        format!("/api/truck/like/dem/company/{}", app.ids.other),
        format!("/api/truck/like/company/{}", app.ids.other),
    ] {
        expect(&svc, get(&uri, &usuario), StatusCode::NOT_FOUND).await;
    }
    let own = expect(&svc, get("/api/truck/like", &transp), StatusCode::OK).await;
    assert_eq!(own.as_array().unwrap().len(), 1);
    assert_eq!(own[0]["licensePlate"], "TRA0A01");
    let by_shipping = expect(
        &svc,
        get(
            &format!("/api/truck/like/tra/shipping-company/{}", app.ids.shipping),
            &usuario,
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(by_shipping.as_array().unwrap().len(), 1);
    let dispatch = expect(
        &svc,
        get(
            &format!("/api/truck/like/company/{}", app.ids.demo),
            &expedicao,
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(dispatch.as_array().unwrap().len(), 2);
}

// ---- The truck's contacts (spec 2 "Truck: ... contact list"; `POST truck/save` with contact).

#[actix_rt::test]
async fn the_truck_form_saves_its_contacts_and_reads_them_back() {
    let app = TestApp::new();
    let svc = app.service().await;
    let usuario = login(&svc, USUARIO).await;
    let body = with(
        truck_body("CTT1A23", model(&app)),
        json!({ "contact": [contact("Pátio Sorriso", "66999990002", "patio@x.com")] }),
    );
    let created = expect(
        &svc,
        post("/api/truck/save", &usuario, body.clone()),
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["contact"][0]["name"], "Pátio Sorriso");
    assert_eq!(created["contact"][0]["fone"], "(66) 9 9999-0002");
    let contacts_of = |app: &TestApp| {
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM contacts WHERE truck_id = {id}"
        ))
    };
    assert_eq!(contacts_of(&app), 1);
    let read = expect(
        &svc,
        get(&format!("/api/truck/{id}"), &usuario),
        StatusCode::OK,
    )
    .await;
    let contact_id = read["contact"][0]["id"].as_i64().unwrap();

    // A bad contact is the contact form's message, and nothing changes.
    let bad = with(
        body.clone(),
        json!({ "id": id, "contact": [contact("Sem e-mail", "66999990003", "nao-e-email")] }),
    );
    let answer = expect(
        &svc,
        post("/api/truck/save", &usuario, bad),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(!fields(&answer).is_empty(), "{answer}");
    assert_eq!(contacts_of(&app), 1);

    // Edited through its id; another company cannot reach the truck.
    let edit = with(
        body.clone(),
        json!({ "id": id, "contact": [{ "id": contact_id, "name": "Balança", "fone": "66999990002",
                                        "email": "balanca@x.com", "whatsapp": false }] }),
    );
    let edited = expect(
        &svc,
        post("/api/truck/save", &usuario, edit),
        StatusCode::OK,
    )
    .await;
    assert_eq!(edited["contact"][0]["name"], "Balança");
    assert_eq!(contacts_of(&app), 1);
    let outra = login(&svc, OTHER_USUARIO).await;
    expect(
        &svc,
        get(&format!("/api/truck/{id}"), &outra),
        StatusCode::NOT_FOUND,
    )
    .await;
}
