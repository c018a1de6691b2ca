//! Slots and capacity of a day (DESIGN section 4.2).

use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::calendar::{DayWindows, CALENDAR_SEARCH_DAYS};
use super::settings::QueueSettings;

/// The slots of one attendance day, computed once per day and read by index without
/// allocating.
///
/// - With a slot length (`time_attendence` above 0): every whole slot that fits in a window, in
///   real elapsed time (a daylight-saving day has one hour more or less of slots). A slot that
///   would run past its window's end is not a slot. Capacity is the number of slots, capped by
///   `programmed_total` when that is above 0.
/// - Day-only (`time_attendence` 00:00): `programmed_total` positions, all starting at the day's
///   first window start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DaySlots {
    day: NaiveDate,
    windows: DayWindows,
    /// Seconds per slot; 0 = day-only.
    slot_secs: i64,
    /// Slot positions of the day (indices `0..len`).
    len: u32,
    /// Entries the day takes (`<= len`).
    capacity: u32,
}

impl DaySlots {
    pub fn new(settings: &QueueSettings, day: NaiveDate) -> DaySlots {
        let windows = settings.day_windows(day);
        let slot_secs = i64::from(settings.time_attendence) * 60;
        let len = if windows.is_empty() {
            0
        } else if slot_secs > 0 {
            let total: i64 = windows
                .as_slice()
                .iter()
                .map(|&(a, b)| (b - a).num_seconds() / slot_secs)
                .sum();
            u32::try_from(total).unwrap_or(u32::MAX)
        } else {
            settings.programmed_total
        };
        let capacity = if settings.programmed_total > 0 {
            len.min(settings.programmed_total)
        } else {
            len
        };
        DaySlots {
            day,
            windows,
            slot_secs,
            len,
            capacity,
        }
    }

    pub fn day(&self) -> NaiveDate {
        self.day
    }

    pub fn windows(&self) -> &DayWindows {
        &self.windows
    }

    /// How many entries the day takes.
    pub fn capacity(&self) -> u32 {
        self.capacity
    }

    /// How many slot positions the day has (more than the capacity when `programmed_total`
    /// caps it).
    pub fn len(&self) -> u32 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Day-only forecasts (`time_attendence` 00:00).
    pub fn is_day_only(&self) -> bool {
        self.slot_secs == 0
    }

    /// The start of slot `index`.
    pub fn slot_start(&self, index: u32) -> Option<DateTime<Utc>> {
        if index >= self.len {
            return None;
        }
        if self.slot_secs == 0 {
            return self.windows.first_start();
        }
        let mut offset = i64::from(index);
        for &(a, b) in self.windows.as_slice() {
            let n = (b - a).num_seconds() / self.slot_secs;
            if offset < n {
                return Some(a + Duration::seconds(offset * self.slot_secs));
            }
            offset -= n;
        }
        None
    }

    /// The first slot index `>= from` whose start is at or after `at`.
    pub fn first_slot_at_or_after(&self, at: DateTime<Utc>, from: u32) -> Option<u32> {
        if from >= self.len {
            return None;
        }
        if self.slot_secs == 0 {
            return self
                .windows
                .first_start()
                .filter(|&start| start >= at)
                .map(|_| from);
        }
        let from = i64::from(from);
        let mut offset = 0_i64;
        for &(a, b) in self.windows.as_slice() {
            let n = (b - a).num_seconds() / self.slot_secs;
            if offset + n > from {
                let wait = (at - a).num_seconds().max(0);
                let k_at = (wait + self.slot_secs - 1) / self.slot_secs;
                let k = k_at.max(from - offset);
                if k < n {
                    return u32::try_from(offset + k).ok();
                }
            }
            offset += n;
        }
        None
    }

    /// Every slot start of the day, in order (for screens and tests; planning reads by index).
    pub fn starts(&self) -> Vec<DateTime<Utc>> {
        (0..self.len).filter_map(|i| self.slot_start(i)).collect()
    }
}

impl QueueSettings {
    /// The day's slots (empty when the day is closed).
    pub fn day_slots(&self, day: NaiveDate) -> DaySlots {
        DaySlots::new(self, day)
    }

    /// Rule 2: how many entries `day` takes.
    pub fn capacity(&self, day: NaiveDate) -> u32 {
        self.day_slots(day).capacity()
    }

