//! The staff dashboard (spec 1 "Dashboard"): scheduling totals (faulty, attended and
//! programmed appointments) and order totals (complete versus in progress). Administrators
//! see every company; a Usuario its own.
//!
//! - faulty: queue entries closed as faulty or dropped by tolerance, by attendance day;
//! - attended: queue entries attended, by attendance day;
//! - programmedTotal: the queue entries that were in the plan for the day (their planned
//!   attendance day): what was actually planned, never the capacity in the settings, so a
//!   settings change does not rewrite past figures (docs/decisions.md, "Dashboard: Programados").

use std::sync::Arc;

use chrono::NaiveDate;
use patio_domain::admin::access::{scope, Access, Area, Scope};
use patio_domain::admin::dates::{dashboard_range, DayRange};
use patio_domain::auth::Actor;
use patio_domain::carrier_dashboard::{dashboard_scope, flow_stats, DashboardScope, ScopeRefusal};
use serde::Serialize;

use crate::admin::logs::{start_of, LOG_TIME_ZONE};
use crate::error::{AppError, AppResult};
use crate::model::{OrderTotals, QueueDayCount};
use crate::ports::StoreExt;
use crate::services::{forbidden, invalid, Deps};

/// One bar group of the scheduling chart.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchedulingTotals {
    /// The company's name (`/all`) or the day as `dd/MM` (`/company/{id}`).
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub company_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<NaiveDate>,
    pub faulty: i64,
    pub attended: i64,
    pub programmed_total: i64,
}

/// `startDate` / `endDate` as typed (`yyyy-mm-dd`).
#[derive(Debug, Clone, Default)]
pub struct DateQuery {
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

fn parse(field: &str, v: Option<&str>) -> AppResult<Option<NaiveDate>> {
    match v.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v
            .get(..10)
            .and_then(|d| d.parse().ok())
            .map(Some)
            .ok_or_else(|| AppError::field(field, crate::admin::logs::INVALID_DATE_MESSAGE)),
    }
}

/// `GET /dashboard` (spec 3 section 3 "Dashboard result"), with the days of the range.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarrierDashboardView {
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// `HH:mm`.
    pub awaiting_load_avg: String,
    pub loading_time_avg: String,
    pub queue_full_flow_time_avg: String,
    pub attended_queues_avg: f64,
    pub missing_queues_avg: f64,
    /// Tonnes.
    pub total_transported_amount: f64,
    pub more_entry_queue_hour: String,
    pub more_attendance_queue_hour: String,
    pub more_entry_queue_day: String,
    pub more_attendance_queue_day: String,
    pub less_entry_queue_hour: String,
    pub less_attendance_queue_hour: String,
    pub less_entry_queue_day: String,
    pub less_attendance_queue_day: String,
    pub bigger_total_transported: f64,
    pub bigger_total_transported_date: Option<NaiveDate>,
    /// Loading started by the forecast ('Pontualmente ou Antecipadamente').
    pub attended_queues_before_expected: u32,
    /// After it ('Dentro da Tolerância').
    pub attended_queues_after_expected: u32,
    pub queue_avg: f64,
    pub attended_total: u32,
    pub missing_total: u32,
    pub per_day: Vec<CarrierDayView>,
}

/// Vehicles of one day of the range.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarrierDayView {
    pub day: NaiveDate,
    pub attended: u32,
    pub missing: u32,
    pub tonnes: f64,
}

/// `GET /dashboard`'s query: the range and, for a root administrator, the company.
#[derive(Debug, Clone, Default)]
pub struct CarrierDashboardQuery {
    pub dates: DateQuery,
    pub company_id: Option<i64>,
}

#[derive(Clone)]
pub struct DashboardService {
    deps: Arc<Deps>,
}

