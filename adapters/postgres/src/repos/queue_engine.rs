//! The queue engine's persistence (DESIGN section 4.12): the per-company lock, what the plan
//! reads, and the stored plan.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{
    Array, BigInt, Bool, Date, Integer, Jsonb, Nullable, Text, Time, Timestamptz,
};
use patio_application::queue::ports::{
    DelayInProgressRecord, NewDropout, NewQueueEntry, PlanEntryKind, PlanEntryRecord, PlanRow,
    QueueConfigRecord, QueueDriverRecord, QueueEngineRepo, QueueSchedulingRecord, QueueStateRecord,
    QueueStateWrite, QueueTruckRecord,
};
use patio_application::AppResult;

use crate::store::{db_error, PgRepos};

/// The statuses of an entry in the queue (the partial unique indexes use the same list).
pub(crate) const ACTIVE: &str = "('waiting', 'loading')";

#[derive(QueryableByName)]
struct StateRow {
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = BigInt)]
    plan_version: i64,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    planned_at: Option<DateTime<Utc>>,
}

#[derive(QueryableByName)]
struct ConfigRow {
    #[diesel(sql_type = Time)]
    start_time: NaiveTime,
    #[diesel(sql_type = Time)]
    end_time: NaiveTime,
    #[diesel(sql_type = Time)]
    start_interval: NaiveTime,
    #[diesel(sql_type = Time)]
    end_interval: NaiveTime,
    #[diesel(sql_type = Time)]
    time_attendence: NaiveTime,
    #[diesel(sql_type = Integer)]
    programmed_total: i32,
    #[diesel(sql_type = Jsonb)]
    week_days: serde_json::Value,
    #[diesel(sql_type = Text)]
    time_zone: String,
    #[diesel(sql_type = Bool)]
    enable_tolerance: bool,
    #[diesel(sql_type = Time)]
    tolerance: NaiveTime,
    #[diesel(sql_type = Integer)]
    hour_entry_limit: i32,
    #[diesel(sql_type = Nullable<Integer>)]
    scheduling_day_limit: Option<i32>,
    #[diesel(sql_type = Integer)]
    queue_edit_hours_limit: i32,
    #[diesel(sql_type = Bool)]
    enable_missing_validation: bool,
    #[diesel(sql_type = Integer)]
    missing_limit: i32,
    #[diesel(sql_type = Integer)]
    missing_limit_after_block: i32,
    #[diesel(sql_type = Integer)]
    missing_validation_period: i32,
    #[diesel(sql_type = Bool)]
    enable_queue_save: bool,
    #[diesel(sql_type = Bool)]
    enable_queue_without_scheduling: bool,
    #[diesel(sql_type = Jsonb)]
    blocked: serde_json::Value,
}

#[derive(QueryableByName)]
struct EntryRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Bool)]
    checked_in: bool,
    #[diesel(sql_type = Timestamptz)]
    joined_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Date>)]
    planned_day: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<Integer>)]
    position: Option<i32>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    forecast_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Date>)]
    date: Option<NaiveDate>,
    #[diesel(sql_type = Bool)]
    in_tolerance: bool,
}

#[derive(QueryableByName)]
pub(crate) struct DelayRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    delay_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    reason: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    icon: Option<String>,
    #[diesel(sql_type = Integer)]
    delayed_minutes: i32,
    #[diesel(sql_type = Timestamptz)]
    started_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    ended_at: Option<DateTime<Utc>>,
}

impl From<DelayRow> for DelayInProgressRecord {
    fn from(r: DelayRow) -> Self {
        DelayInProgressRecord {
            id: r.id,
            company_id: r.company_id,
            delay_id: r.delay_id,
            reason: r.reason,
            icon: r.icon,
            minutes: r.delayed_minutes,
            started_at: r.started_at,
            created_at: r.created_at,
            ended_at: r.ended_at,
        }
    }
}

