//! The yard (issue 13): dispatch actions on a queue entry and its loading, the panel's lists,
//! check-ins and calls.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Double, Nullable, Text, Timestamptz};
use patio_application::yard::ports::{CheckinRecord, YardEntryRecord, YardList, YardRepo};
use patio_application::yard::YardListRow;
use patio_application::AppResult;

use crate::store::{db_error, PgRepos};

#[derive(QueryableByName)]
struct EntryRow {
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
    #[diesel(sql_type = BigInt)]
    truck_id: i64,
    #[diesel(sql_type = Text)]
    license_plate: String,
    #[diesel(sql_type = Nullable<Date>)]
    date: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    attended_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    expedition: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<BigInt>)]
    scheduling_id: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    order_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    order_code: Option<String>,
    #[diesel(sql_type = Nullable<Double>)]
    qty_transported: Option<f64>,
    #[diesel(sql_type = Bool)]
    checked_in: bool,
}

#[derive(QueryableByName)]
struct ListRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = Text)]
    driver_name: String,
    #[diesel(sql_type = Nullable<Text>)]
    driver_phone: Option<String>,
    #[diesel(sql_type = BigInt)]
    truck_id: i64,
    #[diesel(sql_type = Text)]
    license_plate: String,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Nullable<Date>)]
    date: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    attended_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    expedition: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    closed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<BigInt>)]
    scheduling_id: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    order_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    order_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    customer_name: Option<String>,
    #[diesel(sql_type = Nullable<Double>)]
    qty_transported: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    net_capacity: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    order_ordered: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    order_delivered_others: Option<f64>,
    #[diesel(sql_type = Nullable<Text>)]
    ip: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    device: Option<String>,
}

#[derive(QueryableByName)]
struct CheckinRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = BigInt)]
    queue_entry_id: i64,
    #[diesel(sql_type = Text)]
    queue_status: String,
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = Text)]
    driver_name: String,
    #[diesel(sql_type = BigInt)]
    truck_id: i64,
    #[diesel(sql_type = Text)]
    license_plate: String,
    #[diesel(sql_type = Array<BigInt>)]
    shipping_company_ids: Vec<i64>,
    #[diesel(sql_type = Bool)]
    is_present: bool,
    #[diesel(sql_type = Bool)]
    status: bool,
    #[diesel(sql_type = Bool)]
    is_calling: bool,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    called_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    updated_at: DateTime<Utc>,
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

#[derive(QueryableByName)]
struct ConfigRow {
    #[diesel(sql_type = Nullable<Text>)]
    checkin_ip: Option<String>,
    #[diesel(sql_type = Bool)]
    enable_checkin: bool,
}

const ENTRY_SELECT: &str = "
    SELECT q.id, q.company_id, q.status, q.driver_id, d.name AS driver_name, q.truck_id,
           t.license_plate, q.date, q.attended_at, q.expedition, q.scheduling_id,
           s.order_id, o.code AS order_code, s.qty_transported::float8 AS qty_transported,
           COALESCE((SELECT c.is_present FROM checkins c WHERE c.queue_entry_id = q.id
                      ORDER BY c.created_at DESC, c.id DESC LIMIT 1), FALSE) AS checked_in
      FROM queue_entries q
      JOIN drivers d ON d.id = q.driver_id
      JOIN trucks t ON t.id = q.truck_id
      LEFT JOIN schedulings s ON s.id = q.scheduling_id
      LEFT JOIN orders o ON o.id = s.order_id";

const CHECKIN_SELECT: &str = "
    SELECT c.id, c.company_id, c.queue_entry_id, q.status AS queue_status, c.driver_id,
           d.name AS driver_name, q.truck_id, t.license_plate, c.is_present, c.status,
           c.is_calling, c.called_at, c.created_at, c.updated_at,
           array_remove(ARRAY[t.shipping_company_id, d.shipping_company_id,
                              s.shipping_company_id], NULL) AS shipping_company_ids
      FROM checkins c
      JOIN queue_entries q ON q.id = c.queue_entry_id
      JOIN drivers d ON d.id = c.driver_id
      JOIN trucks t ON t.id = q.truck_id
      LEFT JOIN schedulings s ON s.id = q.scheduling_id";

