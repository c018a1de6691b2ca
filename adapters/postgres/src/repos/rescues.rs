//! Rescues (issue 13, /recuperar): `queue_restores`.

use chrono::{DateTime, Utc};
use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::query_builder::{BoxedSqlQuery, SqlQuery};
use diesel::sql_types::{BigInt, Bool, Double, Nullable, Text, Timestamptz};
use patio_application::queue::rescue_ports::{NewRescue, RescueFilter, RescueRecord, RescueRepo};
use patio_application::AppResult;
use patio_domain::admin::listing::search_text;
use patio_domain::fleet::trucks::plate_pattern;

use super::search::{folded_text, Total};
use crate::store::{db_error, PgRepos};

#[derive(QueryableByName)]
struct RescueRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Text)]
    company_name: String,
    #[diesel(sql_type = BigInt)]
    queue_entry_id: i64,
    #[diesel(sql_type = BigInt)]
    order_id: i64,
    #[diesel(sql_type = Text)]
    order_code: String,
    #[diesel(sql_type = Text)]
    driver_name: String,
    #[diesel(sql_type = Text)]
    license_plate: String,
    #[diesel(sql_type = Nullable<Text>)]
    shipping_company_name: Option<String>,
    #[diesel(sql_type = Double)]
    qty_transported: f64,
    #[diesel(sql_type = Bool)]
    status: bool,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    restored_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    missed_at: Option<DateTime<Utc>>,
}

impl From<RescueRow> for RescueRecord {
    fn from(r: RescueRow) -> Self {
        RescueRecord {
            id: r.id,
            company_id: r.company_id,
            company_name: r.company_name,
            queue_entry_id: r.queue_entry_id,
            order_id: r.order_id,
            order_code: r.order_code,
            driver_name: r.driver_name,
            license_plate: r.license_plate,
            shipping_company_name: r.shipping_company_name,
            qty_transported: r.qty_transported,
            status: r.status,
            created_at: r.created_at,
            restored_at: r.restored_at,
            missed_at: r.missed_at,
        }
    }
}

/// A searched page's row with the number of rescues the search found.
#[derive(QueryableByName)]
struct CountedRow {
    #[diesel(embed)]
    rescue: RescueRow,
    #[diesel(sql_type = BigInt)]
    total: i64,
}

#[derive(QueryableByName)]
struct Flag {
    #[diesel(sql_type = Bool)]
    v: bool,
}

#[derive(QueryableByName)]
struct At {
    #[diesel(sql_type = Nullable<Timestamptz>)]
    v: Option<DateTime<Utc>>,
}

#[derive(QueryableByName)]
struct Id {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

/// The rescues with their entry (`q`, closed when the vehicle missed its call) and the entry's
/// loading (`s`, whose carrier the Transportadora's filter and the carrier column read); a
/// `WHERE` and the page's order and limit follow.
const ROWS: &str = "SELECT r.id, r.company_id, r.queue_entry_id, r.order_id, r.driver_id,
        r.truck_id, r.qty_transported, r.status, r.created_at, r.restored_at,
        q.closed_at AS missed_at, s.shipping_company_id AS loading_carrier
   FROM queue_restores r
   JOIN queue_entries q ON q.id = r.queue_entry_id
   LEFT JOIN schedulings s ON s.id = q.scheduling_id";

/// The rows of `rows` (a [`ROWS`] statement) with their names, each looked up by its key for
/// the page's rows only. Joined in one statement (rescue, company, order, driver, truck, entry,
/// loading, carrier), the planner searched the orders of eight tables on every call: 10-30 ms
/// of planning for 0.3 ms of execution on the three-year bench. The keys are NOT NULL foreign
/// keys, so every lookup finds its row, as the inner joins did.
fn named(rows: &str) -> String {
    format!(
        "SELECT p.id, p.company_id,
        (SELECT c.name FROM companies c WHERE c.id = p.company_id) AS company_name,
        p.queue_entry_id, p.order_id,
        (SELECT o.code FROM orders o WHERE o.id = p.order_id) AS order_code,
        (SELECT d.name FROM drivers d WHERE d.id = p.driver_id) AS driver_name,
        (SELECT t.license_plate FROM trucks t WHERE t.id = p.truck_id) AS license_plate,
        COALESCE((SELECT sc.name FROM shipping_companies sc WHERE sc.id = p.loading_carrier),
                 (SELECT string_agg(x.name, ', ' ORDER BY x.name)
                    FROM order_shipping_companies os
                    JOIN shipping_companies x ON x.id = os.shipping_company_id
                   WHERE os.order_id = p.order_id)) AS shipping_company_name,
        p.qty_transported::float8 AS qty_transported, p.status, p.created_at, p.restored_at,
        p.missed_at
   FROM ({rows}) p
  ORDER BY p.created_at DESC, p.id DESC"
    )
}

/// The pending rescues' conditions: `$1` the company, `$2` the shipping company (through the
/// entry's loading `s`, or the order's carriers for a freelancer), `$3` the folded text and `$4`
/// the plate pattern. The driver's name is the rescue's own `driver_name_fold` (kept by triggers,
/// migration 20261208002800; a trigram index over the pending rescues): through the drivers'
/// index "joão" read the 2,500 JOÃO drivers to keep the administrator's 2 of 1,241 pending
/// rescues (1.1 ms of the search's 1.9 on the three-year bench), by key 1,198 drivers. A
/// company's search (`scoped`) looks up each rescue's truck by key: a company has a few pending
/// rescues. Over every company the plate's trigram matches, hashed, stay cheaper. The order's
/// code, folded by an expression, is read through its trigram index (few codes match a name).
/// Joined, the planner hashed every order of every company against the pending rescues.
fn pending_where(shipping: bool, scoped: bool) -> String {
    let mut w =
        String::from("WHERE r.status = FALSE AND ($1::bigint IS NULL OR r.company_id = $1)");
    if shipping {
        w.push_str(
            " AND ($2::bigint IS NULL OR s.shipping_company_id = $2
                   OR (s.shipping_company_id IS NULL
                       AND EXISTS (SELECT 1 FROM order_shipping_companies os
                                    WHERE os.order_id = r.order_id
                                      AND os.shipping_company_id = $2)))",
        );
    }
    let truck = if scoped {
        "EXISTS (SELECT 1 FROM trucks x WHERE x.id = r.truck_id AND x.license_plate LIKE $4)"
    } else {
        "r.truck_id IN (SELECT x.id FROM trucks x WHERE x.license_plate LIKE $4)"
    };
    w.push_str(&format!(
        " AND ($3::text IS NULL OR {truck} OR r.driver_name_fold LIKE $3
               OR r.order_id IN (SELECT x.id FROM orders x
                                  WHERE patio_fold(x.code) LIKE $3))"
    ));
    w
}

