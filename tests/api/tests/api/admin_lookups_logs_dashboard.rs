//! Contacts, autocomplete pickers, the postal-code lookup, the log search and the staff
//! dashboard (issue 3).

use crate::common;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
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
    let svc = app.service().await;
    let (status, doc, _) = send(&svc, TestRequest::get().uri("/api/openapi.json")).await;
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
    let svc = app.service().await;
    let company_contact = app.scalar_i64(&format!(
        "SELECT id AS v FROM contacts WHERE company_id = {}",
        app.ids.demo
    ));
    let usuario = login(&svc, USUARIO).await;
    expect(
        &svc,
        delete(&format!("/api/contact/delete/{company_contact}"), &usuario),
        StatusCode::FORBIDDEN,
    )
    .await;
    let admin = login(&svc, ADMIN).await;
    let body = expect(
        &svc,
        delete(&format!("/api/contact/delete/{company_contact}"), &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["message"], "Excluido com sucesso!");
    assert_eq!(log_count(&app, "DELETE", "CONTACT"), 1);
    expect(
        &svc,
        delete(&format!("/api/contact/delete/{company_contact}"), &admin),
        StatusCode::NOT_FOUND,
    )
    .await;

    // A customer's contact: its company's Usuario, not another tenant's.
    let mut body = customer_body(1, "Com contato", None);
    body["contact"] = json!([contact("Ana", "66999990000", "ana@x.com")]);
    let created = expect(
        &svc,
        post("/api/customer/create", &usuario, body),
        StatusCode::CREATED,
    )
    .await;
    let contact_id = created["contact"][0]["id"].as_i64().unwrap();
    let other = login(&svc, OTHER_USUARIO).await;
    expect(
        &svc,
        delete(&format!("/api/contact/delete/{contact_id}"), &other),
        StatusCode::NOT_FOUND,
    )
    .await;
    expect(
        &svc,
        delete(&format!("/api/contact/delete/{contact_id}"), &usuario),
        StatusCode::OK,
    )
    .await;
    // A contact id of another owner cannot be edited through a form.
    let mut body = customer_body(2, "Outro", None);
    body["contact"] = json!([{ "id": company_contact + 1000, "name": "X", "fone": "66999990000", "email": "x@x.com" }]);
    expect(
        &svc,
        post("/api/customer/create", &usuario, body),
        StatusCode::NOT_FOUND,
    )
    .await;
}

// ---- Autocomplete

