//! The files the screens export: CSV (`csv`), XLSX (`rust_xlsxwriter`) and a simple tabular
//! PDF (`pdf-writer`, A4 portrait, Helvetica with the WinAnsi encoding, which covers
//! Portuguese). One table in, bytes out.

use actix_web::http::header;
use actix_web::HttpResponse;
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use crate::error::ApiError;

fn fail(what: &str, e: &dyn std::fmt::Display) -> ApiError {
    ApiError(patio_application::AppError::internal(format!(
        "{what}: {e}"
    )))
}

/// Whether a cell is a number as the exports write it (`-3`, `14,750`, `1.234,5`): kept as
/// is, so the spreadsheet still reads it as a number.
fn is_number(cell: &str) -> bool {
    let digits = cell.strip_prefix(['-', '+']).unwrap_or(cell);
    digits.starts_with(|c: char| c.is_ascii_digit())
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
}

/// A cell a spreadsheet would run as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a
/// carriage return; OWASP "CSV injection") gets a leading `'`, so it shows as the text it is.
/// Numbers stay numbers.
pub fn csv_cell(cell: &str) -> std::borrow::Cow<'_, str> {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && !is_number(cell) {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

/// `;`-separated (what spreadsheets in pt-BR expect), UTF-8 with a BOM; every cell through
/// [`csv_cell`].
pub fn csv_bytes<R, S>(header: &[&str], rows: &[R]) -> Result<Vec<u8>, ApiError>
where
    R: AsRef<[S]>,
    S: AsRef<str>,
{
    let mut out = Vec::from("\u{feff}".as_bytes());
    {
        let mut w = csv::WriterBuilder::new()
            .delimiter(b';')
            .terminator(csv::Terminator::CRLF)
            .from_writer(&mut out);
        w.write_record(header.iter().map(|h| csv_cell(h).into_owned()))
            .map_err(|e| fail("csv", &e))?;
        for row in rows {
            w.write_record(
                row.as_ref()
                    .iter()
                    .map(|c| csv_cell(c.as_ref()).into_owned()),
            )
            .map_err(|e| fail("csv", &e))?;
        }
        w.flush().map_err(|e| fail("csv", &e))?;
    }
    Ok(out)
}

/// One sheet, the header in bold, the given column widths.
pub fn xlsx_bytes(
    sheet_name: &str,
    header: &[&str],
    rows: &[Vec<String>],
    widths: &[f64],
) -> Result<Vec<u8>, ApiError> {
    use rust_xlsxwriter::{Format, Workbook};
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name(sheet_name).map_err(|e| fail("xlsx", &e))?;
    let bold = Format::new().set_bold();
    for (col, title) in (0u16..).zip(header) {
        sheet
            .write_string_with_format(0, col, *title, &bold)
            .map_err(|e| fail("xlsx", &e))?;
    }
    for (row, values) in (1u32..).zip(rows) {
        for (col, value) in (0u16..).zip(values) {
            sheet
                .write_string(row, col, value)
                .map_err(|e| fail("xlsx", &e))?;
        }
    }
    for (col, width) in (0u16..).zip(widths) {
        sheet
            .set_column_width(col, *width)
            .map_err(|e| fail("xlsx", &e))?;
    }
    book.save_to_buffer().map_err(|e| fail("xlsx", &e))
}

/// Text as WinAnsi (Windows-1252) bytes: Latin-1 maps one to one; anything else is '?'.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c as u32 {
            0x20..=0x7e | 0xa0..=0xff => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

/// Cuts `text` to about `width` points of 8-point Helvetica (an average glyph of 4.4 pt).
fn fit(text: &str, width: f32) -> String {
    let max = (width / 4.4).floor().max(3.0) as usize;
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(max - 1).collect();
        format!("{cut}…")
    }
}

fn text(c: &mut Content, font: &[u8], size: f32, x: f32, y: f32, s: &str) {
    c.begin_text();
    c.set_font(Name(font), size);
    c.next_line(x, y);
    c.show(Str(&win_ansi(s)));
    c.end_text();
}

const A4: (f32, f32) = (595.0, 842.0);
const MARGIN: f32 = 36.0;
const ROW: f32 = 14.0;

