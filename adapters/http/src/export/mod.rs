//! The files the screens export: CSV (`csv`), XLSX (`rust_xlsxwriter`) and a simple tabular
//! PDF (`pdf-writer`, A4 portrait, Helvetica with the WinAnsi encoding, which covers
//! Portuguese). One table in, bytes out.

mod helvetica;

use actix_web::http::header;
use actix_web::HttpResponse;
use patio_application::orders::history::ExportCell;
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

/// The number format of tonnes: three decimals, thousands grouped. The file stores the
/// invariant pattern; Excel and LibreOffice show it with the reader's separators (`14,800` in
/// pt-BR).
const TONNES_FORMAT: &str = "#,##0.000";
const DATE_FORMAT: &str = "dd/mm/yyyy";

/// One sheet, the header in bold, the given column widths; dates, tonnes and counts as typed
/// cells (a spreadsheet sums and sorts them), text as text.
pub fn xlsx_bytes(
    sheet_name: &str,
    header: &[&str],
    rows: &[Vec<ExportCell>],
    widths: &[f64],
) -> Result<Vec<u8>, ApiError> {
    use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};
    let x = |e: rust_xlsxwriter::XlsxError| fail("xlsx", &e);
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name(sheet_name).map_err(x)?;
    let bold = Format::new().set_bold();
    let tonnes = Format::new().set_num_format(TONNES_FORMAT);
    let date = Format::new().set_num_format(DATE_FORMAT);
    for (col, title) in (0u16..).zip(header) {
        sheet
            .write_string_with_format(0, col, *title, &bold)
            .map_err(x)?;
    }
    for (row, values) in (1u32..).zip(rows) {
        for (col, value) in (0u16..).zip(values) {
            match value {
                ExportCell::Text(t) => sheet.write_string(row, col, t).map(|_| ()),
                ExportCell::Tonnes(t) => sheet
                    .write_number_with_format(row, col, *t, &tonnes)
                    .map(|_| ()),
                ExportCell::Count(n) => sheet.write_number(row, col, *n as f64).map(|_| ()),
                ExportCell::Date(d) => {
                    use chrono::Datelike;
                    let day = ExcelDateTime::from_ymd(
                        u16::try_from(d.year()).unwrap_or(1900),
                        d.month() as u8,
                        d.day() as u8,
                    )
                    .map_err(x)?;
                    sheet
                        .write_date_with_format(row, col, &day, &date)
                        .map(|_| ())
                }
            }
            .map_err(x)?;
        }
    }
    for (col, width) in (0u16..).zip(widths) {
        sheet.set_column_width(col, *width).map_err(x)?;
    }
    book.save_to_buffer().map_err(x)
}

/// How a PDF column treats its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// Never cut nor wrapped (dates, codes, plates, times): the column is as wide as its widest
    /// value.
    Whole,
    /// [`Fit::Whole`], right-aligned (tonnes, counts, positions).
    Number,
    /// Names: wrapped at spaces onto at most [`WRAP_LINES`] lines; what still does not fit
    /// ends with an ellipsis (…, a glyph of the font).
    Wrap,
}

const A4: (f32, f32) = (595.0, 842.0);
const MARGIN: f32 = 36.0;
/// The table's text size, its line height, and a cell's padding.
const SIZE: f32 = 8.0;
const LINE: f32 = 10.0;
const PAD_X: f32 = 3.0;
const PAD_Y: f32 = 2.5;
/// Lines of a wrapped cell.
const WRAP_LINES: usize = 2;
const ELLIPSIS: char = '…';

fn measure(text: &str, bold: bool) -> f32 {
    helvetica::width(text, bold, SIZE)
}

/// `text` cut to `width` points, ending with the ellipsis.
fn shorten(text: &str, width: f32, bold: bool) -> String {
    // A column sized to its widest value holds it exactly: float rounding must not cut it.
    let width = width + 0.01;
    if measure(text, bold) <= width {
        return text.to_owned();
    }
    let mut out: String = text.trim_end().to_owned();
    while !out.is_empty() && measure(&format!("{out}{ELLIPSIS}"), bold) > width {
        out.pop();
        out.truncate(out.trim_end().len());
    }
    format!("{out}{ELLIPSIS}")
}

