//! The carriers' integration (issue 26): API keys, Idempotency-Key answers, webhooks, the
//! queue changes the triggers record (`integration_events`) and the deliveries.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Int4, Nullable, Text, Timestamptz};
use patio_application::integration::ports::{
    ApiKeyRecord, AttemptOutcome, DeliveryRecord, DueDelivery, IdempotencyClaim, IntegrationRepo,
    KeyUse, NewApiKey, NewDelivery, NewWebhook, QueueFactRecord, WebhookRecord,
};
use patio_application::AppResult;
use patio_domain::integration::{OwnerNow, Scope};
use patio_domain::roles::Role;

use crate::store::{db_error, PgRepos};

#[derive(QueryableByName)]
struct KeyRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    user_id: i64,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    prefix: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    last_used_at: Option<DateTime<Utc>>,
}

impl From<KeyRow> for ApiKeyRecord {
    fn from(r: KeyRow) -> Self {
        Self {
            id: r.id,
            user_id: r.user_id,
            name: r.name,
            prefix: r.prefix,
            created_at: r.created_at,
            last_used_at: r.last_used_at,
        }
    }
}

const KEY_COLUMNS: &str = "id, user_id, name, prefix, created_at, last_used_at";

#[derive(QueryableByName)]
struct KeyUseRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    prefix: String,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    shipping_company_id: Option<i64>,
    #[diesel(sql_type = BigInt)]
    user_id: i64,
    #[diesel(sql_type = Int4)]
    window_count: i32,
    #[diesel(sql_type = Bool)]
    is_enabled: bool,
    #[diesel(sql_type = Text)]
    role: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    user_company_id: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    user_shipping_company_id: Option<i64>,
}

fn scope_of(company_id: i64, shipping_company_id: Option<i64>) -> Scope {
    match shipping_company_id {
        Some(shipping_company_id) => Scope::ShippingCompany {
            company_id,
            shipping_company_id,
        },
        None => Scope::Company { company_id },
    }
}

#[derive(QueryableByName)]
struct HookRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    shipping_company_id: Option<i64>,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Array<Text>)]
    events: Vec<String>,
    #[diesel(sql_type = Text)]
    secret: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

impl From<HookRow> for WebhookRecord {
    fn from(r: HookRow) -> Self {
        Self {
            id: r.id,
            scope: scope_of(r.company_id, r.shipping_company_id),
            url: r.url,
            events: r.events,
            secret: r.secret,
            created_at: r.created_at,
        }
    }
}

const HOOK_COLUMNS: &str = "id, company_id, shipping_company_id, url, events, secret, created_at";

#[derive(QueryableByName)]
struct DeliveryRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    event: String,
    #[diesel(sql_type = BigInt)]
    event_id: i64,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Int4)]
    attempts: i32,
    #[diesel(sql_type = Nullable<Text>)]
    last_error: Option<String>,
    #[diesel(sql_type = Nullable<Int4>)]
    response_status: Option<i32>,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    next_attempt_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    delivered_at: Option<DateTime<Utc>>,
}

#[derive(QueryableByName)]
struct FactRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = BigInt)]
    queue_entry_id: i64,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Nullable<Text>)]
    from_status: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    to_status: Option<String>,
    #[diesel(sql_type = Timestamptz)]
    occurred_at: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    truck_id: i64,
    #[diesel(sql_type = Text)]
    license_plate: String,
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = Text)]
    driver_name: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    scheduling_id: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    order_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    order_code: Option<String>,
    #[diesel(sql_type = Nullable<Int4>)]
    position: Option<i32>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    forecast_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Array<BigInt>)]
    shipping_company_ids: Vec<i64>,
}

#[derive(QueryableByName)]
struct DueRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    webhook_id: i64,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    secret: String,
    #[diesel(sql_type = Text)]
    body: String,
    #[diesel(sql_type = Int4)]
    attempts: i32,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

#[derive(QueryableByName)]
struct ClaimRow {
    #[diesel(sql_type = Text)]
    request_hash: String,
    #[diesel(sql_type = Nullable<Text>)]
    response: Option<String>,
    #[diesel(sql_type = Bool)]
    inserted: bool,
}

