//! The second security probe (issue 21), items 1, 7 and 9: the driver form's and the linking's
//! reach over trucks, the driver log after a transfer, and the lesser findings (the sign-in's
//! company, negative ids, Portaria's tonnes, a GET that wrote, framing of uploads, the plate
//! of another company).

use crate::common;
use crate::queue_common::{at, MONDAY_0900};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

const PLATE_TAKEN: &str = "Placa já cadastrada!";

/// The driver form of an existing driver (`driver_body`'s fields) with truck rows.
fn driver_with_trucks(id: i64, name: &str, n: u32, trucks: Value) -> Value {
    let mut body = fixtures::driver_body(name, n);
    body["id"] = json!(id);
    body["truck"] = trucks;
    body
}

fn row(id: Option<i64>, plate: &str) -> Value {
    match id {
        Some(id) => json!({ "id": id, "licensePlate": plate, "renavam": "98765432100" }),
        None => json!({ "licensePlate": plate, "renavam": "98765432100" }),
    }
}

/// (plate, driver, shipping company, renavam) of a truck, as stored.
fn stored_truck(app: &TestApp, id: i64) -> (String, i64, i64, String) {
    let t = |col: &str| {
        app.scalar_text(&format!(
            "SELECT COALESCE({col}::text, '') AS v FROM trucks WHERE id = {id}"
        ))
    };
    let n = |s: String| s.parse::<i64>().unwrap_or(0);
    (
        t("license_plate"),
        n(t("driver_id")),
        n(t("shipping_company_id")),
        t("renavam"),
    )
}

/// The demo driver waits in the demo's queue with its truck DEM0A12 (a freelancer).
async fn demo_driver_waits_in_the_queue(app: &TestApp) -> i64 {
    crate::queue_common::open_for_freelancers(app).await;
    at(app, MONDAY_0900);
    let truck = fixtures::demo_truck(app);
    fixtures::join(
        app,
        app.ids.driver,
        app.ids.demo,
        json!({ "truck": { "id": truck } }),
    )
    .await;
    truck
}

// ---- 1. The driver form's truck rows reach exactly what the truck form reaches.

#[actix_rt::test]
async fn a_carrier_reaches_through_the_driver_form_only_its_own_shipping_companys_trucks() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let carrier = app.transportadora_of(demo).await;
    let rival = fixtures::shipping_company_of(&app, demo, 2, "Rival Transportes").await;
    let rivals = fixtures::saved_carried_truck(&app, demo, Some(rival), None, "RIV1A23", "TRUCK");
    let independent = demo_driver_waits_in_the_queue(&app).await;
    let mine = fixtures::driver(&carrier, "MEU MOTORISTA", 41, None).await;
    let save = |trucks: Value| driver_with_trucks(mine, "MEU MOTORISTA", 41, trucks);
    let before_rival = stored_truck(&app, rivals);
    let before_independent = stored_truck(&app, independent);

    // The truck form refuses both trucks to the carrier: 404.
    for t in [rivals, independent] {
        carrier
            .get(&format!("/api/truck/{t}"))
            .await
            .expect(StatusCode::NOT_FOUND);
    }
    // The driver form answers the same by id, and by plate as for any taken plate.
    for (t, plate) in [(rivals, "RIV1A23"), (independent, "DEM0A12")] {
        carrier
            .post("/api/driver/save", save(json!([row(Some(t), plate)])))
            .await
            .expect(StatusCode::NOT_FOUND);
        let answer = carrier
            .post("/api/driver/save", save(json!([row(None, plate)])))
            .await
            .expect(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer["fields"]["licensePlate"], PLATE_TAKEN, "{answer}");
    }
    assert_eq!(stored_truck(&app, rivals), before_rival);
    assert_eq!(stored_truck(&app, independent), before_independent);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {mine} AND operation_type = 'BIND_TRUNCK'"
        )),
        0
    );

    // Its own free truck is bound; a row never renames it.
    let own =
        fixtures::saved_carried_truck(&app, demo, Some(app.ids.shipping), None, "OWN1A23", "TRUCK");
    carrier
        .post("/api/driver/save", save(json!([row(None, "OWN1A23")])))
        .await
        .expect(StatusCode::OK);
    assert_eq!(stored_truck(&app, own).1, mine);
    let answer = carrier
        .post("/api/driver/save", save(json!([row(Some(own), "NEW9Z99")])))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["fields"]["licensePlate"],
        "A placa de um caminhão cadastrado não pode ser alterada aqui. Use o cadastro do caminhão."
    );
    assert_eq!(stored_truck(&app, own).0, "OWN1A23");
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM trucks WHERE license_plate = 'NEW9Z99'"),
        0
    );
}

