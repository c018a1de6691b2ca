//! A yard day as operators live it (issue 22): the driver exchange hands the check-in and the
//! call to the driver on the truck and runs the loading checks; the reports read whole (the
//! PDFs' text as `pdftotext` extracts it, the history XLSX typed); /logs reads in pt-BR with
//! decimal commas.

use crate::{common, queue_common, ws_common};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use serde_json::{json, Value};

use common::{fixtures, Client, TestApp};
use queue_common::*;

const YARD_IP: &str = "200.1.1.5";
const PROXY: &str = "10.9.8.7";

/// The text a person's PDF viewer shows: `pdftotext -layout` (Debian's poppler-utils, which
/// `make test` installs) decodes the fonts' encodings, so a '?' or a cut date shows as such.
fn pdftotext(pdf: &[u8]) -> String {
    let mut child = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("pdftotext (poppler-utils) is installed by `make test`");
    child.stdin.take().unwrap().write_all(pdf).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "pdftotext failed");
    String::from_utf8(out.stdout).unwrap()
}

/// A call through the trusted proxy (`who` calls from it) for a phone at `from`.
async fn via(
    who: &Client,
    method: &str,
    uri: &str,
    from: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut req = match method {
        "GET" => actix_web::test::TestRequest::get(),
        _ => actix_web::test::TestRequest::post(),
    }
    .uri(uri)
    .insert_header(("X-Forwarded-For", from.to_owned()));
    if let Some(b) = body {
        req = req.set_json(b);
    }
    let (s, b, _) = who.send(req).await.parts();
    (s, b)
}

fn exchange(entry: i64, driver: i64, company: i64) -> Value {
    json!({ "id": entry, "driver": { "id": driver }, "company": { "id": company } })
}

/// `(driver_id, is_present)` of an entry's check-ins, oldest first.
fn checkins_of(app: &TestApp, entry: i64) -> String {
    app.scalar_text(&format!(
        "SELECT string_agg(driver_id || ':' || is_present, ',' ORDER BY id) AS v
           FROM checkins WHERE queue_entry_id = {entry}"
    ))
}

fn log_count(app: &TestApp, driver: i64, kind: &str) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS v FROM driver_logs WHERE driver_id = {driver} AND operation_type = '{kind}'"
    ))
}

