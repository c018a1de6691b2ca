//! The queue reads: the stored plan with what the screens show. Nothing here computes a plan.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::r2d2::{ConnectionManager, Pool};
use diesel::sql_types::{Array, BigInt, Bool, Date, Double, Integer, Nullable, Text, Timestamptz};
use patio_application::auth::account_check::AccountReader;
use patio_application::queue::ports::{
    DelayInProgressRecord, DriverActivePosition, DriverPositionRecord, NextDateRecord,
    PositionReader, QueueReadRepo, QueueRowRecord, QueueScope, QueueTotalsRecord,
};
use patio_application::{AppError, AppResult};
use patio_domain::auth::AccountState;
use patio_domain::roles::{Role, SessionKind};

use super::queue_engine::{DelayRow, ACTIVE, DELAY_SELECT};
use crate::store::{db_error, PgRepos};

#[derive(QueryableByName)]
struct RowRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = Text)]
    driver_name: String,
    #[diesel(sql_type = Nullable<Text>)]
    driver_phone: Option<String>,
    #[diesel(sql_type = Nullable<Integer>)]
    position: Option<i32>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    forecast_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Date>)]
    date: Option<NaiveDate>,
    #[diesel(sql_type = Timestamptz)]
    joined_at: DateTime<Utc>,
    #[diesel(sql_type = Bool)]
    in_tolerance: bool,
    #[diesel(sql_type = BigInt)]
    truck_id: i64,
    #[diesel(sql_type = Text)]
    license_plate: String,
    #[diesel(sql_type = Nullable<Double>)]
    net_capacity: Option<f64>,
    #[diesel(sql_type = Nullable<Text>)]
    vehicle_model_name: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    scheduling_id: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    order_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    order_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    customer_name: Option<String>,
    #[diesel(sql_type = Nullable<Double>)]
    qty_ordered: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    qty_transported: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    order_ordered: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    order_delivered_others: Option<f64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    checkin_id: Option<i64>,
    #[diesel(sql_type = Bool)]
    checkin_active: bool,
    #[diesel(sql_type = Bool)]
    attended: bool,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    attended_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    expedition: Option<DateTime<Utc>>,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    closed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Array<BigInt>)]
    shipping_company_ids: Vec<i64>,
}

impl From<RowRow> for QueueRowRecord {
    fn from(r: RowRow) -> Self {
        QueueRowRecord {
            id: r.id,
            company_id: r.company_id,
            status: r.status,
            driver_id: r.driver_id,
            driver_name: r.driver_name,
            driver_phone: r.driver_phone,
            position: r.position,
            forecast_at: r.forecast_at,
            date: r.date,
            joined_at: r.joined_at,
            in_tolerance: r.in_tolerance,
            truck_id: r.truck_id,
            license_plate: r.license_plate,
            net_capacity: r.net_capacity,
            vehicle_model_name: r.vehicle_model_name,
            scheduling_id: r.scheduling_id,
            order_id: r.order_id,
            order_code: r.order_code,
            customer_name: r.customer_name,
            qty_ordered: r.qty_ordered,
            qty_transported: r.qty_transported,
            order_ordered: r.order_ordered,
            order_delivered_others: r.order_delivered_others,
            checkin_id: r.checkin_id,
            checkin_active: r.checkin_active,
            attended: r.attended,
            attended_at: r.attended_at,
            expedition: r.expedition,
            created_at: r.created_at,
            closed_at: r.closed_at,
            shipping_company_ids: r.shipping_company_ids,
        }
    }
}

/// The order's items and what its other loadings (and the order-level entry) delivered, for
/// the tonnage field's balance warning; both NULL without an order. Aliases `o` and `s`.
macro_rules! order_load_columns {
    () => {
        "(SELECT SUM(oi.quantity) FROM order_items oi WHERE oi.order_id = o.id)::float8
            AS order_ordered,
         (o.qty_transported + COALESCE((SELECT SUM(s2.qty_transported) FROM schedulings s2
                                         WHERE s2.order_id = o.id AND s2.id <> s.id), 0))::float8
            AS order_delivered_others"
    };
}
pub(crate) use order_load_columns;

