//! Truck brands and models (issue 12, spec 2 "Brands and models"): the administrator manages
//! one catalog for every company; every signed-in user reads the lists the truck forms use.

use crate::common;
use actix_web::http::StatusCode;
use common::admin::*;
use common::*;
use serde_json::json;

#[actix_rt::test]
async fn an_administrator_creates_edits_lists_and_deletes_brands_and_models() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;

    let brand = expect(
        &svc,
        post(
            "/api/truck-brand/save",
            &admin,
            json!({ "id": 0, "name": "  Scania   do Brasil " }),
        ),
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(brand["name"], "Scania do Brasil");
    let brand_id = brand["id"].as_i64().unwrap();
    let edited = expect(
        &svc,
        post(
            "/api/truck-brand/save",
            &admin,
            json!({ "id": brand_id, "name": "Scania" }),
        ),
        StatusCode::OK,
    )
    .await;
    assert_eq!(edited["name"], "Scania");
    assert_eq!(log_count(&app, "CREATE", "TRUCK_BRAND"), 1);
    assert_eq!(log_count(&app, "UPDATE", "TRUCK_BRAND"), 1);

    let model = expect(
        &svc,
        post(
            "/api/truck-model/save",
            &admin,
            json!({ "id": 0, "name": "R 450", "truckBrand": { "id": brand_id } }),
        ),
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(
        model["truckBrand"],
        json!({ "id": brand_id, "name": "Scania" })
    );
    let model_id = model["id"].as_i64().unwrap();

    // The administrator's lists: paged by 8, searched by name (or the brand's, for models).
    let page = expect(
        &svc,
        get("/api/truck-brand?page=1&search=scan", &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(page["total"], 1);
    assert_eq!(page["pageSize"], 8);
    let page = expect(
        &svc,
        get("/api/truck-model?page=1&search=scania", &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(page["items"][0]["name"], "R 450");
    let one = expect(
        &svc,
        get(&format!("/api/truck-model/{model_id}"), &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(one["name"], "R 450");

    // Deleting the brand takes its unused models along.
    expect(
        &svc,
        delete(&format!("/api/truck-brand/delete/{brand_id}"), &admin),
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM truck_models WHERE id = {model_id}"
        )),
        0
    );
    assert_eq!(log_count(&app, "DELETE", "TRUCK_BRAND"), 1);
    expect(
        &svc,
        get(&format!("/api/truck-brand/{brand_id}"), &admin),
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[actix_rt::test]
async fn a_brand_or_model_on_a_truck_cannot_be_deleted() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;
    let brand = expect(
        &svc,
        post("/api/truck-brand/save", &admin, json!({ "name": "Iveco" })),
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let model = expect(
        &svc,
        post(
            "/api/truck-model/save",
            &admin,
            json!({ "name": "Stralis", "truckBrand": { "id": brand } }),
        ),
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    // Trucks have no screen yet: one is put on the model directly.
    app.sql(&format!(
        "INSERT INTO trucks (company_id, vehicle_model_id, license_plate) VALUES ({}, {model}, 'IVC1A23')",
        app.ids.demo
    ));
    let body = expect(
        &svc,
        delete(&format!("/api/truck-brand/delete/{brand}"), &admin),
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(
        body["message"],
        "Erro ao excluir, existe(m) caminhões(s) com esta marca!"
    );
    let body = expect(
        &svc,
        delete(&format!("/api/truck-model/delete/{model}"), &admin),
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(
        body["message"],
        "Erro ao excluir, existe(m) caminhões(s) com este modelo!"
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM truck_models WHERE id = {model}"
        )),
        1
    );
}

#[actix_rt::test]
async fn catalog_names_follow_the_spec_rules_and_bad_input_changes_nothing() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;
    let count = || app.scalar_i64("SELECT count(*) AS v FROM truck_brands");
    let before = count();
    for (name, message) in [
        ("", "Nome é obrigatório!"),
        ("   ", "Nome é obrigatório!"),
        (&"M".repeat(81)[..], "Tamanho máximo de 80 caracteres"),
    ] {
        let body = expect(
            &svc,
            post("/api/truck-brand/save", &admin, json!({ "name": name })),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(fields(&body)["name"], message);
    }
    assert_eq!(count(), before);
    expect(
        &svc,
        post(
            "/api/truck-brand/save",
            &admin,
            json!({ "name": "Mercedes" }),
        ),
        StatusCode::CREATED,
    )
    .await;
    let body = expect(
        &svc,
        post(
            "/api/truck-brand/save",
            &admin,
            json!({ "name": "MERCEDES" }),
        ),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(fields(&body)["name"], "Marca já cadastrada!");
    // A model needs its brand.
    let body = expect(
        &svc,
        post("/api/truck-model/save", &admin, json!({ "name": "Actros" })),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(fields(&body)["truckBrand"], "Marca é obrigatório!");
}

#[actix_rt::test]
async fn only_administrators_manage_the_catalog_while_everyone_signed_in_reads_it() {
    let app = TestApp::new();
    let svc = app.service().await;
    let admin = login(&svc, ADMIN).await;
    let brand = expect(
        &svc,
        post("/api/truck-brand/save", &admin, json!({ "name": "DAF" })),
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    expect(
        &svc,
        post(
            "/api/truck-model/save",
            &admin,
            json!({ "name": "XF", "truckBrand": { "id": brand } }),
        ),
        StatusCode::CREATED,
    )
    .await;
    for who in [USUARIO, TRANSP, EXPEDICAO, OTHER_USUARIO] {
        let cookie = login(&svc, who).await;
        for uri in [
            "/api/truck-brand",
            "/api/truck-model",
            &format!("/api/truck-brand/{brand}"),
        ] {
            expect(&svc, get(uri, &cookie), StatusCode::FORBIDDEN).await;
        }
        expect(
            &svc,
            post(
                "/api/truck-brand/save",
                &cookie,
                json!({ "name": "Intrusa" }),
            ),
            StatusCode::FORBIDDEN,
        )
        .await;
        expect(
            &svc,
            delete(&format!("/api/truck-brand/delete/{brand}"), &cookie),
            StatusCode::FORBIDDEN,
        )
        .await;
        // The truck forms' lists.
        let all = expect(&svc, get("/api/truck-brand/", &cookie), StatusCode::OK).await;
        assert!(all.as_array().unwrap().iter().any(|b| b["name"] == "DAF"));
        let models = expect(
            &svc,
            get(&format!("/api/truck-model/brand/{brand}"), &cookie),
            StatusCode::OK,
        )
        .await;
        assert_eq!(models[0]["name"], "XF");
    }
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM truck_brands WHERE name = 'Intrusa'"),
        0
    );
    // Without a session: 401; an unknown brand's models: 404.
    let (status, _, _) = send(
        &svc,
        actix_web::test::TestRequest::get().uri("/api/truck-brand/"),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    expect(
        &svc,
        get("/api/truck-model/brand/987654", &admin),
        StatusCode::NOT_FOUND,
    )
    .await;
}