/// `text` wrapped at spaces into lines of `width` points, at most `max` lines: a word longer
/// than the line, or the text left for the last line, ends with the ellipsis.
fn wrap(text: &str, width: f32, bold: bool, max: usize) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut lines = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if lines.len() + 1 >= max {
            lines.push(shorten(&words[i..].join(" "), width, bold));
            return lines;
        }
        let mut line = words[i].to_owned();
        i += 1;
        while let Some(word) = words.get(i) {
            let longer = format!("{line} {word}");
            if measure(&longer, bold) > width + 0.01 {
                break;
            }
            line = longer;
            i += 1;
        }
        lines.push(shorten(&line, width, bold));
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// The widest word of `text`.
fn widest_word(text: &str, bold: bool) -> f32 {
    text.split_whitespace()
        .map(|w| measure(w, bold))
        .fold(0.0, f32::max)
}

/// Column widths that fill `usable` points: each column as wide as its widest value and title
/// when they all fit; else [`Fit::Whole`] and [`Fit::Number`] columns keep their widest value
/// (their titles wrap at spaces) and the [`Fit::Wrap`] columns share the rest, a narrow one
/// taking only what it needs.
fn column_widths(header: &[&str], rows: &[Vec<String>], fits: &[Fit], usable: f32) -> Vec<f32> {
    let n = header.len();
    let fit = |i: usize| fits.get(i).copied().unwrap_or(Fit::Wrap);
    let widest = |i: usize| {
        rows.iter()
            .filter_map(|r| r.get(i))
            .map(|v| measure(v, false))
            .fold(0.0, f32::max)
    };
    let natural: Vec<f32> = (0..n)
        .map(|i| widest(i).max(measure(header[i], true)) + 2.0 * PAD_X)
        .collect();
    let total: f32 = natural.iter().sum();
    if total <= usable {
        // Room to spare: spread it in proportion.
        return natural.iter().map(|w| w * usable / total).collect();
    }
    let least: Vec<f32> = (0..n)
        .map(|i| {
            let title = widest_word(header[i], true);
            match fit(i) {
                Fit::Whole | Fit::Number => widest(i).max(title) + 2.0 * PAD_X,
                Fit::Wrap => title + 2.0 * PAD_X,
            }
        })
        .collect();
    let mut widths = vec![0.0; n];
    let mut left = usable;
    let mut flexible = Vec::new();
    for (i, (width, least)) in widths.iter_mut().zip(&least).enumerate() {
        if fit(i) == Fit::Wrap {
            flexible.push(i);
        } else {
            *width = *least;
            left -= least;
        }
    }
    // The text columns share what is left, the narrowest first.
    flexible.sort_by(|a, b| natural[*a].total_cmp(&natural[*b]));
    let mut count = flexible.len();
    for i in flexible {
        let share = (left / count as f32).max(least[i]);
        widths[i] = natural[i].min(share);
        left -= widths[i];
        count -= 1;
    }
    widths
}

/// A cell's lines in its column.
fn cell_lines(text: &str, width: f32, fit: Fit, bold: bool) -> Vec<String> {
    let inner = width - 2.0 * PAD_X;
    match fit {
        Fit::Whole | Fit::Number if !bold => vec![shorten(text, inner, bold)],
        _ => wrap(text, inner, bold, if bold { 3 } else { WRAP_LINES }),
    }
}

fn text(c: &mut Content, font: &[u8], size: f32, x: f32, y: f32, s: &str) {
    c.begin_text();
    c.set_font(Name(font), size);
    c.next_line(x, y);
    c.show(Str(&helvetica::encode(s)));
    c.end_text();
}

/// A row laid out: each column's lines, and the row's height.
struct Laid {
    cells: Vec<Vec<String>>,
    height: f32,
}

fn lay(values: &[String], widths: &[f32], fits: &[Fit], bold: bool) -> Laid {
    let cells: Vec<Vec<String>> = values
        .iter()
        .zip(widths)
        .enumerate()
        .map(|(i, (v, w))| cell_lines(v, *w, fits.get(i).copied().unwrap_or(Fit::Wrap), bold))
        .collect();
    let lines = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
    Laid {
        cells,
        height: lines as f32 * LINE + 2.0 * PAD_Y,
    }
}