impl DashboardService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    fn range(&self, q: &DateQuery) -> AppResult<DayRange> {
        let start = parse("startDate", q.start_date.as_deref())?;
        let end = parse("endDate", q.end_date.as_deref())?;
        let today = self
            .deps
            .clock
            .now()
            .with_timezone(&LOG_TIME_ZONE)
            .date_naive();
        dashboard_range(start, end, today).map_err(|i| invalid(vec![i]))
    }

    /// The scope of a dashboard call: every company the actor sees (`company` `None`), or one
    /// of them (404 outside the scope).
    fn company_filter(actor: &Actor, company: Option<i64>) -> AppResult<Option<i64>> {
        let s: Scope = scope(actor, Area::Dashboard, Access::Read).map_err(forbidden)?;
        match company {
            Some(id) if !s.covers_company(id) => Err(AppError::not_found()),
            Some(id) => Ok(Some(id)),
            None => Ok(s.company()),
        }
    }

    /// `GET /dashboard`: the carrier dashboard's figures over the range (last 7 days to today
    /// by default), for the actor's scope.
    pub fn carrier(
        &self,
        actor: &Actor,
        q: &CarrierDashboardQuery,
    ) -> AppResult<CarrierDashboardView> {
        let scope = dashboard_scope(actor, q.company_id).map_err(|r| match r {
            ScopeRefusal::NotAllowed => forbidden(patio_domain::DomainError::NotAllowed),
            ScopeRefusal::NotFound => AppError::not_found(),
        })?;
        let range = self.range(&q.dates)?;
        let entries = self.deps.store.replica_reads(|repos| {
            if let DashboardScope::Company(id) = scope {
                // A chosen company must exist.
                repos
                    .company_calendars(Some(id))?
                    .first()
                    .ok_or_else(AppError::not_found)?;
            }
            repos.flow_entries(
                scope,
                start_of(range.start, LOG_TIME_ZONE),
                start_of(range.end + chrono::Duration::days(1), LOG_TIME_ZONE),
            )
        })?;
        let s = flow_stats(&entries, LOG_TIME_ZONE, range.start, range.end);
        Ok(CarrierDashboardView {
            start_date: range.start,
            end_date: range.end,
            attended_total: s.per_day.iter().map(|d| d.attended).sum(),
            missing_total: s.per_day.iter().map(|d| d.missing).sum(),
            per_day: s
                .per_day
                .iter()
                .map(|d| CarrierDayView {
                    day: d.day,
                    attended: d.attended,
                    missing: d.missing,
                    tonnes: d.tonnes,
                })
                .collect(),
            awaiting_load_avg: s.awaiting_load_avg,
            loading_time_avg: s.loading_time_avg,
            queue_full_flow_time_avg: s.queue_full_flow_time_avg,
            attended_queues_avg: s.attended_queues_avg,
            missing_queues_avg: s.missing_queues_avg,
            total_transported_amount: s.total_transported_amount,
            more_entry_queue_hour: s.more_entry_queue_hour,
            more_attendance_queue_hour: s.more_attendance_queue_hour,
            more_entry_queue_day: s.more_entry_queue_day,
            more_attendance_queue_day: s.more_attendance_queue_day,
            less_entry_queue_hour: s.less_entry_queue_hour,
            less_attendance_queue_hour: s.less_attendance_queue_hour,
            less_entry_queue_day: s.less_entry_queue_day,
            less_attendance_queue_day: s.less_attendance_queue_day,
            bigger_total_transported: s.bigger_total_transported,
            bigger_total_transported_date: s.bigger_total_transported_date,
            attended_queues_before_expected: s.attended_queues_before_expected,
            attended_queues_after_expected: s.attended_queues_after_expected,
            queue_avg: s.queue_avg,
        })
    }

    /// `GET /scheduling/totals/all`: one row per company the actor sees.
    pub fn totals_all(&self, actor: &Actor, q: &DateQuery) -> AppResult<Vec<SchedulingTotals>> {
        let company = Self::company_filter(actor, None)?;
        let range = self.range(q)?;
        let (calendars, counts) = self.deps.store.replica_reads(|repos| {
            Ok((
                repos.company_calendars(company)?,
                repos.queue_day_counts(company, range.start, range.end)?,
            ))
        })?;
        Ok(calendars
            .iter()
            .map(|cal| {
                let mine = counts.iter().filter(|c| c.company_id == cal.company_id);
                let (attended, faulty, planned) = mine.fold((0, 0, 0), |(a, f, p), c| {
                    (a + c.attended, f + c.faulty, p + c.planned)
                });
                SchedulingTotals {
                    name: cal.name.clone(),
                    company_id: Some(cal.company_id),
                    date: None,
                    faulty,
                    attended,
                    programmed_total: planned,
                }
            })
            .collect())
    }

    /// `GET /scheduling/totals/company/{id}`: one row per day of the range.
    pub fn totals_company(
        &self,
        actor: &Actor,
        company_id: i64,
        q: &DateQuery,
    ) -> AppResult<Vec<SchedulingTotals>> {
        let company = Self::company_filter(actor, Some(company_id))?;
        let range = self.range(q)?;
        let (calendars, counts) = self.deps.store.replica_reads(|repos| {
            Ok((
                repos.company_calendars(company)?,
                repos.queue_day_counts(company, range.start, range.end)?,
            ))
        })?;
        // The company must exist (its calendar row); the figures come from the entries.
        calendars.first().ok_or_else(AppError::not_found)?;
        Ok(range
            .days()
            .map(|day| {
                let of_day: Vec<&QueueDayCount> = counts.iter().filter(|c| c.day == day).collect();
                SchedulingTotals {
                    name: day.format("%d/%m").to_string(),
                    company_id: None,
                    date: Some(day),
                    faulty: of_day.iter().map(|c| c.faulty).sum(),
                    attended: of_day.iter().map(|c| c.attended).sum(),
                    programmed_total: of_day.iter().map(|c| c.planned).sum(),
                }
            })
            .collect())
    }

    /// `GET /order/totals/all` and `/order/totals/company/{id}`: enabled orders, complete
    /// (status 100) and in progress; only those created in the range when dates are given.
    pub fn order_totals(
        &self,
        actor: &Actor,
        company: Option<i64>,
        q: &DateQuery,
    ) -> AppResult<OrderTotals> {
        let company = Self::company_filter(actor, company)?;
        let dated = q
            .start_date
            .as_deref()
            .is_some_and(|s| !s.trim().is_empty())
            || q.end_date.as_deref().is_some_and(|s| !s.trim().is_empty());
        let (from, to) = if dated {
            let r = self.range(q)?;
            (
                Some(start_of(r.start, LOG_TIME_ZONE)),
                r.end.succ_opt().map(|d| start_of(d, LOG_TIME_ZONE)),
            )
        } else {
            (None, None)
        };
        self.deps
            .store
            .replica_reads(|repos| repos.order_totals(company, from, to))
    }
}