#[actix_rt::test]
async fn another_drivers_truck_or_one_in_the_queue_is_never_moved_by_the_driver_form() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let usuario = app.usuario_of(demo).await;
    let someone = fixtures::driver(&usuario, "OUTRO MOTORISTA", 42, None).await;
    let save = |trucks: Value| driver_with_trucks(someone, "OUTRO MOTORISTA", 42, trucks);

    // DEM0A12 is the demo driver's: neither by id nor by plate.
    let demo_truck = fixtures::demo_truck(&app);
    let before = stored_truck(&app, demo_truck);
    for body in [
        save(json!([row(Some(demo_truck), "DEM0A12")])),
        save(json!([row(None, "DEM0A12")])),
    ] {
        usuario.post("/api/driver/save", body).await.expect_message(
            StatusCode::CONFLICT,
            "O caminhão DEM0A12 está vinculado a outro motorista.",
        );
    }
    assert_eq!(stored_truck(&app, demo_truck), before);

    // A truck nobody drives, but that an entry of the queue uses, is not free either.
    let loose = fixtures::saved_truck(&app, demo, None, "LOO5E00", "TRUCK");
    // why: an entry whose truck lost its driver; the queue's own calls never make one.
    app.sql(&format!(
        "INSERT INTO queue_entries (company_id, driver_id, truck_id, status, position, date,
                                    forecast_at, in_tolerance)
         VALUES ({demo}, {}, {loose}, 'waiting', 1, '2030-05-06', '2030-05-06T10:00:00Z', FALSE)",
        app.ids.driver
    ));
    usuario
        .post("/api/driver/save", save(json!([row(None, "LOO5E00")])))
        .await
        .expect_message(
            StatusCode::CONFLICT,
            "O caminhão LOO5E00 está na fila e não pode ser vinculado agora.",
        );
    assert_eq!(stored_truck(&app, loose).1, 0);
}

#[actix_rt::test]
async fn linking_takes_neither_a_truck_in_the_queue_nor_another_drivers_truck() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let carrier = app.transportadora_of(demo).await;
    let mine = fixtures::driver(&carrier, "MEU MOTORISTA", 43, None).await;
    let demo_truck = fixtures::demo_truck(&app);
    let bind = |truck: i64, driver: i64| {
        json!({ "shippingCompany": { "id": app.ids.shipping },
                "groups": [{ "truck": { "id": truck }, "driver": { "id": driver } }] })
    };

    // Another driver's truck.
    carrier
        .post("/api/shipping-company/bind", bind(demo_truck, mine))
        .await
        .expect_message(
            StatusCode::CONFLICT,
            "O caminhão DEM0A12 está vinculado a outro motorista.",
        );
    // The independent driver's own pair, while it waits in the queue.
    demo_driver_waits_in_the_queue(&app).await;
    carrier
        .post(
            "/api/shipping-company/bind",
            bind(demo_truck, app.ids.driver),
        )
        .await
        .expect_message(
            StatusCode::CONFLICT,
            "O caminhão DEM0A12 está na fila e não pode ser vinculado agora.",
        );
    assert_eq!(stored_truck(&app, demo_truck).2, 0, "still independent");
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT COALESCE(shipping_company_id::text, '') AS v FROM drivers WHERE id = {}",
            app.ids.driver
        )),
        ""
    );
    // A free truck is still linked.
    let free = fixtures::saved_truck(&app, demo, None, "FRE3E00", "TRUCK");
    carrier
        .post("/api/shipping-company/bind", bind(free, mine))
        .await
        .expect(StatusCode::OK);
    let (_, driver, shipping, _) = stored_truck(&app, free);
    assert_eq!((driver, shipping), (mine, app.ids.shipping));
}

// ---- 7. The driver log after a transfer.

