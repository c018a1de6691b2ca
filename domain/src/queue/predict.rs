//! The predicted call time (issue 25): when each waiting vehicle will really be called (its
//! loading starts), from the queue, today's attendance, the delays, what is loading now and
//! the yard's measured [`Pace`], with a spread (low/high) that says how sure it is.
//!
//! The yard is replayed in queue order: each bay takes the next vehicle when it frees (plus
//! the turnaround), never inside a break, a running delay or before the attendance starts;
//! when the day's windows close (or its cap is reached) the rest goes to the next open day. A
//! vehicle ahead counts for its loading times the chance it shows up: high when it checked in
//! (it is in the yard), lower the nearer its call comes while it has not.
//! The next call comes when the first bay frees: with two or more loadings running, earlier
//! than any one's median end (the median of their minimum, from the measured length shape).
//! The bays still busy then outlasted it, so each is expected to end later than its own
//! median end (the median of its end given that it had not ended then).
//! The spread grows with the square root of the variance of the loadings ahead.
//! No vehicle is expected sooner than the yard's least lead after it joined
//! (`hour_entry_limit`): its driver was told he had that long to come.

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
/// Bisection steps for the first bay to free (minutes: well under a millisecond).
const FIRST_FREE_STEPS: u32 = 30;
/// The first bay to free is reckoned as the earliest of several ends for this many calls
/// (the next few hours); further back the bays' median ends, nearer the yard's long-run pace
/// (every call a little early adds up), and `predict` stays fast.
const FIRST_FREE_HEAD: usize = 8;

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
    /// The early and late ends of the spread (`low >= now`, and not before the entry's lead).
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

/// A bay: when it is expected to free (the median of its end), and whether that end is
/// uncertain (a loading runs there) or not (it is free).
#[derive(Debug, Clone, Copy)]
struct Bay {
    end: DateTime<Utc>,
    busy: bool,
}

impl Bay {
    fn at(end: DateTime<Utc>) -> Bay {
        Bay { end, busy: false }
    }

    /// The chance it is still busy `z` minutes after its median end, its loading's length
    /// drawn as loadings go (`shape`, lengths against their median) around a `scale`-minute
    /// median. Every busy bay uses the same law, only its median end differs: then a bay
    /// expected to free later is never likelier to free before a given time, so a vehicle
    /// coming (a check-in) never brings a call earlier.
    fn busy(&self, shape: &[f64], scale: f64, z: f64) -> f64 {
        if !self.busy || scale <= 0.0 {
            return if z < 0.0 { 1.0 } else { 0.0 };
        }
        1.0 - share_below_sorted(shape, 1.0 + z / scale)
    }
}

/// [`super::pace::share_below`] by bisection (the percentiles are sorted); 0..=1.
fn share_below_sorted(percentiles: &[f64], x: f64) -> f64 {
    let n = percentiles.len() - 1;
    if x >= percentiles[n] {
        return 1.0;
    }
    match percentiles.partition_point(|&p| p <= x) {
        0 => 0.0,
        k => {
            let i = k - 1;
            let (a, b) = (percentiles[i], percentiles[i + 1]);
            let within = if b > a { (x - a) / (b - a) } else { 0.0 };
            (i as f64 + within) / n as f64
        }
    }
}

fn minutes_between(from: DateTime<Utc>, to: DateTime<Utc>) -> f64 {
    (to - from).num_milliseconds() as f64 / 60_000.0
}

