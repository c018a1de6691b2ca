//! The per-test database harness itself.

use diesel::prelude::*;
use diesel::sql_query;
use patio_postgres::testkit::{self, TestDb};

#[test]
fn test_databases_are_dropped_after_use() {
    let db = TestDb::new();
    let name = db.name().to_owned();
    assert!(name.starts_with(testkit::TEST_DB_PREFIX));
    assert!(db.url().ends_with(&format!("/{name}")));
    // Connections of the pool, of a clone of it and of a separate connection are all open.
    let pool = db.pool().clone();
    let _held = pool.get().unwrap();
    let mut own = db.connect().unwrap();
    sql_query("SELECT 1").execute(&mut own).unwrap();
    assert!(testkit::database_exists(&name).unwrap());

    drop(db);
    assert!(!testkit::database_exists(&name).unwrap());

    let empty = TestDb::empty();
    let empty_name = empty.name().to_owned();
    drop(empty);
    assert!(!testkit::database_exists(&empty_name).unwrap());
}

#[test]
fn a_panicking_test_still_drops_its_database() {
    let name = std::sync::Mutex::new(String::new());
    let outcome = std::panic::catch_unwind(|| {
        let db = TestDb::new();
        *name.lock().unwrap() = db.name().to_owned();
        panic!("test failure");
    });
    assert!(outcome.is_err());
    let name = name.into_inner().unwrap();
    assert!(!name.is_empty());
    assert!(!testkit::database_exists(&name).unwrap());
}

#[test]
fn test_databases_are_isolated_and_come_from_the_migrated_template() {
    let first = TestDb::new();
    let second = TestDb::new();
    assert_ne!(first.name(), second.name());
    sql_query("INSERT INTO truck_brands (name) VALUES ('Volvo')")
        .execute(&mut first.conn().unwrap())
        .unwrap();
    let count = |db: &TestDb| -> i64 {
        patio_postgres::schema::truck_brands::table
            .count()
            .get_result(&mut db.conn().unwrap())
            .unwrap()
    };
    assert_eq!(count(&first), 1);
    assert_eq!(count(&second), 0);

    let template = testkit::template_name().unwrap();
    assert_eq!(
        template,
        format!(
            "{}{}",
            testkit::TEMPLATE_PREFIX,
            testkit::migrations_hash().unwrap()
        )
    );
    assert!(testkit::database_exists(&template).unwrap());
}

#[test]
fn many_test_databases_in_parallel() {
    let names: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8)
            .map(|_| {
                scope.spawn(|| {
                    let db = TestDb::new();
                    let mut conn = db.conn().unwrap();
                    sql_query("SELECT 1").execute(&mut conn).unwrap();
                    db.name().to_owned()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for name in names {
        assert!(!testkit::database_exists(&name).unwrap());
    }
}

#[test]
fn admin_url_defaults_to_the_local_cluster() {
    let url = testkit::admin_url();
    match std::env::var("TEST_DATABASE_URL") {
        Ok(set) if !set.trim().is_empty() => assert_eq!(url, set.trim()),
        _ => assert_eq!(url, testkit::DEFAULT_ADMIN_URL),
    }
}
