//! Company settings (spec 3 section 7 "Settings, terms, popups"): read, save, logo upload,
//! tolerance switch, server date and time, delay delete. Also the lenient body helpers the
//! settings-area routes share: the settings screens send numbers as text or numbers, ids as
//! `5`, `"5"` or `{id: 5}`, and `weekDays` as JSON text.

use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use std::sync::LazyLock;

use patio_application::settings::{DelayInput, SaveSettings, SettingsPatch, SettingsView};
use patio_application::AppError;
use patio_domain::settings::form::DelayForm;
use serde::Deserialize;
use serde_json::Value;
use utoipa::openapi::{RefOr, Schema};
use utoipa::PartialSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::uploads::read_upload;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, Session};
use crate::state::AppState;

pub const COMPANY_REQUIRED_MESSAGE: &str = "Selecione uma empresa!";
/// A settings save naming a field the settings do not have: a misspelled name is refused
/// rather than answered 'Alterações salvas com sucesso' with nothing changed.
pub const UNKNOWN_FIELD_MESSAGE: &str = "Campo desconhecido.";

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_settings)
        .service(save_settings)
        .service(upload_logo)
        .service(toggle_tolerance)
        .service(date_time)
        .service(delete_delay);
}

// ---- Helpers shared by the settings-area routes.

pub use crate::error::INVALID_ID_MESSAGE;

/// An id sent as `5`, `"5"` or `{ "id": 5 }`; `None` when absent (missing, null, "",
/// "undefined"). Anything else — a fraction, a number beyond 64 bits, text — is 422: a
/// mistyped id must never turn an update into a new record.
pub(crate) fn id_of(field: &str, v: Option<&Value>) -> Result<Option<i64>, ApiError> {
    let invalid = || ApiError(AppError::field(field, INVALID_ID_MESSAGE));
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_i64().map(Some).ok_or_else(invalid),
        Some(Value::String(s)) => match s.trim() {
            "" | "undefined" | "null" => Ok(None),
            t => t.parse().map(Some).map_err(|_| invalid()),
        },
        Some(Value::Object(o)) => id_of(field, o.get("id")),
        Some(_) => Err(invalid()),
    }
}

/// The company of a body (`company` as an id or `{id}`), or 422.
pub(crate) fn company_of(v: Option<&Value>) -> Result<i64, ApiError> {
    id_of("company", v)?
        .ok_or_else(|| ApiError(AppError::field("company", COMPANY_REQUIRED_MESSAGE)))
}

/// A scalar as text: `None` when absent, `""` for null.
pub(crate) fn text_of(v: Option<&Value>) -> Option<String> {
    Some(match v? {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => other.to_string(),
    })
}

/// A switch sent as `true`, `"true"`, `1`...; `None` when absent or null.
pub(crate) fn flag_of(v: Option<&Value>) -> Option<bool> {
    match v? {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => Some(n.as_f64().is_some_and(|x| x != 0.0)),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "1" | "on" | "sim" => Some(true),
            "false" | "0" | "off" | "nao" | "não" | "" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

const WEEK_KEYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/// `weekDays` as the JSON text the service reads: the spec sends it as text; an array, or an
/// object keyed `sun`..`sat`, is accepted too.
fn week_days_text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Object(o) => Some(
            Value::Array(
                WEEK_KEYS
                    .iter()
                    .map(|k| o.get(*k).cloned().unwrap_or(Value::Null))
                    .collect(),
            )
            .to_string(),
        ),
        other => Some(other.to_string()),
    }
}

/// `checkinIp` as text: `"a,b"` or `["a", "b"]`.
fn checkin_ip_text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::Array(list) => Some(
            list.iter()
                .filter_map(|x| text_of(Some(x)))
                .collect::<Vec<_>>()
                .join(","),
        ),
        other => text_of(Some(other)),
    }
}

fn delays_of(v: Option<&Value>) -> Result<Vec<DelayInput>, ApiError> {
    let Some(Value::Array(list)) = v else {
        return Ok(Vec::new());
    };
    list.iter()
        .map(|d| {
            Ok(DelayInput {
                id: id_of("id", d.get("id"))?,
                form: DelayForm {
                    reason: text_of(d.get("reason")).unwrap_or_default(),
                    time: text_of(d.get("time")).unwrap_or_default(),
                    icon: text_of(d.get("icon")).filter(|i| !i.is_empty()),
                },
            })
        })
        .collect()
}

