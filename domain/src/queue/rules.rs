//! The smaller queue rules: missing-limit, leaving, expiry, delay end, end of attendance and
//! reset (DESIGN sections 4.7 to 4.11).

use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::plan::{plan, AttendanceToday, Delay, EntryId, PlanInput, QueueEntry};
use super::refusal::QueueRefusal;
use super::settings::QueueSettings;

/// Rule 9: with the missing validation on, a driver with `limit` or more faults in the last
/// `period_days` days is blocked until `block_days` days after the last fault. Returns the end
/// of the block while it lasts. A `limit` of 0 never blocks.
pub fn missing_block(
    faults: &[DateTime<Utc>],
    settings: &QueueSettings,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let rule = settings.missing;
    if !rule.enabled || rule.limit == 0 {
        return None;
    }
    let since = now - Duration::days(i64::from(rule.period_days));
    let recent = faults.iter().filter(|&&f| f > since && f <= now);
    let count = recent.clone().count();
    if count < rule.limit as usize {
        return None;
    }
    let last = recent.max()?;
    let until = *last + Duration::days(i64::from(rule.block_days));
    (until > now).then_some(until)
}

/// Rule 10: leaving is refused once the forecast is `queue_edit_hours_limit` hours away or less
/// (a forecast already passed included).
pub fn can_leave(
    forecast: DateTime<Utc>,
    now: DateTime<Utc>,
    settings: &QueueSettings,
) -> Result<(), QueueRefusal> {
    let hours = settings.queue_edit_hours_limit;
    if forecast - now <= Duration::hours(i64::from(hours)) {
        return Err(QueueRefusal::LeaveWindow { hours });
    }
    Ok(())
}

/// The reason recorded for a loading that expired unloaded (rule 11).
pub const EXPIRED_REASON: &str = "TEMPO EXPIRADO";

/// Rule 11: a loading expires once its `expirationDate` has passed (the day after it).
pub fn is_expired(expiration_date: NaiveDate, today: NaiveDate) -> bool {
    expiration_date < today
}

/// Days a loading has left (the driver's list hides those at 0 or below).
pub fn remaining_days(expiration_date: NaiveDate, today: NaiveDate) -> i64 {
    (expiration_date - today).num_days()
}

/// Rule 7: 'Encerrar atraso' before the delay ran out. Returns the adjustment to record (0 or
/// negative: minus the unused minutes), so that the delay's net length is the time it really
/// lasted, rounded up to the minute.
pub fn end_delay_early(delay: &Delay, now: DateTime<Utc>) -> i64 {
    let minutes = delay.minutes.max(0);
    let elapsed_secs = (now - delay.started_at).num_seconds().max(0);
    let elapsed = ((elapsed_secs + 59) / 60).min(minutes);
    elapsed - minutes
}

/// An entry held to a day by the end of attendance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pin {
    pub id: EntryId,
    pub day: NaiveDate,
}

/// Rule 8: ending today's attendance. The waiting entries planned today move, in order, to the
/// front of the next open day: each gets that day as its `planned_day`. Their rank (join time)
/// is unchanged, so they stay ahead of everyone planned later. Empty when nothing was planned
/// today or no open day is within reach.
pub fn end_of_day(input: &PlanInput<'_>) -> Vec<Pin> {
    let before = plan(&PlanInput {
        attendance: AttendanceToday::Started,
        ..*input
    });
    let Some(next) = before
        .today
        .succ_opt()
        .and_then(|d| input.settings.next_open_day(d))
    else {
        return Vec::new();
    };
    before
        .entries
        .iter()
        .filter(|e| e.day() == Some(before.today))
        .map(|e| Pin {
            id: e.id,
            day: next.day(),
        })
        .collect()
}

/// Writes the pins of [`end_of_day`] into the entries.
pub fn apply_pins(entries: &mut [QueueEntry], pins: &[Pin]) {
    let days: HashMap<EntryId, NaiveDate> = pins.iter().map(|p| (p.id, p.day)).collect();
    for e in entries {
        if let Some(&day) = days.get(&e.id) {
            e.planned_day = Some(day);
        }
    }
}

/// Rule 8, reset queue: forgets the end-of-attendance pins, so that the next plan lays every
/// entry again from the start of the current period (the operating day's first free slot while
/// it is open, else the next open day), in rank order, over the following days.
pub fn reset(entries: &mut [QueueEntry]) {
    for e in entries {
        e.planned_day = None;
    }
}
