//! CNPJ (Cadastro Nacional da Pessoa Jurídica): 14 characters, the last two are check digits.
//!
//! From July 2026 the Receita Federal issues alphanumeric CNPJs (IN RFB 2.229/2024): the first
//! twelve characters may be `A`-`Z` or digits, the check digits stay numeric, and each character
//! counts as its ASCII code minus 48 in the same modulo-11 sum. Numeric CNPJs are the special case
//! where every character is a digit, so one rule accepts both; customers and carriers registered
//! after that date would otherwise be refused.

use super::{all_same, string_value, ValueError};

/// A valid CNPJ; canonical form is the 14 characters, uppercase, without mask.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cnpj(String);

string_value!(Cnpj);

impl Cnpj {
    /// Accepts `11.222.333/0001-81`, `11222333000181` or `12.ABC.345/01DE-35`
    /// (letters in any case).
    pub fn parse(input: &str) -> Result<Self, ValueError> {
        let mut chars = String::with_capacity(14);
        for c in input.chars() {
            if c.is_ascii_alphanumeric() {
                chars.push(c.to_ascii_uppercase());
            } else if c.is_alphanumeric() {
                return Err(ValueError::Cnpj);
            }
        }
        let bytes = chars.as_bytes();
        if bytes.len() != 14 || !bytes[12..].iter().all(u8::is_ascii_digit) || all_same(&chars) {
            return Err(ValueError::Cnpj);
        }
        let values: Vec<u32> = bytes.iter().map(|&b| u32::from(b - b'0')).collect();
        let mut base = [0u32; 12];
        base.copy_from_slice(&values[..12]);
        if Self::check_digits_of_values(base) != [values[12], values[13]] {
            return Err(ValueError::Cnpj);
        }
        Ok(Cnpj(chars))
    }

    /// The two check digits of the first twelve characters (`0`-`9`, `A`-`Z`); `None` when one
    /// of them is not allowed or there are not twelve.
    pub fn check_digits(base: &str) -> Option<[u8; 2]> {
        let bytes = base.as_bytes();
        if bytes.len() != 12
            || !bytes
                .iter()
                .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
        {
            return None;
        }
        let mut values = [0u32; 12];
        for (v, &b) in values.iter_mut().zip(bytes) {
            *v = u32::from(b - b'0');
        }
        let [d1, d2] = Self::check_digits_of_values(values);
        Some([d1 as u8, d2 as u8])
    }

    fn check_digits_of_values(base: [u32; 12]) -> [u32; 2] {
        const W1: [u32; 12] = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
        const W2: [u32; 13] = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
        let digit = |sum: u32| {
            let rest = sum % 11;
            if rest < 2 {
                0
            } else {
                11 - rest
            }
        };
        let d1 = digit(base.iter().zip(W1).map(|(v, w)| v * w).sum());
        let d2 = digit(
            base.iter()
                .chain([d1].iter())
                .zip(W2)
                .map(|(v, w)| v * w)
                .sum(),
        );
        [d1, d2]
    }

