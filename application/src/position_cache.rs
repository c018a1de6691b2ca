//! The driver's position, remembered between queue changes.
//!
//! Every phone in a queue reads `GET /queue/position/driver/{id}` every 30 s, while the answer
//! changes only when the company's queue changes, and every such change publishes
//! `queueChanged` after its commit (DESIGN section 5). So an instance keeps the answers it read
//! and forgets all of them on any event, local (synchronously, before the writer's response
//! leaves) or from another instance (through LISTEN). A change that publishes no event (a
//! truck's plate edited, say) shows within [`PositionCache::ttl`] at most.
//!
//! The cache is only used while the event stream is up: before the listener connects, and
//! whenever it drops, every read goes to the database.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::error::AppResult;
use crate::queue_ports::{
    DomainEvent, DriverPositionRecord, EventPublisher, EventSink, PositionReader,
};

/// How long an answer may be served without an event (the spec's polling interval is 30 s).
pub const DEFAULT_TTL: Duration = Duration::from_secs(15);

/// Past this many drivers the cache starts over rather than grow without bound.
const MAX_ENTRIES: usize = 200_000;

pub struct PositionCache {
    source: Arc<dyn PositionReader>,
    ttl: Duration,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Whether the event stream is up (answers may be kept).
    live: bool,
    /// Bumped by every invalidation, so that a read that raced with one is not kept.
    generation: u64,
    entries: HashMap<i64, (Instant, Option<DriverPositionRecord>)>,
}

