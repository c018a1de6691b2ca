//! What the PDF reports need of Helvetica, one of the PDF's standard fonts (every viewer has it,
//! nothing is embedded): the WinAnsi (Windows-1252) code of each character it can show, and the
//! glyphs' advance widths, so a report measures its text instead of guessing (issue 22: columns
//! sized by an average glyph cut dates and names).

/// The WinAnsi code of `c`, when Helvetica has it: Latin-1 one to one, and the Windows-1252
/// extras (the ellipsis `…` is 0x85, the euro 0x80, curly quotes, dashes...).
pub fn win_ansi(c: char) -> Option<u8> {
    let code = c as u32;
    match code {
        0x20..=0x7e | 0xa0..=0xff => u8::try_from(code).ok(),
        _ => Some(match c {
            '€' => 0x80,
            '‚' => 0x82,
            'ƒ' => 0x83,
            '„' => 0x84,
            '…' => 0x85,
            '†' => 0x86,
            '‡' => 0x87,
            'ˆ' => 0x88,
            '‰' => 0x89,
            'Š' => 0x8a,
            '‹' => 0x8b,
            'Œ' => 0x8c,
            'Ž' => 0x8e,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '˜' => 0x98,
            '™' => 0x99,
            'š' => 0x9a,
            '›' => 0x9b,
            'œ' => 0x9c,
            'ž' => 0x9e,
            'Ÿ' => 0x9f,
            // Tabs and line breaks inside a value read as spaces.
            '\t' | '\n' | '\r' => 0x20,
            _ => return None,
        }),
    }
}

/// `text` as WinAnsi bytes; a character Helvetica cannot show becomes '?'.
pub fn encode(text: &str) -> Vec<u8> {
    text.chars().map(|c| win_ansi(c).unwrap_or(b'?')).collect()
}

/// The width in points of `text` set in Helvetica (`bold`: Helvetica-Bold) at `size` points.
pub fn width(text: &str, bold: bool, size: f32) -> f32 {
    let table = if bold { &BOLD } else { &REGULAR };
    let units: u32 = encode(text)
        .into_iter()
        .map(|b| u32::from(table[usize::from(b.max(32)) - 32]))
        .sum();
    units as f32 * size / 1000.0
}

/// Helvetica advance widths (1/1000 em) of the WinAnsi codes 32..=255
/// (Adobe's AFM metrics, as groff ships them; 0 where WinAnsi has no glyph).
const REGULAR: [u16; 224] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    0, 556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0, 0, 222, 222,
    333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667, 278, 333, 556, 556, 556, 556,
    260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 578, 537, 278, 333,
    333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667,
    278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
    611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556,
    556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];
/// Helvetica-Bold advance widths (1/1000 em) of the WinAnsi codes 32..=255
/// (Adobe's AFM metrics, as groff ships them; 0 where WinAnsi has no glyph).
const BOLD: [u16; 224] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    0, 556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0, 0, 278, 278,
    500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667, 278, 333, 556, 556, 556, 556,
    280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 611, 556, 278, 333,
    333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667,
    278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
    611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611,
    611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ellipsis_and_the_other_windows_1252_extras_have_their_codes() {
        assert_eq!(win_ansi('…'), Some(0x85));
        assert_eq!(win_ansi('€'), Some(0x80));
        assert_eq!(win_ansi('ç'), Some(0xe7));
        assert_eq!(win_ansi('Ã'), Some(0xc3));
        assert_eq!(win_ansi('→'), None);
        assert_eq!(encode("São…→"), vec![b'S', 0xe3, b'o', 0x85, b'?']);
    }

    #[test]
    fn widths_are_helvetica_s() {
        // Digits are 556 units, the slash 278: a date is 5,004 units.
        assert!((width("27/11/2026", false, 8.0) - 40.032).abs() < 1e-3);
        assert!((width("…", false, 10.0) - 10.0).abs() < 1e-3);
        assert!(width("Carregado", true, 8.0) > width("Carregado", false, 8.0));
        // Every code WinAnsi defines has a glyph width in both faces.
        for code in (32u8..=255).filter(|c| ![0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d].contains(c)) {
            let i = usize::from(code) - 32;
            assert!(REGULAR[i] > 0 && BOLD[i] > 0, "{code:#x}");
        }
    }
}
