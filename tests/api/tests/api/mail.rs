//! E-mail (issue 11): the order e-mail and the daily loading report, sent through the real
//! SMTP adapter (lettre) to a local SMTP sink started by each test, and the outbox that
//! records every mail: sent, logged (no SMTP configured) or failed (server down, the order
//! still saved).

use crate::{common, mail_common, queue_common};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use actix_web::http::StatusCode;
use chrono::NaiveDate;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use patio::MailParts;
use patio_application::mail::reports::DAILY_REPORT_JOB_KEY;
use patio_application::mail::MailSettings;
use patio_clients::mail::SmtpMailer;
use patio_postgres::pool::{build_pool_with, PoolOptions};
use serde_json::{json, Value};

use common::admin::*;
use common::*;
use mail_common::*;
use queue_common::{add_drivers, at};

const PUBLIC_URL: &str = "https://patio.exemplo.com.br";
const FROM: &str = "Pátio Demo <patio@exemplo.com.br>";

fn smtp(url: &str) -> MailParts {
    MailParts {
        mailer: Arc::new(SmtpMailer::new(url, FROM).unwrap()),
        settings: MailSettings {
            public_url: PUBLIC_URL.to_owned(),
            report_hour: 6,
        },
    }
}

/// This test's server with its mail going to `url`.
fn with_smtp(app: &TestApp, url: &str) -> patio_http::AppState {
    app.state_with_mail(app.db.pool().clone(), smtp(url))
}

fn order_body(code: &str, customer: i64, items: &[(i64, f64)], carriers: &[i64]) -> Value {
    json!({
        "id": 0, "code": code, "customer": { "id": customer }, "qtyTransported": 0,
        "sendEmail": true, "enable": true,
        "shippingCompany": carriers.iter().map(|id| json!({ "id": id })).collect::<Vec<_>>(),
        "orderItem": items.iter().map(|(p, q)| json!({ "quantity": q, "product": { "id": p } })).collect::<Vec<_>>(),
    })
}

#[derive(QueryableByName, Debug)]
struct OutboxRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    kind: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    recipient: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    subject: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    text_body: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    status: String,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    attempts: i32,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    error: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    order_id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    company_id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Date>)]
    report_day: Option<NaiveDate>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    has_sent_at: bool,
}

fn outbox(app: &TestApp) -> Vec<OutboxRow> {
    diesel::sql_query(
        "SELECT kind, recipient, subject, text_body, status, attempts, error, order_id,
                company_id, report_day, sent_at IS NOT NULL AS has_sent_at
           FROM outbox ORDER BY id",
    )
    .load(&mut app.db.conn().unwrap())
    .unwrap()
}

/// The demo's order fixture, made through the API: two products and a customer whose name
/// needs escaping in HTML.
struct Fixture {
    customer: i64,
    soja: i64,
    milho: i64,
}

async fn fixture(usuario: &Client) -> Fixture {
    let product = |code: i64, name: &str| {
        post(
            "/api/product/create",
            json!({ "id": 0, "code": code, "name": name, "group": 0, "ncmcode": "1201.90.00", "company": null }),
        )
    };
    let soja = usuario
        .run(product(1, "SOJA"))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let milho = usuario
        .run(product(2, "MILHO"))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let customer = usuario
        .post(
            "/api/customer/create",
            customer_body(42, "Fazenda <Boa> & Cia", None),
        )
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    Fixture {
        customer,
        soja,
        milho,
    }
}

