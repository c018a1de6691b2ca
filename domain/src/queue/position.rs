//! Positions and tolerance (DESIGN sections 4.5 and 4.6, spec 3 section 4).

use chrono::{DateTime, Utc};

use super::plan::{EntryId, Plan, PlannedEntry};
use super::settings::QueueSettings;

/// What a row in tolerance shows instead of a position.
pub const IN_TOLERANCE_TEXT: &str = "em tolerância";

/// The remaining tolerance once it has run out.
pub const EXHAUSTED_TEXT: &str = "Esgotado";

/// Rule 5: numbers the entries, already in plan order.
///
/// Without tolerance the position is index + 1. With tolerance on, the entries up to the last
/// one whose forecast has passed are 'em tolerância' (they keep index + 1 as position) and the
/// numbering restarts at 1 after it. Forecasts grow along the plan, so the entries in tolerance
/// are the head of the queue.
pub(crate) fn assign_positions(
    entries: &mut [PlannedEntry],
    tolerance_on: bool,
    now: DateTime<Utc>,
) {
    let in_tolerance = if tolerance_on {
        entries
            .iter()
            .rposition(|e| e.forecast().is_some_and(|f| f < now))
            .map_or(0, |last| last + 1)
    } else {
        0
    };
    for (i, e) in entries.iter_mut().enumerate() {
        let n = if i < in_tolerance {
            i
        } else {
            i - in_tolerance
        };
        e.position = u32::try_from(n + 1).unwrap_or(u32::MAX);
        e.in_tolerance = i < in_tolerance;
    }
}

/// What is left of an entry's tolerance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToleranceLeft {
    /// Whole minutes left (rounded up: 30 s left reads 1 minute).
    Minutes(i64),
    /// 'Esgotado'.
    Exhausted,
}

impl ToleranceLeft {
    /// `HH:mm` left, or 'Esgotado'.
    pub fn text(&self) -> String {
        match self {
            ToleranceLeft::Minutes(m) => format!("{:02}:{:02}", m / 60, m % 60),
            ToleranceLeft::Exhausted => EXHAUSTED_TEXT.to_owned(),
        }
    }
}

/// The tolerance left to an entry whose forecast has passed; `None` while the forecast has not
/// passed or when tolerance is off.
pub fn remaining_tolerance(
    forecast: DateTime<Utc>,
    now: DateTime<Utc>,
    settings: &QueueSettings,
) -> Option<ToleranceLeft> {
    let tolerance = settings.tolerance_duration()?;
    if now <= forecast {
        return None;
    }
    let left = (forecast + tolerance - now).num_seconds();
    if left <= 0 {
        Some(ToleranceLeft::Exhausted)
    } else {
        Some(ToleranceLeft::Minutes((left + 59) / 60))
    }
}

/// Rule 6: the waiting entries that drop as faulty by tolerance (TOL_QUEUE) at `now`: tolerance
/// on, forecast passed and forecast + tolerance reached, and never a driver with an active
/// check-in (the yard's lateness is not the driver's fault).
pub fn tolerance_drops(plan: &Plan, settings: &QueueSettings, now: DateTime<Utc>) -> Vec<EntryId> {
    if settings.tolerance_duration().is_none() {
        return Vec::new();
    }
    plan.entries
        .iter()
        .filter(|e| !e.checked_in)
        .filter(|e| {
            e.forecast().is_some_and(|f| {
                remaining_tolerance(f, now, settings) == Some(ToleranceLeft::Exhausted)
            })
        })
        .map(|e| e.id)
        .collect()
}

/// Whether an entry closed at `closed_at` closed on the calendar day of `now` in the company's
/// zone: the driver app keeps showing 'atendido' or 'falta' for the rest of that day only.
/// An unknown zone name falls back to the default (America/Sao_Paulo).
pub fn closed_on_local_day(
    closed_at: Option<DateTime<Utc>>,
    zone: Option<&str>,
    now: DateTime<Utc>,
) -> bool {
    let zone: chrono_tz::Tz = zone
        .and_then(|z| z.parse().ok())
        .unwrap_or(chrono_tz::America::Sao_Paulo);
    closed_at.is_some_and(|c| {
        c.with_timezone(&zone).date_naive() == now.with_timezone(&zone).date_naive()
    })
}

