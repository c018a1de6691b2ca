//! Wiring of the `patio` binary: configuration from the environment and the construction of
//! services and HTTP state, shared with the API tests.

use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use patio_application::admin::retention::RetentionReport;
use patio_application::auth::account_check::AccountCheck;
use patio_application::auth::throttle::{LoginThrottle, ThrottlePolicy};
use patio_application::mail::ports::Mailer;
use patio_application::mail::MailSettings;
use patio_application::ports::{
    CaptchaVerifier, Clock, PasswordHasher, PostalCodeLookup, TokenService,
};
use patio_application::queue::call_forecast::{CallForecasts, ForecastPublisher};
use patio_application::queue::ports::EventPublisher;
use patio_application::queue::position_cache::{InvalidatingPublisher, PositionCache};
use patio_application::services::{Deps, Services};
use patio_domain::retention::{parse_retention_days, RetentionPolicy};
use patio_http::security::JwtTokens;
use patio_http::{AppState, HttpConfig};
use patio_postgres::Pools;

pub mod metrics;

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// Everything `patio serve` reads from the environment (listed in the README).
#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    /// A streaming replica for the reads that may lag (`PATIO_READ_DATABASE_URL`, issue 27).
    pub read_database_url: Option<String>,
    /// How long a failed replica is left alone (`PATIO_READ_RETRY_SECS`, default 5).
    pub read_retry: std::time::Duration,
    /// How long a replica read waits for the replica to replay what it must see before
    /// going to the primary (`PATIO_READ_WAIT_MS`, default 20).
    pub read_wait: std::time::Duration,
    /// The database without the pooler (`PATIO_DIRECT_DATABASE_URL`, issue 27): LISTEN, the
    /// jobs' leader lock and the migrations need a session of their own. Set when
    /// `DATABASE_URL` is a PgBouncer in transaction mode.
    pub direct_database_url: Option<String>,
    /// Named prepared statements on the pooled connections (`PATIO_DB_PREPARED_STATEMENTS`
    /// `on`/`off`; by default off when `PATIO_DIRECT_DATABASE_URL` is set, on otherwise).
    pub prepared_statements: bool,
    pub addr: String,
    pub secret: Vec<u8>,
    pub secret_generated: bool,
    pub static_dir: Option<PathBuf>,
    pub trusted_proxies: Vec<IpAddr>,
    /// Who may read `/metrics` besides loopback (`PATIO_METRICS_ALLOW`: addresses or blocks).
    pub metrics_allow: Vec<patio_http::observe::IpNet>,
    pub secure_cookies: bool,
    pub recaptcha_verify_url: String,
    /// The postal-code service, `{cep}` where the eight digits go.
    pub postal_code_url: String,
    pub pool_size: u32,
    /// The file store's folder (`PATIO_UPLOAD_DIR`), served at `/uploads`.
    pub upload_dir: PathBuf,
    /// E-mail (`PATIO_SMTP_URL`, `PATIO_MAIL_FROM`, `PATIO_PUBLIC_URL`, `PATIO_REPORT_HOUR`).
    pub mail: MailConfig,
    /// How long logs and delivered mails are kept (`PATIO_RETENTION_*_DAYS`).
    pub retention: RetentionPolicy,
}

impl Config {
    /// The database without a pooler: `PATIO_DIRECT_DATABASE_URL`, else `DATABASE_URL`.
    pub fn direct_url(&self) -> &str {
        self.direct_database_url
            .as_deref()
            .unwrap_or(&self.database_url)
    }

    /// The options of the request pools (the primary's, the replica's).
    pub fn pool_options(&self) -> patio_postgres::pool::PoolOptions {
        patio_postgres::pool::PoolOptions {
            max_size: self.pool_size,
            pooled: !self.prepared_statements,
            ..patio_postgres::pool::PoolOptions::default()
        }
    }
}

