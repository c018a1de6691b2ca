//! Value objects that parse and validate themselves.
//!
//! Every object keeps one canonical string (`as_str`), prints it with `Display`, and travels
//! through serde as that string; deserializing goes through `parse`, so an invalid value never
//! gets past the JSON boundary.
//!
//! Input rule shared by the numeric documents (CPF, CNPJ, phone, CEP, Renavam): separators
//! (anything that is not a letter or a digit: dots, hyphens, slashes, spaces, parentheses) are
//! stripped, so masked and unmasked input are both accepted; a letter is never stripped and makes
//! the value invalid, because a letter in a CPF is a typo, not a mask.

mod birth_date;
mod cep;
mod cnpj;
mod cpf;
mod email;
mod phone;
mod plate;
mod renavam;
mod stored;

pub use birth_date::parse_birth_date;
pub use cep::Cep;
pub use cnpj::Cnpj;
pub use cpf::Cpf;
pub use email::Email;
pub use phone::Phone;
pub use plate::Plate;
pub use renavam::Renavam;
pub use stored::{Document, Masked, Stored, StoredValue};

/// Why a value was refused. Variants carry no input on purpose: these errors end up in logs,
/// and a CPF or e-mail must not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ValueError {
    #[error("Cpf Inválido")]
    Cpf,
    #[error("CNPJ inválido")]
    Cnpj,
    /// Wrong length after stripping separators.
    #[error("Placa deve conter 7 caracteres")]
    PlateLength,
    /// A character that is neither an ASCII letter nor a digit (e.g. an accented letter).
    #[error("O valor deve conter apenas letras, numeros e sem espacos.")]
    PlateCharacters,
    #[error("Renavam inválido")]
    Renavam,
    #[error("Telefone inválido")]
    Phone,
    #[error("CEP inválido")]
    Cep,
    /// Spelled 'E-email' exactly as spec 1 section 5 has it.
    #[error("E-email inválido")]
    Email,
    #[error("Data de nascimento inválida")]
    BirthDate,
    #[error("Tipo de implemento inválido")]
    ImplementType,
    #[error("Perfil inválido")]
    Role,
}

impl ValueError {
    /// The pt-BR text to show to the person who typed the value.
    pub fn message(&self) -> &'static str {
        match self {
            ValueError::Cpf => "Cpf Inválido",
            ValueError::Cnpj => "CNPJ inválido",
            ValueError::PlateLength => "Placa deve conter 7 caracteres",
            ValueError::PlateCharacters => {
                "O valor deve conter apenas letras, numeros e sem espacos."
            }
            ValueError::Renavam => "Renavam inválido",
            ValueError::Phone => "Telefone inválido",
            ValueError::Cep => "CEP inválido",
            ValueError::Email => "E-email inválido",
            ValueError::BirthDate => "Data de nascimento inválida",
            ValueError::ImplementType => "Tipo de implemento inválido",
            ValueError::Role => "Perfil inválido",
        }
    }
}

/// Digits of a numeric document: separators dropped; `None` when a letter (or any non-ASCII
/// digit) is present.
pub(crate) fn digits_of(input: &str) -> Option<String> {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        if c.is_ascii_digit() {
            out.push(c);
        } else if c.is_alphanumeric() {
            return None;
        }
    }
    Some(out)
}

pub(crate) fn all_same(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => chars.all(|c| c == first),
        None => true,
    }
}

/// `as_str`, `Display`, `FromStr` and serde as the canonical string, for a newtype over `String`
/// that has `parse(&str) -> Result<Self, ValueError>`.
macro_rules! string_value {
    ($ty:ident) => {
        impl $ty {
            /// The canonical form.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::values::ValueError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $ty::parse(s)
            }
        }

        impl From<$ty> for String {
            fn from(v: $ty) -> String {
                v.0
            }
        }

        impl AsRef<str> for $ty {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                let raw = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                $ty::parse(&raw).map_err(|e| <D::Error as ::serde::de::Error>::custom(e.message()))
            }
        }
    };
}
pub(crate) use string_value;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_of_strips_separators_and_refuses_letters() {
        assert_eq!(digits_of("529.982.247-25").as_deref(), Some("52998224725"));
        assert_eq!(
            digits_of(" (11) 9 8765-4321 ").as_deref(),
            Some("11987654321")
        );
        assert_eq!(digits_of("5299822472a"), None);
        assert_eq!(digits_of("٣"), None);
    }

    #[test]
    fn every_error_message_is_the_display_text() {
        let all = [
            ValueError::Cpf,
            ValueError::Cnpj,
            ValueError::PlateLength,
            ValueError::PlateCharacters,
            ValueError::Renavam,
            ValueError::Phone,
            ValueError::Cep,
            ValueError::Email,
            ValueError::BirthDate,
            ValueError::ImplementType,
            ValueError::Role,
        ];
        for e in all {
            assert_eq!(e.to_string(), e.message());
        }
    }

    #[test]
    fn spec_messages_are_verbatim() {
        assert_eq!(ValueError::Cpf.message(), "Cpf Inválido");
        assert_eq!(ValueError::Email.message(), "E-email inválido");
        assert_eq!(
            ValueError::PlateLength.message(),
            "Placa deve conter 7 caracteres"
        );
        assert_eq!(
            ValueError::PlateCharacters.message(),
            "O valor deve conter apenas letras, numeros e sem espacos."
        );
    }

    #[test]
    fn deserializing_an_invalid_value_fails_with_the_pt_br_message() {
        let err = serde_json::from_str::<Cpf>("\"111.111.111-11\"").err();
        let text = err.map(|e| e.to_string()).unwrap_or_default();
        assert!(text.contains("Cpf Inválido"), "{text}");
    }
}