/// The settings save, with the spec's field names. Every field but `company` may be left out
/// (it keeps its stored value).
#[derive(Deserialize, utoipa::ToSchema)]
#[allow(dead_code)] // read as JSON by name; the struct documents the body
pub struct SettingsBody {
    /// The company: `5` or `{id: 5}`.
    #[schema(value_type = Object)]
    company: Value,
    /// Up to two IPs joined by a comma.
    #[serde(rename = "checkinIp")]
    checkin_ip: Option<String>,
    #[serde(rename = "enableCheckin")]
    enable_checkin: Option<bool>,
    #[serde(rename = "programmedTotal")]
    programmed_total: Option<i64>,
    queue_edit_hours_limit: Option<i64>,
    /// `HH:mm`.
    #[serde(rename = "timeAttendence")]
    time_attendence: Option<String>,
    start: Option<String>,
    end: Option<String>,
    #[serde(rename = "startInterval")]
    start_interval: Option<String>,
    #[serde(rename = "endInterval")]
    end_interval: Option<String>,
    #[serde(rename = "googleMaps")]
    google_maps: Option<String>,
    /// JSON text of seven booleans, Sunday first.
    #[serde(rename = "weekDays")]
    week_days: Option<String>,
    /// `[{id?, reason, time (minutes or HH:mm), icon}]`.
    #[schema(value_type = Option<Vec<Object>>)]
    delay: Option<Value>,
    scheduling_day_limit: Option<i64>,
    #[serde(rename = "hour_entry_Limit")]
    hour_entry_limit: Option<i64>,
    #[serde(rename = "enableTolerance")]
    enable_tolerance: Option<bool>,
    /// `HH:MM`.
    tolerance: Option<String>,
    #[serde(rename = "enableRecaptcha")]
    enable_recaptcha: Option<bool>,
    /// Left out or null: keep the stored secret; `""` clears it.
    #[serde(rename = "recaptchaSecret")]
    recaptcha_secret: Option<String>,
    #[serde(rename = "recaptchaSite")]
    recaptcha_site: Option<String>,
    enable_missing_validation: Option<bool>,
    missing_limit: Option<i64>,
    missing_limit_after_block: Option<i64>,
    /// 30, 60, 90, 120, 150 or 180.
    missing_validation_period: Option<i64>,
    #[serde(rename = "enableQueueSave")]
    enable_queue_save: Option<bool>,
    #[serde(rename = "enableQueueWithoutScheduling")]
    enable_queue_without_scheduling: Option<bool>,
    /// An IANA zone; default America/Sao_Paulo.
    #[serde(rename = "timeZone")]
    time_zone: Option<String>,
}

/// The names a save may carry: the body's, and those of the settings as read, so that a client
/// may send back what it read (`id` and `logo` are then ignored); `delays` is the delay list's
/// other spelling. Taken from the documented schemas: the document and the check cannot drift.
static SAVE_FIELDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut names = property_names::<SettingsBody>();
    names.extend(property_names::<SettingsView>());
    names.push("delays".to_owned());
    names
});

