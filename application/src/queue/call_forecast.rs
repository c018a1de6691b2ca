//! The predicted call time of every waiting vehicle of a company (issue 25), remembered per
//! company so that the driver's position read stays one lookup.
//!
//! A company's prediction is computed from its queue (one query), its delays and attendance,
//! and its measured pace, and kept until a queue event of the company (local, or from another
//! instance through LISTEN) or for [`DEFAULT_TTL`] at most: the clock moves a prediction
//! only when the yard runs late, which the next computation catches. A join keeps it for the
//! vehicles it has (a vehicle joining at the back moves no call ahead of it, a property of
//! `predict`): at an opening rush every join would otherwise send every phone's read to wait
//! for a new computation. The pace (a query over
//! the last eight weeks) is kept longer: it is measured again when a loading has finished
//! since (the newest `attended_at` of the day changed) or after [`PACE_TTL`].

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use patio_domain::implement::ImplementType;
use patio_domain::queue::{
    measure, predict, AttendanceToday, ClosedEntry, Delay, EntryId, FinishedLoading, History,
    Loading, Pace, PredictInput, QueueSettings, Queued, Vehicle,
};

use crate::error::AppResult;
use crate::ports::Repos;
use crate::queue::ports::{DomainEvent, EventPublisher, EventSink};
use crate::queue::{day_bounds, engine_settings};

/// How long a company's prediction is served without an event.
pub const DEFAULT_TTL: Duration = Duration::from_secs(20);
/// How long a measured pace is kept when no loading finishes.
pub const PACE_TTL: Duration = Duration::from_secs(600);

/// One waiting vehicle's predicted call and its spread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallForecast {
    pub at: DateTime<Utc>,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
}

impl CallForecast {
    /// As read at `now`: never before it (a call that is due is due now).
    pub fn at_read(&self, now: DateTime<Utc>) -> CallForecast {
        let at = self.at.max(now);
        CallForecast {
            at,
            from: self.from.max(now).min(at),
            to: self.to.max(at),
        }
    }
}

/// A company's prediction.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CompanyForecast {
    pub entries: HashMap<i64, CallForecast>,
    /// When the operating day's last loading is expected to end.
    pub today_ends_at: Option<DateTime<Utc>>,
    /// The pace it rests on (0 loadings: the configured pace).
    pub pace_samples: usize,
}

impl CompanyForecast {
    pub fn of(&self, entry_id: i64, now: DateTime<Utc>) -> Option<CallForecast> {
        self.entries.get(&entry_id).map(|f| f.at_read(now))
    }
}

struct KeptPace {
    measured: DateTime<Utc>,
    /// The newest loading end of the operating day when it was measured.
    last_finish: Option<DateTime<Utc>>,
    pace: Arc<Pace>,
}

/// A kept prediction: when it was computed, and whether it still holds for the whole company
/// (`false` after a join: it holds for the vehicles it has, not for the newcomers nor the
/// day's end).
struct Kept {
    at: DateTime<Utc>,
    forecast: Arc<CompanyForecast>,
    whole: bool,
}

#[derive(Default)]
struct State {
    generation: u64,
    forecasts: HashMap<i64, Kept>,
    /// The generation of the company's last queue event, and of its last one that may have
    /// moved a call (any but a join).
    touched: HashMap<i64, u64>,
    moved: HashMap<i64, u64>,
    paces: HashMap<i64, KeptPace>,
    /// The computation running for a company, and the generation it started at.
    flights: HashMap<i64, (u64, Arc<Flight>)>,
}

/// One computation of a company's prediction that concurrent readers share: with joins
/// arriving faster than a prediction is computed, every reader computing its own (and none
/// kept, each raced by the next event) is what collapsed the position read under load.
#[derive(Default)]
struct Flight {
    /// `None` while it runs; `Some(None)` when it failed (each waiter then computes its own).
    done: Mutex<Option<Option<Arc<CompanyForecast>>>>,
    ready: Condvar,
}