#[actix_rt::test]
async fn after_a_transfer_the_new_company_reads_only_its_own_rows_of_the_driver_log() {
    let app = TestApp::new();
    let (demo, other, driver) = (app.ids.demo, app.ids.other, app.ids.driver);
    at(&app, MONDAY_0900);
    let usuario = app.usuario_of(demo).await;
    let spec = fixtures::OrderSpec::new("PED-VELHO", 100.0).customer(1, "Cliente Antigo");
    let order = fixtures::order(&usuario, spec).await.id;
    let truck = fixtures::demo_truck(&app);
    let loading = fixtures::loading(&usuario, order, truck, driver, 10.0, Some("2026-03-10")).await;
    let me = app.driver_id(driver, demo).await;
    me.post(
        "/api/queue/save",
        json!({ "scheduling": { "id": loading } }),
    )
    .await
    .expect(StatusCode::CREATED);
    // The administrator moves the driver to the other company (confirmed).
    app.admin()
        .await
        .post(
            "/api/driver/save",
            json!({ "id": driver, "name": "MOTORISTA DEMO", "cpf": "52998224725",
                    "cnh": "12345678900", "birthDate": "1990-01-15", "isEnabled": true,
                    "company": { "id": other }, "override": true }),
        )
        .await
        .expect(StatusCode::OK);
    // why: the rows' instants come from the database clock; the read takes a day of ours.
    app.sql(&format!(
        "UPDATE driver_logs SET created_at = '{MONDAY_0900}' WHERE driver_id = {driver}"
    ));
    let uri = format!("/api/log-driver/{driver}?startDate=2026-03-02&endDate=2026-03-02");
    let companies = |rows: &Value| -> Vec<i64> {
        rows.as_array()
            .unwrap()
            .iter()
            .map(|r| r["company"]["id"].as_i64().unwrap_or(0))
            .collect()
    };

    let all = app.admin().await.get(&uri).await.expect(StatusCode::OK);
    assert!(companies(&all).contains(&demo), "{all}");
    assert!(all.to_string().contains("PED-VELHO"));

    let rows = app
        .usuario_of(other)
        .await
        .get(&uri)
        .await
        .expect(StatusCode::OK);
    let seen = companies(&rows);
    assert!(!seen.is_empty(), "the move itself is the new company's");
    assert!(seen.iter().all(|c| *c == other), "{rows}");
    let text = rows.to_string();
    assert!(
        !text.contains("PED-VELHO") && !text.contains("DEM0A12"),
        "{rows}"
    );
    // The driver still reads his whole log.
    let mine = app
        .driver_id(driver, other)
        .await
        .get(&uri)
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        mine.as_array().unwrap().len(),
        all.as_array().unwrap().len()
    );
}

// ---- 9a. The sign-in's company is the host's.

#[actix_rt::test]
async fn a_staff_sign_in_without_company_is_checked_against_the_hosts_company() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    // The test server's host (localhost) is the demo company's.
    let login = |email: &str, host: Option<&str>| {
        let req = TestRequest::post()
            .uri("/api/auth/login")
            .set_json(staff_login_body(email, PASSWORD, None, "staff"));
        match host {
            Some(h) => req.insert_header(("Host", h.to_owned())),
            None => req,
        }
    };
    // Another company's user, on the demo's host, with `company` left out: refused.
    let (status, body, cookies) = anon.send(login(OTHER_USUARIO, None)).await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(body["message"], "Usuário ou senha inválido");
    assert!(cookies.iter().all(|c| !c.starts_with("patio_staff=")));
    // On a host no company serves, and on its own company's host, it signs in.
    app.sql(&format!(
        "INSERT INTO company_hosts (company_id, host) VALUES ({}, 'outra.test')",
        app.ids.other
    ));
    for host in [NEUTRAL_HOST, "outra.test:8080"] {
        assert_eq!(
            anon.send(login(OTHER_USUARIO, Some(host))).await.parts().0,
            StatusCode::OK,
            "{host}"
        );
    }

    // The demo asks for reCAPTCHA: leaving `company` out no longer skips it.
    fixtures::settings_saved(
        &app,
        app.ids.demo,
        json!({ "enableRecaptcha": true, "recaptchaSecret": "captcha-secret",
                "recaptchaSite": "site-key" }),
    )
    .await;
    let (status, body, _) = anon.send(login(USUARIO, None)).await.parts();
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "captcha");
    assert_eq!(body["message"], "Confirme que você não é um robô.");
    // Nor does naming a company without it.
    let req = TestRequest::post()
        .uri("/api/auth/login")
        .set_json(staff_login_body(
            USUARIO,
            PASSWORD,
            Some(app.ids.other),
            "staff",
        ));
    assert_eq!(anon.send(req).await.parts().0, StatusCode::BAD_REQUEST);
}

