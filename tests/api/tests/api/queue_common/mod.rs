//! Helpers of the queue tests: the clock, queue settings, many drivers with trucks, sessions.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

#[allow(unused_imports)] // yard_day and the socket tests take it from here
pub use crate::common::client::bearer;
use crate::common::{fixtures, TestApp};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use patio_application::queue::{JoinCommand, JoinView, QueueService};
use patio_application::AppResult;
use patio_domain::auth::Actor;
use patio_domain::roles::{Role, SessionKind};
use serde_json::{json, Value};

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

/// The queue's rules saved on the settings form (as in the product, the save replans the stored
/// queue and writes a staff log).
pub use crate::common::fixtures::settings_saved as settings;

/// [`settings`] for the tests that run without a runtime of their own (sockets, threads).
pub fn settings_blocking(app: &TestApp, company: i64, fields: Value) {
    actix_rt::System::new().block_on(settings(app, company, fields));
}

/// Freelancers allowed (the demo's Mon-Sat 07:00-17:00, lunch 12-13, 30 min, 40 a day).
pub async fn open_for_freelancers(app: &TestApp) {
    settings(app, app.ids.demo, freelancers_welcome()).await;
}

/// [`open_for_freelancers`] for the tests without a runtime of their own.
pub fn open_for_freelancers_blocking(app: &TestApp) {
    settings_blocking(app, app.ids.demo, freelancers_welcome());
}

fn freelancers_welcome() -> Value {
    json!({ "enableQueueWithoutScheduling": true })
}

/// `n` enabled drivers of `company`, each with a truck of its own (an 'LS (MENOR 16 MT)' of
/// 31 t net, plate
/// `TQ<tag letter><n>`), saved through the drivers' and trucks' services as the root
/// administrator would. `tag` (1-9) keeps CPFs and plates apart between calls.
pub fn add_drivers(app: &TestApp, company: i64, n: i64, tag: i64) -> Vec<(i64, i64)> {
    (1..=n)
        .map(|g| add_pair(app, company, g, tag, (None, None)))
        .collect()
}

/// The `g`-th pair of [`add_drivers`], its driver and its truck carried by the shipping
/// companies given (`(driver's, truck's)`).
pub fn add_pair(
    app: &TestApp,
    company: i64,
    g: i64,
    tag: i64,
    carriers: (Option<i64>, Option<i64>),
) -> (i64, i64) {
    let letter = char::from(b'A' + u8::try_from(tag).unwrap());
    let cpf = crate::common::admin::cpf(u32::try_from(tag * 100_000 + g).unwrap());
    let name = format!("MOTORISTA {g}");
    let driver =
        fixtures::saved_carried_driver(app, company, carriers.0, &name, &cpf, "1990-01-01");
    let plate = format!("TQ{letter}{g:04}");
    let truck = fixtures::saved_carried_truck(
        app,
        company,
        carriers.1,
        Some(driver),
        &plate,
        "LS (MENOR 16 MT)",
    );
    (driver, truck)
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
    crate::common::client::driver_actor(id, company)
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

/// The text a PDF shows: its literal `(...)` and hex `<...>` strings, WinAnsi decoded.
pub fn pdf_text(pdf: &[u8]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < pdf.len() {
        if pdf[i] == b'(' {
            let mut j = i + 1;
            while j < pdf.len() && pdf[j] != b')' {
                if pdf[j] == b'\\' {
                    j += 1;
                }
                out.push(pdf[j] as char);
                j += 1;
            }
            out.push('\n');
            i = j;
        } else if pdf[i] == b'<' && pdf.get(i + 1).is_some_and(u8::is_ascii_hexdigit) {
            let end = i + pdf[i..].iter().position(|b| *b == b'>').unwrap();
            let hex = std::str::from_utf8(&pdf[i + 1..end]).unwrap();
            for k in (0..hex.len()).step_by(2) {
                out.push(u8::from_str_radix(&hex[k..k + 2], 16).unwrap() as char);
            }
            out.push('\n');
            i = end;
        }
        i += 1;
    }
    out
}
