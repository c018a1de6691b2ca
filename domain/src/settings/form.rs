//! The settings form (spec 3 section 3, tabs Sistema, Atraso and Informações) and its
//! validation.
//!
//! The form arrives as typed: times as `HH:mm` text, numbers as text (a browser input may send
//! `"10"` as well as `10`), the check-in addresses joined by a comma. [`validate`] either
//! returns every value typed and checked, or every field that is wrong with its message.
//!
//! The attendance window is `[start, end)` on one day: `end` must come after `start`, except
//! that `end` 00:00 means midnight (the end of the day), so `07:00`-`00:00` runs to midnight
//! and the default `00:00`-`00:00` is the whole day. Overnight windows (`22:00`-`06:00`) are
//! refused here even though the queue engine could plan them: no yard of the spec works so,
//! and refusing a reversed pair catches the common typing mistake.

use std::net::IpAddr;

use chrono::NaiveTime;
use chrono_tz::Tz;

use super::non_empty;
use crate::FieldIssue;

/// The missing-validation periods the form offers, in days (spec 3 section 5).
pub const VALIDATION_PERIODS: [u32; 6] = [30, 60, 90, 120, 150, 180];
/// At most two check-in addresses (spec 3 section 5).
pub const MAX_CHECKIN_IPS: usize = 2;
/// The zone used when none is given (DESIGN section 3).
pub const DEFAULT_TIME_ZONE: &str = "America/Sao_Paulo";
/// Longest Google Maps embed address kept.
pub const GOOGLE_MAPS_MAX_CHARS: usize = 2000;
/// Longest delay reason.
pub const DELAY_REASON_MAX_CHARS: usize = 80;
/// Longest delay icon (an icon name or an emoji).
pub const DELAY_ICON_MAX_CHARS: usize = 50;
/// Longest delay: a whole day.
pub const DELAY_MAX_MINUTES: u32 = 24 * 60;

pub const TIME_FORMAT_MESSAGE: &str = "Informe o horário no formato HH:mm.";
pub const END_BEFORE_START_MESSAGE: &str = "O horário final deve ser depois do horário inicial.";
pub const INTERVAL_ORDER_MESSAGE: &str =
    "O fim do intervalo deve ser depois do início do intervalo.";
pub const INTERVAL_OUTSIDE_MESSAGE: &str =
    "O intervalo deve estar dentro do horário de atendimento.";
pub const TOO_MANY_IPS_MESSAGE: &str = "Informe no máximo 2 IPs.";
pub const PERIOD_MESSAGE: &str = "Período de validação deve ser 30, 60, 90, 120, 150 ou 180 dias.";
pub const NOT_A_NUMBER_MESSAGE: &str = "Informe um número inteiro.";
pub const NEGATIVE_MESSAGE: &str = "Informe um número maior ou igual a zero.";
pub const MISSING_LIMIT_REQUIRED_MESSAGE: &str =
    "Informe o limite de faltas (pelo menos 1) para validar as faltas.";
pub const TIME_ZONE_MESSAGE: &str = "Fuso horário inválido.";
pub const GOOGLE_MAPS_MESSAGE: &str =
    "Informe o endereço de incorporação do Google Maps (começando com https://).";
pub const RECAPTCHA_SITE_MESSAGE: &str = "Informe a chave do site do reCAPTCHA.";
pub const RECAPTCHA_SECRET_MESSAGE: &str = "Informe a chave secreta do reCAPTCHA.";
pub const DELAY_REASON_MESSAGE: &str = "Informe o motivo do atraso.";
pub const DELAY_REASON_TOO_LONG_MESSAGE: &str = "Tamanho máximo de 80 caracteres";
pub const DELAY_TIME_MESSAGE: &str = "Informe o tempo do atraso (HH:mm ou minutos, até 24 horas).";
pub const DELAY_ICON_MESSAGE: &str = "Ícone inválido.";

/// `IP inválido: <typed>`.
pub fn invalid_ip_message(typed: &str) -> String {
    format!("IP inválido: {typed}")
}

/// `Informe no máximo <max>.`
pub fn too_high_message(max: u32) -> String {
    format!("Informe no máximo {max}.")
}

