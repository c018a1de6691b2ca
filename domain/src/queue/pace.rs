//! The measured pace of a yard (issue 25): how long a loading takes and how many run at once,
//! learned from the loadings the company finished, robust to outliers (weighted quantiles,
//! recent weeks weigh more), with a default from the configured time per appointment while
//! the history is thin.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Timelike, Utc};
use serde::Serialize;

use crate::implement::ImplementType;

use super::settings::QueueSettings;

/// One loading's start and end.
type Run = (DateTime<Utc>, DateTime<Utc>);

/// How far back the history is read (the repository's query uses the same).
pub const HISTORY_DAYS: i64 = 56;
/// A loading of `HALF_LIFE_DAYS` ago weighs half as much as one of today.
pub const HALF_LIFE_DAYS: f64 = 14.0;
/// Below this many finished loadings the configured pace is used.
pub const MIN_HISTORY: usize = 20;
/// A group (implement type, axle count) needs this many loadings to have its own figures.
const MIN_GROUP: usize = 5;
/// Loadings longer than this are forgotten open, not measured.
const MAX_LOADING_MINUTES: f64 = 8.0 * 60.0;
/// Gaps between a bay freeing and the next start beyond this are idle time, not turnaround.
const MAX_GAP_MINUTES: f64 = 60.0;
/// Shrinks the hour and weekday factors towards 1 when they rest on few loadings.
const FACTOR_PRIOR: f64 = 10.0;

/// The vehicle as the pace reads it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Vehicle {
    pub implement: Option<ImplementType>,
    pub axles: Option<u8>,
}

/// A finished loading (a queue entry attended: `expedition` to `attended_at`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FinishedLoading {
    pub started_at: DateTime<Utc>,
    pub ended_at: DateTime<Utc>,
    pub vehicle: Vehicle,
}

/// How a closed queue entry ended: loaded, or gone without loading (left, missing, dropped by
/// tolerance, cancelled); and when it checked in (reached the yard), if it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClosedEntry {
    pub closed_at: DateTime<Utc>,
    pub loaded: bool,
    /// Its loading's start (loaded entries).
    pub started_at: Option<DateTime<Utc>>,
    /// Its first check-in.
    pub checked_in_at: Option<DateTime<Utc>>,
}

/// Minutes: the median and the quartiles of a duration.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Spread {
    pub p25: f64,
    pub p50: f64,
    pub p75: f64,
    /// The mean, each value capped at three medians: what a run of loadings adds up to
    /// (the median of a skewed time undercounts a sum of them).
    pub mean: f64,
}

impl Spread {
    fn around(median: f64) -> Spread {
        Spread {
            p25: median * 0.8,
            p50: median,
            p75: median * 1.2,
            mean: median,
        }
    }

    /// The standard deviation a normal law with these quartiles has.
    pub fn sigma(&self) -> f64 {
        ((self.p75 - self.p25) / 1.349).max(0.0)
    }
}

/// The pace of one company's yard.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pace {
    /// Loadings that run at once (loading bays in use).
    pub bays: u32,
    /// Every loading.
    pub overall: Spread,
    /// Per implement type (those with enough loadings).
    #[serde(skip)]
    pub by_implement: Vec<(ImplementType, Spread)>,
    /// Per axle count, for vehicles of a type with too few loadings.
    #[serde(skip)]
    pub by_axles: Vec<(u8, Spread)>,
    /// Minutes between a bay freeing and the next loading starting there.
    pub turnaround_minutes: f64,
    /// Minutes the attendance starts after the window opens.
    pub start_lag: Spread,
    /// The share of waiting vehicles not checked in that leave without loading (left,
    /// missing, dropped), far from their call; nearer it see [`Pace::no_show_for`].
    pub no_show: f64,
    /// The same for vehicles that checked in (reached the yard).
    pub no_show_checked_in: f64,
    /// How long before its call each loaded vehicle checked in (minutes; one that never did,
    /// 0), as percentiles 0..=100. Empty: unknown (then a vehicle not checked in is as likely
    /// to load wherever it is in the queue).
    #[serde(skip)]
    pub check_in_leads: Vec<f64>,
    /// Loadings are this much longer at each hour of the day (company's zone), 1 = as usual.
    #[serde(skip)]
    pub hour_factor: [f64; 24],
    /// The same per weekday (Sunday first).
    #[serde(skip)]
    pub weekday_factor: [f64; 7],
    /// Finished loadings the figures rest on (0: the configured pace).
    pub samples: usize,
    /// How long loadings take against their group's median (duration / median), as
    /// percentiles 0..=100: what a loading that already ran a while has left. Empty: unknown.
    #[serde(skip)]
    pub length_shape: Vec<f64>,
    /// The attendance's late starts (minutes) as percentiles 0..=100. Empty: unknown.
    #[serde(skip)]
    pub lag_shape: Vec<f64>,
}