#[actix_web::test]
async fn the_exchange_hands_the_check_in_and_the_call_to_the_driver_on_the_truck() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    at(&app, MONDAY_0900);
    let mut state = app.state.clone();
    state.config.trusted_proxies = vec![PROXY.parse().unwrap()];
    let wiring = app.on(state);
    settings(
        &app,
        demo,
        json!({ "enableCheckin": true, "checkinIp": YARD_IP }),
    )
    .await;
    let pairs = add_drivers(&app, demo, 2, 4);
    let ((a, truck), (b, _)) = (pairs[0], pairs[1]);
    let plate = app.scalar_text(&format!(
        "SELECT license_plate AS v FROM trucks WHERE id = {truck}"
    ));
    let usuario = app.usuario_of(demo).await;
    let order = fixtures::order(&usuario, fixtures::OrderSpec::new("PED-T1", 100.0))
        .await
        .id;
    let loading = fixtures::loading(&usuario, order, truck, a, 30.0, Some("2026-03-20")).await;
    let entry = fixtures::join(&app, a, demo, json!({ "scheduling": { "id": loading } })).await;
    let phone_a = wiring.driver_id(a, demo).await.calling_from(PROXY);
    let phone_b = wiring.driver_id(b, demo).await.calling_from(PROXY);
    let tv = wiring.anonymous().await.calling_from(PROXY);
    let save = json!({ "queue": { "id": entry }, "isPresent": true, "status": true });
    let (s, c) = via(&phone_a, "POST", "/api/checkins/save", YARD_IP, Some(save)).await;
    assert_eq!(s, StatusCode::CREATED, "{c}");
    let exp = app.expedicao_of(demo).await;
    let (s, called) = exp
        .post(
            "/api/checkins/setcall",
            json!({ "id": c["id"], "isCalling": true }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{called}");
    assert_eq!(called["driverName"], "MOTORISTA 1");

    // The dispatcher puts MOTORISTA 2 on the truck.
    let (s, v) = exp
        .put("/api/queue/update-driver", exchange(entry, b, demo))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["message"], "Motorista trocado");
    // The previous driver's check-in closed, the new one's open.
    assert_eq!(
        checkins_of(&app, entry),
        format!("{a}:true,{a}:false,{b}:true")
    );

    // The Pátio tab (what a reload reads): the new driver, still called.
    let actives = format!("/api/checkins/company/actives/{demo}");
    let (s, yard) = exp.get(&actives).await.pair();
    assert_eq!(s, StatusCode::OK);
    let yard = yard.as_array().unwrap().clone();
    assert_eq!(yard.len(), 1, "{yard:?}");
    assert_eq!(yard[0]["queueId"], entry);
    assert_eq!(yard[0]["driverId"], b);
    assert_eq!(yard[0]["driverName"], "MOTORISTA 2");
    assert_eq!(yard[0]["licensePlate"], plate.as_str());
    assert_eq!(yard[0]["isCalling"], true);

    // The TV lists the call in the new driver's name, and no longer the previous driver's.
    let called_uri = format!("/api/checkins/called/{demo}");
    let (s, list) = via(&tv, "GET", &called_uri, YARD_IP, None).await;
    assert_eq!(s, StatusCode::OK, "{list}");
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["driverName"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["MOTORISTA 2"]);

    // The next 'Chamar' (its toast reads the answer) names him too.
    let (s, again) = exp
        .post(
            "/api/checkins/setcall",
            json!({ "id": yard[0]["id"], "isCalling": true }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{again}");
    assert_eq!(again["driverName"], "MOTORISTA 2");

    // The phones: the new driver is checked in and called; the entry is no longer the previous
    // driver's.
    let count = format!("/api/checkins/count/{entry}");
    let (s, st) = via(&phone_b, "GET", &count, YARD_IP, None).await;
    assert_eq!(s, StatusCode::OK, "{st}");
    assert_eq!(st["count"], 1, "{st}");
    assert_eq!(st["checkin"]["driverId"], b);
    assert_eq!(st["checkin"]["isCalling"], true);
    let (s, _) = via(&phone_a, "GET", &count, YARD_IP, None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // The previous driver's old check-in neither calls nor checks the truck out.
    let old = json!({ "id": c["id"], "isCalling": true });
    exp.post("/api/checkins/setcall", old).await.expect_message(
        StatusCode::CONFLICT,
        "Este motorista foi trocado e não está mais no caminhão.",
    );
    let (s, _) = phone_a
        .post("/api/checkins/checkout", json!({ "id": c["id"] }))
        .await
        .pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(
        checkins_of(&app, entry),
        format!("{a}:true,{a}:false,{b}:true")
    );

    // Both drivers' logs record the exchange, with the plate.
    assert_eq!(log_count(&app, a, "OUT_TRUCK"), 1);
    assert_eq!(log_count(&app, b, "IN_TRUCK"), 1);
    // Not a check-out of his own: the expedition took him off.
    assert_eq!(log_count(&app, a, "CHECK_OUT"), 0);
    let (s, logs) = usuario
        .get(&format!(
            "/api/log-driver/{a}?startDate=2026-01-01&endDate=2026-12-31"
        ))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{logs}");
    let titles: Vec<&str> = logs
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["title"].as_str().unwrap())
        .collect();
    assert!(
        titles.iter().any(|t| t.starts_with(&format!(
            "Motorista foi retirado do caminhão pela expedição com a Placa {plate} em "
        ))),
        "{titles:?}"
    );
}

#[actix_web::test]
async fn an_exchange_without_a_check_in_opens_none_and_a_check_in_not_called_stays_uncalled() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    at(&app, MONDAY_0900);
    open_for_freelancers(&app).await;
    settings(
        &app,
        demo,
        json!({ "enableCheckin": true, "checkinIp": "127.0.0.1" }),
    )
    .await;
    let pairs = add_drivers(&app, demo, 4, 5);
    let exp = app.expedicao_of(demo).await;
    // Not checked in: nothing to hand over.
    let (a, ta) = pairs[0];
    let first = join_freelancer(&app.state.services.queue, demo, a, ta)
        .unwrap()
        .id;
    let (s, v) = exp
        .put(
            "/api/queue/update-driver",
            exchange(first, pairs[1].0, demo),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM checkins WHERE queue_entry_id = {first}"
        )),
        0
    );
    assert_eq!(log_count(&app, a, "OUT_TRUCK"), 1);
    // Checked in, not called: the new driver's check-in is not a call.
    let (c, tc) = pairs[2];
    let second = join_freelancer(&app.state.services.queue, demo, c, tc)
        .unwrap()
        .id;
    app.state
        .services
        .yard
        .check_in(&driver(c, demo), second, Some("127.0.0.1".into()))
        .unwrap();
    let (s, v) = exp
        .put(
            "/api/queue/update-driver",
            exchange(second, pairs[3].0, demo),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT (driver_id = {} AND is_present AND NOT is_calling AND called_at IS NULL)::text AS v
               FROM checkins WHERE queue_entry_id = {second} ORDER BY id DESC LIMIT 1",
            pairs[3].0
        )),
        "true"
    );
    let tv = format!("/api/checkins/called/{demo}");
    let (_, list) = exp.get(&tv).await.pair();
    assert_eq!(list, json!([]));
}

