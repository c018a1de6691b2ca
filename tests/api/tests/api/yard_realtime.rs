//! The yard call (`POST /checkins/setcall`) reaching the panel and the driver's phone over
//! `/api/ws` within a second, through NOTIFY and LISTEN (issue 13).

use crate::{common, queue_common, ws_common};
use std::time::{Duration, Instant};

use common::TestApp;
use queue_common::*;
use serde_json::json;
use ws_common::*;

#[test]
fn a_call_reaches_the_company_s_sockets_within_a_second() {
    let app = TestApp::new();
    open_for_freelancers_blocking(&app);
    at(&app, MONDAY_0900);
    settings_blocking(
        &app,
        app.ids.demo,
        json!({ "enableCheckin": true, "checkinIp": "10.1.1.1, 127.0.0.1" }),
    );
    let _listener = listen(&app);
    let addr = serve(app.state.clone());
    let (d, t) = add_drivers(&app, app.ids.demo, 1, 5)[0];
    let q = join_freelancer(&app.state.services.queue, app.ids.demo, d, t)
        .unwrap()
        .id;
    let checkin = app
        .state
        .services
        .yard
        .check_in(&driver(d, app.ids.demo), q, Some("10.1.1.1".into()))
        .unwrap()
        .id;
    let mut panel = open(
        addr,
        Some(&bearer(&app, &staff(&app, "expedicao@patio.local"))),
        "",
    )
    .unwrap();
    let mut phone = open(addr, Some(&bearer(&app, &driver(d, app.ids.demo))), "").unwrap();
    // The yard TV: no session, from an address of checkinIp (here 127.0.0.1).
    let mut tv = open(addr, None, &format!("?companyId={}", app.ids.demo)).unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while app.state.hub.room_size(app.ids.demo) < 3 {
        assert!(Instant::now() < until, "sockets never joined");
        std::thread::sleep(Duration::from_millis(10));
    }
    let started = Instant::now();
    app.state
        .services
        .yard
        .set_call(&staff(&app, "expedicao@patio.local"), checkin, true)
        .unwrap();
    for socket in [&mut panel, &mut phone, &mut tv] {
        // The check-in's own queueChanged may still be on its way: skipped.
        let (text, v) = loop {
            let text = next_text(socket, Duration::from_secs(2)).expect("no call received");
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            if v["event"] != "queueChanged" {
                break (text, v);
            }
        };
        assert_eq!(v["event"], "checkInCallResponse", "{text}");
        assert_eq!(v["driverId"], d);
        assert_eq!(v["queueId"], q);
    }
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn the_tv_socket_without_a_session_is_refused_outside_the_yard_network() {
    let app = TestApp::new();
    settings_blocking(&app, app.ids.demo, json!({ "checkinIp": "10.1.1.1" }));
    let addr = serve(app.state.clone());
    assert_eq!(
        open(addr, None, &format!("?companyId={}", app.ids.demo)).err(),
        Some(401)
    );
    assert_eq!(open(addr, None, "").err(), Some(401));
    assert_eq!(open(addr, None, "?companyId=999999").err(), Some(404));
}