async fn shipping_company(admin: &Client, code: i64, company: i64) -> i64 {
    admin
        .post(
            "/api/shipping-company/create",
            shipping_body(code, &format!("Transp {code}"), Some(company)),
        )
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

/// A Transportadora user of `shipping` with its e-mail authorization, made by the
/// administrator's user form.
async fn carrier_user(
    admin: &Client,
    email: &str,
    shipping: i64,
    has_email: bool,
    enabled: bool,
) -> i64 {
    let mut body = user_body("Frota", email, "Transportadora", None);
    body["shippingCompany"] = json!({ "id": shipping });
    body["hasEmail"] = json!(has_email);
    body["hasSMS"] = json!(true);
    body["hasWhats"] = json!(false);
    body["isEnabled"] = json!(enabled);
    admin
        .post("/api/users/save", body)
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

/// A staff user of `company` with the daily report ticked or not.
async fn staff_user(
    admin: &Client,
    email: &str,
    role: &str,
    company: i64,
    receives: bool,
    enabled: bool,
) {
    let mut body = user_body("Equipe", email, role, Some(company));
    body["receivesEmail"] = json!(receives);
    body["isEnabled"] = json!(enabled);
    admin
        .post("/api/users/save", body)
        .await
        .expect(StatusCode::CREATED);
}

#[actix_rt::test]
async fn the_order_email_goes_to_exactly_the_has_email_users_of_the_order_shipping_companies() {
    let app = TestApp::new();
    let sink = SmtpSink::start();
    let wiring = app.on(with_smtp(&app, &sink.url()));
    let admin = wiring.admin().await;
    let usuario = wiring.usuario_of(app.ids.demo).await;
    let f = fixture(&usuario).await;

    let first = shipping_company(&admin, 31, app.ids.demo).await;
    let second = shipping_company(&admin, 32, app.ids.demo).await;
    let not_on_order = shipping_company(&admin, 33, app.ids.demo).await;
    let foreign = shipping_company(&admin, 34, app.ids.other).await;
    carrier_user(&admin, "ana@frota1.com", first, true, true).await;
    carrier_user(&admin, "bia@frota1.com", first, false, true).await;
    carrier_user(&admin, "off@frota1.com", first, true, false).await;
    carrier_user(&admin, "caio@frota2.com", second, true, true).await;
    carrier_user(&admin, "davi@frota3.com", not_on_order, true, true).await;
    carrier_user(&admin, "eva@outra.com", foreign, true, true).await;
    // Staff of the company, even with the daily report, are not the order's carriers.
    staff_user(&admin, "gil@demo.com", "Usuario", app.ids.demo, true, true).await;

    let created = usuario
        .post(
            "/api/order/save",
            order_body(
                "PED-1",
                f.customer,
                &[(f.soja, 30.0), (f.milho, 20.5)],
                &[first, second],
            ),
        )
        .await
        .expect(StatusCode::CREATED);
    let order = created["id"].as_i64().unwrap();
    assert_eq!(created["sendEmail"], true);

    let got = sink.wait_for(2);
    assert_eq!(got.len(), 2, "one message each: {got:?}");
    assert_eq!(
        sink.recipients(),
        vec!["ana@frota1.com".to_owned(), "caio@frota2.com".to_owned()]
    );
    for m in &got {
        assert_eq!(m.rcpt.len(), 1, "no shared envelopes");
        assert_eq!(m.from, "patio@exemplo.com.br");
    }
    let ana = sink.to("ana@frota1.com").remove(0);
    assert_eq!(ana.subject, "Novo pedido PED-1 - Demo Agro");
    assert!(ana.from.contains("patio@exemplo.com.br"), "{}", ana.from);
    assert!(ana.to.contains("ana@frota1.com"), "{}", ana.to);
    assert!(
        ana.text.starts_with(
            "Olá, Frota.\n\nDemo Agro cadastrou o pedido PED-1 para a sua transportadora."
        ),
        "{}",
        ana.text
    );
    assert!(ana.text.contains("Pedido: PED-1\n"), "{}", ana.text);
    assert!(ana
        .text
        .contains("Cliente: Fazenda <Boa> & Cia (Sorriso)\n"));
    assert!(ana.text.contains("  - SOJA: 30,00 t\n"));
    assert!(ana.text.contains("  - MILHO: 20,50 t\n"));
    assert!(ana.text.contains("Total: 50,50 t\n"));
    assert!(ana
        .text
        .contains("Veja os pedidos em https://patio.exemplo.com.br/pedidos\n"));
    assert!(ana.html.contains("Fazenda &lt;Boa&gt; &amp; Cia (Sorriso)"));
    assert!(!ana.html.contains("<Boa>"));
    assert!(ana
        .html
        .contains("<a href=\"https://patio.exemplo.com.br/pedidos\">Ver pedidos</a>"));

    let rows = outbox(&app);
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert_eq!((r.kind.as_str(), r.status.as_str()), ("order", "sent"));
        assert_eq!((r.attempts, r.error.as_deref()), (1, None));
        assert_eq!(
            (r.order_id, r.company_id),
            (Some(order), Some(app.ids.demo))
        );
        assert!(r.has_sent_at);
        assert_eq!(r.subject, "Novo pedido PED-1 - Demo Agro");
    }

    // An edit without sendEmail writes nobody.
    let mut edit = order_body("PED-1", f.customer, &[], &[first, second]);
    edit["id"] = json!(order);
    edit["sendEmail"] = json!(false);
    usuario
        .post("/api/order/save", edit.clone())
        .await
        .expect(StatusCode::OK);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(sink.messages().len(), 2);

    // An edit with it writes again, saying so, to the carriers the order has now.
    edit["sendEmail"] = json!(true);
    edit["shippingCompany"] = json!([{ "id": second }]);
    usuario
        .post("/api/order/save", edit)
        .await
        .expect(StatusCode::OK);
    let got = sink.wait_for(3);
    assert_eq!(got.len(), 3);
    let caio = sink.to("caio@frota2.com");
    assert_eq!(caio.len(), 2);
    assert_eq!(caio[1].subject, "Pedido PED-1 atualizado - Demo Agro");
    assert!(caio[1].text.contains("Demo Agro atualizou o pedido PED-1"));
    assert_eq!(sink.to("ana@frota1.com").len(), 1);
}

#[actix_rt::test]
async fn without_smtp_the_outbox_keeps_the_order_email_as_logged() {
    let app = TestApp::new();
    // The default wiring: no PATIO_SMTP_URL, mails go to the log.
    let admin = app.admin().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let f = fixture(&usuario).await;
    carrier_user(&admin, "ana@frota.com", app.ids.shipping, true, true).await;
    usuario
        .post(
            "/api/order/save",
            order_body("PED-9", f.customer, &[(f.soja, 12.5)], &[app.ids.shipping]),
        )
        .await
        .expect(StatusCode::CREATED);
    let rows = outbox(&app);
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    assert_eq!(r.recipient, "ana@frota.com");
    assert_eq!((r.status.as_str(), r.attempts), ("logged", 1));
    assert!(!r.has_sent_at);
    assert_eq!(r.subject, "Novo pedido PED-9 - Demo Agro");
    assert!(
        r.text_body.contains("  - SOJA: 12,50 t\n"),
        "{}",
        r.text_body
    );
    // The default public address.
    assert!(r
        .text_body
        .contains("Veja os pedidos em http://localhost:8080/pedidos"));
    // The retry job leaves logged mails alone.
    at(&app, "2030-01-01T00:00:00Z");
    assert_eq!(app.state.services.mail_jobs.run_retry().unwrap(), Some(0));
}

#[actix_rt::test]
async fn with_the_smtp_server_down_the_order_is_saved_the_outbox_says_failed_and_a_retry_sends_it()
{
    let app = TestApp::new();
    let port = closed_port();
    let state = with_smtp(&app, &format!("smtp://127.0.0.1:{port}"));
    let wiring = app.on(state.clone());
    let admin = wiring.admin().await;
    let usuario = wiring.usuario_of(app.ids.demo).await;
    let f = fixture(&usuario).await;
    carrier_user(&admin, "ana@frota.com", app.ids.shipping, true, true).await;
    at(&app, "2026-03-02T12:00:00Z");

    let created = usuario
        .post(
            "/api/order/save",
            order_body("PED-7", f.customer, &[(f.milho, 8.0)], &[app.ids.shipping]),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(created["code"], "PED-7");
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM orders WHERE code = 'PED-7'"),
        1
    );
    let rows = outbox(&app);
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].status.as_str(), rows[0].attempts), ("failed", 1));
    let error = rows[0].error.clone().unwrap();
    assert!(
        error.contains(&format!("smtp://127.0.0.1:{port}")),
        "{error}"
    );

    // Too early for a retry: nothing is tried.
    let jobs = state.services.mail_jobs.clone();
    at(&app, "2026-03-02T12:04:00Z");
    assert_eq!(jobs.run_retry().unwrap(), Some(0));
    // The server is back and five minutes have passed: the retry job sends it, once.
    let sink = SmtpSink::on_port(port);
    at(&app, "2026-03-02T12:05:00Z");
    assert_eq!(jobs.run_retry().unwrap(), Some(1));
    assert_eq!(sink.recipients(), vec!["ana@frota.com".to_owned()]);
    assert_eq!(
        sink.to("ana@frota.com")[0].subject,
        "Novo pedido PED-7 - Demo Agro"
    );
    let rows = outbox(&app);
    assert_eq!((rows[0].status.as_str(), rows[0].attempts), ("sent", 2));
    assert_eq!(rows[0].error, None);
    at(&app, "2026-03-02T13:00:00Z");
    assert_eq!(jobs.run_retry().unwrap(), Some(0));
    assert_eq!(sink.messages().len(), 1);
}

