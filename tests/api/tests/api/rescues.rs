//! Rescues (issue 13, spec 3 sections 2, 4, 5, 6 and 7) against a real PostgreSQL: the
//! dispatch asks to recover a vehicle of today's Faltosos list (`POST /queue-restore/save`),
//! the list of /recuperar (`GET /queue-restore`, 6 a page, the carrier column for
//! administrators), and the root administrator's approval (`PUT /queue-restore/restore`),
//! after which the entry is attended, the loading closed and the order's status follows.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use serde_json::{json, Value};

use common::{fixtures, TestApp};
use queue_common::*;

const EXP: &str = "expedicao@patio.local";
const ROOT: &str = "admin@patio.local";
const USUARIO: &str = "usuario@patio.local";
const TRANSP: &str = "transp@patio.local";
const OTHER: &str = "outra@empresa.local";
/// Set up by `plain_admin`: an administrator who is not root.
const PLAIN_ADMIN: &str = "adm2@patio.local";

/// An order of 100 t ('PED-R<n>') of SOJA <n> for 'Fazenda <n>', saved by the Usuario; its id.
async fn order(app: &TestApp, n: i64) -> i64 {
    order_open_to(app, n, &[]).await
}

/// [`order`], open to the shipping companies `shipping`.
async fn order_open_to(app: &TestApp, n: i64, shipping: &[i64]) -> i64 {
    let usuario = app.usuario_of(app.ids.demo).await;
    let code = format!("PED-R{n}");
    let customer = format!("Fazenda {n}");
    let product = format!("SOJA {n}");
    let spec = fixtures::OrderSpec::new(&code, 100.0)
        .customer(70 + n, &customer)
        .product(10 + n, &product)
        .shipping(shipping);
    fixtures::order(&usuario, spec).await.id
}

/// The driver joins on Monday 09:00 with `loading` of `order`, is marked missing, and the
/// expedition asks to rescue it with `weight` t, `minutes` after 09:00.
async fn asked(
    app: &TestApp,
    exp: &common::Client,
    (driver, loading, order): (i64, i64, i64),
    weight: f64,
    minutes: i64,
) {
    at(app, MONDAY_0900);
    let q = fixtures::join(
        app,
        driver,
        app.ids.demo,
        json!({ "scheduling": { "id": loading } }),
    )
    .await;
    mark_missing(app, q, MONDAY_0900);
    let when = chrono::DateTime::parse_from_rfc3339(MONDAY_0900).unwrap()
        + chrono::Duration::minutes(minutes);
    at(app, &when.to_rfc3339());
    exp.post(
        SAVE,
        json!({ "queue": { "id": q }, "order": { "id": order }, "netWeight": weight }),
    )
    .await
    .expect(StatusCode::CREATED);
}

/// `PLAIN_ADMIN`, created by the root administrator.
async fn plain_admin(app: &TestApp) {
    fixtures::plain_admin(app, "Admin Dois", PLAIN_ADMIN).await;
}

const SAVE: &str = "/api/queue-restore/save";
const LIST: &str = "/api/queue-restore";
const RESTORE: &str = "/api/queue-restore/restore";

/// The `g`-th pair of `add_drivers(.., tag)`, its truck carried by the demo's shipping company.
fn carried_pair(app: &TestApp, g: i64, tag: i64) -> (i64, i64) {
    add_pair(app, app.ids.demo, g, tag, (None, Some(app.ids.shipping)))
}

/// A loading of `tonnes` on `order` for the pair until 2026-03-20, saved by the Usuario (carried
/// by the truck's shipping company).
async fn loading(app: &TestApp, order: i64, (driver, truck): (i64, i64), tonnes: f64) -> i64 {
    let usuario = app.usuario_of(app.ids.demo).await;
    fixtures::loading(&usuario, order, truck, driver, tonnes, Some("2026-03-20")).await
}