/// The queue row with its driver, truck, loading, order, customer and latest check-in.
/// `$1` is the company, `$2` the shipping company (or -1 for the whole company).
const ROW_SELECT: &str = concat!(
    "
    SELECT q.id, q.company_id, q.status, q.driver_id, d.name AS driver_name,
           (SELECT ct.fone FROM contacts ct WHERE ct.driver_id = d.id
             ORDER BY ct.id LIMIT 1) AS driver_phone, q.position,
           q.forecast_at, q.date, q.joined_at, q.in_tolerance, q.truck_id, t.license_plate,
           t.net_capacity::float8 AS net_capacity, m.name AS vehicle_model_name,
           q.scheduling_id, o.id AS order_id, o.code AS order_code,
           cu.name AS customer_name, s.qty_ordered::float8 AS qty_ordered,
           s.qty_transported::float8 AS qty_transported, ",
    order_load_columns!(),
    ",
           ci.id AS checkin_id, COALESCE(ci.is_present, FALSE) AS checkin_active,
           q.attended, q.attended_at, q.expedition, q.created_at, q.closed_at,
           array_remove(ARRAY[t.shipping_company_id, d.shipping_company_id,
                              s.shipping_company_id], NULL) AS shipping_company_ids
      FROM queue_entries q
      JOIN drivers d ON d.id = q.driver_id
      JOIN trucks t ON t.id = q.truck_id
      LEFT JOIN truck_models m ON m.id = t.vehicle_model_id
      LEFT JOIN schedulings s ON s.id = q.scheduling_id
      LEFT JOIN orders o ON o.id = s.order_id
      LEFT JOIN customers cu ON cu.id = o.customer_id
      LEFT JOIN LATERAL (SELECT c.id, c.is_present FROM checkins c
                          WHERE c.queue_entry_id = q.id
                          ORDER BY c.created_at DESC, c.id DESC LIMIT 1) ci ON TRUE"
);

const SCOPE: &str = "q.company_id = $1
    AND ($2 < 0 OR $2 IN (t.shipping_company_id, d.shipping_company_id, s.shipping_company_id))";

fn scope_binds(scope: QueueScope) -> (i64, i64) {
    match scope {
        QueueScope::Company(c) => (c, -1),
        QueueScope::ShippingCompany {
            company_id,
            shipping_company_id,
        } => (company_id, shipping_company_id),
    }
}

#[derive(QueryableByName)]
struct TotalsRow {
    #[diesel(sql_type = BigInt)]
    totals: i64,
    #[diesel(sql_type = BigInt)]
    totals_today: i64,
    #[diesel(sql_type = BigInt)]
    attended: i64,
    #[diesel(sql_type = BigInt)]
    missing: i64,
    #[diesel(sql_type = Double)]
    total_transported_today: f64,
    #[diesel(sql_type = BigInt)]
    dropouts: i64,
}

#[derive(QueryableByName)]
struct NextRow {
    #[diesel(sql_type = Nullable<Date>)]
    next_date: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    next_forecast_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    planned_at: Option<DateTime<Utc>>,
}

/// One query, two users (the read and the pgbench check): a macro because the builder's
/// type is not worth spelling out.
macro_rules! driver_position_query {
    ($driver:expr) => {{
        use crate::schema::{queue_entries as q, settings as st, trucks as t};
        q::table
            .inner_join(t::table.on(t::id.eq(q::truck_id)))
            .left_join(st::table.on(st::company_id.eq(q::company_id)))
            .filter(q::driver_id.eq($driver))
            .order_by((
                q::status.eq("waiting").or(q::status.eq("loading")).desc(),
                q::id.desc(),
            ))
            .select(PositionRow::as_select())
    }};
}