#[actix_rt::test]
async fn a_failing_mail_is_tried_three_times_in_all() {
    let app = TestApp::new();
    let state = with_smtp(&app, &format!("smtp://127.0.0.1:{}", closed_port()));
    let wiring = app.on(state.clone());
    let admin = wiring.admin().await;
    let usuario = wiring.usuario_of(app.ids.demo).await;
    let f = fixture(&usuario).await;
    carrier_user(&admin, "ana@frota.com", app.ids.shipping, true, true).await;
    at(&app, "2026-03-02T12:00:00Z");
    usuario
        .post(
            "/api/order/save",
            order_body("PED-8", f.customer, &[(f.milho, 8.0)], &[app.ids.shipping]),
        )
        .await
        .expect(StatusCode::CREATED);
    let jobs = state.services.mail_jobs.clone();
    for (t, tried) in [
        ("2026-03-02T12:05:00Z", 1),
        ("2026-03-02T12:10:00Z", 1),
        ("2026-03-02T12:15:00Z", 0),
        ("2026-03-03T12:00:00Z", 0),
    ] {
        at(&app, t);
        assert_eq!(jobs.run_retry().unwrap(), Some(tried), "{t}");
    }
    let rows = outbox(&app);
    assert_eq!((rows[0].status.as_str(), rows[0].attempts), ("failed", 3));
}

