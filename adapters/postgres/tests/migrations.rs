//! The migrations apply, revert exactly, and re-apply.

mod common;

use diesel::migration::MigrationSource;
use diesel::pg::{Pg, PgConnection};
use diesel::sql_types::Text;
use diesel::{sql_query, QueryResult, QueryableByName, RunQueryDsl};
use diesel_migrations::MigrationHarness;
use patio_postgres::migrations::{self, MIGRATIONS};
use patio_postgres::testkit::TestDb;

#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

/// Everything the migrations can create in the public schema, one line per object, sorted;
/// diesel's own `__diesel_schema_migrations` bookkeeping excluded.
fn catalog(conn: &mut PgConnection) -> QueryResult<Vec<String>> {
    let lines: Vec<Line> = sql_query(
        r#"
        SELECT line FROM (
            SELECT 'relation ' || c.relname || ' ' || c.relkind::text AS line
              FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace
            UNION ALL
            SELECT 'column ' || a.attrelid::regclass::text || '.' || a.attname || ' '
                   || format_type(a.atttypid, a.atttypmod) || ' not null ' || a.attnotnull::text
                   || ' default ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
                   || ' identity ' || a.attidentity::text
              FROM pg_attribute a
              JOIN pg_class c ON c.oid = a.attrelid
              LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
             WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
               AND a.attnum > 0 AND NOT a.attisdropped
            UNION ALL
            SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' '
                   || pg_get_constraintdef(oid)
              FROM pg_constraint WHERE connamespace = 'public'::regnamespace
            UNION ALL
            SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
            UNION ALL
            SELECT 'type ' || typname FROM pg_type WHERE typnamespace = 'public'::regnamespace
            UNION ALL
            SELECT 'function ' || proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace
            UNION ALL
            SELECT 'trigger ' || tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
              WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
            UNION ALL
            SELECT 'extension ' || extname FROM pg_extension WHERE extname <> 'plpgsql'
        ) objects
        WHERE line NOT LIKE '%diesel_schema_migrations%'
        ORDER BY line
        "#,
    )
    .load(conn)?;
    Ok(lines.into_iter().map(|l| l.line).collect())
}

#[test]
fn every_migration_reverts_cleanly() {
    let db = TestDb::empty();
    let mut conn = db.connect().unwrap();

    let pending = migrations::pending(&mut conn).unwrap();
    assert!(
        pending.len() >= 3,
        "expected a handful of migrations, found {pending:?}"
    );
    let empty = catalog(&mut conn).unwrap();
    assert_eq!(
        empty,
        Vec::<String>::new(),
        "a fresh database has an empty public schema"
    );

    // Up one by one, remembering the catalog after each migration.
    let mut after = vec![empty];
    for _ in &pending {
        conn.run_next_migration(MIGRATIONS).unwrap();
        after.push(catalog(&mut conn).unwrap());
    }
    assert_eq!(migrations::pending_count(&mut conn).unwrap(), 0);
    let full = after.last().unwrap().clone();
    assert!(full.iter().any(|line| line == "relation queue_entries r"));

    // Down one by one: each down.sql restores exactly the catalog before its up.sql.
    for (index, name) in pending.iter().enumerate().rev() {
        conn.revert_last_migration(MIGRATIONS).unwrap();
        let now = catalog(&mut conn).unwrap();
        let left_behind: Vec<_> = now
            .iter()
            .filter(|line| !after[index].contains(line))
            .collect();
        let missing: Vec<_> = after[index]
            .iter()
            .filter(|line| !now.contains(line))
            .collect();
        assert!(
            left_behind.is_empty() && missing.is_empty(),
            "down.sql of {name} does not revert its up.sql exactly:\n left behind: {left_behind:#?}\n missing: {missing:#?}"
        );
    }
    assert_eq!(
        migrations::applied(&mut conn).unwrap(),
        Vec::<String>::new()
    );
    let leftovers: Vec<Line> = sql_query(
        "SELECT relname::text AS line FROM pg_class WHERE relnamespace = 'public'::regnamespace \
         AND relname NOT LIKE '%diesel_schema_migrations%' \
         UNION ALL SELECT typname::text FROM pg_type WHERE typnamespace = 'public'::regnamespace \
         AND typname NOT LIKE '%diesel_schema_migrations%'",
    )
    .load(&mut conn)
    .unwrap();
    assert!(
        leftovers.is_empty(),
        "public schema not empty: {:?}",
        leftovers.iter().map(|l| &l.line).collect::<Vec<_>>()
    );

    // And up again.
    let applied = migrations::run_pending(&mut conn).unwrap();
    assert_eq!(applied.len(), pending.len());
    assert_eq!(catalog(&mut conn).unwrap(), full);
    assert_eq!(migrations::pending_count(&mut conn).unwrap(), 0);
}

#[test]
fn run_pending_is_a_no_op_on_a_migrated_database() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    assert_eq!(migrations::pending_count(&mut conn).unwrap(), 0);
    assert_eq!(
        migrations::run_pending(&mut conn).unwrap(),
        Vec::<String>::new()
    );
    let embedded = MigrationSource::<Pg>::migrations(&MIGRATIONS)
        .unwrap()
        .len();
    assert_eq!(migrations::applied(&mut conn).unwrap().len(), embedded);
}

#[test]
fn ready_check_needs_the_migrations_applied() {
    let migrated = TestDb::new();
    assert!(patio_postgres::ready_check(migrated.pool()));

    let empty = TestDb::empty();
    assert!(!patio_postgres::ready_check(empty.pool()));
    assert!(matches!(
        patio_postgres::readiness(empty.pool()),
        Err(patio_postgres::Error::PendingMigrations(n)) if n >= 3
    ));
    migrations::run_pending(&mut empty.conn().unwrap()).unwrap();
    assert!(patio_postgres::ready_check(empty.pool()));
}

#[test]
fn ready_check_is_false_when_the_database_is_unreachable() {
    let options = patio_postgres::pool::PoolOptions {
        max_size: 1,
        min_idle: Some(0),
        connection_timeout: std::time::Duration::from_millis(500),
        ..Default::default()
    };
    // Port 1 on localhost: connection refused at once.
    let pool =
        patio_postgres::pool::build_pool_with("postgres://postgres@127.0.0.1:1/none", &options)
            .unwrap();
    assert!(!patio_postgres::ready_check(&pool));
    let eager = patio_postgres::pool::PoolOptions {
        min_idle: Some(1),
        ..options
    };
    assert!(
        patio_postgres::pool::build_pool_with("postgres://postgres@127.0.0.1:1/none", &eager)
            .is_err()
    );
}
