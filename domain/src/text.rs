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

/// What the database's search fold (`patio_fold`: `lower(unaccent(text))`, with PostgreSQL's
/// unaccent rules) makes of `text`, or `None` when a character is outside what is known here
/// (ASCII and Latin-1 and Latin Extended-A, U+00A0 to U+017F, except `µ`): the caller then lets
/// the database fold it. A search binds the typed text folded once, so that a generic plan does
/// not fold it again on every row it checks (issue 28). The table is compared character by
/// character with the database's function (adapters/postgres/tests/search_plans.rs); every
/// character it maps folds to ASCII or to a character without case, so the database's locale
/// does not change the result.
pub fn search_fold(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if FOLD_KEPT.contains(c) {
            out.push(c);
        } else {
            let (_, folded) = FOLD_TABLE.iter().find(|(from, _)| from.contains(c))?;
            out.push_str(folded);
        }
    }
    Some(out)
}

/// Characters unaccent leaves alone and lower() does not change.
const FOLD_KEPT: &str = "\u{a0}¢£¤¥¦§¨ª¬¯°²³´¶·¸¹º";

/// unaccent's rules for U+00A0 to U+017F, lower-cased (`/usr/share/postgresql/*/tsearch_data/unaccent.rules`).
const FOLD_TABLE: &[(&str, &str)] = &[
    ("¡", "!"),
    ("©", "(c)"),
    ("«", "<<"),
    ("\u{ad}", "-"),
    ("®", "(r)"),
    ("±", "+/-"),
    ("»", ">>"),
    ("¼", "1/4"),
    ("½", "1/2"),
    ("¾", "3/4"),
    ("¿", "?"),
    ("ÀÁÂÃÄÅàáâãäåĀāĂăĄą", "a"),
    ("Ææ", "ae"),
    ("ÇçĆćĈĉĊċČč", "c"),
    ("ÈÉÊËèéêëĒēĔĕĖėĘęĚě", "e"),
    ("ÌÍÎÏìíîïĨĩĪīĬĭĮįİı", "i"),
    ("ÐðĎďĐđ", "d"),
    ("ÑñŃńŅņŇňŊŋ", "n"),
    ("ÒÓÔÕÖØòóôõöøŌōŎŏŐő", "o"),
    ("×", "*"),
    ("ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲų", "u"),
    ("ÝýÿŶŷŸ", "y"),
    ("Þþ", "th"),
    ("ß", "ss"),
    ("÷", "/"),
    ("ĜĝĞğĠġĢģ", "g"),
    ("ĤĥĦħ", "h"),
    ("Ĳĳ", "ij"),
    ("Ĵĵ", "j"),
    ("Ķķ", "k"),
    ("ĸ", "q"),
    ("ĹĺĻļĽľĿŀŁł", "l"),
    ("ŉ", "'n"),
    ("Œœ", "oe"),
    ("ŔŕŖŗŘř", "r"),
    ("ŚśŜŝŞşŠšſ", "s"),
    ("ŢţŤťŦŧ", "t"),
    ("Ŵŵ", "w"),
    ("ŹźŻżŽž", "z"),
];

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

    #[test]
    fn search_fold_drops_accents_and_case_like_the_database() {
        assert_eq!(
            search_fold("JOÃO Conceição").as_deref(),
            Some("joao conceicao")
        );
        assert_eq!(
            search_fold("%Émile\\_Ñandú%").as_deref(),
            Some("%emile\\_nandu%")
        );
        assert_eq!(
            search_fold("Straße Æon Œuvre").as_deref(),
            Some("strasse aeon oeuvre")
        );
        assert_eq!(search_fold("1º 2ª").as_deref(), Some("1º 2ª"));
        assert_eq!(
            search_fold("529.982.247-25").as_deref(),
            Some("529.982.247-25")
        );
    }

    #[test]
    fn search_fold_leaves_unknown_characters_to_the_database() {
        assert_eq!(search_fold("µ"), None);
        assert_eq!(search_fold("Ωmega"), None);
        assert_eq!(search_fold("e\u{301}"), None);
        assert_eq!(search_fold("").as_deref(), Some(""));
    }
}
