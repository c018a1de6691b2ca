//! Carriers' integration (issue 26): API keys, the v1 made with them, idempotent writes and
//! signed webhooks delivered to a real HTTP receiver on loopback.

use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use chrono::Duration;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::common::{fixtures, Client, Res, TestApp};
use crate::queue_common::{add_pair, at, now, open_for_freelancers, MONDAY_0900};

const QUEUE: &str = "/api/integration/v1/queue";
const LOADINGS: &str = "/api/integration/v1/loadings";

// ---- Helpers.

/// A key made by `by` through the API; (id, key text).
async fn key_of(by: &Client, name: &str) -> (i64, String) {
    let body = by
        .post("/api/integration/keys", json!({ "name": name }))
        .await
        .expect(StatusCode::CREATED);
    (
        body["id"].as_i64().unwrap(),
        body["key"].as_str().unwrap().to_owned(),
    )
}

async fn with_key(client: &Client, key: &str, method: &str, uri: &str, body: Option<Value>) -> Res {
    let req = match method {
        "GET" => TestRequest::get(),
        "POST" => TestRequest::post(),
        "PUT" => TestRequest::put(),
        "DELETE" => TestRequest::delete(),
        other => panic!("{other}"),
    }
    .uri(uri)
    .insert_header(("X-Api-Key", key.to_owned()));
    let req = match body {
        Some(b) => req.set_json(b),
        None => req,
    };
    client.send(req).await
}

/// A user's session and an API key it made; `get`/`post`/`call` send with the key alone (no
/// session), as the integrator's system does.
struct Keyed {
    session: Client,
    id: i64,
    key: String,
}

impl Keyed {
    async fn made_by(session: Client, name: &str) -> Self {
        let (id, key) = key_of(&session, name).await;
        Self { session, id, key }
    }

    /// The demo company's Transportadora and its key 'TMS'.
    async fn carrier(app: &TestApp) -> Self {
        Self::made_by(app.transportadora_of(app.ids.demo).await, "TMS").await
    }

    /// A Usuario of `company` and its key 'ERP'.
    async fn company(app: &TestApp, company: i64) -> Self {
        Self::made_by(app.usuario_of(company).await, "ERP").await
    }

    async fn call(&self, method: &str, uri: &str, body: Option<Value>) -> Res {
        with_key(&self.session.anonymous(), &self.key, method, uri, body).await
    }

    async fn get(&self, uri: &str) -> Res {
        self.call("GET", uri, None).await
    }

    async fn post(&self, uri: &str, body: Value) -> Res {
        self.call("POST", uri, Some(body)).await
    }

