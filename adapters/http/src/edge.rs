//! The browser-facing edge (issue 9): security headers on every answer, and refusal of
//! state-changing calls that a page of another origin makes with the victim's cookie.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method};
use actix_web::middleware::{DefaultHeaders, Next};
use actix_web::ResponseError;
use patio_application::AppError;

use crate::error::ApiError;
use crate::session::{DRIVER_COOKIE, STAFF_COOKIE};

pub const FOREIGN_ORIGIN_MESSAGE: &str = "Requisição de outra origem não permitida.";

/// The app's policy: scripts from itself, reCAPTCHA and the shell's own inline scripts (by
/// hash, `{inline}`); antd writes its styles at run time, so styles allow inline; frames only
/// for reCAPTCHA and the company's Google Maps embed; nobody frames the app (clickjacking).
pub const APP_CSP: &str = "default-src 'self'; \
    script-src 'self'{inline} https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self'; \
    frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/ https://www.google.com/maps/; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// JSON answers are never documents: nothing runs, nothing frames them.
pub const API_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// `'sha256-…'` of every inline `<script>` of the built shell, so the policy admits exactly
/// those (their text changes with each build).
fn inline_script_hashes(index_html: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    index_html
        .split("<script>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</script>").map(|(code, _)| code))
        .map(|code| {
            let digest = sha2::Sha256::digest(code.as_bytes());
            format!(
                " 'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            )
        })
        .collect()
}

fn headers(csp: String) -> DefaultHeaders {
    DefaultHeaders::new()
        .add((header::CONTENT_SECURITY_POLICY, csp))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
}

/// Headers of `/api` (answers that set their own keep them).
pub fn api_headers() -> DefaultHeaders {
    headers(API_CSP.to_owned())
}

/// Headers of the single-page app built in `dir`.
pub fn app_headers(dir: &std::path::Path) -> DefaultHeaders {
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap_or_default();
    headers(APP_CSP.replace("{inline}", &inline_script_hashes(&index)))
}

/// Whether a request is a write that a foreign page made with the browser's cookie: only
/// cookie-authenticated writes count (a Bearer client sends its token deliberately). The
/// browser's own `Sec-Fetch-Site` decides when present; otherwise `Origin` must name this
/// host. A request with neither is no browser's cross-origin call.
pub fn is_foreign_cookie_write(req: &ServiceRequest) -> bool {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return false;
    }
    let h = req.headers();
    let has_bearer = h
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bearer "));
    let has_cookie = req.cookie(STAFF_COOKIE).is_some() || req.cookie(DRIVER_COOKIE).is_some();
    if has_bearer || !has_cookie {
        return false;
    }
    if let Some(site) = h.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return !matches!(site, "same-origin" | "none");
    }
    let Some(origin) = h.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let host = req.connection_info().host().to_owned();
    let origin_host = origin.split_once("://").map(|(_, rest)| rest).unwrap_or("");
    !origin_host.eq_ignore_ascii_case(&host)
}

/// Refuses foreign cookie writes with 403 before any handler runs.
pub async fn refuse_foreign_writes(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if is_foreign_cookie_write(&req) {
        let refusal = ApiError(AppError::Forbidden(FOREIGN_ORIGIN_MESSAGE.to_owned()));
        return Ok(req
            .into_response(refusal.error_response())
            .map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_admits_the_shell_s_inline_scripts_by_hash_only() {
        let hashes = inline_script_hashes(
            "<script>a()</script><script defer src=/m.js></script><script>b()</script>",
        );
        assert_eq!(hashes.matches("'sha256-").count(), 2);
        assert_eq!(inline_script_hashes("<p>no scripts</p>"), "");
    }
}