impl From<CheckinRow> for CheckinRecord {
    fn from(r: CheckinRow) -> Self {
        CheckinRecord {
            id: r.id,
            company_id: r.company_id,
            queue_entry_id: r.queue_entry_id,
            queue_status: r.queue_status,
            driver_id: r.driver_id,
            driver_name: r.driver_name,
            truck_id: r.truck_id,
            license_plate: r.license_plate,
            shipping_company_ids: r.shipping_company_ids,
            is_present: r.is_present,
            status: r.status,
            is_calling: r.is_calling,
            called_at: r.called_at,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

impl PgRepos<'_> {
    fn one_id(&mut self, sql: &str, id: i64) -> AppResult<Option<i64>> {
        let row: Option<IdRow> = diesel::sql_query(sql)
            .bind::<BigInt, _>(id)
            .get_result(self.conn)
            .optional()
            .map_err(db_error)?;
        Ok(row.map(|r| r.id))
    }

    fn checkins_where(
        &mut self,
        filter: &str,
        id: i64,
        limit: i64,
    ) -> AppResult<Vec<CheckinRecord>> {
        let rows: Vec<CheckinRow> = diesel::sql_query(format!("{CHECKIN_SELECT} {filter}"))
            .bind::<BigInt, _>(id)
            .bind::<BigInt, _>(limit)
            .load(self.conn)
            .map_err(db_error)?;
        Ok(rows.into_iter().map(CheckinRecord::from).collect())
    }
}

impl YardRepo for PgRepos<'_> {
    fn yard_entry(&mut self, id: i64) -> AppResult<Option<YardEntryRecord>> {
        let row: Option<EntryRow> = diesel::sql_query(format!("{ENTRY_SELECT} WHERE q.id = $1"))
            .bind::<BigInt, _>(id)
            .get_result(self.conn)
            .optional()
            .map_err(db_error)?;
        Ok(row.map(|r| YardEntryRecord {
            id: r.id,
            company_id: r.company_id,
            status: r.status,
            driver_id: r.driver_id,
            driver_name: r.driver_name,
            truck_id: r.truck_id,
            license_plate: r.license_plate,
            date: r.date,
            attended_at: r.attended_at,
            expedition: r.expedition,
            scheduling_id: r.scheduling_id,
            order_id: r.order_id,
            order_code: r.order_code,
            qty_transported: r.qty_transported,
            checked_in: r.checked_in,
        }))
    }

    fn loading_entry(&mut self, scheduling_id: i64) -> AppResult<Option<i64>> {
        self.one_id(
            "SELECT id FROM queue_entries WHERE scheduling_id = $1 AND status = 'loading'
              ORDER BY id DESC LIMIT 1",
            scheduling_id,
        )
    }

    fn attended_entry(&mut self, scheduling_id: i64) -> AppResult<Option<i64>> {
        self.one_id(
            "SELECT id FROM queue_entries WHERE scheduling_id = $1 AND status = 'attended'
              ORDER BY id DESC LIMIT 1",
            scheduling_id,
        )
    }

    fn start_loading(&mut self, id: i64, at: DateTime<Utc>) -> AppResult<bool> {
        let n = diesel::sql_query(
            "UPDATE queue_entries SET status = 'loading', expedition = $2, position = 0,
                    in_tolerance = FALSE
              WHERE id = $1 AND status = 'waiting'",
        )
        .bind::<BigInt, _>(id)
        .bind::<Timestamptz, _>(at)
        .execute(self.conn)
        .map_err(db_error)?;
        if n != 1 {
            return Ok(false);
        }
        diesel::sql_query(
            "UPDATE schedulings s SET exped_initial_date = $2, updated_at = $2
               FROM queue_entries q WHERE q.id = $1 AND s.id = q.scheduling_id",
        )
        .bind::<BigInt, _>(id)
        .bind::<Timestamptz, _>(at)
        .execute(self.conn)
        .map_err(db_error)?;
        Ok(true)
    }

    fn return_to_queue(&mut self, id: i64) -> AppResult<bool> {
        let n = diesel::sql_query(
            "UPDATE queue_entries SET status = 'waiting', expedition = NULL
              WHERE id = $1 AND status = 'loading'",
        )
        .bind::<BigInt, _>(id)
        .execute(self.conn)
        .map_err(db_error)?;
        if n != 1 {
            return Ok(false);
        }
        diesel::sql_query(
            "UPDATE schedulings s SET exped_initial_date = NULL, updated_at = now()
               FROM queue_entries q WHERE q.id = $1 AND s.id = q.scheduling_id",
        )
        .bind::<BigInt, _>(id)
        .execute(self.conn)
        .map_err(db_error)?;
        Ok(true)
    }

    fn complete_loading(
        &mut self,
        id: i64,
        from_status: &str,
        qty_transported: f64,
        started_at: DateTime<Utc>,
        ended_at: DateTime<Utc>,
    ) -> AppResult<bool> {
        let n = diesel::sql_query(
            "UPDATE queue_entries SET status = 'attended', attended = TRUE, attended_at = $2,
                    closed_at = $2, position = 0, in_tolerance = FALSE
              WHERE id = $1 AND status = $3",
        )
        .bind::<BigInt, _>(id)
        .bind::<Timestamptz, _>(ended_at)
        .bind::<Text, _>(from_status)
        .execute(self.conn)
        .map_err(db_error)?;
        if n != 1 {
            return Ok(false);
        }
        diesel::sql_query(
            "UPDATE schedulings s
                SET status = TRUE, qty_transported = round($2::numeric, 3),
                    exped_initial_date = $3, exped_date = $4, updated_at = $4
               FROM queue_entries q WHERE q.id = $1 AND s.id = q.scheduling_id",
        )
        .bind::<BigInt, _>(id)
        .bind::<Double, _>(qty_transported)
        .bind::<Timestamptz, _>(started_at)
        .bind::<Timestamptz, _>(ended_at)
        .execute(self.conn)
        .map_err(db_error)?;
        Ok(true)
    }

    fn set_loading_weight(&mut self, scheduling_id: i64, qty_transported: f64) -> AppResult<()> {
        diesel::sql_query(
            "UPDATE schedulings SET qty_transported = round($2::numeric, 3), updated_at = now()
              WHERE id = $1",
        )
        .bind::<BigInt, _>(scheduling_id)
        .bind::<Double, _>(qty_transported)
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }

    fn attach_loading(&mut self, id: i64, scheduling_id: i64) -> AppResult<bool> {
        let n = diesel::sql_query(
            "UPDATE queue_entries SET scheduling_id = $2 WHERE id = $1 AND scheduling_id IS NULL",
        )
        .bind::<BigInt, _>(id)
        .bind::<BigInt, _>(scheduling_id)
        .execute(self.conn)
        .map_err(db_error)?;
        Ok(n == 1)
    }

    fn change_entry_driver(&mut self, id: i64, driver_id: i64) -> AppResult<()> {
        diesel::sql_query("UPDATE queue_entries SET driver_id = $2 WHERE id = $1")
            .bind::<BigInt, _>(id)
            .bind::<BigInt, _>(driver_id)
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::sql_query(
            "UPDATE schedulings s SET driver_id = $2, updated_at = now()
               FROM queue_entries q WHERE q.id = $1 AND s.id = q.scheduling_id",
        )
        .bind::<BigInt, _>(id)
        .bind::<BigInt, _>(driver_id)
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }

    fn reopen_loading(&mut self, scheduling_id: i64) -> AppResult<()> {
        diesel::sql_query(
            "UPDATE schedulings SET status = FALSE, exped_initial_date = NULL, updated_at = now()
              WHERE id = $1",
        )
        .bind::<BigInt, _>(scheduling_id)
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }

    fn yard_list(
        &mut self,
        company_id: i64,
        list: YardList,
        since: DateTime<Utc>,
        plate: Option<&str>,
    ) -> AppResult<Vec<YardListRow>> {
        let phone = "(SELECT ct.fone FROM contacts ct WHERE ct.driver_id = d.id
                        ORDER BY ct.id LIMIT 1)";
        let order_load = super::queue_reads::order_load_columns!();
        let sql = match list {
            YardList::Missing | YardList::Attended => {
                let filter = if list == YardList::Missing {
                    "q.status IN ('faulty', 'tolerance_dropped') AND q.closed_at >= $2"
                } else {
                    "q.status = 'attended' AND q.attended_at >= $2"
                };
                format!(
                    "SELECT q.id, q.driver_id, d.name AS driver_name, {phone} AS driver_phone,
                            q.truck_id, t.license_plate, q.status, q.date, q.attended_at,
                            q.expedition, q.closed_at, q.scheduling_id, s.order_id,
                            o.code AS order_code, cu.name AS customer_name,
                            s.qty_transported::float8 AS qty_transported,
                            t.net_capacity::float8 AS net_capacity, {order_load},
                            NULL::text AS ip, NULL::text AS device
                       FROM queue_entries q
                       JOIN drivers d ON d.id = q.driver_id
                       JOIN trucks t ON t.id = q.truck_id
                       LEFT JOIN schedulings s ON s.id = q.scheduling_id
                       LEFT JOIN orders o ON o.id = s.order_id
                       LEFT JOIN customers cu ON cu.id = o.customer_id
                      WHERE q.company_id = $1 AND {filter}
                        AND ($3::text IS NULL OR t.license_plate LIKE '%' || $3 || '%')
                      ORDER BY COALESCE(q.attended_at, q.closed_at) DESC, q.id DESC"
                )
            }
            YardList::Dropouts => format!(
                "SELECT l.id, l.driver_id, d.name AS driver_name, {phone} AS driver_phone,
                        l.truck_id, t.license_plate, 'left'::text AS status, l.date,
                        NULL::timestamptz AS attended_at, NULL::timestamptz AS expedition,
                        l.closed_at, q.scheduling_id, s.order_id, o.code AS order_code,
                        cu.name AS customer_name, NULL::float8 AS qty_transported,
                        t.net_capacity::float8 AS net_capacity, {order_load},
                        l.ip, l.device
                   FROM dropout_logs l
                   JOIN drivers d ON d.id = l.driver_id
                   JOIN trucks t ON t.id = l.truck_id
                   LEFT JOIN queue_entries q ON q.id = l.queue_entry_id
                   LEFT JOIN schedulings s ON s.id = q.scheduling_id
                   LEFT JOIN orders o ON o.id = s.order_id
                   LEFT JOIN customers cu ON cu.id = o.customer_id
                  WHERE l.company_id = $1 AND l.closed_at >= $2
                    AND ($3::text IS NULL OR t.license_plate LIKE '%' || $3 || '%')
                  ORDER BY l.closed_at DESC, l.id DESC"
            ),
        };
        let rows: Vec<ListRow> = diesel::sql_query(sql)
            .bind::<BigInt, _>(company_id)
            .bind::<Timestamptz, _>(since)
            .bind::<Nullable<Text>, _>(plate)
            .load(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| YardListRow {
                id: r.id,
                driver_id: r.driver_id,
                driver_name: r.driver_name,
                driver_phone: r.driver_phone,
                truck_id: r.truck_id,
                license_plate: r.license_plate,
                status: r.status,
                date: r.date,
                attended_at: r.attended_at,
                expedition: r.expedition,
                closed_at: r.closed_at,
                scheduling_id: r.scheduling_id,
                order_id: r.order_id,
                order_code: r.order_code,
                customer_name: r.customer_name,
                qty_transported: r.qty_transported,
                net_capacity: r.net_capacity,
                order_balance: None,
                ip: r.ip,
                device: r.device,
                order_ordered: r.order_ordered,
                order_delivered_others: r.order_delivered_others,
            })
            .collect())
    }

    fn insert_checkin(
        &mut self,
        company_id: i64,
        queue_entry_id: i64,
        driver_id: i64,
        present: bool,
        at: DateTime<Utc>,
    ) -> AppResult<i64> {
        let row: IdRow = diesel::sql_query(
            "INSERT INTO checkins (company_id, queue_entry_id, driver_id, is_present, status,
                                   created_at, updated_at)
             VALUES ($1, $2, $3, $4, $4, $5, $5) RETURNING id",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<BigInt, _>(queue_entry_id)
        .bind::<BigInt, _>(driver_id)
        .bind::<Bool, _>(present)
        .bind::<Timestamptz, _>(at)
        .get_result(self.conn)
        .map_err(db_error)?;
        Ok(row.id)
    }

    fn checkin(&mut self, id: i64) -> AppResult<Option<CheckinRecord>> {
        Ok(self
            .checkins_where("WHERE c.id = $1 LIMIT $2", id, 1)?
            .pop())
    }

    fn latest_checkin(&mut self, queue_entry_id: i64) -> AppResult<Option<CheckinRecord>> {
        Ok(self
            .checkins_where(
                "WHERE c.queue_entry_id = $1 ORDER BY c.created_at DESC, c.id DESC LIMIT $2",
                queue_entry_id,
                1,
            )?
            .pop())
    }

    fn active_checkins(&mut self, company_id: i64) -> AppResult<Vec<CheckinRecord>> {
        self.checkins_where(
            "WHERE c.company_id = $1 AND c.is_present AND q.status IN ('waiting', 'loading')
               AND c.id = (SELECT l.id FROM checkins l WHERE l.queue_entry_id = q.id
                            ORDER BY l.created_at DESC, l.id DESC LIMIT 1)
             ORDER BY c.created_at LIMIT $2",
            company_id,
            10_000,
        )
    }

    fn called_checkins(&mut self, company_id: i64, limit: i64) -> AppResult<Vec<CheckinRecord>> {
        // A call of a driver the exchange took off the truck is not listed: the TV names the
        // driver on it (issue 22).
        self.checkins_where(
            "WHERE c.company_id = $1 AND c.called_at IS NOT NULL AND c.driver_id = q.driver_id
             ORDER BY c.called_at DESC, c.id DESC LIMIT $2",
            company_id,
            limit,
        )
    }

    fn end_checkins_of(&mut self, entry_ids: &[i64], at: DateTime<Utc>) -> AppResult<usize> {
        if entry_ids.is_empty() {
            return Ok(0);
        }
        diesel::sql_query(
            "UPDATE checkins SET is_present = FALSE, status = FALSE, is_calling = FALSE, updated_at = $2
              WHERE queue_entry_id = ANY($1) AND is_present",
        )
        .bind::<diesel::sql_types::Array<BigInt>, _>(entry_ids)
        .bind::<Timestamptz, _>(at)
        .execute(self.conn)
        .map_err(db_error)
    }

    fn set_checkin_call(&mut self, id: i64, calling: bool, at: DateTime<Utc>) -> AppResult<()> {
        diesel::sql_query(
            "UPDATE checkins SET is_calling = $2,
                    called_at = CASE WHEN $2 THEN $3 ELSE called_at END, updated_at = $3
              WHERE id = $1",
        )
        .bind::<BigInt, _>(id)
        .bind::<Bool, _>(calling)
        .bind::<Timestamptz, _>(at)
        .execute(self.conn)
        .map(|_| ())
        .map_err(db_error)
    }

    fn checkin_config(&mut self, company_id: i64) -> AppResult<(Option<String>, bool)> {
        let row: Option<ConfigRow> = diesel::sql_query(
            "SELECT checkin_ip, enable_checkin FROM settings WHERE company_id = $1",
        )
        .bind::<BigInt, _>(company_id)
        .get_result(self.conn)
        .optional()
        .map_err(db_error)?;
        Ok(row.map_or((None, false), |r| (r.checkin_ip, r.enable_checkin)))
    }
}