    /// A POST with an `Idempotency-Key`.
    async fn post_once(&self, uri: &str, body: Value, idempotency: &str) -> Res {
        self.session
            .anonymous()
            .send(
                TestRequest::post()
                    .uri(uri)
                    .insert_header(("X-Api-Key", self.key.clone()))
                    .insert_header(("Idempotency-Key", idempotency.to_owned()))
                    .set_json(body),
            )
            .await
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// One request a receiver got.
#[derive(Debug, Clone)]
struct Received {
    signature: String,
    timestamp: String,
    body: Vec<u8>,
}

impl Received {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

/// A webhook receiver on 127.0.0.1: every POST is recorded and answered 200.
struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    fn start() -> Self {
        Self::on(TcpListener::bind("127.0.0.1:0").unwrap(), None)
    }

    /// A receiver that answers each POST only after `delay`.
    fn slow(delay: std::time::Duration) -> Self {
        Self::on(TcpListener::bind("127.0.0.1:0").unwrap(), Some(delay))
    }

    /// A receiver on a port nobody listens on yet; [`Receiver::come_up`] starts it.
    fn down() -> (String, u16) {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        (format!("http://127.0.0.1:{port}/hook"), port)
    }

    fn come_up(port: u16) -> Self {
        Self::on(TcpListener::bind(("127.0.0.1", port)).unwrap(), None)
    }

    fn on(listener: TcpListener, delay: Option<std::time::Duration>) -> Self {
        let addr = listener.local_addr().unwrap();
        let got = Arc::new(Mutex::new(Vec::new()));
        let sink = got.clone();
        std::thread::spawn(move || {
            actix_rt::System::new().block_on(async move {
                HttpServer::new(move || {
                    let sink = sink.clone();
                    App::new().route(
                        "/hook",
                        web::post().to(move |req: HttpRequest, body: web::Bytes| {
                            let sink = sink.clone();
                            async move {
                                let h = |n: &str| {
                                    req.headers()
                                        .get(n)
                                        .and_then(|v| v.to_str().ok())
                                        .unwrap_or_default()
                                        .to_owned()
                                };
                                if let Some(d) = delay {
                                    actix_rt::time::sleep(d).await;
                                }
                                sink.lock().unwrap().push(Received {
                                    signature: h("x-patio-signature"),
                                    timestamp: h("x-patio-timestamp"),
                                    body: body.to_vec(),
                                });
                                HttpResponse::Ok().finish()
                            }
                        }),
                    )
                })
                .workers(1)
                .listen(listener)
                .unwrap()
                .run()
                .await
                .unwrap();
            });
        });
        Self {
            url: format!("http://{addr}/hook"),
            got,
        }
    }

    fn received(&self) -> Vec<Received> {
        self.got.lock().unwrap().clone()
    }
}

/// The webhook job once, off the async threads (its HTTP client blocks), as the background
/// loop of `patio serve` runs it.
fn run_webhooks(app: &TestApp) -> patio_application::integration::WebhookJobReport {
    let jobs = app.state.services.webhook_jobs.clone();
    std::thread::spawn(move || jobs.run().unwrap())
        .join()
        .unwrap()
}

/// Monday 09:00, freelancers allowed, and two carriers' vehicles ready: (carrier pair,
/// other carrier's pair, other carrier's id).
async fn two_carriers(app: &TestApp) -> ((i64, i64), (i64, i64), i64) {
    open_for_freelancers(app).await;
    at(app, MONDAY_0900);
    let shipping = app.ids.shipping;
    let other = fixtures::shipping_company_of(app, app.ids.demo, 77, "Outra Transportadora").await;
    let ours = add_pair(app, app.ids.demo, 1, 3, (Some(shipping), Some(shipping)));
    let theirs = add_pair(app, app.ids.demo, 2, 3, (Some(other), Some(other)));
    (ours, theirs, other)
}

async fn join_truck(app: &TestApp, pair: (i64, i64)) -> i64 {
    fixtures::join(
        app,
        pair.0,
        app.ids.demo,
        json!({ "truck": { "id": pair.1 } }),
    )
    .await
}

// ---- Keys.

#[actix_rt::test]
async fn a_key_is_shown_once_kept_as_its_hash_and_listed_by_prefix() {
    let app = TestApp::new();
    let transp = app.transportadora_of(app.ids.demo).await;
    let made = transp
        .post("/api/integration/keys", json!({ "name": "TMS da matriz" }))
        .await
        .expect(StatusCode::CREATED);
    let key = made["key"].as_str().unwrap();
    assert!(key.starts_with("patio_") && key.len() == 70, "{made}");
    assert_eq!(made["name"], "TMS da matriz");
    assert!(made["createdAt"].is_string());
    let id = made["id"].as_i64().unwrap();
    // Only the SHA-256 is stored; the text appears nowhere in the table.
    let stored = app.scalar_text(&format!(
        "SELECT key_hash AS v FROM api_keys WHERE id = {id}"
    ));
    assert_eq!(stored, hex(&Sha256::digest(key.as_bytes())));
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM api_keys WHERE row_to_json(api_keys)::text LIKE '%{}%'",
            &key[14..]
        )),
        0
    );
    let list = transp
        .get("/api/integration/keys")
        .await
        .expect(StatusCode::OK);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["prefix"], &key[..14]);
    assert!(list[0]["lastUsedAt"].is_null());
    assert!(list[0].get("key").is_none(), "{list}");
    // Used once: the list shows when.
    let keyed = Keyed {
        session: transp.clone(),
        id,
        key: key.to_owned(),
    };
    keyed.get(QUEUE).await.expect(StatusCode::OK);
    let list = transp
        .get("/api/integration/keys")
        .await
        .expect(StatusCode::OK);
    assert!(list[0]["lastUsedAt"].is_string(), "{list}");
    // Creation is in the staff log.
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM staff_logs WHERE object_type = 'API_KEY' AND operation_type = 'CREATE'"
        ),
        1
    );
    // A name is required.
    transp
        .post("/api/integration/keys", json!({ "name": "  " }))
        .await
        .expect_containing(StatusCode::UNPROCESSABLE_ENTITY, "Informe um nome");
}

#[actix_rt::test]
async fn a_revoked_key_is_401_at_once_on_every_instance() {
    let app = TestApp::new();
    let erp = Keyed::company(&app, app.ids.demo).await;
    // Two instances of the server on the same database.
    let one = app.wiring().anonymous().await;
    let other = app.on(app.state_with_account_memory()).anonymous().await;
    for instance in [&one, &other] {
        with_key(instance, &erp.key, "GET", QUEUE, None)
            .await
            .expect(StatusCode::OK);
    }
    erp.session
        .delete(&format!("/api/integration/keys/{}", erp.id))
        .await
        .expect(StatusCode::OK);
    for instance in [&one, &other] {
        with_key(instance, &erp.key, "GET", QUEUE, None)
            .await
            .expect_message(
                StatusCode::UNAUTHORIZED,
                "Chave de API inválida ou revogada.",
            );
    }
    // Revoked: gone from the list, a second revocation is 404, and both are in the log.
    let list = erp
        .session
        .get("/api/integration/keys")
        .await
        .expect(StatusCode::OK);
    assert_eq!(list, json!([]));
    erp.session
        .delete(&format!("/api/integration/keys/{}", erp.id))
        .await
        .expect(StatusCode::NOT_FOUND);
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM staff_logs WHERE object_type = 'API_KEY' AND operation_type = 'DELETE'"
        ),
        1
    );
    // A made-up key and none at all are 401 too.
    with_key(
        &one,
        &format!("patio_{}", "0".repeat(64)),
        "GET",
        QUEUE,
        None,
    )
    .await
    .expect(StatusCode::UNAUTHORIZED);
    one.get(QUEUE).await.expect(StatusCode::UNAUTHORIZED);
}

