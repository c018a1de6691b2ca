//! Products (spec 2): the form and the CSV import's rows. The browser parses the CSV file and
//! sends its rows; the server applies these rules to every row, and the preview applies the same
//! ones, so a row is never "ready" in the preview and refused on import.

use serde::{Deserialize, Serialize};

use crate::admin::forms::max_length_message;

pub const PRODUCT_NAME_MAX: usize = 80;
pub const NCM_MAX: usize = 10;

pub const CODE_REQUIRED: &str = "Código é obrigatório!";
pub const CODE_NOT_A_NUMBER: &str = "O código deve ser um número inteiro!";
pub const NAME_REQUIRED: &str = "Nome é obrigatório!";
pub const NCM_INVALID: &str = "Código NCM deve conter apenas números (até 10 dígitos).";
/// Deleting a product that order items use (spec 2 section 8, in the words of its driver and
/// truck messages).
pub const PRODUCT_REFERENCED_MESSAGE: &str =
    "Erro ao excluir, existe(m) pedido(s) para este produto!";

/// Product group. Stored and sent as 0/1; shown as its label everywhere (list and form alike,
/// where the original was inconsistent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "i16", try_from = "i16")]
pub enum ProductGroup {
    Agricola,
    Siderurgica,
}

impl ProductGroup {
    pub fn code(self) -> i16 {
        match self {
            ProductGroup::Agricola => 0,
            ProductGroup::Siderurgica => 1,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ProductGroup::Agricola => "AGRICOLA",
            ProductGroup::Siderurgica => "SIDERURGICA",
        }
    }

    /// The import's group column: `agricola` in any case, with or without accents, is 0;
    /// anything else (blank included) is 1 (spec 2 section 5).
    pub fn from_csv_text(text: &str) -> Self {
        let folded: String = text
            .trim()
            .chars()
            .map(|c| match c {
                'á' | 'à' | 'â' | 'ã' | 'ä' | 'Á' | 'À' | 'Â' | 'Ã' | 'Ä' => 'a',
                'í' | 'ì' | 'î' | 'ï' | 'Í' | 'Ì' | 'Î' | 'Ï' => 'i',
                'ó' | 'ò' | 'ô' | 'õ' | 'ö' | 'Ó' | 'Ò' | 'Ô' | 'Õ' | 'Ö' => 'o',
                'ç' | 'Ç' => 'c',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        if folded == "agricola" {
            ProductGroup::Agricola
        } else {
            ProductGroup::Siderurgica
        }
    }
}

impl From<ProductGroup> for i16 {
    fn from(g: ProductGroup) -> i16 {
        g.code()
    }
}

impl TryFrom<i16> for ProductGroup {
    type Error = &'static str;
    fn try_from(v: i16) -> Result<Self, Self::Error> {
        match v {
            0 => Ok(ProductGroup::Agricola),
            1 => Ok(ProductGroup::Siderurgica),
            _ => Err("Grupo inválido!"),
        }
    }
}

/// A product as typed in the form or read from one CSV row (all text, as it came). It stays
/// beside the form's command because the CSV import's rows are checked through it too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProductInput {
    pub code: String,
    pub name: String,
    pub group: String,
    pub ncmcode: String,
}

/// A product as checked: what the repository writes (the company is the save's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductData {
    pub code: i32,
    pub name: String,
    pub group: ProductGroup,
    pub ncmcode: Option<String>,
}

/// One refusal of an import, with the file's line number (the header is line 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProductImportIssue {
    pub line: usize,
    pub field: &'static str,
    pub message: String,
}

