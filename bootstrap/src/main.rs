//! `patio serve | migrate | seed-demo | create-admin`.

use std::sync::Arc;

use actix_web::{App, HttpServer};
use anyhow::Context;
use patio::{Config, Parts, SystemClock};
use patio_application::auth::account_check::{self, AccountCheck};
use patio_application::auth::throttle::ThrottlePolicy;
use patio_application::ports::PasswordHasher;
use patio_application::queue::ports::EventSink;
use patio_application::queue::position_cache::{EventSinks, PositionCache, DEFAULT_TTL};
use patio_http::security::Argon2Hasher;
use patio_http::HttpConfig;

const USAGE: &str = "uso: patio serve | migrate | seed-demo | jobs [--once] | create-admin --email <e-mail> --password <senha> [--name <nome>]";

/// Logs on standard output: text, or one JSON object per line with `PATIO_LOG_FORMAT=json`
/// (each line of a request carries its `request_id` in `span`). `RUST_LOG` filters.
fn init_logs() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,actix_server=warn".into());
    let json =
        std::env::var("PATIO_LOG_FORMAT").is_ok_and(|v| v.trim().eq_ignore_ascii_case("json"));
    if json {
        tracing_subscriber::fmt()
            .with_env_filter(filter)
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .init();
    } else {
        tracing_subscriber::fmt().with_env_filter(filter).init();
    }
}

fn main() -> anyhow::Result<()> {
    init_logs();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("serve") | None => serve(),
        Some("migrate") => migrate(&Config::from_env()?).map(|_| ()),
        Some("seed-demo") => seed_demo(),
        Some("create-admin") => create_admin(&args[1..]),
        Some("jobs") => jobs(&args[1..]),
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    }
}

/// Applies the pending migrations on a direct connection (their advisory lock is a
/// session's: not through a pooler), then opens the request pool on `DATABASE_URL`.
fn migrate(config: &Config) -> anyhow::Result<patio_postgres::pool::PgPool> {
    let applied = patio_postgres::migrations::run_pending_at(config.direct_url())
        .map_err(|e| anyhow::anyhow!("migrações: {e}"))?;
    for m in &applied {
        tracing::info!(migration = %m, "applied");
    }
    if !config.prepared_statements {
        tracing::info!("sem prepared statements nomeados (pooler em modo transação)");
    }
    patio_postgres::pool::build_pool_with(&config.database_url, &config.pool_options())
        .context("não foi possível conectar ao PostgreSQL")
}

fn seed_demo() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let pool = migrate(&config)?;
    let hash = Argon2Hasher::owasp()
        .hash(patio_postgres::seed::DEMO_PASSWORD)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut conn = pool.get()?;
    if patio_postgres::seed::seed_demo(&mut conn, &hash).map_err(|e| anyhow::anyhow!("{e}"))? {
        println!(
            "Demo 'Demo Agro' criada (senha {}).",
            patio_postgres::seed::DEMO_PASSWORD
        );
    } else {
        println!("O banco já tem dados; demo não criada.");
    }
    Ok(())
}

fn flag(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn create_admin(args: &[String]) -> anyhow::Result<()> {
    let (Some(email), Some(password)) = (flag(args, "--email"), flag(args, "--password")) else {
        anyhow::bail!("{USAGE}");
    };
    let email =
        patio_domain::values::Email::parse(&email).map_err(|e| anyhow::anyhow!(e.message()))?;
    if password.chars().count() < 8 {
        anyhow::bail!("a senha precisa de pelo menos 8 caracteres");
    }
    let name = flag(args, "--name").unwrap_or_else(|| "Administrador".to_owned());
    let config = Config::from_env()?;
    let pool = migrate(&config)?;
    let hash = Argon2Hasher::owasp()
        .hash(&password)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut conn = pool.get()?;
    let id = patio_postgres::seed::create_admin(&mut conn, &name, email.as_str(), &hash)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("Administrador {} criado (id {id}).", email.as_str());
    Ok(())
}

fn serve() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    if config.secret_generated {
        tracing::warn!("PATIO_SECRET não definido: sessões valem só até o servidor reiniciar");
    }
    let pool = migrate(&config)?;
    let pools = pools(&config, pool)?;
    let replica = pools.read.clone();
    let (state, positions) = instance_state(&config, pools)?;
    // Every instance LISTENs: the websocket rooms get every event, the position cache
    // forgets what each event changed and stays off while the stream is down, and so does the
    // session check's memory of accounts (another instance's account change, at once).
    // PATIO_POSITION_CACHE=off leaves it off (to measure the plain read).
    let cache_on = !std::env::var("PATIO_POSITION_CACHE").is_ok_and(|v| v == "off");
    // The session check first: it forgets a changed account before the hub asks that
    // account's sockets to check their session again.
    let mut sinks: Vec<Arc<dyn EventSink>> =
        vec![Arc::new(state.services.accounts.clone()), state.hub.clone()];
    if cache_on {
        sinks.push(positions.clone());
    }
    // Another instance's queue change forgets this one's predicted calls of that company.
    sinks.push(state.services.queue_reads.forecasts());
    // LISTEN needs a session of its own: never through a pooler.
    let _listener = patio_postgres::EventListener::spawn_with_replica(
        config.direct_url().to_owned(),
        Arc::new(EventSinks(sinks)),
        replica,
    )
    .context("ouvinte de eventos")?;
    if config.static_dir.is_none() {
        tracing::warn!("frontend/dist não encontrado: só a API será servida (rode `make run`)");
    }
    let addr = config.addr.clone();
    tracing::info!(%addr, "Pátio no ar");
    let jobs = patio::jobs_in_serve().then(|| state.services.clone());
    // The leader's advisory lock is a session's: never through a pooler.
    let jobs_db = config.direct_url().to_owned();
    let retention = config.retention;
    // PATIO_WORKERS: HTTP worker threads (default: one per core, actix's choice).
    let workers: Option<usize> = std::env::var("PATIO_WORKERS")
        .ok()
        .and_then(|w| w.parse().ok());
    let served = actix_web::rt::System::new().block_on(async move {
        if let Some(jobs) = jobs {
            actix_web::rt::spawn(patio::run_jobs_every(
                jobs,
                patio::jobs_interval(),
                jobs_db,
                retention,
            ));
        }
        let server = HttpServer::new(move || {
            App::new()
                // The access log is `patio_http::observe`'s, with the request id; the API
                // scope compresses its own answers (static files are compressed at build time).
                .configure(patio_http::configure(state.clone()))
        });
        let server = match workers {
            Some(n) if n > 0 => server.workers(n),
            _ => server,
        };
        server
            .bind(&addr)
            .with_context(|| format!("não foi possível abrir {addr}"))?
            .run()
            .await
            .context("servidor HTTP")
    });
    // What the position cache did, for the benchmarks (RUST_LOG=patio::stats=info).
    let stats = positions.stats();
    tracing::info!(
        target: "patio::stats",
        hits = stats.hits,
        misses = stats.misses,
        drivers_invalidations = stats.drivers_invalidations,
        company_invalidations = stats.company_invalidations,
        echoes_skipped = stats.echoes_skipped,
        forgotten = stats.forgotten,
        raced = stats.raced,
        "position cache"
    );
    served
}

