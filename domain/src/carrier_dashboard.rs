//! The shipping-company dashboard (spec 3 "Shipping-company dashboard", section 3 "Dashboard
//! result"): figures computed from the queue's history of a date range — time averages, the
//! busiest and quietest hours and weekdays, attended and missing vehicles per day, tonnes, and
//! punctuality. Pure: the entries, the company's zone and the range in, the figures out.
//!
//! Definitions (the spec names the fields only; docs/decisions.md, "Carrier dashboard"):
//! - waiting: from joining the queue to the start of loading; loading: start to attended;
//!   whole flow: joining to attended. Averages over attended entries that have both instants.
//! - attended / missing per day: over the days of the range (faulty and tolerance drops are
//!   missing).
//! - busiest / quietest hour and weekday: by joins (entry) and by attendances, among the hours
//!   and weekdays that had any; ties go to the earliest.
//! - punctuality: an attended entry whose loading started by its forecast is on time or early
//!   ('Pontualmente ou Antecipadamente'); after it, within the tolerance ('Dentro da
//!   Tolerância').

use chrono::{DateTime, Datelike, NaiveDate, Timelike, Utc};
use chrono_tz::Tz;

use crate::auth::Actor;
use crate::roles::{Role, SessionKind};

/// How an entry of the range ended (or not yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowOutcome {
    Attended,
    Missing,
    /// Waiting, loading, left or cancelled: counted as a join only.
    Other,
}

/// One queue entry of the range.
#[derive(Clone, Debug, PartialEq)]
pub struct FlowEntry {
    pub joined_at: DateTime<Utc>,
    pub forecast_at: Option<DateTime<Utc>>,
    pub loading_started_at: Option<DateTime<Utc>>,
    pub attended_at: Option<DateTime<Utc>>,
    pub outcome: FlowOutcome,
    /// Tonnes loaded, when known.
    pub tonnes: Option<f64>,
}

/// Attended and missing vehicles of one day.
#[derive(Clone, Debug, PartialEq)]
pub struct DayFigures {
    pub day: NaiveDate,
    pub attended: u32,
    pub missing: u32,
    pub tonnes: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FlowStats {
    /// `HH:mm`.
    pub awaiting_load_avg: String,
    pub loading_time_avg: String,
    pub queue_full_flow_time_avg: String,
    pub attended_queues_avg: f64,
    pub missing_queues_avg: f64,
    pub total_transported_amount: f64,
    /// `HH:00`, or empty when nothing happened.
    pub more_entry_queue_hour: String,
    pub more_attendance_queue_hour: String,
    pub less_entry_queue_hour: String,
    pub less_attendance_queue_hour: String,
    /// The weekday in Portuguese ('Segunda-feira'), or empty.
    pub more_entry_queue_day: String,
    pub more_attendance_queue_day: String,
    pub less_entry_queue_day: String,
    pub less_attendance_queue_day: String,
    pub bigger_total_transported: f64,
    pub bigger_total_transported_date: Option<NaiveDate>,
    pub attended_queues_before_expected: u32,
    pub attended_queues_after_expected: u32,
    /// Entries per day of the range.
    pub queue_avg: f64,
    pub per_day: Vec<DayFigures>,
}

pub const WEEKDAYS: [&str; 7] = [
    "Domingo",
    "Segunda-feira",
    "Terça-feira",
    "Quarta-feira",
    "Quinta-feira",
    "Sexta-feira",
    "Sábado",
];

/// Who reads the dashboard and whose figures (spec 3 sections 2 and 6): a root administrator
/// any company (the filter) or all; another administrator and a Usuario their company; a
/// Transportadora its shipping company's vehicles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DashboardScope {
    All,
    Company(i64),
    ShippingCompany { company_id: i64, shipping_id: i64 },
}

