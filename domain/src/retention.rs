//! How long the tables that grow without end keep their rows (issue 28): staff logs, driver
//! logs and the outbox. The operator chooses, in days; the default keeps everything.

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc};

/// The least a retention may be: a log younger than this is never pruned, whatever is
/// configured (a typo such as `PATIO_RETENTION_STAFF_LOGS_DAYS=3` should not erase last week).
pub const MIN_RETENTION_DAYS: u32 = 30;

/// Rows deleted per statement: small enough that each delete holds its row locks for
/// milliseconds and the yard's writes never wait on it.
pub const PRUNE_BATCH: i64 = 1_000;

/// Batches per table in one run of the job; the rest waits for the next run.
pub const PRUNE_MAX_BATCHES: u32 = 50;

/// Days kept per table; `None` keeps every row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RetentionPolicy {
    pub staff_logs_days: Option<u32>,
    pub driver_logs_days: Option<u32>,
    /// Delivered mails only (sent or logged, or failed for good): a mail still to be tried
    /// stays whatever its age.
    pub outbox_days: Option<u32>,
}

impl RetentionPolicy {
    pub fn keeps_everything(&self) -> bool {
        self.staff_logs_days.is_none()
            && self.driver_logs_days.is_none()
            && self.outbox_days.is_none()
    }
}

/// A configured retention: empty, `0` or `off` keeps everything; otherwise a whole number of
/// days, at least [`MIN_RETENTION_DAYS`]. `Err` carries the pt-BR reason.
pub fn parse_retention_days(text: Option<&str>) -> Result<Option<u32>, String> {
    let text = match text.map(str::trim) {
        None | Some("" | "0" | "off") => return Ok(None),
        Some(t) => t,
    };
    match text.parse::<u32>() {
        Ok(days) if days >= MIN_RETENTION_DAYS => Ok(Some(days)),
        Ok(_) => Err(format!(
            "use pelo menos {MIN_RETENTION_DAYS} dias, ou 0 para guardar tudo"
        )),
        Err(_) => Err("use um número inteiro de dias, ou 0 para guardar tudo".to_owned()),
    }
}

/// Rows created before this instant are pruned.
pub fn cutoff(now: DateTime<Utc>, days: u32) -> DateTime<Utc> {
    now - Duration::days(i64::from(days))
}

/// Staff logs are kept in one partition per month (UTC); the job keeps this many months
/// ahead of the current one created, so that a month's rows never wait for their partition
/// (they would land in the default partition, read as fast as a single table).
pub const LOG_PARTITION_MONTHS_AHEAD: u32 = 3;

/// The first and the last day of the months whose staff log partitions the job ensures at
/// `now`: the current month (and the previous one, for the hours around a month's turn) up
/// to [`LOG_PARTITION_MONTHS_AHEAD`] months ahead.
pub fn log_partition_months(now: DateTime<Utc>) -> (NaiveDate, NaiveDate) {
    let today = now.date_naive();
    let first = today.with_day(1).unwrap_or(today);
    let from = first.checked_sub_months(Months::new(1)).unwrap_or(first);
    let through = first
        .checked_add_months(Months::new(LOG_PARTITION_MONTHS_AHEAD))
        .unwrap_or(first);
    (from, through)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn log_partitions_are_ensured_from_last_month_to_three_months_ahead() {
        let now = Utc.with_ymd_and_hms(2026, 11, 27, 16, 0, 0).unwrap();
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(
            log_partition_months(now),
            (day(2026, 10, 1), day(2027, 2, 1))
        );
        let new_year = Utc.with_ymd_and_hms(2027, 1, 1, 0, 30, 0).unwrap();
        assert_eq!(
            log_partition_months(new_year),
            (day(2026, 12, 1), day(2027, 4, 1))
        );
    }

    #[test]
    fn empty_zero_and_off_keep_everything() {
        for text in [None, Some(""), Some(" "), Some("0"), Some("off")] {
            assert_eq!(parse_retention_days(text), Ok(None), "{text:?}");
        }
        assert!(RetentionPolicy::default().keeps_everything());
    }

    #[test]
    fn days_at_least_the_minimum() {
        assert_eq!(parse_retention_days(Some(" 365 ")), Ok(Some(365)));
        assert_eq!(parse_retention_days(Some("30")), Ok(Some(30)));
        assert!(parse_retention_days(Some("29")).is_err());
        assert!(parse_retention_days(Some("um ano")).is_err());
        assert!(parse_retention_days(Some("-5")).is_err());
    }

    #[test]
    fn cutoff_is_days_before_now() {
        let now = Utc.with_ymd_and_hms(2026, 3, 31, 12, 0, 0).unwrap();
        assert_eq!(
            cutoff(now, 90),
            Utc.with_ymd_and_hms(2025, 12, 31, 12, 0, 0).unwrap()
        );
    }
}