/// A claim left unanswered this long (its request died) may be taken again.
const STALE_CLAIM_SECONDS: i64 = 120;

impl IntegrationRepo for PgRepos<'_> {
    fn insert_api_key(&mut self, key: &NewApiKey) -> AppResult<ApiKeyRecord> {
        diesel::sql_query(format!(
            "INSERT INTO api_keys (user_id, company_id, shipping_company_id, name, prefix, key_hash, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {KEY_COLUMNS}"
        ))
        .bind::<BigInt, _>(key.user_id)
        .bind::<BigInt, _>(key.scope.company_id())
        .bind::<Nullable<BigInt>, _>(key.scope.shipping_company_id())
        .bind::<Text, _>(&key.name)
        .bind::<Text, _>(&key.prefix)
        .bind::<Text, _>(&key.key_hash)
        .bind::<Timestamptz, _>(key.created_at)
        .get_result::<KeyRow>(self.conn)
        .map(Into::into)
        .map_err(db_error)
    }

    fn api_keys_of(&mut self, scope: &Scope) -> AppResult<Vec<ApiKeyRecord>> {
        diesel::sql_query(format!(
            "SELECT {KEY_COLUMNS} FROM api_keys
             WHERE company_id = $1 AND shipping_company_id IS NOT DISTINCT FROM $2
               AND revoked_at IS NULL
             ORDER BY created_at DESC, id DESC"
        ))
        .bind::<BigInt, _>(scope.company_id())
        .bind::<Nullable<BigInt>, _>(scope.shipping_company_id())
        .load::<KeyRow>(self.conn)
        .map(|rows| rows.into_iter().map(Into::into).collect())
        .map_err(db_error)
    }

    fn revoke_api_key(
        &mut self,
        scope: &Scope,
        id: i64,
        now: DateTime<Utc>,
    ) -> AppResult<Option<ApiKeyRecord>> {
        diesel::sql_query(format!(
            "UPDATE api_keys SET revoked_at = $4
             WHERE id = $1 AND company_id = $2 AND shipping_company_id IS NOT DISTINCT FROM $3
               AND revoked_at IS NULL
             RETURNING {KEY_COLUMNS}"
        ))
        .bind::<BigInt, _>(id)
        .bind::<BigInt, _>(scope.company_id())
        .bind::<Nullable<BigInt>, _>(scope.shipping_company_id())
        .bind::<Timestamptz, _>(now)
        .get_result::<KeyRow>(self.conn)
        .optional()
        .map(|r| r.map(Into::into))
        .map_err(db_error)
    }

    fn use_api_key(&mut self, key_hash: &str, now: DateTime<Utc>) -> AppResult<Option<KeyUse>> {
        // One statement: finds the key, counts the request in the current minute (shared by
        // every instance) and notes the last use.
        let row = diesel::sql_query(
            "UPDATE api_keys k SET
                 window_count = CASE WHEN k.window_start > $2 - interval '1 minute'
                                     THEN k.window_count + 1 ELSE 1 END,
                 window_start = CASE WHEN k.window_start > $2 - interval '1 minute'
                                     THEN k.window_start ELSE $2 END,
                 last_used_at = $2
             FROM users u LEFT JOIN shipping_companies sc ON sc.id = u.shipping_company_id
             WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.id = k.user_id
             RETURNING k.id, k.name, k.prefix, k.company_id, k.shipping_company_id, k.user_id,
                       k.window_count, u.is_enabled, u.role,
                       COALESCE(u.company_id, sc.company_id) AS user_company_id,
                       u.shipping_company_id AS user_shipping_company_id",
        )
        .bind::<Text, _>(key_hash)
        .bind::<Timestamptz, _>(now)
        .get_result::<KeyUseRow>(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map(|r| KeyUse {
            key_id: r.id,
            name: r.name,
            prefix: r.prefix,
            scope: scope_of(r.company_id, r.shipping_company_id),
            owner_id: r.user_id,
            owner: OwnerNow {
                enabled: r.is_enabled,
                role: Role::parse(&r.role).ok(),
                company_id: r.user_company_id,
                shipping_company_id: r.user_shipping_company_id,
            },
            count: r.window_count,
        }))
    }

    fn claim_idempotency(
        &mut self,
        key_id: i64,
        key: &str,
        request_hash: &str,
        now: DateTime<Utc>,
    ) -> AppResult<IdempotencyClaim> {
        // A claim whose request died unanswered is taken over after a while.
        diesel::sql_query(
            "DELETE FROM idempotency_keys WHERE api_key_id = $1 AND key = $2
               AND response IS NULL AND created_at < $3 - make_interval(secs => $4)",
        )
        .bind::<BigInt, _>(key_id)
        .bind::<Text, _>(key)
        .bind::<Timestamptz, _>(now)
        .bind::<BigInt, _>(STALE_CLAIM_SECONDS)
        .execute(self.conn)
        .map_err(db_error)?;
        let row = diesel::sql_query(
            "WITH ins AS (
                 INSERT INTO idempotency_keys (api_key_id, key, request_hash, created_at)
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING
                 RETURNING request_hash, response, TRUE AS inserted)
             SELECT request_hash, response, inserted FROM ins
             UNION ALL
             SELECT request_hash, response, FALSE FROM idempotency_keys
             WHERE api_key_id = $1 AND key = $2 AND NOT EXISTS (SELECT 1 FROM ins)",
        )
        .bind::<BigInt, _>(key_id)
        .bind::<Text, _>(key)
        .bind::<Text, _>(request_hash)
        .bind::<Timestamptz, _>(now)
        .get_result::<ClaimRow>(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(match row {
            // Inserted by a request that committed after this statement's snapshot: running.
            None => IdempotencyClaim::Busy,
            Some(r) if r.inserted => IdempotencyClaim::Claimed,
            Some(r) if r.request_hash != request_hash => IdempotencyClaim::Mismatch,
            Some(ClaimRow {
                response: Some(json),
                ..
            }) => IdempotencyClaim::Replay(json),
            Some(_) => IdempotencyClaim::Busy,
        })
    }

    fn finish_idempotency(&mut self, key_id: i64, key: &str, response: &str) -> AppResult<()> {
        diesel::sql_query(
            "UPDATE idempotency_keys SET response = $3 WHERE api_key_id = $1 AND key = $2",
        )
        .bind::<BigInt, _>(key_id)
        .bind::<Text, _>(key)
        .bind::<Text, _>(response)
        .execute(self.conn)
        .map(drop)
        .map_err(db_error)
    }

    fn release_idempotency(&mut self, key_id: i64, key: &str) -> AppResult<()> {
        diesel::sql_query(
            "DELETE FROM idempotency_keys WHERE api_key_id = $1 AND key = $2 AND response IS NULL",
        )
        .bind::<BigInt, _>(key_id)
        .bind::<Text, _>(key)
        .execute(self.conn)
        .map(drop)
        .map_err(db_error)
    }

    fn purge_idempotency(&mut self, before: DateTime<Utc>) -> AppResult<usize> {
        diesel::sql_query("DELETE FROM idempotency_keys WHERE created_at < $1")
            .bind::<Timestamptz, _>(before)
            .execute(self.conn)
            .map_err(db_error)
    }

    fn insert_webhook(&mut self, hook: &NewWebhook) -> AppResult<WebhookRecord> {
        diesel::sql_query(format!(
            "INSERT INTO webhooks (user_id, company_id, shipping_company_id, url, events, secret, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {HOOK_COLUMNS}"
        ))
        .bind::<BigInt, _>(hook.user_id)
        .bind::<BigInt, _>(hook.scope.company_id())
        .bind::<Nullable<BigInt>, _>(hook.scope.shipping_company_id())
        .bind::<Text, _>(&hook.url)
        .bind::<Array<Text>, _>(&hook.events)
        .bind::<Text, _>(&hook.secret)
        .bind::<Timestamptz, _>(hook.created_at)
        .get_result::<HookRow>(self.conn)
        .map(Into::into)
        .map_err(db_error)
    }

    fn webhooks_of(&mut self, scope: &Scope) -> AppResult<Vec<WebhookRecord>> {
        diesel::sql_query(format!(
            "SELECT {HOOK_COLUMNS} FROM webhooks
             WHERE company_id = $1 AND shipping_company_id IS NOT DISTINCT FROM $2
             ORDER BY created_at DESC, id DESC"
        ))
        .bind::<BigInt, _>(scope.company_id())
        .bind::<Nullable<BigInt>, _>(scope.shipping_company_id())
        .load::<HookRow>(self.conn)
        .map(|rows| rows.into_iter().map(Into::into).collect())
        .map_err(db_error)
    }

    fn webhook_in(&mut self, scope: &Scope, id: i64) -> AppResult<Option<WebhookRecord>> {
        diesel::sql_query(format!(
            "SELECT {HOOK_COLUMNS} FROM webhooks
             WHERE id = $3 AND company_id = $1 AND shipping_company_id IS NOT DISTINCT FROM $2"
        ))
        .bind::<BigInt, _>(scope.company_id())
        .bind::<Nullable<BigInt>, _>(scope.shipping_company_id())
        .bind::<BigInt, _>(id)
        .get_result::<HookRow>(self.conn)
        .optional()
        .map(|r| r.map(Into::into))
        .map_err(db_error)
    }

    fn delete_webhook(&mut self, id: i64) -> AppResult<()> {
        diesel::sql_query("DELETE FROM webhooks WHERE id = $1")
            .bind::<BigInt, _>(id)
            .execute(self.conn)
            .map(drop)
            .map_err(db_error)
    }

    fn deliveries_of(&mut self, webhook_id: i64, limit: i64) -> AppResult<Vec<DeliveryRecord>> {
        diesel::sql_query(
            "SELECT id, event, event_id, status, attempts, last_error, response_status,
                    created_at, next_attempt_at, delivered_at
             FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id DESC LIMIT $2",
        )
        .bind::<BigInt, _>(webhook_id)
        .bind::<BigInt, _>(limit)
        .load::<DeliveryRow>(self.conn)
        .map(|rows| {
            rows.into_iter()
                .map(|r| DeliveryRecord {
                    id: r.id,
                    event: r.event,
                    event_id: r.event_id,
                    status: r.status,
                    attempts: r.attempts,
                    last_error: r.last_error,
                    response_status: r.response_status,
                    created_at: r.created_at,
                    next_attempt_at: r.next_attempt_at,
                    delivered_at: r.delivered_at,
                })
                .collect()
        })
        .map_err(db_error)
    }

    fn pending_queue_facts(&mut self, limit: i64) -> AppResult<Vec<QueueFactRecord>> {
        diesel::sql_query(
            "SELECT f.id, f.company_id, f.queue_entry_id, f.kind, f.from_status, f.to_status,
                    f.occurred_at, q.truck_id, t.license_plate, q.driver_id, d.name AS driver_name,
                    q.scheduling_id, s.order_id, o.code AS order_code, q.position, q.forecast_at,
                    ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[t.shipping_company_id,
                          d.shipping_company_id, s.shipping_company_id]) AS x
                          WHERE x IS NOT NULL) AS shipping_company_ids
             FROM (SELECT * FROM integration_events WHERE NOT fanned_out
                   ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) f
             JOIN queue_entries q ON q.id = f.queue_entry_id
             JOIN trucks t ON t.id = q.truck_id
             JOIN drivers d ON d.id = q.driver_id
             LEFT JOIN schedulings s ON s.id = q.scheduling_id
             LEFT JOIN orders o ON o.id = s.order_id
             ORDER BY f.id",
        )
        .bind::<BigInt, _>(limit)
        .load::<FactRow>(self.conn)
        .map(|rows| {
            rows.into_iter()
                .map(|r| QueueFactRecord {
                    id: r.id,
                    company_id: r.company_id,
                    queue_entry_id: r.queue_entry_id,
                    kind: r.kind,
                    from_status: r.from_status,
                    to_status: r.to_status,
                    occurred_at: r.occurred_at,
                    truck_id: r.truck_id,
                    license_plate: r.license_plate,
                    driver_id: r.driver_id,
                    driver_name: r.driver_name,
                    scheduling_id: r.scheduling_id,
                    order_id: r.order_id,
                    order_code: r.order_code,
                    position: r.position,
                    forecast_at: r.forecast_at,
                    shipping_company_ids: r.shipping_company_ids,
                })
                .collect()
        })
        .map_err(db_error)
    }

    fn webhooks_of_company(&mut self, company_id: i64) -> AppResult<Vec<WebhookRecord>> {
        diesel::sql_query(format!(
            "SELECT {HOOK_COLUMNS} FROM webhooks WHERE company_id = $1 ORDER BY id"
        ))
        .bind::<BigInt, _>(company_id)
        .load::<HookRow>(self.conn)
        .map(|rows| rows.into_iter().map(Into::into).collect())
        .map_err(db_error)
    }

    fn insert_delivery(&mut self, d: &NewDelivery) -> AppResult<()> {
        diesel::sql_query(
            "INSERT INTO webhook_deliveries (webhook_id, event_id, event, vehicle_id, body, created_at, next_attempt_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING",
        )
        .bind::<BigInt, _>(d.webhook_id)
        .bind::<BigInt, _>(d.event_id)
        .bind::<Text, _>(&d.event)
        .bind::<BigInt, _>(d.vehicle_id)
        .bind::<Text, _>(&d.body)
        .bind::<Timestamptz, _>(d.created_at)
        .execute(self.conn)
        .map(drop)
        .map_err(db_error)
    }

    fn mark_fanned_out(&mut self, ids: &[i64]) -> AppResult<()> {
        if ids.is_empty() {
            return Ok(());
        }
        diesel::sql_query("UPDATE integration_events SET fanned_out = TRUE WHERE id = ANY($1)")
            .bind::<Array<BigInt>, _>(ids)
            .execute(self.conn)
            .map(drop)
            .map_err(db_error)
    }

    fn due_deliveries(&mut self, now: DateTime<Utc>, limit: i64) -> AppResult<Vec<DueDelivery>> {
        diesel::sql_query(
            "SELECT d.id, d.webhook_id, w.url, w.secret, d.body, d.attempts, d.created_at
             FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
             WHERE d.status = 'pending' AND d.next_attempt_at <= $1
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                               WHERE e.webhook_id = d.webhook_id AND e.vehicle_id = d.vehicle_id
                                 AND e.status = 'pending' AND e.id < d.id)
             ORDER BY d.id LIMIT $2",
        )
        .bind::<Timestamptz, _>(now)
        .bind::<BigInt, _>(limit)
        .load::<DueRow>(self.conn)
        .map(|rows| {
            rows.into_iter()
                .map(|r| DueDelivery {
                    id: r.id,
                    webhook_id: r.webhook_id,
                    url: r.url,
                    secret: r.secret,
                    body: r.body,
                    attempts: r.attempts,
                    created_at: r.created_at,
                })
                .collect()
        })
        .map_err(db_error)
    }

    fn record_delivery_attempt(
        &mut self,
        id: i64,
        outcome: &AttemptOutcome,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        match outcome {
            AttemptOutcome::Delivered { status } => diesel::sql_query(
                "UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1,
                        response_status = $2, last_error = NULL, delivered_at = $3
                 WHERE id = $1",
            )
            .bind::<BigInt, _>(id)
            .bind::<Nullable<Int4>, _>(Some(*status))
            .bind::<Timestamptz, _>(now)
            .execute(self.conn),
            AttemptOutcome::Failed {
                status,
                error,
                next,
            } => diesel::sql_query(
                "UPDATE webhook_deliveries SET attempts = attempts + 1, response_status = $2,
                        last_error = left($4, 500),
                        status = CASE WHEN $5::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
                        next_attempt_at = COALESCE($5, $3)
                 WHERE id = $1",
            )
            .bind::<BigInt, _>(id)
            .bind::<Nullable<Int4>, _>(*status)
            .bind::<Timestamptz, _>(now)
            .bind::<Text, _>(error.clone())
            .bind::<Nullable<Timestamptz>, _>(*next)
            .execute(self.conn),
        }
        .map(drop)
        .map_err(db_error)
    }
}
