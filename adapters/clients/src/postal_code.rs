//! A public CEP service behind the `PostalCodeLookup` port (ViaCEP by default).
//!
//! The URL is a template with `{cep}` where the eight digits go:
//! `https://viacep.com.br/ws/{cep}/json/`. The answer's `logradouro`, `complemento`, `bairro`,
//! `localidade` and `uf` fill street, complement, district, city and UF; `{"erro": true}` (or
//! a 404) means the CEP does not exist.

use std::time::Duration;

use patio_application::model::PostalAddress;
use patio_application::ports::PostalCodeLookup;
use patio_application::{AppError, AppResult};
use patio_domain::values::Cep;
use serde::Deserialize;

pub const VIACEP_URL: &str = "https://viacep.com.br/ws/{cep}/json/";

/// The blocking client owns a runtime of its own, which must be neither built nor dropped on
/// an async thread: it is made on first use (services run on blocking threads) and dropped on
/// a thread of its own.
pub struct ViaCepLookup {
    client: std::sync::Mutex<Option<reqwest::blocking::Client>>,
    url_template: String,
}

impl Drop for ViaCepLookup {
    fn drop(&mut self) {
        if let Some(client) = self.client.get_mut().ok().and_then(Option::take) {
            std::thread::spawn(move || drop(client));
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Answer {
    erro: Option<serde_json::Value>,
    cep: String,
    logradouro: String,
    complemento: String,
    bairro: String,
    localidade: String,
    uf: String,
}

impl ViaCepLookup {
    /// `url_template` holds `{cep}`; without it the digits are appended.
    pub fn new(url_template: impl Into<String>) -> Self {
        Self {
            client: std::sync::Mutex::new(None),
            url_template: url_template.into(),
        }
    }

    fn url(&self, cep: &Cep) -> String {
        if self.url_template.contains("{cep}") {
            self.url_template.replace("{cep}", cep.as_str())
        } else {
            format!("{}{}", self.url_template, cep.as_str())
        }
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

fn is_error_flag(v: &Option<serde_json::Value>) -> bool {
    match v {
        Some(serde_json::Value::Bool(b)) => *b,
        Some(serde_json::Value::String(s)) => s == "true",
        Some(serde_json::Value::Null) | None => false,
        Some(_) => true,
    }
}

impl PostalCodeLookup for ViaCepLookup {
    fn lookup(&self, cep: &Cep) -> AppResult<Option<PostalAddress>> {
        let unavailable = |e: &dyn std::fmt::Display| {
            tracing::warn!(error = %e, "postal-code service unavailable");
            AppError::Internal("postal-code service unavailable".to_owned())
        };
        let response = self
            .client()?
            .get(self.url(cep))
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .map_err(|e| unavailable(&e))?;
        let status = response.status();
        if status == reqwest::StatusCode::NOT_FOUND || status == reqwest::StatusCode::BAD_REQUEST {
            return Ok(None);
        }
        let answer: Answer = response
            .error_for_status()
            .and_then(|r| r.json())
            .map_err(|e| unavailable(&e))?;
        if is_error_flag(&answer.erro) {
            return Ok(None);
        }
        let found = Cep::parse(&answer.cep).unwrap_or_else(|_| cep.clone());
        Ok(Some(PostalAddress {
            cep: found.masked(),
            street: answer.logradouro.trim().to_owned(),
            complement: answer.complemento.trim().to_owned(),
            district: answer.bairro.trim().to_owned(),
            city: answer.localidade.trim().to_owned(),
            uf: answer.uf.trim().to_uppercase(),
        }))
    }
}