/// When the first of the bays frees: the median of the earliest of their ends (all of them
/// still busy has the chance ½), which comes before the earliest median end when two or more
/// may free about then. Reckoned from the earliest median end, so that a delay, which moves
/// every end alike, moves it alike. Without a measured length shape: the earliest median end.
fn first_free(bays: &mut [Bay], shape: &[f64], scale: f64, head: bool) -> Option<DateTime<Utc>> {
    // A fixed order: the product does not depend on the order the bays were filled in.
    bays.sort_unstable_by_key(|b| (b.end, b.busy));
    let e0 = bays.first()?.end;
    if !head || shape.len() < 2 || scale <= 0.0 {
        return Some(e0);
    }
    // How far before its median end a busy bay may free.
    let reach = scale * (1.0 - shape[0]).max(0.0);
    let offsets: Vec<f64> = bays.iter().map(|b| minutes_between(e0, b.end)).collect();
    // No other bay can free before the earliest median end: that is when the first frees.
    if bays[1..]
        .iter()
        .zip(&offsets[1..])
        .all(|(b, off)| !b.busy || *off >= reach)
    {
        return Some(e0);
    }
    let all_busy = |y: f64| -> f64 {
        bays.iter()
            .zip(&offsets)
            .map(|(b, off)| b.busy(shape, scale, y - off))
            .product()
    };
    // Below every bay's earliest possible end all of them are busy.
    let (mut lo, mut hi) = (-reach, 0.0);
    if all_busy(hi) > 0.5 {
        return Some(e0);
    }
    for _ in 0..FIRST_FREE_STEPS {
        let mid = (lo + hi) / 2.0;
        if all_busy(mid) > 0.5 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(e0 - minutes(-hi))
}

/// How much later a busy bay that outlasted another is expected to end. `u` is how far into
/// its law the other ended (its median end is 1, as `shape` measures lengths against their
/// median); given it had not ended by then, its median end moves by `g(u) − g0` usual
/// lengths, `g(u)` = `u − 1` + the median of what is left past `u`, tabled at the shape's
/// points. What is left is kept at its lowest running value: then `g` never falls and never
/// rises faster than `u`, so a bay expected later, or one that outlasted a later end, is never
/// expected to free sooner (a check-in never brings a call earlier) even where the measured
/// shape has a bump (the long outliers). `g0`, its value before any loading can end, moves
/// nothing: a bay that only outlasted an end it could not have reached is not moved.
struct Outlasting {
    /// (u, what is left past u), u rising, what is left never rising.
    points: Vec<(f64, f64)>,
    g0: f64,
}

impl Outlasting {
    fn new(shape: &[f64]) -> Outlasting {
        let mut points: Vec<(f64, f64)> = Vec::with_capacity(shape.len());
        if shape.len() < 2 {
            return Outlasting { points, g0: 0.0 };
        }
        let mut low = f64::INFINITY;
        for &u in shape {
            let left = median_left_above(shape, u).unwrap_or(0.0);
            low = low.min(left);
            points.push((u, low));
        }
        let g0 = points[0].0 - 1.0 + points[0].1;
        Outlasting { points, g0 }
    }

    /// `g(u)` for `u` past the first point (past the last, `u − 1`: nothing left).
    fn g(&self, u: f64) -> f64 {
        let k = self.points.partition_point(|p| p.0 <= u);
        let left = match self.points.get(k) {
            None => 0.0,
            Some(&(b, lb)) => {
                let (a, la) = self.points[k - 1];
                if b > a {
                    la + (lb - la) * (u - a) / (b - a)
                } else {
                    lb
                }
            }
        };
        u - 1.0 + left
    }

    /// The median end of a busy bay (`end`, its law `scale` minutes around it) given that it
    /// outlasted one that ended at `first`.
    fn end_after(&self, end: DateTime<Utc>, first: DateTime<Utc>, scale: f64) -> DateTime<Utc> {
        let Some(&(u0, _)) = self.points.first() else {
            return end;
        };
        if scale <= 0.0 {
            return end;
        }
        let u = 1.0 + minutes_between(end, first) / scale;
        if u <= u0 {
            return end;
        }
        end + minutes(scale * (self.g(u) - self.g0))
    }
}

/// The yard's state on the day being replayed.
struct Day {
    day: NaiveDate,
    /// When calls may start (the attendance's expected start).
    opens: DateTime<Utc>,
    windows: super::calendar::DayWindows,
    /// When each bay frees.
    bays: Vec<Bay>,
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
                .map(|_| Bay::at(opens - turnaround))
                .collect(),
            calls: 0,
        })
    }
}

/// The yard replayed call by call: the day being filled, what is known ahead of the next
/// vehicle, and what has been predicted.
struct Replay<'i, 'a> {
    input: &'i PredictInput<'a>,
    today: NaiveDate,
    frozen: Vec<(DateTime<Utc>, DateTime<Utc>)>,
    turnaround: Duration,
    /// Bays, as a divisor.
    bays: f64,
    /// Minutes between one call and the next when the yard runs at its usual pace.
    call_interval: f64,
    day: Option<Day>,
    /// No call before this (the previous call: the queue is called in order).
    latest: DateTime<Utc>,
    /// Variance (minutes²) of the waiting ahead, shared by the bays.
    variance: f64,
    today_ends_at: Option<DateTime<Utc>>,
    /// Waiting vehicles replayed so far (ahead of the next one).
    ahead: usize,
    /// When the bay that takes the next vehicle is expected to free (the first of the bays).
    first_end: Option<DateTime<Utc>>,
    outlasting: Outlasting,
}

