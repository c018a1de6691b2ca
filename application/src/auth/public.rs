//! What the login pages read before anyone signs in: the company of the host, the company
//! chooser, operating hours, today's attendance and the active terms text.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::model::{AttendanceRecord, CompanyPublic, CompanyRecord, LoginSettings, UseTermRecord};
use crate::ports::{Repos, StoreExt};
use crate::services::Deps;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HostCompanyView {
    pub id: i64,
    pub name: String,
    pub logo: Option<String>,
    pub enable_recaptcha: bool,
    pub recaptcha_site: Option<String>,
    /// The company's map embed URL (spec 3 `googleMaps`): the public /maps.
    pub google_maps: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperatingDataView {
    pub start: Option<String>,
    pub end: Option<String>,
    pub week_days: [bool; 7],
    pub programmed_total: i32,
}

#[derive(Clone)]
pub struct PublicService {
    deps: Arc<Deps>,
}

/// Host names are compared without port and case: `Demo.local:8080` is `demo.local`.
pub fn normalize_host(host: &str) -> String {
    let host = host.trim().to_lowercase();
    if let Some(rest) = host.strip_prefix('[') {
        // IPv6 literal: keep what is inside the brackets.
        return rest.split(']').next().unwrap_or("").to_owned();
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name.to_owned(),
        _ => host,
    }
}

/// The calendar day in the company's time zone (default America/Sao_Paulo).
pub fn company_today(settings: Option<&LoginSettings>, now: DateTime<Utc>) -> NaiveDate {
    let tz: chrono_tz::Tz = settings
        .and_then(|s| s.time_zone.parse().ok())
        .unwrap_or(chrono_tz::America::Sao_Paulo);
    now.with_timezone(&tz).date_naive()
}

fn active_company(repos: &mut dyn Repos, id: i64) -> AppResult<CompanyRecord> {
    repos
        .company(id)?
        .filter(|c| c.status)
        .ok_or_else(AppError::not_found)
}

impl PublicService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    pub fn company_by_host(&self, host: &str) -> AppResult<HostCompanyView> {
        let host = normalize_host(host);
        self.deps.store.tx(|repos| {
            let company = repos
                .company_by_host(&host)?
                .filter(|c| c.status)
                .ok_or_else(AppError::not_found)?;
            let settings = repos.login_settings(company.id)?;
            let (enable_recaptcha, recaptcha_site, google_maps) = match settings {
                Some(s) => (
                    s.enable_recaptcha,
                    s.recaptcha_site.filter(|k| !k.is_empty()),
                    s.google_maps.filter(|m| !m.trim().is_empty()),
                ),
                None => (false, None, None),
            };
            Ok(HostCompanyView {
                id: company.id,
                name: company.name,
                logo: company.logo,
                enable_recaptcha: enable_recaptcha && recaptcha_site.is_some(),
                recaptcha_site,
                google_maps,
            })
        })
    }

    pub fn public_companies(&self) -> AppResult<Vec<CompanyPublic>> {
        self.deps.store.tx(|repos| repos.public_companies())
    }

    pub fn operating_data(&self, company_id: i64) -> AppResult<OperatingDataView> {
        self.deps.store.tx(|repos| {
            active_company(repos, company_id)?;
            let s = repos.login_settings(company_id)?;
            let fmt = |t: Option<chrono::NaiveTime>| t.map(|t| t.format("%H:%M").to_string());
            Ok(match s {
                Some(s) => OperatingDataView {
                    start: fmt(s.start),
                    end: fmt(s.end),
                    week_days: s.week_days,
                    programmed_total: s.programmed_total,
                },
                None => OperatingDataView {
                    start: None,
                    end: None,
                    week_days: [false; 7],
                    programmed_total: 0,
                },
            })
        })
    }

    pub fn attendance_today(&self, company_id: i64) -> AppResult<Option<AttendanceRecord>> {
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            active_company(repos, company_id)?;
            let settings = repos.login_settings(company_id)?;
            repos.attendance_on(company_id, company_today(settings.as_ref(), now))
        })
    }

    pub fn active_term(&self, company_id: i64) -> AppResult<Option<UseTermRecord>> {
        self.deps.store.tx(|repos| {
            active_company(repos, company_id)?;
            repos.active_term(company_id)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_is_compared_without_port_and_case() {
        assert_eq!(normalize_host("LocalHost:8080"), "localhost");
        assert_eq!(normalize_host("127.0.0.1"), "127.0.0.1");
        assert_eq!(normalize_host("[::1]:8080"), "::1");
        assert_eq!(normalize_host(" patio.example.com "), "patio.example.com");
    }

    #[test]
    fn today_is_the_company_day_not_the_utc_day() {
        // 01:30 UTC is still the previous evening in São Paulo (UTC-3).
        let now = DateTime::parse_from_rfc3339("2026-03-10T01:30:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(
            company_today(None, now),
            NaiveDate::from_ymd_opt(2026, 3, 9).unwrap()
        );
    }
}