/// The whole-number fields with their upper bounds (a bound keeps the queue engine's searches
/// finite and the values inside the database's integers).
pub const PROGRAMMED_TOTAL_MAX: u32 = 10_000;
pub const QUEUE_EDIT_HOURS_MAX: u32 = 720;
pub const SCHEDULING_DAY_LIMIT_MAX: u32 = 365;
pub const HOUR_ENTRY_LIMIT_MAX: u32 = 720;
pub const MISSING_LIMIT_MAX: u32 = 1_000;
pub const MISSING_BLOCK_DAYS_MAX: u32 = 365;

/// One configured delay reason as typed (tab Atraso).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DelayForm {
    pub reason: String,
    /// `HH:mm` or whole minutes.
    pub time: String,
    pub icon: Option<String>,
}

/// The settings as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsForm {
    /// Up to two addresses joined by a comma.
    pub checkin_ip: Option<String>,
    pub enable_checkin: bool,
    pub programmed_total: String,
    pub queue_edit_hours_limit: String,
    pub time_attendence: String,
    pub start: String,
    pub end: String,
    pub start_interval: String,
    pub end_interval: String,
    pub google_maps: Option<String>,
    /// Sunday first.
    pub week_days: [bool; 7],
    /// Empty: no limit.
    pub scheduling_day_limit: String,
    pub hour_entry_limit: String,
    pub enable_tolerance: bool,
    pub tolerance: String,
    pub enable_recaptcha: bool,
    pub recaptcha_site: Option<String>,
    /// Whether a reCAPTCHA secret is stored or sent with the form.
    pub has_recaptcha_secret: bool,
    pub enable_missing_validation: bool,
    pub missing_limit: String,
    pub missing_limit_after_block: String,
    pub missing_validation_period: String,
    pub enable_queue_save: bool,
    pub enable_queue_without_scheduling: bool,
    /// Empty: [`DEFAULT_TIME_ZONE`].
    pub time_zone: String,
    pub delays: Vec<DelayForm>,
}

impl Default for SettingsForm {
    /// The spec's defaults (spec 3 section 9), as the form shows them for a new company.
    fn default() -> Self {
        Self {
            checkin_ip: None,
            enable_checkin: false,
            programmed_total: "0".into(),
            queue_edit_hours_limit: "6".into(),
            time_attendence: "00:00".into(),
            start: "00:00".into(),
            end: "00:00".into(),
            start_interval: "00:00".into(),
            end_interval: "00:00".into(),
            google_maps: None,
            week_days: [false, true, true, true, true, true, false],
            scheduling_day_limit: String::new(),
            hour_entry_limit: "0".into(),
            enable_tolerance: false,
            tolerance: "00:00".into(),
            enable_recaptcha: false,
            recaptcha_site: None,
            has_recaptcha_secret: false,
            enable_missing_validation: false,
            missing_limit: "0".into(),
            missing_limit_after_block: "0".into(),
            missing_validation_period: "30".into(),
            enable_queue_save: true,
            enable_queue_without_scheduling: false,
            time_zone: String::new(),
            delays: Vec::new(),
        }
    }
}

/// A delay reason, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidDelay {
    pub reason: String,
    pub minutes: u32,
    pub icon: Option<String>,
}

/// The settings, checked and typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidSettings {
    pub checkin_ips: Vec<IpAddr>,
    pub enable_checkin: bool,
    pub programmed_total: u32,
    pub queue_edit_hours_limit: u32,
    pub time_attendence: NaiveTime,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub start_interval: NaiveTime,
    pub end_interval: NaiveTime,
    pub google_maps: Option<String>,
    pub week_days: [bool; 7],
    pub scheduling_day_limit: Option<u32>,
    pub hour_entry_limit: u32,
    pub enable_tolerance: bool,
    pub tolerance: NaiveTime,
    pub enable_recaptcha: bool,
    pub recaptcha_site: Option<String>,
    pub enable_missing_validation: bool,
    pub missing_limit: u32,
    pub missing_limit_after_block: u32,
    pub missing_validation_period: u32,
    pub enable_queue_save: bool,
    pub enable_queue_without_scheduling: bool,
    pub time_zone: Tz,
    pub delays: Vec<ValidDelay>,
}

impl ValidSettings {
    /// The check-in addresses as stored: joined by a comma, `None` when there are none.
    pub fn checkin_ip_text(&self) -> Option<String> {
        (!self.checkin_ips.is_empty()).then(|| {
            self.checkin_ips
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        })
    }
}

