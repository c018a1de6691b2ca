//! Pop-ups shown to drivers (spec 3 sections 2 and 3): the form's rules and when a pop-up shows.

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

use super::{check_title, non_empty};
use crate::FieldIssue;

/// Longest description (`label`).
pub const LABEL_MAX_CHARS: usize = 255;
/// Longest image address.
pub const IMAGE_URL_MAX_CHARS: usize = 500;
/// Where uploaded images are served (the file store's public prefix).
pub const UPLOADS_PREFIX: &str = "/uploads/";

pub const LABEL_TOO_LONG_MESSAGE: &str = "Tamanho máximo de 255 caracteres";
pub const DATE_MESSAGE: &str = "Data inválida.";
pub const END_BEFORE_START_MESSAGE: &str = "A data final não pode ser anterior à data inicial.";
pub const IMAGE_URL_MESSAGE: &str =
    "Endereço de imagem inválido: envie a imagem ou informe um endereço https://.";

/// Which end of a day a date without time stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayEnd {
    /// 00:00:00 of the day.
    Start,
    /// 23:59:59 of the day.
    End,
}

/// An instant as typed: an RFC 3339 date-time, or a `YYYY-MM-DD` / `dd/MM/yyyy` day read in
/// the company's zone (its first or last second). `Ok(None)` when empty; [`DATE_MESSAGE`] when
/// it is neither.
pub fn parse_instant(
    text: Option<&str>,
    zone: Tz,
    end: DayEnd,
) -> Result<Option<DateTime<Utc>>, &'static str> {
    let Some(text) = non_empty(text) else {
        return Ok(None);
    };
    if let Ok(at) = DateTime::parse_from_rfc3339(&text) {
        return Ok(Some(at.with_timezone(&Utc)));
    }
    let day = NaiveDate::parse_from_str(&text, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(&text, "%d/%m/%Y"))
        .map_err(|_| DATE_MESSAGE)?;
    let time = match end {
        DayEnd::Start => NaiveTime::MIN,
        DayEnd::End => NaiveTime::from_hms_opt(23, 59, 59).ok_or(DATE_MESSAGE)?,
    };
    Ok(Some(local_instant(zone, day.and_time(time))))
}

/// A wall-clock time of `zone` as an instant: the earlier of a repeated hour, and the first
/// instant after a skipped one (Brazil's old daylight-saving days began by skipping 00:00).
fn local_instant(zone: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    (0..=2)
        .find_map(|hours| {
            zone.from_local_datetime(&(local + Duration::hours(hours)))
                .earliest()
        })
        .map_or_else(|| local.and_utc(), |at| at.with_timezone(&Utc))
}

/// The image address of a pop-up: none, an uploaded image (`/uploads/...`) or an `https://`
/// address. Anything else (a `javascript:` or `data:` address) is refused.
pub fn check_image_url(url: Option<&str>) -> Result<Option<String>, &'static str> {
    let Some(url) = non_empty(url) else {
        return Ok(None);
    };
    let lower = url.to_ascii_lowercase();
    let uploaded = url.starts_with(UPLOADS_PREFIX) && !url.contains("..");
    let https = lower.starts_with("https://") && url.len() > "https://".len();
    let clean = !url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>'));
    if (uploaded || https) && clean && url.chars().count() <= IMAGE_URL_MAX_CHARS {
        Ok(Some(url))
    } else {
        Err(IMAGE_URL_MESSAGE)
    }
}

/// A pop-up as typed (content is sanitised by the caller, which owns the HTML sanitiser).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PopupForm {
    pub title: String,
    pub label: Option<String>,
    pub start_at: Option<String>,
    pub end_at: Option<String>,
    pub image_url: Option<String>,
}

/// A checked pop-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidPopup {
    pub title: String,
    pub label: Option<String>,
    pub start_at: Option<DateTime<Utc>>,
    pub end_at: Option<DateTime<Utc>>,
    pub image_url: Option<String>,
}

/// Title required (at most 100), label at most 255, dates valid and the end not before the
/// start, image address safe.
pub fn check_popup(form: &PopupForm, zone: Tz) -> Result<ValidPopup, Vec<FieldIssue>> {
    let mut issues = Vec::new();
    let title = check_title(&form.title, &mut issues);
    let label = non_empty(form.label.as_deref());
    if label
        .as_ref()
        .is_some_and(|l| l.chars().count() > LABEL_MAX_CHARS)
    {
        issues.push(FieldIssue::new("label", LABEL_TOO_LONG_MESSAGE));
    }
    let start_at = parse_instant(form.start_at.as_deref(), zone, DayEnd::Start)
        .map_err(|m| issues.push(FieldIssue::new("start_at", m)))
        .unwrap_or(None);
    let end_at = parse_instant(form.end_at.as_deref(), zone, DayEnd::End)
        .map_err(|m| issues.push(FieldIssue::new("end_at", m)))
        .unwrap_or(None);
    if let (Some(s), Some(e)) = (start_at, end_at) {
        if e < s {
            issues.push(FieldIssue::new("end_at", END_BEFORE_START_MESSAGE));
        }
    }
    let image_url = check_image_url(form.image_url.as_deref())
        .map_err(|m| issues.push(FieldIssue::new("imageUrl", m)))
        .unwrap_or(None);
    if issues.is_empty() {
        Ok(ValidPopup {
            title,
            label,
            start_at,
            end_at,
            image_url,
        })
    } else {
        Err(issues)
    }
}

