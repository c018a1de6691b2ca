//! Company settings (spec 3 sections 3, 5, 7, 8): read by role and tenant, save with every
//! validation message, partial saves, delay reasons, logo upload checked by content and size,
//! the tolerance switch, the server's date and time, and the staff log of each change.

use crate::{common, settings_support};
use actix_web::http::StatusCode;
use common::*;
use serde_json::{json, Value};
use settings_support::*;

fn save(body: Value) -> Req {
    post("/api/settings/save", body)
}

/// A complete, valid save of the Informações tab for `company`.
fn full_body(company: i64) -> Value {
    json!({
        "company": company,
        "checkinIp": "200.10.20.30,2001:db8::1",
        "enableCheckin": true,
        "programmedTotal": 35,
        "queue_edit_hours_limit": 4,
        "timeAttendence": "00:20",
        "start": "06:00",
        "end": "18:00",
        "startInterval": "11:30",
        "endInterval": "12:30",
        "googleMaps": "https://www.google.com/maps/embed?pb=abc",
        "weekDays": "[false,true,true,true,true,true,false]",
        "delay": [
            { "reason": "Chuva", "time": 30, "icon": "☔" },
            { "reason": "Balança em manutenção", "time": "01:15", "icon": null }
        ],
        "scheduling_day_limit": 10,
        "hour_entry_Limit": 2,
        "enableTolerance": true,
        "tolerance": "00:40",
        "enableRecaptcha": false,
        "recaptchaSite": "",
        "enable_missing_validation": true,
        "missing_limit": 3,
        "missing_limit_after_block": 7,
        "missing_validation_period": 60,
        "enableQueueSave": false,
        "enableQueueWithoutScheduling": true,
        "timeZone": "America/Cuiaba"
    })
}

#[actix_rt::test]
async fn settings_are_read_by_the_company_people_with_the_spec_spellings() {
    let app = TestApp::new();
    // The root administrator keeps a reCAPTCHA key pair on the form (reCAPTCHA stays off).
    app.admin()
        .await
        .run(save(json!({ "company": app.ids.demo, "recaptchaSite": "site", "recaptchaSecret": "segredo" })))
        .await
        .expect(StatusCode::OK);
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let uri = format!("/api/settings/company/{}", app.ids.demo);

    let (status, body, _) = p.root.get(&uri).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["company"]["id"], app.ids.demo);
    assert_eq!(body["start"], "07:00");
    assert_eq!(body["end"], "17:00");
    assert_eq!(body["startInterval"], "12:00");
    assert_eq!(body["endInterval"], "13:00");
    assert_eq!(body["timeAttendence"], "00:30");
    assert_eq!(body["programmedTotal"], 40);
    assert_eq!(body["tolerance"], "00:00");
    assert_eq!(body["queue_edit_hours_limit"], 6);
    assert_eq!(body["hour_entry_Limit"], 0);
    assert_eq!(body["scheduling_day_limit"], Value::Null);
    assert_eq!(body["missing_validation_period"], 30);
    assert_eq!(body["enableQueueSave"], true);
    assert_eq!(body["enableQueueWithoutScheduling"], false);
    assert_eq!(body["timeZone"], "America/Sao_Paulo");
    assert_eq!(
        body["weekDays"],
        json!([false, true, true, true, true, true, true])
    );
    assert_eq!(body["delay"], json!([]));
    assert_eq!(body["recaptchaSecret"], "segredo", "root sees the secret");
    assert_eq!(body["recaptchaSite"], "site");

    // Company staff and drivers read them, without the secret.
    for cookie in [&p.usuario, &p.expedicao, &p.transp, &p.driver, &p.admin] {
        let (status, body, _) = cookie.get(&uri).await.parts();
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["recaptchaSecret"], Value::Null);
        assert_eq!(body["start"], "07:00");
    }
    // Another company's people: as if it did not exist.
    for cookie in [&p.other_usuario, &p.other_driver] {
        let (status, body, _) = cookie.get(&uri).await.parts();
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_eq!(body["code"], "not_found");
    }
    assert_eq!(
        p.root.get("/api/settings/company/999999").await.parts().0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(anon.get(&uri).await.parts().0, StatusCode::UNAUTHORIZED);
}

