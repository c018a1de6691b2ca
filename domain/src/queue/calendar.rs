//! The attendance calendar (DESIGN section 4.1): which days are open and their windows, in the
//! company's time zone, safe across daylight-saving changes.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;

use super::settings::QueueSettings;

/// How far the calendar looks for the next open day before it gives up (a calendar with every
/// weekday off, or blocked for longer than this, has no next day).
pub const CALENDAR_SEARCH_DAYS: u32 = 400;

const DAY_SECONDS: i64 = 86_400;

/// The windows of one day, as instants: `[start, end)` pairs in order, never overlapping, at
/// most three (an overnight window cut by a break on each side of midnight). Kept inline so that
/// planning allocates nothing per day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayWindows {
    segments: [(DateTime<Utc>, DateTime<Utc>); 3],
    len: usize,
}

impl DayWindows {
    const EMPTY: DayWindows = DayWindows {
        segments: [(DateTime::<Utc>::MIN_UTC, DateTime::<Utc>::MIN_UTC); 3],
        len: 0,
    };

    /// The `[start, end)` windows in order.
    pub fn as_slice(&self) -> &[(DateTime<Utc>, DateTime<Utc>)] {
        &self.segments[..self.len]
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The start of the first window.
    pub fn first_start(&self) -> Option<DateTime<Utc>> {
        self.as_slice().first().map(|w| w.0)
    }

    /// The end of the last window: after it the day is over.
    pub fn last_end(&self) -> Option<DateTime<Utc>> {
        self.as_slice().last().map(|w| w.1)
    }

    /// Whether `at` falls inside one of the windows.
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        self.as_slice().iter().any(|&(a, b)| a <= at && at < b)
    }

    fn push(&mut self, start: DateTime<Utc>, end: DateTime<Utc>) {
        // Keep the windows ordered and disjoint whatever the zone did to the wall clock.
        let start = match self.last_end() {
            Some(prev) if prev > start => prev,
            _ => start,
        };
        if end > start && self.len < self.segments.len() {
            self.segments[self.len] = (start, end);
            self.len += 1;
        }
    }
}

/// A wall-clock time of `tz` as an instant. A time that does not exist (inside a spring-forward
/// gap) becomes the first instant after the gap; a time that happens twice (fall-back) takes the
/// earlier one.
pub fn local_to_utc(tz: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    match tz.from_local_datetime(&local) {
        LocalResult::Single(t) => t.with_timezone(&Utc),
        LocalResult::Ambiguous(a, b) => a.min(b).with_timezone(&Utc),
        LocalResult::None => first_instant_after_gap(tz, local),
    }
}

