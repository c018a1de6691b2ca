//! Carriers' integration (issue 26): API keys, the v1 reads and the loading write made with
//! one (through the same services as the screens), and signed webhooks delivered by a
//! background job from the queue changes the database records in each change's transaction.

pub mod ports;

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use patio_domain::admin::audit::{ObjectType, Operation};
use patio_domain::admin::listing::{page_request, PageRequest};
use patio_domain::auth::Actor;
use patio_domain::integration::{
    self as rules, event_of, key_hash, looks_like_key, QueueFact, Scope, WebhookEvent,
};
use patio_domain::roles::NOT_ALLOWED_MESSAGE;
use patio_domain::text::escape_html;
use rand::RngCore;
use serde::Serialize;
use serde_json::json;

use crate::error::{AppError, AppResult};
use crate::integration::ports::{
    AttemptOutcome, IdempotencyClaim, NewApiKey, NewDelivery, NewWebhook, WebhookPost,
    WebhookRecord,
};
use crate::orders::loadings::{LoadingInput, LoadingService, LoadingView};
use crate::orders::{OrderListOf, OrderService, OrderView};
use crate::ports::StoreExt;
use crate::queue::reads::QueueReadService;
use crate::services::{Audit, Deleted, Deps, ListQuery, Listing, PageView};

/// Deliveries listed per webhook.
pub const DELIVERIES_LISTED: i64 = 100;
/// Answers kept for Idempotency-Key this long.
pub const IDEMPOTENCY_HOURS: i64 = 24;

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyView {
    pub id: i64,
    pub name: String,
    /// The key's first characters, to recognise it.
    pub prefix: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

/// A key just made: `key` is shown this once and never again.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedApiKey {
    pub id: i64,
    pub name: String,
    pub key: String,
    pub prefix: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookView {
    pub id: i64,
    pub url: String,
    pub events: Vec<String>,
    pub created_at: DateTime<Utc>,
}

/// A webhook just made: `secret` (which signs every delivery) is shown this once.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedWebhook {
    pub id: i64,
    pub url: String,
    pub events: Vec<String>,
    pub secret: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryView {
    pub id: i64,
    pub event: String,
    /// The event's id (the body's `id`): the same in every attempt.
    pub event_id: i64,
    /// `pending`, `delivered` or `failed` (no answer for a day).
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    /// The receiver's last HTTP status.
    pub response_status: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
}

/// A vehicle of the scope in the queue (waiting or loading), in queue order.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct V1QueueEntry {
    pub queue_id: i64,
    pub company_id: i64,
    /// Position among the waiting; 0 while loading.
    pub position: i32,
    pub status: String,
    pub loading: bool,
    pub license_plate: String,
    pub driver_id: i64,
    pub driver_name: String,
    pub joined_at: DateTime<Utc>,
    /// The planned slot.
    pub forecast: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    /// When the vehicle is expected to be called, from the yard's measured pace.
    pub predicted_call_at: Option<DateTime<Utc>>,
    pub predicted_call_from: Option<DateTime<Utc>>,
    pub predicted_call_to: Option<DateTime<Utc>>,
}

/// A loading with what is left to load on it and on its order (tonnes).
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct V1Loading {
    #[serde(flatten)]
    pub loading: LoadingView,
    /// The loading's tonnes not yet transported (`qtyOrdered - qtyTransported`).
    pub balance: f64,
    /// The order's tonnes still to deliver (ordered less delivered, never below zero), as
    /// the orders list shows it.
    pub order_balance: f64,
}

/// Loadings listed per v1 page unless `pageSize` says otherwise.
pub const V1_LOADINGS_PAGE: u32 = 20;

/// A request made with an API key.
#[derive(Debug, Clone)]
pub struct KeyCaller {
    pub actor: Actor,
    pub key_id: i64,
    pub name: String,
    pub prefix: String,
}

/// The answer of a write made with a key: the JSON sent, and whether it is a replay.
#[derive(Debug, Clone)]
pub struct KeyWrite {
    pub json: String,
    pub replayed: bool,
}

