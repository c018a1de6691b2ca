//! Figures of the staff dashboard: company calendars, queue outcomes per attendance day and
//! order totals.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Double, Nullable, Text, Timestamptz};
use patio_application::model::{CompanyCalendar, HistoryFilter, OrderTotals, QueueDayCount};
use patio_application::ports::DashboardRepo;
use patio_application::AppResult;
use patio_domain::carrier_dashboard::{DashboardScope, FlowEntry, FlowOutcome};
use patio_domain::history::HistoryLine;

use crate::rows::SettingsRow;
use crate::schema::{companies, holidays, settings};
use crate::store::{db_error, PgRepos};

/// The day a loading was loaded (the history's order and period).
const HISTORY_DAY: &str = "COALESCE(s.exped_date, s.updated_at)";

/// A history line's columns, from `s` (a loading) joined to what it names; the day in the
/// company's zone.
const HISTORY_SELECT: &str = "SELECT s.id,
        (COALESCE(s.exped_date, s.updated_at)
           AT TIME ZONE COALESCE(st.time_zone, 'America/Sao_Paulo'))::date AS day,
        c.name AS company, o.code AS order_code, cu.name AS customer,
        t.license_plate AS plate, d.name AS driver,
        s.qty_ordered::float8 AS ordered,
        COALESCE(s.qty_transported, 0)::float8 AS transported";

/// What a history line names.
const HISTORY_JOINS: &str = "JOIN orders o ON o.id = s.order_id
        JOIN customers cu ON cu.id = o.customer_id
        JOIN companies c ON c.id = s.company_id
        JOIN trucks t ON t.id = s.truck_id
        JOIN drivers d ON d.id = s.driver_id
        LEFT JOIN settings st ON st.company_id = s.company_id";

/// Finished loadings of the filter ($1 company, $2 from, $3 customer, $4 order, $5 truck,
/// $6 driver), on `s`; the customer through its orders so that no join is needed.
const HISTORY_WHERE: &str = "WHERE s.status
        AND ($1::bigint IS NULL OR s.company_id = $1)
        AND ($2::timestamptz IS NULL OR COALESCE(s.exped_date, s.updated_at) >= $2)
        AND ($3::bigint IS NULL OR s.order_id IN (SELECT oc.id FROM orders oc WHERE oc.customer_id = $3))
        AND ($4::bigint IS NULL OR s.order_id = $4)
        AND ($5::bigint IS NULL OR s.truck_id = $5)
        AND ($6::bigint IS NULL OR s.driver_id = $6)";

fn history_binds<'a>(
    q: diesel::query_builder::BoxedSqlQuery<'a, diesel::pg::Pg, diesel::query_builder::SqlQuery>,
    f: &HistoryFilter,
) -> diesel::query_builder::BoxedSqlQuery<'a, diesel::pg::Pg, diesel::query_builder::SqlQuery> {
    q.bind::<Nullable<BigInt>, _>(f.company_id)
        .bind::<Nullable<Timestamptz>, _>(f.from)
        .bind::<Nullable<BigInt>, _>(f.customer_id)
        .bind::<Nullable<BigInt>, _>(f.order_id)
        .bind::<Nullable<BigInt>, _>(f.truck_id)
        .bind::<Nullable<BigInt>, _>(f.driver_id)
}

fn history_line(r: HistoryRow) -> HistoryLine {
    HistoryLine {
        id: r.id,
        day: r.day,
        company: r.company,
        order_code: r.order_code,
        customer: r.customer,
        plate: r.plate,
        driver: r.driver,
        ordered: r.ordered,
        transported: r.transported,
    }
}

#[derive(QueryableByName)]
struct HistoryTotals {
    #[diesel(sql_type = BigInt)]
    n: i64,
    #[diesel(sql_type = Double)]
    transported: f64,
}

