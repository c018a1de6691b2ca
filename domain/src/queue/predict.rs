//! The predicted call time (issue 25): when each waiting vehicle will really be called (its
//! loading starts), from the queue, today's attendance, the delays, what is loading now and
//! the yard's measured [`Pace`], with a spread (low/high) that says how sure it is.
//!
//! The yard is replayed in queue order: each bay takes the next vehicle when it frees (plus
//! the turnaround), never inside a break, a running delay or before the attendance starts;
//! when the day's windows close (or its cap is reached) the rest goes to the next open day. A
//! vehicle ahead that is not in the yard counts for its loading times the chance it shows up.
//! The spread grows with the square root of the variance of the loadings ahead.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::pace::{median_left_above, Pace, Vehicle};
use super::plan::{AttendanceToday, Delay, EntryId};
use super::settings::QueueSettings;

/// The narrowest spread shown (either side), in minutes.
pub const MIN_SPREAD_MINUTES: f64 = 5.0;
/// A vehicle that finds no call in this many open days in a row is not predicted.
const MAX_SKIPPED_DAYS: u32 = 14;
/// A loading past its expected end still takes at least this long, in minutes.
const MIN_REMAINING_MINUTES: f64 = 5.0;

/// A waiting vehicle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Queued {
    pub id: EntryId,
    /// The rank key (ties by id), as the plan ranks.
    pub joined_at: DateTime<Utc>,
    /// In the yard (an active check-in): it will show up.
    pub checked_in: bool,
    /// The day the stored plan gave it: it is not expected before that day opens.
    pub day: Option<NaiveDate>,
    pub vehicle: Vehicle,
}

/// A vehicle loading now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Loading {
    pub started_at: DateTime<Utc>,
    pub vehicle: Vehicle,
}

/// Everything the prediction depends on.
#[derive(Debug, Clone, Copy)]
pub struct PredictInput<'a> {
    pub settings: &'a QueueSettings,
    pub now: DateTime<Utc>,
    pub attendance: AttendanceToday,
    /// The operating day's delays (active or ended), in any order.
    pub delays: &'a [Delay],
    /// The waiting vehicles, in any order.
    pub queue: &'a [Queued],
    pub loading: &'a [Loading],
    /// Loadings of the operating day already started (attended, loading, missed): the cap.
    pub spent_today: u32,
    pub pace: &'a Pace,
}

/// One waiting vehicle's predicted call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Predicted {
    pub id: EntryId,
    pub at: DateTime<Utc>,
    /// The early and late ends of the spread (`low >= now`).
    pub low: DateTime<Utc>,
    pub high: DateTime<Utc>,
}

/// The prediction of a whole queue, in queue order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Prediction {
    pub entries: Vec<Predicted>,
    /// When the operating day's last loading is expected to end ('fila termina por volta
    /// das ...'); `None` when nothing loads today any more.
    pub today_ends_at: Option<DateTime<Utc>>,
}

impl Prediction {
    pub fn get(&self, id: EntryId) -> Option<&Predicted> {
        self.entries.iter().find(|e| e.id == id)
    }
}

fn minutes(m: f64) -> Duration {
    Duration::milliseconds((m.max(0.0) * 60_000.0).round() as i64)
}

/// The yard stands still while a delay runs: the day's delays as `[from, to)`, in order.
fn freezes(delays: &[Delay]) -> Vec<(DateTime<Utc>, DateTime<Utc>)> {
    let mut out: Vec<(DateTime<Utc>, DateTime<Utc>)> = delays
        .iter()
        .filter(|d| d.minutes > 0)
        .map(|d| (d.started_at, d.started_at + Duration::minutes(d.minutes)))
        .collect();
    out.sort();
    out
}

/// `start` plus `length` of work, the frozen intervals not counting.
fn stretch(
    freezes: &[(DateTime<Utc>, DateTime<Utc>)],
    start: DateTime<Utc>,
    length: Duration,
) -> DateTime<Utc> {
    let mut t = start;
    let mut left = length;
    for &(a, b) in freezes {
        if b <= t {
            continue;
        }
        if a >= t + left {
            break;
        }
        if a > t {
            left -= a - t;
        }
        t = b;
    }
    t + left
}

