//! E-mail (issue 11): the outbox and its deliveries, and the order e-mail.
//!
//! Every mail is first recorded in the outbox, in the transaction of the change that causes it
//! (an order save, a daily report), so a mail exists exactly when its cause was committed.
//! After the commit it is tried once through the [`Mailer`] port, in a transaction of its own
//! that locks its row: the outcome (sent, logged, failed with the error) is written on the
//! row. A failure never reaches the person who saved: the order is saved, the row says
//! `failed`, and the mail job ([`MailJobs::run_retry`]) tries it again later
//! (`patio_domain::mail::may_try`).

pub mod ports;
pub mod reports;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use patio_domain::mail::{
    self, may_try, order_mail, orders_link, receives_order_mail, Attempt, MailContent, MailKind,
    OrderMail, OrderMailItem, OutboxStatus, MAX_ATTEMPTS,
};
use patio_domain::roles::Role;
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::mail::ports::{Delivery, MailRecipient, NewOutboxMail};
use crate::ports::{Repos, StoreExt};
use crate::services::Deps;

/// What the mail rules need from the configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSettings {
    /// The address people open the product at (`PATIO_PUBLIC_URL`); links point under it.
    pub public_url: String,
    /// The hour of the company's day the daily report goes out (`PATIO_REPORT_HOUR`).
    pub report_hour: u32,
}

pub const DEFAULT_PUBLIC_URL: &str = "http://localhost:8080";

impl Default for MailSettings {
    fn default() -> Self {
        Self {
            public_url: DEFAULT_PUBLIC_URL.to_owned(),
            report_hour: mail::DEFAULT_REPORT_HOUR,
        }
    }
}

/// How many mails of the outbox one retry run looks at.
pub const RETRY_BATCH: i64 = 100;

/// Advisory-lock key of the retry job ("patio_ml").
pub const MAIL_RETRY_JOB_KEY: i64 = 0x7061_7469_6f5f_6d6c;

/// The outbox rows of one message to each recipient.
pub(crate) fn record(
    repos: &mut dyn Repos,
    base: &NewOutboxMail,
    to: &MailRecipient,
    content: MailContent,
) -> AppResult<i64> {
    repos.insert_outbox(&NewOutboxMail {
        user_id: Some(to.user_id),
        recipient: to.email.clone(),
        recipient_name: to.name.clone(),
        subject: content.subject,
        text_body: content.text,
        html_body: content.html,
        ..base.clone()
    })
}

/// Records the order e-mail of a save with `sendEmail`: one mail to each enabled
/// Transportadora user of the order's shipping companies who authorised e-mail contact. Runs
/// in the save's transaction; returns the outbox rows to [`deliver`] after the commit.
pub(crate) fn record_order_mail(
    repos: &mut dyn Repos,
    settings: &MailSettings,
    order_id: i64,
    created: bool,
    now: DateTime<Utc>,
) -> AppResult<Vec<i64>> {
    let order = repos.order(order_id)?.ok_or_else(AppError::not_found)?;
    let items: Vec<OrderMailItem> = repos
        .order_items(order_id)?
        .into_iter()
        .map(|i| OrderMailItem {
            product: i.product_name,
            quantity: i.quantity,
        })
        .collect();
    let base = NewOutboxMail {
        company_id: Some(order.company_id),
        kind: MailKind::Order,
        order_id: Some(order_id),
        report_day: None,
        user_id: None,
        recipient: String::new(),
        recipient_name: String::new(),
        subject: String::new(),
        text_body: String::new(),
        html_body: String::new(),
        created_at: now,
    };
    let mut ids = Vec::new();
    for to in repos.order_mail_recipients(order_id)? {
        let Ok(role) = Role::parse(&to.role) else {
            continue;
        };
        if !receives_order_mail(role, to.enabled, to.wants) {
            continue;
        }
        let content = order_mail(&OrderMail {
            created,
            company: order.company_name.clone(),
            code: order.code.clone(),
            customer: order.customer.name.clone(),
            customer_city: order.customer.city.clone(),
            items: items.clone(),
            recipient_name: to.name.clone(),
            link: orders_link(&settings.public_url),
        });
        ids.push(record(repos, &base, &to, content)?);
    }
    Ok(ids)
}