impl Flight {
    fn finish(&self, result: Option<Arc<CompanyForecast>>) {
        if let Ok(mut done) = self.done.lock() {
            *done = Some(result);
        }
        self.ready.notify_all();
    }

    /// Its result, waiting at most `FLIGHT_WAIT`.
    fn wait(&self) -> Option<Arc<CompanyForecast>> {
        let done = self.done.lock().ok()?;
        let (done, _) = self
            .ready
            .wait_timeout_while(done, FLIGHT_WAIT, |d| d.is_none())
            .ok()?;
        done.clone().flatten()
    }
}

/// How long a reader waits for another's computation before computing its own.
const FLIGHT_WAIT: Duration = Duration::from_secs(2);

/// The per-company predictions of an instance.
pub struct CallForecasts {
    ttl: Duration,
    state: Mutex<State>,
}

impl Default for CallForecasts {
    fn default() -> Self {
        Self::new(DEFAULT_TTL)
    }
}

/// Computed at `at`, still good at `now`.
fn fresh(at: DateTime<Utc>, now: DateTime<Utc>, ttl: Duration) -> bool {
    now >= at && (now - at).to_std().is_ok_and(|age| age < ttl)
}

fn vehicle(implement: Option<&str>, axles: Option<i16>) -> Vehicle {
    Vehicle {
        implement: implement.and_then(|t| ImplementType::parse(t).ok()),
        axles: axles.and_then(|a| u8::try_from(a).ok()),
    }
}