fn not_allowed() -> AppError {
    AppError::Forbidden(rules::KEY_NOT_ALLOWED_MESSAGE.to_owned())
}

fn scope_of(actor: &Actor) -> AppResult<Scope> {
    Scope::of(actor).ok_or_else(not_allowed)
}

fn random32() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    bytes
}

fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0 + 0.0
}

#[derive(Clone)]
pub struct IntegrationService {
    deps: Arc<Deps>,
    loadings: LoadingService,
    orders: OrderService,
    queue: QueueReadService,
}

impl IntegrationService {
    pub fn new(
        deps: Arc<Deps>,
        loadings: LoadingService,
        orders: OrderService,
        queue: QueueReadService,
    ) -> Self {
        Self {
            deps,
            loadings,
            orders,
            queue,
        }
    }

    /// The queue reads with the predicted calls (set after wiring, see bootstrap).
    pub fn with_queue(mut self, queue: QueueReadService) -> Self {
        self.queue = queue;
        self
    }

    // ---- Keys.

    pub fn create_key(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        name: &str,
    ) -> AppResult<CreatedApiKey> {
        let scope = scope_of(actor)?;
        let name = rules::key_name(name).map_err(|m| AppError::field("name", m))?;
        let (key, prefix, hash) = rules::new_key(random32());
        let now = self.deps.clock.now();
        let record = self.deps.store.tx(|repos| {
            let record = repos.insert_api_key(&NewApiKey {
                user_id: actor.id,
                scope,
                name: name.clone(),
                prefix: prefix.clone(),
                key_hash: hash.clone(),
                created_at: now,
            })?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Create,
                ObjectType::ApiKey,
                scope.company_id(),
                format!(
                    "Chave de API <b>{}</b> ({}…) criada",
                    escape_html(&name),
                    escape_html(&prefix)
                ),
                vec![("Nome", name.clone()), ("Prefixo", prefix.clone())],
            )?;
            Ok(record)
        })?;
        Ok(CreatedApiKey {
            id: record.id,
            name: record.name,
            key,
            prefix: record.prefix,
            created_at: record.created_at,
        })
    }

    pub fn keys(&self, actor: &Actor) -> AppResult<Vec<ApiKeyView>> {
        let scope = scope_of(actor)?;
        let keys = self.deps.store.tx(|repos| repos.api_keys_of(&scope))?;
        Ok(keys
            .into_iter()
            .map(|k| ApiKeyView {
                id: k.id,
                name: k.name,
                prefix: k.prefix,
                created_at: k.created_at,
                last_used_at: k.last_used_at,
            })
            .collect())
    }

    /// Revokes a key of the caller's scope. Every request reads the key from the database,
    /// so the next one made with it, on any instance, is refused.
    pub fn revoke_key(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        let scope = scope_of(actor)?;
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            let key = repos
                .revoke_api_key(&scope, id, now)?
                .ok_or_else(AppError::not_found)?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::ApiKey,
                scope.company_id(),
                format!(
                    "Chave de API <b>{}</b> ({}…) revogada",
                    escape_html(&key.name),
                    escape_html(&key.prefix)
                ),
                vec![("Nome", key.name.clone()), ("Prefixo", key.prefix.clone())],
            )?;
            Ok(Deleted::new(id))
        })
    }

    /// The caller of a request carrying `X-Api-Key`: 401 for a key that is unknown, revoked,
    /// or whose owner lost the scope it was made in; 429 past the rate limit.
    pub fn authenticate(&self, key: &str) -> AppResult<KeyCaller> {
        let unauthorized = || AppError::Unauthorized(rules::INVALID_KEY_MESSAGE.to_owned());
        if !looks_like_key(key) {
            return Err(unauthorized());
        }
        let now = self.deps.clock.now();
        let hash = key_hash(key);
        let used = self
            .deps
            .store
            .tx(|repos| repos.use_api_key(&hash, now))?
            .ok_or_else(unauthorized)?;
        let actor = used
            .scope
            .key_actor(used.owner_id, &used.owner)
            .ok_or_else(unauthorized)?;
        if rules::over_limit(used.count) {
            return Err(AppError::RateLimited(
                rules::RATE_LIMITED_MESSAGE.to_owned(),
            ));
        }
        Ok(KeyCaller {
            actor,
            key_id: used.key_id,
            name: used.name,
            prefix: used.prefix,
        })
    }

    // ---- v1 reads (the screens' services, with the key's actor).

    pub fn queue(&self, caller: &KeyCaller) -> AppResult<Vec<V1QueueEntry>> {
        let actor = &caller.actor;
        let rows = match (actor.shipping_company_id, actor.company_id) {
            (Some(shipping), _) => self.queue.active_shipping(actor, shipping)?,
            (None, Some(company)) => self.queue.active_company(actor, company)?,
            (None, None) => return Err(AppError::Forbidden(NOT_ALLOWED_MESSAGE.to_owned())),
        };
        Ok(rows
            .into_iter()
            .map(|r| V1QueueEntry {
                queue_id: r.id,
                company_id: r.company.id,
                position: r.position,
                status: r.status,
                loading: r.is_active,
                license_plate: r.license_plate,
                driver_id: r.driver.id,
                driver_name: r.driver_name,
                joined_at: r.joined_at,
                forecast: r.forecast,
                date: r.date,
                predicted_call_at: r.predicted_call_at,
                predicted_call_from: r.predicted_call_from,
                predicted_call_to: r.predicted_call_to,
            })
            .collect())
    }

    pub fn orders(
        &self,
        caller: &KeyCaller,
        q: &ListQuery,
        include_complete: bool,
    ) -> AppResult<Listing<OrderView>> {
        self.orders
            .list(&caller.actor, OrderListOf::Scope, q, include_complete)
    }

    /// The key's scope's loadings, newest first, one page (`orderId` narrows to one order).
    pub fn loadings(
        &self,
        caller: &KeyCaller,
        order_id: Option<i64>,
        page: Option<i64>,
        page_size: Option<i64>,
    ) -> AppResult<PageView<V1Loading>> {
        let request = page_request(page, page_size, V1_LOADINGS_PAGE).unwrap_or(PageRequest {
            page: 1,
            size: V1_LOADINGS_PAGE,
        });
        let (rows, total) = self.loadings.page(&caller.actor, order_id, request)?;
        Ok(PageView {
            items: rows
                .into_iter()
                .map(|(l, order_left)| V1Loading {
                    balance: round3(l.qty_ordered - l.qty_transported),
                    order_balance: order_left.as_f64(),
                    loading: l,
                })
                .collect(),
            total,
            page: request.page,
            page_size: request.size,
        })
    }

    // ---- v1 write.

    /// Adds a vehicle to an order through the loading screen's service (its nine checks and
    /// messages). With an Idempotency-Key, the first answer is kept and given back to the
    /// same request again (one loading made); the key with another request is 422, and
    /// while the first one runs, 409. A refused request keeps nothing, so it may be sent
    /// again with the same key. The write goes to the staff log with the key's name.
    pub fn create_loading(
        &self,
        caller: &KeyCaller,
        ip: Option<&str>,
        idempotency: Option<(&str, &str)>,
        input: LoadingInput,
    ) -> AppResult<KeyWrite> {
        if input.id.is_some() {
            return Err(AppError::field(
                "id",
                "Para criar um carregamento, não envie id.",
            ));
        }
        let now = self.deps.clock.now();
        let claimed = match idempotency {
            None => None,
            Some((key, request_hash)) => {
                let key = rules::idempotency_key(key)
                    .map_err(|m| AppError::field("Idempotency-Key", m))?;
                let claim = self
                    .deps
                    .store
                    .tx(|repos| repos.claim_idempotency(caller.key_id, key, request_hash, now))?;
                match claim {
                    IdempotencyClaim::Claimed => Some(key),
                    IdempotencyClaim::Replay(json) => {
                        return Ok(KeyWrite {
                            json,
                            replayed: true,
                        })
                    }
                    IdempotencyClaim::Mismatch => {
                        return Err(AppError::field(
                            "Idempotency-Key",
                            rules::IDEMPOTENCY_REUSED_MESSAGE,
                        ))
                    }
                    IdempotencyClaim::Busy => {
                        return Err(AppError::Conflict(
                            rules::IDEMPOTENCY_BUSY_MESSAGE.to_owned(),
                        ))
                    }
                }
            }
        };
        // The answer kept for the Idempotency-Key and the staff log commit with the loading.
        let mut json = String::new();
        let saved = self
            .loadings
            .save_then(&caller.actor, vec![input], |repos, saved| {
                let loading = saved.first().ok_or_else(AppError::not_found)?;
                json = serde_json::to_string(loading).map_err(AppError::internal)?;
                if let Some(key) = claimed {
                    repos.finish_idempotency(caller.key_id, key, &json)?;
                }
                Audit::by(&caller.actor, ip).write(
                    repos,
                    Operation::Create,
                    ObjectType::Scheduling,
                    loading.company.id,
                    format!(
                        "Carregamento do pedido <b>{}</b> ({}) criado pela chave de API <b>{}</b> ({}…)",
                        escape_html(&loading.order.code),
                        escape_html(&loading.truck.license_plate),
                        escape_html(&caller.name),
                        escape_html(&caller.prefix)
                    ),
                    vec![
                        ("Chave de API", caller.name.clone()),
                        ("Carregamento", loading.id.to_string()),
                    ],
                )
            });
        if let Err(e) = saved {
            // Nothing was written: the claim goes, so the request may be sent again.
            if let Some(key) = claimed {
                let released = self
                    .deps
                    .store
                    .tx(|repos| repos.release_idempotency(caller.key_id, key));
                if let Err(error) = released {
                    tracing::warn!(%error, "idempotency key not released");
                }
            }
            return Err(e);
        }
        Ok(KeyWrite {
            json,
            replayed: false,
        })
    }

    // ---- Webhooks.

    pub fn create_webhook(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        url: &str,
        events: &[String],
    ) -> AppResult<CreatedWebhook> {
        let scope = scope_of(actor)?;
        let url = url.trim();
        let mut issues = Vec::new();
        if let Err(m) = rules::check_url(url, self.deps.webhooks.allows_private()) {
            issues.push(crate::error::FieldError::new("url", m));
        }
        let events = match rules::webhook_events(events) {
            Ok(e) => e,
            Err(m) => {
                issues.push(crate::error::FieldError::new("events", m));
                Vec::new()
            }
        };
        if !issues.is_empty() {
            return Err(AppError::Validation(issues));
        }
        let names: Vec<String> = events.iter().map(|e| e.as_str().to_owned()).collect();
        let secret = rules::new_secret(random32());
        let now = self.deps.clock.now();
        let hook = self.deps.store.tx(|repos| {
            let hook = repos.insert_webhook(&NewWebhook {
                user_id: actor.id,
                scope,
                url: url.to_owned(),
                events: names.clone(),
                secret: secret.clone(),
                created_at: now,
            })?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Create,
                ObjectType::Webhook,
                scope.company_id(),
                format!("Webhook <b>{}</b> criado", escape_html(url)),
                vec![("URL", url.to_owned()), ("Eventos", names.join(", "))],
            )?;
            Ok(hook)
        })?;
        Ok(CreatedWebhook {
            id: hook.id,
            url: hook.url,
            events: hook.events,
            secret,
            created_at: hook.created_at,
        })
    }

    pub fn webhooks(&self, actor: &Actor) -> AppResult<Vec<WebhookView>> {
        let scope = scope_of(actor)?;
        let hooks = self.deps.store.tx(|repos| repos.webhooks_of(&scope))?;
        Ok(hooks.into_iter().map(webhook_view).collect())
    }

    pub fn delete_webhook(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        let scope = scope_of(actor)?;
        self.deps.store.tx(|repos| {
            let hook = repos
                .webhook_in(&scope, id)?
                .ok_or_else(AppError::not_found)?;
            repos.delete_webhook(id)?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::Webhook,
                scope.company_id(),
                format!("Webhook <b>{}</b> excluído", escape_html(&hook.url)),
                vec![("URL", hook.url.clone())],
            )?;
            Ok(Deleted::new(id))
        })
    }

    pub fn deliveries(&self, actor: &Actor, id: i64) -> AppResult<Vec<DeliveryView>> {
        let scope = scope_of(actor)?;
        let rows = self.deps.store.tx(|repos| {
            repos
                .webhook_in(&scope, id)?
                .ok_or_else(AppError::not_found)?;
            repos.deliveries_of(id, DELIVERIES_LISTED)
        })?;
        Ok(rows
            .into_iter()
            .map(|d| DeliveryView {
                next_attempt_at: (d.status == "pending").then_some(d.next_attempt_at),
                id: d.id,
                event: d.event,
                event_id: d.event_id,
                status: d.status,
                attempts: d.attempts,
                last_error: d.last_error,
                response_status: d.response_status,
                created_at: d.created_at,
                delivered_at: d.delivered_at,
            })
            .collect())
    }
}

