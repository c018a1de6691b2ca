//! The domain's common error.

use crate::roles::{BLOCKED_MESSAGE, INVALID_CREDENTIALS_MESSAGE, NOT_ALLOWED_MESSAGE};
use crate::values::ValueError;

/// A rule refused something. `message()` is the pt-BR text a person reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    #[error(transparent)]
    Value(#[from] ValueError),
    /// The role may not do this (or sign in on this page).
    #[error("Você não tem permissão de acesso!")]
    NotAllowed,
    /// The user is disabled.
    #[error("Usuário bloqueado, fale com o administrador do sistema!")]
    Blocked,
    #[error("Usuário ou senha inválido")]
    InvalidCredentials,
    /// The transfer confirmation code does not match.
    #[error("Token inválido")]
    InvalidTransferCode,
}

impl DomainError {
    pub fn message(&self) -> &'static str {
        match self {
            DomainError::Value(e) => e.message(),
            DomainError::NotAllowed => NOT_ALLOWED_MESSAGE,
            DomainError::Blocked => BLOCKED_MESSAGE,
            DomainError::InvalidCredentials => INVALID_CREDENTIALS_MESSAGE,
            DomainError::InvalidTransferCode => "Token inválido",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domain_error_messages_are_the_display_texts() {
        for e in [
            DomainError::Value(ValueError::Cpf),
            DomainError::NotAllowed,
            DomainError::Blocked,
            DomainError::InvalidCredentials,
            DomainError::InvalidTransferCode,
        ] {
            assert_eq!(e.to_string(), e.message());
        }
    }

    #[test]
    fn value_errors_convert_into_domain_errors() {
        let e: DomainError = ValueError::Email.into();
        assert_eq!(e.message(), "E-email inválido");
    }
}
