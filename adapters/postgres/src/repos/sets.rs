//! Sets (conjuntos) and their linking to shipping companies.
//!
//! The sets list pages by key: `WHERE d.id > $after ORDER BY d.id LIMIT n`, walking the
//! primary key (or `(company_id, id)` / `(shipping_company_id, id)` for the scoped views), so a
//! deep page costs what the first one does. The optional filters are bound every time as
//! `($n IS NULL OR ...)`: diesel sends `sql_query` as an unnamed statement, which PostgreSQL
//! plans with the values bound, so an absent filter folds away.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Double, Integer, Nullable, Text, Timestamptz};
use patio_application::fleet::sets_ports::{
    CandidateDriver, CandidateTruck, GroupContactRecord, GroupQueueRecord, GroupRecord,
    GroupTruckRecord, GroupsFilter, LinkDriver, LinkTruck, LinkedPairRecord, SetsRepo,
    ShippingBrief, ShippingRecord,
};
use patio_application::model::Page;
use patio_application::AppResult;
use patio_domain::admin::listing::{PageRequest, SearchText};
use patio_domain::fleet::sets::{DriverSearch, QueueLabel};

use super::search::{folded_param, folded_text};
use crate::rows::{DriverRow, ShippingCompanyRow, TruckRow};
use crate::schema::{drivers, shipping_companies, trucks};
use crate::store::{db_error, PgRepos};

/// The columns of a set row: the driver, its company and shipping company, its newest queue
/// entry (an active one before any closed one) and its first contact. [`GROUPS_JOINS`] follows
/// the drivers (`d`).
const GROUPS_COLUMNS: &str = "SELECT d.id, d.name, d.cpf, d.birth_date, d.is_enabled, d.cnh,
        d.company_id, c.name AS company_name,
        sc.id AS shipping_id, sc.code AS shipping_code, sc.name AS shipping_name,
        ct.id AS contact_id, ct.name AS contact_name, ct.fone AS contact_fone,
        q.id AS queue_id, q.status AS queue_status, q.in_tolerance AS queue_in_tolerance,
        q.position AS queue_position, q.date AS queue_date,
        q.forecast_at AS queue_forecast_at, q.truck_id AS queue_truck_id,
        q.closed_at AS queue_closed_at, q.time_zone AS queue_time_zone";

/// The rest of a set row, joined to each driver of the page.
const GROUPS_JOINS: &str = "
   JOIN companies c ON c.id = d.company_id
   LEFT JOIN shipping_companies sc ON sc.id = d.shipping_company_id
   LEFT JOIN LATERAL (
        SELECT e.id, e.status, e.in_tolerance, e.position, e.date, e.forecast_at, e.truck_id,
               COALESCE(e.closed_at, e.attended_at) AS closed_at, s.time_zone
          FROM queue_entries e
          LEFT JOIN settings s ON s.company_id = e.company_id
         WHERE e.driver_id = d.id
         ORDER BY (e.status IN ('waiting', 'loading')) DESC, e.id DESC
         LIMIT 1) q ON TRUE
   LEFT JOIN LATERAL (
        SELECT k.id, k.name, k.fone FROM contacts k
         WHERE k.driver_id = d.id ORDER BY k.id LIMIT 1) ct ON TRUE";

/// The label filter in SQL: the same rule as `patio_domain::fleet::sets::queue_label` (and
/// `closed_on_local_day` for "today", in the entry company's zone), so a page holds only
/// matching rows. `{now}` is the placeholder of the current time.
fn label_condition(label: QueueLabel, now: &str) -> String {
    let today = format!(
        "(timezone(COALESCE(q.time_zone, 'America/Sao_Paulo'), q.closed_at))::date
         = (timezone(COALESCE(q.time_zone, 'America/Sao_Paulo'), {now}::timestamptz))::date"
    );
    match label {
        QueueLabel::Pending => "(q.status = 'waiting' AND NOT q.in_tolerance)".to_owned(),
        QueueLabel::Tolerance => "(q.status = 'waiting' AND q.in_tolerance)".to_owned(),
        QueueLabel::Attended => {
            format!("(q.status = 'loading' OR (q.status = 'attended' AND {today}))")
        }
        QueueLabel::Fault => {
            format!("(q.status IN ('faulty', 'tolerance_dropped') AND {today})")
        }
    }
}