impl CallForecasts {
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            state: Mutex::new(State::default()),
        }
    }

    /// The company's prediction if one is kept and fresh at `now` (the service's clock: a
    /// clock moved by the tests ages it too).
    pub fn kept(&self, company_id: i64, now: DateTime<Utc>) -> Option<Arc<CompanyForecast>> {
        let state = self.state.lock().ok()?;
        let k = state.forecasts.get(&company_id)?;
        (k.whole && fresh(k.at, now, self.ttl)).then(|| k.forecast.clone())
    }

    /// One entry's call from the kept prediction, when that can answer it: `Some(None)` when
    /// the whole company's prediction leaves it out (past the calendar), `None` when there is
    /// none fresh or the entry joined after it was computed.
    pub fn kept_call(
        &self,
        company_id: i64,
        entry_id: i64,
        now: DateTime<Utc>,
    ) -> Option<Option<CallForecast>> {
        let state = self.state.lock().ok()?;
        let k = state.forecasts.get(&company_id)?;
        if !fresh(k.at, now, self.ttl) {
            return None;
        }
        match k.forecast.of(entry_id, now) {
            Some(call) => Some(Some(call)),
            None => k.whole.then_some(None),
        }
    }

    /// Forgets a company's prediction (its queue changed).
    pub fn forget(&self, company_id: i64) {
        if let Ok(mut state) = self.state.lock() {
            state.generation += 1;
            let g = state.generation;
            state.touched.insert(company_id, g);
            state.moved.insert(company_id, g);
            state.forecasts.remove(&company_id);
        }
    }

    /// Keeps a company's prediction for the vehicles it has: vehicles joined its queue at the
    /// back, which moves no call ahead of them but adds theirs and moves the day's end.
    pub fn forget_joined(&self, company_id: i64) {
        if let Ok(mut state) = self.state.lock() {
            state.generation += 1;
            let g = state.generation;
            state.touched.insert(company_id, g);
            if let Some(k) = state.forecasts.get_mut(&company_id) {
                k.whole = false;
            }
        }
    }

    /// Forgets what a queue event changed.
    fn apply(&self, event: &DomainEvent) {
        if let DomainEvent::QueueChanged {
            company_id,
            drivers,
            ..
        } = event
        {
            // Only a join names its drivers (`DomainEvent::drivers_moved`).
            match drivers {
                Some(_) => self.forget_joined(*company_id),
                None => self.forget(*company_id),
            }
        }
    }

    /// Forgets every company's prediction.
    pub fn forget_all(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.generation += 1;
            let g = state.generation;
            let companies: Vec<i64> = state
                .forecasts
                .keys()
                .chain(state.flights.keys())
                .copied()
                .collect();
            for c in companies {
                state.touched.insert(c, g);
                state.moved.insert(c, g);
            }
            state.forecasts.clear();
        }
    }

    /// The company's prediction: the kept one, or computed now with `repos`.
    pub fn company(
        &self,
        repos: &mut dyn Repos,
        company_id: i64,
        now: DateTime<Utc>,
    ) -> AppResult<Arc<CompanyForecast>> {
        self.shared(company_id, now, |generation| {
            self.compute_kept(repos, company_id, now, generation)
        })
    }

    /// The kept prediction, or the one a computation started after the queue's last change
    /// answers, or `compute`'s (given the generation it starts at) shared with the readers
    /// that arrive while it runs.
    fn shared(
        &self,
        company_id: i64,
        now: DateTime<Utc>,
        compute: impl FnOnce(u64) -> AppResult<Arc<CompanyForecast>>,
    ) -> AppResult<Arc<CompanyForecast>> {
        let (generation, flight, leader) = {
            let Ok(mut state) = self.state.lock() else {
                return compute(0);
            };
            if let Some(k) = state.forecasts.get(&company_id) {
                if k.whole && fresh(k.at, now, self.ttl) {
                    return Ok(k.forecast.clone());
                }
            }
            let touched = state.touched.get(&company_id).copied().unwrap_or(0);
            match state.flights.get(&company_id) {
                // Started after the queue's last change: its answer is as new as this read.
                Some((started, f)) if *started >= touched => (*started, f.clone(), false),
                _ => {
                    let g = state.generation;
                    let f = Arc::new(Flight::default());
                    state.flights.insert(company_id, (g, f.clone()));
                    (g, f, true)
                }
            }
        };
        if !leader {
            if let Some(f) = flight.wait() {
                return Ok(f);
            }
            return compute(generation);
        }
        let result = compute(generation);
        if let Ok(mut state) = self.state.lock() {
            if state
                .flights
                .get(&company_id)
                .is_some_and(|(_, f)| Arc::ptr_eq(f, &flight))
            {
                state.flights.remove(&company_id);
            }
        }
        flight.finish(result.as_ref().ok().cloned());
        result
    }

    /// Computes the company's prediction and keeps it, unless a change that may move a call
    /// came since `generation` (it would be older than what the next reader must see); after
    /// only joins it is kept for the vehicles it has.
    fn compute_kept(
        &self,
        repos: &mut dyn Repos,
        company_id: i64,
        now: DateTime<Utc>,
        generation: u64,
    ) -> AppResult<Arc<CompanyForecast>> {
        let settings = engine_settings(repos.queue_config(company_id)?.as_ref());
        let forecast = Arc::new(self.compute(repos, company_id, &settings, now)?);
        self.keep(company_id, now, generation, forecast.clone());
        Ok(forecast)
    }

    /// Keeps a prediction computed from the queue as it was at `generation`.
    fn keep(
        &self,
        company_id: i64,
        now: DateTime<Utc>,
        generation: u64,
        forecast: Arc<CompanyForecast>,
    ) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        let since = |m: &HashMap<i64, u64>| m.get(&company_id).is_some_and(|&g| g > generation);
        let (moved, joined) = (since(&state.moved), since(&state.touched));
        // A whole one kept while joins came since this computation started is newer.
        let newer_kept = state
            .forecasts
            .get(&company_id)
            .is_some_and(|k| k.at > now || (k.whole && joined));
        if !moved && !newer_kept {
            let kept = Kept {
                at: now,
                forecast,
                whole: !joined,
            };
            state.forecasts.insert(company_id, kept);
        }
    }

    fn pace(
        &self,
        repos: &mut dyn Repos,
        company_id: i64,
        settings: &QueueSettings,
        last_finish: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> AppResult<Arc<Pace>> {
        let kept = self.state.lock().ok().and_then(|s| {
            s.paces
                .get(&company_id)
                .filter(|k| k.last_finish == last_finish && fresh(k.measured, now, PACE_TTL))
                .map(|k| k.pace.clone())
        });
        let pace = match kept {
            Some(p) => p,
            None => {
                let since = now - chrono::Duration::days(patio_domain::queue::pace::HISTORY_DAYS);
                let h = repos.pace_history(company_id, since)?;
                let loadings: Vec<FinishedLoading> = h
                    .loadings
                    .iter()
                    .map(|l| FinishedLoading {
                        started_at: l.started_at,
                        ended_at: l.ended_at,
                        vehicle: vehicle(l.implement_type.as_deref(), l.axles),
                    })
                    .collect();
                let closed: Vec<ClosedEntry> = h
                    .closed
                    .iter()
                    .map(
                        |&(closed_at, loaded, started_at, checked_in_at)| ClosedEntry {
                            closed_at,
                            loaded,
                            started_at,
                            checked_in_at,
                        },
                    )
                    .collect();
                let pace = Arc::new(measure(
                    &History {
                        loadings: &loadings,
                        attendance_starts: &h.attendance_starts,
                        closed: &closed,
                    },
                    settings,
                    now,
                ));
                if let Ok(mut s) = self.state.lock() {
                    s.paces.insert(
                        company_id,
                        KeptPace {
                            measured: now,
                            last_finish,
                            pace: pace.clone(),
                        },
                    );
                }
                pace
            }
        };
        // With thin history the settings give the pace: they may have changed since.
        if pace.samples == 0 {
            return Ok(Arc::new(Pace::configured(settings)));
        }
        Ok(pace)
    }

    fn compute(
        &self,
        repos: &mut dyn Repos,
        company_id: i64,
        settings: &QueueSettings,
        now: DateTime<Utc>,
    ) -> AppResult<CompanyForecast> {
        let today = settings.operating_day(now);
        let (day_start, _) = day_bounds(settings, today);
        let entries = repos.predict_entries(company_id, day_start, today)?;
        let delays: Vec<Delay> = repos
            .delays_since(company_id, day_start)?
            .iter()
            .map(|d| Delay {
                started_at: d.started_at,
                minutes: i64::from(d.minutes),
            })
            .collect();
        let attendance = match repos.attendance_of_day(company_id, today)? {
            None => AttendanceToday::NotStarted,
            Some(a) if a.status => AttendanceToday::Started,
            Some(_) => AttendanceToday::Ended,
        };
        let last_finish = entries.iter().filter_map(|e| e.attended_at).max();
        let pace = self.pace(repos, company_id, settings, last_finish, now)?;
        let mut queue = Vec::new();
        let mut loading = Vec::new();
        let mut spent_today = 0u32;
        for e in &entries {
            let v = vehicle(e.implement_type.as_deref(), e.axles);
            match e.status.as_str() {
                "waiting" => queue.push(Queued {
                    id: EntryId(e.id),
                    joined_at: e.joined_at,
                    checked_in: e.checked_in,
                    day: e.date,
                    vehicle: v,
                }),
                "loading" => {
                    spent_today += 1;
                    loading.push(Loading {
                        started_at: e.expedition.unwrap_or(now),
                        vehicle: v,
                    });
                }
                _ => spent_today += 1,
            }
        }
        let p = predict(&PredictInput {
            settings,
            now,
            attendance,
            delays: &delays,
            queue: &queue,
            loading: &loading,
            spent_today,
            pace: &pace,
        });
        Ok(CompanyForecast {
            entries: p
                .entries
                .iter()
                .map(|e| {
                    (
                        e.id.0,
                        CallForecast {
                            at: e.at,
                            from: e.low,
                            to: e.high,
                        },
                    )
                })
                .collect(),
            today_ends_at: p.today_ends_at,
            pace_samples: pace.samples,
        })
    }
}

