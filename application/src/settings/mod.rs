//! Company settings (spec 3 sections 2 and 3): read, save with the delay reasons, logo upload,
//! tolerance switch, delete a delay reason, and the server's date and time in the company's
//! zone. Also the helpers the other settings-area services share (access, company, audit).
//!
//! The queue plan is not recomputed here: a settings change takes the company's queue lock so
//! it never interleaves with a queue change, and the queue engine replans from the new
//! settings on its next change of that company.

pub mod holidays;
pub mod popups;
pub mod ports;
pub mod use_terms;

use std::sync::Arc;

use chrono::{DateTime, NaiveTime, Utc};
use chrono_tz::Tz;
use patio_domain::auth::Actor;
use patio_domain::roles::NOT_ALLOWED_MESSAGE;
use patio_domain::settings::access::{self, Refusal, SettingsAction};
use patio_domain::settings::form::{self, format_hh_mm, DelayForm, SettingsForm};
use patio_domain::settings::images::check_image;
use patio_domain::text::escape_html;
use patio_domain::FieldIssue;
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::model::CompanyRecord;
use crate::ports::{Repos, StoreExt};
use crate::services::{invalid, Audit, Deps};
use crate::settings::ports::{DelayRecord, DelayWrite, SettingsRecord, SettingsWrite};
use patio_domain::admin::audit::{ObjectType, Operation};

pub const SAVED_MESSAGE: &str = "Alterações salvas com sucesso";

// ---- Shared by the settings-area services (settings, holidays, terms, pop-ups).

/// An access refusal as the API answers it: 403 or 404.
pub(crate) fn refused(r: Refusal) -> AppError {
    match r {
        Refusal::Forbidden => AppError::Forbidden(NOT_ALLOWED_MESSAGE.to_owned()),
        Refusal::NotFound => AppError::not_found(),
    }
}

/// The role check of `action` (403), before anything is read.
pub(crate) fn allow_role(actor: &Actor, action: SettingsAction) -> AppResult<()> {
    access::check_role(actor, action).map_err(refused)
}

/// The role and company check of `action` (403 / 404).
pub(crate) fn allow(actor: &Actor, action: SettingsAction, company_id: i64) -> AppResult<()> {
    access::check(actor, action, company_id).map_err(refused)
}

/// The company, or 404.
pub(crate) fn existing_company(repos: &mut dyn Repos, id: i64) -> AppResult<CompanyRecord> {
    repos.company(id)?.ok_or_else(AppError::not_found)
}

/// The company's zone (default America/Sao_Paulo).
pub(crate) fn company_zone(repos: &mut dyn Repos, company_id: i64) -> AppResult<Tz> {
    Ok(repos
        .settings_of_company(company_id)?
        .and_then(|s| s.time_zone.parse().ok())
        .unwrap_or(chrono_tz::America::Sao_Paulo))
}

pub(crate) fn yes_no(b: bool) -> String {
    if b { "Sim" } else { "Não" }.to_owned()
}

pub use crate::model::IdRef;

// ---- Settings.

/// A configured delay reason. `time` is in minutes.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct DelayView {
    pub id: i64,
    pub reason: String,
    pub time: i32,
    pub icon: Option<String>,
}

impl From<DelayRecord> for DelayView {
    fn from(d: DelayRecord) -> Self {
        Self {
            id: d.id,
            reason: d.reason,
            time: d.minutes,
            icon: d.icon,
        }
    }
}

