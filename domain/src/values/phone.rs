//! Brazilian phone number: area code (DDD) plus 8 or 9 digits.

use super::{digits_of, string_value, ValueError};

/// A phone number; canonical form is 10 or 11 digits, area code first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phone(String);

string_value!(Phone);

impl Phone {
    /// `(11) 9 8765-4321`, `11987654321`, `(11) 3456-7890`. Area codes have no zero (11 to 99),
    /// so a leading or trailing zero there means a mistyped number (often a trunk prefix `0`).
    pub fn parse(input: &str) -> Result<Self, ValueError> {
        let digits = digits_of(input).ok_or(ValueError::Phone)?;
        let b = digits.as_bytes();
        if !(10..=11).contains(&b.len()) || b[0] == b'0' || b[1] == b'0' {
            return Err(ValueError::Phone);
        }
        Ok(Phone(digits))
    }

    /// `(##) # ####-####` (16 characters) for mobiles, `(##) ####-####` for landlines.
    pub fn masked(&self) -> String {
        let s = &self.0;
        if s.len() == 11 {
            format!("({}) {} {}-{}", &s[0..2], &s[2..3], &s[3..7], &s[7..11])
        } else {
            format!("({}) {}-{}", &s[0..2], &s[2..6], &s[6..10])
        }
    }

    /// The area code (DDD).
    pub fn area_code(&self) -> &str {
        &self.0[..2]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mobile_phone_masks_as_16_characters() {
        let phone = Phone::parse("(11) 9 8765-4321").unwrap();
        assert_eq!(phone.as_str(), "11987654321");
        assert_eq!(phone.masked(), "(11) 9 8765-4321");
        assert_eq!(phone.masked().chars().count(), 16);
        assert_eq!(phone.area_code(), "11");
    }

    #[test]
    fn landline_phone_masks_without_the_ninth_digit() {
        let phone = Phone::parse("1134567890").unwrap();
        assert_eq!(phone.masked(), "(11) 3456-7890");
    }

    #[test]
    fn phone_with_wrong_length_is_rejected() {
        assert_eq!(Phone::parse("119876543"), Err(ValueError::Phone));
        assert_eq!(Phone::parse("119876543210"), Err(ValueError::Phone));
        assert_eq!(Phone::parse(""), Err(ValueError::Phone));
    }

    #[test]
    fn phone_with_zero_in_the_area_code_is_rejected() {
        assert_eq!(Phone::parse("0119876543"), Err(ValueError::Phone));
        assert_eq!(Phone::parse("10987654321"), Err(ValueError::Phone));
    }

    #[test]
    fn phone_with_letters_is_rejected() {
        assert_eq!(Phone::parse("11 9876A-4321"), Err(ValueError::Phone));
    }

    #[test]
    fn phone_round_trips_through_its_mask() {
        let phone = Phone::parse("21912345678").unwrap();
        assert_eq!(Phone::parse(&phone.masked()), Ok(phone));
    }
}
