//! The driver's position, remembered between queue changes.
//!
//! Every phone in a queue reads `GET /queue/position/driver/{id}` every 30 s, while the answer
//! changes only when the company's queue changes, and every such change publishes
//! `queueChanged` after its commit (DESIGN section 5). So an instance keeps the answers it read
//! and forgets them on an event, local (synchronously, before the writer's response leaves) or
//! from another instance (through LISTEN): only the drivers the event names when it names them
//! (a join moves only the joining driver), else every driver of the event's company (a driver
//! is in the queues of their own company only), never other companies'. A change that
//! publishes no event (a truck's plate edited, say) shows within [`PositionCache::ttl`] at
//! most.
//!
//! The cache is only used while the event stream is up: before the listener connects, and
//! whenever it drops, every read goes to the database. When the stream drops, the answers
//! kept so far become the last known ones: they are served only when the database cannot be
//! reached (issue 9: an outage), because then nobody can change the queue either.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::error::{AppError, AppResult};
use crate::queue::ports::{
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
    stats: Counters,
    /// This instance's mark on the events it publishes (see [`InvalidatingPublisher`]).
    origin: u64,
}

/// Past this many drivers remembered as invalidated, reads in flight are not kept and the
/// record starts over.
const MAX_TOUCHED: usize = 100_000;

#[derive(Default)]
struct Counters {
    hits: AtomicU64,
    misses: AtomicU64,
    /// Events that named their drivers.
    drivers_invalidations: AtomicU64,
    /// Events that forgot a whole company.
    company_invalidations: AtomicU64,
    /// This instance's own events coming back through LISTEN, already applied.
    echoes_skipped: AtomicU64,
    /// Drivers' answers forgotten.
    forgotten: AtomicU64,
    /// Reads not kept because a change of that driver (or company) raced with them.
    raced: AtomicU64,
}

/// What the cache did since start (for the benchmarks and the logs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CacheStats {
    pub hits: u64,
    pub misses: u64,
    pub drivers_invalidations: u64,
    pub company_invalidations: u64,
    pub echoes_skipped: u64,
    pub forgotten: u64,
    pub raced: u64,
}

/// A kept answer: when it was read and the company of the driver's entry (`None` when the
/// driver had no entry, forgotten by any company's change).
type Kept = (Instant, Option<DriverPositionRecord>);

#[derive(Default)]
struct State {
    /// Whether the event stream is up (answers may be kept).
    live: bool,
    /// Bumped by every invalidation. A read notes it when it starts; it is kept only if no
    /// invalidation since then concerned its driver (below), so a change of one driver does
    /// not cost the answers being read for the others.
    generation: u64,
    /// Reads that started before this generation are not kept (the whole cache was forgotten).
    floor: u64,
    /// The last invalidation that named each driver.
    driver_touched: HashMap<i64, u64>,
    /// The last invalidation of each company as a whole.
    company_touched: HashMap<i64, u64>,
    /// The last invalidation of any company as a whole (for answers of drivers with no entry).
    any_company_touched: u64,
    entries: HashMap<i64, Kept>,
    /// What was kept when the stream dropped, for answers during a database outage.
    last_known: HashMap<i64, Kept>,
}

impl PositionCache {
    /// A cache in front of `source`; it keeps nothing until [`EventSink::connected`].
    pub fn new(source: Arc<dyn PositionReader>, ttl: Duration) -> Self {
        Self {
            source,
            ttl,
            state: Mutex::new(State::default()),
            stats: Counters::default(),
            origin: instance_mark(),
        }
    }

    /// The mark this cache's instance puts on the events it publishes.
    pub fn origin(&self) -> u64 {
        self.origin
    }

