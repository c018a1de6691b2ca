//! What the predicted call time reads (issue 25): the company's finished loadings, attendance
//! starts and closed entries (the measured pace), and its queue now with each vehicle's kind.

use chrono::{DateTime, NaiveDate, Utc};

use crate::error::AppResult;

/// A finished loading: its start and end and the truck's implement type and axles.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedLoadingRecord {
    pub started_at: DateTime<Utc>,
    pub ended_at: DateTime<Utc>,
    pub implement_type: Option<String>,
    pub axles: Option<i16>,
}

/// The company's history since a given instant.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaceHistoryRecord {
    pub loadings: Vec<FinishedLoadingRecord>,
    /// When each day's attendance started.
    pub attendance_starts: Vec<(NaiveDate, DateTime<Utc>)>,
    /// Closed entries: when, whether they loaded, their loading's start, their first check-in.
    pub closed: Vec<ClosedRecord>,
}

/// A closed entry: when, whether it loaded, its loading's start, its first check-in.
pub type ClosedRecord = (
    DateTime<Utc>,
    bool,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
);

/// An entry the prediction reads: waiting or loading, or spent on the operating day.
#[derive(Debug, Clone, PartialEq)]
pub struct PredictEntryRecord {
    pub id: i64,
    pub status: String,
    pub checked_in: bool,
    pub joined_at: DateTime<Utc>,
    /// The stored plan's day.
    pub date: Option<NaiveDate>,
    /// Loading start.
    pub expedition: Option<DateTime<Utc>>,
    pub attended_at: Option<DateTime<Utc>>,
    pub implement_type: Option<String>,
    pub axles: Option<i16>,
}

pub trait PredictRepo {
    /// Finished loadings, attendance starts and closed entries of the company since `since`.
    fn pace_history(
        &mut self,
        company_id: i64,
        since: DateTime<Utc>,
    ) -> AppResult<PaceHistoryRecord>;
    /// Active entries, and those attended or missed since `day_start` (planned on `today`
    /// for the missed).
    fn predict_entries(
        &mut self,
        company_id: i64,
        day_start: DateTime<Utc>,
        today: NaiveDate,
    ) -> AppResult<Vec<PredictEntryRecord>>;
}
