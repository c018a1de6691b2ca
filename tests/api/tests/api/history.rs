//! The loading history (issue 13, spec 3 "Loading history"): a loading completed through the
//! dispatch calls shows in `GET /scheduling`, grouped or not, and in its three exports (CSV,
//! XLSX, PDF) from the same query; who may read and export; another company's id is 404.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use serde_json::{json, Value};

use common::TestApp;
use queue_common::*;

const EXP: &str = "expedicao@patio.local";

/// A loading of 30 t ordered, joined, started and completed with 28.5 t through the API on
/// Monday 2026-03-02; its id.
async fn completed_loading<S, B>(svc: &S, app: &TestApp) -> i64
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let demo = app.ids.demo;
    let pairs = add_drivers(app, demo, 1, 7);
    let (driver, truck) = pairs[0];
    let customer = app.scalar_i64(&format!(
        "INSERT INTO customers (company_id, code, name) VALUES ({demo}, 7, 'Fazenda São João') RETURNING id AS v"
    ));
    let order = app.scalar_i64(&format!(
        "INSERT INTO orders (company_id, code, customer_id) VALUES ({demo}, 'PED-H1', {customer}) RETURNING id AS v"
    ));
    let loading = app.scalar_i64(&format!(
        "INSERT INTO schedulings (company_id, order_id, truck_id, driver_id, qty_ordered, expiration_date)
         VALUES ({demo}, {order}, {truck}, {driver}, 30, '2026-03-20') RETURNING id AS v"
    ));
    let me = bearer(app, &driver_actor(driver, demo));
    let (s, b) = call(
        svc,
        "POST",
        "/api/queue/save",
        Some(&me),
        Some(json!({ "scheduling": { "id": loading } })),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let entry = b["id"].as_i64().unwrap();
    let exp = bearer(app, &staff(app, EXP));
    let company = json!({ "company": { "id": demo } });
    let (s, b) = call(
        svc,
        "POST",
        "/api/attendances/save",
        Some(&exp),
        Some(company),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = call(
        svc,
        "PUT",
        "/api/queue/start",
        Some(&exp),
        Some(json!({ "id": entry, "status": true })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    at(app, "2026-03-02T12:40:00Z");
    let close = json!({ "id": loading, "status": true, "qtyTransported": 28.5 });
    let (s, b) = call(
        svc,
        "POST",
        "/api/scheduling/close",
        Some(&exp),
        Some(close),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    loading
}

fn driver_actor(id: i64, company: i64) -> patio_domain::auth::Actor {
    driver(id, company)
}

async fn bytes<S, B>(svc: &S, uri: &str, auth: &str) -> (StatusCode, Vec<u8>, String)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let res = test::call_service(
        svc,
        TestRequest::get()
            .uri(uri)
            .insert_header(("Authorization", auth.to_owned()))
            .to_request(),
    )
    .await;
    let status = res.status();
    let disposition = res
        .headers()
        .get("content-disposition")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = test::read_body(res).await.to_vec();
    (status, body, disposition)
}

/// The text a PDF shows: its literal `(...)` and hex `<...>` strings, WinAnsi decoded.
fn pdf_text(pdf: &[u8]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < pdf.len() {
        if pdf[i] == b'(' {
            let mut j = i + 1;
            while j < pdf.len() && pdf[j] != b')' {
                if pdf[j] == b'\\' {
                    j += 1;
                }
                out.push(pdf[j] as char);
                j += 1;
            }
            out.push('\n');
            i = j;
        } else if pdf[i] == b'<' && pdf.get(i + 1).is_some_and(u8::is_ascii_hexdigit) {
            let end = i + pdf[i..].iter().position(|b| *b == b'>').unwrap();
            let hex = std::str::from_utf8(&pdf[i + 1..end]).unwrap();
            for k in (0..hex.len()).step_by(2) {
                out.push(u8::from_str_radix(&hex[k..k + 2], 16).unwrap() as char);
            }
            out.push('\n');
            i = end;
        }
        i += 1;
    }
    out
}

#[actix_web::test]
async fn a_completed_loading_shows_in_the_history_and_its_three_exports() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let svc = app.service().await;
    let loading = completed_loading(&svc, &app).await;
    let admin = bearer(&app, &staff(&app, "admin@patio.local"));

    let (s, page) = call(&svc, "GET", "/api/scheduling", Some(&admin), None).await;
    assert_eq!(s, StatusCode::OK, "{page}");
    assert_eq!(page["total"], 1);
    assert_eq!(page["pageSize"], 9);
    assert_eq!(page["canExport"], true);
    let row = &page["items"][0];
    assert_eq!(row["id"], loading);
    assert_eq!(row["date"], "02/03/2026");
    assert_eq!(row["orderCode"], "PED-H1");
    assert_eq!(row["customer"], "Fazenda São João");
    assert_eq!(row["qtyTransported"], 28.5);
    assert_eq!(row["qtyOrdered"], 30.0);

    // Grouped by customer: one row with its loadings and tonnes.
    let (s, grouped) = call(
        &svc,
        "GET",
        "/api/scheduling?groupBy=cliente",
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(grouped["groupedBy"], "Cliente");
    assert_eq!(grouped["items"][0]["key"], "Fazenda São João");
    assert_eq!(grouped["items"][0]["loadings"], 1);

    // The three files, from the same query.
    let (s, csv, disposition) = bytes(&svc, "/api/history/export.csv", &admin).await;
    assert_eq!(s, StatusCode::OK);
    assert!(disposition.contains("historico.csv"));
    let text = String::from_utf8(csv).unwrap();
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(
        lines[0],
        "Data;Empresa;Pedido;Cliente;Placa;Motorista;Pedido (t);Carregado (t)"
    );
    assert_eq!(lines.len(), 2);
    assert!(
        lines[1].starts_with("02/03/2026;Demo Agro;PED-H1;Fazenda São João;"),
        "{}",
        lines[1]
    );
    assert!(lines[1].ends_with(";30,000;28,500"), "{}", lines[1]);

    let (s, xlsx, disposition) = bytes(&svc, "/api/history/export.xlsx", &admin).await;
    assert_eq!(s, StatusCode::OK);
    assert!(disposition.contains("Historico de Descarregamento.xlsx"));
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(xlsx)).unwrap();
    let sheet = book.worksheet_range("Histórico").unwrap();
    let cells: Vec<Vec<String>> = sheet
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect();
    assert_eq!(cells.len(), 2);
    assert_eq!(cells[1][3], "Fazenda São João");
    assert_eq!(cells[1][7], "28,500");

    let (s, pdf, disposition) = bytes(&svc, "/api/history/report.pdf", &admin).await;
    assert_eq!(s, StatusCode::OK);
    assert!(disposition.contains("report.pdf"));
    assert!(pdf.starts_with(b"%PDF-"));
    let shown = pdf_text(&pdf);
    for expected in [
        "Histórico",
        "PED-H1",
        "Fazenda São João",
        "28,500",
        "Página 1 de 1",
    ] {
        assert!(
            shown.lines().any(|l| l == expected),
            "{expected} in {shown}"
        );
    }
}

#[actix_web::test]
async fn who_reads_and_exports_the_history() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let svc = app.service().await;
    completed_loading(&svc, &app).await;
    let usuario = bearer(&app, &staff(&app, "usuario@patio.local"));
    let (s, page) = call(&svc, "GET", "/api/scheduling", Some(&usuario), None).await;
    assert_eq!((s, page["total"].clone()), (StatusCode::OK, json!(1)));
    // Another company's user sees none of it, and asking for it is 404.
    let other = bearer(&app, &staff(&app, "outra@empresa.local"));
    let (s, page) = call(&svc, "GET", "/api/scheduling", Some(&other), None).await;
    assert_eq!((s, page["total"].clone()), (StatusCode::OK, json!(0)));
    let uri = format!("/api/scheduling?companyId={}", app.ids.demo);
    let (s, _) = call(&svc, "GET", &uri, Some(&other), None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = bytes(
        &svc,
        &format!("/api/history/export.csv?companyId={}", app.ids.demo),
        &other,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // Dispatch and carriers neither read nor export.
    for email in [EXP, "transp@patio.local"] {
        let who = bearer(&app, &staff(&app, email));
        let (s, _) = call(&svc, "GET", "/api/scheduling", Some(&who), None).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{email}");
        let (s, _, _) = bytes(&svc, "/api/history/report.pdf", &who).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{email}");
    }
    // Only the screen's periods and groupings.
    let (s, b): (StatusCode, Value) = call(
        &svc,
        "GET",
        "/api/scheduling?period=45",
        Some(&usuario),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        b["fields"]["period"],
        "Período inválido: escolha 30, 60, 90 ou 120 dias."
    );
    let (s, b) = call(
        &svc,
        "GET",
        "/api/scheduling?groupBy=placa",
        Some(&usuario),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(b["fields"]["groupBy"], "Agrupamento inválido.");
    // Without a session: 401.
    let (s, _) = call(&svc, "GET", "/api/scheduling", None, None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}