fn draw(
    c: &mut Content,
    laid: &Laid,
    top: f32,
    widths: &[f32],
    fits: &[Fit],
    font: &[u8],
    bold: bool,
) {
    let mut x = MARGIN;
    for (i, (lines, w)) in laid.cells.iter().zip(widths).enumerate() {
        let right = fits.get(i) == Some(&Fit::Number);
        for (k, line) in lines.iter().enumerate() {
            let baseline = top - PAD_Y - SIZE - k as f32 * LINE + 1.0;
            let at = if right {
                x + w - PAD_X - measure(line, bold)
            } else {
                x + PAD_X
            };
            text(c, font, SIZE, at, baseline, line);
        }
        x += w;
    }
}

/// An A4 portrait report: the title, the generation line, then the table with its header
/// repeated on every page and the page number at the foot. The columns are measured with the
/// font's own widths and fill the page (`fits` says how each treats a long value): a date, a
/// number or a code is never cut; a name wraps, and ends with an ellipsis past two lines.
pub fn pdf_bytes(
    title: &str,
    subtitle: &str,
    header: &[&str],
    rows: &[Vec<String>],
    fits: &[Fit],
) -> Result<Vec<u8>, ApiError> {
    let usable = A4.0 - 2.0 * MARGIN;
    let widths = column_widths(header, rows, fits, usable);
    let head: Vec<String> = header.iter().map(|h| (*h).to_owned()).collect();
    let table = Table {
        head: lay(&head, &widths, fits, true),
        body: rows.iter().map(|r| lay(r, &widths, fits, false)).collect(),
        widths: &widths,
        fits,
        usable,
    };
    let pages = table.pages();

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

    for (n, (range, page_id)) in pages.iter().zip(&page_ids).enumerate() {
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
        if n == 0 {
            text(&mut c, b"F2", 16.0, MARGIN, A4.1 - MARGIN - 16.0, title);
            text(&mut c, b"F1", 9.0, MARGIN, A4.1 - MARGIN - 34.0, subtitle);
        }
        table.draw_page(&mut c, range.clone(), n == 0);
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

/// A report's table, laid out: its header, rows and columns.
struct Table<'a> {
    head: Laid,
    body: Vec<Laid>,
    widths: &'a [f32],
    fits: &'a [Fit],
    usable: f32,
}

impl Table<'_> {
    /// Where the table starts: the first page has the title above it.
    fn top(first: bool) -> f32 {
        A4.1 - MARGIN - if first { 54.0 } else { 0.0 }
    }

    /// The rows of each page; each page ends above the foot.
    fn pages(&self) -> Vec<std::ops::Range<usize>> {
        let bottom = MARGIN + 6.0;
        let mut pages = Vec::new();
        let mut start = 0;
        let mut y = Self::top(true) - self.head.height;
        for (i, r) in self.body.iter().enumerate() {
            if y - r.height < bottom && i > start {
                pages.push(start..i);
                start = i;
                y = Self::top(false) - self.head.height;
            }
            y -= r.height;
        }
        pages.push(start..self.body.len());
        pages
    }

    /// The header on a grey band, then the page's rows ruled apart (or the empty period's line).
    fn draw_page(&self, c: &mut Content, range: std::ops::Range<usize>, first: bool) {
        let (head, usable) = (&self.head, self.usable);
        let mut y = Self::top(first);
        c.set_fill_rgb(0.9, 0.91, 0.93);
        c.rect(MARGIN, y - head.height, usable, head.height);
        c.fill_nonzero();
        c.set_fill_rgb(0.0, 0.0, 0.0);
        draw(c, head, y, self.widths, self.fits, b"F2", true);
        y -= head.height;
        c.set_stroke_rgb(0.85, 0.86, 0.88);
        c.set_line_width(0.5);
        let empty = range.is_empty();
        for r in &self.body[range] {
            draw(c, r, y, self.widths, self.fits, b"F1", false);
            y -= r.height;
            c.move_to(MARGIN, y);
            c.line_to(MARGIN + usable, y);
            c.stroke();
        }
        if empty {
            text(
                c,
                b"F1",
                9.0,
                MARGIN + PAD_X,
                y - PAD_Y - 9.0,
                "Nenhum registro no período.",
            );
        }
    }
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
            &[Fit::Whole, Fit::Wrap],
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
        let bytes = pdf_bytes("T", "", &["N"], &rows, &[Fit::Number]).unwrap();
        assert!(shown_text(&bytes).lines().any(|l| l == "Página 3 de 3"));
    }

    /// The history's columns with long names (issue 22: "27/11/20?", "Pedido (?",
    /// "Carregad?", "Cooperativa UX Tes?").
    fn history_like() -> (Vec<&'static str>, Vec<Vec<String>>, Vec<Fit>) {
        let header = vec![
            "Data",
            "Empresa",
            "Pedido",
            "Cliente",
            "Placa",
            "Motorista",
            "Pedido (t)",
            "Carregado (t)",
        ];
        let row = vec![
            "27/11/2026".to_owned(),
            "Cooperativa Agroindustrial dos Produtores do Vale".to_owned(),
            "PED-2026-0001".to_owned(),
            "Cooperativa UX Teste de Nomes Compridos do Brasil Central".to_owned(),
            "ABC1D23".to_owned(),
            "JOSÉ DA SILVA SAURO DE ALBUQUERQUE E MELLO".to_owned(),
            "1.234,500".to_owned(),
            "28,500".to_owned(),
        ];
        let fits = vec![
            Fit::Whole,
            Fit::Wrap,
            Fit::Whole,
            Fit::Wrap,
            Fit::Whole,
            Fit::Wrap,
            Fit::Number,
            Fit::Number,
        ];
        (header, vec![row; 3], fits)
    }

    #[test]
    fn columns_fill_a4_and_dates_numbers_and_titles_are_never_cut() {
        let (header, rows, fits) = history_like();
        let usable = A4.0 - 2.0 * MARGIN;
        let widths = column_widths(&header, &rows, &fits, usable);
        assert!(
            (widths.iter().sum::<f32>() - usable).abs() < 0.5,
            "{widths:?}"
        );
        let head = lay(
            &header.iter().map(|h| (*h).to_owned()).collect::<Vec<_>>(),
            &widths,
            &fits,
            true,
        );
        let row = lay(&rows[0], &widths, &fits, false);
        for (i, fit) in fits.iter().enumerate() {
            // Every line fits its column.
            let inner = widths[i] - 2.0 * PAD_X + 0.01;
            for line in &head.cells[i] {
                assert!(measure(line, true) <= inner, "{line}");
            }
            for line in &row.cells[i] {
                assert!(measure(line, false) <= inner, "{line}");
            }
            // Titles wrap at spaces, whole.
            assert_eq!(head.cells[i].join(" "), header[i], "{:?}", head.cells[i]);
            if *fit != Fit::Wrap {
                assert_eq!(row.cells[i], vec![rows[0][i].clone()]);
            }
        }
        // The long names wrap onto two lines and end with the ellipsis.
        let customer = &row.cells[3];
        assert_eq!(customer.len(), 2, "{customer:?}");
        assert!(customer[0].starts_with("Cooperativa"), "{customer:?}");
        assert!(customer[1].ends_with('…'), "{customer:?}");
        assert!(!customer.iter().any(|l| l.contains('?')));
    }

    #[test]
    fn short_tables_keep_names_on_one_line() {
        let rows = vec![vec![
            "27/11/2026".to_owned(),
            "Cooperativa UX Teste".to_owned(),
        ]];
        let fits = [Fit::Whole, Fit::Wrap];
        let widths = column_widths(&["Data", "Cliente"], &rows, &fits, 523.0);
        let row = lay(&rows[0], &widths, &fits, false);
        assert_eq!(row.cells[1], vec!["Cooperativa UX Teste".to_owned()]);
    }

    #[test]
    fn wrapping_cuts_only_what_does_not_fit_with_a_real_ellipsis() {
        assert_eq!(wrap("", 50.0, false, 2), vec![String::new()]);
        assert_eq!(wrap("UM DOIS", 200.0, false, 2), vec!["UM DOIS".to_owned()]);
        let lines = wrap("PALAVRA OUTRA PALAVRA MAIS UMA E OUTRA", 40.0, false, 2);
        assert_eq!(lines.len(), 2);
        assert!(
            lines[1].ends_with('…') && measure(&lines[1], false) <= 40.0,
            "{lines:?}"
        );
        let one = shorten("SUPERCALIFRAGILISTICO", 30.0, false);
        assert!(one.ends_with('…') && measure(&one, false) <= 30.0, "{one}");
        // In the file the ellipsis is WinAnsi 0x85, never '?'.
        let (header, rows, fits) = history_like();
        let bytes = pdf_bytes("Histórico", "", &header, &rows, &fits).unwrap();
        let shown = shown_text(&bytes);
        assert!(shown.contains('\u{85}'), "{shown}");
        assert!(!shown.contains('?'), "{shown}");
        assert!(shown.lines().any(|l| l == "27/11/2026"), "{shown}");
    }
}
