//! What the binary's tests share (issue 27): PostgreSQL clusters and a PgBouncer of their own
//! (`pg.rs`, also used by the yard-day bench), `patio serve` processes and a plain HTTP client.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

mod pg;
pub use pg::*;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;

pub const SECRET: &str = "ops-tests-secret-ops-tests-secret-ops";

/// `DATABASE_URL` migrated with the demo tenant, open to freelancers all day.
pub fn seed_demo(url: &str) {
    let seeded = Command::new(env!("CARGO_BIN_EXE_patio"))
        .arg("seed-demo")
        .env("DATABASE_URL", url)
        .env("RUST_LOG", "warn")
        .status()
        .unwrap();
    assert!(seeded.success());
    PgConnection::establish(url)
        .unwrap()
        .batch_execute(
            "UPDATE settings SET start_time = '00:00', end_time = '00:00',
                    start_interval = '00:00', end_interval = '00:00', time_attendence = '00:01',
                    programmed_total = 0, enable_queue_without_scheduling = TRUE,
                    week_days = '[true, true, true, true, true, true, true]'",
        )
        .unwrap();
}

/// A `patio serve` process, killed on drop.
pub struct Instance {
    pub child: Child,
    pub addr: SocketAddr,
    log: PathBuf,
}

impl Instance {
    /// `patio serve` on a free port with `env` (DATABASE_URL and the rest), its output in a
    /// file; waits for `/api/health`.
    pub fn start(name: &str, env: &[(&str, &str)]) -> Instance {
        let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
        let log = std::env::temp_dir().join(format!("patio-{name}-{}.log", addr.port()));
        let out = std::fs::File::create(&log).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_patio"));
        command
            .arg("serve")
            .env("PATIO_ADDR", addr.to_string())
            .env("PATIO_SECRET", SECRET)
            .env("PATIO_DB_POOL", "8")
            .env("PATIO_STATIC_DIR", "/nonexistent")
            .env("RUST_LOG", "warn,patio::jobs=debug");
        for (k, v) in env {
            command.env(k, v);
        }
        let child = command
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .stdin(Stdio::null())
            .spawn()
            .unwrap();
        let instance = Instance { child, addr, log };
        let until = Instant::now() + Duration::from_secs(120);
        while !matches!(instance.get("/api/health", None), Ok((200, _))) {
            assert!(
                Instant::now() < until,
                "{name} never came up: {}",
                instance.output()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        instance
    }

    pub fn output(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    pub fn count(&self, needle: &str) -> usize {
        self.output().matches(needle).count()
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> std::io::Result<(u16, String)> {
        http(self.addr, "GET", path, token, None)
    }

    pub fn post(&self, path: &str, token: Option<&str>, body: &str) -> (u16, String) {
        http(self.addr, "POST", path, token, Some(body)).unwrap()
    }

    /// A staff session's access token.
    pub fn login(&self, email: &str) -> String {
        let body = format!(
            r#"{{"email":"{email}","password":"patio123","company":null,"recaptcha_token":"","page":"staff"}}"#
        );
        let (status, text) = self.post("/api/auth/login", None, &body);
        assert_eq!(status, 200, "{text}");
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        json["accessToken"].as_str().unwrap().to_owned()
    }

    /// The value of one sample of `/metrics` (`name{labels}` as written), 0 when absent.
    pub fn metric(&self, sample: &str) -> f64 {
        let (status, text) = self.get("/metrics", None).unwrap();
        assert_eq!(status, 200, "{text}");
        text.lines()
            .find_map(|l| l.strip_prefix(sample)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or(0.0)
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

/// One HTTP/1.1 request on its own connection; the status and the body.
pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let body = body.unwrap_or("");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no response: {response:?}")))?;
    let text = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    Ok((status, text))
}
