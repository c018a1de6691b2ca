//! The `EventPublisher` port on PostgreSQL NOTIFY (DESIGN section 5): every `patio serve`
//! instance LISTENs on [`EVENTS_CHANNEL`] and forwards the events to its own sockets.

use diesel::prelude::*;
use diesel::sql_types::Text;
use patio_application::queue::ports::{DomainEvent, EventPublisher};

use crate::pool::PgPool;

/// The channel every instance listens on.
pub const EVENTS_CHANNEL: &str = "patio_events";

/// Publishes each event as a JSON payload on [`EVENTS_CHANNEL`], e.g.
/// `{"event":"queueChanged","companyId":1}`. Called after commit; a failure is logged and
/// dropped (the screens' polling is the fallback).
pub struct PgEventPublisher {
    pool: PgPool,
}

impl PgEventPublisher {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl EventPublisher for PgEventPublisher {
    fn publish(&self, event: &DomainEvent) {
        let payload = match serde_json::to_string(event) {
            Ok(p) => p,
            Err(error) => {
                tracing::warn!(%error, "event not serialised");
                return;
            }
        };
        let sent = self
            .pool
            .get()
            .map_err(|e| e.to_string())
            .and_then(|mut conn| {
                diesel::sql_query("SELECT pg_notify($1, $2)")
                    .bind::<Text, _>(EVENTS_CHANNEL)
                    .bind::<Text, _>(&payload)
                    .execute(&mut conn)
                    .map_err(|e| e.to_string())
            });
        if let Err(error) = sent {
            tracing::warn!(%error, %payload, "event not published");
        }
    }
}