#[actix_rt::test]
async fn pickers_answer_within_the_actor_s_scope() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;
    let found = expect(&svc, get("/api/company/like/EMPR", &admin), StatusCode::OK).await;
    assert_eq!(names(&found), ["Outra Empresa"]);
    assert_eq!(found[0]["code"], app.ids.other);
    let all = expect(&svc, get("/api/company/like", &admin), StatusCode::OK).await;
    assert_eq!(names(&all), ["Demo Agro", "Outra Empresa"]);

    let usuario = login(&svc, USUARIO).await;
    let mine = expect(&svc, get("/api/company/like/a", &usuario), StatusCode::OK).await;
    assert_eq!(names(&mine), ["Demo Agro"]);
    let carriers = expect(
        &svc,
        get(
            &format!("/api/shipping-company/like/demo/company/{}", app.ids.demo),
            &usuario,
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(names(&carriers), ["Transportadora Demo"]);
    assert_eq!(carriers[0]["code"], 1);
    expect(
        &svc,
        get(
            &format!("/api/shipping-company/like/demo/company/{}", app.ids.other),
            &usuario,
        ),
        StatusCode::NOT_FOUND,
    )
    .await;
    let by_code = expect(
        &svc,
        get("/api/shipping-company/like/1", &usuario),
        StatusCode::OK,
    )
    .await;
    assert_eq!(names(&by_code), ["Transportadora Demo"]);
    let users = expect(&svc, get("/api/user/like/outra", &admin), StatusCode::OK).await;
    assert_eq!(users[0]["email"], "outra@empresa.local");
    let none = expect(&svc, get("/api/user/like/outra", &usuario), StatusCode::OK).await;
    assert_eq!(none, json!([]));

    let roles = expect(&svc, get("/api/role/like/TRANS", &usuario), StatusCode::OK).await;
    assert_eq!(
        roles,
        json!([{ "id": "Transportadora", "name": "Transportadora" }])
    );
    let roles = expect(
        &svc,
        get("/api/role/like/expedi%C3%A7%C3%A3o", &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(roles, json!([{ "id": "Expedicao", "name": "Expedição" }]));
    let every = expect(&svc, get("/api/role/like", &admin), StatusCode::OK).await;
    assert_eq!(every.as_array().unwrap().len(), 6);

    let transp = login(&svc, TRANSP).await;
    expect(
        &svc,
        get("/api/company/like/a", &transp),
        StatusCode::FORBIDDEN,
    )
    .await;
    let own = expect(
        &svc,
        get("/api/shipping-company/like", &transp),
        StatusCode::OK,
    )
    .await;
    assert_eq!(names(&own), ["Transportadora Demo"]);
    let (status, _, _) = send(&svc, TestRequest::get().uri("/api/company/like/a")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

// ---- Postal code

#[actix_rt::test]
async fn postal_code_lookup_against_the_stub() {
    let app = TestApp::new();
    let svc = app.service().await;
    let usuario = login(&svc, USUARIO).await;
    let found = expect(
        &svc,
        get("/api/postal-code/01001-000", &usuario),
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        found,
        json!({ "cep": "01001-000", "street": "Praça da Sé", "complement": "lado ímpar",
                "district": "Sé", "city": "São Paulo", "uf": "SP" })
    );
    let body = expect(
        &svc,
        get("/api/postal-code/99999999", &usuario),
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(body["message"], "CEP não encontrado!");
    let body = expect(
        &svc,
        get("/api/postal-code/123", &usuario),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(fields(&body)["zipCode"], "CEP inválido");
    let body = expect(
        &svc,
        get("/api/postal-code/77777777", &usuario),
        StatusCode::SERVICE_UNAVAILABLE,
    )
    .await;
    assert_eq!(body["code"], "unavailable");
    let (status, _, _) = send(&svc, TestRequest::get().uri("/api/postal-code/01001000")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

// ---- Logs

#[actix_rt::test]
async fn log_search_filters_and_pages() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;
    let usuario = login(&svc, USUARIO).await;
    expect(
        &svc,
        post(
            "/api/customer/create",
            &usuario,
            customer_body(1, "Fazenda <Sol>", None),
        ),
        StatusCode::CREATED,
    )
    .await;
    // An entry from five days ago, outside the default range (yesterday to today).
    app.sql(
        "INSERT INTO staff_logs (operation_type, object_type, title, created_at)
             VALUES ('DELETE', 'CUSTOMER', 'Antigo', now() - interval '5 days')",
    );

    let all = expect(&svc, get("/api/logs", &admin), StatusCode::OK).await;
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

    let created = expect(
        &svc,
        get(
            &format!(
                "/api/logs?operation_type=CREATE&object_type=CUSTOMER&companyId={}&userId={}",
                app.ids.demo, app.ids.usuario
            ),
            &admin,
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(created.as_array().unwrap().len(), 1);
    assert_eq!(created[0]["company"]["name"], "Demo Agro");
    assert_eq!(created[0]["user"]["id"], app.ids.usuario);
    assert_eq!(
        created[0]["details"][0],
        json!({ "key": "Código", "value": "1" })
    );

    let logins = expect(
        &svc,
        get("/api/logs?operation_type=LOGIN&pageSize=1", &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(logins.as_array().unwrap().len(), 1);
    let page2 = expect(
        &svc,
        get("/api/logs?operation_type=LOGIN&pageSize=1&page=2", &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(page2.as_array().unwrap().len(), 1);
    assert_ne!(logins[0]["id"], page2[0]["id"]);

    let t = today(&app);
    let old = expect(
        &svc,
        get(
            &format!(
                "/api/logs?startDate={}&endDate={}",
                t - Duration::days(6),
                t
            ),
            &admin,
        ),
        StatusCode::OK,
    )
    .await;
    assert!(old
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["title"] == "Antigo"));

    let body = expect(
        &svc,
        get(
            &format!("/api/logs?startDate={t}&endDate={}", t - Duration::days(1)),
            &admin,
        ),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        fields(&body)["endDate"],
        "A data final não pode ser anterior à data inicial!"
    );
    let body = expect(
        &svc,
        get("/api/logs?startDate=ontem", &admin),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(fields(&body)["startDate"], "Data inválida!");
    expect(&svc, get("/api/logs", &usuario), StatusCode::FORBIDDEN).await;
}

#[actix_rt::test]
async fn log_filter_choices_have_labels() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;
    app.sql("INSERT INTO staff_logs (operation_type, object_type, title) VALUES ('IN_QUEUE', 'QUEUE', 'x')");
    let ops = expect(&svc, get("/api/logs/operations", &admin), StatusCode::OK).await;
    let ops = ops.as_array().unwrap();
    assert!(ops.contains(&json!({ "id": "CREATE", "label": "Cadastro" })));
    assert!(ops.contains(&json!({ "id": "IMPORT", "label": "Importação" })));
    assert!(
        ops.contains(&json!({ "id": "IN_QUEUE", "label": "IN_QUEUE" })),
        "words found in the log"
    );
    let objects = expect(&svc, get("/api/logs/objects", &admin), StatusCode::OK).await;
    assert!(objects
        .as_array()
        .unwrap()
        .contains(&json!({ "id": "SHIPPING_COMPANY", "label": "Transportadora" })));
    let usuario = login(&svc, USUARIO).await;
    expect(
        &svc,
        get("/api/logs/objects", &usuario),
        StatusCode::FORBIDDEN,
    )
    .await;
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
        app.sql(&format!(
            "INSERT INTO queue_entries (company_id, driver_id, truck_id, status, date, closed_at)
             VALUES ({company}, {driver}, {truck}, '{status}', '{day}', now())"
        ));
    }
}

#[actix_rt::test]
async fn programmed_counts_what_was_planned_and_a_settings_change_keeps_past_days() {
    let app = TestApp::new();
    let svc = app.service().await;
    let t = today(&app);
    let admin = login(&svc, ADMIN).await;
    let week = |svc_day: NaiveDate| {
        format!(
            "/api/scheduling/totals/company/{}?startDate={}&endDate={t}",
            app.ids.demo, svc_day
        )
    };
    let from = t - Duration::days(6);
    // No entry at all: nothing was planned, whatever the capacity (40 a day in the seed).
    let empty = expect(&svc, get(&week(from), &admin), StatusCode::OK).await;
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
    let before = expect(&svc, get(&week(from), &admin), StatusCode::OK).await;
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
    app.sql(&format!(
        "UPDATE settings SET week_days = '[false,false,false,false,false,false,false]',
                programmed_total = 0 WHERE company_id = {}",
        app.ids.demo
    ));
    let after = expect(&svc, get(&week(from), &admin), StatusCode::OK).await;
    assert_eq!(of(&after, past), 2);
    assert_eq!(after, before);
}

#[actix_rt::test]
async fn scheduling_totals_per_company_and_per_day() {
    let app = TestApp::new();
    let svc = app.service().await;
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

    let admin = login(&svc, ADMIN).await;
    let all = expect(
        &svc,
        get("/api/scheduling/totals/all", &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        all,
        json!([
            { "name": "Demo Agro", "companyId": app.ids.demo, "faulty": 3, "attended": 3,
              "programmedTotal": 6 },
            { "name": "Outra Empresa", "companyId": app.ids.other, "faulty": 0, "attended": 1,
              "programmedTotal": 1 },
        ])
    );

    let usuario = login(&svc, USUARIO).await;
    let mine = expect(
        &svc,
        get("/api/scheduling/totals/all", &usuario),
        StatusCode::OK,
    )
    .await;
    assert_eq!(names(&mine), ["Demo Agro"]);
    let days = expect(
        &svc,
        get(
            &format!(
                "/api/scheduling/totals/company/{}?startDate={}&endDate={t}",
                app.ids.demo,
                t - Duration::days(1)
            ),
            &usuario,
        ),
        StatusCode::OK,
    )
    .await;
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
    let month = expect(
        &svc,
        get(
            &format!(
                "/api/scheduling/totals/company/{}?startDate={}",
                app.ids.demo,
                t - Duration::days(30)
            ),
            &usuario,
        ),
        StatusCode::OK,
    )
    .await;
    let attended: i64 = month
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["attended"].as_i64().unwrap())
        .sum();
    assert_eq!(attended, 8);

    expect(
        &svc,
        get(
            &format!("/api/scheduling/totals/company/{}", app.ids.other),
            &usuario,
        ),
        StatusCode::NOT_FOUND,
    )
    .await;
    let body = expect(
        &svc,
        get(
            &format!(
                "/api/scheduling/totals/all?endDate={}",
                t + Duration::days(1)
            ),
            &admin,
        ),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        fields(&body)["endDate"],
        "A data final não pode ser posterior a hoje!"
    );
    let body = expect(
        &svc,
        get(
            &format!(
                "/api/scheduling/totals/all?startDate={t}&endDate={}",
                t - Duration::days(2)
            ),
            &admin,
        ),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        fields(&body)["endDate"],
        "A data final não pode ser anterior à data inicial!"
    );
    let transp = login(&svc, TRANSP).await;
    expect(
        &svc,
        get("/api/scheduling/totals/all", &transp),
        StatusCode::FORBIDDEN,
    )
    .await;
}

#[actix_rt::test]
async fn order_totals_complete_versus_in_progress() {
    let app = TestApp::new();
    let svc = app.service().await;
    app.sql(&format!(
        "INSERT INTO customers (company_id, code, name) VALUES ({demo}, 1, 'C'), ({other}, 1, 'D');
         INSERT INTO orders (company_id, code, customer_id, status)
              SELECT {demo}, 'A', id, 100 FROM customers WHERE company_id = {demo};
         INSERT INTO orders (company_id, code, customer_id, status)
              SELECT {demo}, 'B', id, 40 FROM customers WHERE company_id = {demo};
         INSERT INTO orders (company_id, code, customer_id, status)
              SELECT {demo}, 'C', id, 0 FROM customers WHERE company_id = {demo};
         INSERT INTO orders (company_id, code, customer_id, status, enable)
              SELECT {demo}, 'D', id, 0, FALSE FROM customers WHERE company_id = {demo};
         INSERT INTO orders (company_id, code, customer_id, status, created_at)
              SELECT {other}, 'E', id, 100, now() - interval '60 days' FROM customers WHERE company_id = {other};",
        demo = app.ids.demo,
        other = app.ids.other
    ));
    let admin = login(&svc, ADMIN).await;
    let all = expect(&svc, get("/api/order/totals/all", &admin), StatusCode::OK).await;
    assert_eq!(all, json!({ "complete": 2, "process": 2 }));
    let recent = expect(
        &svc,
        get(
            &format!(
                "/api/order/totals/all?startDate={}",
                today(&app) - Duration::days(7)
            ),
            &admin,
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(recent, json!({ "complete": 1, "process": 2 }));
    let usuario = login(&svc, USUARIO).await;
    let demo = expect(
        &svc,
        get(
            &format!("/api/order/totals/company/{}", app.ids.demo),
            &usuario,
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(demo, json!({ "complete": 1, "process": 2 }));
    let mine = expect(&svc, get("/api/order/totals/all", &usuario), StatusCode::OK).await;
    assert_eq!(mine, demo);
    expect(
        &svc,
        get(
            &format!("/api/order/totals/company/{}", app.ids.other),
            &usuario,
        ),
        StatusCode::NOT_FOUND,
    )
    .await;
    let expedicao = login(&svc, EXPEDICAO).await;
    expect(
        &svc,
        get("/api/order/totals/all", &expedicao),
        StatusCode::FORBIDDEN,
    )
    .await;
}