/// What the product cannot do through the API yet: the expedition marking a vehicle missing.
// why: no call marks a vehicle missing yet (the plan reads it as the expedition's fault).
fn mark_missing(app: &TestApp, entry: i64, at: &str) {
    app.sql(&format!(
        "UPDATE queue_entries SET status = 'faulty', closed_at = '{at}', position = 0
          WHERE id = {entry}"
    ));
}

fn text(app: &TestApp, sql: &str) -> String {
    app.scalar_text(sql)
}

fn rescues_count(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT count(*) AS v FROM queue_restores")
}

#[actix_web::test]
async fn the_dispatch_asks_the_root_administrator_approves_and_the_order_follows() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    plain_admin(&app).await;
    let anon = app.anonymous().await;
    let (a, waiting, old) = (
        carried_pair(&app, 1, 1),
        carried_pair(&app, 2, 1),
        carried_pair(&app, 4, 1),
    );
    let free = add_pair(&app, app.ids.demo, 3, 1, (None, None));
    let ped = order(&app, 1).await;
    let la = loading(&app, ped, a, 30.0).await;
    let lw = loading(&app, ped, waiting, 30.0).await;
    let lo = loading(&app, ped, old, 30.0).await;
    let qa = fixtures::join(
        &app,
        a.0,
        app.ids.demo,
        json!({ "scheduling": { "id": la } }),
    )
    .await;
    let qw = fixtures::join(
        &app,
        waiting.0,
        app.ids.demo,
        json!({ "scheduling": { "id": lw } }),
    )
    .await;
    let qf = fixtures::join(
        &app,
        free.0,
        app.ids.demo,
        json!({ "truck": { "id": free.1 } }),
    )
    .await;
    let qo = fixtures::join(
        &app,
        old.0,
        app.ids.demo,
        json!({ "scheduling": { "id": lo } }),
    )
    .await;
    mark_missing(&app, qa, MONDAY_0900);
    mark_missing(&app, qf, MONDAY_0900);
    // Missing on the Saturday before: not in today's list.
    mark_missing(&app, qo, "2026-02-28T15:00:00Z");
    let exp = app.staff(EXP).await;
    let body =
        |q: i64, w: f64| json!({ "queue": { "id": q }, "order": { "id": ped }, "netWeight": w });

    // Roles: not Espectador, Portaria nor Transportadora; another company's entry is 404.
    for (email, status) in [
        ("espectador@patio.local", StatusCode::FORBIDDEN),
        ("portaria@patio.local", StatusCode::FORBIDDEN),
        (TRANSP, StatusCode::FORBIDDEN),
        (OTHER, StatusCode::NOT_FOUND),
    ] {
        let (s, b) = app
            .staff(email)
            .await
            .post(SAVE, body(qa, 28.5))
            .await
            .pair();
        assert_eq!(s, status, "{email} {b}");
    }
    let (s, _) = anon.post(SAVE, body(qa, 28.5)).await.pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _) = exp.post(SAVE, body(999_999, 28.5)).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);

    // Each refusal, verbatim, and nothing written.
    let weight = "Informe um peso maior que zero (até 99,999 t).";
    for w in [0.0, -1.0, 100.0] {
        exp.post(SAVE, body(qa, w))
            .await
            .expect_containing(StatusCode::UNPROCESSABLE_ENTITY, weight);
    }
    let (s, b) = exp.post(SAVE, json!({ "netWeight": 2 })).await.pair();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert!(b.to_string().contains("Veículo é obrigatório!"), "{b}");
    let other_order = order(&app, 2).await;
    exp.post(
        SAVE,
        json!({ "queue": { "id": qa }, "order": { "id": other_order }, "netWeight": 28.5 }),
    )
    .await
    .expect_containing(
        StatusCode::UNPROCESSABLE_ENTITY,
        "O pedido informado não é o do agendamento do veículo.",
    );
    exp.post(SAVE, body(qw, 28.5)).await.expect_containing(
        StatusCode::CONFLICT,
        "Apenas veículos faltosos podem ser recuperados.",
    );
    exp.post(SAVE, body(qo, 28.5)).await.expect_containing(
        StatusCode::CONFLICT,
        "Apenas faltosos de hoje podem ser recuperados.",
    );
    // A freelancer has no loading: the order it loaded for must be named (issue 22).
    exp.post(SAVE, json!({ "queue": { "id": qf }, "netWeight": 28.5 }))
        .await
        .expect_containing(StatusCode::UNPROCESSABLE_ENTITY, "Pedido é obrigatório!");
    assert_eq!(rescues_count(&app), 0);

    // The dispatcher sends it: 'Solicitação enviada'; pending in the database.
    let (s, b) = exp.post(SAVE, body(qa, 28.5)).await.pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!(b["message"], "Solicitação enviada");
    let rescue = b["id"].as_i64().unwrap();
    assert_eq!(
        text(
            &app,
            &format!(
                "SELECT concat_ws('|', order_id, queue_entry_id, driver_id, truck_id,
                                  qty_transported, status, restored_at IS NULL) AS v
                   FROM queue_restores WHERE id = {rescue}"
            )
        ),
        format!("{ped}|{qa}|{}|{}|28.500|f|t", a.0, a.1)
    );
    // The entry and the loading are untouched until the approval.
    assert_eq!(
        text(
            &app,
            &format!("SELECT status AS v FROM queue_entries WHERE id = {qa}")
        ),
        "faulty"
    );
    exp.post(SAVE, body(qa, 20.0)).await.expect_containing(
        StatusCode::CONFLICT,
        "Já existe uma solicitação de resgate para este veículo.",
    );
    assert_eq!(rescues_count(&app), 1);

    // The list: administrators with the carrier, Usuario and Transportadora without it;
    // another company sees nothing; the dispatch roles do not read it.
    let (s, b) = app.staff(ROOT).await.get(LIST).await.pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["total"], 1);
    assert_eq!(b["pageSize"], 6);
    let row = &b["items"][0];
    assert_eq!(row["id"], rescue);
    assert_eq!(row["status"], false);
    assert_eq!(row["qtyTransported"], 28.5);
    assert_eq!(row["orderCode"], "PED-R1");
    assert_eq!(row["driverName"], "MOTORISTA 1");
    assert_eq!(row["shippingCompanyName"], "Transportadora Demo");
    assert_eq!(row["companyName"], "Demo Agro");
    for email in [USUARIO, TRANSP] {
        let (s, b) = app.staff(email).await.get(LIST).await.pair();
        assert_eq!(s, StatusCode::OK, "{email} {b}");
        assert_eq!(b["total"], 1, "{email}");
        assert_eq!(b["items"][0]["shippingCompanyName"], Value::Null, "{email}");
    }
    let (_, b) = app.staff(OTHER).await.get(LIST).await.pair();
    assert_eq!(b["total"], 0);
    let demo = app.ids.demo;
    let (s, _) = app
        .staff(OTHER)
        .await
        .get(&format!("{LIST}?companyId={demo}"))
        .await
        .pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    for email in [EXP, "espectador@patio.local", "portaria@patio.local"] {
        let (s, _) = app.staff(email).await.get(LIST).await.pair();
        assert_eq!(s, StatusCode::FORBIDDEN, "{email}");
    }
    let (s, _) = anon.get(LIST).await.pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    // 'Buscar Resgate': plate, driver or order.
    let plate = text(
        &app,
        &format!("SELECT license_plate AS v FROM trucks WHERE id = {}", a.1),
    );
    for (q, n) in [
        (plate.as_str(), 1),
        ("ped-r1", 1),
        ("motorista 1", 1),
        ("nada", 0),
    ] {
        // Every company (the root administrator) and one company's, looked up another way.
        for email in [ROOT, USUARIO, TRANSP] {
            let (_, b) = app
                .staff(email)
                .await
                .get(&format!("{LIST}?search={}", q.replace(' ', "%20")))
                .await
                .pair();
            assert_eq!(b["total"], n, "{email} {q}");
            assert_eq!(
                b["items"].as_array().map(Vec::len),
                Some(n as usize),
                "{email} {q}"
            );
        }
    }

    // The approval: root administrators only.
    let approve = json!({ "id": rescue, "company": { "id": demo } });
    for email in [USUARIO, EXP, TRANSP, PLAIN_ADMIN, "espectador@patio.local"] {
        let (s, b) = app
            .staff(email)
            .await
            .put(RESTORE, approve.clone())
            .await
            .pair();
        assert_eq!(s, StatusCode::FORBIDDEN, "{email} {b}");
    }
    let root = app.staff(ROOT).await;
    let (s, _) = root.put(RESTORE, json!({ "id": 999_999 })).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(
        text(
            &app,
            &format!("SELECT status AS v FROM queue_entries WHERE id = {qa}")
        ),
        "faulty"
    );
    let (s, b) = root.put(RESTORE, approve.clone()).await.pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["message"], "Aprovação realizada com sucesso");
    assert_eq!(b["queueStatus"], "attended");
    assert_eq!(b["orderStatus"], 28);

    // What landed: the entry attended when it was missed, the loading closed with the
    // tonnage, the order's status, the rescue approved, the ATT_QUEUE log.
    assert_eq!(
        text(
            &app,
            &format!(
                "SELECT concat_ws('|', status, attended, attended_at = '{MONDAY_0900}') AS v
                   FROM queue_entries WHERE id = {qa}"
            )
        ),
        "attended|t|t"
    );
    assert_eq!(
        text(
            &app,
            &format!(
                "SELECT concat_ws('|', status, qty_transported, exped_date = '{MONDAY_0900}') AS v
                   FROM schedulings WHERE id = {la}"
            )
        ),
        "t|28.500|t"
    );
    assert_eq!(
        text(
            &app,
            &format!("SELECT status::text AS v FROM orders WHERE id = {ped}")
        ),
        "28.00"
    );
    assert_eq!(
        text(
            &app,
            &format!("SELECT concat_ws('|', status, restored_at = '{MONDAY_0900}') AS v FROM queue_restores WHERE id = {rescue}")
        ),
        "t|t"
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {} AND operation_type = 'ATT_QUEUE'",
            a.0
        )),
        1
    );
    // The panel's Atendidos list shows it; the rescue is gone from /recuperar.
    let (_, b) = exp
        .get(&format!("/api/queue/attendeds/{demo}"))
        .await
        .pair();
    assert_eq!(b.as_array().unwrap().len(), 1, "{b}");
    assert_eq!(b[0]["qtyTransported"], 28.5);
    let (_, b) = root.get(LIST).await.pair();
    assert_eq!(b["total"], 0);
    // Twice: refused, nothing changes.
    root.put(RESTORE, approve)
        .await
        .expect_containing(StatusCode::CONFLICT, "Este resgate já foi aprovado.");
    assert_eq!(
        text(
            &app,
            &format!("SELECT status::text AS v FROM orders WHERE id = {ped}")
        ),
        "28.00"
    );
}

