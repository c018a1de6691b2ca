//! Sets and linking (issue 12, spec 2 "Sets and linking"): `GET /api/driver/groups` paged by
//! key, its filters and role scopes, the CSV and XLSX exports, `POST /api/shipping-company/bind`
//! in one transaction, `PATCH /api/shipping-company/unbind` and the linking screen's reads.
//!
//! Drivers and trucks are saved through their services (their own calls belong to the driver
//! and truck areas); queue entries in fixed states stay SQL (see the `// why` comments).

use crate::common;
use std::collections::BTreeSet;

use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::{json, Value};

const ESPECTADOR: &str = "espectador@patio.local";
const PORTARIA: &str = "portaria@patio.local";

/// A driver of `company` (CPF built from `n`), through the drivers' service.
fn add_driver(app: &TestApp, company: i64, name: &str, n: u32) -> i64 {
    fixtures::saved_driver(app, company, name, &cpf(n), "1991-02-03")
}

/// A BITRUCK of `company`, driven by `driver`, through the trucks' service.
fn add_truck(app: &TestApp, company: i64, driver: Option<i64>, plate: &str) -> i64 {
    fixtures::saved_truck(app, company, driver, plate, "BITRUCK")
}

/// A driver of `company` carried by the shipping company `shipping`, through the drivers'
/// service.
fn add_carried_driver(app: &TestApp, company: i64, shipping: i64, name: &str, n: u32) -> i64 {
    fixtures::saved_carried_driver(app, company, Some(shipping), name, &cpf(n), "1991-02-03")
}

/// A BITRUCK of `company` carried by `shipping`, driven by `driver`, through the trucks'
/// service.
fn add_carried_truck(
    app: &TestApp,
    company: i64,
    shipping: i64,
    driver: Option<i64>,
    plate: &str,
) -> i64 {
    fixtures::saved_carried_truck(app, company, Some(shipping), driver, plate, "BITRUCK")
}

/// The demo driver's form saved by the Usuario of its company: carried by `shipping`, with
/// `contacts`.
async fn carry_the_demo_driver(app: &TestApp, shipping: i64, contacts: Value) {
    let usuario = app.usuario_of(app.ids.demo).await;
    usuario
        .post(
            "/api/driver/save",
            json!({
                "id": app.ids.driver, "name": "MOTORISTA DEMO", "cpf": DEMO_CPF,
                "cnh": "12345678900", "birthDate": "1990-01-15", "isEnabled": true,
                "company": { "id": app.ids.demo }, "shippingCompany": { "id": shipping },
                "contact": contacts,
            }),
        )
        .await
        .expect(StatusCode::OK);
}

/// The linking screen binds the demo truck (DEM0A12) with the demo driver to `shipping`.
async fn bind_the_demo_set(app: &TestApp, shipping: i64) {
    app.usuario_of(app.ids.demo)
        .await
        .post(
            "/api/shipping-company/bind",
            json!({ "shippingCompany": { "id": shipping },
                    "groups": [pair(fixtures::demo_truck(app), app.ids.driver)] }),
        )
        .await
        .expect(StatusCode::OK);
}

/// A shipping company of the demo company, created by its Usuario.
async fn add_shipping(app: &TestApp, code: i64, name: &str) -> i64 {
    let usuario = app.usuario_of(app.ids.demo).await;
    fixtures::shipping_company(&usuario, code, name).await
}

/// Status, content type, disposition and the raw bytes of `who`'s GET (the exports are not
/// JSON).
async fn raw(who: &Client, uri: &str) -> (StatusCode, String, String, Vec<u8>) {
    let res = who.get(uri).await;
    let header = |name: &str| res.header(name).unwrap_or_default();
    let (content_type, disposition) = (header("content-type"), header("content-disposition"));
    (res.status, content_type, disposition, res.bytes)
}

/// Every driver id of the sets list for a query, walking `nextFromId` with 15 then 16 rows.
async fn walk(cookie: &Client, filters: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut from = 0;
    let mut size = 15;
    for _ in 0..1000 {
        let page = cookie
            .get(&format!(
                "/api/driver/groups?from_id={from}&page_size={size}{filters}"
            ))
            .await
            .expect(StatusCode::OK);
        let items = page["items"].as_array().unwrap();
        assert!(items.len() <= size, "{page}");
        assert_eq!(page["pageSize"], size);
        ids.extend(items.iter().map(|r| r["id"].as_i64().unwrap()));
        match page["nextFromId"].as_i64() {
            Some(next) => {
                assert_eq!(items.len(), size, "a page before the last is full");
                assert_eq!(Some(next), ids.last().copied());
                from = next;
            }
            None => return ids,
        }
        size = 16;
    }
    panic!("the pages never ended");
}

