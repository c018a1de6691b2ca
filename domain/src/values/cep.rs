//! CEP (Brazilian postal code).

use super::{digits_of, string_value, ValueError};

/// A CEP; canonical form is the 8 digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cep(String);

string_value!(Cep);

impl Cep {
    /// `01310-100` or `01310100`. `00000-000` does not exist and is refused.
    pub fn parse(input: &str) -> Result<Self, ValueError> {
        let digits = digits_of(input).ok_or(ValueError::Cep)?;
        if digits.len() != 8 || digits.bytes().all(|b| b == b'0') {
            return Err(ValueError::Cep);
        }
        Ok(Cep(digits))
    }

    /// `#####-###`.
    pub fn masked(&self) -> String {
        format!("{}-{}", &self.0[..5], &self.0[5..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cep_masked_and_unmasked_inputs_are_accepted() {
        let cep = Cep::parse("01310-100").unwrap();
        assert_eq!(cep, Cep::parse("01310100").unwrap());
        assert_eq!(cep.as_str(), "01310100");
        assert_eq!(cep.masked(), "01310-100");
    }

    #[test]
    fn cep_must_have_8_digits() {
        assert_eq!(Cep::parse("0131010"), Err(ValueError::Cep));
        assert_eq!(Cep::parse("013101000"), Err(ValueError::Cep));
        assert_eq!(Cep::parse(""), Err(ValueError::Cep));
    }

    #[test]
    fn cep_of_zeros_or_with_letters_is_rejected() {
        assert_eq!(Cep::parse("00000-000"), Err(ValueError::Cep));
        assert_eq!(Cep::parse("01310-10a"), Err(ValueError::Cep));
    }

    #[test]
    fn cep_serializes_as_digits() {
        let cep: Cep = serde_json::from_str("\"01310-100\"").unwrap();
        assert_eq!(serde_json::to_string(&cep).unwrap(), "\"01310100\"");
    }
}