type Boxed = diesel::query_builder::BoxedSqlQuery<'static, Pg, diesel::query_builder::SqlQuery>;

/// The trucks that count in a truck filter: a Transportadora's own only.
fn truck_scope(q: Boxed, p: &mut Placeholders, shipping: Option<i64>) -> Boxed {
    match shipping {
        Some(s) => q
            .sql(format!(" AND t.shipping_company_id = {}", p.next()))
            .bind::<BigInt, _>(s),
        None => q,
    }
}

/// The placeholders of a query built piece by piece: `$1`, `$2`, ...
#[derive(Default)]
struct Placeholders(usize);

impl Placeholders {
    fn next(&mut self) -> String {
        self.0 += 1;
        format!("${}", self.0)
    }
}

#[derive(QueryableByName)]
struct GroupRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    cpf: String,
    #[diesel(sql_type = Date)]
    birth_date: NaiveDate,
    #[diesel(sql_type = Bool)]
    is_enabled: bool,
    #[diesel(sql_type = Nullable<Text>)]
    cnh: Option<String>,
    #[diesel(sql_type = BigInt)]
    company_id: i64,
    #[diesel(sql_type = Text)]
    company_name: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    shipping_id: Option<i64>,
    #[diesel(sql_type = Nullable<Integer>)]
    shipping_code: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    shipping_name: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    contact_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    contact_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    contact_fone: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    queue_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    queue_status: Option<String>,
    #[diesel(sql_type = Nullable<Bool>)]
    queue_in_tolerance: Option<bool>,
    #[diesel(sql_type = Nullable<Integer>)]
    queue_position: Option<i32>,
    #[diesel(sql_type = Nullable<Date>)]
    queue_date: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    queue_forecast_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<BigInt>)]
    queue_truck_id: Option<i64>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    queue_closed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Text>)]
    queue_time_zone: Option<String>,
}

impl GroupRow {
    fn record(self) -> GroupRecord {
        let queue = match (self.queue_id, self.queue_status, self.queue_truck_id) {
            (Some(id), Some(status), Some(truck_id)) => Some(GroupQueueRecord {
                id,
                status,
                in_tolerance: self.queue_in_tolerance.unwrap_or(false),
                position: self.queue_position,
                date: self.queue_date,
                forecast_at: self.queue_forecast_at,
                truck_id,
                closed_at: self.queue_closed_at,
                time_zone: self.queue_time_zone,
            }),
            _ => None,
        };
        GroupRecord {
            id: self.id,
            name: self.name,
            cpf: self.cpf,
            birth_date: self.birth_date,
            is_enabled: self.is_enabled,
            cnh: self.cnh,
            first_contact: match (self.contact_id, self.contact_name) {
                (Some(id), Some(name)) => Some(GroupContactRecord {
                    id,
                    name,
                    fone: self.contact_fone,
                }),
                _ => None,
            },
            company_id: self.company_id,
            company_name: self.company_name,
            shipping_company: match (self.shipping_id, self.shipping_code, self.shipping_name) {
                (Some(id), Some(code), Some(name)) => Some(ShippingBrief { id, code, name }),
                _ => None,
            },
            trucks: Vec::new(),
            queue,
        }
    }
}