    pub fn stats(&self) -> CacheStats {
        let c = &self.stats;
        CacheStats {
            hits: c.hits.load(Ordering::Relaxed),
            misses: c.misses.load(Ordering::Relaxed),
            drivers_invalidations: c.drivers_invalidations.load(Ordering::Relaxed),
            company_invalidations: c.company_invalidations.load(Ordering::Relaxed),
            echoes_skipped: c.echoes_skipped.load(Ordering::Relaxed),
            forgotten: c.forgotten.load(Ordering::Relaxed),
            raced: c.raced.load(Ordering::Relaxed),
        }
    }

    /// Forgets what `event` may have changed: the drivers it names, else its company's
    /// drivers (and the drivers kept as having no entry, whose company is unknown).
    pub fn forget(&self, event: &DomainEvent) {
        // A call to the yard moves nobody.
        let DomainEvent::QueueChanged {
            company_id,
            drivers,
            ..
        } = event
        else {
            return;
        };
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        state.generation += 1;
        let generation = state.generation;
        match drivers {
            Some(drivers) => {
                self.stats
                    .drivers_invalidations
                    .fetch_add(1, Ordering::Relaxed);
                if state.driver_touched.len() + drivers.len() > MAX_TOUCHED {
                    state.driver_touched.clear();
                    state.floor = generation;
                }
                let mut forgotten = 0;
                for d in drivers {
                    state.driver_touched.insert(*d, generation);
                    forgotten += u64::from(state.entries.remove(d).is_some());
                    state.last_known.remove(d);
                }
                self.stats.forgotten.fetch_add(forgotten, Ordering::Relaxed);
            }
            None => {
                self.stats
                    .company_invalidations
                    .fetch_add(1, Ordering::Relaxed);
                state.company_touched.insert(*company_id, generation);
                state.any_company_touched = generation;
                let other_company = |_: &i64, (_, r): &mut Kept| {
                    r.as_ref().is_some_and(|r| r.company_id != *company_id)
                };
                let before = state.entries.len();
                state.entries.retain(other_company);
                state.last_known.retain(other_company);
                let forgotten = before - state.entries.len();
                self.stats
                    .forgotten
                    .fetch_add(forgotten as u64, Ordering::Relaxed);
            }
        }
    }