/// Two carriers on one order (spec 2 section 5, check 9): X's truck with X's driver in the
/// queue, Y's driver already on the order through Y.
struct TwoCarriers {
    order: i64,
    entry: i64,
    x_driver: i64,
    x_loading: i64,
    y_driver: i64,
    y_truck: i64,
    x_spare: i64,
}

async fn two_carriers(app: &TestApp) -> TwoCarriers {
    let demo = app.ids.demo;
    at(app, MONDAY_0900);
    let x = fixtures::shipping_company_of(app, demo, 901, "Transportadora X").await;
    let y = fixtures::shipping_company_of(app, demo, 902, "Transportadora Y").await;
    let usuario = app.usuario_of(demo).await;
    let order = fixtures::order(
        &usuario,
        fixtures::OrderSpec::new("PED-C9", 200.0).shipping(&[x, y]),
    )
    .await
    .id;
    let (x_driver, x_truck) = add_pair(app, demo, 1, 6, (Some(x), Some(x)));
    let (x_spare, _) = add_pair(app, demo, 2, 6, (Some(x), Some(x)));
    let (y_driver, y_truck) = add_pair(app, demo, 3, 6, (Some(y), Some(y)));
    let x_loading =
        fixtures::loading(&usuario, order, x_truck, x_driver, 30.0, Some("2026-03-20")).await;
    fixtures::loading(&usuario, order, y_truck, y_driver, 30.0, Some("2026-03-20")).await;
    let entry = fixtures::join(
        app,
        x_driver,
        demo,
        json!({ "scheduling": { "id": x_loading } }),
    )
    .await;
    TwoCarriers {
        order,
        entry,
        x_driver,
        x_loading,
        y_driver,
        y_truck,
        x_spare,
    }
}

#[actix_web::test]
async fn the_exchange_runs_check_9_and_leaves_the_driver_free_for_his_own_carrier() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let t = two_carriers(&app).await;
    let exp = app.expedicao_of(demo).await;
    let usuario = app.usuario_of(demo).await;

    // Y's driver is on the order through Y: he may not take X's loading.
    let body = exp
        .put(
            "/api/queue/update-driver",
            exchange(t.entry, t.y_driver, demo),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["fields"]["driver"], "Motorista ja vinculado ao pedido por outra transportadora.",
        "{body}"
    );
    // Nothing changed: the entry, its loading and no log.
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT (q.driver_id = {0} AND s.driver_id = {0})::text AS v FROM queue_entries q
               JOIN schedulings s ON s.id = q.scheduling_id WHERE q.id = {1}",
            t.x_driver, t.entry
        )),
        "true"
    );
    assert_eq!(log_count(&app, t.x_driver, "OUT_TRUCK"), 0);
    // ...and Y's driver is still free for Y's loadings on the order.
    let y =
        app.scalar_i64("SELECT id AS v FROM shipping_companies WHERE name = 'Transportadora Y'");
    let (_, y_truck2) = add_pair(&app, demo, 4, 6, (Some(y), Some(y)));
    fixtures::loading(
        &usuario,
        t.order,
        y_truck2,
        t.y_driver,
        10.0,
        Some("2026-03-20"),
    )
    .await;

    // X's other driver may take it; the loading names him, the previous driver leaves it.
    let (s, v) = exp
        .put(
            "/api/queue/update-driver",
            exchange(t.entry, t.x_spare, demo),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT driver_id AS v FROM schedulings WHERE id = {}",
            t.x_loading
        )),
        t.x_spare
    );
    // The previous driver is no longer on the order: Y may now add him with its truck.
    fixtures::loading(
        &usuario,
        t.order,
        t.y_truck,
        t.x_driver,
        10.0,
        Some("2026-03-20"),
    )
    .await;
    // And the spare, now on it through X, is refused to Y by the same check 9.
    let body = usuario
        .post(
            "/api/scheduling/save",
            json!([{ "order": { "id": t.order }, "truck": { "id": t.y_truck },
                     "driver": { "id": t.x_spare }, "qtyOrdered": 5,
                     "expirationDate": "2026-03-20" }]),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["fields"]["driver"],
        "Motorista ja vinculado ao pedido por outra transportadora."
    );
}

