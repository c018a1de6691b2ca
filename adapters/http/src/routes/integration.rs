//! Carriers' integration (issue 26): API keys (a signed-in session makes and revokes them),
//! the v1 that a key reads and writes, and the webhooks (a session or a key).

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{delete, get, post};
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use futures_util::future::LocalBoxFuture;
use patio_application::integration::{
    ApiKeyView, CreatedApiKey, CreatedWebhook, DeliveryView, KeyCaller, V1Loading, V1QueueEntry,
    WebhookView,
};
use patio_application::orders::loadings::{LoadingInput, LoadingTruckBody, LoadingView};
use patio_application::services::{Deleted, ListQuery};
use patio_application::AppError;
use patio_domain::auth::Actor;
use patio_domain::integration::{key_hash, INVALID_KEY_MESSAGE};
use serde::Deserialize;
use serde_json::Value;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::session::{client_address, StaffSession};
use crate::state::AppState;

pub const API_KEY_HEADER: &str = "x-api-key";
pub const IDEMPOTENCY_HEADER: &str = "idempotency-key";

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(create_key)
        .service(list_keys)
        .service(revoke_key)
        .service(v1_queue)
        .service(v1_orders)
        .service(v1_loadings)
        .service(v1_create_loading)
        .service(create_webhook)
        .service(list_webhooks)
        .service(delete_webhook)
        .service(webhook_deliveries);
}

/// A request made with `X-Api-Key`: 401 without one or with a key that no longer stands,
/// 429 past its rate limit.
pub struct ApiKey(pub KeyCaller);

fn key_of(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(API_KEY_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().to_owned())
}

fn authenticate(req: &HttpRequest) -> LocalBoxFuture<'static, Result<KeyCaller, ApiError>> {
    let key = key_of(req);
    let svc = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.services.integration.clone());
    Box::pin(async move {
        let unauthorized = || ApiError(AppError::Unauthorized(INVALID_KEY_MESSAGE.to_owned()));
        let (Some(key), Some(svc)) = (key, svc) else {
            return Err(unauthorized());
        };
        blocking(move || svc.authenticate(&key)).await
    })
}

impl FromRequest for ApiKey {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let caller = authenticate(req);
        Box::pin(async move { caller.await.map(ApiKey) })
    }
}

/// Who manages webhooks: a key's caller when `X-Api-Key` is sent, else the staff session.
pub struct KeyOrSession(pub Actor);

impl FromRequest for KeyOrSession {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if key_of(req).is_some() {
            let caller = authenticate(req);
            return Box::pin(async move { caller.await.map(|c| KeyOrSession(c.actor)) });
        }
        let session = StaffSession::from_request(req, payload);
        Box::pin(async move { session.await.map(|s| KeyOrSession(s.0)) })
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct KeyBody {
    /// What the key is for ('TMS', 'ERP da filial'), 1 to 60 characters.
    name: Option<String>,
}

#[utoipa::path(tag = "integration", request_body = KeyBody,
    responses((status = 201, description = "The key, shown this once (only its hash is kept)", body = CreatedApiKey),
        (status = 401), (status = 403, description = "Not a Transportadora, Usuario or administrator of a company, or a request made with a key"),
        (status = 422, description = "No name, or longer than 60")))]
#[post("/integration/keys")]
pub async fn create_key(
    state: web::Data<AppState>,
    session: StaffSession,
    req: HttpRequest,
    body: web::Json<KeyBody>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.integration.clone();
    let ip = client_address(&req);
    let name = body.into_inner().name.unwrap_or_default();
    let out = blocking(move || svc.create_key(&session.0, ip.as_deref(), &name)).await?;
    Ok(HttpResponse::Created().json(out))
}

#[utoipa::path(tag = "integration",
    responses((status = 200, description = "The scope's keys that are not revoked (no secrets)", body = Vec<ApiKeyView>),
        (status = 401), (status = 403)))]
#[get("/integration/keys")]
pub async fn list_keys(
    state: web::Data<AppState>,
    session: StaffSession,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.integration.clone();
    let out = blocking(move || svc.keys(&session.0)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "integration",
    responses((status = 200, description = "Revoked: the next request made with it, on any instance, is 401", body = Deleted),
        (status = 401), (status = 403), (status = 404, description = "Not a key of the caller's scope, or already revoked")))]
