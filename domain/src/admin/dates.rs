//! Date ranges of the log search and the staff dashboard (spec 1 sections 5 and 9).

use chrono::{Datelike, Days, NaiveDate};

use crate::FieldIssue;

pub const END_BEFORE_START: &str = "A data final não pode ser anterior à data inicial!";
pub const END_AFTER_TODAY: &str = "A data final não pode ser posterior a hoje!";
pub const RANGE_TOO_LONG: &str = "O período máximo é de 366 dias!";

/// The longest dashboard range, in days.
pub const MAX_DASHBOARD_DAYS: u64 = 366;

/// An inclusive range of days.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayRange {
    pub start: NaiveDate,
    pub end: NaiveDate,
}

impl DayRange {
    /// Every day of the range, in order.
    pub fn days(&self) -> impl Iterator<Item = NaiveDate> {
        let end = self.end;
        self.start.iter_days().take_while(move |d| *d <= end)
    }
}

fn days_before(day: NaiveDate, n: u64) -> NaiveDate {
    day.checked_sub_days(Days::new(n)).unwrap_or(day)
}

/// The log search: from yesterday to today unless given; the end must not be earlier than
/// the start.
pub fn log_range(
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
    today: NaiveDate,
) -> Result<DayRange, FieldIssue> {
    let start = start.unwrap_or_else(|| days_before(today, 1));
    let end = end.unwrap_or(today);
    if end < start {
        return Err(FieldIssue::new("endDate", END_BEFORE_START));
    }
    Ok(DayRange { start, end })
}

/// The dashboard: the last 7 days to today unless given; 'to' may not exceed today nor
/// precede 'from' (spec 1 section 9); at most [`MAX_DASHBOARD_DAYS`].
pub fn dashboard_range(
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
    today: NaiveDate,
) -> Result<DayRange, FieldIssue> {
    let end = end.unwrap_or(today);
    let start = start.unwrap_or_else(|| days_before(end.min(today), 7));
    if end > today {
        return Err(FieldIssue::new("endDate", END_AFTER_TODAY));
    }
    if end < start {
        return Err(FieldIssue::new("endDate", END_BEFORE_START));
    }
    if (end - start).num_days() >= MAX_DASHBOARD_DAYS as i64 {
        return Err(FieldIssue::new("startDate", RANGE_TOO_LONG));
    }
    Ok(DayRange { start, end })
}

/// Whether `day` is an attendance day: its weekday is on in `week_days` (Sunday first) and it
/// is not a blocked date.
pub fn is_attendance_day(day: NaiveDate, week_days: &[bool; 7], blocked: &[NaiveDate]) -> bool {
    let index = day.weekday().num_days_from_sunday() as usize;
    week_days.get(index).copied().unwrap_or(false) && !blocked.contains(&day)
}

/// Appointments programmed on a day: the company's daily total on attendance days, else 0.
pub fn programmed_on(
    day: NaiveDate,
    daily_total: i32,
    week_days: &[bool; 7],
    blocked: &[NaiveDate],
) -> i64 {
    if is_attendance_day(day, week_days, blocked) {
        i64::from(daily_total.max(0))
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn log_range_defaults_to_yesterday_and_today() {
        let r = log_range(None, None, d("2026-03-10")).unwrap();
        assert_eq!((r.start, r.end), (d("2026-03-09"), d("2026-03-10")));
        let e = log_range(
            Some(d("2026-03-10")),
            Some(d("2026-03-09")),
            d("2026-03-10"),
        );
        assert_eq!(e.unwrap_err().message, END_BEFORE_START);
        assert!(log_range(
            Some(d("2026-03-10")),
            Some(d("2026-03-10")),
            d("2026-03-10")
        )
        .is_ok());
    }

    #[test]
    fn dashboard_range_defaults_to_the_last_7_days() {
        let r = dashboard_range(None, None, d("2026-03-10")).unwrap();
        assert_eq!((r.start, r.end), (d("2026-03-03"), d("2026-03-10")));
        assert_eq!(r.days().count(), 8);
        let e = dashboard_range(None, Some(d("2026-03-11")), d("2026-03-10")).unwrap_err();
        assert_eq!(
            (e.field.as_str(), e.message.as_str()),
            ("endDate", END_AFTER_TODAY)
        );
        let e = dashboard_range(
            Some(d("2026-03-05")),
            Some(d("2026-03-04")),
            d("2026-03-10"),
        )
        .unwrap_err();
        assert_eq!(e.message, END_BEFORE_START);
        let e = dashboard_range(Some(d("2024-01-01")), None, d("2026-03-10")).unwrap_err();
        assert_eq!(e.message, RANGE_TOO_LONG);
    }

    #[test]
    fn programmed_counts_attendance_days_only() {
        // 2026-03-08 is a Sunday.
        let week = [false, true, true, true, true, true, false];
        assert_eq!(programmed_on(d("2026-03-08"), 40, &week, &[]), 0);
        assert_eq!(programmed_on(d("2026-03-09"), 40, &week, &[]), 40);
        assert_eq!(
            programmed_on(d("2026-03-09"), 40, &week, &[d("2026-03-09")]),
            0
        );
    }
}