fn property_names<T: PartialSchema>() -> Vec<String> {
    match T::schema() {
        RefOr::T(Schema::Object(o)) => o.properties.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

fn unknown_field(b: &serde_json::Map<String, Value>) -> Result<(), ApiError> {
    match b.keys().find(|k| !SAVE_FIELDS.contains(k)) {
        Some(name) => Err(ApiError(AppError::field(name, UNKNOWN_FIELD_MESSAGE))),
        None => Ok(()),
    }
}

fn patch_of(b: &serde_json::Map<String, Value>) -> SettingsPatch {
    let t = |k: &str| text_of(b.get(k));
    let f = |k: &str| flag_of(b.get(k));
    SettingsPatch {
        checkin_ip: checkin_ip_text(b.get("checkinIp")),
        enable_checkin: f("enableCheckin"),
        programmed_total: t("programmedTotal"),
        queue_edit_hours_limit: t("queue_edit_hours_limit"),
        time_attendence: t("timeAttendence"),
        start: t("start"),
        end: t("end"),
        start_interval: t("startInterval"),
        end_interval: t("endInterval"),
        google_maps: t("googleMaps"),
        week_days: week_days_text(b.get("weekDays")),
        scheduling_day_limit: t("scheduling_day_limit"),
        hour_entry_limit: t("hour_entry_Limit"),
        enable_tolerance: f("enableTolerance"),
        tolerance: t("tolerance"),
        enable_recaptcha: f("enableRecaptcha"),
        recaptcha_site: t("recaptchaSite"),
        recaptcha_secret: match b.get("recaptchaSecret") {
            None | Some(Value::Null) => None,
            v => text_of(v),
        },
        enable_missing_validation: f("enable_missing_validation"),
        missing_limit: t("missing_limit"),
        missing_limit_after_block: t("missing_limit_after_block"),
        missing_validation_period: t("missing_validation_period"),
        enable_queue_save: f("enableQueueSave"),
        enable_queue_without_scheduling: f("enableQueueWithoutScheduling"),
        time_zone: t("timeZone"),
    }
}

/// Rich text bodies (terms, pop-ups) run past the default 32 KB of JSON: 1 MB for those.
pub(crate) fn large_json() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(1024 * 1024)
        .error_handler(crate::error::json_error)
}

/// A JSON object body, or 400 through the JSON error handler.
pub(crate) type ObjectBody = web::Json<serde_json::Map<String, Value>>;

// ---- Handlers.

#[utoipa::path(tag = "settings",
    params(("companyId" = i64, Path, description = "Company")),
    responses((status = 200, description = "Every setting of spec 3 section 3 with its delay list; recaptchaSecret only for root administrators", body = patio_application::settings::SettingsView),
        (status = 401), (status = 404)))]
#[get("/settings/company/{companyId}")]
pub async fn get_settings(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.settings.clone();
    let id = path.into_inner();
    let view = blocking(move || svc.get(&session.0, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "settings", request_body = SettingsBody,
    responses((status = 200, description = "{message: 'Alterações salvas com sucesso', settings}", body = patio_application::settings::SavedSettingsView),
        (status = 401), (status = 403, description = "Not a root administrator"), (status = 404),
        (status = 422, description = "A field fails its check, or names no setting ('Campo desconhecido.')")))]
#[post("/settings/save")]
pub async fn save_settings(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: ObjectBody,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    unknown_field(&body)?;
    let company_id = company_of(body.get("company"))?;
    let delays = delays_of(body.get("delay").or_else(|| body.get("delays")))?;
    let cmd = SaveSettings {
        company_id,
        patch: patch_of(&body),
        delays,
        ip: client_address(&req),
    };
    let svc = state.services.settings.clone();
    let view = blocking(move || svc.save(&session.0, cmd)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// The multipart form of the logo upload (documentation only).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct LogoUpload {
    /// PNG or JPEG, at most 2 MB.
    #[schema(value_type = String, format = Binary)]
    logo: Vec<u8>,
    company: i64,
}

#[utoipa::path(tag = "settings",
    request_body(content = LogoUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "{company: {id}, logo: '/uploads/logos/...'}", body = patio_application::settings::LogoView),
        (status = 401), (status = 403), (status = 404),
        (status = 422, description = "Not PNG/JPEG by content, larger than 2 MB, or not multipart")))]