async fn sorted(cookie: &Client, filters: String) -> Vec<i64> {
    let mut ids = walk(cookie, &filters).await;
    ids.sort_unstable();
    ids
}

fn ids_of(page: &Value) -> Vec<i64> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}

#[actix_rt::test]
async fn pages_by_key_return_every_set_once_in_id_order() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let mut demo = vec![app.ids.driver];
    for n in 0..40 {
        demo.push(add_driver(
            &app,
            app.ids.demo,
            &format!("MOTORISTA {n:02}"),
            1000 + n,
        ));
    }
    let other = add_driver(&app, app.ids.other, "MOTORISTA DE FORA", 2000);
    demo.sort_unstable();

    // The administrator sees every company: 43 drivers over 15 + 16 + 12 rows.
    let admin = app.admin().await;
    let all = walk(&admin, "").await;
    let mut expected: Vec<i64> = demo.clone();
    expected.extend([app.ids.other_driver, other]);
    expected.sort_unstable();
    assert_eq!(all, expected, "no row twice, none missed, by id");
    assert_eq!(all.len(), 43);

    // The unit filter, and the Usuario's own company whatever it asks for.
    let unit = walk(&admin, &format!("&companyId={}", app.ids.demo)).await;
    assert_eq!(unit, demo);
    let usuario = app.usuario_of(app.ids.demo).await;
    assert_eq!(walk(&usuario, "").await, demo);
    assert_eq!(
        walk(&usuario, &format!("&companyId={}", app.ids.other)).await,
        demo
    );
    let outra = app.usuario_of(app.ids.other).await;
    assert_eq!(walk(&outra, "").await, vec![app.ids.other_driver, other]);

    // Dispatch roles read their company's sets too.
    for email in [EXPEDICAO, ESPECTADOR, PORTARIA] {
        let cookie = anon.sign_in(email).await;
        assert_eq!(walk(&cookie, "").await, demo, "{email}");
    }

    // A key past the end, a page size out of range.
    let last = *all.last().unwrap();
    let page = admin
        .get(&format!("/api/driver/groups?from_id={last}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["items"], json!([]));
    assert_eq!(page["nextFromId"], Value::Null);
    assert_eq!(
        page["permissions"],
        json!({ "canExport": true, "canLink": true, "removal": "delete", "removalTitle": "Excluir",
                "filtersByCompany": true, "showsShippingCompany": true, "canLogInAsDriver": true })
    );
    let page = admin
        .get("/api/driver/groups?page_size=500")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["pageSize"], 100);
    assert_eq!(ids_of(&page).len(), 43);
    let page = admin.get("/api/driver/groups").await.expect(StatusCode::OK);
    assert_eq!(ids_of(&page).len(), 15);
    assert_eq!(page["nextFromId"], json!(all[14]));

    // Signed out: 401.
    anon.get("/api/driver/groups")
        .await
        .expect(StatusCode::UNAUTHORIZED);
}