#[actix_web::test]
async fn the_exchange_keeps_the_other_loading_checks() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let t = two_carriers(&app).await;
    let exp = app.expedicao_of(demo).await;
    // why: an order disabled while its vehicle waits: the loading dialog's edit refuses it, and
    // so does the exchange (spec 2 section 5, before check 1).
    app.sql(&format!(
        "UPDATE orders SET enable = FALSE WHERE id = {}",
        t.order
    ));
    let body = exp
        .put(
            "/api/queue/update-driver",
            exchange(t.entry, t.x_spare, demo),
        )
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["fields"]["driver"], "Pedido desativado!", "{body}");
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT driver_id AS v FROM queue_entries WHERE id = {}",
            t.entry
        )),
        t.x_driver
    );
}

/// The call carried by an exchange reaches the new driver's phone and the TV at once
/// (`checkInCallResponse` in his name).
#[test]
fn the_exchanged_call_rings_the_new_driver_s_phone() {
    use ws_common::*;
    let app = TestApp::new();
    let demo = app.ids.demo;
    open_for_freelancers_blocking(&app);
    at(&app, MONDAY_0900);
    settings_blocking(
        &app,
        demo,
        json!({ "enableCheckin": true, "checkinIp": "10.1.1.1, 127.0.0.1" }),
    );
    let _listener = listen(&app);
    let addr = serve(app.state.clone());
    let pairs = add_drivers(&app, demo, 2, 7);
    let ((a, ta), (b, _)) = (pairs[0], pairs[1]);
    let yard = &app.state.services.yard;
    let q = join_freelancer(&app.state.services.queue, demo, a, ta)
        .unwrap()
        .id;
    let checkin = yard
        .check_in(&driver(a, demo), q, Some("10.1.1.1".into()))
        .unwrap()
        .id;
    let exp = staff(&app, "expedicao@patio.local");
    yard.set_call(&exp, checkin, true).unwrap();
    let mut phone = open(addr, Some(&bearer(&app, &driver(b, demo))), "").unwrap();
    let mut tv = open(addr, None, &format!("?companyId={demo}")).unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while app.state.hub.room_size(demo) < 2 {
        assert!(Instant::now() < until, "sockets never joined");
        std::thread::sleep(Duration::from_millis(10));
    }
    yard.change_driver(&exp, q, b, None).unwrap();
    for socket in [&mut phone, &mut tv] {
        let (text, v) = loop {
            let text = next_text(socket, Duration::from_secs(2)).expect("no call received");
            let v: Value = serde_json::from_str(&text).unwrap();
            // The first call (in the previous driver's name) may arrive late: skipped too.
            if v["event"] != "queueChanged" && v["driverId"] == b {
                break (text, v);
            }
        };
        assert_eq!(v["event"], "checkInCallResponse", "{text}");
        assert_eq!(v["driverId"], b, "{text}");
        assert_eq!(v["driverName"], "MOTORISTA 2", "{text}");
        assert_eq!(v["queueId"], q);
    }
}