/// The form's and each import row's checks; the group is already a label or a 0/1 text.
pub fn check_product(i: &ProductInput) -> Result<ProductData, Vec<(&'static str, String)>> {
    let mut issues = Vec::new();
    let code = i.code.trim();
    let code = if code.is_empty() {
        issues.push(("code", CODE_REQUIRED.to_owned()));
        None
    } else {
        match code.parse::<i32>() {
            Ok(c) if c >= 0 => Some(c),
            _ => {
                issues.push(("code", CODE_NOT_A_NUMBER.to_owned()));
                None
            }
        }
    };
    let name = i.name.trim();
    if name.is_empty() {
        issues.push(("name", NAME_REQUIRED.to_owned()));
    } else if name.chars().count() > PRODUCT_NAME_MAX {
        issues.push(("name", max_length_message(PRODUCT_NAME_MAX)));
    }
    let ncm = i.ncmcode.trim().replace('.', "");
    if !ncm.is_empty() && (ncm.len() > NCM_MAX || !ncm.chars().all(|c| c.is_ascii_digit())) {
        issues.push(("ncmcode", NCM_INVALID.to_owned()));
    }
    let group = match i.group.trim() {
        "0" => ProductGroup::Agricola,
        "1" => ProductGroup::Siderurgica,
        other => ProductGroup::from_csv_text(other),
    };
    match (code, issues.is_empty()) {
        (Some(code), true) => Ok(ProductData {
            code,
            name: name.to_owned(),
            group,
            ncmcode: (!ncm.is_empty()).then_some(ncm),
        }),
        _ => Err(issues),
    }
}

/// The rows of an import after the header: rows with an empty code are skipped; every other row
/// must pass, or nothing is saved and every issue is returned with its line number.
pub fn parse_product_csv(
    rows: &[ProductInput],
) -> Result<Vec<ProductData>, Vec<ProductImportIssue>> {
    let mut good = Vec::new();
    let mut issues = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        if row.code.trim().is_empty() {
            continue;
        }
        match check_product(row) {
            Ok(p) => good.push(p),
            Err(es) => issues.extend(es.into_iter().map(|(field, message)| ProductImportIssue {
                line: i + 2,
                field,
                message,
            })),
        }
    }
    if issues.is_empty() {
        Ok(good)
    } else {
        Err(issues)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(code: &str, name: &str, group: &str, ncm: &str) -> ProductInput {
        ProductInput {
            code: code.into(),
            name: name.into(),
            group: group.into(),
            ncmcode: ncm.into(),
        }
    }

    #[test]
    fn agricola_in_any_case_and_accent_is_group_zero_anything_else_one() {
        for t in ["agricola", "AGRICOLA", "Agrícola", " agrícola ", "AGRÍCOLA"] {
            assert_eq!(
                ProductGroup::from_csv_text(t),
                ProductGroup::Agricola,
                "{t}"
            );
        }
        for t in ["", "siderurgica", "agro", "agricolas"] {
            assert_eq!(
                ProductGroup::from_csv_text(t),
                ProductGroup::Siderurgica,
                "{t}"
            );
        }
    }

    #[test]
    fn import_skips_rows_without_code_and_keeps_the_rest() {
        let rows = [
            row("10", "SOJA", "agricola", "1201.90.00"),
            row("", "ignored", "", ""),
            row("11", "AÇO", "SIDERURGICA", ""),
        ];
        let got = parse_product_csv(&rows).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].group, ProductGroup::Agricola);
        assert_eq!(got[0].ncmcode.as_deref(), Some("12019000"));
        assert_eq!(got[1].group, ProductGroup::Siderurgica);
    }

    #[test]
    fn a_bad_middle_row_fails_the_whole_import_with_its_line_number() {
        let long = "X".repeat(81);
        let rows = [
            row("1", "A", "", ""),
            row("2", &long, "", ""),
            row("x", "C", "", ""),
        ];
        let issues = parse_product_csv(&rows).unwrap_err();
        assert_eq!(
            issues,
            vec![
                ProductImportIssue {
                    line: 3,
                    field: "name",
                    message: "Tamanho máximo de 80 caracteres".into()
                },
                ProductImportIssue {
                    line: 4,
                    field: "code",
                    message: CODE_NOT_A_NUMBER.into()
                },
            ]
        );
    }

    #[test]
    fn group_travels_as_zero_or_one() {
        assert_eq!(serde_json::to_string(&ProductGroup::Agricola).unwrap(), "0");
        assert!(serde_json::from_str::<ProductGroup>("2").is_err());
    }
}
