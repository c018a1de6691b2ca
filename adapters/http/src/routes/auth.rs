//! Sign-in, sign-out and sessions of staff and drivers; the signed driver-login links. (The
//! driver's confirmed company transfer is `POST /driver/save`, in `drivers`.)

use actix_web::{get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use patio_application::auth::{DriverLogin, StaffLogin};
use patio_application::AppError;
use patio_domain::roles::LoginPage;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::IdRef;
use crate::error::{blocking, ApiError};
use crate::session::{
    client_address, device_cookie, device_mark, expired_cookie, secure_cookies, session_cookie,
    DriverSession, Sessions, StaffSession, DRIVER_COOKIE, STAFF_COOKIE,
};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(staff_login)
        .service(staff_logout)
        .service(staff_session)
        .service(driver_login)
        .service(driver_logout)
        .service(driver_session)
        .service(issue_driver_link)
        .service(read_driver_link);
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct StaffLoginBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    company: Option<IdRef>,
    #[serde(default)]
    recaptcha_token: String,
    /// "staff" for /login, "dispatch" for /expedicao.
    #[serde(default)]
    page: Option<String>,
}

#[utoipa::path(tag = "auth", request_body = StaffLoginBody,
    responses((status = 200, description = "Signed in; sets the patio_staff cookie", body = patio_application::auth::StaffLoginView),
        (status = 401, description = "Usuário ou senha inválido"),
        (status = 403, description = "Blocked, or role not admitted by this login page"),
        (status = 429, description = "Too many attempts")))]
#[post("/auth/login")]
pub async fn staff_login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<StaffLoginBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let cmd = StaffLogin {
        email: body.email,
        password: body.password,
        company_id: body.company.map(|c| c.id),
        host: Some(req.connection_info().host().to_owned()),
        recaptcha_token: body.recaptcha_token,
        page: match body.page.as_deref() {
            Some("dispatch") => LoginPage::Dispatch,
            _ => LoginPage::Staff,
        },
        ip: client_address(&req),
        device: device_mark(&req),
        waited: false,
    };
    let svc = state.services.auth.clone();
    let view = slowed_down(cmd, move |cmd| {
        let svc = svc.clone();
        async move { blocking(move || svc.staff_login(cmd)).await }
    })
    .await?;
    let cookie = session_cookie(
        STAFF_COOKIE,
        view.access_token.clone(),
        state.config.staff_session_seconds,
        secure_cookies(&req),
    );
    let mut res = HttpResponse::Ok();
    res.cookie(cookie);
    if let Some(mark) = &view.device_mark {
        res.cookie(device_cookie(mark.clone(), secure_cookies(&req)));
    }
    Ok(res.json(view))
}

/// A sign-in command that the caller may have waited for.
trait Waitable: Clone {
    fn waited(self) -> Self;
}

impl Waitable for StaffLogin {
    fn waited(mut self) -> Self {
        self.waited = true;
        self
    }
}

impl Waitable for DriverLogin {
    fn waited(mut self) -> Self {
        self.waited = true;
        self
    }
}

/// Runs a sign-in; when the throttle slows it (past the address's limit, issue 21 item 8),
/// waits here — a timer, no thread held — and runs it once more as having waited.
async fn slowed_down<C, T, F, Fut>(cmd: C, sign_in: F) -> Result<T, ApiError>
where
    C: Waitable,
    F: Fn(C) -> Fut,
    Fut: std::future::Future<Output = Result<T, ApiError>>,
{
    match sign_in(cmd.clone()).await {
        Err(ApiError(AppError::SlowDown(seconds))) => {
            actix_web::rt::time::sleep(std::time::Duration::from_secs(seconds)).await;
            sign_in(cmd.waited()).await
        }
        other => other,
    }
}

/// Ends the session of `kind` the request carries (its bearer token, else its cookie).
async fn sign_out(
    req: &HttpRequest,
    state: &AppState,
    kind: patio_domain::roles::SessionKind,
) -> Result<(), ApiError> {
    let Some(actor) = Sessions::from_request(req).of_kind(kind) else {
        return Ok(());
    };
    let svc = state.services.auth.clone();
    blocking(move || svc.sign_out(&actor)).await
}

#[utoipa::path(tag = "auth",
    responses((status = 204, description = "The session token in hand no longer stands")))]
#[post("/auth/logout")]
pub async fn staff_logout(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    sign_out(&req, &state, patio_domain::roles::SessionKind::Staff).await?;
    Ok(HttpResponse::NoContent()
        .cookie(expired_cookie(STAFF_COOKIE, secure_cookies(&req)))
        .finish())
}

/// `?probe=true`: the sign-in pages ask whether someone is signed in already; signed out is
/// then an ordinary answer (204), not a 401 the browser logs as an error on every visit.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SessionProbe {
    pub probe: Option<bool>,
}