/// `HH:mm` (or `HH:mm:00`, as some time inputs send) as a time of day.
pub fn parse_hh_mm(text: &str) -> Option<NaiveTime> {
    let text = text.trim();
    if !text.is_ascii() {
        return None;
    }
    let hh_mm = match text.len() {
        5 => text,
        8 if text.ends_with(":00") => &text[..5],
        _ => return None,
    };
    let bytes = hh_mm.as_bytes();
    if bytes[2] != b':'
        || !hh_mm
            .chars()
            .enumerate()
            .all(|(i, c)| i == 2 || c.is_ascii_digit())
    {
        return None;
    }
    let hours: u32 = hh_mm[..2].parse().ok()?;
    let minutes: u32 = hh_mm[3..].parse().ok()?;
    NaiveTime::from_hms_opt(hours, minutes, 0).filter(|_| hours < 24 && minutes < 60)
}

/// `HH:mm` of a time of day.
pub fn format_hh_mm(time: NaiveTime) -> String {
    time.format("%H:%M").to_string()
}

/// Minutes since midnight, with `end_of_day` reading 00:00 as 24:00.
fn minute_of_day(time: NaiveTime, end_of_day: bool) -> u32 {
    use chrono::Timelike;
    let m = time.hour() * 60 + time.minute();
    if end_of_day && m == 0 {
        24 * 60
    } else {
        m
    }
}

/// A whole number between 0 and `max`; `None` (with an issue) otherwise.
fn whole_number(field: &str, text: &str, max: u32, issues: &mut Vec<FieldIssue>) -> Option<u32> {
    let text = text.trim();
    let Ok(n) = text.parse::<i64>() else {
        issues.push(FieldIssue::new(field, NOT_A_NUMBER_MESSAGE));
        return None;
    };
    if n < 0 {
        issues.push(FieldIssue::new(field, NEGATIVE_MESSAGE));
        None
    } else if n > i64::from(max) {
        issues.push(FieldIssue::new(field, too_high_message(max)));
        None
    } else {
        u32::try_from(n).ok()
    }
}

fn time_field(field: &str, text: &str, issues: &mut Vec<FieldIssue>) -> Option<NaiveTime> {
    let parsed = parse_hh_mm(text);
    if parsed.is_none() {
        issues.push(FieldIssue::new(field, TIME_FORMAT_MESSAGE));
    }
    parsed
}

/// The check-in addresses: at most [`MAX_CHECKIN_IPS`], each an IPv4 or IPv6 address.
pub fn parse_checkin_ips(text: Option<&str>) -> Result<Vec<IpAddr>, String> {
    let parts: Vec<&str> = text
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() > MAX_CHECKIN_IPS {
        return Err(TOO_MANY_IPS_MESSAGE.to_owned());
    }
    parts
        .into_iter()
        .map(|p| p.parse::<IpAddr>().map_err(|_| invalid_ip_message(p)))
        .collect()
}

/// The embed address of the map: an `https://` address, or the `src` of a pasted `<iframe>`
/// snippet (what Google Maps' "Incorporar um mapa" copies). The address ends up in an iframe of
/// the driver app, so anything but https is refused.
pub fn parse_google_maps(text: Option<&str>) -> Result<Option<String>, &'static str> {
    let Some(text) = non_empty(text) else {
        return Ok(None);
    };
    let url = if text.to_ascii_lowercase().contains("<iframe") {
        iframe_src(&text).ok_or(GOOGLE_MAPS_MESSAGE)?
    } else {
        text
    };
    let ok = url.len() > "https://".len()
        && url
            .get(..8)
            .is_some_and(|p| p.eq_ignore_ascii_case("https://"))
        && url.chars().count() <= GOOGLE_MAPS_MAX_CHARS
        && !url
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>'));
    if ok {
        Ok(Some(url))
    } else {
        Err(GOOGLE_MAPS_MESSAGE)
    }
}

fn iframe_src(html: &str) -> Option<String> {
    let lower = html.to_ascii_lowercase();
    let at = lower.find("src=")? + 4;
    let rest = &html[at..];
    let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let rest = &rest[1..];
    let end = rest.find(quote)?;
    Some(rest[..end].replace("&amp;", "&"))
}