/// Percentiles 0..=100 of weighted values; empty when there are none.
fn percentiles(values: &mut [(f64, f64)]) -> Vec<f64> {
    values.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = values.iter().map(|v| v.1).sum();
    if values.is_empty() || total <= 0.0 {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(101);
    let (mut acc, mut i) = (0.0, 0);
    for k in 0..=100 {
        let target = total * f64::from(k) / 100.0;
        while i + 1 < values.len() && acc + values[i].1 < target {
            acc += values[i].1;
            i += 1;
        }
        out.push(values[i].0);
    }
    out
}

/// The share of a quantity at or below `x` (linear between its percentiles, `None` when they
/// are unknown).
pub fn share_below(percentiles: &[f64], x: f64) -> Option<f64> {
    let last = *percentiles.last()?;
    if percentiles.len() < 2 {
        return None;
    }
    if x >= last {
        return Some(1.0);
    }
    let n = (percentiles.len() - 1) as f64;
    Some(match percentiles.iter().rposition(|&p| p <= x) {
        None => 0.0,
        Some(i) => {
            let (a, b) = (percentiles[i], percentiles[i + 1]);
            let within = if b > a { (x - a) / (b - a) } else { 0.0 };
            (i as f64 + within) / n
        }
    })
}

/// The median of what is left of a quantity known to exceed `x`, read from its percentiles:
/// `None` when `x` is past everything seen (or the percentiles are unknown).
pub fn median_left_above(percentiles: &[f64], x: f64) -> Option<f64> {
    let last = *percentiles.last()?;
    if x >= last || percentiles.len() < 2 {
        return None;
    }
    let n = (percentiles.len() - 1) as f64;
    let below = share_below(percentiles, x)?;
    // The value halfway through what is left.
    let at = (below + (1.0 - below) / 2.0) * n;
    let i = (at.floor() as usize).min(percentiles.len() - 2);
    let value = percentiles[i] + (percentiles[i + 1] - percentiles[i]) * (at - i as f64);
    Some((value - x).max(0.0))
}

impl Pace {
    /// The configured pace: one loading per appointment (`time_attendence`, or the day's
    /// windows shared by `programmed_total`, else 30 minutes), one at a time, on time.
    pub fn configured(settings: &QueueSettings) -> Pace {
        let minutes = if settings.time_attendence > 0 {
            f64::from(settings.time_attendence)
        } else if settings.programmed_total > 0 {
            let secs = |t: chrono::NaiveTime| i64::from(t.num_seconds_from_midnight());
            let span = |a, b| (secs(b) - secs(a)).rem_euclid(86_400);
            let mut day = span(settings.start, settings.end);
            if day == 0 {
                day = 86_400;
            }
            day -= span(settings.start_interval, settings.end_interval).min(day / 2);
            (day as f64 / 60.0 / f64::from(settings.programmed_total)).max(5.0)
        } else {
            30.0
        };
        Pace {
            bays: 1,
            overall: Spread::around(minutes),
            by_implement: Vec::new(),
            by_axles: Vec::new(),
            turnaround_minutes: 0.0,
            start_lag: Spread::around(0.0),
            no_show: 0.0,
            no_show_checked_in: 0.0,
            check_in_leads: Vec::new(),
            hour_factor: [1.0; 24],
            weekday_factor: [1.0; 7],
            samples: 0,
            length_shape: Vec::new(),
            lag_shape: Vec::new(),
        }
    }

    /// The loading's duration figures for a vehicle starting at `at` (minutes).
    pub fn duration(
        &self,
        vehicle: &Vehicle,
        at: DateTime<Utc>,
        settings: &QueueSettings,
    ) -> Spread {
        let by_type = vehicle
            .implement
            .and_then(|t| self.by_implement.iter().find(|(k, _)| *k == t))
            .map(|(_, s)| *s);
        let by_axles = || {
            let axles = vehicle.axles.or(vehicle.implement.map(|t| t.axles()))?;
            self.by_axles
                .iter()
                .find(|(k, _)| *k == axles)
                .map(|(_, s)| *s)
        };
        let base = by_type.or_else(by_axles).unwrap_or(self.overall);
        let local = at.with_timezone(&settings.time_zone);
        let f = self.hour_factor[local.hour() as usize]
            * self.weekday_factor[local.weekday().num_days_from_sunday() as usize];
        Spread {
            p25: base.p25 * f,
            p50: base.p50 * f,
            p75: base.p75 * f,
            mean: base.mean * f,
        }
    }

    /// The median work minutes left of a loading of `vehicle` started at `started_at` that has
    /// worked `worked` minutes: its usual length while it is well short of it; nearer or past
    /// that, what loadings that ran this long went on to take (one running late is likelier
    /// one of the long ones).
    pub fn remaining(
        &self,
        vehicle: &Vehicle,
        started_at: DateTime<Utc>,
        worked: f64,
        settings: &QueueSettings,
    ) -> f64 {
        let median = self.duration(vehicle, started_at, settings).p50;
        let usual = median - worked;
        if usual >= NEAR_END_MINUTES || median <= 0.0 {
            return usual;
        }
        median_left_above(&self.length_shape, worked / median)
            .map_or(usual, |left| left * median)
            .max(usual)
    }
}

impl Pace {
    /// The chance a waiting vehicle never loads: checked in (in the yard), or not yet when its
    /// call is about `lead` minutes away. Those that load mostly reach the yard well before
    /// their call, so one still away near its call is likelier one that will not come: of the
    /// vehicles away `lead` minutes before their call, the share that never loaded.
    pub fn no_show_for(&self, checked_in: bool, lead: f64) -> f64 {
        let gone = self.no_show.clamp(0.0, 1.0);
        if checked_in {
            // Being in the yard never makes it likelier not to load than being away.
            return self.no_show_checked_in.clamp(0.0, gone);
        }
        let away = share_below(&self.check_in_leads, lead).unwrap_or(1.0);
        let loads = (1.0 - gone) * away;
        if gone + loads > 0.0 {
            gone / (gone + loads)
        } else {
            0.0
        }
    }
}

/// A loading this close to its usual length (minutes) is read as possibly running long.
pub const NEAR_END_MINUTES: f64 = 6.0;

/// Everything the pace is measured from (the company's last [`HISTORY_DAYS`]).
#[derive(Debug, Clone, Copy)]
pub struct History<'a> {
    pub loadings: &'a [FinishedLoading],
    /// When each day's attendance was started ('Iniciar atendimento'), by operating day.
    pub attendance_starts: &'a [(NaiveDate, DateTime<Utc>)],
    pub closed: &'a [ClosedEntry],
}

