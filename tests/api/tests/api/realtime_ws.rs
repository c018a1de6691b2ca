//! `GET /api/ws` (DESIGN section 5) on a real server: who may open it, which room it joins,
//! and a queue change reaching the sockets of its company only, through NOTIFY and LISTEN.

use crate::{common, queue_common, ws_common};
use std::time::{Duration, Instant};

use common::TestApp;
use patio_application::queue::ports::EventSink;
use queue_common::*;
use ws_common::*;

#[test]
fn only_a_signed_in_caller_opens_the_socket_and_only_into_its_own_company() {
    let app = TestApp::new();
    let addr = serve(app.state.clone());
    let admin = bearer(&app, &staff(&app, "admin@patio.local"));
    let usuario = bearer(&app, &staff(&app, "usuario@patio.local"));
    let motorista = bearer(&app, &driver(app.ids.driver, app.ids.demo));
    let other = app.ids.other;

    assert_eq!(open(addr, None, "").err(), Some(401));
    assert!(open(addr, Some(&usuario), "").is_ok());
    assert!(open(addr, Some(&motorista), "").is_ok());
    assert!(open(
        addr,
        Some(&usuario),
        &format!("?companyId={}", app.ids.demo)
    )
    .is_ok());
    // Another company's room is 404 to its non-members.
    assert_eq!(
        open(addr, Some(&usuario), &format!("?companyId={other}")).err(),
        Some(404)
    );
    assert_eq!(
        open(addr, Some(&motorista), &format!("?companyId={other}")).err(),
        Some(404)
    );
    // The administrator names an existing company.
    assert!(open(addr, Some(&admin), &format!("?companyId={other}")).is_ok());
    assert_eq!(
        open(addr, Some(&admin), "?companyId=999999").err(),
        Some(404)
    );
    assert_eq!(open(addr, Some(&admin), "?companyId=abc").err(), Some(400));
    // Without a company of its own, the administrator hears every company.
    let mut all = open(addr, Some(&admin), "").unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while app
        .state
        .hub
        .room_size(patio_application::queue::ports::EVERY_COMPANY_ROOM)
        < 1
    {
        assert!(Instant::now() < until, "the socket never joined");
        std::thread::sleep(Duration::from_millis(10));
    }
    app.state
        .hub
        .event(&patio_application::queue::ports::DomainEvent::queue_changed(other));
    assert_eq!(
        next_text(&mut all, Duration::from_secs(10)),
        Some(format!(r#"{{"event":"queueChanged","companyId":{other}}}"#))
    );
}

#[test]
fn a_join_reaches_the_sockets_of_its_company_and_no_other() {
    let app = TestApp::new();
    open_for_freelancers_blocking(&app);
    at(&app, MONDAY_0900);
    let _listener = listen(&app);
    let addr = serve(app.state.clone());
    let (d, t) = add_drivers(&app, app.ids.demo, 1, 4)[0];
    let mut panel = open(
        addr,
        Some(&bearer(&app, &staff(&app, "usuario@patio.local"))),
        "",
    )
    .unwrap();
    let mut phone = open(
        addr,
        Some(&bearer(&app, &driver(app.ids.driver, app.ids.demo))),
        "",
    )
    .unwrap();
    let mut elsewhere = open(
        addr,
        Some(&bearer(&app, &staff(&app, "outra@empresa.local"))),
        "",
    )
    .unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while app.state.hub.room_size(app.ids.demo) < 2 {
        assert!(Instant::now() < until, "sockets never joined");
        std::thread::sleep(Duration::from_millis(10));
    }

    join_freelancer(&app.state.services.queue, app.ids.demo, d, t).unwrap();

    let expected = format!(r#"{{"event":"queueChanged","companyId":{}}}"#, app.ids.demo);
    assert_eq!(
        next_text(&mut panel, Duration::from_secs(10)),
        Some(expected.clone())
    );
    assert_eq!(
        next_text(&mut phone, Duration::from_secs(10)),
        Some(expected)
    );
    // By now the hub has sent this event to every room it was for.
    assert_eq!(next_text(&mut elsewhere, Duration::from_millis(200)), None);
}