/// The driver's own entry: newest first, an active one before any closed one. Written with
/// the query builder, not `sql_query`, because diesel keeps only builder queries prepared per
/// connection: planning this join on every call cost more than running it (the position
/// read is the hottest call of the product). tests/load/position.sql is the same statement
/// for the pgbench ceiling of `make bench`.
pub(crate) fn load_driver_position(
    conn: &mut PgConnection,
    driver_id: i64,
) -> AppResult<Option<DriverPositionRecord>> {
    let row = driver_position_query!(driver_id)
        .first::<PositionRow>(conn)
        .optional()
        .map_err(db_error)?;
    Ok(row.map(position_record))
}

/// The SQL of the position read (binds as `$n`), which the pgbench ceiling must repeat.
pub fn driver_position_sql() -> String {
    let query = driver_position_query!(0_i64).limit(1);
    let rendered = diesel::debug_query::<diesel::pg::Pg, _>(&query).to_string();
    rendered
        .split(" -- binds")
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The columns of the position read, in the order of tests/load/position.sql.
#[derive(Queryable, Selectable)]
#[diesel(table_name = crate::schema::queue_entries, check_for_backend(diesel::pg::Pg))]
struct PositionRow {
    id: i64,
    company_id: i64,
    status: String,
    position: Option<i32>,
    forecast_at: Option<DateTime<Utc>>,
    date: Option<NaiveDate>,
    in_tolerance: bool,
    truck_id: i64,
    #[diesel(select_expression = crate::schema::trucks::license_plate)]
    license_plate: String,
    /// No loading: the driver joined as autônomo.
    #[diesel(select_expression = crate::schema::queue_entries::scheduling_id.is_null())]
    freelancer: bool,
    closed_at: Option<DateTime<Utc>>,
    attended_at: Option<DateTime<Utc>>,
    #[diesel(select_expression = crate::schema::settings::time_zone.nullable())]
    time_zone: Option<String>,
}

#[derive(QueryableByName)]
struct ActivePositionRow {
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Nullable<Integer>)]
    position: Option<i32>,
    #[diesel(sql_type = BigInt)]
    truck_id: i64,
}

#[derive(QueryableByName)]
struct OptIdRow {
    #[diesel(sql_type = Nullable<BigInt>)]
    id: Option<i64>,
}

#[derive(QueryableByName)]
struct BoolRow {
    #[diesel(sql_type = Bool)]
    v: bool,
}