/// The count and the tonnes of the history's loadings. Filtered by a customer, an order, a
/// truck or a driver, they are few and summed from the loadings. The whole history of a
/// company (or of all) reads the day totals (`loading_day_totals`, kept by a trigger) for the
/// period's full UTC days, and the loadings only for the first, partial day: a few hundred
/// rows instead of the period's tens of thousands.
fn history_totals(conn: &mut PgConnection, f: &HistoryFilter) -> AppResult<HistoryTotals> {
    let narrowed = f.customer_id.is_some()
        || f.order_id.is_some()
        || f.truck_id.is_some()
        || f.driver_id.is_some();
    if narrowed {
        // Every loading of the query names its order, customer, company, truck and driver
        // (foreign keys, RESTRICT): the count and the sum need only the loadings.
        return history_binds(
            diesel::sql_query(format!(
                "SELECT count(*) AS n, COALESCE(sum(s.qty_transported), 0)::float8 AS transported
                   FROM schedulings s {HISTORY_WHERE}"
            ))
            .into_boxed(),
            f,
        )
        .get_result(conn)
        .map_err(db_error);
    }
    let (edge_from, edge_to, first_full_day) = match f.from {
        Some(from) => {
            let next = from.date_naive().succ_opt().unwrap_or(from.date_naive());
            (from, next.and_time(chrono::NaiveTime::MIN).and_utc(), next)
        }
        // Without a period: every day's totals, and no partial day.
        None => (
            DateTime::<Utc>::UNIX_EPOCH,
            DateTime::<Utc>::UNIX_EPOCH,
            NaiveDate::default(),
        ),
    };
    diesel::sql_query(format!(
        "SELECT (e.n + COALESCE(d.n, 0))::int8 AS n,
                (e.transported + COALESCE(d.transported, 0))::float8 AS transported
           FROM (SELECT count(*) AS n, COALESCE(sum(s.qty_transported), 0) AS transported
                   FROM schedulings s
                  WHERE s.status AND ($1::bigint IS NULL OR s.company_id = $1)
                    AND {HISTORY_DAY} >= $2 AND {HISTORY_DAY} < $3) e,
                (SELECT sum(t.loadings) AS n, sum(t.transported) AS transported
                   FROM loading_day_totals t
                  WHERE ($1::bigint IS NULL OR t.company_id = $1) AND t.day >= $4) d"
    ))
    .bind::<Nullable<BigInt>, _>(f.company_id)
    .bind::<Timestamptz, _>(edge_from)
    .bind::<Timestamptz, _>(edge_to)
    .bind::<Date, _>(first_full_day)
    .get_result(conn)
    .map_err(db_error)
}

/// The default when a company has no settings row.
const DEFAULT_TIME_ZONE: &str = "America/Sao_Paulo";
const DEFAULT_WEEK: [bool; 7] = [false, true, true, true, true, true, false];

#[derive(QueryableByName)]
struct HistoryRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Date)]
    day: NaiveDate,
    #[diesel(sql_type = Text)]
    company: String,
    #[diesel(sql_type = Text)]
    order_code: String,
    #[diesel(sql_type = Text)]
    customer: String,
    #[diesel(sql_type = Text)]
    plate: String,
    #[diesel(sql_type = Text)]
    driver: String,
    #[diesel(sql_type = Double)]
    ordered: f64,
    #[diesel(sql_type = Double)]
    transported: f64,
}

#[derive(QueryableByName)]
struct FlowRow {
    #[diesel(sql_type = Timestamptz)]
    joined_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    forecast_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    expedition: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    attended_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Nullable<Double>)]
    tonnes: Option<f64>,
}

#[derive(QueryableByName)]
struct DayCountRow {
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Date)]
    day: NaiveDate,
    #[diesel(sql_type = BigInt)]
    attended: i64,
    #[diesel(sql_type = BigInt)]
    faulty: i64,
    #[diesel(sql_type = BigInt)]
    planned: i64,
}

#[derive(QueryableByName)]
struct OrderTotalsRow {
    #[diesel(sql_type = BigInt)]
    complete: i64,
    #[diesel(sql_type = BigInt)]
    process: i64,
}

