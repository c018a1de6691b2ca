//! The driver app's own calls (issue 14, spec 3 sections 2, 5 and 8):
//! - `POST /scheduling/refuse/{id}`, a driver refusing one of its authorised orders ('Recusado
//!   com sucesso!'). Only the driver whose loading it is may refuse it: staff 403, another
//!   driver (of the same company or of another) 404; a loading in the queue, started or
//!   finished is refused with 409 and stays.
//! - `POST /driver/app/register`, the registration wizard's personal step: a new driver at an
//!   enabled company, signed in at once (its truck then goes through `PATCH /truck/rebind`);
//!   'Já existe cadastro!' for a CPF already registered; the form's messages; nothing written
//!   on a refusal.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::{json, Value};

use common::{cookie_pair, fixtures, TestApp};
use patio_application::queue::driver_app::{
    REFUSED_MESSAGE, REFUSED_REASON, REFUSE_IN_QUEUE_MESSAGE, REFUSE_STARTED_MESSAGE,
    REGISTERED_MESSAGE, REGISTER_DUPLICATE_MESSAGE,
};
use queue_common::*;

/// Two open loadings of the demo driver with the demo truck (order PED-1, 16 t and 10 t, until
/// 2026-03-10), saved by the Usuario.
async fn two_loadings(app: &TestApp) -> (i64, i64) {
    let truck = demo_truck(app);
    let usuario = app.usuario_of(app.ids.demo).await;
    let spec = fixtures::OrderSpec::new("PED-1", 100.0).customer(1, "Fazenda Boa Vista");
    let order = fixtures::order(&usuario, spec).await.id;
    let d = app.ids.driver;
    (
        fixtures::loading(&usuario, order, truck, d, 16.0, Some("2026-03-10")).await,
        fixtures::loading(&usuario, order, truck, d, 10.0, Some("2026-03-10")).await,
    )
}

fn open_loadings(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT count(*) AS v FROM schedulings")
}

fn refused_rows(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT count(*) AS v FROM deleted_schedulings")
}

#[actix_web::test]
async fn a_driver_refuses_its_own_authorised_order_and_it_leaves_the_list() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let (first, second) = two_loadings(&app).await;
    let me = app.driver_id(app.ids.driver, app.ids.demo).await;

    let (s, b) = me
        .post_empty(&format!("/api/scheduling/refuse/{first}"))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b, json!({ "id": first, "message": REFUSED_MESSAGE }));
    assert_eq!(REFUSED_MESSAGE, "Recusado com sucesso!");

    // What landed: the loading left `schedulings` for the deleted loadings, with its reason.
    assert_eq!(open_loadings(&app), 1);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT reason || ' ' || driver_id || ' ' || qty_ordered::int AS v
               FROM deleted_schedulings WHERE scheduling_id = {first}"
        )),
        format!("{REFUSED_REASON} {} 16", app.ids.driver)
    );

    // The driver's lists: the refused order is gone from the authorised ones and listed with
    // the expired/left ones.
    let (s, list) = me
        .get(&format!("/api/scheduling/driver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK);
    let ids: Vec<i64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![second]);
    let (_, gone) = me
        .get(&format!("/api/schedulingDeleted/driver/{}", app.ids.driver))
        .await
        .pair();
    assert_eq!(gone[0]["reason"], REFUSED_REASON);
    assert_eq!(gone[0]["order"]["code"], "PED-1");

    // Refusing it again: it is not the driver's loading any more.
    let (s, b) = me
        .post_empty(&format!("/api/scheduling/refuse/{first}"))
        .await
        .pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(b["code"], "not_found");
    assert_eq!(refused_rows(&app), 1);
}

#[actix_web::test]
async fn only_the_loadings_driver_may_refuse_it() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let anon = app.anonymous().await;
    let (first, _) = two_loadings(&app).await;
    let uri = format!("/api/scheduling/refuse/{first}");

    // Without a session.
    let (s, b) = anon.post_empty(&uri).await.pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{b}");

    // Staff of the company, even an administrator: 403 with the roles' message.
    for email in [
        "usuario@patio.local",
        "admin@patio.local",
        "expedicao@patio.local",
    ] {
        let staff = app.staff(email).await;
        let (s, b) = staff.post_empty(&uri).await.pair();
        assert_eq!(s, StatusCode::FORBIDDEN, "{email}: {b}");
        assert_eq!(b["message"], patio_domain::roles::NOT_ALLOWED_MESSAGE);
    }

    // Another driver of the same company, and a driver of another company: 404.
    let pairs = add_drivers(&app, app.ids.demo, 1, 1);
    let neighbour = app.driver_id(pairs[0].0, app.ids.demo).await;
    let (s, b) = neighbour.post_empty(&uri).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND, "{b}");
    assert_eq!(b["code"], "not_found");
    let stranger = app.driver_id(app.ids.other_driver, app.ids.other).await;
    let (s, _) = stranger.post_empty(&uri).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    // An id that does not exist.
    let me = app.driver_id(app.ids.driver, app.ids.demo).await;
    let (s, _) = me.post_empty("/api/scheduling/refuse/999999").await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    // Not a number: a 4xx with a pt-BR message, nothing changed.
    let (s, b) = me.post_empty("/api/scheduling/refuse/abc").await.pair();
    assert!(s.is_client_error(), "{s} {b}");

    assert_eq!(open_loadings(&app), 2);
    assert_eq!(refused_rows(&app), 0);
}