impl QueueReadRepo for PgRepos<'_> {
    fn waiting_rows_by_day(
        &mut self,
        scope: QueueScope,
        days: i64,
    ) -> AppResult<Vec<QueueRowRecord>> {
        let (company, shipping) = scope_binds(scope);
        let rows: Vec<RowRow> = diesel::sql_query(format!(
            "WITH days AS (SELECT DISTINCT date FROM queue_entries
                            WHERE company_id = $1 AND status = 'waiting'
                            ORDER BY date NULLS LAST LIMIT $3)
             {ROW_SELECT}
              WHERE {SCOPE} AND q.status = 'waiting'
                AND EXISTS (SELECT 1 FROM days WHERE days.date IS NOT DISTINCT FROM q.date)
              ORDER BY q.date NULLS LAST, q.joined_at, q.id"
        ))
        .bind::<BigInt, _>(company)
        .bind::<BigInt, _>(shipping)
        .bind::<BigInt, _>(days)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    fn active_rows(&mut self, scope: QueueScope) -> AppResult<Vec<QueueRowRecord>> {
        let (company, shipping) = scope_binds(scope);
        let rows: Vec<RowRow> = diesel::sql_query(format!(
            "{ROW_SELECT}
              WHERE {SCOPE} AND q.status IN {ACTIVE}
              ORDER BY (q.status = 'loading') DESC, q.joined_at, q.id"
        ))
        .bind::<BigInt, _>(company)
        .bind::<BigInt, _>(shipping)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    fn queue_row(&mut self, id: i64) -> AppResult<Option<QueueRowRecord>> {
        let row: Option<RowRow> = diesel::sql_query(format!("{ROW_SELECT} WHERE q.id = $1"))
            .bind::<BigInt, _>(id)
            .get_result(self.conn)
            .optional()
            .map_err(db_error)?;
        Ok(row.map(Into::into))
    }

    fn shipping_company_owner(&mut self, shipping_company_id: i64) -> AppResult<Option<i64>> {
        let row: Option<OptIdRow> =
            diesel::sql_query("SELECT company_id AS id FROM shipping_companies WHERE id = $1")
                .bind::<BigInt, _>(shipping_company_id)
                .get_result(self.conn)
                .optional()
                .map_err(db_error)?;
        Ok(row.and_then(|r| r.id))
    }

    fn queue_totals(
        &mut self,
        company_id: i64,
        day_start: DateTime<Utc>,
        day_end: DateTime<Utc>,
        today: NaiveDate,
    ) -> AppResult<QueueTotalsRecord> {
        let row: TotalsRow = diesel::sql_query(format!(
            "SELECT
               (SELECT count(*) FROM queue_entries
                 WHERE company_id = $1 AND status IN {ACTIVE}) AS totals,
               (SELECT count(*) FROM queue_entries
                 WHERE company_id = $1
                   AND ((status IN {ACTIVE} AND date = $4)
                        OR (status = 'attended' AND attended_at >= $2 AND attended_at < $3)
                        OR (status IN ('faulty', 'tolerance_dropped')
                            AND closed_at >= $2 AND closed_at < $3))) AS totals_today,
               (SELECT count(*) FROM queue_entries
                 WHERE company_id = $1 AND status = 'attended'
                   AND attended_at >= $2 AND attended_at < $3) AS attended,
               (SELECT count(*) FROM queue_entries
                 WHERE company_id = $1 AND status IN ('faulty', 'tolerance_dropped')
                   AND closed_at >= $2 AND closed_at < $3) AS missing,
               (SELECT COALESCE(sum(s.qty_transported), 0)::float8
                  FROM queue_entries q JOIN schedulings s ON s.id = q.scheduling_id
                 WHERE q.company_id = $1 AND q.status = 'attended'
                   AND q.attended_at >= $2 AND q.attended_at < $3) AS total_transported_today,
               (SELECT count(*) FROM dropout_logs
                 WHERE company_id = $1 AND closed_at >= $2 AND closed_at < $3) AS dropouts"
        ))
        .bind::<BigInt, _>(company_id)
        .bind::<Timestamptz, _>(day_start)
        .bind::<Timestamptz, _>(day_end)
        .bind::<Date, _>(today)
        .get_result(self.conn)
        .map_err(db_error)?;
        Ok(QueueTotalsRecord {
            totals: row.totals,
            totals_today: row.totals_today,
            attended: row.attended,
            missing: row.missing,
            total_transported_today: row.total_transported_today,
            dropouts: row.dropouts,
        })
    }

    fn next_date(&mut self, company_id: i64) -> AppResult<NextDateRecord> {
        let row: Option<NextRow> = diesel::sql_query(
            "SELECT next_date, next_forecast_at, planned_at FROM queue_states
              WHERE company_id = $1",
        )
        .bind::<BigInt, _>(company_id)
        .get_result(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map_or(
            NextDateRecord {
                next_date: None,
                next_forecast_at: None,
                planned_at: None,
            },
            |r| NextDateRecord {
                next_date: r.next_date,
                next_forecast_at: r.next_forecast_at,
                planned_at: r.planned_at,
            },
        ))
    }

    fn driver_position(&mut self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>> {
        load_driver_position(self.conn, driver_id)
    }

    fn driver_active_positions(
        &mut self,
        driver_ids: &[i64],
    ) -> AppResult<Vec<DriverActivePosition>> {
        let rows: Vec<ActivePositionRow> = diesel::sql_query(format!(
            "SELECT driver_id, company_id, id, position, truck_id FROM queue_entries
              WHERE driver_id = ANY($1) AND status IN {ACTIVE}
              ORDER BY driver_id"
        ))
        .bind::<Array<BigInt>, _>(driver_ids)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| DriverActivePosition {
                driver_id: r.driver_id,
                company_id: r.company_id,
                queue_id: r.id,
                position: r.position,
                truck_id: r.truck_id,
            })
            .collect())
    }

    fn driver_company(&mut self, driver_id: i64) -> AppResult<Option<i64>> {
        let row: Option<OptIdRow> =
            diesel::sql_query("SELECT company_id AS id FROM drivers WHERE id = $1")
                .bind::<BigInt, _>(driver_id)
                .get_result(self.conn)
                .optional()
                .map_err(db_error)?;
        Ok(row.and_then(|r| r.id))
    }

    fn delay_status(&mut self, company_id: i64) -> AppResult<Option<DelayInProgressRecord>> {
        let row: Option<DelayRow> = diesel::sql_query(format!(
            "{DELAY_SELECT} WHERE d.company_id = $1 AND d.ended_at IS NULL ORDER BY d.id DESC LIMIT 1"
        ))
        .bind::<BigInt, _>(company_id)
        .get_result(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map(Into::into))
    }

    fn company_exists(&mut self, company_id: i64) -> AppResult<bool> {
        let row: BoolRow =
            diesel::sql_query("SELECT EXISTS (SELECT 1 FROM companies WHERE id = $1) AS v")
                .bind::<BigInt, _>(company_id)
                .get_result(self.conn)
                .map_err(db_error)?;
        Ok(row.v)
    }
}