fn week_of(value: &serde_json::Value) -> [bool; 7] {
    let mut week = [false; 7];
    match value.as_array() {
        Some(list) => {
            for (slot, v) in week.iter_mut().zip(list) {
                *slot = v.as_bool().unwrap_or(false);
            }
            week
        }
        None => DEFAULT_WEEK,
    }
}

impl DashboardRepo for PgRepos<'_> {
    fn company_calendars(&mut self, company_id: Option<i64>) -> AppResult<Vec<CompanyCalendar>> {
        let mut q = companies::table.left_join(settings::table).into_boxed();
        q = match company_id {
            Some(id) => q.filter(companies::id.eq(id)),
            // Every active company.
            None => q.filter(companies::status.eq(true)),
        };
        let rows = q
            .select((
                companies::id,
                companies::name,
                Option::<SettingsRow>::as_select(),
            ))
            .order((companies::name.asc(), companies::id.asc()))
            .load::<(i64, String, Option<SettingsRow>)>(self.conn)
            .map_err(db_error)?;
        let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let blocked = holidays::table
            .filter(holidays::company_id.eq_any(&ids))
            .select((holidays::company_id, holidays::dates))
            .load::<(i64, serde_json::Value)>(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, name, settings)| CompanyCalendar {
                company_id: id,
                name,
                programmed_total: settings.as_ref().map_or(0, |s| s.programmed_total),
                week_days: settings
                    .as_ref()
                    .map_or(DEFAULT_WEEK, |s| week_of(&s.week_days)),
                time_zone: settings
                    .map(|s| s.time_zone)
                    .unwrap_or_else(|| DEFAULT_TIME_ZONE.to_owned()),
                blocked: blocked
                    .iter()
                    .filter(|(cid, _)| *cid == id)
                    .flat_map(|(_, dates)| dates.as_array().cloned().unwrap_or_default())
                    .filter_map(|d| d.as_str().and_then(|s| s.parse().ok()))
                    .collect(),
            })
            .collect())
    }

    fn loading_history(&mut self, f: &HistoryFilter) -> AppResult<Vec<HistoryLine>> {
        let rows: Vec<HistoryRow> = history_binds(
            diesel::sql_query(format!(
                "{HISTORY_SELECT} FROM schedulings s {HISTORY_JOINS} {HISTORY_WHERE}
                  ORDER BY {HISTORY_DAY} DESC, s.id DESC"
            ))
            .into_boxed(),
            f,
        )
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(history_line).collect())
    }

    fn loading_history_page(
        &mut self,
        f: &HistoryFilter,
        offset: i64,
        limit: i64,
    ) -> AppResult<(Vec<HistoryLine>, i64, f64)> {
        let totals = history_totals(self.conn, f)?;
        let rows: Vec<HistoryRow> = history_binds(
            diesel::sql_query(format!(
                "{HISTORY_SELECT}
                   FROM (SELECT s.* FROM schedulings s {HISTORY_WHERE}
                          ORDER BY {HISTORY_DAY} DESC, s.id DESC OFFSET $7 LIMIT $8) s
                  {HISTORY_JOINS}
                  ORDER BY {HISTORY_DAY} DESC, s.id DESC"
            ))
            .into_boxed(),
            f,
        )
        .bind::<BigInt, _>(offset)
        .bind::<BigInt, _>(limit)
        .load(self.conn)
        .map_err(db_error)?;
        Ok((
            rows.into_iter().map(history_line).collect(),
            totals.n,
            totals.transported,
        ))
    }

    fn flow_entries(
        &mut self,
        scope: DashboardScope,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> AppResult<Vec<FlowEntry>> {
        let (company, shipping) = match scope {
            DashboardScope::All => (None, None),
            DashboardScope::Company(c) => (Some(c), None),
            DashboardScope::ShippingCompany {
                company_id,
                shipping_id,
            } => (Some(company_id), Some(shipping_id)),
        };
        // A carrier's vehicles: the truck's shipping company at the time of reading.
        let rows: Vec<FlowRow> = diesel::sql_query(
            "SELECT q.joined_at, q.forecast_at, q.expedition, q.attended_at, q.status,
                    s.qty_transported::float8 AS tonnes
               FROM queue_entries q
               LEFT JOIN schedulings s ON s.id = q.scheduling_id
               LEFT JOIN trucks t ON t.id = q.truck_id
              WHERE q.joined_at >= $1 AND q.joined_at < $2
                AND ($3::bigint IS NULL OR q.company_id = $3)
                AND ($4::bigint IS NULL OR t.shipping_company_id = $4)",
        )
        .bind::<Timestamptz, _>(from)
        .bind::<Timestamptz, _>(to)
        .bind::<Nullable<BigInt>, _>(company)
        .bind::<Nullable<BigInt>, _>(shipping)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let outcome = match r.status.as_str() {
                    "attended" => FlowOutcome::Attended,
                    "faulty" | "tolerance_dropped" => FlowOutcome::Missing,
                    _ => FlowOutcome::Other,
                };
                FlowEntry {
                    joined_at: r.joined_at,
                    forecast_at: r.forecast_at,
                    loading_started_at: r.expedition,
                    attended_at: r.attended_at,
                    outcome,
                    tonnes: r.tonnes.filter(|_| outcome == FlowOutcome::Attended),
                }
            })
            .collect())
    }

    fn queue_day_counts(
        &mut self,
        company_id: Option<i64>,
        from: NaiveDate,
        to: NaiveDate,
    ) -> AppResult<Vec<QueueDayCount>> {
        // The planned attendance day, else the day (in the company's zone) the entry closed.
        // `planned`: entries that carried that day in the plan (`date`): closed ones keep the
        // day they were planned for, waiting and loading ones hold today's plan.
        let rows: Vec<DayCountRow> = diesel::sql_query(
            "SELECT company_id, day,
                    count(*) FILTER (WHERE status = 'attended') AS attended,
                    count(*) FILTER (WHERE status IN ('faulty', 'tolerance_dropped')) AS faulty,
                    count(*) FILTER (WHERE planned) AS planned
               FROM (SELECT q.company_id, q.status, q.date IS NOT NULL AS planned,
                            COALESCE(q.date,
                                     (COALESCE(q.attended_at, q.closed_at, q.created_at)
                                        AT TIME ZONE COALESCE(s.time_zone, 'America/Sao_Paulo'))::date
                            ) AS day
                       FROM queue_entries q
                       LEFT JOIN settings s ON s.company_id = q.company_id
                      WHERE (q.status IN ('attended', 'faulty', 'tolerance_dropped')
                             OR (q.status IN ('waiting', 'loading') AND q.date IS NOT NULL))
                        AND ($1::bigint IS NULL OR q.company_id = $1)) e
              WHERE day BETWEEN $2 AND $3
              GROUP BY company_id, day
              ORDER BY company_id, day",
        )
        .bind::<Nullable<BigInt>, _>(company_id)
        .bind::<Date, _>(from)
        .bind::<Date, _>(to)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| QueueDayCount {
                company_id: r.company_id,
                day: r.day,
                attended: r.attended,
                faulty: r.faulty,
                planned: r.planned,
            })
            .collect())
    }

    fn order_totals(
        &mut self,
        company_id: Option<i64>,
        from: Option<DateTime<Utc>>,
        to: Option<DateTime<Utc>>,
    ) -> AppResult<OrderTotals> {
        let row: OrderTotalsRow = diesel::sql_query(
            "SELECT count(*) FILTER (WHERE status >= 100) AS complete,
                    count(*) FILTER (WHERE status < 100) AS process
               FROM orders
              WHERE enable
                AND ($1::bigint IS NULL OR company_id = $1)
                AND ($2::timestamptz IS NULL OR created_at >= $2)
                AND ($3::timestamptz IS NULL OR created_at < $3)",
        )
        .bind::<Nullable<BigInt>, _>(company_id)
        .bind::<Nullable<Timestamptz>, _>(from)
        .bind::<Nullable<Timestamptz>, _>(to)
        .get_result(self.conn)
        .map_err(db_error)?;
        Ok(OrderTotals {
            complete: row.complete,
            process: row.process,
        })
    }
}
