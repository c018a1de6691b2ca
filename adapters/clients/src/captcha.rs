//! reCAPTCHA's `siteverify` call behind the `CaptchaVerifier` port.

use std::time::Duration;

use patio_application::ports::{CaptchaOutcome, CaptchaVerifier};
use patio_application::{AppError, AppResult};
use serde::Deserialize;

pub const GOOGLE_VERIFY_URL: &str = "https://www.google.com/recaptcha/api/siteverify";
pub const UNAVAILABLE_MESSAGE: &str =
    "Não foi possível validar o captcha agora. Tente novamente em instantes.";

pub struct RecaptchaVerifier {
    client: reqwest::blocking::Client,
    verify_url: String,
}

#[derive(Deserialize)]
struct VerifyAnswer {
    success: bool,
}

impl RecaptchaVerifier {
    /// `verify_url` is Google's in production and a local stub in tests.
    pub fn new(verify_url: impl Into<String>) -> Result<Self, reqwest::Error> {
        Ok(Self {
            client: reqwest::blocking::Client::builder()
                .timeout(Duration::from_secs(5))
                .build()?,
            verify_url: verify_url.into(),
        })
    }
}

impl CaptchaVerifier for RecaptchaVerifier {
    fn verify(
        &self,
        secret: &str,
        token: &str,
        remote_ip: Option<&str>,
    ) -> AppResult<CaptchaOutcome> {
        let mut form = vec![("secret", secret), ("response", token)];
        if let Some(ip) = remote_ip {
            form.push(("remoteip", ip));
        }
        let answer = self
            .client
            .post(&self.verify_url)
            .form(&form)
            .send()
            .and_then(|r| r.error_for_status())
            .and_then(|r| r.json::<VerifyAnswer>())
            .map_err(|e| {
                tracing::warn!(error = %e, "captcha service unavailable");
                AppError::Captcha(UNAVAILABLE_MESSAGE.to_owned())
            })?;
        Ok(if answer.success {
            CaptchaOutcome::Passed
        } else {
            CaptchaOutcome::Refused
        })
    }
}