/// The settings of a company with the spec's spellings (spec 3 section 3).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SettingsView {
    /// `None` while the company has never saved its settings (the defaults are shown).
    pub id: Option<i64>,
    pub company: IdRef,
    #[serde(rename = "checkinIp")]
    pub checkin_ip: String,
    #[serde(rename = "enableCheckin")]
    pub enable_checkin: bool,
    #[serde(rename = "programmedTotal")]
    pub programmed_total: i32,
    pub queue_edit_hours_limit: i32,
    /// `HH:mm`.
    #[serde(rename = "timeAttendence")]
    pub time_attendence: String,
    pub start: String,
    pub end: String,
    #[serde(rename = "startInterval")]
    pub start_interval: String,
    #[serde(rename = "endInterval")]
    pub end_interval: String,
    #[serde(rename = "googleMaps")]
    pub google_maps: Option<String>,
    /// Sunday first.
    #[serde(rename = "weekDays")]
    pub week_days: [bool; 7],
    pub delay: Vec<DelayView>,
    pub scheduling_day_limit: Option<i32>,
    #[serde(rename = "hour_entry_Limit")]
    pub hour_entry_limit: i32,
    #[serde(rename = "enableTolerance")]
    pub enable_tolerance: bool,
    /// `HH:MM`.
    pub tolerance: String,
    #[serde(rename = "enableRecaptcha")]
    pub enable_recaptcha: bool,
    /// Only for root administrators; `null` for everyone else.
    #[serde(rename = "recaptchaSecret")]
    pub recaptcha_secret: Option<String>,
    #[serde(rename = "recaptchaSite")]
    pub recaptcha_site: Option<String>,
    pub enable_missing_validation: bool,
    pub missing_limit: i32,
    pub missing_limit_after_block: i32,
    pub missing_validation_period: i32,
    #[serde(rename = "enableQueueSave")]
    pub enable_queue_save: bool,
    #[serde(rename = "enableQueueWithoutScheduling")]
    pub enable_queue_without_scheduling: bool,
    pub logo: Option<String>,
    #[serde(rename = "timeZone")]
    pub time_zone: String,
}

/// The answer to a save: the message the screen shows and the settings as stored.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SavedSettingsView {
    pub message: &'static str,
    pub settings: SettingsView,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LogoView {
    pub company: IdRef,
    pub logo: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ToleranceView {
    pub company: IdRef,
    #[serde(rename = "enableTolerance")]
    pub enable_tolerance: bool,
}

/// The server's date and time in the company's zone.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DateTimeView {
    /// RFC 3339 with the zone's offset, e.g. `2026-03-05T14:07:59-03:00`.
    pub date_time: String,
    /// `dd/MM/yyyy`.
    pub date: String,
    /// `HH:mm:ss`.
    pub time: String,
    pub time_zone: String,
    /// Milliseconds since the epoch.
    pub timestamp: i64,
}

/// A delay reason of the save: `id` `None` adds one.
#[derive(Debug, Clone, Default)]
pub struct DelayInput {
    pub id: Option<i64>,
    pub form: DelayForm,
}

/// The fields of a settings save, as typed. A field left out (`None`) keeps its stored value
/// (the default for a company that never saved), so a tab may send only its own fields.
#[derive(Debug, Clone, Default)]
pub struct SettingsPatch {
    pub checkin_ip: Option<String>,
    pub enable_checkin: Option<bool>,
    pub programmed_total: Option<String>,
    pub queue_edit_hours_limit: Option<String>,
    pub time_attendence: Option<String>,
    pub start: Option<String>,
    pub end: Option<String>,
    pub start_interval: Option<String>,
    pub end_interval: Option<String>,
    pub google_maps: Option<String>,
    /// JSON text of seven booleans, Sunday first (as the spec sends it).
    pub week_days: Option<String>,
    /// `Some("")`: no limit.
    pub scheduling_day_limit: Option<String>,
    pub hour_entry_limit: Option<String>,
    pub enable_tolerance: Option<bool>,
    pub tolerance: Option<String>,
    pub enable_recaptcha: Option<bool>,
    pub recaptcha_site: Option<String>,
    /// `Some("")` clears the stored secret.
    pub recaptcha_secret: Option<String>,
    pub enable_missing_validation: Option<bool>,
    pub missing_limit: Option<String>,
    pub missing_limit_after_block: Option<String>,
    pub missing_validation_period: Option<String>,
    pub enable_queue_save: Option<bool>,
    pub enable_queue_without_scheduling: Option<bool>,
    pub time_zone: Option<String>,
}

pub const WEEK_DAYS_MESSAGE: &str =
    "Informe os dias da semana (sete valores, de domingo a sábado).";

/// `weekDays` as sent: the JSON text of seven booleans, Sunday first.
pub fn parse_week_days(text: &str) -> Option<[bool; 7]> {
    let list: Vec<bool> = serde_json::from_str(text.trim()).ok()?;
    list.try_into().ok()
}