fn webhook_view(h: WebhookRecord) -> WebhookView {
    WebhookView {
        id: h.id,
        url: h.url,
        events: h.events,
        created_at: h.created_at,
    }
}

/// Advisory-lock key of the webhook job ("patio_wh").
pub const WEBHOOK_JOB_KEY: i64 = 0x7061_7469_6f5f_7768;
/// Queue changes fanned out per transaction.
const FACTS_PER_RUN: i64 = 500;
/// Deliveries tried per round; rounds per run (each round takes the next of every vehicle).
const DUE_PER_ROUND: i64 = 200;
const ROUNDS_PER_RUN: usize = 20;

/// What one run of the webhook job did.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WebhookJobReport {
    pub fanned_out: usize,
    pub delivered: usize,
    pub failed_attempts: usize,
}

/// Turns recorded queue changes into deliveries and posts the deliveries whose turn came,
/// outside any transaction (a slow receiver holds no connection or lock), several webhooks
/// at once and each vehicle's events in order.
#[derive(Clone)]
pub struct WebhookJobs {
    deps: Arc<Deps>,
}

impl WebhookJobs {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    pub fn run(&self) -> AppResult<WebhookJobReport> {
        let mut report = WebhookJobReport {
            fanned_out: self.fan_out()?,
            ..WebhookJobReport::default()
        };
        for _ in 0..ROUNDS_PER_RUN {
            let (delivered, failed) = self.deliver_round()?;
            report.delivered += delivered;
            report.failed_attempts += failed;
            if delivered == 0 {
                break;
            }
        }
        Ok(report)
    }