const LONG_CUSTOMER: &str = "Cooperativa UX Teste de Nomes Compridos do Brasil Central";

/// A day with a long customer name: one vehicle loaded with 14.8 t (Monday 2026-03-02), one
/// waiting in the queue; the order's id.
async fn day_with_long_names(app: &TestApp) -> i64 {
    let demo = app.ids.demo;
    at(app, MONDAY_0900);
    let pairs = add_drivers(app, demo, 2, 8);
    let usuario = app.usuario_of(demo).await;
    let spec = fixtures::OrderSpec::new("PED-260001", 100.0).customer(77, LONG_CUSTOMER);
    let order = fixtures::order(&usuario, spec).await.id;
    let mut entries = Vec::new();
    for (d, t) in &pairs {
        let l = fixtures::loading(&usuario, order, *t, *d, 30.0, Some("2026-03-20")).await;
        entries.push((
            l,
            fixtures::join(app, *d, demo, json!({ "scheduling": { "id": l } })).await,
        ));
    }
    let exp = app.expedicao_of(demo).await;
    let (s, b) = exp
        .post(
            "/api/attendances/save",
            json!({ "company": { "id": demo } }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (loading, entry) = entries[0];
    let (s, b) = exp
        .put("/api/queue/start", json!({ "id": entry, "status": true }))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    let close = json!({ "id": loading, "status": true, "qtyTransported": 14.8 });
    let (s, b) = exp.post("/api/scheduling/close", close).await.pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    order
}

#[actix_web::test]
async fn the_pdf_reports_read_whole_dates_and_shorten_names_with_a_real_ellipsis() {
    let app = TestApp::new();
    day_with_long_names(&app).await;
    let admin = app.admin().await;

    let (s, pdf, _) = admin.get("/api/history/report.pdf").await.file();
    assert_eq!(s, StatusCode::OK);
    let text = pdftotext(&pdf);
    assert!(!text.contains('?'), "{text}");
    assert!(text.contains("Histórico"), "{text}");
    // The date, the order code, the plate and the tonnes whole.
    for whole in ["02/03/2026", "PED-260001", "TQI0001", "14,800", "30,000"] {
        assert!(text.contains(whole), "{whole} in {text}");
    }
    // The titles whole, wrapped at their spaces at most.
    for word in ["Data", "Pedido", "(t)", "Carregado", "Motorista", "Cliente"] {
        assert!(text.contains(word), "{word} in {text}");
    }
    // The customer wraps at its spaces: every word is there whole (the unit tests of the
    // layout show the ellipsis past two lines).
    for word in LONG_CUSTOMER.split(' ') {
        assert!(text.contains(word), "{word} in {text}");
    }

    // The dispatch panel's queue PDF: the waiting vehicle's customer.
    let exp = app.expedicao_of(app.ids.demo).await;
    let (s, pdf, _) = exp
        .get(&format!("/api/queue/company/{}/report.pdf", app.ids.demo))
        .await
        .file();
    assert_eq!(s, StatusCode::OK);
    let text = pdftotext(&pdf);
    assert!(!text.contains('?'), "{text}");
    for whole in ["Posição", "Horário", "TQI0002", "PED-260001", "Cooperativa"] {
        assert!(text.contains(whole), "{whole} in {text}");
    }
    for word in LONG_CUSTOMER.split(' ') {
        assert!(
            text.contains(word) || text.contains('…'),
            "{word} in {text}"
        );
    }
}

#[actix_web::test]
async fn the_history_xlsx_holds_dates_and_tonnes_as_typed_cells() {
    use calamine::{Data, Reader};
    let app = TestApp::new();
    day_with_long_names(&app).await;
    let admin = app.admin().await;
    let (s, xlsx, _) = admin.get("/api/history/export.xlsx").await.file();
    assert_eq!(s, StatusCode::OK);
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(xlsx)).unwrap();
    let sheet = book.worksheet_range("Histórico").unwrap();
    // 2026-03-02 is day 46,083 of Excel's calendar (from 1899-12-30).
    let serial = (chrono::NaiveDate::from_ymd_opt(2026, 3, 2).unwrap()
        - chrono::NaiveDate::from_ymd_opt(1899, 12, 30).unwrap())
    .num_days() as f64;
    match sheet.get((1, 0)) {
        Some(Data::DateTime(d)) => {
            assert!(d.is_datetime());
            assert_eq!(d.as_f64(), serial);
        }
        other => panic!("the date is not a date cell: {other:?}"),
    }
    assert_eq!(
        sheet.get((1, 3)),
        Some(&Data::String(LONG_CUSTOMER.to_owned()))
    );
    assert_eq!(sheet.get((1, 6)), Some(&Data::Float(30.0)));
    assert_eq!(sheet.get((1, 7)), Some(&Data::Float(14.8)));

    // Grouped: the count and the tonnes typed too.
    let (s, xlsx, _) = admin
        .get("/api/history/export.xlsx?groupBy=cliente")
        .await
        .file();
    assert_eq!(s, StatusCode::OK);
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(xlsx)).unwrap();
    let sheet = book.worksheet_range("Histórico").unwrap();
    assert_eq!(sheet.get((0, 0)), Some(&Data::String("Cliente".to_owned())));
    assert_eq!(sheet.get((1, 2)), Some(&Data::Float(1.0)));
    assert_eq!(sheet.get((1, 3)), Some(&Data::Float(14.8)));
}