    /// `##.###.###/####-##` (18 characters, as the forms send it).
    pub fn masked(&self) -> String {
        let s = &self.0;
        format!(
            "{}.{}.{}/{}-{}",
            &s[0..2],
            &s[2..5],
            &s[5..8],
            &s[8..12],
            &s[12..14]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn cnpj_masked_and_unmasked_inputs_are_accepted() {
        let a = Cnpj::parse("11.222.333/0001-81").unwrap();
        assert_eq!(a, Cnpj::parse("11222333000181").unwrap());
        assert_eq!(a.as_str(), "11222333000181");
    }

    #[test]
    fn cnpj_masks_as_18_characters() {
        let masked = Cnpj::parse("11222333000181").unwrap().masked();
        assert_eq!(masked, "11.222.333/0001-81");
        assert_eq!(masked.len(), 18);
    }

    #[test]
    fn cnpj_with_wrong_check_digits_is_rejected() {
        assert_eq!(Cnpj::parse("11.222.333/0001-82"), Err(ValueError::Cnpj));
        assert_eq!(Cnpj::parse("11.222.333/0001-91"), Err(ValueError::Cnpj));
    }

    #[test]
    fn cnpj_with_all_same_digits_is_rejected() {
        for d in 0..=9 {
            let s: String = std::iter::repeat_n(char::from(b'0' + d), 14).collect();
            assert_eq!(Cnpj::parse(&s), Err(ValueError::Cnpj), "{s}");
        }
    }

    #[test]
    fn cnpj_with_wrong_length_is_rejected() {
        assert_eq!(Cnpj::parse(""), Err(ValueError::Cnpj));
        assert_eq!(Cnpj::parse("1122233300018"), Err(ValueError::Cnpj));
        assert_eq!(Cnpj::parse("112223330001811"), Err(ValueError::Cnpj));
    }

    #[test]
    fn alphanumeric_cnpj_of_the_receita_federal_example_is_accepted() {
        let cnpj = Cnpj::parse("12.abc.345/01de-35").unwrap();
        assert_eq!(cnpj.as_str(), "12ABC34501DE35");
        assert_eq!(cnpj.masked(), "12.ABC.345/01DE-35");
        assert_eq!(Cnpj::check_digits("12ABC34501DE"), Some([3, 5]));
        assert_eq!(Cnpj::parse("12.ABC.345/01DE-36"), Err(ValueError::Cnpj));
    }

    #[test]
    fn cnpj_check_digits_must_be_numeric() {
        assert_eq!(Cnpj::parse("12ABC34501DE3A"), Err(ValueError::Cnpj));
        assert_eq!(Cnpj::check_digits("12ABC34501D"), None);
        assert_eq!(Cnpj::check_digits("12abc34501de"), None);
    }

    #[test]
    fn cnpj_with_accented_letters_is_rejected() {
        assert_eq!(Cnpj::parse("12.ÁBC.345/01DE-35"), Err(ValueError::Cnpj));
    }

    #[test]
    fn cnpj_serializes_without_mask() {
        let cnpj: Cnpj = serde_json::from_str("\"11.222.333/0001-81\"").unwrap();
        assert_eq!(serde_json::to_string(&cnpj).unwrap(), "\"11222333000181\"");
    }

    fn build(base: &str, check: [u8; 2]) -> String {
        format!("{base}{}{}", check[0], check[1])
    }

    proptest! {
        #[test]
        fn cnpj_with_computed_check_digits_parses(base in "[0-9]{12}") {
            prop_assume!(!all_same(&base));
            let check = Cnpj::check_digits(&base).unwrap();
            let s = build(&base, check);
            prop_assert_eq!(Cnpj::parse(&s).map(|c| c.as_str().to_owned()), Ok(s));
        }

        #[test]
        fn alphanumeric_cnpj_with_computed_check_digits_parses(base in "[0-9A-Z]{12}") {
            prop_assume!(!all_same(&base));
            let s = build(&base, Cnpj::check_digits(&base).unwrap());
            prop_assert!(Cnpj::parse(&s).is_ok());
        }

        #[test]
        fn cnpj_with_a_flipped_check_digit_is_rejected(
            base in "[0-9A-Z]{12}", which in 0usize..2, delta in 1u8..=9
        ) {
            let mut check = Cnpj::check_digits(&base).unwrap();
            check[which] = (check[which] + delta) % 10;
            prop_assert_eq!(Cnpj::parse(&build(&base, check)), Err(ValueError::Cnpj));
        }

        #[test]
        fn cnpj_masked_then_parsed_is_the_same(base in "[0-9]{12}") {
            prop_assume!(!all_same(&base));
            let cnpj = Cnpj::parse(&build(&base, Cnpj::check_digits(&base).unwrap())).unwrap();
            prop_assert_eq!(Cnpj::parse(&cnpj.masked()), Ok(cnpj.clone()));
        }
    }
}
