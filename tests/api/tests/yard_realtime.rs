//! The yard call (`POST /checkins/setcall`) reaching the panel and the driver's phone over
//! `/api/ws` within a second, through NOTIFY and LISTEN (issue 13).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod queue_common;

use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::{App, HttpServer};
use patio_application::queue_ports::{DomainEvent, EventSink};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use common::TestApp;
use queue_common::*;

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// `patio serve` on a free port of 127.0.0.1, with this test's state.
fn serve(state: patio_http::AppState) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server =
                HttpServer::new(move || App::new().configure(patio_http::configure(state.clone())))
                    .workers(1)
                    .bind("127.0.0.1:0")
                    .unwrap();
            tx.send(server.addrs()[0]).unwrap();
            server.run().await
        })
    });
    rx.recv().unwrap()
}

/// Forwards to the hub and remembers that the stream is up.
struct Up(AtomicBool, Arc<patio_realtime::Hub>);

impl EventSink for Up {
    fn connected(&self) {
        self.0.store(true, Ordering::SeqCst);
        self.1.connected();
    }
    fn disconnected(&self) {
        self.1.disconnected();
    }
    fn event(&self, event: &DomainEvent) {
        self.1.event(event);
    }
}

fn listen(app: &TestApp) -> patio_postgres::EventListener {
    let up = Arc::new(Up(AtomicBool::new(false), app.state.hub.clone()));
    let listener =
        patio_postgres::EventListener::spawn(app.db.url().to_owned(), up.clone()).unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while !up.0.load(Ordering::SeqCst) {
        assert!(Instant::now() < until, "the event stream never came up");
        std::thread::sleep(Duration::from_millis(20));
    }
    listener
}

fn open(addr: SocketAddr, auth: Option<&str>, query: &str) -> Result<Socket, u16> {
    let mut req = format!("ws://{addr}/api/ws{query}")
        .into_client_request()
        .unwrap();
    if let Some(a) = auth {
        req.headers_mut()
            .insert("Authorization", a.parse().unwrap());
    }
    match tungstenite::connect(req) {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(other) => panic!("{other}"),
    }
}

fn read_timeout(socket: &mut Socket, wait: Duration) {
    if let MaybeTlsStream::Plain(s) = socket.get_mut() {
        s.set_read_timeout(Some(wait)).unwrap();
    }
}

/// The next text message, or `None` when nothing came within `wait`.
fn next_text(socket: &mut Socket, wait: Duration) -> Option<String> {
    read_timeout(socket, wait);
    loop {
        match socket.read() {
            Ok(Message::Text(text)) => return Some(text.to_string()),
            Ok(_) => continue,
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return None
            }
            Err(other) => panic!("{other}"),
        }
    }
}

#[test]
fn a_call_reaches_the_company_s_sockets_within_a_second() {
    let app = TestApp::new();
    open_for_freelancers(&app);
    at(&app, MONDAY_0900);
    settings(
        &app,
        app.ids.demo,
        "enable_checkin = TRUE, checkin_ip = '10.1.1.1'",
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
    let until = Instant::now() + Duration::from_secs(10);
    while app.state.hub.room_size(app.ids.demo) < 2 {
        assert!(Instant::now() < until, "sockets never joined");
        std::thread::sleep(Duration::from_millis(10));
    }
    let started = Instant::now();
    app.state
        .services
        .yard
        .set_call(&staff(&app, "expedicao@patio.local"), checkin, true)
        .unwrap();
    for socket in [&mut panel, &mut phone] {
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