/// The stored settings as the form shows them (the defaults when there are none).
fn form_of(stored: Option<&SettingsRecord>) -> SettingsForm {
    let Some(s) = stored else {
        return SettingsForm::default();
    };
    SettingsForm {
        checkin_ip: s.checkin_ip.clone(),
        enable_checkin: s.enable_checkin,
        programmed_total: s.programmed_total.to_string(),
        queue_edit_hours_limit: s.queue_edit_hours_limit.to_string(),
        time_attendence: format_hh_mm(s.time_attendence),
        start: format_hh_mm(s.start),
        end: format_hh_mm(s.end),
        start_interval: format_hh_mm(s.start_interval),
        end_interval: format_hh_mm(s.end_interval),
        google_maps: s.google_maps.clone(),
        week_days: s.week_days,
        scheduling_day_limit: s
            .scheduling_day_limit
            .map(|d| d.to_string())
            .unwrap_or_default(),
        hour_entry_limit: s.hour_entry_limit.to_string(),
        enable_tolerance: s.enable_tolerance,
        tolerance: format_hh_mm(s.tolerance),
        enable_recaptcha: s.enable_recaptcha,
        recaptcha_site: s.recaptcha_site.clone(),
        has_recaptcha_secret: s
            .recaptcha_secret
            .as_deref()
            .is_some_and(|k| !k.trim().is_empty()),
        enable_missing_validation: s.enable_missing_validation,
        missing_limit: s.missing_limit.to_string(),
        missing_limit_after_block: s.missing_limit_after_block.to_string(),
        missing_validation_period: s.missing_validation_period.to_string(),
        enable_queue_save: s.enable_queue_save,
        enable_queue_without_scheduling: s.enable_queue_without_scheduling,
        time_zone: s.time_zone.clone(),
        delays: Vec::new(),
    }
}

/// The stored form with the patch's fields over it; a `weekDays` that is not seven booleans
/// is an issue.
fn patched(
    mut f: SettingsForm,
    p: &SettingsPatch,
    delays: &[DelayInput],
) -> Result<SettingsForm, FieldIssue> {
    fn set<T: Clone>(slot: &mut T, v: &Option<T>) {
        if let Some(v) = v {
            *slot = v.clone();
        }
    }
    if let Some(ip) = &p.checkin_ip {
        f.checkin_ip = Some(ip.clone());
    }
    set(&mut f.enable_checkin, &p.enable_checkin);
    set(&mut f.programmed_total, &p.programmed_total);
    set(&mut f.queue_edit_hours_limit, &p.queue_edit_hours_limit);
    set(&mut f.time_attendence, &p.time_attendence);
    set(&mut f.start, &p.start);
    set(&mut f.end, &p.end);
    set(&mut f.start_interval, &p.start_interval);
    set(&mut f.end_interval, &p.end_interval);
    if let Some(url) = &p.google_maps {
        f.google_maps = Some(url.clone());
    }
    if let Some(text) = &p.week_days {
        f.week_days =
            parse_week_days(text).ok_or_else(|| FieldIssue::new("weekDays", WEEK_DAYS_MESSAGE))?;
    }
    set(&mut f.scheduling_day_limit, &p.scheduling_day_limit);
    set(&mut f.hour_entry_limit, &p.hour_entry_limit);
    set(&mut f.enable_tolerance, &p.enable_tolerance);
    set(&mut f.tolerance, &p.tolerance);
    set(&mut f.enable_recaptcha, &p.enable_recaptcha);
    if let Some(site) = &p.recaptcha_site {
        f.recaptcha_site = Some(site.clone());
    }
    if let Some(secret) = &p.recaptcha_secret {
        f.has_recaptcha_secret = !secret.trim().is_empty();
    }
    set(
        &mut f.enable_missing_validation,
        &p.enable_missing_validation,
    );
    set(&mut f.missing_limit, &p.missing_limit);
    set(
        &mut f.missing_limit_after_block,
        &p.missing_limit_after_block,
    );
    set(
        &mut f.missing_validation_period,
        &p.missing_validation_period,
    );
    set(&mut f.enable_queue_save, &p.enable_queue_save);
    set(
        &mut f.enable_queue_without_scheduling,
        &p.enable_queue_without_scheduling,
    );
    set(&mut f.time_zone, &p.time_zone);
    f.delays = delays.iter().map(|d| d.form.clone()).collect();
    Ok(f)
}