/// The reads of every request ([`PositionReader`]: each phone's poll; [`AccountReader`]: each
/// session's check) on a pool of their own: one statement per call, outside a transaction,
/// and no test query on checkout (a broken connection is dropped by r2d2 when it returns), so
/// a call costs one round trip, as the pgbench ceiling does.
pub struct PgDirectReader {
    pool: Pool<ConnectionManager<PgConnection>>,
}

impl PgDirectReader {
    /// On an existing pool (tests, tools).
    pub fn from_pool(pool: Pool<ConnectionManager<PgConnection>>) -> Self {
        Self { pool }
    }

    /// Opens up to `max_size` connections to `url` on demand.
    pub fn connect(url: &str, max_size: u32) -> Result<Self, crate::Error> {
        Self::connect_pooled(url, max_size, false)
    }

    /// Like [`Self::connect`]; `pooled`: `url` is a pooler in transaction mode (no prepared
    /// statements, no `options` startup parameter: [`crate::pool::PoolOptions::pooled`]).
    pub fn connect_pooled(url: &str, max_size: u32, pooled: bool) -> Result<Self, crate::Error> {
        let url = crate::pool::with_default_timeouts_for(url, pooled)?;
        let pool = crate::pool::on_demand_builder(max_size, pooled)
            .build(ConnectionManager::<PgConnection>::new(url))?;
        Ok(Self { pool })
    }
}

impl AccountReader for PgDirectReader {
    fn account(&self, kind: SessionKind, id: i64) -> AppResult<Option<AccountState>> {
        let mut conn = crate::pool::checkout(&self.pool)?;
        load_account(&mut conn, kind, id)
    }

    fn revoke(&self, kind: SessionKind, id: i64, token_id: &str, expires_at: i64) -> AppResult<()> {
        let mut conn = crate::pool::checkout(&self.pool)?;
        // Rows of expired tokens are dead weight: each sign-out sweeps them.
        diesel::sql_query(
            "WITH swept AS (DELETE FROM revoked_sessions WHERE expires_at <= now())
             INSERT INTO revoked_sessions (token_id, kind, account_id, expires_at)
             VALUES ($1, $2, $3, to_timestamp($4)) ON CONFLICT (token_id) DO NOTHING",
        )
        .bind::<Text, _>(token_id)
        .bind::<Text, _>(kind.as_str())
        .bind::<BigInt, _>(id)
        .bind::<Double, _>(expires_at as f64)
        .execute(&mut conn)
        .map(|_| ())
        .map_err(db_error)
    }
}

