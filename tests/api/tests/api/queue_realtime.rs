//! Events between instances (DESIGN section 5) and the driver-position cache they keep
//! honest: two instances of `patio serve` on one database, each with its own LISTEN.

use crate::{common, queue_common};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use patio_application::queue::ports::PositionReader;
use patio_application::queue::position_cache::{PositionCache, DEFAULT_TTL};

use common::TestApp;
use queue_common::*;

/// An instance: its state, its cache and the listener feeding it.
struct Instance {
    state: patio_http::AppState,
    cache: Arc<PositionCache>,
    _listener: patio_postgres::EventListener,
}

fn instance(app: &TestApp) -> Instance {
    let reader = patio_postgres::PgDirectReader::connect(app.db.url(), 2).unwrap();
    let cache = Arc::new(PositionCache::new(Arc::new(reader), DEFAULT_TTL));
    let listener =
        patio_postgres::EventListener::spawn(app.db.url().to_owned(), cache.clone()).unwrap();
    wait_for("the event stream", || cache.is_live());
    Instance {
        state: app.instance_with_cache(cache.clone()),
        cache,
        _listener: listener,
    }
}

/// Waits (at most 10 s) for something that an event makes true.
fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let until = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < until, "{what} did not happen");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn join(app: &TestApp, on: &Instance, driver_id: i64, truck: i64) {
    join_freelancer(&on.state.services.queue, app.ids.demo, driver_id, truck).unwrap();
}

#[test]
fn a_join_on_one_instance_reaches_the_remembered_positions_of_another() {
    let app = TestApp::new();
    open_for_freelancers_blocking(&app);
    at(&app, MONDAY_0900);
    let (d, t) = add_drivers(&app, app.ids.demo, 1, 1)[0];
    let a = instance(&app);
    let b = instance(&app);
    let me = driver(d, app.ids.demo);

    // B reads and remembers "not in the queue".
    let before = b
        .state
        .services
        .queue_reads
        .driver_position(&me, d)
        .unwrap();
    assert_eq!(before.status, None);
    assert_eq!(b.cache.remembered(d), Some(None));

    join(&app, &a, d, t);
    // The writer's own instance forgets at once: the phone that just joined sees its place.
    let on_a = a
        .state
        .services
        .queue_reads
        .driver_position(&me, d)
        .unwrap();
    assert_eq!((on_a.status, on_a.position), (Some("pending"), 1));
    // The other instance forgets when the NOTIFY arrives (it would keep "none" for 15 s).
    wait_for("B forgetting after queueChanged", || {
        b.cache.remembered(d).is_none()
    });
    let on_b = b
        .state
        .services
        .queue_reads
        .driver_position(&me, d)
        .unwrap();
    assert_eq!((on_b.status, on_b.position), (Some("pending"), 1));
}

#[actix_web::test]
async fn a_remembered_position_is_still_only_shown_to_its_company() {
    let app = TestApp::new();
    open_for_freelancers(&app).await;
    at(&app, MONDAY_0900);
    let (d, t) = add_drivers(&app, app.ids.demo, 1, 2)[0];
    let a = instance(&app);
    let wiring = app.on(a.state.clone());
    let anon = wiring.anonymous().await;
    join(&app, &a, d, t);
    let uri = format!("/api/queue/position/driver/{d}");
    let usuario = wiring.usuario_of(app.ids.demo).await;
    // The join's own NOTIFY comes back a moment later and clears the cache once more, so
    // read until the answer stays remembered.
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let (s, body) = usuario.get(&uri).await.pair();
        assert_eq!(s, StatusCode::OK);
        assert_eq!(body["position"], 1);
        if a.cache.remembered(d).is_some() {
            break;
        }
        assert!(Instant::now() < until, "the answer is never remembered");
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }

    // Answered from memory or not, the other company's staff and other drivers get 404.
    let outra = wiring.usuario_of(app.ids.other).await;
    let (s, _) = outra.get(&uri).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    let other_driver = wiring.driver_id(app.ids.driver, app.ids.demo).await;
    let (s, _) = other_driver.get(&uri).await.pair();
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = anon.get(&uri).await.pair();
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, body) = app.driver_id(d, app.ids.demo).await.get(&uri).await.pair();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(body["status"], "pending");
}

#[test]
fn a_lost_event_stream_is_noticed_and_reconnected() {
    let app = TestApp::new();
    open_for_freelancers_blocking(&app);
    at(&app, MONDAY_0900);
    let (d, t) = add_drivers(&app, app.ids.demo, 1, 3)[0];
    let a = instance(&app);
    let b = instance(&app);
    let me = driver(d, app.ids.demo);
    b.state
        .services
        .queue_reads
        .driver_position(&me, d)
        .unwrap();
    assert_eq!(b.cache.remembered(d), Some(None));

    // Cut every LISTEN connection of this database.
    let mut conn = app.db.conn().unwrap();
    use diesel::RunQueryDsl;
    diesel::sql_query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND application_name = 'patio-listen'",
    )
    .execute(&mut conn)
    .unwrap();
    wait_for("B forgetting on the lost stream", || {
        b.cache.remembered(d).is_none()
    });
    wait_for("the stream coming back", || b.cache.is_live());

    b.state
        .services
        .queue_reads
        .driver_position(&me, d)
        .unwrap();
    join(&app, &a, d, t);
    wait_for("B forgetting after queueChanged", || {
        b.cache.remembered(d).is_none()
    });
}