fn weight(at: DateTime<Utc>, now: DateTime<Utc>) -> f64 {
    let age_days = ((now - at).num_seconds() as f64 / 86_400.0).max(0.0);
    0.5_f64.powf(age_days / HALF_LIFE_DAYS)
}

/// The weighted `q`-quantile of `(value, weight)` pairs; `None` when empty.
pub fn weighted_quantile(values: &mut [(f64, f64)], q: f64) -> Option<f64> {
    values.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = values.iter().map(|v| v.1).sum();
    if values.is_empty() || total <= 0.0 {
        return None;
    }
    let target = q * total;
    let mut acc = 0.0;
    for &(v, w) in values.iter() {
        acc += w;
        if acc >= target {
            return Some(v);
        }
    }
    values.last().map(|v| v.0)
}

fn spread_of(values: &mut [(f64, f64)]) -> Option<Spread> {
    let p50 = weighted_quantile(values, 0.5)?;
    let total: f64 = values.iter().map(|v| v.1).sum();
    let mean = values.iter().map(|v| v.0.min(3.0 * p50) * v.1).sum::<f64>() / total;
    Some(Spread {
        p25: weighted_quantile(values, 0.25)?,
        p50,
        p75: weighted_quantile(values, 0.75)?,
        mean,
    })
}

/// A finished loading of the last [`HISTORY_DAYS`], with its minutes and its weight.
type Timed = (FinishedLoading, f64, f64);