/// Minutes of work from `from` to `to`, the frozen intervals not counting.
fn worked_minutes(
    freezes: &[(DateTime<Utc>, DateTime<Utc>)],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> f64 {
    if to <= from {
        return 0.0;
    }
    let mut span = to - from;
    for &(a, b) in freezes {
        let (a, b) = (a.max(from), b.min(to));
        if b > a {
            span -= b - a;
        }
    }
    span.num_milliseconds().max(0) as f64 / 60_000.0
}

/// The first instant at or after `t` outside every frozen interval.
fn unfrozen(freezes: &[(DateTime<Utc>, DateTime<Utc>)], mut t: DateTime<Utc>) -> DateTime<Utc> {
    for &(a, b) in freezes {
        if a <= t && t < b {
            t = b;
        }
    }
    t
}

/// The yard's state on the day being replayed.
struct Day {
    day: NaiveDate,
    /// When calls may start (the attendance's expected start).
    opens: DateTime<Utc>,
    windows: super::calendar::DayWindows,
    /// When each bay frees.
    bays: BinaryHeap<Reverse<DateTime<Utc>>>,
    calls: u32,
}

impl Day {
    /// The next open day on or after `from`, its bays all free at the expected start.
    fn fresh(input: &PredictInput<'_>, from: Option<NaiveDate>) -> Option<Day> {
        let settings = input.settings;
        let day = settings.next_attendance_day(from?)?;
        let windows = settings.day_windows(day);
        // The usual late start, unless it would leave the day no time at all.
        let first = windows.first_start()?;
        let opens = Some(first + minutes(input.pace.start_lag.p50))
            .filter(|&o| windows.last_end().is_some_and(|end| o < end))
            .unwrap_or(first);
        let turnaround = minutes(input.pace.turnaround_minutes);
        Some(Day {
            day,
            opens,
            windows,
            bays: (0..input.pace.bays.max(1))
                .map(|_| Reverse(opens - turnaround))
                .collect(),
            calls: 0,
        })
    }
}

/// Predicts the call of every waiting vehicle.
pub fn predict(input: &PredictInput<'_>) -> Prediction {
    let settings = input.settings;
    let pace = input.pace;
    let now = input.now;
    let frozen = freezes(input.delays);
    let turnaround = minutes(pace.turnaround_minutes);
    let bays = f64::from(pace.bays.max(1));

    let mut order: Vec<&Queued> = input.queue.iter().collect();
    order.sort_unstable_by_key(|q| (q.joined_at, q.id));

    // Variance (minutes²) of the waiting ahead, shared by the bays.
    let mut variance = 0.0;
    let today = settings.operating_day(now);
    let today_windows = settings.day_windows(today);
    let today_open = input.attendance != AttendanceToday::Ended
        && today_windows.last_end().is_some_and(|end| end > now);
    let mut today_ends_at: Option<DateTime<Utc>> = None;
    let mut day = if today_open {
        let mut d = Day::fresh(input, Some(today)).filter(|d| d.day == today);
        if let Some(d) = d.as_mut() {
            match input.attendance {
                AttendanceToday::Started => {
                    d.opens = now;
                    d.bays.clear();
                    for l in input.loading {
                        let spread = pace.duration(&l.vehicle, l.started_at, settings);
                        // What it has left, given how long it has worked (a delay paused
                        // it); one past its expected end still takes a while.
                        let worked = worked_minutes(&frozen, l.started_at, now);
                        let left = pace
                            .remaining(&l.vehicle, l.started_at, worked, settings)
                            .max(MIN_REMAINING_MINUTES);
                        let end = stretch(&frozen, now, minutes(left));
                        today_ends_at = today_ends_at.max(Some(end));
                        d.bays.push(Reverse(end));
                        variance += (spread.sigma() / bays).powi(2);
                    }
                    while d.bays.len() < pace.bays.max(1) as usize {
                        d.bays.push(Reverse(now - turnaround));
                    }
                }
                _ => {
                    // Not started: it starts as late as it usually does, and not before now;
                    // already late, as late as the days that were this late went on to be.
                    if let Some(first) = d.windows.first_start().filter(|&f| now > f) {
                        let late = (now - first).num_milliseconds() as f64 / 60_000.0;
                        if let Some(left) = median_left_above(&pace.lag_shape, late) {
                            let opens = now + minutes(left);
                            if d.windows.last_end().is_some_and(|end| opens < end) {
                                d.opens = d.opens.max(opens);
                            }
                        }
                    }
                    let lag = pace.start_lag.sigma();
                    variance += lag * lag;
                }
            }
            d.calls = input.spent_today;
        }
        d
    } else {
        Day::fresh(input, today.succ_opt())
    };

    let mut latest = now;
    let mut out = Vec::with_capacity(order.len());
    for q in order {
        // Not before the day the plan gave it.
        if let (Some(d), Some(planned)) = (day.as_ref(), q.day) {
            if planned > d.day {
                day = Day::fresh(input, Some(planned));
            }
        }
        let mut called = None;
        // Days skipped for this vehicle: a calendar that never lets a call in stops here.
        let mut skipped = 0;
        while let Some(d) = day.as_mut() {
            let free = d.bays.peek().map_or(d.opens, |r| r.0);
            let mut t = (free + turnaround).max(latest).max(d.opens);
            t = unfrozen(&frozen, t);
            // Inside a window (a call never starts in a break or after closing).
            let window = d.windows.as_slice().iter().find(|w| w.1 > t).copied();
            let fits_cap = settings.programmed_total == 0 || d.calls < settings.programmed_total;
            match window {
                Some((start, _)) if fits_cap => {
                    let t = unfrozen(&frozen, t.max(start));
                    if d.windows.contains(t) || t < start {
                        called = Some(t);
                        break;
                    }
                    // A delay ran past the window: try from there.
                    latest = t;
                }
                _ => {
                    skipped += 1;
                    let next = d.day.succ_opt().filter(|_| skipped <= MAX_SKIPPED_DAYS);
                    day = Day::fresh(input, next);
                    if day.is_none() {
                        break;
                    }
                    variance += pace.start_lag.sigma().powi(2);
                }
            }
        }
        let (Some(t), Some(d)) = (called, day.as_mut()) else {
            break;
        };
        d.bays.pop();
        d.calls += 1;
        let spread = pace.duration(&q.vehicle, t, settings);
        let shows = if q.checked_in {
            1.0
        } else {
            1.0 - pace.no_show
        };
        let end = stretch(&frozen, t, minutes(spread.p50 * shows));
        d.bays.push(Reverse(end));
        if d.day == today {
            let full_end = stretch(&frozen, t, minutes(spread.p50));
            today_ends_at = today_ends_at.max(Some(full_end));
        }
        let sigma = variance.sqrt().max(MIN_SPREAD_MINUTES);
        out.push(Predicted {
            id: q.id,
            at: t,
            low: (t - minutes(sigma)).max(now),
            high: t + minutes(sigma),
        });
        // Those behind wait for this one's loading, and for whether it shows up.
        let p = if q.checked_in { 0.0 } else { pace.no_show };
        let own = spread.sigma() * shows;
        variance += (own * own + p * (1.0 - p) * spread.p50 * spread.p50) / (bays * bays);
        latest = t;
    }
    Prediction {
        entries: out,
        today_ends_at,
    }
}