impl<'i, 'a> Replay<'i, 'a> {
    fn new(input: &'i PredictInput<'a>) -> Self {
        let pace = input.pace;
        let bays = f64::from(pace.bays.max(1));
        let mut replay = Replay {
            input,
            today: input.settings.operating_day(input.now),
            frozen: freezes(input.delays),
            turnaround: minutes(pace.turnaround_minutes),
            bays,
            call_interval: (pace.overall.p50 + pace.turnaround_minutes) / bays,
            day: None,
            latest: input.now,
            variance: 0.0,
            today_ends_at: None,
            ahead: 0,
            first_end: None,
            outlasting: Outlasting::new(&pace.length_shape),
        };
        replay.day = replay.first_day();
        replay
    }

    /// Today, when calls can still come today; else the next open day.
    fn first_day(&mut self) -> Option<Day> {
        let input = self.input;
        let today_open = input.attendance != AttendanceToday::Ended
            && input
                .settings
                .day_windows(self.today)
                .last_end()
                .is_some_and(|end| end > input.now);
        if !today_open {
            return Day::fresh(input, self.today.succ_opt());
        }
        let mut d = Day::fresh(input, Some(self.today)).filter(|d| d.day == self.today)?;
        match input.attendance {
            AttendanceToday::Started => self.bays_loading_now(&mut d),
            _ => self.late_opening(&mut d),
        }
        d.calls = input.spent_today;
        Some(d)
    }

    /// The attendance runs: each bay frees when its loading is expected to end, the others now.
    fn bays_loading_now(&mut self, d: &mut Day) {
        let (input, pace) = (self.input, self.input.pace);
        let now = input.now;
        d.opens = now;
        d.bays.clear();
        for l in input.loading {
            let spread = pace.duration(&l.vehicle, l.started_at, input.settings);
            // What it has left, given how long it has worked (a delay paused it); one past
            // its expected end still takes a while.
            let worked = worked_minutes(&self.frozen, l.started_at, now);
            let left = pace
                .remaining(&l.vehicle, l.started_at, worked, input.settings)
                .max(MIN_REMAINING_MINUTES);
            let end = stretch(&self.frozen, now, minutes(left));
            self.today_ends_at = self.today_ends_at.max(Some(end));
            d.bays.push(Bay { end, busy: true });
            self.variance += (spread.sigma() / self.bays).powi(2);
        }
        while d.bays.len() < pace.bays.max(1) as usize {
            d.bays.push(Bay::at(now - self.turnaround));
        }
    }

    /// Not started: it starts as late as it usually does, and not before now; already late, as
    /// late as the days that were this late went on to be.
    fn late_opening(&mut self, d: &mut Day) {
        let (now, pace) = (self.input.now, self.input.pace);
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
        self.variance += lag * lag;
    }

    /// When `q` is called: the first free bay inside a window of its day or a later one.
    /// `None` when no day lets a call in.
    fn next_call(&mut self, q: &Queued) -> Option<DateTime<Utc>> {
        let input = self.input;
        let settings = input.settings;
        // Not before the day the plan gave it.
        if let (Some(d), Some(planned)) = (self.day.as_ref(), q.day) {
            if planned > d.day {
                self.day = Day::fresh(input, Some(planned));
            }
        }
        let earliest = self.earliest(q);
        // Days skipped for this vehicle: a calendar that never lets a call in stops here.
        let mut skipped = 0;
        while let Some(d) = self.day.as_mut() {
            let first = first_free(
                &mut d.bays,
                &input.pace.length_shape,
                input.pace.overall.p50,
                self.ahead < FIRST_FREE_HEAD,
            );
            self.first_end = first;
            let free = first.unwrap_or(d.opens);
            let t = (free + self.turnaround)
                .max(self.latest)
                .max(d.opens)
                .max(earliest);
            let t = unfrozen(&self.frozen, t);
            // Inside a window (a call never starts in a break or after closing).
            let window = d.windows.as_slice().iter().find(|w| w.1 > t).copied();
            let fits_cap = settings.programmed_total == 0 || d.calls < settings.programmed_total;
            match window {
                Some((start, _)) if fits_cap => {
                    let t = unfrozen(&self.frozen, t.max(start));
                    if d.windows.contains(t) || t < start {
                        return Some(t);
                    }
                    // A delay ran past the window: try from there.
                    self.latest = t;
                }
                _ => {
                    skipped += 1;
                    let next = d.day.succ_opt().filter(|_| skipped <= MAX_SKIPPED_DAYS);
                    self.day = Day::fresh(input, next);
                    self.day.as_ref()?;
                    self.variance += input.pace.start_lag.sigma().powi(2);
                }
            }
        }
        None
    }