pub fn dashboard_scope(actor: &Actor, chosen: Option<i64>) -> Result<DashboardScope, ScopeRefusal> {
    if actor.kind != SessionKind::Staff {
        return Err(ScopeRefusal::NotAllowed);
    }
    let own = actor.company_id;
    match actor.role {
        Some(Role::Administrador) if actor.is_root => {
            Ok(chosen.map_or(DashboardScope::All, DashboardScope::Company))
        }
        Some(Role::Administrador | Role::Usuario) => match (own, chosen) {
            (Some(own), Some(c)) if c != own => Err(ScopeRefusal::NotFound),
            (Some(own), _) => Ok(DashboardScope::Company(own)),
            // An administrator without a company reads what it chose, or all.
            (None, c) if actor.role == Some(Role::Administrador) => {
                Ok(c.map_or(DashboardScope::All, DashboardScope::Company))
            }
            (None, _) => Err(ScopeRefusal::NotAllowed),
        },
        Some(Role::Transportadora) => match (own, actor.shipping_company_id, chosen) {
            (Some(company_id), Some(shipping_id), c) if c.is_none_or(|c| c == company_id) => {
                Ok(DashboardScope::ShippingCompany {
                    company_id,
                    shipping_id,
                })
            }
            (Some(_), Some(_), _) => Err(ScopeRefusal::NotFound),
            _ => Err(ScopeRefusal::NotAllowed),
        },
        _ => Err(ScopeRefusal::NotAllowed),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeRefusal {
    NotAllowed,
    NotFound,
}

fn hh_mm(minutes: Option<f64>) -> String {
    let Some(m) = minutes else {
        return "00:00".to_owned();
    };
    let total = m.round().max(0.0) as i64;
    format!("{:02}:{:02}", total / 60, total % 60)
}

fn average(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0u32), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / f64::from(n))
}

fn minutes_between(from: DateTime<Utc>, to: DateTime<Utc>) -> Option<f64> {
    let m = (to - from).num_seconds() as f64 / 60.0;
    (m >= 0.0).then_some(m)
}

/// The busiest and quietest bucket among those with a count (ties: the earliest).
fn extremes(counts: &[u32]) -> Option<(usize, usize)> {
    let used: Vec<(usize, u32)> = counts
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, c)| *c > 0)
        .collect();
    let most = used
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))?
        .0;
    let least = used
        .iter()
        .min_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)))?
        .0;
    Some((most, least))
}

/// Two decimals; never -0 (an empty float sum is -0.0).
fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0 + 0.0
}

/// The figures of `entries` over the days `start..=end` in the company's zone `tz`.
pub fn flow_stats(entries: &[FlowEntry], tz: Tz, start: NaiveDate, end: NaiveDate) -> FlowStats {
    let days: Vec<NaiveDate> = start.iter_days().take_while(|d| *d <= end).collect();
    let day_count = days.len().max(1) as f64;
    let attended: Vec<&FlowEntry> = entries
        .iter()
        .filter(|e| e.outcome == FlowOutcome::Attended)
        .collect();
    let missing = entries
        .iter()
        .filter(|e| e.outcome == FlowOutcome::Missing)
        .count();
    let tally = Tally::of(entries, tz, &days);
    let hour = |h: usize| format!("{h:02}:00");
    let weekday = |d: usize| WEEKDAYS[d].to_owned();
    let (more_entry_hour, less_entry_hour) = busiest_and_quietest(&tally.entry_hours, hour);
    let (more_att_hour, less_att_hour) = busiest_and_quietest(&tally.attendance_hours, hour);
    let (more_entry_day, less_entry_day) = busiest_and_quietest(&tally.entry_days, weekday);
    let (more_att_day, less_att_day) = busiest_and_quietest(&tally.attendance_days, weekday);
    let biggest = biggest_day(&tally.per_day);
    let (on_time, late) = punctuality(&attended);

    FlowStats {
        awaiting_load_avg: hh_mm(average_minutes(&attended, |e| {
            minutes_between(e.joined_at, e.loading_started_at?)
        })),
        loading_time_avg: hh_mm(average_minutes(&attended, |e| {
            minutes_between(e.loading_started_at?, e.attended_at?)
        })),
        queue_full_flow_time_avg: hh_mm(average_minutes(&attended, |e| {
            minutes_between(e.joined_at, e.attended_at?)
        })),
        attended_queues_avg: round2(attended.len() as f64 / day_count),
        missing_queues_avg: round2(missing as f64 / day_count),
        total_transported_amount: round2(attended.iter().filter_map(|e| e.tonnes).sum()),
        more_entry_queue_hour: more_entry_hour,
        more_attendance_queue_hour: more_att_hour,
        less_entry_queue_hour: less_entry_hour,
        less_attendance_queue_hour: less_att_hour,
        more_entry_queue_day: more_entry_day,
        more_attendance_queue_day: more_att_day,
        less_entry_queue_day: less_entry_day,
        less_attendance_queue_day: less_att_day,
        bigger_total_transported: biggest.map_or(0.0, |d| d.tonnes),
        bigger_total_transported_date: biggest.map(|d| d.day),
        attended_queues_before_expected: on_time,
        attended_queues_after_expected: late,
        queue_avg: round2(entries.len() as f64 / day_count),
        per_day: tally.per_day,
    }
}

