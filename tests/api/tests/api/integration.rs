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
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        Self::on(listener)
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
        Self::on(TcpListener::bind(("127.0.0.1", port)).unwrap())
    }

    fn on(listener: TcpListener) -> Self {
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
    with_key(
        &transp.anonymous(),
        key,
        "GET",
        "/api/integration/v1/queue",
        None,
    )
    .await
    .expect(StatusCode::OK);
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
    let usuario = app.usuario_of(app.ids.demo).await;
    let (id, key) = key_of(&usuario, "ERP").await;
    // Two instances of the server on the same database.
    let one = app.wiring().anonymous().await;
    let other = app.on(app.state_with_account_memory()).anonymous().await;
    for instance in [&one, &other] {
        with_key(instance, &key, "GET", "/api/integration/v1/queue", None)
            .await
            .expect(StatusCode::OK);
    }
    usuario
        .delete(&format!("/api/integration/keys/{id}"))
        .await
        .expect(StatusCode::OK);
    for instance in [&one, &other] {
        with_key(instance, &key, "GET", "/api/integration/v1/queue", None)
            .await
            .expect_message(
                StatusCode::UNAUTHORIZED,
                "Chave de API inválida ou revogada.",
            );
    }
    // Revoked: gone from the list, a second revocation is 404, and both are in the log.
    let list = usuario
        .get("/api/integration/keys")
        .await
        .expect(StatusCode::OK);
    assert_eq!(list, json!([]));
    usuario
        .delete(&format!("/api/integration/keys/{id}"))
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
        "/api/integration/v1/queue",
        None,
    )
    .await
    .expect(StatusCode::UNAUTHORIZED);
    one.get("/api/integration/v1/queue")
        .await
        .expect(StatusCode::UNAUTHORIZED);
}