#[actix_rt::test]
async fn a_set_row_carries_the_driver_its_trucks_and_its_queue_state() {
    let app = TestApp::new();
    let shipping = app.ids.shipping;
    carry_the_demo_driver(
        &app,
        shipping,
        json!([
            { "name": "Celular", "fone": "(66) 9 8888-7777", "email": "m@demo.local" },
            { "name": "Recado", "fone": "(66) 9 1111-2222", "email": "r@demo.local" }
        ]),
    )
    .await;
    bind_the_demo_set(&app, shipping).await;
    let truck = app.scalar_i64(&format!(
        "SELECT id AS v FROM trucks WHERE driver_id = {}",
        app.ids.driver
    ));
    let admin = app.admin().await;
    let page = admin
        .get("/api/driver/groups?driver_search=demo")
        .await
        .expect(StatusCode::OK);
    let row = &page["items"][0];
    assert_eq!(
        *row,
        json!({
            "id": app.ids.driver,
            "name": "MOTORISTA DEMO",
            "cpf": "52998224725",
            "birthDate": "1990-01-15",
            "isEnabled": true,
            "cnh": "12345678900",
            "contact": [{ "id": row["contact"][0]["id"], "name": "Celular", "fone": "(66) 9 8888-7777" }],
            "company": { "id": app.ids.demo, "name": "Demo Agro" },
            "shippingCompany": { "id": shipping, "code": 1, "name": "Transportadora Demo" },
            "truck": [{
                "id": truck,
                "licensePlate": "DEM0A12",
                "isEnabled": true,
                "vehicleModel": {
                    "id": row["truck"][0]["vehicleModel"]["id"],
                    "name": "FH 540",
                    "truckBrand": { "id": row["truck"][0]["vehicleModel"]["truckBrand"]["id"], "name": "Volvo" }
                },
                "implementType": "TRUCK",
                "netCapacity": 16.0,
                "shippingCompany": { "id": shipping, "name": "Transportadora Demo" }
            }],
            "queue": null
        })
    );

    // In the queue: the label, the position and the date while waiting.
    // why: a fixed position (3) and forecast (2030): a join computes both from the clock.
    app.sql(&format!(
        "INSERT INTO queue_entries (company_id, driver_id, truck_id, status, position, date,
                                    forecast_at, in_tolerance)
         VALUES ({}, {}, {truck}, 'waiting', 3, '2030-05-06', '2030-05-06T10:00:00Z', FALSE)",
        app.ids.demo, app.ids.driver
    ));
    let page = admin
        .get("/api/driver/groups?driver_search=demo")
        .await
        .expect(StatusCode::OK);
    let queue = &page["items"][0]["queue"];
    assert_eq!(queue["status"], "pending");
    assert_eq!(queue["position"], 3);
    assert_eq!(queue["date"], "2030-05-06");
    assert_eq!(queue["forecast"], "2030-05-06T10:00:00Z");
    assert_eq!(queue["truckId"], truck);

    // Attended: the label stays today, without position or date.
    // why: attended is reached only through the yard's day; the label is what is tested.
    app.sql(&format!(
        "UPDATE queue_entries SET status = 'attended', attended = TRUE, attended_at = now(),
                                  closed_at = now() WHERE driver_id = {}",
        app.ids.driver
    ));
    let page = admin
        .get("/api/driver/groups?driver_search=demo")
        .await
        .expect(StatusCode::OK);
    let queue = &page["items"][0]["queue"];
    assert_eq!(queue["status"], "attended");
    assert_eq!(queue["position"], 0);
    assert_eq!(queue["date"], Value::Null);
    assert_eq!(queue["forecast"], Value::Null);
}

