//! What the replica and PgBouncer tests share (issue 27 items 3 and 4): PostgreSQL clusters of
//! their own (Debian's binaries, a temporary folder, a free port), `patio serve` processes and
//! a plain HTTP client.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;

pub const SECRET: &str = "ops-tests-secret-ops-tests-secret-ops";
/// Generous: the claims are "within a second"; the deadline only keeps a broken run finite.
pub const DEADLINE: Duration = Duration::from_secs(30);

/// A port nobody listens on now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The folder of Debian's PostgreSQL binaries (the newest), if installed.
pub fn pg_bin() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|bin| bin.join("initdb").is_file() && bin.join("pg_basebackup").is_file())
        .collect();
    found.sort();
    found.pop()
}

/// Whether the tests run as root (PostgreSQL and PgBouncer then run as `postgres`).
pub fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `program args` as the postgres user when this runs as root (the server refuses root).
fn as_postgres(program: &Path) -> Command {
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn run(mut command: Command, what: &str) {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A PostgreSQL cluster in a temporary folder, stopped and removed on drop.
pub struct Cluster {
    pub dir: PathBuf,
    pub port: u16,
    bin: PathBuf,
}

impl Cluster {
    fn folder(name: &str) -> PathBuf {
        // Under /var/tmp: the postgres user may not enter root's temporary folders.
        let dir = PathBuf::from("/var/tmp").join(format!(
            "patio-{name}-{}-{}",
            std::process::id(),
            free_port()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        if is_root() {
            run(
                {
                    let mut c = Command::new("chown");
                    c.arg("postgres:").arg(&dir);
                    c
                },
                "chown",
            );
        }
        let mut perms = std::fs::metadata(&dir).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o700);
        std::fs::set_permissions(&dir, perms).unwrap();
        dir
    }

    /// A new primary (trust authentication on 127.0.0.1, replication allowed), started.
    pub fn primary(bin: &Path, name: &str) -> Cluster {
        let cluster = Cluster {
            dir: Self::folder(name),
            port: free_port(),
            bin: bin.to_owned(),
        };
        let mut init = as_postgres(&bin.join("initdb"));
        init.arg("-D")
            .arg(&cluster.dir)
            .args([
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-sync",
            ])
            .arg("--locale=C.UTF-8");
        run(init, "initdb");
        cluster.configure();
        cluster.start();
        cluster
    }

    /// A hot standby of `primary` (`pg_basebackup -R`: streaming from it), started.
    pub fn standby_of(primary: &Cluster, name: &str) -> Cluster {
        let cluster = Cluster {
            dir: Self::folder(name),
            port: free_port(),
            bin: primary.bin.clone(),
        };
        let mut backup = as_postgres(&primary.bin.join("pg_basebackup"));
        backup
            .args(["-h", "127.0.0.1", "-p", &primary.port.to_string()])
            // A fast checkpoint: the default spreads it over minutes.
            .args([
                "-U",
                "postgres",
                "-R",
                "-X",
                "stream",
                "--checkpoint=fast",
                "-D",
            ])
            .arg(&cluster.dir);
        run(backup, "pg_basebackup");
        cluster.configure();
        cluster.start();
        cluster
    }

    /// The settings of a throwaway test cluster (later lines win over the copied ones).
    fn configure(&self) {
        let conf = self.dir.join("postgresql.conf");
        let mut text = std::fs::read_to_string(&conf).unwrap();
        text.push_str(&format!(
            "\nlisten_addresses = '127.0.0.1'\nport = {}\nunix_socket_directories = '{}'\n\
             max_connections = 100\nfsync = off\nfull_page_writes = off\ntimezone = 'UTC'\n",
            self.port,
            self.dir.display()
        ));
        std::fs::write(&conf, text).unwrap();
    }

    pub fn start(&self) {
        let mut start = as_postgres(&self.bin.join("pg_ctl"));
        start
            .arg("-D")
            .arg(&self.dir)
            .arg("-l")
            .arg(self.dir.join("server.log"))
            .args(["-w", "-t", "60", "start"]);
        run(start, "pg_ctl start");
    }

    /// Stops at once, as a crash would.
    pub fn stop(&self) {
        let mut stop = as_postgres(&self.bin.join("pg_ctl"));
        stop.arg("-D")
            .arg(&self.dir)
            .args(["-m", "immediate", "-w", "stop"]);
        let _ = stop.output();
    }

    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    pub fn connect(&self, database: &str) -> PgConnection {
        PgConnection::establish(&self.url(database)).unwrap()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[derive(QueryableByName)]
struct BigRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    v: i64,
}

/// The `v` column of a one-row query.
pub fn scalar(conn: &mut PgConnection, sql: &str) -> i64 {
    diesel::sql_query(sql).get_result::<BigRow>(conn).unwrap().v
}

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

/// Polls `check` every 50 ms until it holds; panics with `what` past [`DEADLINE`].
pub fn eventually(what: &str, mut check: impl FnMut() -> bool) {
    let until = Instant::now() + DEADLINE;
    while !check() {
        assert!(Instant::now() < until, "{what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}
