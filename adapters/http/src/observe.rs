//! What an operator sees of the HTTP edge (issue 27): a request id on every answer and every
//! log line of its request, one access-log line per request, the request metrics by route
//! template, and `GET /metrics` for Prometheus (loopback and `PATIO_METRICS_ALLOW` only).

use std::net::IpAddr;
use std::str::FromStr;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue, CONTENT_TYPE};
use actix_web::middleware::Next;
use actix_web::{get, web, HttpRequest, HttpResponse, ResponseError};
use patio_application::AppError;
use tracing::Instrument;

use crate::error::ApiError;
use crate::session::client_ip;
use crate::state::AppState;

/// The request id's header, read from a trusted proxy and always answered.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// The route label of a request that matched no route (never the raw path: unbounded).
pub const UNMATCHED_ROUTE: &str = "unmatched";
pub const HTTP_REQUESTS: &str = "patio_http_requests_total";
pub const HTTP_DURATION: &str = "patio_http_request_duration_seconds";
/// What `/metrics` answers: Prometheus' text exposition format.
pub const PROMETHEUS_CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The longest request id kept from a proxy; a longer one is replaced.
const MAX_REQUEST_ID: usize = 128;

/// Renders the metrics (the binary's exporter, with the gauges read at scrape time).
pub type MetricsScrape = std::sync::Arc<dyn Fn() -> String + Send + Sync>;

/// An address or a block of addresses (`10.0.0.7`, `10.0.0.0/8`, `fd00::/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNet {
    addr: IpAddr,
    prefix: u8,
}

impl IpNet {
    pub fn contains(&self, ip: IpAddr) -> bool {
        let bits = |n: u8, width: u8| -> u128 {
            if n == 0 {
                0
            } else {
                (!0u128) << (width - n.min(width))
            }
        };
        match (self.addr, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = bits(self.prefix, 32) as u32;
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = bits(self.prefix, 128);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for IpNet {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let (addr, prefix) = match s.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (s, None),
        };
        let addr: IpAddr = addr.parse().map_err(|e| format!("{s}: {e}"))?;
        let width = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= width)
                .ok_or_else(|| format!("{s}: prefixo inválido"))?,
            None => width,
        };
        Ok(Self { addr, prefix })
    }
}

/// Whether `ip` may read `/metrics`: loopback, or an address of the allow list.
pub fn metrics_allowed(ip: IpAddr, allow: &[IpNet]) -> bool {
    ip.to_canonical().is_loopback() || allow.iter().any(|net| net.contains(ip))
}

/// A request id as a proxy may send it: 1 to 128 visible, unspaced ASCII characters.
fn acceptable_id(value: &HeaderValue) -> Option<String> {
    let text = value.to_str().ok()?;
    (!text.is_empty()
        && text.len() <= MAX_REQUEST_ID
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:/+=@".contains(&b)))
    .then(|| text.to_owned())
}

/// A fresh id: a UUID v4.
pub fn new_request_id() -> String {
    let mut bytes: [u8; 16] = rand::random();
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// The request's id: the one a trusted proxy sent, else a new one (a client's own header is
/// not believed: it could make its lines pass for another request's).
fn request_id(req: &ServiceRequest) -> String {
    let trusted = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.config.trusted_proxies.as_slice())
        .unwrap_or(&[]);
    let from_proxy = req.peer_addr().is_some_and(|a| trusted.contains(&a.ip()));
    from_proxy
        .then(|| req.headers().get(&REQUEST_ID).and_then(acceptable_id))
        .flatten()
        .unwrap_or_else(new_request_id)
}

/// Every request: its id (header and tracing span, so that each log line of the request
/// carries it), its access-log line, and its count and duration by route template.
pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let id = request_id(&req);
    let span = tracing::info_span!("request", request_id = %id);
    // The template is read from the routes' map by path, before routing (the request must
    // not be cloned while it is routed).
    let route = req
        .match_pattern()
        .unwrap_or_else(|| UNMATCHED_ROUTE.to_owned());
    let method = req.method().as_str().to_owned();
    let path = req.path().to_owned();
    let reader = crate::session::reader_of(req.request());
    let result = crate::session::READER
        .scope(reader, next.call(req).instrument(span.clone()))
        .await;
    let elapsed = started.elapsed();
    // Handlers' and extractors' errors are answers already; an `Err` here is a middleware's,
    // answered by actix itself (without the header).
    let status = match &result {
        Ok(res) => res.status(),
        Err(error) => error.as_response_error().status_code(),
    }
    .as_u16();
    metrics::counter!(HTTP_REQUESTS,
        "method" => method.clone(), "route" => route.clone(), "status" => status.to_string())
    .increment(1);
    metrics::histogram!(HTTP_DURATION, "method" => method.clone(), "route" => route)
        .record(elapsed.as_secs_f64());
    if path != "/api/health" {
        span.in_scope(|| {
            tracing::info!(target: "patio::http", %method, %path, status,
                ms = elapsed.as_secs_f64() * 1000.0, "{method} {path} {status}");
        });
    }
    let mut res = result?;
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut().insert(REQUEST_ID, value);
    }
    Ok(res)
}