#[actix_rt::test]
async fn a_key_is_refused_on_staff_administration_endpoints() {
    let app = TestApp::new();
    // Even an administrator's key (of a company) reaches nothing of the administration.
    let erp = Keyed::company(&app, app.ids.demo).await;
    for (method, uri) in [
        ("GET", "/api/user"),
        ("GET", "/api/company"),
        (
            "GET",
            &format!("/api/settings/company/{}", app.ids.demo) as &str,
        ),
        ("GET", "/api/logs"),
        ("GET", "/api/integration/keys"),
        ("POST", "/api/integration/keys"),
        ("GET", "/api/queue/driver/positions"),
        ("POST", "/api/scheduling/save"),
    ] {
        let body = (method == "POST").then(|| json!({ "name": "x" }));
        erp.call(method, uri, body).await.expect_message(
            StatusCode::FORBIDDEN,
            "Chaves de API só acessam /api/integration/v1 e os webhooks.",
        );
    }
    // A session with a key in the header is refused the same: the key is never ignored.
    with_key(&erp.session, &erp.key, "GET", "/api/user", None)
        .await
        .expect(StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn keys_follow_the_role_and_tenant_matrix() {
    let app = TestApp::new();
    let erp = Keyed::company(&app, app.ids.demo).await;
    let tms = Keyed::carrier(&app).await;
    let other = app.usuario_of(app.ids.other).await;
    for wrong in [
        app.expedicao_of(app.ids.demo).await,
        app.portaria_of(app.ids.demo).await,
        app.admin().await,
    ] {
        wrong
            .post("/api/integration/keys", json!({ "name": "x" }))
            .await
            .expect(StatusCode::FORBIDDEN);
        wrong
            .get("/api/integration/keys")
            .await
            .expect(StatusCode::FORBIDDEN);
        wrong
            .delete(&format!("/api/integration/keys/{}", erp.id))
            .await
            .expect(StatusCode::FORBIDDEN);
    }
    // A driver's session is no staff session.
    app.driver_id(app.ids.driver, app.ids.demo)
        .await
        .post("/api/integration/keys", json!({ "name": "x" }))
        .await
        .expect(StatusCode::UNAUTHORIZED);
    // Another company's user, and the carrier for the company's key (and back): 404.
    for (who, id) in [
        (&other, erp.id),
        (&tms.session, erp.id),
        (&erp.session, tms.id),
    ] {
        who.delete(&format!("/api/integration/keys/{id}"))
            .await
            .expect(StatusCode::NOT_FOUND);
    }
    assert_eq!(
        other
            .get("/api/integration/keys")
            .await
            .expect(StatusCode::OK),
        json!([])
    );
    let theirs = tms
        .session
        .get("/api/integration/keys")
        .await
        .expect(StatusCode::OK);
    assert_eq!(theirs.as_array().unwrap().len(), 1);
    assert_eq!(theirs[0]["id"], tms.id);
}

#[actix_rt::test]
async fn a_key_past_its_rate_limit_is_429() {
    let app = TestApp::new();
    let erp = Keyed::company(&app, app.ids.demo).await;
    erp.get(QUEUE).await.expect(StatusCode::OK);
    // why: 299 more requests of this minute, counted without sending them.
    app.sql(&format!(
        "UPDATE api_keys SET window_count = 300 WHERE id = {}",
        erp.id
    ));
    erp.get(QUEUE).await.expect_message(
        StatusCode::TOO_MANY_REQUESTS,
        "Limite de requisições da chave de API atingido. Tente novamente em um minuto.",
    );
    // A minute later the count starts over.
    *app.clock.0.lock().unwrap() = now(&app) + Duration::seconds(61);
    erp.get(QUEUE).await.expect(StatusCode::OK);
}

#[actix_rt::test]
async fn a_key_stops_when_its_owner_is_disabled_or_moved() {
    let app = TestApp::new();
    let tms = Keyed::carrier(&app).await;
    tms.get(QUEUE).await.expect(StatusCode::OK);
    // why: the administrator disabling the user is another area's form.
    app.sql(&format!(
        "UPDATE users SET is_enabled = FALSE WHERE id = {}",
        app.ids.transp
    ));
    tms.get(QUEUE).await.expect(StatusCode::UNAUTHORIZED);
}

// ---- v1 reads.

#[actix_rt::test]
async fn a_carriers_key_reads_only_its_vehicles_in_the_queue() {
    let app = TestApp::new();
    let (ours, theirs, _) = two_carriers(&app).await;
    join_truck(&app, ours).await;
    join_truck(&app, theirs).await;
    let tms = Keyed::carrier(&app).await;
    let mine = tms.get(QUEUE).await.expect(StatusCode::OK);
    let plates: Vec<&str> = mine
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["licensePlate"].as_str().unwrap())
        .collect();
    assert_eq!(plates, vec!["TQD0001"], "{mine}");
    assert_eq!(mine[0]["position"], 1);
    assert!(mine[0]["forecast"].is_string(), "{mine}");
    let all = Keyed::company(&app, app.ids.demo)
        .await
        .get(QUEUE)
        .await
        .expect(StatusCode::OK);
    assert_eq!(all.as_array().unwrap().len(), 2, "{all}");
    // Another company's key sees none of it.
    let none = Keyed::company(&app, app.ids.other)
        .await
        .get(QUEUE)
        .await
        .expect(StatusCode::OK);
    assert_eq!(none, json!([]));
}

/// Three orders of the demo company, each with a loading of our carrier's truck (newest
/// last), the first also with a loading of the other carrier: (order ids, our loading ids,
/// their loading id).
async fn loadings_of_two_carriers(app: &TestApp) -> (Vec<i64>, Vec<i64>, i64) {
    let (ours, theirs, other) = two_carriers(app).await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let (mut orders, mut mine) = (Vec::new(), Vec::new());
    for (n, code) in [(1, "PED-A"), (2, "PED-B"), (3, "PED-C")] {
        let name = format!("Cliente {code}");
        let spec = fixtures::OrderSpec::new(code, 100.0)
            .customer(n, &name)
            .product(n, "SOJA")
            .shipping(&[app.ids.shipping, other]);
        let order = fixtures::order(&usuario, spec).await.id;
        orders.push(order);
        mine.push(
            fixtures::loading(&usuario, order, ours.1, ours.0, 30.0, Some("2026-03-20")).await,
        );
    }
    let theirs = fixtures::loading(
        &usuario,
        orders[0],
        theirs.1,
        theirs.0,
        20.0,
        Some("2026-03-20"),
    )
    .await;
    // why: the yard's transported tonnes come from finishing a loading, another area's flow.
    app.sql(&format!(
        "UPDATE schedulings SET qty_transported = 12 WHERE id = {}",
        mine[0]
    ));
    (orders, mine, theirs)
}

fn ids_of(page: &Value) -> Vec<i64> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_i64().unwrap())
        .collect()
}

