//! Trucks (issue 12; spec 2 "Trucks", spec 3 section 7 "Driver trucks"): the implement table,
//! the staff form with its messages, unique plates, the role and tenant matrix, paging and
//! search, the referenced delete, the shipping-company unbind, the driver's own calls with
//! their driver logs, the plate check and the `truck` picker.

use crate::common;
use crate::queue_common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

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

/// A second driver of the demo company, saved by its Usuario.
async fn second_driver(app: &TestApp) -> i64 {
    let usuario = app.usuario_of(app.ids.demo).await;
    fixtures::driver(&usuario, "SEGUNDO MOTORISTA", 424_242, None).await
}

/// A shipping company of the other company, saved by the root administrator.
async fn other_shipping(app: &TestApp) -> i64 {
    fixtures::shipping_company_of(app, app.ids.other, 9, "Transportadora Outra").await
}

#[actix_rt::test]
async fn the_implement_table_is_served_and_the_server_stores_it_whatever_the_form_sends() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    // The forms read the table (no session needed: the driver's registration uses it too).
    let (status, table, _) = anon.get("/api/truck/implement-types").await.parts();
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

    let usuario = app.usuario_of(app.ids.demo).await;
    let m = model(&app);
    let body = with(
        truck_body("abc-1d23", m),
        json!({ "implementType": "RODOTREM 11 EIXOS", "shaftQuantity": 99, "grossCapacity": 1, "netCapacity": 1 }),
    );
    let created = usuario
        .post("/api/truck/save", body)
        .await
        .expect(StatusCode::CREATED);
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
    let edited = usuario
        .post(
            "/api/truck/save",
            with(
                truck_body("ABC1D23", m),
                json!({ "id": id, "implementType": "ls (menor 16 mt)", "isEnabled": false }),
            ),
        )
        .await
        .expect(StatusCode::OK);
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
    let one = usuario
        .get(&format!("/api/truck/{id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(one, edited);
}

#[actix_rt::test]
async fn every_truck_form_message_is_the_spec_s_and_a_refused_form_saves_nothing() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let admin = app.admin().await;
    let m = model(&app);
    let before = truck_count(&app);

    let body = usuario
        .post("/api/truck/save", json!({}))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    let f = fields(&body);
    assert_eq!(f["licensePlate"], "Placa e obrigatorio!");
    assert_eq!(f["renavam"], "Renavam e obrigatorio!");
    assert_eq!(f["vehicleModel"], "Modelo e obrigatorio!");
    assert_eq!(f["implementType"], "Tipo de implemento e obrigatorio!");

    let other_driver = app.ids.other_driver;
    let other_ship = other_shipping(&app).await;
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
        let body = usuario
            .post(
                "/api/truck/save",
                with(truck_body("NEW1A23", m), extra.clone()),
            )
            .await
            .expect(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&body)[field], message, "{extra}");
    }
    // An administrator must choose the company.
    let body = admin
        .post("/api/truck/save", truck_body("NEW1A23", m))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["_company"], "Selecione uma empresa!");
    assert_eq!(truck_count(&app), before);
    assert_eq!(log_count(&app, "CREATE", "TRUCK"), 0);
}