/// The loadings that count: recent, closed, and not left open past [`MAX_LOADING_MINUTES`].
fn recent_loadings(history: &History<'_>, since: DateTime<Utc>, now: DateTime<Utc>) -> Vec<Timed> {
    history
        .loadings
        .iter()
        .filter(|l| l.started_at >= since && l.ended_at <= now && l.ended_at > l.started_at)
        .map(|l| {
            let minutes = (l.ended_at - l.started_at).num_seconds() as f64 / 60.0;
            (*l, minutes, weight(l.ended_at, now))
        })
        .filter(|(_, m, _)| *m <= MAX_LOADING_MINUTES)
        .collect()
}

/// The spread of the loadings `of` a group, when the group has [`MIN_GROUP`] of them.
fn group_spread(loadings: &[Timed], of: impl Fn(&Vehicle) -> bool) -> Option<Spread> {
    let mut v: Vec<(f64, f64)> = loadings
        .iter()
        .filter(|(l, _, _)| of(&l.vehicle))
        .map(|(_, m, w)| (*m, *w))
        .collect();
    if v.len() >= MIN_GROUP {
        spread_of(&mut v)
    } else {
        None
    }
}

/// How much longer than its group's median each loading took, by hour and weekday, and the
/// shape of the lengths around the median.
fn slowdowns(pace: &mut Pace, loadings: &[Timed], settings: &QueueSettings) {
    let ratios: Vec<(DateTime<Utc>, f64, f64)> = loadings
        .iter()
        .map(|(l, m, w)| {
            let group = pace.duration(&l.vehicle, l.started_at, settings).p50;
            (l.started_at, m / group.max(1.0), *w)
        })
        .collect();
    let factor = |pick: &dyn Fn(DateTime<Utc>) -> bool| {
        let mut v: Vec<(f64, f64)> = ratios
            .iter()
            .filter(|(at, _, _)| pick(*at))
            .map(|(_, r, w)| (*r, *w))
            .collect();
        let n = v.len() as f64;
        weighted_quantile(&mut v, 0.5).map_or(1.0, |m| 1.0 + (m - 1.0) * n / (n + FACTOR_PRIOR))
    };
    let zone = settings.time_zone;
    let mut hour_factor = [1.0; 24];
    for (h, f) in hour_factor.iter_mut().enumerate() {
        *f = factor(&|at| at.with_timezone(&zone).hour() as usize == h);
    }
    let mut weekday_factor = [1.0; 7];
    for (d, f) in weekday_factor.iter_mut().enumerate() {
        *f = factor(&|at| at.with_timezone(&zone).weekday().num_days_from_sunday() as usize == d);
    }
    pace.hour_factor = hour_factor;
    pace.weekday_factor = weekday_factor;
    let mut lengths: Vec<(f64, f64)> = loadings
        .iter()
        .map(|(l, m, w)| {
            let median = pace.duration(&l.vehicle, l.started_at, settings).p50;
            (m / median.max(1.0), *w)
        })
        .collect();
    pace.length_shape = percentiles(&mut lengths);
}

/// Per operating day: the most loadings at once (bays) and the turnaround between them. A
/// loading far longer than usual (left open) does not count as a bay.
fn bays_and_turnaround(
    loadings: &[Timed],
    overall: Spread,
    settings: &QueueSettings,
) -> (u32, f64) {
    let mut days: Vec<(NaiveDate, Vec<Run>, f64)> = Vec::new();
    for (l, m, w) in loadings {
        if *m > overall.p50 * 3.0 {
            continue;
        }
        let day = settings.operating_day(l.started_at);
        match days.iter_mut().find(|d| d.0 == day) {
            Some(d) => d.1.push((l.started_at, l.ended_at)),
            None => days.push((day, vec![(l.started_at, l.ended_at)], *w)),
        }
    }
    let mut bays = Vec::new();
    let mut gaps = Vec::new();
    for (_, runs, w) in &mut days {
        if runs.len() < 3 {
            continue;
        }
        runs.sort();
        let mut most = 0;
        for (i, &(start, _)) in runs.iter().enumerate() {
            let at_once = runs[..=i].iter().filter(|r| r.1 > start).count();
            most = most.max(at_once);
            // The bay this loading took was freed by the latest end before it.
            let freed = runs[..i]
                .iter()
                .map(|r| r.1)
                .filter(|&end| end <= start)
                .max();
            if let Some(freed) = freed {
                let gap = (start - freed).num_seconds() as f64 / 60.0;
                if gap <= MAX_GAP_MINUTES {
                    gaps.push((gap, *w));
                }
            }
        }
        bays.push((most as f64, *w));
    }
    (
        weighted_quantile(&mut bays, 0.5).map_or(1, |b| b.round().max(1.0) as u32),
        weighted_quantile(&mut gaps, 0.5).unwrap_or(0.0),
    )
}