#[actix_rt::test]
async fn settings_read_can_be_saved_back_unchanged() {
    let app = TestApp::new();
    let root = app.admin().await;
    let uri = format!("/api/settings/company/{}", app.ids.demo);
    let (status, read, _) = root.get(&uri).await.parts();
    assert_eq!(status, StatusCode::OK, "{read}");

    // What was read, `id` and `logo` included, is a valid save that changes nothing.
    let (status, saved, _) = root.run(save(read.clone())).await.parts();
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["settings"], read);
}

#[actix_rt::test]
async fn a_company_without_settings_reads_the_defaults() {
    let app = TestApp::new();
    // why: a company whose settings row is missing (a legacy row); the product makes one with
    // every company.
    app.sql(&format!(
        "DELETE FROM settings WHERE company_id = {}",
        app.ids.other
    ));
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let (status, body, _) = p
        .other_usuario
        .get(&format!("/api/settings/company/{}", app.ids.other))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["id"], Value::Null);
    assert_eq!(body["start"], "00:00");
    assert_eq!(body["enableQueueSave"], true);
    assert_eq!(body["programmedTotal"], 0);
}

#[actix_rt::test]
async fn root_administrator_saves_every_field_and_the_delay_list() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let (status, body, _) = p.root.run(save(full_body(app.ids.demo))).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Alterações salvas com sucesso");
    let s = &body["settings"];
    assert_eq!(s["checkinIp"], "200.10.20.30,2001:db8::1");
    assert_eq!(s["enableCheckin"], true);
    assert_eq!(s["programmedTotal"], 35);
    assert_eq!(s["queue_edit_hours_limit"], 4);
    assert_eq!(s["timeAttendence"], "00:20");
    assert_eq!(
        (s["start"].as_str(), s["end"].as_str()),
        (Some("06:00"), Some("18:00"))
    );
    assert_eq!(s["startInterval"], "11:30");
    assert_eq!(s["endInterval"], "12:30");
    assert_eq!(s["googleMaps"], "https://www.google.com/maps/embed?pb=abc");
    assert_eq!(
        s["weekDays"],
        json!([false, true, true, true, true, true, false])
    );
    assert_eq!(s["scheduling_day_limit"], 10);
    assert_eq!(s["hour_entry_Limit"], 2);
    assert_eq!(s["enableTolerance"], true);
    assert_eq!(s["tolerance"], "00:40");
    assert_eq!(s["enable_missing_validation"], true);
    assert_eq!(s["missing_limit"], 3);
    assert_eq!(s["missing_limit_after_block"], 7);
    assert_eq!(s["missing_validation_period"], 60);
    assert_eq!(s["enableQueueSave"], false);
    assert_eq!(s["enableQueueWithoutScheduling"], true);
    assert_eq!(s["timeZone"], "America/Cuiaba");
    let delays = s["delay"].as_array().unwrap();
    assert_eq!(delays.len(), 2);
    assert_eq!(delays[0]["reason"], "Chuva");
    assert_eq!(delays[0]["time"], 30);
    assert_eq!(delays[0]["icon"], "☔");
    assert_eq!(delays[1]["time"], 75, "01:15 is 75 minutes");

    // Stored as typed.
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT to_char(start_time, 'HH24:MI') || '-' || to_char(end_time, 'HH24:MI') || ' ' || week_days::text AS v
               FROM settings WHERE company_id = {}",
            app.ids.demo
        )),
        "06:00-18:00 [false, true, true, true, true, true, false]"
    );
    assert_eq!(staff_logs(&app, "SETTINGS", "UPDATE"), 1);
    let title = app.scalar_text("SELECT title AS v FROM staff_logs WHERE object_type = 'SETTINGS'");
    assert!(title.contains("<b>Demo Agro</b>"), "{title}");

    // A second save updates a delay by its id and adds another; the others stay.
    let chuva = delays[0]["id"].as_i64().unwrap();
    let mut body = full_body(app.ids.demo);
    body["delay"] = json!([
        { "id": chuva, "reason": "Chuva forte", "time": 45, "icon": "🌧" },
        { "reason": "Fila de descarga", "time": 20 }
    ]);
    let (status, saved, _) = p.root.run(save(body)).await.parts();
    assert_eq!(status, StatusCode::OK, "{saved}");
    let delays = saved["settings"]["delay"].as_array().unwrap();
    assert_eq!(delays.len(), 3);
    assert_eq!(delays[0]["reason"], "Chuva forte");
    assert_eq!(delays[0]["time"], 45);

    // A delay of another company cannot be edited through this one.
    app.admin()
        .await
        .run(save(
            json!({ "company": app.ids.other, "delay": [{ "reason": "Outra", "time": 10 }] }),
        ))
        .await
        .expect(StatusCode::OK);
    let foreign = app.scalar_i64("SELECT id AS v FROM delays WHERE reason = 'Outra'");
    let mut body = full_body(app.ids.demo);
    body["delay"] = json!([{ "id": foreign, "reason": "Tomada", "time": 5 }]);
    assert_eq!(
        p.root.run(save(body)).await.parts().0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.scalar_text("SELECT reason AS v FROM delays WHERE reason IN ('Outra', 'Tomada')"),
        "Outra"
    );
}