#[actix_rt::test]
async fn the_filters_select_the_sets_and_keep_paging_by_key() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let carrier = add_shipping(&app, 41, "Rodo Sul").await;
    let with_plate = add_driver(&app, demo, "ANA PLACA", 3001);
    add_truck(&app, demo, Some(with_plate), "ABC1D23");
    let joao = add_driver(&app, demo, "JOAO DA SILVA", 731_246_958);
    add_truck(&app, demo, Some(joao), "XYZ9K88");
    let bound = add_carried_driver(&app, demo, carrier, "BRUNO VINCULADO", 3003);
    add_carried_truck(&app, demo, carrier, Some(bound), "BND0A01");
    let lonely = add_driver(&app, demo, "SEM CAMINHAO", 3004);

    // Queue states: waiting, in tolerance, loading, attended today, fault today, fault long ago.
    let mut labelled = Vec::new();
    for (n, (status, tolerance, closed)) in [
        ("waiting", false, "NULL"),
        ("waiting", true, "NULL"),
        ("loading", false, "NULL"),
        ("attended", false, "now()"),
        ("faulty", false, "now()"),
        ("tolerance_dropped", false, "now() - interval '3 days'"),
    ]
    .into_iter()
    .enumerate()
    {
        let d = add_driver(&app, demo, &format!("FILA {n}"), 3100 + n as u32);
        let t = add_truck(&app, demo, Some(d), &format!("FIL{n}A00"));
        // why: six fixed queue states at once (loading, attended, faults, days back) that only
        // the yard and time reach.
        app.sql(&format!(
            "INSERT INTO queue_entries (company_id, driver_id, truck_id, status, position,
                                        in_tolerance, closed_at)
             VALUES ({demo}, {d}, {t}, '{status}', {n} + 1, {tolerance}, {closed})"
        ));
        labelled.push(d);
    }
    let admin = app.admin().await;
    let only = |filters: &'static str| sorted(&admin, filters.to_owned());
    // Plate: any part, any case, separators ignored.
    assert_eq!(only("&truck_search=abc-1d").await, vec![with_plate]);
    // Name or CPF (masked or not).
    assert_eq!(only("&driver_search=silva").await, vec![joao]);
    let masked = patio_domain::values::Cpf::parse(&cpf(731_246_958))
        .unwrap()
        .masked();
    assert_eq!(
        sorted(&admin, format!("&driver_search={}", &masked[..7])).await,
        vec![joao]
    );
    assert_eq!(
        sorted(&admin, format!("&shippingCompanyId={carrier}")).await,
        vec![bound]
    );
    let mut no_truck = vec![app.ids.other_driver, lonely];
    no_truck.sort_unstable();
    assert_eq!(only("&withoutTruck=true").await, no_truck);
    assert_eq!(only("&inQueue=true").await, labelled[0..3].to_vec());
    assert_eq!(only("&status=pending").await, vec![labelled[0]]);
    assert_eq!(only("&status=tolerance").await, vec![labelled[1]]);
    assert_eq!(
        only("&status=attended").await,
        vec![labelled[2], labelled[3]]
    );
    assert_eq!(only("&status=fault").await, vec![labelled[4]]);
    // Filters combine.
    assert_eq!(
        only("&status=pending&driver_search=fila&truck_search=fil0").await,
        vec![labelled[0]]
    );
    assert!(only("&status=pending&withoutTruck=true").await.is_empty());

    // Each row's label is the one its filter selected it by.
    for (status, driver) in [
        ("pending", labelled[0]),
        ("tolerance", labelled[1]),
        ("attended", labelled[2]),
        ("attended", labelled[3]),
        ("fault", labelled[4]),
    ] {
        let page = admin
            .get(&format!(
                "/api/driver/groups?from_id={}&page_size=1",
                driver - 1
            ))
            .await
            .expect(StatusCode::OK);
        assert_eq!(page["items"][0]["queue"]["status"], status);
    }
    let page = admin
        .get(&format!(
            "/api/driver/groups?from_id={}&page_size=1",
            labelled[5] - 1
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        page["items"][0]["queue"],
        Value::Null,
        "a fault of another day"
    );

    let body = admin
        .get("/api/driver/groups?status=quebrado")
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["status"], "Situação inválida.");
}

