//! The loading history (issue 13, spec 3 "Loading history"): a loading completed through the
//! dispatch calls shows in `GET /scheduling`, grouped or not, and in its three exports (CSV,
//! XLSX, PDF) from the same query; who may read and export; another company's id is 404.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use serde_json::{json, Value};

use common::{fixtures, TestApp};
use queue_common::*;

const EXP: &str = "expedicao@patio.local";

/// A loading of 30 t ordered, joined, started and completed with 28.5 t through the API on
/// Monday 2026-03-02; its id.
async fn completed_loading(app: &TestApp) -> i64 {
    let demo = app.ids.demo;
    let pairs = add_drivers(app, demo, 1, 7);
    let (driver, truck) = pairs[0];
    let usuario = app.usuario_of(demo).await;
    let spec = fixtures::OrderSpec::new("PED-H1", 100.0).customer(7, "Fazenda São João");
    let order = fixtures::order(&usuario, spec).await.id;
    let loading = fixtures::loading(&usuario, order, truck, driver, 30.0, Some("2026-03-20")).await;
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
    let exp = app.expedicao_of(app.ids.demo).await;
    let company = json!({ "company": { "id": demo } });
    let (s, b) = exp.post("/api/attendances/save", company).await.pair();
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = exp
        .put("/api/queue/start", json!({ "id": entry, "status": true }))
        .await
        .pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    at(app, "2026-03-02T12:40:00Z");
    let close = json!({ "id": loading, "status": true, "qtyTransported": 28.5 });
    let (s, b) = exp.post("/api/scheduling/close", close).await.pair();
    assert_eq!(s, StatusCode::OK, "{b}");
    loading
}

#[actix_web::test]
async fn a_completed_loading_shows_in_the_history_and_its_three_exports() {
    let app = TestApp::new();
    at(&app, MONDAY_0900);
    let loading = completed_loading(&app).await;
    let admin = app.admin().await;

    let (s, page) = admin.get("/api/scheduling").await.pair();
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
    let (s, grouped) = admin.get("/api/scheduling?groupBy=cliente").await.pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(grouped["groupedBy"], "Cliente");
    assert_eq!(grouped["items"][0]["key"], "Fazenda São João");
    assert_eq!(grouped["items"][0]["loadings"], 1);

    // The three files, from the same query.
    let (s, csv, disposition) = admin.get("/api/history/export.csv").await.file();
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

    let (s, xlsx, disposition) = admin.get("/api/history/export.xlsx").await.file();
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
    // Tonnes and the date are typed cells (issue 22), not text.
    assert_eq!(sheet.get((1, 6)), Some(&calamine::Data::Float(30.0)));
    assert_eq!(sheet.get((1, 7)), Some(&calamine::Data::Float(28.5)));
    assert!(
        matches!(sheet.get((1, 0)), Some(calamine::Data::DateTime(d)) if d.is_datetime()),
        "{:?}",
        sheet.get((1, 0))
    );

    let (s, pdf, disposition) = admin.get("/api/history/report.pdf").await.file();
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
    let anon = app.anonymous().await;
    completed_loading(&app).await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let (s, page) = usuario.get("/api/scheduling").await.pair();
    assert_eq!((s, page["total"].clone()), (StatusCode::OK, json!(1)));
    // Another company's user sees none of it, and asking for it is 404.
    let other = app.usuario_of(app.ids.other).await;
    let (s, page) = other.get("/api/scheduling").await.pair();
    assert_eq!((s, page["total"].clone()), (StatusCode::OK, json!(0)));
    let uri = format!("/api/scheduling?companyId={}", app.ids.demo);
    let (s, _) = other.get(&uri).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = other
        .get(&format!(
            "/api/history/export.csv?companyId={}",
            app.ids.demo
        ))
        .await
        .file();
    assert_eq!(s, StatusCode::NOT_FOUND);
    // Dispatch and carriers neither read nor export.
    for email in [EXP, "transp@patio.local"] {
        let who = app.staff(email).await;
        let (s, _) = who.get("/api/scheduling").await.pair();
        assert_eq!(s, StatusCode::FORBIDDEN, "{email}");
        let (s, _, _) = who.get("/api/history/report.pdf").await.file();
        assert_eq!(s, StatusCode::FORBIDDEN, "{email}");
    }
    // Only the screen's periods and groupings.
    let (s, b): (StatusCode, Value) = usuario.get("/api/scheduling?period=45").await.pair();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        b["fields"]["period"],
        "Período inválido: escolha 30, 60, 90 ou 120 dias."
    );
    let (s, b) = usuario.get("/api/scheduling?groupBy=placa").await.pair();
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(b["fields"]["groupBy"], "Agrupamento inválido.");
    // Without a session: 401.
    let (s, _) = anon.get("/api/scheduling").await.pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}
