//! Login throttling (issue 9 item 8): failures are counted per account, per address and per
//! known device in a window, in a store every instance shares (PostgreSQL in `patio serve`),
//! so N instances enforce one limit. The rule — who is refused, who is slowed — is
//! `patio_domain::auth::sign_in_gate`; see docs/decisions.md.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use patio_domain::auth::{sign_in_gate, FailedSignIns, SignInGate, SignInLimits};

use crate::error::AppResult;

#[derive(Debug, Clone, Copy)]
pub struct ThrottlePolicy {
    pub per_account: usize,
    pub per_address: usize,
    pub per_device: usize,
    pub window: Duration,
}

impl Default for ThrottlePolicy {
    fn default() -> Self {
        Self {
            per_account: 5,
            per_address: 30,
            per_device: 5,
            window: Duration::minutes(15),
        }
    }
}

pub const RATE_LIMITED_MESSAGE: &str =
    "Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.";

/// Where failures are kept (shared by the instances).
pub trait ThrottleStore: Send + Sync {
    /// For each key, the failures recorded at or after `since`.
    fn failures_since(&self, keys: &[String], since: DateTime<Utc>) -> AppResult<Vec<usize>>;
    /// One failure for each key at `at`; may drop failures older than `forget_before`.
    fn record(
        &self,
        keys: &[String],
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> AppResult<()>;
    /// Forgets every failure of these keys.
    fn forgive(&self, keys: &[String]) -> AppResult<()>;
}

/// One sign-in attempt's identity: the account (e-mail or `cpf:...`), the caller's address,
/// and the device mark the browser showed for this account, if any.
#[derive(Debug, Clone, Copy)]
pub struct Attempt<'a> {
    pub account: &'a str,
    pub address: Option<&'a str>,
    pub device: Option<&'a str>,
}

impl Attempt<'_> {
    fn account_key(&self) -> String {
        format!("a:{}", self.account.trim().to_lowercase())
    }

    fn address_key(&self) -> String {
        format!("ip:{}", self.address.unwrap_or("-"))
    }

    fn device_key(&self) -> Option<String> {
        self.device
            .map(|d| format!("d:{}:{d}", self.account.trim().to_lowercase()))
    }

    fn keys(&self) -> Vec<String> {
        let mut keys = vec![self.account_key(), self.address_key()];
        keys.extend(self.device_key());
        keys
    }
}

#[derive(Clone)]
pub struct LoginThrottle {
    policy: ThrottlePolicy,
    store: Arc<dyn ThrottleStore>,
}

impl LoginThrottle {
    pub fn new(policy: ThrottlePolicy, store: Arc<dyn ThrottleStore>) -> Self {
        Self { policy, store }
    }

    fn limits(&self) -> SignInLimits {
        SignInLimits {
            per_account: self.policy.per_account,
            per_address: self.policy.per_address,
            per_device: self.policy.per_device,
        }
    }

    /// Whether this attempt goes on, is slowed or is refused before its password is checked.
    pub fn gate(&self, attempt: Attempt<'_>, now: DateTime<Utc>) -> AppResult<SignInGate> {
        let counts = self
            .store
            .failures_since(&attempt.keys(), now - self.policy.window)?;
        let failed = FailedSignIns {
            account: counts.first().copied().unwrap_or(0),
            address: counts.get(1).copied().unwrap_or(0),
            device: attempt.device.map(|_| counts.get(2).copied().unwrap_or(0)),
        };
        Ok(sign_in_gate(failed, self.limits()))
    }

    /// Whether this attempt is refused outright before its password is checked.
    pub fn is_blocked(&self, attempt: Attempt<'_>, now: DateTime<Utc>) -> AppResult<bool> {
        Ok(self.gate(attempt, now)? == SignInGate::Refused)
    }

    pub fn record_failure(&self, attempt: Attempt<'_>, now: DateTime<Utc>) -> AppResult<()> {
        self.store
            .record(&attempt.keys(), now, now - self.policy.window)
    }

    /// A successful sign-in forgives what it answered to: its device's failures when it
    /// showed a mark (the flood from elsewhere keeps counting against strangers), else the
    /// account's. Never the address's.
    pub fn record_success(&self, attempt: Attempt<'_>) -> AppResult<()> {
        let key = attempt
            .device_key()
            .unwrap_or_else(|| attempt.account_key());
        self.store.forgive(&[key])
    }
}