/// A delay's duration: `HH:mm` or whole minutes, more than 0 and at most a day.
pub fn parse_delay_minutes(text: &str) -> Option<u32> {
    let text = text.trim();
    let minutes = match parse_hh_mm(text) {
        Some(t) => minute_of_day(t, false),
        None => text.parse::<u32>().ok()?,
    };
    (1..=DELAY_MAX_MINUTES)
        .contains(&minutes)
        .then_some(minutes)
}

fn check_delays(delays: &[DelayForm], issues: &mut Vec<FieldIssue>) -> Vec<ValidDelay> {
    let mut out = Vec::with_capacity(delays.len());
    for (i, d) in delays.iter().enumerate() {
        let reason = d.reason.trim();
        if reason.is_empty() {
            issues.push(FieldIssue::new(
                format!("delay[{i}].reason"),
                DELAY_REASON_MESSAGE,
            ));
        } else if reason.chars().count() > DELAY_REASON_MAX_CHARS {
            issues.push(FieldIssue::new(
                format!("delay[{i}].reason"),
                DELAY_REASON_TOO_LONG_MESSAGE,
            ));
        }
        let minutes = parse_delay_minutes(&d.time);
        if minutes.is_none() {
            issues.push(FieldIssue::new(
                format!("delay[{i}].time"),
                DELAY_TIME_MESSAGE,
            ));
        }
        let icon = non_empty(d.icon.as_deref());
        if icon.as_ref().is_some_and(|i| {
            i.chars().count() > DELAY_ICON_MAX_CHARS || i.chars().any(|c| matches!(c, '<' | '>'))
        }) {
            issues.push(FieldIssue::new(
                format!("delay[{i}].icon"),
                DELAY_ICON_MESSAGE,
            ));
        }
        out.push(ValidDelay {
            reason: reason.to_owned(),
            minutes: minutes.unwrap_or(0),
            icon,
        });
    }
    out
}

/// The day's hours as the form gives them: attendance time, opening, closing and the break.
struct DayHours {
    time_attendence: Option<NaiveTime>,
    start: Option<NaiveTime>,
    end: Option<NaiveTime>,
    start_interval: Option<NaiveTime>,
    end_interval: Option<NaiveTime>,
}

/// Each hour is `HH:mm`; the day closes after it opens (00:00 to 00:00 is the whole day), and
/// a break (equal ends: none) ends after it starts, inside the opening hours.
fn check_day_hours(form: &SettingsForm, issues: &mut Vec<FieldIssue>) -> DayHours {
    let hours = DayHours {
        time_attendence: time_field("timeAttendence", &form.time_attendence, issues),
        start: time_field("start", &form.start, issues),
        end: time_field("end", &form.end, issues),
        start_interval: time_field("startInterval", &form.start_interval, issues),
        end_interval: time_field("endInterval", &form.end_interval, issues),
    };
    if let (Some(s), Some(e)) = (hours.start, hours.end) {
        let whole_day = s == NaiveTime::MIN && e == NaiveTime::MIN;
        if !whole_day && minute_of_day(e, true) <= minute_of_day(s, false) {
            issues.push(FieldIssue::new("end", END_BEFORE_START_MESSAGE));
        } else if let (Some(si), Some(ei)) = (hours.start_interval, hours.end_interval) {
            // Equal ends: no break.
            if si != ei {
                let (si_m, ei_m) = (minute_of_day(si, false), minute_of_day(ei, true));
                if ei_m <= si_m {
                    issues.push(FieldIssue::new("endInterval", INTERVAL_ORDER_MESSAGE));
                } else if si_m < minute_of_day(s, false) || ei_m > minute_of_day(e, true) {
                    issues.push(FieldIssue::new("startInterval", INTERVAL_OUTSIDE_MESSAGE));
                }
            }
        }
    }
    hours
}

/// With reCAPTCHA on, its site key and secret are required; the site key, when given.
fn check_recaptcha(form: &SettingsForm, issues: &mut Vec<FieldIssue>) -> Option<String> {
    let site = non_empty(form.recaptcha_site.as_deref());
    if form.enable_recaptcha {
        if site.is_none() {
            issues.push(FieldIssue::new("recaptchaSite", RECAPTCHA_SITE_MESSAGE));
        }
        if !form.has_recaptcha_secret {
            issues.push(FieldIssue::new("recaptchaSecret", RECAPTCHA_SECRET_MESSAGE));
        }
    }
    site
}