/// The session, or the probe's 204 when signed out (other refusals pass through).
fn probed<T>(
    session: Result<T, ApiError>,
    probe: &SessionProbe,
) -> Result<Result<T, HttpResponse>, ApiError> {
    match session {
        Ok(s) => Ok(Ok(s)),
        Err(e)
            if probe.probe == Some(true)
                && actix_web::ResponseError::status_code(&e)
                    == actix_web::http::StatusCode::UNAUTHORIZED =>
        {
            Ok(Err(HttpResponse::NoContent().finish()))
        }
        Err(e) => Err(e),
    }
}

#[utoipa::path(tag = "auth", params(SessionProbe),
    responses((status = 200, description = "The staff session with its menu and routes", body = patio_application::auth::StaffSessionView),
        (status = 204, description = "Signed out (with `probe=true` only)"), (status = 401)))]
#[get("/auth/session")]
pub async fn staff_session(
    state: web::Data<AppState>,
    session: Result<StaffSession, ApiError>,
    probe: web::Query<SessionProbe>,
) -> Result<HttpResponse, ApiError> {
    let session = match probed(session, &probe)? {
        Ok(s) => s,
        Err(signed_out) => return Ok(signed_out),
    };
    let svc = state.services.auth.clone();
    let view = blocking(move || svc.staff_session(&session.0)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverLoginBody {
    #[serde(default)]
    cpf: String,
    company: IdRef,
    #[serde(default)]
    birth_date: String,
    #[serde(default, rename = "recaptcha_token")]
    recaptcha_token: String,
}

#[utoipa::path(tag = "auth", request_body = DriverLoginBody,
    responses((status = 201, description = "Signed in; sets the patio_driver cookie", body = patio_application::auth::DriverLoginView),
        (status = 406, description = "Registered at another company: transfer conflict body"),
        (status = 409, description = "Refused, with a message"),
        (status = 422, description = "Invalid CPF or birth date")))]
#[post("/auth/app/login")]
pub async fn driver_login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<DriverLoginBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let cmd = DriverLogin {
        cpf: body.cpf,
        company_id: body.company.id,
        birth_date: body.birth_date,
        recaptcha_token: body.recaptcha_token,
        ip: client_address(&req),
        device: device_mark(&req),
        waited: false,
    };
    let svc = state.services.auth.clone();
    let view = slowed_down(cmd, move |cmd| {
        let svc = svc.clone();
        async move { blocking(move || svc.driver_login(cmd)).await }
    })
    .await?;
    let cookie = session_cookie(
        DRIVER_COOKIE,
        view.access_token.clone(),
        state.config.driver_session_seconds,
        secure_cookies(&req),
    );
    let mut res = HttpResponse::Created();
    res.cookie(cookie);
    if let Some(mark) = &view.device_mark {
        res.cookie(device_cookie(mark.clone(), secure_cookies(&req)));
    }
    Ok(res.json(view))
}

#[utoipa::path(tag = "auth",
    responses((status = 204, description = "The session token in hand no longer stands")))]
#[post("/auth/app/logout")]
pub async fn driver_logout(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    sign_out(&req, &state, patio_domain::roles::SessionKind::Driver).await?;
    Ok(HttpResponse::NoContent()
        .cookie(expired_cookie(DRIVER_COOKIE, secure_cookies(&req)))
        .finish())
}

#[utoipa::path(tag = "auth", params(SessionProbe),
    responses((status = 200, description = "The driver session", body = patio_application::auth::DriverSessionView),
        (status = 204, description = "Signed out (with `probe=true` only)"), (status = 401)))]
#[get("/auth/app/session")]
pub async fn driver_session(
    state: web::Data<AppState>,
    session: Result<DriverSession, ApiError>,
    probe: web::Query<SessionProbe>,
) -> Result<HttpResponse, ApiError> {
    let session = match probed(session, &probe)? {
        Ok(s) => s,
        Err(signed_out) => return Ok(signed_out),
    };
    let svc = state.services.auth.clone();
    let view = blocking(move || svc.driver_session(&session.0)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverLinkBody {
    driver_id: i64,
}

#[utoipa::path(tag = "auth", request_body = DriverLinkBody,
    responses((status = 201, description = "A signed, expiring driver-login link", body = patio_application::auth::DriverLinkView), (status = 403), (status = 404)))]
#[post("/auth/driver-link")]
pub async fn issue_driver_link(
    state: web::Data<AppState>,
    session: StaffSession,
    body: web::Json<DriverLinkBody>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.auth.clone();
    let driver_id = body.driver_id;
    let view = blocking(move || svc.issue_driver_link(&session.0, driver_id)).await?;
    Ok(HttpResponse::Created().json(view))
}

#[utoipa::path(tag = "auth",
    responses((status = 200, description = "CPF and birth date to pre-fill", body = patio_application::auth::DriverLinkContent), (status = 404, description = "Link inválido ou expirado")))]
#[get("/auth/driver-link/{token}")]
pub async fn read_driver_link(
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.auth.clone();
    let view = blocking(move || svc.read_driver_link(&token)).await?;
    Ok(HttpResponse::Ok().json(view))
}
