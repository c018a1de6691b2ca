//! What a page of a list costs the database: statements counted through diesel's
//! instrumentation on the thread that reads (one test per binary: the hook is global).

mod common;

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::*;
use diesel::connection::{set_default_instrumentation, Instrumentation, InstrumentationEvent};
use diesel::sql_types::BigInt;
use diesel::{sql_query, RunQueryDsl};
use patio_application::model::ListFilter;
use patio_application::ports::StoreExt;
use patio_domain::admin::listing::PageRequest;
use patio_postgres::store::PgStore;
use patio_postgres::testkit::TestDb;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}
static STATEMENTS: AtomicUsize = AtomicUsize::new(0);

fn counter() -> Option<Box<dyn Instrumentation>> {
    Some(Box::new(|event: InstrumentationEvent<'_>| {
        if matches!(event, InstrumentationEvent::StartQuery { .. }) && COUNTING.get() {
            STATEMENTS.fetch_add(1, Ordering::SeqCst);
        }
    }))
}

#[test]
fn a_page_of_users_reads_their_company_and_shipping_company_once() {
    set_default_instrumentation(counter).unwrap();
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let carrier = shipping_company(&mut conn, company, 1, "Transportes Rápidos");
    for i in 0..8 {
        let user = try_user(&mut conn, company, &format!("u{i}@example.com")).unwrap();
        sql_query("UPDATE users SET shipping_company_id = $1 WHERE id = $2")
            .bind::<BigInt, _>(carrier)
            .bind::<BigInt, _>(user)
            .execute(&mut conn)
            .unwrap();
    }
    drop(conn);
    let store = PgStore::new(db.pool().clone());
    let filter = ListFilter {
        company_id: Some(company),
        page: Some(PageRequest { page: 1, size: 8 }),
        ..ListFilter::default()
    };

    COUNTING.set(true);
    let page = store.reads(|repos| repos.list_users(&filter)).unwrap();
    COUNTING.set(false);

    assert_eq!(page.total, 8);
    assert_eq!(page.items.len(), 8);
    assert!(page.items.iter().all(|u| {
        u.company.as_ref().map(|c| c.id) == Some(company)
            && u.shipping_company.as_ref().map(|s| s.id) == Some(carrier)
    }));
    // The pool's checkout ping, the count, the page, its company, its shipping company: not
    // three per user (27 before).
    assert_eq!(STATEMENTS.load(Ordering::SeqCst), 5);
}
