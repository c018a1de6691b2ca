//! What an operator reads of a running `patio serve` (issue 27 items 1 and 2): JSON log lines
//! (`PATIO_LOG_FORMAT=json`) where every line of a request, those its use case writes on a
//! blocking thread included, carries the request's id, and `/metrics` on the real process.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use patio_postgres::testkit::TestDb;

struct Served {
    child: Child,
    log: std::path::PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

/// One request on its own connection: status, headers (lower-case names) and body.
fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Vec<(String, String)>, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let extra: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    (status, headers, body.to_owned())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

#[test]
fn json_log_lines_of_a_request_carry_its_id_and_metrics_are_served() {
    let db = TestDb::new();
    let seeded = Command::new(env!("CARGO_BIN_EXE_patio"))
        .arg("seed-demo")
        .env("DATABASE_URL", db.url())
        .env("RUST_LOG", "warn")
        .status()
        .unwrap();
    assert!(seeded.success());
    let addr = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    // A closed port: the postal-code lookup fails and the use case logs it.
    let closed = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let log = std::env::temp_dir().join(format!("patio-observability-{}.log", addr.port()));
    let out = std::fs::File::create(&log).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_patio"))
        .arg("serve")
        .env("DATABASE_URL", db.url())
        .env("PATIO_ADDR", addr.to_string())
        .env("PATIO_SECRET", "observability-secret-observability-secret")
        .env("PATIO_JOBS", "off")
        .env("PATIO_DB_POOL", "4")
        .env("PATIO_STATIC_DIR", "/nonexistent")
        .env("PATIO_LOG_FORMAT", "json")
        .env("PATIO_TRUSTED_PROXIES", "127.0.0.1")
        .env(
            "PATIO_POSTAL_CODE_URL",
            format!("http://{closed}/ws/{{cep}}/json/"),
        )
        .env("RUST_LOG", "info")
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let served = Served { child, log };
    let until = Instant::now() + Duration::from_secs(120);
    while TcpStream::connect(addr).is_err() || call(addr, "GET", "/api/health", &[], "").0 != 200 {
        assert!(Instant::now() < until, "patio serve never came up");
        std::thread::sleep(Duration::from_millis(100));
    }

    let login = r#"{"email":"usuario@patio.local","password":"patio123","company":null,"recaptcha_token":"","page":"staff"}"#;
    let (status, _, text) = call(addr, "POST", "/api/auth/login", &[], login);
    assert_eq!(status, 200, "{text}");
    let token: serde_json::Value = serde_json::from_str(&text).unwrap();
    let bearer = format!("Bearer {}", token["accessToken"].as_str().unwrap());

    // The balancer (a trusted proxy: 127.0.0.1) names the request.
    let (status, headers, text) = call(
        addr,
        "GET",
        "/api/postal-code/01001000",
        &[("Authorization", &bearer), ("X-Request-Id", "lb-obs-0001")],
        "",
    );
    assert_eq!(status, 503, "{text}");
    assert_eq!(header(&headers, "x-request-id"), Some("lb-obs-0001"));

    // Every line is JSON; the use case's warning (written on a blocking thread) and the
    // access line both carry the id in their span.
    let until = Instant::now() + Duration::from_secs(10);
    let lines = loop {
        let output = std::fs::read_to_string(&served.log).unwrap();
        let lines: Vec<serde_json::Value> = output
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        let access = lines.iter().any(|l| {
            l["target"] == "patio::http" && l["fields"]["path"] == "/api/postal-code/01001000"
        });
        if access || Instant::now() > until {
            break lines;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let of_request: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|l| l["span"]["request_id"] == "lb-obs-0001")
        .collect();
    assert!(
        of_request
            .iter()
            .any(|l| l["fields"]["message"] == "postal-code service unavailable"),
        "{lines:#?}"
    );
    assert!(
        of_request
            .iter()
            .any(|l| l["target"] == "patio::http" && l["fields"]["status"] == 503),
        "{lines:#?}"
    );
    // Lines outside the request (start-up) have no id; the login's access line has its own.
    assert!(lines
        .iter()
        .any(|l| l["fields"]["message"] == "Pátio no ar"));
    let login_line = lines
        .iter()
        .find(|l| l["target"] == "patio::http" && l["fields"]["path"] == "/api/auth/login")
        .unwrap();
    let login_id = login_line["span"]["request_id"].as_str().unwrap();
    assert_eq!(login_id.len(), 36, "{login_line}");

    // /metrics from the process itself, over loopback.
    let (status, headers, text) = call(addr, "GET", "/metrics", &[], "");
    assert_eq!(status, 200, "{text}");
    assert!(header(&headers, "content-type")
        .unwrap()
        .starts_with("text/plain; version=0.0.4"));
    assert!(text.contains(
        r#"patio_http_requests_total{method="GET",route="/api/postal-code/{cep}",status="503"} 1"#
    ), "{text}");
    assert!(
        text.contains(r#"patio_db_pool_connections{pool="primary",state="idle"}"#),
        "{text}"
    );
}
