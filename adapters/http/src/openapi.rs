//! The OpenAPI document served at `/api/openapi.json`.

use utoipa::OpenApi;

use std::sync::OnceLock;

use utoipa_actix_web::OpenApiFactory;

#[derive(OpenApi)]
#[openapi(info(
    title = "Pátio API",
    description = "Filas virtuais e expedição de pátios de carregamento."
))]
pub struct ApiDoc;

/// The document: the info above plus every path and schema collected from the routes as
/// `routes::api_scope` registers them (built once; the scope is only read, never served).
pub fn document() -> &'static utoipa::openapi::OpenApi {
    static DOC: OnceLock<utoipa::openapi::OpenApi> = OnceLock::new();
    DOC.get_or_init(|| {
        let scope = crate::routes::api_scope();
        let mut doc = ApiDoc::openapi();
        doc.paths = scope.paths();
        let mut schemas = Vec::new();
        scope.schemas(&mut schemas);
        let components = doc
            .components
            .get_or_insert_with(utoipa::openapi::Components::new);
        components.schemas.extend(schemas);
        components.schemas.insert(
            "ErrorBody".into(),
            <ErrorBody as utoipa::PartialSchema>::schema(),
        );
        components.add_security_scheme(
            "apiKey",
            utoipa::openapi::security::SecurityScheme::ApiKey(
                utoipa::openapi::security::ApiKey::Header(
                    utoipa::openapi::security::ApiKeyValue::with_description(
                        "X-Api-Key",
                        "A key made in Integrações (POST /api/integration/keys): a carrier's reaches its vehicles, a company's its company; only /api/integration/v1 and the webhooks.",
                    ),
                ),
            ),
        );
        doc.tags.get_or_insert_with(Vec::new).push(
            utoipa::openapi::tag::TagBuilder::new()
                .name("integration")
                .description(Some(
                    "Carriers' and companies' systems: API keys, the v1 read and write calls (X-Api-Key, Idempotency-Key) and signed webhooks. Guide: docs/integration.md.",
                ))
                .build(),
        );
        declare_edge_answers(&mut doc);
        declare_error_bodies(&mut doc);
        doc
    })
}

/// Every error answer of the API (see `error.rs` and docs/api.md): `fields` on 422 validation
/// failures (field -> message), `phone` when a driver is registered elsewhere.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    pub status_code: u16,
    /// Stable machine word: validation, duplicate, referenced, conflict, not_found, ...
    pub code: String,
    /// The pt-BR text a person reads.
    pub message: String,
    #[schema(nullable = false)]
    pub fields: Option<std::collections::BTreeMap<String, String>>,
    #[schema(nullable = false)]
    pub phone: Option<String>,
}

/// The error statuses are declared on each path (`(status = 404)`); they all answer with the
/// one `ErrorBody` shape, attached here once rather than repeated on ~300 responses.
fn declare_error_bodies(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{path::Operation, Content, Ref, RefOr};
    let error = Content::new(Some(Ref::from_schema_name("ErrorBody")));
    let attach = |op: &mut Option<Operation>| {
        let Some(op) = op else { return };
        for (status, response) in op.responses.responses.iter_mut() {
            let RefOr::T(response) = response else {
                continue;
            };
            if (status.starts_with('4') || status.starts_with('5')) && response.content.is_empty() {
                response
                    .content
                    .insert("application/json".into(), error.clone());
            }
        }
    };
    for item in doc.paths.paths.values_mut() {
        attach(&mut item.get);
        attach(&mut item.post);
        attach(&mut item.put);
        attach(&mut item.delete);
        attach(&mut item.patch);
    }
}

/// Answers given before any handler runs, so possible on every operation (found by the fuzz
/// run, tests/fuzz/run.sh): 400 for a malformed request or a NUL byte anywhere in it
/// (`edge::refuse_nul`, `error::query_error`, `error::json_error`), and 422 where a path id is
/// not a 64-bit integer or a JSON body holds values of the wrong type (`error::path_error`,
/// `error::json_error`). Declared here once, on the operations that lack them.
fn declare_edge_answers(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::path::{Operation, ParameterIn};
    use utoipa::openapi::{RefOr, ResponseBuilder};
    let declare = |op: &mut Option<Operation>| {
        let Some(op) = op else { return };
        let responses = &mut op.responses.responses;
        responses.entry("400".into()).or_insert_with(|| {
            RefOr::T(
                ResponseBuilder::new()
                    .description("Malformed request, or a NUL byte in it")
                    .build(),
            )
        });
        let has_path = op.parameters.as_ref().is_some_and(|ps| {
            ps.iter()
                .any(|p| matches!(p.parameter_in, ParameterIn::Path))
        });
        if has_path || op.request_body.is_some() {
            responses.entry("422".into()).or_insert_with(|| {
                RefOr::T(
                    ResponseBuilder::new()
                        .description("A path id or body value of the wrong type")
                        .build(),
                )
            });
        }
    };
    for item in doc.paths.paths.values_mut() {
        declare(&mut item.get);
        declare(&mut item.post);
        declare(&mut item.put);
        declare(&mut item.delete);
        declare(&mut item.patch);
    }
}