/// How late after opening each recent attendance started (minutes, at most 180).
fn start_lags(
    history: &History<'_>,
    settings: &QueueSettings,
    since: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Vec<(f64, f64)> {
    history
        .attendance_starts
        .iter()
        .filter(|(_, at)| *at >= since && *at <= now)
        .filter_map(|&(day, at)| {
            let open = settings.day_windows(day).first_start()?;
            let lag = ((at - open).num_seconds() as f64 / 60.0).clamp(0.0, 180.0);
            Some((lag, weight(at, now)))
        })
        .collect()
}

/// Whether vehicles leave without loading, from the recent closed entries (at most a half
/// each): the share of those never checked in, of those checked in, and how long before their
/// call the loaded ones checked in (percentiles). `None` without closed entries.
fn no_shows(
    history: &History<'_>,
    since: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Option<(f64, f64, Vec<f64>)> {
    let (mut away, mut away_gone, mut present, mut present_gone) = (0.0, 0.0, 0.0, 0.0);
    let mut loaded_present = 0.0;
    let mut leads = Vec::new();
    for c in history
        .closed
        .iter()
        .filter(|c| c.closed_at >= since && c.closed_at <= now)
    {
        let w = weight(c.closed_at, now);
        let checked_in = c.checked_in_at.filter(|&at| at <= c.closed_at);
        if c.loaded {
            // A loaded vehicle counts as away from the yard until it checked in.
            away += w;
            let lead = match (c.started_at, checked_in) {
                (Some(start), Some(at)) => {
                    loaded_present += w;
                    (start - at).num_seconds().max(0) as f64 / 60.0
                }
                _ => 0.0,
            };
            leads.push((lead, w));
        } else if checked_in.is_some() {
            present += w;
            present_gone += w;
        } else {
            away += w;
            away_gone += w;
        }
    }
    if away + present <= 0.0 {
        return None;
    }
    let present_base = present + loaded_present;
    let share = |gone: f64, of: f64| {
        if of > 0.0 {
            (gone / of).clamp(0.0, 0.5)
        } else {
            0.0
        }
    };
    Some((
        share(away_gone, away),
        share(present_gone, present_base),
        percentiles(&mut leads),
    ))
}

/// Measures the pace from the history at `now`; the configured pace while fewer than
/// [`MIN_HISTORY`] loadings finished.
pub fn measure(history: &History<'_>, settings: &QueueSettings, now: DateTime<Utc>) -> Pace {
    let since = now - Duration::days(HISTORY_DAYS);
    let loadings = recent_loadings(history, since, now);
    let configured = Pace::configured(settings);
    if loadings.len() < MIN_HISTORY {
        return configured;
    }
    let mut all: Vec<(f64, f64)> = loadings.iter().map(|(_, m, w)| (*m, *w)).collect();
    let Some(overall) = spread_of(&mut all) else {
        return configured;
    };
    let by_implement = ImplementType::ALL
        .into_iter()
        .filter_map(|t| Some((t, group_spread(&loadings, |v| v.implement == Some(t))?)))
        .collect();
    let by_axles = (1..=12u8)
        .filter_map(|axles| {
            let of = |v: &Vehicle| v.axles.or(v.implement.map(|t| t.axles())) == Some(axles);
            Some((axles, group_spread(&loadings, of)?))
        })
        .collect();
    let mut pace = Pace {
        by_implement,
        by_axles,
        overall,
        ..configured
    };
    slowdowns(&mut pace, &loadings, settings);
    (pace.bays, pace.turnaround_minutes) = bays_and_turnaround(&loadings, overall, settings);
    let mut lags = start_lags(history, settings, since, now);
    if let Some(s) = spread_of(&mut lags) {
        pace.start_lag = s;
    }
    pace.lag_shape = percentiles(&mut lags);
    if let Some((away, present, leads)) = no_shows(history, since, now) {
        pace.no_show = away;
        pace.no_show_checked_in = present;
        pace.check_in_leads = leads;
    }
    pace.samples = loadings.len();
    pace
}