#[actix_web::test]
async fn a_rescue_whose_loading_was_finished_meanwhile_is_not_approved() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let a = carried_pair(&app, 1, 2);
    let ped = order(&app, 3).await;
    let la = loading(&app, ped, a, 30.0).await;
    let qa = fixtures::join(
        &app,
        a.0,
        app.ids.demo,
        json!({ "scheduling": { "id": la } }),
    )
    .await;
    mark_missing(&app, qa, MONDAY_0900);
    // The order may be left out: the loading's is used.
    let (s, b) = app
        .staff(USUARIO)
        .await
        .post(SAVE, json!({ "queue": { "id": qa }, "netWeight": 12.345 }))
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let rescue = b["id"].as_i64().unwrap();
    assert_eq!(
        text(&app, &format!("SELECT concat_ws('|', order_id, qty_transported) AS v FROM queue_restores WHERE id = {rescue}")),
        format!("{ped}|12.345")
    );
    // why: the loading finished meanwhile: only the end of the yard's flow finishes one, and
    // that flow needs the vehicle in the yard, not missing.
    app.sql(&format!(
        "UPDATE schedulings SET status = TRUE WHERE id = {la}"
    ));
    app.staff(ROOT)
        .await
        .put(RESTORE, json!({ "id": rescue }))
        .await
        .expect_containing(StatusCode::CONFLICT, "Este carregamento já foi finalizado.");
    assert_eq!(
        text(&app, &format!("SELECT concat_ws('|', q.status, r.status) AS v FROM queue_entries q, queue_restores r WHERE q.id = {qa} AND r.id = {rescue}")),
        "faulty|f"
    );
}