/// The first instant whose wall-clock time is at or after `local`: the end of the gap `local`
/// falls in. Offsets are within ±14 h, so the instant is within ±15 h of `local` read as UTC,
/// and in that span the wall clock only moves forward (a gap, never two transitions); a binary
/// search to the second finds it.
fn first_instant_after_gap(tz: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    let base = local.and_utc();
    let mut lo = -15 * 3600_i64; // wall clock before `local`
    let mut hi = 15 * 3600_i64; // wall clock at or after `local`
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let at = base + Duration::seconds(mid);
        if at.with_timezone(&tz).naive_local() >= local {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    base + Duration::seconds(hi)
}

impl QueueSettings {
    /// The calendar date of `at` in the company's zone.
    pub fn local_date(&self, at: DateTime<Utc>) -> NaiveDate {
        // Within a day of the ends of time the wall clock may not be representable.
        if at > DateTime::<Utc>::MAX_UTC - Duration::days(1) {
            return NaiveDate::MAX;
        }
        if at < DateTime::<Utc>::MIN_UTC + Duration::days(1) {
            return NaiveDate::MIN;
        }
        at.with_timezone(&self.time_zone).date_naive()
    }

    /// Rule 1: the weekday is on in `week_days` and the date is not blocked (holidays).
    pub fn is_attendance_day(&self, date: NaiveDate) -> bool {
        let weekday = date.weekday().num_days_from_sunday() as usize;
        self.week_days[weekday] && !self.blocked_dates.contains(&date)
    }

    /// Rule 1: the day's windows `[start, end)` minus `[start_interval, end_interval)`, as
    /// instants. Empty when the day is not an attendance day.
    pub fn windows(&self, date: NaiveDate) -> Vec<(DateTime<Utc>, DateTime<Utc>)> {
        self.day_windows(date).as_slice().to_vec()
    }

    /// [`QueueSettings::windows`] without allocating.
    pub fn day_windows(&self, date: NaiveDate) -> DayWindows {
        // A window may end the next day; days at the very end of the calendar have none.
        let far_end = date.succ_opt().and_then(|d| d.succ_opt()).is_none();
        if far_end || date == NaiveDate::MIN || !self.is_attendance_day(date) {
            return DayWindows::EMPTY;
        }
        // Work in seconds from the day's local midnight: the window may run past midnight.
        let secs =
            |t: chrono::NaiveTime| i64::from(chrono::Timelike::num_seconds_from_midnight(&t));
        let start = secs(self.start);
        let mut end = secs(self.end);
        if end <= start {
            end += DAY_SECONDS;
        }
        let mut pieces: [(i64, i64); 3] = [(0, 0); 3];
        let mut count = 1;
        pieces[0] = (start, end);
        let (si, ei) = (secs(self.start_interval), secs(self.end_interval));
        if si != ei {
            let len = (ei - si).rem_euclid(DAY_SECONDS);
            // The break happens every day: the copies of yesterday, today and tomorrow can cut
            // a window that runs past midnight.
            for k in -1..=1 {
                let (bs, be) = (si + k * DAY_SECONDS, si + k * DAY_SECONDS + len);
                let mut next: [(i64, i64); 3] = [(0, 0); 3];
                let mut n = 0;
                for &(a, b) in &pieces[..count] {
                    for piece in [(a, b.min(bs)), (a.max(be), b)] {
                        if piece.1 > piece.0 && n < next.len() {
                            next[n] = piece;
                            n += 1;
                        }
                    }
                }
                pieces = next;
                count = n;
            }
        }
        let midnight = date.and_time(chrono::NaiveTime::MIN);
        let mut out = DayWindows::EMPTY;
        for &(a, b) in &pieces[..count] {
            let a = local_to_utc(self.time_zone, midnight + Duration::seconds(a));
            let b = local_to_utc(self.time_zone, midnight + Duration::seconds(b));
            out.push(a, b);
        }
        out
    }

    /// The first attendance day on or after `from`, looking at most
    /// [`CALENDAR_SEARCH_DAYS`] days ahead; `None` when the calendar has no open day.
    pub fn next_attendance_day(&self, from: NaiveDate) -> Option<NaiveDate> {
        from.iter_days()
            .take(CALENDAR_SEARCH_DAYS as usize)
            .find(|&d| self.is_attendance_day(d))
    }

    /// The attendance day `now` belongs to: yesterday while an overnight window of yesterday is
    /// still open, otherwise today's date in the company's zone. "Today" in every queue rule
    /// (attended today, today's attendance, today's delay) means this day.
    pub fn operating_day(&self, now: DateTime<Utc>) -> NaiveDate {
        let today = self.local_date(now);
        if let Some(yesterday) = today.pred_opt() {
            if self
                .day_windows(yesterday)
                .last_end()
                .is_some_and(|end| end > now)
            {
                return yesterday;
            }
        }
        today
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveTime;

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
            week_days: [false, true, true, true, true, true, false],
            ..QueueSettings::default()
        }
    }

    #[test]
    fn windows_are_start_to_end_minus_the_interval_in_the_company_zone() {
        // 2026-03-02 is a Monday; São Paulo is UTC-3 (no DST since 2019).
        let w = yard().windows(d(2026, 3, 2));
        assert_eq!(
            w,
            vec![
                (utc(2026, 3, 2, 10, 0), utc(2026, 3, 2, 15, 0)),
                (utc(2026, 3, 2, 16, 0), utc(2026, 3, 2, 20, 0)),
            ]
        );
    }

    #[test]
    fn weekday_off_is_not_an_attendance_day() {
        let s = yard();
        assert!(!s.is_attendance_day(d(2026, 3, 1))); // Sunday
        assert!(s.windows(d(2026, 3, 1)).is_empty());
        assert!(s.is_attendance_day(d(2026, 3, 2)));
    }

    #[test]
    fn blocked_date_is_not_an_attendance_day() {
        let mut s = yard();
        s.blocked_dates = vec![d(2026, 3, 2)];
        assert!(!s.is_attendance_day(d(2026, 3, 2)));
        assert_eq!(s.next_attendance_day(d(2026, 3, 1)), Some(d(2026, 3, 3)));
    }

    #[test]
    fn calendar_without_open_days_has_no_next_day() {
        let s = QueueSettings {
            week_days: [false; 7],
            ..yard()
        };
        assert_eq!(s.next_attendance_day(d(2026, 3, 2)), None);
    }

    #[test]
    fn end_at_or_before_start_runs_overnight() {
        let s = QueueSettings {
            start: t(22, 0),
            end: t(6, 0),
            start_interval: t(2, 0),
            end_interval: t(3, 0),
            week_days: [true; 7],
            ..yard()
        };
        let w = s.windows(d(2026, 3, 2));
        assert_eq!(
            w,
            vec![
                (utc(2026, 3, 3, 1, 0), utc(2026, 3, 3, 5, 0)),
                (utc(2026, 3, 3, 6, 0), utc(2026, 3, 3, 9, 0)),
            ]
        );
        // 01:00 local on the 3rd still belongs to the 2nd's attendance.
        assert_eq!(s.operating_day(utc(2026, 3, 3, 4, 0)), d(2026, 3, 2));
        assert_eq!(s.operating_day(utc(2026, 3, 3, 10, 0)), d(2026, 3, 3));
    }

    #[test]
    fn midnight_to_midnight_is_the_whole_day() {
        let s = QueueSettings {
            start: t(0, 0),
            end: t(0, 0),
            week_days: [true; 7],
            ..QueueSettings::default()
        };
        assert_eq!(
            s.windows(d(2026, 3, 2)),
            vec![(utc(2026, 3, 2, 3, 0), utc(2026, 3, 3, 3, 0))]
        );
    }

    #[test]
    fn interval_outside_the_window_changes_nothing() {
        let s = QueueSettings {
            start_interval: t(19, 0),
            end_interval: t(20, 0),
            ..yard()
        };
        assert_eq!(
            s.windows(d(2026, 3, 2)),
            vec![(utc(2026, 3, 2, 10, 0), utc(2026, 3, 2, 20, 0))]
        );
    }

    #[test]
    fn nonexistent_local_time_maps_to_the_end_of_the_gap() {
        let ny = chrono_tz::America::New_York;
        // 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00 UTC).
        let gap = d(2026, 3, 8).and_hms_opt(2, 30, 0).unwrap();
        assert_eq!(local_to_utc(ny, gap), utc(2026, 3, 8, 7, 0));
    }

    #[test]
    fn ambiguous_local_time_takes_the_earliest() {
        let ny = chrono_tz::America::New_York;
        // 2026-11-01: 01:30 happens at 05:30 UTC (EDT) and 06:30 UTC (EST).
        let twice = d(2026, 11, 1).and_hms_opt(1, 30, 0).unwrap();
        assert_eq!(local_to_utc(ny, twice), utc(2026, 11, 1, 5, 30));
    }

    #[test]
    fn dst_gap_day_windows_are_shorter() {
        let s = QueueSettings {
            start: t(1, 0),
            end: t(5, 0),
            week_days: [true; 7],
            time_zone: chrono_tz::America::New_York,
            ..yard()
        };
        // 01:00 EST = 06:00 UTC; 05:00 EDT = 09:00 UTC: three real hours.
        assert_eq!(
            s.windows(d(2026, 3, 8)),
            vec![(utc(2026, 3, 8, 6, 0), utc(2026, 3, 8, 9, 0))]
        );
    }
}