/// The average, in minutes, of a span of the attended entries that have both its instants.
fn average_minutes(
    attended: &[&FlowEntry],
    span: impl Fn(&FlowEntry) -> Option<f64>,
) -> Option<f64> {
    average(attended.iter().filter_map(|e| span(e)))
}

/// Joins and attendances by local hour and weekday (0 = Sunday), and each day's attended,
/// missing and tonnes.
struct Tally {
    entry_hours: [u32; 24],
    attendance_hours: [u32; 24],
    entry_days: [u32; 7],
    attendance_days: [u32; 7],
    per_day: Vec<DayFigures>,
}

impl Tally {
    fn of(entries: &[FlowEntry], tz: Tz, days: &[NaiveDate]) -> Self {
        let mut t = Tally {
            entry_hours: [0; 24],
            attendance_hours: [0; 24],
            entry_days: [0; 7],
            attendance_days: [0; 7],
            per_day: days
                .iter()
                .map(|d| DayFigures {
                    day: *d,
                    attended: 0,
                    missing: 0,
                    tonnes: 0.0,
                })
                .collect(),
        };
        for e in entries {
            t.count(e, tz);
        }
        for d in &mut t.per_day {
            d.tonnes = round2(d.tonnes);
        }
        t
    }

    fn count(&mut self, e: &FlowEntry, tz: Tz) {
        let joined = e.joined_at.with_timezone(&tz);
        self.entry_hours[joined.hour() as usize] += 1;
        self.entry_days[joined.weekday().num_days_from_sunday() as usize] += 1;
        // Attended and missing count on the day they closed (attended) or were planned (joined).
        let closed = e.attended_at.unwrap_or(e.joined_at).with_timezone(&tz);
        let slot = self
            .per_day
            .iter_mut()
            .find(|d| d.day == closed.date_naive());
        match e.outcome {
            FlowOutcome::Attended => {
                self.attendance_hours[closed.hour() as usize] += 1;
                self.attendance_days[closed.weekday().num_days_from_sunday() as usize] += 1;
                if let Some(d) = slot {
                    d.attended += 1;
                    d.tonnes += e.tonnes.unwrap_or(0.0);
                }
            }
            FlowOutcome::Missing => {
                if let Some(d) = slot {
                    d.missing += 1;
                }
            }
            FlowOutcome::Other => {}
        }
    }
}

/// The busiest and quietest bucket, named by `name`; empty names when none had a count.
fn busiest_and_quietest(counts: &[u32], name: impl Fn(usize) -> String) -> (String, String) {
    extremes(counts)
        .map(|(m, l)| (name(m), name(l)))
        .unwrap_or_default()
}

/// The day with the most tonnes (ties: the earliest), if any had tonnes.
fn biggest_day(per_day: &[DayFigures]) -> Option<&DayFigures> {
    per_day
        .iter()
        .filter(|d| d.tonnes > 0.0)
        .max_by(|a, b| a.tonnes.total_cmp(&b.tonnes).then(b.day.cmp(&a.day)))
}