/// The retention of each growing table, in days (empty or `0`: keep everything).
pub fn retention_from_env() -> anyhow::Result<RetentionPolicy> {
    let days = |name: &str| {
        parse_retention_days(env(name).as_deref())
            .map_err(|reason| anyhow::anyhow!("{name} inválido: {reason}"))
    };
    Ok(RetentionPolicy {
        staff_logs_days: days("PATIO_RETENTION_STAFF_LOGS_DAYS")?,
        driver_logs_days: days("PATIO_RETENTION_DRIVER_LOGS_DAYS")?,
        outbox_days: days("PATIO_RETENTION_OUTBOX_DAYS")?,
    })
}

/// How e-mail goes out (issue 11). Without `smtp_url`, mails are written to the log and kept
/// in the outbox as `logged`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailConfig {
    /// lettre's URL: `smtps://user:pass@host:465`, `smtp://user:pass@host:587?tls=required`,
    /// `smtp://host:25`.
    pub smtp_url: Option<String>,
    pub from: String,
    pub settings: MailSettings,
}

impl Default for MailConfig {
    fn default() -> Self {
        Self {
            smtp_url: None,
            from: patio_clients::mail::DEFAULT_FROM.to_owned(),
            settings: MailSettings::default(),
        }
    }
}

impl MailConfig {
    pub fn from_env() -> anyhow::Result<Self> {
        let report_hour = match env("PATIO_REPORT_HOUR") {
            Some(h) => patio_domain::mail::parse_report_hour(&h).ok_or_else(|| {
                anyhow::anyhow!("PATIO_REPORT_HOUR inválido: use uma hora de 0 a 23")
            })?,
            None => patio_domain::mail::DEFAULT_REPORT_HOUR,
        };
        let public_url = env("PATIO_PUBLIC_URL")
            .unwrap_or_else(|| patio_application::mail::DEFAULT_PUBLIC_URL.to_owned());
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            anyhow::bail!("PATIO_PUBLIC_URL inválido: use http:// ou https://");
        }
        Ok(Self {
            smtp_url: env("PATIO_SMTP_URL"),
            from: env("PATIO_MAIL_FROM")
                .unwrap_or_else(|| patio_clients::mail::DEFAULT_FROM.to_owned()),
            settings: MailSettings {
                public_url,
                report_hour,
            },
        })
    }

    /// The mail side of an instance: SMTP when configured, else the log.
    pub fn parts(&self) -> anyhow::Result<MailParts> {
        let mailer: Arc<dyn Mailer> = match &self.smtp_url {
            Some(url) => {
                let smtp = patio_clients::SmtpMailer::new(url, &self.from)?;
                tracing::info!(server = smtp.server(), "e-mail por SMTP");
                Arc::new(smtp)
            }
            None => {
                tracing::warn!(
                    "PATIO_SMTP_URL não definido: e-mails vão para o log e ficam na tabela outbox"
                );
                Arc::new(patio_clients::LogMailer)
            }
        };
        Ok(MailParts {
            mailer,
            settings: self.settings.clone(),
        })
    }
}

/// The mailer and the mail settings of an instance.
#[derive(Clone)]
pub struct MailParts {
    pub mailer: Arc<dyn Mailer>,
    pub settings: MailSettings,
}