#[actix_web::test]
async fn a_loading_in_the_queue_started_or_finished_cannot_be_refused() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let (first, second) = two_loadings(&app).await;
    let me = app.driver_id(app.ids.driver, app.ids.demo).await;

    // In the queue with the first: refusing it is refused, and the entry keeps it.
    let (s, b) = me
        .post("/api/queue/save", json!({ "scheduling": { "id": first } }))
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = me
        .post_empty(&format!("/api/scheduling/refuse/{first}"))
        .await
        .pair();
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["message"], REFUSE_IN_QUEUE_MESSAGE);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM queue_entries WHERE scheduling_id = {first}"
        )),
        1
    );

    // Started by the yard, then finished: refused, the loading stays.
    // why: the yard starts only a loading in the queue, and this driver is already in it with
    // the first one.
    app.sql(&format!(
        "UPDATE schedulings SET exped_initial_date = now() WHERE id = {second}"
    ));
    let uri = format!("/api/scheduling/refuse/{second}");
    let (s, b) = me.post_empty(&uri).await.pair();
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["message"], REFUSE_STARTED_MESSAGE);
    // why: finished alone (no start), so the refusal is shown to follow the finish too; only
    // the end of the yard's flow finishes a loading.
    app.sql(&format!(
        "UPDATE schedulings SET exped_initial_date = NULL, status = TRUE WHERE id = {second}"
    ));
    let (s, b) = me.post_empty(&uri).await.pair();
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["message"], REFUSE_STARTED_MESSAGE);

    assert_eq!(open_loadings(&app), 2);
    assert_eq!(refused_rows(&app), 0);
}

/// The wizard's personal step for company `company`.
fn register_body(company: i64, name: &str, cpf: &str) -> Value {
    json!({
        "name": name, "cpf": cpf, "cnh": "12345678901", "birthDate": "1991-05-10",
        "company": { "id": company },
        "contact": [{ "name": name, "fone": "(65) 9 9999-8888", "email": "joao@exemplo.com" }],
        "recaptcha_token": "",
    })
}

fn drivers(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT count(*) AS v FROM drivers")
}

#[actix_web::test]
async fn a_driver_registers_itself_is_signed_in_and_adds_its_truck() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (s, b, cookies) = anon
        .post(
            "/api/driver/app/register",
            register_body(app.ids.demo, "joão da silva", "390.533.447-05"),
        )
        .await
        .parts();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!(b["message"], REGISTERED_MESSAGE);
    assert_eq!(REGISTERED_MESSAGE, "Cadastro realizado com sucesso");
    assert_eq!(b["name"], "JOÃO DA SILVA");
    assert!(
        b.get("accessToken").is_none(),
        "the token goes in the cookie only"
    );
    let id = b["id"].as_i64().unwrap();

    // What landed: the driver at the company, enabled, its contact and the REG_DRIVER log.
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT name || ' ' || cpf || ' ' || company_id || ' ' || is_enabled || ' ' || birth_date AS v
               FROM drivers WHERE id = {id}"
        )),
        format!("JOÃO DA SILVA 39053344705 {} true 1991-05-10", app.ids.demo)
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {id} AND operation_type = 'REG_DRIVER'"
        )),
        1
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM contacts WHERE driver_id = {id} AND email = 'joao@exemplo.com'"
        )),
        1
    );

    // Signed in: the session is the new driver's, and its truck step works with it.
    let cookie = anon.with_cookie(&cookie_pair(&cookies, "patio_driver"));
    let (s, session, _) = cookie.get("/api/auth/app/session").await.parts();
    assert_eq!(s, StatusCode::OK, "{session}");
    assert_eq!(session["id"], id);
    let model = app.scalar_i64("SELECT id AS v FROM truck_models WHERE name = 'FH 540'");
    let (s, truck, _) = cookie.patch("/api/truck/rebind", json!({
                "licensePlate": "JOA1B23", "renavam": "12345678901", "owner": "JOÃO DA SILVA",
                "implementType": "TRUCK", "shaftQuantity": 3, "grossCapacity": 23, "netCapacity": 16,
                "vehicleModel": { "id": model }, "color": "#1F6FEB",
            })).await.parts();
    assert!(s.is_success(), "{s} {truck}");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM trucks WHERE driver_id = {id} AND license_plate = 'JOA1B23'"
        )),
        1
    );
}