#[actix_rt::test]
async fn v1_orders_and_loadings_are_the_keys_scope_with_their_balance() {
    let app = TestApp::new();
    let (orders, mine, theirs) = loadings_of_two_carriers(&app).await;
    let tms = Keyed::carrier(&app).await;
    let listed = tms
        .get("/api/integration/v1/orders")
        .await
        .expect(StatusCode::OK);
    assert!(listed.to_string().contains("PED-A"), "{listed}");
    // The carrier's whole scope, newest first, paged: only its own loadings.
    let page = tms.get(LOADINGS).await.expect(StatusCode::OK);
    assert_eq!(ids_of(&page), vec![mine[2], mine[1], mine[0]], "{page}");
    assert_eq!(
        (&page["total"], &page["page"], &page["pageSize"]),
        (&json!(3), &json!(1), &json!(20))
    );
    let first = &page["items"][2];
    assert_eq!(first["qtyOrdered"], 30.0);
    assert_eq!(first["qtyTransported"], 12.0);
    assert_eq!(first["truck"]["licensePlate"], "TQD0001");
    // Left on the loading: 30 - 12; on its order: 100 - 12.
    assert_eq!(first["balance"], 18.0);
    assert_eq!(first["orderBalance"], 88.0);
    assert_eq!(page["items"][0]["orderBalance"], 100.0);
    // One order: still only the carrier's loading on it.
    let one = tms
        .get(&format!("{LOADINGS}?orderId={}", orders[0]))
        .await
        .expect(StatusCode::OK);
    assert_eq!(ids_of(&one), vec![mine[0]], "{one}");
    assert_eq!(one["total"], 1);
    // The company's key reads every carrier's loadings.
    let company = Keyed::company(&app, app.ids.demo)
        .await
        .get(LOADINGS)
        .await
        .expect(StatusCode::OK);
    assert_eq!(ids_of(&company), vec![theirs, mine[2], mine[1], mine[0]]);
    // Another company's key: that order is not found, and its scope has no loadings.
    let other = Keyed::company(&app, app.ids.other).await;
    other
        .get(&format!("{LOADINGS}?orderId={}", orders[0]))
        .await
        .expect(StatusCode::NOT_FOUND);
    let none = other.get(LOADINGS).await.expect(StatusCode::OK);
    assert_eq!((ids_of(&none), &none["total"]), (vec![], &json!(0)));
    let orders = other
        .get("/api/integration/v1/orders")
        .await
        .expect(StatusCode::OK);
    assert!(!orders.to_string().contains("PED-A"), "{orders}");
}