#[post("/settings/upload")]
pub async fn upload_logo(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let form = read_upload(&req, payload, "logo").await?;
    let company_id = form
        .field("company")
        .and_then(|s| s.parse::<i64>().ok())
        .ok_or_else(|| ApiError(AppError::field("company", COMPANY_REQUIRED_MESSAGE)))?;
    let svc = state.services.settings.clone();
    let ip = client_address(&req);
    let view = blocking(move || svc.upload_logo(&session.0, company_id, &form.file, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ToleranceBody {
    /// `5` or `{id: 5}`.
    #[schema(value_type = Object)]
    company: Value,
    /// On or off.
    tolerance: bool,
}

#[utoipa::path(tag = "settings", request_body = ToleranceBody,
    responses((status = 200, description = "{company: {id}, enableTolerance}", body = patio_application::settings::ToleranceView),
        (status = 401), (status = 403, description = "Not a root administrator nor the company's Expedicao"), (status = 404), (status = 422)))]
#[post("/settings/toggle-tolerance")]
pub async fn toggle_tolerance(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: ObjectBody,
) -> Result<HttpResponse, ApiError> {
    let company_id = company_of(body.get("company"))?;
    let enabled = flag_of(
        body.get("tolerance")
            .or_else(|| body.get("enableTolerance")),
    )
    .ok_or_else(|| {
        ApiError(AppError::field(
            "tolerance",
            "Informe se a tolerância fica ligada ou desligada.",
        ))
    })?;
    let svc = state.services.settings.clone();
    let ip = client_address(&req);
    let view = blocking(move || svc.toggle_tolerance(&session.0, company_id, enabled, ip)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct DateTimeQuery {
    /// The company whose zone is used; default the caller's company.
    company_id: Option<i64>,
}

#[utoipa::path(tag = "settings", params(DateTimeQuery),
    responses((status = 200, description = "{dateTime, date: dd/MM/yyyy, time: HH:mm:ss, timeZone, timestamp}", body = patio_application::settings::DateTimeView),
        (status = 401), (status = 404)))]
#[get("/settings/date-time")]
pub async fn date_time(
    state: web::Data<AppState>,
    session: Session,
    q: web::Query<DateTimeQuery>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.settings.clone();
    let company_id = q.company_id;
    let view = blocking(move || svc.date_time(&session.0, company_id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(tag = "settings",
    params(("id" = i64, Path, description = "Delay reason")),
    responses((status = 204), (status = 401), (status = 403), (status = 404)))]
#[delete("/delay/delete/{id}")]
pub async fn delete_delay(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.services.settings.clone();
    let id = path.into_inner();
    let ip = client_address(&req);
    blocking(move || svc.delete_delay(&session.0, id, ip)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_come_as_numbers_text_or_objects() {
        let id = |v: Option<&Value>| id_of("id", v).ok();
        assert_eq!(id(Some(&json!(5))), Some(Some(5)));
        assert_eq!(id(Some(&json!(" 7 "))), Some(Some(7)));
        assert_eq!(id(Some(&json!({ "id": 9 }))), Some(Some(9)));
        assert_eq!(id(Some(&json!("undefined"))), Some(None));
        assert_eq!(id(Some(&Value::Null)), Some(None));
        assert_eq!(id(None), Some(None));
        assert_eq!(id(Some(&json!(1e20))), None);
        assert_eq!(id(Some(&json!(1.5))), None);
        assert_eq!(id(Some(&json!("abc"))), None);
        assert_eq!(id(Some(&json!(true))), None);
    }

    #[test]
    fn the_settings_body_becomes_a_patch() {
        let body = json!({
            "company": { "id": 1 },
            "programmedTotal": 40, "hour_entry_Limit": "2", "enableCheckin": "true",
            "checkinIp": ["1.1.1.1", "2.2.2.2"], "weekDays": [true, false, false, false, false, false, true],
            "scheduling_day_limit": null, "recaptchaSecret": null,
        });
        let p = patch_of(body.as_object().unwrap());
        assert_eq!(p.programmed_total.as_deref(), Some("40"));
        assert_eq!(p.hour_entry_limit.as_deref(), Some("2"));
        assert_eq!(p.enable_checkin, Some(true));
        assert_eq!(p.checkin_ip.as_deref(), Some("1.1.1.1,2.2.2.2"));
        assert_eq!(
            p.week_days.as_deref(),
            Some("[true,false,false,false,false,false,true]")
        );
        assert_eq!(p.scheduling_day_limit.as_deref(), Some(""));
        assert_eq!(p.recaptcha_secret, None);
        assert_eq!(p.start, None);
        let week = json!({ "weekDays": { "sun": false, "mon": true, "tue": true, "wed": true, "thu": true, "fri": true, "sat": false } });
        assert_eq!(
            patch_of(week.as_object().unwrap()).week_days.as_deref(),
            Some("[false,true,true,true,true,true,false]")
        );
    }
}
