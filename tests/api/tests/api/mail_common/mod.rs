//! A tiny SMTP server for the e-mail tests: it answers EHLO, MAIL, RCPT, DATA, RSET, NOOP and
//! QUIT on a local port and keeps every message it was given, so the tests check what really
//! went over the wire (the real lettre adapter talks to it).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mailparse::{MailHeaderMap, ParsedMail};

/// One message as the sink took it.
#[derive(Debug, Clone)]
pub struct Received {
    pub from: String,
    pub rcpt: Vec<String>,
    pub data: String,
}

impl Received {
    /// The single recipient of the envelope.
    pub fn to(&self) -> &str {
        assert_eq!(
            self.rcpt.len(),
            1,
            "one recipient per message: {:?}",
            self.rcpt
        );
        &self.rcpt[0]
    }

    pub fn parsed(&self) -> Mail {
        let p = mailparse::parse_mail(self.data.as_bytes()).unwrap();
        let header = |name: &str| p.headers.get_first_value(name).unwrap_or_default();
        let part = |p: &ParsedMail, mime: &str| -> String {
            p.subparts
                .iter()
                .find(|s| s.ctype.mimetype == mime)
                .unwrap_or_else(|| panic!("no {mime} part"))
                .get_body()
                .unwrap()
        };
        assert_eq!(p.ctype.mimetype, "multipart/alternative");
        Mail {
            subject: header("Subject"),
            from: header("From"),
            to: header("To"),
            text: part(&p, "text/plain").replace("\r\n", "\n"),
            html: part(&p, "text/html"),
        }
    }
}

/// The parts of a message the tests read, decoded.
#[derive(Debug, Clone)]
pub struct Mail {
    pub subject: String,
    pub from: String,
    pub to: String,
    pub text: String,
    pub html: String,
}

pub struct SmtpSink {
    pub port: u16,
    messages: Arc<Mutex<Vec<Received>>>,
}

impl SmtpSink {
    pub fn start() -> Self {
        Self::on(TcpListener::bind("127.0.0.1:0").unwrap())
    }

    /// A sink on a given port (one a test kept free to play a server coming back).
    pub fn on_port(port: u16) -> Self {
        Self::on(TcpListener::bind(("127.0.0.1", port)).unwrap())
    }

    fn on(listener: TcpListener) -> Self {
        let port = listener.local_addr().unwrap().port();
        let messages = Arc::new(Mutex::new(Vec::new()));
        let kept = messages.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let kept = kept.clone();
                std::thread::spawn(move || {
                    let _ = serve(stream, &kept);
                });
            }
        });
        Self { port, messages }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn messages(&self) -> Vec<Received> {
        self.messages.lock().unwrap().clone()
    }

    /// Waits (a few seconds at most) until `n` messages arrived, and returns them.
    pub fn wait_for(&self, n: usize) -> Vec<Received> {
        let until = Instant::now() + Duration::from_secs(5);
        loop {
            let got = self.messages();
            if got.len() >= n || Instant::now() > until {
                return got;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The messages sent to `address`.
    pub fn to(&self, address: &str) -> Vec<Mail> {
        self.messages()
            .iter()
            .filter(|m| m.rcpt.iter().any(|r| r == address))
            .map(Received::parsed)
            .collect()
    }

    /// Envelope recipients of every message, sorted.
    pub fn recipients(&self) -> Vec<String> {
        let mut r: Vec<String> = self
            .messages()
            .iter()
            .flat_map(|m| m.rcpt.clone())
            .collect();
        r.sort();
        r
    }
}

/// A port nothing listens on: an SMTP server that is down.
pub fn closed_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// `<a@b>` and `<a@b> SIZE=1` -> `a@b`.
fn path(arg: &str) -> String {
    let a = arg.trim();
    let inner = a
        .strip_prefix('<')
        .and_then(|r| r.split_once('>'))
        .map_or(a, |(p, _)| p);
    inner.to_owned()
}

fn serve(stream: TcpStream, kept: &Mutex<Vec<Received>>) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut out = stream.try_clone()?;
    let mut input = BufReader::new(stream);
    out.write_all(b"220 sink.local ESMTP test sink\r\n")?;
    let mut from = String::new();
    let mut rcpt = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let command = line.trim_end();
        let upper = command.to_ascii_uppercase();
        if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            out.write_all(b"250-sink.local\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")?;
        } else if upper.starts_with("MAIL FROM:") {
            from = path(&command["MAIL FROM:".len()..]);
            rcpt.clear();
            out.write_all(b"250 2.1.0 OK\r\n")?;
        } else if upper.starts_with("RCPT TO:") {
            rcpt.push(path(&command["RCPT TO:".len()..]));
            out.write_all(b"250 2.1.5 OK\r\n")?;
        } else if upper == "DATA" {
            out.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")?;
            let mut data = String::new();
            loop {
                line.clear();
                if input.read_line(&mut line)? == 0 {
                    return Ok(());
                }
                if line == ".\r\n" || line == ".\n" {
                    break;
                }
                // Dot-stuffing undone.
                data.push_str(line.strip_prefix('.').unwrap_or(&line));
            }
            kept.lock().unwrap().push(Received {
                from: from.clone(),
                rcpt: std::mem::take(&mut rcpt),
                data,
            });
            out.write_all(b"250 2.0.0 OK queued\r\n")?;
        } else if upper == "RSET" {
            rcpt.clear();
            out.write_all(b"250 2.0.0 OK\r\n")?;
        } else if upper == "NOOP" {
            out.write_all(b"250 2.0.0 OK\r\n")?;
        } else if upper == "QUIT" {
            out.write_all(b"221 2.0.0 Bye\r\n")?;
            return Ok(());
        } else {
            out.write_all(b"502 5.5.2 Command not implemented\r\n")?;
        }
    }
}
