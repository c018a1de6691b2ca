use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;

use patio_application::ports::TokenService;
use patio_application::services::Services;

/// Settings of the HTTP edge.
#[derive(Debug, Clone)]
pub struct HttpConfig {
    /// Marks session cookies `Secure` (behind HTTPS).
    pub secure_cookies: bool,
    /// Proxies whose `X-Forwarded-For` is believed (DESIGN section 6).
    pub trusted_proxies: Vec<IpAddr>,
    /// Who may read `/metrics` besides loopback (`PATIO_METRICS_ALLOW`).
    pub metrics_allow: Vec<crate::observe::IpNet>,
    /// The built frontend (`frontend/dist`), served at `/`.
    pub static_dir: Option<PathBuf>,
    /// The file store's folder, served read-only at `/uploads` (`PATIO_UPLOAD_DIR`).
    pub upload_dir: Option<PathBuf>,
    pub staff_session_seconds: i64,
    pub driver_session_seconds: i64,
    /// How often an open websocket checks that its session still stands (besides at once
    /// when its account changes).
    pub ws_recheck: std::time::Duration,
}

impl Default for HttpConfig {
    fn default() -> Self {
        Self {
            secure_cookies: false,
            trusted_proxies: Vec::new(),
            metrics_allow: Vec::new(),
            static_dir: None,
            upload_dir: None,
            staff_session_seconds: 12 * 3600,
            driver_session_seconds: 30 * 24 * 3600,
            ws_recheck: std::time::Duration::from_secs(60),
        }
    }
}

/// Database reachable and migrations applied.
pub type ReadyCheck = Arc<dyn Fn() -> bool + Send + Sync>;

#[derive(Clone)]
pub struct AppState {
    pub services: Services,
    pub tokens: Arc<dyn TokenService>,
    pub ready: ReadyCheck,
    pub config: HttpConfig,
    /// The company rooms of `/api/ws` (fed by the event listener of `patio serve`).
    pub hub: Arc<patio_realtime::Hub>,
    /// `GET /metrics` (issue 27); `None` answers 404.
    pub metrics: Option<crate::observe::MetricsScrape>,
}