/// The missing-limit rule: how many faults block (above 0 when the rule is on), for how many
/// days, counted over one of the allowed periods.
struct MissingRule {
    limit: Option<u32>,
    block_days: Option<u32>,
    period: Option<u32>,
}

fn check_missing_rule(form: &SettingsForm, issues: &mut Vec<FieldIssue>) -> MissingRule {
    let limit = whole_number(
        "missing_limit",
        &form.missing_limit,
        MISSING_LIMIT_MAX,
        issues,
    );
    if form.enable_missing_validation && limit == Some(0) {
        issues.push(FieldIssue::new(
            "missing_limit",
            MISSING_LIMIT_REQUIRED_MESSAGE,
        ));
    }
    let block_days = whole_number(
        "missing_limit_after_block",
        &form.missing_limit_after_block,
        MISSING_BLOCK_DAYS_MAX,
        issues,
    );
    let period = form
        .missing_validation_period
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|p| VALIDATION_PERIODS.contains(p));
    if period.is_none() {
        issues.push(FieldIssue::new("missing_validation_period", PERIOD_MESSAGE));
    }
    MissingRule {
        limit,
        block_days,
        period,
    }
}

/// The company's time zone; empty is São Paulo's.
fn check_time_zone(form: &SettingsForm, issues: &mut Vec<FieldIssue>) -> Option<Tz> {
    let zone_text = form.time_zone.trim();
    let time_zone = if zone_text.is_empty() {
        Some(chrono_tz::America::Sao_Paulo)
    } else {
        zone_text.parse::<Tz>().ok()
    };
    if time_zone.is_none() {
        issues.push(FieldIssue::new("timeZone", TIME_ZONE_MESSAGE));
    }
    time_zone
}