#[derive(QueryableByName)]
struct RevokedRow {
    #[diesel(sql_type = Text)]
    token_id: String,
}

/// The account's signed-out tokens that have not expired yet.
fn revoked_tokens(conn: &mut PgConnection, kind: SessionKind, id: i64) -> AppResult<Vec<String>> {
    diesel::sql_query(
        "SELECT token_id FROM revoked_sessions
          WHERE kind = $1 AND account_id = $2 AND expires_at > now()",
    )
    .bind::<Text, _>(kind.as_str())
    .bind::<BigInt, _>(id)
    .load::<RevokedRow>(conn)
    .map(|rows| rows.into_iter().map(|r| r.token_id).collect())
    .map_err(db_error)
}

/// A staff account as a session sees it; `shipping_company_company_id` is the company of the
/// user's shipping company.
#[derive(Queryable, Selectable)]
#[diesel(table_name = crate::schema::users, check_for_backend(diesel::pg::Pg))]
struct StaffAccountRow {
    role: String,
    company_id: Option<i64>,
    #[diesel(select_expression = crate::schema::shipping_companies::company_id.nullable())]
    shipping_company_company_id: Option<i64>,
    shipping_company_id: Option<i64>,
    is_root: bool,
    password_changed_at: Option<DateTime<Utc>>,
}

/// An enabled account as a session sees it (the company of a shipping-company user is its
/// shipping company's, as at sign-in). Query builder: prepared once per connection.
pub(crate) fn load_account(
    conn: &mut PgConnection,
    kind: SessionKind,
    id: i64,
) -> AppResult<Option<AccountState>> {
    match kind {
        SessionKind::Staff => {
            use crate::schema::{shipping_companies as sc, users as u};
            let row: Option<StaffAccountRow> = u::table
                .left_join(sc::table.on(sc::id.nullable().eq(u::shipping_company_id)))
                .filter(u::id.eq(id).and(u::is_enabled))
                .select(StaffAccountRow::as_select())
                .first(conn)
                .optional()
                .map_err(db_error)?;
            let Some(row) = row else {
                return Ok(None);
            };
            Ok(Some(AccountState {
                role: Some(Role::parse(&row.role).map_err(AppError::internal)?),
                company_id: row.company_id.or(row.shipping_company_company_id),
                shipping_company_id: row.shipping_company_id,
                is_root: row.is_root,
                password_changed_at: row.password_changed_at,
                revoked_tokens: revoked_tokens(conn, kind, id)?,
            }))
        }
        SessionKind::Driver => {
            use crate::schema::drivers as d;
            let company: Option<i64> = d::table
                .filter(d::id.eq(id).and(d::is_enabled))
                .select(d::company_id)
                .first(conn)
                .optional()
                .map_err(db_error)?;
            let Some(company) = company else {
                return Ok(None);
            };
            Ok(Some(AccountState {
                role: None,
                company_id: Some(company),
                shipping_company_id: None,
                is_root: false,
                password_changed_at: None,
                revoked_tokens: revoked_tokens(conn, kind, id)?,
            }))
        }
    }
}

impl PositionReader for PgDirectReader {
    fn driver_position(&self, driver_id: i64) -> AppResult<Option<DriverPositionRecord>> {
        let mut conn = crate::pool::checkout(&self.pool)?;
        load_driver_position(&mut conn, driver_id)
    }
}

fn position_record(row: PositionRow) -> DriverPositionRecord {
    DriverPositionRecord {
        id: row.id,
        company_id: row.company_id,
        status: row.status,
        position: row.position,
        forecast_at: row.forecast_at,
        date: row.date,
        in_tolerance: row.in_tolerance,
        truck_id: row.truck_id,
        license_plate: row.license_plate,
        freelancer: row.freelancer,
        closed_at: row.closed_at.or(row.attended_at),
        time_zone: row.time_zone,
    }
}
