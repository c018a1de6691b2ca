//! Blocked dates ('Bloqueios', spec 3 sections 3, 5, 7): 'Data é obrigatório', the role and
//! tenant matrix, the list of every company for administrators, delete, staff logs.

use crate::{common, settings_support};
use actix_web::http::StatusCode;
use common::*;
use serde_json::json;
use settings_support::*;

#[actix_rt::test]
async fn blocked_dates_need_a_date_and_are_saved_sorted() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    for body in [
        json!({ "company": { "id": app.ids.demo }, "title": "Carnaval", "dates": [] }),
        json!({ "company": { "id": app.ids.demo }, "title": "Carnaval" }),
    ] {
        let (status, answer, _) = p.root.post("/api/holidays/save", body).await.parts();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(answer["message"], "Data é obrigatório");
        assert_eq!(answer["fields"]["dates"], "Data é obrigatório");
    }
    let (status, answer, _) = p
        .root
        .post(
            "/api/holidays/save",
            json!({ "company": { "id": app.ids.demo }, "title": "x", "dates": ["2026-02-30"] }),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["fields"]["dates"], "Data inválida: 2026-02-30");

    let (status, saved, _) = p
        .root
        .post(
            "/api/holidays/save",
            json!({ "company": { "id": app.ids.demo }, "title": "Carnaval",
                    "dates": ["2026-02-17", "2026-02-16", "2026-02-17"] }),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    assert_eq!(saved["title"], "Carnaval");
    assert_eq!(saved["dates"], json!(["2026-02-16", "2026-02-17"]));
    assert_eq!(saved["company"]["id"], app.ids.demo);
    assert_eq!(
        app.scalar_text("SELECT dates::text AS v FROM holidays"),
        r#"["2026-02-16", "2026-02-17"]"#
    );
    assert_eq!(staff_logs(&app, "HOLIDAY", "CREATE"), 1);
    let title = app.scalar_text("SELECT title AS v FROM staff_logs WHERE object_type = 'HOLIDAY'");
    assert!(title.contains("<b>Carnaval</b>"), "{title}");

    // Updated by id; the title is escaped in the log.
    let id = saved["id"].as_i64().unwrap();
    let (status, updated, _) = p.root.post("/api/holidays/save", json!({ "id": id, "company": app.ids.demo, "title": "<i>Festa</i>", "dates": "[\"2026-06-24\"]" })).await.parts();
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert_eq!(updated["dates"], json!(["2026-06-24"]));
    let title = app.scalar_text(
        "SELECT title AS v FROM staff_logs WHERE object_type = 'HOLIDAY' AND operation_type = 'UPDATE'",
    );
    assert!(title.contains("&lt;i&gt;Festa&lt;/i&gt;"), "{title}");
    // Not through another company.
    let (status, _, _) = p
        .root
        .post(
            "/api/holidays/save",
            json!({ "id": id, "company": app.ids.other, "title": "x", "dates": ["2026-01-01"] }),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_rt::test]
async fn blocked_dates_roles_and_tenants() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    for (company, title, date) in [
        (app.ids.demo, "Natal", "2026-12-25"),
        (app.ids.other, "Aniversário", "2026-01-26"),
    ] {
        let saved = json!({ "company": { "id": company }, "title": title, "dates": [date] });
        let (status, answer) = p.root.post("/api/holidays/save", saved).await.pair();
        assert!(status.is_success(), "{status} {answer}");
    }
    let body =
        json!({ "company": { "id": app.ids.demo }, "title": "Ano novo", "dates": ["2027-01-01"] });

    // Writing: root administrators only.
    for cookie in [
        &p.admin,
        &p.usuario,
        &p.expedicao,
        &p.transp,
        &p.driver,
        &p.other_usuario,
    ] {
        let (status, answer, _) = cookie
            .post("/api/holidays/save", body.clone())
            .await
            .parts();
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    }
    // Reading a company's: its staff, administrators; not drivers, not other companies.
    let uri = format!("/api/holidays/company/{}", app.ids.demo);
    for cookie in [&p.root, &p.admin, &p.usuario, &p.expedicao, &p.transp] {
        let (status, list, _) = cookie.get(&uri).await.parts();
        assert_eq!(status, StatusCode::OK, "{list}");
        assert_eq!(list.as_array().unwrap().len(), 1);
        assert_eq!(list[0]["title"], "Natal");
    }
    assert_eq!(p.driver.get(&uri).await.parts().0, StatusCode::FORBIDDEN);
    assert_eq!(
        p.other_usuario.get(&uri).await.parts().0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(anon.get(&uri).await.parts().0, StatusCode::UNAUTHORIZED);
    // GET /holidays: every company's for administrators, the own company's for the others.
    let (_, all, _) = p.root.get("/api/holidays").await.parts();
    assert_eq!(all.as_array().unwrap().len(), 2);
    let (_, all, _) = p.admin.get("/api/holidays").await.parts();
    assert_eq!(all.as_array().unwrap().len(), 2);
    let (_, own, _) = p.other_usuario.get("/api/holidays").await.parts();
    assert_eq!(own.as_array().unwrap().len(), 1);
    assert_eq!(own[0]["title"], "Aniversário");
    assert_eq!(
        p.driver.get("/api/holidays").await.parts().0,
        StatusCode::FORBIDDEN
    );

    // Deleting.
    let natal = app.scalar_i64("SELECT id AS v FROM holidays WHERE title = 'Natal'");
    let del = format!("/api/holidays/delete/{natal}");
    for cookie in [&p.admin, &p.usuario, &p.driver] {
        assert_eq!(cookie.delete(&del).await.parts().0, StatusCode::FORBIDDEN);
    }
    assert_eq!(p.root.delete(&del).await.parts().0, StatusCode::NO_CONTENT);
    assert_eq!(p.root.delete(&del).await.parts().0, StatusCode::NOT_FOUND);
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM holidays"), 1);
    assert_eq!(staff_logs(&app, "HOLIDAY", "DELETE"), 1);
}