/// The search's folded text and plate pattern. Typed wildcards are literal; names and codes
/// without accents or case; the plate by its letters and digits (stored upper-case without
/// separators). Folded here, once: a generic plan folded `patio_fold($3)` on every row it
/// checked.
fn search_patterns(
    conn: &mut PgConnection,
    filter: &RescueFilter,
) -> QueryResult<(Option<String>, Option<String>)> {
    let search = search_text(filter.search.as_deref());
    let plate = search.as_ref().and_then(plate_pattern);
    let pattern = search
        .as_ref()
        .map(|s| folded_text(conn, &s.pattern))
        .transpose()?;
    Ok((pattern, plate))
}

/// The page of pending rescues, newest first.
fn pending_page(
    filter: &RescueFilter,
    pattern: &Option<String>,
    plate: &Option<String>,
    offset: i64,
    limit: i64,
) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
    let sql = named(&format!(
        "{ROWS} {}
          ORDER BY r.created_at DESC, r.id DESC
          OFFSET $5 LIMIT $6",
        pending_where(true, filter.company_id.is_some())
    ));
    bound(sql, filter, pattern, plate, offset, limit)
}

/// A page statement with its parameters `$1`..`$6` (see [`pending_where`]).
fn bound(
    sql: String,
    filter: &RescueFilter,
    pattern: &Option<String>,
    plate: &Option<String>,
    offset: i64,
    limit: i64,
) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
    diesel::sql_query(sql)
        .into_boxed()
        .bind::<Nullable<BigInt>, _>(filter.company_id)
        .bind::<Nullable<BigInt>, _>(filter.shipping_company_id)
        .bind::<Nullable<Text>, _>(pattern.clone())
        .bind::<Nullable<Text>, _>(plate.clone())
        .bind::<BigInt, _>(offset)
        .bind::<BigInt, _>(limit)
}

/// A searched page and its total in one statement: the search's matches are found once (the
/// names' trigram indexes read 2,500 drivers for "joão" on the three-year bench), where a page
/// and a count apart read them twice.
fn searched_page(
    filter: &RescueFilter,
    pattern: &Option<String>,
    plate: &Option<String>,
    offset: i64,
    limit: i64,
) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
    let page = named("SELECT * FROM m ORDER BY created_at DESC, id DESC OFFSET $5 LIMIT $6");
    let sql = format!(
        "WITH m AS MATERIALIZED ({ROWS} {})
         SELECT n.*, (SELECT count(*) FROM m) AS total FROM ({page}) n
          ORDER BY n.created_at DESC, n.id DESC",
        pending_where(true, filter.company_id.is_some())
    );
    bound(sql, filter, pattern, plate, offset, limit)
}

/// The plan (`EXPLAIN (ANALYZE)`) of the page statement [`RescueRepo::pending_rescues`] sends.
#[cfg(feature = "testkit")]
pub(crate) fn explain_pending_page(
    conn: &mut PgConnection,
    filter: &RescueFilter,
    offset: i64,
    limit: i64,
) -> QueryResult<String> {
    let (pattern, plate) = search_patterns(conn, filter)?;
    let q = match pattern {
        Some(_) => searched_page(filter, &pattern, &plate, offset, limit),
        None => pending_page(filter, &pattern, &plate, offset, limit),
    };
    let lines: Vec<String> = super::search::Explain(&q).load(conn)?;
    Ok(lines.join("\n"))
}