// ---- The daily loading report.

/// A closed queue entry of `company` at `when` (UTC): attended with a loading of `order`
/// carrying `tonnes`, attended as a freelancer, faulty or dropped by tolerance. Loadings are
/// seeded: the attendance calls that close them belong to the expedition's issue.
fn entry(
    app: &TestApp,
    company: i64,
    pair: (i64, i64),
    order: Option<i64>,
    tonnes: f64,
    status: &str,
    when: &str,
) {
    let (driver, truck) = pair;
    let scheduling = match order {
        // why: a loading weighed and closed at a set hour of a past day: only the yard's flow,
        // on that day, writes it.
        Some(order) => app
            .scalar_i64(&format!(
                "INSERT INTO schedulings (company_id, order_id, truck_id, driver_id, qty_ordered,
                                          qty_transported, status, exped_initial_date, exped_date)
                 VALUES ({company}, {order}, {truck}, {driver}, 40, {tonnes}, TRUE,
                         '{when}'::timestamptz - interval '1 hour', '{when}')
                 RETURNING id AS v"
            ))
            .to_string(),
        None => "NULL".to_owned(),
    };
    let attended = status == "attended";
    let attended_at = if attended {
        format!("'{when}'")
    } else {
        "NULL".to_owned()
    };
    // why: closed entries (attended, faulty, dropped, left) at set hours of a past day: only
    // that day's yard and jobs make them.
    app.sql(&format!(
        "INSERT INTO queue_entries (company_id, driver_id, truck_id, scheduling_id, status,
                                    joined_at, attended, attended_at, closed_at, position)
         VALUES ({company}, {driver}, {truck}, {scheduling}, '{status}',
                 '{when}'::timestamptz - interval '3 hours', {attended}, {attended_at}, '{when}', 0)"
    ));
}