#[actix_rt::test]
async fn only_root_administrators_save_settings() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    for cookie in [
        &p.admin,
        &p.usuario,
        &p.expedicao,
        &p.transp,
        &p.driver,
        &p.other_usuario,
    ] {
        let (status, body, _) = cookie.run(save(full_body(app.ids.demo))).await.parts();
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["message"], "Você não tem permissão de acesso!");
    }
    assert_eq!(
        anon.post("/api/settings/save", full_body(app.ids.demo))
            .await
            .parts()
            .0,
        StatusCode::UNAUTHORIZED
    );
    // Root administrators reach every company; an unknown company is 404.
    assert_eq!(
        p.root.run(save(full_body(app.ids.other))).await.parts().0,
        StatusCode::OK
    );
    assert_eq!(
        p.root.run(save(full_body(999_999))).await.parts().0,
        StatusCode::NOT_FOUND
    );
    let (status, body, _) = p.root.run(save(json!({ "start": "07:00" }))).await.parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["fields"]["company"], "Selecione uma empresa!");
    assert_eq!(staff_logs(&app, "SETTINGS", "UPDATE"), 1);
}

/// Saves `changes` over the demo's full body and returns the 422 field messages.
async fn refused(cookie: &Client, company: i64, changes: Value) -> Value {
    let mut body = full_body(company);
    for (k, v) in changes.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (status, answer, _) = cookie.run(save(body)).await.parts();
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{changes} -> {answer}"
    );
    assert_eq!(answer["code"], "validation");
    answer["fields"].clone()
}

