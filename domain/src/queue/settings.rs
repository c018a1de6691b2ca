//! The engine's view of a company's queue settings (spec 3 section 3).

use chrono::{Duration, NaiveDate, NaiveTime, Timelike};
use chrono_tz::Tz;

/// The settings the queue engine reads. Times of day are wall-clock times in `time_zone`.
///
/// Durations keep the units of the stored settings: `time_attendence` and `tolerance` in minutes
/// (the screens show them as HH:mm), `hour_entry_limit` and `queue_edit_hours_limit` in hours,
/// `scheduling_day_limit` in calendar days.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueSettings {
    /// Start of the attendance window.
    pub start: NaiveTime,
    /// End of the attendance window (exclusive). An end at or before `start` is on the next
    /// day, so `00:00`-`00:00` is the whole day and `22:00`-`06:00` runs overnight.
    pub end: NaiveTime,
    /// Start of the break inside the window (lunch). Equal to `end_interval`: no break.
    pub start_interval: NaiveTime,
    /// End of the break (exclusive).
    pub end_interval: NaiveTime,
    /// Minutes per appointment; 0 = day-only forecasts (`programmed_total` alone is the
    /// capacity).
    pub time_attendence: u32,
    /// Most appointments per day; 0 = no cap.
    pub programmed_total: u32,
    /// Sunday to Saturday.
    pub week_days: [bool; 7],
    /// Days closed by the holidays / blocked-dates entries.
    pub blocked_dates: Vec<NaiveDate>,
    /// Business days and hours are computed in this zone (default America/Sao_Paulo).
    pub time_zone: Tz,
    pub enable_tolerance: bool,
    /// Minutes after the forecast before a waiting entry drops by tolerance.
    pub tolerance: u32,
    /// `hour_entry_Limit`: least lead time, in hours, between joining and the slot.
    pub hour_entry_limit: u32,
    /// How many calendar days ahead of today a join may land; `None` = no limit.
    pub scheduling_day_limit: Option<u32>,
    /// Hours before the forecast from which leaving the queue is refused (default 6).
    pub queue_edit_hours_limit: u32,
    pub missing: MissingValidation,
    /// The queue is open for joins (`enableQueueSave`).
    pub enable_queue_save: bool,
    /// Freelancers (no scheduling) may join (`enableQueueWithoutScheduling`).
    pub enable_queue_without_scheduling: bool,
}

/// The missing-limit settings (DESIGN section 4.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MissingValidation {
    /// `enable_missing_validation`.
    pub enabled: bool,
    /// `missing_limit`: faults that block; 0 = never blocks.
    pub limit: u32,
    /// `missing_limit_after_block`: days blocked after the last fault.
    pub block_days: u32,
    /// `missing_validation_period`: the faults counted are those of the last this-many days.
    pub period_days: u32,
}

impl Default for MissingValidation {
    fn default() -> Self {
        MissingValidation {
            enabled: false,
            limit: 0,
            block_days: 0,
            period_days: 30,
        }
    }
}

/// The company's zone when none is set (DESIGN section 3).
pub const DEFAULT_TIME_ZONE: Tz = chrono_tz::America::Sao_Paulo;

/// The default leave window, in hours (the spec's 360 minutes).
pub const DEFAULT_QUEUE_EDIT_HOURS_LIMIT: u32 = 6;

impl Default for QueueSettings {
    /// The spec's defaults (spec 3 section 9): times 00:00, queue open, freelancers off,
    /// programmed total 0, edit limit 6 h; Monday to Friday as the database's default.
    fn default() -> Self {
        QueueSettings {
            start: NaiveTime::MIN,
            end: NaiveTime::MIN,
            start_interval: NaiveTime::MIN,
            end_interval: NaiveTime::MIN,
            time_attendence: 0,
            programmed_total: 0,
            week_days: [false, true, true, true, true, true, false],
            blocked_dates: Vec::new(),
            time_zone: DEFAULT_TIME_ZONE,
            enable_tolerance: false,
            tolerance: 0,
            hour_entry_limit: 0,
            scheduling_day_limit: None,
            queue_edit_hours_limit: DEFAULT_QUEUE_EDIT_HOURS_LIMIT,
            missing: MissingValidation::default(),
            enable_queue_save: true,
            enable_queue_without_scheduling: false,
        }
    }
}

impl QueueSettings {
    /// The length of one slot, or `None` for day-only forecasts (`time_attendence` 00:00).
    pub fn slot_length(&self) -> Option<Duration> {
        (self.time_attendence > 0).then(|| Duration::minutes(i64::from(self.time_attendence)))
    }

    /// Whether the settings can give any day a capacity at all. With `time_attendence` 00:00
    /// and `programmed_total` 0 there is nothing to plan: joins are refused with
    /// [`super::QueueRefusal::NoCapacity`].
    pub fn has_capacity_rule(&self) -> bool {
        self.time_attendence > 0 || self.programmed_total > 0
    }

    /// The tolerance, when it is on.
    pub fn tolerance_duration(&self) -> Option<Duration> {
        self.enable_tolerance
            .then(|| Duration::minutes(i64::from(self.tolerance)))
    }

    /// Minutes from a `HH:MM` time value, as the settings screens and the database keep the
    /// appointment length and the tolerance.
    pub fn minutes_of(time: NaiveTime) -> u32 {
        time.hour() * 60 + time.minute()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_settings_are_the_spec_defaults() {
        let s = QueueSettings::default();
        assert_eq!(s.start, NaiveTime::MIN);
        assert_eq!(s.end, NaiveTime::MIN);
        assert_eq!(s.start_interval, NaiveTime::MIN);
        assert_eq!(s.end_interval, NaiveTime::MIN);
        assert!(s.enable_queue_save);
        assert!(!s.enable_queue_without_scheduling);
        assert_eq!(s.programmed_total, 0);
        assert_eq!(s.queue_edit_hours_limit, 6);
        assert_eq!(s.time_zone, chrono_tz::America::Sao_Paulo);
        assert!(!s.has_capacity_rule());
        assert_eq!(s.slot_length(), None);
    }

    #[test]
    fn hh_mm_settings_read_as_minutes() {
        let t = NaiveTime::from_hms_opt(1, 30, 0).unwrap();
        assert_eq!(QueueSettings::minutes_of(t), 90);
    }
}
