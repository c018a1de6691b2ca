//! Ports of e-mail (issue 11): the [`Mailer`] that hands a message to the world (SMTP, or the
//! log when no server is configured), and [`MailRepo`], the outbox every mail is recorded in,
//! the recipients and the facts of the daily loading report. `Repos` includes [`MailRepo`].

use chrono::{DateTime, NaiveDate, Utc};
use patio_domain::mail::{MailKind, OutboxState, OutboxStatus};
use patio_domain::orders::Tonnes;

use crate::error::AppResult;

/// One message to one person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub to: String,
    pub to_name: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// What became of one message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// The SMTP server took it.
    Sent,
    /// No SMTP server is configured: the message was written to the log.
    Logged,
    /// The server could not be reached or refused the message.
    Failed(String),
}

/// Hands messages to the world. Never panics and never blocks for long: an unreachable
/// server is a [`Delivery::Failed`] after the adapter's timeout.
pub trait Mailer: Send + Sync {
    fn send(&self, mail: &Envelope) -> Delivery;
}

/// A mail as recorded, before its first try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOutboxMail {
    pub company_id: Option<i64>,
    pub kind: MailKind,
    /// The order of an order e-mail.
    pub order_id: Option<i64>,
    /// The day of a daily report.
    pub report_day: Option<NaiveDate>,
    pub user_id: Option<i64>,
    pub recipient: String,
    pub recipient_name: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub created_at: DateTime<Utc>,
}

/// A mail of the outbox, as a delivery reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxMail {
    pub id: i64,
    pub status: OutboxStatus,
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
    pub last_attempt_at: Option<DateTime<Utc>>,
    pub recipient: String,
    pub recipient_name: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
}

impl OutboxMail {
    pub fn state(&self) -> OutboxState {
        OutboxState {
            status: self.status,
            attempts: self.attempts,
            created_at: self.created_at.naive_utc(),
            last_attempt_at: self.last_attempt_at.map(|t| t.naive_utc()),
        }
    }

    pub fn envelope(&self) -> Envelope {
        Envelope {
            to: self.recipient.clone(),
            to_name: self.recipient_name.clone(),
            subject: self.subject.clone(),
            text: self.text_body.clone(),
            html: self.html_body.clone(),
        }
    }
}

/// A user who may get a mail, with what the rules of `patio_domain::mail` decide on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailRecipient {
    pub user_id: i64,
    pub name: String,
    pub email: String,
    /// The wire spelling of the role.
    pub role: String,
    pub enabled: bool,
    /// `hasEmail` (the user's latest contact authorization) for the order e-mail,
    /// `receivesEmail` for the daily report.
    pub wants: bool,
}

/// A company the daily report job looks at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportCompany {
    pub id: i64,
    pub name: String,
    /// IANA zone of its settings (default America/Sao_Paulo).
    pub time_zone: String,
    /// The newest day whose report was sent.
    pub last_day: Option<NaiveDate>,
}

/// One order's attended loadings in a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderLoadingRecord {
    pub code: String,
    pub customer: String,
    pub vehicles: i64,
    pub tonnes: Tonnes,
}

/// A company's queue outcomes in a period: entries attended (by `attended_at`), faulty and
/// dropped by tolerance (by `closed_at`), and the attended ones per order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DayLoadings {
    pub attended: i64,
    pub faulty: i64,
    pub tolerance_dropped: i64,
    /// Attended entries without a loading.
    pub freelancers: i64,
    pub orders: Vec<OrderLoadingRecord>,
}

pub trait MailRepo {
    fn insert_outbox(&mut self, mail: &NewOutboxMail) -> AppResult<i64>;
    /// The mail, locked until the transaction ends (`FOR UPDATE SKIP LOCKED`): `None` when it
    /// is gone or another transaction is delivering it.
    fn lock_outbox(&mut self, id: i64) -> AppResult<Option<OutboxMail>>;
    /// Records one try: its outcome, the error when it failed, and when.
    fn record_attempt(
        &mut self,
        id: i64,
        status: OutboxStatus,
        error: Option<&str>,
        at: DateTime<Utc>,
    ) -> AppResult<()>;
    /// Mails pending, or failed with fewer than `max_attempts` tries, oldest first.
    fn outbox_retry_candidates(&mut self, max_attempts: i32, limit: i64) -> AppResult<Vec<i64>>;
    /// The users tied to the order's shipping companies (of the order's own company).
    fn order_mail_recipients(&mut self, order_id: i64) -> AppResult<Vec<MailRecipient>>;
    /// The company's staff users who ticked the daily report.
    fn report_recipients(&mut self, company_id: i64) -> AppResult<Vec<MailRecipient>>;
    /// Active companies with their time zone and last report.
    fn report_companies(&mut self) -> AppResult<Vec<ReportCompany>>;
    /// Records the company's report of `day` as sent (the sent-log, keyed by company and
    /// day); `false` when it already was, by this or another instance.
    fn claim_daily_report(
        &mut self,
        company_id: i64,
        day: NaiveDate,
        at: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// How many mails the report of `day` went out in.
    fn set_daily_report_recipients(
        &mut self,
        company_id: i64,
        day: NaiveDate,
        recipients: i32,
    ) -> AppResult<()>;
    /// The company's queue outcomes in `[from, to)`.
    fn day_loadings(
        &mut self,
        company_id: i64,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> AppResult<DayLoadings>;
}
