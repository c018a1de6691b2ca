//! Writing the terms of use (spec 3 "Access term form"): one active term per company, and when
//! people must accept again.

use super::check_title;
use crate::FieldIssue;

pub const CONTENT_REQUIRED_MESSAGE: &str = "Conteúdo é obrigatório";
pub const CONTENT_TOO_LONG_MESSAGE: &str = "O conteúdo passou do tamanho máximo (500 KB).";
/// Largest term text, in bytes of (sanitised) HTML.
pub const CONTENT_MAX_BYTES: usize = 500 * 1024;

/// A term's title, sanitised content and active flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TermVersion<'a> {
    pub active: bool,
    pub title: &'a str,
    pub content: &'a str,
}

/// Title required (at most 100); content required after sanitising, at most
/// [`CONTENT_MAX_BYTES`]. Returns the trimmed title.
pub fn check_term(title: &str, sanitised_content: &str) -> Result<String, Vec<FieldIssue>> {
    let mut issues = Vec::new();
    let title = check_title(title, &mut issues);
    if !has_text(sanitised_content) {
        issues.push(FieldIssue::new("content", CONTENT_REQUIRED_MESSAGE));
    } else if sanitised_content.len() > CONTENT_MAX_BYTES {
        issues.push(FieldIssue::new("content", CONTENT_TOO_LONG_MESSAGE));
    }
    if issues.is_empty() {
        Ok(title)
    } else {
        Err(issues)
    }
}

/// Whether HTML has anything to read once the tags are gone (`<p><br></p>` is what an empty
/// rich-text editor sends).
pub fn has_text(html: &str) -> bool {
    let mut in_tag = false;
    let mut text = String::new();
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text.replace("&nbsp;", " ");
    !text.trim().is_empty() || html.contains("<img")
}

/// Whether saving `after` over `before` (`None`: a new term) makes a new version that
/// Transportadora users and drivers of the company must accept again: the saved term is active
/// and it is new, was not the active one, or its title or text changed. Deactivating a term or
/// saving it unchanged asks nothing of anyone.
pub fn requires_new_acceptance(before: Option<TermVersion<'_>>, after: TermVersion<'_>) -> bool {
    after.active
        && before.is_none_or(|b| !b.active || b.title != after.title || b.content != after.content)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v<'a>(active: bool, title: &'a str, content: &'a str) -> TermVersion<'a> {
        TermVersion {
            active,
            title,
            content,
        }
    }

    #[test]
    fn a_new_active_term_or_a_changed_active_text_asks_again() {
        assert!(requires_new_acceptance(None, v(true, "T", "<p>a</p>")));
        assert!(requires_new_acceptance(
            Some(v(true, "T", "<p>a</p>")),
            v(true, "T", "<p>b</p>")
        ));
        assert!(requires_new_acceptance(
            Some(v(true, "T", "<p>a</p>")),
            v(true, "T2", "<p>a</p>")
        ));
        assert!(requires_new_acceptance(
            Some(v(false, "T", "<p>a</p>")),
            v(true, "T", "<p>a</p>")
        ));
    }

    #[test]
    fn inactive_or_unchanged_terms_ask_nothing() {
        assert!(!requires_new_acceptance(None, v(false, "T", "<p>a</p>")));
        assert!(!requires_new_acceptance(
            Some(v(true, "T", "<p>a</p>")),
            v(true, "T", "<p>a</p>")
        ));
        assert!(!requires_new_acceptance(
            Some(v(true, "T", "<p>a</p>")),
            v(false, "T", "<p>b</p>")
        ));
    }

    #[test]
    fn a_term_needs_a_title_and_some_text() {
        assert_eq!(
            check_term(" Termos ", "<p>Li e aceito</p>"),
            Ok("Termos".into())
        );
        let fields = |t: &str, c: &str| -> Vec<String> {
            check_term(t, c)
                .unwrap_err()
                .into_iter()
                .map(|i| i.field)
                .collect()
        };
        assert_eq!(fields("", "<p><br></p>"), ["title", "content"]);
        assert_eq!(fields("T", "<p>&nbsp; </p>"), ["content"]);
        assert_eq!(fields("T", &"a".repeat(CONTENT_MAX_BYTES + 1)), ["content"]);
        assert!(has_text("<p><img src=\"/uploads/a.png\"></p>"));
    }
}