/// The delays in progress with their configured reason.
pub(crate) const DELAY_SELECT: &str = "
    SELECT d.id, d.company_id, d.delay_id, r.reason, r.icon, d.delayed_minutes,
           COALESCE(d.expedition, d.created_at) AS started_at, d.created_at, d.ended_at
      FROM delays_in_progress d
      LEFT JOIN delays r ON r.id = d.delay_id";

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

#[derive(QueryableByName)]
struct PairRow {
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = BigInt)]
    truck_id: i64,
}

#[derive(QueryableByName)]
struct BoolRow {
    #[diesel(sql_type = Bool)]
    v: bool,
}

#[derive(QueryableByName)]
struct AtRow {
    #[diesel(sql_type = Timestamptz)]
    at: DateTime<Utc>,
}

#[derive(QueryableByName)]
struct DriverRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Bool)]
    is_enabled: bool,
}

#[derive(QueryableByName)]
struct TruckRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    driver_id: Option<i64>,
    #[diesel(sql_type = Text)]
    license_plate: String,
    #[diesel(sql_type = Bool)]
    is_enabled: bool,
}

#[derive(QueryableByName)]
struct SchedulingRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = BigInt)]
    truck_id: i64,
    #[diesel(sql_type = Bool)]
    status: bool,
    #[diesel(sql_type = Bool)]
    started: bool,
    #[diesel(sql_type = Nullable<Date>)]
    expiration_date: Option<NaiveDate>,
    #[diesel(sql_type = Text)]
    order_code: String,
}

/// Seven booleans, Sunday first (missing entries are off).
fn week_days(json: &serde_json::Value) -> [bool; 7] {
    let mut days = [false; 7];
    if let Some(list) = json.as_array() {
        for (slot, v) in days.iter_mut().zip(list) {
            *slot = v.as_bool().unwrap_or(false);
        }
    }
    days
}

fn dates(json: &serde_json::Value) -> Vec<NaiveDate> {
    json.as_array()
        .map(|list| {
            list.iter()
                .filter_map(|v| v.as_str())
                .filter_map(|s| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok())
                .collect()
        })
        .unwrap_or_default()
}