/// Monday 2026-03-02 in São Paulo (UTC-3): PED-1 loads two vehicles (30.5 t and 20 t), PED-2
/// one (25 t), a freelancer is attended, one vehicle is faulty and two drop by tolerance.
/// Around it: an entry of Sunday 23:59 and one of Tuesday 00:00 (local), and the other
/// company's day.
async fn report_day(app: &TestApp) {
    let usuario = app.usuario_of(app.ids.demo).await;
    let f = fixture(&usuario).await;
    let order = |code: &str| {
        let body = order_body(code, f.customer, &[(f.soja, 100.0)], &[]);
        post("/api/order/save", body)
    };
    let ped1 = usuario
        .run(order("PED-1"))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let ped2 = usuario
        .run(order("PED-2"))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let pairs = add_drivers(app, app.ids.demo, 10, 1);
    let d = app.ids.demo;
    entry(
        app,
        d,
        pairs[0],
        Some(ped1),
        30.5,
        "attended",
        "2026-03-02T11:00:00Z",
    );
    entry(
        app,
        d,
        pairs[1],
        Some(ped1),
        20.0,
        "attended",
        "2026-03-02T20:00:00Z",
    );
    entry(
        app,
        d,
        pairs[2],
        Some(ped2),
        25.0,
        "attended",
        "2026-03-03T02:59:00Z",
    );
    entry(
        app,
        d,
        pairs[3],
        None,
        0.0,
        "attended",
        "2026-03-02T15:00:00Z",
    );
    entry(
        app,
        d,
        pairs[4],
        None,
        0.0,
        "faulty",
        "2026-03-02T16:00:00Z",
    );
    entry(
        app,
        d,
        pairs[5],
        None,
        0.0,
        "tolerance_dropped",
        "2026-03-02T10:00:00Z",
    );
    entry(
        app,
        d,
        pairs[6],
        None,
        0.0,
        "tolerance_dropped",
        "2026-03-02T18:00:00Z",
    );
    // Sunday 23:59 and Tuesday 00:00 in São Paulo: other days.
    entry(
        app,
        d,
        pairs[7],
        Some(ped2),
        99.0,
        "attended",
        "2026-03-02T02:59:00Z",
    );
    entry(
        app,
        d,
        pairs[8],
        Some(ped2),
        99.0,
        "attended",
        "2026-03-03T03:00:00Z",
    );
    // Left the queue: not a loading outcome.
    entry(app, d, pairs[9], None, 0.0, "left", "2026-03-02T12:00:00Z");
    // The other company's day.
    let other = add_drivers(app, app.ids.other, 1, 2);
    entry(
        app,
        app.ids.other,
        other[0],
        None,
        0.0,
        "faulty",
        "2026-03-02T13:00:00Z",
    );
}

/// Report recipients: two of the demo who ticked it (Usuario, Expedicao), three who do not
/// get it (not ticked, disabled, Espectador), and the other company's.
async fn report_people(app: &TestApp) {
    let admin = app.admin().await;
    let d = app.ids.demo;
    staff_user(&admin, "rui@demo.com", "Usuario", d, true, true).await;
    staff_user(&admin, "lia@demo.com", "Expedicao", d, true, true).await;
    staff_user(&admin, "nao@demo.com", "Usuario", d, false, true).await;
    staff_user(&admin, "off@demo.com", "Usuario", d, true, false).await;
    staff_user(&admin, "esp@demo.com", "Espectador", d, true, true).await;
    staff_user(&admin, "ze@outra.com", "Usuario", app.ids.other, true, true).await;
    // Whatever reaches the table, the rule stands: an Espectador never gets the report.
    // why: the user form clears receivesEmail for an Espectador; legacy rows may hold it.
    app.sql("UPDATE users SET receives_email = TRUE WHERE email = 'esp@demo.com'");
}

