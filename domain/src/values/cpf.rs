//! CPF (Cadastro de Pessoas Físicas): 11 digits, the last two are check digits.

use super::{all_same, digits_of, string_value, ValueError};

/// A valid CPF; canonical form is the 11 digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cpf(String);

string_value!(Cpf);

impl Cpf {
    /// Accepts `529.982.247-25` or `52998224725`. All-same-digit numbers pass the check-digit
    /// test but are not real CPFs, so they are refused.
    pub fn parse(input: &str) -> Result<Self, ValueError> {
        let digits = digits_of(input).ok_or(ValueError::Cpf)?;
        if digits.len() != 11 || all_same(&digits) {
            return Err(ValueError::Cpf);
        }
        let d: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
        let mut base = [0u8; 9];
        base.copy_from_slice(&d[..9]);
        if Self::check_digits(base) != [d[9], d[10]] {
            return Err(ValueError::Cpf);
        }
        Ok(Cpf(digits))
    }

    /// Builds the CPF whose first nine digits are `base` (for seeds and tests).
    pub fn from_base(base: [u8; 9]) -> Result<Self, ValueError> {
        if base.iter().any(|&d| d > 9) {
            return Err(ValueError::Cpf);
        }
        let [d1, d2] = Self::check_digits(base);
        let digits: String = base
            .iter()
            .chain([d1, d2].iter())
            .map(|&d| char::from(b'0' + d))
            .collect();
        Self::parse(&digits)
    }

    /// The two check digits of the first nine (modulo 11, weights 10..2 then 11..2).
    pub fn check_digits(base: [u8; 9]) -> [u8; 2] {
        let d1 = mod11_digit(&base, 10);
        let mut ten = [0u8; 10];
        ten[..9].copy_from_slice(&base);
        ten[9] = d1;
        let d2 = mod11_digit(&ten, 11);
        [d1, d2]
    }

    /// `999.999.999-99`.
    pub fn masked(&self) -> String {
        let s = &self.0;
        format!("{}.{}.{}-{}", &s[0..3], &s[3..6], &s[6..9], &s[9..11])
    }
}

fn mod11_digit(digits: &[u8], first_weight: u32) -> u8 {
    let sum: u32 = digits
        .iter()
        .zip((2..=first_weight).rev())
        .map(|(&d, w)| u32::from(d) * w)
        .sum();
    let rest = sum % 11;
    if rest < 2 {
        0
    } else {
        (11 - rest) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn cpf_masked_and_unmasked_inputs_are_accepted() {
        let a = Cpf::parse("529.982.247-25").unwrap();
        let b = Cpf::parse("52998224725").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.as_str(), "52998224725");
        assert_eq!(a.to_string(), "52998224725");
    }

    #[test]
    fn cpf_masks_as_999_999_999_99() {
        assert_eq!(
            Cpf::parse("52998224725").unwrap().masked(),
            "529.982.247-25"
        );
    }

    #[test]
    fn cpf_with_wrong_check_digits_is_rejected() {
        assert_eq!(Cpf::parse("529.982.247-24"), Err(ValueError::Cpf));
        assert_eq!(Cpf::parse("529.982.247-35"), Err(ValueError::Cpf));
    }

    #[test]
    fn cpf_with_all_same_digits_is_rejected() {
        for d in 0..=9 {
            let s: String = std::iter::repeat_n(char::from(b'0' + d), 11).collect();
            assert_eq!(Cpf::parse(&s), Err(ValueError::Cpf), "{s}");
        }
    }

    #[test]
    fn cpf_with_wrong_length_is_rejected() {
        assert_eq!(Cpf::parse(""), Err(ValueError::Cpf));
        assert_eq!(Cpf::parse("5299822472"), Err(ValueError::Cpf));
        assert_eq!(Cpf::parse("529982247250"), Err(ValueError::Cpf));
    }

    #[test]
    fn cpf_with_letters_is_rejected() {
        assert_eq!(Cpf::parse("529.982.247-2a5"), Err(ValueError::Cpf));
    }

    #[test]
    fn cpf_check_digit_is_zero_when_the_remainder_is_below_two() {
        assert_eq!(Cpf::check_digits([1, 0, 0, 0, 0, 0, 0, 3, 7]), [0, 0]);
        assert!(Cpf::parse("100.000.037-00").is_ok());
        assert!(Cpf::parse("111.444.777-35").is_ok());
    }

    #[test]
    fn cpf_from_base_builds_a_valid_cpf() {
        let cpf = Cpf::from_base([5, 2, 9, 9, 8, 2, 2, 4, 7]).unwrap();
        assert_eq!(cpf.as_str(), "52998224725");
        assert!(Cpf::from_base([1; 9]).is_err());
        assert!(Cpf::from_base([10, 0, 0, 0, 0, 0, 0, 0, 0]).is_err());
    }

    #[test]
    fn cpf_serializes_as_the_eleven_digits_and_deserializes_masked() {
        let cpf: Cpf = serde_json::from_str("\"529.982.247-25\"").unwrap();
        assert_eq!(serde_json::to_string(&cpf).unwrap(), "\"52998224725\"");
        assert!(serde_json::from_str::<Cpf>("\"529.982.247-26\"").is_err());
    }

    fn digits9() -> impl Strategy<Value = [u8; 9]> {
        proptest::array::uniform9(0u8..=9)
    }

    fn build(base: [u8; 9], check: [u8; 2]) -> String {
        base.iter()
            .chain(check.iter())
            .map(|&d| char::from(b'0' + d))
            .collect()
    }

    proptest! {
        #[test]
        fn cpf_with_computed_check_digits_parses(base in digits9()) {
            prop_assume!(!base.iter().all(|&d| d == base[0]));
            let s = build(base, Cpf::check_digits(base));
            prop_assert_eq!(Cpf::parse(&s).map(|c| c.as_str().to_owned()), Ok(s));
        }

        #[test]
        fn cpf_with_a_flipped_check_digit_is_rejected(
            base in digits9(), which in 0usize..2, delta in 1u8..=9
        ) {
            let mut check = Cpf::check_digits(base);
            check[which] = (check[which] + delta) % 10;
            prop_assert_eq!(Cpf::parse(&build(base, check)), Err(ValueError::Cpf));
        }

        #[test]
        fn cpf_masked_then_parsed_is_the_same(base in digits9()) {
            prop_assume!(!base.iter().all(|&d| d == base[0]));
            let cpf = Cpf::parse(&build(base, Cpf::check_digits(base))).unwrap();
            prop_assert_eq!(Cpf::parse(&cpf.masked()), Ok(cpf.clone()));
        }
    }
}