#[delete("/integration/keys/{id}")]
pub async fn revoke_key(
    state: web::Data<AppState>,
    session: StaffSession,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.integration.clone();
    let ip = client_address(&req);
    let id = path.into_inner();
    let out = blocking(move || svc.revoke_key(&session.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "integration", security(("apiKey" = [])),
    responses((status = 200, description = "The scope's vehicles in the queue (loading first, then waiting in queue order) with position, forecast and predicted call", body = Vec<V1QueueEntry>),
        (status = 401), (status = 429)))]
#[get("/integration/v1/queue")]
pub async fn v1_queue(state: web::Data<AppState>, key: ApiKey) -> Result<HttpResponse, ApiError> {
    let svc = state.services.integration.clone();
    let out = blocking(move || svc.queue(&key.0)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct V1OrderParams {
    /// 1-based; with `pageSize`, one page (`{items, total, page, pageSize}`), else every order.
    page: Option<i64>,
    page_size: Option<i64>,
    /// Over id, code and customer name.
    search: Option<String>,
    /// Include orders at 100 %.
    complete: Option<bool>,
}

#[utoipa::path(tag = "integration", security(("apiKey" = [])), params(V1OrderParams),
    responses((status = 200, description = "The scope's orders (a carrier: those it carries), as the orders screen lists them", body = patio_application::services::Listing<patio_application::orders::OrderView>),
        (status = 401), (status = 429)))]
#[get("/integration/v1/orders")]
pub async fn v1_orders(
    state: web::Data<AppState>,
    key: ApiKey,
    q: web::Query<V1OrderParams>,
) -> Result<HttpResponse, ApiError> {
    let q = q.into_inner();
    let complete = q.complete.unwrap_or(false);
    let query = ListQuery {
        page: q.page,
        page_size: q.page_size,
        search: q.search,
        ..ListQuery::default()
    };
    let svc = state.services.integration.clone();
    let out = blocking(move || svc.orders(&key.0, &query, complete)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct V1LoadingParams {
    /// Only this order's loadings (an order outside the key's scope: 404).
    order_id: Option<i64>,
    /// 1-based (default 1).
    page: Option<i64>,
    /// Default 20, at most 100.
    page_size: Option<i64>,
}

#[utoipa::path(tag = "integration", security(("apiKey" = [])), params(V1LoadingParams),
    responses((status = 200, description = "The scope's loadings (a carrier: those it carries), newest first, one page, with the tonnes left on each (`balance`) and on its order (`orderBalance`)", body = patio_application::services::PageView<V1Loading>),
        (status = 401), (status = 404, description = "An order outside the key's scope"), (status = 429)))]
#[get("/integration/v1/loadings")]
pub async fn v1_loadings(
    state: web::Data<AppState>,
    key: ApiKey,
    q: web::Query<V1LoadingParams>,
) -> Result<HttpResponse, ApiError> {
    let q = q.into_inner();
    let svc = state.services.integration.clone();
    let out = blocking(move || svc.loadings(&key.0, q.order_id, q.page, q.page_size)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct V1LoadingBody {
    order_id: Option<i64>,
    /// The truck by id, or by `licensePlate` in the order's company.
    truck_id: Option<i64>,
    license_plate: Option<String>,
    driver_id: Option<i64>,
    /// Tonnes (number or text).
    #[schema(value_type = Option<String>)]
    qty_ordered: Option<Value>,
    /// `YYYY-MM-DD`.
    expiration_date: Option<String>,
}

#[utoipa::path(tag = "integration", security(("apiKey" = [])), request_body = V1LoadingBody,
    params(("Idempotency-Key" = Option<String>, Header, description = "The same key with the same body gives back the first answer (one loading made); kept 24 h")),
    responses((status = 201, description = "The loading made (`Idempotent-Replayed: true` on a replay)", body = LoadingView),
        (status = 401), (status = 404),
        (status = 409, description = "The first request with this Idempotency-Key is still running"),
        (status = 422, description = "The first refusal of the nine checks of the loading screen, in its order, with its message; or the Idempotency-Key used with another body"),
        (status = 429)))]
#[post("/integration/v1/loadings")]
pub async fn v1_create_loading(
    state: web::Data<AppState>,
    key: ApiKey,
    req: HttpRequest,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let raw = body.into_inner();
    // The request's fingerprint: its JSON written back in one canonical form.
    let fingerprint = key_hash(&raw.to_string());
    let parsed: V1LoadingBody = serde_json::from_value(raw)
        .map_err(|e| ApiError(AppError::field("body", &format!("Corpo inválido: {e}"))))?;
    let truck = LoadingTruckBody {
        id: parsed.truck_id,
        license_plate: parsed.license_plate,
    };
    let input = LoadingInput::vehicle(
        parsed.order_id,
        truck,
        parsed.driver_id,
        parsed.qty_ordered,
        parsed.expiration_date,
    );
    let idempotency = req
        .headers()
        .get(IDEMPOTENCY_HEADER)
        .map(|v| v.to_str().unwrap_or("\u{1}").to_owned());
    let ip = client_address(&req);
    let svc = state.services.integration.clone();
    let out = blocking(move || {
        let idem = idempotency.as_deref().map(|k| (k, fingerprint.as_str()));
        svc.create_loading(&key.0, ip.as_deref(), idem, input)
    })
    .await?;
    let mut answer = HttpResponse::build(StatusCode::CREATED);
    answer.content_type("application/json");
    if out.replayed {
        answer.insert_header(("Idempotent-Replayed", "true"));
    }
    Ok(answer.body(out.json))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct WebhookBody {
    /// `https://...` (private and loopback addresses refused unless the installation allows them).
    url: Option<String>,
    /// Any of `queue.joined`, `queue.left`, `yard.called`, `loading.started`,
    /// `loading.finished`, `queue.missing`.
    events: Option<Vec<String>>,
}

#[utoipa::path(tag = "integration", security(("apiKey" = []), ()), request_body = WebhookBody,
    responses((status = 201, description = "The webhook, with the secret that signs its deliveries (shown this once)", body = CreatedWebhook),
        (status = 401), (status = 403), (status = 422, description = "A URL that is not http(s), points to a private address, or no known event")))]