#[derive(QueryableByName)]
struct GroupTruckRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    driver_id: i64,
    #[diesel(sql_type = Text)]
    license_plate: String,
    #[diesel(sql_type = Bool)]
    is_enabled: bool,
    #[diesel(sql_type = Nullable<Text>)]
    implement_type: Option<String>,
    #[diesel(sql_type = Nullable<Double>)]
    net_capacity: Option<f64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    model_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    model_name: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    brand_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    brand_name: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    shipping_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    shipping_name: Option<String>,
}

fn both<A, B>(a: Option<A>, b: Option<B>) -> Option<(A, B)> {
    a.zip(b)
}

impl GroupTruckRow {
    fn record(self) -> (i64, GroupTruckRecord) {
        (
            self.driver_id,
            GroupTruckRecord {
                id: self.id,
                license_plate: self.license_plate,
                is_enabled: self.is_enabled,
                model: both(self.model_id, self.model_name),
                brand: both(self.brand_id, self.brand_name),
                implement_type: self.implement_type,
                net_capacity: self.net_capacity,
                shipping_company: both(self.shipping_id, self.shipping_name),
            },
        )
    }
}

/// The pairs bound to `$1`: bound trucks with their driver, and bound drivers that have no
/// bound truck.
const PAIRS_CTE: &str = "WITH pairs AS (
        SELECT t.id AS truck_id, t.license_plate, m.name AS model, b.name AS brand,
               t.driver_id AS truck_driver_id, d.id AS driver_id, d.name AS driver_name,
               d.cpf AS driver_cpf
          FROM trucks t
          LEFT JOIN truck_models m ON m.id = t.vehicle_model_id
          LEFT JOIN truck_brands b ON b.id = m.truck_brand_id
          LEFT JOIN drivers d ON d.id = t.driver_id
         WHERE t.shipping_company_id = $1
        UNION ALL
        SELECT NULL::bigint, NULL::text, NULL::text, NULL::text, NULL::bigint, d.id, d.name, d.cpf
          FROM drivers d
         WHERE d.shipping_company_id = $1
           AND NOT EXISTS (SELECT 1 FROM trucks t
                            WHERE t.driver_id = d.id AND t.shipping_company_id = $1))
    SELECT * FROM pairs
     WHERE ($2::text IS NULL OR license_plate ILIKE $2 OR patio_fold(driver_name) LIKE patio_fold($2)
            OR driver_cpf LIKE $3::text)";

#[derive(QueryableByName)]
struct PairRow {
    #[diesel(sql_type = Nullable<BigInt>)]
    truck_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    license_plate: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    model: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    brand: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    truck_driver_id: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    driver_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    driver_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    driver_cpf: Option<String>,
}

#[derive(QueryableByName)]
struct CountRow {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct CandidateTruckRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    license_plate: String,
    #[diesel(sql_type = Nullable<Text>)]
    model: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    brand: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    driver_id: Option<i64>,
}

impl CandidateTruckRow {
    fn record(self) -> CandidateTruck {
        CandidateTruck {
            id: self.id,
            license_plate: self.license_plate,
            model: self.model,
            brand: self.brand,
            driver_id: self.driver_id,
        }
    }
}

#[derive(QueryableByName)]
struct CandidateDriverRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    cpf: String,
}

impl PairRow {
    fn record(self) -> LinkedPairRecord {
        let truck = match (self.truck_id, self.license_plate) {
            (Some(id), Some(license_plate)) => Some(CandidateTruck {
                id,
                license_plate,
                model: self.model,
                brand: self.brand,
                driver_id: self.truck_driver_id,
            }),
            _ => None,
        };
        let driver = match (self.driver_id, self.driver_name, self.driver_cpf) {
            (Some(id), Some(name), Some(cpf)) => Some(CandidateDriver { id, name, cpf }),
            _ => None,
        };
        LinkedPairRecord { truck, driver }
    }
}

fn search_binds(s: Option<&DriverSearch>) -> (Option<String>, Option<String>) {
    match s {
        Some(s) => (Some(s.name_pattern.clone()), s.cpf_pattern.clone()),
        None => (None, None),
    }
}

