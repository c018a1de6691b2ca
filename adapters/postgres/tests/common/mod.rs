//! Helpers shared by the integration tests: minimal rows inserted with raw SQL.
#![allow(dead_code)]
// Test helpers: a failed setup should fail the test at once.
#![allow(clippy::unwrap_used)]

use diesel::pg::PgConnection;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sql_types::{BigInt, Text};
use diesel::{sql_query, QueryResult, QueryableByName, RunQueryDsl};

#[derive(QueryableByName)]
pub struct Id {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
}

/// Runs an `INSERT ... RETURNING id` and returns the id.
pub fn insert_returning_id(conn: &mut PgConnection, sql: &str) -> QueryResult<i64> {
    sql_query(sql).get_result::<Id>(conn).map(|row| row.id)
}

pub fn company(conn: &mut PgConnection, name: &str) -> i64 {
    insert_returning_id(
        conn,
        &format!(
            "INSERT INTO companies (name, company, cnpj, uf, city, street, district, zip_code) \
             VALUES ('{name}', '{name} LTDA', '11222333000181', 'MG', 'Uberlândia', 'Rua A', \
             'Centro', '38400000') RETURNING id"
        ),
    )
    .unwrap()
}

pub fn shipping_company(conn: &mut PgConnection, company_id: i64, code: i32, name: &str) -> i64 {
    insert_returning_id(
        conn,
        &format!(
            "INSERT INTO shipping_companies (company_id, code, name) \
             VALUES ({company_id}, {code}, '{name}') RETURNING id"
        ),
    )
    .unwrap()
}

pub fn try_driver(conn: &mut PgConnection, company_id: i64, cpf: &str) -> QueryResult<i64> {
    sql_query(
        "INSERT INTO drivers (company_id, name, cpf, birth_date) \
         VALUES ($1, 'JOAO DA SILVA', $2, '1980-05-17') RETURNING id",
    )
    .bind::<BigInt, _>(company_id)
    .bind::<Text, _>(cpf)
    .get_result::<Id>(conn)
    .map(|row| row.id)
}

pub fn driver(conn: &mut PgConnection, company_id: i64, cpf: &str) -> i64 {
    try_driver(conn, company_id, cpf).unwrap()
}

pub fn try_truck(conn: &mut PgConnection, company_id: i64, plate: &str) -> QueryResult<i64> {
    sql_query(
        "INSERT INTO trucks (company_id, license_plate, implement_type, shaft_quantity, \
         gross_capacity, net_capacity) VALUES ($1, $2, 'TRUCK', 3, 23, 16) RETURNING id",
    )
    .bind::<BigInt, _>(company_id)
    .bind::<Text, _>(plate)
    .get_result::<Id>(conn)
    .map(|row| row.id)
}

pub fn truck(conn: &mut PgConnection, company_id: i64, plate: &str) -> i64 {
    try_truck(conn, company_id, plate).unwrap()
}

pub fn try_queue_entry(
    conn: &mut PgConnection,
    company_id: i64,
    driver_id: i64,
    truck_id: i64,
    status: &str,
) -> QueryResult<i64> {
    sql_query(
        "INSERT INTO queue_entries (company_id, driver_id, truck_id, status) \
         VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind::<BigInt, _>(company_id)
    .bind::<BigInt, _>(driver_id)
    .bind::<BigInt, _>(truck_id)
    .bind::<Text, _>(status)
    .get_result::<Id>(conn)
    .map(|row| row.id)
}

pub fn try_user(conn: &mut PgConnection, company_id: i64, email: &str) -> QueryResult<i64> {
    sql_query(
        "INSERT INTO users (name, email, password_hash, role, company_id) \
         VALUES ('Ana', $1, 'x', 'Usuario', $2) RETURNING id",
    )
    .bind::<Text, _>(email)
    .bind::<BigInt, _>(company_id)
    .get_result::<Id>(conn)
    .map(|row| row.id)
}

/// Asserts that `result` failed with a unique violation of `constraint`.
#[track_caller]
pub fn assert_unique_violation<T: std::fmt::Debug>(result: QueryResult<T>, constraint: &str) {
    assert_violation(result, DatabaseErrorKind::UniqueViolation, constraint);
}

/// Asserts that `result` failed with a database error of `kind` on `constraint`.
#[track_caller]
pub fn assert_violation<T: std::fmt::Debug>(
    result: QueryResult<T>,
    kind: DatabaseErrorKind,
    constraint: &str,
) {
    match result {
        Err(DieselError::DatabaseError(actual, info)) => {
            assert_eq!(
                std::mem::discriminant(&actual),
                std::mem::discriminant(&kind),
                "{actual:?}: {}",
                info.message()
            );
            assert_eq!(
                info.constraint_name(),
                Some(constraint),
                "{}",
                info.message()
            );
        }
        other => panic!("expected {kind:?} on {constraint}, got {other:?}"),
    }
}
