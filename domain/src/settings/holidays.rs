//! Blocked dates ('Bloqueios', spec 3 section 3): a title and the list of days the yard does not
//! attend. The list holds every blocked day (the screen expands the chosen range and shows its
//! first and last day); the queue calendar skips each of them (DESIGN section 4.1).

use chrono::{Duration, NaiveDate};

use super::{TITLE_MAX_CHARS, TITLE_TOO_LONG_MESSAGE};
use crate::FieldIssue;

/// Spec 3 section 5: a date range must be selected.
pub const DATES_REQUIRED_MESSAGE: &str = "Data é obrigatório";
/// Most days in one entry (a year).
pub const MAX_DAYS: usize = 366;
pub const TOO_MANY_DAYS_MESSAGE: &str = "Selecione no máximo 366 dias.";
/// The title used when none is typed.
pub const DEFAULT_TITLE: &str = "Bloqueio de datas";

/// `Data inválida: <typed>`.
pub fn invalid_date_message(typed: &str) -> String {
    format!("Data inválida: {typed}")
}

/// A day as `YYYY-MM-DD`, an ISO date-time (its date part) or `dd/MM/yyyy`.
pub fn parse_day(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    if let Ok(d) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some(d);
    }
    if let Ok(d) = NaiveDate::parse_from_str(text, "%d/%m/%Y") {
        return Some(d);
    }
    // "2026-03-05T03:00:00.000Z": the calendar day the screen picked.
    match text.get(..10) {
        Some(day) if text.as_bytes().get(10) == Some(&b'T') => {
            NaiveDate::parse_from_str(day, "%Y-%m-%d").ok()
        }
        _ => None,
    }
}

/// A checked blocked-dates entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidHoliday {
    pub title: String,
    /// Sorted, without repeats.
    pub dates: Vec<NaiveDate>,
}

/// Checks a blocked-dates entry: at least one valid day, at most [`MAX_DAYS`]; the title is
/// optional (the spec asks only for the dates) and at most 100 characters.
pub fn check_holiday(title: &str, dates: &[String]) -> Result<ValidHoliday, Vec<FieldIssue>> {
    let mut issues = Vec::new();
    let title = title.trim();
    if title.chars().count() > TITLE_MAX_CHARS {
        issues.push(FieldIssue::new("title", TITLE_TOO_LONG_MESSAGE));
    }
    let typed: Vec<&str> = dates
        .iter()
        .map(|d| d.trim())
        .filter(|d| !d.is_empty())
        .collect();
    let mut days = Vec::with_capacity(typed.len());
    if typed.is_empty() {
        issues.push(FieldIssue::new("dates", DATES_REQUIRED_MESSAGE));
    }
    for d in typed {
        match parse_day(d) {
            Some(day) => days.push(day),
            None => {
                issues.push(FieldIssue::new("dates", invalid_date_message(d)));
                break;
            }
        }
    }
    days.sort_unstable();
    days.dedup();
    if days.len() > MAX_DAYS {
        issues.push(FieldIssue::new("dates", TOO_MANY_DAYS_MESSAGE));
    }
    if !issues.is_empty() {
        return Err(issues);
    }
    Ok(ValidHoliday {
        title: if title.is_empty() {
            DEFAULT_TITLE.to_owned()
        } else {
            title.to_owned()
        },
        dates: days,
    })
}

/// Every day from `first` to `last`, both included (empty when `last` is before `first`).
pub fn days_between(first: NaiveDate, last: NaiveDate) -> Vec<NaiveDate> {
    let mut out = Vec::new();
    let mut day = first;
    while day <= last {
        out.push(day);
        day += Duration::days(1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn no_dates_is_data_e_obrigatorio() {
        for dates in [vec![], strings(&["", "  "])] {
            let issues = check_holiday("Carnaval", &dates).unwrap_err();
            assert_eq!(issues, vec![FieldIssue::new("dates", "Data é obrigatório")]);
        }
    }

    #[test]
    fn days_are_parsed_sorted_and_deduplicated() {
        let v = check_holiday(
            " Carnaval ",
            &strings(&[
                "2026-02-17",
                "16/02/2026",
                "2026-02-16T03:00:00.000Z",
                "2026-02-17",
            ]),
        )
        .unwrap();
        assert_eq!(v.title, "Carnaval");
        assert_eq!(v.dates, vec![d(2026, 2, 16), d(2026, 2, 17)]);
    }

    #[test]
    fn an_invalid_day_is_named() {
        let issues = check_holiday("x", &strings(&["2026-02-30"])).unwrap_err();
        assert_eq!(
            issues,
            vec![FieldIssue::new("dates", "Data inválida: 2026-02-30")]
        );
        assert_eq!(parse_day("amanhã"), None);
        assert_eq!(parse_day("2026-02"), None);
    }

    #[test]
    fn title_is_optional_and_limited() {
        assert_eq!(
            check_holiday("  ", &strings(&["2026-12-25"]))
                .unwrap()
                .title,
            DEFAULT_TITLE
        );
        let issues = check_holiday(&"x".repeat(101), &strings(&["2026-12-25"])).unwrap_err();
        assert_eq!(issues[0].field, "title");
    }

    #[test]
    fn at_most_a_year_of_days() {
        let year: Vec<String> = days_between(d(2028, 1, 1), d(2028, 12, 31))
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(year.len(), 366);
        assert!(check_holiday("Ano", &year).is_ok());
        let mut more = year.clone();
        more.push("2029-01-01".into());
        assert_eq!(
            check_holiday("Ano", &more).unwrap_err(),
            vec![FieldIssue::new("dates", TOO_MANY_DAYS_MESSAGE)]
        );
        assert!(days_between(d(2026, 1, 2), d(2026, 1, 1)).is_empty());
    }
}
