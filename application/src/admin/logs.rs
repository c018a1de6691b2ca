//! The staff log search (spec 1 "Logs"): filters operation type, object type, company, user,
//! start and end date; pages of 30, newest first. Administrators only.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use patio_domain::admin::access::{scope, Access, Area};
use patio_domain::admin::audit::{object_label, operation_label, ObjectType, Operation};
use patio_domain::admin::dates::log_range;
use patio_domain::admin::listing::{page_request, search_text, LOG_PAGE_SIZE};
use patio_domain::auth::Actor;
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::model::{LogFilter, StaffLogRecord};
use crate::ports::StoreExt;
use crate::services::{forbidden, invalid, Deps};

pub const INVALID_DATE_MESSAGE: &str = "Data inválida!";

/// The zone of the log search's days (the product's default company zone).
pub const LOG_TIME_ZONE: chrono_tz::Tz = chrono_tz::America::Sao_Paulo;

/// `GET /logs` query; dates as `yyyy-mm-dd` (a longer ISO date-time is cut to its date).
#[derive(Debug, Clone, Default)]
pub struct LogQuery {
    /// Text of the entry (its title), accents and case ignored.
    pub search: Option<String>,
    pub operation_type: Option<String>,
    pub object_type: Option<String>,
    pub company_id: Option<i64>,
    pub user_id: Option<i64>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub page: Option<i64>,
    pub page_size: Option<i64>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct NamedRef {
    pub id: i64,
    pub name: String,
}

/// A log entry. Spelled as the spec's log entry and filters (`created_at`, `operation_type`).
/// One detail of a log entry, as `LogView.details` holds them (documentation of the JSON).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct LogDetail {
    key: String,
    value: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LogView {
    pub id: i64,
    /// HTML built from escaped values.
    pub title: String,
    pub operation_type: String,
    pub object_type: String,
    pub company: Option<NamedRef>,
    pub user: Option<NamedRef>,
    /// `[{key, value}]`.
    #[schema(value_type = Option<Vec<LogDetail>>)]
    pub details: serde_json::Value,
    pub ip: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<StaffLogRecord> for LogView {
    fn from(r: StaffLogRecord) -> Self {
        Self {
            id: r.id,
            title: r.title,
            operation_type: r.operation_type,
            object_type: r.object_type,
            company: r.company.map(|(id, name)| NamedRef { id, name }),
            user: r.user.map(|(id, name)| NamedRef { id, name }),
            details: r.details,
            ip: r.ip,
            created_at: r.created_at,
        }
    }
}

/// One choice of the operation or object filter.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct LabelView {
    pub id: String,
    pub label: String,
}

fn parse_date(field: &str, value: Option<&str>) -> AppResult<Option<NaiveDate>> {
    let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    v.get(..10)
        .and_then(|d| d.parse::<NaiveDate>().ok())
        .map(Some)
        .ok_or_else(|| AppError::field(field, INVALID_DATE_MESSAGE))
}

/// Midnight starting `day` in `tz`, as UTC.
pub(crate) fn start_of(day: NaiveDate, tz: chrono_tz::Tz) -> DateTime<Utc> {
    let midnight = day.and_time(chrono::NaiveTime::MIN);
    tz.from_local_datetime(&midnight)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&midnight))
}

fn non_empty(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

#[derive(Clone)]
pub struct LogService {
    deps: Arc<Deps>,
}

impl LogService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// An array of at most `pageSize` (default 30) entries, newest first; `page` counts from
    /// 1. The grid asks for the next page while a full page came back.
    pub fn search(&self, actor: &Actor, q: &LogQuery) -> AppResult<Vec<LogView>> {
        scope(actor, Area::Logs, Access::Read).map_err(forbidden)?;
        let start = parse_date("startDate", q.start_date.as_deref())?;
        let end = parse_date("endDate", q.end_date.as_deref())?;
        let today = self
            .deps
            .clock
            .now()
            .with_timezone(&LOG_TIME_ZONE)
            .date_naive();
        let range = log_range(start, end, today).map_err(|i| invalid(vec![i]))?;
        let page = page_request(Some(q.page.unwrap_or(1)), q.page_size, LOG_PAGE_SIZE)
            .ok_or_else(|| AppError::internal("log page"))?;
        let filter = LogFilter {
            search: search_text(q.search.as_deref()).map(|s| s.pattern),
            operation_type: non_empty(&q.operation_type),
            object_type: non_empty(&q.object_type),
            company_id: q.company_id,
            user_id: q.user_id,
            from: start_of(range.start, LOG_TIME_ZONE),
            to: start_of(range.end.succ_opt().unwrap_or(range.end), LOG_TIME_ZONE),
            offset: page.offset(),
            limit: page.limit(),
        };
        let rows = self
            .deps
            .store
            .replica_reads(|repos| repos.search_staff_logs(&filter))?;
        Ok(rows.into_iter().map(LogView::from).collect())
    }

    /// The known operation types and any other found in the log.
    pub fn operations(&self, actor: &Actor) -> AppResult<Vec<LabelView>> {
        scope(actor, Area::Logs, Access::Read).map_err(forbidden)?;
        let (found, _) = self
            .deps
            .store
            .replica_reads(|repos| repos.staff_log_words())?;
        let known = Operation::LISTED.iter().map(|o| o.as_str());
        Ok(labels(known, found, operation_label))
    }

    /// The known object types and any other found in the log.
    pub fn objects(&self, actor: &Actor) -> AppResult<Vec<LabelView>> {
        scope(actor, Area::Logs, Access::Read).map_err(forbidden)?;
        let (_, found) = self
            .deps
            .store
            .replica_reads(|repos| repos.staff_log_words())?;
        let known = ObjectType::LISTED.iter().map(|o| o.as_str());
        Ok(labels(known, found, object_label))
    }
}

fn labels<'a>(
    known: impl Iterator<Item = &'a str>,
    found: Vec<String>,
    label: fn(&str) -> &str,
) -> Vec<LabelView> {
    let mut out: Vec<LabelView> = known
        .map(|id| LabelView {
            id: id.to_owned(),
            label: label(id).to_owned(),
        })
        .collect();
    for word in found {
        if !out.iter().any(|l| l.id == word) {
            out.push(LabelView {
                label: label(&word).to_owned(),
                id: word,
            });
        }
    }
    out
}