/// A sets page: the drivers after the key, in the caller's scope, that pass every filter in
/// use, by id. Each step adds its condition and binds its values in placeholder order.
///
/// The drivers are chosen first, in a sub-select, and the page's rows joined to them after:
/// the planner does not move the page's limit below the joins, and a name search (its matches
/// come from the trigram index, unordered) joined the newest queue entry of every match before
/// keeping the first 15 by id — 125 "joão silva"s, 6 of the query's 7.5 ms on the bench
/// (issue 28). The queue filters test the joined entry, so with them the limit stays outside.
fn groups_query(f: &GroupsFilter) -> Boxed {
    let mut p = Placeholders::default();
    let q = diesel::sql_query(format!("{GROUPS_COLUMNS} FROM (SELECT d.* FROM drivers d"))
        .into_boxed::<Pg>()
        .sql(format!(" WHERE d.id > {}", p.next()))
        .bind::<BigInt, _>(f.after_id);
    let q = in_scope(q, &mut p, f);
    let q = driving_plate(q, &mut p, f);
    let q = matching_driver(q, &mut p, f);
    let q = without_truck(q, &mut p, f);
    let limit = i64::from(f.limit);
    if !f.in_queue && f.status.is_none() {
        return q
            .sql(format!(" ORDER BY d.id LIMIT {}) d", p.next()))
            .bind::<BigInt, _>(limit)
            .sql(GROUPS_JOINS)
            .sql(" ORDER BY d.id");
    }
    let q = q.sql(") d").sql(GROUPS_JOINS).sql(" WHERE TRUE");
    let q = in_queue_with_label(q, &mut p, f);
    q.sql(format!(" ORDER BY d.id LIMIT {}", p.next()))
        .bind::<BigInt, _>(limit)
}

/// The drivers of the company, and of the shipping company, asked for.
fn in_scope(mut q: Boxed, p: &mut Placeholders, f: &GroupsFilter) -> Boxed {
    if let Some(company) = f.company_id {
        q = q
            .sql(format!(" AND d.company_id = {}", p.next()))
            .bind::<BigInt, _>(company);
    }
    if let Some(shipping) = f.shipping_company_id {
        q = q
            .sql(format!(" AND d.shipping_company_id = {}", p.next()))
            .bind::<BigInt, _>(shipping);
    }
    q
}

/// 'Placa': the driver drives a truck (one that counts) whose plate matches.
fn driving_plate(q: Boxed, p: &mut Placeholders, f: &GroupsFilter) -> Boxed {
    let Some(plate) = &f.plate_pattern else {
        return q;
    };
    let q = q
        .sql(format!(
            " AND d.id IN (SELECT t.driver_id FROM trucks t
                            WHERE t.driver_id IS NOT NULL AND t.license_plate LIKE {}",
            p.next()
        ))
        .bind::<Text, _>(plate.clone());
    truck_scope(q, p, f.truck_shipping_id).sql(")")
}

/// 'Motorista': the driver's name, or CPF, matches.
fn matching_driver(q: Boxed, p: &mut Placeholders, f: &GroupsFilter) -> Boxed {
    let Some(driver) = &f.driver else {
        return q;
    };
    // Bound folded: a generic plan folded `patio_fold($n)` on every driver it checked.
    let (name, bound) = folded_param(&driver.name_pattern, &p.next());
    let mut q = q
        .sql(format!(" AND (d.name_fold LIKE {name}"))
        .bind::<Text, _>(bound);
    if let Some(cpf) = &driver.cpf_pattern {
        q = q
            .sql(format!(" OR d.cpf LIKE {}", p.next()))
            .bind::<Text, _>(cpf.clone());
    }
    q.sql(")")
}

