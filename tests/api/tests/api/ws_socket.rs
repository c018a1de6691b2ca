//! The websocket of `/api/ws` itself (issue 13
//! leftovers, docs/decisions.md "Expedition leftovers"): it answers the client's ping, answers
//! and ends on the client's close, closes on a frame larger than anything a client needs to
//! send, and leaves its room when it ends.

use crate::{common, queue_common, ws_common};
use std::time::{Duration, Instant};

use common::TestApp;
use queue_common::*;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::Message;
use ws_common::*;

/// The next frame that is not a text (the server's ping every 25 s never comes this soon).
fn next_control(socket: &mut Socket, wait: Duration) -> Option<Message> {
    read_timeout(socket, wait);
    socket.read().ok()
}

fn wait_room(app: &TestApp, company: i64, size: usize) {
    let until = Instant::now() + Duration::from_secs(10);
    while app.state.hub.room_size(company) != size {
        assert!(
            Instant::now() < until,
            "room {company} never had {size} sockets"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_socket_answers_ping_and_close_refuses_large_frames_and_leaves_its_room() {
    let app = TestApp::new();
    let addr = serve(app.state.clone());
    let usuario = bearer(&app, &staff(&app, "usuario@patio.local"));
    let demo = app.ids.demo;

    // A ping is answered with the same payload.
    let mut socket = open(addr, Some(&usuario), "").unwrap();
    wait_room(&app, demo, 1);
    socket.send(Message::Ping(b"yard".to_vec().into())).unwrap();
    assert_eq!(
        next_control(&mut socket, Duration::from_secs(5)),
        Some(Message::Pong(b"yard".to_vec().into()))
    );
    // An event still arrives after it.
    app.state
        .hub
        .send(demo, r#"{"event":"queueChanged","companyId":1}"#);
    assert_eq!(
        next_text(&mut socket, Duration::from_secs(5)).as_deref(),
        Some(r#"{"event":"queueChanged","companyId":1}"#)
    );

    // The client's close is answered, and the socket leaves the room.
    socket.close(None).unwrap();
    let answered = next_control(&mut socket, Duration::from_secs(5));
    assert!(matches!(answered, Some(Message::Close(_))), "{answered:?}");
    wait_room(&app, demo, 0);

    // A frame larger than a client ever needs: the server closes with 'policy'.
    let mut big = open(addr, Some(&usuario), "").unwrap();
    wait_room(&app, demo, 1);
    big.send(Message::Text("x".repeat(4096).into())).unwrap();
    match next_control(&mut big, Duration::from_secs(5)) {
        Some(Message::Close(Some(frame))) => assert_eq!(frame.code, CloseCode::Policy),
        other => panic!("expected a close, got {other:?}"),
    }
    wait_room(&app, demo, 0);

    // A client that just goes away (TCP closed) leaves the room too.
    let gone = open(addr, Some(&usuario), "").unwrap();
    wait_room(&app, demo, 1);
    drop(gone);
    wait_room(&app, demo, 0);
}
