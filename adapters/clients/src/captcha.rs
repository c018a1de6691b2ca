//! reCAPTCHA's `siteverify` call behind the `CaptchaVerifier` port.

use std::time::Duration;

use patio_application::ports::{CaptchaOutcome, CaptchaVerifier};
use patio_application::{AppError, AppResult};
use serde::Deserialize;

pub const GOOGLE_VERIFY_URL: &str = "https://www.google.com/recaptcha/api/siteverify";
pub const UNAVAILABLE_MESSAGE: &str =
    "Não foi possível validar o captcha agora. Tente novamente em instantes.";

/// The blocking client owns a runtime of its own, which must be neither built nor dropped on
/// an async thread: it is made on first use (services run on blocking threads) and dropped on
/// a thread of its own.
pub struct RecaptchaVerifier {
    client: std::sync::Mutex<Option<reqwest::blocking::Client>>,
    verify_url: String,
}

impl Drop for RecaptchaVerifier {
    fn drop(&mut self) {
        if let Some(client) = self.client.get_mut().ok().and_then(Option::take) {
            std::thread::spawn(move || drop(client));
        }
    }
}

#[derive(Deserialize)]
struct VerifyAnswer {
    success: bool,
}

impl RecaptchaVerifier {
    /// `verify_url` is Google's in production and a local stub in tests.
    pub fn new(verify_url: impl Into<String>) -> Result<Self, reqwest::Error> {
        Ok(Self {
            client: std::sync::Mutex::new(None),
            verify_url: verify_url.into(),
        })
    }

    fn client(&self) -> AppResult<reqwest::blocking::Client> {
        let mut slot = self.client.lock().map_err(AppError::internal)?;
        if let Some(c) = slot.as_ref() {
            return Ok(c.clone());
        }
        let c = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()
            .map_err(AppError::internal)?;
        *slot = Some(c.clone());
        Ok(c)
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
            .client()?
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
