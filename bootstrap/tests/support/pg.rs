//! PostgreSQL clusters and a PgBouncer of a test's own (issue 27 items 3 and 4): Debian's
//! binaries, a folder under /var/tmp, a free port. Shared by the binary's tests (through
//! `support`) and by tests/load/yard_day.rs (by path), so it needs nothing but diesel and std.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use diesel::prelude::*;

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

/// Polls `check` every 50 ms until it holds; panics with `what` past [`DEADLINE`].
pub fn eventually(what: &str, mut check: impl FnMut() -> bool) {
    let until = Instant::now() + DEADLINE;
    while !check() {
        assert!(Instant::now() < until, "{what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Debian's PgBouncer, where `make ops-deps` installs it.
pub const PGBOUNCER: &str = "/usr/sbin/pgbouncer";

/// PgBouncer in transaction mode in front of a cluster, killed on drop.
pub struct Bouncer {
    child: Child,
    pub port: u16,
    dir: PathBuf,
}

impl Bouncer {
    /// PgBouncer on a free port in front of 127.0.0.1:`server_port`, `pool_size` server
    /// connections for each database.
    pub fn start(server_port: u16, pool_size: u32) -> Bouncer {
        let port = free_port();
        let dir = PathBuf::from("/var/tmp").join(format!("patio-pgbouncer-{port}"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("userlist.txt"), "\"postgres\" \"\"\n").unwrap();
        std::fs::write(
            dir.join("pgbouncer.ini"),
            format!(
                "[databases]\n* = host=127.0.0.1 port={server_port}\n\n[pgbouncer]\n\
                 listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n\
                 auth_type = trust\nauth_file = {userlist}\npool_mode = transaction\n\
                 max_client_conn = 400\ndefault_pool_size = {pool_size}\n\
                 ignore_startup_parameters = extra_float_digits\n\
                 admin_users = postgres\nlogfile = {log}\n",
                userlist = dir.join("userlist.txt").display(),
                log = dir.join("pgbouncer.log").display(),
            ),
        )
        .unwrap();
        let mut command = Command::new(PGBOUNCER);
        if is_root() {
            // PgBouncer refuses to run as root; it switches user itself.
            let _ = Command::new("chown")
                .arg("-R")
                .arg("postgres:")
                .arg(&dir)
                .status();
            command.args(["-u", "postgres"]);
        }
        let child = command
            .arg(dir.join("pgbouncer.ini"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .stdin(Stdio::null())
            .spawn()
            .unwrap();
        let bouncer = Bouncer { child, port, dir };
        eventually("PgBouncer never listened", || {
            std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
        });
        bouncer
    }

    /// `SHOW <what>` on PgBouncer's console: the rows by column name.
    pub fn show(&self, what: &str) -> Vec<std::collections::HashMap<String, String>> {
        bouncer_show(self.port, what)
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("pgbouncer.log")).unwrap_or_default()
    }
}

/// `SHOW <what>` on the console of the PgBouncer on `port`: the rows by column name.
pub fn bouncer_show(port: u16, what: &str) -> Vec<std::collections::HashMap<String, String>> {
    let out = Command::new("psql")
        .args(["-h", "127.0.0.1", "-p", &port.to_string()])
        .args([
            "-U",
            "postgres",
            "-d",
            "pgbouncer",
            "-A",
            "-F",
            "|",
            "-P",
            "footer=off",
        ])
        .args(["-c", &format!("SHOW {what}")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap_or_default()
        .split('|')
        .map(str::to_owned)
        .collect();
    lines
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(l.split('|').map(str::to_owned))
                .collect()
        })
        .collect()
}

impl Drop for Bouncer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The port of a `postgres://...@host:port/db` URL.
pub fn port_of(url: &str) -> u16 {
    let after_at = url.rsplit_once('@').map(|(_, r)| r).unwrap_or(url);
    let host_port = after_at.split('/').next().unwrap();
    host_port.rsplit_once(':').unwrap().1.parse().unwrap()
}