/// 'Sem Veículo': the driver has no truck (that counts).
fn without_truck(q: Boxed, p: &mut Placeholders, f: &GroupsFilter) -> Boxed {
    if !f.without_truck {
        return q;
    }
    let q = q.sql(" AND NOT EXISTS (SELECT 1 FROM trucks t WHERE t.driver_id = d.id");
    truck_scope(q, p, f.truck_shipping_id).sql(")")
}

/// 'Na Fila' and the queue label: the driver's newest entry is active, or carries the label.
fn in_queue_with_label(mut q: Boxed, p: &mut Placeholders, f: &GroupsFilter) -> Boxed {
    if !f.in_queue && f.status.is_none() {
        return q;
    }
    let (candidates, binds_now) = label_candidates(f.status, p);
    q = q.sql(format!(
        " AND d.id IN (SELECT e.driver_id FROM queue_entries e WHERE {candidates})"
    ));
    if binds_now {
        q = q.bind::<Timestamptz, _>(f.now);
    }
    if f.in_queue {
        q = q.sql(" AND q.status IN ('waiting', 'loading')");
    }
    if let Some(label) = f.status {
        q = q
            .sql(format!(" AND {}", label_condition(label, &p.next())))
            .bind::<Timestamptz, _>(f.now);
    }
    q
}

/// The entries that can carry the label asked for (indexed: the active ones, and the ones
/// closed lately, since a closed entry's label holds only on its day); the driver's newest
/// entry's own label then decides. Says whether the condition takes the current time.
fn label_candidates(status: Option<QueueLabel>, p: &mut Placeholders) -> (String, bool) {
    let recent = |p: &mut Placeholders| {
        format!(
            "e.closed_at >= {}::timestamptz - interval '2 days'",
            p.next()
        )
    };
    match status {
        Some(QueueLabel::Pending) => (
            "e.status = 'waiting' AND NOT e.in_tolerance".to_owned(),
            false,
        ),
        Some(QueueLabel::Tolerance) => {
            ("e.status = 'waiting' AND e.in_tolerance".to_owned(), false)
        }
        Some(QueueLabel::Attended) => (
            format!(
                "e.status = 'loading' OR (e.status = 'attended' AND {})",
                recent(p)
            ),
            true,
        ),
        Some(QueueLabel::Fault) => (
            format!(
                "e.status IN ('faulty', 'tolerance_dropped') AND {}",
                recent(p)
            ),
            true,
        ),
        None => ("e.status IN ('waiting', 'loading')".to_owned(), false),
    }
}

/// The trucks of the page's drivers (only those of `shipping` for a Transportadora), by driver.
fn trucks_by_driver(
    conn: &mut PgConnection,
    ids: &[i64],
    shipping: Option<i64>,
) -> AppResult<HashMap<i64, Vec<GroupTruckRecord>>> {
    let trucks: Vec<GroupTruckRow> = diesel::sql_query(
        "SELECT t.id, t.driver_id, t.license_plate, t.is_enabled, t.implement_type,
                t.net_capacity::float8 AS net_capacity,
                m.id AS model_id, m.name AS model_name, b.id AS brand_id, b.name AS brand_name,
                s.id AS shipping_id, s.name AS shipping_name
           FROM trucks t
           LEFT JOIN truck_models m ON m.id = t.vehicle_model_id
           LEFT JOIN truck_brands b ON b.id = m.truck_brand_id
           LEFT JOIN shipping_companies s ON s.id = t.shipping_company_id
          WHERE t.driver_id = ANY($1)
            AND ($2::bigint IS NULL OR t.shipping_company_id = $2)
          ORDER BY t.driver_id, t.id",
    )
    .bind::<Array<BigInt>, _>(ids)
    .bind::<Nullable<BigInt>, _>(shipping)
    .load(conn)
    .map_err(db_error)?;
    let mut by_driver: HashMap<i64, Vec<GroupTruckRecord>> = HashMap::new();
    for t in trucks {
        let (driver, t) = t.record();
        by_driver.entry(driver).or_default().push(t);
    }
    Ok(by_driver)
}