#[actix_rt::test]
async fn v1_loadings_are_paged_newest_first() {
    let app = TestApp::new();
    let (_, mine, _) = loadings_of_two_carriers(&app).await;
    let tms = Keyed::carrier(&app).await;
    let mut seen = Vec::new();
    for page in 1..=2 {
        let got = tms
            .get(&format!("{LOADINGS}?page={page}&pageSize=2"))
            .await
            .expect(StatusCode::OK);
        assert_eq!(
            (&got["total"], &got["page"], &got["pageSize"]),
            (&json!(3), &json!(page), &json!(2)),
            "{got}"
        );
        seen.extend(ids_of(&got));
    }
    assert_eq!(seen, vec![mine[2], mine[1], mine[0]]);
    let past = tms
        .get(&format!("{LOADINGS}?page=3&pageSize=2"))
        .await
        .expect(StatusCode::OK);
    assert_eq!((ids_of(&past), &past["total"]), (vec![], &json!(3)));
}

#[actix_rt::test]
async fn v1_loadings_of_an_order_outside_the_carriers_scope_are_404() {
    let app = TestApp::new();
    let (_, _, other) = two_carriers(&app).await;
    let usuario = app.usuario_of(app.ids.demo).await;
    // An order of the demo company open only to the other carrier, and another company's.
    let spec = fixtures::OrderSpec::new("PED-OUTRA", 100.0).shipping(&[other]);
    let not_ours = fixtures::order(&usuario, spec).await.id;
    let elsewhere = fixtures::order(
        &app.usuario_of(app.ids.other).await,
        fixtures::OrderSpec::new("PED-X", 50.0),
    )
    .await
    .id;
    let tms = Keyed::carrier(&app).await;
    for order in [not_ours, elsewhere, 999_999] {
        tms.get(&format!("{LOADINGS}?orderId={order}"))
            .await
            .expect(StatusCode::NOT_FOUND);
    }
    // No key: 401.
    usuario
        .anonymous()
        .get(LOADINGS)
        .await
        .expect(StatusCode::UNAUTHORIZED);
}

// ---- v1 write.

async fn order_for_carrier(app: &TestApp) -> (i64, (i64, i64)) {
    let (ours, _, _) = two_carriers(app).await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let spec = fixtures::OrderSpec::new("PED-API", 100.0).shipping(&[app.ids.shipping]);
    (fixtures::order(&usuario, spec).await.id, ours)
}

/// The body of a v1 loading of `qty` tonnes for our carrier's truck.
fn loading_body(order: i64, ours: (i64, i64), qty: Value) -> Value {
    json!({ "orderId": order, "truckId": ours.1, "driverId": ours.0,
            "qtyOrdered": qty, "expirationDate": "2026-03-20" })
}

#[actix_rt::test]
async fn a_loading_made_with_a_key_passes_the_screens_checks_and_is_logged() {
    let app = TestApp::new();
    let (order, ours) = order_for_carrier(&app).await;
    let tms = Keyed::carrier(&app).await;
    // The screen's check and message: the quantity is required.
    let refused = tms
        .post(LOADINGS, loading_body(order, ours, json!(null)))
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let screen = tms
        .session
        .post(
            "/api/scheduling/save",
            json!([{ "order": { "id": order }, "truck": { "id": ours.1 },
                     "driver": { "id": ours.0 }, "qtyOrdered": null,
                     "expirationDate": "2026-03-20" }]),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.body["message"], screen["message"]);
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 0);
    let made = tms
        .post(LOADINGS, loading_body(order, ours, json!(20)))
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(made["qtyOrdered"], 20.0);
    assert_eq!(made["truck"]["licensePlate"], "TQD0001");
    let title = app.scalar_text(
        "SELECT title AS v FROM staff_logs WHERE object_type = 'SCHEDULING' AND title LIKE '%chave de API%'",
    );
    assert!(
        title.contains("TMS") && title.contains("PED-API"),
        "{title}"
    );
    // Another company's key: the order is not found, nothing is made.
    Keyed::company(&app, app.ids.other)
        .await
        .post(LOADINGS, loading_body(order, ours, json!(5)))
        .await
        .expect(StatusCode::NOT_FOUND);
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 1);
}

#[actix_rt::test]
async fn an_idempotency_replay_returns_the_same_answer_and_creates_one_loading() {
    let app = TestApp::new();
    let (order, ours) = order_for_carrier(&app).await;
    let tms = Keyed::carrier(&app).await;
    let body = loading_body(order, ours, json!(12.5));
    let first = tms.post_once(LOADINGS, body.clone(), "pedido-123-1").await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    assert!(first.header("Idempotent-Replayed").is_none());
    let again = tms.post_once(LOADINGS, body.clone(), "pedido-123-1").await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.bytes, first.bytes);
    assert_eq!(again.header("Idempotent-Replayed").as_deref(), Some("true"));
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 1);
    // The same key with another body is refused; nothing is made.
    let mut changed = body.clone();
    changed["qtyOrdered"] = json!(13);
    tms.post_once(LOADINGS, changed, "pedido-123-1")
        .await
        .expect_containing(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Esta Idempotency-Key já foi usada com outro conteúdo.",
        );
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 1);
    // Another Idempotency-Key is another request: a second loading.
    let second = tms.post_once(LOADINGS, body, "pedido-123-2").await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.body);
    assert_ne!(second.body["id"], first.body["id"]);
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 2);
    // Each write made is in the log once; the replay wrote nothing.
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM staff_logs WHERE title LIKE '%criado pela chave de API%'"
        ),
        2
    );
}

