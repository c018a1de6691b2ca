//! Helpers of the queue tests: the clock, queue settings, many drivers with trucks, sessions.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use patio_application::services::queue::{JoinCommand, JoinView, QueueService};
use patio_application::AppResult;
use patio_domain::auth::Actor;
use patio_domain::roles::{Role, SessionKind};
use serde_json::Value;

use crate::common::{send, TestApp};

/// Monday 2026-03-02, 09:00 in São Paulo.
pub const MONDAY_0900: &str = "2026-03-02T12:00:00Z";
/// Sunday 2026-03-01, 09:00 in São Paulo (no attendance on Sundays in the demo).
pub const SUNDAY_0900: &str = "2026-03-01T12:00:00Z";

pub fn at(app: &TestApp, rfc3339: &str) {
    let t = DateTime::parse_from_rfc3339(rfc3339)
        .unwrap()
        .with_timezone(&Utc);
    *app.clock.0.lock().unwrap() = t;
}

pub fn now(app: &TestApp) -> DateTime<Utc> {
    *app.clock.0.lock().unwrap()
}

/// `UPDATE settings SET <set> WHERE company_id = <company>`.
pub fn settings(app: &TestApp, company: i64, set: &str) {
    app.sql(&format!(
        "UPDATE settings SET {set} WHERE company_id = {company}"
    ));
}

/// Freelancers allowed (the demo's Mon-Sat 07:00-17:00, lunch 12-13, 30 min, 40 a day).
pub fn open_for_freelancers(app: &TestApp) {
    settings(app, app.ids.demo, "enable_queue_without_scheduling = TRUE");
}

#[derive(QueryableByName)]
struct PairRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    driver_id: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    truck_id: i64,
}

/// `n` enabled drivers of `company`, each with a truck of its own. `tag` (1-9) keeps CPFs
/// apart between calls.
pub fn add_drivers(app: &TestApp, company: i64, n: i64, tag: i64) -> Vec<(i64, i64)> {
    let mut conn = app.db.conn().unwrap();
    diesel::sql_query(format!(
        "WITH d AS (
             INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
             SELECT {company}, 'MOTORISTA ' || g, lpad(({tag}000000 + g)::text, 11, '7'),
                    '1990-01-01', TRUE, TRUE
               FROM generate_series(1, {n}) g
             RETURNING id)
         INSERT INTO trucks (company_id, driver_id, license_plate, net_capacity, is_enabled)
         SELECT {company}, d.id, 'T' || lpad(d.id::text, 6, '0'), 30, TRUE FROM d
         RETURNING driver_id, id AS truck_id"
    ))
    .load::<PairRow>(&mut conn)
    .unwrap()
    .into_iter()
    .map(|r| (r.driver_id, r.truck_id))
    .collect()
}

pub fn demo_truck(app: &TestApp) -> i64 {
    app.scalar_i64("SELECT id AS v FROM trucks WHERE license_plate = 'DEM0A12'")
}

#[derive(QueryableByName)]
struct UserRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    role: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    company_id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    shipping_company_id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    is_root: bool,
}

/// The session of a staff user, as the sign-in would make it (the Transportadora acts for its
/// shipping company's company).
pub fn staff(app: &TestApp, email: &str) -> Actor {
    let r: UserRow = diesel::sql_query(
        "SELECT u.id, u.role, COALESCE(u.company_id, sc.company_id) AS company_id,
                u.shipping_company_id, u.is_root
           FROM users u LEFT JOIN shipping_companies sc ON sc.id = u.shipping_company_id
          WHERE u.email = $1",
    )
    .bind::<diesel::sql_types::Text, _>(email)
    .get_result(&mut app.db.conn().unwrap())
    .unwrap();
    Actor {
        kind: SessionKind::Staff,
        id: r.id,
        role: Some(Role::parse(&r.role).unwrap()),
        company_id: r.company_id,
        shipping_company_id: r.shipping_company_id,
        is_root: r.is_root,
        issued_at: None,
    }
}

pub fn driver(id: i64, company: i64) -> Actor {
    Actor {
        kind: SessionKind::Driver,
        id,
        role: None,
        company_id: Some(company),
        shipping_company_id: None,
        is_root: false,
        issued_at: None,
    }
}

/// A driver joining as a freelancer with its own truck, through `svc` (any instance's).
pub fn join_freelancer(
    svc: &QueueService,
    company: i64,
    driver_id: i64,
    truck_id: i64,
) -> AppResult<JoinView> {
    svc.join(
        &driver(driver_id, company),
        &JoinCommand {
            driver_id,
            company_id: company,
            scheduling_id: None,
            truck_id: Some(truck_id),
            ip: None,
        },
    )
}

pub fn bearer(app: &TestApp, actor: &Actor) -> String {
    format!("Bearer {}", app.state.tokens.issue_session(actor).unwrap())
}

/// Sends a JSON call with a bearer session (or none) and returns status and body.
pub async fn call<S, B>(
    svc: &S,
    method: &str,
    uri: &str,
    auth: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut req = match method {
        "GET" => test::TestRequest::get(),
        "POST" => test::TestRequest::post(),
        "PUT" => test::TestRequest::put(),
        "DELETE" => test::TestRequest::delete(),
        other => panic!("method {other}"),
    }
    .uri(uri);
    if let Some(a) = auth {
        req = req.insert_header(("Authorization", a.to_owned()));
    }
    if let Some(b) = body {
        req = req.set_json(b);
    }
    let (status, body, _) = send(svc, req).await;
    (status, body)
}

/// Positions of the company's waiting entries, in queue order.
pub fn positions(app: &TestApp, company: i64) -> Vec<i64> {
    #[derive(QueryableByName)]
    struct P {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        position: i32,
    }
    diesel::sql_query(format!(
        "SELECT position FROM queue_entries
          WHERE company_id = {company} AND status = 'waiting' ORDER BY joined_at, id"
    ))
    .load::<P>(&mut app.db.conn().unwrap())
    .unwrap()
    .into_iter()
    .map(|p| i64::from(p.position))
    .collect()
}