    /// Whether a read of `driver_id` that started at `generation` and answered `record` saw
    /// every change announced since: no invalidation since then named the driver or its
    /// company as a whole.
    fn read_is_current(
        state: &State,
        generation: u64,
        driver_id: i64,
        record: Option<&DriverPositionRecord>,
    ) -> bool {
        let after = |g: Option<&u64>| g.is_some_and(|&g| g > generation);
        generation >= state.floor
            && !after(state.driver_touched.get(&driver_id))
            && match record {
                Some(r) => !after(state.company_touched.get(&r.company_id)),
                None => state.any_company_touched <= generation,
            }
    }

    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// Forgets every answer.
    pub fn invalidate(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.generation += 1;
            state.floor = state.generation;
            state.entries.clear();
            state.last_known.clear();
        }
    }

    fn set_live(&self, live: bool) {
        if let Ok(mut state) = self.state.lock() {
            state.live = live;
            state.generation += 1;
            state.floor = state.generation;
            state.driver_touched.clear();
            state.company_touched.clear();
            if live {
                state.entries.clear();
                state.last_known.clear();
            } else {
                let kept = std::mem::take(&mut state.entries);
                state.last_known.extend(kept);
            }
        }
    }

    /// The answer kept before the event stream dropped, if any.
    fn last_known(&self, driver_id: i64) -> Option<Option<DriverPositionRecord>> {
        let state = self.state.lock().ok()?;
        state
            .last_known
            .get(&driver_id)
            .or_else(|| state.entries.get(&driver_id))
            .map(|(_, record)| record.clone())
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
        let fresh = (read_at.elapsed() < self.ttl).then(|| record.clone());
        if fresh.is_some() {
            self.stats.hits.fetch_add(1, Ordering::Relaxed);
        }
        fresh
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
            return match self.source.driver_position(driver_id) {
                Err(AppError::Unavailable(why)) => {
                    self.last_known(driver_id).ok_or(AppError::Unavailable(why))
                }
                other => other,
            };
        };
        self.stats.misses.fetch_add(1, Ordering::Relaxed);
        let record = self.source.driver_position(driver_id)?;
        if let Ok(mut state) = self.state.lock() {
            // An invalidation of this driver since the read began may have made it stale: do
            // not keep it. Invalidations of other drivers do not matter.
            if !state.live {
                return Ok(record);
            }
            if !Self::read_is_current(&state, generation, driver_id, record.as_ref()) {
                self.stats.raced.fetch_add(1, Ordering::Relaxed);
            } else {
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

    fn event(&self, event: &DomainEvent) {
        // This instance's own event, back through LISTEN: forgotten when it was published.
        if let DomainEvent::QueueChanged {
            origin: Some(origin),
            ..
        } = event
        {
            if *origin == self.origin {
                self.stats.echoes_skipped.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
        self.forget(event);
    }
}

/// A mark for this process's events, different across instances (time and process id).
fn instance_mark() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u32(std::process::id());
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// Publishes through `next` after telling this instance's cache, so that the writer's own
/// next read (often the same phone, right after joining) never sees the old answer.
pub struct InvalidatingPublisher {
    pub cache: Arc<PositionCache>,
    pub next: Arc<dyn EventPublisher>,
}

impl EventPublisher for InvalidatingPublisher {
    fn publish(&self, event: &DomainEvent) {
        self.cache.forget(event);
        match event {
            DomainEvent::QueueChanged {
                company_id,
                drivers,
                origin: None,
            } => self.next.publish(&DomainEvent::QueueChanged {
                company_id: *company_id,
                drivers: drivers.clone(),
                origin: Some(self.cache.origin),
            }),
            other => self.next.publish(other),
        }
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
        down: std::sync::atomic::AtomicBool,
    }

    impl PositionReader for Source {
        fn driver_position(&self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>> {
            self.reads.fetch_add(1, Ordering::SeqCst);
            if self.down.load(Ordering::SeqCst) {
                return Err(crate::AppError::unavailable("database down"));
            }
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
            down: std::sync::atomic::AtomicBool::new(false),
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
        cache.event(&DomainEvent::queue_changed(1));
        assert_eq!(position(&cache), Some(3));
        assert_eq!(src.reads.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn another_companys_change_keeps_the_answer() {
        let src = source();
        let cache = PositionCache::new(src.clone(), DEFAULT_TTL);
        cache.connected();
        position(&cache);
        cache.event(&DomainEvent::queue_changed(99));
        position(&cache);
        assert_eq!(src.reads.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_change_naming_its_drivers_forgets_only_them() {
        let src = source();
        let cache = PositionCache::new(src.clone(), DEFAULT_TTL);
        cache.connected();
        position(&cache);
        cache.event(&DomainEvent::drivers_moved(1, vec![11, 12]));
        position(&cache);
        assert_eq!(src.reads.load(Ordering::SeqCst), 1);
        cache.event(&DomainEvent::drivers_moved(1, vec![10]));
        position(&cache);
        assert_eq!(src.reads.load(Ordering::SeqCst), 2);
        let stats = cache.stats();
        assert_eq!((stats.hits, stats.misses), (1, 2));
        assert_eq!(stats.drivers_invalidations, 2);
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
    fn during_a_database_outage_the_last_known_answer_is_served() {
        let src = source();
        let cache = PositionCache::new(src.clone(), DEFAULT_TTL);
        cache.connected();
        assert_eq!(position(&cache), Some(7));
        // The outage drops the event stream, then every read fails.
        cache.disconnected();
        src.down.store(true, Ordering::SeqCst);
        assert_eq!(position(&cache), Some(7));
        // Another driver was never read: the outage is told, not hidden.
        assert!(matches!(
            cache.driver_position(99),
            Err(crate::AppError::Unavailable(_))
        ));
        // Back up: the database answers again, and the stream's return forgets the old answers.
        src.down.store(false, Ordering::SeqCst);
        *src.position.lock().unwrap_or_else(|e| e.into_inner()) = 3;
        assert_eq!(position(&cache), Some(3));
        cache.connected();
        src.down.store(true, Ordering::SeqCst);
        assert!(cache.driver_position(10).is_err());
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

    /// A source whose read runs `during` (an invalidation racing with the read).
    struct DuringRead {
        cache: Mutex<Option<Arc<PositionCache>>>,
        during: DomainEvent,
        inner: Arc<Source>,
    }

    impl PositionReader for DuringRead {
        fn driver_position(&self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>> {
            let answer = self.inner.driver_position(driver_id);
            let cache = self.cache.lock().ok().and_then(|c| c.clone());
            if let Some(cache) = cache {
                cache.forget(&self.during);
            }
            answer
        }
    }

    fn racing_with(during: DomainEvent) -> Arc<PositionCache> {
        let racing = Arc::new(DuringRead {
            cache: Mutex::new(None),
            during,
            inner: source(),
        });
        let cache = Arc::new(PositionCache::new(racing.clone(), DEFAULT_TTL));
        *racing.cache.lock().unwrap_or_else(|e| e.into_inner()) = Some(cache.clone());
        cache.connected();
        position(&cache);
        cache
    }

    #[test]
    fn a_read_racing_only_with_other_drivers_changes_is_kept() {
        // Driver 10 of company 1 is read while drivers 11 and 12 move, or company 2 moves.
        assert_eq!(
            racing_with(DomainEvent::drivers_moved(1, vec![11, 12])).len(),
            1
        );
        assert_eq!(racing_with(DomainEvent::queue_changed(2)).len(), 1);
        // Its own change, or its company's as a whole, makes the read stale.
        let own = racing_with(DomainEvent::drivers_moved(1, vec![10]));
        assert!(own.is_empty());
        assert_eq!(own.stats().raced, 1);
        assert!(racing_with(DomainEvent::queue_changed(1)).is_empty());
    }

    #[test]
    fn its_own_events_echo_is_skipped_and_other_instances_events_apply() {
        struct Echo(Mutex<Vec<DomainEvent>>);
        impl EventPublisher for Echo {
            fn publish(&self, event: &DomainEvent) {
                self.0
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(event.clone());
            }
        }
        let src = source();
        let cache = Arc::new(PositionCache::new(src.clone(), DEFAULT_TTL));
        cache.connected();
        let wire = Arc::new(Echo(Mutex::new(Vec::new())));
        let publisher = InvalidatingPublisher {
            cache: cache.clone(),
            next: wire.clone(),
        };
        position(&cache);
        publisher.publish(&DomainEvent::drivers_moved(1, vec![10]));
        assert!(cache.is_empty(), "forgotten when published");
        position(&cache);
        // The echo comes back through LISTEN: the answer read after the change stays.
        let sent = wire.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
        assert_eq!(sent.len(), 1);
        cache.event(&sent[0]);
        assert_eq!(cache.len(), 1);
        // The same change published by another instance is applied.
        let other = PositionCache::new(src.clone(), DEFAULT_TTL);
        other.connected();
        other.driver_position(10).ok();
        other.event(&sent[0]);
        assert!(other.is_empty());
        let stats = cache.stats();
        assert_eq!((stats.echoes_skipped, stats.drivers_invalidations), (1, 1));
        // Browsers never see the mark.
        assert_eq!(sent[0].for_browsers(), DomainEvent::queue_changed(1));
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
        publisher.publish(&DomainEvent::queue_changed(1));
        assert!(cache.is_empty());
        assert_eq!(sent.0.load(Ordering::SeqCst), 1);
    }
}
