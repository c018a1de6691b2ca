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

/// A number as pt-BR reads it: `places` decimals after a comma, thousands grouped with dots
/// (`14,800`, `1.234,500`). A dot alone would read as thousands ("14.800 t" is fourteen
/// thousand tonnes to a Brazilian reader).
pub fn br_decimal(value: f64, places: usize) -> String {
    let fixed = format!("{:.*}", places, value.abs());
    let (int, frac) = fixed.split_once('.').unwrap_or((fixed.as_str(), ""));
    let mut grouped = String::with_capacity(int.len() + int.len() / 3);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(c);
    }
    // -0,000 reads as 0,000.
    let negative = value < 0.0 && fixed.chars().any(|c| c.is_ascii_digit() && c != '0');
    let sign = if negative { "-" } else { "" };
    if frac.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped},{frac}")
    }
}

/// Tonnes in a sentence: `14,800 t` (three decimals, as the scale reads them).
pub fn br_tonnes(value: f64) -> String {
    format!("{} t", br_decimal(value, 3))
}

/// `1 minuto`, `0 minutos`, `25 minutos`.
pub fn minutes(n: i64) -> String {
    if n.abs() == 1 {
        format!("{n} minuto")
    } else {
        format!("{n} minutos")
    }
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

    #[test]
    fn decimals_take_a_comma_and_thousands_a_dot() {
        assert_eq!(br_decimal(14.8, 3), "14,800");
        assert_eq!(br_decimal(0.5, 3), "0,500");
        assert_eq!(br_decimal(1234.5, 3), "1.234,500");
        assert_eq!(br_decimal(1_234_567.0, 0), "1.234.567");
        assert_eq!(br_decimal(-2.25, 2), "-2,25");
        assert_eq!(br_decimal(-0.0001, 3), "0,000");
        assert_eq!(br_tonnes(14.8), "14,800 t");
    }

    #[test]
    fn minutes_agree_in_number() {
        assert_eq!(minutes(1), "1 minuto");
        assert_eq!(minutes(-1), "-1 minuto");
        assert_eq!(minutes(0), "0 minutos");
        assert_eq!(minutes(25), "25 minutos");
    }
}