impl RescueRepo for PgRepos<'_> {
    fn insert_rescue(&mut self, n: &NewRescue) -> AppResult<i64> {
        let row: Id = diesel::sql_query(
            "INSERT INTO queue_restores (company_id, order_id, queue_entry_id, driver_id, truck_id,
                                         qty_transported, created_at)
             VALUES ($1, $2, $3, $4, $5, round($6::numeric, 3), $7) RETURNING id",
        )
        .bind::<BigInt, _>(n.company_id)
        .bind::<BigInt, _>(n.order_id)
        .bind::<BigInt, _>(n.queue_entry_id)
        .bind::<BigInt, _>(n.driver_id)
        .bind::<BigInt, _>(n.truck_id)
        .bind::<Double, _>(n.qty_transported)
        .bind::<Timestamptz, _>(n.at)
        .get_result(self.conn)
        .map_err(db_error)?;
        Ok(row.id)
    }

    fn rescue(&mut self, id: i64) -> AppResult<Option<RescueRecord>> {
        let row: Option<RescueRow> = diesel::sql_query(named(&format!("{ROWS} WHERE r.id = $1")))
            .bind::<BigInt, _>(id)
            .get_result(self.conn)
            .optional()
            .map_err(db_error)?;
        Ok(row.map(RescueRecord::from))
    }

    fn pending_rescue_of(&mut self, queue_entry_id: i64) -> AppResult<bool> {
        let f: Flag = diesel::sql_query(
            "SELECT EXISTS (SELECT 1 FROM queue_restores
                             WHERE queue_entry_id = $1 AND status = FALSE) AS v",
        )
        .bind::<BigInt, _>(queue_entry_id)
        .get_result(self.conn)
        .map_err(db_error)?;
        Ok(f.v)
    }

    fn pending_rescues(
        &mut self,
        filter: &RescueFilter,
        offset: i64,
        limit: i64,
    ) -> AppResult<(Vec<RescueRecord>, i64)> {
        let (pattern, plate) = search_patterns(self.conn, filter).map_err(db_error)?;
        if pattern.is_some() {
            let rows: Vec<CountedRow> = searched_page(filter, &pattern, &plate, offset, limit)
                .load(self.conn)
                .map_err(db_error)?;
            if let Some(total) = rows.first().map(|r| r.total) {
                let rows = rows.into_iter().map(|r| RescueRecord::from(r.rescue));
                return Ok((rows.collect(), total));
            }
            if offset == 0 {
                return Ok((Vec::new(), 0));
            }
        }
        let rows: Vec<RescueRow> = pending_page(filter, &pattern, &plate, offset, limit)
            .load(self.conn)
            .map_err(db_error)?;
        // Counted apart, joining only what the filter reads: a window count joined every
        // pending rescue with its order, driver, truck and entry before the page's limit.
        let shipping = filter.shipping_company_id.is_some();
        let mut from = String::from("FROM queue_restores r");
        if shipping {
            from.push_str(
                " JOIN queue_entries q ON q.id = r.queue_entry_id
                  LEFT JOIN schedulings s ON s.id = q.scheduling_id",
            );
        }
        let total: Total = diesel::sql_query(format!(
            "SELECT count(*) AS total {from} {}",
            pending_where(shipping, filter.company_id.is_some())
        ))
        .bind::<Nullable<BigInt>, _>(filter.company_id)
        .bind::<Nullable<BigInt>, _>(filter.shipping_company_id)
        .bind::<Nullable<Text>, _>(pattern)
        .bind::<Nullable<Text>, _>(plate)
        .get_result(self.conn)
        .map_err(db_error)?;
        let total = total.total;
        Ok((rows.into_iter().map(RescueRecord::from).collect(), total))
    }

    fn approve_rescue(&mut self, id: i64, at: DateTime<Utc>) -> AppResult<bool> {
        let n = diesel::sql_query(
            "UPDATE queue_restores SET status = TRUE, restored_at = $2
              WHERE id = $1 AND status = FALSE",
        )
        .bind::<BigInt, _>(id)
        .bind::<Timestamptz, _>(at)
        .execute(self.conn)
        .map_err(db_error)?;
        Ok(n == 1)
    }

    fn entry_closed_at(&mut self, queue_entry_id: i64) -> AppResult<Option<DateTime<Utc>>> {
        let at: Option<At> =
            diesel::sql_query("SELECT closed_at AS v FROM queue_entries WHERE id = $1")
                .bind::<BigInt, _>(queue_entry_id)
                .get_result(self.conn)
                .optional()
                .map_err(db_error)?;
        Ok(at.and_then(|a| a.v))
    }

    fn loading_finished(&mut self, scheduling_id: i64) -> AppResult<bool> {
        let f: Option<Flag> =
            diesel::sql_query("SELECT status AS v FROM schedulings WHERE id = $1")
                .bind::<BigInt, _>(scheduling_id)
                .get_result(self.conn)
                .optional()
                .map_err(db_error)?;
        Ok(f.is_some_and(|f| f.v))
    }
}