#[actix_web::test]
async fn a_registration_is_refused_for_a_known_cpf_bad_fields_or_an_unknown_company() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let before = drivers(&app);
    let register = |body: Value| {
        TestRequest::post()
            .uri("/api/driver/app/register")
            .set_json(body)
    };

    // The demo driver's CPF, even at another company: 'Já existe cadastro!'.
    for company in [app.ids.demo, app.ids.other] {
        let (s, b, cookies) = anon
            .send(register(register_body(
                company,
                "Outro Nome",
                common::DEMO_CPF,
            )))
            .await
            .parts();
        assert_eq!(s, StatusCode::CONFLICT, "{b}");
        assert_eq!(b["code"], "duplicate");
        assert_eq!(b["message"], REGISTER_DUPLICATE_MESSAGE);
        assert_eq!(REGISTER_DUPLICATE_MESSAGE, "Já existe cadastro!");
        assert!(cookies.iter().all(|c| !c.starts_with("patio_driver=")));
    }

    // The form's messages (spec 3 section 5).
    let (s, b, _) = anon
        .send(register(register_body(app.ids.demo, "", "")))
        .await
        .parts();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["fields"]["name"], "Nome é obrigatório!");
    assert_eq!(b["fields"]["cpf"], "Número de CPF é obrigatório!");
    let (s, b, _) = anon
        .send(register(register_body(
            app.ids.demo,
            "Fulano",
            "390.533.447-06",
        )))
        .await
        .parts();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["fields"]["cpf"], "Cpf Inválido");
    let (s, b, _) = anon
        .send(register(register_body(
            app.ids.demo,
            &"N".repeat(81),
            "390.533.447-05",
        )))
        .await
        .parts();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["fields"]["name"], "Tamanho máximo de 80 caracteres");
    let mut no_birth = register_body(app.ids.demo, "Fulano", "390.533.447-05");
    no_birth["birthDate"] = json!("");
    let (s, b, _) = anon.send(register(no_birth)).await.parts();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(
        b["fields"]["birthDate"],
        "Data de nascimento é obrigatório!"
    );

    // A company that does not exist, or is disabled.
    let (s, b, _) = anon
        .send(register(register_body(999_999, "Fulano", "390.533.447-05")))
        .await
        .parts();
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["message"], "Empresa não encontrada.");
    // The root administrator disables the other company on its form.
    let admin = app.admin().await;
    let mut company = admin
        .get(&format!("/api/company/{}", app.ids.other))
        .await
        .expect(StatusCode::OK);
    company["status"] = json!(false);
    admin
        .post("/api/company/create", company)
        .await
        .expect(StatusCode::OK);
    let (s, _, _) = anon
        .send(register(register_body(
            app.ids.other,
            "Fulano",
            "390.533.447-05",
        )))
        .await
        .parts();
    assert_eq!(s, StatusCode::CONFLICT);

    // Nothing was written.
    assert_eq!(drivers(&app), before);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM driver_logs WHERE operation_type = 'REG_DRIVER'"),
        0
    );
}

#[actix_web::test]
async fn the_wizard_reads_brands_and_models_without_a_session() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (s, brands, _) = anon.get("/api/driver/app/truck-brands").await.parts();
    assert_eq!(s, StatusCode::OK, "{brands}");
    let volvo = brands
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "Volvo")
        .expect("the seeded brand")["id"]
        .as_i64()
        .unwrap();
    let (s, models, _) = anon
        .get(&format!("/api/driver/app/truck-models/{volvo}"))
        .await
        .parts();
    assert_eq!(s, StatusCode::OK);
    assert!(models
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["name"] == "FH 540"));
    let (s, _, _) = anon
        .get("/api/driver/app/truck-models/999999")
        .await
        .parts();
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn a_driver_reads_its_own_profile_and_staff_may_not() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let me = app.driver_id(app.ids.driver, app.ids.demo).await;
    let (s, b) = me.get("/api/driver/app/profile").await.pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["id"], app.ids.driver);
    assert_eq!(b["name"], "MOTORISTA DEMO");
    assert_eq!(b["birthDate"], "1990-01-15");
    assert!(b["authorization"].is_array());
    // Another company's driver reads its own, never the demo driver's.
    let other = app.driver_id(app.ids.other_driver, app.ids.other).await;
    let (s, b) = other.get("/api/driver/app/profile").await.pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["id"], app.ids.other_driver);
    let usuario = app.usuario_of(app.ids.demo).await;
    let (s, b) = usuario.get("/api/driver/app/profile").await.pair();
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_eq!(b["message"], patio_domain::roles::NOT_ALLOWED_MESSAGE);
    let (s, _) = anon.get("/api/driver/app/profile").await.pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}