#[actix_rt::test]
async fn a_transportadora_sees_only_its_own_drivers_and_trucks() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let own = app.ids.shipping;
    let rival = add_shipping(&app, 51, "Rival").await;
    let mine = add_carried_driver(&app, demo, own, "MEU MOTORISTA", 4001);
    add_carried_truck(&app, demo, own, Some(mine), "MEU0A01");
    add_carried_truck(&app, demo, rival, Some(mine), "DEL0A02");
    add_carried_driver(&app, demo, rival, "DELES", 4002);
    let transp = app.transportadora_of(app.ids.demo).await;
    assert_eq!(walk(&transp, "").await, vec![mine]);
    let page = transp
        .get("/api/driver/groups")
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        page["permissions"],
        json!({ "canExport": false, "canLink": true, "removal": "unbind", "removalTitle": "Desvincular",
                "filtersByCompany": false, "showsShippingCompany": false, "canLogInAsDriver": false })
    );
    // Asking for another shipping company changes nothing.
    assert_eq!(
        walk(&transp, &format!("&shippingCompanyId={rival}")).await,
        vec![mine]
    );
    let page = transp
        .get("/api/driver/groups")
        .await
        .expect(StatusCode::OK);
    let plates: Vec<&str> = page["items"][0]["truck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["licensePlate"].as_str().unwrap())
        .collect();
    assert_eq!(plates, ["MEU0A01"], "the rival's truck stays out");
    assert!(walk(&transp, "&truck_search=DEL0").await.is_empty());

    // The administrator sees both trucks.
    let admin = app.admin().await;
    let page = admin
        .get(&format!(
            "/api/driver/groups?from_id={}&page_size=1",
            mine - 1
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["items"][0]["truck"].as_array().unwrap().len(), 2);
}

fn parse_csv(bytes: &[u8]) -> Vec<Vec<String>> {
    let text = std::str::from_utf8(bytes).unwrap();
    let text = text.strip_prefix('\u{feff}').expect("a UTF-8 BOM");
    csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

fn parse_xlsx(bytes: Vec<u8>) -> Vec<Vec<String>> {
    use calamine::{Reader, Xlsx};
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(book.sheet_names(), ["Conjuntos"]);
    let range = book.worksheet_range("Conjuntos").unwrap();
    range
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect()
}

#[actix_rt::test]
async fn exports_write_the_filtered_sets_as_csv_and_xlsx() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let demo = app.ids.demo;
    carry_the_demo_driver(&app, app.ids.shipping, json!([])).await;
    add_truck(&app, demo, Some(app.ids.driver), "SEG0N02");
    let solo = add_driver(&app, demo, "JOSÉ; \"AVULSO\"", 5001);
    let header = ["Id", "Nome", "CPF", "Caminhão", "Transportadora", "Unidade"];
    let demo_row = [
        app.ids.driver.to_string(),
        "MOTORISTA DEMO".to_owned(),
        "529.982.247-25".to_owned(),
        "DEM0A12, SEG0N02".to_owned(),
        "Transportadora Demo".to_owned(),
        "Demo Agro".to_owned(),
    ];
    let solo_row = [
        solo.to_string(),
        "JOSÉ; \"AVULSO\"".to_owned(),
        patio_domain::values::Cpf::parse(&cpf(5001))
            .unwrap()
            .masked(),
        String::new(),
        "Nenhuma".to_owned(),
        "Demo Agro".to_owned(),
    ];

    let admin = app.admin().await;
    let (status, content_type, disposition, bytes) = raw(
        &admin,
        &format!("/api/driver/groups/export.csv?companyId={demo}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "text/csv; charset=utf-8");
    assert_eq!(disposition, "attachment; filename=\"conjuntos.csv\"");
    let rows = parse_csv(&bytes);
    assert_eq!(rows[0], header);
    assert_eq!(rows[1], demo_row);
    assert_eq!(rows[2], solo_row);
    assert_eq!(rows.len(), 3, "the other company's driver stays out");

    let (status, content_type, disposition, bytes) = raw(
        &admin,
        &format!("/api/driver/groups/export.xlsx?companyId={demo}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        content_type,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    assert_eq!(disposition, "attachment; filename=\"conjuntos.xlsx\"");
    let rows = parse_xlsx(bytes);
    assert_eq!(rows[0], header);
    assert_eq!(rows[1], demo_row);
    assert_eq!(rows[2], solo_row);
    assert_eq!(rows.len(), 3);

    // The filters apply; the paging parameters do not.
    let usuario = app.usuario_of(app.ids.demo).await;
    let (status, _, _, bytes) = raw(
        &usuario,
        "/api/driver/groups/export.csv?driver_search=avulso&from_id=999999&page_size=1",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        parse_csv(&bytes),
        vec![header.map(str::to_owned).to_vec(), solo_row.to_vec()]
    );
    let expedicao = anon.sign_in(EXPEDICAO).await;
    let (status, _, _, bytes) = raw(
        &expedicao,
        "/api/driver/groups/export.xlsx?withoutTruck=true",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(parse_xlsx(bytes).len(), 2);

    // Shipping-company, spectator and gate users export nothing.
    let transp = app.transportadora_of(app.ids.demo).await;
    let espectador = anon.sign_in(ESPECTADOR).await;
    let portaria = anon.sign_in(PORTARIA).await;
    for cookie in [&transp, &espectador, &portaria] {
        for ext in ["csv", "xlsx"] {
            let body = cookie
                .get(&format!("/api/driver/groups/export.{ext}"))
                .await
                .expect(StatusCode::FORBIDDEN);
            assert_eq!(body["message"], "Você não tem permissão de acesso!");
        }
    }
}

fn shipping_of(app: &TestApp, table: &str, id: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT COALESCE(shipping_company_id, 0) AS v FROM {table} WHERE id = {id}"
    ))
}

fn driver_log_count(app: &TestApp, kind: &str) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM driver_logs WHERE operation_type = '{kind}'"
    ))
}

fn pair(truck: i64, driver: i64) -> Value {
    json!({ "truck": { "id": truck }, "driver": { "id": driver } })
}

