//! The daily loading report (issue 11): at the configured hour of each company's day
//! (`PATIO_REPORT_HOUR`, default 6, in the company's time zone), the company's Usuario and
//! Expedicao users who ticked the report get the previous day's loadings: vehicles attended,
//! faulty (by the expedition and by tolerance) and tonnes per order.
//!
//! Once per company and day, however many instances run the job and however often: the run
//! holds the job's advisory lock, and the day is claimed in the sent-log (`daily_reports`,
//! keyed by company and day) in the transaction that records the mails in the outbox, so a
//! second run, or a run of another instance that got past the lock, finds the day taken and
//! records nothing. The mails are delivered after the commit, like every mail of the outbox.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use patio_domain::mail::{
    daily_report_mail, orders_link, receives_daily_report, report_day_due, Attempt, DailyReport,
    MailKind, ReportOrderLine,
};
use patio_domain::roles::Role;

use crate::error::AppResult;
use crate::mail::ports::{NewOutboxMail, ReportCompany};
use crate::mail::{deliver, record, DeliveryReport, MailJobs};
use crate::ports::{Repos, StoreExt};

/// Advisory-lock key of the daily report job ("patio_dr").
pub const DAILY_REPORT_JOB_KEY: i64 = 0x7061_7469_6f5f_6472;

/// What one run of the daily report did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DailyReportRun {
    /// Companies whose report went out in this run.
    pub companies: usize,
    pub delivery: DeliveryReport,
}

fn zone(name: &str) -> Tz {
    name.parse().unwrap_or(chrono_tz::America::Sao_Paulo)
}

/// The first instant of `day` in `tz` (the earliest, when a clock change repeats it; the
/// first existing one when a clock change skips midnight).
pub fn day_start(day: NaiveDate, tz: Tz) -> DateTime<Utc> {
    let mut t = day.and_time(chrono::NaiveTime::MIN);
    for _ in 0..4 {
        if let Some(at) = t.and_local_timezone(tz).earliest() {
            return at.with_timezone(&Utc);
        }
        t += Duration::minutes(30);
    }
    t.and_utc()
}

/// The report day due now for a company, when its report of that day has not gone out.
fn due(c: &ReportCompany, now: DateTime<Utc>, hour: u32) -> Option<(NaiveDate, Tz)> {
    let tz = zone(&c.time_zone);
    let day = report_day_due(now.with_timezone(&tz).naive_local(), hour)?;
    (c.last_day < Some(day)).then_some((day, tz))
}

/// Records one company's report of `day` in the outbox, once: `None` when the day was
/// already claimed.
fn record_company(
    repos: &mut dyn Repos,
    c: &ReportCompany,
    day: NaiveDate,
    tz: Tz,
    public_url: &str,
    now: DateTime<Utc>,
) -> AppResult<Option<Vec<i64>>> {
    if !repos.claim_daily_report(c.id, day, now)? {
        return Ok(None);
    }
    let from = day_start(day, tz);
    let to = day_start(day + Duration::days(1), tz);
    let l = repos.day_loadings(c.id, from, to)?;
    let report = DailyReport {
        company: c.name.clone(),
        day,
        attended: l.attended,
        faulty: l.faulty,
        tolerance_dropped: l.tolerance_dropped,
        freelancers: l.freelancers,
        orders: l
            .orders
            .into_iter()
            .map(|o| ReportOrderLine {
                code: o.code,
                customer: o.customer,
                vehicles: o.vehicles,
                tonnes: o.tonnes,
            })
            .collect(),
        link: orders_link(public_url),
    };
    let content = daily_report_mail(&report);
    let base = NewOutboxMail {
        company_id: Some(c.id),
        kind: MailKind::DailyReport,
        order_id: None,
        report_day: Some(day),
        user_id: None,
        recipient: String::new(),
        recipient_name: String::new(),
        subject: String::new(),
        text_body: String::new(),
        html_body: String::new(),
        created_at: now,
    };
    let mut ids = Vec::new();
    for to in repos.report_recipients(c.id)? {
        let wanted = Role::parse(&to.role)
            .is_ok_and(|role| receives_daily_report(role, to.enabled, to.wants));
        if wanted {
            ids.push(record(repos, &base, &to, content.clone())?);
        }
    }
    repos.set_daily_report_recipients(c.id, day, i32::try_from(ids.len()).unwrap_or(i32::MAX))?;
    Ok(Some(ids))
}

impl MailJobs {
    /// Sends the reports that are due. `None` when another instance holds the job's lock.
    pub fn run_daily_report(&self) -> AppResult<Option<DailyReportRun>> {
        let now = self.deps.clock.now();
        let settings = &self.deps.mail;
        let recorded = self.deps.store.tx(|repos| {
            if !repos.try_job_lock(DAILY_REPORT_JOB_KEY)? {
                return Ok(None);
            }
            let mut companies = 0;
            let mut ids = Vec::new();
            for c in repos.report_companies()? {
                let Some((day, tz)) = due(&c, now, settings.report_hour) else {
                    continue;
                };
                if let Some(mut mails) =
                    record_company(repos, &c, day, tz, &settings.public_url, now)?
                {
                    companies += 1;
                    ids.append(&mut mails);
                }
            }
            Ok(Some((companies, ids)))
        })?;
        let Some((companies, ids)) = recorded else {
            return Ok(None);
        };
        let delivery = deliver(&self.deps, &ids, Attempt::First);
        Ok(Some(DailyReportRun {
            companies,
            delivery,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn company(last: Option<&str>) -> ReportCompany {
        ReportCompany {
            id: 1,
            name: "Demo".into(),
            time_zone: "America/Sao_Paulo".into(),
            last_day: last.map(|d| d.parse().unwrap()),
        }
    }

    fn utc(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn due_reads_the_hour_in_the_company_zone() {
        // 08:59 UTC is 05:59 in São Paulo: not yet.
        assert_eq!(due(&company(None), utc("2026-03-03T08:59:00Z"), 6), None);
        let (day, _) = due(&company(None), utc("2026-03-03T09:00:00Z"), 6).unwrap();
        assert_eq!(day, "2026-03-02".parse::<NaiveDate>().unwrap());
        // Already sent for that day: nothing due.
        assert_eq!(
            due(&company(Some("2026-03-02")), utc("2026-03-03T12:00:00Z"), 6),
            None
        );
        // An unknown zone falls back to São Paulo.
        let mut c = company(Some("2026-03-01"));
        c.time_zone = "Nowhere/City".into();
        assert!(due(&c, utc("2026-03-03T09:00:00Z"), 6).is_some());
    }

    #[test]
    fn days_start_at_local_midnight() {
        let sp = chrono_tz::America::Sao_Paulo;
        assert_eq!(
            day_start("2026-03-02".parse().unwrap(), sp),
            utc("2026-03-02T03:00:00Z")
        );
        // A zone whose clocks skip midnight (Santiago, first Sunday of September 2026 at
        // 00:00): the day starts at 01:00.
        let santiago = chrono_tz::America::Santiago;
        let d: NaiveDate = "2026-09-06".parse().unwrap();
        let start = day_start(d, santiago);
        assert_eq!(start.with_timezone(&santiago).date_naive(), d);
    }
}
