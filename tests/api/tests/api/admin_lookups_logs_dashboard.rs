//! Contacts, autocomplete pickers, the postal-code lookup, the log search and the staff
//! dashboard (issue 3).

use crate::common;
use actix_web::http::StatusCode;
use chrono::{Duration, NaiveDate};
use common::admin::*;
use common::*;
use serde_json::{json, Value};

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap().to_owned())
        .collect()
}

/// Today in São Paulo (no daylight saving since 2019).
fn today(app: &TestApp) -> NaiveDate {
    let offset = chrono::FixedOffset::west_opt(3 * 3600).unwrap();
    app.clock
        .0
        .lock()
        .unwrap()
        .with_timezone(&offset)
        .date_naive()
}

#[actix_rt::test]
async fn the_openapi_document_lists_the_administration_calls() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let (status, doc, _) = anon.get("/api/openapi.json").await.parts();
    assert_eq!(status, StatusCode::OK);
    for path in [
        "/api/company/create",
        "/api/customer/import",
        "/api/shipping-company/{id}",
        "/api/users/save",
        "/api/contact/delete/{id}",
        "/api/logs",
        "/api/scheduling/totals/company/{id}",
        "/api/order/totals/all",
        "/api/{resource}/like/{text}",
        "/api/postal-code/{cep}",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path}");
    }
}

// ---- Contacts

#[actix_rt::test]
async fn saved_contacts_are_deleted_by_those_who_may_change_their_owner() {
    let app = TestApp::new();
    let company_contact = app.scalar_i64(&format!(
        "SELECT id AS v FROM contacts WHERE company_id = {}",
        app.ids.demo
    ));
    let usuario = app.usuario_of(app.ids.demo).await;
    usuario
        .delete(&format!("/api/contact/delete/{company_contact}"))
        .await
        .expect(StatusCode::FORBIDDEN);
    let admin = app.admin().await;
    let body = admin
        .delete(&format!("/api/contact/delete/{company_contact}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(body["message"], "Excluido com sucesso!");
    assert_eq!(log_count(&app, "DELETE", "CONTACT"), 1);
    admin
        .delete(&format!("/api/contact/delete/{company_contact}"))
        .await
        .expect(StatusCode::NOT_FOUND);

    // A customer's contact: its company's Usuario, not another tenant's.
    let mut body = customer_body(1, "Com contato", None);
    body["contact"] = json!([contact("Ana", "66999990000", "ana@x.com")]);
    let created = usuario
        .post("/api/customer/create", body)
        .await
        .expect(StatusCode::CREATED);
    let contact_id = created["contact"][0]["id"].as_i64().unwrap();
    let other = app.usuario_of(app.ids.other).await;
    other
        .delete(&format!("/api/contact/delete/{contact_id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
    usuario
        .delete(&format!("/api/contact/delete/{contact_id}"))
        .await
        .expect(StatusCode::OK);
    // A contact id of another owner cannot be edited through a form.
    let mut body = customer_body(2, "Outro", None);
    body["contact"] = json!([{ "id": company_contact + 1000, "name": "X", "fone": "66999990000", "email": "x@x.com" }]);
    usuario
        .post("/api/customer/create", body)
        .await
        .expect(StatusCode::NOT_FOUND);
}

// ---- Autocomplete

#[actix_rt::test]
async fn pickers_answer_within_the_actor_s_scope() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let admin = app.admin().await;
    let found = admin
        .get("/api/company/like/EMPR")
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&found), ["Outra Empresa"]);
    assert_eq!(found[0]["code"], app.ids.other);
    let all = admin.get("/api/company/like").await.expect(StatusCode::OK);
    assert_eq!(names(&all), ["Demo Agro", "Outra Empresa"]);

    let usuario = app.usuario_of(app.ids.demo).await;
    let mine = usuario
        .get("/api/company/like/a")
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&mine), ["Demo Agro"]);
    let carriers = usuario
        .get(&format!(
            "/api/shipping-company/like/demo/company/{}",
            app.ids.demo
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&carriers), ["Transportadora Demo"]);
    assert_eq!(carriers[0]["code"], 1);
    usuario
        .get(&format!(
            "/api/shipping-company/like/demo/company/{}",
            app.ids.other
        ))
        .await
        .expect(StatusCode::NOT_FOUND);
    let by_code = usuario
        .get("/api/shipping-company/like/1")
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&by_code), ["Transportadora Demo"]);
    let users = admin
        .get("/api/user/like/outra")
        .await
        .expect(StatusCode::OK);
    assert_eq!(users[0]["email"], "outra@empresa.local");
    let none = usuario
        .get("/api/user/like/outra")
        .await
        .expect(StatusCode::OK);
    assert_eq!(none, json!([]));

    let roles = usuario
        .get("/api/role/like/TRANS")
        .await
        .expect(StatusCode::OK);
    assert_eq!(roles.as_array().unwrap().len(), 1, "{roles}");
    assert_eq!(roles[0]["id"], "Transportadora");
    assert_eq!(roles[0]["name"], "Transportadora");
    let roles = admin
        .get("/api/role/like/expedi%C3%A7%C3%A3o")
        .await
        .expect(StatusCode::OK);
    assert_eq!(roles.as_array().unwrap().len(), 1, "{roles}");
    assert_eq!(roles[0]["id"], "Expedicao");
    assert_eq!(roles[0]["name"], "Expedição");
    let every = admin.get("/api/role/like").await.expect(StatusCode::OK);
    assert_eq!(every.as_array().unwrap().len(), 6);

    let transp = app.transportadora_of(app.ids.demo).await;
    transp
        .get("/api/company/like/a")
        .await
        .expect(StatusCode::FORBIDDEN);
    let own = transp
        .get("/api/shipping-company/like")
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&own), ["Transportadora Demo"]);
    let (status, _, _) = anon.get("/api/company/like/a").await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

