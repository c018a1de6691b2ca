//! E-mail address.
//!
//! A practical check, not RFC 5322: quoted local parts and IP-literal domains are refused because
//! no driver or operator types them and they only make the address harder to send to.

use super::{string_value, ValueError};

const MAX_LEN: usize = 254;
const MAX_LOCAL_LEN: usize = 64;

/// An e-mail address; canonical form is trimmed and lowercase.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Email(String);

string_value!(Email);

impl Email {
    pub fn parse(input: &str) -> Result<Self, ValueError> {
        let email = input.trim().to_lowercase();
        if email.is_empty() || email.len() > MAX_LEN {
            return Err(ValueError::Email);
        }
        let (local, domain) = email.split_once('@').ok_or(ValueError::Email)?;
        if !valid_local(local) || !valid_domain(domain) {
            return Err(ValueError::Email);
        }
        Ok(Email(email))
    }

    /// The part after `@`.
    pub fn domain(&self) -> &str {
        self.0.rsplit('@').next().unwrap_or_default()
    }
}

fn valid_local(local: &str) -> bool {
    !local.is_empty()
        && local.len() <= MAX_LOCAL_LEN
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| !c.is_whitespace() && !c.is_control() && !"\"(),:;<>@[\\]".contains(c))
}

fn valid_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.chars().count() >= 2 && !tld.chars().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_trimmed_and_lowercased() {
        let email = Email::parse("  Maria.Silva@Transportes.COM.br ").unwrap();
        assert_eq!(email.as_str(), "maria.silva@transportes.com.br");
        assert_eq!(email.domain(), "transportes.com.br");
    }

    #[test]
    fn email_common_forms_are_accepted() {
        for ok in ["a@b.co", "joao+patio@gmail.com", "op_1@yard-01.example.org"] {
            assert!(Email::parse(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn email_needs_one_at_a_local_part_and_a_dotted_domain() {
        for bad in [
            "",
            "maria",
            "@example.com",
            "maria@",
            "maria@example",
            "maria@@example.com",
            "maria@exa@mple.com",
            "maria@.example.com",
            "maria@example..com",
            "maria@example.com.",
            "maria@-example.com",
            "maria@example.c",
            "maria@127.0.0.1",
        ] {
            assert_eq!(Email::parse(bad), Err(ValueError::Email), "{bad}");
        }
    }

    #[test]
    fn email_with_spaces_or_markup_is_rejected() {
        for bad in [
            "ma ria@example.com",
            "maria@exam ple.com",
            "<maria>@example.com",
            ".maria@x.com",
        ] {
            assert_eq!(Email::parse(bad), Err(ValueError::Email), "{bad}");
        }
    }

    #[test]
    fn email_longer_than_254_is_rejected() {
        let labels = |n: usize| vec!["b".repeat(60); n].join(".");
        let long = format!("{}@{}.com", "a".repeat(64), labels(4));
        assert!(long.len() > 254);
        assert_eq!(Email::parse(&long), Err(ValueError::Email));
        let fits = format!("{}@{}.com", "a".repeat(64), labels(3));
        assert!(fits.len() <= 254);
        assert!(Email::parse(&fits).is_ok());
    }

    #[test]
    fn email_invalid_message_is_the_spec_text() {
        assert_eq!(Email::parse("x").unwrap_err().message(), "E-email inválido");
    }

    #[test]
    fn email_serializes_lowercase() {
        let email: Email = serde_json::from_str("\"A@B.COM\"").unwrap();
        assert_eq!(serde_json::to_string(&email).unwrap(), "\"a@b.com\"");
    }
}
