//! Small text helpers shared by the rules that build what people read.

use chrono::{NaiveDate, NaiveDateTime};

/// Escapes `& < > " '` so a value can be put inside HTML text or a quoted attribute. Log titles
/// are rendered as HTML on screen, so every value interpolated into them passes through here.
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// `dd/MM/yyyy`.
pub fn br_date(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// `dd/MM/yyyy às HH:mm`, the pt-BR date and time of the logs.
pub fn br_date_time(at: NaiveDateTime) -> String {
    at.format("%d/%m/%Y às %H:%M").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_html_escapes_markup_and_quotes() {
        assert_eq!(
            escape_html(r#"<script>alert("x & 'y'")</script>"#),
            "&lt;script&gt;alert(&quot;x &amp; &#39;y&#39;&quot;)&lt;/script&gt;"
        );
    }

    #[test]
    fn escape_html_leaves_plain_text_and_accents_alone() {
        assert_eq!(escape_html("Autônomo ABC1D23"), "Autônomo ABC1D23");
        assert_eq!(escape_html(""), "");
    }

    #[test]
    fn br_dates_are_day_month_year() {
        let at = NaiveDate::from_ymd_opt(2026, 3, 5)
            .unwrap()
            .and_hms_opt(14, 7, 59)
            .unwrap();
        assert_eq!(br_date(at.date()), "05/03/2026");
        assert_eq!(br_date_time(at), "05/03/2026 às 14:07");
    }
}