pub struct SaveSettings {
    pub company_id: i64,
    pub patch: SettingsPatch,
    /// Delay reasons to add (no id) or update (id); the others are kept.
    pub delays: Vec<DelayInput>,
    pub ip: Option<String>,
}

fn settings_view(
    company_id: i64,
    s: Option<SettingsRecord>,
    delays: Vec<DelayRecord>,
    show_secret: bool,
) -> SettingsView {
    let hm = |t: NaiveTime| format_hh_mm(t);
    let delay = delays.into_iter().map(DelayView::from).collect();
    match s {
        Some(s) => SettingsView {
            id: Some(s.id),
            company: IdRef { id: company_id },
            checkin_ip: s.checkin_ip.unwrap_or_default(),
            enable_checkin: s.enable_checkin,
            programmed_total: s.programmed_total,
            queue_edit_hours_limit: s.queue_edit_hours_limit,
            time_attendence: hm(s.time_attendence),
            start: hm(s.start),
            end: hm(s.end),
            start_interval: hm(s.start_interval),
            end_interval: hm(s.end_interval),
            google_maps: s.google_maps,
            week_days: s.week_days,
            delay,
            scheduling_day_limit: s.scheduling_day_limit,
            hour_entry_limit: s.hour_entry_limit,
            enable_tolerance: s.enable_tolerance,
            tolerance: hm(s.tolerance),
            enable_recaptcha: s.enable_recaptcha,
            recaptcha_secret: s.recaptcha_secret.filter(|_| show_secret),
            recaptcha_site: s.recaptcha_site,
            enable_missing_validation: s.enable_missing_validation,
            missing_limit: s.missing_limit,
            missing_limit_after_block: s.missing_limit_after_block,
            missing_validation_period: s.missing_validation_period,
            enable_queue_save: s.enable_queue_save,
            enable_queue_without_scheduling: s.enable_queue_without_scheduling,
            logo: s.logo,
            time_zone: s.time_zone,
        },
        None => {
            // The database's defaults (spec 3 section 9).
            let d = SettingsForm::default();
            SettingsView {
                id: None,
                company: IdRef { id: company_id },
                checkin_ip: String::new(),
                enable_checkin: d.enable_checkin,
                programmed_total: 0,
                queue_edit_hours_limit: 6,
                time_attendence: d.time_attendence,
                start: d.start,
                end: d.end,
                start_interval: d.start_interval,
                end_interval: d.end_interval,
                google_maps: None,
                week_days: d.week_days,
                delay,
                scheduling_day_limit: None,
                hour_entry_limit: 0,
                enable_tolerance: false,
                tolerance: d.tolerance,
                enable_recaptcha: false,
                recaptcha_secret: None,
                recaptcha_site: None,
                enable_missing_validation: false,
                missing_limit: 0,
                missing_limit_after_block: 0,
                missing_validation_period: 30,
                enable_queue_save: d.enable_queue_save,
                enable_queue_without_scheduling: d.enable_queue_without_scheduling,
                logo: None,
                time_zone: form::DEFAULT_TIME_ZONE.to_owned(),
            }
        }
    }
}