impl PositionCache {
    /// A cache in front of `source`; it keeps nothing until [`EventSink::connected`].
    pub fn new(source: Arc<dyn PositionReader>, ttl: Duration) -> Self {
        Self {
            source,
            ttl,
            state: Mutex::new(State::default()),
        }
    }

    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// Forgets every answer.
    pub fn invalidate(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.generation = state.generation.wrapping_add(1);
            state.entries.clear();
        }
    }

    fn set_live(&self, live: bool) {
        if let Ok(mut state) = self.state.lock() {
            state.live = live;
            state.generation = state.generation.wrapping_add(1);
            state.entries.clear();
        }
    }

    /// Whether the event stream is up, so answers are kept.
    pub fn is_live(&self) -> bool {
        self.state.lock().is_ok_and(|s| s.live)
    }

    /// How many answers are kept (for tests and diagnostics).
    pub fn len(&self) -> usize {
        self.state.lock().map_or(0, |s| s.entries.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl PositionReader for PositionCache {
    fn remembered(&self, driver_id: i64) -> Option<Option<DriverPositionRecord>> {
        let state = self.state.lock().ok()?;
        if !state.live {
            return None;
        }
        let (read_at, record) = state.entries.get(&driver_id)?;
        (read_at.elapsed() < self.ttl).then(|| record.clone())
    }

    fn driver_position(&self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>> {
        if let Some(record) = self.remembered(driver_id) {
            return Ok(record);
        }
        let now = Instant::now();
        let Some(generation) = self
            .state
            .lock()
            .ok()
            .filter(|s| s.live)
            .map(|s| s.generation)
        else {
            return self.source.driver_position(driver_id);
        };
        let record = self.source.driver_position(driver_id)?;
        if let Ok(mut state) = self.state.lock() {
            // An invalidation since the read began may have made it stale: do not keep it.
            if state.live && state.generation == generation {
                if state.entries.len() >= MAX_ENTRIES {
                    state.entries.clear();
                }
                state.entries.insert(driver_id, (now, record.clone()));
            }
        }
        Ok(record)
    }
}

impl EventSink for PositionCache {
    fn connected(&self) {
        self.set_live(true);
    }

    fn disconnected(&self) {
        self.set_live(false);
    }

    fn event(&self, _event: &DomainEvent) {
        // Any company's change may move a driver (a join elsewhere makes that entry the
        // driver's newest), so every event forgets everything.
        self.invalidate();
    }
}

/// Publishes through `next` after telling this instance's cache, so that the writer's own
/// next read (often the same phone, right after joining) never sees the old answer.
pub struct InvalidatingPublisher {
    pub cache: Arc<PositionCache>,
    pub next: Arc<dyn EventPublisher>,
}

impl EventPublisher for InvalidatingPublisher {
    fn publish(&self, event: &DomainEvent) {
        self.cache.invalidate();
        self.next.publish(event);
    }
}

/// Several sinks fed by one stream (the cache and the websocket hub).
pub struct EventSinks(pub Vec<Arc<dyn EventSink>>);

impl EventSink for EventSinks {
    fn connected(&self) {
        self.0.iter().for_each(|s| s.connected());
    }

    fn disconnected(&self) {
        self.0.iter().for_each(|s| s.disconnected());
    }

    fn event(&self, event: &DomainEvent) {
        self.0.iter().for_each(|s| s.event(event));
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// Counts reads and answers a position that the test can change.
    struct Source {
        reads: AtomicUsize,
        position: Mutex<i32>,
    }

    impl PositionReader for Source {
        fn driver_position(&self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>> {
            self.reads.fetch_add(1, Ordering::SeqCst);
            let position = *self.position.lock().map_err(crate::AppError::internal)?;
            Ok(Some(DriverPositionRecord {
                id: driver_id,
                company_id: 1,
                status: "waiting".into(),
                position: Some(position),
                forecast_at: None,
                date: None,
                in_tolerance: false,
                truck_id: 1,
                license_plate: "ABC1D23".into(),
                freelancer: true,
                closed_at: None,
                time_zone: None,
            }))
        }
    }

    fn source() -> Arc<Source> {
        Arc::new(Source {
            reads: AtomicUsize::new(0),
            position: Mutex::new(7),
        })
    }

    fn position(cache: &PositionCache) -> Option<i32> {
        cache
            .driver_position(10)
            .ok()
            .flatten()
            .and_then(|r| r.position)
    }

    #[test]
    fn keeps_nothing_until_the_event_stream_is_up() {
        let src = source();
        let cache = PositionCache::new(src.clone(), DEFAULT_TTL);
        position(&cache);
        position(&cache);
        assert_eq!(src.reads.load(Ordering::SeqCst), 2);
        assert!(cache.is_empty());
    }

    #[test]
    fn answers_from_memory_between_events_and_reads_again_after_one() {
        let src = source();
        let cache = PositionCache::new(src.clone(), DEFAULT_TTL);
        cache.connected();
        assert_eq!(position(&cache), Some(7));
        assert_eq!(position(&cache), Some(7));
        assert_eq!(src.reads.load(Ordering::SeqCst), 1);
        *src.position.lock().unwrap_or_else(|e| e.into_inner()) = 3;
        cache.event(&DomainEvent::QueueChanged { company_id: 99 });
        assert_eq!(position(&cache), Some(3));
        assert_eq!(src.reads.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn a_dropped_event_stream_sends_every_read_to_the_database() {
        let src = source();
        let cache = PositionCache::new(src.clone(), DEFAULT_TTL);
        cache.connected();
        position(&cache);
        cache.disconnected();
        position(&cache);
        position(&cache);
        assert_eq!(src.reads.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn an_answer_older_than_the_ttl_is_read_again() {
        let src = source();
        let cache = PositionCache::new(src.clone(), Duration::ZERO);
        cache.connected();
        position(&cache);
        position(&cache);
        assert_eq!(src.reads.load(Ordering::SeqCst), 2);
    }

    /// A read that began before an invalidation and ends after it is not kept.
    struct RacingSource {
        cache: Mutex<Option<Arc<PositionCache>>>,
        inner: Arc<Source>,
    }

    impl PositionReader for RacingSource {
        fn driver_position(&self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>> {
            let answer = self.inner.driver_position(driver_id);
            let cache = self.cache.lock().ok().and_then(|c| c.clone());
            if let Some(cache) = cache {
                cache.invalidate();
            }
            answer
        }
    }

    #[test]
    fn a_read_that_raced_with_a_change_is_not_kept() {
        let inner = source();
        let racing = Arc::new(RacingSource {
            cache: Mutex::new(None),
            inner: inner.clone(),
        });
        let cache = Arc::new(PositionCache::new(racing.clone(), DEFAULT_TTL));
        *racing.cache.lock().unwrap_or_else(|e| e.into_inner()) = Some(cache.clone());
        cache.connected();
        position(&cache);
        assert!(cache.is_empty());
    }

    #[test]
    fn the_writers_own_publish_forgets_before_forwarding() {
        struct Sent(AtomicUsize);
        impl EventPublisher for Sent {
            fn publish(&self, _event: &DomainEvent) {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let src = source();
        let cache = Arc::new(PositionCache::new(src.clone(), DEFAULT_TTL));
        cache.connected();
        position(&cache);
        assert_eq!(cache.len(), 1);
        let sent = Arc::new(Sent(AtomicUsize::new(0)));
        let publisher = InvalidatingPublisher {
            cache: cache.clone(),
            next: sent.clone(),
        };
        publisher.publish(&DomainEvent::QueueChanged { company_id: 1 });
        assert!(cache.is_empty());
        assert_eq!(sent.0.load(Ordering::SeqCst), 1);
    }
}