    /// One delivery per subscribed webhook for each recorded queue change.
    fn fan_out(&self) -> AppResult<usize> {
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            if !repos.try_job_lock(WEBHOOK_JOB_KEY)? {
                return Ok(0);
            }
            let facts = repos.pending_queue_facts(FACTS_PER_RUN)?;
            let mut hooks: HashMap<i64, Vec<WebhookRecord>> = HashMap::new();
            for f in &facts {
                let fact = match f.kind.as_str() {
                    "called" => QueueFact::Called,
                    _ => QueueFact::Status {
                        from: f.from_status.as_deref(),
                        to: f.to_status.as_deref().unwrap_or_default(),
                    },
                };
                let Some(event) = event_of(&fact) else {
                    continue;
                };
                if let std::collections::hash_map::Entry::Vacant(slot) = hooks.entry(f.company_id) {
                    slot.insert(repos.webhooks_of_company(f.company_id)?);
                }
                let body = json!({
                    "id": f.id,
                    "event": event.as_str(),
                    "occurredAt": f.occurred_at,
                    "data": {
                        "queueId": f.queue_entry_id,
                        "companyId": f.company_id,
                        "licensePlate": f.license_plate,
                        "driverId": f.driver_id,
                        "driverName": f.driver_name,
                        "status": f.to_status,
                        "position": f.position,
                        "forecast": f.forecast_at,
                        "loadingId": f.scheduling_id,
                        "order": f.order_id.map(|id| json!({ "id": id, "code": f.order_code })),
                    }
                })
                .to_string();
                let subscribed = hooks.get(&f.company_id).into_iter().flatten().filter(|h| {
                    h.events
                        .iter()
                        .any(|e| WebhookEvent::parse(e) == Some(event))
                        && h.scope.hears(f.company_id, &f.shipping_company_ids)
                });
                for h in subscribed {
                    repos.insert_delivery(&NewDelivery {
                        webhook_id: h.id,
                        event_id: f.id,
                        event: event.as_str().to_owned(),
                        vehicle_id: f.truck_id,
                        body: body.clone(),
                        created_at: now,
                    })?;
                }
            }
            let ids: Vec<i64> = facts.iter().map(|f| f.id).collect();
            repos.mark_fanned_out(&ids)?;
            // Kept answers of Idempotency-Key expire with the same lock.
            repos.purge_idempotency(now - chrono::Duration::hours(IDEMPOTENCY_HOURS))?;
            Ok(ids.len())
        })
    }

    /// Posts the next delivery of every webhook and vehicle that is due; (delivered, failed).
    fn deliver_round(&self) -> AppResult<(usize, usize)> {
        let now = self.deps.clock.now();
        let due = self
            .deps
            .store
            .tx(|repos| repos.due_deliveries(now, DUE_PER_ROUND))?;
        if due.is_empty() {
            return Ok((0, 0));
        }
        // One thread per webhook: a slow receiver delays only its own deliveries.
        let mut by_hook: HashMap<i64, Vec<_>> = HashMap::new();
        for d in due {
            by_hook.entry(d.webhook_id).or_default().push(d);
        }
        let sender = self.deps.webhooks.clone();
        let outcomes: Vec<(i64, AttemptOutcome)> = std::thread::scope(|s| {
            let handles: Vec<_> = by_hook
                .values()
                .map(|list| {
                    let sender = sender.clone();
                    s.spawn(move || {
                        let mut out = Vec::new();
                        for d in list {
                            let timestamp = now.timestamp();
                            let result = sender.post(&WebhookPost {
                                url: &d.url,
                                body: &d.body,
                                signature: rules::signature(&d.secret, d.body.as_bytes()),
                                timestamp,
                                delivery_id: d.id,
                            });
                            let attempts = d.attempts + 1;
                            // No answer: the receiver is down or slow; its other
                            // vehicles wait for the next round rather than time out too.
                            let gave_up = result.is_err();
                            let outcome = match result {
                                Ok(status) if (200..300).contains(&status) => {
                                    AttemptOutcome::Delivered {
                                        status: i32::from(status),
                                    }
                                }
                                Ok(status) => AttemptOutcome::Failed {
                                    status: Some(i32::from(status)),
                                    error: format!("HTTP {status}"),
                                    next: rules::next_attempt(attempts, d.created_at, now),
                                },
                                Err(error) => AttemptOutcome::Failed {
                                    status: None,
                                    error,
                                    next: rules::next_attempt(attempts, d.created_at, now),
                                },
                            };
                            out.push((d.id, outcome));
                            if gave_up {
                                break;
                            }
                        }
                        out
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        });
        let delivered = outcomes
            .iter()
            .filter(|(_, o)| matches!(o, AttemptOutcome::Delivered { .. }))
            .count();
        let failed = outcomes.len() - delivered;
        self.deps.store.tx(|repos| {
            for (id, outcome) in &outcomes {
                repos.record_delivery_attempt(*id, outcome, now)?;
            }
            Ok(())
        })?;
        Ok((delivered, failed))
    }
}