/// The primary's pool and, with `PATIO_READ_DATABASE_URL`, the read replica's (opened on
/// demand: a replica that is down does not stop the instance, its reads go to the primary).
fn pools(
    config: &Config,
    primary: patio_postgres::pool::PgPool,
) -> anyhow::Result<patio_postgres::Pools> {
    let read = match &config.read_database_url {
        Some(url) => {
            let replica = patio_postgres::ReadReplica::connect(
                url,
                &config.pool_options(),
                config.read_retry,
            )
            .context("PATIO_READ_DATABASE_URL")?
            .with_wait(config.read_wait);
            tracing::info!("leituras que podem atrasar vão para a réplica");
            Some(Arc::new(replica))
        }
        None => None,
    };
    Ok(patio_postgres::Pools { primary, read })
}

/// The state of one instance (`serve` and `jobs`).
fn instance_state(
    config: &Config,
    pools: patio_postgres::Pools,
) -> anyhow::Result<(patio_http::AppState, Arc<PositionCache>)> {
    let captcha = patio_clients::RecaptchaVerifier::new(config.recaptcha_verify_url.clone())
        .context("cliente do reCAPTCHA")?;
    // The driver's position (read by every phone every 30 s): one prepared statement outside
    // any transaction, remembered between queue events unless PATIO_POSITION_CACHE=off.
    let reader = patio_postgres::PgDirectReader::connect_pooled(
        &config.database_url,
        config.pool_size,
        !config.prepared_statements,
    )
    .context("pool de leitura de posições")?;
    let reader = Arc::new(reader);
    // With a replica, the positions are read there (the session check stays on the primary:
    // a signed-out token must be refused at once).
    let positions: Arc<dyn patio_application::queue::ports::PositionReader> = match &pools.read {
        Some(replica) => Arc::new(patio_postgres::ReplicaPositions {
            replica: replica.clone(),
            primary: reader.clone(),
        }),
        None => reader.clone(),
    };
    let cache = Arc::new(PositionCache::new(positions, DEFAULT_TTL));
    let state = patio::build_state_with_mail(
        Parts {
            pools,
            clock: Arc::new(SystemClock),
            hasher: Arc::new(Argon2Hasher::owasp()),
            captcha: Arc::new(captcha),
            postal: Arc::new(patio_clients::ViaCepLookup::new(
                config.postal_code_url.clone(),
            )),
            secret: config.secret.clone(),
            http: HttpConfig {
                secure_cookies: config.secure_cookies,
                trusted_proxies: config.trusted_proxies.clone(),
                metrics_allow: config.metrics_allow.clone(),
                static_dir: config.static_dir.clone(),
                upload_dir: Some(config.upload_dir.clone()),
                ..HttpConfig::default()
            },
            throttle: ThrottlePolicy::default(),
            positions: Some(cache.clone()),
            accounts: Some(AccountCheck::with_memory_while_listening(
                reader,
                account_check::DEFAULT_MEMORY,
            )),
            webhook_allow_private: patio::webhook_allow_private(),
        },
        config.mail.parts()?,
    );
    Ok((state, cache))
}

/// `patio jobs [--once]`: the background jobs (tolerance drops, plan refresh, loading expiry,
/// the daily loading report, the e-mail retries and the retention of logs and mails) in a loop, for deployments that keep them
/// out of `patio serve` (`PATIO_JOBS=off`). Each job runs under its Postgres advisory lock, so
/// any number of instances may run it.
fn jobs(args: &[String]) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let pool = migrate(&config)?;
    let services = instance_state(&config, pool.into())?.0.services.clone();
    let once = args.iter().any(|a| a == "--once");
    let every = patio::jobs_interval();
    loop {
        let report = patio::run_all_jobs(&services, &config.retention);
        tracing::info!(?report, "jobs");
        if once {
            println!("{}", serde_json::to_string(&report)?);
            return Ok(());
        }
        std::thread::sleep(every);
    }
}