#[actix_rt::test]
async fn every_settings_field_is_validated_with_its_message() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let c = app.ids.demo;
    let cases: Vec<(Value, &str, &str)> = vec![
        (
            json!({ "start": "7h" }),
            "start",
            "Informe o horário no formato HH:mm.",
        ),
        // A misspelled name is not silently dropped.
        (
            json!({ "hourEntryLimit": 3 }),
            "hourEntryLimit",
            "Campo desconhecido.",
        ),
        (
            json!({ "end": "25:00" }),
            "end",
            "Informe o horário no formato HH:mm.",
        ),
        (
            json!({ "timeAttendence": "30" }),
            "timeAttendence",
            "Informe o horário no formato HH:mm.",
        ),
        (
            json!({ "tolerance": "1:5" }),
            "tolerance",
            "Informe o horário no formato HH:mm.",
        ),
        (
            json!({ "start": "18:00", "end": "06:00" }),
            "end",
            "O horário final deve ser depois do horário inicial.",
        ),
        (
            json!({ "startInterval": "12:30", "endInterval": "11:30" }),
            "endInterval",
            "O fim do intervalo deve ser depois do início do intervalo.",
        ),
        (
            json!({ "startInterval": "05:00", "endInterval": "06:30" }),
            "startInterval",
            "O intervalo deve estar dentro do horário de atendimento.",
        ),
        (
            json!({ "checkinIp": "1.1.1.1,2.2.2.2,3.3.3.3" }),
            "checkinIp",
            "Informe no máximo 2 IPs.",
        ),
        (
            json!({ "checkinIp": "1.1.1.1,999.1.1.1" }),
            "checkinIp",
            "IP inválido: 999.1.1.1",
        ),
        (
            json!({ "missing_validation_period": 45 }),
            "missing_validation_period",
            "Período de validação deve ser 30, 60, 90, 120, 150 ou 180 dias.",
        ),
        (
            json!({ "programmedTotal": -1 }),
            "programmedTotal",
            "Informe um número maior ou igual a zero.",
        ),
        (
            json!({ "queue_edit_hours_limit": -6 }),
            "queue_edit_hours_limit",
            "Informe um número maior ou igual a zero.",
        ),
        (
            json!({ "hour_entry_Limit": "duas" }),
            "hour_entry_Limit",
            "Informe um número inteiro.",
        ),
        (
            json!({ "scheduling_day_limit": -1 }),
            "scheduling_day_limit",
            "Informe um número maior ou igual a zero.",
        ),
        (
            json!({ "missing_limit": 0 }),
            "missing_limit",
            "Informe o limite de faltas (pelo menos 1) para validar as faltas.",
        ),
        (
            json!({ "missing_limit_after_block": -2 }),
            "missing_limit_after_block",
            "Informe um número maior ou igual a zero.",
        ),
        (
            json!({ "timeZone": "Brasil/Cuiaba" }),
            "timeZone",
            "Fuso horário inválido.",
        ),
        (
            json!({ "googleMaps": "javascript:alert(1)" }),
            "googleMaps",
            "Informe o endereço de incorporação do Google Maps (começando com https://).",
        ),
        (
            json!({ "weekDays": "[true,false]" }),
            "weekDays",
            "Informe os dias da semana (sete valores, de domingo a sábado).",
        ),
        (
            json!({ "enableRecaptcha": true, "recaptchaSite": "" }),
            "recaptchaSite",
            "Informe a chave do site do reCAPTCHA.",
        ),
        (
            json!({ "delay": [{ "reason": "", "time": 10 }] }),
            "delay[0].reason",
            "Informe o motivo do atraso.",
        ),
        (
            json!({ "delay": [{ "reason": "Chuva", "time": 0 }] }),
            "delay[0].time",
            "Informe o tempo do atraso (HH:mm ou minutos, até 24 horas).",
        ),
    ];
    for (changes, field, message) in cases {
        let fields = refused(&p.root, c, changes.clone()).await;
        assert_eq!(fields[field], message, "{changes}: {fields}");
    }
    // Every problem of one save at once.
    let fields = refused(
        &p.root,
        c,
        json!({ "start": "x", "programmedTotal": -3, "missing_validation_period": 7 }),
    )
    .await;
    assert_eq!(fields.as_object().unwrap().len(), 3, "{fields}");
    // Nothing was written by the refused saves.
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT to_char(start_time, 'HH24:MI') AS v FROM settings WHERE company_id = {c}"
        )),
        "07:00"
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM delays"), 0);
    assert_eq!(staff_logs(&app, "SETTINGS", "UPDATE"), 0);
}

#[actix_rt::test]
async fn a_tab_may_save_only_its_fields_and_the_secret_is_kept_unless_changed() {
    let app = TestApp::new();
    // why: this test counts every settings save it makes (the staff log); a setup save would
    // be one more.
    app.sql(&format!(
        "UPDATE settings SET recaptcha_secret = 'segredo' WHERE company_id = {}",
        app.ids.demo
    ));
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let c = app.ids.demo;

    let (status, body, _) = p
        .root
        .run(save(
            json!({ "company": { "id": c }, "enableQueueSave": false }),
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    let s = &body["settings"];
    assert_eq!(s["enableQueueSave"], false);
    assert_eq!(s["start"], "07:00", "untouched fields keep their values");
    assert_eq!(s["programmedTotal"], 40);
    assert_eq!(
        s["weekDays"],
        json!([false, true, true, true, true, true, true])
    );

    // reCAPTCHA on with a site key: the stored secret counts.
    let (status, body, _) = p.root.run(save(json!({ "company": c, "enableRecaptcha": true, "recaptchaSite": "chave-site", "recaptchaSecret": null }))).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["settings"]["recaptchaSecret"], "segredo");
    // Clearing the secret while reCAPTCHA stays on is refused.
    let (status, body, _) = p
        .root
        .run(save(json!({ "company": c, "recaptchaSecret": "" })))
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["fields"]["recaptchaSecret"],
        "Informe a chave secreta do reCAPTCHA."
    );
    // Turned off and cleared together, it is.
    let (status, body, _) = p
        .root
        .run(save(
            json!({ "company": c, "enableRecaptcha": false, "recaptchaSecret": "" }),
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["settings"]["recaptchaSecret"], Value::Null);
    // weekDays as an array is accepted as well as the spec's JSON text.
    let (status, body, _) = p.root.run(save(json!({ "company": c, "weekDays": [true, true, true, true, true, true, true], "scheduling_day_limit": "" }))).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["settings"]["weekDays"],
        json!([true, true, true, true, true, true, true])
    );
    assert_eq!(body["settings"]["scheduling_day_limit"], Value::Null);
    assert_eq!(
        staff_logs(&app, "SETTINGS", "UPDATE"),
        4,
        "the refused save wrote none"
    );
}