/// Checks every field; all the problems at once, in form order.
pub fn validate(form: &SettingsForm) -> Result<ValidSettings, Vec<FieldIssue>> {
    let mut issues = Vec::new();
    let checkin_ips = parse_checkin_ips(form.checkin_ip.as_deref())
        .map_err(|m| issues.push(FieldIssue::new("checkinIp", m)))
        .unwrap_or_default();
    let programmed_total = whole_number(
        "programmedTotal",
        &form.programmed_total,
        PROGRAMMED_TOTAL_MAX,
        &mut issues,
    );
    let queue_edit_hours_limit = whole_number(
        "queue_edit_hours_limit",
        &form.queue_edit_hours_limit,
        QUEUE_EDIT_HOURS_MAX,
        &mut issues,
    );
    let hours = check_day_hours(form, &mut issues);
    let google_maps = parse_google_maps(form.google_maps.as_deref())
        .map_err(|m| issues.push(FieldIssue::new("googleMaps", m)))
        .unwrap_or_default();
    let scheduling_day_limit = if form.scheduling_day_limit.trim().is_empty() {
        None
    } else {
        whole_number(
            "scheduling_day_limit",
            &form.scheduling_day_limit,
            SCHEDULING_DAY_LIMIT_MAX,
            &mut issues,
        )
    };
    let hour_entry_limit = whole_number(
        "hour_entry_Limit",
        &form.hour_entry_limit,
        HOUR_ENTRY_LIMIT_MAX,
        &mut issues,
    );
    let tolerance = time_field("tolerance", &form.tolerance, &mut issues);
    let recaptcha_site = check_recaptcha(form, &mut issues);
    let missing = check_missing_rule(form, &mut issues);
    let time_zone = check_time_zone(form, &mut issues);
    let delays = check_delays(&form.delays, &mut issues);

    // Every refused field pushed an issue; a `None` below only follows one.
    let valid = || {
        Some(ValidSettings {
            checkin_ips,
            enable_checkin: form.enable_checkin,
            programmed_total: programmed_total?,
            queue_edit_hours_limit: queue_edit_hours_limit?,
            time_attendence: hours.time_attendence?,
            start: hours.start?,
            end: hours.end?,
            start_interval: hours.start_interval?,
            end_interval: hours.end_interval?,
            google_maps,
            week_days: form.week_days,
            scheduling_day_limit,
            hour_entry_limit: hour_entry_limit?,
            enable_tolerance: form.enable_tolerance,
            tolerance: tolerance?,
            enable_recaptcha: form.enable_recaptcha,
            recaptcha_site,
            enable_missing_validation: form.enable_missing_validation,
            missing_limit: missing.limit?,
            missing_limit_after_block: missing.block_days?,
            missing_validation_period: missing.period?,
            enable_queue_save: form.enable_queue_save,
            enable_queue_without_scheduling: form.enable_queue_without_scheduling,
            time_zone: time_zone?,
            delays,
        })
    };
    match valid() {
        Some(settings) if issues.is_empty() => Ok(settings),
        _ => Err(issues),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> SettingsForm {
        SettingsForm {
            start: "07:00".into(),
            end: "17:00".into(),
            start_interval: "12:00".into(),
            end_interval: "13:00".into(),
            time_attendence: "00:30".into(),
            programmed_total: "40".into(),
            ..SettingsForm::default()
        }
    }

    fn issues(form: &SettingsForm) -> Vec<(String, String)> {
        validate(form)
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|i| (i.field, i.message))
            .collect()
    }

    fn only(form: &SettingsForm, field: &str, message: &str) {
        assert_eq!(
            issues(form),
            vec![(field.to_owned(), message.to_owned())],
            "{form:?}"
        );
    }

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn the_defaults_and_the_demo_settings_are_valid() {
        let d = validate(&SettingsForm::default()).unwrap();
        assert_eq!(d.start, NaiveTime::MIN);
        assert_eq!(d.end, NaiveTime::MIN);
        assert_eq!(d.time_zone, chrono_tz::America::Sao_Paulo);
        assert_eq!(d.queue_edit_hours_limit, 6);
        assert_eq!(d.scheduling_day_limit, None);
        let v = validate(&demo()).unwrap();
        assert_eq!((v.start, v.end), (t(7, 0), t(17, 0)));
        assert_eq!((v.start_interval, v.end_interval), (t(12, 0), t(13, 0)));
        assert_eq!(v.time_attendence, t(0, 30));
        assert_eq!(v.programmed_total, 40);
    }

    #[test]
    fn times_must_be_hh_mm() {
        assert_eq!(parse_hh_mm("07:30"), Some(t(7, 30)));
        assert_eq!(parse_hh_mm(" 23:59 "), Some(t(23, 59)));
        assert_eq!(parse_hh_mm("07:30:00"), Some(t(7, 30)));
        for bad in [
            "7:30", "24:00", "12:60", "07:30:15", "ab:cd", "", "0730", "07-30", "+7:30", "123é:00",
        ] {
            assert_eq!(parse_hh_mm(bad), None, "{bad}");
        }
        only(
            &SettingsForm {
                start: "7h".into(),
                ..demo()
            },
            "start",
            TIME_FORMAT_MESSAGE,
        );
        only(
            &SettingsForm {
                tolerance: "1:5".into(),
                ..demo()
            },
            "tolerance",
            TIME_FORMAT_MESSAGE,
        );
        only(
            &SettingsForm {
                time_attendence: "".into(),
                ..demo()
            },
            "timeAttendence",
            TIME_FORMAT_MESSAGE,
        );
    }

    #[test]
    fn end_must_come_after_start_with_midnight_as_the_end_of_the_day() {
        for (s, e) in [("17:00", "07:00"), ("08:00", "08:00"), ("22:00", "06:00")] {
            only(
                &SettingsForm {
                    start: s.into(),
                    end: e.into(),
                    start_interval: "00:00".into(),
                    end_interval: "00:00".into(),
                    ..demo()
                },
                "end",
                END_BEFORE_START_MESSAGE,
            );
        }
        for (s, e) in [("07:00", "00:00"), ("00:00", "00:00"), ("00:00", "23:59")] {
            let form = SettingsForm {
                start: s.into(),
                end: e.into(),
                start_interval: "00:00".into(),
                end_interval: "00:00".into(),
                ..demo()
            };
            assert!(validate(&form).is_ok(), "{s}-{e}");
        }
    }

    #[test]
    fn the_interval_must_be_ordered_and_inside_the_window() {
        only(
            &SettingsForm {
                start_interval: "13:00".into(),
                end_interval: "12:00".into(),
                ..demo()
            },
            "endInterval",
            INTERVAL_ORDER_MESSAGE,
        );
        for (si, ei) in [("06:00", "08:00"), ("16:30", "17:30"), ("18:00", "19:00")] {
            only(
                &SettingsForm {
                    start_interval: si.into(),
                    end_interval: ei.into(),
                    ..demo()
                },
                "startInterval",
                INTERVAL_OUTSIDE_MESSAGE,
            );
        }
        // Touching the window's ends is inside; equal ends are no break at all.
        for (si, ei) in [("07:00", "08:00"), ("16:00", "17:00"), ("03:00", "03:00")] {
            let form = SettingsForm {
                start_interval: si.into(),
                end_interval: ei.into(),
                ..demo()
            };
            assert!(validate(&form).is_ok(), "{si}-{ei}");
        }
        // A break up to midnight in a window to midnight.
        let form = SettingsForm {
            end: "00:00".into(),
            start_interval: "23:00".into(),
            end_interval: "00:00".into(),
            ..demo()
        };
        assert!(validate(&form).is_ok());
    }

    #[test]
    fn at_most_two_valid_checkin_addresses() {
        let ok = validate(&SettingsForm {
            checkin_ip: Some(" 200.10.20.30 , 2001:db8::1 ".into()),
            ..demo()
        })
        .unwrap();
        assert_eq!(
            ok.checkin_ip_text().as_deref(),
            Some("200.10.20.30,2001:db8::1")
        );
        let none = validate(&SettingsForm {
            checkin_ip: Some(" , ".into()),
            ..demo()
        })
        .unwrap();
        assert_eq!(none.checkin_ip_text(), None);
        only(
            &SettingsForm {
                checkin_ip: Some("1.1.1.1,2.2.2.2,3.3.3.3".into()),
                ..demo()
            },
            "checkinIp",
            TOO_MANY_IPS_MESSAGE,
        );
        only(
            &SettingsForm {
                checkin_ip: Some("1.1.1.1, 300.1.1.1".into()),
                ..demo()
            },
            "checkinIp",
            "IP inválido: 300.1.1.1",
        );
    }

    #[test]
    fn validation_period_is_one_of_the_offered_choices() {
        for p in VALIDATION_PERIODS {
            let form = SettingsForm {
                missing_validation_period: p.to_string(),
                ..demo()
            };
            assert!(validate(&form).is_ok(), "{p}");
        }
        for p in ["0", "45", "365", "", "trinta"] {
            only(
                &SettingsForm {
                    missing_validation_period: p.into(),
                    ..demo()
                },
                "missing_validation_period",
                PERIOD_MESSAGE,
            );
        }
    }

    #[test]
    fn numbers_are_whole_non_negative_and_bounded() {
        only(
            &SettingsForm {
                programmed_total: "-1".into(),
                ..demo()
            },
            "programmedTotal",
            NEGATIVE_MESSAGE,
        );
        only(
            &SettingsForm {
                hour_entry_limit: "1.5".into(),
                ..demo()
            },
            "hour_entry_Limit",
            NOT_A_NUMBER_MESSAGE,
        );
        only(
            &SettingsForm {
                scheduling_day_limit: "366".into(),
                ..demo()
            },
            "scheduling_day_limit",
            "Informe no máximo 365.",
        );
        only(
            &SettingsForm {
                missing_limit_after_block: "-3".into(),
                ..demo()
            },
            "missing_limit_after_block",
            NEGATIVE_MESSAGE,
        );
        only(
            &SettingsForm {
                queue_edit_hours_limit: "abc".into(),
                ..demo()
            },
            "queue_edit_hours_limit",
            NOT_A_NUMBER_MESSAGE,
        );
        let v = validate(&SettingsForm {
            scheduling_day_limit: " 5 ".into(),
            ..demo()
        })
        .unwrap();
        assert_eq!(v.scheduling_day_limit, Some(5));
    }

    #[test]
    fn missing_validation_needs_a_limit() {
        only(
            &SettingsForm {
                enable_missing_validation: true,
                ..demo()
            },
            "missing_limit",
            MISSING_LIMIT_REQUIRED_MESSAGE,
        );
        let form = SettingsForm {
            enable_missing_validation: true,
            missing_limit: "3".into(),
            missing_limit_after_block: "7".into(),
            missing_validation_period: "60".into(),
            ..demo()
        };
        let v = validate(&form).unwrap();
        assert_eq!(
            (
                v.missing_limit,
                v.missing_limit_after_block,
                v.missing_validation_period
            ),
            (3, 7, 60)
        );
    }

    #[test]
    fn the_time_zone_is_an_iana_name() {
        let v = validate(&SettingsForm {
            time_zone: "America/Manaus".into(),
            ..demo()
        })
        .unwrap();
        assert_eq!(v.time_zone, chrono_tz::America::Manaus);
        only(
            &SettingsForm {
                time_zone: "Brasil/Centro".into(),
                ..demo()
            },
            "timeZone",
            TIME_ZONE_MESSAGE,
        );
    }

    #[test]
    fn recaptcha_on_needs_both_keys() {
        assert_eq!(
            issues(&SettingsForm {
                enable_recaptcha: true,
                ..demo()
            }),
            vec![
                (
                    "recaptchaSite".to_owned(),
                    RECAPTCHA_SITE_MESSAGE.to_owned()
                ),
                (
                    "recaptchaSecret".to_owned(),
                    RECAPTCHA_SECRET_MESSAGE.to_owned()
                ),
            ]
        );
        let form = SettingsForm {
            enable_recaptcha: true,
            recaptcha_site: Some(" site-key ".into()),
            has_recaptcha_secret: true,
            ..demo()
        };
        assert_eq!(
            validate(&form).unwrap().recaptcha_site.as_deref(),
            Some("site-key")
        );
    }

    #[test]
    fn google_maps_is_an_https_embed_address_or_a_pasted_iframe() {
        assert_eq!(
            parse_google_maps(Some(" https://www.google.com/maps/embed?pb=1 ")),
            Ok(Some("https://www.google.com/maps/embed?pb=1".to_owned()))
        );
        assert_eq!(
            parse_google_maps(Some(
                r#"<iframe src="https://www.google.com/maps/embed?pb=1&amp;x=2" width="600"></iframe>"#
            )),
            Ok(Some(
                "https://www.google.com/maps/embed?pb=1&x=2".to_owned()
            ))
        );
        assert_eq!(parse_google_maps(Some("  ")), Ok(None));
        for bad in [
            "javascript:alert(1)",
            "http://maps.google.com",
            "https://",
            "https://x.com/\"onload=\"x",
            "<iframe src=javascript:alert(1)>",
        ] {
            assert_eq!(
                parse_google_maps(Some(bad)),
                Err(GOOGLE_MAPS_MESSAGE),
                "{bad}"
            );
        }
    }

    #[test]
    fn delays_need_a_reason_and_a_duration() {
        assert_eq!(parse_delay_minutes("00:45"), Some(45));
        assert_eq!(parse_delay_minutes("90"), Some(90));
        assert_eq!(parse_delay_minutes("01:30"), Some(90));
        for bad in ["0", "00:00", "-5", "1441", "abc", ""] {
            assert_eq!(parse_delay_minutes(bad), None, "{bad}");
        }
        let form = SettingsForm {
            delays: vec![
                DelayForm {
                    reason: "Chuva".into(),
                    time: "00:30".into(),
                    icon: Some("☔".into()),
                },
                DelayForm {
                    reason: "  ".into(),
                    time: "x".into(),
                    icon: Some("<img>".into()),
                },
            ],
            ..demo()
        };
        assert_eq!(
            issues(&form),
            vec![
                (
                    "delay[1].reason".to_owned(),
                    DELAY_REASON_MESSAGE.to_owned()
                ),
                ("delay[1].time".to_owned(), DELAY_TIME_MESSAGE.to_owned()),
                ("delay[1].icon".to_owned(), DELAY_ICON_MESSAGE.to_owned()),
            ]
        );
        let v = validate(&SettingsForm {
            delays: form.delays[..1].to_vec(),
            ..demo()
        })
        .unwrap();
        assert_eq!(
            v.delays,
            vec![ValidDelay {
                reason: "Chuva".into(),
                minutes: 30,
                icon: Some("☔".into())
            }]
        );
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let form = SettingsForm {
            start: "x".into(),
            programmed_total: "-2".into(),
            checkin_ip: Some("a".into()),
            missing_validation_period: "7".into(),
            ..demo()
        };
        let fields: Vec<String> = issues(&form).into_iter().map(|(f, _)| f).collect();
        assert_eq!(
            fields,
            [
                "checkinIp",
                "programmedTotal",
                "start",
                "missing_validation_period"
            ]
        );
    }
}
