//! Renavam (vehicle registration number).
//!
//! Kept simple on purpose: 9 to 11 digits after stripping separators. Current Renavams have 11
//! digits (mask `999999999-99`, 12 characters with the hyphen); older ones have 9. The check digit
//! is not verified, so that old records typed without leading zeros are not refused.

use super::{digits_of, string_value, ValueError};

/// A Renavam; canonical form is its digits, as typed (no zero padding).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Renavam(String);

string_value!(Renavam);

impl Renavam {
    /// `123456789-01` or `12345678901`; letters are refused.
    pub fn parse(input: &str) -> Result<Self, ValueError> {
        let digits = digits_of(input).ok_or(ValueError::Renavam)?;
        if !(9..=11).contains(&digits.len()) {
            return Err(ValueError::Renavam);
        }
        Ok(Renavam(digits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renavam_with_11_digits_and_mask_is_accepted() {
        assert_eq!(
            Renavam::parse("123456789-01").unwrap().as_str(),
            "12345678901"
        );
    }

    #[test]
    fn renavam_with_9_digits_is_accepted() {
        assert_eq!(Renavam::parse("123456789").unwrap().as_str(), "123456789");
    }

    #[test]
    fn renavam_outside_9_to_11_digits_is_rejected() {
        assert_eq!(Renavam::parse("12345678"), Err(ValueError::Renavam));
        assert_eq!(Renavam::parse("123456789012"), Err(ValueError::Renavam));
        assert_eq!(Renavam::parse(""), Err(ValueError::Renavam));
    }

    #[test]
    fn renavam_with_letters_is_rejected() {
        assert_eq!(Renavam::parse("12345678A01"), Err(ValueError::Renavam));
    }

    #[test]
    fn renavam_serializes_as_digits() {
        let r: Renavam = serde_json::from_str("\"123456789-01\"").unwrap();
        assert_eq!(serde_json::to_string(&r).unwrap(), "\"12345678901\"");
    }
}
