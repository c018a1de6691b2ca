//! Resolving each request to an `Actor` (DESIGN section 2) and the session cookies.

use std::net::IpAddr;

use actix_web::cookie::{time::Duration as CookieDuration, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use patio_application::auth::account_check::AccountCheck;
use patio_application::consistency::Reader;
use patio_domain::auth::Actor;
use patio_domain::roles::SessionKind;

use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub const STAFF_COOKIE: &str = "patio_staff";

tokio::task_local! {
    /// The request's actor as the read replica's marks know it (set by the request
    /// middleware, handed to the blocking work by [`crate::error::blocking`]).
    pub(crate) static READER: Option<Reader>;
}

/// The reader of a request: its actor by the tokens it carries (verified, not checked
/// against the account: a key, not an authorisation).
pub(crate) fn reader_of(req: &HttpRequest) -> Option<Reader> {
    Sessions::from_request(req).any().map(|a| Reader::of(&a))
}
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

/// Both sessions a browser may hold (and an API client's bearer), each verified and, as an
/// extractor, still standing: a disabled account, or one whose role, company or shipping
/// company changed since sign-in, is no session at all (DESIGN section 2).
#[derive(Debug, Clone, Default)]
pub struct Sessions {
    pub bearer: Option<Actor>,
    pub staff: Option<Actor>,
    pub driver: Option<Actor>,
}

impl Sessions {
    /// The tokens of the request, each verified (signature, expiry), before the account check
    /// the extractors add.
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

/// The account check of this instance.
fn accounts(req: &HttpRequest) -> Option<AccountCheck> {
    state(req).map(|s| s.services.accounts.clone())
}

/// `actor` if its session still stands (its account enabled and unchanged since sign-in): a
/// remembered answer at once, otherwise the account is read off the async threads.
async fn standing(
    accounts: Option<&AccountCheck>,
    actor: Option<Actor>,
) -> Result<Option<Actor>, ApiError> {
    let (Some(accounts), Some(actor)) = (accounts, actor.clone()) else {
        return Ok(actor);
    };
    let holds = match accounts.remembered(&actor) {
        Some(holds) => holds,
        None => {
            let (check, who) = (accounts.clone(), actor.clone());
            blocking(move || check.still_holds(&who)).await?
        }
    };
    Ok(holds.then_some(actor))
}

impl FromRequest for Sessions {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let tokens = Sessions::from_request(req);
        let accounts = accounts(req);
        Box::pin(async move {
            let accounts = accounts.as_ref();
            Ok(Sessions {
                bearer: standing(accounts, tokens.bearer).await?,
                staff: standing(accounts, tokens.staff).await?,
                driver: standing(accounts, tokens.driver).await?,
            })
        })
    }
}

/// The one actor an extractor wants, checked; 401 when there is none or it no longer stands.
fn one(
    req: &HttpRequest,
    pick: impl FnOnce(&Sessions) -> Option<Actor>,
) -> LocalBoxFuture<'static, Result<Actor, ApiError>> {
    let actor = pick(&Sessions::from_request(req));
    let accounts = accounts(req);
    Box::pin(async move {
        standing(accounts.as_ref(), actor)
            .await?
            .ok_or_else(ApiError::unauthorized)
    })
}

/// A signed-in actor of either kind; 401 otherwise.
pub struct Session(pub Actor);

impl FromRequest for Session {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let actor = one(req, Sessions::any);
        Box::pin(async move { actor.await.map(Session) })
    }
}

/// A signed-in driver; 401 otherwise.
pub struct DriverSession(pub Actor);

impl FromRequest for DriverSession {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let actor = one(req, |s| s.of_kind(SessionKind::Driver));
        Box::pin(async move { actor.await.map(DriverSession) })
    }
}

/// A signed-in staff member; 401 otherwise.
pub struct StaffSession(pub Actor);

impl FromRequest for StaffSession {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let actor = one(req, |s| s.of_kind(SessionKind::Staff));
        Box::pin(async move { actor.await.map(StaffSession) })
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

/// The browser's device mark: which account signed in from it before, so that a flood of
/// wrong passwords elsewhere does not lock its owner out (issue 9 item 8). Sent only to the
/// sign-in calls.
pub const DEVICE_COOKIE: &str = "patio_device";
const DEVICE_COOKIE_DAYS: i64 = 365;

pub fn device_cookie(mark: String, secure: bool) -> Cookie<'static> {
    Cookie::build(DEVICE_COOKIE, mark)
        .path("/api/auth")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .max_age(CookieDuration::days(DEVICE_COOKIE_DAYS))
        .finish()
}

pub fn device_mark(req: &HttpRequest) -> Option<String> {
    req.cookie(DEVICE_COOKIE).map(|c| c.value().to_owned())
}

pub fn expired_cookie(name: &'static str, secure: bool) -> Cookie<'static> {
    let mut c = session_cookie(name, String::new(), 0, secure);
    c.make_removal();
    c
}

/// Whether the session cookie must be `Secure`: always with `PATIO_SECURE_COOKIES`, and
/// otherwise whenever the request came over HTTPS — served with TLS here, or through a trusted
/// proxy that says `X-Forwarded-Proto: https` (anyone else's header is not believed). Plain
/// http (`make run`) keeps cookies that the browser will send back.
pub fn secure_cookies(req: &HttpRequest) -> bool {
    let Some(state) = state(req) else {
        return false;
    };
    if state.config.secure_cookies || req.app_config().secure() {
        return true;
    }
    let from_trusted_proxy = req
        .peer_addr()
        .is_some_and(|a| state.config.trusted_proxies.contains(&a.ip()));
    from_trusted_proxy
        && req
            .headers()
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

/// The caller's address as the logs store it (the one helper every route uses).
pub fn client_address(req: &HttpRequest) -> Option<String> {
    client_ip(req).map(|ip| ip.to_string())
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