impl SetsRepo for PgRepos<'_> {
    /// Only the filters in use go into the statement, so each one can become a join the planner
    /// may drive from (a plate's trucks, the queue's entries) rather than a test on every driver.
    fn driver_groups(&mut self, f: &GroupsFilter) -> AppResult<Vec<GroupRecord>> {
        let rows: Vec<GroupRow> = groups_query(f).load(self.conn).map_err(db_error)?;
        let mut groups: Vec<GroupRecord> = rows.into_iter().map(GroupRow::record).collect();
        if groups.is_empty() {
            return Ok(groups);
        }
        let ids: Vec<i64> = groups.iter().map(|g| g.id).collect();
        let mut trucks = trucks_by_driver(self.conn, &ids, f.truck_shipping_id)?;
        for g in &mut groups {
            g.trucks = trucks.remove(&g.id).unwrap_or_default();
        }
        Ok(groups)
    }

    fn shipping_company_brief(&mut self, id: i64) -> AppResult<Option<ShippingRecord>> {
        shipping_companies::table
            .find(id)
            .select(ShippingCompanyRow::as_select())
            .first(self.conn)
            .optional()
            .map(|r| {
                r.map(|s: ShippingCompanyRow| ShippingRecord {
                    id: s.id,
                    company_id: s.company_id,
                    code: s.code,
                    name: s.name,
                })
            })
            .map_err(db_error)
    }

    fn truck_for_link(&mut self, id: i64) -> AppResult<Option<LinkTruck>> {
        trucks::table
            .find(id)
            .select(TruckRow::as_select())
            .for_update()
            .first(self.conn)
            .optional()
            .map(|t| {
                t.map(|t: TruckRow| LinkTruck {
                    id: t.id,
                    company_id: t.company_id,
                    shipping_company_id: t.shipping_company_id,
                    driver_id: t.driver_id,
                    license_plate: t.license_plate.into(),
                })
            })
            .map_err(db_error)
    }

    fn driver_for_link(&mut self, id: i64) -> AppResult<Option<LinkDriver>> {
        drivers::table
            .find(id)
            .select(DriverRow::as_select())
            .for_update()
            .first(self.conn)
            .optional()
            .map(|d| {
                d.map(|d: DriverRow| LinkDriver {
                    id: d.id,
                    company_id: d.company_id,
                    shipping_company_id: d.shipping_company_id,
                    name: d.name,
                })
            })
            .map_err(db_error)
    }

    fn bind_pair(
        &mut self,
        truck_id: i64,
        driver_id: i64,
        shipping_id: i64,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        diesel::update(trucks::table.find(truck_id))
            .set((
                trucks::shipping_company_id.eq(Some(shipping_id)),
                trucks::driver_id.eq(Some(driver_id)),
                trucks::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::update(drivers::table.find(driver_id))
            .set((
                drivers::shipping_company_id.eq(Some(shipping_id)),
                drivers::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn unbind_truck(&mut self, truck_id: i64, now: DateTime<Utc>) -> AppResult<()> {
        diesel::update(trucks::table.find(truck_id))
            .set((
                trucks::shipping_company_id.eq(None::<i64>),
                trucks::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn unbind_driver(&mut self, driver_id: i64, now: DateTime<Utc>) -> AppResult<()> {
        diesel::update(drivers::table.find(driver_id))
            .set((
                drivers::shipping_company_id.eq(None::<i64>),
                drivers::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn driver_has_other_bound_truck(
        &mut self,
        driver_id: i64,
        except_truck: i64,
        shipping_id: i64,
    ) -> AppResult<bool> {
        diesel::select(diesel::dsl::exists(
            trucks::table
                .filter(trucks::driver_id.eq(driver_id))
                .filter(trucks::id.ne(except_truck))
                .filter(trucks::shipping_company_id.eq(shipping_id)),
        ))
        .get_result(self.conn)
        .map_err(db_error)
    }

    fn linked_pairs(
        &mut self,
        shipping_id: i64,
        search: Option<&SearchText>,
        page: PageRequest,
    ) -> AppResult<Page<LinkedPairRecord>> {
        let pattern = search.map(|s| s.pattern.clone());
        let digits = search.and_then(|s| s.digits_pattern.clone());
        let total = diesel::sql_query(format!("SELECT count(*) AS n FROM ({PAIRS_CTE}) x"))
            .bind::<BigInt, _>(shipping_id)
            .bind::<Nullable<Text>, _>(pattern.as_deref())
            .bind::<Nullable<Text>, _>(digits.as_deref())
            .get_result::<CountRow>(self.conn)
            .map_err(db_error)?
            .n;
        let rows: Vec<PairRow> = diesel::sql_query(format!(
            "{PAIRS_CTE}
             ORDER BY license_plate NULLS LAST, driver_name, truck_id, driver_id
             OFFSET $4 LIMIT $5"
        ))
        .bind::<BigInt, _>(shipping_id)
        .bind::<Nullable<Text>, _>(pattern.as_deref())
        .bind::<Nullable<Text>, _>(digits.as_deref())
        .bind::<BigInt, _>(page.offset())
        .bind::<BigInt, _>(page.limit())
        .load(self.conn)
        .map_err(db_error)?;
        Ok(Page {
            items: rows.into_iter().map(PairRow::record).collect(),
            total,
        })
    }

    fn candidate_trucks(
        &mut self,
        company_id: i64,
        shipping_id: i64,
        plate_pattern: Option<&str>,
        limit: u32,
    ) -> AppResult<Vec<CandidateTruck>> {
        let rows: Vec<CandidateTruckRow> = diesel::sql_query(
            "SELECT t.id, t.license_plate, m.name AS model, b.name AS brand, t.driver_id
               FROM trucks t
               LEFT JOIN truck_models m ON m.id = t.vehicle_model_id
               LEFT JOIN truck_brands b ON b.id = m.truck_brand_id
              WHERE t.company_id = $1
                AND (t.shipping_company_id IS NULL OR t.shipping_company_id = $2)
                AND ($3::text IS NULL OR t.license_plate LIKE $3)
              ORDER BY t.license_plate
              LIMIT $4",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<BigInt, _>(shipping_id)
        .bind::<Nullable<Text>, _>(plate_pattern)
        .bind::<BigInt, _>(i64::from(limit))
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows.into_iter().map(CandidateTruckRow::record).collect())
    }

    fn candidate_drivers(
        &mut self,
        company_id: i64,
        shipping_id: i64,
        search: Option<&DriverSearch>,
        limit: u32,
    ) -> AppResult<Vec<CandidateDriver>> {
        let (name, cpf) = search_binds(search);
        let name = name
            .map(|n| folded_text(self.conn, &n))
            .transpose()
            .map_err(db_error)?;
        let rows: Vec<CandidateDriverRow> = diesel::sql_query(
            "SELECT d.id, d.name, d.cpf
               FROM drivers d
              WHERE d.company_id = $1
                AND (d.shipping_company_id IS NULL OR d.shipping_company_id = $2)
                AND ($3::text IS NULL OR d.name_fold LIKE $3 OR d.cpf LIKE $4::text)
              ORDER BY d.name, d.id
              LIMIT $5",
        )
        .bind::<BigInt, _>(company_id)
        .bind::<BigInt, _>(shipping_id)
        .bind::<Nullable<Text>, _>(name)
        .bind::<Nullable<Text>, _>(cpf)
        .bind::<BigInt, _>(i64::from(limit))
        .load(self.conn)
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|d| CandidateDriver {
                id: d.id,
                name: d.name,
                cpf: d.cpf,
            })
            .collect())
    }
}