#[actix_rt::test]
async fn the_daily_report_goes_to_receives_email_users_with_the_day_s_figures_once() {
    let app = TestApp::new();
    let sink = SmtpSink::start();
    let state = with_smtp(&app, &sink.url());
    report_people(&app).await;
    report_day(&app).await;
    let jobs = state.services.mail_jobs.clone();

    // 05:59 in São Paulo: not yet.
    at(&app, "2026-03-03T08:59:00Z");
    assert_eq!(jobs.run_daily_report().unwrap().unwrap().companies, 0);
    assert!(sink.messages().is_empty());

    // 06:30: yesterday's report, to the two demo people and the other company's.
    at(&app, "2026-03-03T09:30:00Z");
    let run = jobs.run_daily_report().unwrap().unwrap();
    assert_eq!(run.companies, 2);
    assert_eq!(run.delivery.sent, 3);
    assert_eq!(
        sink.recipients(),
        vec![
            "lia@demo.com".to_owned(),
            "rui@demo.com".to_owned(),
            "ze@outra.com".to_owned()
        ]
    );
    let rui = sink.to("rui@demo.com").remove(0);
    let lia = sink.to("lia@demo.com").remove(0);
    assert_eq!(rui.text, lia.text);
    assert_eq!(
        rui.subject,
        "Relatório de carregamentos de 02/03/2026 - Demo Agro"
    );
    let t = &rui.text;
    assert!(t.contains("Atendidos: 4\n"), "{t}");
    assert!(
        t.contains("Faltosos: 3 (1 pela expedição, 2 por tolerância)\n"),
        "{t}"
    );
    assert!(t.contains("Toneladas: 75,50 t\n"), "{t}");
    assert!(
        t.contains("  - Pedido PED-1 (Fazenda <Boa> & Cia): 2 veículos, 50,50 t\n"),
        "{t}"
    );
    assert!(
        t.contains("  - Pedido PED-2 (Fazenda <Boa> & Cia): 1 veículo, 25,00 t\n"),
        "{t}"
    );
    assert!(t.contains("Autônomos atendidos (sem pedido): 1\n"), "{t}");
    assert!(rui.html.contains("<td>Fazenda &lt;Boa&gt; &amp; Cia</td>"));
    assert!(rui.html.contains("https://patio.exemplo.com.br/pedidos"));
    let ze = sink.to("ze@outra.com").remove(0);
    assert_eq!(
        ze.subject,
        "Relatório de carregamentos de 02/03/2026 - Outra Empresa"
    );
    assert!(ze.text.contains("Atendidos: 0\n"));
    assert!(ze
        .text
        .contains("Faltosos: 1 (1 pela expedição, 0 por tolerância)\n"));
    assert!(ze.text.contains("Nenhum carregamento de pedido no dia.\n"));
    assert!(!ze.text.contains("PED-"));

    let rows = outbox(&app);
    assert_eq!(rows.len(), 3);
    for r in &rows {
        assert_eq!(
            (r.kind.as_str(), r.status.as_str()),
            ("daily_report", "sent")
        );
        assert_eq!(r.report_day, NaiveDate::from_ymd_opt(2026, 3, 2));
    }
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT recipients::bigint AS v FROM daily_reports
              WHERE company_id = {} AND day = '2026-03-02'",
            app.ids.demo
        )),
        2
    );

    // Later the same day, and again: nothing more.
    for t in ["2026-03-03T09:30:30Z", "2026-03-03T23:00:00Z"] {
        at(&app, t);
        assert_eq!(jobs.run_daily_report().unwrap().unwrap().companies, 0);
    }
    assert_eq!(sink.messages().len(), 3);

    // The next morning: Tuesday's report (PED-2's 25 t of Monday 23:59 is Monday's; the
    // Tuesday 00:00 loading is Tuesday's).
    at(&app, "2026-03-04T09:00:00Z");
    assert_eq!(jobs.run_daily_report().unwrap().unwrap().companies, 2);
    let tuesday = sink.to("rui@demo.com").remove(1);
    assert_eq!(
        tuesday.subject,
        "Relatório de carregamentos de 03/03/2026 - Demo Agro"
    );
    assert!(tuesday.text.contains("Atendidos: 1\n"), "{}", tuesday.text);
    assert!(tuesday
        .text
        .contains("  - Pedido PED-2 (Fazenda <Boa> & Cia): 1 veículo, 99,00 t\n"));
    assert_eq!(sink.messages().len(), 6);
}

