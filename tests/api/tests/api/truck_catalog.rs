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
    let admin = app.admin().await;

    let brand = admin
        .post(
            "/api/truck-brand/save",
            json!({ "id": 0, "name": "  Scania   do Brasil " }),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(brand["name"], "Scania do Brasil");
    let brand_id = brand["id"].as_i64().unwrap();
    let edited = admin
        .post(
            "/api/truck-brand/save",
            json!({ "id": brand_id, "name": "Scania" }),
        )
        .await
        .expect(StatusCode::OK);
    assert_eq!(edited["name"], "Scania");
    assert_eq!(log_count(&app, "CREATE", "TRUCK_BRAND"), 1);
    assert_eq!(log_count(&app, "UPDATE", "TRUCK_BRAND"), 1);

    let model = admin
        .post(
            "/api/truck-model/save",
            json!({ "id": 0, "name": "R 450", "truckBrand": { "id": brand_id } }),
        )
        .await
        .expect(StatusCode::CREATED);
    assert_eq!(
        model["truckBrand"],
        json!({ "id": brand_id, "name": "Scania" })
    );
    let model_id = model["id"].as_i64().unwrap();

    // The administrator's lists: paged by 8, searched by name (or the brand's, for models).
    let page = admin
        .get("/api/truck-brand?page=1&search=scan")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["total"], 1);
    assert_eq!(page["pageSize"], 8);
    let page = admin
        .get("/api/truck-model?page=1&search=scania")
        .await
        .expect(StatusCode::OK);
    assert_eq!(page["items"][0]["name"], "R 450");
    let one = admin
        .get(&format!("/api/truck-model/{model_id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(one["name"], "R 450");

    // Deleting the brand takes its unused models along.
    admin
        .delete(&format!("/api/truck-brand/delete/{brand_id}"))
        .await
        .expect(StatusCode::OK);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS v FROM truck_models WHERE id = {model_id}"
        )),
        0
    );
    assert_eq!(log_count(&app, "DELETE", "TRUCK_BRAND"), 1);
    admin
        .get(&format!("/api/truck-brand/{brand_id}"))
        .await
        .expect(StatusCode::NOT_FOUND);
}

#[actix_rt::test]
async fn a_brand_or_model_on_a_truck_cannot_be_deleted() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let brand = admin
        .post("/api/truck-brand/save", json!({ "name": "Iveco" }))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    let model = admin
        .post(
            "/api/truck-model/save",
            json!({ "name": "Stralis", "truckBrand": { "id": brand } }),
        )
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    // A truck on the model, saved through the trucks' form.
    let mut truck = fixtures::truck_body("IVC1A23", model);
    truck["company"] = json!({ "id": app.ids.demo });
    admin
        .post("/api/truck/save", truck)
        .await
        .expect(StatusCode::CREATED);
    let body = admin
        .delete(&format!("/api/truck-brand/delete/{brand}"))
        .await
        .expect(StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "Erro ao excluir, existe(m) caminhões(s) com esta marca!"
    );
    let body = admin
        .delete(&format!("/api/truck-model/delete/{model}"))
        .await
        .expect(StatusCode::CONFLICT);
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
    let admin = app.admin().await;
    let count = || app.scalar_i64("SELECT count(*) AS v FROM truck_brands");
    let before = count();
    for (name, message) in [
        ("", "Nome é obrigatório!"),
        ("   ", "Nome é obrigatório!"),
        (&"M".repeat(81)[..], "Tamanho máximo de 80 caracteres"),
    ] {
        let body = admin
            .post("/api/truck-brand/save", json!({ "name": name }))
            .await
            .expect(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&body)["name"], message);
    }
    assert_eq!(count(), before);
    admin
        .post("/api/truck-brand/save", json!({ "name": "Mercedes" }))
        .await
        .expect(StatusCode::CREATED);
    let body = admin
        .post("/api/truck-brand/save", json!({ "name": "MERCEDES" }))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["name"], "Marca já cadastrada!");
    // A model needs its brand.
    let body = admin
        .post("/api/truck-model/save", json!({ "name": "Actros" }))
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["truckBrand"], "Marca é obrigatório!");
}

#[actix_rt::test]
async fn only_administrators_manage_the_catalog_while_everyone_signed_in_reads_it() {
    let app = TestApp::new();
    let anon = app.anonymous().await;
    let admin = app.admin().await;
    let brand = admin
        .post("/api/truck-brand/save", json!({ "name": "DAF" }))
        .await
        .expect(StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap();
    admin
        .post(
            "/api/truck-model/save",
            json!({ "name": "XF", "truckBrand": { "id": brand } }),
        )
        .await
        .expect(StatusCode::CREATED);
    for who in [USUARIO, TRANSP, EXPEDICAO, OTHER_USUARIO] {
        let cookie = anon.sign_in(who).await;
        for uri in [
            "/api/truck-brand",
            "/api/truck-model",
            &format!("/api/truck-brand/{brand}"),
        ] {
            cookie.get(uri).await.expect(StatusCode::FORBIDDEN);
        }
        cookie
            .post("/api/truck-brand/save", json!({ "name": "Intrusa" }))
            .await
            .expect(StatusCode::FORBIDDEN);
        cookie
            .delete(&format!("/api/truck-brand/delete/{brand}"))
            .await
            .expect(StatusCode::FORBIDDEN);
        // The truck forms' lists.
        let all = cookie.get("/api/truck-brand/").await.expect(StatusCode::OK);
        assert!(all.as_array().unwrap().iter().any(|b| b["name"] == "DAF"));
        let models = cookie
            .get(&format!("/api/truck-model/brand/{brand}"))
            .await
            .expect(StatusCode::OK);
        assert_eq!(models[0]["name"], "XF");
    }
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS v FROM truck_brands WHERE name = 'Intrusa'"),
        0
    );
    // Without a session: 401; an unknown brand's models: 404.
    let (status, _, _) = anon.get("/api/truck-brand/").await.parts();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    admin
        .get("/api/truck-model/brand/987654")
        .await
        .expect(StatusCode::NOT_FOUND);
}
