//! The browser-facing edge (issue 9): security headers on every answer, and refusal of
//! state-changing calls that a page of another origin makes with the victim's cookie.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method};
use actix_web::middleware::{DefaultHeaders, Next};
use actix_web::{web, ResponseError};
use patio_application::AppError;

use crate::error::ApiError;
use crate::session::{DRIVER_COOKIE, STAFF_COOKIE};

pub const FOREIGN_ORIGIN_MESSAGE: &str = "Requisição de outra origem não permitida.";
pub const NUL_MESSAGE: &str = "A requisição contém um caractere inválido (NUL).";

/// Bodies larger than this are not scanned here; the extractors refuse them anyway.
const SCANNED_BODY_LIMIT: usize = 16 * 1024 * 1024;

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
    is_foreign_origin(h, req.connection_info().host())
}

/// Whether a browser says the request comes from a page of another origin (another site, or
/// another port of this host): its own `Sec-Fetch-Site` decides when present; otherwise
/// `Origin` must name `host`. A request with neither is no browser's cross-origin call.
pub fn is_foreign_origin(h: &header::HeaderMap, host: &str) -> bool {
    if let Some(site) = h.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return !matches!(site, "same-origin" | "none");
    }
    let Some(origin) = h.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let origin_host = origin.split_once("://").map(|(_, rest)| rest).unwrap_or("");
    !origin_host.eq_ignore_ascii_case(host)
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

/// Whether text carries a NUL: raw, percent-encoded (`%00`) or, in JSON, escaped (`\u0000`
/// not itself preceded by an escaping backslash). PostgreSQL refuses 0x00 in text, so such a
/// value must never reach a query.
pub fn has_nul(bytes: &[u8], json: bool) -> bool {
    if bytes.contains(&0) {
        return true;
    }
    let lower = |i: usize| bytes.get(i).map(u8::to_ascii_lowercase);
    for i in 0..bytes.len() {
        if !json
            && bytes[i] == b'%'
            && bytes.get(i + 1) == Some(&b'0')
            && bytes.get(i + 2) == Some(&b'0')
        {
            return true;
        }
        if json
            && bytes[i] == b'\\'
            && lower(i + 1) == Some(b'u')
            && bytes.get(i + 2..i + 6) == Some(b"0000")
        {
            let backslashes = bytes[..i].iter().rev().take_while(|b| **b == b'\\').count();
            if backslashes % 2 == 0 {
                return true;
            }
        }
    }
    false
}

fn nul_refusal() -> actix_web::HttpResponse {
    actix_web::HttpResponse::BadRequest().json(serde_json::json!({
        "statusCode": 400, "code": "bad_request", "message": NUL_MESSAGE
    }))
}

/// Refuses a NUL byte in the path, the query or a JSON / form body with 400 before any
/// handler runs (multipart text fields are checked where they are read).
pub async fn refuse_nul(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    use futures_util::StreamExt as _;
    let uri = req.uri().path_and_query().map(|p| p.as_str()).unwrap_or("");
    if has_nul(uri.as_bytes(), false) {
        return Ok(req.into_response(nul_refusal()).map_into_right_body());
    }
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    let json = content_type.contains("json");
    if json || content_type.starts_with("application/x-www-form-urlencoded") {
        let mut payload = actix_web::HttpMessage::take_payload(&mut req);
        let mut body = web::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk?;
            if body.len() + chunk.len() > SCANNED_BODY_LIMIT {
                return Ok(req
                    .into_response(actix_web::HttpResponse::PayloadTooLarge().json(
                        serde_json::json!({
                            "statusCode": 413, "code": "bad_request",
                            "message": crate::error::BAD_REQUEST_MESSAGE
                        }),
                    ))
                    .map_into_right_body());
            }
            body.extend_from_slice(&chunk);
        }
        if has_nul(&body, json) {
            return Ok(req.into_response(nul_refusal()).map_into_right_body());
        }
        req.set_payload(actix_web::dev::Payload::from(body.freeze()));
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// Where a request made with `X-Api-Key` may go (issue 26): the v1 and the webhooks. Any
/// other API path (staff administration, the keys themselves, a driver's calls) is 403, so
/// a key never reaches what only a session may do.
pub fn key_may_reach(path: &str) -> bool {
    path.starts_with("/api/integration/v1/")
        || path == "/api/integration/webhooks"
        || path.starts_with("/api/integration/webhooks/")
}

/// Refuses requests carrying an API key outside [`key_may_reach`] with 403.
pub async fn refuse_keys_elsewhere(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.headers().contains_key("x-api-key") && !key_may_reach(req.path()) {
        let refusal = ApiError(AppError::Forbidden(
            patio_domain::integration::KEY_OUTSIDE_INTEGRATION_MESSAGE.to_owned(),
        ));
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
    fn nul_is_found_raw_percent_encoded_and_json_escaped_but_not_in_an_escaped_backslash() {
        assert!(has_nul(b"/api/company/host?host=%00", false));
        assert!(has_nul(b"a\0b", false));
        assert!(has_nul(br#"{"name":"a\u0000"}"#, true));
        assert!(has_nul(br#"{"name":"a\U0000"}"#, true));
        assert!(!has_nul(br#"{"name":"a\\u0000"}"#, true));
        assert!(!has_nul(br#"{"name":"a\u0000"}"#, false));
        assert!(!has_nul(br#"{"name":"100%00"}"#, true));
        assert!(!has_nul(b"/api/company?search=100%25", false));
    }

    #[test]
    fn the_policy_admits_the_shell_s_inline_scripts_by_hash_only() {
        let hashes = inline_script_hashes(
            "<script>a()</script><script defer src=/m.js></script><script>b()</script>",
        );
        assert_eq!(hashes.matches("'sha256-").count(), 2);
        assert_eq!(inline_script_hashes("<p>no scripts</p>"), "");
    }
}
