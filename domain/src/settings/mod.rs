//! The rules of the company settings screens (spec 3 sections 2, 3, 5 and 8): the settings form
//! with its delay reasons, blocked dates (holidays), terms of use, pop-ups and the uploaded
//! images (logo, pop-up image).
//!
//! Every refusal names the field as the API spells it and carries the pt-BR text the form shows.

pub mod access;
pub mod form;
pub mod holidays;
pub mod images;
pub mod popups;
pub mod terms;

use crate::FieldIssue;

/// The text trimmed, `None` when nothing is left.
pub(crate) fn non_empty(text: Option<&str>) -> Option<String> {
    text.map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// Maximum length, in characters, of a title (terms, pop-ups, blocked dates).
pub const TITLE_MAX_CHARS: usize = 100;

pub const TITLE_REQUIRED_MESSAGE: &str = "Título é obrigatório";
pub const TITLE_TOO_LONG_MESSAGE: &str = "Tamanho máximo de 100 caracteres";

/// A required title of at most [`TITLE_MAX_CHARS`] characters.
pub(crate) fn check_title(title: &str, issues: &mut Vec<FieldIssue>) -> String {
    let title = title.trim();
    if title.is_empty() {
        issues.push(FieldIssue::new("title", TITLE_REQUIRED_MESSAGE));
    } else if title.chars().count() > TITLE_MAX_CHARS {
        issues.push(FieldIssue::new("title", TITLE_TOO_LONG_MESSAGE));
    }
    title.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_required_trimmed_and_limited() {
        let mut issues = Vec::new();
        assert_eq!(check_title("  Termo  ", &mut issues), "Termo");
        assert!(issues.is_empty());
        check_title("   ", &mut issues);
        check_title(&"x".repeat(101), &mut issues);
        assert_eq!(
            issues,
            vec![
                FieldIssue::new("title", TITLE_REQUIRED_MESSAGE),
                FieldIssue::new("title", TITLE_TOO_LONG_MESSAGE)
            ]
        );
        check_title(&"é".repeat(100), &mut issues);
        assert_eq!(issues.len(), 2, "100 accented characters are fine");
    }

    #[test]
    fn non_empty_trims() {
        assert_eq!(non_empty(Some("  a ")), Some("a".to_owned()));
        assert_eq!(non_empty(Some("   ")), None);
        assert_eq!(non_empty(None), None);
    }
}