/// Failures kept in this process only (unit tests and tools; `patio serve` uses PostgreSQL).
#[derive(Default)]
pub struct MemoryThrottleStore {
    failures: std::sync::Mutex<Vec<(String, DateTime<Utc>)>>,
}

impl ThrottleStore for MemoryThrottleStore {
    fn failures_since(&self, keys: &[String], since: DateTime<Utc>) -> AppResult<Vec<usize>> {
        let all = self.failures.lock().map_err(crate::AppError::internal)?;
        Ok(keys
            .iter()
            .map(|k| {
                all.iter()
                    .filter(|(key, at)| key == k && *at >= since)
                    .count()
            })
            .collect())
    }

    fn record(
        &self,
        keys: &[String],
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> AppResult<()> {
        let mut all = self.failures.lock().map_err(crate::AppError::internal)?;
        all.retain(|(_, t)| *t >= forget_before);
        all.extend(keys.iter().map(|k| (k.clone(), at)));
        Ok(())
    }

    fn forgive(&self, keys: &[String]) -> AppResult<()> {
        let mut all = self.failures.lock().map_err(crate::AppError::internal)?;
        all.retain(|(k, _)| !keys.contains(k));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t0() -> DateTime<Utc> {
        DateTime::from_timestamp(1_700_000_000, 0).unwrap_or_default()
    }

    fn throttle() -> LoginThrottle {
        LoginThrottle::new(
            ThrottlePolicy::default(),
            Arc::new(MemoryThrottleStore::default()),
        )
    }

    fn from<'a>(account: &'a str, address: &'a str) -> Attempt<'a> {
        Attempt {
            account,
            address: Some(address),
            device: None,
        }
    }

    #[test]
    fn account_is_blocked_after_five_failures_in_fifteen_minutes() {
        let th = throttle();
        let addresses: Vec<String> = (0..5).map(|i| format!("10.0.0.{i}")).collect();
        for a in &addresses {
            assert_eq!(
                th.is_blocked(from("a@x.com", "1.1.1.1"), t0()).ok(),
                Some(false)
            );
            th.record_failure(from("A@x.com", a), t0()).ok();
        }
        assert_eq!(
            th.is_blocked(from("a@x.com", "9.9.9.9"), t0()).ok(),
            Some(true)
        );
        let later = t0() + Duration::minutes(16);
        assert_eq!(
            th.is_blocked(from("a@x.com", "9.9.9.9"), later).ok(),
            Some(false)
        );
    }

    #[test]
    fn after_thirty_failures_from_an_address_its_accounts_with_failures_are_refused_and_others_slowed(
    ) {
        let th = throttle();
        let accounts: Vec<String> = (0..30).map(|i| format!("u{i}@x.com")).collect();
        for a in &accounts {
            th.record_failure(from(a, "1.1.1.1"), t0()).ok();
        }
        assert_eq!(
            th.gate(from("u0@x.com", "1.1.1.1"), t0()).ok(),
            Some(SignInGate::Refused)
        );
        assert_eq!(
            th.gate(from("new@x.com", "1.1.1.1"), t0()).ok(),
            Some(SignInGate::Slowed { wait_seconds: 2 })
        );
        assert_eq!(
            th.gate(from("new@x.com", "2.2.2.2"), t0()).ok(),
            Some(SignInGate::Open)
        );
    }

    #[test]
    fn a_known_device_signs_in_while_strangers_are_blocked() {
        let th = throttle();
        for _ in 0..40 {
            th.record_failure(from("a@x.com", "6.6.6.6"), t0()).ok();
        }
        let owner = Attempt {
            account: "a@x.com",
            address: Some("6.6.6.6"),
            device: Some("dev-1"),
        };
        assert_eq!(
            th.is_blocked(from("a@x.com", "7.7.7.7"), t0()).ok(),
            Some(true)
        );
        assert_eq!(th.is_blocked(owner, t0()).ok(), Some(false));
        for _ in 0..5 {
            th.record_failure(owner, t0()).ok();
        }
        assert_eq!(th.is_blocked(owner, t0()).ok(), Some(true));
    }

    #[test]
    fn success_clears_the_account_failures() {
        let th = throttle();
        for _ in 0..4 {
            th.record_failure(from("a@x.com", "1.1.1.1"), t0()).ok();
        }
        th.record_success(from("a@x.com", "1.1.1.1")).ok();
        th.record_failure(from("a@x.com", "1.1.1.1"), t0()).ok();
        assert_eq!(
            th.is_blocked(from("a@x.com", "3.3.3.3"), t0()).ok(),
            Some(false)
        );
    }
}