// ---- Postal code

#[actix_rt::test]
async fn postal_code_lookup_against_the_stub() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    let found = usuario
        .get("/api/postal-code/01001-000")
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        found,
        json!({ "cep": "01001-000", "street": "Praça da Sé", "complement": "lado ímpar",
                "district": "Sé", "city": "São Paulo", "uf": "SP" })
    );
    let body = usuario
        .get("/api/postal-code/99999999")
        .await
        .expect(StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "CEP não encontrado!");
    let body = usuario
        .get("/api/postal-code/123")
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["zipCode"], "CEP inválido");
    let body = usuario
        .get("/api/postal-code/77777777")
        .await
        .expect(StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["code"], "unavailable");
    let (status, _, _) = anon.get("/api/postal-code/01001000").await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

// ---- Logs

#[actix_rt::test]
async fn log_search_filters_and_pages() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let usuario = app.usuario_of(app.ids.demo).await;
    usuario
        .post(
            "/api/customer/create",
            customer_body(1, "Fazenda <Sol>", None),
        )
        .await
        .expect(StatusCode::CREATED);
    // An entry from five days ago, outside the default range (yesterday to today).
    // why: the product writes its logs now; only SQL dates one five days back.
    app.sql(
        "INSERT INTO staff_logs (operation_type, object_type, title, created_at)
             VALUES ('DELETE', 'CUSTOMER', 'Antigo', now() - interval '5 days')",
    );

    let all = admin.get("/api/logs").await.expect(StatusCode::OK);
    let titles: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["title"].as_str().unwrap())
        .collect();
    assert!(
        titles.contains(&"Cliente <b>1 - Fazenda &lt;Sol&gt;</b> cadastrado"),
        "{titles:?}"
    );
    assert!(!titles.contains(&"Antigo"));
    let first = &all[0];
    for key in [
        "id",
        "title",
        "operation_type",
        "object_type",
        "company",
        "user",
        "details",
        "created_at",
    ] {
        assert!(first.get(key).is_some(), "{key} in {first}");
    }

    let created = admin
        .get(&format!(
            "/api/logs?operation_type=CREATE&object_type=CUSTOMER&companyId={}&userId={}",
            app.ids.demo, app.ids.usuario
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(created.as_array().unwrap().len(), 1);
    assert_eq!(created[0]["company"]["name"], "Demo Agro");
    assert_eq!(created[0]["user"]["id"], app.ids.usuario);
    assert_eq!(
        created[0]["details"][0],
        json!({ "key": "Código", "value": "1" })
    );

    let logins = admin
        .get("/api/logs?operation_type=LOGIN&pageSize=1")
        .await
        .expect(StatusCode::OK);
    assert_eq!(logins.as_array().unwrap().len(), 1);
    let page2 = admin
        .get("/api/logs?operation_type=LOGIN&pageSize=1&page=2")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page2.as_array().unwrap().len(), 1);
    assert_ne!(logins[0]["id"], page2[0]["id"]);

    let t = today(&app);
    let old = admin
        .get(&format!(
            "/api/logs?startDate={}&endDate={}",
            t - Duration::days(6),
            t
        ))
        .await
        .expect(StatusCode::OK);
    assert!(old
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["title"] == "Antigo"));

    let body = admin
        .get(&format!(
            "/api/logs?startDate={t}&endDate={}",
            t - Duration::days(1)
        ))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["endDate"],
        "A data final não pode ser anterior à data inicial!"
    );
    let body = admin
        .get("/api/logs?startDate=ontem")
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["startDate"], "Data inválida!");
    usuario.get("/api/logs").await.expect(StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn log_filter_choices_have_labels() {
    let app = TestApp::new();
    let admin = app.admin().await;
    // why: the queue's words (IN_QUEUE on QUEUE) and a word this build does not know.
    app.sql("INSERT INTO staff_logs (operation_type, object_type, title) VALUES ('IN_QUEUE', 'QUEUE', 'x'), ('OLD_WORD', 'OLD_THING', 'y')");
    let ops = admin
        .get("/api/logs/operations")
        .await
        .expect(StatusCode::OK);
    let ops = ops.as_array().unwrap();
    assert!(ops.contains(&json!({ "id": "CREATE", "label": "Cadastro" })));
    assert!(ops.contains(&json!({ "id": "IMPORT", "label": "Importação" })));
    // Words found in the log join the list, in pt-BR (issue 22); an unknown word as it is.
    assert!(
        ops.contains(&json!({ "id": "IN_QUEUE", "label": "Entrada na fila" })),
        "{ops:?}"
    );
    assert!(ops.contains(&json!({ "id": "OLD_WORD", "label": "OLD_WORD" })));
    let objects = admin.get("/api/logs/objects").await.expect(StatusCode::OK);
    let objects = objects.as_array().unwrap();
    assert!(objects.contains(&json!({ "id": "SHIPPING_COMPANY", "label": "Transportadora" })));
    assert!(objects.contains(&json!({ "id": "QUEUE", "label": "Fila" })));
    let usuario = app.usuario_of(app.ids.demo).await;
    usuario
        .get("/api/logs/objects")
        .await
        .expect(StatusCode::FORBIDDEN);
}

// ---- Dashboard

/// Queue entries closed on `day` for the demo driver and truck.
fn closed_entries(app: &TestApp, company: i64, day: NaiveDate, status: &str, n: usize) {
    let truck = app.scalar_i64("SELECT id AS v FROM trucks WHERE license_plate = 'DEM0A12'");
    let driver = if company == app.ids.demo {
        app.ids.driver
    } else {
        app.ids.other_driver
    };
    for _ in 0..n {
        // why: entries of past days, closed: only time and the yard's day reach that state.
        app.sql(&format!(
            "INSERT INTO queue_entries (company_id, driver_id, truck_id, status, date, closed_at)
             VALUES ({company}, {driver}, {truck}, '{status}', '{day}', now())"
        ));
    }
}

#[actix_rt::test]
async fn programmed_counts_what_was_planned_and_a_settings_change_keeps_past_days() {
    let app = TestApp::new();
    let t = today(&app);
    let admin = app.admin().await;
    let week = |svc_day: NaiveDate| {
        format!(
            "/api/scheduling/totals/company/{}?startDate={}&endDate={t}",
            app.ids.demo, svc_day
        )
    };
    let from = t - Duration::days(6);
    // No entry at all: nothing was planned, whatever the capacity (40 a day in the seed).
    let empty = admin.get(&week(from)).await.expect(StatusCode::OK);
    let total: i64 = empty
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["programmedTotal"].as_i64().unwrap())
        .sum();
    assert_eq!(total, 0);

    // Two entries were planned for a past day (one attended, one faulty), one waits for today.
    let past = t - Duration::days(2);
    closed_entries(&app, app.ids.demo, past, "attended", 1);
    closed_entries(&app, app.ids.demo, past, "faulty", 1);
    closed_entries(&app, app.ids.demo, t, "waiting", 1);
    let before = admin.get(&week(from)).await.expect(StatusCode::OK);
    let of = |v: &serde_json::Value, d: NaiveDate| {
        v.as_array()
            .unwrap()
            .iter()
            .find(|x| x["date"] == d.to_string())
            .map(|x| x["programmedTotal"].as_i64().unwrap())
            .unwrap()
    };
    assert_eq!(of(&before, past), 2);
    assert_eq!(of(&before, t), 1);

    // Closing every week day in the settings does not rewrite what was planned.
    // why: the settings' save (POST /api/settings/save) with every day closed also re-plans
    // today's waiting entry (today's total goes 1 -> 0); this test reads only what the totals
    // keep for days already planned, so the row is changed directly.
    app.sql(&format!(
        "UPDATE settings SET week_days = '[false,false,false,false,false,false,false]',
                programmed_total = 0 WHERE company_id = {}",
        app.ids.demo
    ));
    let after = admin.get(&week(from)).await.expect(StatusCode::OK);
    assert_eq!(of(&after, past), 2);
    assert_eq!(after, before);
}

