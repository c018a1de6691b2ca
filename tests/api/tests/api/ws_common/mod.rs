//! A real `patio serve` on a free port and websocket clients for it: shared by the socket
//! tests (`realtime_ws.rs`, `yard_realtime.rs`).
#![allow(dead_code)] // each test binary uses part of it

use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::{App, HttpServer};
use patio_application::queue::ports::{DomainEvent, EventSink};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::common::TestApp;

pub type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// `patio serve` on a free port of 127.0.0.1, with this test's state.
pub fn serve(state: patio_http::AppState) -> SocketAddr {
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
pub struct Up(AtomicBool, Arc<patio_realtime::Hub>);

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

pub fn listen(app: &TestApp) -> patio_postgres::EventListener {
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

pub fn open(addr: SocketAddr, auth: Option<&str>, query: &str) -> Result<Socket, u16> {
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

pub fn read_timeout(socket: &mut Socket, wait: Duration) {
    if let MaybeTlsStream::Plain(s) = socket.get_mut() {
        s.set_read_timeout(Some(wait)).unwrap();
    }
}

/// The next text message, or `None` when nothing came within `wait`.
pub fn next_text(socket: &mut Socket, wait: Duration) -> Option<String> {
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