// ---- 9b. Ids below 1 do not create records.

#[actix_rt::test]
async fn negative_ids_are_refused_on_every_save_and_create_nothing() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let brand = app.scalar_i64("SELECT id AS v FROM truck_brands WHERE name = 'Volvo'");
    let customer = fixtures::customer(&usuario, 3, "Cliente").await;
    let product = fixtures::product(&usuario, 3, "MILHO").await;
    let cases: Vec<(&Client, &str, Value, &str)> = vec![
        (
            &admin,
            "/api/users/save",
            user_body("Novo", "novo@patio.local", "Usuario", Some(app.ids.demo)),
            "users",
        ),
        (
            &admin,
            "/api/company/create",
            company_body("Nova", 901),
            "companies",
        ),
        (
            &usuario,
            "/api/customer/create",
            customer_body(90, "Novo Cliente", None),
            "customers",
        ),
        (
            &usuario,
            "/api/product/create",
            json!({ "code": 90, "name": "SORGO", "group": 0 }),
            "products",
        ),
        (
            &usuario,
            "/api/order/save",
            json!({ "code": "PED-90", "customer": { "id": customer }, "enable": true,
                    "shippingCompany": [],
                    "orderItem": [{ "product": { "id": product }, "quantity": 10.0 }] }),
            "orders",
        ),
        (
            &usuario,
            "/api/shipping-company/create",
            shipping_body(90, "Nova Transportadora", None),
            "shipping_companies",
        ),
        (
            &usuario,
            "/api/driver/save",
            fixtures::driver_body("NOVO MOTORISTA", 90),
            "drivers",
        ),
        (
            &usuario,
            "/api/truck/save",
            fixtures::truck_body("NEG1A23", fixtures::model(&app)),
            "trucks",
        ),
        (
            &admin,
            "/api/truck-brand/save",
            json!({ "name": "Scania" }),
            "truck_brands",
        ),
        (
            &admin,
            "/api/truck-model/save",
            json!({ "name": "R 450", "truckBrand": { "id": brand } }),
            "truck_models",
        ),
    ];
    for (who, uri, body, table) in cases {
        let count = || app.scalar_i64(&format!("SELECT count(*) AS v FROM {table}"));
        let before = count();
        for id in [-1, i64::MIN] {
            let mut b = body.clone();
            b["id"] = json!(id);
            let answer = who
                .post(uri, b)
                .await
                .expect(StatusCode::UNPROCESSABLE_ENTITY);
            assert_eq!(
                answer["fields"]["id"], "Identificador inválido.",
                "{uri}: {answer}"
            );
        }
        assert_eq!(count(), before, "{uri} created a record");
    }
    // A contact row with a negative id creates no contact either.
    let mut body = fixtures::driver_body("COM CONTATO", 91);
    body["contact"] = json!([{ "id": -5, "name": "Ana", "fone": "(66) 9 9999-0000",
                               "email": "ana@patio.local", "whatsapp": true }]);
    let answer = usuario
        .post("/api/driver/save", body)
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["fields"]["id"], "Identificador inválido.");
    // 0 still creates (spec 1: "id 0 means create").
    let mut body = fixtures::driver_body("ZERO", 92);
    body["id"] = json!(0);
    usuario
        .post("/api/driver/save", body)
        .await
        .expect(StatusCode::CREATED);
}

// ---- 9c. Portaria reads no tonnes in the queue.