/// A row of the panel as 'Veículos próximos' reads it (the driver's status page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRow {
    /// Waiting in the line (not in loading).
    pub waiting: bool,
    /// The signed-in driver's own entry.
    pub mine: bool,
}

/// How many waiting vehicles 'Veículos próximos' shows on each side of the driver's own.
pub const NEARBY_EACH_SIDE: usize = 2;

/// Which rows (indexes of `rows`, in panel order) 'Veículos próximos' lists: the waiting
/// vehicles around the driver's own waiting entry, `each_side` before and after it, his own
/// included. Vehicles in loading are not in the waiting line; a driver whose own entry is in
/// loading has no place in it, so nothing is listed (the panel numbers a loading row 0, which
/// read as "position 0" next to him).
pub fn nearby_rows(rows: &[LineRow], each_side: usize) -> Vec<usize> {
    let line: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].waiting).collect();
    let Some(me) = line.iter().position(|&i| rows[i].mine) else {
        return Vec::new();
    };
    let from = me.saturating_sub(each_side);
    let to = (me + each_side + 1).min(line.len());
    line[from..to].to_vec()
}

#[cfg(test)]
mod closed_on_local_day_tests {
    use super::closed_on_local_day;
    use chrono::{TimeZone, Utc};

    #[test]
    fn closed_late_evening_in_sao_paulo_is_still_today_after_utc_midnight() {
        // 22:30 in São Paulo is 01:30 UTC of the next day.
        let closed = Utc.with_ymd_and_hms(2026, 11, 23, 1, 30, 0).single();
        let now = Utc
            .with_ymd_and_hms(2026, 11, 23, 2, 0, 0)
            .single()
            .unwrap_or_default();
        assert!(closed_on_local_day(closed, Some("America/Sao_Paulo"), now));
        let next_morning = Utc
            .with_ymd_and_hms(2026, 11, 23, 11, 0, 0)
            .single()
            .unwrap_or_default();
        assert!(!closed_on_local_day(
            closed,
            Some("America/Sao_Paulo"),
            next_morning
        ));
    }

    #[test]
    fn never_closed_is_not_closed_today() {
        let now = Utc
            .with_ymd_and_hms(2026, 11, 23, 12, 0, 0)
            .single()
            .unwrap_or_default();
        assert!(!closed_on_local_day(None, None, now));
    }

    #[test]
    fn unknown_zone_falls_back_to_sao_paulo() {
        let closed = Utc.with_ymd_and_hms(2026, 11, 23, 1, 30, 0).single();
        let now = Utc
            .with_ymd_and_hms(2026, 11, 23, 12, 0, 0)
            .single()
            .unwrap_or_default();
        assert!(!closed_on_local_day(closed, Some("Nowhere/City"), now));
        assert!(closed_on_local_day(closed, Some("UTC"), now));
    }
}

#[cfg(test)]
mod nearby_tests {
    use super::{nearby_rows, LineRow};

    fn row(waiting: bool, mine: bool) -> LineRow {
        LineRow { waiting, mine }
    }

    #[test]
    fn nearby_lists_the_waiting_vehicles_around_the_driver() {
        // Two in loading first (the panel's order), then six waiting; the driver is the 5th row.
        let rows = [
            row(false, false),
            row(false, false),
            row(true, false),
            row(true, false),
            row(true, true),
            row(true, false),
            row(true, false),
            row(true, false),
        ];
        assert_eq!(nearby_rows(&rows, 2), vec![2, 3, 4, 5, 6]);
        // First in line: nothing before him, loading rows never listed.
        let first = [row(false, false), row(true, true), row(true, false)];
        assert_eq!(nearby_rows(&first, 2), vec![1, 2]);
    }

    #[test]
    fn a_driver_in_loading_has_no_nearby_vehicles() {
        let rows = [row(false, true), row(true, false), row(true, false)];
        assert_eq!(nearby_rows(&rows, 2), Vec::<usize>::new());
        let absent = [row(true, false), row(true, false)];
        assert_eq!(nearby_rows(&absent, 2), Vec::<usize>::new());
    }
}