/// Attended entries whose loading started by their forecast, and after it.
fn punctuality(attended: &[&FlowEntry]) -> (u32, u32) {
    let (mut on_time, mut late) = (0, 0);
    for e in attended {
        match (e.loading_started_at, e.forecast_at) {
            (Some(s), Some(f)) if s <= f => on_time += 1,
            (Some(_), Some(_)) => late += 1,
            _ => {}
        }
    }
    (on_time, late)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    const SP: Tz = chrono_tz::America::Sao_Paulo;

    /// São Paulo local time on 2026-03-0`day` (UTC-3).
    fn at(day: u32, h: u32, m: u32) -> DateTime<Utc> {
        SP.with_ymd_and_hms(2026, 3, day, h, m, 0)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn attended(
        day: u32,
        joined: (u32, u32),
        start: (u32, u32),
        end: (u32, u32),
        t: f64,
    ) -> FlowEntry {
        FlowEntry {
            joined_at: at(day, joined.0, joined.1),
            forecast_at: Some(at(day, 9, 0)),
            loading_started_at: Some(at(day, start.0, start.1)),
            attended_at: Some(at(day, end.0, end.1)),
            outcome: FlowOutcome::Attended,
            tonnes: Some(t),
        }
    }

    fn d(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, day).unwrap()
    }

    #[test]
    fn averages_busiest_hours_tonnes_and_punctuality_come_from_the_entries() {
        // Monday 2: two attended (one early, one late); Tuesday 3: one missing.
        let entries = vec![
            attended(2, (7, 0), (8, 30), (9, 0), 30.0),
            attended(2, (7, 30), (9, 30), (10, 30), 12.5),
            FlowEntry {
                joined_at: at(3, 7, 10),
                forecast_at: Some(at(3, 9, 0)),
                loading_started_at: None,
                attended_at: None,
                outcome: FlowOutcome::Missing,
                tonnes: None,
            },
        ];
        let s = flow_stats(&entries, SP, d(2), d(3));
        // Waiting 90 and 120 min, loading 30 and 60, whole flow 120 and 180.
        assert_eq!(s.awaiting_load_avg, "01:45");
        assert_eq!(s.loading_time_avg, "00:45");
        assert_eq!(s.queue_full_flow_time_avg, "02:30");
        assert_eq!((s.attended_queues_avg, s.missing_queues_avg), (1.0, 0.5));
        assert_eq!(s.total_transported_amount, 42.5);
        assert_eq!(s.more_entry_queue_hour, "07:00");
        assert_eq!(s.more_attendance_queue_hour, "09:00");
        assert_eq!(s.less_attendance_queue_hour, "09:00");
        assert_eq!(s.more_entry_queue_day, "Segunda-feira");
        assert_eq!(s.less_entry_queue_day, "Terça-feira");
        assert_eq!(s.more_attendance_queue_day, "Segunda-feira");
        assert_eq!(
            (s.bigger_total_transported, s.bigger_total_transported_date),
            (42.5, Some(d(2)))
        );
        assert_eq!(
            (
                s.attended_queues_before_expected,
                s.attended_queues_after_expected
            ),
            (1, 1)
        );
        assert_eq!(s.queue_avg, 1.5);
        assert_eq!(s.per_day.len(), 2);
        assert_eq!((s.per_day[0].attended, s.per_day[0].missing), (2, 0));
        assert_eq!((s.per_day[1].attended, s.per_day[1].missing), (0, 1));
    }

    #[test]
    fn an_empty_range_reads_zeros_and_blanks() {
        let s = flow_stats(&[], SP, d(2), d(8));
        assert_eq!(s.awaiting_load_avg, "00:00");
        assert_eq!(s.more_entry_queue_hour, "");
        assert_eq!(s.bigger_total_transported_date, None);
        assert_eq!(s.per_day.len(), 7);
        assert_eq!(s.queue_avg, 0.0);
        assert!(s.total_transported_amount.is_sign_positive());
    }

    fn staff(role: Role, company: Option<i64>, shipping: Option<i64>, root: bool) -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 1,
            role: Some(role),
            company_id: company,
            shipping_company_id: shipping,
            is_root: root,
            issued_at: None,
        }
    }

    #[test]
    fn each_role_reads_its_own_figures() {
        let root = staff(Role::Administrador, None, None, true);
        assert_eq!(dashboard_scope(&root, None), Ok(DashboardScope::All));
        assert_eq!(
            dashboard_scope(&root, Some(4)),
            Ok(DashboardScope::Company(4))
        );
        let usuario = staff(Role::Usuario, Some(3), None, false);
        assert_eq!(
            dashboard_scope(&usuario, None),
            Ok(DashboardScope::Company(3))
        );
        assert_eq!(
            dashboard_scope(&usuario, Some(4)),
            Err(ScopeRefusal::NotFound)
        );
        let carrier = staff(Role::Transportadora, Some(3), Some(9), false);
        assert_eq!(
            dashboard_scope(&carrier, None),
            Ok(DashboardScope::ShippingCompany {
                company_id: 3,
                shipping_id: 9
            })
        );
        for role in [Role::Expedicao, Role::Espectador, Role::Portaria] {
            assert_eq!(
                dashboard_scope(&staff(role, Some(3), None, false), None),
                Err(ScopeRefusal::NotAllowed)
            );
        }
    }
}
