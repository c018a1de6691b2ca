//! Paging and search of the administration lists (spec 1 sections 2 and 9).
//!
//! A list call with `page` or `pageSize` is paged (`page` counts from 1); without either it
//! returns every row, as the spec's list calls do.

/// Rows per page (spec 1 section 9).
pub const COMPANY_PAGE_SIZE: u32 = 6;
pub const CUSTOMER_PAGE_SIZE: u32 = 9;
pub const SHIPPING_COMPANY_PAGE_SIZE: u32 = 8;
pub const USER_PAGE_SIZE: u32 = 8;
/// Rows per log request; the grid shows 10 and asks for more while a full page came back.
pub const LOG_PAGE_SIZE: u32 = 30;
/// The largest page anyone may ask for.
pub const MAX_PAGE_SIZE: u32 = 100;
/// Items an autocomplete answers with.
pub const LIKE_LIMIT: u32 = 20;

/// One page of a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageRequest {
    /// From 1.
    pub page: u32,
    pub size: u32,
}

impl PageRequest {
    pub fn offset(&self) -> i64 {
        i64::from(self.page.saturating_sub(1)) * i64::from(self.size)
    }

    pub fn limit(&self) -> i64 {
        i64::from(self.size)
    }
}

/// `None` when neither `page` nor `page_size` is given (every row); otherwise the page,
/// with out-of-range values brought into range (page at least 1, size 1 to 100).
pub fn page_request(
    page: Option<i64>,
    page_size: Option<i64>,
    default_size: u32,
) -> Option<PageRequest> {
    if page.is_none() && page_size.is_none() {
        return None;
    }
    let clamp = |v: i64, lo: u32, hi: u32| {
        u32::try_from(v.clamp(i64::from(lo), i64::from(hi))).unwrap_or(lo)
    };
    Some(PageRequest {
        page: clamp(page.unwrap_or(1), 1, u32::MAX),
        size: clamp(
            page_size.unwrap_or(i64::from(default_size)),
            1,
            MAX_PAGE_SIZE,
        ),
    })
}

/// What a search box typed, ready for the queries: case-insensitive text, its digits (to
/// match CPFs, NCMs and renavams stored without mask), the document it may be (to match a
/// CNPJ or CPF however it was stored) and, when it is a whole number, a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchText {
    /// Trimmed, as typed.
    pub text: String,
    /// `%text%` for ILIKE, with `%`, `_` and `\` escaped.
    pub pattern: String,
    /// `%digits%` when the text has digits and only digits and separators.
    pub digits_pattern: Option<String>,
    /// `%DOCUMENT%`: the text without `.`, `/`, `-` or spaces, upper-case, when that leaves
    /// ASCII letters and digits with at least one digit (a CNPJ, alphanumeric or not, or a
    /// CPF, typed whole or in part, with or without its mask). Compared with a stored
    /// document folded the same way (`patio_document` in the database), so a masked
    /// `11.222.333/0001-81` and a plain `11222333000181` are found by either typing.
    pub document_pattern: Option<String>,
    pub code: Option<i32>,
}

/// `None` for an empty search.
pub fn search_text(search: Option<&str>) -> Option<SearchText> {
    let text = search.map(str::trim).filter(|s| !s.is_empty())?.to_owned();
    let pattern = format!("%{}%", escape_like(&text));
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let only_document = text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '/' | '-' | ' '));
    let digits_pattern = (!digits.is_empty() && only_document).then(|| format!("%{digits}%"));
    let document_pattern = document_pattern(&text);
    let code = text.parse::<i32>().ok();
    Some(SearchText {
        text,
        pattern,
        digits_pattern,
        document_pattern,
        code,
    })
}

/// See [`SearchText::document_pattern`]. Letters and digits only, so nothing in it needs
/// escaping for LIKE.
fn document_pattern(text: &str) -> Option<String> {
    let plain: String = text
        .chars()
        .filter(|c| !matches!(c, '.' | '/' | '-' | ' '))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let document = !plain.is_empty()
        && plain.chars().all(|c| c.is_ascii_alphanumeric())
        && plain.chars().any(|c| c.is_ascii_digit());
    document.then(|| format!("%{plain}%"))
}

/// Escapes the LIKE wildcards (PostgreSQL's default escape character is `\`).
pub fn escape_like(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_paging_parameters_means_every_row() {
        assert_eq!(page_request(None, None, 6), None);
    }

    #[test]
    fn paging_defaults_and_clamps() {
        assert_eq!(
            page_request(Some(2), None, 6),
            Some(PageRequest { page: 2, size: 6 })
        );
        assert_eq!(
            page_request(None, Some(500), 6),
            Some(PageRequest { page: 1, size: 100 })
        );
        assert_eq!(
            page_request(Some(-1), Some(0), 6),
            Some(PageRequest { page: 1, size: 1 })
        );
        let p = PageRequest { page: 3, size: 9 };
        assert_eq!((p.offset(), p.limit()), (18, 9));
    }

    #[test]
    fn search_builds_patterns() {
        assert_eq!(search_text(Some("  ")), None);
        let s = search_text(Some(" 11.222 ")).unwrap();
        assert_eq!(s.pattern, "%11.222%");
        assert_eq!(s.digits_pattern.as_deref(), Some("%11222%"));
        assert_eq!(s.code, None);
        let s = search_text(Some("42")).unwrap();
        assert_eq!(s.code, Some(42));
        let s = search_text(Some("50%_off\\")).unwrap();
        assert_eq!(s.pattern, "%50\\%\\_off\\\\%");
        assert_eq!(s.digits_pattern, None);
        assert_eq!(s.document_pattern, None);
    }

    #[test]
    fn a_document_typed_with_or_without_its_mask_is_the_same_pattern() {
        for typed in [
            "11.222.333/0001-81",
            "11222333000181",
            " 11.222.333/0001-81 ",
        ] {
            let s = search_text(Some(typed)).unwrap();
            assert_eq!(s.document_pattern.as_deref(), Some("%11222333000181%"));
        }
        let part = search_text(Some("333/0001")).unwrap();
        assert_eq!(part.document_pattern.as_deref(), Some("%3330001%"));
        // Alphanumeric CNPJs (from July 2026), letters in any case.
        let s = search_text(Some("12.abc.345/01de-35")).unwrap();
        assert_eq!(s.document_pattern.as_deref(), Some("%12ABC34501DE35%"));
        // A CPF stored as a customer's document.
        let s = search_text(Some("529.982.247-25")).unwrap();
        assert_eq!(s.document_pattern.as_deref(), Some("%52998224725%"));
        // Names, accents and wildcards are not documents; a document has a digit.
        for typed in ["Fazenda João", "conceicao", "abc", "50%", "11_22"] {
            let s = search_text(Some(typed)).unwrap();
            assert_eq!(s.document_pattern, None, "{typed:?}");
        }
    }
}