/// Item 4 of the follow-up: the Idempotency-Key's answer and the staff log commit in the
/// loading's transaction, so a write that fails anywhere leaves none of them behind.
#[actix_rt::test]
async fn a_key_write_that_fails_leaves_no_loading_idempotency_record_or_log() {
    let app = TestApp::new();
    let (order, ours) = order_for_carrier(&app).await;
    let tms = Keyed::carrier(&app).await;
    let counts = || {
        [
            "SELECT count(*) AS v FROM schedulings",
            "SELECT count(*) AS v FROM idempotency_keys",
            "SELECT count(*) AS v FROM staff_logs WHERE title LIKE '%chave de API%'",
        ]
        .map(|q| app.scalar_i64(q))
    };
    // Refused by the screen's checks: nothing kept.
    tms.post_once(LOADINGS, loading_body(order, ours, json!(null)), "viagem-1")
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(counts(), [0, 0, 0]);
    // why: the staff log's insert, the transaction's last write, made to fail.
    app.sql(
        "CREATE FUNCTION refuse_key_logs() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF NEW.title LIKE '%chave de API%' THEN RAISE EXCEPTION 'log indisponível'; END IF;
           RETURN NEW;
         END $$;
         CREATE TRIGGER refuse_key_logs BEFORE INSERT ON staff_logs
           FOR EACH ROW EXECUTE FUNCTION refuse_key_logs();",
    );
    let failed = tms
        .post_once(LOADINGS, loading_body(order, ours, json!(20)), "viagem-1")
        .await;
    assert!(failed.status.is_server_error(), "{}", failed.status);
    assert_eq!(counts(), [0, 0, 0]);
    // Sent again with the same key once the log is back: made once, answered and logged.
    app.sql("DROP TRIGGER refuse_key_logs ON staff_logs");
    tms.post_once(LOADINGS, loading_body(order, ours, json!(20)), "viagem-1")
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(counts(), [1, 1, 1]);
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM idempotency_keys WHERE response IS NOT NULL"),
        1
    );
}

// ---- Webhooks.

async fn webhook(by: &Client, url: &str, events: &[&str]) -> (i64, String) {
    let made = by
        .post(
            "/api/integration/webhooks",
            json!({ "url": url, "events": events }),
        )
        .await
        .expect(StatusCode::CREATED);
    (
        made["id"].as_i64().unwrap(),
        made["secret"].as_str().unwrap().to_owned(),
    )
}