impl Default for MailParts {
    /// The log, and the default public address and report hour.
    fn default() -> Self {
        Self {
            mailer: Arc::new(patio_clients::LogMailer),
            settings: MailSettings::default(),
        }
    }
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let database_url = env("DATABASE_URL")
            .ok_or_else(|| anyhow::anyhow!("DATABASE_URL não definido (use `make run`)"))?;
        let (secret, secret_generated) = match env("PATIO_SECRET") {
            Some(s) if s.len() >= 32 => (s.into_bytes(), false),
            Some(_) => anyhow::bail!("PATIO_SECRET precisa de pelo menos 32 caracteres"),
            None => {
                use rand::RngCore;
                let mut bytes = vec![0u8; 48];
                rand::thread_rng().fill_bytes(&mut bytes);
                (bytes, true)
            }
        };
        let static_dir = env("PATIO_STATIC_DIR")
            .map(PathBuf::from)
            .or_else(|| Some(PathBuf::from("frontend/dist")))
            .filter(|p| p.join("index.html").is_file());
        let trusted_proxies = env("PATIO_TRUSTED_PROXIES")
            .unwrap_or_default()
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(|s| s.trim().parse::<IpAddr>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow::anyhow!("PATIO_TRUSTED_PROXIES inválido: {e}"))?;
        let metrics_allow = env("PATIO_METRICS_ALLOW")
            .unwrap_or_default()
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(str::parse)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow::anyhow!("PATIO_METRICS_ALLOW inválido: {e}"))?;
        let read_retry = match env("PATIO_READ_RETRY_SECS") {
            Some(v) => v
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|s| *s > 0)
                .map(std::time::Duration::from_secs)
                .ok_or_else(|| {
                    anyhow::anyhow!("PATIO_READ_RETRY_SECS inválido: use segundos inteiros")
                })?,
            None => patio_postgres::replica::DEFAULT_RETRY_AFTER,
        };
        let read_wait = match env("PATIO_READ_WAIT_MS") {
            Some(v) => v
                .trim()
                .parse::<u64>()
                .ok()
                .map(std::time::Duration::from_millis)
                .ok_or_else(|| {
                    anyhow::anyhow!("PATIO_READ_WAIT_MS inválido: use milissegundos inteiros")
                })?,
            None => patio_postgres::replica::DEFAULT_WAIT,
        };
        let direct_database_url = env("PATIO_DIRECT_DATABASE_URL");
        let prepared_statements = match env("PATIO_DB_PREPARED_STATEMENTS").as_deref() {
            None => direct_database_url.is_none(),
            Some("on" | "1" | "true") => true,
            Some("off" | "0" | "false") => false,
            Some(_) => anyhow::bail!("PATIO_DB_PREPARED_STATEMENTS inválido: use on ou off"),
        };
        Ok(Self {
            database_url,
            direct_database_url,
            prepared_statements,
            read_database_url: env("PATIO_READ_DATABASE_URL"),
            read_retry,
            read_wait,
            metrics_allow,
            addr: env("PATIO_ADDR").unwrap_or_else(|| "0.0.0.0:8080".to_owned()),
            secret,
            secret_generated,
            static_dir,
            trusted_proxies,
            secure_cookies: env("PATIO_SECURE_COOKIES").is_some_and(|v| v == "1" || v == "true"),
            recaptcha_verify_url: env("PATIO_RECAPTCHA_VERIFY_URL")
                .unwrap_or_else(|| patio_clients::captcha::GOOGLE_VERIFY_URL.to_owned()),
            postal_code_url: env("PATIO_POSTAL_CODE_URL")
                .unwrap_or_else(|| patio_clients::postal_code::VIACEP_URL.to_owned()),
            pool_size: env("PATIO_DB_POOL")
                .and_then(|v| v.parse().ok())
                .unwrap_or(16),
            upload_dir: PathBuf::from(
                env("PATIO_UPLOAD_DIR")
                    .unwrap_or_else(|| patio_clients::file_store::DEFAULT_UPLOAD_DIR.to_owned()),
            ),
            mail: MailConfig::from_env()?,
            retention: retention_from_env()?,
        })
    }
}

/// The adapters a running instance is made of; tests swap the clock, hasher and captcha.
pub struct Parts {
    /// The primary, and the read replica when there is one (`PgPool::into()`: none).
    pub pools: Pools,
    pub clock: Arc<dyn Clock>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub captcha: Arc<dyn CaptchaVerifier>,
    pub postal: Arc<dyn PostalCodeLookup>,
    pub secret: Vec<u8>,
    pub http: HttpConfig,
    pub throttle: ThrottlePolicy,
    /// The driver-position cache of `patio serve` (fed by the event listener); `None` reads
    /// every position through the store.
    pub positions: Option<Arc<PositionCache>>,
    /// The session check of `patio serve` (with memory); `None` reads the account on every
    /// request from `pool`.
    pub accounts: Option<AccountCheck>,
    /// Webhooks may be delivered to private and loopback addresses
    /// (`PATIO_WEBHOOK_ALLOW_PRIVATE=1`, on-premise and `make run`).
    pub webhook_allow_private: bool,
}

