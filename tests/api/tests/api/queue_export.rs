//! The dispatch panel's export (issue 13, spec 3 "Expedition home"): the queue's first 4 days
//! as CSV (`GET /queue/company/{id}/export.csv`) and A4 portrait PDF
//! (`GET /queue/company/{id}/report.pdf`), with the role / company matrix.

use crate::{common, queue_common};
use actix_web::http::StatusCode;
use serde_json::json;

use common::TestApp;
use queue_common::*;

#[actix_web::test]
async fn the_panel_exports_the_queue_s_first_four_days_as_csv_and_pdf() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    // One a day: each join lands on the next attendance day.
    settings(&app, app.ids.demo, json!({ "programmedTotal": 1 })).await;
    at(&app, MONDAY_0900);
    let anon = app.anonymous().await;
    let demo = app.ids.demo;
    let pairs = add_drivers(&app, demo, 5, 4);
    let queue_svc = app.state.services.queue.clone();
    for (d, t) in &pairs {
        join_freelancer(&queue_svc, demo, *d, *t).unwrap();
    }
    let dates: Vec<String> = {
        let mut v = Vec::new();
        for (d, _) in &pairs {
            v.push(app.scalar_text(&format!(
                "SELECT to_char(date, 'DD/MM/YYYY') AS v FROM queue_entries WHERE driver_id = {d}"
            )));
        }
        v
    };
    let plates: Vec<String> = pairs
        .iter()
        .map(|(_, t)| {
            app.scalar_text(&format!(
                "SELECT license_plate AS v FROM trucks WHERE id = {t}"
            ))
        })
        .collect();
    let exp = app.expedicao_of(app.ids.demo).await;
    let csv_uri = format!("/api/queue/company/{demo}/export.csv");
    let pdf_uri = format!("/api/queue/company/{demo}/report.pdf");

    let (s, csv, disposition) = exp.get(&csv_uri).await.file();
    assert_eq!(s, StatusCode::OK);
    assert!(disposition.contains("fila.csv"), "{disposition}");
    let text = String::from_utf8(csv).unwrap();
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "Dia",
            "Posição",
            "Placa",
            "Motorista",
            "Modelo",
            "Pedido",
            "Cliente",
            "Horário"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    // Five vehicles on five days: the first four days only.
    assert_eq!(rows.len(), 4, "{text}");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(&row[0], dates[i].as_str(), "{text}");
        assert_eq!(&row[2], plates[i].as_str());
        assert_eq!(&row[3], format!("MOTORISTA {}", i + 1));
        assert_eq!(&row[5], "Autônomo");
    }
    assert!(!text.contains(&plates[4]), "{text}");

    let (s, pdf, disposition) = exp.get(&pdf_uri).await.file();
    assert_eq!(s, StatusCode::OK);
    assert!(disposition.contains("fila.pdf"), "{disposition}");
    assert!(pdf.starts_with(b"%PDF-"));
    // A4 portrait.
    assert!(
        String::from_utf8_lossy(&pdf).contains("/MediaBox [0 0 595 842]"),
        "A4 portrait"
    );
    let shown = pdf_text(&pdf);
    for expected in [
        "Fila",
        "Placa",
        "Posição",
        plates[0].as_str(),
        plates[3].as_str(),
        "Página 1 de 1",
    ] {
        assert!(
            shown.lines().any(|l| l == expected),
            "{expected} in {shown}"
        );
    }
    assert!(!shown.contains(&plates[4]));

    // Who: the panel's readers; not the Transportadora; another company 404; no session 401.
    for email in [
        "admin@patio.local",
        "usuario@patio.local",
        "espectador@patio.local",
        "portaria@patio.local",
    ] {
        let who = app.staff(email).await;
        for uri in [&csv_uri, &pdf_uri] {
            let (s, _, _) = who.get(uri).await.file();
            assert_eq!(s, StatusCode::OK, "{email} {uri}");
        }
    }
    for (email, status) in [
        ("transp@patio.local", StatusCode::FORBIDDEN),
        ("outra@empresa.local", StatusCode::NOT_FOUND),
    ] {
        let who = app.staff(email).await;
        for uri in [&csv_uri, &pdf_uri] {
            let (s, _, _) = who.get(uri).await.file();
            assert_eq!(s, status, "{email} {uri}");
        }
    }
    for uri in [&csv_uri, &pdf_uri] {
        let (s, _, _) = anon.get(uri).await.file();
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{uri}");
    }
    let driver_auth = app.driver_id(pairs[0].0, demo).await;
    let (s, _, _) = driver_auth.get(&csv_uri).await.file();
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, _, _) = app
        .admin()
        .await
        .get("/api/queue/company/999999/export.csv")
        .await
        .file();
    assert_eq!(s, StatusCode::NOT_FOUND);
}