#[actix_web::test]
async fn the_list_has_six_rows_a_page_newest_first() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let demo = app.ids.demo;
    let pairs: Vec<_> = (1..=7).map(|g| carried_pair(&app, g, 3)).collect();
    let ped = order(&app, 4).await;
    let exp = app.staff(EXP).await;
    for (i, (d, t)) in (0..).zip(&pairs) {
        let l = loading(&app, ped, (*d, *t), 10.0).await;
        asked(&app, &exp, (*d, l, ped), 10.0, i).await;
    }
    let root = app.staff(ROOT).await;
    let (_, p1) = root.get(LIST).await.pair();
    assert_eq!(p1["total"], 7);
    assert_eq!(p1["items"].as_array().unwrap().len(), 6);
    assert_eq!(p1["items"][0]["driverName"], "MOTORISTA 7");
    let (_, p2) = root.get(&format!("{LIST}?page=2")).await.pair();
    assert_eq!(p2["page"], 2);
    assert_eq!(p2["items"].as_array().unwrap().len(), 1);
    assert_eq!(p2["items"][0]["driverName"], "MOTORISTA 1");
    // Past the last page the list is empty but still says how many there are.
    let (_, p9) = root.get(&format!("{LIST}?page=9")).await.pair();
    assert_eq!(p9["items"].as_array().unwrap().len(), 0);
    assert_eq!(p9["total"], 7);
    let (_, u) = app
        .staff(USUARIO)
        .await
        .get(&format!("{LIST}?companyId={demo}"))
        .await
        .pair();
    assert_eq!(u["total"], 7);

    // The carrier: the loading's, or else the order's; a Transportadora reads only its own.
    let transp_sc =
        app.scalar_i64("SELECT id AS v FROM shipping_companies WHERE name = 'Transportadora Demo'");
    let other_sc = fixtures::shipping_company_of(&app, demo, 2, "Outra Transportadora").await;
    let ped2 = order_open_to(&app, 5, &[transp_sc]).await;
    // A freelancer's loading (no carrier) and one of a truck of the other carrier.
    let more = [
        add_pair(&app, demo, 1, 5, (None, None)),
        add_pair(&app, demo, 2, 5, (None, Some(other_sc))),
    ];
    let usuario = app.usuario_of(demo).await;
    for (k, (d, t)) in (0..).zip(&more) {
        at(&app, MONDAY_0900);
        let l = fixtures::loading(&usuario, ped2, *t, *d, 30.0, Some("2026-03-20")).await;
        asked(&app, &exp, (*d, l, ped2), 5.0, 60 + k).await;
    }
    let (_, p1) = root.get(LIST).await.pair();
    assert_eq!(p1["total"], 9);
    assert_eq!(
        p1["items"][0]["shippingCompanyName"],
        "Outra Transportadora"
    );
    assert_eq!(p1["items"][1]["shippingCompanyName"], "Transportadora Demo");
    let (_, t) = app.staff(TRANSP).await.get(LIST).await.pair();
    assert_eq!(t["total"], 8, "{t}");
    assert!(t["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["orderCode"] != "PED-R5" || r["driverName"] != "MOTORISTA 2"));
}

fn one(app: &TestApp, sql: &str) -> String {
    text(app, sql)
}

/// Issue 22, spec 3 "Recuperar": a freelancer (no loading, no carrier) marked missing is sent
/// for rescue onto another order of the company chosen in the form; the loading it gets passes
/// the checks of spec 2 section 5 on the server (at the request and again at the approval),
/// and the approval closes that new loading with the tonnage.
#[actix_web::test]
async fn a_missing_freelancer_is_rescued_onto_an_order_chosen_for_it() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let demo = app.ids.demo;
    let free = add_pair(&app, demo, 1, 5, (None, None));
    let carried = [
        carried_pair(&app, 2, 5),
        carried_pair(&app, 3, 5),
        carried_pair(&app, 4, 5),
    ];
    let ped = order(&app, 1).await;
    // An order with 90 of its 100 t committed to other loadings.
    let full = order(&app, 2).await;
    for c in carried {
        loading(&app, full, c, 30.0).await;
    }
    let ped9 = order(&app, 3).await;
    let elsewhere = fixtures::order(
        &app.usuario_of(app.ids.other).await,
        fixtures::OrderSpec::new("PED-OUTRA", 100.0)
            .customer(90, "Fazenda Outra")
            .product(30, "MILHO OUTRA"),
    )
    .await
    .id;
    let qf = fixtures::join(&app, free.0, demo, json!({ "truck": { "id": free.1 } })).await;
    mark_missing(&app, qf, MONDAY_0900);
    // Check 9's case: the freelancer is on PED-R3 through the demo's carrier (its truck's).
    loading(&app, ped9, (free.0, carried[0].1), 10.0).await;
    let exp = app.staff(EXP).await;
    let body =
        |o: i64, w: f64| json!({ "queue": { "id": qf }, "order": { "id": o }, "netWeight": w });

    // The form's choices: the company's enabled open orders with what each can still take;
    // the dispatch roles of the company read them, nobody else.
    let orders_url = format!("/api/queue-restore/orders/{qf}");
    let (s, b) = exp.get(&orders_url).await.pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    let codes: Vec<&str> = b
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["code"].as_str().unwrap())
        .collect();
    for code in ["PED-R1", "PED-R2", "PED-R3"] {
        assert!(codes.contains(&code), "{code} in {codes:?}");
    }
    assert!(!codes.contains(&"PED-OUTRA"), "{codes:?}");
    let full_row = b
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["code"] == "PED-R2")
        .unwrap();
    assert_eq!(full_row["balance"], 10.0);
    assert_eq!(full_row["customerName"], "Fazenda 2");
    let (_, b) = exp
        .get(&format!("{orders_url}?search=Fazenda%201"))
        .await
        .pair();
    assert_eq!(b.as_array().unwrap().len(), 1, "{b}");
    assert_eq!(b[0]["id"], ped);
    for (email, status) in [
        (USUARIO, StatusCode::OK),
        ("espectador@patio.local", StatusCode::FORBIDDEN),
        ("portaria@patio.local", StatusCode::FORBIDDEN),
        (TRANSP, StatusCode::FORBIDDEN),
        (OTHER, StatusCode::NOT_FOUND),
    ] {
        let (s, b) = app.staff(email).await.get(&orders_url).await.pair();
        assert_eq!(s, status, "{email} {b}");
    }

    // The loading checks on the chosen order, each verbatim; nothing written.
    let refusals = [
        (
            full,
            28.5,
            "netWeight",
            "A Capacidade Liquida ultrapassa o Saldo do Pedido.",
        ),
        (
            ped,
            32.0,
            "netWeight",
            "A quantidade ultrapassa a capacidade do veiculo",
        ),
        (
            ped9,
            20.0,
            "driver",
            "Motorista ja vinculado ao pedido por outra transportadora.",
        ),
    ];
    for (o, w, field, message) in refusals {
        let b = exp
            .post(SAVE, body(o, w))
            .await
            .expect_containing(StatusCode::UNPROCESSABLE_ENTITY, message);
        assert!(b.to_string().contains(field), "{field}: {b}");
    }
    let (s, _) = exp.post(SAVE, body(elsewhere, 28.5)).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(rescues_count(&app), 0);

    // Sent onto PED-R1: pending with that order; the entry and the order untouched.
    let (s, b) = exp.post(SAVE, body(ped, 28.5)).await.pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!(b["message"], "Solicitação enviada");
    let rescue = b["id"].as_i64().unwrap();
    assert_eq!(
        one(&app, &format!("SELECT concat_ws('|', order_id, driver_id, truck_id, qty_transported, status) AS v FROM queue_restores WHERE id = {rescue}")),
        format!("{ped}|{}|{}|28.500|f", free.0, free.1)
    );
    assert_eq!(
        one(&app, &format!("SELECT concat_ws('|', status, scheduling_id IS NULL) AS v FROM queue_entries WHERE id = {qf}")),
        "faulty|t"
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM schedulings WHERE order_id = {ped}"
        )),
        0
    );
    let root = app.staff(ROOT).await;
    let (_, b) = root.get(LIST).await.pair();
    assert_eq!(b["total"], 1, "{b}");
    assert_eq!(b["items"][0]["orderCode"], "PED-R1");
    assert_eq!(b["items"][0]["driverName"], "MOTORISTA 1");

    // Approved: the freelancer's loading on PED-R1 is created and closed with the tonnage.
    let (s, b) = root.put(RESTORE, json!({ "id": rescue })).await.pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["queueStatus"], "attended");
    assert_eq!(b["orderId"], ped);
    assert_eq!(b["orderStatus"], 28);
    let loading_id = app.scalar_i64(&format!(
        "SELECT scheduling_id AS v FROM queue_entries WHERE id = {qf} AND status = 'attended'"
    ));
    assert_eq!(
        one(&app, &format!(
            "SELECT concat_ws('|', order_id, driver_id, truck_id, shipping_company_id IS NULL,
                              qty_ordered, qty_transported, status, exped_date = '{MONDAY_0900}') AS v
               FROM schedulings WHERE id = {loading_id}"
        )),
        format!("{ped}|{}|{}|t|28.500|28.500|t|t", free.0, free.1)
    );
    assert_eq!(
        one(
            &app,
            &format!("SELECT status::text AS v FROM orders WHERE id = {ped}")
        ),
        "28.00"
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {} AND operation_type = 'ATT_QUEUE'",
            free.0
        )),
        1
    );
    // The driver's history says he was added to the order, as a loading made on the screen does.
    assert_eq!(
        one(&app, &format!(
            "SELECT concat_ws('|', data->'scheduling'->>'id', data->'truck'->>'id') AS v
               FROM driver_logs
              WHERE driver_id = {} AND operation_type = 'IN_ORDER' AND data->>'orderCode' = 'PED-R1'",
            free.0
        )),
        format!("{loading_id}|{}", free.1)
    );
    let (_, b) = exp
        .get(&format!("/api/queue/attendeds/{demo}"))
        .await
        .pair();
    let row = b
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == qf)
        .unwrap_or_else(|| panic!("{b}"));
    assert_eq!(row["orderCode"], "PED-R1");
    assert_eq!(row["qtyTransported"], 28.5);
}