#[actix_rt::test]
async fn binding_links_every_pair_in_one_transaction_or_none() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let carrier = add_shipping(&app, 61, "Expresso Norte").await;
    let rival = add_shipping(&app, 62, "Rival").await;
    let d1 = add_driver(&app, demo, "PRIMEIRO", 6001);
    let d2 = add_driver(&app, demo, "SEGUNDO", 6002);
    let t1 = add_truck(&app, demo, None, "PRI0A01");
    let t2 = add_truck(&app, demo, Some(d1), "SEG0A02");
    let taken = add_carried_truck(&app, demo, rival, None, "TOM0A03");
    let foreign_truck = add_truck(&app, app.ids.other, None, "FOR0A04");
    let usuario = app.usuario_of(app.ids.demo).await;

    // The form's messages.
    let body = usuario
        .post("/api/shipping-company/bind", json!({ "groups": [] }))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        *fields(&body),
        *json!({
            "shippingCompany": "Selecione uma transportadora!",
            "groups": "Adicione ao menos um conjunto (caminhão e motorista)!"
        })
        .as_object()
        .unwrap()
    );
    let body = usuario
        .post(
            "/api/shipping-company/bind",
            json!({
                "shippingCompany": { "id": carrier },
                "groups": [
                    { "truck": { "id": t1 }, "driver": null },
                    { "truck": null, "driver": { "id": d1 } },
                    pair(t1, d2)
                ]
            }),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        *fields(&body),
        *json!({
            "groups[0].driver": "Selecione um motorista!",
            "groups[1].truck": "Selecione um caminhão!",
            "groups[2].truck": "Este caminhão já está em outro conjunto da lista!"
        })
        .as_object()
        .unwrap()
    );
    let body = usuario
        .post(
            "/api/shipping-company/bind",
            json!({ "shippingCompany": { "id": carrier }, "company": { "id": app.ids.other },
                    "groups": [pair(t1, d1)] }),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["company"],
        "A transportadora não é desta empresa!"
    );

    // One pair bound elsewhere: 409, and the good pair before it is not bound either.
    let body = usuario
        .post(
            "/api/shipping-company/bind",
            json!({ "shippingCompany": { "id": carrier }, "company": { "id": demo },
                    "groups": [pair(t1, d1), pair(taken, d2)] }),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "O caminhão TOM0A03 já está vinculado a outra transportadora!"
    );
    // Another company's truck: 404, nothing bound.
    usuario.post("/api/shipping-company/bind", json!({ "shippingCompany": { "id": carrier }, "groups": [pair(t1, d1), pair(foreign_truck, d2)] })).await.expect(StatusCode::NOT_FOUND);
    // Another company's driver, an unknown truck: 404.
    for bad in [pair(t2, app.ids.other_driver), pair(99_999_999, d2)] {
        usuario
            .post(
                "/api/shipping-company/bind",
                json!({ "shippingCompany": { "id": carrier }, "groups": [pair(t1, d1), bad] }),
            )
            .await
            .expect(StatusCode::NOT_FOUND);
    }
    for (table, id) in [
        ("trucks", t1),
        ("trucks", t2),
        ("drivers", d1),
        ("drivers", d2),
    ] {
        assert_eq!(shipping_of(&app, table, id), 0, "{table} {id} untouched");
    }
    assert_eq!(driver_log_count(&app, "BIND_TRUNCK"), 0);

    // Another driver's truck is not free (issue 21): 409, nothing bound.
    let body = usuario
        .post(
            "/api/shipping-company/bind",
            json!({ "shippingCompany": { "id": carrier }, "groups": [pair(t1, d1), pair(t2, d2)] }),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "O caminhão SEG0A02 está vinculado a outro motorista."
    );
    assert_eq!(shipping_of(&app, "trucks", t1), 0);
    assert_eq!(driver_log_count(&app, "BIND_TRUNCK"), 0);

    // All good: every pair bound, each truck to its driver, one driver log per pair.
    let body = usuario
        .post(
            "/api/shipping-company/bind",
            json!({ "shippingCompany": { "id": carrier }, "company": { "id": demo },
                    "groups": [pair(t1, d2), pair(t2, d1)] }),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        body,
        json!({ "message": "Veículos vinculados com sucesso!",
                "shippingCompany": { "id": carrier, "name": "Expresso Norte" }, "bound": 2 })
    );
    for (table, id) in [
        ("trucks", t1),
        ("trucks", t2),
        ("drivers", d1),
        ("drivers", d2),
    ] {
        assert_eq!(shipping_of(&app, table, id), carrier, "{table} {id}");
    }
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT driver_id AS v FROM trucks WHERE id = {t1}"
        )),
        d2,
        "the truck goes with the driver of its pair"
    );
    assert_eq!(driver_log_count(&app, "BIND_TRUNCK"), 2);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT data->'truck'->>'licensePlate' AS v FROM driver_logs
              WHERE operation_type = 'BIND_TRUNCK' AND driver_id = {d1}"
        )),
        "SEG0A02"
    );
    assert_eq!(log_count(&app, "UPDATE", "SHIPPING_COMPANY"), 1);
    // Binding again to the same shipping company is fine.
    usuario
        .post(
            "/api/shipping-company/bind",
            json!({ "shippingCompany": { "id": carrier }, "groups": [pair(t1, d2)] }),
        )
        .await
        .expect(StatusCode::OK);
    // A driver bound elsewhere is refused by name.
    let body = usuario
        .post(
            "/api/shipping-company/bind",
            json!({ "shippingCompany": { "id": rival }, "groups": [pair(taken, d1)] }),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "O motorista PRIMEIRO já está vinculado a outra transportadora!"
    );
}