    /// The first day on or after `from` that takes entries (an attendance day with a capacity
    /// above 0), looking at most [`CALENDAR_SEARCH_DAYS`] days ahead.
    pub fn next_open_day(&self, from: NaiveDate) -> Option<DaySlots> {
        if !self.has_capacity_rule() {
            return None;
        }
        from.iter_days()
            .take(CALENDAR_SEARCH_DAYS as usize)
            .filter(|&d| self.is_attendance_day(d))
            .map(|d| self.day_slots(d))
            .find(|slots| slots.capacity() > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveTime, TimeZone};

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn utc(y: i32, mo: u32, day: u32, h: u32, mi: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, day, h, mi, 0).unwrap()
    }

    fn yard() -> QueueSettings {
        QueueSettings {
            start: t(7, 0),
            end: t(17, 0),
            start_interval: t(12, 0),
            end_interval: t(13, 0),
            time_attendence: 30,
            ..QueueSettings::default()
        }
    }

    #[test]
    fn capacity_is_the_number_of_slots_in_the_windows() {
        // 07-12 and 13-17: 10 + 8 half-hour slots.
        assert_eq!(yard().capacity(d(2026, 3, 2)), 18);
    }

    #[test]
    fn interval_is_not_a_slot() {
        let starts = yard().day_slots(d(2026, 3, 2)).starts();
        assert_eq!(starts.len(), 18);
        assert_eq!(starts[9], utc(2026, 3, 2, 14, 30)); // 11:30 local
        assert_eq!(starts[10], utc(2026, 3, 2, 16, 0)); // 13:00 local
        assert!(!starts.contains(&utc(2026, 3, 2, 15, 0)));
        assert!(!starts.contains(&utc(2026, 3, 2, 15, 30)));
    }

    #[test]
    fn a_slot_that_does_not_fit_before_the_window_end_is_not_a_slot() {
        let s = QueueSettings {
            time_attendence: 45,
            ..yard()
        };
        // 300 min / 45 = 6 whole slots in the morning, 240 / 45 = 5 in the afternoon.
        assert_eq!(s.capacity(d(2026, 3, 2)), 11);
    }

    #[test]
    fn programmed_total_caps_the_capacity() {
        let s = QueueSettings {
            programmed_total: 5,
            ..yard()
        };
        let slots = s.day_slots(d(2026, 3, 2));
        assert_eq!(slots.capacity(), 5);
        assert_eq!(slots.len(), 18);
    }

    #[test]
    fn zero_time_attendence_gives_day_only_capacity_of_programmed_total() {
        let s = QueueSettings {
            time_attendence: 0,
            programmed_total: 40,
            ..yard()
        };
        let slots = s.day_slots(d(2026, 3, 2));
        assert!(slots.is_day_only());
        assert_eq!(slots.capacity(), 40);
        assert_eq!(slots.slot_start(0), Some(utc(2026, 3, 2, 10, 0)));
        assert_eq!(slots.slot_start(39), Some(utc(2026, 3, 2, 10, 0)));
        assert_eq!(slots.slot_start(40), None);
    }

    #[test]
    fn zero_time_attendence_and_zero_programmed_total_give_no_capacity() {
        let s = QueueSettings {
            time_attendence: 0,
            programmed_total: 0,
            ..yard()
        };
        assert_eq!(s.capacity(d(2026, 3, 2)), 0);
        assert!(s.next_open_day(d(2026, 3, 2)).is_none());
    }

    #[test]
    fn closed_day_has_no_slots() {
        assert_eq!(yard().capacity(d(2026, 3, 1)), 0); // Sunday
    }

    #[test]
    fn first_slot_at_or_after_skips_the_interval_and_past_slots() {
        let slots = yard().day_slots(d(2026, 3, 2));
        // 11:40 local: the next slot is 13:00 (index 10).
        assert_eq!(
            slots.first_slot_at_or_after(utc(2026, 3, 2, 14, 40), 0),
            Some(10)
        );
        assert_eq!(
            slots.first_slot_at_or_after(utc(2026, 3, 2, 9, 0), 3),
            Some(3)
        );
        assert_eq!(
            slots.first_slot_at_or_after(utc(2026, 3, 2, 19, 31), 0),
            None
        );
        assert_eq!(
            slots.first_slot_at_or_after(utc(2026, 3, 2, 19, 30), 0),
            Some(17)
        );
    }

    #[test]
    fn dst_days_have_slots_in_real_time() {
        let s = QueueSettings {
            start: t(0, 0),
            end: t(0, 0),
            start_interval: t(0, 0),
            end_interval: t(0, 0),
            time_attendence: 60,
            week_days: [true; 7],
            time_zone: chrono_tz::America::New_York,
            ..QueueSettings::default()
        };
        assert_eq!(s.capacity(d(2026, 3, 8)), 23);
        assert_eq!(s.capacity(d(2026, 11, 1)), 25);
        assert_eq!(s.capacity(d(2026, 6, 1)), 24);
    }
}
