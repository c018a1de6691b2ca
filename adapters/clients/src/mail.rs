//! The `Mailer` port: SMTP with `lettre` when `PATIO_SMTP_URL` is set, the log otherwise.
//!
//! The SMTP URL is lettre's: `smtps://user:pass@host:465` (TLS), `smtp://user:pass@host:587?tls=required`
//! (STARTTLS), `smtp://host:25` (plain, for a local relay). Each message is a plain-text body
//! with an HTML alternative, sent on a connection of its own (blocking: services run on
//! blocking threads), within [`SMTP_TIMEOUT`].

use std::time::Duration;

use lettre::message::{Mailbox, MultiPart};
use lettre::{Message, SmtpTransport, Transport};
use patio_application::mail::ports::{Delivery, Envelope, Mailer};

/// How long one SMTP command may take before the try counts as failed.
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

/// The sender when `PATIO_MAIL_FROM` is not set.
pub const DEFAULT_FROM: &str = "Pátio <nao-responda@localhost>";

pub struct SmtpMailer {
    transport: SmtpTransport,
    from: Mailbox,
    /// The server, without credentials, for the log.
    server: String,
}

/// A configuration that cannot work (bad URL, bad sender).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct MailConfigError(String);

impl SmtpMailer {
    /// A mailer for `url` (see the module's documentation) sending as `from`
    /// (`Nome <endereco@dominio>` or a bare address).
    pub fn new(url: &str, from: &str) -> Result<Self, MailConfigError> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| MailConfigError(format!("PATIO_MAIL_FROM inválido: {e}")))?;
        let transport = SmtpTransport::from_url(url)
            .map_err(|e| MailConfigError(format!("PATIO_SMTP_URL inválido: {e}")))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        let server = url::Url::parse(url)
            .ok()
            .map(|u| {
                format!(
                    "{}://{}:{}",
                    u.scheme(),
                    u.host_str().unwrap_or_default(),
                    u.port().map_or_else(String::new, |p| p.to_string())
                )
            })
            .unwrap_or_default();
        Ok(Self {
            transport,
            from,
            server,
        })
    }

    /// The server written to, without credentials.
    pub fn server(&self) -> &str {
        &self.server
    }

    fn message(&self, mail: &Envelope) -> Result<Message, String> {
        let address = mail
            .to
            .parse()
            .map_err(|e| format!("endereço inválido {:?}: {e}", mail.to))?;
        let name = Some(mail.to_name.clone()).filter(|n| !n.trim().is_empty());
        Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(name, address))
            .subject(mail.subject.clone())
            .multipart(MultiPart::alternative_plain_html(
                mail.text.clone(),
                mail.html.clone(),
            ))
            .map_err(|e| format!("mensagem inválida: {e}"))
    }
}

impl Mailer for SmtpMailer {
    fn send(&self, mail: &Envelope) -> Delivery {
        let message = match self.message(mail) {
            Ok(m) => m,
            Err(e) => return Delivery::Failed(e),
        };
        match self.transport.send(&message) {
            Ok(_) => {
                tracing::info!(target: "patio::mail", to = %mail.to, subject = %mail.subject, server = %self.server, "e-mail sent");
                Delivery::Sent
            }
            Err(e) => Delivery::Failed(format!("SMTP {}: {e}", self.server)),
        }
    }
}

/// Without an SMTP server: each message is written to the log (target `patio::mail`), whole,
/// and the outbox keeps it as `logged`.
#[derive(Debug, Default, Clone, Copy)]
pub struct LogMailer;

impl Mailer for LogMailer {
    fn send(&self, mail: &Envelope) -> Delivery {
        tracing::info!(
            target: "patio::mail",
            to = %mail.to,
            subject = %mail.subject,
            "e-mail not sent (PATIO_SMTP_URL not set), kept in the outbox:\n{}",
            mail.text
        );
        Delivery::Logged
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn envelope(to: &str) -> Envelope {
        Envelope {
            to: to.into(),
            to_name: "Ana".into(),
            subject: "Assunto".into(),
            text: "Olá".into(),
            html: "<p>Olá</p>".into(),
        }
    }

    #[test]
    fn bad_configuration_is_refused_at_start() {
        assert!(SmtpMailer::new("http://x", DEFAULT_FROM).is_err());
        assert!(SmtpMailer::new("smtp://localhost:2525", "não é endereço").is_err());
        let m = SmtpMailer::new("smtp://u:segredo@localhost:2525", DEFAULT_FROM).unwrap();
        assert_eq!(m.server(), "smtp://localhost:2525");
    }

    #[test]
    fn a_bad_recipient_fails_without_touching_the_network() {
        let m = SmtpMailer::new("smtp://127.0.0.1:9", DEFAULT_FROM).unwrap();
        match m.send(&envelope("sem-arroba")) {
            Delivery::Failed(e) => assert!(e.contains("endereço inválido"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_log_mailer_logs() {
        assert_eq!(LogMailer.send(&envelope("a@b.c")), Delivery::Logged);
    }
}