/// `GET /metrics`: Prometheus' text format, for loopback and `PATIO_METRICS_ALLOW` only (the
/// caller's address as the check-in rule reads it: `X-Forwarded-For` only from a trusted
/// proxy). Not part of `/api` nor of its contract.
#[get("/metrics")]
pub async fn metrics_endpoint(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let allowed =
        client_ip(&req).is_some_and(|ip| metrics_allowed(ip, &state.config.metrics_allow));
    if !allowed {
        return ApiError(AppError::Forbidden(
            patio_domain::roles::NOT_ALLOWED_MESSAGE.to_owned(),
        ))
        .error_response();
    }
    let Some(scrape) = state.metrics.clone() else {
        return ApiError(AppError::not_found()).error_response();
    };
    match web::block(move || scrape()).await {
        Ok(text) => HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, PROMETHEUS_CONTENT_TYPE))
            .body(text),
        Err(error) => ApiError(AppError::internal(error)).error_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allow_list_takes_addresses_and_blocks() {
        let allow: Vec<IpNet> = ["10.0.0.0/8", "192.168.1.7", "fd00::/8"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert!(metrics_allowed(ip("127.0.0.1"), &[]));
        assert!(metrics_allowed(ip("::1"), &[]));
        assert!(metrics_allowed(ip("::ffff:127.0.0.1"), &[]));
        assert!(metrics_allowed(ip("10.200.3.4"), &allow));
        assert!(metrics_allowed(ip("::ffff:10.1.1.1"), &allow));
        assert!(metrics_allowed(ip("192.168.1.7"), &allow));
        assert!(!metrics_allowed(ip("192.168.1.8"), &allow));
        assert!(metrics_allowed(ip("fd12::1"), &allow));
        assert!(!metrics_allowed(ip("203.0.113.9"), &allow));
        assert!("0.0.0.0/0"
            .parse::<IpNet>()
            .unwrap()
            .contains(ip("8.8.8.8")));
        assert!("10.0.0.0/33".parse::<IpNet>().is_err());
        assert!("nada".parse::<IpNet>().is_err());
    }

    #[test]
    fn request_ids_are_uuid_v4_and_a_proxy_s_id_is_kept_only_when_sane() {
        let id = new_request_id();
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "4");
        assert_ne!(id, new_request_id());
        let ok = HeaderValue::from_static("req-123_abc.def:9");
        assert_eq!(acceptable_id(&ok).as_deref(), Some("req-123_abc.def:9"));
        assert!(acceptable_id(&HeaderValue::from_static("two words")).is_none());
        assert!(acceptable_id(&HeaderValue::from_static("")).is_none());
        let long = "a".repeat(MAX_REQUEST_ID + 1);
        assert!(acceptable_id(&HeaderValue::from_str(&long).unwrap()).is_none());
    }
}
