//! `GET /api/ws` (DESIGN section 5) on a real server: who may open it, which room it joins,
//! and a queue change reaching the sockets of its company only, through NOTIFY and LISTEN.
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
    // Without a company of its own, the administrator must name one.
    assert_eq!(open(addr, Some(&admin), "").err(), Some(422));
}

#[test]
fn a_join_reaches_the_sockets_of_its_company_and_no_other() {
    let app = TestApp::new();
    open_for_freelancers(&app);
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
