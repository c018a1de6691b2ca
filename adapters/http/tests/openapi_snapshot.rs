//! The committed `docs/openapi.json` is the contract the frontend's types are generated from;
//! this test fails when the code's document drifts from it. Re-bless after a deliberate change
//! with `PATIO_BLESS_OPENAPI=1 cargo test -p patio-http --test openapi_snapshot` (or
//! `make openapi`), then regenerate the frontend types (`cd frontend && npm run api-types`).

use std::path::PathBuf;

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/openapi.json")
}

#[test]
fn the_generated_openapi_document_matches_the_committed_docs_openapi_json() {
    let generated = patio_http::openapi::document()
        .to_pretty_json()
        .expect("the document serialises")
        + "\n";
    let path = committed_path();
    if std::env::var_os("PATIO_BLESS_OPENAPI").is_some() {
        std::fs::write(&path, &generated).expect("docs/openapi.json is writable");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/openapi.json differs from the document the code generates; if the change is \
         meant, re-bless with `make openapi` and commit docs/openapi.json and \
         frontend/src/shared/api/schema.d.ts"
    );
}

#[test]
fn every_operation_documents_a_success_body_and_its_error_statuses() {
    let doc = patio_http::openapi::document();
    let mut missing = Vec::new();
    for (path, item) in &doc.paths.paths {
        let ops = [
            ("get", &item.get),
            ("post", &item.post),
            ("put", &item.put),
            ("delete", &item.delete),
        ];
        for (method, op) in ops {
            let Some(op) = op else { continue };
            let has_success_body = op.responses.responses.iter().any(|(status, resp)| {
                let utoipa::openapi::RefOr::T(resp) = resp else {
                    return true;
                };
                // 101 (websocket upgrade) and 204 have no body by definition.
                status == "101" || status == "204" || {
                    status.starts_with('2') && !resp.content.is_empty()
                }
            });
            if !has_success_body {
                missing.push(format!("{method} {path}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "operations without a 2xx response schema: {missing:#?}"
    );
}
