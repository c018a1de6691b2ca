//! Retention of the tables that grow without end (issue 28): with no setting every row stays;
//! with one, the job deletes the staff logs, driver logs and delivered mails older than it,
//! in batches, and nothing younger; a mail still to be tried stays whatever its age; while
//! another instance holds the job's lock, this one deletes nothing.

use crate::common;
use diesel::prelude::*;
use patio_application::admin::retention::{RetentionReport, RETENTION_JOB_KEY};
use patio_domain::retention::{RetentionPolicy, PRUNE_BATCH};

use common::TestApp;

/// Rows older than any retention below: two years back, more than two batches of staff logs.
const OLD_STAFF_LOGS: i64 = 2 * PRUNE_BATCH + 500;
const OLD_DRIVER_LOGS: i64 = PRUNE_BATCH + 200;

fn count(app: &TestApp, sql: &str) -> i64 {
    app.scalar_i64(&format!("SELECT count(*)::bigint AS v FROM {sql}"))
}

/// Years of history next to the day's rows. Two sign-ins make today's staff logs through
/// the product.
async fn years_of_rows(app: &TestApp) {
    app.admin().await;
    app.usuario_of(app.ids.demo).await;
    let demo = app.ids.demo;
    let driver = app.ids.driver;
    // why: rows two years old, which only time makes; the product writes logs and mails now.
    app.sql(&format!(
        "INSERT INTO staff_logs (operation_type, object_type, company_id, title, created_at)
         SELECT 'LOGIN', 'USER', {demo}, 'Entrou', now() - interval '2 years' + g * interval '1 minute'
           FROM generate_series(1, {OLD_STAFF_LOGS}) g;
         INSERT INTO driver_logs (driver_id, company_id, operation_type, created_at)
         SELECT {driver}, {demo}, 'LOGIN', now() - interval '2 years' + g * interval '1 minute'
           FROM generate_series(1, {OLD_DRIVER_LOGS}) g;
         INSERT INTO driver_logs (driver_id, company_id, operation_type) VALUES ({driver}, {demo}, 'LOGIN');
         INSERT INTO outbox (company_id, kind, recipient, recipient_name, subject, text_body,
                             html_body, status, attempts, created_at)
         VALUES ({demo}, 'daily_report', 'a@x.local', 'A', 'velho entregue', '', '', 'logged', 1, now() - interval '2 years'),
                ({demo}, 'daily_report', 'a@x.local', 'A', 'velho enviado', '', '', 'sent', 1, now() - interval '2 years'),
                ({demo}, 'daily_report', 'a@x.local', 'A', 'velho sem saída', '', '', 'failed', 3, now() - interval '2 years'),
                ({demo}, 'daily_report', 'a@x.local', 'A', 'velho por tentar', '', '', 'failed', 1, now() - interval '2 years'),
                ({demo}, 'daily_report', 'a@x.local', 'A', 'velho pendente', '', '', 'pending', 0, now() - interval '2 years'),
                ({demo}, 'daily_report', 'a@x.local', 'A', 'novo', '', '', 'logged', 1, now());"
    ));
}

fn a_year() -> RetentionPolicy {
    RetentionPolicy {
        staff_logs_days: Some(365),
        driver_logs_days: Some(365),
        outbox_days: Some(365),
    }
}

#[actix_rt::test]
async fn without_a_retention_setting_every_row_is_kept() {
    let app = TestApp::new();
    years_of_rows(&app).await;
    let before = (
        count(&app, "staff_logs"),
        count(&app, "driver_logs"),
        count(&app, "outbox"),
    );

    let report = app
        .state
        .services
        .retention
        .run(&RetentionPolicy::default())
        .unwrap();

    assert_eq!(report, RetentionReport::default());
    assert_eq!(
        before,
        (
            count(&app, "staff_logs"),
            count(&app, "driver_logs"),
            count(&app, "outbox"),
        )
    );
}

#[actix_rt::test]
async fn the_retention_job_deletes_in_batches_what_is_older_than_the_setting_and_nothing_younger() {
    let app = TestApp::new();
    years_of_rows(&app).await;
    let recent_staff = count(
        &app,
        "staff_logs WHERE created_at > now() - interval '1 day'",
    );
    assert!(recent_staff >= 2, "the sign-ins are logged");

    let report = app.state.services.retention.run(&a_year()).unwrap();

    assert_eq!(
        report,
        RetentionReport {
            pruned_staff_logs: Some(OLD_STAFF_LOGS.unsigned_abs()),
            pruned_driver_logs: Some(OLD_DRIVER_LOGS.unsigned_abs()),
            pruned_outbox: Some(3),
        }
    );
    assert_eq!(count(&app, "staff_logs"), recent_staff);
    assert_eq!(count(&app, "driver_logs"), 1);
    let kept = app.scalar_text("SELECT string_agg(subject, ', ' ORDER BY id) AS v FROM outbox");
    assert_eq!(kept, "velho por tentar, velho pendente, novo");

    // A second run finds nothing more.
    let again = app.state.services.retention.run(&a_year()).unwrap();
    assert_eq!(
        again,
        RetentionReport {
            pruned_staff_logs: Some(0),
            pruned_driver_logs: Some(0),
            pruned_outbox: Some(0),
        }
    );
}