#[actix_rt::test]
async fn who_may_bind_and_unbind() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let demo = app.ids.demo;
    let carrier = add_shipping(&app, 71, "Carga Leve").await;
    let d = add_driver(&app, demo, "ALGUEM", 7001);
    let t = add_truck(&app, demo, None, "ALG0A01");
    let body = json!({ "shippingCompany": { "id": carrier }, "groups": [pair(t, d)] });

    // Dispatch roles never link: 403.
    for email in [EXPEDICAO, ESPECTADOR, PORTARIA] {
        let cookie = anon.sign_in(email).await;
        cookie
            .post("/api/shipping-company/bind", body.clone())
            .await
            .expect(StatusCode::FORBIDDEN);
        cookie
            .patch(
                "/api/shipping-company/unbind",
                json!({ "truck": { "id": t } }),
            )
            .await
            .expect(StatusCode::FORBIDDEN);
        cookie
            .get(&format!("/api/shipping-company/{carrier}/groups"))
            .await
            .expect(StatusCode::FORBIDDEN);
    }
    // Another company's user: the shipping company is not found, nor are the records.
    let outra = app.usuario_of(app.ids.other).await;
    for req in [
        post("/api/shipping-company/bind", body.clone()),
        get(&format!("/api/shipping-company/{carrier}/groups")),
        get(&format!("/api/shipping-company/{carrier}/bind/trucks")),
        get(&format!("/api/shipping-company/{carrier}/bind/drivers")),
    ] {
        outra.run(req).await.expect(StatusCode::NOT_FOUND);
    }
    // A Transportadora links only to itself.
    let transp = app.transportadora_of(app.ids.demo).await;
    transp
        .post("/api/shipping-company/bind", body.clone())
        .await
        .expect(StatusCode::NOT_FOUND);
    assert_eq!(shipping_of(&app, "trucks", t), 0);

    // The administrator binds anywhere; unbinding needs something bound.
    let admin = app.admin().await;
    admin
        .post("/api/shipping-company/bind", body.clone())
        .await
        .expect(StatusCode::OK);
    // The Transportadora cannot unbind another's pair (not found), nor see its linked pairs.
    transp
        .patch(
            "/api/shipping-company/unbind",
            json!({ "truck": { "id": t }, "driver": { "id": d } }),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
    transp
        .get(&format!("/api/shipping-company/{carrier}/groups"))
        .await
        .expect(StatusCode::NOT_FOUND);
    let usuario = app.usuario_of(app.ids.demo).await;
    let body = usuario
        .patch("/api/shipping-company/unbind", json!({}))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["truck"],
        "Selecione o caminhão ou o motorista!"
    );
    let body = usuario
        .patch(
            "/api/shipping-company/unbind",
            json!({ "truck": { "id": t } }),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        body,
        json!({ "message": "Caminhão desvinculado com sucesso", "truck": t, "driver": null })
    );
    assert_eq!(shipping_of(&app, "trucks", t), 0);
    assert_eq!(shipping_of(&app, "drivers", d), carrier, "the driver stays");
    let body = usuario
        .patch(
            "/api/shipping-company/unbind",
            json!({ "truck": { "id": t } }),
        )
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(body["message"], "Não está vinculado a uma transportadora!");
    let body = usuario
        .patch(
            "/api/shipping-company/unbind",
            json!({ "driver": { "id": d } }),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(body["message"], "Motorista desvinculado com sucesso");
    assert_eq!(shipping_of(&app, "drivers", d), 0);
    // Another company's records: 404.
    outra
        .patch(
            "/api/shipping-company/unbind",
            json!({ "driver": { "id": d } }),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
}

#[actix_rt::test]
async fn a_transportadora_links_pairs_to_itself_reads_them_and_unbinds_one() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let own = app.ids.shipping;
    let rival = add_shipping(&app, 81, "Rival").await;
    let d1 = add_driver(&app, demo, "CARLOS PRIMEIRO", 8001);
    let d2 = add_driver(&app, demo, "DANIEL SEGUNDO", 642_813_579);
    let t1 = add_truck(&app, demo, None, "CAR0A01");
    let t2 = add_truck(&app, demo, None, "DAN0A02");
    let theirs = add_carried_truck(&app, demo, rival, None, "RIV0A03");
    add_carried_driver(&app, demo, rival, "CARLOS RIVAL", 8003);
    let transp = app.transportadora_of(app.ids.demo).await;

    // The pickers offer the company's free trucks and drivers, never another's.
    let trucks = transp
        .get(&format!(
            "/api/shipping-company/{own}/bind/trucks?search=0a0"
        ))
        .await
        .expect(StatusCode::OK);
    let plates: BTreeSet<&str> = trucks
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["licensePlate"].as_str().unwrap())
        .collect();
    assert_eq!(plates, BTreeSet::from(["CAR0A01", "DAN0A02"]));
    let drivers = transp
        .get(&format!(
            "/api/shipping-company/{own}/bind/drivers?search=carlos"
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        drivers,
        json!([{ "id": d1, "name": "CARLOS PRIMEIRO", "cpf": cpf(8001) }])
    );
    let drivers = transp
        .get(&format!(
            "/api/shipping-company/{own}/bind/drivers?search={}",
            &cpf(642_813_579)[..6]
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(drivers[0]["id"], d2);
    let models = transp
        .get(&format!(
            "/api/shipping-company/{own}/bind/trucks?search=dem0"
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(models[0]["model"], "FH 540");
    assert_eq!(models[0]["brand"], "Volvo");

    // Linking another's truck is as if it did not exist.
    transp
        .post(
            "/api/shipping-company/bind",
            json!({ "shippingCompany": { "id": own }, "groups": [pair(t1, d1), pair(theirs, d2)] }),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
    transp
        .post(
            "/api/shipping-company/bind",
            json!({ "shippingCompany": { "id": own }, "company": { "id": demo },
                    "groups": [pair(t1, d1), pair(t2, d2)] }),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(walk(&transp, "").await, vec![d1, d2]);

    // The linked pairs: 5 per page, filtered by plate, name or CPF.
    let page = transp
        .get(&format!("/api/shipping-company/{own}/groups"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["total"], 2);
    assert_eq!(page["pageSize"], 5);
    assert_eq!(page["items"][0]["truck"]["licensePlate"], "CAR0A01");
    assert_eq!(page["items"][0]["driver"]["name"], "CARLOS PRIMEIRO");
    assert_eq!(page["items"][1]["truck"]["licensePlate"], "DAN0A02");
    let page = transp
        .get(&format!("/api/shipping-company/{own}/groups?search=daniel"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["total"], 1);
    assert_eq!(page["items"][0]["driver"]["id"], d2);

    // Unbinding one pair: the truck and its driver leave; the other pair stays.
    let body = transp
        .patch(
            "/api/shipping-company/unbind",
            json!({ "truck": { "id": t2 }, "driver": { "id": d2 } }),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        body,
        json!({ "message": "Conjunto desvinculado com sucesso", "truck": t2, "driver": d2 })
    );
    assert_eq!(shipping_of(&app, "trucks", t2), 0);
    assert_eq!(shipping_of(&app, "drivers", d2), 0);
    assert_eq!(shipping_of(&app, "trucks", t1), own);
    assert_eq!(driver_log_count(&app, "UNBIND_TRUCK"), 1);
    assert_eq!(walk(&transp, "").await, vec![d1]);
    let page = transp
        .get(&format!("/api/shipping-company/{own}/groups"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["total"], 1);
    // Another's pair: not found.
    transp
        .patch(
            "/api/shipping-company/unbind",
            json!({ "truck": { "id": theirs } }),
        )
        .await
        .expect(StatusCode::NOT_FOUND);
}