#[actix_rt::test]
async fn portaria_reads_the_queue_without_tonnes() {
    let app = TestApp::new();
    let (demo, driver) = (app.ids.demo, app.ids.driver);
    at(&app, MONDAY_0900);
    let usuario = app.usuario_of(demo).await;
    let order = fixtures::order(&usuario, fixtures::OrderSpec::new("PED-T", 100.0))
        .await
        .id;
    let truck = fixtures::demo_truck(&app);
    let loading = fixtures::loading(&usuario, order, truck, driver, 12.5, Some("2026-03-10")).await;
    app.driver_id(driver, demo)
        .await
        .post(
            "/api/queue/save",
            json!({ "scheduling": { "id": loading } }),
        )
        .await
        .expect(StatusCode::CREATED);
    let uri = format!("/api/queue/company/{demo}");
    let first_row = |days: &Value| days[0]["queue"][0].clone();

    let full = first_row(&usuario.get(&uri).await.expect(StatusCode::OK));
    assert_eq!(full["scheduling"]["qtyOrdered"], 12.5, "{full}");
    assert_eq!(full["netCapacity"], 16.0);
    assert_eq!(full["truck"]["netCapacity"], 16.0);

    let gate = app.portaria_of(demo).await;
    let row = first_row(&gate.get(&uri).await.expect(StatusCode::OK));
    assert_eq!(row["licensePlate"], "DEM0A12", "{row}");
    assert_eq!(row["scheduling"]["qtyOrdered"], Value::Null);
    assert_eq!(row["scheduling"]["qtyTransported"], Value::Null);
    assert_eq!(row["netCapacity"], Value::Null);
    assert_eq!(row["truck"]["netCapacity"], Value::Null);
    let active = gate
        .get(&format!("/api/queue/active/company/{demo}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        active[0]["scheduling"]["qtyOrdered"],
        Value::Null,
        "{active}"
    );
    assert_eq!(active[0]["netCapacity"], Value::Null);
}

// ---- 9d. A GET never writes.

#[actix_rt::test]
async fn reading_the_check_in_state_never_cancels_a_check_in() {
    let app = TestApp::new();
    let mut state = app.state.clone();
    let proxy = "10.9.8.7";
    state.config.trusted_proxies = vec![proxy.parse().unwrap()];
    crate::queue_common::open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    fixtures::settings_saved(
        &app,
        app.ids.demo,
        json!({ "enableCheckin": true, "checkinIp": "200.1.1.5" }),
    )
    .await;
    let truck = fixtures::demo_truck(&app);
    let entry = fixtures::join(
        &app,
        app.ids.driver,
        app.ids.demo,
        json!({ "truck": { "id": truck } }),
    )
    .await;
    let me = app
        .on(state)
        .driver_id(app.ids.driver, app.ids.demo)
        .await
        .calling_from(proxy);
    let from = |req: TestRequest, ip: &str| req.insert_header(("X-Forwarded-For", ip.to_owned()));
    let (s, b, _) = me
        .send(from(
            TestRequest::post()
                .uri("/api/checkins/save")
                .set_json(json!({ "queue": { "id": entry }, "isPresent": true, "status": true })),
            "200.1.1.5",
        ))
        .await
        .parts();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    // (the latest check-in row is present, CHECK_OUT logs written)
    let present = || {
        (
            app.scalar_i64(&format!(
                "SELECT count(*) AS v FROM (SELECT is_present FROM checkins
                  WHERE queue_entry_id = {entry} ORDER BY id DESC LIMIT 1) l WHERE is_present"
            )),
            app.scalar_i64(&format!(
                "SELECT count(*) AS v FROM driver_logs
                  WHERE driver_id = {} AND operation_type = 'CHECK_OUT'",
                app.ids.driver
            )),
        )
    };
    let uri = format!("/api/checkins/count/{entry}");
    // From outside the yard, the GET reads (not allowed, still present) and writes nothing.
    let (s, st, _) = me
        .send(from(TestRequest::get().uri(&uri), "177.5.5.5"))
        .await
        .parts();
    assert_eq!(s, StatusCode::OK, "{st}");
    assert_eq!(
        (&st["count"], &st["allowed"], &st["cancelled"]),
        (&json!(1), &json!(false), &json!(false)),
        "{st}"
    );
    assert_eq!(present(), (1, 0));
    // The app's POST cancels it.
    let (s, st, _) = me
        .send(from(TestRequest::post().uri(&uri), "177.5.5.5"))
        .await
        .parts();
    assert_eq!(s, StatusCode::OK, "{st}");
    assert_eq!(st["cancelled"], true);
    assert_eq!(present(), (0, 1));
}

// ---- 9e. Nobody frames an upload.

#[actix_rt::test]
async fn uploads_cannot_be_framed() {
    let app = TestApp::new();
    let dir = app
        .state
        .config
        .upload_dir
        .clone()
        .expect("the test server has an upload folder");
    std::fs::create_dir_all(dir.join("logos")).unwrap();
    std::fs::write(
        dir.join("logos").join("quadro.png"),
        crate::settings_support::png(),
    )
    .unwrap();
    let res = app.anonymous().await.get("/uploads/logos/quadro.png").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.header("x-frame-options").as_deref(), Some("DENY"));
    let csp = res.header("content-security-policy").unwrap_or_default();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(csp.contains("sandbox"), "{csp}");
}