#[actix_rt::test]
async fn a_plate_belongs_to_one_truck_everywhere() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let other = app.usuario_of(app.ids.other).await;
    let m = model(&app);
    let first = usuario
        .post("/api/truck/save", truck_body("PLA0A01", m))
        .await
        .expect(StatusCode::CREATED);
    for (cookie, plate) in [(&usuario, "pla-0a01"), (&other, "DEM0A12")] {
        let body = cookie
            .post("/api/truck/save", truck_body(plate, m))
            .await
            .expect(StatusCode::CONFLICT);
        assert_eq!(body["message"], "Placa já cadastrada!");
        assert_eq!(body["code"], "duplicate");
    }
    // Editing another truck onto the plate is refused too.
    let second = usuario
        .post("/api/truck/save", truck_body("PLA0A02", m))
        .await
        .expect(StatusCode::CREATED);
    let body = usuario
        .post(
            "/api/truck/save",
            with(truck_body("PLA0A01", m), json!({ "id": second["id"] })),
        )
        .await
        .expect(StatusCode::CONFLICT);
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
    let anon = app.anonymous().await;
    let admin = app.admin().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let expedicao = app.expedicao_of(app.ids.demo).await;
    let other = app.usuario_of(app.ids.other).await;
    let m = model(&app);
    let demo = demo_truck(&app);
    let other_truck = other
        .post("/api/truck/save", truck_body("OUT0A01", m))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();

    // Administrators: every company's list, any truck.
    let all = admin.get("/api/truck?page=1").await.expect(StatusCode::OK);
    assert_eq!(all["total"], 2);
    assert_eq!(all["pageSize"], 8);
    let filtered = admin
        .get(&format!("/api/truck?companyId={}", app.ids.other))
        .await
        .expect(StatusCode::OK);
    assert_eq!(filtered.as_array().unwrap().len(), 1);
    admin
        .get(&format!("/api/truck/{other_truck}"))
        .await
        .expect(StatusCode::OK);

    // A Usuario: its company only; GET /truck is the administrators'.
    usuario
        .get("/api/truck")
        .await
        .expect(StatusCode::FORBIDDEN);
    let own = usuario
        .get(&format!("/api/truck/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert_eq!(own[0]["licensePlate"], "DEM0A12");
    for uri in [
        format!("/api/truck/company/{}", app.ids.other),
        format!("/api/truck/{other_truck}"),
    ] {
        usuario.get(&uri).await.expect(StatusCode::NOT_FOUND);
    }
    other
        .get(&format!("/api/truck/{demo}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    // Another company's truck cannot be edited, nor a truck put into another company.
    usuario
        .post(
            "/api/truck/save",
            with(truck_body("OUT0A01", m), json!({ "id": other_truck })),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
    usuario
        .post(
            "/api/truck/save",
            with(
                truck_body("NEW0A01", m),
                json!({ "company": { "id": app.ids.other } }),
            ),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
    // Deleting is the administrator's.
    for cookie in [&usuario, &expedicao] {
        cookie
            .delete(&format!("/api/truck/delete/{demo}"))
            .await
            .expect(StatusCode::FORBIDDEN);
    }
    other
        .delete(&format!("/api/truck/delete/{other_truck}"))
        .await
        .expect(StatusCode::FORBIDDEN);

    // Dispatch roles read their company's trucks and change nothing.
    expedicao
        .get(&format!("/api/truck/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    expedicao
        .get(&format!("/api/truck/{demo}"))
        .await
        .expect(StatusCode::OK);
    expedicao
        .post("/api/truck/save", truck_body("EXP0A01", m))
        .await
        .expect(StatusCode::FORBIDDEN);
    expedicao
        .patch(
            "/api/truck/unbind-shipping-company",
            json!({ "truck": { "id": demo } }),
        )
        .await
        .expect(StatusCode::FORBIDDEN);
    expedicao
        .get(&format!("/api/truck/drivers/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::FORBIDDEN);

    // A driver's session is not staff.
    let driver = anon
        .driver_sign_in(DEMO_CPF, app.ids.demo, "1990-01-15")
        .await;
    driver
        .get(&format!("/api/truck/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::UNAUTHORIZED);
    driver
        .post("/api/truck/save", truck_body("DRV0A01", m))
        .await
        .expect(StatusCode::UNAUTHORIZED);

    // The truck form's drivers: the company's, in scope.
    let drivers = usuario
        .get(&format!("/api/truck/drivers/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        drivers,
        json!([{ "id": app.ids.driver, "name": "MOTORISTA DEMO" }])
    );
    usuario
        .get(&format!("/api/truck/drivers/company/{}", app.ids.other))
        .await
        .expect(StatusCode::NOT_FOUND);
    assert_eq!(truck_count(&app), 2);
}

#[actix_rt::test]
async fn a_transportadora_sees_saves_and_unbinds_only_its_own_trucks() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let admin = app.admin().await;
    let m = model(&app);
    let shipping = app.ids.shipping;
    let other_ship = other_shipping(&app).await;
    let ours = usuario
        .post(
            "/api/truck/save",
            with(
                truck_body("TRA0A01", m),
                json!({ "shippingCompany": { "id": shipping } }),
            ),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(ours["shippingCompany"]["name"], "Transportadora Demo");
    let ours = ours["id"].as_i64().unwrap();
    let unbound = demo_truck(&app);

    for uri in [
        format!("/api/truck/shipping-company/{shipping}"),
        format!("/api/truck/company/{}", app.ids.demo),
    ] {
        let list = transp.get(&uri).await.expect(StatusCode::OK);
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
        transp.get(&uri).await.expect(StatusCode::NOT_FOUND);
    }
    // The Usuario's shipping-company filter.
    let filtered = usuario
        .get(&format!(
            "/api/truck/company/{}?page=1&shippingCompanyId={shipping}",
            app.ids.demo
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(filtered["total"], 1);

    // A Transportadora's new truck is its own, whatever the form says.
    let created = transp
        .post(
            "/api/truck/save",
            with(truck_body("TRA0A02", m), json!({ "shippingCompany": null })),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(created["shippingCompany"]["id"], shipping);
    assert_eq!(created["company"]["id"], app.ids.demo);
    // It cannot edit the company's unbound truck.
    transp
        .post(
            "/api/truck/save",
            with(truck_body("DEM0A12", m), json!({ "id": unbound })),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
    transp
        .delete(&format!("/api/truck/delete/{ours}"))
        .await
        .expect(StatusCode::FORBIDDEN);

    // Unbinding: its own truck leaves the shipping company; then it is no longer its.
    let body = transp
        .patch(
            "/api/truck/unbind-shipping-company",
            json!({ "truck": { "id": ours } }),
        )
        .await
        .expect(StatusCode::OK);
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
        transp
            .patch(
                "/api/truck/unbind-shipping-company",
                json!({ "truck": { "id": id } }),
            )
            .await
            .expect(StatusCode::NOT_FOUND);
    }
    // A Usuario and an administrator unbind too ({id} is accepted as well).
    let second = created["id"].as_i64().unwrap();
    usuario
        .patch(
            "/api/truck/unbind-shipping-company",
            json!({ "id": second }),
        )
        .await
        .expect(StatusCode::OK);
    admin
        .patch("/api/truck/unbind-shipping-company", json!({}))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
}

#[actix_rt::test]
async fn lists_page_by_eight_and_search_by_id_plate_renavam_or_model() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let admin = app.admin().await;
    let brand = admin
        .post("/api/truck-brand/save", json!({ "name": "Scania" }))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let r450 = admin
        .post(
            "/api/truck-model/save",
            json!({ "name": "R 450", "truckBrand": { "id": brand } }),
        )
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let mut ids = Vec::new();
    for n in 1..=9 {
        let t = usuario
            .post(
                "/api/truck/save",
                with(
                    truck_body(&format!("PAG000{n}"), r450),
                    json!({ "renavam": format!("9876543210{n}") }),
                ),
            )
            .await
            .expect(StatusCode::CREATED);
        ids.push(t["id"].as_i64().unwrap());
    }
    let base = format!("/api/truck/company/{}", app.ids.demo);
    let page = |q: &str| get(&format!("{base}?{q}"));
    let first = usuario
        .run(page("page=1&search=pag"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(first["total"], 9);
    assert_eq!(first["items"].as_array().unwrap().len(), 8);
    assert_eq!(first["items"][0]["licensePlate"], "PAG0001");
    let second = usuario
        .run(page("page=2&search=pag"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(second["items"][0]["licensePlate"], "PAG0009");
    for (search, expected) in [
        ("pag-0005", 1),
        ("98765432103", 1),
        ("r%20450", 9),
        ("FH%20540", 1),
        ("nada", 0),
    ] {
        let found = usuario
            .run(page(&format!("page=1&search={search}")))
            .await
            .expect(StatusCode::OK);
        assert_eq!(found["total"], expected, "{search}");
    }
    let by_id = usuario
        .run(page(&format!("page=1&search={}", ids[3])))
        .await
        .expect(StatusCode::OK);
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
    let admin = app.admin().await;
    let m = model(&app);
    let free = admin
        .post(
            "/api/truck/save",
            with(
                truck_body("DEL0A01", m),
                json!({ "company": { "id": app.ids.other } }),
            ),
        )
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let body = admin
        .delete(&format!("/api/truck/delete/{free}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(body["message"], "Excluido com sucesso!");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM trucks WHERE id = {free}"
        )),
        0
    );
    assert_eq!(log_count(&app, "DELETE", "TRUCK"), 1);
    admin
        .delete(&format!("/api/truck/delete/{free}"))
        .await
        .expect(StatusCode::NOT_FOUND);

    // The demo truck has a loading of an order.
    let demo = demo_truck(&app);
    let usuario = app.usuario_of(app.ids.demo).await;
    let order = fixtures::order(
        &usuario,
        fixtures::OrderSpec::new("P1", 100.0).customer(1, "Cliente"),
    )
    .await;
    fixtures::loading(
        &usuario,
        order.id,
        demo,
        app.ids.driver,
        10.0,
        Some("2030-12-31"),
    )
    .await;
    let body = admin
        .delete(&format!("/api/truck/delete/{demo}"))
        .await
        .expect(StatusCode::CONFLICT);
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
    let usuario = app.usuario_of(app.ids.demo).await;
    let m = model(&app);
    let first = app.ids.driver;
    let second = second_driver(&app).await;
    let created = usuario
        .post(
            "/api/truck/save",
            with(
                truck_body("LOG0A01", m),
                json!({ "driver": { "id": first } }),
            ),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(
        created["driver"],
        json!({ "id": first, "name": "MOTORISTA DEMO" })
    );
    let id = created["id"].as_i64().unwrap();
    assert_eq!(driver_logs(&app, first, "CAD_TRUCK", "LOG0A01"), 1);
    let edit = |driver: Value| {
        post(
            "/api/truck/save",
            with(
                truck_body("LOG0A01", m),
                json!({ "id": id, "driver": driver }),
            ),
        )
    };
    usuario
        .run(edit(json!({ "id": first })))
        .await
        .expect(StatusCode::OK);
    assert_eq!(driver_logs(&app, first, "EDIT_TRUCK", "LOG0A01"), 1);
    usuario
        .run(edit(json!({ "id": second })))
        .await
        .expect(StatusCode::OK);
    assert_eq!(driver_logs(&app, first, "UNBIND_TRUCK", "LOG0A01"), 1);
    assert_eq!(driver_logs(&app, second, "BIND_TRUNCK", "LOG0A01"), 1);
    usuario.run(edit(Value::Null)).await.expect(StatusCode::OK);
    assert_eq!(driver_logs(&app, second, "UNBIND_TRUCK", "LOG0A01"), 1);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE data->'truck'->>'id' = '{id}'"
        )),
        5
    );
    // The driver's trucks, as staff read them.
    let of_first = usuario
        .get(&format!("/api/truck/driver/{first}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(of_first[0]["licensePlate"], "DEM0A12");
    let other = app.usuario_of(app.ids.other).await;
    other
        .get(&format!("/api/truck/driver/{first}"))
        .await
        .expect(StatusCode::NOT_FOUND);
}

#[actix_rt::test]
async fn a_driver_reads_unbinds_rebinds_and_edits_its_own_trucks_with_their_logs() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let driver = anon
        .driver_sign_in(DEMO_CPF, app.ids.demo, "1990-01-15")
        .await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let other_usuario = app.usuario_of(app.ids.other).await;
    let me = app.ids.driver;
    let m = model(&app);
    let demo = demo_truck(&app);
    let second = second_driver(&app).await;
    let not_mine = usuario
        .post(
            "/api/truck/save",
            with(
                truck_body("OTH0A01", m),
                json!({ "driver": { "id": second } }),
            ),
        )
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let elsewhere = other_usuario
        .post("/api/truck/save", truck_body("ELS0A01", m))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();

    // Reads: its own trucks only.
    let mine = driver
        .get(&format!("/api/truck/driver/{me}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!(mine[0]["id"], demo);
    driver
        .get(&format!("/api/truck/{demo}"))
        .await
        .expect(StatusCode::OK);
    for uri in [
        format!("/api/truck/driver/{second}"),
        format!("/api/truck/{not_mine}"),
    ] {
        driver.get(&uri).await.expect(StatusCode::NOT_FOUND);
    }

    // The driver app's messages.
    let body = driver
        .patch("/api/truck/rebind", json!({}))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
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
        let body = driver
            .post(
                "/api/truck/app/edit",
                with(
                    app_body("DEM0A12"),
                    with(json!({ "id": demo }), extra.clone()),
                ),
            )
            .await
            .expect(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&body)[field], message, "{extra}");
    }

    // The app edit: its own truck; the numbers come from the type; EDIT_TRUCK.
    let edited = driver
        .post(
            "/api/truck/app/edit",
            with(
                app_body("DEM0A12"),
                json!({ "id": demo, "shaftQuantity": 9, "color": "#00ff00" }),
            ),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["implementType"], "BITRUCK");
    assert_eq!(edited["shaftQuantity"], 4);
    assert_eq!(edited["netCapacity"], 19.0);
    assert_eq!(edited["color"], "#00ff00");
    assert_eq!(edited["driver"]["id"], me);
    assert_eq!(edited["company"]["id"], app.ids.demo);
    assert_eq!(driver_logs(&app, me, "EDIT_TRUCK", "DEM0A12"), 1);
    driver
        .post(
            "/api/truck/app/edit",
            with(app_body("OTH0A01"), json!({ "id": not_mine })),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
    let body = driver
        .post(
            "/api/truck/app/edit",
            with(app_body("OTH0A01"), json!({ "id": demo })),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(body["message"], "Placa já cadastrada!");
    // Staff do not use the driver's calls.
    for req in [
        post(
            "/api/truck/app/edit",
            with(app_body("DEM0A12"), json!({ "id": demo })),
        ),
        patch("/api/truck/unbind", json!({ "truck": { "id": demo } })),
        patch("/api/truck/rebind", app_body("NEW0A01")),
    ] {
        usuario.run(req).await.expect(StatusCode::FORBIDDEN);
    }

    // Unbind: not while the truck is in the queue; then UNBIND_TRUCK.
    // The driver joins the queue on the Sunday before (outside the leave window), on the
    // queue's clock, which is put back afterwards.
    let now = *app.clock.0.lock().unwrap();
    queue_common::open_for_freelancers(&app).await;
    queue_common::at(&app, queue_common::SUNDAY_0900);
    let entry = fixtures::join(&app, me, app.ids.demo, json!({ "truck": { "id": demo } })).await;
    let body = driver
        .patch("/api/truck/unbind", json!({ "truck": { "id": demo } }))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "Este caminhão está na fila. Saia da fila antes de desvinculá-lo."
    );
    driver
        .delete(&format!("/api/queue/delete/{entry}"))
        .await
        .expect(StatusCode::OK);
    *app.clock.0.lock().unwrap() = now;
    let body = driver
        .patch("/api/truck/unbind", json!({ "truck": { "id": demo } }))
        .await
        .expect(StatusCode::OK);
    assert_eq!(body["message"], "Caminhão desvinculado com sucesso");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM trucks WHERE id = {demo} AND driver_id IS NULL"
        )),
        1
    );
    assert_eq!(driver_logs(&app, me, "UNBIND_TRUCK", "DEM0A12"), 1);
    driver
        .patch("/api/truck/unbind", json!({ "truck": { "id": not_mine } }))
        .await
        .expect(StatusCode::NOT_FOUND);

    // Rebind: the company's free truck comes back (BIND_TRUNCK), a new plate is registered
    // at the driver's company (CAD_TRUCK), other drivers' and companies' trucks are refused.
    let rebound = driver
        .patch("/api/truck/rebind", app_body("dem-0a12"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(rebound["id"], demo);
    assert_eq!(rebound["driver"]["id"], me);
    assert_eq!(driver_logs(&app, me, "BIND_TRUNCK", "DEM0A12"), 1);
    let new = driver
        .patch("/api/truck/rebind", app_body("NEW0A01"))
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(new["company"]["id"], app.ids.demo);
    assert_eq!(new["driver"]["id"], me);
    assert_eq!(new["shippingCompany"], Value::Null);
    assert_eq!(new["netCapacity"], 19.0);
    assert_eq!(driver_logs(&app, me, "CAD_TRUCK", "NEW0A01"), 1);
    for (plate, message) in [
        ("OTH0A01", "Este caminhão está vinculado a outro motorista."),
        ("ELS0A01", "Este caminhão está cadastrado em outra empresa."),
    ] {
        let body = driver
            .patch("/api/truck/rebind", app_body(plate))
            .await
            .expect(StatusCode::CONFLICT);
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
    let anon = app.anonymous().await;
    // why: a truck without an implement type is a legacy row; the product's form requires one.
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
        let (status, body, _) = anon
            .get(&format!("/api/truck/isTruck/{plate}"))
            .await
            .parts();
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body, json!({ "isTruck": expected }), "{plate}");
    }
}

#[actix_rt::test]
async fn the_truck_picker_answers_plates_in_the_callers_scope() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let admin = app.admin().await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let expedicao = app.expedicao_of(app.ids.demo).await;
    let m = model(&app);
    let other = app.usuario_of(app.ids.other).await;
    other
        .post("/api/truck/save", truck_body("DEM0B99", m))
        .await
        .expect(StatusCode::CREATED);
    usuario
        .post(
            "/api/truck/save",
            with(
                truck_body("TRA0A01", m),
                json!({ "shippingCompany": { "id": app.ids.shipping } }),
            ),
        )
        .await
        .expect(StatusCode::CREATED);

    let items = usuario
        .get("/api/truck/like/dem")
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        items,
        json!([{ "id": demo_truck(&app), "licensePlate": "DEM0A12", "name": "DEM0A12",
                 "vehicleModel": "FH 540", "netCapacity": 16.0 }])
    );
    let all = admin
        .get("/api/truck/like/dem")
        .await
        .expect(StatusCode::OK);
    assert_eq!(all.as_array().unwrap().len(), 2);
    let narrowed = admin
        .get(&format!("/api/truck/like/dem/company/{}", app.ids.other))
        .await
        .expect(StatusCode::OK);
    assert_eq!(narrowed[0]["licensePlate"], "DEM0B99");
    for uri in [
        format!("/api/truck/like/dem/company/{}", app.ids.other),
        format!("/api/truck/like/company/{}", app.ids.other),
    ] {
        usuario.get(&uri).await.expect(StatusCode::NOT_FOUND);
    }
    let own = transp.get("/api/truck/like").await.expect(StatusCode::OK);
    assert_eq!(own.as_array().unwrap().len(), 1);
    assert_eq!(own[0]["licensePlate"], "TRA0A01");
    let by_shipping = usuario
        .get(&format!(
            "/api/truck/like/tra/shipping-company/{}",
            app.ids.shipping
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(by_shipping.as_array().unwrap().len(), 1);
    let dispatch = expedicao
        .get(&format!("/api/truck/like/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert_eq!(dispatch.as_array().unwrap().len(), 2);
}

// ---- The truck's contacts (spec 2 "Truck: ... contact list"; `POST truck/save` with contact).

#[actix_rt::test]
async fn the_truck_form_saves_its_contacts_and_reads_them_back() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let body = with(
        truck_body("CTT1A23", model(&app)),
        json!({ "contact": [contact("Pátio Sorriso", "66999990002", "patio@x.com")] }),
    );
    let created = usuario
        .post("/api/truck/save", body.clone())
        .await
        .expect(StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["contact"][0]["name"], "Pátio Sorriso");
    assert_eq!(created["contact"][0]["fone"], "(66) 9 9999-0002");
    let contacts_of = |app: &TestApp| {
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM contacts WHERE truck_id = {id}"
        ))
    };
    assert_eq!(contacts_of(&app), 1);
    let read = usuario
        .get(&format!("/api/truck/{id}"))
        .await
        .expect(StatusCode::OK);
    let contact_id = read["contact"][0]["id"].as_i64().unwrap();

    // A bad contact is the contact form's message, and nothing changes.
    let bad = with(
        body.clone(),
        json!({ "id": id, "contact": [contact("Sem e-mail", "66999990003", "nao-e-email")] }),
    );
    let answer = usuario
        .post("/api/truck/save", bad)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!fields(&answer).is_empty(), "{answer}");
    assert_eq!(contacts_of(&app), 1);

    // Edited through its id; another company cannot reach the truck.
    let edit = with(
        body.clone(),
        json!({ "id": id, "contact": [{ "id": contact_id, "name": "Balança", "fone": "66999990002",
                                        "email": "balanca@x.com", "whatsapp": false }] }),
    );
    let edited = usuario
        .post("/api/truck/save", edit)
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["contact"][0]["name"], "Balança");
    assert_eq!(contacts_of(&app), 1);
    let outra = app.usuario_of(app.ids.other).await;
    outra
        .get(&format!("/api/truck/{id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
}