    /// The yard's least lead between joining and the forecast (`hour_entry_limit`, rule 4 of
    /// the plan): a driver told to come no earlier than that is not expected to be called
    /// sooner, however fast the yard runs.
    fn earliest(&self, q: &Queued) -> DateTime<Utc> {
        q.joined_at + Duration::hours(i64::from(self.input.settings.hour_entry_limit))
    }

    /// The chance `q` never loads: in the yard, or not yet with its call this far away (in
    /// vehicles ahead at the usual pace, so that it does not drift while nothing happens).
    /// Before the day's attendance has started, or on a later day: as any vehicle far from its
    /// call (drivers come in the morning).
    fn no_show(&self, q: &Queued, day: NaiveDate) -> f64 {
        let lead = if day == self.today && self.input.attendance == AttendanceToday::Started {
            (self.ahead as f64 + 0.5) * self.call_interval
        } else {
            f64::INFINITY
        };
        self.input.pace.no_show_for(q.checked_in, lead)
    }

    /// `q` is called at `t`: its bay is taken for its loading (times the chance it shows up),
    /// and those behind wait for it.
    fn book(&mut self, q: &Queued, t: DateTime<Utc>) -> Option<Predicted> {
        let (input, pace) = (self.input, self.input.pace);
        let d = self.day.as_ref()?;
        let day = d.day;
        let p = self.no_show(q, day);
        let shows = 1.0 - p;
        let spread = pace.duration(&q.vehicle, t, input.settings);
        let end = stretch(&self.frozen, t, minutes(spread.p50 * shows));
        if day == self.today {
            let full_end = stretch(&self.frozen, t, minutes(spread.p50));
            self.today_ends_at = self.today_ends_at.max(Some(full_end));
        }
        let d = self.day.as_mut()?;
        // The bay expected to free first takes it (`next_call` left them sorted).
        let freed = (!d.bays.is_empty()).then(|| d.bays.remove(0));
        // The bays still busy outlasted a loading: each is expected to end later than it would
        // alone. (A bay that was free ends at a known time, not drawn with theirs: the running
        // loadings already count the time they have run.)
        let first = self
            .first_end
            .take()
            .filter(|_| freed.is_some_and(|b| b.busy));
        if let Some(first) = first {
            let scale = pace.overall.p50;
            for b in d.bays.iter_mut().filter(|b| b.busy) {
                b.end = self.outlasting.end_after(b.end, first, scale);
            }
        }
        d.calls += 1;
        d.bays.push(Bay { end, busy: true });
        let sigma = self.variance.sqrt().max(MIN_SPREAD_MINUTES);
        let own = spread.sigma() * shows;
        self.variance +=
            (own * own + p * shows * spread.p50 * spread.p50) / (self.bays * self.bays);
        self.latest = t;
        self.ahead += 1;
        Some(Predicted {
            id: q.id,
            at: t,
            low: (t - minutes(sigma)).max(input.now).max(self.earliest(q)),
            high: t + minutes(sigma),
        })
    }
}

/// Predicts the call of every waiting vehicle.
pub fn predict(input: &PredictInput<'_>) -> Prediction {
    let mut order: Vec<&Queued> = input.queue.iter().collect();
    order.sort_unstable_by_key(|q| (q.joined_at, q.id));
    let mut replay = Replay::new(input);
    let mut out = Vec::with_capacity(order.len());
    for q in order {
        let Some(t) = replay.next_call(q) else {
            break;
        };
        let Some(called) = replay.book(q, t) else {
            break;
        };
        out.push(called);
    }
    Prediction {
        entries: out,
        today_ends_at: replay.today_ends_at,
    }
}
