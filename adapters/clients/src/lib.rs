//! Outbound adapters: the services Pátio calls out to.

pub mod captcha;

pub use captcha::RecaptchaVerifier;