#[actix_rt::test]
async fn scheduling_totals_per_company_and_per_day() {
    let app = TestApp::new();
    let t = today(&app);
    closed_entries(&app, app.ids.demo, t, "attended", 3);
    closed_entries(&app, app.ids.demo, t - Duration::days(1), "faulty", 2);
    closed_entries(
        &app,
        app.ids.demo,
        t - Duration::days(1),
        "tolerance_dropped",
        1,
    );
    closed_entries(&app, app.ids.demo, t - Duration::days(30), "attended", 5);
    closed_entries(&app, app.ids.other, t, "attended", 1);

    // 'Programados' counts the entries planned for each day (closed ones keep their day), not
    // the capacity in the settings (40 a day for Demo Agro): 3 + 2 + 1 in the last week.

    let admin = app.admin().await;
    let all = admin
        .get("/api/scheduling/totals/all")
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        all,
        json!([
            { "name": "Demo Agro", "companyId": app.ids.demo, "faulty": 3, "attended": 3,
              "programmedTotal": 6 },
            { "name": "Outra Empresa", "companyId": app.ids.other, "faulty": 0, "attended": 1,
              "programmedTotal": 1 },
        ])
    );

    let usuario = app.usuario_of(app.ids.demo).await;
    let mine = usuario
        .get("/api/scheduling/totals/all")
        .await
        .expect(StatusCode::OK);
    assert_eq!(names(&mine), ["Demo Agro"]);
    let days = usuario
        .get(&format!(
            "/api/scheduling/totals/company/{}?startDate={}&endDate={t}",
            app.ids.demo,
            t - Duration::days(1)
        ))
        .await
        .expect(StatusCode::OK);
    let days = days.as_array().unwrap();
    assert_eq!(days.len(), 2);
    assert_eq!(
        days[0]["name"],
        (t - Duration::days(1)).format("%d/%m").to_string()
    );
    assert_eq!(days[0]["faulty"], 3);
    assert_eq!(days[1]["attended"], 3);
    assert_eq!(days[0]["programmedTotal"], 3);
    assert_eq!(days[1]["programmedTotal"], 3);
    let month = usuario
        .get(&format!(
            "/api/scheduling/totals/company/{}?startDate={}",
            app.ids.demo,
            t - Duration::days(30)
        ))
        .await
        .expect(StatusCode::OK);
    let attended: i64 = month
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["attended"].as_i64().unwrap())
        .sum();
    assert_eq!(attended, 8);

    usuario
        .get(&format!("/api/scheduling/totals/company/{}", app.ids.other))
        .await
        .expect(StatusCode::NOT_FOUND);
    let body = admin
        .get(&format!(
            "/api/scheduling/totals/all?endDate={}",
            t + Duration::days(1)
        ))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["endDate"],
        "A data final não pode ser posterior a hoje!"
    );
    let body = admin
        .get(&format!(
            "/api/scheduling/totals/all?startDate={t}&endDate={}",
            t - Duration::days(2)
        ))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body)["endDate"],
        "A data final não pode ser anterior à data inicial!"
    );
    let transp = app.transportadora_of(app.ids.demo).await;
    transp
        .get("/api/scheduling/totals/all")
        .await
        .expect(StatusCode::FORBIDDEN);
}

