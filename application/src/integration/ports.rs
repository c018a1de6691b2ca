//! Ports of the carriers' integration (issue 26): the keys, the answers kept per
//! Idempotency-Key, the webhooks, the queue changes recorded for them and their deliveries
//! ([`IntegrationRepo`], part of `Repos`), and the [`WebhookSender`] that posts a delivery.

use chrono::{DateTime, Utc};
use patio_domain::integration::Scope;

use crate::error::AppResult;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewApiKey {
    pub user_id: i64,
    pub scope: Scope,
    pub name: String,
    pub prefix: String,
    pub key_hash: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKeyRecord {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub prefix: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

/// A request made with a key that is not revoked: the key's scope, its owner as the account
/// is now, and the requests counted in the current minute (this one included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyUse {
    pub key_id: i64,
    pub name: String,
    pub prefix: String,
    pub scope: Scope,
    pub owner_id: i64,
    pub owner: patio_domain::integration::OwnerNow,
    pub count: i32,
}

/// What the store says of an Idempotency-Key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdempotencyClaim {
    /// First use: the request runs.
    Claimed,
    /// Used before with the same request: its answer.
    Replay(String),
    /// Used before with another request.
    Mismatch,
    /// The first request is still running.
    Busy,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewWebhook {
    pub user_id: i64,
    pub scope: Scope,
    pub url: String,
    pub events: Vec<String>,
    pub secret: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookRecord {
    pub id: i64,
    pub scope: Scope,
    pub url: String,
    pub events: Vec<String>,
    pub secret: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryRecord {
    pub id: i64,
    pub event: String,
    pub event_id: i64,
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub response_status: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub next_attempt_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
}

/// A change of a queue entry the triggers recorded, with what a delivery tells of it.
#[derive(Debug, Clone, PartialEq)]
pub struct QueueFactRecord {
    pub id: i64,
    pub company_id: i64,
    pub queue_entry_id: i64,
    /// `status` or `called`.
    pub kind: String,
    pub from_status: Option<String>,
    pub to_status: Option<String>,
    pub occurred_at: DateTime<Utc>,
    pub truck_id: i64,
    pub license_plate: String,
    pub driver_id: i64,
    pub driver_name: String,
    pub scheduling_id: Option<i64>,
    pub order_id: Option<i64>,
    pub order_code: Option<String>,
    pub position: Option<i32>,
    pub forecast_at: Option<DateTime<Utc>>,
    /// The truck's, the driver's and the loading's carriers.
    pub shipping_company_ids: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDelivery {
    pub webhook_id: i64,
    pub event_id: i64,
    pub event: String,
    pub vehicle_id: i64,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

/// A delivery whose turn has come (the oldest pending one of its webhook and vehicle).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueDelivery {
    pub id: i64,
    pub webhook_id: i64,
    pub url: String,
    pub secret: String,
    pub body: String,
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
}

/// What became of one attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttemptOutcome {
    Delivered {
        status: i32,
    },
    /// Tried again at `next` (`None`: the day is over, the delivery failed).
    Failed {
        status: Option<i32>,
        error: String,
        next: Option<DateTime<Utc>>,
    },
}

pub trait IntegrationRepo {
    fn insert_api_key(&mut self, key: &NewApiKey) -> AppResult<ApiKeyRecord>;
    /// The scope's keys not revoked, newest first.
    fn api_keys_of(&mut self, scope: &Scope) -> AppResult<Vec<ApiKeyRecord>>;
    /// Revokes the scope's key; `None` when the scope has no such key (revoked ones included).
    fn revoke_api_key(
        &mut self,
        scope: &Scope,
        id: i64,
        now: DateTime<Utc>,
    ) -> AppResult<Option<ApiKeyRecord>>;
    /// Counts a request of the key of that hash (and notes it as its last use); `None` when
    /// no key that is not revoked has that hash.
    fn use_api_key(&mut self, key_hash: &str, now: DateTime<Utc>) -> AppResult<Option<KeyUse>>;

    fn claim_idempotency(
        &mut self,
        key_id: i64,
        key: &str,
        request_hash: &str,
        now: DateTime<Utc>,
    ) -> AppResult<IdempotencyClaim>;
    fn finish_idempotency(&mut self, key_id: i64, key: &str, response: &str) -> AppResult<()>;
    fn release_idempotency(&mut self, key_id: i64, key: &str) -> AppResult<()>;
    /// Forgets answers kept since before `before`; how many.
    fn purge_idempotency(&mut self, before: DateTime<Utc>) -> AppResult<usize>;

    fn insert_webhook(&mut self, hook: &NewWebhook) -> AppResult<WebhookRecord>;
    fn webhooks_of(&mut self, scope: &Scope) -> AppResult<Vec<WebhookRecord>>;
    fn webhook_in(&mut self, scope: &Scope, id: i64) -> AppResult<Option<WebhookRecord>>;
    fn delete_webhook(&mut self, id: i64) -> AppResult<()>;
    /// The webhook's latest deliveries, newest first.
    fn deliveries_of(&mut self, webhook_id: i64, limit: i64) -> AppResult<Vec<DeliveryRecord>>;

    /// Recorded queue changes not fanned out yet, oldest first, locked for this transaction.
    fn pending_queue_facts(&mut self, limit: i64) -> AppResult<Vec<QueueFactRecord>>;
    fn webhooks_of_company(&mut self, company_id: i64) -> AppResult<Vec<WebhookRecord>>;
    fn insert_delivery(&mut self, delivery: &NewDelivery) -> AppResult<()>;
    fn mark_fanned_out(&mut self, ids: &[i64]) -> AppResult<()>;
    /// Deliveries whose turn has come at `now`: pending, due, and the oldest pending one of
    /// their webhook and vehicle.
    fn due_deliveries(&mut self, now: DateTime<Utc>, limit: i64) -> AppResult<Vec<DueDelivery>>;
    fn record_delivery_attempt(
        &mut self,
        id: i64,
        outcome: &AttemptOutcome,
        now: DateTime<Utc>,
    ) -> AppResult<()>;
}

/// One POST of a delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookPost<'a> {
    pub url: &'a str,
    pub body: &'a str,
    pub signature: String,
    pub timestamp: i64,
    pub delivery_id: i64,
}

/// Posts deliveries. Never blocks for long (a short timeout) and never follows redirects;
/// checks the URL's addresses against the private-address policy at each attempt.
pub trait WebhookSender: Send + Sync {
    /// `Ok(status)` for any HTTP answer; `Err(reason)` when none came.
    fn post(&self, post: &WebhookPost<'_>) -> Result<u16, String>;
    /// Whether private and loopback addresses are allowed (`PATIO_WEBHOOK_ALLOW_PRIVATE=1`).
    fn allows_private(&self) -> bool;
}

/// Sends nothing: every attempt fails (tools without the HTTP client).
pub struct NoWebhooks;

impl WebhookSender for NoWebhooks {
    fn post(&self, _: &WebhookPost<'_>) -> Result<u16, String> {
        Err("webhooks desligados".to_owned())
    }

    fn allows_private(&self) -> bool {
        false
    }
}