/// The approval of a freelancer's rescue runs the loading checks again: an order that filled
/// up after the request refuses it, and nothing is written.
#[actix_web::test]
async fn a_freelancer_s_rescue_is_refused_at_approval_when_the_order_filled_up_meanwhile() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let demo = app.ids.demo;
    let free = add_pair(&app, demo, 1, 6, (None, None));
    let ped = order(&app, 4).await;
    let qf = fixtures::join(&app, free.0, demo, json!({ "truck": { "id": free.1 } })).await;
    mark_missing(&app, qf, MONDAY_0900);
    let exp = app.staff(EXP).await;
    let rescue = exp
        .post(
            SAVE,
            json!({ "queue": { "id": qf }, "order": { "id": ped }, "netWeight": 20.0 }),
        )
        .await
        .id(StatusCode::CREATED);
    for g in 2..=4 {
        let c = carried_pair(&app, g, 6);
        loading(&app, ped, c, 30.0).await;
    }
    let loadings = app.scalar_i64("SELECT count(*) AS v FROM schedulings");
    app.staff(ROOT)
        .await
        .put(RESTORE, json!({ "id": rescue }))
        .await
        .expect_containing(
            StatusCode::UNPROCESSABLE_ENTITY,
            "A Capacidade Liquida ultrapassa o Saldo do Pedido.",
        );
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM schedulings"),
        loadings
    );
    assert_eq!(
        one(&app, &format!("SELECT concat_ws('|', status, scheduling_id IS NULL) AS v FROM queue_entries WHERE id = {qf}")),
        "faulty|t"
    );
    assert_eq!(
        one(
            &app,
            &format!("SELECT status::text AS v FROM queue_restores WHERE id = {rescue}")
        ),
        "false"
    );
}

