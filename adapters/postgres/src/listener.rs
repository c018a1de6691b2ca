//! The LISTEN side of [`crate::PgEventPublisher`] (DESIGN section 5): one thread per instance
//! with a connection of its own, forwarding every event on [`EVENTS_CHANNEL`] to an
//! [`EventSink`], reconnecting when the connection drops and telling the sink when the stream
//! stops and starts again (events sent meanwhile are lost).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use patio_application::queue::ports::{DomainEvent, EventSink};

use crate::replica::ReadReplica;
use crate::repos::events::EVENTS_CHANNEL;

/// The `application_name` of the listening connections.
pub const LISTENER_NAME: &str = "patio-listen";

/// How often pending notifications are collected: the most an event waits on this side.
const POLL_EVERY: Duration = Duration::from_millis(10);
/// A query now and then, so that a connection lost without a word is noticed.
const HEARTBEAT_EVERY: Duration = Duration::from_secs(5);
/// Waits between connection attempts, doubling up to the last.
const RETRY_WAITS: [Duration; 4] = [
    Duration::from_millis(200),
    Duration::from_secs(1),
    Duration::from_secs(3),
    Duration::from_secs(10),
];

/// A running listener; dropping it stops the thread.
pub struct EventListener {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl EventListener {
    /// Starts listening on `url` for `sink`.
    pub fn spawn(url: String, sink: Arc<dyn EventSink>) -> std::io::Result<Self> {
        Self::spawn_with_replica(url, sink, None)
    }

    /// Like [`Self::spawn`]; with a read replica, each event is first noted at the primary's
    /// position ([`ReadReplica::note_event`]), so that the reads it prompts (the position
    /// cache's, the screens') see the change it announces.
    pub fn spawn_with_replica(
        url: String,
        sink: Arc<dyn EventSink>,
        replica: Option<Arc<ReadReplica>>,
    ) -> std::io::Result<Self> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new()
            .name("patio-listen".into())
            .spawn(move || run(&url, sink.as_ref(), replica.as_deref(), &flag))?;
        Ok(Self {
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for EventListener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run(url: &str, sink: &dyn EventSink, replica: Option<&ReadReplica>, stop: &AtomicBool) {
    let mut attempt = 0usize;
    while !stop.load(Ordering::SeqCst) {
        match listen(url) {
            Ok(mut conn) => {
                attempt = 0;
                sink.connected();
                let reason = pump(&mut conn, sink, replica, stop);
                sink.disconnected();
                if let Some(error) = reason {
                    tracing::warn!(%error, "event stream lost; reconnecting");
                }
            }
            Err(error) => {
                tracing::warn!(%error, "event stream not connected");
                let wait = RETRY_WAITS[attempt.min(RETRY_WAITS.len() - 1)];
                attempt += 1;
                sleep_unless_stopped(wait, stop);
            }
        }
    }
}

fn listen(url: &str) -> Result<PgConnection, String> {
    let mut conn = PgConnection::establish(url).map_err(|e| e.to_string())?;
    // Named, so that an operator (and the tests) can tell it apart in pg_stat_activity.
    conn.batch_execute(&format!(
        "SET application_name = '{LISTENER_NAME}'; LISTEN {EVENTS_CHANNEL}"
    ))
    .map_err(|e| e.to_string())?;
    Ok(conn)
}

/// Forwards events until stopped (`None`) or the connection fails (`Some(error)`).
fn pump(
    conn: &mut PgConnection,
    sink: &dyn EventSink,
    replica: Option<&ReadReplica>,
    stop: &AtomicBool,
) -> Option<String> {
    let mut last_heartbeat = Instant::now();
    while !stop.load(Ordering::SeqCst) {
        let mut payloads = Vec::new();
        for notification in conn.notifications_iter() {
            match notification {
                Ok(n) => payloads.push(n.payload),
                Err(error) => return Some(error.to_string()),
            }
        }
        // Delivered after their commits: the position now is past every change announced.
        // (Unread, the highest position this instance knows stands in: the reads prompted
        // may then come from the primary's side of the lag for a moment.)
        let lsn = match (replica, payloads.is_empty()) {
            (Some(replica), false) => replica
                .primary_position(conn)
                .unwrap_or_else(|| replica.last_commit()),
            _ => 0,
        };
        for payload in payloads {
            match serde_json::from_str::<DomainEvent>(&payload) {
                Ok(event) => {
                    // Before the position cache forgets: its refill must see the change.
                    if let Some(replica) = replica {
                        replica.note_event(&event, lsn);
                    }
                    sink.event(&event);
                }
                Err(error) => tracing::warn!(%error, %payload, "unknown event"),
            }
        }
        if last_heartbeat.elapsed() >= HEARTBEAT_EVERY {
            if let Err(error) = diesel::sql_query("SELECT 1").execute(conn) {
                return Some(error.to_string());
            }
            last_heartbeat = Instant::now();
        }
        std::thread::sleep(POLL_EVERY);
    }
    None
}

fn sleep_unless_stopped(wait: Duration, stop: &AtomicBool) {
    let until = Instant::now() + wait;
    while !stop.load(Ordering::SeqCst) && Instant::now() < until {
        std::thread::sleep(POLL_EVERY);
    }
}