impl QueueEngineRepo for PgRepos<'_> {
    fn lock_company_queue(&mut self, company_id: i64) -> AppResult<QueueStateRecord> {
        // The row exists from the company's creation on: lock it in one round trip, and
        // create it only when it is missing (then lock it).
        let lock = |conn: &mut diesel::PgConnection| {
            diesel::sql_query(
                "SELECT company_id, plan_version, planned_at FROM queue_states
                  WHERE company_id = $1 FOR UPDATE",
            )
            .bind::<BigInt, _>(company_id)
            .get_result::<StateRow>(conn)
            .optional()
            .map_err(db_error)
        };
        let row = match lock(self.conn)? {
            Some(row) => row,
            None => {
                diesel::sql_query(
                    "INSERT INTO queue_states (company_id) VALUES ($1) ON CONFLICT DO NOTHING",
                )
                .bind::<BigInt, _>(company_id)
                .execute(self.conn)
                .map_err(db_error)?;
                lock(self.conn)?.ok_or_else(|| {
                    patio_application::AppError::internal("queue state row missing")
                })?
            }
        };
        Ok(QueueStateRecord {
            company_id: row.company_id,
            plan_version: row.plan_version,
            planned_at: row.planned_at,
        })
    }

    fn queue_config(&mut self, company_id: i64) -> AppResult<Option<QueueConfigRecord>> {
        let row: Option<ConfigRow> = diesel::sql_query(
            "SELECT s.start_time, s.end_time, s.start_interval, s.end_interval,
                    s.time_attendence, s.programmed_total, s.week_days, s.time_zone,
                    s.enable_tolerance, s.tolerance, s.hour_entry_limit, s.scheduling_day_limit,
                    s.queue_edit_hours_limit, s.enable_missing_validation, s.missing_limit,
                    s.missing_limit_after_block, s.missing_validation_period,
                    s.enable_queue_save, s.enable_queue_without_scheduling,
                    COALESCE((SELECT jsonb_agg(d)
                                FROM holidays h, jsonb_array_elements(h.dates) d
                               WHERE h.company_id = s.company_id), '[]'::jsonb) AS blocked
               FROM settings s WHERE s.company_id = $1",
        )
        .bind::<BigInt, _>(company_id)
        .get_result(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map(|r| QueueConfigRecord {
            start: r.start_time,
            end: r.end_time,
            start_interval: r.start_interval,
            end_interval: r.end_interval,
            time_attendence: r.time_attendence,
            programmed_total: r.programmed_total,
            week_days: week_days(&r.week_days),
            time_zone: r.time_zone,
            enable_tolerance: r.enable_tolerance,
            tolerance: r.tolerance,
            hour_entry_limit: r.hour_entry_limit,
            scheduling_day_limit: r.scheduling_day_limit,
            queue_edit_hours_limit: r.queue_edit_hours_limit,
            enable_missing_validation: r.enable_missing_validation,
            missing_limit: r.missing_limit,
            missing_limit_after_block: r.missing_limit_after_block,
            missing_validation_period: r.missing_validation_period,
            enable_queue_save: r.enable_queue_save,
            enable_queue_without_scheduling: r.enable_queue_without_scheduling,
            blocked_dates: dates(&r.blocked),
        }))
    }

    fn plan_entries(
        &mut self,
        company_id: i64,
        day_start: DateTime<Utc>,
        today: NaiveDate,
    ) -> AppResult<Vec<PlanEntryRecord>> {
        let rows: Vec<EntryRow> = diesel::sql_query(format!(
            "SELECT q.id, q.driver_id, q.status, COALESCE(ci.is_present, FALSE) AS checked_in,
                    q.joined_at, q.planned_day, q.position, q.forecast_at, q.date, q.in_tolerance
               FROM queue_entries q
               LEFT JOIN (SELECT DISTINCT ON (c.queue_entry_id) c.queue_entry_id, c.is_present
                            FROM checkins c
                            JOIN queue_entries a ON a.id = c.queue_entry_id
                           WHERE a.company_id = $1 AND a.status IN {ACTIVE}
                           ORDER BY c.queue_entry_id, c.created_at DESC, c.id DESC) ci
                 ON ci.queue_entry_id = q.id
              WHERE q.company_id = $1
                AND (q.status IN {ACTIVE}
                     OR (q.status = 'attended' AND q.attended_at >= $2)
                     OR (q.status IN ('faulty', 'tolerance_dropped')
                         AND q.closed_at >= $2 AND q.date = $3))"
        ))
        .bind::<BigInt, _>(company_id)
        .bind::<Timestamptz, _>(day_start)
        .bind::<Date, _>(today)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                let kind = match r.status.as_str() {
                    "waiting" => PlanEntryKind::Waiting,
                    "loading" => PlanEntryKind::Loading,
                    "attended" => PlanEntryKind::AttendedToday,
                    "faulty" | "tolerance_dropped" => PlanEntryKind::MissedToday,
                    _ => return None,
                };
                Some(PlanEntryRecord {
                    id: r.id,
                    driver_id: r.driver_id,
                    kind,
                    checked_in: r.checked_in,
                    joined_at: r.joined_at,
                    planned_day: r.planned_day,
                    position: r.position,
                    forecast_at: r.forecast_at,
                    date: r.date,
                    in_tolerance: r.in_tolerance,
                })
            })
            .collect())
    }

    fn delays_since(
        &mut self,
        company_id: i64,
        since: DateTime<Utc>,
    ) -> AppResult<Vec<DelayInProgressRecord>> {
        let rows: Vec<DelayRow> = diesel::sql_query(format!(
            "{DELAY_SELECT}
              WHERE d.company_id = $1 AND COALESCE(d.expedition, d.created_at) >= $2
              ORDER BY d.id"
        ))
        .bind::<BigInt, _>(company_id)
        .bind::<Timestamptz, _>(since)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    fn write_plan(&mut self, rows: &[PlanRow]) -> AppResult<()> {
        if rows.is_empty() {
            return Ok(());
        }
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let positions: Vec<i32> = rows.iter().map(|r| r.position).collect();
        let forecasts: Vec<Option<DateTime<Utc>>> = rows.iter().map(|r| r.forecast_at).collect();
        let dates: Vec<Option<NaiveDate>> = rows.iter().map(|r| r.date).collect();
        let tolerance: Vec<bool> = rows.iter().map(|r| r.in_tolerance).collect();
        diesel::sql_query(
            "UPDATE queue_entries q
                SET position = v.position, forecast_at = v.forecast_at, date = v.date,
                    in_tolerance = v.in_tolerance
               FROM unnest($1::int8[], $2::int4[], $3::timestamptz[], $4::date[], $5::bool[])
                    AS v(id, position, forecast_at, date, in_tolerance)
              WHERE q.id = v.id",
        )
        .bind::<Array<BigInt>, _>(ids)
        .bind::<Array<Integer>, _>(positions)
        .bind::<Array<Nullable<Timestamptz>>, _>(forecasts)
        .bind::<Array<Nullable<Date>>, _>(dates)
        .bind::<Array<Bool>, _>(tolerance)
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }

    fn write_queue_state(&mut self, company_id: i64, s: &QueueStateWrite) -> AppResult<()> {
        diesel::sql_query(
            "UPDATE queue_states
                SET plan_version = plan_version + $2,
                    planned_at = $3, tolerance_active = $4, delay_active = $5,
                    next_date = $6, next_forecast_at = $7, updated_at = $3
              WHERE company_id = $1",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<BigInt, _>(s.bump)
        .bind::<Timestamptz, _>(s.planned_at)
        .bind::<Bool, _>(s.tolerance_active)
        .bind::<Bool, _>(s.delay_active)
        .bind::<Nullable<Date>, _>(s.next_date)
        .bind::<Nullable<Timestamptz>, _>(s.next_forecast_at)
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }

    fn queue_driver(&mut self, driver_id: i64) -> AppResult<Option<QueueDriverRecord>> {
        let row: Option<DriverRow> =
            diesel::sql_query("SELECT id, company_id, name, is_enabled FROM drivers WHERE id = $1")
                .bind::<BigInt, _>(driver_id)
                .get_result(self.conn)
                .optional()
                .map_err(db_error)?;
        Ok(row.map(|r| QueueDriverRecord {
            id: r.id,
            company_id: r.company_id,
            name: r.name,
            is_enabled: r.is_enabled,
        }))
    }

    fn queue_truck(&mut self, truck_id: i64) -> AppResult<Option<QueueTruckRecord>> {
        let row: Option<TruckRow> = diesel::sql_query(
            "SELECT id, company_id, driver_id, license_plate, is_enabled FROM trucks WHERE id = $1",
        )
        .bind::<BigInt, _>(truck_id)
        .get_result(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map(|r| QueueTruckRecord {
            id: r.id,
            company_id: r.company_id,
            driver_id: r.driver_id,
            license_plate: r.license_plate,
            is_enabled: r.is_enabled,
        }))
    }

    fn queue_scheduling(&mut self, scheduling_id: i64) -> AppResult<Option<QueueSchedulingRecord>> {
        let row: Option<SchedulingRow> = diesel::sql_query(
            "SELECT s.id, s.company_id, s.driver_id, s.truck_id, s.status,
                    (s.exped_initial_date IS NOT NULL) AS started, s.expiration_date,
                    o.code AS order_code
               FROM schedulings s JOIN orders o ON o.id = s.order_id
              WHERE s.id = $1",
        )
        .bind::<BigInt, _>(scheduling_id)
        .get_result(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map(|r| QueueSchedulingRecord {
            id: r.id,
            company_id: r.company_id,
            driver_id: r.driver_id,
            truck_id: r.truck_id,
            finished: r.status,
            started: r.started,
            expiration_date: r.expiration_date,
            order_code: r.order_code,
        }))
    }

    fn has_active_entry(
        &mut self,
        company_id: i64,
        driver_id: i64,
        truck_id: i64,
    ) -> AppResult<bool> {
        let row: BoolRow = diesel::sql_query(format!(
            "SELECT EXISTS (SELECT 1 FROM queue_entries
                             WHERE company_id = $1 AND status IN {ACTIVE}
                               AND (driver_id = $2 OR truck_id = $3)) AS v"
        ))
        .bind::<BigInt, _>(company_id)
        .bind::<BigInt, _>(driver_id)
        .bind::<BigInt, _>(truck_id)
        .get_result(self.conn)
        .map_err(db_error)?;
        Ok(row.v)
    }

    fn driver_faults(
        &mut self,
        company_id: i64,
        driver_id: i64,
        since: DateTime<Utc>,
    ) -> AppResult<Vec<DateTime<Utc>>> {
        let rows: Vec<AtRow> = diesel::sql_query(
            "SELECT closed_at AS at FROM queue_entries
              WHERE driver_id = $2 AND company_id = $1
                AND status IN ('faulty', 'tolerance_dropped') AND closed_at >= $3",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<BigInt, _>(driver_id)
        .bind::<Timestamptz, _>(since)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(|r| r.at).collect())
    }

    fn insert_queue_entry(&mut self, e: &NewQueueEntry) -> AppResult<i64> {
        let row: IdRow = diesel::sql_query(
            "INSERT INTO queue_entries
                 (company_id, driver_id, truck_id, scheduling_id, status, joined_at, created_at)
             VALUES ($1, $2, $3, $4, 'waiting', $5, $5) RETURNING id",
        )
        .bind::<BigInt, _>(e.company_id)
        .bind::<BigInt, _>(e.driver_id)
        .bind::<BigInt, _>(e.truck_id)
        .bind::<Nullable<BigInt>, _>(e.scheduling_id)
        .bind::<Timestamptz, _>(e.joined_at)
        .get_result(self.conn)
        .map_err(db_error)?;
        Ok(row.id)
    }

    fn active_entries_among(
        &mut self,
        company_id: i64,
        driver_ids: &[i64],
        truck_ids: &[i64],
    ) -> AppResult<Vec<(i64, i64)>> {
        let rows: Vec<PairRow> = diesel::sql_query(format!(
            "SELECT driver_id, truck_id FROM queue_entries
              WHERE company_id = $1 AND status IN {ACTIVE}
                AND (driver_id = ANY($2) OR truck_id = ANY($3))"
        ))
        .bind::<BigInt, _>(company_id)
        .bind::<Array<BigInt>, _>(driver_ids)
        .bind::<Array<BigInt>, _>(truck_ids)
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| (r.driver_id, r.truck_id))
            .collect())
    }

    fn insert_queue_entries(&mut self, entries: &[NewQueueEntry]) -> AppResult<Vec<i64>> {
        if entries.is_empty() {
            return Ok(Vec::new());
        }
        let column = |f: fn(&NewQueueEntry) -> i64| entries.iter().map(f).collect::<Vec<_>>();
        let schedulings: Vec<Option<i64>> = entries.iter().map(|e| e.scheduling_id).collect();
        let joined: Vec<DateTime<Utc>> = entries.iter().map(|e| e.joined_at).collect();
        // Ids come from the identity in row order (ORDER BY n); matched back by driver, which
        // the unique index makes one active entry per company.
        let rows: Vec<PairRow> = diesel::sql_query(
            "INSERT INTO queue_entries
                 (company_id, driver_id, truck_id, scheduling_id, status, joined_at, created_at)
             SELECT v.company_id, v.driver_id, v.truck_id, v.scheduling_id, 'waiting',
                    v.joined_at, v.joined_at
               FROM unnest($1::int8[], $2::int8[], $3::int8[], $4::int8[], $5::timestamptz[])
                    WITH ORDINALITY AS v(company_id, driver_id, truck_id, scheduling_id,
                                         joined_at, n)
              ORDER BY v.n
             RETURNING driver_id, id AS truck_id",
        )
        .bind::<Array<BigInt>, _>(column(|e| e.company_id))
        .bind::<Array<BigInt>, _>(column(|e| e.driver_id))
        .bind::<Array<BigInt>, _>(column(|e| e.truck_id))
        .bind::<Array<Nullable<BigInt>>, _>(schedulings)
        .bind::<Array<Timestamptz>, _>(joined)
        .load(self.conn)
        .map_err(db_error)?;
        let by_driver: std::collections::HashMap<i64, i64> = rows
            .into_iter()
            .map(|r| (r.driver_id, r.truck_id))
            .collect();
        entries
            .iter()
            .map(|e| {
                by_driver.get(&e.driver_id).copied().ok_or_else(|| {
                    patio_application::AppError::internal("inserted entry not returned")
                })
            })
            .collect()
    }

    fn close_queue_entry(&mut self, id: i64, status: &str, at: DateTime<Utc>) -> AppResult<bool> {
        let n = diesel::sql_query(format!(
            "UPDATE queue_entries
                SET status = $2, closed_at = $3, position = 0, in_tolerance = FALSE
              WHERE id = $1 AND status IN {ACTIVE}"
        ))
        .bind::<BigInt, _>(id)
        .bind::<Text, _>(status)
        .bind::<Timestamptz, _>(at)
        .execute(self.conn)
        .map_err(db_error)?;
        Ok(n == 1)
    }

    fn pin_entries(&mut self, pins: &[(i64, NaiveDate)]) -> AppResult<()> {
        if pins.is_empty() {
            return Ok(());
        }
        let ids: Vec<i64> = pins.iter().map(|p| p.0).collect();
        let days: Vec<NaiveDate> = pins.iter().map(|p| p.1).collect();
        diesel::sql_query(
            "UPDATE queue_entries q SET planned_day = v.day
               FROM unnest($1::int8[], $2::date[]) AS v(id, day)
              WHERE q.id = v.id",
        )
        .bind::<Array<BigInt>, _>(ids)
        .bind::<Array<Date>, _>(days)
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }

    fn clear_pins(&mut self, company_id: i64) -> AppResult<u64> {
        let n = diesel::sql_query(format!(
            "UPDATE queue_entries SET planned_day = NULL
              WHERE company_id = $1 AND status IN {ACTIVE} AND planned_day IS NOT NULL"
        ))
        .bind::<BigInt, _>(company_id)
        .execute(self.conn)
        .map_err(db_error)?;
        Ok(n as u64)
    }

    fn insert_dropout(&mut self, d: &NewDropout) -> AppResult<()> {
        diesel::sql_query(
            "INSERT INTO dropout_logs
                 (company_id, driver_id, truck_id, queue_entry_id, closed_at, date, ip, device,
                  created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $5)",
        )
        .bind::<BigInt, _>(d.company_id)
        .bind::<BigInt, _>(d.driver_id)
        .bind::<BigInt, _>(d.truck_id)
        .bind::<BigInt, _>(d.queue_entry_id)
        .bind::<Timestamptz, _>(d.closed_at)
        .bind::<Nullable<Date>, _>(d.date)
        .bind::<Nullable<Text>, _>(d.ip.as_deref())
        .bind::<Nullable<Text>, _>(d.device.as_deref())
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }
}