/// `PATIO_WEBHOOK_ALLOW_PRIVATE=1`: webhooks may point at private and loopback addresses.
pub fn webhook_allow_private() -> bool {
    env("PATIO_WEBHOOK_ALLOW_PRIVATE").is_some_and(|v| v == "1" || v == "true")
}

/// An instance whose mails go to the log ([`MailParts::default`]).
pub fn build_state(parts: Parts) -> AppState {
    build_state_with_mail(parts, MailParts::default())
}

pub fn build_state_with_mail(parts: Parts, mail: MailParts) -> AppState {
    let tokens: Arc<dyn TokenService> = Arc::new(JwtTokens::new(
        &parts.secret,
        parts.clock.clone(),
        parts.http.staff_session_seconds,
        parts.http.driver_session_seconds,
    ));
    let store = Arc::new(patio_postgres::store::PgStore::with_pools(&parts.pools));
    let pool = parts.pools.primary.clone();
    // Uploaded images: the configured folder, or one under the system's temporary folder
    // (tests) when none is given.
    let mut http = parts.http;
    let upload_dir = http
        .upload_dir
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join("patio-uploads"));
    if let Err(error) = std::fs::create_dir_all(&upload_dir) {
        tracing::warn!(%error, dir = %upload_dir.display(), "upload folder not created");
    }
    http.upload_dir = Some(upload_dir.clone());
    let files = Arc::new(patio_clients::file_store::FolderFileStore::new(upload_dir));
    let events: Arc<dyn EventPublisher> =
        Arc::new(patio_postgres::PgEventPublisher::new(pool.clone()));
    // The predicted calls of each company, forgotten when this instance changes its queue
    // (and, in `patio serve`, when another one does: the listener's sinks).
    let forecasts = Arc::new(CallForecasts::default());
    let events: Arc<dyn EventPublisher> = Arc::new(ForecastPublisher {
        forecasts: forecasts.clone(),
        next: events,
    });
    let services = Services::new(Deps {
        store,
        files,
        clock: parts.clock,
        hasher: parts.hasher,
        tokens: tokens.clone(),
        captcha: parts.captcha,
        postal: parts.postal,
        throttle: LoginThrottle::new(
            parts.throttle,
            Arc::new(patio_postgres::PgThrottleStore::new(pool.clone())),
        ),
        // Each account change is told to every instance (DomainEvent::AccountChanged).
        accounts: parts
            .accounts
            .unwrap_or_else(|| {
                AccountCheck::new(Arc::new(patio_postgres::PgDirectReader::from_pool(
                    pool.clone(),
                )))
            })
            .publishing(events.clone()),
        plates: Arc::new(patio_postgres::PgPlateRegistry::new(pool.clone())),
        events: {
            let events: Arc<dyn EventPublisher> = match &parts.positions {
                Some(cache) => Arc::new(InvalidatingPublisher {
                    cache: cache.clone(),
                    next: events,
                }),
                None => events,
            };
            // With a replica, each event is noted first: the reads it prompts here (the
            // position cache's refill, the screens') must see it.
            match &parts.pools.read {
                Some(replica) => Arc::new(patio_postgres::MarkingPublisher {
                    replica: replica.clone(),
                    next: events,
                }),
                None => events,
            }
        },
        mailer: mail.mailer,
        mail: mail.settings,
        metrics: Arc::new(metrics::PrometheusMetrics),
        webhooks: Arc::new(patio_clients::HttpWebhookSender::new(
            parts.webhook_allow_private,
        )),
    });
    let mut services = services;
    services.queue_reads = services.queue_reads.clone().with_forecasts(forecasts);
    if let Some(cache) = parts.positions {
        services.queue_reads = services.queue_reads.clone().with_position_reader(cache);
    }
    // The v1 queue read shows the same predicted calls as the screens.
    services.integration = services
        .integration
        .clone()
        .with_queue(services.queue_reads.clone());
    let hub = Arc::new(patio_realtime::Hub::new());
    let scrape = metrics::exporter().map(|h| metrics::scrape(h, parts.pools.clone(), hub.clone()));
    AppState {
        services,
        tokens,
        ready: Arc::new(move || patio_postgres::ready_check(&pool)),
        config: http,
        hub,
        metrics: scrape,
    }
}