#[post("/integration/webhooks")]
pub async fn create_webhook(
    state: web::Data<AppState>,
    who: KeyOrSession,
    req: HttpRequest,
    body: web::Json<WebhookBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let url = body.url.unwrap_or_default();
    let events = body.events.unwrap_or_default();
    let ip = client_address(&req);
    let svc = state.services.integration.clone();
    let out = blocking(move || svc.create_webhook(&who.0, ip.as_deref(), &url, &events)).await?;
    Ok(HttpResponse::Created().json(out))
}

#[utoipa::path(tag = "integration", security(("apiKey" = []), ()),
    responses((status = 200, description = "The scope's webhooks (no secrets)", body = Vec<WebhookView>),
        (status = 401), (status = 403)))]
#[get("/integration/webhooks")]
pub async fn list_webhooks(
    state: web::Data<AppState>,
    who: KeyOrSession,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.integration.clone();
    let out = blocking(move || svc.webhooks(&who.0)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "integration", security(("apiKey" = []), ()),
    responses((status = 200, description = "Deleted with its deliveries", body = Deleted),
        (status = 401), (status = 403), (status = 404)))]
#[delete("/integration/webhooks/{id}")]
pub async fn delete_webhook(
    state: web::Data<AppState>,
    who: KeyOrSession,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let ip = client_address(&req);
    let svc = state.services.integration.clone();
    let out = blocking(move || svc.delete_webhook(&who.0, ip.as_deref(), id)).await?;
    Ok(HttpResponse::Ok().json(out))
}

#[utoipa::path(tag = "integration", security(("apiKey" = []), ()),
    responses((status = 200, description = "The webhook's latest 100 deliveries, newest first: status, attempts, last error", body = Vec<DeliveryView>),
        (status = 401), (status = 403), (status = 404)))]
#[get("/integration/webhooks/{id}/deliveries")]
pub async fn webhook_deliveries(
    state: web::Data<AppState>,
    who: KeyOrSession,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let svc = state.services.integration.clone();
    let out = blocking(move || svc.deliveries(&who.0, id)).await?;
    Ok(HttpResponse::Ok().json(out))
}