/// Issue 28: the rescues' search reads the driver's name kept on the rescue (a trigram index
/// over the pending rescues, migration 20261208002800), which follows the driver's name: after
/// a rename (as the driver's edit or an erasure writes it) every role finds the rescue by the
/// new name, with or without accents, and no longer by the old one.
#[actix_web::test]
async fn a_rescue_is_searched_by_its_drivers_current_name() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let pairs: Vec<_> = (1..=2).map(|g| carried_pair(&app, g, 3)).collect();
    let ped = order(&app, 4).await;
    let exp = app.staff(EXP).await;
    for (i, (d, t)) in (0..).zip(&pairs) {
        let l = loading(&app, ped, (*d, *t), 10.0).await;
        asked(&app, &exp, (*d, l, ped), 10.0, i).await;
    }
    let found = |q: &'static str| {
        let app = &app;
        async move {
            let mut totals = Vec::new();
            for email in [ROOT, USUARIO, TRANSP] {
                let (s, b) = app
                    .staff(email)
                    .await
                    .get(&format!("{LIST}?search={q}"))
                    .await
                    .pair();
                assert_eq!(s, StatusCode::OK, "{email} {q} {b}");
                let names: Vec<_> = b["items"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| r["driverName"].as_str().unwrap().to_owned())
                    .collect();
                assert_eq!(b["total"], names.len(), "{email} {q}");
                totals.push(names);
            }
            totals
        }
    };
    let two = vec!["MOTORISTA 2".to_owned()];
    assert_eq!(
        found("motorista%202").await,
        [two.clone(), two.clone(), two]
    );
    let driver = pairs[1].0;
    app.sql(&format!(
        "UPDATE drivers SET name = 'JOSÉ RENOMEADO' WHERE id = {driver}"
    ));
    assert_eq!(
        text(
            &app,
            &format!("SELECT driver_name_fold AS v FROM queue_restores WHERE driver_id = {driver}")
        ),
        "jose renomeado"
    );
    let renamed = vec!["JOSÉ RENOMEADO".to_owned()];
    for q in ["jos%C3%A9%20renomeado", "JOSE%20RENOMEADO"] {
        assert_eq!(
            found(q).await,
            [renamed.clone(), renamed.clone(), renamed.clone()],
            "{q}"
        );
    }
    let none: Vec<String> = Vec::new();
    assert_eq!(
        found("motorista%202").await,
        [none.clone(), none.clone(), none]
    );
    // The other rescue keeps its driver's name.
    let one = vec!["MOTORISTA 1".to_owned()];
    assert_eq!(
        found("motorista%201").await,
        [one.clone(), one.clone(), one]
    );
}