#[actix_rt::test]
async fn the_report_hour_is_configurable_and_read_in_the_company_zone() {
    let app = TestApp::new();
    let sink = SmtpSink::start();
    let mut mail = smtp(&sink.url());
    mail.settings.report_hour = 8;
    let state = app.state_with_mail(app.db.pool().clone(), mail);
    report_people(&app).await;
    // The other company keeps its days in Manaus (UTC-4).
    fixtures::settings_saved(&app, app.ids.other, json!({ "timeZone": "America/Manaus" })).await;
    let jobs = state.services.mail_jobs.clone();
    // 07:59 in São Paulo.
    at(&app, "2026-03-03T10:59:00Z");
    assert_eq!(jobs.run_daily_report().unwrap().unwrap().companies, 0);
    // 08:00 in São Paulo, 07:00 in Manaus: only the demo.
    at(&app, "2026-03-03T11:00:00Z");
    assert_eq!(jobs.run_daily_report().unwrap().unwrap().companies, 1);
    assert_eq!(
        sink.recipients(),
        vec!["lia@demo.com".to_owned(), "rui@demo.com".to_owned()]
    );
    // 08:00 in Manaus.
    at(&app, "2026-03-03T12:00:00Z");
    assert_eq!(jobs.run_daily_report().unwrap().unwrap().companies, 1);
    assert_eq!(sink.to("ze@outra.com").len(), 1);
}

#[actix_rt::test]
async fn a_running_report_on_another_instance_or_a_day_already_sent_is_skipped() {
    let app = TestApp::new();
    let sink = SmtpSink::start();
    let state = with_smtp(&app, &sink.url());
    report_people(&app).await;
    let jobs = state.services.mail_jobs.clone();
    at(&app, "2026-03-03T09:30:00Z");

    // Another instance holds the job's lock (its transaction is open): this run skips.
    let mut holder = app.db.connect().unwrap();
    holder
        .batch_execute(&format!(
            "BEGIN; SELECT pg_advisory_xact_lock({DAILY_REPORT_JOB_KEY});"
        ))
        .unwrap();
    assert!(jobs.run_daily_report().unwrap().is_none());
    holder.batch_execute("ROLLBACK").unwrap();

    // Another instance got past the lock and sent the demo's day: the sent-log says so.
    // why: another instance's sent-log row; this instance's job writes one only when it sends.
    app.sql(&format!(
        "INSERT INTO daily_reports (company_id, day, recipients) VALUES ({}, '2026-03-02', 2)",
        app.ids.demo
    ));
    let run = jobs.run_daily_report().unwrap().unwrap();
    assert_eq!(run.companies, 1);
    assert_eq!(sink.recipients(), vec!["ze@outra.com".to_owned()]);
}

#[test]
fn two_instances_racing_send_each_report_once() {
    for round in 0..5 {
        let app = TestApp::new();
        let sink = SmtpSink::start();
        actix_rt::System::new().block_on(async {
            report_people(&app).await;
        });
        at(&app, "2026-03-03T09:30:00Z");
        // Two instances, each with its own pool, two runners each.
        let instances: Vec<_> = (0..2)
            .map(|_| {
                let pool = build_pool_with(
                    app.db.url(),
                    &PoolOptions {
                        max_size: 4,
                        min_idle: Some(4),
                        connection_timeout: Duration::from_secs(30),
                        ..Default::default()
                    },
                )
                .unwrap();
                app.state_with_mail(pool, smtp(&sink.url()))
            })
            .collect();
        let runners = 4;
        let barrier = Arc::new(Barrier::new(runners));
        let threads: Vec<_> = (0..runners)
            .map(|i| {
                let jobs = instances[i % 2].services.mail_jobs.clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    jobs.run_daily_report().unwrap()
                })
            })
            .collect();
        let runs: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        let companies: usize = runs.iter().flatten().map(|r| r.companies).sum();
        assert_eq!(companies, 2, "round {round}: each company once: {runs:?}");
        assert_eq!(
            sink.recipients(),
            vec![
                "lia@demo.com".to_owned(),
                "rui@demo.com".to_owned(),
                "ze@outra.com".to_owned()
            ],
            "round {round}"
        );
        assert_eq!(
            app.scalar_i64("SELECT count(*) AS v FROM outbox"),
            3,
            "round {round}"
        );
        assert_eq!(
            app.scalar_i64("SELECT count(*) AS v FROM daily_reports"),
            2,
            "round {round}"
        );
        // And once more, after the race: nothing.
        let again = instances[1].services.mail_jobs.run_daily_report().unwrap();
        assert_eq!(again.unwrap().companies, 0);
        assert_eq!(sink.messages().len(), 3);
    }
}