/// Whether drivers see the pop-up at `now`: active, and `now` within `[start_at, end_at]` (an
/// open end has no limit).
pub fn is_showing(
    active: bool,
    start_at: Option<DateTime<Utc>>,
    end_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> bool {
    active && start_at.is_none_or(|s| s <= now) && end_at.is_none_or(|e| now <= e)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SP: Tz = chrono_tz::America::Sao_Paulo;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn form(start: &str, end: &str) -> PopupForm {
        PopupForm {
            title: "Aviso".into(),
            start_at: Some(start.into()),
            end_at: Some(end.into()),
            ..PopupForm::default()
        }
    }

    #[test]
    fn days_are_read_in_the_company_zone() {
        let v = check_popup(&form("2026-03-01", "05/03/2026"), SP).unwrap();
        assert_eq!(v.start_at, Some(at("2026-03-01T03:00:00Z")));
        assert_eq!(v.end_at, Some(at("2026-03-06T02:59:59Z")));
        let v = check_popup(
            &form("2026-03-01T10:00:00-03:00", "2026-03-01T13:00:00Z"),
            SP,
        )
        .unwrap();
        assert_eq!(
            v.start_at, v.end_at,
            "the same instant is a valid one-moment window"
        );
    }

    #[test]
    fn a_skipped_midnight_starts_at_the_first_instant_after_it() {
        // 2018-11-04 00:00 did not exist in São Paulo (clocks went to 01:00, UTC-2).
        let v = check_popup(&form("2018-11-04", "2018-11-04"), SP).unwrap();
        assert_eq!(v.start_at, Some(at("2018-11-04T03:00:00Z")));
    }

    #[test]
    fn the_end_may_not_come_before_the_start() {
        let issues = check_popup(&form("2026-03-05", "2026-03-04"), SP).unwrap_err();
        assert_eq!(
            issues,
            vec![FieldIssue::new("end_at", END_BEFORE_START_MESSAGE)]
        );
        // The same day is fine: from its first to its last second.
        assert!(check_popup(&form("2026-03-05", "2026-03-05"), SP).is_ok());
    }

    #[test]
    fn title_dates_label_and_image_are_checked() {
        let bad = PopupForm {
            title: " ".into(),
            label: Some("x".repeat(256)),
            start_at: Some("ontem".into()),
            end_at: Some("2026-13-01".into()),
            image_url: Some("javascript:alert(1)".into()),
        };
        let fields: Vec<String> = check_popup(&bad, SP)
            .unwrap_err()
            .into_iter()
            .map(|i| i.field)
            .collect();
        assert_eq!(fields, ["title", "label", "start_at", "end_at", "imageUrl"]);
        let open = check_popup(
            &PopupForm {
                title: "Sempre".into(),
                ..PopupForm::default()
            },
            SP,
        )
        .unwrap();
        assert_eq!((open.start_at, open.end_at), (None, None));
    }

    #[test]
    fn image_addresses_are_uploads_or_https() {
        assert_eq!(
            check_image_url(Some("/uploads/popups/a.png")),
            Ok(Some("/uploads/popups/a.png".into()))
        );
        assert_eq!(
            check_image_url(Some("https://cdn.example.com/a.jpg")),
            Ok(Some("https://cdn.example.com/a.jpg".into()))
        );
        assert_eq!(check_image_url(Some(" ")), Ok(None));
        for bad in [
            "javascript:alert(1)",
            "data:image/png;base64,AAA",
            "http://x/a.png",
            "/uploads/../secret",
            "/etc/passwd",
            "https://x/a.png\" onerror=\"x",
        ] {
            assert_eq!(check_image_url(Some(bad)), Err(IMAGE_URL_MESSAGE), "{bad}");
        }
    }

    #[test]
    fn a_popup_shows_while_active_and_within_its_period() {
        let s = Some(at("2026-03-01T00:00:00Z"));
        let e = Some(at("2026-03-10T00:00:00Z"));
        assert!(is_showing(true, s, e, at("2026-03-05T12:00:00Z")));
        assert!(is_showing(true, s, e, at("2026-03-01T00:00:00Z")));
        assert!(is_showing(true, s, e, at("2026-03-10T00:00:00Z")));
        assert!(!is_showing(true, s, e, at("2026-02-28T23:59:59Z")));
        assert!(!is_showing(true, s, e, at("2026-03-10T00:00:01Z")));
        assert!(!is_showing(false, s, e, at("2026-03-05T12:00:00Z")));
        assert!(is_showing(true, None, None, at("2000-01-01T00:00:00Z")));
    }
}
