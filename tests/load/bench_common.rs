//! What the Rust benchmarks that drive a real `patio serve` share (ws_bench, yard_day): the
//! release server as a child process on a test database, plain HTTP/1.1 requests, percentiles,
//! and the server's CPU and memory from /proc.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The session secret the benchmark servers share with `TestApp` (whose token service can then
/// mint sessions the server accepts).
pub const SECRET: &str = "test-secret-test-secret-test-secret";

pub fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The `p`-th percentile (nearest rank) of sorted values.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

pub fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// VmRSS of a process in MB (from /proc/<pid>/status).
pub fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    (kb / 1024.0 * 10.0).round() / 10.0
}

/// CPU seconds (user + system) a process has used so far (from /proc/<pid>/stat; the kernel's
/// clock ticks are 100 a second on Linux).
pub fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

pub fn open_files_limit() -> String {
    std::fs::read_to_string("/proc/self/limits")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .map(|l| l.split_whitespace().nth(3).unwrap_or("?").to_owned())
        .unwrap_or_default()
}

/// A plain HTTP/1.1 request; returns the status code.
pub fn http(port: u16, method: &str, path: &str, auth: Option<&str>, body: &str) -> u16 {
    request(port, method, path, auth, body).0
}

/// A plain HTTP/1.1 request on its own connection; returns the status code and the raw
/// response.
pub fn request(
    port: u16,
    method: &str,
    path: &str,
    auth: Option<&str>,
    body: &str,
) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_nodelay(true).unwrap();
    let auth = auth
        .map(|a| format!("Authorization: {a}\r\n"))
        .unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, out)
}

/// The JSON body of a raw response from [`request`] (chunked or not).
pub fn json_body(raw: &str) -> serde_json::Value {
    let body = raw.split("\r\n\r\n").nth(1).unwrap_or_default();
    let start = body.find(['{', '[']).unwrap_or(0);
    let end = body.rfind(['}', ']']).map_or(body.len(), |e| e + 1);
    serde_json::from_str(&body[start..end]).unwrap_or(serde_json::Value::Null)
}

/// The release binary (`<NAME>_BIN` overrides it); panics with the build command if missing.
pub fn release_bin(env: &str) -> String {
    let bin = std::env::var(env).unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/patio").to_owned()
    });
    assert!(
        std::path::Path::new(&bin).exists(),
        "build first: cargo build --release -p patio"
    );
    bin
}

/// `patio serve` as a child process on 127.0.0.1:`port`; killed when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
}

impl Server {
    /// Starts `bin serve` on `database_url` with [`SECRET`], no static files, `RUST_LOG=warn`
    /// and `env` on top, and waits until `/api/ready` answers 200.
    pub fn start(bin: &str, database_url: &str, port: u16, env: &[(&str, &str)]) -> Server {
        let mut cmd = Command::new(bin);
        cmd.arg("serve")
            .env("DATABASE_URL", database_url)
            .env("PATIO_ADDR", format!("127.0.0.1:{port}"))
            .env("PATIO_SECRET", SECRET)
            .env("PATIO_STATIC_DIR", "/nonexistent")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let server = Server {
            child: cmd.spawn().unwrap(),
            port,
        };
        let until = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", port)).is_err()
            || http(port, "GET", "/api/ready", None, "") != 200
        {
            assert!(Instant::now() < until, "patio serve never came up");
            std::thread::sleep(Duration::from_millis(100));
        }
        server
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A staff session through the login call: `Bearer <token>`.
    pub fn staff_login(&self, email: &str) -> String {
        let body = format!(
            r#"{{"email":"{email}","password":"patio123","company":null,"recaptcha_token":"","page":"staff"}}"#
        );
        let (status, out) = request(self.port, "POST", "/api/auth/login", None, &body);
        assert!(status / 100 == 2, "login: {out}");
        let login = json_body(&out);
        format!("Bearer {}", login["accessToken"].as_str().unwrap())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