/// How often the background jobs run (`PATIO_JOBS_INTERVAL`, seconds; default 30).
pub fn jobs_interval() -> std::time::Duration {
    let secs = env("PATIO_JOBS_INTERVAL")
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|&s| s > 0)
        .unwrap_or(30);
    std::time::Duration::from_secs(secs)
}

/// Whether `patio serve` runs the background jobs itself (`PATIO_JOBS=off` leaves them to
/// `patio jobs`). On by default: the advisory locks make one instance run each job.
pub fn jobs_in_serve() -> bool {
    !env("PATIO_JOBS").is_some_and(|v| matches!(v.as_str(), "off" | "0" | "false"))
}

/// Every background job once: the queue's, the mail's (daily report, retries), then the
/// retention's.
pub fn run_all_jobs(services: &Services, retention: &RetentionPolicy) -> AllJobsReport {
    AllJobsReport {
        queue: services.queue_jobs.run_all(),
        mail: services.mail_jobs.run_all(),
        retention: services.retention.run(retention).unwrap_or_else(|error| {
            tracing::warn!(job = "retention", %error, "retention job failed");
            RetentionReport::default()
        }),
        webhooks: run_webhooks(services),
    }
}

/// What one run of every job did (`patio jobs --once` prints it).
#[derive(Debug, Clone, serde::Serialize)]
pub struct AllJobsReport {
    #[serde(flatten)]
    pub queue: patio_application::queue::jobs::JobsReport,
    #[serde(flatten)]
    pub mail: patio_application::mail::MailJobsReport,
    #[serde(flatten)]
    pub retention: RetentionReport,
    pub webhooks: patio_application::integration::WebhookJobReport,
}

/// The webhook job once (a failure is logged; the deliveries stay for the next run).
pub fn run_webhooks(services: &Services) -> patio_application::integration::WebhookJobReport {
    services.webhook_jobs.run().unwrap_or_else(|error| {
        tracing::warn!(job = "webhooks", %error, "webhook job failed");
        Default::default()
    })
}

/// How often webhook deliveries are tried (`PATIO_WEBHOOK_INTERVAL`, seconds; default 2):
/// more often than the other jobs, so a receiver hears of a change within seconds.
pub fn webhook_interval() -> std::time::Duration {
    let secs = env("PATIO_WEBHOOK_INTERVAL")
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|&s| s > 0)
        .unwrap_or(2);
    std::time::Duration::from_secs(secs)
}

/// Runs the background jobs on the blocking pool every `every`, forever (a `patio serve`
/// task), while this instance leads (one instance runs them per period,
/// [`patio_postgres::JobsLeader`]).
pub async fn run_jobs_every(
    services: Services,
    every: std::time::Duration,
    database_url: String,
    retention: RetentionPolicy,
) {
    let leader = std::sync::Arc::new(std::sync::Mutex::new(patio_postgres::JobsLeader::new(
        database_url,
    )));
    // Webhook deliveries every few seconds; the other jobs every `every`.
    let often = webhook_interval().min(every);
    let mut tick = tokio::time::interval(often);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut last_all: Option<std::time::Instant> = None;
    loop {
        tick.tick().await;
        let all = last_all.is_none_or(|t| t.elapsed() + often / 2 >= every);
        if all {
            last_all = Some(std::time::Instant::now());
        }
        let services = services.clone();
        let leader = leader.clone();
        let run = move || {
            let leading = leader.lock().map(|mut l| l.lead()).unwrap_or(false);
            leading.then(|| {
                if all {
                    Some(run_all_jobs(&services, &retention))
                } else {
                    run_webhooks(&services);
                    None
                }
            })
        };
        match actix_web::web::block(run).await {
            Ok(Some(Some(report))) => tracing::debug!(target: "patio::jobs", ?report, "jobs ran"),
            Ok(Some(None)) => {}
            Ok(None) => tracing::debug!(target: "patio::jobs", "jobs led by another instance"),
            Err(error) => tracing::warn!(%error, "jobs not run"),
        }
    }
}