#[actix_rt::test]
async fn logo_upload_is_checked_by_content_and_size_and_served_read_only() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let c = app.ids.demo.to_string();

    let (status, body, _) = p
        .root
        .send(multipart(
            "/api/settings/upload",
            &[
                file("logo", "logo.png", "image/png", &png()),
                text("company", &c),
            ],
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    let first = body["logo"].as_str().unwrap().to_owned();
    assert!(
        first.starts_with("/uploads/logos/") && first.ends_with(".png"),
        "{first}"
    );
    assert!(uploaded_file(&app, &first).is_file());
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT logo AS v FROM companies WHERE id = {}",
            app.ids.demo
        )),
        first
    );
    // The login pages see it through the company.
    let (_, host, _) = anon.get("/api/company/host?host=localhost").await.parts();
    assert_eq!(host["logo"], first.as_str());
    // Served read-only, as an image that cannot be sniffed into something else.
    let res = anon.get(&first).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.header("content-type").unwrap(), "image/png");
    assert_eq!(res.header("x-content-type-options").unwrap(), "nosniff");
    assert_eq!(res.bytes.as_slice(), png().as_slice());
    assert_eq!(
        anon.get("/uploads/logos/nada.png").await.parts().0,
        StatusCode::NOT_FOUND
    );

    // A JPEG replaces it and the old file goes.
    let (status, body, _) = p
        .root
        .send(multipart(
            "/api/settings/upload",
            &[
                file("logo", "logo.jpeg", "image/jpeg", &jpeg()),
                text("company", &c),
            ],
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    let second = body["logo"].as_str().unwrap().to_owned();
    assert!(second.ends_with(".jpg"), "{second}");
    assert!(
        !uploaded_file(&app, &first).exists(),
        "the replaced logo is removed"
    );
    assert_eq!(staff_logs(&app, "SETTINGS", "UPDATE"), 2);

    // A text file renamed .png, and an image over 2 MB, are refused.
    let (status, body, _) = p
        .root
        .send(multipart(
            "/api/settings/upload",
            &[
                file("logo", "logo.png", "image/png", b"<svg onload=alert(1)>"),
                text("company", &c),
            ],
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["fields"]["logo"], "A imagem deve ser PNG ou JPEG.");
    let big = png_of_size(2 * 1024 * 1024 + 1);
    let (status, body, _) = p
        .root
        .send(multipart(
            "/api/settings/upload",
            &[
                file("logo", "grande.png", "image/png", &big),
                text("company", &c),
            ],
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["fields"]["logo"], "A imagem deve ter no máximo 2 MB.");
    let (status, body, _) = p
        .root
        .send(multipart(
            "/api/settings/upload",
            &[
                file("logo", "vazio.png", "image/png", b""),
                text("company", &c),
            ],
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["fields"]["logo"], "Selecione uma imagem.");
    // Not multipart at all.
    let (status, body, _) = p
        .root
        .post("/api/settings/upload", json!({ "company": c }))
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT logo AS v FROM companies WHERE id = {}",
            app.ids.demo
        )),
        second,
        "refused uploads change nothing"
    );

    // Roles and tenants.
    for cookie in [&p.admin, &p.usuario, &p.expedicao, &p.driver] {
        let (status, _, _) = cookie
            .send(multipart(
                "/api/settings/upload",
                &[
                    file("logo", "logo.png", "image/png", &png()),
                    text("company", &c),
                ],
            ))
            .await
            .parts();
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let (status, _, _) = p
        .root
        .send(multipart(
            "/api/settings/upload",
            &[
                file("logo", "logo.png", "image/png", &png()),
                text("company", "999999"),
            ],
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(staff_logs(&app, "SETTINGS", "UPDATE"), 2);
    std::fs::remove_file(uploaded_file(&app, &second)).unwrap();
}

#[actix_rt::test]
async fn tolerance_is_switched_by_root_administrators_and_the_company_dispatch() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let toggle = |company: i64, on: bool| {
        post(
            "/api/settings/toggle-tolerance",
            json!({ "company": { "id": company }, "tolerance": on }),
        )
    };
    let enabled = |app: &TestApp| {
        app.scalar_i64(&format!(
            "SELECT enable_tolerance::int::bigint AS v FROM settings WHERE company_id = {}",
            app.ids.demo
        ))
    };

    let (status, body, _) = p.root.run(toggle(app.ids.demo, true)).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({ "company": { "id": app.ids.demo }, "enableTolerance": true })
    );
    assert_eq!(enabled(&app), 1);
    let (status, body, _) = p.expedicao.run(toggle(app.ids.demo, false)).await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(enabled(&app), 0);
    assert_eq!(staff_logs(&app, "SETTINGS", "UPDATE"), 2);
    let title = app.scalar_text(
        "SELECT title AS v FROM staff_logs WHERE object_type = 'SETTINGS' ORDER BY id DESC LIMIT 1",
    );
    assert!(title.contains("desligada"), "{title}");

    for cookie in [&p.admin, &p.usuario, &p.espectador, &p.transp, &p.driver] {
        let (status, body, _) = cookie.run(toggle(app.ids.demo, true)).await.parts();
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    }
    // The dispatch of one company does not reach another.
    assert_eq!(
        p.expedicao.run(toggle(app.ids.other, true)).await.parts().0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(enabled(&app), 0);
    let (status, body, _) = p
        .root
        .post(
            "/api/settings/toggle-tolerance",
            json!({ "company": app.ids.demo }),
        )
        .await
        .parts();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
}

#[actix_rt::test]
async fn date_time_is_the_server_clock_in_the_company_zone() {
    let app = TestApp::new();
    *app.clock.0.lock().unwrap() = chrono::DateTime::parse_from_rfc3339("2026-03-10T01:30:05Z")
        .unwrap()
        .with_timezone(&chrono::Utc);
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;

    let (status, body, _) = p.driver.get("/api/settings/date-time").await.parts();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["dateTime"], "2026-03-09T22:30:05-03:00");
    assert_eq!(body["date"], "09/03/2026");
    assert_eq!(body["time"], "22:30:05");
    assert_eq!(body["timeZone"], "America/Sao_Paulo");

    app.admin()
        .await
        .run(save(
            json!({ "company": app.ids.demo, "timeZone": "America/Manaus" }),
        ))
        .await
        .expect(StatusCode::OK);
    let (_, body, _) = p.usuario.get("/api/settings/date-time").await.parts();
    assert_eq!(body["time"], "21:30:05");
    assert_eq!(body["timeZone"], "America/Manaus");
    // An administrator without a company names one, or gets São Paulo.
    let (_, body, _) = p
        .root
        .get(&format!(
            "/api/settings/date-time?companyId={}",
            app.ids.demo
        ))
        .await
        .parts();
    assert_eq!(body["timeZone"], "America/Manaus");
    let (_, body, _) = p.root.get("/api/settings/date-time").await.parts();
    assert_eq!(body["timeZone"], "America/Sao_Paulo");
    // Not another company's, and not without a session.
    assert_eq!(
        p.other_driver
            .get(&format!(
                "/api/settings/date-time?companyId={}",
                app.ids.demo
            ))
            .await
            .parts()
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        anon.get("/api/settings/date-time").await.parts().0,
        StatusCode::UNAUTHORIZED
    );
}

#[actix_rt::test]
async fn delay_reasons_are_deleted_by_root_administrators() {
    let app = TestApp::new();
    app.admin()
        .await
        .run(save(
            json!({ "company": app.ids.demo, "delay": [{ "reason": "Chuva", "time": 30 }] }),
        ))
        .await
        .expect(StatusCode::OK);
    let id = app.scalar_i64("SELECT id AS v FROM delays");
    let anon = app.anonymous().await;
    let p = people(&app, &anon).await;
    let uri = format!("/api/delay/delete/{id}");
    for cookie in [
        &p.admin,
        &p.usuario,
        &p.expedicao,
        &p.driver,
        &p.other_usuario,
    ] {
        assert_eq!(cookie.delete(&uri).await.parts().0, StatusCode::FORBIDDEN);
    }
    let (status, body, _) = p.root.delete(&uri).await.parts();
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM delays"), 0);
    assert_eq!(staff_logs(&app, "DELAY", "DELETE"), 1);
    assert_eq!(p.root.delete(&uri).await.parts().0, StatusCode::NOT_FOUND);
}