/// What the tries of a batch of mails came to.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryReport {
    pub sent: usize,
    pub logged: usize,
    pub failed: usize,
    /// Not tried: another instance had it, or it was not due.
    pub skipped: usize,
}

/// Tries each mail once, each in a transaction of its own holding its row. Never fails: a
/// database error is logged and the mail stays as it was, for the retry job.
pub(crate) fn deliver(deps: &Deps, ids: &[i64], attempt: Attempt) -> DeliveryReport {
    let mut report = DeliveryReport::default();
    for &id in ids {
        let tried = deps.store.tx(|repos| {
            let Some(m) = repos.lock_outbox(id)? else {
                return Ok(None);
            };
            if !may_try(&m.state(), attempt, deps.clock.now().naive_utc()) {
                return Ok(None);
            }
            let (status, error) = match deps.mailer.send(&m.envelope()) {
                Delivery::Sent => (OutboxStatus::Sent, None),
                Delivery::Logged => (OutboxStatus::Logged, None),
                Delivery::Failed(e) => (OutboxStatus::Failed, Some(e)),
            };
            repos.record_attempt(id, status, error.as_deref(), deps.clock.now())?;
            if let Some(error) = &error {
                tracing::warn!(target: "patio::mail", outbox = id, to = %m.recipient, %error, "e-mail not sent");
            }
            Ok(Some(status))
        });
        match tried {
            Ok(Some(OutboxStatus::Sent)) => report.sent += 1,
            Ok(Some(OutboxStatus::Logged)) => report.logged += 1,
            Ok(Some(_)) => report.failed += 1,
            Ok(None) => report.skipped += 1,
            Err(error) => {
                report.skipped += 1;
                tracing::warn!(target: "patio::mail", outbox = id, %error, "e-mail delivery not recorded");
            }
        }
    }
    report
}

/// The mail jobs: the daily loading report and the retries of the outbox. Each run holds its
/// job's advisory lock, so one instance runs it at a time.
#[derive(Clone)]
pub struct MailJobs {
    pub(crate) deps: Arc<Deps>,
}

/// What one run of the mail jobs did. `None`: another instance held the job's lock, or the
/// job failed (logged).
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailJobsReport {
    /// Companies whose report of yesterday went out in this run.
    pub daily_reports: Option<usize>,
    /// Mails of the outbox tried again.
    pub retried: Option<usize>,
}

impl MailJobs {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// The daily report, then the retries. A failing job is logged and does not stop the
    /// other.
    pub fn run_all(&self) -> MailJobsReport {
        let log = |name: &'static str, r: AppResult<Option<usize>>| {
            self.deps
                .metrics
                .job_run(name, crate::metrics_ports::JobOutcome::of(&r));
            match r {
                Ok(v) => v,
                Err(error) => {
                    tracing::warn!(job = name, %error, "mail job failed");
                    None
                }
            }
        };
        MailJobsReport {
            daily_reports: log(
                "daily_report",
                self.run_daily_report().map(|r| r.map(|r| r.companies)),
            ),
            retried: log("mail_retry", self.run_retry()),
        }
    }

    /// Tries again the mails whose first try failed or never happened. Returns how many were
    /// tried.
    pub fn run_retry(&self) -> AppResult<Option<usize>> {
        let ids = match self.deps.store.tx(|repos| {
            if !repos.try_job_lock(MAIL_RETRY_JOB_KEY)? {
                return Ok(None);
            }
            repos
                .outbox_retry_candidates(MAX_ATTEMPTS, RETRY_BATCH)
                .map(Some)
        })? {
            Some(ids) => ids,
            None => return Ok(None),
        };
        let report = deliver(&self.deps, &ids, Attempt::Retry);
        Ok(Some(report.sent + report.logged + report.failed))
    }
}