#[actix_web::test]
async fn the_logs_read_in_portuguese_with_decimal_commas_and_minutes_in_number() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    day_with_long_names(&app).await;
    let exp = app.expedicao_of(demo).await;
    let title_of = |op: &str| {
        app.scalar_text(&format!(
            "SELECT title AS v FROM staff_logs WHERE operation_type = '{op}' ORDER BY id DESC LIMIT 1"
        ))
    };
    assert!(
        app.scalar_i64(
            "SELECT count(*) AS v FROM staff_logs WHERE title LIKE '%finalizado com 14,800 t'"
        ) == 1,
        "{}",
        title_of("UPDATE")
    );
    // A delay of 30 minutes ended after one.
    fixtures::settings_saved(
        &app,
        demo,
        json!({ "delay": [{ "reason": "Chuva", "time": 30, "icon": "rain" }] }),
    )
    .await;
    let reason = app.scalar_i64("SELECT id AS v FROM delays");
    let delay = |time: i64| json!({ "delayId": reason, "time": time, "companyId": demo });
    let (s, d) = exp.put("/api/queue/delay", delay(30)).await.pair();
    assert_eq!(s, StatusCode::OK, "{d}");
    assert_eq!(
        title_of("START_DELAY"),
        "Atraso <b>Chuva</b> de 30 minutos iniciado"
    );
    at(&app, "2026-03-02T12:01:00Z");
    let (s, d) = exp.put("/api/queue/delay", delay(-29)).await.pair();
    assert_eq!(s, StatusCode::OK, "{d}");
    assert_eq!(d["delayedTime"], 1);
    assert_eq!(
        title_of("END_DELAY"),
        "Atraso <b>Chuva</b> encerrado após 1 minuto"
    );

    // The filter's choices and what the grid and the details read: no stored word.
    let admin = app.admin().await;
    let ops = admin
        .get("/api/logs/operations")
        .await
        .expect(StatusCode::OK);
    let label = |list: &Value, id: &str| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|o| o["id"] == id)
            .map(|o| o["label"].as_str().unwrap().to_owned())
    };
    for (id, want) in [
        ("IN_QUEUE", "Entrada na fila"),
        ("START_ATTENDANCE", "Início de atendimento"),
        ("START_DELAY", "Início de atraso"),
        ("END_DELAY", "Fim de atraso"),
    ] {
        assert_eq!(label(&ops, id).as_deref(), Some(want), "{ops}");
    }
    for o in ops.as_array().unwrap() {
        assert_ne!(o["label"], o["id"], "{o}");
    }
    let objects = admin.get("/api/logs/objects").await.expect(StatusCode::OK);
    assert_eq!(
        label(&objects, "QUEUE").as_deref(),
        Some("Fila"),
        "{objects}"
    );
    assert_eq!(
        label(&objects, "DELAY").as_deref(),
        Some("Atraso"),
        "{objects}"
    );
    for o in objects.as_array().unwrap() {
        assert_ne!(o["label"], o["id"], "{o}");
    }
}
