//! What the fuzz run (tests/fuzz/run.sh, issue 15 item 5) found, one class per test: a page
//! number far beyond the last one overflowed (500), the lookup of an unknown resource answered
//! an undeclared 404, and the answers given at the edge (400 for a malformed request or a NUL
//! byte, 422 for a path id or body value of the wrong type) were undeclared on most operations.

use crate::common;
use actix_web::http::StatusCode;
use common::*;

#[actix_rt::test]
async fn a_history_page_beyond_the_last_is_empty_not_a_server_error() {
    let app = TestApp::new();
    let admin = app.admin().await;
    for page in ["4294967295", "2147483648", "1000000"] {
        let body = admin
            .get(&format!("/api/scheduling?page={page}"))
            .await
            .expect(StatusCode::OK);
        assert_eq!(body["items"], serde_json::json!([]), "page {page}");
        assert_eq!(body["page"].as_u64(), Some(page.parse().unwrap()));
    }
    // Beyond 32 bits it is a malformed query: 400, as declared.
    let body = admin
        .get("/api/scheduling?page=4294967296")
        .await
        .expect(StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Requisição inválida.");
}

#[actix_rt::test]
async fn the_lookup_of_an_unknown_resource_is_a_declared_404() {
    let app = TestApp::new();
    let admin = app.admin().await;
    for uri in ["/api/0/like", "/api/0/like/0"] {
        let body = admin.get(uri).await.expect(StatusCode::NOT_FOUND);
        assert_eq!(body["message"], "Registro não encontrado");
    }
    let doc = serde_json::to_value(patio_http::openapi::document()).unwrap();
    for path in ["/api/{resource}/like", "/api/{resource}/like/{text}"] {
        assert!(
            doc["paths"][path]["get"]["responses"]["404"].is_object(),
            "{path}"
        );
    }
}

#[actix_rt::test]
async fn a_nul_byte_and_a_bad_path_id_are_answered_as_the_document_declares() {
    let app = TestApp::new();
    let admin = app.admin().await;
    let before = app.scalar_i64("SELECT count(*) AS v FROM contacts");
    let body = admin
        .delete("/api/contact/delete/1%00")
        .await
        .expect(StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "A requisição contém um caractere inválido (NUL)."
    );
    let body = admin
        .delete("/api/contact/delete/9223372036854775808")
        .await
        .expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Identificador inválido.");
    assert_eq!(app.scalar_i64("SELECT count(*) AS v FROM contacts"), before);

    // Every operation declares the 400 of the edge; those with a path id or a body, the 422.
    let doc = serde_json::to_value(patio_http::openapi::document()).unwrap();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let responses = &op["responses"];
            assert!(responses["400"].is_object(), "{method} {path}: 400");
            let has_path = op["parameters"]
                .as_array()
                .is_some_and(|ps| ps.iter().any(|p| p["in"] == "path"));
            if has_path || op["requestBody"].is_object() {
                assert!(responses["422"].is_object(), "{method} {path}: 422");
            }
            checked += 1;
        }
    }
    assert!(checked > 150, "{checked} operations");
}
