//! Resolving each request to an `Actor` (DESIGN section 2) and the session cookies.

use std::future::{ready, Ready};
use std::net::IpAddr;

use actix_web::cookie::{time::Duration as CookieDuration, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use patio_domain::auth::Actor;
use patio_domain::roles::SessionKind;

use crate::error::ApiError;
use crate::state::AppState;

pub const STAFF_COOKIE: &str = "patio_staff";
pub const DRIVER_COOKIE: &str = "patio_driver";

fn state(req: &HttpRequest) -> Option<&AppState> {
    req.app_data::<web::Data<AppState>>().map(|d| d.get_ref())
}

fn bearer(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
}

/// Both sessions a browser may hold, each verified.
#[derive(Debug, Clone, Default)]
pub struct Sessions {
    pub bearer: Option<Actor>,
    pub staff: Option<Actor>,
    pub driver: Option<Actor>,
}

impl Sessions {
    pub fn from_request(req: &HttpRequest) -> Self {
        let Some(st) = state(req) else {
            return Self::default();
        };
        let verify = |t: &str| st.tokens.verify_session(t);
        let by_kind = |name: &str, kind: SessionKind| {
            req.cookie(name)
                .and_then(|c| verify(c.value()))
                .filter(|a| a.kind == kind)
        };
        Self {
            bearer: bearer(req).and_then(verify),
            staff: by_kind(STAFF_COOKIE, SessionKind::Staff),
            driver: by_kind(DRIVER_COOKIE, SessionKind::Driver),
        }
    }

    /// The actor of a call: an API client's bearer token, else staff, else driver.
    pub fn any(&self) -> Option<Actor> {
        self.bearer
            .clone()
            .or_else(|| self.staff.clone())
            .or_else(|| self.driver.clone())
    }

    pub fn of_kind(&self, kind: SessionKind) -> Option<Actor> {
        let pick = |a: &Option<Actor>| a.clone().filter(|a| a.kind == kind);
        pick(&self.bearer).or_else(|| match kind {
            SessionKind::Staff => pick(&self.staff),
            SessionKind::Driver => pick(&self.driver),
        })
    }
}

impl FromRequest for Sessions {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Sessions::from_request(req)))
    }
}

/// A signed-in actor of either kind; 401 otherwise.
pub struct Session(pub Actor);

impl FromRequest for Session {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            Sessions::from_request(req)
                .any()
                .map(Session)
                .ok_or_else(ApiError::unauthorized),
        )
    }
}

/// A signed-in driver; 401 otherwise.
pub struct DriverSession(pub Actor);

impl FromRequest for DriverSession {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            Sessions::from_request(req)
                .of_kind(SessionKind::Driver)
                .map(DriverSession)
                .ok_or_else(ApiError::unauthorized),
        )
    }
}

/// A signed-in staff member; 401 otherwise.
pub struct StaffSession(pub Actor);

impl FromRequest for StaffSession {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            Sessions::from_request(req)
                .of_kind(SessionKind::Staff)
                .map(StaffSession)
                .ok_or_else(ApiError::unauthorized),
        )
    }
}

pub fn session_cookie(
    name: &'static str,
    token: String,
    seconds: i64,
    secure: bool,
) -> Cookie<'static> {
    Cookie::build(name, token)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .max_age(CookieDuration::seconds(seconds))
        .finish()
}

pub fn expired_cookie(name: &'static str, secure: bool) -> Cookie<'static> {
    let mut c = session_cookie(name, String::new(), 0, secure);
    c.make_removal();
    c
}

/// The caller's address: the connection's peer, or the first untrusted hop of
/// `X-Forwarded-For` when the peer is a trusted proxy.
pub fn client_ip(req: &HttpRequest) -> Option<IpAddr> {
    let peer = req.peer_addr().map(|a| a.ip());
    let trusted = state(req)
        .map(|s| s.config.trusted_proxies.as_slice())
        .unwrap_or(&[]);
    match peer {
        Some(p) if trusted.contains(&p) => {
            let forwarded = req
                .headers()
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("");
            forwarded
                .split(',')
                .rev()
                .filter_map(|s| s.trim().parse::<IpAddr>().ok())
                .find(|ip| !trusted.contains(ip))
                .or(Some(p))
        }
        other => other,
    }
}