#[actix_rt::test]
async fn a_key_is_refused_on_staff_administration_endpoints() {
    let app = TestApp::new();
    // Even an administrator's key (of a company) reaches nothing of the administration.
    let usuario = app.usuario_of(app.ids.demo).await;
    let (_, key) = key_of(&usuario, "ERP").await;
    let anon = usuario.anonymous();
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
        with_key(&anon, &key, method, uri, body)
            .await
            .expect_message(
                StatusCode::FORBIDDEN,
                "Chaves de API só acessam /api/integration/v1 e os webhooks.",
            );
    }
    // A session with a key in the header is refused the same: the key is never ignored.
    with_key(&usuario, &key, "GET", "/api/user", None)
        .await
        .expect(StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn keys_follow_the_role_and_tenant_matrix() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let other = app.usuario_of(app.ids.other).await;
    let (usuario_key, _) = key_of(&usuario, "ERP").await;
    let (transp_key, _) = key_of(&transp, "TMS").await;
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
            .delete(&format!("/api/integration/keys/{usuario_key}"))
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
    other
        .delete(&format!("/api/integration/keys/{usuario_key}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    transp
        .delete(&format!("/api/integration/keys/{usuario_key}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    usuario
        .delete(&format!("/api/integration/keys/{transp_key}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    assert_eq!(
        other
            .get("/api/integration/keys")
            .await
            .expect(StatusCode::OK),
        json!([])
    );
    let theirs = transp
        .get("/api/integration/keys")
        .await
        .expect(StatusCode::OK);
    assert_eq!(theirs.as_array().unwrap().len(), 1);
    assert_eq!(theirs[0]["id"], transp_key);
}

#[actix_rt::test]
async fn a_key_past_its_rate_limit_is_429() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let (id, key) = key_of(&usuario, "ERP").await;
    let anon = usuario.anonymous();
    with_key(&anon, &key, "GET", "/api/integration/v1/queue", None)
        .await
        .expect(StatusCode::OK);
    // why: 299 more requests of this minute, counted without sending them.
    app.sql(&format!(
        "UPDATE api_keys SET window_count = 300 WHERE id = {id}"
    ));
    with_key(&anon, &key, "GET", "/api/integration/v1/queue", None)
        .await
        .expect_message(
            StatusCode::TOO_MANY_REQUESTS,
            "Limite de requisições da chave de API atingido. Tente novamente em um minuto.",
        );
    // A minute later the count starts over.
    *app.clock.0.lock().unwrap() = now(&app) + Duration::seconds(61);
    with_key(&anon, &key, "GET", "/api/integration/v1/queue", None)
        .await
        .expect(StatusCode::OK);
}

#[actix_rt::test]
async fn a_key_stops_when_its_owner_is_disabled_or_moved() {
    let app = TestApp::new();
    let transp = app.transportadora_of(app.ids.demo).await;
    let (_, key) = key_of(&transp, "TMS").await;
    let anon = transp.anonymous();
    with_key(&anon, &key, "GET", "/api/integration/v1/queue", None)
        .await
        .expect(StatusCode::OK);
    // why: the administrator disabling the user is another area's form.
    app.sql(&format!(
        "UPDATE users SET is_enabled = FALSE WHERE id = {}",
        app.ids.transp
    ));
    with_key(&anon, &key, "GET", "/api/integration/v1/queue", None)
        .await
        .expect(StatusCode::UNAUTHORIZED);
}

// ---- v1 reads.

#[actix_rt::test]
async fn a_carriers_key_reads_only_its_vehicles_in_the_queue() {
    let app = TestApp::new();
    let (ours, theirs, _) = two_carriers(&app).await;
    join_truck(&app, ours).await;
    join_truck(&app, theirs).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let (_, carrier_key) = key_of(&transp, "TMS").await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let (_, company_key) = key_of(&usuario, "ERP").await;
    let anon = transp.anonymous();
    let mine = with_key(
        &anon,
        &carrier_key,
        "GET",
        "/api/integration/v1/queue",
        None,
    )
    .await
    .expect(StatusCode::OK);
    let plates: Vec<&str> = mine
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["licensePlate"].as_str().unwrap())
        .collect();
    assert_eq!(plates, vec!["TQD0001"], "{mine}");
    assert_eq!(mine[0]["position"], 1);
    assert!(mine[0]["forecast"].is_string(), "{mine}");
    let all = with_key(
        &anon,
        &company_key,
        "GET",
        "/api/integration/v1/queue",
        None,
    )
    .await
    .expect(StatusCode::OK);
    assert_eq!(all.as_array().unwrap().len(), 2, "{all}");
    // Another company's key sees none of it.
    let other = app.usuario_of(app.ids.other).await;
    let (_, other_key) = key_of(&other, "ERP").await;
    let none = with_key(&anon, &other_key, "GET", "/api/integration/v1/queue", None)
        .await
        .expect(StatusCode::OK);
    assert_eq!(none, json!([]));
}

#[actix_rt::test]
async fn v1_orders_and_loadings_are_the_keys_scope_with_their_balance() {
    let app = TestApp::new();
    let (ours, _, _) = two_carriers(&app).await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let spec = fixtures::OrderSpec::new("PED-INT", 100.0).shipping(&[app.ids.shipping]);
    let order = fixtures::order(&usuario, spec).await.id;
    fixtures::loading(&usuario, order, ours.1, ours.0, 30.0, Some("2026-03-20")).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let (_, key) = key_of(&transp, "TMS").await;
    let anon = transp.anonymous();
    let orders = with_key(&anon, &key, "GET", "/api/integration/v1/orders", None)
        .await
        .expect(StatusCode::OK);
    assert!(orders.to_string().contains("PED-INT"), "{orders}");
    let loadings = with_key(
        &anon,
        &key,
        "GET",
        &format!("/api/integration/v1/loadings?orderId={order}"),
        None,
    )
    .await
    .expect(StatusCode::OK);
    assert_eq!(loadings.as_array().unwrap().len(), 1, "{loadings}");
    assert_eq!(loadings[0]["qtyOrdered"], 30.0);
    assert_eq!(loadings[0]["balance"], 30.0);
    assert_eq!(loadings[0]["truck"]["licensePlate"], "TQD0001");
    // Another company's key: the order is not found.
    let other = app.usuario_of(app.ids.other).await;
    let (_, other_key) = key_of(&other, "ERP").await;
    with_key(
        &anon,
        &other_key,
        "GET",
        &format!("/api/integration/v1/loadings?orderId={order}"),
        None,
    )
    .await
    .expect(StatusCode::NOT_FOUND);
}

// ---- v1 write.

async fn order_for_carrier(app: &TestApp) -> (i64, (i64, i64)) {
    let (ours, _, _) = two_carriers(app).await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let spec = fixtures::OrderSpec::new("PED-API", 100.0).shipping(&[app.ids.shipping]);
    (fixtures::order(&usuario, spec).await.id, ours)
}

#[actix_rt::test]
async fn a_loading_made_with_a_key_passes_the_screens_checks_and_is_logged() {
    let app = TestApp::new();
    let (order, ours) = order_for_carrier(&app).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let (_, key) = key_of(&transp, "TMS").await;
    let anon = transp.anonymous();
    let body = |qty: Value| {
        json!({ "orderId": order, "truckId": ours.1, "driverId": ours.0,
                "qtyOrdered": qty, "expirationDate": "2026-03-20" })
    };
    // The screen's check and message: the quantity is required.
    let refused = with_key(
        &anon,
        &key,
        "POST",
        "/api/integration/v1/loadings",
        Some(body(json!(null))),
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let screen = transp
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
    let made = with_key(
        &anon,
        &key,
        "POST",
        "/api/integration/v1/loadings",
        Some(body(json!(20))),
    )
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
    let other = app.usuario_of(app.ids.other).await;
    let (_, other_key) = key_of(&other, "ERP").await;
    with_key(
        &anon,
        &other_key,
        "POST",
        "/api/integration/v1/loadings",
        Some(body(json!(5))),
    )
    .await
    .expect(StatusCode::NOT_FOUND);
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 1);
}

#[actix_rt::test]
async fn an_idempotency_replay_returns_the_same_answer_and_creates_one_loading() {
    let app = TestApp::new();
    let (order, ours) = order_for_carrier(&app).await;
    let transp = app.transportadora_of(app.ids.demo).await;
    let (_, key) = key_of(&transp, "TMS").await;
    let anon = transp.anonymous();
    let body = json!({ "orderId": order, "truckId": ours.1, "driverId": ours.0,
                       "qtyOrdered": 12.5, "expirationDate": "2026-03-20" });
    let send = |b: Value, idem: &'static str| {
        anon.send(
            TestRequest::post()
                .uri("/api/integration/v1/loadings")
                .insert_header(("X-Api-Key", key.clone()))
                .insert_header(("Idempotency-Key", idem))
                .set_json(b),
        )
    };
    let first = send(body.clone(), "pedido-123-1").await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    assert!(first.header("Idempotent-Replayed").is_none());
    let again = send(body.clone(), "pedido-123-1").await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.bytes, first.bytes);
    assert_eq!(again.header("Idempotent-Replayed").as_deref(), Some("true"));
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 1);
    // The same key with another body is refused; nothing is made.
    let mut changed = body.clone();
    changed["qtyOrdered"] = json!(13);
    send(changed, "pedido-123-1").await.expect_containing(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Esta Idempotency-Key já foi usada com outro conteúdo.",
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM schedulings"), 1);
    // Another Idempotency-Key is another request: a second loading.
    let second = send(body, "pedido-123-2").await;
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
    let (_, key) = key_of(&transp, "TMS").await;
    let by_key = with_key(
        &transp.anonymous(),
        &key,
        "GET",
        "/api/integration/webhooks",
        None,
    )
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
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        actix_rt::System::new().block_on(async move {
            HttpServer::new(|| {
                App::new().route(
                    "/hook",
                    web::post().to(|| async {
                        actix_rt::time::sleep(std::time::Duration::from_secs(8)).await;
                        HttpResponse::Ok().finish()
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
    let transp = app.transportadora_of(app.ids.demo).await;
    let (hook, _) = webhook(&transp, &url, &["queue.joined"]).await;
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