#[actix_rt::test]
async fn a_table_without_a_setting_keeps_its_rows_while_another_is_pruned() {
    let app = TestApp::new();
    years_of_rows(&app).await;
    let staff = count(&app, "staff_logs");
    let outbox = count(&app, "outbox");

    let report = app
        .state
        .services
        .retention
        .run(&RetentionPolicy {
            driver_logs_days: Some(90),
            ..RetentionPolicy::default()
        })
        .unwrap();

    assert_eq!(
        report.pruned_driver_logs,
        Some(OLD_DRIVER_LOGS.unsigned_abs())
    );
    assert_eq!(
        (report.pruned_staff_logs, report.pruned_outbox),
        (None, None)
    );
    assert_eq!(
        (count(&app, "staff_logs"), count(&app, "outbox")),
        (staff, outbox)
    );
}

#[actix_rt::test]
async fn while_another_instance_holds_the_job_lock_nothing_is_deleted() {
    let app = TestApp::new();
    years_of_rows(&app).await;
    let staff = count(&app, "staff_logs");
    let mut other = app.db.connect().unwrap();
    diesel::sql_query(format!("SELECT pg_advisory_lock({RETENTION_JOB_KEY})"))
        .execute(&mut other)
        .unwrap();

    let report = app.state.services.retention.run(&a_year()).unwrap();

    assert_eq!(report, RetentionReport::default());
    assert_eq!(count(&app, "staff_logs"), staff);
    // Released by the holder itself: a dropped connection's locks go only once the server
    // has seen it close, which the next run could beat.
    diesel::sql_query(format!("SELECT pg_advisory_unlock({RETENTION_JOB_KEY})"))
        .execute(&mut other)
        .unwrap();
    drop(other);
    let report = app.state.services.retention.run(&a_year()).unwrap();
    assert_eq!(
        report.pruned_staff_logs,
        Some(OLD_STAFF_LOGS.unsigned_abs())
    );
}

fn partitions(app: &TestApp) -> String {
    app.scalar_text(
        "SELECT coalesce(string_agg(c.relname, ' ' ORDER BY c.relname), '') AS v
           FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'staff_logs'::regclass AND c.relname <> 'staff_logs_default'",
    )
}

/// The staff log is kept by month: the job creates the months ahead whatever the policy (a
/// row of a month without its partition, in the default one, moves into it), and a retention
/// drops the months wholly before its cutoff, counting their rows as pruned, then deletes the
/// rest of the old rows in batches.
#[actix_rt::test]
async fn the_staff_log_keeps_a_partition_per_month_which_the_job_creates_ahead_and_drops_when_old()
{
    let app = TestApp::new();
    years_of_rows(&app).await;
    // The months of the old rows (two years ago), as the job created them at the time; the
    // rows already written there (in the default partition) move in.
    app.sql(
        "SELECT patio_staff_log_partitions((now() - interval '2 years')::date,
                                           (now() - interval '2 years' + interval '3 days')::date)",
    );
    assert_eq!(
        count(&app, "staff_logs_default"),
        0,
        "the old rows moved into their months"
    );
    // Three months ahead is missing (the job did not run) and a row of that month came in.
    let ahead = app.scalar_text(
        "SELECT 'staff_logs_' || to_char(date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months', 'YYYY_MM') AS v",
    );
    app.sql(&format!(
        "DROP TABLE {ahead};
         INSERT INTO staff_logs (operation_type, object_type, title, created_at)
         VALUES ('LOGIN', 'USER', 'adiantado', date_trunc('month', now()) + interval '3 months 2 days')"
    ));
    assert!(!partitions(&app).contains(&ahead));
    // The old month, this month and the next two.
    let before = partitions(&app);
    assert!(before.split(' ').count() >= 4, "{before}");

    let report = app.state.services.retention.run(&a_year()).unwrap();

    assert_eq!(
        report.pruned_staff_logs,
        Some(OLD_STAFF_LOGS.unsigned_abs())
    );
    let after = partitions(&app);
    assert!(after.contains(&ahead), "{after}");
    assert_eq!(
        app.scalar_text(
            "SELECT tableoid::regclass::text AS v FROM staff_logs WHERE title = 'adiantado'"
        ),
        ahead
    );
    let old_month = app.scalar_text(
        "SELECT 'staff_logs_' || to_char(now() AT TIME ZONE 'UTC' - interval '2 years', 'YYYY_MM') AS v",
    );
    assert!(
        before.contains(&old_month) && !after.contains(&old_month),
        "{before} / {after}"
    );
    assert_eq!(
        count(
            &app,
            "staff_logs WHERE created_at < now() - interval '1 year'"
        ),
        0
    );
    assert_eq!(count(&app, "staff_logs_default"), 0);
}