/// An A4 portrait report: the title, the generation line, then the table with its header
/// repeated on every page and the page number at the foot.
pub fn pdf_bytes(
    title: &str,
    subtitle: &str,
    header: &[&str],
    rows: &[Vec<String>],
    widths: &[f32],
) -> Result<Vec<u8>, ApiError> {
    let usable = A4.0 - 2.0 * MARGIN;
    let total: f32 = widths.iter().sum();
    let widths: Vec<f32> = widths.iter().map(|w| w / total * usable).collect();
    let per_page = (((A4.1 - 2.0 * MARGIN - 60.0) / ROW).floor() as usize).max(1);
    let pages: Vec<&[Vec<String>]> = if rows.is_empty() {
        vec![&[]]
    } else {
        rows.chunks(per_page).collect()
    };

    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let font = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let page_ids: Vec<Ref> = (0..pages.len())
        .map(|i| Ref::new(10 + 2 * i as i32))
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(pages.len() as i32);
    pdf.document_info(info).title(TextStr(title));
    pdf.type1_font(font)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold)
        .base_font(Name(b"Helvetica-Bold"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));

    for (n, (chunk, page_id)) in pages.iter().zip(&page_ids).enumerate() {
        let content_id = Ref::new(page_id.get() + 1);
        let mut page = pdf.page(*page_id);
        page.media_box(Rect::new(0.0, 0.0, A4.0, A4.1));
        page.parent(tree);
        page.contents(content_id);
        page.resources()
            .fonts()
            .pair(Name(b"F1"), font)
            .pair(Name(b"F2"), bold);
        page.finish();

        let mut c = Content::new();
        let mut y = A4.1 - MARGIN;
        text(&mut c, b"F2", 16.0, MARGIN, y - 16.0, title);
        y -= 34.0;
        text(&mut c, b"F1", 9.0, MARGIN, y, subtitle);
        y -= 20.0;
        // The header on a grey band.
        c.set_fill_rgb(0.9, 0.91, 0.93);
        c.rect(MARGIN, y - 4.0, usable, ROW);
        c.fill_nonzero();
        c.set_fill_rgb(0.0, 0.0, 0.0);
        let mut x = MARGIN + 2.0;
        for (h, w) in header.iter().zip(&widths) {
            text(&mut c, b"F2", 8.0, x, y, &fit(h, *w - 4.0));
            x += w;
        }
        y -= ROW;
        for row in chunk.iter() {
            let mut x = MARGIN + 2.0;
            for (v, w) in row.iter().zip(&widths) {
                text(&mut c, b"F1", 8.0, x, y, &fit(v, *w - 4.0));
                x += w;
            }
            y -= ROW;
        }
        if chunk.is_empty() {
            text(
                &mut c,
                b"F1",
                9.0,
                MARGIN + 2.0,
                y,
                "Nenhum registro no período.",
            );
        }
        let foot = format!("Página {} de {}", n + 1, pages.len());
        text(
            &mut c,
            b"F1",
            8.0,
            A4.0 - MARGIN - 60.0,
            MARGIN / 2.0,
            &foot,
        );
        pdf.stream(content_id, &c.finish());
    }
    Ok(pdf.finish())
}

/// A download: the type, `attachment` with the file name, never cached.
pub fn attachment(content_type: &str, name: &str, bytes: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text shown by the content streams: every literal `(...)` and hex `<...>` string,
    /// decoded from WinAnsi (Latin-1 for Portuguese).
    fn shown_text(pdf: &[u8]) -> String {
        let mut out = String::new();
        let mut i = 0;
        while i < pdf.len() {
            if pdf[i] == b'(' {
                let mut j = i + 1;
                while j < pdf.len() && pdf[j] != b')' {
                    if pdf[j] == b'\\' && j + 3 < pdf.len() && pdf[j + 1].is_ascii_digit() {
                        let code =
                            u8::from_str_radix(std::str::from_utf8(&pdf[j + 1..j + 4]).unwrap(), 8)
                                .unwrap();
                        out.push(code as char);
                        j += 4;
                    } else if pdf[j] == b'\\' {
                        out.push(pdf[j + 1] as char);
                        j += 2;
                    } else {
                        out.push(pdf[j] as char);
                        j += 1;
                    }
                }
                out.push('\n');
                i = j;
            } else if pdf[i] == b'<' && pdf.get(i + 1).is_some_and(u8::is_ascii_hexdigit) {
                // Non-ASCII text is written as a hex string.
                let end = i + pdf[i..].iter().position(|b| *b == b'>').unwrap();
                let hex = std::str::from_utf8(&pdf[i + 1..end]).unwrap();
                for k in (0..hex.len()).step_by(2) {
                    out.push(u8::from_str_radix(&hex[k..k + 2], 16).unwrap() as char);
                }
                out.push('\n');
                i = end;
            }
            i += 1;
        }
        out
    }

    #[test]
    fn a_pdf_holds_its_title_and_rows_as_win_ansi_text() {
        let rows = vec![vec!["25/11/2026".to_owned(), "Fazenda São João".to_owned()]];
        let bytes = pdf_bytes(
            "Histórico",
            "Gerado",
            &["Data", "Cliente"],
            &rows,
            &[1.0, 2.0],
        )
        .unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        let text = shown_text(&bytes);
        for line in ["Histórico", "Data", "Fazenda São João", "Página 1 de 1"] {
            assert!(text.lines().any(|l| l == line), "{line} in {text}");
        }
    }

    #[test]
    fn formula_cells_are_neutralised_and_numbers_kept() {
        for (cell, written) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("+SUM(1,2)", "'+SUM(1,2)"),
            ("-2+3", "'-2+3"),
            ("@cmd", "'@cmd"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("-", "'-"),
            ("-3", "-3"),
            ("+7", "+7"),
            ("14,750", "14,750"),
            ("-1.234,5", "-1.234,5"),
            ("FAZENDA = BOA", "FAZENDA = BOA"),
            ("25/11/2026", "25/11/2026"),
            ("", ""),
        ] {
            assert_eq!(csv_cell(cell), written, "{cell:?}");
        }
    }

    #[test]
    fn long_rows_make_more_pages() {
        let rows: Vec<Vec<String>> = (0..120).map(|i| vec![i.to_string()]).collect();
        let bytes = pdf_bytes("T", "", &["N"], &rows, &[1.0]).unwrap();
        assert!(shown_text(&bytes).lines().any(|l| l == "Página 3 de 3"));
    }
}