#[actix_rt::test]
async fn order_totals_complete_versus_in_progress() {
    let app = TestApp::new();
    // Orders of 100 t; what was transported outside loadings (`qtyTransported`, the order form)
    // makes the status: A and E complete, B at 40 %, C and D (disabled) at 0.
    let demo = app.usuario_of(app.ids.demo).await;
    let other = app.usuario_of(app.ids.other).await;
    for (by, n, code, transported, enable) in [
        (&demo, 1, "A", 100.0, true),
        (&demo, 2, "B", 40.0, true),
        (&demo, 3, "C", 0.0, true),
        (&demo, 4, "D", 0.0, false),
        (&other, 5, "E", 100.0, true),
    ] {
        let customer = format!("Cliente {code}");
        let spec = fixtures::OrderSpec::new(code, 100.0)
            .customer(n, &customer)
            .product(n, "SOJA")
            .enable(enable);
        let id = fixtures::order(by, spec).await.id;
        if transported == 0.0 {
            continue;
        }
        let mut edit = by
            .get(&format!("/api/order/{id}"))
            .await
            .expect(StatusCode::OK);
        edit["qtyTransported"] = json!(transported);
        by.post("/api/order/save", edit)
            .await
            .expect(StatusCode::OK);
    }
    // why: an order dated 60 days back; the database dates a new order now.
    app.sql(&format!(
        "UPDATE orders SET created_at = now() - interval '60 days' WHERE company_id = {}",
        app.ids.other
    ));
    let admin = app.admin().await;
    let all = admin
        .get("/api/order/totals/all")
        .await
        .expect(StatusCode::OK);
    assert_eq!(all, json!({ "complete": 2, "process": 2 }));
    let recent = admin
        .get(&format!(
            "/api/order/totals/all?startDate={}",
            today(&app) - Duration::days(7)
        ))
        .await
        .expect(StatusCode::OK);
    assert_eq!(recent, json!({ "complete": 1, "process": 2 }));
    let usuario = app.usuario_of(app.ids.demo).await;
    let demo = usuario
        .get(&format!("/api/order/totals/company/{}", app.ids.demo))
        .await
        .expect(StatusCode::OK);
    assert_eq!(demo, json!({ "complete": 1, "process": 2 }));
    let mine = usuario
        .get("/api/order/totals/all")
        .await
        .expect(StatusCode::OK);
    assert_eq!(mine, demo);
    usuario
        .get(&format!("/api/order/totals/company/{}", app.ids.other))
        .await
        .expect(StatusCode::NOT_FOUND);
    let expedicao = app.expedicao_of(app.ids.demo).await;
    expedicao
        .get("/api/order/totals/all")
        .await
        .expect(StatusCode::FORBIDDEN);
}