#[actix_rt::test]
async fn a_join_of_the_carriers_truck_delivers_a_signed_queue_joined() {
    let app = TestApp::new();
    let (ours, _, _) = two_carriers(&app).await;
    let receiver = Receiver::start();
    let transp = app.transportadora_of(app.ids.demo).await;
    let (hook, secret) = webhook(&transp, &receiver.url, &["queue.joined"]).await;
    let entry = join_truck(&app, ours).await;
    // Nothing is posted inside the join's request: the job delivers after commit.
    assert!(receiver.received().is_empty());
    let report = run_webhooks(&app);
    assert_eq!(report.delivered, 1, "{report:?}");
    let got = receiver.received();
    assert_eq!(got.len(), 1);
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(&got[0].body);
    assert_eq!(
        got[0].signature,
        format!("sha256={}", hex(&mac.finalize().into_bytes()))
    );
    assert_eq!(got[0].timestamp, now(&app).timestamp().to_string());
    let body = got[0].json();
    assert_eq!(body["event"], "queue.joined");
    assert!(body["occurredAt"].is_string());
    assert_eq!(body["data"]["queueId"], entry);
    assert_eq!(body["data"]["licensePlate"], "TQD0001");
    // The delivery is listed as delivered.
    let deliveries = transp
        .get(&format!("/api/integration/webhooks/{hook}/deliveries"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(deliveries[0]["status"], "delivered", "{deliveries}");
    assert_eq!(deliveries[0]["attempts"], 1);
    assert_eq!(deliveries[0]["event"], "queue.joined");
    // A second run sends nothing again.
    assert_eq!(run_webhooks(&app).delivered, 0);
    assert_eq!(receiver.received().len(), 1);
}

#[actix_rt::test]
async fn another_carriers_truck_delivers_nothing() {
    let app = TestApp::new();
    let (_, theirs, _) = two_carriers(&app).await;
    let receiver = Receiver::start();
    let transp = app.transportadora_of(app.ids.demo).await;
    let (hook, _) = webhook(&transp, &receiver.url, &["queue.joined", "queue.left"]).await;
    join_truck(&app, theirs).await;
    let report = run_webhooks(&app);
    assert_eq!(report.fanned_out, 1, "{report:?}");
    assert_eq!(report.delivered, 0);
    assert!(receiver.received().is_empty());
    let deliveries = transp
        .get(&format!("/api/integration/webhooks/{hook}/deliveries"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(deliveries, json!([]));
}

#[actix_rt::test]
async fn a_receiver_down_for_a_while_gets_every_event_afterwards_in_order() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let usuario = app.usuario_of(app.ids.demo).await;
    let (url, port) = Receiver::down();
    let (hook, _) = webhook(
        &usuario,
        &url,
        &["queue.joined", "loading.started", "queue.left"],
    )
    .await;
    // One vehicle joins with a loading, starts loading and goes back to the queue and loads
    // again; two more join.
    let pair = add_pair(&app, app.ids.demo, 1, 4, (None, None));
    let order = fixtures::order(&usuario, fixtures::OrderSpec::new("PED-W", 100.0))
        .await
        .id;
    let loading =
        fixtures::loading(&usuario, order, pair.1, pair.0, 30.0, Some("2026-03-20")).await;
    let entry = fixtures::join(
        &app,
        pair.0,
        app.ids.demo,
        json!({ "scheduling": { "id": loading } }),
    )
    .await;
    let exp = app.expedicao_of(app.ids.demo).await;
    exp.post(
        "/api/attendances/save",
        json!({ "company": { "id": app.ids.demo } }),
    )
    .await
    .expect(StatusCode::CREATED);
    exp.put("/api/queue/start", json!({ "id": entry, "status": true }))
        .await
        .expect(StatusCode::OK);
    exp.put("/api/queue/update", json!({ "id": entry }))
        .await
        .expect(StatusCode::OK);
    exp.put("/api/queue/start", json!({ "id": entry, "status": true }))
        .await
        .expect(StatusCode::OK);
    let others: Vec<i64> = {
        let mut v = Vec::new();
        for g in 2..=3 {
            let p = add_pair(&app, app.ids.demo, g, 4, (None, None));
            v.push(join_truck(&app, p).await);
        }
        v
    };
    // The receiver is down: every first attempt fails, nothing is lost.
    let report = run_webhooks(&app);
    assert_eq!(report.delivered, 0, "{report:?}");
    assert!(report.failed_attempts >= 1, "{report:?}");
    let listed = usuario
        .get(&format!("/api/integration/webhooks/{hook}/deliveries"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(listed.as_array().unwrap().len(), 6, "{listed}");
    let failed = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["attempts"] == 1)
        .unwrap();
    assert_eq!(failed["status"], "pending");
    assert!(failed["lastError"].is_string(), "{failed}");
    // Back up: the vehicles not tried yet go at once; the one that failed waits for its
    // backoff, its later events behind its first.
    let receiver = Receiver::come_up(port);
    assert_eq!(run_webhooks(&app).delivered, 2);
    *app.clock.0.lock().unwrap() = now(&app) + Duration::minutes(2);
    let report = run_webhooks(&app);
    assert_eq!(report.delivered, 4, "{report:?}");
    let got: Vec<Value> = receiver.received().iter().map(Received::json).collect();
    let of = |queue: i64| -> Vec<String> {
        got.iter()
            .filter(|b| b["data"]["queueId"] == queue)
            .map(|b| b["event"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        of(entry),
        vec![
            "queue.joined",
            "loading.started",
            "queue.joined",
            "loading.started"
        ]
    );
    for q in others {
        assert_eq!(of(q), vec!["queue.joined"]);
    }
    // Each vehicle's events in the order they happened (ids grow).
    let ids: Vec<i64> = got
        .iter()
        .filter(|b| b["data"]["queueId"] == entry)
        .map(|b| b["id"].as_i64().unwrap())
        .collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    let listed = usuario
        .get(&format!("/api/integration/webhooks/{hook}/deliveries"))
        .await
        .expect(StatusCode::OK);
    assert!(listed
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["status"] == "delivered"));
}

#[actix_rt::test]
async fn a_delivery_unanswered_for_a_day_is_marked_failed() {
    let app = TestApp::new();
    let (ours, _, _) = two_carriers(&app).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let (url, _port) = Receiver::down();
    let (hook, _) = webhook(&transp, &url, &["queue.joined"]).await;
    join_truck(&app, ours).await;
    run_webhooks(&app);
    *app.clock.0.lock().unwrap() = now(&app) + Duration::hours(24);
    run_webhooks(&app);
    // A day later: a new session.
    let transp = app.transportadora_of(app.ids.demo).await;
    let listed = transp
        .get(&format!("/api/integration/webhooks/{hook}/deliveries"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(listed[0]["status"], "failed", "{listed}");
    assert_eq!(listed[0]["attempts"], 2);
    assert!(listed[0]["nextAttemptAt"].is_null());
}

#[actix_rt::test]
async fn webhooks_follow_the_role_and_tenant_matrix() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let other = app.usuario_of(app.ids.other).await;
    let (hook, _) = webhook(&usuario, "https://tms.example.com/patio", &["queue.joined"]).await;
    let (carrier_hook, _) = webhook(&transp, "https://tms.example.com/t", &["yard.called"]).await;
    for wrong in [
        app.expedicao_of(app.ids.demo).await,
        app.espectador_of(app.ids.demo).await,
        app.admin().await,
    ] {
        wrong
            .post(
                "/api/integration/webhooks",
                json!({ "url": "https://x.example.com", "events": ["queue.joined"] }),
            )
            .await
            .expect(StatusCode::FORBIDDEN);
        wrong
            .get("/api/integration/webhooks")
            .await
            .expect(StatusCode::FORBIDDEN);
        wrong
            .delete(&format!("/api/integration/webhooks/{hook}"))
            .await
            .expect(StatusCode::FORBIDDEN);
        wrong
            .get(&format!("/api/integration/webhooks/{hook}/deliveries"))
            .await
            .expect(StatusCode::FORBIDDEN);
    }
    for (who, id) in [(&other, hook), (&transp, hook), (&usuario, carrier_hook)] {
        who.delete(&format!("/api/integration/webhooks/{id}"))
            .await
            .expect(StatusCode::NOT_FOUND);
        who.get(&format!("/api/integration/webhooks/{id}/deliveries"))
            .await
            .expect(StatusCode::NOT_FOUND);
    }
    assert_eq!(
        other
            .get("/api/integration/webhooks")
            .await
            .expect(StatusCode::OK),
        json!([])
    );
    let listed = transp
        .get("/api/integration/webhooks")
        .await
        .expect(StatusCode::OK);
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert!(listed[0].get("secret").is_none(), "{listed}");
    // The carrier's key manages the carrier's webhooks.
    let by_key = Keyed::made_by(transp.clone(), "TMS")
        .await
        .get("/api/integration/webhooks")
        .await
        .expect(StatusCode::OK);
    assert_eq!(by_key, listed);
    // Bad input: 422 with the field's message, nothing made.
    let bad = usuario
        .post(
            "/api/integration/webhooks",
            json!({ "url": "ftp://x", "events": ["queue.eaten"] }),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        bad.to_string()
            .contains("Informe uma URL http:// ou https:// válida."),
        "{bad}"
    );
    assert!(
        bad.to_string()
            .contains("Escolha ao menos um evento válido."),
        "{bad}"
    );
    // Deleted: gone, logged.
    usuario
        .delete(&format!("/api/integration/webhooks/{hook}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        usuario
            .get("/api/integration/webhooks")
            .await
            .expect(StatusCode::OK),
        json!([])
    );
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM staff_logs WHERE object_type = 'WEBHOOK'"),
        3
    );
}

#[actix_rt::test]
async fn private_and_loopback_webhook_urls_are_refused_by_default() {
    let app = TestApp::new();
    let state = app.state_refusing_private_webhooks();
    let usuario = app.on(state).usuario_of(app.ids.demo).await;
    for url in [
        "http://127.0.0.1:9000/hook",
        "http://localhost/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://10.1.2.3/x",
    ] {
        usuario
            .post(
                "/api/integration/webhooks",
                json!({ "url": url, "events": ["queue.joined"] }),
            )
            .await
            .expect_containing(
                StatusCode::UNPROCESSABLE_ENTITY,
                "Endereços privados, locais ou de loopback não são permitidos para webhooks.",
            );
    }
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM webhooks"), 0);
}

/// Item 4: a receiver that takes longer than the timeout costs the delivery job its 5 s, never
/// the queue: joins made while the job waits on it answer at once (no lock or connection is
/// held while posting), and the attempt is recorded as timed out, to be tried again.
#[actix_rt::test]
async fn a_slow_receiver_never_slows_the_queue() {
    let app = TestApp::new();
    let (ours, _, _) = two_carriers(&app).await;
    let receiver = Receiver::slow(std::time::Duration::from_secs(8));
    let transp = app.transportadora_of(app.ids.demo).await;
    let (hook, _) = webhook(&transp, &receiver.url, &["queue.joined"]).await;
    join_truck(&app, ours).await;
    let jobs = app.state.services.webhook_jobs.clone();
    let started = std::time::Instant::now();
    let job = std::thread::spawn(move || jobs.run().unwrap());
    // While the job waits on the receiver, more vehicles join at the usual pace.
    for g in 5..=7 {
        let pair = add_pair(
            &app,
            app.ids.demo,
            g,
            3,
            (Some(app.ids.shipping), Some(app.ids.shipping)),
        );
        let t = std::time::Instant::now();
        join_truck(&app, pair).await;
        assert!(
            t.elapsed() < std::time::Duration::from_secs(2),
            "join took {:?}",
            t.elapsed()
        );
    }
    let report = job.join().unwrap();
    let took = started.elapsed();
    assert_eq!(report.delivered, 0, "{report:?}");
    assert_eq!(report.failed_attempts, 1, "{report:?}");
    assert!(
        took < std::time::Duration::from_secs(8),
        "the job waited {took:?}"
    );
    let listed = transp
        .get(&format!("/api/integration/webhooks/{hook}/deliveries"))
        .await
        .expect(StatusCode::OK);
    let first = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["attempts"] == 1)
        .unwrap();
    assert_eq!(first["status"], "pending");
    assert_eq!(first["lastError"], "sem resposta no tempo limite");
}
