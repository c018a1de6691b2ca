//! E-mail: the outbox, the recipients of the order e-mail and of the daily report, the
//! report's sent-log and the figures of a company's day.

use bigdecimal::BigDecimal;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Numeric, Text, Timestamptz};
use patio_application::mail::ports::{
    DayLoadings, MailRecipient, MailRepo, NewOutboxMail, OrderLoadingRecord, OutboxMail,
    ReportCompany,
};
use patio_application::{AppError, AppResult};
use patio_domain::mail::OutboxStatus;

use super::orders::tonnes;
use crate::rows::{DailyReportRow, NewOutboxRow, OutboxAttemptRow, OutboxRow};
use crate::schema::{daily_reports, outbox};
use crate::store::{db_error, PgRepos};

/// Statuses a delivery may still change.
const UNDELIVERED: [&str; 2] = ["pending", "failed"];

#[derive(QueryableByName)]
struct RecipientRow {
    #[diesel(sql_type = BigInt)]
    user_id: i64,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Text)]
    role: String,
    #[diesel(sql_type = Bool)]
    enabled: bool,
    #[diesel(sql_type = Bool)]
    wants: bool,
}

impl From<RecipientRow> for MailRecipient {
    fn from(r: RecipientRow) -> Self {
        Self {
            user_id: r.user_id,
            name: r.name,
            email: r.email,
            role: r.role,
            enabled: r.enabled,
            wants: r.wants,
        }
    }
}

#[derive(QueryableByName)]
struct CompanyRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    time_zone: String,
    #[diesel(sql_type = Nullable<diesel::sql_types::Date>)]
    last_day: Option<NaiveDate>,
}

#[derive(QueryableByName)]
struct CountsRow {
    #[diesel(sql_type = BigInt)]
    attended: i64,
    #[diesel(sql_type = BigInt)]
    faulty: i64,
    #[diesel(sql_type = BigInt)]
    tolerance_dropped: i64,
    #[diesel(sql_type = BigInt)]
    freelancers: i64,
}

#[derive(QueryableByName)]
struct OrderLoadingRow {
    #[diesel(sql_type = Text)]
    code: String,
    #[diesel(sql_type = Text)]
    customer: String,
    #[diesel(sql_type = BigInt)]
    vehicles: i64,
    #[diesel(sql_type = Numeric)]
    tonnes: BigDecimal,
}

fn status(s: &str) -> AppResult<OutboxStatus> {
    OutboxStatus::parse(s).ok_or_else(|| AppError::internal(format!("outbox status {s}")))
}