/// Whole numbers checked by the form fit the database's integers.
fn int(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

#[derive(Clone)]
pub struct SettingsService {
    deps: Arc<Deps>,
}

impl SettingsService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    fn read(
        &self,
        repos: &mut dyn Repos,
        actor: &Actor,
        company_id: i64,
    ) -> AppResult<SettingsView> {
        let settings = repos.settings_of_company(company_id)?;
        let delays = repos.delays_of_company(company_id)?;
        Ok(settings_view(
            company_id,
            settings,
            delays,
            access::sees_recaptcha_secret(actor),
        ))
    }

    /// `GET /settings/company/{companyId}`: the company's staff and drivers, administrators.
    pub fn get(&self, actor: &Actor, company_id: i64) -> AppResult<SettingsView> {
        allow(actor, SettingsAction::ReadSettings, company_id)?;
        self.deps.store.tx(|repos| {
            existing_company(repos, company_id)?;
            self.read(repos, actor, company_id)
        })
    }

    /// `POST /settings/save`: root administrators. The delay reasons listed are added (no id)
    /// or updated (with the id of one of the company's); reasons not listed are kept (they are
    /// removed with `DELETE /delay/delete/{id}`).
    pub fn save(&self, actor: &Actor, cmd: SaveSettings) -> AppResult<SavedSettingsView> {
        allow(actor, SettingsAction::ManageSettings, cmd.company_id)?;
        let company_id = cmd.company_id;
        let settings = self.deps.store.tx(|repos| {
            let company = existing_company(repos, company_id)?;
            repos.lock_queue_for_settings(company_id)?;
            let stored = repos.settings_of_company(company_id)?;
            let secret = cmd
                .patch
                .recaptcha_secret
                .as_ref()
                .map(|s| Some(s.trim().to_owned()).filter(|s| !s.is_empty()));
            let form = patched(form_of(stored.as_ref()), &cmd.patch, &cmd.delays)
                .map_err(|i| invalid(vec![i]))?;
            let v = form::validate(&form).map_err(invalid)?;

            repos.write_settings_of_company(
                company_id,
                &SettingsWrite {
                    checkin_ip: v.checkin_ip_text(),
                    enable_checkin: v.enable_checkin,
                    programmed_total: int(v.programmed_total),
                    queue_edit_hours_limit: int(v.queue_edit_hours_limit),
                    time_attendence: v.time_attendence,
                    start: v.start,
                    end: v.end,
                    start_interval: v.start_interval,
                    end_interval: v.end_interval,
                    google_maps: v.google_maps.clone(),
                    week_days: v.week_days,
                    scheduling_day_limit: v.scheduling_day_limit.map(int),
                    hour_entry_limit: int(v.hour_entry_limit),
                    enable_tolerance: v.enable_tolerance,
                    tolerance: v.tolerance,
                    enable_recaptcha: v.enable_recaptcha,
                    recaptcha_secret: secret,
                    recaptcha_site: v.recaptcha_site.clone(),
                    enable_missing_validation: v.enable_missing_validation,
                    missing_limit: int(v.missing_limit),
                    missing_limit_after_block: int(v.missing_limit_after_block),
                    missing_validation_period: int(v.missing_validation_period),
                    enable_queue_save: v.enable_queue_save,
                    enable_queue_without_scheduling: v.enable_queue_without_scheduling,
                    time_zone: v.time_zone.name().to_owned(),
                },
            )?;
            for (input, delay) in cmd.delays.iter().zip(&v.delays) {
                let write = DelayWrite {
                    reason: delay.reason.clone(),
                    minutes: int(delay.minutes),
                    icon: delay.icon.clone(),
                };
                match input.id {
                    Some(id) => {
                        repos
                            .delay_by_id(id)?
                            .filter(|d| d.company_id == company_id)
                            .ok_or_else(AppError::not_found)?;
                        repos.update_delay(id, &write)?;
                    }
                    None => {
                        repos.insert_delay(company_id, &write)?;
                    }
                }
            }
            Audit::by(actor, cmd.ip.as_deref()).write(
                repos,
                Operation::saving(stored.is_some()),
                ObjectType::Settings,
                company_id,
                format!(
                    "Configurações da empresa <b>{}</b> alteradas",
                    escape_html(&company.name)
                ),
                vec![
                    ("Fila aberta", yes_no(v.enable_queue_save)),
                    ("Check-in", yes_no(v.enable_checkin)),
                    ("Tolerância", yes_no(v.enable_tolerance)),
                    (
                        "Horário",
                        format!("{} - {}", format_hh_mm(v.start), format_hh_mm(v.end)),
                    ),
                    ("Atrasos", v.delays.len().to_string()),
                ],
            )?;
            // Hours, days, capacity and tolerance move forecasts: store the new plan now.
            crate::queue::replan_in_tx(repos, company_id, self.deps.clock.now())?;
            self.read(repos, actor, company_id)
        })?;
        self.queue_changed(company_id);
        Ok(SavedSettingsView {
            message: SAVED_MESSAGE,
            settings,
        })
    }

    /// `POST /settings/upload`: root administrators. The logo becomes the company's logo (login
    /// pages, top bar) and the settings' copy; the previous file is removed after commit.
    pub fn upload_logo(
        &self,
        actor: &Actor,
        company_id: i64,
        bytes: &[u8],
        ip: Option<String>,
    ) -> AppResult<LogoView> {
        allow(actor, SettingsAction::ManageSettings, company_id)?;
        let company = self
            .deps
            .store
            .tx(|repos| existing_company(repos, company_id))?;
        let kind =
            check_image(bytes).map_err(|r| invalid(vec![FieldIssue::new("logo", r.message())]))?;
        let path = self.deps.files.save("logos", kind.extension(), bytes)?;
        let outcome = self.deps.store.tx(|repos| {
            let previous = repos.write_company_logo(company_id, &path)?;
            Audit::by(actor, ip.as_deref()).write(
                repos,
                Operation::Update,
                ObjectType::Settings,
                company_id,
                format!(
                    "Logo da empresa <b>{}</b> alterado",
                    escape_html(&company.name)
                ),
                vec![("Arquivo", path.clone())],
            )?;
            Ok(previous)
        });
        match outcome {
            Ok(previous) => {
                if let Some(old) = previous.filter(|p| *p != path) {
                    self.remove_quietly(&old);
                }
                Ok(LogoView {
                    company: IdRef { id: company_id },
                    logo: path,
                })
            }
            Err(e) => {
                self.remove_quietly(&path);
                Err(e)
            }
        }
    }

    fn remove_quietly(&self, path: &str) {
        if !path.starts_with(patio_domain::settings::popups::UPLOADS_PREFIX) {
            return;
        }
        if let Err(e) = self.deps.files.remove(path) {
            tracing::warn!(%path, error = %e, "could not remove an uploaded file");
        }
    }

    /// `POST /settings/toggle-tolerance`: root administrators and the company's Expedicao.
    pub fn toggle_tolerance(
        &self,
        actor: &Actor,
        company_id: i64,
        enabled: bool,
        ip: Option<String>,
    ) -> AppResult<ToleranceView> {
        allow(actor, SettingsAction::ToggleTolerance, company_id)?;
        let view = self.deps.store.tx(|repos| {
            let company = existing_company(repos, company_id)?;
            repos.lock_queue_for_settings(company_id)?;
            repos.write_tolerance_enabled(company_id, enabled)?;
            Audit::by(actor, ip.as_deref()).write(
                repos,
                Operation::Update,
                ObjectType::Settings,
                company_id,
                format!(
                    "Tolerância <b>{}</b> na empresa <b>{}</b>",
                    if enabled { "ligada" } else { "desligada" },
                    escape_html(&company.name)
                ),
                vec![("Tolerância", yes_no(enabled))],
            )?;
            crate::queue::replan_in_tx(repos, company_id, self.deps.clock.now())?;
            Ok(ToleranceView {
                company: IdRef { id: company_id },
                enable_tolerance: enabled,
            })
        })?;
        self.queue_changed(company_id);
        Ok(view)
    }

    /// Panels, the TV and drivers' phones re-read the queue after a settings change.
    fn queue_changed(&self, company_id: i64) {
        self.deps
            .events
            .publish(&crate::queue::ports::DomainEvent::queue_changed(company_id));
    }

    /// `GET /settings/date-time`: the server's clock in the zone of `company_id`, or of the
    /// actor's company, or America/Sao_Paulo for an administrator without one.
    pub fn date_time(&self, actor: &Actor, company_id: Option<i64>) -> AppResult<DateTimeView> {
        let now = self.deps.clock.now();
        let zone = match company_id.or(actor.company_id) {
            Some(id) => {
                allow(actor, SettingsAction::ReadSettings, id)?;
                self.deps.store.tx(|repos| {
                    existing_company(repos, id)?;
                    company_zone(repos, id)
                })?
            }
            None => chrono_tz::America::Sao_Paulo,
        };
        Ok(date_time_view(now, zone))
    }

    /// `DELETE /delay/delete/{id}`: root administrators.
    pub fn delete_delay(&self, actor: &Actor, id: i64, ip: Option<String>) -> AppResult<()> {
        allow_role(actor, SettingsAction::ManageSettings)?;
        self.deps.store.tx(|repos| {
            let delay = repos.delay_by_id(id)?.ok_or_else(AppError::not_found)?;
            allow(actor, SettingsAction::ManageSettings, delay.company_id)?;
            repos.delete_delay_by_id(id)?;
            Audit::by(actor, ip.as_deref()).write(
                repos,
                Operation::Delete,
                ObjectType::Delay,
                delay.company_id,
                format!("Atraso <b>{}</b> excluído", escape_html(&delay.reason)),
                vec![("Tempo (min)", delay.minutes.to_string())],
            )
        })
    }
}

