//! Outbound adapters: the services Pátio calls out to.

pub mod captcha;
pub mod file_store;
pub mod mail;
pub mod postal_code;
pub mod webhooks;

pub use captcha::RecaptchaVerifier;
pub use mail::{LogMailer, SmtpMailer};
pub use postal_code::ViaCepLookup;
pub use webhooks::HttpWebhookSender;