impl MailRepo for PgRepos<'_> {
    fn insert_outbox(&mut self, m: &NewOutboxMail) -> AppResult<i64> {
        diesel::insert_into(outbox::table)
            .values(NewOutboxRow {
                company_id: m.company_id,
                kind: m.kind.as_str().to_owned(),
                order_id: m.order_id,
                report_day: m.report_day,
                user_id: m.user_id,
                recipient: m.recipient.clone(),
                recipient_name: m.recipient_name.clone(),
                subject: m.subject.clone(),
                text_body: m.text_body.clone(),
                html_body: m.html_body.clone(),
                created_at: m.created_at,
            })
            .returning(outbox::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn lock_outbox(&mut self, id: i64) -> AppResult<Option<OutboxMail>> {
        let row: Option<OutboxRow> = outbox::table
            .find(id)
            .filter(outbox::status.eq_any(UNDELIVERED))
            .for_update()
            .skip_locked()
            .select(OutboxRow::as_select())
            .first(self.conn)
            .optional()
            .map_err(db_error)?;
        row.map(|r| {
            Ok(OutboxMail {
                id: r.id,
                status: status(&r.status)?,
                attempts: r.attempts,
                created_at: r.created_at,
                last_attempt_at: r.last_attempt_at,
                recipient: r.recipient,
                recipient_name: r.recipient_name,
                subject: r.subject,
                text_body: r.text_body,
                html_body: r.html_body,
            })
        })
        .transpose()
    }

    fn record_attempt(
        &mut self,
        id: i64,
        status: OutboxStatus,
        error: Option<&str>,
        at: DateTime<Utc>,
    ) -> AppResult<()> {
        diesel::update(outbox::table.find(id))
            .set((
                OutboxAttemptRow {
                    status: status.as_str().to_owned(),
                    error: error.map(str::to_owned),
                    last_attempt_at: at,
                    sent_at: (status == OutboxStatus::Sent).then_some(at),
                },
                outbox::attempts.eq(outbox::attempts + 1),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn outbox_retry_candidates(&mut self, max_attempts: i32, limit: i64) -> AppResult<Vec<i64>> {
        outbox::table
            .filter(outbox::status.eq_any(UNDELIVERED))
            .filter(outbox::attempts.lt(max_attempts))
            .order((outbox::created_at.asc(), outbox::id.asc()))
            .limit(limit)
            .select(outbox::id)
            .load(self.conn)
            .map_err(db_error)
    }

    fn order_mail_recipients(&mut self, order_id: i64) -> AppResult<Vec<MailRecipient>> {
        // `hasEmail` is the user's latest contact authorization (as the user form reads it);
        // a disabled shipping company's users count as disabled.
        let rows: Vec<RecipientRow> = diesel::sql_query(
            "SELECT u.id AS user_id, u.name, u.email, u.role,
                    (u.is_enabled AND sc.is_enabled) AS enabled,
                    COALESCE((SELECT ca.has_email FROM contact_authorizations ca
                               WHERE ca.user_id = u.id
                               ORDER BY ca.created_at DESC, ca.id DESC LIMIT 1), FALSE) AS wants
               FROM orders o
               JOIN order_shipping_companies osc ON osc.order_id = o.id
               JOIN shipping_companies sc
                 ON sc.id = osc.shipping_company_id AND sc.company_id = o.company_id
               JOIN users u ON u.shipping_company_id = sc.id
              WHERE o.id = $1
              ORDER BY u.id",
        )
        .bind::<BigInt, _>(order_id)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    fn report_recipients(&mut self, company_id: i64) -> AppResult<Vec<MailRecipient>> {
        let rows: Vec<RecipientRow> = diesel::sql_query(
            "SELECT id AS user_id, name, email, role, is_enabled AS enabled,
                    receives_email AS wants
               FROM users
              WHERE company_id = $1 AND receives_email
              ORDER BY id",
        )
        .bind::<BigInt, _>(company_id)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    fn report_companies(&mut self) -> AppResult<Vec<ReportCompany>> {
        let rows: Vec<CompanyRow> = diesel::sql_query(
            "SELECT c.id, c.name, COALESCE(s.time_zone, 'America/Sao_Paulo') AS time_zone,
                    (SELECT max(d.day) FROM daily_reports d WHERE d.company_id = c.id) AS last_day
               FROM companies c
               LEFT JOIN settings s ON s.company_id = c.id
              WHERE c.status
              ORDER BY c.id",
        )
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| ReportCompany {
                id: r.id,
                name: r.name,
                time_zone: r.time_zone,
                last_day: r.last_day,
            })
            .collect())
    }

    fn claim_daily_report(
        &mut self,
        company_id: i64,
        day: NaiveDate,
        at: DateTime<Utc>,
    ) -> AppResult<bool> {
        let inserted = diesel::insert_into(daily_reports::table)
            .values(DailyReportRow {
                company_id,
                day,
                recipients: 0,
                created_at: at,
            })
            .on_conflict_do_nothing()
            .execute(self.conn)
            .map_err(db_error)?;
        Ok(inserted == 1)
    }

    fn set_daily_report_recipients(
        &mut self,
        company_id: i64,
        day: NaiveDate,
        recipients: i32,
    ) -> AppResult<()> {
        diesel::update(daily_reports::table.find((company_id, day)))
            .set(daily_reports::recipients.eq(recipients))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn day_loadings(
        &mut self,
        company_id: i64,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> AppResult<DayLoadings> {
        // The same definitions as the expedition's totals: attended by `attended_at`, faulty
        // and dropped by `closed_at`.
        let counts: CountsRow = diesel::sql_query(
            "SELECT
               count(*) FILTER (WHERE status = 'attended'
                                  AND attended_at >= $2 AND attended_at < $3) AS attended,
               count(*) FILTER (WHERE status = 'faulty'
                                  AND closed_at >= $2 AND closed_at < $3) AS faulty,
               count(*) FILTER (WHERE status = 'tolerance_dropped'
                                  AND closed_at >= $2 AND closed_at < $3) AS tolerance_dropped,
               count(*) FILTER (WHERE status = 'attended' AND scheduling_id IS NULL
                                  AND attended_at >= $2 AND attended_at < $3) AS freelancers
               FROM queue_entries
              WHERE company_id = $1
                AND ((attended_at >= $2 AND attended_at < $3)
                     OR (closed_at >= $2 AND closed_at < $3))",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<Timestamptz, _>(from)
        .bind::<Timestamptz, _>(to)
        .get_result(self.conn)
        .map_err(db_error)?;
        let orders: Vec<OrderLoadingRow> = diesel::sql_query(
            "SELECT o.code, c.name AS customer, count(*) AS vehicles,
                    COALESCE(sum(s.qty_transported), 0) AS tonnes
               FROM queue_entries q
               JOIN schedulings s ON s.id = q.scheduling_id
               JOIN orders o ON o.id = s.order_id
               JOIN customers c ON c.id = o.customer_id
              WHERE q.company_id = $1 AND q.status = 'attended'
                AND q.attended_at >= $2 AND q.attended_at < $3
              GROUP BY o.id, o.code, c.name
              ORDER BY o.code, o.id",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<Timestamptz, _>(from)
        .bind::<Timestamptz, _>(to)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(DayLoadings {
            attended: counts.attended,
            faulty: counts.faulty,
            tolerance_dropped: counts.tolerance_dropped,
            freelancers: counts.freelancers,
            orders: orders
                .into_iter()
                .map(|o| {
                    Ok(OrderLoadingRecord {
                        code: o.code,
                        customer: o.customer,
                        vehicles: o.vehicles,
                        tonnes: tonnes(&o.tonnes)?,
                    })
                })
                .collect::<AppResult<_>>()?,
        })
    }
}
