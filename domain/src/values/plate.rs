//! Vehicle licence plate.
//!
//! Only the spec's rule is enforced (7 letters or digits after stripping separators), not the
//! Brazilian letter/digit pattern: Mercosul plates of Argentina (AB123CD) and Paraguay also have
//! 7 characters and such trucks load at Brazilian yards.

use super::{string_value, ValueError};

/// A plate such as `ABC1234` (old) or `ABC1D23` (Mercosul); canonical form is uppercase without
/// separators.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Plate(String);

string_value!(Plate);

impl Plate {
    /// `abc-1234`, `ABC 1D23`: separators stripped, letters uppercased.
    pub fn parse(input: &str) -> Result<Self, ValueError> {
        let mut out = String::with_capacity(7);
        for c in input.chars().filter(|c| c.is_alphanumeric()) {
            if !c.is_ascii_alphanumeric() {
                return Err(ValueError::PlateCharacters);
            }
            out.push(c.to_ascii_uppercase());
        }
        if out.len() != 7 {
            return Err(ValueError::PlateLength);
        }
        Ok(Plate(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plate_old_format_is_accepted() {
        assert_eq!(Plate::parse("ABC1234").unwrap().as_str(), "ABC1234");
    }

    #[test]
    fn plate_mercosul_format_is_accepted() {
        assert_eq!(Plate::parse("ABC1D23").unwrap().as_str(), "ABC1D23");
    }

    #[test]
    fn plate_separators_are_stripped_and_letters_uppercased() {
        assert_eq!(Plate::parse(" abc-1234 ").unwrap().as_str(), "ABC1234");
        assert_eq!(Plate::parse("abc 1d23").unwrap().to_string(), "ABC1D23");
    }

    #[test]
    fn plate_must_have_7_characters() {
        assert_eq!(Plate::parse("ABC123"), Err(ValueError::PlateLength));
        assert_eq!(Plate::parse("ABC12345"), Err(ValueError::PlateLength));
        assert_eq!(Plate::parse(""), Err(ValueError::PlateLength));
        assert_eq!(
            ValueError::PlateLength.message(),
            "Placa deve conter 7 caracteres"
        );
    }

    #[test]
    fn plate_with_accented_letters_is_rejected_as_invalid_characters() {
        assert_eq!(Plate::parse("ÁBC1234"), Err(ValueError::PlateCharacters));
    }

    #[test]
    fn plate_serializes_as_canonical_text() {
        let plate: Plate = serde_json::from_str("\"abc-1d23\"").unwrap();
        assert_eq!(serde_json::to_string(&plate).unwrap(), "\"ABC1D23\"");
    }
}