pub fn date_time_view(now: DateTime<Utc>, zone: Tz) -> DateTimeView {
    let local = now.with_timezone(&zone);
    DateTimeView {
        date_time: local.to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
        date: local.format("%d/%m/%Y").to_string(),
        time: local.format("%H:%M:%S").to_string(),
        time_zone: zone.name().to_owned(),
        timestamp: now.timestamp_millis(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_time_is_shown_in_the_company_zone() {
        let now = DateTime::parse_from_rfc3339("2026-03-10T01:30:05Z")
            .unwrap()
            .with_timezone(&Utc);
        let v = date_time_view(now, chrono_tz::America::Sao_Paulo);
        assert_eq!(v.date_time, "2026-03-09T22:30:05-03:00");
        assert_eq!(v.date, "09/03/2026");
        assert_eq!(v.time, "22:30:05");
        assert_eq!(v.time_zone, "America/Sao_Paulo");
        let m = date_time_view(now, chrono_tz::America::Manaus);
        assert_eq!(m.time, "21:30:05");
    }

    #[test]
    fn week_days_are_seven_booleans_in_json_text() {
        assert_eq!(
            parse_week_days("[false,true,true,true,true,true,false]"),
            Some([false, true, true, true, true, true, false])
        );
        assert_eq!(parse_week_days("[true,false]"), None);
        assert_eq!(parse_week_days("seg-sex"), None);
        assert_eq!(parse_week_days("[1,1,1,1,1,1,1]"), None);
    }

    #[test]
    fn a_patch_changes_only_the_fields_it_carries() {
        let stored = form_of(None);
        let patch = SettingsPatch {
            start: Some("08:00".into()),
            enable_queue_save: Some(false),
            recaptcha_secret: Some("novo".into()),
            ..SettingsPatch::default()
        };
        let f = patched(stored.clone(), &patch, &[]).unwrap();
        assert_eq!(f.start, "08:00");
        assert!(!f.enable_queue_save);
        assert!(f.has_recaptcha_secret);
        assert_eq!(f.end, stored.end);
        assert_eq!(f.week_days, stored.week_days);
        let bad = SettingsPatch {
            week_days: Some("[]".into()),
            ..SettingsPatch::default()
        };
        assert_eq!(
            patched(stored, &bad, &[]).unwrap_err().field,
            "weekDays".to_owned()
        );
    }

    #[test]
    fn a_company_without_settings_shows_the_defaults() {
        let v = settings_view(5, None, Vec::new(), true);
        assert_eq!(v.id, None);
        assert_eq!((v.start.as_str(), v.end.as_str()), ("00:00", "00:00"));
        assert!(v.enable_queue_save && !v.enable_queue_without_scheduling);
        assert_eq!(v.queue_edit_hours_limit, 6);
        assert_eq!(v.missing_validation_period, 30);
        assert_eq!(v.time_zone, "America/Sao_Paulo");
        let json = serde_json::to_value(&v).unwrap();
        for key in [
            "checkinIp",
            "enableCheckin",
            "programmedTotal",
            "queue_edit_hours_limit",
            "timeAttendence",
            "startInterval",
            "endInterval",
            "googleMaps",
            "weekDays",
            "delay",
            "scheduling_day_limit",
            "hour_entry_Limit",
            "enableTolerance",
            "enableRecaptcha",
            "recaptchaSecret",
            "recaptchaSite",
            "enable_missing_validation",
            "missing_limit",
            "missing_limit_after_block",
            "missing_validation_period",
            "enableQueueSave",
            "enableQueueWithoutScheduling",
            "logo",
            "timeZone",
        ] {
            assert!(json.get(key).is_some(), "{key}");
        }
    }
}