impl EventSink for CallForecasts {
    fn connected(&self) {
        self.forget_all();
    }

    fn disconnected(&self) {
        self.forget_all();
    }

    fn event(&self, event: &DomainEvent) {
        self.apply(event);
    }
}

/// Forgets a company's prediction when this instance publishes a change of its queue, before
/// the writer's response leaves, then hands the event on.
pub struct ForecastPublisher {
    pub forecasts: Arc<CallForecasts>,
    pub next: Arc<dyn EventPublisher>,
}

impl EventPublisher for ForecastPublisher {
    fn publish(&self, event: &DomainEvent) {
        self.forecasts.apply(event);
        self.next.publish(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t0() -> DateTime<Utc> {
        DateTime::<Utc>::from_timestamp(1_800_000_000, 0).unwrap_or_default()
    }

    #[test]
    fn a_call_that_is_due_reads_as_now() {
        let t = |m: i64| DateTime::<Utc>::from_timestamp(m * 60, 0).unwrap_or_default();
        let f = CallForecast {
            at: t(100),
            from: t(90),
            to: t(110),
        };
        assert_eq!(f.at_read(t(50)), f);
        let late = f.at_read(t(105));
        assert_eq!((late.at, late.from, late.to), (t(105), t(105), t(110)));
        let later = f.at_read(t(120));
        assert_eq!((later.at, later.from, later.to), (t(120), t(120), t(120)));
    }

    #[test]
    fn an_event_of_the_company_forgets_its_prediction_only() {
        let f = CallForecasts::default();
        {
            let mut s = f.state.lock().unwrap_or_else(|e| e.into_inner());
            for c in [1, 2] {
                let kept = Kept {
                    at: t0(),
                    forecast: Arc::new(CompanyForecast::default()),
                    whole: true,
                };
                s.forecasts.insert(c, kept);
            }
        }
        f.event(&DomainEvent::queue_changed(1));
        assert!(f.kept(1, t0()).is_none());
        assert!(f.kept(2, t0()).is_some());
        // Aged out by the clock.
        assert!(f.kept(2, t0() + chrono::Duration::seconds(21)).is_none());
        assert!(f.kept(2, t0() - chrono::Duration::seconds(1)).is_none());
    }

    fn waiting(entries: &[i64]) -> Arc<CompanyForecast> {
        let call = CallForecast {
            at: t0() + chrono::Duration::minutes(30),
            from: t0() + chrono::Duration::minutes(20),
            to: t0() + chrono::Duration::minutes(40),
        };
        Arc::new(CompanyForecast {
            entries: entries.iter().map(|&e| (e, call)).collect(),
            ..CompanyForecast::default()
        })
    }

    #[test]
    fn a_join_keeps_the_prediction_for_the_vehicles_it_has_only() {
        let f = CallForecasts::default();
        f.keep(1, t0(), 0, waiting(&[10, 11]));
        assert!(f.kept_call(1, 10, t0()).is_some_and(|c| c.is_some()));
        // Past the calendar in a whole prediction: answered, with no call.
        assert_eq!(f.kept_call(1, 12, t0()), Some(None));

        f.event(&DomainEvent::drivers_moved(1, vec![77]));
        assert!(f.kept_call(1, 10, t0()).is_some_and(|c| c.is_some()));
        // The newcomer, and the day's end (the whole company's reads), need a computation.
        assert_eq!(f.kept_call(1, 12, t0()), None);
        assert!(f.kept(1, t0()).is_none());

        // Any other change forgets it.
        f.event(&DomainEvent::queue_changed(1));
        assert_eq!(f.kept_call(1, 10, t0()), None);
    }

    #[test]
    fn a_computation_raced_by_a_join_is_kept_for_its_vehicles_and_by_a_change_not_at_all() {
        let f = CallForecasts::default();
        let started = f.state.lock().map(|s| s.generation).unwrap_or(0);
        f.forget_joined(1);
        f.keep(1, t0(), started, waiting(&[10]));
        assert!(f.kept_call(1, 10, t0()).is_some_and(|c| c.is_some()));
        assert!(f.kept(1, t0()).is_none());

        let started = f.state.lock().map(|s| s.generation).unwrap_or(0);
        f.forget_joined(1);
        f.forget(1);
        f.keep(1, t0(), started, waiting(&[10]));
        assert_eq!(f.kept_call(1, 10, t0()), None);

        // A whole one computed after the joins is not replaced by an older computation.
        let started = f.state.lock().map(|s| s.generation).unwrap_or(0);
        f.forget_joined(1);
        f.keep(1, t0(), started + 1, waiting(&[10, 20]));
        f.keep(1, t0(), started, waiting(&[10]));
        assert!(f.kept(1, t0()).is_some_and(|k| k.entries.contains_key(&20)));
    }

    #[test]
    fn readers_arriving_during_a_computation_share_it() {
        let f = Arc::new(CallForecasts::default());
        let computed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (started_tx, started_rx) = std::sync::mpsc::channel();
        let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
        let leader = {
            let (f, computed) = (f.clone(), computed.clone());
            std::thread::spawn(move || {
                f.shared(1, t0(), |_| {
                    computed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    started_tx.send(()).ok();
                    release_rx.recv().ok();
                    Ok(Arc::new(CompanyForecast {
                        pace_samples: 7,
                        ..CompanyForecast::default()
                    }))
                })
            })
        };
        started_rx.recv().ok();
        let readers: Vec<_> = (0..4)
            .map(|_| {
                let (f, computed) = (f.clone(), computed.clone());
                std::thread::spawn(move || {
                    f.shared(1, t0(), |_| {
                        computed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        Ok(Arc::new(CompanyForecast::default()))
                    })
                })
            })
            .collect();
        // The readers are waiting on the leader's flight (or not yet in): let it finish.
        std::thread::sleep(Duration::from_millis(50));
        release_tx.send(()).ok();
        let got = leader
            .join()
            .ok()
            .and_then(Result::ok)
            .map(|p| p.pace_samples);
        assert_eq!(got, Some(7));
        for r in readers {
            let got = r.join().ok().and_then(Result::ok).map(|p| p.pace_samples);
            assert_eq!(
                got,
                Some(7),
                "every reader gets the one computation's answer"
            );
        }
        assert_eq!(computed.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[test]
    fn a_reader_after_a_queue_change_does_not_take_an_older_computation() {
        let f = Arc::new(CallForecasts::default());
        let (started_tx, started_rx) = std::sync::mpsc::channel();
        let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
        let leader = {
            let f = f.clone();
            std::thread::spawn(move || {
                f.shared(1, t0(), |g| {
                    started_tx.send(()).ok();
                    release_rx.recv().ok();
                    let p = Arc::new(CompanyForecast {
                        pace_samples: 5,
                        ..CompanyForecast::default()
                    });
                    f.keep(1, t0(), g, p.clone());
                    Ok(p)
                })
            })
        };
        started_rx.recv().ok();
        f.forget(1);
        let after = {
            let f = f.clone();
            std::thread::spawn(move || {
                f.shared(1, t0(), |_| {
                    Ok(Arc::new(CompanyForecast {
                        pace_samples: 9,
                        ..CompanyForecast::default()
                    }))
                })
            })
        };
        // Were the reader waiting on the older computation, this would hand it that answer.
        std::thread::sleep(Duration::from_millis(50));
        release_tx.send(()).ok();
        let after = after
            .join()
            .ok()
            .and_then(Result::ok)
            .map(|p| p.pace_samples);
        assert_eq!(
            after,
            Some(9),
            "a change since the computation began needs a new one"
        );
        assert!(leader.join().is_ok());
    }
}
